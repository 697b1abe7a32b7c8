/* SPDX-License-Identifier: MIT */
/*
 * cusparse.h - cuSPARSE's generic API as idxgen's lib/cusparse runs it, on
 * the CPU with kernels of our own (Debian has no sparse BLAS with this API;
 * lib/cusparse/README.md says why and what is covered): handles and streams,
 * the sparse (CSR, CSC, COO) and dense (vector, matrix) descriptors, Axpby,
 * Gather, Scatter, SpVV, SpMV, SpMM, SpSV, SpSM, SpGEMM, SparseToDense,
 * DenseToSparse and Csr2cscEx2, with 32- and 64-bit indices and real or
 * complex single and double values.  Our own header, C11 and C++11, with
 * CUDA 12's signatures so that programs written for cuSPARSE build
 * unchanged.  Of the legacy (pre-generic) API: matrix descriptors, the nnz
 * counts of dense matrices, CSR/CSC/COO index sorts, gathers and CSR <-> COO
 * row indices (the calls programs still make around the generic ones).
 *
 * One address space (lib/cudart/README.md): arrays and scalars are read
 * and written where the pointers say, whatever the pointer mode; a call
 * completes before it returns, in the order of its handle's stream.
 */
#ifndef IDXGEN_CUDA_CUSPARSE_H
#define IDXGEN_CUDA_CUSPARSE_H
/* NVIDIA's include guard and its companion: code tests them to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define CUSPARSE_H_
#define CUSPARSEAPI

#include <stddef.h>
#include <stdint.h>
#include <stdio.h> /* NVIDIA's includes it (FILE * of its logging calls): programs print without their own */
#include "driver_types.h"
#include "cuComplex.h"
#include "library_types.h"
#include "cuda_runtime_api.h" /* NVIDIA's includes it: programs allocate with no header of their own */
#ifdef __cplusplus
#include "cuda_fp16.h" /* NVIDIA's includes it: the Hprune calls take __half */
typedef __half __idxgen_cusparse_half;
#else
/* C has no __half (cuda_fp16.h is C++): the same 16 bits, binary16 */
typedef uint16_t __idxgen_cusparse_half;
#endif

#define CUSPARSE_VER_MAJOR 12
#define CUSPARSE_VER_MINOR 1
#define CUSPARSE_VER_PATCH 0
#define CUSPARSE_VER_BUILD 0
#define CUSPARSE_VERSION (CUSPARSE_VER_MAJOR * 1000 + CUSPARSE_VER_MINOR * 100 + CUSPARSE_VER_PATCH)

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
	CUSPARSE_STATUS_SUCCESS = 0,
	CUSPARSE_STATUS_NOT_INITIALIZED = 1,
	CUSPARSE_STATUS_ALLOC_FAILED = 2,
	CUSPARSE_STATUS_INVALID_VALUE = 3,
	CUSPARSE_STATUS_ARCH_MISMATCH = 4,
	CUSPARSE_STATUS_MAPPING_ERROR = 5,
	CUSPARSE_STATUS_EXECUTION_FAILED = 6,
	CUSPARSE_STATUS_INTERNAL_ERROR = 7,
	CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
	CUSPARSE_STATUS_ZERO_PIVOT = 9,
	CUSPARSE_STATUS_NOT_SUPPORTED = 10,
	CUSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11
} cusparseStatus_t;

typedef enum { CUSPARSE_POINTER_MODE_HOST = 0, CUSPARSE_POINTER_MODE_DEVICE = 1 } cusparsePointerMode_t;
typedef enum { CUSPARSE_INDEX_BASE_ZERO = 0, CUSPARSE_INDEX_BASE_ONE = 1 } cusparseIndexBase_t;
typedef enum { CUSPARSE_INDEX_16U = 1, CUSPARSE_INDEX_32I = 2, CUSPARSE_INDEX_64I = 3 } cusparseIndexType_t;
typedef enum {
	CUSPARSE_OPERATION_NON_TRANSPOSE = 0,
	CUSPARSE_OPERATION_TRANSPOSE = 1,
	CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2
} cusparseOperation_t;
typedef enum { CUSPARSE_ORDER_COL = 1, CUSPARSE_ORDER_ROW = 2 } cusparseOrder_t;
typedef enum {
	CUSPARSE_FORMAT_CSR = 1,
	CUSPARSE_FORMAT_CSC = 2,
	CUSPARSE_FORMAT_COO = 3,
	CUSPARSE_FORMAT_BLOCKED_ELL = 5,
	CUSPARSE_FORMAT_BSR = 6,
	CUSPARSE_FORMAT_SLICED_ELLPACK = 7
} cusparseFormat_t;
typedef enum { CUSPARSE_FILL_MODE_LOWER = 0, CUSPARSE_FILL_MODE_UPPER = 1 } cusparseFillMode_t;
typedef enum { CUSPARSE_DIAG_TYPE_NON_UNIT = 0, CUSPARSE_DIAG_TYPE_UNIT = 1 } cusparseDiagType_t;
typedef enum { CUSPARSE_SPMAT_FILL_MODE = 0, CUSPARSE_SPMAT_DIAG_TYPE = 1 } cusparseSpMatAttribute_t;
typedef enum { CUSPARSE_ACTION_SYMBOLIC = 0, CUSPARSE_ACTION_NUMERIC = 1 } cusparseAction_t;
typedef enum { CUSPARSE_DIRECTION_ROW = 0, CUSPARSE_DIRECTION_COLUMN = 1 } cusparseDirection_t;

/* The algorithm choices: every one computes the same result here. */
typedef enum {
	CUSPARSE_SPMV_ALG_DEFAULT = 0,
	CUSPARSE_SPMV_COO_ALG1 = 1,
	CUSPARSE_SPMV_CSR_ALG1 = 2,
	CUSPARSE_SPMV_CSR_ALG2 = 3,
	CUSPARSE_SPMV_COO_ALG2 = 4,
	CUSPARSE_SPMV_SELL_ALG1 = 5,
	CUSPARSE_SPMV_BSR_ALG1 = 6,
	CUSPARSE_MV_ALG_DEFAULT = 0, /* CUDA 11's names */
	CUSPARSE_COOMV_ALG = 1,
	CUSPARSE_CSRMV_ALG1 = 2,
	CUSPARSE_CSRMV_ALG2 = 3
} cusparseSpMVAlg_t;
typedef enum {
	CUSPARSE_SPMM_ALG_DEFAULT = 0,
	CUSPARSE_SPMM_COO_ALG1 = 1,
	CUSPARSE_SPMM_COO_ALG2 = 2,
	CUSPARSE_SPMM_COO_ALG3 = 3,
	CUSPARSE_SPMM_CSR_ALG1 = 4,
	CUSPARSE_SPMM_COO_ALG4 = 5,
	CUSPARSE_SPMM_CSR_ALG2 = 6,
	CUSPARSE_SPMM_CSR_ALG3 = 12,
	CUSPARSE_SPMM_BLOCKED_ELL_ALG1 = 13,
	CUSPARSE_SPMM_BSR_ALG1 = 14,
	CUSPARSE_MM_ALG_DEFAULT = 0, /* CUDA 11's names */
	CUSPARSE_COOMM_ALG1 = 1,
	CUSPARSE_COOMM_ALG2 = 2,
	CUSPARSE_COOMM_ALG3 = 3,
	CUSPARSE_CSRMM_ALG1 = 4
} cusparseSpMMAlg_t;
typedef enum { CUSPARSE_SDDMM_ALG_DEFAULT = 0 } cusparseSDDMMAlg_t;
typedef enum { CUSPARSE_SPSV_ALG_DEFAULT = 0 } cusparseSpSVAlg_t;
typedef enum { CUSPARSE_SPSM_ALG_DEFAULT = 0 } cusparseSpSMAlg_t;
typedef enum { CUSPARSE_SPSV_UPDATE_GENERAL = 0, CUSPARSE_SPSV_UPDATE_DIAGONAL = 1 } cusparseSpSVUpdate_t;
typedef enum { CUSPARSE_SPSM_UPDATE_GENERAL = 0, CUSPARSE_SPSM_UPDATE_DIAGONAL = 1 } cusparseSpSMUpdate_t;
typedef enum { CUSPARSE_SPARSETODENSE_ALG_DEFAULT = 0 } cusparseSparseToDenseAlg_t;
typedef enum { CUSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0 } cusparseDenseToSparseAlg_t;
typedef enum { CUSPARSE_CSR2CSC_ALG_DEFAULT = 1, CUSPARSE_CSR2CSC_ALG1 = 1 } cusparseCsr2CscAlg_t;
typedef enum {
	CUSPARSE_SPGEMM_DEFAULT = 0,
	CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC = 1,
	CUSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC = 2,
	CUSPARSE_SPGEMM_ALG1 = 3,
	CUSPARSE_SPGEMM_ALG2 = 4,
	CUSPARSE_SPGEMM_ALG3 = 5
} cusparseSpGEMMAlg_t;

struct cusparseContext;
typedef struct cusparseContext *cusparseHandle_t;
struct cusparseSpVecDescr;
struct cusparseDnVecDescr;
struct cusparseSpMatDescr;
struct cusparseDnMatDescr;
struct cusparseSpSVDescr;
struct cusparseSpSMDescr;
struct cusparseSpGEMMDescr;
typedef struct cusparseSpVecDescr *cusparseSpVecDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef struct cusparseDnMatDescr *cusparseDnMatDescr_t;
typedef struct cusparseSpVecDescr const *cusparseConstSpVecDescr_t;
typedef struct cusparseDnVecDescr const *cusparseConstDnVecDescr_t;
typedef struct cusparseSpMatDescr const *cusparseConstSpMatDescr_t;
typedef struct cusparseDnMatDescr const *cusparseConstDnMatDescr_t;
typedef struct cusparseSpSVDescr *cusparseSpSVDescr_t;
typedef struct cusparseSpSMDescr *cusparseSpSMDescr_t;
typedef struct cusparseSpGEMMDescr *cusparseSpGEMMDescr_t;

