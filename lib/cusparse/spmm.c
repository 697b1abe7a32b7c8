// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: SpMV (y = alpha op(A) x + beta y) and SpMM (C = alpha op(A)
 * op(B) + beta C) with A sparse, both one loop over A's entries that
 * accumulates op(A) op(B) in double complex, then C = alpha acc + beta C
 * (C not read when beta is 0, as BLAS).  SpMV is SpMM with one column.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

struct sp_mm {
	cusparseOperation_t opA, opB;
	const struct cusparseSpMatDescr *A;
	const struct cusparseDnMatDescr *B;
	struct cusparseDnMatDescr *C;
	cudaDataType compute;
};

static int64_t op_rows(cusparseOperation_t op, int64_t rows, int64_t cols)
{
	return op == CUSPARSE_OPERATION_NON_TRANSPOSE ? rows : cols;
}

static bool mm_args_ok(const struct sp_mm *p)
{
	if (!p->A || !p->B || !p->C || !sp_op_ok(p->opA) || !sp_op_ok(p->opB))
		return false;
	int64_t m = op_rows(p->opA, p->A->rows, p->A->cols);
	int64_t k = op_rows(p->opA, p->A->cols, p->A->rows);
	int64_t bk = op_rows(p->opB, p->B->rows, p->B->cols);
	int64_t n = op_rows(p->opB, p->B->cols, p->B->rows);

	return bk == k && p->C->rows == m && p->C->cols == n && sp_dnmat_ok(p->B) &&
	       sp_dnmat_ok(p->C) && sp_compute_ok(p->compute, p->A->vtype) &&
	       p->A->vtype == p->B->vtype && p->B->vtype == p->C->vtype;
}

/* op(B)(i, j) */
static sp_val opb_at(const struct sp_mm *p, int64_t i, int64_t j)
{
	if (p->opB == CUSPARSE_OPERATION_NON_TRANSPOSE)
		return sp_load(p->B->vtype, p->B->val, sp_dn_at(p->B, i, j));
	return sp_opval(p->opB, sp_load(p->B->vtype, p->B->val, sp_dn_at(p->B, j, i)));
}

static cusparseStatus_t mm_run(const struct sp_mm *p, const void *alpha, const void *beta)
{
	struct sp_triplets t;
	cusparseStatus_t st = sp_triplets_get(p->A, true, &t);
	int64_t m = p->C->rows, n = p->C->cols;
	sp_val a = sp_scalar(p->compute, alpha), b = sp_scalar(p->compute, beta);
	sp_val *acc;

	if (st)
		return st;
	acc = calloc(m * n > 0 ? (size_t)(m * n) : 1, sizeof(*acc));
	if (!acc) {
		sp_triplets_free(&t);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	bool tr = p->opA != CUSPARSE_OPERATION_NON_TRANSPOSE;

	for (int64_t e = 0; e < t.n; e++) {
		int64_t i = tr ? t.col[e] : t.row[e], q = tr ? t.row[e] : t.col[e];
		sp_val v = sp_opval(p->opA, t.val[e]);

		for (int64_t j = 0; j < n; j++)
			acc[i * n + j] += v * opb_at(p, q, j);
	}
	for (int64_t i = 0; i < m; i++)
		for (int64_t j = 0; j < n; j++) {
			int64_t at = sp_dn_at(p->C, i, j);
			sp_val c = b == 0 ? 0 : b * sp_load(p->C->vtype, p->C->val, at);

			sp_store(p->C->vtype, p->C->val, at, a * acc[i * n + j] + c);
		}
	free(acc);
	sp_triplets_free(&t);
	return CUSPARSE_STATUS_SUCCESS;
}

/* A dense vector seen as a one-column matrix. */
static struct cusparseDnMatDescr vec_as_mat(const struct cusparseDnVecDescr *v)
{
	struct cusparseDnMatDescr m = { v->size, 1, v->size > 1 ? v->size : 1, v->val, v->vtype,
					CUSPARSE_ORDER_COL, 1, 0 };

	return m;
}

static cusparseStatus_t spmv(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
			     cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
			     const void *beta, cusparseDnVecDescr_t vecY, cudaDataType computeType,
			     bool run)
{
	if (!vecX || !vecY) {
		if (!handle)
			return CUSPARSE_STATUS_NOT_INITIALIZED;
		return CUSPARSE_STATUS_INVALID_VALUE;
	}
	struct cusparseDnMatDescr x = vec_as_mat(vecX), y = vec_as_mat(vecY);
	struct sp_mm p = { opA, CUSPARSE_OPERATION_NON_TRANSPOSE, matA, &x, &y, computeType };

	if (handle && (!alpha || !beta || !mm_args_ok(&p)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (run && handle && sp_capturing(handle))	/* a node of the graph (capture.c) */
		return sp_capture_spmv(handle, opA, alpha, matA, vecX, beta, vecY, computeType);
	SP_CALL(handle, CUSPARSE_STATUS_SUCCESS);
	if (!run)
		return CUSPARSE_STATUS_SUCCESS;
	return sp_spmv_run(opA, matA, vecX, vecY, computeType, alpha, beta);
}

cusparseStatus_t sp_spmv_run(cusparseOperation_t opA, const struct cusparseSpMatDescr *matA,
			     const struct cusparseDnVecDescr *vecX, struct cusparseDnVecDescr *vecY,
			     cudaDataType computeType, const void *alpha, const void *beta)
{
	struct cusparseDnMatDescr x = vec_as_mat(vecX), y = vec_as_mat(vecY);
	struct sp_mm p = { opA, CUSPARSE_OPERATION_NON_TRANSPOSE, matA, &x, &y, computeType };
	int direct = sp_spmv_direct(opA, matA, vecX, vecY, computeType, alpha, beta);

	return direct >= 0 ? (cusparseStatus_t)direct : mm_run(&p, alpha, beta);
}

cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
					 const void *alpha, cusparseConstSpMatDescr_t matA,
					 cusparseConstDnVecDescr_t vecX, const void *beta,
					 cusparseDnVecDescr_t vecY, cudaDataType computeType,
					 cusparseSpMVAlg_t alg, size_t *bufferSize)
{
	cusparseStatus_t st;

	(void)alg;
	st = spmv(handle, opA, alpha, matA, vecX, beta, vecY, computeType, false);
	return st ? st : sp_no_buffer(bufferSize);
}

cusparseStatus_t cusparseSpMV_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
					 const void *alpha, cusparseConstSpMatDescr_t matA,
					 cusparseConstDnVecDescr_t vecX, const void *beta,
					 cusparseDnVecDescr_t vecY, cudaDataType computeType,
					 cusparseSpMVAlg_t alg, void *externalBuffer)
{
	(void)alg;
	(void)externalBuffer;
	return spmv(handle, opA, alpha, matA, vecX, beta, vecY, computeType, false);
}

cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
			      cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
			      const void *beta, cusparseDnVecDescr_t vecY,
			      cudaDataType computeType, cusparseSpMVAlg_t alg,
			      void *externalBuffer)
{
	(void)alg;
	(void)externalBuffer;
	return spmv(handle, opA, alpha, matA, vecX, beta, vecY, computeType, true);
}

