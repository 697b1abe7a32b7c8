// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the Jacobi eigen-solver's API (syevj/heevj, single and
 * batched) and batched Cholesky (potrfBatched, potrsBatched).
 *
 * cuSOLVER's Jacobi method converges to the eigen-decomposition within a
 * tolerance (machine precision by default) in up to max_sweeps sweeps;
 * LAPACK's divide and conquer (syevd/heevd, eig.c) gives the same
 * decomposition to machine precision, so these calls run it: eigenvalues
 * ascending (a sorted order is always one cuSOLVER may give), vectors
 * orthonormal.  The parameters (tolerance, maximum sweeps, sorting) are
 * kept and read back; the residual cusolverDnXsyevjGetResidual reports is
 * measured, |A V - V diag(W)|_F of the last call with vectors (0 without:
 * nothing to measure), and the sweeps executed are 0 (no Jacobi sweep is
 * run).  Batched: each matrix in turn (A + i lda n, W + i n, info[i]).
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cusolver_internal.h"

struct syevjInfo {
	struct jacobi_params p; /* first: jacobi.c's calls take it */
};

cusolverStatus_t cusolverDnCreateSyevjInfo(syevjInfo_t *info)
{
	if (!info)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*info = cusolver_jacobi_new(sizeof(**info));
	return *info ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}

cusolverStatus_t cusolverDnDestroySyevjInfo(syevjInfo_t info)
{
	return cusolver_jacobi_destroy(info ? &info->p : NULL);
}

cusolverStatus_t cusolverDnXsyevjSetTolerance(syevjInfo_t info, double tolerance)
{
	return cusolver_jacobi_set(info ? &info->p : NULL, JACOBI_TOLERANCE, tolerance);
}

cusolverStatus_t cusolverDnXsyevjSetMaxSweeps(syevjInfo_t info, int max_sweeps)
{
	return cusolver_jacobi_set(info ? &info->p : NULL, JACOBI_MAX_SWEEPS, max_sweeps);
}

cusolverStatus_t cusolverDnXsyevjSetSortEig(syevjInfo_t info, int sort_eig)
{
	return cusolver_jacobi_set(info ? &info->p : NULL, JACOBI_SORT, sort_eig);
}

cusolverStatus_t cusolverDnXsyevjGetResidual(cusolverDnHandle_t handle, syevjInfo_t info,
					     double *residual)
{
	return cusolver_jacobi_get(handle, info ? &info->p : NULL, residual, NULL);
}

cusolverStatus_t cusolverDnXsyevjGetSweeps(cusolverDnHandle_t handle, syevjInfo_t info,
					   int *executed_sweeps)
{
	return cusolver_jacobi_get(handle, info ? &info->p : NULL, NULL, executed_sweeps);
}

void cusolver_syevj_done(syevjInfo_t params)
{
	if (params)
		params->p.sweeps = 0, params->p.residual = 0;
}

/* A's full Hermitian matrix from its uplo triangle (copied before the call overwrites it), n x n
 * dense */
static double complex *full(const void *a, int kind, int n, int lda, cublasFillMode_t uplo)
{
	double complex *f = malloc((size_t)n * (size_t)n * sizeof(*f) + 1);

	if (!f)
		return NULL;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			bool stored = uplo == CUBLAS_FILL_MODE_LOWER ? i >= j : i <= j;
			double complex v = stored
					       ? cusolver_elem(a, kind, (size_t)j * lda + i)
					       : conj(cusolver_elem(a, kind, (size_t)i * lda + j));

			f[(size_t)j * n + i] = i == j ? creal(v) : v;
		}
	return f;
}

/* |A V - V diag(W)|_F with V in a (lda), W real */
static double residual(const double complex *A, const void *v, int kind, int n, int lda,
		       const void *w)
{
	double s = 0;
	int rk = kind & 1; /* W: float (0) or double (1) */

	for (int j = 0; j < n; j++) {
		double wj = creal(cusolver_elem(w, rk, (size_t)j));

		for (int i = 0; i < n; i++) {
			double complex r = -wj * cusolver_elem(v, kind, (size_t)j * lda + i);

			for (int k = 0; k < n; k++)
				r += A[(size_t)k * n + i] *
				     cusolver_elem(v, kind, (size_t)j * lda + k);
			s += creal(r) * creal(r) + cimag(r) * cimag(r);
		}
	}
	return sqrt(s);
}

