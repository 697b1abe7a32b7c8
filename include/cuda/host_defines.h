/* SPDX-License-Identifier: MIT */
/*
 * host_defines.h - the qualifiers (__host__, __device__, __global__, __align__, __forceinline__)
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_HOST_DEFINES_H
#define IDXGEN_CUDA_HOST_DEFINES_H

#include "cuda_runtime.h"

#endif
