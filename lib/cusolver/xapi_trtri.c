// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: cusolverDnXtrtri, the inverse of a triangular matrix in
 * place (LAPACK's trtri).  Only the triangle uplo names is read and
 * written; a unit diagonal (CUBLAS_DIAG_UNIT) is not read.  A zero on the
 * diagonal is SUCCESS with devInfo = its 1-based position and A left as
 * LAPACK leaves it, as cuSOLVER documents.  trtri needs no workspace: the
 * query answers one element, so that a program's cudaMalloc of it succeeds.
 */
#include "xapi_internal.h"

/* the first bad argument in the X call's numbering (handle not counted), 0 when none */
static int trtri_bad(cublasFillMode_t uplo, cublasDiagType_t diag, int n, const void *A, int lda)
{
	if (!cusolver_fill_ok(uplo))
		return 1;
	if (diag != CUBLAS_DIAG_NON_UNIT && diag != CUBLAS_DIAG_UNIT)
		return 2;
	if (n < 0)
		return 3;
	if (!A && n)
		return 5;
	return lda < cusolver_max1(n) ? 6 : 0;
}

cusolverStatus_t cusolverDnXtrtri_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo,
					     cublasDiagType_t diag, int64_t n, cudaDataType dataTypeA, void *A,
					     int64_t lda, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost)
{
	int k = x_kind(dataTypeA), big = 0;

	(void)A;
	X_QUERY_START(handle, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	int in = x_int(n, &big), ilda = x_int(lda, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	if (trtri_bad(uplo, diag, in, (void *)1, ilda))
		return CUSOLVER_STATUS_INVALID_VALUE;
	return x_query_answer(CUSOLVER_STATUS_SUCCESS, 1, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
}

cusolverStatus_t cusolverDnXtrtri(cusolverDnHandle_t handle, cublasFillMode_t uplo, cublasDiagType_t diag,
				  int64_t n, cudaDataType dataTypeA, void *A, int64_t lda, void *bufferOnDevice,
				  size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
				  int *devInfo)
{
	int k = x_kind(dataTypeA), big = 0;

	(void)bufferOnDevice, (void)workspaceInBytesOnDevice, (void)bufferOnHost, (void)workspaceInBytesOnHost;
	X_START(handle, k);
	int in = x_int(n, &big), ilda = x_int(lda, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	CUSOLVER_START(handle, devInfo, trtri_bad(uplo, diag, in, A, ilda));
	char u = cusolver_uplo(uplo), d = diag == CUBLAS_DIAG_UNIT ? 'U' : 'N';
	lapack_int info = 0;
	switch (k) {
	case 0: LAPACK_strtri(&u, &d, &in, A, &ilda, &info); break;
	case 1: LAPACK_dtrtri(&u, &d, &in, A, &ilda, &info); break;
	case 2: LAPACK_ctrtri(&u, &d, &in, A, &ilda, &info); break;
	default: LAPACK_ztrtri(&u, &d, &in, A, &ilda, &info); break;
	}
	*devInfo = info;
	return CUSOLVER_STATUS_SUCCESS;
}
