// SPDX-License-Identifier: MIT
/*
 * lib/cublas: level 1 (vector-vector) on OpenBLAS's CBLAS.  cuBLAS's
 * conventions kept: n <= 0 is a no-op whose result is 0, iamax/iamin are
 * 1-based (0 for an empty or non-positive-stride vector), a negative
 * increment walks the vector from its far end (as CBLAS).
 */
#include "cublas_internal.h"

#define GEN_LEVEL1(P, T, R)										\
	cublasStatus_t cublas##P##axpy(cublasHandle_t h, int n, const T *alpha, const T *x, int incx, T *y, int incy) \
	{												\
		CUBLAS_START_L1(h, !alpha || (n > 0 && (!x || !y)), P, CUBLAS_L1_AXPY, n, alpha, x, incx, y,	\
				incy, NULL);								\
		if (n > 0)										\
			CUBLAS_CB(P, axpy)(n, CUBLAS_ARG(P, alpha), x, incx, y, incy);			\
		return CUBLAS_STATUS_SUCCESS;								\
	}												\
	cublasStatus_t cublas##P##scal(cublasHandle_t h, int n, const T *alpha, T *x, int incx)		\
	{												\
		CUBLAS_START_L1(h, !alpha || (n > 0 && !x), P, CUBLAS_L1_SCAL, n, alpha, NULL, 0, x, incx,	\
				NULL);									\
		if (n > 0 && incx > 0)									\
			CUBLAS_CB(P, scal)(n, CUBLAS_ARG(P, alpha), x, incx);				\
		return CUBLAS_STATUS_SUCCESS;								\
	}												\
	cublasStatus_t cublas##P##copy(cublasHandle_t h, int n, const T *x, int incx, T *y, int incy)	\
	{												\
		CUBLAS_START_L1(h, n > 0 && (!x || !y), P, CUBLAS_L1_COPY, n, NULL, x, incx, y, incy, NULL);	\
		if (n > 0)										\
			CUBLAS_CB(P, copy)(n, x, incx, y, incy);					\
		return CUBLAS_STATUS_SUCCESS;								\
	}												\
	cublasStatus_t cublas##P##swap(cublasHandle_t h, int n, T *x, int incx, T *y, int incy)		\
	{												\
		CUBLAS_START(h, n > 0 && (!x || !y));							\
		if (n > 0)										\
			CUBLAS_CB(P, swap)(n, x, incx, y, incy);					\
		return CUBLAS_STATUS_SUCCESS;								\
	}
CUBLAS_FOR_ALL(GEN_LEVEL1)

/* A real result (dot, nrm2, asum): R NAME(h, n, x, incx, R *result) on cblas_FN. */
#define GEN_REDUCE(NAME, T, R, FN, P, OP)							\
	cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, R *result)		\
	{											\
		CUBLAS_START_L1(h, !result || (n > 0 && !x), P, OP, n, NULL, x, incx, NULL, 0, result); \
		*result = n > 0 && incx > 0 ? FN(n, x, incx) : 0;				\
		return CUBLAS_STATUS_SUCCESS;							\
	}
GEN_REDUCE(cublasSnrm2, float, float, cblas_snrm2, S, CUBLAS_L1_NRM2)
GEN_REDUCE(cublasDnrm2, double, double, cblas_dnrm2, D, CUBLAS_L1_NRM2)
GEN_REDUCE(cublasScnrm2, cuComplex, float, cblas_scnrm2, C, CUBLAS_L1_NRM2)
GEN_REDUCE(cublasDznrm2, cuDoubleComplex, double, cblas_dznrm2, Z, CUBLAS_L1_NRM2)
GEN_REDUCE(cublasSasum, float, float, cblas_sasum, S, CUBLAS_L1_ASUM)
GEN_REDUCE(cublasDasum, double, double, cblas_dasum, D, CUBLAS_L1_ASUM)
GEN_REDUCE(cublasScasum, cuComplex, float, cblas_scasum, C, CUBLAS_L1_ASUM)
GEN_REDUCE(cublasDzasum, cuDoubleComplex, double, cblas_dzasum, Z, CUBLAS_L1_ASUM)

