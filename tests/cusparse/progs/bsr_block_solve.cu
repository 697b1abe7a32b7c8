// SPDX-License-Identifier: MIT
// A block-sparse triangular solve through cuSPARSE's legacy bsrsv2 API, as
// block preconditioners written for CUDA 10/11 apply their factors: a lower
// block-bidiagonal matrix of mb x mb blocks of 4 x 4 (diagonal blocks
// lower triangular with 2 on the diagonal, sub-diagonal blocks full),
// made in BSR by a kernel with the blocks stored column-major
// (CUSPARSE_DIRECTION_COLUMN); then
//   - L y = b and L^T z = b (bufferSize, analysis, zeroPivot, solve), each
//     checked by multiplying back on the host;
//   - the same matrix with one diagonal block removed: zeroPivot reports
//     that block row after the analysis (A(j,j): position j, as cuSPARSE
//     documents).
// Prints PASSED or FAILED.
// Build: idxgen-cc -o bsr_block_solve bsr_block_solve.cu -lcusparse
//        nvcc -arch=sm_90 -o bsr_block_solve bsr_block_solve.cu -lcusparse
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>

#define CHECK_CUDA(call)                                                                     \
	do {                                                                                 \
		cudaError_t e_ = (call);                                                     \
		if (e_ != cudaSuccess) {                                                     \
			printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); \
			exit(1);                                                             \
		}                                                                            \
	} while (0)
#define CHECK_CUSPARSE(call)                                                                 \
	do {                                                                                 \
		cusparseStatus_t s_ = (call);                                                \
		if (s_ != CUSPARSE_STATUS_SUCCESS) {                                         \
			printf("cuSPARSE error %d at line %d\n", (int)s_, __LINE__);          \
			exit(1);                                                             \
		}                                                                            \
	} while (0)

const int BD = 4;

// block row i: the sub-diagonal block (i > 0) then the diagonal block; blocks column-major
__global__ void make_bsr(int mb, int *rowPtr, int *colInd, double *val)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= mb)
		return;
	int first = i == 0 ? 0 : 2 * i - 1;
	rowPtr[i] = first;
	if (i == mb - 1)
		rowPtr[mb] = 2 * mb - 1;
	int k = first;
	if (i > 0) {
		colInd[k] = i - 1;
		for (int c = 0; c < BD; c++)
			for (int r = 0; r < BD; r++)
				val[k * BD * BD + c * BD + r] = 0.25 / (1 + r + c + i);
		k++;
	}
	colInd[k] = i;
	for (int c = 0; c < BD; c++)
		for (int r = 0; r < BD; r++)
			val[k * BD * BD + c * BD + r] = r == c ? 2.0 : r > c ? -0.5 : 99.0; // 99: upper half, not read
}

// the dense value of A(row, col) from the host copy of the BSR arrays, lower triangle only
static double dense_at(const std::vector<int> &rp, const std::vector<int> &ci, const std::vector<double> &v, int row,
		       int col)
{
	if (col > row)
		return 0;
	int bi = row / BD, r = row % BD, bj = col / BD, c = col % BD;
	for (int k = rp[bi]; k < rp[bi + 1]; k++)
		if (ci[k] == bj)
			return v[k * BD * BD + c * BD + r];
	return 0;
}

