#!/bin/sh
# /init of the idxgen test VM (busybox).
#
# Plan (kernel command line idxgen_plan=, reaches us as $idxgen_plan):
#   smoke  - boot, load the DRM modules, show the device
#   check  - smoke, load idxgen.ko, run every suite in /opt/idxgen/check.suites
#   demo   - load idxgen.ko, run /opt/idxgen/tests/demo.sh on the console
#
# Results go to the second serial port (/dev/ttyS1, a host file) framed by
# "### suite NAME" / "### end NAME rc=N" lines and closed by
# "### IDXGEN-VM-DONE suites=N failed=M": a log without that last line was
# cut.  The exit status goes out through isa-debug-exit.
export PATH=/bin:/sbin:/opt/idxgen/bin:/opt/idxgen/tests
export LD_LIBRARY_PATH=/opt/idxgen/lib
export HOME=/tmp

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t debugfs debugfs /sys/kernel/debug
mount -t tmpfs tmpfs /tmp
mkdir -p /dev/pts /dev/shm && mount -t devpts devpts /dev/pts && mount -t tmpfs tmpfs /dev/shm
echo 1 > /proc/sys/kernel/panic_on_oops
echo 10 > /proc/sys/kernel/hung_task_timeout_secs 2>/dev/null

RES=/dev/ttyS1
plan=${idxgen_plan:-smoke}
suites=0
failed=0

emit() { echo "$*" > $RES; }

vm_exit() {
	# isa-debug-exit: QEMU exits with (code << 1) | 1
	/opt/idxgen/bin/vm-exit "$1" 2>/dev/null
	poweroff -f
}

smoke() {
	n=0
	bad=0
	while read -r m; do
		n=$((n + 1))
		if insmod /lib/modules/drm/$m 2>/tmp/insmod.err; then
			emit "ok $n - insmod $m"
		else
			emit "not ok $n - insmod $m: $(cat /tmp/insmod.err)"
			bad=1
		fi
	done < /lib/modules/drm/load-order
	for mod in drm drm_kms_helper drm_shmem_helper gpu_sched; do
		n=$((n + 1))
		if grep -q "^$mod " /proc/modules; then
			emit "ok $n - module $mod live"
		else
			emit "not ok $n - module $mod live"
			bad=1
		fi
	done
	n=$((n + 1))
	if grep -qi "1af410f0" /proc/bus/pci/devices; then
		emit "ok $n - idxgen PCI device enumerated"
	else
		emit "not ok $n - idxgen PCI device enumerated"
		bad=1
	fi
	emit "# $(uname -r); $(grep -c . /proc/bus/pci/devices) PCI functions"
	return $bad
}

