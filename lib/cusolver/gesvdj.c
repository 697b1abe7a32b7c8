// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the Jacobi SVD's API (gesvdj, gesvdjBatched, gesvdjInfo).
 *
 * cuSOLVER's Jacobi method converges to A = U S V^H within a tolerance
 * (machine precision by default); Xgesvdp (xapi_gesvdp.c: LAPACK's gesvd,
 * V not V^H, economy or full) gives that decomposition to machine
 * precision, so gesvdj runs it: singular values descending (a sorted order
 * is one cuSOLVER may give).  The parameters are kept; GetResidual
 * measures |A - U S V^H|_F of the last call with vectors (0 without) and
 * GetSweeps is 0 (no Jacobi sweep is run), as for syevj (eigj.c).
 * Batched: each matrix in turn, full U (m x m) and V (n x n), info[i].
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cusolver_internal.h"

struct gesvdjInfo {
	struct jacobi_params p; /* first: jacobi.c's calls take it */
};

cusolverStatus_t cusolverDnCreateGesvdjInfo(gesvdjInfo_t *info)
{
	if (!info)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*info = cusolver_jacobi_new(sizeof(**info));
	return *info ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}

cusolverStatus_t cusolverDnDestroyGesvdjInfo(gesvdjInfo_t info)
{
	return cusolver_jacobi_destroy(info ? &info->p : NULL);
}

cusolverStatus_t cusolverDnXgesvdjSetTolerance(gesvdjInfo_t info, double tolerance)
{
	return cusolver_jacobi_set(info ? &info->p : NULL, JACOBI_TOLERANCE, tolerance);
}

cusolverStatus_t cusolverDnXgesvdjSetMaxSweeps(gesvdjInfo_t info, int max_sweeps)
{
	return cusolver_jacobi_set(info ? &info->p : NULL, JACOBI_MAX_SWEEPS, max_sweeps);
}

cusolverStatus_t cusolverDnXgesvdjSetSortEig(gesvdjInfo_t info, int sort_svd)
{
	return cusolver_jacobi_set(info ? &info->p : NULL, JACOBI_SORT, sort_svd);
}

cusolverStatus_t cusolverDnXgesvdjGetResidual(cusolverDnHandle_t handle, gesvdjInfo_t info,
					      double *residual)
{
	return cusolver_jacobi_get(handle, info ? &info->p : NULL, residual, NULL);
}

cusolverStatus_t cusolverDnXgesvdjGetSweeps(cusolverDnHandle_t handle, gesvdjInfo_t info,
					    int *executed_sweeps)
{
	return cusolver_jacobi_get(handle, info ? &info->p : NULL, NULL, executed_sweeps);
}

/* a copy of A (m x n, lda) in double complex, for the residual */
static double complex *copy_of(const void *A, int kind, int m, int n, int lda)
{
	double complex *c = malloc((size_t)m * (size_t)n * sizeof(*c) + 1);

	if (c)
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++)
				c[(size_t)j * m + i] = cusolver_elem(A, kind, (size_t)j * lda + i);
	return c;
}

/* |A - U S V^H|_F over the first k singular triples */
static double residual(const double complex *A, int m, int n, int k, const void *S, const void *U,
		       int ldu, const void *V, int ldv, int kind)
{
	double s = 0;

	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double complex r = A[(size_t)j * m + i];

			for (int l = 0; l < k; l++)
				r -= cusolver_elem(U, kind, (size_t)l * ldu + i) *
				     creal(cusolver_elem(S, kind & 1, l)) *
				     conj(cusolver_elem(V, kind, (size_t)l * ldv + j));
			s += creal(r * conj(r));
		}
	return sqrt(s);
}

static const cudaDataType types[4] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F};
static const cudaDataType reals[4] = {CUDA_R_32F, CUDA_R_64F, CUDA_R_32F, CUDA_R_64F};
static const size_t sizes[4] = {4, 8, 8, 16};

static cusolverStatus_t buffer(cusolverDnHandle_t h, cusolverEigMode_t jobz, int econ, int m, int n,
			       const void *A, int lda, const void *S, const void *U, int ldu,
			       const void *V, int ldv, int *lwork, int kind)
{
	size_t dev = 0, host = 0;
	cusolverStatus_t st;

	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!lwork)
		return CUSOLVER_STATUS_INVALID_VALUE;
	st = cusolverDnXgesvdp_bufferSize(h, NULL, jobz, econ, m, n, types[kind], A, lda,
					  reals[kind], S, types[kind], U, ldu, types[kind], V, ldv,
					  types[kind], &dev, &host);
	if (st == CUSOLVER_STATUS_SUCCESS)
		*lwork = (int)((dev + sizes[kind] - 1) / sizes[kind]);
	return st;
}

