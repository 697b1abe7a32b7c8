#!/bin/bash
# build-key.sh - the key of the QEMU build this tree asks for: what
# build-qemu.sh puts into QEMU's source tree, hashed.  build-qemu.sh writes
# it next to the binary it built ($IDXGEN_CACHE/qemu/build/idxgen-build-key);
# whoever boots that binary (tests/vm/run-vm.sh, the qtest suite of
# tests/run-tests.sh) computes the tree's key the same way, here, and
# refuses a binary whose key differs: a VM must run the QEMU of this tree's
# carried patches and device model.
#
# The key's inputs:
#   - the patches, qemu-device/patches/*.patch in name order: each one's
#     name and diff (not its description), as build-qemu.sh has always keyed
#     the patch set it applies ($SRC/.idxgen-patches/key);
#     A patch's diff starts at its first "--- a/" or "--- /dev/null" line,
#     so the content of a file that a patch creates is keyed too;
#   - every file build-qemu.sh copies into the source tree (the device, its
#     model, its qtests and their shared headers): where it goes and the
#     sha256 of its contents;
#   - the options build-qemu.sh configures QEMU with
#     (idxgen_qemu_configure_options).
#
# usage: build-key.sh                 print the tree's key
#        build-key.sh check DIR NAME  compare it with DIR/idxgen-build-key:
#                                     exit 0 if they are the same, else a
#                                     "not ok - NAME: ..." line that says to
#                                     run `make qemu`, exit 2
# build-qemu.sh sources it for the same lists (idxgen_qemu_* functions).

# The files copied into the source tree: "DEST-DIR FILE" lines, DEST-DIR
# relative to QEMU's source tree, FILE absolute (only files that exist).
idxgen_qemu_files() {
	local root=$1 f
	for f in "$root"/qemu-device/*.c "$root"/qemu-device/*.h "$root"/qemu-device/meson.build \
		"$root"/qemu-device/trace-events "$root"/qemu-device/model/*.c "$root"/qemu-device/model/*.h \
		"$root"/include/idxgen_hw.h; do
		[ -f "$f" ] && echo "hw/misc/idxgen $f"
	done
	for f in "$root"/tests/device/qtest/idxgen-*.c "$root"/tests/device/qtest/idxgen-*.h \
		"$root"/tests/common/gen_ref.h "$root"/tests/common/order_ref.h \
		"$root"/qemu-device/model/idxgen_model.h "$root"/include/idxgen_hw.h; do
		[ -f "$f" ] && echo "tests/qtest $f"
	done
	return 0
}

# The patches, in the order they are applied.
idxgen_qemu_patches() {
	local root=$1 p
	for p in "$root"/qemu-device/patches/*.patch; do
		[ -f "$p" ] && echo "$p"
	done
	return 0
}

# The options QEMU is configured with (build-qemu.sh), one a line.  One
# target and the device set of configs/devices/x86_64-softmmu/idxgen.mak
# only.  No debug information (meson's -g): -g costs about 15 % more CPU
# per compile (24 objects sampled, docs/development.md) and only gdb reads
# it; run-vm.sh's backtrace of a crashed QEMU still names each function
# (the symbol table stays), without file and line.  The sanitizer build of
# tests/device/fuzz/run-fuzz.sh configures its own tree.
idxgen_qemu_configure_options() {
	printf '%s\n' --python=/usr/bin/python3 --target-list=x86_64-softmmu \
		--without-default-features --without-default-devices --with-devices-x86_64=idxgen \
		--disable-docs --disable-debug-info --disable-werror --enable-kvm --enable-tcg --enable-fdt=system \
		--disable-install-blobs --firmwarepath=/usr/share/seabios:/usr/share/qemu
}

# The key of the patch set: each patch's name and diff (from the first
# file's "--- " line: a created file's is "--- /dev/null").
idxgen_qemu_patches_key() {
	local root=$1 p
	idxgen_qemu_patches "$root" | while read -r p; do
		basename "$p"
		sed -n '/^--- \(a\/\|\/dev\/null\)/,$p' "$p"
	done | sha256sum | cut -d' ' -f1
}

# The build key: the patch set's key and each copied file's destination and hash.
idxgen_qemu_build_key() {
	local root=$1 dest f
	{
		echo "patches $(idxgen_qemu_patches_key "$root")"
		echo "configure $(idxgen_qemu_configure_options | sha256sum | cut -d' ' -f1)"
		idxgen_qemu_files "$root" | while read -r dest f; do
			echo "$dest/$(basename "$f") $(sha256sum <"$f" | cut -d' ' -f1)"
		done
	} | sha256sum | cut -d' ' -f1
}

idxgen_qemu_key_main() {
	local root want have dir name
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	want=$(idxgen_qemu_build_key "$root") || exit 2
	case "${1:-}" in
	"")
		echo "$want"
		;;
	check)
		dir=${2:?usage: build-key.sh check DIR NAME}
		name=${3:-qemu}
		have=$(tr -d '\n' <"$dir/idxgen-build-key" 2>/dev/null | head -c 100) || have=
		[ "$have" = "$want" ] && return 0
		if [ -z "$have" ]; then
			echo "not ok - $name: $dir has no idxgen-build-key: not built by this tree's" \
				"qemu-device/build-qemu.sh (or built before it wrote keys); run 'make qemu'"
		else
			echo "not ok - $name: the QEMU in $dir was not built from this tree's carried patches" \
				"and device sources (its key $have, this tree's $want); run 'make qemu'"
		fi
		exit 2
		;;
	*)
		echo "usage: build-key.sh [check DIR NAME]" >&2
		exit 2
		;;
	esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -euo pipefail
	idxgen_qemu_key_main "$@"
fi
