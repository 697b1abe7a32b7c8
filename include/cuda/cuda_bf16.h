/* SPDX-License-Identifier: MIT */
/*
 * cuda_bf16.h - CUDA's bfloat16 (__nv_bfloat16, __nv_bfloat162) for programs
 * that idxgen-cc builds for the CPU: conversions in every rounding mode,
 * arithmetic and comparison operators, the intrinsics and h* math functions
 * (the same names as cuda_fp16.h's, overloaded on the bfloat16 types),
 * the paired forms and atomicAdd.  Written from CUDA's documented API; no
 * NVIDIA text.
 *
 * bfloat16 is the top half of a float: 8 exponent bits, 7 stored mantissa
 * bits.  Every conversion to it is idxgen_fp_round.h's integer code (clang
 * 16's __bf16 on x86-64 is a storage-only type: it has no conversions to
 * use), bit-exact with IEEE 754 rounding in the mode the suffix names; a
 * NaN becomes the canonical NaN 0x7fff.  Arithmetic is done in float and
 * rounded once (float's 24 bits are at least 2 x 8 + 2: no double-rounding
 * error for + - * / sqrt), fma is rounded once.  Transcendental functions
 * are the float function rounded to bfloat16.
 *
 * C++ only, as CUDA's.
 */
#ifndef IDXGEN_CUDA_BF16_H
#define IDXGEN_CUDA_BF16_H
/* NVIDIA's include guard and its companion: code tests them to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define __CUDA_BF16_H__
#define __CUDA_BF16_TYPES_EXIST__

#ifndef __cplusplus
#error "cuda_bf16.h is C++ (its types have operators): compile the program as C++ or CUDA"
#endif

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "idxgen_fp_round.h"
#include "vector_types.h"

#define IDXGEN_BF__F static inline __host__ __device__ __attribute__((unused))

struct __nv_bfloat16_raw {
	unsigned short x;
};

struct __nv_bfloat162_raw {
	unsigned short x;
	unsigned short y;
};

IDXGEN_BF__F unsigned short idxgen_bf_from_float(float f, enum idxgen_fp_mode mode)
{
	return idxgen_fp_from_float(f, 8, 7, mode, 0x7fff);
}

IDXGEN_BF__F float idxgen_bf_to_float(unsigned short x)
{
	return idxgen_fp_to_float(x, 8, 7);
}

/*
 * __nv_bfloat16: trivial (a defaulted default constructor), so the translator may
 * keep per-thread copies of it in raw memory (values live across
 * __syncthreads()), and shared arrays of it need no construction.
 */
struct __nv_bfloat16 {
	unsigned short __x;

	__nv_bfloat16() = default;
	__host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
	__host__ __device__ __nv_bfloat16(float f) : __x(idxgen_bf_from_float(f, IDXGEN_FP_RN)) {}
	__host__ __device__ __nv_bfloat16(double d) : __x(idxgen_fp_from_double(d, 8, 7, IDXGEN_FP_RN, 0x7fff)) {}
	__host__ __device__ __nv_bfloat16(short v) : __x(idxgen_fp_from_s64(v, 8, 7, IDXGEN_FP_RN)) {}
	__host__ __device__ __nv_bfloat16(unsigned short v) : __x(idxgen_fp_from_u64(v, 8, 7, IDXGEN_FP_RN)) {}
	__host__ __device__ __nv_bfloat16(int v) : __x(idxgen_fp_from_s64(v, 8, 7, IDXGEN_FP_RN)) {}
	__host__ __device__ __nv_bfloat16(unsigned int v) : __x(idxgen_fp_from_u64(v, 8, 7, IDXGEN_FP_RN)) {}
	__host__ __device__ __nv_bfloat16(long v) : __x(idxgen_fp_from_s64(v, 8, 7, IDXGEN_FP_RN)) {}
	__host__ __device__ __nv_bfloat16(unsigned long v) : __x(idxgen_fp_from_u64(v, 8, 7, IDXGEN_FP_RN)) {}
	__host__ __device__ __nv_bfloat16(long long v) : __x(idxgen_fp_from_s64(v, 8, 7, IDXGEN_FP_RN)) {}
	__host__ __device__ __nv_bfloat16(unsigned long long v) : __x(idxgen_fp_from_u64(v, 8, 7, IDXGEN_FP_RN)) {}

