// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy bsrsm2 family, op(A) op(X) = alpha op(B) for a
 * square BSR matrix A (bsr_legacy.c) and n right-hand sides: transXY N (B,
 * X m x n) or T (B, X n x m; op(X) = X^T), m = mb blockDim; cuSPARSE has no
 * conjugate transXY (NOT_SUPPORTED).  The triangle and diagonal type come
 * from the legacy descriptor (that half of each diagonal block), as
 * bsrsv2's.  B is copied into X, then A's expansion is solved in place by
 * SpSM (spsv.c) as csrsm2 does.  Zero pivots: block rows, as bsrsv2's.
 * Buffers are 1 byte; the policy is accepted.
 */
#include <string.h>
#include "cusparse_internal.h"

struct bsm2_args {
	struct sp_bsr a;
	cusparseOperation_t opA, opX;
	int n;
};

static cusparseStatus_t bsm2_check(cusparseHandle_t handle, const struct bsm2_args *a, bsrsm2Info_t info)
{
	cusparseStatus_t st = sp_legacy_bsr_check(handle, &a->a, info);

	if (st)
		return st;
	if (a->opX == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	if (!sp_op_ok(a->opA) || (a->opX != CUSPARSE_OPERATION_NON_TRANSPOSE && a->opX != CUSPARSE_OPERATION_TRANSPOSE) ||
	    a->n < 0)
		return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

/* the leading dimension B and X need: their rows (m for transXY N, n for T), at least 1 */
static int bsm2_rows(const struct bsm2_args *a)
{
	return a->opX == CUSPARSE_OPERATION_NON_TRANSPOSE ? a->a.mb * a->a.bd : a->n;
}

static cusparseStatus_t bsm2_analysis(cusparseHandle_t handle, cudaDataType t, const struct bsm2_args *a,
				      bsrsm2Info_t info)
{
	SP_CALL(handle, bsm2_check(handle, a, info));
	int block = -1;

	if (a->a.d->diag != CUSPARSE_DIAG_TYPE_UNIT) {
		struct sp_bsr_csr c;
		cusparseStatus_t st = sp_bsr_expand(t, &a->a, &c, false);

		if (st)
			return st;
		block = sp_bsr_zero_block(t, &a->a, &c, false);
		sp_bsr_csr_free(&c);
	}
	info->piv = (struct sp_pivots){ block, -1, (int)a->a.d->base };
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t bsm2_solve(cusparseHandle_t handle, cudaDataType t, const struct bsm2_args *a,
				   const void *alpha, bsrsm2Info_t info, const void *B, int ldb, void *X, int ldx)
{
	SP_CALL(handle, bsm2_check(handle, a, info));
	int m = a->a.mb * a->a.bd, rows = bsm2_rows(a), cols = a->opX == CUSPARSE_OPERATION_NON_TRANSPOSE ? a->n : m;
	size_t es = sp_is_complex(t) ? (t == CUDA_C_64F ? 16 : 8) : (t == CUDA_R_64F ? 8 : 4);

	if (!alpha || ldb < (rows > 1 ? rows : 1) || ldx < (rows > 1 ? rows : 1) || (m && a->n && (!B || !X)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	struct sp_bsr_csr c;
	cusparseStatus_t st = sp_bsr_expand(t, &a->a, &c, false);
	if (st)
		return st;
	for (int j = 0; j < cols; j++)	/* X = B, then solved in place */
		memmove((char *)X + (size_t)j * ldx * es, (const char *)B + (size_t)j * ldb * es, (size_t)rows * es);
	bool nx = a->opX == CUSPARSE_OPERATION_NON_TRANSPOSE;
	struct cusparseSpMatDescr A = {
		.fmt = CUSPARSE_FORMAT_CSR, .rows = m, .cols = m, .nnz = c.off[m],
		.off = c.off, .ind = c.col, .val = c.val,
		.off_type = CUSPARSE_INDEX_32I, .ind_type = CUSPARSE_INDEX_32I,
		.base = CUSPARSE_INDEX_BASE_ZERO, .vtype = t, .fill = a->a.d->fill, .diag = a->a.d->diag,
	};
	/* op(B) is m x n over X: column-major m x n (N) or row-major m x n = X^T (T), as csrsm2's */
	struct cusparseDnMatDescr Bm = { nx ? m : a->n, nx ? a->n : m, ldx, X, t, CUSPARSE_ORDER_COL, 1, 0 };
	struct cusparseDnMatDescr Xm = { m, a->n, ldx, X, t, nx ? CUSPARSE_ORDER_COL : CUSPARSE_ORDER_ROW, 1, 0 };
	st = sp_spsm(handle, a->opA, a->opX, alpha, &A, &Bm, &Xm);
	if (!st && a->a.d->diag != CUSPARSE_DIAG_TYPE_UNIT) {
		info->piv.base = (int)a->a.d->base;
		info->piv.numerical = sp_bsr_zero_block(t, &a->a, &c, true);
	}
	sp_bsr_csr_free(&c);
	return st;
}

#define BSM2_ARGS { { dirA, mb, nnzb, blockSize, descrA, bsrSortedVal, bsrSortedRowPtr, bsrSortedColInd }, transA, transXY, n }
#define GEN_BSM2(P, T, TYPE)                                                                                    \
	cusparseStatus_t cusparse##P##bsrsm2_bufferSize(                                                        \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,                  \
		cusparseOperation_t transXY, int mb, int n, int nnzb, const cusparseMatDescr_t descrA,          \
		T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockSize,        \
		bsrsm2Info_t info, int *pBufferSizeInBytes)                                                     \
	{                                                                                                       \
		struct bsm2_args a = BSM2_ARGS;                                                                 \
		return sp_legacy_buffer_size(bsm2_check(handle, &a, info), pBufferSizeInBytes);                 \
	}                                                                                                       \
	cusparseStatus_t cusparse##P##bsrsm2_bufferSizeExt(                                                     \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,                  \
		cusparseOperation_t transB, int mb, int n, int nnzb, const cusparseMatDescr_t descrA,           \
		T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockSize,        \
		bsrsm2Info_t info, size_t *pBufferSize)                                                         \
	{                                                                                                       \
		cusparseOperation_t transXY = transB;                                                           \
		struct bsm2_args a = BSM2_ARGS;                                                                 \
		return sp_legacy_buffer_size_ext(bsm2_check(handle, &a, info), pBufferSize);                    \
	}                                                                                                       \
	cusparseStatus_t cusparse##P##bsrsm2_analysis(                                                          \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,                  \
		cusparseOperation_t transXY, int mb, int n, int nnzb, const cusparseMatDescr_t descrA,          \
		const T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockSize,  \
		bsrsm2Info_t info, cusparseSolvePolicy_t policy, void *pBuffer)                                 \
	{                                                                                                       \
		struct bsm2_args a = BSM2_ARGS;                                                                 \
		(void)policy, (void)pBuffer;                                                                    \
		return bsm2_analysis(handle, TYPE, &a, info);                                                   \
	}                                                                                                       \
	cusparseStatus_t cusparse##P##bsrsm2_solve(                                                             \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,                  \
		cusparseOperation_t transXY, int mb, int n, int nnzb, const T *alpha,                           \
		const cusparseMatDescr_t descrA, const T *bsrSortedVal, const int *bsrSortedRowPtr,            \
		const int *bsrSortedColInd, int blockSize, bsrsm2Info_t info, const T *B, int ldb, T *X, int ldx, \
		cusparseSolvePolicy_t policy, void *pBuffer)                                                    \
	{                                                                                                       \
		struct bsm2_args a = BSM2_ARGS;                                                                 \
		(void)policy, (void)pBuffer;                                                                    \
		return bsm2_solve(handle, TYPE, &a, alpha, info, B, ldb, X, ldx);                               \
	}

GEN_BSM2(S, float, CUDA_R_32F)
GEN_BSM2(D, double, CUDA_R_64F)
GEN_BSM2(C, cuComplex, CUDA_C_32F)
GEN_BSM2(Z, cuDoubleComplex, CUDA_C_64F)
