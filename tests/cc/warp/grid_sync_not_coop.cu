// this_grid().sync() in a launch that is not cooperative (<<<>>>): the
// blocks are not all resident, so the barrier could never complete; the
// kernel must fail cleanly (cudaErrorLaunchFailure), never hang or pass.
// Before that, grid_group::is_valid() as CUDA answers it: false in a
// <<<>>> launch, true under cudaLaunchCooperativeKernel -- the test that
// code such as "if (grid.is_valid()) grid.sync();" relies on.
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

// each thread writes 1 + is_valid(); only a valid grid synchronises
__global__ void probe(int *d)
{
	cg::grid_group grid = cg::this_grid();
	bool v = grid.is_valid();
	d[blockIdx.x * blockDim.x + threadIdx.x] = 1 + (int)v;
	if (v)
		grid.sync();
}

static int count_of(const int *h, int n, int value)
{
	int c = 0;
	for (int i = 0; i < n; i++)
		c += h[i] == value;
	return c;
}

int main()
{
	int *d, h[256];
	int ok = 1;
	cudaMalloc(&d, 256 * sizeof(int));

	probe<<<2, 128>>>(d);
	ok &= cudaDeviceSynchronize() == cudaSuccess;
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("is_valid() false in a <<<>>> launch: %d of 256 threads\n", count_of(h, 256, 1));
	ok &= count_of(h, 256, 1) == 256;

	void *args[] = { &d };
	cudaMemset(d, 0, sizeof(h));
	ok &= cudaLaunchCooperativeKernel((void *)probe, dim3(1), dim3(128), args, 0, 0) == cudaSuccess;
	ok &= cudaDeviceSynchronize() == cudaSuccess;
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("is_valid() true in a cooperative launch: %d of 128 threads\n", count_of(h, 128, 2));
	ok &= count_of(h, 128, 2) == 128;

	k<<<2, 128>>>(d);
	cudaError_t e = cudaDeviceSynchronize();
	printf("%s\n", cudaGetErrorName(e));
	ok &= e == cudaErrorLaunchFailure;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
