/* SPDX-License-Identifier: MIT */
/*
 * texture_indirect_functions.h - the texture-object reads (tex1Dfetch<T>, tex2D<T>, ...)
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_TEXTURE_INDIRECT_FUNCTIONS_H
#define IDXGEN_CUDA_TEXTURE_INDIRECT_FUNCTIONS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __TEXTURE_INDIRECT_FUNCTIONS_H__

#include "cuda_runtime.h"

#endif
