// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: cusolverDnXgeev, the eigenvalues and optionally the left
 * and right eigenvectors of a general matrix (LAPACK's geev, in real
 * arithmetic for a real matrix).  The types are cuSOLVER's:
 *
 * - A complex: W, VL, VR and the compute type all A's type;
 * - A real: VL, VR and the compute type A's; W either of A's type, then 2n
 *   entries, the real parts first and the imaginary parts after them
 *   (LAPACK's WR = W, WI = W + n), or the complex type of A's precision,
 *   then n complex eigenvalues, both of each conjugate pair.  The real
 *   eigenvectors keep LAPACK's layout: for a pair, columns j and j+1 hold
 *   the real and imaginary parts of the vector of W[j].
 *
 * The eigenvectors have Euclidean norm 1 and their largest component real.
 * devInfo > 0: the QR algorithm did not converge, W[devInfo..n-1] hold the
 * eigenvalues that did (LAPACK's info).  The workspace is LAPACK's lwork
 * query in bytes; the real parts, imaginary parts (complex W of a real A)
 * and the complex routine's real workspace are ours.
 */
#include <stdlib.h>
#include "xapi_internal.h"

/* A, VL, VR, compute of one kind; W that kind or, for real A, its complex one */
static int geev_kind(cudaDataType a, cudaDataType w, cudaDataType vl, cudaDataType vr, cudaDataType compute,
		     int *w_complex)
{
	int k = x_same(a, compute);

	if (k < 0 || vl != a || vr != a)
		return -1;
	*w_complex = x_is_complex(k) || w != a;
	if (w == a || (k == 0 && w == CUDA_C_32F) || (k == 1 && w == CUDA_C_64F))
		return k;
	return -1;
}

static int job_ok(cusolverEigMode_t j) { return j == CUSOLVER_EIG_MODE_NOVECTOR || j == CUSOLVER_EIG_MODE_VECTOR; }

struct geev_args {
	char jl, jr;
	int n, lda, ldvl, ldvr;
};

/* the first bad argument in the X call's numbering (params is 1), 0 when none */
static int geev_bad(cusolverEigMode_t jobvl, cusolverEigMode_t jobvr, const struct geev_args *g, const void *A,
		    const void *W, const void *VL, const void *VR)
{
	if (!job_ok(jobvl))
		return 2;
	if (!job_ok(jobvr))
		return 3;
	if (g->n < 0)
		return 4;
	if (!A && g->n)
		return 6;
	if (g->lda < cusolver_max1(g->n))
		return 7;
	if (!W && g->n)
		return 9;
	if (!VL && g->jl == 'V' && g->n)
		return 11;
	if (g->ldvl < 1 || (g->jl == 'V' && g->ldvl < g->n))
		return 12;
	if (!VR && g->jr == 'V' && g->n)
		return 14;
	return g->ldvr < 1 || (g->jr == 'V' && g->ldvr < g->n) ? 15 : 0;
}

/*
 * One LAPACK geev of kind k; lw = -1 asks for the workspace (its size in
 * work[0]).  wr, wi: the real routine's eigenvalues; w: the complex one's;
 * rw: the complex routine's 2n reals.
 */
static lapack_int geev_lapack(int k, const struct geev_args *g, void *A, void *wr, void *wi, void *w, void *VL,
			      void *VR, void *work, int lw, void *rw)
{
	lapack_int info = 0;

	switch (k) {
	case 0:
		LAPACK_sgeev(&g->jl, &g->jr, &g->n, A, &g->lda, wr, wi, VL, &g->ldvl, VR, &g->ldvr, work, &lw, &info);
		break;
	case 1:
		LAPACK_dgeev(&g->jl, &g->jr, &g->n, A, &g->lda, wr, wi, VL, &g->ldvl, VR, &g->ldvr, work, &lw, &info);
		break;
	case 2:
		LAPACK_cgeev(&g->jl, &g->jr, &g->n, A, &g->lda, w, VL, &g->ldvl, VR, &g->ldvr, work, &lw, rw, &info);
		break;
	default:
		LAPACK_zgeev(&g->jl, &g->jr, &g->n, A, &g->lda, w, VL, &g->ldvl, VR, &g->ldvr, work, &lw, rw, &info);
		break;
	}
	return info;
}

/* the workspace LAPACK asks for, in elements of kind k */
static int geev_need(int k, const struct geev_args *g)
{
	union x_scalar q = { 0 }, dummy[2] = { { 0 } };

	geev_lapack(k, g, dummy, dummy, dummy, dummy, dummy, dummy, &q, -1, dummy);
	return x_scalar_lwork(k, &q);
}

static struct geev_args geev_args(cusolverEigMode_t jobvl, cusolverEigMode_t jobvr, int n, int lda, int ldvl,
				  int ldvr)
{
	struct geev_args g = { jobvl == CUSOLVER_EIG_MODE_VECTOR ? 'V' : 'N',
			       jobvr == CUSOLVER_EIG_MODE_VECTOR ? 'V' : 'N', n, lda, ldvl, ldvr };
	return g;
}

cusolverStatus_t cusolverDnXgeev_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					    cusolverEigMode_t jobvl, cusolverEigMode_t jobvr, int64_t n,
					    cudaDataType dataTypeA, const void *A, int64_t lda, cudaDataType dataTypeW,
					    const void *W, cudaDataType dataTypeVL, const void *VL, int64_t ldvl,
					    cudaDataType dataTypeVR, const void *VR, int64_t ldvr,
					    cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					    size_t *workspaceInBytesOnHost)
{
	int wc = 0, big = 0, k = geev_kind(dataTypeA, dataTypeW, dataTypeVL, dataTypeVR, computeType, &wc);

	(void)params;
	X_QUERY_START(handle, k, workspaceInBytesOnDevice, workspaceInBytesOnHost);
	struct geev_args g = geev_args(jobvl, jobvr, x_int(n, &big), x_int(lda, &big), x_int(ldvl, &big),
				       x_int(ldvr, &big));
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	if (geev_bad(jobvl, jobvr, &g, (void *)1, (void *)1, (void *)1, (void *)1))
		return CUSOLVER_STATUS_INVALID_VALUE;
	(void)A, (void)W, (void)VL, (void)VR;
	return x_query_answer(CUSOLVER_STATUS_SUCCESS, geev_need(k, &g), k, workspaceInBytesOnDevice,
			      workspaceInBytesOnHost);
}

/* a real A's eigenvalues wr + i wi into the complex array W of its precision */
static void geev_pack(int k, int n, const void *wr, const void *wi, void *W)
{
	for (int i = 0; i < n; i++)
		if (k == 0)
			((float _Complex *)W)[i] = ((const float *)wr)[i] + I * ((const float *)wi)[i];
		else
			((double _Complex *)W)[i] = ((const double *)wr)[i] + I * ((const double *)wi)[i];
}

cusolverStatus_t cusolverDnXgeev(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobvl,
				 cusolverEigMode_t jobvr, int64_t n, cudaDataType dataTypeA, void *A, int64_t lda,
				 cudaDataType dataTypeW, void *W, cudaDataType dataTypeVL, void *VL, int64_t ldvl,
				 cudaDataType dataTypeVR, void *VR, int64_t ldvr, cudaDataType computeType,
				 void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
				 size_t workspaceInBytesOnHost, int *info)
{
	int wc = 0, big = 0, k = geev_kind(dataTypeA, dataTypeW, dataTypeVL, dataTypeVR, computeType, &wc);

	(void)params, (void)bufferOnHost, (void)workspaceInBytesOnHost;
	X_START(handle, k);
	struct geev_args g = geev_args(jobvl, jobvr, x_int(n, &big), x_int(lda, &big), x_int(ldvl, &big),
				       x_int(ldvr, &big));
	if (big)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	CUSOLVER_START(handle, info, geev_bad(jobvl, jobvr, &g, A, W, VL, VR));
	int need = geev_need(k, &g), nn = cusolver_max1(g.n);
	size_t re = x_size(k & 1 ? 1 : 0);
	void *own, *work = cusolver_workspace(bufferOnDevice, x_lwork(workspaceInBytesOnDevice, k), need,
					      x_size(k), &own);
	/* a real A: wr, wi in W itself (real W) or ours (complex W); a complex A: the 2n reals of rwork */
	void *mine = wc || x_is_complex(k) ? malloc(2 * (size_t)nn * re) : NULL;
	union x_scalar dummy[2] = { { 0 } };
	cusolverStatus_t st = CUSOLVER_STATUS_SUCCESS;
	if (!work || ((wc || x_is_complex(k)) && !mine)) {
		st = CUSOLVER_STATUS_ALLOC_FAILED;
	} else if (g.n == 0) {
		*info = 0;
	} else {
		void *wr = NULL, *wi = NULL;
		if (!x_is_complex(k)) {
			wr = wc ? mine : W;
			wi = (char *)wr + (size_t)g.n * re;
		}
		*info = geev_lapack(k, &g, A, wr, wi, W, VL ? VL : dummy, VR ? VR : dummy, work, need, mine);
		if (wc && !x_is_complex(k))
			geev_pack(k, g.n, wr, wi, W);
	}
	free(mine);
	free(own);
	return st;
}
