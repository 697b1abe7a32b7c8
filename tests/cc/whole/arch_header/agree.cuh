// Device helpers whose __CUDA_ARCH__ groups take the same branch in nvcc's
// host and device passes at the default architecture (9.0), as HeCBench's
// headers write them, or whose device branch is PTX (a CPU runs the C
// fallback): a header compiled as the host pass sees it computes the same.
#pragma once

__device__ inline float widen(float v)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
	return -1.0f;	// old GPUs only
#else
	return 2.0f * v;
#endif
}

__device__ inline unsigned int xor3(unsigned int a, unsigned int b, unsigned int c)
{
#if __CUDA_ARCH__ >= 500
	unsigned int d;
	asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
	return d;
#else
	return a ^ b ^ c;
#endif
}
