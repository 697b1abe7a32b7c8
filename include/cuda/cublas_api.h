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
/* the bfloat16 vectors of cublasTSTgemvBatched & co. */
typedef __nv_bfloat16 __idxgen_cublas_bf16;
#else
/* C has no __half (cuda_fp16.h is C++): the same 16 bits, binary16 */
typedef uint16_t __idxgen_cublas_half;
/* nor __nv_bfloat16: the same 16 bits, a float's upper half */
typedef uint16_t __idxgen_cublas_bf16;
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define CUBLAS_VER_MAJOR 12
#define CUBLAS_VER_MINOR 0
#define CUBLAS_VER_PATCH 0
#define CUBLAS_VER_BUILD 0
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
	/* CUDA 13's emulated FP32 (three bfloat16 products) and FP64 (fixed point) on tensor cores:
	 * kept on the handle; OpenBLAS computes in the element type (lib/cublas/README.md) */
	CUBLAS_FP32_EMULATED_BF16X9_MATH = 4, CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH = 8,
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
	CUBLAS_GEMM_ALGO0_TENSOR_OP = 100, CUBLAS_GEMM_ALGO1_TENSOR_OP, CUBLAS_GEMM_ALGO2_TENSOR_OP,
	CUBLAS_GEMM_ALGO3_TENSOR_OP, CUBLAS_GEMM_ALGO4_TENSOR_OP, CUBLAS_GEMM_ALGO5_TENSOR_OP,
	CUBLAS_GEMM_ALGO6_TENSOR_OP, CUBLAS_GEMM_ALGO7_TENSOR_OP, CUBLAS_GEMM_ALGO8_TENSOR_OP,
	CUBLAS_GEMM_ALGO9_TENSOR_OP, CUBLAS_GEMM_ALGO10_TENSOR_OP, CUBLAS_GEMM_ALGO11_TENSOR_OP,
	CUBLAS_GEMM_ALGO12_TENSOR_OP, CUBLAS_GEMM_ALGO13_TENSOR_OP, CUBLAS_GEMM_ALGO14_TENSOR_OP,
	CUBLAS_GEMM_ALGO15_TENSOR_OP = 115,
	CUBLAS_GEMM_AUTOTUNE = 999	/* accepted as every algorithm: there is one, OpenBLAS's */
} cublasGemmAlgo_t;
/* the pre-CUDA 11 name of cudaDataType in cuBLAS */
typedef cudaDataType cublasDataType_t;
typedef enum {
	CUBLAS_COMPUTE_16F = 64, CUBLAS_COMPUTE_16F_PEDANTIC = 65,
	CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_32F_PEDANTIC = 69,
	CUBLAS_COMPUTE_32F_FAST_16F = 74, CUBLAS_COMPUTE_32F_FAST_16BF = 75,
	CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
	CUBLAS_COMPUTE_32F_EMULATED_16BFX9 = 78,	/* computed in float here, as CUBLAS_COMPUTE_32F */
	CUBLAS_COMPUTE_64F = 70, CUBLAS_COMPUTE_64F_PEDANTIC = 71,
	CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT = 79,	/* computed in double here, as CUBLAS_COMPUTE_64F */
	CUBLAS_COMPUTE_32I = 72, CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;
/* when cuBLAS 13 uses the emulated algorithms: kept on the handle, no effect on a CPU */
typedef enum {
	CUBLAS_EMULATION_STRATEGY_DEFAULT = 0, CUBLAS_EMULATION_STRATEGY_PERFORMANT = 1,
	CUBLAS_EMULATION_STRATEGY_EAGER = 2
} cublasEmulationStrategy_t;

struct cublasContext;
typedef struct cublasContext *cublasHandle_t;

/* receives each line of cuBLAS's log (cublasSetLoggerCallback) */
typedef void (*cublasLogCallback)(const char *msg);

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
/*
 * Settings for GPUs that are kept on the handle and read back, with no
 * effect on a CPU (lib/cublas/handle_emulation.c): the SM count a call may
 * use (0: all), and CUDA 13's emulation of FP32/FP64 GEMM on tensor cores.
 */
/*
 * The log of calls (lib/cublas/logger.c): off until CUBLAS_LOGINFO_DBG=1 or
 * cublasLoggerConfigure turns it on; one line per call that runs, to
 * stdout, stderr, a file (CUBLAS_LOGDEST_DBG) and the callback.
 * cublasXerbla writes the reference BLAS's message for a bad argument.
 */
cublasStatus_t cublasLoggerConfigure(int logIsOn, int logToStdOut, int logToStdErr, const char *logFileName);
cublasStatus_t cublasSetLoggerCallback(cublasLogCallback userCallback);
cublasStatus_t cublasGetLoggerCallback(cublasLogCallback *userCallback);
void cublasXerbla(const char *srName, int info);
cublasStatus_t cublasGetSmCountTarget(cublasHandle_t handle, int *smCountTarget);
cublasStatus_t cublasSetSmCountTarget(cublasHandle_t handle, int smCountTarget);
cublasStatus_t cublasGetEmulationStrategy(cublasHandle_t handle, cublasEmulationStrategy_t *emulationStrategy);
cublasStatus_t cublasSetEmulationStrategy(cublasHandle_t handle, cublasEmulationStrategy_t emulationStrategy);
cublasStatus_t cublasGetEmulationSpecialValuesSupport(cublasHandle_t handle, cudaEmulationSpecialValuesSupport *mask);
cublasStatus_t cublasSetEmulationSpecialValuesSupport(cublasHandle_t handle, cudaEmulationSpecialValuesSupport mask);
cublasStatus_t cublasGetFixedPointEmulationMantissaControl(cublasHandle_t handle,
							   cudaEmulationMantissaControl *mantissaControl);
cublasStatus_t cublasSetFixedPointEmulationMantissaControl(cublasHandle_t handle,
							   cudaEmulationMantissaControl mantissaControl);
cublasStatus_t cublasGetFixedPointEmulationMaxMantissaBitCount(cublasHandle_t handle, int *maxMantissaBitCount);
cublasStatus_t cublasSetFixedPointEmulationMaxMantissaBitCount(cublasHandle_t handle, int maxMantissaBitCount);
cublasStatus_t cublasGetFixedPointEmulationMantissaBitOffset(cublasHandle_t handle, int *mantissaBitOffset);
cublasStatus_t cublasSetFixedPointEmulationMantissaBitOffset(cublasHandle_t handle, int mantissaBitOffset);
cublasStatus_t cublasGetFixedPointEmulationMantissaBitCountPointer(cublasHandle_t handle, int **mantissaBitCount);
cublasStatus_t cublasSetFixedPointEmulationMantissaBitCountPointer(cublasHandle_t handle, int *mantissaBitCount);
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
/* LAPACK CROT's rotation, a real cosine and a complex sine: y <- c y - conj(s) x */
cublasStatus_t cublasCrot(cublasHandle_t h, int n, cuComplex *x, int incx, cuComplex *y, int incy, const float *c,
			  const cuComplex *s);
cublasStatus_t cublasZrot(cublasHandle_t h, int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy,
			  const double *c, const cuDoubleComplex *s);
/*
 * Mixed-precision level 1: the four BLAS types as the typed calls above
 * (RotEx also with a complex c, of which the real part is used); 16F and
 * 16BF vectors with a 32F execution type (and 32F scalars; RotEx also c
 * and s of the vectors' type), widened to float, rounded once per element
 * stored.  Other combinations are CUBLAS_STATUS_NOT_SUPPORTED.
 */
cublasStatus_t cublasNrm2Ex(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx, void *result,
			    cudaDataType resultType, cudaDataType executionType);
cublasStatus_t cublasAsumEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx, void *result,
			    cudaDataType resultType, cudaDataType executiontype);
