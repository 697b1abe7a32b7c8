#!/bin/bash
# check-planted.sh CARRY DROP - the comparison catches a planted RTL bug:
# each testbench (built from RTL with a lane's carry one thread late, or
# with the second warp's write dropped) must fail, and say where.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../common/tap.sh"

for tb in "$@"; do
	out=$("$tb" 2>&1)
	rc=$?
	first=$(printf '%s\n' "$out" | grep -m1 '^not ok' | cut -c1-200)
	nfail=$(printf '%s\n' "$out" | grep -c '^not ok')
	[ "$rc" != 0 ] && [ "$nfail" -gt 0 ]
	ok $? "planted bug in $(basename "$tb") is caught: $nfail failing tests, first: ${first:-none}"
done
tap_done
