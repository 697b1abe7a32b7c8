// expect: 15:1: error: kernel 'fill' is defined by macro 'FILL_KERNEL', which idxgen-cc does not write out
// The C path: a kernel-writing macro's __VA_OPT__ over variable arguments
// that a macro writes entirely (EXTRA): whether they are empty is known only
// once the parse expands them, so the invocation is not written out
// (lib/cc/macro_kernel_expand.c, va_opt) and stays refused, naming the
// kernel and the macro (golden/macro_kernel_va_opt.cu: the shapes written out).
#define EXTRA float v
#define FILL_KERNEL(NAME, EXPR, ...)                                     \
	__global__ void NAME(float *p, int n __VA_OPT__(, ) __VA_ARGS__) \
	{                                                                \
		int i = blockIdx.x * blockDim.x + threadIdx.x;           \
		if (i < n)                                               \
			p[i] = EXPR;                                     \
	}
FILL_KERNEL(fill, v, EXTRA)
