#!/bin/bash
# `make check`: build everything, run every test suite (host, qtest, VM),
# and end with one "N passed, N failed, N skipped, N expected failures"
# line.  Exit status non-zero on any failure.  Each suite's full output is
# kept in build/test-logs/.  tests/README.md says which suite tests which
# component, where it runs and how to run it alone.
#
# Suites print TAP (tests/common/tap.sh, tap.h); this script counts the
# lines with tests/common/tap-count.sh: "ok" passes, "ok ... # SKIP why" is
# skipped (a skip without a reason fails), "not ok ... # TODO bug" is an
# expected failure (one without a bug fails), "ok ... # TODO" (a known bug
# that passes now) fails, "not ok" fails, and every program's plan "1..N"
# must match the tests it printed.  A suite whose command fails without a "not ok" line
# counts as one failure, so a crash or a build error is never silent.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
export BUILD=${BUILD:-$ROOT/build}
export GUEST=${GUEST:-$BUILD/guest}
export IDXGEN_CACHE=${IDXGEN_CACHE:-/var/cache/idxgen}
LOGS=$BUILD/test-logs
mkdir -p "$LOGS"
MAKE=${MAKE:-make}
JOBS=${JOBS:-2}

total_pass=0
total_fail=0
total_skip=0
total_xfail=0
summary=()
failed_suites=()
t0=$(date +%s)

# run_suite NAME COMMAND...: run, log, count.
run_suite() {
	local name=$1
	shift
	local log=$LOGS/$name.log
	local s pass fail skip xfail
	s=$(date +%s)
	echo "=== $name: $*"
	"$@" >"$log" 2>&1
	local rc=$?
	read -r pass fail skip xfail < <(bash "$ROOT/tests/common/tap-count.sh" "$log")
	if [ "$rc" -ne 0 ] && [ "$fail" -eq 0 ]; then
		fail=1
		echo "not ok - $name: command exited with status $rc" >>"$log"
	elif [ "$rc" -eq 0 ] && [ $((pass + fail + skip + xfail)) -eq 0 ]; then
		# A checker that prints no TAP (checkpatch, sparse) is one test
		# judged by its exit status.
		pass=1
		echo "ok - $name: command succeeded" >>"$log"
	fi
	grep -E '^not ok |^ok .*# *(SKIP|skip)' "$log" | grep -v '# *TODO' | head -20 | sed "s/^/    [$name] /"
	if [ "$rc" -ne 0 ]; then
		tail -15 "$log" | grep -v '^ok ' | sed "s/^/    [$name] | /"
	fi
	total_pass=$((total_pass + pass))
	total_fail=$((total_fail + fail))
	total_skip=$((total_skip + skip))
	total_xfail=$((total_xfail + xfail))
	[ "$fail" -gt 0 ] && failed_suites+=("$name")
	summary+=("$(printf '%-18s %5d passed %3d failed %3d skipped %3d xfail %4ds  %s' "$name" \
		"$pass" "$fail" "$skip" "$xfail" $(($(date +%s) - s)) "$log")")
	echo "    $name: $pass passed, $fail failed, $skip skipped, $xfail expected failures" \
		"($(($(date +%s) - s))s)"
}

# build_step NAME COMMAND...: a build that must succeed; counts as one test.
build_step() {
	local name=$1
	shift
	run_suite "build-$name" bash -c '"$@" && echo "ok - build '"$name"'"' _ "$@"
}

if [ "$(id -u)" -eq 0 ]; then
	build_step deps bash "$ROOT/tests/setup/deps.sh"
else
	echo "=== deps: not root, assuming dependencies are installed"
fi

