// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: selected eigenvalues (and vectors) of a symmetric or
 * Hermitian matrix, syevdx/heevdx: all of them, those in (vl, vu], or the
 * il-th to iu-th (1-based, ascending), on LAPACK's syevr/heevr (relatively
 * robust representations, which computes a subset directly).  meig gets
 * the count; with vectors, A's first meig columns get them (cuSOLVER
 * overwrites A).  devInfo as cuSOLVER's: -i for the i-th argument (the
 * handle not counted), LAPACK's positive info when it did not converge.
 * LAPACK's workspaces are ours.
 */
#include <stdlib.h>
#include <string.h>
#include "cusolver_internal.h"

static int evdx_bad(cusolverEigMode_t jobz, cusolverEigRange_t range, cublasFillMode_t uplo, int n,
		    const void *A, int lda, double vl, double vu, int il, int iu, const int *meig,
		    const void *W)
{
	if (jobz != CUSOLVER_EIG_MODE_NOVECTOR && jobz != CUSOLVER_EIG_MODE_VECTOR)
		return 1;
	if (range != CUSOLVER_EIG_RANGE_ALL && range != CUSOLVER_EIG_RANGE_V &&
	    range != CUSOLVER_EIG_RANGE_I)
		return 2;
	if (!cusolver_fill_ok(uplo))
		return 3;
	if (n < 0)
		return 4;
	if (!A && n)
		return 5;
	if (lda < cusolver_max1(n))
		return 6;
	if (range == CUSOLVER_EIG_RANGE_V && !(vl < vu))
		return 8;
	if (range == CUSOLVER_EIG_RANGE_I && (il < 1 || il > cusolver_max1(n)))
		return 9;
	if (range == CUSOLVER_EIG_RANGE_I && (iu < cusolver_min(n, il) || iu > n))
		return 10;
	if (!meig)
		return 11;
	return !W && n ? 12 : 0;
}

static char range_letter(cusolverEigRange_t r)
{
	return r == CUSOLVER_EIG_RANGE_V ? 'V' : r == CUSOLVER_EIG_RANGE_I ? 'I' : 'A';
}

/* one syevr/heevr with our workspaces, Z (n x n) ours too; -1000: out of memory */
#define EVR_REAL(p, L)                                                                             \
	static lapack_int p##evr(char jz, char rg, char u, int n, L *A, int lda, L vl, L vu,       \
				 int il, int iu, int *m, L *W, L *Z)                               \
	{                                                                                          \
		lapack_int info = 0, m1 = -1, iq = 0, ldz = cusolver_max1(n), *isuppz, lw, liw,    \
			   *iw;                                                                    \
		L q = 0, abstol = 0, *w;                                                           \
		isuppz = malloc(2 * (size_t)cusolver_max1(n) * sizeof(*isuppz));                   \
		if (!isuppz)                                                                       \
			return -1000;                                                              \
		LAPACK_##p##syevr(&jz, &rg, &u, &n, A, &lda, &vl, &vu, &il, &iu, &abstol, m, W, Z, \
				  &ldz, isuppz, &q, &m1, &iq, &m1, &info);                         \
		lw = cusolver_lwork(q), liw = iq > 1 ? iq : 1;                                     \
		w = malloc((size_t)lw * sizeof(*w));                                               \
		iw = malloc((size_t)liw * sizeof(*iw));                                            \
		if (w && iw)                                                                       \
			LAPACK_##p##syevr(&jz, &rg, &u, &n, A, &lda, &vl, &vu, &il, &iu, &abstol,  \
					  m, W, Z, &ldz, isuppz, w, &lw, iw, &liw, &info);         \
		else                                                                               \
			info = -1000;                                                              \
		free(w), free(iw), free(isuppz);                                                   \
		return info;                                                                       \
	}
#define EVR_CPLX(p, L, R)                                                                          \
	static lapack_int p##evr(char jz, char rg, char u, int n, L *A, int lda, R vl, R vu,       \
				 int il, int iu, int *m, R *W, L *Z)                               \
	{                                                                                          \
		lapack_int info = 0, m1 = -1, iq = 0, ldz = cusolver_max1(n), *isuppz, lw, lrw,    \
			   liw, *iw;                                                               \
		L q = 0, *w;                                                                       \
		R rq = 0, abstol = 0, *rw;                                                         \
		isuppz = malloc(2 * (size_t)cusolver_max1(n) * sizeof(*isuppz));                   \
		if (!isuppz)                                                                       \
			return -1000;                                                              \
		LAPACK_##p##heevr(&jz, &rg, &u, &n, A, &lda, &vl, &vu, &il, &iu, &abstol, m, W, Z, \
				  &ldz, isuppz, &q, &m1, &rq, &m1, &iq, &m1, &info);               \
		lw = cusolver_lwork(q), lrw = cusolver_lwork(rq), liw = iq > 1 ? iq : 1;           \
		w = malloc((size_t)lw * sizeof(*w));                                               \
		rw = malloc((size_t)lrw * sizeof(*rw));                                            \
		iw = malloc((size_t)liw * sizeof(*iw));                                            \
		if (w && rw && iw)                                                                 \
			LAPACK_##p##heevr(&jz, &rg, &u, &n, A, &lda, &vl, &vu, &il, &iu, &abstol,  \
					  m, W, Z, &ldz, isuppz, w, &lw, rw, &lrw, iw, &liw,       \
					  &info);                                                  \
		else                                                                               \
			info = -1000;                                                              \
		free(w), free(rw), free(iw), free(isuppz);                                         \
		return info;                                                                       \
	}

