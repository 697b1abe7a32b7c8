/* SPDX-License-Identifier: MIT */
/*
 * cublas_api.h - the cuBLAS v2 API (handles, streams, pointer modes,
 * column-major BLAS levels 1-3 in S/D/C/Z, batched and mixed-precision GEMM)
 * of idxgen's lib/cublas, which runs it on OpenBLAS.  Our own header, C11 and
 * C++11; enum values and signatures are CUDA 12's, so programs written for
 * cuBLAS build unchanged.  What is covered and what is not: lib/cublas/README.md.
 *
 * One address space (lib/cudart/README.md): device and host pointers are the
 * same, so both pointer modes read scalars and write results through the
 * pointer given; a call completes before it returns, in the order of its
 * handle's stream.
 */
#ifndef IDXGEN_CUDA_CUBLAS_API_H
#define IDXGEN_CUDA_CUBLAS_API_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define CUBLAS_API_H_

#include <stddef.h>
#include <stdint.h>
#include "driver_types.h"
#include "cuComplex.h"
#include "library_types.h"
/* NVIDIA's cublas.h, cublas_v2.h and cusolverDn.h all reach cuda_runtime_api.h: code built by a
 * host compiler (HPL's CUDA port, mpicc on cuda_dgemm.cpp) calls cudaMalloc with no header of its own */
#include "cuda_runtime_api.h"
#ifdef __cplusplus
#include "cuda_fp16.h"
#include "cuda_bf16.h" /* NVIDIA's includes both (cublasGemmEx's element types) */
/* cublasHgemm's scalars and matrices: cuda_fp16.h's __half in C++ */
typedef __half __idxgen_cublas_half;
#else
/* C has no __half (cuda_fp16.h is C++): the same 16 bits, binary16 */
typedef uint16_t __idxgen_cublas_half;
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define CUBLAS_VER_MAJOR 12
#define CUBLAS_VER_MINOR 0
#define CUBLAS_VER_PATCH 0
#define CUBLAS_VERSION (CUBLAS_VER_MAJOR * 10000 + CUBLAS_VER_MINOR * 100 + CUBLAS_VER_PATCH)

typedef enum {
	CUBLAS_STATUS_SUCCESS = 0,
	CUBLAS_STATUS_NOT_INITIALIZED = 1,
	CUBLAS_STATUS_ALLOC_FAILED = 3,
	CUBLAS_STATUS_INVALID_VALUE = 7,
	CUBLAS_STATUS_ARCH_MISMATCH = 8,
	CUBLAS_STATUS_MAPPING_ERROR = 11,
	CUBLAS_STATUS_EXECUTION_FAILED = 13,
	CUBLAS_STATUS_INTERNAL_ERROR = 14,
	CUBLAS_STATUS_NOT_SUPPORTED = 15,
	CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;

typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1, CUBLAS_FILL_MODE_FULL = 2 } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum {
	CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2,
	CUBLAS_OP_HERMITAN = 2, CUBLAS_OP_CONJG = 3
} cublasOperation_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_ATOMICS_NOT_ALLOWED = 0, CUBLAS_ATOMICS_ALLOWED = 1 } cublasAtomicsMode_t;
typedef enum {
	CUBLAS_DEFAULT_MATH = 0, CUBLAS_TENSOR_OP_MATH = 1, CUBLAS_PEDANTIC_MATH = 2,
	CUBLAS_TF32_TENSOR_OP_MATH = 3,
	CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16
} cublasMath_t;
typedef enum {
	CUBLAS_GEMM_DFALT = -1, CUBLAS_GEMM_DEFAULT = -1,
	CUBLAS_GEMM_ALGO0 = 0, CUBLAS_GEMM_ALGO1, CUBLAS_GEMM_ALGO2, CUBLAS_GEMM_ALGO3,
	CUBLAS_GEMM_ALGO4, CUBLAS_GEMM_ALGO5, CUBLAS_GEMM_ALGO6, CUBLAS_GEMM_ALGO7,
	CUBLAS_GEMM_ALGO8, CUBLAS_GEMM_ALGO9, CUBLAS_GEMM_ALGO10, CUBLAS_GEMM_ALGO11,
	CUBLAS_GEMM_ALGO12, CUBLAS_GEMM_ALGO13, CUBLAS_GEMM_ALGO14, CUBLAS_GEMM_ALGO15,
	CUBLAS_GEMM_ALGO16, CUBLAS_GEMM_ALGO17, CUBLAS_GEMM_ALGO18, CUBLAS_GEMM_ALGO19,
	CUBLAS_GEMM_ALGO20, CUBLAS_GEMM_ALGO21, CUBLAS_GEMM_ALGO22, CUBLAS_GEMM_ALGO23,
	CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99, CUBLAS_GEMM_DFALT_TENSOR_OP = 99,
	CUBLAS_GEMM_ALGO0_TENSOR_OP = 100, CUBLAS_GEMM_ALGO15_TENSOR_OP = 115
} cublasGemmAlgo_t;
typedef enum {
	CUBLAS_COMPUTE_16F = 64, CUBLAS_COMPUTE_16F_PEDANTIC = 65,
	CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_32F_PEDANTIC = 69,
	CUBLAS_COMPUTE_32F_FAST_16F = 74, CUBLAS_COMPUTE_32F_FAST_16BF = 75,
	CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
	CUBLAS_COMPUTE_64F = 70, CUBLAS_COMPUTE_64F_PEDANTIC = 71,
	CUBLAS_COMPUTE_32I = 72, CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;

struct cublasContext;
typedef struct cublasContext *cublasHandle_t;

/* Handles, streams, modes, messages */
cublasStatus_t cublasCreate(cublasHandle_t *handle);
cublasStatus_t cublasDestroy(cublasHandle_t handle);
cublasStatus_t cublasGetVersion(cublasHandle_t handle, int *version);
cublasStatus_t cublasGetProperty(libraryPropertyType type, int *value);
size_t cublasGetCudartVersion(void);
cublasStatus_t cublasSetStream(cublasHandle_t handle, cudaStream_t stream);
cublasStatus_t cublasGetStream(cublasHandle_t handle, cudaStream_t *stream);
cublasStatus_t cublasSetPointerMode(cublasHandle_t handle, cublasPointerMode_t mode);
cublasStatus_t cublasGetPointerMode(cublasHandle_t handle, cublasPointerMode_t *mode);
cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t mode);
cublasStatus_t cublasGetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t *mode);
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t *mode);
cublasStatus_t cublasSetWorkspace(cublasHandle_t handle, void *workspace, size_t bytes);
const char *cublasGetStatusName(cublasStatus_t status);
const char *cublasGetStatusString(cublasStatus_t status);

