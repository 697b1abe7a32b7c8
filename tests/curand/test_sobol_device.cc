// SPDX-License-Identifier: MIT
/*
 * test_sobol_device.cc - the device API's Sobol states (curand_kernel.h:
 * curandStateSobol32/64, curand_init with curandGetDirectionVectors32/64,
 * curand, curand_uniform(_double), curand_normal(_double), skipahead),
 * compiled as plain C++ (the __device__ functions are host-callable here).
 * References: the first points of the two-dimensional Sobol sequence as
 * the literature lists them (0, 1/2, 3/4, 1/4, 3/8, ... and 0, 1/2, 1/4,
 * 3/4, 3/8, ...); for every dimension tried, the point i computed by this
 * file from the direction numbers by i's Gray code; the host generator
 * (CURAND_RNG_QUASI_SOBOL32) for the same dimension and offset, as cuRAND
 * gives the same points on both sides; the top 32 bits of Sobol64 against
 * Sobol32; skipahead(n) against n draws.
 */
#include <cmath>
#include <cstdio>
#include <vector>
#include <curand.h>
#include <curand_kernel.h>
#include "tap.h"

// point i of a dimension from its direction numbers, by the Gray code, written here
static unsigned int gray_point(const unsigned int *v, unsigned int i)
{
	unsigned int g = i ^ (i >> 1), x = 0;

	for (int k = 0; k < 32; k++)
		if (g >> k & 1)
			x ^= v[k];
	return x;
}

static unsigned long long gray_point64(const unsigned long long *v, unsigned long long i)
{
	unsigned long long g = i ^ (i >> 1), x = 0;

	for (int k = 0; k < 64; k++)
		if (g >> k & 1)
			x ^= v[k];
	return x;
}

