// SPDX-License-Identifier: MIT
/*
 * test_eigj.c - lib/cusolver's Jacobi eigen-solver API and batched
 * Cholesky against references made here: A = H diag(d) H with H a
 * Householder reflector the test builds, so the eigenvalues d are known
 * (real symmetric, single and double; Hermitian, double complex), A v =
 * w v and unit vectors checked, the residual cusolverDnXsyevjGetResidual
 * reports compared with the test's own |A V - V W|_F; a batch of three;
 * the parameters kept; potrfBatched's L L^T = A and potrsBatched's A x = b
 * on three SPD matrices; the Jacobi SVD (gesvdj, economy and full;
 * gesvdjBatched, complex) of A = H1 [diag(s); 0] H2 with known s: the
 * singular values, |A - U S V^H|_F the test measures and the one reported,
 * orthonormal U; the generalized problem (sygvd, sygvj) with known
 * eigenvalues and A v = w B v; selected eigenvalues (syevdx, heevdx) by
 * index, by value and all; statuses.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include "tap.h"

enum { N = 6 };

static cusolverDnHandle_t H;

/* A = H diag(d) H, H = I - 2 u u^H / |u|^2 (Hermitian when u is complex), column-major, double
 * complex */
static void build(double complex *a, const double *d, double phase)
{
	double complex u[N];
	double nn = 0;

	for (int i = 0; i < N; i++) {
		u[i] = (1.0 + i) * cexp(I * phase * i);
		nn += creal(u[i] * conj(u[i]));
	}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			double complex s = 0;

			for (int k = 0; k < N; k++) {
				double complex hik = (i == k) - 2 * u[i] * conj(u[k]) / nn;
				double complex hkj = (k == j) - 2 * u[k] * conj(u[j]) / nn;

				s += hik * d[k] * hkj;
			}
			a[(size_t)j * N + i] = s;
		}
}

/* |A V - V W|_F by the test, and the largest |v_j|^2 - 1 */
static double check(const double complex *a, const double complex *v, const double *w, double *unit)
{
	double s = 0;

	*unit = 0;
	for (int j = 0; j < N; j++) {
		double nrm = 0;

		for (int i = 0; i < N; i++) {
			double complex r = -w[j] * v[j * N + i];

			for (int k = 0; k < N; k++)
				r += a[k * N + i] * v[j * N + k];
			s += creal(r * conj(r));
			nrm += creal(v[j * N + i] * conj(v[j * N + i]));
		}
		*unit = fmax(*unit, fabs(nrm - 1));
	}
	return sqrt(s);
}

static const double D[N] = {-2.5, -1, 0.25, 1.5, 3, 7}; /* ascending */

TAP_TEST(setup)
{
	tap_ok(cusolverDnCreate(&H) == CUSOLVER_STATUS_SUCCESS, "handle");
}