/* Copies between "host" and "device" vectors and matrices (strided memory copies here) */
cublasStatus_t cublasSetVector(int n, int elem_size, const void *x, int incx, void *y, int incy);
cublasStatus_t cublasGetVector(int n, int elem_size, const void *x, int incx, void *y, int incy);
cublasStatus_t cublasSetMatrix(int rows, int cols, int elem_size, const void *a, int lda, void *b, int ldb);
cublasStatus_t cublasGetMatrix(int rows, int cols, int elem_size, const void *a, int lda, void *b, int ldb);
cublasStatus_t cublasSetVectorAsync(int n, int elem_size, const void *x, int incx, void *y, int incy,
				    cudaStream_t stream);
cublasStatus_t cublasGetVectorAsync(int n, int elem_size, const void *x, int incx, void *y, int incy,
				    cudaStream_t stream);
cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elem_size, const void *a, int lda, void *b,
				    int ldb, cudaStream_t stream);
cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elem_size, const void *a, int lda, void *b,
				    int ldb, cudaStream_t stream);

/*
 * The BLAS, once per precision: P the letter, T the element type, R its real
 * type (nrm2, asum, rot's cosine).
 */
#define IDXGEN_CUBLAS__COMMON(P, T, R)									\
	cublasStatus_t cublas##P##axpy(cublasHandle_t h, int n, const T *alpha, const T *x, int incx, T *y, int incy); \
	cublasStatus_t cublas##P##scal(cublasHandle_t h, int n, const T *alpha, T *x, int incx);		\
	cublasStatus_t cublas##P##copy(cublasHandle_t h, int n, const T *x, int incx, T *y, int incy);	\
	cublasStatus_t cublas##P##swap(cublasHandle_t h, int n, T *x, int incx, T *y, int incy);		\
	cublasStatus_t cublas##P##gemv(cublasHandle_t h, cublasOperation_t trans, int m, int n, const T *alpha, \
				       const T *a, int lda, const T *x, int incx, const T *beta, T *y, int incy); \
	cublasStatus_t cublas##P##trsv(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
				       cublasDiagType_t diag, int n, const T *a, int lda, T *x, int incx);	\
	cublasStatus_t cublas##P##trmv(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
				       cublasDiagType_t diag, int n, const T *a, int lda, T *x, int incx);	\
	cublasStatus_t cublas##P##symv(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,	\
				       const T *a, int lda, const T *x, int incx, const T *beta, T *y, int incy); \
	cublasStatus_t cublas##P##gemm(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,	\
				       int m, int n, int k, const T *alpha, const T *a, int lda, const T *b,	\
				       int ldb, const T *beta, T *c, int ldc);					\
	cublasStatus_t cublas##P##symm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, \
				       int n, const T *alpha, const T *a, int lda, const T *b, int ldb,	\
				       const T *beta, T *c, int ldc);						\
	cublasStatus_t cublas##P##syrk(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
				       int k, const T *alpha, const T *a, int lda, const T *beta, T *c, int ldc); \
	cublasStatus_t cublas##P##syr2k(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					int n, int k, const T *alpha, const T *a, int lda, const T *b, int ldb, \
					const T *beta, T *c, int ldc);						\
	cublasStatus_t cublas##P##syrkx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					int n, int k, const T *alpha, const T *a, int lda, const T *b, int ldb, \
					const T *beta, T *c, int ldc);						\
	cublasStatus_t cublas##P##trsm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
				       cublasOperation_t trans, cublasDiagType_t diag, int m, int n,		\
				       const T *alpha, const T *a, int lda, T *b, int ldb);			\
	cublasStatus_t cublas##P##trmm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
				       cublasOperation_t trans, cublasDiagType_t diag, int m, int n,		\
				       const T *alpha, const T *a, int lda, const T *b, int ldb, T *c, int ldc); \
	cublasStatus_t cublas##P##geam(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,	\
				       int m, int n, const T *alpha, const T *a, int lda, const T *beta,	\
				       const T *b, int ldb, T *c, int ldc);					\
	cublasStatus_t cublas##P##gemmBatched(cublasHandle_t h, cublasOperation_t transa,			\
					      cublasOperation_t transb, int m, int n, int k, const T *alpha,	\
					      const T *const a[], int lda, const T *const b[], int ldb,	\
					      const T *beta, T *const c[], int ldc, int batch_count);		\
	cublasStatus_t cublas##P##gemmStridedBatched(cublasHandle_t h, cublasOperation_t transa,		\
						     cublasOperation_t transb, int m, int n, int k,		\
						     const T *alpha, const T *a, int lda, long long stride_a,	\
						     const T *b, int ldb, long long stride_b, const T *beta,	\
						     T *c, int ldc, long long stride_c, int batch_count);

