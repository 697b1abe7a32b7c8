// Kernels and a __device__ function in a header the .cu file includes, each
// expanding sign_twin.cuh's macros: nvcc's device pass gives them the
// device definitions.
#include "sign_twin.cuh"

__device__ double limited(double a, double b)
{
	return SIGN_OF(a, b) * TWIN_SCALE;
}

__global__ void limit(int n, const double *a, const double *b, double *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = limited(a[i], b[i]) + SQUARE(0.0);
}