load_idxgen() {
	# The DKMS-built module when the packages are installed (make check's
	# check plan), else the one `make guest` staged.
	ko=/opt/idxgen/modules/idxgen.ko
	dkms_ko=/lib/modules/$(uname -r)/updates/dkms/idxgen.ko
	if [ -f "$dkms_ko" ]; then
		ko=$dkms_ko
		emit "# loading the DKMS-built module $ko"
	fi
	export IDXGEN_KO=$ko	# suites that reload the driver use the same one
	if [ ! -f $ko ]; then
		emit "not ok - idxgen.ko staged in /opt/idxgen/modules"
		failed=$((failed + 1))
		return 1
	fi
	if insmod $ko; then
		emit "ok - insmod $ko"
		i=0
		while [ ! -e /dev/accel/accel0 ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
		if [ -e /dev/accel/accel0 ]; then
			emit "ok - /dev/accel/accel0 present"
		else
			emit "not ok - /dev/accel/accel0 present"
			failed=$((failed + 1))
		fi
	else
		emit "not ok - insmod idxgen.ko"
		failed=$((failed + 1))
	fi
}

# The accelerators as the PCI core sees them once the driver is bound:
# class, both memory BARs (BAR2 64-bit prefetchable) and MSI-X enabled with
# num-queues + 1 vectors.
check_line() { # pattern description: one lspci -vv property of $dev
	if grep -qE "$1" /tmp/lspci.out; then
		emit "ok - lspci $dev: $2"
	else
		emit "not ok - lspci $dev: $2"
		failed=$((failed + 1))
	fi
}

lspci_check() {
	if [ ! -x /opt/idxgen/bin/lspci ]; then
		emit "not ok - pciutils lspci staged in /opt/idxgen/bin"
		failed=$((failed + 1))
		return 1
	fi
	n=0
	for dev in $(lspci -n -d 1af4:10f0 | cut -d' ' -f1); do
		n=$((n + 1))
		lspci -vv -s "$dev" > /tmp/lspci.out 2>&1
		sed 's/^/# /' /tmp/lspci.out > $RES
		check_line '^[0-9a-f:.]+ Processing accelerators' "class processing accelerator"
		check_line 'Region 0: Memory at [0-9a-f]+ \(32-bit, non-prefetchable\) \[size=16K\]' "BAR0 registers, 16 KiB"
		check_line 'Region 2: Memory at [0-9a-f]+ \(64-bit, prefetchable\)' "BAR2 index memory, 64-bit prefetchable"
		check_line 'MSI-X: Enable\+ Count=[0-9]+' "MSI-X capability enabled by the driver"
		check_line 'Kernel driver in use: idxgen' "bound to idxgen"
	done
	if [ $n -ge 1 ]; then
		emit "ok - lspci lists $n idxgen accelerators"
	else
		emit "not ok - lspci lists the idxgen accelerators"
		failed=$((failed + 1))
	fi
}

run_suite() { # name command...
	name=$1
	shift
	suites=$((suites + 1))
	emit "### suite $name"
	(cd /opt/idxgen/tests && timeout ${IDXGEN_SUITE_TIMEOUT:-600} "$@") > /tmp/suite.out 2>&1
	rc=$?
	cat /tmp/suite.out > $RES
	[ "$plan" = demo ] && cat /tmp/suite.out
	if [ $rc -ne 0 ]; then
		failed=$((failed + 1))
		grep -q '^not ok' /tmp/suite.out || emit "not ok - suite $name exited with status $rc"
	fi
	emit "### end $name rc=$rc"
}

emit "### suite smoke"
suites=1
if smoke; then emit "### end smoke rc=0"; else failed=1; emit "### end smoke rc=1"; fi

case "$plan" in
check)
	load_idxgen
	lspci_check
	if [ -f /opt/idxgen/check.suites ]; then
		while read -r name cmd; do
			case "$name" in ''|'#'*) continue ;; esac
			# shellcheck disable=SC2086
			run_suite "$name" $cmd < /dev/null
		done < /opt/idxgen/check.suites
	fi
	;;
demo)
	load_idxgen
	run_suite demo sh /opt/idxgen/tests/demo.sh
	;;
esac

# Shut the stack down the way a user would: the driver must unload cleanly.
if grep -q '^idxgen ' /proc/modules; then
	if rmmod idxgen 2>/tmp/rmmod.err; then
		emit "ok - rmmod idxgen (clean unload at shutdown)"
	else
		emit "not ok - rmmod idxgen at shutdown: $(cat /tmp/rmmod.err)"
		failed=$((failed + 1))
	fi
fi

# The kernel must have stayed healthy through everything.
if dmesg | grep -qE 'BUG:|Oops|WARNING:|general protection|KFENCE'; then
	emit "not ok - kernel log clean"
	dmesg | grep -E -A15 'BUG:|Oops|WARNING:|general protection|KFENCE' | head -60 | sed 's/^/# /' > $RES
	failed=$((failed + 1))
else
	emit "ok - kernel log clean (no BUG/Oops/WARNING)"
fi
dmesg > /tmp/dmesg.txt
emit "### dmesg-tail"
tail -40 /tmp/dmesg.txt | sed 's/^/# /' > $RES
emit "### IDXGEN-VM-DONE suites=$suites failed=$failed"
sync
if [ $failed -eq 0 ]; then vm_exit 0; else vm_exit 1; fi
