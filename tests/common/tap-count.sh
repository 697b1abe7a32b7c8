#!/bin/bash
# tap-count.sh LOG - counts a TAP log as tests/run-tests.sh does and prints
# "PASSED FAILED SKIPPED EXPECTED_FAILURES" on one line:
#   ok N - name                  passed
#   ok N - name # SKIP why       skipped; without a reason it fails
#   1..0 # SKIP why              a whole suite skipped (one skip)
#   not ok N - name # TODO bug   an expected failure (a known bug)
#   ok N - name # TODO bug       a known bug that passes now: fails, so the
#                                marker goes with the fix
#   not ok N - name              failed
# Directives are case-insensitive, as TAP says.
set -u
awk '
function directive(line, word) {	# the text after "# WORD", or -1
	if (match(tolower(line), "#[ \t]*" word "[a-z]*")) {
		rest = substr(line, RSTART + RLENGTH)
		sub(/^[ \t:]*/, "", rest)
		return rest
	}
	return -1
}
/^1\.\.0/ {
	if (directive($0, "skip") != -1) skip++
	next
}
/^ok / {
	why = directive($0, "skip")
	if (why != -1) { if (why == "") fail++; else skip++; next }
	if (directive($0, "todo") != -1) { fail++; next }
	pass++
	next
}
/^not ok / {
	if (directive($0, "todo") != -1) xfail++; else fail++
}
END { printf "%d %d %d %d\n", pass, fail, skip, xfail }
' "$1"
