// SPDX-License-Identifier: MIT
/*
 * test_grouped_batched.c - cublasSgemmGroupedBatched, DgemmGroupedBatched
 * and GemmGroupedBatchedEx (lib/cublas/grouped_batched.c) against a triple
 * loop in double written here: three groups of different shapes,
 * operations, leading dimensions (above the minimum), scalars and sizes
 * (2, 0 and 3 products), each product's padding rows compared exactly
 * (untouched).  Ex in CUDA_R_32F, R_64F, and R_16F / R_16BF with a float
 * compute type (inputs exact in float; C within its rounding: 2^-10, 2^-7).
 * Then the statuses: bad arguments of a later group refuse the whole call
 * with nothing written, types outside cuBLAS's table and the device pointer
 * mode are NOT_SUPPORTED, no group is a no-op.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "xorshift.h"
#include "tap.h"

enum { GROUPS = 3, PROBLEMS = 5, PAD = 2 };

static const cublasOperation_t TA[GROUPS] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
static const cublasOperation_t TB[GROUPS] = {CUBLAS_OP_N, CUBLAS_OP_N, CUBLAS_OP_T};
static const int M[GROUPS] = {4, 3, 6}, NN[GROUPS] = {5, 2, 3}, KK[GROUPS] = {3, 4, 7};
static const int SIZE[GROUPS] = {2, 0, 3};
static cublasHandle_t H;

/* one product's matrices, of element size esz, and a copy of C before the call */
struct problem {
	void *a, *b, *c;
	double *c0;
	int lda, ldb, ldc, ar, ac, br, bc;
};

static double load(const void *p, size_t i, cudaDataType t)
{
	switch (t) {
	case CUDA_R_32F:
		return ((const float *)p)[i];
	case CUDA_R_64F:
		return ((const double *)p)[i];
	case CUDA_R_16F:
		return (double)((const _Float16 *)p)[i];
	default: { /* bfloat16: the top half of a float */
		uint32_t u = (uint32_t)((const uint16_t *)p)[i] << 16;
		float f;

		memcpy(&f, &u, sizeof(f));
		return f;
	}
	}
}

/* v stored in type t, truncated to what t holds (so the loop's inputs are what the call reads) */
static void store(void *p, size_t i, cudaDataType t, double v)
{
	float f = (float)v;
	uint32_t u;

	switch (t) {
	case CUDA_R_32F:
		((float *)p)[i] = f;
		break;
	case CUDA_R_64F:
		((double *)p)[i] = v;
		break;
	case CUDA_R_16F:
		((_Float16 *)p)[i] = (_Float16)f;
		break;
	default:
		memcpy(&u, &f, sizeof(u));
		((uint16_t *)p)[i] = (uint16_t)(u >> 16);
		break;
	}
}

static size_t elem(cudaDataType t)
{
	return t == CUDA_R_64F ? 8 : t == CUDA_R_32F ? 4 : 2;
}

static void *rand_matrix(cudaDataType t, int ld, int cols)
{
	void *p = NULL;

	cudaMalloc(&p, elem(t) * (size_t)ld * cols);
	for (size_t i = 0; i < (size_t)ld * cols; i++)
		store(p, i, t, urand());
	return p;
}

static void make_problem(struct problem *p, int g, cudaDataType t)
{
	p->ar = TA[g] == CUBLAS_OP_N ? M[g] : KK[g], p->ac = TA[g] == CUBLAS_OP_N ? KK[g] : M[g];
	p->br = TB[g] == CUBLAS_OP_N ? KK[g] : NN[g], p->bc = TB[g] == CUBLAS_OP_N ? NN[g] : KK[g];
	p->lda = p->ar + PAD, p->ldb = p->br + 1, p->ldc = M[g] + PAD;
	p->a = rand_matrix(t, p->lda, p->ac);
	p->b = rand_matrix(t, p->ldb, p->bc);
	p->c = rand_matrix(t, p->ldc, NN[g]);
	p->c0 = malloc(sizeof(double) * p->ldc * NN[g]);
	for (int i = 0; i < p->ldc * NN[g]; i++)
		p->c0[i] = load(p->c, i, t);
}

