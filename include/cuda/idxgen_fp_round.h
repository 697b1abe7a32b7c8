/* SPDX-License-Identifier: MIT */
/*
 * idxgen_fp_round.h - rounding of a real number to a narrow binary floating
 * format (binary16, bfloat16) in each of CUDA's four rounding modes, in
 * integer arithmetic: the one soft path of cuda_fp16.h and cuda_bf16.h.
 *
 * A value is given decomposed, (-1)^neg * m * 2^e with m an unsigned 64-bit
 * integer, so that floats, doubles and 64-bit integers all go through the
 * same code exactly (no intermediate rounding).  The narrow format has ebits
 * exponent bits and mbits stored mantissa bits (binary16: 5, 10; bfloat16: 8,
 * 7); the result is its 16-bit encoding.  IEEE 754-2008 section 4.3:
 * nearest-even, toward zero, toward -inf, toward +inf; overflow gives
 * infinity or the largest finite number as the mode says (section 7.4).
 * NaNs are not handled here (the callers map them to CUDA's canonical NaN).
 *
 * C++ only (included by the C++-only cuda_fp16.h / cuda_bf16.h).
 */
#ifndef IDXGEN_FP_ROUND_H
#define IDXGEN_FP_ROUND_H

#include <stdint.h>
#include <string.h>

#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif

#define IDXGEN_FP__F static inline __host__ __device__ __attribute__((unused))

enum idxgen_fp_mode { IDXGEN_FP_RN, IDXGEN_FP_RZ, IDXGEN_FP_RD, IDXGEN_FP_RU };

/* floor(log2(m)) for m != 0 */
IDXGEN_FP__F int idxgen_fp_ilog2(uint64_t m)
{
	return 63 - __builtin_clzll(m);
}

/*
 * Round (-1)^neg * m * 2^e to the format (ebits, mbits) in mode; returns the
 * encoding with the sign.  The quantum of the result is 2^q with
 * q = max(floor(log2 v), emin) - mbits; the significand counted in quanta is
 * r = m * 2^(e - q), rounded; its encoding is ((q - (emin - mbits)) << mbits) + r,
 * which also carries a rounding up into the next binade or to infinity.
 */
IDXGEN_FP__F uint16_t idxgen_fp_round(int neg, uint64_t m, int e, int ebits, int mbits, enum idxgen_fp_mode mode)
{
	const int bias = (1 << (ebits - 1)) - 1, emin = 1 - bias;
	const uint32_t inf = ((1u << ebits) - 1u) << mbits, sign = neg ? 1u << (ebits + mbits) : 0u;
	int lg, q, shift;
	uint64_t r, rem = 0, half = 0;
	uint32_t enc;
	int up;

	if (!m)
		return (uint16_t)sign;
	lg = idxgen_fp_ilog2(m) + e;
	if (lg > bias) {
		/* at or past 2^(emax + 1): infinity where the mode rounds away from zero */
		up = mode == IDXGEN_FP_RN || (mode == IDXGEN_FP_RU && !neg) || (mode == IDXGEN_FP_RD && neg);
		return (uint16_t)(sign | (up ? inf : inf - 1u));
	}
	q = (lg < emin ? emin : lg) - mbits;
	shift = q - e;
	if (shift <= 0) {
		r = m << -shift;	/* exact: m has at most mbits + 1 bits here */
	} else if (shift < 64) {
		r = m >> shift;
		rem = m & ((UINT64_C(1) << shift) - 1);
		half = UINT64_C(1) << (shift - 1);
	} else {
		r = 0;
		rem = m;	/* nonzero, below half unless shift == 64 */
		half = shift == 64 ? UINT64_C(1) << 63 : 0;
		if (shift > 64)
			rem = 1, half = 2;	/* a sticky bit below the half */
	}
	switch (mode) {
	case IDXGEN_FP_RN:
		up = rem > half || (rem == half && rem && (r & 1));
		break;
	case IDXGEN_FP_RZ:
		up = 0;
		break;
	case IDXGEN_FP_RD:
		up = rem && neg;
		break;
	default:
		up = rem && !neg;
		break;
	}
	/* a carry out of the top binade gives inf: only when rounding away */
	enc = ((uint32_t)(q - (emin - mbits)) << mbits) + (uint32_t)r + (uint32_t)up;
	return (uint16_t)(sign | enc);
}

