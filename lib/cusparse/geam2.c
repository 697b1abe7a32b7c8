// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: csrgeam2, C = alpha A + beta B of two m x n CSR matrices
 * (issue 44).  C's pattern is the union of A's and B's (structural: an
 * entry that sums to 0 is kept), columns ascending in each row whatever
 * order A and B give, a column given twice adding up; Xcsrgeam2Nnz gives
 * C's row offsets and entry count, csrgeam2 checks them against A and B
 * before writing C.  Each matrix has its own descriptor (base; GENERAL
 * only, else MATRIX_TYPE_NOT_SUPPORTED).  A scalar that is 0 does not read
 * its matrix's values.  Sums in double complex, rounded once.  The buffer
 * is 1 byte, never used.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

struct csr_ref {
	cusparseMatDescr_t d;
	int nnz;
	const void *val;
	const int *off, *col;
};

struct geam {
	cudaDataType t;
	int m, n;
	struct csr_ref a, b;
	cusparseMatDescr_t dc;
};

static cusparseStatus_t ref_ok(const struct csr_ref *r, int m, int n)
{
	if (!r->d || !r->off || r->nnz < 0)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (r->d->type != CUSPARSE_MATRIX_TYPE_GENERAL)
		return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
	int b = (int)r->d->base;
	if (!sp_offsets_ok(r->off, m, r->nnz, r->d->base) || (r->nnz && !r->col))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int p = 0; p < r->nnz; p++)
		if (r->col[p] - b < 0 || r->col[p] - b >= n)
			return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t geam_ok(const struct geam *g)
{
	if (g->m < 0 || g->n < 0 || !g->dc)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (g->dc->type != CUSPARSE_MATRIX_TYPE_GENERAL)
		return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
	cusparseStatus_t st = ref_ok(&g->a, g->m, g->n);
	return st ? st : ref_ok(&g->b, g->m, g->n);
}

static int int_cmp(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;

	return (a > b) - (a < b);
}

/* row i's union of columns into cols (ascending, when sort), marked in seen[] with i + 1 */
static int row_union(const struct geam *g, int i, int *seen, int *cols, bool sort)
{
	int k = 0;

	for (int w = 0; w < 2; w++) {
		const struct csr_ref *r = w ? &g->b : &g->a;
		int b = (int)r->d->base;
		for (int p = r->off[i] - b; p < r->off[i + 1] - b; p++) {
			int j = r->col[p] - b;
			if (seen[j] != i + 1) {
				seen[j] = i + 1;
				cols[k++] = j;
			}
		}
	}
	if (sort)
		qsort(cols, (size_t)k, sizeof(int), int_cmp);
	return k;
}

static cusparseStatus_t work_new(int n, int **seen, int **cols)
{
	*seen = calloc(n ? (size_t)n : 1, sizeof(int));
	*cols = malloc((n ? (size_t)n : 1) * sizeof(int));
	if (*seen && *cols)
		return CUSPARSE_STATUS_SUCCESS;
	free(*seen), free(*cols);
	*seen = *cols = NULL;
	return CUSPARSE_STATUS_ALLOC_FAILED;
}

static cusparseStatus_t geam_nnz(cusparseHandle_t handle, const struct geam *g, int *coff,
				 int *total)
{
	SP_CALL(handle, geam_ok(g));
	if (!coff || !total)
		return CUSPARSE_STATUS_INVALID_VALUE;
	int *seen, *cols, sum = 0;
	cusparseStatus_t st = work_new(g->n, &seen, &cols);
	if (st)
		return st;
	for (int i = 0; i < g->m; i++) {
		coff[i] = sum + (int)g->dc->base;
		sum += row_union(g, i, seen, cols, false);
	}
	coff[g->m] = sum + (int)g->dc->base;
	*total = sum;
	free(seen), free(cols);
	return CUSPARSE_STATUS_SUCCESS;
}

/* C's offsets as Xcsrgeam2Nnz gives them */
static bool offsets_match(const struct geam *g, const int *coff, int *seen, int *cols)
{
	int cb = (int)g->dc->base;

	if (!sp_offsets_ok(coff, g->m, coff[g->m] - cb, g->dc->base))
		return false;
	for (int i = 0; i < g->m; i++)
		if (row_union(g, i, seen, cols, false) != coff[i + 1] - coff[i])
			return false;
	return true;
}

static void geam_fill(const struct geam *g, sp_val alpha, sp_val beta, void *cval, const int *coff,
		      int *ccol, int *seen, int *cols, sp_val *acc)
{
	int cb = (int)g->dc->base;

	for (int j = 0; j < g->n; j++)
		seen[j] = 0;
	for (int i = 0; i < g->m; i++) {
		int k = row_union(g, i, seen, cols, true), first = coff[i] - cb;
		for (int q = 0; q < k; q++)
			acc[cols[q]] = 0;
		for (int w = 0; w < 2; w++) {
			const struct csr_ref *r = w ? &g->b : &g->a;
			sp_val s = w ? beta : alpha;
			int b = (int)r->d->base;
			for (int p = r->off[i] - b; s != 0 && p < r->off[i + 1] - b; p++)
				acc[r->col[p] - b] += s * sp_load(g->t, r->val, p);
		}
		for (int q = 0; q < k; q++) {
			ccol[first + q] = cols[q] + cb;
			sp_store(g->t, cval, first + q, acc[cols[q]]);
		}
	}
}

