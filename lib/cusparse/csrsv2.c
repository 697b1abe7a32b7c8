// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy csrsv2 family, the triangular solve op(A) y =
 * alpha x of a CSR matrix with 32-bit indices, the triangle and the
 * diagonal type taken from the legacy matrix descriptor (the other triangle
 * ignored).  The solve is SpSV's (spsv.c) on a descriptor made from the
 * arrays; what csrsv2 adds is the zero pivot: a row of A without a diagonal
 * entry (structural, found by _analysis) or with a diagonal that is 0
 * (numerical, found by _solve), for a non-unit diagonal only; the solve
 * still divides by it, as on the GPU.  Public preconditioned CG and
 * BiCGSTAB codes written for CUDA 10/11 apply their ILU(0)/IC(0) factors
 * with it.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

static cusparseStatus_t sv2_check(cusparseHandle_t handle, cusparseOperation_t op, int m, int nnz,
				  const cusparseMatDescr_t d, const void *val, const int *off, const int *col,
				  csrsv2Info_t info)
{
	cusparseStatus_t st = sp_legacy_csr_check(handle, m, nnz, d, val, off, col, info);

	if (!st && !sp_op_ok(op))
		st = CUSPARSE_STATUS_INVALID_VALUE;
	return st;
}

int sp_first_zero_diag(cudaDataType t, int m, const void *val, const int *off, const int *col, int base,
		       bool numerical)
{
	for (int i = 0; i < m; i++) {
		int p = sp_diag_of(off, col, base, i);

		if (numerical ? p >= 0 && sp_load(t, val, p) == 0 : p < 0)
			return i;
	}
	return -1;
}

static cusparseStatus_t sv2_analysis(cusparseHandle_t handle, cudaDataType t, cusparseOperation_t op, int m,
				     int nnz, const cusparseMatDescr_t d, const void *val, const int *off,
				     const int *col, csrsv2Info_t info)
{
	SP_CALL(handle, sv2_check(handle, op, m, nnz, d, val, off, col, info));
	bool unit = d->diag == CUSPARSE_DIAG_TYPE_UNIT;

	info->piv = (struct sp_pivots){ unit ? -1 : sp_first_zero_diag(t, m, val, off, col, (int)d->base, false), -1,
					(int)d->base };
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t sv2_solve(cusparseHandle_t handle, cudaDataType t, cusparseOperation_t op, int m,
				  int nnz, const void *alpha, const cusparseMatDescr_t d, const void *val,
				  const int *off, const int *col, csrsv2Info_t info, const void *x, void *y)
{
	SP_CALL(handle, sv2_check(handle, op, m, nnz, d, val, off, col, info));
	if (!alpha || (m && (!x || !y)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	struct cusparseSpMatDescr A = {
		.fmt = CUSPARSE_FORMAT_CSR, .rows = m, .cols = m, .nnz = nnz,
		.off = (void *)off, .ind = (void *)col, .val = (void *)val,
		.off_type = CUSPARSE_INDEX_32I, .ind_type = CUSPARSE_INDEX_32I,
		.base = d->base, .vtype = t, .fill = d->fill, .diag = d->diag,
	};
	struct cusparseDnVecDescr X = { m, (void *)x, t }, Y = { m, y, t };
	cusparseStatus_t st = sp_spsv(handle, op, alpha, &A, &X, &Y);

	if (!st && d->diag != CUSPARSE_DIAG_TYPE_UNIT) {
		info->piv.base = (int)d->base;
		info->piv.numerical = sp_first_zero_diag(t, m, val, off, col, (int)d->base, true);
	}
	return st;
}

#define GEN_SV2(P, T, TYPE)										\
	cusparseStatus_t cusparse##P##csrsv2_bufferSize(cusparseHandle_t handle, cusparseOperation_t transA,	\
						       int m, int nnz, const cusparseMatDescr_t descrA,	\
						       T *csrValA, const int *csrRowPtrA,		\
						       const int *csrColIndA, csrsv2Info_t info,	\
						       int *pBufferSizeInBytes)				\
	{												\
		return sp_legacy_buffer_size(sv2_check(handle, transA, m, nnz,	\
							     descrA, csrValA, csrRowPtrA, csrColIndA, info),		\
					     pBufferSizeInBytes);				\
	}												\
	cusparseStatus_t cusparse##P##csrsv2_bufferSizeExt(cusparseHandle_t handle, cusparseOperation_t transA, \
							  int m, int nnz, const cusparseMatDescr_t descrA, \
							  T *csrValA, const int *csrRowPtrA,		\
							  const int *csrColIndA, csrsv2Info_t info,	\
							  size_t *pBufferSize)				\
	{												\
		return sp_legacy_buffer_size_ext(sv2_check(handle, transA, m, nnz, descrA, csrValA,	\
							   csrRowPtrA, csrColIndA, info),		\
						 pBufferSize);						\
	}												\
	cusparseStatus_t cusparse##P##csrsv2_analysis(cusparseHandle_t handle, cusparseOperation_t transA,	\
						     int m, int nnz, const cusparseMatDescr_t descrA,	\
						     const T *csrValA, const int *csrRowPtrA,		\
						     const int *csrColIndA, csrsv2Info_t info,		\
						     cusparseSolvePolicy_t policy, void *pBuffer)	\
	{												\
		(void)policy, (void)pBuffer;								\
		return sv2_analysis(handle, TYPE, transA, m, nnz, descrA, csrValA, csrRowPtrA,		\
				    csrColIndA, info);							\
	}												\
	cusparseStatus_t cusparse##P##csrsv2_solve(cusparseHandle_t handle, cusparseOperation_t transA, int m, \
						  int nnz, const T *alpha, const cusparseMatDescr_t descrA,	\
						  const T *csrValA, const int *csrRowPtrA,		\
						  const int *csrColIndA, csrsv2Info_t info, const T *f,	\
						  T *x, cusparseSolvePolicy_t policy, void *pBuffer)	\
	{												\
		(void)policy, (void)pBuffer;								\
		return sv2_solve(handle, TYPE, transA, m, nnz, alpha, descrA, csrValA, csrRowPtrA,	\
				 csrColIndA, info, f, x);						\
	}

GEN_SV2(S, float, CUDA_R_32F)
GEN_SV2(D, double, CUDA_R_64F)
GEN_SV2(C, cuComplex, CUDA_C_32F)
GEN_SV2(Z, cuDoubleComplex, CUDA_C_64F)