IDXGEN_CUBLAS__COMMON(S, float, float)
IDXGEN_CUBLAS__COMMON(D, double, double)
IDXGEN_CUBLAS__COMMON(C, cuComplex, float)
IDXGEN_CUBLAS__COMMON(Z, cuDoubleComplex, double)

/* Level 2 on banded, packed and symmetric/Hermitian storage; rank-1 and rank-2 updates */
#define IDXGEN_CUBLAS__BANDED(P, T)										\
	cublasStatus_t cublas##P##gbmv(cublasHandle_t h, cublasOperation_t trans, int m, int n, int kl, int ku, \
				       const T *alpha, const T *a, int lda, const T *x, int incx, const T *beta, \
				       T *y, int incy);								\
	cublasStatus_t cublas##P##tbmv(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
				       cublasDiagType_t diag, int n, int k, const T *a, int lda, T *x, int incx); \
	cublasStatus_t cublas##P##tbsv(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
				       cublasDiagType_t diag, int n, int k, const T *a, int lda, T *x, int incx); \
	cublasStatus_t cublas##P##tpmv(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
				       cublasDiagType_t diag, int n, const T *ap, T *x, int incx);		\
	cublasStatus_t cublas##P##tpsv(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
				       cublasDiagType_t diag, int n, const T *ap, T *x, int incx);		\
	cublasStatus_t cublas##P##syr(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,		\
				      const T *x, int incx, T *a, int lda);					\
	cublasStatus_t cublas##P##syr2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,		\
				       const T *x, int incx, const T *y, int incy, T *a, int lda);
#define IDXGEN_CUBLAS__REAL_SYM(P, T)										\
	cublasStatus_t cublas##P##sbmv(cublasHandle_t h, cublasFillMode_t uplo, int n, int k, const T *alpha,	\
				       const T *a, int lda, const T *x, int incx, const T *beta, T *y, int incy); \
	cublasStatus_t cublas##P##spmv(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,		\
				       const T *ap, const T *x, int incx, const T *beta, T *y, int incy);	\
	cublasStatus_t cublas##P##spr(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,		\
				      const T *x, int incx, T *ap);						\
	cublasStatus_t cublas##P##spr2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,		\
				       const T *x, int incx, const T *y, int incy, T *ap);
