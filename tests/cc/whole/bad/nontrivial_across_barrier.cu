// expect: 14:6: error: 'a' lives across __syncthreads() and its type has constructors or a destructor: not supported
// exec-model: fission
#include <cuda_runtime.h>

struct Acc {
	float s;
	__device__ Acc() : s(0) {}
	__device__ void add(float v) { s += v; }
};

__global__ void k(float *out)
{
	__shared__ float sh[64];
	Acc a;
	a.add(threadIdx.x);
	sh[threadIdx.x] = a.s;
	__syncthreads();
	a.add(sh[63 - threadIdx.x]);
	out[threadIdx.x] = a.s;
}

int main()
{
	return 0;
}
