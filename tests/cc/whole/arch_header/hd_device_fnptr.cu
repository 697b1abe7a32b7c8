// A kernel reaches hd.cuh's pass_id() only through function pointers: one
// it takes itself, and one in a __device__ table, as dispatch tables of
// operators are written.  nvcc's device pass compiles pass_id's device
// branch (1); idxgen-cc compiles the header as the host pass sees it, so it
// refuses the group (hd.cuh:12:1) -- it followed calls only and gave the
// kernel the host's 0 before, silently.
// Build: nvcc -arch=sm_90 -o hd_device_fnptr hd_device_fnptr.cu
#include <cstdio>
#include <cuda_runtime.h>
#include "hd.cuh"

typedef int (*side_fn)();

__device__ int zero_side() { return 0; }
__device__ side_fn side_table[2] = { zero_side, pass_id };

__global__ void probe(int *out)
{
	side_fn f = pass_id;
	out[0] = f();
	out[1] = side_table[1]();
}

int main()
{
	int *out;
	cudaMallocManaged(&out, 2 * sizeof(int));
	probe<<<1, 1>>>(out);
	cudaDeviceSynchronize();
	printf("%s\n", out[0] == 1 && out[1] == 1 && pass_id() == 0 ? "PASS" : "FAIL");
	return 0;
}
