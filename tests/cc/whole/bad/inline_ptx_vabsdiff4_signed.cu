// expect: 14:2: error: inline assembly in device code (PTX) cannot run on the CPU
#include <cuda_runtime.h>

// vabsdiff4.u32.u32.u32.add, the unsigned sum of absolute byte differences
// plus c, is translated as __vsadu4(a, b) + c (progs/asm_vabsdiff4.cu); its
// signed form, the per-byte form without .add and a byte mask are not: each
// stays refused as other PTX (the first one is the error reported).
__device__ int sad_signed(int a, int b, int c)
{
	int d, e, f;

	asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(f) : "r"(a), "r"(b), "r"(c));
	c += f;
	asm("vabsdiff4.s32.s32.s32.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
	asm("vabsdiff4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(e) : "r"(a), "r"(b), "r"(c));
	asm("vabsdiff4.u32.u32.u32.add %0.b10, %1, %2, %3;" : "=r"(f) : "r"(a), "r"(b), "r"(c));
	return d + e + f;
}

__global__ void costs(const int *a, const int *b, int *out)
{
	int t = threadIdx.x;
	out[t] = sad_signed(a[t], b[t], 0);
}

int main()
{
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	costs<<<1, 32>>>(d, d, d);
	cudaDeviceSynchronize();
	return 0;
}
