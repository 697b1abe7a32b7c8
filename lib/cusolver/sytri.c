// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: sytri, the inverse of a symmetric (complex: complex
 * symmetric) indefinite matrix from its sytrf factors and pivots (LAPACK's
 * sytri), written over the uplo triangle.  A pivot outside LAPACK's form
 * (0, or magnitude above n) would send LAPACK outside A: it is refused as
 * argument 5 (ipiv) before anything is written.  LAPACK's sytri works in n
 * (complex: 2n) elements; the query answers 2n.  A singular D (the factor
 * had devInfo > 0) is SUCCESS with info = the 1-based position of its zero.
 */
#include <stdlib.h>
#include "cusolver_internal.h"

/* the first bad argument (cuSOLVER's numbering: uplo 1, n 2, A 3, lda 4, ipiv 5), 0 when none */
static int sytri_bad(cublasFillMode_t uplo, int n, const void *A, int lda, const int *ipiv)
{
	if (!cusolver_fill_ok(uplo))
		return 1;
	if (n < 0)
		return 2;
	if (!A && n)
		return 3;
	if (lda < cusolver_max1(n))
		return 4;
	return n && (!ipiv || !cusolver_pivots_ok(ipiv, n)) ? 5 : 0;
}

#define SYTRI_DEFS(P, p, T, L)                                                                          \
	cusolverStatus_t cusolverDn##P##sytri_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, \
							 int n, T *A, int lda, const int *ipiv, int *lwork) \
	{                                                                                               \
		(void)A, (void)ipiv;                                                                    \
		CUSOLVER_QUERY(handle, lwork, !cusolver_fill_ok(uplo) || n < 0 || lda < cusolver_max1(n)); \
		*lwork = 2 * cusolver_max1(n);                                                          \
		return CUSOLVER_STATUS_SUCCESS;                                                         \
	}                                                                                               \
	cusolverStatus_t cusolverDn##P##sytri(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,  \
					      T *A, int lda, const int *ipiv, T *work, int lwork,       \
					      int *info)                                                \
	{                                                                                               \
		char u = cusolver_uplo(uplo);                                                           \
		lapack_int linfo = 0;                                                                   \
		void *own;                                                                              \
		CUSOLVER_START(handle, info, sytri_bad(uplo, n, A, lda, ipiv));                         \
		L *w = cusolver_workspace(work, lwork, 2 * cusolver_max1(n), sizeof(L), &own);          \
		if (!w)                                                                                 \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                            \
		if (n > 0)                                                                              \
			LAPACK_##p##sytri(&u, &n, (L *)A, &lda, ipiv, w, &linfo);                       \
		free(own);                                                                              \
		*info = linfo;                                                                          \
		return CUSOLVER_STATUS_SUCCESS;                                                         \
	}

SYTRI_DEFS(S, s, float, float)
SYTRI_DEFS(D, d, double, double)
SYTRI_DEFS(C, c, cuComplex, cusolver_c)
SYTRI_DEFS(Z, z, cuDoubleComplex, cusolver_z)
