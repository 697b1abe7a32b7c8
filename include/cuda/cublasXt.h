/* SPDX-License-Identifier: MIT */
/*
 * cublasXt.h - cuBLAS's multi-GPU level-3 API (cublasXt) of idxgen's
 * lib/cublas: host pointers in, host results out.  Here there is one CPU
 * "device": every call is the v2 routine of the same name (OpenBLAS) on the
 * program's arrays, complete when it returns.  Block size, pinning, CPU
 * ratio and CPU routine are kept and reported, and change nothing.  Sizes
 * are size_t as CUDA's; one above INT_MAX is CUBLAS_STATUS_NOT_SUPPORTED
 * (OpenBLAS's int).  Our own header, enum values and signatures as CUDA 12's;
 * what is covered: lib/cublas/README.md.
 */
#ifndef IDXGEN_CUDA_CUBLASXT_H
#define IDXGEN_CUDA_CUBLASXT_H
/* NVIDIA's include guard, which code tests */
#define CUBLAS_XT_H_

#include "cublas_v2.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cublasXtContext;
typedef struct cublasXtContext *cublasXtHandle_t;

typedef enum { CUBLASXT_PINNING_DISABLED = 0, CUBLASXT_PINNING_ENABLED = 1 } cublasXtPinnedMemMode_t;
typedef enum {
	CUBLASXT_FLOAT = 0, CUBLASXT_DOUBLE = 1, CUBLASXT_COMPLEX = 2, CUBLASXT_DOUBLECOMPLEX = 3
} cublasXtOpType_t;
typedef enum {
	CUBLASXT_GEMM = 0, CUBLASXT_SYRK = 1, CUBLASXT_HERK = 2, CUBLASXT_SYMM = 3, CUBLASXT_HEMM = 4,
	CUBLASXT_TRSM = 5, CUBLASXT_SYR2K = 6, CUBLASXT_HER2K = 7, CUBLASXT_SPMM = 8, CUBLASXT_SYRKX = 9,
	CUBLASXT_HERKX = 10, CUBLASXT_TRMM = 11, CUBLASXT_ROUTINE_MAX = 12
} cublasXtBlasOp_t;

cublasStatus_t cublasXtCreate(cublasXtHandle_t *handle);
cublasStatus_t cublasXtDestroy(cublasXtHandle_t handle);
cublasStatus_t cublasXtGetNumBoards(int nbDevices, int deviceId[], int *nbBoards);
cublasStatus_t cublasXtMaxBoards(int *nbGpuBoards);
cublasStatus_t cublasXtDeviceSelect(cublasXtHandle_t handle, int nbDevices, int deviceId[]);
cublasStatus_t cublasXtSetBlockDim(cublasXtHandle_t handle, int blockDim);
cublasStatus_t cublasXtGetBlockDim(cublasXtHandle_t handle, int *blockDim);
cublasStatus_t cublasXtGetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t *mode);
cublasStatus_t cublasXtSetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t mode);
cublasStatus_t cublasXtSetCpuRoutine(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp, cublasXtOpType_t type,
				     void *blasFunctor);
cublasStatus_t cublasXtSetCpuRatio(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp, cublasXtOpType_t type,
				   float ratio);

/* The level-3 routines of one precision P (element T, real part R). */
#define IDXGEN_CUBLASXT__L3(P, T, R)										\
	cublasStatus_t cublasXt##P##gemm(cublasXtHandle_t h, cublasOperation_t transa, cublasOperation_t transb, \
					 size_t m, size_t n, size_t k, const T *alpha, const T *a, size_t lda,	\
					 const T *b, size_t ldb, const T *beta, T *c, size_t ldc);		\
	cublasStatus_t cublasXt##P##syrk(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					 size_t n, size_t k, const T *alpha, const T *a, size_t lda,		\
					 const T *beta, T *c, size_t ldc);					\
	cublasStatus_t cublasXt##P##syr2k(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					  size_t n, size_t k, const T *alpha, const T *a, size_t lda,		\
					  const T *b, size_t ldb, const T *beta, T *c, size_t ldc);		\
	cublasStatus_t cublasXt##P##syrkx(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					  size_t n, size_t k, const T *alpha, const T *a, size_t lda,		\
					  const T *b, size_t ldb, const T *beta, T *c, size_t ldc);		\
	cublasStatus_t cublasXt##P##trsm(cublasXtHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
					 cublasOperation_t trans, cublasDiagType_t diag, size_t m, size_t n,	\
					 const T *alpha, const T *a, size_t lda, T *b, size_t ldb);		\
	cublasStatus_t cublasXt##P##symm(cublasXtHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
					 size_t m, size_t n, const T *alpha, const T *a, size_t lda,		\
					 const T *b, size_t ldb, const T *beta, T *c, size_t ldc);		\
	cublasStatus_t cublasXt##P##spmm(cublasXtHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
					 size_t m, size_t n, const T *alpha, const T *ap, const T *b,		\
					 size_t ldb, const T *beta, T *c, size_t ldc);				\
	cublasStatus_t cublasXt##P##trmm(cublasXtHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
					 cublasOperation_t trans, cublasDiagType_t diag, size_t m, size_t n,	\
					 const T *alpha, const T *a, size_t lda, const T *b, size_t ldb, T *c,	\
					 size_t ldc);
IDXGEN_CUBLASXT__L3(S, float, float)
IDXGEN_CUBLASXT__L3(D, double, double)
IDXGEN_CUBLASXT__L3(C, cuComplex, float)
IDXGEN_CUBLASXT__L3(Z, cuDoubleComplex, double)

/* The Hermitian ones (complex only; herk's and her2k's beta, herk's alpha real). */
#define IDXGEN_CUBLASXT__HERM(P, T, R)										\
	cublasStatus_t cublasXt##P##herk(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					 size_t n, size_t k, const R *alpha, const T *a, size_t lda,		\
					 const R *beta, T *c, size_t ldc);					\
	cublasStatus_t cublasXt##P##her2k(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					  size_t n, size_t k, const T *alpha, const T *a, size_t lda,		\
					  const T *b, size_t ldb, const R *beta, T *c, size_t ldc);		\
	cublasStatus_t cublasXt##P##herkx(cublasXtHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					  size_t n, size_t k, const T *alpha, const T *a, size_t lda,		\
					  const T *b, size_t ldb, const R *beta, T *c, size_t ldc);		\
	cublasStatus_t cublasXt##P##hemm(cublasXtHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
					 size_t m, size_t n, const T *alpha, const T *a, size_t lda,		\
					 const T *b, size_t ldb, const T *beta, T *c, size_t ldc);
IDXGEN_CUBLASXT__HERM(C, cuComplex, float)
IDXGEN_CUBLASXT__HERM(Z, cuDoubleComplex, double)

#ifdef __cplusplus
}
#endif

#endif
