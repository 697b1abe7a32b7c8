// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the cublasXt handle and its settings.  cublasXt spreads
 * level-3 calls over GPUs in tiles of blockDim, with a share for the CPU;
 * here the one "device" is the CPU, so a handle is a v2 handle (host
 * pointer mode, the legacy default stream: a call completes before it
 * returns, as cublasXt's) plus the settings the program made, kept so that
 * it reads back what it set.  They change nothing: OpenBLAS already runs
 * each call on all cores.
 */
#include <stdlib.h>
#include "xt_internal.h"

/* the block size reported before cublasXtSetBlockDim (cuBLAS documents none; any positive value is
 * valid) */
#define XT_DEFAULT_BLOCK_DIM 2048

cublasStatus_t cublasXtCreate(cublasXtHandle_t *handle)
{
	struct cublasXtContext *x;
	cublasStatus_t st;

	if (!handle)
		return CUBLAS_STATUS_INVALID_VALUE;
	x = calloc(1, sizeof(*x));
	if (!x)
		return CUBLAS_STATUS_ALLOC_FAILED;
	st = cublasCreate(&x->blas);
	if (st) {
		free(x);
		return st;
	}
	x->block_dim = XT_DEFAULT_BLOCK_DIM;
	x->pinning = CUBLASXT_PINNING_DISABLED;
	*handle = x;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtDestroy(cublasXtHandle_t handle)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	cublasDestroy(handle->blas);
	free(handle);
	return CUBLAS_STATUS_SUCCESS;
}

/* Each device id named must be one of the runtime's devices. */
static int devices_ok(int nb, const int ids[])
{
	int count = 0;

	if (nb < 1 || !ids || cudaGetDeviceCount(&count) != cudaSuccess)
		return 0;
	for (int i = 0; i < nb; i++)
		if (ids[i] < 0 || ids[i] >= count)
			return 0;
	return 1;
}

/* every device is a board of its own */
cublasStatus_t cublasXtGetNumBoards(int nbDevices, int deviceId[], int *nbBoards)
{
	if (!nbBoards || !devices_ok(nbDevices, deviceId))
		return CUBLAS_STATUS_INVALID_VALUE;
	*nbBoards = nbDevices;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtMaxBoards(int *nbGpuBoards)
{
	int count = 0;

	if (!nbGpuBoards)
		return CUBLAS_STATUS_INVALID_VALUE;
	if (cudaGetDeviceCount(&count) != cudaSuccess)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	*nbGpuBoards = count;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtDeviceSelect(cublasXtHandle_t handle, int nbDevices, int deviceId[])
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!devices_ok(nbDevices, deviceId))
		return CUBLAS_STATUS_INVALID_VALUE;
	handle->devices = nbDevices;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtSetBlockDim(cublasXtHandle_t handle, int blockDim)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (blockDim < 1)
		return CUBLAS_STATUS_INVALID_VALUE;
	handle->block_dim = blockDim;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetBlockDim(cublasXtHandle_t handle, int *blockDim)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!blockDim)
		return CUBLAS_STATUS_INVALID_VALUE;
	*blockDim = handle->block_dim;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t *mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!mode)
		return CUBLAS_STATUS_INVALID_VALUE;
	*mode = handle->pinning;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtSetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (mode != CUBLASXT_PINNING_DISABLED && mode != CUBLASXT_PINNING_ENABLED)
		return CUBLAS_STATUS_INVALID_VALUE;
	handle->pinning = mode;
	return CUBLAS_STATUS_SUCCESS;
}

static int routine_ok(cublasXtBlasOp_t op, cublasXtOpType_t type)
{
	return op >= CUBLASXT_GEMM && op < CUBLASXT_ROUTINE_MAX && type >= CUBLASXT_FLOAT &&
	       type <= CUBLASXT_DOUBLECOMPLEX;
}

/* The CPU's share of a routine: everything runs on the CPU here (OpenBLAS), whatever routine is
 * named. */
cublasStatus_t cublasXtSetCpuRoutine(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp,
				     cublasXtOpType_t type, void *blasFunctor)
{
	(void)blasFunctor;
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	return routine_ok(blasOp, type) ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_INVALID_VALUE;
}

cublasStatus_t cublasXtSetCpuRatio(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp,
				   cublasXtOpType_t type, float ratio)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!routine_ok(blasOp, type) || !(ratio >= 0.0f && ratio <= 1.0f))
		return CUBLAS_STATUS_INVALID_VALUE;
	return CUBLAS_STATUS_SUCCESS;
}