# The two long builds, QEMU (cached under $IDXGEN_CACHE/qemu) and the debug
# kernel (KASAN, lockdep, kmemleak, fault injection; cached under
# $IDXGEN_CACHE/kernel-debug, tests/vm/kernel/README.md), start now in the
# background, niced, and build while the host suites run: on a fresh machine
# they are most of a cold run, and the host suites leave a core idle much of
# the time.  Each is waited for just before the first stage that needs it
# (QEMU: the qtests; the kernel: the debug VM) and counted there as its
# build step: its log is build/test-logs/build-NAME.log (build-NAME.bg.log
# while it runs), a failure is a
# "not ok" with the log's tail, and what needs it then fails too, unrun.
# IDXGEN_SERIAL_BUILDS=1 builds them in the foreground, one after the other.
declare -A bg_pid bg_start bg_took
bg_build() {
	local name=$1 niceness=$2
	shift 2
	local log=$LOGS/build-$name.bg.log
	rm -f "$log" "$LOGS/build-$name.rc"
	bg_start[$name]=$(date +%s)
	if [ -n "${IDXGEN_SERIAL_BUILDS:-}" ]; then
		"$@" >"$log" 2>&1
		echo $? >"$LOGS/build-$name.rc"
		return
	fi
	echo "=== build-$name: started in the background (nice $niceness): $*"
	# setsid: its own process group, so that an interrupted make check
	# stops the whole build (the trap below), not only its first process.
	setsid bash -c '"${@:3}" >"$1" 2>&1; echo $? >"$2"' _ "$log" "$LOGS/build-$name.rc" \
		nice -n "$niceness" "$@" &
	bg_pid[$name]=$!
}
stop_bg_builds() {
	local pid
	for pid in "${bg_pid[@]}"; do
		kill -- "-$pid" 2>/dev/null
	done
}
trap stop_bg_builds EXIT
trap 'exit 130' INT TERM
# bg_wait NAME: wait for the build, then count it as build step NAME.
bg_wait() {
	local name=$1 waited=$(date +%s)
	if [ -n "${bg_pid[$name]:-}" ]; then
		echo "=== build-$name: waiting for the background build"
		wait "${bg_pid[$name]}"
		unset "bg_pid[$name]"
	fi
	local rc
	rc=$(cat "$LOGS/build-$name.rc" 2>/dev/null || echo "none (the build did not finish)")
	waited=$(($(date +%s) - waited))
	local took=$(($(date +%s) - bg_start[$name]))
	# the build's own time: until it wrote its status, not until it was waited for
	local built=$(($(stat -c %Y "$LOGS/build-$name.rc" 2>/dev/null || date +%s) - bg_start[$name]))
	bg_took[$name]="${built}s (${waited}s waited)"
	run_suite "build-$name" bash -c 'cat "$1" && rm "$1" || exit 1
		[ "$2" = 0 ] || { echo "not ok - build $3: exit status $2"; exit 1; }
		echo "# build $3: ${4}s since its start, ${5}s of them waited for"
		echo "ok - build $3"' \
		_ "$LOGS/build-$name.bg.log" "$rc" "$name" "$took" "$waited"
	[ "$rc" = 0 ]
}
# not_run NAME WHY: a stage that cannot run counts as one failure.
not_run() {
	run_suite "$1" bash -c 'echo "not ok - $1: not run: $2"; exit 1' _ "$1" "$2"
}

bg_build qemu 10 env QJOBS="$JOBS" bash "$ROOT/qemu-device/build-qemu.sh"
bg_build kernel-debug 5 bash "$ROOT/tests/vm/kernel/build-kernel.sh"
# Every suite always runs: a missing piece must fail, never skip silently.
for comp in fw lib lib/cudart lib/coop lib/curand driver; do
	build_step "${comp//\//-}" $MAKE -j"$JOBS" -C "$ROOT/$comp" all
done
build_step model-tests $MAKE -j"$JOBS" -C "$ROOT/tests/model" all
build_step fw-tests $MAKE -j"$JOBS" -C "$ROOT/tests/fw" all
build_step cc $MAKE -j"$JOBS" -C "$ROOT/lib/cc" all
build_step cublas $MAKE -j"$JOBS" -C "$ROOT/lib/cublas" all
build_step cufft $MAKE -j"$JOBS" -C "$ROOT/lib/cufft" all
build_step cusolver $MAKE -j"$JOBS" -C "$ROOT/lib/cusolver" all
build_step cusparse $MAKE -j"$JOBS" -C "$ROOT/lib/cusparse" all

