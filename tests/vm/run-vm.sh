#!/bin/bash
# Boot the idxgen test VM and bring back its results.
#
# usage: run-vm.sh [--plan smoke|check|soak|demo] [--kernel stock|debug] [--timeout SEC]
#
# Hang guards only, no speed guesses (tests/README.md, "Time bounds"): each
# suite runs in the guest under SUITE_HANG_GUARD_S (IDXGEN_SUITE_TIMEOUT);
# QEMU is stopped when the guest writes nothing to its results port for
# VM_STALL_S (that guard plus VM_STALL_MARGIN_S: a hung guest, since every
# suite writes as it starts and as it ends), or when the run is still going
# after VM_HANG_GUARD_S (--timeout: a guest that keeps writing and never
# ends).
#
# Boots our QEMU (qemu-device/build-qemu.sh) with the Debian 6.12 kernel
# (--kernel stock, the default) or the debug kernel of tests/vm/kernel
# (--kernel debug: KASAN, lockdep, kmemleak, fault injection; DRM built in),
# an initramfs of busybox + DRM modules + $GUEST (staged by `make guest`),
# two idxgen devices, isa-debug-exit for the exit status and a second
# serial port to a host file for results.  Prints the guest's TAP lines;
# exits 0 only if the guest reported completion with no failure.
#
# Environment: IDXGEN_CACHE (/var/cache/idxgen), BUILD (repo build/),
# GUEST ($BUILD/guest), QEMU (path to qemu-system-x86_64),
# IDXGEN_VM_DEVICES (the -device arguments for the accelerators),
# IDXGEN_VM_VERBOSE=1 (console on stdout), IDXGEN_VM_SUITES (suite list
# instead of tests/vm/check.suites), IDXGEN_VM_MEM (MiB of guest
# memory), IDXGEN_VM_APPEND (extra kernel command line), IDXGEN_DEBUG_KDIR
# (--kernel debug: boot this built tree instead of tests/vm/kernel's),
# IDXGEN_VM_SMP (vCPUs, default 2), IDXGEN_VM_KEEP_CORE=1 (keep a crashed
# QEMU's core file).
#
# The QEMU of $IDXGEN_CACHE must have been built from this tree's carried
# patches and device sources: its build key ($IDXGEN_CACHE/qemu/build/
# idxgen-build-key, written by build-qemu.sh) must be the tree's
# (qemu-device/build-key.sh), else a "not ok" line says to run `make qemu`
# and the exit status is 2.  While the VM runs, a shared lock on
# $IDXGEN_CACHE/qemu.lock keeps build-qemu.sh (exclusive) from rebuilding
# it.  QEMU=path boots that binary unchecked, and says so.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=${IDXGEN_CACHE:-/var/cache/idxgen}
BUILD=${BUILD:-$ROOT/build}
GUEST=${GUEST:-$BUILD/guest}
VMDIR=$BUILD/vm
plan=check
kernel=stock
# Far above any whole run measured (the debug kernel's check plan: 632 s
# idle, 946 s on CI at load 4-6, 1,950 s at load 20-25, tests/README.md):
# the stall guard below catches a hung guest long before.
VM_HANG_GUARD_S=86400
limit=$VM_HANG_GUARD_S

while [ $# -gt 0 ]; do
	case "$1" in
	--plan) plan=$2; shift 2 ;;
	--timeout) limit=$2; shift 2 ;;
	--kernel) kernel=$2; shift 2 ;;
	-h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "run-vm: unknown argument '$1'" >&2; exit 2 ;;
	esac
done

mem=${IDXGEN_VM_MEM:-1024}
extra=${IDXGEN_VM_APPEND:-}
case "$kernel" in
stock)
	KVER=$(cat "$CACHE/kver" 2>/dev/null) || { echo "run-vm: no kernel chosen; run 'make deps'" >&2; exit 2; }
	KERNEL=/boot/vmlinuz-$KVER
	[ -f "$KERNEL" ] || { echo "run-vm: $KERNEL missing; run 'make deps'" >&2; exit 2; }
	# the slowest suite measured on the stock kernel: drv-reload, 52 s
	# at load 15-17 (tests/README.md): >= 10x.  The tests' own waits
	# (tests/common/hang_guard.h, 1500 s for the debug kernel) get a
	# stock-kernel bound below it, so a hang fails its test, named, and
	# two hangs cost 10 minutes, not 50: CI's 90 minutes hold a failing
	# run to its failure recap (stops 59 and 60 ran out of time in this
	# VM, 3,204 s, without it).
	SUITE_HANG_GUARD_S=${IDXGEN_SUITE_TIMEOUT:-600}
	TEST_HANG_GUARD_S=${IDXGEN_HANG_GUARD_S:-300}
	extra="IDXGEN_SUITE_TIMEOUT=$SUITE_HANG_GUARD_S IDXGEN_HANG_GUARD_S=$TEST_HANG_GUARD_S $extra"
	;;
