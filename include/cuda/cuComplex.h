/* SPDX-License-Identifier: MIT */
/*
 * cuComplex.h - CUDA's single and double complex numbers: cuFloatComplex is
 * a float2 (real in x, imaginary in y), cuDoubleComplex a double2, so arrays
 * of them have the layout of C's and Fortran's complex arrays (what cuBLAS
 * and cuFFT, here OpenBLAS and FFTW, read).  Our own header, C and C++.
 */
#ifndef IDXGEN_CUDA_CUCOMPLEX_H
#define IDXGEN_CUDA_CUCOMPLEX_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define CU_COMPLEX_H_

#include <math.h>
#include "vector_types.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#define IDXGEN_CUCOMPLEX__OPS(C, T, sfx, absf)					\
	static inline T cuCreal##sfx(C x) { return x.x; }				\
	static inline T cuCimag##sfx(C x) { return x.y; }				\
	static inline C make_cu##C##_(T r, T i) { C c; c.x = r; c.y = i; return c; } \
	static inline C cuConj##sfx(C x) { return make_cu##C##_(x.x, -x.y); }	\
	static inline C cuCadd##sfx(C x, C y) { return make_cu##C##_(x.x + y.x, x.y + y.y); } \
	static inline C cuCsub##sfx(C x, C y) { return make_cu##C##_(x.x - y.x, x.y - y.y); } \
	static inline C cuCmul##sfx(C x, C y)					\
	{									\
		return make_cu##C##_(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x); \
	}									\
	/* scaled as CUDA's (and Smith's) to keep |y|^2 from overflowing */	\
	static inline C cuCdiv##sfx(C x, C y)					\
	{									\
		T s = absf(y.x) + absf(y.y), ars = x.x / s, ais = x.y / s;	\
		T brs = y.x / s, bis = y.y / s, q = 1 / (brs * brs + bis * bis);	\
		return make_cu##C##_((ars * brs + ais * bis) * q, (ais * brs - ars * bis) * q); \
	}									\
	static inline T cuCabs##sfx(C x) { return (T)hypot(x.x, x.y); }	\
	static inline C cuCfma##sfx(C x, C y, C d)				\
	{									\
		return make_cu##C##_(x.x * y.x - x.y * y.y + d.x, x.x * y.y + x.y * y.x + d.y); \
	}

/* make_cufloat2_ / make_cudouble2_: the helpers the macro above names */
IDXGEN_CUCOMPLEX__OPS(float2, float, f, fabsf)
IDXGEN_CUCOMPLEX__OPS(double2, double, , fabs)

static inline cuFloatComplex make_cuFloatComplex(float r, float i) { return make_cufloat2_(r, i); }
static inline cuDoubleComplex make_cuDoubleComplex(double r, double i) { return make_cudouble2_(r, i); }
static inline cuComplex make_cuComplex(float r, float i) { return make_cufloat2_(r, i); }
static inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c)
{
	return make_cudouble2_(c.x, c.y);
}
static inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c)
{
	return make_cufloat2_((float)c.x, (float)c.y);
}

#endif
