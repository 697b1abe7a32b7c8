// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: sytrf, the Bunch-Kaufman factorisation of a symmetric
 * (complex: complex symmetric, not Hermitian) indefinite matrix, P A P^T =
 * L D L^T or U D U^T with 1x1 and 2x2 blocks in D (LAPACK's sytrf).  The
 * pivots are LAPACK's: k > 0 a 1x1 block with row k, two equal negative
 * entries a 2x2 block (cusolverDnXsytrs reads them back).  An exactly
 * singular D is SUCCESS with devInfo = the 1-based position of its zero.
 */
#include <stdlib.h>
#include "cusolver_internal.h"

/* the first bad argument (cuSOLVER's numbering: uplo 1 ... lwork 7), 0 when none */
static int sytrf_bad(cublasFillMode_t uplo, int n, const void *A, int lda, const void *ipiv)
{
	if (!cusolver_fill_ok(uplo))
		return 1;
	if (n < 0)
		return 2;
	if (!A && n)
		return 3;
	if (lda < cusolver_max1(n))
		return 4;
	return !ipiv && n ? 5 : 0;
}

#define SYTRF_DEFS(P, p, T, L)                                                                  \
	static int p##sytrf_need(int n, L *A, int lda)                                          \
	{                                                                                       \
		lapack_int info = 0, m1 = -1, piv = 0;                                          \
		L q = 0;                                                                        \
		char u = 'L';                                                                   \
		LAPACK_##p##sytrf(&u, &n, A, &lda, &piv, &q, &m1, &info);                       \
		return cusolver_lwork(q);                                                       \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##sytrf_bufferSize(cusolverDnHandle_t handle, int n, T *A, \
							 int lda, int *lwork)                   \
	{                                                                                       \
		CUSOLVER_QUERY(handle, lwork, n < 0 || lda < cusolver_max1(n));                 \
		*lwork = p##sytrf_need(n, (L *)A, lda);                                         \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##sytrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, \
					      int n, T *A, int lda, int *ipiv, T *work,         \
					      int lwork, int *devInfo)                          \
	{                                                                                       \
		char u = cusolver_uplo(uplo);                                                   \
		lapack_int info = 0;                                                            \
		void *own;                                                                      \
		CUSOLVER_START(handle, devInfo, sytrf_bad(uplo, n, A, lda, ipiv));              \
		int need = p##sytrf_need(n, (L *)A, lda);                                       \
		L *w = cusolver_workspace(work, lwork, need, sizeof(L), &own);                  \
		if (!w)                                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		LAPACK_##p##sytrf(&u, &n, (L *)A, &lda, ipiv, w, &need, &info);                 \
		free(own);                                                                      \
		*devInfo = info;                                                                \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}

SYTRF_DEFS(S, s, float, float)
SYTRF_DEFS(D, d, double, double)
SYTRF_DEFS(C, c, cuComplex, cusolver_c)
SYTRF_DEFS(Z, z, cuDoubleComplex, cusolver_z)
