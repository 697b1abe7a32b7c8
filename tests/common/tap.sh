# tests/common/tap.sh - the TAP helper of every shell test (sourced).
#
# POSIX sh: it also runs under the VM's busybox sh, where the guest suites
# find it beside themselves as tests/tap.sh.  A script sources it with
#
#	for tap_sh in "${0%/*}/tap.sh" "${0%/*}/../common/tap.sh"; do
#		[ -f "$tap_sh" ] && break
#	done
#	. "$tap_sh"
#
# (host-only scripts name the one path), then reports with
#
#	ok STATUS DESCRIPTION        one test: STATUS is an exit status, 0 passes
#	skip REASON DESCRIPTION      a test that cannot run here; the reason is
#	                             required, a skip never counts as a pass
#	todo STATUS BUG DESCRIPTION  an expected failure (a known bug, named):
#	                             "not ok ... # TODO BUG" while it fails; once
#	                             it passes it fails the suite, so the marker
#	                             goes with the fix
#	diag TEXT...                 a comment line ("# TEXT")
#	tap_done                     the plan and the closing line
#	                             "# N passed, N failed, N skipped, N expected
#	                             failures"; returns 1 if anything failed
#
# tests/run-tests.sh counts the same directives across suites.

tap_n=0
tap_failed=0
tap_skipped=0
tap_todo=0

# tap_name TEXT: TEXT with each "#" written "\#", as TAP says, so that a
# name such as "parse #todo" is never read as a directive (tap-count.sh).
tap_name() {
	case "$1" in
	*'#'*) printf '%s\n' "$1" | sed 's/#/\\#/g' ;;
	*) printf '%s\n' "$1" ;;
	esac
}

ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $tap_n - $(tap_name "$2")"
	else
		tap_failed=$((tap_failed + 1))
		echo "not ok $tap_n - $(tap_name "$2")"
	fi
}

skip() {
	tap_n=$((tap_n + 1))
	if [ -z "$1" ]; then
		tap_failed=$((tap_failed + 1))
		echo "not ok $tap_n - $(tap_name "$2"): skipped without a reason"
		return
	fi
	tap_skipped=$((tap_skipped + 1))
	echo "ok $tap_n - $(tap_name "$2") # SKIP $1"
}

todo() {
	tap_n=$((tap_n + 1))
	if [ -z "$2" ]; then
		tap_failed=$((tap_failed + 1))
		echo "not ok $tap_n - $(tap_name "$3"): an expected failure must name its bug"
	elif [ "$1" = 0 ]; then
		tap_failed=$((tap_failed + 1))
		echo "not ok $tap_n - $(tap_name "$3"): passes now, remove its known-bug marker ($2)"
	else
		tap_todo=$((tap_todo + 1))
		echo "not ok $tap_n - $(tap_name "$3") # TODO $2"
	fi
}

diag() {
	echo "# $*"
}

tap_done() {
	echo "1..$tap_n"
	echo "# $((tap_n - tap_failed - tap_skipped - tap_todo)) passed, $tap_failed failed," \
		"$tap_skipped skipped, $tap_todo expected failures"
	[ "$tap_failed" = 0 ]
}
