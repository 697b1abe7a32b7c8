/* SPDX-License-Identifier: MIT */
/*
 * cublas_internal.h - what the files of lib/cublas share: the handle, the
 * argument checks cuBLAS makes (those of the reference BLAS: sizes, leading
 * dimensions, increments, enum values) and the mapping of cuBLAS's enums to
 * CBLAS's.  Each call checks its handle, then its arguments, then waits for
 * its stream (cublas_begin) and runs on OpenBLAS in the calling thread.
 */
#ifndef IDXGEN_CUBLAS_INTERNAL_H
#define IDXGEN_CUBLAS_INTERNAL_H

#include <complex.h>
#include <stdbool.h>
#include <stdint.h>
#include <cblas.h>
/* The API keeps default visibility; the rest is hidden and made local in the archive (Makefile). */
#pragma GCC visibility push(default)
#include <cuda_runtime_api.h>
#include <cublas_v2.h>
#pragma GCC visibility pop

struct cublasContext {
	cudaStream_t stream;
	cublasPointerMode_t pointer_mode;
	cublasAtomicsMode_t atomics_mode;
	cublasMath_t math_mode;
	struct cublas_captured *captured;	/* calls recorded into graphs (capture.c) */
	/* settings for GPUs, kept and read back (handle_emulation.c) */
	int sm_count_target;
	cublasEmulationStrategy_t emulation_strategy;
	cudaEmulationSpecialValuesSupport special_values;
	cudaEmulationMantissaControl mantissa_control;
	int max_mantissa_bits, mantissa_bit_offset;
	int *mantissa_bit_count;
};

#define CUBLAS_HIDDEN __attribute__((visibility("hidden")))

/*
 * Stream order: the work queued on the handle's stream before this call
 * completes first; the call then runs here and is complete when it returns,
 * so work queued after it sees its results (CUDA allows a library call to
 * be synchronous).  A stream that failed makes the call fail.
 */
CUBLAS_HIDDEN cublasStatus_t cublas_begin_as(cublasHandle_t h, const char *api);
/* api: the name of the cuBLAS call that runs, for the log (logger.c); a helper of several
 * calls takes it from its caller and calls cublas_begin_as */
#define cublas_begin(h) cublas_begin_as((h), __func__)

/* Where logging is on (cublasLoggerConfigure, CUBLAS_LOGINFO_DBG): one line for the call api
 * on handle h (NULL: none), to the log's destinations and callback (logger.c). */
CUBLAS_HIDDEN void cublas_log_call(cublasHandle_t h, const char *api);

/*
 * A level-1 call of real precision on a stream being captured into a graph
 * becomes a node of it (capture.c); the arguments as the call got them.
 */