#define IDXGEN_CUBLAS__HERM(P, T, R)										\
	cublasStatus_t cublas##P##hbmv(cublasHandle_t h, cublasFillMode_t uplo, int n, int k, const T *alpha,	\
				       const T *a, int lda, const T *x, int incx, const T *beta, T *y, int incy); \
	cublasStatus_t cublas##P##hpmv(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,		\
				       const T *ap, const T *x, int incx, const T *beta, T *y, int incy);	\
	cublasStatus_t cublas##P##her(cublasHandle_t h, cublasFillMode_t uplo, int n, const R *alpha,		\
				      const T *x, int incx, T *a, int lda);					\
	cublasStatus_t cublas##P##her2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,		\
				       const T *x, int incx, const T *y, int incy, T *a, int lda);		\
	cublasStatus_t cublas##P##hpr(cublasHandle_t h, cublasFillMode_t uplo, int n, const R *alpha,		\
				      const T *x, int incx, T *ap);						\
	cublasStatus_t cublas##P##hpr2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,		\
				       const T *x, int incx, const T *y, int incy, T *ap);
IDXGEN_CUBLAS__BANDED(S, float)
IDXGEN_CUBLAS__BANDED(D, double)
IDXGEN_CUBLAS__BANDED(C, cuComplex)
IDXGEN_CUBLAS__BANDED(Z, cuDoubleComplex)
IDXGEN_CUBLAS__REAL_SYM(S, float)
IDXGEN_CUBLAS__REAL_SYM(D, double)
IDXGEN_CUBLAS__HERM(C, cuComplex, float)
IDXGEN_CUBLAS__HERM(Z, cuDoubleComplex, double)

/* Rotations' constructors and the modified rotation */
#define IDXGEN_CUBLAS__ROTG(P, T, R) cublasStatus_t cublas##P##rotg(cublasHandle_t h, T *a, T *b, R *c, T *s);
IDXGEN_CUBLAS__ROTG(S, float, float)
IDXGEN_CUBLAS__ROTG(D, double, double)
IDXGEN_CUBLAS__ROTG(C, cuComplex, float)
IDXGEN_CUBLAS__ROTG(Z, cuDoubleComplex, double)
#define IDXGEN_CUBLAS__ROTM(P, T)										\
	cublasStatus_t cublas##P##rotm(cublasHandle_t h, int n, T *x, int incx, T *y, int incy, const T *param); \
	cublasStatus_t cublas##P##rotmg(cublasHandle_t h, T *d1, T *d2, T *x1, const T *y1, T *param);
IDXGEN_CUBLAS__ROTM(S, float)
IDXGEN_CUBLAS__ROTM(D, double)

/* BLAS-like extensions: dgmm, packed <-> full triangles; batched trsm; gemm3m */
#define IDXGEN_CUBLAS__EXT(P, T)										\
	cublasStatus_t cublas##P##dgmm(cublasHandle_t h, cublasSideMode_t mode, int m, int n, const T *a,	\
				       int lda, const T *x, int incx, T *c, int ldc);				\
	cublasStatus_t cublas##P##tpttr(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *ap, T *a, int lda); \
	cublasStatus_t cublas##P##trttp(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *a, int lda, T *ap); \
	cublasStatus_t cublas##P##trsmBatched(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,	\
					      cublasOperation_t trans, cublasDiagType_t diag, int m, int n,	\
					      const T *alpha, const T *const a[], int lda, T *const b[], int ldb, \
					      int batch_count);
IDXGEN_CUBLAS__EXT(S, float)
IDXGEN_CUBLAS__EXT(D, double)
IDXGEN_CUBLAS__EXT(C, cuComplex)
IDXGEN_CUBLAS__EXT(Z, cuDoubleComplex)
#define IDXGEN_CUBLAS__GEMM3M(P, T)										\
	cublasStatus_t cublas##P##gemm3m(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,	\
					 int m, int n, int k, const T *alpha, const T *a, int lda, const T *b,	\
					 int ldb, const T *beta, T *c, int ldc);
IDXGEN_CUBLAS__GEMM3M(C, cuComplex)
IDXGEN_CUBLAS__GEMM3M(Z, cuDoubleComplex)

/* Level 1 whose names or result types differ by precision */
cublasStatus_t cublasSdot(cublasHandle_t h, int n, const float *x, int incx, const float *y, int incy, float *result);
cublasStatus_t cublasDdot(cublasHandle_t h, int n, const double *x, int incx, const double *y, int incy,
			  double *result);
cublasStatus_t cublasCdotu(cublasHandle_t h, int n, const cuComplex *x, int incx, const cuComplex *y, int incy,
			   cuComplex *result);
cublasStatus_t cublasCdotc(cublasHandle_t h, int n, const cuComplex *x, int incx, const cuComplex *y, int incy,
			   cuComplex *result);
