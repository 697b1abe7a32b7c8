// SPDX-License-Identifier: MIT
/*
 * lib/cublas: cublasDotEx, cublasDotcEx.  Half and bfloat16 vectors are
 * widened (exact) and accumulated in double, the result rounded once to the
 * vectors' type; 32F vectors through cblas_dsdot (double accumulation); 64F
 * and complex through CBLAS's dot products.  Why double for the 32F
 * execution type: cuBLAS sums in a tree, whose error stays small; a
 * sequential float sum of 2^20 products near 0.065 drifts by several
 * units (HeCBench's blas-dot: 65512 for 65504, and a half result past
 * 65504, infinity, where cuBLAS's is finite).  A negative increment
 * walks the vector from its end, as BLAS; n <= 0 gives 0.
 */
#include "cublas_internal.h"

static cublasStatus_t dot_ex(cublasHandle_t h, int n, const void *x, cudaDataType xt, int incx, const void *y,
			     cudaDataType yt, int incy, void *result, cudaDataType rt, cudaDataType et, int conj,
			     const char *api)
{
	int half = xt == CUDA_R_16F || xt == CUDA_R_16BF;

	CUBLAS_START_AS(h, api, !result || (n > 0 && (!x || !y)));
	if (xt != yt || xt != rt || et != (half ? CUDA_R_32F : xt))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	if (n <= 0)
		n = 0;
	switch (xt) {
	case CUDA_R_16F:
	case CUDA_R_16BF: {
		double acc = 0;

		for (int i = 0; i < n; i++)
			acc += (double)cublas_load16(x, (size_t)cublas_vec_index(n, incx, i), xt) *
			       cublas_load16(y, (size_t)cublas_vec_index(n, incy, i), xt);
		cublas_store16(result, 0, xt, (float)acc);
		return CUBLAS_STATUS_SUCCESS;
	}
	case CUDA_R_32F:
		*(float *)result = n ? (float)cblas_dsdot(n, x, incx, y, incy) : 0;
		return CUBLAS_STATUS_SUCCESS;
	case CUDA_R_64F:
		*(double *)result = n ? cblas_ddot(n, x, incx, y, incy) : 0;
		return CUBLAS_STATUS_SUCCESS;
	case CUDA_C_32F:
		if (!n)
			((float *)result)[0] = ((float *)result)[1] = 0;
		else if (conj)
			cblas_cdotc_sub(n, x, incx, y, incy, result);
		else
			cblas_cdotu_sub(n, x, incx, y, incy, result);
		return CUBLAS_STATUS_SUCCESS;
	case CUDA_C_64F:
		if (!n)
			((double *)result)[0] = ((double *)result)[1] = 0;
		else if (conj)
			cblas_zdotc_sub(n, x, incx, y, incy, result);
		else
			cblas_zdotu_sub(n, x, incx, y, incy, result);
		return CUBLAS_STATUS_SUCCESS;
	default:
		return CUBLAS_STATUS_NOT_SUPPORTED;
	}
}

cublasStatus_t cublasDotEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx, const void *y,
			   cudaDataType yType, int incy, void *result, cudaDataType resultType,
			   cudaDataType executionType)
{
	return dot_ex(h, n, x, xType, incx, y, yType, incy, result, resultType, executionType, 0,
		      __func__);
}

cublasStatus_t cublasDotcEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx, const void *y,
			    cudaDataType yType, int incy, void *result, cudaDataType resultType,
			    cudaDataType executionType)
{
	return dot_ex(h, n, x, xType, incx, y, yType, incy, result, resultType, executionType, 1,
		      __func__);
}
