/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_device.h - CUDA's device functions for code that idxgen-cc
 * translates (kernels run on the CPU; see include/idxgen_rt.h): the math
 * API's CUDA-only functions (rsqrtf, sinpif, erfinvf, normcdff, ...), the
 * fast intrinsics (__expf, __fdividef, __saturatef, __fadd_rn, ...),
 * conversions and bit casts (__float2int_rn, __float_as_int, ...), integer
 * intrinsics (__popc, __clz, __ffs, __brev, __mul24, __umulhi, __byte_perm,
 * __sad, __funnelshift_l, ..., the SIMD __vadd2 & co.), __ldg and the other
 * cache-hinted loads and stores (__ldcs, __stcs, ...), __threadfence*,
 * clock64 and the
 * atomics (atomicAdd .. atomicXor, atomicInc/Dec, atomicCAS on int,
 * unsigned, long long, unsigned long long, float, double as CUDA has them).
 * C11 (GNU C: _Generic dispatch where C++ overloads) and C++11.
 *
 * The standard math functions (sinf, expf, fmaf, ...) are <math.h>'s.
 * Precision: every function here is at least as accurate as CUDA's
 * bound for it; the "fast" intrinsics are the precise functions (a CPU has
 * no cheaper approximation worth the difference), the _rn arithmetic is
 * the CPU's default round-to-nearest, never contracted into an FMA.
 * Atomics are sequentially consistent (include/idxgen_rt.h's
 * idxgen_rt_atomic_*, which these reuse) and return the old value.
 */
#ifndef IDXGEN_CUDA_DEVICE_H
#define IDXGEN_CUDA_DEVICE_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include <idxgen_rt.h>

/* Qualifiers, for code the translator left them in (empty: plain C). */
#ifndef __global__
#define __global__
#endif
#ifndef __device__
#define __device__
#endif
#ifndef __host__
#define __host__
#endif
#ifndef __shared__
#define __shared__
#endif
#ifndef __constant__
#define __constant__
#endif
#ifndef __managed__
#define __managed__
#endif
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
/*
 * __noinline__ as CUDA spells it, a declaration specifier.  libstdc++ 12
 * writes __attribute__((__noinline__)) (bits/shared_ptr_base.h), which the
 * macro would turn into nested attributes; no macro text parses both ways,
 * so C++ includes <memory> (whose guard then keeps it from being parsed
 * again) before defining it, as a program built by nvcc may include
 * <memory> after cuda_runtime.h.  Clang's CUDA mode (the translator's
 * parse) has __noinline__ as a keyword and needs no macro.
 */
#if !defined(__noinline__) && !defined(__CUDA__)
#ifdef __cplusplus
#include <memory>
#endif
#define __noinline__ __attribute__((noinline))
#endif
#ifndef __restrict__
#define __restrict__ __restrict
#endif
#ifndef __grid_constant__
#define __grid_constant__ /* kernel parameters are the block's own copies here */
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...)
#endif
#ifndef __cluster_dims__
/* clusters of one block (idxgen_cuda_sm90.h); idxgen-cc's parse refuses a larger one at its launch */
#define __cluster_dims__(...)
#endif

#define IDXGEN_CUDA__F static inline __attribute__((unused))
/* pi, 2/sqrt(pi), sqrt(2), 1/sqrt(2) (<math.h>'s M_* need _DEFAULT_SOURCE) */
#define IDXGEN_CUDA__PI		3.14159265358979323846
#define IDXGEN_CUDA__2_SQRTPI	1.12837916709551257390
#define IDXGEN_CUDA__SQRT2	1.41421356237309504880
#define IDXGEN_CUDA__SQRT1_2	0.70710678118654752440
/* keeps a rounded result from being contracted with its neighbours (FMA) */
#define IDXGEN_CUDA__ROUNDED(r) __asm__("" : "+g"(r))

/* ---------------------------------------------------------------- */
/* Bit casts                                                         */
/* ---------------------------------------------------------------- */
#define IDXGEN_CUDA__BITCAST(name, _From, _To)	\
IDXGEN_CUDA__F _To name(_From v)			\
{						\
	_To r;					\
	memcpy(&r, &v, sizeof(r));		\
	return r;				\
}
IDXGEN_CUDA__BITCAST(__float_as_int, float, int)
IDXGEN_CUDA__BITCAST(__int_as_float, int, float)
IDXGEN_CUDA__BITCAST(__float_as_uint, float, unsigned int)
IDXGEN_CUDA__BITCAST(__uint_as_float, unsigned int, float)
IDXGEN_CUDA__BITCAST(__double_as_longlong, double, long long)
IDXGEN_CUDA__BITCAST(__longlong_as_double, long long, double)

IDXGEN_CUDA__F int __double2hiint(double d)
{
	return (int)(__double_as_longlong(d) >> 32);
}
IDXGEN_CUDA__F int __double2loint(double d)
{
	return (int)(unsigned int)__double_as_longlong(d);
}
IDXGEN_CUDA__F double __hiloint2double(int hi, int lo)
{
	return __longlong_as_double((long long)(((unsigned long long)(unsigned int)hi << 32) |
						(unsigned int)lo));
}

