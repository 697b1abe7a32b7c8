// hd.cuh's function and macro from host code only (a kernel beside them uses
// neither): the host pass's view, right, so it builds and runs.
// Build: idxgen-cc -o hd_host hd_host.cu; nvcc -arch=sm_90 -o hd_host hd_host.cu
#include <cstdio>
#include <cuda_runtime.h>
#include "hd.cuh"

__device__ int twice(int v) { return 2 * v; }

__global__ void fill(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = twice(i);
}

int main()
{
	const int n = 64;
	int *out, bad = 0;
	cudaMallocManaged(&out, n * sizeof(int));
	fill<<<1, n>>>(out, n);
	cudaDeviceSynchronize();
	for (int i = 0; i < n; i++)
		bad += out[i] != 2 * i;
	bad += pass_id() != 0;
	bad += PASS_SIDE != 0;
	printf("%d passed, %d failed\n", bad ? 0 : 1, bad ? 1 : 0);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
