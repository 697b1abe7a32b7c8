#!/bin/bash
# ab.sh - two or more builds of bench_omp (tests/bench/omp.mk) side by side
# in one run: each outer round runs every build once, in an order that
# rotates from round to round, so that a change of load hits all alike.
# Not pass/fail.  Reports, per kernel and build, the median over the outer
# rounds of the translated kernel's time (each run's own figure is already
# a median of its inner rounds), the spread (max - min) / median, and the
# OpenMP / translated ratio; the first build is the baseline of the
# "vs base" column (> 1: faster than the baseline).
#
# usage: ab.sh OUTER 'LABEL=COMMAND' 'LABEL=COMMAND' ...
#   e.g. ab.sh 7 "main=env LD_LIBRARY_PATH=/old/lib ./bench_omp_clang 1 5" \
#                "fix=./bench_omp_clang 1 5"
# Column "cpu" is the process's CPU time (bench_omp.c: the figure that
# survives a loaded machine with one worker), "wall" the wall clock.
set -u
outer=${1:?usage: ab.sh OUTER 'LABEL=COMMAND'...}
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=$#
labels=()
cmds=()
for a in "$@"; do
	labels+=("${a%%=*}")
	cmds+=("${a#*=}")
done
uptime
for ((r = 0; r < outer; r++)); do
	for ((j = 0; j < n; j++)); do
		i=$(((j + r) % n))
		OMP_WAIT_POLICY=passive bash -c "${cmds[$i]}" >>"$tmp/${labels[$i]}" 2>/dev/null ||
			{ echo "ab.sh: ${labels[$i]} failed" >&2; exit 1; }
	done
done
uptime
# bench_omp lines: "NAME wall translated T ns ... OpenMP T ns ..." then "cpu translated ...".
for ((i = 0; i < n; i++)); do
	awk -v L="${labels[$i]}" '
		$2 == "wall" { k = $1; w = "wall" } $1 == "cpu" { w = "cpu" }
		($2 == "wall" || $1 == "cpu") {
			for (f = 1; f <= NF; f++) {
				if ($f == "translated") tr = $(f + 1)
				if ($f == "OpenMP") om = $(f + 1)
			}
			print L, k, w, tr, om
		}' "$tmp/${labels[$i]}"
done | python3 -c '
import sys, statistics as st
d = {}
order = []
for line in sys.stdin:
    lab, k, w, tr, om = line.split()
    if lab not in order: order.append(lab)
    d.setdefault((k, w), {}).setdefault(lab, []).append((float(tr), float(om)))
base = order[0]
print("%-10s %-4s %-8s %12s %7s %9s %8s" % ("kernel", "time", "build", "translated", "spread", "OMP/tr", "vs " + base))
for (k, w), per in d.items():
    b = st.median(t for t, _ in per[base])
    for lab in order:
        ts = [t for t, _ in per[lab]]
        rs = [o / t for t, o in per[lab]]
        m = st.median(ts)
        print("%-10s %-4s %-8s %10.0f ns %6.0f%% %9.2f %8.2f" % (k, w, lab, m, 100 * (max(ts) - min(ts)) / m, st.median(rs), b / m))
'
