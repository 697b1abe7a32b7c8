/* SPDX-License-Identifier: MIT */
/*
 * cuRAND host API: the Sobol32 quasi-random generator (CURAND_RNG_QUASI_SOBOL32,
 * CURAND_RNG_QUASI_DEFAULT).  Direction numbers: dimension 0 is van der
 * Corput's (v_k = 2^(31-k)); dimension d > 0 comes from the d-th primitive
 * polynomial and its starting values m_k of S. Joe and F. Y. Kuo's
 * new-joe-kuo-6 set, which cuRAND's CURAND_DIRECTION_VECTORS_32_JOEKUO6 also
 * uses, read from Debian's Boost.Random at build time (sobol-table.awk): the
 * recurrence v_k = v_{k-s} ^ (v_{k-s} >> s) ^ sum_i a_i v_{k-i} of their
 * paper.  Point i of a dimension is the XOR of the v_k of the bits of i's
 * Gray code (so point 0 is 0), made incrementally: point i + 1 = point i ^
 * v_{ctz(i + 1)}.  The output of a call of n values is n / dims points of
 * dimension 0, then of dimension 1, ..., as cuRAND lays them out; the
 * offset counts points of each dimension.  At the end: the direction
 * numbers for the device API (curandGetDirectionVectors32/64).
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "curand_internal.h"
#include "sobol_table.inc"	/* made from Boost's table by sobol-table.awk (Makefile) */

unsigned int idxgen_sobol_max_dims(void)
{
	return IDXGEN_SOBOL_MAX_DIMENSION;
}

void idxgen_sobol_directions(unsigned int dim, unsigned int v[32])
{
	unsigned int poly, s = 0, a, k, i;

	if (dim == 0) {
		for (k = 0; k < 32; k++)
			v[k] = 1u << (31 - k);
		return;
	}
	poly = idxgen_sobol_a[dim - 1];
	while (poly >> (s + 1))
		s++;	/* the degree */
	a = (poly >> 1) & ((1u << (s - 1)) - 1);	/* the inner coefficients a_1..a_{s-1} */
	for (k = 0; k < s && k < 32; k++)
		v[k] = (unsigned int)idxgen_sobol_minit[(dim - 1) * IDXGEN_SOBOL_MAX_DEGREE + k] << (31 - k);
	for (k = s; k < 32; k++) {
		v[k] = v[k - s] ^ (v[k - s] >> s);
		for (i = 1; i < s; i++)
			if ((a >> (s - 1 - i)) & 1)
				v[k] ^= v[k - i];
	}
}

/* The same recurrence over 64 bits (Sobol64): m_k placed at bit 63 - k. */
void idxgen_sobol_directions64(unsigned int dim, unsigned long long v[64])
{
	unsigned int poly, s = 0, a, k, i;

	if (dim == 0) {
		for (k = 0; k < 64; k++)
			v[k] = 1ull << (63 - k);
		return;
	}
	poly = idxgen_sobol_a[dim - 1];
	while (poly >> (s + 1))
		s++;
	a = (poly >> 1) & ((1u << (s - 1)) - 1);
	for (k = 0; k < s && k < 64; k++)
		v[k] = (unsigned long long)idxgen_sobol_minit[(dim - 1) * IDXGEN_SOBOL_MAX_DEGREE + k] << (63 - k);
	for (k = s; k < 64; k++) {
		v[k] = v[k - s] ^ (v[k - s] >> s);
		for (i = 1; i < s; i++)
			if ((a >> (s - 1 - i)) & 1)
				v[k] ^= v[k - i];
	}
}

/* point "first" of a dimension, from the Gray code's bits */
static unsigned int point_at(const unsigned int v[32], unsigned long long first)
{
	unsigned long long g = first ^ (first >> 1);
	unsigned int x = 0;

	for (int k = 0; k < 32 && g; k++, g >>= 1)
		if (g & 1)
			x ^= v[k];
	return x;
}

/*
 * the points [offset, offset + n) of dimension dim, as words; the sequence
 * has 2^32 points per dimension, then repeats (the index wraps, as a 32-bit
 * counter would)
 */
