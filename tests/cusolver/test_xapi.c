// SPDX-License-Identifier: MIT
/*
 * test_xapi.c - lib/cusolver's 64-bit generic API (cusolverDnX*) against
 * references computed here by naive loops, not through LAPACK or the
 * library: the residual of the LU and Cholesky solves, A = P L U rebuilt
 * from the factors and the int64_t pivots, A^H A = R^H R for QR, A = U S V^H
 * rebuilt from the SVD, A V = V diag(w) with ascending w for the
 * eigen-solver; each in S, D, C, Z (cudaDataType tags), with the workspace
 * the queries ask for (bytes) and with none.  Then the statuses: no handle,
 * type tags that do not go together, a 16-bit type, sizes above INT_MAX,
 * a bad leading dimension with devInfo naming the X call's argument, bad
 * pivots, the params object.  Tolerances as test_cusolver.c's.
 */
#include <complex.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include "blas_rand.h"
#include "tap.h"

static const double tols[] = { 2e-4, 1e-10, 2e-4, 1e-10 };
static const cudaDataType tags[] = { CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F };
static const cudaDataType real_tags[] = { CUDA_R_32F, CUDA_R_64F, CUDA_R_32F, CUDA_R_64F };
static cusolverDnHandle_t H;
static cusolverDnParams_t P;

static double getr(enum prec p, const void *b, long i)
{
	return p == PS || p == PC ? ((const float *)b)[i] : ((const double *)b)[i];
}

static int close_to(enum prec p, dc got, dc ref, double scale)
{
	return cabs(got - ref) <= tols[p] * (scale + cabs(ref));
}

/* ---- LU ---- */

TAP_TEST(xgetrf_xgetrs)
{
	const int n = 9, lda = 11, nrhs = 2, ldb = 10;

	for (int p = PS; p <= PZ; p++)
		for (int ws = 0; ws <= 1; ws++) {
			void *A0 = rand_mat(p, n, n, lda, 0), *A = copy_mat(p, A0, (size_t)lda * n);
			void *B0 = rand_mat(p, n, nrhs, ldb, 0), *B = copy_mat(p, B0, (size_t)ldb * nrhs), *buf = NULL;
			int64_t ipiv[9];
			size_t dev = 0, host = 99;
			int info = -99, info2 = -99, bad = 0;

			cusolverStatus_t st = cusolverDnXgetrf_bufferSize(H, P, n, n, tags[p], A, lda, tags[p], &dev, &host);
			if (ws)
				cudaMalloc(&buf, dev ? dev : 1);
			st = st ? st : cusolverDnXgetrf(H, P, n, n, tags[p], A, lda, ipiv, tags[p], buf, ws ? dev : 0, NULL,
						       0, &info);
			st = st ? st : cusolverDnXgetrs(H, P, CUBLAS_OP_N, n, nrhs, tags[p], A, lda, ipiv, tags[p], B, ldb,
						       &info2);
			/* A X = B by naive loops */
			for (int j = 0; j < nrhs; j++)
				for (int i = 0; i < n; i++) {
					dc s = 0;
					for (int k = 0; k < n; k++)
						s += get(p, A0, i + (long)k * lda) * get(p, B, k + (long)j * ldb);
					bad += !close_to(p, s, get(p, B0, i + (long)j * ldb), 10);
				}
			/* P L U = A: rows of L U swapped back by the int64_t pivots, last first */
			dc LU[9][9];
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++) {
					dc s = 0;
					for (int k = 0; k <= (i < j ? i : j); k++)
						s += (k == i ? 1 : get(p, A, i + (long)k * lda)) * get(p, A, k + (long)j * lda);
					LU[i][j] = s;
				}
			for (int i = n - 1; i >= 0; i--)
				for (int j = 0; j < n && ipiv[i] >= 1 && ipiv[i] <= n; j++) {
					dc t = LU[i][j];
					LU[i][j] = LU[ipiv[i] - 1][j], LU[ipiv[i] - 1][j] = t;
				}
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++)
					bad += !close_to(p, LU[i][j], get(p, A0, i + (long)j * lda), 10);
			tap_ok(!st && info == 0 && info2 == 0 && host == 0 && bad == 0,
			       "Xgetrf + Xgetrs %c (%s workspace, %zu bytes asked): P L U = A, A X = B (%d wrong)",
			       "SDCZ"[p], ws ? "the asked" : "no", dev, bad);
			free(A0), free(A), free(B0), free(B), cudaFree(buf);
		}
}

