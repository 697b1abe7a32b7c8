// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the rank-2k updates of one triangle of C, S/D/C/Z.
 *
 *   syr2k  C = alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C   CBLAS's syr2k
 *   her2k  C = alpha op(A) op(B)^H + conj(alpha) op(B) op(A)^H + beta C, beta real   CBLAS's her2k
 *   syrkx  C = alpha op(A) op(B)^T + beta C   cuBLAS's own (no BLAS routine)
 *   herkx  C = alpha op(A) op(B)^H + beta C, beta real   cuBLAS's own
 *
 * syrkx/herkx are one CBLAS gemm per column of C over that column's rows in
 * the triangle (uplo): the other triangle is never written, as cuBLAS's.
 * herkx and her2k leave the diagonal real (its imaginary part 0), as the
 * reference BLAS's her2k does.  cublasXt's forms (xt_blas.c) call these.
 */
#include "cublas_internal.h"

/* trans and the sizes of syr2k/syrkx (complex: N or T) and her2k/herkx (N or C); 1 when bad */
static int rank2k_bad(cublasFillMode_t uplo, cublasOperation_t trans, int n, int k, int lda, int ldb, int ldc,
		      int hermitian, int complex_type)
{
	int ok_op = trans == CUBLAS_OP_N || (hermitian ? trans == CUBLAS_OP_C : trans == CUBLAS_OP_T) ||
		    (!complex_type && trans == CUBLAS_OP_C);
	int rows = trans == CUBLAS_OP_N ? n : k;

	return !cublas_fill_ok(uplo) || !ok_op || n < 0 || k < 0 || lda < cublas_max1(rows) ||
	       ldb < cublas_max1(rows) || ldc < cublas_max1(n);
}

/*
 * C's triangle = alpha op(A) op(B)^T (herm: ^H) + beta C, a gemm per column j
 * over its rows r0 .. r0+len-1 in the triangle.  Row i of op(A) is A's row i
 * (trans N) or column i (T, C); column j of op(B)^T is B's row j (trans N:
 * gemm's op T, or C for ^H) or column j (T, C: op N).
 */
#define GEN_RANKX(P, T)												\
	static void rankx_##P(cublasFillMode_t uplo, cublasOperation_t trans, int n, int k, const T *alpha,	\
			      const T *a, int lda, const T *b, int ldb, const T *beta, T *c, int ldc, int herm)	\
	{													\
		enum CBLAS_TRANSPOSE ta = cblas_op(trans), tb = trans == CUBLAS_OP_N ?				\
							(herm ? CblasConjTrans : CblasTrans) : CblasNoTrans;	\
		for (int j = 0; j < n; j++) {									\
			int r0 = uplo == CUBLAS_FILL_MODE_UPPER ? 0 : j;					\
			int len = uplo == CUBLAS_FILL_MODE_UPPER ? j + 1 : n - j;				\
			const T *as = trans == CUBLAS_OP_N ? a + r0 : a + (long)r0 * lda;			\
			const T *bs = trans == CUBLAS_OP_N ? b + j : b + (long)j * ldb;			\
			CUBLAS_CB(P, gemm)(CblasColMajor, ta, tb, len, 1, k, CUBLAS_ARG(P, alpha), as, lda, bs,	\
					   ldb, CUBLAS_ARG(P, beta), c + r0 + (long)j * ldc, ldc);		\
		}												\
	}
GEN_RANKX(S, float)
GEN_RANKX(D, double)
GEN_RANKX(C, cuComplex)
GEN_RANKX(Z, cuDoubleComplex)

#define GEN_SYR2K(P, T, R)											\
	cublasStatus_t cublas##P##syr2k(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
					int k, const T *alpha, const T *a, int lda, const T *b, int ldb,	\
					const T *beta, T *c, int ldc)						\
	{													\
		CUBLAS_START(h, rank2k_bad(uplo, trans, n, k, lda, ldb, ldc, 0, sizeof(T) != sizeof(R)) ||	\
				       !alpha || !beta);							\
		if (n > 0)											\
			CUBLAS_CB(P, syr2k)(CblasColMajor, cblas_fill(uplo), cblas_op(trans), n, k,		\
					    CUBLAS_ARG(P, alpha), a, lda, b, ldb, CUBLAS_ARG(P, beta), c, ldc);	\
		return CUBLAS_STATUS_SUCCESS;									\
	}													\
	cublasStatus_t cublas##P##syrkx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
					int k, const T *alpha, const T *a, int lda, const T *b, int ldb,	\
					const T *beta, T *c, int ldc)						\
	{													\
		CUBLAS_START(h, rank2k_bad(uplo, trans, n, k, lda, ldb, ldc, 0, sizeof(T) != sizeof(R)) ||	\
				       !alpha || !beta);							\
		rankx_##P(uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc, 0);				\
		return CUBLAS_STATUS_SUCCESS;									\
	}
CUBLAS_FOR_ALL(GEN_SYR2K)

/* the imaginary parts of C's diagonal set to 0 (a Hermitian matrix's diagonal is real) */
#define GEN_HER2K(P, T, R)											\
	static void real_diagonal_##P(T *c, int n, int ldc)							\
	{													\
		for (int j = 0; j < n; j++)									\
			c[j + (long)j * ldc].y = 0;								\
	}													\
	cublasStatus_t cublas##P##her2k(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
					int k, const T *alpha, const T *a, int lda, const T *b, int ldb,	\
					const R *beta, T *c, int ldc)						\
	{													\
		CUBLAS_START(h, rank2k_bad(uplo, trans, n, k, lda, ldb, ldc, 1, 1) || !alpha || !beta);	\
		if (n > 0)											\
			CUBLAS_CB(P, her2k)(CblasColMajor, cblas_fill(uplo), cblas_op(trans), n, k, alpha, a,	\
					    lda, b, ldb, *beta, c, ldc);					\
		return CUBLAS_STATUS_SUCCESS;									\
	}													\
	cublasStatus_t cublas##P##herkx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
					int k, const T *alpha, const T *a, int lda, const T *b, int ldb,	\
					const R *beta, T *c, int ldc)						\
	{													\
		CUBLAS_START(h, rank2k_bad(uplo, trans, n, k, lda, ldb, ldc, 1, 1) || !alpha || !beta);	\
		T beta_c = { *beta, 0 };									\
		rankx_##P(uplo, trans, n, k, alpha, a, lda, b, ldb, &beta_c, c, ldc, 1);			\
		real_diagonal_##P(c, n, ldc);									\
		return CUBLAS_STATUS_SUCCESS;									\
	}
GEN_HER2K(C, cuComplex, float)
GEN_HER2K(Z, cuDoubleComplex, double)
