// SPDX-License-Identifier: MIT
/*
 * test_irs.c - lib/cusolver's mixed-precision solvers: every
 * cusolverDn<t1><t2>gesv and gels, and cusolverDnIRSXgesv/Xgels with the
 * IRS objects, against references computed here: the residual
 * ||A X - B||_inf within the main precision's backward error (gesv), the
 * normal equations A^H (A X - B) = 0 (gels), A and B untouched; iter 0
 * for t1 = t2, a refinement that converged (0 < iter <= 50) when the
 * factorization is in single and the main precision double; the fallbacks
 * (-2 an entry beyond single precision, -3 A singular in single but not in
 * double) with a correct X; the IRS statuses; then bad arguments.
 */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include "blas_rand.h"
#include "tap.h"

static cusolverDnHandle_t H;

typedef cusolverStatus_t (*gesv_fn)(cusolverDnHandle_t, int, int, void *, int, int *, void *, int, void *, int,
				    void *, size_t, int *, int *);
typedef cusolverStatus_t (*gels_fn)(cusolverDnHandle_t, int, int, int, void *, int, void *, int, void *, int,
				    void *, size_t, int *, int *);

/* the 18 pairs: main precision p, the factorization's letter, in double (t2 D or Z) */
static const struct pair {
	const char *name;
	enum prec p;
	int low_double;
	gesv_fn gesv;
	gels_fn gels;
} pairs[] = {
#define PAIR(P, Q, prec, ld) { #P #Q, prec, ld, (gesv_fn)cusolverDn##P##Q##gesv, (gels_fn)cusolverDn##P##Q##gels }
	PAIR(D, D, PD, 1), PAIR(D, S, PD, 0), PAIR(D, H, PD, 0), PAIR(D, B, PD, 0), PAIR(D, X, PD, 0),
	PAIR(S, S, PS, 0), PAIR(S, H, PS, 0), PAIR(S, B, PS, 0), PAIR(S, X, PS, 0),
	PAIR(Z, Z, PZ, 1), PAIR(Z, C, PZ, 0), PAIR(Z, K, PZ, 0), PAIR(Z, E, PZ, 0), PAIR(Z, Y, PZ, 0),
	PAIR(C, C, PC, 0), PAIR(C, K, PC, 0), PAIR(C, E, PC, 0), PAIR(C, Y, PC, 0),
#undef PAIR
};

static double eps(enum prec p) { return p == PS || p == PC ? FLT_EPSILON : DBL_EPSILON; }

/* max over columns of ||A X - B||_inf / (||A||_inf ||X||_inf): the normwise backward error */
static double backward(enum prec p, const void *A, int lda, const void *X, int ldx, const void *B, int ldb, int n,
		       int nrhs)
{
	double anrm = 0, worst = 0;

	for (int i = 0; i < n; i++) {
		double s = 0;
		for (int l = 0; l < n; l++)
			s += cabs(get(p, A, i + (long)l * lda));
		anrm = fmax(anrm, s);
	}
	for (int j = 0; j < nrhs; j++) {
		double r = 0, x = 0;
		for (int i = 0; i < n; i++) {
			dc s = -get(p, B, i + (long)j * ldb);
			for (int l = 0; l < n; l++)
				s += get(p, A, i + (long)l * lda) * get(p, X, l + (long)j * ldx);
			r = fmax(r, cabs(s));
			x = fmax(x, cabs(get(p, X, i + (long)j * ldx)));
		}
		worst = fmax(worst, r / (anrm * x));
	}
	return worst;
}

