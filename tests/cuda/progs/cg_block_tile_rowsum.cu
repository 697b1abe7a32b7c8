// Row sums and prefix sums with tiles of several warps, as CUDA 12's
// multi-warp cooperative groups write them: one block of 1024 threads per
// row, `block_tile_memory<1024>` scratch, `this_thread_block(scratch)`, a
// tile of the whole block (1024 threads) reduced with cg::reduce and
// scanned with cg::exclusive_scan, a tile of 256 for per-quarter maxima
// with a lambda, and shfl from rank 0 of the large tile.  A tile of 1024
// threads is valid CUDA (_is_multi_warp: 64 to 1024) and was refused by
// idxgen-cc until session 12.  Host reference in plain C.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define COLS 1000

__global__ void row_stats(const int *m, int *row_sum, int *row_scan, int *quarter_max, int *first)
{
	__shared__ cg::block_tile_memory<1024> scratch;
	cg::thread_block block = cg::this_thread_block(scratch);
	cg::thread_block_tile<1024> row = cg::tiled_partition<1024>(block);
	cg::thread_block_tile<256> quarter = cg::tiled_partition<256>(block);
	int c = row.thread_rank();
	int v = c < COLS ? m[blockIdx.x * COLS + c] : 0;

	int s = cg::reduce(row, v, cg::plus<int>());
	int ex = cg::exclusive_scan(row, v, cg::plus<int>());
	int mx = cg::reduce(quarter, v, [](int a, int b) { return a > b ? a : b; });
	int f = row.shfl(v, 0);
	if (c < COLS)
		row_scan[blockIdx.x * COLS + c] = ex;
	if (c == 0) {
		row_sum[blockIdx.x] = s;
		first[blockIdx.x] = f;
	}
	if (quarter.thread_rank() == 0)
		quarter_max[blockIdx.x * 4 + quarter.meta_group_rank()] = mx;
}

int main()
{
	const int rows = 3;
	static int h[rows * COLS], scan[rows * COLS];
	int sums[rows], qmax[rows * 4], first[rows], bad = 0;
	int *d_m, *d_sum, *d_scan, *d_q, *d_f;

	for (int i = 0; i < rows * COLS; i++)
		h[i] = (i * 31 + 7) % 97;
	cudaMalloc(&d_m, sizeof(h));
	cudaMalloc(&d_scan, sizeof(scan));
	cudaMalloc(&d_sum, sizeof(sums));
	cudaMalloc(&d_q, sizeof(qmax));
	cudaMalloc(&d_f, sizeof(first));
	cudaMemcpy(d_m, h, sizeof(h), cudaMemcpyHostToDevice);
	row_stats<<<rows, 1024>>>(d_m, d_sum, d_scan, d_q, d_f);
	if (cudaGetLastError() != cudaSuccess) {
		printf("launch failed\nFAIL\n");
		return 1;
	}
	cudaMemcpy(scan, d_scan, sizeof(scan), cudaMemcpyDeviceToHost);
	cudaMemcpy(sums, d_sum, sizeof(sums), cudaMemcpyDeviceToHost);
	cudaMemcpy(qmax, d_q, sizeof(qmax), cudaMemcpyDeviceToHost);
	cudaMemcpy(first, d_f, sizeof(first), cudaMemcpyDeviceToHost);
	for (int r = 0; r < rows; r++) {
		int acc = 0;
		for (int c = 0; c < COLS; c++) {
			if (scan[r * COLS + c] != acc && bad++ < 5)
				printf("row %d col %d: scan %d, want %d\n", r, c, scan[r * COLS + c], acc);
			acc += h[r * COLS + c];
		}
		if (sums[r] != acc && bad++ < 5)
			printf("row %d: sum %d, want %d\n", r, sums[r], acc);
		if (first[r] != h[r * COLS] && bad++ < 5)
			printf("row %d: first %d, want %d\n", r, first[r], h[r * COLS]);
		for (int q = 0; q < 4; q++) {
			int mx = 0;
			for (int c = q * 256; c < q * 256 + 256 && c < COLS; c++)
				mx = h[r * COLS + c] > mx ? h[r * COLS + c] : mx;
			if (qmax[r * 4 + q] != mx && bad++ < 5)
				printf("row %d quarter %d: max %d, want %d\n", r, q, qmax[r * 4 + q], mx);
		}
	}
	cudaFree(d_m);
	cudaFree(d_scan);
	cudaFree(d_sum);
	cudaFree(d_q);
	cudaFree(d_f);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