/* 1-based, as cuBLAS (Fortran); CBLAS's index is 0-based. */
#define GEN_INDEX(NAME, T, FN)									\
	cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, int *result)	\
	{											\
		CUBLAS_START(h, !result || (n > 0 && !x));					\
		*result = n > 0 && incx > 0 ? (int)FN(n, x, incx) + 1 : 0;			\
		return CUBLAS_STATUS_SUCCESS;							\
	}
GEN_INDEX(cublasIsamax, float, cblas_isamax)
GEN_INDEX(cublasIdamax, double, cblas_idamax)
GEN_INDEX(cublasIcamax, cuComplex, cblas_icamax)
GEN_INDEX(cublasIzamax, cuDoubleComplex, cblas_izamax)
GEN_INDEX(cublasIsamin, float, cblas_isamin)
GEN_INDEX(cublasIdamin, double, cblas_idamin)
GEN_INDEX(cublasIcamin, cuComplex, cblas_icamin)
GEN_INDEX(cublasIzamin, cuDoubleComplex, cblas_izamin)

cublasStatus_t cublasSdot(cublasHandle_t h, int n, const float *x, int incx, const float *y, int incy, float *result)
{
	CUBLAS_START_L1(h, !result || (n > 0 && (!x || !y)), S, CUBLAS_L1_DOT, n, NULL, x, incx, y, incy, result);
	/*
	 * Accumulated in double (cblas_dsdot) and rounded once: cuBLAS sums in a
	 * tree whose error stays near float's rounding, where OpenBLAS's
	 * cblas_sdot sums in float and drifts over long vectors (2^20 equal
	 * products: 65504 for 65472).
	 */
	*result = n > 0 ? (float)cblas_dsdot(n, x, incx, y, incy) : 0;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDdot(cublasHandle_t h, int n, const double *x, int incx, const double *y, int incy,
			  double *result)
{
	CUBLAS_START_L1(h, !result || (n > 0 && (!x || !y)), D, CUBLAS_L1_DOT, n, NULL, x, incx, y, incy, result);
	*result = n > 0 ? cblas_ddot(n, x, incx, y, incy) : 0;
	return CUBLAS_STATUS_SUCCESS;
}

#define GEN_CDOT(NAME, T, FN)										\
	cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, const T *y, int incy, T *result) \
	{												\
		CUBLAS_START(h, !result || (n > 0 && (!x || !y)));					\
		if (n > 0) {										\
			FN(n, x, incx, y, incy, result);						\
		} else {										\
			result->x = 0;									\
			result->y = 0;									\
		}											\
		return CUBLAS_STATUS_SUCCESS;								\
	}
GEN_CDOT(cublasCdotu, cuComplex, cblas_cdotu_sub)
GEN_CDOT(cublasCdotc, cuComplex, cblas_cdotc_sub)
GEN_CDOT(cublasZdotu, cuDoubleComplex, cblas_zdotu_sub)
GEN_CDOT(cublasZdotc, cuDoubleComplex, cblas_zdotc_sub)

cublasStatus_t cublasCsscal(cublasHandle_t h, int n, const float *alpha, cuComplex *x, int incx)
{
	CUBLAS_START(h, !alpha || (n > 0 && !x));
	if (n > 0 && incx > 0)
		cblas_csscal(n, *alpha, x, incx);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasZdscal(cublasHandle_t h, int n, const double *alpha, cuDoubleComplex *x, int incx)
{
	CUBLAS_START(h, !alpha || (n > 0 && !x));
	if (n > 0 && incx > 0)
		cblas_zdscal(n, *alpha, x, incx);
	return CUBLAS_STATUS_SUCCESS;
}

#define GEN_ROT(NAME, T, R, FN)										\
	cublasStatus_t NAME(cublasHandle_t h, int n, T *x, int incx, T *y, int incy, const R *c, const R *s) \
	{												\
		CUBLAS_START(h, !c || !s || (n > 0 && (!x || !y)));					\
		if (n > 0)										\
			FN(n, x, incx, y, incy, *c, *s);						\
		return CUBLAS_STATUS_SUCCESS;								\
	}
GEN_ROT(cublasSrot, float, float, cblas_srot)
GEN_ROT(cublasDrot, double, double, cblas_drot)
GEN_ROT(cublasCsrot, cuComplex, float, cblas_csrot)
GEN_ROT(cublasZdrot, cuDoubleComplex, double, cblas_zdrot)
