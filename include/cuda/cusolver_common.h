/* SPDX-License-Identifier: MIT */
/*
 * cusolver_common.h - what cuSOLVER's APIs share: the status codes, the
 * eigen-solver modes and the version of idxgen's lib/cusolver (the dense
 * solvers on Debian's LAPACK).  Our own header, C11 and C++11; the enum
 * values are CUDA 12's, because programs store, compare and print them.
 */
#ifndef IDXGEN_CUDA_CUSOLVER_COMMON_H
#define IDXGEN_CUDA_CUSOLVER_COMMON_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define CUSOLVER_COMMON_H_

#include <inttypes.h> /* NVIDIA's includes it (int64_t, PRId64) */

#include "library_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* NVIDIA's marks of deprecated calls (cusolverRf, the low-level sparse API): no warning here */
#ifndef CUSOLVER_DEPRECATED
#define CUSOLVER_DEPRECATED(new_func)
#define CUSOLVER_DEPRECATED_
#endif
#ifndef CUSOLVERAPI
#define CUSOLVERAPI
#endif

#define CUSOLVER_VER_MAJOR 11
#define CUSOLVER_VER_MINOR 4
#define CUSOLVER_VER_PATCH 0
#define CUSOLVER_VER_BUILD 0
#define CUSOLVER_VERSION (CUSOLVER_VER_MAJOR * 1000 + CUSOLVER_VER_MINOR * 100 + CUSOLVER_VER_PATCH)

/* the 32-bit API's integer (its 64-bit API takes int64_t) */
typedef int cusolver_int_t;

typedef enum {
	CUSOLVER_STATUS_SUCCESS = 0,
	CUSOLVER_STATUS_NOT_INITIALIZED = 1,
	CUSOLVER_STATUS_ALLOC_FAILED = 2,
	CUSOLVER_STATUS_INVALID_VALUE = 3,
	CUSOLVER_STATUS_ARCH_MISMATCH = 4,
	CUSOLVER_STATUS_MAPPING_ERROR = 5,
	CUSOLVER_STATUS_EXECUTION_FAILED = 6,
	CUSOLVER_STATUS_INTERNAL_ERROR = 7,
	CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
	CUSOLVER_STATUS_NOT_SUPPORTED = 9,
	CUSOLVER_STATUS_ZERO_PIVOT = 10,
	CUSOLVER_STATUS_INVALID_LICENSE = 11,
	/* the iterative-refinement solvers' (cusolverDnIRSXgesv & co.) */
	CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED = 12,
	CUSOLVER_STATUS_IRS_PARAMS_INVALID = 13,
	CUSOLVER_STATUS_IRS_PARAMS_INVALID_PREC = 14,
	CUSOLVER_STATUS_IRS_PARAMS_INVALID_REFINE = 15,
	CUSOLVER_STATUS_IRS_PARAMS_INVALID_MAXITER = 16,
	CUSOLVER_STATUS_IRS_INTERNAL_ERROR = 20,
	CUSOLVER_STATUS_IRS_NOT_SUPPORTED = 21,
	CUSOLVER_STATUS_IRS_OUT_OF_RANGE = 22,
	CUSOLVER_STATUS_IRS_NRHS_NOT_SUPPORTED_FOR_REFINE_GMRES = 23,
	CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED = 25,
	CUSOLVER_STATUS_IRS_INFOS_NOT_DESTROYED = 26,
	CUSOLVER_STATUS_IRS_MATRIX_SINGULAR = 30,
	CUSOLVER_STATUS_INVALID_WORKSPACE = 31
} cusolverStatus_t;

/* syevd/heevd: eigenvalues only, or with the eigenvectors */
typedef enum { CUSOLVER_EIG_MODE_NOVECTOR = 0, CUSOLVER_EIG_MODE_VECTOR = 1 } cusolverEigMode_t;
/* sygvd/hegvd's problem kinds (declared for programs that name them) */
typedef enum { CUSOLVER_EIG_TYPE_1 = 1, CUSOLVER_EIG_TYPE_2 = 2, CUSOLVER_EIG_TYPE_3 = 3 } cusolverEigType_t;

