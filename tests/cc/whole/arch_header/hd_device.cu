// A kernel reaches hd.cuh's __host__ __device__ pass_id() through a
// __device__ helper: nvcc runs its device branch (1); idxgen-cc refuses it at
// the group (hd.cuh:12:1) instead of returning the host's 0.
// Build: nvcc -arch=sm_90 -o hd_device hd_device.cu
#include <cstdio>
#include <cuda_runtime.h>
#include "hd.cuh"

__device__ int side() { return pass_id(); }

__global__ void probe(int *out) { out[0] = side(); }

int main()
{
	int *out;
	cudaMallocManaged(&out, sizeof(int));
	probe<<<1, 1>>>(out);
	cudaDeviceSynchronize();
	printf("%s\n", out[0] == 1 && pass_id() == 0 ? "PASS" : "FAIL");
	return 0;
}
