// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the inverse of a positive definite A from its Cholesky
 * factor (potri, after potrf) and the product of a triangle with its
 * conjugate transpose (lauum: U U^H or L^H L, the second half of potri), on
 * LAPACK.  Neither needs a workspace: the queries answer 1, as getrf's and
 * potrf's.  Only the uplo triangle is read and written, as in LAPACK.
 */
#include "cusolver_internal.h"

/* uplo 1, n 2, A 3, lda 4 (cuSOLVER's numbering, handle not counted) */
static int tri_bad(cublasFillMode_t uplo, int n, const void *A, int lda)
{
	if (!cusolver_fill_ok(uplo))
		return 1;
	if (n < 0)
		return 2;
	if (!A && n)
		return 3;
	return lda < cusolver_max1(n) ? 4 : 0;
}

/* NAME is potri or lauum: the same arguments, neither with a workspace */
#define TRI_DEFS(P, p, T, L, NAME)                                                               \
	cusolverStatus_t cusolverDn##P##NAME##_bufferSize(cusolverDnHandle_t handle,              \
							  cublasFillMode_t uplo, int n, T *A,     \
							  int lda, int *lwork)                    \
	{                                                                                        \
		CUSOLVER_QUERY(handle, lwork, tri_bad(uplo, n, (void *)1, lda));                 \
		(void)A;                                                                         \
		*lwork = 1;                                                                      \
		return CUSOLVER_STATUS_SUCCESS;                                                  \
	}                                                                                        \
	cusolverStatus_t cusolverDn##P##NAME(cusolverDnHandle_t handle, cublasFillMode_t uplo,    \
					     int n, T *A, int lda, T *work, int lwork,            \
					     int *devInfo)                                        \
	{                                                                                        \
		lapack_int info = 0;                                                             \
		char u = cusolver_uplo(uplo);                                                    \
		(void)work, (void)lwork;                                                         \
		CUSOLVER_START(handle, devInfo, tri_bad(uplo, n, A, lda));                       \
		LAPACK_##p##NAME(&u, &n, (L *)A, &lda, &info);                                   \
		*devInfo = info;                                                                 \
		return CUSOLVER_STATUS_SUCCESS;                                                  \
	}

TRI_DEFS(S, s, float, float, potri)
TRI_DEFS(D, d, double, double, potri)
TRI_DEFS(C, c, cuComplex, cusolver_c, potri)
TRI_DEFS(Z, z, cuDoubleComplex, cusolver_z, potri)
TRI_DEFS(S, s, float, float, lauum)
TRI_DEFS(D, d, double, double, lauum)
TRI_DEFS(C, c, cuComplex, cusolver_c, lauum)
TRI_DEFS(Z, z, cuDoubleComplex, cusolver_z, lauum)
