// Kernels under `#if __CUDA_ARCH__ >= 120` and, in `#else`, empty-bodied
// stubs of the same kernels and the same __device__ variables for nvcc's
// host pass (SHOC's level1/bfs/bfs_kernel.cu: "compile with stubs" for GPUs
// without atomics).  nvcc's device pass compiles the kernels, its host pass
// only declares them, so the launches run the real kernels; idxgen-cc took
// the host pass's text at file scope and ran the stubs (nothing written).
#include <cstdio>
#include <cuda_runtime.h>

#define N 256

#if __CUDA_ARCH__ >= 120
volatile __device__ int g_count = 0;

__device__ unsigned int next_level(unsigned int l) { return l + 1; }

__global__ void relax(unsigned int *levels, const unsigned int *parent, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n && i > 0) {
		levels[i] = next_level(levels[0]) + (unsigned int)(i % 7);
		atomicAdd((int *)&g_count, 1);
	}
	(void)parent;
}

__global__ void reset(unsigned int *levels) { levels[0] = 0; }
#else
// No atomics are available, compile with stubs.
volatile __device__ int g_count = 0;

__global__ void relax(unsigned int *levels, const unsigned int *parent, int n) { ; }

__global__ void reset(unsigned int *levels) { ; }
#endif

int main()
{
	unsigned int *d, h[N];
	int count = 0, passed = 0, failed = 0;

	cudaMalloc(&d, sizeof(h));
	cudaMemset(d, 0xff, sizeof(h));
	reset<<<1, 1>>>(d);
	relax<<<N / 64, 64>>>(d, d, N);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpyFromSymbol(&count, g_count, sizeof(int));
	for (int i = 0; i < N; i++) {
		unsigned int want = i == 0 ? 0 : 1 + (unsigned int)(i % 7);
		if (h[i] == want) {
			passed++;
		} else {
			failed++;
			if (failed < 5)
				printf("levels[%d] = %u, want %u\n", i, h[i], want);
		}
	}
	if (count == N - 1)
		passed++;
	else
		failed++, printf("g_count %d, want %d\n", count, N - 1);
	printf("%d passed, %d failed\n", passed, failed);
	cudaFree(d);
	if (failed)
		return 1;
	printf("PASS\n");
	return 0;
}