/* the legacy API's matrix descriptor */
typedef enum {
	CUSPARSE_MATRIX_TYPE_GENERAL = 0,
	CUSPARSE_MATRIX_TYPE_SYMMETRIC = 1,
	CUSPARSE_MATRIX_TYPE_HERMITIAN = 2,
	CUSPARSE_MATRIX_TYPE_TRIANGULAR = 3
} cusparseMatrixType_t;
struct cusparseMatDescr;
typedef struct cusparseMatDescr *cusparseMatDescr_t;

/* handles */
cusparseStatus_t cusparseCreate(cusparseHandle_t *handle);
cusparseStatus_t cusparseDestroy(cusparseHandle_t handle);
cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId);
cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t *streamId);
cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode);
cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t *mode);
cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int *version);
cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int *value);
const char *cusparseGetErrorName(cusparseStatus_t status);
const char *cusparseGetErrorString(cusparseStatus_t status);

/* sparse vectors */
cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *spVecDescr, int64_t size, int64_t nnz,
				     void *indices, void *values, cusparseIndexType_t idxType,
				     cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseCreateConstSpVec(cusparseConstSpVecDescr_t *spVecDescr, int64_t size,
					  int64_t nnz, const void *indices, const void *values,
					  cusparseIndexType_t idxType, cusparseIndexBase_t idxBase,
					  cudaDataType valueType);
cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t spVecDescr);
cusparseStatus_t cusparseSpVecGet(cusparseSpVecDescr_t spVecDescr, int64_t *size, int64_t *nnz,
				  void **indices, void **values, cusparseIndexType_t *idxType,
				  cusparseIndexBase_t *idxBase, cudaDataType *valueType);
cusparseStatus_t cusparseSpVecGetIndexBase(cusparseConstSpVecDescr_t spVecDescr,
					   cusparseIndexBase_t *idxBase);
cusparseStatus_t cusparseSpVecGetValues(cusparseSpVecDescr_t spVecDescr, void **values);
cusparseStatus_t cusparseSpVecSetValues(cusparseSpVecDescr_t spVecDescr, void *values);

/* dense vectors */
cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *dnVecDescr, int64_t size, void *values,
				     cudaDataType valueType);
cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t *dnVecDescr, int64_t size,
					  const void *values, cudaDataType valueType);
cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t dnVecDescr);
cusparseStatus_t cusparseDnVecGet(cusparseDnVecDescr_t dnVecDescr, int64_t *size, void **values,
				  cudaDataType *valueType);
cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t dnVecDescr, void **values);
cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t dnVecDescr, void *values);

/* sparse matrices */
cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
				   int64_t nnz, void *csrRowOffsets, void *csrColInd, void *csrValues,
				   cusparseIndexType_t csrRowOffsetsType,
				   cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
				   cudaDataType valueType);
cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
					int64_t cols, int64_t nnz, const void *csrRowOffsets,
					const void *csrColInd, const void *csrValues,
					cusparseIndexType_t csrRowOffsetsType,
					cusparseIndexType_t csrColIndType,
					cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
				   int64_t nnz, void *cscColOffsets, void *cscRowInd, void *cscValues,
				   cusparseIndexType_t cscColOffsetsType,
				   cusparseIndexType_t cscRowIndType, cusparseIndexBase_t idxBase,
				   cudaDataType valueType);
cusparseStatus_t cusparseCreateConstCsc(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
					int64_t cols, int64_t nnz, const void *cscColOffsets,
					const void *cscRowInd, const void *cscValues,
					cusparseIndexType_t cscColOffsetsType,
					cusparseIndexType_t cscRowIndType,
					cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
				   int64_t nnz, void *cooRowInd, void *cooColInd, void *cooValues,
				   cusparseIndexType_t cooIdxType, cusparseIndexBase_t idxBase,
				   cudaDataType valueType);
cusparseStatus_t cusparseCreateConstCoo(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
					int64_t cols, int64_t nnz, const void *cooRowInd,
					const void *cooColInd, const void *cooValues,
					cusparseIndexType_t cooIdxType, cusparseIndexBase_t idxBase,
					cudaDataType valueType);
cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr);
/* Blocked-ELL and sliced ELL (lib/cusparse/ell.c: read as their entries by every operation that
 * reads a matrix) */
cusparseStatus_t cusparseCreateBlockedEll(cusparseSpMatDescr_t *spMatDescr, int64_t rows,
					  int64_t cols, int64_t ellBlockSize, int64_t ellCols,
					  void *ellColInd, void *ellValue,
					  cusparseIndexType_t ellIdxType,
					  cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseCreateConstBlockedEll(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
					       int64_t cols, int64_t ellBlockSize, int64_t ellCols,
					       const void *ellColInd, const void *ellValue,
					       cusparseIndexType_t ellIdxType,
					       cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseBlockedEllGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows,
				       int64_t *cols, int64_t *ellBlockSize, int64_t *ellCols,
				       void **ellColInd, void **ellValue,
				       cusparseIndexType_t *ellIdxType,
				       cusparseIndexBase_t *idxBase, cudaDataType *valueType);
cusparseStatus_t cusparseConstBlockedEllGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
					    int64_t *cols, int64_t *ellBlockSize, int64_t *ellCols,
					    const void **ellColInd, const void **ellValue,
					    cusparseIndexType_t *ellIdxType,
					    cusparseIndexBase_t *idxBase, cudaDataType *valueType);
/* BSR of the generic API (lib/cusparse/bsr_generic.c) */
cusparseStatus_t cusparseCreateBsr(cusparseSpMatDescr_t *spMatDescr, int64_t brows, int64_t bcols, int64_t bnnz,
				   int64_t rowBlockSize, int64_t colBlockSize, void *bsrRowOffsets, void *bsrColInd,
				   void *bsrValues, cusparseIndexType_t bsrRowOffsetsType,
				   cusparseIndexType_t bsrColIndType, cusparseIndexBase_t idxBase,
				   cudaDataType valueType, cusparseOrder_t order);
cusparseStatus_t cusparseCreateConstBsr(cusparseConstSpMatDescr_t *spMatDescr, int64_t brows, int64_t bcols,
					int64_t bnnz, int64_t rowBlockSize, int64_t colBlockSize,
					const void *bsrRowOffsets, const void *bsrColInd, const void *bsrValues,
					cusparseIndexType_t bsrRowOffsetsType, cusparseIndexType_t bsrColIndType,
					cusparseIndexBase_t idxBase, cudaDataType valueType, cusparseOrder_t order);
cusparseStatus_t cusparseBsrSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
					    int64_t offsetsBatchStride, int64_t columnsBatchStride,
					    int64_t ValuesBatchStride);
cusparseStatus_t cusparseCreateSlicedEll(cusparseSpMatDescr_t *spMatDescr, int64_t rows,
					 int64_t cols, int64_t nnz, int64_t sellValuesSize,
					 int64_t sliceSize, void *sellSliceOffsets,
					 void *sellColInd, void *sellValues,
					 cusparseIndexType_t sellSliceOffsetsType,
					 cusparseIndexType_t sellColIndType,
					 cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseCreateConstSlicedEll(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
					      int64_t cols, int64_t nnz, int64_t sellValuesSize,
					      int64_t sliceSize, const void *sellSliceOffsets,
					      const void *sellColInd, const void *sellValues,
					      cusparseIndexType_t sellSliceOffsetsType,
					      cusparseIndexType_t sellColIndType,
					      cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
				int64_t *nnz, void **csrRowOffsets, void **csrColInd,
				void **csrValues, cusparseIndexType_t *csrRowOffsetsType,
				cusparseIndexType_t *csrColIndType, cusparseIndexBase_t *idxBase,
				cudaDataType *valueType);
cusparseStatus_t cusparseCooGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
				int64_t *nnz, void **cooRowInd, void **cooColInd, void **cooValues,
				cusparseIndexType_t *idxType, cusparseIndexBase_t *idxBase,
				cudaDataType *valueType);
cusparseStatus_t cusparseCscGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
				int64_t *nnz, void **cscColOffsets, void **cscRowInd,
				void **cscValues, cusparseIndexType_t *cscColOffsetsType,
				cusparseIndexType_t *cscRowIndType, cusparseIndexBase_t *idxBase,
				cudaDataType *valueType);
cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t spMatDescr, void *csrRowOffsets,
					void *csrColInd, void *csrValues);
cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t spMatDescr, void *cscColOffsets,
					void *cscRowInd, void *cscValues);
cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t spMatDescr, void *cooRows,
					void *cooColumns, void *cooValues);
cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
				      int64_t *cols, int64_t *nnz);
cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t spMatDescr,
					cusparseFormat_t *format);
cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t spMatDescr,
					   cusparseIndexBase_t *idxBase);
cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t spMatDescr, void **values);
cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t spMatDescr, void *values);
cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t spMatDescr,
					   cusparseSpMatAttribute_t attribute, void *data,
					   size_t dataSize);
cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t spMatDescr,
					   cusparseSpMatAttribute_t attribute, void *data,
					   size_t dataSize);

/* dense matrices */
cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *dnMatDescr, int64_t rows, int64_t cols,
				     int64_t ld, void *values, cudaDataType valueType,
				     cusparseOrder_t order);
cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t *dnMatDescr, int64_t rows,
					  int64_t cols, int64_t ld, const void *values,
					  cudaDataType valueType, cusparseOrder_t order);
cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t dnMatDescr);
cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t dnMatDescr, int64_t *rows, int64_t *cols,
				  int64_t *ld, void **values, cudaDataType *type,
				  cusparseOrder_t *order);
cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t dnMatDescr, void **values);
cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t dnMatDescr, void *values);

/* The const descriptors' getters (lib/cusparse/const_get.c): the mutable getters' answers */
cusparseStatus_t cusparseConstSpVecGet(cusparseConstSpVecDescr_t spVecDescr, int64_t *size,
				       int64_t *nnz, const void **indices, const void **values,
				       cusparseIndexType_t *idxType, cusparseIndexBase_t *idxBase,
				       cudaDataType *valueType);
cusparseStatus_t cusparseConstSpVecGetValues(cusparseConstSpVecDescr_t spVecDescr,
					     const void **values);
cusparseStatus_t cusparseConstSpMatGetValues(cusparseConstSpMatDescr_t spMatDescr,
					     const void **values);
cusparseStatus_t cusparseConstCooGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
				     int64_t *cols, int64_t *nnz, const void **cooRowInd,
				     const void **cooColInd, const void **cooValues,
				     cusparseIndexType_t *idxType, cusparseIndexBase_t *idxBase,
				     cudaDataType *valueType);
