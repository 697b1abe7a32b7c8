// expect: 9:3: error: __syncthreads() in divergent control flow: not all threads of a block reach it
// exec-model: fission
#include <cuda_runtime.h>

template <typename T> __global__ void k(T *out)
{
	out[threadIdx.x] = T(1);
	if (threadIdx.x < 16)
		__syncthreads();
}

int main()
{
	k<<<1, 32>>>((float *)0);
	return 0;
}
