// Directives inside a kernel's body under loop fission (kernel_macros.c):
// fission writes the body anew from its statements, so a #define between
// them goes before the block function and an #undef after the kernel's
// stub.  A #define under #if in the body cannot be laid out so (the text
// does not say which branch the preprocessor took): that kernel runs as
// fibers, whose text is the source's own.
#include <cuda_runtime.h>

__global__ void rows_k(float *out, const float *in)
{
#define ROWS 2
	__shared__ float s[128 * ROWS];
	for (int i = 0; i < ROWS; i++)
		s[threadIdx.x * ROWS + i] = in[threadIdx.x * ROWS + i];
	__syncthreads();
	out[threadIdx.x] = s[(127 - threadIdx.x) * ROWS];
#undef ROWS
}

__global__ void picked_k(int *out)
{
#if 1
#define PICK 3
#else
#define PICK 4
#endif
	__shared__ int s[64];
	s[threadIdx.x] = PICK;
	__syncthreads();
	out[threadIdx.x] = s[63 - threadIdx.x];
}

int main()
{
	return 0;
}
// MODEL: kernel rows_k: fission
// MODEL: kernel picked_k: fibers (loop fission cannot run it: #define or #undef under #if in this kernel's body is not supported by loop fission)
// CXX: #define ROWS 2
// rows_k's block functions (the second for blocks 32 threads wide:
// lib/cc/width_body.c) after it
// CXX-NOT: ROWS
// CXX: static void rows_k__block_w32(struct idxgen_rt_block *__b)
// CXX: /* __global__ rows_k: called once per block
// CXX-NEXT: static void rows_k__block(struct idxgen_rt_block *__b)
// CXX: static void rows_k__block_pick(struct idxgen_rt_block *__b)
// CXX: static void rows_k__register(void)
// CXX: #undef ROWS
// CXX-NOT: ROWS
// CXX: #define PICK 3
