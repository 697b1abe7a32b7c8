/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_round.h - CUDA's arithmetic and conversion intrinsics with a
 * directed rounding suffix: _rz toward zero, _ru toward +inf, _rd toward
 * -inf (__fadd_rd, __dmul_ru, __fmaf_rz, __fsqrt_rd, __int2float_ru,
 * __double2float_rd, __ll2double_rz, ...), as interval arithmetic uses them.
 * The _rn forms and float-to-integer conversions are in idxgen_cuda_device.h.
 *
 * Each is the CPU's own IEEE operation evaluated in that rounding mode
 * (C99 <fenv.h>): the mode is set, the operation done, the caller's mode
 * restored.  The rounding mode is per OS thread and nothing here can yield
 * a fiber, so other threads of a block never see it.  The empty asm
 * statements hide the operands and the result from the optimiser, so that
 * it can neither fold the operation at the default mode nor move it out of
 * the bracket (the translator builds without -frounding-math).
 *
 * Included by idxgen_cuda_device.h; C11 and C++11.
 */
#ifndef IDXGEN_CUDA_ROUND_H
#define IDXGEN_CUDA_ROUND_H

#include <fenv.h>
#include <math.h>

#ifndef IDXGEN_CUDA__F
#define IDXGEN_CUDA__F static inline __attribute__((unused))
#endif

#define IDXGEN_CUDA__HIDE(v) __asm__ volatile("" : "+g"(v) : : "memory")

/* name(x, y) = expr in mode, for _Tp operands */
#define IDXGEN_CUDA__RND2(name, _Tp, mode, expr)	\
IDXGEN_CUDA__F _Tp name(_Tp __x, _Tp __y)		\
{							\
	const int __old = fegetround();			\
	_Tp __r;					\
	fesetround(mode);				\
	IDXGEN_CUDA__HIDE(__x);				\
	IDXGEN_CUDA__HIDE(__y);				\
	__r = (expr);					\
	IDXGEN_CUDA__HIDE(__r);				\
	fesetround(__old);				\
	return __r;					\
}

/* name(x) = expr in mode, from _From to _To */
#define IDXGEN_CUDA__RND1(name, _From, _To, mode, expr)	\
IDXGEN_CUDA__F _To name(_From __x)			\
{							\
	const int __old = fegetround();			\
	_To __r;					\
	fesetround(mode);				\
	IDXGEN_CUDA__HIDE(__x);				\
	__r = (expr);					\
	IDXGEN_CUDA__HIDE(__r);				\
	fesetround(__old);				\
	return __r;					\
}

/* name(x, y, z) = fma in mode */
#define IDXGEN_CUDA__RND3(name, _Tp, mode, fn)		\
IDXGEN_CUDA__F _Tp name(_Tp __x, _Tp __y, _Tp __z)	\
{							\
	const int __old = fegetround();			\
	_Tp __r;					\
	fesetround(mode);				\
	IDXGEN_CUDA__HIDE(__x);				\
	IDXGEN_CUDA__HIDE(__y);				\
	IDXGEN_CUDA__HIDE(__z);				\
	__r = fn(__x, __y, __z);			\
	IDXGEN_CUDA__HIDE(__r);				\
	fesetround(__old);				\
	return __r;					\
}

/* the three directed modes of one operation: pfx_rz, pfx_ru, pfx_rd */
#define IDXGEN_CUDA__RND2_ALL(pfx, _Tp, expr)				\
	IDXGEN_CUDA__RND2(pfx##_rz, _Tp, FE_TOWARDZERO, expr)		\
	IDXGEN_CUDA__RND2(pfx##_ru, _Tp, FE_UPWARD, expr)		\
	IDXGEN_CUDA__RND2(pfx##_rd, _Tp, FE_DOWNWARD, expr)
#define IDXGEN_CUDA__RND1_ALL(pfx, _From, _To, expr)			\
	IDXGEN_CUDA__RND1(pfx##_rz, _From, _To, FE_TOWARDZERO, expr)	\
	IDXGEN_CUDA__RND1(pfx##_ru, _From, _To, FE_UPWARD, expr)	\
	IDXGEN_CUDA__RND1(pfx##_rd, _From, _To, FE_DOWNWARD, expr)
#define IDXGEN_CUDA__RND3_ALL(pfx, _Tp, fn)				\
	IDXGEN_CUDA__RND3(pfx##_rz, _Tp, FE_TOWARDZERO, fn)		\
	IDXGEN_CUDA__RND3(pfx##_ru, _Tp, FE_UPWARD, fn)			\
	IDXGEN_CUDA__RND3(pfx##_rd, _Tp, FE_DOWNWARD, fn)

IDXGEN_CUDA__RND2_ALL(__fadd, float, __x + __y)
IDXGEN_CUDA__RND2_ALL(__fsub, float, __x - __y)
IDXGEN_CUDA__RND2_ALL(__fmul, float, __x * __y)
IDXGEN_CUDA__RND2_ALL(__fdiv, float, __x / __y)
IDXGEN_CUDA__RND2_ALL(__dadd, double, __x + __y)
IDXGEN_CUDA__RND2_ALL(__dsub, double, __x - __y)
IDXGEN_CUDA__RND2_ALL(__dmul, double, __x * __y)
IDXGEN_CUDA__RND2_ALL(__ddiv, double, __x / __y)
IDXGEN_CUDA__RND3_ALL(__fmaf, float, fmaf)
IDXGEN_CUDA__RND3_ALL(__fma, double, fma)
IDXGEN_CUDA__RND1_ALL(__frcp, float, float, 1.0f / __x)
IDXGEN_CUDA__RND1_ALL(__drcp, double, double, 1.0 / __x)
IDXGEN_CUDA__RND1_ALL(__fsqrt, float, float, sqrtf(__x))
IDXGEN_CUDA__RND1_ALL(__dsqrt, double, double, sqrt(__x))

/* conversions that can be inexact */
IDXGEN_CUDA__RND1_ALL(__double2float, double, float, (float)__x)
IDXGEN_CUDA__RND1_ALL(__int2float, int, float, (float)__x)
IDXGEN_CUDA__RND1_ALL(__uint2float, unsigned int, float, (float)__x)
IDXGEN_CUDA__RND1_ALL(__ll2float, long long, float, (float)__x)
IDXGEN_CUDA__RND1_ALL(__ull2float, unsigned long long, float, (float)__x)
IDXGEN_CUDA__RND1_ALL(__ll2double, long long, double, (double)__x)
IDXGEN_CUDA__RND1_ALL(__ull2double, unsigned long long, double, (double)__x)

/* an unsigned int always fits a double: one name, as CUDA has */
IDXGEN_CUDA__F double __uint2double_rn(unsigned int __x)
{
	return (double)__x;
}
IDXGEN_CUDA__F double __ull2double_rn(unsigned long long __x)
{
	return (double)__x;
}

#undef IDXGEN_CUDA__RND1_ALL
#undef IDXGEN_CUDA__RND2_ALL
#undef IDXGEN_CUDA__RND3_ALL
#undef IDXGEN_CUDA__RND1
#undef IDXGEN_CUDA__RND2
#undef IDXGEN_CUDA__RND3
#undef IDXGEN_CUDA__HIDE

#endif /* IDXGEN_CUDA_ROUND_H */
