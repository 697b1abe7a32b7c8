#!/bin/bash
# Every public Thrust header builds as a program's first and only Thrust
# header (issue 44), under each device system our headers pick: TBB (the
# default), OpenMP (-fopenmp) and the serial C++ one
# (-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP).  A unit holds
# cuda_runtime.h (what idxgen-cc and nvcc include before a .cu file's first
# line), then the header, compiled by the host compiler (g++ -fsyntax-only)
# with include/cuda first, as idxgen-cc's host pass reads it.  Before,
# <thrust/universal_vector.h>, <thrust/system/omp/vector.h>,
# <thrust/mr/host_memory_resource.h> and 15 more stopped there: our
# select_system.h brought thrust/execution_policy.h midway, before Debian's
# memory.h declared thrust::malloc (include/cuda/thrust/README.md).  TAP.
#
# usage: first-header.sh REPO_ROOT HEADER...   (JOBS: compilers at once, 2)
set -u
ROOT=$1
shift
. "$(dirname "$0")/../common/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

systems=(tbb omp cpp)
# each system's flags, read by the jobs below
export ROOT tmp flags_tbb="" flags_omp="-fopenmp" flags_cpp="-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP"

n=0
for header in "$@"; do
	for sys in "${systems[@]}"; do
		printf '%s\t%s\t%d\n' "$sys" "$header" "$n"
	done
	n=$((n + 1))
done >"$tmp/jobs"
# xargs runs the units JOBS at a time; each reports through its files
xargs -P "${JOBS:-2}" -L 1 bash -c '
	sys=$0 header=$1 n=$2
	eval "f=\$flags_$sys"
	printf "#include <cuda_runtime.h>\n#include <%s>\nint main() { return 0; }\n" "$header" |
		g++ -x c++ $f -fsyntax-only -I "$ROOT/include/cuda" -I "$ROOT/include" - >"$tmp/$sys.$n" 2>&1
	echo $? >"$tmp/$sys.$n.rc"' <"$tmp/jobs"

n=0
for header in "$@"; do
	for sys in "${systems[@]}"; do
		rc=$(cat "$tmp/$sys.$n.rc" 2>/dev/null || echo 1)
		ok "$rc" "<$header> alone, $sys device system"
		grep -m3 'error' "$tmp/$sys.$n" | while IFS= read -r line; do diag "$line"; done
	done
	n=$((n + 1))
done
tap_done
