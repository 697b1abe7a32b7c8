// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: gemvi, a dense matrix times a sparse vector (issue 44):
 * y = alpha op(A) x + beta y, A m x n column-major (lda), x given by its nnz
 * values and indices (idxBase), op(A) N, T or C.  Each entry of y is summed
 * in double complex over x's entries and rounded once; beta 0 does not read
 * y.  Indices outside op(A)'s columns, negative sizes, lda < m, nnz larger
 * than x's length, a missing scalar or array: INVALID_VALUE, y untouched.
 * The buffer is 1 byte, never used, as the other legacy calls'.
 */
#include "cusparse_internal.h"

struct gemvi_args {
	cudaDataType t;
	cusparseOperation_t op;
	int m, n, lda, nnz;
	const void *alpha, *A, *xval, *beta;
	const int *xind;
	void *y;
	cusparseIndexBase_t base;
};

static bool base_ok(cusparseIndexBase_t b)
{
	return b == CUSPARSE_INDEX_BASE_ZERO || b == CUSPARSE_INDEX_BASE_ONE;
}

static cusparseStatus_t sizes_ok(cusparseOperation_t op, int m, int n, int nnz)
{
	if (!sp_op_ok(op) || m < 0 || n < 0 || nnz < 0 ||
	    nnz > (op == CUSPARSE_OPERATION_NON_TRANSPOSE ? n : m))
		return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t gemvi_check(const struct gemvi_args *a)
{
	cusparseStatus_t st = sizes_ok(a->op, a->m, a->n, a->nnz);
	bool nt = a->op == CUSPARSE_OPERATION_NON_TRANSPOSE;
	int xlen = nt ? a->n : a->m, ylen = nt ? a->m : a->n;

	if (st)
		return st;
	if (a->lda < (a->m > 1 ? a->m : 1) || !a->alpha || !a->beta || !base_ok(a->base) ||
	    (ylen && !a->y) || (a->nnz && (!a->xval || !a->xind || !a->A)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int k = 0; k < a->nnz; k++)
		if (a->xind[k] - (int)a->base < 0 || a->xind[k] - (int)a->base >= xlen)
			return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t gemvi(cusparseHandle_t handle, const struct gemvi_args *a)
{
	SP_CALL(handle, gemvi_check(a));
	bool nt = a->op == CUSPARSE_OPERATION_NON_TRANSPOSE;
	int ylen = nt ? a->m : a->n;
	sp_val alpha = sp_scalar(a->t, a->alpha), beta = sp_scalar(a->t, a->beta);

	for (int i = 0; i < ylen; i++) {
		sp_val s = 0;
		for (int k = 0; k < a->nnz; k++) {
			int j = a->xind[k] - (int)a->base;
			int64_t at = nt ? i + (int64_t)j * a->lda : j + (int64_t)i * a->lda;
			s += sp_opval(a->op, sp_load(a->t, a->A, at)) * sp_load(a->t, a->xval, k);
		}
		sp_val old = beta == 0 ? 0 : beta * sp_load(a->t, a->y, i);
		sp_store(a->t, a->y, i, alpha * s + old);
	}
	return CUSPARSE_STATUS_SUCCESS;
}

#define GEMVI_DEFS(P, T, TAG)                                                                      \
	cusparseStatus_t cusparse##P##gemvi_bufferSize(cusparseHandle_t handle,                    \
						       cusparseOperation_t transA, int m, int n,   \
						       int nnz, int *pBufferSize)                  \
	{                                                                                          \
		if (!handle)                                                                       \
			return CUSPARSE_STATUS_NOT_INITIALIZED;                                    \
		return sp_legacy_buffer_size(sizes_ok(transA, m, n, nnz), pBufferSize);            \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gemvi(                                                       \
	    cusparseHandle_t handle, cusparseOperation_t transA, int m, int n, const T *alpha,     \
	    const T *A, int lda, int nnz, const T *xVal, const int *xInd, const T *beta, T *y,     \
	    cusparseIndexBase_t idxBase, void *pBuffer)                                            \
	{                                                                                          \
		struct gemvi_args a = {TAG, transA, m,	  n,	lda, nnz,    alpha,                \
				       A,   xVal,   beta, xInd, y,   idxBase};                     \
		(void)pBuffer;                                                                     \
		return gemvi(handle, &a);                                                          \
	}

GEMVI_DEFS(S, float, CUDA_R_32F)
GEMVI_DEFS(D, double, CUDA_R_64F)
GEMVI_DEFS(C, cuComplex, CUDA_C_32F)
GEMVI_DEFS(Z, cuDoubleComplex, CUDA_C_64F)
