/* SPDX-License-Identifier: MIT */
/*
 * thrust/system/cuda/detail/guarded_cuda_runtime_api.h - <cuda_runtime_api.h>
 * for Thrust's thrust/system/cuda/error.h, without Debian's guard.
 *
 * Why: Debian's version #undefs __host__ and __device__ unless NVIDIA's
 * crt/host_defines.h was read (__HOST_DEFINES_H__), expecting
 * cuda_runtime_api.h to define them again.  Ours is #pragma once and
 * already read, so the qualifiers would stay undefined and every later
 * Thrust header would fail to parse.  Our qualifiers need no guarding.
 */
#pragma once
#include <thrust/detail/config.h>
#include <cuda_runtime_api.h>
