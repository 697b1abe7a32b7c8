// FLAGS: --exec-model=fission
// Warp operations that a macro of the .cu writes in kernel code (a shuffle
// reduction with __VA_OPT__ for its width, a rotation in a do-while body),
// forced to loop fission: the invocations are written out one level before
// the lowering (lib/cc/macro_warp_expand.c), so the calls are text warp.c
// cuts statements around.  Refused before: "a warp-level function inside a
// macro expansion is not supported" (whole/progs/macro_kernel_va_opt.cu
// under --exec-model=fission).  By default such kernels run as fibers.
#define WARP_SUM(v, ...)                 \
	for (int o = 16; o > 0; o >>= 1) \
	v += __shfl_down_sync(0xffffffffu, v, o __VA_OPT__(, ) __VA_ARGS__)
#define ROTATE(v)                                                          \
	do {                                                               \
		v = __shfl_sync(0xffffffffu, v, (threadIdx.x + 1) % 32); \
	} while (0)

__global__ void warp_sums(int *out, const int *in)
{
	int v = in[threadIdx.x];

	WARP_SUM(v, 32);
	out[threadIdx.x] = v;
}

__global__ void rotate(int *p)
{
	int v = p[threadIdx.x];

	ROTATE(v);
	p[threadIdx.x] = v;
}

// MODEL: kernel warp_sums: fission
// MODEL: warp tree: line 21's shuffle loop
// MODEL: kernel rotate: fission
// MODEL: barrier: line 29
// CXX: idxgen_cc_block_tree_add(__idxgen_w0 + 32, __idxgen_w0b + 32, (blockDim.x * blockDim.y * blockDim.z), (const unsigned char *)0, 16, (32), 0, 0);
// CXX: __global__ void rotate(int *p)
