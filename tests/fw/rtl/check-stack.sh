#!/bin/bash
# check-stack.sh SIM [PLANTED-SIM] - libidxgen's suites end to end on the
# hardware description: the emulation backend generating every job through
# the verilated core (IDXGEN_EMU_RTL=SIM, libidxgen-rtlsim.so of `make -C
# fw/rtl sim`) instead of the C model.  The library's suite (idxgen-lib-test),
# the SPMD runtime's (idxgen-rt-test), the arbiter's and the tool's must pass
# on it as they do on the model; the object must really be loaded; a missing
# one is refused with an error.  With PLANTED-SIM (the core with a lane's carry planted one thread
# late, SIM_PLANT) the library's suite must fail: the jobs do go through the
# RTL.  docs/rtl.md, "The stack on the RTL".
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
. "$ROOT/tests/common/tap.sh"

SIM=$1
PLANTED=${2:-}
LIB=$BUILD/lib
make -s -C "$ROOT/lib" BUILD="$BUILD" all >/dev/null 2>&1
ok $? "libidxgen and its suites built"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# A hang guard only (tests/README.md): the slowest program on the RTL,
# idxgen-lib-test, takes 7.7 s at load 13: >= 75x.
RTL_HANG_GUARD_S=600
onrtl() {	# SIM PROGRAM...: PROGRAM on the emulation backend generating through SIM
	local sim=$1
	shift
	IDXGEN_BACKEND=emu IDXGEN_EMU_RTL=$sim timeout "$RTL_HANG_GUARD_S" "$@"
}

LD_DEBUG=files onrtl "$SIM" "$LIB/hello" >"$TMP/hello" 2>"$TMP/ld"
rc=$?
[ $rc -eq 0 ] && grep -qF "calling init: $SIM" "$TMP/ld" &&
	grep -q '^run 1: hit, 0 warps, 4 cycles' "$TMP/hello"
ok $? "hello runs on the RTL (the object loaded; miss, then a hit in the core's history)"

onrtl "$SIM" "$LIB/idxgen-lib-test" >"$TMP/lib" 2>&1
rc=$?
diag "idxgen-lib-test on the RTL: $(grep -m1 '^# [0-9]* passed' "$TMP/lib")"
[ $rc -eq 0 ] && grep -q '^# [0-9]* passed, 0 failed' "$TMP/lib"
ok $? "the library's suite passes on the RTL"

onrtl "$SIM" "$LIB/idxgen-rt-test" >"$TMP/rt" 2>&1
rc=$?
diag "idxgen-rt-test on the RTL: $(grep -m1 '^# [0-9]* passed' "$TMP/rt")"
[ $rc -eq 0 ] && grep -q '^# [0-9]* passed, 0 failed' "$TMP/rt"
ok $? "the SPMD runtime's suite passes on the RTL"

onrtl "$SIM" "$LIB/idxgen-arb-test" 1 >"$TMP/arb" 2>&1
rc=$?
diag "idxgen-arb-test on the RTL: $(grep -m1 '^# [0-9]* passed' "$TMP/arb")"
[ $rc -eq 0 ] && grep -q '^# [0-9]* passed, 0 failed' "$TMP/arb"
ok $? "the arbiter's suite passes on the RTL (requesters in the descriptors the core decodes)"

onrtl "$SIM" sh "$ROOT/tests/tool/test_tool.sh" "$LIB/idxgen" >"$TMP/tool" 2>&1
rc=$?
diag "the tool's suite on the RTL: $(grep -m1 '^# [0-9]* passed' "$TMP/tool")"
[ $rc -eq 0 ] && grep -q '^# [0-9]* passed, 0 failed' "$TMP/tool"
ok $? "the tool's suite passes on the RTL"

onrtl /nonexistent/libidxgen-rtlsim.so "$LIB/hello" >"$TMP/bad" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q 'shared library' "$TMP/bad"
ok $? "a missing RTL object is refused at open with an error ($(head -c 80 "$TMP/bad"))"

# a shared object without the interface (the library itself) is no generator
onrtl "$LIB/libidxgen.so.2" "$LIB/hello" >"$TMP/bad" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q 'shared library' "$TMP/bad"
ok $? "an object without the RTL interface is refused at open ($(head -c 80 "$TMP/bad"))"

if [ -n "$PLANTED" ]; then
	onrtl "$PLANTED" "$LIB/idxgen-lib-test" >"$TMP/planted" 2>&1
	rc=$?
	n=$(grep -c '^not ok' "$TMP/planted")
	[ $rc -ne 0 ] && [ "$n" -gt 0 ]
	ok $? "the library's suite fails on the RTL with a planted carry bug ($n failing tests, first: $(grep -m1 '^not ok' "$TMP/planted" | cut -c1-120))"
fi
tap_done
