// SPDX-License-Identifier: MIT
/*
 * half.c - cublasHgemm, cublasHgemmStridedBatched, cublasHgemmBatched: the
 * GemmEx family with binary16 A, B, C and scalars and CUBLAS_COMPUTE_16F
 * (batched.c: the 16-bit values widened to float, OpenBLAS's sgemm, C
 * rounded once to half, nearest even).  Statuses are GemmEx's.
 */
#include "cublas_internal.h"

cublasStatus_t cublasHgemm(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
			   int k, const __idxgen_cublas_half *alpha, const __idxgen_cublas_half *a, int lda,
			   const __idxgen_cublas_half *b, int ldb, const __idxgen_cublas_half *beta,
			   __idxgen_cublas_half *c, int ldc)
{
	return cublasGemmEx(h, transa, transb, m, n, k, alpha, a, CUDA_R_16F, lda, b, CUDA_R_16F, ldb, beta, c,
			    CUDA_R_16F, ldc, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
}

cublasStatus_t cublasHgemmStridedBatched(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
					 int m, int n, int k, const __idxgen_cublas_half *alpha,
					 const __idxgen_cublas_half *a, int lda, long long stride_a,
					 const __idxgen_cublas_half *b, int ldb, long long stride_b,
					 const __idxgen_cublas_half *beta, __idxgen_cublas_half *c, int ldc,
					 long long stride_c, int batch_count)
{
	return cublasGemmStridedBatchedEx(h, transa, transb, m, n, k, alpha, a, CUDA_R_16F, lda, stride_a, b,
					  CUDA_R_16F, ldb, stride_b, beta, c, CUDA_R_16F, ldc, stride_c,
					  batch_count, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
}

cublasStatus_t cublasHgemmBatched(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m,
				  int n, int k, const __idxgen_cublas_half *alpha,
				  const __idxgen_cublas_half *const a[], int lda, const __idxgen_cublas_half *const b[],
				  int ldb, const __idxgen_cublas_half *beta, __idxgen_cublas_half *const c[], int ldc,
				  int batch_count)
{
	return cublasGemmBatchedEx(h, transa, transb, m, n, k, alpha, (const void *const *)a, CUDA_R_16F, lda,
				   (const void *const *)b, CUDA_R_16F, ldb, beta, (void *const *)c, CUDA_R_16F, ldc,
				   batch_count, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
}
