// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy bsric02 family, incomplete Cholesky with no fill
 * of a square Hermitian BSR matrix, in place (issue 44).  As bsrilu02.c
 * argues for LU: with the block pattern as the scalar pattern (every entry
 * of a stored block kept), block IC(0) - each diagonal block factored
 * exactly, updates outside the stored blocks dropped - is scalar IC(0) on
 * that pattern.  So the matrix is expanded (bsr_legacy.c), factored by
 * csric02's code (sp_ic0, ic0.c: L over the lower triangle, the upper one
 * neither read nor written, which here is the upper half of each diagonal
 * block and the blocks above the diagonal) and the lower values written back
 * to their blocks.  Zero pivots are block rows, as cuSPARSE's: a missing
 * diagonal block (from _analysis), or a diagonal block whose Cholesky meets
 * a 0 pivot (from bsric02).  Buffers are 1 byte.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

static cusparseStatus_t bic_analysis(cusparseHandle_t handle, cudaDataType t,
				     const struct sp_bsr *a, bsric02Info_t info)
{
	SP_CALL(handle, sp_legacy_bsr_check(handle, a, info));
	struct sp_bsr_csr c;
	cusparseStatus_t st = sp_bsr_expand(t, a, &c, false);

	if (st)
		return st;
	info->piv = (struct sp_pivots){sp_bsr_zero_block(t, a, &c, false), -1, (int)a->d->base};
	sp_bsr_csr_free(&c);
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t bic(cusparseHandle_t handle, cudaDataType t, const struct sp_bsr *a,
			    void *val, bsric02Info_t info)
{
	SP_CALL(handle, sp_legacy_bsr_check(handle, a, info));
	struct sp_bsr_csr c;
	int n = a->mb * a->bd, zero;
	cusparseStatus_t st = sp_bsr_expand(t, a, &c, true);

	if (st)
		return st;
	st = sp_ic0(t, n, c.off[n], 0, c.val, c.off, c.col, &zero);
	if (!st) {
		/* the lower triangle only, as csric02 writes it */
		for (int i = 0; i < n; i++)
			for (int p = c.off[i]; p < c.off[i + 1]; p++)
				if (c.col[p] <= i)
					sp_store(t, val, c.src[p], sp_load(t, c.val, p));
		info->piv.base = (int)a->d->base;
		info->piv.numerical = zero < 0 ? -1 : zero / a->bd;
	}
	sp_bsr_csr_free(&c);
	return st;
}

#define BIC_ARGS                                                                                   \
	{                                                                                          \
		dirA, mb, nnzb, blockDim, descrA, bsrSortedVal, bsrSortedRowPtr, bsrSortedColInd   \
	}
#define GEN_BIC(P, T, TYPE)                                                                        \
	cusparseStatus_t cusparse##P##bsric02_bufferSize(                                          \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb,                   \
	    const cusparseMatDescr_t descrA, T *bsrSortedVal, const int *bsrSortedRowPtr,          \
	    const int *bsrSortedColInd, int blockDim, bsric02Info_t info, int *pBufferSizeInBytes) \
	{                                                                                          \
		struct sp_bsr a = BIC_ARGS;                                                        \
		return sp_legacy_buffer_size(sp_legacy_bsr_check(handle, &a, info),                \
					     pBufferSizeInBytes);                                  \
	}                                                                                          \
	cusparseStatus_t cusparse##P##bsric02_bufferSizeExt(                                       \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb,                   \
	    const cusparseMatDescr_t descrA, T *bsrSortedVal, const int *bsrSortedRowPtr,          \
	    const int *bsrSortedColInd, int blockSize, bsric02Info_t info, size_t *pBufferSize)    \
	{                                                                                          \
		int blockDim = blockSize;                                                          \
		struct sp_bsr a = BIC_ARGS;                                                        \
		return sp_legacy_buffer_size_ext(sp_legacy_bsr_check(handle, &a, info),            \
						 pBufferSize);                                     \
	}                                                                                          \
	cusparseStatus_t cusparse##P##bsric02_analysis(                                            \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb,                   \
	    const cusparseMatDescr_t descrA, const T *bsrSortedVal, const int *bsrSortedRowPtr,    \
	    const int *bsrSortedColInd, int blockDim, bsric02Info_t info,                          \
	    cusparseSolvePolicy_t policy, void *pInputBuffer)                                      \
	{                                                                                          \
		struct sp_bsr a = BIC_ARGS;                                                        \
		(void)policy, (void)pInputBuffer;                                                  \
		return bic_analysis(handle, TYPE, &a, info);                                       \
	}                                                                                          \
	cusparseStatus_t cusparse##P##bsric02(                                                     \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb,                   \
	    const cusparseMatDescr_t descrA, T *bsrSortedVal, const int *bsrSortedRowPtr,          \
	    const int *bsrSortedColInd, int blockDim, bsric02Info_t info,                          \
	    cusparseSolvePolicy_t policy, void *pBuffer)                                           \
	{                                                                                          \
		struct sp_bsr a = BIC_ARGS;                                                        \
		(void)policy, (void)pBuffer;                                                       \
		return bic(handle, TYPE, &a, bsrSortedVal, info);                                  \
	}

GEN_BIC(S, float, CUDA_R_32F)
GEN_BIC(D, double, CUDA_R_64F)
GEN_BIC(C, cuComplex, CUDA_C_32F)
GEN_BIC(Z, cuDoubleComplex, CUDA_C_64F)
