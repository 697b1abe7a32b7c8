// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the triangular solves SpSV (op(A) y = alpha x) and SpSM
 * (op(A) C = alpha op(B)).  A's fill mode and diagonal type attributes say
 * which triangle is read; entries of the other triangle are ignored, as
 * cuSPARSE does, and a unit diagonal is not read.  The analysis phase
 * checks the arguments; the solve reads A then (one address space, no
 * device copy to prepare), by substitution over op(A)'s rows.  A missing
 * or zero diagonal entry divides by zero, as on the GPU.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

/* What analysis leaves for the solve: nothing here; the descriptor exists for the API's sake. */
/* what SpSV/SpSM_updateMatrix gave since the analysis: the values the solve
 * reads instead of A's (GENERAL), a diagonal that replaces A's (DIAGONAL) */
struct sp_update {
	const void *values, *diag;
};
struct cusparseSpSVDescr {
	int analysed;
	struct sp_update upd;
};
struct cusparseSpSMDescr {
	int analysed;
	struct sp_update upd;
};

/* op(A)'s strict triangle as rows (CSR, 0-based) and its diagonal. */
struct tri {
	int64_t n;
	bool lower, unit;
	int64_t *off, *col;
	sp_val *val, *diag;
};

static void tri_free(struct tri *t)
{
	free(t->off);
	free(t->col);
	free(t->val);
	free(t->diag);
}

static cusparseStatus_t tri_build(const struct cusparseSpMatDescr *A, cusparseOperation_t opA,
				  struct tri *t)
{
	struct sp_triplets e;
	cusparseStatus_t st = sp_triplets_get(A, true, &e);
	bool tr = opA != CUSPARSE_OPERATION_NON_TRANSPOSE;
	int64_t n = A->rows;

