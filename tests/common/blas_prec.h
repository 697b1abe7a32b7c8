/* SPDX-License-Identifier: MIT */
/*
 * blas_prec.h - the four BLAS/LAPACK precisions (S, D, C, Z) as the cuBLAS
 * and cuSOLVER tests walk them: element sizes, and reading and writing an
 * element of any of them as a double complex (the tests' references are
 * computed in double complex).  Each test keeps its own tolerances.
 */
#ifndef IDXGEN_TESTS_BLAS_PREC_H
#define IDXGEN_TESTS_BLAS_PREC_H

#include <complex.h>
#include <stddef.h>

typedef double _Complex dc;
enum prec { PS, PD, PC, PZ };
static const char *const pname = "SDCZ";
static const size_t esz[] = { 4, 8, 8, 16 };

static inline int cplx(enum prec p) { return p == PC || p == PZ; }

static inline dc get(enum prec p, const void *b, long i)
{
	switch (p) {
	case PS: return ((const float *)b)[i];
	case PD: return ((const double *)b)[i];
	case PC: return ((const float _Complex *)b)[i];
	default: return ((const double _Complex *)b)[i];
	}
}

static inline void put(enum prec p, void *b, long i, dc v)
{
	switch (p) {
	case PS: ((float *)b)[i] = (float)creal(v); break;
	case PD: ((double *)b)[i] = creal(v); break;
	case PC: ((float _Complex *)b)[i] = (float _Complex)v; break;
	default: ((double _Complex *)b)[i] = v; break;
	}
}

#endif
