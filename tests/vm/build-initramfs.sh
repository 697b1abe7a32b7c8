#!/bin/bash
# Build the guest initramfs: busybox, the DRM modules of the Debian 6.12
# kernel (decompressed: busybox insmod does not read .xz), the staged idxgen
# files ($GUEST -> /opt/idxgen), the firmware, and the shared libraries our
# binaries need (resolved with ldd on the host, same Debian 12 userland).
#
# usage: build-initramfs.sh KVER GUEST_DIR OUT_IMAGE
#
# With IDXGEN_KDIR set (the debug kernel's build tree) the DRM core, the
# scheduler and the shmem helpers are built in: nothing to insmod, and the
# guest checks for them in /proc/kallsyms instead (lib/modules/drm/builtin).
set -euo pipefail

KVER=$1
GUEST=$2
OUT=$3
HERE=$(cd "$(dirname "$0")" && pwd)
MODDIR=/lib/modules/$KVER

# Modules the harness loads at boot, in dependency order (see modules.dep).
DRM_MODULES="kernel/drivers/gpu/drm/drm.ko kernel/drivers/gpu/drm/drm_kms_helper.ko
	kernel/drivers/gpu/drm/drm_shmem_helper.ko kernel/drivers/gpu/drm/scheduler/gpu-sched.ko"
# name symbol: built-in parts the guest must find in /proc/kallsyms.
BUILTIN=""
if [ -n "${IDXGEN_KDIR:-}" ]; then
	DRM_MODULES=""
	BUILTIN="drm drm_dev_alloc
gpu_sched drm_sched_init
drm_shmem_helper drm_gem_shmem_create"
fi

ROOT=$(mktemp -d)
trap 'rm -rf "$ROOT"' EXIT

mkdir -p "$ROOT"/{bin,sbin,dev,proc,sys,tmp,run,etc,lib/modules/drm,lib/firmware,opt/idxgen}
cp /bin/busybox "$ROOT/bin/busybox"
for app in $(/bin/busybox --list); do
	[ -e "$ROOT/bin/$app" ] || ln -s busybox "$ROOT/bin/$app"
done

: >"$ROOT/lib/modules/drm/load-order"
printf '%s\n' "$BUILTIN" | grep . >"$ROOT/lib/modules/drm/builtin" || :
for m in $DRM_MODULES; do
	src=$MODDIR/$m
	name=$(basename "$m")
	if [ -f "$src.xz" ]; then
		xz -dc "$src.xz" >"$ROOT/lib/modules/drm/$name"
	elif [ -f "$src.zst" ]; then
		zstd -qdc "$src.zst" >"$ROOT/lib/modules/drm/$name"
	elif [ -f "$src" ]; then
		cp "$src" "$ROOT/lib/modules/drm/$name"
	else
		echo "initramfs: module $m missing for $KVER" >&2
		exit 1
	fi
	echo "$name" >>"$ROOT/lib/modules/drm/load-order"
done

if [ -d "$GUEST" ]; then
	cp -a "$GUEST"/. "$ROOT/opt/idxgen/"
fi
# Installed packages (tests/pkg/check-packages.sh unpacks the .debs and the
# DKMS-built module there): laid over / as they would be on a real system.
if [ -n "${IDXGEN_VM_OVERLAY:-}" ]; then
	[ -d "$IDXGEN_VM_OVERLAY" ] || { echo "initramfs: IDXGEN_VM_OVERLAY=$IDXGEN_VM_OVERLAY missing" >&2; exit 1; }
	cp -a "$IDXGEN_VM_OVERLAY"/. "$ROOT/"
	rm -rf "$ROOT/usr/share/man" "$ROOT/usr/share/doc" "$ROOT/usr/src"
fi
if [ -d "$ROOT/opt/idxgen/firmware" ]; then
	cp -a "$ROOT/opt/idxgen/firmware/." "$ROOT/lib/firmware/"
fi
cp "$HERE/guest-init.sh" "$ROOT/init"
chmod 755 "$ROOT/init"

# Shared libraries of every dynamic ELF we ship, plus the loader.
copy_lib() {
	local f=$1
	[ -e "$ROOT$f" ] && return 0
	mkdir -p "$ROOT$(dirname "$f")"
	cp -L "$f" "$ROOT$f"
}
# (/usr exists only with an overlay: find must not fail on it under pipefail)
dirs=("$ROOT/opt")
[ -d "$ROOT/usr" ] && dirs+=("$ROOT/usr")
find "${dirs[@]}" -type f | while read -r f; do
	file -b "$f" 2>/dev/null | grep -q 'dynamically linked' || continue
	LD_LIBRARY_PATH="$ROOT/opt/idxgen/lib:$ROOT/usr/lib/x86_64-linux-gnu" ldd "$f" 2>/dev/null |
		awk '/=> \//{print $3} /^\t\/lib/{print $1}' | while read -r lib; do
		case "$lib" in "$ROOT"/*) continue ;; esac
		copy_lib "$lib"
	done
done
copy_lib /lib64/ld-linux-x86-64.so.2
# libpci reads the ID database if present; names are nice in lspci-style output.
[ -f /usr/share/misc/pci.ids ] && { mkdir -p "$ROOT/usr/share/misc"; cp /usr/share/misc/pci.ids "$ROOT/usr/share/misc/"; }

(cd "$ROOT" && find . -print0 | cpio --null -o -H newc --quiet) | gzip -1 >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