/* ---------------------------------------------------------------- */
/* Conversions: _rn nearest-even, _rz toward zero, _ru up, _rd down; */
/* float to integer saturates and NaN gives 0, as on the GPU.        */
/* ---------------------------------------------------------------- */
#define IDXGEN_CUDA__F2I(name, _Fp, _Ip, lo, hi, rnd)	\
IDXGEN_CUDA__F _Ip name(_Fp x)				\
{							\
	_Fp r = rnd(x);					\
	if (r != r)					\
		return 0;				\
	if (r <= (_Fp)(lo))				\
		return (lo);				\
	if (r >= (_Fp)(hi))				\
		return (hi);				\
	return (_Ip)r;					\
}
#define IDXGEN_CUDA__F2I_ALL(pfx, _Fp, _Ip, lo, hi, sfx)				\
	IDXGEN_CUDA__F2I(pfx##_rn, _Fp, _Ip, lo, hi, nearbyint##sfx)		\
	IDXGEN_CUDA__F2I(pfx##_rz, _Fp, _Ip, lo, hi, trunc##sfx)			\
	IDXGEN_CUDA__F2I(pfx##_ru, _Fp, _Ip, lo, hi, ceil##sfx)			\
	IDXGEN_CUDA__F2I(pfx##_rd, _Fp, _Ip, lo, hi, floor##sfx)
IDXGEN_CUDA__F2I_ALL(__float2int, float, int, INT32_MIN, INT32_MAX, f)
IDXGEN_CUDA__F2I_ALL(__float2uint, float, unsigned int, 0u, UINT32_MAX, f)
IDXGEN_CUDA__F2I_ALL(__float2ll, float, long long, INT64_MIN, INT64_MAX, f)
IDXGEN_CUDA__F2I_ALL(__float2ull, float, unsigned long long, 0ull, UINT64_MAX, f)
IDXGEN_CUDA__F2I_ALL(__double2int, double, int, INT32_MIN, INT32_MAX, )
IDXGEN_CUDA__F2I_ALL(__double2uint, double, unsigned int, 0u, UINT32_MAX, )
IDXGEN_CUDA__F2I_ALL(__double2ll, double, long long, INT64_MIN, INT64_MAX, )
IDXGEN_CUDA__F2I_ALL(__double2ull, double, unsigned long long, 0ull, UINT64_MAX, )

IDXGEN_CUDA__F float __int2float_rn(int i)
{
	return (float)i;
}
IDXGEN_CUDA__F float __uint2float_rn(unsigned int i)
{
	return (float)i;
}
IDXGEN_CUDA__F float __ll2float_rn(long long i)
{
	return (float)i;
}
IDXGEN_CUDA__F float __ull2float_rn(unsigned long long i)
{
	return (float)i;
}
IDXGEN_CUDA__F double __int2double_rn(int i)
{
	return (double)i;
}
IDXGEN_CUDA__F double __ll2double_rn(long long i)
{
	return (double)i;
}
IDXGEN_CUDA__F float __double2float_rn(double d)
{
	return (float)d;
}
/* the _rz, _ru, _rd forms of arithmetic and conversions */
#include "idxgen_cuda_round.h"
/* the SIMD-in-a-word intrinsics (__vadd2, __vcmpgtu4, __vimax3_s32, ...) */
#include "idxgen_cuda_simd.h"

/* ---------------------------------------------------------------- */
/* Correctly rounded arithmetic (_rn: the default rounding mode)     */
/* ---------------------------------------------------------------- */
#define IDXGEN_CUDA__ARITH(name, _Tp, expr)	\
IDXGEN_CUDA__F _Tp name(_Tp a, _Tp b)			\
{						\
	_Tp r = (expr);				\
	IDXGEN_CUDA__ROUNDED(r);		\
	return r;				\
}
IDXGEN_CUDA__ARITH(__fadd_rn, float, a + b)
IDXGEN_CUDA__ARITH(__fsub_rn, float, a - b)
IDXGEN_CUDA__ARITH(__fmul_rn, float, a * b)
IDXGEN_CUDA__ARITH(__fdiv_rn, float, a / b)
IDXGEN_CUDA__ARITH(__dadd_rn, double, a + b)
IDXGEN_CUDA__ARITH(__dsub_rn, double, a - b)
IDXGEN_CUDA__ARITH(__dmul_rn, double, a * b)
IDXGEN_CUDA__ARITH(__ddiv_rn, double, a / b)
IDXGEN_CUDA__F float __fmaf_rn(float a, float b, float c)
{
	return fmaf(a, b, c);
}
IDXGEN_CUDA__F double __fma_rn(double a, double b, double c)
{
	return fma(a, b, c);
}
IDXGEN_CUDA__F float __frcp_rn(float x)
{
	return 1.0f / x;
}
IDXGEN_CUDA__F double __drcp_rn(double x)
{
	return 1.0 / x;
}
IDXGEN_CUDA__F float __fsqrt_rn(float x)
{
	return sqrtf(x);
}
IDXGEN_CUDA__F double __dsqrt_rn(double x)
{
	return sqrt(x);
}

/* ---------------------------------------------------------------- */
/* Math functions CUDA has and <math.h> has not                      */
/* ---------------------------------------------------------------- */
IDXGEN_CUDA__F float rsqrtf(float x)
{
	return 1.0f / sqrtf(x);
}
IDXGEN_CUDA__F double rsqrt(double x)
{
	return 1.0 / sqrt(x);
}
IDXGEN_CUDA__F float __frsqrt_rn(float x)
{
	return (float)(1.0 / sqrt((double)x));
}
IDXGEN_CUDA__F float rcbrtf(float x)
{
	return (float)(1.0 / cbrt((double)x));
}
IDXGEN_CUDA__F double rcbrt(double x)
{
	return 1.0 / cbrt(x);
}
IDXGEN_CUDA__F float __saturatef(float x)
{
	return x >= 1.0f ? 1.0f : x > 0.0f ? x : 0.0f;	/* NaN: 0 */
}
IDXGEN_CUDA__F float fdividef(float a, float b)
{
	return a / b;
}
IDXGEN_CUDA__F float __fdividef(float a, float b)
{
	return a / b;
}

/* sin(pi x), cos(pi x): exact at integers and half-integers. */
IDXGEN_CUDA__F double sinpi(double x)
{
	double r = remainder(x, 2.0);	/* [-1, 1], exact */

	if (r == trunc(r))
		return copysign(0.0, x);
	return sin(IDXGEN_CUDA__PI * r);
}
IDXGEN_CUDA__F double cospi(double x)
{
	double r = fabs(remainder(x, 2.0));

	if (r == 0.5)
		return 0.0;
	if (r == 1.0)
		return -1.0;
	return cos(IDXGEN_CUDA__PI * r);
}
IDXGEN_CUDA__F float sinpif(float x)
{
	return (float)sinpi((double)x);
}
IDXGEN_CUDA__F float cospif(float x)
{
	return (float)cospi((double)x);
}
IDXGEN_CUDA__F void sincospi(double x, double *s, double *c)
{
	*s = sinpi(x);
	*c = cospi(x);
}
IDXGEN_CUDA__F void sincospif(float x, float *s, float *c)
{
	*s = sinpif(x);
	*c = cospif(x);
}
/* glibc declares these with _GNU_SOURCE (g++ defines it) */
#ifndef __USE_GNU
IDXGEN_CUDA__F void sincosf(float x, float *s, float *c)
{
	*s = sinf(x);
	*c = cosf(x);
}
IDXGEN_CUDA__F void sincos(double x, double *s, double *c)
{
	*s = sin(x);
	*c = cos(x);
}
IDXGEN_CUDA__F float exp10f(float x)
{
	return powf(10.0f, x);
}
IDXGEN_CUDA__F double exp10(double x)
{
	return pow(10.0, x);
}
#endif

IDXGEN_CUDA__F double rhypot(double a, double b)
{
	return 1.0 / hypot(a, b);
}
IDXGEN_CUDA__F float rhypotf(float a, float b)
{
	return (float)(1.0 / hypot(a, b));
}
IDXGEN_CUDA__F double norm3d(double a, double b, double c)
{
	return hypot(hypot(a, b), c);
}
IDXGEN_CUDA__F double norm4d(double a, double b, double c, double d)
{
	return hypot(hypot(a, b), hypot(c, d));
}
IDXGEN_CUDA__F double rnorm3d(double a, double b, double c)
{
	return 1.0 / norm3d(a, b, c);
}
IDXGEN_CUDA__F double rnorm4d(double a, double b, double c, double d)
{
	return 1.0 / norm4d(a, b, c, d);
}
IDXGEN_CUDA__F float norm3df(float a, float b, float c)
{
	return (float)norm3d(a, b, c);
}
IDXGEN_CUDA__F float norm4df(float a, float b, float c, float d)
{
	return (float)norm4d(a, b, c, d);
}
IDXGEN_CUDA__F float rnorm3df(float a, float b, float c)
{
	return (float)rnorm3d(a, b, c);
}
IDXGEN_CUDA__F float rnorm4df(float a, float b, float c, float d)
{
	return (float)rnorm4d(a, b, c, d);
}
IDXGEN_CUDA__F double norm(int dim, const double *p)
{
	double s = 0.0;

	for (int i = 0; i < dim; i++)
		s = hypot(s, p[i]);
	return s;
}
IDXGEN_CUDA__F float normf(int dim, const float *p)
{
	double s = 0.0;

	for (int i = 0; i < dim; i++)
		s = hypot(s, (double)p[i]);
	return (float)s;
}

/*
 * erfinv/erfcinv: a closed-form first guess (|error| < 2e-3) refined by
 * Newton steps on erf/erfc (quadratic: three reach double precision).
 * w = log(1 - t^2) for t = erfinv's argument, passed in so that erfcinv
 * can compute it without cancellation.
 */
IDXGEN_CUDA__F double idxgen_cuda__erfinv_guess(double w, double sign)
{
	const double a = 0.147, b = 2.0 / (IDXGEN_CUDA__PI * a) + w / 2.0;

	return sign * sqrt(sqrt(b * b - w / a) - b);
}
IDXGEN_CUDA__F double erfinv(double y)
{
	double x;

	if (!(y >= -1.0 && y <= 1.0))
		return NAN;
	if (fabs(y) == 1.0)
		return copysign(INFINITY, y);
	if (y == 0.0)
		return y;
	x = idxgen_cuda__erfinv_guess(log1p(-y * y), y < 0 ? -1.0 : 1.0);
	for (int i = 0; i < 3; i++)
		x -= (erf(x) - y) / (IDXGEN_CUDA__2_SQRTPI * exp(-x * x));
	return x;
}
IDXGEN_CUDA__F double erfcinv(double y)
{
	double x;

	if (!(y >= 0.0 && y <= 2.0))
		return NAN;
	if (y == 0.0)
		return INFINITY;
	if (y == 2.0)
		return -INFINITY;
	if (y == 1.0)
		return 0.0;
	x = idxgen_cuda__erfinv_guess(log(y * (2.0 - y)), y > 1.0 ? -1.0 : 1.0);
	for (int i = 0; i < 4; i++)
		x += (erfc(x) - y) / (IDXGEN_CUDA__2_SQRTPI * exp(-x * x));
	return x;
}
IDXGEN_CUDA__F float erfinvf(float y)
{
	return (float)erfinv((double)y);
}
IDXGEN_CUDA__F float erfcinvf(float y)
{
	return (float)erfcinv((double)y);
}
/* Standard normal distribution and its inverse. */
IDXGEN_CUDA__F double normcdf(double x)
{
	return 0.5 * erfc(-x * IDXGEN_CUDA__SQRT1_2);
}
IDXGEN_CUDA__F double normcdfinv(double p)
{
	return -IDXGEN_CUDA__SQRT2 * erfcinv(2.0 * p);
}
IDXGEN_CUDA__F float normcdff(float x)
{
	return (float)normcdf((double)x);
}
IDXGEN_CUDA__F float normcdfinvf(float p)
{
	return (float)normcdfinv((double)p);
}

/*
 * Fast intrinsics.  glibc's <math.h> declares __expf & co. as its own
 * internal names, so these are macros (math.h is included above and not
 * read again) over functions of ours.
 */
IDXGEN_CUDA__F float idxgen_cuda__expf(float x)
{
	return expf(x);
}
IDXGEN_CUDA__F float idxgen_cuda__exp10f(float x)
{
	return powf(10.0f, x);
}
IDXGEN_CUDA__F float idxgen_cuda__logf(float x)
{
	return logf(x);
}
IDXGEN_CUDA__F float idxgen_cuda__log2f(float x)
{
	return log2f(x);
}
IDXGEN_CUDA__F float idxgen_cuda__log10f(float x)
{
	return log10f(x);
}
IDXGEN_CUDA__F float idxgen_cuda__sinf(float x)
{
	return sinf(x);
}
IDXGEN_CUDA__F float idxgen_cuda__cosf(float x)
{
	return cosf(x);
}
IDXGEN_CUDA__F float idxgen_cuda__tanf(float x)
{
	return tanf(x);
}
IDXGEN_CUDA__F float idxgen_cuda__powf(float x, float y)
{
	return powf(x, y);
}
IDXGEN_CUDA__F void idxgen_cuda__sincosf(float x, float *s, float *c)
{
	*s = sinf(x);
	*c = cosf(x);
}
#define __expf(x)		idxgen_cuda__expf(x)
#define __exp10f(x)		idxgen_cuda__exp10f(x)
#define __logf(x)		idxgen_cuda__logf(x)
#define __log2f(x)		idxgen_cuda__log2f(x)
#define __log10f(x)		idxgen_cuda__log10f(x)
#define __sinf(x)		idxgen_cuda__sinf(x)
#define __cosf(x)		idxgen_cuda__cosf(x)
#define __tanf(x)		idxgen_cuda__tanf(x)
#define __powf(x, y)		idxgen_cuda__powf(x, y)
#define __sincosf(x, s, c)	idxgen_cuda__sincosf(x, s, c)

/* ---------------------------------------------------------------- */
/* Integer intrinsics                                                */
/* ---------------------------------------------------------------- */
IDXGEN_CUDA__F int __popc(unsigned int x)
{
	return __builtin_popcount(x);
}
IDXGEN_CUDA__F int __popcll(unsigned long long x)
{
	return __builtin_popcountll(x);
}
IDXGEN_CUDA__F int __clz(int x)
{
	return x ? __builtin_clz((unsigned int)x) : 32;
}
IDXGEN_CUDA__F int __clzll(long long x)
{
	return x ? __builtin_clzll((unsigned long long)x) : 64;
}
IDXGEN_CUDA__F int __ffs(int x)
{
	return __builtin_ffs(x);
}
IDXGEN_CUDA__F int __ffsll(long long x)
{
	return __builtin_ffsll(x);
}
IDXGEN_CUDA__F unsigned int __brev(unsigned int x)
{
	x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
	x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
	x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
	return __builtin_bswap32(x);
}
IDXGEN_CUDA__F unsigned long long __brevll(unsigned long long x)
{
	return ((unsigned long long)__brev((unsigned int)x) << 32) |
	       __brev((unsigned int)(x >> 32));
}
/* 24-bit multiplies: the low 24 bits of each operand (sign-extended for
 * __mul24), the low 32 bits of the product. */
IDXGEN_CUDA__F int __mul24(int a, int b)
{
	int64_t x = (int64_t)((uint64_t)(uint32_t)a << 40) >> 40;
	int64_t y = (int64_t)((uint64_t)(uint32_t)b << 40) >> 40;

	return (int)(uint32_t)(uint64_t)(x * y);
}
IDXGEN_CUDA__F unsigned int __umul24(unsigned int a, unsigned int b)
{
	return (unsigned int)((uint64_t)(a & 0xffffffu) * (b & 0xffffffu));
}
IDXGEN_CUDA__F int __mulhi(int a, int b)
{
	return (int)(((int64_t)a * b) >> 32);
}
IDXGEN_CUDA__F unsigned int __umulhi(unsigned int a, unsigned int b)
{
	return (unsigned int)(((uint64_t)a * b) >> 32);
}
IDXGEN_CUDA__F long long __mul64hi(long long a, long long b)
{
	return (long long)(((__int128)a * b) >> 64);
}
IDXGEN_CUDA__F unsigned long long __umul64hi(unsigned long long a, unsigned long long b)
{
	return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
/* Byte n of the result is byte (s >> 4n) & 7 of the pair y:x. */
IDXGEN_CUDA__F unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s)
{
	uint64_t v = ((uint64_t)y << 32) | x;
	unsigned int r = 0;

	for (int n = 0; n < 4; n++)
		r |= (unsigned int)((v >> (8 * ((s >> (4 * n)) & 7))) & 0xff) << (8 * n);
	return r;
}
IDXGEN_CUDA__F unsigned int __sad(int x, int y, unsigned int z)
{
	return z + (unsigned int)(x > y ? (int64_t)x - y : (int64_t)y - x);
}
IDXGEN_CUDA__F unsigned int __usad(unsigned int x, unsigned int y, unsigned int z)
{
	return z + (x > y ? x - y : y - x);
}
IDXGEN_CUDA__F int __hadd(int a, int b)
{
	return (int)(((int64_t)a + b) >> 1);
}
IDXGEN_CUDA__F int __rhadd(int a, int b)
{
	return (int)(((int64_t)a + b + 1) >> 1);
}
IDXGEN_CUDA__F unsigned int __uhadd(unsigned int a, unsigned int b)
{
	return (unsigned int)(((uint64_t)a + b) >> 1);
}
IDXGEN_CUDA__F unsigned int __urhadd(unsigned int a, unsigned int b)
{
	return (unsigned int)(((uint64_t)a + b + 1) >> 1);
}
/* Funnel shifts of the 64-bit hi:lo; _l/_r mask the shift to 0..31,
 * _lc/_rc clamp it to 32. */
IDXGEN_CUDA__F unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int s)
{
	return (unsigned int)(((((uint64_t)hi << 32) | lo) << (s & 31)) >> 32);
}
IDXGEN_CUDA__F unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int s)
{
	return (unsigned int)(((((uint64_t)hi << 32) | lo) << (s > 32 ? 32 : s)) >> 32);
}
IDXGEN_CUDA__F unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int s)
{
	return (unsigned int)((((uint64_t)hi << 32) | lo) >> (s & 31));
}
IDXGEN_CUDA__F unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int s)
{
	return (unsigned int)((((uint64_t)hi << 32) | lo) >> (s > 32 ? 32 : s));
}

