// SPDX-License-Identifier: MIT
/*
 * lib/cublas: batched matrix-vector products, cuBLAS's gemvBatched and
 * gemvStridedBatched: y_i = alpha op(A_i) x_i + beta y_i for each i of the
 * batch, A_i m x n.  S/D/C/Z are one CBLAS gemv per product.  The mixed
 * forms have float scalars and float sums (cuBLAS's compute type for them),
 * A and x of a 16-bit type and y of that type or float:
 *
 *   HSH  A, x, y half          HSS  A, x half, y float
 *   TST  A, x, y bfloat16      TSS  A, x bfloat16, y float
 *
 * No BLAS has 16-bit vectors, so those are a loop here: every element
 * widened exactly to float, and a 16-bit y rounded once to nearest-even.
 * The checks are gemv's (trans, m, n >= 0, lda >= max(1, m), non-zero
 * increments, the scalars), a batch count >= 0 and the pointer arrays
 * present when the batch is not empty, all before anything is read.
 */
#include <stdint.h>
#include "cublas_internal.h"

#define GEMV_BAD(trans, m, n, lda, incx, incy, alpha, beta, batch)                                 \
	(!cublas_op_ok(trans) || (m) < 0 || (n) < 0 || (lda) < cublas_max1(m) || !(incx) ||        \
	 !(incy) || !(alpha) || !(beta) || (batch) < 0)

#define GEN_GEMV_BATCHED(P, T, R)                                                                  \
	cublasStatus_t cublas##P##gemvBatched(cublasHandle_t h, cublasOperation_t trans, int m,    \
					      int n, const T *alpha, const T *const a[], int lda,  \
					      const T *const x[], int incx, const T *beta,         \
					      T *const y[], int incy, int batch_count)             \
	{                                                                                          \
		CUBLAS_START(h,                                                                    \
			     GEMV_BAD(trans, m, n, lda, incx, incy, alpha, beta, batch_count) ||   \
				 (batch_count && (!a || !x || !y)));                               \
		for (int i = 0; m > 0 && n > 0 && i < batch_count; i++)                            \
			CUBLAS_CB(P, gemv)                                                         \
			(CblasColMajor, cblas_op(trans), m, n, CUBLAS_ARG(P, alpha), a[i], lda,    \
			 x[i], incx, CUBLAS_ARG(P, beta), y[i], incy);                             \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}                                                                                          \
	cublasStatus_t cublas##P##gemvStridedBatched(                                              \
	    cublasHandle_t h, cublasOperation_t trans, int m, int n, const T *alpha, const T *a,   \
	    int lda, long long stride_a, const T *x, int incx, long long stride_x, const T *beta,  \
	    T *y, int incy, long long stride_y, int batch_count)                                   \
	{                                                                                          \
		CUBLAS_START(h, GEMV_BAD(trans, m, n, lda, incx, incy, alpha, beta, batch_count)); \
		for (int i = 0; m > 0 && n > 0 && i < batch_count; i++)                            \
			CUBLAS_CB(P, gemv)                                                         \
			(CblasColMajor, cblas_op(trans), m, n, CUBLAS_ARG(P, alpha),               \
			 a + i * stride_a, lda, x + i * stride_x, incx, CUBLAS_ARG(P, beta),       \
			 y + i * stride_y, incy);                                                  \
		return CUBLAS_STATUS_SUCCESS;                                                      \
	}
CUBLAS_FOR_ALL(GEN_GEMV_BATCHED)

/* one product of a mixed form: A and x of type in, y of type out (16-bit or CUDA_R_32F) */
struct gemv16 {
	cublasOperation_t trans;
	int m, n, lda, incx, incy;
	float alpha, beta;
	cudaDataType in, out;
};

static float y_load(const void *y, long i, cudaDataType t)
{
	return t == CUDA_R_32F ? ((const float *)y)[i] : cublas_load16(y, (size_t)i, t);
}

static void y_store(void *y, long i, cudaDataType t, float v)
{
	if (t == CUDA_R_32F)
		((float *)y)[i] = v;
	else
		cublas_store16(y, (size_t)i, t, v);
}

