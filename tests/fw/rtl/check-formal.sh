#!/bin/bash
# check-formal.sh - bounded formal checks of fw/rtl with yosys `sat`.
#
# formal/prove_laneinit.v: the lane set-up chain (idxgen_laneinit, 8 lanes in
# two segments of 4, as the core runs it)
# gives lane i the thread i of the division-based formula, packed word
# included, for every dx, dy up to 15 (which covers every shape for 8
# lanes) and the widths that hold them.  `sat -prove ok 1 -verify` must
# succeed on the RTL and must fail on a copy with a planted bug (lane 2
# never wraps x), so the proof is seen to bite.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
. "$ROOT/tests/common/tap.sh"

VH=$BUILD/fw/rtl
make -s -C "$ROOT/fw/rtl" BUILD="$BUILD" vh >/dev/null || { ok 1 "idxgen_hw.vh generated"; tap_done; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

prove() {	# LANEINIT-SOURCE: yosys's verdict on prove_laneinit over it
	yosys -q -p "read_verilog -I$VH $1 $HERE/formal/prove_laneinit.v; \
		hierarchy -top prove_laneinit; proc; flatten; opt; sat -prove ok 1 -verify" \
		>"$TMP/log" 2>&1
}

prove "$ROOT/fw/rtl/idxgen_laneinit.v"
ok $? "idxgen_laneinit: lane i is thread i (x = i % dx, y = i / dx % dy, z, packed word) for every dx, dy <= 15 (sat proof)"

sed 's/assign x\[i + 1\] = wrap_x ? /assign x[i + 1] = wrap_x \&\& i != 2 ? /' \
	"$ROOT/fw/rtl/idxgen_laneinit.v" >"$TMP/laneinit_planted.v"
if cmp -s "$ROOT/fw/rtl/idxgen_laneinit.v" "$TMP/laneinit_planted.v"; then
	ok 1 "the planted bug could be planted (the source line changed)"
else
	prove "$TMP/laneinit_planted.v"
	[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
	ok $? "the same proof fails on a planted bug (lane 2 never wraps x)"
fi
tap_done
