#!/bin/bash
# check-topo-cpus.sh TOPO_RACE - idxgen-topo-race needs two CPUs (host, no
# device, TAP): on one (taskset -c 0) its race cannot happen, and it must
# fail, saying so, before it looks for a device; on two it goes on (to the
# device it does not find on the host).  Its steps are registered tests:
# -l lists them, and "-t race" alone stops after the failed CPU step.
set -u
. "$(dirname "$0")/../common/tap.sh"
bin=${1:?usage: check-topo-cpus.sh path/to/idxgen-topo-race}

out=$(taskset -c 0 "$bin" 10 2>&1)
rc=$?
printf '%s\n' "$out" | sed 's/^/# one CPU: /'
first=$(printf '%s\n' "$out" | grep -m1 '^\(not \)\{0,1\}ok ')
case $first in
"not ok 1 - two CPUs to race on: "*"1 in the affinity mask"*"with one the race cannot happen"*) r=0 ;;
*) r=1 ;;
esac
[ "$r" = 0 ] && [ "$rc" = 1 ] && ! printf '%s\n' "$out" | grep -q 'idxgen device'
ok $? "on one CPU it fails first, saying why (exit $rc): ${first:-no TAP line}"

if [ "$(taskset -c 0,1 nproc 2>/dev/null)" = 2 ]; then
	out=$(taskset -c 0,1 "$bin" 10 2>&1)
	printf '%s\n' "$out" | sed 's/^/# two CPUs: /'
	printf '%s\n' "$out" | grep -q '^ok 1 - two CPUs to race on: .*(first 0, last 1)$'
	ok $? "on CPUs 0 and 1 it races on them: $(printf '%s\n' "$out" | grep -m1 '^ok 1 ')"
else
	skip "this machine has fewer than two CPUs" "on two CPUs it goes on"
fi
# its steps are registered tests: -l names them without touching anything
out=$("$bin" 10 -l 2>&1)
rc=$?
[ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | tr '\n' ' ')" = "cpus device map race rebind " ]
ok $? "-l lists the steps cpus device map race rebind (exit $rc): $(printf '%s' "$out" | tr '\n' ' ')"

# -t race alone runs the set-up before it, and stops where that failed
out=$(taskset -c 0 "$bin" 10 -t race 2>&1)
rc=$?
printf '%s\n' "$out" | sed 's/^/# -t race on one CPU: /'
[ "$rc" = 1 ] && [ "$(printf '%s\n' "$out" | grep -c '^\(not \)\{0,1\}ok ')" = 1 ] &&
	printf '%s\n' "$out" | grep -q '^not ok 1 - two CPUs to race on: ' &&
	printf '%s\n' "$out" | grep -q '^# race: not run, the set-up step before it failed$' &&
	! printf '%s\n' "$out" | grep -q 'idxgen device\|toggles\|every read'
ok $? "-t race on one CPU: the CPU step fails, nothing after it runs (exit $rc)"
tap_done
