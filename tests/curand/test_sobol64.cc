// SPDX-License-Identifier: MIT
/*
 * test_sobol64.cc - lib/curand's Sobol64 generator (CURAND_RNG_QUASI_SOBOL64)
 * and the device API's Sobol64 transforms, against references that are not
 * lib/curand's code: Boost.Random's own 64-bit Sobol engine
 * (boost::random::sobol_engine<uint64_t, 64>, Joe and Kuo's numbers too,
 * its own recurrence and Gray-code walk; it starts at point 1, cuRAND at
 * point 0 = 0), also past 2^32 points through its discard(); cuRAND's
 * documented transforms written here another way (a double uniform is
 * (2 (x >> 11) + 1) 2^-54 rounded once, a float one (t + 1/2) 2^-32 of the
 * top word t rounded once); normals through the normal CDF (erfc); the
 * layout (dimension after dimension), offsets and the statuses.
 */
#include <boost/random/sobol.hpp>
#include <cmath>
#include <cstdint>
#include <vector>
#include <curand.h>
#include <curand_kernel.h>
#include "tap.h"

typedef boost::random::sobol_engine<uint64_t, 64> boost_sobol64;

// point k (k >= 1) of dimensions 0..dims-1 from Boost, which starts at point 1
static std::vector<uint64_t> boost_point(unsigned dims, unsigned long long k)
{
	boost_sobol64 e(dims);
	std::vector<uint64_t> p(dims, 0);

	if (k == 0)
		return p;
	e.discard((k - 1) * dims);
	for (unsigned d = 0; d < dims; d++)
		p[d] = e();
	return p;
}

static double want_uniform_double(uint64_t w) { return std::ldexp((double)(2 * (w >> 11) + 1), -54); }
static float want_uniform(uint64_t w) { return (float)(((double)(w >> 32) + 0.5) / 4294967296.0); }

static curandGenerator_t sobol64(unsigned dims, unsigned long long offset)
{
	curandGenerator_t g = nullptr;

	if (curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL64) ||
	    curandSetQuasiRandomGeneratorDimensions(g, dims) || curandSetGeneratorOffset(g, offset))
		return nullptr;
	return g;
}

// n points of dims dimensions from point `first` as cuRAND lays them out: dimension after dimension
static bool same_as_boost(const std::vector<unsigned long long> &got, unsigned dims, unsigned long long first,
			  size_t per)
{
	bool ok = true;

	for (size_t j = 0; j < per; j++) {
		std::vector<uint64_t> p = boost_point(dims, first + j);

		for (unsigned d = 0; d < dims; d++)
			ok = ok && got[d * per + j] == p[d];
	}
	return ok;
}

static void test_words()
{
	const unsigned dims = 3;
	const size_t per = 40;
	std::vector<unsigned long long> w(dims * per);
	curandGenerator_t g = sobol64(dims, 0);
	int st = g ? curandGenerateLongLong(g, w.data(), w.size()) : -1;

	tap_ok(!st && w[0] == 0 && w[per] == 0 && same_as_boost(w, dims, 0, per),
	       "Sobol64: 3 dimensions x 40 points = Boost's 64-bit Sobol engine (point 0 = 0), status %d", st);
	st = g ? curandGenerateLongLong(g, w.data(), w.size()) : -1;
	tap_ok(!st && same_as_boost(w, dims, per, per), "Sobol64: a second call goes on at point 40");
	curandDestroyGenerator(g);

	// past 2^32 points: the low 32 bits are in use, as no 32-bit generator has them
	const unsigned long long far = (1ull << 33) + 12345;
	g = sobol64(dims, far);
	st = g ? curandGenerateLongLong(g, w.data(), dims * 8) : -1;
	bool low = false;

	for (size_t i = 0; i < dims * 8; i++)
		low = low || (w[i] & 0xffffffffull);
	tap_ok(!st && low && same_as_boost(w, dims, far, 8), "Sobol64: offset 2^33 + 12345 = Boost's point there");
	curandDestroyGenerator(g);
}

