// A launch configuration and a kernel-writing macro of the program's own
// header (macro_header.cu).
#ifdef __CUDACC__
#define KERNEL_ARGS2(grid, block) <<< grid, block >>>
#else
#define KERNEL_ARGS2(grid, block)
#endif

#define FILL_KERNEL(NAME, EXPR, ...)                                     \
	__global__ void NAME(int *p __VA_OPT__(, ) __VA_ARGS__)          \
	{                                                                \
		p[threadIdx.x] = EXPR;                                   \
	}