/* ---------------------------------------------------------------- */
/* min/max (CUDA's host and device overloads; C: by the common type) */
/* ---------------------------------------------------------------- */
#define IDXGEN_CUDA__MINMAX(sfx, _Tp)		\
IDXGEN_CUDA__F _Tp idxgen_cuda_min_##sfx(_Tp a, _Tp b)	\
{						\
	return b < a ? b : a;			\
}						\
IDXGEN_CUDA__F _Tp idxgen_cuda_max_##sfx(_Tp a, _Tp b)	\
{						\
	return b > a ? b : a;			\
}
IDXGEN_CUDA__MINMAX(i, int)
IDXGEN_CUDA__MINMAX(u, unsigned int)
IDXGEN_CUDA__MINMAX(l, long)
IDXGEN_CUDA__MINMAX(ul, unsigned long)
IDXGEN_CUDA__MINMAX(ll, long long)
IDXGEN_CUDA__MINMAX(ull, unsigned long long)
IDXGEN_CUDA__F unsigned int umin(unsigned int a, unsigned int b)
{
	return idxgen_cuda_min_u(a, b);
}
IDXGEN_CUDA__F unsigned int umax(unsigned int a, unsigned int b)
{
	return idxgen_cuda_max_u(a, b);
}
IDXGEN_CUDA__F long long llmin(long long a, long long b)
{
	return idxgen_cuda_min_ll(a, b);
}
IDXGEN_CUDA__F long long llmax(long long a, long long b)
{
	return idxgen_cuda_max_ll(a, b);
}
IDXGEN_CUDA__F unsigned long long ullmin(unsigned long long a, unsigned long long b)
{
	return idxgen_cuda_min_ull(a, b);
}
IDXGEN_CUDA__F unsigned long long ullmax(unsigned long long a, unsigned long long b)
{
	return idxgen_cuda_max_ull(a, b);
}