TAP_TEST(double_and_single)
{
	double complex a[N * N], v[N * N];
	double A[N * N], W[N], *work, res = -1, own, unit, worst = 0;
	float Af[N * N], Wf[N];
	int lwork = 0, info = -7, sweeps = -1;
	syevjInfo_t p;
	cusolverStatus_t st;

	build(a, D, 0);
	for (int i = 0; i < N * N; i++)
		A[i] = creal(a[i]), Af[i] = (float)A[i];
	tap_ok(cusolverDnCreateSyevjInfo(&p) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverDnXsyevjSetTolerance(p, 1e-10) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverDnXsyevjSetMaxSweeps(p, 15) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverDnXsyevjSetSortEig(p, 0) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverDnXsyevjSetMaxSweeps(p, 0) == CUSOLVER_STATUS_INVALID_VALUE,
	       "syevjInfo: made, tolerance, sweeps, sorting set (0 sweeps: INVALID_VALUE)");
	st = cusolverDnDsyevj_bufferSize(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, N, A,
					 N, W, &lwork, p);
	work = malloc(sizeof(double) * (size_t)(lwork > 0 ? lwork : 1));
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverDnDsyevj(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, N, A, N,
				      W, work, lwork, &info, p);
	cusolverDnXsyevjGetResidual(H, p, &res);
	cusolverDnXsyevjGetSweeps(H, p, &sweeps);
	for (int i = 0; i < N * N; i++)
		v[i] = A[i];
	own = check(a, v, W, &unit);
	for (int i = 0; i < N; i++)
		worst = fmax(worst, fabs(W[i] - D[i]));
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && info == 0 && worst < 1e-12 && own < 1e-12 &&
		   unit < 1e-12,
	       "Dsyevj: the known eigenvalues (%.2g), A v = w v (%.2g), unit vectors", worst, own);
	tap_ok(fabs(res - own) <= 1e-13 && sweeps == 0,
	       "GetResidual %.3g: the residual the test measures (%.3g); GetSweeps %d (no Jacobi "
	       "sweep)",
	       res, own, sweeps);
	st = cusolverDnSsyevj(H, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_UPPER, N, Af, N, Wf,
			      NULL, 0, &info, p);
	worst = 0;
	for (int i = 0; i < N; i++)
		worst = fmax(worst, fabs(Wf[i] - D[i]));
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && info == 0 && worst < 1e-5,
	       "Ssyevj, eigenvalues only, upper triangle: within 1e-5 (%.2g)", worst);
	free(work);
	cusolverDnDestroySyevjInfo(p);
}

TAP_TEST(hermitian_and_batched)
{
	enum { B = 3 };
	double complex a[B][N * N], v[N * N];
	cuDoubleComplex Z[B * N * N];
	double W[B * N], d[B][N], own, unit;
	int info[B] = {-7, -7, -7}, lwork = 0, ok = 1;
	syevjInfo_t p;
	cusolverStatus_t st;

	cusolverDnCreateSyevjInfo(&p);
	for (int b = 0; b < B; b++) {
		for (int i = 0; i < N; i++)
			d[b][i] = D[i] * (1 + b);
		build(a[b], d[b], 0.3 + b);
		for (int i = 0; i < N * N; i++)
			Z[b * N * N + i].x = creal(a[b][i]), Z[b * N * N + i].y = cimag(a[b][i]);
	}
	st = cusolverDnZheevjBatched_bufferSize(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER,
						N, Z, N, W, &lwork, p, B);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverDnZheevjBatched(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, N,
					     Z, N, W, NULL, 0, info, p, B);
	for (int b = 0; b < B; b++) {
		for (int i = 0; i < N * N; i++)
			v[i] = Z[b * N * N + i].x + I * Z[b * N * N + i].y;
		own = check(a[b], v, W + b * N, &unit);
		for (int i = 0; i < N; i++)
			ok &= fabs(W[b * N + i] - d[b][i]) < 1e-12;
		ok &= info[b] == 0 && own < 1e-11 && unit < 1e-12;
	}
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && ok,
	       "ZheevjBatched of %d Hermitian matrices: each one's known eigenvalues, A v = w v, "
	       "info 0",
	       B);
	tap_ok(cusolverDnZheevjBatched(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, N, Z, N,
				       W, NULL, 0, info, p, 0) == CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverDnXsyevjGetResidual(NULL, p, &own) == CUSOLVER_STATUS_NOT_INITIALIZED,
	       "batch 0: INVALID_VALUE; GetResidual without a handle: NOT_INITIALIZED");
	cusolverDnDestroySyevjInfo(p);
}

/* an m x m Householder reflector I - 2 u u^H / |u|^2, u_i = (1 + i) e^{i phase i} */
static void reflector(int m, double phase, double complex *h)
{
	double complex u[8];
	double nn = 0;

	for (int i = 0; i < m; i++) {
		u[i] = (1.0 + i + phase) * cexp(I * phase * i);
		nn += creal(u[i] * conj(u[i]));
	}
	for (int i = 0; i < m; i++)
		for (int j = 0; j < m; j++)
			h[(size_t)j * m + i] = (i == j) - 2 * u[i] * conj(u[j]) / nn;
}

