// SPDX-License-Identifier: MIT
/*
 * test_bsr_generic.c - BSR matrices of cuSPARSE's generic API
 * (cusparseCreateBsr, CreateConstBsr, BsrSetStridedBatch; lib/cusparse/
 * bsr_generic.c): a 6 x 6 matrix of 3 x 2 blocks of 2 x 3 values, 4 blocks
 * stored, in row-major and column-major blocks, 0- and 1-based; SpMV
 * (CUSPARSE_SPMV_BSR_ALG1), SpMM (CUSPARSE_SPMM_BSR_ALG1) and a strided
 * batch of two, SparseToDense, against the dense matrix the test spreads
 * from the same arrays by its own loops and products formed by plain loops;
 * DenseToSparse into BSR refused; bad arguments refused.
 */
#include <math.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "tap.h"

#define TAP_ST(call, want)                                                                         \
	do {                                                                                       \
		cusparseStatus_t s_ = (call);                                                      \
		tap_ok(s_ == (want), "%s -> %d", #call, (int)s_);                                  \
	} while (0)

enum {
	BR = 3,
	BC = 2,
	RB = 2,
	CB = 3,
	BNNZ = 4,
	ROWS = BR * RB,
	COLS = BC * CB,
	VALS = BNNZ * RB * CB
};

static cusparseHandle_t H;
static const int offs[BR + 1] = {0, 2, 3, 4}, cols[BNNZ] = {0, 1, 1, 0};

/* the dense matrix from the BSR arrays: block k's (ii, jj) where its order puts it */
static void spread(const double *val, int col_major, double *d)
{
	memset(d, 0, ROWS * COLS * sizeof(*d));
	for (int br = 0; br < BR; br++)
		for (int k = offs[br]; k < offs[br + 1]; k++)
			for (int ii = 0; ii < RB; ii++)
				for (int jj = 0; jj < CB; jj++)
					d[(br * RB + ii) * COLS + cols[k] * CB + jj] =
					    val[k * RB * CB +
						(col_major ? jj * RB + ii : ii * CB + jj)];
}

static double max_diff(const double *a, const double *b, int n)
{
	double e = 0;

	for (int i = 0; i < n; i++)
		e = fmax(e, fabs(a[i] - b[i]));
	return e;
}

/* y = A x by the dense matrix */
static void dense_mv(const double *d, const double *x, double *y)
{
	for (int i = 0; i < ROWS; i++) {
		y[i] = 0;
		for (int j = 0; j < COLS; j++)
			y[i] += d[i * COLS + j] * x[j];
	}
}

static cusparseStatus_t spmv(cusparseConstSpMatDescr_t A, const double *x, double *y)
{
	cusparseDnVecDescr_t vx, vy;
	double one = 1, zero = 0;
	size_t size = 1;
	cusparseStatus_t st;

	cusparseCreateDnVec(&vx, COLS, (void *)x, CUDA_R_64F);
	cusparseCreateDnVec(&vy, ROWS, y, CUDA_R_64F);
	st = cusparseSpMV_bufferSize(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy,
				     CUDA_R_64F, CUSPARSE_SPMV_BSR_ALG1, &size);
	if (!st)
		st = cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy,
				  CUDA_R_64F, CUSPARSE_SPMV_BSR_ALG1, NULL);
	cusparseDestroyDnVec(vx);
	cusparseDestroyDnVec(vy);
	return st;
}

