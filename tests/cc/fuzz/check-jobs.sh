#!/bin/bash
# check-jobs.sh CC OBJ LIB WORK - fuzz.py --jobs 2 (seeds checked by two
# processes at once) counts exactly what --jobs 1 does, seed by seed and in
# seed order, stops at the same seed for --kernels, and resumes from its
# --progress file where it stopped (make check, TAP).  CC is idxgen-cc; OBJ,
# LIB and WORK are fuzz.py's --obj, --lib and a scratch directory.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../common/tap.sh"
[ $# = 4 ] || { echo "usage: $0 CC OBJ LIB WORK" >&2; exit 2; }
cc=$1 obj=$2 lib=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
fuzz() {
	"${PYTHON:-python3}" "$HERE/fuzz.py" --cc "$cc" --obj "$obj" --lib "$lib" --seeds 5- --count 6 \
		--opt=-O0 --no-minimise "$@" 2>&1
}
# the per-seed lines without the run's time: "seed N: counts (total ...)"
seed_lines() { printf '%s\n' "$1" | sed -n 's/^\(seed [0-9]*: .*\), [0-9]* s)$/\1)/p'; }
# the progress file without its seconds
progress() { "${PYTHON:-python3}" -c 'import json,sys; p=json.load(open(sys.argv[1])); p.pop("seconds"); print(json.dumps(p, sort_keys=True))' "$1"; }

one=$(fuzz --jobs 1 --work "$work/w1" --kernels 18 --progress "$work/p1.json")
rc1=$?
two=$(fuzz --jobs 2 --work "$work/w2" --kernels 18 --progress "$work/p2.json")
rc2=$?
printf '%s\n' "$two" | grep -v '^# rejected' | sed 's/^/# --jobs 2: /'
s1=$(seed_lines "$one")
s2=$(seed_lines "$two")
[ "$rc1" = 0 ] && [ "$rc2" = 0 ] && [ -n "$s1" ] && [ "$s1" = "$s2" ] &&
	[ "$(printf '%s\n' "$s2" | cut -d: -f1 | tr '\n' ' ')" = "seed 5 seed 6 seed 7 " ]
ok $? "--jobs 2: seeds 5, 6, 7 in order with the counts of --jobs 1 (exit $rc1 and $rc2)"
[ -f "$work/p1.json" ] && [ "$(progress "$work/p1.json")" = "$(progress "$work/p2.json")" ] &&
	grep -q '"next_seed": 8,' "$work/p2.json"
ok $? "--jobs 2: the progress file of --jobs 1 (next seed 8, the same counts)"

more=$(fuzz --jobs 2 --work "$work/w2" --kernels 30 --progress "$work/p2.json")
printf '%s\n' "$more" | grep -E '^(# resuming|seed )' | sed 's/^/# --jobs 2 resumed: /'
[ "$(seed_lines "$more" | cut -d: -f1 | tr '\n' ' ')" = "seed 8 seed 9 " ] &&
	grep -q '"next_seed": 10,' "$work/p2.json" && grep -q '"generated": 30,' "$work/p2.json"
ok $? "--jobs 2 resumed: seeds 8 and 9, then stops at 30 kernels (next seed 10)"
tap_done
