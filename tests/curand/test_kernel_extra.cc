// SPDX-License-Identifier: MIT
/*
 * test_kernel_extra.cc - the parts of curand_kernel.h that issue 44 added,
 * compiled as plain C++ and linked with lib/curand:
 * - curandGetScrambleConstants32/64 against SplitMix64 (Steele, Lea, Flood
 *   2014) stepped here from state 0, the construction lib/curand documents;
 * - curandStateScrambledSobol32/64: point i of the dimension by i's Gray
 *   code computed here, XOR the scramble constant (what CUDA documents),
 *   skipahead(n) against n draws, uniforms as cuRAND's transform of the
 *   scrambled word, and the (0, 10, 1)-net property a digital shift keeps
 *   (the first 1024 points one per 1/1024, every dimension tried);
 * - curandStateTest: CUDA's documented toy (x0 = 3 seed + 31337
 *   subsequence + offset, then + 1);
 * - curand_MRGmod, curand_MRGmodMul, curand_MRGmatMul3x3,
 *   curand_MRGmatVecMul3x3, curand_MRGmatPow3x3, curnand_MRGmatPow2Pow3x3
 *   against 3x3 products written here with 128-bit integers and plain
 *   repeated multiplication, and against L'Ecuyer's one-step recurrence;
 *   curand_MRG32k3a against curand_uniform_double; curand_Philox4x32_10
 *   against Random123's known-answer vectors.
 */
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <curand.h>
#include <curand_kernel.h>
#include "tap.h"

static const unsigned long long M1 = 4294967087ull;

typedef unsigned long long Mat[3][3];

static void mat_mul(const Mat a, const Mat b, Mat o, unsigned long long m)
{
	Mat t;

	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			unsigned __int128 s = 0;

			for (int k = 0; k < 3; k++)
				s += (unsigned __int128)a[i][k] * b[k][j];
			t[i][j] = (unsigned long long)(s % m);
		}
	memcpy(o, t, sizeof(t));
}

static int same(const Mat a, const unsigned int b[3][3])
{
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			if (a[i][j] != b[i][j])
				return 0;
	return 1;
}

template <class Uint, int Bits> static Uint gray(const Uint *v, Uint i)
{
	Uint g = i ^ (i >> 1), x = 0;

	for (int k = 0; k < Bits; k++)
		if (g >> k & 1)
			x ^= v[k];
	return x;
}

