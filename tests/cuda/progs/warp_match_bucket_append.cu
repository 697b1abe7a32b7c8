// Appending items to per-bucket lists with one atomic per bucket and warp,
// the __match_any_sync idiom of hash-join and radix-partition kernels:
// lanes whose items fall in the same bucket find each other with
// __match_any_sync on the bucket's counter address (64-bit), the lowest
// lane (__ffs) reserves room for all of them with one atomicAdd, shares the
// base with __shfl_sync over the matching lanes, and each lane writes at
// base + the number of matching lanes below it (__popc of the mask under
// __lanemask_lt-style bits).  Grid-stride loop; items past the end skip the
// whole body (the mask of the last round is the active lanes').  Host
// reference: each bucket's items as a multiset, and its count.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define BUCKETS 9
#define CAP 1024

__device__ int append(int *counter, int *list, int item)
{
	unsigned int active = __activemask();
	unsigned int peers = __match_any_sync(active, (unsigned long long)counter);
	int leader = __ffs(peers) - 1;
	unsigned int lane = threadIdx.x % 32;
	int base = 0;
	if ((int)lane == leader)
		base = atomicAdd(counter, __popc(peers));
	base = __shfl_sync(peers, base, leader);
	int at = base + __popc(peers & ((1u << lane) - 1u));
	list[at] = item;
	return at;
}

__global__ void partition(const int *items, int n, int *counts, int *lists)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
		int b = (items[i] * 31 + 7) % BUCKETS;
		append(&counts[b], lists + b * CAP, items[i]);
	}
}

int main()
{
	const int n = 2000 + 13;
	int *h = new int[n], counts[BUCKETS], *lists = new int[BUCKETS * CAP], *d_items, *d_counts, *d_lists, bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = (i * 613 + 29) % 5003;
	cudaMalloc(&d_items, n * sizeof(int));
	cudaMalloc(&d_counts, sizeof(counts));
	cudaMalloc(&d_lists, BUCKETS * CAP * sizeof(int));
	cudaMemcpy(d_items, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(d_counts, 0, sizeof(counts));
	cudaMemset(d_lists, 0xff, BUCKETS * CAP * sizeof(int));
	partition<<<6, 96>>>(d_items, n, d_counts, d_lists);
	cudaMemcpy(counts, d_counts, sizeof(counts), cudaMemcpyDeviceToHost);
	cudaMemcpy(lists, d_lists, BUCKETS * CAP * sizeof(int), cudaMemcpyDeviceToHost);
	static int want[BUCKETS][5003], got[BUCKETS][5003];
	int wcount[BUCKETS] = { 0 };
	for (int i = 0; i < n; i++) {
		int b = (h[i] * 31 + 7) % BUCKETS;
		want[b][h[i]]++;
		wcount[b]++;
	}
	for (int b = 0; b < BUCKETS; b++) {
		if (counts[b] != wcount[b] && bad++ < 5)
			printf("bucket %d: %d items, want %d\n", b, counts[b], wcount[b]);
		for (int k = 0; k < counts[b] && k < CAP; k++) {
			int v = lists[b * CAP + k];
			if (v < 0 || v >= 5003) {
				if (bad++ < 5)
					printf("bucket %d slot %d: %d, no item\n", b, k, v);
				continue;
			}
			got[b][v]++;
		}
		for (int v = 0; v < 5003; v++)
			if (got[b][v] != want[b][v] && bad++ < 5)
				printf("bucket %d: item %d %d times, want %d\n", b, v, got[b][v], want[b][v]);
	}
	cudaFree(d_items);
	cudaFree(d_counts);
	cudaFree(d_lists);
	delete[] h;
	delete[] lists;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
