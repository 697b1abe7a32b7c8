// Stream compaction with warp votes: __ballot_sync of the predicate, each
// kept element's slot is __popc of the ballot bits below its lane, warp
// counts go through shared memory and a prefix over warps, so each block
// writes its kept elements in order to its own segment. A second kernel uses
// the warp-aggregated counter idiom (one atomicAdd per warp by the leader,
// offset broadcast with __shfl_sync over the ballot mask); its output order
// depends on timing, so the host compares it as a sorted set.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 256
#define FULL 0xffffffffu

__device__ unsigned lanemask_lt()
{
	unsigned lane = threadIdx.x % 32;
	return (1u << lane) - 1;
}

__global__ void compact_blocks(const int *in, int *out, int *counts, int n)
{
	__shared__ int warp_count[BLOCK / 32];
	__shared__ int warp_base[BLOCK / 32];
	int i = blockIdx.x * BLOCK + threadIdx.x;
	int v = i < n ? in[i] : 0;
	bool keep = i < n && (v % 3 == 0);
	unsigned votes = __ballot_sync(FULL, keep);
	int warp = threadIdx.x / 32;
	if (threadIdx.x % 32 == 0)
		warp_count[warp] = __popc(votes);
	__syncthreads();
	if (threadIdx.x == 0) {
		int acc = 0;
		for (int w = 0; w < BLOCK / 32; w++) {
			warp_base[w] = acc;
			acc += warp_count[w];
		}
		counts[blockIdx.x] = acc;
	}
	__syncthreads();
	if (keep)
		out[blockIdx.x * BLOCK + warp_base[warp] + __popc(votes & lanemask_lt())] = v;
}

__global__ void compact_aggregated(const int *in, int *out, int *total, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = i < n ? in[i] : 0;
	bool keep = i < n && (v % 3 == 0);
	unsigned votes = __ballot_sync(FULL, keep);
	if (keep) {
		int leader = __ffs(votes) - 1;
		int lane = threadIdx.x % 32;
		int base = 0;
		if (lane == leader)
			base = atomicAdd(total, __popc(votes));
		base = __shfl_sync(votes, base, leader);
		out[base + __popc(votes & lanemask_lt())] = v;
	}
}

static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

int main()
{
	const int n = 10000, blocks = (n + BLOCK - 1) / BLOCK;
	int *h = (int *)malloc(n * sizeof(int));
	srand(5);
	for (int i = 0; i < n; i++)
		h[i] = rand() % 1000;
	int *din, *dout, *dcounts, *dout2, *dtotal;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dout, blocks * BLOCK * sizeof(int));
	cudaMalloc(&dcounts, blocks * sizeof(int));
	cudaMalloc(&dout2, n * sizeof(int));
	cudaMalloc(&dtotal, sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(dtotal, 0, sizeof(int));
	compact_blocks<<<blocks, BLOCK>>>(din, dout, dcounts, n);
	compact_aggregated<<<blocks, BLOCK>>>(din, dout2, dtotal, n);
	int *out = (int *)malloc(blocks * BLOCK * sizeof(int)), *counts = (int *)malloc(blocks * sizeof(int));
	int *out2 = (int *)malloc(n * sizeof(int)), total = 0;
	cudaMemcpy(out, dout, blocks * BLOCK * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(counts, dcounts, blocks * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(&total, dtotal, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(out2, dout2, n * sizeof(int), cudaMemcpyDeviceToHost);

	bool ok = true;
	int *want = (int *)malloc(n * sizeof(int)), nw = 0;
	for (int b = 0; b < blocks; b++) {
		int c = 0;
		for (int i = b * BLOCK; i < (b + 1) * BLOCK && i < n; i++)
			if (h[i] % 3 == 0) {
				ok &= out[b * BLOCK + c] == h[i];
				want[nw++] = h[i];
				c++;
			}
		ok &= counts[b] == c;
	}
	ok &= total == nw;
	if (ok) {
		qsort(out2, total, sizeof(int), cmp);
		qsort(want, nw, sizeof(int), cmp);
		for (int k = 0; k < nw; k++)
			ok &= out2[k] == want[k];
	}
	printf("kept %d of %d\n", nw, n);
	cudaFree(din); cudaFree(dout); cudaFree(dcounts); cudaFree(dout2); cudaFree(dtotal);
	free(h); free(out); free(counts); free(out2); free(want);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
