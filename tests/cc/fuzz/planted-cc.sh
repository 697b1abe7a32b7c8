#!/bin/bash
# idxgen-cc with a planted bug, to show that the fuzzer catches one: the
# translated code forgets that a thread returned (its __done flag is never
# set), so the thread runs the thread loops after its return.
# usage: PLANTED_CC=path/to/idxgen-cc planted-cc.sh --translate -o OUT.c IN.cu
"${PLANTED_CC:?PLANTED_CC: the real idxgen-cc}" "$@" || exit $?
out=
prev=
for a in "$@"; do
	[ "$prev" = -o ] && out=$a
	prev=$a
done
sed -i 's/__done\[__t\] = 1;/(void)0;/' "$out"
