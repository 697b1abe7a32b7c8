// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: selected eigenvalues (and vectors) of the generalized
 * symmetric (Hermitian) problem, sygvdx/hegvdx: A x = lambda B x (itype 1),
 * A B x = lambda x (2), B A x = lambda x (3), B positive definite; all of
 * them, those in (vl, vu], or the il-th to iu-th (1-based, ascending), on
 * LAPACK's sygvx/hegvx (Cholesky of B, reduction to a standard problem,
 * bisection and inverse iteration for the subset).  meig gets the count;
 * with vectors, A's first meig columns get them (B-normalised as LAPACK's:
 * x^H B x = 1 for itypes 1 and 2); B is overwritten by its Cholesky factor,
 * as cuSOLVER's.  devInfo as cuSOLVER's: -i for the i-th argument (the
 * handle not counted), n + i when B's leading minor i is not positive
 * definite, i when i vectors did not converge.  LAPACK's workspaces are ours.
 */
#include <stdlib.h>
#include <string.h>
#include "cusolver_internal.h"

struct gvdx_args {
	cusolverEigType_t itype;
	cusolverEigMode_t jobz;
	cusolverEigRange_t range;
	cublasFillMode_t uplo;
	int n, lda, ldb, il, iu;
	double vl, vu;
};

static int gvdx_bad(const struct gvdx_args *a, const void *A, const void *B, const int *meig,
		    const void *W)
{
	if (a->itype < CUSOLVER_EIG_TYPE_1 || a->itype > CUSOLVER_EIG_TYPE_3)
		return 1;
	if (a->jobz != CUSOLVER_EIG_MODE_NOVECTOR && a->jobz != CUSOLVER_EIG_MODE_VECTOR)
		return 2;
	if (a->range != CUSOLVER_EIG_RANGE_ALL && a->range != CUSOLVER_EIG_RANGE_V &&
	    a->range != CUSOLVER_EIG_RANGE_I)
		return 3;
	if (!cusolver_fill_ok(a->uplo))
		return 4;
	if (a->n < 0)
		return 5;
	if (!A && a->n)
		return 6;
	if (a->lda < cusolver_max1(a->n))
		return 7;
	if (!B && a->n)
		return 8;
	if (a->ldb < cusolver_max1(a->n))
		return 9;
	if (a->range == CUSOLVER_EIG_RANGE_V && !(a->vl < a->vu))
		return 11;
	if (a->range == CUSOLVER_EIG_RANGE_I && (a->il < 1 || a->il > cusolver_max1(a->n)))
		return 12;
	if (a->range == CUSOLVER_EIG_RANGE_I && (a->iu < cusolver_min(a->n, a->il) || a->iu > a->n))
		return 13;
	if (!meig)
		return 14;
	return !W && a->n ? 15 : 0;
}

static char gvdx_range(cusolverEigRange_t r)
{
	return r == CUSOLVER_EIG_RANGE_V ? 'V' : r == CUSOLVER_EIG_RANGE_I ? 'I' : 'A';
}

/* one sygvx/hegvx with our workspaces, Z (n x n) ours too; -1000: out of memory */
#define GVX_REAL(p, L)                                                                             \
	static lapack_int p##gvx(const struct gvdx_args *a, L *A, L *B, int *m, L *W, L *Z)        \
	{                                                                                          \
		lapack_int info = 0, m1 = -1, it = a->itype, n = a->n, ldz = cusolver_max1(n), lw; \
		char jz = a->jobz == CUSOLVER_EIG_MODE_VECTOR ? 'V' : 'N',                         \
		     rg = gvdx_range(a->range);                                                    \
		char u = cusolver_uplo(a->uplo);                                                   \
		L q = 0, vl = (L)a->vl, vu = (L)a->vu, abstol = 0;                                 \
		lapack_int *iw = malloc(6 * (size_t)cusolver_max1(n) * sizeof(*iw)), *ifail;       \
		if (!iw)                                                                           \
			return -1000;                                                              \
		ifail = iw + 5 * (size_t)cusolver_max1(n);                                         \
		LAPACK_##p##sygvx(&it, &jz, &rg, &u, &n, A, &a->lda, B, &a->ldb, &vl, &vu, &a->il, \
				  &a->iu, &abstol, m, W, Z, &ldz, &q, &m1, iw, ifail, &info);      \
		lw = cusolver_lwork(q);                                                            \
		L *w = malloc((size_t)lw * sizeof(*w));                                            \
		if (w)                                                                             \
			LAPACK_##p##sygvx(&it, &jz, &rg, &u, &n, A, &a->lda, B, &a->ldb, &vl, &vu, \
					  &a->il, &a->iu, &abstol, m, W, Z, &ldz, w, &lw, iw,      \
					  ifail, &info);                                           \
		else                                                                               \
			info = -1000;                                                              \
		free(w), free(iw);                                                                 \
		return info;                                                                       \
	}
