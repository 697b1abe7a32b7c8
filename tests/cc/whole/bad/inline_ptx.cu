// expect: 9:2: error: inline assembly in device code (PTX) cannot run on the CPU
#include <cuda_runtime.h>

// The lane id read with PTX, as older sample code does it: a CPU cannot
// run it, so the translator says so instead of handing PTX to the assembler.
__device__ unsigned int lane_id()
{
	unsigned int id;
	asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
	return id;
}

__global__ void lanes(unsigned int *out)
{
	asm volatile("" ::: "memory");	/* a compiler barrier: fine on the host too */
	out[threadIdx.x] = lane_id();
}

int main()
{
	unsigned int *d;
	cudaMalloc(&d, 32 * sizeof(unsigned int));
	lanes<<<1, 32>>>(d);
	cudaDeviceSynchronize();
	return 0;
}