cusparseStatus_t cusparseConstCsrGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
				     int64_t *cols, int64_t *nnz, const void **csrRowOffsets,
				     const void **csrColInd, const void **csrValues,
				     cusparseIndexType_t *csrRowOffsetsType,
				     cusparseIndexType_t *csrColIndType,
				     cusparseIndexBase_t *idxBase, cudaDataType *valueType);
cusparseStatus_t cusparseConstCscGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
				     int64_t *cols, int64_t *nnz, const void **cscColOffsets,
				     const void **cscRowInd, const void **cscValues,
				     cusparseIndexType_t *cscColOffsetsType,
				     cusparseIndexType_t *cscRowIndType,
				     cusparseIndexBase_t *idxBase, cudaDataType *valueType);
cusparseStatus_t cusparseConstDnVecGet(cusparseConstDnVecDescr_t dnVecDescr, int64_t *size,
				       const void **values, cudaDataType *valueType);
cusparseStatus_t cusparseConstDnVecGetValues(cusparseConstDnVecDescr_t dnVecDescr,
					     const void **values);
cusparseStatus_t cusparseConstDnMatGet(cusparseConstDnMatDescr_t dnMatDescr, int64_t *rows,
				       int64_t *cols, int64_t *ld, const void **values,
				       cudaDataType *type, cusparseOrder_t *order);
cusparseStatus_t cusparseConstDnMatGetValues(cusparseConstDnMatDescr_t dnMatDescr,
					     const void **values);

/*
 * Strided batches (lib/cusparse/batch.c): batchCount matrices of one shape,
 * matrix b's arrays at b times the stride (in elements) from the first.
 * SpMM and SDDMM run one product per matrix of C's batch; an operand of
 * batch count 1 serves every product.
 */
cusparseStatus_t cusparseDnMatSetStridedBatch(cusparseDnMatDescr_t dnMatDescr, int batchCount,
					      int64_t batchStride);
cusparseStatus_t cusparseDnMatGetStridedBatch(cusparseConstDnMatDescr_t dnMatDescr, int *batchCount,
					      int64_t *batchStride);
cusparseStatus_t cusparseCsrSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
					    int64_t offsetsBatchStride, int64_t columnsValuesBatchStride);
cusparseStatus_t cusparseCscSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
					    int64_t offsetsBatchStride, int64_t rowsValuesBatchStride);
cusparseStatus_t cusparseCooSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
					    int64_t batchStride);
cusparseStatus_t cusparseSpMatGetStridedBatch(cusparseConstSpMatDescr_t spMatDescr, int *batchCount);

/* vector operations */
cusparseStatus_t cusparseAxpby(cusparseHandle_t handle, const void *alpha,
			       cusparseConstSpVecDescr_t vecX, const void *beta,
			       cusparseDnVecDescr_t vecY);
cusparseStatus_t cusparseGather(cusparseHandle_t handle, cusparseConstDnVecDescr_t vecY,
				cusparseSpVecDescr_t vecX);
cusparseStatus_t cusparseScatter(cusparseHandle_t handle, cusparseConstSpVecDescr_t vecX,
				 cusparseDnVecDescr_t vecY);
cusparseStatus_t cusparseSpVV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opX,
					 cusparseConstSpVecDescr_t vecX,
					 cusparseConstDnVecDescr_t vecY, const void *result,
					 cudaDataType computeType, size_t *bufferSize);
cusparseStatus_t cusparseSpVV(cusparseHandle_t handle, cusparseOperation_t opX,
			      cusparseConstSpVecDescr_t vecX, cusparseConstDnVecDescr_t vecY,
			      void *result, cudaDataType computeType, void *externalBuffer);
/* Givens rotation of a sparse x and a dense y: x = c x + s y, y = c y - s x (vec.c) */
cusparseStatus_t cusparseRot(cusparseHandle_t handle, const void *c_coeff, const void *s_coeff,
			     cusparseSpVecDescr_t vecX, cusparseDnVecDescr_t vecY);

/* y = alpha op(A) x + beta y */
cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
					 const void *alpha, cusparseConstSpMatDescr_t matA,
					 cusparseConstDnVecDescr_t vecX, const void *beta,
					 cusparseDnVecDescr_t vecY, cudaDataType computeType,
					 cusparseSpMVAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseSpMV_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
					 const void *alpha, cusparseConstSpMatDescr_t matA,
					 cusparseConstDnVecDescr_t vecX, const void *beta,
					 cusparseDnVecDescr_t vecY, cudaDataType computeType,
					 cusparseSpMVAlg_t alg, void *externalBuffer);
cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
			      cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
			      const void *beta, cusparseDnVecDescr_t vecY,
			      cudaDataType computeType, cusparseSpMVAlg_t alg,
			      void *externalBuffer);

/* C = alpha op(A) op(B) + beta C, A sparse */
cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
					 cusparseOperation_t opB, const void *alpha,
					 cusparseConstSpMatDescr_t matA,
					 cusparseConstDnMatDescr_t matB, const void *beta,
					 cusparseDnMatDescr_t matC, cudaDataType computeType,
					 cusparseSpMMAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
					 cusparseOperation_t opB, const void *alpha,
					 cusparseConstSpMatDescr_t matA,
					 cusparseConstDnMatDescr_t matB, const void *beta,
					 cusparseDnMatDescr_t matC, cudaDataType computeType,
					 cusparseSpMMAlg_t alg, void *externalBuffer);
cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA,
			      cusparseOperation_t opB, const void *alpha,
			      cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
			      const void *beta, cusparseDnMatDescr_t matC,
			      cudaDataType computeType, cusparseSpMMAlg_t alg,
			      void *externalBuffer);

/*
 * C = alpha (op(A) op(B)) sampled at C's pattern + beta C: A and B dense, C
 * sparse (CSR, CSC or COO); only C's stored entries are computed.
 */
cusparseStatus_t cusparseSDDMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
					  cusparseOperation_t opB, const void *alpha,
					  cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
					  const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType,
					  cusparseSDDMMAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseSDDMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
					  cusparseOperation_t opB, const void *alpha,
					  cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
					  const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType,
					  cusparseSDDMMAlg_t alg, void *externalBuffer);
cusparseStatus_t cusparseSDDMM(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
			       const void *alpha, cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
			       const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType,
			       cusparseSDDMMAlg_t alg, void *externalBuffer);

/* op(A) y = alpha x, A triangular (its fill mode and diagonal type attributes) */
cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t *descr);
cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t descr);
cusparseStatus_t cusparseSpSV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
					 const void *alpha, cusparseConstSpMatDescr_t matA,
					 cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
					 cudaDataType computeType, cusparseSpSVAlg_t alg,
					 cusparseSpSVDescr_t spsvDescr, size_t *bufferSize);
cusparseStatus_t cusparseSpSV_analysis(cusparseHandle_t handle, cusparseOperation_t opA,
				       const void *alpha, cusparseConstSpMatDescr_t matA,
				       cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
				       cudaDataType computeType, cusparseSpSVAlg_t alg,
				       cusparseSpSVDescr_t spsvDescr, void *externalBuffer);
cusparseStatus_t cusparseSpSV_solve(cusparseHandle_t handle, cusparseOperation_t opA,
				    const void *alpha, cusparseConstSpMatDescr_t matA,
				    cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
				    cudaDataType computeType, cusparseSpSVAlg_t alg,
				    cusparseSpSVDescr_t spsvDescr);
/* After the analysis: the solves read newValues instead of A's values (GENERAL) or take
 * newValues as A's diagonal, n entries (DIAGONAL); lib/cusparse/spsv.c */
cusparseStatus_t cusparseSpSV_updateMatrix(cusparseHandle_t handle, cusparseSpSVDescr_t spsvDescr,
					   void *newValues, cusparseSpSVUpdate_t updatePart);

/* op(A) C = alpha op(B), A triangular */
cusparseStatus_t cusparseSpSM_createDescr(cusparseSpSMDescr_t *descr);
cusparseStatus_t cusparseSpSM_destroyDescr(cusparseSpSMDescr_t descr);
cusparseStatus_t cusparseSpSM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
					 cusparseOperation_t opB, const void *alpha,
					 cusparseConstSpMatDescr_t matA,
					 cusparseConstDnMatDescr_t matB, cusparseDnMatDescr_t matC,
					 cudaDataType computeType, cusparseSpSMAlg_t alg,
					 cusparseSpSMDescr_t spsmDescr, size_t *bufferSize);
cusparseStatus_t cusparseSpSM_analysis(cusparseHandle_t handle, cusparseOperation_t opA,
				       cusparseOperation_t opB, const void *alpha,
				       cusparseConstSpMatDescr_t matA,
				       cusparseConstDnMatDescr_t matB, cusparseDnMatDescr_t matC,
				       cudaDataType computeType, cusparseSpSMAlg_t alg,
				       cusparseSpSMDescr_t spsmDescr, void *externalBuffer);
cusparseStatus_t cusparseSpSM_solve(cusparseHandle_t handle, cusparseOperation_t opA,
				    cusparseOperation_t opB, const void *alpha,
				    cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
				    cusparseDnMatDescr_t matC, cudaDataType computeType,
				    cusparseSpSMAlg_t alg, cusparseSpSMDescr_t spsmDescr);
cusparseStatus_t cusparseSpSM_updateMatrix(cusparseHandle_t handle, cusparseSpSMDescr_t spsmDescr,
					   void *newValues, cusparseSpSMUpdate_t updatePart);

/* conversions */
cusparseStatus_t cusparseSparseToDense_bufferSize(cusparseHandle_t handle,
						  cusparseConstSpMatDescr_t matA,
						  cusparseDnMatDescr_t matB,
						  cusparseSparseToDenseAlg_t alg,
						  size_t *bufferSize);
cusparseStatus_t cusparseSparseToDense(cusparseHandle_t handle, cusparseConstSpMatDescr_t matA,
				       cusparseDnMatDescr_t matB, cusparseSparseToDenseAlg_t alg,
				       void *externalBuffer);
cusparseStatus_t cusparseDenseToSparse_bufferSize(cusparseHandle_t handle,
						  cusparseConstDnMatDescr_t matA,
						  cusparseSpMatDescr_t matB,
						  cusparseDenseToSparseAlg_t alg,
						  size_t *bufferSize);