/* the largest error of one product against the loop; -1 when a padding row changed */
static double check_problem(const struct problem *p, int g, cudaDataType t, double alpha,
			    double beta)
{
	double err = 0;

	for (int j = 0; j < NN[g]; j++)
		for (int i = 0; i < p->ldc; i++) {
			size_t e = i + (size_t)j * p->ldc;
			double got = load(p->c, e, t), ref = 0;

			if (i >= M[g]) {
				if (got != p->c0[e])
					return -1;
				continue;
			}
			for (int l = 0; l < KK[g]; l++) {
				double x = TA[g] == CUBLAS_OP_N
					       ? load(p->a, i + (size_t)l * p->lda, t)
					       : load(p->a, l + (size_t)i * p->lda, t);
				double y = TB[g] == CUBLAS_OP_N
					       ? load(p->b, l + (size_t)j * p->ldb, t)
					       : load(p->b, j + (size_t)l * p->ldb, t);

				ref += x * y;
			}
			ref = alpha * ref + beta * p->c0[e];
			err = fmax(err, fabs(got - ref) / (1 + fabs(ref)));
		}
	return err;
}

/* every product of every group set up; the host arrays of per-group values filled */
struct call {
	struct problem p[PROBLEMS];
	void *a[PROBLEMS], *b[PROBLEMS], *c[PROBLEMS];
	int lda[GROUPS], ldb[GROUPS], ldc[GROUPS];
	double alpha[GROUPS], beta[GROUPS];
	float alpha_f[GROUPS], beta_f[GROUPS];
};

static void make_call(struct call *cl, cudaDataType t)
{
	for (int g = 0, n = 0; g < GROUPS; g++) {
		struct problem shape;

		cl->alpha[g] = 0.5 + g, cl->beta[g] = g == 2 ? 0 : -0.75;
		cl->alpha_f[g] = (float)cl->alpha[g], cl->beta_f[g] = (float)cl->beta[g];
		make_problem(&shape, g,
			     t); /* the group's leading dimensions, even for an empty group */
		cl->lda[g] = shape.lda, cl->ldb[g] = shape.ldb, cl->ldc[g] = shape.ldc;
		cudaFree(shape.a), cudaFree(shape.b), cudaFree(shape.c), free(shape.c0);
		for (int j = 0; j < SIZE[g]; j++, n++) {
			make_problem(&cl->p[n], g, t);
			cl->a[n] = cl->p[n].a, cl->b[n] = cl->p[n].b, cl->c[n] = cl->p[n].c;
		}
	}
}

/* the largest error over all products; -1 when some padding changed */
static double check_call(const struct call *cl, cudaDataType t)
{
	double err = 0;

	for (int g = 0, n = 0; g < GROUPS; g++)
		for (int j = 0; j < SIZE[g]; j++, n++) {
			double e = check_problem(&cl->p[n], g, t, cl->alpha[g], cl->beta[g]);

			err = e < 0 || err < 0 ? -1 : fmax(err, e);
		}
	return err;
}

static int unchanged(const struct call *cl, cudaDataType t)
{
	for (int g = 0, n = 0; g < GROUPS; g++)
		for (int j = 0; j < SIZE[g]; j++, n++)
			for (int i = 0; i < cl->p[n].ldc * NN[g]; i++)
				if (load(cl->p[n].c, i, t) != cl->p[n].c0[i])
					return 0;
	return 1;
}

static void free_call(struct call *cl)
{
	for (int n = 0; n < PROBLEMS; n++)
		cudaFree(cl->a[n]), cudaFree(cl->b[n]), cudaFree(cl->c[n]), free(cl->p[n].c0);
}

static cublasStatus_t call_ex(const struct call *cl, cudaDataType t, cublasComputeType_t compute)
{
	const void *alpha = t == CUDA_R_64F ? (const void *)cl->alpha : cl->alpha_f;
	const void *beta = t == CUDA_R_64F ? (const void *)cl->beta : cl->beta_f;

	return cublasGemmGroupedBatchedEx(H, TA, TB, M, NN, KK, alpha, (const void *const *)cl->a,
					  t, cl->lda, (const void *const *)cl->b, t, cl->ldb, beta,
					  cl->c, t, cl->ldc, GROUPS, SIZE, compute);
}

