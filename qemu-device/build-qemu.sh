#!/bin/bash
# Build QEMU 10.0 (Debian 13 source package, Debian patches applied, then
# ours from qemu-device/patches) for x86_64 with the idxgen device wired in,
# minimal device set.
#
# The source and build tree live in $IDXGEN_CACHE/qemu so that clones share
# one build: the first run takes minutes, later runs only copy changed
# device/qtest sources (rsync --checksum keeps the mtimes of unchanged files,
# so ninja recompiles just what changed) and relink.
#
# Prints the path of the built qemu-system-x86_64 on its last line.
# QJOBS: ninja's job count (default: the cores); the build runs niced.
# With --sync-only: fetch, wire and sync the source tree (steps 1-3), print
# its path and stop (tests/device/fuzz/run-fuzz.sh builds its own tree from it).
#
# The whole run holds an exclusive lock on $IDXGEN_CACHE/qemu.lock (flock):
# two checkouts building at once take turns instead of patching and
# building one tree together, and a build waits for the VMs that boot the
# binary (tests/vm/run-vm.sh holds the lock shared).  A successful build
# writes the tree's build key (qemu-device/build-key.sh) to
# $IDXGEN_CACHE/qemu/build/idxgen-build-key; run-vm.sh and the qtest suite
# refuse a binary whose key is not their tree's.
set -euo pipefail
SYNC_ONLY=0
[ "${1:-}" = --sync-only ] && SYNC_ONLY=1

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${IDXGEN_CACHE:-/var/cache/idxgen}
# ninja's own default is the cores plus two: on CI's 2-core machine four
# compilers beside the foreground suites and the debug kernel's build.  The
# caller's count (QJOBS, as build-kernel.sh takes KJOBS), else one a core.
JOBS=${QJOBS:-$(nproc)}
case $JOBS in '' | *[!0-9]* | 0*) echo "qemu: QJOBS='$JOBS' is not a positive count" >&2; exit 2 ;; esac
QDIR=$CACHE/qemu
say() { echo "qemu: $*" >&2; }
# shellcheck source=qemu-device/build-key.sh
. "$ROOT/qemu-device/build-key.sh"

mkdir -p "$CACHE"
exec {lockfd}>>"$CACHE/qemu.lock"
if ! flock -n "$lockfd"; then
	say "waiting for $CACHE/qemu.lock (another build-qemu.sh, or a VM using the binary)"
	flock "$lockfd"
fi
say "holding $CACHE/qemu.lock"
KEY=$(idxgen_qemu_build_key "$ROOT")