#ifdef __cplusplus
#define IDXGEN_CUDA__MINMAX_CXX(sfx, _Tp)			\
IDXGEN_CUDA__F _Tp min(_Tp a, _Tp b)				\
{							\
	return idxgen_cuda_min_##sfx(a, b);		\
}							\
IDXGEN_CUDA__F _Tp max(_Tp a, _Tp b)				\
{							\
	return idxgen_cuda_max_##sfx(a, b);		\
}
IDXGEN_CUDA__MINMAX_CXX(i, int)
IDXGEN_CUDA__MINMAX_CXX(u, unsigned int)
IDXGEN_CUDA__MINMAX_CXX(l, long)
IDXGEN_CUDA__MINMAX_CXX(ul, unsigned long)
IDXGEN_CUDA__MINMAX_CXX(ll, long long)
IDXGEN_CUDA__MINMAX_CXX(ull, unsigned long long)
IDXGEN_CUDA__F float min(float a, float b)
{
	return fminf(a, b);
}
IDXGEN_CUDA__F float max(float a, float b)
{
	return fmaxf(a, b);
}
IDXGEN_CUDA__F double min(double a, double b)
{
	return fmin(a, b);
}
IDXGEN_CUDA__F double max(double a, double b)
{
	return fmax(a, b);
}
/* mixed signedness and precision, as CUDA: the wider/unsigned type */
IDXGEN_CUDA__F unsigned int min(int a, unsigned int b)
{
	return idxgen_cuda_min_u((unsigned int)a, b);
}
IDXGEN_CUDA__F unsigned int min(unsigned int a, int b)
{
	return idxgen_cuda_min_u(a, (unsigned int)b);
}
IDXGEN_CUDA__F unsigned int max(int a, unsigned int b)
{
	return idxgen_cuda_max_u((unsigned int)a, b);
}
IDXGEN_CUDA__F unsigned int max(unsigned int a, int b)
{
	return idxgen_cuda_max_u(a, (unsigned int)b);
}
IDXGEN_CUDA__F double min(float a, double b)
{
	return fmin(a, b);
}
IDXGEN_CUDA__F double min(double a, float b)
{
	return fmin(a, b);
}
IDXGEN_CUDA__F double max(float a, double b)
{
	return fmax(a, b);
}
IDXGEN_CUDA__F double max(double a, float b)
{
	return fmax(a, b);
}
#else
#define IDXGEN_CUDA__MINMAX_SEL(op, a, b)						\
	_Generic((a) + (b), int: idxgen_cuda_##op##_i, unsigned int: idxgen_cuda_##op##_u,	\
		 long: idxgen_cuda_##op##_l, unsigned long: idxgen_cuda_##op##_ul,	\
		 long long: idxgen_cuda_##op##_ll, unsigned long long: idxgen_cuda_##op##_ull, \
		 float: fminf##op, double: fmin##op)
#define fminfmin fminf
#define fminmin fmin
#define fminfmax fmaxf
#define fminmax fmax
#ifndef min
#define min(a, b) IDXGEN_CUDA__MINMAX_SEL(min, a, b)((a), (b))
#endif
#ifndef max
#define max(a, b) IDXGEN_CUDA__MINMAX_SEL(max, a, b)((a), (b))
#endif
#endif

/* ---------------------------------------------------------------- */
/* Loads through the read-only/cache-hinted paths, fences, clock     */
/* ---------------------------------------------------------------- */
#ifdef __cplusplus
template <class _Tp> static inline _Tp __ldg(const _Tp *p)
{
	return *p;
}
template <class _Tp> static inline _Tp __ldcg(const _Tp *p)
{
	return *p;
}
template <class _Tp> static inline _Tp __ldca(const _Tp *p)
{
	return *p;
}
template <class _Tp> static inline _Tp __ldcs(const _Tp *p)
{
	return *p;
}
template <class _Tp> static inline _Tp __ldlu(const _Tp *__p)
{
	return *__p;
}
template <class _Tp> static inline _Tp __ldcv(const _Tp *__p)
{
	return *__p;
}
/* the cache-hinted stores: a CPU has one coherent cache, each is a store */
template <class _Tp, class _Up> static inline void __stwb(_Tp *__p, _Up __v)
{
	*__p = __v;
}
template <class _Tp, class _Up> static inline void __stcg(_Tp *__p, _Up __v)
{
	*__p = __v;
}
template <class _Tp, class _Up> static inline void __stcs(_Tp *__p, _Up __v)
{
	*__p = __v;
}
template <class _Tp, class _Up> static inline void __stwt(_Tp *__p, _Up __v)
{
	*__p = __v;
}
#else
#define __ldg(p)	(*(p))
#define __ldcg(p)	(*(p))
#define __ldca(p)	(*(p))
#define __ldcs(p)	(*(p))
#define __ldlu(p)	(*(p))
#define __ldcv(p)	(*(p))
#define __stwb(p, v)	((void)(*(p) = (v)))
#define __stcg(p, v)	((void)(*(p) = (v)))
#define __stcs(p, v)	((void)(*(p) = (v)))
#define __stwt(p, v)	((void)(*(p) = (v)))
#endif
/* CUDA 12.8's __nv_atomic_* with memory orders and scopes */
#include "idxgen_cuda_nv_atomic.h"

/*
 * A conditional node's value (lib/cudart/graph_cond.c): the handle
 * (cudaGraphConditionalHandle, an unsigned long long) is the value's
 * address; the node reads it once the kernel's stream work is done.
 */
IDXGEN_CUDA__F void cudaGraphSetConditional(unsigned long long __handle, unsigned int __value)
{
	__atomic_store_n((unsigned int *)(uintptr_t)__handle, __value, __ATOMIC_RELAXED);
}

/* Blocks of one launch run on several CPUs at once: a full fence each. */
IDXGEN_CUDA__F void __threadfence(void)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}
IDXGEN_CUDA__F void __threadfence_block(void)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}
IDXGEN_CUDA__F void __threadfence_system(void)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/*
 * The device clock: the CPU's cycle counter, never going back on the block's
 * thread (idxgen_rt_clock64: a CPU's counter can lag another's, and the OS
 * moves threads between CPUs).
 */