/* Strided batches (batch.c): one product per matrix of C's batch; A or B of count 1 serves all. */
static cusparseStatus_t spmm(cusparseHandle_t handle, const struct sp_mm *p, const void *alpha,
			     const void *beta, bool run)
{
	if (handle && (!alpha || !beta || !mm_args_ok(p) ||
		       !sp_batch_ok(p->A->batch_count, sp_batches(p->C->batch_count)) ||
		       !sp_batch_ok(p->B->batch_count, sp_batches(p->C->batch_count))))
		return CUSPARSE_STATUS_INVALID_VALUE;
	SP_CALL(handle, CUSPARSE_STATUS_SUCCESS);
	for (int i = 0; run && i < sp_batches(p->C->batch_count); i++) {
		struct cusparseSpMatDescr A = sp_spmat_batch(p->A, i);
		struct cusparseDnMatDescr B = sp_dnmat_batch(p->B, i), C = sp_dnmat_batch(p->C, i);
		struct sp_mm one = { p->opA, p->opB, &A, &B, &C, p->compute };
		cusparseStatus_t st = mm_run(&one, alpha, beta);

		if (st)
			return st;
	}
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
					 cusparseOperation_t opB, const void *alpha,
					 cusparseConstSpMatDescr_t matA,
					 cusparseConstDnMatDescr_t matB, const void *beta,
					 cusparseDnMatDescr_t matC, cudaDataType computeType,
					 cusparseSpMMAlg_t alg, size_t *bufferSize)
{
	struct sp_mm p = { opA, opB, matA, matB, matC, computeType };
	cusparseStatus_t st = spmm(handle, &p, alpha, beta, false);

	(void)alg;
	return st ? st : sp_no_buffer(bufferSize);
}

cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
					 cusparseOperation_t opB, const void *alpha,
					 cusparseConstSpMatDescr_t matA,
					 cusparseConstDnMatDescr_t matB, const void *beta,
					 cusparseDnMatDescr_t matC, cudaDataType computeType,
					 cusparseSpMMAlg_t alg, void *externalBuffer)
{
	struct sp_mm p = { opA, opB, matA, matB, matC, computeType };

	(void)alg;
	(void)externalBuffer;
	return spmm(handle, &p, alpha, beta, false);
}

cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA,
			      cusparseOperation_t opB, const void *alpha,
			      cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
			      const void *beta, cusparseDnMatDescr_t matC,
			      cudaDataType computeType, cusparseSpMMAlg_t alg,
			      void *externalBuffer)
{
	struct sp_mm p = { opA, opB, matA, matB, matC, computeType };

	(void)alg;
	(void)externalBuffer;
	return spmm(handle, &p, alpha, beta, true);
}
