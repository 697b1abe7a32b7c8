/* SPDX-License-Identifier: MIT */
/*
 * blas_rand.h - the random inputs the library tests build (cuBLAS, cuSOLVER,
 * cuSPARSE): random elements and column-major matrices of any of the four
 * precisions (blas_prec.h) from xorshift.h's numbers (one seed per test,
 * xorshift_seed).
 */
#ifndef IDXGEN_TESTS_BLAS_RAND_H
#define IDXGEN_TESTS_BLAS_RAND_H

#include <stdlib.h>
#include <string.h>
#include "blas_prec.h"
#include "xorshift.h"

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
