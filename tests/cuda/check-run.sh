#!/bin/sh
# check-run.sh - run.sh and check-nvcc.sh cannot pass by running nothing or
# by a known failure that changed (make -C lib/cc check; TAP).  Planted
# compilers stand in for idxgen-cc: no program is really built, seconds.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-check-run.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# run.sh ARGS...: its output in $work/out, its exit status echoed
run() { sh "$here/run.sh" "$@" > "$work/out" 2>&1; echo $?; }
has() { grep -qE -- "$1" "$work/out"; echo $?; }
counts() { bash "$here/../common/tap-count.sh" "$work/out" 2>/dev/null; }

for pat in '.*' 'atomic.' 'atomics|scan'; do
	rc=$(run -c true "$pat")
	ok "$([ "$rc" = 1 ] && [ "$(has "^not ok 1 - .*: no such program")" = 0 ]; echo $?)" \
		"run.sh '$pat': a name is no pattern: no such program, exit 1 (exit $rc)"
	NVCC=/bin/true sh "$here/check-nvcc.sh" "$pat" > "$work/out" 2>&1
	rc=$?
	ok "$([ "$rc" = 1 ] && [ "$(has "^not ok 1 - .*: no such program")" = 0 ]; echo $?)" \
		"check-nvcc.sh '$pat': no such program, exit 1 (exit $rc)"
done

# A known failure (-x NAME=BUG): rejected with a diagnostic as known, or not
reject='echo "{srcs}:1:1: error: planted rejection" >&2; exit 1'
rc=$(run -c "$reject" -x atomics=planted-bug-1 scan)
ok "$([ "$rc" = 1 ] && [ "$(has '^not ok [0-9]+ - atomics: rejected with a diagnostic, as known # TODO planted-bug-1$')" = 0 ] &&
	[ "$(has '^not ok [0-9]+ - scan: build failed$')" = 0 ]; echo $?)" \
	"-x: a program rejected as known is an expected failure, the bug named, and runs beside the NAMEs; another fails"
rc=$(run -c "$reject" -x atomics=planted-bug-1 atomics)
ok "$([ "$rc" = 0 ] && [ "$(counts)" = "0 0 0 1" ]; echo $?)" \
	"-x: the known failure alone: 1 expected failure, exit 0 (exit $rc, counts $(counts))"
rc=$(run -c 'exit 0' -x atomics=planted-bug-1 atomics)
ok "$([ "$rc" = 1 ] && [ "$(has '^not ok 1 - atomics: builds now: delete its known-bug marker')" = 0 ]; echo $?)" \
	"-x: a known failure that builds now fails (exit $rc)"
rc=$(run -c 'exit 139' -x atomics=planted-bug-1 atomics)
ok "$([ "$rc" = 1 ] && [ "$(has '^not ok 1 - atomics: known to be rejected with a diagnostic, now build exit 139')" = 0 ]; echo $?)" \
	"-x: a known rejection that became a crash fails (exit $rc)"
rc=$(run -c "$reject" -x nosuch=planted-bug-1 atomics)
ok "$([ "$rc" = 1 ] && [ "$(has '^not ok [0-9]+ - -x nosuch: no such program')" = 0 ]; echo $?)" \
	"-x of no program fails (exit $rc)"

# A program that hangs (blocks: no CPU, no output) is stopped by the progress
# guard and fails as hung, its report kept; a slow one is never stopped (the
# guard's own test, tests/common/test-progress-guard.sh).  The window is 2 s
# here (PROGRESS_GUARD_STALL_S), 120 s in a real run.
blocks='printf "#!/bin/sh\\nexec sleep 3600\\n" > {out}; chmod +x {out}'
rc=$(PROGRESS_GUARD_STALL_S=2 run -c "$blocks" atomics)
ok "$([ "$rc" = 1 ] && [ "$(has '^not ok 1 - atomics: hung: stopped by the progress guard')" = 0 ] &&
	[ "$(has '^# progress-guard: hang: ')" = 0 ]; echo $?)" \
	"a program that blocks is stopped by the progress guard as hung, its report shown (exit $rc)"
tap_done