/* A (m x n) = H1[:, 0..n) diag(s) H2, singular values s */
static void svd_matrix(int m, int n, const double *sv, double phase, double complex *a)
{
	double complex h1[64], h2[64];

	reflector(m, phase, h1);
	reflector(n, phase ? phase + 0.7 : 0, h2); /* phase 0: both real */
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double complex s = 0;

			for (int l = 0; l < n; l++)
				s += h1[(size_t)l * m + i] * sv[l] * h2[(size_t)j * n + l];
			a[(size_t)j * m + i] = s;
		}
}

TAP_TEST(jacobi_svd)
{
	enum { M = 5, Q = 3 };
	static const double sv[Q] = {4, 2.5, 0.5}; /* descending */
	double complex a[M * Q];
	double A[M * Q], S[Q], U[M * M], V[Q * Q], res = -1, own = 0, worst = 0, orth = 0;
	int info = -7, lwork = 0, sweeps = -1;
	gesvdjInfo_t p;
	cusolverStatus_t st;

	svd_matrix(M, Q, sv, 0, a);
	for (int i = 0; i < M * Q; i++)
		A[i] = creal(a[i]);
	cusolverDnCreateGesvdjInfo(&p);
	cusolverDnXgesvdjSetTolerance(p, 1e-12);
	st = cusolverDnDgesvdj_bufferSize(H, CUSOLVER_EIG_MODE_VECTOR, 1, M, Q, A, M, S, U, M, V, Q,
					  &lwork, p);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverDnDgesvdj(H, CUSOLVER_EIG_MODE_VECTOR, 1, M, Q, A, M, S, U, M, V, Q,
				       NULL, 0, &info, p);
	cusolverDnXgesvdjGetResidual(H, p, &res);
	cusolverDnXgesvdjGetSweeps(H, p, &sweeps);
	for (int j = 0; j < Q; j++) {
		worst = fmax(worst, fabs(S[j] - sv[j]));
		for (int i = 0; i < M; i++) {
			double r = creal(a[j * M + i]);

			for (int l = 0; l < Q; l++)
				r -= U[l * M + i] * S[l] * V[l * Q + j];
			own += r * r;
		}
		for (int k = 0; k < Q; k++) {
			double d = 0;

			for (int i = 0; i < M; i++)
				d += U[j * M + i] * U[k * M + i];
			orth = fmax(orth, fabs(d - (j == k)));
		}
	}
	own = sqrt(own);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && info == 0 && worst < 1e-12 && own < 1e-12 &&
		   orth < 1e-12,
	       "Dgesvdj economy %dx%d: the known singular values (%.2g), A = U S V^T (%.2g), U "
	       "orthonormal",
	       M, Q, worst, own);
	tap_ok(fabs(res - own) < 1e-13 && sweeps == 0,
	       "GetResidual %.3g (the test's %.3g), GetSweeps %d", res, own, sweeps);
	/* a batch of two complex matrices, full U and V */
	cuDoubleComplex Z[2 * M * Q], ZU[2 * M * M], ZV[2 * Q * Q];
	double ZS[2 * Q];
	int infos[2] = {-7, -7}, ok = 1;

	for (int b = 0; b < 2; b++) {
		svd_matrix(M, Q, sv, 0.4 + b, a);
		for (int i = 0; i < M * Q; i++)
			Z[b * M * Q + i].x = creal(a[i]), Z[b * M * Q + i].y = cimag(a[i]);
	}
	st = cusolverDnZgesvdjBatched(H, CUSOLVER_EIG_MODE_VECTOR, M, Q, Z, M, ZS, ZU, M, ZV, Q,
				      NULL, 0, infos, p, 2);
	for (int b = 0; b < 2; b++)
		for (int j = 0; j < Q; j++)
			ok &= fabs(ZS[b * Q + j] - sv[j]) < 1e-12 && infos[b] == 0;
	cusolverDnXgesvdjGetResidual(H, p, &res);
	tap_ok(
	    st == CUSOLVER_STATUS_SUCCESS && ok && res < 1e-12,
	    "ZgesvdjBatched of 2 complex %dx%d: the known singular values, largest residual %.2g",
	    M, Q, res);
	tap_ok(cusolverDnXgesvdjSetMaxSweeps(p, 0) == CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverDnZgesvdjBatched(H, CUSOLVER_EIG_MODE_VECTOR, M, Q, Z, M, ZS, ZU, M, ZV,
					    Q, NULL, 0, infos, p,
					    0) == CUSOLVER_STATUS_INVALID_VALUE,
	       "0 sweeps, batch 0: INVALID_VALUE");
	cusolverDnDestroyGesvdjInfo(p);
}

