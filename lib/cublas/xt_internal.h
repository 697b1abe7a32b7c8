/* SPDX-License-Identifier: MIT */
/*
 * xt_internal.h - the cublasXt handle (xt.c) that its level-3 calls
 * (xt_blas.c) run on: a v2 handle and the settings the program made.
 */
#ifndef IDXGEN_CUBLAS_XT_INTERNAL_H
#define IDXGEN_CUBLAS_XT_INTERNAL_H

#include <limits.h>
#include "cublas_internal.h"
#pragma GCC visibility push(default)
#include <cublasXt.h>
#pragma GCC visibility pop

struct cublasXtContext {
	cublasHandle_t blas;	/* host pointer mode, default stream */
	int devices;		/* as selected (0: none yet; device 0 is used either way) */
	int block_dim;
	cublasXtPinnedMemMode_t pinning;
};

/* Whether every size fits OpenBLAS's int. */
static inline int xt_sizes_fit(const size_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] > INT_MAX)
			return 0;
	return 1;
}

/* A NULL handle, then sizes beyond int (CUBLAS_STATUS_NOT_SUPPORTED: no tiling here). */
#define XT_START(h, ...)										\
	do {												\
		if (!(h))										\
			return CUBLAS_STATUS_NOT_INITIALIZED;						\
		if (!xt_sizes_fit((const size_t[]){ __VA_ARGS__ },					\
				  sizeof((const size_t[]){ __VA_ARGS__ }) / sizeof(size_t)))		\
			return CUBLAS_STATUS_NOT_SUPPORTED;						\
	} while (0)

#endif
