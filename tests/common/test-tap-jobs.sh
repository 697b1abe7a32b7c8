#!/bin/bash
# test-tap-jobs.sh - tests/common/tap-jobs.sh reports jobs in start order,
# numbered as if run in line, with every directive and output line kept,
# whatever order they finish in (make check, suite tap-jobs; TAP).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tap-jobs-test.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# The first job cannot finish before the second has: it waits on a FIFO that
# only the second writes, so the finishing order is the reverse of the start
# order, on any machine and load.
first() {
	ok 0 "a1"
	read -r _ <"$work/fifo"
	ok 1 "a2"
	echo "# a's output"
}
second() {
	skip "no nvcc here" "b1"
	diag "b's note"
	todo 1 "bug 7" "b2"
	skip "" "b3"
	echo "go" >"$work/fifo"
}
dies() {
	ok 0 "c1"
	exit 3
}

# run_jobs OUT: the three jobs through a fresh tap.sh and tap-jobs.sh, the
# replayed TAP in OUT
run_jobs() {
	(
		. "$HERE/tap.sh"
		. "$HERE/tap-jobs.sh"
		# two at once whatever the caller's TAP_JOBS: one at a time, the
		# first job would wait on the FIFO for ever
		TAP_JOBS=2 TAP_JOBS_DIR=$work/jobs
		mkdir -p "$TAP_JOBS_DIR"
		mkfifo "$work/fifo"
		tap_job a first
		tap_job b second
		tap_job c dies
		tap_jobs_replay
		tap_done
		echo "status $?"
		rm -f "$work/fifo"
	) >"$1" 2>&1
}

run_jobs "$work/got"
cat >"$work/want" <<'EOF'
ok 1 - a1
not ok 2 - a2
# a's output
ok 3 - b1 # SKIP no nvcc here
# b's note
not ok 4 - b2 # TODO bug 7
not ok 5 - b3: skipped without a reason
ok 6 - c1
not ok 7 - c: the job ended before finishing its checks
1..7
# 2 passed, 3 failed, 1 skipped, 1 expected failures
status 1
EOF
diff "$work/want" "$work/got" >"$work/diff"
ok $? "jobs finishing in reverse order are reported in start order, numbered in line"
sed 's/^/#   /' "$work/diff"

# TAP_JOBS=1: one job at a time (the second never sees the first running)
serial_a() {
	touch "$work/a-running"
	ok 0 "a"
	rm "$work/a-running"
}
serial_b() {
	[ ! -e "$work/a-running" ]
	ok $? "b starts after a ended"
}
got=$(
	. "$HERE/tap.sh"
	. "$HERE/tap-jobs.sh"
	TAP_JOBS=1 TAP_JOBS_DIR=$work/serial
	mkdir -p "$TAP_JOBS_DIR"
	tap_job a serial_a
	tap_job b serial_b
	tap_jobs_replay
	tap_done
)
printf '%s\n' "$got" | grep -qx "ok 2 - b starts after a ended"
ok $? "TAP_JOBS=1 runs one job at a time"
[ $? = 0 ] || printf '%s\n' "$got" | sed 's/^/#   /'

# A description with a tab or a "#" survives the record
tabbed() { ok 0 "$(printf 'x\ty #z')"; }
got=$(
	. "$HERE/tap.sh"
	. "$HERE/tap-jobs.sh"
	TAP_JOBS_DIR=$work/tabs
	mkdir -p "$TAP_JOBS_DIR"
	tap_job t tabbed
	tap_jobs_replay
)
want=$(printf 'ok 1 - x\ty \\#z')
[ "$got" = "$want" ]
ok $? "a description's tab and '#' survive the record (got '$got')"

tap_done
