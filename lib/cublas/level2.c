// SPDX-License-Identifier: MIT
/*
 * lib/cublas: level 2 (matrix-vector) on OpenBLAS's CBLAS, column-major.
 * The complex symmetric (not Hermitian) symv has no CBLAS routine: it is a
 * loop here.
 */
#include "cublas_internal.h"

#define GEN_LEVEL2(P, T, R)											\
	cublasStatus_t cublas##P##gemv(cublasHandle_t h, cublasOperation_t trans, int m, int n, const T *alpha, \
				       const T *a, int lda, const T *x, int incx, const T *beta, T *y, int incy) \
	{													\
		CUBLAS_START_MM(h, !cublas_op_ok(trans) || m < 0 || n < 0 || lda < cublas_max1(m) || !incx ||	\
				       !incy || !alpha || !beta, P, CUBLAS_MM_GEMV, trans, CUBLAS_OP_N, m, n, 0,	\
				alpha, a, lda, x, incx, beta, y, incy);						\
		if (m > 0 && n > 0)										\
			CUBLAS_CB(P, gemv)(CblasColMajor, cblas_op(trans), m, n, CUBLAS_ARG(P, alpha), a, lda, \
					   x, incx, CUBLAS_ARG(P, beta), y, incy);				\
		return CUBLAS_STATUS_SUCCESS;									\
	}													\
	cublasStatus_t cublas##P##trsv(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
				       cublasDiagType_t diag, int n, const T *a, int lda, T *x, int incx)	\
	{													\
		CUBLAS_START(h, !cublas_fill_ok(uplo) || !cublas_op_ok(trans) || !cublas_diag_ok(diag) ||	\
				       n < 0 || lda < cublas_max1(n) || !incx);					\
		if (n > 0)											\
			CUBLAS_CB(P, trsv)(CblasColMajor, cblas_fill(uplo), cblas_op(trans), cblas_diag(diag),	\
					   n, a, lda, x, incx);							\
		return CUBLAS_STATUS_SUCCESS;									\
	}													\
	cublasStatus_t cublas##P##trmv(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
				       cublasDiagType_t diag, int n, const T *a, int lda, T *x, int incx)	\
	{													\
		CUBLAS_START(h, !cublas_fill_ok(uplo) || !cublas_op_ok(trans) || !cublas_diag_ok(diag) ||	\
				       n < 0 || lda < cublas_max1(n) || !incx);					\
		if (n > 0)											\
			CUBLAS_CB(P, trmv)(CblasColMajor, cblas_fill(uplo), cblas_op(trans), cblas_diag(diag),	\
					   n, a, lda, x, incx);							\
		return CUBLAS_STATUS_SUCCESS;									\
	}
CUBLAS_FOR_ALL(GEN_LEVEL2)

#define SYMV_BAD(uplo, n, lda, incx, incy, alpha, beta)						\
	(!cublas_fill_ok(uplo) || n < 0 || lda < cublas_max1(n) || !incx || !incy || !alpha || !beta)