enum cublas_l1_op { CUBLAS_L1_AXPY, CUBLAS_L1_SCAL, CUBLAS_L1_COPY, CUBLAS_L1_DOT, CUBLAS_L1_NRM2, CUBLAS_L1_ASUM };
struct cublas_l1 {
	enum cublas_l1_op op;
	bool single, complex_;
	int n, incx, incy;
	const void *alpha, *x;
	void *y, *result;	/* scal: y is the vector */
};
/* gemv (b: x, ldb: incx, c: y, ldc: incy) and gemm of real precision, recorded alike */
enum cublas_mm_op { CUBLAS_MM_GEMV, CUBLAS_MM_GEMM };
struct cublas_mm {
	enum cublas_mm_op op;
	bool single, complex_;
	cublasOperation_t ta, tb;
	int m, n, k;
	const void *alpha, *a;
	int lda;
	const void *b;
	int ldb;
	const void *beta;
	void *c;
	int ldc;
};
CUBLAS_HIDDEN bool cublas_capturing(cublasHandle_t h);
CUBLAS_HIDDEN cublasStatus_t cublas_capture_l1(cublasHandle_t h, const struct cublas_l1 *l);
CUBLAS_HIDDEN cublasStatus_t cublas_capture_mm(cublasHandle_t h, const struct cublas_mm *mm);
CUBLAS_HIDDEN void cublas_captured_free(cublasHandle_t h);
/* the precision of a prefix letter: single, complex */
#define CUBLAS_SINGLE_S 1
#define CUBLAS_SINGLE_D 0
#define CUBLAS_SINGLE_C 1
#define CUBLAS_SINGLE_Z 0
#define CUBLAS_COMPLEX_S 0
#define CUBLAS_COMPLEX_D 0
#define CUBLAS_COMPLEX_C 1
#define CUBLAS_COMPLEX_Z 1
/* handle, arguments, then a captured stream's record of the call (returned from the caller) */
#define CUBLAS_START_L1(h, bad, P, OP, N, ALPHA, X, INCX, Y, INCY, RESULT)                                     \
	do {                                                                                                   \
		if (!(h))                                                                                      \
			return CUBLAS_STATUS_NOT_INITIALIZED;                                                  \
		if (bad)                                                                                       \
			return CUBLAS_STATUS_INVALID_VALUE;                                                    \
		if (cublas_capturing(h)) {                                                                     \
			struct cublas_l1 l1_ = {OP,     CUBLAS_SINGLE_##P, CUBLAS_COMPLEX_##P, N,                \
						INCX,   INCY,              ALPHA,              X,                \
						(void *)(Y), (void *)(RESULT)};                                  \
			cublas_log_call(h, __func__);                                                          \
			return cublas_capture_l1(h, &l1_);                                                     \
		}                                                                                              \
		cublasStatus_t st_ = cublas_begin(h);                                                          \
		if (st_)                                                                                       \
			return st_;                                                                            \
	} while (0)

#define CUBLAS_START_MM(h, bad, P, OP, TA, TB, M, N, K, ALPHA, A, LDA, B, LDB, BETA, C, LDC)                  \
	do {                                                                                                   \
		if (!(h))                                                                                      \
			return CUBLAS_STATUS_NOT_INITIALIZED;                                                  \
		if (bad)                                                                                       \
			return CUBLAS_STATUS_INVALID_VALUE;                                                    \
		if (cublas_capturing(h)) {                                                                     \
			struct cublas_mm mm_ = {OP, CUBLAS_SINGLE_##P, CUBLAS_COMPLEX_##P, TA, TB, M, N, K, ALPHA, \
						A,  LDA, B,                LDB,                BETA, (void *)(C), LDC}; \
			cublas_log_call(h, __func__);                                                          \
			return cublas_capture_mm(h, &mm_);                                                     \
		}                                                                                              \
		cublasStatus_t st_ = cublas_begin(h);                                                          \
		if (st_)                                                                                       \
			return st_;                                                                            \
	} while (0)

/* handle first, then arguments, then the stream: cuBLAS's order of checks; api names the call */
#define CUBLAS_START_AS(h, api, bad)				\
	do {							\
		if (!(h))					\
			return CUBLAS_STATUS_NOT_INITIALIZED;	\
		if (bad)					\
			return CUBLAS_STATUS_INVALID_VALUE;	\
		cublasStatus_t st_ = cublas_begin_as(h, api);	\
		if (st_)					\
			return st_;				\
	} while (0)
#define CUBLAS_START(h, bad) CUBLAS_START_AS(h, __func__, bad)

/* Every complex array of cuBLAS is a C complex array (cuComplex.h: float2 = {re, im}). */
typedef float _Complex cublas_c;
typedef double _Complex cublas_z;

static inline int cublas_max1(int v) { return v > 1 ? v : 1; }

/* the offset of element i of a BLAS vector of n elements with increment inc
 * (a negative increment walks it from its end; 0 repeats element 0) */
static inline long cublas_vec_index(int n, int inc, int i)
{
	return inc >= 0 ? (long)i * inc : (long)(n - 1 - i) * -inc;
}
#define CUBLAS_VEC_AT(v, i, n, inc) ((v)[cublas_vec_index((n), (inc), (i))])

