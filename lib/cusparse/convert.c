// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the format conversions SparseToDense, DenseToSparse (its
 * analysis counts the nonzeros into the sparse descriptor, as cuSPARSE's,
 * so that cusparseSpMatGetSize tells the program what to allocate) and
 * Csr2cscEx2 (a stable counting sort by column).
 */
#include <stdlib.h>
#include <string.h>
#include "cusparse_internal.h"

cusparseStatus_t cusparseSparseToDense_bufferSize(cusparseHandle_t handle,
						  cusparseConstSpMatDescr_t matA,
						  cusparseDnMatDescr_t matB,
						  cusparseSparseToDenseAlg_t alg,
						  size_t *bufferSize)
{
	(void)alg;
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	if (!matA || !matB)
		return CUSPARSE_STATUS_INVALID_VALUE;
	return sp_no_buffer(bufferSize);
}

/* B = A: B's elements A does not store become 0; entries A stores twice add up. */
cusparseStatus_t cusparseSparseToDense(cusparseHandle_t handle, cusparseConstSpMatDescr_t matA,
				       cusparseDnMatDescr_t matB, cusparseSparseToDenseAlg_t alg,
				       void *externalBuffer)
{
	struct sp_triplets t;

	(void)alg;
	(void)externalBuffer;
	if (handle && (!matA || !matB || matA->rows != matB->rows || matA->cols != matB->cols ||
		       matA->vtype != matB->vtype || !sp_dnmat_ok(matB)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	SP_CALL(handle, sp_triplets_get(matA, true, &t));
	for (int64_t i = 0; i < matB->rows; i++)
		for (int64_t j = 0; j < matB->cols; j++)
			sp_store(matB->vtype, matB->val, sp_dn_at(matB, i, j), 0);
	for (int64_t k = 0; k < t.n; k++) {
		int64_t at = sp_dn_at(matB, t.row[k], t.col[k]);

		sp_store(matB->vtype, matB->val, at, sp_load(matB->vtype, matB->val, at) + t.val[k]);
	}
	sp_triplets_free(&t);
	return CUSPARSE_STATUS_SUCCESS;
}

static bool d2s_args_ok(const struct cusparseDnMatDescr *A, const struct cusparseSpMatDescr *B)
{
	return A && B && A->rows == B->rows && A->cols == B->cols && A->vtype == B->vtype &&
	       sp_dnmat_ok(A);
}

/* B's values are written by entry number (CSR, CSC, COO) or into the pattern the program gave
 * (Blocked-ELL, ell.c); sliced ELL's pattern depends on the values: not written */
static bool d2s_fmt_refused(const struct cusparseSpMatDescr *B)
{
	return B && !sp_fmt_indexed(B) && B->fmt != CUSPARSE_FORMAT_BLOCKED_ELL;
}

cusparseStatus_t cusparseDenseToSparse_bufferSize(cusparseHandle_t handle,
						  cusparseConstDnMatDescr_t matA,
						  cusparseSpMatDescr_t matB,
						  cusparseDenseToSparseAlg_t alg,
						  size_t *bufferSize)
{
	(void)alg;
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	if (!d2s_args_ok(matA, matB))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (d2s_fmt_refused(matB))
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	return sp_no_buffer(bufferSize);
}

/*
 * The nonzeros of A in B's storage order (row by row for CSR and COO,
 * column by column for CSC): B's nnz; when fill, B's arrays too (its
 * offsets alone when only_offsets).
 */
static void d2s_walk(const struct cusparseDnMatDescr *A, struct cusparseSpMatDescr *B, bool fill,
		     bool only_offsets)
{
	bool csc = B->fmt == CUSPARSE_FORMAT_CSC;
	int64_t outer = csc ? A->cols : A->rows, inner = csc ? A->rows : A->cols, k = 0;

	for (int64_t o = 0; o < outer; o++) {
		if (fill && B->fmt != CUSPARSE_FORMAT_COO)
			sp_put_idx(B->off_type, B->off, o, k + B->base);
		for (int64_t in = 0; in < inner; in++) {
			int64_t i = csc ? in : o, j = csc ? o : in;
			sp_val v = sp_load(A->vtype, A->val, sp_dn_at(A, i, j));

			if (v == 0)
				continue;
			if (fill && !only_offsets) {
				if (B->fmt == CUSPARSE_FORMAT_COO)
					sp_put_idx(B->off_type, B->off, k, i + B->base);
				sp_put_idx(B->ind_type, B->ind, k, (csc ? i : j) + B->base);
				sp_store(B->vtype, B->val, k, v);
			}
			k++;
		}
	}
	if (fill && B->fmt != CUSPARSE_FORMAT_COO)
		sp_put_idx(B->off_type, B->off, outer, k + B->base);
	B->nnz = k;
}

cusparseStatus_t cusparseDenseToSparse_analysis(cusparseHandle_t handle,
						cusparseConstDnMatDescr_t matA,
						cusparseSpMatDescr_t matB,
						cusparseDenseToSparseAlg_t alg,
						void *externalBuffer)
{
	(void)alg;
	(void)externalBuffer;
	if (handle && !d2s_args_ok(matA, matB))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (handle && d2s_fmt_refused(matB))
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	SP_CALL(handle, CUSPARSE_STATUS_SUCCESS);
	if (matB->fmt ==
	    CUSPARSE_FORMAT_BLOCKED_ELL) /* its pattern is the program's: nothing to find */
		return CUSPARSE_STATUS_SUCCESS;
	/* the offsets, where the program gave them already (CSR, CSC), as cuSPARSE writes them */
	d2s_walk(matA, matB, matB->fmt != CUSPARSE_FORMAT_COO && matB->off, true);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDenseToSparse_convert(cusparseHandle_t handle,
					       cusparseConstDnMatDescr_t matA,
					       cusparseSpMatDescr_t matB,
					       cusparseDenseToSparseAlg_t alg,
					       void *externalBuffer)
{
	int64_t nnz;

	(void)alg;
	(void)externalBuffer;
	if (handle && !d2s_args_ok(matA, matB))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (handle && d2s_fmt_refused(matB))
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	SP_CALL(handle, CUSPARSE_STATUS_SUCCESS);
	if (matB->fmt == CUSPARSE_FORMAT_BLOCKED_ELL)
		return sp_blocked_ell_from_dense(matA, matB);
	nnz = matB->nnz;
	d2s_walk(matA, matB, false, false);
	/* arrays sized by the analysis: refuse rather than overrun them */
	if (matB->nnz != nnz || (nnz && (!matB->off || !matB->ind || !matB->val)) ||
	    (matB->fmt != CUSPARSE_FORMAT_COO && !matB->off)) {
		matB->nnz = nnz;
		return CUSPARSE_STATUS_INVALID_VALUE;
	}
	d2s_walk(matA, matB, true, false);
	return CUSPARSE_STATUS_SUCCESS;
}

static size_t sp_type_size(cudaDataType t)
{
	switch (t) {
	case CUDA_R_8I: case CUDA_R_8U: return 1;
	case CUDA_R_16F: case CUDA_R_16BF: case CUDA_C_8I: case CUDA_C_8U: return 2;
	case CUDA_R_32F: case CUDA_R_32I: case CUDA_C_16F: case CUDA_C_16BF: return 4;
	case CUDA_R_64F: case CUDA_C_32F: return 8;
	case CUDA_C_64F: return 16;
	default: return 0;
	}
}

static bool csr2csc_ok(int m, int n, int nnz, const void *csrVal, const int *csrRowPtr,
		       const int *csrColInd, void *cscVal, int *cscColPtr, int *cscRowInd,
		       cudaDataType valType, cusparseAction_t copyValues,
		       cusparseIndexBase_t idxBase)
{
	bool vals = copyValues == CUSPARSE_ACTION_NUMERIC;

	return m >= 0 && n >= 0 && nnz >= 0 && csrRowPtr && cscColPtr &&
	       (!nnz || (csrColInd && cscRowInd && (!vals || (csrVal && cscVal)))) &&
	       (copyValues == CUSPARSE_ACTION_SYMBOLIC || vals) && sp_type_size(valType) &&
	       (idxBase == CUSPARSE_INDEX_BASE_ZERO || idxBase == CUSPARSE_INDEX_BASE_ONE);
}

cusparseStatus_t cusparseCsr2cscEx2_bufferSize(cusparseHandle_t handle, int m, int n, int nnz,
					       const void *csrVal, const int *csrRowPtr,
					       const int *csrColInd, void *cscVal, int *cscColPtr,
					       int *cscRowInd, cudaDataType valType,
					       cusparseAction_t copyValues,
					       cusparseIndexBase_t idxBase,
					       cusparseCsr2CscAlg_t alg, size_t *bufferSize)
{
	(void)alg;
	(void)csrVal;
	(void)cscVal;
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	/* the arrays are allowed to be NULL in a size query */
	if (m < 0 || n < 0 || nnz < 0 || !sp_type_size(valType) ||
	    (copyValues != CUSPARSE_ACTION_SYMBOLIC && copyValues != CUSPARSE_ACTION_NUMERIC) ||
	    (idxBase != CUSPARSE_INDEX_BASE_ZERO && idxBase != CUSPARSE_INDEX_BASE_ONE))
		return CUSPARSE_STATUS_INVALID_VALUE;
	(void)csrRowPtr;
	(void)csrColInd;
	(void)cscColPtr;
	(void)cscRowInd;
	return sp_no_buffer(bufferSize);
}

/* The CSR matrix's structure is sound: offsets from 0 to nnz, rising, columns in [0, n). */
static bool csr_sound(int m, int n, int nnz, const int *rp, const int *ci, int base)
{
	if (rp[0] - base != 0 || rp[m] - base != nnz)
		return false;
	for (int r = 0; r < m; r++)
		if (rp[r + 1] < rp[r])
			return false;
	for (int k = 0; k < nnz; k++)
		if (ci[k] - base < 0 || ci[k] - base >= n)
			return false;
	return true;
}

cusparseStatus_t cusparseCsr2cscEx2(cusparseHandle_t handle, int m, int n, int nnz,
				    const void *csrVal, const int *csrRowPtr, const int *csrColInd,
				    void *cscVal, int *cscColPtr, int *cscRowInd,
				    cudaDataType valType, cusparseAction_t copyValues,
				    cusparseIndexBase_t idxBase, cusparseCsr2CscAlg_t alg,
				    void *buffer)
{
	int base = idxBase;
	size_t es = sp_type_size(valType);

	(void)alg;
	(void)buffer;
	if (handle && !csr2csc_ok(m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal, cscColPtr,
				  cscRowInd, valType, copyValues, idxBase))
		return CUSPARSE_STATUS_INVALID_VALUE;
	SP_CALL(handle, csr_sound(m, n, nnz, csrRowPtr, csrColInd, base)
				? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_INVALID_VALUE);
	/* column counts, their prefix sums (each column's start), then the stable placing */
	memset(cscColPtr, 0, ((size_t)n + 1) * sizeof(int));
	for (int k = 0; k < nnz; k++)
		cscColPtr[csrColInd[k] - base + 1]++;
	for (int c = 0; c < n; c++)
		cscColPtr[c + 1] += cscColPtr[c];
	for (int r = 0; r < m; r++)
		for (int k = csrRowPtr[r] - base; k < csrRowPtr[r + 1] - base; k++) {
			int at = cscColPtr[csrColInd[k] - base]++;

			cscRowInd[at] = r + base;
			if (copyValues == CUSPARSE_ACTION_NUMERIC)
				memcpy((char *)cscVal + (size_t)at * es,
				       (const char *)csrVal + (size_t)k * es, es);
		}
	/* each column's cursor ended at the next one's start: shift back, add the base */
	for (int c = n; c > 0; c--)
		cscColPtr[c] = cscColPtr[c - 1] + base;
	cscColPtr[0] = base;
	return CUSPARSE_STATUS_SUCCESS;
}
