// A template kernel that advances its pointer parameters once per block
// ("in += blockIdx.x * n;", HeCBench quantVLLM's row kernels), with
// <cuda_fp16.h> included (issue 38).  Its operator+= overloads make clang
// keep the dependent "in += ..." as an unresolved operator call; the
// planner did not see it as a write, put it in the thread loop, and every
// thread advanced the block's one copy of "in" (a crash, or a wrong row).
// It is the built-in pointer operation in every instantiation, so it runs
// once per block, like the non-dependent "out += ...".
#include <cuda_fp16.h>

template <typename T>
__global__ void rows_to_int(const T *in, int *out, int n)
{
	out += blockIdx.x * n;
	in += blockIdx.x * n;
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		out[i] = (int)in[i];
}

template __global__ void rows_to_int<float>(const float *, int *, int);
// CXX-LABEL: rows_to_int__block(
// CXX: /* uniform: once per block */
// CXX-NEXT: out += blockIdx.x * n;
// CXX: /* uniform: once per block */
// CXX-NEXT: in += blockIdx.x * n;
// CXX-NEXT: /* thread loop 0:
// CXX-NOT: in += blockIdx.x * n;
// MODEL: kernel rows_to_int: fission
