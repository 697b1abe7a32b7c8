#!/bin/sh
# In-guest suite `coop` (tests/vm/check.suites): the cooperative programs built
# on the host (make -C lib/coop guest) against the real device through the
# driver: the generated parallel program must print what the sequential one does.
cd "$(dirname "$0")" || exit 1
for tap_sh in ./tap.sh ../common/tap.sh; do
	[ -f "$tap_sh" ] && break
done
. "$tap_sh"
export COOP_TIMEOUT_MS=60000
./coop-paper-seq >/tmp/coop-seq.out
ok $? "paper example, sequential, on the device"
if [ -n "${IDXGEN_DEVICES:-}" ]; then
	# several devices serve the producers (lib/coop/coop_rt.c): device 0 alone is the reference
	IDXGEN_DEVICES=0 ./coop-paper-seq >/tmp/coop-one.out && cmp -s /tmp/coop-one.out /tmp/coop-seq.out
	ok $? "paper example, sequential, IDXGEN_DEVICES=$IDXGEN_DEVICES == device 0 alone"
fi
bad=0
for s in 1 2 3 4 5 6 7 8; do
	COOP_DELAY_US=$(( (s % 3) * 200 )) COOP_SEED=$s ./coop-paper-par >/tmp/coop-par.out || bad=1
	cmp -s /tmp/coop-seq.out /tmp/coop-par.out || bad=1
done
ok $bad "paper example: 8 parallel runs with random delays == sequential, on the device"
./coop-bench-seq >/tmp/coop-seq.out 2>/dev/null && ./coop-bench-par >/tmp/coop-par.out 2>/dev/null &&
	cmp -s /tmp/coop-seq.out /tmp/coop-par.out
ok $? "pipeline benchmark program: parallel == sequential, on the device"
# Random programs (tests/coop/random_test.py --stage): parallel == sequential
# (and, with IDXGEN_DEVICES set, sequential == sequential on device 0 alone).
for seq in ./coop-r[0-9]*-seq; do
	[ -x "$seq" ] || continue
	par=${seq%-seq}-par
	bad=0
	"$seq" >/tmp/coop-seq.out || bad=1
	if [ -n "${IDXGEN_DEVICES:-}" ]; then
		IDXGEN_DEVICES=0 "$seq" >/tmp/coop-one.out || bad=1
		cmp -s /tmp/coop-one.out /tmp/coop-seq.out || bad=1
	fi
	for s in 1 2 3; do
		COOP_DELAY_US=$(( (s - 1) * 150 )) COOP_SEED=$s "$par" >/tmp/coop-par.out || bad=1
		cmp -s /tmp/coop-seq.out /tmp/coop-par.out || bad=1
	done
	ok $bad "random program ${seq#./} (and -par): 3 parallel runs with random delays == sequential, on the device"
done
tap_done
