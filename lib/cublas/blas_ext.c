// SPDX-License-Identifier: MIT
/*
 * lib/cublas: cuBLAS's BLAS-like extensions without a BLAS routine behind
 * them, as loops: dgmm (C = A diag(x) or diag(x) A), tpttr and trttp
 * (packed <-> full storage of one triangle); and two level-3 forms on the
 * level-3 routines: gemm3m (C/Z: cuBLAS's Gauss three-multiplication
 * gemm; the same product, computed by gemm) and trsmBatched (one trsm per
 * matrix, the pointer arrays read after the stream's earlier work).
 */
#include "cublas_internal.h"

/* the packed index of (i, j) in the triangle uplo of an n x n matrix, by columns */
static long packed_at(cublasFillMode_t uplo, int n, int i, int j)
{
	return uplo == CUBLAS_FILL_MODE_UPPER ? i + (long)j * (j + 1) / 2
					      : i + (long)(2 * n - j - 1) * j / 2;
}

#define GEN_EXT(P, T, R)                                                                           \
	cublasStatus_t cublas##P##dgmm(cublasHandle_t h, cublasSideMode_t mode, int m, int n,      \
				       const T *a, int lda, const T *x, int incx, T *c, int ldc)   \
	{                                                                                          \
		typedef CUBLAS_IT(P) it;                                                           \
		CUBLAS_START(h, !cublas_side_ok(mode) || m < 0 || n < 0 ||                         \
					lda < cublas_max1(m) || ldc < cublas_max1(m));             \
		const it *A = (const it *)a, *X = (const it *)x;                                   \
		it *C = (it *)c;                                                                   \
		int left = mode == CUBLAS_SIDE_LEFT, len = left ? m : n;                           \
		for (int j = 0; j < n; j++)                                                        \
			for (int i = 0; i < m; i++)                                                \
				C[i + (long)j * ldc] = A[i + (long)j * lda] *                      \
						       CUBLAS_VEC_AT(X, left ? i : j, len, incx);         \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##tpttr(cublasHandle_t h, cublasFillMode_t uplo, int n,            \
					const T *ap, T *a, int lda)                                \
	{                                                                                          \
		CUBLAS_START(h, !cublas_fill_ok(uplo) || n < 0 || lda < cublas_max1(n));           \
		for (int j = 0; j < n; j++)                                                        \
			for (int i = uplo == CUBLAS_FILL_MODE_UPPER ? 0 : j;                       \
			     uplo == CUBLAS_FILL_MODE_UPPER ? i <= j : i < n; i++)                 \
				a[i + (long)j * lda] = ap[packed_at(uplo, n, i, j)];               \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##trttp(cublasHandle_t h, cublasFillMode_t uplo, int n,            \
					const T *a, int lda, T *ap)                                \
	{                                                                                          \
		CUBLAS_START(h, !cublas_fill_ok(uplo) || n < 0 || lda < cublas_max1(n));           \
		for (int j = 0; j < n; j++)                                                        \
			for (int i = uplo == CUBLAS_FILL_MODE_UPPER ? 0 : j;                       \
			     uplo == CUBLAS_FILL_MODE_UPPER ? i <= j : i < n; i++)                 \
				ap[packed_at(uplo, n, i, j)] = a[i + (long)j * lda];               \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##trsmBatched(cublasHandle_t h, cublasSideMode_t side,             \
					      cublasFillMode_t uplo, cublasOperation_t trans,      \
					      cublasDiagType_t diag, int m, int n, const T *alpha, \
					      const T *const a[], int lda, T *const b[], int ldb,  \
					      int batch_count)                                     \
	{                                                                                          \
		cublasStatus_t st = CUBLAS_STATUS_SUCCESS;                                         \
		CUBLAS_START(h, batch_count < 0 || (batch_count > 0 && (!a || !b)));               \
		for (int k = 0; k < batch_count && !st; k++)                                       \
			st = cublas##P##trsm(h, side, uplo, trans, diag, m, n, alpha, a[k], lda,   \
					     b[k], ldb);                                           \
		return st;                                                                         \
	}
CUBLAS_FOR_ALL(GEN_EXT)

#define GEN_GEMM3M(P, T)                                                                           \
	cublasStatus_t cublas##P##gemm3m(cublasHandle_t h, cublasOperation_t transa,               \
					 cublasOperation_t transb, int m, int n, int k,            \
					 const T *alpha, const T *a, int lda, const T *b, int ldb, \
					 const T *beta, T *c, int ldc)                             \
	{                                                                                          \
		return cublas##P##gemm(h, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, \
				       ldc);                                                       \
	}
GEN_GEMM3M(C, cuComplex)
GEN_GEMM3M(Z, cuDoubleComplex)