debug)
	# Built (once, cached) by tests/vm/kernel/build-kernel.sh.  KASAN and
	# lockdep make TCG several times slower and KASAN's shadow takes an
	# eighth of memory: more memory and a longer limit.
	# IDXGEN_DEBUG_KDIR: another built tree (e.g. one without our patches).
	KDIR=${IDXGEN_DEBUG_KDIR:-$("$ROOT/tests/vm/kernel/build-kernel.sh")} ||
		{ echo "run-vm: debug kernel build failed" >&2; exit 2; }
	KVER=$(cat "$KDIR/kernelrelease")
	KERNEL=$KDIR/arch/x86/boot/bzImage
	export IDXGEN_KDIR=$KDIR
	mem=${IDXGEN_VM_MEM:-2048}
	# the slowest suite measured on the debug kernel: rt, 494 s at load
	# 20-24 (tests/vm/README.md): >= 12x
	SUITE_HANG_GUARD_S=${IDXGEN_SUITE_TIMEOUT:-6000}
	extra="kmemleak=on kasan_multi_shot log_buf_len=8M IDXGEN_SUITE_TIMEOUT=$SUITE_HANG_GUARD_S $extra"
	;;
*) echo "run-vm: --kernel stock|debug, not '$kernel'" >&2; exit 2 ;;
esac
# Booting, the kernel checks after a suite and the last drain take under a
# minute on the debug kernel under load: silence past a suite's own guard
# and this margin is a hung guest.
VM_STALL_MARGIN_S=600
VM_STALL_S=${IDXGEN_VM_STALL_S:-$((SUITE_HANG_GUARD_S + VM_STALL_MARGIN_S))}
if [ -n "${QEMU:-}" ]; then
	echo "# vm: QEMU=$QEMU (override): not checked against this tree's patches and device sources" \
		"(qemu-device/build-key.sh)"
else
	QEMU=$CACHE/qemu/build/qemu-system-x86_64
	# Shared: VMs run side by side, a build (build-qemu.sh) waits for them.
	if { exec {qemu_lock}>>"$CACHE/qemu.lock"; } 2>/dev/null; then
		if ! flock -s -n "$qemu_lock"; then
			echo "# vm: waiting for $CACHE/qemu.lock (build-qemu.sh is building)"
			flock -s "$qemu_lock"
		fi
	else
		echo "# vm: cannot open $CACHE/qemu.lock: booting without the lock"
	fi
	bash "$ROOT/qemu-device/build-key.sh" check "$CACHE/qemu/build" vm || exit 2
fi
[ -x "$QEMU" ] || { echo "run-vm: $QEMU missing; run 'make qemu'" >&2; exit 2; }

mkdir -p "$VMDIR" "$GUEST/bin"
# The static exit helper and the suite list travel with the guest files.
if [ ! -x "$GUEST/bin/vm-exit" ] || [ "$ROOT/tests/vm/vm-exit.c" -nt "$GUEST/bin/vm-exit" ]; then
	gcc -O2 -static -o "$GUEST/bin/vm-exit" "$ROOT/tests/vm/vm-exit.c" || exit 2
fi
# IDXGEN_VM_SUITES: another suite list for the check plan (one suite, say).
cp "${IDXGEN_VM_SUITES:-$ROOT/tests/vm/check.suites}" "$GUEST/check.suites" 2>/dev/null || : >"$GUEST/check.suites"
# The wrapper of the suites that run with every device serving a launch (cc-all, ...).
mkdir -p "$GUEST/bin" && install -m 755 "$ROOT/tests/vm/all-devices.sh" "$GUEST/bin/all-devices.sh"
# pciutils' lspci (and its libpci) for the in-guest PCI checks.
[ -x /usr/bin/lspci ] && cp /usr/bin/lspci "$GUEST/bin/lspci"

"$ROOT/tests/vm/build-initramfs.sh" "$KVER" "$GUEST" "$VMDIR/initramfs-$kernel.img" || exit 2