cublasStatus_t cublasZdotu(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y,
			   int incy, cuDoubleComplex *result);
cublasStatus_t cublasZdotc(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y,
			   int incy, cuDoubleComplex *result);
/*
 * Mixed-precision dot products: x, y and the result of one type, executed in
 * executionType: 16F or 16BF with 32F (widened to float, accumulated in
 * float, the result rounded once), 32F, 64F, C_32F, C_64F with themselves
 * (DotcEx conjugates x); other combinations are CUBLAS_STATUS_NOT_SUPPORTED.
 */
cublasStatus_t cublasDotEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx, const void *y,
			   cudaDataType yType, int incy, void *result, cudaDataType resultType,
			   cudaDataType executionType);
cublasStatus_t cublasDotcEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx, const void *y,
			    cudaDataType yType, int incy, void *result, cudaDataType resultType,
			    cudaDataType executionType);
cublasStatus_t cublasSnrm2(cublasHandle_t h, int n, const float *x, int incx, float *result);
cublasStatus_t cublasDnrm2(cublasHandle_t h, int n, const double *x, int incx, double *result);
cublasStatus_t cublasScnrm2(cublasHandle_t h, int n, const cuComplex *x, int incx, float *result);
cublasStatus_t cublasDznrm2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, double *result);
cublasStatus_t cublasSasum(cublasHandle_t h, int n, const float *x, int incx, float *result);
cublasStatus_t cublasDasum(cublasHandle_t h, int n, const double *x, int incx, double *result);
cublasStatus_t cublasScasum(cublasHandle_t h, int n, const cuComplex *x, int incx, float *result);
cublasStatus_t cublasDzasum(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, double *result);
cublasStatus_t cublasIsamax(cublasHandle_t h, int n, const float *x, int incx, int *result);
cublasStatus_t cublasIdamax(cublasHandle_t h, int n, const double *x, int incx, int *result);
cublasStatus_t cublasIcamax(cublasHandle_t h, int n, const cuComplex *x, int incx, int *result);
cublasStatus_t cublasIzamax(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, int *result);
cublasStatus_t cublasIsamin(cublasHandle_t h, int n, const float *x, int incx, int *result);
cublasStatus_t cublasIdamin(cublasHandle_t h, int n, const double *x, int incx, int *result);
cublasStatus_t cublasIcamin(cublasHandle_t h, int n, const cuComplex *x, int incx, int *result);
cublasStatus_t cublasIzamin(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, int *result);
cublasStatus_t cublasCsscal(cublasHandle_t h, int n, const float *alpha, cuComplex *x, int incx);
cublasStatus_t cublasZdscal(cublasHandle_t h, int n, const double *alpha, cuDoubleComplex *x, int incx);
cublasStatus_t cublasSrot(cublasHandle_t h, int n, float *x, int incx, float *y, int incy, const float *c,
			  const float *s);
cublasStatus_t cublasDrot(cublasHandle_t h, int n, double *x, int incx, double *y, int incy, const double *c,
			  const double *s);
cublasStatus_t cublasCsrot(cublasHandle_t h, int n, cuComplex *x, int incx, cuComplex *y, int incy,
			   const float *c, const float *s);
cublasStatus_t cublasZdrot(cublasHandle_t h, int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy,
			   const double *c, const double *s);

/* Level 2 rank-1 updates and Hermitian forms */
cublasStatus_t cublasSger(cublasHandle_t h, int m, int n, const float *alpha, const float *x, int incx,
			  const float *y, int incy, float *a, int lda);
cublasStatus_t cublasDger(cublasHandle_t h, int m, int n, const double *alpha, const double *x, int incx,
			  const double *y, int incy, double *a, int lda);
cublasStatus_t cublasCgeru(cublasHandle_t h, int m, int n, const cuComplex *alpha, const cuComplex *x, int incx,
			   const cuComplex *y, int incy, cuComplex *a, int lda);
cublasStatus_t cublasCgerc(cublasHandle_t h, int m, int n, const cuComplex *alpha, const cuComplex *x, int incx,
			   const cuComplex *y, int incy, cuComplex *a, int lda);
cublasStatus_t cublasZgeru(cublasHandle_t h, int m, int n, const cuDoubleComplex *alpha, const cuDoubleComplex *x,
			   int incx, const cuDoubleComplex *y, int incy, cuDoubleComplex *a, int lda);
cublasStatus_t cublasZgerc(cublasHandle_t h, int m, int n, const cuDoubleComplex *alpha, const cuDoubleComplex *x,
			   int incx, const cuDoubleComplex *y, int incy, cuDoubleComplex *a, int lda);
