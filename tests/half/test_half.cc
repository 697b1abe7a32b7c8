/* SPDX-License-Identifier: MIT */
/*
 * cuda_fp16.h and cuda_bf16.h against a reference written from IEEE 754
 * by another method: the reference lists every finite value of the format
 * (decoded with ldexp from the fields), sorts nothing (encodings of
 * positive values are ordered), and rounds a value by binary search for its
 * two neighbours, comparing with their midpoint in long double (exact for
 * every input used here); the header shifts integer significands.
 *
 * Covered: every one of the 65536 encodings to float and back, in each
 * rounding mode; float -> narrow in the four modes over every encoding's
 * value, its float neighbours, the midpoints between neighbours and their
 * float neighbours, float subnormals, infinities, NaNs and 2^20 random
 * floats (fixed seed); double, 64-bit and 32-bit integers in the four
 * modes; narrow -> integer in the four modes for every encoding; add, sub,
 * mul, fma (single rounding) on random operands; comparisons and min/max
 * with NaNs.  Built twice: with clang++-16 (binary16's nearest-even
 * conversions on _Float16) and with g++ (the integer code everywhere).
 */
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <initializer_list>

#include "tap.h"

struct fmt {
	const char *name;
	int E, M;
	unsigned ninf;		/* encoding of +inf */
	long double *val;	/* val[i]: the value of positive encoding i, i <= ninf (ninf: 2^(emax+1)) */
};

static long double decode(unsigned enc, int E, int M)
{
	int bias = (1 << (E - 1)) - 1;
	unsigned ex = enc >> M, fr = enc & ((1u << M) - 1);

	if (ex == 0)
		return ldexpl((long double)fr, 1 - bias - M);
	return ldexpl((long double)(fr + (1u << M)), (int)ex - bias - M);
}

static void fmt_init(struct fmt *f)
{
	unsigned i;

	f->val = new long double[f->ninf + 1];
	for (i = 0; i <= f->ninf; i++)
		f->val[i] = decode(i, f->E, f->M);	/* ninf decodes as 2^(emax+1) */
}

/* mode: 0 nearest-even, 1 toward zero, 2 down, 3 up (idxgen_fp_mode's order) */
static unsigned ref_round(const struct fmt *f, long double x, int mode)
{
	unsigned sign = signbit(x) ? 1u << (f->E + f->M) : 0u, lo = 0, hi = f->ninf, r;
	long double a = fabsl(x), mid;
	bool neg = sign != 0;

	if (isnan(x))
		return 0x7fff;
	if (isinf(x))
		return sign | f->ninf;
	if (a >= f->val[f->ninf]) {
		/* at or past 2^(emax+1) */
		bool away = mode == 0 || (mode == 3 && !neg) || (mode == 2 && neg);

		return sign | (away ? f->ninf : f->ninf - 1);
	}
	/* largest lo with val[lo] <= a */
	while (hi - lo > 1) {
		unsigned m = (lo + hi) / 2;

		if (f->val[m] <= a)
			lo = m;
		else
			hi = m;
	}
	hi = lo + 1;
	if (f->val[lo] == a)
		return sign | lo;
	switch (mode) {
	case 0:
		mid = (f->val[lo] + f->val[hi]) / 2;
		r = a < mid ? lo : a > mid ? hi : (lo & 1 ? hi : lo);
		break;
	case 1:
		r = lo;
		break;
	case 2:
		r = neg ? hi : lo;
		break;
	default:
		r = neg ? lo : hi;
		break;
	}
	if (r == f->ninf && !(mode == 0 || (mode == 3 && !neg) || (mode == 2 && neg)))
		r--;
	return sign | r;
}

static uint32_t fbits(float f)
{
	uint32_t x;

	memcpy(&x, &f, 4);
	return x;
}

static float bitsf(uint32_t x)
{
	float f;

	memcpy(&f, &x, 4);
	return f;
}

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint64_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* The header's conversions, one table per format, indexed by mode. */
typedef unsigned short (*from_f)(float);
typedef unsigned short (*from_d)(double);
typedef unsigned short (*from_ll)(long long);
typedef unsigned short (*from_ull)(unsigned long long);
typedef float (*to_f)(unsigned short);

