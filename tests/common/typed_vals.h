/* SPDX-License-Identifier: MIT */
/*
 * typed_vals.h - elements of the four value types of the cuSPARSE tests,
 * named by their cudaDataType (CUDA_R_32F, CUDA_R_64F, CUDA_C_32F,
 * CUDA_C_64F), read and written as double complex (the tests' references
 * are computed in double complex).  Each test keeps its own tolerances.
 */
#ifndef IDXGEN_TESTS_TYPED_VALS_H
#define IDXGEN_TESTS_TYPED_VALS_H

#include <complex.h>
#include <stddef.h>
#include <library_types.h>

static inline size_t tv_size(cudaDataType t)
{
	return t == CUDA_R_32F ? 4 : t == CUDA_R_64F || t == CUDA_C_32F ? 8 : 16;
}

static inline int tv_cplx(cudaDataType t) { return t == CUDA_C_32F || t == CUDA_C_64F; }

static inline double complex tv_get(cudaDataType t, const void *p, long i)
{
	switch (t) {
	case CUDA_R_32F: return ((const float *)p)[i];
	case CUDA_R_64F: return ((const double *)p)[i];
	case CUDA_C_32F: return ((const float complex *)p)[i];
	default: return ((const double complex *)p)[i];
	}
}

static inline void tv_put(cudaDataType t, void *p, long i, double complex v)
{
	switch (t) {
	case CUDA_R_32F: ((float *)p)[i] = (float)creal(v); break;
	case CUDA_R_64F: ((double *)p)[i] = creal(v); break;
	case CUDA_C_32F: ((float complex *)p)[i] = (float complex)v; break;
	default: ((double complex *)p)[i] = v; break;
	}
}

#endif