# Host suites
# the counting itself: tap-count.sh and the TAP printers (seconds)
run_suite tap bash "$ROOT/tests/common/test-tap-count.sh"
# two harness checks at a time, reported in order (seconds)
run_suite tap-jobs bash "$ROOT/tests/common/test-tap-jobs.sh"
# the hang guard of the test harnesses stops hangs and only hangs (seconds)
run_suite guard bash "$ROOT/tests/common/test-progress-guard.sh"
# the in-guest tests' wait bound: shortened per kernel, never lengthened (seconds)
run_suite hang-guard bash "$ROOT/tests/common/test-hang-guard.sh"
run_suite guest-run bash "$ROOT/tests/cuda/test-guest-run.sh"
# every component's tests answer make -C tests/<component> check (static, instant)
run_suite verbs bash "$ROOT/tests/common/check-verbs.sh"
run_suite model $MAKE -s -C "$ROOT/tests/model" check
run_suite fw $MAKE -s -C "$ROOT/fw" check
run_suite lib-emu $MAKE -s -C "$ROOT/lib" check
run_suite cc $MAKE -s -C "$ROOT/lib/cc" check
run_suite coop $MAKE -s -C "$ROOT/lib/coop" check
run_suite cudart $MAKE -s -C "$ROOT/lib/cudart" check
run_suite cublas $MAKE -s -C "$ROOT/lib/cublas" check
run_suite cufft $MAKE -s -C "$ROOT/lib/cufft" check
run_suite cusolver $MAKE -s -C "$ROOT/lib/cusolver" check
run_suite cusparse $MAKE -s -C "$ROOT/lib/cusparse" check
run_suite thrust-cub $MAKE -s -C "$ROOT/tests/cub" check
# runtime programs built by idxgen-cc (tests/cudart/progs: graph memory footprint)
run_suite cudart-progs $MAKE -s -C "$ROOT/tests/cudart" check-progs
run_suite half $MAKE -s -C "$ROOT/tests/half" check
run_suite curand $MAKE -s -C "$ROOT/lib/curand" check
run_suite driver-style $MAKE -s -C "$ROOT/driver" check-style
run_suite man $MAKE -s -C "$ROOT/docs/man" check
run_suite demo-host $MAKE -s -C "$ROOT/tests/vm/demo" check
run_suite device-host $MAKE -s -C "$ROOT/tests/device" check
run_suite stress-host $MAKE -s -C "$ROOT/tests/driver/stress" check
# .debs, lintian, DKMS; stages $BUILD/pkg/root, which the check VM lays over /
run_suite pkg bash "$ROOT/tests/pkg/check-packages.sh"
# make install writes under DESTDIR/PREFIX only, never the running system
run_suite install bash "$ROOT/tests/pkg/check-install.sh" "$ROOT" "$BUILD" "$MAKE"

# run-vm.sh and the qtests boot only a QEMU built from this tree's patches
# and device sources; the QEMU cache's lock (host only, no VM, seconds)
run_suite vm-key bash "$ROOT/tests/vm/test-build-key.sh"
# The debug kernel's tools, host only: compare-runs.py, the proof a change
# to its fragment needs, and build-kernel.sh's CPU figure (seconds each).
run_suite vm-compare bash "$ROOT/tests/vm/kernel/test-compare-runs.sh"
run_suite vm-kcpu bash "$ROOT/tests/vm/kernel/test-build-kernel-cpu.sh"
# QEMU device qtests, on the QEMU built from this tree's patches and device
# sources (its build key, qemu-device/build-key.sh; else "not ok", run
# `make qemu`), under a shared lock that keeps build-qemu.sh from
# rebuilding it meanwhile.  QTEST_HANG_GUARD_S only catches a hang: the
# tests assert nothing on wall-clock time; the qtests take 25 s at load 10,
# the seeds' replay 1 s (tests/README.md).
QTEST_HANG_GUARD_S=600
QB=$IDXGEN_CACHE/qemu/build
bg_wait qemu
run_suite qtest flock -s "$IDXGEN_CACHE/qemu.lock" bash -c '
	bash "$1/qemu-device/build-key.sh" check "$2" qtest || exit 2
	exec timeout "$3" env QTEST_QEMU_BINARY="$2/qemu-system-x86_64" QTEST_QEMU_STORAGE_DAEMON_BINARY=/bin/false \
		"$2/tests/qtest/idxgen-test" --tap' _ "$ROOT" "$QB" "$QTEST_HANG_GUARD_S"
# The fuzzer's replayable seeds (hostile user queues: garbage descriptors,
# doorbells past the ring, bad ring addresses) through qtest on the same
# QEMU: each still reaches the path it seeds (tests/device/README.md, fuzz/).
run_suite fuzz-seeds flock -s "$IDXGEN_CACHE/qemu.lock" bash -c '
	bash "$1/qemu-device/build-key.sh" check "$2" fuzz-seeds || exit 2
	exec timeout "$3" python3 "$1/tests/device/fuzz/replay-seeds.py" "$2/qemu-system-x86_64"' \
	_ "$ROOT" "$QB" "$QTEST_HANG_GUARD_S"

# Everything that runs inside the VM
rm -rf "$GUEST"
mkdir -p "$GUEST"
for comp in fw lib lib/cudart lib/coop driver; do
	build_step "guest-${comp//\//-}" $MAKE -s -C "$ROOT/$comp" guest
