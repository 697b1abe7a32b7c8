// expect: 19:1: error: kernel 'scale' is defined by macro 'DEFINE_SCALE': idxgen-cc rewrites a kernel's own text
// A family of template kernels written by one macro (the shape of HeCBench's
// templated kernel families): every token of the kernel is the macro's, the
// file's text at the kernel is the invocation.  idxgen-cc wrote C++ that did
// not compile (the host stub had no declaration, its registration landed in
// main: exit 2, "expected expression"); now refused, naming the macro
// (lib/cc/macro_kernel.c).
#include <cstdio>
#include <cuda_runtime.h>

#define DEFINE_SCALE(NAME, T)                                          \
	template <typename T>                                          \
	__global__ void NAME(T *p, T f, int n)                         \
	{                                                              \
		int i = blockIdx.x * blockDim.x + threadIdx.x;         \
		if (i < n)                                             \
			p[i] *= f;                                     \
	}
DEFINE_SCALE(scale, Elem)

int main()
{
	float *d;

	cudaMalloc(&d, 64 * sizeof(float));
	scale<float><<<2, 32>>>(d, 2.0f, 64);
	cudaDeviceSynchronize();
	cudaFree(d);
	return 0;
}
