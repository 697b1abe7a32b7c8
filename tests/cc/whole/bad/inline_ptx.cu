// expect: 10:2: error: inline assembly in device code (PTX) cannot run on the CPU
#include <cuda_runtime.h>

// The multiprocessor's id read with PTX: a CPU cannot run it, so the
// translator says so instead of handing PTX to the assembler.  (The lane's
// registers, %laneid and %lanemask_*, are translated: progs/asm_lane_registers.cu.)
__device__ unsigned int lane_id()
{
	unsigned int id;
	asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
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
