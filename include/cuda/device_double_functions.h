/* SPDX-License-Identifier: MIT */
/*
 * device_double_functions.h - the double-precision intrinsics (__dadd_rn & co.)
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_DEVICE_DOUBLE_FUNCTIONS_H
#define IDXGEN_CUDA_DEVICE_DOUBLE_FUNCTIONS_H

#include "cuda_runtime.h"

#endif
