/* SPDX-License-Identifier: MIT */
/*
 * binomial.c - one Binomial(n, p) draw from a generator's uniform doubles
 * (curandGenerateBinomial in generate.c).  Written from the published
 * algorithms: inversion by sequential search where n min(p, 1-p) < 10, and
 * Hormann's BTRS transformed rejection with squeeze above ("The
 * generation of binomial random variates", 1993), exact in distribution.
 * NVIDIA does not document its method; the numbers are not NVIDIA's.
 */
#include <math.h>

#include "curand_internal.h"

/* inversion: walk the pmf from 0, q^n, p(k+1) = p(k) (n - k) / (k + 1) p / q */
static unsigned int inversion(void *st, double (*ud)(void *), unsigned int n, double p)
{
	double q = 1 - p, r = p / q, u = ud(st), prob = exp(n * log1p(-p));
	unsigned int k = 0;

	while (u > prob && k < n) {
		u -= prob;
		prob *= (double)(n - k) / (k + 1) * r;
		k++;
	}
	return k;
}

static unsigned int btrs(void *st, double (*ud)(void *), unsigned int n, double p)
{
	double q = 1 - p, spq = sqrt(n * p * q), b = 1.15 + 2.53 * spq, a = -0.0873 + 0.0248 * b + 0.01 * p;
	double c = n * p + 0.5, alpha = (2.83 + 5.1 / b) * spq, vr = 0.92 - 4.2 / b, lpq = log(p / q);
	double m = floor((n + 1) * p), h = lgamma(m + 1) + lgamma(n - m + 1);

	for (;;) {
		double u = ud(st) - 0.5, v = ud(st), us = 0.5 - fabs(u);
		double k = floor((2 * a / us + b) * u + c);

		if (k < 0 || k > n)
			continue;
		if (us >= 0.07 && v <= vr)
			return (unsigned int)k;
		v = log(v * alpha / (a / (us * us) + b));
		if (v <= h - lgamma(k + 1) - lgamma(n - k + 1) + (k - m) * lpq)
			return (unsigned int)k;
	}
}

unsigned int idxgen_curand_binomial_draw(void *st, double (*ud)(void *), unsigned int n, double p)
{
	double pp = p <= 0.5 ? p : 1 - p;	/* both methods want p <= 1/2: count failures otherwise */
	unsigned int k;

	if (n == 0 || pp <= 0)
		return p <= 0.5 ? 0 : n;
	k = n * pp < 10 ? inversion(st, ud, n, pp) : btrs(st, ud, n, pp);
	return p <= 0.5 ? k : n - k;
}
