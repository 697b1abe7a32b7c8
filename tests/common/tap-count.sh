#!/bin/bash
# tap-count.sh LOG - counts a TAP log as tests/run-tests.sh does and prints
# "PASSED FAILED SKIPPED EXPECTED_FAILURES" on one line; why each failure
# that no "not ok" line shows was counted goes to stderr.
#
#   ok N - name                  passed
#   ok N - name # SKIP why       skipped; without a reason it fails
#   1..0 # SKIP why              a whole program skipped (one skip); without
#                                a reason it fails
#   not ok N - name # TODO bug   an expected failure (a known bug, named);
#                                without a bug it fails
#   ok N - name # TODO bug       a known bug that passes now: fails, so the
#                                marker goes with the fix
#   not ok N - name              failed
#
# Directives are read where TAP puts them: after the description, at the
# first "#" that is not escaped as "\#" (tap.h, tap.sh and tap.py escape a
# "#" in a name), and only when SKIP or TODO (any case) is the word there.
#
# A log holds the output of many programs one after the other.  Numbered
# test lines belong to a plan "1..N", printed after them (tap.h, tap.sh,
# tap.py) or before them: the count seen must be N and the numbers must run
# 1, 2, ... N; a program whose numbered tests end without a plan (it died)
# fails once.  Unnumbered lines ("ok - build lib", "not ok - vm: ...") are
# the runners' own verdicts and belong to no plan.
set -u
awk '
function complain(why) {
	printf "tap-count: %s:%d: %s\n", FILENAME, FNR, why > "/dev/stderr"
	fail++
}
# Sets desc (the name) and dir/why (the directive and its text, "" if none).
function parse(line,    i, c, rest) {
	desc = line; dir = ""; why = ""
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (c == "\\") { i++; continue }
		if (c != "#") continue
		desc = substr(line, 1, i - 1)
		rest = substr(line, i + 1)
		if (match(rest, /^[ \t]*[A-Za-z]+/)) {
			word = toupper(substr(rest, RSTART, RLENGTH))
			sub(/^[ \t]+/, "", word)
			if (word ~ /^SKIP/ || word == "TODO") {
				dir = (word ~ /^SKIP/) ? "SKIP" : "TODO"
				why = substr(rest, RSTART + RLENGTH)
				sub(/^[ \t:-]*/, "", why)
				sub(/[ \t]+$/, "", why)
			}
		}
		return
	}
}
# A numbered block ends: its count must match its plan, if it had one.
function close_block(where) {
	if (seen > 0 && planned < 0)
		complain(sprintf("%d numbered tests %s without a plan (the program died?)", seen, where))
	else if (planned >= 0 && seen != planned)
		complain(sprintf("the plan 1..%d was followed by %d tests", planned, seen))
	seen = 0; planned = -1
}
BEGIN { seen = 0; planned = -1 }
/^1\.\.[0-9]+/ {
	match($0, /^1\.\.[0-9]+/)
	n = substr($0, 4, RLENGTH - 3) + 0
	parse($0)
	if (seen > 0 && planned < 0) {		# a plan after its tests
		if (seen != n)
			complain(sprintf("plan 1..%d after %d tests", n, seen))
		seen = 0
		next
	}
	close_block("before this plan")
	if (n == 0) {
		if (dir == "SKIP" && why != "") skip++
		else complain("1..0 without \"# SKIP reason\"")
		next
	}
	planned = n				# a plan before its tests
	next
}
/^(not )?ok([ \t]|$)/ {
	notok = ($0 ~ /^not /)
	rest = $0
	sub(/^(not )?ok[ \t]*/, "", rest)
	if (match(rest, /^[0-9]+/)) {
		num = substr(rest, 1, RLENGTH) + 0
		if (planned >= 0 && seen == planned)	# a leading plan, done
			close_block("")
		else if (num == 1 && seen > 0)
			close_block("before a new program")
		seen++
		if (num != seen)
			complain(sprintf("test number %d where %d was due", num, seen))
	}
	parse($0)
	if (dir == "SKIP") {
		if (notok) fail++
		else if (why == "") complain("a skip without a reason")
		else skip++
	} else if (dir == "TODO") {
		if (!notok) fail++
		else if (why == "") complain("an expected failure that names no bug (# TODO BUG)")
		else xfail++
	} else if (notok) {
		fail++
	} else {
		pass++
	}
	next
}
END {
	close_block("at the end of the log")
	printf "%d %d %d %d\n", pass, fail, skip, xfail
}
' "$1"