IDXGEN_CUDA__F long long clock64(void)
{
	return idxgen_rt_clock64();
}

/* ---------------------------------------------------------------- */
/* Atomics: CUDA's set of types per operation, on idxgen_rt_atomic_*  */
/* ---------------------------------------------------------------- */
#define IDXGEN_CUDA__AT(op, sfx, _Tp, rt, _Rt)					\
IDXGEN_CUDA__F _Tp idxgen_cuda_atomic_##op##_##sfx(_Tp *p, _Tp v)			\
{										\
	return (_Tp)idxgen_rt_atomic_##op##_##rt((_Rt *)(void *)p, (_Rt)v);		\
}
#define IDXGEN_CUDA__AT_INT(op)						\
	IDXGEN_CUDA__AT(op, i, int, i32, int32_t)				\
	IDXGEN_CUDA__AT(op, u, unsigned int, u32, uint32_t)			\
	IDXGEN_CUDA__AT(op, ll, long long, i64, int64_t)			\
	IDXGEN_CUDA__AT(op, ull, unsigned long long, u64, uint64_t)
IDXGEN_CUDA__AT_INT(add)
IDXGEN_CUDA__AT_INT(sub)
IDXGEN_CUDA__AT_INT(and)
IDXGEN_CUDA__AT_INT(or)
IDXGEN_CUDA__AT_INT(xor)
IDXGEN_CUDA__AT_INT(exch)
IDXGEN_CUDA__AT_INT(min)
IDXGEN_CUDA__AT_INT(max)
IDXGEN_CUDA__AT(add, f, float, f32, float)
IDXGEN_CUDA__AT(add, d, double, f64, double)
IDXGEN_CUDA__AT(exch, f, float, f32, float)
#define IDXGEN_CUDA__AT_CAS(sfx, _Tp, rt, _Rt)						\
IDXGEN_CUDA__F _Tp idxgen_cuda_atomic_cas_##sfx(_Tp *p, _Tp cmp, _Tp v)			\
{											\
	return (_Tp)idxgen_rt_atomic_cas_##rt((_Rt *)(void *)p, (_Rt)cmp, (_Rt)v);		\
}
IDXGEN_CUDA__AT_CAS(i, int, i32, int32_t)
IDXGEN_CUDA__AT_CAS(u, unsigned int, u32, uint32_t)
IDXGEN_CUDA__AT_CAS(ull, unsigned long long, u64, uint64_t)
IDXGEN_CUDA__F unsigned short idxgen_cuda_atomic_cas_us(unsigned short *p, unsigned short cmp,
							 unsigned short v)
{
	__atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	return cmp;
}

