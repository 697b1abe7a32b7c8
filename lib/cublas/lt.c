// SPDX-License-Identifier: MIT
/*
 * lib/cublas: cuBLASLt's handle, descriptors, layouts, preferences and the
 * heuristic query.  An attribute is set and read by copying exactly the
 * bytes of its type (cuBLASLt's rule: another size is INVALID_VALUE); the
 * algorithm the heuristic offers is the one there is here (OpenBLAS).
 */
#include <stdlib.h>
#include <string.h>
#include "lt_internal.h"

cublasStatus_t cublasLtCreate(cublasLtHandle_t *lightHandle)
{
	if (!lightHandle)
		return CUBLAS_STATUS_INVALID_VALUE;
	*lightHandle = calloc(1, sizeof(**lightHandle));
	return *lightHandle ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t cublasLtDestroy(cublasLtHandle_t lightHandle)
{
	if (!lightHandle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	free(lightHandle);
	return CUBLAS_STATUS_SUCCESS;
}

size_t cublasLtGetVersion(void)
{
	return CUBLAS_VERSION;
}

cublasStatus_t cublasLtGetProperty(libraryPropertyType type, int *value)
{
	return cublasGetProperty(type, value);
}

/* buf into the field, when size is the field's */
static cublasStatus_t attr_set(void *field, size_t field_size, const void *buf, size_t size)
{
	if (!field || !buf || size != field_size)
		return CUBLAS_STATUS_INVALID_VALUE;
	memcpy(field, buf, size);
	return CUBLAS_STATUS_SUCCESS;
}

/* the field into buf; size 0 with sizeWritten asks for the size only */
static cublasStatus_t attr_get(const void *field, size_t field_size, void *buf, size_t size, size_t *written)
{
	if (!field)
		return CUBLAS_STATUS_INVALID_VALUE;
	if (written)
		*written = field_size;
	if (!size && written)
		return CUBLAS_STATUS_SUCCESS;
	if (!buf || size != field_size)
		return CUBLAS_STATUS_INVALID_VALUE;
	memcpy(buf, field, size);
	return CUBLAS_STATUS_SUCCESS;
}

/* the field an attribute names, NULL for one we do not keep */
static void *desc_field(struct idxgen_lt_matmul_desc *d, cublasLtMatmulDescAttributes_t a, size_t *size)
{
	switch (a) {
	case CUBLASLT_MATMUL_DESC_COMPUTE_TYPE: *size = sizeof(d->compute_type); return &d->compute_type;
	case CUBLASLT_MATMUL_DESC_SCALE_TYPE: *size = sizeof(d->scale_type); return &d->scale_type;
	case CUBLASLT_MATMUL_DESC_POINTER_MODE: *size = sizeof(d->pointer_mode); return &d->pointer_mode;
	case CUBLASLT_MATMUL_DESC_TRANSA: *size = sizeof(d->transa); return &d->transa;
	case CUBLASLT_MATMUL_DESC_TRANSB: *size = sizeof(d->transb); return &d->transb;
	case CUBLASLT_MATMUL_DESC_TRANSC: *size = sizeof(d->transc); return &d->transc;
	case CUBLASLT_MATMUL_DESC_FILL_MODE: *size = sizeof(d->fill_mode); return &d->fill_mode;
	case CUBLASLT_MATMUL_DESC_EPILOGUE: *size = sizeof(d->epilogue); return &d->epilogue;
	case CUBLASLT_MATMUL_DESC_BIAS_POINTER: *size = sizeof(d->bias); return &d->bias;
	case CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE: *size = sizeof(d->bias_batch_stride); return &d->bias_batch_stride;
	case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER: *size = sizeof(d->aux); return &d->aux;
	case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD: *size = sizeof(d->aux_ld); return &d->aux_ld;
	case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE: *size = sizeof(d->aux_batch_stride); return &d->aux_batch_stride;
	case CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE: *size = sizeof(d->alpha_batch_stride); return &d->alpha_batch_stride;
	case CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET: *size = sizeof(d->sm_count); return &d->sm_count;
	case CUBLASLT_MATMUL_DESC_A_SCALE_POINTER: *size = sizeof(d->a_scale); return &d->a_scale;
	case CUBLASLT_MATMUL_DESC_B_SCALE_POINTER: *size = sizeof(d->b_scale); return &d->b_scale;
	case CUBLASLT_MATMUL_DESC_C_SCALE_POINTER: *size = sizeof(d->c_scale); return &d->c_scale;
	case CUBLASLT_MATMUL_DESC_D_SCALE_POINTER: *size = sizeof(d->d_scale); return &d->d_scale;
	case CUBLASLT_MATMUL_DESC_AMAX_D_POINTER: *size = sizeof(d->amax_d); return &d->amax_d;
	case CUBLASLT_MATMUL_DESC_FAST_ACCUM: *size = sizeof(d->fast_accum); return &d->fast_accum;
	case CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE: *size = sizeof(d->bias_type); return &d->bias_type;
	default: return NULL;
	}
}

cublasStatus_t cublasLtMatmulDescInit_internal(cublasLtMatmulDesc_t d, size_t size, cublasComputeType_t computeType,
					       cudaDataType_t scaleType)
{
	if (!d || size < sizeof(*d))
		return CUBLAS_STATUS_INVALID_VALUE;
	memset(d, 0, sizeof(*d));
	d->compute_type = computeType;
	d->scale_type = scaleType;
	d->transa = d->transb = d->transc = CUBLAS_OP_N;
	d->fill_mode = CUBLAS_FILL_MODE_FULL;
	d->epilogue = CUBLASLT_EPILOGUE_DEFAULT;
	d->bias_type = -1;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *matmulDesc, cublasComputeType_t computeType,
					cudaDataType_t scaleType)
{
	if (!matmulDesc)
		return CUBLAS_STATUS_INVALID_VALUE;
	*matmulDesc = malloc(sizeof(**matmulDesc));
	if (!*matmulDesc)
		return CUBLAS_STATUS_ALLOC_FAILED;
	return cublasLtMatmulDescInit_internal(*matmulDesc, sizeof(**matmulDesc), computeType, scaleType);
}

cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t matmulDesc)
{
	free(matmulDesc);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
					      const void *buf, size_t sizeInBytes)
{
	size_t size = 0;
	void *f = matmulDesc ? desc_field(matmulDesc, attr, &size) : NULL;

	return attr_set(f, size, buf, sizeInBytes);
}

cublasStatus_t cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
					      void *buf, size_t sizeInBytes, size_t *sizeWritten)
{
	size_t size = 0;
	void *f = matmulDesc ? desc_field(matmulDesc, attr, &size) : NULL;

	return attr_get(f, size, buf, sizeInBytes, sizeWritten);
}

