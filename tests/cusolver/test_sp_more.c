// SPDX-License-Identifier: MIT
/*
 * test_sp_more.c - the rest of lib/cusolver's cusolverSp.h against
 * references computed here: least squares by csrlsqvqrHost (full rank: the
 * test's own normal equations; rank deficient: the rank, A^T (A x - b) = 0
 * and the residual norm it reports), the eigenvalue nearest a shift by
 * csreigvsi(Host) (the 1-D Laplacian's eigenvalues are known in closed
 * form; A x = mu x checked), eigenvalues counted in boxes by csreigsHost
 * (the same formula; a rotation block's +-i), zero-free diagonals by
 * csrzfdHost (every diagonal entry of A(P, :) nonzero, checked on the
 * values; a structurally singular matrix; an explicit zero not counted;
 * complex), batched QR against the normal equations, the complex forms'
 * and bad arguments' statuses.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cusolverSp.h>
#include <cusparse.h>
#include "tap.h"

static cusolverSpHandle_t H;
static cusparseMatDescr_t D;

struct mat {
	int m, n, nnz, ptr[65], ind[512];
	double val[512];
};

static void add(struct mat *a, int j, double v)
{
	a->ind[a->nnz] = j, a->val[a->nnz++] = v;
}

/* tridiag(-1, 2, -1), n x n: eigenvalues 2 - 2 cos(k pi / (n + 1)), k = 1..n */
static void laplacian1d(struct mat *a, int n)
{
	a->m = a->n = n, a->nnz = 0;
	for (int i = 0; i < n; i++) {
		a->ptr[i] = a->nnz;
		if (i > 0)
			add(a, i - 1, -1);
		add(a, i, 2);
		if (i + 1 < n)
			add(a, i + 1, -1);
	}
	a->ptr[n] = a->nnz;
}

static double lap_eig(int k, int n)
{
	return 2 - 2 * cos(k * M_PI / (n + 1));
}

/* r = A x - b */
static void residual(const struct mat *a, const double *x, const double *b, double *r)
{
	for (int i = 0; i < a->m; i++) {
		r[i] = -b[i];
		for (int e = a->ptr[i]; e < a->ptr[i + 1]; e++)
			r[i] += a->val[e] * x[a->ind[e]];
	}
}

/* the normal equations A^T A x = A^T b by the test's own elimination (n <= 8) */
static void normal_equations(const struct mat *a, const double *b, double *x)
{
	double g[8][9] = {{0}};
	int n = a->n;

	for (int i = 0; i < a->m; i++)
		for (int e = a->ptr[i]; e < a->ptr[i + 1]; e++) {
			for (int f = a->ptr[i]; f < a->ptr[i + 1]; f++)
				g[a->ind[e]][a->ind[f]] += a->val[e] * a->val[f];
			g[a->ind[e]][n] += a->val[e] * b[i];
		}
	for (int k = 0; k < n; k++)
		for (int i = k + 1; i < n; i++)
			for (int j = n; j >= k; j--)
				g[i][j] -= g[i][k] / g[k][k] * g[k][j];
	for (int i = n - 1; i >= 0; i--) {
		x[i] = g[i][n];
		for (int j = i + 1; j < n; j++)
			x[i] -= g[i][j] * x[j];
		x[i] /= g[i][i];
	}
}

static double max_diff(const double *a, const double *b, int n)
{
	double w = 0;

	for (int i = 0; i < n; i++)
		w = fmax(w, fabs(a[i] - b[i]));
	return w;
}

/* an m x n matrix, column j holding a few entries (overdetermined, full rank) */
static void tall(struct mat *a, int m, int n, double seed)
{
	a->m = m, a->n = n, a->nnz = 0;
	for (int i = 0; i < m; i++) {
		a->ptr[i] = a->nnz;
		add(a, i % n, 2.0 + i + seed);
		if ((i + 2) % n != i % n)
			add(a, (i + 2) % n, 1.0 / (1 + i) - seed);
	}
	a->ptr[m] = a->nnz;
}

TAP_TEST(setup)
{
	tap_ok(cusolverSpCreate(&H) == CUSOLVER_STATUS_SUCCESS &&
		   cusparseCreateMatDescr(&D) == CUSPARSE_STATUS_SUCCESS,
	       "a handle and a descriptor");
}

