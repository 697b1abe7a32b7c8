#include "kernels.hpp"

__global__ void fill_ramp(float *x, int n, float start, float step)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = start + step * i;
}

__global__ void axpy(float a, const float *x, float *y, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		y[i] += a * x[i];
}

// the flag is set before the launch: the loop ends at once
__global__ void spin_until_set(volatile unsigned int *flag)
{
	while (*flag == 0) {
	}
}
