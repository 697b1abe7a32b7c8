// expect: 19:1: error: __syncthreads() in divergent control flow: not all threads of a block reach it
// exec-model: fission
// A kernel a macro writes is written out on its invocation's line before
// the translation (lib/cc/macro_kernel_expand.c), so what the translator
// refuses inside it is reported at the invocation (its start: the column
// map takes every offset of the written-out text there), the line the
// user wrote.
#include <cuda_runtime.h>

#define HALF_BARRIER(NAME)                                             \
	__global__ void NAME(int *out)                                 \
	{                                                              \
		out[threadIdx.x] = 1;                                  \
		if (threadIdx.x < 16)                                  \
			__syncthreads();                               \
	}

// the kernel:
HALF_BARRIER(half_barrier)

int main()
{
	int *d;

	cudaMalloc(&d, 64 * sizeof(int));
	half_barrier<<<1, 64>>>(d);
	cudaDeviceSynchronize();
	cudaFree(d);
	return 0;
}
