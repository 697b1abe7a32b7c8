// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the complex rank-k updates whose A may be of a lower
 * precision than C, cuBLAS's extensions of syrk and herk:
 *
 *   CsyrkEx, Csyrk3mEx  C = alpha op(A) op(A)^T + beta C   (trans N or T)
 *   CherkEx, Cherk3mEx  C = alpha op(A) op(A)^H + beta C   (trans N or C, alpha and beta real)
 *
 * A is CUDA_C_32F or CUDA_C_8I (char2: two signed bytes, real part first),
 * C is CUDA_C_32F, the computation in cuComplex: the types cuBLAS documents,
 * any other pair is CUBLAS_STATUS_NOT_SUPPORTED.  An 8-bit A is widened
 * exactly into a float copy, then CBLAS's csyrk/cherk run on it.  The 3m
 * forms compute the same update: Gauss's method (three real products for a
 * complex one) is how cuBLAS makes it faster on a GPU, not another result.
 */
#include <stdint.h>
#include <stdlib.h>
#include "cublas_internal.h"

/* The arguments of syrk (herm 0: trans N or T) or herk (herm 1: N or C); 1 when bad. */
static int rank_k_bad(cublasFillMode_t uplo, cublasOperation_t trans, int n, int k, int lda,
		      int ldc, const void *alpha, const void *beta, int herm)
{
	cublasOperation_t other = herm ? CUBLAS_OP_C : CUBLAS_OP_T;

	return !cublas_fill_ok(uplo) || (trans != CUBLAS_OP_N && trans != other) || n < 0 ||
	       k < 0 || lda < cublas_max1(trans == CUBLAS_OP_N ? n : k) || ldc < cublas_max1(n) ||
	       !alpha || !beta;
}

static int types_ok(cudaDataType a_type, cudaDataType c_type)
{
	return c_type == CUDA_C_32F && (a_type == CUDA_C_32F || a_type == CUDA_C_8I);
}

cuComplex *cublas_widen_c8(const int8_t *a, int rows, int cols, int lda)
{
	size_t count = (size_t)cublas_max1(rows) * (size_t)cublas_max1(cols);
	cuComplex *w = malloc(sizeof(*w) * count);

	for (int j = 0; w && j < cols; j++)
		for (int i = 0; i < rows; i++) {
			const int8_t *e = a + 2 * (i + (size_t)j * lda);

			w[i + (size_t)j * rows] = (cuComplex){e[0], e[1]};
		}
	return w;
}

/*
 * A as CBLAS reads it: the caller's array for CUDA_C_32F, else a widened
 * copy (*owned, freed by the caller) with its leading dimension in *ld.
 */
static const cuComplex *a_as_c32(const void *a, cudaDataType a_type, cublasOperation_t trans, int n,
				 int k, int *ld, cuComplex **owned)
{
	int rows = trans == CUBLAS_OP_N ? n : k, cols = trans == CUBLAS_OP_N ? k : n;

	*owned = NULL;
	if (a_type == CUDA_C_32F)
		return a;
	*owned = cublas_widen_c8(a, rows, cols, *ld);
	*ld = cublas_max1(rows);
	return *owned;
}

static cublasStatus_t syrk_ex(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
			      int n, int k, const cuComplex *alpha, const void *a,
			      cudaDataType a_type, int lda, const cuComplex *beta, void *c,
			      cudaDataType c_type, int ldc, const char *api)
{
	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (rank_k_bad(uplo, trans, n, k, lda, ldc, alpha, beta, 0))
		return CUBLAS_STATUS_INVALID_VALUE;
	if (!types_ok(a_type, c_type))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t st = cublas_begin_as(h, api);
	cuComplex *owned;

	if (st || n == 0)
		return st;
	const cuComplex *a32 = a_as_c32(a, a_type, trans, n, k, &lda, &owned);

	if (!a32)
		return CUBLAS_STATUS_ALLOC_FAILED;
	cblas_csyrk(CblasColMajor, cblas_fill(uplo), cblas_op(trans), n, k, alpha, a32, lda, beta,
		    c, ldc);
	free(owned);
	return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t herk_ex(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
			      int n, int k, const float *alpha, const void *a, cudaDataType a_type,
			      int lda, const float *beta, void *c, cudaDataType c_type, int ldc,
			      const char *api)
{
	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (rank_k_bad(uplo, trans, n, k, lda, ldc, alpha, beta, 1))
		return CUBLAS_STATUS_INVALID_VALUE;
	if (!types_ok(a_type, c_type))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t st = cublas_begin_as(h, api);
	cuComplex *owned;

	if (st || n == 0)
		return st;
	const cuComplex *a32 = a_as_c32(a, a_type, trans, n, k, &lda, &owned);

	if (!a32)
		return CUBLAS_STATUS_ALLOC_FAILED;
	cblas_cherk(CblasColMajor, cblas_fill(uplo), cblas_op(trans), n, k, *alpha, a32, lda, *beta,
		    c, ldc);
	free(owned);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasCsyrkEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
			     int n, int k, const cuComplex *alpha, const void *a,
			     cudaDataType a_type, int lda, const cuComplex *beta, void *c,
			     cudaDataType c_type, int ldc)
{
	return syrk_ex(h, uplo, trans, n, k, alpha, a, a_type, lda, beta, c, c_type, ldc, __func__);
}

cublasStatus_t cublasCsyrk3mEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
			       int n, int k, const cuComplex *alpha, const void *a,
			       cudaDataType a_type, int lda, const cuComplex *beta, void *c,
			       cudaDataType c_type, int ldc)
{
	return syrk_ex(h, uplo, trans, n, k, alpha, a, a_type, lda, beta, c, c_type, ldc, __func__);
}

cublasStatus_t cublasCherkEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
			     int n, int k, const float *alpha, const void *a, cudaDataType a_type,
			     int lda, const float *beta, void *c, cudaDataType c_type, int ldc)
{
	return herk_ex(h, uplo, trans, n, k, alpha, a, a_type, lda, beta, c, c_type, ldc, __func__);
}

cublasStatus_t cublasCherk3mEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
			       int n, int k, const float *alpha, const void *a, cudaDataType a_type,
			       int lda, const float *beta, void *c, cudaDataType c_type, int ldc)
{
	return herk_ex(h, uplo, trans, n, k, alpha, a, a_type, lda, beta, c, c_type, ldc, __func__);
}
