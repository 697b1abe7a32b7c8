// Headers CUDA programs include out of habit (Visual Studio's template
// includes "device_launch_parameters.h"; older code device_functions.h and
// math_functions.h, which nvcc 13 warns about): idxgen's include/cuda has them.
#include "device_launch_parameters.h"
#include <cstdio>
#include <cuda_runtime.h>

__global__ void iota(int *a)
{
	a[threadIdx.x] = threadIdx.x;
}

int main()
{
	int *d, h[32];
	cudaMalloc(&d, sizeof(h));
	iota<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < 32; i++)
		ok &= h[i] == i;
	cudaFree(d);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
