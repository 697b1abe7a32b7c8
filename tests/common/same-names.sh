#!/bin/sh
# same-names.sh - two runs of one test program print the same test names, in
# the same order (one TAP test).  A run's own figures (nanoseconds, counts
# the scheduler decided, addresses) belong on "# " diagnostic lines, never in
# a name: a name that changes from run to run cannot be followed across
# runs, nor compared with a clean run's.
#
#   same-names.sh WHAT LOG1 LOG2
#
# The name is what follows "ok N - " up to its first "#" that is not
# written "\#" (tests/common/tap-count.sh reads directives there).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
names() {
	sed -n -E 's/^(not )?ok [0-9]+( - |$)//p' "$1" | sed -E 's/(^|[^\\])#.*$/\1/; s/ +$//'
}
for log in "$2" "$3"; do
	if ! grep -Eq '^(not )?ok [0-9]+' "$log" 2>/dev/null; then
		ok 1 "$1: two runs print the same test names"
		diag "$log: no such log, or no numbered test in it"
		tap_done
		exit 1
	fi
done
second=$(mktemp "${TMPDIR:-/tmp}/same-names.XXXXXX")
names "$3" >"$second"
d=$(names "$2" | diff - "$second")
rc=$?
rm -f "$second"
ok $rc "$1: two runs print the same test names"
[ $rc = 0 ] || printf '%s\n' "$d" | head -20 | sed 's/^/#   /'
tap_done
