// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: csru2csr and csr2csru (issue 44), a CSR matrix whose rows
 * are in any column order ("unsorted", csru) sorted in place, and back.
 * csru2csr sorts each row by column (stable: a column given twice keeps its
 * entries' order), moves the values with their columns and keeps the
 * permutation in the info; csr2csru puts columns and values back where
 * they were, from the permutation of the last csru2csr with that info
 * (none, or one of another size: INVALID_VALUE).  The descriptor must be
 * GENERAL.  The buffer is 1 byte, never used.
 */
#include <stdlib.h>
#include <string.h>
#include "cusparse_internal.h"

struct csru2csrInfo {
	int nnz;
	int *perm; /* entry p of the sorted matrix was entry perm[p] of the unsorted one */
};

cusparseStatus_t cusparseCreateCsru2csrInfo(csru2csrInfo_t *info)
{
	if (!info)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*info = calloc(1, sizeof(**info));
	return *info ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseDestroyCsru2csrInfo(csru2csrInfo_t info)
{
	if (info)
		free(info->perm);
	free(info);
	return CUSPARSE_STATUS_SUCCESS;
}

struct csru {
	cudaDataType t;
	int m, n, nnz;
	cusparseMatDescr_t d;
	void *val;
	const int *off;
	int *col;
	csru2csrInfo_t info;
};

static cusparseStatus_t csru_check(const struct csru *a)
{
	if (!a->d || !a->info || a->m < 0 || a->n < 0 || a->nnz < 0 ||
	    (a->nnz && (!a->val || !a->col)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (a->d->type != CUSPARSE_MATRIX_TYPE_GENERAL)
		return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
	if (!sp_offsets_ok(a->off, a->m, a->nnz, a->d->base))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int p = 0; p < a->nnz; p++)
		if (a->col[p] - (int)a->d->base < 0 || a->col[p] - (int)a->d->base >= a->n)
			return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

static int entry_cmp(const void *x, const void *y)
{
	const struct sp_entry *a = x, *b = y;

	return a->col != b->col ? (a->col > b->col) - (a->col < b->col)
				: (a->at > b->at) - (a->at < b->at);
}

/* values and columns into the order new position p <- old position from[p] */
static cusparseStatus_t permute(const struct csru *a, const int *from)
{
	size_t es =
	    sp_is_complex(a->t) ? (a->t == CUDA_C_64F ? 16 : 8) : (a->t == CUDA_R_64F ? 8 : 4);
	size_t n = a->nnz ? (size_t)a->nnz : 1;
	char *v = malloc(n * es);
	int *c = malloc(n * sizeof(int));

	if (!v || !c) {
		free(v), free(c);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	for (int p = 0; p < a->nnz; p++) {
		memcpy(v + (size_t)p * es, (char *)a->val + (size_t)from[p] * es, es);
		c[p] = a->col[from[p]];
	}
	memcpy(a->val, v, (size_t)a->nnz * es);
	memcpy(a->col, c, (size_t)a->nnz * sizeof(int));
	free(v), free(c);
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t to_sorted(cusparseHandle_t handle, const struct csru *a)
{
	SP_CALL(handle, csru_check(a));
	size_t n = a->nnz ? (size_t)a->nnz : 1;
	int *perm = malloc(n * sizeof(int)), b = (int)a->d->base;
	struct sp_entry *e = malloc(n * sizeof(*e));

	if (!perm || !e) {
		free(perm), free(e);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	for (int p = 0; p < a->nnz; p++)
		e[p] = (struct sp_entry){a->col[p], p};
	for (int i = 0; i < a->m; i++)
		qsort(e + a->off[i] - b, (size_t)(a->off[i + 1] - a->off[i]), sizeof(*e),
		      entry_cmp);
	for (int p = 0; p < a->nnz; p++)
		perm[p] = e[p].at;
	free(e);
	cusparseStatus_t st = permute(a, perm);
	if (st) {
		free(perm);
		return st;
	}
	free(a->info->perm);
	a->info->perm = perm;
	a->info->nnz = a->nnz;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t to_unsorted(cusparseHandle_t handle, const struct csru *a)
{
	SP_CALL(handle, csru_check(a));
	if (!a->info->perm || a->info->nnz != a->nnz)
		return CUSPARSE_STATUS_INVALID_VALUE;
	int *back = malloc((a->nnz ? (size_t)a->nnz : 1) * sizeof(int));
	if (!back)
		return CUSPARSE_STATUS_ALLOC_FAILED;
	for (int p = 0; p < a->nnz; p++)
		back[a->info->perm[p]] = p;
	cusparseStatus_t st = permute(a, back);
	free(back);
	return st;
}

#define CSRU_DEFS(P, T, TAG)                                                                       \
	cusparseStatus_t cusparse##P##csru2csr_bufferSizeExt(                                      \
	    cusparseHandle_t handle, int m, int n, int nnz, T *csrVal, const int *csrRowPtr,       \
	    int *csrColInd, csru2csrInfo_t info, size_t *pBufferSizeInBytes)                       \
	{                                                                                          \
		(void)csrVal, (void)csrRowPtr, (void)csrColInd;                                    \
		if (!handle)                                                                       \
			return CUSPARSE_STATUS_NOT_INITIALIZED;                                    \
		return sp_legacy_buffer_size_ext(m < 0 || n < 0 || nnz < 0 || !info                \
						     ? CUSPARSE_STATUS_INVALID_VALUE               \
						     : CUSPARSE_STATUS_SUCCESS,                    \
						 pBufferSizeInBytes);                              \
	}                                                                                          \
	cusparseStatus_t cusparse##P##csru2csr(                                                    \
	    cusparseHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,       \
	    T *csrVal, const int *csrRowPtr, int *csrColInd, csru2csrInfo_t info, void *pBuffer)   \
	{                                                                                          \
		struct csru a = {TAG, m, n, nnz, descrA, csrVal, csrRowPtr, csrColInd, info};      \
		(void)pBuffer;                                                                     \
		return to_sorted(handle, &a);                                                      \
	}                                                                                          \
	cusparseStatus_t cusparse##P##csr2csru(                                                    \
	    cusparseHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,       \
	    T *csrVal, const int *csrRowPtr, int *csrColInd, csru2csrInfo_t info, void *pBuffer)   \
	{                                                                                          \
		struct csru a = {TAG, m, n, nnz, descrA, csrVal, csrRowPtr, csrColInd, info};      \
		(void)pBuffer;                                                                     \
		return to_unsorted(handle, &a);                                                    \
	}

CSRU_DEFS(S, float, CUDA_R_32F)
CSRU_DEFS(D, double, CUDA_R_64F)
CSRU_DEFS(C, cuComplex, CUDA_C_32F)
CSRU_DEFS(Z, cuDoubleComplex, CUDA_C_64F)
