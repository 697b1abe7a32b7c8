// A kernel, a __device__ function and __shared__ memory in a file the program includes
// (as Rodinia includes its *_kernel.cu files): idxgen-cc translates it too.
#ifndef KERN_CU
#define KERN_CU
__device__ float twice(float x) { return 2.0f * x; }
__global__ void scale(float *a, int n)
{
	__shared__ float s[64];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	s[threadIdx.x] = i < n ? a[i] : 0.0f;
	__syncthreads();
	if (i < n)
		a[i] = twice(s[blockDim.x - 1 - threadIdx.x]);
}
#endif