# Each accelerator sits behind its own PCIe root port, as a card in a slot
# would: the port gives the kernel a secondary-bus reset, which the driver's
# reset_prepare/reset_done tests need.  idxgen0 (with the fault-injection
# block) enumerates first and becomes /dev/accel/accel0.
DEVICES=${IDXGEN_VM_DEVICES:-"-device pcie-root-port,id=rp0,bus=pcie.0,chassis=1,slot=1
	-device idxgen,id=idxgen0,bus=rp0,debug=on,aer=on
	-device pcie-root-port,id=rp1,bus=pcie.0,chassis=2,slot=2
	-device idxgen,id=idxgen1,bus=rp1,num-queues=2,imem-size=16M,lanes=64,num-uqueues=0"}
tag=$plan
[ "$kernel" = stock ] || tag=$plan-$kernel
RESULTS=$VMDIR/results-$tag.txt
CONSOLE=$VMDIR/console-$tag.log
# A human monitor on a socket: a guest test prints "### hmp COMMAND" to the
# results port and hmp-forward.py runs it (e.g. pcie_aer_inject_error).
MONITOR=$VMDIR/monitor-$tag.sock
HMPLOG=$VMDIR/hmp-$tag.log
# QEMU runs in CORES (ulimit -c unlimited): a crash leaves its core there
# for gdb, where kernel.core_pattern is a plain file name.
CORES=$VMDIR/cores-$tag
PIDFILE=$VMDIR/qemu-$tag.pid
STALLED=$VMDIR/stalled-$tag
rm -rf "$CORES"
rm -f "$STALLED"
rm -f "$RESULTS" "$RESULTS".boot* "$RESULTS".host-clock "$CONSOLE" "$HMPLOG" "$VMDIR/qemu-crash-$tag".*
mkdir -p "$CORES"
: >"$RESULTS.clean"
: >"$CONSOLE"

echo "# vm: booting $KVER ($kernel kernel) under TCG (plan $plan; hang guards: ${limit} s in all," \
	"${VM_STALL_S} s without a result line, ${SUITE_HANG_GUARD_S} s a suite)"
start=$(date +%s)

# stamp_marks RAW: the host's clock at each suite's start and end: the
# guest's "### suite"/"### end" lines of RAW not yet in RAW.host-clock go
# there as "EPOCH-SECONDS LINE", stamped now.  The stall guard calls it at
# each poll (5 s) and boot_vm once QEMU is gone.  A starved TCG guest's
# clock ran 4-5x the host's (make soak at nice 19, load 20-27), so the
# guest's own durations are not seconds there.
stamp_marks() {
	local raw=$1 n have
	n=$(grep -ac '^### \(suite\|end\) ' "$raw" 2>/dev/null)
	have=$(cat "$raw.host-clock" 2>/dev/null | wc -l)
	[ "${n:-0}" -gt "$have" ] || return 0
	grep -a '^### \(suite\|end\) ' "$raw" | sed -n "$((have + 1)),${n}p" | tr -d '\r' |
		sed "s/^/$(date +%s) /" >>"$raw.host-clock"
}

# stall_guard RAW: stop QEMU (its pid file) once RAW has not grown for
# VM_STALL_S seconds, and say so in $STALLED.  Polls RAW's size; the guard
# is measured on the host's clock alone.  It ends with run-vm.sh ($$): a
# pid file left behind must never name another process to it.
stall_guard() {
	local raw=$1 size=-1 now since=$SECONDS
	while sleep 5 && kill -0 $$ 2>/dev/null; do
		now=$(stat -c %s "$raw" 2>/dev/null || echo 0)
		if [ "$now" != "$size" ]; then
			size=$now
			since=$SECONDS
			stamp_marks "$raw"
		elif [ $((SECONDS - since)) -ge "$VM_STALL_S" ]; then
			echo "$((SECONDS - since))" >"$STALLED"
			kill -TERM "$(cat "$PIDFILE" 2>/dev/null)" 2>/dev/null && return
		fi
	done
}

# boot_vm RAW SKIP: one VM; the guest writes its results to RAW and skips
# the plan's first SKIP suites.  Sets qrc (QEMU's exit status).
boot_vm() {
	local raw=$1 skip=$2 left hmp_pid stall_pid
	left=$((limit - ($(date +%s) - start)))
	[ "$left" -lt 60 ] && left=60
	rm -f "$MONITOR" "$PIDFILE" "$CORES"/core*
	: >"$raw"
	# IDXGEN_VM_TEST_CRASH=1 (tests/vm/test-harness.sh only): the guest
	# can have QEMU killed with SIGABRT, to test the crash handling below.
	python3 "$ROOT/tests/vm/hmp-forward.py" "$raw" "$MONITOR" "$HMPLOG" \
		${IDXGEN_VM_TEST_CRASH:+"$PIDFILE"} &
	hmp_pid=$!
	stall_guard "$raw" &
	stall_pid=$!
	# watchdog_thresh=60: the soft-lockup detector's longest threshold
	# (120 s), from boot on (guest-init.sh says why).
	# no_timer_check: the kernel's boot-time check of the IO-APIC timer
	# panics ("IO-APIC + timer doesn't work!") when a loaded host delays
	# TCG's timer ticks; seen in a harness test at load 19 on 2 cores.
	# shellcheck disable=SC2054,SC2086,SC2206 # commas are QEMU's; DEVICES splits into arguments
	local cmd=(timeout -k 10 "$left" "$QEMU" -M q35 -accel tcg -cpu max -m "$mem" -smp "${IDXGEN_VM_SMP:-2}"
		-nographic -no-reboot -nodefaults -pidfile "$PIDFILE"
		-L /usr/share/seabios -L /usr/share/qemu
		-kernel "$KERNEL" -initrd "$VMDIR/initramfs-$kernel.img"
		-append "console=ttyS0 quiet no_timer_check watchdog_thresh=60 panic=-1 oops=panic idxgen_plan=$plan idxgen_kernel=$kernel idxgen_skip=$skip $extra"
		-chardev "file,id=results,path=$raw"
		-serial mon:stdio -serial chardev:results
		-device isa-debug-exit,iobase=0xf4,iosize=0x04
		-monitor "unix:$MONITOR,server=on,wait=off"
		$DEVICES)
	if [ "$plan" = demo ] || [ "${IDXGEN_VM_VERBOSE:-0}" = 1 ]; then
		# The console goes to the terminal without the harness's own lines.
		# PIPESTATUS must be read right after the pipeline: qemu is stage 0.
		# BIOS escape sequences and kernel console lines stay in the log only.
		(cd "$CORES" && { ulimit -c unlimited 2>/dev/null || :; } && exec "${cmd[@]}") </dev/null 2>&1 |
			tee -a "$CONSOLE" | tr -d '\r' |
			grep -av -e '^#' -e '^### ' -e 'SeaBIOS' -e '^Booting from' -e $'\e' -e '^\[ *[0-9]*\.[0-9]*\]'
		qrc=${PIPESTATUS[0]}
	else
		(cd "$CORES" && { ulimit -c unlimited 2>/dev/null || :; } && exec "${cmd[@]}") </dev/null >>"$CONSOLE" 2>&1
		qrc=$?
	fi
	kill "$hmp_pid" "$stall_pid" 2>/dev/null
	wait "$hmp_pid" "$stall_pid" 2>/dev/null
	stamp_marks "$raw"
	tr -d '\r' <"$raw" >>"$RESULTS.clean" 2>/dev/null
}

# QEMU died of a signal of its own (abort, segfault...), not of timeout's.
qemu_crashed() {
	case "$1" in
	132|133|134|135|136|139) return 0 ;;	# ILL TRAP ABRT BUS FPE SEGV
	*) return 1 ;;
	esac
}

