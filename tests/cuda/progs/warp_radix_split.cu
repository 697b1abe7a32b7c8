// Warp-level radix ranking as LSD radix-sort passes and stream splits do it:
// a stable split of a warp's keys by one bit from two __ballot_sync votes and
// __popc of the bits below the lane (a lane mask built as (1u << lane) - 1),
// repeated over 8 bits to sort a warp's keys in registers; then a 4-bit
// digit pass that groups the lanes holding the same digit with
// __match_any_sync, ranks each lane among its peers, lets the lowest peer
// (__ffs - 1) add the group's count to the block's digit histogram in shared
// memory with one atomicAdd, and broadcasts the old count with __shfl_sync
// over the peers.  Blocks of 96 threads (3 warps).  Against host sorts and
// counts; exact.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define FULL 0xffffffffu
#define TPB 96
#define RADIX 16

__device__ __forceinline__ unsigned int lanemask_lt()
{
	return (1u << (threadIdx.x & 31)) - 1;
}

// every warp sorts its 32 keys (8-bit) with one stable split per bit
__global__ void warp_split_sort(const unsigned int *in, unsigned int *out)
{
	__shared__ unsigned int stage[TPB];
	unsigned int lane = threadIdx.x & 31, base = threadIdx.x - lane;
	unsigned int key = in[blockIdx.x * TPB + threadIdx.x];

	for (int bit = 0; bit < 8; bit++) {
		unsigned int b = (key >> bit) & 1;
		unsigned int ones = __ballot_sync(FULL, b);
		unsigned int zeros = ~ones;
		unsigned int nzero = __popc(zeros);
		unsigned int dst = b ? nzero + __popc(ones & lanemask_lt()) : __popc(zeros & lanemask_lt());

		stage[base + dst] = key;
		__syncwarp();
		key = stage[threadIdx.x];
		__syncwarp();
	}
	out[blockIdx.x * TPB + threadIdx.x] = key;
}

// digit histogram and each key's rank among the block's keys of its digit
// (in the order the warps reach the atomics: checked as a permutation)
__global__ void digit_ranks(const unsigned int *in, int shift, unsigned int *hist, unsigned int *rank)
{
	__shared__ unsigned int counts[RADIX];
	unsigned int lane = threadIdx.x & 31;
	unsigned int i = blockIdx.x * TPB + threadIdx.x;
	unsigned int digit = (in[i] >> shift) & (RADIX - 1);

	if (threadIdx.x < RADIX)
		counts[threadIdx.x] = 0;
	__syncthreads();

	unsigned int peers = __match_any_sync(FULL, digit);
	int leader = __ffs(peers) - 1;
	unsigned int before = __popc(peers & lanemask_lt());
	unsigned int old = 0;

	if ((int)lane == leader)
		old = atomicAdd(&counts[digit], (unsigned int)__popc(peers));
	old = __shfl_sync(peers, old, leader);
	rank[i] = old + before;
	__syncthreads();
	if (threadIdx.x < RADIX)
		hist[blockIdx.x * RADIX + threadIdx.x] = counts[threadIdx.x];
}

static int cmp_u(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

int main(void)
{
	const int blocks = 20, n = blocks * TPB;
	unsigned int *h_in = (unsigned int *)malloc(n * sizeof(unsigned int));
	unsigned int *h_out = (unsigned int *)malloc(n * sizeof(unsigned int));
	unsigned int *h_rank = (unsigned int *)malloc(n * sizeof(unsigned int));
	unsigned int h_hist[blocks * RADIX];
	unsigned int *d_in, *d_out, *d_hist, *d_rank;
	int errors = 0;

	srand(99);
	for (int i = 0; i < n; i++)
		h_in[i] = (unsigned int)rand() & 0xff;
	cudaMalloc(&d_in, n * sizeof(unsigned int));
	cudaMalloc(&d_out, n * sizeof(unsigned int));
	cudaMalloc(&d_rank, n * sizeof(unsigned int));
	cudaMalloc(&d_hist, sizeof(h_hist));
	cudaMemcpy(d_in, h_in, n * sizeof(unsigned int), cudaMemcpyHostToDevice);

	warp_split_sort<<<blocks, TPB>>>(d_in, d_out);
	cudaMemcpy(h_out, d_out, n * sizeof(unsigned int), cudaMemcpyDeviceToHost);
	for (int w = 0; w < n; w += 32) {
		unsigned int want[32];

		for (int l = 0; l < 32; l++)
			want[l] = h_in[w + l];
		qsort(want, 32, sizeof(unsigned int), cmp_u);
		for (int l = 0; l < 32; l++)
			if (h_out[w + l] != want[l] && errors++ < 5)
				printf("warp at %d, lane %d: %u, want %u\n", w, l, h_out[w + l], want[l]);
	}

	for (int shift = 0; shift <= 4; shift += 4) {
		digit_ranks<<<blocks, TPB>>>(d_in, shift, d_hist, d_rank);
		cudaMemcpy(h_hist, d_hist, sizeof(h_hist), cudaMemcpyDeviceToHost);
		cudaMemcpy(h_rank, d_rank, n * sizeof(unsigned int), cudaMemcpyDeviceToHost);
		for (int b = 0; b < blocks; b++) {
			unsigned int count[RADIX] = { 0 }, seen[RADIX][TPB] = { { 0 } };

			for (int t = 0; t < TPB; t++) {
				unsigned int d = (h_in[b * TPB + t] >> shift) & (RADIX - 1), r = h_rank[b * TPB + t];

				count[d]++;
				if (r >= TPB || seen[d][r]++) {
					if (errors++ < 5)
						printf("block %d, shift %d: rank %u of digit %u twice or out of range\n", b,
						       shift, r, d);
				}
			}
			for (int d = 0; d < RADIX; d++) {
				if (h_hist[b * RADIX + d] != count[d] && errors++ < 5)
					printf("block %d, shift %d, digit %d: %u, want %u\n", b, shift, d,
					       h_hist[b * RADIX + d], count[d]);
				for (unsigned int r = 0; r < count[d]; r++)
					if (!seen[d][r] && errors++ < 5)
						printf("block %d, shift %d, digit %d: rank %u missing\n", b, shift, d, r);
			}
		}
	}
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_rank);
	cudaFree(d_hist);
	free(h_in);
	free(h_out);
	free(h_rank);
	printf("%d errors\n", errors);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
