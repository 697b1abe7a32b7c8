#!/bin/sh
# check-host.sh - the `make run` demo's programs on the host (TAP; suite
# demo-host of `make check`), the emulation backend standing in for the
# device: what the VM runs, minus the device, in seconds.  And the demo's
# CUDA program is real CUDA: NVIDIA's nvcc compiles it where nvcc exists.
#
# usage: check-host.sh BUILD_DEMO_DIR ROOT   (tests/vm/demo/Makefile check)
O=$1
ROOT=$2
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
export IDXGEN_BACKEND=emu
. "$(dirname "$0")/../../common/tap.sh"
tmp=${TMPDIR:-/tmp}/demo-host.$$
trap 'rm -rf "$tmp"*' EXIT

"$O/cuda/imgstat" >"$tmp.out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q ': PASS$' "$tmp.out"
ok $? "imgstat (the whole program by idxgen-cc) prints PASS"
[ -s "$O/cuda/imgstat.build" ] && grep -q '^idxgen-cc -o imgstat imgstat.cu$' "$O/cuda/imgstat.build"
ok $? "imgstat.build holds the command the demo shows"

"$O/demo-tune" --workload copy_cols --size 256 --block 16 --plot "$tmp.png" >"$tmp.out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q '<- winner$' "$tmp.out" &&
	grep -q '^results of all three launches == C reference: yes$' "$tmp.out" && [ -s "$tmp.png" ]
ok $? "demo-tune: a winner, results equal the C reference, a chart"
"$O/demo-tune" --workload conv11 --size 128 --block 16 --cands sequential,hilbert >"$tmp.out" 2>&1
ok $? "demo-tune: another workload, other candidates"
"$O/demo-tune" --workload conv11 --size 64 --block 16 >"$tmp.out" 2>&1
[ $? -eq 1 ] && grep -q 'too small to compare candidates' "$tmp.out"
ok $? "demo-tune: a grid too small for a sample fails, and says why"
"$O/demo-tune" --cands nosuchorder >"$tmp.out" 2>&1
[ $? -eq 2 ] && grep -q "bad candidate 'nosuchorder'" "$tmp.out"
ok $? "demo-tune: a bad candidate is a usage error"

"$O/demo-arb" --seconds 1 >"$tmp.out" 2>&1
rc=$?
# the timed run's preemption and hold-limit release counts are figures
# (speed, load): the check is on the untimed step-by-step part
[ $rc -eq 0 ] && grep -q '^grants counted by the arbiter == the workers. own: 4 of 4 workers; wrong indices 0, errors 0$' "$tmp.out" &&
	grep -q '^step by step (untimed): .*LOW preempted at once, 1 preemption; .*the hold limit took the lock, 1 hold-limit release$' "$tmp.out"
ok $? "demo-arb: grants counted, no wrong index, preemptions and hold-limit releases"

"$O/coop/coop-seq" >"$tmp.seq" 2>&1 && "$O/coop/coop-par" >"$tmp.par" 2>&1 &&
	[ "$(grep -c '^c[0-9] ' "$tmp.seq")" -eq 7 ] && cmp -s "$tmp.seq" "$tmp.par"
ok $? "cooperative warps: parallel == sequential"

if [ -x "$NVCC" ]; then
	"$NVCC" -arch=sm_90 -c -o "$tmp.o" "$ROOT/lib/examples/cuda/imgstat.cu" >"$tmp.out" 2>&1
	ok $? "imgstat.cu is real CUDA: nvcc -arch=sm_90 -c compiles it"
else
	skip "no nvcc at $NVCC (NVCC=...)" "imgstat.cu compiles with nvcc"
fi
tap_done