#define GVX_CPLX(p, L, R)                                                                          \
	static lapack_int p##gvx(const struct gvdx_args *a, L *A, L *B, int *m, R *W, L *Z)        \
	{                                                                                          \
		lapack_int info = 0, m1 = -1, it = a->itype, n = a->n, ldz = cusolver_max1(n), lw; \
		char jz = a->jobz == CUSOLVER_EIG_MODE_VECTOR ? 'V' : 'N',                         \
		     rg = gvdx_range(a->range);                                                    \
		char u = cusolver_uplo(a->uplo);                                                   \
		L q = 0;                                                                           \
		R vl = (R)a->vl, vu = (R)a->vu, abstol = 0;                                        \
		lapack_int *iw = malloc(6 * (size_t)cusolver_max1(n) * sizeof(*iw)), *ifail;       \
		R *rw = malloc(7 * (size_t)cusolver_max1(n) * sizeof(*rw));                        \
		L *w = NULL;                                                                       \
		if (iw && rw) {                                                                    \
			ifail = iw + 5 * (size_t)cusolver_max1(n);                                 \
			LAPACK_##p##hegvx(&it, &jz, &rg, &u, &n, A, &a->lda, B, &a->ldb, &vl, &vu, \
					  &a->il, &a->iu, &abstol, m, W, Z, &ldz, &q, &m1, rw, iw, \
					  ifail, &info);                                           \
			lw = cusolver_lwork(q);                                                    \
			w = malloc((size_t)lw * sizeof(*w));                                       \
		}                                                                                  \
		if (w)                                                                             \
			LAPACK_##p##hegvx(&it, &jz, &rg, &u, &n, A, &a->lda, B, &a->ldb, &vl, &vu, \
					  &a->il, &a->iu, &abstol, m, W, Z, &ldz, w, &lw, rw, iw,  \
					  ifail, &info);                                           \
		else                                                                               \
			info = -1000;                                                              \
		free(w), free(rw), free(iw);                                                       \
		return info;                                                                       \
	}

#define GVDX_DEFS(P, p, K, T, L, R, GVDX)                                                          \
	cusolverStatus_t cusolverDn##P##GVDX##_bufferSize(                                         \
	    cusolverDnHandle_t handle, cusolverEigType_t itype, cusolverEigMode_t jobz,            \
	    cusolverEigRange_t range, cublasFillMode_t uplo, int n, const T *A, int lda,           \
	    const T *B, int ldb, R vl, R vu, int il, int iu, int *meig, const R *W, int *lwork)    \
	{                                                                                          \
		struct gvdx_args a = {itype, jobz, range, uplo, n, lda, ldb, il, iu, vl, vu};      \
		(void)A, (void)B, (void)W, (void)meig;                                             \
		CUSOLVER_QUERY(handle, lwork,                                                      \
			       gvdx_bad(&a, (void *)1, (void *)1, (int *)1, (void *)1));           \
		*lwork = 1; /* LAPACK's workspaces are ours */                                     \
		return CUSOLVER_STATUS_SUCCESS;                                                    \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##GVDX(                                                      \
	    cusolverDnHandle_t handle, cusolverEigType_t itype, cusolverEigMode_t jobz,            \
	    cusolverEigRange_t range, cublasFillMode_t uplo, int n, T *A, int lda, T *B, int ldb,  \
	    R vl, R vu, int il, int iu, int *meig, R *W, T *work, int lwork, int *devInfo)         \
	{                                                                                          \
		struct gvdx_args a = {itype, jobz, range, uplo, n, lda, ldb, il, iu, vl, vu};      \
		(void)work, (void)lwork;                                                           \
		CUSOLVER_START(handle, devInfo, gvdx_bad(&a, A, B, meig, W));                      \
		*devInfo = 0, *meig = 0;                                                           \
		if (!n)                                                                            \
			return CUSOLVER_STATUS_SUCCESS;                                            \
		bool vec = jobz == CUSOLVER_EIG_MODE_VECTOR;                                       \
		L *Z = malloc((size_t)n * (size_t)(vec ? n : 1) * sizeof(L));                      \
		if (!Z)                                                                            \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                       \
		int m = 0;                                                                         \
		/* the inputs, for the eigenvalues not selected (eig_rest.c; no memory: not        \
		 * written) */                                                                     \
		double _Complex *A0 = NULL, *B0 = NULL;                                            \
		if (range != CUSOLVER_EIG_RANGE_ALL)                                               \
			A0 = cusolver_eig_copy(K, n, A, lda),                                      \
			B0 = A0 ? cusolver_eig_copy(K, n, B, ldb) : NULL;                          \
		if (!B0) /* both or neither */                                                     \
			free(A0), A0 = NULL;                                                       \
		lapack_int info = p##gvx(&a, (L *)A, (L *)B, &m, W, Z);                            \
		if (info == -1000) {                                                               \
			free(Z), free(A0), free(B0);                                               \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                       \
		}                                                                                  \
		if (info == 0 && A0 && m < n) {                                                    \
			struct cusolver_eig_sel s = {K,	    n, itype, il, m, cusolver_uplo(uplo),  \
						     range, vl};                                   \
			cusolver_eig_rest(&s, A0, B0, W);                                          \
		}                                                                                  \
		free(A0), free(B0);                                                                \
		if (vec && info <= n) /* the vectors over A's first m columns */                   \
			for (int j = 0; j < m; j++)                                                \
				memcpy((L *)A + (size_t)j * lda, Z + (size_t)j * n,                \
				       (size_t)n * sizeof(L));                                     \
		free(Z);                                                                           \
		*meig = m;                                                                         \
		*devInfo = info;                                                                   \
		return CUSOLVER_STATUS_SUCCESS;                                                    \
	}

GVX_REAL(s, float)
GVX_REAL(d, double)
GVX_CPLX(c, cusolver_c, float)
GVX_CPLX(z, cusolver_z, double)
GVDX_DEFS(S, s, 0, float, float, float, sygvdx)
GVDX_DEFS(D, d, 1, double, double, double, sygvdx)
GVDX_DEFS(C, c, 2, cuComplex, cusolver_c, float, hegvdx)
GVDX_DEFS(Z, z, 3, cuDoubleComplex, cusolver_z, double, hegvdx)
