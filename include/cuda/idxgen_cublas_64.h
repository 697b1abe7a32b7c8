/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cublas_64.h - cuBLAS 12's 64-bit-size calls (cublasSgemm_64, ...) as
 * forwarders to the int calls; written by lib/cublas/gen-64.py from
 * cublas_api.h and lib/cublas/calls-64.txt (make -C lib/cublas gen-64):
 * do not edit.  Included by cublas_api.h.
 */
#ifndef IDXGEN_CUDA_IDXGEN_CUBLAS_64_H
#define IDXGEN_CUDA_IDXGEN_CUBLAS_64_H

#include <stdint.h>
#include "cublas_api.h" /* alone: the declarations first (they include this file back: a no-op) */

/* the BLAS under lib/cublas takes 32-bit integers */
static inline int __idxgen_cublas_fits_int(int64_t __v)
{
	return __v >= INT32_MIN && __v <= INT32_MAX;
}

static inline cublasStatus_t cublasAsumEx_64(cublasHandle_t __h, int64_t __n, const void *__x,
					     cudaDataType __xType, int64_t __incx, void *__result,
					     cudaDataType __resultType,
					     cudaDataType __executiontype)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasAsumEx(__h, (int)__n, __x, __xType, (int)__incx, __result, __resultType,
			    __executiontype);
}

static inline cublasStatus_t cublasAxpyEx_64(cublasHandle_t __h, int64_t __n, const void *__alpha,
					     cudaDataType __alphaType, const void *__x,
					     cudaDataType __xType, int64_t __incx, void *__y,
					     cudaDataType __yType, int64_t __incy,
					     cudaDataType __executiontype)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasAxpyEx(__h, (int)__n, __alpha, __alphaType, __x, __xType, (int)__incx, __y,
			    __yType, (int)__incy, __executiontype);
}

static inline cublasStatus_t cublasCaxpy_64(cublasHandle_t __h, int64_t __n,
					    const cuComplex *__alpha, const cuComplex *__x,
					    int64_t __incx, cuComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCaxpy(__h, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy);
}
#define cublasCaxpy_v2_64 cublasCaxpy_64

static inline cublasStatus_t cublasCcopy_64(cublasHandle_t __h, int64_t __n, const cuComplex *__x,
					    int64_t __incx, cuComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCcopy(__h, (int)__n, __x, (int)__incx, __y, (int)__incy);
}
#define cublasCcopy_v2_64 cublasCcopy_64

static inline cublasStatus_t cublasCdgmm_64(cublasHandle_t __h, cublasSideMode_t __mode,
					    int64_t __m, int64_t __n, const cuComplex *__a,
					    int64_t __lda, const cuComplex *__x, int64_t __incx,
					    cuComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCdgmm(__h, __mode, (int)__m, (int)__n, __a, (int)__lda, __x, (int)__incx, __c,
			   (int)__ldc);
}

static inline cublasStatus_t cublasCdotc_64(cublasHandle_t __h, int64_t __n, const cuComplex *__x,
					    int64_t __incx, const cuComplex *__y, int64_t __incy,
					    cuComplex *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCdotc(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __result);
}
#define cublasCdotc_v2_64 cublasCdotc_64

static inline cublasStatus_t cublasCdotu_64(cublasHandle_t __h, int64_t __n, const cuComplex *__x,
					    int64_t __incx, const cuComplex *__y, int64_t __incy,
					    cuComplex *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCdotu(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __result);
}
#define cublasCdotu_v2_64 cublasCdotu_64

static inline cublasStatus_t cublasCgbmv_64(cublasHandle_t __h, cublasOperation_t __trans,
					    int64_t __m, int64_t __n, int64_t __kl, int64_t __ku,
					    const cuComplex *__alpha, const cuComplex *__a,
					    int64_t __lda, const cuComplex *__x, int64_t __incx,
					    const cuComplex *__beta, cuComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__kl) || !__idxgen_cublas_fits_int(__ku) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgbmv(__h, __trans, (int)__m, (int)__n, (int)__kl, (int)__ku, __alpha, __a,
			   (int)__lda, __x, (int)__incx, __beta, __y, (int)__incy);
}
#define cublasCgbmv_v2_64 cublasCgbmv_64

static inline cublasStatus_t cublasCgeam_64(cublasHandle_t __h, cublasOperation_t __transa,
					    cublasOperation_t __transb, int64_t __m, int64_t __n,
					    const cuComplex *__alpha, const cuComplex *__a,
					    int64_t __lda, const cuComplex *__beta,
					    const cuComplex *__b, int64_t __ldb, cuComplex *__c,
					    int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgeam(__h, __transa, __transb, (int)__m, (int)__n, __alpha, __a, (int)__lda,
			   __beta, __b, (int)__ldb, __c, (int)__ldc);
}

static inline cublasStatus_t cublasCgemm_64(cublasHandle_t __h, cublasOperation_t __transa,
					    cublasOperation_t __transb, int64_t __m, int64_t __n,
					    int64_t __k, const cuComplex *__alpha,
					    const cuComplex *__a, int64_t __lda,
					    const cuComplex *__b, int64_t __ldb,
					    const cuComplex *__beta, cuComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgemm(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a,
			   (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasCgemm_v2_64 cublasCgemm_64

static inline cublasStatus_t
cublasCgemm3m_64(cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb,
		 int64_t __m, int64_t __n, int64_t __k, const cuComplex *__alpha,
		 const cuComplex *__a, int64_t __lda, const cuComplex *__b, int64_t __ldb,
		 const cuComplex *__beta, cuComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgemm3m(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a,
			     (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc);
}

static inline cublasStatus_t
cublasCgemm3mBatched_64(cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb,
			int64_t __m, int64_t __n, int64_t __k, const cuComplex *__alpha,
			const cuComplex *const __a[], int64_t __lda, const cuComplex *const __b[],
			int64_t __ldb, const cuComplex *__beta, cuComplex *const __c[],
			int64_t __ldc, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgemm3mBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha,
				    __a, (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc,
				    (int)__batch_count);
}

static inline cublasStatus_t
cublasCgemm3mEx_64(cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb,
		   int64_t __m, int64_t __n, int64_t __k, const cuComplex *__alpha, const void *__a,
		   cudaDataType __a_type, int64_t __lda, const void *__b, cudaDataType __b_type,
		   int64_t __ldb, const cuComplex *__beta, void *__c, cudaDataType __c_type,
		   int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgemm3mEx(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a,
			       __a_type, (int)__lda, __b, __b_type, (int)__ldb, __beta, __c,
			       __c_type, (int)__ldc);
}

static inline cublasStatus_t
cublasCgemm3mStridedBatched_64(cublasHandle_t __h, cublasOperation_t __transa,
			       cublasOperation_t __transb, int64_t __m, int64_t __n, int64_t __k,
			       const cuComplex *__alpha, const cuComplex *__a, int64_t __lda,
			       long long __stride_a, const cuComplex *__b, int64_t __ldb,
			       long long __stride_b, const cuComplex *__beta, cuComplex *__c,
			       int64_t __ldc, long long __stride_c, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgemm3mStridedBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k,
					   __alpha, __a, (int)__lda, __stride_a, __b, (int)__ldb,
					   __stride_b, __beta, __c, (int)__ldc, __stride_c,
					   (int)__batch_count);
}

static inline cublasStatus_t
cublasCgemmBatched_64(cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb,
		      int64_t __m, int64_t __n, int64_t __k, const cuComplex *__alpha,
		      const cuComplex *const __a[], int64_t __lda, const cuComplex *const __b[],
		      int64_t __ldb, const cuComplex *__beta, cuComplex *const __c[], int64_t __ldc,
		      int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgemmBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha,
				  __a, (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc,
				  (int)__batch_count);
}

static inline cublasStatus_t cublasCgemmEx_64(cublasHandle_t __h, cublasOperation_t __transa,
					      cublasOperation_t __transb, int64_t __m, int64_t __n,
					      int64_t __k, const cuComplex *__alpha,
					      const void *__a, cudaDataType __a_type, int64_t __lda,
					      const void *__b, cudaDataType __b_type, int64_t __ldb,
					      const cuComplex *__beta, void *__c,
					      cudaDataType __c_type, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgemmEx(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a,
			     __a_type, (int)__lda, __b, __b_type, (int)__ldb, __beta, __c, __c_type,
			     (int)__ldc);
}

static inline cublasStatus_t
cublasCgemmStridedBatched_64(cublasHandle_t __h, cublasOperation_t __transa,
			     cublasOperation_t __transb, int64_t __m, int64_t __n, int64_t __k,
			     const cuComplex *__alpha, const cuComplex *__a, int64_t __lda,
			     long long __stride_a, const cuComplex *__b, int64_t __ldb,
			     long long __stride_b, const cuComplex *__beta, cuComplex *__c,
			     int64_t __ldc, long long __stride_c, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgemmStridedBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k,
					 __alpha, __a, (int)__lda, __stride_a, __b, (int)__ldb,
					 __stride_b, __beta, __c, (int)__ldc, __stride_c,
					 (int)__batch_count);
}

static inline cublasStatus_t cublasCgemv_64(cublasHandle_t __h, cublasOperation_t __trans,
					    int64_t __m, int64_t __n, const cuComplex *__alpha,
					    const cuComplex *__a, int64_t __lda,
					    const cuComplex *__x, int64_t __incx,
					    const cuComplex *__beta, cuComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgemv(__h, __trans, (int)__m, (int)__n, __alpha, __a, (int)__lda, __x,
			   (int)__incx, __beta, __y, (int)__incy);
}
#define cublasCgemv_v2_64 cublasCgemv_64

static inline cublasStatus_t
cublasCgemvBatched_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n,
		      const cuComplex *__alpha, const cuComplex *const __Aarray[], int64_t __lda,
		      const cuComplex *const __xarray[], int64_t __incx, const cuComplex *__beta,
		      cuComplex *const __yarray[], int64_t __incy, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgemvBatched(__h, __trans, (int)__m, (int)__n, __alpha, __Aarray, (int)__lda,
				  __xarray, (int)__incx, __beta, __yarray, (int)__incy,
				  (int)__batchCount);
}

static inline cublasStatus_t cublasCgemvStridedBatched_64(
    cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n,
    const cuComplex *__alpha, const cuComplex *__a, int64_t __lda, long long __strideA,
    const cuComplex *__x, int64_t __incx, long long __stridex, const cuComplex *__beta,
    cuComplex *__y, int64_t __incy, long long __stridey, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgemvStridedBatched(__h, __trans, (int)__m, (int)__n, __alpha, __a, (int)__lda,
					 __strideA, __x, (int)__incx, __stridex, __beta, __y,
					 (int)__incy, __stridey, (int)__batchCount);
}

static inline cublasStatus_t cublasCgerc_64(cublasHandle_t __h, int64_t __m, int64_t __n,
					    const cuComplex *__alpha, const cuComplex *__x,
					    int64_t __incx, const cuComplex *__y, int64_t __incy,
					    cuComplex *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgerc(__h, (int)__m, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy,
			   __a, (int)__lda);
}
#define cublasCgerc_v2_64 cublasCgerc_64

static inline cublasStatus_t cublasCgeru_64(cublasHandle_t __h, int64_t __m, int64_t __n,
					    const cuComplex *__alpha, const cuComplex *__x,
					    int64_t __incx, const cuComplex *__y, int64_t __incy,
					    cuComplex *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCgeru(__h, (int)__m, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy,
			   __a, (int)__lda);
}
#define cublasCgeru_v2_64 cublasCgeru_64

static inline cublasStatus_t cublasChbmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, int64_t __k, const cuComplex *__alpha,
					    const cuComplex *__a, int64_t __lda,
					    const cuComplex *__x, int64_t __incx,
					    const cuComplex *__beta, cuComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasChbmv(__h, __uplo, (int)__n, (int)__k, __alpha, __a, (int)__lda, __x,
			   (int)__incx, __beta, __y, (int)__incy);
}
#define cublasChbmv_v2_64 cublasChbmv_64

