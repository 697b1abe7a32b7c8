// CUDA 12's cg::invoke_one / cg::invoke_one_broadcast and the outer API
// (cg::thread_rank(g), cg::group_size(g)), as recent cooperative-groups
// code writes a warp-aggregated reservation: each tile of 32 reserves room
// for its kept items with one atomicAdd made by one elected thread and
// broadcast to all, each thread writes at base + its rank among the kept
// (a ballot under the tile's rank), and a tile of 4 partitioned from the
// tile of 32 (tiled_partition of a tile) records its own sum with
// invoke_one.  Both were refused before session 12 ("no member named
// 'group_size' in namespace 'cooperative_groups'").  Host reference:
// every kept item exactly once, the reservations disjoint, the sums.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void keep_and_sum(const int *in, int n, int *out, int *count, int *quad_sum, int *ranks)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
	cg::thread_block_tile<4> quad = cg::tiled_partition<4>(warp);
	int i = blockIdx.x * blockDim.x + (int)cg::thread_rank(block);
	int v = i < n ? in[i] : 0;
	bool keep = i < n && v % 3 != 0;

	unsigned int kept = warp.ballot(keep);
	int base = cg::invoke_one_broadcast(warp, [&]() { return atomicAdd(count, __popc(kept)); });
	if (keep)
		out[base + __popc(kept & ((1u << warp.thread_rank()) - 1u))] = v;

	int s = cg::reduce(quad, v, cg::plus<int>());
	cg::invoke_one(quad, [&](int at) { quad_sum[at] = s; }, i / 4);
	if (i < n)
		ranks[i] = (int)cg::thread_rank(quad) + 10 * (int)cg::group_size(quad) + 1000 * (int)cg::group_size(warp);
}

int main()
{
	const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
	int *h = new int[n], *out = new int[n], *ranks = new int[n], *qs = new int[blocks * threads / 4];
	int *d_in, *d_out, *d_count, *d_qs, *d_ranks, count = 0, bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = (i * 7 + 1) % 50;
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMalloc(&d_out, n * sizeof(int));
	cudaMalloc(&d_ranks, n * sizeof(int));
	cudaMalloc(&d_qs, blocks * threads / 4 * sizeof(int));
	cudaMalloc(&d_count, sizeof(int));
	cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(d_count, 0, sizeof(int));
	cudaMemset(d_out, 0xff, n * sizeof(int));
	keep_and_sum<<<blocks, threads>>>(d_in, n, d_out, d_count, d_qs, d_ranks);
	cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(ranks, d_ranks, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(qs, d_qs, blocks * threads / 4 * sizeof(int), cudaMemcpyDeviceToHost);
	int want_count = 0, seen[50] = { 0 }, got[50] = { 0 };
	for (int i = 0; i < n; i++) {
		if (h[i] % 3 != 0)
			want_count++, seen[h[i]]++;
		if (ranks[i] != i % 4 + 40 + 32000 && bad++ < 5)
			printf("thread %d: ranks %d, want %d\n", i, ranks[i], i % 4 + 40 + 32000);
	}
	if (count != want_count && bad++ < 5)
		printf("kept %d, want %d\n", count, want_count);
	for (int k = 0; k < count && k < n; k++) {
		if (out[k] < 0 || out[k] >= 50) {
			if (bad++ < 5)
				printf("slot %d: %d, no item (reservations overlap)\n", k, out[k]);
			continue;
		}
		got[out[k]]++;
	}
	for (int v = 0; v < 50; v++)
		if (got[v] != seen[v] && bad++ < 5)
			printf("value %d kept %d times, want %d\n", v, got[v], seen[v]);
	for (int q = 0; q < n / 4; q++) {
		int w = 0;
		for (int j = 0; j < 4; j++)
			w += 4 * q + j < n ? h[4 * q + j] : 0;
		if (qs[q] != w && bad++ < 5)
			printf("quad %d: %d, want %d\n", q, qs[q], w);
	}
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_ranks);
	cudaFree(d_qs);
	cudaFree(d_count);
	delete[] h;
	delete[] out;
	delete[] ranks;
	delete[] qs;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
