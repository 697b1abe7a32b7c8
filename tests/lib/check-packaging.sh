#!/bin/bash
# Packaging checks of libidxgen as TAP lines (run by `make -C lib check`):
# the SONAME, that only the public API is exported, and that the example
# builds with pkg-config against a `make install`ed tree and runs on the
# emulation backend.
#
# usage: check-packaging.sh BUILD_LIB_DIR REPO_ROOT MAKE
set -u
O=$1
ROOT=$2
MAKE=${3:-make}
. "$(dirname "$0")/../common/tap.sh"

soname=$(objdump -p "$O/libidxgen.so.2.0.0" | awk '/SONAME/{print $2}')
[ "$soname" = libidxgen.so.2 ]; ok $? "SONAME is libidxgen.so.2 ($soname)"

exported=$(nm -D --defined-only "$O/libidxgen.so.2.0.0" | awk '$2 == "T" {print $3}' | sed 's/@.*//' | sort)
declared=$(cat "$ROOT"/include/idxgen.h "$ROOT"/include/idxgen_*.h | grep -A3 '^IDXGEN_EXPORT' | grep -oE '(__)?idxgen_[a-z0-9_]*[(]' | tr -d '(' | sort -u)
[ "$exported" = "$declared" ]; ok $? "exported symbols = the API of include/idxgen*.h ($(echo "$exported" | wc -l) functions)"
others=$(nm -D --defined-only "$O/libidxgen.so.2.0.0" | awk '$2 != "A" && $3 !~ /^(__)?idxgen_/' | wc -l)
[ "$others" = 0 ]; ok $? "nothing else is exported"
# debian/libidxgenN.symbols (dpkg-gensymbols only warns about new symbols):
# exactly the exported NAME@VERSION, version nodes included.
somajor=${soname##*.so.}
symfile=$ROOT/debian/libidxgen$somajor.symbols
have=$(nm -D --defined-only "$O/libidxgen.so.2.0.0" | awk '$2 == "A" {print $3 "@" $3; next} {sub(/@@/, "@", $3); print $3}' | sort)
listed=$(awk '/^ / {print $1}' "$symfile" 2>/dev/null | sort)
diffs=$(diff <(echo "$listed") <(echo "$have") | grep '^[<>]' | tr '\n' ' ')
[ -z "$diffs" ]; ok $? "${symfile#$ROOT/} lists the exported symbols ($(echo "$have" | wc -l))${diffs:+; < listed only, > exported only: $diffs}"
leaked=$(nm "$O/libidxgen.a" | awk '$2 == "T" {print $3}' | grep -vxF "$declared" | wc -l)
[ "$leaked" = 0 ]; ok $? "the static library's global functions are the API too"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
$MAKE -s -C "$ROOT/lib" install PREFIX="$stage/usr" >/dev/null 2>&1
ok $? "make install PREFIX=<tmp>"
export PKG_CONFIG_PATH=$stage/usr/lib/pkgconfig
flags=$(pkg-config --cflags --libs idxgen 2>&1)
ok $? "pkg-config --cflags --libs idxgen: $flags"
cc -std=c11 -Wall -Wextra -Werror -o "$stage/hello" "$ROOT/lib/examples/hello.c" $flags 2>&1
ok $? "the README example compiles against the installed library"
out=$(IDXGEN_BACKEND=emu LD_LIBRARY_PATH=$stage/usr/lib "$stage/hello" 2>&1)
rc=$?
echo "$out" | sed 's/^/# /'
[ $rc = 0 ] && echo "$out" | grep -q 'run 1: hit'; ok $? "and runs (emulation): miss then hit"
cc -std=c11 -static -o "$stage/hello-static" "$ROOT/lib/examples/hello.c" -I"$stage/usr/include" \
	"$stage/usr/lib/libidxgen.a" $(pkg-config --static --libs-only-l libdrm libpci) -lpthread >/dev/null 2>&1 ||
cc -std=c11 -o "$stage/hello-static" "$ROOT/lib/examples/hello.c" -I"$stage/usr/include" \
	"$stage/usr/lib/libidxgen.a" $(pkg-config --libs libdrm libpci) -lpthread
ok $? "the example links against libidxgen.a"
tap_done