TAP_TEST(least_squares)
{
	struct mat a;
	double b[8], x[8], ref[8], r[8], norm = -1, atr[8] = {0}, own = 0, worst = 0;
	int rank = 0, p[8];
	cusolverStatus_t st;

	tall(&a, 8, 5, 0);
	for (int i = 0; i < 8; i++)
		b[i] = sin(i + 1.0);
	normal_equations(&a, b, ref);
	st = cusolverSpDcsrlsqvqrHost(H, 8, 5, a.nnz, D, a.val, a.ptr, a.ind, b, 1e-12, &rank, x, p,
				      &norm);
	residual(&a, x, b, r);
	for (int i = 0; i < 8; i++)
		own += r[i] * r[i];
	tap_ok(
	    st == CUSOLVER_STATUS_SUCCESS && rank == 5 && max_diff(x, ref, 5) < 1e-12 &&
		fabs(norm - sqrt(own)) < 1e-12,
	    "full rank 8x5: rank %d, x as the normal equations (%.2g), min_norm |A x - b| (%.6g)",
	    rank, max_diff(x, ref, 5), norm);
	/* rank deficient: column 3 = column 0 + column 1 */
	struct mat d = {6, 4, 0, {0}, {0}, {0}};

	for (int i = 0; i < 6; i++) {
		double c0 = 1 + i, c1 = (i % 3) - 1.0, c2 = i * i * 0.1;

		d.ptr[i] = d.nnz;
		add(&d, 0, c0);
		if (c1 != 0)
			add(&d, 1, c1);
		add(&d, 2, c2 + 0.5);
		add(&d, 3, c0 + c1);
		b[i] = cos(i);
	}
	d.ptr[6] = d.nnz;
	st = cusolverSpDcsrlsqvqrHost(H, 6, 4, d.nnz, D, d.val, d.ptr, d.ind, b, 1e-10, &rank, x, p,
				      &norm);
	residual(&d, x, b, r);
	for (int i = 0; i < 6; i++)
		for (int e = d.ptr[i]; e < d.ptr[i + 1]; e++)
			atr[d.ind[e]] += d.val[e] * r[i];
	for (int j = 0; j < 4; j++)
		worst = fmax(worst, fabs(atr[j]));
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && rank == 3 && worst < 1e-10,
	       "rank deficient 6x4: rank %d, A^T (A x - b) = 0 (%.2g): a least squares solution",
	       rank, worst);
	int seen[4] = {0}, perm = 1;

	for (int j = 0; j < 4; j++)
		perm &= p[j] >= 0 && p[j] < 4 && !seen[p[j]]++;
	tap_ok(perm, "p: a permutation of the columns");
	float bf[8], xf[8], nf = 0, vf[512];

	for (int e = 0; e < a.nnz; e++)
		vf[e] = (float)a.val[e];
	for (int i = 0; i < 8; i++)
		bf[i] = (float)sin(i + 1.0);
	st = cusolverSpScsrlsqvqrHost(H, 8, 5, a.nnz, D, vf, a.ptr, a.ind, bf, 1e-6f, &rank, xf, p,
				      &nf);
	worst = 0;
	for (int j = 0; j < 5; j++)
		worst = fmax(worst, fabs(xf[j] - ref[j]));
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && rank == 5 && worst < 1e-5,
	       "single precision: within 1e-5 (%.2g)", worst);
}

