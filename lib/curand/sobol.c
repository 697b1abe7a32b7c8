/* SPDX-License-Identifier: MIT */
/*
 * cuRAND host API: the Sobol32 and Sobol64 quasi-random generators
 * (CURAND_RNG_QUASI_SOBOL32, CURAND_RNG_QUASI_DEFAULT, CURAND_RNG_QUASI_SOBOL64).  Direction numbers: dimension 0 is van der
 * Corput's (v_k = 2^(31-k)); dimension d > 0 comes from the d-th primitive
 * polynomial and its starting values m_k of S. Joe and F. Y. Kuo's
 * new-joe-kuo-6 set, which cuRAND's CURAND_DIRECTION_VECTORS_32_JOEKUO6 also
 * uses, read from Debian's Boost.Random at build time (sobol-table.awk): the
 * recurrence v_k = v_{k-s} ^ (v_{k-s} >> s) ^ sum_i a_i v_{k-i} of their
 * paper.  Point i of a dimension is the XOR of the v_k of the bits of i's
 * Gray code (so point 0 is 0), made incrementally: point i + 1 = point i ^
 * v_{ctz(i + 1)}.  The output of a call of n values is n / dims points of
 * dimension 0, then of dimension 1, ..., as cuRAND lays them out; the
 * offset counts points of each dimension.  Sobol64 runs the same
 * recurrence over 64 bits (m_k at bit 63 - k), so below 2^32 points its
 * words' top halves are Sobol32's points.  At the end: the direction
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

/* Sobol64's points [offset, offset + n) of dimension dim; 2^64 points, the index wrapping */
static void points64(unsigned int dim, unsigned long long offset, unsigned long long *out, size_t n)
{
	unsigned long long v[64], g = offset ^ (offset >> 1), x = 0, i = offset;

	idxgen_sobol_directions64(dim, v);
	for (int k = 0; k < 64 && g; k++, g >>= 1)
		if (g & 1)
			x ^= v[k];
	for (size_t j = 0; j < n; j++) {
		out[j] = x;
		i++;
		x = i ? x ^ v[__builtin_ctzll(i)] : 0;
	}
}

/* Inverse normal CDF of the word's uniform (x + 1/2) / 2^32, in double, rounded once. */
static double icdf(unsigned int x)
{
	return idxgen_curand_normal_icdf(((double)x + 0.5) / 4294967296.0);
}

/* one value of Sobol32's point w, stored at out[at] */
static void store32(enum idxgen_sobol_kind k, void *out, size_t at, unsigned int w, double mean, double stddev)
{
	switch (k) {
	case SOBOL_WORD: ((unsigned int *)out)[at] = w; break;
	case SOBOL_WORD64: break;	/* refused before: a 32-bit generator has no 64-bit words */
	case SOBOL_UNIFORM: ((float *)out)[at] = idxgen_curand_uniform_u32(w); break;
	case SOBOL_UNIFORM_DOUBLE: ((double *)out)[at] = ((double)w + 0.5) / 4294967296.0; break;
	case SOBOL_NORMAL: ((float *)out)[at] = (float)(mean + stddev * icdf(w)); break;
	case SOBOL_NORMAL_DOUBLE: ((double *)out)[at] = mean + stddev * icdf(w); break;
	case SOBOL_LOG_NORMAL: ((float *)out)[at] = (float)exp(mean + stddev * icdf(w)); break;
	case SOBOL_LOG_NORMAL_DOUBLE: ((double *)out)[at] = exp(mean + stddev * icdf(w)); break;
	}
}

/*
 * one value of Sobol64's point w: the float kinds from its top 32 bits (the
 * Sobol32 point below 2^32 points), the double kinds from its top 53
 * (x 2^-53 + 2^-54), as cuRAND's 64-bit quasi-random transforms
 */
static void store64(enum idxgen_sobol_kind k, void *out, size_t at, unsigned long long w, double mean,
		    double stddev)
{
	double z = idxgen_curand_normal_icdf(idxgen_curand_uniform_double_u64(w));

	switch (k) {
	case SOBOL_WORD64: ((unsigned long long *)out)[at] = w; break;
	case SOBOL_UNIFORM_DOUBLE: ((double *)out)[at] = idxgen_curand_uniform_double_u64(w); break;
	case SOBOL_NORMAL_DOUBLE: ((double *)out)[at] = mean + stddev * z; break;
	case SOBOL_LOG_NORMAL_DOUBLE: ((double *)out)[at] = exp(mean + stddev * z); break;
	default: store32(k, out, at, (unsigned int)(w >> 32), mean, stddev); break;
	}
}

curandStatus_t idxgen_sobol_generate(curandGenerator_t g, enum idxgen_sobol_kind k, void *out, size_t n,
				     double mean, double stddev)
{
	int is64 = g->type == CURAND_RNG_QUASI_SOBOL64;
	size_t per, d, j;
	void *w;

	if (n % g->dims)
		return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
	per = n / g->dims;
	w = malloc((per ? per : 1) * (is64 ? sizeof(unsigned long long) : sizeof(unsigned int)));
	if (!w)
		return CURAND_STATUS_ALLOCATION_FAILED;
	for (d = 0; d < g->dims; d++) {
		if (is64)
			points64((unsigned int)d, g->offset, w, per);
		else
			points((unsigned int)d, g->offset, w, per);
		for (j = 0; j < per; j++) {
			if (is64)
				store64(k, out, d * per + j, ((unsigned long long *)w)[j], mean, stddev);
			else
				store32(k, out, d * per + j, ((unsigned int *)w)[j], mean, stddev);
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

/*
 * Scramble constants, one per dimension, for the scrambled Sobol states of
 * curand_kernel.h.  NVIDIA ships a table of its own numbers that it does
 * not publish; ours are SplitMix64 (Steele, Lea, Flood 2014) of the
 * dimension's number d, z = d * 0x9e3779b97f4a7c15 + 0x9e3779b97f4a7c15
 * then its finaliser, and the 32-bit set is their top halves: any fixed
 * constants are a valid digital shift, these are not NVIDIA's.
 */
static unsigned int scramble32[IDXGEN_SOBOL_MAX_DIMENSION];
static unsigned long long scramble64[IDXGEN_SOBOL_MAX_DIMENSION];
static pthread_once_t once_scramble = PTHREAD_ONCE_INIT;

static void fill_scramble(void)
{
	for (unsigned long long d = 0; d < IDXGEN_SOBOL_MAX_DIMENSION; d++) {
		unsigned long long z = (d + 1) * 0x9e3779b97f4a7c15ull;

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		z ^= z >> 31;
		scramble64[d] = z;
		scramble32[d] = (unsigned int)(z >> 32);
	}
}

curandStatus_t curandGetScrambleConstants32(unsigned int **constants)
{
	if (!constants)
		return CURAND_STATUS_OUT_OF_RANGE;
	if (pthread_once(&once_scramble, fill_scramble))
		return CURAND_STATUS_INTERNAL_ERROR;
	*constants = scramble32;
	return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetScrambleConstants64(unsigned long long **constants)
{
	if (!constants)
		return CURAND_STATUS_OUT_OF_RANGE;
	if (pthread_once(&once_scramble, fill_scramble))
		return CURAND_STATUS_INTERNAL_ERROR;
	*constants = scramble64;
	return CURAND_STATUS_SUCCESS;
}
