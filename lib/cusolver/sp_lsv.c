// SPDX-License-Identifier: MIT
/*
 * sp_lsv.c - cuSOLVER's sparse direct solvers of A x = b
 * (cusolverSp<t>csrlsv{lu,chol,qr}[Host]) on LAPACK.  LU and Cholesky
 * factor A in band storage (LAPACK's gbtrf/gbtrs and pbtrf/pbtrs): exact
 * factorizations, with memory and time set by the bandwidth, which the
 * reverse Cuthill-McKee ordering (sp.c) narrows when `reorder` asks for
 * any ordering (the solution does not depend on it: the ordering only
 * changes the fill; symrcm serves the three kinds here).  QR factors A in
 * its band where the band is narrower than the matrix (Householder,
 * sp_band_qr.c: LAPACK has no banded QR), else densely (geqrf, ormqr,
 * trtrs); a dense form over 512 MiB is CUSOLVER_STATUS_ALLOC_FAILED.  Singularity
 * as cuSOLVER reports it: -1 when every pivot of U (LU), L (Cholesky) or R
 * (QR) exceeds tol in magnitude, else the first index j (of the reordered
 * matrix) where it does not, with x left as it was.  A that is not
 * positive definite (Cholesky) is singular at the pivot where that shows.
 * Single precision runs in double and rounds the solution.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cusolver_sp_internal.h"

#define DENSE_MAX ((size_t)512 << 20)	/* bytes of a dense QR's matrix */
#define BAND_MAX ((size_t)2 << 30)	/* bytes of a band factorization */

/* A in double, 0-based, rows and columns through perm (row i of the solved matrix is row perm[i] of A) */
struct csr {
	int n, base;
	const int *ptr, *ind;
	const double *val;
	const int *perm, *inv;	/* NULL: the natural order */
};

#define ROW(a, i) ((a)->perm ? (a)->perm[i] : (i))
#define COL(a, j) ((a)->inv ? (a)->inv[j] : (j))

/* lower and upper bandwidths of the reordered matrix (lower only: Cholesky's lower triangle) */
static void bands(const struct csr *a, int *kl, int *ku)
{
	*kl = *ku = 0;
	for (int i = 0; i < a->n; i++) {
		int r = ROW(a, i);

		for (int e = a->ptr[r] - a->base; e < a->ptr[r + 1] - a->base; e++) {
			int j = COL(a, a->ind[e] - a->base);

			if (i - j > *kl)
				*kl = i - j;
			if (j - i > *ku)
				*ku = j - i;
		}
	}
}

static int lu(const struct csr *a, double *x, double tol)
{
	int n = a->n, kl, ku, ldab, info = 0, one = 1, *ipiv;
	double *ab;
	char t = 'N';

	bands(a, &kl, &ku);
	ldab = 2 * kl + ku + 1;
	if ((size_t)ldab * (size_t)n * sizeof(double) > BAND_MAX)
		return -2;
	ab = calloc((size_t)ldab * (size_t)n, sizeof(double));
	ipiv = malloc((size_t)n * sizeof(int));
	if (!ab || !ipiv) {
		free(ab), free(ipiv);
		return -2;
	}
	for (int i = 0; i < n; i++) {	/* A(i, j) at AB(kl + ku + i - j, j), 0-based */
		int r = ROW(a, i);

		for (int e = a->ptr[r] - a->base; e < a->ptr[r + 1] - a->base; e++) {
			int j = COL(a, a->ind[e] - a->base);

			ab[(size_t)j * ldab + kl + ku + i - j] += a->val[e];
		}
	}
	LAPACK_dgbtrf(&n, &n, &kl, &ku, ab, &ldab, ipiv, &info);
	for (int j = 0; j < n; j++)
		if (!(fabs(ab[(size_t)j * ldab + kl + ku]) > tol)) {
			free(ab), free(ipiv);
			return j;
		}
	LAPACK_dgbtrs(&t, &n, &kl, &ku, &one, ab, &ldab, ipiv, x, &n, &info);
	free(ab), free(ipiv);
	return -1;
}

static int chol(const struct csr *a, double *x, double tol)
{
	int n = a->n, kd, ku, ldab, info = 0, one = 1;
	double *ab;
	char lo = 'L';

	bands(a, &kd, &ku);
	ldab = kd + 1;
	if ((size_t)ldab * (size_t)n * sizeof(double) > BAND_MAX)
		return -2;
	ab = calloc((size_t)ldab * (size_t)n, sizeof(double));
	if (!ab)
		return -2;
	for (int i = 0; i < n; i++) {	/* the lower triangle: A(i, j) at AB(i - j, j) */
		int r = ROW(a, i);

		for (int e = a->ptr[r] - a->base; e < a->ptr[r + 1] - a->base; e++) {
			int j = COL(a, a->ind[e] - a->base);

			if (j <= i)
				ab[(size_t)j * ldab + i - j] += a->val[e];
		}
	}
	LAPACK_dpbtrf(&lo, &n, &kd, ab, &ldab, &info);
	if (info > 0) {
		free(ab);
		return info - 1;	/* not positive definite there */
	}
	for (int j = 0; j < n; j++)
		if (!(fabs(ab[(size_t)j * ldab]) > tol)) {
			free(ab);
			return j;
		}
	LAPACK_dpbtrs(&lo, &n, &kd, &one, ab, &ldab, x, &n, &info);
	free(ab);
	return -1;
}

