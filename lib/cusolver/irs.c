// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the mixed-precision solvers' engine (irs_internal.h):
 * classical iterative refinement on LAPACK, LU for gesv and QR for gels.
 * The main-precision arithmetic (residuals, updates) runs in double
 * complex, X rounded to the main precision after each update, so the
 * residual measured is that of the X the program gets.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "irs_internal.h"

typedef double _Complex dcx;

/* one factorization in single or double complex, and its solves */
struct irs_fact {
	int dbl, gels, m, n;
	void *a, *tau; /* m x n, leading dimension m */
	int *piv;
};

static size_t fsz(int dbl) { return dbl ? sizeof(dcx) : sizeof(float _Complex); }

static dcx irs_get(int kind, const void *p, size_t i) { return cusolver_elem(p, kind, i); }

static void irs_put(int kind, void *p, size_t i, dcx v)
{
	switch (kind) {
	case 0: ((float *)p)[i] = (float)creal(v); break;
	case 1: ((double *)p)[i] = creal(v); break;
	case 2: ((float _Complex *)p)[i] = (float _Complex)v; break;
	default: ((dcx *)p)[i] = v; break;
	}
}

/* A (double complex, m x n) into f's precision: 1 when an entry overflows single precision */
static int fact_load(struct irs_fact *f, const dcx *A)
{
	size_t k = (size_t)f->m * f->n;

	for (size_t i = 0; i < k; i++) {
		if (f->dbl) {
			((dcx *)f->a)[i] = A[i];
			continue;
		}
		if (fabs(creal(A[i])) > FLT_MAX || fabs(cimag(A[i])) > FLT_MAX)
			return 1;
		((float _Complex *)f->a)[i] = (float _Complex)A[i];
	}
	return 0;
}

/* factor: LAPACK's info (> 0: a zero pivot, or R's diagonal checked by the solve); -1 out of memory */
static int fact_run(struct irs_fact *f)
{
	lapack_int info = 0, m = f->m, n = f->n, lda = cusolver_max1(f->m), lw = -1;

	if (!f->gels) {
		if (f->dbl)
			LAPACK_zgetrf(&m, &n, f->a, &lda, f->piv, &info);
		else
			LAPACK_cgetrf(&m, &n, f->a, &lda, f->piv, &info);
		return info;
	}
	dcx q = 0;
	float _Complex qf = 0;
	if (f->dbl)
		LAPACK_zgeqrf(&m, &n, f->a, &lda, f->tau, &q, &lw, &info);
	else
		LAPACK_cgeqrf(&m, &n, f->a, &lda, f->tau, &qf, &lw, &info);
	lw = cusolver_lwork(f->dbl ? q : qf);
	void *w = malloc((size_t)lw * fsz(f->dbl));
	if (!w)
		return -1;
	if (f->dbl)
		LAPACK_zgeqrf(&m, &n, f->a, &lda, f->tau, w, &lw, &info);
	else
		LAPACK_cgeqrf(&m, &n, f->a, &lda, f->tau, w, &lw, &info);
	free(w);
	for (int i = 0; i < f->n && !info; i++) /* a zero on R's diagonal: A not of full rank */
		if ((f->dbl ? ((dcx *)f->a)[i + (size_t)i * lda] : ((float _Complex *)f->a)[i + (size_t)i * lda]) == 0)
			info = i + 1;
	return info;
}

/*
 * out (n x nrhs) = the solution of A out = r (gesv) or the least-squares one (gels), for r
 * m x nrhs, both double complex with leading dimension their rows.  0, or -1 out of memory.
 */
/* v (rows x nrhs, double complex, leading dimension rows) into f's precision and back */
static void *to_low(const struct irs_fact *f, const dcx *v, size_t k)
{
	void *b = malloc((k ? k : 1) * fsz(f->dbl));

	for (size_t i = 0; b && i < k; i++)
		if (f->dbl)
			((dcx *)b)[i] = v[i];
		else
			((float _Complex *)b)[i] = (float _Complex)v[i];
	return b;
}

