// SPDX-License-Identifier: MIT
/* lib/cusolver: handles, streams, the version and the shared workspace rule. */
#include <stdlib.h>
#include "cusolver_internal.h"

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle)
{
	struct cusolverDnContext *h;

	if (!handle)
		return CUSOLVER_STATUS_INVALID_VALUE;
	h = calloc(1, sizeof(*h));
	if (!h)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	h->math_mode = CUSOLVER_DEFAULT_MATH; /* cuSOLVER's defaults */
	h->det_mode = CUSOLVER_DETERMINISTIC_RESULTS;
	h->emulation = CUDA_EMULATION_STRATEGY_DEFAULT;
	*handle = h;	/* the legacy default stream, cuSOLVER's default */
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	free(handle);
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t stream)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	handle->stream = stream;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t *stream)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!stream)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*stream = handle->stream;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverGetVersion(int *version)
{
	if (!version)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*version = CUSOLVER_VERSION;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverGetProperty(libraryPropertyType type, int *value)
{
	if (!value)
		return CUSOLVER_STATUS_INVALID_VALUE;
	switch (type) {
	case MAJOR_VERSION: *value = CUSOLVER_VER_MAJOR; break;
	case MINOR_VERSION: *value = CUSOLVER_VER_MINOR; break;
	case PATCH_LEVEL: *value = CUSOLVER_VER_PATCH; break;
	default: return CUSOLVER_STATUS_INVALID_VALUE;
	}
	return CUSOLVER_STATUS_SUCCESS;
}

/* Is h's stream being captured into a graph?  Nothing may wait for it then. */
bool cusolver_capturing(cudaStream_t s)
{
	enum cudaStreamCaptureStatus c = cudaStreamCaptureStatusNone;

	return s && cudaStreamIsCapturing(s, &c) == cudaSuccess && c != cudaStreamCaptureStatusNone;
}

/* A call waits for its stream; on a captured stream it is refused (no call is recorded into graphs). */
cusolverStatus_t cusolver_begin(cusolverDnHandle_t h)
{
	if (cusolver_capturing(h->stream))
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	return cudaStreamSynchronize(h->stream) == cudaSuccess ? CUSOLVER_STATUS_SUCCESS
							       : CUSOLVER_STATUS_EXECUTION_FAILED;
}

void *cusolver_workspace(void *work, int lwork, int need, size_t elem, void **own)
{
	*own = NULL;
	if (work && lwork >= need)
		return work;
	*own = malloc((size_t)cusolver_max1(need) * elem);
	return *own;
}