cusparseStatus_t cusparseDenseToSparse_analysis(cusparseHandle_t handle,
						cusparseConstDnMatDescr_t matA,
						cusparseSpMatDescr_t matB,
						cusparseDenseToSparseAlg_t alg,
						void *externalBuffer);
cusparseStatus_t cusparseDenseToSparse_convert(cusparseHandle_t handle,
					       cusparseConstDnMatDescr_t matA,
					       cusparseSpMatDescr_t matB,
					       cusparseDenseToSparseAlg_t alg,
					       void *externalBuffer);
cusparseStatus_t cusparseCsr2cscEx2_bufferSize(cusparseHandle_t handle, int m, int n, int nnz,
					       const void *csrVal, const int *csrRowPtr,
					       const int *csrColInd, void *cscVal, int *cscColPtr,
					       int *cscRowInd, cudaDataType valType,
					       cusparseAction_t copyValues,
					       cusparseIndexBase_t idxBase,
					       cusparseCsr2CscAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseCsr2cscEx2(cusparseHandle_t handle, int m, int n, int nnz,
				    const void *csrVal, const int *csrRowPtr, const int *csrColInd,
				    void *cscVal, int *cscColPtr, int *cscRowInd,
				    cudaDataType valType, cusparseAction_t copyValues,
				    cusparseIndexBase_t idxBase, cusparseCsr2CscAlg_t alg,
				    void *buffer);

/* C = alpha op(A) op(B) (+ beta C), all CSR: work estimation, compute, copy */
cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *descr);
cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t descr);
cusparseStatus_t cusparseSpGEMM_workEstimation(cusparseHandle_t handle, cusparseOperation_t opA,
					       cusparseOperation_t opB, const void *alpha,
					       cusparseConstSpMatDescr_t matA,
					       cusparseConstSpMatDescr_t matB, const void *beta,
					       cusparseSpMatDescr_t matC, cudaDataType computeType,
					       cusparseSpGEMMAlg_t alg,
					       cusparseSpGEMMDescr_t spgemmDescr,
					       size_t *bufferSize1, void *externalBuffer1);
cusparseStatus_t cusparseSpGEMM_compute(cusparseHandle_t handle, cusparseOperation_t opA,
					cusparseOperation_t opB, const void *alpha,
					cusparseConstSpMatDescr_t matA,
					cusparseConstSpMatDescr_t matB, const void *beta,
					cusparseSpMatDescr_t matC, cudaDataType computeType,
					cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t spgemmDescr,
					size_t *bufferSize2, void *externalBuffer2);
cusparseStatus_t cusparseSpGEMM_copy(cusparseHandle_t handle, cusparseOperation_t opA,
				     cusparseOperation_t opB, const void *alpha,
				     cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB,
				     const void *beta, cusparseSpMatDescr_t matC,
				     cudaDataType computeType, cusparseSpGEMMAlg_t alg,
				     cusparseSpGEMMDescr_t spgemmDescr);
/* SpGEMM's reuse form, memory estimate and product count (lib/cusparse/spgemm_reuse.c) */
cusparseStatus_t cusparseSpGEMM_getNumProducts(cusparseSpGEMMDescr_t spgemmDescr, int64_t *num_prods);
cusparseStatus_t cusparseSpGEMM_estimateMemory(cusparseHandle_t handle, cusparseOperation_t opA,
					       cusparseOperation_t opB, const void *alpha,
					       cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB,
					       const void *beta, cusparseSpMatDescr_t matC,
					       cudaDataType computeType, cusparseSpGEMMAlg_t alg,
					       cusparseSpGEMMDescr_t spgemmDescr, float chunk_fraction,
					       size_t *bufferSize3, void *externalBuffer3, size_t *bufferSize2);
cusparseStatus_t cusparseSpGEMMreuse_workEstimation(cusparseHandle_t handle, cusparseOperation_t opA,
						    cusparseOperation_t opB, cusparseConstSpMatDescr_t matA,
						    cusparseConstSpMatDescr_t matB, cusparseSpMatDescr_t matC,
						    cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t spgemmDescr,
						    size_t *bufferSize1, void *externalBuffer1);
cusparseStatus_t cusparseSpGEMMreuse_nnz(cusparseHandle_t handle, cusparseOperation_t opA,
					 cusparseOperation_t opB, cusparseConstSpMatDescr_t matA,
					 cusparseConstSpMatDescr_t matB, cusparseSpMatDescr_t matC,
					 cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t spgemmDescr,
					 size_t *bufferSize2, void *externalBuffer2, size_t *bufferSize3,
					 void *externalBuffer3, size_t *bufferSize4, void *externalBuffer4);
cusparseStatus_t cusparseSpGEMMreuse_copy(cusparseHandle_t handle, cusparseOperation_t opA,
					  cusparseOperation_t opB, cusparseConstSpMatDescr_t matA,
					  cusparseConstSpMatDescr_t matB, cusparseSpMatDescr_t matC,
					  cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t spgemmDescr,
					  size_t *bufferSize5, void *externalBuffer5);
cusparseStatus_t cusparseSpGEMMreuse_compute(cusparseHandle_t handle, cusparseOperation_t opA,
					     cusparseOperation_t opB, const void *alpha,
					     cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB,
					     const void *beta, cusparseSpMatDescr_t matC,
					     cudaDataType computeType, cusparseSpGEMMAlg_t alg,
					     cusparseSpGEMMDescr_t spgemmDescr);

/* one declaration generator GEN(P, T) for the four precisions */
/* The logger (lib/cusparse/logger.c): process-wide; refused calls are logged as errors */
typedef void (*cusparseLoggerCallback_t)(int logLevel, const char *functionName, const char *message);
cusparseStatus_t cusparseLoggerSetCallback(cusparseLoggerCallback_t callback);
cusparseStatus_t cusparseLoggerSetFile(FILE *file);
cusparseStatus_t cusparseLoggerOpenFile(const char *logFile);
cusparseStatus_t cusparseLoggerSetLevel(int level);
cusparseStatus_t cusparseLoggerSetMask(int mask);
cusparseStatus_t cusparseLoggerForceDisable(void);

/* NVIDIA's deprecation markers: our declarations carry none (a program that uses the
 * markers itself still compiles); CUSPARSE_CPP_VERSION as NVIDIA's: the C++ standard or 0 */
#ifdef __cplusplus
#define CUSPARSE_CPP_VERSION __cplusplus
#else
#define CUSPARSE_CPP_VERSION 0
#endif
#define CUSPARSE_DEPRECATED
#define CUSPARSE_DEPRECATED_TYPE
#define CUSPARSE_DEPRECATED_ENUM
#define CUSPARSE_DEPRECATED_REPLACE_WITH(new_func)
#define CUSPARSE_DEPRECATED_ENUM_REPLACE_WITH(new_enum)

/* SpMM with custom operators (lib/cusparse/spmmop.c): the operators come as NVVM IR for
 * NVIDIA's JIT, so createPlan answers CUSPARSE_STATUS_NOT_SUPPORTED */
typedef struct cusparseSpMMOpPlan *cusparseSpMMOpPlan_t;
typedef enum { CUSPARSE_SPMM_OP_ALG_DEFAULT } cusparseSpMMOpAlg_t;
cusparseStatus_t cusparseSpMMOp_createPlan(
    cusparseHandle_t handle, cusparseSpMMOpPlan_t *plan, cusparseOperation_t opA,
    cusparseOperation_t opB, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
    cusparseDnMatDescr_t matC, cudaDataType computeType, cusparseSpMMOpAlg_t alg,
    const void *addOperationNvvmBuffer, size_t addOperationBufferSize,
    const void *mulOperationNvvmBuffer, size_t mulOperationBufferSize,
    const void *epilogueNvvmBuffer, size_t epilogueBufferSize, size_t *SpMMWorkspaceSize);
cusparseStatus_t cusparseSpMMOp(cusparseSpMMOpPlan_t plan, void *externalBuffer);
cusparseStatus_t cusparseSpMMOp_destroyPlan(cusparseSpMMOpPlan_t plan);

#define IDXGEN_CUSPARSE__FOR_ALL(GEN) GEN(S, float) GEN(D, double) GEN(C, cuComplex) GEN(Z, cuDoubleComplex)

/*
 * The legacy API (lib/cusparse/legacy.c, legacy_sort.c).  A new matrix
 * descriptor is GENERAL, LOWER, NON_UNIT, base ZERO, as cuSPARSE's.
 */
cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *descrA);
cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t descrA);
cusparseStatus_t cusparseCopyMatDescr(cusparseMatDescr_t dest, const cusparseMatDescr_t src);
cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t descrA, cusparseMatrixType_t type);
cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t descrA, cusparseFillMode_t fillMode);
cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t descrA, cusparseDiagType_t diagType);
cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t descrA, cusparseIndexBase_t base);
cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t descrA);

/* nonzeros per row (dirA ROW, m counts) or column (COLUMN, n counts) of a column-major m x n A */
#define IDXGEN_CUSPARSE__NNZ(P, T)									\
	cusparseStatus_t cusparse##P##nnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,	\
					  const cusparseMatDescr_t descrA, const T *a, int lda,		\
					  int *nnzPerRowCol, int *nnzTotalDevHostPtr);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__NNZ)

/* xVal[i] = y[xInd[i] - idxBase] (CUDA 11's, gone from CUDA 12's header: cusparseGather) */
#define IDXGEN_CUSPARSE__GTHR(P, T)									\
	cusparseStatus_t cusparse##P##gthr(cusparseHandle_t handle, int nnz, const T *y, T *xVal, const int *xInd, \
					   cusparseIndexBase_t idxBase);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__GTHR)

/* CSR row offsets <-> COO row indices */
cusparseStatus_t cusparseXcsr2coo(cusparseHandle_t handle, const int *csrRowPtr, int nnz, int m,
				  int *cooRowInd, cusparseIndexBase_t idxBase);
cusparseStatus_t cusparseXcoo2csr(cusparseHandle_t handle, const int *cooRowInd, int nnz, int m,
				  int *csrRowPtr, cusparseIndexBase_t idxBase);