	__host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &r)
	{
		__x = r.x;
		return *this;
	}
	__host__ __device__ __nv_bfloat16 &operator=(float f)
	{
		__x = idxgen_bf_from_float(f, IDXGEN_FP_RN);
		return *this;
	}
	__host__ __device__ __nv_bfloat16 &operator=(double d)
	{
		__x = idxgen_fp_from_double(d, 8, 7, IDXGEN_FP_RN, 0x7fff);
		return *this;
	}
	/* from the integer types, as CUDA's: `h = 0` would otherwise be ambiguous between float and double */
	__host__ __device__ __nv_bfloat16 &operator=(short v) { return *this = __nv_bfloat16(v); }
	__host__ __device__ __nv_bfloat16 &operator=(unsigned short v) { return *this = __nv_bfloat16(v); }
	__host__ __device__ __nv_bfloat16 &operator=(int v) { return *this = __nv_bfloat16(v); }
	__host__ __device__ __nv_bfloat16 &operator=(unsigned int v) { return *this = __nv_bfloat16(v); }
	__host__ __device__ __nv_bfloat16 &operator=(long v) { return *this = __nv_bfloat16(v); }
	__host__ __device__ __nv_bfloat16 &operator=(unsigned long v) { return *this = __nv_bfloat16(v); }
	__host__ __device__ __nv_bfloat16 &operator=(long long v) { return *this = __nv_bfloat16(v); }
	__host__ __device__ __nv_bfloat16 &operator=(unsigned long long v) { return *this = __nv_bfloat16(v); }
	__host__ __device__ operator __nv_bfloat16_raw() const
	{
		__nv_bfloat16_raw r;

		r.x = __x;
		return r;
	}
	__host__ __device__ operator float() const { return idxgen_bf_to_float(__x); }
	/* integer conversions truncate, as C's float-to-integer ones (CUDA's __nv_bfloat162*_rz) */
	__host__ __device__ explicit operator bool() const { return (__x & 0x7fffu) != 0; }
};

struct __nv_bfloat162 {
	__nv_bfloat16 x;
	__nv_bfloat16 y;

	__nv_bfloat162() = default;
	__host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
	__host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &r)
	{
		x.__x = r.x;
		y.__x = r.y;
	}
	/*
	 * No operator=(const __nv_bfloat162_raw &): assigning a raw pair goes through the
	 * constructor above, and without it `v = {};` (zero, accepted by nvcc in
	 * device code) is not ambiguous between the raw pair and __nv_bfloat162.
	 */
	__host__ __device__ operator __nv_bfloat162_raw() const
	{
		__nv_bfloat162_raw r;

		r.x = x.__x;
		r.y = y.__x;
		return r;
	}
} __attribute__((aligned(4)));

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

/* ---- conversions ---------------------------------------------------------- */

IDXGEN_BF__F __nv_bfloat16 idxgen_bf_make(unsigned short x)
{
	__nv_bfloat16 h;

	h.__x = x;
	return h;
}

