/* SPDX-License-Identifier: MIT */
/*
 * thrust/execution_policy.h - Debian's (#include_next), plus
 * thrust::cuda::par of include/cuda/thrust/system/cuda/execution_policy.h,
 * which programs reach through this header as they do with CUDA's Thrust.
 */
#pragma once
#include <idxgen_user_macros_push.h>
#include <thrust/detail/idxgen_nest_begin.h>
#include_next <thrust/execution_policy.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/detail/idxgen_nest_end.h>
#include <idxgen_user_macros_pop.h>
