// SPDX-License-Identifier: MIT
/*
 * lib/cublas: level 3 (matrix-matrix) on OpenBLAS's CBLAS, column-major.
 * cuBLAS's trmm is out of place (C = alpha op(A) B): B is copied into C,
 * then CBLAS's in-place trmm runs on C.  geam (C = alpha op(A) + beta op(B),
 * a cuBLAS extension with no BLAS routine) is a loop.
 */
#include <string.h>
#include "cublas_internal.h"

/* B (m x n, ldb) into C (ldc), column by column; nothing when they are the same matrix */
static void copy_cols(const void *b, int ldb, void *c, int ldc, int m, int n, size_t elem)
{
	if (b == c && ldb == ldc)
		return;
	for (int j = 0; j < n; j++)
		memmove((char *)c + (size_t)j * ldc * elem, (const char *)b + (size_t)j * ldb * elem, m * elem);
}

#define GEN_LEVEL3(P, T, R)											\
	cublasStatus_t cublas##P##gemm(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,	\
				       int m, int n, int k, const T *alpha, const T *a, int lda, const T *b,	\
				       int ldb, const T *beta, T *c, int ldc)					\
	{													\
		CUBLAS_START_MM(h, cublas_gemm_check(transa, transb, m, n, k, lda, ldb, ldc) || !alpha || !beta, P, \
				CUBLAS_MM_GEMM, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);	\
		if (m > 0 && n > 0)										\
			CUBLAS_CB(P, gemm)(CblasColMajor, cblas_op(transa), cblas_op(transb), m, n, k,		\
					   CUBLAS_ARG(P, alpha), a, lda, b, ldb, CUBLAS_ARG(P, beta), c, ldc);	\
		return CUBLAS_STATUS_SUCCESS;									\
	}													\
	cublasStatus_t cublas##P##symm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m,	\
				       int n, const T *alpha, const T *a, int lda, const T *b, int ldb,	\
				       const T *beta, T *c, int ldc)						\
	{													\
		CUBLAS_START(h, !cublas_side_ok(side) || !cublas_fill_ok(uplo) || m < 0 || n < 0 ||		\
				       lda < cublas_max1(side == CUBLAS_SIDE_LEFT ? m : n) ||			\
				       ldb < cublas_max1(m) || ldc < cublas_max1(m) || !alpha || !beta);	\
		if (m > 0 && n > 0)										\
			CUBLAS_CB(P, symm)(CblasColMajor, cblas_side(side), cblas_fill(uplo), m, n,		\
					   CUBLAS_ARG(P, alpha), a, lda, b, ldb, CUBLAS_ARG(P, beta), c, ldc);	\
		return CUBLAS_STATUS_SUCCESS;									\
	}													\
	cublasStatus_t cublas##P##syrk(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
				       int k, const T *alpha, const T *a, int lda, const T *beta, T *c, int ldc) \
	{													\
		/* complex syrk: N or T only (C is herk's) */							\
		int ok_op = trans == CUBLAS_OP_N || trans == CUBLAS_OP_T ||					\
			    (trans == CUBLAS_OP_C && sizeof(T) == sizeof(R));					\
		CUBLAS_START(h, !cublas_fill_ok(uplo) || !ok_op || n < 0 || k < 0 ||				\
				       lda < cublas_max1(trans == CUBLAS_OP_N ? n : k) || ldc < cublas_max1(n) || \
				       !alpha || !beta);							\
		if (n > 0)											\
			CUBLAS_CB(P, syrk)(CblasColMajor, cblas_fill(uplo), cblas_op(trans), n, k,		\
					   CUBLAS_ARG(P, alpha), a, lda, CUBLAS_ARG(P, beta), c, ldc);		\
		return CUBLAS_STATUS_SUCCESS;									\
	}													\
	cublasStatus_t cublas##P##trsm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,		\
				       cublasOperation_t trans, cublasDiagType_t diag, int m, int n,		\
				       const T *alpha, const T *a, int lda, T *b, int ldb)			\
	{													\
		CUBLAS_START(h, !cublas_side_ok(side) || !cublas_fill_ok(uplo) || !cublas_op_ok(trans) ||	\
				       !cublas_diag_ok(diag) || m < 0 || n < 0 ||				\
				       lda < cublas_max1(side == CUBLAS_SIDE_LEFT ? m : n) ||			\
				       ldb < cublas_max1(m) || !alpha);						\
		if (m > 0 && n > 0)										\
			CUBLAS_CB(P, trsm)(CblasColMajor, cblas_side(side), cblas_fill(uplo), cblas_op(trans),	\
					   cblas_diag(diag), m, n, CUBLAS_ARG(P, alpha), a, lda, b, ldb);	\
		return CUBLAS_STATUS_SUCCESS;									\
	}													\
	cublasStatus_t cublas##P##trmm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,		\
				       cublasOperation_t trans, cublasDiagType_t diag, int m, int n,		\
				       const T *alpha, const T *a, int lda, const T *b, int ldb, T *c, int ldc) \
	{													\
		CUBLAS_START(h, !cublas_side_ok(side) || !cublas_fill_ok(uplo) || !cublas_op_ok(trans) ||	\
				       !cublas_diag_ok(diag) || m < 0 || n < 0 ||				\
				       lda < cublas_max1(side == CUBLAS_SIDE_LEFT ? m : n) ||			\
				       ldb < cublas_max1(m) || ldc < cublas_max1(m) || !alpha ||		\
				       (b == c && ldb != ldc));							\
		if (m > 0 && n > 0) {										\
			copy_cols(b, ldb, c, ldc, m, n, sizeof(T));						\
			CUBLAS_CB(P, trmm)(CblasColMajor, cblas_side(side), cblas_fill(uplo), cblas_op(trans),	\
					   cblas_diag(diag), m, n, CUBLAS_ARG(P, alpha), a, lda, c, ldc);	\
		}												\
		return CUBLAS_STATUS_SUCCESS;									\
	}													\
	cublasStatus_t cublas##P##geam(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,	\
				       int m, int n, const T *alpha, const T *a, int lda, const T *beta,	\
				       const T *b, int ldb, T *c, int ldc)					\
	{													\
		typedef CUBLAS_IT(P) it;									\
		CUBLAS_START(h, !cublas_op_ok(transa) || !cublas_op_ok(transb) || m < 0 || n < 0 ||		\
				       lda < cublas_max1(transa == CUBLAS_OP_N ? m : n) ||			\
				       ldb < cublas_max1(transb == CUBLAS_OP_N ? m : n) || ldc < cublas_max1(m) || \
				       !alpha || !beta);							\
		const it *A = (const it *)a, *B = (const it *)b, al = *(const it *)alpha, be = *(const it *)beta; \
		it *Cm = (it *)c;										\
		/* in place (C is A or B) works element by element only without a transpose */		\
		for (int j = 0; j < n; j++)									\
			for (int i = 0; i < m; i++) {								\
				it va = 0, vb = 0;								\
				if (al != 0)									\
					va = transa == CUBLAS_OP_N ? A[i + (long)j * lda] :			\
					     transa == CUBLAS_OP_T ? A[j + (long)i * lda] :			\
								     CUBLAS_CONJ(P, A[j + (long)i * lda]);	\
				if (be != 0)									\
					vb = transb == CUBLAS_OP_N ? B[i + (long)j * ldb] :			\
					     transb == CUBLAS_OP_T ? B[j + (long)i * ldb] :			\
								     CUBLAS_CONJ(P, B[j + (long)i * ldb]);	\
				Cm[i + (long)j * ldc] = al * va + be * vb;					\
			}											\
		return CUBLAS_STATUS_SUCCESS;									\
	}
