// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: cusolverDnXgesvdp, the singular value decomposition
 * A = U diag(S) V^H of any m x n matrix, returning V (not V^H) as
 * cuSOLVER's polar-decomposition SVD does.  It runs LAPACK's gesvd (any
 * shape), V^H in an array of ours and then V written conjugate-transposed.
 * jobz NOVECTOR: S only; VECTOR: U (m x m, or m x min(m,n) when econ) and
 * V (n x n, or n x min(m,n) when econ).  h_err_sigma is the perturbation
 * gesvdp's polar step adds to A to converge; LAPACK's gesvd adds none, so
 * it is 0.  devInfo > 0: gesvd did not converge (LAPACK's info).  A is
 * overwritten, as cuSOLVER's.
 */
#include <stdlib.h>
#include <string.h>
#include "xapi_internal.h"

struct svdp_args {
	char job; /* LAPACK's jobu = jobvt: 'N', 'S' (econ) or 'A' */
	int m, n, lda, ldu, ldv;
};

/* the first bad argument in the X call's numbering (params is 1), 0 when none */
static int svdp_bad(cusolverEigMode_t jobz, int econ, const struct svdp_args *a, const void *A, const void *S,
		    const void *U, const void *V)
{
	int vec = jobz == CUSOLVER_EIG_MODE_VECTOR;

	if (!vec && jobz != CUSOLVER_EIG_MODE_NOVECTOR)
		return 2;
	if (econ != 0 && econ != 1)
		return 3;
	if (a->m < 0)
		return 4;
	if (a->n < 0)
		return 5;
	if (!A && a->m && a->n)
		return 7;
	if (a->lda < cusolver_max1(a->m))
		return 8;
	if (!S && a->m && a->n)
		return 10;
	if (!U && vec && a->m)
		return 12;
	if (a->ldu < 1 || (vec && a->ldu < a->m))
		return 13;
	if (!V && vec && a->n)
		return 15;
	return a->ldv < 1 || (vec && a->ldv < a->n) ? 16 : 0;
}

/* One LAPACK gesvd of kind k, V^H into VT (ldvt); lw = -1 asks for the workspace. */
static lapack_int svdp_lapack(int k, const struct svdp_args *a, void *A, void *S, void *U, void *VT, int ldvt,
			      void *work, int lw, void *rw)
{
	lapack_int info = 0;
	const char *j = &a->job;

	switch (k) {
	case 0: LAPACK_sgesvd(j, j, &a->m, &a->n, A, &a->lda, S, U, &a->ldu, VT, &ldvt, work, &lw, &info); break;
	case 1: LAPACK_dgesvd(j, j, &a->m, &a->n, A, &a->lda, S, U, &a->ldu, VT, &ldvt, work, &lw, &info); break;
	case 2: LAPACK_cgesvd(j, j, &a->m, &a->n, A, &a->lda, S, U, &a->ldu, VT, &ldvt, work, &lw, rw, &info); break;
	default: LAPACK_zgesvd(j, j, &a->m, &a->n, A, &a->lda, S, U, &a->ldu, VT, &ldvt, work, &lw, rw, &info); break;
	}
	return info;
}

/* V^H's rows: min(m,n) when econ, else n */
static int svdp_vrows(const struct svdp_args *a)
{
	return a->job == 'S' ? cusolver_min(a->m, a->n) : a->n;
}

static int svdp_need(int k, const struct svdp_args *a)
{
	union x_scalar q = { 0 }, dummy[2] = { { 0 } };

	svdp_lapack(k, a, dummy, dummy, dummy, dummy, cusolver_max1(svdp_vrows(a)), &q, -1, dummy);
	return x_scalar_lwork(k, &q);
}

static struct svdp_args svdp_args(cusolverEigMode_t jobz, int econ, int64_t m, int64_t n, int64_t lda, int64_t ldu,
				  int64_t ldv, int *big)
{
	struct svdp_args a = { jobz != CUSOLVER_EIG_MODE_VECTOR ? 'N' : econ ? 'S' : 'A',
			       x_int(m, big), x_int(n, big), x_int(lda, big), x_int(ldu, big), x_int(ldv, big) };
	return a;
}

/* V (rows x cols, ldv) = VT^H, VT cols x rows (ldvt), elements of kind k */
static void svdp_store_v(int k, const void *VT, int ldvt, void *V, int ldv, int rows, int cols)
{
	size_t e = x_size(k);

	for (int j = 0; j < cols; j++)
		for (int i = 0; i < rows; i++) {
			char *d = (char *)V + ((size_t)i + (size_t)j * ldv) * e;
			memcpy(d, (const char *)VT + ((size_t)j + (size_t)i * ldvt) * e, e);
			if (k == 2)
				*(float _Complex *)d = conjf(*(float _Complex *)d);
			else if (k == 3)
				*(double _Complex *)d = conj(*(double _Complex *)d);
		}
}

cusolverStatus_t cusolverDnXgesvdp_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					      cusolverEigMode_t jobz, int econ, int64_t m, int64_t n,
					      cudaDataType dataTypeA, const void *A, int64_t lda, cudaDataType dataTypeS,
					      const void *S, cudaDataType dataTypeU, const void *U, int64_t ldu,
					      cudaDataType dataTypeV, const void *V, int64_t ldv,
					      cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					      size_t *workspaceInBytesOnHost)
{
	int k = x_same(dataTypeA, computeType), big = 0;

	(void)params, (void)A, (void)S, (void)U, (void)V;
	k = k >= 0 && dataTypeS == x_real(k) && dataTypeU == dataTypeA && dataTypeV == dataTypeA ? k : -1;
	X_QUERY_START(handle, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	struct svdp_args a = svdp_args(jobz, econ, m, n, lda, ldu, ldv, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	if (svdp_bad(jobz, econ, &a, (void *)1, (void *)1, (void *)1, (void *)1))
		return CUSOLVER_STATUS_INVALID_VALUE;
	return x_query_answer(CUSOLVER_STATUS_SUCCESS, svdp_need(k, &a), k, workspaceInBytesOnDevice,
			      workspaceInBytesOnHost);
}

cusolverStatus_t cusolverDnXgesvdp(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
				   int econ, int64_t m, int64_t n, cudaDataType dataTypeA, void *A, int64_t lda,
				   cudaDataType dataTypeS, void *S, cudaDataType dataTypeU, void *U, int64_t ldu,
				   cudaDataType dataTypeV, void *V, int64_t ldv, cudaDataType computeType,
				   void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
				   size_t workspaceInBytesOnHost, int *d_info, double *h_err_sigma)
{
	int k = x_same(dataTypeA, computeType), big = 0;

	(void)params, (void)bufferOnHost, (void)workspaceInBytesOnHost;
	k = k >= 0 && dataTypeS == x_real(k) && dataTypeU == dataTypeA && dataTypeV == dataTypeA ? k : -1;
	X_START(handle, k);
	struct svdp_args a = svdp_args(jobz, econ, m, n, lda, ldu, ldv, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	CUSOLVER_START(handle, d_info, svdp_bad(jobz, econ, &a, A, S, U, V));
	if (h_err_sigma)
		*h_err_sigma = 0;
	*d_info = 0;
	if (!a.m || !a.n)
		return CUSOLVER_STATUS_SUCCESS;
	int need = svdp_need(k, &a), vr = svdp_vrows(&a), mn = cusolver_min(a.m, a.n);
	void *own, *work = cusolver_workspace(bufferOnDevice, x_lwork(workspaceInBytesOnDevice, k), need,
					      x_size(k), &own);
	void *VT = a.job != 'N' ? malloc((size_t)vr * (size_t)a.n * x_size(k)) : NULL;
	void *rw = x_is_complex(k) ? malloc((size_t)5 * (size_t)mn * x_size(k & 1)) : NULL;
	union x_scalar dummy[2] = { { 0 } };
	cusolverStatus_t st = CUSOLVER_STATUS_SUCCESS;
	if (!work || (a.job != 'N' && !VT) || (x_is_complex(k) && !rw)) {
		st = CUSOLVER_STATUS_ALLOC_FAILED;
	} else {
		*d_info = svdp_lapack(k, &a, A, S, U ? U : dummy, VT ? VT : dummy, cusolver_max1(vr), work, need, rw);
		if (VT)
			svdp_store_v(k, VT, vr, V, a.ldv, a.n, vr);
	}
	free(rw);
	free(VT);
	free(own);
	return st;
}