/* A x = lambda B x with B = diag(b) and A = B^1/2 (H diag(d) H) B^1/2: the generalized eigenvalues
 * are d */
TAP_TEST(generalized)
{
	double complex h[N * N];
	double A[N * N], B[N * N], W[N], b[N], A0[N * N], worst = 0, res = 0;
	int info = -7, lwork = -1;
	cusolverStatus_t st;

	build(h, D, 0);
	memset(B, 0, sizeof(B));
	for (int i = 0; i < N; i++)
		b[i] = 1.0 + 0.5 * i, B[i * N + i] = b[i];
	for (int j = 0; j < N; j++)
		for (int i = 0; i < N; i++)
			A[j * N + i] = A0[j * N + i] =
			    sqrt(b[i]) * creal(h[j * N + i]) * sqrt(b[j]);
	st = cusolverDnDsygvd_bufferSize(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR,
					 CUBLAS_FILL_MODE_UPPER, N, A, N, B, N, W, &lwork);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverDnDsygvd(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR,
				      CUBLAS_FILL_MODE_UPPER, N, A, N, B, N, W, NULL, 0, &info);
	for (int j = 0; j < N; j++) {
		worst = fmax(worst, fabs(W[j] - D[j]));
		for (int i = 0; i < N; i++) { /* A0 v - w B v, B diagonal */
			double r = -W[j] * b[i] * A[j * N + i];

			for (int k = 0; k < N; k++)
				r += A0[k * N + i] * A[j * N + k];
			res = fmax(res, fabs(r));
		}
	}
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && info == 0 && lwork > 0 && worst < 1e-12 &&
		   res < 1e-12,
	       "Dsygvd: the generalized eigenvalues d (%.2g), A v = w B v (%.2g)", worst, res);
	syevjInfo_t p;
	double Bn[N * N] = {0};

	cusolverDnCreateSyevjInfo(&p);
	for (int i = 0; i < N * N; i++)
		A[i] = A0[i];
	for (int i = 0; i < N; i++)
		Bn[i * N + i] = i == 2 ? -1 : 1; /* leading minor 3 not positive definite */
	st = cusolverDnDsygvj(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR,
			      CUBLAS_FILL_MODE_LOWER, N, A, N, Bn, N, W, NULL, 0, &info, p);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && info == N + 3,
	       "Dsygvj with B not positive definite: info n + 3 (%d)", info);
	tap_ok(cusolverDnDsygvd(H, (cusolverEigType_t)4, CUSOLVER_EIG_MODE_VECTOR,
				CUBLAS_FILL_MODE_LOWER, N, A, N, B, N, W, NULL, 0,
				&info) == CUSOLVER_STATUS_INVALID_VALUE &&
		   info == -1,
	       "itype 4: INVALID_VALUE, info -1");
	cusolverDnDestroySyevjInfo(p);
}

