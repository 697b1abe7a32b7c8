#!/bin/sh
# Proof that the corpus is real CUDA: builds every program of tests/cuda/progs
# with NVIDIA's nvcc (an executable per program; no GPU is needed to compile)
# and prints TAP and a closing "N passed, N failed". Where nvcc is absent
# every program says SKIP with the reason. The product never needs nvcc.
#   NVCC=/path/to/nvcc  NVCC_FLAGS="-arch=sm_90"  check-nvcc.sh [NAME...]
here=$(cd "$(dirname "$0")" && pwd)
. "$here/programs.sh"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
NVCC_FLAGS=${NVCC_FLAGS:--arch=sm_90}
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-nvcc.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
n=0 pass=0 fail=0 skip=0
list_programs "$here" > "$work/list"
while IFS='	' read -r name srcs; do
	if [ $# -gt 0 ]; then
		case " $* " in *" $name "*) ;; *) continue ;; esac
	fi
	n=$((n + 1))
	if [ ! -x "$NVCC" ]; then
		echo "ok $n - $name # SKIP nvcc not found at $NVCC (set NVCC=)"
		skip=$((skip + 1))
		continue
	fi
	inc=$(dirname "$(echo "$srcs" | cut -d' ' -f1)")
	# shellcheck disable=SC2086 # word splitting of the source list and flags is wanted
	if "$NVCC" $NVCC_FLAGS -I"$inc" -o "$work/$name" $srcs > "$work/$name.log" 2>&1; then
		echo "ok $n - $name builds with nvcc $NVCC_FLAGS"
		pass=$((pass + 1))
		grep -i 'warning' "$work/$name.log" | head -5 | sed 's/^/# /'
	else
		echo "not ok $n - $name does not build with nvcc $NVCC_FLAGS"
		head -20 "$work/$name.log" | sed 's/^/# /'
		fail=$((fail + 1))
	fi
done < "$work/list"
echo "1..$n"
[ "$skip" -gt 0 ] && echo "# $skip skipped: nvcc not found at $NVCC"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
