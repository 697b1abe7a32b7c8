// SPDX-License-Identifier: MIT
/* lib/cusparse: handles, streams, pointer modes, the version, status names. */
#include <stdlib.h>
#include "cusparse_internal.h"

cusparseStatus_t cusparseCreate(cusparseHandle_t *handle)
{
	struct cusparseContext *h;

	if (!handle)
		return CUSPARSE_STATUS_INVALID_VALUE;
	h = calloc(1, sizeof(*h));
	if (!h)
		return CUSPARSE_STATUS_ALLOC_FAILED;
	*handle = h;	/* the legacy default stream, host pointer mode: cuSPARSE's defaults */
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroy(cusparseHandle_t handle)
{
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	sp_captured_free(handle);
	free(handle);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId)
{
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	handle->stream = streamId;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t *streamId)
{
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	if (!streamId)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*streamId = handle->stream;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode)
{
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	if (mode != CUSPARSE_POINTER_MODE_HOST && mode != CUSPARSE_POINTER_MODE_DEVICE)
		return CUSPARSE_STATUS_INVALID_VALUE;
	handle->mode = mode;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t *mode)
{
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	if (!mode)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*mode = handle->mode;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int *version)
{
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	if (!version)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*version = CUSPARSE_VERSION;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int *value)
{
	if (!value)
		return CUSPARSE_STATUS_INVALID_VALUE;
	switch (type) {
	case MAJOR_VERSION: *value = CUSPARSE_VER_MAJOR; break;
	case MINOR_VERSION: *value = CUSPARSE_VER_MINOR; break;
	case PATCH_LEVEL: *value = CUSPARSE_VER_PATCH; break;
	default: return CUSPARSE_STATUS_INVALID_VALUE;
	}
	return CUSPARSE_STATUS_SUCCESS;
}

const char *cusparseGetErrorName(cusparseStatus_t status)
{
	switch (status) {
	case CUSPARSE_STATUS_SUCCESS: return "CUSPARSE_STATUS_SUCCESS";
	case CUSPARSE_STATUS_NOT_INITIALIZED: return "CUSPARSE_STATUS_NOT_INITIALIZED";
	case CUSPARSE_STATUS_ALLOC_FAILED: return "CUSPARSE_STATUS_ALLOC_FAILED";
	case CUSPARSE_STATUS_INVALID_VALUE: return "CUSPARSE_STATUS_INVALID_VALUE";
	case CUSPARSE_STATUS_ARCH_MISMATCH: return "CUSPARSE_STATUS_ARCH_MISMATCH";
	case CUSPARSE_STATUS_MAPPING_ERROR: return "CUSPARSE_STATUS_MAPPING_ERROR";
	case CUSPARSE_STATUS_EXECUTION_FAILED: return "CUSPARSE_STATUS_EXECUTION_FAILED";
	case CUSPARSE_STATUS_INTERNAL_ERROR: return "CUSPARSE_STATUS_INTERNAL_ERROR";
	case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
	case CUSPARSE_STATUS_ZERO_PIVOT: return "CUSPARSE_STATUS_ZERO_PIVOT";
	case CUSPARSE_STATUS_NOT_SUPPORTED: return "CUSPARSE_STATUS_NOT_SUPPORTED";
	case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES";
	}
	return "<unrecognized>";
}

const char *cusparseGetErrorString(cusparseStatus_t status)
{
	switch (status) {
	case CUSPARSE_STATUS_SUCCESS: return "success";
	case CUSPARSE_STATUS_NOT_INITIALIZED: return "initialization error";
	case CUSPARSE_STATUS_ALLOC_FAILED: return "out of memory";
	case CUSPARSE_STATUS_INVALID_VALUE: return "invalid value";
	case CUSPARSE_STATUS_ARCH_MISMATCH: return "architecture mismatch";
	case CUSPARSE_STATUS_MAPPING_ERROR: return "memory mapping error";
	case CUSPARSE_STATUS_EXECUTION_FAILED: return "execution failed";
	case CUSPARSE_STATUS_INTERNAL_ERROR: return "internal error";
	case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "matrix type not supported";
	case CUSPARSE_STATUS_ZERO_PIVOT: return "zero pivot";
	case CUSPARSE_STATUS_NOT_SUPPORTED: return "operation not supported";
	case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "insufficient resources";
	}
	return "unknown error";
}

/* A call that is not recorded into graphs (capture.c) is refused on a captured stream. */
cusparseStatus_t sp_begin(cusparseHandle_t h)
{
	if (sp_capturing(h))
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	return cudaStreamSynchronize(h->stream) == cudaSuccess ? CUSPARSE_STATUS_SUCCESS
							       : CUSPARSE_STATUS_EXECUTION_FAILED;
}

sp_val sp_scalar(cudaDataType compute, const void *p)
{
	return sp_load(compute, p, 0);
}

bool sp_dnmat_ld_ok(const struct cusparseDnMatDescr *m)
{
	int64_t inner = m->order == CUSPARSE_ORDER_COL ? m->rows : m->cols;

	return m->ld >= (inner > 1 ? inner : 1);
}

bool sp_dnmat_ok(const struct cusparseDnMatDescr *m)
{
	return sp_dnmat_ld_ok(m) && (m->val || !m->rows || !m->cols);
}
