// Program-level bench (issue 40, item 4): vector add, then a block sum of
// the result with the shared-memory tree; the host adds the blocks' sums.
// Its OpenMP twin is vecsum_omp.c.  Prints one checksum line.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define B 256

__global__ void add(const int *a, const int *b, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		c[i] = a[i] + b[i];
}

__global__ void block_sum(const int *in, int *out, int n)
{
	__shared__ int s[B];
	unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;

	s[tid] = i < (unsigned)n ? in[i] : 0;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

int main()
{
	const int n = 1 << 23, g = (n + B - 1) / B, reps = 20;
	int *a = (int *)malloc(n * sizeof(int)), *b = (int *)malloc(n * sizeof(int));
	int *part = (int *)malloc(g * sizeof(int));
	int *da, *db, *dc, *dp;
	long long total = 0;

	for (int i = 0; i < n; i++) {
		a[i] = i % 1000;
		b[i] = (i * 7) % 1000;
	}
	cudaMalloc(&da, n * sizeof(int));
	cudaMalloc(&db, n * sizeof(int));
	cudaMalloc(&dc, n * sizeof(int));
	cudaMalloc(&dp, g * sizeof(int));
	cudaMemcpy(da, a, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(db, b, n * sizeof(int), cudaMemcpyHostToDevice);
	for (int r = 0; r < reps; r++) {
		add<<<g, B>>>(da, db, dc, n);
		block_sum<<<g, B>>>(dc, dp, n);
	}
	cudaMemcpy(part, dp, g * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < g; i++)
		total += part[i];
	printf("checksum %lld\n", total);
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	cudaFree(dp);
	free(a);
	free(b);
	free(part);
	return 0;
}