#define H(e, T) ([](T v) -> unsigned short { return __half_as_ushort(e(v)); })
static const from_f h_from_f[4] = { H(__float2half_rn, float), H(__float2half_rz, float), H(__float2half_rd, float),
				    H(__float2half_ru, float) };
static const from_d h_from_d[4] = { H(__double2half_rn, double), H(__double2half_rz, double),
				    H(__double2half_rd, double), H(__double2half_ru, double) };
#undef H
#define H(e, T) ([](T v) -> unsigned short { return __half_as_ushort(e(v)); })
static const from_ll h_from_ll[4] = { H(__ll2half_rn, long long), H(__ll2half_rz, long long),
				      H(__ll2half_rd, long long), H(__ll2half_ru, long long) };
static const from_ull h_from_ull[4] = { H(__ull2half_rn, unsigned long long), H(__ull2half_rz, unsigned long long),
					H(__ull2half_rd, unsigned long long), H(__ull2half_ru, unsigned long long) };
#undef H
#define B(e, T) ([](T v) -> unsigned short { return __bfloat16_as_ushort(e(v)); })
static const from_f b_from_f[4] = { B(__float2bfloat16_rn, float), B(__float2bfloat16_rz, float),
				    B(__float2bfloat16_rd, float), B(__float2bfloat16_ru, float) };
static const from_d b_from_d[4] = { B(__double2bfloat16_rn, double), B(__double2bfloat16_rz, double),
				    B(__double2bfloat16_rd, double), B(__double2bfloat16_ru, double) };
#undef B
#define B(e, T) ([](T v) -> unsigned short { return __bfloat16_as_ushort(e(v)); })
static const from_ll b_from_ll[4] = { B(__ll2bfloat16_rn, long long), B(__ll2bfloat16_rz, long long),
				      B(__ll2bfloat16_rd, long long), B(__ll2bfloat16_ru, long long) };
static const from_ull b_from_ull[4] = { B(__ull2bfloat16_rn, unsigned long long),
					B(__ull2bfloat16_rz, unsigned long long),
					B(__ull2bfloat16_rd, unsigned long long),
					B(__ull2bfloat16_ru, unsigned long long) };
#undef B

static const char *const mode_name[4] = { "rn", "rz", "rd", "ru" };

struct side {
	struct fmt f;
	const from_f *ff;
	const from_d *fd;
	const from_ll *fll;
	const from_ull *full;
	to_f tf;
};

/* Every encoding to float: the decoded value, NaNs quiet with their payload and sign. */
static void test_to_float(const struct side *s)
{
	unsigned bad = 0, i, first = 0;
	int E = s->f.E, M = s->f.M;

	for (i = 0; i < 65536; i++) {
		unsigned mag = i & 0x7fffu, sign = i >> 15;
		float got = s->tf((unsigned short)i);
		bool ok;

		if (mag > s->f.ninf)
			ok = isnan(got) && (fbits(got) >> 31) == sign &&
			     (fbits(got) & 0x7fffffu) == (((mag & ((1u << M) - 1)) << (23 - M)) | 0x400000u);
		else
			ok = (mag == s->f.ninf ? isinf(got) : (long double)got == s->f.val[mag] * (sign ? -1 : 1)) &&
			     (fbits(got) >> 31) == sign;
		if (!ok && !bad++)
			first = i;
	}
	(void)E;
	tap_ok(!bad, "%s: all 65536 encodings to float (%u wrong, first 0x%04x)", s->f.name, bad, first);
}

/* Every encoding to float and back, in each mode: itself (NaN: canonical 0x7fff). */
static void test_round_trip(const struct side *s)
{
	for (int m = 0; m < 4; m++) {
		unsigned bad = 0, first = 0;

		for (unsigned i = 0; i < 65536; i++) {
			unsigned want = (i & 0x7fffu) > s->f.ninf ? 0x7fffu : i;

			if (s->ff[m](s->tf((unsigned short)i)) != want && !bad++)
				first = i;
		}
		tap_ok(!bad, "%s: all 65536 encodings to float and back, _%s (%u wrong, first 0x%04x)", s->f.name,
		       mode_name[m], bad, first);
	}
}

static unsigned check_float(const struct side *s, float x, int m, unsigned *nbad, float *first)
{
	unsigned want = ref_round(&s->f, (long double)x, m), got = s->ff[m](x);

	if (got != want && !(*nbad)++)
		*first = x;
	return got;
}

