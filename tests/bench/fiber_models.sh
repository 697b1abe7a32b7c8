#!/bin/bash
# Loop fission against fibers on kernels both run (issue 38, item 4; not
# pass/fail except on a wrong result): tests/bench/fiber/models.cu built
# three ways -- --exec-model=fission, --exec-model=thread-fibers (a fiber
# per thread) and --exec-model=fibers (one fiber per warp whose lanes run as
# loops between barriers where the kernel is in that subset: lane loops,
# lib/cc/lane_plan.c; else the same as thread-fibers) -- run on one worker
# interleaved ROUNDS times; per kernel the best CPU time of each and the
# ratios to fission.  The load average is printed first: figures taken
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
	grep -h ' ms ' "$O/$m".[0-9]* | sed "s/^/$m /"
done | awk '
	{ k = $1 " " $2; if (!(k in best) || $3 < best[k]) best[k] = $3; if ($1 == "fission" && !($2 in seen)) { seen[$2] = 1; order[++n] = $2 } }
	END {
		for (i = 1; i <= n; i++) {
			f = best["fission " order[i]]; t = best["thread-fibers " order[i]]; l = best["fibers " order[i]]
			printf "%-10s fission %8.3f ms  threads %8.3f ms (%7.2fx)  lanes %8.3f ms (%7.2fx)\n", order[i], f, t, t / f, l, l / f
		}
	}'
