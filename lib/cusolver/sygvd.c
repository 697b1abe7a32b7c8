// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the generalized symmetric (Hermitian) eigen-solver,
 * A x = lambda B x (itype 1), A B x = lambda x (2), B A x = lambda x (3),
 * B positive definite: sygvd/hegvd on LAPACK's sygvd/hegvd (divide and
 * conquer), and the Jacobi forms sygvj/hegvj on the same (the
 * decomposition Jacobi converges to, to machine precision; syevjInfo's
 * residual is not measured here: 0, sweeps 0; README).  devInfo as
 * cuSOLVER's: -i for the i-th argument, n + i when B's leading minor i is
 * not positive definite, i when the solver did not converge.  LAPACK's
 * workspaces are ours (the _bufferSize calls answer LAPACK's lwork).
 */
#include <stdlib.h>
#include "cusolver_internal.h"

static int gvd_bad(cusolverEigType_t itype, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
		   const void *A, int lda, const void *B, int ldb, const void *W)
{
	if (itype < CUSOLVER_EIG_TYPE_1 || itype > CUSOLVER_EIG_TYPE_3)
		return 1;
	if (jobz != CUSOLVER_EIG_MODE_NOVECTOR && jobz != CUSOLVER_EIG_MODE_VECTOR)
		return 2;
	if (!cusolver_fill_ok(uplo))
		return 3;
	if (n < 0)
		return 4;
	if (!A && n)
		return 5;
	if (lda < cusolver_max1(n))
		return 6;
	if (!B && n)
		return 7;
	if (ldb < cusolver_max1(n))
		return 8;
	return !W && n ? 9 : 0;
}

/* LAPACK's call; lw < 0: *w gets the work size; -1000: out of memory */
#define GVD_REAL(p, L)                                                                             \
	static lapack_int p##gvd_lapack(int it, char jz, char u, int n, L *A, int lda, L *B,       \
					int ldb, L *W, L *w, int lw)                               \
	{                                                                                          \
		lapack_int info = 0, m1 = -1, iq = 0;                                              \
		L q = 0;                                                                           \
		LAPACK_##p##sygvd(&it, &jz, &u, &n, A, &lda, B, &ldb, W, &q, &m1, &iq, &m1,        \
				  &info);                                                          \
		if (lw < 0) {                                                                      \
			*w = q;                                                                    \
			return 0;                                                                  \
		}                                                                                  \
		lapack_int liw = iq > 1 ? iq : 1;                                                  \
		lapack_int *iw = malloc((size_t)liw * sizeof(*iw));                                \
		if (!iw)                                                                           \
			return -1000;                                                              \
		LAPACK_##p##sygvd(&it, &jz, &u, &n, A, &lda, B, &ldb, W, w, &lw, iw, &liw, &info); \
		free(iw);                                                                          \
		return info;                                                                       \
	}

#define GVD_CPLX(p, L, R)                                                                          \
	static lapack_int p##gvd_lapack(int it, char jz, char u, int n, L *A, int lda, L *B,       \
					int ldb, R *W, L *w, int lw)                               \
	{                                                                                          \
		lapack_int info = 0, m1 = -1, iq = 0;                                              \
		L q = 0;                                                                           \
		R rq = 0;                                                                          \
		LAPACK_##p##hegvd(&it, &jz, &u, &n, A, &lda, B, &ldb, W, &q, &m1, &rq, &m1, &iq,   \
				  &m1, &info);                                                     \
		if (lw < 0) {                                                                      \
			*w = q;                                                                    \
			return 0;                                                                  \
		}                                                                                  \
		lapack_int liw = iq > 1 ? iq : 1, lrw = cusolver_lwork(rq);                        \
		lapack_int *iw = malloc((size_t)liw * sizeof(*iw));                                \
		R *rw = malloc((size_t)lrw * sizeof(*rw));                                         \
		if (iw && rw)                                                                      \
			LAPACK_##p##hegvd(&it, &jz, &u, &n, A, &lda, B, &ldb, W, w, &lw, rw, &lrw, \
					  iw, &liw, &info);                                        \
		else                                                                               \
			info = -1000;                                                              \
		free(iw);                                                                          \
		free(rw);                                                                          \
		return info;                                                                       \
	}