cublasStatus_t cublasAxpyEx(cublasHandle_t h, int n, const void *alpha, cudaDataType alphaType, const void *x,
			    cudaDataType xType, int incx, void *y, cudaDataType yType, int incy,
			    cudaDataType executiontype);
cublasStatus_t cublasScalEx(cublasHandle_t h, int n, const void *alpha, cudaDataType alphaType, void *x,
			    cudaDataType xType, int incx, cudaDataType executionType);
cublasStatus_t cublasRotEx(cublasHandle_t h, int n, void *x, cudaDataType xType, int incx, void *y,
			   cudaDataType yType, int incy, const void *c, const void *s, cudaDataType csType,
			   cudaDataType executiontype);
cublasStatus_t cublasCopyEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx, void *y,
			    cudaDataType yType, int incy);
cublasStatus_t cublasSwapEx(cublasHandle_t h, int n, void *x, cudaDataType xType, int incx, void *y,
			    cudaDataType yType, int incy);
cublasStatus_t cublasIamaxEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx, int *result);
cublasStatus_t cublasIaminEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx, int *result);
/*
 * The rotations' constructors and the modified rotation in mixed precision
 * (lib/cublas/rotations_ex.c): real types only, all of one type; R_32F and
 * R_64F as Srotg/Drotg, Srotm/Drotm, Srotmg/Drotmg; 16F and 16BF with a 32F
 * execution type (c, s and param of the 16-bit type or R_32F), computed in
 * float and rounded once per value stored.  Others NOT_SUPPORTED.
 */
