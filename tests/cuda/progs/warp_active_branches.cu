// __activemask() and cg::coalesced_threads() inside divergent branches: the
// lanes that took the branch, not every lane of the warp that has not
// returned.  A stream compaction with the pre-cooperative-groups
// warp-aggregated increment (__activemask, __ffs leader, __popc rank,
// __shfl_sync of the base) called under "if (v > 0)"; the masks of an
// if/else; and two calls written on one line, which are two places in the
// program (two groups), not one.  Every expected value is computed on the
// host from the input alone.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__device__ int agg_inc(int *counter)
{
	unsigned active = __activemask();
	int leader = __ffs(active) - 1;
	int lane = threadIdx.x % 32;
	int rank = __popc(active & ((1u << lane) - 1));
	int base = 0;
	if (lane == leader)
		base = atomicAdd(counter, __popc(active));
	base = __shfl_sync(active, base, leader);
	return base + rank;
}

__global__ void compact_positive(const int *in, int n, int *out, int *count)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n && in[i] > 0)
		out[agg_inc(count)] = in[i];
}

__global__ void branch_masks(const int *in, unsigned *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned m;
	if (in[i] > 0)
		m = __activemask();
	else
		m = ~__activemask();
	out[i] = m;
}

__global__ void one_line(const int *in, unsigned *masks, int *sizes)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	bool pos = in[i] > 0;
	masks[i] = pos ? __activemask() : ~__activemask();
	sizes[i] = pos ? (int)cg::coalesced_threads().size() : 100 + (int)cg::coalesced_threads().size();
}

static unsigned positive_lanes(const int *h, int w)
{
	unsigned m = 0;
	for (int l = 0; l < 32; l++)
		m |= (unsigned)(h[w * 32 + l] > 0) << l;
	return m;
}

int main()
{
	const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads, all = blocks * threads;
	static int h[all], got[n], sizes[all];
	static unsigned masks[all], masks2[all];
	for (int i = 0; i < all; i++)
		h[i] = i < n ? ((i * 37 + 11) % 23) - 9 : 0;
	int *d, *dout, *dcount, *dsizes;
	unsigned *dmasks;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&dout, sizeof(got));
	cudaMalloc(&dcount, sizeof(int));
	cudaMalloc(&dsizes, sizeof(sizes));
	cudaMalloc(&dmasks, sizeof(masks));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemset(dcount, 0, sizeof(int));
	compact_positive<<<blocks, threads>>>(d, n, dout, dcount);
	int count = 0;
	cudaMemcpy(&count, dcount, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(got, dout, sizeof(got), cudaMemcpyDeviceToHost);
	branch_masks<<<blocks, threads>>>(d, dmasks);
	cudaMemcpy(masks, dmasks, sizeof(masks), cudaMemcpyDeviceToHost);
	one_line<<<blocks, threads>>>(d, dmasks, dsizes);
	cudaMemcpy(masks2, dmasks, sizeof(masks2), cudaMemcpyDeviceToHost);
	cudaMemcpy(sizes, dsizes, sizeof(sizes), cudaMemcpyDeviceToHost);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: a launch failed\n");
		return 1;
	}

	int bad = 0, want_count = 0, hist_want[32] = { 0 }, hist_got[32] = { 0 };
	for (int i = 0; i < n; i++)
		if (h[i] > 0) {
			want_count++;
			hist_want[h[i]]++;
		}
	if (count != want_count) {
		printf("compaction kept %d, want %d\n", count, want_count);
		bad++;
	}
	for (int i = 0; i < count && i < n; i++) {
		if (got[i] <= 0 || got[i] >= 32) {
			bad++;
			continue;
		}
		hist_got[got[i]]++;
	}
	for (int v = 0; v < 32; v++)
		if (hist_got[v] != hist_want[v]) {
			printf("compaction: value %d %d times, want %d\n", v, hist_got[v], hist_want[v]);
			bad++;
		}
	for (int w = 0; w < all / 32; w++) {
		unsigned pos = positive_lanes(h, w);
		for (int l = 0; l < 32; l++) {
			int i = w * 32 + l;
			bool p = h[i] > 0;
			unsigned want = pos;	/* the else side stores ~(its mask, ~pos) */
			int want_size = p ? __builtin_popcount(pos) : 100 + __builtin_popcount(~pos);
			if (masks[i] != want || masks2[i] != want || sizes[i] != want_size) {
				if (bad < 8)
					printf("thread %d: masks %08x %08x size %d, want %08x size %d\n", i, masks[i],
					       masks2[i], sizes[i], want, want_size);
				bad++;
			}
		}
	}
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
