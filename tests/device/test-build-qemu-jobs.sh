#!/bin/bash
# test-build-qemu-jobs.sh - build-qemu.sh runs ninja with the caller's job
# count (QJOBS, else the cores), niced, never with ninja's default of the
# cores plus two (host, seconds, issue 42).  It runs the real script on a
# stand-in tree: a cache whose source tree is already unpacked, patched,
# wired and configured (so steps 1-4 change nothing), and a "ninja" first on
# PATH that records its options and niceness instead of building.
set -u
. "$(dirname "$0")/../common/tap.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=qemu-device/build-key.sh
. "$ROOT/qemu-device/build-key.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The stand-in cache: what build-qemu.sh checks before it would fetch,
# patch, wire or configure.
src=$tmp/cache/qemu/src/qemu-10.0.0
build=$tmp/cache/qemu/build
mkdir -p "$src/hw/misc/idxgen" "$src/tests/qtest" "$src/configs/devices/x86_64-softmmu" \
	"$src/.idxgen-patches" "$build" "$tmp/bin"
touch "$src/.idxgen-unpacked" "$build/build.ninja"
idxgen_qemu_patches_key "$ROOT" >"$src/.idxgen-patches/key"
printf 'config IDXGEN\n' >"$src/hw/misc/Kconfig"
printf "subdir('idxgen')\n" >"$src/hw/misc/meson.build"
printf "    'hw/misc/idxgen',\n" >"$src/meson.build"
printf "  (['idxgen-test'])\nqtest_executables = {}\n" >"$src/tests/qtest/meson.build"
mapfile -t options < <(idxgen_qemu_configure_options)
printf '%s\n' "exec '$src/configure'$(printf " '%s'" "${options[@]}") \"\$@\"" >"$build/config.status"
cat >"$tmp/bin/ninja" <<'EOF'
#!/bin/bash
echo "nice $(nice) args $*" >>"${NINJA_LOG:?}"
EOF
chmod +x "$tmp/bin/ninja"

# run QJOBS NICENESS: build-qemu.sh on the stand-in tree, started at that
# niceness; prints what ninja got.
run() {
	rm -f "$tmp/ninja.log"
	QJOBS=$1 PATH="$tmp/bin:$PATH" IDXGEN_CACHE="$tmp/cache" NINJA_LOG="$tmp/ninja.log" \
		nice -n "$2" bash "$ROOT/qemu-device/build-qemu.sh" >"$tmp/out" 2>"$tmp/err" || sed 's/^/# /' "$tmp/err"
	cat "$tmp/ninja.log" 2>/dev/null
}

# The niceness ninja should get: 10 from a caller at 0, else the caller's
# (this test may itself run niced, e.g. under nice make).
base=$(nice)
want=$base
[ "$base" = 0 ] && want=10
want5=$((base + 5 > 19 ? 19 : base + 5))

got=$(run 2 0)
diag "QJOBS=2: $got"
[[ $got == "nice $want args -j2 -C $build "* ]]
ok $? "QJOBS=2: ninja -j2, at niceness $want"

got=$(run "" 0)
diag "no QJOBS: $got"
[[ $got == "nice $want args -j$(nproc) -C $build "* ]]
ok $? "no QJOBS: one job a core (-j$(nproc)), at niceness $want"

got=$(run 1 5)
diag "QJOBS=1 under nice 5: $got"
[[ $got == "nice $want5 args -j1 -C $build "* ]]
ok $? "a caller that niced it (run-tests.sh's background build) keeps its niceness"

run 0 0 >/dev/null
[ ! -e "$tmp/ninja.log" ] && grep -q "QJOBS='0' is not a positive count" "$tmp/err"
ok $? "QJOBS=0: refused before anything is built"

tap_done
