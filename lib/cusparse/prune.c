// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the prune family (issue 44), a dense (column-major, lda) or
 * CSR matrix into CSR keeping the entries with |A(i,j)| > threshold, in
 * order (dense: by row, then column), C in descrC's base.  Values float,
 * double or half (H: IEEE binary16, read exactly and written rounded to
 * nearest even).
 *
 *   prune*Nnz          C's row offsets and entry count
 *   prune*             C's columns and values, C's offsets checked first
 *   *ByPercentage      the threshold from a percentage p in [0, 100], as
 *                      cuSPARSE documents it: the magnitudes of all of A's
 *                      entries (m n of a dense A, nnzA of a CSR one) sorted
 *                      ascending, the one at ceil(count p / 100) - 1 (kept
 *                      within the list); kept in the info, which both calls
 *                      need
 *
 * Descriptors GENERAL only (MATRIX_TYPE_NOT_SUPPORTED); a threshold that is
 * negative or NaN, a percentage outside [0, 100], lda < m, offsets that do
 * not agree: INVALID_VALUE, nothing written.  Buffers 1 byte, never used.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cusparse_internal.h"

struct pruneInfo {
	double threshold; /* the last one a ByPercentage call found */
};

cusparseStatus_t cusparseCreatePruneInfo(pruneInfo_t *info)
{
	if (!info)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*info = calloc(1, sizeof(**info));
	return *info ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseDestroyPruneInfo(pruneInfo_t info)
{
	free(info);
	return CUSPARSE_STATUS_SUCCESS;
}

/* binary16 <-> double: every half is a double exactly; back rounded to nearest even */
static double half_get(uint16_t h)
{
	int e = (h >> 10) & 31, f = h & 1023;
	double v = e == 0    ? ldexp(f, -24)
		   : e == 31 ? (f ? NAN : INFINITY)
			     : ldexp(f + 1024, e - 25);
	return h & 0x8000 ? -v : v;
}

static uint16_t half_put(double v)
{
	uint16_t s = signbit(v) ? 0x8000 : 0;
	double a = fabs(v);

	if (isnan(v))
		return 0x7e00;
	if (a >= 65520.0) /* rounds past the largest half */
		return s | 0x7c00;
	int e;
	frexp(a, &e);			     /* a = m 2^e, m in [0.5, 1) */
	int q = e - 11 < -24 ? -24 : e - 11; /* the spacing of halves near a: 2^q */
	double n = nearbyint(ldexp(a, -q));  /* the current rounding mode: to nearest even */
	double r = ldexp(n, q);
	if (r < ldexp(1, -14)) /* subnormal or 0 */
		return s | (uint16_t)ldexp(r, 24);
	int re;
	double rm = frexp(r, &re);
	return s | (uint16_t)((re + 14) << 10) | (uint16_t)(ldexp(rm, 11) - 1024);
}

static double p_load(cudaDataType t, const void *p, int64_t i)
{
	if (t == CUDA_R_16F)
		return half_get(((const uint16_t *)p)[i]);
	return t == CUDA_R_32F ? ((const float *)p)[i] : ((const double *)p)[i];
}

static void p_store(cudaDataType t, void *p, int64_t i, double v)
{
	if (t == CUDA_R_16F)
		((uint16_t *)p)[i] = half_put(v);
	else if (t == CUDA_R_32F)
		((float *)p)[i] = (float)v;
	else
		((double *)p)[i] = v;
}

/* A: dense (off NULL; m x n, lda) or CSR (off, col, nnz, da) */
struct prune_src {
	cudaDataType t;
	int m, n, lda, nnz;
	const void *val;
	cusparseMatDescr_t da;
	const int *off, *col;
	cusparseMatDescr_t dc;
};

static int64_t src_count(const struct prune_src *a)
{
	return a->off ? a->nnz : (int64_t)a->m * a->n;
}

/* entry k of A in C's order, its row and column (dense: row by row) */
static double src_at(const struct prune_src *a, int64_t k, int *i, int *j)
{
	if (a->off) {
		*j = a->col[k] - (int)a->da->base;
		return p_load(a->t, a->val, k);
	}
	*i = (int)(k / a->n), *j = (int)(k % a->n);
	return p_load(a->t, a->val, *i + (int64_t)*j * a->lda);
}

static cusparseStatus_t src_ok(const struct prune_src *a)
{
	if (!a->dc || a->m < 0 || a->n < 0)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (a->dc->type != CUSPARSE_MATRIX_TYPE_GENERAL)
		return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
	if (!a->off) /* dense */
		return a->lda < (a->m > 1 ? a->m : 1) || (a->m && a->n && !a->val)
			   ? CUSPARSE_STATUS_INVALID_VALUE
			   : CUSPARSE_STATUS_SUCCESS;
	if (!a->da)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (a->da->type != CUSPARSE_MATRIX_TYPE_GENERAL)
		return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
	int b = (int)a->da->base;
	if (a->nnz < 0 || !sp_offsets_ok(a->off, a->m, a->nnz, a->da->base) ||
	    (a->nnz && (!a->val || !a->col)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int p = 0; p < a->nnz; p++)
		if (a->col[p] - b < 0 || a->col[p] - b >= a->n)
			return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

/* the kept entries of row i, counted (and written from q when cval) */
static int row_kept(const struct prune_src *a, int i, double thr, void *cval, int *ccol, int q)
{
	int64_t lo = a->off ? a->off[i] - (int)a->da->base : (int64_t)i * a->n;
	int64_t hi = a->off ? a->off[i + 1] - (int)a->da->base : lo + a->n;
	int k = 0, r, j;

	for (int64_t e = lo; e < hi; e++) {
		double v = src_at(a, e, &r, &j);
		if (fabs(v) > thr) {
			if (cval) {
				ccol[q + k] = j + (int)a->dc->base;
				p_store(a->t, cval, q + k, v);
			}
			k++;
		}
	}
	return k;
}

static int dbl_cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* the threshold of a percentage, into *thr */
static cusparseStatus_t by_percentage(const struct prune_src *a, float pct, double *thr)
{
	int64_t count = src_count(a), r;
	int i, j;

	if (!(pct >= 0 && pct <= 100))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (!count) {
		*thr = 0;
		return CUSPARSE_STATUS_SUCCESS;
	}
	double *key = malloc((size_t)count * sizeof(double));
	if (!key)
		return CUSPARSE_STATUS_ALLOC_FAILED;
	for (int64_t k = 0; k < count; k++)
		key[k] = fabs(src_at(a, k, &i, &j));
	qsort(key, (size_t)count, sizeof(double), dbl_cmp);
	r = (int64_t)ceil((double)count * (pct / 100.0)) - 1;
	r = r < 0 ? 0 : r >= count ? count - 1 : r;
	*thr = key[r];
	free(key);
	return CUSPARSE_STATUS_SUCCESS;
}

/* the threshold: given (thr_p, of A's type) or from a percentage (info needed) */
struct prune_how {
	const void *thr_p;
	float pct;
	pruneInfo_t info;
	bool by_pct;
};

static cusparseStatus_t threshold(const struct prune_src *a, const struct prune_how *h, double *thr)
{
	if (!h->by_pct) {
		if (!h->thr_p)
			return CUSPARSE_STATUS_INVALID_VALUE;
		*thr = p_load(a->t, h->thr_p, 0);
		return *thr >= 0 ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_INVALID_VALUE;
	}
	if (!h->info)
		return CUSPARSE_STATUS_INVALID_VALUE;
	cusparseStatus_t st = by_percentage(a, h->pct, thr);
	if (!st)
		h->info->threshold = *thr;
	return st;
}

static cusparseStatus_t prune_nnz(cusparseHandle_t handle, const struct prune_src *a,
				  const struct prune_how *h, int *coff, int *total)
{
	double thr;

	SP_CALL(handle, src_ok(a));
	if (!coff || !total)
		return CUSPARSE_STATUS_INVALID_VALUE;
	cusparseStatus_t st = threshold(a, h, &thr);
	if (st)
		return st;
	int sum = 0;
	for (int i = 0; i < a->m; i++) {
		coff[i] = sum + (int)a->dc->base;
		sum += row_kept(a, i, thr, NULL, NULL, 0);
	}
	coff[a->m] = sum + (int)a->dc->base;
	*total = sum;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t prune(cusparseHandle_t handle, const struct prune_src *a,
			      const struct prune_how *h, void *cval, const int *coff, int *ccol)
{
	double thr;

	SP_CALL(handle, src_ok(a));
	cusparseStatus_t st = threshold(a, h, &thr);
	if (st)
		return st;
	int cb = (int)a->dc->base;
	if (!coff || !sp_offsets_ok(coff, a->m, coff[a->m] - cb, a->dc->base))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int i = 0; i < a->m; i++)
		if (row_kept(a, i, thr, NULL, NULL, 0) != coff[i + 1] - coff[i])
			return CUSPARSE_STATUS_INVALID_VALUE;
	if (coff[a->m] > cb && (!cval || !ccol))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int i = 0; i < a->m; i++)
		row_kept(a, i, thr, cval, ccol, coff[i] - cb);
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t prune_size(cusparseHandle_t handle, const struct prune_src *a, size_t *size)
{
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	return sp_legacy_buffer_size_ext(src_ok(a), size);
}

#define DENSE(TAG)                                                                                 \
	{                                                                                          \
		TAG, m, n, lda, 0, A, NULL, NULL, NULL, descrC                                     \
	}
#define FROM_CSR(TAG)                                                                              \
	{                                                                                          \
		TAG, m, n, 0, nnzA, csrSortedValA, descrA, csrSortedRowPtrA, csrSortedColIndA,     \
		    descrC                                                                         \
	}
#define PRUNE_DEFS(P, T, TAG)                                                                      \
	cusparseStatus_t cusparse##P##pruneDense2csr_bufferSizeExt(                                \
	    cusparseHandle_t handle, int m, int n, const T *A, int lda, const T *threshold,        \
	    const cusparseMatDescr_t descrC, const T *csrSortedValC, const int *csrSortedRowPtrC,  \
	    const int *csrSortedColIndC, size_t *pBufferSizeInBytes)                               \
	{                                                                                          \
		struct prune_src a = DENSE(TAG);                                                   \
		(void)threshold, (void)csrSortedValC, (void)csrSortedRowPtrC;                      \
		(void)csrSortedColIndC;                                                            \
		return prune_size(handle, &a, pBufferSizeInBytes);                                 \
	}                                                                                          \
	cusparseStatus_t cusparse##P##pruneDense2csrNnz(                                           \
	    cusparseHandle_t handle, int m, int n, const T *A, int lda, const T *threshold,        \
	    const cusparseMatDescr_t descrC, int *csrRowPtrC, int *nnzTotalDevHostPtr,             \
	    void *pBuffer)                                                                         \
	{                                                                                          \
		struct prune_src a = DENSE(TAG);                                                   \
		struct prune_how h = {threshold, 0, NULL, false};                                  \
		(void)pBuffer;                                                                     \
		return prune_nnz(handle, &a, &h, csrRowPtrC, nnzTotalDevHostPtr);                  \
	}                                                                                          \
	cusparseStatus_t cusparse##P##pruneDense2csr(                                              \
	    cusparseHandle_t handle, int m, int n, const T *A, int lda, const T *threshold,        \
	    const cusparseMatDescr_t descrC, T *csrSortedValC, const int *csrSortedRowPtrC,        \
	    int *csrSortedColIndC, void *pBuffer)                                                  \
	{                                                                                          \
		struct prune_src a = DENSE(TAG);                                                   \
		struct prune_how h = {threshold, 0, NULL, false};                                  \
		(void)pBuffer;                                                                     \
		return prune(handle, &a, &h, csrSortedValC, csrSortedRowPtrC, csrSortedColIndC);   \
	}                                                                                          \
	cusparseStatus_t cusparse##P##pruneCsr2csr_bufferSizeExt(                                  \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    const T *threshold, const cusparseMatDescr_t descrC, const T *csrSortedValC,           \
	    const int *csrSortedRowPtrC, const int *csrSortedColIndC, size_t *pBufferSizeInBytes)  \
	{                                                                                          \
		struct prune_src a = FROM_CSR(TAG);                                                \
		(void)threshold, (void)csrSortedValC, (void)csrSortedRowPtrC;                      \
		(void)csrSortedColIndC;                                                            \
		return prune_size(handle, &a, pBufferSizeInBytes);                                 \
	}                                                                                          \
	cusparseStatus_t cusparse##P##pruneCsr2csrNnz(                                             \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    const T *threshold, const cusparseMatDescr_t descrC, int *csrSortedRowPtrC,            \
	    int *nnzTotalDevHostPtr, void *pBuffer)                                                \
	{                                                                                          \
		struct prune_src a = FROM_CSR(TAG);                                                \
		struct prune_how h = {threshold, 0, NULL, false};                                  \
		(void)pBuffer;                                                                     \
		return prune_nnz(handle, &a, &h, csrSortedRowPtrC, nnzTotalDevHostPtr);            \
	}                                                                                          \
	cusparseStatus_t cusparse##P##pruneCsr2csr(                                                \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    const T *threshold, const cusparseMatDescr_t descrC, T *csrSortedValC,                 \
	    const int *csrSortedRowPtrC, int *csrSortedColIndC, void *pBuffer)                     \
	{                                                                                          \
		struct prune_src a = FROM_CSR(TAG);                                                \
		struct prune_how h = {threshold, 0, NULL, false};                                  \
		(void)pBuffer;                                                                     \
		return prune(handle, &a, &h, csrSortedValC, csrSortedRowPtrC, csrSortedColIndC);   \
	}                                                                                          \
	cusparseStatus_t cusparse##P##pruneDense2csrByPercentage_bufferSizeExt(                    \
	    cusparseHandle_t handle, int m, int n, const T *A, int lda, float percentage,          \
	    const cusparseMatDescr_t descrC, const T *csrSortedValC, const int *csrSortedRowPtrC,  \
	    const int *csrSortedColIndC, pruneInfo_t info, size_t *pBufferSizeInBytes)             \
	{                                                                                          \
		struct prune_src a = DENSE(TAG);                                                   \
		(void)percentage, (void)csrSortedValC, (void)csrSortedRowPtrC;                     \
		(void)csrSortedColIndC, (void)info;                                                \
		return prune_size(handle, &a, pBufferSizeInBytes);                                 \
	}                                                                                          \
	cusparseStatus_t cusparse##P##pruneDense2csrNnzByPercentage(                               \
	    cusparseHandle_t handle, int m, int n, const T *A, int lda, float percentage,          \
	    const cusparseMatDescr_t descrC, int *csrRowPtrC, int *nnzTotalDevHostPtr,             \
	    pruneInfo_t info, void *pBuffer)                                                       \
	{                                                                                          \
		struct prune_src a = DENSE(TAG);                                                   \
		struct prune_how h = {NULL, percentage, info, true};                               \
		(void)pBuffer;                                                                     \
		return prune_nnz(handle, &a, &h, csrRowPtrC, nnzTotalDevHostPtr);                  \
	}                                                                                          \
	cusparseStatus_t cusparse##P##pruneDense2csrByPercentage(                                  \
	    cusparseHandle_t handle, int m, int n, const T *A, int lda, float percentage,          \
	    const cusparseMatDescr_t descrC, T *csrSortedValC, const int *csrSortedRowPtrC,        \
	    int *csrSortedColIndC, pruneInfo_t info, void *pBuffer)                                \
	{                                                                                          \
		struct prune_src a = DENSE(TAG);                                                   \
		struct prune_how h = {NULL, percentage, info, true};                               \
		(void)pBuffer;                                                                     \
		return prune(handle, &a, &h, csrSortedValC, csrSortedRowPtrC, csrSortedColIndC);   \
	}                                                                                          \
	cusparseStatus_t cusparse##P##pruneCsr2csrByPercentage_bufferSizeExt(                      \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    float percentage, const cusparseMatDescr_t descrC, const T *csrSortedValC,             \
	    const int *csrSortedRowPtrC, const int *csrSortedColIndC, pruneInfo_t info,            \
	    size_t *pBufferSizeInBytes)                                                            \
	{                                                                                          \
		struct prune_src a = FROM_CSR(TAG);                                                \
		(void)percentage, (void)csrSortedValC, (void)csrSortedRowPtrC;                     \
		(void)csrSortedColIndC, (void)info;                                                \
		return prune_size(handle, &a, pBufferSizeInBytes);                                 \
	}                                                                                          \
	cusparseStatus_t cusparse##P##pruneCsr2csrNnzByPercentage(                                 \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    float percentage, const cusparseMatDescr_t descrC, int *csrSortedRowPtrC,              \
	    int *nnzTotalDevHostPtr, pruneInfo_t info, void *pBuffer)                              \
	{                                                                                          \
		struct prune_src a = FROM_CSR(TAG);                                                \
		struct prune_how h = {NULL, percentage, info, true};                               \
		(void)pBuffer;                                                                     \
		return prune_nnz(handle, &a, &h, csrSortedRowPtrC, nnzTotalDevHostPtr);            \
	}                                                                                          \
	cusparseStatus_t cusparse##P##pruneCsr2csrByPercentage(                                    \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    float percentage, const cusparseMatDescr_t descrC, T *csrSortedValC,                   \
	    const int *csrSortedRowPtrC, int *csrSortedColIndC, pruneInfo_t info, void *pBuffer)   \
	{                                                                                          \
		struct prune_src a = FROM_CSR(TAG);                                                \
		struct prune_how h = {NULL, percentage, info, true};                               \
		(void)pBuffer;                                                                     \
		return prune(handle, &a, &h, csrSortedValC, csrSortedRowPtrC, csrSortedColIndC);   \
	}

PRUNE_DEFS(S, float, CUDA_R_32F)
PRUNE_DEFS(D, double, CUDA_R_64F)
PRUNE_DEFS(H, uint16_t, CUDA_R_16F)
