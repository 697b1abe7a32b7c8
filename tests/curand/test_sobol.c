// SPDX-License-Identifier: MIT
/*
 * test_sobol.c - lib/curand's Sobol32 generator (CURAND_RNG_QUASI_SOBOL32)
 * against references that do not come from its table or its code: the
 * first eight points of the two-dimensional Sobol sequence as the
 * literature lists them; dimensions 2..5 from Joe and Kuo's published
 * new-joe-kuo-6 lines (typed here: four lines of small numbers) through
 * this file's own recurrence and Gray-code walk; the net property every
 * valid set of direction numbers has (the first 2^10 points of each of the
 * 3667 dimensions fall one in each interval of width 2^-10), which checks
 * the whole table that the build takes from Boost; the layout (dimension
 * after dimension), offsets, the uniform conversions, the normal values
 * checked through the normal CDF (erfc), and the statuses.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <curand.h>
#include "tap.h"

/* the recurrence of Joe and Kuo's paper, for one published line (s, a, m_1..m_s) */
static void directions(unsigned s, unsigned a, const unsigned *m, unsigned v[32])
{
	for (unsigned k = 0; k < 32; k++) {
		if (k < s) {
			v[k] = m[k] << (31 - k);
			continue;
		}
		v[k] = v[k - s] ^ (v[k - s] >> s);
		for (unsigned i = 1; i < s; i++)
			if ((a >> (s - 1 - i)) & 1)
				v[k] ^= v[k - i];
	}
}

/* point i: the XOR of the direction numbers of the bits of i's Gray code */
static unsigned point(const unsigned v[32], unsigned i)
{
	unsigned g = i ^ (i >> 1), x = 0;

	for (unsigned k = 0; k < 32; k++)
		if ((g >> k) & 1)
			x ^= v[k];
	return x;
}

static curandGenerator_t sobol(unsigned dims)
{
	curandGenerator_t g = NULL;

	if (curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32) ||
	    curandSetQuasiRandomGeneratorDimensions(g, dims))
		return NULL;
	return g;
}

static void test_first_points(void)
{
	/* (x, y) of the first eight points, in units of 1/8 */
	static const unsigned want[2][8] = { { 0, 4, 6, 2, 3, 7, 5, 1 }, { 0, 4, 2, 6, 3, 7, 1, 5 } };
	curandGenerator_t g = sobol(2);
	unsigned w[16];
	int ok = g && !curandGenerate(g, w, 16);

	for (int d = 0; ok && d < 2; d++)
		for (int i = 0; i < 8; i++)
			ok = ok && w[d * 8 + i] == want[d][i] << 29;
	tap_ok(ok, "2-D Sobol: the first eight points (0,0) (.5,.5) (.75,.25) (.25,.75) ..., dimension after dimension");
	curandDestroyGenerator(g);
}

static void test_published_lines(void)
{
	/* new-joe-kuo-6 lines d = 2..5: s, a, m_i */
	static const unsigned lines[4][5] = { { 1, 0, 1 }, { 2, 1, 1, 3 }, { 3, 1, 1, 3, 1 }, { 3, 2, 1, 1, 1 } };
	const unsigned n = 1000;
	curandGenerator_t g = sobol(5);
	unsigned *w = malloc(5 * n * sizeof(*w));
	int ok = g && w && !curandGenerate(g, w, 5 * n);

	for (int d = 1; ok && d < 5; d++) {
		unsigned v[32];

		directions(lines[d - 1][0], lines[d - 1][1], &lines[d - 1][2], v);
		for (unsigned i = 0; ok && i < n; i++)
			ok = w[d * n + i] == point(v, i);
	}
	tap_ok(ok, "dimensions 1..4: the first 1000 points from Joe and Kuo's published lines d = 2..5");
	free(w);
	curandDestroyGenerator(g);
}

static void test_net_property(void)
{
	const unsigned dims = 3667, n = 1024;
	curandGenerator_t g = sobol(dims);
	unsigned *w = malloc((size_t)dims * n * sizeof(*w)), bad = 0;
	unsigned char seen[1024];

	if (!g || !w || curandGenerate(g, w, (size_t)dims * n)) {
		tap_ok(0, "3667 dimensions made");
		free(w);
		return;
	}
	for (unsigned d = 0; d < dims; d++) {
		memset(seen, 0, sizeof(seen));
		for (unsigned i = 0; i < n; i++)
			seen[w[(size_t)d * n + i] >> 22]++;
		for (unsigned b = 0; b < n; b++)
			bad += seen[b] != 1;
	}
	tap_ok(!bad, "all 3667 dimensions: the first 1024 points fall one in each interval of 1/1024 (%u misses)", bad);
	tap_ok(curandSetQuasiRandomGeneratorDimensions(g, dims + 1) == CURAND_STATUS_OUT_OF_RANGE &&
		       curandSetQuasiRandomGeneratorDimensions(g, 0) == CURAND_STATUS_OUT_OF_RANGE,
	       "dimensions 0 and 3668 (past the table): CURAND_STATUS_OUT_OF_RANGE");
	free(w);
	curandDestroyGenerator(g);
}

