// __shared__ arrays declared at namespace scope, outside any kernel, as
// older image-processing samples declare their block-local scratch: every
// block gets its own copy.  Two kernels use the same arrays: an 8x8 block
// transpose with a row scaling (the rows staged in one array, the scaled
// transpose in the other) and a block-wide sum with a counter that thread 0
// resets.  Many blocks, so blocks that run at the same time on different
// workers would corrupt each other's data if the copy were shared.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define W 8
#define BLOCK (W * W)

__shared__ float stage[BLOCK];
__shared__ float turned[BLOCK], spare[W];
static __shared__ int arrivals;

__global__ void transpose_scale(const float *in, float *out)
{
	int t = threadIdx.y * W + threadIdx.x, base = blockIdx.x * BLOCK;

	stage[t] = in[base + t];
	__syncthreads();
	turned[threadIdx.x * W + threadIdx.y] = stage[t] * (threadIdx.y + 1);
	if (threadIdx.y == 0)
		spare[threadIdx.x] = stage[t];
	__syncthreads();
	out[base + t] = turned[t] + spare[threadIdx.y];
}

__global__ void block_sums(const float *in, float *sums, int *counts)
{
	int t = threadIdx.y * W + threadIdx.x;

	if (t == 0)
		arrivals = 0;
	stage[t] = in[blockIdx.x * BLOCK + t];
	__syncthreads();
	atomicAdd(&arrivals, 1);
	for (int s = BLOCK / 2; s > 0; s /= 2) {
		if (t < s)
			stage[t] += stage[t + s];
		__syncthreads();
	}
	if (t == 0) {
		sums[blockIdx.x] = stage[0];
		counts[blockIdx.x] = arrivals;
	}
}

int main()
{
	const int nb = 96, n = nb * BLOCK;
	float *h = (float *)malloc(n * sizeof(float)), *r = (float *)malloc(n * sizeof(float));
	float *sums = (float *)malloc(nb * sizeof(float));
	int *counts = (int *)malloc(nb * sizeof(int));
	float *d_in, *d_out, *d_sums;
	int *d_counts, bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = (float)((i * 13 + 7) % 29 - 14);
	cudaMalloc(&d_in, n * sizeof(float));
	cudaMalloc(&d_out, n * sizeof(float));
	cudaMalloc(&d_sums, nb * sizeof(float));
	cudaMalloc(&d_counts, nb * sizeof(int));
	cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
	transpose_scale<<<nb, dim3(W, W)>>>(d_in, d_out);
	block_sums<<<nb, dim3(W, W)>>>(d_in, d_sums, d_counts);
	cudaMemcpy(r, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(sums, d_sums, nb * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(counts, d_counts, nb * sizeof(int), cudaMemcpyDeviceToHost);
	bad += cudaGetLastError() != cudaSuccess;
	for (int b = 0; b < nb; b++) {
		const float *x = h + b * BLOCK;
		float want_sum = 0;
		for (int y = 0; y < W; y++)
			for (int c = 0; c < W; c++) {
				// out[y][c] = turned[y][c] + spare[y]; turned[c'][y'] = x[y'][c'] * (y' + 1)
				float want = x[c * W + y] * (c + 1) + x[y];
				bad += r[b * BLOCK + y * W + c] != want;
				want_sum += x[y * W + c];
			}
		bad += sums[b] != want_sum;
		bad += counts[b] != BLOCK;
	}
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_sums);
	cudaFree(d_counts);
	free(h);
	free(r);
	free(sums);
	free(counts);
	return bad != 0;
}
