// What code and helper headers (helper_cuda.h & co.) test before they use
// the runtime: nvcc's own macros, the include guards of NVIDIA's headers,
// INT_MAX & co. and clock() without an include (nvcc's implicit
// cuda_runtime.h), and __grid_constant__ on a kernel parameter.
#include <cstdio>
#include <cuda_runtime.h>

#if !defined(__CUDACC__) || !defined(__NVCC__)
#error "__CUDACC__ and __NVCC__ are defined for a .cu file"
#endif
#if !defined(__CUDACC_VER_MAJOR__) || __CUDACC_VER_MAJOR__ < 11 || !defined(__CUDACC_VER_MINOR__)
#error "__CUDACC_VER_MAJOR__/__CUDACC_VER_MINOR__"
#endif
#if !defined(__CUDA_RUNTIME_H__) || !defined(__DRIVER_TYPES_H__) || !defined(__VECTOR_TYPES_H__)
#error "the include guards helper headers test"
#endif
#if !defined(CUDART_VERSION) || CUDART_VERSION < 11000
#error "CUDART_VERSION"
#endif

struct params {
	int scale;
	int limit;
};

__global__ void clampk(const __grid_constant__ params p, int *a, int n, long long *ticks)
{
	clock_t start = clock();  // the clock sample's timing, per block
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = min(a[i] * p.scale, p.limit);
	if (threadIdx.x == 0)
		ticks[blockIdx.x] = (long long)(clock() - start);
}

int main()
{
	const int n = 100;
	int *a;
	cudaMallocManaged(&a, n * sizeof(int));
	for (int i = 0; i < n; i++)
		a[i] = i;
	long long *ticks;
	cudaMallocManaged(&ticks, 4 * sizeof(long long));
	params p = { 3, 200 };
	clampk<<<(n + 31) / 32, 32>>>(p, a, n, ticks);
	cudaDeviceSynchronize();
	bool ok = INT_MAX == 2147483647 && CHAR_BIT == 8 && UINT_MAX > 0u;
	for (int b = 0; b < 4; b++)
		ok = ok && ticks[b] >= 0;  // a clock that never runs backwards within a block
	for (int i = 0; i < n; i++)
		ok = ok && a[i] == (3 * i < 200 ? 3 * i : 200);
	cudaFree(a);
	cudaFree(ticks);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
