/* SPDX-License-Identifier: MIT */
/*
 * test_binomial.c - the host calls issue 44 added to lib/curand:
 * curandGenerateBinomial(Method) against the binomial pmf computed here
 * through lgamma (a chi-square of 400000 values, 6 standard deviations; the
 * same counts against p 3% off must fail it), on both of the library's
 * methods (inversion below n min(p, 1-p) = 10, BTRS above) and p > 1/2;
 * p = 0 and p = 1 exactly; curandGeneratePoissonMethod against
 * curandGeneratePoisson; curandGetProperty against the version macros; the
 * statuses of each.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <curand.h>
#include "tap.h"
#include "chisq.h"

#define N 400000

static void binomial_fits(curandRngType_t type, unsigned int n, double p, unsigned int *out)
{
	curandGenerator_t g;
	unsigned long *count = calloc(n + 1, sizeof(*count));
	double *pmf = malloc((n + 1) * sizeof(*pmf)), *off = malloc((n + 1) * sizeof(*off));
	double chi, chi_off, p_off = p < 0.5 ? p * 1.03 : 1 - (1 - p) * 1.03;	/* the rarer outcome 3% more likely */
	int df, df_off, st, in_range = 1;

	curandCreateGenerator(&g, type);
	curandSetPseudoRandomGeneratorSeed(g, 20261202ull + n);
	st = curandGenerateBinomial(g, out, N, n, p);
	curandDestroyGenerator(g);
	for (int i = 0; i < N; i++) {
		in_range = in_range && out[i] <= n;
		count[out[i] <= n ? out[i] : n]++;
	}
	for (unsigned int k = 0; k <= n; k++) {
		pmf[k] = binomial_pmf(n, p, (int)k);
		off[k] = binomial_pmf(n, p_off, (int)k);
	}
	chi = chisq(count, pmf, (int)n + 1, N, &df);
	chi_off = chisq(count, off, (int)n + 1, N, &df_off);
	tap_diag("Binomial(%u, %g): chi2 %.1f on %d df; against p %g: %.1f on %d df", n, p, chi, df, p_off, chi_off, df_off);
	tap_ok(st == CURAND_STATUS_SUCCESS && in_range && chisq_fits(chi, df) && !chisq_fits(chi_off, df_off),
	       "curandGenerateBinomial(%u, %g), generator %d: 400000 values fit the pmf, not the rarer outcome's p 3%% off", n, p, type);
	free(count);
	free(pmf);
	free(off);
}

