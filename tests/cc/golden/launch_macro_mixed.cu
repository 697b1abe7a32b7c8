// A whole launch written by a macro defined before its kernel, in a file
// that also writes a launch configuration by macro: the #define's launch is
// rewritten where it is spelled (lib/cc/macro_launch.c).  Refused before ("a
// kernel launch <<<...>>> written inside a macro is not supported"): the
// launch configuration's `<<<` counted as a launch that could not be
// rewritten, which refused every launch macro of the file.
#ifdef __CUDACC__
#define KERNEL_ARGS2(grid, block) <<< grid, block >>>
#else
#define KERNEL_ARGS2(grid, block)
#endif
#define RUN(p) fill<<<1, 32>>>(p, 2)
#define RUN_TWICE(p) RUN(p); RUN(p)

__global__ void fill(int *p, int v)
{
	p[threadIdx.x] += v;
}

int main()
{
	int *d = nullptr;

	RUN(d);
	RUN_TWICE(d);
	fill KERNEL_ARGS2(1, 32)(d, 1);
	return 0;
}

// CXX: #define RUN(p) (__idxgenPushCallConfiguration(1, 32) ? (void)0 : fill(p, 2))
// CXX: #define RUN_TWICE(p) RUN(p); RUN(p)
// CXX: RUN(d);
// CXX: RUN_TWICE(d);
// CXX: (__idxgenPushCallConfiguration( 1, 32 ) ? (void)0 : fill (d, 1));