/* syevdx: the il-th to iu-th eigenvalues, those in (vl, vu]; heevdx: all */
TAP_TEST(selected)
{
	double complex a[N * N], v[N * N];
	double A[N * N], W[N], res = 0, worst = 0;
	int meig = -1, info = -7, lwork = 0;
	cusolverStatus_t st;

	build(a, D, 0);
	for (int i = 0; i < N * N; i++)
		A[i] = creal(a[i]);
	st = cusolverDnDsyevdx_bufferSize(H, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_I,
					  CUBLAS_FILL_MODE_LOWER, N, A, N, 0, 0, 2, 4, &meig, W,
					  &lwork);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverDnDsyevdx(H, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_I,
				       CUBLAS_FILL_MODE_LOWER, N, A, N, 0, 0, 2, 4, &meig, W, NULL,
				       0, &info);
	for (int j = 0; j < meig && j < 3; j++) {
		worst = fmax(worst, fabs(W[j] - D[j + 1]));
		for (int i = 0; i < N; i++) {
			double complex r = -W[j] * A[j * N + i];

			for (int k = 0; k < N; k++)
				r += a[k * N + i] * A[j * N + k];
			res = fmax(res, cabs(r));
		}
	}
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && info == 0 && meig == 3 && worst < 1e-12 &&
		   res < 1e-12,
	       "Dsyevdx, range I 2..4: %d eigenvalues, the 2nd to 4th (%.2g), their vectors in A "
	       "(%.2g)",
	       meig, worst, res);
	for (int i = 0; i < N * N; i++)
		A[i] = creal(a[i]);
	/*
	 * No eigenvalue on a bound: LAPACK's (vl, vu] test sees the computed
	 * value, and 3 computed as 3 + 1 ulp left (0, 3] with 2 of 3 on one
	 * machine's OpenBLAS kernels (AVX-512) and not on another's.
	 */
	st = cusolverDnDsyevdx(H, CUSOLVER_EIG_MODE_NOVECTOR, CUSOLVER_EIG_RANGE_V,
			       CUBLAS_FILL_MODE_UPPER, N, A, N, 0, 5, 0, 0, &meig, W, NULL, 0,
			       &info);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && info == 0 && meig == 3 &&
		   fabs(W[0] - 0.25) < 1e-12 && fabs(W[2] - 3) < 1e-12,
	       "range V (0, 5]: the %d eigenvalues 0.25, 1.5, 3", meig);
	cuDoubleComplex Z[N * N];

	build(a, D, 0.4);
	for (int i = 0; i < N * N; i++)
		Z[i].x = creal(a[i]), Z[i].y = cimag(a[i]);
	st = cusolverDnZheevdx(H, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_ALL,
			       CUBLAS_FILL_MODE_LOWER, N, Z, N, 0, 0, 0, 0, &meig, W, NULL, 0,
			       &info);
	for (int i = 0; i < N * N; i++)
		v[i] = Z[i].x + I * Z[i].y;
	double unit;

	res = check(a, v, W, &unit);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && info == 0 && meig == N && res < 1e-11 &&
		   fabs(W[5] - 7) < 1e-12,
	       "Zheevdx, range ALL: all %d, A v = w v (%.2g)", meig, res);
	tap_ok(cusolverDnDsyevdx(H, CUSOLVER_EIG_MODE_NOVECTOR, CUSOLVER_EIG_RANGE_I,
				 CUBLAS_FILL_MODE_LOWER, N, A, N, 0, 0, 4, 2, &meig, W, NULL, 0,
				 &info) == CUSOLVER_STATUS_INVALID_VALUE &&
		   info == -10,
	       "iu below il: INVALID_VALUE, info -10");
}

