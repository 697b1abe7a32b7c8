#!/bin/bash
# check-fused.sh CC SEED COUNT MIN WORK - make check's fused seed reaches
# lib/cc/tree_fuse.c's form (TAP).  gen.py's kernels of SEED are translated
# one by one with --dump=plan; at least MIN of them must show "load fused
# with the tree's first level", so that the fuzzer's comparison of that seed
# (the Makefile's next step) cannot silently stop covering the fused form
# when the generator or the translator changes.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../common/tap.sh"
[ $# = 5 ] || { echo "usage: $0 CC SEED COUNT MIN WORK" >&2; exit 2; }
cc=$1 seed=$2 count=$3 min=$4 work=$5
rm -rf "$work"
mkdir -p "$work"
"${PYTHON:-python3}" "$HERE/gen.py" "$seed" "$count" "$work/all"
# one file per kernel: each starts with its "/* kernel I of seed S */" line
awk -v d="$work" '/^\/\* kernel [0-9]+ of seed/ { f = d "/k" $3 ".cu" } f { print > f }' "$work/all.cu"
fused=0
for f in "$work"/k*.cu; do
	"$cc" --dump=plan "$f" 2>/dev/null | grep -q "load fused with the tree's first level" &&
		fused=$((fused + 1))
done
[ "$fused" -ge "$min" ]
ok $? "seed $seed: $fused of $count kernels fused with the tree's first level (--dump=plan; at least $min)"
tap_done
