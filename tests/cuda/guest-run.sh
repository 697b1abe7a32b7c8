#!/bin/sh
# guest-run.sh - a subset of tests/cuda's programs in the VM (suite
# cuda-progs of tests/vm/check.suites): built on the host by idxgen-cc
# (lib/cc's `make guest`, GUEST_CUDA_PROGS), run here with their thread
# indices from the device through the driver.  Each program must exit 0,
# print PASS as its last line (its whole output equal to NAME.expected where
# there is one), not fall back to the emulation backend, and cause device
# jobs (idxgen stats before and after).  TAP (tests/common/tap.sh).
#
# usage: guest-run.sh [DIR]   (DIR: the staged programs, default ./cuda)
dir=${1:-$(dirname "$0")/cuda}
dir=$(cd "$dir" && pwd) || exit 1
unset IDXGEN_BACKEND	# the default: the device through the driver
tmp=${TMPDIR:-/tmp}/cuda-guest.$$
trap 'rm -f "$tmp".*' EXIT
for tap_sh in "$(dirname "$0")/tap.sh" "$(dirname "$0")/../common/tap.sh"; do
	[ -f "$tap_sh" ] && break
done
. "$tap_sh"
jobs_now() { idxgen stats --json 2>/dev/null | sed -n 's/.*"jobs": \([0-9]*\).*/\1/p' | head -1; }
# A program that hangs is stopped and named, not left to the suite's guard
# (which names no program and, twice over, cost CI its 90 minutes): the
# in-guest tests' hang guard (tests/common/hang_guard.h: 300 s on the stock
# kernel, 1500 s on the debug kernel); a program takes a second or two.
PROG_HANG_GUARD_S=${IDXGEN_HANG_GUARD_S:-1500}

for exe in "$dir"/*; do
	case $exe in *.expected) continue ;; esac
	[ -x "$exe" ] || continue
	name=$(basename "$exe")
	j0=$(jobs_now)
	started=$(date +%s)
	(cd "${TMPDIR:-/tmp}" && timeout -s KILL "$PROG_HANG_GUARD_S" "$exe") > "$tmp.out" 2> "$tmp.err" < /dev/null
	rc=$?
	took=$(($(date +%s) - started))
	j1=$(jobs_now)
	last=$(tail -n 1 "$tmp.out")
	why=
	if [ -z "$j0" ] || [ -z "$j1" ]; then
		why="idxgen stats --json gave no job count"
	elif [ $rc -eq 137 ] && [ "$took" -ge "$PROG_HANG_GUARD_S" ]; then
		why="still running after ${PROG_HANG_GUARD_S} s (hang guard): killed"
	elif [ $rc -eq 137 ]; then
		# the guard's SIGKILL and another's (the OOM killer's) give the same
		# status: the time taken tells them apart, for the message only
		why="killed by SIGKILL after $took s, before the hang guard (the OOM killer?)"
	elif [ $rc -ne 0 ]; then
		why="exit status $rc"
	elif [ "$last" != PASS ]; then
		why="last line is '$last', not PASS"
	elif [ -f "$exe.expected" ] && ! cmp -s "$exe.expected" "$tmp.out"; then
		why="output differs from $name.expected"
	elif grep -q 'emulation backend' "$tmp.err"; then
		why="thread indices from the emulation backend, not the device"
	elif [ "$j1" -le "$j0" ]; then
		why="no device job during the run (jobs $j0 -> $j1)"
	fi
	if [ -z "$why" ]; then
		ok 0 "$name: PASS, $((j1 - j0)) device jobs"
	else
		ok 1 "$name: $why"
		tail -n 8 "$tmp.out" | sed 's/^/# out: /'
		tail -n 5 "$tmp.err" | sed 's/^/# err: /'
	fi
done
[ "$tap_n" -gt 0 ] || ok 1 "a program staged in $dir"
tap_done
