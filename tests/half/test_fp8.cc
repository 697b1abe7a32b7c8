/* SPDX-License-Identifier: MIT */
/*
 * cuda_fp8.h against a reference written from the OCP 8-bit floating point
 * specification (OFP8) by another method: every encoding decoded from its
 * fields with ldexp; a value rounded by scanning all finite encodings of
 * its sign for the nearest (a tie to the even encoding), with one more
 * candidate past the largest finite value (E4M3: 480, encoding 0x7f; E5M2:
 * 65536, 0x7c), which when chosen is an overflow: the largest finite value
 * with __NV_SATFINITE, NaN (E4M3) or infinity (E5M2) with __NV_NOSAT.
 * Distances are compared in long double, exact for every input here.
 *
 * Covered: the 256 encodings of each format to __half, float, double (and
 * back, saturating and not); float -> fp8 over every fp8 value, the midpoints
 * between neighbours, their float neighbours, the overflow thresholds,
 * infinities, NaNs and 2^16 random floats; double inputs (NaN sign and
 * payload as CUDA's conversion keeps them); every binary16 and bfloat16
 * encoding; the pairs and quads (element order in __x); the classes'
 * constructors (saturating, integers through float) and their conversions
 * to integers (toward zero, saturating, NaN to 0) and bool.
 * Built with clang++-16 and g++.
 */
#include <cuda_fp8.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <initializer_list>

#include "tap.h"

static const char *const fname[] = { "E4M3", "E5M2" };

/* the value of a positive encoding (0..0x7f): NAN for NaN, INFINITY for E5M2's infinity */
static long double ref_decode(unsigned enc, __nv_fp8_interpretation_t f)
{
	int E = f == __NV_E4M3 ? 4 : 5, M = f == __NV_E4M3 ? 3 : 2, bias = (1 << (E - 1)) - 1;
	unsigned ex = enc >> M, man = enc & ((1u << M) - 1);

	if (f == __NV_E4M3 && enc == 0x7f)
		return NAN;
	if (f == __NV_E5M2 && ex == 31)
		return man ? NAN : INFINITY;
	if (!ex)
		return ldexpl((long double)man, 1 - bias - M);
	return ldexpl((long double)((1u << M) + man), (int)ex - bias - M);
}

static long double signed_decode(unsigned enc, __nv_fp8_interpretation_t f)
{
	long double v = ref_decode(enc & 0x7f, f);

	return enc & 0x80 ? -v : v;
}

/* v (not NaN) to fp8 by scanning for the nearest finite encoding, ties to even */
static unsigned ref_encode(long double v, __nv_saturation_t sat, __nv_fp8_interpretation_t f)
{
	unsigned sign = signbit(v) ? 0x80 : 0, best = 0;
	unsigned top = f == __NV_E4M3 ? 0x7e : 0x7b; /* largest finite */
	long double a = fabsl(v), past = f == __NV_E4M3 ? 480.0L : 65536.0L, bd = INFINITY;

	static long double val[2][0x80]; /* the decoded values, once */
	if (val[f][1] == 0)
		for (unsigned e = 0; e < 0x80; e++)
			val[f][e] = ref_decode(e, f);
	for (unsigned e = 0; e <= top + 1 && a < past; e++) {
		long double c = e <= top ? val[f][e] : past, d = fabsl(a - c);
		if (d < bd || (d == bd && !(e & 1)))
			bd = d, best = e;
	}
	if (a >= past) /* (infinity too) beyond every candidate: an overflow */
		best = top + 1;
	if (best > top) /* overflow */
		best = sat == __NV_SATFINITE ? top : (f == __NV_E4M3 ? 0x7f : 0x7c);
	return sign | best;
}