int main(void)
{
	unsigned int *a = malloc(N * sizeof(*a)), *b = malloc(N * sizeof(*b));
	curandGenerator_t g, h, q;
	int v = -1, maj = -1, min = -1, pat = -1, ok;

	binomial_fits(CURAND_RNG_PSEUDO_XORWOW, 20, 0.3, a);	/* inversion */
	binomial_fits(CURAND_RNG_PSEUDO_PHILOX4_32_10, 1000, 0.4, a);	/* BTRS */
	binomial_fits(CURAND_RNG_PSEUDO_MRG32K3A, 50, 0.9, a);	/* failures by inversion */
	binomial_fits(CURAND_RNG_PSEUDO_XORWOW, 100000, 0.998, a);	/* failures by BTRS */

	curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW);
	ok = curandGenerateBinomial(g, a, 1000, 37, 0.0) == CURAND_STATUS_SUCCESS;
	for (int i = 0; i < 1000; i++)
		ok = ok && a[i] == 0;
	ok = ok && curandGenerateBinomial(g, a, 1000, 37, 1.0) == CURAND_STATUS_SUCCESS;
	for (int i = 0; i < 1000; i++)
		ok = ok && a[i] == 37;
	tap_ok(ok, "curandGenerateBinomial: p = 0 gives 0, p = 1 gives n");
	tap_ok(curandGenerateBinomial(g, a, 8, 10, -0.1) == CURAND_STATUS_OUT_OF_RANGE &&
		       curandGenerateBinomial(g, a, 8, 10, 1.5) == CURAND_STATUS_OUT_OF_RANGE &&
		       curandGenerateBinomial(g, a, 8, 10, NAN) == CURAND_STATUS_OUT_OF_RANGE &&
		       curandGenerateBinomial(NULL, a, 8, 10, 0.5) == CURAND_STATUS_NOT_INITIALIZED &&
		       curandGenerateBinomialMethod(g, a, 8, 10, 0.5, (curandMethod_t)14) == CURAND_STATUS_OUT_OF_RANGE &&
		       curandGeneratePoissonMethod(g, a, 8, 4.0, (curandMethod_t)-1) == CURAND_STATUS_OUT_OF_RANGE &&
		       curandGeneratePoissonMethod(g, a, 8, 0.0, CURAND_KNUTH) == CURAND_STATUS_OUT_OF_RANGE,
	       "statuses: p outside [0, 1] or NaN, an unknown method, lambda 0: OUT_OF_RANGE; no generator: NOT_INITIALIZED");
	curandDestroyGenerator(g);

	curandCreateGenerator(&q, CURAND_RNG_QUASI_SOBOL32);
	tap_ok(curandGenerateBinomial(q, a, 8, 10, 0.5) == CURAND_STATUS_TYPE_ERROR,
	       "curandGenerateBinomial from Sobol32: TYPE_ERROR (as Poisson)");
	curandDestroyGenerator(q);

	/* the methods: same generator state, same numbers as the plain calls */
	ok = 1;
	for (int m = CURAND_CHOOSE_BEST; m <= CURAND_POISSON; m++) {
		curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10);
		curandCreateGenerator(&h, CURAND_RNG_PSEUDO_PHILOX4_32_10);
		curandSetPseudoRandomGeneratorSeed(g, 9);
		curandSetPseudoRandomGeneratorSeed(h, 9);
		ok = ok && curandGeneratePoissonMethod(g, a, 5000, 80.5, (curandMethod_t)m) == CURAND_STATUS_SUCCESS &&
		     curandGeneratePoisson(h, b, 5000, 80.5) == CURAND_STATUS_SUCCESS && !memcmp(a, b, 5000 * sizeof(*a));
		ok = ok && curandGenerateBinomialMethod(g, a, 5000, 300, 0.25, (curandMethod_t)m) == CURAND_STATUS_SUCCESS &&
		     curandGenerateBinomial(h, b, 5000, 300, 0.25) == CURAND_STATUS_SUCCESS && !memcmp(a, b, 5000 * sizeof(*a));
		curandDestroyGenerator(g);
		curandDestroyGenerator(h);
	}
	tap_ok(ok, "curandGeneratePoissonMethod, curandGenerateBinomialMethod: every curandMethod_t, the plain call's numbers");

	ok = curandGetProperty(MAJOR_VERSION, &maj) == CURAND_STATUS_SUCCESS &&
	     curandGetProperty(MINOR_VERSION, &min) == CURAND_STATUS_SUCCESS &&
	     curandGetProperty(PATCH_LEVEL, &pat) == CURAND_STATUS_SUCCESS && curandGetVersion(&v) == 0 &&
	     maj == CURAND_VER_MAJOR && min == CURAND_VER_MINOR && pat == CURAND_VER_PATCH &&
	     v == maj * 1000 + min * 100 + pat && CURAND_VER_BUILD >= 0 &&
	     curandGetProperty((libraryPropertyType)3, &v) == CURAND_STATUS_OUT_OF_RANGE &&
	     curandGetProperty(MAJOR_VERSION, NULL) == CURAND_STATUS_OUT_OF_RANGE;
	tap_ok(ok, "curandGetProperty: %d.%d.%d, curandGetVersion's %d; another property or NULL: OUT_OF_RANGE", maj, min,
	       pat, v);
	free(a);
	free(b);
	return tap_done();
}