static void gemv16_one(const struct gemv16 *g, const void *a, const void *x, void *y)
{
	int plain = g->trans == CUBLAS_OP_N;
	int ylen = plain ? g->m : g->n, xlen = plain ? g->n : g->m;

	/* BLAS's quick return: y untouched (not even rounded) */
	if (g->m == 0 || g->n == 0 || (g->alpha == 0 && g->beta == 1))
		return;
	for (int i = 0; i < ylen; i++) {
		float sum = 0;

		for (int j = 0; j < xlen; j++) {
			size_t at = plain ? i + (size_t)j * g->lda : j + (size_t)i * g->lda;

			sum += cublas_load16(a, at, g->in) *
			       cublas_load16(x, (size_t)cublas_vec_index(xlen, g->incx, j), g->in);
		}
		long yi = cublas_vec_index(ylen, g->incy, i);
		float v = g->alpha * sum;

		/* beta 0: y is not read (a NaN there does not survive), as BLAS */
		if (g->beta != 0)
			v += g->beta * y_load(y, yi, g->out);
		y_store(y, yi, g->out, v);
	}
}

static cublasStatus_t gemv16_batched(cublasHandle_t h, cublasOperation_t trans, int m, int n,
				     const float *alpha, const void *const a[], int lda,
				     const void *const x[], int incx, const float *beta,
				     void *const y[], int incy, int batch_count, cudaDataType in,
				     cudaDataType out, const char *api)
{
	CUBLAS_START_AS(h, api,
			GEMV_BAD(trans, m, n, lda, incx, incy, alpha, beta, batch_count) ||
			    (batch_count && (!a || !x || !y)));
	struct gemv16 g = {trans, m, n, lda, incx, incy, *alpha, *beta, in, out};

	for (int i = 0; i < batch_count; i++)
		gemv16_one(&g, a[i], x[i], y[i]);
	return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t gemv16_strided(cublasHandle_t h, cublasOperation_t trans, int m, int n,
				     const float *alpha, const void *a, int lda, long long stride_a,
				     const void *x, int incx, long long stride_x, const float *beta,
				     void *y, int incy, long long stride_y, int batch_count,
				     cudaDataType in, cudaDataType out, const char *api)
{
	CUBLAS_START_AS(h, api, GEMV_BAD(trans, m, n, lda, incx, incy, alpha, beta, batch_count));
	struct gemv16 g = {trans, m, n, lda, incx, incy, *alpha, *beta, in, out};
	long long ysize = out == CUDA_R_32F ? 4 : 2; /* the strides count elements */

	for (int i = 0; i < batch_count; i++)
		gemv16_one(&g, (const char *)a + 2 * i * stride_a,
			   (const char *)x + 2 * i * stride_x, (char *)y + ysize * i * stride_y);
	return CUBLAS_STATUS_SUCCESS;
}

#define GEN_GEMV_MIXED(P, TA, TY, IN, OUT)                                                         \
	cublasStatus_t cublas##P##gemvBatched(                                                     \
	    cublasHandle_t h, cublasOperation_t trans, int m, int n, const float *alpha,           \
	    const TA *const a[], int lda, const TA *const x[], int incx, const float *beta,        \
	    TY *const y[], int incy, int batch_count)                                              \
	{                                                                                          \
		return gemv16_batched(h, trans, m, n, alpha, (const void *const *)a, lda,          \
				      (const void *const *)x, incx, beta, (void *const *)y, incy,  \
				      batch_count, IN, OUT, __func__);                             \
	}                                                                                          \
	cublasStatus_t cublas##P##gemvStridedBatched(                                              \
	    cublasHandle_t h, cublasOperation_t trans, int m, int n, const float *alpha,           \
	    const TA *a, int lda, long long stride_a, const TA *x, int incx, long long stride_x,   \
	    const float *beta, TY *y, int incy, long long stride_y, int batch_count)               \
	{                                                                                          \
		return gemv16_strided(h, trans, m, n, alpha, a, lda, stride_a, x, incx, stride_x,  \
				      beta, y, incy, stride_y, batch_count, IN, OUT, __func__);    \
	}
GEN_GEMV_MIXED(HSH, __idxgen_cublas_half, __idxgen_cublas_half, CUDA_R_16F, CUDA_R_16F)
GEN_GEMV_MIXED(HSS, __idxgen_cublas_half, float, CUDA_R_16F, CUDA_R_32F)
GEN_GEMV_MIXED(TST, __idxgen_cublas_bf16, __idxgen_cublas_bf16, CUDA_R_16BF, CUDA_R_16BF)
GEN_GEMV_MIXED(TSS, __idxgen_cublas_bf16, float, CUDA_R_16BF, CUDA_R_32F)