static void scrambled(void)
{
	unsigned int *c32 = NULL;
	unsigned long long *c64 = NULL, z = 0;
	curandDirectionVectors32_t *v32;
	curandDirectionVectors64_t *v64;
	int ok = 1;

	tap_ok(curandGetScrambleConstants32(&c32) == CURAND_STATUS_SUCCESS && c32 &&
		       curandGetScrambleConstants64(&c64) == CURAND_STATUS_SUCCESS && c64 &&
		       curandGetScrambleConstants32(NULL) == CURAND_STATUS_OUT_OF_RANGE,
	       "curandGetScrambleConstants32/64: a table each (NULL: OUT_OF_RANGE)");
	if (!c32 || !c64)
		return;
	// SplitMix64's next(), stepped from state 0: constant d is its (d + 1)-th output
	for (int d = 0; d < 3667; d++) {
		unsigned long long r;

		z += 0x9e3779b97f4a7c15ull;
		r = z;
		r = (r ^ (r >> 30)) * 0xbf58476d1ce4e5b9ull;
		r = (r ^ (r >> 27)) * 0x94d049bb133111ebull;
		r ^= r >> 31;
		ok = ok && c64[d] == r && c32[d] == (unsigned int)(r >> 32);
	}
	tap_ok(ok, "scramble constants: 3667 dimensions, SplitMix64 of the dimension (32-bit: the top halves)");

	curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6);
	curandGetDirectionVectors64(&v64, CURAND_DIRECTION_VECTORS_64_JOEKUO6);
	ok = 1;
	{
		const unsigned int dims[] = { 0, 1, 2, 7, 100, 3666 };
		const unsigned long long offs[] = { 0, 1, 5, 1000, 3000000000ull };

		for (unsigned int d : dims)
			for (unsigned long long o : offs) {
				curandStateScrambledSobol32_t s;
				curandStateScrambledSobol64_t t;

				curand_init(v32[d], c32[d], (unsigned int)o, &s);
				curand_init(v64[d], c64[d], o, &t);
				for (unsigned long long j = 0; j < 70; j++) {
					ok = ok && curand(&s) == (gray<unsigned int, 32>(v32[d], (unsigned int)(o + j)) ^ c32[d]);
					ok = ok && curand(&t) == (gray<unsigned long long, 64>(v64[d], o + j) ^ c64[d]);
				}
			}
	}
	tap_ok(ok, "curandStateScrambledSobol32/64: point i by its Gray code XOR the scramble constant (6 dims x 5 offsets)");

	ok = 1;
	{
		curandStateScrambledSobol32_t a, b;
		curandStateScrambledSobol64_t e, f;

		curand_init(v32[4], c32[4], 3u, &a);
		b = a;
		curand_init(v64[4], c64[4], 3ull, &e);
		f = e;
		for (unsigned int n : { 1u, 2u, 31u, 1000u, 4097u }) {
			skipahead(n, &a);
			skipahead((unsigned long long)n, &e);
			for (unsigned int i = 0; i < n; i++) {
				curand(&b);
				curand(&f);
			}
			ok = ok && curand(&a) == curand(&b) && curand(&e) == curand(&f);
		}
		// past the end of the 2^32 points the sequence starts again, the constant still in
		curand_init(v32[4], c32[4], 0xfffffffeu, &a);
		curand(&a);
		curand(&a);
		ok = ok && curand(&a) == c32[4];
	}
	tap_ok(ok, "scrambled skipahead(n) equals n draws; after 2^32 points Sobol32 is back at point 0 (the constant)");

	ok = 1;
	{
		curandStateScrambledSobol32_t a, b;
		curandStateScrambledSobol64_t e, f;

		curand_init(v32[9], c32[9], 11u, &a);
		b = a;
		curand_init(v64[9], c64[9], 11ull, &e);
		f = e;
		for (int i = 0; i < 200; i++) {
			unsigned int x = curand(&b);
			unsigned long long w = curand(&f);
			float u = curand_uniform(&a);
			double ud = curand_uniform_double(&e);

			ok = ok && u == (float)(x * (1.0 / 4294967296.0) + 0.5 / 4294967296.0);
			ok = ok && ud == (double)(w >> 11) * (1.0 / 9007199254740992.0) + 1.0 / 18014398509481984.0;
		}
	}
	tap_ok(ok, "scrambled curand_uniform (32) and curand_uniform_double (64): cuRAND's transforms of the scrambled word");

	// a digital shift keeps the net: the first 1024 points of a dimension fill every 1/1024 once
	ok = 1;
	for (unsigned int d = 0; d < 3667; d += 61) {
		curandStateScrambledSobol32_t s;
		unsigned char seen[1024] = { 0 };

		curand_init(v32[d], c32[d], 0u, &s);
		for (int i = 0; i < 1024; i++)
			seen[curand(&s) >> 22]++;
		for (int k = 0; k < 1024; k++)
			ok = ok && seen[k] == 1;
	}
	tap_ok(ok, "scrambled Sobol32: the first 1024 points one per 1/1024 (every 61st dimension)");
}

static void test_state(void)
{
	curandStateTest_t s, t;
	int ok;

	curand_init(5, 2, 7, &s);
	ok = curand(&s) == 15u + 2u * 31337u + 7u && curand(&s) == 15u + 2u * 31337u + 8u;
	curand_init(0x100000001ull, 0, 0xffffffffull, &t);	// mod 2^32: 3 + 2^32 - 1 = 2
	ok = ok && curand(&t) == 2u;
	skipahead(1000, &s);
	ok = ok && curand(&s) == 15u + 2u * 31337u + 1009u;
	tap_ok(ok, "curandStateTest: 3 seed + 31337 subsequence + offset, + 1 per draw, skipahead adds");
}

