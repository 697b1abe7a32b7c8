/* SPDX-License-Identifier: MIT */
/*
 * common_functions.h - the C library calls device code may make (printf, malloc, memcpy, clock)
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_COMMON_FUNCTIONS_H
#define IDXGEN_CUDA_COMMON_FUNCTIONS_H

#include "cuda_runtime.h"

#endif
