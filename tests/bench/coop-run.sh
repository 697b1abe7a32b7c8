#!/bin/sh
# coop-run.sh SEQ PAR [PAR.c]: time the sequential and the cooperative program
# of tests/bench/coop_pipeline.c side by side (7 alternating runs each, best
# kept; each program times its coop_main() itself), check they print the
# same, report the ratio and the channel counts.  POSIX sh + awk: it also
# runs in the VM's busybox (staged as coop-bench-run.sh).
seq=$1 par=$2
t=${TMPDIR:-/tmp}/coop-bench.$$
best_s=0 best_p=0
for k in 1 2 3 4 5 6 7; do
	out_s=$("$seq" 2>"$t") || exit 1
	s=$(cat "$t")
	out_p=$("$par" 2>"$t") || exit 1
	p=$(cat "$t")
	if [ $best_s -eq 0 ] || [ "$s" -lt $best_s ]; then best_s=$s; fi
	if [ $best_p -eq 0 ] || [ "$p" -lt $best_p ]; then best_p=$p; fi
	[ "$out_s" = "$out_p" ] || { echo "coop bench: outputs differ: $out_s / $out_p"; exit 1; }
done
rm -f "$t"
echo "coop pipeline (96 device jobs x 4096 words, 192 CPU consumers, triple buffering)"
echo "  backend: ${IDXGEN_BACKEND:-device}, $(nproc 2>/dev/null || echo '?') CPUs"
[ $# -ge 3 ] && sed -n "3,4s/^ \* /  /p" "$3"
awk -v s="$best_s" -v p="$best_p" 'BEGIN { printf "  sequential  %8.2f ms\n  cooperative %8.2f ms\n  speed-up    %8.2f x\n", s / 1e6, p / 1e6, s / p }'
