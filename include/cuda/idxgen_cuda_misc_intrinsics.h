/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_misc_intrinsics.h - the device intrinsics of NVIDIA's
 * sm_20/30/70 headers that idxgen_cuda_device.h does not otherwise have:
 * the byte swaps (__nv_bswap16/32/64), __fns (the n-th set bit from a
 * base, PTX's fns), the IEEE fused multiply-adds with their rounding
 * (__fmaf_ieee_rn/rz/ru/rd: ours never flush denormals, so they are
 * __fmaf_rn & co.), __nanosleep, __prof_trigger and
 * __nv_aligned_device_malloc, sm_100's paired float arithmetic
 * (__fadd2_rn(float2, float2) & co.), and in C++ the double arithmetic and
 * conversions that take a cudaRoundMode (dadd(a, b, cudaRoundPosInf),
 * double2int(x, mode), ...).  C11 and C++; idxgen_cuda_device.h includes
 * it at its end.
 */
#ifndef IDXGEN_CUDA_MISC_INTRINSICS_H
#define IDXGEN_CUDA_MISC_INTRINSICS_H

#include <stdint.h>
#include <stdlib.h>

#include "device_types.h"
#include "vector_types.h"
/* __fmaf_rn and the directed roundings; it includes this header at its end (guarded) */
#include "idxgen_cuda_device.h"

#ifndef IDXGEN_CUDA__F
#define IDXGEN_CUDA__F static inline __attribute__((unused))
#endif

IDXGEN_CUDA__F unsigned short __nv_bswap16(unsigned short __x)
{
	return __builtin_bswap16(__x);
}
IDXGEN_CUDA__F unsigned int __nv_bswap32(unsigned int __x)
{
	return __builtin_bswap32(__x);
}
IDXGEN_CUDA__F unsigned long long __nv_bswap64(unsigned long long __x)
{
	return __builtin_bswap64(__x);
}

/*
 * PTX's fns: offset 0 is base itself if its bit is set; a positive offset
 * the offset-th set bit counting up from base (base included), a negative
 * one counting down; 0xffffffff where there is none.  base > 31 is
 * undefined in CUDA; here it finds nothing.
 */
IDXGEN_CUDA__F unsigned int __fns(unsigned int __mask, unsigned int __base, int __offset)
{
	int __pos = (int)__base, __inc = __offset > 0 ? 1 : -1;
	unsigned int __count = __offset > 0 ? (unsigned int)__offset - 1 : 0u - (unsigned int)__offset - 1;

	if (__base > 31)
		return 0xffffffffu;
	if (__offset == 0)
		return (__mask >> __base) & 1 ? __base : 0xffffffffu;
	for (; __pos >= 0 && __pos < 32; __pos += __inc)
		if ((__mask >> __pos) & 1) {
			if (!__count)
				return (unsigned int)__pos;
			__count--;
		}
	return 0xffffffffu;
}

IDXGEN_CUDA__F float __fmaf_ieee_rn(float __x, float __y, float __z)
{
	return __fmaf_rn(__x, __y, __z);
}
IDXGEN_CUDA__F float __fmaf_ieee_rz(float __x, float __y, float __z)
{
	return __fmaf_rz(__x, __y, __z);
}
IDXGEN_CUDA__F float __fmaf_ieee_ru(float __x, float __y, float __z)
{
	return __fmaf_ru(__x, __y, __z);
}
IDXGEN_CUDA__F float __fmaf_ieee_rd(float __x, float __y, float __z)
{
	return __fmaf_rd(__x, __y, __z);
}

/*
 * CUDA sleeps "approximately" ns, anywhere in [0, 2 * ns]: 0 is in the
 * range, and a kernel that waits for another thread with it runs under
 * the translator's spin-loop handling like any other wait.
 */
IDXGEN_CUDA__F void __nanosleep(unsigned int __ns)
{
	(void)__ns;
}

/* CUDA's double division by that name: IEEE division (the precise one) */
IDXGEN_CUDA__F double fdivide(double __x, double __y)
{
	return __x / __y;
}

/* A profiler's counter: no profiler here, nothing counts. */
IDXGEN_CUDA__F void __prof_trigger(int __counter)
{
	(void)__counter;
}

/*
 * Device malloc with an alignment (a power of 2, else NULL, as CUDA);
 * free() releases it like malloc's memory.
 */
IDXGEN_CUDA__F void *__nv_aligned_device_malloc(size_t __size, size_t __align)
{
	if (!__align || (__align & (__align - 1)))
		return NULL;
	if (__align < sizeof(void *))
		__align = sizeof(void *);
	return aligned_alloc(__align, (__size + __align - 1) / __align * __align);
}

/* sm_100's float pairs: each half the scalar operation in the named rounding */
#define IDXGEN_CUDA__PAIR2(_Name, _Op)									\
	IDXGEN_CUDA__F float2 _Name(float2 __a, float2 __b)						\
	{												\
		float2 __r;										\
													\
		__r.x = _Op(__a.x, __b.x);								\
		__r.y = _Op(__a.y, __b.y);								\
		return __r;										\
	}
#define IDXGEN_CUDA__PAIR2_ALL(_Pfx, _Op)								\
	IDXGEN_CUDA__PAIR2(_Pfx##_rn, _Op##_rn) IDXGEN_CUDA__PAIR2(_Pfx##_rz, _Op##_rz)			\
	IDXGEN_CUDA__PAIR2(_Pfx##_ru, _Op##_ru) IDXGEN_CUDA__PAIR2(_Pfx##_rd, _Op##_rd)
IDXGEN_CUDA__PAIR2_ALL(__fadd2, __fadd)
IDXGEN_CUDA__PAIR2_ALL(__fmul2, __fmul)
#define IDXGEN_CUDA__PAIR3(_Name, _Op)									\
	IDXGEN_CUDA__F float2 _Name(float2 __a, float2 __b, float2 __c)					\
	{												\
		float2 __r;										\
													\
		__r.x = _Op(__a.x, __b.x, __c.x);							\
		__r.y = _Op(__a.y, __b.y, __c.y);							\
		return __r;										\
	}
IDXGEN_CUDA__PAIR3(__ffma2_rn, __fmaf_rn)
IDXGEN_CUDA__PAIR3(__ffma2_rz, __fmaf_rz)
IDXGEN_CUDA__PAIR3(__ffma2_ru, __fmaf_ru)
IDXGEN_CUDA__PAIR3(__ffma2_rd, __fmaf_rd)
#undef IDXGEN_CUDA__PAIR3
#undef IDXGEN_CUDA__PAIR2_ALL
#undef IDXGEN_CUDA__PAIR2

#ifdef __cplusplus
/* CUDA's older spelling of the rounded operations: the mode an argument (C++ default arguments) */
#define IDXGEN_CUDA__BY_MODE(_Mode, _Pfx, ...)								\
	switch (_Mode) {										\
	case cudaRoundZero:										\
		return _Pfx##_rz(__VA_ARGS__);								\
	case cudaRoundPosInf:										\
		return _Pfx##_ru(__VA_ARGS__);								\
	case cudaRoundMinInf:										\
		return _Pfx##_rd(__VA_ARGS__);								\
	default:											\
		return _Pfx##_rn(__VA_ARGS__);								\
	}
static inline double dadd(double __a, double __b, enum cudaRoundMode __m = cudaRoundNearest)
{
	IDXGEN_CUDA__BY_MODE(__m, __dadd, __a, __b)
}
static inline double dsub(double __a, double __b, enum cudaRoundMode __m = cudaRoundNearest)
{
	IDXGEN_CUDA__BY_MODE(__m, __dsub, __a, __b)
}
static inline double dmul(double __a, double __b, enum cudaRoundMode __m = cudaRoundNearest)
{
	IDXGEN_CUDA__BY_MODE(__m, __dmul, __a, __b)
}
static inline double fma(double __a, double __b, double __c, enum cudaRoundMode __m)
{
	IDXGEN_CUDA__BY_MODE(__m, __fma, __a, __b, __c)
}
static inline int double2int(double __a, enum cudaRoundMode __m = cudaRoundZero)
{
	IDXGEN_CUDA__BY_MODE(__m, __double2int, __a)
}
static inline unsigned int double2uint(double __a, enum cudaRoundMode __m = cudaRoundZero)
{
	IDXGEN_CUDA__BY_MODE(__m, __double2uint, __a)
}
static inline long long int double2ll(double __a, enum cudaRoundMode __m = cudaRoundZero)
{
	IDXGEN_CUDA__BY_MODE(__m, __double2ll, __a)
}
static inline unsigned long long int double2ull(double __a, enum cudaRoundMode __m = cudaRoundZero)
{
	IDXGEN_CUDA__BY_MODE(__m, __double2ull, __a)
}
static inline double ll2double(long long int __a, enum cudaRoundMode __m = cudaRoundNearest)
{
	IDXGEN_CUDA__BY_MODE(__m, __ll2double, __a)
}
static inline double ull2double(unsigned long long int __a, enum cudaRoundMode __m = cudaRoundNearest)
{
	IDXGEN_CUDA__BY_MODE(__m, __ull2double, __a)
}
#undef IDXGEN_CUDA__BY_MODE
/* exact in every mode */
static inline double int2double(int __a, enum cudaRoundMode = cudaRoundNearest)
{
	return (double)__a;
}
static inline double uint2double(unsigned int __a, enum cudaRoundMode = cudaRoundNearest)
{
	return (double)__a;
}
static inline double float2double(float __a, enum cudaRoundMode = cudaRoundNearest)
{
	return (double)__a;
}
#endif /* __cplusplus */

#endif
