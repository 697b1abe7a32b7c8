/* SPDX-License-Identifier: MIT */
/*
 * lib/curand (cuRAND's host API) against values recorded from NVIDIA's
 * library on a GPU (nvidia_host_values.h): curandGenerate's words at 30
 * indices of 2^20 and the 8 words of the next call, uniforms and uniform
 * doubles bit for bit, normals within float/double math tolerance, for
 * XORWOW, Philox4_32_10, MRG32k3a, offsets 0 and 5, MRG32k3a's legacy
 * ordering; bad input against cuRAND's status codes; log-normal and
 * Poisson against their distributions for a fixed seed (deterministic).
 */
#include <curand.h>
#include <math.h>
#include <stdlib.h>

#include "nvidia_host_values.h"
#include "tap.h"

static const char *type_name(curandRngType_t t)
{
	return t == CURAND_RNG_PSEUDO_XORWOW ? "xorwow" : t == CURAND_RNG_PSEUDO_PHILOX4_32_10 ? "philox" : "mrg32k3a";
}

static int near(double a, double b, double tol)
{
	return fabs(a - b) <= tol * (fabs(b) > 1 ? fabs(b) : 1);
}

static curandGenerator_t made(const struct ref_host *r)
{
	curandGenerator_t g = NULL;

	if (curandCreateGenerator(&g, r->type) || curandSetPseudoRandomGeneratorSeed(g, 1234) ||
	    curandSetGeneratorOffset(g, r->offset) || curandSetGeneratorOrdering(g, r->ordering))
		return NULL;
	return g;
}

static void test_nvidia(const struct ref_host *r, unsigned *words, float *f, double *d)
{
	const size_t n = 1 << 20;
	curandGenerator_t g = made(r);
	int bad_w = 0, bad_u = 0, bad_n = 0, i;

	if (!g) {
		tap_ok(0, "%s: generator set up", type_name(r->type));
		return;
	}
	bad_w += curandGenerate(g, words, n) != CURAND_STATUS_SUCCESS;
	for (i = 0; i < 30; i++)
		bad_w += words[ref_idx[i]] != r->words[i];
	bad_w += curandGenerate(g, words, 8) != CURAND_STATUS_SUCCESS;
	for (i = 0; i < 8; i++)
		bad_w += words[i] != r->more[i];
	curandSetGeneratorOffset(g, r->offset);
	curandGenerateUniform(g, f, 4096);
	for (i = 0; i < 8; i++)
		bad_u += f[i] != r->uniform[i];
	curandSetGeneratorOffset(g, r->offset);
	curandGenerateNormal(g, f, 4096, 0.0f, 1.0f);
	for (i = 0; i < 8; i++)
		bad_n += !near(f[i], r->normal[i], 1e-5);
	bad_n += !near(f[4095], r->normal_4095, 1e-5);
	curandSetGeneratorOffset(g, r->offset);
	curandGenerateUniformDouble(g, d, 4096);
	for (i = 0; i < 4; i++)
		bad_u += d[i] != r->uniform_double[i];
	curandSetGeneratorOffset(g, r->offset);
	curandGenerateNormalDouble(g, d, 4096, 0.0, 1.0);
	for (i = 0; i < 4; i++)
		bad_n += !near(d[i], r->normal_double[i], 1e-12);
	tap_ok(!bad_w && !bad_u && !bad_n,
	       "%s, offset %llu, ordering %d: NVIDIA's words (30 of 2^20, then the next call's 8), uniforms and "
	       "uniform doubles bit for bit, normals within 1e-5 / 1e-12 (%d, %d, %d wrong)",
	       type_name(r->type), r->offset, (int)r->ordering, bad_w, bad_u, bad_n);
	curandDestroyGenerator(g);
}

