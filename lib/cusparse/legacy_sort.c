// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy API's index sorts (cusparseXcsrsort,
 * Xcscsort, XcoosortByRow/ByColumn) and cusparseCreateIdentityPermutation.
 * Each sort is stable and carries the permutation P along, so that a
 * program gathers its values afterwards (HeCBench spsort: csrsort, then
 * cusparseGather with P).  qsort over (key, second key, old place): the old
 * place as the last key makes it stable.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

struct sort_entry {
	int k1, k2;	/* the keys, in order */
	int at;		/* the entry's place before the sort */
};

static int entry_cmp(const void *pa, const void *pb)
{
	const struct sort_entry *a = pa, *b = pb;

	if (a->k1 != b->k1)
		return a->k1 < b->k1 ? -1 : 1;
	if (a->k2 != b->k2)
		return a->k2 < b->k2 ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

/*
 * Sort entries [lo, hi) of key1 (then key2 when given), moving key2 and P
 * along.  e and p_old are scratch of hi - lo entries.
 */
static void sort_range(int *key1, int *key2, int *P, int lo, int hi, struct sort_entry *e,
		       int *p_old)
{
	int n = hi - lo;

	for (int i = 0; i < n; i++) {
		e[i].k1 = key1[lo + i];
		e[i].k2 = key2 ? key2[lo + i] : 0;
		e[i].at = i;
		if (P)
			p_old[i] = P[lo + i];
	}
	qsort(e, (size_t)n, sizeof(*e), entry_cmp);
	for (int i = 0; i < n; i++) {
		key1[lo + i] = e[i].k1;
		if (key2)
			key2[lo + i] = e[i].k2;
		if (P)
			P[lo + i] = p_old[e[i].at];
	}
}

/* Scratch for nnz entries; false when it cannot be had. */
static bool scratch_get(int nnz, struct sort_entry **e, int **p_old)
{
	*e = malloc(((size_t)nnz + 1) * sizeof(**e));
	*p_old = malloc(((size_t)nnz + 1) * sizeof(**p_old));
	if (*e && *p_old)
		return true;
	free(*e);
	free(*p_old);
	return false;
}

cusparseStatus_t cusparseCreateIdentityPermutation(cusparseHandle_t handle, int n, int *p)
{
	SP_CALL(handle, n < 0 || (n && !p) ? CUSPARSE_STATUS_INVALID_VALUE : CUSPARSE_STATUS_SUCCESS);
	for (int i = 0; i < n; i++)
		p[i] = i;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t size_args(cusparseHandle_t h, int m, int n, int nnz, const void *a,
				  const void *b, size_t *size)
{
	if (!h)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	if (m < 0 || n < 0 || nnz < 0 || (nnz && (!a || !b)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	return sp_no_buffer(size);
}

cusparseStatus_t cusparseXcsrsort_bufferSizeExt(cusparseHandle_t handle, int m, int n, int nnz,
						const int *csrRowPtrA, const int *csrColIndA,
						size_t *pBufferSizeInBytes)
{
	return size_args(handle, m, n, nnz, csrRowPtrA, csrColIndA, pBufferSizeInBytes);
}

cusparseStatus_t cusparseXcscsort_bufferSizeExt(cusparseHandle_t handle, int m, int n, int nnz,
						const int *cscColPtrA, const int *cscRowIndA,
						size_t *pBufferSizeInBytes)
{
	return size_args(handle, m, n, nnz, cscColPtrA, cscRowIndA, pBufferSizeInBytes);
}

cusparseStatus_t cusparseXcoosort_bufferSizeExt(cusparseHandle_t handle, int m, int n, int nnz,
						const int *cooRowsA, const int *cooColsA,
						size_t *pBufferSizeInBytes)
{
	return size_args(handle, m, n, nnz, cooRowsA, cooColsA, pBufferSizeInBytes);
}

/* The indices of each of the nseg segments of a CSR (CSC) matrix, ascending. */
static cusparseStatus_t segments_sort(cusparseHandle_t h, int nseg, int other, int nnz,
				      const struct cusparseMatDescr *d, const int *off, int *ind,
				      int *P)
{
	struct sort_entry *e;
	int *p_old;

	SP_CALL(h, !d || other < 0 || (nnz && !ind) || !sp_offsets_ok(off, nseg, nnz, d->base) ?
			   CUSPARSE_STATUS_INVALID_VALUE : CUSPARSE_STATUS_SUCCESS);
	if (!scratch_get(nnz, &e, &p_old))
		return CUSPARSE_STATUS_ALLOC_FAILED;
	for (int s = 0; s < nseg; s++)
		sort_range(ind, NULL, P, off[s] - (int)d->base, off[s + 1] - (int)d->base, e, p_old);
	free(e);
	free(p_old);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseXcsrsort(cusparseHandle_t handle, int m, int n, int nnz,
				  const cusparseMatDescr_t descrA, const int *csrRowPtrA,
				  int *csrColIndA, int *P, void *pBuffer)
{
	(void)pBuffer;
	return segments_sort(handle, m, n, nnz, descrA, csrRowPtrA, csrColIndA, P);
}

cusparseStatus_t cusparseXcscsort(cusparseHandle_t handle, int m, int n, int nnz,
				  const cusparseMatDescr_t descrA, const int *cscColPtrA,
				  int *cscRowIndA, int *P, void *pBuffer)
{
	(void)pBuffer;
	return segments_sort(handle, n, m, nnz, descrA, cscColPtrA, cscRowIndA, P);
}

/* COO entries by (key1, key2); the indices' base does not change the order. */
static cusparseStatus_t coo_sort(cusparseHandle_t h, int m, int n, int nnz, int *key1, int *key2,
				 int *P)
{
	struct sort_entry *e;
	int *p_old;

	SP_CALL(h, m < 0 || n < 0 || nnz < 0 || (nnz && (!key1 || !key2)) ?
			   CUSPARSE_STATUS_INVALID_VALUE : CUSPARSE_STATUS_SUCCESS);
	if (!scratch_get(nnz, &e, &p_old))
		return CUSPARSE_STATUS_ALLOC_FAILED;
	sort_range(key1, key2, P, 0, nnz, e, p_old);
	free(e);
	free(p_old);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseXcoosortByRow(cusparseHandle_t handle, int m, int n, int nnz,
				       int *cooRowsA, int *cooColsA, int *P, void *pBuffer)
{
	(void)pBuffer;
	return coo_sort(handle, m, n, nnz, cooRowsA, cooColsA, P);
}

cusparseStatus_t cusparseXcoosortByColumn(cusparseHandle_t handle, int m, int n, int nnz,
					  int *cooRowsA, int *cooColsA, int *P, void *pBuffer)
{
	(void)pBuffer;
	return coo_sort(handle, m, n, nnz, cooColsA, cooRowsA, P);
}