TAP_TEST(spmv_both_orders)
{
	double val[VALS], d[ROWS * COLS], x[COLS], y[ROWS], want[ROWS];

	for (int k = 0; k < VALS; k++)
		val[k] = k + 1;
	for (int j = 0; j < COLS; j++)
		x[j] = 0.5 * j - 1;
	for (int col_major = 0; col_major <= 1; col_major++) {
		cusparseSpMatDescr_t A;
		int64_t r, c, nnz;

		TAP_ST(cusparseCreateBsr(&A, BR, BC, BNNZ, RB, CB, (void *)offs, (void *)cols, val,
					 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
					 CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F,
					 col_major ? CUSPARSE_ORDER_COL : CUSPARSE_ORDER_ROW),
		       CUSPARSE_STATUS_SUCCESS);
		cusparseSpMatGetSize(A, &r, &c, &nnz);
		tap_ok(r == ROWS && c == COLS && nnz == BNNZ,
		       "cusparseSpMatGetSize: %lld x %lld, %lld blocks", (long long)r, (long long)c,
		       (long long)nnz);
		spread(val, col_major, d);
		dense_mv(d, x, want);
		memset(y, 0, sizeof(y));
		tap_ok(spmv(A, x, y) == CUSPARSE_STATUS_SUCCESS && max_diff(y, want, ROWS) == 0,
		       "SpMV, %s-major blocks: y = A x as the test's dense product (|error| %g)",
		       col_major ? "column" : "row", max_diff(y, want, ROWS));
		cusparseDestroySpMat(A);
	}
}

TAP_TEST(const_one_based_float)
{
	int offs1[BR + 1], cols1[BNNZ];
	float val[VALS], dense[ROWS * COLS];
	double vd[VALS], d[ROWS * COLS], got[ROWS * COLS];
	cusparseConstSpMatDescr_t A;
	cusparseDnMatDescr_t D;

	for (int i = 0; i <= BR; i++)
		offs1[i] = offs[i] + 1;
	for (int k = 0; k < BNNZ; k++)
		cols1[k] = cols[k] + 1;
	for (int k = 0; k < VALS; k++)
		val[k] = (float)(k % 7) - 3, vd[k] = val[k];
	TAP_ST(cusparseCreateConstBsr(&A, BR, BC, BNNZ, RB, CB, offs1, cols1, val,
				      CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
				      CUSPARSE_INDEX_BASE_ONE, CUDA_R_32F, CUSPARSE_ORDER_ROW),
	       CUSPARSE_STATUS_SUCCESS);
	cusparseCreateDnMat(&D, ROWS, COLS, COLS, dense, CUDA_R_32F, CUSPARSE_ORDER_ROW);
	TAP_ST(cusparseSparseToDense(H, A, D, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, NULL),
	       CUSPARSE_STATUS_SUCCESS);
	spread(vd, 0, d);
	for (int i = 0; i < ROWS * COLS; i++)
		got[i] = dense[i];
	tap_ok(max_diff(got, d, ROWS * COLS) == 0,
	       "SparseToDense of a 1-based float BSR: the test's spread");
	cusparseDestroyDnMat(D);
	cusparseDestroySpMat(A);
}

