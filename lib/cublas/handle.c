// SPDX-License-Identifier: MIT
/* lib/cublas: handles, streams, modes, versions and status messages. */
#include <stdlib.h>
#include "cublas_internal.h"

cublasStatus_t cublasCreate(cublasHandle_t *handle)
{
	struct cublasContext *h;

	if (!handle)
		return CUBLAS_STATUS_INVALID_VALUE;
	h = calloc(1, sizeof(*h));
	if (!h)
		return CUBLAS_STATUS_ALLOC_FAILED;
	/* stream 0, host pointer mode, default math, every SM, the default emulation settings:
	 * cuBLAS's defaults, all zero but the special values, whose default is every kind */
	h->special_values = CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT;
	*handle = h;
	cublas_log_call(h, __func__);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDestroy(cublasHandle_t handle)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	cublas_log_call(handle, __func__);
	cublas_captured_free(handle);
	free(handle);
	return CUBLAS_STATUS_SUCCESS;
}

/* A call that is not recorded into graphs (capture.c) is refused on a captured stream. */
cublasStatus_t cublas_begin_as(cublasHandle_t h, const char *api)
{
	cublas_log_call(h, api);
	if (cublas_capturing(h))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cudaStreamSynchronize(h->stream) == cudaSuccess ? CUBLAS_STATUS_SUCCESS
							       : CUBLAS_STATUS_EXECUTION_FAILED;
}

cublasStatus_t cublasGetVersion(cublasHandle_t handle, int *version)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!version)
		return CUBLAS_STATUS_INVALID_VALUE;
	*version = CUBLAS_VERSION;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetProperty(libraryPropertyType type, int *value)
{
	if (!value)
		return CUBLAS_STATUS_INVALID_VALUE;
	switch (type) {
	case MAJOR_VERSION: *value = CUBLAS_VER_MAJOR; break;
	case MINOR_VERSION: *value = CUBLAS_VER_MINOR; break;
	case PATCH_LEVEL: *value = CUBLAS_VER_PATCH; break;
	default: return CUBLAS_STATUS_INVALID_VALUE;
	}
	return CUBLAS_STATUS_SUCCESS;
}

size_t cublasGetCudartVersion(void)
{
	int v = 0;

	cudaRuntimeGetVersion(&v);
	return (size_t)v;
}

cublasStatus_t cublasSetStream(cublasHandle_t handle, cudaStream_t stream)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	handle->stream = stream;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetStream(cublasHandle_t handle, cudaStream_t *stream)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!stream)
		return CUBLAS_STATUS_INVALID_VALUE;
	*stream = handle->stream;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetPointerMode(cublasHandle_t handle, cublasPointerMode_t mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (mode != CUBLAS_POINTER_MODE_HOST && mode != CUBLAS_POINTER_MODE_DEVICE)
		return CUBLAS_STATUS_INVALID_VALUE;
	handle->pointer_mode = mode;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetPointerMode(cublasHandle_t handle, cublasPointerMode_t *mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!mode)
		return CUBLAS_STATUS_INVALID_VALUE;
	*mode = handle->pointer_mode;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (mode != CUBLAS_ATOMICS_NOT_ALLOWED && mode != CUBLAS_ATOMICS_ALLOWED)
		return CUBLAS_STATUS_INVALID_VALUE;
	handle->atomics_mode = mode;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t *mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!mode)
		return CUBLAS_STATUS_INVALID_VALUE;
	*mode = handle->atomics_mode;
	return CUBLAS_STATUS_SUCCESS;
}

/* Accepted and reported back; OpenBLAS computes in the element type whatever the mode. */
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	handle->math_mode = mode;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t *mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!mode)
		return CUBLAS_STATUS_INVALID_VALUE;
	*mode = handle->math_mode;
	return CUBLAS_STATUS_SUCCESS;
}

/* OpenBLAS keeps its own buffers: a user workspace is accepted and not needed. */
cublasStatus_t cublasSetWorkspace(cublasHandle_t handle, void *workspace, size_t bytes)
{
	(void)workspace;
	(void)bytes;
	return handle ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_NOT_INITIALIZED;
}

const char *cublasGetStatusName(cublasStatus_t status)
{
	switch (status) {
	case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
	case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
	case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
	case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
	case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
	case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
	case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
	case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
	case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
	case CUBLAS_STATUS_LICENSE_ERROR: return "CUBLAS_STATUS_LICENSE_ERROR";
	}
	return "CUBLAS_STATUS_UNKNOWN";
}

const char *cublasGetStatusString(cublasStatus_t status)
{
	switch (status) {
	case CUBLAS_STATUS_SUCCESS: return "success";
	case CUBLAS_STATUS_NOT_INITIALIZED: return "the library was not initialized";
	case CUBLAS_STATUS_ALLOC_FAILED: return "the resource allocation failed";
	case CUBLAS_STATUS_INVALID_VALUE: return "an invalid numeric value was used as an argument";
	case CUBLAS_STATUS_ARCH_MISMATCH: return "an absent device architectural feature is required";
	case CUBLAS_STATUS_MAPPING_ERROR: return "an access to GPU memory space failed";
	case CUBLAS_STATUS_EXECUTION_FAILED: return "the GPU program failed to execute";
	case CUBLAS_STATUS_INTERNAL_ERROR: return "an internal operation failed";
	case CUBLAS_STATUS_NOT_SUPPORTED: return "the functionality requested is not supported";
	case CUBLAS_STATUS_LICENSE_ERROR: return "an error was detected when checking the current licensing";
	}
	return "unknown error";
}
