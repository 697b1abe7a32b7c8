# tests/common/expect.sh - the one runner of diagnostic tests (sourced after
# tap.sh; bash or POSIX sh).
#
# A diagnostic test is a source file whose first line names the error its
# translator must report, in a comment of its language:
#
#	// expect: LINE:COL: error: TEXT
#	/* expect: LINE:COL: error: TEXT */
#
#	expect_diag OUT FILE COMMAND...
#
# runs COMMAND (which names FILE as given and would write OUT) and reports
# one TAP test: it passes when COMMAND exits with status 1, prints
# "FILE:LINE:COL: error: TEXT" on stderr, prints no error message twice and
# leaves no OUT behind.  A file without an expect line fails: a diagnostic
# test that names nothing proves nothing.

# expect_of FILE: the expected "LINE:COL: error: TEXT" of FILE, or nothing.
expect_of() {
	sed -n -e '1s|^// expect: ||p' -e '1s|^/\* expect: \(.*\) \*/$|\1|p' "$1"
}

expect_diag() {
	exp_out=$1 exp_file=$2
	shift 2
	exp_want=$(expect_of "$exp_file")
	exp_name=$(basename "$exp_file")
	if [ -z "$exp_want" ]; then
		ok 1 "$exp_name: no '// expect: LINE:COL: error: TEXT' on its first line"
		return
	fi
	exp_err=${TMPDIR:-/tmp}/expect.$$.err
	rm -f "$exp_out"
	"$@" 2>"$exp_err" >/dev/null
	exp_rc=$?
	exp_dup=$(grep ': error: ' "$exp_err" | sort | uniq -d | head -1)
	if [ "$exp_rc" = 1 ] && grep -qF "$exp_file:$exp_want" "$exp_err" &&
		[ ! -e "$exp_out" ] && [ -z "$exp_dup" ]; then
		ok 0 "$exp_name: exit 1, $exp_want"
	else
		ok 1 "$exp_name: want exit 1, '$exp_file:$exp_want' once and no output; got exit $exp_rc${exp_dup:+, repeated: $exp_dup}"
		sed 's/^/#   /' "$exp_err"
	fi
	rm -f "$exp_err" "$exp_out"
}
