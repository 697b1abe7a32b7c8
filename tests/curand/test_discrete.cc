// SPDX-License-Identifier: MIT
/*
 * test_discrete.cc - curandCreatePoissonDistribution / curandDestroyDistribution
 * (lib/curand) and curand_discrete(4) (curand_kernel.h) on every state,
 * compiled as plain C++ and linked with lib/curand.
 * References, all computed here: the Poisson pmf exp(k log l - l - lgamma(k + 1))
 * term by term (not the library's recursion from the mode) for a chi-square
 * of 400000 draws (6 standard deviations; the same counts against lambda 3%
 * off must fail it); the inverse of the CDF summed here at u = (x + 1/2) 2^-32
 * of the state's own next word, draw for draw; CUDA's documented statuses;
 * curand_poisson on the Sobol states, whose points are inverted the same way.
 */
#include <cmath>
#include <initializer_list>
#include <vector>
#include <curand.h>
#include <curand_kernel.h>
#include "tap.h"
#include "chisq.h"

// the value of u by the test's CDF: the first k with u < F(k)
static unsigned int inverse(double lambda, double u)
{
	double F = 0;
	unsigned int k = 0;

	for (;; k++) {
		F += poisson_pmf(lambda, (int)k);
		if (u < F || F >= 1 - 1e-15)
			return k;
	}
}

template <class St> static int fits(double lambda, St *s, const char *name)
{
	const unsigned long N = 400000;
	int len = (int)(lambda + 14 * std::sqrt(lambda) + 20), df, df_off, ok;
	std::vector<unsigned long> count(len, 0);
	std::vector<double> pmf(len), pmf_off(len);
	curandDiscreteDistribution_t d = NULL;
	double chi, chi_off;

	if (curandCreatePoissonDistribution(lambda, &d) != CURAND_STATUS_SUCCESS)
		return tap_ok(0, "%s: lambda %g: distribution made", name, lambda);
	for (unsigned long i = 0; i < N; i++) {
		unsigned int v = curand_discrete(s, d);

		count[v < (unsigned int)len ? v : len - 1]++;
	}
	curandDestroyDistribution(d);
	for (int k = 0; k < len; k++) {
		pmf[k] = poisson_pmf(lambda, k);
		pmf_off[k] = poisson_pmf(lambda * 1.03, k);
	}
	chi = chisq(count.data(), pmf.data(), len, N, &df);
	chi_off = chisq(count.data(), pmf_off.data(), len, N, &df_off);
	ok = chisq_fits(chi, df) && !chisq_fits(chi_off, df_off);
	tap_diag("%s lambda %g: chi2 %.1f on %d df; against lambda x 1.03: %.1f on %d df", name, lambda, chi, df,
		 chi_off, df_off);
	return tap_ok(ok, "%s: curand_discrete, Poisson(%g): 400000 draws fit the pmf, not lambda 3%% off", name, lambda);
}

