// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: cusolverDnXsyevBatched, the eigenvalues (and vectors) of
 * batchSize symmetric or Hermitian n x n matrices stored back to back
 * (matrix i at A + i lda n, its eigenvalues at W + i n, its status in
 * info[i]).  A loop over the batch of Xsyevd (LAPACK's syevd/heevd), one
 * matrix after the other in the calling thread, in the same workspace;
 * the workspace query answers one matrix's.  The arguments are checked
 * once, on the first matrix, with Xsyevd's numbering (the same as this
 * call's up to info), so a refused call writes only info[0].
 */
#include "xapi_internal.h"

cusolverStatus_t cusolverDnXsyevBatched_bufferSize(
    cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
    cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA, const void *A, int64_t lda,
    cudaDataType dataTypeW, const void *W, cudaDataType computeType,
    size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost, int64_t batchSize)
{
	if (handle && batchSize < 0)
		return CUSOLVER_STATUS_INVALID_VALUE;
	return cusolverDnXsyevd_bufferSize(handle, params, jobz, uplo, n, dataTypeA, A, lda,
					   dataTypeW, W, computeType, workspaceInBytesOnDevice,
					   workspaceInBytesOnHost);
}

cusolverStatus_t cusolverDnXsyevBatched(cusolverDnHandle_t handle, cusolverDnParams_t params,
					cusolverEigMode_t jobz, cublasFillMode_t uplo, int64_t n,
					cudaDataType dataTypeA, void *A, int64_t lda,
					cudaDataType dataTypeW, void *W, cudaDataType computeType,
					void *bufferOnDevice, size_t workspaceInBytesOnDevice,
					void *bufferOnHost, size_t workspaceInBytesOnHost,
					int *info, int64_t batchSize)
{
	int k = x_same(dataTypeA, computeType);

	X_START(handle, k);
	if (!info || batchSize < 0)
		return CUSOLVER_STATUS_INVALID_VALUE;
	size_t a_bytes = (size_t)(lda > 0 ? lda : 0) * (size_t)(n > 0 ? n : 0) * x_size(k);
	size_t w_bytes = (size_t)(n > 0 ? n : 0) * x_size(k & 1);

	for (int64_t i = 0; i < batchSize; i++) {
		cusolverStatus_t st = cusolverDnXsyevd(
		    handle, params, jobz, uplo, n, dataTypeA,
		    A ? (char *)A + (size_t)i * a_bytes : NULL, lda, dataTypeW,
		    W ? (char *)W + (size_t)i * w_bytes : NULL, computeType, bufferOnDevice,
		    workspaceInBytesOnDevice, bufferOnHost, workspaceInBytesOnHost, info + i);

		if (st)
			return st;
	}
	return CUSOLVER_STATUS_SUCCESS;
}
