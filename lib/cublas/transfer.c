// SPDX-License-Identifier: MIT
/*
 * lib/cublas: cublasSet/GetVector/Matrix.  One address space: each is a
 * strided copy; the Async forms wait for their stream, then copy (stream
 * order, complete on return).
 */
#include <string.h>
#include "cublas_internal.h"

static cublasStatus_t copy_vector(int n, int elem, const void *x, int incx, void *y, int incy)
{
	const char *src = x;
	char *dst = y;

	if (n < 0 || elem <= 0 || incx <= 0 || incy <= 0)
		return CUBLAS_STATUS_INVALID_VALUE;
	if (n && (!x || !y))
		return CUBLAS_STATUS_INVALID_VALUE;
	for (int i = 0; i < n; i++)
		memmove(dst + (size_t)i * incy * elem, src + (size_t)i * incx * elem, (size_t)elem);
	return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t copy_matrix(int rows, int cols, int elem, const void *a, int lda, void *b, int ldb)
{
	const char *src = a;
	char *dst = b;

	if (rows < 0 || cols < 0 || elem <= 0 || lda < cublas_max1(rows) || ldb < cublas_max1(rows))
		return CUBLAS_STATUS_INVALID_VALUE;
	if (rows && cols && (!a || !b))
		return CUBLAS_STATUS_INVALID_VALUE;
	for (int j = 0; j < cols; j++)
		memmove(dst + (size_t)j * ldb * elem, src + (size_t)j * lda * elem, (size_t)rows * elem);
	return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t wait_stream(cudaStream_t stream)
{
	return cudaStreamSynchronize(stream) == cudaSuccess ? CUBLAS_STATUS_SUCCESS
							    : CUBLAS_STATUS_MAPPING_ERROR;
}

cublasStatus_t cublasSetVector(int n, int elem_size, const void *x, int incx, void *y, int incy)
{
	return copy_vector(n, elem_size, x, incx, y, incy);
}

cublasStatus_t cublasGetVector(int n, int elem_size, const void *x, int incx, void *y, int incy)
{
	return copy_vector(n, elem_size, x, incx, y, incy);
}

cublasStatus_t cublasSetMatrix(int rows, int cols, int elem_size, const void *a, int lda, void *b, int ldb)
{
	return copy_matrix(rows, cols, elem_size, a, lda, b, ldb);
}

cublasStatus_t cublasGetMatrix(int rows, int cols, int elem_size, const void *a, int lda, void *b, int ldb)
{
	return copy_matrix(rows, cols, elem_size, a, lda, b, ldb);
}

cublasStatus_t cublasSetVectorAsync(int n, int elem_size, const void *x, int incx, void *y, int incy,
				    cudaStream_t stream)
{
	cublasStatus_t st = wait_stream(stream);

	return st ? st : copy_vector(n, elem_size, x, incx, y, incy);
}

cublasStatus_t cublasGetVectorAsync(int n, int elem_size, const void *x, int incx, void *y, int incy,
				    cudaStream_t stream)
{
	cublasStatus_t st = wait_stream(stream);

	return st ? st : copy_vector(n, elem_size, x, incx, y, incy);
}

cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elem_size, const void *a, int lda, void *b,
				    int ldb, cudaStream_t stream)
{
	cublasStatus_t st = wait_stream(stream);

	return st ? st : copy_matrix(rows, cols, elem_size, a, lda, b, ldb);
}

cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elem_size, const void *a, int lda, void *b,
				    int ldb, cudaStream_t stream)
{
	cublasStatus_t st = wait_stream(stream);

	return st ? st : copy_matrix(rows, cols, elem_size, a, lda, b, ldb);
}
