// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the 64-bit forms of the grouped batched GEMMs (cuBLAS 12.5's
 * SgemmGroupedBatched_64, DgemmGroupedBatched_64, GemmGroupedBatchedEx_64):
 * their per-group sizes, leading dimensions and group sizes are int64_t
 * arrays, so unlike the other _64 calls (inline forwarders written by
 * gen-64.py) they are narrowed here into int arrays and passed to the int
 * calls, which check and run them (grouped_batched.c).  A value outside
 * int's range is CUBLAS_STATUS_NOT_SUPPORTED with nothing written: OpenBLAS
 * takes 32-bit integers.
 */
#include <stdlib.h>
#include "cublas_internal.h"

enum { M, N, K, LDA, LDB, LDC, SIZE, ARRAYS };

/* the int copies of a call's int64_t arrays (NULL stays NULL, for the int call's checks) */
struct narrowed {
	int *v[ARRAYS];
	int count;
};

static void narrowed_free(struct narrowed *w)
{
	for (int i = 0; i < ARRAYS; i++)
		free(w->v[i]);
}

static cublasStatus_t narrow(struct narrowed *w, const int64_t *const src[ARRAYS],
			     int64_t group_count)
{
	for (int i = 0; i < ARRAYS; i++)
		w->v[i] = NULL;
	if (group_count > INT32_MAX || group_count < INT32_MIN)
		return CUBLAS_STATUS_NOT_SUPPORTED;
	w->count = (int)group_count;
	for (int i = 0; i < ARRAYS && group_count > 0; i++) {
		if (!src[i])
			continue;
		w->v[i] = malloc(sizeof(int) * (size_t)group_count);
		if (!w->v[i])
			return CUBLAS_STATUS_ALLOC_FAILED;
		for (int64_t g = 0; g < group_count; g++) {
			if (src[i][g] > INT32_MAX || src[i][g] < INT32_MIN)
				return CUBLAS_STATUS_NOT_SUPPORTED;
			w->v[i][g] = (int)src[i][g];
		}
	}
	return CUBLAS_STATUS_SUCCESS;
}

/* the arrays in the order of the enum above */
#define SOURCES                                                                                    \
	{                                                                                          \
		m_array, n_array, k_array, lda_array, ldb_array, ldc_array, group_size             \
	}

cublasStatus_t cublasSgemmGroupedBatched_64(
    cublasHandle_t h, const cublasOperation_t transa_array[],
    const cublasOperation_t transb_array[], const int64_t m_array[], const int64_t n_array[],
    const int64_t k_array[], const float alpha_array[], const float *const a_array[],
    const int64_t lda_array[], const float *const b_array[], const int64_t ldb_array[],
    const float beta_array[], float *const c_array[], const int64_t ldc_array[],
    int64_t group_count, const int64_t group_size[])
{
	const int64_t *const src[ARRAYS] = SOURCES;
	struct narrowed w;
	cublasStatus_t st;

	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!(st = narrow(&w, src, group_count)))
		st = cublasSgemmGroupedBatched(
		    h, transa_array, transb_array, w.v[M], w.v[N], w.v[K], alpha_array, a_array,
		    w.v[LDA], b_array, w.v[LDB], beta_array, c_array, w.v[LDC], w.count, w.v[SIZE]);
	narrowed_free(&w);
	return st;
}

cublasStatus_t cublasDgemmGroupedBatched_64(
    cublasHandle_t h, const cublasOperation_t transa_array[],
    const cublasOperation_t transb_array[], const int64_t m_array[], const int64_t n_array[],
    const int64_t k_array[], const double alpha_array[], const double *const a_array[],
    const int64_t lda_array[], const double *const b_array[], const int64_t ldb_array[],
    const double beta_array[], double *const c_array[], const int64_t ldc_array[],
    int64_t group_count, const int64_t group_size[])
{
	const int64_t *const src[ARRAYS] = SOURCES;
	struct narrowed w;
	cublasStatus_t st;

	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!(st = narrow(&w, src, group_count)))
		st = cublasDgemmGroupedBatched(
		    h, transa_array, transb_array, w.v[M], w.v[N], w.v[K], alpha_array, a_array,
		    w.v[LDA], b_array, w.v[LDB], beta_array, c_array, w.v[LDC], w.count, w.v[SIZE]);
	narrowed_free(&w);
	return st;
}

cublasStatus_t cublasGemmGroupedBatchedEx_64(
    cublasHandle_t h, const cublasOperation_t transa_array[],
    const cublasOperation_t transb_array[], const int64_t m_array[], const int64_t n_array[],
    const int64_t k_array[], const void *alpha_array, const void *const a_array[],
    cudaDataType_t a_type, const int64_t lda_array[], const void *const b_array[],
    cudaDataType_t b_type, const int64_t ldb_array[], const void *beta_array, void *const c_array[],
    cudaDataType_t c_type, const int64_t ldc_array[], int64_t group_count,
    const int64_t group_size[], cublasComputeType_t compute_type)
{
	const int64_t *const src[ARRAYS] = SOURCES;
	struct narrowed w;
	cublasStatus_t st;

	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!(st = narrow(&w, src, group_count)))
		st = cublasGemmGroupedBatchedEx(h, transa_array, transb_array, w.v[M], w.v[N],
						w.v[K], alpha_array, a_array, a_type, w.v[LDA],
						b_array, b_type, w.v[LDB], beta_array, c_array,
						c_type, w.v[LDC], w.count, w.v[SIZE], compute_type);
	narrowed_free(&w);
	return st;
}
