// Sorting inside a warp's registers, as top-k and segmented-sort kernels do:
// a bitonic network over 32 keys (one per lane) whose compare-exchange reads
// the partner lane with __shfl_xor_sync and keeps the smaller or larger key
// by the direction bits of the lane ((lane & k) and (lane > partner)), with
// a payload index swapped alongside; a merge of two registers per lane (64
// keys a warp) by the reversed partner (31 - lane); a macro-expanded step
// list as register-sort headers write it; then the k largest of each row
// kept by lane < k.  Keys with duplicates; against a host sort (stable by
// index for equal keys).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define FULL 0xffffffffu

// ascending across the warp: lane l ends with the l-th smallest (key, index)
__device__ __forceinline__ bool before(int ka, int ia, int kb, int ib)
{
	return ka < kb || (ka == kb && ia < ib);
}

__device__ __forceinline__ void cmp_xchg(int &key, int &idx, int lane, int mask, bool up)
{
	int okey = __shfl_xor_sync(FULL, key, mask);
	int oidx = __shfl_xor_sync(FULL, idx, mask);
	int partner = lane ^ mask;
	// the lower lane of a pair keeps the smaller element when sorting up
	bool keep_small = (lane < partner) == up;
	bool other_first = before(okey, oidx, key, idx);

	if (keep_small == other_first) {
		key = okey;
		idx = oidx;
	}
}

#define BITONIC_STEP(k, j) cmp_xchg(key, idx, lane, (j), ((lane & (k)) == 0))

__device__ void warp_bitonic_sort32(int &key, int &idx)
{
	int lane = threadIdx.x & 31;

	BITONIC_STEP(2, 1);
	BITONIC_STEP(4, 2);
	BITONIC_STEP(4, 1);
#pragma unroll
	for (int k = 8; k <= 32; k <<= 1)
#pragma unroll
		for (int j = k >> 1; j > 0; j >>= 1)
			BITONIC_STEP(k, j);
}

// two sorted runs of 32 (a and b, one element of each per lane) into 64:
// a lane's a against the b of lane 31 - lane, then each register's own
// half-cleaner
__device__ void warp_merge64(int &ka, int &ia, int &kb, int &ib)
{
	int lane = threadIdx.x & 31;
	int rk = __shfl_sync(FULL, kb, 31 - lane), ri = __shfl_sync(FULL, ib, 31 - lane);

	if (before(rk, ri, ka, ia)) {
		int tk = ka, ti = ia;

		ka = rk, ia = ri;
		rk = tk, ri = ti;
	}
	kb = __shfl_sync(FULL, rk, 31 - lane);
	ib = __shfl_sync(FULL, ri, 31 - lane);
	for (int j = 16; j > 0; j >>= 1) {
		cmp_xchg(ka, ia, lane, j, true);
		cmp_xchg(kb, ib, lane, j, true);
	}
}

// each warp sorts one row of 64 keys and writes its k largest, largest first
__global__ void row_topk(const int *keys, int *top_keys, int *top_idx, int rows, int k)
{
	int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
	int lane = threadIdx.x & 31;

	if (warp >= rows)	/* whole warps leave together */
		return;
	const int *row = keys + warp * 64;
	int ka = row[lane], ia = lane, kb = row[32 + lane], ib = 32 + lane;

	warp_bitonic_sort32(ka, ia);
	warp_bitonic_sort32(kb, ib);
	warp_merge64(ka, ia, kb, ib);
	// ascending: element 63 - r is the r-th largest; it sits in b of lane 31 - r (r < 32)
	int r = 31 - lane;
	if (r < k) {
		top_keys[warp * k + r] = kb;
		top_idx[warp * k + r] = ib;
	}
}

static int cmp_desc(const void *a, const void *b)
{
	const int *x = (const int *)a, *y = (const int *)b;

	if (x[0] != y[0])
		return x[0] < y[0] ? 1 : -1;
	return x[1] < y[1] ? 1 : -1;	/* equal keys: the later index first, as the network orders them */
}

int main(void)
{
	const int rows = 45, k = 10;
	int *h_keys = (int *)malloc(rows * 64 * sizeof(int));
	int *h_top = (int *)malloc(rows * k * sizeof(int)), *h_idx = (int *)malloc(rows * k * sizeof(int));
	int *d_keys, *d_top, *d_idx, errors = 0;

	srand(31);
	for (int i = 0; i < rows * 64; i++)
		h_keys[i] = rand() % 50 - 25;	/* many duplicates */
	cudaMalloc(&d_keys, rows * 64 * sizeof(int));
	cudaMalloc(&d_top, rows * k * sizeof(int));
	cudaMalloc(&d_idx, rows * k * sizeof(int));
	cudaMemcpy(d_keys, h_keys, rows * 64 * sizeof(int), cudaMemcpyHostToDevice);
	row_topk<<<(rows * 32 + 127) / 128, 128>>>(d_keys, d_top, d_idx, rows, k);
	cudaMemcpy(h_top, d_top, rows * k * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_idx, d_idx, rows * k * sizeof(int), cudaMemcpyDeviceToHost);
	for (int r = 0; r < rows; r++) {
		int pairs[64][2];

		for (int i = 0; i < 64; i++)
			pairs[i][0] = h_keys[r * 64 + i], pairs[i][1] = i;
		qsort(pairs, 64, sizeof(pairs[0]), cmp_desc);
		for (int i = 0; i < k; i++)
			if ((h_top[r * k + i] != pairs[i][0] || h_idx[r * k + i] != pairs[i][1]) && errors++ < 5)
				printf("row %d, rank %d: (%d, %d), want (%d, %d)\n", r, i, h_top[r * k + i],
				       h_idx[r * k + i], pairs[i][0], pairs[i][1]);
	}
	cudaFree(d_keys);
	cudaFree(d_top);
	cudaFree(d_idx);
	free(h_keys);
	free(h_top);
	free(h_idx);
	printf("%d errors\n", errors);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
