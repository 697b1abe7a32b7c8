#!/bin/bash
# Loop fission against fibers on kernels both run (issue 38, item 4; not
# pass/fail except on a wrong result): tests/bench/fiber/models.cu built
# three ways -- --exec-model=fission, --exec-model=thread-fibers (a fiber
# per thread) and --exec-model=fibers (one fiber per warp whose lanes run as
# loops between barriers where the kernel is in that subset: lane loops,
# lib/cc/lane_plan.c; else the same as thread-fibers) -- run on one worker
# interleaved ROUNDS times; per kernel the best CPU time of each, the
# ratios to fission and their spread (the ratio round by round, lowest to
# highest); a kernel with a C loop of its own (vote_loop) also that loop.  The load average is printed first: figures taken
# under load say so.
#   fiber_models.sh ROOT BUILD [ROUNDS] [BLOCKS]
set -u
ROOT=${1:?usage: fiber_models.sh ROOT BUILD [ROUNDS] [BLOCKS]}
BUILD=${2:?usage: fiber_models.sh ROOT BUILD [ROUNDS] [BLOCKS]}
ROUNDS=${3:-3}
NB=${4:-4096}
O=$BUILD/bench/fiber_models
MODELS="fission thread-fibers fibers"
mkdir -p "$O" || exit 1
for m in $MODELS; do
	"$BUILD/cc/idxgen-cc" --exec-model=$m -o "$O/models_$m" "$ROOT/tests/bench/fiber/models.cu" || {
		echo "fiber_models: --exec-model=$m does not build"
		exit 1
	}
done
echo "# fiber_models: one worker, $NB blocks of 256, best of 7 launches x $ROUNDS rounds; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# threads: a fiber per thread (--exec-model=thread-fibers); lanes: --exec-model=fibers (lane loops where the kernel is in their subset: --dump=plan)"
for ((r = 0; r < ROUNDS; r++)); do
	for m in $MODELS; do
		IDXGEN_BACKEND=${IDXGEN_BACKEND:-emu} IDXGEN_NUM_THREADS=1 "$O/models_$m" "$NB" >"$O/$m.$r" 2>"$O/$m.$r.err" || {
			echo "fiber_models: $m run failed:"
			cat "$O/$m.$r"
			exit 1
		}
	done
done
for m in $MODELS; do
	for ((r = 0; r < ROUNDS; r++)); do
		grep -h ' ms ' "$O/$m.$r" | sed "s/^/$m $r /"
	done
done | awk -v rounds="$ROUNDS" '
	# "MODEL ROUND KERNEL T ms ..." or "MODEL ROUND twin KERNEL T ms" (the C loop of a kernel)
	$3 == "twin" { if (!($4 in twin) || $5 < twin[$4]) twin[$4] = $5; next }
	{
		k = $1 " " $3; t[k " " $2] = $4
		if (!(k in best) || $4 < best[k]) best[k] = $4
		if ($1 == "fission" && !($3 in seen)) { seen[$3] = 1; order[++n] = $3 }
	}
	# the ratio to fission round by round (each the best of its round): lowest-highest
	function span(m, x,   r, q, lo, hi) {
		lo = hi = t[m " " x " 0"] / t["fission " x " 0"]
		for (r = 1; r < rounds; r++) {
			q = t[m " " x " " r] / t["fission " x " " r]
			lo = q < lo ? q : lo; hi = q > hi ? q : hi
		}
		return sprintf("%.2f-%.2f", lo, hi)
	}
	END {
		for (i = 1; i < n + 1; i++) {
			x = order[i]; f = best["fission " x]; th = best["thread-fibers " x]; l = best["fibers " x]
			printf "%-10s fission %8.3f ms  threads %8.3f ms (%7.2fx, %s)  lanes %8.3f ms (%7.2fx, %s)", x, f, th, th / f, span("thread-fibers", x), l, l / f, span("fibers", x)
			if (x in twin)
				printf "  C loop %8.3f ms (fission/C %.2f)", twin[x], f / twin[x]
			printf "\n"
		}
	}'
