#!/bin/bash
# test-progress-guard.sh - progress-guard.c stops a hang, blocked or
# spinning, and never a program that keeps working however slowly (make
# check, suite guard; TAP), nor one whose clock jumped ahead.  The windows
# here are seconds so that the test is short; what is checked is which runs
# are stopped, never how fast.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/tap.sh"
. "$HERE/guard.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/progress-guard.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
guard_build "$HERE" "$work" || exit 1
G=$GUARD

# gone PIDFILE: the process whose pid is in PIDFILE has ended: no such
# process, or a zombie (an orphan waits for init to reap it).
gone() {
	local stat
	stat=$(cat "/proc/$(cat "$1")/stat" 2>/dev/null) || return 0
	case ${stat##*) } in Z* | X*) return 0 ;; esac
	return 1
}

"$G" -- sh -c 'exit 7'
rc=$?
ok "$([ $rc = 7 ]; echo $?)" "the command's exit status is passed on (got $rc)"
"$G" -- sh -c 'kill -TERM $$'
rc=$?
ok "$([ $rc = 143 ]; echo $?)" "a command killed by signal N exits 128 + N (got $rc)"
"$G" -- "$work/no such program" 2>"$work/err"
rc=$?
ok "$([ $rc = 127 ] && grep -q 'no such program' "$work/err"; echo $?)" \
	"a command that cannot run exits 127 with the reason (got $rc)"
"$G" -s 0 -- true 2>/dev/null
rc=$?
ok "$([ $rc = 2 ]; echo $?)" "a bound under 1 s is a usage error (got $rc)"

# A blocked hang: no CPU, no output.  Its child, in the same group, goes too.
"$G" -s 1 -- sh -c 'echo $$ >"$1/parent"; sleep 100000 & echo $! >"$1/child"; wait' _ "$work" \
	2>"$work/err"
rc=$?
ok "$([ $rc = 124 ] && grep -q 'made no progress for 1 s' "$work/err"; echo $?)" \
	"a blocked program is stopped by the progress watchdog, exit 124 (got $rc)"
sed 's/^/#   /' "$work/err"
ok "$(grep -q 'sleep) thread [0-9]*: state S' "$work/err"; echo $?)" \
	"the report names each hung thread and its state"
ok "$(gone "$work/parent" && gone "$work/child"; echo $?)" \
	"the whole process group is killed, the command's children too"

# $PROGRESS_GUARD_STALL_S replaces a harness's window (a planted hang is caught in seconds).
PROGRESS_GUARD_STALL_S=1 "$G" -s 1000 -- sleep 100000 2>"$work/err"
rc=$?
ok "$([ $rc = 124 ] && grep -q 'no progress for 1 s' "$work/err"; echo $?)" \
	"PROGRESS_GUARD_STALL_S replaces the harness's stall window (got $rc)"

# A spinning hang uses CPU: only the hang guard stops it.
"$G" -s 1000 -g 1 -- sh -c 'while :; do :; done' 2>"$work/err"
rc=$?
ok "$([ $rc = 124 ] && grep -q 'still runs after its hang guard of 1 s' "$work/err"; echo $?)" \
	"a spinning program is stopped by the hang guard, exit 124 (got $rc)"

# Slow but working: output without CPU, or CPU without output, for longer
# than the stall window, is progress.
"$G" -s 2 -- sh -c 'for i in 1 2 3 4 5 6 7 8; do echo "$i"; sleep 0.5; done' >"$work/out" 2>"$work/err"
rc=$?
ok "$([ $rc = 0 ] && [ "$(tail -n 1 "$work/out")" = 8 ]; echo $?)" \
	"a program that sleeps but writes every 0.5 s runs to its end under a 2 s stall window (got $rc)"
"$G" -s 1 -- sh -c 'i=0; while [ $i -lt 1500000 ]; do i=$((i + 1)); done' 2>"$work/err"
rc=$?
ok "$([ $rc = 0 ]; echo $?)" \
	"a program that computes without writing runs to its end under a 1 s stall window (got $rc)"
[ $rc = 0 ] || sed 's/^/#   /' "$work/err"

# $PROGRESS_GUARD_LOG: a line per run, how tests/README.md's margins were measured.
PROGRESS_GUARD_LOG=$work/log "$G" -- sh -c 'exit 3'
ok "$(grep -Eq '^[0-9.]+ [0-9.]+ 3 sh$' "$work/log"; echo $?)" \
	"PROGRESS_GUARD_LOG gets the run's wall time, CPU time, status and command"

# A planted clock jump (jump-clock.c: from the guard's 3rd clock reading on,
# the clock is 100,000 s ahead) fires neither bound; a hang after it is
# still caught.  The command blocks on a FIFO that this script feeds once the
# guard has sampled the jumped clock a few times (the shim's mark), so the
# jump lands while it runs, whatever the machine's speed.
if cc -std=gnu11 -Wall -Wextra -Werror -shared -fPIC -o "$work/jump-clock.so" "$HERE/jump-clock.c" -ldl \
	2>"$work/jump-cc.err"; then
	# jumped ARGS...: the guard with ARGS over a command that waits for a line
	# on a FIFO, the clock jumped after its 2nd reading; the line is written
	# once the jumped clock has been read 6 times.  Exit status and stderr
	# (in $work/err) are the guard's.
	jumped() {
		local fifo=$work/fifo
		rm -f "$fifo" "$work/mark"
		mkfifo "$fifo"
		LD_PRELOAD=$work/jump-clock.so JUMP_CLOCK_AFTER=2 JUMP_CLOCK_S=100000 \
			JUMP_CLOCK_MARK=$work/mark JUMP_CLOCK_MARK_AFTER=6 \
			"$G" "$@" -- sh -c 'read -r line <"$1"' _ "$fifo" 2>"$work/err" &
		local guard=$!
		# JUMP_WAIT_HANG_GUARD_S: a hang guard on this wait (the mark comes
		# after about 4 s of sampling), then the guard's own end
		for _ in $(seq $((JUMP_WAIT_HANG_GUARD_S * 10))); do
			[ -e "$work/mark" ] || ! kill -0 "$guard" 2>/dev/null && break
			sleep 0.1
		done
		# (bounded: a guard that ended meanwhile leaves the FIFO no reader)
		kill -0 "$guard" 2>/dev/null &&
			timeout "$JUMP_WAIT_HANG_GUARD_S" sh -c 'echo line >"$1"' _ "$fifo" &
		wait "$guard"
	}
	JUMP_WAIT_HANG_GUARD_S=600
	jumped -s 1000 -g 100000000
	rc=$?
	ok "$([ $rc = 0 ] && grep -Eq 'the clock leapt 10000[0-9] s over one 500 ms sample' "$work/err"; echo $?)" \
		"a clock jump of 100,000 s does not fire a 1,000 s stall window; the leap is reported (got $rc)"
	sed 's/^/#   /' "$work/err"
	jumped -s 100000000 -g 1000
	rc=$?
	ok "$([ $rc = 0 ]; echo $?)" "a clock jump of 100,000 s does not fire a 1,000 s hang guard (got $rc)"
	[ $rc = 0 ] || sed 's/^/#   /' "$work/err"
	LD_PRELOAD=$work/jump-clock.so JUMP_CLOCK_AFTER=2 JUMP_CLOCK_S=100000 "$G" -s 1 -- sleep 100000 \
		2>"$work/err"
	rc=$?
	ok "$([ $rc = 124 ] && grep -q 'made no progress for 1 s' "$work/err"; echo $?)" \
		"after a clock jump a blocked program is still stopped, exit 124 (got $rc)"
	LD_PRELOAD=$work/jump-clock.so JUMP_CLOCK_AFTER=2 JUMP_CLOCK_S=100000 "$G" -s 1000 -g 1 -- \
		sh -c 'while :; do :; done' 2>"$work/err"
	rc=$?
	ok "$([ $rc = 124 ] && grep -q 'still runs after its hang guard of 1 s' "$work/err"; echo $?)" \
		"after a clock jump a spinning program is still stopped by the hang guard (got $rc)"
else
	sed 's/^/# /' "$work/jump-cc.err"
	ok 1 "jump-clock.c builds"
fi

# The Python harnesses' wrapper runs the same guard.
python3 - "$HERE" "$work" <<'EOF'
import subprocess, sys
sys.path.insert(0, sys.argv[1])
import guard
g = guard.build(sys.argv[2])
r = subprocess.run(guard.wrap(g, ['sleep', '100000'], 1, 1000), capture_output=True, text=True)
sys.exit(0 if r.returncode == guard.HANG and 'made no progress' in r.stderr else 1)
EOF
ok $? "guard.py builds the guard and a blocked program under it is stopped"
tap_done
