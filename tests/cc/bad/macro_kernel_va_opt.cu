// expect: 13:1: error: kernel 'fill' is defined by macro 'FILL_KERNEL', which idxgen-cc does not write out
// The C path: a kernel-writing macro that uses __VA_OPT__ is not written
// out (lib/cc/macro_kernel_expand.c), so still refused at the invocation,
// naming the kernel and the macro (golden/macro_kernel.cu: the shapes that
// are written out and translated).
#define FILL_KERNEL(NAME, EXPR, ...)                                      \
	__global__ void NAME(float *p, int n __VA_OPT__(, ) __VA_ARGS__)  \
	{                                                                 \
		int i = blockIdx.x * blockDim.x + threadIdx.x;            \
		if (i < n)                                                \
			p[i] = EXPR;                                      \
	}
FILL_KERNEL(fill, v, float v)
