/* SPDX-License-Identifier: MIT */
/*
 * thrust/scatter.h - Thrust's (#include_next), read with the program's one-letter and
 * sizing macros set aside: Thrust names its template parameters T, N, ...;
 * the outermost such header adds what every Thrust header brings under nvcc
 * (idxgen_nest_end.h).  include/cuda/thrust/README.md;
 * tests/thrust/user-macro-wrappers.sh.
 */
#pragma once
#include <idxgen_user_macros_push.h>
#include <thrust/detail/idxgen_nest_begin.h>
#include_next <thrust/scatter.h>
#include <thrust/detail/idxgen_nest_end.h>
#include <idxgen_user_macros_pop.h>
