/* SPDX-License-Identifier: MIT */
/*
 * device_launch_parameters.h - included by CUDA programs out of habit (nvcc
 * makes its declarations visible anyway); idxgen's <cuda_runtime.h> has
 * all of it.  For idxgen-cc's whole programs (lib/cc/README.md).
 */
#ifndef IDXGEN_CUDA_DEVICE_LAUNCH_PARAMETERS_H
#define IDXGEN_CUDA_DEVICE_LAUNCH_PARAMETERS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include "cuda_runtime.h"

#endif
