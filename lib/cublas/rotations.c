// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the plane rotations' constructors and the modified rotation:
 * rotg (S/D/C/Z), rotm and rotmg (S/D), on OpenBLAS's CBLAS.  Scalars may
 * be host or device pointers: both are the program's memory here.
 */
#include "cublas_internal.h"

#define GEN_ROTG(P, T, R)                                                                          \
	cublasStatus_t cublas##P##rotg(cublasHandle_t h, T *a, T *b, R *c, T *s)                   \
	{                                                                                          \
		CUBLAS_START(h, !a || !b || !c || !s);                                             \
		CUBLAS_CB(P, rotg)(a, b, c, s);                                                    \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}
GEN_ROTG(S, float, float)
GEN_ROTG(D, double, double)
GEN_ROTG(C, cuComplex, float)
GEN_ROTG(Z, cuDoubleComplex, double)

#define GEN_ROTM(P, T)                                                                             \
	cublasStatus_t cublas##P##rotm(cublasHandle_t h, int n, T *x, int incx, T *y, int incy,    \
				       const T *param)                                             \
	{                                                                                          \
		CUBLAS_START(h, !param || (n > 0 && (!x || !y)));                                  \
		if (n > 0)                                                                         \
			CUBLAS_CB(P, rotm)(n, x, incx, y, incy, (T *)param);                       \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##rotmg(cublasHandle_t h, T *d1, T *d2, T *x1, const T *y1,        \
					T *param)                                                  \
	{                                                                                          \
		CUBLAS_START(h, !d1 || !d2 || !x1 || !y1 || !param);                               \
		CUBLAS_CB(P, rotmg)(d1, d2, x1, *y1, param);                                       \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}
GEN_ROTM(S, float)
GEN_ROTM(D, double)
