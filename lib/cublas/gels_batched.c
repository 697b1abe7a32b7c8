// SPDX-License-Identifier: MIT
/*
 * lib/cublas: gelsBatched, the least-squares solutions of a batch of full
 * rank overdetermined systems (min |A_i X_i - C_i|, A_i m x n, m >= n) on
 * LAPACK's gels (OpenBLAS's): QR of each A_i in place, X_i written over
 * the first n rows of C_i.  cuBLAS solves only op N and m >= n: the others
 * are CUBLAS_STATUS_NOT_SUPPORTED.  info (on the host) gets minus the
 * position of the first bad argument (trans is 1, as getrsBatched's);
 * devInfoArray, when given, k > 0 for a matrix whose R(k,k) is zero (not
 * of full rank: LAPACK's gels leaves that system unsolved), else 0.
 * HeCBench's gels-cuda calls it in S/D/C/Z.
 */
#include <stdlib.h>
#include <lapack.h>
#include "cublas_internal.h"

/* The first bad argument (1-based from trans), 0 when none; *unsupported for trans != N or m < n. */
static int gels_bad(cublasOperation_t trans, int m, int n, int nrhs, const void *a, int lda, const void *c,
		    int ldc, int batch, int *unsupported)
{
	*unsupported = 0;
	if (m < 0)
		return 2;
	if (n < 0)
		return 3;
	if (nrhs < 0)
		return 4;
	if (batch && !a)
		return 5;
	if (lda < cublas_max1(m))
		return 6;
	if (batch && !c)
		return 7;
	if (ldc < cublas_max1(m))
		return 8;
	if (batch < 0)
		return 11;
	*unsupported = 1;
	if (trans != CUBLAS_OP_N)
		return 1;
	if (m < n)
		return 2;
	*unsupported = 0;
	return 0;
}

#define GEN_GELS_BATCHED(P, p, T)									\
	cublasStatus_t cublas##P##gelsBatched(cublasHandle_t h, cublasOperation_t trans, int m, int n,	\
					      int nrhs, T *const Aarray[], int lda, T *const Carray[],	\
					      int ldc, int *info, int *devInfoArray, int batchSize)	\
	{												\
		int unsupported;									\
		if (!h)											\
			return CUBLAS_STATUS_NOT_INITIALIZED;						\
		if (!info)										\
			return CUBLAS_STATUS_INVALID_VALUE;						\
		*info = -gels_bad(trans, m, n, nrhs, Aarray, lda, Carray, ldc, batchSize, &unsupported); \
		if (unsupported)									\
			return CUBLAS_STATUS_NOT_SUPPORTED;						\
		CUBLAS_START(h, *info);									\
		char t = 'N';										\
		lapack_int lwork = -1, inf = 0;								\
		CUBLAS_IT(P) q = 0, *work = NULL;							\
		if (m && n && nrhs && batchSize) {	/* LAPACK's workspace answer, once */		\
			LAPACK_##p##gels(&t, &m, &n, &nrhs, (CUBLAS_IT(P) *)Aarray[0], &lda,		\
					 (CUBLAS_IT(P) *)Carray[0], &ldc, &q, &lwork, &inf);		\
			lwork = cublas_max1((int)creal(q));						\
			work = malloc((size_t)lwork * sizeof(*work));					\
			if (!work)									\
				return CUBLAS_STATUS_ALLOC_FAILED;					\
		}											\
		for (int i = 0; i < batchSize; i++) {							\
			inf = 0;									\
			if (work)									\
				LAPACK_##p##gels(&t, &m, &n, &nrhs, (CUBLAS_IT(P) *)Aarray[i], &lda,	\
						 (CUBLAS_IT(P) *)Carray[i], &ldc, work, &lwork, &inf);	\
			if (devInfoArray)								\
				devInfoArray[i] = inf;							\
		}											\
		free(work);										\
		return CUBLAS_STATUS_SUCCESS;								\
	}

GEN_GELS_BATCHED(S, s, float)
GEN_GELS_BATCHED(D, d, double)
GEN_GELS_BATCHED(C, c, cuComplex)
GEN_GELS_BATCHED(Z, z, cuDoubleComplex)