cublasStatus_t cublasChemv(cublasHandle_t h, cublasFillMode_t uplo, int n, const cuComplex *alpha,
			   const cuComplex *a, int lda, const cuComplex *x, int incx, const cuComplex *beta,
			   cuComplex *y, int incy);
cublasStatus_t cublasZhemv(cublasHandle_t h, cublasFillMode_t uplo, int n, const cuDoubleComplex *alpha,
			   const cuDoubleComplex *a, int lda, const cuDoubleComplex *x, int incx,
			   const cuDoubleComplex *beta, cuDoubleComplex *y, int incy);

/* Level 3 Hermitian forms */
cublasStatus_t cublasCherk(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,
			   const float *alpha, const cuComplex *a, int lda, const float *beta, cuComplex *c, int ldc);
cublasStatus_t cublasZherk(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,
			   const double *alpha, const cuDoubleComplex *a, int lda, const double *beta,
			   cuDoubleComplex *c, int ldc);
cublasStatus_t cublasChemm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n,
			   const cuComplex *alpha, const cuComplex *a, int lda, const cuComplex *b, int ldb,
			   const cuComplex *beta, cuComplex *c, int ldc);
cublasStatus_t cublasZhemm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n,
			   const cuDoubleComplex *alpha, const cuDoubleComplex *a, int lda,
			   const cuDoubleComplex *b, int ldb, const cuDoubleComplex *beta, cuDoubleComplex *c,
			   int ldc);
/* rank 2k: her2k = alpha op(A) op(B)^H + conj(alpha) op(B) op(A)^H + beta C, herkx = alpha op(A) op(B)^H + beta C */
#define IDXGEN_CUBLAS__HER2K(P, T, R)										\
	cublasStatus_t cublas##P##her2k(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					int n, int k, const T *alpha, const T *a, int lda, const T *b, int ldb, \
					const R *beta, T *c, int ldc);						\
	cublasStatus_t cublas##P##herkx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,	\
					int n, int k, const T *alpha, const T *a, int lda, const T *b, int ldb, \
					const R *beta, T *c, int ldc);
IDXGEN_CUBLAS__HER2K(C, cuComplex, float)
IDXGEN_CUBLAS__HER2K(Z, cuDoubleComplex, double)

/*
 * Mixed precision: A, B and C of any of the pairs lib/cublas/README.md lists
 * (32F/64F/complex as the typed calls; 16F and 16BF inputs widened to float),
 * alpha and beta of the compute type's scalar type.
 */
cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
			    int k, const void *alpha, const void *a, cudaDataType a_type, int lda, const void *b,
			    cudaDataType b_type, int ldb, const void *beta, void *c, cudaDataType c_type, int ldc,
			    cublasComputeType_t compute_type, cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
					  int m, int n, int k, const void *alpha, const void *a,
					  cudaDataType a_type, int lda, long long stride_a, const void *b,
					  cudaDataType b_type, int ldb, long long stride_b, const void *beta,
					  void *c, cudaDataType c_type, int ldc, long long stride_c,
					  int batch_count, cublasComputeType_t compute_type,
					  cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmBatchedEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m,
				   int n, int k, const void *alpha, const void *const a[], cudaDataType a_type,
				   int lda, const void *const b[], cudaDataType b_type, int ldb,
				   const void *beta, void *const c[], cudaDataType c_type, int ldc,
				   int batch_count, cublasComputeType_t compute_type, cublasGemmAlgo_t algo);
/*
 * Half precision: A, B, C and the scalars binary16 (compute 16F: products
 * summed in float, rounded once to half, as GemmEx with CUBLAS_COMPUTE_16F).
 */
cublasStatus_t cublasHgemm(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
			   int k, const __idxgen_cublas_half *alpha, const __idxgen_cublas_half *a, int lda,
			   const __idxgen_cublas_half *b, int ldb, const __idxgen_cublas_half *beta,
			   __idxgen_cublas_half *c, int ldc);
cublasStatus_t cublasHgemmStridedBatched(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
					 int m, int n, int k, const __idxgen_cublas_half *alpha,
					 const __idxgen_cublas_half *a, int lda, long long stride_a,
					 const __idxgen_cublas_half *b, int ldb, long long stride_b,
					 const __idxgen_cublas_half *beta, __idxgen_cublas_half *c, int ldc,
					 long long stride_c, int batch_count);
cublasStatus_t cublasHgemmBatched(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m,
				  int n, int k, const __idxgen_cublas_half *alpha,
				  const __idxgen_cublas_half *const a[], int lda, const __idxgen_cublas_half *const b[],
				  int ldb, const __idxgen_cublas_half *beta, __idxgen_cublas_half *const c[], int ldc,
				  int batch_count);
