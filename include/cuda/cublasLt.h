/* SPDX-License-Identifier: MIT */
/*
 * cublasLt.h - cuBLASLt's matmul as idxgen's lib/cublas runs it on OpenBLAS:
 * handles, matmul descriptors (compute and scale type, transposes, the
 * bias/ReLU/GELU epilogues), matrix layouts (type, rows, columns, leading
 * dimension, column or row order, strided batches), preferences and the
 * heuristic query, and cublasLtMatmul: D = epilogue(alpha op(A) op(B) +
 * beta C).  Our own header, C11 and C++11, with CUDA 12's names, enum values
 * and signatures, so that programs written for cuBLASLt build unchanged.
 * What is covered and what is not: lib/cublas/README.md.
 */
#ifndef IDXGEN_CUDA_CUBLASLT_H
#define IDXGEN_CUDA_CUBLASLT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h> /* NVIDIA's includes it (FILE * of its logging calls): programs print without their own */
#include "cublas_api.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cublasLtContext;
typedef struct cublasLtContext *cublasLtHandle_t;

/*
 * The descriptors are ours (lib/cublas/lt.c, which alone reads their
 * fields).  Their types are complete because programs also hold them by
 * value, as NVIDIA's opaque structs, and set them up with the Init calls
 * (cublasLtMatmulDescOpaque_t d = {}; cublasLtMatmulDescInit(&d, ...)).
 */
struct idxgen_lt_matmul_desc {
	int32_t compute_type;	/* cublasComputeType_t */
	int32_t scale_type;	/* cudaDataType_t of alpha and beta */
	int32_t pointer_mode, transa, transb, transc, fill_mode, epilogue;
	const void *bias;
	int64_t bias_batch_stride;
	int32_t bias_type;	/* -1: D's type */
	void *aux;		/* the _AUX epilogues' output: accepted, refused at the matmul */
	int64_t aux_ld, aux_batch_stride, alpha_batch_stride;
	int32_t sm_count;
	int8_t fast_accum;
	/* FP8: scale factors (float, NULL is 1) and where D's amax goes (NULL: nowhere) */
	const float *a_scale, *b_scale, *c_scale, *d_scale;
	float *amax_d;
};

struct idxgen_lt_layout {
	uint32_t type;		/* cudaDataType */
	int32_t order;		/* cublasLtOrder_t */
	uint64_t rows, cols;
	int64_t ld;
	int32_t batch_count;
	int64_t batch_stride;	/* elements between the batch's matrices */
	int64_t plane_offset;
};

struct idxgen_lt_pref {
	uint32_t search_mode, reduction_mask;
	uint64_t max_workspace;
	uint32_t align_a, align_b, align_c, align_d;
};

typedef struct idxgen_lt_matmul_desc cublasLtMatmulDescOpaque_t;
typedef cublasLtMatmulDescOpaque_t *cublasLtMatmulDesc_t;
typedef struct idxgen_lt_layout cublasLtMatrixLayoutOpaque_t;
typedef cublasLtMatrixLayoutOpaque_t *cublasLtMatrixLayout_t;
typedef struct idxgen_lt_pref cublasLtMatmulPreferenceOpaque_t;
typedef cublasLtMatmulPreferenceOpaque_t *cublasLtMatmulPreference_t;

typedef struct {
	uint64_t data[8];
} cublasLtMatmulAlgo_t;

typedef struct {
	cublasLtMatmulAlgo_t algo;
	size_t workspaceSize;
	cublasStatus_t state;
	float wavesCount;
	int reserved[4];
} cublasLtMatmulHeuristicResult_t;

typedef enum {
	CUBLASLT_ORDER_COL = 0, CUBLASLT_ORDER_ROW = 1, CUBLASLT_ORDER_COL32 = 2,
	CUBLASLT_ORDER_COL4_4R2_8C = 3, CUBLASLT_ORDER_COL32_2R_4R4 = 4
} cublasLtOrder_t;