static void from_low(const struct irs_fact *f, const void *b, dcx *v, size_t k)
{
	for (size_t i = 0; i < k; i++)
		v[i] = f->dbl ? ((const dcx *)b)[i] : ((const float _Complex *)b)[i];
}

/* v (m x nrhs) = Q v (t 'N') or Q^H v (t 'C'), Q of f's QR, in f's precision; 0, or -1 out of memory */
static int q_apply(const struct irs_fact *f, char t, dcx *v, int nrhs)
{
	lapack_int m = f->m, n = f->n, lda = cusolver_max1(f->m), nr = nrhs, info = 0, lw = -1;
	size_t k = (size_t)f->m * nrhs;
	char L = 'L';
	dcx q = 0;
	float _Complex qf = 0;
	void *b = to_low(f, v, k), *w = NULL;

	if (f->dbl)
		LAPACK_zunmqr(&L, &t, &m, &nr, &n, f->a, &lda, f->tau, b, &lda, &q, &lw, &info);
	else
		LAPACK_cunmqr(&L, &t, &m, &nr, &n, f->a, &lda, f->tau, b, &lda, &qf, &lw, &info);
	lw = cusolver_lwork(f->dbl ? q : qf);
	w = malloc((size_t)lw * fsz(f->dbl));
	if (b && w) {
		if (f->dbl)
			LAPACK_zunmqr(&L, &t, &m, &nr, &n, f->a, &lda, f->tau, b, &lda, w, &lw, &info);
		else
			LAPACK_cunmqr(&L, &t, &m, &nr, &n, f->a, &lda, f->tau, b, &lda, w, &lw, &info);
		from_low(f, b, v, k);
	}
	free(w);
	free(b);
	return b && w ? 0 : -1;
}

/* v (n x nrhs, leading dimension n) = R^-1 v (t 'N') or R^-H v (t 'C'), R of f's QR; 0 or -1 */
static int r_solve(const struct irs_fact *f, char t, dcx *v, int nrhs)
{
	lapack_int n = f->n, lda = cusolver_max1(f->m), ldb = cusolver_max1(f->n), nr = nrhs, info = 0;
	size_t k = (size_t)f->n * nrhs;
	char U = 'U', N = 'N';
	void *b = to_low(f, v, k);

	if (!b)
		return -1;
	if (f->dbl)
		LAPACK_ztrtrs(&U, &t, &N, &n, &nr, f->a, &lda, b, &ldb, &info);
	else
		LAPACK_ctrtrs(&U, &t, &N, &n, &nr, f->a, &lda, b, &ldb, &info);
	from_low(f, b, v, k);
	free(b);
	return 0;
}

/*
 * out (n x nrhs) = the solution of A out = r (gesv) or the least-squares one (gels, R^-1 of the
 * first n rows of Q^H r), for r m x nrhs, both double complex with leading dimension their rows.
 * 0, or -1 out of memory.
 */
static int fact_solve(const struct irs_fact *f, const dcx *r, dcx *out, int nrhs)
{
	lapack_int n = f->n, lda = cusolver_max1(f->m), nr = nrhs, info = 0;
	size_t k = (size_t)f->m * nrhs;
	char N = 'N';

	if (!f->gels) {
		void *b = to_low(f, r, k);
		if (!b)
			return -1;
		if (f->dbl)
			LAPACK_zgetrs(&N, &n, &nr, f->a, &lda, f->piv, b, &lda, &info);
		else
			LAPACK_cgetrs(&N, &n, &nr, f->a, &lda, f->piv, b, &lda, &info);
		from_low(f, b, out, k);
		free(b);
		return 0;
	}
	dcx *v = malloc(sizeof(dcx) * (k ? k : 1));
	if (!v || q_apply(f, 'C', memcpy(v, r, sizeof(dcx) * k), nrhs)) {
		free(v);
		return -1;
	}
	for (int j = 0; j < nrhs; j++)
		for (int i = 0; i < f->n; i++)
			out[i + (size_t)j * f->n] = v[i + (size_t)j * f->m];
	free(v);
	return r_solve(f, 'N', out, nrhs);
}

