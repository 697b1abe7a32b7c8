// Two kernels of a scan program in the style of public scan samples: a
// warp-shuffle scan kernel (__shfl_up_sync in the kernel itself, with a
// width, and the warp totals added through __shared__ memory), and a second
// kernel that calls a plain __device__ helper with __shared__ memory and
// __syncthreads() inside it (the block's largest value, a tree of barriers)
// and then adds the block offsets.  Checked against a host prefix sum;
// blocks of 128 threads, several rows.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 128

__global__ void warp_scan(const int *in, int *out, int *block_sums)
{
	__shared__ int warp_tot[BLOCK / 32];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32, w = threadIdx.x / 32;
	int v = in[i];

	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d, 32);
		if (lane >= d)
			v += up;
	}
	if (lane == 31)
		warp_tot[w] = v;
	__syncthreads();
	for (int k = 0; k < w; k++)
		v += warp_tot[k];
	out[i] = v;
	if (threadIdx.x == blockDim.x - 1)
		block_sums[blockIdx.x] = v;
}

__device__ int block_max(int v)
{
	__shared__ int m[BLOCK];

	m[threadIdx.x] = v;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
		if (threadIdx.x < s && m[threadIdx.x + s] > m[threadIdx.x])
			m[threadIdx.x] = m[threadIdx.x + s];
		__syncthreads();
	}
	int r = m[0];
	__syncthreads();
	return r;
}

// out[i] += the sums of the blocks before; block_max[b] = the block's largest scanned value
__global__ void add_offsets(int *out, const int *block_sums, int *largest)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int m = block_max(out[i]);
	int before = 0;

	for (unsigned b = 0; b < blockIdx.x; b++)
		before += block_sums[b];
	if (threadIdx.x == 0)
		largest[blockIdx.x] = m;
	out[i] += before;
}

int main()
{
	const int nb = 29, n = nb * BLOCK;
	int *h = (int *)malloc(n * sizeof(int)), *r = (int *)malloc(n * sizeof(int));
	int *big = (int *)malloc(nb * sizeof(int));
	int *d_in, *d_out, *d_sums, *d_big;

	for (int i = 0; i < n; i++)
		h[i] = (i * 7 + 3) % 13 - (i % 5 == 0 ? 9 : 0);
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMalloc(&d_out, n * sizeof(int));
	cudaMalloc(&d_sums, nb * sizeof(int));
	cudaMalloc(&d_big, nb * sizeof(int));
	cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
	warp_scan<<<nb, BLOCK>>>(d_in, d_out, d_sums);
	add_offsets<<<nb, BLOCK>>>(d_out, d_sums, d_big);
	cudaMemcpy(r, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(big, d_big, nb * sizeof(int), cudaMemcpyDeviceToHost);
	int bad = cudaGetLastError() != cudaSuccess;
	int run = 0;
	for (int b = 0; b < nb; b++) {
		int in_block = 0, want_big = -1000000;
		for (int t = 0; t < BLOCK; t++) {
			run += h[b * BLOCK + t];
			in_block += h[b * BLOCK + t];
			want_big = in_block > want_big ? in_block : want_big;
			bad += r[b * BLOCK + t] != run;
		}
		bad += big[b] != want_big;
	}
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_sums);
	cudaFree(d_big);
	free(h);
	free(r);
	free(big);
	return bad != 0;
}