static inline cublasStatus_t cublasChemm_64(cublasHandle_t __h, cublasSideMode_t __side,
					    cublasFillMode_t __uplo, int64_t __m, int64_t __n,
					    const cuComplex *__alpha, const cuComplex *__a,
					    int64_t __lda, const cuComplex *__b, int64_t __ldb,
					    const cuComplex *__beta, cuComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasChemm(__h, __side, __uplo, (int)__m, (int)__n, __alpha, __a, (int)__lda, __b,
			   (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasChemm_v2_64 cublasChemm_64

static inline cublasStatus_t cublasChemv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuComplex *__alpha,
					    const cuComplex *__a, int64_t __lda,
					    const cuComplex *__x, int64_t __incx,
					    const cuComplex *__beta, cuComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasChemv(__h, __uplo, (int)__n, __alpha, __a, (int)__lda, __x, (int)__incx,
			   __beta, __y, (int)__incy);
}
#define cublasChemv_v2_64 cublasChemv_64

static inline cublasStatus_t cublasCher_64(cublasHandle_t __h, cublasFillMode_t __uplo, int64_t __n,
					   const float *__alpha, const cuComplex *__x,
					   int64_t __incx, cuComplex *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCher(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __a, (int)__lda);
}
#define cublasCher_v2_64 cublasCher_64

static inline cublasStatus_t cublasCher2_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuComplex *__alpha,
					    const cuComplex *__x, int64_t __incx,
					    const cuComplex *__y, int64_t __incy, cuComplex *__a,
					    int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCher2(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy, __a,
			   (int)__lda);
}
#define cublasCher2_v2_64 cublasCher2_64

static inline cublasStatus_t cublasCher2k_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					     cublasOperation_t __trans, int64_t __n, int64_t __k,
					     const cuComplex *__alpha, const cuComplex *__a,
					     int64_t __lda, const cuComplex *__b, int64_t __ldb,
					     const float *__beta, cuComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCher2k(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasCher2k_v2_64 cublasCher2k_64

static inline cublasStatus_t cublasCherk_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, int64_t __n, int64_t __k,
					    const float *__alpha, const cuComplex *__a,
					    int64_t __lda, const float *__beta, cuComplex *__c,
					    int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCherk(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda,
			   __beta, __c, (int)__ldc);
}
#define cublasCherk_v2_64 cublasCherk_64

static inline cublasStatus_t cublasCherk3mEx_64(cublasHandle_t __h, cublasFillMode_t __uplo,
						cublasOperation_t __trans, int64_t __n, int64_t __k,
						const float *__alpha, const void *__a,
						cudaDataType __a_type, int64_t __lda,
						const float *__beta, void *__c,
						cudaDataType __c_type, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCherk3mEx(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, __a_type,
			       (int)__lda, __beta, __c, __c_type, (int)__ldc);
}

static inline cublasStatus_t cublasCherkEx_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					      cublasOperation_t __trans, int64_t __n, int64_t __k,
					      const float *__alpha, const void *__a,
					      cudaDataType __a_type, int64_t __lda,
					      const float *__beta, void *__c, cudaDataType __c_type,
					      int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCherkEx(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, __a_type,
			     (int)__lda, __beta, __c, __c_type, (int)__ldc);
}

static inline cublasStatus_t cublasCherkx_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					     cublasOperation_t __trans, int64_t __n, int64_t __k,
					     const cuComplex *__alpha, const cuComplex *__a,
					     int64_t __lda, const cuComplex *__b, int64_t __ldb,
					     const float *__beta, cuComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCherkx(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}

static inline cublasStatus_t cublasChpmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuComplex *__alpha,
					    const cuComplex *__ap, const cuComplex *__x,
					    int64_t __incx, const cuComplex *__beta, cuComplex *__y,
					    int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasChpmv(__h, __uplo, (int)__n, __alpha, __ap, __x, (int)__incx, __beta, __y,
			   (int)__incy);
}
#define cublasChpmv_v2_64 cublasChpmv_64

static inline cublasStatus_t cublasChpr_64(cublasHandle_t __h, cublasFillMode_t __uplo, int64_t __n,
					   const float *__alpha, const cuComplex *__x,
					   int64_t __incx, cuComplex *__ap)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasChpr(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __ap);
}
#define cublasChpr_v2_64 cublasChpr_64

static inline cublasStatus_t cublasChpr2_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuComplex *__alpha,
					    const cuComplex *__x, int64_t __incx,
					    const cuComplex *__y, int64_t __incy, cuComplex *__ap)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasChpr2(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy,
			   __ap);
}
#define cublasChpr2_v2_64 cublasChpr2_64

static inline cublasStatus_t cublasCopyEx_64(cublasHandle_t __h, int64_t __n, const void *__x,
					     cudaDataType __xType, int64_t __incx, void *__y,
					     cudaDataType __yType, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCopyEx(__h, (int)__n, __x, __xType, (int)__incx, __y, __yType, (int)__incy);
}

static inline cublasStatus_t cublasCrot_64(cublasHandle_t __h, int64_t __n, cuComplex *__x,
					   int64_t __incx, cuComplex *__y, int64_t __incy,
					   const float *__c, const cuComplex *__s)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCrot(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __c, __s);
}
#define cublasCrot_v2_64 cublasCrot_64

static inline cublasStatus_t cublasCscal_64(cublasHandle_t __h, int64_t __n,
					    const cuComplex *__alpha, cuComplex *__x,
					    int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCscal(__h, (int)__n, __alpha, __x, (int)__incx);
}
#define cublasCscal_v2_64 cublasCscal_64

static inline cublasStatus_t cublasCsrot_64(cublasHandle_t __h, int64_t __n, cuComplex *__x,
					    int64_t __incx, cuComplex *__y, int64_t __incy,
					    const float *__c, const float *__s)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCsrot(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __c, __s);
}
#define cublasCsrot_v2_64 cublasCsrot_64

static inline cublasStatus_t cublasCsscal_64(cublasHandle_t __h, int64_t __n, const float *__alpha,
					     cuComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCsscal(__h, (int)__n, __alpha, __x, (int)__incx);
}
#define cublasCsscal_v2_64 cublasCsscal_64

static inline cublasStatus_t cublasCswap_64(cublasHandle_t __h, int64_t __n, cuComplex *__x,
					    int64_t __incx, cuComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCswap(__h, (int)__n, __x, (int)__incx, __y, (int)__incy);
}
#define cublasCswap_v2_64 cublasCswap_64

static inline cublasStatus_t cublasCsymm_64(cublasHandle_t __h, cublasSideMode_t __side,
					    cublasFillMode_t __uplo, int64_t __m, int64_t __n,
					    const cuComplex *__alpha, const cuComplex *__a,
					    int64_t __lda, const cuComplex *__b, int64_t __ldb,
					    const cuComplex *__beta, cuComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCsymm(__h, __side, __uplo, (int)__m, (int)__n, __alpha, __a, (int)__lda, __b,
			   (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasCsymm_v2_64 cublasCsymm_64

static inline cublasStatus_t cublasCsymv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuComplex *__alpha,
					    const cuComplex *__a, int64_t __lda,
					    const cuComplex *__x, int64_t __incx,
					    const cuComplex *__beta, cuComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCsymv(__h, __uplo, (int)__n, __alpha, __a, (int)__lda, __x, (int)__incx,
			   __beta, __y, (int)__incy);
}
#define cublasCsymv_v2_64 cublasCsymv_64

static inline cublasStatus_t cublasCsyr_64(cublasHandle_t __h, cublasFillMode_t __uplo, int64_t __n,
					   const cuComplex *__alpha, const cuComplex *__x,
					   int64_t __incx, cuComplex *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCsyr(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __a, (int)__lda);
}
#define cublasCsyr_v2_64 cublasCsyr_64

static inline cublasStatus_t cublasCsyr2_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuComplex *__alpha,
					    const cuComplex *__x, int64_t __incx,
					    const cuComplex *__y, int64_t __incy, cuComplex *__a,
					    int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCsyr2(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy, __a,
			   (int)__lda);
}
#define cublasCsyr2_v2_64 cublasCsyr2_64

static inline cublasStatus_t cublasCsyr2k_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					     cublasOperation_t __trans, int64_t __n, int64_t __k,
					     const cuComplex *__alpha, const cuComplex *__a,
					     int64_t __lda, const cuComplex *__b, int64_t __ldb,
					     const cuComplex *__beta, cuComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCsyr2k(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasCsyr2k_v2_64 cublasCsyr2k_64

static inline cublasStatus_t cublasCsyrk_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, int64_t __n, int64_t __k,
					    const cuComplex *__alpha, const cuComplex *__a,
					    int64_t __lda, const cuComplex *__beta, cuComplex *__c,
					    int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCsyrk(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda,
			   __beta, __c, (int)__ldc);
}
#define cublasCsyrk_v2_64 cublasCsyrk_64

static inline cublasStatus_t cublasCsyrk3mEx_64(cublasHandle_t __h, cublasFillMode_t __uplo,
						cublasOperation_t __trans, int64_t __n, int64_t __k,
						const cuComplex *__alpha, const void *__a,
						cudaDataType __a_type, int64_t __lda,
						const cuComplex *__beta, void *__c,
						cudaDataType __c_type, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCsyrk3mEx(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, __a_type,
			       (int)__lda, __beta, __c, __c_type, (int)__ldc);
}

static inline cublasStatus_t cublasCsyrkEx_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					      cublasOperation_t __trans, int64_t __n, int64_t __k,
					      const cuComplex *__alpha, const void *__a,
					      cudaDataType __a_type, int64_t __lda,
					      const cuComplex *__beta, void *__c,
					      cudaDataType __c_type, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCsyrkEx(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, __a_type,
			     (int)__lda, __beta, __c, __c_type, (int)__ldc);
}

static inline cublasStatus_t cublasCsyrkx_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					     cublasOperation_t __trans, int64_t __n, int64_t __k,
					     const cuComplex *__alpha, const cuComplex *__a,
					     int64_t __lda, const cuComplex *__b, int64_t __ldb,
					     const cuComplex *__beta, cuComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCsyrkx(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}

static inline cublasStatus_t cublasCtbmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, int64_t __k, const cuComplex *__a,
					    int64_t __lda, cuComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCtbmv(__h, __uplo, __trans, __diag, (int)__n, (int)__k, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasCtbmv_v2_64 cublasCtbmv_64

static inline cublasStatus_t cublasCtbsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, int64_t __k, const cuComplex *__a,
					    int64_t __lda, cuComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCtbsv(__h, __uplo, __trans, __diag, (int)__n, (int)__k, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasCtbsv_v2_64 cublasCtbsv_64

static inline cublasStatus_t cublasCtpmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const cuComplex *__ap, cuComplex *__x,
					    int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCtpmv(__h, __uplo, __trans, __diag, (int)__n, __ap, __x, (int)__incx);
}
#define cublasCtpmv_v2_64 cublasCtpmv_64

static inline cublasStatus_t cublasCtpsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const cuComplex *__ap, cuComplex *__x,
					    int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCtpsv(__h, __uplo, __trans, __diag, (int)__n, __ap, __x, (int)__incx);
}
#define cublasCtpsv_v2_64 cublasCtpsv_64

static inline cublasStatus_t cublasCtrmm_64(cublasHandle_t __h, cublasSideMode_t __side,
					    cublasFillMode_t __uplo, cublasOperation_t __trans,
					    cublasDiagType_t __diag, int64_t __m, int64_t __n,
					    const cuComplex *__alpha, const cuComplex *__a,
					    int64_t __lda, const cuComplex *__b, int64_t __ldb,
					    cuComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCtrmm(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha, __a,
			   (int)__lda, __b, (int)__ldb, __c, (int)__ldc);
}
#define cublasCtrmm_v2_64 cublasCtrmm_64

static inline cublasStatus_t cublasCtrmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const cuComplex *__a, int64_t __lda,
					    cuComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCtrmv(__h, __uplo, __trans, __diag, (int)__n, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasCtrmv_v2_64 cublasCtrmv_64

static inline cublasStatus_t cublasCtrsm_64(cublasHandle_t __h, cublasSideMode_t __side,
					    cublasFillMode_t __uplo, cublasOperation_t __trans,
					    cublasDiagType_t __diag, int64_t __m, int64_t __n,
					    const cuComplex *__alpha, const cuComplex *__a,
					    int64_t __lda, cuComplex *__b, int64_t __ldb)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCtrsm(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha, __a,
			   (int)__lda, __b, (int)__ldb);
}
#define cublasCtrsm_v2_64 cublasCtrsm_64