static void fact_free(struct irs_fact *f)
{
	free(f->a), free(f->tau), free(f->piv);
}

static int fact_new(struct irs_fact *f, int dbl, const struct irs_call *c)
{
	f->dbl = dbl, f->gels = c->gels, f->m = c->m, f->n = c->n;
	f->a = malloc((size_t)cusolver_max1(c->m) * cusolver_max1(c->n) * fsz(dbl));
	f->tau = malloc((size_t)cusolver_max1(c->n) * fsz(dbl));
	f->piv = malloc(sizeof(int) * (size_t)cusolver_max1(c->n));
	if (f->a && f->tau && f->piv)
		return 0;
	fact_free(f);
	return -1;
}

int irs_bad(const struct irs_call *c)
{
	int g = c->gels, rows = g ? c->m : c->n;

	if (g && c->m < 0)
		return 1;
	if (c->n < 0 || (g && c->n > c->m))
		return 1 + g; /* cuSOLVER's gels: m >= n */
	if (c->nrhs < 0)
		return 2 + g;
	if (!c->A && rows && c->n)
		return 3 + g;
	if (c->lda < cusolver_max1(rows))
		return 4 + g;
	if (!c->B && rows && c->nrhs)
		return 6;
	if (c->ldb < cusolver_max1(rows))
		return 7;
	if (!c->X && c->n && c->nrhs)
		return 8;
	return c->ldx < cusolver_max1(c->n) ? 9 : 0;
}

size_t irs_bytes(int gels, int m, int n, int nrhs)
{
	size_t rows = (size_t)cusolver_max1(gels ? m : n);

	/* the low factor, the main-precision A, B, X and residual copies: what a GPU run would hold */
	return (rows * cusolver_max1(n) * 2 + rows * cusolver_max1(nrhs) * 3) * sizeof(dcx) +
	       (size_t)cusolver_max1(n) * sizeof(int);
}

/* column j's infinity norm of an rows x nrhs double complex array */
static double col_norm(const dcx *v, int rows, int j)
{
	double m = 0;

	for (int i = 0; i < rows; i++)
		m = fmax(m, cabs(v[i + (size_t)j * rows]));
	return m;
}

/* r = B - A X (m x nrhs), all double complex, leading dimensions their rows */
static void residual(const struct irs_call *c, const dcx *A, const dcx *B, const dcx *X, dcx *r)
{
	int rows = c->gels ? c->m : c->n;

	for (int j = 0; j < c->nrhs; j++)
		for (int i = 0; i < rows; i++) {
			dcx s = B[i + (size_t)j * rows];
			for (int l = 0; l < c->n; l++)
				s -= A[i + (size_t)l * rows] * X[l + (size_t)j * c->n];
			r[i + (size_t)j * rows] = s;
		}
}

/*
 * One step of the least-squares refinement on the augmented system
 * [I A; A^H 0] [r; x] = [B; 0] (Bjorck's: refining x alone stalls at the
 * low precision when B is not in A's range).  With rr the current r:
 * f = B - rr - A X and g = -A^H rr in the main precision, then with the
 * low QR (A = Q [R; 0]): h = R^-H g, e = Q^H f, dx = R^-1 (e1 - h),
 * dr = Q [h; e2]; rr += dr, d = dx.  w is m x nrhs scratch.  0, or -1.
 */
