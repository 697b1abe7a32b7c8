#!/bin/bash
# Whole programs against their OpenMP twins (issue 40, item 4; not pass/fail
# except on a wrong result).  Each tests/bench/progs/NAME.cu is built with
# idxgen-cc, its twin NAME_omp.c with gcc and clang -fopenmp (-O3); every
# round runs the three once, in an order that rotates from round to round,
# on W workers (IDXGEN_NUM_THREADS / OMP_NUM_THREADS) for W in 1 and 2.  The
# three must print the same checksum.  Per way: the median wall time and
# process CPU time (user + system) of the rounds, the spread (max - min) /
# median, and the twin's time over ours (> 1: ours is faster); geometric
# means over the programs close each worker count.
#
#   bash tests/bench/progs.sh ROOT BUILD [ROUNDS]
set -u
ROOT=${1:?usage: progs.sh ROOT BUILD [ROUNDS]}
BUILD=${2:?usage: progs.sh ROOT BUILD [ROUNDS]}
ROUNDS=${3:-7}
CLANG=${CLANG:-clang-16}
O=$BUILD/bench/progs
mkdir -p "$O"
names=()
for f in "$ROOT"/tests/bench/progs/*.cu; do
	n=$(basename "$f" .cu)
	"$BUILD/cc/idxgen-cc" -O3 -o "$O/$n-cuda" "$f" || exit 1
	gcc -std=gnu11 -O3 -fopenmp -o "$O/$n-omp-gcc" "$ROOT/tests/bench/progs/${n}_omp.c" || exit 1
	"$CLANG" -std=gnu11 -O3 -fopenmp -o "$O/$n-omp-clang" "$ROOT/tests/bench/progs/${n}_omp.c" || exit 1
	names+=("$n")
done
ways=(cuda omp-gcc omp-clang)
bad=0
uptime
for w in 1 2; do
	declare -A geo=()
	for n in "${names[@]}"; do
		declare -A wall=() cpu=() out=()
		for ((r = 0; r < ROUNDS; r++)); do
			for ((i = 0; i < 3; i++)); do
				way=${ways[$(((r + i) % 3))]}
				IDXGEN_BACKEND=${IDXGEN_BACKEND:-emu} IDXGEN_NUM_THREADS=$w OMP_NUM_THREADS=$w \
					OMP_WAIT_POLICY=passive /usr/bin/time -o "$O/time" -f "%e %U %S" "$O/$n-$way" \
					>"$O/out" 2>/dev/null
				t=$(cat "$O/time")
				out[$way]=$(cat "$O/out")
				wall[$way]="${wall[$way]:-} $(echo "$t" | tail -n 1 | cut -d' ' -f1)"
				cpu[$way]="${cpu[$way]:-} $(echo "$t" | tail -n 1 | awk '{ print $2 + $3 }')"
			done
		done
		line=$(printf '%-8s %d worker(s):' "$n" "$w")
		for way in "${ways[@]}"; do
			[ "${out[$way]}" = "${out[cuda]}" ] || { line="$line ($way OUTPUT DIFFERS)"; bad=1; }
			line="$line $(echo "${wall[$way]}" | tr ' ' '\n' | grep . | sort -g | awk -v W="$way" '
				{ v[NR] = $1 } END { m = v[int((NR + 1) / 2)]; printf "%s wall %.3f s +-%2.0f%%", W, m, 50 * (v[NR] - v[1]) / m }')"
			line="$line $(echo "${cpu[$way]}" | tr ' ' '\n' | grep . | sort -g | awk '
				{ v[NR] = $1 } END { m = v[int((NR + 1) / 2)]; printf "cpu %.3f s +-%2.0f%% |", m, 50 * (v[NR] - v[1]) / (m > 0 ? m : 1) }')"
		done
		med() { echo "$1" | tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
		c=$(med "${wall[cuda]}")
		for way in omp-gcc omp-clang; do
			rt=$(awk -v a="$(med "${wall[$way]}")" -v b="$c" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
			line="$line $way/ours $rt"
			geo[$way]="${geo[$way]:-} $rt"
		done
		echo "$line"
		unset wall cpu out
	done
	for way in omp-gcc omp-clang; do
		echo "$w worker(s): geomean $way / ours (wall) $(echo "${geo[$way]}" | tr ' ' '\n' | grep . |
			awk '{ s += log($1) } END { printf "%.2f", exp(s / NR) }')"
	done
	unset geo
done
exit $bad