cublasStatus_t cublasSgemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
			     int k, const float *alpha, const void *a, cudaDataType a_type, int lda,
			     const void *b, cudaDataType b_type, int ldb, const float *beta, void *c,
			     cudaDataType c_type, int ldc);


/*
 * Batched LU (lib/cublas/lu_batched.c, on LAPACK): one factorisation per
 * matrix of the array of pointers.  PivotArray holds n pivots per matrix
 * (1-based, LAPACK's); NULL factors without row exchanges.  infoArray (one
 * per matrix): 0, or k when U(k,k) is zero.  getrsBatched's info is one int
 * on the host: 0, or minus the position of a bad argument (trans is 1).
 * matinvBatched takes n <= 32, as cuBLAS.
 */
#define IDXGEN_CUBLAS__LU_BATCHED(P, T)									\
	cublasStatus_t cublas##P##getrfBatched(cublasHandle_t h, int n, T *const Aarray[], int lda,	\
					       int *PivotArray, int *infoArray, int batchSize);		\
	cublasStatus_t cublas##P##getrsBatched(cublasHandle_t h, cublasOperation_t trans, int n, int nrhs, \
					       const T *const Aarray[], int lda, const int *devIpiv,	\
					       T *const Barray[], int ldb, int *info, int batchSize);	\
	cublasStatus_t cublas##P##getriBatched(cublasHandle_t h, int n, const T *const Aarray[], int lda, \
					       const int *PivotArray, T *const Carray[], int ldc,	\
					       int *infoArray, int batchSize);				\
	cublasStatus_t cublas##P##matinvBatched(cublasHandle_t h, int n, const T *const A[], int lda,	\
						T *const Ainv[], int lda_inv, int *info, int batchSize);

IDXGEN_CUBLAS__LU_BATCHED(S, float)
IDXGEN_CUBLAS__LU_BATCHED(D, double)
IDXGEN_CUBLAS__LU_BATCHED(C, cuComplex)
IDXGEN_CUBLAS__LU_BATCHED(Z, cuDoubleComplex)

/*
 * Batched least squares (lib/cublas/gels_batched.c, LAPACK's gels): for each
 * i, A_i (m x n, full rank, m >= n) is replaced by its QR factors and the
 * first n rows of C_i (m x nrhs) by the solution of min |A_i X - C_i|.  Only
 * CUBLAS_OP_N and m >= n, as cuBLAS (else CUBLAS_STATUS_NOT_SUPPORTED).
 * info (host): 0 or minus the first bad argument's position (trans is 1);
 * devInfoArray (optional): k > 0 when R(k,k) of A_i is zero, else 0.
 */
#define IDXGEN_CUBLAS__GELS_BATCHED(P, T)								\
	cublasStatus_t cublas##P##gelsBatched(cublasHandle_t h, cublasOperation_t trans, int m, int n,	\
					      int nrhs, T *const Aarray[], int lda, T *const Carray[],	\
					      int ldc, int *info, int *devInfoArray, int batchSize);

IDXGEN_CUBLAS__GELS_BATCHED(S, float)
IDXGEN_CUBLAS__GELS_BATCHED(D, double)
IDXGEN_CUBLAS__GELS_BATCHED(C, cuComplex)
IDXGEN_CUBLAS__GELS_BATCHED(Z, cuDoubleComplex)

/*
 * Batched QR (lib/cublas/geqrf_batched.c, LAPACK's geqrf): each A_i (m x n)
 * is replaced by R (upper triangle) and the Householder vectors below it,
 * their scalars in TauArray[i] (min(m, n)).  info (host): 0 or minus the
 * first bad argument's position (m is 1).
 */
#define IDXGEN_CUBLAS__GEQRF_BATCHED(P, T)								\
	cublasStatus_t cublas##P##geqrfBatched(cublasHandle_t handle, int m, int n, T *const Aarray[],	\
					       int lda, T *const TauArray[], int *info, int batchSize);

IDXGEN_CUBLAS__GEQRF_BATCHED(S, float)
IDXGEN_CUBLAS__GEQRF_BATCHED(D, double)
IDXGEN_CUBLAS__GEQRF_BATCHED(C, cuComplex)
IDXGEN_CUBLAS__GEQRF_BATCHED(Z, cuDoubleComplex)

#ifdef __cplusplus
}

