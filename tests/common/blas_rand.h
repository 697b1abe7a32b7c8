/* SPDX-License-Identifier: MIT */
/*
 * blas_rand.h - the random inputs the library tests build (cuBLAS, cuSOLVER,
 * cuSPARSE): uniform values in [-1, 1) from xorshift64, so every run sees
 * the same matrices, and column-major matrices of any of the four
 * precisions (blas_prec.h).  Each test seeds it with its own constant
 * (blas_seed) so that its inputs do not change when another test changes.
 */
#ifndef IDXGEN_TESTS_BLAS_RAND_H
#define IDXGEN_TESTS_BLAS_RAND_H

#include <stdlib.h>
#include <string.h>
#include "blas_prec.h"

static unsigned long long blas_rng = 0x9e3779b97f4a7c15ull;

static inline void blas_seed(unsigned long long s) { blas_rng = s ? s : 1; }

/* [-1, 1), xorshift64 */
static inline double urand(void)
{
	blas_rng ^= blas_rng << 13;
	blas_rng ^= blas_rng >> 7;
	blas_rng ^= blas_rng << 17;
	return (double)(blas_rng >> 11) / (double)(1ull << 52) - 1.0;
}

/* a random element: complex for C and Z */
static inline dc rnd(enum prec p) { return cplx(p) ? urand() + I * urand() : urand(); }

/* a rows x cols column-major array (ld, rows <= ld, the rest 0) of the precision: random, plus d on the diagonal */
static inline void *rand_mat(enum prec p, int rows, int cols, int ld, double d)
{
	void *a = calloc((size_t)ld * (size_t)(cols > 0 ? cols : 1), esz[p]);

	for (int j = 0; j < cols; j++)
		for (int i = 0; i < rows; i++)
			put(p, a, i + (long)j * ld, rnd(p) + (i == j ? d : 0));
	return a;
}

/* a copy of n elements */
static inline void *copy_mat(enum prec p, const void *a, size_t n)
{
	void *c = malloc((n ? n : 1) * esz[p]);

	memcpy(c, a, n * esz[p]);
	return c;
}

#endif