cublasStatus_t cublasRotgEx(cublasHandle_t h, void *a, void *b, cudaDataType abType, void *c, void *s,
			    cudaDataType csType, cudaDataType executiontype);
cublasStatus_t cublasRotmEx(cublasHandle_t h, int n, void *x, cudaDataType xType, int incx, void *y,
			    cudaDataType yType, int incy, const void *param, cudaDataType paramType,
			    cudaDataType executiontype);
cublasStatus_t cublasRotmgEx(cublasHandle_t h, void *d1, cudaDataType d1Type, void *d2, cudaDataType d2Type,
			     void *x1, cudaDataType x1Type, const void *y1, cudaDataType y1Type, void *param,
			     cudaDataType paramType, cudaDataType executiontype);

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
/*
 * Complex rank-k updates with a lower-precision A (lib/cublas/rank_k_ex.c):
 * A CUDA_C_32F or CUDA_C_8I, C CUDA_C_32F, computed in cuComplex; the 3m
 * forms are the same update (Gauss's three-product method is a GPU speed-up).
 */
cublasStatus_t cublasCsyrkEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
			     int n, int k, const cuComplex *alpha, const void *a,
			     cudaDataType a_type, int lda, const cuComplex *beta, void *c,
			     cudaDataType c_type, int ldc);
cublasStatus_t cublasCsyrk3mEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
			       int n, int k, const cuComplex *alpha, const void *a,
			       cudaDataType a_type, int lda, const cuComplex *beta, void *c,
			       cudaDataType c_type, int ldc);
cublasStatus_t cublasCherkEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
			     int n, int k, const float *alpha, const void *a, cudaDataType a_type,
			     int lda, const float *beta, void *c, cudaDataType c_type, int ldc);
cublasStatus_t cublasCherk3mEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
			       int n, int k, const float *alpha, const void *a, cudaDataType a_type,
			       int lda, const float *beta, void *c, cudaDataType c_type, int ldc);
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
 * Grouped batched GEMM (lib/cublas/grouped_batched.c): group i is
 * group_size[i] products of its own shape, operations, leading dimensions,
 * alpha_array[i] and beta_array[i]; the matrices are the next group_size[i]
 * pointers of Aarray, Barray, Carray.  Every array of per-group values is a
 * host array (scalars by value, so CUBLAS_POINTER_MODE_DEVICE is refused).
 */
cublasStatus_t cublasSgemmGroupedBatched(cublasHandle_t h, const cublasOperation_t transa_array[],
					 const cublasOperation_t transb_array[],
					 const int m_array[], const int n_array[],
					 const int k_array[], const float alpha_array[],
					 const float *const a_array[], const int lda_array[],
					 const float *const b_array[], const int ldb_array[],
					 const float beta_array[], float *const c_array[],
					 const int ldc_array[], int group_count,
					 const int group_size[]);
cublasStatus_t cublasDgemmGroupedBatched(cublasHandle_t h, const cublasOperation_t transa_array[],
					 const cublasOperation_t transb_array[],
					 const int m_array[], const int n_array[],
					 const int k_array[], const double alpha_array[],
					 const double *const a_array[], const int lda_array[],
					 const double *const b_array[], const int ldb_array[],
					 const double beta_array[], double *const c_array[],
					 const int ldc_array[], int group_count,
					 const int group_size[]);
