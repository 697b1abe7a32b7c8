#!/bin/bash
# idxgen-cc that rejects most kernels, to show that a fuzz seed does not
# pass by the few kernels it still compares: of gen.py's kernels kS_I it
# rejects, with a diagnostic at the kernel's line as idxgen-cc gives one,
# every one whose I is not a multiple of 4 (3 of 4); the rest goes to the
# real translator.
# usage: PLANTED_CC=path/to/idxgen-cc planted-reject-cc.sh --translate -o OUT.c IN.cu
in=
for a in "$@"; do
	case $a in *.cu) in=$a ;; esac
done
[ -n "$in" ] && awk -v f="$in" '
match($0, /^__global__ void k[0-9]+_[0-9]+\(/) {
	name = substr($0, 17, RLENGTH - 17)
	i = name
	sub(/^k[0-9]+_/, "", i)
	if (i % 4 != 0) {
		printf "%s:%d:1: error: planted rejection of \047%s\047\n", f, NR, name
		bad = 1
	}
}
END { exit bad }' "$in" >&2 || exit 1
exec "${PLANTED_CC:?PLANTED_CC: the real idxgen-cc}" "$@"
