#!/bin/bash
# `make install` writes under DESTDIR (or PREFIX) and nowhere else: never the
# running system's /lib/modules, /lib/firmware, /lib/udev, depmod's or the
# loader's caches (issue 42: `make install PREFIX=...` ran driver/Makefile's
# install on the machine).  Only `make install-system` may do that.
#
# Each install runs in a mount namespace of its own (unshare -r -m: no root
# needed, nothing of it outlives the command) in which every mount is read-only
# but the scratch folder, the checkout and BUILD (make install builds what is
# missing there): a write anywhere else fails with "Read-only file system" and
# fails make.  The running system is never written, before the fix either.
#
# usage: check-install.sh [REPO_ROOT [BUILD [MAKE]]]   (TAP)
set -u
ROOT=$(realpath "${1:-$(dirname "$0")/../..}")
BUILD=$(realpath -m "${2:-${BUILD:-$ROOT/build}}")
MAKE=${3:-make}
. "$ROOT/tests/common/tap.sh"

tmp=$(realpath "$(mktemp -d)")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$BUILD" "$tmp/tmp"

# sandboxed COMMAND...: COMMAND with the filesystem read-only but for $tmp,
# the checkout and BUILD.  /proc, /sys and /dev stay as they are.
sandboxed() {
	unshare -r -m --propagation private bash -c '
		for d in "$@"; do
			[ "$d" = -- ] && break
			mount --bind "$d" "$d" || exit 125
		done
		while [ "$1" != -- ]; do shift; done; shift
		while read -r _ mp _; do
			mp=$(printf "%b" "$mp")	# /proc/self/mounts writes " " as \040
			case $mp in /proc | /proc/* | /sys | /sys/* | /dev | /dev/*) continue ;; esac
			case " $KEEP_RW " in *" $mp "*) continue ;; esac
			mount -o remount,bind,ro "$mp" || exit 125
		done </proc/self/mounts
		exec env TMPDIR="$SANDBOX_TMP" "$@"
	' sandbox "$tmp" "$ROOT" "$BUILD" -- "$@"
}
export KEEP_RW="$tmp $ROOT $BUILD" SANDBOX_TMP="$tmp/tmp"

# The sandbox itself: a write outside must fail there, one inside succeed.
probe=/lib/idxgen-install-probe.$$
sandboxed sh -c "touch '$tmp/inside' && ! touch '$probe' 2>/dev/null"
rc=$?
[ ! -e "$probe" ]
ok $((rc | $?)) "the sandbox: a write under <tmp> succeeds, one to /lib fails (Read-only file system)"

kver=$(cat /var/cache/idxgen/kver 2>/dev/null || uname -r)

# install LOG ARGS...: make install ARGS in the sandbox, the log's tail on failure.
install_in_sandbox() {
	local log=$1
	shift
	sandboxed $MAKE -s -C "$ROOT" BUILD="$BUILD" "$@" >"$log" 2>&1
	local rc=$?
	[ $rc = 0 ] || tail -15 "$log" | sed 's/^/# /'
	return $rc
}

stage=$tmp/stage
install_in_sandbox "$tmp/destdir.log" install DESTDIR="$stage"
ok $? "make install DESTDIR=<tmp> writes nothing outside <tmp>, the checkout and BUILD"
missing=""
for f in usr/local/bin/idxgen usr/local/bin/idxgen-cc usr/local/bin/idxgen-fwtool usr/local/lib/libidxgen.so \
	usr/local/include/idxgen.h lib/firmware/idxgen/idxgen-fw.bin lib/udev/rules.d/70-idxgen.rules; do
	[ -e "$stage/$f" ] || missing="$missing $f"
done
ko=$(find "$stage/lib/modules/$kver" -name 'idxgen.ko*' 2>/dev/null | head -1)
[ -n "$ko" ] || missing="$missing lib/modules/$kver/.../idxgen.ko"
[ -z "$missing" ]
ok $? "under DESTDIR: the library, tools, idxgen-cc, idxgen.ko, firmware and udev rule${missing:+ (missing:$missing)}"

prefix=$tmp/prefix
install_in_sandbox "$tmp/prefix.log" install PREFIX="$prefix"
ok $? "make install PREFIX=<tmp> (no DESTDIR) writes nothing outside <tmp>, the checkout and BUILD"
[ -e "$prefix/bin/idxgen-cc" ] && [ -e "$prefix/lib/libidxgen.so" ] && [ -e "$prefix/bin/idxgen-fwtool" ]
ok $? "under PREFIX: the library, idxgen-cc and the firmware tool"
grep -q "install-system" "$tmp/prefix.log"
ok $? "without DESTDIR it says that the module, firmware and udev rule need 'make install-system'"

# install-system with a DESTDIR is a mistake, not a staging install: refused.
sandboxed $MAKE -s -C "$ROOT/driver" BUILD="$BUILD" install-system DESTDIR="$tmp/wrong" >"$tmp/sys.log" 2>&1
rc=$?
[ $rc != 0 ] && [ ! -e "$tmp/wrong" ] && grep -q "running system" "$tmp/sys.log"
ok $? "make -C driver install-system DESTDIR=... is refused (exit $rc) and writes nothing"

tap_done