/* syevdx/heevdx: all eigenvalues, those in (vl, vu], or the il-th to iu-th */
typedef enum {
	CUSOLVER_EIG_RANGE_ALL = 1001,
	CUSOLVER_EIG_RANGE_I = 1002,
	CUSOLVER_EIG_RANGE_V = 1003
} cusolverEigRange_t;

/* The 64-bit API's algorithm choice (cusolverDnSetAdvOptions): LAPACK has one, so both run it. */
typedef enum { CUSOLVER_ALG_0 = 0, CUSOLVER_ALG_1 = 1, CUSOLVER_ALG_2 = 2 } cusolverAlgMode_t;

/* Matrix norms (the iterative-refinement solvers' tolerances) */
typedef enum {
	CUSOLVER_INF_NORM = 104,
	CUSOLVER_MAX_NORM = 105,
	CUSOLVER_ONE_NORM = 106,
	CUSOLVER_FRO_NORM = 107
} cusolverNorm_t;

/* The iterative-refinement solvers' (cusolverDnIRSXgesv) refinement choices; every one runs
 * LAPACK's classical refinement here (lib/cusolver/README.md).  The PREC_ values are CUDA 10's. */
typedef enum {
	CUSOLVER_IRS_REFINE_NOT_SET = 1100,
	CUSOLVER_IRS_REFINE_NONE = 1101,
	CUSOLVER_IRS_REFINE_CLASSICAL = 1102,
	CUSOLVER_IRS_REFINE_CLASSICAL_GMRES = 1103,
	CUSOLVER_IRS_REFINE_GMRES = 1104,
	CUSOLVER_IRS_REFINE_GMRES_GMRES = 1105,
	CUSOLVER_IRS_REFINE_GMRES_NOPCOND = 1106,
	CUSOLVER_PREC_DD = 1150,
	CUSOLVER_PREC_SS = 1151,
	CUSOLVER_PREC_SHT = 1152
} cusolverIRSRefinement_t;

/* Element precisions as cuSOLVER names them (programs map their types to it: NVIDIA's samples' traits) */
typedef enum {
	CUSOLVER_R_8I = 1201,
	CUSOLVER_R_8U = 1202,
	CUSOLVER_R_64F = 1203,
	CUSOLVER_R_32F = 1204,
	CUSOLVER_R_16F = 1205,
	CUSOLVER_R_16BF = 1206,
	CUSOLVER_R_TF32 = 1207,
	CUSOLVER_R_AP = 1208,
	CUSOLVER_C_8I = 1211,
	CUSOLVER_C_8U = 1212,
	CUSOLVER_C_64F = 1213,
	CUSOLVER_C_32F = 1214,
	CUSOLVER_C_16F = 1215,
	CUSOLVER_C_16BF = 1216,
	CUSOLVER_C_TF32 = 1217,
	CUSOLVER_C_AP = 1218
} cusolverPrecType_t;

/* Householder storage and direction (LAPACK's larft/larfb arguments) */
typedef enum { CUBLAS_STOREV_COLUMNWISE = 0, CUBLAS_STOREV_ROWWISE = 1 } cusolverStorevMode_t;
typedef enum { CUBLAS_DIRECT_FORWARD = 0, CUBLAS_DIRECT_BACKWARD = 1 } cusolverDirectMode_t;

/* cusolverDnSetDeterministicMode: every result here is deterministic (LAPACK in one thread order) */
typedef enum {
	CUSOLVER_DETERMINISTIC_RESULTS = 1,
	CUSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS = 2
} cusolverDeterministicMode_t;

/* cusolverDnSetMathMode's choices (CUDA 13): LAPACK computes in the element type either way */
typedef enum { CUSOLVER_DEFAULT_MATH = 1, CUSOLVER_FP32_EMULATED_BF16X9_MATH = 2 } cusolverMathMode_t;

cusolverStatus_t cusolverGetProperty(libraryPropertyType type, int *value);
cusolverStatus_t cusolverGetVersion(int *version);

#ifdef __cplusplus
}
#endif

#endif