	if (st)
		return st;
	t->n = n;
	t->lower = (A->fill == CUSPARSE_FILL_MODE_LOWER) != tr;
	t->unit = A->diag == CUSPARSE_DIAG_TYPE_UNIT;
	t->off = calloc((size_t)n + 1, sizeof(*t->off));
	t->col = malloc((e.n ? (size_t)e.n : 1) * sizeof(*t->col));
	t->val = malloc((e.n ? (size_t)e.n : 1) * sizeof(*t->val));
	t->diag = calloc(n ? (size_t)n : 1, sizeof(*t->diag));
	if (!t->off || !t->col || !t->val || !t->diag) {
		tri_free(t);
		sp_triplets_free(&e);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	/* two passes: count each row's kept entries, then place them */
	for (int pass = 0; pass < 2; pass++) {
		for (int64_t k = 0; k < e.n; k++) {
			int64_t i = tr ? e.col[k] : e.row[k], j = tr ? e.row[k] : e.col[k];
			sp_val v = sp_opval(opA, e.val[k]);

			if (i == j) {
				if (pass == 0)
					t->diag[i] += v;
			} else if ((j < i) == t->lower) {
				if (pass == 0) {
					t->off[i + 1]++;
				} else {
					t->col[t->off[i]] = j;
					t->val[t->off[i]++] = v;
				}
			}
		}
		if (pass == 0)
			for (int64_t i = 0; i < n; i++)
				t->off[i + 1] += t->off[i];
		else	/* placing advanced each row's start to the next row's: shift back */
			for (int64_t i = n; i > 0; i--)
				t->off[i] = t->off[i - 1];
		if (pass == 1)
			t->off[0] = 0;
	}
	sp_triplets_free(&e);
	return CUSPARSE_STATUS_SUCCESS;
}

/* x = op(A)^-1 x, in place */
static void tri_solve(const struct tri *t, sp_val *x)
{
	for (int64_t s = 0; s < t->n; s++) {
		int64_t i = t->lower ? s : t->n - 1 - s;
		sp_val sum = x[i];

		for (int64_t k = t->off[i]; k < t->off[i + 1]; k++)
			sum -= t->val[k] * x[t->col[k]];
		x[i] = t->unit ? sum : sum / t->diag[i];
	}
}

struct sp_sm {
	cusparseOperation_t opA, opB;
	const struct cusparseSpMatDescr *A;
	const struct cusparseDnMatDescr *B;
	struct cusparseDnMatDescr *C;
	cudaDataType compute;
	const struct sp_update *upd; /* NULL: A as it is */
};

static bool sm_args_ok(const struct sp_sm *p)
{
	if (!p->A || !p->B || !p->C || !sp_op_ok(p->opA) || !sp_op_ok(p->opB))
		return false;
	int64_t n = p->A->rows;
	int64_t br = p->opB == CUSPARSE_OPERATION_NON_TRANSPOSE ? p->B->rows : p->B->cols;
	int64_t bc = p->opB == CUSPARSE_OPERATION_NON_TRANSPOSE ? p->B->cols : p->B->rows;

	return p->A->cols == n && br == n && p->C->rows == n && p->C->cols == bc &&
	       sp_dnmat_ok(p->B) && sp_dnmat_ok(p->C) && sp_compute_ok(p->compute, p->A->vtype) &&
	       p->A->vtype == p->B->vtype && p->B->vtype == p->C->vtype;
}

static cusparseStatus_t sm_run(const struct sp_sm *p, const void *alpha)
{
	struct tri t;
	struct cusparseSpMatDescr A = *p->A;
	if (p->upd && p->upd->values)
		A.val = (void *)p->upd->values;
	cusparseStatus_t st = tri_build(&A, p->opA, &t);
	sp_val a = sp_scalar(p->compute, alpha), *x;

	if (st)
		return st;
	if (p->upd && p->upd->diag)
		for (int64_t i = 0; i < t.n; i++)
			t.diag[i] = sp_opval(p->opA, sp_load(A.vtype, p->upd->diag, i));
	x = malloc((t.n ? (size_t)t.n : 1) * sizeof(*x));
	if (!x) {
		tri_free(&t);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	for (int64_t j = 0; j < p->C->cols; j++) {
		for (int64_t i = 0; i < t.n; i++) {
			bool nb = p->opB == CUSPARSE_OPERATION_NON_TRANSPOSE;
			int64_t at = nb ? sp_dn_at(p->B, i, j) : sp_dn_at(p->B, j, i);

			x[i] = a * sp_opval(p->opB, sp_load(p->B->vtype, p->B->val, at));
		}
		tri_solve(&t, x);
		for (int64_t i = 0; i < t.n; i++)
			sp_store(p->C->vtype, p->C->val, sp_dn_at(p->C, i, j), x[i]);
	}
	free(x);
	tri_free(&t);
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t sm_call(cusparseHandle_t handle, const struct sp_sm *p, const void *alpha,
				const void *descr, bool run)
{
	if (handle && (!alpha || !descr || !sm_args_ok(p)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	SP_CALL(handle, CUSPARSE_STATUS_SUCCESS);
	return run ? sm_run(p, alpha) : CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSM_createDescr(cusparseSpSMDescr_t *descr)
{
	if (!descr)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*descr = calloc(1, sizeof(**descr));
	return *descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseSpSM_destroyDescr(cusparseSpSMDescr_t descr)
{
	free(descr);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
					 cusparseOperation_t opB, const void *alpha,
					 cusparseConstSpMatDescr_t matA,
					 cusparseConstDnMatDescr_t matB, cusparseDnMatDescr_t matC,
					 cudaDataType computeType, cusparseSpSMAlg_t alg,
					 cusparseSpSMDescr_t spsmDescr, size_t *bufferSize)
{
	struct sp_sm p = { opA, opB, matA, matB, matC, computeType, NULL };
	cusparseStatus_t st = sm_call(handle, &p, alpha, spsmDescr, false);

	(void)alg;
	return st ? st : sp_no_buffer(bufferSize);
}

cusparseStatus_t cusparseSpSM_analysis(cusparseHandle_t handle, cusparseOperation_t opA,
				       cusparseOperation_t opB, const void *alpha,
				       cusparseConstSpMatDescr_t matA,
				       cusparseConstDnMatDescr_t matB, cusparseDnMatDescr_t matC,
				       cudaDataType computeType, cusparseSpSMAlg_t alg,
				       cusparseSpSMDescr_t spsmDescr, void *externalBuffer)
{
	struct sp_sm p = { opA, opB, matA, matB, matC, computeType, NULL };
	cusparseStatus_t st = sm_call(handle, &p, alpha, spsmDescr, false);

	(void)alg;
	(void)externalBuffer;
	if (!st) { /* a new analysis starts from A as it is */
		spsmDescr->analysed = 1;
		spsmDescr->upd = (struct sp_update){ NULL, NULL };
	}
	return st;
}

cusparseStatus_t cusparseSpSM_solve(cusparseHandle_t handle, cusparseOperation_t opA,
				    cusparseOperation_t opB, const void *alpha,
				    cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
				    cusparseDnMatDescr_t matC, cudaDataType computeType,
				    cusparseSpSMAlg_t alg, cusparseSpSMDescr_t spsmDescr)
{
	struct sp_sm p = { opA, opB, matA, matB, matC, computeType, spsmDescr ? &spsmDescr->upd : NULL };

	(void)alg;
	return sm_call(handle, &p, alpha, spsmDescr, true);
}

/* SpSV: SpSM with x and y as one-column matrices. */
static struct cusparseDnMatDescr col_of(const struct cusparseDnVecDescr *v)
{
	struct cusparseDnMatDescr m = { v->size, 1, v->size > 1 ? v->size : 1, v->val, v->vtype,
					CUSPARSE_ORDER_COL, 1, 0 };

	return m;
}

static cusparseStatus_t sv_call(cusparseHandle_t handle, cusparseOperation_t opA,
				const void *alpha, cusparseConstSpMatDescr_t matA,
				cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
				cudaDataType computeType, const void *descr, const struct sp_update *upd,
				bool run)
{
	if (!vecX || !vecY)
		return handle ? CUSPARSE_STATUS_INVALID_VALUE : CUSPARSE_STATUS_NOT_INITIALIZED;
	struct cusparseDnMatDescr x = col_of(vecX), y = col_of(vecY);
	struct sp_sm p = { opA, CUSPARSE_OPERATION_NON_TRANSPOSE, matA, &x, &y, computeType, upd };

	return sm_call(handle, &p, alpha, descr, run);
}

cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t *descr)
{
	if (!descr)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*descr = calloc(1, sizeof(**descr));
	return *descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t descr)
{
	free(descr);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
					 const void *alpha, cusparseConstSpMatDescr_t matA,
					 cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
					 cudaDataType computeType, cusparseSpSVAlg_t alg,
					 cusparseSpSVDescr_t spsvDescr, size_t *bufferSize)
{
	cusparseStatus_t st = sv_call(handle, opA, alpha, matA, vecX, vecY, computeType, spsvDescr,
				      NULL, false);

	(void)alg;
	return st ? st : sp_no_buffer(bufferSize);
}

cusparseStatus_t cusparseSpSV_analysis(cusparseHandle_t handle, cusparseOperation_t opA,
				       const void *alpha, cusparseConstSpMatDescr_t matA,
				       cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
				       cudaDataType computeType, cusparseSpSVAlg_t alg,
				       cusparseSpSVDescr_t spsvDescr, void *externalBuffer)
{
	cusparseStatus_t st = sv_call(handle, opA, alpha, matA, vecX, vecY, computeType, spsvDescr,
				      NULL, false);

	(void)alg;
	(void)externalBuffer;
	if (!st) { /* a new analysis starts from A as it is */
		spsvDescr->analysed = 1;
		spsvDescr->upd = (struct sp_update){ NULL, NULL };
	}
	return st;
}

cusparseStatus_t cusparseSpSV_solve(cusparseHandle_t handle, cusparseOperation_t opA,
				    const void *alpha, cusparseConstSpMatDescr_t matA,
				    cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
				    cudaDataType computeType, cusparseSpSVAlg_t alg,
				    cusparseSpSVDescr_t spsvDescr)
{
	(void)alg;
	return sv_call(handle, opA, alpha, matA, vecX, vecY, computeType, spsvDescr,
		       spsvDescr ? &spsvDescr->upd : NULL, true);
}

/* SpSV for the legacy csrsv2_solve (csrsv2.c): A's value type computes, no descriptor to keep. */
cusparseStatus_t sp_spsv(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
			 const struct cusparseSpMatDescr *A, const struct cusparseDnVecDescr *x,
			 struct cusparseDnVecDescr *y)
{
	return sv_call(handle, opA, alpha, A, x, y, A->vtype, A, NULL, true);
}

/* SpSM for the legacy csrsm2_solve (csrsm2.c); C may be B itself: each column is read before it is written. */
cusparseStatus_t sp_spsm(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
			 const void *alpha, const struct cusparseSpMatDescr *A, const struct cusparseDnMatDescr *B,
			 struct cusparseDnMatDescr *C)
{
	struct sp_sm p = { opA, opB, A, B, C, A->vtype, NULL };

	return sm_call(handle, &p, alpha, A, true);
}

/* updateMatrix: GENERAL, the values the next solves read instead of A's (a
 * diagonal given before is dropped: the new values carry their own);
 * DIAGONAL, n values that replace A's diagonal, stored or not.  The arrays
 * are read at each solve, where they are, as A's would be. */
static cusparseStatus_t update(cusparseHandle_t handle, struct sp_update *upd, void *values,
			       int part)
{
	SP_CALL(handle, upd && values && (part == 0 || part == 1) ? CUSPARSE_STATUS_SUCCESS
								  : CUSPARSE_STATUS_INVALID_VALUE);
	if (part == 0)
		*upd = (struct sp_update){ values, NULL };
	else
		upd->diag = values;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSV_updateMatrix(cusparseHandle_t handle, cusparseSpSVDescr_t spsvDescr,
					   void *newValues, cusparseSpSVUpdate_t updatePart)
{
	return update(handle, spsvDescr ? &spsvDescr->upd : NULL, newValues, (int)updatePart);
}

cusparseStatus_t cusparseSpSM_updateMatrix(cusparseHandle_t handle, cusparseSpSMDescr_t spsmDescr,
					   void *newValues, cusparseSpSMUpdate_t updatePart)
{
	return update(handle, spsmDescr ? &spsmDescr->upd : NULL, newValues, (int)updatePart);
}
