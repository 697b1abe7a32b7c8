// expect: 13:2: error: a kernel launch <<<...>>> written inside a macro is not supported
#include <cuda_runtime.h>

#define LAUNCH(k, n, a) k<<<1, n>>>(a)

__global__ void k(int *out)
{
	out[threadIdx.x] = 1;
}

int main()
{
	LAUNCH(k, 32, (int *)0);
	return 0;
}
