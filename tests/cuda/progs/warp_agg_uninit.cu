// Stream compaction with warp-aggregated atomics written as NVIDIA's
// "Optimized Filtering with Warp-Aggregated Atomics" writes them: the
// leader's result is a local declared without an initializer and assigned
// only in the leader (`int warp_res; if (rank == 0) warp_res = atomicAdd(..)`),
// then broadcast with __shfl_sync (and the same with cg::coalesced_threads()).
// On a GPU the other lanes' values of warp_res are never used.  Every lane
// gets its warp's base plus its rank among the warp's active lanes, so the
// slots of one warp are consecutive and ascend with the lane: checked per
// warp, with the count and the compacted values (as a multiset) against the
// host.
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__device__ int atomicAggInc(int *ctr)
{
	unsigned int active = __activemask();
	int leader = __ffs(active) - 1;
	int change = __popc(active);
	unsigned int lane = threadIdx.x % 32;
	unsigned int rank = __popc(active & ((1u << lane) - 1));
	int warp_res;

	if (rank == 0)
		warp_res = atomicAdd(ctr, change);
	warp_res = __shfl_sync(active, warp_res, leader);
	return warp_res + rank;
}

__device__ int atomicAggIncCg(int *ctr)
{
	cg::coalesced_group g = cg::coalesced_threads();
	int warp_res;

	if (g.thread_rank() == 0)
		warp_res = atomicAdd(ctr, (int)g.size());
	return g.shfl(warp_res, 0) + (int)g.thread_rank();
}

__global__ void filter_k(int *dst, int *slot, int *nres, const int *src, int n)
{
	int i = threadIdx.x + blockIdx.x * blockDim.x;

	if (i < n && src[i] > 0) {
		int s = atomicAggInc(nres);

		dst[s] = src[i];
		slot[i] = s;
	}
}

__global__ void filter_cg(int *dst, int *slot, int *nres, const int *src, int n)
{
	int i = threadIdx.x + blockIdx.x * blockDim.x;

	if (i < n && src[i] > 0) {
		int s = atomicAggIncCg(nres);

		dst[s] = src[i];
		slot[i] = s;
	}
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

// the slots of each warp's active lanes: base, base + 1, ... in lane order
static int check(const char *name, const int *src, const int *dst, const int *slot, int count, int n, int want)
{
	int *got = (int *)malloc(n * sizeof(int)), *ref = (int *)malloc(n * sizeof(int));
	int errors = 0, k = 0;

	if (count != want) {
		printf("%s: count %d, expected %d\n", name, count, want);
		errors++;
	}
	for (int w = 0; w < n; w += 32) {
		int next = -1;

		for (int i = w; i < w + 32 && i < n; i++) {
			if (src[i] <= 0)
				continue;
			if (slot[i] < 0 || slot[i] >= want || (next >= 0 && slot[i] != next)) {
				if (errors++ < 5)
					printf("%s: element %d in slot %d, expected %d\n", name, i, slot[i], next);
				next = -1;
				continue;
			}
			next = slot[i] + 1;
			ref[k++] = src[i];
		}
	}
	for (int i = 0; i < want && count == want; i++)
		got[i] = dst[i];
	if (count == want && k == want) {
		qsort(got, want, sizeof(int), cmp_int);
		qsort(ref, want, sizeof(int), cmp_int);
		for (int i = 0; i < want; i++)
			if (got[i] != ref[i] && errors++ < 5)
				printf("%s: sorted output %d is %d, expected %d\n", name, i, got[i], ref[i]);
	}
	free(got);
	free(ref);
	return errors;
}

int main(void)
{
	const int n = 10007, block = 256, grid = (n + block - 1) / block;
	int *h_src = (int *)malloc(n * sizeof(int)), *h_dst = (int *)malloc(n * sizeof(int));
	int *h_slot = (int *)malloc(n * sizeof(int));
	int *d_src, *d_dst, *d_slot, *d_n, want = 0, errors = 0;

	for (int i = 0; i < n; i++) {
		h_src[i] = (int)((i * 2654435761u) >> 20) % 100 - 40;
		want += h_src[i] > 0;
	}
	cudaMalloc(&d_src, n * sizeof(int));
	cudaMalloc(&d_dst, n * sizeof(int));
	cudaMalloc(&d_slot, n * sizeof(int));
	cudaMalloc(&d_n, sizeof(int));
	cudaMemcpy(d_src, h_src, n * sizeof(int), cudaMemcpyHostToDevice);
	for (int way = 0; way < 2; way++) {
		int count = 0;

		cudaMemset(d_n, 0, sizeof(int));
		cudaMemset(d_dst, 0, n * sizeof(int));
		cudaMemset(d_slot, 0xff, n * sizeof(int));
		if (way == 0)
			filter_k<<<grid, block>>>(d_dst, d_slot, d_n, d_src, n);
		else
			filter_cg<<<grid, block>>>(d_dst, d_slot, d_n, d_src, n);
		cudaMemcpy(&count, d_n, sizeof(int), cudaMemcpyDeviceToHost);
		cudaMemcpy(h_dst, d_dst, n * sizeof(int), cudaMemcpyDeviceToHost);
		cudaMemcpy(h_slot, d_slot, n * sizeof(int), cudaMemcpyDeviceToHost);
		errors += check(way == 0 ? "activemask" : "coalesced_threads", h_src, h_dst, h_slot, count, n, want);
	}
	printf("%d of %d elements kept\n", want, n);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
