/* SPDX-License-Identifier: MIT */
/* cuda_pipeline.h - the asynchronous-copy primitives (cuda_pipeline_primitives.h). */
#ifndef IDXGEN_CUDA_PIPELINE_H
#define IDXGEN_CUDA_PIPELINE_H
#ifndef __cplusplus
#error "cuda_pipeline.h is C++ (as CUDA's is): include it from a .cu or C++ file"
#endif
#include "cuda_pipeline_primitives.h"
#endif