static void test_offsets_and_conversions(void)
{
	curandGenerator_t g = sobol(3), h = sobol(3);
	unsigned all[3 * 40], part[3 * 8], more[3 * 8];
	float f[3 * 8];
	double d[3 * 8], z[3 * 8];
	int ok = g && h && !curandGenerate(g, all, 3 * 40);

	/* offset 5: points 5..12 of each dimension; the next call continues at 13 */
	ok = ok && !curandSetGeneratorOffset(h, 5) && !curandGenerate(h, part, 24) && !curandGenerate(h, more, 24);
	for (int dm = 0; ok && dm < 3; dm++)
		for (int i = 0; i < 8; i++)
			ok = ok && part[dm * 8 + i] == all[dm * 40 + 5 + i] && more[dm * 8 + i] == all[dm * 40 + 13 + i];
	tap_ok(ok, "offset counts points per dimension; a second call continues");
	ok = !curandSetGeneratorOffset(h, 5) && !curandGenerateUniform(h, f, 24) &&
	     !curandSetGeneratorOffset(h, 5) && !curandGenerateUniformDouble(h, d, 24);
	for (int k = 0; ok && k < 24; k++) {
		double u = ((double)part[k] + 0.5) / 4294967296.0;

		ok = d[k] == u && fabs(f[k] - u) <= 6e-8 * u + 1e-12 && f[k] > 0 && f[k] <= 1;
	}
	tap_ok(ok, "uniform: (x + 1/2) / 2^32 in double, within float rounding in float, in (0, 1]");
	ok = !curandSetGeneratorOffset(h, 5) && !curandGenerateNormalDouble(h, z, 24, 0.0, 1.0);
	for (int k = 0; ok && k < 24; k++) {
		double u = ((double)part[k] + 0.5) / 4294967296.0;

		ok = fabs(0.5 * erfc(-z[k] / sqrt(2.0)) - u) <= 1e-12 * (u < 0.5 ? u : 1 - u) + 1e-17;
	}
	tap_ok(ok, "normal: the inverse normal CDF of the uniform (normcdf(z) = u)");
	ok = !curandSetGeneratorOffset(h, 5) && !curandGenerateLogNormal(h, f, 24, 1.0f, 0.5f);
	for (int k = 0; ok && k < 24; k++)
		ok = fabs(f[k] - exp(1.0 + 0.5 * z[k])) <= 1e-6 * exp(1.0 + 0.5 * z[k]);
	tap_ok(ok, "log-normal: exp(mean + stddev z)");
	tap_ok(curandGenerate(h, all, 4) == CURAND_STATUS_LENGTH_NOT_MULTIPLE &&
		       curandSetPseudoRandomGeneratorSeed(h, 1) == CURAND_STATUS_TYPE_ERROR &&
		       curandSetGeneratorOrdering(h, CURAND_ORDERING_PSEUDO_DEFAULT) == CURAND_STATUS_OUT_OF_RANGE &&
		       curandSetGeneratorOrdering(h, CURAND_ORDERING_QUASI_DEFAULT) == CURAND_STATUS_SUCCESS,
	       "Sobol: a length not a multiple of the dimensions, a seed, a pseudo ordering refused");
	curandDestroyGenerator(g);
	curandDestroyGenerator(h);

	curandGenerator_t p = NULL;
	tap_ok(!curandCreateGenerator(&p, CURAND_RNG_PSEUDO_XORWOW) &&
		       curandSetQuasiRandomGeneratorDimensions(p, 2) == CURAND_STATUS_TYPE_ERROR &&
		       !curandCreateGenerator(&g, CURAND_RNG_QUASI_DEFAULT) && !curandGenerate(g, part, 2) &&
		       part[0] == 0 && part[1] == 1u << 31,
	       "dimensions of a pseudo generator: TYPE_ERROR; QUASI_DEFAULT is Sobol32 (0, 1/2, ...)");
	curandDestroyGenerator(p);
	curandDestroyGenerator(g);
}

int main(void)
{
	test_first_points();
	test_published_lines();
	test_net_property();
	test_offsets_and_conversions();
	return tap_done();
}