static int gels_step(const struct irs_fact *f, const struct irs_call *c, const dcx *A, const dcx *B,
		     const dcx *X, dcx *rr, dcx *w, dcx *d)
{
	int m = c->m, n = c->n, nrhs = c->nrhs;

	residual(c, A, B, X, w);
	for (size_t i = 0; i < (size_t)m * nrhs; i++)
		w[i] -= rr[i];
	for (int j = 0; j < nrhs; j++)
		for (int l = 0; l < n; l++) {
			dcx s = 0;
			for (int i = 0; i < m; i++)
				s -= conj(A[i + (size_t)l * m]) * rr[i + (size_t)j * m];
			d[l + (size_t)j * n] = s;
		}
	if (r_solve(f, 'C', d, nrhs) || q_apply(f, 'C', w, nrhs))
		return -1;
	for (int j = 0; j < nrhs; j++) /* w's first n rows: e1 - h, kept aside; then h in their place */
		for (int l = 0; l < n; l++) {
			dcx e1 = w[l + (size_t)j * m];
			w[l + (size_t)j * m] = d[l + (size_t)j * n];
			d[l + (size_t)j * n] = e1 - d[l + (size_t)j * n];
		}
	if (r_solve(f, 'N', d, nrhs) || q_apply(f, 'N', w, nrhs))
		return -1;
	for (size_t i = 0; i < (size_t)m * nrhs; i++)
		rr[i] += w[i];
	return 0;
}

/* X (n x nrhs) rounded to the main precision, in place */
static void round_main(int kind, dcx *X, size_t k)
{
	for (size_t i = 0; i < k; i++)
		X[i] = kind == 0 ? (float)creal(X[i]) : kind == 2 ? (dcx)(float _Complex)X[i] : X[i];
}

/* gesv: every column's ||r||_inf <= tol ||x||_inf; gels: every update's ||dx||_inf <= tol ||x||_inf */
static int converged(const dcx *v, int vrows, const dcx *X, int n, int nrhs, double tol)
{
	for (int j = 0; j < nrhs; j++)
		if (col_norm(v, vrows, j) > tol * col_norm(X, n, j))
			return 0;
	return 1;
}