/*
 * Index sorts: the column indices of each CSR row (row indices of each CSC
 * column) ascending; COO entries by (row, column) or (column, row).  Stable;
 * P (may be NULL) is permuted alongside, so that starting from the identity
 * it maps each sorted place to the entry's old place (cusparseGather then
 * moves the values).  bufferSizeExt answers 0: no buffer is used.
 */
cusparseStatus_t cusparseCreateIdentityPermutation(cusparseHandle_t handle, int n, int *p);
cusparseStatus_t cusparseXcsrsort_bufferSizeExt(cusparseHandle_t handle, int m, int n, int nnz,
						const int *csrRowPtrA, const int *csrColIndA,
						size_t *pBufferSizeInBytes);
cusparseStatus_t cusparseXcsrsort(cusparseHandle_t handle, int m, int n, int nnz,
				  const cusparseMatDescr_t descrA, const int *csrRowPtrA,
				  int *csrColIndA, int *p, void *pBuffer);
cusparseStatus_t cusparseXcscsort_bufferSizeExt(cusparseHandle_t handle, int m, int n, int nnz,
						const int *cscColPtrA, const int *cscRowIndA,
						size_t *pBufferSizeInBytes);
cusparseStatus_t cusparseXcscsort(cusparseHandle_t handle, int m, int n, int nnz,
				  const cusparseMatDescr_t descrA, const int *cscColPtrA,
				  int *cscRowIndA, int *p, void *pBuffer);
cusparseStatus_t cusparseXcoosort_bufferSizeExt(cusparseHandle_t handle, int m, int n, int nnz,
						const int *cooRowsA, const int *cooColsA,
						size_t *pBufferSizeInBytes);
cusparseStatus_t cusparseXcoosortByRow(cusparseHandle_t handle, int m, int n, int nnz,
				       int *cooRowsA, int *cooColsA, int *p, void *pBuffer);
cusparseStatus_t cusparseXcoosortByColumn(cusparseHandle_t handle, int m, int n, int nnz,
					  int *cooRowsA, int *cooColsA, int *p, void *pBuffer);

/*
 * Legacy incomplete LU with no fill, ILU(0) (lib/cusparse/ilu0.c): A (m x m,
 * CSR, columns sorted in each row, GENERAL) is replaced by L (unit diagonal,
 * below) and U (on and above) in A's pattern.  The first structural (no
 * diagonal entry, found by _analysis) or numerical zero pivot is kept in the
 * info object; Xcsrilu02_zeroPivot gives its row (in A's index base) and
 * CUSPARSE_STATUS_ZERO_PIVOT, or -1.  The buffer size is 1 byte (none used).
 */
typedef enum { CUSPARSE_SOLVE_POLICY_NO_LEVEL = 0, CUSPARSE_SOLVE_POLICY_USE_LEVEL = 1 } cusparseSolvePolicy_t;
/* a legacy info object: its type, cusparseCreate<Name>Info, cusparseDestroy<Name>Info, cusparseX<name>_zeroPivot */
#define IDXGEN_CUSPARSE__INFO(Name, name)									\
	typedef struct name##Info *name##Info_t;								\
	cusparseStatus_t cusparseCreate##Name##Info(name##Info_t *info);					\
	cusparseStatus_t cusparseDestroy##Name##Info(name##Info_t info);					\
	cusparseStatus_t cusparseX##name##_zeroPivot(cusparseHandle_t handle, name##Info_t info, int *position);
IDXGEN_CUSPARSE__INFO(Csrilu02, csrilu02)
#define IDXGEN_CUSPARSE__ILU0(P, T)									\
	cusparseStatus_t cusparse##P##csrilu02_bufferSize(cusparseHandle_t handle, int m, int nnz,		\
							 const cusparseMatDescr_t descrA, T *csrValA,	\
							 const int *csrRowPtrA, const int *csrColIndA,	\
							 csrilu02Info_t info, int *pBufferSizeInBytes);	\
	cusparseStatus_t cusparse##P##csrilu02_bufferSizeExt(cusparseHandle_t handle, int m, int nnz,	\
		const cusparseMatDescr_t descrA, T *csrSortedVal, const int *csrSortedRowPtr,	\
		const int *csrSortedColInd, csrilu02Info_t info, size_t *pBufferSize);		\
	cusparseStatus_t cusparse##P##csrilu02_analysis(cusparseHandle_t handle, int m, int nnz,		\
							const cusparseMatDescr_t descrA, const T *csrValA, \
							const int *csrRowPtrA, const int *csrColIndA,	\
							csrilu02Info_t info, cusparseSolvePolicy_t policy, \
							void *pBuffer);					\
	cusparseStatus_t cusparse##P##csrilu02(cusparseHandle_t handle, int m, int nnz,			\
					       const cusparseMatDescr_t descrA, T *csrValA_valM,		\
					       const int *csrRowPtrA, const int *csrColIndA, csrilu02Info_t info, \
					       cusparseSolvePolicy_t policy, void *pBuffer);			\
	cusparseStatus_t cusparse##P##csrilu02_numericBoost(cusparseHandle_t handle, csrilu02Info_t info,	\
							    int enable_boost, double *tol, T *boost_val);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__ILU0)

/*
 * Legacy incomplete Cholesky with no fill, IC(0) (lib/cusparse/ic0.c): A
 * (m x m, CSR, Hermitian positive definite, GENERAL) ~ L L^H with L written
 * over A's lower triangle; the upper triangle is not touched.  Zero pivots
 * and buffer sizes as csrilu02's.
 */
IDXGEN_CUSPARSE__INFO(Csric02, csric02)
#define IDXGEN_CUSPARSE__IC0(P, T)									\
	cusparseStatus_t cusparse##P##csric02_bufferSize(cusparseHandle_t handle, int m, int nnz,		\
							const cusparseMatDescr_t descrA, T *csrValA,	\
							const int *csrRowPtrA, const int *csrColIndA,	\
							csric02Info_t info, int *pBufferSizeInBytes);	\
	cusparseStatus_t cusparse##P##csric02_bufferSizeExt(cusparseHandle_t handle, int m, int nnz,	\
		const cusparseMatDescr_t descrA, T *csrSortedVal, const int *csrSortedRowPtr,	\
		const int *csrSortedColInd, csric02Info_t info, size_t *pBufferSize);		\
	cusparseStatus_t cusparse##P##csric02_analysis(cusparseHandle_t handle, int m, int nnz,		\
						       const cusparseMatDescr_t descrA, const T *csrValA,	\
						       const int *csrRowPtrA, const int *csrColIndA,	\
						       csric02Info_t info, cusparseSolvePolicy_t policy,	\
						       void *pBuffer);					\
	cusparseStatus_t cusparse##P##csric02(cusparseHandle_t handle, int m, int nnz,			\
					      const cusparseMatDescr_t descrA, T *csrValA_valM,		\
					      const int *csrRowPtrA, const int *csrColIndA, csric02Info_t info, \
					      cusparseSolvePolicy_t policy, void *pBuffer);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__IC0)

/*
 * Legacy triangular solve op(A) y = alpha x (lib/cusparse/csrsv2.c): the
 * triangle and diagonal type from descrA (GENERAL), the other triangle
 * ignored; zero pivots of a non-unit diagonal as csrilu02's (structural from
 * _analysis, numerical from _solve).  Buffer sizes are 1 byte.
 */
IDXGEN_CUSPARSE__INFO(Csrsv2, csrsv2)
#define IDXGEN_CUSPARSE__SV2(P, T)									\
	cusparseStatus_t cusparse##P##csrsv2_bufferSize(cusparseHandle_t handle, cusparseOperation_t transA,	\
						       int m, int nnz, const cusparseMatDescr_t descrA,	\
						       T *csrValA, const int *csrRowPtrA,		\
						       const int *csrColIndA, csrsv2Info_t info,	\
						       int *pBufferSizeInBytes);			\
	cusparseStatus_t cusparse##P##csrsv2_bufferSizeExt(cusparseHandle_t handle, cusparseOperation_t transA, \
							  int m, int nnz, const cusparseMatDescr_t descrA, \
							  T *csrValA, const int *csrRowPtrA,		\
							  const int *csrColIndA, csrsv2Info_t info,	\
							  size_t *pBufferSize);				\
	cusparseStatus_t cusparse##P##csrsv2_analysis(cusparseHandle_t handle, cusparseOperation_t transA,	\
						     int m, int nnz, const cusparseMatDescr_t descrA,	\
						     const T *csrValA, const int *csrRowPtrA,		\
						     const int *csrColIndA, csrsv2Info_t info,		\
						     cusparseSolvePolicy_t policy, void *pBuffer);	\
	cusparseStatus_t cusparse##P##csrsv2_solve(cusparseHandle_t handle, cusparseOperation_t transA, int m, \
						  int nnz, const T *alpha, const cusparseMatDescr_t descrA,	\
						  const T *csrValA, const int *csrRowPtrA,		\
						  const int *csrColIndA, csrsv2Info_t info, const T *f,	\
						  T *x, cusparseSolvePolicy_t policy, void *pBuffer);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__SV2)

/*
 * Legacy triangular solve with several right-hand sides, op(A) op(X) =
 * alpha op(B), X over B (lib/cusparse/csrsm2.c): transB N or T; triangle,
 * diagonal type and zero pivots as csrsv2's; algo 0 or 1.  Buffer sizes
 * are 1 byte.  (CUDA 11's; gone from CUDA 12's header.)
 */
IDXGEN_CUSPARSE__INFO(Csrsm2, csrsm2)
#define IDXGEN_CUSPARSE__SM2(P, T)                                                                              \
	cusparseStatus_t cusparse##P##csrsm2_bufferSizeExt(                                                      \
		cusparseHandle_t handle, int algo, cusparseOperation_t transA, cusparseOperation_t transB, int m, \
		int nrhs, int nnz, const T *alpha, const cusparseMatDescr_t descrA, const T *csrSortedValA,     \
		const int *csrSortedRowPtrA, const int *csrSortedColIndA, const T *b, int ldb, csrsm2Info_t info, \
		cusparseSolvePolicy_t policy, size_t *pBufferSize);                                              \
	cusparseStatus_t cusparse##P##csrsm2_analysis(                                                           \
		cusparseHandle_t handle, int algo, cusparseOperation_t transA, cusparseOperation_t transB, int m, \
		int nrhs, int nnz, const T *alpha, const cusparseMatDescr_t descrA, const T *csrSortedValA,     \
		const int *csrSortedRowPtrA, const int *csrSortedColIndA, const T *b, int ldb, csrsm2Info_t info, \
		cusparseSolvePolicy_t policy, void *pBuffer);                                                    \
	cusparseStatus_t cusparse##P##csrsm2_solve(                                                              \
		cusparseHandle_t handle, int algo, cusparseOperation_t transA, cusparseOperation_t transB, int m, \
		int nrhs, int nnz, const T *alpha, const cusparseMatDescr_t descrA, const T *csrSortedValA,     \
		const int *csrSortedRowPtrA, const int *csrSortedColIndA, T *b, int ldb, csrsm2Info_t info,     \
		cusparseSolvePolicy_t policy, void *pBuffer);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__SM2)

