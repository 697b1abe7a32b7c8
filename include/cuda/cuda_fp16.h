/* SPDX-License-Identifier: MIT */
/*
 * cuda_fp16.h - CUDA's half precision (IEEE 754 binary16) for programs that
 * idxgen-cc builds for the CPU: __half, __half2, their conversions in every
 * rounding mode, arithmetic and comparison operators and intrinsics, the h*
 * math functions, the paired __h*2 forms and atomicAdd on half types.
 * Shuffles (__shfl*_sync) on __half/__half2 are the translator's generic
 * warp operations (any trivially copyable type).  Written from CUDA's
 * documented API; no NVIDIA text.
 *
 * Values: a __half holds its 16-bit encoding.  Conversions to half round
 * as the function's suffix says (_rn nearest-even, _rz, _rd, _ru), bit-exact
 * with IEEE 754; with clang's _Float16 (clang >= 15 on x86-64) the
 * nearest-even conversions are the compiler's, elsewhere and for the
 * directed modes they are idxgen_fp_round.h's integer code.  A NaN
 * converted to half is the canonical NaN 0x7fff.  Arithmetic is done in
 * float and rounded once to half: exact for + - * / sqrt (float's 24 bits
 * are at least 2 x 11 + 2, so double rounding cannot differ), fma is
 * rounded once (idxgen_fp_fma).  The transcendental h* functions are the
 * float function rounded to half (CUDA documents them as approximate).
 *
 * C++ only, as CUDA's (__half is a class with operators).
 */
#ifndef IDXGEN_CUDA_FP16_H
#define IDXGEN_CUDA_FP16_H
/* NVIDIA's include guard and its companion: code tests them to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define __CUDA_FP16_H__
#define __CUDA_FP16_TYPES_EXIST__

#ifndef __cplusplus
#error "cuda_fp16.h is C++ (its types have operators): compile the program as C++ or CUDA"
#endif

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "idxgen_fp_round.h"
#include "vector_types.h"

#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
#define IDXGEN_H__F static inline __host__ __device__ __attribute__((unused))

#if defined(__clang__) && defined(__FLT16_MANT_DIG__) && defined(__x86_64__)
#define IDXGEN_HAVE_FLOAT16 1	/* clang >= 15 on x86-64: _Float16 with SSE2 conversions */
#endif

struct __half_raw {
	unsigned short x;
};

struct __half2_raw {
	unsigned short x;
	unsigned short y;
};

IDXGEN_H__F unsigned short idxgen_h_from_float(float f, enum idxgen_fp_mode mode)
{
#ifdef IDXGEN_HAVE_FLOAT16
	if (mode == IDXGEN_FP_RN && f == f) {
		_Float16 h = (_Float16)f;
		unsigned short r;

		memcpy(&r, &h, sizeof(r));
		return r;
	}
#endif
	return idxgen_fp_from_float(f, 5, 10, mode, 0x7fff);
}

IDXGEN_H__F float idxgen_h_to_float(unsigned short x)
{
#ifdef IDXGEN_HAVE_FLOAT16
	_Float16 h;

	memcpy(&h, &x, sizeof(h));
	return (float)h;
#else
	return idxgen_fp_to_float(x, 5, 10);
#endif
}

/*
 * __half: trivial (a defaulted default constructor), so the translator may
 * keep per-thread copies of it in raw memory (values live across
 * __syncthreads()), and shared arrays of it need no construction.
 */
struct __half {
	unsigned short __x;

	__half() = default;
	__host__ __device__ __half(const __half_raw &r) : __x(r.x) {}
	__host__ __device__ __half(float f) : __x(idxgen_h_from_float(f, IDXGEN_FP_RN)) {}
	__host__ __device__ __half(double d) : __x(idxgen_fp_from_double(d, 5, 10, IDXGEN_FP_RN, 0x7fff)) {}
	__host__ __device__ __half(short v) : __x(idxgen_fp_from_s64(v, 5, 10, IDXGEN_FP_RN)) {}
	__host__ __device__ __half(unsigned short v) : __x(idxgen_fp_from_u64(v, 5, 10, IDXGEN_FP_RN)) {}
	__host__ __device__ __half(int v) : __x(idxgen_fp_from_s64(v, 5, 10, IDXGEN_FP_RN)) {}
	__host__ __device__ __half(unsigned int v) : __x(idxgen_fp_from_u64(v, 5, 10, IDXGEN_FP_RN)) {}
	__host__ __device__ __half(long v) : __x(idxgen_fp_from_s64(v, 5, 10, IDXGEN_FP_RN)) {}
	__host__ __device__ __half(unsigned long v) : __x(idxgen_fp_from_u64(v, 5, 10, IDXGEN_FP_RN)) {}
	__host__ __device__ __half(long long v) : __x(idxgen_fp_from_s64(v, 5, 10, IDXGEN_FP_RN)) {}
	__host__ __device__ __half(unsigned long long v) : __x(idxgen_fp_from_u64(v, 5, 10, IDXGEN_FP_RN)) {}