static void test_status(void)
{
	curandGenerator_t g = NULL, bad = NULL;
	float f[4];
	unsigned u[4];
	int v = 0;

	tap_ok(curandCreateGenerator(&g, (curandRngType_t)12345) == CURAND_STATUS_TYPE_ERROR,
	       "unknown generator type: CURAND_STATUS_TYPE_ERROR");
	tap_ok(curandCreateGenerator(&g, CURAND_RNG_QUASI_SCRAMBLED_SOBOL32) == CURAND_STATUS_TYPE_ERROR &&
		       curandCreateGenerator(&g, CURAND_RNG_QUASI_SCRAMBLED_SOBOL64) == CURAND_STATUS_TYPE_ERROR &&
		       curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MTGP32) == CURAND_STATUS_TYPE_ERROR,
	       "generators not provided (scrambled Sobol, MTGP32): CURAND_STATUS_TYPE_ERROR");
	tap_ok(curandCreateGenerator(NULL, CURAND_RNG_PSEUDO_XORWOW) == CURAND_STATUS_NOT_INITIALIZED,
	       "NULL generator pointer: CURAND_STATUS_NOT_INITIALIZED");
	tap_ok(curandGenerate(bad, u, 4) == CURAND_STATUS_NOT_INITIALIZED &&
		       curandSetPseudoRandomGeneratorSeed(bad, 1) == CURAND_STATUS_NOT_INITIALIZED &&
		       curandDestroyGenerator(bad) == CURAND_STATUS_NOT_INITIALIZED,
	       "NULL generator: CURAND_STATUS_NOT_INITIALIZED from every call");
	tap_ok(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT) == CURAND_STATUS_SUCCESS, "default generator made");
	tap_ok(curandGenerateNormal(g, f, 3, 0, 1) == CURAND_STATUS_LENGTH_NOT_MULTIPLE &&
		       curandGenerateLogNormal(g, f, 1, 0, 1) == CURAND_STATUS_LENGTH_NOT_MULTIPLE,
	       "odd count of normals: CURAND_STATUS_LENGTH_NOT_MULTIPLE");
	tap_ok(curandGeneratePoisson(g, u, 4, 0.0) == CURAND_STATUS_OUT_OF_RANGE &&
		       curandGeneratePoisson(g, u, 4, -1.0) == CURAND_STATUS_OUT_OF_RANGE,
	       "Poisson with lambda <= 0: CURAND_STATUS_OUT_OF_RANGE");
	tap_ok(curandSetGeneratorOrdering(g, CURAND_ORDERING_QUASI_DEFAULT) == CURAND_STATUS_OUT_OF_RANGE,
	       "a quasi-random ordering on a pseudo-random generator: CURAND_STATUS_OUT_OF_RANGE");
	tap_ok(curandGenerate(g, NULL, 4) == CURAND_STATUS_LAUNCH_FAILURE && curandGenerate(g, NULL, 0) == 0,
	       "NULL output: CURAND_STATUS_LAUNCH_FAILURE (nothing written), none asked: success");
	/* the call before the name reads v (arguments have no order: it printed 0) */
	curandStatus_t vs = curandGetVersion(&v);
	tap_ok(vs == CURAND_STATUS_SUCCESS && v == CURAND_VERSION, "curandGetVersion: %d", v);
	tap_ok(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS, "destroyed");
}

/* host-made generators give the same numbers (one address space) */
static void test_host_generator(unsigned *a, unsigned *b)
{
	curandGenerator_t g, h;
	int same = 1, i;

	curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10);
	curandCreateGeneratorHost(&h, CURAND_RNG_PSEUDO_PHILOX4_32_10);
	curandSetPseudoRandomGeneratorSeed(g, 77);
	curandSetPseudoRandomGeneratorSeed(h, 77);
	curandGenerate(g, a, 1000);
	curandGenerate(h, b, 600);
	curandGenerate(h, b + 600, 400);	/* two calls continue the stream */
	for (i = 0; i < 1000; i++)
		same &= a[i] == b[i];
	tap_ok(same, "curandCreateGeneratorHost: the same words; a second call continues where the first stopped");
	curandDestroyGenerator(g);
	curandDestroyGenerator(h);
}

/*
 * MT19937 against published values of the original generator seeded with
 * 5489 (init_genrand, the C++ standard's default mt19937): its first word
 * is 3499211612 and its 10000th 4123659995 ([rand.predef]).  Offsets,
 * continued calls, uniforms in the words' order, a normal's moments.
 */
