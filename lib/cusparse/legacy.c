// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy API's matrix descriptor, nnz counts of dense
 * matrices, gathers and CSR <-> COO row indices (legacy_sort.c has the
 * sorts).  Programs written for CUDA 10 and 11 call these around the
 * generic API; HeCBench spnnz counts with cusparseSnnz.
 */
#include <stdlib.h>
#include <string.h>
#include "cusparse_internal.h"

cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *descrA)
{
	struct cusparseMatDescr *d;

	if (!descrA)
		return CUSPARSE_STATUS_INVALID_VALUE;
	d = malloc(sizeof(*d));
	if (!d)
		return CUSPARSE_STATUS_ALLOC_FAILED;
	d->type = CUSPARSE_MATRIX_TYPE_GENERAL;
	d->fill = CUSPARSE_FILL_MODE_LOWER;
	d->diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
	d->base = CUSPARSE_INDEX_BASE_ZERO;
	*descrA = d;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t descrA)
{
	free(descrA);	/* NULL: nothing to do, as cuSPARSE */
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCopyMatDescr(cusparseMatDescr_t dest, const cusparseMatDescr_t src)
{
	if (!dest || !src)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*dest = *src;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t descrA, cusparseMatrixType_t type)
{
	if (!descrA || (unsigned)type > CUSPARSE_MATRIX_TYPE_TRIANGULAR)
		return CUSPARSE_STATUS_INVALID_VALUE;
	descrA->type = type;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t descrA, cusparseFillMode_t fillMode)
{
	if (!descrA || (fillMode != CUSPARSE_FILL_MODE_LOWER && fillMode != CUSPARSE_FILL_MODE_UPPER))
		return CUSPARSE_STATUS_INVALID_VALUE;
	descrA->fill = fillMode;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t descrA, cusparseDiagType_t diagType)
{
	if (!descrA || (diagType != CUSPARSE_DIAG_TYPE_NON_UNIT && diagType != CUSPARSE_DIAG_TYPE_UNIT))
		return CUSPARSE_STATUS_INVALID_VALUE;
	descrA->diag = diagType;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t descrA, cusparseIndexBase_t base)
{
	if (!descrA || (base != CUSPARSE_INDEX_BASE_ZERO && base != CUSPARSE_INDEX_BASE_ONE))
		return CUSPARSE_STATUS_INVALID_VALUE;
	descrA->base = base;
	return CUSPARSE_STATUS_SUCCESS;
}

/* The getters return the value, not a status: a NULL descriptor reads as a new one. */
cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t descrA)
{
	return descrA ? descrA->type : CUSPARSE_MATRIX_TYPE_GENERAL;
}

cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t descrA)
{
	return descrA ? descrA->fill : CUSPARSE_FILL_MODE_LOWER;
}

cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t descrA)
{
	return descrA ? descrA->diag : CUSPARSE_DIAG_TYPE_NON_UNIT;
}

cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t descrA)
{
	return descrA ? descrA->base : CUSPARSE_INDEX_BASE_ZERO;
}

static cusparseStatus_t nnz_args(cusparseDirection_t dir, int m, int n,
				 const struct cusparseMatDescr *d, const void *a, int lda,
				 const int *per, const int *total)
{
	if (!d || (dir != CUSPARSE_DIRECTION_ROW && dir != CUSPARSE_DIRECTION_COLUMN) || m < 0 ||
	    n < 0 || lda < (m > 1 ? m : 1) || !total)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if ((int64_t)m * n > 0 && (!a || !per))
		return CUSPARSE_STATUS_INVALID_VALUE;
	/* cuSPARSE counts general matrices only */
	return d->type == CUSPARSE_MATRIX_TYPE_GENERAL ? CUSPARSE_STATUS_SUCCESS :
							 CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
}

/*
 * The nonzeros of column-major A by row or column, any value type: an
 * element counts when it compares unequal to zero (NaN counts, -0.0 not).
 */
static cusparseStatus_t nnz_any(cusparseHandle_t h, cusparseDirection_t dir, int m, int n,
				const struct cusparseMatDescr *d, cudaDataType vt, const void *a,
				int lda, int *per, int *total)
{
	int64_t sum = 0;

	SP_CALL(h, nnz_args(dir, m, n, d, a, lda, per, total));
	if ((int64_t)m * n > INT32_MAX) {	/* the total might not fit the int answer */
		int64_t all = 0;

		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++)
				all += sp_load(vt, a, i + (int64_t)j * lda) != 0;
		if (all > INT32_MAX)
			return CUSPARSE_STATUS_INVALID_VALUE;
	}
	if (dir == CUSPARSE_DIRECTION_ROW)
		for (int i = 0; i < m; i++)
			per[i] = 0;
	for (int j = 0; j < n; j++) {
		int in_col = 0;

		for (int i = 0; i < m; i++) {
			if (sp_load(vt, a, i + (int64_t)j * lda) == 0)
				continue;
			in_col++;
			if (dir == CUSPARSE_DIRECTION_ROW)
				per[i]++;
		}
		if (dir == CUSPARSE_DIRECTION_COLUMN)
			per[j] = in_col;
		sum += in_col;
	}
	*total = (int)sum;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSnnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,
			      const cusparseMatDescr_t descrA, const float *A, int lda,
			      int *nnzPerRowCol, int *nnzTotalDevHostPtr)
{
	return nnz_any(handle, dirA, m, n, descrA, CUDA_R_32F, A, lda, nnzPerRowCol, nnzTotalDevHostPtr);
}

