#!/bin/bash
# The main job's last step (`make run`) and its test (`make check`, suite
# vm-demo): boot the VM with the demo plan (tests/vm/demo.sh), show its
# output, write the pictures it sent to build/run/ and print their paths,
# and end with a one-line summary.  Exit status non-zero if a part failed.
#
# usage: demo-run.sh [--check]
#   --check  also print TAP lines asserting each part's OK line and its key
#            figures (the CUDA program's PASS, history hits on its repeat
#            launches, the tuned result equal to the C reference, every lock
#            grant counted, a preemption and a hold-limit release forced step
#            by step, parallel == sequential), so that a part that silently
#            did nothing fails.  No check depends on time: the timed figures
#            (waits, the timed run's preemption counts, the tuner's times) are
#            shown, never compared.
#
# Environment: BUILD (repo build/), and run-vm.sh's.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
RUN=$BUILD/run
LOG=$RUN/demo.log
RESULTS=$BUILD/vm/results-demo.txt.clean
check=0
[ "${1:-}" = --check ] && check=1

mkdir -p "$RUN"
# what the guest sends is new each run; coop-* come from `make guest`
find "$RUN" -maxdepth 1 -name '*.png' ! -name 'coop-*' -delete
rm -f "$LOG"
start=$(date +%s)
bash "$ROOT/tests/vm/run-vm.sh" --plan demo | tee "$LOG"
rc=${PIPESTATUS[0]}

# "### file NAME" / base64 lines / "### end file" in the results port
pictures=()
if [ -f "$RESULTS" ]; then
	awk -v dir="$RUN" '
		/^### file [A-Za-z0-9._-]+$/ { f = dir "/" $3 ".b64"; printf "" > f; next }
		/^### end file$/ { if (f) close(f); f = ""; next }
		f { print >> f }' "$RESULTS"
	for b in "$RUN"/*.b64; do
		[ -f "$b" ] || continue
		base64 -d "$b" >"${b%.b64}" && pictures+=("${b%.b64}")
		rm -f "$b"
	done
fi
for f in "$RUN"/coop-*; do [ -f "$f" ] && pictures+=("$f"); done
echo
echo "pictures:"
for f in "${pictures[@]}"; do echo "  ${f#"$ROOT"/}"; done

parts_ok=$(grep -c '^=== part [0-9]/5: OK$' "$LOG")
summary="$parts_ok of 5 parts OK (generator, CUDA program, schedule selection, arbiter, cooperative warps)"
if [ "$rc" -eq 0 ] && [ "$parts_ok" -eq 5 ]; then
	echo "make run: OK - $summary in $(($(date +%s) - start)) s; VM output in ${LOG#"$ROOT"/}"
else
	echo "make run: FAILED - $summary; VM exit $rc; console log $BUILD/vm/console-demo.log"
	rc=1
fi
[ "$check" -eq 1 ] || exit "$rc"

# --check: TAP on the output just shown.
. "$ROOT/tests/common/tap.sh"
tap() { ok "$1" "demo: $2"; }	# status description
has() { grep -Eq "$1" "$LOG"; }
val() { sed -nE "s|$1|\\1|p" "$LOG" | head -1; }	# no '|' in the patterns

for p in 1 2 3 4 5; do
	has "^=== part $p/5: OK$"
	tap $? "part $p/5 ends OK"
done
has '^-> cfg3 reused cfg1.s indices: [0-9]+ cycles instead of [0-9]+'
tap $? "generator: the history example's miss, miss, hit"
has '^    \$ idxgen-cc -o imgstat imgstat\.cu$'
tap $? "CUDA program: built whole by idxgen-cc, the command shown"
has '^imgstat: 320x240 image, 4 frames, 16 kernel launches: PASS$'
tap $? "CUDA program: imgstat prints PASS"
! grep -q 'emulation backend' "$LOG"
tap $? "CUDA program: no launch fell back to the emulation"
jobs=$(val '^-> imgstat.s 16 launches: ([0-9]+) device jobs.*')
hits=$(val '^-> imgstat.s 16 launches: [0-9]+ device jobs, ([0-9]+) history hits.*')
[ "${jobs:-0}" -ge 16 ] && [ "${hits:-0}" -gt 0 ]
tap $? "CUDA program: its launches caused device jobs (${jobs:-none}) and history hits on repeat launches (${hits:-none})"
has '<- winner$' && has '^results of all three launches == C reference: yes$'
tap $? "schedule selection: a winner, results equal the C reference"
explored=$(val '^sample: .* ([0-9]+) candidates explored.*')
[ "${explored:-0}" -ge 2 ]
tap $? "schedule selection: candidates explored on the sample (${explored:-none})"
ratio=$(val '^time per block, winner / sequential: ([0-9.]+) .*')
[ -n "$ratio" ]
tap $? "schedule selection: the winner's time per block against sequential shown (${ratio:-none})"
has '^grants counted by the arbiter == the workers. own: 4 of 4 workers; wrong indices 0, errors 0$'
tap $? "arbiter: every worker's grants counted by the arbiter, no wrong index, no error"
# how many preemptions and hold-limit releases the timed run had depends on
# the machine's speed and load: shown, not checked; demo-arb forces one of
# each step by step (untimed), and that is checked
pre=$(val '^device during the run: [0-9]+ grants, ([0-9]+) preemptions.*')
hold=$(val '^device during the run: .* ([0-9]+) hold-limit releases.*')
has '^step by step \(untimed\): .*LOW preempted at once, 1 preemption; .*the hold limit took the lock, 1 hold-limit release$'
tap $? "arbiter: a preemption and a hold-limit release, step by step (the timed run had ${pre:-none} and ${hold:-none})"
has '^arbiter: [0-9]+ locks' && has '^priority LOW '
tap $? "arbiter: idxgen locks and the per-priority waits shown"
has '^removed as implied by other paths: 5 ' && has '^kept, one channel each: 9 '
tap $? "cooperative warps: 5 dependences removed as implied, 9 channels kept"
has '^-> parallel == sequential \(7 consumer checksums\)$'
tap $? "cooperative warps: parallel == sequential"
for f in order-hilbert.png tune-copy_cols.png coop-reduced.svg; do
	[ -s "$RUN/$f" ]
	tap $? "picture $f in build/run"
done
[ "$rc" -eq 0 ]
tap $? "the VM run completed (run-vm.sh exit 0)"
tap_done