TAP_TEST(xgetrf_no_pivoting)
{
	const int n = 7;
	double A[49], A0[49];
	int info = -99;

	for (int i = 0; i < 49; i++)
		A[i] = A0[i] = urand() + (i % 8 == 0 ? 8 : 0);
	cusolverStatus_t st = cusolverDnXgetrf(H, P, n, n, CUDA_R_64F, A, n, NULL, CUDA_R_64F, NULL, 0, NULL, 0, &info);
	int bad = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			double s = 0;
			for (int k = 0; k <= (i < j ? i : j); k++)
				s += (k == i ? 1 : A[i + k * n]) * A[k + j * n];
			bad += fabs(s - A0[i + j * n]) > 1e-12 * (1 + fabs(A0[i + j * n]));
		}
	tap_ok(!st && info == 0 && bad == 0, "Xgetrf with ipiv NULL factors without pivoting: L U = A (%d wrong)", bad);
}

/* ---- Cholesky ---- */

TAP_TEST(xpotrf_xpotrs)
{
	const int n = 8, lda = 9, nrhs = 3, ldb = 8;

	for (int p = PS; p <= PZ; p++)
		for (int up = 0; up <= 1; up++) {
			/* A = M M^H + n I: Hermitian positive definite */
			void *M = rand_mat(p, n, n, n, 0), *A0 = calloc((size_t)lda * n, esz[p]);
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++) {
					dc s = i == j ? n : 0;
					for (int k = 0; k < n; k++)
						s += get(p, M, i + (long)k * n) * conj(get(p, M, j + (long)k * n));
					put(p, A0, i + (long)j * lda, i == j ? creal(s) : s);
				}
			void *A = copy_mat(p, A0, (size_t)lda * n), *B0 = rand_mat(p, n, nrhs, ldb, 0);
			void *B = copy_mat(p, B0, (size_t)ldb * nrhs), *buf;
			cublasFillMode_t u = up ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
			size_t dev = 0, host = 99;
			int info = -99, info2 = -99, bad = 0;

			cusolverStatus_t st = cusolverDnXpotrf_bufferSize(H, P, u, n, tags[p], A, lda, tags[p], &dev, &host);
			cudaMalloc(&buf, dev ? dev : 1);
			st = st ? st : cusolverDnXpotrf(H, P, u, n, tags[p], A, lda, tags[p], buf, dev, NULL, 0, &info);
			st = st ? st : cusolverDnXpotrs(H, P, u, n, nrhs, tags[p], A, lda, tags[p], B, ldb, &info2);
			for (int j = 0; j < nrhs; j++)
				for (int i = 0; i < n; i++) {
					dc s = 0;
					for (int k = 0; k < n; k++)
						s += get(p, A0, i + (long)k * lda) * get(p, B, k + (long)j * ldb);
					bad += !close_to(p, s, get(p, B0, i + (long)j * ldb), 10);
				}
			tap_ok(!st && info == 0 && info2 == 0 && host == 0 && bad == 0,
			       "Xpotrf + Xpotrs %c %s: A X = B (%d wrong)", "SDCZ"[p], up ? "upper" : "lower", bad);
			free(M), free(A0), free(A), free(B0), free(B), cudaFree(buf);
		}
}

/* ---- QR ---- */

