// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: gebsr2gebsc, a general BSR matrix (mb x nb blocks of
 * rowBlockDim x colBlockDim) into block-sparse columns (issue 44): csr2csc
 * with each block as one element, as cuSPARSE describes it.  The blocks
 * are moved whole, their inside layout unchanged; in each block column the
 * blocks come in ascending block row, stable for a block given twice.
 * copyValues SYMBOLIC writes the structure only.  idxBase is both
 * matrices' base.  The buffer is 1 byte, never used.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cusparse_internal.h"

struct gebsc_args {
	cudaDataType t;
	int mb, nb, nnzb, rbd, cbd;
	const void *val;
	const int *off, *col;
	cusparseIndexBase_t base;
};

static cusparseStatus_t gebsc_check(const struct gebsc_args *a)
{
	if (a->mb < 0 || a->nb < 0 || a->nnzb < 0 || a->rbd < 1 || a->cbd < 1 ||
	    !sp_offsets_ok(a->off, a->mb, a->nnzb, a->base) || (a->nnzb && !a->col))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int k = 0; k < a->nnzb; k++)
		if (a->col[k] - (int)a->base < 0 || a->col[k] - (int)a->base >= a->nb)
			return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t gebsc(cusparseHandle_t handle, const struct gebsc_args *a, void *bscVal,
			      int *rowInd, int *colPtr, cusparseAction_t action)
{
	SP_CALL(handle, gebsc_check(a));
	bool numeric = action == CUSPARSE_ACTION_NUMERIC;
	if ((!numeric && action != CUSPARSE_ACTION_SYMBOLIC) || !colPtr ||
	    (a->nnzb && (!rowInd || (numeric && (!bscVal || !a->val)))))
		return CUSPARSE_STATUS_INVALID_VALUE;
	int b = (int)a->base, *next = calloc((size_t)a->nb + 1, sizeof(int));
	int64_t bb = (int64_t)a->rbd * a->cbd;
	if (!next)
		return CUSPARSE_STATUS_ALLOC_FAILED;
	for (int k = 0; k < a->nnzb; k++)
		next[a->col[k] - b + 1]++;
	for (int j = 0; j < a->nb; j++)
		next[j + 1] += next[j];
	for (int j = 0; j <= a->nb; j++)
		colPtr[j] = next[j] + b;
	for (int i = 0; i < a->mb; i++)
		for (int k = a->off[i] - b; k < a->off[i + 1] - b; k++) {
			int to = next[a->col[k] - b]++;
			rowInd[to] = i + b;
			for (int64_t e = 0; numeric && e < bb; e++)
				sp_store(a->t, bscVal, to * bb + e,
					 sp_load(a->t, a->val, k * bb + e));
		}
	free(next);
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t gebsc_size(cusparseHandle_t handle, const struct gebsc_args *a, int *isize,
				   size_t *ssize)
{
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	cusparseStatus_t st = gebsc_check(a);
	return isize ? sp_legacy_buffer_size(st, isize) : sp_legacy_buffer_size_ext(st, ssize);
}

#define GEBSC_DEFS(P, T, TAG)                                                                      \
	cusparseStatus_t cusparse##P##gebsr2gebsc(                                                 \
	    cusparseHandle_t handle, int mb, int nb, int nnzb, const T *bsrSortedVal,              \
	    const int *bsrSortedRowPtr, const int *bsrSortedColInd, int rowBlockDim,               \
	    int colBlockDim, T *bscVal, int *bscRowInd, int *bscColPtr,                            \
	    cusparseAction_t copyValues, cusparseIndexBase_t idxBase, void *pBuffer)               \
	{                                                                                          \
		struct gebsc_args a = {TAG,                                                        \
				       mb,                                                         \
				       nb,                                                         \
				       nnzb,                                                       \
				       rowBlockDim,                                                \
				       colBlockDim,                                                \
				       bsrSortedVal,                                               \
				       bsrSortedRowPtr,                                            \
				       bsrSortedColInd,                                            \
				       idxBase};                                                   \
		(void)pBuffer;                                                                     \
		return gebsc(handle, &a, bscVal, bscRowInd, bscColPtr, copyValues);                \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gebsr2gebsc_bufferSize(                                      \
	    cusparseHandle_t handle, int mb, int nb, int nnzb, const T *bsrSortedVal,              \
	    const int *bsrSortedRowPtr, const int *bsrSortedColInd, int rowBlockDim,               \
	    int colBlockDim, int *pBufferSizeInBytes)                                              \
	{                                                                                          \
		struct gebsc_args a = {TAG,                                                        \
				       mb,                                                         \
				       nb,                                                         \
				       nnzb,                                                       \
				       rowBlockDim,                                                \
				       colBlockDim,                                                \
				       bsrSortedVal,                                               \
				       bsrSortedRowPtr,                                            \
				       bsrSortedColInd,                                            \
				       CUSPARSE_INDEX_BASE_ZERO};                                  \
		if (bsrSortedRowPtr && bsrSortedRowPtr[0] == 1)                                    \
			a.base = CUSPARSE_INDEX_BASE_ONE; /* no base given: the offsets tell */    \
		return gebsc_size(handle, &a, pBufferSizeInBytes, NULL);                           \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gebsr2gebsc_bufferSizeExt(                                   \
	    cusparseHandle_t handle, int mb, int nb, int nnzb, const T *bsrSortedVal,              \
	    const int *bsrSortedRowPtr, const int *bsrSortedColInd, int rowBlockDim,               \
	    int colBlockDim, size_t *pBufferSize)                                                  \
	{                                                                                          \
		struct gebsc_args a = {TAG,                                                        \
				       mb,                                                         \
				       nb,                                                         \
				       nnzb,                                                       \
				       rowBlockDim,                                                \
				       colBlockDim,                                                \
				       bsrSortedVal,                                               \
				       bsrSortedRowPtr,                                            \
				       bsrSortedColInd,                                            \
				       CUSPARSE_INDEX_BASE_ZERO};                                  \
		if (bsrSortedRowPtr && bsrSortedRowPtr[0] == 1)                                    \
			a.base = CUSPARSE_INDEX_BASE_ONE;                                          \
		return gebsc_size(handle, &a, NULL, pBufferSize);                                  \
	}

GEBSC_DEFS(S, float, CUDA_R_32F)
GEBSC_DEFS(D, double, CUDA_R_64F)
GEBSC_DEFS(C, cuComplex, CUDA_C_32F)
GEBSC_DEFS(Z, cuDoubleComplex, CUDA_C_64F)
