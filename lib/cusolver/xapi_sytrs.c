// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: cusolverDnXsytrs, A X = B with the factors of sytrf
 * (sytrf.c) and its pivots as int64_t (LAPACK's sytrs).  A pivot whose
 * magnitude is outside [1, n] would send LAPACK outside B: it is refused
 * as argument 7 (ipiv) before anything is written.  sytrs needs no
 * workspace: the query answers one element.
 */
#include <stdlib.h>
#include "xapi_internal.h"

/* the first bad argument in the X call's numbering (handle not counted; the types are 4 and 8), 0 when none */
static int sytrs_bad(cublasFillMode_t uplo, int n, int nrhs, const void *A, int lda, const int64_t *ipiv,
		     const void *B, int ldb)
{
	int bad = cusolver_solve_bad(cusolver_fill_ok(uplo), n, nrhs, A, 5, lda, B, 9, ldb);

	if (bad && bad < 7)
		return bad;
	if (!ipiv && n)
		return 7;
	for (int i = 0; i < n; i++)
		if (ipiv[i] == 0 || ipiv[i] > n || ipiv[i] < -(int64_t)n)
			return 7;
	return bad;
}

cusolverStatus_t cusolverDnXsytrs_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int64_t n,
					     int64_t nrhs, cudaDataType dataTypeA, const void *A, int64_t lda,
					     const int64_t *ipiv, cudaDataType dataTypeB, void *B, int64_t ldb,
					     size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost)
{
	int k = dataTypeA == dataTypeB ? x_kind(dataTypeA) : -1, big = 0;

	(void)A, (void)ipiv, (void)B;
	X_QUERY_START(handle, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	int in = x_int(n, &big), inrhs = x_int(nrhs, &big), ilda = x_int(lda, &big), ildb = x_int(ldb, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	if (!cusolver_fill_ok(uplo) || in < 0 || inrhs < 0 || ilda < cusolver_max1(in) || ildb < cusolver_max1(in))
		return CUSOLVER_STATUS_INVALID_VALUE;
	return x_query_answer(CUSOLVER_STATUS_SUCCESS, 1, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
}

cusolverStatus_t cusolverDnXsytrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int64_t n, int64_t nrhs,
				  cudaDataType dataTypeA, const void *A, int64_t lda, const int64_t *ipiv,
				  cudaDataType dataTypeB, void *B, int64_t ldb, void *bufferOnDevice,
				  size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
				  int *info)
{
	int k = dataTypeA == dataTypeB ? x_kind(dataTypeA) : -1, big = 0;

	(void)bufferOnDevice, (void)workspaceInBytesOnDevice, (void)bufferOnHost, (void)workspaceInBytesOnHost;
	X_START(handle, k);
	int in = x_int(n, &big), inrhs = x_int(nrhs, &big), ilda = x_int(lda, &big), ildb = x_int(ldb, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	CUSOLVER_START(handle, info, sytrs_bad(uplo, in, inrhs, A, ilda, ipiv, B, ildb));
	int *piv = malloc(sizeof(int) * (size_t)cusolver_max1(in));
	if (!piv)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	for (int i = 0; i < in; i++)
		piv[i] = (int)ipiv[i];
	char u = cusolver_uplo(uplo);
	lapack_int linfo = 0;
	switch (k) {
	case 0: LAPACK_ssytrs(&u, &in, &inrhs, A, &ilda, piv, B, &ildb, &linfo); break;
	case 1: LAPACK_dsytrs(&u, &in, &inrhs, A, &ilda, piv, B, &ildb, &linfo); break;
	case 2: LAPACK_csytrs(&u, &in, &inrhs, A, &ilda, piv, B, &ildb, &linfo); break;
	default: LAPACK_zsytrs(&u, &in, &inrhs, A, &ilda, piv, B, &ildb, &linfo); break;
	}
	free(piv);
	*info = linfo;
	return CUSOLVER_STATUS_SUCCESS;
}