TAP_TEST(cholesky_batched)
{
	enum { B = 3 };
	double A[B][N * N], L[B][N * N], x[N], b[B][N], *Ap[B], *bp[B];
	int info[B] = {-7, -7, -7}, one_info = -7, ok = 1;
	cusolverStatus_t st;

	for (int k = 0; k < B; k++) {
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++)
				A[k][j * N + i] = (i == j) * (4.0 + k) + (abs(i - j) == 1) * -1.0;
		memcpy(L[k], A[k], sizeof(L[k]));
		Ap[k] = L[k], bp[k] = b[k];
		for (int i = 0; i < N; i++) {
			x[i] = i - 2.0;
			b[k][i] = 0;
		}
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++)
				b[k][i] += A[k][j * N + i] * x[j];
	}
	st = cusolverDnDpotrfBatched(H, CUBLAS_FILL_MODE_LOWER, N, Ap, N, info, B);
	for (int k = 0; k < B; k++)
		for (int i = 0; i < N; i++)
			for (int j = 0; j <= i; j++) {
				double s = 0;

				for (int l = 0; l <= j; l++)
					s += L[k][l * N + i] * L[k][l * N + j];
				ok &= fabs(s - A[k][j * N + i]) < 1e-12;
			}
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && ok && !info[0] && !info[1] && !info[2],
	       "DpotrfBatched of %d SPD matrices: L L^T = A each, info 0", B);
	st = cusolverDnDpotrsBatched(H, CUBLAS_FILL_MODE_LOWER, N, 1, Ap, N, bp, N, &one_info, B);
	for (int k = 0; k < B; k++)
		for (int i = 0; i < N; i++)
			ok &= fabs(b[k][i] - x[i]) < 1e-12;
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && ok && one_info == 0,
	       "DpotrsBatched: each system's x");
	tap_ok(cusolverDnDpotrsBatched(H, CUBLAS_FILL_MODE_LOWER, N, 2, Ap, N, bp, N, &one_info,
				       B) == CUSOLVER_STATUS_INVALID_VALUE &&
		   one_info == -3,
	       "two right-hand sides: INVALID_VALUE, info -3 (cuSOLVER's limit)");
	cusolverDnDestroy(H);
}

/* a host function queued on the handle's stream: the batch's pointer array appears */
struct ptr_fill {
	double **dst, **src;
	int n;
};

static void CUDART_CB fill_pointers(void *arg)
{
	struct ptr_fill *f = arg;

	memcpy(f->dst, f->src, sizeof(*f->dst) * (size_t)f->n);
}

/*
 * NVIDIA's potrfBatched example copies the pointer array to the device with
 * cudaMemcpyAsync on the handle's stream and calls potrfBatched at once: the
 * batched calls read the array only after the stream's earlier work (before:
 * read at the call, a NULL matrix, INVALID_VALUE).
 */
TAP_TEST(cholesky_batched_stream_order)
{
	enum { B = 2 };
	double A[B][N * N], *Ap[B], **dAp = NULL;
	int info[B] = {-7, -7}, ok = 1;
	struct ptr_fill fill = {NULL, Ap, B};
	cudaStream_t s;
	cusolverStatus_t st;

	cusolverDnCreate(&H);
	cudaStreamCreate(&s);
	cusolverDnSetStream(H, s);
	cudaMalloc((void **)&dAp, sizeof(*dAp) * B);
	memset(dAp, 0, sizeof(*dAp) * B);
	for (int k = 0; k < B; k++) {
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++)
				A[k][j * N + i] = (i == j) * (3.0 + k) + (abs(i - j) == 1) * -1.0;
		Ap[k] = A[k];
	}
	fill.dst = dAp;
	cudaLaunchHostFunc(s, fill_pointers, &fill);
	st = cusolverDnDpotrfBatched(H, CUBLAS_FILL_MODE_LOWER, N, dAp, N, info, B);
	cudaStreamSynchronize(s);
	for (int k = 0; k < B; k++) /* L(0,0) = sqrt(A(0,0)) */
		ok &= fabs(A[k][0] - sqrt(3.0 + k)) < 1e-12;
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && ok && !info[0] && !info[1],
	       "DpotrfBatched on a stream reads the pointer array after the stream's work (st %d)",
	       (int)st);
	cusolverDnDestroy(H);
	cudaStreamDestroy(s);
	cudaFree(dAp);
}

