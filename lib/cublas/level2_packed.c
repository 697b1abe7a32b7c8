// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the level 2 routines on banded, packed and symmetric or
 * Hermitian storage, and the rank-1 and rank-2 updates: gbmv, tbmv, tbsv,
 * tpmv, tpsv (every precision), sbmv, spmv, spr, spr2 (real), hbmv, hpmv,
 * her, her2, hpr, hpr2 (complex), syr and syr2 (every precision).  Each is
 * OpenBLAS's CBLAS routine, column-major; the complex symmetric (not
 * Hermitian) syr and syr2 have none and are loops here.  Arguments are
 * checked as cuBLAS checks them (CUBLAS_STATUS_INVALID_VALUE), before the
 * stream.
 */
#include "cublas_internal.h"

#define UPLO_OK(u)	cublas_fill_ok(u)
#define TRI_OK(u, t, d) (cublas_fill_ok(u) && cublas_op_ok(t) && cublas_diag_ok(d))

#define GEN_BANDED(P, T, R)                                                                        \
	cublasStatus_t cublas##P##gbmv(cublasHandle_t h, cublasOperation_t trans, int m, int n,    \
				       int kl, int ku, const T *alpha, const T *a, int lda,        \
				       const T *x, int incx, const T *beta, T *y, int incy)        \
	{                                                                                          \
		CUBLAS_START(h, !cublas_op_ok(trans) || m < 0 || n < 0 || kl < 0 || ku < 0 ||      \
				    lda < kl + ku + 1 || !incx || !incy || !alpha || !beta);       \
		if (m > 0 && n > 0)                                                                \
			CUBLAS_CB(P, gbmv)                                                         \
			(CblasColMajor, cblas_op(trans), m, n, kl, ku, CUBLAS_ARG(P, alpha), a,    \
			 lda, x, incx, CUBLAS_ARG(P, beta), y, incy);                              \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##tbmv(cublasHandle_t h, cublasFillMode_t uplo,                    \
				       cublasOperation_t trans, cublasDiagType_t diag, int n,      \
				       int k, const T *a, int lda, T *x, int incx)                 \
	{                                                                                          \
		CUBLAS_START(h, !TRI_OK(uplo, trans, diag) || n < 0 || k < 0 || lda < k + 1 ||     \
				    !incx);                                                        \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, tbmv)                                                         \
			(CblasColMajor, cblas_fill(uplo), cblas_op(trans), cblas_diag(diag), n, k, \
			 a, lda, x, incx);                                                         \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##tbsv(cublasHandle_t h, cublasFillMode_t uplo,                    \
				       cublasOperation_t trans, cublasDiagType_t diag, int n,      \
				       int k, const T *a, int lda, T *x, int incx)                 \
	{                                                                                          \
		CUBLAS_START(h, !TRI_OK(uplo, trans, diag) || n < 0 || k < 0 || lda < k + 1 ||     \
				    !incx);                                                        \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, tbsv)                                                         \
			(CblasColMajor, cblas_fill(uplo), cblas_op(trans), cblas_diag(diag), n, k, \
			 a, lda, x, incx);                                                         \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##tpmv(cublasHandle_t h, cublasFillMode_t uplo,                    \
				       cublasOperation_t trans, cublasDiagType_t diag, int n,      \
				       const T *ap, T *x, int incx)                                \
	{                                                                                          \
		CUBLAS_START(h, !TRI_OK(uplo, trans, diag) || n < 0 || !incx);                     \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, tpmv)                                                         \
			(CblasColMajor, cblas_fill(uplo), cblas_op(trans), cblas_diag(diag), n,    \
			 ap, x, incx);                                                             \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##tpsv(cublasHandle_t h, cublasFillMode_t uplo,                    \
				       cublasOperation_t trans, cublasDiagType_t diag, int n,      \
				       const T *ap, T *x, int incx)                                \
	{                                                                                          \
		CUBLAS_START(h, !TRI_OK(uplo, trans, diag) || n < 0 || !incx);                     \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, tpsv)                                                         \
			(CblasColMajor, cblas_fill(uplo), cblas_op(trans), cblas_diag(diag), n,    \
			 ap, x, incx);                                                             \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}
CUBLAS_FOR_ALL(GEN_BANDED)