static cusparseStatus_t geam(cusparseHandle_t handle, const struct geam *g, const void *alpha,
			     const void *beta, void *cval, const int *coff, int *ccol)
{
	SP_CALL(handle, geam_ok(g));
	if (!alpha || !beta || !coff || (g->a.nnz && !g->a.val) || (g->b.nnz && !g->b.val))
		return CUSPARSE_STATUS_INVALID_VALUE;
	int *seen, *cols;
	cusparseStatus_t st = work_new(g->n, &seen, &cols);
	sp_val *acc = st ? NULL : malloc((g->n ? (size_t)g->n : 1) * sizeof(sp_val));
	if (!st && !acc)
		st = CUSPARSE_STATUS_ALLOC_FAILED;
	if (!st && !offsets_match(g, coff, seen, cols))
		st = CUSPARSE_STATUS_INVALID_VALUE;
	if (!st && coff[g->m] > (int)g->dc->base && (!cval || !ccol))
		st = CUSPARSE_STATUS_INVALID_VALUE;
	if (!st)
		geam_fill(g, sp_scalar(g->t, alpha), sp_scalar(g->t, beta), cval, coff, ccol, seen,
			  cols, acc);
	free(seen), free(cols), free(acc);
	return st;
}

cusparseStatus_t cusparseXcsrgeam2Nnz(cusparseHandle_t handle, int m, int n,
				      const cusparseMatDescr_t descrA, int nnzA,
				      const int *csrSortedRowPtrA, const int *csrSortedColIndA,
				      const cusparseMatDescr_t descrB, int nnzB,
				      const int *csrSortedRowPtrB, const int *csrSortedColIndB,
				      const cusparseMatDescr_t descrC, int *csrSortedRowPtrC,
				      int *nnzTotalDevHostPtr, void *workspace)
{
	struct geam g = {CUDA_R_32F,
			 m,
			 n,
			 {descrA, nnzA, NULL, csrSortedRowPtrA, csrSortedColIndA},
			 {descrB, nnzB, NULL, csrSortedRowPtrB, csrSortedColIndB},
			 descrC};
	(void)workspace;
	return geam_nnz(handle, &g, csrSortedRowPtrC, nnzTotalDevHostPtr);
}

#define GEAM_DEFS(P, T, TAG)                                                                       \
	cusparseStatus_t cusparse##P##csrgeam2_bufferSizeExt(                                      \
	    cusparseHandle_t handle, int m, int n, const T *alpha,                                 \
	    const cusparseMatDescr_t descrA, int nnzA, const T *csrSortedValA,                     \
	    const int *csrSortedRowPtrA, const int *csrSortedColIndA, const T *beta,               \
	    const cusparseMatDescr_t descrB, int nnzB, const T *csrSortedValB,                     \
	    const int *csrSortedRowPtrB, const int *csrSortedColIndB,                              \
	    const cusparseMatDescr_t descrC, const T *csrSortedValC, const int *csrSortedRowPtrC,  \
	    const int *csrSortedColIndC, size_t *pBufferSizeInBytes)                               \
	{                                                                                          \
		struct geam g = {                                                                  \
		    TAG,                                                                           \
		    m,                                                                             \
		    n,                                                                             \
		    {descrA, nnzA, csrSortedValA, csrSortedRowPtrA, csrSortedColIndA},             \
		    {descrB, nnzB, csrSortedValB, csrSortedRowPtrB, csrSortedColIndB},             \
		    descrC};                                                                       \
		(void)alpha, (void)beta, (void)csrSortedValC, (void)csrSortedRowPtrC;              \
		(void)csrSortedColIndC;                                                            \
		if (!handle)                                                                       \
			return CUSPARSE_STATUS_NOT_INITIALIZED;                                    \
		return sp_legacy_buffer_size_ext(geam_ok(&g), pBufferSizeInBytes);                 \
	}                                                                                          \
	cusparseStatus_t cusparse##P##csrgeam2(                                                    \
	    cusparseHandle_t handle, int m, int n, const T *alpha,                                 \
	    const cusparseMatDescr_t descrA, int nnzA, const T *csrSortedValA,                     \
	    const int *csrSortedRowPtrA, const int *csrSortedColIndA, const T *beta,               \
	    const cusparseMatDescr_t descrB, int nnzB, const T *csrSortedValB,                     \
	    const int *csrSortedRowPtrB, const int *csrSortedColIndB,                              \
	    const cusparseMatDescr_t descrC, T *csrSortedValC, int *csrSortedRowPtrC,              \
	    int *csrSortedColIndC, void *pBuffer)                                                  \
	{                                                                                          \
		struct geam g = {                                                                  \
		    TAG,                                                                           \
		    m,                                                                             \
		    n,                                                                             \
		    {descrA, nnzA, csrSortedValA, csrSortedRowPtrA, csrSortedColIndA},             \
		    {descrB, nnzB, csrSortedValB, csrSortedRowPtrB, csrSortedColIndB},             \
		    descrC};                                                                       \
		(void)pBuffer;                                                                     \
		return geam(handle, &g, alpha, beta, csrSortedValC, csrSortedRowPtrC,              \
			    csrSortedColIndC);                                                     \
	}

GEAM_DEFS(S, float, CUDA_R_32F)
GEAM_DEFS(D, double, CUDA_R_64F)
GEAM_DEFS(C, cuComplex, CUDA_C_32F)
GEAM_DEFS(Z, cuDoubleComplex, CUDA_C_64F)