static inline cublasStatus_t
cublasCtrsmBatched_64(cublasHandle_t __h, cublasSideMode_t __side, cublasFillMode_t __uplo,
		      cublasOperation_t __trans, cublasDiagType_t __diag, int64_t __m, int64_t __n,
		      const cuComplex *__alpha, const cuComplex *const __a[], int64_t __lda,
		      cuComplex *const __b[], int64_t __ldb, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCtrsmBatched(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha,
				  __a, (int)__lda, __b, (int)__ldb, (int)__batch_count);
}

static inline cublasStatus_t cublasCtrsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const cuComplex *__a, int64_t __lda,
					    cuComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasCtrsv(__h, __uplo, __trans, __diag, (int)__n, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasCtrsv_v2_64 cublasCtrsv_64

static inline cublasStatus_t cublasDasum_64(cublasHandle_t __h, int64_t __n, const double *__x,
					    int64_t __incx, double *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDasum(__h, (int)__n, __x, (int)__incx, __result);
}
#define cublasDasum_v2_64 cublasDasum_64

static inline cublasStatus_t cublasDaxpy_64(cublasHandle_t __h, int64_t __n, const double *__alpha,
					    const double *__x, int64_t __incx, double *__y,
					    int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDaxpy(__h, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy);
}
#define cublasDaxpy_v2_64 cublasDaxpy_64

static inline cublasStatus_t cublasDcopy_64(cublasHandle_t __h, int64_t __n, const double *__x,
					    int64_t __incx, double *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDcopy(__h, (int)__n, __x, (int)__incx, __y, (int)__incy);
}
#define cublasDcopy_v2_64 cublasDcopy_64

static inline cublasStatus_t cublasDdgmm_64(cublasHandle_t __h, cublasSideMode_t __mode,
					    int64_t __m, int64_t __n, const double *__a,
					    int64_t __lda, const double *__x, int64_t __incx,
					    double *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDdgmm(__h, __mode, (int)__m, (int)__n, __a, (int)__lda, __x, (int)__incx, __c,
			   (int)__ldc);
}

static inline cublasStatus_t cublasDdot_64(cublasHandle_t __h, int64_t __n, const double *__x,
					   int64_t __incx, const double *__y, int64_t __incy,
					   double *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDdot(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __result);
}
#define cublasDdot_v2_64 cublasDdot_64

static inline cublasStatus_t cublasDgbmv_64(cublasHandle_t __h, cublasOperation_t __trans,
					    int64_t __m, int64_t __n, int64_t __kl, int64_t __ku,
					    const double *__alpha, const double *__a, int64_t __lda,
					    const double *__x, int64_t __incx, const double *__beta,
					    double *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__kl) || !__idxgen_cublas_fits_int(__ku) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDgbmv(__h, __trans, (int)__m, (int)__n, (int)__kl, (int)__ku, __alpha, __a,
			   (int)__lda, __x, (int)__incx, __beta, __y, (int)__incy);
}
#define cublasDgbmv_v2_64 cublasDgbmv_64

static inline cublasStatus_t cublasDgeam_64(cublasHandle_t __h, cublasOperation_t __transa,
					    cublasOperation_t __transb, int64_t __m, int64_t __n,
					    const double *__alpha, const double *__a, int64_t __lda,
					    const double *__beta, const double *__b, int64_t __ldb,
					    double *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDgeam(__h, __transa, __transb, (int)__m, (int)__n, __alpha, __a, (int)__lda,
			   __beta, __b, (int)__ldb, __c, (int)__ldc);
}

static inline cublasStatus_t cublasDgemm_64(cublasHandle_t __h, cublasOperation_t __transa,
					    cublasOperation_t __transb, int64_t __m, int64_t __n,
					    int64_t __k, const double *__alpha, const double *__a,
					    int64_t __lda, const double *__b, int64_t __ldb,
					    const double *__beta, double *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDgemm(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a,
			   (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasDgemm_v2_64 cublasDgemm_64

static inline cublasStatus_t cublasDgemmBatched_64(cublasHandle_t __h, cublasOperation_t __transa,
						   cublasOperation_t __transb, int64_t __m,
						   int64_t __n, int64_t __k, const double *__alpha,
						   const double *const __a[], int64_t __lda,
						   const double *const __b[], int64_t __ldb,
						   const double *__beta, double *const __c[],
						   int64_t __ldc, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDgemmBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha,
				  __a, (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc,
				  (int)__batch_count);
}

static inline cublasStatus_t cublasDgemmStridedBatched_64(
    cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb, int64_t __m,
    int64_t __n, int64_t __k, const double *__alpha, const double *__a, int64_t __lda,
    long long __stride_a, const double *__b, int64_t __ldb, long long __stride_b,
    const double *__beta, double *__c, int64_t __ldc, long long __stride_c, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDgemmStridedBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k,
					 __alpha, __a, (int)__lda, __stride_a, __b, (int)__ldb,
					 __stride_b, __beta, __c, (int)__ldc, __stride_c,
					 (int)__batch_count);
}

static inline cublasStatus_t cublasDgemv_64(cublasHandle_t __h, cublasOperation_t __trans,
					    int64_t __m, int64_t __n, const double *__alpha,
					    const double *__a, int64_t __lda, const double *__x,
					    int64_t __incx, const double *__beta, double *__y,
					    int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDgemv(__h, __trans, (int)__m, (int)__n, __alpha, __a, (int)__lda, __x,
			   (int)__incx, __beta, __y, (int)__incy);
}
#define cublasDgemv_v2_64 cublasDgemv_64

static inline cublasStatus_t cublasDgemvBatched_64(cublasHandle_t __h, cublasOperation_t __trans,
						   int64_t __m, int64_t __n, const double *__alpha,
						   const double *const __Aarray[], int64_t __lda,
						   const double *const __xarray[], int64_t __incx,
						   const double *__beta, double *const __yarray[],
						   int64_t __incy, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDgemvBatched(__h, __trans, (int)__m, (int)__n, __alpha, __Aarray, (int)__lda,
				  __xarray, (int)__incx, __beta, __yarray, (int)__incy,
				  (int)__batchCount);
}

static inline cublasStatus_t
cublasDgemvStridedBatched_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m,
			     int64_t __n, const double *__alpha, const double *__a, int64_t __lda,
			     long long __strideA, const double *__x, int64_t __incx,
			     long long __stridex, const double *__beta, double *__y, int64_t __incy,
			     long long __stridey, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDgemvStridedBatched(__h, __trans, (int)__m, (int)__n, __alpha, __a, (int)__lda,
					 __strideA, __x, (int)__incx, __stridex, __beta, __y,
					 (int)__incy, __stridey, (int)__batchCount);
}

static inline cublasStatus_t cublasDger_64(cublasHandle_t __h, int64_t __m, int64_t __n,
					   const double *__alpha, const double *__x, int64_t __incx,
					   const double *__y, int64_t __incy, double *__a,
					   int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDger(__h, (int)__m, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy, __a,
			  (int)__lda);
}
#define cublasDger_v2_64 cublasDger_64

static inline cublasStatus_t cublasDnrm2_64(cublasHandle_t __h, int64_t __n, const double *__x,
					    int64_t __incx, double *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDnrm2(__h, (int)__n, __x, (int)__incx, __result);
}
#define cublasDnrm2_v2_64 cublasDnrm2_64

static inline cublasStatus_t cublasDotEx_64(cublasHandle_t __h, int64_t __n, const void *__x,
					    cudaDataType __xType, int64_t __incx, const void *__y,
					    cudaDataType __yType, int64_t __incy, void *__result,
					    cudaDataType __resultType, cudaDataType __executionType)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDotEx(__h, (int)__n, __x, __xType, (int)__incx, __y, __yType, (int)__incy,
			   __result, __resultType, __executionType);
}

static inline cublasStatus_t cublasDotcEx_64(cublasHandle_t __h, int64_t __n, const void *__x,
					     cudaDataType __xType, int64_t __incx, const void *__y,
					     cudaDataType __yType, int64_t __incy, void *__result,
					     cudaDataType __resultType,
					     cudaDataType __executionType)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDotcEx(__h, (int)__n, __x, __xType, (int)__incx, __y, __yType, (int)__incy,
			    __result, __resultType, __executionType);
}

static inline cublasStatus_t cublasDrot_64(cublasHandle_t __h, int64_t __n, double *__x,
					   int64_t __incx, double *__y, int64_t __incy,
					   const double *__c, const double *__s)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDrot(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __c, __s);
}
#define cublasDrot_v2_64 cublasDrot_64

static inline cublasStatus_t cublasDrotm_64(cublasHandle_t __h, int64_t __n, double *__x,
					    int64_t __incx, double *__y, int64_t __incy,
					    const double *__param)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDrotm(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __param);
}
#define cublasDrotm_v2_64 cublasDrotm_64

static inline cublasStatus_t cublasDsbmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, int64_t __k, const double *__alpha,
					    const double *__a, int64_t __lda, const double *__x,
					    int64_t __incx, const double *__beta, double *__y,
					    int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDsbmv(__h, __uplo, (int)__n, (int)__k, __alpha, __a, (int)__lda, __x,
			   (int)__incx, __beta, __y, (int)__incy);
}
#define cublasDsbmv_v2_64 cublasDsbmv_64

static inline cublasStatus_t cublasDscal_64(cublasHandle_t __h, int64_t __n, const double *__alpha,
					    double *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDscal(__h, (int)__n, __alpha, __x, (int)__incx);
}
#define cublasDscal_v2_64 cublasDscal_64

static inline cublasStatus_t cublasDspmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const double *__alpha, const double *__ap,
					    const double *__x, int64_t __incx, const double *__beta,
					    double *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDspmv(__h, __uplo, (int)__n, __alpha, __ap, __x, (int)__incx, __beta, __y,
			   (int)__incy);
}
#define cublasDspmv_v2_64 cublasDspmv_64

static inline cublasStatus_t cublasDspr_64(cublasHandle_t __h, cublasFillMode_t __uplo, int64_t __n,
					   const double *__alpha, const double *__x, int64_t __incx,
					   double *__ap)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDspr(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __ap);
}
#define cublasDspr_v2_64 cublasDspr_64

static inline cublasStatus_t cublasDspr2_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const double *__alpha, const double *__x,
					    int64_t __incx, const double *__y, int64_t __incy,
					    double *__ap)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDspr2(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy,
			   __ap);
}
#define cublasDspr2_v2_64 cublasDspr2_64

static inline cublasStatus_t cublasDswap_64(cublasHandle_t __h, int64_t __n, double *__x,
					    int64_t __incx, double *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDswap(__h, (int)__n, __x, (int)__incx, __y, (int)__incy);
}
#define cublasDswap_v2_64 cublasDswap_64

