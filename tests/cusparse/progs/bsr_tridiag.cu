// SPDX-License-Identifier: MIT
// A tridiagonal operator (the 1-D Laplacian plus a varying shift) stored
// in CSR by our own kernel, converted to BSR with 4 x 4 blocks
// (cusparseXcsr2bsrNnz + cusparseDcsr2bsr; 50 rows, so the last block row
// reaches past the matrix), applied to a chosen x with cusparseDbsrmv, and
// the product solved back with cusparseDgtsv2 (two right-hand sides: b and
// 2 b) and cusparseDgtsv2StridedBatch; x must come back each time.  The BSR
// matrix also goes back to CSR (cusparseDbsr2csr) and must hold the same
// entries.  Prints PASSED or FAILED.
// Build: idxgen-cc -o bsr_tridiag bsr_tridiag.cu -lcusparse
//        nvcc -arch=sm_90 -o bsr_tridiag bsr_tridiag.cu -lcusparse
#include <cmath>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>

#define CHECK_CUDA(call)                                                                           \
	{                                                                                          \
		cudaError_t e_ = (call);                                                           \
		if (e_ != cudaSuccess) {                                                           \
			printf("CUDA API failed at line %d: %s\n", __LINE__,                       \
			       cudaGetErrorString(e_));                                            \
			return 1;                                                                  \
		}                                                                                  \
	}
#define CHECK_CUSPARSE(call)                                                                       \
	{                                                                                          \
		cusparseStatus_t s_ = (call);                                                      \
		if (s_ != CUSPARSE_STATUS_SUCCESS) {                                               \
			printf("CUSPARSE API failed at line %d: %s (%d)\n", __LINE__,              \
			       cusparseGetErrorString(s_), (int)s_);                               \
			return 1;                                                                  \
		}                                                                                  \
	}

__device__ double shift(int i)
{
	return 0.1 * (i % 5);
}

// row i of the operator: -1, 2 + shift(i), -1; also its three diagonals
__global__ void build(int m, int *off, int *col, double *val, double *dl, double *d, double *du)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= m)
		return;
	int first = i == 0 ? 0 : 3 * i - 1, p = first;
	if (i > 0) {
		col[p] = i - 1;
		val[p++] = -1.0;
	}
	col[p] = i;
	val[p++] = 2.0 + shift(i);
	if (i + 1 < m) {
		col[p] = i + 1;
		val[p++] = -1.0;
	}
	off[i] = first;
	if (i == m - 1)
		off[m] = p;
	dl[i] = i > 0 ? -1.0 : 0.0;
	d[i] = 2.0 + shift(i);
	du[i] = i + 1 < m ? -1.0 : 0.0;
}

static double max_err(const std::vector<double> &got, const std::vector<double> &want, int n)
{
	double e = 0;
	for (int i = 0; i < n; i++)
		e = std::fmax(e, std::fabs(got[i] - want[i]));
	return e;
}