TAP_TEST(xgeqrf)
{
	const int m = 9, n = 6, lda = 10;

	for (int p = PS; p <= PZ; p++) {
		void *A0 = rand_mat(p, m, n, lda, 2), *A = copy_mat(p, A0, (size_t)lda * n), *tau = malloc(esz[p] * n);
		size_t dev = 0, host = 99;
		int info = -99, bad = 0;

		cusolverStatus_t st = cusolverDnXgeqrf_bufferSize(H, P, m, n, tags[p], A, lda, tags[p], tau, tags[p], &dev,
								  &host);
		/* no workspace: the library uses one of its own */
		st = st ? st : cusolverDnXgeqrf(H, P, m, n, tags[p], A, lda, tags[p], tau, tags[p], NULL, 0, NULL, 0,
					       &info);
		/* A^H A = R^H R, R the upper triangle of the result */
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				dc s = 0, r = 0;
				for (int k = 0; k < m; k++)
					s += conj(get(p, A0, k + (long)i * lda)) * get(p, A0, k + (long)j * lda);
				for (int k = 0; k <= (i < j ? i : j); k++)
					r += conj(get(p, A, k + (long)i * lda)) * get(p, A, k + (long)j * lda);
				bad += !close_to(p, r, s, 30);
			}
		tap_ok(!st && info == 0 && dev > 0 && bad == 0, "Xgeqrf %c, 9 x 6: A^H A = R^H R (%d wrong)", "SDCZ"[p],
		       bad);
		free(A0), free(A), free(tau);
	}
}

/* ---- SVD ---- */

TAP_TEST(xgesvd)
{
	const int m = 8, n = 5, lda = 9, ldu = 8, ldvt = 6;

	for (int p = PS; p <= PZ; p++) {
		void *A0 = rand_mat(p, m, n, lda, 0), *A = copy_mat(p, A0, (size_t)lda * n), *S = malloc(8 * n);
		void *U = calloc((size_t)ldu * m, esz[p]), *VT = calloc((size_t)ldvt * n, esz[p]), *buf;
		size_t dev = 0, host = 99;
		int info = -99, bad = 0, order = 1;

		cusolverStatus_t st = cusolverDnXgesvd_bufferSize(H, P, 'A', 'A', m, n, tags[p], A, lda, real_tags[p], S,
								  tags[p], U, ldu, tags[p], VT, ldvt, tags[p], &dev, &host);
		cudaMalloc(&buf, dev ? dev : 1);
		st = st ? st : cusolverDnXgesvd(H, P, 'A', 'A', m, n, tags[p], A, lda, real_tags[p], S, tags[p], U, ldu,
					       tags[p], VT, ldvt, tags[p], buf, dev, NULL, 0, &info);
		for (int i = 0; i < m; i++)
			for (int j = 0; j < n; j++) {
				dc s = 0;
				for (int k = 0; k < n; k++)
					s += get(p, U, i + (long)k * ldu) * getr(p, S, k) * get(p, VT, k + (long)j * ldvt);
				bad += !close_to(p, s, get(p, A0, i + (long)j * lda), 10);
			}
		for (int k = 1; k < n; k++)
			order &= getr(p, S, k) <= getr(p, S, k - 1) && getr(p, S, k) >= 0;
		tap_ok(!st && info == 0 && order && bad == 0,
		       "Xgesvd %c 'A' 'A', 8 x 5: U S V^H = A (%d wrong), S descending", "SDCZ"[p], bad);
		free(A0), free(A), free(S), free(U), free(VT), cudaFree(buf);
	}
}

/* ---- eigenvalues ---- */

