#!/bin/bash
# test-ref-relink.sh - lib/cc's make links idxgen-cc-warp-ref (the warp
# kernels against the reference executor) when it is missing or older than
# what it is built from, and only then.  Its rule had FORCE among its
# prerequisites, so every `make -C lib/cc all` compiled ref_warp.cc and
# linked it again (about 2 s of CPU, one g++ after the other), nine times in
# a make check (issue 42).
#
# Host, seconds: make -n (recursive makes included) on a stand-in build tree
# of empty files, so nothing is compiled; the plan is make's own, as
# tests/cudart/test-stale-archive.sh does for the runtime's archive.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
# shellcheck source=tests/common/tap.sh
. "$ROOT/tests/common/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build=$tmp/build
test_exe=$build/cc/idxgen-cc-warp-ref

# plan NAME: what `make -C lib/cc TEST` would run on $build, in
# $tmp/NAME.plan; alone, not as a sub-make of whatever runs this test.
plan() {
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -n -C "$ROOT/lib/cc" "$test_exe" BUILD="$build" \
		>"$tmp/$1.plan" 2>&1
}
# has NAME PATTERN: status 0 if plan NAME has a line matching the ERE.
has() {
	grep -q -E -- "$2" "$tmp/$1.plan"
}
linked="-o $test_exe .*ref_warp\\.cc"

plan fresh
ok $? "make -n on a fresh build tree"
ok "$(has fresh "$linked"; echo $?)" "a fresh tree: the test is compiled and linked"
# every file the plan writes (-o FILE, > FILE), and libidxgen, which lib/cc
# asks lib's make for only when it is missing
mapfile -t outs < <({
	grep -oE -- "-o $build/[^ ]+" "$tmp/fresh.plan" | cut -d' ' -f2
	grep -oE -- "> $build/[^ ]+" "$tmp/fresh.plan" | cut -d' ' -f2
	echo "$build/lib/libidxgen.so"
} | sort -u)
diag "${#outs[@]} files in the plan"
ok "$([ ! -e "$build" ]; echo $?)" "the dry run wrote nothing (no $build)"

# A built tree: every output an empty file, all of one time, newer than the
# sources.
now=$(date +%s)
for f in "${outs[@]}"; do
	mkdir -p "$(dirname "$f")"
	: >"$f"
done
touch -d "@$now" "${outs[@]}"
plan current
ok $? "make -n on an up-to-date build tree"
ok "$(! has current "ref_warp\\.cc"; echo $?)" "an up-to-date tree: the test is not built again"
ok "$(! has current " -o $build/"; echo $?)" "an up-to-date tree: nothing is compiled"

# The executor's object newer than the test (lib/cc asks its makefile, which
# remade it): linked again.
touch -d "@$((now - 10))" "$test_exe"
plan executor
ok "$(has executor "$linked"; echo $?)" "the test older than what it links (the executor's object remade): linked again"
touch -d "@$now" "$test_exe"

# A header the compiler listed (-MMD) newer than the test: built again.  The
# list is a stand-in too, naming a stand-in header.
echo "$test_exe: $tmp/listed.h" >"$test_exe.d"
touch -d "@$((now + 2))" "$tmp/listed.h"
plan header
ok "$(has header "$linked"; echo $?)" "a header of its -MMD list newer than the test: built again"
[ "$tap_failed" -eq 0 ] || for p in "$tmp"/*.plan; do
	sed "s|^|# ${p##*/}: |" "$p" | cut -c1-200 | tail -8
done
tap_done
