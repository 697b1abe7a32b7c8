// expect: 20:1: error: kernel 'add_float' is defined by macro 'AXPY_KERNELS': idxgen-cc rewrites a kernel's own text
// Two non-template kernels from one invocation: the first's stub had no
// declaration and the second was lost (exit 2, "use of undeclared identifier
// 'mul_float'"); now refused, naming the macro, for each of them.
#include <cuda_runtime.h>

#define AXPY_KERNELS(T)                                                        \
	__global__ void add_##T(T *p, T a, int n)                              \
	{                                                                      \
		int i = blockIdx.x * blockDim.x + threadIdx.x;                 \
		if (i < n)                                                     \
			p[i] += a;                                             \
	}                                                                      \
	__global__ void mul_##T(T *p, T a, int n)                              \
	{                                                                      \
		int i = blockIdx.x * blockDim.x + threadIdx.x;                 \
		if (i < n)                                                     \
			p[i] *= a;                                             \
	}
AXPY_KERNELS(float)

int main()
{
	float *d;

	cudaMalloc(&d, 64 * sizeof(float));
	add_float<<<2, 32>>>(d, 1.0f, 64);
	mul_float<<<2, 32>>>(d, 3.0f, 64);
	cudaDeviceSynchronize();
	cudaFree(d);
	return 0;
}