/* A float's value as (neg, m, e); returns 0 for NaN and infinity (class in *special: 1 inf, 2 NaN). */
IDXGEN_FP__F void idxgen_fp_split_float(float f, int *neg, uint64_t *m, int *e, int *special)
{
	uint32_t x, ex, fr;

	memcpy(&x, &f, sizeof(x));
	*neg = (int)(x >> 31);
	ex = (x >> 23) & 0xffu;
	fr = x & 0x7fffffu;
	*special = ex == 0xffu ? (fr ? 2 : 1) : 0;
	*m = ex ? (uint64_t)(fr | 0x800000u) : (uint64_t)fr;
	*e = (ex ? (int)ex : 1) - 150;
}

IDXGEN_FP__F void idxgen_fp_split_double(double d, int *neg, uint64_t *m, int *e, int *special)
{
	uint64_t x, ex, fr;

	memcpy(&x, &d, sizeof(x));
	*neg = (int)(x >> 63);
	ex = (x >> 52) & 0x7ffu;
	fr = x & ((UINT64_C(1) << 52) - 1);
	*special = ex == 0x7ffu ? (fr ? 2 : 1) : 0;
	*m = ex ? (fr | (UINT64_C(1) << 52)) : fr;
	*e = (ex ? (int)ex : 1) - 1075;
}

/* float / double / integers to the format (ebits, mbits): NaN becomes canon_nan */
IDXGEN_FP__F uint16_t idxgen_fp_from_float(float f, int ebits, int mbits, enum idxgen_fp_mode mode, uint16_t canon_nan)
{
	int neg, e, special;
	uint64_t m;

	idxgen_fp_split_float(f, &neg, &m, &e, &special);
	if (special)
		return special == 2 ? canon_nan : (uint16_t)((neg ? 1u << (ebits + mbits) : 0u) | (((1u << ebits) - 1u) << mbits));
	return idxgen_fp_round(neg, m, e, ebits, mbits, mode);
}

IDXGEN_FP__F uint16_t idxgen_fp_from_double(double d, int ebits, int mbits, enum idxgen_fp_mode mode, uint16_t canon_nan)
{
	int neg, e, special;
	uint64_t m;

	idxgen_fp_split_double(d, &neg, &m, &e, &special);
	if (special)
		return special == 2 ? canon_nan : (uint16_t)((neg ? 1u << (ebits + mbits) : 0u) | (((1u << ebits) - 1u) << mbits));
	return idxgen_fp_round(neg, m, e, ebits, mbits, mode);
}

IDXGEN_FP__F uint16_t idxgen_fp_from_s64(long long v, int ebits, int mbits, enum idxgen_fp_mode mode)
{
	uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;

	return idxgen_fp_round(v < 0, m, 0, ebits, mbits, mode);
}

IDXGEN_FP__F uint16_t idxgen_fp_from_u64(unsigned long long v, int ebits, int mbits, enum idxgen_fp_mode mode)
{
	return idxgen_fp_round(0, v, 0, ebits, mbits, mode);
}

/* The encoding (ebits, mbits) as a float: exact (every binary16/bfloat16 value is a float). */
IDXGEN_FP__F float idxgen_fp_to_float(uint16_t h, int ebits, int mbits)
{
	uint32_t sign = (uint32_t)(h >> (ebits + mbits)) << 31, ex = (h >> mbits) & ((1u << ebits) - 1u), fr = h & ((1u << mbits) - 1u);
	uint32_t x;
	float f;

	if (ex == (1u << ebits) - 1u) {
		/* inf; NaN with its payload, made quiet (as x86's F16C conversion does) */
		x = sign | 0x7f800000u | (fr << (23 - mbits)) | (fr ? 0x400000u : 0u);
	} else if (ex) {
		x = sign | ((ex - (uint32_t)((1 << (ebits - 1)) - 1) + 127u) << 23) | (fr << (23 - mbits));
	} else if (fr) {
		/* subnormal: fr * 2^(emin - mbits), normal as a float */
		int lg = idxgen_fp_ilog2(fr), emin = 2 - (1 << (ebits - 1));

		x = sign | ((uint32_t)(lg + emin - mbits + 127) << 23) | ((fr << (23 - lg)) & 0x7fffffu);
		if (lg + emin - mbits + 127 <= 0)	/* a float subnormal (bfloat16's): fr * 2^(emin - mbits + 149) units */
			x = sign | (fr << (emin - mbits + 149));
	} else {
		x = sign;
	}
	memcpy(&f, &x, sizeof(f));
	return f;
}

