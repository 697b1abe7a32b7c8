/* SPDX-License-Identifier: MIT */
/*
 * cuda_device_runtime_api.h - the runtime API as device code sees it
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_CUDA_DEVICE_RUNTIME_API_H
#define IDXGEN_CUDA_CUDA_DEVICE_RUNTIME_API_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __CUDA_DEVICE_RUNTIME_API_H__

#include "cuda_runtime.h"

#endif
