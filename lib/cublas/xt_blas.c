// SPDX-License-Identifier: MIT
/*
 * lib/cublas: cublasXt's level-3 routines, each the v2 routine of the same
 * name on the handle's v2 handle (its checks, statuses and OpenBLAS call),
 * after the size_t sizes are checked to fit an int.  spmm (a symmetric
 * matrix in packed storage times B) has no v2 or CBLAS form: the packed
 * triangle is expanded into a full symmetric matrix for symm.
 */
#include <stdlib.h>
#include <string.h>
#include "xt_internal.h"

/* Packed (uplo, column-major) to full n x n: both triangles, symmetric (not Hermitian, as spmm). */
static void unpack_symmetric(const void *ap, void *full, size_t n, cublasFillMode_t uplo, size_t elem)
{
	for (size_t j = 0; j < n; j++)
		for (size_t i = 0; i < n; i++) {
			size_t r = i < j ? i : j, c = i < j ? j : i;	/* (r, c) in the upper triangle */
			size_t at = uplo == CUBLAS_FILL_MODE_UPPER ? r + c * (c + 1) / 2
								   : c + r * (2 * n - r - 1) / 2;

			memcpy((char *)full + (i + j * n) * elem, (const char *)ap + at * elem, elem);
		}
}

#define GEN_XT_L3(P, T, R)											\
	cublasStatus_t cublasXt##P##gemm(cublasXtHandle_t h, cublasOperation_t transa, cublasOperation_t transb, \
					 size_t m, size_t n, size_t k, const T *alpha, const T *A, size_t lda,	\
					 const T *B, size_t ldb, const T *beta, T *C, size_t ldc)		\
	{													\
		XT_START(h, m, n, k, lda, ldb, ldc);								\
		return cublas##P##gemm(h->blas, transa, transb, (int)m, (int)n, (int)k, alpha, A, (int)lda, B,	\
				       (int)ldb, beta, C, (int)ldc);						\
	}													\
	cublasStatus_t cublasXt##P##syrk(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					 size_t n, size_t k, const T *alpha, const T *A, size_t lda,		\
					 const T *beta, T *C, size_t ldc)					\
	{													\
		XT_START(h, n, k, lda, ldc);									\
		return cublas##P##syrk(h->blas, uplo, trans, (int)n, (int)k, alpha, A, (int)lda, beta, C,	\
				       (int)ldc);								\
	}													\
	cublasStatus_t cublasXt##P##syr2k(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					  size_t n, size_t k, const T *alpha, const T *A, size_t lda,		\
					  const T *B, size_t ldb, const T *beta, T *C, size_t ldc)		\
	{													\
		XT_START(h, n, k, lda, ldb, ldc);								\
		return cublas##P##syr2k(h->blas, uplo, trans, (int)n, (int)k, alpha, A, (int)lda, B, (int)ldb,	\
					beta, C, (int)ldc);							\
	}													\
	cublasStatus_t cublasXt##P##syrkx(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					  size_t n, size_t k, const T *alpha, const T *A, size_t lda,		\
					  const T *B, size_t ldb, const T *beta, T *C, size_t ldc)		\
	{													\
		XT_START(h, n, k, lda, ldb, ldc);								\
		return cublas##P##syrkx(h->blas, uplo, trans, (int)n, (int)k, alpha, A, (int)lda, B, (int)ldb,	\
					beta, C, (int)ldc);							\
	}													\
	cublasStatus_t cublasXt##P##trsm(cublasXtHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
					 cublasOperation_t trans, cublasDiagType_t diag, size_t m, size_t n,	\
					 const T *alpha, const T *A, size_t lda, T *B, size_t ldb)		\
	{													\
		XT_START(h, m, n, lda, ldb);									\
		return cublas##P##trsm(h->blas, side, uplo, trans, diag, (int)m, (int)n, alpha, A, (int)lda, B,	\
				       (int)ldb);								\
	}													\
	cublasStatus_t cublasXt##P##symm(cublasXtHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
					 size_t m, size_t n, const T *alpha, const T *A, size_t lda,		\
					 const T *B, size_t ldb, const T *beta, T *C, size_t ldc)		\
	{													\
		XT_START(h, m, n, lda, ldb, ldc);								\
		return cublas##P##symm(h->blas, side, uplo, (int)m, (int)n, alpha, A, (int)lda, B, (int)ldb,	\
				       beta, C, (int)ldc);							\
	}													\
	cublasStatus_t cublasXt##P##trmm(cublasXtHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
					 cublasOperation_t trans, cublasDiagType_t diag, size_t m, size_t n,	\
					 const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, T *C,	\
					 size_t ldc)								\
	{													\
		XT_START(h, m, n, lda, ldb, ldc);								\
		return cublas##P##trmm(h->blas, side, uplo, trans, diag, (int)m, (int)n, alpha, A, (int)lda, B,	\
				       (int)ldb, C, (int)ldc);							\
	}													\
	cublasStatus_t cublasXt##P##spmm(cublasXtHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
					 size_t m, size_t n, const T *alpha, const T *AP, const T *B,		\
					 size_t ldb, const T *beta, T *C, size_t ldc)				\
	{													\
		size_t dim = side == CUBLAS_SIDE_LEFT ? m : n;							\
		cublasStatus_t st;										\
		T *full;											\
		XT_START(h, m, n, ldb, ldc);									\
		if (!cublas_side_ok(side) || !cublas_fill_ok(uplo) || (!AP && m > 0 && n > 0))		\
			return CUBLAS_STATUS_INVALID_VALUE;							\
		if (m == 0 || n == 0)	/* symm's checks, nothing to expand */				\
			return cublas##P##symm(h->blas, side, uplo, (int)m, (int)n, alpha, NULL,	\
					       (int)(dim ? dim : 1), B, (int)ldb, beta, C, (int)ldc);				\
		full = malloc(dim * dim * sizeof(T));								\
		if (!full)											\
			return CUBLAS_STATUS_ALLOC_FAILED;							\
		unpack_symmetric(AP, full, dim, uplo, sizeof(T));						\
		st = cublas##P##symm(h->blas, side, uplo, (int)m, (int)n, alpha, full, (int)dim, B, (int)ldb,	\
				     beta, C, (int)ldc);							\
		free(full);											\
		return st;											\
	}
