// Program-level bench (issue 40, items 3 and 4): the beginner's count and
// sum with one atomicAdd per thread to a single global counter -- `if (i <
// n && x[i] > t) atomicAdd(count, 1);` and `atomicAdd(sum, x[i])` -- over
// a buffer, repeated.  The translator sums each thread loop's adds and adds
// once per block (lib/cc/aggregate.c).  Its OpenMP twin is count_omp.c.
// Prints one checksum line.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define B 256

__global__ void count_above(const int *x, unsigned *count, int n, int t)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && x[i] > t)
		atomicAdd(count, 1u);
}

__global__ void sum(const int *x, unsigned long long *total, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		atomicAdd(total, (unsigned long long)x[i]);
}

int main()
{
	const int n = 1 << 22, g = (n + B - 1) / B, reps = 20;
	int *x = (int *)malloc(n * sizeof(int));
	int *dx;
	unsigned *dcount, count = 0;
	unsigned long long *dtotal, total = 0;

	for (int i = 0; i < n; i++)
		x[i] = (int)((i * 2654435761u) % 1000u);
	cudaMalloc(&dx, n * sizeof(int));
	cudaMalloc(&dcount, sizeof(unsigned));
	cudaMalloc(&dtotal, sizeof(unsigned long long));
	cudaMemcpy(dx, x, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(dcount, 0, sizeof(unsigned));
	cudaMemset(dtotal, 0, sizeof(unsigned long long));
	for (int r = 0; r < reps; r++) {
		count_above<<<g, B>>>(dx, dcount, n, 100 + r);
		sum<<<g, B>>>(dx, dtotal, n);
	}
	cudaMemcpy(&count, dcount, sizeof(unsigned), cudaMemcpyDeviceToHost);
	cudaMemcpy(&total, dtotal, sizeof(unsigned long long), cudaMemcpyDeviceToHost);
	printf("checksum %u %llu\n", count, total);
	cudaFree(dx);
	cudaFree(dcount);
	cudaFree(dtotal);
	free(x);
	return 0;
}