/*
 * Legacy block-sparse triangular solve op(A) y = alpha x (lib/cusparse/bsrsv2.c):
 * A in BSR (blocks row- or column-major by dirA), the triangle of the whole
 * matrix from descrA (that half of each diagonal block), zero pivots as the
 * row j of A(j,j).  Buffer sizes are 1 byte.
 */
IDXGEN_CUSPARSE__INFO(Bsrsv2, bsrsv2)
#define IDXGEN_CUSPARSE__BSV2(P, T)                                                                            \
	cusparseStatus_t cusparse##P##bsrsv2_bufferSize(                                                       \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA, int mb, int nnzb, \
		const cusparseMatDescr_t descrA, T *bsrSortedValA, const int *bsrSortedRowPtrA,               \
		const int *bsrSortedColIndA, int blockDim, bsrsv2Info_t info, int *pBufferSizeInBytes);        \
	cusparseStatus_t cusparse##P##bsrsv2_bufferSizeExt(                                                    \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA, int mb, int nnzb, \
		const cusparseMatDescr_t descrA, T *bsrSortedValA, const int *bsrSortedRowPtrA,               \
		const int *bsrSortedColIndA, int blockSize, bsrsv2Info_t info, size_t *pBufferSize);           \
	cusparseStatus_t cusparse##P##bsrsv2_analysis(                                                         \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA, int mb, int nnzb, \
		const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,         \
		const int *bsrSortedColIndA, int blockDim, bsrsv2Info_t info, cusparseSolvePolicy_t policy,    \
		void *pBuffer);                                                                                \
	cusparseStatus_t cusparse##P##bsrsv2_solve(                                                            \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA, int mb, int nnzb, \
		const T *alpha, const cusparseMatDescr_t descrA, const T *bsrSortedValA,                      \
		const int *bsrSortedRowPtrA, const int *bsrSortedColIndA, int blockDim, bsrsv2Info_t info,     \
		const T *f, T *x, cusparseSolvePolicy_t policy, void *pBuffer);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__BSV2)

/*
 * Legacy block-sparse triangular solve with n right-hand sides, op(A)
 * op(X) = alpha op(B) (lib/cusparse/bsrsm2.c): transXY N (B, X m x n) or T
 * (n x m), no conjugate; triangle, diagonal type and zero pivots (block
 * rows) as bsrsv2's.  Buffer sizes are 1 byte.
 */
IDXGEN_CUSPARSE__INFO(Bsrsm2, bsrsm2)
#define IDXGEN_CUSPARSE__BSM2(P, T)                                                                            \
	cusparseStatus_t cusparse##P##bsrsm2_bufferSize(                                                       \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,                 \
		cusparseOperation_t transXY, int mb, int n, int nnzb, const cusparseMatDescr_t descrA,         \
		T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockSize,       \
		bsrsm2Info_t info, int *pBufferSizeInBytes);                                                   \
	cusparseStatus_t cusparse##P##bsrsm2_bufferSizeExt(                                                    \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,                 \
		cusparseOperation_t transB, int mb, int n, int nnzb, const cusparseMatDescr_t descrA,          \
		T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockSize,       \
		bsrsm2Info_t info, size_t *pBufferSize);                                                       \
	cusparseStatus_t cusparse##P##bsrsm2_analysis(                                                         \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,                 \
		cusparseOperation_t transXY, int mb, int n, int nnzb, const cusparseMatDescr_t descrA,         \
		const T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockSize, \
		bsrsm2Info_t info, cusparseSolvePolicy_t policy, void *pBuffer);                               \
	cusparseStatus_t cusparse##P##bsrsm2_solve(                                                            \
		cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,                 \
		cusparseOperation_t transXY, int mb, int n, int nnzb, const T *alpha,                          \
		const cusparseMatDescr_t descrA, const T *bsrSortedVal, const int *bsrSortedRowPtr,           \
		const int *bsrSortedColInd, int blockSize, bsrsm2Info_t info, const T *b, int ldb, T *x,       \
		int ldx, cusparseSolvePolicy_t policy, void *pBuffer);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__BSM2)

/*
 * Legacy block incomplete LU with no fill, bsrilu02 (lib/cusparse/bsrilu02.c):
 * scalar ILU(0) on the block pattern, which is block ILU(0) with exact
 * diagonal-block LU; numeric boost and zero pivots (block rows) as
 * csrilu02's.  Buffer sizes are 1 byte.
 */
IDXGEN_CUSPARSE__INFO(Bsrilu02, bsrilu02)
#define IDXGEN_CUSPARSE__BILU(P, T)                                                                            \
	cusparseStatus_t cusparse##P##bsrilu02_bufferSize(                                                     \
		cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb, const cusparseMatDescr_t descrA, \
		T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockDim,        \
		bsrilu02Info_t info, int *pBufferSizeInBytes);                                                 \
	cusparseStatus_t cusparse##P##bsrilu02_bufferSizeExt(                                                  \
		cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb, const cusparseMatDescr_t descrA, \
		T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockSize,       \
		bsrilu02Info_t info, size_t *pBufferSize);                                                     \
	cusparseStatus_t cusparse##P##bsrilu02_analysis(                                                       \
		cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb, const cusparseMatDescr_t descrA, \
		T *bsrSortedVal, const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockDim,        \
		bsrilu02Info_t info, cusparseSolvePolicy_t policy, void *pBuffer);                             \
	cusparseStatus_t cusparse##P##bsrilu02(cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb, \
					       const cusparseMatDescr_t descrA, T *bsrSortedVal,               \
					       const int *bsrSortedRowPtr, const int *bsrSortedColInd, int blockDim, \
					       bsrilu02Info_t info, cusparseSolvePolicy_t policy, void *pBuffer); \
	cusparseStatus_t cusparse##P##bsrilu02_numericBoost(cusparseHandle_t handle, bsrilu02Info_t info,     \
							    int enable_boost, double *tol, T *boost_val);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__BILU)

/*
 * Legacy block incomplete Cholesky with no fill, bsric02 (lib/cusparse/bsric02.c): scalar
 * IC(0) on the block pattern, L over the lower triangle; zero pivots (block rows) as
 * bsrilu02's.  Buffer sizes are 1 byte.
 */
IDXGEN_CUSPARSE__INFO(Bsric02, bsric02)
#define IDXGEN_CUSPARSE__BIC(P, T)                                                                 \
	cusparseStatus_t cusparse##P##bsric02_bufferSize(                                          \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb,                   \
	    const cusparseMatDescr_t descrA, T *bsrSortedVal, const int *bsrSortedRowPtr,          \
	    const int *bsrSortedColInd, int blockDim, bsric02Info_t info,                          \
	    int *pBufferSizeInBytes);                                                              \
	cusparseStatus_t cusparse##P##bsric02_bufferSizeExt(                                       \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb,                   \
	    const cusparseMatDescr_t descrA, T *bsrSortedVal, const int *bsrSortedRowPtr,          \
	    const int *bsrSortedColInd, int blockSize, bsric02Info_t info, size_t *pBufferSize);   \
	cusparseStatus_t cusparse##P##bsric02_analysis(                                            \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb,                   \
	    const cusparseMatDescr_t descrA, const T *bsrSortedVal, const int *bsrSortedRowPtr,    \
	    const int *bsrSortedColInd, int blockDim, bsric02Info_t info,                          \
	    cusparseSolvePolicy_t policy, void *pInputBuffer);                                     \
	cusparseStatus_t cusparse##P##bsric02(                                                     \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nnzb,                   \
	    const cusparseMatDescr_t descrA, T *bsrSortedVal, const int *bsrSortedRowPtr,          \
	    const int *bsrSortedColInd, int blockDim, bsric02Info_t info,                          \
	    cusparseSolvePolicy_t policy, void *pBuffer);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__BIC)

/* Batches of pentadiagonal systems, interleaved (lib/cusparse/gpsv.c: elimination with partial
 * pivoting) */
#define IDXGEN_CUSPARSE__GPSV(P, T)                                                                \
	cusparseStatus_t cusparse##P##gpsvInterleavedBatch_bufferSizeExt(                          \
	    cusparseHandle_t handle, int algo, int m, const T *ds, const T *dl, const T *d,        \
	    const T *du, const T *dw, const T *x, int batchCount, size_t *pBufferSizeInBytes);     \
	cusparseStatus_t cusparse##P##gpsvInterleavedBatch(                                        \
	    cusparseHandle_t handle, int algo, int m, T *ds, T *dl, T *d, T *du, T *dw, T *x,      \
	    int batchCount, void *pBuffer);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__GPSV)

/* Tridiagonal systems (lib/cusparse/gtsv.c): gtsv2 with pivoting, gtsv2_nopivot, batches one
 * after another (StridedBatch) or interleaved (algo 0 without pivoting, 1 and 2 with) */
