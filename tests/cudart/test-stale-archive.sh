#!/bin/bash
# test-stale-archive.sh - lib/cc's make remakes the runtime's archive
# (build/cudart/libidxgen_cudart.a) when a lib/cudart source is newer than
# its object, not only when the archive is missing: lib/cc's rule asks
# lib/cudart's own make every time, which knows its sources.  A rule that
# only checked that the archive existed left a used build tree linking the
# old runtime after a change to lib/cudart (issue 42).
#
# Host, seconds: make -n (recursive makes included) on a stand-in build tree
# of empty files, so nothing is compiled; the plan is make's own.  Three
# trees: a fresh one (empty), an up-to-date one (every output newer than
# the sources) and a stale one (the up-to-date tree with one object older
# than its source, as after an edit of that source).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/common/tap.sh
. "$ROOT/tests/common/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build=$tmp/build
archive=$build/cudart/libidxgen_cudart.a

# plan NAME: what `make -C lib/cc ARCHIVE` would run on $build, in
# $tmp/NAME.plan; alone, not as a sub-make of whatever runs this test.
plan() {
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -n -C "$ROOT/lib/cc" "$archive" BUILD="$build" \
		>"$tmp/$1.plan" 2>&1
}
# has NAME PATTERN: status 0 if plan NAME has a line matching the ERE.
has() {
	grep -q -E -- "$2" "$tmp/$1.plan"
}
archive_made="^ar [a-z]+ $archive "

plan fresh
ok $? "make -n on a fresh build tree"
ok "$(has fresh "$archive_made"; echo $?)" "a fresh tree: the archive is made"
mapfile -t objs < <(grep -oE -- "-o $build/cudart/obj/[^ ]+\\.o" "$tmp/fresh.plan" | cut -d' ' -f2 | sort -u)
diag "${#objs[@]} objects of the runtime in the plan"
ok "$([ "${#objs[@]}" -gt 10 ]; echo $?)" "the plan compiles the runtime's objects (${#objs[@]})"
ok "$([ ! -e "$build" ]; echo $?)" "the dry run wrote nothing (no $build)"

# A built tree: every output as an empty file, newer than every source.
mkdir -p "$build/lib" "$build/cudart/obj"
touch "$build/lib/libidxgen.so" "$build/lib/libidxgen.a" "${objs[@]}" \
	"$build/cudart/idxgen-cudart.pc" "$build/cudart/cudart-all.o" "$archive"
plan current
ok $? "make -n on an up-to-date build tree"
ok "$(! has current "$archive_made"; echo $?)" "an up-to-date tree: the archive is not made again"
ok "$(! has current " -o $build/cudart/obj/"; echo $?)" "an up-to-date tree: nothing is compiled"

# One source newer than its object (its object dated back rather than the
# source touched: the checkout stays as it is).
stale=${objs[0]}
src=$ROOT/lib/cudart/$(basename "${stale%.o}").c
ok "$([ -f "$src" ]; echo $?)" "the stale object's source is $src"
touch -d '2000-01-01' "$stale"
plan stale
ok $? "make -n on a tree with $(basename "$stale") older than its source"
ok "$(has stale " -o $stale "; echo $?)" "a stale tree: the changed source is compiled"
ok "$(has stale "$archive_made"; echo $?)" "a stale tree: the archive is made again"
[ "$tap_failed" -eq 0 ] || for p in "$tmp"/*.plan; do
	sed "s|^|# ${p##*/}: |" "$p" | cut -c1-200 | tail -8
done
tap_done
