/* SPDX-License-Identifier: MIT */
/*
 * chisq.h - the goodness-of-fit check of tests/curand's discrete
 * distributions (test_discrete.cc, test_binomial.c): Pearson's chi-square of
 * observed counts against a pmf the test computes itself, the tails merged
 * into bins of at least 5 expected draws.  C and C++.
 */
#ifndef TESTS_CURAND_CHISQ_H
#define TESTS_CURAND_CHISQ_H

#include <math.h>

/* pmf(k) for k < len from the test's own formula; sets *df to the merged bins - 1 */
static inline double chisq(const unsigned long *count, const double *pmf, int len, unsigned long n, int *df)
{
	double chi = 0, obs = 0, exp_ = 0, rest = 0;
	int bins = 0, k;

	for (k = 0; k < len; k++)
		rest += pmf[k] * n;
	for (k = 0; k < len; k++) {
		obs += count[k];
		exp_ += pmf[k] * n;
		rest -= pmf[k] * n;	/* what the values above k expect */
		/* close a bin once it expects 5 draws and what is left does too (the tail joins the last bin) */
		if (exp_ >= 5 && (rest >= 5 || k == len - 1)) {
			chi += (obs - exp_) * (obs - exp_) / exp_;
			bins++;
			obs = exp_ = 0;
		}
	}
	if (exp_ > 0) {	/* the remainder (only when the whole table expects under 5) */
		chi += (obs - exp_) * (obs - exp_) / exp_;
		bins++;
	}
	*df = bins - 1;
	return chi;
}

/*
 * The bound: df + 6 sqrt(2 df), six standard deviations of a chi-square
 * with df degrees of freedom.  With fixed seeds the result is fixed; the
 * tests also check that a distribution 3% off exceeds it.
 */
static inline int chisq_fits(double chi, int df)
{
	return df > 0 && chi < df + 6 * sqrt(2.0 * df);
}

static inline double poisson_pmf(double lambda, int k)
{
	return exp(k * log(lambda) - lambda - lgamma(k + 1.0));
}

static inline double binomial_pmf(unsigned int n, double p, int k)
{
	return exp(lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0) + k * log(p) + (n - k) * log1p(-p));
}

#endif