#define IDXGEN_CUSPARSE__GTSV(P, T)                                                                \
	cusparseStatus_t cusparse##P##gtsv2_bufferSizeExt(cusparseHandle_t handle, int m, int n,   \
							  const T *dl, const T *d, const T *du,    \
							  const T *b, int ldb,                     \
							  size_t *bufferSizeInBytes);              \
	cusparseStatus_t cusparse##P##gtsv2(cusparseHandle_t handle, int m, int n, const T *dl,    \
					    const T *d, const T *du, T *b, int ldb, void *pBuffer); \
	cusparseStatus_t cusparse##P##gtsv2_nopivot_bufferSizeExt(                                 \
	    cusparseHandle_t handle, int m, int n, const T *dl, const T *d, const T *du,           \
	    const T *b, int ldb, size_t *bufferSizeInBytes);                                       \
	cusparseStatus_t cusparse##P##gtsv2_nopivot(cusparseHandle_t handle, int m, int n,         \
						    const T *dl, const T *d, const T *du, T *b,    \
						    int ldb, void *pBuffer);                       \
	cusparseStatus_t cusparse##P##gtsv2StridedBatch_bufferSizeExt(                             \
	    cusparseHandle_t handle, int m, const T *dl, const T *d, const T *du, const T *x,      \
	    int batchCount, int batchStride, size_t *bufferSizeInBytes);                           \
	cusparseStatus_t cusparse##P##gtsv2StridedBatch(cusparseHandle_t handle, int m,            \
							const T *dl, const T *d, const T *du,      \
							T *x, int batchCount, int batchStride,     \
							void *pBuffer);                            \
	cusparseStatus_t cusparse##P##gtsvInterleavedBatch_bufferSizeExt(                          \
	    cusparseHandle_t handle, int algo, int m, const T *dl, const T *d, const T *du,        \
	    const T *x, int batchCount, size_t *pBufferSizeInBytes);                               \
	cusparseStatus_t cusparse##P##gtsvInterleavedBatch(cusparseHandle_t handle, int algo,      \
							   int m, T *dl, T *d, T *du, T *x,        \
							   int batchCount, void *pBuffer);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__GTSV)

/* Legacy BSR conversions and products (lib/cusparse/bsr_convert.c, bsrmv.c): op(A) N only,
 * op(B) of bsrmm N or T, GENERAL descriptors */
cusparseStatus_t cusparseXcsr2bsrNnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m,
				     int n, const cusparseMatDescr_t descrA,
				     const int *csrSortedRowPtrA, const int *csrSortedColIndA,
				     int blockDim, const cusparseMatDescr_t descrC,
				     int *bsrSortedRowPtrC, int *nnzTotalDevHostPtr);
#define IDXGEN_CUSPARSE__BSR(P, T)                                                                 \
	cusparseStatus_t cusparse##P##csr2bsr(                                                     \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,                       \
	    const cusparseMatDescr_t descrA, const T *csrSortedValA, const int *csrSortedRowPtrA,  \
	    const int *csrSortedColIndA, int blockDim, const cusparseMatDescr_t descrC,            \
	    T *bsrSortedValC, int *bsrSortedRowPtrC, int *bsrSortedColIndC);                       \
	cusparseStatus_t cusparse##P##bsr2csr(                                                     \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nb,                     \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, int blockDim, const cusparseMatDescr_t descrC,            \
	    T *csrSortedValC, int *csrSortedRowPtrC, int *csrSortedColIndC);                       \
	cusparseStatus_t cusparse##P##bsrmv(                                                       \
	    cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA, int mb, \
	    int nb, int nnzb, const T *alpha, const cusparseMatDescr_t descrA,                     \
	    const T *bsrSortedValA, const int *bsrSortedRowPtrA, const int *bsrSortedColIndA,      \
	    int blockDim, const T *x, const T *beta, T *y);                                        \
	cusparseStatus_t cusparse##P##bsrxmv(                                                      \
	    cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,         \
	    int sizeOfMask, int mb, int nb, int nnzb, const T *alpha,                              \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA,                               \
	    const int *bsrSortedMaskPtrA, const int *bsrSortedRowPtrA,                             \
	    const int *bsrSortedEndPtrA, const int *bsrSortedColIndA, int blockDim, const T *x,    \
	    const T *beta, T *y);                                                                  \
	cusparseStatus_t cusparse##P##bsrmm(                                                       \
	    cusparseHandle_t handle, cusparseDirection_t dirA, cusparseOperation_t transA,         \
	    cusparseOperation_t transB, int mb, int n, int kb, int nnzb, const T *alpha,           \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, const int blockSize, const T *b, const int ldb,           \
	    const T *beta, T *c, int ldc);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__BSR)

/* General BSR (rowBlockDim x colBlockDim blocks; lib/cusparse/bsr_convert.c, gebsc.c) */
cusparseStatus_t cusparseXcsr2gebsrNnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m,
				       int n, const cusparseMatDescr_t descrA,
				       const int *csrSortedRowPtrA, const int *csrSortedColIndA,
				       const cusparseMatDescr_t descrC, int *bsrSortedRowPtrC,
				       int rowBlockDim, int colBlockDim, int *nnzTotalDevHostPtr,
				       void *pBuffer);
cusparseStatus_t cusparseXgebsr2csr(cusparseHandle_t handle, cusparseDirection_t dirA, int mb,
				    int nb, const cusparseMatDescr_t descrA,
				    const int *bsrSortedRowPtrA, const int *bsrSortedColIndA,
				    int rowBlockDim, int colBlockDim,
				    const cusparseMatDescr_t descrC, int *csrSortedRowPtrC,
				    int *csrSortedColIndC);
cusparseStatus_t cusparseXgebsr2gebsrNnz(cusparseHandle_t handle, cusparseDirection_t dirA,
					 int mb, int nb, int nnzb,
					 const cusparseMatDescr_t descrA,
					 const int *bsrSortedRowPtrA, const int *bsrSortedColIndA,
					 int rowBlockDimA, int colBlockDimA,
					 const cusparseMatDescr_t descrC, int *bsrSortedRowPtrC,
					 int rowBlockDimC, int colBlockDimC,
					 int *nnzTotalDevHostPtr, void *pBuffer);
#define IDXGEN_CUSPARSE__GEBSR(P, T)                                                               \
	cusparseStatus_t cusparse##P##csr2gebsr(                                                   \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,                       \
	    const cusparseMatDescr_t descrA, const T *csrSortedValA, const int *csrSortedRowPtrA,  \
	    const int *csrSortedColIndA, const cusparseMatDescr_t descrC, T *bsrSortedValC,        \
	    int *bsrSortedRowPtrC, int *bsrSortedColIndC, int rowBlockDim, int colBlockDim,        \
	    void *pBuffer);                                                                        \
	cusparseStatus_t cusparse##P##csr2gebsr_bufferSize(                                        \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,                       \
	    const cusparseMatDescr_t descrA, const T *csrSortedValA, const int *csrSortedRowPtrA,  \
	    const int *csrSortedColIndA, int rowBlockDim, int colBlockDim,                         \
	    int *pBufferSizeInBytes);                                                              \
	cusparseStatus_t cusparse##P##csr2gebsr_bufferSizeExt(                                     \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,                       \
	    const cusparseMatDescr_t descrA, const T *csrSortedValA, const int *csrSortedRowPtrA,  \
	    const int *csrSortedColIndA, int rowBlockDim, int colBlockDim, size_t *pBufferSize);   \
	cusparseStatus_t cusparse##P##gebsr2csr(                                                   \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nb,                     \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, int rowBlockDim, int colBlockDim,                         \
	    const cusparseMatDescr_t descrC, T *csrSortedValC, int *csrSortedRowPtrC,              \
	    int *csrSortedColIndC);                                                                \
	cusparseStatus_t cusparse##P##gebsr2gebsr(                                                 \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nb, int nnzb,           \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, int rowBlockDimA, int colBlockDimA,                       \
	    const cusparseMatDescr_t descrC, T *bsrSortedValC, int *bsrSortedRowPtrC,              \
	    int *bsrSortedColIndC, int rowBlockDimC, int colBlockDimC, void *pBuffer);             \
	cusparseStatus_t cusparse##P##gebsr2gebsr_bufferSize(                                      \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nb, int nnzb,           \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, int rowBlockDimA, int colBlockDimA, int rowBlockDimC,     \
	    int colBlockDimC, int *pBufferSizeInBytes);                                            \
	cusparseStatus_t cusparse##P##gebsr2gebsr_bufferSizeExt(                                   \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nb, int nnzb,           \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, int rowBlockDimA, int colBlockDimA, int rowBlockDimC,     \
	    int colBlockDimC, size_t *pBufferSize);                                                \
	cusparseStatus_t cusparse##P##gebsr2gebsc(                                                 \
	    cusparseHandle_t handle, int mb, int nb, int nnzb, const T *bsrSortedVal,              \
	    const int *bsrSortedRowPtr, const int *bsrSortedColInd, int rowBlockDim,               \
	    int colBlockDim, T *bscVal, int *bscRowInd, int *bscColPtr,                            \
	    cusparseAction_t copyValues, cusparseIndexBase_t idxBase, void *pBuffer);              \
	cusparseStatus_t cusparse##P##gebsr2gebsc_bufferSize(                                      \
	    cusparseHandle_t handle, int mb, int nb, int nnzb, const T *bsrSortedVal,              \
	    const int *bsrSortedRowPtr, const int *bsrSortedColInd, int rowBlockDim,               \
	    int colBlockDim, int *pBufferSizeInBytes);                                             \
	cusparseStatus_t cusparse##P##gebsr2gebsc_bufferSizeExt(                                   \
	    cusparseHandle_t handle, int mb, int nb, int nnzb, const T *bsrSortedVal,              \
	    const int *bsrSortedRowPtr, const int *bsrSortedColInd, int rowBlockDim,               \
	    int colBlockDim, size_t *pBufferSize);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__GEBSR)

/* Dense matrix times sparse vector, y = alpha op(A) x + beta y (lib/cusparse/gemvi.c) */
#define IDXGEN_CUSPARSE__GEMVI(P, T)                                                               \
	cusparseStatus_t cusparse##P##gemvi_bufferSize(cusparseHandle_t handle,                    \
						       cusparseOperation_t transA, int m, int n,   \
						       int nnz, int *pBufferSize);                 \
	cusparseStatus_t cusparse##P##gemvi(cusparseHandle_t handle, cusparseOperation_t transA,   \
					    int m, int n, const T *alpha, const T *a, int lda,     \
					    int nnz, const T *xVal, const int *xInd,               \
					    const T *beta, T *y, cusparseIndexBase_t idxBase,      \
					    void *pBuffer);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__GEMVI)