/* a host function queued on the handle's stream: the matrix appears */
struct mat_fill {
	double *dst;
	const double *src;
	int n;
};

static void CUDART_CB fill_matrix(void *arg)
{
	struct mat_fill *f = arg;

	memcpy(f->dst, f->src, sizeof(double) * (size_t)f->n);
}

/*
 * NVIDIA's syevj and gesvdj examples copy A with cudaMemcpyAsync on the
 * handle's stream and call at once: the residual GetResidual reports is
 * of that A (before: of the unfilled buffer, |0 - V W V^T| = |W|, 5.39 for
 * the example's eigenvalues 2, 3, 4).
 */
TAP_TEST(jacobi_stream_order)
{
	enum { n = 3 };
	const double A0[n * n] = {3.5, 0.5, 0, 0.5, 3.5, 0, 0, 0, 2};
	double *A = NULL, *W = NULL, *U = NULL, *V = NULL, *work = NULL, res = -1, res2 = -1;
	int *info = NULL, lwork = 0, lwork2 = 0;
	struct mat_fill fill = {NULL, A0, n * n};
	syevjInfo_t p;
	gesvdjInfo_t q;
	cudaStream_t s;
	cusolverStatus_t st, st2;

	cusolverDnCreate(&H);
	cudaStreamCreate(&s);
	cusolverDnSetStream(H, s);
	cusolverDnCreateSyevjInfo(&p);
	cusolverDnCreateGesvdjInfo(&q);
	cudaMalloc((void **)&A, sizeof(A0));
	cudaMalloc((void **)&W, sizeof(double) * n);
	cudaMalloc((void **)&U, sizeof(A0));
	cudaMalloc((void **)&V, sizeof(A0));
	cudaMalloc((void **)&info, sizeof(int));
	memset(A, 0, sizeof(A0));
	cusolverDnDsyevj_bufferSize(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, A, n, W,
				    &lwork, p);
	cusolverDnDgesvdj_bufferSize(H, CUSOLVER_EIG_MODE_VECTOR, 0, n, n, A, n, W, U, n, V, n,
				     &lwork2, q);
	cudaMalloc((void **)&work, sizeof(double) * (size_t)(lwork > lwork2 ? lwork : lwork2));
	fill.dst = A;
	cudaLaunchHostFunc(s, fill_matrix, &fill);
	st = cusolverDnDsyevj(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, A, n, W, work,
			      lwork, info, p);
	cudaStreamSynchronize(s);
	cusolverDnXsyevjGetResidual(H, p, &res);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && !*info && fabs(W[0] - 2) < 1e-12 &&
		       fabs(W[2] - 4) < 1e-12 && res >= 0 && res < 1e-12,
	       "Dsyevj on a stream: the residual of the A the stream wrote (%.2g)", res);
	cudaLaunchHostFunc(s, fill_matrix, &fill);
	st2 = cusolverDnDgesvdj(H, CUSOLVER_EIG_MODE_VECTOR, 0, n, n, A, n, W, U, n, V, n, work,
				lwork2, info, q);
	cudaStreamSynchronize(s);
	cusolverDnXgesvdjGetResidual(H, q, &res2);
	tap_ok(st2 == CUSOLVER_STATUS_SUCCESS && !*info && fabs(W[0] - 4) < 1e-12 && res2 >= 0 &&
		       res2 < 1e-12,
	       "Dgesvdj on a stream: the residual of the A the stream wrote (%.2g)", res2);
	cusolverDnDestroySyevjInfo(p);
	cusolverDnDestroyGesvdjInfo(q);
	cusolverDnDestroy(H);
	cudaStreamDestroy(s);
	cudaFree(A), cudaFree(W), cudaFree(U), cudaFree(V), cudaFree(work), cudaFree(info);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
