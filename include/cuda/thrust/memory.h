/* SPDX-License-Identifier: MIT */
/*
 * thrust/memory.h - Debian's (#include_next), with the headers that
 * system/detail/generic/select_system.h (ours) adds held back until its end.
 *
 * Why: Debian's memory.h includes thrust/detail/reference.h, which includes
 * select_system.h, before memory.h declares thrust::malloc and thrust::free.
 * Our select_system.h then includes thrust/execution_policy.h, whose
 * device-system algorithms (temporary_buffer.inl) call thrust::malloc: not
 * declared yet, a cascade of errors.  So a program whose first Thrust header
 * is <thrust/device_ptr.h> or <thrust/memory.h> (HeCBench ssim-cuda) did not
 * build; under nvcc it does.  While this header runs, select_system.h adds
 * nothing; the same headers come here, after memory.h is complete.
 */
#pragma once
#define IDXGEN_THRUST_IN_MEMORY_H 1
#include <idxgen_user_macros_push.h>
#include <thrust/detail/idxgen_nest_begin.h>
#include_next <thrust/memory.h>
#undef IDXGEN_THRUST_IN_MEMORY_H
/* the three held back come with idxgen_nest_end.h, at the outermost Thrust
 * header: here, inside another (<thrust/system/cpp/execution_policy.h>
 * first), they came before that header's own algorithms were declared */
#include <thrust/detail/idxgen_nest_end.h>
#include <idxgen_user_macros_pop.h>