/* sbmv, spmv, spr, spr2, syr, syr2 of the real precisions; R is T */
#define GEN_REAL_SYM(P, T)                                                                         \
	cublasStatus_t cublas##P##sbmv(cublasHandle_t h, cublasFillMode_t uplo, int n, int k,      \
				       const T *alpha, const T *a, int lda, const T *x, int incx,  \
				       const T *beta, T *y, int incy)                              \
	{                                                                                          \
		CUBLAS_START(h, !UPLO_OK(uplo) || n < 0 || k < 0 || lda < k + 1 || !incx ||        \
				    !incy || !alpha || !beta);                                     \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, sbmv)                                                         \
			(CblasColMajor, cblas_fill(uplo), n, k, *alpha, a, lda, x, incx, *beta, y, \
			 incy);                                                                    \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##spmv(cublasHandle_t h, cublasFillMode_t uplo, int n,             \
				       const T *alpha, const T *ap, const T *x, int incx,          \
				       const T *beta, T *y, int incy)                              \
	{                                                                                          \
		CUBLAS_START(h, !UPLO_OK(uplo) || n < 0 || !incx || !incy || !alpha || !beta);     \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, spmv)                                                         \
			(CblasColMajor, cblas_fill(uplo), n, *alpha, ap, x, incx, *beta, y, incy); \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##spr(cublasHandle_t h, cublasFillMode_t uplo, int n,              \
				      const T *alpha, const T *x, int incx, T *ap)                 \
	{                                                                                          \
		CUBLAS_START(h, !UPLO_OK(uplo) || n < 0 || !incx || !alpha);                       \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, spr)                                                          \
			(CblasColMajor, cblas_fill(uplo), n, *alpha, x, incx, ap);                 \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##spr2(cublasHandle_t h, cublasFillMode_t uplo, int n,             \
				       const T *alpha, const T *x, int incx, const T *y, int incy, \
				       T *ap)                                                      \
	{                                                                                          \
		CUBLAS_START(h, !UPLO_OK(uplo) || n < 0 || !incx || !incy || !alpha);              \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, spr2)                                                         \
			(CblasColMajor, cblas_fill(uplo), n, *alpha, x, incx, y, incy, ap);        \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##syr(cublasHandle_t h, cublasFillMode_t uplo, int n,              \
				      const T *alpha, const T *x, int incx, T *a, int lda)         \
	{                                                                                          \
		CUBLAS_START(h,                                                                    \
			     !UPLO_OK(uplo) || n < 0 || lda < cublas_max1(n) || !incx || !alpha);  \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, syr)                                                          \
			(CblasColMajor, cblas_fill(uplo), n, *alpha, x, incx, a, lda);             \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##syr2(cublasHandle_t h, cublasFillMode_t uplo, int n,             \
				       const T *alpha, const T *x, int incx, const T *y, int incy, \
				       T *a, int lda)                                              \
	{                                                                                          \
		CUBLAS_START(h, !UPLO_OK(uplo) || n < 0 || lda < cublas_max1(n) || !incx ||        \
				    !incy || !alpha);                                              \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, syr2)                                                         \
			(CblasColMajor, cblas_fill(uplo), n, *alpha, x, incx, y, incy, a, lda);    \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}
GEN_REAL_SYM(S, float)
GEN_REAL_SYM(D, double)

/* hbmv, hpmv, her, her2, hpr, hpr2 of the complex precisions, R the real type */
#define GEN_HERM(P, T, R)                                                                          \
	cublasStatus_t cublas##P##hbmv(cublasHandle_t h, cublasFillMode_t uplo, int n, int k,      \
				       const T *alpha, const T *a, int lda, const T *x, int incx,  \
				       const T *beta, T *y, int incy)                              \
	{                                                                                          \
		CUBLAS_START(h, !UPLO_OK(uplo) || n < 0 || k < 0 || lda < k + 1 || !incx ||        \
				    !incy || !alpha || !beta);                                     \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, hbmv)                                                         \
			(CblasColMajor, cblas_fill(uplo), n, k, alpha, a, lda, x, incx, beta, y,   \
			 incy);                                                                    \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##hpmv(cublasHandle_t h, cublasFillMode_t uplo, int n,             \
				       const T *alpha, const T *ap, const T *x, int incx,          \
				       const T *beta, T *y, int incy)                              \
	{                                                                                          \
		CUBLAS_START(h, !UPLO_OK(uplo) || n < 0 || !incx || !incy || !alpha || !beta);     \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, hpmv)                                                         \
			(CblasColMajor, cblas_fill(uplo), n, alpha, ap, x, incx, beta, y, incy);   \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##her(cublasHandle_t h, cublasFillMode_t uplo, int n,              \
				      const R *alpha, const T *x, int incx, T *a, int lda)         \
	{                                                                                          \
		CUBLAS_START(h,                                                                    \
			     !UPLO_OK(uplo) || n < 0 || lda < cublas_max1(n) || !incx || !alpha);  \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, her)                                                          \
			(CblasColMajor, cblas_fill(uplo), n, *alpha, x, incx, a, lda);             \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##her2(cublasHandle_t h, cublasFillMode_t uplo, int n,             \
				       const T *alpha, const T *x, int incx, const T *y, int incy, \
				       T *a, int lda)                                              \
	{                                                                                          \
		CUBLAS_START(h, !UPLO_OK(uplo) || n < 0 || lda < cublas_max1(n) || !incx ||        \
				    !incy || !alpha);                                              \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, her2)                                                         \
			(CblasColMajor, cblas_fill(uplo), n, alpha, x, incx, y, incy, a, lda);     \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##hpr(cublasHandle_t h, cublasFillMode_t uplo, int n,              \
				      const R *alpha, const T *x, int incx, T *ap)                 \
	{                                                                                          \
		CUBLAS_START(h, !UPLO_OK(uplo) || n < 0 || !incx || !alpha);                       \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, hpr)                                                          \
			(CblasColMajor, cblas_fill(uplo), n, *alpha, x, incx, ap);                 \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##hpr2(cublasHandle_t h, cublasFillMode_t uplo, int n,             \
				       const T *alpha, const T *x, int incx, const T *y, int incy, \
				       T *ap)                                                      \
	{                                                                                          \
		CUBLAS_START(h, !UPLO_OK(uplo) || n < 0 || !incx || !incy || !alpha);              \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, hpr2)                                                         \
			(CblasColMajor, cblas_fill(uplo), n, alpha, x, incx, y, incy, ap);         \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}