#ifdef __cplusplus
#define IDXGEN_CUDA__AT_CXX(name, op, sfx, _Tp)	\
IDXGEN_CUDA__F _Tp name(_Tp *p, _Tp v)		\
{						\
	return idxgen_cuda_atomic_##op##_##sfx(p, v);	\
}
#define IDXGEN_CUDA__AT_CXX3(name, op)					\
	IDXGEN_CUDA__AT_CXX(name, op, i, int)				\
	IDXGEN_CUDA__AT_CXX(name, op, u, unsigned int)			\
	IDXGEN_CUDA__AT_CXX(name, op, ull, unsigned long long)
IDXGEN_CUDA__AT_CXX3(atomicAdd, add)
IDXGEN_CUDA__AT_CXX(atomicAdd, add, f, float)
IDXGEN_CUDA__AT_CXX(atomicAdd, add, d, double)
IDXGEN_CUDA__AT_CXX(atomicSub, sub, i, int)
IDXGEN_CUDA__AT_CXX(atomicSub, sub, u, unsigned int)
IDXGEN_CUDA__AT_CXX3(atomicExch, exch)
IDXGEN_CUDA__AT_CXX(atomicExch, exch, f, float)
IDXGEN_CUDA__AT_CXX3(atomicMin, min)
IDXGEN_CUDA__AT_CXX(atomicMin, min, ll, long long)
IDXGEN_CUDA__AT_CXX3(atomicMax, max)
IDXGEN_CUDA__AT_CXX(atomicMax, max, ll, long long)
IDXGEN_CUDA__AT_CXX3(atomicAnd, and)
IDXGEN_CUDA__AT_CXX3(atomicOr, or)
IDXGEN_CUDA__AT_CXX3(atomicXor, xor)
IDXGEN_CUDA__F int atomicCAS(int *p, int cmp, int v)
{
	return idxgen_cuda_atomic_cas_i(p, cmp, v);
}
IDXGEN_CUDA__F unsigned int atomicCAS(unsigned int *p, unsigned int cmp, unsigned int v)
{
	return idxgen_cuda_atomic_cas_u(p, cmp, v);
}
IDXGEN_CUDA__F unsigned long long atomicCAS(unsigned long long *p, unsigned long long cmp,
					    unsigned long long v)
{
	return idxgen_cuda_atomic_cas_ull(p, cmp, v);
}
IDXGEN_CUDA__F unsigned short atomicCAS(unsigned short *p, unsigned short cmp, unsigned short v)
{
	return idxgen_cuda_atomic_cas_us(p, cmp, v);
}
#else
#define IDXGEN_CUDA__AT_SEL3(op, p)							\
	int *: idxgen_cuda_atomic_##op##_i, unsigned int *: idxgen_cuda_atomic_##op##_u,	\
	unsigned long long *: idxgen_cuda_atomic_##op##_ull
