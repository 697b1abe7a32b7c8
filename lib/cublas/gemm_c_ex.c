// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the complex GEMMs of cuBLAS whose inputs may be of a lower
 * precision than C, and the batched forms of Gauss's 3m GEMM:
 *
 *   CgemmEx, Cgemm3mEx   C = alpha op(A) op(B) + beta C, A and B both
 *                        CUDA_C_32F or both CUDA_C_8I (char2: two signed
 *                        bytes, real part first), C CUDA_C_32F
 *   Cgemm3mBatched, Cgemm3mStridedBatched   CgemmBatched's, StridedBatched's
 *
 * cuComplex scalars and sums, the type pairs cuBLAS documents; any other
 * combination is CUBLAS_STATUS_NOT_SUPPORTED after the arguments' checks.
 * 8-bit inputs are widened exactly into float copies, then CBLAS's cgemm.
 * The 3m forms compute the same product: three real products per complex
 * one is how cuBLAS makes it faster on a GPU, not another result.
 */
#include <stdlib.h>
#include "cublas_internal.h"

static int types_ok(cudaDataType a_type, cudaDataType b_type, cudaDataType c_type)
{
	return c_type == CUDA_C_32F && a_type == b_type &&
	       (a_type == CUDA_C_32F || a_type == CUDA_C_8I);
}

/* rows x cols of an input as CBLAS reads it: the caller's for CUDA_C_32F, else a widened copy
 * (*owned, freed by the caller; *ld becomes its leading dimension) */
static const cuComplex *as_c32(const void *p, cudaDataType t, int rows, int cols, int *ld,
			       cuComplex **owned)
{
	*owned = NULL;
	if (t == CUDA_C_32F)
		return p;
	*owned = cublas_widen_c8(p, rows, cols, *ld);
	*ld = cublas_max1(rows);
	return *owned;
}

static cublasStatus_t gemm_c_ex(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
				int n, int k, const cuComplex *alpha, const void *a,
				cudaDataType a_type, int lda, const void *b, cudaDataType b_type,
				int ldb, const cuComplex *beta, void *c, cudaDataType c_type,
				int ldc, const char *api)
{
	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (cublas_gemm_check(ta, tb, m, n, k, lda, ldb, ldc) || !alpha || !beta)
		return CUBLAS_STATUS_INVALID_VALUE;
	if (!types_ok(a_type, b_type, c_type))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t st = cublas_begin_as(h, api);

	if (st || m == 0 || n == 0)
		return st;
	cuComplex *own_a, *own_b;
	const cuComplex *a32 =
	    as_c32(a, a_type, ta == CUBLAS_OP_N ? m : k, ta == CUBLAS_OP_N ? k : m, &lda, &own_a);
	const cuComplex *b32 =
	    as_c32(b, b_type, tb == CUBLAS_OP_N ? k : n, tb == CUBLAS_OP_N ? n : k, &ldb, &own_b);

	if (a32 && b32)
		cblas_cgemm(CblasColMajor, cblas_op(ta), cblas_op(tb), m, n, k, alpha, a32, lda,
			    b32, ldb, beta, c, ldc);
	free(own_a);
	free(own_b);
	return a32 && b32 ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t cublasCgemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
			     int m, int n, int k, const cuComplex *alpha, const void *a,
			     cudaDataType a_type, int lda, const void *b, cudaDataType b_type,
			     int ldb, const cuComplex *beta, void *c, cudaDataType c_type, int ldc)
{
	return gemm_c_ex(h, transa, transb, m, n, k, alpha, a, a_type, lda, b, b_type, ldb, beta, c,
			 c_type, ldc, __func__);
}

cublasStatus_t cublasCgemm3mEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
			       int m, int n, int k, const cuComplex *alpha, const void *a,
			       cudaDataType a_type, int lda, const void *b, cudaDataType b_type,
			       int ldb, const cuComplex *beta, void *c, cudaDataType c_type,
			       int ldc)
{
	return gemm_c_ex(h, transa, transb, m, n, k, alpha, a, a_type, lda, b, b_type, ldb, beta, c,
			 c_type, ldc, __func__);
}

cublasStatus_t cublasCgemm3mBatched(cublasHandle_t h, cublasOperation_t transa,
				    cublasOperation_t transb, int m, int n, int k,
				    const cuComplex *alpha, const cuComplex *const a[], int lda,
				    const cuComplex *const b[], int ldb, const cuComplex *beta,
				    cuComplex *const c[], int ldc, int batch_count)
{
	return cublasCgemmBatched(h, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
				  batch_count);
}

cublasStatus_t cublasCgemm3mStridedBatched(cublasHandle_t h, cublasOperation_t transa,
					   cublasOperation_t transb, int m, int n, int k,
					   const cuComplex *alpha, const cuComplex *a, int lda,
					   long long stride_a, const cuComplex *b, int ldb,
					   long long stride_b, const cuComplex *beta, cuComplex *c,
					   int ldc, long long stride_c, int batch_count)
{
	return cublasCgemmStridedBatched(h, transa, transb, m, n, k, alpha, a, lda, stride_a, b,
					 ldb, stride_b, beta, c, ldc, stride_c, batch_count);
}
