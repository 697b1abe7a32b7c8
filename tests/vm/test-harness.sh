#!/bin/bash
# Test of run-vm.sh's handling of a QEMU crash (issue 27): the crash fails
# the suite it happened in, QEMU's last words and a backtrace (core file +
# gdb) are printed, and a fresh VM runs the suites after it.  Then a hung
# guest (issue 42): a stand-in QEMU that writes one result line and hangs
# is stopped by run-vm.sh's stall guard (IDXGEN_VM_STALL_S=3 here), not by
# its whole-run hang guard, and the run fails naming the hang.
#
# Boots the check plan with three suites of a guest script laid over the
# image: "first" passes, "crash" asks for SIGABRT to QEMU
# (IDXGEN_VM_TEST_CRASH=1: hmp-forward.py sends it) and waits to be
# killed (run-vm.sh's stall guard or --timeout, HARNESS_VM_HANG_GUARD_S,
# are the hang guards), "after" passes.  About two VM boots.
# Prints TAP.
# Environment: as run-vm.sh (BUILD, GUEST, IDXGEN_CACHE, QEMU).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
export GUEST=${GUEST:-$BUILD/guest}
T=$BUILD/vm-harness-test
# A hang guard only: the whole script takes 16 s idle, 100 s at load 17
# (tests/README.md).
HARNESS_VM_HANG_GUARD_S=1800
rm -rf "$T"
mkdir -p "$T/overlay/opt/idxgen/tests"
cat >"$T/overlay/opt/idxgen/tests/harness-selftest.sh" <<'EOS'
#!/bin/sh
case "$1" in
first) echo "ok 1 - harness self-test: the suite before the crash ran" ;;
crash)
	# waits to be killed with QEMU: no time of its own (was "sleep 120");
	# if QEMU is never killed, run-vm.sh's hang guards end the run, failed
	echo "### test-abort-qemu" >/dev/ttyS1
	while :; do sleep 1; done
	;;
after) echo "ok 1 - harness self-test: the suite after the crash ran in a fresh VM" ;;
esac
EOS
chmod +x "$T/overlay/opt/idxgen/tests/harness-selftest.sh"
printf '%s\n' "first harness-selftest.sh first" "crash harness-selftest.sh crash" \
	"after harness-selftest.sh after" >"$T/selftest.suites"

BUILD=$T IDXGEN_VM_SUITES=$T/selftest.suites IDXGEN_VM_OVERLAY=$T/overlay IDXGEN_VM_TEST_CRASH=1 \
	bash "$ROOT/tests/vm/run-vm.sh" --plan check --timeout "$HARNESS_VM_HANG_GUARD_S" >"$T/out.txt" 2>&1
rc=$?
sed 's/^\(not \)\{0,1\}ok /# vm said: &/' "$T/out.txt" | grep '^# vm said: \|^# ' | head -80

. "$ROOT/tests/common/tap.sh"
check() { ok "$@"; }	# cond description
has() { grep -qE -- "$1" "$T/out.txt"; echo $?; }

check "$([ "$rc" -ne 0 ]; echo $?)" "run-vm.sh fails a run in which QEMU crashed (exit $rc)"
check "$(has '^not ok - vm: QEMU crashed \(exit 134, signal 6\) in suite crash$')" \
	"the crash fails the suite it happened in (crash), named, with QEMU's signal, no time in the name"
check "$(has '^# vm: the crash came [0-9]+ s after the first boot began$')" \
	"the crash's time on a diagnostic line"
check "$(has "^# qemu's last words")" "QEMU's last words (console) are printed"
pattern=$(cat /proc/sys/kernel/core_pattern 2>/dev/null)
if ! command -v gdb >/dev/null; then
	ok 1 "backtrace: gdb installed (tests/setup/deps.sh installs it)"
elif [ "${pattern#|}" != "$pattern" ]; then
	skip "kernel.core_pattern pipes cores to '$pattern'" "backtrace"
else
	check "$(has '^#   #[0-9]+ +(0x[0-9a-f]+ in )?[a-z_]')" \
		"a backtrace of QEMU's crashing thread from its core file (gdb)"
fi
check "$(has '^ok 1 - harness self-test: the suite after the crash ran in a fresh VM')" \
	"a fresh VM ran the suite after the crash"
check "$([ "$(grep -c 'the suite before the crash ran' "$T/out.txt")" -eq 1 ]; echo $?)" \
	"the suite before the crash ran once (not again in the fresh VM)"
check "$(has '^# vm: the last VM completed \(### IDXGEN-VM-DONE')" "the fresh VM completed the plan"
# each suite that ended has its time on the host's clock beside the guest's
# (the guest's clock is not the host's: run-vm.sh's stamp_marks)
check "$(has "^# vm: suite first: [0-9]+ s on the host's clock")" \
	"the host's clock: suite first, from the first VM"
check "$(has "^# vm: suite after: [0-9]+ s on the host's clock")" \
	"the host's clock: suite after, from the fresh VM"
check "$([ "$(grep -c "^# vm: suite crash: " "$T/out.txt")" -eq 0 ]; echo $?)" \
	"no host's clock figure for the suite that never ended (crash)"
rm -rf "$T/vm/cores-"*

# A hung guest: the stand-in writes a suite's first line, then waits to be
# stopped (the program under test hangs on purpose).
S=$T/stall
mkdir -p "$S/guest"
cat >"$S/qemu" <<'EOS'
#!/bin/bash
while [ $# -gt 0 ]; do
	case "$1" in
	-pidfile) echo $$ >"$2"; shift ;;
	-chardev) case "$2" in file,id=results,path=*) res=${2#*path=} ;; esac; shift ;;
	esac
	shift
done
echo "### suite hung" >>"$res"
exec sleep infinity
EOS
chmod +x "$S/qemu"
BUILD=$S GUEST=$S/guest QEMU=$S/qemu IDXGEN_VM_STALL_S=3 \
	bash "$ROOT/tests/vm/run-vm.sh" --plan check --timeout "$HARNESS_VM_HANG_GUARD_S" >"$S/out.txt" 2>&1
rc=$?
sed 's/^\(not \)\{0,1\}ok /# vm said: &/' "$S/out.txt" | grep '^# vm said: \|^# '
ok "$([ "$rc" -ne 0 ] && grep -q '^not ok - vm: the guest hung: no result line for VM_STALL_S (last suite started: hung)$' \
	"$S/out.txt"; echo $?)" "a hung guest is stopped by the stall guard and fails the run, naming its suite (exit $rc)"
ok "$(grep -Eq '^# vm: QEMU stopped after [0-9]+ s without a result line \(VM_STALL_S 3\)$' "$S/out.txt"; echo $?)" \
	"the stall's length on a diagnostic line"
tap_done
