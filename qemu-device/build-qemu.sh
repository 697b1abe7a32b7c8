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
# With --sync-only: fetch, wire and sync the source tree (steps 1-3), print
# its path and stop (tests/device/fuzz/run-fuzz.sh builds its own tree from it).
set -euo pipefail
SYNC_ONLY=0
[ "${1:-}" = --sync-only ] && SYNC_ONLY=1

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${IDXGEN_CACHE:-/var/cache/idxgen}
QDIR=$CACHE/qemu
say() { echo "qemu: $*" >&2; }

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
	local applied=$SRC/.idxgen-patches want p
	local patches=("$ROOT"/qemu-device/patches/*.patch)
	[ -f "${patches[0]}" ] || patches=()
	want=$(for p in "${patches[@]}"; do basename "$p"; sed -n '/^--- a\//,$p' "$p"; done |
		sha256sum | cut -d' ' -f1)
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

# 3. Our sources into the tree (checksum compare: unchanged files keep mtimes).
mkdir -p "$SRC/hw/misc/idxgen"
sync_files() { # dest files...
	local dest=$1; shift
	local f
	for f in "$@"; do
		[ -f "$f" ] || continue
		cmp -s "$f" "$dest/$(basename "$f")" || cp "$f" "$dest/"
	done
}
sync_files "$SRC/hw/misc/idxgen" "$ROOT"/qemu-device/*.c "$ROOT"/qemu-device/*.h \
	"$ROOT"/qemu-device/meson.build "$ROOT"/qemu-device/trace-events \
	"$ROOT"/qemu-device/model/*.c \
	"$ROOT"/qemu-device/model/*.h "$ROOT/include/idxgen_hw.h"
sync_files "$SRC/tests/qtest" "$ROOT"/tests/device/qtest/idxgen-*.c "$ROOT"/tests/device/qtest/idxgen-*.h \
	"$ROOT"/tests/common/gen_ref.h "$ROOT"/tests/common/order_ref.h "$ROOT"/qemu-device/model/idxgen_model.h "$ROOT/include/idxgen_hw.h"

if [ "$SYNC_ONLY" = 1 ]; then
	echo "$SRC"
	exit 0
fi

# 4. Configure once.
BUILD=$QDIR/build
if [ ! -f "$BUILD/build.ninja" ]; then
	say "configuring (x86_64-softmmu, minimal devices)"
	rm -rf "$BUILD"
	mkdir -p "$BUILD"
	(cd "$BUILD" && "$SRC/configure" --python=/usr/bin/python3 \
		--target-list=x86_64-softmmu --without-default-features \
		--without-default-devices --with-devices-x86_64=idxgen \
		--disable-docs --disable-werror --enable-kvm --enable-tcg \
		--enable-fdt=system --disable-install-blobs \
		--firmwarepath=/usr/share/seabios:/usr/share/qemu >"$QDIR/configure.log" 2>&1) ||
		{ tail -30 "$QDIR/configure.log" >&2; rm -f "$BUILD/build.ninja"; exit 1; }
fi

# BIOS blobs from Debian's seabios and qemu-system-data, where qtests look.
BUNDLE=$BUILD/qemu-bundle/usr/local/share/qemu
mkdir -p "$BUNDLE"
for f in /usr/share/seabios/*.bin /usr/share/qemu/*.bin; do
	[ -e "$BUNDLE/$(basename "$f")" ] || ln -sf "$f" "$BUNDLE/"
done

# 5. Build (incremental).
targets=(qemu-system-x86_64)
[ -f "$SRC/tests/qtest/idxgen-test.c" ] && targets+=(tests/qtest/idxgen-test)
say "building ${targets[*]}"
ninja -C "$BUILD" "${targets[@]}" >"$QDIR/build.log" 2>&1 ||
	{ grep -E 'error|Error' "$QDIR/build.log" | head -40 >&2; tail -20 "$QDIR/build.log" >&2; exit 1; }
echo "$BUILD/qemu-system-x86_64"