#define IDXGEN_BF__FROM(sfx, mode)                                                                       \
	IDXGEN_BF__F __nv_bfloat16 __float2bfloat16##sfx(float f) { return idxgen_bf_make(idxgen_bf_from_float(f, mode)); } \
	IDXGEN_BF__F __nv_bfloat16 __double2bfloat16##sfx(double d)                                                  \
	{                                                                                               \
		return idxgen_bf_make(idxgen_fp_from_double(d, 8, 7, mode, 0x7fff));                      \
	}                                                                                               \
	IDXGEN_BF__F __nv_bfloat16 __int2bfloat16##sfx(int v) { return idxgen_bf_make(idxgen_fp_from_s64(v, 8, 7, mode)); } \
	IDXGEN_BF__F __nv_bfloat16 __uint2bfloat16##sfx(unsigned int v)                                             \
	{                                                                                               \
		return idxgen_bf_make(idxgen_fp_from_u64(v, 8, 7, mode));                                  \
	}                                                                                               \
	IDXGEN_BF__F __nv_bfloat16 __short2bfloat16##sfx(short v)                                                   \
	{                                                                                               \
		return idxgen_bf_make(idxgen_fp_from_s64(v, 8, 7, mode));                                  \
	}                                                                                               \
	IDXGEN_BF__F __nv_bfloat16 __ushort2bfloat16##sfx(unsigned short v)                                         \
	{                                                                                               \
		return idxgen_bf_make(idxgen_fp_from_u64(v, 8, 7, mode));                                  \
	}                                                                                               \
	IDXGEN_BF__F __nv_bfloat16 __ll2bfloat16##sfx(long long v)                                                  \
	{                                                                                               \
		return idxgen_bf_make(idxgen_fp_from_s64(v, 8, 7, mode));                                  \
	}                                                                                               \
	IDXGEN_BF__F __nv_bfloat16 __ull2bfloat16##sfx(unsigned long long v)                                        \
	{                                                                                               \
		return idxgen_bf_make(idxgen_fp_from_u64(v, 8, 7, mode));                                  \
	}                                                                                               \
	IDXGEN_BF__F int __bfloat162int##sfx(__nv_bfloat16 h)                                                       \
	{                                                                                               \
		return (int)idxgen_fp_to_int((float)h, mode, -2147483648.0, 2147483647.0);               \
	}                                                                                               \
	IDXGEN_BF__F unsigned int __bfloat162uint##sfx(__nv_bfloat16 h)                                             \
	{                                                                                               \
		return (unsigned int)idxgen_fp_to_uint((float)h, mode, 4294967295.0);                     \
	}                                                                                               \
	IDXGEN_BF__F short __bfloat162short##sfx(__nv_bfloat16 h)                                                   \
	{                                                                                               \
		return (short)idxgen_fp_to_int((float)h, mode, -32768.0, 32767.0);                        \
	}                                                                                               \
	IDXGEN_BF__F unsigned short __bfloat162ushort##sfx(__nv_bfloat16 h)                                         \
	{                                                                                               \
		return (unsigned short)idxgen_fp_to_uint((float)h, mode, 65535.0);                        \
	}                                                                                               \
	IDXGEN_BF__F long long __bfloat162ll##sfx(__nv_bfloat16 h)                                                  \
	{                                                                                               \
		return idxgen_fp_to_int((float)h, mode, -9223372036854775808.0, 9223372036854775807.0);  \
	}                                                                                               \
	IDXGEN_BF__F unsigned long long __bfloat162ull##sfx(__nv_bfloat16 h)                                        \
	{                                                                                               \
		return idxgen_fp_to_uint((float)h, mode, 18446744073709551615.0);                         \
	}

IDXGEN_BF__FROM(_rn, IDXGEN_FP_RN)
IDXGEN_BF__FROM(_rz, IDXGEN_FP_RZ)
IDXGEN_BF__FROM(_rd, IDXGEN_FP_RD)
IDXGEN_BF__FROM(_ru, IDXGEN_FP_RU)
#undef IDXGEN_BF__FROM

IDXGEN_BF__F __nv_bfloat16 __float2bfloat16(float f) { return __float2bfloat16_rn(f); }
IDXGEN_BF__F __nv_bfloat16 __double2bfloat16(double d) { return __double2bfloat16_rn(d); }
IDXGEN_BF__F float __bfloat162float(__nv_bfloat16 h) { return idxgen_bf_to_float(h.__x); }
IDXGEN_BF__F signed char __bfloat162char_rz(__nv_bfloat16 h) { return (signed char)idxgen_fp_to_int((float)h, IDXGEN_FP_RZ, -128.0, 127.0); }
IDXGEN_BF__F unsigned char __bfloat162uchar_rz(__nv_bfloat16 h) { return (unsigned char)idxgen_fp_to_uint((float)h, IDXGEN_FP_RZ, 255.0); }

