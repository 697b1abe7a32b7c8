/* SPDX-License-Identifier: MIT */
/*
 * surface_indirect_functions.h - the surface-object reads and writes (surf2Dread<T>, ...)
 * (nvcc makes them visible anyway): idxgen's <cuda_runtime.h> has all
 * of it.  Included by CUDA programs out of habit.
 */
#ifndef IDXGEN_CUDA_SURFACE_INDIRECT_FUNCTIONS_H
#define IDXGEN_CUDA_SURFACE_INDIRECT_FUNCTIONS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __SURFACE_INDIRECT_FUNCTIONS_H__

#include "cuda_runtime.h"

#endif
