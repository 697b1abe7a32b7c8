#!/bin/bash
# Hostile-guest fuzzing of the idxgen device with QEMU's generic-fuzz target
# (libFuzzer) in an ASan+UBSan build.
#
#   tests/device/fuzz/run-fuzz.sh [--build-only] [--time SECONDS] [-- libFuzzer args...]
#
# 1. Syncs the QEMU source tree with build-qemu.sh --sync-only (same tree and
#    wiring as the normal build; the normal build dir is not touched).
# 2. Configures $IDXGEN_CACHE/qemu/fuzz-build once (clang-14, --enable-fuzzing
#    --enable-asan --enable-ubsan, same minimal device set) and builds
#    qemu-fuzz-x86_64 (and QEMU's tests/qtest/idxgen-test, to run the qtests under
#    ASan) incrementally with nice/-j2.
# 3. Regenerates the seed corpus (tests/device/fuzz/gen-seeds.py: firmware load,
#    queue enable, DMA job submission, ...) into the corpus dir and runs
#    generic-fuzz for --time seconds (default $FUZZ_TIME or 600).  The corpus
#    dir ($FUZZ_CORPUS, default $IDXGEN_CACHE/qemu/fuzz-corpus) persists, so
#    runs resume.  Crash/leak/timeout inputs land in $FUZZ_ARTIFACTS (default
#    $IDXGEN_CACHE/qemu/fuzz-artifacts); reproduce one with
#    run-fuzz.sh -- <artifact-file>.  $FUZZ_EXTRA adds libFuzzer options
#    to the timed run (e.g. "-max_len=4096 -use_value_profile=1").
#    An input that runs FUZZ_HANG_GUARD_S seconds (default 300) is a hang
#    (libFuzzer's -timeout: "ALARM: working on the last Unit", a timeout-
#    artifact).  libFuzzer times an input on the wall clock, so the guard
#    sits far above the slowest input of a loaded machine (an input runs
#    for milliseconds); a device model that loops forever is still caught.
#
# Exit status is libFuzzer's: non-zero when it found something.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
CACHE=${IDXGEN_CACHE:-/var/cache/idxgen}
QDIR=$CACHE/qemu
FBUILD=$QDIR/fuzz-build
CORPUS=${FUZZ_CORPUS:-$QDIR/fuzz-corpus}
ARTIFACTS=${FUZZ_ARTIFACTS:-$QDIR/fuzz-artifacts}
TIME=${FUZZ_TIME:-600}
HANG_GUARD_S=${FUZZ_HANG_GUARD_S:-300}
JOBS=${FUZZ_JOBS:-2}
BUILD_ONLY=0
say() { echo "fuzz: $*" >&2; }

while [ $# -gt 0 ]; do
	case $1 in
	--build-only) BUILD_ONLY=1; shift ;;
	--time) TIME=$2; shift 2 ;;
	--) shift; break ;;
	*) echo "usage: $0 [--build-only] [--time SECONDS] [-- libFuzzer args]" >&2; exit 2 ;;
	esac
done

for t in clang-14 clang++-14; do
	command -v $t >/dev/null || {
		say "$t missing: apt-get install -y clang-14 libclang-rt-14-dev lld-14"
		exit 1
	}
done

# 1. Source tree (shared with the normal build).
SRC=$(bash "$ROOT/qemu-device/build-qemu.sh" --sync-only)

# 2. Configure once, build incrementally.
if [ ! -f "$FBUILD/build.ninja" ]; then
	say "configuring $FBUILD (clang-14, fuzzing, ASan, UBSan)"
	rm -rf "$FBUILD"
	mkdir -p "$FBUILD"
	(cd "$FBUILD" && "$SRC/configure" --python=/usr/bin/python3 \
		--cc=clang-14 --cxx=clang++-14 \
		--target-list=x86_64-softmmu --without-default-features \
		--without-default-devices --with-devices-x86_64=idxgen \
		--disable-docs --disable-werror --enable-tcg \
		--enable-fdt=system --disable-install-blobs \
		--enable-fuzzing --enable-asan --enable-ubsan \
		>"$QDIR/fuzz-configure.log" 2>&1) ||
		{ tail -30 "$QDIR/fuzz-configure.log" >&2; rm -f "$FBUILD/build.ninja"; exit 1; }
fi
BUNDLE=$FBUILD/qemu-bundle/usr/local/share/qemu
mkdir -p "$BUNDLE"
for f in /usr/share/seabios/*.bin /usr/share/qemu/*.bin; do
	[ -e "$BUNDLE/$(basename "$f")" ] || ln -sf "$f" "$BUNDLE/"
done
targets=(qemu-fuzz-x86_64 qemu-system-x86_64)
[ -f "$SRC/tests/qtest/idxgen-test.c" ] && targets+=(tests/qtest/idxgen-test)
say "building ${targets[*]} (nice, -j$JOBS; first time takes a while)"
start=$(date +%s)
nice -n 10 ninja -C "$FBUILD" -j"$JOBS" "${targets[@]}" >"$QDIR/fuzz-build.log" 2>&1 ||
	{ grep -E 'error|Error' "$QDIR/fuzz-build.log" | head -40 >&2; tail -20 "$QDIR/fuzz-build.log" >&2; exit 1; }
say "build done in $(($(date +%s) - start)) s"
[ "$BUILD_ONLY" = 1 ] && { echo "$FBUILD/qemu-fuzz-x86_64"; exit 0; }

# 3. Seeds and the run.
mkdir -p "$CORPUS" "$ARTIFACTS"
python3 "$ROOT/tests/device/fuzz/gen-seeds.py" "$CORPUS"
# $FUZZ_DEVICE: the -device option, e.g. to fuzz other properties (use its
# own $FUZZ_CORPUS then).
export QEMU_FUZZ_ARGS="-M q35 -nodefaults -device ${FUZZ_DEVICE:-idxgen,debug=on}"
export QEMU_FUZZ_OBJECTS="idxgen*"
# Leaks are checked at exit of each reproduction; UBSan reports abort so
# libFuzzer records them as crashes.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1}
cd "$FBUILD"
if [ $# -gt 0 ]; then
	# Reproduce (or pass any other libFuzzer arguments).
	exec nice -n 10 ./qemu-fuzz-x86_64 --fuzz-target=generic-fuzz "$@"
fi
read -r -a extra <<<"${FUZZ_EXTRA:-}"
say "generic-fuzz for $TIME s, corpus $CORPUS, artifacts $ARTIFACTS"
exec nice -n 10 ./qemu-fuzz-x86_64 --fuzz-target=generic-fuzz \
	-max_total_time="$TIME" -timeout="$HANG_GUARD_S" -rss_limit_mb=4096 \
	-artifact_prefix="$ARTIFACTS/" "${extra[@]}" "$CORPUS"