static void test_mt19937(unsigned *w, unsigned *more, float *f)
{
	curandGenerator_t g;
	int same = 1, order = 1, i;

	tap_ok(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MT19937) == CURAND_STATUS_SUCCESS &&
		       curandSetPseudoRandomGeneratorSeed(g, 5489) == CURAND_STATUS_SUCCESS &&
		       curandGenerate(g, w, 10000) == CURAND_STATUS_SUCCESS,
	       "MT19937 made, seeded, 10000 words");
	tap_ok(w[0] == 3499211612u && w[9999] == 4123659995u,
	       "MT19937 seed 5489: word 1 = 3499211612, word 10000 = 4123659995 (published) (%u, %u)", w[0], w[9999]);
	curandGenerate(g, more, 1000);	/* continues: words 10001.. */
	curandSetGeneratorOffset(g, 9990);
	curandGenerate(g, more + 1000, 1010);	/* words 9991..11000 */
	for (i = 0; i < 10; i++)
		same &= more[1000 + i] == w[9990 + i];
	for (i = 0; i < 1000; i++)
		same &= more[1010 + i] == more[i];
	tap_ok(same, "MT19937: a second call continues the stream; an offset of 9990 starts at word 9991");
	curandSetGeneratorOffset(g, 0);
	curandGenerateUniform(g, f, 10000);
	for (i = 0; i < 10000; i++)
		order &= f[i] > 0 && f[i] <= 1 && (i == 0 || (w[i - 1] < w[i]) == (f[i - 1] < f[i]) || f[i - 1] == f[i]);
	tap_ok(order, "MT19937 uniforms: in (0, 1], in the order of the words they come from");
	curandGenerateNormal(g, f, 1 << 16, 3.0f, 2.0f);
	double s = 0, s2 = 0;
	for (i = 0; i < 1 << 16; i++)
		s += f[i], s2 += (double)f[i] * f[i];
	double m = s / (1 << 16), v = s2 / (1 << 16) - m * m;
	tap_ok(fabs(m - 3) < 6 * 2.0 / 256 && fabs(v - 4) < 6 * 4 * 1.414 / 256,
	       "MT19937 normal (3, 2): mean %.4f, variance %.4f", m, v);
	curandDestroyGenerator(g);
}

/* deterministic distribution checks, fixed seed, 6 standard errors */
static void test_distributions(float *f, unsigned *u)
{
	const size_t n = 1 << 18;
	curandGenerator_t g;
	double s = 0, s2 = 0;
	size_t i;

	curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MRG32K3A);
	curandSetPseudoRandomGeneratorSeed(g, 5);
	curandGenerateLogNormal(g, f, n, 0.0f, 0.5f);
	for (i = 0; i < n; i++)
		s += log(f[i]), s2 += log(f[i]) * log(f[i]);
	double m = s / n, v = s2 / n - m * m;
	tap_ok(fabs(m) < 6 * 0.5 / 512 && fabs(v - 0.25) < 6 * 0.25 * 1.414 / 512,
	       "log-normal (0, 0.5): log mean %.5f, log variance %.5f", m, v);
	for (int k = 0; k < 2; k++) {
		double lambda = k ? 1000.0 : 7.5;

		curandGeneratePoisson(g, u, n, lambda);
		s = s2 = 0;
		for (i = 0; i < n; i++)
			s += u[i], s2 += (double)u[i] * u[i];
		m = s / n;
		v = s2 / n - m * m;
		tap_ok(fabs(m - lambda) < 6 * sqrt(lambda) / 512 && fabs(v - lambda) < 6 * lambda * 1.5 / 512,
		       "Poisson(%g): mean %.4f, variance %.4f", lambda, m, v);
	}
	curandDestroyGenerator(g);
}

/* The tests' buffers: NVIDIA's recorded words reach index 2^20. */
struct bufs {
	unsigned *words, *more;
	float *f;
	double *d;
};

static void bufs_free(struct bufs *b)
{
	free(b->words);
	free(b->more);
	free(b->f);
	free(b->d);
}

static int bufs_new(struct bufs *b, const char *test)
{
	b->words = malloc((1 << 20) * sizeof(*b->words));
	b->more = malloc(4096 * sizeof(*b->more));
	b->f = malloc((1 << 18) * sizeof(*b->f));
	b->d = malloc(4096 * sizeof(*b->d));
	if (b->words && b->more && b->f && b->d)
		return 1;
	tap_ok(0, "%s: no memory for the buffers", test);
	bufs_free(b);
	return 0;
}

TAP_TEST(nvidia)
{
	struct bufs b;

	if (!bufs_new(&b, "nvidia"))
		return;
	for (size_t i = 0; i < sizeof(ref_host) / sizeof(ref_host[0]); i++)
		test_nvidia(&ref_host[i], b.words, b.f, b.d);
	bufs_free(&b);
}

TAP_TEST(status)
{
	test_status();
}

TAP_TEST(host_generator)
{
	struct bufs b;

	if (!bufs_new(&b, "host_generator"))
		return;
	test_host_generator(b.words, b.more);
	bufs_free(&b);
}

TAP_TEST(distributions)
{
	struct bufs b;

	if (!bufs_new(&b, "distributions"))
		return;
	test_distributions(b.f, b.words);
	bufs_free(&b);
}

TAP_TEST(mt19937)
{
	struct bufs b;

	if (!bufs_new(&b, "mt19937"))
		return;
	test_mt19937(b.words, b.more, b.f);
	bufs_free(&b);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
