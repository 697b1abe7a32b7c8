/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_special_math.h - the math API's special functions that C's
 * <math.h> lacks: erfcx (the scaled complementary error function),
 * cyl_bessel_i0/i1 (modified Bessel functions of the first kind) and
 * rnorm (the reciprocal of a vector's length), in double and float.  The
 * float forms are the double ones rounded, so each is within CUDA's bound
 * for it (erfcx 4 ulp, cyl_bessel_i0/i1 6 ulp in double, rnormf 4 ulp).
 * C11 and C++; idxgen_cuda_device.h includes it.
 */
#ifndef IDXGEN_CUDA_SPECIAL_MATH_H
#define IDXGEN_CUDA_SPECIAL_MATH_H

#include <math.h>

#ifndef IDXGEN_CUDA__F
#define IDXGEN_CUDA__F static inline __attribute__((unused))
#endif

/*
 * erfcx(x) = exp(x^2) erfc(x).  Below 25: exp of x^2 split exactly into
 * hi + lo (an FMA gives lo), so that the rounding of x^2 (600 ulp of exp's
 * argument at x = 25) does not reach the result; from 25 on (exp(x^2)
 * overflows from 26.6, erfc underflows), the asymptotic series
 * 1/(x sqrt(pi)) (1 - 1/(2x^2) + 1*3/(2x^2)^2 - ...), whose terms shrink
 * by (2k-1)/(2x^2) <= 1/1250 each: twelve reach double precision.
 */
IDXGEN_CUDA__F double erfcx(double __x)
{
	if (isinf(__x))
		return __x < 0 ? HUGE_VAL : 0.0;
	if (__x < 25.0) {
		double __h = __x * __x, __l = fma(__x, __x, -__h);

		return exp(__h) * (1.0 + __l) * erfc(__x);
	}
	double __q = 1.0 / (2.0 * __x * __x), __t = 1.0, __s = 1.0;

	for (int __k = 1; __k <= 12; __k++) {
		__t *= -(2.0 * __k - 1.0) * __q;
		__s += __t;
	}
	return __s / (__x * 1.77245385090551602730);	/* sqrt(pi) */
}
IDXGEN_CUDA__F float erfcxf(float __x)
{
	return (float)erfcx((double)__x);
}

/*
 * I0(x) = sum (x^2/4)^k / (k!)^2 and I1(x) = x/2 sum (x^2/4)^k / (k! (k+1)!):
 * every term positive (no cancellation), summed in long double (64-bit
 * significand: the rounding of a few hundred terms stays below half an ulp
 * of the double); the terms grow up to k ~ |x|/2 and then fall, the sum
 * stops when a term no longer changes it.  Overflow from |x| ~ 713 (inf,
 * as CUDA's).
 */
IDXGEN_CUDA__F double __idxgen_bessel_i_series(double __x, int __order)
{
	long double __q = (long double)__x * __x / 4.0L, __t = __order ? (long double)__x / 2.0L : 1.0L;
	long double __s = __t;

	if (isinf(__x))
		return __order && __x < 0 ? -HUGE_VAL : HUGE_VAL;
	for (int __k = 1; __k < 2000; __k++) {
		long double __n;

		__t *= __q / ((long double)__k * (__k + __order));
		__n = __s + __t;
		if (__n == __s)
			break;
		__s = __n;
	}
	return (double)__s;
}
IDXGEN_CUDA__F double cyl_bessel_i0(double __x)
{
	return __idxgen_bessel_i_series(__x, 0);
}
IDXGEN_CUDA__F double cyl_bessel_i1(double __x)
{
	return __idxgen_bessel_i_series(__x, 1);
}
IDXGEN_CUDA__F float cyl_bessel_i0f(float __x)
{
	return (float)cyl_bessel_i0((double)__x);
}
IDXGEN_CUDA__F float cyl_bessel_i1f(float __x)
{
	return (float)cyl_bessel_i1((double)__x);
}

/* 1 / sqrt(p[0]^2 + ... + p[dim-1]^2), scaled by hypot (no overflow of the squares) */
IDXGEN_CUDA__F double rnorm(int __dim, const double *__p)
{
	double __s = 0.0;

	for (int __i = 0; __i < __dim; __i++)
		__s = hypot(__s, __p[__i]);
	return 1.0 / __s;
}
IDXGEN_CUDA__F float rnormf(int __dim, const float *__p)
{
	double __s = 0.0;

	for (int __i = 0; __i < __dim; __i++)
		__s = hypot(__s, (double)__p[__i]);
	return (float)(1.0 / __s);
}

#endif
