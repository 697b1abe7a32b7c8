#!/bin/bash
# The CUDA headers of lib/cudart (include/cuda) as TAP lines: each one
# self-contained, all of them as C11 and C++11/17 under gcc/g++ and
# clang/clang++ (clang++-16 where installed) with -Wall -Wextra -Werror; our
# own text (no NVIDIA header copied); the tests' CUDA source compiled by
# NVIDIA's nvcc -arch=sm_90 (proof that they are real CUDA; SKIP, with the
# reason, where nvcc is absent); and a program built against a `make
# install`ed tree with pkg-config (idxgen-cudart) and run (emulation).
#
# usage: check-headers.sh REPO_ROOT BUILD_CUDART_DIR
set -u
ROOT=$1
O=$2
H=$ROOT/include/cuda
. "$(dirname "$0")/../common/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
WARN="-Wall -Wextra -Werror"

for h in "$H"/*.h; do
	name=$(basename "$h")
	printf '#include <%s>\n#include <%s>\n' "$name" "$name" >"$tmp/one.c"
	cp "$tmp/one.c" "$tmp/one.cc"
	if grep -q '^#error ".* is C++' "$h"; then
		# C++ only (cooperative_groups.h): self-contained as C++, a clear
		# error in C
		out=$(g++ -std=c++14 $WARN -I"$H" -I"$ROOT/include" -fsyntax-only "$tmp/one.cc" 2>&1)
		ok $? "$name is self-contained and idempotent (C++14)${out:+: $out}"
		out=$(cc -std=c11 -I"$H" -I"$ROOT/include" -fsyntax-only "$tmp/one.c" 2>&1)
		[ $? != 0 ] && printf '%s' "$out" | grep -q 'is C++'
		ok $? "$name in C: stops with its own error"
		continue
	fi
	out=$(cc -std=c11 $WARN -I"$H" -I"$ROOT/include" -fsyntax-only "$tmp/one.c" 2>&1)
	ok $? "$name is self-contained and idempotent (C11)${out:+: $out}"
done

cat >"$tmp/all.c" <<'SRC'
#include <cuda_runtime.h>
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <vector_types.h>
#include <vector_functions.h>
#include <driver_types.h>
#include <math_constants.h>
#include <cuda_profiler_api.h>
int main(void)
{
	float4 v = make_float4(1, 2, 3, 4);
	dim3 d = IDXGEN_DIM3(7);
	return (int)(v.w - 4.0f) + (int)d.y - 1 + (int)(sizeof(float4) != 16) +
	       (int)(_Alignof(double2) != 16) + (int)(sizeof(float3) != 12) + (int)(sizeof(char4) != 4);
}
SRC
sed 's/_Alignof/alignof/' "$tmp/all.c" >"$tmp/all.cc"
cxx16=$(command -v clang++-16 || true)
cxx_clang=${cxx16:-$(command -v clang++-15 || command -v clang++ || true)}
[ -z "$cxx16" ] && echo "# clang++-16 is not installed here: the clang++ checks use ${cxx_clang:-nothing}"
# (the C clang of the same version as the clang++ used below; this check
# once skipped itself by naming "clang-16/usr/bin/clang++-16")
cc_clang=clang
[ -n "$cxx16" ] && cc_clang=clang-16
for comp in "cc -std=c11" "cc -std=gnu11" "$cc_clang -std=c11"; do
	set -- $comp
	if ! command -v "$1" >/dev/null; then ok 1 "$comp: not installed (tests/setup/deps.sh)"; continue; fi
	out=$($comp $WARN -I"$H" -I"$ROOT/include" -o "$tmp/a" "$tmp/all.c" 2>&1) && "$tmp/a"
	ok $? "$comp: all headers compile, layouts as CUDA's${out:+: $out}"
done
for comp in "g++ -std=c++11" "g++ -std=c++17" "${cxx_clang} -std=c++14" "${cxx_clang} -std=c++17"; do
	set -- $comp
	if ! command -v "$1" >/dev/null; then ok 1 "$comp: not installed (tests/setup/deps.sh)"; continue; fi
	out=$($comp $WARN -I"$H" -I"$ROOT/include" -o "$tmp/a" "$tmp/all.cc" 2>&1) && "$tmp/a"
	ok $? "$comp: all headers compile, layouts as CUDA's${out:+: $out}"
done

# libcu++'s headers (include/cuda/cuda/: <cuda/barrier>, <cuda/pipeline>,
# <cuda/atomic>, <cuda/std/...>) and cuda_pipeline.h, all in one C++ file
# that uses them from host code and checks what it gets.
for comp in "g++ -std=c++11" "g++ -std=c++17" "${cxx_clang} -std=c++11" "${cxx_clang} -std=c++17"; do
	set -- $comp
	if ! command -v "$1" >/dev/null; then ok 1 "$comp: not installed (tests/setup/deps.sh)"; continue; fi
	out=$($comp $WARN -I"$H" -I"$ROOT/include" -o "$tmp/libcu" "$ROOT/tests/cudart/libcu_headers.cc" \
		-L"$O/../lib" -Wl,-rpath,"$O/../lib" -lidxgen 2>&1) && "$tmp/libcu"
	ok $? "$comp: the libcu++ headers compile and work in host code${out:+: $out}"
done

# Our words: no NVIDIA header text (their license banner) in ours.
! grep -qil "NVIDIA Corporation\|NVIDIA CORPORATION\|Copyright.*NVIDIA" "$H"/*.h
ok $? "include/cuda carries no NVIDIA header text"

NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
for t in test_api test_device test_graph test_driver test_api_ext test_api_rest test_driver_graph test_driver_mem test_driver_misc test_fault test_fiber_stack; do
	if [ ! -x "$NVCC" ]; then
		skip "$NVCC not found (no CUDA toolkit on this machine)" "nvcc -arch=sm_90 $t.c"
		continue
	fi
	out=$("$NVCC" -arch=sm_90 -c -x cu -o "$tmp/$t.o" "$ROOT/tests/cudart/$t.c" -I"$ROOT/tests/common" 2>&1)
	ok $? "nvcc -arch=sm_90 compiles tests/cudart/$t.c (host code and kernels are real CUDA)${out:+: $out}"
done

# Installed: headers apart, the static library, pkg-config.
stage=$tmp/stage
make -s -C "$ROOT/lib" install PREFIX="$stage/usr" >/dev/null 2>&1 &&
	make -s -C "$ROOT/lib/cudart" install PREFIX="$stage/usr" >/dev/null 2>&1
ok $? "make install PREFIX=<tmp> (lib, lib/cudart)"
[ -f "$stage/usr/include/idxgen/cuda/cuda_runtime.h" ] && [ ! -e "$stage/usr/include/cuda_runtime.h" ]
ok $? "the CUDA headers are installed in include/idxgen/cuda, not in include/"
missing=$(cd "$ROOT/include/cuda" && find . -type f \( -name '*.h' -o -name '*.cuh' -o -name '*.inc' -o -path './*/*' \) |
	while read -r f; do cmp -s "$f" "$stage/usr/include/idxgen/cuda/$f" || echo "$f"; done)
[ -z "$missing" ]
ok $? "every header of include/cuda is installed (.h, .cuh, .inc; every file of cooperative_groups/, cub/, thrust/, nvtx3/, cuda/ -- libcu++'s have no extension)${missing:+; missing: $(echo $missing)}"
export PKG_CONFIG_PATH=$stage/usr/lib/pkgconfig
flags=$(pkg-config --cflags --libs idxgen-cudart 2>&1)
ok $? "pkg-config --cflags --libs idxgen-cudart: $flags"
cc -std=gnu11 $WARN -o "$tmp/api" "$ROOT/tests/cudart/test_api.c" -I"$ROOT/tests/cudart" -I"$ROOT/tests/common" $flags 2>&1
ok $? "tests/cudart/test_api.c builds against the installed tree"
res=$(IDXGEN_BACKEND=emu LD_LIBRARY_PATH=$stage/usr/lib "$tmp/api" 2>/dev/null | tail -1)
echo "# installed build: $res"
echo "$res" | grep -q ' 0 failed'
ok $? "and passes"
tap_done