#define JACOBI(P, T, R, EVJ, EVD, KIND)                                                            \
	cusolverStatus_t cusolverDn##P##EVJ##_bufferSize(                                          \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,       \
	    const T *A, int lda, const R *W, int *lwork, syevjInfo_t params)                       \
	{                                                                                          \
		(void)params;                                                                      \
		return cusolverDn##P##EVD##_bufferSize(handle, jobz, uplo, n, A, lda, W, lwork);   \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##EVJ(cusolverDnHandle_t handle, cusolverEigMode_t jobz,     \
					    cublasFillMode_t uplo, int n, T *A, int lda, R *W,     \
					    T *work, int lwork, int *info, syevjInfo_t params)     \
	{                                                                                          \
		double complex *f = NULL;                                                          \
		cusolverStatus_t st = handle ? cusolver_begin(handle) : CUSOLVER_STATUS_SUCCESS;   \
		if (st) /* A is the stream's data: copied for the residual after its work */     \
			return st;                                                                 \
		if (handle && info && params && jobz == CUSOLVER_EIG_MODE_VECTOR && n > 0 && A &&  \
		    lda >= n && cusolver_fill_ok(uplo) && !(f = full(A, KIND, n, lda, uplo)))      \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                       \
		st = cusolverDn##P##EVD(handle, jobz, uplo, n, A, lda, W, work, lwork, info);      \
		if (st == CUSOLVER_STATUS_SUCCESS && params) {                                     \
			params->p.sweeps = 0;                                                      \
			params->p.residual =                                                       \
			    f && *info == 0 ? residual(f, A, KIND, n, lda, W) : 0;                 \
		}                                                                                  \
		free(f);                                                                           \
		return st;                                                                         \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##EVJ##Batched_bufferSize(                                   \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,       \
	    const T *A, int lda, const R *W, int *lwork, syevjInfo_t params, int batchSize)        \
	{                                                                                          \
		(void)params;                                                                      \
		if (handle && batchSize < 1)                                                       \
			return CUSOLVER_STATUS_INVALID_VALUE;                                      \
		return cusolverDn##P##EVD##_bufferSize(handle, jobz, uplo, n, A, lda, W, lwork);   \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##EVJ##Batched(                                              \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, T *A, \
	    int lda, R *W, T *work, int lwork, int *info, syevjInfo_t params, int batchSize)       \
	{                                                                                          \
		cusolverStatus_t st = CUSOLVER_STATUS_SUCCESS;                                     \
		double worst = 0;                                                                  \
		if (!handle)                                                                       \
			return CUSOLVER_STATUS_NOT_INITIALIZED;                                    \
		if (!info || batchSize < 1)                                                        \
			return CUSOLVER_STATUS_INVALID_VALUE;                                      \
		for (int b = 0; b < batchSize && st == CUSOLVER_STATUS_SUCCESS; b++) {             \
			st = cusolverDn##P##EVJ(                                                   \
			    handle, jobz, uplo, n, A ? A + (size_t)b * lda * n : NULL, lda,        \
			    W ? W + (size_t)b * n : NULL, work, lwork, info + b, params);          \
			if (params && params->p.residual > worst)                                  \
				worst = params->p.residual;                                        \
		}                                                                                  \
		if (params)                                                                        \
			params->p.residual = worst;                                                \
		return st;                                                                         \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##potrfBatched(cusolverDnHandle_t handle,                    \
						     cublasFillMode_t uplo, int n, T *Aarray[],    \
						     int lda, int *infoArray, int batchSize)       \
	{                                                                                          \
		cusolverStatus_t st = CUSOLVER_STATUS_SUCCESS;                                     \
		if (!handle)                                                                       \
			return CUSOLVER_STATUS_NOT_INITIALIZED;                                    \
		if (!Aarray || !infoArray || batchSize < 0)                                        \
			return CUSOLVER_STATUS_INVALID_VALUE;                                      \
		/* the pointer array is the stream's data: read it after the stream's work */    \
		st = cusolver_begin(handle);                                                       \
		for (int b = 0; b < batchSize && st == CUSOLVER_STATUS_SUCCESS; b++)               \
			st = cusolverDn##P##potrf(handle, uplo, n, Aarray[b], lda, NULL, 0,        \
						  infoArray + b);                                  \
		return st;                                                                         \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##potrsBatched(                                              \
	    cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs, T *A[], int lda,    \
	    T *B[], int ldb, int *d_info, int batchSize)                                           \
	{                                                                                          \
		cusolverStatus_t st = CUSOLVER_STATUS_SUCCESS;                                     \
		if (!handle)                                                                       \
			return CUSOLVER_STATUS_NOT_INITIALIZED;                                    \
		if (!A || !B || !d_info || batchSize < 0)                                          \
			return CUSOLVER_STATUS_INVALID_VALUE;                                      \
		if (nrhs != 1) { /* cuSOLVER's limit: one right-hand side each */                  \
			*d_info = -3;                                                              \
			return CUSOLVER_STATUS_INVALID_VALUE;                                      \
		}                                                                                  \
		st = cusolver_begin(handle); /* the pointer arrays: after the stream's work */    \
		if (st)                                                                            \
			return st;                                                                 \
		*d_info = 0;                                                                       \
		for (int b = 0; b < batchSize && st == CUSOLVER_STATUS_SUCCESS; b++)               \
			st = cusolverDn##P##potrs(handle, uplo, n, nrhs, A[b], lda, B[b], ldb,     \
						  d_info);                                         \
		return st;                                                                         \
	}
JACOBI(S, float, float, syevj, syevd, 0)
JACOBI(D, double, double, syevj, syevd, 1)
JACOBI(C, cuComplex, float, heevj, heevd, 2)
JACOBI(Z, cuDoubleComplex, double, heevj, heevd, 3)
