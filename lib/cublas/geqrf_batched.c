// SPDX-License-Identifier: MIT
/*
 * lib/cublas: geqrfBatched, the QR factorisation of each matrix of a batch
 * (A_i m x n) on LAPACK's geqrf (OpenBLAS's): R in the upper triangle of
 * A_i, the Householder vectors below it and their scalars in TauArray[i]
 * (min(m, n) each), LAPACK's form, which cuBLAS's is.  info (on the host)
 * gets 0 or minus the position of the first bad argument (m is 1,
 * batchSize 7); nothing is written on a refused call.  The workspace LAPACK
 * asks for is allocated once per call.  A loop over the batch in the
 * calling thread, as lu_batched.c's.
 */
#include <stdlib.h>
#include <lapack.h>
#include "cublas_internal.h"

/* The first bad argument (1-based from m), 0 when none. */
static int geqrf_bad(int m, int n, const void *a, int lda, const void *tau, int batch)
{
	if (m < 0)
		return 1;
	if (n < 0)
		return 2;
	if (batch > 0 && !a)
		return 3;
	if (lda < cublas_max1(m))
		return 4;
	if (batch > 0 && !tau)
		return 5;
	return batch < 0 ? 7 : 0;
}

#define GEN_GEQRF_BATCHED(P, p, T)									\
	cublasStatus_t cublas##P##geqrfBatched(cublasHandle_t h, int m, int n, T *const Aarray[], int lda,	\
					       T *const TauArray[], int *info, int batchSize)		\
	{												\
		if (!h)											\
			return CUBLAS_STATUS_NOT_INITIALIZED;						\
		if (!info)										\
			return CUBLAS_STATUS_INVALID_VALUE;						\
		*info = -geqrf_bad(m, n, Aarray, lda, TauArray, batchSize);				\
		CUBLAS_START(h, *info);									\
		lapack_int lwork = -1, inf = 0;								\
		CUBLAS_IT(P) q = 0, *work = NULL;							\
		if (!m || !n || !batchSize)								\
			return CUBLAS_STATUS_SUCCESS;							\
		LAPACK_##p##geqrf(&m, &n, (CUBLAS_IT(P) *)Aarray[0], &lda, (CUBLAS_IT(P) *)TauArray[0], &q, \
				  &lwork, &inf);							\
		lwork = cublas_max1((int)creal(q));							\
		work = malloc((size_t)lwork * sizeof(*work));						\
		if (!work)										\
			return CUBLAS_STATUS_ALLOC_FAILED;						\
		for (int i = 0; i < batchSize; i++)							\
			LAPACK_##p##geqrf(&m, &n, (CUBLAS_IT(P) *)Aarray[i], &lda,			\
					  (CUBLAS_IT(P) *)TauArray[i], work, &lwork, &inf);		\
		free(work);										\
		return CUBLAS_STATUS_SUCCESS;								\
	}

GEN_GEQRF_BATCHED(S, s, float)
GEN_GEQRF_BATCHED(D, d, double)
GEN_GEQRF_BATCHED(C, c, cuComplex)
GEN_GEQRF_BATCHED(Z, z, cuDoubleComplex)
