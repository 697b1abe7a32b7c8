#!/bin/bash
# Manual-page checks (TAP): every page renders with `man --warnings`
# silent, has a whatis entry, idxgen(1) covers every command of
# `idxgen --help`, and every function of libidxgen's IDXGEN_2.0 node has a
# page (its group page or a .so link to it).
#
# usage: check-man.sh MAN_BUILD_DIR REPO_ROOT
O=$1
ROOT=$2
. "$(dirname "$0")/../common/tap.sh"
for p in "$O"/*.[1-9]; do
	w=$(MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -E UTF-8 -l "$p" 2>&1 >/dev/null)
	[ -z "$w" ]; ok $? "man --warnings $(basename "$p") ${w:+: $w}"
	lexgrog "$p" >/dev/null 2>&1; ok $? "whatis entry of $(basename "$p")"
done
cmds=$("$ROOT/build/lib/idxgen" --help | awk '/^COMMANDS$/{f=1; next} f && /^[A-Z]/{exit} f && /^    [a-z]/{print $1}')
for c in $cmds; do
	grep -q "^\.SH \"COMMAND idxgen $c " "$O/idxgen.1"; ok $? "idxgen(1) documents 'idxgen $c'"
done
funcs=$(sed -n '/^IDXGEN_2\.0 {/,/^}/p' "$ROOT/lib/libidxgen.map" | grep -o 'idxgen_[a-z0-9_]*')
missing=
for f in $funcs; do
	[ -f "$O/$f.3" ] || [ -f "$O/links/$f.3" ] || missing="$missing $f"
done
[ -z "$missing" ]; ok $? "every IDXGEN_2.0 function has a manual page ($(echo $funcs | wc -w))${missing:+; missing:$missing}"
tap_done