cublasStatus_t cublasGemmGroupedBatchedEx(
    cublasHandle_t h, const cublasOperation_t transa_array[],
    const cublasOperation_t transb_array[], const int m_array[], const int n_array[],
    const int k_array[], const void *alpha_array, const void *const a_array[],
    cudaDataType_t a_type, const int lda_array[], const void *const b_array[],
    cudaDataType_t b_type, const int ldb_array[], const void *beta_array, void *const c_array[],
    cudaDataType_t c_type, const int ldc_array[], int group_count, const int group_size[],
    cublasComputeType_t compute_type);
/*
 * Their 64-bit forms (lib/cublas/grouped_batched_64.c): the size, leading
 * dimension and group-size arrays and the group count int64_t; a value
 * outside int's range is CUBLAS_STATUS_NOT_SUPPORTED (OpenBLAS takes 32-bit
 * integers), nothing written.
 */
cublasStatus_t cublasSgemmGroupedBatched_64(cublasHandle_t h, const cublasOperation_t transa_array[],
					    const cublasOperation_t transb_array[], const int64_t m_array[],
					    const int64_t n_array[], const int64_t k_array[],
					    const float alpha_array[], const float *const a_array[],
					    const int64_t lda_array[], const float *const b_array[],
					    const int64_t ldb_array[], const float beta_array[],
					    float *const c_array[], const int64_t ldc_array[], int64_t group_count,
					    const int64_t group_size[]);
cublasStatus_t cublasDgemmGroupedBatched_64(cublasHandle_t h, const cublasOperation_t transa_array[],
					    const cublasOperation_t transb_array[], const int64_t m_array[],
					    const int64_t n_array[], const int64_t k_array[],
					    const double alpha_array[], const double *const a_array[],
					    const int64_t lda_array[], const double *const b_array[],
					    const int64_t ldb_array[], const double beta_array[],
					    double *const c_array[], const int64_t ldc_array[], int64_t group_count,
					    const int64_t group_size[]);
cublasStatus_t cublasGemmGroupedBatchedEx_64(
    cublasHandle_t h, const cublasOperation_t transa_array[], const cublasOperation_t transb_array[],
    const int64_t m_array[], const int64_t n_array[], const int64_t k_array[], const void *alpha_array,
    const void *const a_array[], cudaDataType_t a_type, const int64_t lda_array[], const void *const b_array[],
    cudaDataType_t b_type, const int64_t ldb_array[], const void *beta_array, void *const c_array[],
    cudaDataType_t c_type, const int64_t ldc_array[], int64_t group_count, const int64_t group_size[],
    cublasComputeType_t compute_type);
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
/*
 * Batched matrix-vector products (lib/cublas/gemv_batched.c): y_i = alpha
 * op(A_i) x_i + beta y_i for each i < batchCount, from arrays of pointers or
 * at strides (in elements) from one base.  S/D/C/Z as gemv; the mixed forms
 * have float scalars and sums, A and x half (H) or bfloat16 (T), y of their
 * type (HSH, TST) or float (HSS, TSS).  NVIDIA's header declares the mixed
 * ones for C++ only; here C has them too, on 16-bit integers.
 */
#define IDXGEN_CUBLAS__GEMV_BATCHED(P, TA, TS, TY)							\
	cublasStatus_t cublas##P##gemvBatched(cublasHandle_t h, cublasOperation_t trans, int m, int n,	\
					      const TS *alpha, const TA *const Aarray[], int lda,	\
					      const TA *const xarray[], int incx, const TS *beta,	\
					      TY *const yarray[], int incy, int batchCount);		\
	cublasStatus_t cublas##P##gemvStridedBatched(cublasHandle_t h, cublasOperation_t trans, int m, int n, \
						     const TS *alpha, const TA *a, int lda, long long strideA, \
						     const TA *x, int incx, long long stridex, const TS *beta, \
						     TY *y, int incy, long long stridey, int batchCount);
