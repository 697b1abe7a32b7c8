// Program-level bench (issue 40, item 5): a byte histogram written the way
// public CUDA teaching code writes it -- 256 bins privatised in __shared__
// memory, a grid-stride while loop of shared atomicAdds, then one global
// atomicAdd per bin and block, a grid of a few blocks per processor.  Its
// OpenMP twin is histo_omp.c.  Prints one checksum line.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BINS 256

__global__ void histo_kernel(const unsigned char *buffer, long size, unsigned int *histo)
{
	__shared__ unsigned int temp[BINS];
	temp[threadIdx.x] = 0;
	__syncthreads();

	int i = threadIdx.x + blockIdx.x * blockDim.x;
	int stride = blockDim.x * gridDim.x;
	while (i < size) {
		atomicAdd(&temp[buffer[i]], 1);
		i += stride;
	}
	__syncthreads();
	atomicAdd(&histo[threadIdx.x], temp[threadIdx.x]);
}

int main()
{
	const long size = 1L << 24;
	const int reps = 10;
	unsigned char *buf = (unsigned char *)malloc(size), *dbuf;
	unsigned int histo[BINS], *dhisto;
	unsigned long long check = 0;
	cudaDeviceProp prop;

	for (long i = 0; i < size; i++)
		buf[i] = (unsigned char)((i * 2654435761u) >> 13);
	cudaGetDeviceProperties(&prop, 0);
	int blocks = prop.multiProcessorCount * 2;
	cudaMalloc(&dbuf, size);
	cudaMalloc(&dhisto, BINS * sizeof(unsigned int));
	cudaMemcpy(dbuf, buf, size, cudaMemcpyHostToDevice);
	cudaMemset(dhisto, 0, BINS * sizeof(unsigned int));
	for (int r = 0; r < reps; r++)
		histo_kernel<<<blocks, BINS>>>(dbuf, size, dhisto);
	cudaMemcpy(histo, dhisto, sizeof(histo), cudaMemcpyDeviceToHost);
	for (int b = 0; b < BINS; b++)
		check += (unsigned long long)histo[b] * (b + 1);
	printf("checksum %llu\n", check);
	cudaFree(dbuf);
	cudaFree(dhisto);
	free(buf);
	return 0;
}
