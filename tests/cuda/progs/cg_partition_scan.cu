// Cooperative groups beyond tiles, in the style of public code: a
// histogram that aggregates equal keys of a warp with labeled_partition
// (one atomic per distinct key), even/odd counts with binary_partition,
// stream compaction with cg::exclusive_scan over a tile, running sums with
// cg::inclusive_scan, cg::reduce over a partitioned group, and a block
// tile staged into shared memory with cg::memcpy_async / cg::wait.
// Every result against a host reference.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

namespace cg = cooperative_groups;

#define N 2000
#define BINS 8
#define TPB 128

__global__ void warp_histogram(const int *keys, int n, int *hist, int *leaders)
{
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int key = i < n ? keys[i] % BINS : BINS;	// BINS: past the end, its own group

	cg::coalesced_group same = cg::labeled_partition(warp, key);
	if (key < BINS && same.thread_rank() == 0) {
		atomicAdd(&hist[key], (int)same.size());
		atomicAdd(leaders, 1);
	}
}

__global__ void parity_counts(const int *v, int n, int *counts)
{
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int x = i < n ? v[i] : 1;
	bool odd = x & 1;

	cg::coalesced_group part = cg::binary_partition(warp, odd);
	int sum = cg::reduce(part, i < n ? x : 0, cg::plus<int>());
	if (part.thread_rank() == 0)
		atomicAdd(&counts[odd ? 1 : 0], sum);
}

// Keep the values above a threshold: each warp's offsets by an exclusive scan, one atomic per warp.
__global__ void compact(const int *in, int n, int thr, int *out, int *count, int *prefix)
{
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int keep = i < n && in[i] > thr;
	int off = cg::exclusive_scan(warp, keep);
	int total = warp.shfl(off + keep, 31);
	int base = 0;

	if (warp.thread_rank() == 0)
		base = atomicAdd(count, total);
	base = warp.shfl(base, 0);
	if (keep)
		out[base + off] = in[i];
	if (i < n)
		prefix[i] = cg::inclusive_scan(warp, i < n ? in[i] : 0);
}

// A block's tile of the input staged into shared memory, then a 3-point sum.
__global__ void staged_sum(const int *in, int n, int *out)
{
	__shared__ int tile[TPB];
	cg::thread_block block = cg::this_thread_block();
	int base = blockIdx.x * TPB;
	int cnt = n - base < TPB ? n - base : TPB;

	cg::memcpy_async(block, tile, in + base, sizeof(int) * cnt);
	cg::wait(block);
	int t = threadIdx.x;
	if (t < cnt)
		out[base + t] = tile[t] + (t > 0 ? tile[t - 1] : 0) + (t + 1 < cnt ? tile[t + 1] : 0);
}

static int fail(const char *what)
{
	printf("%s: wrong\nFAIL\n", what);
	return 1;
}

int main()
{
	int *h = (int *)malloc(N * sizeof(int));
	for (int i = 0; i < N; i++)
		h[i] = (i * 7919 + 13) % 1000;
	int *d, *dh, *dl, *dc, *dout, *dcount, *dpre, *dsum;
	cudaMalloc(&d, N * sizeof(int));
	cudaMalloc(&dh, BINS * sizeof(int));
	cudaMalloc(&dl, sizeof(int));
	cudaMalloc(&dc, 2 * sizeof(int));
	cudaMalloc(&dout, N * sizeof(int));
	cudaMalloc(&dcount, sizeof(int));
	cudaMalloc(&dpre, N * sizeof(int));
	cudaMalloc(&dsum, N * sizeof(int));
	cudaMemcpy(d, h, N * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(dh, 0, BINS * sizeof(int));
	cudaMemset(dl, 0, sizeof(int));
	cudaMemset(dc, 0, 2 * sizeof(int));
	cudaMemset(dcount, 0, sizeof(int));
	int blocks = (N + TPB - 1) / TPB;
	warp_histogram<<<blocks, TPB>>>(d, N, dh, dl);
	parity_counts<<<blocks, TPB>>>(d, N, dc);
	compact<<<blocks, TPB>>>(d, N, 500, dout, dcount, dpre);
	staged_sum<<<blocks, TPB>>>(d, N, dsum);
	if (cudaDeviceSynchronize() != cudaSuccess)
		return fail("launch");

	int hist[BINS], leaders, counts[2], count, *out = (int *)malloc(N * sizeof(int)),
	    *pre = (int *)malloc(N * sizeof(int)), *sum = (int *)malloc(N * sizeof(int));
	cudaMemcpy(hist, dh, sizeof(hist), cudaMemcpyDeviceToHost);
	cudaMemcpy(&leaders, dl, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(counts, dc, sizeof(counts), cudaMemcpyDeviceToHost);
	cudaMemcpy(&count, dcount, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(out, dout, N * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(pre, dpre, N * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(sum, dsum, N * sizeof(int), cudaMemcpyDeviceToHost);

	int rh[BINS] = { 0 }, rl = 0, rc[2] = { 0, 0 }, rcount = 0;
	for (int i = 0; i < N; i++) {
		rh[h[i] % BINS]++;
		rc[h[i] & 1] += h[i];
		rcount += h[i] > 500;
	}
	for (int w = 0; w < (N + 31) / 32; w++) {	// distinct keys per warp of 32 consecutive ids
		int seen = 0;
		for (int i = w * 32; i < w * 32 + 32 && i < N; i++)
			seen |= 1 << (h[i] % BINS);
		rl += __builtin_popcount(seen);
	}
	for (int b = 0; b < BINS; b++)
		if (hist[b] != rh[b])
			return fail("labeled_partition histogram");
	if (leaders != rl)
		return fail("labeled_partition leaders");
	if (counts[0] != rc[0] || counts[1] != rc[1])
		return fail("binary_partition + reduce");
	if (count != rcount)
		return fail("exclusive_scan compaction count");
	// compaction keeps each warp's order; warps land in any order: compare as multisets via counts
	int *seen = (int *)calloc(1000, sizeof(int));
	for (int i = 0; i < N; i++)
		if (h[i] > 500)
			seen[h[i]]++;
	for (int i = 0; i < count; i++)
		if (out[i] < 0 || out[i] >= 1000 || --seen[out[i]] < 0)
			return fail("exclusive_scan compaction values");
	for (int i = 0; i < N; i++) {
		int r = 0;
		for (int j = i - i % 32; j <= i; j++)
			r += h[j];
		if (pre[i] != r)
			return fail("inclusive_scan");
	}
	for (int i = 0; i < N; i++) {
		int b = i / TPB * TPB, t = i - b, cnt = N - b < TPB ? N - b : TPB;
		int r = h[i] + (t > 0 ? h[i - 1] : 0) + (t + 1 < cnt ? h[i + 1] : 0);
		if (sum[i] != r)
			return fail("memcpy_async staged sum");
	}
	printf("histogram, partitions, scans, memcpy_async: %d kept of %d\nPASS\n", count, N);
	return 0;
}
