// A kernel expands hd.cuh's PASS_SIDE: nvcc's device pass defines it as 1,
// and so does idxgen-cc's device twin of it (__idxgen_dev_PASS_SIDE); host
// code keeps the host's 0.  It gave the kernel 0 first, then refused the use.
// Build: nvcc -arch=sm_90 -o hd_device_macro hd_device_macro.cu
#include <cstdio>
#include <cuda_runtime.h>
#include "hd.cuh"

__global__ void probe(int *out)
{
	out[0] = PASS_SIDE;
}

int main()
{
	int *out;
	cudaMallocManaged(&out, sizeof(int));
	probe<<<1, 1>>>(out);
	cudaDeviceSynchronize();
	printf("%s\n", out[0] == 1 && PASS_SIDE == 0 ? "PASS" : "FAIL");
	return 0;
}
