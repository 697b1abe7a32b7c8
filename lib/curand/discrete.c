/* SPDX-License-Identifier: MIT */
/*
 * discrete.c - curandCreatePoissonDistribution and curandDestroyDistribution:
 * the cumulative table curand_discrete (curand_kernel.h) inverts.
 */
#include <math.h>
#include <stdlib.h>

#include "curand_internal.h"

/* below this a tail is left out: less than a 32-bit draw resolves (2^-32) */
#define TAIL 9.094947017729282e-13	/* 2^-40 */

/*
 * The pmf from the mode outwards (p(k+1) = p(k) lambda / (k+1)), so no
 * term underflows before the tails are negligible, at every lambda up to
 * CUDA's 400000; the table is then normalised by its own sum.
 */
curandStatus_t curandCreatePoissonDistribution(double lambda, curandDiscreteDistribution_t *out)
{
	struct curandDiscreteDistribution_st *d;
	double mode_p, p, sum, acc;
	unsigned int mode, lo, hi, k;

	if (!out)
		return CURAND_STATUS_NOT_INITIALIZED;
	if (!(lambda > 0 && lambda <= 400000))
		return CURAND_STATUS_OUT_OF_RANGE;
	mode = (unsigned int)floor(lambda);
	mode_p = exp(mode * log(lambda) - lambda - lgamma(mode + 1.0));
	/* the ends: where the next term falls below TAIL times the mode's (the tails decay geometrically there) */
	for (lo = mode, p = mode_p; lo > 0 && p > TAIL * mode_p; lo--)
		p *= lo / lambda;
	for (hi = mode, p = mode_p; p > TAIL * mode_p; hi++)
		p *= lambda / (hi + 1);
	d = malloc(sizeof(*d));
	if (!d || !(d->cdf = malloc((hi - lo + 1) * sizeof(double)))) {
		free(d);
		return CURAND_STATUS_ALLOCATION_FAILED;
	}
	d->magic = IDXGEN_CURAND_DISCRETE_MAGIC;
	d->shift = lo;
	d->length = hi - lo + 1;
	/* the terms relative to the mode's, then their running sum */
	for (k = mode, p = 1; k >= lo && k <= mode; k--) {
		d->cdf[k - lo] = p;
		p *= k / lambda;
	}
	for (k = mode + 1, p = 1; k <= hi; k++) {
		p *= lambda / k;
		d->cdf[k - lo] = p;
	}
	for (k = 0, sum = 0; k < d->length; k++)
		sum += d->cdf[k];
	for (k = 0, acc = 0; k < d->length; k++) {
		acc += d->cdf[k];
		d->cdf[k] = acc / sum;
	}
	d->cdf[d->length - 1] = 1;	/* every u < 1 finds a value */
	*out = d;
	return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandDestroyDistribution(curandDiscreteDistribution_t d)
{
	if (!d || d->magic != IDXGEN_CURAND_DISCRETE_MAGIC)
		return CURAND_STATUS_NOT_INITIALIZED;
	d->magic = 0;
	free(d->cdf);
	free(d);
	return CURAND_STATUS_SUCCESS;
}
