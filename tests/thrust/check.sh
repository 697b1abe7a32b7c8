#!/bin/bash
# Thrust (Debian's libthrust-dev) and CUB's device-wide primitives
# (include/cuda/cub) through idxgen-cc, TAP: tests/thrust/test_thrust.cu
# against std:: algorithms and serial loops with each device system: TBB
# (idxgen-cc's default), OpenMP (-Xcompiler -fopenmp) and the serial C++ one
# (-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP); tests/cub/test_cub_device.cu;
# tests/cub/test_cub_mergesort.cu; tests/cub/test_cub_block.cu, test_cub_block2.cu
# and test_cub_block3.cu
# (block and warp primitives in fiber kernels, CUB's iterators); the
# programs of tests/thrust/progs as users build them; every source also
# compiled by nvcc -arch=sm_90 (real Thrust and CUB there).  Two builds at a
# time (tests/common/tap-jobs.sh), reported in order.
# usage: check.sh REPO_ROOT BUILD_DIR
set -u
ROOT=$1
BUILD=$2
. "$ROOT/tests/common/tap.sh"
. "$ROOT/tests/common/tap-jobs.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CC="$BUILD/cc/idxgen-cc"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}

# one NAME SOURCE FLAGS: build with idxgen-cc and run its own TAP program,
# whose output is kept in $tmp/tap.NAME (a job of tap-jobs.sh)
one() {
	local name=$1 src=$2 flags=$3 out rc
	# shellcheck disable=SC2086 # flags are words
	if out=$("$CC" $flags -I "$ROOT/tests/common" -o "$tmp/$name" "$src" 2>&1); then
		ok 0 "$name builds with idxgen-cc $flags"
		# its own TAP program (plan and closing line), printed after this
		# script's own so the two numberings do not interleave; a crash
		# leaves it without a plan, which tap-count.sh fails
		IDXGEN_BACKEND=emu "$tmp/$name" >"$tmp/tap.$name"
		rc=$?
		[ $rc -le 1 ] || ok 1 "$name ended with status $rc"
	else
		ok 1 "$name builds with idxgen-cc $flags"
		printf '%s\n' "$out" | head -20 | sed 's/^/# /'
	fi
}
# nvcc_one SOURCE [FLAGS]: proof that the source is real CUDA
nvcc_one() {
	local src=$1 flags=${2:-} out rc
	if [ -x "$NVCC" ]; then
		# shellcheck disable=SC2086 # flags are words
		out=$("$NVCC" -arch=sm_90 $flags -I "$ROOT/tests/common" -c -o "$tmp/$(basename "$src").o" "$src" 2>&1)
		rc=$?
		ok $rc "$(basename "$src") compiles with nvcc -arch=sm_90 (real CUDA)"
		[ $rc = 0 ] || printf '%s\n' "$out" | grep error | head -10 | sed 's/^/# /'
	else
		skip "nvcc not found at $NVCC (set NVCC=)" "$(basename "$src") compiles with nvcc -arch=sm_90"
	fi
}
TAP_JOBS_DIR=$tmp/jobs
mkdir "$TAP_JOBS_DIR"
# the device system idxgen-cc picks: TBB by default (oneTBB is installed by
# tests/setup/deps.sh), OpenMP with -fopenmp, the serial C++ one when asked
want=-DEXPECT_THRUST_SYSTEM=THRUST_DEVICE_SYSTEM_
progs="thrust-tbb thrust-omp thrust-cpp thrust-user-macros cub-device cub-mergesort cub-block cub-block2 cub-block3"
tap_job thrust-tbb one thrust-tbb "$ROOT/tests/thrust/test_thrust.cu" "${want}TBB"
tap_job thrust-omp one thrust-omp "$ROOT/tests/thrust/test_thrust.cu" "-Xcompiler -fopenmp ${want}OMP"
tap_job thrust-cpp one thrust-cpp "$ROOT/tests/thrust/test_thrust.cu" "-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP ${want}CPP"
# a program's -D of every upper-case letter and of the sizing names (issue
# 44): Thrust, which names its template parameters T, N, ..., is read with
# them set aside (include/cuda/thrust's wrappers); nvcc's Thrust stops at
# -DT=1000, so nvcc gets -DTHREADS=1000 only
user_macros=
for m in A B C D E F G H I J K L M N O P Q R S T U V W X Y Z SIZE BLOCK_SIZE DIM TILE WARP_SIZE BLOCK THREADS; do
	user_macros="$user_macros -D$m=1000"
done
tap_job thrust-user-macros one thrust-user-macros "$ROOT/tests/thrust/test_thrust_user_macros.cu" "$user_macros"
tap_job nvcc-test_thrust_user_macros nvcc_one "$ROOT/tests/thrust/test_thrust_user_macros.cu" -DTHREADS=1000
for name in cub-device cub-mergesort cub-block cub-block2 cub-block3; do
	tap_job "$name" one "$name" "$ROOT/tests/cub/test_${name//-/_}.cu" ""
done
for src in "$ROOT/tests/thrust/test_thrust.cu" "$ROOT/tests/cub/test_cub_device.cu" "$ROOT/tests/cub/test_cub_mergesort.cu" \
	"$ROOT/tests/cub/test_cub_block.cu" \
	"$ROOT/tests/cub/test_cub_block2.cu" "$ROOT/tests/cub/test_cub_block3.cu"; do
	tap_job "nvcc-$(basename "$src" .cu)" nvcc_one "$src"
done
tap_jobs_replay
tap_done
# the programs' own TAP, after this script's; one that did not build has none
for name in $progs; do
	[ -f "$tmp/tap.$name" ] && cat "$tmp/tap.$name"
done
bash "$ROOT/tests/common/check-lib-progs.sh" "$BUILD" "$ROOT/tests/thrust/progs" ""
