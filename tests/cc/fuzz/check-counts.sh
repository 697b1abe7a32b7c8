#!/bin/bash
# check-counts.sh CC OBJ LIB WORK - the fuzzer's counts cannot mislead
# (make check, TAP).  CC is the real idxgen-cc; OBJ, LIB and WORK are
# fuzz.py's --obj, --lib and a scratch directory.  With planted-reject-cc.sh
# (idxgen-cc rejecting gen.py's kernels kS_I whose I is not a multiple of 4):
#   - every fuzz seed fails as too few compared (fewer than half of its
#     kernels), its TAP line saying how many of how many, and fuzz.py exits 1;
#   - a regression file with "// known-failure: KIND: BUG" that fails as
#     KIND is an expected failure ("not ok ... # TODO BUG", counted so by
#     tests/common/tap-count.sh); one that passes, fails another way or
#     names no KIND is a failure.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../common/tap.sh"
[ $# = 4 ] || { echo "usage: $0 CC OBJ LIB WORK" >&2; exit 2; }
cc=$1 obj=$2 lib=$3 work=$4
export PLANTED_CC=$cc
fuzz() {
	"${PYTHON:-python3}" "$HERE/fuzz.py" --cc "$HERE/planted-reject-cc.sh" --obj "$obj" --lib "$lib" "$@" 2>&1
}
mkdir -p "$work"

out=$(fuzz --work "$work/seeds" --seeds 1-2 --count 20 --tap --no-minimise --opt=-O0)
rc=$?
printf '%s\n' "$out" | grep -v '^# rejected' | sed 's/^/# fuzz.py: /'
seeds=$(printf '%s\n' "$out" | grep -cE '^(not )?ok [0-9]+ - seed ')
few=$(printf '%s\n' "$out" |
	grep -cE '^not ok [0-9]+ - seed [0-9]+: compared [0-9]+ of 20 kernels \(fewer than 1/2')
[ "$seeds" = 2 ] && [ "$few" = 2 ]
ok $? "both seeds with 3 of 4 kernels rejected fail as too few compared ($few of $seeds did)"
[ "$rc" = 1 ]
ok $? "fuzz.py exits 1 when its seeds compared too few (exit status $rc)"

# split_decl.cu, renamed to a kernel the planted translator rejects (k0_1)
# and to one it passes on (k0_4), each marked as a known failure: of the
# kind that happens (k0_1), of another kind (k0_1 as "wrong"), with no kind
# (k0_1), and as a rejection that passes (k0_4)
known() {	# FILE KERNEL MARKER
	{
		echo "// known-failure: $3"
		sed "s/\bsplit_decl\b/$2/" "$HERE/regress/split_decl.cu"
	} >"$work/$1"
}
known as_known.cu k0_1 "rejected: planted bug (k0_1)"
known passes.cu k0_4 "rejected: planted bug (k0_4)"
known other_kind.cu k0_1 "wrong: planted bug (k0_1)"
known no_kind.cu k0_1 "planted bug (k0_1)"
out=$(fuzz --work "$work/regress" --tap --regress "$work/as_known.cu" "$work/passes.cu" \
	"$work/other_kind.cu" "$work/no_kind.cu")
rc=$?
printf '%s\n' "$out" | sed 's/^/# fuzz.py: /'
printf '%s\n' "$out" >"$work/regress.tap"
counts=$(bash "$HERE/../../common/tap-count.sh" "$work/regress.tap")
has() { printf '%s\n' "$out" | grep -qE "$1"; }
has '^not ok 1 - regression as_known\.cu fails as known \(rejected\).*# TODO planted bug \(k0_1\)$'
ok $? "a known failure that fails as its marker says: not ok with the TODO directive, the bug named"
has '^not ok 2 - regression passes\.cu: known to fail as rejected .*now passes: delete its known-failure line'
ok $? "a known failure that passes: not ok, delete its known-failure line"
has '^not ok 3 - regression other_kind\.cu: known to fail as wrong .*now fails as rejected'
ok $? "a known failure that fails another way (known wrong, now rejected): not ok, both kinds named"
has '^not ok 4 - regression no_kind\.cu: known-failure line is not "KIND: BUG'
ok $? "a known-failure line that names no kind: not ok"
[ "$counts" = "0 3 0 1" ] && [ "$rc" = 1 ]
ok $? "counted as 1 expected failure and 3 failures (passed failed skipped xfail: $counts), exit status $rc"
tap_done
