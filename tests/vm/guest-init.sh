#!/bin/sh
# /init of the idxgen test VM (busybox).
#
# Plan (kernel command line idxgen_plan=, reaches us as $idxgen_plan):
#   smoke  - boot, load the DRM modules, show the device
#   check  - smoke, load idxgen.ko, run every suite in /opt/idxgen/check.suites
#   soak   - the same with /opt/idxgen/soak.suites (tests/vm/soak.sh)
#   demo   - load idxgen.ko, run /opt/idxgen/tests/demo.sh on the console
#
# Results go to the second serial port (/dev/ttyS1, a host file) framed by
# "### suite NAME" / "### end NAME rc=N" lines and closed by
# "### IDXGEN-VM-DONE suites=N failed=M": a log without that last line was
# cut.  The exit status goes out through isa-debug-exit.
#
# Kernel health is checked after every suite (kcheck): new kernel log lines
# with a splat (WARNING, BUG, KASAN, UBSAN, lockdep, DMA-API, ODEBUG, RCU,
# hung task...), new taint bits, and on the debug kernel (idxgen_kernel=debug)
# a kmemleak scan: each is a "not ok" line that names the suite.
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
# The hung-task and soft-lockup detectors measure guest time, which under
# TCG is the host's: a vCPU that a loaded host starves looks stuck (a soft
# lockup of 22 s was seen at boot, in ACPI, with QEMU at nice 19 and load
# 22).  They are hang detectors, not speed checks: the kernel's default
# 120 s for a hung task (was 10 s) and the longest soft-lockup threshold,
# 2 x watchdog_thresh=60 s (run-vm.sh's command line, so that boot has it).
echo 120 > /proc/sys/kernel/hung_task_timeout_secs 2>/dev/null

RES=/dev/ttyS1
plan=${idxgen_plan:-smoke}
# Suites may look at the kernel flavour (fault injection is debug-only).
export IDXGEN_KERNEL=${idxgen_kernel:-stock}
KMEMLEAK=/sys/kernel/debug/kmemleak
KMEMLEAK_MIN_AGE_S=5	# mm/kmemleak.c MSECS_MIN_AGE
SPLAT='BUG:|Oops|WARNING:|general protection|KFENCE|KASAN|UBSAN|DMA-API: [^ ]+ [^ ]+: |DMA-API: debugging out of memory|ODEBUG|list_(add|del) corruption|possible (circular|recursive) locking|inconsistent lock state|suspicious RCU usage|sleeping function called from invalid context|blocked for more than|soft lockup|refcount_t:|unreferenced object'
# Taint bits that are not a kernel problem: O (out-of-tree module, 4096)
# and E (unsigned module, 8192).
TAINT_IGNORE=$((4096 | 8192))
suites=0
failed=0

emit() { echo "$*" > $RES; }