/* max over columns of ||A^H (A X - B)||_inf / (||A||_F^2 ||X||_inf): the least-squares optimality */
static double normal_eq(enum prec p, const void *A, int lda, const void *X, int ldx, const void *B, int ldb, int m,
			int n, int nrhs)
{
	double fro = 0, worst = 0;
	dc *r = malloc(sizeof(dc) * m);

	for (long i = 0; i < m; i++)
		for (long l = 0; l < n; l++)
			fro += pow(cabs(get(p, A, i + l * lda)), 2);
	for (int j = 0; j < nrhs; j++) {
		double g = 0, x = 0;
		for (int i = 0; i < m; i++) {
			r[i] = -get(p, B, i + (long)j * ldb);
			for (int l = 0; l < n; l++)
				r[i] += get(p, A, i + (long)l * lda) * get(p, X, l + (long)j * ldx);
		}
		for (int l = 0; l < n; l++) {
			dc s = 0;
			for (int i = 0; i < m; i++)
				s += conj(get(p, A, i + (long)l * lda)) * r[i];
			g = fmax(g, cabs(s));
			x = fmax(x, cabs(get(p, X, l + (long)j * ldx)));
		}
		worst = fmax(worst, g / (fro * x));
	}
	free(r);
	return worst;
}

enum { N = 24, LDA = 26, NRHS = 3, GM = 30, GN = 12 };

TAP_TEST(gesv_pairs)
{
	for (size_t k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++) {
		const struct pair *q = &pairs[k];
		enum prec p = q->p;
		void *A = rand_mat(p, N, N, LDA, N / 2.0), *B = rand_mat(p, N, NRHS, LDA, 0);
		void *A0 = copy_mat(p, A, (size_t)LDA * N), *B0 = copy_mat(p, B, (size_t)LDA * NRHS);
		void *X = calloc((size_t)LDA * NRHS, esz[p]);
		int piv[N], iter = -99, info = -99, direct = q->name[0] == q->name[1];
		size_t bytes = 0;
		int s1 = 0;

		switch (p) { /* the query's own signature, per type */
		case PS: s1 = cusolverDnSSgesv_bufferSize(H, N, NRHS, A, LDA, piv, B, LDA, X, LDA, NULL, &bytes); break;
		case PD: s1 = cusolverDnDSgesv_bufferSize(H, N, NRHS, A, LDA, piv, B, LDA, X, LDA, NULL, &bytes); break;
		case PC: s1 = cusolverDnCCgesv_bufferSize(H, N, NRHS, A, LDA, piv, B, LDA, X, LDA, NULL, &bytes); break;
		default: s1 = cusolverDnZCgesv_bufferSize(H, N, NRHS, A, LDA, piv, B, LDA, X, LDA, NULL, &bytes); break;
		}
		void *w = malloc(bytes);
		int s2 = q->gesv(H, N, NRHS, A, LDA, piv, B, LDA, X, LDA, w, bytes, &iter, &info);
		double be = backward(p, A, LDA, X, LDA, B, LDA, N, NRHS);
		int iters_ok = direct ? iter == 0 : q->p & 1 ? iter > 0 && iter <= 50 : iter >= 0 && iter <= 50;
		tap_ok(!s1 && !s2 && bytes > 0 && !info && iters_ok && be <= 10 * N * eps(p) &&
			       !memcmp(A, A0, esz[p] * LDA * N) && !memcmp(B, B0, esz[p] * LDA * NRHS),
		       "%sgesv: backward error %.2g (<= 10 n eps), iter %d (%s), A and B untouched", q->name, be, iter,
		       direct ? "0: one direct solve" : q->p & 1 ? "refined from single" : "converged");
		free(A), free(B), free(A0), free(B0), free(X), free(w);
	}
}

TAP_TEST(gels_pairs)
{
	for (size_t k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++) {
		const struct pair *q = &pairs[k];
		enum prec p = q->p;
		void *A = rand_mat(p, GM, GN, GM, 0), *B = rand_mat(p, GM, NRHS, GM, 0);
		void *A0 = copy_mat(p, A, (size_t)GM * GN), *B0 = copy_mat(p, B, (size_t)GM * NRHS);
		void *X = calloc((size_t)GN * NRHS, esz[p]);
		int iter = -99, info = -99, direct = q->name[0] == q->name[1];
		int s = q->gels(H, GM, GN, NRHS, A, GM, B, GM, X, GN, NULL, 0, &iter, &info);
		double ne = normal_eq(p, A, GM, X, GN, B, GM, GM, GN, NRHS);
		int iters_ok = direct ? iter == 0 : iter > 0 && iter <= 50;
		tap_ok(!s && !info && iters_ok && ne <= 20 * GM * eps(p) && !memcmp(A, A0, esz[p] * GM * GN) &&
			       !memcmp(B, B0, esz[p] * GM * NRHS),
		       "%sgels: ||A^H (A X - B)|| / (||A||_F^2 ||X||) %.2g, iter %d, A and B untouched", q->name, ne,
		       iter);
		free(A), free(B), free(A0), free(B0), free(X);
	}
}

