/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_simd.h - CUDA's SIMD-in-a-word integer intrinsics: a 32-bit
 * word seen as two 16-bit lanes (the ...2 functions) or four 8-bit lanes
 * (the ...4 functions), lane 0 in the low bits.
 *
 *   __vadd __vsub          wrap-around            __vaddss __vsubss  signed saturation
 *   __vaddus __vsubus      unsigned saturation    __vabs __vneg      wrap-around
 *   __vabsss __vnegss      signed saturation      __vabsdiffs/u      |a - b| per lane
 *   __vavgs                (a + b) / 2, halves away from zero
 *   __vavgu                (a + b + 1) / 2        __vhaddu           (a + b) / 2, truncated
 *   __vmaxs/u __vmins/u    per lane               __vsads/u          sum of the lanes' |a - b|
 *   __vcmpXX               lane all ones when true, else 0 (XX: eq ne, ges gts les lts
 *   __vsetXX               lane 1 when true, else 0         signed, geu gtu leu ltu unsigned)
 *
 * and the "DPX" functions of CUDA 12 (__host__ __device__ there too) on a
 * 32-bit value (_s32, _u32) or on two 16-bit lanes (_s16x2, _u16x2):
 * __viaddmax/__viaddmin  max/min(a + b, c) with a + b wrapping in the lane,
 * __vimax3/__vimin3      max/min of three, __vibmax/__vibmin max/min that
 * also store a >= b / a <= b per lane, and the _relu forms, whose result is
 * at least 0 (signed only).
 *
 * Lanes are taken apart and put back one at a time: a lane's value is an
 * ordinary integer, each operation is its textbook definition on it, and
 * the wrap or the saturation to the lane's width is applied last.  The
 * optimiser unrolls the constant-count loops; nothing here is a hot path
 * worth the bit tricks a GPU needs.
 *
 * Included by idxgen_cuda_device.h; C11 and C++11.  Every name below other
 * than CUDA's starts with idxgen_simd/IDXGEN_SIMD, every parameter and
 * local with two underscores, so that no user macro (-DN=..., -DW=...)
 * reaches into them.
 */
#ifndef IDXGEN_CUDA_SIMD_H
#define IDXGEN_CUDA_SIMD_H

#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifndef IDXGEN_CUDA__F
#define IDXGEN_CUDA__F static inline __attribute__((unused))
#endif

/* Lane __i of __v, __w bits wide, as a signed or an unsigned value. */
IDXGEN_CUDA__F long long idxgen_simd_lane(unsigned int __v, int __w, int __i, int __sgn)
{
	long long __m = (1LL << __w) - 1;
	long long __x = (long long)(__v >> (__i * __w)) & __m;

	if (__sgn && (__x >> (__w - 1)))
		__x -= __m + 1;
	return __x;
}

/* __x clamped to what a signed or unsigned lane of __w bits holds. */
IDXGEN_CUDA__F long long idxgen_simd_sat(long long __x, int __w, int __sgn)
{
	long long __lo = __sgn ? -(1LL << (__w - 1)) : 0;
	long long __hi = __sgn ? (1LL << (__w - 1)) - 1 : (1LL << __w) - 1;

	return __x < __lo ? __lo : __x > __hi ? __hi : __x;
}

/* __r with lane __i set to the low __w bits of __x (wrap-around). */
IDXGEN_CUDA__F unsigned int idxgen_simd_put(unsigned int __r, long long __x, int __w, int __i)
{
	unsigned long long __m = (1ULL << __w) - 1;

	return __r | (unsigned int)(((unsigned long long)__x & __m) << (__i * __w));
}

/* (a + b) / 2 rounded half away from zero: CUDA's signed average. */
IDXGEN_CUDA__F long long idxgen_simd_avgs(long long __s)
{
	return __s >= 0 ? (__s + 1) / 2 : -((-__s + 1) / 2);
}

IDXGEN_CUDA__F long long idxgen_simd_max(long long __x, long long __y)
{
	return __x > __y ? __x : __y;
}