int main()
{
	const int mb = 50, n = mb * BD, nnzb = 2 * mb - 1;
	int *dRowPtr, *dColInd;
	double *dVal, *dB, *dY;
	CHECK_CUDA(cudaMalloc(&dRowPtr, sizeof(int) * (mb + 1)));
	CHECK_CUDA(cudaMalloc(&dColInd, sizeof(int) * nnzb));
	CHECK_CUDA(cudaMalloc(&dVal, sizeof(double) * nnzb * BD * BD));
	CHECK_CUDA(cudaMalloc(&dB, sizeof(double) * n));
	CHECK_CUDA(cudaMalloc(&dY, sizeof(double) * n));
	make_bsr<<<(mb + 63) / 64, 64>>>(mb, dRowPtr, dColInd, dVal);
	CHECK_CUDA(cudaGetLastError());
	std::vector<double> b(n);
	for (int i = 0; i < n; i++)
		b[i] = std::sin(0.1 * i) + 1.0;
	CHECK_CUDA(cudaMemcpy(dB, b.data(), sizeof(double) * n, cudaMemcpyHostToDevice));

	cusparseHandle_t handle;
	cusparseMatDescr_t descr;
	CHECK_CUSPARSE(cusparseCreate(&handle));
	CHECK_CUSPARSE(cusparseCreateMatDescr(&descr));
	CHECK_CUSPARSE(cusparseSetMatFillMode(descr, CUSPARSE_FILL_MODE_LOWER));
	CHECK_CUSPARSE(cusparseSetMatDiagType(descr, CUSPARSE_DIAG_TYPE_NON_UNIT));

	std::vector<int> rp(mb + 1), ci(nnzb);
	std::vector<double> v(nnzb * BD * BD);
	CHECK_CUDA(cudaMemcpy(rp.data(), dRowPtr, sizeof(int) * (mb + 1), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(ci.data(), dColInd, sizeof(int) * nnzb, cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(v.data(), dVal, sizeof(double) * nnzb * BD * BD, cudaMemcpyDeviceToHost));

	int failures = 0;
	const double one = 1.0;
	const cusparseOperation_t ops[2] = { CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE };
	for (int t = 0; t < 2; t++) {
		bsrsv2Info_t info;
		int bufSize = 0, pos = 0;
		void *buf;
		CHECK_CUSPARSE(cusparseCreateBsrsv2Info(&info));
		CHECK_CUSPARSE(cusparseDbsrsv2_bufferSize(handle, CUSPARSE_DIRECTION_COLUMN, ops[t], mb, nnzb, descr, dVal,
							  dRowPtr, dColInd, BD, info, &bufSize));
		CHECK_CUDA(cudaMalloc(&buf, bufSize));
		CHECK_CUSPARSE(cusparseDbsrsv2_analysis(handle, CUSPARSE_DIRECTION_COLUMN, ops[t], mb, nnzb, descr, dVal,
							dRowPtr, dColInd, BD, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf));
		if (cusparseXbsrsv2_zeroPivot(handle, info, &pos) == CUSPARSE_STATUS_ZERO_PIVOT) {
			printf("unexpected zero pivot at %d\n", pos);
			failures++;
		}
		CHECK_CUSPARSE(cusparseDbsrsv2_solve(handle, CUSPARSE_DIRECTION_COLUMN, ops[t], mb, nnzb, &one, descr, dVal,
						     dRowPtr, dColInd, BD, info, dB, dY, CUSPARSE_SOLVE_POLICY_USE_LEVEL,
						     buf));
		std::vector<double> y(n);
		CHECK_CUDA(cudaMemcpy(y.data(), dY, sizeof(double) * n, cudaMemcpyDeviceToHost));
		double err = 0;
		for (int i = 0; i < n; i++) {
			double s = 0;
			for (int j = 0; j < n; j++)
				s += (t ? dense_at(rp, ci, v, j, i) : dense_at(rp, ci, v, i, j)) * y[j];
			err = std::fmax(err, std::fabs(s - b[i]));
		}
		printf("bsrsv2 %s: max |op(L) y - b| = %.3e\n", t ? "L^T" : "L", err);
		failures += !(err < 1e-12);
		CHECK_CUSPARSE(cusparseDestroyBsrsv2Info(info));
		CHECK_CUDA(cudaFree(buf));
	}

	// drop block row 7's diagonal block (it becomes a second sub-diagonal entry): structural zero pivot at block row 7
	std::vector<int> ci2 = ci;
	ci2[rp[7] + 1] = 5;
	CHECK_CUDA(cudaMemcpy(dColInd, ci2.data(), sizeof(int) * nnzb, cudaMemcpyHostToDevice));
	bsrsv2Info_t info;
	int pos = -1, bufSize = 0;
	void *buf;
	CHECK_CUSPARSE(cusparseCreateBsrsv2Info(&info));
	CHECK_CUSPARSE(cusparseDbsrsv2_bufferSize(handle, CUSPARSE_DIRECTION_COLUMN, ops[0], mb, nnzb, descr, dVal,
						  dRowPtr, dColInd, BD, info, &bufSize));
	CHECK_CUDA(cudaMalloc(&buf, bufSize));
	CHECK_CUSPARSE(cusparseDbsrsv2_analysis(handle, CUSPARSE_DIRECTION_COLUMN, ops[0], mb, nnzb, descr, dVal, dRowPtr,
						dColInd, BD, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf));
	cusparseStatus_t zs = cusparseXbsrsv2_zeroPivot(handle, info, &pos);
	printf("missing diagonal block: zero pivot at %d\n", pos);
	failures += !(zs == CUSPARSE_STATUS_ZERO_PIVOT && pos == 7);
	CHECK_CUSPARSE(cusparseDestroyBsrsv2Info(info));
	CHECK_CUDA(cudaFree(buf));

	CHECK_CUSPARSE(cusparseDestroyMatDescr(descr));
	CHECK_CUSPARSE(cusparseDestroy(handle));
	CHECK_CUDA(cudaFree(dRowPtr));
	CHECK_CUDA(cudaFree(dColInd));
	CHECK_CUDA(cudaFree(dVal));
	CHECK_CUDA(cudaFree(dB));
	CHECK_CUDA(cudaFree(dY));
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? 1 : 0;
}
