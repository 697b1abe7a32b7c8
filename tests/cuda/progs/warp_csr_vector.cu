// A sparse matrix-vector product in CSR form, "vector" style: a group of
// BS lanes per row (BS = 4, 8, 32; blocks of BS x rows), each lane summing
// a stride of the row, then a "#pragma unroll" loop of shuffles of width BS
// under the row guard.  Two reductions: shuffle down over the full mask
// (as public code writes it), the group's first lane storing, and an xor
// butterfly over the lanes a ballot found in range, every lane storing.  The
// row count is not a multiple of the block's rows: the last block's extra
// rows take no part.  Planned as loop fission (the guard becomes a
// predicate, golden warp_pred_unroll.cu).  Values are small integers, so
// the sums are exact in float; checked against a host reference.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

template <int BS>
__global__ void spmv_down(int nrows, const int *rowptr, const int *col, const float *val, const float *x, float *y)
{
	int row = blockIdx.x * blockDim.y + threadIdx.y;
	if (row < nrows) {
		float sum = 0.0f;
		for (int k = rowptr[row] + threadIdx.x; k < rowptr[row + 1]; k += BS)
			sum += val[k] * x[col[k]];
#pragma unroll
		for (int off = BS / 2; off > 0; off /= 2)
			sum += __shfl_down_sync(0xffffffffu, sum, off, BS);
		if (threadIdx.x == 0)
			y[row] = sum;
	}
}

template <int BS>
__global__ void spmv_xor(int nrows, const int *rowptr, const int *col, const float *val, const float *x, float *y)
{
	int row = blockIdx.x * blockDim.y + threadIdx.y;
	unsigned live = __ballot_sync(0xffffffffu, row < nrows);	/* the lanes the shuffles name */

	if (row < nrows) {
		float sum = 0.0f;
		for (int k = rowptr[row] + threadIdx.x; k < rowptr[row + 1]; k += BS)
			sum += val[k] * x[col[k]];
#pragma unroll
		for (int mask = 1; mask < BS; mask *= 2)
			sum += __shfl_xor_sync(live, sum, mask, BS);
		y[row] = sum;
	}
}

static unsigned lcg(unsigned *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

template <int BS>
static int run(const char *name, bool down, int nrows, const int *d_rp, const int *d_col, const float *d_val,
	       const float *d_x, float *d_y, const float *want)
{
	const int rows = 128 / BS;
	dim3 block(BS, rows), grid((nrows + rows - 1) / rows);
	float *got = (float *)malloc(nrows * sizeof(float));
	int bad = 0;

	cudaMemset(d_y, 0, nrows * sizeof(float));
	if (down)
		spmv_down<BS><<<grid, block>>>(nrows, d_rp, d_col, d_val, d_x, d_y);
	else
		spmv_xor<BS><<<grid, block>>>(nrows, d_rp, d_col, d_val, d_x, d_y);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("%s<%d>: launch failed\n", name, BS);
		free(got);
		return 1;
	}
	cudaMemcpy(got, d_y, nrows * sizeof(float), cudaMemcpyDeviceToHost);
	for (int r = 0; r < nrows; r++)
		if (got[r] != want[r] && bad++ < 4)
			printf("%s<%d>: row %d: %g, want %g\n", name, BS, r, got[r], want[r]);
	free(got);
	return bad != 0;
}

int main()
{
	const int nrows = 301, ncols = 97;
	int *rp = (int *)malloc((nrows + 1) * sizeof(int)), nnz = 0, bad = 0;
	unsigned s = 11;

	rp[0] = 0;
	for (int r = 0; r < nrows; r++)
		rp[r + 1] = rp[r] + (int)(lcg(&s) % 70);	/* 0 to 69 entries: shorter and longer than a group */
	nnz = rp[nrows];
	int *col = (int *)malloc(nnz * sizeof(int));
	float *val = (float *)malloc(nnz * sizeof(float)), *x = (float *)malloc(ncols * sizeof(float));
	float *want = (float *)malloc(nrows * sizeof(float));

	for (int k = 0; k < nnz; k++) {
		col[k] = (int)(lcg(&s) % ncols);
		val[k] = (float)((int)(lcg(&s) % 9) - 4);
	}
	for (int c = 0; c < ncols; c++)
		x[c] = (float)((int)(lcg(&s) % 7) - 3);
	for (int r = 0; r < nrows; r++) {
		want[r] = 0.0f;
		for (int k = rp[r]; k < rp[r + 1]; k++)
			want[r] += val[k] * x[col[k]];
	}

	int *d_rp, *d_col;
	float *d_val, *d_x, *d_y;

	cudaMalloc(&d_rp, (nrows + 1) * sizeof(int));
	cudaMalloc(&d_col, nnz * sizeof(int));
	cudaMalloc(&d_val, nnz * sizeof(float));
	cudaMalloc(&d_x, ncols * sizeof(float));
	cudaMalloc(&d_y, nrows * sizeof(float));
	cudaMemcpy(d_rp, rp, (nrows + 1) * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(d_col, col, nnz * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(d_val, val, nnz * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(d_x, x, ncols * sizeof(float), cudaMemcpyHostToDevice);
	for (int down = 0; down < 2; down++) {
		const char *n = down ? "spmv_down" : "spmv_xor";

		bad += run<4>(n, down, nrows, d_rp, d_col, d_val, d_x, d_y, want);
		bad += run<8>(n, down, nrows, d_rp, d_col, d_val, d_x, d_y, want);
		bad += run<32>(n, down, nrows, d_rp, d_col, d_val, d_x, d_y, want);
	}
	cudaFree(d_rp);
	cudaFree(d_col);
	cudaFree(d_val);
	cudaFree(d_x);
	cudaFree(d_y);
	free(rp);
	free(col);
	free(val);
	free(x);
	free(want);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
