#!/bin/sh
# In-guest suite `coop` (tests/vm/check.suites): the cooperative programs built
# on the host (make -C lib/coop guest) against the real device through the
# driver: the generated parallel program must print what the sequential one does.
cd "$(dirname "$0")" || exit 1
for tap_sh in ./tap.sh ../common/tap.sh; do
	[ -f "$tap_sh" ] && break
done
. "$tap_sh"
# Hangs, as on the host (tests/coop/run.sh): every program runs under the
# progress watchdog (progress-guard, built by `make -C lib/coop guest` from
# tests/common/progress-guard.c), which stops it only when it has neither
# computed nor written for STALL_S, or still runs at the hang guard GUARD_S
# (exit 124, each task's state and wchan on stderr).  COOP_TIMEOUT_MS is a
# channel wait's own bound, as on the host.  tests/README.md lists the margins.
export COOP_TIMEOUT_MS=120000
STALL_S=120
GUARD_S=1800
if [ ! -x ./progress-guard ]; then
	ok 1 "progress-guard is staged beside the programs (make -C lib/coop guest)"
	tap_done
	exit 1
fi
G="./progress-guard -s $STALL_S -g $GUARD_S --"
# each run's wall and CPU seconds, for the margins (a diagnostic line at the end)
export PROGRESS_GUARD_LOG=/tmp/coop-guard.log
rm -f "$PROGRESS_GUARD_LOG"
$G ./coop-paper-seq >/tmp/coop-seq.out
ok $? "paper example, sequential, on the device"
if [ "${IDXGEN_DEVICES:-all}" != 0 ]; then
	# several devices serve the producers (lib/coop/coop_rt.c): device 0 alone is the reference
	IDXGEN_DEVICES=0 $G ./coop-paper-seq >/tmp/coop-one.out && cmp -s /tmp/coop-one.out /tmp/coop-seq.out
	ok $? "paper example, sequential, IDXGEN_DEVICES=$IDXGEN_DEVICES == device 0 alone"
fi
bad=0
for s in 1 2 3 4 5 6 7 8; do
	COOP_DELAY_US=$(( (s % 3) * 200 )) COOP_SEED=$s $G ./coop-paper-par >/tmp/coop-par.out || bad=1
	cmp -s /tmp/coop-seq.out /tmp/coop-par.out || bad=1
done
ok $bad "paper example: 8 parallel runs with random delays == sequential, on the device"
# (the programs' timing lines go to stderr; kept for a failure's report)
$G ./coop-bench-seq >/tmp/coop-seq.out 2>/tmp/coop-bench.err &&
	$G ./coop-bench-par >/tmp/coop-par.out 2>>/tmp/coop-bench.err &&
	cmp -s /tmp/coop-seq.out /tmp/coop-par.out
rc=$?
[ $rc -ne 0 ] && sed 's/^/# /' /tmp/coop-bench.err
ok $rc "pipeline benchmark program: parallel == sequential, on the device"
# Random programs (tests/coop/random_test.py --stage): parallel == sequential
# (and, unless IDXGEN_DEVICES=0, sequential == sequential on device 0 alone).
for seq in ./coop-r[0-9]*-seq; do
	[ -x "$seq" ] || continue
	par=${seq%-seq}-par
	bad=0
	$G "$seq" >/tmp/coop-seq.out || bad=1
	if [ "${IDXGEN_DEVICES:-all}" != 0 ]; then
		IDXGEN_DEVICES=0 $G "$seq" >/tmp/coop-one.out || bad=1
		cmp -s /tmp/coop-one.out /tmp/coop-seq.out || bad=1
	fi
	for s in 1 2 3; do
		COOP_DELAY_US=$(( (s - 1) * 150 )) COOP_SEED=$s $G "$par" >/tmp/coop-par.out || bad=1
		cmp -s /tmp/coop-seq.out /tmp/coop-par.out || bad=1
	done
	ok $bad "random program ${seq#./} (and -par): 3 parallel runs with random delays == sequential, on the device"
done
[ -s "$PROGRESS_GUARD_LOG" ] && echo "# slowest of $(wc -l <"$PROGRESS_GUARD_LOG") guarded runs (wall s, CPU s, exit, program):" \
	"$(sort -n "$PROGRESS_GUARD_LOG" | tail -1)"
tap_done