mkdir -p "$QDIR/src"
# 1. Source package (apt-get source unpacks and applies Debian's patches).
SRC=$(ls -d "$QDIR"/src/qemu-10.0.*/ 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$SRC" ] || [ ! -f "$SRC/.idxgen-unpacked" ]; then
	say "fetching the QEMU 10.0 source package (qemu/trixie)"
	(cd "$QDIR/src" && apt-get source -qq qemu/trixie >/dev/null)
	SRC=$(ls -d "$QDIR"/src/qemu-10.0.*/ | sort -V | tail -1)
	touch "$SRC/.idxgen-unpacked"
fi
SRC=${SRC%/}

# 1b. Our QEMU patches (qemu-device/patches/*.patch, in name order; each
#     says why and what upstream did).  The set applied is kept in
#     $SRC/.idxgen-patches with the hash of their diffs (not of their
#     descriptions): a tree whose set differs reverts the old set and
#     applies its own, so a changed patch rebuilds what it touches and every
#     tree runs the QEMU its patches describe.
apply_patches() {
	local applied=$SRC/.idxgen-patches want p patches
	mapfile -t patches < <(idxgen_qemu_patches "$ROOT")
	want=$(idxgen_qemu_patches_key "$ROOT")	# build-key.sh: each patch's name and diff
	[ "$(cat "$applied/key" 2>/dev/null)" = "$want" ] && return 0
	if [ -d "$applied" ]; then
		for p in $(find "$applied" -name '*.patch' | sort -r); do
			say "reverting $(basename "$p")"
			patch -d "$SRC" -p1 -R --no-backup-if-mismatch -s <"$p" ||
				{ say "cannot revert $p: remove $QDIR/src and rerun"; exit 1; }
		done
	fi
	rm -rf "$applied"
	mkdir -p "$applied"
	for p in "${patches[@]}"; do
		say "applying $(basename "$p")"
		patch -d "$SRC" -p1 --no-backup-if-mismatch -s <"$p" ||
			{ say "$p does not apply: remove $QDIR/src and rerun"; exit 1; }
		cp "$p" "$applied/"
	done
	echo "$want" >"$applied/key"
}
apply_patches

# 2. Wiring: Kconfig symbol, meson subdir, devices file, qtest registration.
#    Each edit is guarded so it is applied exactly once.
if ! grep -q '^config IDXGEN$' "$SRC/hw/misc/Kconfig"; then
	printf '\nconfig IDXGEN\n    bool\n    depends on PCI && MSI_NONBROKEN\n' >>"$SRC/hw/misc/Kconfig"
fi
if ! grep -q "subdir('idxgen')" "$SRC/hw/misc/meson.build"; then
	printf "\nsubdir('idxgen')\n" >>"$SRC/hw/misc/meson.build"
fi
# The device's trace events: hw/misc/idxgen/trace-events (QEMU's tracetool
# generates trace/trace-hw_misc_idxgen.h from it).
if ! grep -q "'hw/misc/idxgen'," "$SRC/meson.build"; then
	sed -i "s|^    'hw/misc',\$|    'hw/misc',\n    'hw/misc/idxgen',|" "$SRC/meson.build"
	grep -q "'hw/misc/idxgen'," "$SRC/meson.build" || { say "trace-events wiring failed"; exit 1; }
fi
QMESON=$SRC/tests/qtest/meson.build
if ! grep -qF "['idxgen-test']" "$QMESON"; then
	sed -i "s/^qtests_i386 = \\\\$/qtests_i386 = \\\\\n  (config_all_devices.has_key('CONFIG_IDXGEN') ? ['idxgen-test'] : []) + \\\\/" \
		"$QMESON"
	grep -qF "['idxgen-test']" "$QMESON" || { say "qtest wiring failed"; exit 1; }
fi
# The qtest's other sources (tests/device/qtest/idxgen-*.c but idxgen-test.c,
# which meson takes by the test's name) go into QEMU's qtests dictionary, in
# a block whose every line carries $QMARK, inserted before
# "qtest_executables = {}".  The block is rebuilt from the files present and
# the file rewritten only when it differs, so a tree wired by an earlier
# script (no block, or another file list) is re-wired and an up-to-date one
# is left alone (no meson reconfigure).  A tree that an older checkout
# syncs afterwards (its one idxgen-test.c, every function static but main)
# still links: the listed files then only add unused global symbols.
QMARK='# idxgen-qtest-sources'
qtest_wire_sources() {
	local f blk=$QMESON.blk new=$QMESON.new
	local extra=()
	for f in "$ROOT"/tests/device/qtest/idxgen-*.c; do
		f=$(basename "$f")
		[ "$f" = idxgen-test.c ] || [ "$f" = 'idxgen-*.c' ] || extra+=("$f")
	done
	: >"$blk"
	if [ ${#extra[@]} -gt 0 ]; then
		{
			echo "qtests += {'idxgen-test': files(  $QMARK"
			printf '%s\n' "${extra[@]}" | LC_ALL=C sort | sed "s/.*/  '&',  $QMARK/"
			echo ")}  $QMARK"
		} >"$blk"
	fi
	grep -q '^qtest_executables = {}$' "$QMESON" ||
		{ say "qtest wiring failed: no 'qtest_executables = {}' in $QMESON"; exit 1; }
	grep -vF "$QMARK" "$QMESON" |
		awk -v blk="$blk" '/^qtest_executables = \{\}$/ { while ((getline l < blk) > 0) print l } { print }' >"$new"
	rm -f "$blk"
	cmp -s "$new" "$QMESON" && rm "$new" || mv "$new" "$QMESON"
}
qtest_wire_sources
DEVFILE=$SRC/configs/devices/x86_64-softmmu/idxgen.mak
cat >"$DEVFILE.new" <<'MAK'
# idxgen: the minimal x86_64 device set for the VM harness and qtests
CONFIG_Q35=y
CONFIG_IDXGEN=y
CONFIG_ISA_DEBUG=y
CONFIG_PCIE_PORT=y
MAK
cmp -s "$DEVFILE.new" "$DEVFILE" && rm "$DEVFILE.new" || mv "$DEVFILE.new" "$DEVFILE"

# 3. Our sources into the tree (checksum compare: unchanged files keep
#    mtimes); the list is build-key.sh's, the same files as the key's.
mkdir -p "$SRC/hw/misc/idxgen"
idxgen_qemu_files "$ROOT" | while read -r dest f; do
	cmp -s "$f" "$SRC/$dest/$(basename "$f")" || cp "$f" "$SRC/$dest/" || exit 1
done

if [ "$SYNC_ONLY" = 1 ]; then
	echo "$SRC"
	exit 0
fi

# 4. Configure once, and again when the options (build-key.sh's
#    idxgen_qemu_configure_options, part of the key) are not those of the
#    build tree (its config.status holds the command line configure ran).
BUILD=$QDIR/build
mapfile -t options < <(idxgen_qemu_configure_options)
want_cmd="exec '$SRC/configure'$(printf " '%s'" "${options[@]}") \"\$@\""
if [ ! -f "$BUILD/build.ninja" ] || ! grep -qxF -- "$want_cmd" "$BUILD/config.status" 2>/dev/null; then
	say "configuring (x86_64-softmmu, minimal devices)"
	rm -rf "$BUILD"
	mkdir -p "$BUILD"
	(cd "$BUILD" && "$SRC/configure" "${options[@]}" >"$QDIR/configure.log" 2>&1) ||
		{ tail -30 "$QDIR/configure.log" >&2; rm -f "$BUILD/build.ninja"; exit 1; }
fi

# BIOS blobs from Debian's seabios and qemu-system-data, where qtests look.
BUNDLE=$BUILD/qemu-bundle/usr/local/share/qemu
mkdir -p "$BUNDLE"
for f in /usr/share/seabios/*.bin /usr/share/qemu/*.bin; do
	[ -e "$BUNDLE/$(basename "$f")" ] || ln -sf "$f" "$BUNDLE/"
done

# 5. Build (incremental).  No key while the binary may be half way between
#    two trees: it is written once the build succeeded.
targets=(qemu-system-x86_64)
[ -f "$SRC/tests/qtest/idxgen-test.c" ] && targets+=(tests/qtest/idxgen-test)
rm -f "$BUILD/idxgen-build-key"
# Niced (10) unless the caller niced us already (run-tests.sh's background
# build chose its own niceness): the foreground's compilers come first.
niceness=$(nice)
[ "$niceness" != 0 ] || niceness=10
say "building ${targets[*]} with -j$JOBS at niceness $niceness"
nice -n $((niceness - $(nice))) ninja -j"$JOBS" -C "$BUILD" "${targets[@]}" >"$QDIR/build.log" 2>&1 ||
	{ grep -E 'error|Error' "$QDIR/build.log" | head -40 >&2; tail -20 "$QDIR/build.log" >&2; exit 1; }
echo "$KEY" >"$BUILD/idxgen-build-key.new"
mv "$BUILD/idxgen-build-key.new" "$BUILD/idxgen-build-key"
say "build key $KEY (qemu-device/build-key.sh)"
echo "$BUILD/qemu-system-x86_64"
