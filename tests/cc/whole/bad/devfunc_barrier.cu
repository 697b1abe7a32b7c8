// expect: 8:2: error: __syncthreads() in a __device__ function is not supported
// exec-model: fission
#include <cuda_runtime.h>

__device__ int twice(int *buf, int v)
{
	buf[threadIdx.x] = v;
	__syncthreads();
	return buf[(threadIdx.x + 1) % blockDim.x] * 2;
}

__global__ void k(int *out)
{
	__shared__ int buf[32];
	out[threadIdx.x] = 1 + twice(buf, threadIdx.x);	/* a statement of its own would be inlined */
}

int main()
{
	return 0;
}
