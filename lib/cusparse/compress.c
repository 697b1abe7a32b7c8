// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: nnz_compress and csr2csr_compress (issue 44), a CSR matrix
 * without its small entries: C keeps the entries of A with |A(i,j)| > tol,
 * in their order, in A's base.  nnz_compress counts them per row and in
 * all; csr2csr_compress takes those counts and checks them against A
 * before it writes C.  tol is of the value type; for complex values its
 * real part is the threshold (rocSPARSE reads it alike), and a negative one
 * is INVALID_VALUE.  The descriptor must be GENERAL.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

struct compress_args {
	cudaDataType t;
	int m, n, nnz;
	cusparseMatDescr_t d;
	const void *val;
	const int *off, *col;
	double tol;
};

static bool kept(const struct compress_args *a, int p)
{
	return cabs(sp_load(a->t, a->val, p)) > a->tol;
}

static cusparseStatus_t check(const struct compress_args *a, bool cols)
{
	if (!a->d || a->m < 0 || a->n < 0 || !(a->tol >= 0) || !a->off)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (a->d->type != CUSPARSE_MATRIX_TYPE_GENERAL)
		return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
	int b = (int)a->d->base, nnz = cols ? a->nnz : a->off[a->m] - b;
	if (!sp_offsets_ok(a->off, a->m, nnz, a->d->base) || (nnz && !a->val) ||
	    (cols && nnz && !a->col))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int p = 0; cols && p < nnz; p++)
		if (a->col[p] - b < 0 || a->col[p] - b >= a->n)
			return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t nnz_compress(cusparseHandle_t handle, const struct compress_args *a,
				     int *per_row, int *total)
{
	SP_CALL(handle, check(a, false));
	if (!per_row || !total)
		return CUSPARSE_STATUS_INVALID_VALUE;
	int b = (int)a->d->base, sum = 0;
	for (int i = 0; i < a->m; i++) {
		int k = 0;
		for (int p = a->off[i] - b; p < a->off[i + 1] - b; p++)
			k += kept(a, p);
		per_row[i] = k;
		sum += k;
	}
	*total = sum;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t compress(cusparseHandle_t handle, const struct compress_args *a,
				 const int *per_row, void *cval, int *ccol, int *coff)
{
	SP_CALL(handle, check(a, true));
	int b = (int)a->d->base, sum = 0;
	if (!per_row || !coff)
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int i = 0; i < a->m; i++) { /* the counts must be A's */
		int k = 0;
		for (int p = a->off[i] - b; p < a->off[i + 1] - b; p++)
			k += kept(a, p);
		if (per_row[i] != k)
			return CUSPARSE_STATUS_INVALID_VALUE;
		sum += k;
	}
	if (sum && (!cval || !ccol))
		return CUSPARSE_STATUS_INVALID_VALUE;
	int q = 0;
	for (int i = 0; i < a->m; i++) {
		coff[i] = q + b;
		for (int p = a->off[i] - b; p < a->off[i + 1] - b; p++)
			if (kept(a, p)) {
				ccol[q] = a->col[p];
				sp_store(a->t, cval, q++, sp_load(a->t, a->val, p));
			}
	}
	coff[a->m] = q + b;
	return CUSPARSE_STATUS_SUCCESS;
}

#define COMPRESS_DEFS(P, T, TAG)                                                                   \
	cusparseStatus_t cusparse##P##nnz_compress(                                                \
	    cusparseHandle_t handle, int m, const cusparseMatDescr_t descr,                        \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, int *nnzPerRow, int *nnzC, T tol) \
	{                                                                                          \
		struct compress_args a = {TAG,                                                     \
					  m,                                                       \
					  0,                                                       \
					  0,                                                       \
					  descr,                                                   \
					  csrSortedValA,                                           \
					  csrSortedRowPtrA,                                        \
					  NULL,                                                    \
					  creal(sp_load(TAG, &tol, 0))};                           \
		return nnz_compress(handle, &a, nnzPerRow, nnzC);                                  \
	}                                                                                          \
	cusparseStatus_t cusparse##P##csr2csr_compress(                                            \
	    cusparseHandle_t handle, int m, int n, const cusparseMatDescr_t descrA,                \
	    const T *csrSortedValA, const int *csrSortedColIndA, const int *csrSortedRowPtrA,      \
	    int nnzA, const int *nnzPerRow, T *csrSortedValC, int *csrSortedColIndC,               \
	    int *csrSortedRowPtrC, T tol)                                                          \
	{                                                                                          \
		struct compress_args a = {TAG,                                                     \
					  m,                                                       \
					  n,                                                       \
					  nnzA,                                                    \
					  descrA,                                                  \
					  csrSortedValA,                                           \
					  csrSortedRowPtrA,                                        \
					  csrSortedColIndA,                                        \
					  creal(sp_load(TAG, &tol, 0))};                           \
		return compress(handle, &a, nnzPerRow, csrSortedValC, csrSortedColIndC,            \
				csrSortedRowPtrC);                                                 \
	}

COMPRESS_DEFS(S, float, CUDA_R_32F)
COMPRESS_DEFS(D, double, CUDA_R_64F)
COMPRESS_DEFS(C, cuComplex, CUDA_C_32F)
COMPRESS_DEFS(Z, cuDoubleComplex, CUDA_C_64F)
