#!/bin/bash
# Boot the VM RUNS times on one suite list and count QEMU crashes and
# failed runs: the rate measurement of issue 27 (docs/device-model.md).
#
# usage: race-loop.sh RUNS SUITES_FILE [LABEL]
#
# Each run is tests/vm/run-vm.sh --plan check with IDXGEN_VM_SUITES; a run
# whose QEMU crashed counts as a crash (its last words and backtrace are in
# BUILD/race-loop-LABEL/run-N.txt), another failure as a failure.  Ends
# with "race-loop LABEL: N runs, C QEMU crashes, F other failures" and
# exits 1 if there was either.  Environment: as run-vm.sh (QEMU picks the
# build: e.g. the stock one against the patched one).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
export GUEST=${GUEST:-$BUILD/guest}
[ $# -ge 2 ] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
runs=$1 suites=$2 label=${3:-loop}
out=$BUILD/race-loop-$label
mkdir -p "$out"
crashes=0 fails=0
for i in $(seq 1 "$runs"); do
	BUILD=$out/build IDXGEN_VM_SUITES=$suites \
		bash "$ROOT/tests/vm/run-vm.sh" --plan check >"$out/run-$i.txt" 2>&1
	rc=$?
	if grep -q '^not ok - vm: QEMU crashed' "$out/run-$i.txt"; then
		crashes=$((crashes + 1))
		echo "# run $i: $(grep -m1 '^not ok - vm: QEMU crashed' "$out/run-$i.txt")"
		grep -m1 -A2 "^# qemu's last words" "$out/run-$i.txt" | tail -1
	elif [ "$rc" -ne 0 ]; then
		fails=$((fails + 1))
		echo "# run $i: failed: $(grep -m1 '^not ok' "$out/run-$i.txt")"
	else
		echo "# run $i: passed"
	fi
done
echo "race-loop $label: $runs runs, $crashes QEMU crashes, $fails other failures"
[ "$crashes" -eq 0 ] && [ "$fails" -eq 0 ]