#define GVD_DEFS(P, p, T, L, R, GVD, GVJ)                                                          \
	static int p##gvd_need(int it, char jz, char u, int n, L *A, int lda, L *B, int ldb)       \
	{                                                                                          \
		L q = 0;                                                                           \
		R w = 0;                                                                           \
		p##gvd_lapack(it, jz, u, n, A, lda, B, ldb, &w, &q, -1);                           \
		return cusolver_lwork(q);                                                          \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##GVD##_bufferSize(                                          \
	    cusolverDnHandle_t handle, cusolverEigType_t itype, cusolverEigMode_t jobz,            \
	    cublasFillMode_t uplo, int n, const T *A, int lda, const T *B, int ldb, const R *W,    \
	    int *lwork)                                                                            \
	{                                                                                          \
		(void)W;                                                                           \
		CUSOLVER_QUERY(                                                                    \
		    handle, lwork,                                                                 \
		    gvd_bad(itype, jobz, uplo, n, (void *)1, lda, (void *)1, ldb, (void *)1));     \
		*lwork = p##gvd_need(itype, jobz ? 'V' : 'N', cusolver_uplo(uplo), n, (L *)A, lda, \
				     (L *)B, ldb);                                                 \
		return CUSOLVER_STATUS_SUCCESS;                                                    \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##GVD(cusolverDnHandle_t handle, cusolverEigType_t itype,    \
					    cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,  \
					    T *A, int lda, T *B, int ldb, R *W, T *work,           \
					    int lwork, int *devInfo)                               \
	{                                                                                          \
		char jz = jobz ? 'V' : 'N', u = cusolver_uplo(uplo);                               \
		(void)work, (void)lwork;                                                           \
		CUSOLVER_START(handle, devInfo, gvd_bad(itype, jobz, uplo, n, A, lda, B, ldb, W)); \
		*devInfo = 0;                                                                      \
		if (!n)                                                                            \
			return CUSOLVER_STATUS_SUCCESS;                                            \
		int need = p##gvd_need(itype, jz, u, n, (L *)A, lda, (L *)B, ldb);                 \
		L *w = malloc((size_t)need * sizeof(L));                                           \
		if (!w)                                                                            \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                       \
		lapack_int info =                                                                  \
		    p##gvd_lapack(itype, jz, u, n, (L *)A, lda, (L *)B, ldb, W, w, need);          \
		free(w);                                                                           \
		if (info == -1000)                                                                 \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                       \
		*devInfo = info;                                                                   \
		return CUSOLVER_STATUS_SUCCESS;                                                    \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##GVJ##_bufferSize(                                          \
	    cusolverDnHandle_t handle, cusolverEigType_t itype, cusolverEigMode_t jobz,            \
	    cublasFillMode_t uplo, int n, const T *A, int lda, const T *B, int ldb, const R *W,    \
	    int *lwork, syevjInfo_t params)                                                        \
	{                                                                                          \
		(void)params;                                                                      \
		return cusolverDn##P##GVD##_bufferSize(handle, itype, jobz, uplo, n, A, lda, B,    \
						       ldb, W, lwork);                             \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##GVJ(cusolverDnHandle_t handle, cusolverEigType_t itype,    \
					    cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,  \
					    T *A, int lda, T *B, int ldb, R *W, T *work,           \
					    int lwork, int *info, syevjInfo_t params)              \
	{                                                                                          \
		cusolverStatus_t st = cusolverDn##P##GVD(handle, itype, jobz, uplo, n, A, lda, B,  \
							 ldb, W, work, lwork, info);               \
		if (st == CUSOLVER_STATUS_SUCCESS)                                                 \
			cusolver_syevj_done(params);                                               \
		return st;                                                                         \
	}

GVD_REAL(s, float)
GVD_REAL(d, double)
GVD_CPLX(c, cusolver_c, float)
GVD_CPLX(z, cusolver_z, double)
GVD_DEFS(S, s, float, float, float, sygvd, sygvj)
GVD_DEFS(D, d, double, double, double, sygvd, sygvj)
GVD_DEFS(C, c, cuComplex, cusolver_c, float, hegvd, hegvj)
GVD_DEFS(Z, z, cuDoubleComplex, cusolver_z, double, hegvd, hegvj)
