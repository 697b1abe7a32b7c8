/* SPDX-License-Identifier: MIT */
/*
 * curand_kernel.h (cuRAND's device API) against:
 * - values recorded from NVIDIA's cuRAND on a GPU (nvidia_device_values.h):
 *   raw words, uniforms and Poisson draws bit for bit, normals within float
 *   math tolerance, for five (seed, subsequence, offset) cases of each
 *   generator;
 * - Random123's published known-answer vectors for Philox4x32-10;
 * - straightforward implementations written here from the papers (a plain
 *   xorwow step, the plain MRG32k3a recurrences): skipahead(n) equals n
 *   steps;
 * - distribution bounds for a fixed seed (deterministic): mean and
 *   variance of 2^20 uniforms and normals, Poisson means.
 */
#include <curand_kernel.h>
#include <math.h>
#include <stdint.h>

#include "nvidia_device_values.h"
#include "tap.h"

/* ---- plain reference steppers ------------------------------------------------------------- */

struct plain_xorwow {
	uint32_t x, y, z, w, v, d;
};

static uint32_t plain_xorwow_next(struct plain_xorwow *s)
{
	uint32_t t = s->x ^ (s->x >> 2);

	s->x = s->y;
	s->y = s->z;
	s->z = s->w;
	s->w = s->v;
	s->v = (s->v ^ (s->v << 4)) ^ (t ^ (t << 1));
	s->d += 362437;
	return s->v + s->d;
}

struct plain_mrg {
	int64_t x1[3], x2[3];	/* oldest first */
};

static uint32_t plain_mrg_next(struct plain_mrg *s)
{
	const int64_t m1 = 4294967087LL, m2 = 4294944443LL;
	int64_t p1 = ((1403580 * s->x1[1] - 810728 * s->x1[0]) % m1 + m1) % m1;
	int64_t p2 = ((527612 * s->x2[2] - 1370589 * s->x2[0]) % m2 + m2) % m2;

	s->x1[0] = s->x1[1], s->x1[1] = s->x1[2], s->x1[2] = p1;
	s->x2[0] = s->x2[1], s->x2[1] = s->x2[2], s->x2[2] = p2;
	return (uint32_t)((double)(p1 > p2 ? p1 - p2 : p1 - p2 + m1) / (double)m1 * 4294967296.0);
}

/* ---- against NVIDIA's recorded values -------------------------------------------------------- */

/* relative, and absolute below 1 (GPU sin/cos have absolute errors near their zeros) */
static bool near(double a, double b, double rel) { return fabs(a - b) <= rel * (fabs(b) > 1 ? fabs(b) : 1); }

template <class S> static void check_nvidia(const char *name, int g)
{
	for (int c = 0; c < 5; c++) {
		const struct ref_draws *r = &ref_nvidia[g][c];
		S s;
		int bad_u = 0, bad_f = 0, bad_n = 0, bad_p = 0;

		curand_init(ref_case[c][0], ref_case[c][1], ref_case[c][2], &s);
		for (int i = 0; i < 8; i++)
			bad_u += curand(&s) != r->u[i];
		for (int i = 0; i < 4; i++)
			bad_f += curand_uniform(&s) != r->uni[i];
		for (int i = 0; i < 4; i++)
			bad_n += !near(curand_normal(&s), r->nor[i], 1e-5);
		for (int i = 0; i < 2; i++)
			bad_f += curand_uniform_double(&s) != r->unid[i];
		for (int i = 0; i < 2; i++)
			bad_n += !near(curand_normal_double(&s), r->nord[i], 1e-12);
		for (int i = 0; i < 2; i++)
			bad_n += !near(curand_log_normal(&s, 1.0f, 0.5f), r->logn[i], 1e-5);
		for (int i = 0; i < 8; i++)
			bad_p += curand_poisson(&s, 4.5) != r->poi[i];
		tap_ok(!bad_u && !bad_f && !bad_n && !bad_p,
		       "%s, curand_init(%llu, %llu, %llu): NVIDIA's curand x8, uniform x4, uniform_double x2, poisson(4.5) x8 "
		       "bit for bit, normal/normal_double/log_normal within 1e-5/1e-12 (%d, %d, %d, %d wrong)",
		       name, ref_case[c][0], ref_case[c][1], ref_case[c][2], bad_u, bad_f, bad_n, bad_p);
	}
}

