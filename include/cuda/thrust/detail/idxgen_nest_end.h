/* SPDX-License-Identifier: MIT */
/*
 * thrust/detail/idxgen_nest_end.h - Thrust's header is read: one level up
 * (idxgen_nest_begin.h).  Back at the outermost, the names programs expect
 * every Thrust header to bring, as Thrust's CUDA system brings them under
 * nvcc (thrust/system/detail/generic/select_system.h says which and why),
 * now that the program's first Thrust header is complete.
 */
#pragma pop_macro("IDXGEN_THRUST_NESTED")
#ifndef IDXGEN_THRUST_NESTED
#include <thrust/execution_policy.h>
#include <thrust/system_error.h>
#include <thrust/system/cuda/error.h>
#endif
