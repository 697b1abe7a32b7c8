#!/bin/bash
# The thread loops that must vectorise (TAP): idxgen-cc's computed-index
# loops (the x-fastest form, `for (uint32_t __tx = 0; __tx < __bdx; ...)`)
# of the key kernels, compiled by clang -O3 as the JIT and the benchmarks
# build them (LLVM, like POCL's work-item loops), for a fixed target
# (x86-64-v3: AVX2, so the answer does not depend on the build machine).
# A loop counts as vectorised when clang's -Rpass=loop-vectorize remark
# names its line.  Fails when one of them stops vectorising: a change of
# the emitted form, of idxgen_cc_kernel.h or of the ABI it reads (e.g. a
# stream check left inside the loop) shows up here before it shows up in
# `make bench`.  GCC's verdict (-fopt-info-vec) is printed as a comment:
# GCC 12 turns the index arithmetic into gathers and vectorises few.
#
# usage: check-vectorize.sh TRANSLATED_DIR REPO_ROOT   (TRANSLATED_DIR: the kernels' .c, build/cc/k)
set -u
K=$1
ROOT=$2
CLANG=${CLANG:-$(command -v clang || command -v clang-16)}
. "$(dirname "$0")/../common/tap.sh"
# the computed-index loop's head, from 0 to __bdx or between a guard's
# bounds (lib/cc/guard.c: __idxgen_lo_x .. __idxgen_hi_x)
LOOP='for \(uint32_t __tx = (0|__idxgen_lo_x); __tx < (__bdx|__idxgen_hi_x); __tx\+\+\)'

# kernel  the computed-index loops that must vectorise, by their rank in the file (all: every one)
# conv11's thread loop holds the 11x11 tap loops: it vectorises because
# the translator unrolls them (lib/cc/unroll.c), the thread loop innermost
# (before that it ran scalar, 3x slower in bench_omp).
# transpose's second loop reads the tile down a column (stride 33): it is
# not forced (lib/cc/contig.c) and clang's cost model keeps it scalar for
# AVX2 (and vectorises it for AVX-512): the compiler's choice, not checked.
# That loop runs by whole warps, so transpose has two block functions
# (lib/cc/width_body.c): the tile's row write is loop 1 in the one for
# blocks 32 threads wide (__bdx = 32u) and loop 2 in the other.
cases="vecadd:all matmul:all stencil3d:all conv11:all transpose:1,2 reduce:1,2"
# clang is a dependency of make check (tests/setup/deps.sh): without it this
# check fails, it does not pass by skipping.
if [ -z "$CLANG" ]; then
	ok 1 "clang or clang-16 found to check vectorisation with (tests/setup/deps.sh)"
	tap_done
	exit
fi
for c in $cases; do
	k=${c%%:*}
	want=${c#*:}
	src=$K/$k.c
	lines=$(grep -n -E "$LOOP" "$src" | cut -d: -f1)
	[ -n "$lines" ]; ok $? "$k: the translation has computed-index thread loops (lines $(echo $lines))" || continue
	remarks=$("$CLANG" -std=gnu11 -O3 -march=x86-64-v3 -I"$ROOT/include" -I"$ROOT/tests/cc/kernels" \
		-Rpass=loop-vectorize -c -o /dev/null "$src" 2>&1 | sed -n "s|^.*$k\.c:\([0-9]*\):[0-9]*: remark: vectorized loop.*|\1|p")
	rank=0
	for l in $lines; do
		rank=$((rank + 1))
		case ",$want," in *",all,"* | *",$rank,"*) ;; *) continue ;; esac
		echo "$remarks" | grep -qx "$l"
		ok $? "$k: computed-index thread loop $rank (line $l) vectorised by clang"
	done
	g=$(gcc -std=gnu11 -O3 -march=x86-64-v3 -I"$ROOT/include" -I"$ROOT/tests/cc/kernels" -fopt-info-vec-optimized \
		-c -o /dev/null "$src" 2>&1 | grep -c "optimized: loop vectorized")
	echo "# $k: gcc -O3 -march=x86-64-v3 vectorises $g loop(s)"
done
# Proof that the check can fail: a thread loop that calls an opaque function per thread.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
awk -v loop="$LOOP" '{print} $0 ~ loop && !done {print "\t\textern void opaque_(void); opaque_();"; done = 1}' \
	"$K/vecadd.c" >"$scratch/vecadd.c"
l=$(grep -n -E "$LOOP" "$scratch/vecadd.c" | head -1 | cut -d: -f1)
"$CLANG" -std=gnu11 -O3 -march=x86-64-v3 -I"$ROOT/include" -Rpass=loop-vectorize -c -o /dev/null \
	"$scratch/vecadd.c" 2>&1 | grep -q "vecadd\.c:$l:[0-9]*: remark: vectorized loop"
[ $? != 0 ]; ok $? "plant: an opaque call in vecadd's computed-index loop (line $l) is reported not vectorised"
tap_done