static void test_philox4(void)
{
	curandStatePhilox4_32_10_t s;
	int bad = 0;

	curand_init(1234, 0, 0, &s);
	float4 n = curand_normal4(&s), u = curand_uniform4(&s);
	uint4 w = curand4(&s);
	bad += !near(n.x, ref_philox_normal4[0], 1e-5) + !near(n.y, ref_philox_normal4[1], 1e-5) +
	       !near(n.z, ref_philox_normal4[2], 1e-5) + !near(n.w, ref_philox_normal4[3], 1e-5);
	bad += (u.x != ref_philox_uniform4[0]) + (u.y != ref_philox_uniform4[1]) + (u.z != ref_philox_uniform4[2]) +
	       (u.w != ref_philox_uniform4[3]);
	bad += (w.x != ref_philox_curand4[0]) + (w.y != ref_philox_curand4[1]) + (w.z != ref_philox_curand4[2]) +
	       (w.w != ref_philox_curand4[3]);
	tap_ok(!bad, "philox curand_normal4, curand_uniform4, curand4 after curand_init(1234, 0, 0): NVIDIA's (%d wrong)",
	       bad);
}

/* Random123's kat_vectors for philox4x32 with 10 rounds */
static void test_philox_kat(void)
{
	uint4 c0 = { 0, 0, 0, 0 }, c1 = { ~0u, ~0u, ~0u, ~0u }, c2 = { 0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u };
	uint2 k0 = { 0, 0 }, k1 = { ~0u, ~0u }, k2 = { 0xa4093822u, 0x299f31d0u };
	uint4 r0 = idxgen_philox4x32_10(c0, k0), r1 = idxgen_philox4x32_10(c1, k1), r2 = idxgen_philox4x32_10(c2, k2);

	tap_ok(r0.x == 0x6627e8d5u && r0.y == 0xe169c58du && r0.z == 0xbc57ac4cu && r0.w == 0x9b00dbd8u,
	       "philox4x32-10 KAT: counter 0, key 0");
	tap_ok(r1.x == 0x408f276du && r1.y == 0x41c83b0eu && r1.z == 0xa20bc7c6u && r1.w == 0x6d5451fdu,
	       "philox4x32-10 KAT: all ones");
	tap_ok(r2.x == 0xd16cfe09u && r2.y == 0x94fdccebu && r2.z == 0x5001e420u && r2.w == 0x24126ea1u,
	       "philox4x32-10 KAT: the digits of pi");
}

/* skipahead(n) and curand_init's offset against n plain steps */
static void test_skip(void)
{
	const unsigned long long ns[] = { 0, 1, 2, 3, 4, 5, 31, 32, 33, 255, 1000, 4097, 100003 };
	int bad_x = 0, bad_m = 0, bad_p = 0;

	for (unsigned long long n : ns) {
		/* XORWOW: the plain generator seeded as cuRAND documents it (seed 42) */
		uint32_t s0 = 42u ^ 0xaad26b49u, s1 = 0u ^ 0xf7dcefddu, t0 = 1099087573u * s0, t1 = 2591861531u * s1;
		struct plain_xorwow p = { 123456789u + t0, 362436069u ^ t0, 521288629u + t1, 88675123u ^ t1, 5783321u + t0,
					  6615241u + t1 + t0 };
		curandState a, b;

		for (unsigned long long i = 0; i < n; i++)
			plain_xorwow_next(&p);
		curand_init(42, 0, n, &a);
		curand_init(42, 0, 0, &b);
		skipahead(n, &b);
		for (int i = 0; i < 4; i++) {
			uint32_t want = plain_xorwow_next(&p);

			bad_x += curand(&a) != want;
			bad_x += curand(&b) != want;
		}
		/* MRG32k3a: seed 0 leaves the documented 12345 starting values */
		struct plain_mrg q = { { 12345, 12345, 12345 }, { 12345, 12345, 12345 } };
		curandStateMRG32k3a_t m, m2;

		for (unsigned long long i = 0; i < n; i++)
			plain_mrg_next(&q);
		curand_init(0, 0, n, &m);
		curand_init(0, 0, 0, &m2);
		skipahead(n, &m2);
		for (int i = 0; i < 4; i++) {
			uint32_t want = plain_mrg_next(&q);

			bad_m += curand(&m) != want;
			bad_m += curand(&m2) != want;
		}
		/* Philox: offset n is word n of the counter stream */
		curandStatePhilox4_32_10_t ph, ph0;
		uint2 key = { 77u, 0u };

		curand_init(77, 0, n, &ph);
		curand_init(77, 0, 0, &ph0);
		skipahead(n, &ph0);
		for (unsigned long long i = n; i < n + 4; i++) {
			uint4 ctr = { (unsigned)(i / 4), (unsigned)(i / 4 >> 32), 0, 0 };
			uint4 blk = idxgen_philox4x32_10(ctr, key);
			uint32_t want = i % 4 == 0 ? blk.x : i % 4 == 1 ? blk.y : i % 4 == 2 ? blk.z : blk.w;

			bad_p += curand(&ph) != want;
			bad_p += curand(&ph0) != want;
		}
	}
	tap_ok(!bad_x, "xorwow: curand_init offset and skipahead(n) equal n plain steps, n up to 100003 (%d wrong)", bad_x);
	tap_ok(!bad_m, "mrg32k3a: curand_init offset and skipahead(n) equal n plain steps (%d wrong)", bad_m);
	tap_ok(!bad_p, "philox: curand_init offset and skipahead(n) are words n.. of the counter stream (%d wrong)", bad_p);

	/* subsequences: skipahead_sequence(k) after init(seed, s, 0) is init(seed, s + k, 0) */
	curandState a, b;
	curandStateMRG32k3a_t c, d;
	curandStatePhilox4_32_10_t e, f;
	int bad = 0;

	curand_init(9, 3, 0, &a);
	skipahead_sequence(1000, &a);
	curand_init(9, 1003, 0, &b);
	curand_init(9, 3, 0, &c);
	skipahead_subsequence(1000, &c);
	curand_init(9, 1003, 0, &d);
	curand_init(9, 3, 0, &e);
	skipahead_sequence(1000, &e);
	curand_init(9, 1003, 0, &f);
	for (int i = 0; i < 8; i++)
		bad += (curand(&a) != curand(&b)) + (curand(&c) != curand(&d)) + (curand(&e) != curand(&f));
	tap_ok(!bad, "skipahead_sequence / skipahead_subsequence(k) move to subsequence s + k (%d wrong)", bad);
}