	__host__ __device__ __half &operator=(const __half_raw &r)
	{
		__x = r.x;
		return *this;
	}
	__host__ __device__ __half &operator=(float f)
	{
		__x = idxgen_h_from_float(f, IDXGEN_FP_RN);
		return *this;
	}
	__host__ __device__ __half &operator=(double d)
	{
		__x = idxgen_fp_from_double(d, 5, 10, IDXGEN_FP_RN, 0x7fff);
		return *this;
	}
	/* from the integer types, as CUDA's: `h = 0` would otherwise be ambiguous between float and double */
	__host__ __device__ __half &operator=(short v) { return *this = __half(v); }
	__host__ __device__ __half &operator=(unsigned short v) { return *this = __half(v); }
	__host__ __device__ __half &operator=(int v) { return *this = __half(v); }
	__host__ __device__ __half &operator=(unsigned int v) { return *this = __half(v); }
	__host__ __device__ __half &operator=(long v) { return *this = __half(v); }
	__host__ __device__ __half &operator=(unsigned long v) { return *this = __half(v); }
	__host__ __device__ __half &operator=(long long v) { return *this = __half(v); }
	__host__ __device__ __half &operator=(unsigned long long v) { return *this = __half(v); }
	__host__ __device__ operator __half_raw() const
	{
		__half_raw r;

		r.x = __x;
		return r;
	}
	__host__ __device__ operator float() const { return idxgen_h_to_float(__x); }
	/* integer conversions truncate, as C's float-to-integer ones (CUDA's __half2*_rz) */
	__host__ __device__ explicit operator bool() const { return (__x & 0x7fffu) != 0; }
};

struct __half2 {
	__half x;
	__half y;

	__half2() = default;
	__host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
	__host__ __device__ __half2(const __half2_raw &r)
	{
		x.__x = r.x;
		y.__x = r.y;
	}
	/*
	 * No operator=(const __half2_raw &): assigning a raw pair goes through the
	 * constructor above, and without it `v = {};` (zero, accepted by nvcc in
	 * device code) is not ambiguous between the raw pair and __half2.
	 */
	__host__ __device__ operator __half2_raw() const
	{
		__half2_raw r;

		r.x = x.__x;
		r.y = y.__x;
		return r;
	}
} __attribute__((aligned(4)));

typedef __half half;
typedef __half2 half2;

/* ---- conversions ---------------------------------------------------------- */

IDXGEN_H__F __half idxgen_h_make(unsigned short x)
{
	__half h;

	h.__x = x;
	return h;
}

