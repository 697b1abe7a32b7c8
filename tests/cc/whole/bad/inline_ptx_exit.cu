// expect: 11:3: error: inline assembly in device code (PTX) cannot run on the CPU
#include <cuda_runtime.h>

// PTX's "trap;" is CUDA's __trap() and is translated (progs/asm_trap.cu),
// but "exit;" ends the calling thread alone, which threads waiting for it
// at a barrier would wait for forever: not mapped, refused as other PTX;
// and so is a "trap;" among other instructions.
__global__ void stop_early(const int *flag, int *out)
{
	if (flag[threadIdx.x])
		asm volatile("exit;");
	if (flag[threadIdx.x] < 0)
		asm volatile("trap; exit;");
	out[threadIdx.x] = 1;
}

int main()
{
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	stop_early<<<1, 32>>>(d, d);
	cudaDeviceSynchronize();
	return 0;
}
