// expect: 9:17: error: overloaded kernels (a second __global__ 'scale') are not supported
#include <cuda_runtime.h>

__global__ void scale(float *a, float s)
{
	a[threadIdx.x] *= s;
}

__global__ void scale(int *a, int s)
{
	a[threadIdx.x] *= s;
}

int main()
{
	return 0;
}