#define IDXGEN_H__FROM(sfx, mode)                                                                       \
	IDXGEN_H__F __half __float2half##sfx(float f) { return idxgen_h_make(idxgen_h_from_float(f, mode)); } \
	IDXGEN_H__F __half __double2half##sfx(double d)                                                  \
	{                                                                                               \
		return idxgen_h_make(idxgen_fp_from_double(d, 5, 10, mode, 0x7fff));                      \
	}                                                                                               \
	IDXGEN_H__F __half __int2half##sfx(int v) { return idxgen_h_make(idxgen_fp_from_s64(v, 5, 10, mode)); } \
	IDXGEN_H__F __half __uint2half##sfx(unsigned int v)                                             \
	{                                                                                               \
		return idxgen_h_make(idxgen_fp_from_u64(v, 5, 10, mode));                                  \
	}                                                                                               \
	IDXGEN_H__F __half __short2half##sfx(short v)                                                   \
	{                                                                                               \
		return idxgen_h_make(idxgen_fp_from_s64(v, 5, 10, mode));                                  \
	}                                                                                               \
	IDXGEN_H__F __half __ushort2half##sfx(unsigned short v)                                         \
	{                                                                                               \
		return idxgen_h_make(idxgen_fp_from_u64(v, 5, 10, mode));                                  \
	}                                                                                               \
	IDXGEN_H__F __half __ll2half##sfx(long long v)                                                  \
	{                                                                                               \
		return idxgen_h_make(idxgen_fp_from_s64(v, 5, 10, mode));                                  \
	}                                                                                               \
	IDXGEN_H__F __half __ull2half##sfx(unsigned long long v)                                        \
	{                                                                                               \
		return idxgen_h_make(idxgen_fp_from_u64(v, 5, 10, mode));                                  \
	}                                                                                               \
	IDXGEN_H__F int __half2int##sfx(__half h)                                                       \
	{                                                                                               \
		return (int)idxgen_fp_to_int((float)h, mode, -2147483648.0, 2147483647.0);               \
	}                                                                                               \
	IDXGEN_H__F unsigned int __half2uint##sfx(__half h)                                             \
	{                                                                                               \
		return (unsigned int)idxgen_fp_to_uint((float)h, mode, 4294967295.0);                     \
	}                                                                                               \
	IDXGEN_H__F short __half2short##sfx(__half h)                                                   \
	{                                                                                               \
		return (short)idxgen_fp_to_int((float)h, mode, -32768.0, 32767.0);                        \
	}                                                                                               \
	IDXGEN_H__F unsigned short __half2ushort##sfx(__half h)                                         \
	{                                                                                               \
		return (unsigned short)idxgen_fp_to_uint((float)h, mode, 65535.0);                        \
	}                                                                                               \
	IDXGEN_H__F long long __half2ll##sfx(__half h)                                                  \
	{                                                                                               \
		return idxgen_fp_to_int((float)h, mode, -9223372036854775808.0, 9223372036854775807.0);  \
	}                                                                                               \
	IDXGEN_H__F unsigned long long __half2ull##sfx(__half h)                                        \
	{                                                                                               \
		return idxgen_fp_to_uint((float)h, mode, 18446744073709551615.0);                         \
	}

IDXGEN_H__FROM(_rn, IDXGEN_FP_RN)
IDXGEN_H__FROM(_rz, IDXGEN_FP_RZ)
IDXGEN_H__FROM(_rd, IDXGEN_FP_RD)
IDXGEN_H__FROM(_ru, IDXGEN_FP_RU)
#undef IDXGEN_H__FROM

IDXGEN_H__F __half __float2half(float f) { return __float2half_rn(f); }
IDXGEN_H__F __half __double2half(double d) { return __double2half_rn(d); }
IDXGEN_H__F float __half2float(__half h) { return idxgen_h_to_float(h.__x); }
IDXGEN_H__F signed char __half2char_rz(__half h) { return (signed char)idxgen_fp_to_int((float)h, IDXGEN_FP_RZ, -128.0, 127.0); }
IDXGEN_H__F unsigned char __half2uchar_rz(__half h) { return (unsigned char)idxgen_fp_to_uint((float)h, IDXGEN_FP_RZ, 255.0); }

IDXGEN_H__F short __half_as_short(__half h) { return (short)h.__x; }
IDXGEN_H__F unsigned short __half_as_ushort(__half h) { return h.__x; }
IDXGEN_H__F __half __short_as_half(short v) { return idxgen_h_make((unsigned short)v); }
IDXGEN_H__F __half __ushort_as_half(unsigned short v) { return idxgen_h_make(v); }

IDXGEN_H__F __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
IDXGEN_H__F __half2 __half2half2(__half a) { return __half2(a, a); }
IDXGEN_H__F __half2 make_half2(__half a, __half b) { return __half2(a, b); }
IDXGEN_H__F __half2 __float2half2_rn(float f) { return __half2half2(__float2half_rn(f)); }
IDXGEN_H__F __half2 __floats2half2_rn(float a, float b) { return __half2(__float2half_rn(a), __float2half_rn(b)); }
IDXGEN_H__F __half2 __float22half2_rn(float2 f) { return __floats2half2_rn(f.x, f.y); }
IDXGEN_H__F float2 __half22float2(__half2 h)
{
	float2 r;

	r.x = __half2float(h.x);
	r.y = __half2float(h.y);
	return r;
}
IDXGEN_H__F float __low2float(__half2 h) { return __half2float(h.x); }
IDXGEN_H__F float __high2float(__half2 h) { return __half2float(h.y); }
IDXGEN_H__F __half __low2half(__half2 h) { return h.x; }
IDXGEN_H__F __half __high2half(__half2 h) { return h.y; }
IDXGEN_H__F __half2 __low2half2(__half2 h) { return __half2(h.x, h.x); }
IDXGEN_H__F __half2 __high2half2(__half2 h) { return __half2(h.y, h.y); }
IDXGEN_H__F __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
IDXGEN_H__F __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
IDXGEN_H__F __half2 __lowhigh2highlow(__half2 h) { return __half2(h.y, h.x); }