static void test_typed(void)
{
	struct call s, d;
	int st;
	double e;

	make_call(&s, CUDA_R_32F);
	st = cublasSgemmGroupedBatched(H, TA, TB, M, NN, KK, s.alpha_f, (const float *const *)s.a,
				       s.lda, (const float *const *)s.b, s.ldb, s.beta_f,
				       (float *const *)s.c, s.ldc, GROUPS, SIZE);
	e = check_call(&s, CUDA_R_32F);
	tap_ok(!st && e >= 0 && e <= 1e-5,
	       "SgemmGroupedBatched: 3 groups (2, 0, 3 products) against the loop (err %.2g)", e);
	free_call(&s);
	make_call(&d, CUDA_R_64F);
	st = cublasDgemmGroupedBatched(H, TA, TB, M, NN, KK, d.alpha, (const double *const *)d.a,
				       d.lda, (const double *const *)d.b, d.ldb, d.beta,
				       (double *const *)d.c, d.ldc, GROUPS, SIZE);
	e = check_call(&d, CUDA_R_64F);
	tap_ok(!st && e >= 0 && e <= 1e-13, "DgemmGroupedBatched: against the loop (err %.2g)", e);
	free_call(&d);
}

static void test_ex(cudaDataType t, cublasComputeType_t compute, double tol, const char *what)
{
	struct call cl;

	make_call(&cl, t);
	int st = call_ex(&cl, t, compute);
	double e = check_call(&cl, t);

	tap_ok(!st && e >= 0 && e <= tol, "GemmGroupedBatchedEx %s: against the loop (err %.2g)",
	       what, e);
	free_call(&cl);
}

static void test_statuses(void)
{
	struct call cl;
	int bad_size[GROUPS] = {2, -1, 3}, bad_lda[GROUPS], bad_m[GROUPS] = {4, -3, 6}, good = 1;
	const float *const *a;
	const float *const *b;

	make_call(&cl, CUDA_R_32F);
	a = (const float *const *)cl.a, b = (const float *const *)cl.b;
	memcpy(bad_lda, cl.lda, sizeof(bad_lda));
	bad_lda[2] = KK[2] - 1; /* group 2 is trans C: lda >= k */
	good &= cublasSgemmGroupedBatched(NULL, TA, TB, M, NN, KK, cl.alpha_f, a, cl.lda, b, cl.ldb,
					  cl.beta_f, (float *const *)cl.c, cl.ldc, GROUPS,
					  SIZE) == CUBLAS_STATUS_NOT_INITIALIZED;
	good &= cublasSgemmGroupedBatched(H, TA, TB, M, NN, KK, cl.alpha_f, a, cl.lda, b, cl.ldb,
					  cl.beta_f, (float *const *)cl.c, cl.ldc, -1,
					  SIZE) == CUBLAS_STATUS_INVALID_VALUE;
	good &= cublasSgemmGroupedBatched(H, TA, TB, M, NN, KK, cl.alpha_f, a, cl.lda, b, cl.ldb,
					  cl.beta_f, (float *const *)cl.c, cl.ldc, GROUPS,
					  bad_size) == CUBLAS_STATUS_INVALID_VALUE;
	good &= cublasSgemmGroupedBatched(H, TA, TB, bad_m, NN, KK, cl.alpha_f, a, cl.lda, b,
					  cl.ldb, cl.beta_f, (float *const *)cl.c, cl.ldc, GROUPS,
					  SIZE) == CUBLAS_STATUS_INVALID_VALUE;
	good &= cublasSgemmGroupedBatched(H, TA, TB, M, NN, KK, cl.alpha_f, a, bad_lda, b, cl.ldb,
					  cl.beta_f, (float *const *)cl.c, cl.ldc, GROUPS,
					  SIZE) == CUBLAS_STATUS_INVALID_VALUE;
	good &= cublasSgemmGroupedBatched(H, TA, TB, M, NN, KK, NULL, a, cl.lda, b, cl.ldb,
					  cl.beta_f, (float *const *)cl.c, cl.ldc, GROUPS,
					  SIZE) == CUBLAS_STATUS_INVALID_VALUE;
	good &= cublasSgemmGroupedBatched(H, TA, TB, M, NN, KK, cl.alpha_f, NULL, cl.lda, b, cl.ldb,
					  cl.beta_f, (float *const *)cl.c, cl.ldc, GROUPS,
					  SIZE) == CUBLAS_STATUS_INVALID_VALUE;
	good &= cublasSgemmGroupedBatched(H, TA, TB, M, NN, KK, cl.alpha_f, a, cl.lda, b, cl.ldb,
					  cl.beta_f, (float *const *)cl.c, cl.ldc, GROUPS,
					  NULL) == CUBLAS_STATUS_INVALID_VALUE;
	tap_ok(good && unchanged(&cl, CUDA_R_32F),
	       "grouped: NULL handle, group_count < 0, group_size < 0, m < 0 or lda too small in a "
	       "later group, "
	       "NULL arrays refused, nothing written");
	good = call_ex(&cl, CUDA_R_32F, CUBLAS_COMPUTE_64F) == CUBLAS_STATUS_NOT_SUPPORTED;
	good &= cublasGemmGroupedBatchedEx(
		    H, TA, TB, M, NN, KK, cl.alpha_f, (const void *const *)cl.a, CUDA_R_16F, cl.lda,
		    (const void *const *)cl.b, CUDA_R_16F, cl.ldb, cl.beta_f, cl.c, CUDA_R_32F,
		    cl.ldc, GROUPS, SIZE, CUBLAS_COMPUTE_32F) == CUBLAS_STATUS_NOT_SUPPORTED;
	good &= call_ex(&cl, CUDA_C_32F, CUBLAS_COMPUTE_32F) == CUBLAS_STATUS_NOT_SUPPORTED;
	good &= call_ex(&cl, CUDA_R_32F, CUBLAS_COMPUTE_16F) == CUBLAS_STATUS_NOT_SUPPORTED;
	cublasSetPointerMode(H, CUBLAS_POINTER_MODE_DEVICE);
	good &= call_ex(&cl, CUDA_R_32F, CUBLAS_COMPUTE_32F) == CUBLAS_STATUS_NOT_SUPPORTED;
	cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST);
	tap_ok(good && unchanged(&cl, CUDA_R_32F),
	       "GemmGroupedBatchedEx: types outside cuBLAS's table, device pointer mode "
	       "NOT_SUPPORTED, nothing written");
	good = cublasSgemmGroupedBatched(H, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
					 NULL, NULL, NULL, NULL, 0, NULL) == CUBLAS_STATUS_SUCCESS;
	tap_ok(good && unchanged(&cl, CUDA_R_32F), "grouped: group_count 0 is a no-op");
	free_call(&cl);
}