CUBLAS_FOR_ALL(GEN_LEVEL3)

#define GEN_HERK(P, T, R)											\
	cublasStatus_t cublas##P##herk(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
				       int k, const R *alpha, const T *a, int lda, const R *beta, T *c, int ldc) \
	{													\
		CUBLAS_START(h, !cublas_fill_ok(uplo) || (trans != CUBLAS_OP_N && trans != CUBLAS_OP_C) ||	\
				       n < 0 || k < 0 || lda < cublas_max1(trans == CUBLAS_OP_N ? n : k) ||	\
				       ldc < cublas_max1(n) || !alpha || !beta);				\
		if (n > 0)											\
			CUBLAS_CB(P, herk)(CblasColMajor, cblas_fill(uplo), cblas_op(trans), n, k, *alpha, a,	\
					   lda, *beta, c, ldc);							\
		return CUBLAS_STATUS_SUCCESS;									\
	}													\
	cublasStatus_t cublas##P##hemm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m,	\
				       int n, const T *alpha, const T *a, int lda, const T *b, int ldb,	\
				       const T *beta, T *c, int ldc)						\
	{													\
		CUBLAS_START(h, !cublas_side_ok(side) || !cublas_fill_ok(uplo) || m < 0 || n < 0 ||		\
				       lda < cublas_max1(side == CUBLAS_SIDE_LEFT ? m : n) ||			\
				       ldb < cublas_max1(m) || ldc < cublas_max1(m) || !alpha || !beta);	\
		if (m > 0 && n > 0)										\
			CUBLAS_CB(P, hemm)(CblasColMajor, cblas_side(side), cblas_fill(uplo), m, n, alpha, a,	\
					   lda, b, ldb, beta, c, ldc);						\
		return CUBLAS_STATUS_SUCCESS;									\
	}
GEN_HERK(C, cuComplex, float)
GEN_HERK(Z, cuDoubleComplex, double)
