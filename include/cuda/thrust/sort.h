/* SPDX-License-Identifier: MIT */
/*
 * thrust/sort.h - Debian's (#include_next), then <thrust/sequence.h>.
 *
 * Why: under nvcc Thrust's sorts are the CUDA system's, whose sort header
 * includes <thrust/sequence.h>; every program that reaches <thrust/sort.h>
 * (directly or through binary_search.h, unique.h, ...) has thrust::sequence
 * without naming its header, and public code relies on it (HeCBench
 * logic-rewrite's balance.cu calls thrust::sequence after <thrust/remove.h>,
 * <thrust/shuffle.h> and others).  Debian's TBB, OpenMP and C++ systems do not
 * include it: "no member named 'sequence' in namespace 'thrust'".
 */
#pragma once
#include <idxgen_user_macros_push.h>
#include <thrust/detail/idxgen_nest_begin.h>
#include_next <thrust/sort.h>
#include <thrust/sequence.h>
#include <thrust/detail/idxgen_nest_end.h>
#include <idxgen_user_macros_pop.h>
