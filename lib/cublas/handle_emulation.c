// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the settings of a handle that steer a GPU and have no effect
 * on a CPU, kept so that a program reads back what it set: the target SM
 * count (cuBLAS 12: how many SMs a call may use, 0 for all) and CUDA 13's
 * emulation of FP32 and FP64 GEMM on tensor cores (the strategy, which
 * special values must survive, how many mantissa bits fixed-point FP64
 * keeps).  OpenBLAS computes in the element type, as accurately as the
 * emulation aims to, so nothing here changes a result; the pointer for the
 * mantissa bit count that a dynamic emulation used is kept and never
 * written, as no emulation runs.  The checks are cuBLAS's: a NULL handle is
 * NOT_INITIALIZED, a value outside its enum or range and a NULL output
 * INVALID_VALUE.
 */
#include "cublas_internal.h"

#define GET(h, out, field)                                                                         \
	do {                                                                                       \
		if (!(h))                                                                          \
			return CUBLAS_STATUS_NOT_INITIALIZED;                                      \
		if (!(out))                                                                        \
			return CUBLAS_STATUS_INVALID_VALUE;                                        \
		*(out) = (h)->field;                                                               \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	} while (0)

#define SET(h, ok, field, value)                                                                   \
	do {                                                                                       \
		if (!(h))                                                                          \
			return CUBLAS_STATUS_NOT_INITIALIZED;                                      \
		if (!(ok))                                                                         \
			return CUBLAS_STATUS_INVALID_VALUE;                                        \
		(h)->field = (value);                                                              \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	} while (0)

cublasStatus_t cublasGetSmCountTarget(cublasHandle_t handle, int *smCountTarget)
{
	GET(handle, smCountTarget, sm_count_target);
}

cublasStatus_t cublasSetSmCountTarget(cublasHandle_t handle, int smCountTarget)
{
	SET(handle, smCountTarget >= 0, sm_count_target, smCountTarget);
}

cublasStatus_t cublasGetEmulationStrategy(cublasHandle_t handle,
					  cublasEmulationStrategy_t *emulationStrategy)
{
	GET(handle, emulationStrategy, emulation_strategy);
}

cublasStatus_t cublasSetEmulationStrategy(cublasHandle_t handle,
					  cublasEmulationStrategy_t emulationStrategy)
{
	SET(handle,
	    emulationStrategy == CUBLAS_EMULATION_STRATEGY_DEFAULT ||
		emulationStrategy == CUBLAS_EMULATION_STRATEGY_PERFORMANT ||
		emulationStrategy == CUBLAS_EMULATION_STRATEGY_EAGER,
	    emulation_strategy, emulationStrategy);
}

cublasStatus_t cublasGetEmulationSpecialValuesSupport(cublasHandle_t handle,
						      cudaEmulationSpecialValuesSupport *mask)
{
	GET(handle, mask, special_values);
}

/* a mask of the 16 bits the default (every kind) sets: infinities, NaNs, and kinds to come */
cublasStatus_t cublasSetEmulationSpecialValuesSupport(cublasHandle_t handle,
						      cudaEmulationSpecialValuesSupport mask)
{
	SET(handle,
	    ((unsigned)mask & ~(unsigned)CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT) == 0,
	    special_values, mask);
}

cublasStatus_t
cublasGetFixedPointEmulationMantissaControl(cublasHandle_t handle,
					    cudaEmulationMantissaControl *mantissaControl)
{
	GET(handle, mantissaControl, mantissa_control);
}

cublasStatus_t
cublasSetFixedPointEmulationMantissaControl(cublasHandle_t handle,
					    cudaEmulationMantissaControl mantissaControl)
{
	SET(handle,
	    mantissaControl == CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC ||
		mantissaControl == CUDA_EMULATION_MANTISSA_CONTROL_FIXED,
	    mantissa_control, mantissaControl);
}

cublasStatus_t cublasGetFixedPointEmulationMaxMantissaBitCount(cublasHandle_t handle,
							       int *maxMantissaBitCount)
{
	GET(handle, maxMantissaBitCount, max_mantissa_bits);
}

/* 0 restores cuBLAS's default, a negative count is refused */
cublasStatus_t cublasSetFixedPointEmulationMaxMantissaBitCount(cublasHandle_t handle,
							       int maxMantissaBitCount)
{
	SET(handle, maxMantissaBitCount >= 0, max_mantissa_bits, maxMantissaBitCount);
}

cublasStatus_t cublasGetFixedPointEmulationMantissaBitOffset(cublasHandle_t handle,
							     int *mantissaBitOffset)
{
	GET(handle, mantissaBitOffset, mantissa_bit_offset);
}

/* any offset: negative ones trade accuracy for speed on a GPU */
cublasStatus_t cublasSetFixedPointEmulationMantissaBitOffset(cublasHandle_t handle,
							     int mantissaBitOffset)
{
	SET(handle, 1, mantissa_bit_offset, mantissaBitOffset);
}

cublasStatus_t cublasGetFixedPointEmulationMantissaBitCountPointer(cublasHandle_t handle,
								   int **mantissaBitCount)
{
	GET(handle, mantissaBitCount, mantissa_bit_count);
}

/* NULL: report no count */
cublasStatus_t cublasSetFixedPointEmulationMantissaBitCountPointer(cublasHandle_t handle,
								   int *mantissaBitCount)
{
	SET(handle, 1, mantissa_bit_count, mantissaBitCount);
}