/*
 * Until CUDA 11 the GemmEx family took its compute type as a cudaDataType
 * (CUDA_R_32F for a tensor-core GEMM of halves summed in float); CUDA 11
 * made it a cublasComputeType_t and kept C++ overloads of the old form, so
 * such programs still build.  The data type names the precision of the
 * sums: the compute type of that precision, its pedantic form when the
 * handle's math mode is CUBLAS_PEDANTIC_MATH; a precision with no compute
 * type is CUBLAS_STATUS_NOT_SUPPORTED.
 */
static inline cublasStatus_t cublasMigrateComputeType(cublasHandle_t h, cudaDataType type,
						      cublasComputeType_t *compute)
{
	cublasMath_t mode = CUBLAS_DEFAULT_MATH;
	cublasStatus_t st = cublasGetMathMode(h, &mode);
	bool pedantic = ((unsigned)mode & 0xfu) == CUBLAS_PEDANTIC_MATH;

	if (st != CUBLAS_STATUS_SUCCESS)
		return st;
	switch (type) {
	case CUDA_R_16F: case CUDA_C_16F:
		*compute = pedantic ? CUBLAS_COMPUTE_16F_PEDANTIC : CUBLAS_COMPUTE_16F;
		return CUBLAS_STATUS_SUCCESS;
	case CUDA_R_32F: case CUDA_C_32F:
		*compute = pedantic ? CUBLAS_COMPUTE_32F_PEDANTIC : CUBLAS_COMPUTE_32F;
		return CUBLAS_STATUS_SUCCESS;
	case CUDA_R_64F: case CUDA_C_64F:
		*compute = pedantic ? CUBLAS_COMPUTE_64F_PEDANTIC : CUBLAS_COMPUTE_64F;
		return CUBLAS_STATUS_SUCCESS;
	case CUDA_R_32I: case CUDA_C_32I:
		*compute = pedantic ? CUBLAS_COMPUTE_32I_PEDANTIC : CUBLAS_COMPUTE_32I;
		return CUBLAS_STATUS_SUCCESS;
	default:
		return CUBLAS_STATUS_NOT_SUPPORTED;
	}
}

static inline cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
					  int m, int n, int k, const void *alpha, const void *a, cudaDataType a_type,
					  int lda, const void *b, cudaDataType b_type, int ldb, const void *beta,
					  void *c, cudaDataType c_type, int ldc, cudaDataType compute_type,
					  cublasGemmAlgo_t algo)
{
	cublasComputeType_t ct;
	cublasStatus_t st = cublasMigrateComputeType(h, compute_type, &ct);

	if (st != CUBLAS_STATUS_SUCCESS)
		return st;
	return cublasGemmEx(h, transa, transb, m, n, k, alpha, a, a_type, lda, b, b_type, ldb, beta, c, c_type,
			    ldc, ct, algo);
}

static inline cublasStatus_t cublasGemmBatchedEx(cublasHandle_t h, cublasOperation_t transa,
						 cublasOperation_t transb, int m, int n, int k, const void *alpha,
						 const void *const a[], cudaDataType a_type, int lda,
						 const void *const b[], cudaDataType b_type, int ldb,
						 const void *beta, void *const c[], cudaDataType c_type, int ldc,
						 int batch_count, cudaDataType compute_type, cublasGemmAlgo_t algo)
{
	cublasComputeType_t ct;
	cublasStatus_t st = cublasMigrateComputeType(h, compute_type, &ct);

	if (st != CUBLAS_STATUS_SUCCESS)
		return st;
	return cublasGemmBatchedEx(h, transa, transb, m, n, k, alpha, a, a_type, lda, b, b_type, ldb, beta, c,
				   c_type, ldc, batch_count, ct, algo);
}

static inline cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t transa,
							cublasOperation_t transb, int m, int n, int k,
							const void *alpha, const void *a, cudaDataType a_type,
							int lda, long long stride_a, const void *b,
							cudaDataType b_type, int ldb, long long stride_b,
							const void *beta, void *c, cudaDataType c_type, int ldc,
							long long stride_c, int batch_count,
							cudaDataType compute_type, cublasGemmAlgo_t algo)
{
	cublasComputeType_t ct;
	cublasStatus_t st = cublasMigrateComputeType(h, compute_type, &ct);

	if (st != CUBLAS_STATUS_SUCCESS)
		return st;
	return cublasGemmStridedBatchedEx(h, transa, transb, m, n, k, alpha, a, a_type, lda, stride_a, b, b_type,
					  ldb, stride_b, beta, c, c_type, ldc, stride_c, batch_count, ct, algo);
}
#endif

/* the _v2 spellings, but not beside the legacy cublas.h whose plain names are other calls */
#ifndef CUBLAS_H_
#include "idxgen_cublas_v2_names.h"
#endif

#endif