/* Deterministic distribution checks: fixed seeds, bounds of several standard errors. */
static void test_distribution(void)
{
	const int n = 1 << 20;
	curandStatePhilox4_32_10_t p;
	curandState x;
	double su = 0, su2 = 0, sn = 0, sn2 = 0, sp = 0, sp2 = 0;
	float umin = 2, umax = -1;

	curand_init(2024, 0, 0, &p);
	curand_init(2024, 0, 0, &x);
	for (int i = 0; i < n; i++) {
		float u = curand_uniform(&x);
		double z = curand_normal_double(&p);

		su += u, su2 += (double)u * u;
		sn += z, sn2 += z * z;
		umin = u < umin ? u : umin;
		umax = u > umax ? u : umax;
	}
	for (int i = 0; i < n / 16; i++) {
		double k = curand_poisson(&x, i % 2 ? 3.0 : 300.0);

		sp += k, sp2 += k * k;
	}
	double mu = su / n, vu = su2 / n - mu * mu, mn = sn / n, vn = sn2 / n - mn * mn;
	double mp = sp / (n / 16);
	/* 6 standard errors: uniform mean sd 0.289/1024, normal 1/1024; variances likewise */
	tap_ok(fabs(mu - 0.5) < 6 * 0.289 / 1024 && fabs(vu - 1.0 / 12) < 6 * 0.0745 / 1024 && umin > 0 && umax <= 1,
	       "xorwow curand_uniform: 2^20 draws in (0, 1], mean %.5f, variance %.5f", mu, vu);
	tap_ok(fabs(mn) < 6.0 / 1024 && fabs(vn - 1) < 6 * 1.414 / 1024,
	       "philox curand_normal_double: 2^20 draws, mean %.5f, variance %.5f", mn, vn);
	tap_ok(fabs(mp - 151.5) < 6 * sqrt((3 + 300) / 2.0 + 148.5 * 148.5) / 256,
	       "curand_poisson, lambda 3 and 300 (Knuth and PTRS): mean %.3f of 151.5", mp);
}

TAP_TEST(nvidia_xorwow)
{
	check_nvidia<curandStateXORWOW_t>("xorwow", 0);
}

TAP_TEST(nvidia_philox)
{
	check_nvidia<curandStatePhilox4_32_10_t>("philox", 1);
}

TAP_TEST(nvidia_mrg32k3a)
{
	check_nvidia<curandStateMRG32k3a_t>("mrg32k3a", 2);
}

TAP_TEST(philox4)
{
	test_philox4();
}

TAP_TEST(philox_kat)
{
	test_philox_kat();
}

TAP_TEST(skip)
{
	test_skip();
}

TAP_TEST(distribution)
{
	test_distribution();
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
