// A launch whose configuration a macro writes (`#define KERNEL_ARGS2(grid,
// block) <<< grid, block >>>`, launched `k KERNEL_ARGS2(g, b)(args)`):
// each invocation is written out in place before the parse
// (lib/cc/macro_chevrons.c), after which the launch is the file's text and
// is rewritten as any other.  Refused before: "a kernel launch <<<...>>>
// written inside a macro is not supported".
#ifdef __CUDACC__
#define KERNEL_ARGS2(grid, block) <<< grid, block >>>
#define KERNEL_ARGS4(grid, block, sh_mem, stream) <<<grid, block, sh_mem, stream>>>
#else
#define KERNEL_ARGS2(grid, block)
#define KERNEL_ARGS4(grid, block, sh_mem, stream)
#endif

__global__ void fill(int *p, int v)
{
	p[threadIdx.x] = v;
}

template <typename T> __global__ void twice(T *p)
{
	p[threadIdx.x] *= 2;
}

int main()
{
	int *d = nullptr;
	cudaStream_t st = 0;

	fill KERNEL_ARGS2(1, 32)(d, 1);
	twice<int> KERNEL_ARGS4(1, 32, 0, st)(d);
	return 0;
}

// CXX: (__idxgenPushCallConfiguration( 1, 32 ) ? (void)0 : fill (d, 1));
// CXX: (__idxgenPushCallConfiguration(1, 32, 0, st) ? (void)0 : twice<int> (d));
