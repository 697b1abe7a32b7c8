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
# compiled by nvcc -arch=sm_90 (real Thrust and CUB there).
# usage: check.sh REPO_ROOT BUILD_DIR
set -u
ROOT=$1
BUILD=$2
. "$ROOT/tests/common/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CC="$BUILD/cc/idxgen-cc"
progs=
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}

one() {	# name, source, idxgen-cc flags
	local name=$1 src=$2 flags=$3
	# shellcheck disable=SC2086 # flags are words
	if out=$("$CC" $flags -I "$ROOT/tests/common" -o "$tmp/$name" "$src" 2>&1); then
		ok 0 "$name builds with idxgen-cc $flags"
		# its own TAP program (plan and closing line), printed after this
		# script's own so the two numberings do not interleave; a crash
		# leaves it without a plan, which tap-count.sh fails
		IDXGEN_BACKEND=emu "$tmp/$name" >"$tmp/tap.$name"
		rc=$?
		progs="$progs $name"
		[ $rc -le 1 ] || ok 1 "$name ended with status $rc"
	else
		ok 1 "$name builds with idxgen-cc $flags"
		printf '%s\n' "$out" | head -20 | sed 's/^/# /'
	fi
}
# the device system idxgen-cc picks: TBB by default (oneTBB is installed by
# tests/setup/deps.sh), OpenMP with -fopenmp, the serial C++ one when asked
want=-DEXPECT_THRUST_SYSTEM=THRUST_DEVICE_SYSTEM_
one thrust-tbb "$ROOT/tests/thrust/test_thrust.cu" "${want}TBB"
one thrust-omp "$ROOT/tests/thrust/test_thrust.cu" "-Xcompiler -fopenmp ${want}OMP"
one thrust-cpp "$ROOT/tests/thrust/test_thrust.cu" "-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP ${want}CPP"
one cub-device "$ROOT/tests/cub/test_cub_device.cu" ""
one cub-mergesort "$ROOT/tests/cub/test_cub_mergesort.cu" ""
one cub-block "$ROOT/tests/cub/test_cub_block.cu" ""
one cub-block2 "$ROOT/tests/cub/test_cub_block2.cu" ""
one cub-block3 "$ROOT/tests/cub/test_cub_block3.cu" ""
for src in "$ROOT/tests/thrust/test_thrust.cu" "$ROOT/tests/cub/test_cub_device.cu" "$ROOT/tests/cub/test_cub_mergesort.cu" \
	"$ROOT/tests/cub/test_cub_block.cu" \
	"$ROOT/tests/cub/test_cub_block2.cu" "$ROOT/tests/cub/test_cub_block3.cu"; do
	if [ -x "$NVCC" ]; then
		out=$("$NVCC" -arch=sm_90 -I "$ROOT/tests/common" -c -o "$tmp/n.o" "$src" 2>&1)
		rc=$?
		ok $rc "$(basename "$src") compiles with nvcc -arch=sm_90 (real CUDA)"
		[ $rc = 0 ] || printf '%s\n' "$out" | grep error | head -10 | sed 's/^/# /'
	else
		skip "nvcc not found at $NVCC (set NVCC=)" "$(basename "$src") compiles with nvcc -arch=sm_90"
	fi
done
tap_done
for name in $progs; do
	cat "$tmp/tap.$name"
done
bash "$ROOT/tests/common/check-lib-progs.sh" "$BUILD" "$ROOT/tests/thrust/progs" ""
