/* SPDX-License-Identifier: MIT */
/*
 * lt_internal.h - cuBLASLt's descriptors as lib/cublas keeps them (lt.c makes
 * and sets them, lt_matmul.c runs the product they describe).
 */
#ifndef IDXGEN_CUBLAS_LT_INTERNAL_H
#define IDXGEN_CUBLAS_LT_INTERNAL_H

#include "cublas_internal.h"
#pragma GCC visibility push(default)
#include <cublasLt.h>
#pragma GCC visibility pop

struct cublasLtContext {
	int unused; /* nothing per handle: the stream comes with each call */
};

/* The descriptors themselves (struct idxgen_lt_matmul_desc, _layout, _pref) are in cublasLt.h:
   programs hold them by value for the Init calls. */

#endif