/* ---- arithmetic: in float, rounded once -------------------------------------- */

IDXGEN_H__F __half idxgen_h_rn(float f) { return __float2half_rn(f); }
IDXGEN_H__F int __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
IDXGEN_H__F int __hisinf(__half a) { return (a.__x & 0x7fffu) == 0x7c00u ? (a.__x & 0x8000u ? -1 : 1) : 0; }
/* saturation to [0, 1], NaN to +0 (CUDA's _sat) */
IDXGEN_H__F __half idxgen_h_sat(__half a)
{
	if (__hisnan(a) || (a.__x & 0x8000u))
		return idxgen_h_make(0);
	return (float)a > 1.0f ? idxgen_h_make(0x3c00) : a;
}

IDXGEN_H__F __half __hadd(__half a, __half b) { return idxgen_h_rn((float)a + (float)b); }
IDXGEN_H__F __half __hsub(__half a, __half b) { return idxgen_h_rn((float)a - (float)b); }
IDXGEN_H__F __half __hmul(__half a, __half b) { return idxgen_h_rn((float)a * (float)b); }
IDXGEN_H__F __half __hdiv(__half a, __half b) { return idxgen_h_rn((float)a / (float)b); }
IDXGEN_H__F __half __hadd_rn(__half a, __half b) { return __hadd(a, b); }
IDXGEN_H__F __half __hsub_rn(__half a, __half b) { return __hsub(a, b); }
IDXGEN_H__F __half __hmul_rn(__half a, __half b) { return __hmul(a, b); }
IDXGEN_H__F __half __hadd_sat(__half a, __half b) { return idxgen_h_sat(__hadd(a, b)); }
IDXGEN_H__F __half __hsub_sat(__half a, __half b) { return idxgen_h_sat(__hsub(a, b)); }
IDXGEN_H__F __half __hmul_sat(__half a, __half b) { return idxgen_h_sat(__hmul(a, b)); }
IDXGEN_H__F __half __hneg(__half a) { return idxgen_h_make((unsigned short)(a.__x ^ 0x8000u)); }
IDXGEN_H__F __half __habs(__half a) { return idxgen_h_make((unsigned short)(a.__x & 0x7fffu)); }
IDXGEN_H__F __half __hfma(__half a, __half b, __half c)
{
	return idxgen_h_make(idxgen_fp_fma((float)a, (float)b, (float)c, 5, 10, IDXGEN_FP_RN, 0x7fff));
}
IDXGEN_H__F __half __hfma_sat(__half a, __half b, __half c) { return idxgen_h_sat(__hfma(a, b, c)); }
IDXGEN_H__F __half __hfma_relu(__half a, __half b, __half c)
{
	__half r = __hfma(a, b, c);

	return __hisnan(r) ? idxgen_h_make(0x7fff) : (r.__x & 0x8000u) ? idxgen_h_make(0) : r;
}

/* comparisons: ordered ones are false with a NaN, the "u" ones true */
IDXGEN_H__F bool __heq(__half a, __half b) { return (float)a == (float)b; }
IDXGEN_H__F bool __hne(__half a, __half b) { return !__hisnan(a) && !__hisnan(b) && (float)a != (float)b; }
IDXGEN_H__F bool __hlt(__half a, __half b) { return (float)a < (float)b; }
IDXGEN_H__F bool __hle(__half a, __half b) { return (float)a <= (float)b; }
IDXGEN_H__F bool __hgt(__half a, __half b) { return (float)a > (float)b; }
IDXGEN_H__F bool __hge(__half a, __half b) { return (float)a >= (float)b; }
IDXGEN_H__F bool __hequ(__half a, __half b) { return !((float)a != (float)b) || __hisnan(a) || __hisnan(b); }
IDXGEN_H__F bool __hneu(__half a, __half b) { return (float)a != (float)b; }
IDXGEN_H__F bool __hltu(__half a, __half b) { return !((float)a >= (float)b); }
IDXGEN_H__F bool __hleu(__half a, __half b) { return !((float)a > (float)b); }
IDXGEN_H__F bool __hgtu(__half a, __half b) { return !((float)a <= (float)b); }
IDXGEN_H__F bool __hgeu(__half a, __half b) { return !((float)a < (float)b); }