static void test_transforms()
{
	const unsigned dims = 2;
	const size_t per = 64;
	std::vector<unsigned long long> w(dims * per);
	std::vector<double> u(dims * per), z(dims * per);
	std::vector<float> f(dims * per);
	curandGenerator_t g = sobol64(dims, 1000);
	int st = g ? curandGenerateLongLong(g, w.data(), w.size()) : -1;

	st |= g ? curandSetGeneratorOffset(g, 1000) | curandGenerateUniformDouble(g, u.data(), u.size()) : -1;
	st |= g ? curandSetGeneratorOffset(g, 1000) | curandGenerateUniform(g, f.data(), f.size()) : -1;
	st |= g ? curandSetGeneratorOffset(g, 1000) | curandGenerateNormalDouble(g, z.data(), z.size(), 0.0, 1.0)
		: -1;
	bool uok = true, fok = true, zok = true;

	for (size_t i = 0; i < w.size(); i++) {
		uok = uok && u[i] == want_uniform_double(w[i]) && u[i] > 0 && u[i] <= 1;
		fok = fok && f[i] == want_uniform(w[i]);
		zok = zok && std::fabs(0.5 * std::erfc(-z[i] / std::sqrt(2.0)) - u[i]) < 1e-12;
	}
	tap_ok(!st && uok, "Sobol64 UniformDouble: (2 (x >> 11) + 1) 2^-54, bit for bit");
	tap_ok(!st && fok, "Sobol64 Uniform (float): the top word's (t + 1/2) 2^-32, bit for bit");
	tap_ok(!st && zok, "Sobol64 NormalDouble: CDF(z) = the point's double uniform");
	curandDestroyGenerator(g);
}

static void test_statuses()
{
	curandGenerator_t g = sobol64(3, 0), g32 = nullptr;
	unsigned int w32[6];
	unsigned long long w64[6];
	unsigned int po[6];

	tap_ok(g && curandGenerate(g, w32, 6) == CURAND_STATUS_TYPE_ERROR,
	       "Sobol64: 32-bit words (curandGenerate) are TYPE_ERROR");
	tap_ok(g && curandGenerateLongLong(g, w64, 4) == CURAND_STATUS_LENGTH_NOT_MULTIPLE,
	       "Sobol64: 4 values of 3 dimensions are LENGTH_NOT_MULTIPLE");
	tap_ok(g && curandSetPseudoRandomGeneratorSeed(g, 5) == CURAND_STATUS_TYPE_ERROR,
	       "Sobol64: a seed is TYPE_ERROR");
	tap_ok(g && curandGeneratePoisson(g, po, 6, 2.0) == CURAND_STATUS_TYPE_ERROR, "Sobol64: Poisson is TYPE_ERROR");
	tap_ok(!curandCreateGenerator(&g32, CURAND_RNG_QUASI_SOBOL32) &&
		       curandGenerateLongLong(g32, w64, 6) == CURAND_STATUS_TYPE_ERROR,
	       "Sobol32: 64-bit words are TYPE_ERROR");
	curandDestroyGenerator(g);
	curandDestroyGenerator(g32);
}

// the device API's Sobol64 state: the host generator's points and cuRAND's transforms
static void test_device()
{
	curandDirectionVectors64_t *v64 = nullptr;
	const unsigned long long offset = 77;
	std::vector<unsigned long long> w(2 * 16);
	curandGenerator_t g = sobol64(2, offset);
	int st = curandGetDirectionVectors64(&v64, CURAND_DIRECTION_VECTORS_64_JOEKUO6);

	st |= g ? curandGenerateLongLong(g, w.data(), w.size()) : -1;
	bool words = !st, uni = !st, flt = !st;

	for (unsigned d = 0; !st && d < 2; d++) {
		curandStateSobol64_t a, b, c;

		curand_init(v64[d], offset, &a);
		curand_init(v64[d], offset, &b);
		curand_init(v64[d], offset, &c);
		for (size_t j = 0; j < 16; j++) {
			unsigned long long x = curand(&a);

			words = words && x == w[d * 16 + j];
			uni = uni && curand_uniform_double(&b) == want_uniform_double(x);
			flt = flt && curand_uniform(&c) == want_uniform(x);
		}
	}
	tap_ok(words, "curandStateSobol64: the host generator's points for each dimension and offset");
	tap_ok(uni, "curand_uniform_double(Sobol64): (2 (x >> 11) + 1) 2^-54, bit for bit");
	tap_ok(flt, "curand_uniform(Sobol64): the top word's (t + 1/2) 2^-32, bit for bit");
	curandDestroyGenerator(g);
}

int main()
{
	test_words();
	test_transforms();
	test_statuses();
	test_device();
	return tap_done();
}