static inline cublasStatus_t cublasDsymm_64(cublasHandle_t __h, cublasSideMode_t __side,
					    cublasFillMode_t __uplo, int64_t __m, int64_t __n,
					    const double *__alpha, const double *__a, int64_t __lda,
					    const double *__b, int64_t __ldb, const double *__beta,
					    double *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDsymm(__h, __side, __uplo, (int)__m, (int)__n, __alpha, __a, (int)__lda, __b,
			   (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasDsymm_v2_64 cublasDsymm_64

static inline cublasStatus_t cublasDsymv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const double *__alpha, const double *__a,
					    int64_t __lda, const double *__x, int64_t __incx,
					    const double *__beta, double *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDsymv(__h, __uplo, (int)__n, __alpha, __a, (int)__lda, __x, (int)__incx,
			   __beta, __y, (int)__incy);
}
#define cublasDsymv_v2_64 cublasDsymv_64

static inline cublasStatus_t cublasDsyr_64(cublasHandle_t __h, cublasFillMode_t __uplo, int64_t __n,
					   const double *__alpha, const double *__x, int64_t __incx,
					   double *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDsyr(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __a, (int)__lda);
}
#define cublasDsyr_v2_64 cublasDsyr_64

static inline cublasStatus_t cublasDsyr2_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const double *__alpha, const double *__x,
					    int64_t __incx, const double *__y, int64_t __incy,
					    double *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDsyr2(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy, __a,
			   (int)__lda);
}
#define cublasDsyr2_v2_64 cublasDsyr2_64

static inline cublasStatus_t cublasDsyr2k_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					     cublasOperation_t __trans, int64_t __n, int64_t __k,
					     const double *__alpha, const double *__a,
					     int64_t __lda, const double *__b, int64_t __ldb,
					     const double *__beta, double *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDsyr2k(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasDsyr2k_v2_64 cublasDsyr2k_64

static inline cublasStatus_t cublasDsyrk_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, int64_t __n, int64_t __k,
					    const double *__alpha, const double *__a, int64_t __lda,
					    const double *__beta, double *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDsyrk(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda,
			   __beta, __c, (int)__ldc);
}
#define cublasDsyrk_v2_64 cublasDsyrk_64

static inline cublasStatus_t cublasDsyrkx_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					     cublasOperation_t __trans, int64_t __n, int64_t __k,
					     const double *__alpha, const double *__a,
					     int64_t __lda, const double *__b, int64_t __ldb,
					     const double *__beta, double *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDsyrkx(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}

static inline cublasStatus_t cublasDtbmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, int64_t __k, const double *__a,
					    int64_t __lda, double *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDtbmv(__h, __uplo, __trans, __diag, (int)__n, (int)__k, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasDtbmv_v2_64 cublasDtbmv_64

static inline cublasStatus_t cublasDtbsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, int64_t __k, const double *__a,
					    int64_t __lda, double *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDtbsv(__h, __uplo, __trans, __diag, (int)__n, (int)__k, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasDtbsv_v2_64 cublasDtbsv_64

static inline cublasStatus_t cublasDtpmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const double *__ap, double *__x,
					    int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDtpmv(__h, __uplo, __trans, __diag, (int)__n, __ap, __x, (int)__incx);
}
#define cublasDtpmv_v2_64 cublasDtpmv_64

static inline cublasStatus_t cublasDtpsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const double *__ap, double *__x,
					    int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDtpsv(__h, __uplo, __trans, __diag, (int)__n, __ap, __x, (int)__incx);
}
#define cublasDtpsv_v2_64 cublasDtpsv_64

static inline cublasStatus_t cublasDtrmm_64(cublasHandle_t __h, cublasSideMode_t __side,
					    cublasFillMode_t __uplo, cublasOperation_t __trans,
					    cublasDiagType_t __diag, int64_t __m, int64_t __n,
					    const double *__alpha, const double *__a, int64_t __lda,
					    const double *__b, int64_t __ldb, double *__c,
					    int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDtrmm(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha, __a,
			   (int)__lda, __b, (int)__ldb, __c, (int)__ldc);
}
#define cublasDtrmm_v2_64 cublasDtrmm_64

static inline cublasStatus_t cublasDtrmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const double *__a, int64_t __lda,
					    double *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDtrmv(__h, __uplo, __trans, __diag, (int)__n, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasDtrmv_v2_64 cublasDtrmv_64

static inline cublasStatus_t cublasDtrsm_64(cublasHandle_t __h, cublasSideMode_t __side,
					    cublasFillMode_t __uplo, cublasOperation_t __trans,
					    cublasDiagType_t __diag, int64_t __m, int64_t __n,
					    const double *__alpha, const double *__a, int64_t __lda,
					    double *__b, int64_t __ldb)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDtrsm(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha, __a,
			   (int)__lda, __b, (int)__ldb);
}
#define cublasDtrsm_v2_64 cublasDtrsm_64

static inline cublasStatus_t
cublasDtrsmBatched_64(cublasHandle_t __h, cublasSideMode_t __side, cublasFillMode_t __uplo,
		      cublasOperation_t __trans, cublasDiagType_t __diag, int64_t __m, int64_t __n,
		      const double *__alpha, const double *const __a[], int64_t __lda,
		      double *const __b[], int64_t __ldb, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDtrsmBatched(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha,
				  __a, (int)__lda, __b, (int)__ldb, (int)__batch_count);
}

static inline cublasStatus_t cublasDtrsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const double *__a, int64_t __lda,
					    double *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDtrsv(__h, __uplo, __trans, __diag, (int)__n, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasDtrsv_v2_64 cublasDtrsv_64

static inline cublasStatus_t cublasDzasum_64(cublasHandle_t __h, int64_t __n,
					     const cuDoubleComplex *__x, int64_t __incx,
					     double *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDzasum(__h, (int)__n, __x, (int)__incx, __result);
}
#define cublasDzasum_v2_64 cublasDzasum_64

static inline cublasStatus_t cublasDznrm2_64(cublasHandle_t __h, int64_t __n,
					     const cuDoubleComplex *__x, int64_t __incx,
					     double *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDznrm2(__h, (int)__n, __x, (int)__incx, __result);
}
#define cublasDznrm2_v2_64 cublasDznrm2_64

static inline cublasStatus_t cublasGemmBatchedEx_64(
    cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb, int64_t __m,
    int64_t __n, int64_t __k, const void *__alpha, const void *const __a[], cudaDataType __a_type,
    int64_t __lda, const void *const __b[], cudaDataType __b_type, int64_t __ldb,
    const void *__beta, void *const __c[], cudaDataType __c_type, int64_t __ldc,
    int64_t __batch_count, cublasComputeType_t __compute_type, cublasGemmAlgo_t __algo)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasGemmBatchedEx(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha,
				   __a, __a_type, (int)__lda, __b, __b_type, (int)__ldb, __beta,
				   __c, __c_type, (int)__ldc, (int)__batch_count, __compute_type,
				   __algo);
}

static inline cublasStatus_t
cublasGemmEx_64(cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb,
		int64_t __m, int64_t __n, int64_t __k, const void *__alpha, const void *__a,
		cudaDataType __a_type, int64_t __lda, const void *__b, cudaDataType __b_type,
		int64_t __ldb, const void *__beta, void *__c, cudaDataType __c_type, int64_t __ldc,
		cublasComputeType_t __compute_type, cublasGemmAlgo_t __algo)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasGemmEx(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a,
			    __a_type, (int)__lda, __b, __b_type, (int)__ldb, __beta, __c, __c_type,
			    (int)__ldc, __compute_type, __algo);
}

static inline cublasStatus_t cublasGemmStridedBatchedEx_64(
    cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb, int64_t __m,
    int64_t __n, int64_t __k, const void *__alpha, const void *__a, cudaDataType __a_type,
    int64_t __lda, long long __stride_a, const void *__b, cudaDataType __b_type, int64_t __ldb,
    long long __stride_b, const void *__beta, void *__c, cudaDataType __c_type, int64_t __ldc,
    long long __stride_c, int64_t __batch_count, cublasComputeType_t __compute_type,
    cublasGemmAlgo_t __algo)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasGemmStridedBatchedEx(
	    __h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a, __a_type,
	    (int)__lda, __stride_a, __b, __b_type, (int)__ldb, __stride_b, __beta, __c, __c_type,
	    (int)__ldc, __stride_c, (int)__batch_count, __compute_type, __algo);
}

static inline cublasStatus_t cublasGetMatrix_64(int64_t __rows, int64_t __cols, int64_t __elem_size,
						const void *__a, int64_t __lda, void *__b,
						int64_t __ldb)
{
	if (!__idxgen_cublas_fits_int(__rows) || !__idxgen_cublas_fits_int(__cols) ||
	    !__idxgen_cublas_fits_int(__elem_size) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasGetMatrix((int)__rows, (int)__cols, (int)__elem_size, __a, (int)__lda, __b,
			       (int)__ldb);
}

static inline cublasStatus_t cublasGetMatrixAsync_64(int64_t __rows, int64_t __cols,
						     int64_t __elem_size, const void *__a,
						     int64_t __lda, void *__b, int64_t __ldb,
						     cudaStream_t __stream)
{
	if (!__idxgen_cublas_fits_int(__rows) || !__idxgen_cublas_fits_int(__cols) ||
	    !__idxgen_cublas_fits_int(__elem_size) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasGetMatrixAsync((int)__rows, (int)__cols, (int)__elem_size, __a, (int)__lda,
				    __b, (int)__ldb, __stream);
}

static inline cublasStatus_t cublasGetVector_64(int64_t __n, int64_t __elem_size, const void *__x,
						int64_t __incx, void *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__elem_size) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasGetVector((int)__n, (int)__elem_size, __x, (int)__incx, __y, (int)__incy);
}

static inline cublasStatus_t cublasGetVectorAsync_64(int64_t __n, int64_t __elem_size,
						     const void *__x, int64_t __incx, void *__y,
						     int64_t __incy, cudaStream_t __stream)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__elem_size) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasGetVectorAsync((int)__n, (int)__elem_size, __x, (int)__incx, __y, (int)__incy,
				    __stream);
}

static inline cublasStatus_t
cublasHSHgemvBatched_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n,
			const float *__alpha, const __idxgen_cublas_half *const __Aarray[],
			int64_t __lda, const __idxgen_cublas_half *const __xarray[], int64_t __incx,
			const float *__beta, __idxgen_cublas_half *const __yarray[], int64_t __incy,
			int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasHSHgemvBatched(__h, __trans, (int)__m, (int)__n, __alpha, __Aarray, (int)__lda,
				    __xarray, (int)__incx, __beta, __yarray, (int)__incy,
				    (int)__batchCount);
}

static inline cublasStatus_t cublasHSHgemvStridedBatched_64(
    cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n, const float *__alpha,
    const __idxgen_cublas_half *__a, int64_t __lda, long long __strideA,
    const __idxgen_cublas_half *__x, int64_t __incx, long long __stridex, const float *__beta,
    __idxgen_cublas_half *__y, int64_t __incy, long long __stridey, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasHSHgemvStridedBatched(__h, __trans, (int)__m, (int)__n, __alpha, __a,
					   (int)__lda, __strideA, __x, (int)__incx, __stridex,
					   __beta, __y, (int)__incy, __stridey, (int)__batchCount);
}

static inline cublasStatus_t
cublasHSSgemvBatched_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n,
			const float *__alpha, const __idxgen_cublas_half *const __Aarray[],
			int64_t __lda, const __idxgen_cublas_half *const __xarray[], int64_t __incx,
			const float *__beta, float *const __yarray[], int64_t __incy,
			int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasHSSgemvBatched(__h, __trans, (int)__m, (int)__n, __alpha, __Aarray, (int)__lda,
				    __xarray, (int)__incx, __beta, __yarray, (int)__incy,
				    (int)__batchCount);
}

static inline cublasStatus_t
cublasHSSgemvStridedBatched_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m,
			       int64_t __n, const float *__alpha, const __idxgen_cublas_half *__a,
			       int64_t __lda, long long __strideA, const __idxgen_cublas_half *__x,
			       int64_t __incx, long long __stridex, const float *__beta, float *__y,
			       int64_t __incy, long long __stridey, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasHSSgemvStridedBatched(__h, __trans, (int)__m, (int)__n, __alpha, __a,
					   (int)__lda, __strideA, __x, (int)__incx, __stridex,
					   __beta, __y, (int)__incy, __stridey, (int)__batchCount);
}

static inline cublasStatus_t cublasHgemm_64(cublasHandle_t __h, cublasOperation_t __transa,
					    cublasOperation_t __transb, int64_t __m, int64_t __n,
					    int64_t __k, const __idxgen_cublas_half *__alpha,
					    const __idxgen_cublas_half *__a, int64_t __lda,
					    const __idxgen_cublas_half *__b, int64_t __ldb,
					    const __idxgen_cublas_half *__beta,
					    __idxgen_cublas_half *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasHgemm(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a,
			   (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc);
}

static inline cublasStatus_t
cublasHgemmBatched_64(cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb,
		      int64_t __m, int64_t __n, int64_t __k, const __idxgen_cublas_half *__alpha,
		      const __idxgen_cublas_half *const __a[], int64_t __lda,
		      const __idxgen_cublas_half *const __b[], int64_t __ldb,
		      const __idxgen_cublas_half *__beta, __idxgen_cublas_half *const __c[],
		      int64_t __ldc, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasHgemmBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha,
				  __a, (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc,
				  (int)__batch_count);
}

static inline cublasStatus_t cublasHgemmStridedBatched_64(
    cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb, int64_t __m,
    int64_t __n, int64_t __k, const __idxgen_cublas_half *__alpha, const __idxgen_cublas_half *__a,
    int64_t __lda, long long __stride_a, const __idxgen_cublas_half *__b, int64_t __ldb,
    long long __stride_b, const __idxgen_cublas_half *__beta, __idxgen_cublas_half *__c,
    int64_t __ldc, long long __stride_c, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasHgemmStridedBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k,
					 __alpha, __a, (int)__lda, __stride_a, __b, (int)__ldb,
					 __stride_b, __beta, __c, (int)__ldc, __stride_c,
					 (int)__batch_count);
}