typedef enum {
	CUBLASLT_MATRIX_LAYOUT_TYPE = 0, CUBLASLT_MATRIX_LAYOUT_ORDER = 1, CUBLASLT_MATRIX_LAYOUT_ROWS = 2,
	CUBLASLT_MATRIX_LAYOUT_COLS = 3, CUBLASLT_MATRIX_LAYOUT_LD = 4, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5,
	CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6, CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET = 7
} cublasLtMatrixLayoutAttribute_t;

typedef enum {
	CUBLASLT_POINTER_MODE_HOST = 0, CUBLASLT_POINTER_MODE_DEVICE = 1, CUBLASLT_POINTER_MODE_DEVICE_VECTOR = 2,
	CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO = 3,
	CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST = 4
} cublasLtPointerMode_t;

typedef enum {
	CUBLASLT_MATMUL_DESC_COMPUTE_TYPE = 0, CUBLASLT_MATMUL_DESC_SCALE_TYPE = 1,
	CUBLASLT_MATMUL_DESC_POINTER_MODE = 2, CUBLASLT_MATMUL_DESC_TRANSA = 3, CUBLASLT_MATMUL_DESC_TRANSB = 4,
	CUBLASLT_MATMUL_DESC_TRANSC = 5, CUBLASLT_MATMUL_DESC_FILL_MODE = 6, CUBLASLT_MATMUL_DESC_EPILOGUE = 7,
	CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE = 10,
	CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 11, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 12,
	CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 13, CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE = 14,
	CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET = 15,
	/* FP8 (lib/cublas/README.md): float scale factors and D's amax, device pointers */
	CUBLASLT_MATMUL_DESC_A_SCALE_POINTER = 17, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER = 18,
	CUBLASLT_MATMUL_DESC_C_SCALE_POINTER = 19, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER = 20,
	CUBLASLT_MATMUL_DESC_AMAX_D_POINTER = 21, CUBLASLT_MATMUL_DESC_FAST_ACCUM = 25,
	CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26
} cublasLtMatmulDescAttributes_t;

typedef enum {
	CUBLASLT_EPILOGUE_DEFAULT = 1, CUBLASLT_EPILOGUE_RELU = 2, CUBLASLT_EPILOGUE_RELU_AUX = 2 | 128,
	CUBLASLT_EPILOGUE_BIAS = 4, CUBLASLT_EPILOGUE_RELU_BIAS = 2 | 4, CUBLASLT_EPILOGUE_RELU_AUX_BIAS = 2 | 128 | 4,
	CUBLASLT_EPILOGUE_DRELU = 8 | 128, CUBLASLT_EPILOGUE_DRELU_BGRAD = 8 | 128 | 16, CUBLASLT_EPILOGUE_GELU = 32,
	CUBLASLT_EPILOGUE_GELU_AUX = 32 | 128, CUBLASLT_EPILOGUE_GELU_BIAS = 32 | 4,
	CUBLASLT_EPILOGUE_GELU_AUX_BIAS = 32 | 128 | 4, CUBLASLT_EPILOGUE_DGELU = 64 | 128,
	CUBLASLT_EPILOGUE_DGELU_BGRAD = 64 | 128 | 16, CUBLASLT_EPILOGUE_BGRADA = 256, CUBLASLT_EPILOGUE_BGRADB = 512
} cublasLtEpilogue_t;

typedef enum { CUBLASLT_SEARCH_BEST_FIT = 0, CUBLASLT_SEARCH_LIMITED_BY_ALGO_ID = 1 } cublasLtMatmulSearch_t;

typedef enum {
	CUBLASLT_MATMUL_PREF_SEARCH_MODE = 0, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1,
	CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK = 3, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES = 5,
	CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES = 6, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES = 7,
	CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES = 8
} cublasLtMatmulPreferenceAttributes_t;