TAP_TEST(xsyevd)
{
	const int n = 7, lda = 8;

	for (int p = PS; p <= PZ; p++)
		for (int up = 0; up <= 1; up++) {
			void *A0 = calloc((size_t)lda * n, esz[p]), *W = malloc(8 * n);
			for (int j = 0; j < n; j++)
				for (int i = 0; i <= j; i++) {
					dc v = i == j ? urand() : rnd(p);
					put(p, A0, i + (long)j * lda, v);
					put(p, A0, j + (long)i * lda, conj(v));
				}
			void *A = copy_mat(p, A0, (size_t)lda * n);
			cublasFillMode_t u = up ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
			size_t dev = 0, host = 99;
			int info = -99, bad = 0, order = 1;

			cusolverStatus_t st = cusolverDnXsyevd_bufferSize(H, P, CUSOLVER_EIG_MODE_VECTOR, u, n, tags[p], A, lda,
									  real_tags[p], W, tags[p], &dev, &host);
			void *buf = up ? NULL : malloc(dev ? dev : 1);	/* upper: none given */
			st = st ? st : cusolverDnXsyevd(H, P, CUSOLVER_EIG_MODE_VECTOR, u, n, tags[p], A, lda, real_tags[p], W,
						       tags[p], buf, up ? 0 : dev, NULL, 0, &info);
			/* A0 V = V diag(w), V in A's columns */
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++) {
					dc s = 0;
					for (int k = 0; k < n; k++)
						s += get(p, A0, i + (long)k * lda) * get(p, A, k + (long)j * lda);
					bad += !close_to(p, s, get(p, A, i + (long)j * lda) * getr(p, W, j), 10);
				}
			for (int k = 1; k < n; k++)
				order &= getr(p, W, k) >= getr(p, W, k - 1);
			tap_ok(!st && info == 0 && order && bad == 0,
			       "Xsyevd %c %s, vectors: A V = V diag(w) (%d wrong), w ascending", "SDCZ"[p],
			       up ? "upper" : "lower", bad);
			free(A0), free(A), free(W), free(buf);
		}
}

/* ---- statuses ---- */