/* the per-group int arrays of a call as int64_t, for the _64 forms */
struct wide {
	int64_t m[GROUPS], n[GROUPS], k[GROUPS], lda[GROUPS], ldb[GROUPS], ldc[GROUPS], size[GROUPS];
};

static void widen(struct wide *w, const struct call *cl)
{
	for (int g = 0; g < GROUPS; g++)
		w->m[g] = M[g], w->n[g] = NN[g], w->k[g] = KK[g], w->lda[g] = cl->lda[g],
		w->ldb[g] = cl->ldb[g], w->ldc[g] = cl->ldc[g], w->size[g] = SIZE[g];
}

static void test_64(void)
{
	struct call cl;
	struct wide w;
	int st, good;
	double e;

	make_call(&cl, CUDA_R_32F);
	widen(&w, &cl);
	st = cublasSgemmGroupedBatched_64(H, TA, TB, w.m, w.n, w.k, cl.alpha_f, (const float *const *)cl.a, w.lda,
					  (const float *const *)cl.b, w.ldb, cl.beta_f, (float *const *)cl.c, w.ldc,
					  GROUPS, w.size);
	e = check_call(&cl, CUDA_R_32F);
	tap_ok(!st && e >= 0 && e <= 1e-5, "SgemmGroupedBatched_64: against the loop (err %.2g)", e);
	free_call(&cl);
	make_call(&cl, CUDA_R_64F);
	widen(&w, &cl);
	st = cublasDgemmGroupedBatched_64(H, TA, TB, w.m, w.n, w.k, cl.alpha, (const double *const *)cl.a, w.lda,
					  (const double *const *)cl.b, w.ldb, cl.beta, (double *const *)cl.c, w.ldc,
					  GROUPS, w.size);
	e = check_call(&cl, CUDA_R_64F);
	tap_ok(!st && e >= 0 && e <= 1e-13, "DgemmGroupedBatched_64: against the loop (err %.2g)", e);
	free_call(&cl);
	make_call(&cl, CUDA_R_16BF);
	widen(&w, &cl);
	st = cublasGemmGroupedBatchedEx_64(H, TA, TB, w.m, w.n, w.k, cl.alpha_f, (const void *const *)cl.a,
					   CUDA_R_16BF, w.lda, (const void *const *)cl.b, CUDA_R_16BF, w.ldb,
					   cl.beta_f, cl.c, CUDA_R_16BF, w.ldc, GROUPS, w.size, CUBLAS_COMPUTE_32F);
	e = check_call(&cl, CUDA_R_16BF);
	tap_ok(!st && e >= 0 && e <= 1.0 / 128, "GemmGroupedBatchedEx_64 R_16BF: against the loop (err %.2g)", e);
	free_call(&cl);

	make_call(&cl, CUDA_R_32F);
	widen(&w, &cl);
	const float *const *a = (const float *const *)cl.a, *const *b = (const float *const *)cl.b;
	float *const *c = (float *const *)cl.c;

	good = cublasSgemmGroupedBatched_64(NULL, TA, TB, w.m, w.n, w.k, cl.alpha_f, a, w.lda, b, w.ldb, cl.beta_f,
					    c, w.ldc, GROUPS, w.size) == CUBLAS_STATUS_NOT_INITIALIZED;
	good &= cublasSgemmGroupedBatched_64(H, TA, TB, w.m, w.n, w.k, cl.alpha_f, a, w.lda, b, w.ldb, cl.beta_f, c,
					     w.ldc, (int64_t)1 << 32 | GROUPS, w.size) == CUBLAS_STATUS_NOT_SUPPORTED;
	w.ldc[2] += (int64_t)1 << 32;	/* a later group's leading dimension beyond int */
	good &= cublasSgemmGroupedBatched_64(H, TA, TB, w.m, w.n, w.k, cl.alpha_f, a, w.lda, b, w.ldb, cl.beta_f, c,
					     w.ldc, GROUPS, w.size) == CUBLAS_STATUS_NOT_SUPPORTED;
	w.ldc[2] -= (int64_t)1 << 32;
	good &= cublasDgemmGroupedBatched_64(H, TA, TB, w.m, w.n, w.k, cl.alpha, (const double *const *)cl.a, w.lda,
					     (const double *const *)cl.b, w.ldb, cl.beta, (double *const *)cl.c,
					     w.ldc, -1, w.size) == CUBLAS_STATUS_INVALID_VALUE;
	good &= cublasGemmGroupedBatchedEx_64(H, TA, TB, NULL, w.n, w.k, cl.alpha_f, (const void *const *)cl.a,
					      CUDA_R_32F, w.lda, (const void *const *)cl.b, CUDA_R_32F, w.ldb,
					      cl.beta_f, cl.c, CUDA_R_32F, w.ldc, GROUPS, w.size,
					      CUBLAS_COMPUTE_32F) == CUBLAS_STATUS_INVALID_VALUE;
	good &= cublasSgemmGroupedBatched_64(H, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
					     NULL, NULL, 0, NULL) == CUBLAS_STATUS_SUCCESS;
	tap_ok(good && unchanged(&cl, CUDA_R_32F),
	       "grouped _64: NULL handle NOT_INITIALIZED; a group count or a later group's ldc beyond int "
	       "NOT_SUPPORTED; group_count < 0, a NULL array INVALID_VALUE; 0 groups a no-op; nothing written");
	free_call(&cl);
}

int main(void)
{
	xorshift_seed(0x96b0);
	if (cublasCreate(&H) != CUBLAS_STATUS_SUCCESS) {
		tap_ok(0, "cublasCreate");
		return tap_done();
	}
	test_typed();
	test_ex(CUDA_R_32F, CUBLAS_COMPUTE_32F, 1e-5, "R_32F, compute 32F");
	test_ex(CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, 1e-5, "R_32F, compute 32F_FAST_TF32");
	test_ex(CUDA_R_64F, CUBLAS_COMPUTE_64F, 1e-13, "R_64F, compute 64F");
	test_ex(CUDA_R_16F, CUBLAS_COMPUTE_32F, 1.0 / 1024,
		"R_16F, compute 32F (C rounded to half)");
	test_ex(CUDA_R_16BF, CUBLAS_COMPUTE_32F, 1.0 / 128,
		"R_16BF, compute 32F (C rounded to bfloat16)");
	test_statuses();
	test_64();
	cublasDestroy(H);
	return tap_done();
}