/* float -> narrow in each mode over the hard cases and random floats */
static void test_from_float(const struct side *s)
{
	for (int m = 0; m < 4; m++) {
		unsigned bad = 0, n = 0;
		float first = 0;

		for (unsigned i = 0; i < 65536; i++) {
			unsigned mag = i & 0x7fffu;
			float v, mid;

			if (mag >= s->f.ninf)
				continue;
			v = (float)((i >> 15) ? -s->f.val[mag] : s->f.val[mag]);
			/* the value, its float neighbours, the midpoint to the next value and its neighbours */
			mid = (float)(((i >> 15) ? -1 : 1) * (s->f.val[mag] + s->f.val[mag + 1]) / 2);
			float xs[] = { v, nextafterf(v, INFINITY), nextafterf(v, -INFINITY), mid,
				       nextafterf(mid, INFINITY), nextafterf(mid, -INFINITY) };
			for (float x : xs) {
				check_float(s, x, m, &bad, &first);
				n++;
			}
		}
		for (uint32_t k = 0; k < (1u << 20); k++) {
			check_float(s, bitsf((uint32_t)next_rand()), m, &bad, &first);
			n++;
		}
		/* float subnormals, every 997th, both signs; and the specials */
		for (uint32_t k = 0; k < 0x800000u; k += 997) {
			check_float(s, bitsf(k), m, &bad, &first);
			check_float(s, bitsf(k | 0x80000000u), m, &bad, &first);
			n += 2;
		}
		float sp[] = { 0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, bitsf(0x7f800001u), FLT_MAX, -FLT_MAX,
			       FLT_MIN, 65504.0f, 65519.99f, 65520.0f, 65536.0f, -65520.0f, 5.96046448e-8f,
			       2.98023224e-8f, 2.98023230e-8f };
		for (float x : sp) {
			check_float(s, x, m, &bad, &first);
			n++;
		}
		tap_ok(!bad, "%s: float -> _%s over %u floats (%u wrong, first %a)", s->f.name, mode_name[m], n, bad,
		       (double)first);
	}
}

/* double and 64-bit integers -> narrow in each mode (the reference in long double: exact for both) */
static void test_from_wide(const struct side *s)
{
	for (int m = 0; m < 4; m++) {
		unsigned bad_d = 0, bad_i = 0;

		for (unsigned k = 0; k < 200000; k++) {
			uint64_t r = next_rand();
			double d;
			long long ll;
			unsigned long long ull;

			memcpy(&d, &r, 8);
			/* keep most doubles near the format's range */
			if (k & 1)
				d = ldexp((double)(int64_t)r, -(int)(next_rand() % 200) - 10);
			if (s->fd[m](d) != ref_round(&s->f, (long double)d, m))
				bad_d++;
			ll = (long long)next_rand() >> (next_rand() % 64);
			ull = next_rand() >> (next_rand() % 64);
			if (s->fll[m](ll) != ref_round(&s->f, (long double)ll, m))
				bad_i++;
			if (s->full[m](ull) != ref_round(&s->f, (long double)ull, m))
				bad_i++;
		}
		tap_ok(!bad_d, "%s: double -> _%s, 200000 doubles (%u wrong)", s->f.name, mode_name[m], bad_d);
		tap_ok(!bad_i, "%s: long long / unsigned long long -> _%s, 400000 integers (%u wrong)", s->f.name,
		       mode_name[m], bad_i);
	}
}

/* narrow -> integer: the reference rounds the exact value with rintl & co. under the mode, saturates */
static long double ref_int(long double v, int m)
{
	switch (m) {
	case 0: {
		long double t = truncl(v), d = v - t;

		if (fabsl(d) > 0.5L || (fabsl(d) == 0.5L && fmodl(t, 2.0L) != 0))
			t += d < 0 ? -1 : 1;
		return t;
	}
	case 1:
		return truncl(v);
	case 2:
		return floorl(v);
	default:
		return ceill(v);
	}
}