/* max/min: a NaN operand gives the other one (both NaN: canonical NaN); _nan: NaN wins */
IDXGEN_H__F __half __hmax(__half a, __half b)
{
	if (__hisnan(a) && __hisnan(b))
		return idxgen_h_make(0x7fff);
	if (__hisnan(a))
		return b;
	if (__hisnan(b))
		return a;
	if ((float)a == (float)b)	/* +0 is greater than -0 */
		return (a.__x & 0x8000u) ? b : a;
	return (float)a > (float)b ? a : b;
}
IDXGEN_H__F __half __hmin(__half a, __half b)
{
	if (__hisnan(a) && __hisnan(b))
		return idxgen_h_make(0x7fff);
	if (__hisnan(a))
		return b;
	if (__hisnan(b))
		return a;
	if ((float)a == (float)b)
		return (a.__x & 0x8000u) ? a : b;
	return (float)a < (float)b ? a : b;
}
IDXGEN_H__F __half __hmax_nan(__half a, __half b)
{
	return __hisnan(a) || __hisnan(b) ? idxgen_h_make(0x7fff) : __hmax(a, b);
}
IDXGEN_H__F __half __hmin_nan(__half a, __half b)
{
	return __hisnan(a) || __hisnan(b) ? idxgen_h_make(0x7fff) : __hmin(a, b);
}

/* ---- math: the float function, rounded to half ------------------------------- */

#define IDXGEN_H__MATH(name, expr)                                     \
	IDXGEN_H__F __half name(__half h)                              \
	{                                                              \
		float x = (float)h;                                    \
		return idxgen_h_rn(expr);                              \
	}
IDXGEN_H__MATH(hsqrt, sqrtf(x))
IDXGEN_H__MATH(hrsqrt, 1.0f / sqrtf(x))
IDXGEN_H__MATH(hrcp, 1.0f / x)
IDXGEN_H__MATH(hexp, expf(x))
IDXGEN_H__MATH(hexp2, exp2f(x))
IDXGEN_H__MATH(hexp10, powf(10.0f, x))
IDXGEN_H__MATH(hlog, logf(x))
IDXGEN_H__MATH(hlog2, log2f(x))
IDXGEN_H__MATH(hlog10, log10f(x))
IDXGEN_H__MATH(hsin, sinf(x))
IDXGEN_H__MATH(hcos, cosf(x))
IDXGEN_H__MATH(htanh, tanhf(x))
IDXGEN_H__MATH(htanh_approx, tanhf(x))	/* the precise one: within the approximation's bound */
IDXGEN_H__MATH(htrunc, truncf(x))
IDXGEN_H__MATH(hceil, ceilf(x))
IDXGEN_H__MATH(hfloor, floorf(x))
IDXGEN_H__MATH(hrint, (float)idxgen_fp_rint(x, IDXGEN_FP_RN))
#undef IDXGEN_H__MATH

/* ---- __half2: each half on its own ------------------------------------------- */

#define IDXGEN_H2__UN(name, f)                                                                  \
	IDXGEN_H__F __half2 name(__half2 a) { return __half2(f(a.x), f(a.y)); }
#define IDXGEN_H2__BIN(name, f)                                                                  \
	IDXGEN_H__F __half2 name(__half2 a, __half2 b) { return __half2(f(a.x, b.x), f(a.y, b.y)); }