TAP_TEST(eigen)
{
	enum { N = 10 };
	struct mat a;
	double x0[N], x[N], mu = 0, ax[N], worst = 0;
	int count = -1;
	cuDoubleComplex lo = {0, -0.5}, hi = {1, 0.5};
	cusolverStatus_t st;

	laplacian1d(&a, N);
	for (int i = 0; i < N; i++)
		x0[i] = 1;
	st = cusolverSpDcsreigvsiHost(H, N, a.nnz, D, a.val, a.ptr, a.ind, 0.1, x0, 100, 1e-14, &mu,
				      x);
	residual(&a, x, (double[N]){0}, ax);
	for (int i = 0; i < N; i++)
		worst = fmax(worst, fabs(ax[i] - mu * x[i]));
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && fabs(mu - lap_eig(1, N)) < 1e-10 && worst < 1e-8,
	       "eigvsiHost, shift 0.1: the smallest eigenvalue %.12f (closed form %.12f), |A x - "
	       "mu x| %.2g",
	       mu, lap_eig(1, N), worst);
	st = cusolverSpDcsreigvsi(H, N, a.nnz, D, a.val, a.ptr, a.ind, 2.3, x0, 200, 1e-14, &mu, x);
	double nearest = lap_eig(1, N);

	for (int k = 2; k <= N; k++)
		if (fabs(lap_eig(k, N) - 2.3) < fabs(nearest - 2.3))
			nearest = lap_eig(k, N);
	tap_ok(
	    st == CUSOLVER_STATUS_SUCCESS && fabs(mu - nearest) < 1e-9,
	    "eigvsi (device form), shift 2.3: the eigenvalue nearest it (%.9f, closed form %.9f)",
	    mu, nearest);
	int want = 0;

	for (int k = 1; k <= N; k++)
		want += lap_eig(k, N) <= 1;
	st = cusolverSpDcsreigsHost(H, N, a.nnz, D, a.val, a.ptr, a.ind, lo, hi, &count);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && count == want,
	       "eigsHost: %d eigenvalues in [0, 1] x [-0.5, 0.5] (%d)", count, want);
	/* a rotation block: eigenvalues +i and -i; a box around +i holds one */
	struct mat r = {2, 2, 0, {0}, {0}, {0}};

	r.ptr[0] = 0, add(&r, 1, -1), r.ptr[1] = r.nnz, add(&r, 0, 1), r.ptr[2] = r.nnz;
	cuDoubleComplex l2 = {-0.5, 0.5}, h2 = {0.5, 1.5};

	st = cusolverSpDcsreigsHost(H, 2, r.nnz, D, r.val, r.ptr, r.ind, l2, h2, &count);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && count == 1, "the rotation's +i in its box: %d",
	       count);
	float vf[64], x0f[N], xf[N], muf = 0;

	for (int e = 0; e < a.nnz; e++)
		vf[e] = (float)a.val[e];
	for (int i = 0; i < N; i++)
		x0f[i] = 1;
	st = cusolverSpScsreigvsiHost(H, N, a.nnz, D, vf, a.ptr, a.ind, 0.1f, x0f, 100, 1e-6f, &muf,
				      xf);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && fabs(muf - lap_eig(1, N)) < 1e-5,
	       "single precision: %.7f", muf);
}

/* every diagonal entry of A(P, :) nonzero, by the values */
static int zero_free(const struct mat *a, const int *P)
{
	int k = 0;

	for (int j = 0; j < a->n; j++)
		for (int e = a->ptr[P[j]]; e < a->ptr[P[j] + 1]; e++)
			k += a->ind[e] == j && a->val[e] != 0;
	return k;
}

TAP_TEST(zero_free_diagonal)
{
	enum { N = 6 };
	struct mat a = {N, N, 0, {0}, {0}, {0}};
	int P[N], numnz = -1;
	cusolverStatus_t st;

	/* anti-diagonal with a few more entries and an explicit zero on the diagonal */
	for (int i = 0; i < N; i++) {
		a.ptr[i] = a.nnz;
		if (i == 2)
			add(&a, 2, 0.0);
		add(&a, N - 1 - i, 1.0 + i);
		if (i + 2 < N && i + 2 != N - 1 - i)
			add(&a, i + 2, 0.5);
	}
	a.ptr[N] = a.nnz;
	st = cusolverSpDcsrzfdHost(H, N, a.nnz, D, a.val, a.ptr, a.ind, P, &numnz);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && numnz == N && zero_free(&a, P) == N,
	       "an anti-diagonal matrix: numnz %d, every diagonal entry of A(P, :) nonzero (%d)",
	       numnz, zero_free(&a, P));
	struct mat s = {N, N, 0, {0}, {0}, {0}};

	for (int i = 0; i < N; i++) { /* column 4 empty: structurally singular */
		s.ptr[i] = s.nnz;
		add(&s, i == 4 ? 3 : i, 1.0);
	}
	s.ptr[N] = s.nnz;
	st = cusolverSpDcsrzfdHost(H, N, s.nnz, D, s.val, s.ptr, s.ind, P, &numnz);
	int seen[N] = {0}, perm = 1;

	for (int j = 0; j < N; j++)
		perm &= P[j] >= 0 && P[j] < N && !seen[P[j]]++;
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && numnz == N - 1 && perm && zero_free(&s, P) == N - 1,
	       "an empty column: numnz %d, P still a permutation", numnz);
	cuDoubleComplex zv[64];

	for (int e = 0; e < a.nnz; e++)
		zv[e].x = 0, zv[e].y = a.val[e]; /* the same pattern, imaginary values */
	st = cusolverSpZcsrzfdHost(H, N, a.nnz, D, zv, a.ptr, a.ind, P, &numnz);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && numnz == N && zero_free(&a, P) == N,
	       "complex values: numnz %d (an imaginary part counts as nonzero)", numnz);
}