#define atomicAdd(p, v) _Generic((p), IDXGEN_CUDA__AT_SEL3(add, p),			\
				 float *: idxgen_cuda_atomic_add_f,			\
				 double *: idxgen_cuda_atomic_add_d)((p), (v))
#define atomicSub(p, v) _Generic((p), int *: idxgen_cuda_atomic_sub_i,			\
				 unsigned int *: idxgen_cuda_atomic_sub_u)((p), (v))
#define atomicExch(p, v) _Generic((p), IDXGEN_CUDA__AT_SEL3(exch, p),			\
				  float *: idxgen_cuda_atomic_exch_f)((p), (v))
#define atomicMin(p, v) _Generic((p), IDXGEN_CUDA__AT_SEL3(min, p),			\
				 long long *: idxgen_cuda_atomic_min_ll)((p), (v))
#define atomicMax(p, v) _Generic((p), IDXGEN_CUDA__AT_SEL3(max, p),			\
				 long long *: idxgen_cuda_atomic_max_ll)((p), (v))
#define atomicAnd(p, v) _Generic((p), IDXGEN_CUDA__AT_SEL3(and, p))((p), (v))
#define atomicOr(p, v) _Generic((p), IDXGEN_CUDA__AT_SEL3(or, p))((p), (v))
#define atomicXor(p, v) _Generic((p), IDXGEN_CUDA__AT_SEL3(xor, p))((p), (v))
#define atomicCAS(p, c, v) _Generic((p), IDXGEN_CUDA__AT_SEL3(cas, p),			\
				    unsigned short *: idxgen_cuda_atomic_cas_us)((p), (c), (v))
