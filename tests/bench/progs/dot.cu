// Program-level bench (issue 40, item 5): a dot product written the way
// public CUDA teaching code writes it -- each thread a grid-stride sum, a
// __shared__ cache reduced by a halving while loop with a barrier per
// step, one partial sum per block, the host adding the partials.  double
// values that are small integers, so every order of the adds gives the
// same sum and the OpenMP twin (dot_omp.c) must print the same checksum.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define THREADS 256
#define BLOCKS 64

__global__ void dot(const double *a, const double *b, double *partial, int n)
{
	__shared__ double cache[THREADS];
	int tid = threadIdx.x + blockIdx.x * blockDim.x;
	int cacheIndex = threadIdx.x;
	double temp = 0;

	while (tid < n) {
		temp += a[tid] * b[tid];
		tid += blockDim.x * gridDim.x;
	}
	cache[cacheIndex] = temp;
	__syncthreads();

	int i = blockDim.x / 2;
	while (i != 0) {
		if (cacheIndex < i)
			cache[cacheIndex] += cache[cacheIndex + i];
		__syncthreads();
		i /= 2;
	}
	if (cacheIndex == 0)
		partial[blockIdx.x] = cache[0];
}

int main()
{
	const int n = 1 << 22, reps = 20;
	double *a = (double *)malloc(n * sizeof(double)), *b = (double *)malloc(n * sizeof(double));
	double partial[BLOCKS], *da, *db, *dp, total = 0;

	for (int i = 0; i < n; i++) {
		a[i] = i % 7;
		b[i] = i % 5;
	}
	cudaMalloc(&da, n * sizeof(double));
	cudaMalloc(&db, n * sizeof(double));
	cudaMalloc(&dp, BLOCKS * sizeof(double));
	cudaMemcpy(da, a, n * sizeof(double), cudaMemcpyHostToDevice);
	cudaMemcpy(db, b, n * sizeof(double), cudaMemcpyHostToDevice);
	for (int r = 0; r < reps; r++) {
		dot<<<BLOCKS, THREADS>>>(da, db, dp, n);
		cudaMemcpy(partial, dp, sizeof(partial), cudaMemcpyDeviceToHost);
		for (int k = 0; k < BLOCKS; k++)
			total += partial[k];
	}
	printf("checksum %.0f\n", total);
	cudaFree(da);
	cudaFree(db);
	cudaFree(dp);
	free(a);
	free(b);
	return 0;
}
