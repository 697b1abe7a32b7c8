// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy csrilu02 family, incomplete LU with no fill
 * (ILU(0)) of a square CSR matrix, in place: row by row (the IKJ order),
 * each entry left of the diagonal divided by its column's pivot, then the
 * rest of the row updated where the pivot row has an entry in the same
 * column; nothing outside A's pattern is written.  The values are widened
 * to double complex for the factorisation and rounded once when stored
 * (cusparse_internal.h says why).  A zero pivot is recorded and its column
 * left undivided.  cuSPARSE asks for sorted columns; public programs pass
 * rows in any order (HeCBench bicgstab-cuda sorts its entries by row only),
 * so each row is worked on in column order through a sorted copy of its
 * indices and the values go back to their places; a column twice in a row
 * is INVALID_VALUE.  HeCBench bicgstab-cuda preconditions with it
 * (Dcsrilu02 + Xcsrilu02_zeroPivot).  csrilu02_numericBoost: a pivot of
 * magnitude at most tol is replaced by the boost value once its row is
 * done, before later rows divide by it (bsrilu02.c runs the same code).
 */
#include <stdlib.h>
#include "cusparse_internal.h"

/* A square CSR matrix whose columns are in range (cusparse_internal.h). */
cusparseStatus_t sp_legacy_csr_check(cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t d,
				     const void *val, const int *off, const int *col, const void *info)
{
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	if (!d || !info || m < 0 || nnz < 0 || (nnz && (!val || !col)) || !sp_offsets_ok(off, m, nnz, d->base))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (d->type != CUSPARSE_MATRIX_TYPE_GENERAL)
		return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
	int b = (int)d->base;

	for (int i = 0; i < m; i++)
		for (int p = off[i] - b; p < off[i + 1] - b; p++) {
			int c = col[p] - b;

			if (c < 0 || c >= m)
				return CUSPARSE_STATUS_INVALID_VALUE;
		}
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t sp_legacy_buffer_size(cusparseStatus_t st, int *size)
{
	if (st)
		return st;
	if (!size)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*size = 1;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t sp_legacy_buffer_size_ext(cusparseStatus_t st, size_t *size)
{
	if (st)
		return st;
	if (!size)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*size = 1;
	return CUSPARSE_STATUS_SUCCESS;
}

int sp_diag_of(const int *off, const int *col, int base, int i)
{
	for (int p = off[i] - base; p < off[i + 1] - base; p++)
		if (col[p] - base == i)
			return p;
	return -1;
}

static cusparseStatus_t ilu0_analysis(cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t d,
				      const void *val, const int *off, const int *col, csrilu02Info_t info)
{
	SP_CALL(handle, sp_legacy_csr_check(handle, m, nnz, d, val, off, col, info));
	info->piv = (struct sp_pivots){ -1, -1, (int)d->base };
	for (int i = 0; i < m && info->piv.structural < 0; i++)
		if (sp_diag_of(off, col, (int)d->base, i) < 0)
			info->piv.structural = i;
	return CUSPARSE_STATUS_SUCCESS;
}

/* ILU(0) on v (A's values widened), 0-based; returns the first row whose pivot is 0, or -1 */
static int ilu0_rows(int m, const int *off, const int *col, int base, sp_val *v, const struct sp_boost *boost)
{
	int zero = -1;

	for (int i = 0; i < m; i++) {
		int lo = off[i] - base, hi = off[i + 1] - base;

		for (int p = lo; p < hi && col[p] - base < i; p++) {
			int k = col[p] - base, dk = sp_diag_of(off, col, base, k);

			if (dk < 0 || v[dk] == 0)
				continue;	/* recorded as row k's zero pivot */
			v[p] /= v[dk];
			/* row i -= v[p] * (row k right of its diagonal), within row i's pattern */
			int q = dk + 1, r = p + 1, qhi = off[k + 1] - base;
			while (q < qhi && r < hi) {
				int cq = col[q] - base, cr = col[r] - base;

				if (cq == cr)
					v[r++] -= v[p] * v[q++];
				else if (cq < cr)
					q++;
				else
					r++;
			}
		}
		int di = sp_diag_of(off, col, base, i);
		/* the boost replaces a small pivot before any later row divides by it */
		if (di >= 0 && boost && boost->on && cabs(v[di]) <= boost->tol)
			v[di] = boost->val;
		if (zero < 0 && (di < 0 || v[di] == 0))
			zero = i;
	}
	return zero;
}

static int by_col(const void *a, const void *b)
{
	return ((const struct sp_entry *)a)->col - ((const struct sp_entry *)b)->col;
}

bool sp_sort_rows(int m, const int *off, const int *col, int base, int *scol, int *at, struct sp_entry *e)
{
	for (int i = 0; i < m; i++) {
		int lo = off[i] - base, hi = off[i + 1] - base;

		for (int p = lo; p < hi; p++)
			e[p] = (struct sp_entry){ col[p] - base, p };
		qsort(e + lo, (size_t)(hi - lo), sizeof(*e), by_col);
		for (int p = lo; p < hi; p++) {
			if (p > lo && e[p].col == e[p - 1].col)
				return false;
			scol[p] = e[p].col + base, at[p] = e[p].at;
		}
	}
	return true;
}

cusparseStatus_t sp_ilu0(cudaDataType t, int m, int nnz, int base, void *val, const int *off, const int *col,
			 const struct sp_boost *boost, int *zero)
{
	size_t n = (size_t)(nnz ? nnz : 1);
	sp_val *v = malloc(sizeof(*v) * n);
	int *scol = malloc(sizeof(int) * n), *at = malloc(sizeof(int) * n);
	struct sp_entry *e = malloc(sizeof(*e) * n);
	cusparseStatus_t st = CUSPARSE_STATUS_SUCCESS;

	*zero = -1;
	if (!v || !scol || !at || !e)
		st = CUSPARSE_STATUS_ALLOC_FAILED;
	else if (!sp_sort_rows(m, off, col, base, scol, at, e))
		st = CUSPARSE_STATUS_INVALID_VALUE;
	if (!st) {
		/* the sorted rows keep A's offsets */
		for (int p = 0; p < nnz; p++)
			v[p] = sp_load(t, val, at[p]);
		*zero = ilu0_rows(m, off, scol, base, v, boost);
		for (int p = 0; p < nnz; p++)
			sp_store(t, val, at[p], v[p]);
	}
	free(v), free(scol), free(at), free(e);
	return st;
}

static cusparseStatus_t ilu0(cusparseHandle_t handle, cudaDataType t, int m, int nnz, const cusparseMatDescr_t d,
			     void *val, const int *off, const int *col, csrilu02Info_t info)
{
	SP_CALL(handle, sp_legacy_csr_check(handle, m, nnz, d, val, off, col, info));
	int zero;
	cusparseStatus_t st = sp_ilu0(t, m, nnz, (int)d->base, val, off, col, &info->boost, &zero);

	if (st)
		return st;
	info->piv.base = (int)d->base;
	info->piv.numerical = zero;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t sp_set_boost(cusparseHandle_t handle, cudaDataType t, struct sp_boost *b, int enable,
			      const double *tol, const void *boost_val)
{
	SP_CALL(handle, b && (!enable || (tol && boost_val)) ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_INVALID_VALUE);
	b->on = enable != 0;
	if (b->on) {
		b->tol = *tol;
		b->val = sp_load(t, boost_val, 0);
	}
	return CUSPARSE_STATUS_SUCCESS;
}

#define GEN_ILU0(P, T, TYPE)										\
	cusparseStatus_t cusparse##P##csrilu02_bufferSize(cusparseHandle_t handle, int m, int nnz,		\
							 const cusparseMatDescr_t descrA, T *csrValA,	\
							 const int *csrRowPtrA, const int *csrColIndA,	\
							 csrilu02Info_t info, int *pBufferSizeInBytes)	\
	{												\
		return sp_legacy_buffer_size(sp_legacy_csr_check(handle, m, nnz, descrA,	\
							     csrValA, csrRowPtrA, csrColIndA, info),		\
					     pBufferSizeInBytes);				\
	}												\
	cusparseStatus_t cusparse##P##csrilu02_bufferSizeExt(cusparseHandle_t handle, int m, int nnz,		\
							 const cusparseMatDescr_t descrA, T *csrValA,	\
							 const int *csrRowPtrA, const int *csrColIndA,	\
							 csrilu02Info_t info, size_t *pBufferSize)		\
	{												\
		return sp_legacy_buffer_size_ext(sp_legacy_csr_check(handle, m, nnz, descrA,	\
							     csrValA, csrRowPtrA, csrColIndA, info),		\
					     pBufferSize);							\
	}												\
	cusparseStatus_t cusparse##P##csrilu02_analysis(cusparseHandle_t handle, int m, int nnz,		\
							const cusparseMatDescr_t descrA, const T *csrValA, \
							const int *csrRowPtrA, const int *csrColIndA,	\
							csrilu02Info_t info, cusparseSolvePolicy_t policy, \
							void *pBuffer)					\
	{												\
		(void)policy, (void)pBuffer;								\
		return ilu0_analysis(handle, m, nnz, descrA, csrValA, csrRowPtrA, csrColIndA, info);	\
	}												\
	cusparseStatus_t cusparse##P##csrilu02(cusparseHandle_t handle, int m, int nnz,			\
					       const cusparseMatDescr_t descrA, T *csrValA_valM,		\
					       const int *csrRowPtrA, const int *csrColIndA, csrilu02Info_t info, \
					       cusparseSolvePolicy_t policy, void *pBuffer)			\
	{												\
		(void)policy, (void)pBuffer;								\
		return ilu0(handle, TYPE, m, nnz, descrA, csrValA_valM, csrRowPtrA, csrColIndA, info);	\
	}												\
	cusparseStatus_t cusparse##P##csrilu02_numericBoost(cusparseHandle_t handle, csrilu02Info_t info,	\
							    int enable_boost, double *tol, T *boost_val)	\
	{												\
		return sp_set_boost(handle, TYPE, info ? &info->boost : NULL, enable_boost, tol, boost_val); \
	}

GEN_ILU0(S, float, CUDA_R_32F)
GEN_ILU0(D, double, CUDA_R_64F)
GEN_ILU0(C, cuComplex, CUDA_C_32F)
GEN_ILU0(Z, cuDoubleComplex, CUDA_C_64F)
