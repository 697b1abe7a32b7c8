#!/bin/bash
# Whole CUDA programs with warp-level functions and cooperative groups
# (issue 23), each with its own PASS/FAIL check, built by idxgen-cc's
# driver and run under the schedule orders a program can choose from the
# environment (IDXGEN_SCHEDULE: sequential, zigzag, hilbert, auto) with 1
# and 2 workers.  A program whose first line is '// expect: L:C: error: MSG'
# must instead be rejected with that diagnostic (exit 1).  TAP.
#   programs.sh path/to/idxgen-cc WORKDIR PROGRAM.cu...
set -u
CC_BIN=${1:?usage: programs.sh idxgen-cc workdir prog.cu...}
WORK=${2:?}
shift 2
mkdir -p "$WORK"
n=0 fail=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else fail=$((fail + 1)); echo "not ok $n - $2"; fi; }
for src in "$@"; do
	name=$(basename "$src" .cu)
	want=$(head -1 "$src" | sed -n 's|^// expect: ||p')
	if [ -n "$want" ]; then
		"$CC_BIN" -o "$WORK/$name" "$src" 2>"$WORK/$name.err"
		rc=$?
		[ $rc = 1 ] && grep -qF "$src:$want" "$WORK/$name.err"
		ok $? "$name: rejected with '$want' (exit $rc)"
		continue
	fi
	if ! "$CC_BIN" -o "$WORK/$name" "$src" 2>"$WORK/$name.err"; then
		ok 1 "$name: idxgen-cc failed"
		sed 's/^/#   /' "$WORK/$name.err"
		continue
	fi
	for order in sequential zigzag hilbert auto; do
		for workers in 1 2; do
			out=$(cd "$WORK" && IDXGEN_BACKEND=emu IDXGEN_SCHEDULE=$order IDXGEN_NUM_THREADS=$workers \
				timeout 120 "./$name" 2>&1)
			rc=$?
			last=$(printf '%s\n' "$out" | tail -1)
			[ $rc = 0 ] && [ "$last" = PASS ]
			ok $? "$name, order $order, $workers worker(s): $last"
		done
	done
done
echo "1..$n"
echo "# $((n - fail)) passed, $fail failed"
[ $fail = 0 ]
