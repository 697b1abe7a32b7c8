// Inserting keys into an open-addressing hash table (linear probing,
// atomicCAS on the slot) with duplicates removed inside the warp first,
// as GPU hash-table and graph-deduplication kernels do: __match_any_sync
// finds the lanes holding the same key, only the lowest of them
// (__ffs(peers) - 1) probes, the slot it claims is broadcast to its peers
// with __shfl_sync(peers, slot, leader), and every lane records the slot
// of its key; the per-key insert count is added once per group
// (__popc(peers)).  A partial last warp (the mask from __ballot_sync of the
// lanes in range) and 64-bit keys.  Against a host table: every key found
// at its recorded slot, each distinct key in one slot, counts exact.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define EMPTY 0xffffffffffffffffull
#define CAP 4096

__device__ unsigned long long hash64(unsigned long long k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdull;
	k ^= k >> 33;
	return k;
}

__global__ void insert_dedup(const unsigned long long *keys, int n, unsigned long long *table, int *counts,
			     int *slot_of, int *probes)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned int in_range = __ballot_sync(0xffffffffu, i < n);

	if (i >= n)
		return;
	unsigned long long key = keys[i];
	unsigned int peers = __match_any_sync(in_range, key);
	int leader = __ffs(peers) - 1;
	int lane = threadIdx.x & 31;
	int slot = -1;

	if (lane == leader) {
		unsigned int h = (unsigned int)(hash64(key) % CAP);

		for (int p = 0; p < CAP; p++) {
			unsigned int s = (h + p) % CAP;
			unsigned long long old = atomicCAS(&table[s], EMPTY, key);

			if (old == EMPTY || old == key) {
				slot = (int)s;
				atomicAdd(probes, p + 1);
				break;
			}
		}
		atomicAdd(&counts[slot], __popc(peers));
	}
	slot = __shfl_sync(peers, slot, leader);
	slot_of[i] = slot;
}

int main(void)
{
	const int n = 3000;
	unsigned long long *h_keys = (unsigned long long *)malloc(n * sizeof(unsigned long long));
	unsigned long long *h_table = (unsigned long long *)malloc(CAP * sizeof(unsigned long long));
	int *h_counts = (int *)malloc(CAP * sizeof(int)), *h_slot = (int *)malloc(n * sizeof(int));
	unsigned long long *d_keys, *d_table;
	int *d_counts, *d_slot, *d_probes, probes = 0, errors = 0, distinct = 0;

	srand(17);
	for (int i = 0; i < n; i++)	/* runs of equal keys within warps, and repeats across them */
		h_keys[i] = (i % 3 == 0 ? (unsigned long long)(rand() % 700) : h_keys[i - 1]) * 0x100000001ull;
	cudaMalloc(&d_keys, n * sizeof(unsigned long long));
	cudaMalloc(&d_table, CAP * sizeof(unsigned long long));
	cudaMalloc(&d_counts, CAP * sizeof(int));
	cudaMalloc(&d_slot, n * sizeof(int));
	cudaMalloc(&d_probes, sizeof(int));
	cudaMemcpy(d_keys, h_keys, n * sizeof(unsigned long long), cudaMemcpyHostToDevice);
	cudaMemset(d_table, 0xff, CAP * sizeof(unsigned long long));
	cudaMemset(d_counts, 0, CAP * sizeof(int));
	cudaMemset(d_probes, 0, sizeof(int));
	insert_dedup<<<(n + 127) / 128, 128>>>(d_keys, n, d_table, d_counts, d_slot, d_probes);
	cudaMemcpy(h_table, d_table, CAP * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_counts, d_counts, CAP * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_slot, d_slot, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(&probes, d_probes, sizeof(int), cudaMemcpyDeviceToHost);

	for (int i = 0; i < n; i++) {
		int s = h_slot[i], want = 0;

		if (s < 0 || s >= CAP || h_table[s] != h_keys[i]) {
			if (errors++ < 5)
				printf("key %d (%llu): slot %d\n", i, h_keys[i], s);
			continue;
		}
		for (int j = 0; j < n; j++)
			want += h_keys[j] == h_keys[i];
		if (h_counts[s] != want && errors++ < 5)
			printf("key %llu: count %d, want %d\n", h_keys[i], h_counts[s], want);
	}
	for (int s = 0; s < CAP; s++) {
		if (h_table[s] == EMPTY)
			continue;
		distinct++;
		for (int t = s + 1; t < CAP; t++)
			if (h_table[t] == h_table[s] && errors++ < 5)
				printf("key %llu in slots %d and %d\n", h_table[s], s, t);
	}
	cudaFree(d_keys);
	cudaFree(d_table);
	cudaFree(d_counts);
	cudaFree(d_slot);
	cudaFree(d_probes);
	free(h_keys);
	free(h_table);
	free(h_counts);
	free(h_slot);
	printf("%d distinct keys, %d errors\n", distinct, errors);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