vm_exit() {
	# isa-debug-exit: QEMU exits with (code << 1) | 1.  vm-exit first waits
	# until the results port has sent every byte (tcdrain: a slow debug
	# kernel can still hold the last lines in its transmit buffer).
	/opt/idxgen/bin/vm-exit "$1" $RES 2>/dev/null
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
	while read -r m; do
		mod=$(basename "$m" .ko | tr - _)
		n=$((n + 1))
		if grep -q "^$mod " /proc/modules; then
			emit "ok $n - module $mod live"
		else
			emit "not ok $n - module $mod live"
			bad=1
		fi
	done < /lib/modules/drm/load-order
	# The debug kernel has these built in (build-initramfs.sh).
	while read -r mod sym; do
		n=$((n + 1))
		if grep -q " $sym\$" /proc/kallsyms; then
			emit "ok $n - $mod built in ($sym)"
		else
			emit "not ok $n - $mod built in ($sym)"
			bad=1
		fi
	done < /lib/modules/drm/builtin
	parts=$(cat /lib/modules/drm/load-order /lib/modules/drm/builtin | grep -c .)
	n=$((n + 1))
	if [ "$parts" -ge 3 ]; then
		emit "ok $n - DRM core, scheduler and shmem helpers expected ($parts parts)"
	else
		emit "not ok $n - DRM core, scheduler and shmem helpers expected (only $parts parts)"
		bad=1
	fi
	n=$((n + 1))
	if grep -qi "1af410f0" /proc/bus/pci/devices; then
		emit "ok $n - idxgen PCI device enumerated"
	else
		emit "not ok $n - idxgen PCI device enumerated"
		bad=1
	fi
	emit "# $(uname -r); $(grep -c . /proc/bus/pci/devices) PCI functions"
	emit "1..$n"	# the plan: tests/common/tap-count.sh checks every program's
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
		# insmod's probe creates the node before it returns: a poll,
		# ACCEL_HANG_GUARD_S its hang guard (was 5 s, a speed guess; the
		# node comes in under a second: tests/README.md)
		ACCEL_HANG_GUARD_S=600
		i=0
		while [ ! -e /dev/accel/accel0 ] && [ $i -lt $((ACCEL_HANG_GUARD_S * 10)) ]; do
			sleep 0.1
			i=$((i + 1))
		done
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

# Kernel health since the last call, as TAP lines naming suite $1.
: > /tmp/dmesg.all
taint_prev=0
# uptime_cs: the guest's uptime in hundredths of a second (/proc/uptime
# always has two decimals).
uptime_cs() {
	local up
	read -r up _ < /proc/uptime
	echo "${up%.*}${up#*.}"
}
kcheck() { # name
	kcheck_t0=$(uptime_cs)
	dmesg -c > /tmp/dmesg.suite 2>/dev/null
	cat /tmp/dmesg.suite >> /tmp/dmesg.all
	if grep -qE "$SPLAT" /tmp/dmesg.suite; then
		emit "not ok - kernel log clean during $1"
		grep -E -B2 -A20 "$SPLAT" /tmp/dmesg.suite | head -80 | sed 's/^/# /' > $RES
		failed=$((failed + 1))
	else
		emit "ok - kernel log clean during $1"
	fi
	t=$(cat /proc/sys/kernel/tainted)
	new=$(( (t & ~taint_prev) & ~TAINT_IGNORE ))
	taint_prev=$t
	if [ "$new" -ne 0 ]; then
		emit "not ok - kernel not tainted during $1 (new taint bits $new, now $t)"
		failed=$((failed + 1))
	fi
	if [ -w "$KMEMLEAK" ]; then
		# kmemleak reports an object when two scans in a row find it
		# unreferenced with the same contents (the first records its
		# checksum: mm/kmemleak.c, update_checksum) and it was older
		# than the minimum age (5 s, MSECS_MIN_AGE, in jiffies) when the
		# reporting scan started.  So the first scan runs at once, and
		# the second once the suite's last allocations are old enough:
		# the age wait overlaps the first scan (about 6 s each on the
		# debug kernel under TCG) instead of coming before both.  Not a
		# guess of any speed: the guest's own clock measures both the
		# age and this wait, at any load (one second over: jiffies may
		# trail the clock by a tick).
		echo scan > $KMEMLEAK
		while [ "$(uptime_cs)" -lt $((kcheck_t0 + (KMEMLEAK_MIN_AGE_S + 1) * 100)) ]; do
			sleep 0.2
		done
		echo scan > $KMEMLEAK
		cat $KMEMLEAK > /tmp/kmemleak.out
		if [ -s /tmp/kmemleak.out ]; then
			emit "not ok - kmemleak: no leak during $1 ($(grep -c '^unreferenced object' /tmp/kmemleak.out) objects)"
			head -60 /tmp/kmemleak.out | sed 's/^/# /' > $RES
			failed=$((failed + 1))
		else
			emit "ok - kmemleak: no leak during $1"
		fi
		echo clear > $KMEMLEAK
	elif [ "$IDXGEN_KERNEL" = debug ]; then
		emit "not ok - kmemleak available on the debug kernel ($KMEMLEAK)"
		failed=$((failed + 1))
	fi
}

run_suite() { # name command...
	name=$1
	shift
	suites=$((suites + 1))
	emit "### suite $name"
	case "$name" in
	debug:*)
		# Suites that would crash the stock kernel (they test fixes that
		# only the debug kernel carries, tests/vm/kernel/patches).
		if [ "$IDXGEN_KERNEL" != debug ]; then
			emit "ok - suite $name: debug kernel only # SKIP on the $IDXGEN_KERNEL kernel"
			emit "### end $name rc=0"
			return 0
		fi
		;;
	stock:*)
		# Suites of what only the stock kernel's guest has: the packages
		# laid over / with the DKMS module built for the stock kernel.
		if [ "$IDXGEN_KERNEL" = debug ]; then
			emit "ok - suite $name: stock kernel only (packages, DKMS module) # SKIP on the debug kernel"
			emit "### end $name rc=0"
			return 0
		fi
		;;
	esac
	read -r t0 _ < /proc/uptime
	if [ "$plan" = demo ]; then
		# the demo's output on the console as it happens
		{ (cd /opt/idxgen/tests && timeout ${IDXGEN_SUITE_TIMEOUT:-1800} "$@") 2>&1
		  echo $? > /tmp/suite.rc; } | tee /tmp/suite.out
		rc=$(cat /tmp/suite.rc)
	elif [ "$plan" = soak ]; then
		# A soak's suite may run for hours (SOAK_IOCTLS: until its
		# count): its output goes to the results as it comes, so that
		# a run its guard or the host stops still shows how far it got.
		{ (cd /opt/idxgen/tests && timeout ${IDXGEN_SUITE_TIMEOUT:-1800} "$@") 2>&1
		  echo $? > /tmp/suite.rc; } | tee /tmp/suite.out > $RES
		rc=$(cat /tmp/suite.rc)
	else
		(cd /opt/idxgen/tests && timeout ${IDXGEN_SUITE_TIMEOUT:-1800} "$@") > /tmp/suite.out 2>&1
		rc=$?
	fi
	[ "$plan" = soak ] || cat /tmp/suite.out > $RES
	if [ $rc -ne 0 ]; then
		failed=$((failed + 1))
		grep -q '^not ok' /tmp/suite.out || emit "not ok - suite $name exited with status $rc"
	fi
	kcheck "$name"
	# How long the suite took, its kernel checks included, on the guest's
	# clock: a figure for the logs (make check's per-suite cost), never
	# compared with anything.
	read -r t1 _ < /proc/uptime
	emit "# suite $name: $((${t1%%.*} - ${t0%%.*})) s on the guest clock," \
		"$((($(uptime_cs) - kcheck_t0) / 100)) s of them the kernel checks"
	emit "### end $name rc=$rc"
}