/* CSR without the entries of magnitude <= tol (lib/cusparse/compress.c) */
#define IDXGEN_CUSPARSE__COMPRESS(P, T)                                                            \
	cusparseStatus_t cusparse##P##nnz_compress(                                                \
	    cusparseHandle_t handle, int m, const cusparseMatDescr_t descr,                        \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, int *nnzPerRow, int *nnzC,        \
	    T tol);                                                                                \
	cusparseStatus_t cusparse##P##csr2csr_compress(                                            \
	    cusparseHandle_t handle, int m, int n, const cusparseMatDescr_t descrA,                \
	    const T *csrSortedValA, const int *csrSortedColIndA, const int *csrSortedRowPtrA,      \
	    int nnzA, const int *nnzPerRow, T *csrSortedValC, int *csrSortedColIndC,               \
	    int *csrSortedRowPtrC, T tol);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__COMPRESS)

/* C = alpha A + beta B in CSR, C's pattern the union (lib/cusparse/geam2.c) */
cusparseStatus_t cusparseXcsrgeam2Nnz(cusparseHandle_t handle, int m, int n,
				      const cusparseMatDescr_t descrA, int nnzA,
				      const int *csrSortedRowPtrA, const int *csrSortedColIndA,
				      const cusparseMatDescr_t descrB, int nnzB,
				      const int *csrSortedRowPtrB, const int *csrSortedColIndB,
				      const cusparseMatDescr_t descrC, int *csrSortedRowPtrC,
				      int *nnzTotalDevHostPtr, void *workspace);
#define IDXGEN_CUSPARSE__GEAM2(P, T)                                                               \
	cusparseStatus_t cusparse##P##csrgeam2_bufferSizeExt(                                      \
	    cusparseHandle_t handle, int m, int n, const T *alpha,                                 \
	    const cusparseMatDescr_t descrA, int nnzA, const T *csrSortedValA,                     \
	    const int *csrSortedRowPtrA, const int *csrSortedColIndA, const T *beta,               \
	    const cusparseMatDescr_t descrB, int nnzB, const T *csrSortedValB,                     \
	    const int *csrSortedRowPtrB, const int *csrSortedColIndB,                              \
	    const cusparseMatDescr_t descrC, const T *csrSortedValC, const int *csrSortedRowPtrC,  \
	    const int *csrSortedColIndC, size_t *pBufferSizeInBytes);                              \
	cusparseStatus_t cusparse##P##csrgeam2(                                                    \
	    cusparseHandle_t handle, int m, int n, const T *alpha,                                 \
	    const cusparseMatDescr_t descrA, int nnzA, const T *csrSortedValA,                     \
	    const int *csrSortedRowPtrA, const int *csrSortedColIndA, const T *beta,               \
	    const cusparseMatDescr_t descrB, int nnzB, const T *csrSortedValB,                     \
	    const int *csrSortedRowPtrB, const int *csrSortedColIndB,                              \
	    const cusparseMatDescr_t descrC, T *csrSortedValC, int *csrSortedRowPtrC,              \
	    int *csrSortedColIndC, void *pBuffer);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__GEAM2)

/* Rows in any column order sorted in place and back (lib/cusparse/csru2csr.c) */
typedef struct csru2csrInfo *csru2csrInfo_t;
cusparseStatus_t cusparseCreateCsru2csrInfo(csru2csrInfo_t *info);
cusparseStatus_t cusparseDestroyCsru2csrInfo(csru2csrInfo_t info);
#define IDXGEN_CUSPARSE__CSRU(P, T)                                                                \
	cusparseStatus_t cusparse##P##csru2csr_bufferSizeExt(                                      \
	    cusparseHandle_t handle, int m, int n, int nnz, T *csrVal, const int *csrRowPtr,       \
	    int *csrColInd, csru2csrInfo_t info, size_t *pBufferSizeInBytes);                      \
	cusparseStatus_t cusparse##P##csru2csr(cusparseHandle_t handle, int m, int n, int nnz,     \
					       const cusparseMatDescr_t descrA, T *csrVal,         \
					       const int *csrRowPtr, int *csrColInd,               \
					       csru2csrInfo_t info, void *pBuffer);                \
	cusparseStatus_t cusparse##P##csr2csru(cusparseHandle_t handle, int m, int n, int nnz,     \
					       const cusparseMatDescr_t descrA, T *csrVal,         \
					       const int *csrRowPtr, int *csrColInd,               \
					       csru2csrInfo_t info, void *pBuffer);
IDXGEN_CUSPARSE__FOR_ALL(IDXGEN_CUSPARSE__CSRU)

/* A coloring of the adjacency graph of a CSR matrix (lib/cusparse/csrcolor.c: first fit) */
typedef enum { CUSPARSE_COLOR_ALG0 = 0, CUSPARSE_COLOR_ALG1 = 1 } cusparseColorAlg_t;
typedef struct cusparseColorInfo *cusparseColorInfo_t;
cusparseStatus_t cusparseCreateColorInfo(cusparseColorInfo_t *info);
cusparseStatus_t cusparseDestroyColorInfo(cusparseColorInfo_t info);
#define IDXGEN_CUSPARSE__COLOR(P, T, R)                                                            \
	cusparseStatus_t cusparse##P##csrcolor(                                                    \
	    cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,              \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    const R *fractionToColor, int *ncolors, int *coloring, int *reordering,                \
	    const cusparseColorInfo_t info);
IDXGEN_CUSPARSE__COLOR(S, float, float)
IDXGEN_CUSPARSE__COLOR(D, double, double)
IDXGEN_CUSPARSE__COLOR(C, cuComplex, float)
IDXGEN_CUSPARSE__COLOR(Z, cuDoubleComplex, double)

/* Dense or CSR to CSR without the entries of magnitude <= a threshold, given or from a
 * percentage (lib/cusparse/prune.c); S, D and H (binary16) */
typedef struct pruneInfo *pruneInfo_t;
cusparseStatus_t cusparseCreatePruneInfo(pruneInfo_t *info);
cusparseStatus_t cusparseDestroyPruneInfo(pruneInfo_t info);
#define IDXGEN_CUSPARSE__PRUNE(P, T)                                                               \
	cusparseStatus_t cusparse##P##pruneDense2csr_bufferSizeExt(                                \
	    cusparseHandle_t handle, int m, int n, const T *a, int lda, const T *threshold,        \
	    const cusparseMatDescr_t descrC, const T *csrSortedValC, const int *csrSortedRowPtrC,  \
	    const int *csrSortedColIndC, size_t *pBufferSizeInBytes);                              \
	cusparseStatus_t cusparse##P##pruneDense2csrNnz(                                           \
	    cusparseHandle_t handle, int m, int n, const T *a, int lda, const T *threshold,        \
	    const cusparseMatDescr_t descrC, int *csrRowPtrC, int *nnzTotalDevHostPtr,             \
	    void *pBuffer);                                                                        \
	cusparseStatus_t cusparse##P##pruneDense2csr(                                              \
	    cusparseHandle_t handle, int m, int n, const T *a, int lda, const T *threshold,        \
	    const cusparseMatDescr_t descrC, T *csrSortedValC, const int *csrSortedRowPtrC,        \
	    int *csrSortedColIndC, void *pBuffer);                                                 \
	cusparseStatus_t cusparse##P##pruneCsr2csr_bufferSizeExt(                                  \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    const T *threshold, const cusparseMatDescr_t descrC, const T *csrSortedValC,           \
	    const int *csrSortedRowPtrC, const int *csrSortedColIndC, size_t *pBufferSizeInBytes); \
	cusparseStatus_t cusparse##P##pruneCsr2csrNnz(                                             \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    const T *threshold, const cusparseMatDescr_t descrC, int *csrSortedRowPtrC,            \
	    int *nnzTotalDevHostPtr, void *pBuffer);                                               \
	cusparseStatus_t cusparse##P##pruneCsr2csr(                                                \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    const T *threshold, const cusparseMatDescr_t descrC, T *csrSortedValC,                 \
	    const int *csrSortedRowPtrC, int *csrSortedColIndC, void *pBuffer);                    \
	cusparseStatus_t cusparse##P##pruneDense2csrByPercentage_bufferSizeExt(                    \
	    cusparseHandle_t handle, int m, int n, const T *a, int lda, float percentage,          \
	    const cusparseMatDescr_t descrC, const T *csrSortedValC, const int *csrSortedRowPtrC,  \
	    const int *csrSortedColIndC, pruneInfo_t info, size_t *pBufferSizeInBytes);            \
	cusparseStatus_t cusparse##P##pruneDense2csrNnzByPercentage(                               \
	    cusparseHandle_t handle, int m, int n, const T *a, int lda, float percentage,          \
	    const cusparseMatDescr_t descrC, int *csrRowPtrC, int *nnzTotalDevHostPtr,             \
	    pruneInfo_t info, void *pBuffer);                                                      \
	cusparseStatus_t cusparse##P##pruneDense2csrByPercentage(                                  \
	    cusparseHandle_t handle, int m, int n, const T *a, int lda, float percentage,          \
	    const cusparseMatDescr_t descrC, T *csrSortedValC, const int *csrSortedRowPtrC,        \
	    int *csrSortedColIndC, pruneInfo_t info, void *pBuffer);                               \
	cusparseStatus_t cusparse##P##pruneCsr2csrByPercentage_bufferSizeExt(                      \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    float percentage, const cusparseMatDescr_t descrC, const T *csrSortedValC,             \
	    const int *csrSortedRowPtrC, const int *csrSortedColIndC, pruneInfo_t info,            \
	    size_t *pBufferSizeInBytes);                                                           \
	cusparseStatus_t cusparse##P##pruneCsr2csrNnzByPercentage(                                 \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    float percentage, const cusparseMatDescr_t descrC, int *csrSortedRowPtrC,              \
	    int *nnzTotalDevHostPtr, pruneInfo_t info, void *pBuffer);                             \
	cusparseStatus_t cusparse##P##pruneCsr2csrByPercentage(                                    \
	    cusparseHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,      \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    float percentage, const cusparseMatDescr_t descrC, T *csrSortedValC,                   \
	    const int *csrSortedRowPtrC, int *csrSortedColIndC, pruneInfo_t info, void *pBuffer);
IDXGEN_CUSPARSE__PRUNE(S, float)
IDXGEN_CUSPARSE__PRUNE(D, double)
IDXGEN_CUSPARSE__PRUNE(H, __idxgen_cusparse_half)

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_CUSPARSE_H */