/* the binary16 encoding of a value (exact here: every fp8 value is one), NaN 0x7fff */
static unsigned short ref_half_bits(long double v)
{
	if (v != v)
		return 0x7fff;
	unsigned short s = signbit(v) ? 0x8000 : 0;
	long double a = fabsl(v);

	if (a == INFINITY)
		return s | 0x7c00;
	if (a == 0)
		return s;
	int ex;
	long double fr = frexpl(a, &ex); /* a = fr * 2^ex, fr in [0.5, 1) */
	if (ex - 1 < -14)		  /* subnormal: a / 2^-24 */
		return s | (unsigned short)ldexpl(a, 24);
	return s | (unsigned short)((ex - 1 + 15) << 10) | (unsigned short)(ldexpl(fr, 11) - 1024);
}

static const __nv_saturation_t sats[] = { __NV_NOSAT, __NV_SATFINITE };
static const __nv_fp8_interpretation_t fmts[] = { __NV_E4M3, __NV_E5M2 };

TAP_TEST(decode_every_encoding)
{
	for (__nv_fp8_interpretation_t f : fmts) {
		int bad_h = 0, bad_f = 0, bad_back = 0;
		for (unsigned x = 0; x < 256; x++) {
			long double v = signed_decode(x, f);
			__half_raw h = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)x, f);
			__nv_fp8_e4m3 e4;
			__nv_fp8_e5m2 e5;
			e4.__x = e5.__x = (__nv_fp8_storage_t)x;
			float fl2 = f == __NV_E4M3 ? (float)e4 : (float)e5;
			bad_h += h.x != ref_half_bits(v);
			bad_f += v == v ? (long double)fl2 != v : fl2 == fl2;
			for (__nv_saturation_t s : sats) /* a value converts back to itself (an infinity unless saturating) */
				if (v == v && !(isinf(v) && s == __NV_SATFINITE))
					bad_back += __nv_cvt_float_to_fp8(fl2, s, f) != x ||
						    __nv_cvt_double_to_fp8((double)fl2, s, f) != x;
		}
		tap_ok(bad_h == 0, "%s: all 256 encodings to binary16 (NaN 0x7fff), %d wrong", fname[f], bad_h);
		tap_ok(bad_f == 0, "%s: all 256 encodings to float, %d wrong", fname[f], bad_f);
		tap_ok(bad_back == 0, "%s: every non-NaN value converts back to its encoding, %d wrong", fname[f],
		       bad_back);
	}
}

static int check_float(float v, __nv_fp8_interpretation_t f)
{
	int bad = 0;

	for (__nv_saturation_t s : sats) {
		unsigned want = v != v ? 0x7f : ref_encode(v, s, f);
		bad += __nv_cvt_float_to_fp8(v, s, f) != want;
	}
	return bad;
}