IDXGEN_BF__F short __bfloat16_as_short(__nv_bfloat16 h) { return (short)h.__x; }
IDXGEN_BF__F unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
IDXGEN_BF__F __nv_bfloat16 __short_as_bfloat16(short v) { return idxgen_bf_make((unsigned short)v); }
IDXGEN_BF__F __nv_bfloat16 __ushort_as_bfloat16(unsigned short v) { return idxgen_bf_make(v); }

IDXGEN_BF__F __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
IDXGEN_BF__F __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162(a, a); }
IDXGEN_BF__F __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
IDXGEN_BF__F __nv_bfloat162 __float2bfloat162_rn(float f) { return __bfloat162bfloat162(__float2bfloat16_rn(f)); }
IDXGEN_BF__F __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return __nv_bfloat162(__float2bfloat16_rn(a), __float2bfloat16_rn(b)); }
IDXGEN_BF__F __nv_bfloat162 __float22bfloat162_rn(float2 f) { return __floats2bfloat162_rn(f.x, f.y); }
IDXGEN_BF__F float2 __bfloat1622float2(__nv_bfloat162 h)
{
	float2 r;

	r.x = __bfloat162float(h.x);
	r.y = __bfloat162float(h.y);
	return r;
}
IDXGEN_BF__F float __low2float(__nv_bfloat162 h) { return __bfloat162float(h.x); }
IDXGEN_BF__F float __high2float(__nv_bfloat162 h) { return __bfloat162float(h.y); }
IDXGEN_BF__F __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }
IDXGEN_BF__F __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }
IDXGEN_BF__F __nv_bfloat162 __low2bfloat162(__nv_bfloat162 h) { return __nv_bfloat162(h.x, h.x); }
IDXGEN_BF__F __nv_bfloat162 __high2bfloat162(__nv_bfloat162 h) { return __nv_bfloat162(h.y, h.y); }
IDXGEN_BF__F __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(a.x, b.x); }
IDXGEN_BF__F __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(a.y, b.y); }
IDXGEN_BF__F __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 h) { return __nv_bfloat162(h.y, h.x); }

/* ---- arithmetic: in float, rounded once -------------------------------------- */

IDXGEN_BF__F __nv_bfloat16 idxgen_bf_rn(float f) { return __float2bfloat16_rn(f); }
IDXGEN_BF__F int __hisnan(__nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
IDXGEN_BF__F int __hisinf(__nv_bfloat16 a) { return (a.__x & 0x7fffu) == 0x7f80u ? (a.__x & 0x8000u ? -1 : 1) : 0; }
/* saturation to [0, 1], NaN to +0 (CUDA's _sat) */
IDXGEN_BF__F __nv_bfloat16 idxgen_bf_sat(__nv_bfloat16 a)
{
	if (__hisnan(a) || (a.__x & 0x8000u))
		return idxgen_bf_make(0);
	return (float)a > 1.0f ? idxgen_bf_make(0x3f80) : a;
}

IDXGEN_BF__F __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) { return idxgen_bf_rn((float)a + (float)b); }
IDXGEN_BF__F __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) { return idxgen_bf_rn((float)a - (float)b); }
IDXGEN_BF__F __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) { return idxgen_bf_rn((float)a * (float)b); }
IDXGEN_BF__F __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) { return idxgen_bf_rn((float)a / (float)b); }
IDXGEN_BF__F __nv_bfloat16 __hadd_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }
IDXGEN_BF__F __nv_bfloat16 __hsub_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hsub(a, b); }
IDXGEN_BF__F __nv_bfloat16 __hmul_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmul(a, b); }
IDXGEN_BF__F __nv_bfloat16 __hadd_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return idxgen_bf_sat(__hadd(a, b)); }
IDXGEN_BF__F __nv_bfloat16 __hsub_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return idxgen_bf_sat(__hsub(a, b)); }
IDXGEN_BF__F __nv_bfloat16 __hmul_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return idxgen_bf_sat(__hmul(a, b)); }
IDXGEN_BF__F __nv_bfloat16 __hneg(__nv_bfloat16 a) { return idxgen_bf_make((unsigned short)(a.__x ^ 0x8000u)); }
IDXGEN_BF__F __nv_bfloat16 __habs(__nv_bfloat16 a) { return idxgen_bf_make((unsigned short)(a.__x & 0x7fffu)); }
IDXGEN_BF__F __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c)
{
	return idxgen_bf_make(idxgen_fp_fma((float)a, (float)b, (float)c, 8, 7, IDXGEN_FP_RN, 0x7fff));
}
IDXGEN_BF__F __nv_bfloat16 __hfma_sat(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) { return idxgen_bf_sat(__hfma(a, b, c)); }
IDXGEN_BF__F __nv_bfloat16 __hfma_relu(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c)
{
	__nv_bfloat16 r = __hfma(a, b, c);

	return __hisnan(r) ? idxgen_bf_make(0x7fff) : (r.__x & 0x8000u) ? idxgen_bf_make(0) : r;
}