emit "# kernel $(uname -r) ($IDXGEN_KERNEL), tainted $(cat /proc/sys/kernel/tainted)"
emit "# hang detectors: hung_task_timeout_secs $(cat /proc/sys/kernel/hung_task_timeout_secs 2>/dev/null)," \
	"watchdog_thresh $(cat /proc/sys/kernel/watchdog_thresh 2>/dev/null)"
# Boot-time leaks and messages are not ours: the baseline for kcheck.
if [ -w "$KMEMLEAK" ]; then echo scan > $KMEMLEAK; echo clear > $KMEMLEAK; fi
emit "### suite smoke"
suites=1
if smoke; then emit "### end smoke rc=0"; else failed=1; emit "### end smoke rc=1"; fi

case "$plan" in
check|soak)
	load_idxgen
	lspci_check
	kcheck "boot and driver load"
	if [ -f /opt/idxgen/$plan.suites ]; then
		# idxgen_skip=N: the first N suites ran in an earlier VM, whose
		# QEMU crashed in suite N (run-vm.sh boots this one for the rest).
		skip=${idxgen_skip:-0}
		[ "$skip" -gt 0 ] && emit "# a fresh VM after a QEMU crash: the first $skip suites ran in the one before"
		while read -r name cmd; do
			case "$name" in ''|'#'*) continue ;; esac
			if [ "$skip" -gt 0 ]; then
				skip=$((skip - 1))
				continue
			fi
			# shellcheck disable=SC2086
			run_suite "$name" $cmd < /dev/null
		done < /opt/idxgen/$plan.suites
	else
		emit "not ok - /opt/idxgen/$plan.suites staged"
		failed=$((failed + 1))
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
kcheck "shutdown (rmmod)"
if grep -qE "$SPLAT" /tmp/dmesg.all; then
	emit "not ok - kernel log clean (whole run)"
	failed=$((failed + 1))
else
	emit "ok - kernel log clean (no BUG/Oops/WARNING/KASAN/lockdep in the whole run)"
fi
cp /tmp/dmesg.all /tmp/dmesg.txt
emit "### dmesg-tail"
tail -40 /tmp/dmesg.txt | sed 's/^/# /' > $RES
emit "### IDXGEN-VM-DONE suites=$suites failed=$failed"
sync
if [ $failed -eq 0 ]; then vm_exit 0; else vm_exit 1; fi
