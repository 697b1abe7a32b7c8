// expect: 16:1: error: kernel 'fill_ex' is defined by macro 'FILL_KERNEL', which idxgen-cc does not write out
// A kernel-writing macro that pastes __VA_OPT__'s result onto a name
// (`NAME ## __VA_OPT__(_ex)`): the placemarker rules of that paste are not
// written out (lib/cc/macro_kernel_expand.c, va_opt), so the invocation is
// still refused, naming the kernel and the macro.  __VA_OPT__ without `#`
// or `##` beside it is written out (whole/progs/macro_kernel_va_opt.cu).
#include <cuda_runtime.h>

#define FILL_KERNEL(NAME, EXPR, ...)                                               \
	__global__ void NAME##__VA_OPT__(_ex)(float *p, int n __VA_OPT__(, ) __VA_ARGS__) \
	{                                                                          \
		int i = blockIdx.x * blockDim.x + threadIdx.x;                     \
		if (i < n)                                                         \
			p[i] = EXPR;                                               \
	}
FILL_KERNEL(fill, a * i, float a)

int main()
{
	float *d;

	cudaMalloc(&d, 64 * sizeof(float));
	fill_ex<<<1, 64>>>(d, 64, 0.5f);
	cudaDeviceSynchronize();
	cudaFree(d);
	return 0;
}