cublasStatus_t cublasLtCreate(cublasLtHandle_t *lightHandle);
cublasStatus_t cublasLtDestroy(cublasLtHandle_t lightHandle);
size_t cublasLtGetVersion(void);
cublasStatus_t cublasLtGetProperty(libraryPropertyType type, int *value);

cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *matmulDesc, cublasComputeType_t computeType,
					cudaDataType_t scaleType);
cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t matmulDesc);
cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
					      const void *buf, size_t sizeInBytes);
cublasStatus_t cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
					      void *buf, size_t sizeInBytes, size_t *sizeWritten);

cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *matLayout, cudaDataType type, uint64_t rows,
					  uint64_t cols, int64_t ld);
cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t matLayout);
cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t matLayout,
						cublasLtMatrixLayoutAttribute_t attr, const void *buf,
						size_t sizeInBytes);
cublasStatus_t cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t matLayout,
						cublasLtMatrixLayoutAttribute_t attr, void *buf, size_t sizeInBytes,
						size_t *sizeWritten);

cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *pref);
cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t pref);
cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t pref,
						    cublasLtMatmulPreferenceAttributes_t attr, const void *buf,
						    size_t sizeInBytes);
cublasStatus_t cublasLtMatmulPreferenceGetAttribute(cublasLtMatmulPreference_t pref,
						    cublasLtMatmulPreferenceAttributes_t attr, void *buf,
						    size_t sizeInBytes, size_t *sizeWritten);

/*
 * The Init calls set up a descriptor the program holds (by value, as the
 * Create calls' own): the same defaults as Create.  size is sizeof the
 * descriptor, passed by the inline wrappers as NVIDIA's; a smaller one is
 * CUBLAS_STATUS_INVALID_VALUE.  Nothing to destroy.
 */
cublasStatus_t cublasLtMatmulDescInit_internal(cublasLtMatmulDesc_t matmulDesc, size_t size,
					       cublasComputeType_t computeType, cudaDataType_t scaleType);
cublasStatus_t cublasLtMatrixLayoutInit_internal(cublasLtMatrixLayout_t matLayout, size_t size, cudaDataType type,
						 uint64_t rows, uint64_t cols, int64_t ld);
cublasStatus_t cublasLtMatmulPreferenceInit_internal(cublasLtMatmulPreference_t pref, size_t size);
static inline cublasStatus_t cublasLtMatmulDescInit(cublasLtMatmulDesc_t matmulDesc, cublasComputeType_t computeType,
						    cudaDataType_t scaleType)
{
	return cublasLtMatmulDescInit_internal(matmulDesc, sizeof(*matmulDesc), computeType, scaleType);
}
static inline cublasStatus_t cublasLtMatrixLayoutInit(cublasLtMatrixLayout_t matLayout, cudaDataType type,
						      uint64_t rows, uint64_t cols, int64_t ld)
{
	return cublasLtMatrixLayoutInit_internal(matLayout, sizeof(*matLayout), type, rows, cols, ld);
}
static inline cublasStatus_t cublasLtMatmulPreferenceInit(cublasLtMatmulPreference_t pref)
{
	return cublasLtMatmulPreferenceInit_internal(pref, sizeof(*pref));
}

cublasStatus_t cublasLtMatmulAlgoGetHeuristic(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc,
					      cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
					      cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
					      cublasLtMatmulPreference_t preference, int requestedAlgoCount,
					      cublasLtMatmulHeuristicResult_t heuristicResultsArray[],
					      int *returnAlgoCount);

cublasStatus_t cublasLtMatmul(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t computeDesc, const void *alpha,
			      const void *a, cublasLtMatrixLayout_t Adesc, const void *b,
			      cublasLtMatrixLayout_t Bdesc, const void *beta, const void *c,
			      cublasLtMatrixLayout_t Cdesc, void *d, cublasLtMatrixLayout_t Ddesc,
			      const cublasLtMatmulAlgo_t *algo, void *workspace, size_t workspaceSizeInBytes,
			      cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
