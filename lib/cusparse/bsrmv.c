// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy BSR products (issue 44).
 *
 *   bsrmv    y = alpha A x + beta y, A of mb x nb blocks of bd x bd
 *   bsrxmv   the same on the block rows listed in a mask only, each block row
 *            from its own start to its own end (rowPtr and endPtr): the other
 *            rows of y are not touched
 *   bsrmm    C = alpha A op(B) + beta C, B and C column-major, op(B) N or T
 *
 * As cuSPARSE: op(A) is N only and op(B) N or T, anything else is
 * NOT_SUPPORTED; the descriptor must be GENERAL (MATRIX_TYPE_NOT_SUPPORTED).
 * Blocks are row-major for CUSPARSE_DIRECTION_ROW, column-major for COLUMN.
 * Each sum is computed in double complex and rounded once; beta 0 does not
 * read y (C), as in cuBLAS.  Every block that is read is checked before
 * anything is written.
 */
#include <stdint.h>
#include <stdlib.h>
#include "cusparse_internal.h"

struct bsr_prod {
	cudaDataType t;
	cusparseDirection_t dir;
	int mb, nb, bd;
	cusparseMatDescr_t d;
	const void *val;
	const int *start, *end, *col; /* block row i: start[i] .. end[i] (exclusive) */
	int nnzb;
	const int *mask; /* the block rows to compute (NULL: all mb) */
	int nmask;
};

static int row_of(const struct bsr_prod *a, int k)
{
	return a->mask ? a->mask[k] - (int)a->d->base : k;
}

static cusparseStatus_t prod_check(const struct bsr_prod *a, cusparseOperation_t op,
				   const void *alpha, const void *beta)
{
	if ((a->dir != CUSPARSE_DIRECTION_ROW && a->dir != CUSPARSE_DIRECTION_COLUMN) ||
	    a->mb < 0 || a->nb < 0 || a->bd < 1 || !a->d || !alpha || !beta || !a->start ||
	    !a->end || a->nnzb < 0)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (op != CUSPARSE_OPERATION_NON_TRANSPOSE)
		return op == CUSPARSE_OPERATION_TRANSPOSE ||
			       op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE
			   ? CUSPARSE_STATUS_NOT_SUPPORTED
			   : CUSPARSE_STATUS_INVALID_VALUE;
	if (a->d->type != CUSPARSE_MATRIX_TYPE_GENERAL)
		return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
	if ((int64_t)a->mb * a->bd > INT32_MAX || (int64_t)a->nb * a->bd > INT32_MAX)
		return CUSPARSE_STATUS_INVALID_VALUE;
	int b = (int)a->d->base;
	for (int k = 0; k < a->nmask; k++) {
		int i = row_of(a, k);
		if (i < 0 || i >= a->mb || a->start[i] < b || a->end[i] < a->start[i] ||
		    a->end[i] - b > a->nnzb)
			return CUSPARSE_STATUS_INVALID_VALUE;
		if (a->end[i] > a->start[i] && (!a->val || !a->col))
			return CUSPARSE_STATUS_INVALID_VALUE;
		for (int p = a->start[i] - b; p < a->end[i] - b; p++)
			if (a->col[p] - b < 0 || a->col[p] - b >= a->nb)
				return CUSPARSE_STATUS_INVALID_VALUE;
	}
	return CUSPARSE_STATUS_SUCCESS;
}

static sp_val block_at(const struct bsr_prod *a, int p, int r, int s)
{
	int bd = a->bd;

	return sp_load(a->t, a->val,
		       (int64_t)p * bd * bd +
			   (a->dir == CUSPARSE_DIRECTION_ROW ? r * bd + s : s * bd + r));
}

/* for each computed row: y(row) = alpha sum + beta y(row), x(l) and y(row) where
 * xat and yat put them (column j of a product with n columns) */
struct dense_side {
	const void *x;
	int64_t xrow, xcol; /* element (l, j) of op(B) at l * xrow + j * xcol */
	void *y;
	int64_t ld; /* element (row, j) of y at row + j * ld */
	int n;
};

static void prod_run(const struct bsr_prod *a, const struct dense_side *v, sp_val alpha,
		     sp_val beta)
{
	int b = (int)a->d->base, bd = a->bd;

	for (int k = 0; k < a->nmask; k++) {
		int i = row_of(a, k);
		for (int j = 0; j < v->n; j++)
			for (int r = 0; r < bd; r++) {
				sp_val s = 0;
				for (int p = a->start[i] - b; p < a->end[i] - b; p++)
					for (int c = 0; c < bd; c++) {
						int64_t l = (int64_t)(a->col[p] - b) * bd + c;
						s += block_at(a, p, r, c) *
						     sp_load(a->t, v->x, l * v->xrow + j * v->xcol);
					}
				int64_t at = (int64_t)i * bd + r + j * v->ld;
				sp_val old = beta == 0 ? 0 : beta * sp_load(a->t, v->y, at);
				sp_store(a->t, v->y, at, alpha * s + old);
			}
	}
}

