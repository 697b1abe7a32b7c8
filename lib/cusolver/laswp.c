// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: row interchanges (laswp) of an n-column A, rows k1..k2
 * swapped with the rows devIpiv names (getrf's 1-based pivots), on LAPACK.
 * cuSOLVER's laswp has no devInfo: a bad argument is only its status.
 * Pivots are checked before LAPACK runs, so that no row beyond A's lda is
 * touched: a pivot outside 1..lda is CUSOLVER_STATUS_INVALID_VALUE.
 */
#include <stdlib.h>
#include "cusolver_internal.h"

/* LAPACK's reading of ipiv: the pivot of row k (k1 <= k <= k2) at ipiv[k1 - 1 + (k - k1) |incx|] */
static int laswp_ok(int n, const void *A, int lda, int k1, int k2, const int *ipiv, int incx)
{
	int step = incx < 0 ? -incx : incx;

	if (n < 0 || (!A && n) || k1 < 1 || k2 < k1 || k2 > lda || !ipiv || !incx)
		return 0;
	for (int k = k1; k <= k2; k++) {
		int p = ipiv[k1 - 1 + (size_t)(k - k1) * step];

		if (p < 1 || p > lda)
			return 0;
	}
	return 1;
}

#define LASWP_DEFS(P, p, T, L)                                                                   \
	cusolverStatus_t cusolverDn##P##laswp(cusolverDnHandle_t handle, int n, T *A, int lda,   \
					      int k1, int k2, const int *devIpiv, int incx)      \
	{                                                                                       \
		if (!handle)                                                                    \
			return CUSOLVER_STATUS_NOT_INITIALIZED;                                 \
		cusolverStatus_t st = cusolver_begin(handle);                                   \
		if (st)                                                                         \
			return st;                                                              \
		if (!laswp_ok(n, A, lda, k1, k2, devIpiv, incx))                                \
			return CUSOLVER_STATUS_INVALID_VALUE;                                   \
		LAPACK_##p##laswp(&n, (L *)A, &lda, &k1, &k2, devIpiv, &incx);                  \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}

LASWP_DEFS(S, s, float, float)
LASWP_DEFS(D, d, double, double)
LASWP_DEFS(C, c, cuComplex, cusolver_c)
LASWP_DEFS(Z, z, cuDoubleComplex, cusolver_z)