/* QR in the band, rows of 2 kl + ku + 1 doubles (sp_band_qr.c); -2 when it does not fit */
static int band_qr(const struct csr *a, int kl, int ku, double *x, double tol)
{
	int n = a->n, w = 2 * kl + ku + 1, s;
	double *r, *v;

	if ((size_t)w * (size_t)n * sizeof(double) > BAND_MAX)
		return -2;
	r = calloc((size_t)w * (size_t)n, sizeof(double));
	v = malloc(((size_t)kl + 1) * sizeof(double));
	if (!r || !v) {
		free(r), free(v);
		return -2;
	}
	for (int i = 0; i < n; i++) {	/* A(i, j) at r[i * w + j - i + kl] */
		int row = ROW(a, i);

		for (int e = a->ptr[row] - a->base; e < a->ptr[row + 1] - a->base; e++) {
			int j = COL(a, a->ind[e] - a->base);

			r[(size_t)i * w + j - i + kl] += a->val[e];
		}
	}
	s = cusolver_band_qr_solve(n, kl, ku, r, x, tol, v);
	free(r), free(v);
	return s;
}

static int qr(const struct csr *a, double *x, double tol)
{
	int n = a->n, info = 0, one = 1, lwork = -1, kl, ku;
	double *d, *tau, q, *work;
	char side = 'L', tr = 'T', up = 'U', no = 'N';

	bands(a, &kl, &ku);
	if (2 * (size_t)kl + ku + 1 < (size_t)n)
		return band_qr(a, kl, ku, x, tol);
	if ((size_t)n * (size_t)n * sizeof(double) > DENSE_MAX)
		return -2;
	d = calloc((size_t)n * (size_t)n, sizeof(double));
	tau = malloc((size_t)n * sizeof(double));
	if (!d || !tau) {
		free(d), free(tau);
		return -2;
	}
	for (int i = 0; i < n; i++) {
		int r = ROW(a, i);

		for (int e = a->ptr[r] - a->base; e < a->ptr[r + 1] - a->base; e++)
			d[(size_t)COL(a, a->ind[e] - a->base) * n + i] += a->val[e];
	}
	LAPACK_dgeqrf(&n, &n, d, &n, tau, &q, &lwork, &info);
	lwork = (int)q > n ? (int)q : n;
	work = malloc((size_t)lwork * sizeof(double));
	if (!work) {
		free(d), free(tau);
		return -2;
	}
	LAPACK_dgeqrf(&n, &n, d, &n, tau, work, &lwork, &info);
	for (int j = 0; j < n; j++)
		if (!(fabs(d[(size_t)j * n + j]) > tol)) {
			free(d), free(tau), free(work);
			return j;
		}
	LAPACK_dormqr(&side, &tr, &n, &one, &n, d, &n, tau, x, &n, work, &lwork, &info);
	LAPACK_dtrtrs(&up, &no, &no, &n, &one, d, &n, x, &n, &info);
	free(d), free(tau), free(work);
	return -1;
}

/* Solve in double: b and x of n doubles; the status, *singularity (also for sp_lsv_complex.c). */
cusolverStatus_t cusolver_sp_lsv(cusolverSpHandle_t h, enum cusolver_sp_method m, int n, int nnz,
				 const cusparseMatDescr_t descr, const double *val, const int *ptr, const int *ind,
				 const double *b, double tol, int reorder, double *x, int *singularity)
{
	struct csr a = { n, 0, ptr, ind, val, NULL, NULL };
	int *perm = NULL, *inv = NULL, s;
	double *y;
	cusolverStatus_t st = cusolver_sp_check(h, n, nnz, descr, ptr, ind, &a.base);

	if (st)
		return st;
	if (!val || !b || !x || !singularity || reorder < 0 || reorder > 3)
		return CUSOLVER_STATUS_INVALID_VALUE;
	y = malloc((size_t)n * sizeof(double));
	if (!y)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	if (reorder) {	/* any ordering gives the same x: RCM narrows the band */
		perm = malloc((size_t)n * sizeof(int));
		inv = malloc((size_t)n * sizeof(int));
		if (!perm || !inv || cusolverSpXcsrsymrcmHost(h, n, nnz, descr, ptr, ind, perm)) {
			free(perm), free(inv), free(y);
			return CUSOLVER_STATUS_ALLOC_FAILED;
		}
		for (int i = 0; i < n; i++)
			inv[perm[i]] = i;
		a.perm = perm, a.inv = inv;
	}
	for (int i = 0; i < n; i++)
		y[i] = b[ROW(&a, i)];
	s = m == CUSOLVER_SP_LU ? lu(&a, y, tol) : m == CUSOLVER_SP_CHOL ? chol(&a, y, tol) : qr(&a, y, tol);
	if (s == -2) {
		st = CUSOLVER_STATUS_ALLOC_FAILED;
	} else {
		*singularity = s;
		if (s == -1)
			for (int i = 0; i < n; i++)
				x[ROW(&a, i)] = y[i];
	}
	free(perm), free(inv), free(y);
	return st;
}

