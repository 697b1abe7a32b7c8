#!/bin/bash
# test-fresh-tree.sh - `make -C tests/cub check` on a fresh build tree builds
# idxgen-cc and the runtime's archive before the suites link against them
# (a50f5387: without that step a fresh tree gave 6 passed, 8 failed, "no
# such file: build/cudart/libidxgen_cudart.a").  Host, seconds: it asks make
# what it would run (make -n, recursive makes included) for an empty BUILD,
# so nothing is compiled; the order is make's own, from the Makefiles.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/common/tap.sh
. "$ROOT/tests/common/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build=$tmp/build	# does not exist: a fresh tree

# Alone, not as a sub-make of whatever runs this test (its -j, -s, -n).
env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -n -C "$ROOT/tests/cub" check BUILD="$build" >"$tmp/plan" 2>&1
rc=$?
ok "$rc" "make -n -C tests/cub check on an empty BUILD (exit $rc)"

# line_of PATTERN: the number of the first line of the plan matching the
# extended regular expression PATTERN, else 0.
line_of() {
	grep -n -E -m1 -- "$1" "$tmp/plan" | cut -d: -f1 | grep . || echo 0
}
cc_at=$(line_of " -o $build/cc/idxgen-cc( |$)")
ar_at=$(line_of "^ar [a-z]+ $build/cudart/libidxgen_cudart\\.a ")
suites_at=$(line_of "tests/thrust/check\\.sh $ROOT $build$")
diag "plan lines: idxgen-cc linked at $cc_at, archive made at $ar_at, suites at $suites_at (of $(wc -l <"$tmp/plan"))"

ok "$([ "$cc_at" -gt 0 ]; echo $?)" "idxgen-cc is built into the fresh BUILD"
ok "$([ "$ar_at" -gt 0 ]; echo $?)" "libidxgen_cudart.a is made in the fresh BUILD"
ok "$([ "$suites_at" -gt 0 ]; echo $?)" "the Thrust/CUB suites run on that BUILD"
ok "$([ "$cc_at" -gt 0 ] && [ "$cc_at" -lt "$suites_at" ]; echo $?)" "idxgen-cc is built before the suites run"
ok "$([ "$ar_at" -gt 0 ] && [ "$ar_at" -lt "$suites_at" ]; echo $?)" "the runtime's archive is made before the suites run"
[ "$tap_failed" -eq 0 ] || sed 's/^/# plan: /' "$tmp/plan" | cut -c1-200 | tail -15
ok "$([ ! -e "$build" ]; echo $?)" "the dry run wrote nothing (no $build)"
tap_done
