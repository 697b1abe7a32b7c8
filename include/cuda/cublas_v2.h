/* SPDX-License-Identifier: MIT */
/*
 * cublas_v2.h - the cuBLAS v2 API (cublas_api.h), and the "_v2" spellings
 * of the calls that CUDA's header maps the plain names to, for programs
 * that call those names directly.  Our own header (lib/cublas/README.md).
 */
#ifndef IDXGEN_CUDA_CUBLAS_V2_H
#define IDXGEN_CUDA_CUBLAS_V2_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define CUBLAS_V2_H_

#if defined(CUBLAS_H_)
#error "It is an error to include both cublas.h and cublas_v2.h"
#endif

#include "cublas_api.h" /* with the _v2 names (idxgen_cublas_v2_names.h) */

#endif