#define EVDX_DEFS(P, p, K, T, L, R, EVDX)                                                          \
	cusolverStatus_t cusolverDn##P##EVDX##_bufferSize(                                         \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, cusolverEigRange_t range,           \
	    cublasFillMode_t uplo, int n, const T *A, int lda, R vl, R vu, int il, int iu,         \
	    int *meig, const R *W, int *lwork)                                                     \
	{                                                                                          \
		(void)A, (void)W, (void)meig;                                                      \
		CUSOLVER_QUERY(handle, lwork,                                                      \
			       evdx_bad(jobz, range, uplo, n, (void *)1, lda, vl, vu, il, iu,      \
					(int *)1, (void *)1));                                     \
		*lwork = 1; /* LAPACK's workspaces are ours */                                     \
		return CUSOLVER_STATUS_SUCCESS;                                                    \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##EVDX(cusolverDnHandle_t handle, cusolverEigMode_t jobz,    \
					     cusolverEigRange_t range, cublasFillMode_t uplo,      \
					     int n, T *A, int lda, R vl, R vu, int il, int iu,     \
					     int *meig, R *W, T *work, int lwork, int *devInfo)    \
	{                                                                                          \
		(void)work, (void)lwork;                                                           \
		CUSOLVER_START(handle, devInfo,                                                    \
			       evdx_bad(jobz, range, uplo, n, A, lda, vl, vu, il, iu, meig, W));   \
		*devInfo = 0, *meig = 0;                                                           \
		if (!n)                                                                            \
			return CUSOLVER_STATUS_SUCCESS;                                            \
		bool vec = jobz == CUSOLVER_EIG_MODE_VECTOR;                                       \
		L *Z = malloc((size_t)n * (size_t)(vec ? n : 1) * sizeof(L));                      \
		if (!Z)                                                                            \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                       \
		int m = 0;                                                                         \
		/* the input, for the eigenvalues not selected (eig_rest.c; no memory: not         \
		 * written) */                                                                     \
		double _Complex *A0 =                                                              \
		    range != CUSOLVER_EIG_RANGE_ALL ? cusolver_eig_copy(K, n, A, lda) : NULL;      \
		lapack_int info =                                                                  \
		    p##evr(vec ? 'V' : 'N', range_letter(range), cusolver_uplo(uplo), n, (L *)A,   \
			   lda, vl, vu, il, iu, &m, W, Z);                                         \
		if (info == -1000) {                                                               \
			free(Z), free(A0);                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                       \
		}                                                                                  \
		if (info == 0 && A0 && m < n) {                                                    \
			struct cusolver_eig_sel s = {K,	    n, 1, il, m, cusolver_uplo(uplo),      \
						     range, vl};                                   \
			cusolver_eig_rest(&s, A0, NULL, W);                                        \
		}                                                                                  \
		free(A0);                                                                          \
		if (vec && info == 0) /* the vectors over A's first m columns */                   \
			for (int j = 0; j < m; j++)                                                \
				memcpy((L *)A + (size_t)j * lda, Z + (size_t)j * n,                \
				       (size_t)n * sizeof(L));                                     \
		free(Z);                                                                           \
		*meig = m;                                                                         \
		*devInfo = info;                                                                   \
		return CUSOLVER_STATUS_SUCCESS;                                                    \
	}

EVR_REAL(s, float)
EVR_REAL(d, double)
EVR_CPLX(c, cusolver_c, float)
EVR_CPLX(z, cusolver_z, double)
EVDX_DEFS(S, s, 0, float, float, float, syevdx)
EVDX_DEFS(D, d, 1, double, double, double, syevdx)
EVDX_DEFS(C, c, 2, cuComplex, cusolver_c, float, heevdx)
EVDX_DEFS(Z, z, 3, cuDoubleComplex, cusolver_z, double, heevdx)
