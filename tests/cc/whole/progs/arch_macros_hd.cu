// A macro that nvcc's two passes define differently at file scope, named in
// a __host__ __device__ function: nvcc compiles the function twice, so a
// kernel calling it gets the device pass's text and host code the host
// pass's (here the function was one copy, the host's, for both callers).
// The function has no __CUDA_ARCH__ group of its own.
#include <cstdio>
#include <cuda_runtime.h>

#define N 32

#ifdef __CUDA_ARCH__
#define TILE_WIDTH 16
#define CLAMP_TO(v, hi) ((v) < (hi) ? (v) : (hi))
#else
#define TILE_WIDTH 4
#define CLAMP_TO(v, hi) (v)
#endif

__host__ __device__ inline int tiles_for(int n)
{
	// "TILE_WIDTH" in a string and a comment stays as written
	const char *label = "TILE_WIDTH";
	return (n + TILE_WIDTH - 1) / TILE_WIDTH + (label[0] == 'T' ? 0 : 1000);
}

__host__ __device__ int clamped(int v)
{
	return CLAMP_TO(v, 20);
}

__global__ void probe(int *out)
{
	int i = threadIdx.x;

	out[i] = tiles_for(100 + i) * 1000 + clamped(i);
}

int main()
{
	int *out, bad = 0;

	cudaMallocManaged(&out, N * sizeof(int));
	probe<<<1, N>>>(out);
	cudaDeviceSynchronize();
	for (int i = 0; i < N; i++) {
		int want = ((100 + i + 15) / 16) * 1000 + (i < 20 ? i : 20);	// the device pass's macros
		if (out[i] != want) {
			printf("out[%d] = %d, expected %d\n", i, out[i], want);
			bad++;
		}
	}
	// host code: the host pass's macros
	if (tiles_for(100) != 25 || clamped(30) != 30) {
		printf("host: tiles_for(100) = %d, clamped(30) = %d\n", tiles_for(100), clamped(30));
		bad++;
	}
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
