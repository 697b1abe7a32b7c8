/* SPDX-License-Identifier: MIT */
/*
 * sm_20_intrinsics.h - __ballot, __syncthreads_count/and/or, __threadfence_system
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_SM_20_INTRINSICS_H
#define IDXGEN_CUDA_SM_20_INTRINSICS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __SM_20_INTRINSICS_H__

#include "cuda_runtime.h"

#endif
