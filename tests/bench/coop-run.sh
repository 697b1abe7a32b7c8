#!/bin/bash
# coop-run.sh SEQ PAR [PAR.c]: time the sequential and the cooperative program
# of tests/bench/coop_pipeline.c side by side (5 alternating runs each, best
# kept), check they print the same, report the ratio and the channel counts.
set -eu
seq=$1 par=$2
now() { date +%s%N; }
best_s=0 best_p=0
for k in 1 2 3 4 5; do
	t=$(now); out_s=$("$seq"); t=$(( $(now) - t ))
	{ [ $best_s -eq 0 ] || [ $t -lt $best_s ]; } && best_s=$t
	t=$(now); out_p=$("$par"); t=$(( $(now) - t ))
	{ [ $best_p -eq 0 ] || [ $t -lt $best_p ]; } && best_p=$t
	[ "$out_s" = "$out_p" ] || { echo "coop bench: outputs differ: $out_s / $out_p"; exit 1; }
done
echo "coop pipeline (48 device jobs x 4096 words, 96 CPU consumers, triple buffering)"
echo "  backend: ${IDXGEN_BACKEND:-device}"
[ $# -ge 3 ] && sed -n "3,4s/^ \* /  /p" "$3"
printf '  sequential  %8.2f ms\n  cooperative %8.2f ms\n  speed-up    %8.2f x\n' \
	"$(echo "$best_s / 1000000" | bc -l)" "$(echo "$best_p / 1000000" | bc -l)" \
	"$(echo "$best_s / $best_p" | bc -l)"
