// expect: 9:39: error: overloaded kernel templates (a second __global__ 'scale') are not supported
#include <cuda_runtime.h>

template <typename T> __global__ void scale(T *a, T s)
{
	a[threadIdx.x] *= s;
}

template <typename T> __global__ void scale(T *a, int n, T s)
{
	if ((int)threadIdx.x < n)
		a[threadIdx.x] *= s;
}

int main()
{
	return 0;
}
