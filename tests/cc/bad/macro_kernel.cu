// expect: 12:1: error: kernel 'scale' is defined by macro 'KERNEL': idxgen-cc rewrites a kernel's own text
// The C path: a kernel whose whole definition a macro writes was refused as
// "statements of one macro expansion cannot be split into thread loops",
// which names neither the kernel nor the macro (lib/cc/macro_kernel.c).
#define KERNEL(NAME)                                           \
	__global__ void NAME(float *p, int n)                  \
	{                                                      \
		int i = blockIdx.x * blockDim.x + threadIdx.x; \
		if (i < n)                                     \
			p[i] = p[i] * 2;                       \
	}
KERNEL(scale)
