// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy bsrsv2 family, op(A) y = alpha x for a BSR
 * matrix A of mb x mb blocks of blockDim x blockDim (each block row-major,
 * CUSPARSE_DIRECTION_ROW, or column-major), 32-bit block indices.  The
 * triangle of the legacy descriptor is the triangle of the whole matrix:
 * the blocks on its side of the diagonal and that half of each diagonal
 * block, as cuSPARSE reads it; the rest is ignored, a unit diagonal not
 * read.  The matrix is expanded into a CSR copy (every stored block entry,
 * zeros included) and solved by SpSV (spsv.c), so the arithmetic is
 * csrsv2's.  Zero pivots: a block row without a diagonal block (from
 * _analysis) or a diagonal block with a 0 on its diagonal (from _solve),
 * for a non-unit diagonal only, reported as the block row j of A(j,j) in
 * A's base, as cuSPARSE documents (bsr_legacy.c).  Buffers are 1 byte; the
 * policy is accepted.
 */
#include <stdint.h>
#include <stdlib.h>
#include "cusparse_internal.h"

struct bsv2_args {
	struct sp_bsr a;
	cusparseOperation_t op;
};

static cusparseStatus_t bsv2_check(cusparseHandle_t handle, const struct bsv2_args *a, bsrsv2Info_t info)
{
	cusparseStatus_t st = sp_legacy_bsr_check(handle, &a->a, info);

	if (st)
		return st;
	return sp_op_ok(a->op) ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_INVALID_VALUE;
}

static cusparseStatus_t bsv2_analysis(cusparseHandle_t handle, cudaDataType t, const struct bsv2_args *a,
				      bsrsv2Info_t info)
{
	SP_CALL(handle, bsv2_check(handle, a, info));
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

static cusparseStatus_t bsv2_solve(cusparseHandle_t handle, cudaDataType t, const struct bsv2_args *a,
				   const void *alpha, bsrsv2Info_t info, const void *x, void *y)
{
	SP_CALL(handle, bsv2_check(handle, a, info));
	int n = a->a.mb * a->a.bd;

	if (!alpha || (n && (!x || !y)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	struct sp_bsr_csr c;
	cusparseStatus_t st = sp_bsr_expand(t, &a->a, &c, false);
	if (st)
		return st;
	struct cusparseSpMatDescr A = {
		.fmt = CUSPARSE_FORMAT_CSR, .rows = n, .cols = n, .nnz = c.off[n],
		.off = c.off, .ind = c.col, .val = c.val,
		.off_type = CUSPARSE_INDEX_32I, .ind_type = CUSPARSE_INDEX_32I,
		.base = CUSPARSE_INDEX_BASE_ZERO, .vtype = t, .fill = a->a.d->fill, .diag = a->a.d->diag,
	};
	struct cusparseDnVecDescr X = { n, (void *)x, t }, Y = { n, y, t };
	st = sp_spsv(handle, a->op, alpha, &A, &X, &Y);
	if (!st && a->a.d->diag != CUSPARSE_DIAG_TYPE_UNIT) {
		info->piv.base = (int)a->a.d->base;
		info->piv.numerical = sp_bsr_zero_block(t, &a->a, &c, true);
	}
	sp_bsr_csr_free(&c);
	return st;
}

#define BSV2_ARGS { { dirA, mb, nnzb, blockDim, descrA, bsrSortedValA, bsrSortedRowPtrA, bsrSortedColIndA }, transA }
#define GEN_BSV2(P, T, TYPE)                                                                                  \
	cusparseStatus_t cusparse##P##bsrsv2_bufferSize(                                                       \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA, int mb, int nnzb, \
		const cusparseMatDescr_t descrA, T *bsrSortedValA, const int *bsrSortedRowPtrA,               \
		const int *bsrSortedColIndA, int blockDim, bsrsv2Info_t info, int *pBufferSizeInBytes)         \
	{                                                                                                      \
		struct bsv2_args a = BSV2_ARGS;                                                                \
		return sp_legacy_buffer_size(bsv2_check(handle, &a, info), pBufferSizeInBytes);                \
	}                                                                                                      \
	cusparseStatus_t cusparse##P##bsrsv2_bufferSizeExt(                                                    \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA, int mb, int nnzb, \
		const cusparseMatDescr_t descrA, T *bsrSortedValA, const int *bsrSortedRowPtrA,               \
		const int *bsrSortedColIndA, int blockSize, bsrsv2Info_t info, size_t *pBufferSize)            \
	{                                                                                                      \
		int blockDim = blockSize;                                                                      \
		struct bsv2_args a = BSV2_ARGS;                                                                \
		return sp_legacy_buffer_size_ext(bsv2_check(handle, &a, info), pBufferSize);                                             \
	}                                                                                                      \
	cusparseStatus_t cusparse##P##bsrsv2_analysis(                                                         \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA, int mb, int nnzb, \
		const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,         \
		const int *bsrSortedColIndA, int blockDim, bsrsv2Info_t info, cusparseSolvePolicy_t policy,    \
		void *pBuffer)                                                                                 \
	{                                                                                                      \
		struct bsv2_args a = BSV2_ARGS;                                                                \
		(void)policy, (void)pBuffer;                                                                   \
		return bsv2_analysis(handle, TYPE, &a, info);                                                  \
	}                                                                                                      \
	cusparseStatus_t cusparse##P##bsrsv2_solve(                                                            \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA, int mb, int nnzb, \
		const T *alpha, const cusparseMatDescr_t descrA, const T *bsrSortedValA,                      \
		const int *bsrSortedRowPtrA, const int *bsrSortedColIndA, int blockDim, bsrsv2Info_t info,     \
		const T *f, T *x, cusparseSolvePolicy_t policy, void *pBuffer)                                 \
	{                                                                                                      \
		struct bsv2_args a = BSV2_ARGS;                                                                \
		(void)policy, (void)pBuffer;                                                                   \
		return bsv2_solve(handle, TYPE, &a, alpha, info, f, x);                                        \
	}

GEN_BSV2(S, float, CUDA_R_32F)
GEN_BSV2(D, double, CUDA_R_64F)
GEN_BSV2(C, cuComplex, CUDA_C_32F)
GEN_BSV2(Z, cuDoubleComplex, CUDA_C_64F)