int main()
{
	curandDirectionVectors32_t *v32 = NULL;
	curandDirectionVectors64_t *v64 = NULL;

	tap_ok(curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6) == CURAND_STATUS_SUCCESS && v32,
	       "curandGetDirectionVectors32(JOEKUO6)");
	tap_ok(curandGetDirectionVectors64(&v64, CURAND_DIRECTION_VECTORS_64_JOEKUO6) == CURAND_STATUS_SUCCESS && v64,
	       "curandGetDirectionVectors64(JOEKUO6)");
	if (!v32 || !v64)
		return tap_done();
	{
		curandDirectionVectors32_t *other = NULL;
		int ok = curandGetDirectionVectors32(&other, CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6) ==
				 CURAND_STATUS_OUT_OF_RANGE &&
			 curandGetDirectionVectors32(&other, CURAND_DIRECTION_VECTORS_64_JOEKUO6) == CURAND_STATUS_OUT_OF_RANGE &&
			 curandGetDirectionVectors32(NULL, CURAND_DIRECTION_VECTORS_32_JOEKUO6) != CURAND_STATUS_SUCCESS &&
			 !other;
		tap_ok(ok, "scrambled or 64-bit sets through the 32-bit call, no pointer: an error status, nothing written");
	}

	// the literature's first points of dimensions 1 and 2 (0-based 0 and 1)
	static const double lit[2][8] = { { 0, .5, .75, .25, .375, .875, .625, .125 },
					  { 0, .5, .25, .75, .375, .875, .125, .625 } };
	int ok = 1;
	for (int d = 0; d < 2; d++) {
		curandStateSobol32_t s;

		curand_init(v32[d], 0, &s);
		for (int i = 0; i < 8; i++)
			ok = ok && curand(&s) == (unsigned int)(lit[d][i] * 4294967296.0);
	}
	tap_ok(ok, "the first 8 points of dimensions 1 and 2 are the literature's");

	// every 97th dimension, several offsets: against the Gray-code points and the host generator
	int gray_ok = 1, host_ok = 1, n_dims = 0;
	curandGenerator_t gen;
	curandCreateGeneratorHost(&gen, CURAND_RNG_QUASI_SOBOL32);
	for (unsigned int d = 0; d < 3667; d += 97, n_dims++) {
		static const unsigned int offsets[] = { 0, 1, 5, 1000, 65535, 3000000001u };
		for (unsigned int off : offsets) {
			const unsigned int n = 40;
			curandStateSobol32_t s;
			std::vector<unsigned int> host((size_t)(d + 1) * n);

			curand_init(v32[d], off, &s);
			curandSetQuasiRandomGeneratorDimensions(gen, d + 1);
			curandSetGeneratorOffset(gen, off);
			host_ok = host_ok && curandGenerate(gen, host.data(), host.size()) == CURAND_STATUS_SUCCESS;
			for (unsigned int i = 0; i < n; i++) {
				unsigned int x = curand(&s);

				gray_ok = gray_ok && x == gray_point(v32[d], off + i);
				host_ok = host_ok && x == host[(size_t)d * n + i];	// dimension-major output
			}
		}
	}
	curandDestroyGenerator(gen);
	tap_ok(gray_ok, "Sobol32 curand, %d dimensions x 6 offsets: point i is the XOR of the directions of i's Gray code", n_dims);
	tap_ok(host_ok, "Sobol32 curand equals the host generator's points for the same dimension and offset");

	// Sobol64: below 2^32 points its top 32 bits are Sobol32's point (its low bits 0);
	// beyond, the Gray-code points over 64 direction numbers, low bits in use
	ok = 1;
	int low_bits = 0;
	for (unsigned int d : { 0u, 1u, 7u, 100u, 3666u }) {
		curandStateSobol32_t a;
		curandStateSobol64_t b, c;
		const unsigned long long far = (1ull << 32) + 12345;

		curand_init(v32[d], 12345, &a);
		curand_init(v64[d], 12345ull, &b);
		curand_init(v64[d], far, &c);
		for (int i = 0; i < 200; i++) {
			unsigned long long w = curand(&b), x = curand(&c);

			ok = ok && w == (unsigned long long)curand(&a) << 32;
			ok = ok && x == gray_point64(v64[d], far + i);
			low_bits |= (unsigned int)x != 0;
		}
	}
	tap_ok(ok && low_bits, "Sobol64: Sobol32's points in the top bits below 2^32 points, Gray-code points beyond (low bits in use)");

	// skipahead(n) is n draws; curand_init's offset is skipahead
	ok = 1;
	{
		curandStateSobol32_t a, b;
		curandStateSobol64_t c, e;

		curand_init(v32[3], 17, &a);
		curand_init(v32[3], 0, &b);
		curand_init(v64[3], 17ull, &c);
		curand_init(v64[3], 0ull, &e);
		skipahead(10u, &b);
		for (int i = 0; i < 7; i++) {
			curand(&b);
			curand(&e);
		}
		skipahead(10ull, &e);
		for (int i = 0; i < 100; i++) {
			ok = ok && curand(&a) == curand(&b) && curand(&c) == curand(&e);
			if (i % 9 == 0) {
				skipahead(3u, &a);
				skipahead(3u, &b);
				skipahead(5ull, &c);
				skipahead(5ull, &e);
			}
		}
	}
	tap_ok(ok, "skipahead(n) equals n draws (Sobol32 and Sobol64), offsets add up");

	// the transforms: uniform (0, 1] as cuRAND's x 2^-32 + 2^-33; normal by the inverse CDF
	ok = 1;
	{
		curandStateSobol32_t a, b;
		curandStateSobol64_t c, e;
		double mean_u = 0, mean_n = 0, var_n = 0;
		const int N = 4096;

		curand_init(v32[2], 1, &a);
		curand_init(v32[2], 1, &b);
		for (int i = 0; i < N; i++) {
			unsigned int x = curand(&b);
			float u = curand_uniform(&a);

			ok = ok && u == (float)(x * (1.0 / 4294967296.0) + 0.5 / 4294967296.0) && u > 0.0f && u <= 1.0f;
			mean_u += u;
		}
		curand_init(v32[2], 1, &a);
		for (int i = 0; i < N; i++) {
			double z = curand_normal_double(&a);

			mean_n += z;
			var_n += z * z;
		}
		mean_u /= N;
		mean_n /= N;
		var_n /= N;
		// a quasi-random sequence of 2^12 points: the moments are close to exact
		ok = ok && std::fabs(mean_u - 0.5) < 1e-3 && std::fabs(mean_n) < 1e-3 && std::fabs(var_n - 1) < 1e-2;
		curand_init(v32[2], 1, &a);
		curand_init(v32[2], 1, &b);
		for (int i = 0; i < 50; i++) {
			unsigned int x = curand(&b);
			double z = curand_normal_double(&a);
			double p = 0.5 * std::erfc(-z / std::sqrt(2.0));	// the normal CDF of z

			ok = ok && std::fabs(p - (x + 0.5) / 4294967296.0) < 1e-12;
		}
		curand_init(v64[2], 1ull, &c);
		curand_init(v64[2], 1ull, &e);
		for (int i = 0; i < 50; i++) {
			unsigned long long w = curand(&e);
			double u = curand_uniform_double(&c);

			ok = ok && std::fabs(u - ((double)w + 0.5) * 5.421010862427522e-20) < 1e-16 && u > 0 && u <= 1;
		}
		tap_diag("Sobol32 dim 3: uniform mean %.6f, normal mean %.2e, variance %.5f", mean_u, mean_n, var_n);
	}
	tap_ok(ok, "curand_uniform(_double) and curand_normal_double: cuRAND's transforms of the points (CDF(z) = (x + 1/2) / 2^32)");
	return tap_done();
}
