#!/bin/bash
# Public programs against the OpenMP versions their own suite ships (issue
# 40: "we will measure whole public programs against the OpenMP versions
# their suite ships").  The programs are HeCBench's (github.com/zjin-lcf/
# HeCBench): NAME-cuda and NAME-omp under its src/ folder.  None of their
# code is in our tree: the user names a checkout, the list of programs and
# the arguments (sizes small enough for a loaded 2-core machine) are ours,
# in tests/bench/hec.list (NAME|ARGUMENTS; the same arguments for both).
#
# Each pair is copied into BUILD/bench/hec/WAY (the checkout is not written);
# NAME-cuda is built by its own Makefile with CC=idxgen-cc, NAME-omp by its
# own Makefile with a compiler wrapper that turns the Intel OpenMP flags it
# names (-fiopenmp, -qopenmp, -fopenmp-targets=...) into -fopenmp for gcc
# (g++) and for clang (clang++-16): target regions then run on the host.
# Every round runs the three once, in an order that rotates, on W workers
# (IDXGEN_NUM_THREADS, OMP_NUM_THREADS); a run counts when it exits 0 and
# prints no FAIL (HeCBench's programs check their own results).  Per
# program: median wall time, spread (max - min) / median, the twin's time
# over ours (> 1: ours is faster); geomeans over the programs all three
# ways ran.  Not pass/fail: a program that does not build or run is
# reported and left out of the geomean.
#
#   bash tests/bench/hec.sh ROOT BUILD [HECBENCH_SRC] [ROUNDS] [WORKERS]
#   (HECBENCH_SRC defaults to $HECBENCH; neither set: skipped with a note;
#   HEC_LIST=FILE: another list in the same form)
set -u
ROOT=${1:?usage: hec.sh ROOT BUILD [HECBENCH_SRC] [ROUNDS] [WORKERS]}
BUILD=${2:?usage: hec.sh ROOT BUILD [HECBENCH_SRC] [ROUNDS] [WORKERS]}
SRC=${3:-${HECBENCH:-}}
ROUNDS=${4:-3}
W=${5:-2}
CLANGXX=${CLANGXX:-clang++-16}
LIMIT=${HEC_TIMEOUT:-300}
if [ -z "$SRC" ] || [ ! -d "$SRC" ]; then
	echo "hec.sh: skipped: no HeCBench src folder (give HECBENCH=/path/to/HeCBench/src)"
	exit 0
fi
SRC=$(cd "$SRC" && pwd)
O=$BUILD/bench/hec
ways=(cuda omp-gcc omp-clang)
rm -rf "$O" && mkdir -p "$O/bin" || exit 1
# one tree per way, the checkout's folders linked in: a program's Makefile
# may name a sibling (../include, ../NAME-sycl/reference.h)
for way in "${ways[@]}"; do
	mkdir -p "$O/$way" && ln -s "$SRC"/* "$O/$way/" || exit 1
done

# the OpenMP builds' compiler: Intel's OpenMP flags become -fopenmp
for cxx in g++ "$CLANGXX"; do
	w=$O/bin/omp-$(basename "$cxx")
	cat >"$w" <<EOF
#!/bin/bash
a=()
for x in "\$@"; do
	case "\$x" in
	-fiopenmp | -qopenmp | -fopenmp) a+=(-fopenmp) ;;
	-fopenmp-targets=* | -fopenmp-version=* | -D__STRICT_ANSI__) ;;
	*) a+=("\$x") ;;
	esac
done
exec $cxx "\${a[@]}"
EOF
	chmod +x "$w"
done

names=()
declare -A args=()
while IFS='|' read -r n a; do
	case "$n" in '#'* | '') continue ;; esac
	if [ ! -d "$SRC/$n-cuda" ] || [ ! -d "$SRC/$n-omp" ]; then
		echo "$n: not in $SRC (needs $n-cuda and $n-omp)"
		continue
	fi
	ok=1
	for way in "${ways[@]}"; do
		d=$O/$way/$n-${way%%-*}
		rm "$d" && cp -r "$SRC/$n-${way%%-*}" "$d" && make -s -C "$d" clean >/dev/null 2>&1
		case $way in
		cuda) make -s -C "$d" CC="$BUILD/cc/idxgen-cc" ARCH=sm_90 >"$d.build" 2>&1 ;;
		omp-gcc) make -s -C "$d" CC="$O/bin/omp-g++" DEVICE=gpu >"$d.build" 2>&1 ;;
		omp-clang) make -s -C "$d" CC="$O/bin/omp-$(basename "$CLANGXX")" DEVICE=gpu >"$d.build" 2>&1 ;;
		esac || { echo "$n: $way does not build (log: $d.build)"; ok=0; }
	done
	[ $ok = 1 ] && names+=("$n") && args[$n]=$a
done <"${HEC_LIST:-$ROOT/tests/bench/hec.list}"

uptime
declare -A geo=()
for n in "${names[@]}"; do
	declare -A wall=() bad=()
	for ((r = 0; r < ROUNDS; r++)); do
		for ((i = 0; i < 3; i++)); do
			way=${ways[$(((r + i) % 3))]}
			d=$O/$way/$n-${way%%-*}
			# shellcheck disable=SC2086 # the list's arguments are words
			(cd "$d" && IDXGEN_BACKEND=${IDXGEN_BACKEND:-emu} IDXGEN_NUM_THREADS=$W OMP_NUM_THREADS=$W \
				OMP_WAIT_POLICY=passive timeout "$LIMIT" /usr/bin/time -o "$d.time" -f "%e" \
				${args[$n]} >"$d.out" 2>&1)
			rc=$?
			if [ $rc != 0 ] || grep -qi "fail" "$d.out"; then
				bad[$way]="rc $rc"
			else
				wall[$way]="${wall[$way]:-} $(tail -n 1 "$d.time")"
			fi
		done
	done
	line=$(printf '%-20s' "$n")
	med() { echo "$1" | tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
	for way in "${ways[@]}"; do
		if [ -n "${bad[$way]:-}" ]; then
			line="$line $way FAILED (${bad[$way]}, $O/$way/$n-${way%%-*}.out) |"
			continue
		fi
		line="$line $(echo "${wall[$way]}" | tr ' ' '\n' | grep . | sort -g | awk -v W="$way" '
			{ v[NR] = $1 } END { m = v[int((NR + 1) / 2)]; printf "%s %.2f s +-%2.0f%% |", W, m, 50 * (v[NR] - v[1]) / (m > 0 ? m : 1) }')"
	done
	if [ -z "${bad[cuda]:-}" ]; then
		c=$(med "${wall[cuda]}")
		for way in omp-gcc omp-clang; do
			[ -n "${bad[$way]:-}" ] && continue
			rt=$(awk -v a="$(med "${wall[$way]}")" -v b="$c" 'BEGIN { printf "%.2f", (b > 0 && a > 0 ? a / b : 0) }')
			line="$line $way/ours $rt"
			[ "$rt" != 0.00 ] && geo[$way]="${geo[$way]:-} $rt"
		done
	fi
	echo "$line"
	unset wall bad
done
for way in omp-gcc omp-clang; do
	echo "$W worker(s): geomean $way / ours (wall) $(echo "${geo[$way]:-}" | tr ' ' '\n' | grep . |
		awk '{ s += log($1); k++ } END { if (k) printf "%.2f over %d programs", exp(s / k), k; else print "none" }')"
done
exit 0
