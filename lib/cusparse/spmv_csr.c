// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: SpMV's direct path, y = alpha A x + beta y for the case
 * programs call most (CSR, op N, one real value type that is also the
 * compute type, 32- or 64-bit indices, one matrix): a row loop that reads
 * A's arrays where they are, instead of spmm.c's triplets in double
 * complex, which cost 10 to 100 times the plain loop (tests/bench,
 * bench_spmv_curand.c).  The result is the same: each row's products are
 * summed in double in storage order and rounded once, as spmm.c does.  The
 * arrays are checked in a first pass (offsets from base to nnz + base, never
 * decreasing; columns inside the matrix) so that bad input writes nothing.
 */
#include "cusparse_internal.h"

static bool fast_case(cusparseOperation_t opA, const struct cusparseSpMatDescr *A,
		      const struct cusparseDnVecDescr *x, const struct cusparseDnVecDescr *y, cudaDataType compute)
{
	return opA == CUSPARSE_OPERATION_NON_TRANSPOSE && A->fmt == CUSPARSE_FORMAT_CSR && A->batch_count <= 1 &&
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

int sp_spmv_csr(cusparseOperation_t opA, const struct cusparseSpMatDescr *A, const struct cusparseDnVecDescr *x,
		struct cusparseDnVecDescr *y, cudaDataType compute, const void *alpha, const void *beta)
{
	if (!fast_case(opA, A, x, y, compute))
		return -1;
	if (!csr_ok(A))
		return CUSPARSE_STATUS_INVALID_VALUE;
	double al = creal(sp_scalar(compute, alpha)), be = creal(sp_scalar(compute, beta));
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