TAP_TEST(x_statuses)
{
	double A[16] = { 4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4 }, keep[16], B[4] = { 1, 1, 1, 1 };
	int64_t ipiv[4];
	size_t dev = 0, host = 0;
	int info = -99;

	memcpy(keep, A, sizeof(A));
	tap_ok(cusolverDnXgetrf(NULL, P, 4, 4, CUDA_R_64F, A, 4, ipiv, CUDA_R_64F, NULL, 0, NULL, 0, &info) ==
			       CUSOLVER_STATUS_NOT_INITIALIZED &&
		       cusolverDnXpotrf_bufferSize(NULL, P, CUBLAS_FILL_MODE_LOWER, 4, CUDA_R_64F, A, 4, CUDA_R_64F, &dev,
						   &host) == CUSOLVER_STATUS_NOT_INITIALIZED,
	       "no handle: NOT_INITIALIZED");
	tap_ok(cusolverDnXgetrf(H, P, 4, 4, CUDA_R_64F, A, 4, ipiv, CUDA_R_32F, NULL, 0, NULL, 0, &info) ==
			       CUSOLVER_STATUS_NOT_SUPPORTED &&
		       cusolverDnXgetrs(H, P, CUBLAS_OP_N, 4, 1, CUDA_R_64F, A, 4, ipiv, CUDA_C_64F, B, 4, &info) ==
			       CUSOLVER_STATUS_NOT_SUPPORTED &&
		       cusolverDnXpotrf(H, P, CUBLAS_FILL_MODE_LOWER, 4, CUDA_R_16F, A, 4, CUDA_R_16F, NULL, 0, NULL, 0,
					&info) == CUSOLVER_STATUS_NOT_SUPPORTED &&
		       cusolverDnXsyevd_bufferSize(H, P, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, 4, CUDA_C_64F, A,
						   4, CUDA_C_64F, B, CUDA_C_64F, &dev, &host) ==
			       CUSOLVER_STATUS_NOT_SUPPORTED &&
		       !memcmp(A, keep, sizeof(A)),
	       "type tags that differ, a 16-bit type, complex eigenvalues: NOT_SUPPORTED, A unchanged");
	tap_ok(cusolverDnXgetrf(H, P, (int64_t)INT_MAX + 1, 4, CUDA_R_64F, A, (int64_t)INT_MAX + 1, ipiv, CUDA_R_64F,
				NULL, 0, NULL, 0, &info) == CUSOLVER_STATUS_NOT_SUPPORTED &&
		       cusolverDnXpotrf_bufferSize(H, P, CUBLAS_FILL_MODE_LOWER, 4, CUDA_R_64F, A, (int64_t)1 << 40,
						   CUDA_R_64F, &dev, &host) == CUSOLVER_STATUS_NOT_SUPPORTED,
	       "sizes above INT_MAX: NOT_SUPPORTED (LAPACK's integers are 32-bit)");
	info = 0;
	cusolverStatus_t st = cusolverDnXgetrf(H, P, 4, 4, CUDA_R_64F, A, 3, ipiv, CUDA_R_64F, NULL, 0, NULL, 0, &info);
	int info_n = 0;
	cusolverStatus_t st_n = cusolverDnXpotrf(H, P, CUBLAS_FILL_MODE_LOWER, -1, CUDA_R_64F, A, 4, CUDA_R_64F, NULL, 0,
						 NULL, 0, &info_n);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -6 && st_n == CUSOLVER_STATUS_INVALID_VALUE &&
		       info_n == -3 && !memcmp(A, keep, sizeof(A)),
	       "Xgetrf lda < m: INVALID_VALUE, devInfo %d (lda is the X call's 6th); Xpotrf n < 0: devInfo %d (3rd)",
	       info, info_n);
	tap_ok(cusolverDnXgetrf(H, P, 4, 4, CUDA_R_64F, A, 4, ipiv, CUDA_R_64F, NULL, 0, NULL, 0, NULL) ==
			       CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnXgetrf_bufferSize(H, P, 4, 4, CUDA_R_64F, A, 4, CUDA_R_64F, &dev, NULL) ==
			       CUSOLVER_STATUS_INVALID_VALUE,
	       "no devInfo, no host size: INVALID_VALUE");
	int64_t badpiv[4] = { 1, 2, 9, 4 };
	info = 0;
	st = cusolverDnXgetrs(H, P, CUBLAS_OP_N, 4, 1, CUDA_R_64F, A, 4, badpiv, CUDA_R_64F, B, 4, &info);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -8 && B[0] == 1 && B[3] == 1,
	       "Xgetrs with a pivot outside [1, n]: INVALID_VALUE, devInfo %d (ipiv), B unchanged", info);
	cusolverDnParams_t q = NULL;
	tap_ok(cusolverDnCreateParams(&q) == CUSOLVER_STATUS_SUCCESS &&
		       cusolverDnSetAdvOptions(q, CUSOLVERDN_GETRF, CUSOLVER_ALG_1) == CUSOLVER_STATUS_SUCCESS &&
		       cusolverDnSetAdvOptions(q, CUSOLVERDN_GETRF, (cusolverAlgMode_t)7) ==
			       CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnSetAdvOptions(NULL, CUSOLVERDN_POTRF, CUSOLVER_ALG_0) == CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnCreateParams(NULL) == CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnDestroyParams(q) == CUSOLVER_STATUS_SUCCESS,
	       "params: create, SetAdvOptions (a bad algorithm or no params: INVALID_VALUE), destroy");
	/* a NULL params is the defaults; a singular matrix is SUCCESS with devInfo > 0, as LAPACK */
	double S[4] = { 1, 2, 2, 4 };
	info = 0;
	st = cusolverDnXgetrf(H, NULL, 2, 2, CUDA_R_64F, S, 2, ipiv, CUDA_R_64F, NULL, 0, NULL, 0, &info);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && info == 2,
	       "Xgetrf with params NULL of a singular matrix: SUCCESS, devInfo %d", info);
}

static int make_handle(void)
{
	return tap_ok(cusolverDnCreate(&H) == CUSOLVER_STATUS_SUCCESS &&
		       cusolverDnCreateParams(&P) == CUSOLVER_STATUS_SUCCESS,
		      "cusolverDnCreate, cusolverDnCreateParams");
}

static void free_handle(void)
{
	tap_ok(cusolverDnDestroyParams(P) == CUSOLVER_STATUS_SUCCESS &&
		       cusolverDnDestroy(H) == CUSOLVER_STATUS_SUCCESS,
	       "cusolverDnDestroyParams, cusolverDnDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
