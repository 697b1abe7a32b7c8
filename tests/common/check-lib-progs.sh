#!/bin/bash
# The programs of a CUDA library's tests (tests/cublas/progs, ...) as users
# build them: `idxgen-cc -o prog prog.cu -lLIB...`, run (emulation backend),
# each must print PASSED and exit 0; and each compiled by NVIDIA's nvcc
# -arch=sm_90 -c, proof that it is real CUDA (SKIP with the reason where nvcc
# is absent; the product never needs it).  TAP.  A run is stopped only when
# it hangs (tests/common/progress-guard.c): no CPU and no output for
# STALL_S, or still running at HANG_GUARD_S.
#
# usage: check-lib-progs.sh BUILD_DIR PROG_DIR "LINK FLAGS"
set -u
BUILD=$1
DIR=$2
LIBS=$3
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/guard.sh"
# The slowest run measured (tests/README.md) is far below either bound.
STALL_S=120
HANG_GUARD_S=3600
CC="$BUILD/cc/idxgen-cc"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d "${TMPDIR:-/tmp}/lib-progs.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
guard_build "$(dirname "$0")" "$work" || exit 1

for src in "$DIR"/*.cu; do
	name=$(basename "$src" .cu)
	# shellcheck disable=SC2086 # the link flags are words
	if out=$("$CC" -o "$work/$name" "$src" $LIBS 2>&1); then
		ok 0 "$name builds with idxgen-cc $LIBS"
		run=$(cd "$work" && IDXGEN_BACKEND=emu "$GUARD" -s $STALL_S -g $HANG_GUARD_S -- "./$name" 2>&1)
		rc=$?
		[ $rc = 0 ] && printf '%s\n' "$run" | grep -qx PASSED
		ok $? "$name runs and prints PASSED (status $rc)"
		[ $rc = 0 ] || printf '%s\n' "$run" | tail -10 | sed 's/^/# /'
	else
		ok 1 "$name builds with idxgen-cc $LIBS"
		printf '%s\n' "$out" | head -20 | sed 's/^/# /'
		skip "it did not build" "$name runs and prints PASSED"
	fi
	if [ ! -x "$NVCC" ]; then
		skip "nvcc not found at $NVCC (set NVCC=)" "$name compiles with nvcc -arch=sm_90"
		continue
	fi
	out=$("$NVCC" -arch=sm_90 -c -o "$work/$name.o" "$src" 2>&1)
	ok $? "$name compiles with nvcc -arch=sm_90 (real CUDA)"
	[ -z "$out" ] || printf '%s\n' "$out" | head -10 | sed 's/^/# /'
done
tap_done