cusparseStatus_t cusparseDnnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,
			      const cusparseMatDescr_t descrA, const double *A, int lda,
			      int *nnzPerRowCol, int *nnzTotalDevHostPtr)
{
	return nnz_any(handle, dirA, m, n, descrA, CUDA_R_64F, A, lda, nnzPerRowCol, nnzTotalDevHostPtr);
}

cusparseStatus_t cusparseCnnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,
			      const cusparseMatDescr_t descrA, const cuComplex *A, int lda,
			      int *nnzPerRowCol, int *nnzTotalDevHostPtr)
{
	return nnz_any(handle, dirA, m, n, descrA, CUDA_C_32F, A, lda, nnzPerRowCol, nnzTotalDevHostPtr);
}

cusparseStatus_t cusparseZnnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,
			      const cusparseMatDescr_t descrA, const cuDoubleComplex *A, int lda,
			      int *nnzPerRowCol, int *nnzTotalDevHostPtr)
{
	return nnz_any(handle, dirA, m, n, descrA, CUDA_C_64F, A, lda, nnzPerRowCol, nnzTotalDevHostPtr);
}

static cusparseStatus_t gthr_args(int nnz, const void *y, const void *x, const int *ind,
				  cusparseIndexBase_t base)
{
	if (nnz < 0 || (base != CUSPARSE_INDEX_BASE_ZERO && base != CUSPARSE_INDEX_BASE_ONE))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (nnz && (!y || !x || !ind))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int i = 0; i < nnz; i++)	/* y's length is not passed: only the lower bound is known */
		if (ind[i] < (int)base)
			return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

/* xVal[i] = y[xInd[i] - base], values copied as they are (no rounding) */
static cusparseStatus_t gthr_any(cusparseHandle_t h, int nnz, const void *y, void *x,
				 const int *ind, cusparseIndexBase_t base, size_t size)
{
	SP_CALL(h, gthr_args(nnz, y, x, ind, base));
	for (int i = 0; i < nnz; i++)
		memcpy((char *)x + (size_t)i * size, (const char *)y + (size_t)(ind[i] - (int)base) * size, size);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSgthr(cusparseHandle_t handle, int nnz, const float *y, float *xVal,
			       const int *xInd, cusparseIndexBase_t idxBase)
{
	return gthr_any(handle, nnz, y, xVal, xInd, idxBase, sizeof(*y));
}

cusparseStatus_t cusparseDgthr(cusparseHandle_t handle, int nnz, const double *y, double *xVal,
			       const int *xInd, cusparseIndexBase_t idxBase)
{
	return gthr_any(handle, nnz, y, xVal, xInd, idxBase, sizeof(*y));
}

cusparseStatus_t cusparseCgthr(cusparseHandle_t handle, int nnz, const cuComplex *y,
			       cuComplex *xVal, const int *xInd, cusparseIndexBase_t idxBase)
{
	return gthr_any(handle, nnz, y, xVal, xInd, idxBase, sizeof(*y));
}

cusparseStatus_t cusparseZgthr(cusparseHandle_t handle, int nnz, const cuDoubleComplex *y,
			       cuDoubleComplex *xVal, const int *xInd, cusparseIndexBase_t idxBase)
{
	return gthr_any(handle, nnz, y, xVal, xInd, idxBase, sizeof(*y));
}

bool sp_offsets_ok(const int *off, int m, int nnz, cusparseIndexBase_t base)
{
	if (m < 0 || nnz < 0 || !off || (base != CUSPARSE_INDEX_BASE_ZERO && base != CUSPARSE_INDEX_BASE_ONE))
		return false;
	if (off[0] != (int)base || (int64_t)off[m] - (int)base != nnz)
		return false;
	for (int i = 0; i < m; i++)
		if (off[i + 1] < off[i])
			return false;
	return true;
}

cusparseStatus_t cusparseXcsr2coo(cusparseHandle_t handle, const int *csrRowPtr, int nnz, int m,
				  int *cooRowInd, cusparseIndexBase_t idxBase)
{
	SP_CALL(handle, sp_offsets_ok(csrRowPtr, m, nnz, idxBase) && (cooRowInd || !nnz) ?
				CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_INVALID_VALUE);
	for (int i = 0; i < m; i++)
		for (int k = csrRowPtr[i]; k < csrRowPtr[i + 1]; k++)
			cooRowInd[k - (int)idxBase] = i + (int)idxBase;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t coo2csr_args(const int *rows, int nnz, int m, const int *off,
				     cusparseIndexBase_t base)
{
	if (nnz < 0 || m < 0 || !off || (nnz && !rows) ||
	    (base != CUSPARSE_INDEX_BASE_ZERO && base != CUSPARSE_INDEX_BASE_ONE))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int k = 0; k < nnz; k++)
		if (rows[k] < (int)base || rows[k] - (int)base >= m)
			return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

/* The row offsets of COO entries sorted by row (counted, so unsorted rows give the same offsets). */
cusparseStatus_t cusparseXcoo2csr(cusparseHandle_t handle, const int *cooRowInd, int nnz, int m,
				  int *csrRowPtr, cusparseIndexBase_t idxBase)
{
	SP_CALL(handle, coo2csr_args(cooRowInd, nnz, m, csrRowPtr, idxBase));
	for (int i = 0; i <= m; i++)
		csrRowPtr[i] = 0;
	for (int k = 0; k < nnz; k++)
		csrRowPtr[cooRowInd[k] - (int)idxBase + 1]++;
	csrRowPtr[0] = (int)idxBase;
	for (int i = 0; i < m; i++)
		csrRowPtr[i + 1] += csrRowPtr[i];
	return CUSPARSE_STATUS_SUCCESS;
}
