// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: cusolverDnXsyevdx, the 64-bit form of syevdx/heevdx
 * (syevdx.c: LAPACK's syevr/heevr): all eigenvalues of a symmetric or
 * Hermitian matrix, those in (vl, vu], or the il-th to iu-th (1-based,
 * ascending), with their vectors over A's first meig columns.  vl and vu
 * point to values of W's type (cuSOLVER reads them on the host), meig64 is
 * a host int64_t.  The element type comes from the type tags (A and the
 * computation of one type, W of its real type, else NOT_SUPPORTED); devInfo's
 * -i names the X call's argument (params is 1), as the other X calls do.
 */
#include "xapi_internal.h"

/* syevdx's jobz, range, uplo, n, A, lda, vl, vu, il, iu, meig, W, work, lwork as the X call's
 * arguments */
static const signed char evdx_map[] = {0, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 15, 17, 18};

/* the kind of A when W is its real type and the computation A's, else -1 */
static int evdx_kind(cudaDataType a, cudaDataType w, cudaDataType compute)
{
	int k = x_same(a, compute);

	return k >= 0 && w == x_real(k) ? k : -1;
}

/* *p as a double, p a value of the real type of kind k; 0 for NULL (a range that does not read it)
 */
static double evdx_bound(const void *p, int k)
{
	if (!p)
		return 0;
	return k & 1 ? *(const double *)p : *(const float *)p;
}

/* range V with a missing bound: its X argument number (9 vl, 10 vu), else 0 */
static int evdx_bound_missing(cusolverEigRange_t range, const void *vl, const void *vu)
{
	if (range != CUSOLVER_EIG_RANGE_V)
		return 0;
	return !vl ? 9 : !vu ? 10 : 0;
}

/* il or iu as syevdx's int: beyond int's range they are out of [1, n] anyway, so clamp them */
static int evdx_index(int64_t i)
{
	return i > INT_MAX ? INT_MAX : i < INT_MIN ? INT_MIN : (int)i;
}

cusolverStatus_t cusolverDnXsyevdx_bufferSize(
    cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
    cusolverEigRange_t range, cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA,
    const void *A, int64_t lda, void *vl, void *vu, int64_t il, int64_t iu, int64_t *h_meig,
    cudaDataType dataTypeW, const void *W, cudaDataType computeType,
    size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost)
{
	int k = evdx_kind(dataTypeA, dataTypeW, computeType), big = 0, lw = 0, meig = 0;

	(void)params, (void)h_meig;
	X_QUERY_START(handle, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	int in = x_int(n, &big), ilda = x_int(lda, &big), iil = evdx_index(il),
	    iiu = evdx_index(iu);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	if (evdx_bound_missing(range, vl, vu))
		return CUSOLVER_STATUS_INVALID_VALUE;
	double l = evdx_bound(vl, k), u = evdx_bound(vu, k);
	cusolverStatus_t st;
	switch (k) {
	case 0:
		st = cusolverDnSsyevdx_bufferSize(handle, jobz, range, uplo, in, A, ilda, (float)l,
						  (float)u, iil, iiu, &meig, W, &lw);
		break;
	case 1:
		st = cusolverDnDsyevdx_bufferSize(handle, jobz, range, uplo, in, A, ilda, l, u, iil,
						  iiu, &meig, W, &lw);
		break;
	case 2:
		st = cusolverDnCheevdx_bufferSize(handle, jobz, range, uplo, in, A, ilda, (float)l,
						  (float)u, iil, iiu, &meig, W, &lw);
		break;
	default:
		st = cusolverDnZheevdx_bufferSize(handle, jobz, range, uplo, in, A, ilda, l, u, iil,
						  iiu, &meig, W, &lw);
		break;
	}
	return x_query_answer(st, lw, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
}

cusolverStatus_t cusolverDnXsyevdx(cusolverDnHandle_t handle, cusolverDnParams_t params,
				   cusolverEigMode_t jobz, cusolverEigRange_t range,
				   cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA,
				   void *A, int64_t lda, void *vl, void *vu, int64_t il, int64_t iu,
				   int64_t *meig64, cudaDataType dataTypeW, void *W,
				   cudaDataType computeType, void *bufferOnDevice,
				   size_t workspaceInBytesOnDevice, void *bufferOnHost,
				   size_t workspaceInBytesOnHost, int *info)
{
	int k = evdx_kind(dataTypeA, dataTypeW, computeType), big = 0, meig = 0;

	(void)params, (void)bufferOnHost, (void)workspaceInBytesOnHost;
	X_START(handle, k);
	int in = x_int(n, &big), ilda = x_int(lda, &big), iil = evdx_index(il),
	    iiu = evdx_index(iu);
	int lw = x_lwork(workspaceInBytesOnDevice, k), missing = evdx_bound_missing(range, vl, vu);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	/* the bound pointers and meig64 are this call's own arguments: checked here, after the
	 * stream */
	CUSOLVER_START(handle, info, missing ? missing : !meig64 ? 13 : 0);
	double l = evdx_bound(vl, k), u = evdx_bound(vu, k);
	void *w = bufferOnDevice;
	cusolverStatus_t st;
	switch (k) {
	case 0:
		st = cusolverDnSsyevdx(handle, jobz, range, uplo, in, A, ilda, (float)l, (float)u,
				       iil, iiu, &meig, W, w, lw, info);
		break;
	case 1:
		st = cusolverDnDsyevdx(handle, jobz, range, uplo, in, A, ilda, l, u, iil, iiu,
				       &meig, W, w, lw, info);
		break;
	case 2:
		st = cusolverDnCheevdx(handle, jobz, range, uplo, in, A, ilda, (float)l, (float)u,
				       iil, iiu, &meig, W, w, lw, info);
		break;
	default:
		st = cusolverDnZheevdx(handle, jobz, range, uplo, in, A, ilda, l, u, iil, iiu,
				       &meig, W, w, lw, info);
		break;
	}
	if (!st)
		*meig64 = meig;
	return x_info(st, info, evdx_map, (int)sizeof(evdx_map));
}
