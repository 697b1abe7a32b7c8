// this_grid().sync() in a launch that is not cooperative (<<<>>>): the
// blocks are not all resident, so the barrier could never complete; the
// kernel must fail cleanly (cudaErrorLaunchFailure), never hang or pass.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <stdio.h>

namespace cg = cooperative_groups;

__global__ void k(int *d)
{
	cg::grid_group grid = cg::this_grid();
	d[blockIdx.x * blockDim.x + threadIdx.x] = 1;
	grid.sync();
	d[blockIdx.x * blockDim.x + threadIdx.x] = 2;
}

int main()
{
	int *d;
	cudaMalloc(&d, 256 * sizeof(int));
	k<<<2, 128>>>(d);
	cudaError_t e = cudaDeviceSynchronize();
	printf("%s\n", cudaGetErrorName(e));
	printf("%s\n", e == cudaErrorLaunchFailure ? "PASS" : "FAIL");
	return e == cudaErrorLaunchFailure ? 0 : 1;
}