GEN_HERM(C, cuComplex, float)
GEN_HERM(Z, cuDoubleComplex, double)

/*
 * A += alpha x x^T (syr) or alpha (x y^T + y x^T) (syr2), A complex
 * symmetric, the triangle uplo names: no conjugate, so no CBLAS routine.
 * y is x for syr.
 */
#define GEN_CSYR(P, T)                                                                             \
	static void P##syr_update(cublasFillMode_t uplo, int n, CUBLAS_IT(P) al,                   \
				  const CUBLAS_IT(P) * x, int incx, const CUBLAS_IT(P) * y,        \
				  int incy, CUBLAS_IT(P) * a, int lda, int two)                    \
	{                                                                                          \
		for (int j = 0; j < n; j++) {                                                      \
			int lo = uplo == CUBLAS_FILL_MODE_UPPER ? 0 : j;                           \
			int hi = uplo == CUBLAS_FILL_MODE_UPPER ? j : n - 1;                       \
			CUBLAS_IT(P) xj = CUBLAS_VEC_AT(x, j, n, incx), yj = CUBLAS_VEC_AT(y, j, n, incy);       \
			for (int i = lo; i <= hi; i++) {                                           \
				CUBLAS_IT(P)                                                       \
				xi = CUBLAS_VEC_AT(x, i, n, incx),                                        \
				yi = CUBLAS_VEC_AT(y, i, n, incy);                                        \
				a[i + (long)j * lda] +=                                            \
				    two ? al * (xi * yj + yi * xj) : al * xi * xj;                 \
			}                                                                          \
		}                                                                                  \
	}                                                                                          \
	cublasStatus_t cublas##P##syr(cublasHandle_t h, cublasFillMode_t uplo, int n,              \
				      const T *alpha, const T *x, int incx, T *a, int lda)         \
	{                                                                                          \
		CUBLAS_START(h,                                                                    \
			     !UPLO_OK(uplo) || n < 0 || lda < cublas_max1(n) || !incx || !alpha);  \
		P##syr_update(uplo, n, *(const CUBLAS_IT(P) *)alpha, (const CUBLAS_IT(P) *)x,      \
			      incx, (const CUBLAS_IT(P) *)x, incx, (CUBLAS_IT(P) *)a, lda, 0);     \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##syr2(cublasHandle_t h, cublasFillMode_t uplo, int n,             \
				       const T *alpha, const T *x, int incx, const T *y, int incy, \
				       T *a, int lda)                                              \
	{                                                                                          \
		CUBLAS_START(h, !UPLO_OK(uplo) || n < 0 || lda < cublas_max1(n) || !incx ||        \
				    !incy || !alpha);                                              \
		P##syr_update(uplo, n, *(const CUBLAS_IT(P) *)alpha, (const CUBLAS_IT(P) *)x,      \
			      incx, (const CUBLAS_IT(P) *)y, incy, (CUBLAS_IT(P) *)a, lda, 1);     \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}
GEN_CSYR(C, cuComplex)
GEN_CSYR(Z, cuDoubleComplex)
