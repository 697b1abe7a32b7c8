// A kernel reaches hd.cuh's pass_id() only through a virtual call: the
// object is made on the device, the call names the base's method, the
// override calls pass_id.  nvcc's device pass compiles pass_id's device
// branch (1); idxgen-cc refuses the group (hd.cuh:12:1) -- it did not follow
// overrides and gave the kernel the host's 0 before, silently.
// Build: nvcc -arch=sm_90 -o hd_device_virtual hd_device_virtual.cu
#include <cstdio>
#include <cuda_runtime.h>
#include "hd.cuh"

struct Probe {
	__host__ __device__ virtual int side() const { return -1; }
};

struct PassProbe : Probe {
	__host__ __device__ int side() const override { return pass_id(); }
};

__global__ void probe(int *out)
{
	PassProbe p;
	const Probe *b = &p;
	out[0] = b->side();
}

int main()
{
	int *out;
	cudaMallocManaged(&out, sizeof(int));
	probe<<<1, 1>>>(out);
	cudaDeviceSynchronize();
	printf("%s\n", out[0] == 1 && pass_id() == 0 ? "PASS" : "FAIL");
	return 0;
}
