/* SPDX-License-Identifier: MIT */
/*
 * sm_61_intrinsics.h - __dp4a and __dp2a
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_SM_61_INTRINSICS_H
#define IDXGEN_CUDA_SM_61_INTRINSICS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __SM_61_INTRINSICS_H__

#include "cuda_runtime.h"

#endif
