/* SPDX-License-Identifier: MIT */
/*
 * device_atomic_functions.h - the device atomics (atomicAdd & co.)
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_DEVICE_ATOMIC_FUNCTIONS_H
#define IDXGEN_CUDA_DEVICE_ATOMIC_FUNCTIONS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __DEVICE_ATOMIC_FUNCTIONS_H__

#include "cuda_runtime.h"

#endif
