#!/bin/bash
# Boot the idxgen test VM and bring back its results.
#
# usage: run-vm.sh [--plan smoke|check|demo] [--timeout SEC]
#
# Boots our QEMU (qemu-device/build-qemu.sh) with the Debian 6.12 kernel,
# an initramfs of busybox + DRM modules + $GUEST (staged by `make guest`),
# two idxgen devices, isa-debug-exit for the exit status and a second
# serial port to a host file for results.  Prints the guest's TAP lines;
# exits 0 only if the guest reported completion with no failure.
#
# Environment: IDXGEN_CACHE (/var/cache/idxgen), BUILD (repo build/),
# GUEST ($BUILD/guest), QEMU (path to qemu-system-x86_64),
# IDXGEN_VM_DEVICES (the -device arguments for the accelerators),
# IDXGEN_VM_VERBOSE=1 (console on stdout).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=${IDXGEN_CACHE:-/var/cache/idxgen}
BUILD=${BUILD:-$ROOT/build}
GUEST=${GUEST:-$BUILD/guest}
VMDIR=$BUILD/vm
plan=check
limit=1500

while [ $# -gt 0 ]; do
	case "$1" in
	--plan) plan=$2; shift 2 ;;
	--timeout) limit=$2; shift 2 ;;
	-h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "run-vm: unknown argument '$1'" >&2; exit 2 ;;
	esac
done

KVER=$(cat "$CACHE/kver" 2>/dev/null) || { echo "run-vm: no kernel chosen; run 'make deps'" >&2; exit 2; }
KERNEL=/boot/vmlinuz-$KVER
[ -f "$KERNEL" ] || { echo "run-vm: $KERNEL missing; run 'make deps'" >&2; exit 2; }
QEMU=${QEMU:-$CACHE/qemu/build/qemu-system-x86_64}
[ -x "$QEMU" ] || { echo "run-vm: $QEMU missing; run 'make qemu'" >&2; exit 2; }

mkdir -p "$VMDIR" "$GUEST/bin"
# The static exit helper and the suite list travel with the guest files.
if [ ! -x "$GUEST/bin/vm-exit" ] || [ "$ROOT/tests/vm/vm-exit.c" -nt "$GUEST/bin/vm-exit" ]; then
	gcc -O2 -static -o "$GUEST/bin/vm-exit" "$ROOT/tests/vm/vm-exit.c" || exit 2
fi
cp "$ROOT/tests/vm/check.suites" "$GUEST/check.suites" 2>/dev/null || : >"$GUEST/check.suites"
# pciutils' lspci (and its libpci) for the in-guest PCI checks.
[ -x /usr/bin/lspci ] && cp /usr/bin/lspci "$GUEST/bin/lspci"

"$ROOT/tests/vm/build-initramfs.sh" "$KVER" "$GUEST" "$VMDIR/initramfs.img" || exit 2

# Each accelerator sits behind its own PCIe root port, as a card in a slot
# would: the port gives the kernel a secondary-bus reset, which the driver's
# reset_prepare/reset_done tests need.  idxgen0 (with the fault-injection
# block) enumerates first and becomes /dev/accel/accel0.
DEVICES=${IDXGEN_VM_DEVICES:-"-device pcie-root-port,id=rp0,bus=pcie.0,chassis=1,slot=1
	-device idxgen,id=idxgen0,bus=rp0,debug=on,aer=on
	-device pcie-root-port,id=rp1,bus=pcie.0,chassis=2,slot=2
	-device idxgen,id=idxgen1,bus=rp1,num-queues=2,imem-size=16M,lanes=64"}
RESULTS=$VMDIR/results-$plan.txt
CONSOLE=$VMDIR/console-$plan.log
# A human monitor on a socket: a guest test prints "### hmp COMMAND" to the
# results port and hmp-forward.py runs it (e.g. pcie_aer_inject_error).
MONITOR=$VMDIR/monitor-$plan.sock
HMPLOG=$VMDIR/hmp-$plan.log
rm -f "$RESULTS" "$CONSOLE" "$MONITOR" "$HMPLOG"
: >"$RESULTS"
python3 "$ROOT/tests/vm/hmp-forward.py" "$RESULTS" "$MONITOR" "$HMPLOG" &
hmp_pid=$!

echo "# vm: booting $KVER under TCG (plan $plan, limit ${limit}s)"
start=$(date +%s)
# shellcheck disable=SC2086
cmd=(timeout -k 10 "$limit" "$QEMU" -M q35 -accel tcg -cpu max -m 1024 -smp 2
	-nographic -no-reboot -nodefaults
	-L /usr/share/seabios -L /usr/share/qemu
	-kernel "$KERNEL" -initrd "$VMDIR/initramfs.img"
	-append "console=ttyS0 quiet panic=-1 oops=panic idxgen_plan=$plan"
	-chardev "file,id=results,path=$RESULTS"
	-serial mon:stdio -serial chardev:results
	-device isa-debug-exit,iobase=0xf4,iosize=0x04
	-monitor "unix:$MONITOR,server=on,wait=off"
	$DEVICES)
if [ "$plan" = demo ] || [ "${IDXGEN_VM_VERBOSE:-0}" = 1 ]; then
	# The console goes to the terminal without the harness's own lines.
	# PIPESTATUS must be read right after the pipeline: qemu is stage 0.
	# BIOS escape sequences and kernel console lines stay in the log only.
	"${cmd[@]}" </dev/null 2>&1 | tee "$CONSOLE" | tr -d '\r' |
		grep -av -e '^#' -e '^### ' -e 'SeaBIOS' -e '^Booting from' -e $'\e' -e '^\[ *[0-9]*\.[0-9]*\]'
	qrc=${PIPESTATUS[0]}
else
	"${cmd[@]}" </dev/null >"$CONSOLE" 2>&1
	qrc=$?
fi
end=$(date +%s)
kill "$hmp_pid" 2>/dev/null
wait "$hmp_pid" 2>/dev/null
[ -s "$HMPLOG" ] && sed 's/^/# /' "$HMPLOG"

tr -d '\r' <"$RESULTS" 2>/dev/null >"$RESULTS.clean" || : >"$RESULTS.clean"
[ "$plan" = demo ] || grep -v '^### ' "$RESULTS.clean"
done_line=$(grep '^### IDXGEN-VM-DONE' "$RESULTS.clean" | tail -1)
if [ $((qrc % 2)) -eq 1 ]; then
	echo "# vm: guest exit status $(((qrc - 1) / 2)) after $((end - start))s; console log $CONSOLE"
else
	echo "# vm: qemu exit $qrc after $((end - start))s; console log $CONSOLE"
fi

# isa-debug-exit: guest status s gives qemu exit (s << 1) | 1.
if [ -z "$done_line" ]; then
	echo "not ok - vm: the guest did not report completion (exit $qrc; cut log or timeout)"
	tail -25 "$CONSOLE" | tr -d '\r' | sed 's/^/# console: /'
	exit 1
fi
if [ "$qrc" -ne 1 ]; then
	echo "not ok - vm: guest reported failures ($done_line, qemu exit $qrc)"
	exit 1
fi
echo "ok - vm: guest completed ($done_line)"
exit 0