/* comparisons: ordered ones are false with a NaN, the "u" ones true */
IDXGEN_BF__F bool __heq(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a == (float)b; }
IDXGEN_BF__F bool __hne(__nv_bfloat16 a, __nv_bfloat16 b) { return !__hisnan(a) && !__hisnan(b) && (float)a != (float)b; }
IDXGEN_BF__F bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a < (float)b; }
IDXGEN_BF__F bool __hle(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a <= (float)b; }
IDXGEN_BF__F bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a > (float)b; }
IDXGEN_BF__F bool __hge(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a >= (float)b; }
IDXGEN_BF__F bool __hequ(__nv_bfloat16 a, __nv_bfloat16 b) { return !((float)a != (float)b) || __hisnan(a) || __hisnan(b); }
IDXGEN_BF__F bool __hneu(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a != (float)b; }
IDXGEN_BF__F bool __hltu(__nv_bfloat16 a, __nv_bfloat16 b) { return !((float)a >= (float)b); }
IDXGEN_BF__F bool __hleu(__nv_bfloat16 a, __nv_bfloat16 b) { return !((float)a > (float)b); }
IDXGEN_BF__F bool __hgtu(__nv_bfloat16 a, __nv_bfloat16 b) { return !((float)a <= (float)b); }
IDXGEN_BF__F bool __hgeu(__nv_bfloat16 a, __nv_bfloat16 b) { return !((float)a < (float)b); }

/* max/min: a NaN operand gives the other one (both NaN: canonical NaN); _nan: NaN wins */
IDXGEN_BF__F __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b)
{
	if (__hisnan(a) && __hisnan(b))
		return idxgen_bf_make(0x7fff);
	if (__hisnan(a))
		return b;
	if (__hisnan(b))
		return a;
	if ((float)a == (float)b)	/* +0 is greater than -0 */
		return (a.__x & 0x8000u) ? b : a;
	return (float)a > (float)b ? a : b;
}
IDXGEN_BF__F __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b)
{
	if (__hisnan(a) && __hisnan(b))
		return idxgen_bf_make(0x7fff);
	if (__hisnan(a))
		return b;
	if (__hisnan(b))
		return a;
	if ((float)a == (float)b)
		return (a.__x & 0x8000u) ? a : b;
	return (float)a < (float)b ? a : b;
}
IDXGEN_BF__F __nv_bfloat16 __hmax_nan(__nv_bfloat16 a, __nv_bfloat16 b)
{
	return __hisnan(a) || __hisnan(b) ? idxgen_bf_make(0x7fff) : __hmax(a, b);
}
IDXGEN_BF__F __nv_bfloat16 __hmin_nan(__nv_bfloat16 a, __nv_bfloat16 b)
{
	return __hisnan(a) || __hisnan(b) ? idxgen_bf_make(0x7fff) : __hmin(a, b);
}