TAP_TEST(batched_qr)
{
	enum { M = 7, N = 4, B = 3 };
	struct mat a[B];
	double vals[B * 64], b[B * M], x[B * N], ref[N];
	size_t internal = 0, work = 0;
	csrqrInfo_t info;
	int ok = 1;
	cusolverStatus_t st;

	for (int k = 0; k < B; k++) {
		tall(&a[k], M, N, 0.3 * k);
		memcpy(vals + k * a[0].nnz, a[k].val, sizeof(double) * (size_t)a[0].nnz);
		for (int i = 0; i < M; i++)
			b[k * M + i] = cos(i + k);
	}
	st = cusolverSpCreateCsrqrInfo(&info);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st =
		    cusolverSpXcsrqrAnalysisBatched(H, M, N, a[0].nnz, D, a[0].ptr, a[0].ind, info);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrqrBufferInfoBatched(H, M, N, a[0].nnz, D, vals, a[0].ptr,
						       a[0].ind, B, info, &internal, &work);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrqrsvBatched(H, M, N, a[0].nnz, D, vals, a[0].ptr, a[0].ind, b, x,
					       B, info, NULL);
	for (int k = 0; k < B; k++) {
		normal_equations(&a[k], b + k * M, ref);
		ok &= max_diff(x + k * N, ref, N) < 1e-12;
	}
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && ok && internal > 0,
	       "csrqrsvBatched of %d %dx%d systems: each as its normal equations", B, M, N);
	tap_ok(cusolverSpDcsrqrsvBatched(H, M, N, a[0].nnz, D, vals, a[0].ptr, a[0].ind, b, x, 0,
					 info, NULL) == CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverSpDcsrqrsvBatched(H, M, N + 1, a[0].nnz, D, vals, a[0].ptr, a[0].ind, b,
					     x, B, info, NULL) == CUSOLVER_STATUS_INVALID_VALUE,
	       "batch 0, n other than the analysis': INVALID_VALUE");
	cusolverSpDestroyCsrqrInfo(info);
}

TAP_TEST(statuses)
{
	struct mat a;
	cuDoubleComplex zv[64] = {{0, 0}}, zb[16] = {{0, 0}}, zx[16];
	int rank = 0, p[16];
	double mn;

	laplacian1d(&a, 5);
	/* the complex direct solvers (csrlsv*) work: test_sp_complex.c */
	tap_ok(cusolverSpZcsrlsqvqrHost(H, 5, 5, a.nnz, D, zv, a.ptr, a.ind, zb, 0, &rank, zx, p,
					&mn) == CUSOLVER_STATUS_NOT_SUPPORTED &&
		   cusolverSpZcsrlsqvqrHost(NULL, 5, 5, a.nnz, D, zv, a.ptr, a.ind, zb, 0, &rank, zx,
					    p, &mn) == CUSOLVER_STATUS_NOT_INITIALIZED,
	       "complex least squares: NOT_SUPPORTED (no handle: NOT_INITIALIZED)");
	double x[5], b[5] = {1, 1, 1, 1, 1};

	tap_ok(cusolverSpDcsrlsqvqrHost(H, 5, 5, a.nnz, D, a.val, a.ptr, a.ind, b, -1, &rank, x, p,
					&mn) == CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverSpDcsreigvsiHost(H, 5, a.nnz, D, a.val, a.ptr, a.ind, 0, b, 0, 1e-9, &mn,
					    x) == CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverSpDcsrzfdHost(H, 5, a.nnz, D, a.val, a.ptr, a.ind, NULL, &rank) ==
		       CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverSpDcsreigsHost(NULL, 5, a.nnz, D, a.val, a.ptr, a.ind, zv[0], zv[0],
					  &rank) == CUSOLVER_STATUS_NOT_INITIALIZED,
	       "negative tol, no iterations, NULL P: INVALID_VALUE; no handle: NOT_INITIALIZED");
	cusparseDestroyMatDescr(D);
	cusolverSpDestroy(H);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