IDXGEN_CUDA__F long long idxgen_simd_min(long long __x, long long __y)
{
	return __x < __y ? __x : __y;
}

/*
 * name2 and name4 from one per-lane expression of __x (lane of a) and __y
 * (lane of b), lanes read as signed when __sg is 1; __w is the lane width
 * in the expression.
 */
#define IDXGEN_SIMD__BIN1(name, __wd, __sg, expr)					\
	IDXGEN_CUDA__F unsigned int name(unsigned int __a, unsigned int __b)		\
	{										\
		unsigned int __r = 0;							\
		const int __w = (__wd);							\
											\
		for (int __i = 0; __i < 32 / __w; __i++) {				\
			long long __x = idxgen_simd_lane(__a, __w, __i, __sg);		\
			long long __y = idxgen_simd_lane(__b, __w, __i, __sg);		\
			(void)__x, (void)__y;						\
			__r = idxgen_simd_put(__r, (expr), __w, __i);			\
		}									\
		return __r;								\
	}
#define IDXGEN_SIMD__BIN(base, __sg, expr)	\
	IDXGEN_SIMD__BIN1(base##2, 16, __sg, expr)	\
	IDXGEN_SIMD__BIN1(base##4, 8, __sg, expr)
/* the one-operand forms: b is 0 */
#define IDXGEN_SIMD__UN(base, __sg, expr)					\
	IDXGEN_SIMD__BIN(idxgen_simd_un_##base, __sg, expr)			\
	IDXGEN_CUDA__F unsigned int base##2(unsigned int __a)			\
	{									\
		return idxgen_simd_un_##base##2(__a, 0);			\
	}									\
	IDXGEN_CUDA__F unsigned int base##4(unsigned int __a)			\
	{									\
		return idxgen_simd_un_##base##4(__a, 0);			\
	}
/* the sum over the lanes of |a - b| (not a per-lane result) */
#define IDXGEN_SIMD__SAD1(name, __wd, __sg)						\
	IDXGEN_CUDA__F unsigned int name(unsigned int __a, unsigned int __b)		\
	{										\
		long long __sum = 0;							\
		const int __w = (__wd);							\
											\
		for (int __i = 0; __i < 32 / __w; __i++) {				\
			long long __x = idxgen_simd_lane(__a, __w, __i, __sg);		\
			long long __y = idxgen_simd_lane(__b, __w, __i, __sg);		\
			__sum += __x > __y ? __x - __y : __y - __x;			\
		}									\
		return (unsigned int)__sum;						\
	}

IDXGEN_SIMD__BIN(__vadd, 0, __x + __y)
IDXGEN_SIMD__BIN(__vsub, 0, __x - __y)
IDXGEN_SIMD__BIN(__vaddss, 1, idxgen_simd_sat(__x + __y, __w, 1))
IDXGEN_SIMD__BIN(__vsubss, 1, idxgen_simd_sat(__x - __y, __w, 1))
IDXGEN_SIMD__BIN(__vaddus, 0, idxgen_simd_sat(__x + __y, __w, 0))
IDXGEN_SIMD__BIN(__vsubus, 0, idxgen_simd_sat(__x - __y, __w, 0))
IDXGEN_SIMD__BIN(__vavgs, 1, idxgen_simd_avgs(__x + __y))
IDXGEN_SIMD__BIN(__vavgu, 0, (__x + __y + 1) / 2)
IDXGEN_SIMD__BIN(__vhaddu, 0, (__x + __y) / 2)
IDXGEN_SIMD__BIN(__vabsdiffs, 1, __x > __y ? __x - __y : __y - __x)
IDXGEN_SIMD__BIN(__vabsdiffu, 0, __x > __y ? __x - __y : __y - __x)
IDXGEN_SIMD__BIN(__vmaxs, 1, idxgen_simd_max(__x, __y))
IDXGEN_SIMD__BIN(__vmaxu, 0, idxgen_simd_max(__x, __y))
IDXGEN_SIMD__BIN(__vmins, 1, idxgen_simd_min(__x, __y))
IDXGEN_SIMD__BIN(__vminu, 0, idxgen_simd_min(__x, __y))

/* comparisons: all ones (-1 wraps to it) or 0 per lane; 1 or 0 per lane */
#define IDXGEN_SIMD__CMP(xx, __sg, op)				\
	IDXGEN_SIMD__BIN(__vcmp##xx, __sg, (__x op __y) ? -1 : 0)	\
	IDXGEN_SIMD__BIN(__vset##xx, __sg, (__x op __y) ? 1 : 0)
IDXGEN_SIMD__CMP(eq, 0, ==)
IDXGEN_SIMD__CMP(ne, 0, !=)
IDXGEN_SIMD__CMP(ges, 1, >=)
IDXGEN_SIMD__CMP(gts, 1, >)
IDXGEN_SIMD__CMP(les, 1, <=)
IDXGEN_SIMD__CMP(lts, 1, <)
IDXGEN_SIMD__CMP(geu, 0, >=)
IDXGEN_SIMD__CMP(gtu, 0, >)
IDXGEN_SIMD__CMP(leu, 0, <=)
IDXGEN_SIMD__CMP(ltu, 0, <)

IDXGEN_SIMD__UN(__vabs, 1, __x < 0 ? -__x : __x)
IDXGEN_SIMD__UN(__vabsss, 1, idxgen_simd_sat(__x < 0 ? -__x : __x, __w, 1))
IDXGEN_SIMD__UN(__vneg, 1, -__x)
IDXGEN_SIMD__UN(__vnegss, 1, idxgen_simd_sat(-__x, __w, 1))

IDXGEN_SIMD__SAD1(__vsads2, 16, 1)
IDXGEN_SIMD__SAD1(__vsads4, 8, 1)
IDXGEN_SIMD__SAD1(__vsadu2, 16, 0)
IDXGEN_SIMD__SAD1(__vsadu4, 8, 0)

/*
 * PTX's `vabsdiff4.u32.u32.u32.add d, a, b, c` (the default mask .b3210):
 * c plus the sum over the four bytes of |a_i - b_i|, modulo 2^32.  idxgen-cc
 * writes such an inline asm statement as a use of this (lib/cc/asm_sreg.c).
 */
#define __idxgen_vabsdiff4_add(__d, __a, __b, __c) \
	((__d) = __vsadu4((__a), (__b)) + (unsigned int)(__c))

/* ---------------------------------------------------------------- */
/* DPX (CUDA 12): three-operand max/min, add-then-max/min, and       */
/* max/min with a predicate, on 32 bits or two 16-bit lanes          */
/* ---------------------------------------------------------------- */

/* a + b wrapped to 32 bits, read as signed (no signed overflow in C). */
IDXGEN_CUDA__F int idxgen_simd_wrap_add32(int __a, int __b)
{
	unsigned int __u = (unsigned int)__a + (unsigned int)__b;

	return __u > 0x7fffffffu ? -(int)(~__u) - 1 : (int)__u;
}

/* the _s16x2/_u16x2 forms: one per-lane expression of __x, __y, __z */
#define IDXGEN_SIMD__TRI16(name, __sg, expr)							\
	IDXGEN_CUDA__F unsigned int name(const unsigned int __a, const unsigned int __b,	\
					 const unsigned int __c)				\
	{											\
		unsigned int __r = 0;								\
		for (int __i = 0; __i < 2; __i++) {						\
			long long __x = idxgen_simd_lane(__a, 16, __i, __sg);			\
			long long __y = idxgen_simd_lane(__b, 16, __i, __sg);			\
			long long __z = idxgen_simd_lane(__c, 16, __i, __sg);			\
			(void)__z;								\
			__r = idxgen_simd_put(__r, (expr), 16, __i);				\
		}										\
		return __r;									\
	}
/* a + b wrapped to the 16-bit lane, read back with the lane's sign */
#define IDXGEN_SIMD__ADD16(__sg) idxgen_simd_lane((unsigned int)(__x + __y) & 0xffffu, 16, 0, __sg)

IDXGEN_SIMD__TRI16(__viaddmax_s16x2, 1, idxgen_simd_max(IDXGEN_SIMD__ADD16(1), __z))
IDXGEN_SIMD__TRI16(__viaddmax_u16x2, 0, idxgen_simd_max(IDXGEN_SIMD__ADD16(0), __z))
IDXGEN_SIMD__TRI16(__viaddmin_s16x2, 1, idxgen_simd_min(IDXGEN_SIMD__ADD16(1), __z))
IDXGEN_SIMD__TRI16(__viaddmin_u16x2, 0, idxgen_simd_min(IDXGEN_SIMD__ADD16(0), __z))
IDXGEN_SIMD__TRI16(__viaddmax_s16x2_relu, 1,
		   idxgen_simd_max(idxgen_simd_max(IDXGEN_SIMD__ADD16(1), __z), 0))
IDXGEN_SIMD__TRI16(__viaddmin_s16x2_relu, 1,
		   idxgen_simd_max(idxgen_simd_min(IDXGEN_SIMD__ADD16(1), __z), 0))
IDXGEN_SIMD__TRI16(__vimax3_s16x2, 1, idxgen_simd_max(idxgen_simd_max(__x, __y), __z))
IDXGEN_SIMD__TRI16(__vimax3_u16x2, 0, idxgen_simd_max(idxgen_simd_max(__x, __y), __z))
IDXGEN_SIMD__TRI16(__vimin3_s16x2, 1, idxgen_simd_min(idxgen_simd_min(__x, __y), __z))
IDXGEN_SIMD__TRI16(__vimin3_u16x2, 0, idxgen_simd_min(idxgen_simd_min(__x, __y), __z))
IDXGEN_SIMD__TRI16(__vimax3_s16x2_relu, 1,
		   idxgen_simd_max(idxgen_simd_max(idxgen_simd_max(__x, __y), __z), 0))
IDXGEN_SIMD__TRI16(__vimin3_s16x2_relu, 1,
		   idxgen_simd_max(idxgen_simd_min(idxgen_simd_min(__x, __y), __z), 0))
IDXGEN_SIMD__BIN1(__vimax_s16x2_relu, 16, 1, idxgen_simd_max(idxgen_simd_max(__x, __y), 0))
IDXGEN_SIMD__BIN1(__vimin_s16x2_relu, 16, 1, idxgen_simd_max(idxgen_simd_min(__x, __y), 0))

/* 32-bit forms: signed and unsigned, each with its own arithmetic */
#define IDXGEN_SIMD__MAX(x, y) ((x) > (y) ? (x) : (y))
#define IDXGEN_SIMD__MIN(x, y) ((x) < (y) ? (x) : (y))
IDXGEN_CUDA__F int __viaddmax_s32(const int __a, const int __b, const int __c)
{
	return IDXGEN_SIMD__MAX(idxgen_simd_wrap_add32(__a, __b), __c);
}
IDXGEN_CUDA__F int __viaddmin_s32(const int __a, const int __b, const int __c)
{
	return IDXGEN_SIMD__MIN(idxgen_simd_wrap_add32(__a, __b), __c);
}
IDXGEN_CUDA__F int __viaddmax_s32_relu(const int __a, const int __b, const int __c)
{
	return IDXGEN_SIMD__MAX(__viaddmax_s32(__a, __b, __c), 0);
}
IDXGEN_CUDA__F int __viaddmin_s32_relu(const int __a, const int __b, const int __c)
{
	return IDXGEN_SIMD__MAX(__viaddmin_s32(__a, __b, __c), 0);
}
IDXGEN_CUDA__F unsigned int __viaddmax_u32(const unsigned int __a, const unsigned int __b,
					   const unsigned int __c)
{
	return IDXGEN_SIMD__MAX(__a + __b, __c);
}
IDXGEN_CUDA__F unsigned int __viaddmin_u32(const unsigned int __a, const unsigned int __b,
					   const unsigned int __c)
{
	return IDXGEN_SIMD__MIN(__a + __b, __c);
}
IDXGEN_CUDA__F int __vimax3_s32(const int __a, const int __b, const int __c)
{
	return IDXGEN_SIMD__MAX(IDXGEN_SIMD__MAX(__a, __b), __c);
}
IDXGEN_CUDA__F int __vimin3_s32(const int __a, const int __b, const int __c)
{
	return IDXGEN_SIMD__MIN(IDXGEN_SIMD__MIN(__a, __b), __c);
}
IDXGEN_CUDA__F int __vimax3_s32_relu(const int __a, const int __b, const int __c)
{
	return IDXGEN_SIMD__MAX(__vimax3_s32(__a, __b, __c), 0);
}
IDXGEN_CUDA__F int __vimin3_s32_relu(const int __a, const int __b, const int __c)
{
	return IDXGEN_SIMD__MAX(__vimin3_s32(__a, __b, __c), 0);
}
IDXGEN_CUDA__F unsigned int __vimax3_u32(const unsigned int __a, const unsigned int __b,
					 const unsigned int __c)
{
	return IDXGEN_SIMD__MAX(IDXGEN_SIMD__MAX(__a, __b), __c);
}
IDXGEN_CUDA__F unsigned int __vimin3_u32(const unsigned int __a, const unsigned int __b,
					 const unsigned int __c)
{
	return IDXGEN_SIMD__MIN(IDXGEN_SIMD__MIN(__a, __b), __c);
}
IDXGEN_CUDA__F int __vimax_s32_relu(const int __a, const int __b)
{
	return IDXGEN_SIMD__MAX(IDXGEN_SIMD__MAX(__a, __b), 0);
}
IDXGEN_CUDA__F int __vimin_s32_relu(const int __a, const int __b)
{
	return IDXGEN_SIMD__MAX(IDXGEN_SIMD__MIN(__a, __b), 0);
}

/* max/min and, through the pointers, a >= b (max) or a <= b (min) */
IDXGEN_CUDA__F int __vibmax_s32(const int __a, const int __b, bool *const __pred)
{
	*__pred = __a >= __b;
	return IDXGEN_SIMD__MAX(__a, __b);
}
IDXGEN_CUDA__F int __vibmin_s32(const int __a, const int __b, bool *const __pred)
{
	*__pred = __a <= __b;
	return IDXGEN_SIMD__MIN(__a, __b);
}
IDXGEN_CUDA__F unsigned int __vibmax_u32(const unsigned int __a, const unsigned int __b,
					 bool *const __pred)
{
	*__pred = __a >= __b;
	return IDXGEN_SIMD__MAX(__a, __b);
}
IDXGEN_CUDA__F unsigned int __vibmin_u32(const unsigned int __a, const unsigned int __b,
					 bool *const __pred)
{
	*__pred = __a <= __b;
	return IDXGEN_SIMD__MIN(__a, __b);
}
#define IDXGEN_SIMD__IB16(name, __sg, __want_max)						\
	IDXGEN_CUDA__F unsigned int name(const unsigned int __a, const unsigned int __b,	\
					 bool *const __pred_hi, bool *const __pred_lo)		\
	{											\
		unsigned int __r = 0;								\
		for (int __i = 0; __i < 2; __i++) {						\
			long long __x = idxgen_simd_lane(__a, 16, __i, __sg);			\
			long long __y = idxgen_simd_lane(__b, 16, __i, __sg);			\
			bool __p = (__want_max) ? __x >= __y : __x <= __y;			\
			*(__i ? __pred_hi : __pred_lo) = __p;					\
			__r = idxgen_simd_put(__r, __p ? __x : __y, 16, __i);			\
		}										\
		return __r;									\
	}
IDXGEN_SIMD__IB16(__vibmax_s16x2, 1, 1)
IDXGEN_SIMD__IB16(__vibmax_u16x2, 0, 1)
IDXGEN_SIMD__IB16(__vibmin_s16x2, 1, 0)
IDXGEN_SIMD__IB16(__vibmin_u16x2, 0, 0)

#endif /* IDXGEN_CUDA_SIMD_H */
