/* SPDX-License-Identifier: MIT */
/*
 * sm_30_intrinsics.h - the warp shuffles (__shfl*_sync)
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_SM_30_INTRINSICS_H
#define IDXGEN_CUDA_SM_30_INTRINSICS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __SM_30_INTRINSICS_H__

#include "cuda_runtime.h"

#endif