static cusolverStatus_t solve_float(cusolverSpHandle_t h, enum cusolver_sp_method m, int n, int nnz,
				    const cusparseMatDescr_t descr, const float *val, const int *ptr, const int *ind,
				    const float *b, float tol, int reorder, float *x, int *singularity)
{
	double *dv, *db, *dx;
	int base;
	cusolverStatus_t st = cusolver_sp_check(h, n, nnz, descr, ptr, ind, &base);

	if (st)
		return st;
	if (!val || !b || !x || !singularity)
		return CUSOLVER_STATUS_INVALID_VALUE;
	dv = malloc((size_t)nnz * sizeof(double));
	db = malloc((size_t)n * sizeof(double));
	dx = malloc((size_t)n * sizeof(double));
	if (!dv || !db || !dx) {
		free(dv), free(db), free(dx);
		return CUSOLVER_STATUS_ALLOC_FAILED;
	}
	for (int k = 0; k < nnz; k++)
		dv[k] = val[ptr[0] - base + k];
	for (int i = 0; i < n; i++)
		db[i] = b[i], dx[i] = x[i];
	{
		/* the values re-based at the first row's entry: row pointers shifted alike */
		int *p = malloc(((size_t)n + 1) * sizeof(int));

		if (!p) {
			free(dv), free(db), free(dx);
			return CUSOLVER_STATUS_ALLOC_FAILED;
		}
		for (int i = 0; i <= n; i++)
			p[i] = ptr[i] - ptr[0] + base;
		st = cusolver_sp_lsv(h, m, n, nnz, descr, dv, p, ind + (ptr[0] - base), db, tol, reorder, dx, singularity);
		free(p);
	}
	if (!st && *singularity == -1)
		for (int i = 0; i < n; i++)
			x[i] = (float)dx[i];
	free(dv), free(db), free(dx);
	return st;
}

#define LSV(P, T, R, SOLVE)                                                                                     \
	cusolverStatus_t cusolverSp##P##csrlsvluHost(cusolverSpHandle_t h, int n, int nnz,                      \
						     const cusparseMatDescr_t descr, const T *val,              \
						     const int *ptr, const int *ind, const T *b, R tol,         \
						     int reorder, T *x, int *singularity)                       \
	{                                                                                                       \
		return SOLVE(h, CUSOLVER_SP_LU, n, nnz, descr, val, ptr, ind, b, tol, reorder, x, singularity); \
	}                                                                                                       \
	cusolverStatus_t cusolverSp##P##csrlsvcholHost(cusolverSpHandle_t h, int n, int nnz,                    \
						       const cusparseMatDescr_t descr, const T *val,            \
						       const int *ptr, const int *ind, const T *b, R tol,       \
						       int reorder, T *x, int *singularity)                     \
	{                                                                                                       \
		return SOLVE(h, CUSOLVER_SP_CHOL, n, nnz, descr, val, ptr, ind, b, tol, reorder, x, singularity);\
	}                                                                                                       \
	cusolverStatus_t cusolverSp##P##csrlsvqrHost(cusolverSpHandle_t h, int n, int nnz,                      \
						     const cusparseMatDescr_t descr, const T *val,              \
						     const int *ptr, const int *ind, const T *b, R tol,         \
						     int reorder, T *x, int *singularity)                       \
	{                                                                                                       \
		return SOLVE(h, CUSOLVER_SP_QR, n, nnz, descr, val, ptr, ind, b, tol, reorder, x, singularity); \
	}                                                                                                       \
	/* the device forms: device memory is host memory here */                                               \
	cusolverStatus_t cusolverSp##P##csrlsvchol(cusolverSpHandle_t h, int n, int nnz,                        \
						   const cusparseMatDescr_t descr, const T *val, const int *ptr,\
						   const int *ind, const T *b, R tol, int reorder, T *x,        \
						   int *singularity)                                            \
	{                                                                                                       \
		return SOLVE(h, CUSOLVER_SP_CHOL, n, nnz, descr, val, ptr, ind, b, tol, reorder, x, singularity);\
	}                                                                                                       \
	cusolverStatus_t cusolverSp##P##csrlsvqr(cusolverSpHandle_t h, int n, int nnz,                          \
						 const cusparseMatDescr_t descr, const T *val, const int *ptr,  \
						 const int *ind, const T *b, R tol, int reorder, T *x,          \
						 int *singularity)                                              \
	{                                                                                                       \
		return SOLVE(h, CUSOLVER_SP_QR, n, nnz, descr, val, ptr, ind, b, tol, reorder, x, singularity); \
	}

LSV(S, float, float, solve_float)
LSV(D, double, double, cusolver_sp_lsv)
