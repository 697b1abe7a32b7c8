// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: SpGEMM's reuse form (cusparseSpGEMMreuse_*, issue 44) and
 * SpGEMM's memory estimate and product count.  The reuse form computes C's
 * structure once and its values as often as A's and B's values change:
 * nnz forms A B in the descriptor (spgemm.c's product) and sets C's nnz,
 * copy writes C's offsets and columns (C's index types and base), compute
 * forms A B again and writes C = alpha A B + beta C (C not read when beta is
 * 0) into that structure; a product whose structure is no longer C's (A or
 * B changed their pattern) is INVALID_VALUE, C untouched.  No step needs a
 * buffer: every size is 0.  getNumProducts answers the multiplications the
 * last product took (Gustavson's count); estimateMemory checks its operands
 * and chunk_fraction (0 < f <= 1) and answers 0 bytes.
 */
#include <stdlib.h>
#include <string.h>
#include "spgemm_internal.h"

/* the reuse steps take no alpha, beta or compute type: A's value type stands for them */
static cusparseStatus_t reuse_check(cusparseOperation_t opA, cusparseOperation_t opB,
				    const struct cusparseSpMatDescr *A,
				    const struct cusparseSpMatDescr *B,
				    const struct cusparseSpMatDescr *C,
				    const struct cusparseSpGEMMDescr *d)
{
	static const double one = 1;

	if (!A)
		return CUSPARSE_STATUS_INVALID_VALUE;
	return sp_gemm_check(opA, opB, &one, A, B, &one, C, A->vtype, d);
}

/* the sizes of the buffers the steps take, each 0 */
static cusparseStatus_t no_buffers(size_t *a, size_t *b, size_t *c)
{
	if (!a || !b || !c)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*a = *b = *c = 0;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t
cusparseSpGEMMreuse_workEstimation(cusparseHandle_t handle, cusparseOperation_t opA,
				   cusparseOperation_t opB, cusparseConstSpMatDescr_t matA,
				   cusparseConstSpMatDescr_t matB, cusparseSpMatDescr_t matC,
				   cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t spgemmDescr,
				   size_t *bufferSize1, void *externalBuffer1)
{
	(void)alg;
	(void)externalBuffer1;
	SP_CALL(handle, reuse_check(opA, opB, matA, matB, matC, spgemmDescr));
	return sp_no_buffer(bufferSize1);
}

cusparseStatus_t cusparseSpGEMMreuse_nnz(cusparseHandle_t handle, cusparseOperation_t opA,
					 cusparseOperation_t opB, cusparseConstSpMatDescr_t matA,
					 cusparseConstSpMatDescr_t matB, cusparseSpMatDescr_t matC,
					 cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t spgemmDescr,
					 size_t *bufferSize2, void *externalBuffer2,
					 size_t *bufferSize3, void *externalBuffer3,
					 size_t *bufferSize4, void *externalBuffer4)
{
	cusparseStatus_t st;

	(void)alg;
	(void)externalBuffer2, (void)externalBuffer3, (void)externalBuffer4;
	SP_CALL(handle, reuse_check(opA, opB, matA, matB, matC, spgemmDescr));
	st = no_buffers(bufferSize2, bufferSize3, bufferSize4);
	if (!st)
		st = sp_gemm_form(matA, matB, spgemmDescr);
	if (!st)
		matC->nnz = spgemmDescr->nnz;
	return st;
}

/* C's arrays are there for the product's structure */
static bool c_ready(const struct cusparseSpMatDescr *C, const struct cusparseSpGEMMDescr *d)
{
	return d->off && d->rows == C->rows && d->cols == C->cols && C->nnz == d->nnz && C->off &&
	       (!d->nnz || C->ind);
}

cusparseStatus_t cusparseSpGEMMreuse_copy(cusparseHandle_t handle, cusparseOperation_t opA,
					  cusparseOperation_t opB, cusparseConstSpMatDescr_t matA,
					  cusparseConstSpMatDescr_t matB, cusparseSpMatDescr_t matC,
					  cusparseSpGEMMAlg_t alg,
					  cusparseSpGEMMDescr_t spgemmDescr, size_t *bufferSize5,
					  void *externalBuffer5)
{
	const struct cusparseSpGEMMDescr *d = spgemmDescr;

	(void)alg;
	(void)externalBuffer5;
	SP_CALL(handle, reuse_check(opA, opB, matA, matB, matC, spgemmDescr));
	if (sp_no_buffer(bufferSize5) || !c_ready(matC, d)) /* nnz first, then C's arrays */
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int64_t r = 0; r <= d->rows; r++)
		sp_put_idx(matC->off_type, matC->off, r, d->off[r] + matC->base);
	for (int64_t k = 0; k < d->nnz; k++)
		sp_put_idx(matC->ind_type, matC->ind, k, d->col[k] + matC->base);
	return CUSPARSE_STATUS_SUCCESS;
}

/* the new product's structure is the one C was given */
static bool same_structure(const struct cusparseSpGEMMDescr *now,
			   const struct cusparseSpGEMMDescr *was)
{
	return now->nnz == was->nnz &&
	       !memcmp(now->off, was->off, ((size_t)now->rows + 1) * sizeof(*now->off)) &&
	       (!now->nnz || !memcmp(now->col, was->col, (size_t)now->nnz * sizeof(*now->col)));
}

cusparseStatus_t cusparseSpGEMMreuse_compute(cusparseHandle_t handle, cusparseOperation_t opA,
					     cusparseOperation_t opB, const void *alpha,
					     cusparseConstSpMatDescr_t matA,
					     cusparseConstSpMatDescr_t matB, const void *beta,
					     cusparseSpMatDescr_t matC, cudaDataType computeType,
					     cusparseSpGEMMAlg_t alg,
					     cusparseSpGEMMDescr_t spgemmDescr)
{
	struct cusparseSpGEMMDescr now = {0};
	cusparseStatus_t st;

	(void)alg;
	SP_CALL(handle,
		sp_gemm_check(opA, opB, alpha, matA, matB, beta, matC, computeType, spgemmDescr));
	if (!c_ready(matC, spgemmDescr) || (spgemmDescr->nnz && !matC->val))
		return CUSPARSE_STATUS_INVALID_VALUE;
	st = sp_gemm_form(matA, matB, &now);
	if (!st && !same_structure(&now, spgemmDescr))
		st = CUSPARSE_STATUS_INVALID_VALUE;
	if (!st) {
		sp_val a = sp_scalar(computeType, alpha), b = sp_scalar(computeType, beta);

		for (int64_t k = 0; k < now.nnz; k++) {
			sp_val old = b == 0 ? 0 : b * sp_load(matC->vtype, matC->val, k);

			sp_store(matC->vtype, matC->val, k, a * now.val[k] + old);
		}
		spgemmDescr->products = now.products;
	}
	sp_gemm_clear(&now);
	return st;
}

cusparseStatus_t cusparseSpGEMM_getNumProducts(cusparseSpGEMMDescr_t spgemmDescr,
					       int64_t *num_prods)
{
	if (!spgemmDescr || !num_prods)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*num_prods = spgemmDescr->products;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_estimateMemory(
    cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB, const void *alpha,
    cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB, const void *beta,
    cusparseSpMatDescr_t matC, cudaDataType computeType, cusparseSpGEMMAlg_t alg,
    cusparseSpGEMMDescr_t spgemmDescr, float chunk_fraction, size_t *bufferSize3,
    void *externalBuffer3, size_t *bufferSize2)
{
	(void)alg;
	(void)externalBuffer3;
	SP_CALL(handle,
		sp_gemm_check(opA, opB, alpha, matA, matB, beta, matC, computeType, spgemmDescr));
	if (!(chunk_fraction > 0 && chunk_fraction <= 1) || !bufferSize3 || !bufferSize2)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*bufferSize3 = *bufferSize2 = 0;
	return CUSPARSE_STATUS_SUCCESS;
}
