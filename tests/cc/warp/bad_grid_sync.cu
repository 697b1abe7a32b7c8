// expect: 11:7: error: grid-wide synchronisation (cooperative_groups::this_grid().sync()) is not supported: it needs every block of the grid resident at once
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void k(int *d)
{
	cg::grid_group grid = cg::this_grid();
	d[blockIdx.x * blockDim.x + threadIdx.x] = 1;
	grid.sync();
}

int main()
{
	int *d;
	cudaMalloc(&d, 256 * sizeof(int));
	k<<<2, 128>>>(d);
	return cudaDeviceSynchronize() != cudaSuccess;
}
