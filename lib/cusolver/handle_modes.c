// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the handle's math mode, deterministic mode and emulation
 * strategy (CUDA 12.2's and 13's cusolverDnSet/Get...).  Each is stored on
 * the handle and answered back.  None changes a result here: LAPACK
 * computes in the element type (no BF16x9 emulation of FP32 to allow) and
 * always in the same order (every result is deterministic, so the choice
 * to allow otherwise is honoured trivially).  A value outside the enum is
 * CUSOLVER_STATUS_INVALID_VALUE and leaves the setting as it was.
 */
#include "cusolver_internal.h"

cusolverStatus_t cusolverDnSetMathMode(cusolverDnHandle_t handle, cusolverMathMode_t mode)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (mode != CUSOLVER_DEFAULT_MATH && mode != CUSOLVER_FP32_EMULATED_BF16X9_MATH)
		return CUSOLVER_STATUS_INVALID_VALUE;
	handle->math_mode = mode;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnGetMathMode(cusolverDnHandle_t handle, cusolverMathMode_t *mode)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!mode)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*mode = handle->math_mode;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnSetDeterministicMode(cusolverDnHandle_t handle, cusolverDeterministicMode_t mode)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (mode != CUSOLVER_DETERMINISTIC_RESULTS && mode != CUSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS)
		return CUSOLVER_STATUS_INVALID_VALUE;
	handle->det_mode = mode;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnGetDeterministicMode(cusolverDnHandle_t handle, cusolverDeterministicMode_t *mode)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!mode)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*mode = handle->det_mode;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnSetEmulationStrategy(cusolverDnHandle_t handle, cudaEmulationStrategy_t strategy)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (strategy != CUDA_EMULATION_STRATEGY_DEFAULT && strategy != CUDA_EMULATION_STRATEGY_PERFORMANT &&
	    strategy != CUDA_EMULATION_STRATEGY_EAGER)
		return CUSOLVER_STATUS_INVALID_VALUE;
	handle->emulation = strategy;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnGetEmulationStrategy(cusolverDnHandle_t handle, cudaEmulationStrategy_t *strategy)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!strategy)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*strategy = handle->emulation;
	return CUSOLVER_STATUS_SUCCESS;
}