static inline cublasStatus_t cublasIamaxEx_64(cublasHandle_t __h, int64_t __n, const void *__x,
					      cudaDataType __xType, int64_t __incx,
					      int64_t *__result)
{
	int __result_int = 0;
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t __st = cublasIamaxEx(__h, (int)__n, __x, __xType, (int)__incx,
					    __result ? &__result_int : (int *)0);
	if (__st == CUBLAS_STATUS_SUCCESS && __result)
		*__result = __result_int;
	return __st;
}

static inline cublasStatus_t cublasIaminEx_64(cublasHandle_t __h, int64_t __n, const void *__x,
					      cudaDataType __xType, int64_t __incx,
					      int64_t *__result)
{
	int __result_int = 0;
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t __st = cublasIaminEx(__h, (int)__n, __x, __xType, (int)__incx,
					    __result ? &__result_int : (int *)0);
	if (__st == CUBLAS_STATUS_SUCCESS && __result)
		*__result = __result_int;
	return __st;
}

static inline cublasStatus_t cublasIcamax_64(cublasHandle_t __h, int64_t __n, const cuComplex *__x,
					     int64_t __incx, int64_t *__result)
{
	int __result_int = 0;
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t __st =
	    cublasIcamax(__h, (int)__n, __x, (int)__incx, __result ? &__result_int : (int *)0);
	if (__st == CUBLAS_STATUS_SUCCESS && __result)
		*__result = __result_int;
	return __st;
}
#define cublasIcamax_v2_64 cublasIcamax_64

static inline cublasStatus_t cublasIcamin_64(cublasHandle_t __h, int64_t __n, const cuComplex *__x,
					     int64_t __incx, int64_t *__result)
{
	int __result_int = 0;
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t __st =
	    cublasIcamin(__h, (int)__n, __x, (int)__incx, __result ? &__result_int : (int *)0);
	if (__st == CUBLAS_STATUS_SUCCESS && __result)
		*__result = __result_int;
	return __st;
}
#define cublasIcamin_v2_64 cublasIcamin_64

static inline cublasStatus_t cublasIdamax_64(cublasHandle_t __h, int64_t __n, const double *__x,
					     int64_t __incx, int64_t *__result)
{
	int __result_int = 0;
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t __st =
	    cublasIdamax(__h, (int)__n, __x, (int)__incx, __result ? &__result_int : (int *)0);
	if (__st == CUBLAS_STATUS_SUCCESS && __result)
		*__result = __result_int;
	return __st;
}
#define cublasIdamax_v2_64 cublasIdamax_64

static inline cublasStatus_t cublasIdamin_64(cublasHandle_t __h, int64_t __n, const double *__x,
					     int64_t __incx, int64_t *__result)
{
	int __result_int = 0;
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t __st =
	    cublasIdamin(__h, (int)__n, __x, (int)__incx, __result ? &__result_int : (int *)0);
	if (__st == CUBLAS_STATUS_SUCCESS && __result)
		*__result = __result_int;
	return __st;
}
#define cublasIdamin_v2_64 cublasIdamin_64

static inline cublasStatus_t cublasIsamax_64(cublasHandle_t __h, int64_t __n, const float *__x,
					     int64_t __incx, int64_t *__result)
{
	int __result_int = 0;
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t __st =
	    cublasIsamax(__h, (int)__n, __x, (int)__incx, __result ? &__result_int : (int *)0);
	if (__st == CUBLAS_STATUS_SUCCESS && __result)
		*__result = __result_int;
	return __st;
}
#define cublasIsamax_v2_64 cublasIsamax_64

static inline cublasStatus_t cublasIsamin_64(cublasHandle_t __h, int64_t __n, const float *__x,
					     int64_t __incx, int64_t *__result)
{
	int __result_int = 0;
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t __st =
	    cublasIsamin(__h, (int)__n, __x, (int)__incx, __result ? &__result_int : (int *)0);
	if (__st == CUBLAS_STATUS_SUCCESS && __result)
		*__result = __result_int;
	return __st;
}
#define cublasIsamin_v2_64 cublasIsamin_64

static inline cublasStatus_t cublasIzamax_64(cublasHandle_t __h, int64_t __n,
					     const cuDoubleComplex *__x, int64_t __incx,
					     int64_t *__result)
{
	int __result_int = 0;
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t __st =
	    cublasIzamax(__h, (int)__n, __x, (int)__incx, __result ? &__result_int : (int *)0);
	if (__st == CUBLAS_STATUS_SUCCESS && __result)
		*__result = __result_int;
	return __st;
}
#define cublasIzamax_v2_64 cublasIzamax_64

static inline cublasStatus_t cublasIzamin_64(cublasHandle_t __h, int64_t __n,
					     const cuDoubleComplex *__x, int64_t __incx,
					     int64_t *__result)
{
	int __result_int = 0;
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cublasStatus_t __st =
	    cublasIzamin(__h, (int)__n, __x, (int)__incx, __result ? &__result_int : (int *)0);
	if (__st == CUBLAS_STATUS_SUCCESS && __result)
		*__result = __result_int;
	return __st;
}
#define cublasIzamin_v2_64 cublasIzamin_64

static inline cublasStatus_t cublasNrm2Ex_64(cublasHandle_t __h, int64_t __n, const void *__x,
					     cudaDataType __xType, int64_t __incx, void *__result,
					     cudaDataType __resultType,
					     cudaDataType __executionType)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasNrm2Ex(__h, (int)__n, __x, __xType, (int)__incx, __result, __resultType,
			    __executionType);
}

static inline cublasStatus_t cublasRotEx_64(cublasHandle_t __h, int64_t __n, void *__x,
					    cudaDataType __xType, int64_t __incx, void *__y,
					    cudaDataType __yType, int64_t __incy, const void *__c,
					    const void *__s, cudaDataType __csType,
					    cudaDataType __executiontype)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasRotEx(__h, (int)__n, __x, __xType, (int)__incx, __y, __yType, (int)__incy, __c,
			   __s, __csType, __executiontype);
}

static inline cublasStatus_t cublasRotmEx_64(cublasHandle_t __h, int64_t __n, void *__x,
					     cudaDataType __xType, int64_t __incx, void *__y,
					     cudaDataType __yType, int64_t __incy,
					     const void *__param, cudaDataType __paramType,
					     cudaDataType __executiontype)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasRotmEx(__h, (int)__n, __x, __xType, (int)__incx, __y, __yType, (int)__incy,
			    __param, __paramType, __executiontype);
}

static inline cublasStatus_t cublasSasum_64(cublasHandle_t __h, int64_t __n, const float *__x,
					    int64_t __incx, float *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSasum(__h, (int)__n, __x, (int)__incx, __result);
}
#define cublasSasum_v2_64 cublasSasum_64

static inline cublasStatus_t cublasSaxpy_64(cublasHandle_t __h, int64_t __n, const float *__alpha,
					    const float *__x, int64_t __incx, float *__y,
					    int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSaxpy(__h, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy);
}
#define cublasSaxpy_v2_64 cublasSaxpy_64

static inline cublasStatus_t cublasScalEx_64(cublasHandle_t __h, int64_t __n, const void *__alpha,
					     cudaDataType __alphaType, void *__x,
					     cudaDataType __xType, int64_t __incx,
					     cudaDataType __executionType)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasScalEx(__h, (int)__n, __alpha, __alphaType, __x, __xType, (int)__incx,
			    __executionType);
}

static inline cublasStatus_t cublasScasum_64(cublasHandle_t __h, int64_t __n, const cuComplex *__x,
					     int64_t __incx, float *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasScasum(__h, (int)__n, __x, (int)__incx, __result);
}
#define cublasScasum_v2_64 cublasScasum_64

static inline cublasStatus_t cublasScnrm2_64(cublasHandle_t __h, int64_t __n, const cuComplex *__x,
					     int64_t __incx, float *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasScnrm2(__h, (int)__n, __x, (int)__incx, __result);
}
#define cublasScnrm2_v2_64 cublasScnrm2_64

static inline cublasStatus_t cublasScopy_64(cublasHandle_t __h, int64_t __n, const float *__x,
					    int64_t __incx, float *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasScopy(__h, (int)__n, __x, (int)__incx, __y, (int)__incy);
}
#define cublasScopy_v2_64 cublasScopy_64

static inline cublasStatus_t cublasSdgmm_64(cublasHandle_t __h, cublasSideMode_t __mode,
					    int64_t __m, int64_t __n, const float *__a,
					    int64_t __lda, const float *__x, int64_t __incx,
					    float *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSdgmm(__h, __mode, (int)__m, (int)__n, __a, (int)__lda, __x, (int)__incx, __c,
			   (int)__ldc);
}

static inline cublasStatus_t cublasSdot_64(cublasHandle_t __h, int64_t __n, const float *__x,
					   int64_t __incx, const float *__y, int64_t __incy,
					   float *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSdot(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __result);
}
#define cublasSdot_v2_64 cublasSdot_64

static inline cublasStatus_t cublasSetMatrix_64(int64_t __rows, int64_t __cols, int64_t __elem_size,
						const void *__a, int64_t __lda, void *__b,
						int64_t __ldb)
{
	if (!__idxgen_cublas_fits_int(__rows) || !__idxgen_cublas_fits_int(__cols) ||
	    !__idxgen_cublas_fits_int(__elem_size) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSetMatrix((int)__rows, (int)__cols, (int)__elem_size, __a, (int)__lda, __b,
			       (int)__ldb);
}

static inline cublasStatus_t cublasSetMatrixAsync_64(int64_t __rows, int64_t __cols,
						     int64_t __elem_size, const void *__a,
						     int64_t __lda, void *__b, int64_t __ldb,
						     cudaStream_t __stream)
{
	if (!__idxgen_cublas_fits_int(__rows) || !__idxgen_cublas_fits_int(__cols) ||
	    !__idxgen_cublas_fits_int(__elem_size) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSetMatrixAsync((int)__rows, (int)__cols, (int)__elem_size, __a, (int)__lda,
				    __b, (int)__ldb, __stream);
}

static inline cublasStatus_t cublasSetVector_64(int64_t __n, int64_t __elem_size, const void *__x,
						int64_t __incx, void *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__elem_size) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSetVector((int)__n, (int)__elem_size, __x, (int)__incx, __y, (int)__incy);
}

static inline cublasStatus_t cublasSetVectorAsync_64(int64_t __n, int64_t __elem_size,
						     const void *__x, int64_t __incx, void *__y,
						     int64_t __incy, cudaStream_t __stream)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__elem_size) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSetVectorAsync((int)__n, (int)__elem_size, __x, (int)__incx, __y, (int)__incy,
				    __stream);
}

static inline cublasStatus_t cublasSgbmv_64(cublasHandle_t __h, cublasOperation_t __trans,
					    int64_t __m, int64_t __n, int64_t __kl, int64_t __ku,
					    const float *__alpha, const float *__a, int64_t __lda,
					    const float *__x, int64_t __incx, const float *__beta,
					    float *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__kl) || !__idxgen_cublas_fits_int(__ku) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSgbmv(__h, __trans, (int)__m, (int)__n, (int)__kl, (int)__ku, __alpha, __a,
			   (int)__lda, __x, (int)__incx, __beta, __y, (int)__incy);
}
#define cublasSgbmv_v2_64 cublasSgbmv_64

static inline cublasStatus_t cublasSgeam_64(cublasHandle_t __h, cublasOperation_t __transa,
					    cublasOperation_t __transb, int64_t __m, int64_t __n,
					    const float *__alpha, const float *__a, int64_t __lda,
					    const float *__beta, const float *__b, int64_t __ldb,
					    float *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSgeam(__h, __transa, __transb, (int)__m, (int)__n, __alpha, __a, (int)__lda,
			   __beta, __b, (int)__ldb, __c, (int)__ldc);
}

