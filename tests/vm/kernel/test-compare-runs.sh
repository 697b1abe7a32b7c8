#!/bin/bash
# test-compare-runs.sh - compare-runs.py, the proof that a change to the
# debug kernel's fragment keeps every debug-VM suite's tests, finds each
# kind of difference and only those: two small results files written here
# (run-vm.sh's format: "### suite NAME" ... "### end NAME rc=N"), identical
# or differing in one way at a time.  Host, TAP, a second.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
# shellcheck source=tests/common/tap.sh
. "$ROOT/tests/common/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The baseline: two suites, a skip, a TODO, figures in names, a harness line.
cat >"$tmp/before" <<'EOF'
# kernel 6.12.118 (debug), tainted 0
### suite drv
ok 1 - open accel0
ok 2 - 412 jobs verified in 3.2 s
ok 3 - suspend round # SKIP no PM on this device
not ok 4 - known race # TODO issue 17
1..4
ok - kernel log clean during drv
### end drv rc=0
### suite coop
ok 1 - paper example, sequential, on the device
ok 2 - random program coop-r006-seq (and -par)
1..2
ok - kmemleak: no leak during coop
### end coop rc=0
### IDXGEN-VM-DONE suites=2 failed=0
EOF

# compare NAME: run compare-runs.py on before and NAME; its output in
# $tmp/NAME.out, its exit status returned.
compare() {
	python3 "$ROOT/tests/vm/kernel/compare-runs.py" "$tmp/before" "$tmp/$1" >"$tmp/$1.out" 2>&1
}
# says NAME PATTERN: status 0 if the output of compare NAME has a line
# matching the ERE.
says() {
	grep -q -E -- "$2" "$tmp/$1.out"
}

cp "$tmp/before" "$tmp/same"
compare same
ok $? "identical runs: exit 0"
ok "$(says same '^2 suites, 0 differ$'; echo $?)" "identical runs: 2 suites, 0 differ"
ok "$(! says same '^DIFF|only (before|after)'; echo $?)" "identical runs: no DIFF line, no name on one side only"

# Other figures in the names (numbers, addresses) are not differences.
sed -e 's/412 jobs verified in 3.2 s/9 jobs verified in 17.0 s/' "$tmp/before" >"$tmp/figures"
compare figures
ok $? "the same tests with other measured figures: exit 0"

# A test that failed in one run: its suite's counts and its name differ.
sed -e 's/^ok 2 - random program coop-r006/not ok 2 - random program coop-r006/' "$tmp/before" >"$tmp/count"
compare count
ok "$([ $? -ne 0 ]; echo $?)" "a changed count: non-zero exit"
ok "$(says count '^DIFF +coop +before 3 passed, 0 failed, 0 skipped, 0 todo \| after 2 passed, 1 failed'; echo $?)" \
	"a changed count: the suite's DIFF line gives both counts"
ok "$(says count '^ +only after: +failed: random program coop-r#-seq \(and -par\)$'; echo $?)" \
	"a changed count: the failed test named (figures as #)"
ok "$(says count '^same +drv '; echo $?)" "a changed count: the other suite still the same"

# A test missing from the second run.
grep -v '^ok 1 - open accel0' "$tmp/before" >"$tmp/missing"
compare missing
ok "$([ $? -ne 0 ]; echo $?)" "a missing test: non-zero exit"
ok "$(says missing '^ +only before: +passed: open accel#$'; echo $?)" "a missing test: named as only before"
ok "$(says missing '^2 suites, 1 differ$'; echo $?)" "a missing test: 1 suite of 2 differs"

# A skip that became a pass is a difference too.
sed -e 's/^ok 3 - suspend round # SKIP no PM on this device/ok 3 - suspend round/' "$tmp/before" >"$tmp/skip"
compare skip
ok "$([ $? -ne 0 ]; echo $?)" "a skip that passes: non-zero exit"
ok "$(says skip '^ +only before: +skipped: suspend round'; echo $?)" "a skip that passes: the skip named as only before"

# A suite only the second run has.
sed -e 's/^### IDXGEN-VM-DONE suites=2/### suite extra\nok 1 - new check\n1..1\n### end extra rc=0\n&/' \
	"$tmp/before" >"$tmp/extra"
compare extra
ok "$([ $? -ne 0 ]; echo $?)" "an extra suite: non-zero exit"
ok "$(says extra '^DIFF +extra +before 0 passed, 0 failed, 0 skipped, 0 todo \| after 1 passed'; echo $?)" \
	"an extra suite: its DIFF line, nothing before"
ok "$(says extra '^3 suites, 1 differ$'; echo $?)" "an extra suite: 3 suites, 1 differs"

# No arguments: the usage, not a comparison.
python3 "$ROOT/tests/vm/kernel/compare-runs.py" >"$tmp/usage.out" 2>&1
ok "$([ $? -ne 0 ] && grep -q '^usage: compare-runs.py BEFORE AFTER' "$tmp/usage.out"; echo $?)" \
	"without two files: the usage and a non-zero exit"
[ "$tap_failed" -eq 0 ] || for f in "$tmp"/*.out; do
	sed "s|^|# ${f##*/}: |" "$f"
done
tap_done