TAP_TEST(fallbacks)
{
	/* an entry beyond single precision's range: -2, then double's own solve */
	double A[4] = { 1e39, 1, 2, 3 }, B[2] = { 1e39 + 4, 5 }, X[2] = { 0, 0 };
	int iter = 0, info = -1, piv[2];
	int s = cusolverDnDSgesv(H, 2, 1, A, 2, piv, B, 2, X, 2, NULL, 0, &iter, &info);
	double be = backward(PD, A, 2, X, 2, B, 2, 2, 1);
	tap_ok(!s && !info && iter == -2 && be <= 10 * DBL_EPSILON, "DSgesv, A(1,1) = 1e39: iter %d (-2), backward error %.2g",
	       iter, be);
	/* singular in single (1 + 1e-10 rounds to 1), not in double: -3, then double's solve */
	double S[4] = { 1, 1, 1, 1 + 1e-10 }, SB[2] = { 2, 2 + 1e-10 }, SX[2] = { 0, 0 };
	s = cusolverDnDSgesv(H, 2, 1, S, 2, piv, SB, 2, SX, 2, NULL, 0, &iter, &info);
	tap_ok(!s && !info && iter == -3 && fabs(SX[0] - 1) < 1e-5 && fabs(SX[1] - 1) < 1e-5,
	       "DSgesv, A singular in single only: iter %d (-3), X = (%.7g, %.7g) (1, 1)", iter, SX[0], SX[1]);
	/* singular in double too: devInfo the zero pivot, X untouched */
	double Z[4] = { 1, 1, 1, 1 }, ZB[2] = { 1, 2 }, ZX[2] = { 7, 7 };
	s = cusolverDnDDgesv(H, 2, 1, Z, 2, piv, ZB, 2, ZX, 2, NULL, 0, &iter, &info);
	tap_ok(!s && info == 2 && iter == 0 && ZX[0] == 7 && ZX[1] == 7,
	       "DDgesv of a singular A: SUCCESS, devInfo %d (2), X untouched", info);
}

