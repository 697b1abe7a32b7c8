#!/bin/bash
# The programs of a CUDA library's tests (tests/cublas/progs, ...) as users
# build them: `idxgen-cc -o prog prog.cu -lLIB...`, run (emulation backend),
# each must print PASSED and exit 0; and each compiled by NVIDIA's nvcc
# -arch=sm_90 -c, proof that it is real CUDA (SKIP with the reason where nvcc
# is absent; the product never needs it).  TAP.  A run is stopped only when
# it hangs (tests/common/progress-guard.c): no CPU and no output for
# STALL_S, or still running at HANG_GUARD_S.  Two programs at a time
# (TAP_JOBS; tests/common/tap-jobs.sh), reported in order.
#
# usage: check-lib-progs.sh BUILD_DIR PROG_DIR "LINK FLAGS"
set -u
BUILD=$1
DIR=$2
LIBS=$3
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/guard.sh"
. "$(dirname "$0")/tap-jobs.sh"
# The slowest run measured (tests/README.md) is far below either bound.
STALL_S=120
HANG_GUARD_S=3600
CC="$BUILD/cc/idxgen-cc"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d "${TMPDIR:-/tmp}/lib-progs.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
guard_build "$(dirname "$0")" "$work" || exit 1

# prog_checks SRC: one program's checks (a job of tap-jobs.sh: two
# programs build and run at once, reported in order)
prog_checks() {
	local src=$1 name out run rc
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
		return
	fi
	out=$("$NVCC" -arch=sm_90 -c -o "$work/$name.o" "$src" 2>&1)
	ok $? "$name compiles with nvcc -arch=sm_90 (real CUDA)"
	[ -z "$out" ] || printf '%s\n' "$out" | head -10 | sed 's/^/# /'
}

TAP_JOBS_DIR=$work/jobs
mkdir "$TAP_JOBS_DIR"
for src in "$DIR"/*.cu; do
	tap_job "$(basename "$src" .cu)" prog_checks "$src"
done
tap_jobs_replay
tap_done
