// expect: 6:10: error: warp-level function '__shfl_down_sync' is not supported yet (issue 23)
#include <cuda_runtime.h>

__global__ void k(int *out)
{
	int v = __shfl_down_sync(0xffffffffu, (int)threadIdx.x, 1);
	out[threadIdx.x] = v;
}

int main()
{
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	k<<<1, 32>>>(d);
	return 0;
}