static inline int cublas_op_ok(cublasOperation_t op)
{
	return op == CUBLAS_OP_N || op == CUBLAS_OP_T || op == CUBLAS_OP_C;
}
static inline int cublas_fill_ok(cublasFillMode_t f)
{
	return f == CUBLAS_FILL_MODE_LOWER || f == CUBLAS_FILL_MODE_UPPER;
}
static inline int cublas_side_ok(cublasSideMode_t s)
{
	return s == CUBLAS_SIDE_LEFT || s == CUBLAS_SIDE_RIGHT;
}
static inline int cublas_diag_ok(cublasDiagType_t d)
{
	return d == CUBLAS_DIAG_NON_UNIT || d == CUBLAS_DIAG_UNIT;
}

static inline enum CBLAS_TRANSPOSE cblas_op(cublasOperation_t op)
{
	return op == CUBLAS_OP_N ? CblasNoTrans : op == CUBLAS_OP_T ? CblasTrans : CblasConjTrans;
}
static inline enum CBLAS_UPLO cblas_fill(cublasFillMode_t f)
{
	return f == CUBLAS_FILL_MODE_LOWER ? CblasLower : CblasUpper;
}
static inline enum CBLAS_SIDE cblas_side(cublasSideMode_t s)
{
	return s == CUBLAS_SIDE_LEFT ? CblasLeft : CblasRight;
}
static inline enum CBLAS_DIAG cblas_diag(cublasDiagType_t d)
{
	return d == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit;
}

/* Element i of a half (CUDA_R_16F) or bfloat16 (CUDA_R_16BF) array as float (exact), and back (nearest even). */
CUBLAS_HIDDEN float cublas_load16(const void *p, size_t i, cudaDataType t);
CUBLAS_HIDDEN void cublas_store16(void *p, size_t i, cudaDataType t, float f);

/* rows x cols of a CUDA_C_8I matrix (char2 elements, lda) as a dense cuComplex one (ld = rows),
 * exact; NULL when out of memory (rank_k_ex.c; the complex Ex calls of lower-precision inputs) */
CUBLAS_HIDDEN cuComplex *cublas_widen_c8(const int8_t *a, int rows, int cols, int lda);

/* The argument checks of gemm, shared by the batched and mixed-precision forms. */
static inline cublasStatus_t cublas_gemm_check(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
					       int lda, int ldb, int ldc)
{
	if (!cublas_op_ok(ta) || !cublas_op_ok(tb) || m < 0 || n < 0 || k < 0 ||
	    lda < cublas_max1(ta == CUBLAS_OP_N ? m : k) || ldb < cublas_max1(tb == CUBLAS_OP_N ? k : n) ||
	    ldc < cublas_max1(m))
		return CUBLAS_STATUS_INVALID_VALUE;
	return CUBLAS_STATUS_SUCCESS;
}

/*
 * Token helpers for the per-precision generators: how CBLAS takes a scalar
 * (real by value, complex by address) and each precision's letters.
 */
#define CUBLAS_ARG_S(p) (*(p))
#define CUBLAS_ARG_D(p) (*(p))
#define CUBLAS_ARG_C(p) ((const void *)(p))
#define CUBLAS_ARG_Z(p) ((const void *)(p))
#define CUBLAS_ARG(P, p) CUBLAS_ARG_##P(p)
#define CUBLAS_CB_S(name) cblas_s##name
#define CUBLAS_CB_D(name) cblas_d##name
#define CUBLAS_CB_C(name) cblas_c##name
#define CUBLAS_CB_Z(name) cblas_z##name
#define CUBLAS_CB(P, name) CUBLAS_CB_##P(name)
/* the C type of an element, for the loops written here */
#define CUBLAS_IT_S float
#define CUBLAS_IT_D double
#define CUBLAS_IT_C cublas_c
#define CUBLAS_IT_Z cublas_z
#define CUBLAS_IT(P) CUBLAS_IT_##P
#define CUBLAS_CONJ_S(v) (v)
#define CUBLAS_CONJ_D(v) (v)
#define CUBLAS_CONJ_C(v) conjf(v)
#define CUBLAS_CONJ_Z(v) conj(v)
#define CUBLAS_CONJ(P, v) CUBLAS_CONJ_##P(v)

#define CUBLAS_FOR_ALL(GEN)			\
	GEN(S, float, float)			\
	GEN(D, double, double)			\
	GEN(C, cuComplex, float)		\
	GEN(Z, cuDoubleComplex, double)

#endif
