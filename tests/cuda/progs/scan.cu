// Prefix sums over a large array in three kernels: a work-efficient
// (up-sweep / down-sweep) exclusive scan of each block's tile in shared
// memory that also writes the block's total, a Hillis-Steele inclusive
// scan of the block totals (double buffered), and a uniform add.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE 512 // elements per block; 256 threads, two elements each

__global__ void scan_tiles(const int *in, int *out, int *totals, int n)
{
	__shared__ int s[TILE];
	int t = threadIdx.x, base = blockIdx.x * TILE;
	s[2 * t] = base + 2 * t < n ? in[base + 2 * t] : 0;
	s[2 * t + 1] = base + 2 * t + 1 < n ? in[base + 2 * t + 1] : 0;
	int offset = 1;
	for (int d = TILE >> 1; d > 0; d >>= 1) {
		__syncthreads();
		if (t < d) {
			int a = offset * (2 * t + 1) - 1, b = offset * (2 * t + 2) - 1;
			s[b] += s[a];
		}
		offset <<= 1;
	}
	if (t == 0) {
		totals[blockIdx.x] = s[TILE - 1];
		s[TILE - 1] = 0;
	}
	for (int d = 1; d < TILE; d <<= 1) {
		offset >>= 1;
		__syncthreads();
		if (t < d) {
			int a = offset * (2 * t + 1) - 1, b = offset * (2 * t + 2) - 1;
			int x = s[a];
			s[a] = s[b];
			s[b] += x;
		}
	}
	__syncthreads();
	if (base + 2 * t < n)
		out[base + 2 * t] = s[2 * t];
	if (base + 2 * t + 1 < n)
		out[base + 2 * t + 1] = s[2 * t + 1];
}

__global__ void scan_totals(int *totals, int m)
{
	__shared__ int buf[2][1024];
	int t = threadIdx.x, cur = 0;
	buf[0][t] = t < m ? totals[t] : 0;
	__syncthreads();
	for (int off = 1; off < blockDim.x; off <<= 1) {
		int nxt = 1 - cur;
		buf[nxt][t] = buf[cur][t] + (t >= off ? buf[cur][t - off] : 0);
		cur = nxt;
		__syncthreads();
	}
	if (t < m)
		totals[t] = buf[cur][t];
}

__global__ void add_offsets(int *out, const int *totals, int n)
{
	int i = blockIdx.x * TILE + threadIdx.x;
	int add = blockIdx.x > 0 ? totals[blockIdx.x - 1] : 0;
	for (int k = 0; k < 2; k++, i += blockDim.x)
		if (i < n)
			out[i] += add;
}

int main()
{
	const int n = 300000;
	const int tiles = (n + TILE - 1) / TILE; // 586 <= 1024
	int *h = (int *)malloc(n * sizeof(int)), *r = (int *)malloc(n * sizeof(int));
	srand(7);
	for (int i = 0; i < n; i++)
		h[i] = rand() % 10;
	int *din, *dout, *dtot;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dout, n * sizeof(int));
	cudaMalloc(&dtot, tiles * sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
	scan_tiles<<<tiles, TILE / 2>>>(din, dout, dtot, n);
	scan_totals<<<1, 1024>>>(dtot, tiles);
	add_offsets<<<tiles, TILE / 2>>>(dout, dtot, n);
	cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
	bool ok = true;
	int acc = 0;
	for (int i = 0; i < n; i++) {
		if (r[i] != acc) {
			printf("out[%d] = %d, want %d\n", i, r[i], acc);
			ok = false;
			break;
		}
		acc += h[i];
	}
	cudaFree(din); cudaFree(dout); cudaFree(dtot);
	free(h); free(r);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