int main()
{
	curandDiscreteDistribution_t d = NULL;

	// statuses as CUDA documents them
	tap_ok(curandCreatePoissonDistribution(0.0, &d) == CURAND_STATUS_OUT_OF_RANGE &&
		       curandCreatePoissonDistribution(-1.0, &d) == CURAND_STATUS_OUT_OF_RANGE &&
		       curandCreatePoissonDistribution(400000.5, &d) == CURAND_STATUS_OUT_OF_RANGE &&
		       curandCreatePoissonDistribution(NAN, &d) == CURAND_STATUS_OUT_OF_RANGE && !d &&
		       curandCreatePoissonDistribution(3.0, NULL) == CURAND_STATUS_NOT_INITIALIZED &&
		       curandDestroyDistribution(NULL) == CURAND_STATUS_NOT_INITIALIZED,
	       "curandCreatePoissonDistribution: lambda <= 0, > 400000, NaN: OUT_OF_RANGE; NULL: NOT_INITIALIZED");
	tap_ok(curandCreatePoissonDistribution(400000.0, &d) == CURAND_STATUS_SUCCESS &&
		       curandDestroyDistribution(d) == CURAND_STATUS_SUCCESS,
	       "lambda 400000 (CUDA's largest): made and destroyed");

	{
		curandStateXORWOW_t x;
		curandStatePhilox4_32_10_t p;
		curandStateMRG32k3a_t m;

		curand_init(1234, 0, 0, &x);
		fits(0.5, &x, "XORWOW");
		curand_init(99, 3, 0, &p);
		fits(7.5, &p, "Philox4_32_10");
		curand_init(5, 1, 17, &m);
		fits(150.0, &m, "MRG32k3a");
		// where CUDA switches to a normal approximation; ours stays exact
		curand_init(77, 0, 0, &x);
		fits(5000.0, &x, "XORWOW");
	}

	// draw for draw: the inverse of the test's CDF at the state's next word
	{
		curandDiscreteDistribution_t d2;
		curandStateXORWOW_t a, b;
		curandStatePhilox4_32_10_t pa, pb;
		int bad = 0;

		curandCreatePoissonDistribution(12.25, &d2);
		curand_init(42, 7, 3, &a);
		b = a;
		for (int i = 0; i < 20000; i++) {
			unsigned int x = curand(&b);

			bad += curand_discrete(&a, d2) != inverse(12.25, (x + 0.5) / 4294967296.0);
		}
		curand_init(42, 7, 0, &pa);
		pb = pa;
		for (int i = 0; i < 5000; i++) {
			uint4 x = curand4(&pb), r = curand_discrete4(&pa, d2);

			bad += (r.x != inverse(12.25, (x.x + 0.5) / 4294967296.0)) +
			       (r.y != inverse(12.25, (x.y + 0.5) / 4294967296.0)) +
			       (r.z != inverse(12.25, (x.z + 0.5) / 4294967296.0)) +
			       (r.w != inverse(12.25, (x.w + 0.5) / 4294967296.0));
		}
		tap_ok(!bad, "curand_discrete (XORWOW) and curand_discrete4 (Philox): the CDF's inverse at each word (%d differ)",
		       bad);
		curandDestroyDistribution(d2);
	}

	// quasi-random states: one point per value, so 2^12 Sobol points give the pmf almost exactly
	{
		curandDirectionVectors32_t *v32;
		curandDiscreteDistribution_t d3;
		curandStateSobol32_t s;
		const int N = 4096, len = 40;
		unsigned long count[40] = { 0 };
		double worst = 0;

		curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6);
		curandCreatePoissonDistribution(6.0, &d3);
		curand_init(v32[0], 1, &s);
		for (int i = 0; i < N; i++) {
			unsigned int v = curand_discrete(&s, d3);

			count[v < (unsigned)len ? v : len - 1]++;
		}
		for (int k = 0; k < len; k++)
			worst = std::fmax(worst, std::fabs(count[k] - N * poisson_pmf(6.0, k)));
		// dimension 0 is the van der Corput sequence, one point in each 1/4096: each count within 2 of N pmf(k)
		tap_ok(worst <= 2.0, "curand_discrete (Sobol32): 4096 points, every count within 2 of N pmf(k) (worst %.3f)",
		       worst);
		curandDestroyDistribution(d3);
	}
	// curand_poisson on the quasi-random states: one point, one value, by inversion
	{
		curandDirectionVectors32_t *v32;
		curandDirectionVectors64_t *v64;
		unsigned int *c32;
		unsigned long long *c64;
		int ok = 1, bad = 0;

		curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6);
		curandGetDirectionVectors64(&v64, CURAND_DIRECTION_VECTORS_64_JOEKUO6);
		curandGetScrambleConstants32(&c32);
		curandGetScrambleConstants64(&c64);
		for (double lambda : { 6.0, 2500.0 }) {
			curandStateSobol32_t s;
			const int N = 4096;
			std::vector<unsigned long> count(4000, 0);
			double worst = 0;

			curand_init(v32[0], 1, &s);
			for (int i = 0; i < N; i++) {
				unsigned int v = curand_poisson(&s, lambda);

				count[v < 4000 ? v : 3999]++;
			}
			for (int k = 0; k < 4000; k++)
				worst = std::fmax(worst, std::fabs(count[k] - N * poisson_pmf(lambda, k)));
			tap_diag("Sobol32 curand_poisson(%g): worst count off N pmf(k) by %.3f", lambda, worst);
			ok = ok && worst <= 2.0;
		}
		tap_ok(ok, "curand_poisson (Sobol32), lambda 6 and 2500: 4096 points, every count within 2 of N pmf(k)");
		for (double lambda : { 12.25, 300.0 })
			for (unsigned int d : { 1u, 5u, 40u }) {
				curandStateSobol32_t a, b;
				curandStateScrambledSobol32_t e, f;
				curandStateSobol64_t g, h;

				curand_init(v32[d], 7, &a);
				b = a;
				curand_init(v32[d], c32[d], 7, &e);
				f = e;
				curand_init(v64[d], 7ull, &g);
				h = g;
				for (int i = 0; i < 500; i++) {
					double u = (curand(&b) + 0.5) / 4294967296.0, w = (curand(&f) + 0.5) / 4294967296.0;
					double z = (double)(curand(&h) >> 11) / 9007199254740992.0 + 1.0 / 18014398509481984.0;

					bad += (curand_poisson(&a, lambda) != inverse(lambda, u)) +
					       (curand_poisson(&e, lambda) != inverse(lambda, w)) +
					       (curand_poisson(&g, lambda) != inverse(lambda, z));
				}
			}
		{
			curandStateScrambledSobol64_t x, y;

			curand_init(v64[3], c64[3], 2ull, &x);
			y = x;
			for (int i = 0; i < 500; i++)
				bad += curand_poisson(&x, 40.0) !=
				       inverse(40.0, (double)(curand(&y) >> 11) / 9007199254740992.0 + 1.0 / 18014398509481984.0);
		}
		tap_ok(!bad, "curand_poisson (Sobol32/64, scrambled): the test's CDF inverse at each point (%d differ)", bad);
	}
	return tap_done();
}
