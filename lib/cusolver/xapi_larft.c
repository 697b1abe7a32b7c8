// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: cusolverDnXlarft, the k x k triangular factor T of a block
 * reflector H = I - V T V^H from k elementary reflectors (V's columns, or
 * rows with CUBLAS_STOREV_ROWWISE; tau their scalars), LAPACK's larft, in
 * either direction.  Like cuSOLVER's, the call has no devInfo: a bad
 * argument is its status alone.  V, tau, T and the compute type share one
 * type; larft needs no workspace (the query answers 0 and 0).  LAPACK's
 * larft checks nothing, so every argument is checked here first.
 */
#include "xapi_internal.h"

/* 0 when the arguments are ones larft takes: n >= 0, 1 <= k, V n x k (k x n by rows), T k x k */
static int larft_ok(cusolverDirectMode_t direct, cusolverStorevMode_t storev, int n, int k, const void *V,
		    int ldv, const void *tau, const void *T, int ldt)
{
	if (direct != CUBLAS_DIRECT_FORWARD && direct != CUBLAS_DIRECT_BACKWARD)
		return 0;
	if (storev != CUBLAS_STOREV_COLUMNWISE && storev != CUBLAS_STOREV_ROWWISE)
		return 0;
	if (n < 0 || k < 1 || ldt < k)
		return 0;
	if (ldv < (storev == CUBLAS_STOREV_COLUMNWISE ? cusolver_max1(n) : k))
		return 0;
	return !n || (V && tau && T);
}

/* the one type of V, tau, T and the computation, or -1 */
static int larft_kind(cudaDataType v, cudaDataType tau, cudaDataType t, cudaDataType compute)
{
	return v == tau && v == t ? x_same(v, compute) : -1;
}

cusolverStatus_t cusolverDnXlarft_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					     cusolverDirectMode_t direct, cusolverStorevMode_t storev, int64_t n,
					     int64_t k, cudaDataType dataTypeV, const void *V, int64_t ldv,
					     cudaDataType dataTypeTau, const void *tau, cudaDataType dataTypeT,
					     void *T, int64_t ldt, cudaDataType computeType,
					     size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost)
{
	int kd = larft_kind(dataTypeV, dataTypeTau, dataTypeT, computeType), big = 0;

	(void)params, (void)V, (void)tau, (void)T;
	X_QUERY_START(handle, kd, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	int in = x_int(n, &big), ik = x_int(k, &big), iv = x_int(ldv, &big), it = x_int(ldt, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	if (!larft_ok(direct, storev, in, ik, (void *)1, iv, (void *)1, (void *)1, it))
		return CUSOLVER_STATUS_INVALID_VALUE;
	*workspaceInBytesOnDevice = 0;
	*workspaceInBytesOnHost = 0;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnXlarft(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverDirectMode_t direct,
				  cusolverStorevMode_t storev, int64_t n, int64_t k, cudaDataType dataTypeV,
				  const void *V, int64_t ldv, cudaDataType dataTypeTau, const void *tau,
				  cudaDataType dataTypeT, void *T, int64_t ldt, cudaDataType computeType,
				  void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
				  size_t workspaceInBytesOnHost)
{
	int kd = larft_kind(dataTypeV, dataTypeTau, dataTypeT, computeType), big = 0;

	(void)params, (void)bufferOnDevice, (void)workspaceInBytesOnDevice, (void)bufferOnHost,
		(void)workspaceInBytesOnHost;
	X_START(handle, kd);
	int in = x_int(n, &big), ik = x_int(k, &big), iv = x_int(ldv, &big), it = x_int(ldt, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	cusolverStatus_t st = cusolver_begin(handle);
	if (st)
		return st;
	if (!larft_ok(direct, storev, in, ik, V, iv, tau, T, it))
		return CUSOLVER_STATUS_INVALID_VALUE;
	char d = direct == CUBLAS_DIRECT_FORWARD ? 'F' : 'B', s = storev == CUBLAS_STOREV_COLUMNWISE ? 'C' : 'R';
	switch (kd) {
	case 0: LAPACK_slarft(&d, &s, &in, &ik, V, &iv, tau, T, &it); break;
	case 1: LAPACK_dlarft(&d, &s, &in, &ik, V, &iv, tau, T, &it); break;
	case 2: LAPACK_clarft(&d, &s, &in, &ik, V, &iv, tau, T, &it); break;
	default: LAPACK_zlarft(&d, &s, &in, &ik, V, &iv, tau, T, &it); break;
	}
	return CUSOLVER_STATUS_SUCCESS;
}
