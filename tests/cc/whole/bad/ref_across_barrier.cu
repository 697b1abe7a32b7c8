// expect: 9:7: error: 'r' is a reference used in several thread loops (across __syncthreads()): not supported
// exec-model: fission
#include <cuda_runtime.h>

__global__ void k(int *out)
{
	__shared__ int s[64];
	s[threadIdx.x] = threadIdx.x;
	int &r = out[threadIdx.x];
	__syncthreads();
	r = s[63 - threadIdx.x];
}

int main()
{
	return 0;
}