done
build_step guest-cc $MAKE -s -C "$ROOT/lib/cc" guest
build_step guest-stress $MAKE -s -C "$ROOT/tests/driver/stress" guest
build_step guest-demo $MAKE -s -C "$ROOT/tests/vm/demo" guest
build_step guest-qemu $MAKE -s -C "$ROOT/tests/device" guest
IDXGEN_VM_OVERLAY=$BUILD/pkg/root run_suite vm bash "$ROOT/tests/vm/run-vm.sh" --plan check
# The driver's watchdog judges progress: on a throttled device model
# (clock-khz=1: one job is four job timeouts of model time) a long job that
# keeps writing warps is not reset and a hung one is
# (tests/driver/drv_watchdog.c).  A VM of its own, so that every other suite
# runs on full-speed devices.
run_suite vm-watchdog env BUILD="$BUILD/vm-watchdog" IDXGEN_VM_SUITES="$ROOT/tests/vm/watchdog.suites" \
	IDXGEN_VM_DEVICES="-device pcie-root-port,id=rp0,bus=pcie.0,chassis=1,slot=1
	-device idxgen,id=idxgen0,bus=rp0,debug=on,clock-khz=1" \
	bash "$ROOT/tests/vm/run-vm.sh" --plan check
# The harness itself: a QEMU crash (SIGABRT on purpose) fails its suite, is
# reported with a backtrace, and a fresh VM runs the suites after it.
run_suite vm-harness bash "$ROOT/tests/vm/test-harness.sh"
# Every in-guest suite again, on the debug kernel: any splat, leak or new
# taint fails the suite during which it appeared.  Its bounds are
# run-vm.sh's hang guards (a suite's, the stall guard's, the whole run's:
# tests/README.md); the old 3600 s limit was 3.8x CI's slowest run.
if bg_wait kernel-debug; then
	build_step guest-debug bash "$ROOT/tests/vm/kernel/stage-guest.sh" "$BUILD/guest-debug"
	# the staging into a BUILD that does not exist yet (soak.sh's case;
	# seconds now that the driver is built against the debug kernel)
	run_suite vm-stage bash "$ROOT/tests/vm/kernel/test-stage-guest.sh"
	run_suite vm-debug env GUEST="$BUILD/guest-debug" \
		bash "$ROOT/tests/vm/run-vm.sh" --plan check --kernel debug
else
	not_run vm-debug "the debug kernel did not build (build-kernel-debug.log)"
fi
# The main job (`make run`) must keep working: boot the demo plan too and
# check each part's OK line and key figures (demo-run.sh --check).  This is
# also the regression test for run-vm.sh losing qemu's exit status in demo
# mode.
run_suite vm-demo bash "$ROOT/tests/vm/demo-run.sh" --check

echo
echo "=== summary ($(($(date +%s) - t0))s)"
printf '  %s\n' "${summary[@]}"
# The failures again, last: a run read from its tail alone (CI shows the
# end of the output) still says which tests failed, not only how many.
if [ "${#failed_suites[@]}" -gt 0 ]; then
	echo "=== failures (each suite's first, with their diagnostics; whole logs in $LOGS)"
	for name in "${failed_suites[@]}"; do
		grep -a -A3 '^not ok ' "$LOGS/$name.log" | grep -a -v -e '^--$' -e '^ok ' | head -8 |
			cut -c1-200 | sed "s/^/  [$name] /"
		# a VM's slowest suites on the host's clock (run-vm.sh's "# vm: suite" lines)
		grep -a '^# vm: suite .* s on the host' "$LOGS/$name.log" | sort -t: -k3 -n -r |
			awk '{ split($0, a, ": "); if (a[3] + 0 >= 300) print }' | head -3 | sed "s/^/  [$name] /"
	done | head -40
fi
# Where the time went, also in the tail: the background builds (since their
# start, and how long the run waited for them) and the slowest suites.
printf '=== time: %ss in all; background builds:' "$(($(date +%s) - t0))"
for name in "${!bg_took[@]}"; do
	printf ' %s %s;' "$name" "${bg_took[$name]}"
done
printf '\n=== slowest:'
printf '%s\n' "${summary[@]}" | awk '{ t = $10; sub(/s$/, "", t); print t, $1 }' | sort -rn | head -10 |
	awk '{ printf " %s %ss;", $2, $1 } END { print "" }'
echo "$total_pass passed, $total_fail failed, $total_skip skipped, $total_xfail expected failures"
[ "$total_fail" -eq 0 ]