# crash_report BOOT CONSOLE_FROM: QEMU's last words and, if there is a
# core and gdb, a backtrace of the crashing thread, as "# " lines; every
# thread's backtrace goes to $VMDIR/qemu-crash-$tag.BOOT.txt.
crash_report() {
	local boot=$1 from=$2 core out=$VMDIR/qemu-crash-$tag.$1.txt
	echo "# qemu's last words (console):"
	tail -n +"$from" "$CONSOLE" | tr -d '\r' | sed 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\x1bc//g' |
		grep -av '^ *$' | tail -8 | sed 's/^/#   /'
	grep -aq 'qemu-system[^:]*: ' <(tail -n +"$from" "$CONSOLE") ||
		echo "#   (no message from QEMU itself: killed by a signal from outside?)"

	core=$(find "$CORES" -maxdepth 1 -name 'core*' -type f | head -1)
	if [ -z "$core" ]; then
		echo "# no core file in $CORES (kernel.core_pattern is '$(cat /proc/sys/kernel/core_pattern 2>/dev/null)')"
	elif ! command -v gdb >/dev/null; then
		echo "# core file $core; no gdb for a backtrace (apt-get install gdb)"
	else
		gdb -q -nx -batch -ex 'set pagination off' -ex 'echo ---- crashing thread\n' -ex 'bt 30' \
			-ex 'echo ---- every thread\n' -ex 'thread apply all bt 30' \
			"$QEMU" "$core" >"$out" 2>&1
		echo "# backtrace of the thread that crashed (gdb; every thread in $out):"
		sed -n '/^---- crashing thread/,/^---- every thread/{/^#[0-9]/p}' "$out" | head -30 |
			sed 's/^/#   /'
		[ "${IDXGEN_VM_KEEP_CORE:-0}" = 1 ] || rm -f "$core"
	fi
}

