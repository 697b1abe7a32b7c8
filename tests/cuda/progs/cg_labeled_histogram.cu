// A histogram with warp-aggregated updates by label, and a stream
// compaction by scan, in cooperative-groups style: each warp-sized tile
// splits its lanes by bin with cg::labeled_partition, every sub-group
// counts itself with cg::reduce and its rank 0 makes the one atomicAdd;
// then the items above a threshold are compacted in order: each tile's
// ranks come from cg::exclusive_scan, its base from one atomicAdd by its
// last lane, broadcast with shfl.  A running maximum with
// cg::inclusive_scan and cg::greater.  Grid-stride loop, the last warp
// partial (inactive lanes take a sentinel, so every lane calls the
// collectives).  Host reference in plain C.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define BINS 12

__global__ void bin_and_compact(const int *in, int n, int thresh, unsigned int *hist, int *kept, int *nkept,
				int *runmax)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
	int stride = gridDim.x * blockDim.x;
	int rounds = (n + stride - 1) / stride;

	for (int r = 0; r < rounds; r++) {
		int i = r * stride + blockIdx.x * blockDim.x + threadIdx.x;
		bool valid = i < n;
		int v = valid ? in[i] : -1;
		int bin = valid ? v % BINS : BINS;	/* lanes past the end share a bin of their own */

		cg::coalesced_group same = cg::labeled_partition(tile, bin);
		unsigned int count = cg::reduce(same, 1u, cg::plus<unsigned int>());
		if (valid && same.thread_rank() == 0)
			atomicAdd(&hist[bin], count);

		int keep = valid && v > thresh;
		int pos = cg::exclusive_scan(tile, keep, cg::plus<int>());
		int base = 0;
		if (tile.thread_rank() == tile.size() - 1)
			base = atomicAdd(nkept, pos + keep);
		base = tile.shfl(base, tile.size() - 1);
		if (keep)
			kept[base + pos] = v;

		int m = cg::inclusive_scan(tile, v, cg::greater<int>());
		if (valid)
			runmax[i] = m;
	}
}

int main()
{
	const int n = 3000 + 17, thresh = 600;
	int *h = new int[n], *kept = new int[n], *runmax = new int[n], nkept = 0, bad = 0;
	unsigned int hist[BINS];
	int *d_in, *d_kept, *d_nkept, *d_runmax;
	unsigned int *d_hist;

	for (int i = 0; i < n; i++)
		h[i] = (i * 7919 + 31) % 1000;
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMalloc(&d_kept, n * sizeof(int));
	cudaMalloc(&d_runmax, n * sizeof(int));
	cudaMalloc(&d_nkept, sizeof(int));
	cudaMalloc(&d_hist, sizeof(hist));
	cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(d_nkept, 0, sizeof(int));
	cudaMemset(d_hist, 0, sizeof(hist));
	bin_and_compact<<<5, 96>>>(d_in, n, thresh, d_hist, d_kept, d_nkept, d_runmax);
	cudaMemcpy(hist, d_hist, sizeof(hist), cudaMemcpyDeviceToHost);
	cudaMemcpy(&nkept, d_nkept, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(kept, d_kept, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(runmax, d_runmax, n * sizeof(int), cudaMemcpyDeviceToHost);

	unsigned int want_hist[BINS] = { 0 };
	int want_kept = 0, seen[1000] = { 0 }, got[1000] = { 0 };
	for (int i = 0; i < n; i++) {
		want_hist[h[i] % BINS]++;
		if (h[i] > thresh)
			want_kept++, seen[h[i]]++;
		int first = i - i % 32, m = -1;	/* the tile of 32 consecutive ids (96 = 3 tiles) */
		for (int j = first; j <= i; j++)
			m = h[j] > m ? h[j] : m;
		if (runmax[i] != m && bad++ < 5)
			printf("runmax[%d] = %d, want %d\n", i, runmax[i], m);
	}
	for (int b = 0; b < BINS; b++)
		if (hist[b] != want_hist[b] && bad++ < 5)
			printf("bin %d: %u, want %u\n", b, hist[b], want_hist[b]);
	if (nkept != want_kept && bad++ < 5)
		printf("kept %d, want %d\n", nkept, want_kept);
	for (int k = 0; k < nkept && k < n; k++)
		if (kept[k] >= 0 && kept[k] < 1000)
			got[kept[k]]++;
	for (int v = 0; v < 1000; v++)
		if (got[v] != seen[v] && bad++ < 5)
			printf("value %d kept %d times, want %d\n", v, got[v], seen[v]);
	cudaFree(d_in);
	cudaFree(d_kept);
	cudaFree(d_runmax);
	cudaFree(d_nkept);
	cudaFree(d_hist);
	delete[] h;
	delete[] kept;
	delete[] runmax;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