static cusparseStatus_t bsrxmv(cusparseHandle_t handle, const struct bsr_prod *a,
			       cusparseOperation_t op, const void *alpha, const void *x,
			       const void *beta, void *y)
{
	SP_CALL(handle, prod_check(a, op, alpha, beta));
	if (a->nmask && (!x || !y))
		return CUSPARSE_STATUS_INVALID_VALUE;
	struct dense_side v = {x, 1, 0, y, 0, 1};
	prod_run(a, &v, sp_scalar(a->t, alpha), sp_scalar(a->t, beta));
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t bsrmv(cusparseHandle_t handle, struct bsr_prod *a, cusparseOperation_t op,
			      const void *alpha, const void *x, const void *beta, void *y)
{
	if (handle && (!a->d || !a->start || a->mb < 0 ||
		       !sp_offsets_ok(a->start, a->mb, a->nnzb, a->d->base)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	a->end = a->start ? a->start + 1 : NULL;
	return bsrxmv(handle, a, op, alpha, x, beta, y);
}

static cusparseStatus_t bsrmm(cusparseHandle_t handle, struct bsr_prod *a, cusparseOperation_t opA,
			      cusparseOperation_t opB, int n, const void *alpha, const void *B,
			      int ldb, const void *beta, void *C, int ldc)
{
	if (handle && (n < 0 || !a->d || !a->start || a->mb < 0 ||
		       !sp_offsets_ok(a->start, a->mb, a->nnzb, a->d->base)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	a->end = a->start ? a->start + 1 : NULL;
	SP_CALL(handle, prod_check(a, opA, alpha, beta));
	int64_t k = (int64_t)a->nb * a->bd, m = (int64_t)a->mb * a->bd;
	bool t = opB == CUSPARSE_OPERATION_TRANSPOSE;
	if (opB != CUSPARSE_OPERATION_NON_TRANSPOSE && !t)
		return opB == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE
			   ? CUSPARSE_STATUS_NOT_SUPPORTED
			   : CUSPARSE_STATUS_INVALID_VALUE;
	if (ldb < (t ? (n > 1 ? n : 1) : (k > 1 ? k : 1)) || ldc < (m > 1 ? m : 1))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (n && m && (!B || !C))
		return CUSPARSE_STATUS_INVALID_VALUE;
	struct dense_side v = {B, t ? ldb : 1, t ? 1 : ldb, C, ldc, n};
	prod_run(a, &v, sp_scalar(a->t, alpha), sp_scalar(a->t, beta));
	return CUSPARSE_STATUS_SUCCESS;
}

#define BSR_PROD_DEFS(P, T, TAG)                                                                   \
	cusparseStatus_t cusparse##P##bsrmv(                                                       \
	    cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA, int mb, \
	    int nb, int nnzb, const T *alpha, const cusparseMatDescr_t descrA,                     \
	    const T *bsrSortedValA, const int *bsrSortedRowPtrA, const int *bsrSortedColIndA,      \
	    int blockDim, const T *x, const T *beta, T *y)                                         \
	{                                                                                          \
		struct bsr_prod a = {TAG,                                                          \
				     dirA,                                                         \
				     mb,                                                           \
				     nb,                                                           \
				     blockDim,                                                     \
				     descrA,                                                       \
				     bsrSortedValA,                                                \
				     bsrSortedRowPtrA,                                             \
				     NULL,                                                         \
				     bsrSortedColIndA,                                             \
				     nnzb,                                                         \
				     NULL,                                                         \
				     mb};                                                          \
		return bsrmv(handle, &a, transA, alpha, x, beta, y);                               \
	}                                                                                          \
	cusparseStatus_t cusparse##P##bsrxmv(                                                      \
	    cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,         \
	    int sizeOfMask, int mb, int nb, int nnzb, const T *alpha,                              \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedMaskPtrA, \
	    const int *bsrSortedRowPtrA, const int *bsrSortedEndPtrA, const int *bsrSortedColIndA, \
	    int blockDim, const T *x, const T *beta, T *y)                                         \
	{                                                                                          \
		struct bsr_prod a = {TAG,                                                          \
				     dirA,                                                         \
				     mb,                                                           \
				     nb,                                                           \
				     blockDim,                                                     \
				     descrA,                                                       \
				     bsrSortedValA,                                                \
				     bsrSortedRowPtrA,                                             \
				     bsrSortedEndPtrA,                                             \
				     bsrSortedColIndA,                                             \
				     nnzb,                                                         \
				     bsrSortedMaskPtrA,                                            \
				     sizeOfMask};                                                  \
		if (handle &&                                                                      \
		    (sizeOfMask < 0 || sizeOfMask > mb || (sizeOfMask && !bsrSortedMaskPtrA)))     \
			return CUSPARSE_STATUS_INVALID_VALUE;                                      \
		return bsrxmv(handle, &a, transA, alpha, x, beta, y);                              \
	}                                                                                          \
	cusparseStatus_t cusparse##P##bsrmm(                                                       \
	    cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,         \
	    cusparseOperation_t transB, int mb, int n, int kb, int nnzb, const T *alpha,           \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, const int blockSize, const T *B, const int ldb,           \
	    const T *beta, T *C, int ldc)                                                          \
	{                                                                                          \
		struct bsr_prod a = {TAG,                                                          \
				     dirA,                                                         \
				     mb,                                                           \
				     kb,                                                           \
				     blockSize,                                                    \
				     descrA,                                                       \
				     bsrSortedValA,                                                \
				     bsrSortedRowPtrA,                                             \
				     NULL,                                                         \
				     bsrSortedColIndA,                                             \
				     nnzb,                                                         \
				     NULL,                                                         \
				     mb};                                                          \
		return bsrmm(handle, &a, transA, transB, n, alpha, B, ldb, beta, C, ldc);          \
	}

BSR_PROD_DEFS(S, float, CUDA_R_32F)
BSR_PROD_DEFS(D, double, CUDA_R_64F)
BSR_PROD_DEFS(C, cuComplex, CUDA_C_32F)
BSR_PROD_DEFS(Z, cuDoubleComplex, CUDA_C_64F)