static inline cublasStatus_t cublasSgemm_64(cublasHandle_t __h, cublasOperation_t __transa,
					    cublasOperation_t __transb, int64_t __m, int64_t __n,
					    int64_t __k, const float *__alpha, const float *__a,
					    int64_t __lda, const float *__b, int64_t __ldb,
					    const float *__beta, float *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSgemm(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a,
			   (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasSgemm_v2_64 cublasSgemm_64

static inline cublasStatus_t cublasSgemmBatched_64(cublasHandle_t __h, cublasOperation_t __transa,
						   cublasOperation_t __transb, int64_t __m,
						   int64_t __n, int64_t __k, const float *__alpha,
						   const float *const __a[], int64_t __lda,
						   const float *const __b[], int64_t __ldb,
						   const float *__beta, float *const __c[],
						   int64_t __ldc, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSgemmBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha,
				  __a, (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc,
				  (int)__batch_count);
}

static inline cublasStatus_t cublasSgemmEx_64(cublasHandle_t __h, cublasOperation_t __transa,
					      cublasOperation_t __transb, int64_t __m, int64_t __n,
					      int64_t __k, const float *__alpha, const void *__a,
					      cudaDataType __a_type, int64_t __lda, const void *__b,
					      cudaDataType __b_type, int64_t __ldb,
					      const float *__beta, void *__c, cudaDataType __c_type,
					      int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSgemmEx(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a,
			     __a_type, (int)__lda, __b, __b_type, (int)__ldb, __beta, __c, __c_type,
			     (int)__ldc);
}

static inline cublasStatus_t cublasSgemmStridedBatched_64(
    cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb, int64_t __m,
    int64_t __n, int64_t __k, const float *__alpha, const float *__a, int64_t __lda,
    long long __stride_a, const float *__b, int64_t __ldb, long long __stride_b,
    const float *__beta, float *__c, int64_t __ldc, long long __stride_c, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSgemmStridedBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k,
					 __alpha, __a, (int)__lda, __stride_a, __b, (int)__ldb,
					 __stride_b, __beta, __c, (int)__ldc, __stride_c,
					 (int)__batch_count);
}

static inline cublasStatus_t cublasSgemv_64(cublasHandle_t __h, cublasOperation_t __trans,
					    int64_t __m, int64_t __n, const float *__alpha,
					    const float *__a, int64_t __lda, const float *__x,
					    int64_t __incx, const float *__beta, float *__y,
					    int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSgemv(__h, __trans, (int)__m, (int)__n, __alpha, __a, (int)__lda, __x,
			   (int)__incx, __beta, __y, (int)__incy);
}
#define cublasSgemv_v2_64 cublasSgemv_64

static inline cublasStatus_t cublasSgemvBatched_64(cublasHandle_t __h, cublasOperation_t __trans,
						   int64_t __m, int64_t __n, const float *__alpha,
						   const float *const __Aarray[], int64_t __lda,
						   const float *const __xarray[], int64_t __incx,
						   const float *__beta, float *const __yarray[],
						   int64_t __incy, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSgemvBatched(__h, __trans, (int)__m, (int)__n, __alpha, __Aarray, (int)__lda,
				  __xarray, (int)__incx, __beta, __yarray, (int)__incy,
				  (int)__batchCount);
}

static inline cublasStatus_t
cublasSgemvStridedBatched_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m,
			     int64_t __n, const float *__alpha, const float *__a, int64_t __lda,
			     long long __strideA, const float *__x, int64_t __incx,
			     long long __stridex, const float *__beta, float *__y, int64_t __incy,
			     long long __stridey, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSgemvStridedBatched(__h, __trans, (int)__m, (int)__n, __alpha, __a, (int)__lda,
					 __strideA, __x, (int)__incx, __stridex, __beta, __y,
					 (int)__incy, __stridey, (int)__batchCount);
}

static inline cublasStatus_t cublasSger_64(cublasHandle_t __h, int64_t __m, int64_t __n,
					   const float *__alpha, const float *__x, int64_t __incx,
					   const float *__y, int64_t __incy, float *__a,
					   int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSger(__h, (int)__m, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy, __a,
			  (int)__lda);
}
#define cublasSger_v2_64 cublasSger_64

static inline cublasStatus_t cublasSnrm2_64(cublasHandle_t __h, int64_t __n, const float *__x,
					    int64_t __incx, float *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSnrm2(__h, (int)__n, __x, (int)__incx, __result);
}
#define cublasSnrm2_v2_64 cublasSnrm2_64

static inline cublasStatus_t cublasSrot_64(cublasHandle_t __h, int64_t __n, float *__x,
					   int64_t __incx, float *__y, int64_t __incy,
					   const float *__c, const float *__s)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSrot(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __c, __s);
}
#define cublasSrot_v2_64 cublasSrot_64

static inline cublasStatus_t cublasSrotm_64(cublasHandle_t __h, int64_t __n, float *__x,
					    int64_t __incx, float *__y, int64_t __incy,
					    const float *__param)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSrotm(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __param);
}
#define cublasSrotm_v2_64 cublasSrotm_64

static inline cublasStatus_t cublasSsbmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, int64_t __k, const float *__alpha,
					    const float *__a, int64_t __lda, const float *__x,
					    int64_t __incx, const float *__beta, float *__y,
					    int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSsbmv(__h, __uplo, (int)__n, (int)__k, __alpha, __a, (int)__lda, __x,
			   (int)__incx, __beta, __y, (int)__incy);
}
#define cublasSsbmv_v2_64 cublasSsbmv_64

static inline cublasStatus_t cublasSscal_64(cublasHandle_t __h, int64_t __n, const float *__alpha,
					    float *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSscal(__h, (int)__n, __alpha, __x, (int)__incx);
}
#define cublasSscal_v2_64 cublasSscal_64

static inline cublasStatus_t cublasSspmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const float *__alpha, const float *__ap,
					    const float *__x, int64_t __incx, const float *__beta,
					    float *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSspmv(__h, __uplo, (int)__n, __alpha, __ap, __x, (int)__incx, __beta, __y,
			   (int)__incy);
}
#define cublasSspmv_v2_64 cublasSspmv_64

static inline cublasStatus_t cublasSspr_64(cublasHandle_t __h, cublasFillMode_t __uplo, int64_t __n,
					   const float *__alpha, const float *__x, int64_t __incx,
					   float *__ap)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSspr(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __ap);
}
#define cublasSspr_v2_64 cublasSspr_64

static inline cublasStatus_t cublasSspr2_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const float *__alpha, const float *__x,
					    int64_t __incx, const float *__y, int64_t __incy,
					    float *__ap)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSspr2(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy,
			   __ap);
}
#define cublasSspr2_v2_64 cublasSspr2_64

static inline cublasStatus_t cublasSswap_64(cublasHandle_t __h, int64_t __n, float *__x,
					    int64_t __incx, float *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSswap(__h, (int)__n, __x, (int)__incx, __y, (int)__incy);
}
#define cublasSswap_v2_64 cublasSswap_64

static inline cublasStatus_t cublasSsymm_64(cublasHandle_t __h, cublasSideMode_t __side,
					    cublasFillMode_t __uplo, int64_t __m, int64_t __n,
					    const float *__alpha, const float *__a, int64_t __lda,
					    const float *__b, int64_t __ldb, const float *__beta,
					    float *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSsymm(__h, __side, __uplo, (int)__m, (int)__n, __alpha, __a, (int)__lda, __b,
			   (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasSsymm_v2_64 cublasSsymm_64

static inline cublasStatus_t cublasSsymv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const float *__alpha, const float *__a,
					    int64_t __lda, const float *__x, int64_t __incx,
					    const float *__beta, float *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSsymv(__h, __uplo, (int)__n, __alpha, __a, (int)__lda, __x, (int)__incx,
			   __beta, __y, (int)__incy);
}
#define cublasSsymv_v2_64 cublasSsymv_64

static inline cublasStatus_t cublasSsyr_64(cublasHandle_t __h, cublasFillMode_t __uplo, int64_t __n,
					   const float *__alpha, const float *__x, int64_t __incx,
					   float *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSsyr(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __a, (int)__lda);
}
#define cublasSsyr_v2_64 cublasSsyr_64

static inline cublasStatus_t cublasSsyr2_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const float *__alpha, const float *__x,
					    int64_t __incx, const float *__y, int64_t __incy,
					    float *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSsyr2(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy, __a,
			   (int)__lda);
}
#define cublasSsyr2_v2_64 cublasSsyr2_64

static inline cublasStatus_t cublasSsyr2k_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					     cublasOperation_t __trans, int64_t __n, int64_t __k,
					     const float *__alpha, const float *__a, int64_t __lda,
					     const float *__b, int64_t __ldb, const float *__beta,
					     float *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSsyr2k(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasSsyr2k_v2_64 cublasSsyr2k_64

static inline cublasStatus_t cublasSsyrk_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, int64_t __n, int64_t __k,
					    const float *__alpha, const float *__a, int64_t __lda,
					    const float *__beta, float *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSsyrk(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda,
			   __beta, __c, (int)__ldc);
}
#define cublasSsyrk_v2_64 cublasSsyrk_64

static inline cublasStatus_t cublasSsyrkx_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					     cublasOperation_t __trans, int64_t __n, int64_t __k,
					     const float *__alpha, const float *__a, int64_t __lda,
					     const float *__b, int64_t __ldb, const float *__beta,
					     float *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSsyrkx(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}

static inline cublasStatus_t cublasStbmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, int64_t __k, const float *__a,
					    int64_t __lda, float *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasStbmv(__h, __uplo, __trans, __diag, (int)__n, (int)__k, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasStbmv_v2_64 cublasStbmv_64

static inline cublasStatus_t cublasStbsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, int64_t __k, const float *__a,
					    int64_t __lda, float *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasStbsv(__h, __uplo, __trans, __diag, (int)__n, (int)__k, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasStbsv_v2_64 cublasStbsv_64

static inline cublasStatus_t cublasStpmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const float *__ap, float *__x,
					    int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasStpmv(__h, __uplo, __trans, __diag, (int)__n, __ap, __x, (int)__incx);
}
#define cublasStpmv_v2_64 cublasStpmv_64

static inline cublasStatus_t cublasStpsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const float *__ap, float *__x,
					    int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasStpsv(__h, __uplo, __trans, __diag, (int)__n, __ap, __x, (int)__incx);
}
#define cublasStpsv_v2_64 cublasStpsv_64

static inline cublasStatus_t cublasStrmm_64(cublasHandle_t __h, cublasSideMode_t __side,
					    cublasFillMode_t __uplo, cublasOperation_t __trans,
					    cublasDiagType_t __diag, int64_t __m, int64_t __n,
					    const float *__alpha, const float *__a, int64_t __lda,
					    const float *__b, int64_t __ldb, float *__c,
					    int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasStrmm(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha, __a,
			   (int)__lda, __b, (int)__ldb, __c, (int)__ldc);
}
#define cublasStrmm_v2_64 cublasStrmm_64

static inline cublasStatus_t cublasStrmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const float *__a, int64_t __lda,
					    float *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasStrmv(__h, __uplo, __trans, __diag, (int)__n, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasStrmv_v2_64 cublasStrmv_64

static inline cublasStatus_t cublasStrsm_64(cublasHandle_t __h, cublasSideMode_t __side,
					    cublasFillMode_t __uplo, cublasOperation_t __trans,
					    cublasDiagType_t __diag, int64_t __m, int64_t __n,
					    const float *__alpha, const float *__a, int64_t __lda,
					    float *__b, int64_t __ldb)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasStrsm(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha, __a,
			   (int)__lda, __b, (int)__ldb);
}
#define cublasStrsm_v2_64 cublasStrsm_64

static inline cublasStatus_t
cublasStrsmBatched_64(cublasHandle_t __h, cublasSideMode_t __side, cublasFillMode_t __uplo,
		      cublasOperation_t __trans, cublasDiagType_t __diag, int64_t __m, int64_t __n,
		      const float *__alpha, const float *const __a[], int64_t __lda,
		      float *const __b[], int64_t __ldb, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasStrsmBatched(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha,
				  __a, (int)__lda, __b, (int)__ldb, (int)__batch_count);
}

static inline cublasStatus_t cublasStrsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const float *__a, int64_t __lda,
					    float *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasStrsv(__h, __uplo, __trans, __diag, (int)__n, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasStrsv_v2_64 cublasStrsv_64

static inline cublasStatus_t cublasSwapEx_64(cublasHandle_t __h, int64_t __n, void *__x,
					     cudaDataType __xType, int64_t __incx, void *__y,
					     cudaDataType __yType, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSwapEx(__h, (int)__n, __x, __xType, (int)__incx, __y, __yType, (int)__incy);
}

static inline cublasStatus_t
cublasTSSgemvBatched_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n,
			const float *__alpha, const __idxgen_cublas_bf16 *const __Aarray[],
			int64_t __lda, const __idxgen_cublas_bf16 *const __xarray[], int64_t __incx,
			const float *__beta, float *const __yarray[], int64_t __incy,
			int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasTSSgemvBatched(__h, __trans, (int)__m, (int)__n, __alpha, __Aarray, (int)__lda,
				    __xarray, (int)__incx, __beta, __yarray, (int)__incy,
				    (int)__batchCount);
}

static inline cublasStatus_t
cublasTSSgemvStridedBatched_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m,
			       int64_t __n, const float *__alpha, const __idxgen_cublas_bf16 *__a,
			       int64_t __lda, long long __strideA, const __idxgen_cublas_bf16 *__x,
			       int64_t __incx, long long __stridex, const float *__beta, float *__y,
			       int64_t __incy, long long __stridey, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasTSSgemvStridedBatched(__h, __trans, (int)__m, (int)__n, __alpha, __a,
					   (int)__lda, __strideA, __x, (int)__incx, __stridex,
					   __beta, __y, (int)__incy, __stridey, (int)__batchCount);
}