#endif
/* atomicInc/atomicDec: unsigned int only (wrap at the limit, as CUDA). */
IDXGEN_CUDA__F unsigned int atomicInc(unsigned int *p, unsigned int lim)
{
	return idxgen_rt_atomic_inc_u32(p, lim);
}
IDXGEN_CUDA__F unsigned int atomicDec(unsigned int *p, unsigned int lim)
{
	return idxgen_rt_atomic_dec_u32(p, lim);
}
/* Scoped forms: one memory, one scope. */
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicSub_block atomicSub
#define atomicSub_system atomicSub
#define atomicExch_block atomicExch
#define atomicExch_system atomicExch
#define atomicMin_block atomicMin
#define atomicMin_system atomicMin
#define atomicMax_block atomicMax
#define atomicMax_system atomicMax
#define atomicAnd_block atomicAnd
#define atomicAnd_system atomicAnd
#define atomicOr_block atomicOr
#define atomicOr_system atomicOr
#define atomicXor_block atomicXor
#define atomicXor_system atomicXor
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
#define atomicInc_block atomicInc
#define atomicInc_system atomicInc
#define atomicDec_block atomicDec
#define atomicDec_system atomicDec

/* byte swaps, __fns, __nanosleep & co.; erfcx, cyl_bessel_i0/i1, rnorm */
#include "idxgen_cuda_misc_intrinsics.h"
#include "idxgen_cuda_special_math.h"
/* 16-byte atomics, float2/float4 atomicAdd, clusters of one block (sm_90) */
#include "idxgen_cuda_sm90.h"

#endif /* IDXGEN_CUDA_DEVICE_H */
