// expect: 18:1: error: kernel 'fill_index' is defined by macro 'FILL_KERNEL', which idxgen-cc does not write out
// A kernel-writing macro that uses __VA_OPT__ is not written out
// (lib/cc/macro_kernel_expand.c substitutes parameters, `#`, `##` and GNU's
// `, ## __VA_ARGS__`; __VA_OPT__'s rules are not among them): still
// refused at the invocation, naming the kernel and the macro.  Without
// __VA_OPT__ the same family is translated (whole/progs/macro_kernels.cu).
#include <cuda_runtime.h>

#define FILL_KERNEL(NAME, EXPR, ...)                                      \
	__global__ void NAME(float *p, int n __VA_OPT__(, ) __VA_ARGS__)  \
	{                                                                 \
		int i = blockIdx.x * blockDim.x + threadIdx.x;            \
		if (i < n)                                                \
			p[i] = EXPR;                                      \
	}

// one error per invocation
FILL_KERNEL(fill_index, (float)i)
FILL_KERNEL(fill_affine, a * i + b, float a, float b)

int main()
{
	float *d;

	cudaMalloc(&d, 64 * sizeof(float));
	fill_affine<<<1, 64>>>(d, 64, 0.5f, 1.0f);
	cudaDeviceSynchronize();
	cudaFree(d);
	return 0;
}
