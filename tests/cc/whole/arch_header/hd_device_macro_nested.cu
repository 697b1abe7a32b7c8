// A kernel expands SIDE_WEIGHT, whose body expands hd.cuh's PASS_SIDE:
// nvcc's device pass defines PASS_SIDE as 1, so SIDE_WEIGHT is 3 there;
// idxgen-cc compiles the header as the host pass sees it and refuses the
// use (hd_device_macro_nested.cu:15:11) -- it looked at PASS_SIDE's own
// uses only and gave the kernel the host's 1 before, silently.
// Build: nvcc -arch=sm_90 -o hd_device_macro_nested hd_device_macro_nested.cu
#include <cstdio>
#include <cuda_runtime.h>
#include "hd.cuh"

#define SIDE_WEIGHT (PASS_SIDE * 2 + 1)

__global__ void probe(int *out)
{
	out[0] = SIDE_WEIGHT;
}

int main()
{
	int *out;
	cudaMallocManaged(&out, sizeof(int));
	probe<<<1, 1>>>(out);
	cudaDeviceSynchronize();
	printf("%s\n", out[0] == 3 && SIDE_WEIGHT == 1 ? "PASS" : "FAIL");
	return 0;
}