cublasStatus_t cublasSsymv(cublasHandle_t h, cublasFillMode_t uplo, int n, const float *alpha, const float *a,
			   int lda, const float *x, int incx, const float *beta, float *y, int incy)
{
	CUBLAS_START(h, SYMV_BAD(uplo, n, lda, incx, incy, alpha, beta));
	if (n > 0)
		cblas_ssymv(CblasColMajor, cblas_fill(uplo), n, *alpha, a, lda, x, incx, *beta, y, incy);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDsymv(cublasHandle_t h, cublasFillMode_t uplo, int n, const double *alpha, const double *a,
			   int lda, const double *x, int incx, const double *beta, double *y, int incy)
{
	CUBLAS_START(h, SYMV_BAD(uplo, n, lda, incx, incy, alpha, beta));
	if (n > 0)
		cblas_dsymv(CblasColMajor, cblas_fill(uplo), n, *alpha, a, lda, x, incx, *beta, y, incy);
	return CUBLAS_STATUS_SUCCESS;
}

/* y = alpha A x + beta y, A complex symmetric: one triangle stored. */
#define GEN_CSYMV(P, T)											\
	cublasStatus_t cublas##P##symv(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,	\
				       const T *a, int lda, const T *x, int incx, const T *beta, T *y, int incy) \
	{												\
		typedef CUBLAS_IT(P) it;								\
		CUBLAS_START(h, SYMV_BAD(uplo, n, lda, incx, incy, alpha, beta));			\
		const it *A = (const it *)a, *X = (const it *)x, al = *(const it *)alpha;		\
		it *Y = (it *)y, be = *(const it *)beta;						\
		for (int i = 0; i < n; i++) {								\
			it s = 0;									\
			for (int j = 0; j < n; j++) {							\
				int lo = i < j ? i : j, hi = i < j ? j : i;				\
				it aij = uplo == CUBLAS_FILL_MODE_UPPER ? A[lo + (long)hi * lda]	\
									 : A[hi + (long)lo * lda];	\
				s += aij * CUBLAS_VEC_AT(X, j, n, incx);					\
			}										\
			it *yi = &CUBLAS_VEC_AT(Y, i, n, incy);						\
			*yi = al * s + (be == 0 ? 0 : be * *yi);					\
		}											\
		return CUBLAS_STATUS_SUCCESS;								\
	}
GEN_CSYMV(C, cuComplex)
GEN_CSYMV(Z, cuDoubleComplex)

#define GEN_HEMV(P, T)											\
	cublasStatus_t cublas##P##hemv(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,	\
				       const T *a, int lda, const T *x, int incx, const T *beta, T *y, int incy) \
	{												\
		CUBLAS_START(h, SYMV_BAD(uplo, n, lda, incx, incy, alpha, beta));			\
		if (n > 0)										\
			CUBLAS_CB(P, hemv)(CblasColMajor, cblas_fill(uplo), n, alpha, a, lda, x, incx, beta, y, \
					   incy);							\
		return CUBLAS_STATUS_SUCCESS;								\
	}
GEN_HEMV(C, cuComplex)
GEN_HEMV(Z, cuDoubleComplex)

#define GER_BAD(m, n, lda, incx, incy, alpha) (m < 0 || n < 0 || lda < cublas_max1(m) || !incx || !incy || !alpha)

cublasStatus_t cublasSger(cublasHandle_t h, int m, int n, const float *alpha, const float *x, int incx,
			  const float *y, int incy, float *a, int lda)
{
	CUBLAS_START(h, GER_BAD(m, n, lda, incx, incy, alpha));
	if (m > 0 && n > 0)
		cblas_sger(CblasColMajor, m, n, *alpha, x, incx, y, incy, a, lda);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDger(cublasHandle_t h, int m, int n, const double *alpha, const double *x, int incx,
			  const double *y, int incy, double *a, int lda)
{
	CUBLAS_START(h, GER_BAD(m, n, lda, incx, incy, alpha));
	if (m > 0 && n > 0)
		cblas_dger(CblasColMajor, m, n, *alpha, x, incx, y, incy, a, lda);
	return CUBLAS_STATUS_SUCCESS;
}

#define GEN_CGER(NAME, T, FN)										\
	cublasStatus_t NAME(cublasHandle_t h, int m, int n, const T *alpha, const T *x, int incx, const T *y, \
			    int incy, T *a, int lda)							\
	{												\
		CUBLAS_START(h, GER_BAD(m, n, lda, incx, incy, alpha));					\
		if (m > 0 && n > 0)									\
			FN(CblasColMajor, m, n, alpha, x, incx, y, incy, a, lda);			\
		return CUBLAS_STATUS_SUCCESS;								\
	}
GEN_CGER(cublasCgeru, cuComplex, cblas_cgeru)
GEN_CGER(cublasCgerc, cuComplex, cblas_cgerc)
GEN_CGER(cublasZgeru, cuDoubleComplex, cblas_zgeru)
GEN_CGER(cublasZgerc, cuDoubleComplex, cblas_zgerc)