static void *layout_field(struct idxgen_lt_layout *l, cublasLtMatrixLayoutAttribute_t a, size_t *size)
{
	switch (a) {
	case CUBLASLT_MATRIX_LAYOUT_TYPE: *size = sizeof(l->type); return &l->type;
	case CUBLASLT_MATRIX_LAYOUT_ORDER: *size = sizeof(l->order); return &l->order;
	case CUBLASLT_MATRIX_LAYOUT_ROWS: *size = sizeof(l->rows); return &l->rows;
	case CUBLASLT_MATRIX_LAYOUT_COLS: *size = sizeof(l->cols); return &l->cols;
	case CUBLASLT_MATRIX_LAYOUT_LD: *size = sizeof(l->ld); return &l->ld;
	case CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT: *size = sizeof(l->batch_count); return &l->batch_count;
	case CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET: *size = sizeof(l->batch_stride); return &l->batch_stride;
	case CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET: *size = sizeof(l->plane_offset); return &l->plane_offset;
	default: return NULL;
	}
}

cublasStatus_t cublasLtMatrixLayoutInit_internal(cublasLtMatrixLayout_t l, size_t size, cudaDataType type,
						 uint64_t rows, uint64_t cols, int64_t ld)
{
	if (!l || size < sizeof(*l))
		return CUBLAS_STATUS_INVALID_VALUE;
	memset(l, 0, sizeof(*l));
	l->type = type;
	l->order = CUBLASLT_ORDER_COL;
	l->rows = rows;
	l->cols = cols;
	l->ld = ld;
	l->batch_count = 1;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *matLayout, cudaDataType type, uint64_t rows,
					  uint64_t cols, int64_t ld)
{
	if (!matLayout)
		return CUBLAS_STATUS_INVALID_VALUE;
	*matLayout = malloc(sizeof(**matLayout));
	if (!*matLayout)
		return CUBLAS_STATUS_ALLOC_FAILED;
	return cublasLtMatrixLayoutInit_internal(*matLayout, sizeof(**matLayout), type, rows, cols, ld);
}

cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t matLayout)
{
	free(matLayout);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t matLayout,
						cublasLtMatrixLayoutAttribute_t attr, const void *buf,
						size_t sizeInBytes)
{
	size_t size = 0;
	void *f = matLayout ? layout_field(matLayout, attr, &size) : NULL;

	return attr_set(f, size, buf, sizeInBytes);
}

cublasStatus_t cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t matLayout,
						cublasLtMatrixLayoutAttribute_t attr, void *buf, size_t sizeInBytes,
						size_t *sizeWritten)
{
	size_t size = 0;
	void *f = matLayout ? layout_field(matLayout, attr, &size) : NULL;

	return attr_get(f, size, buf, sizeInBytes, sizeWritten);
}

static void *pref_field(struct idxgen_lt_pref *p, cublasLtMatmulPreferenceAttributes_t a, size_t *size)
{
	switch (a) {
	case CUBLASLT_MATMUL_PREF_SEARCH_MODE: *size = sizeof(p->search_mode); return &p->search_mode;
	case CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES: *size = sizeof(p->max_workspace); return &p->max_workspace;
	case CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK: *size = sizeof(p->reduction_mask); return &p->reduction_mask;
	case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES: *size = sizeof(p->align_a); return &p->align_a;
	case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES: *size = sizeof(p->align_b); return &p->align_b;
	case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES: *size = sizeof(p->align_c); return &p->align_c;
	case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES: *size = sizeof(p->align_d); return &p->align_d;
	default: return NULL;
	}
}

cublasStatus_t cublasLtMatmulPreferenceInit_internal(cublasLtMatmulPreference_t pref, size_t size)
{
	if (!pref || size < sizeof(*pref))
		return CUBLAS_STATUS_INVALID_VALUE;
	memset(pref, 0, sizeof(*pref));
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *pref)
{
	if (!pref)
		return CUBLAS_STATUS_INVALID_VALUE;
	*pref = calloc(1, sizeof(**pref));
	return *pref ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t pref)
{
	free(pref);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t pref,
						    cublasLtMatmulPreferenceAttributes_t attr, const void *buf,
						    size_t sizeInBytes)
{
	size_t size = 0;
	void *f = pref ? pref_field(pref, attr, &size) : NULL;

	return attr_set(f, size, buf, sizeInBytes);
}

cublasStatus_t cublasLtMatmulPreferenceGetAttribute(cublasLtMatmulPreference_t pref,
						    cublasLtMatmulPreferenceAttributes_t attr, void *buf,
						    size_t sizeInBytes, size_t *sizeWritten)
{
	size_t size = 0;
	void *f = pref ? pref_field(pref, attr, &size) : NULL;

	return attr_get(f, size, buf, sizeInBytes, sizeWritten);
}

/* One algorithm, needing no workspace, for any problem the matmul accepts. */
cublasStatus_t cublasLtMatmulAlgoGetHeuristic(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc,
					      cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
					      cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
					      cublasLtMatmulPreference_t preference, int requestedAlgoCount,
					      cublasLtMatmulHeuristicResult_t heuristicResultsArray[],
					      int *returnAlgoCount)
{
	if (!lightHandle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!operationDesc || !Adesc || !Bdesc || !Cdesc || !Ddesc || !preference || requestedAlgoCount < 1 ||
	    !heuristicResultsArray || !returnAlgoCount)
		return CUBLAS_STATUS_INVALID_VALUE;
	memset(&heuristicResultsArray[0], 0, sizeof(heuristicResultsArray[0]));
	heuristicResultsArray[0].state = CUBLAS_STATUS_SUCCESS;
	heuristicResultsArray[0].wavesCount = 1.0f;
	*returnAlgoCount = 1;
	return CUBLAS_STATUS_SUCCESS;
}