TAP_TEST(irsx)
{
	cusolverDnIRSParams_t P = NULL;
	cusolverDnIRSInfos_t I_ = NULL;
	void *A = rand_mat(PD, N, N, N, N / 2.0), *B = rand_mat(PD, N, 2, N, 0), *X = calloc(N * 2, 8);
	int niters = -99, info = -99, mi = 0, got = -99, outer = -99, gmi = 0;
	size_t bytes = 0;

	tap_ok(!cusolverDnIRSParamsCreate(&P) && !cusolverDnIRSInfosCreate(&I_) &&
		       !cusolverDnIRSParamsGetMaxIters(P, &mi) && mi == 50,
	       "IRSParamsCreate, IRSInfosCreate; MaxIters 50 by default");
	int s1 = cusolverDnIRSXgesv(H, P, I_, N, 2, A, N, B, N, X, N, NULL, 0, &niters, &info);
	cusolverDnIRSParamsSetRefinementSolver(P, CUSOLVER_IRS_REFINE_CLASSICAL);
	int s2 = cusolverDnIRSXgesv(H, P, I_, N, 2, A, N, B, N, X, N, NULL, 0, &niters, &info);
	cusolverDnIRSParamsSetSolverPrecisions(P, CUSOLVER_R_64F, CUSOLVER_C_32F);
	int s3 = cusolverDnIRSXgesv(H, P, I_, N, 2, A, N, B, N, X, N, NULL, 0, &niters, &info);
	cusolverDnIRSParamsSetSolverPrecisions(P, CUSOLVER_R_64F, CUSOLVER_R_16F);
	cusolverDnIRSParamsSetRefinementSolver(P, CUSOLVER_IRS_REFINE_GMRES);
	int s4 = cusolverDnIRSXgesv(H, P, I_, N, 2, A, N, B, N, X, N, NULL, 0, &niters, &info);
	int s5 = cusolverDnIRSXgesv(H, P, NULL, N, 1, A, N, B, N, X, N, NULL, 0, &niters, &info);
	int s6 = cusolverDnIRSXgesv(H, NULL, I_, N, 1, A, N, B, N, X, N, NULL, 0, &niters, &info);
	tap_ok(s1 == CUSOLVER_STATUS_IRS_PARAMS_INVALID_REFINE && s2 == CUSOLVER_STATUS_IRS_PARAMS_INVALID_PREC &&
		       s3 == CUSOLVER_STATUS_IRS_PARAMS_INVALID_PREC &&
		       s4 == CUSOLVER_STATUS_IRS_NRHS_NOT_SUPPORTED_FOR_REFINE_GMRES &&
		       s5 == CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED && s6 == CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED,
	       "IRSXgesv refuses: no refinement solver, no precisions, real main with complex lowest, GMRES with "
	       "2 right-hand sides, no infos, no params");
	cusolverDnIRSParamsSetRefinementSolver(P, CUSOLVER_IRS_REFINE_CLASSICAL);
	cusolverDnIRSInfosRequestResidual(I_);
	int s7 = cusolverDnIRSXgesv_bufferSize(H, P, N, 2, &bytes);
	int s8 = cusolverDnIRSXgesv(H, P, I_, N, 2, A, N, B, N, X, N, NULL, 0, &niters, &info);
	double *hist = NULL, be = backward(PD, A, N, X, N, B, N, N, 2);
	int s9 = cusolverDnIRSInfosGetResidualHistory(I_, (void **)&hist);
	cusolverDnIRSInfosGetNiters(I_, &got);
	cusolverDnIRSInfosGetOuterNiters(I_, &outer);
	cusolverDnIRSInfosGetMaxIters(I_, &gmi);
	tap_ok(!s7 && bytes > 0 && !s8 && !info && niters > 0 && got == niters && outer == niters && gmi == 50 &&
		       be <= 10 * N * DBL_EPSILON && !s9 && hist && hist[niters] < hist[0],
	       "IRSXgesv R_64F from R_16F, classical: backward error %.2g, niters %d (infos %d, outer %d), "
	       "residual %.2g -> %.2g",
	       be, niters, got, outer, hist ? hist[0] : 0, hist ? hist[niters > 0 ? niters : 0] : 0);
	/* gels with the same objects: complex main, single lowest */
	void *CA = rand_mat(PZ, GM, GN, GM, 0), *CB = rand_mat(PZ, GM, 1, GM, 0), *CX = calloc(GN, 16);
	cusolverDnIRSParamsSetSolverPrecisions(P, CUSOLVER_C_64F, CUSOLVER_C_32F);
	int s10 = cusolverDnIRSXgels_bufferSize(H, P, GM, GN, 1, &bytes);
	int s11 = cusolverDnIRSXgels(H, P, I_, GM, GN, 1, CA, GM, CB, GM, CX, GN, NULL, 0, &niters, &info);
	double ne = normal_eq(PZ, CA, GM, CX, GN, CB, GM, GM, GN, 1);
	tap_ok(!s10 && !s11 && !info && niters > 0 && ne <= 20 * GM * DBL_EPSILON,
	       "IRSXgels C_64F from C_32F: normal equations %.2g, niters %d", ne, niters);
	/* fallback disabled: A singular in single only gives -3 and no X */
	double S[4] = { 1, 1, 1, 1 + 1e-10 }, SB[2] = { 2, 2 }, SX[2] = { 7, 7 };
	cusolverDnIRSParamsSetSolverPrecisions(P, CUSOLVER_R_64F, CUSOLVER_R_32F);
	cusolverDnIRSParamsDisableFallback(P);
	int s12 = cusolverDnIRSXgesv(H, P, I_, 2, 1, S, 2, SB, 2, SX, 2, NULL, 0, &niters, &info);
	tap_ok(!s12 && niters == -3 && info == 2 && SX[0] == 7 && SX[1] == 7,
	       "IRSXgesv, fallback disabled, A singular in single: niters %d (-3), devInfo %d (2), X untouched",
	       niters, info);
	tap_ok(cusolverDnIRSParamsSetMaxItersInner(P, 51) == CUSOLVER_STATUS_IRS_PARAMS_INVALID &&
		       cusolverDnIRSParamsSetMaxIters(P, -1) == CUSOLVER_STATUS_IRS_PARAMS_INVALID_MAXITER &&
		       cusolverDnIRSParamsSetTol(NULL, 1e-9) == CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED &&
		       cusolverDnIRSInfosGetNiters(NULL, &got) == CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED &&
		       !cusolverDnIRSParamsDestroy(P) && !cusolverDnIRSInfosDestroy(I_),
	       "IRS setters: inner above the total, negative MaxIters, NULL objects refused; Destroy");
	free(A), free(B), free(X), free(CA), free(CB), free(CX);
}