/* ---- math: the float function, rounded to bfloat16 ------------------------------- */

#define IDXGEN_BF__MATH(name, expr)                                     \
	IDXGEN_BF__F __nv_bfloat16 name(__nv_bfloat16 h)                              \
	{                                                              \
		float x = (float)h;                                    \
		return idxgen_bf_rn(expr);                              \
	}
IDXGEN_BF__MATH(hsqrt, sqrtf(x))
IDXGEN_BF__MATH(hrsqrt, 1.0f / sqrtf(x))
IDXGEN_BF__MATH(hrcp, 1.0f / x)
IDXGEN_BF__MATH(hexp, expf(x))
IDXGEN_BF__MATH(hexp2, exp2f(x))
IDXGEN_BF__MATH(hexp10, powf(10.0f, x))
IDXGEN_BF__MATH(hlog, logf(x))
IDXGEN_BF__MATH(hlog2, log2f(x))
IDXGEN_BF__MATH(hlog10, log10f(x))
IDXGEN_BF__MATH(hsin, sinf(x))
IDXGEN_BF__MATH(hcos, cosf(x))
IDXGEN_BF__MATH(htanh, tanhf(x))
IDXGEN_BF__MATH(htanh_approx, tanhf(x))	/* the precise one: within the approximation's bound */
IDXGEN_BF__MATH(htrunc, truncf(x))
IDXGEN_BF__MATH(hceil, ceilf(x))
IDXGEN_BF__MATH(hfloor, floorf(x))
IDXGEN_BF__MATH(hrint, (float)idxgen_fp_rint(x, IDXGEN_FP_RN))
#undef IDXGEN_BF__MATH

/* ---- __nv_bfloat162: each bfloat16 on its own ------------------------------------------- */

#define IDXGEN_BF2__UN(name, f)                                                                  \
	IDXGEN_BF__F __nv_bfloat162 name(__nv_bfloat162 a) { return __nv_bfloat162(f(a.x), f(a.y)); }
#define IDXGEN_BF2__BIN(name, f)                                                                  \
	IDXGEN_BF__F __nv_bfloat162 name(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(f(a.x, b.x), f(a.y, b.y)); }
IDXGEN_BF2__BIN(__hadd2, __hadd)
IDXGEN_BF2__BIN(__hsub2, __hsub)
IDXGEN_BF2__BIN(__hmul2, __hmul)
IDXGEN_BF2__BIN(__h2div, __hdiv)
IDXGEN_BF2__BIN(__hadd2_rn, __hadd)
IDXGEN_BF2__BIN(__hsub2_rn, __hsub)
IDXGEN_BF2__BIN(__hmul2_rn, __hmul)
IDXGEN_BF2__BIN(__hadd2_sat, __hadd_sat)
IDXGEN_BF2__BIN(__hsub2_sat, __hsub_sat)
IDXGEN_BF2__BIN(__hmul2_sat, __hmul_sat)
IDXGEN_BF2__BIN(__hmax2, __hmax)
IDXGEN_BF2__BIN(__hmin2, __hmin)
IDXGEN_BF2__BIN(__hmax2_nan, __hmax_nan)
IDXGEN_BF2__BIN(__hmin2_nan, __hmin_nan)
IDXGEN_BF2__UN(__hneg2, __hneg)
IDXGEN_BF2__UN(__habs2, __habs)
IDXGEN_BF2__UN(h2sqrt, hsqrt)
IDXGEN_BF2__UN(h2rsqrt, hrsqrt)
IDXGEN_BF2__UN(h2rcp, hrcp)
IDXGEN_BF2__UN(h2exp, hexp)
IDXGEN_BF2__UN(h2exp2, hexp2)
IDXGEN_BF2__UN(h2exp10, hexp10)
IDXGEN_BF2__UN(h2log, hlog)
IDXGEN_BF2__UN(h2log2, hlog2)
IDXGEN_BF2__UN(h2log10, hlog10)
IDXGEN_BF2__UN(h2sin, hsin)
IDXGEN_BF2__UN(h2cos, hcos)
IDXGEN_BF2__UN(h2tanh, htanh)
IDXGEN_BF2__UN(h2tanh_approx, htanh_approx)
IDXGEN_BF2__UN(h2trunc, htrunc)
IDXGEN_BF2__UN(h2ceil, hceil)
IDXGEN_BF2__UN(h2floor, hfloor)
IDXGEN_BF2__UN(h2rint, hrint)
#undef IDXGEN_BF2__UN
#undef IDXGEN_BF2__BIN

