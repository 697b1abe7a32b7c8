#!/bin/sh
# SPDX-License-Identifier: MIT
# The drv-fault side of issue 27: drv-fault (AER SDN injections, removal
# and rescan of idxgen0, resets) while idxgen-topo-race reads idxgen1's ID
# register on the last CPU.  drv-fault's bus resets, removals and rescans
# are the topology changes; a QEMU without the fix misroutes some of the
# reads (or aborts).  Prints both tests' TAP.
# usage: aer-topo-race.sh [DRV_TEST_MODE...]   (default: fault)
cd "$(dirname "$0")" || exit 1
[ $# -gt 0 ] || set -- fault
./idxgen-topo-race read >/tmp/aer-topo-race.out 2>&1 &
reader=$!
# The reader's first line (its BAR mapped) comes before its reads: wait for
# it, not for a time; READER_HANG_GUARD_S is a hang guard only (the line
# comes in under a second: tests/README.md).
READER_HANG_GUARD_S=600
i=0
while ! grep -q '^\(not \)\{0,1\}ok 1 ' /tmp/aer-topo-race.out 2>/dev/null &&
	kill -0 "$reader" 2>/dev/null && [ $i -lt $((READER_HANG_GUARD_S * 10)) ]; do
	sleep 0.1
	i=$((i + 1))
done
./idxgen-drv-test "$@"
rc=$?
kill -INT "$reader"
wait "$reader" || rc=1
sed 's/^\(not \)\{0,1\}ok [0-9]* - /&reader: /' /tmp/aer-topo-race.out
exit $rc