/*
 * The value rounded to an integer in mode (ties to even for RN), as a
 * double; exact for every |v| < 2^52 (all binary16/bfloat16 magnitudes that
 * are not integers already are far below that).
 */
IDXGEN_FP__F double idxgen_fp_rint(double v, enum idxgen_fp_mode mode)
{
	double t = __builtin_trunc(v), d = v - t;

	switch (mode) {
	case IDXGEN_FP_RZ:
		return t;
	case IDXGEN_FP_RD:
		return d < 0 ? t - 1 : t;
	case IDXGEN_FP_RU:
		return d > 0 ? t + 1 : t;
	default:
		if (__builtin_fabs(d) > 0.5 || (__builtin_fabs(d) == 0.5 && __builtin_fmod(t, 2.0) != 0))
			return d < 0 ? t - 1 : t + 1;
		return t;
	}
}

/* v (a float of a narrow format) to an integer of [lo, hi] in mode: saturating, NaN gives 0 */
IDXGEN_FP__F long long idxgen_fp_to_int(float v, enum idxgen_fp_mode mode, double lo, double hi)
{
	double r;

	if (v != v)
		return 0;
	r = idxgen_fp_rint((double)v, mode);
	if (r <= lo)
		return (long long)lo;
	if (r >= hi)
		return hi >= 9.2e18 ? (long long)0x7fffffffffffffffLL : (long long)hi;
	return (long long)r;
}

IDXGEN_FP__F unsigned long long idxgen_fp_to_uint(float v, enum idxgen_fp_mode mode, double hi)
{
	double r;

	if (v != v)
		return 0;
	r = idxgen_fp_rint((double)v, mode);
	if (r <= 0)
		return 0;
	if (r >= hi)
		return hi >= 1.8e19 ? ~0ULL : (unsigned long long)hi;
	return (unsigned long long)r;
}

/*
 * a * b + c rounded once to (ebits, mbits) in mode (fma).  a * b is exact in a
 * double (at most 2 x 11 significant bits); the sum is made exact as a
 * double pair (Knuth's TwoSum) and rounded to double with round-to-odd,
 * whose 53 bits are more than mbits + 3: rounding that to the narrow format
 * is then the correctly rounded fma (Boldo and Melquiond, 2008).
 */
IDXGEN_FP__F uint16_t idxgen_fp_fma(float a, float b, float c, int ebits, int mbits, enum idxgen_fp_mode mode,
				    uint16_t canon_nan)
{
	double p = (double)a * (double)b, s = p + (double)c, bb, err;
	uint64_t bits;

	if (s != s)
		return canon_nan;
	if (s - s != 0)	/* infinite: nothing to round */
		return idxgen_fp_from_double(s, ebits, mbits, mode, canon_nan);
	bb = s - p;
	err = (p - (s - bb)) + ((double)c - bb);
	memcpy(&bits, &s, sizeof(bits));
	if (err != 0 && !(bits & 1)) {
		/* s is even and inexact: step to the odd neighbour on err's side */
		/* (s == 0 is exact: a sum rounds to zero only when it is zero) */
		if ((err > 0) == (s > 0))
			bits += 1;
		else
			bits -= 1;
		memcpy(&s, &bits, sizeof(s));
	}
	return idxgen_fp_from_double(s, ebits, mbits, mode, canon_nan);
}

#endif /* IDXGEN_FP_ROUND_H */
