#!/bin/bash
# Loop fission against fibers on kernels both run (issue 38, item 4; not
# pass/fail except on a wrong result): tests/bench/fiber/models.cu built
# with --exec-model=fission and with --exec-model=fibers, run on one worker
# interleaved ROUNDS times; per kernel the best CPU time of each and the
# ratio fibers / fission.  The load average is printed first: figures
# taken under load say so.
#   fiber_models.sh ROOT BUILD [ROUNDS] [BLOCKS]
set -u
ROOT=${1:?usage: fiber_models.sh ROOT BUILD [ROUNDS] [BLOCKS]}
BUILD=${2:?usage: fiber_models.sh ROOT BUILD [ROUNDS] [BLOCKS]}
ROUNDS=${3:-3}
NB=${4:-4096}
O=$BUILD/bench/fiber_models
mkdir -p "$O" || exit 1
for m in fission fibers; do
	"$BUILD/cc/idxgen-cc" --exec-model=$m -o "$O/models_$m" "$ROOT/tests/bench/fiber/models.cu" || {
		echo "fiber_models: --exec-model=$m does not build"
		exit 1
	}
done
echo "# fiber_models: one worker, $NB blocks of 256, best of 7 launches x $ROUNDS rounds; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 0; r < ROUNDS; r++)); do
	for m in fission fibers; do
		IDXGEN_BACKEND=${IDXGEN_BACKEND:-emu} IDXGEN_NUM_THREADS=1 "$O/models_$m" "$NB" >"$O/$m.$r" 2>"$O/$m.$r.err" || {
			echo "fiber_models: $m run failed:"
			cat "$O/$m.$r"
			exit 1
		}
	done
done
grep -h ' ms ' "$O"/fission.* | awk -v F="$(grep -h ' ms ' "$O"/fibers.*)" '
	BEGIN { n = split(F, l, "\n"); for (i = 1; i <= n; i++) { split(l[i], w, " "); if (w[2] != "" && (!(w[1] in fb) || w[2] < fb[w[1]])) fb[w[1]] = w[2] } }
	{ if (!($1 in fs) || $2 < fs[$1]) { if (!($1 in fs)) order[++k] = $1; fs[$1] = $2 } }
	END { for (i = 1; i <= k; i++) printf "%-10s fission %8.3f ms  fibers %8.3f ms  fibers / fission %6.2f\n", order[i], fs[order[i]], fb[order[i]], fb[order[i]] / fs[order[i]] }'