static void points(unsigned int dim, unsigned long long offset, unsigned int *out, size_t n)
{
	unsigned int v[32], x;
	unsigned long long i = offset & 0xffffffffull;

	idxgen_sobol_directions(dim, v);
	x = point_at(v, i);
	for (size_t j = 0; j < n; j++) {
		out[j] = x;
		i = (i + 1) & 0xffffffffull;
		x = i ? x ^ v[__builtin_ctzll(i)] : 0;
	}
}

/* Inverse normal CDF of the word's uniform (x + 1/2) / 2^32, in double, rounded once. */
static double icdf(unsigned int x)
{
	return idxgen_curand_normal_icdf(((double)x + 0.5) / 4294967296.0);
}

curandStatus_t idxgen_sobol_generate(curandGenerator_t g, enum idxgen_sobol_kind k, void *out, size_t n,
				     double mean, double stddev)
{
	size_t per, d, j;
	unsigned int *w;

	if (n % g->dims)
		return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
	per = n / g->dims;
	w = malloc((per ? per : 1) * sizeof(*w));
	if (!w)
		return CURAND_STATUS_ALLOCATION_FAILED;
	for (d = 0; d < g->dims; d++) {
		points((unsigned int)d, g->offset, w, per);
		for (j = 0; j < per; j++) {
			size_t at = d * per + j;

			switch (k) {
			case SOBOL_WORD: ((unsigned int *)out)[at] = w[j]; break;
			case SOBOL_UNIFORM: ((float *)out)[at] = idxgen_curand_uniform_u32(w[j]); break;
			case SOBOL_UNIFORM_DOUBLE:
				((double *)out)[at] = ((double)w[j] + 0.5) / 4294967296.0;
				break;
			case SOBOL_NORMAL: ((float *)out)[at] = (float)(mean + stddev * icdf(w[j])); break;
			case SOBOL_NORMAL_DOUBLE: ((double *)out)[at] = mean + stddev * icdf(w[j]); break;
			case SOBOL_LOG_NORMAL: ((float *)out)[at] = (float)exp(mean + stddev * icdf(w[j])); break;
			case SOBOL_LOG_NORMAL_DOUBLE: ((double *)out)[at] = exp(mean + stddev * icdf(w[j])); break;
			}
		}
	}
	free(w);
	g->offset += per;
	return CURAND_STATUS_SUCCESS;
}

/*
 * curandGetDirectionVectors32/64: the direction numbers programs copy to
 * the device for curand_init(directions, offset, &curandStateSobol32)
 * (cuda-samples MC_EstimatePiInlineQ), the same as the generator's above.
 * File-scope state, and why: the call hands out a pointer into the
 * library's own table, valid for the whole program, as cuRAND's; the
 * tables are filled once (pthread_once) and constant after.
 */
static curandDirectionVectors32_t table32[IDXGEN_SOBOL_MAX_DIMENSION];
static curandDirectionVectors64_t table64[IDXGEN_SOBOL_MAX_DIMENSION];
static pthread_once_t once32 = PTHREAD_ONCE_INIT, once64 = PTHREAD_ONCE_INIT;

static void fill32(void)
{
	for (unsigned int d = 0; d < IDXGEN_SOBOL_MAX_DIMENSION; d++)
		idxgen_sobol_directions(d, table32[d]);
}

static void fill64(void)
{
	for (unsigned int d = 0; d < IDXGEN_SOBOL_MAX_DIMENSION; d++)
		idxgen_sobol_directions64(d, table64[d]);
}

curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t *vectors[], curandDirectionVectorSet_t set)
{
	if (!vectors)
		return CURAND_STATUS_OUT_OF_RANGE;
	if (set != CURAND_DIRECTION_VECTORS_32_JOEKUO6)	/* scrambled or 64-bit: not this call's */
		return CURAND_STATUS_OUT_OF_RANGE;
	if (pthread_once(&once32, fill32))
		return CURAND_STATUS_INTERNAL_ERROR;
	*vectors = table32;
	return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t *vectors[], curandDirectionVectorSet_t set)
{
	if (!vectors)
		return CURAND_STATUS_OUT_OF_RANGE;
	if (set != CURAND_DIRECTION_VECTORS_64_JOEKUO6)
		return CURAND_STATUS_OUT_OF_RANGE;
	if (pthread_once(&once64, fill64))
		return CURAND_STATUS_INTERNAL_ERROR;
	*vectors = table64;
	return CURAND_STATUS_SUCCESS;
}
