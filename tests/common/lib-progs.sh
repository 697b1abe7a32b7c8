#!/bin/sh
# Programs that use a CUDA library (cuda_fp16.h, cuRAND, ...) built as users
# build them: with idxgen-cc (and the library's -l flags), run under the
# default schedule and again under IDXGEN_SCHEDULE=hilbert with 2 workers,
# each must exit 0 with "PASS" as its last line; and built by NVIDIA's nvcc
# -arch=sm_90 with the same flags, the proof that it is real CUDA (SKIP,
# with the reason, where nvcc is absent; the product never needs it).  TAP.
# A run is stopped only when it hangs (tests/common/progress-guard.c): no
# CPU and no output for STALL_S, or still running at HANG_GUARD_S.
#
#   lib-progs.sh IDXGEN_CC 'LINK FLAGS' PROGRAM.cu...
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
. "$here/guard.sh"
# The slowest run measured (tests/README.md) is far below either bound.
STALL_S=120
HANG_GUARD_S=1800
cc=$1
flags=$2
shift 2
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d "${TMPDIR:-/tmp}/lib-progs.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
guard_build "$here" "$work" || exit 1
for src in "$@"; do
	name=$(basename "$src" .cu)
	exe=$work/$name
	# shellcheck disable=SC2086 # the flags are words
	if ! (cd "$(dirname "$src")" && "$cc" -o "$exe" "$(basename "$src")" $flags) > "$work/$name.build" 2>&1; then
		ok 1 "$name: idxgen-cc $flags failed"
		head -15 "$work/$name.build" | sed 's/^/# /'
		continue
	fi
	for run in default hilbert; do
		if [ $run = hilbert ]; then
			env IDXGEN_SCHEDULE=hilbert IDXGEN_NUM_THREADS=2 \
				"$GUARD" -s $STALL_S -g $HANG_GUARD_S -- "$exe" > "$work/out" 2>&1 < /dev/null
		else
			"$GUARD" -s $STALL_S -g $HANG_GUARD_S -- "$exe" > "$work/out" 2>&1 < /dev/null
		fi
		rc=$?
		last=$(grep -v '^idxgen-rt:' "$work/out" | tail -n 1)
		[ $rc = 0 ] && [ "$last" = PASS ]
		ok $? "$name ($run schedule): exit $rc, last line '$last'"
		[ "$last" = PASS ] || tail -n 8 "$work/out" | sed 's/^/# /'
	done
	if [ ! -x "$NVCC" ]; then
		skip "nvcc not found at $NVCC (set NVCC=)" "$name builds with nvcc -arch=sm_90"
		continue
	fi
	# shellcheck disable=SC2086
	"$NVCC" -arch=sm_90 -o "$work/$name.nvcc" "$src" $flags > "$work/$name.nvlog" 2>&1
	ok $? "$name builds with nvcc -arch=sm_90 $flags"
done
tap_done
