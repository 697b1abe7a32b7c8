/* SPDX-License-Identifier: MIT */
/*
 * thrust/system/omp/memory.h - Thrust's (#include_next), read with the program's one-letter and
 * sizing macros set aside: Thrust names its template parameters T, N, ...
 * (include/cuda/thrust/README.md; tests/thrust/user-macro-wrappers.sh).
 */
#pragma once
#include <idxgen_user_macros_push.h>
#include_next <thrust/system/omp/memory.h>
#include <idxgen_user_macros_pop.h>
