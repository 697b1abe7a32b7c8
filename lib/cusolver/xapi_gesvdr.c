// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: cusolverDnXgesvdr, the rank-k SVD A ~ U_k diag(S_k) V_k^H
 * of an m x n matrix: the k largest singular values, descending, and their
 * left (U, m x k) and right (V, n x k, not transposed) singular vectors.
 * cuSOLVER computes it by a randomized method (oversampling p, niters power
 * iterations) that approximates the truncated SVD with high probability;
 * here it is the truncated SVD itself: the full economy SVD of Xgesvdp
 * (LAPACK's gesvd) and its first k triples, so the answer is what the
 * randomized one approximates, for any p and niters.  The checks are
 * cuSOLVER's: jobu/jobv 'S' or 'N', 1 <= k, k + p <= min(m, n), niters >= 0.
 * A is overwritten, as cuSOLVER's.
 */
#include <stdlib.h>
#include <string.h>
#include "xapi_internal.h"

struct svdr_args {
	int m, n, k, p, niters, lda, ldu, ldv;
	signed char jobu, jobv;
};

/* the first bad argument in the X call's numbering (params is 1, the type tags 9, 12, 14, 17, 20),
 * 0 when none */
static int svdr_bad(const struct svdr_args *a, const void *A, const void *S, const void *U,
		    const void *V)
{
	int mn = cusolver_min(a->m, a->n), wu = a->jobu == 'S', wv = a->jobv == 'S';

	if (!wu && a->jobu != 'N')
		return 2;
	if (!wv && a->jobv != 'N')
		return 3;
	if (a->m < 0)
		return 4;
	if (a->n < 0)
		return 5;
	if (a->k < 1 || a->k > mn)
		return 6;
	if (a->p < 0 || a->k + a->p > mn)
		return 7;
	if (a->niters < 0)
		return 8;
	if (!A)
		return 10;
	if (a->lda < cusolver_max1(a->m))
		return 11;
	if (!S)
		return 13;
	if (wu && !U)
		return 15;
	if (a->ldu < 1 || (wu && a->ldu < a->m))
		return 16;
	if (wv && !V)
		return 18;
	return a->ldv < 1 || (wv && a->ldv < a->n) ? 19 : 0;
}

static struct svdr_args svdr_args(signed char jobu, signed char jobv, int64_t m, int64_t n,
				  int64_t k, int64_t p, int64_t niters, int64_t lda, int64_t ldu,
				  int64_t ldv, int *big)
{
	struct svdr_args a = {
	    x_int(m, big),   x_int(n, big),   x_int(k, big),   x_int(p, big), x_int(niters, big),
	    x_int(lda, big), x_int(ldu, big), x_int(ldv, big), jobu,	      jobv};
	return a;
}

/* the kind of A when S is its real type and U, V and the computation are A's type, else -1 */
static int svdr_kind(cudaDataType a, cudaDataType s, cudaDataType u, cudaDataType v,
		     cudaDataType compute)
{
	int k = x_same(a, compute);

	return k >= 0 && s == x_real(k) && u == a && v == a ? k : -1;
}

/* the first cols columns (rows long) of src (ld_src) into dst (ld_dst), elements of e bytes */
static void copy_cols(const void *src, int ld_src, void *dst, int ld_dst, int rows, int cols,
		      size_t e)
{
	for (int j = 0; j < cols; j++)
		memcpy((char *)dst + (size_t)j * ld_dst * e,
		       (const char *)src + (size_t)j * ld_src * e, rows * e);
}

cusolverStatus_t cusolverDnXgesvdr_bufferSize(
    cusolverDnHandle_t handle, cusolverDnParams_t params, signed char jobu, signed char jobv,
    int64_t m, int64_t n, int64_t k, int64_t p, int64_t niters, cudaDataType dataTypeA,
    const void *A, int64_t lda, cudaDataType dataTypeSrand, const void *Srand,
    cudaDataType dataTypeUrand, const void *Urand, int64_t ldUrand, cudaDataType dataTypeVrand,
    const void *Vrand, int64_t ldVrand, cudaDataType computeType, size_t *workspaceInBytesOnDevice,
    size_t *workspaceInBytesOnHost)
{
	int kind = svdr_kind(dataTypeA, dataTypeSrand, dataTypeUrand, dataTypeVrand, computeType),
	    big = 0;

	(void)A, (void)Srand, (void)Urand, (void)Vrand;
	X_QUERY_START(handle, kind, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	struct svdr_args a = svdr_args(jobu, jobv, m, n, k, p, niters, lda, ldUrand, ldVrand, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	if (svdr_bad(&a, (void *)1, (void *)1, (void *)1, (void *)1))
		return CUSOLVER_STATUS_INVALID_VALUE;
	/* Xgesvdp's workspace, for the economy SVD run below */
	return cusolverDnXgesvdp_bufferSize(handle, params, CUSOLVER_EIG_MODE_VECTOR, 1, a.m, a.n,
					    dataTypeA, A, lda, dataTypeSrand, Srand, dataTypeA,
					    NULL, a.m, dataTypeA, NULL, a.n, computeType,
					    workspaceInBytesOnDevice, workspaceInBytesOnHost);
}

cusolverStatus_t cusolverDnXgesvdr(cusolverDnHandle_t handle, cusolverDnParams_t params,
				   signed char jobu, signed char jobv, int64_t m, int64_t n,
				   int64_t k, int64_t p, int64_t niters, cudaDataType dataTypeA,
				   void *A, int64_t lda, cudaDataType dataTypeSrand, void *Srand,
				   cudaDataType dataTypeUrand, void *Urand, int64_t ldUrand,
				   cudaDataType dataTypeVrand, void *Vrand, int64_t ldVrand,
				   cudaDataType computeType, void *bufferOnDevice,
				   size_t workspaceInBytesOnDevice, void *bufferOnHost,
				   size_t workspaceInBytesOnHost, int *d_info)
{
	int kind = svdr_kind(dataTypeA, dataTypeSrand, dataTypeUrand, dataTypeVrand, computeType),
	    big = 0;

	X_START(handle, kind);
	struct svdr_args a = svdr_args(jobu, jobv, m, n, k, p, niters, lda, ldUrand, ldVrand, &big);
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	CUSOLVER_START(handle, d_info, svdr_bad(&a, A, Srand, Urand, Vrand));
	int mn = cusolver_min(a.m, a.n);
	size_t e = x_size(kind), re = x_size(kind & 1);
	void *S = malloc((size_t)mn * re), *U = malloc((size_t)a.m * mn * e),
	     *V = malloc((size_t)a.n * mn * e);
	cusolverStatus_t st = CUSOLVER_STATUS_ALLOC_FAILED;
	double err = 0;

	if (S && U && V)
		st = cusolverDnXgesvdp(handle, params, CUSOLVER_EIG_MODE_VECTOR, 1, a.m, a.n,
				       dataTypeA, A, lda, dataTypeSrand, S, dataTypeA, U, a.m,
				       dataTypeA, V, a.n, computeType, bufferOnDevice,
				       workspaceInBytesOnDevice, bufferOnHost,
				       workspaceInBytesOnHost, d_info, &err);
	if (!st) {
		memcpy(Srand, S, (size_t)a.k * re);
		if (a.jobu == 'S')
			copy_cols(U, a.m, Urand, a.ldu, a.m, a.k, e);
		if (a.jobv == 'S')
			copy_cols(V, a.n, Vrand, a.ldv, a.n, a.k, e);
	}
	free(S), free(U), free(V);
	return st;
}
