// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the 64-bit generic API (cusolverDnParams_t, cusolverDnX*),
 * which names the element type with a cudaDataType tag and takes 64-bit
 * sizes.  Each call checks what is its own (the handle, the type tags, the
 * sizes' range, the two workspace sizes of a query) and then runs the
 * 32-bit routine of that precision (lu.c, chol.c, qr.c, svd.c, eig.c) on
 * the same arrays, so the checks, the LAPACK calls and the devInfo rules
 * are those routines'.  What differs:
 *
 * - the types: A, B, U, VT, tau of one of S/D/C/Z, S and W its real type,
 *   the compute type A's; other combinations are NOT_SUPPORTED;
 * - sizes above INT_MAX are NOT_SUPPORTED: OpenBLAS's LAPACK takes 32-bit
 *   integers (Debian builds it so);
 * - the pivots are int64_t: copied through an int array;
 * - devInfo's -i names the argument in the X call's order (params is
 *   argument 1, the type tags count), mapped from the 32-bit routine's;
 * - the workspace: the query answers the 32-bit routine's size in bytes on
 *   the device and 0 on the host; a call runs in bufferOnDevice when it is
 *   that large, else in a workspace of its own (handle.c's rule).
 *
 * The params object holds the algorithm cusolverDnSetAdvOptions chose; LAPACK
 * has one algorithm per routine, so it changes nothing.  A NULL params is
 * accepted as the defaults.
 */
#include <stdlib.h>
#include "xapi_internal.h"

struct cusolverDnParams {
	cusolverAlgMode_t getrf_alg, potrf_alg, syev_batched_alg;
};

cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t *params)
{
	if (!params)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*params = calloc(1, sizeof(**params));
	return *params ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}

cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params)
{
	free(params);
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnSetAdvOptions(cusolverDnParams_t params, cusolverDnFunction_t function,
					 cusolverAlgMode_t algo)
{
	if (!params)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if ((algo != CUSOLVER_ALG_0 && algo != CUSOLVER_ALG_1) ||
	    (function != CUSOLVERDN_GETRF && function != CUSOLVERDN_POTRF && function != CUSOLVERDN_SYEVBATCHED))
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (function == CUSOLVERDN_GETRF)
		params->getrf_alg = algo;
	else if (function == CUSOLVERDN_POTRF)
		params->potrf_alg = algo;
	else
		params->syev_batched_alg = algo; /* XsyevBatched's choice (CUDA 12.6), as recorded as the others */
	return CUSOLVER_STATUS_SUCCESS;
}

/* ---- getrf, getrs ---- */

cusolverStatus_t cusolverDnXgetrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m,
					     int64_t n, cudaDataType dataTypeA, const void *A, int64_t lda,
					     cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost)
{
	int k = x_same(dataTypeA, computeType), big = 0, lw = 0;

	(void)params;
	X_QUERY_START(handle, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	int im = x_int(m, &big), in = x_int(n, &big), ilda = x_int(lda, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
#define R(P, T, RT) cusolverDn##P##getrf_bufferSize(handle, im, in, (T *)A, ilda, &lw)
	cusolverStatus_t st = X_BY_KIND(k, R);
#undef R
	return x_query_answer(st, lw, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
}

cusolverStatus_t cusolverDnXgetrf(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m, int64_t n,
				  cudaDataType dataTypeA, void *A, int64_t lda, int64_t *ipiv,
				  cudaDataType computeType, void *bufferOnDevice, size_t workspaceInBytesOnDevice,
				  void *bufferOnHost, size_t workspaceInBytesOnHost, int *info)
{
	/* getrf's m, n, A, lda are the X call's 2, 3, 5, 6 */
	static const signed char map[] = { 0, 2, 3, 5, 6 };
	int k = x_same(dataTypeA, computeType), big = 0;

	(void)params, (void)bufferOnDevice, (void)workspaceInBytesOnDevice, (void)bufferOnHost,
		(void)workspaceInBytesOnHost;
	X_START(handle, k);
	int im = x_int(m, &big), in = x_int(n, &big), ilda = x_int(lda, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	int np = cusolver_min(im, in) > 0 ? cusolver_min(im, in) : 0;
	int *piv = ipiv ? malloc(sizeof(int) * (size_t)cusolver_max1(np)) : NULL;
	if (ipiv && !piv)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	/* getrf needs no workspace (lu.c) */
#define R(P, T, RT) cusolverDn##P##getrf(handle, im, in, (T *)A, ilda, NULL, piv, info)
	cusolverStatus_t st = X_BY_KIND(k, R);
#undef R
	for (int i = 0; !st && piv && i < np; i++)
		ipiv[i] = piv[i];
	free(piv);
	return x_info(st, info, map, (int)sizeof(map));
}

cusolverStatus_t cusolverDnXgetrs(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasOperation_t trans,
				  int64_t n, int64_t nrhs, cudaDataType dataTypeA, const void *A, int64_t lda,
				  const int64_t *ipiv, cudaDataType dataTypeB, void *B, int64_t ldb, int *info)
{
	/* getrs's trans, n, nrhs, A, lda, ipiv, B, ldb are the X call's 2, 3, 4, 6, 7, 8, 10, 11 */
	static const signed char map[] = { 0, 2, 3, 4, 6, 7, 8, 10, 11 };
	int k = dataTypeA == dataTypeB ? x_kind(dataTypeA) : -1, big = 0;

	(void)params;
	X_START(handle, k);
	int in = x_int(n, &big), inrhs = x_int(nrhs, &big), ilda = x_int(lda, &big), ildb = x_int(ldb, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	int *piv = ipiv ? malloc(sizeof(int) * (size_t)cusolver_max1(in)) : NULL;
	if (ipiv && !piv)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	/* getrf's rows are 1-based within [1, n]; another would send LAPACK outside B: argument 8 */
	for (int i = 0; piv && i < in; i++) {
		if (ipiv[i] < 1 || ipiv[i] > in) {
			free(piv);
			if (!info)
				return CUSOLVER_STATUS_INVALID_VALUE;
			*info = -8;
			return CUSOLVER_STATUS_INVALID_VALUE;
		}
		piv[i] = (int)ipiv[i];
	}
#define R(P, T, RT) cusolverDn##P##getrs(handle, trans, in, inrhs, (const T *)A, ilda, piv, (T *)B, ildb, info)
	cusolverStatus_t st = X_BY_KIND(k, R);
#undef R
	free(piv);
	return x_info(st, info, map, (int)sizeof(map));
}

/* ---- potrf, potrs ---- */

cusolverStatus_t cusolverDnXpotrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					     cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA, const void *A,
					     int64_t lda, cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost)
{
	int k = x_same(dataTypeA, computeType), big = 0, lw = 0;

	(void)params;
	X_QUERY_START(handle, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	int in = x_int(n, &big), ilda = x_int(lda, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
#define R(P, T, RT) cusolverDn##P##potrf_bufferSize(handle, uplo, in, (T *)A, ilda, &lw)
	cusolverStatus_t st = X_BY_KIND(k, R);
#undef R
	return x_query_answer(st, lw, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
}

cusolverStatus_t cusolverDnXpotrf(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasFillMode_t uplo,
				  int64_t n, cudaDataType dataTypeA, void *A, int64_t lda, cudaDataType computeType,
				  void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
				  size_t workspaceInBytesOnHost, int *info)
{
	/* potrf's uplo, n, A, lda, work, lwork are the X call's 2, 3, 5, 6, 8, 9 */
	static const signed char map[] = { 0, 2, 3, 5, 6, 8, 9 };
	int k = x_same(dataTypeA, computeType), big = 0;

	(void)params, (void)bufferOnHost, (void)workspaceInBytesOnHost;
	X_START(handle, k);
	int in = x_int(n, &big), ilda = x_int(lda, &big), lw = x_lwork(workspaceInBytesOnDevice, k);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
#define R(P, T, RT) cusolverDn##P##potrf(handle, uplo, in, (T *)A, ilda, (T *)bufferOnDevice, lw, info)
	cusolverStatus_t st = X_BY_KIND(k, R);
#undef R
	return x_info(st, info, map, (int)sizeof(map));
}

cusolverStatus_t cusolverDnXpotrs(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasFillMode_t uplo,
				  int64_t n, int64_t nrhs, cudaDataType dataTypeA, const void *A, int64_t lda,
				  cudaDataType dataTypeB, void *B, int64_t ldb, int *info)
{
	/* potrs's uplo, n, nrhs, A, lda, B, ldb are the X call's 2, 3, 4, 6, 7, 9, 10 */
	static const signed char map[] = { 0, 2, 3, 4, 6, 7, 9, 10 };
	int k = dataTypeA == dataTypeB ? x_kind(dataTypeA) : -1, big = 0;

	(void)params;
	X_START(handle, k);
	int in = x_int(n, &big), inrhs = x_int(nrhs, &big), ilda = x_int(lda, &big), ildb = x_int(ldb, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
#define R(P, T, RT) cusolverDn##P##potrs(handle, uplo, in, inrhs, (const T *)A, ilda, (T *)B, ildb, info)
	cusolverStatus_t st = X_BY_KIND(k, R);
#undef R
	return x_info(st, info, map, (int)sizeof(map));
}

/* ---- geqrf ---- */

cusolverStatus_t cusolverDnXgeqrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m,
					     int64_t n, cudaDataType dataTypeA, const void *A, int64_t lda,
					     cudaDataType dataTypeTau, const void *tau, cudaDataType computeType,
					     size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost)
{
	int k = dataTypeTau == dataTypeA ? x_same(dataTypeA, computeType) : -1, big = 0, lw = 0;

	(void)params, (void)tau;
	X_QUERY_START(handle, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	int im = x_int(m, &big), in = x_int(n, &big), ilda = x_int(lda, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
#define R(P, T, RT) cusolverDn##P##geqrf_bufferSize(handle, im, in, (T *)A, ilda, &lw)
	cusolverStatus_t st = X_BY_KIND(k, R);
#undef R
	return x_query_answer(st, lw, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
}

cusolverStatus_t cusolverDnXgeqrf(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m, int64_t n,
				  cudaDataType dataTypeA, void *A, int64_t lda, cudaDataType dataTypeTau, void *tau,
				  cudaDataType computeType, void *bufferOnDevice, size_t workspaceInBytesOnDevice,
				  void *bufferOnHost, size_t workspaceInBytesOnHost, int *info)
{
	/* geqrf's m, n, A, lda, tau, work, lwork are the X call's 2, 3, 5, 6, 8, 10, 11 */
	static const signed char map[] = { 0, 2, 3, 5, 6, 8, 10, 11 };
	int k = dataTypeTau == dataTypeA ? x_same(dataTypeA, computeType) : -1, big = 0;

	(void)params, (void)bufferOnHost, (void)workspaceInBytesOnHost;
	X_START(handle, k);
	int im = x_int(m, &big), in = x_int(n, &big), ilda = x_int(lda, &big), lw = x_lwork(workspaceInBytesOnDevice, k);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
#define R(P, T, RT) cusolverDn##P##geqrf(handle, im, in, (T *)A, ilda, (T *)tau, (T *)bufferOnDevice, lw, info)
	cusolverStatus_t st = X_BY_KIND(k, R);
#undef R
	return x_info(st, info, map, (int)sizeof(map));
}

/* ---- gesvd ---- */

/* A, U, VT of one precision, S of its real type, computing in A's */
static int svd_kind(cudaDataType a, cudaDataType s, cudaDataType u, cudaDataType vt, cudaDataType compute)
{
	int k = x_same(a, compute);

	return k >= 0 && s == x_real(k) && u == a && vt == a ? k : -1;
}

cusolverStatus_t cusolverDnXgesvd_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					     signed char jobu, signed char jobvt, int64_t m, int64_t n,
					     cudaDataType dataTypeA, const void *A, int64_t lda,
					     cudaDataType dataTypeS, const void *S, cudaDataType dataTypeU,
					     const void *U, int64_t ldu, cudaDataType dataTypeVT, const void *VT,
					     int64_t ldvt, cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost)
{
	int k = svd_kind(dataTypeA, dataTypeS, dataTypeU, dataTypeVT, computeType), big = 0, lw = 0;

	(void)params, (void)jobu, (void)jobvt, (void)A, (void)S, (void)U, (void)VT;
	X_QUERY_START(handle, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	int im = x_int(m, &big), in = x_int(n, &big);
	(void)x_int(lda, &big), (void)x_int(ldu, &big), (void)x_int(ldvt, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
#define R(P, T, RT) cusolverDn##P##gesvd_bufferSize(handle, im, in, &lw)
	cusolverStatus_t st = X_BY_KIND(k, R);
#undef R
	return x_query_answer(st, lw, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
}

cusolverStatus_t cusolverDnXgesvd(cusolverDnHandle_t handle, cusolverDnParams_t params, signed char jobu,
				  signed char jobvt, int64_t m, int64_t n, cudaDataType dataTypeA, void *A,
				  int64_t lda, cudaDataType dataTypeS, void *S, cudaDataType dataTypeU, void *U,
				  int64_t ldu, cudaDataType dataTypeVT, void *VT, int64_t ldvt,
				  cudaDataType computeType, void *bufferOnDevice, size_t workspaceInBytesOnDevice,
				  void *bufferOnHost, size_t workspaceInBytesOnHost, int *info)
{
	/* gesvd's jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, work, lwork are the X call's
	   2, 3, 4, 5, 7, 8, 10, 12, 13, 15, 16, 18, 19 */
	static const signed char map[] = { 0, 2, 3, 4, 5, 7, 8, 10, 12, 13, 15, 16, 18, 19 };
	int k = svd_kind(dataTypeA, dataTypeS, dataTypeU, dataTypeVT, computeType), big = 0;

	(void)params, (void)bufferOnHost, (void)workspaceInBytesOnHost;
	X_START(handle, k);
	int im = x_int(m, &big), in = x_int(n, &big), ilda = x_int(lda, &big), ildu = x_int(ldu, &big);
	int ildvt = x_int(ldvt, &big), lw = x_lwork(workspaceInBytesOnDevice, k);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
#define R(P, T, RT)                                                                                      \
	cusolverDn##P##gesvd(handle, jobu, jobvt, im, in, (T *)A, ilda, (RT *)S, (T *)U, ildu, (T *)VT, ildvt, \
			     (T *)bufferOnDevice, lw, NULL, info)
	cusolverStatus_t st = X_BY_KIND(k, R);
#undef R
	return x_info(st, info, map, (int)sizeof(map));
}

/* ---- syevd (heevd for complex A) ---- */

static int evd_kind(cudaDataType a, cudaDataType w, cudaDataType compute)
{
	int k = x_same(a, compute);

	return k >= 0 && w == x_real(k) ? k : -1;
}

cusolverStatus_t cusolverDnXsyevd_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					     cusolverEigMode_t jobz, cublasFillMode_t uplo, int64_t n,
					     cudaDataType dataTypeA, const void *A, int64_t lda,
					     cudaDataType dataTypeW, const void *W, cudaDataType computeType,
					     size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost)
{
	int k = evd_kind(dataTypeA, dataTypeW, computeType), big = 0, lw = 0;

	(void)params;
	X_QUERY_START(handle, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	int in = x_int(n, &big), ilda = x_int(lda, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	cusolverStatus_t st;
	switch (k) {
	case 0: st = cusolverDnSsyevd_bufferSize(handle, jobz, uplo, in, A, ilda, W, &lw); break;
	case 1: st = cusolverDnDsyevd_bufferSize(handle, jobz, uplo, in, A, ilda, W, &lw); break;
	case 2: st = cusolverDnCheevd_bufferSize(handle, jobz, uplo, in, A, ilda, W, &lw); break;
	default: st = cusolverDnZheevd_bufferSize(handle, jobz, uplo, in, A, ilda, W, &lw); break;
	}
	return x_query_answer(st, lw, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
}

cusolverStatus_t cusolverDnXsyevd(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
				  cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA, void *A, int64_t lda,
				  cudaDataType dataTypeW, void *W, cudaDataType computeType, void *bufferOnDevice,
				  size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
				  int *info)
{
	/* syevd's jobz, uplo, n, A, lda, W, work, lwork are the X call's 2, 3, 4, 6, 7, 9, 11, 12 */
	static const signed char map[] = { 0, 2, 3, 4, 6, 7, 9, 11, 12 };
	int k = evd_kind(dataTypeA, dataTypeW, computeType), big = 0;

	(void)params, (void)bufferOnHost, (void)workspaceInBytesOnHost;
	X_START(handle, k);
	int in = x_int(n, &big), ilda = x_int(lda, &big), lw = x_lwork(workspaceInBytesOnDevice, k);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	void *w = bufferOnDevice;
	cusolverStatus_t st;
	switch (k) {
	case 0: st = cusolverDnSsyevd(handle, jobz, uplo, in, A, ilda, W, w, lw, info); break;
	case 1: st = cusolverDnDsyevd(handle, jobz, uplo, in, A, ilda, W, w, lw, info); break;
	case 2: st = cusolverDnCheevd(handle, jobz, uplo, in, A, ilda, W, w, lw, info); break;
	default: st = cusolverDnZheevd(handle, jobz, uplo, in, A, ilda, W, w, lw, info); break;
	}
	return x_info(st, info, map, (int)sizeof(map));
}
