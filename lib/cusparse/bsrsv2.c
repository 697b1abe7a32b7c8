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
 * _analysis) or a diagonal entry that is 0 (from _solve), for a non-unit
 * diagonal only, reported as the row j of A(j,j) in A's base.  Buffers are
 * 1 byte; the policy is accepted.
 */
#include <stdint.h>
#include <stdlib.h>
#include "cusparse_internal.h"

struct bsv2_args {
	cusparseDirection_t dir;
	cusparseOperation_t op;
	int mb, nnzb, bd;
	const cusparseMatDescr_t d;
	const void *val;
	const int *off, *col;
};

/* A as CSR with 0-based 32-bit indices, values of its type */
struct bsv2_csr {
	int *off, *col;
	void *val;
};

static cusparseStatus_t bsv2_check(cusparseHandle_t handle, const struct bsv2_args *a, bsrsv2Info_t info)
{
	cusparseStatus_t st = sp_legacy_csr_check(handle, a->mb, a->nnzb, a->d, a->val, a->off, a->col, info);

	if (st)
		return st;
	if ((a->dir != CUSPARSE_DIRECTION_ROW && a->dir != CUSPARSE_DIRECTION_COLUMN) || !sp_op_ok(a->op) ||
	    a->bd <= 0)
		return CUSPARSE_STATUS_INVALID_VALUE;
	/* the expanded copy takes 32-bit indices */
	if ((int64_t)a->mb * a->bd > INT32_MAX || (int64_t)a->nnzb * a->bd * a->bd > INT32_MAX)
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	return CUSPARSE_STATUS_SUCCESS;
}

static void bsv2_free(struct bsv2_csr *c)
{
	free(c->off);
	free(c->col);
	free(c->val);
}

/* row bi*bd + r of the expansion: block row bi's blocks in their order, each block's row r */
static cusparseStatus_t bsv2_expand(cudaDataType t, const struct bsv2_args *a, struct bsv2_csr *c)
{
	int bd = a->bd, bb = bd * bd, n = a->mb * bd, nnz = a->nnzb * bb, base = (int)a->d->base;
	size_t es = sp_is_complex(t) ? (t == CUDA_C_64F ? 16 : 8) : (t == CUDA_R_64F ? 8 : 4);

	c->off = malloc(((size_t)n + 1) * sizeof(int));
	c->col = malloc((nnz ? (size_t)nnz : 1) * sizeof(int));
	c->val = malloc((nnz ? (size_t)nnz : 1) * es);
	if (!c->off || !c->col || !c->val) {
		bsv2_free(c);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	int p = 0;
	for (int bi = 0; bi < a->mb; bi++)
		for (int r = 0; r < bd; r++) {
			c->off[bi * bd + r] = p;
			for (int k = a->off[bi] - base; k < a->off[bi + 1] - base; k++)
				for (int s = 0; s < bd; s++) {
					int64_t at = (int64_t)k * bb + (a->dir == CUSPARSE_DIRECTION_ROW ? r * bd + s : s * bd + r);

					c->col[p] = (a->col[k] - base) * bd + s;
					sp_store(t, c->val, p++, sp_load(t, a->val, at));
				}
		}
	c->off[n] = p;
	return CUSPARSE_STATUS_SUCCESS;
}

/* the first row whose diagonal entry is missing (structural) or 0 (numerical), -1 when none */
static cusparseStatus_t bsv2_zero(cudaDataType t, const struct bsv2_args *a, bool numerical, int *row)
{
	struct bsv2_csr c;
	cusparseStatus_t st = bsv2_expand(t, a, &c);

	if (!st)
		*row = sp_first_zero_diag(t, a->mb * a->bd, c.val, c.off, c.col, 0, numerical);
	bsv2_free(&c);
	return st;
}

static cusparseStatus_t bsv2_analysis(cusparseHandle_t handle, cudaDataType t, const struct bsv2_args *a,
				      bsrsv2Info_t info)
{
	SP_CALL(handle, bsv2_check(handle, a, info));
	int row = -1;

	if (a->d->diag != CUSPARSE_DIAG_TYPE_UNIT) {
		cusparseStatus_t st = bsv2_zero(t, a, false, &row);
		if (st)
			return st;
	}
	info->piv = (struct sp_pivots){ row, -1, (int)a->d->base };
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t bsv2_solve(cusparseHandle_t handle, cudaDataType t, const struct bsv2_args *a,
				   const void *alpha, bsrsv2Info_t info, const void *x, void *y)
{
	SP_CALL(handle, bsv2_check(handle, a, info));
	int n = a->mb * a->bd;

	if (!alpha || (n && (!x || !y)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	struct bsv2_csr c;
	cusparseStatus_t st = bsv2_expand(t, a, &c);
	if (st)
		return st;
	struct cusparseSpMatDescr A = {
		.fmt = CUSPARSE_FORMAT_CSR, .rows = n, .cols = n, .nnz = c.off[n],
		.off = c.off, .ind = c.col, .val = c.val,
		.off_type = CUSPARSE_INDEX_32I, .ind_type = CUSPARSE_INDEX_32I,
		.base = CUSPARSE_INDEX_BASE_ZERO, .vtype = t, .fill = a->d->fill, .diag = a->d->diag,
	};
	struct cusparseDnVecDescr X = { n, (void *)x, t }, Y = { n, y, t };
	st = sp_spsv(handle, a->op, alpha, &A, &X, &Y);
	if (!st && a->d->diag != CUSPARSE_DIAG_TYPE_UNIT) {
		info->piv.base = (int)a->d->base;
		info->piv.numerical = sp_first_zero_diag(t, n, c.val, c.off, c.col, 0, true);
	}
	bsv2_free(&c);
	return st;
}

#define BSV2_ARGS { dirA, transA, mb, nnzb, blockDim, descrA, bsrSortedValA, bsrSortedRowPtrA, bsrSortedColIndA }
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
