// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: SDDMM, C = alpha (op(A) op(B)) o spy(C) + beta C with A and
 * B dense and C sparse: for each stored entry (i, j) of C, the dot product
 * of row i of op(A) and column j of op(B) in double complex, then
 * alpha dot + beta c (c not read when beta is 0), stored in place.  C's
 * pattern is read as triplets (any of CSR, CSC, COO).  Strided batches:
 * one product per matrix of C's batch (batch.c).
 */
#include "cusparse_internal.h"

struct sp_sddmm {
	cusparseOperation_t opA, opB;
	const struct cusparseDnMatDescr *A, *B;
	struct cusparseSpMatDescr *C;
	cudaDataType compute;
};

static int64_t op_dim(cusparseOperation_t op, int64_t n_if_plain, int64_t n_if_transposed)
{
	return op == CUSPARSE_OPERATION_NON_TRANSPOSE ? n_if_plain : n_if_transposed;
}

static bool sddmm_args_ok(const struct sp_sddmm *p)
{
	if (!p->A || !p->B || !p->C || !sp_op_ok(p->opA) || !sp_op_ok(p->opB))
		return false;
	int64_t m = op_dim(p->opA, p->A->rows, p->A->cols), k = op_dim(p->opA, p->A->cols, p->A->rows);
	int64_t bk = op_dim(p->opB, p->B->rows, p->B->cols), n = op_dim(p->opB, p->B->cols, p->B->rows);
	int nb = sp_batches(p->C->batch_count);

	return k == bk && p->C->rows == m && p->C->cols == n && sp_dnmat_ok(p->A) && sp_dnmat_ok(p->B) &&
	       sp_compute_ok(p->compute, p->C->vtype) && p->A->vtype == p->B->vtype &&
	       p->B->vtype == p->C->vtype && sp_batch_ok(p->A->batch_count, nb) && sp_batch_ok(p->B->batch_count, nb);
}

/*
 * Where op(M)(i, j) of a dense matrix lies: i * row_step + j * col_step
 * elements from its start (order and transposition folded in once).
 */
struct op_steps {
	int64_t row_step, col_step;
};

static struct op_steps op_steps(cusparseOperation_t op, const struct cusparseDnMatDescr *m)
{
	int64_t down = m->order == CUSPARSE_ORDER_COL ? 1 : m->ld, across = m->order == CUSPARSE_ORDER_COL ? m->ld : 1;
	struct op_steps s = { down, across };

	if (op != CUSPARSE_OPERATION_NON_TRANSPOSE)
		s = (struct op_steps){ across, down };
	return s;
}

/* row i of op(A) . column j of op(B), k terms: float in double (the common case), else double complex */
static sp_val dot(const struct sp_sddmm *p, const struct cusparseDnMatDescr *A, struct op_steps sa,
		  const struct cusparseDnMatDescr *B, struct op_steps sb, int64_t i, int64_t j, int64_t k)
{
	const int64_t a0 = i * sa.row_step, b0 = j * sb.col_step;

	if (A->vtype == CUDA_R_32F) {
		const float *a = (const float *)A->val + a0, *b = (const float *)B->val + b0;
		double s = 0;

		for (int64_t l = 0; l < k; l++)
			s += (double)a[l * sa.col_step] * b[l * sb.row_step];
		return s;
	}
	sp_val s = 0;

	for (int64_t l = 0; l < k; l++)
		s += sp_opval(p->opA, sp_load(A->vtype, A->val, a0 + l * sa.col_step)) *
		     sp_opval(p->opB, sp_load(B->vtype, B->val, b0 + l * sb.row_step));
	return s;
}

/* one matrix of the batch */
static cusparseStatus_t sddmm_one(const struct sp_sddmm *p, const struct cusparseDnMatDescr *A,
				  const struct cusparseDnMatDescr *B, struct cusparseSpMatDescr *C, sp_val alpha,
				  sp_val beta)
{
	struct sp_triplets t;
	int64_t k = op_dim(p->opA, A->cols, A->rows);
	cusparseStatus_t st = sp_triplets_get(C, beta != 0, &t);

	if (st)
		return st;
	struct op_steps sa = op_steps(p->opA, A), sb = op_steps(p->opB, B);

	for (int64_t e = 0; e < t.n; e++) {
		sp_val d = dot(p, A, sa, B, sb, t.row[e], t.col[e], k);

		sp_store(C->vtype, C->val, e, alpha * d + (beta == 0 ? 0 : beta * t.val[e]));
	}
	sp_triplets_free(&t);
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t sddmm(cusparseHandle_t handle, const struct sp_sddmm *p, const void *alpha,
			      const void *beta, bool run)
{
	if (handle && (!alpha || !beta || !sddmm_args_ok(p)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (handle && !sp_fmt_indexed(p->C)) /* C's values are written by entry number */
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	SP_CALL(handle, CUSPARSE_STATUS_SUCCESS);
	if (!run)
		return CUSPARSE_STATUS_SUCCESS;
	sp_val a = sp_scalar(p->compute, alpha), b = sp_scalar(p->compute, beta);

	for (int i = 0; i < sp_batches(p->C->batch_count); i++) {
		struct cusparseDnMatDescr A = sp_dnmat_batch(p->A, i), B = sp_dnmat_batch(p->B, i);
		struct cusparseSpMatDescr C = sp_spmat_batch(p->C, i);
		cusparseStatus_t st = sddmm_one(p, &A, &B, &C, a, b);

		if (st)
			return st;
	}
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSDDMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
					  cusparseOperation_t opB, const void *alpha,
					  cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
					  const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType,
					  cusparseSDDMMAlg_t alg, size_t *bufferSize)
{
	struct sp_sddmm p = { opA, opB, matA, matB, matC, computeType };
	cusparseStatus_t st = sddmm(handle, &p, alpha, beta, false);

	(void)alg;
	return st ? st : sp_no_buffer(bufferSize);
}

cusparseStatus_t cusparseSDDMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
					  cusparseOperation_t opB, const void *alpha,
					  cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
					  const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType,
					  cusparseSDDMMAlg_t alg, void *externalBuffer)
{
	struct sp_sddmm p = { opA, opB, matA, matB, matC, computeType };

	(void)alg;
	(void)externalBuffer;
	return sddmm(handle, &p, alpha, beta, false);
}

cusparseStatus_t cusparseSDDMM(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
			       const void *alpha, cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
			       const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType,
			       cusparseSDDMMAlg_t alg, void *externalBuffer)
{
	struct sp_sddmm p = { opA, opB, matA, matB, matC, computeType };

	(void)alg;
	(void)externalBuffer;
	return sddmm(handle, &p, alpha, beta, true);
}
