#!/bin/sh
# all-devices.sh COMMAND [ARGS...] - run a guest suite with IDXGEN_DEVICES=all
# (the runtime splits each launch's index generation of two blocks or more
# over every idxgen device; by default only grids that take several jobs:
# lib/rt/devices.c; check.suites runs the same suites on device 0 alone)
# and check that it did: every device's job count
# (sysfs "jobs" on its PCI device, the driver's, not the runtime's word) must
# grow during the suite.  The suite's own TAP comes first, then one line per
# device; the exit status is the suite's, or 1 when a device stayed idle.
# The suites of tests/vm/all-devices.suites (tests/vm/README.md): cc-all,
# cc-warp-all, coop-all, cuda-progs-all; check.suites has them too.
jobs_of() { cat "$1/device/jobs" 2>/dev/null || echo -1; }

before=""
for a in /sys/class/accel/accel*; do
	[ -e "$a/device/jobs" ] && before="$before $(basename "$a"):$(jobs_of "$a")"
done
IDXGEN_DEVICES=all "$@"
rc=$?
n=0
for e in $before; do
	name=${e%%:*} j0=${e#*:}
	j1=$(jobs_of "/sys/class/accel/$name")
	n=$((n + 1))
	# the counts on a diagnostic line: a test's name is the same every run
	echo "# IDXGEN_DEVICES=all: $name's jobs count $j0 -> $j1"
	if [ "$j0" -ge 0 ] && [ "$j1" -gt "$j0" ]; then
		echo "ok - IDXGEN_DEVICES=all: $name ran jobs during the suite"
	else
		echo "not ok - IDXGEN_DEVICES=all: $name ran jobs during the suite"
		rc=1
	fi
done
if [ "$n" -lt 2 ]; then
	echo "# IDXGEN_DEVICES=all: $n idxgen device(s) with a jobs count"
	echo "not ok - IDXGEN_DEVICES=all: the VM's two idxgen devices are here"
	rc=1
fi
exit $rc
