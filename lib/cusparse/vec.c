// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the sparse-vector operations (Axpby, Gather, Scatter, SpVV, Rot).
 * Every index is checked against the vector sizes before anything is
 * written, so bad indices leave the outputs as they were.
 */
#include "cusparse_internal.h"

/* x's k-th index, 0-based. */
static int64_t sv_at(const struct cusparseSpVecDescr *x, int64_t k)
{
	return sp_idx(x->itype, x->idx, k) - x->base;
}

/* The sparse vector has its arrays, its indices fall in [0, n). */
static cusparseStatus_t sv_check(const struct cusparseSpVecDescr *x, int64_t n)
{
	if (x->size != n)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (x->nnz && (!x->idx || !x->val))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int64_t k = 0; k < x->nnz; k++) {
		int64_t i = sv_at(x, k);

		if (i < 0 || i >= n)
			return CUSPARSE_STATUS_INVALID_VALUE;
	}
	return CUSPARSE_STATUS_SUCCESS;
}

/* y = alpha x + beta y; the scalars are of the vectors' type (cuSPARSE's rule). */
cusparseStatus_t cusparseAxpby(cusparseHandle_t handle, const void *alpha,
			       cusparseConstSpVecDescr_t vecX, const void *beta,
			       cusparseDnVecDescr_t vecY)
{
	if (handle && (!alpha || !beta || !vecX || !vecY || vecX->vtype != vecY->vtype ||
		       !sp_dnvec_ok(vecY, vecY->size)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	SP_CALL(handle, sv_check(vecX, vecY->size));
	sp_val a = sp_scalar(vecY->vtype, alpha), b = sp_scalar(vecY->vtype, beta);

	for (int64_t i = 0; i < vecY->size; i++)
		sp_store(vecY->vtype, vecY->val, i, b == 0 ? 0 : b * sp_load(vecY->vtype, vecY->val, i));
	for (int64_t k = 0; k < vecX->nnz; k++) {
		int64_t i = sv_at(vecX, k);

		sp_store(vecY->vtype, vecY->val, i,
			 sp_load(vecY->vtype, vecY->val, i) + a * sp_load(vecX->vtype, vecX->val, k));
	}
	return CUSPARSE_STATUS_SUCCESS;
}

/* x_values[k] = y[x_indices[k]] */
cusparseStatus_t cusparseGather(cusparseHandle_t handle, cusparseConstDnVecDescr_t vecY,
				cusparseSpVecDescr_t vecX)
{
	if (handle && (!vecX || !vecY || vecX->vtype != vecY->vtype || !sp_dnvec_ok(vecY, vecY->size)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	SP_CALL(handle, sv_check(vecX, vecY->size));
	for (int64_t k = 0; k < vecX->nnz; k++)
		sp_store(vecX->vtype, vecX->val, k, sp_load(vecY->vtype, vecY->val, sv_at(vecX, k)));
	return CUSPARSE_STATUS_SUCCESS;
}

/* y[x_indices[k]] = x_values[k] */
cusparseStatus_t cusparseScatter(cusparseHandle_t handle, cusparseConstSpVecDescr_t vecX,
				 cusparseDnVecDescr_t vecY)
{
	if (handle && (!vecX || !vecY || vecX->vtype != vecY->vtype || !sp_dnvec_ok(vecY, vecY->size)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	SP_CALL(handle, sv_check(vecX, vecY->size));
	for (int64_t k = 0; k < vecX->nnz; k++)
		sp_store(vecY->vtype, vecY->val, sv_at(vecX, k), sp_load(vecX->vtype, vecX->val, k));
	return CUSPARSE_STATUS_SUCCESS;
}

static bool spvv_args_ok(cusparseOperation_t opX, cusparseConstSpVecDescr_t vecX,
			 cusparseConstDnVecDescr_t vecY, cudaDataType computeType)
{
	return vecX && vecY && (opX == CUSPARSE_OPERATION_NON_TRANSPOSE ||
				opX == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE) &&
	       vecX->vtype == vecY->vtype && sp_type_ok(computeType) &&
	       sp_dnvec_ok(vecY, vecY->size);
}

cusparseStatus_t cusparseSpVV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opX,
					 cusparseConstSpVecDescr_t vecX,
					 cusparseConstDnVecDescr_t vecY, const void *result,
					 cudaDataType computeType, size_t *bufferSize)
{
	(void)result;
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	if (!spvv_args_ok(opX, vecX, vecY, computeType))
		return CUSPARSE_STATUS_INVALID_VALUE;
	return sp_no_buffer(bufferSize);
}

/* result = op(x) . y, op(x) = conj(x) for CONJUGATE_TRANSPOSE */
cusparseStatus_t cusparseSpVV(cusparseHandle_t handle, cusparseOperation_t opX,
			      cusparseConstSpVecDescr_t vecX, cusparseConstDnVecDescr_t vecY,
			      void *result, cudaDataType computeType, void *externalBuffer)
{
	sp_val sum = 0;

	(void)externalBuffer;
	if (handle && (!result || !spvv_args_ok(opX, vecX, vecY, computeType)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	SP_CALL(handle, sv_check(vecX, vecY->size));
	for (int64_t k = 0; k < vecX->nnz; k++)
		sum += sp_opval(opX, sp_load(vecX->vtype, vecX->val, k)) *
		       sp_load(vecY->vtype, vecY->val, sv_at(vecX, k));
	sp_store(computeType, result, 0, sum);
	return CUSPARSE_STATUS_SUCCESS;
}

/* The Givens rotation G = [c s; -s c] of (x, y) at x's entries, both from
 * their values before the call: x = c x + s y, y = c y - s x.  c and s are of
 * the vectors' type; an index given twice is rotated twice, in order. */
cusparseStatus_t cusparseRot(cusparseHandle_t handle, const void *c_coeff, const void *s_coeff,
			     cusparseSpVecDescr_t vecX, cusparseDnVecDescr_t vecY)
{
	if (handle && (!c_coeff || !s_coeff || !vecX || !vecY || vecX->vtype != vecY->vtype ||
		       !sp_dnvec_ok(vecY, vecY->size)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	SP_CALL(handle, sv_check(vecX, vecY->size));
	sp_val c = sp_scalar(vecY->vtype, c_coeff), s = sp_scalar(vecY->vtype, s_coeff);

	for (int64_t k = 0; k < vecX->nnz; k++) {
		int64_t i = sv_at(vecX, k);
		sp_val x = sp_load(vecX->vtype, vecX->val, k), y = sp_load(vecY->vtype, vecY->val, i);

		sp_store(vecX->vtype, vecX->val, k, c * x + s * y);
		sp_store(vecY->vtype, vecY->val, i, c * y - s * x);
	}
	return CUSPARSE_STATUS_SUCCESS;
}
