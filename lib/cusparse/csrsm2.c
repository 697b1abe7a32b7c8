// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy csrsm2 family, op(A) op(X) = alpha op(B) for a
 * CSR matrix A with 32-bit indices and nrhs right-hand sides, X written
 * over B (ldb).  The triangle and diagonal type come from the legacy
 * matrix descriptor, the other triangle is ignored; transA N/T/C, transB N
 * (B m x nrhs) or T (B nrhs x m: op(X) = X^T); cuSPARSE supports no
 * conjugate transB (NOT_SUPPORTED).  The solve is SpSM's (spsv.c) on
 * descriptors made over A's arrays and B: for transB T the result is
 * written as a row-major m x nrhs matrix over B, which is X stored
 * column-major.  Zero pivots as csrsv2's (a non-unit diagonal: structural
 * from _analysis, numerical from _solve).  algo (0, 1) and the policy are
 * accepted; buffers are 1 byte.  csrsm2 left CUDA 12's header; programs
 * written for CUDA 10/11 call it.
 */
#include "cusparse_internal.h"

struct sm2_args {
	int algo;
	cusparseOperation_t opA, opB;
	int m, nrhs, nnz, ldb;
	const cusparseMatDescr_t d;
	const void *val;
	const int *off, *col;
};

static cusparseStatus_t sm2_check(cusparseHandle_t handle, const struct sm2_args *a, const void *alpha,
				  const void *B, csrsm2Info_t info)
{
	cusparseStatus_t st = sp_legacy_csr_check(handle, a->m, a->nnz, a->d, a->val, a->off, a->col, info);
	bool nb = a->opB == CUSPARSE_OPERATION_NON_TRANSPOSE;

	if (st)
		return st;
	if (a->opB == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	if ((a->algo != 0 && a->algo != 1) || !sp_op_ok(a->opA) || (!nb && a->opB != CUSPARSE_OPERATION_TRANSPOSE) ||
	    a->nrhs < 0 || a->ldb < (nb ? (a->m > 1 ? a->m : 1) : (a->nrhs > 1 ? a->nrhs : 1)) || !alpha ||
	    (!B && a->m && a->nrhs))
		return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t sm2_analysis(cusparseHandle_t handle, cudaDataType t, const struct sm2_args *a,
				     const void *alpha, const void *B, csrsm2Info_t info)
{
	SP_CALL(handle, sm2_check(handle, a, alpha, B, info));
	bool unit = a->d->diag == CUSPARSE_DIAG_TYPE_UNIT;
	int base = (int)a->d->base;

	info->piv = (struct sp_pivots){ unit ? -1 : sp_first_zero_diag(t, a->m, a->val, a->off, a->col, base, false),
					-1, base };
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t sm2_solve(cusparseHandle_t handle, cudaDataType t, const struct sm2_args *a,
				  const void *alpha, void *B, csrsm2Info_t info)
{
	SP_CALL(handle, sm2_check(handle, a, alpha, B, info));
	bool nb = a->opB == CUSPARSE_OPERATION_NON_TRANSPOSE;
	struct cusparseSpMatDescr A = {
		.fmt = CUSPARSE_FORMAT_CSR, .rows = a->m, .cols = a->m, .nnz = a->nnz,
		.off = (void *)a->off, .ind = (void *)a->col, .val = (void *)a->val,
		.off_type = CUSPARSE_INDEX_32I, .ind_type = CUSPARSE_INDEX_32I,
		.base = a->d->base, .vtype = t, .fill = a->d->fill, .diag = a->d->diag,
	};
	/* op(B) is m x nrhs; X over B: column-major m x nrhs (N) or row-major m x nrhs = X^T (T) */
	struct cusparseDnMatDescr Bm = { nb ? a->m : a->nrhs, nb ? a->nrhs : a->m, a->ldb, B, t, CUSPARSE_ORDER_COL, 1, 0 };
	struct cusparseDnMatDescr Xm = { a->m, a->nrhs, a->ldb, B, t, nb ? CUSPARSE_ORDER_COL : CUSPARSE_ORDER_ROW, 1, 0 };
	cusparseStatus_t st = sp_spsm(handle, a->opA, a->opB, alpha, &A, &Bm, &Xm);

	if (!st && a->d->diag != CUSPARSE_DIAG_TYPE_UNIT) {
		info->piv.base = (int)a->d->base;
		info->piv.numerical = sp_first_zero_diag(t, a->m, a->val, a->off, a->col, (int)a->d->base, true);
	}
	return st;
}

#define SM2_ARGS { algo, transA, transB, m, nrhs, nnz, ldb, descrA, csrSortedValA, csrSortedRowPtrA, csrSortedColIndA }
#define GEN_SM2(P, T, TYPE)                                                                                     \
	cusparseStatus_t cusparse##P##csrsm2_bufferSizeExt(                                                      \
		cusparseHandle_t handle, int algo, cusparseOperation_t transA, cusparseOperation_t transB, int m, \
		int nrhs, int nnz, const T *alpha, const cusparseMatDescr_t descrA, const T *csrSortedValA,     \
		const int *csrSortedRowPtrA, const int *csrSortedColIndA, const T *B, int ldb, csrsm2Info_t info, \
		cusparseSolvePolicy_t policy, size_t *pBufferSize)                                               \
	{                                                                                                        \
		struct sm2_args a = SM2_ARGS;                                                                    \
		(void)policy;                                                                                    \
		return sp_legacy_buffer_size_ext(sm2_check(handle, &a, alpha, B, info), pBufferSize);                                      \
	}                                                                                                        \
	cusparseStatus_t cusparse##P##csrsm2_analysis(                                                           \
		cusparseHandle_t handle, int algo, cusparseOperation_t transA, cusparseOperation_t transB, int m, \
		int nrhs, int nnz, const T *alpha, const cusparseMatDescr_t descrA, const T *csrSortedValA,     \
		const int *csrSortedRowPtrA, const int *csrSortedColIndA, const T *B, int ldb, csrsm2Info_t info, \
		cusparseSolvePolicy_t policy, void *pBuffer)                                                     \
	{                                                                                                        \
		struct sm2_args a = SM2_ARGS;                                                                    \
		(void)policy, (void)pBuffer;                                                                     \
		return sm2_analysis(handle, TYPE, &a, alpha, B, info);                                           \
	}                                                                                                        \
	cusparseStatus_t cusparse##P##csrsm2_solve(                                                              \
		cusparseHandle_t handle, int algo, cusparseOperation_t transA, cusparseOperation_t transB, int m, \
		int nrhs, int nnz, const T *alpha, const cusparseMatDescr_t descrA, const T *csrSortedValA,     \
		const int *csrSortedRowPtrA, const int *csrSortedColIndA, T *B, int ldb, csrsm2Info_t info,     \
		cusparseSolvePolicy_t policy, void *pBuffer)                                                     \
	{                                                                                                        \
		struct sm2_args a = SM2_ARGS;                                                                    \
		(void)policy, (void)pBuffer;                                                                     \
		return sm2_solve(handle, TYPE, &a, alpha, B, info);                                              \
	}

GEN_SM2(S, float, CUDA_R_32F)
GEN_SM2(D, double, CUDA_R_64F)
GEN_SM2(C, cuComplex, CUDA_C_32F)
GEN_SM2(Z, cuDoubleComplex, CUDA_C_64F)
