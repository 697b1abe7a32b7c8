// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: eigenvalues (ascending) and optionally eigenvectors of a
 * symmetric (syevd) or Hermitian (heevd) matrix, LAPACK's divide and
 * conquer.  cuSOLVER's call has no integer (and, complex, no real)
 * workspace: those are ours, sized by LAPACK's answer to lwork = -1.
 */
#include <stdlib.h>
#include "cusolver_internal.h"

static int evd_bad(cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, const void *A, int lda,
		   const void *W)
{
	if (jobz != CUSOLVER_EIG_MODE_NOVECTOR && jobz != CUSOLVER_EIG_MODE_VECTOR)
		return 1;
	if (!cusolver_fill_ok(uplo))
		return 2;
	if (n < 0)
		return 3;
	if (!A && n)
		return 4;
	if (lda < cusolver_max1(n))
		return 5;
	return !W && n ? 6 : 0;
}

/*
 * One LAPACK call with our integer (and real) workspaces; lwork = -1 asks
 * for the sizes and returns work[0].  -1000: out of memory.
 */
#define EVD_REAL(p, L)                                                                          \
	static lapack_int p##evd_lapack(char jz, char u, int n, L *A, int lda, L *W, L *w, int lw) \
	{                                                                                       \
		lapack_int info = 0, liw = -1, iq = 0;                                          \
		L q = 0;                                                                        \
		LAPACK_##p##syevd(&jz, &u, &n, A, &lda, W, &q, &liw, &iq, &liw, &info);         \
		if (lw < 0) {                                                                   \
			*w = q;                                                                 \
			return 0;                                                               \
		}                                                                               \
		liw = iq > 1 ? iq : 1;                                                          \
		lapack_int *iw = malloc((size_t)liw * sizeof(*iw));                             \
		if (!iw)                                                                        \
			return -1000;                                                           \
		LAPACK_##p##syevd(&jz, &u, &n, A, &lda, W, w, &lw, iw, &liw, &info);            \
		free(iw);                                                                       \
		return info;                                                                    \
	}

#define EVD_CPLX(p, L, R)                                                                       \
	static lapack_int p##evd_lapack(char jz, char u, int n, L *A, int lda, R *W, L *w, int lw) \
	{                                                                                       \
		lapack_int info = 0, m1 = -1, iq = 0;                                           \
		L q = 0;                                                                        \
		R rq = 0;                                                                       \
		LAPACK_##p##heevd(&jz, &u, &n, A, &lda, W, &q, &m1, &rq, &m1, &iq, &m1, &info); \
		if (lw < 0) {                                                                   \
			*w = q;                                                                 \
			return 0;                                                               \
		}                                                                               \
		lapack_int liw = iq > 1 ? iq : 1, lrw = cusolver_lwork(rq);                     \
		lapack_int *iw = malloc((size_t)liw * sizeof(*iw));                             \
		R *rw = malloc((size_t)lrw * sizeof(*rw));                                      \
		if (iw && rw)                                                                   \
			LAPACK_##p##heevd(&jz, &u, &n, A, &lda, W, w, &lw, rw, &lrw, iw, &liw,  \
					  &info);                                               \
		else                                                                            \
			info = -1000;                                                           \
		free(iw);                                                                       \
		free(rw);                                                                       \
		return info;                                                                    \
	}

#define EVD_DEFS(P, p, T, L, R, EVD)                                                            \
	static int p##evd_need(char jz, char u, int n, L *A, int lda)                           \
	{                                                                                       \
		L q = 0;                                                                        \
		R w = 0;                                                                        \
		p##evd_lapack(jz, u, n, A, lda, &w, &q, -1);                                    \
		return cusolver_lwork(q);                                                       \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##EVD##_bufferSize(                                       \
		cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, \
		const T *A, int lda, const R *W, int *lwork)                                    \
	{                                                                                       \
		(void)W;                                                                        \
		CUSOLVER_QUERY(handle, lwork, evd_bad(jobz, uplo, n, (void *)1, lda, (void *)1)); \
		*lwork = p##evd_need(jobz ? 'V' : 'N', cusolver_uplo(uplo), n, (L *)A, lda);    \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##EVD(cusolverDnHandle_t handle, cusolverEigMode_t jobz,  \
					    cublasFillMode_t uplo, int n, T *A, int lda, R *W,  \
					    T *work, int lwork, int *devInfo)                   \
	{                                                                                       \
		char jz = jobz ? 'V' : 'N', u = cusolver_uplo(uplo);                            \
		void *own;                                                                      \
		CUSOLVER_START(handle, devInfo, evd_bad(jobz, uplo, n, A, lda, W));             \
		int need = p##evd_need(jz, u, n, (L *)A, lda);                                  \
		L *w = cusolver_workspace(work, lwork, need, sizeof(L), &own);                  \
		if (!w)                                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		lapack_int info = p##evd_lapack(jz, u, n, (L *)A, lda, W, w, need);             \
		free(own);                                                                      \
		if (info == -1000)                                                              \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		*devInfo = info;                                                                \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}

EVD_REAL(s, float)
EVD_REAL(d, double)
EVD_CPLX(c, cusolver_c, float)
EVD_CPLX(z, cusolver_z, double)
EVD_DEFS(S, s, float, float, float, syevd)
EVD_DEFS(D, d, double, double, double, syevd)
EVD_DEFS(C, c, cuComplex, cusolver_c, float, heevd)
EVD_DEFS(Z, z, cuDoubleComplex, cusolver_z, double, heevd)