# A QEMU crash fails the suite it happened in and a fresh VM runs the
# suites after it; the guest's part of each boot goes to RESULTS.clean in
# order.  At most 3 crashes, and none that stops progress (a crash before
# the first suite of a boot ends the run).
boot=1
skip=0
crashes=0
while :; do
	raw=$RESULTS
	[ "$boot" -gt 1 ] && raw=$RESULTS.boot$boot
	from=$(($(wc -l <"$CONSOLE") + 1))
	boot_vm "$raw" "$skip"
	qemu_crashed "$qrc" || break
	crashes=$((crashes + 1))
	started=$(grep -c '^### suite ' "$raw")
	started=$((started > 0 ? started - 1 : 0))	# the first is smoke
	suite=$(grep '^### \(suite\|end\) ' "$raw" | tr -d '\r' | tail -1)
	case "$suite" in
	'### suite '*) suite=${suite#'### suite '} ;;
	*) suite="between suites (after ${suite#'### end '})" ;;
	esac
	{
		# the time goes on a diagnostic line: a test's name is the same every run
		echo "not ok - vm: QEMU crashed (exit $qrc, signal $((qrc - 128))) in suite $suite"
		echo "# vm: the crash came $(($(date +%s) - start)) s after the first boot began"
		crash_report "$boot" "$from"
	} | tee -a "$RESULTS.clean" >/dev/null
	if [ "$started" -eq 0 ] || [ "$crashes" -ge 3 ] || [ "$plan" = demo ]; then
		echo "# vm: no fresh VM (crashes $crashes, suites started in the last one $started)" >>"$RESULTS.clean"
		break
	fi
	skip=$((skip + started))
	boot=$((boot + 1))
	echo "# vm: a fresh VM for the suites after $suite (boot $boot)" >>"$RESULTS.clean"
done
end=$(date +%s)
[ -s "$HMPLOG" ] && sed 's/^/# /' "$HMPLOG"
# Each suite's time on the host's clock, beside the guest's own figure.
cat "$RESULTS".host-clock "$RESULTS".boot*.host-clock 2>/dev/null |
	awk '$2 == "###" && $3 == "suite" { t[$4] = $1 }
	     $2 == "###" && $3 == "end" && ($4 in t) {
		printf "# vm: suite %s: %d s on the host'"'"'s clock (stamped every 5 s)\n", $4, $1 - t[$4] }' \
	>>"$RESULTS.clean"

[ "$plan" = demo ] || grep -v '^### ' "$RESULTS.clean"
done_line=$(grep '^### IDXGEN-VM-DONE' "$raw" | tail -1)
if [ -f "$STALLED" ]; then
	echo "# vm: qemu stopped by the stall guard (exit $qrc) after $((end - start))s; console log $CONSOLE"
elif [ $((qrc % 2)) -eq 1 ]; then
	echo "# vm: guest exit status $(((qrc - 1) / 2)) after $((end - start))s; console log $CONSOLE"
else
	echo "# vm: qemu exit $qrc after $((end - start))s; console log $CONSOLE"
fi

# isa-debug-exit: guest status s gives qemu exit (s << 1) | 1.
if [ -z "$done_line" ]; then
	last=$(grep '^### suite ' "$raw" | tail -1 | cut -d' ' -f3)
	if [ -f "$STALLED" ]; then
		echo "not ok - vm: the guest hung: no result line for VM_STALL_S (last suite started: ${last:-none})"
		echo "# vm: QEMU stopped after $(cat "$STALLED") s without a result line (VM_STALL_S $VM_STALL_S)"
	else
		echo "not ok - vm: the guest did not report completion (exit $qrc; cut log or timeout; last suite started: ${last:-none})"
	fi
	tail -25 "$CONSOLE" | tr -d '\r' | sed 's/^/# console: /'
	exit 1
fi
if [ "$qrc" -ne 1 ]; then
	echo "not ok - vm: guest reported failures ($done_line, qemu exit $qrc)"
	exit 1
fi
if [ "$crashes" -gt 0 ]; then
	echo "# vm: the last VM completed ($done_line) after $crashes QEMU crash(es)"
	exit 1
fi
echo "ok - vm: guest completed ($done_line)"
exit 0
