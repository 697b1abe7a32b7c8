// expect: 15:1: error: a preprocessor directive other than #pragma in the body of a __host__ __device__ function whose code depends on __CUDA_ARCH__
// A __host__ __device__ function whose body differs under __CUDA_ARCH__ is
// kept twice, its device copy on one line (lib/cc/README.md
// "__CUDA_ARCH__"): a #define inside that body cannot be, and is refused at
// the directive (before, the host branch ran for device callers too: a
// silent wrong result).
#include <cstdio>

#define N 32

__host__ __device__ int step(int v)
{
#ifdef __CUDA_ARCH__
	int r = v;
#define TWICE(x) ((x) * 2)
	r = TWICE(r);
#else
	int r = v + 1;
#endif
	return r;
}

__global__ void k(int *out) { out[threadIdx.x] = step(threadIdx.x); }

int main(void)
{
	int *d, h[N];

	cudaMalloc(&d, sizeof(h));
	k<<<1, N>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[3], step(3));
	return h[3] != 6 || step(3) != 4;
}
