#!/bin/bash
# NVRTC runs idxgen-cc (lib/cudart/nvrtc_compile.c): the library of the
# build tree names the build tree's idxgen-cc, the installed one the
# installed idxgen-cc ($BINDIR/idxgen-cc), never the build tree's, which a
# package or a removed checkout does not have.  Before the fix the
# installed archive carried the build tree's path (issue 44).
#
# usage: check-nvrtc-install.sh ROOT BUILD   (TAP)
set -u
ROOT=$1
BUILD=$2
. "$ROOT/tests/common/tap.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# names ARCHIVE: the absolute idxgen-cc paths the archive holds (PATH's "idxgen-cc" is the last resort of both)
names() { strings "$1" | grep -E '^/.*/idxgen-cc$' | sort -u; }

built=$(names "$BUILD/cudart/libidxgen_cudart.a")
[ "$built" = "$BUILD/cc/idxgen-cc" ]
ok $? "the build tree's library runs the build tree's idxgen-cc (holds: ${built//$'\n'/ })"

for prefix in /usr /opt/idxgen; do
	make -s -C "$ROOT/lib/cudart" BUILD="$BUILD" PREFIX=$prefix DESTDIR="$tmp/$prefix" install \
		>"$tmp/log" 2>&1
	rc=$?
	[ $rc = 0 ] || sed 's/^/# /' "$tmp/log" | tail -10
	inst=$(names "$tmp/$prefix$prefix/lib/libidxgen_cudart.a" 2>/dev/null)
	[ $rc = 0 ] && [ "$inst" = "$prefix/bin/idxgen-cc" ]
	ok $? "make install PREFIX=$prefix: the installed library runs $prefix/bin/idxgen-cc (holds: ${inst//$'\n'/ })"
done
# BINDIR apart from PREFIX, as lib/cc's install honours it
make -s -C "$ROOT/lib/cudart" BUILD="$BUILD" PREFIX=/usr BINDIR=/usr/libexec/x DESTDIR="$tmp/b" install \
	>"$tmp/log" 2>&1
inst=$(names "$tmp/b/usr/lib/libidxgen_cudart.a" 2>/dev/null)
[ "$inst" = "/usr/libexec/x/idxgen-cc" ]
ok $? "make install BINDIR=/usr/libexec/x: the installed library runs /usr/libexec/x/idxgen-cc (holds: ${inst//$'\n'/ })"
# the build tree's archive is left as it was (install makes its own)
[ "$(names "$BUILD/cudart/libidxgen_cudart.a")" = "$BUILD/cc/idxgen-cc" ]
ok $? "after the installs the build tree's library still runs the build tree's idxgen-cc"
tap_done
