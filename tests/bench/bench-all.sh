#!/bin/bash
# make bench: every tests/bench/*.mk built, then run, one after another.
# Quiet by design (issue 40): a benchmark's build goes to a log
# (BUILD/bench/logs/NAME.build.log), shown only when it fails; its run's
# output is what it prints (the result tables, ratios and load), with make's
# own echo of the commands turned off.  Ends in one summary: each
# benchmark's outcome and seconds, then one line of counts.  A failed
# benchmark does not stop the others; the exit status is 1 when any failed.
#
#   bash tests/bench/bench-all.sh ROOT BUILD [NAME...]   (default: all)
set -u
ROOT=${1:?usage: bench-all.sh ROOT BUILD [NAME...]}
BUILD=${2:?usage: bench-all.sh ROOT BUILD [NAME...]}
shift 2
LOGS=$BUILD/bench/logs
mkdir -p "$LOGS"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
	for f in "$ROOT"/tests/bench/*.mk; do
		names+=("$(basename "$f" .mk)")
	done
fi
make_q() {
	make -s --no-print-directory -f "$ROOT/tests/bench/$1.mk" BUILD="$BUILD" "$2"
}
summary=()
ran=0 failed=0
for n in "${names[@]}"; do
	echo "== bench $n"
	t0=$(date +%s)
	if ! make_q "$n" all >"$LOGS/$n.build.log" 2>&1; then
		tail -20 "$LOGS/$n.build.log"
		summary+=("$(printf '%-14s build FAILED (%s)' "$n" "$LOGS/$n.build.log")")
		failed=$((failed + 1))
		continue
	fi
	make_q "$n" run 2>&1
	rc=$?
	secs=$(($(date +%s) - t0))
	if [ $rc -eq 0 ]; then
		summary+=("$(printf '%-14s ok      %5d s' "$n" "$secs")")
		ran=$((ran + 1))
	else
		summary+=("$(printf '%-14s FAILED  %5d s (exit %d)' "$n" "$secs" "$rc")")
		failed=$((failed + 1))
	fi
done
echo "== make bench summary (load: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%s\n' "${summary[@]}"
echo "make bench: ${#names[@]} benchmarks, $ran ran, $failed failed"
[ $failed -eq 0 ]
