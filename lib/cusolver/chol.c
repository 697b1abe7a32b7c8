// SPDX-License-Identifier: MIT
/* lib/cusolver: Cholesky factorisation and solve (potrf, potrs) on LAPACK. */
#include "cusolver_internal.h"

static int potrf_bad(cublasFillMode_t uplo, int n, const void *A, int lda)
{
	if (!cusolver_fill_ok(uplo))
		return 1;
	if (n < 0)
		return 2;
	if (!A && n)
		return 3;
	return lda < cusolver_max1(n) ? 4 : 0;
}

static int potrs_bad(cublasFillMode_t uplo, int n, int nrhs, const void *A, int lda, const void *B,
		     int ldb)
{
	return cusolver_solve_bad(cusolver_fill_ok(uplo), n, nrhs, A, 4, lda, B, 6, ldb);
}

#define CHOL_DEFS(P, p, T, L)                                                                   \
	cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t handle,             \
							 cublasFillMode_t uplo, int n, T *A,    \
							 int lda, int *Lwork)                   \
	{                                                                                       \
		(void)A;                                                                        \
		CUSOLVER_QUERY(handle, Lwork, potrf_bad(uplo, n, (void *)1, lda));              \
		*Lwork = 1; /* LAPACK's potrf needs no workspace */                             \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, \
					      int n, T *A, int lda, T *Workspace, int Lwork,    \
					      int *devInfo)                                     \
	{                                                                                       \
		lapack_int info = 0;                                                            \
		char u = cusolver_uplo(uplo);                                                   \
		(void)Workspace;                                                                \
		(void)Lwork;                                                                    \
		CUSOLVER_START(handle, devInfo, potrf_bad(uplo, n, A, lda));                    \
		LAPACK_##p##potrf(&u, &n, (L *)A, &lda, &info);                                 \
		*devInfo = info;                                                                \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##potrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, \
					      int n, int nrhs, const T *A, int lda, T *B,       \
					      int ldb, int *devInfo)                            \
	{                                                                                       \
		lapack_int info = 0;                                                            \
		char u = cusolver_uplo(uplo);                                                   \
		CUSOLVER_START(handle, devInfo, potrs_bad(uplo, n, nrhs, A, lda, B, ldb));      \
		LAPACK_##p##potrs(&u, &n, &nrhs, (const L *)A, &lda, (L *)B, &ldb, &info);      \
		*devInfo = info;                                                                \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}

CHOL_DEFS(S, s, float, float)
CHOL_DEFS(D, d, double, double)
CHOL_DEFS(C, c, cuComplex, cusolver_c)
CHOL_DEFS(Z, z, cuDoubleComplex, cusolver_z)