static void mrg_helpers(void)
{
	// L'Ecuyer's first recurrence as a matrix on (x[n-3], x[n-2], x[n-1])
	const Mat A = { { 0, 1, 0 }, { 0, 0, 1 }, { M1 - 810728, 1403580, 0 } };
	unsigned int a[3][3], b[3][3], o[3][3], table[20][3][3];
	Mat ref, p;
	int ok = 1;

	for (double i : { 0.0, 5.0, 4294967086.0, 4294967087.0, 9.0e15, -17.0 })
		ok = ok && curand_MRGmod(i, (double)M1) ==
				   (double)(((long long)i % (long long)M1 + (long long)M1) % (long long)M1);
	ok = ok && curand_MRGmodMul(4294967295.0, 4294967295.0, (double)M1) ==
			   (double)((unsigned __int128)4294967295ull * 4294967295ull % M1);
	tap_ok(ok, "curand_MRGmod, curand_MRGmodMul: i mod m, i j mod m (128-bit reference)");

	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			a[i][j] = (unsigned int)A[i][j];
			b[i][j] = (unsigned int)((i * 7 + j * 13 + 1) * 0x1234567u % M1);
		}
	{
		Mat bb;

		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++)
				bb[i][j] = b[i][j];
		mat_mul(A, bb, ref, M1);
	}
	curand_MRGmatMul3x3(a, b, o, (double)M1);
	ok = same(ref, o);
	curand_MRGmatMul3x3(a, b, b, (double)M1);	// the output may be an input
	ok = ok && same(ref, b);
	tap_ok(ok, "curand_MRGmatMul3x3: A B mod m1, also in place");

	// table[k] = A^(2^k) by squaring here; A^13 by 13 plain products
	memcpy(p, A, sizeof(p));
	for (int k = 0; k < 20; k++) {
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++)
				table[k][i][j] = (unsigned int)p[i][j];
		mat_mul(p, p, p, M1);
	}
	{
		Mat e = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };

		for (int n = 0; n < 13; n++)
			mat_mul(e, A, e, M1);
		curand_MRGmatPow3x3(table, o, (double)M1, 13);
		ok = same(e, o);
		{
			double in[3][3], out[3][3];
			Mat e8 = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };

			for (int i = 0; i < 3; i++)
				for (int j = 0; j < 3; j++)
					in[i][j] = (double)A[i][j];
			for (int n = 0; n < 8; n++)
				mat_mul(e8, A, e8, M1);
			curnand_MRGmatPow2Pow3x3(in, out, (double)M1, 3);
			for (int i = 0; i < 3; i++)
				for (int j = 0; j < 3; j++)
					ok = ok && out[i][j] == (double)e8[i][j];
		}
	}
	tap_ok(ok, "curand_MRGmatPow3x3 (A^13 from the A^(2^k) table), curnand_MRGmatPow2Pow3x3 (A^(2^3)): plain products");

	// the state's first component advanced 13 steps by the matrix equals 13 steps of the generator
	{
		curandStateMRG32k3a_t s, t;
		unsigned int v[3];

		curand_init(2024, 1, 5, &s);
		t = s;
		memcpy(v, s.s1, sizeof(v));
		curand_MRGmatPow3x3(table, o, (double)M1, 13);
		curand_MRGmatVecMul3x3(o, v, (double)M1);
		for (int n = 0; n < 13; n++)
			curand_MRG32k3a(&t);
		ok = !memcmp(v, t.s1, sizeof(v));
		t = s;
		for (int n = 0; n < 100; n++) {
			curandStateMRG32k3a_t u = t;
			double r = curand_MRG32k3a(&t);

			ok = ok && r >= 1 && r <= (double)M1 && r == std::floor(r) &&
			     r * (1.0 / (double)M1) == curand_uniform_double(&u);
		}
	}
	tap_ok(ok, "curand_MRGmatVecMul3x3: A^13 s1 is 13 steps; curand_MRG32k3a: an integer in [1, m1], / m1 the uniform double");
}

static void philox(void)
{
	uint4 c = { 0, 0, 0, 0 }, f = { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu };
	uint2 k = { 0, 0 }, kf = { 0xffffffffu, 0xffffffffu };
	uint4 r0 = curand_Philox4x32_10(c, k), r1 = curand_Philox4x32_10(f, kf);

	// Random123's kat_vectors for philox4x32_10: zeros and all ones
	tap_ok(r0.x == 0x6627e8d5u && r0.y == 0xe169c58du && r0.z == 0xbc57ac4cu && r0.w == 0x9b00dbd8u &&
		       r1.x == 0x408f276du && r1.y == 0x41c83b0eu && r1.z == 0xa20bc7c6u && r1.w == 0x6d5451fdu,
	       "curand_Philox4x32_10: Random123's known answers");
}

int main()
{
	scrambled();
	test_state();
	mrg_helpers();
	philox();
	return tap_done();
}
