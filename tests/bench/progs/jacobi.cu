// Program-level bench (issue 40, item 4): integer Jacobi sweeps of a 2-D
// grid (5-point average), two buffers swapped per sweep; its OpenMP twin is
// jacobi_omp.c.  Prints one checksum line.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void sweep(const int *in, int *out, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;

	if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1)
		return;
	out[y * w + x] = (in[y * w + x - 1] + in[y * w + x + 1] + in[(y - 1) * w + x] +
			  in[(y + 1) * w + x]) / 4;
}

int main()
{
	const int w = 2048, h = 1024, sweeps = 40;
	size_t bytes = (size_t)w * h * sizeof(int);
	int *g = (int *)malloc(bytes);
	int *d0, *d1;
	long long total = 0;

	for (int i = 0; i < w * h; i++)
		g[i] = (i * 2654435761u) >> 20;
	cudaMalloc(&d0, bytes);
	cudaMalloc(&d1, bytes);
	cudaMemcpy(d0, g, bytes, cudaMemcpyHostToDevice);
	cudaMemcpy(d1, g, bytes, cudaMemcpyHostToDevice);
	dim3 blk(32, 8), grd(w / 32, h / 8);
	for (int s = 0; s < sweeps; s++) {
		sweep<<<grd, blk>>>(d0, d1, w, h);
		int *t = d0;
		d0 = d1;
		d1 = t;
	}
	cudaMemcpy(g, d0, bytes, cudaMemcpyDeviceToHost);
	for (int i = 0; i < w * h; i++)
		total += g[i];
	printf("checksum %lld\n", total);
	cudaFree(d0);
	cudaFree(d1);
	free(g);
	return 0;
}
