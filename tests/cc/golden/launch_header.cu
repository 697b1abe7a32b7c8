// Whole kernel launches written in macros of a header the .cu includes:
// each invocation of the main file is written out one level before the
// parse (lib/cc/macro_launch_expand.c), a macro of the .cu that calls one
// in the next round, and the launch, text of the .cu now, is rewritten as
// any other.  A launch macro of the .cu with the chevrons but not the
// argument list is written out the same way.  Refused before: "a kernel
// launch <<<...>>> written inside a macro is not supported".
#include "launch_header/launch.cuh"

#define FILL_ALL(p, n) LAUNCH(fill, ((n) + 31) / 32, 32, p, n, 7)
#define CONFIG(k, g, b) k<<<g, b>>>

__global__ void fill(int *p, int n, int v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] = v;
}

template <typename T>
__global__ void twice(T *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] *= 2;
}

int main()
{
	int *d = nullptr;

	LAUNCH(fill, 2, 32, d, 64, 1);
	FILL_ALL(d, 64);
	LAUNCH_TYPED(int, twice, 64, d, 64);
	CONFIG(fill, 2, 32)(d, 64, 3);
	return 0;
}

// CXX: (__idxgenPushCallConfiguration(2, 32) ? (void)0 : fill(d, 64, 1));
// CXX: (__idxgenPushCallConfiguration(((64) + 31) / 32, 32) ? (void)0 : fill(d, 64, 7));
// CXX: (__idxgenPushCallConfiguration(((64) + 31) / 32, 32) ? (void)0 : twice<int>(d, 64));
// CXX: (__idxgenPushCallConfiguration(2, 32) ? (void)0 : fill(d, 64, 3));
