// SPDX-License-Identifier: MIT
/*
 * lib/cublas: grouped batched GEMM (cuBLAS 12.5).  Group i is group_size[i]
 * products C = alpha_i op(A) op(B) + beta_i C that share transa_array[i],
 * transb_array[i], m/n/k_array[i], the leading dimensions and the scalars;
 * the matrices are the next group_size[i] entries of the pointer arrays.
 * Every group is checked before any is computed (nothing written on a
 * refused call), then each group is one GemmBatchedEx over its pointers.
 *
 * The types are cuBLAS's table for this call: A, B and C of one type,
 * CUDA_R_32F, CUDA_R_16F or CUDA_R_16BF with a 32F compute type (float
 * scalars; TF32 only with 32F data), CUDA_R_64F with 64F (double scalars).
 * The per-group arrays are host arrays: a handle in
 * CUBLAS_POINTER_MODE_DEVICE is CUBLAS_STATUS_NOT_SUPPORTED, as cuBLAS's.
 */
#include <limits.h>
#include "cublas_internal.h"

struct grouped {
	const cublasOperation_t *ta, *tb;
	const int *m, *n, *k, *lda, *ldb, *ldc;
	const void *alpha, *beta;
	const void *const *a, *const *b;
	void *const *c;
	int group_count;
	const int *group_size;
};

static int data_type_ok(cudaDataType_t a, cudaDataType_t b, cudaDataType_t c,
			cublasComputeType_t compute)
{
	if (a != b || a != c)
		return 0;
	switch (compute) {
	case CUBLAS_COMPUTE_32F:
	case CUBLAS_COMPUTE_32F_PEDANTIC:
		return a == CUDA_R_32F || a == CUDA_R_16F || a == CUDA_R_16BF;
	case CUBLAS_COMPUTE_32F_FAST_TF32:
		return a == CUDA_R_32F;
	case CUBLAS_COMPUTE_64F:
	case CUBLAS_COMPUTE_64F_PEDANTIC:
		return a == CUDA_R_64F;
	default:
		return 0;
	}
}

/* the per-group arrays present, each group's shape valid, the pointer arrays there if any product
 * is */
static cublasStatus_t grouped_check(const struct grouped *g)
{
	long long problems = 0;

	if (g->group_count < 0)
		return CUBLAS_STATUS_INVALID_VALUE;
	if (g->group_count == 0)
		return CUBLAS_STATUS_SUCCESS;
	if (!g->ta || !g->tb || !g->m || !g->n || !g->k || !g->lda || !g->ldb || !g->ldc ||
	    !g->alpha || !g->beta || !g->group_size)
		return CUBLAS_STATUS_INVALID_VALUE;
	for (int i = 0; i < g->group_count; i++) {
		if (g->group_size[i] < 0 ||
		    cublas_gemm_check(g->ta[i], g->tb[i], g->m[i], g->n[i], g->k[i], g->lda[i],
				      g->ldb[i], g->ldc[i]))
			return CUBLAS_STATUS_INVALID_VALUE;
		problems += g->group_size[i];
	}
	if (problems > INT_MAX || (problems > 0 && (!g->a || !g->b || !g->c)))
		return CUBLAS_STATUS_INVALID_VALUE;
	return CUBLAS_STATUS_SUCCESS;
}

/* type: A's, B's and C's (one type, checked); compute: the compute type */
static cublasStatus_t grouped_run(cublasHandle_t h, const struct grouped *g,
				  const cudaDataType_t type[3], cublasComputeType_t compute,
				  const char *api)
{
	size_t scalar = type[0] == CUDA_R_64F ? sizeof(double) : sizeof(float);
	cublasPointerMode_t mode = CUBLAS_POINTER_MODE_HOST;
	cublasStatus_t st;

	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if ((st = grouped_check(g)))
		return st;
	if (!data_type_ok(type[0], type[1], type[2], compute))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasGetPointerMode(h, &mode);
	if (mode == CUBLAS_POINTER_MODE_DEVICE)
		return CUBLAS_STATUS_NOT_SUPPORTED;
	if ((st = cublas_begin_as(h, api)))
		return st;
	for (int i = 0, first = 0; !st && i < g->group_count; first += g->group_size[i++]) {
		if (!g->group_size[i])
			continue;
		st = cublasGemmBatchedEx(h, g->ta[i], g->tb[i], g->m[i], g->n[i], g->k[i],
					 (const char *)g->alpha + i * scalar, g->a + first, type[0],
					 g->lda[i], g->b + first, type[0], g->ldb[i],
					 (const char *)g->beta + i * scalar, g->c + first, type[0],
					 g->ldc[i], g->group_size[i], compute, CUBLAS_GEMM_DEFAULT);
	}
	return st;
}

/* the per-group arrays of every form, in the calls' order */
#define GROUPED_INIT(A, B, C)                                                                      \
	{                                                                                          \
		.ta = transa_array, .tb = transb_array, .m = m_array, .n = n_array, .k = k_array,  \
		.alpha = alpha_array, .a = (const void *const *)(A), .lda = lda_array,             \
		.b = (const void *const *)(B), .ldb = ldb_array, .beta = beta_array,               \
		.c = (void *const *)(C), .ldc = ldc_array, .group_count = group_count,             \
		.group_size = group_size                                                           \
	}

cublasStatus_t cublasGemmGroupedBatchedEx(
    cublasHandle_t h, const cublasOperation_t transa_array[],
    const cublasOperation_t transb_array[], const int m_array[], const int n_array[],
    const int k_array[], const void *alpha_array, const void *const a_array[],
    cudaDataType_t a_type, const int lda_array[], const void *const b_array[],
    cudaDataType_t b_type, const int ldb_array[], const void *beta_array, void *const c_array[],
    cudaDataType_t c_type, const int ldc_array[], int group_count, const int group_size[],
    cublasComputeType_t compute_type)
{
	struct grouped g = GROUPED_INIT(a_array, b_array, c_array);
	const cudaDataType_t types[3] = {a_type, b_type, c_type};

	return grouped_run(h, &g, types, compute_type, __func__);
}

cublasStatus_t cublasSgemmGroupedBatched(cublasHandle_t h, const cublasOperation_t transa_array[],
					 const cublasOperation_t transb_array[],
					 const int m_array[], const int n_array[],
					 const int k_array[], const float alpha_array[],
					 const float *const a_array[], const int lda_array[],
					 const float *const b_array[], const int ldb_array[],
					 const float beta_array[], float *const c_array[],
					 const int ldc_array[], int group_count,
					 const int group_size[])
{
	struct grouped g = GROUPED_INIT(a_array, b_array, c_array);
	const cudaDataType_t types[3] = {CUDA_R_32F, CUDA_R_32F, CUDA_R_32F};

	return grouped_run(h, &g, types, CUBLAS_COMPUTE_32F, __func__);
}

cublasStatus_t cublasDgemmGroupedBatched(cublasHandle_t h, const cublasOperation_t transa_array[],
					 const cublasOperation_t transb_array[],
					 const int m_array[], const int n_array[],
					 const int k_array[], const double alpha_array[],
					 const double *const a_array[], const int lda_array[],
					 const double *const b_array[], const int ldb_array[],
					 const double beta_array[], double *const c_array[],
					 const int ldc_array[], int group_count,
					 const int group_size[])
{
	struct grouped g = GROUPED_INIT(a_array, b_array, c_array);
	const cudaDataType_t types[3] = {CUDA_R_64F, CUDA_R_64F, CUDA_R_64F};

	return grouped_run(h, &g, types, CUBLAS_COMPUTE_64F, __func__);
}
