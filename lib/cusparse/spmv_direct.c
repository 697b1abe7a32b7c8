// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: SpMV's direct paths, y = alpha A x + beta y for the cases
 * programs call most (CSR or COO, op N, one real value type that is also
 * the compute type, 32- or 64-bit indices, one matrix): loops that read A's
 * arrays where they are, instead of spmm.c's triplets in double complex,
 * which cost 10 to 100 times the plain loop (tests/bench,
 * bench_spmv_curand.c).  The result is the same: each row's products are
 * summed in double in storage order and rounded once, as spmm.c does.  The
 * arrays are checked in a first pass (CSR offsets from base to nnz + base,
 * never decreasing; row and column indices inside the matrix) so that bad
 * input writes nothing.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

static bool fast_case(cusparseOperation_t opA, const struct cusparseSpMatDescr *A,
		      const struct cusparseDnVecDescr *x, const struct cusparseDnVecDescr *y, cudaDataType compute)
{
	return opA == CUSPARSE_OPERATION_NON_TRANSPOSE &&
	       (A->fmt == CUSPARSE_FORMAT_CSR || A->fmt == CUSPARSE_FORMAT_COO) && A->batch_count <= 1 &&
	       (A->vtype == CUDA_R_32F || A->vtype == CUDA_R_64F) && compute == A->vtype &&
	       x->vtype == A->vtype && y->vtype == A->vtype &&
	       (A->off_type == CUSPARSE_INDEX_32I || A->off_type == CUSPARSE_INDEX_64I) &&
	       (A->ind_type == CUSPARSE_INDEX_32I || A->ind_type == CUSPARSE_INDEX_64I);
}

static bool csr_ok(const struct cusparseSpMatDescr *A)
{
	int64_t b = A->base == CUSPARSE_INDEX_BASE_ONE;

	if (A->base != CUSPARSE_INDEX_BASE_ZERO && A->base != CUSPARSE_INDEX_BASE_ONE)
		return false;
	if (!A->off || (A->nnz && (!A->ind || !A->val)) || sp_idx(A->off_type, A->off, 0) != b ||
	    sp_idx(A->off_type, A->off, A->rows) - b != A->nnz)
		return false;
	for (int64_t i = 0; i < A->rows; i++)
		if (sp_idx(A->off_type, A->off, i + 1) < sp_idx(A->off_type, A->off, i))
			return false;
	for (int64_t k = 0; k < A->nnz; k++) {
		int64_t c = sp_idx(A->ind_type, A->ind, k) - b;

		if (c < 0 || c >= A->cols)
			return false;
	}
	return true;
}

static bool coo_ok(const struct cusparseSpMatDescr *A)
{
	int64_t b = A->base == CUSPARSE_INDEX_BASE_ONE;

	if (A->base != CUSPARSE_INDEX_BASE_ZERO && A->base != CUSPARSE_INDEX_BASE_ONE)
		return false;
	if (A->nnz && (!A->off || !A->ind || !A->val))
		return false;
	for (int64_t k = 0; k < A->nnz; k++) {
		int64_t r = sp_idx(A->off_type, A->off, k) - b, c = sp_idx(A->ind_type, A->ind, k) - b;

		if (r < 0 || r >= A->rows || c < 0 || c >= A->cols)
			return false;
	}
	return true;
}

/* COO: the products summed per row in double, in storage order, then y = alpha acc + beta y */
static cusparseStatus_t coo_spmv(const struct cusparseSpMatDescr *A, const struct cusparseDnVecDescr *x,
				 struct cusparseDnVecDescr *y, double al, double be)
{
	int64_t b = A->base == CUSPARSE_INDEX_BASE_ONE;
	double *acc = calloc(A->rows > 0 ? (size_t)A->rows : 1, sizeof(*acc));
	bool dbl = A->vtype == CUDA_R_64F;

	if (!acc)
		return CUSPARSE_STATUS_ALLOC_FAILED;
	for (int64_t k = 0; k < A->nnz; k++) {
		int64_t r = sp_idx(A->off_type, A->off, k) - b, c = sp_idx(A->ind_type, A->ind, k) - b;

		acc[r] += dbl ? ((const double *)A->val)[k] * ((const double *)x->val)[c]
			      : (double)((const float *)A->val)[k] * ((const float *)x->val)[c];
	}
	for (int64_t i = 0; i < A->rows; i++) {
		if (dbl)
			((double *)y->val)[i] = be == 0 ? al * acc[i] : al * acc[i] + be * ((double *)y->val)[i];
		else
			((float *)y->val)[i] = (float)(be == 0 ? al * acc[i] : al * acc[i] + be * ((float *)y->val)[i]);
	}
	free(acc);
	return CUSPARSE_STATUS_SUCCESS;
}

/* one loop per index and value type, so that the compiler sees plain arrays */
#define ROWS(OT, IT, VT)                                                                        \
	do {                                                                                    \
		const OT *off = A->off;                                                         \
		const IT *ind = A->ind;                                                         \
		const VT *v = A->val, *xv = x->val;                                             \
		VT *yv = y->val;                                                                \
		for (int64_t i = 0; i < A->rows; i++) {                                         \
			double s = 0;                                                           \
			for (int64_t k = off[i] - b; k < off[i + 1] - b; k++)                   \
				s += (double)v[k] * xv[ind[k] - b];                             \
			yv[i] = (VT)(be == 0 ? al * s : al * s + be * yv[i]);                   \
		}                                                                               \
	} while (0)

#define BY_VAL(OT, IT)                               \
	do {                                         \
		if (A->vtype == CUDA_R_64F)          \
			ROWS(OT, IT, double);        \
		else                                 \
			ROWS(OT, IT, float);         \
	} while (0)

int sp_spmv_direct(cusparseOperation_t opA, const struct cusparseSpMatDescr *A, const struct cusparseDnVecDescr *x,
		struct cusparseDnVecDescr *y, cudaDataType compute, const void *alpha, const void *beta)
{
	if (!fast_case(opA, A, x, y, compute))
		return -1;
	if (A->fmt == CUSPARSE_FORMAT_COO ? !coo_ok(A) : !csr_ok(A))
		return CUSPARSE_STATUS_INVALID_VALUE;
	double al = creal(sp_scalar(compute, alpha)), be = creal(sp_scalar(compute, beta));

	if (A->fmt == CUSPARSE_FORMAT_COO)
		return coo_spmv(A, x, y, al, be);
	int64_t b = A->base == CUSPARSE_INDEX_BASE_ONE;
	bool o32 = A->off_type == CUSPARSE_INDEX_32I, i32 = A->ind_type == CUSPARSE_INDEX_32I;

	if (o32 && i32)
		BY_VAL(int32_t, int32_t);
	else if (o32)
		BY_VAL(int32_t, int64_t);
	else if (i32)
		BY_VAL(int64_t, int32_t);
	else
		BY_VAL(int64_t, int64_t);
	return CUSPARSE_STATUS_SUCCESS;
}