TAP_TEST(statuses)
{
	double A[4] = { 2, 0, 0, 2 }, B[2] = { 1, 1 }, X[2];
	int iter = 0, i1 = 0, i2 = 0, i3 = 0, i4 = 0, piv[2];
	size_t bytes;

	tap_ok(cusolverDnDSgesv(NULL, 2, 1, A, 2, piv, B, 2, X, 2, NULL, 0, &iter, &i1) ==
			       CUSOLVER_STATUS_NOT_INITIALIZED &&
		       cusolverDnDSgels_bufferSize(NULL, 2, 2, 1, A, 2, B, 2, X, 2, NULL, &bytes) ==
			       CUSOLVER_STATUS_NOT_INITIALIZED,
	       "no handle: NOT_INITIALIZED");
	int s1 = cusolverDnDSgesv(H, -1, 1, A, 2, piv, B, 2, X, 2, NULL, 0, &iter, &i1);
	int s2 = cusolverDnDSgesv(H, 2, 1, A, 1, piv, B, 2, X, 2, NULL, 0, &iter, &i2);
	int s3 = cusolverDnDSgels(H, 1, 2, 1, A, 2, B, 2, X, 2, NULL, 0, &iter, &i3);
	int s4 = cusolverDnDSgesv(H, 2, 1, A, 2, piv, B, 2, X, 1, NULL, 0, &iter, &i4);
	tap_ok(s1 == CUSOLVER_STATUS_INVALID_VALUE && i1 == -1 && s2 == CUSOLVER_STATUS_INVALID_VALUE && i2 == -4 &&
		       s3 == CUSOLVER_STATUS_INVALID_VALUE && i3 == -2 && s4 == CUSOLVER_STATUS_INVALID_VALUE && i4 == -9,
	       "devInfo names the argument: n < 0 -%d, ldda < n -%d, gels m < n -%d, lddx < n -%d", -i1, -i2, -i3,
	       -i4);
	tap_ok(cusolverDnDSgesv(H, 2, 1, A, 2, piv, B, 2, X, 2, NULL, 0, NULL, &i1) == CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnDSgesv(H, 2, 1, A, 2, piv, B, 2, X, 2, NULL, 0, &iter, NULL) ==
			       CUSOLVER_STATUS_INVALID_VALUE,
	       "no iter or no devInfo: INVALID_VALUE");
}

static int make_handle(void)
{
	xorshift_seed(0x9e3779b97f4a7c15ull);
	return tap_ok(cusolverDnCreate(&H) == CUSOLVER_STATUS_SUCCESS, "cusolverDnCreate");
}

static void free_handle(void)
{
	tap_ok(cusolverDnDestroy(H) == CUSOLVER_STATUS_SUCCESS, "cusolverDnDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
