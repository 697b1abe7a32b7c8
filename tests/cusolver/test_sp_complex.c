// SPDX-License-Identifier: MIT
/*
 * test_sp_complex.c - the complex forms (C, Z) of cuSOLVER's sparse direct
 * solvers, cusolverSp<t>csrlsv{lu,chol,qr}[Host] (lib/cusolver/
 * sp_lsv_complex.c), against LAPACK's dense complex solver zgesv on the
 * same matrix (OpenBLAS's: no part of the library's real form) and against
 * the residual |A x - b| the test forms with its own loop over the CSR
 * entries: a nonsymmetric complex band matrix (0-based and 1-based, with
 * and without reordering), a Hermitian positive definite one (Cholesky
 * reading the lower triangle only), a tridiagonal system of 3000 unknowns
 * (QR in the band) against LAPACK's zgtsv, single precision, the singular
 * index of a column that is a complex multiple of an earlier one (QR) and
 * of a matrix that is not positive definite (Cholesky), x left as it was,
 * and the statuses of bad arguments.
 */
#include <complex.h>
#include <lapack.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusolverSp.h>
#include <cusparse.h>
#include "tap.h"

#define TAP_ST(call, want)                                                                         \
	do {                                                                                       \
		cusolverStatus_t s_ = (call);                                                      \
		tap_ok(s_ == (want), "%s -> %d", #call, (int)s_);                                  \
	} while (0)

static cusolverSpHandle_t H;

/* A square complex CSR matrix. */
struct zmat {
	int n, nnz, base;
	int *ptr, *ind;
	cuDoubleComplex *val;
};

static cuDoubleComplex z(double re, double im)
{
	cuDoubleComplex v = {re, im};

	return v;
}

/* the n x n pattern with entries at |i - j| <= w (and one far entry a row where far), values by fn
 */
static struct zmat band(int n, int w, int base, cuDoubleComplex (*fn)(int, int))
{
	struct zmat a = {n, 0, base, NULL, NULL, NULL};

	a.ptr = malloc(((size_t)n + 1) * sizeof(int));
	a.ind = malloc((size_t)n * (2 * (size_t)w + 1) * sizeof(int));
	a.val = malloc((size_t)n * (2 * (size_t)w + 1) * sizeof(cuDoubleComplex));
	for (int i = 0; i < n; i++) {
		a.ptr[i] = a.nnz + base;
		for (int j = i - w; j <= i + w; j++)
			if (j >= 0 && j < n)
				a.ind[a.nnz] = j + base, a.val[a.nnz++] = fn(i, j);
	}
	a.ptr[n] = a.nnz + base;
	return a;
}

static void zmat_free(struct zmat *a)
{
	free(a->ptr), free(a->ind), free(a->val);
}

/* nonsymmetric, diagonally dominant: a complex diagonal, off-diagonals of both signs */
static cuDoubleComplex general(int i, int j)
{
	if (i == j)
		return z(6 + 0.1 * i, 2 - 0.05 * i);
	return z(0.5 * ((i * 7 + j * 3) % 5) - 1, 0.25 * ((i + 2 * j) % 3) - 0.3);
}

/* Hermitian positive definite: a(j, i) = conj(a(i, j)), real dominant diagonal */
static cuDoubleComplex hermitian(int i, int j)
{
	int lo = i < j ? i : j, hi = i < j ? j : i;
	double im = 0.3 * ((lo + 2 * hi) % 4) - 0.4;

	if (i == j)
		return z(8 + 0.01 * i, 0);
	return z(-1 + 0.1 * ((lo + hi) % 3), i < j ? im : -im);
}

static double complex zc(cuDoubleComplex v)
{
	return v.x + v.y * I;
}

/* b = A x by the CSR entries */
static void multiply(const struct zmat *a, const cuDoubleComplex *x, cuDoubleComplex *b)
{
	for (int i = 0; i < a->n; i++) {
		double complex s = 0;

		for (int e = a->ptr[i] - a->base; e < a->ptr[i + 1] - a->base; e++)
			s += zc(a->val[e]) * zc(x[a->ind[e] - a->base]);
		b[i] = z(creal(s), cimag(s));
	}
}

/* x by LAPACK's dense zgesv of A (column-major) and b */
static void reference(const struct zmat *a, const cuDoubleComplex *b, double complex *x)
{
	int n = a->n, one = 1, info = 0, *ipiv = malloc((size_t)n * sizeof(int));
	double complex *d = calloc((size_t)n * (size_t)n, sizeof(double complex));

	for (int i = 0; i < n; i++) {
		x[i] = zc(b[i]);
		for (int e = a->ptr[i] - a->base; e < a->ptr[i + 1] - a->base; e++)
			d[(size_t)(a->ind[e] - a->base) * (size_t)n + (size_t)i] += zc(a->val[e]);
	}
	LAPACK_zgesv(&n, &one, d, &n, ipiv, x, &n, &info);
	free(d), free(ipiv);
}

/* the largest |x - ref| relative to |ref|'s largest */
static double error(int n, const cuDoubleComplex *x, const double complex *ref)
{
	double e = 0, m = 0;

	for (int i = 0; i < n; i++) {
		e = fmax(e, cabs(zc(x[i]) - ref[i]));
		m = fmax(m, cabs(ref[i]));
	}
	return e / m;
}

typedef cusolverStatus_t (*zsolver)(cusolverSpHandle_t, int, int, const cusparseMatDescr_t,
				    const cuDoubleComplex *, const int *, const int *,
				    const cuDoubleComplex *, double, int, cuDoubleComplex *, int *);

static const struct {
	const char *name;
	zsolver f;
	int hermitian_only;
} zsolvers[] = {
    {"ZcsrlsvluHost", cusolverSpZcsrlsvluHost, 0},
    {"ZcsrlsvqrHost", cusolverSpZcsrlsvqrHost, 0},
    {"Zcsrlsvqr", cusolverSpZcsrlsvqr, 0},
    {"ZcsrlsvcholHost", cusolverSpZcsrlsvcholHost, 1},
    {"Zcsrlsvchol", cusolverSpZcsrlsvchol, 1},
};

static cusparseMatDescr_t descr(int base)
{
	cusparseMatDescr_t d;

	cusparseCreateMatDescr(&d);
	cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
	return d;
}

/* b from a chosen x, each solver (and reordering) against zgesv's x */
static void solve_all(const char *what, const struct zmat *a, int hermitian_matrix)
{
	int n = a->n, sing;
	cuDoubleComplex *xt = malloc((size_t)n * sizeof(*xt)), *b = malloc((size_t)n * sizeof(*b));
	cuDoubleComplex *x = malloc((size_t)n * sizeof(*x));
	double complex *ref = malloc((size_t)n * sizeof(*ref));
	cusparseMatDescr_t d = descr(a->base);

	for (int i = 0; i < n; i++)
		xt[i] = z(1 + 0.5 * (i % 7), (i % 5) - 2.0);
	multiply(a, xt, b);
	reference(a, b, ref);
	tap_ok(error(n, xt, ref) < 1e-12, "%s: zgesv finds the chosen x (%.1e)", what,
	       error(n, xt, ref));
	for (size_t s = 0; s < sizeof(zsolvers) / sizeof(zsolvers[0]); s++) {
		if (zsolvers[s].hermitian_only && !hermitian_matrix)
			continue;
		for (int reorder = 0; reorder <= 1; reorder++) {
			cusolverStatus_t st;

			memset(x, 0, (size_t)n * sizeof(*x));
			sing = -7;
			st = zsolvers[s].f(H, n, a->nnz, d, a->val, a->ptr, a->ind, b, 1e-12,
					   reorder, x, &sing);
			tap_ok(st == CUSOLVER_STATUS_SUCCESS && sing == -1 &&
				   error(n, x, ref) < 1e-11,
			       "%s, %s, reorder %d: status %d, singularity %d, |x - zgesv's| %.1e",
			       what, zsolvers[s].name, reorder, (int)st, sing, error(n, x, ref));
		}
	}
	cusparseDestroyMatDescr(d);
	free(xt), free(b), free(x), free(ref);
}

TAP_TEST(general_band)
{
	struct zmat a = band(60, 3, 0, general), a1 = band(45, 2, 1, general);

	solve_all("nonsymmetric 60 x 60, band 3, 0-based", &a, 0);
	solve_all("nonsymmetric 45 x 45, band 2, 1-based", &a1, 0);
	zmat_free(&a), zmat_free(&a1);
}

TAP_TEST(hermitian_band)
{
	struct zmat a = band(50, 4, 0, hermitian);

	solve_all("Hermitian positive definite 50 x 50", &a, 1);
	zmat_free(&a);
}

/* Cholesky reads the lower triangle: the upper one's values do not matter */
TAP_TEST(cholesky_lower_triangle)
{
	struct zmat a = band(30, 2, 0, hermitian);
	cuDoubleComplex xt[30], b[30], x[30], y[30];
	cusparseMatDescr_t d = descr(0);
	int s1 = -7, s2 = -7;

	for (int i = 0; i < 30; i++)
		xt[i] = z(i % 3, 1 - (i % 4));
	multiply(&a, xt, b);
	cusolverSpZcsrlsvcholHost(H, 30, a.nnz, d, a.val, a.ptr, a.ind, b, 1e-12, 0, x, &s1);
	for (int i = 0; i < 30;
	     i++) /* the strict upper triangle spoiled, the diagonal's imaginary parts too */
		for (int e = a.ptr[i]; e < a.ptr[i + 1]; e++)
			if (a.ind[e] > i)
				a.val[e] = z(99, -99);
			else if (a.ind[e] == i)
				a.val[e].y = 5;
	cusolverSpZcsrlsvcholHost(H, 30, a.nnz, d, a.val, a.ptr, a.ind, b, 1e-12, 0, y, &s2);
	tap_ok(s1 == -1 && s2 == -1 && !memcmp(x, y, sizeof(x)),
	       "Cholesky: the same x with the upper triangle and the diagonal's imaginary parts "
	       "changed");
	cusparseDestroyMatDescr(d);
	zmat_free(&a);
}

/* a long tridiagonal system: QR in the band (its dense form would not fit), against zgtsv */
TAP_TEST(tridiagonal_band_qr)
{
	enum { N = 3000 };
	struct zmat a = band(N, 1, 0, general);
	double complex dl[N], dd[N], du[N], ref[N];
	cuDoubleComplex b[N], x[N];
	cusparseMatDescr_t d = descr(0);
	int n = N, one = 1, info = 0, sing = -7;

	for (int i = 0; i < N; i++) {
		b[i] = z(cos(i), sin(0.5 * i));
		ref[i] = zc(b[i]);
		dd[i] = zc(general(i, i));
		if (i + 1 < N)
			du[i] = zc(general(i, i + 1)), dl[i] = zc(general(i + 1, i));
	}
	LAPACK_zgtsv(&n, &one, dl, dd, du, ref, &n, &info);
	for (int reorder = 0; reorder <= 1; reorder++) {
		cusolverStatus_t st = cusolverSpZcsrlsvqr(H, N, a.nnz, d, a.val, a.ptr, a.ind, b,
							  1e-12, reorder, x, &sing);

		tap_ok(info == 0 && st == CUSOLVER_STATUS_SUCCESS && sing == -1 &&
			   error(N, x, ref) < 1e-11,
		       "tridiagonal %d x %d, Zcsrlsvqr, reorder %d: status %d, |x - zgtsv's| %.1e",
		       N, N, reorder, (int)st, error(N, x, ref));
	}
	cusparseDestroyMatDescr(d);
	zmat_free(&a);
}

typedef cusolverStatus_t (*csolver)(cusolverSpHandle_t, int, int, const cusparseMatDescr_t,
				    const cuComplex *, const int *, const int *, const cuComplex *,
				    float, int, cuComplex *, int *);

TAP_TEST(single_precision)
{
	struct zmat a = band(40, 2, 0, hermitian);
	cuComplex v[200], b[40], x[40];
	cuDoubleComplex xt[40], bd[40];
	double complex ref[40];
	cusparseMatDescr_t d = descr(0);
	const csolver f[] = {cusolverSpCcsrlsvluHost, cusolverSpCcsrlsvqrHost, cusolverSpCcsrlsvqr,
			     cusolverSpCcsrlsvcholHost, cusolverSpCcsrlsvchol};

	for (int i = 0; i < 40; i++)
		xt[i] = z(0.5 * (i % 3), 0.25 * (i % 5));
	multiply(&a, xt, bd);
	for (int e = 0; e < a.nnz; e++)
		v[e].x = (float)a.val[e].x, v[e].y = (float)a.val[e].y;
	for (int i = 0; i < 40; i++)
		b[i].x = (float)bd[i].x, b[i].y = (float)bd[i].y;
	reference(&a, bd, ref);
	for (int k = 0; k < 5; k++) {
		cuDoubleComplex xd[40];
		int sing = -7;
		cusolverStatus_t st =
		    f[k](H, 40, a.nnz, d, v, a.ptr, a.ind, b, 1e-6f, k % 2, x, &sing);

		for (int i = 0; i < 40; i++)
			xd[i] = z(x[i].x, x[i].y);
		tap_ok(st == CUSOLVER_STATUS_SUCCESS && sing == -1 && error(40, xd, ref) < 1e-5,
		       "single precision, solver %d of C{lu,qr}Host, Cqr, Ccholhost, Cchol: status "
		       "%d, "
		       "|x - zgesv's| %.1e",
		       k, (int)st, error(40, xd, ref));
	}
	cusparseDestroyMatDescr(d);
	zmat_free(&a);
}

/* column 3 = (1 + 2i) column 1: QR's R(3, 3) is zero; x is left as it was */
static cuDoubleComplex dependent(int i, int j)
{
	cuDoubleComplex c1 = general(i, 1);

	if (j == 3)
		return z(c1.x - 2 * c1.y, 2 * c1.x + c1.y);
	return general(i, j);
}

TAP_TEST(singular)
{
	struct zmat a = band(8, 7, 0, general), h = band(6, 1, 0, hermitian);
	cuDoubleComplex b[8] = {{1, 0}}, x[8];
	cusparseMatDescr_t d = descr(0);
	int sing = -7;

	for (int i = 0; i < 8; i++)
		for (int e = a.ptr[i]; e < a.ptr[i + 1]; e++)
			a.val[e] = dependent(i, a.ind[e]);
	for (int i = 0; i < 8; i++)
		x[i] = z(42, -42);
	TAP_ST(cusolverSpZcsrlsvqrHost(H, 8, a.nnz, d, a.val, a.ptr, a.ind, b, 1e-9, 0, x, &sing),
	       CUSOLVER_STATUS_SUCCESS);
	tap_ok(sing == 3 && x[0].x == 42 && x[7].y == -42,
	       "QR: column 3 a complex multiple of column 1: singularity %d (want 3), x as it was",
	       sing);
	/* the diagonal's entry 2 made negative: not positive definite at 2 */
	for (int e = h.ptr[2]; e < h.ptr[3]; e++)
		if (h.ind[e] == 2)
			h.val[e] = z(-8, 0);
	sing = -7;
	TAP_ST(
	    cusolverSpZcsrlsvcholHost(H, 6, h.nnz, d, h.val, h.ptr, h.ind, b, 1e-12, 0, x, &sing),
	    CUSOLVER_STATUS_SUCCESS);
	tap_ok(sing == 2, "Cholesky: not positive definite at 2: singularity %d", sing);
	cusparseDestroyMatDescr(d);
	zmat_free(&a), zmat_free(&h);
}

TAP_TEST(statuses)
{
	struct zmat a = band(5, 1, 0, general);
	cuDoubleComplex b[5] = {{1, 0}}, x[5];
	cusparseMatDescr_t d = descr(0);
	int sing;

	TAP_ST(cusolverSpZcsrlsvqr(NULL, 5, a.nnz, d, a.val, a.ptr, a.ind, b, 0, 0, x, &sing),
	       CUSOLVER_STATUS_NOT_INITIALIZED);
	TAP_ST(cusolverSpZcsrlsvluHost(H, 0, a.nnz, d, a.val, a.ptr, a.ind, b, 0, 0, x, &sing),
	       CUSOLVER_STATUS_INVALID_VALUE);
	TAP_ST(cusolverSpZcsrlsvqrHost(H, 5, a.nnz, d, a.val, a.ptr, a.ind, b, 0, 4, x, &sing),
	       CUSOLVER_STATUS_INVALID_VALUE);
	TAP_ST(cusolverSpZcsrlsvcholHost(H, 5, a.nnz, d, NULL, a.ptr, a.ind, b, 0, 0, x, &sing),
	       CUSOLVER_STATUS_INVALID_VALUE);
	TAP_ST(cusolverSpCcsrlsvqr(H, 5, a.nnz, d, NULL, a.ptr, a.ind, NULL, 0, 0, NULL, &sing),
	       CUSOLVER_STATUS_INVALID_VALUE);
	TAP_ST(cusolverSpZcsrlsvluHost(H, 5, a.nnz, NULL, a.val, a.ptr, a.ind, b, 0, 0, x, &sing),
	       CUSOLVER_STATUS_INVALID_VALUE);
	a.ind[1] = 9; /* a column outside the matrix */
	TAP_ST(cusolverSpZcsrlsvqrHost(H, 5, a.nnz, d, a.val, a.ptr, a.ind, b, 0, 0, x, &sing),
	       CUSOLVER_STATUS_INVALID_VALUE);
	cusparseDestroyMatDescr(d);
	zmat_free(&a);
}

static int make_handle(void)
{
	return tap_ok(cusolverSpCreate(&H) == CUSOLVER_STATUS_SUCCESS, "cusolverSpCreate");
}

static void free_handle(void)
{
	tap_ok(cusolverSpDestroy(H) == CUSOLVER_STATUS_SUCCESS, "cusolverSpDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
