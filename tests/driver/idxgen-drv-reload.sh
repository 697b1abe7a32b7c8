#!/bin/sh
# SPDX-License-Identifier: MIT
# idxgen driver: rmmod right after an exit with jobs queued (5 rounds),
# unload/reload 20 times, probe with a missing and with a corrupted firmware
# image (clean failure, no leak), then back to normal.  Every round counts
# the kernel's warnings (WARNING:, BUG:, lockdep, KASAN, kmemleak...) before
# and after and fails when the count grew.  busybox sh; prints TAP.

# the module /init loaded (IDXGEN_KO: the DKMS build when the packages are in)
KO=${IDXGEN_KO:-/opt/idxgen/modules/idxgen.ko}
FW=/lib/firmware/idxgen/idxgen-fw.bin

log() { echo "<6>idxgen-drv-reload: $*" > /dev/kmsg; }

for tap_sh in "$(dirname "$0")/tap.sh" "$(dirname "$0")/../common/tap.sh"; do
	[ -f "$tap_sh" ] && break
done
. "$tap_sh"

ndev() { ls /dev/accel/ 2>/dev/null | grep -c '^accel'; }
expected=$(ls -d /sys/bus/pci/drivers/idxgen/0000:* 2>/dev/null | wc -l)
[ "$expected" -ge 1 ] || expected=1

# (sh has no locals: the helpers use w, the loop below uses round)
# The waits poll for a condition; HANG_GUARD (1500 s of 0.1 s polls) only
# ends one that never comes (a probe takes well under a second; the whole
# suite 121 s on the debug kernel at load 23: >= 12x, tests/README.md).
HANG_GUARD=15000
wait_devs() { # count
	w=0
	while [ "$(ndev)" -lt "$1" ] && [ $w -lt $HANG_GUARD ]; do sleep 0.1; w=$((w + 1)); done
	[ "$(ndev)" -ge "$1" ]
}

wait_gone() {
	w=0
	while [ "$(ndev)" -gt 0 ] && [ $w -lt $HANG_GUARD ]; do sleep 0.1; w=$((w + 1)); done
	[ "$(ndev)" -eq 0 ]
}

# wait_dmesg PATTERN COUNT: until the kernel log has COUNT lines matching
# PATTERN (each failed probe says why), not for a time.
wait_dmesg() {
	w=0
	while [ "$(dmesg | grep -c "$1")" -lt "$2" ] && [ $w -lt $HANG_GUARD ]; do
		sleep 0.1
		w=$((w + 1))
	done
}

# Kernel warnings so far: a splat in a round shows as a count that grew
# around it (the VM harness clears the log between suites, not within one).
SPLAT='WARNING:|BUG:|Oops|possible (circular|recursive) locking|inconsistent lock state|KASAN|UBSAN|kmemleak: .*leak|blocked for more than'
nwarn() { dmesg | grep -c -E "$SPLAT"; }

# A round fails when it added a kernel warning; the new lines as diagnostics.
round_ok() { # bad before after description
	if [ "$3" -gt "$2" ]; then
		dmesg | grep -E "$SPLAT" | tail -n +$(($2 + 1)) | head -5 | sed 's/^/# kernel: /'
	fi
	[ "$1" -eq 0 ] && [ "$3" -eq "$2" ]
	ok $? "$4 (kernel warnings $2 -> $3)"
}

# rmmod right after a process exited with 256 jobs queued (behind a hung
# job where the device has the debug block) and a context destroyed: the
# exit kills the queued jobs, which are freed later, so teardown must wait
# for them before the region allocator goes (issue 8, item 9; before the
# fix: WARNING at drm_mm.c:964 drm_mm_takedown).
round=0
while [ $round -lt 5 ]; do
	round=$((round + 1))
	bad=0
	w0=$(nwarn)
	log "flood round $round: exit with jobs queued, rmmod at once"
	out=$(idxgen-drv-test flood 2>&1) || { bad=1; echo "# flood round $round: $out"; }
	rmmod idxgen || { bad=1; echo "# rmmod after flood failed at round $round"; }
	insmod $KO || { bad=1; echo "# insmod failed at flood round $round"; }
	wait_devs "$expected" || { bad=1; echo "# devices missing at flood round $round"; }
	round_ok $bad "$w0" "$(nwarn)" "flood round $round: $out; rmmod at once, insmod"
done

t0=$(date +%s)
round=0
while [ $round -lt 20 ]; do
	round=$((round + 1))
	bad=0
	w0=$(nwarn)
	log "round $round: rmmod"
	if ! rmmod idxgen; then
		bad=1; echo "# rmmod failed at round $round"
	elif ! wait_gone; then
		bad=1; echo "# device nodes left after rmmod at round $round"
	fi
	log "round $round: insmod"
	insmod $KO || { bad=1; echo "# insmod failed at round $round"; }
	wait_devs "$expected" || { bad=1; echo "# devices missing at round $round"; }
	round_ok $bad "$w0" "$(nwarn)" "reload round $round: rmmod, insmod, $expected devices (+$(($(date +%s) - t0))s)"
done
loaded=$(dmesg | grep -c 'idxgen.*firmware .* loaded')
[ "$loaded" -ge $((20 * expected)) ]; ok $? "firmware loaded at every probe ($loaded times)"

log "missing firmware"
# missing firmware: probe fails cleanly with a clear line, module still unloads
w0=$(nwarn)
rmmod idxgen; wait_gone
mv $FW $FW.save
insmod $KO
wait_dmesg 'firmware idxgen/idxgen-fw.bin not available' "$expected"
[ "$(ndev)" -eq 0 ]; ok $? "no device without firmware"
dmesg | grep -q 'firmware idxgen/idxgen-fw.bin not available'; ok $? "dmesg names the missing firmware"
rmmod idxgen; ok $? "unload after failed probes"

log "corrupted firmware"
# corrupted firmware: the device rejects it (CRC), probe fails cleanly
cp $FW.save $FW
printf '\377' | dd of=$FW bs=1 seek=70 conv=notrunc 2>/dev/null
insmod $KO
wait_dmesg 'rejected by the device' "$expected"
[ "$(ndev)" -eq 0 ]; ok $? "no device with a corrupted firmware"
dmesg | grep -q 'rejected by the device'; ok $? "dmesg says the device rejected the image"
rmmod idxgen; ok $? "unload after rejected firmware"

mv $FW.save $FW
insmod $KO
wait_devs "$expected"; ok $? "back to normal with the good image"
round_ok 0 "$w0" "$(nwarn)" "failed probes (missing, corrupted firmware) and the reload after them"

tap_done
