// exec-models: fibers
// Top-k per row, one warp per row, as beam-search and MoE-routing kernels
// write it: each lane keeps its best candidate, the warp finds the best of
// them with a butterfly of __shfl_xor_sync over (value, index) packed in a
// 64-bit key (ties go to the lower index), the lane that owned the winner
// takes its next candidate, K times.  Rows of 100 floats (values and
// negative values; lanes past the row end take -inf).  Two warps per
// block, the row count odd so the last block's second warp has no row and
// returns at once.  Host reference: a plain selection per row.
#include <cfloat>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define COLS 100
#define K 5
#define PER_LANE ((COLS + 31) / 32)

__device__ __forceinline__ unsigned long long pack(float v, int idx)
{
	unsigned int b = __float_as_uint(v);
	b = (b & 0x80000000u) ? ~b : (b | 0x80000000u);	/* order-preserving bits */
	return ((unsigned long long)b << 32) | (unsigned int)(0xffffffffu - (unsigned int)idx);
}

__device__ __forceinline__ unsigned long long warp_max(unsigned long long k)
{
#pragma unroll
	for (int m = 16; m > 0; m >>= 1) {
		unsigned long long o = __shfl_xor_sync(0xffffffffu, k, m);
		k = o > k ? o : k;
	}
	return k;
}

__global__ void topk_rows(const float *x, int rows, int *idx_out, float *val_out)
{
	int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
	int lane = threadIdx.x % 32;
	if (row >= rows)
		return;
	const float *r = x + (size_t)row * COLS;
	float mine[PER_LANE];
	bool used[PER_LANE];

	for (int j = 0; j < PER_LANE; j++) {
		int c = lane + 32 * j;
		mine[j] = c < COLS ? r[c] : -FLT_MAX;
		used[j] = c >= COLS;
	}
	for (int k = 0; k < K; k++) {
		unsigned long long best = 0;
		int bj = -1;
		for (int j = 0; j < PER_LANE; j++) {
			unsigned long long key = used[j] ? 0 : pack(mine[j], lane + 32 * j);
			if (key > best)
				best = key, bj = j;
		}
		unsigned long long win = warp_max(best);
		int widx = (int)(0xffffffffu - (unsigned int)(win & 0xffffffffu));
		if (bj >= 0 && best == win)
			used[bj] = true;
		if (lane == 0) {
			idx_out[row * K + k] = widx;
			val_out[row * K + k] = r[widx];
		}
	}
}

int main()
{
	const int rows = 7;
	float *h = new float[rows * COLS], vals[rows * K], *d_x, *d_v;
	int idx[rows * K], *d_i, bad = 0;

	for (int i = 0; i < rows * COLS; i++)
		h[i] = (float)((i * 7717 + 3) % 211) * ((i % 5 == 0) ? -0.5f : 0.25f);
	cudaMalloc(&d_x, rows * COLS * sizeof(float));
	cudaMalloc(&d_i, sizeof(idx));
	cudaMalloc(&d_v, sizeof(vals));
	cudaMemcpy(d_x, h, rows * COLS * sizeof(float), cudaMemcpyHostToDevice);
	topk_rows<<<(rows + 1) / 2, 64>>>(d_x, rows, d_i, d_v);
	cudaMemcpy(idx, d_i, sizeof(idx), cudaMemcpyDeviceToHost);
	cudaMemcpy(vals, d_v, sizeof(vals), cudaMemcpyDeviceToHost);
	for (int r = 0; r < rows; r++) {
		bool taken[COLS];
		memset(taken, 0, sizeof(taken));
		for (int k = 0; k < K; k++) {
			int b = -1;
			for (int c = 0; c < COLS; c++)
				if (!taken[c] && (b < 0 || h[r * COLS + c] > h[r * COLS + b]))
					b = c;
			taken[b] = true;
			if ((idx[r * K + k] != b || vals[r * K + k] != h[r * COLS + b]) && bad++ < 5)
				printf("row %d rank %d: column %d (%g), want %d (%g)\n", r, k, idx[r * K + k], vals[r * K + k], b,
				       h[r * COLS + b]);
		}
	}
	cudaFree(d_x);
	cudaFree(d_i);
	cudaFree(d_v);
	delete[] h;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
