// Kernels declared before their definitions through macros for __global__
// (as older code and portability headers write them: `#define KERNEL
// __global__`, `#define KERNEL_FN(name) __global__ void name`), launched
// from main() above the definitions.  The parse
// makes every function __host__ __device__; kernel_decls.c takes these
// declarations out of that as it does for a written __global__ (before, this
// was refused: "'device' and 'global' attributes are not compatible").
#include <cstdio>
#include <cuda_runtime.h>

#define KERNEL __global__
#define BOUNDED_KERNEL __global__ __launch_bounds__(128)
#define KERNEL_FN(name) __global__ void name

#define N 256

KERNEL void fill(int *a, int v);
BOUNDED_KERNEL void twice(int *a);
template <class T> KERNEL void offset(T *a, T v);
KERNEL_FN(negate)(int *a);

int main(void)
{
	int *d, h[N], bad = 0;
	float *f, hf[N];

	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&f, sizeof(hf));
	fill<<<N / 128, 128>>>(d, 5);
	twice<<<N / 128, 128>>>(d);
	cudaMemset(f, 0, sizeof(hf));
	offset<float><<<N / 64, 64>>>(f, 0.5f);
	offset<<<N / 64, 64>>>(d, 1);
	negate<<<N / 32, 32>>>(d);
	negate<<<N / 32, 32>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(hf, f, sizeof(hf), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++) {
		if (h[i] != 2 * (5 + i) + i + 1 && bad++ < 4)
			printf("a[%d] = %d, expected %d\n", i, h[i], 2 * (5 + i) + i + 1);
		if (hf[i] != i + 0.5f && bad++ < 8)
			printf("f[%d] = %g, expected %g\n", i, hf[i], i + 0.5f);
	}
	printf("a[0] %d, a[255] %d, f[1] %g\n", h[0], h[N - 1], hf[1]);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}

KERNEL void fill(int *a, int v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	a[i] = v + i;
}

BOUNDED_KERNEL void twice(int *a)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	a[i] *= 2;
}

KERNEL_FN(negate)(int *a)
{
	a[blockIdx.x * blockDim.x + threadIdx.x] *= -1;
}

template <class T> KERNEL void offset(T *a, T v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	a[i] += (T)i + v;
}
