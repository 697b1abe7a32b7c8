// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: SpGEMM, C = alpha A B + beta C with A, B and C in CSR (as
 * cuSPARSE, non-transposed operands only).  compute forms the product's
 * structure and values (A B, unscaled: Gustavson's row-by-row product with
 * a dense marker per row, columns sorted within each row) and keeps it in
 * the SpGEMM descriptor, setting C's nnz for cusparseSpMatGetSize; copy
 * writes it to C's arrays (C's index types and base) as alpha A B, plus
 * beta times the values already there when beta is not 0 (cuSPARSE's rule).
 * Structural zeros of the product are kept.  The work estimation and the
 * buffers are not needed: both sizes are 0.
 */
#include <stdlib.h>
#include "spgemm_internal.h"

void sp_gemm_clear(struct cusparseSpGEMMDescr *d)
{
	free(d->off);
	free(d->col);
	free(d->val);
	d->off = d->col = NULL;
	d->val = NULL;
}

cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *descr)
{
	if (!descr)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*descr = calloc(1, sizeof(**descr));
	return *descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t descr)
{
	if (descr)
		sp_gemm_clear(descr);
	free(descr);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t sp_gemm_check(cusparseOperation_t opA, cusparseOperation_t opB,
				   const void *alpha, const struct cusparseSpMatDescr *A,
				   const struct cusparseSpMatDescr *B, const void *beta,
				   const struct cusparseSpMatDescr *C, cudaDataType compute,
				   const void *descr)
{
	if (!alpha || !beta || !A || !B || !C || !descr || !sp_op_ok(opA) || !sp_op_ok(opB))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (opA != CUSPARSE_OPERATION_NON_TRANSPOSE || opB != CUSPARSE_OPERATION_NON_TRANSPOSE ||
	    A->fmt != CUSPARSE_FORMAT_CSR || B->fmt != CUSPARSE_FORMAT_CSR ||
	    C->fmt != CUSPARSE_FORMAT_CSR)
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	if (A->cols != B->rows || C->rows != A->rows || C->cols != B->cols ||
	    A->vtype != B->vtype || B->vtype != C->vtype || !sp_compute_ok(compute, A->vtype))
		return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_workEstimation(cusparseHandle_t handle, cusparseOperation_t opA,
					       cusparseOperation_t opB, const void *alpha,
					       cusparseConstSpMatDescr_t matA,
					       cusparseConstSpMatDescr_t matB, const void *beta,
					       cusparseSpMatDescr_t matC, cudaDataType computeType,
					       cusparseSpGEMMAlg_t alg,
					       cusparseSpGEMMDescr_t spgemmDescr,
					       size_t *bufferSize1, void *externalBuffer1)
{
	(void)alg;
	(void)externalBuffer1;
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	cusparseStatus_t st = sp_gemm_check(opA, opB, alpha, matA, matB, beta, matC, computeType,
					 spgemmDescr);

	return st ? st : sp_no_buffer(bufferSize1);
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* A CSR matrix's row offsets, 0-based (its triplets come in row order). */
static cusparseStatus_t rows_of(const struct sp_triplets *t, int64_t rows, int64_t **off)
{
	*off = calloc((size_t)rows + 1, sizeof(**off));
	if (!*off)
		return CUSPARSE_STATUS_ALLOC_FAILED;
	for (int64_t k = 0; k < t->n; k++)
		(*off)[t->row[k] + 1]++;
	for (int64_t r = 0; r < rows; r++)
		(*off)[r + 1] += (*off)[r];
	return CUSPARSE_STATUS_SUCCESS;
}

/* The product's arrays grow by doubling; false when out of memory. */
static bool grow(struct cusparseSpGEMMDescr *d, int64_t need, int64_t *cap)
{
	if (need <= *cap)
		return true;
	int64_t nc = *cap * 2 > need ? *cap * 2 : need;
	int64_t *c = realloc(d->col, (size_t)nc * sizeof(*c));

	if (c)
		d->col = c;
	sp_val *v = realloc(d->val, (size_t)nc * sizeof(*v));

	if (v)
		d->val = v;
	if (!c || !v)
		return false;
	*cap = nc;
	return true;
}

/* Gustavson: row i of A B accumulated in acc, its columns listed once in cols. */
static cusparseStatus_t gemm_product(const struct sp_triplets *a, const int64_t *aoff,
				     const struct sp_triplets *b, const int64_t *boff,
				     struct cusparseSpGEMMDescr *d)
{
	int64_t cap = 0, n = d->cols;
	sp_val *acc = calloc(n ? (size_t)n : 1, sizeof(*acc));
	int64_t *mark = malloc((n ? (size_t)n : 1) * sizeof(*mark));

	d->off = calloc((size_t)d->rows + 1, sizeof(*d->off));
	if (!acc || !mark || !d->off || !grow(d, 16, &cap)) {
		free(acc);
		free(mark);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	for (int64_t j = 0; j < n; j++)
		mark[j] = -1;
	for (int64_t i = 0, nnz = 0; i < d->rows; i++) {
		int64_t start = nnz;

		for (int64_t ka = aoff[i]; ka < aoff[i + 1]; ka++) {
			int64_t q = a->col[ka];

			for (int64_t kb = boff[q]; kb < boff[q + 1]; kb++) {
				int64_t j = b->col[kb];

				if (mark[j] != i) {
					if (!grow(d, nnz + 1, &cap)) {
						free(acc);
						free(mark);
						return CUSPARSE_STATUS_ALLOC_FAILED;
					}
					mark[j] = i;
					acc[j] = 0;
					d->col[nnz++] = j;
				}
				acc[j] += a->val[ka] * b->val[kb];
				d->products++;
			}
		}
		qsort(d->col + start, (size_t)(nnz - start), sizeof(*d->col), cmp_i64);
		for (int64_t k = start; k < nnz; k++)
			d->val[k] = acc[d->col[k]];
		d->off[i + 1] = nnz;
		d->nnz = nnz;
	}
	free(acc);
	free(mark);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t sp_gemm_form(const struct cusparseSpMatDescr *A, const struct cusparseSpMatDescr *B,
			      struct cusparseSpGEMMDescr *d)
{
	struct sp_triplets a, b;
	int64_t *aoff = NULL, *boff = NULL;
	cusparseStatus_t st = sp_triplets_get(A, true, &a);

	if (st)
		return st;
	st = sp_triplets_get(B, true, &b);
	if (st) {
		sp_triplets_free(&a);
		return st;
	}
	sp_gemm_clear(d);
	d->rows = A->rows;
	d->cols = B->cols;
	d->nnz = d->products = 0;
	st = rows_of(&a, A->rows, &aoff);
	if (!st)
		st = rows_of(&b, B->rows, &boff);
	if (!st)
		st = gemm_product(&a, aoff, &b, boff, d);
	if (st)
		sp_gemm_clear(d);
	free(aoff);
	free(boff);
	sp_triplets_free(&a);
	sp_triplets_free(&b);
	return st;
}

cusparseStatus_t cusparseSpGEMM_compute(cusparseHandle_t handle, cusparseOperation_t opA,
					cusparseOperation_t opB, const void *alpha,
					cusparseConstSpMatDescr_t matA,
					cusparseConstSpMatDescr_t matB, const void *beta,
					cusparseSpMatDescr_t matC, cudaDataType computeType,
					cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t spgemmDescr,
					size_t *bufferSize2, void *externalBuffer2)
{
	(void)alg;
	(void)externalBuffer2;
	if (handle && !bufferSize2)
		return CUSPARSE_STATUS_INVALID_VALUE;
	SP_CALL(handle, sp_gemm_check(opA, opB, alpha, matA, matB, beta, matC, computeType,
				   spgemmDescr));
	/* both calls (size query, then with the buffer) compute: the buffer is never used */
	*bufferSize2 = 0;
	cusparseStatus_t st = sp_gemm_form(matA, matB, spgemmDescr);

	if (!st)
		matC->nnz = spgemmDescr->nnz;
	return st;
}

cusparseStatus_t cusparseSpGEMM_copy(cusparseHandle_t handle, cusparseOperation_t opA,
				     cusparseOperation_t opB, const void *alpha,
				     cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB,
				     const void *beta, cusparseSpMatDescr_t matC,
				     cudaDataType computeType, cusparseSpGEMMAlg_t alg,
				     cusparseSpGEMMDescr_t spgemmDescr)
{
	(void)alg;
	SP_CALL(handle, sp_gemm_check(opA, opB, alpha, matA, matB, beta, matC, computeType,
				   spgemmDescr));
	struct cusparseSpGEMMDescr *d = spgemmDescr;

	/* compute first, for this C; arrays for its nnz */
	if (!d->off || d->rows != matC->rows || d->cols != matC->cols || matC->nnz != d->nnz ||
	    !matC->off || (d->nnz && (!matC->ind || !matC->val)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	sp_val a = sp_scalar(computeType, alpha), b = sp_scalar(computeType, beta);

	for (int64_t r = 0; r <= d->rows; r++)
		sp_put_idx(matC->off_type, matC->off, r, d->off[r] + matC->base);
	for (int64_t k = 0; k < d->nnz; k++) {
		sp_val old = b == 0 ? 0 : b * sp_load(matC->vtype, matC->val, k);

		sp_put_idx(matC->ind_type, matC->ind, k, d->col[k] + matC->base);
		sp_store(matC->vtype, matC->val, k, a * d->val[k] + old);
	}
	return CUSPARSE_STATUS_SUCCESS;
}