static inline cublasStatus_t
cublasTSTgemvBatched_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n,
			const float *__alpha, const __idxgen_cublas_bf16 *const __Aarray[],
			int64_t __lda, const __idxgen_cublas_bf16 *const __xarray[], int64_t __incx,
			const float *__beta, __idxgen_cublas_bf16 *const __yarray[], int64_t __incy,
			int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasTSTgemvBatched(__h, __trans, (int)__m, (int)__n, __alpha, __Aarray, (int)__lda,
				    __xarray, (int)__incx, __beta, __yarray, (int)__incy,
				    (int)__batchCount);
}

static inline cublasStatus_t cublasTSTgemvStridedBatched_64(
    cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n, const float *__alpha,
    const __idxgen_cublas_bf16 *__a, int64_t __lda, long long __strideA,
    const __idxgen_cublas_bf16 *__x, int64_t __incx, long long __stridex, const float *__beta,
    __idxgen_cublas_bf16 *__y, int64_t __incy, long long __stridey, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasTSTgemvStridedBatched(__h, __trans, (int)__m, (int)__n, __alpha, __a,
					   (int)__lda, __strideA, __x, (int)__incx, __stridex,
					   __beta, __y, (int)__incy, __stridey, (int)__batchCount);
}

static inline cublasStatus_t cublasZaxpy_64(cublasHandle_t __h, int64_t __n,
					    const cuDoubleComplex *__alpha,
					    const cuDoubleComplex *__x, int64_t __incx,
					    cuDoubleComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZaxpy(__h, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy);
}
#define cublasZaxpy_v2_64 cublasZaxpy_64

static inline cublasStatus_t cublasZcopy_64(cublasHandle_t __h, int64_t __n,
					    const cuDoubleComplex *__x, int64_t __incx,
					    cuDoubleComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZcopy(__h, (int)__n, __x, (int)__incx, __y, (int)__incy);
}
#define cublasZcopy_v2_64 cublasZcopy_64

static inline cublasStatus_t cublasZdgmm_64(cublasHandle_t __h, cublasSideMode_t __mode,
					    int64_t __m, int64_t __n, const cuDoubleComplex *__a,
					    int64_t __lda, const cuDoubleComplex *__x,
					    int64_t __incx, cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZdgmm(__h, __mode, (int)__m, (int)__n, __a, (int)__lda, __x, (int)__incx, __c,
			   (int)__ldc);
}

static inline cublasStatus_t cublasZdotc_64(cublasHandle_t __h, int64_t __n,
					    const cuDoubleComplex *__x, int64_t __incx,
					    const cuDoubleComplex *__y, int64_t __incy,
					    cuDoubleComplex *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZdotc(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __result);
}
#define cublasZdotc_v2_64 cublasZdotc_64

static inline cublasStatus_t cublasZdotu_64(cublasHandle_t __h, int64_t __n,
					    const cuDoubleComplex *__x, int64_t __incx,
					    const cuDoubleComplex *__y, int64_t __incy,
					    cuDoubleComplex *__result)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZdotu(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __result);
}
#define cublasZdotu_v2_64 cublasZdotu_64

static inline cublasStatus_t cublasZdrot_64(cublasHandle_t __h, int64_t __n, cuDoubleComplex *__x,
					    int64_t __incx, cuDoubleComplex *__y, int64_t __incy,
					    const double *__c, const double *__s)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZdrot(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __c, __s);
}
#define cublasZdrot_v2_64 cublasZdrot_64

static inline cublasStatus_t cublasZdscal_64(cublasHandle_t __h, int64_t __n, const double *__alpha,
					     cuDoubleComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZdscal(__h, (int)__n, __alpha, __x, (int)__incx);
}
#define cublasZdscal_v2_64 cublasZdscal_64

static inline cublasStatus_t
cublasZgbmv_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n,
	       int64_t __kl, int64_t __ku, const cuDoubleComplex *__alpha,
	       const cuDoubleComplex *__a, int64_t __lda, const cuDoubleComplex *__x,
	       int64_t __incx, const cuDoubleComplex *__beta, cuDoubleComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__kl) || !__idxgen_cublas_fits_int(__ku) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZgbmv(__h, __trans, (int)__m, (int)__n, (int)__kl, (int)__ku, __alpha, __a,
			   (int)__lda, __x, (int)__incx, __beta, __y, (int)__incy);
}
#define cublasZgbmv_v2_64 cublasZgbmv_64

static inline cublasStatus_t
cublasZgeam_64(cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb,
	       int64_t __m, int64_t __n, const cuDoubleComplex *__alpha, const cuDoubleComplex *__a,
	       int64_t __lda, const cuDoubleComplex *__beta, const cuDoubleComplex *__b,
	       int64_t __ldb, cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZgeam(__h, __transa, __transb, (int)__m, (int)__n, __alpha, __a, (int)__lda,
			   __beta, __b, (int)__ldb, __c, (int)__ldc);
}

static inline cublasStatus_t
cublasZgemm_64(cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb,
	       int64_t __m, int64_t __n, int64_t __k, const cuDoubleComplex *__alpha,
	       const cuDoubleComplex *__a, int64_t __lda, const cuDoubleComplex *__b, int64_t __ldb,
	       const cuDoubleComplex *__beta, cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZgemm(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a,
			   (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasZgemm_v2_64 cublasZgemm_64

static inline cublasStatus_t
cublasZgemm3m_64(cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb,
		 int64_t __m, int64_t __n, int64_t __k, const cuDoubleComplex *__alpha,
		 const cuDoubleComplex *__a, int64_t __lda, const cuDoubleComplex *__b,
		 int64_t __ldb, const cuDoubleComplex *__beta, cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZgemm3m(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha, __a,
			     (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc);
}

static inline cublasStatus_t cublasZgemmBatched_64(
    cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb, int64_t __m,
    int64_t __n, int64_t __k, const cuDoubleComplex *__alpha, const cuDoubleComplex *const __a[],
    int64_t __lda, const cuDoubleComplex *const __b[], int64_t __ldb, const cuDoubleComplex *__beta,
    cuDoubleComplex *const __c[], int64_t __ldc, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZgemmBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k, __alpha,
				  __a, (int)__lda, __b, (int)__ldb, __beta, __c, (int)__ldc,
				  (int)__batch_count);
}

static inline cublasStatus_t cublasZgemmStridedBatched_64(
    cublasHandle_t __h, cublasOperation_t __transa, cublasOperation_t __transb, int64_t __m,
    int64_t __n, int64_t __k, const cuDoubleComplex *__alpha, const cuDoubleComplex *__a,
    int64_t __lda, long long __stride_a, const cuDoubleComplex *__b, int64_t __ldb,
    long long __stride_b, const cuDoubleComplex *__beta, cuDoubleComplex *__c, int64_t __ldc,
    long long __stride_c, int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__k) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__ldb) || !__idxgen_cublas_fits_int(__ldc) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZgemmStridedBatched(__h, __transa, __transb, (int)__m, (int)__n, (int)__k,
					 __alpha, __a, (int)__lda, __stride_a, __b, (int)__ldb,
					 __stride_b, __beta, __c, (int)__ldc, __stride_c,
					 (int)__batch_count);
}

static inline cublasStatus_t
cublasZgemv_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n,
	       const cuDoubleComplex *__alpha, const cuDoubleComplex *__a, int64_t __lda,
	       const cuDoubleComplex *__x, int64_t __incx, const cuDoubleComplex *__beta,
	       cuDoubleComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZgemv(__h, __trans, (int)__m, (int)__n, __alpha, __a, (int)__lda, __x,
			   (int)__incx, __beta, __y, (int)__incy);
}
#define cublasZgemv_v2_64 cublasZgemv_64

static inline cublasStatus_t
cublasZgemvBatched_64(cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n,
		      const cuDoubleComplex *__alpha, const cuDoubleComplex *const __Aarray[],
		      int64_t __lda, const cuDoubleComplex *const __xarray[], int64_t __incx,
		      const cuDoubleComplex *__beta, cuDoubleComplex *const __yarray[],
		      int64_t __incy, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZgemvBatched(__h, __trans, (int)__m, (int)__n, __alpha, __Aarray, (int)__lda,
				  __xarray, (int)__incx, __beta, __yarray, (int)__incy,
				  (int)__batchCount);
}

static inline cublasStatus_t cublasZgemvStridedBatched_64(
    cublasHandle_t __h, cublasOperation_t __trans, int64_t __m, int64_t __n,
    const cuDoubleComplex *__alpha, const cuDoubleComplex *__a, int64_t __lda, long long __strideA,
    const cuDoubleComplex *__x, int64_t __incx, long long __stridex, const cuDoubleComplex *__beta,
    cuDoubleComplex *__y, int64_t __incy, long long __stridey, int64_t __batchCount)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__batchCount))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZgemvStridedBatched(__h, __trans, (int)__m, (int)__n, __alpha, __a, (int)__lda,
					 __strideA, __x, (int)__incx, __stridex, __beta, __y,
					 (int)__incy, __stridey, (int)__batchCount);
}

static inline cublasStatus_t cublasZgerc_64(cublasHandle_t __h, int64_t __m, int64_t __n,
					    const cuDoubleComplex *__alpha,
					    const cuDoubleComplex *__x, int64_t __incx,
					    const cuDoubleComplex *__y, int64_t __incy,
					    cuDoubleComplex *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZgerc(__h, (int)__m, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy,
			   __a, (int)__lda);
}
#define cublasZgerc_v2_64 cublasZgerc_64

static inline cublasStatus_t cublasZgeru_64(cublasHandle_t __h, int64_t __m, int64_t __n,
					    const cuDoubleComplex *__alpha,
					    const cuDoubleComplex *__x, int64_t __incx,
					    const cuDoubleComplex *__y, int64_t __incy,
					    cuDoubleComplex *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZgeru(__h, (int)__m, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy,
			   __a, (int)__lda);
}
#define cublasZgeru_v2_64 cublasZgeru_64

static inline cublasStatus_t
cublasZhbmv_64(cublasHandle_t __h, cublasFillMode_t __uplo, int64_t __n, int64_t __k,
	       const cuDoubleComplex *__alpha, const cuDoubleComplex *__a, int64_t __lda,
	       const cuDoubleComplex *__x, int64_t __incx, const cuDoubleComplex *__beta,
	       cuDoubleComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZhbmv(__h, __uplo, (int)__n, (int)__k, __alpha, __a, (int)__lda, __x,
			   (int)__incx, __beta, __y, (int)__incy);
}
#define cublasZhbmv_v2_64 cublasZhbmv_64

