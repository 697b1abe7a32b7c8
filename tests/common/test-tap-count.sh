#!/bin/bash
# test-tap-count.sh - tap-count.sh, tap.sh, tap.h and tap.py cannot be
# misread (make check, suite tap; TAP).  Each case is a log and the counts
# "PASSED FAILED SKIPPED EXPECTED_FAILURES" that tap-count.sh must print.
# TAP_COUNT=OTHER_COUNTER runs the cases against another counter (how the
# old one was shown to fail them).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/tap.sh"
COUNT=${TAP_COUNT:-$HERE/tap-count.sh}
work=$(mktemp -d "${TMPDIR:-/tmp}/tap-count.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# case WANT DESCRIPTION: the log on stdin must count as WANT
case_() {
	cat >"$work/log"
	got=$(bash "$COUNT" "$work/log" 2>"$work/err")
	ok "$([ "$got" = "$1" ]; echo $?)" "$2 (want $1, got $got)"
	[ "$got" = "$1" ] || sed 's/^/#   /' "$work/err"
}

case_ "2 0 1 1" "a program's tests with its plan after them" <<'EOF'
ok 1 - a
ok 2 - b # SKIP no nvcc here
not ok 3 - c # TODO issue 7
ok 4 - d
1..4
EOF
case_ "2 0 0 0" "the plan before the tests, then another program" <<'EOF'
1..1
ok 1 - a
ok 1 - b
1..1
EOF
case_ "1 1 0 0" "a plan that says more tests than ran fails once" <<'EOF'
ok 1 - a
1..2
EOF
case_ "2 1 0 0" "a leading plan with a test missing fails once" <<'EOF'
1..3
ok 1 - a
ok 2 - b
EOF
case_ "3 1 0 0" "tests without a plan (a program that died) fail once" <<'EOF'
ok 1 - a
ok 2 - b
ok 1 - c
1..1
EOF
case_ "2 1 0 0" "a test number out of order fails" <<'EOF'
ok 1 - a
ok 3 - b
1..2
EOF
case_ "2 0 0 0" "unnumbered runner verdicts belong to no plan" <<'EOF'
ok - build lib
ok 1 - a
1..1
make: Leaving directory
EOF
case_ "0 0 1 0" "1..0 # SKIP with a reason is one skip" <<'EOF'
1..0 # SKIP no device here
EOF
case_ "0 2 0 0" "1..0 without a reason, or with an empty SKIP, fails" <<'EOF'
1..0
1..0 # skip
EOF
case_ "0 1 0 0" "a skip without a reason fails" <<'EOF'
ok 1 - a # SKIP
1..1
EOF
case_ "0 2 0 0" "an expected failure that names no bug fails; so does a TODO that passes" <<'EOF'
not ok 1 - a # TODO
ok 2 - b # TODO issue 3
1..2
EOF
case_ "3 0 0 0" "#skip and #todo escaped inside a name are no directives" <<'EOF'
ok 1 - parse \#todo comments
ok 2 - the \#skip flag
ok 3 - issue \#12 \# SKIP not really
1..3
EOF
case_ "1 0 1 0" "a comment after the name that is no directive; a lower-case directive" <<'EOF'
ok 1 - a # measured 3 ms
ok 2 - b # skip no AVX2
1..2
EOF
case_ "0 1 0 0" "not ok with a SKIP directive is a failure" <<'EOF'
not ok 1 - a # SKIP why
1..1
EOF

# The printers escape a "#" in a name and print the plan, in each language.
sh -c '. "$1"; ok 0 "parse #todo"; skip "why" "a #skip"; todo 1 issue-1 "c"; tap_done' _ "$HERE/tap.sh" \
	>"$work/sh.log"
got=$(bash "$COUNT" "$work/sh.log" 2>/dev/null)
ok "$([ "$got" = "1 0 1 1" ]; echo $?)" "tap.sh: names with # escaped, counted as printed (got $got)"
sh -c '. "$1"; todo 1 "" "c"; tap_done' _ "$HERE/tap.sh" >"$work/sh2.log"
ok "$([ $? = 1 ] && grep -q '^not ok 1 - c: an expected failure must name its bug$' "$work/sh2.log"; echo $?)" \
	"tap.sh: todo without a bug fails"
if command -v "${CC:-cc}" >/dev/null; then
	cat >"$work/t.c" <<'EOF'
#include "tap.h"
int main(void)
{
	tap_ok(1, "parse #todo %d", 1);
	tap_skip("why", "a #skip");
	tap_todo(0, "issue-1", "c");
	tap_todo(0, "", "d");
	return tap_done();
}
EOF
	"${CC:-cc}" -std=c11 -Wall -Wextra -Werror -I"$HERE" -o "$work/t" "$work/t.c" && "$work/t" >"$work/c.log"
	rc=$?
	got=$(bash "$COUNT" "$work/c.log" 2>/dev/null)
	ok "$([ "$rc" = 1 ] && [ "$got" = "1 1 1 1" ]; echo $?)" \
		"tap.h: names with # escaped, a bugless todo fails (exit $rc, got $got)"
	# TAP_TEST registration: every test runs; -l lists; -t NAME runs one; an unknown NAME fails
	cat >"$work/reg.c" <<'EOF'
#include "tap.h"
TAP_TEST(alpha)
{
	tap_ok(1, "alpha ran");
}
TAP_TEST(beta)
{
	tap_ok(1, "beta ran");
}
int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
EOF
	"${CC:-cc}" -std=c11 -Wall -Wextra -Werror -I"$HERE" -o "$work/reg" "$work/reg.c"
	all=$("$work/reg" | grep -c '^ok [12] - \(alpha\|beta\) ran$')
	list=$("$work/reg" -l | sort | tr '\n' ' ')
	one=$("$work/reg" -t beta | grep -c '^ok')
	"$work/reg" -t gamma >"$work/reg.log"
	rc=$?
	ok "$([ "$all" = 2 ] && [ "$list" = "alpha beta " ] && [ "$one" = 1 ] && [ "$rc" = 1 ] &&
		grep -q '^not ok 1 - gamma: no such test' "$work/reg.log"; echo $?)" \
		"TAP_TEST: all run ($all), -l lists ($list), -t beta runs one ($one), -t gamma fails (exit $rc)"
else
	skip "no C compiler (${CC:-cc})" "tap.h"
	skip "no C compiler (${CC:-cc})" "TAP_TEST registration"
fi
python3 - "$HERE" >"$work/py.log" <<'EOF'
import sys
sys.path.insert(0, sys.argv[1])
from tap import Tap
t = Tap()
t.ok(True, 'parse #todo')
t.skip('why', 'a #skip')
t.todo(False, 'issue-1', 'c')
t.todo(False, '', 'd')
t.skip('', 'e')
sys.exit(t.done())
EOF
rc=$?
got=$(bash "$COUNT" "$work/py.log" 2>/dev/null)
ok "$([ "$rc" = 1 ] && [ "$got" = "1 2 1 1" ]; echo $?)" \
	"tap.py: names with # escaped, a bugless todo and a reasonless skip fail (exit $rc, got $got)"
tap_done
