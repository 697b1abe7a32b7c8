/* SPDX-License-Identifier: MIT */
/*
 * thrust/system/detail/generic/select_system.h - Debian's (#include_next),
 * then the names programs expect every Thrust header to bring.
 *
 * Why: with nvcc every algorithm header (thrust/sort.h, thrust/scan.h...)
 * reaches Thrust's CUDA system, whose headers include
 * thrust/execution_policy.h (thrust::device, thrust::host, thrust::seq),
 * thrust/system_error.h and thrust/system/cuda/error.h (thrust::system_error,
 * thrust::cuda_category()).  Programs rely on that (HeCBench
 * logic-rewrite-cuda calls thrust::sort(thrust::device, ...) after only
 * <thrust/sort.h>; cuda-samples segmentationTreeThrust catches
 * thrust::system_error).  Our device system (OpenMP, TBB or C++) includes
 * none of them, so this header does: every algorithm's .inl includes it
 * after the algorithm is declared (thrust/detail/reference.h too).  Not
 * thrust/detail/execution_policy.h, which algorithm headers include first:
 * from there thrust/execution_policy.h would reach the device system's
 * algorithms before thrust::inclusive_scan and others are declared.  Nor
 * while thrust/memory.h runs (it includes reference.h before it declares
 * thrust::malloc, which the device system's headers call): our memory.h
 * includes them after Debian's.  Since every public Thrust header has a
 * header of ours in front (IDXGEN_THRUST_NESTED while it reads Thrust's),
 * the outermost of those adds them once Thrust's header is complete
 * (thrust/detail/idxgen_nest_end.h), and this header only for a program
 * whose first Thrust header is a detail/ one: added midway, they met
 * thrust::malloc undeclared when the first header was
 * <thrust/universal_vector.h> or <thrust/system/omp/vector.h>.
 */
#pragma once
#include_next <thrust/system/detail/generic/select_system.h>
#if !defined(IDXGEN_THRUST_IN_MEMORY_H) && !defined(IDXGEN_THRUST_NESTED)
#include <thrust/execution_policy.h>
#include <thrust/system_error.h>
#include <thrust/system/cuda/error.h>
#endif
