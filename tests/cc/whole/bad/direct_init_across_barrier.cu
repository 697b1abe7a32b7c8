// expect: 14:8: error: 'a' lives across __syncthreads() and is initialized by a constructor call: write '= value' instead
// exec-model: fission
#include <cuda_runtime.h>
// trivial but for a converting constructor: assignable into per-thread
// memory, but "T v(x)" is a constructor call there is no place for
struct Fixed {
	int raw;
	Fixed() = default;
	__device__ Fixed(float f) : raw((int)(f * 16.0f)) {}
};

__global__ void k(int *out)
{
	Fixed a(0.5f * threadIdx.x);
	__shared__ int sh[64];
	sh[threadIdx.x] = a.raw;
	__syncthreads();
	out[threadIdx.x] = sh[63 - threadIdx.x] + a.raw;
}

int main()
{
	return 0;
}
