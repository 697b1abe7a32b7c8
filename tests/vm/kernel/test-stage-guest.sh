#!/bin/bash
# Test of stage-guest.sh: it stages into a directory whose parent does not
# exist yet (soak.sh's $BUILD/guest-soak with a fresh BUILD: the staging
# used to fail with "cp: cannot create directory"), and a missing $GUEST
# is a clear error that names the fix.
#
# Runs after the debug kernel's own staging in make check (the driver's
# objects are then built against the debug kernel already: seconds).
# Prints TAP.  Environment: as stage-guest.sh (BUILD, GUEST, IDXGEN_CACHE).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
GUEST=${GUEST:-$BUILD/guest}
T=$BUILD/stage-guest-test
STAGE=$ROOT/tests/vm/kernel/stage-guest.sh
. "$ROOT/tests/common/tap.sh"

rm -rf "$T"
mkdir -p "$T"
fresh=$T/fresh	# a BUILD that does not exist yet
BUILD=$fresh GUEST=$GUEST bash "$STAGE" "$fresh/guest-soak" >"$T/fresh.log" 2>&1
rc=$?
sed 's/^/# stage-guest: /' "$T/fresh.log" | tail -5
ok "$rc" "stage-guest.sh stages into \$BUILD/guest-soak of a BUILD that does not exist yet"
ok "$([ -f "$fresh/guest-soak/modules/idxgen.ko" ]; echo $?)" "the staged guest has the debug kernel's idxgen.ko"
missing=0
for f in "$GUEST"/tests/*; do
	[ -e "$fresh/guest-soak/tests/${f##*/}" ] || missing=$((missing + 1))
done
diag "$missing of $(find "$GUEST/tests" -mindepth 1 -maxdepth 1 | wc -l) files of \$GUEST/tests missing"
ok "$([ "$missing" -eq 0 ]; echo $?)" "the staged guest has every file of \$GUEST/tests"

BUILD=$T/other GUEST=$T/no-guest bash "$STAGE" "$T/other/guest-soak" >"$T/missing.log" 2>&1
rc=$?
ok "$([ "$rc" -ne 0 ]; echo $?)" "a missing \$GUEST fails the staging (exit $rc)"
ok "$(grep -q "^stage-guest: $T/no-guest missing (make guest)$" "$T/missing.log"; echo $?)" \
	"a missing \$GUEST is named, with the fix (make guest)"
rm -rf "$T"
tap_done