/* C = A B for two matrices of a batch (values of each at their own stride), B shared */
TAP_TEST(spmm_batch)
{
	double val[2 * VALS], b[COLS * 2], c[2 * ROWS * 2], d[ROWS * COLS], want[ROWS * 2],
	    one = 1, zero = 0;
	cusparseSpMatDescr_t A;
	cusparseDnMatDescr_t B, C;
	int ok = 1, cols2[2 * BNNZ];

	for (int k = 0; k < 2 * VALS; k++)
		val[k] = (k * 5) % 11 - 4;
	for (int k = 0; k < COLS * 2; k++)
		b[k] = k % 3 + 0.25;
	for (int k = 0; k < 2 * BNNZ; k++) /* both matrices' columns: the same pattern */
		cols2[k] = cols[k % BNNZ];
	cusparseCreateBsr(&A, BR, BC, BNNZ, RB, CB, (void *)offs, cols2, val, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F,
			  CUSPARSE_ORDER_ROW);
	TAP_ST(cusparseBsrSetStridedBatch(A, 2, 0, BNNZ, VALS), CUSPARSE_STATUS_SUCCESS);
	cusparseCreateDnMat(&B, COLS, 2, 2, b, CUDA_R_64F, CUSPARSE_ORDER_ROW);
	cusparseCreateDnMat(&C, ROWS, 2, 2, c, CUDA_R_64F, CUSPARSE_ORDER_ROW);
	cusparseDnMatSetStridedBatch(C, 2, ROWS * 2);
	TAP_ST(cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
			    &one, A, B, &zero, C, CUDA_R_64F, CUSPARSE_SPMM_BSR_ALG1, NULL),
	       CUSPARSE_STATUS_SUCCESS);
	for (int m = 0; m < 2; m++) {
		spread(val + m * VALS, 0, d);
		for (int i = 0; i < ROWS; i++)
			for (int j = 0; j < 2; j++) {
				want[i * 2 + j] = 0;
				for (int q = 0; q < COLS; q++)
					want[i * 2 + j] += d[i * COLS + q] * b[q * 2 + j];
			}
		ok &= max_diff(c + m * ROWS * 2, want, ROWS * 2) == 0;
	}
	tap_ok(ok, "SpMM over a strided batch of two BSR matrices: each C = A_m B");
	TAP_ST(cusparseBsrSetStridedBatch(A, 2, 0, BNNZ - 1, VALS), CUSPARSE_STATUS_INVALID_VALUE);
	TAP_ST(cusparseBsrSetStridedBatch(A, 2, 0, BNNZ, VALS - 1), CUSPARSE_STATUS_INVALID_VALUE);
	TAP_ST(cusparseCsrSetStridedBatch(A, 2, 0, VALS), CUSPARSE_STATUS_INVALID_VALUE);
	cusparseDestroyDnMat(B);
	cusparseDestroyDnMat(C);
	cusparseDestroySpMat(A);
}

TAP_TEST(refusals)
{
	double val[VALS] = {0}, dense[ROWS * COLS] = {0}, x[COLS] = {0}, y[ROWS];
	int bad_cols[BNNZ] = {0, 2, 1, 0}, past_bnnz[BR + 1] = {0, 3, 3, 5};
	cusparseSpMatDescr_t A;
	cusparseDnMatDescr_t D;
	size_t size;

	TAP_ST(cusparseCreateBsr(&A, BR, BC, BNNZ, 0, CB, (void *)offs, (void *)cols, val,
				 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
				 CUDA_R_64F, CUSPARSE_ORDER_ROW),
	       CUSPARSE_STATUS_INVALID_VALUE);
	TAP_ST(cusparseCreateBsr(&A, BR, BC, BNNZ, RB, CB, (void *)offs, (void *)cols, val,
				 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
				 CUDA_R_64F, (cusparseOrder_t)9),
	       CUSPARSE_STATUS_INVALID_VALUE);
	/* a block column past the matrix, offsets past the bnnz blocks: SpMV refuses */
	cusparseCreateBsr(&A, BR, BC, BNNZ, RB, CB, (void *)offs, bad_cols, val, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F,
			  CUSPARSE_ORDER_ROW);
	TAP_ST(spmv(A, x, y), CUSPARSE_STATUS_INVALID_VALUE);
	cusparseDestroySpMat(A);
	cusparseCreateBsr(&A, BR, BC, BNNZ, RB, CB, past_bnnz, (void *)cols, val,
			  CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
			  CUDA_R_64F, CUSPARSE_ORDER_ROW);
	TAP_ST(spmv(A, x, y), CUSPARSE_STATUS_INVALID_VALUE);
	/* DenseToSparse writes by entry number: not into BSR */
	cusparseCreateDnMat(&D, ROWS, COLS, COLS, dense, CUDA_R_64F, CUSPARSE_ORDER_ROW);
	TAP_ST(cusparseDenseToSparse_bufferSize(H, D, A, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, &size),
	       CUSPARSE_STATUS_NOT_SUPPORTED);
	cusparseDestroyDnMat(D);
	cusparseDestroySpMat(A);
}

static int make_handle(void)
{
	return tap_ok(cusparseCreate(&H) == CUSPARSE_STATUS_SUCCESS, "cusparseCreate");
}

static void free_handle(void)
{
	tap_ok(cusparseDestroy(H) == CUSPARSE_STATUS_SUCCESS, "cusparseDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
