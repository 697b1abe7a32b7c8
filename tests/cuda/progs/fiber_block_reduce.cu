// Block-reduce and warp-scan helpers in the style of public code: a
// template __device__ function that reduces a value over the block through
// __shared__ memory with __syncthreads() inside it (called twice per
// kernel, in a loop), and a warp-level inclusive scan helper built from
// __shfl_up_sync, combined into a block-wide scan.  Checked against a host
// reference; blocks of 96 threads (three warps) so warps are whole.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 96
#define NWARPS (BLOCK / 32)

template <typename T> __device__ T block_reduce_sum(T v)
{
	__shared__ T part[BLOCK];
	unsigned t = threadIdx.x;

	part[t] = v;
	__syncthreads();
	for (unsigned s = 1; s < blockDim.x; s *= 2) {
		T other = (t + s < blockDim.x && t % (2 * s) == 0) ? part[t + s] : T(0);
		__syncthreads();
		if (t % (2 * s) == 0)
			part[t] += other;
		__syncthreads();
	}
	T r = part[0];
	__syncthreads(); // part may be reused by the next call
	return r;
}

__device__ int warp_inclusive_scan(int v)
{
	int lane = threadIdx.x % 32;
	for (int d = 1; d < 32; d *= 2) {
		int u = __shfl_up_sync(0xffffffffu, v, d);
		if (lane >= d)
			v += u;
	}
	return v;
}

__device__ int block_inclusive_scan(int v)
{
	__shared__ int warp_tot[NWARPS];
	int lane = threadIdx.x % 32, w = threadIdx.x / 32;
	int s = warp_inclusive_scan(v);
	if (lane == 31)
		warp_tot[w] = s;
	__syncthreads();
	int add = 0;
	for (int i = 0; i < w; i++)
		add += warp_tot[i];
	__syncthreads();
	return s + add;
}

__global__ void sums(const int *in, long long *block_sums, int *scan, int rounds)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	long long acc = 0;
	for (int r = 0; r < rounds; r++)
		acc += block_reduce_sum<long long>((long long)in[i] * (r + 1));
	if (threadIdx.x == 0)
		block_sums[blockIdx.x] = acc;
	scan[i] = block_inclusive_scan(in[i]);
}

int main()
{
	const int nb = 37, n = nb * BLOCK, rounds = 3;
	int *h = (int *)malloc(n * sizeof(int)), *hs = (int *)malloc(n * sizeof(int));
	long long *hb = (long long *)malloc(nb * sizeof(long long));
	int *d, *ds;
	long long *db;
	for (int i = 0; i < n; i++)
		h[i] = (i * 37 + 11) % 201 - 100;
	cudaMalloc(&d, n * sizeof(int));
	cudaMalloc(&ds, n * sizeof(int));
	cudaMalloc(&db, nb * sizeof(long long));
	cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
	sums<<<nb, BLOCK>>>(d, db, ds, rounds);
	cudaMemcpy(hb, db, nb * sizeof(long long), cudaMemcpyDeviceToHost);
	cudaMemcpy(hs, ds, n * sizeof(int), cudaMemcpyDeviceToHost);
	int bad = cudaGetLastError() != cudaSuccess;
	for (int b = 0; b < nb; b++) {
		long long want = 0, s = 0;
		for (int t = 0; t < BLOCK; t++)
			s += h[b * BLOCK + t];
		for (int r = 0; r < rounds; r++)
			want += s * (r + 1);
		bad += hb[b] != want;
		int run = 0;
		for (int t = 0; t < BLOCK; t++) {
			run += h[b * BLOCK + t];
			bad += hs[b * BLOCK + t] != run;
		}
	}
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
