/* SPDX-License-Identifier: MIT */
/*
 * sm_20_atomic_functions.h - the float atomicAdd of compute capability 2.0
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_SM_20_ATOMIC_FUNCTIONS_H
#define IDXGEN_CUDA_SM_20_ATOMIC_FUNCTIONS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __SM_20_ATOMIC_FUNCTIONS_H__

#include "cuda_runtime.h"

#endif
