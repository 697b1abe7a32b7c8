#!/bin/sh
# Proof that the oracle can fail: plants a synchronisation or warp bug in
# copies of three corpus programs and checks that each then says FAIL (or
# exits non-zero) under the oracle, after checking that the unmodified
# program passes. TAP (tests/common/tap.sh).
here=$(cd "$(dirname "$0")" && pwd)
progs=$here/../progs
work=$(mktemp -d "${TMPDIR:-/tmp}/oracle-planted.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
. "$here/../../common/tap.sh"

# plant NAME DESCRIPTION PYTHON-EXPRESSION-ON-s
plant()
{
	name=$1 what=$2 expr=$3
	python3 -c "import sys; s = open(sys.argv[1]).read(); t = $expr; assert t != s, 'pattern not found'; open(sys.argv[2], 'w').write(t)" \
		"$progs/$name.cu" "$work/$name-bug.cu" || { ok 1 "$name: could not plant '$what'"; return; }
	"$here/oracle-cc" -o "$work/good" "$progs/$name.cu" && "$here/oracle-cc" -o "$work/bad" "$work/$name-bug.cu" ||
		{ ok 1 "$name: build failed"; return; }
	good=$(cd "$work" && ./good | tail -n 1)
	bad=$(cd "$work" && ./bad 2>&1 | tail -n 1)
	if [ "$good" = PASS ] && [ "$bad" != PASS ]; then
		ok 0 "$name: passes as written, fails with $what"
	else
		ok 1 "$name: as written '$good', with $what '$bad'"
	fi
}

plant matmul_tiled "the __syncthreads after the tile product removed" \
	"s[:s.index('__syncthreads();', s.index('acc += As'))] + s[s.index('__syncthreads();', s.index('acc += As')) + 16:]"
plant warp_vote "the __syncwarp between read and write removed" \
	"s.replace('__syncwarp(m);\n\tbuf[threadIdx.x] = got;', 'buf[threadIdx.x] = got;')"
plant warp_shfl_down_reduce "__shfl_down_sync replaced by __shfl_up_sync" \
	"s.replace('__shfl_down_sync(FULL_MASK, v, off)', '__shfl_up_sync(FULL_MASK, v, off)')"
plant warp_partial_blocks "the partial-warp guard removed" \
	"s.replace('if (lane + off < nlanes)\n\t\t\tv += other;', 'v += other;')"
tap_done