IDXGEN_H2__BIN(__hadd2, __hadd)
IDXGEN_H2__BIN(__hsub2, __hsub)
IDXGEN_H2__BIN(__hmul2, __hmul)
IDXGEN_H2__BIN(__h2div, __hdiv)
IDXGEN_H2__BIN(__hadd2_rn, __hadd)
IDXGEN_H2__BIN(__hsub2_rn, __hsub)
IDXGEN_H2__BIN(__hmul2_rn, __hmul)
IDXGEN_H2__BIN(__hadd2_sat, __hadd_sat)
IDXGEN_H2__BIN(__hsub2_sat, __hsub_sat)
IDXGEN_H2__BIN(__hmul2_sat, __hmul_sat)
IDXGEN_H2__BIN(__hmax2, __hmax)
IDXGEN_H2__BIN(__hmin2, __hmin)
IDXGEN_H2__BIN(__hmax2_nan, __hmax_nan)
IDXGEN_H2__BIN(__hmin2_nan, __hmin_nan)
IDXGEN_H2__UN(__hneg2, __hneg)
IDXGEN_H2__UN(__habs2, __habs)
IDXGEN_H2__UN(h2sqrt, hsqrt)
IDXGEN_H2__UN(h2rsqrt, hrsqrt)
IDXGEN_H2__UN(h2rcp, hrcp)
IDXGEN_H2__UN(h2exp, hexp)
IDXGEN_H2__UN(h2exp2, hexp2)
IDXGEN_H2__UN(h2exp10, hexp10)
IDXGEN_H2__UN(h2log, hlog)
IDXGEN_H2__UN(h2log2, hlog2)
IDXGEN_H2__UN(h2log10, hlog10)
IDXGEN_H2__UN(h2sin, hsin)
IDXGEN_H2__UN(h2cos, hcos)
IDXGEN_H2__UN(h2tanh, htanh)
IDXGEN_H2__UN(h2tanh_approx, htanh_approx)
IDXGEN_H2__UN(h2trunc, htrunc)
IDXGEN_H2__UN(h2ceil, hceil)
IDXGEN_H2__UN(h2floor, hfloor)
IDXGEN_H2__UN(h2rint, hrint)
#undef IDXGEN_H2__UN
#undef IDXGEN_H2__BIN

IDXGEN_H__F __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
IDXGEN_H__F __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c)
{
	return __half2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}
IDXGEN_H__F __half2 __hfma2_relu(__half2 a, __half2 b, __half2 c)
{
	return __half2(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y));
}
/* complex multiply-add: (a.x + i a.y) * (b.x + i b.y) + c */
IDXGEN_H__F __half2 __hcmadd(__half2 a, __half2 b, __half2 c)
{
	__half re = __hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x));
	__half im = __hfma(a.y, b.x, __hfma(a.x, b.y, c.y));

	return __half2(re, im);
}
IDXGEN_H__F __half2 __hisnan2(__half2 a)
{
	return __half2(idxgen_h_make(__hisnan(a.x) ? 0x3c00 : 0), idxgen_h_make(__hisnan(a.y) ? 0x3c00 : 0));
}

/* paired comparisons: __h*2 gives 1.0/0.0 per element, __hb*2 both true, __h*2_mask 0xffff per element */
#define IDXGEN_H2__CMP(op, f)                                                                          \
	IDXGEN_H__F __half2 __h##op##2(__half2 a, __half2 b)                                           \
	{                                                                                              \
		return __half2(idxgen_h_make(f(a.x, b.x) ? 0x3c00 : 0), idxgen_h_make(f(a.y, b.y) ? 0x3c00 : 0)); \
	}                                                                                              \
	IDXGEN_H__F bool __hb##op##2(__half2 a, __half2 b) { return f(a.x, b.x) && f(a.y, b.y); }    \
	IDXGEN_H__F unsigned __h##op##2_mask(__half2 a, __half2 b)                                     \
	{                                                                                              \
		return (f(a.x, b.x) ? 0xffffu : 0u) | (f(a.y, b.y) ? 0xffff0000u : 0u);             \
	}
IDXGEN_H2__CMP(eq, __heq)
IDXGEN_H2__CMP(ne, __hne)
IDXGEN_H2__CMP(lt, __hlt)
IDXGEN_H2__CMP(le, __hle)
IDXGEN_H2__CMP(gt, __hgt)
IDXGEN_H2__CMP(ge, __hge)
IDXGEN_H2__CMP(equ, __hequ)
IDXGEN_H2__CMP(neu, __hneu)
IDXGEN_H2__CMP(ltu, __hltu)
IDXGEN_H2__CMP(leu, __hleu)
IDXGEN_H2__CMP(gtu, __hgtu)
IDXGEN_H2__CMP(geu, __hgeu)
#undef IDXGEN_H2__CMP

/* ---- operators and atomics (idxgen_narrow_ops.inc, shared with cuda_bf16.h) ---- */

#define IDXGEN_NARROW_T __half
#define IDXGEN_NARROW_T2 __half2
#define IDXGEN_NARROW_F IDXGEN_H__F
#define IDXGEN_NARROW_MAKE idxgen_h_make
#define IDXGEN_NARROW_ONE 0x3c00
#include "idxgen_narrow_ops.inc"

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7c00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7fffU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7bffU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3c00U)

#endif /* IDXGEN_CUDA_FP16_H */