IDXGEN_CUBLAS__GEMV_BATCHED(S, float, float, float)
IDXGEN_CUBLAS__GEMV_BATCHED(D, double, double, double)
IDXGEN_CUBLAS__GEMV_BATCHED(C, cuComplex, cuComplex, cuComplex)
IDXGEN_CUBLAS__GEMV_BATCHED(Z, cuDoubleComplex, cuDoubleComplex, cuDoubleComplex)
IDXGEN_CUBLAS__GEMV_BATCHED(HSH, __idxgen_cublas_half, float, __idxgen_cublas_half)
IDXGEN_CUBLAS__GEMV_BATCHED(HSS, __idxgen_cublas_half, float, float)
IDXGEN_CUBLAS__GEMV_BATCHED(TST, __idxgen_cublas_bf16, float, __idxgen_cublas_bf16)
IDXGEN_CUBLAS__GEMV_BATCHED(TSS, __idxgen_cublas_bf16, float, float)
/*
 * Complex GEMM of lower-precision inputs (lib/cublas/gemm_c_ex.c): A and B
 * both CUDA_C_32F or both CUDA_C_8I (two signed bytes, real part first), C
 * CUDA_C_32F, cuComplex scalars and sums; other types NOT_SUPPORTED.  The
 * 3m forms (Gauss's three real products per complex one, a GPU speed-up)
 * give the same product.
 */
cublasStatus_t cublasCgemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
			     int k, const cuComplex *alpha, const void *a, cudaDataType a_type, int lda,
			     const void *b, cudaDataType b_type, int ldb, const cuComplex *beta, void *c,
			     cudaDataType c_type, int ldc);
cublasStatus_t cublasCgemm3mEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m,
			       int n, int k, const cuComplex *alpha, const void *a, cudaDataType a_type, int lda,
			       const void *b, cudaDataType b_type, int ldb, const cuComplex *beta, void *c,
			       cudaDataType c_type, int ldc);
cublasStatus_t cublasCgemm3mBatched(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m,
				    int n, int k, const cuComplex *alpha, const cuComplex *const a[], int lda,
				    const cuComplex *const b[], int ldb, const cuComplex *beta,
				    cuComplex *const c[], int ldc, int batch_count);
cublasStatus_t cublasCgemm3mStridedBatched(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
					   int m, int n, int k, const cuComplex *alpha, const cuComplex *a,
					   int lda, long long stride_a, const cuComplex *b, int ldb,
					   long long stride_b, const cuComplex *beta, cuComplex *c, int ldc,
					   long long stride_c, int batch_count);
cublasStatus_t cublasSgemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
			     int k, const float *alpha, const void *a, cudaDataType a_type, int lda,
			     const void *b, cudaDataType b_type, int ldb, const float *beta, void *c,
			     cudaDataType c_type, int ldc);


/*
 * Deprecated by NVIDIA and never documented (lib/cublas/deprecated.c): an
 * 8-bit unsigned GEMM with biases, a multiplier and a shift whose rounding
 * and saturation no document states; CUBLAS_STATUS_NOT_SUPPORTED.
 */
cublasStatus_t cublasUint8gemmBias(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
				   cublasOperation_t transc, int m, int n, int k, const unsigned char *a, int a_bias,
				   int lda, const unsigned char *b, int b_bias, int ldb, unsigned char *c, int c_bias,
				   int ldc, int c_mult, int c_shift);

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
	cublasStatus_t cublas##P##matinvBatched(cublasHandle_t h, int n, const T *const a[], int lda,	\
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

/* cuBLAS 12's 64-bit-size calls (cublasSgemm_64, ...): forwarders made from the declarations above */
#ifndef IDXGEN_CUBLAS_NO_64
#include "idxgen_cublas_64.h"
#endif

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

/* cuBLAS 13's overloads taking library_types.h's strategy: the same values */
static inline cublasStatus_t cublasSetEmulationStrategy(cublasHandle_t h, cudaEmulationStrategy strategy)
{
	return cublasSetEmulationStrategy(h, (cublasEmulationStrategy_t)strategy);
}

static inline cublasStatus_t cublasGetEmulationStrategy(cublasHandle_t h, cudaEmulationStrategy *strategy)
{
	return cublasGetEmulationStrategy(h, (cublasEmulationStrategy_t *)strategy);
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
