#!/bin/sh
# Proof that the corpus is real CUDA: builds every program of tests/cuda/progs
# with NVIDIA's nvcc (an executable per program; no GPU is needed to compile)
# and prints TAP and a closing "N passed, N failed". Where nvcc is absent
# every program says SKIP with the reason. The product never needs nvcc.
# A program's first source may ask for more flags on a line of its own,
# `// nvcc-flags: -rdc=true` (dynamic parallelism needs separate compilation).
#   NVCC=/path/to/nvcc  NVCC_FLAGS="-arch=sm_90"  check-nvcc.sh [NAME...]
here=$(cd "$(dirname "$0")" && pwd)
. "$here/programs.sh"
. "$here/../common/tap.sh"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
NVCC_FLAGS=${NVCC_FLAGS:--arch=sm_90}
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-nvcc.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
list_programs "$here" > "$work/list"
printf '%s\n' "$@" > "$work/wanted"
while IFS='	' read -r name srcs; do
	# NAMEs are compared as strings, never as patterns
	if [ $# -gt 0 ] && ! grep -qxF -- "$name" "$work/wanted"; then
		continue
	fi
	if [ ! -x "$NVCC" ]; then
		skip "nvcc not found at $NVCC (set NVCC=)" "$name builds with nvcc"
		continue
	fi
	first=$(echo "$srcs" | cut -d' ' -f1)
	inc=$(dirname "$first")
	more=$(sed -n 's|^// nvcc-flags: ||p' "$first" | head -1)
	# shellcheck disable=SC2086 # word splitting of the source list and flags is wanted
	if "$NVCC" $NVCC_FLAGS $more -I"$inc" -o "$work/$name" $srcs > "$work/$name.log" 2>&1; then
		ok 0 "$name builds with nvcc $NVCC_FLAGS${more:+ $more}"
		grep -i 'warning' "$work/$name.log" | head -5 | sed 's/^/# /'
	else
		ok 1 "$name does not build with nvcc $NVCC_FLAGS"
		head -20 "$work/$name.log" | sed 's/^/# /'
	fi
done < "$work/list"
# A name asked for that is not a program fails: a typo must not pass as a
# suite that ran nothing.
for want in "$@"; do
	cut -f1 "$work/list" | grep -qxF -- "$want" || ok 1 "$want: no such program in $here/progs"
done
tap_done