CUBLAS_FOR_ALL(GEN_XT_L3)

#define GEN_XT_HERM(P, T, R)											\
	cublasStatus_t cublasXt##P##herk(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					 size_t n, size_t k, const R *alpha, const T *A, size_t lda,		\
					 const R *beta, T *C, size_t ldc)					\
	{													\
		XT_START(h, n, k, lda, ldc);									\
		return cublas##P##herk(h->blas, uplo, trans, (int)n, (int)k, alpha, A, (int)lda, beta, C,	\
				       (int)ldc);								\
	}													\
	cublasStatus_t cublasXt##P##her2k(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					  size_t n, size_t k, const T *alpha, const T *A, size_t lda,		\
					  const T *B, size_t ldb, const R *beta, T *C, size_t ldc)		\
	{													\
		XT_START(h, n, k, lda, ldb, ldc);								\
		return cublas##P##her2k(h->blas, uplo, trans, (int)n, (int)k, alpha, A, (int)lda, B, (int)ldb,	\
					beta, C, (int)ldc);							\
	}													\
	cublasStatus_t cublasXt##P##herkx(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					  size_t n, size_t k, const T *alpha, const T *A, size_t lda,		\
					  const T *B, size_t ldb, const R *beta, T *C, size_t ldc)		\
	{													\
		XT_START(h, n, k, lda, ldb, ldc);								\
		return cublas##P##herkx(h->blas, uplo, trans, (int)n, (int)k, alpha, A, (int)lda, B, (int)ldb,	\
					beta, C, (int)ldc);							\
	}													\
	cublasStatus_t cublasXt##P##hemm(cublasXtHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
					 size_t m, size_t n, const T *alpha, const T *A, size_t lda,		\
					 const T *B, size_t ldb, const T *beta, T *C, size_t ldc)		\
	{													\
		XT_START(h, m, n, lda, ldb, ldc);								\
		return cublas##P##hemm(h->blas, side, uplo, (int)m, (int)n, alpha, A, (int)lda, B, (int)ldb,	\
				       beta, C, (int)ldc);							\
	}
GEN_XT_HERM(C, cuComplex, float)
GEN_XT_HERM(Z, cuDoubleComplex, double)