static uint64_t rng = 0x853c49e6748fea9bull;
static uint32_t rnd32(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

TAP_TEST(round_floats)
{
	for (__nv_fp8_interpretation_t f : fmts) {
		int bad = 0, n = 0;
		unsigned top = f == __NV_E4M3 ? 0x7e : 0x7b;
		for (unsigned x = 0; x <= top; x++) {
			/* the value, the midpoint to the next (the virtual one past the top too), their float neighbours */
			long double v = ref_decode(x, f), nx = x < top ? ref_decode(x + 1, f) : (f == __NV_E4M3 ? 480.0L : 65536.0L);
			float pts[] = { (float)v, (float)((v + nx) / 2) };
			for (float p : pts)
				for (float q : { p, nextafterf(p, 0), nextafterf(p, INFINITY) })
					for (float sq : { q, -q })
						bad += check_float(sq, f), n++;
		}
		for (float sp : { INFINITY, -INFINITY, NAN, -NAN, 1e30f, -1e30f, 1e-30f, -1e-30f, 0.0f, -0.0f,
				  1e-45f, 464.0f, 464.00003f, 61440.0f, 61439.996f, 57344.0f })
			bad += check_float(sp, f), n++;
		for (int i = 0; i < (1 << 16); i++) {
			uint32_t b = rnd32();
			float r;
			/* mostly within the format's range: exponent field near 127 */
			if (i & 1)
				b = (b & 0x807fffffu) | ((uint32_t)(100 + (b >> 23) % 50) << 23);
			memcpy(&r, &b, sizeof(r));
			bad += check_float(r, f), n++;
		}
		tap_ok(bad == 0, "%s: %d floats (values, midpoints, neighbours, thresholds, randoms) round as OFP8 says in "
				 "both saturation modes, %d wrong",
		       fname[f], n, bad);
	}
}

TAP_TEST(round_doubles_halves_bfloat16)
{
	for (__nv_fp8_interpretation_t f : fmts) {
		int bad_d = 0, bad_h = 0, bad_b = 0;
		for (int i = 0; i < (1 << 16); i++) {
			double d = ldexp((double)(rnd32() | 1u) * (rnd32() & 1 ? 1 : -1), -(int)(rnd32() % 60) - 10);
			for (__nv_saturation_t s : sats)
				bad_d += __nv_cvt_double_to_fp8(d, s, f) != ref_encode(d, s, f);
		}
		for (unsigned x = 0; x < 65536; x++) {
			__half_raw h;
			__nv_bfloat16_raw bf;
			h.x = (unsigned short)x;
			bf.x = (unsigned short)x;
			float hv = __half2float(__half(h)), bv = __bfloat162float(__nv_bfloat16(bf));
			for (__nv_saturation_t s : sats) {
				bad_h += __nv_cvt_halfraw_to_fp8(h, s, f) != (hv != hv ? 0x7fu : ref_encode(hv, s, f));
				bad_b += __nv_cvt_bfloat16raw_to_fp8(bf, s, f) != (bv != bv ? 0x7fu : ref_encode(bv, s, f));
			}
		}
		tap_ok(bad_d == 0, "%s: 2^16 random doubles (53 significant bits), %d wrong", fname[f], bad_d);
		tap_ok(bad_h == 0, "%s: every binary16 encoding, %d wrong", fname[f], bad_h);
		tap_ok(bad_b == 0, "%s: every bfloat16 encoding, %d wrong", fname[f], bad_b);
	}
	/* double NaNs keep their sign; E5M2 also the two top payload bits; infinities */
	uint64_t nb = 0xfff4000000000000ull; /* negative, top payload bits 01 (bits 51, 50) */
	double dn;
	memcpy(&dn, &nb, sizeof(dn));
	tap_ok(__nv_cvt_double_to_fp8(dn, __NV_NOSAT, __NV_E4M3) == 0xff &&
		       __nv_cvt_double_to_fp8(dn, __NV_NOSAT, __NV_E5M2) == 0xff &&
		       __nv_cvt_double_to_fp8(NAN, __NV_SATFINITE, __NV_E5M2) == 0x7e &&
		       __nv_cvt_float_to_fp8(-NAN, __NV_NOSAT, __NV_E5M2) == 0x7f,
	       "NaNs: a double's sign (and E5M2 payload bits) kept, a float NaN is 0x7f");
	tap_ok(__nv_cvt_double_to_fp8(-INFINITY, __NV_SATFINITE, __NV_E4M3) == 0xfe &&
		       __nv_cvt_double_to_fp8(INFINITY, __NV_NOSAT, __NV_E4M3) == 0x7f &&
		       __nv_cvt_double_to_fp8(-INFINITY, __NV_NOSAT, __NV_E5M2) == 0xfc &&
		       __nv_cvt_double_to_fp8(INFINITY, __NV_SATFINITE, __NV_E5M2) == 0x7b,
	       "infinities: the largest finite value (SATFINITE), NaN (E4M3) or infinity (E5M2)");
}

TAP_TEST(pairs_and_quads)
{
	float2 f2;
	f2.x = 1.5f, f2.y = -2.0f;
	__nv_fp8x2_e4m3 p(f2);
	float2 back = (float2)p;
	/* 1.5 = 0 0111 100 = 0x3c; -2 = 1 1000 000 = 0xc0 */
	tap_ok(p.__x == 0xc03c && back.x == 1.5f && back.y == -2.0f && sizeof(p) == 2,
	       "fp8x2_e4m3(float2): x in the low byte (0x%04x)", p.__x);
	__half2 h2 = (__half2)p;
	tap_ok(__half2float(h2.x) == 1.5f && __half2float(h2.y) == -2.0f, "fp8x2 to __half2");
	float4 f4;
	f4.x = 0.25f, f4.y = 1000.0f, f4.z = -3.0f, f4.w = NAN;
	__nv_fp8x4_e5m2 q(f4);
	/* E5M2: 0.25 = 0 01101 00 = 0x34; 1000 -> 1024 = 0 11001 00 = 0x64; -3 = 1 10000 10 = 0xc2; NaN 0x7f */
	tap_ok(q.__x == 0x7fc26434u && sizeof(q) == 4, "fp8x4_e5m2(float4): x lowest byte up (0x%08x)", q.__x);
	float4 g = (float4)q;
	tap_ok(g.x == 0.25f && g.y == 1024.0f && g.z == -3.0f && g.w != g.w, "fp8x4 to float4");
	__nv_fp8x4_e4m3 r(__nv_bfloat162(__nv_bfloat16(1.0f), __nv_bfloat16(-0.5f)),
			  __nv_bfloat162(__nv_bfloat16(500.0f), __nv_bfloat16(0.0f)));
	/* 1 = 0x38, -0.5 = 0xb0, 500 saturates to 448 = 0x7e, 0 */
	tap_ok(r.__x == 0x007eb038u, "fp8x4_e4m3(bfloat162 lo, bfloat162 hi): saturating (0x%08x)", r.__x);
	__nv_fp8x4_e4m3 s(__half2(__half(2.0f), __half(3.0f)), __half2(__half(-1.0f), __half(0.125f)));
	tap_ok(s.__x == 0x20b84440u, "fp8x4_e4m3(half2 lo, half2 hi) (0x%08x)", s.__x);
}

TAP_TEST(classes)
{
	__nv_fp8_e4m3 big(1000.0f), nan_e4(NAN), i7(7), neg(-3.75);
	__nv_fp8_e5m2 e5big(1e6), e5inf(INFINITY), bigint(100000), e5n(-0.0f);
	tap_ok(big.__x == 0x7e && nan_e4.__x == 0x7f && i7.__x == 0x4e && neg.__x == 0xc7,
	       "e4m3 constructors saturate (1000 -> 448), NaN 0x7f, int 7, double -3.75");
	tap_ok(e5big.__x == 0x7b && e5inf.__x == 0x7b && bigint.__x == 0x7b && e5n.__x == 0x80,
	       "e5m2 constructors saturate (infinity too), -0 keeps its sign");
	tap_ok((float)big == 448.0f && (double)neg == -3.75 && __half2float((__half)neg) == -3.75f &&
		       __bfloat162float((__nv_bfloat16)neg) == -3.75f,
	       "to float, double, __half, __nv_bfloat16");
	__nv_fp8_e5m2 minf, pinf, e5nan;
	minf.__x = 0xfc, pinf.__x = 0x7c, e5nan.__x = 0x7e;
	tap_ok((int)neg == -3 && (unsigned)neg == 0 && (unsigned char)big == 255 && (signed char)big == 127 &&
		       (short)pinf == 32767 && (short)minf == -32768 && (int)e5nan == 0 && (int)nan_e4 == 0 &&
		       (long long)e5big == 57344 && (unsigned short)e5big == 57344,
	       "to integers: toward zero, saturating, NaN gives 0");
	__nv_fp8_e4m3 z(-0.0f);
	tap_ok(!(bool)z && (bool)neg && sizeof(__nv_fp8_e4m3) == 1 && alignof(__nv_fp8_e5m2) == 1,
	       "bool (-0 is false), size and alignment 1");
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
