#!/bin/bash
# `make soak`: the long kernel-bug hunt, not part of `make check`.
#
# Boots the debug kernel (tests/vm/kernel) on QEMU built with ASan+UBSan (the
# fuzz build of tests/device/fuzz/run-fuzz.sh, so the device model is checked too)
# and runs, for SOAK_TIME seconds in all (default 900):
#   - the ioctl fuzzer for half the time, with resets and unbind/rebind; with
#     SOAK_IOCTLS=N instead until N of its ioctls reached a live device (the
#     same work at any speed; `make soak SOAK_IOCTLS=1000000` is the issue-42
#     scale), a progress line at every hundredth and once a minute;
#   - the soak: 8 processes submitting verified jobs (>= SOAK_JOBS, default
#     10000, each index checked against tests/common; for at least a quarter
#     of SOAK_TIME, at most 10x half of it: a hang guard, not a pace the
#     count must keep) while hangs, lost interrupts, corrupt completions,
#     failed DMA and resets are injected;
#   - fail-nth over every ioctl once more;
#   - the QEMU topology race of issue 27: idxgen-topo-race (20 decode
#     toggles per second of SOAK_TIME), and drv-fault's AER/remove/rescan
#     rounds beside a reader of the other device (aer-topo-race.sh).
# Every suite is followed by the kernel checks of guest-init.sh (splats,
# taint, kmemleak).  Prints the fuzzer's and the soak's figures (ioctls by
# errno, jobs verified) and exits non-zero on any failure, any sanitizer
# report from QEMU included.
#
# Environment: SOAK_TIME, SOAK_JOBS, SOAK_SEED, SOAK_IOCTLS, SOAK_GUARD (the
# hang guard of a SOAK_IOCTLS run, default 86400 s: no speed is assumed),
# SOAK_BUDGET (with SOAK_IOCTLS: the fuzzer stops after this many seconds
# if the count is not reached by then, and its goal check fails: a session
# that cannot wait for the count still gets the figures of what it reached),
# SOAK_QEMU (boot this QEMU instead of building the sanitizer one: a quicker,
# unsanitized run).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export BUILD=${BUILD:-$ROOT/build}
export GUEST=${GUEST:-$BUILD/guest}
export IDXGEN_CACHE=${IDXGEN_CACHE:-/var/cache/idxgen}
T=${SOAK_TIME:-900}
JOBS=${SOAK_JOBS:-10000}
SEED=${SOAK_SEED:-$(date +%s)}
SG=$BUILD/guest-soak

say() { echo "soak: $*"; }

if [ -n "${SOAK_QEMU:-}" ]; then
	# A quick run on another QEMU (e.g. the normal build): no sanitizers.
	QEMU_SAN=$SOAK_QEMU
	say "QEMU $QEMU_SAN (SOAK_QEMU; not the sanitizer build)"
else
	say "building QEMU with ASan+UBSan (tests/device/fuzz/run-fuzz.sh --build-only; first time is long)"
	fuzzer=$(bash "$ROOT/tests/device/fuzz/run-fuzz.sh" --build-only) || { say "sanitizer QEMU build failed"; exit 1; }
	QEMU_SAN=$(dirname "$fuzzer")/qemu-system-x86_64
fi
[ -x "$QEMU_SAN" ] || { say "$QEMU_SAN missing"; exit 1; }
say "debug kernel and guest files"
bash "$ROOT/tests/vm/kernel/stage-guest.sh" "$SG" || exit 1

half=$((T / 2))
IOCTLS=${SOAK_IOCTLS:-}
# Hang guards (tests/README.md): a suite's is 10x the longest run length a
# suite is given (the fuzzer's and the soak's half of SOAK_TIME) plus 600 s,
# or SOAK_GUARD for a run until a count; the whole VM's run-vm.sh's own
# (VM_HANG_GUARD_S), or the six suites' guards together where that is more.
case $IOCTLS in
'') fuzz_args=""; suite_guard=$((half * 10 + 600)) ;;
*[!0-9]* | 0) say "SOAK_IOCTLS must be a positive count"; exit 1 ;;
*) fuzz_args=" ioctls=$IOCTLS${SOAK_BUDGET:+ budget=$SOAK_BUDGET}"
   suite_guard=${SOAK_GUARD:-86400} ;;
esac
vm_guard=$((suite_guard * 6 > 86400 ? suite_guard * 6 : 86400))
cat >"$SG/soak.suites" <<EOS
fuzz idxgen-stress fuzz $half $SEED$fuzz_args
soak idxgen-stress soak 8 $JOBS $((half * 10)) $((half / 2)) resets
failnth idxgen-stress failnth
qemu-topo idxgen-topo-race $((T * 20))
aer-topo aer-topo-race.sh fault
drv-smoke idxgen-drv-test smoke
EOS
if [ -n "$IOCTLS" ]; then
	say "fuzz until $IOCTLS live ioctls${SOAK_BUDGET:+ or ${SOAK_BUDGET}s} (seed $SEED), soak >= $JOBS jobs in >= $((half / 2))s (hang guard $((half * 10))s), fail-nth"
else
	say "fuzz ${half}s (seed $SEED), soak >= $JOBS jobs in >= $((half / 2))s (hang guard $((half * 10))s), fail-nth"
fi

# QEMU's sanitizers: any report ends QEMU with a status run-vm.sh reads as
# a failure (not isa-debug-exit's 1), and is named in the console log.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:exitcode=66}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1}
QEMU=$QEMU_SAN GUEST=$SG IDXGEN_SUITE_TIMEOUT=$suite_guard \
	bash "$ROOT/tests/vm/run-vm.sh" --plan soak --kernel debug --timeout $vm_guard
rc=$?
CONSOLE=$BUILD/vm/console-soak-debug.log
if [ -n "${SOAK_QEMU:-}" ]; then
	echo "ok - QEMU sanitizers # SKIP SOAK_QEMU=$SOAK_QEMU is not the sanitizer build"
elif grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$CONSOLE"; then
	echo "not ok - QEMU sanitizers: reports in $CONSOLE"
	grep -E -A12 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$CONSOLE" | head -40 | sed 's/^/# /'
	rc=1
else
	echo "ok - QEMU sanitizers: no ASan/UBSan/LSan report"
fi
echo
echo "=== soak summary (seed $SEED)"
# the fuzzer's and soak's figures; each suite's time on the host's clock
# (the guest's own "in N s" is its clock's, which a starved VM runs fast)
grep -E '^# (fuzz|soak): |^#   [A-Za-z]|^# vm: suite ' "$BUILD/vm/results-soak-debug.txt.clean" || true
grep -E '^(not )?ok .*(fuzz|soak|failnth)' "$BUILD/vm/results-soak-debug.txt.clean" | grep -c '^ok' |
	xargs -I{} echo "{} soak checks passed"
exit $rc