static cusolverStatus_t svd(cusolverDnHandle_t h, cusolverEigMode_t jobz, int econ, int m, int n,
			    void *A, int lda, void *S, void *U, int ldu, void *V, int ldv,
			    void *work, int lwork, int *info, gesvdjInfo_t params, int kind)
{
	double complex *a = NULL;
	cusolverStatus_t st = h ? cusolver_begin(h) : CUSOLVER_STATUS_SUCCESS;

	if (st) /* A is the stream's data: copied for the residual after its work */
		return st;
	if (h && info && params && jobz == CUSOLVER_EIG_MODE_VECTOR && A && m > 0 && n > 0 &&
	    lda >= m && !(a = copy_of(A, kind, m, n, lda)))
		return CUSOLVER_STATUS_ALLOC_FAILED;
	st = cusolverDnXgesvdp(h, NULL, jobz, econ, m, n, types[kind], A, lda, reals[kind], S,
			       types[kind], U, ldu, types[kind], V, ldv, types[kind], work,
			       lwork > 0 ? (size_t)lwork * sizes[kind] : 0, NULL, 0, info, NULL);
	if (st == CUSOLVER_STATUS_SUCCESS && params) {
		params->p.sweeps = 0;
		params->p.residual =
		    a && *info == 0 ? residual(a, m, n, m < n ? m : n, S, U, ldu, V, ldv, kind) : 0;
	}
	free(a);
	return st;
}

#define GESVDJ(P, T, R, KIND)                                                                      \
	cusolverStatus_t cusolverDn##P##gesvdj_bufferSize(                                         \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, int econ, int m, int n, const T *A, \
	    int lda, const R *S, const T *U, int ldu, const T *V, int ldv, int *lwork,             \
	    gesvdjInfo_t params)                                                                   \
	{                                                                                          \
		(void)params;                                                                      \
		return buffer(handle, jobz, econ, m, n, A, lda, S, U, ldu, V, ldv, lwork, KIND);   \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##gesvdj(cusolverDnHandle_t handle, cusolverEigMode_t jobz,  \
					       int econ, int m, int n, T *A, int lda, R *S, T *U,  \
					       int ldu, T *V, int ldv, T *work, int lwork,         \
					       int *info, gesvdjInfo_t params)                     \
	{                                                                                          \
		return svd(handle, jobz, econ, m, n, A, lda, S, U, ldu, V, ldv, work, lwork, info, \
			   params, KIND);                                                          \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##gesvdjBatched_bufferSize(                                  \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, int m, int n, const T *A, int lda,  \
	    const R *S, const T *U, int ldu, const T *V, int ldv, int *lwork, gesvdjInfo_t params, \
	    int batchSize)                                                                         \
	{                                                                                          \
		(void)params;                                                                      \
		if (handle && batchSize < 1)                                                       \
			return CUSOLVER_STATUS_INVALID_VALUE;                                      \
		return buffer(handle, jobz, 0, m, n, A, lda, S, U, ldu, V, ldv, lwork, KIND);      \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##gesvdjBatched(                                             \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, int m, int n, T *A, int lda, R *S,  \
	    T *U, int ldu, T *V, int ldv, T *work, int lwork, int *info, gesvdjInfo_t params,      \
	    int batchSize)                                                                         \
	{                                                                                          \
		cusolverStatus_t st = CUSOLVER_STATUS_SUCCESS;                                     \
		int k = m < n ? m : n;                                                             \
		double worst = 0;                                                                  \
		if (!handle)                                                                       \
			return CUSOLVER_STATUS_NOT_INITIALIZED;                                    \
		if (!info || batchSize < 1)                                                        \
			return CUSOLVER_STATUS_INVALID_VALUE;                                      \
		for (int b = 0; b < batchSize && st == CUSOLVER_STATUS_SUCCESS; b++) {             \
			bool vec = jobz == CUSOLVER_EIG_MODE_VECTOR;                               \
			st = svd(handle, jobz, 0, m, n, A ? A + (size_t)b * lda * n : NULL, lda,   \
				 S ? S + (size_t)b * k : NULL,                                     \
				 vec && U ? U + (size_t)b * ldu * m : U, ldu,                      \
				 vec && V ? V + (size_t)b * ldv * n : V, ldv, work, lwork,         \
				 info + b, params, KIND);                                          \
			if (params && params->p.residual > worst)                                  \
				worst = params->p.residual;                                        \
		}                                                                                  \
		if (params)                                                                        \
			params->p.residual = worst;                                                \
		return st;                                                                         \
	}
GESVDJ(S, float, float, 0)
GESVDJ(D, double, double, 1)
GESVDJ(C, cuComplex, float, 2)
GESVDJ(Z, cuDoubleComplex, double, 3)
