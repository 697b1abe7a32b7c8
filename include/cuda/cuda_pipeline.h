/* SPDX-License-Identifier: MIT */
/* cuda_pipeline.h - the asynchronous-copy primitives (cuda_pipeline_primitives.h). */
#ifndef IDXGEN_CUDA_PIPELINE_H
#define IDXGEN_CUDA_PIPELINE_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define _CUDA_PIPELINE_H_
#ifndef __cplusplus
#error "cuda_pipeline.h is C++ (as CUDA's is): include it from a .cu or C++ file"
#endif
#include "cuda_pipeline_primitives.h"
#endif
