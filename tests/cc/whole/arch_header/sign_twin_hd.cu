// A __host__ __device__ function that a kernel calls expands sign_twin.cuh's
// SIGN_OF: one body serves both passes here, so it cannot get the device
// definition for the kernel and the host's for host callers; the use is
// refused (sign_twin_hd.cu:13:9), as before device twins in headers.
// Build: nvcc -arch=sm_90 -o sign_twin_hd sign_twin_hd.cu
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>
#include "sign_twin.cuh"

__host__ __device__ double pick(double a, double b)
{
	return SIGN_OF(a, b);
}

__global__ void probe(double *out)
{
	out[0] = pick(1.0, -0.0);
}

int main()
{
	double *out;
	cudaMallocManaged(&out, sizeof(double));
	probe<<<1, 1>>>(out);
	cudaDeviceSynchronize();
	printf("%s\n", out[0] == -1.0 && pick(1.0, -0.0) == 1.0 ? "PASS" : "FAIL");
	return 0;
}
