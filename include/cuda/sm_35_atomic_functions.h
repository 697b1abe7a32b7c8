/* SPDX-License-Identifier: MIT */
/*
 * sm_35_atomic_functions.h - the atomics of compute capability 3.5
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_SM_35_ATOMIC_FUNCTIONS_H
#define IDXGEN_CUDA_SM_35_ATOMIC_FUNCTIONS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __SM_35_ATOMIC_FUNCTIONS_H__

#include "cuda_runtime.h"

#endif