static inline cublasStatus_t
cublasZhemm_64(cublasHandle_t __h, cublasSideMode_t __side, cublasFillMode_t __uplo, int64_t __m,
	       int64_t __n, const cuDoubleComplex *__alpha, const cuDoubleComplex *__a,
	       int64_t __lda, const cuDoubleComplex *__b, int64_t __ldb,
	       const cuDoubleComplex *__beta, cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZhemm(__h, __side, __uplo, (int)__m, (int)__n, __alpha, __a, (int)__lda, __b,
			   (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasZhemm_v2_64 cublasZhemm_64

static inline cublasStatus_t cublasZhemv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuDoubleComplex *__alpha,
					    const cuDoubleComplex *__a, int64_t __lda,
					    const cuDoubleComplex *__x, int64_t __incx,
					    const cuDoubleComplex *__beta, cuDoubleComplex *__y,
					    int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZhemv(__h, __uplo, (int)__n, __alpha, __a, (int)__lda, __x, (int)__incx,
			   __beta, __y, (int)__incy);
}
#define cublasZhemv_v2_64 cublasZhemv_64

static inline cublasStatus_t cublasZher_64(cublasHandle_t __h, cublasFillMode_t __uplo, int64_t __n,
					   const double *__alpha, const cuDoubleComplex *__x,
					   int64_t __incx, cuDoubleComplex *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZher(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __a, (int)__lda);
}
#define cublasZher_v2_64 cublasZher_64

static inline cublasStatus_t cublasZher2_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuDoubleComplex *__alpha,
					    const cuDoubleComplex *__x, int64_t __incx,
					    const cuDoubleComplex *__y, int64_t __incy,
					    cuDoubleComplex *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZher2(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy, __a,
			   (int)__lda);
}
#define cublasZher2_v2_64 cublasZher2_64

static inline cublasStatus_t
cublasZher2k_64(cublasHandle_t __h, cublasFillMode_t __uplo, cublasOperation_t __trans, int64_t __n,
		int64_t __k, const cuDoubleComplex *__alpha, const cuDoubleComplex *__a,
		int64_t __lda, const cuDoubleComplex *__b, int64_t __ldb, const double *__beta,
		cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZher2k(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasZher2k_v2_64 cublasZher2k_64

static inline cublasStatus_t cublasZherk_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, int64_t __n, int64_t __k,
					    const double *__alpha, const cuDoubleComplex *__a,
					    int64_t __lda, const double *__beta,
					    cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZherk(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda,
			   __beta, __c, (int)__ldc);
}
#define cublasZherk_v2_64 cublasZherk_64

static inline cublasStatus_t
cublasZherkx_64(cublasHandle_t __h, cublasFillMode_t __uplo, cublasOperation_t __trans, int64_t __n,
		int64_t __k, const cuDoubleComplex *__alpha, const cuDoubleComplex *__a,
		int64_t __lda, const cuDoubleComplex *__b, int64_t __ldb, const double *__beta,
		cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZherkx(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}

static inline cublasStatus_t cublasZhpmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuDoubleComplex *__alpha,
					    const cuDoubleComplex *__ap, const cuDoubleComplex *__x,
					    int64_t __incx, const cuDoubleComplex *__beta,
					    cuDoubleComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZhpmv(__h, __uplo, (int)__n, __alpha, __ap, __x, (int)__incx, __beta, __y,
			   (int)__incy);
}
#define cublasZhpmv_v2_64 cublasZhpmv_64

static inline cublasStatus_t cublasZhpr_64(cublasHandle_t __h, cublasFillMode_t __uplo, int64_t __n,
					   const double *__alpha, const cuDoubleComplex *__x,
					   int64_t __incx, cuDoubleComplex *__ap)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZhpr(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __ap);
}
#define cublasZhpr_v2_64 cublasZhpr_64

static inline cublasStatus_t cublasZhpr2_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuDoubleComplex *__alpha,
					    const cuDoubleComplex *__x, int64_t __incx,
					    const cuDoubleComplex *__y, int64_t __incy,
					    cuDoubleComplex *__ap)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZhpr2(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy,
			   __ap);
}
#define cublasZhpr2_v2_64 cublasZhpr2_64

static inline cublasStatus_t cublasZrot_64(cublasHandle_t __h, int64_t __n, cuDoubleComplex *__x,
					   int64_t __incx, cuDoubleComplex *__y, int64_t __incy,
					   const double *__c, const cuDoubleComplex *__s)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZrot(__h, (int)__n, __x, (int)__incx, __y, (int)__incy, __c, __s);
}
#define cublasZrot_v2_64 cublasZrot_64

static inline cublasStatus_t cublasZscal_64(cublasHandle_t __h, int64_t __n,
					    const cuDoubleComplex *__alpha, cuDoubleComplex *__x,
					    int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZscal(__h, (int)__n, __alpha, __x, (int)__incx);
}
#define cublasZscal_v2_64 cublasZscal_64

static inline cublasStatus_t cublasZswap_64(cublasHandle_t __h, int64_t __n, cuDoubleComplex *__x,
					    int64_t __incx, cuDoubleComplex *__y, int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZswap(__h, (int)__n, __x, (int)__incx, __y, (int)__incy);
}
#define cublasZswap_v2_64 cublasZswap_64

static inline cublasStatus_t
cublasZsymm_64(cublasHandle_t __h, cublasSideMode_t __side, cublasFillMode_t __uplo, int64_t __m,
	       int64_t __n, const cuDoubleComplex *__alpha, const cuDoubleComplex *__a,
	       int64_t __lda, const cuDoubleComplex *__b, int64_t __ldb,
	       const cuDoubleComplex *__beta, cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZsymm(__h, __side, __uplo, (int)__m, (int)__n, __alpha, __a, (int)__lda, __b,
			   (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasZsymm_v2_64 cublasZsymm_64

static inline cublasStatus_t cublasZsymv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuDoubleComplex *__alpha,
					    const cuDoubleComplex *__a, int64_t __lda,
					    const cuDoubleComplex *__x, int64_t __incx,
					    const cuDoubleComplex *__beta, cuDoubleComplex *__y,
					    int64_t __incy)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx) || !__idxgen_cublas_fits_int(__incy))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZsymv(__h, __uplo, (int)__n, __alpha, __a, (int)__lda, __x, (int)__incx,
			   __beta, __y, (int)__incy);
}
#define cublasZsymv_v2_64 cublasZsymv_64

static inline cublasStatus_t cublasZsyr_64(cublasHandle_t __h, cublasFillMode_t __uplo, int64_t __n,
					   const cuDoubleComplex *__alpha,
					   const cuDoubleComplex *__x, int64_t __incx,
					   cuDoubleComplex *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZsyr(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __a, (int)__lda);
}
#define cublasZsyr_v2_64 cublasZsyr_64

static inline cublasStatus_t cublasZsyr2_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    int64_t __n, const cuDoubleComplex *__alpha,
					    const cuDoubleComplex *__x, int64_t __incx,
					    const cuDoubleComplex *__y, int64_t __incy,
					    cuDoubleComplex *__a, int64_t __lda)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx) ||
	    !__idxgen_cublas_fits_int(__incy) || !__idxgen_cublas_fits_int(__lda))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZsyr2(__h, __uplo, (int)__n, __alpha, __x, (int)__incx, __y, (int)__incy, __a,
			   (int)__lda);
}
#define cublasZsyr2_v2_64 cublasZsyr2_64

static inline cublasStatus_t
cublasZsyr2k_64(cublasHandle_t __h, cublasFillMode_t __uplo, cublasOperation_t __trans, int64_t __n,
		int64_t __k, const cuDoubleComplex *__alpha, const cuDoubleComplex *__a,
		int64_t __lda, const cuDoubleComplex *__b, int64_t __ldb,
		const cuDoubleComplex *__beta, cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZsyr2k(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}
#define cublasZsyr2k_v2_64 cublasZsyr2k_64

static inline cublasStatus_t
cublasZsyrk_64(cublasHandle_t __h, cublasFillMode_t __uplo, cublasOperation_t __trans, int64_t __n,
	       int64_t __k, const cuDoubleComplex *__alpha, const cuDoubleComplex *__a,
	       int64_t __lda, const cuDoubleComplex *__beta, cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZsyrk(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda,
			   __beta, __c, (int)__ldc);
}
#define cublasZsyrk_v2_64 cublasZsyrk_64

static inline cublasStatus_t
cublasZsyrkx_64(cublasHandle_t __h, cublasFillMode_t __uplo, cublasOperation_t __trans, int64_t __n,
		int64_t __k, const cuDoubleComplex *__alpha, const cuDoubleComplex *__a,
		int64_t __lda, const cuDoubleComplex *__b, int64_t __ldb,
		const cuDoubleComplex *__beta, cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZsyrkx(__h, __uplo, __trans, (int)__n, (int)__k, __alpha, __a, (int)__lda, __b,
			    (int)__ldb, __beta, __c, (int)__ldc);
}

static inline cublasStatus_t cublasZtbmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, int64_t __k, const cuDoubleComplex *__a,
					    int64_t __lda, cuDoubleComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZtbmv(__h, __uplo, __trans, __diag, (int)__n, (int)__k, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasZtbmv_v2_64 cublasZtbmv_64

static inline cublasStatus_t cublasZtbsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, int64_t __k, const cuDoubleComplex *__a,
					    int64_t __lda, cuDoubleComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__k) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZtbsv(__h, __uplo, __trans, __diag, (int)__n, (int)__k, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasZtbsv_v2_64 cublasZtbsv_64

static inline cublasStatus_t cublasZtpmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const cuDoubleComplex *__ap,
					    cuDoubleComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZtpmv(__h, __uplo, __trans, __diag, (int)__n, __ap, __x, (int)__incx);
}
#define cublasZtpmv_v2_64 cublasZtpmv_64

static inline cublasStatus_t cublasZtpsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const cuDoubleComplex *__ap,
					    cuDoubleComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZtpsv(__h, __uplo, __trans, __diag, (int)__n, __ap, __x, (int)__incx);
}
#define cublasZtpsv_v2_64 cublasZtpsv_64

static inline cublasStatus_t
cublasZtrmm_64(cublasHandle_t __h, cublasSideMode_t __side, cublasFillMode_t __uplo,
	       cublasOperation_t __trans, cublasDiagType_t __diag, int64_t __m, int64_t __n,
	       const cuDoubleComplex *__alpha, const cuDoubleComplex *__a, int64_t __lda,
	       const cuDoubleComplex *__b, int64_t __ldb, cuDoubleComplex *__c, int64_t __ldc)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__ldc))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZtrmm(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha, __a,
			   (int)__lda, __b, (int)__ldb, __c, (int)__ldc);
}
#define cublasZtrmm_v2_64 cublasZtrmm_64

static inline cublasStatus_t cublasZtrmv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const cuDoubleComplex *__a, int64_t __lda,
					    cuDoubleComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZtrmv(__h, __uplo, __trans, __diag, (int)__n, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasZtrmv_v2_64 cublasZtrmv_64

static inline cublasStatus_t cublasZtrsm_64(cublasHandle_t __h, cublasSideMode_t __side,
					    cublasFillMode_t __uplo, cublasOperation_t __trans,
					    cublasDiagType_t __diag, int64_t __m, int64_t __n,
					    const cuDoubleComplex *__alpha,
					    const cuDoubleComplex *__a, int64_t __lda,
					    cuDoubleComplex *__b, int64_t __ldb)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZtrsm(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha, __a,
			   (int)__lda, __b, (int)__ldb);
}
#define cublasZtrsm_v2_64 cublasZtrsm_64

static inline cublasStatus_t
cublasZtrsmBatched_64(cublasHandle_t __h, cublasSideMode_t __side, cublasFillMode_t __uplo,
		      cublasOperation_t __trans, cublasDiagType_t __diag, int64_t __m, int64_t __n,
		      const cuDoubleComplex *__alpha, const cuDoubleComplex *const __a[],
		      int64_t __lda, cuDoubleComplex *const __b[], int64_t __ldb,
		      int64_t __batch_count)
{
	if (!__idxgen_cublas_fits_int(__m) || !__idxgen_cublas_fits_int(__n) ||
	    !__idxgen_cublas_fits_int(__lda) || !__idxgen_cublas_fits_int(__ldb) ||
	    !__idxgen_cublas_fits_int(__batch_count))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZtrsmBatched(__h, __side, __uplo, __trans, __diag, (int)__m, (int)__n, __alpha,
				  __a, (int)__lda, __b, (int)__ldb, (int)__batch_count);
}

static inline cublasStatus_t cublasZtrsv_64(cublasHandle_t __h, cublasFillMode_t __uplo,
					    cublasOperation_t __trans, cublasDiagType_t __diag,
					    int64_t __n, const cuDoubleComplex *__a, int64_t __lda,
					    cuDoubleComplex *__x, int64_t __incx)
{
	if (!__idxgen_cublas_fits_int(__n) || !__idxgen_cublas_fits_int(__lda) ||
	    !__idxgen_cublas_fits_int(__incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasZtrsv(__h, __uplo, __trans, __diag, (int)__n, __a, (int)__lda, __x,
			   (int)__incx);
}
#define cublasZtrsv_v2_64 cublasZtrsv_64

#endif
