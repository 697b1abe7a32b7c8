// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the batched LU family (getrfBatched, getrsBatched,
 * getriBatched, matinvBatched) on LAPACK (OpenBLAS's): a loop over the
 * matrices of the batch, each factored, solved or inverted by LAPACK in
 * the calling thread.  cuBLAS also factors without row exchanges when the
 * pivot array is NULL, which LAPACK cannot: that is a loop of our own
 * (lu_nopiv); the solves and inverses then use the identity permutation.
 */
#include <stdlib.h>
#include <string.h>
#include <lapack.h>
#include "cublas_internal.h"

/* cuBLAS's largest matinvBatched order */
#define MATINV_MAX_N 32

static int *identity_pivots(int n)
{
	int *p = malloc((size_t)cublas_max1(n) * sizeof(*p));

	for (int i = 0; p && i < n; i++)
		p[i] = i + 1;
	return p;
}

static char lapack_trans(cublasOperation_t op)
{
	return op == CUBLAS_OP_N ? 'N' : op == CUBLAS_OP_T ? 'T' : 'C';
}

/* The first bad argument of getrsBatched, 1-based from trans (LAPACK's numbering), 0 when none. */
static int getrs_bad(cublasOperation_t trans, int n, int nrhs, const void *a, int lda, const void *b, int ldb,
		     int batch)
{
	if (!cublas_op_ok(trans))
		return 1;
	if (n < 0)
		return 2;
	if (nrhs < 0)
		return 3;
	if (batch && !a)
		return 4;
	if (lda < cublas_max1(n))
		return 5;
	if (batch && !b)
		return 7;
	if (ldb < cublas_max1(n))
		return 8;
	return batch < 0 ? 10 : 0;
}

/*
 * Right-looking LU without row exchanges: L (unit diagonal) below, U on and
 * above.  A zero pivot leaves its column unscaled and gives info its
 * 1-based index (the first one), as LAPACK's getrf reports a singular U.
 */
#define LU_NOPIV(P)											\
	static int P##lu_nopiv(int n, CUBLAS_IT(P) *a, int lda)						\
	{												\
		int info = 0;										\
		for (int j = 0; j < n; j++) {								\
			CUBLAS_IT(P) piv = a[j + (size_t)j * lda];					\
			if (piv == 0) {									\
				info = info ? info : j + 1;						\
				continue;								\
			}										\
			for (int i = j + 1; i < n; i++)							\
				a[i + (size_t)j * lda] /= piv;						\
			for (int c = j + 1; c < n; c++) {						\
				CUBLAS_IT(P) u = a[j + (size_t)c * lda];				\
				for (int i = j + 1; i < n; i++)						\
					a[i + (size_t)c * lda] -= a[i + (size_t)j * lda] * u;		\
			}										\
		}											\
		return info;										\
	}

/* Copy the n x n matrix src (lds) to dst (ldd), column by column. */
static void copy_square(void *dst, int ldd, const void *src, int lds, int n, size_t elem)
{
	for (int j = 0; j < n; j++)
		memcpy((char *)dst + (size_t)j * ldd * elem, (const char *)src + (size_t)j * lds * elem,
		       (size_t)n * elem);
}

/*
 * Inverse in place from the LU factors in c (ldc) and the pivots (NULL: the
 * identity): LAPACK's getri, whose info is getrf's (k: U(k,k) is zero).
 */
#define INVERT(P, p)											\
	static cublasStatus_t P##invert(int n, CUBLAS_IT(P) *c, int ldc, const int *piv, int *info)	\
	{												\
		int lwork = cublas_max1(n) * 64;							\
		CUBLAS_IT(P) *work = malloc((size_t)lwork * sizeof(*work));				\
		int *ident = piv ? NULL : identity_pivots(n);					\
		lapack_int inf = 0;									\
		if (!work || (!piv && !ident)) {							\
			free(work);									\
			free(ident);									\
			return CUBLAS_STATUS_ALLOC_FAILED;						\
		}											\
		if (n)											\
			LAPACK_##p##getri(&n, c, &ldc, piv ? piv : ident, work, &lwork, &inf);		\
		*info = inf;										\
		free(work);										\
		free(ident);										\
		return CUBLAS_STATUS_SUCCESS;								\
	}

#define GEN_LU_BATCHED(P, p, T)										\
	LU_NOPIV(P)											\
	INVERT(P, p)											\
	cublasStatus_t cublas##P##getrfBatched(cublasHandle_t h, int n, T *const Aarray[], int lda,	\
					       int *PivotArray, int *infoArray, int batchSize)		\
	{												\
		CUBLAS_START(h, n < 0 || lda < cublas_max1(n) || batchSize < 0 ||			\
				       (batchSize && (!Aarray || !infoArray)));				\
		for (int i = 0; i < batchSize; i++) {							\
			CUBLAS_IT(P) *a = (CUBLAS_IT(P) *)Aarray[i];					\
			lapack_int info = 0;								\
			if (PivotArray && n)								\
				LAPACK_##p##getrf(&n, &n, a, &lda, PivotArray + (size_t)i * n, &info);	\
			else										\
				info = P##lu_nopiv(n, a, lda);						\
			infoArray[i] = info;								\
		}											\
		return CUBLAS_STATUS_SUCCESS;								\
	}												\
	cublasStatus_t cublas##P##getrsBatched(cublasHandle_t h, cublasOperation_t trans, int n, int nrhs, \
					       const T *const Aarray[], int lda, const int *devIpiv,	\
					       T *const Barray[], int ldb, int *info, int batchSize)	\
	{												\
		if (!h)											\
			return CUBLAS_STATUS_NOT_INITIALIZED;						\
		if (!info)										\
			return CUBLAS_STATUS_INVALID_VALUE;						\
		*info = -getrs_bad(trans, n, nrhs, Aarray, lda, Barray, ldb, batchSize);		\
		CUBLAS_START(h, *info);									\
		char t = lapack_trans(trans);								\
		int *ident = devIpiv ? NULL : identity_pivots(n);					\
		if (!devIpiv && !ident)									\
			return CUBLAS_STATUS_ALLOC_FAILED;						\
		for (int i = 0; n && nrhs && i < batchSize; i++) {					\
			lapack_int inf = 0;								\
			LAPACK_##p##getrs(&t, &n, &nrhs, (const CUBLAS_IT(P) *)Aarray[i], &lda,	\
					  devIpiv ? devIpiv + (size_t)i * n : ident,			\
					  (CUBLAS_IT(P) *)Barray[i], &ldb, &inf);			\
		}											\
		free(ident);										\
		return CUBLAS_STATUS_SUCCESS;								\
	}												\
	cublasStatus_t cublas##P##getriBatched(cublasHandle_t h, int n, const T *const Aarray[], int lda, \
					       const int *PivotArray, T *const Carray[], int ldc,	\
					       int *infoArray, int batchSize)				\
	{												\
		CUBLAS_START(h, n < 0 || lda < cublas_max1(n) || ldc < cublas_max1(n) ||		\
				       batchSize < 0 ||							\
				       (batchSize && (!Aarray || !Carray || !infoArray)));		\
		for (int i = 0; i < batchSize; i++) {							\
			copy_square(Carray[i], ldc, Aarray[i], lda, n, sizeof(T));			\
			cublasStatus_t st = P##invert(n, (CUBLAS_IT(P) *)Carray[i], ldc,		\
						      PivotArray ? PivotArray + (size_t)i * n : NULL,	\
						      &infoArray[i]);					\
			if (st)										\
				return st;								\
		}											\
		return CUBLAS_STATUS_SUCCESS;								\
	}												\
	cublasStatus_t cublas##P##matinvBatched(cublasHandle_t h, int n, const T *const A[], int lda,	\
						T *const Ainv[], int lda_inv, int *info, int batchSize)	\
	{												\
		CUBLAS_START(h, n < 0 || n > MATINV_MAX_N || lda < cublas_max1(n) ||			\
				       lda_inv < cublas_max1(n) || batchSize < 0 ||			\
				       (batchSize && (!A || !Ainv || !info)));				\
		for (int i = 0; i < batchSize; i++) {							\
			CUBLAS_IT(P) *c = (CUBLAS_IT(P) *)Ainv[i];					\
			int piv[MATINV_MAX_N];								\
			lapack_int inf = 0;								\
			copy_square(c, lda_inv, A[i], lda, n, sizeof(T));				\
			if (n)										\
				LAPACK_##p##getrf(&n, &n, c, &lda_inv, piv, &inf);			\
			if (inf) {									\
				info[i] = inf;								\
				continue;								\
			}										\
			cublasStatus_t st = P##invert(n, c, lda_inv, piv, &info[i]);			\
			if (st)										\
				return st;								\
		}											\
		return CUBLAS_STATUS_SUCCESS;								\
	}

GEN_LU_BATCHED(S, s, float)
GEN_LU_BATCHED(D, d, double)
GEN_LU_BATCHED(C, c, cuComplex)
GEN_LU_BATCHED(Z, z, cuDoubleComplex)
