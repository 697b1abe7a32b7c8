// differ.cuh's group runs the device branch on nvcc; idxgen-cc, which
// compiles headers as the host pass sees them, refuses it at the group
// (tests/cc/whole.sh) instead of computing 3 * v.
#include <cstdio>
#include <cuda_runtime.h>
#include "differ.cuh"

__global__ void scale(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = scaled(i);
}

int main()
{
	const int n = 64;
	int *out;
	cudaMallocManaged(&out, n * sizeof(int));
	scale<<<1, n>>>(out, n);
	cudaDeviceSynchronize();
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += out[i] != 2 * i;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