IDXGEN_BF__F __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) { return __nv_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
IDXGEN_BF__F __nv_bfloat162 __hfma2_sat(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c)
{
	return __nv_bfloat162(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}
IDXGEN_BF__F __nv_bfloat162 __hfma2_relu(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c)
{
	return __nv_bfloat162(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y));
}
/* complex multiply-add: (a.x + i a.y) * (b.x + i b.y) + c */
IDXGEN_BF__F __nv_bfloat162 __hcmadd(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c)
{
	__nv_bfloat16 re = __hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x));
	__nv_bfloat16 im = __hfma(a.y, b.x, __hfma(a.x, b.y, c.y));

	return __nv_bfloat162(re, im);
}
IDXGEN_BF__F __nv_bfloat162 __hisnan2(__nv_bfloat162 a)
{
	return __nv_bfloat162(idxgen_bf_make(__hisnan(a.x) ? 0x3f80 : 0), idxgen_bf_make(__hisnan(a.y) ? 0x3f80 : 0));
}

/* paired comparisons: __h*2 gives 1.0/0.0 per element, __hb*2 both true, __h*2_mask 0xffff per element */
#define IDXGEN_BF2__CMP(op, f)                                                                          \
	IDXGEN_BF__F __nv_bfloat162 __h##op##2(__nv_bfloat162 a, __nv_bfloat162 b)                                           \
	{                                                                                              \
		return __nv_bfloat162(idxgen_bf_make(f(a.x, b.x) ? 0x3f80 : 0), idxgen_bf_make(f(a.y, b.y) ? 0x3f80 : 0)); \
	}                                                                                              \
	IDXGEN_BF__F bool __hb##op##2(__nv_bfloat162 a, __nv_bfloat162 b) { return f(a.x, b.x) && f(a.y, b.y); }    \
	IDXGEN_BF__F unsigned __h##op##2_mask(__nv_bfloat162 a, __nv_bfloat162 b)                                     \
	{                                                                                              \
		return (f(a.x, b.x) ? 0xffffu : 0u) | (f(a.y, b.y) ? 0xffff0000u : 0u);             \
	}
IDXGEN_BF2__CMP(eq, __heq)
IDXGEN_BF2__CMP(ne, __hne)
IDXGEN_BF2__CMP(lt, __hlt)
IDXGEN_BF2__CMP(le, __hle)
IDXGEN_BF2__CMP(gt, __hgt)
IDXGEN_BF2__CMP(ge, __hge)
IDXGEN_BF2__CMP(equ, __hequ)
IDXGEN_BF2__CMP(neu, __hneu)
IDXGEN_BF2__CMP(ltu, __hltu)
IDXGEN_BF2__CMP(leu, __hleu)
IDXGEN_BF2__CMP(gtu, __hgtu)
IDXGEN_BF2__CMP(geu, __hgeu)
#undef IDXGEN_BF2__CMP

/* ---- operators and atomics (idxgen_narrow_ops.inc, shared with cuda_fp16.h) ---- */

#define IDXGEN_NARROW_T __nv_bfloat16
#define IDXGEN_NARROW_T2 __nv_bfloat162
#define IDXGEN_NARROW_F IDXGEN_BF__F
#define IDXGEN_NARROW_MAKE idxgen_bf_make
#define IDXGEN_NARROW_ONE 0x3f80
#include "idxgen_narrow_ops.inc"

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80U)

#endif /* IDXGEN_CUDA_BF16_H */
