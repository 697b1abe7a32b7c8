// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy bsrilu02 family, incomplete LU with no fill of
 * a square BSR matrix, in place, without pivoting.  With the block pattern
 * as the scalar pattern (every entry of a stored block kept, zeros
 * included), block ILU(0) - each diagonal block factored exactly, updates
 * outside the stored blocks dropped - is scalar ILU(0) on that pattern, so
 * the matrix is expanded (bsr_legacy.c), factored by csrilu02's code
 * (sp_ilu0, ilu0.c, with this info's numeric boost) and the values written
 * back to their blocks.  Zero pivots are block rows, as cuSPARSE's: a
 * missing diagonal block (from _analysis), or a diagonal block left
 * singular, a 0 pivot in its LU (from bsrilu02).  Buffers are 1 byte.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

static cusparseStatus_t bilu_analysis(cusparseHandle_t handle, cudaDataType t, const struct sp_bsr *a,
				      bsrilu02Info_t info)
{
	SP_CALL(handle, sp_legacy_bsr_check(handle, a, info));
	struct sp_bsr_csr c;
	cusparseStatus_t st = sp_bsr_expand(t, a, &c, false);

	if (st)
		return st;
	info->piv = (struct sp_pivots){ sp_bsr_zero_block(t, a, &c, false), -1, (int)a->d->base };
	sp_bsr_csr_free(&c);
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t bilu(cusparseHandle_t handle, cudaDataType t, const struct sp_bsr *a, void *val,
			     bsrilu02Info_t info)
{
	SP_CALL(handle, sp_legacy_bsr_check(handle, a, info));
	struct sp_bsr_csr c;
	int n = a->mb * a->bd, zero;
	cusparseStatus_t st = sp_bsr_expand(t, a, &c, true);

	if (st)
		return st;
	st = sp_ilu0(t, n, c.off[n], 0, c.val, c.off, c.col, &info->boost, &zero);
	if (!st) {
		for (int p = 0; p < c.off[n]; p++)
			sp_store(t, val, c.src[p], sp_load(t, c.val, p));
		info->piv.base = (int)a->d->base;
		info->piv.numerical = zero < 0 ? -1 : zero / a->bd;
	}
	sp_bsr_csr_free(&c);
	return st;
}

#define BILU_ARGS { dirA, mb, nnzb, blockDim, descrA, bsrSortedVal, bsrSortedRowPtr, bsrSortedColInd }
#define GEN_BILU(P, T, TYPE)                                                                                    \
	cusparseStatus_t cusparse##P##bsrilu02_bufferSize(                                                      \
		cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb, const cusparseMatDescr_t descrA, \
		T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockDim,         \
		bsrilu02Info_t info, int *pBufferSizeInBytes)                                                   \
	{                                                                                                       \
		struct sp_bsr a = BILU_ARGS;                                                                    \
		return sp_legacy_buffer_size(sp_legacy_bsr_check(handle, &a, info), pBufferSizeInBytes);        \
	}                                                                                                       \
	cusparseStatus_t cusparse##P##bsrilu02_bufferSizeExt(                                                   \
		cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb, const cusparseMatDescr_t descrA, \
		T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockSize,        \
		bsrilu02Info_t info, size_t *pBufferSize)                                                       \
	{                                                                                                       \
		int blockDim = blockSize;                                                                       \
		struct sp_bsr a = BILU_ARGS;                                                                    \
		return sp_legacy_buffer_size_ext(sp_legacy_bsr_check(handle, &a, info), pBufferSize);           \
	}                                                                                                       \
	cusparseStatus_t cusparse##P##bsrilu02_analysis(                                                        \
		cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb, const cusparseMatDescr_t descrA, \
		T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockDim,         \
		bsrilu02Info_t info, cusparseSolvePolicy_t policy, void *pBuffer)                               \
	{                                                                                                       \
		struct sp_bsr a = BILU_ARGS;                                                                    \
		(void)policy, (void)pBuffer;                                                                    \
		return bilu_analysis(handle, TYPE, &a, info);                                                   \
	}                                                                                                       \
	cusparseStatus_t cusparse##P##bsrilu02(cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb, \
					       const cusparseMatDescr_t descrA, T *bsrSortedVal,                \
					       const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockDim, \
					       bsrilu02Info_t info, cusparseSolvePolicy_t policy, void *pBuffer) \
	{                                                                                                       \
		struct sp_bsr a = BILU_ARGS;                                                                    \
		(void)policy, (void)pBuffer;                                                                    \
		return bilu(handle, TYPE, &a, bsrSortedVal, info);                                              \
	}                                                                                                       \
	cusparseStatus_t cusparse##P##bsrilu02_numericBoost(cusparseHandle_t handle, bsrilu02Info_t info,      \
							    int enable_boost, double *tol, T *boost_val)        \
	{                                                                                                       \
		return sp_set_boost(handle, TYPE, info ? &info->boost : NULL, enable_boost, tol, boost_val);    \
	}

GEN_BILU(S, float, CUDA_R_32F)
GEN_BILU(D, double, CUDA_R_64F)
GEN_BILU(C, cuComplex, CUDA_C_32F)
GEN_BILU(Z, cuDoubleComplex, CUDA_C_64F)