int main()
{
	const int m = 50, nnz = 3 * m - 2, bd = 4, mb = (m + bd - 1) / bd;
	std::vector<double> x(m), xx(2 * m);
	for (int i = 0; i < m; i++)
		x[i] = std::cos(0.3 * i);

	cusparseHandle_t handle;
	cusparseMatDescr_t descr;
	CHECK_CUSPARSE(cusparseCreate(&handle));
	CHECK_CUSPARSE(cusparseCreateMatDescr(&descr));
	int *d_off, *d_col, *d_boff, *d_bcol, *d_coff, *d_ccol;
	double *d_val, *d_dl, *d_d, *d_du, *d_x, *d_y, *d_bval, *d_cval, *d_B;
	CHECK_CUDA(cudaMalloc(&d_off, sizeof(int) * (m + 1)));
	CHECK_CUDA(cudaMalloc(&d_col, sizeof(int) * nnz));
	CHECK_CUDA(cudaMalloc(&d_val, sizeof(double) * nnz));
	CHECK_CUDA(cudaMalloc(&d_dl, sizeof(double) * m));
	CHECK_CUDA(cudaMalloc(&d_d, sizeof(double) * m));
	CHECK_CUDA(cudaMalloc(&d_du, sizeof(double) * m));
	CHECK_CUDA(cudaMalloc(&d_x, sizeof(double) * mb * bd));
	CHECK_CUDA(cudaMalloc(&d_y, sizeof(double) * mb * bd));
	CHECK_CUDA(cudaMalloc(&d_B, sizeof(double) * 2 * m));
	CHECK_CUDA(cudaMalloc(&d_boff, sizeof(int) * (mb + 1)));
	build<<<(m + 31) / 32, 32>>>(m, d_off, d_col, d_val, d_dl, d_d, d_du);
	CHECK_CUDA(cudaGetLastError());

	int nnzb = 0;
	CHECK_CUSPARSE(cusparseXcsr2bsrNnz(handle, CUSPARSE_DIRECTION_ROW, m, m, descr, d_off,
					   d_col, bd, descr, d_boff, &nnzb));
	CHECK_CUDA(cudaMalloc(&d_bcol, sizeof(int) * nnzb));
	CHECK_CUDA(cudaMalloc(&d_bval, sizeof(double) * nnzb * bd * bd));
	CHECK_CUSPARSE(cusparseDcsr2bsr(handle, CUSPARSE_DIRECTION_ROW, m, m, descr, d_val, d_off,
					d_col, bd, descr, d_bval, d_boff, d_bcol));

	// y = A x with x padded by zeros to the whole last block
	CHECK_CUDA(cudaMemset(d_x, 0, sizeof(double) * mb * bd));
	CHECK_CUDA(cudaMemcpy(d_x, x.data(), sizeof(double) * m, cudaMemcpyHostToDevice));
	const double one = 1.0, zero = 0.0;
	CHECK_CUSPARSE(cusparseDbsrmv(handle, CUSPARSE_DIRECTION_ROW,
				      CUSPARSE_OPERATION_NON_TRANSPOSE, mb, mb, nnzb, &one, descr,
				      d_bval, d_boff, d_bcol, bd, d_x, &zero, d_y));

	// b and 2 b as two right-hand sides of gtsv2
	std::vector<double> y(m);
	CHECK_CUDA(cudaMemcpy(y.data(), d_y, sizeof(double) * m, cudaMemcpyDeviceToHost));
	for (int i = 0; i < m; i++)
		xx[i] = y[i], xx[m + i] = 2 * y[i];
	CHECK_CUDA(cudaMemcpy(d_B, xx.data(), sizeof(double) * 2 * m, cudaMemcpyHostToDevice));
	size_t bytes = 0;
	void *buffer;
	CHECK_CUSPARSE(cusparseDgtsv2_bufferSizeExt(handle, m, 2, d_dl, d_d, d_du, d_B, m, &bytes));
	CHECK_CUDA(cudaMalloc(&buffer, bytes));
	CHECK_CUSPARSE(cusparseDgtsv2(handle, m, 2, d_dl, d_d, d_du, d_B, m, buffer));
	CHECK_CUDA(cudaMemcpy(xx.data(), d_B, sizeof(double) * 2 * m, cudaMemcpyDeviceToHost));
	std::vector<double> x2(m), second(xx.begin() + m, xx.end());
	for (int i = 0; i < m; i++)
		x2[i] = 2 * x[i];
	double e1 = max_err(xx, x, m), e2 = max_err(second, x2, m);

	// the same system as a batch of one
	CHECK_CUDA(cudaMemcpy(d_B, y.data(), sizeof(double) * m, cudaMemcpyHostToDevice));
	CHECK_CUSPARSE(cusparseDgtsv2StridedBatch(handle, m, d_dl, d_d, d_du, d_B, 1, m, buffer));
	std::vector<double> xs(m);
	CHECK_CUDA(cudaMemcpy(xs.data(), d_B, sizeof(double) * m, cudaMemcpyDeviceToHost));
	double e3 = max_err(xs, x, m);

	// back to CSR: mb * bd rows, every block entry stored; the same values where A has them
	int cm = mb * bd, cnnz = nnzb * bd * bd;
	CHECK_CUDA(cudaMalloc(&d_coff, sizeof(int) * (cm + 1)));
	CHECK_CUDA(cudaMalloc(&d_ccol, sizeof(int) * cnnz));
	CHECK_CUDA(cudaMalloc(&d_cval, sizeof(double) * cnnz));
	CHECK_CUSPARSE(cusparseDbsr2csr(handle, CUSPARSE_DIRECTION_ROW, mb, mb, descr, d_bval,
					d_boff, d_bcol, bd, descr, d_cval, d_coff, d_ccol));
	std::vector<int> coff(cm + 1), ccol(cnnz);
	std::vector<double> cval(cnnz);
	CHECK_CUDA(cudaMemcpy(coff.data(), d_coff, sizeof(int) * (cm + 1), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(ccol.data(), d_ccol, sizeof(int) * cnnz, cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(cval.data(), d_cval, sizeof(double) * cnnz, cudaMemcpyDeviceToHost));
	int bad = coff[cm] != cnnz;
	for (int i = 0; i < cm && !bad; i++)
		for (int p = coff[i]; p < coff[i + 1]; p++) {
			int j = ccol[p];
			double want = 0;
			if (i < m && j < m && (j == i - 1 || j == i + 1))
				want = -1.0;
			else if (i < m && j == i)
				want = 2.0 + 0.1 * (i % 5);
			bad += cval[p] != want;
		}

	printf("blocks %d, gtsv2 errors %.2g %.2g, strided %.2g, bsr2csr mismatches %d\n", nnzb, e1,
	       e2, e3, bad);
	bool ok = nnzb == 3 * mb - 2 && e1 < 1e-12 && e2 < 1e-12 && e3 < 1e-12 && !bad;
	printf("%s\n", ok ? "PASSED" : "FAILED");
	cusparseDestroyMatDescr(descr);
	cusparseDestroy(handle);
	cudaFree(d_off), cudaFree(d_col), cudaFree(d_val), cudaFree(d_dl), cudaFree(d_d);
	cudaFree(d_du), cudaFree(d_x), cudaFree(d_y), cudaFree(d_B), cudaFree(d_boff);
	cudaFree(d_bcol), cudaFree(d_bval), cudaFree(d_coff), cudaFree(d_ccol), cudaFree(d_cval);
	cudaFree(buffer);
	return ok ? 0 : 1;
}