/* the refinement; 0 done (niters, info set), -1 out of memory */
static int refine(const struct irs_call *c, const dcx *A, const dcx *B, dcx *X, int *niters, int *info)
{
	int rows = c->gels ? c->m : c->n, n = c->n, nrhs = c->nrhs;
	size_t kx = (size_t)n * nrhs, kr = (size_t)rows * nrhs;
	struct irs_fact f;
	int main_dbl = c->kind & 1, low_dbl = c->low_double, st = -1;
	double anrm = 0, eps = main_dbl ? DBL_EPSILON : FLT_EPSILON;
	dcx *r = malloc(sizeof(dcx) * (kr ? kr : 1)), *d = malloc(sizeof(dcx) * (kx ? kx : 1)), *rr = NULL;

	for (int i = 0; i < rows; i++) {
		double s = 0;
		for (int l = 0; l < n; l++)
			s += cabs(A[i + (size_t)l * rows]);
		anrm = fmax(anrm, s);
	}
	double tol = c->tol > 0 ? c->tol : c->gels ? sqrt(n) * eps : sqrt(n) * anrm * eps;
	*niters = 0, *info = 0;
	if (!r || !d || fact_new(&f, low_dbl, c))
		goto out;
	int lf = fact_load(&f, A) ? -2 : fact_run(&f);
	if (lf < -1 || lf > 0) {
		*niters = c->refine ? (lf == -2 ? -2 : -3) : 0;
		if (!c->refine) { /* solved once in this precision: LAPACK's info */
			*info = lf > 0 ? lf : 0;
			st = lf == -2 ? -2 : 0;
			goto done;
		}
		goto fall;
	}
	if (lf < 0 || fact_solve(&f, B, X, nrhs))
		goto done;
	round_main(c->kind, X, kx);
	if (c->ipiv && !c->gels)
		memcpy(c->ipiv, f.piv, sizeof(int) * (size_t)n);
	if (!c->refine) {
		st = 0;
		goto done;
	}
	if (c->gels && !(rr = malloc(sizeof(dcx) * (kr ? kr : 1))))
		goto done;
	if (c->gels) /* the augmented system's r starts as B - A X */
		residual(c, A, B, X, rr);
	for (int it = 0;; it++) {
		residual(c, A, B, X, r);
		if (c->history)
			c->history[it] = 0;
		for (int j = 0; j < nrhs && c->history; j++)
			c->history[it] = fmax(c->history[it], col_norm(r, rows, j));
		if (!c->gels && converged(r, rows, X, n, nrhs, tol)) {
			*niters = it, st = 0;
			goto done;
		}
		if (it == c->maxiters)
			break;
		if (c->gels ? gels_step(&f, c, A, B, X, rr, r, d) : fact_solve(&f, r, d, nrhs))
			goto done;
		for (size_t i = 0; i < kx; i++)
			X[i] += d[i];
		round_main(c->kind, X, kx);
		if (c->gels && converged(d, n, X, n, nrhs, tol)) {
			*niters = it + 1, st = 0;
			goto done;
		}
	}
	*niters = -c->maxiters;
fall:
	if (!c->fallback) { /* the last iterate stands; a failed low factorization leaves no X */
		*info = lf > 0 ? lf : 0;
		st = lf == -2 ? -2 : 0;
		goto done;
	}
	/* the main precision's own solve: LAPACK's factorization in it, once */
	fact_free(&f);
	if (fact_new(&f, main_dbl, c))
		goto out;
	int mf = fact_load(&f, A) ? -2 : fact_run(&f);
	if (mf > 0) {
		*info = mf, st = 0;
		goto done;
	}
	if (mf < 0 || fact_solve(&f, B, X, nrhs))
		goto done;
	round_main(c->kind, X, kx);
	if (c->ipiv && !c->gels)
		memcpy(c->ipiv, f.piv, sizeof(int) * (size_t)n);
	st = 0;
done:
	fact_free(&f);
out:
	free(r), free(d), free(rr);
	return st;
}

cusolverStatus_t irs_run(const struct irs_call *c, int *niters, int *info)
{
	int rows = c->gels ? c->m : c->n;
	size_t ka = (size_t)rows * c->n, kb = (size_t)rows * c->nrhs, kx = (size_t)c->n * c->nrhs;
	dcx *A = malloc(sizeof(dcx) * (ka ? ka : 1)), *B = malloc(sizeof(dcx) * (kb ? kb : 1));
	dcx *X = calloc(kx ? kx : 1, sizeof(dcx));
	cusolverStatus_t st = CUSOLVER_STATUS_ALLOC_FAILED;

	*niters = 0, *info = 0;
	if (A && B && X) {
		for (int j = 0; j < c->n; j++)
			for (int i = 0; i < rows; i++)
				A[i + (size_t)j * rows] = irs_get(c->kind, c->A, i + (size_t)j * c->lda);
		for (int j = 0; j < c->nrhs; j++)
			for (int i = 0; i < rows; i++)
				B[i + (size_t)j * rows] = irs_get(c->kind, c->B, i + (size_t)j * c->ldb);
		int r = rows && c->n && c->nrhs ? refine(c, A, B, X, niters, info) : 0;
		if (!r && !*info) /* X written only with a solution (not on a singular A) */
			for (int j = 0; j < c->nrhs; j++)
				for (int i = 0; i < c->n; i++)
					irs_put(c->kind, c->X, i + (size_t)j * c->ldx, X[i + (size_t)j * c->n]);
		st = r == -1 ? CUSOLVER_STATUS_ALLOC_FAILED : r == -2 ? CUSOLVER_STATUS_IRS_OUT_OF_RANGE
								    : CUSOLVER_STATUS_SUCCESS;
	}
	free(A), free(B), free(X);
	return st;
}
