#!/bin/bash
# libidxgen's ABI against the stored baseline lib/abi/libidxgen.so.1.abi
# (abigail-tools), TAP.  Added functions are fine (new version nodes);
# anything else abidiff reports (removed or changed functions, a changed
# public type's size or layout) fails.  A deliberate change of the ABI
# bumps the SONAME and refreshes the baseline: `make -C lib abi-baseline`.
#
# Also proves the check can fail: a scratch copy with a field inserted in
# a public struct must be rejected.
#
# usage: check-abi.sh BUILD_LIB_DIR REPO_ROOT [MAKE]
set -u
O=$1
ROOT=$2
MAKE=${3:-make}
BASE=$ROOT/lib/abi/libidxgen.so.1.abi
n=0
fail=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=$((fail + 1)); fi; }

abi() { # LIB HEADERS -> abidiff status against the baseline, report on stdout
	abidiff --no-added-syms --hd2 "$2" "$BASE" "$1"
}
out=$(abi "$O/libidxgen.so.1.0.0" "$ROOT/include" 2>&1)
rc=$?
echo "$out" | sed 's/^/# /'
[ $rc = 0 ]; ok $? "abidiff against lib/abi/libidxgen.so.1.abi: no ABI change (status $rc)"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
(cd "$ROOT" && git ls-files -z lib include qemu-device/model | tar --null -cf - -T -) | tar -xf - -C "$scratch"
sed -i 's/^struct idxgen_job_result {$/&\n\tuint32_t planted;/' "$scratch/include/idxgen.h"
grep -q 'uint32_t planted;' "$scratch/include/idxgen.h"; ok $? "scratch copy: a field planted at the start of struct idxgen_job_result"
$MAKE -s -C "$scratch/lib" BUILD="$scratch/build" "$scratch/build/lib/libidxgen.so.1.0.0" >/dev/null 2>&1
ok $? "scratch copy builds"
out=$(abi "$scratch/build/lib/libidxgen.so.1.0.0" "$scratch/include" 2>&1)
rc=$?
echo "$out" | grep -E 'type size changed|insertion' | head -3 | sed 's/^/# /'
[ $rc != 0 ]; ok $? "the planted break fails the ABI check (abidiff status $rc)"
echo "1..$n"
echo "# $((n - fail)) passed, $fail failed"
[ $fail = 0 ]
