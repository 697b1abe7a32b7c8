#!/bin/sh
# locks-left.sh - the lock tests of the libidxgen suite (idxgen-lib-test -t locks)
# after another program left the device's arbiter changed: enforcement off and
# a hold limit, as the ioctl fuzzer (VM suite fuzz, root) may leave them.  The
# tests must set the driver's defaults they are about, not inherit the last
# program's (a clean-clone VM run repeating its suites failed "shared-region
# job without lock 0" in every round after the fuzzer's).  VM suite
# lib-locks-left (tests/vm/check.suites); root, device 0.  TAP.
if ! idxgen locks --enforce off --hold-limit 3 >/dev/null; then
	echo "not ok 1 - idxgen locks --enforce off --hold-limit 3 (the plant)"
	echo "1..1"
	exit 1
fi
exec idxgen-lib-test -t locks