static long double sat(long double v, long double lo, long double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void test_half_to_int(void)
{
	typedef int (*fi)(__half);
	typedef short (*fs)(__half);
	typedef unsigned (*fu)(__half);
	typedef unsigned long long (*full)(__half);
	const fi i[4] = { __half2int_rn, __half2int_rz, __half2int_rd, __half2int_ru };
	const fs sh[4] = { __half2short_rn, __half2short_rz, __half2short_rd, __half2short_ru };
	const fu u[4] = { __half2uint_rn, __half2uint_rz, __half2uint_rd, __half2uint_ru };
	const full ul[4] = { __half2ull_rn, __half2ull_rz, __half2ull_rd, __half2ull_ru };

	for (int m = 0; m < 4; m++) {
		unsigned bad = 0;

		for (unsigned k = 0; k < 65536; k++) {
			__half h = __ushort_as_half((unsigned short)k);
			unsigned mag = k & 0x7fffu;
			long double v = (k >> 15) ? -decode(mag, 5, 10) : decode(mag, 5, 10), r;

			if (mag > 0x7c00u) {
				bad += i[m](h) != 0 || sh[m](h) != 0 || u[m](h) != 0 || ul[m](h) != 0;
				continue;
			}
			if (mag == 0x7c00u)
				v = (k >> 15) ? -INFINITY : INFINITY;
			r = ref_int(v, m);
			bad += (long double)i[m](h) != sat(r, -2147483648.0L, 2147483647.0L);
			bad += (long double)sh[m](h) != sat(r, -32768.0L, 32767.0L);
			bad += (long double)u[m](h) != sat(r, 0, 4294967295.0L);
			bad += (long double)ul[m](h) != sat(r, 0, 18446744073709551615.0L);
		}
		tap_ok(!bad, "binary16 -> int/short/uint/ull _%s, all 65536 encodings (%u wrong)", mode_name[m], bad);
	}
}

static void test_bf16_to_int(void)
{
	typedef int (*fi)(__nv_bfloat16);
	typedef long long (*fl)(__nv_bfloat16);
	const fi i[4] = { __bfloat162int_rn, __bfloat162int_rz, __bfloat162int_rd, __bfloat162int_ru };
	const fl l[4] = { __bfloat162ll_rn, __bfloat162ll_rz, __bfloat162ll_rd, __bfloat162ll_ru };

	for (int m = 0; m < 4; m++) {
		unsigned bad = 0;

		for (unsigned k = 0; k < 65536; k++) {
			__nv_bfloat16 h = __ushort_as_bfloat16((unsigned short)k);
			unsigned mag = k & 0x7fffu;
			long double v = (k >> 15) ? -decode(mag, 8, 7) : decode(mag, 8, 7), r;

			if (mag > 0x7f80u) {
				bad += i[m](h) != 0 || l[m](h) != 0;
				continue;
			}
			if (mag == 0x7f80u)
				v = (k >> 15) ? -INFINITY : INFINITY;
			r = ref_int(v, m);
			bad += (long double)i[m](h) != sat(r, -2147483648.0L, 2147483647.0L);
			bad += (long double)l[m](h) != sat(r, -9223372036854775808.0L, 9223372036854775807.0L);
		}
		tap_ok(!bad, "bfloat16 -> int/long long _%s, all 65536 encodings (%u wrong)", mode_name[m], bad);
	}
}

/* a random finite encoding with exponent field in [lo, hi] */
static unsigned rand_enc(int M, unsigned lo, unsigned hi)
{
	unsigned ex = lo + (unsigned)(next_rand() % (hi - lo + 1));

	return (unsigned)((next_rand() & 1) << 15) | (ex << M) | (unsigned)(next_rand() & ((1u << M) - 1));
}

/*
 * Arithmetic: the exact result in long double (sums and products of two
 * narrow values are exact there; fma on exponents near 1 spans at most 57
 * bits), rounded by the reference.
 */
static void test_arith(const struct side *s, bool half)
{
	unsigned bad[4] = { 0 }, n = 300000;
	int bias = (1 << (s->f.E - 1)) - 1;

	for (unsigned k = 0; k < n; k++) {
		unsigned ea = half ? rand_enc(10, 0, 30) : rand_enc(7, 0, 254);
		unsigned eb = half ? rand_enc(10, 0, 30) : rand_enc(7, 0, 254);
		/* fma operands: exponents within 8 of the bias */
		unsigned fa = rand_enc(s->f.M, bias - 8, bias + 8), fb = rand_enc(s->f.M, bias - 8, bias + 8),
			 fc = rand_enc(s->f.M, bias - 8, bias + 8);
		long double a = s->tf((unsigned short)ea), b = s->tf((unsigned short)eb);
		long double xa = s->tf((unsigned short)fa), xb = s->tf((unsigned short)fb), xc = s->tf((unsigned short)fc);
		unsigned got[4];

		if (half) {
			__half ha = __ushort_as_half((unsigned short)ea), hb = __ushort_as_half((unsigned short)eb);

			got[0] = __half_as_ushort(ha + hb);
			got[1] = __half_as_ushort(__hsub(ha, hb));
			got[2] = __half_as_ushort(ha * hb);
			got[3] = __half_as_ushort(__hfma(__ushort_as_half((unsigned short)fa),
							  __ushort_as_half((unsigned short)fb),
							  __ushort_as_half((unsigned short)fc)));
		} else {
			__nv_bfloat16 ha = __ushort_as_bfloat16((unsigned short)ea),
				      hb = __ushort_as_bfloat16((unsigned short)eb);

			got[0] = __bfloat16_as_ushort(ha + hb);
			got[1] = __bfloat16_as_ushort(__hsub(ha, hb));
			got[2] = __bfloat16_as_ushort(ha * hb);
			got[3] = __bfloat16_as_ushort(__hfma(__ushort_as_bfloat16((unsigned short)fa),
							     __ushort_as_bfloat16((unsigned short)fb),
							     __ushort_as_bfloat16((unsigned short)fc)));
		}
		long double exact[4] = { a + b, a - b, a * b, xa * xb + xc };

		for (int j = 0; j < 4; j++) {
			unsigned want = ref_round(&s->f, exact[j], 0);

			/* an exact zero sum: +0 in round-to-nearest */
			if (exact[j] == 0 && j < 2)
				want = (j == 0 ? (fbits((float)a) & fbits((float)b)) :
						 (fbits((float)a) & ~fbits((float)b))) >> 31 ? 0x8000u : 0u;
			if (exact[j] == 0 && j == 3)
				want = got[3];	/* the sign of an exact zero fma: not checked */
			bad[j] += got[j] != want;
		}
	}
	tap_ok(!bad[0] && !bad[1] && !bad[2],
	       "%s: add, sub, mul on %u random pairs rounded once (%u, %u, %u wrong)", s->f.name, n, bad[0], bad[1],
	       bad[2]);
	tap_ok(!bad[3], "%s: fma on %u random triples rounded once (%u wrong)", s->f.name, n, bad[3]);
}

/*
 * bfloat16 fma where a double sum would round twice: 1.0625^2 = 1.12890625
 * is the midpoint between 0x3f90 and 0x3f91; a tiny c (2^-100, lost in a
 * double) decides the direction, c = 0 leaves the tie (to even, 0x3f90).
 * Values worked out by hand from the encodings.
 */
static void test_bf16_fma_ties(void)
{
	__nv_bfloat16 a = __ushort_as_bfloat16(0x3f88), tiny = __float2bfloat16(ldexpf(1.0f, -100));

	tap_ok(__bfloat16_as_ushort(__hfma(a, a, tiny)) == 0x3f91 &&
		       __bfloat16_as_ushort(__hfma(a, a, __hneg(tiny))) == 0x3f90 &&
		       __bfloat16_as_ushort(__hfma(a, a, __float2bfloat16(0.0f))) == 0x3f90 &&
		       __bfloat16_as_ushort(__hfma(__hneg(a), a, tiny)) == 0xbf90 &&
		       __bfloat16_as_ushort(__hfma(__hneg(a), a, __hneg(tiny))) == 0xbf91,
	       "bfloat16: fma on a midpoint product, the tiny addend decides (rounded once, not twice)");
}

static void test_compare(void)
{
	__half nan = CUDART_NAN_FP16, one = __float2half(1.0f), two = __float2half(2.0f), z = __float2half(0.0f),
	       nz = __float2half(-0.0f);
	__nv_bfloat16 bnan = CUDART_NAN_BF16, bone = __float2bfloat16(1.0f);

	tap_ok(__hlt(one, two) && !__hlt(nan, two) && __hltu(nan, two) && !__heq(nan, nan) && __hneu(nan, nan) &&
		       !__hne(nan, one) && __hne(one, two) && __heq(z, nz) && !(nan == nan) && nan != nan,
	       "binary16: ordered and unordered comparisons, NaN and signed zeros");
	tap_ok(__half_as_ushort(__hmax(nan, one)) == 0x3c00 && __half_as_ushort(__hmin(one, nan)) == 0x3c00 &&
		       __half_as_ushort(__hmax(nan, nan)) == 0x7fff && __hisnan(__hmax_nan(one, nan)) &&
		       __half_as_ushort(__hmax(z, nz)) == 0 && __half_as_ushort(__hmin(z, nz)) == 0x8000,
	       "binary16: __hmax/__hmin with NaN (the other operand), _nan forms, signed zeros");
	tap_ok(__hisnan(bnan) && !__hisnan(bone) && __hisinf(CUDART_INF_BF16) == 1 && __hgeu(bnan, bone) &&
		       __bfloat16_as_ushort(__hmax(bnan, bone)) == 0x3f80,
	       "bfloat16: NaN tests, comparisons, __hmax");
	__half2 a = __floats2half2_rn(1.0f, 3.0f), b = __floats2half2_rn(2.0f, 3.0f);
	tap_ok(__hlt2_mask(a, b) == 0xffffu && __heq2_mask(a, b) == 0xffff0000u && !__hblt2(a, b) &&
		       __hble2(a, b) && __low2float(__hlt2(a, b)) == 1.0f && __high2float(__hlt2(a, b)) == 0.0f,
	       "__half2: paired comparisons (__hlt2, _mask, __hb*2)");
	__half2 c = __hfma2(a, b, a);
	tap_ok(__low2float(c) == 3.0f && __high2float(c) == 12.0f && __low2float(h2sqrt(b)) == __half2float(hsqrt(two)) &&
		       __half2float(__hfma_sat(two, two, one)) == 1.0f && __half2float(__hadd_sat(nan, one)) == 0.0f,
	       "__half2 fma, h2sqrt, _sat saturation (NaN to 0)");
}

/* assignment from integers (HeCBench's mxfp4 writes `__half h; h = 0;`): ambiguous without CUDA's integer operator= */
static void test_int_assign(void)
{
	__half h = __float2half(5.0f);
	__nv_bfloat16 b = __float2bfloat16(5.0f);
	bool ok = true;

	h = 0, ok &= __half_as_ushort(h) == 0x0000;
	h = -3, ok &= __half_as_ushort(h) == 0xc200;
	h = 2049u, ok &= __half_as_ushort(h) == 0x6800;	/* halfway between 2048 and 2050: to even, 2048 */
	h = (short)7, ok &= __half2float(h) == 7.0f;
	h = 65504LL, ok &= __half_as_ushort(h) == 0x7bff;
	h = 1UL << 20, ok &= __half_as_ushort(h) == 0x7c00;	/* past the largest finite: infinity */
	/*
	 * One value per overload nearer the larger of its two neighbours (or a
	 * tie whose even side is the larger): truncation gives another encoding.
	 * The ties above round down, so they alone let an operator= that
	 * truncates pass (a plant of operator=(int) rounding toward zero did).
	 */
	h = (short)4099, ok &= __half_as_ushort(h) == 0x6c01;		/* 4096 + 4 */
	h = (unsigned short)4103, ok &= __half_as_ushort(h) == 0x6c02;	/* 4096 + 8 */
	h = -4099, ok &= __half_as_ushort(h) == 0xec01;
	h = 8197u, ok &= __half_as_ushort(h) == 0x7001;		/* 8192 + 8 */
	h = -8197L, ok &= __half_as_ushort(h) == 0xf001;
	h = 16393UL, ok &= __half_as_ushort(h) == 0x7401;		/* 16384 + 16 */
	h = 65520LL, ok &= __half_as_ushort(h) == 0x7c00;	/* halfway to 65536: to even, infinity */
	h = 4099ULL, ok &= __half_as_ushort(h) == 0x6c01;
	tap_ok(ok, "__half assigned from each integer type: nearest even, as its constructors");
	ok = true;
	b = 0, ok &= __bfloat16_as_ushort(b) == 0x0000;
	b = -1L, ok &= __bfloat16_as_ushort(b) == 0xbf80;
	b = 257, ok &= __bfloat16_as_ushort(b) == 0x4380;	/* halfway between 256 and 258: to even, 256 */
	b = (unsigned short)3, ok &= __bfloat162float(b) == 3.0f;
	b = 1ULL << 40, ok &= __bfloat162float(b) == 1099511627776.0f;
	b = (short)515, ok &= __bfloat16_as_ushort(b) == 0x4401;		/* 512 + 4 */
	b = (unsigned short)1031, ok &= __bfloat16_as_ushort(b) == 0x4481;	/* 1024 + 8 */
	b = -515, ok &= __bfloat16_as_ushort(b) == 0xc401;
	b = 2063u, ok &= __bfloat16_as_ushort(b) == 0x4501;		/* 2048 + 16 */
	b = -1031L, ok &= __bfloat16_as_ushort(b) == 0xc481;
	b = 4127UL, ok &= __bfloat16_as_ushort(b) == 0x4581;		/* 4096 + 32 */
	b = 515LL, ok &= __bfloat16_as_ushort(b) == 0x4401;
	b = 2063ULL, ok &= __bfloat16_as_ushort(b) == 0x4501;
	tap_ok(ok, "__nv_bfloat16 assigned from each integer type: nearest even, as its constructors");
}

static void test_math(void)
{
	unsigned bad = 0;

	/* exactly rounded ones against the reference; the approximate ones within one unit */
	for (unsigned k = 0; k < 0x7c00u; k++) {
		__half h = __ushort_as_half((unsigned short)k);
		struct fmt f = { "binary16", 5, 10, 0x7c00, nullptr };
		long double v = decode(k, 5, 10);
		static long double *vals;

		if (!vals) {
			fmt_init(&f);
			vals = f.val;
		}
		f.val = vals;
		bad += __half_as_ushort(hsqrt(h)) != ref_round(&f, sqrtl(v), 0) && sqrtl(v) * sqrtl(v) == v;
		bad += __half_as_ushort(hfloor(h)) != ref_round(&f, floorl(v), 0);
		bad += __half_as_ushort(hceil(h)) != ref_round(&f, ceill(v), 0);
		bad += __half_as_ushort(htrunc(h)) != ref_round(&f, truncl(v), 0);
		bad += __half_as_ushort(hrint(h)) != ref_round(&f, ref_int(v, 0), 0);
		bad += fabsl((long double)__half2float(hexp(__hneg(h))) - expl(-v)) >
		       ldexpl(1, -10) * expl(-v) + ldexpl(1, -24);
		bad += fabsl((long double)__half2float(hsin(h)) - sinl(v)) > ldexpl(1, -10);
	}
	tap_ok(!bad, "binary16 math: hsqrt of squares exact, hfloor/hceil/htrunc/hrint exact, hexp/hsin within an ulp (%u wrong)",
	       bad);
}

/* One encoding's conversions and arithmetic, on its table of values. */
static void test_side(struct side s, bool is_half)
{
	fmt_init(&s.f);
	test_to_float(&s);
	test_round_trip(&s);
	test_from_float(&s);
	test_from_wide(&s);
	test_arith(&s, is_half);
	delete[] s.f.val;
}

TAP_TEST(binary16)
{
	struct side h = { { "binary16", 5, 10, 0x7c00, nullptr }, h_from_f, h_from_d, h_from_ll, h_from_ull,
			  [](unsigned short x) { return __half2float(__ushort_as_half(x)); } };

	test_side(h, true);
}

TAP_TEST(bfloat16)
{
	struct side b = { { "bfloat16", 8, 7, 0x7f80, nullptr }, b_from_f, b_from_d, b_from_ll, b_from_ull,
			  [](unsigned short x) { return __bfloat162float(__ushort_as_bfloat16(x)); } };

	test_side(b, false);
}

TAP_TEST(half_to_int)
{
	test_half_to_int();
}

TAP_TEST(bf16_to_int)
{
	test_bf16_to_int();
}

TAP_TEST(bf16_fma_ties)
{
	test_bf16_fma_ties();
}

TAP_TEST(compare)
{
	test_compare();
}

TAP_TEST(math)
{
	test_math();
}

TAP_TEST(int_assign)
{
	test_int_assign();
}

int main(int argc, char **argv)
{
	if (!tap_listing(argc, argv))
#ifdef IDXGEN_HAVE_FLOAT16
		printf("# binary16 nearest-even conversions on the compiler's _Float16\n");
#else
		printf("# binary16 conversions on the integer code (no _Float16)\n");
#endif
	return tap_main(argc, argv);
}
