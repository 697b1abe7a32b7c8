// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the reduction of a symmetric (Hermitian) A to real
 * tridiagonal form, Q^H A Q = T (sytrd/hetrd), and its Q formed
 * (orgtr/ungtr) or applied to a C (ormtr/unmtr), on LAPACK.  The
 * workspace sizes are LAPACK's answers to lwork = -1.
 */
#include <stdlib.h>
#include "cusolver_internal.h"

/* sytrd: uplo 1, n 2, A 3, lda 4, d 5, e 6, tau 7; orgtr (d, e NULL, none): tau 5 */
static int trd_bad(cublasFillMode_t uplo, int n, const void *A, int lda)
{
	if (!cusolver_fill_ok(uplo))
		return 1;
	if (n < 0)
		return 2;
	if (!A && n)
		return 3;
	return lda < cusolver_max1(n) ? 4 : 0;
}

static int sytrd_bad(cublasFillMode_t uplo, int n, const void *A, int lda, const void *d, const void *e,
		     const void *tau)
{
	int bad = trd_bad(uplo, n, A, lda);

	if (bad || !n)
		return bad;
	return !d ? 5 : n > 1 && !e ? 6 : n > 1 && !tau ? 7 : 0; /* e and tau hold n - 1 */
}

/* ormtr: side 1, uplo 2, trans 3, m 4, n 5, A 6, lda 7, tau 8, C 9, ldc 10; Q is m x m on the left,
 * n x n on the right */
static int ormtr_bad(cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans, int cplx, int m,
		     int n, const void *A, int lda, const void *tau, const void *C, int ldc)
{
	int nq = side == CUBLAS_SIDE_LEFT ? m : n;

	if (!cusolver_side_ok(side))
		return 1;
	if (!cusolver_fill_ok(uplo))
		return 2;
	if (!cusolver_op_ok(trans) || (cplx && trans == CUBLAS_OP_T))
		return 3; /* LAPACK's unmtr takes N or C only */
	if (m < 0)
		return 4;
	if (n < 0)
		return 5;
	if (!A && nq > 1)
		return 6;
	if (lda < cusolver_max1(nq))
		return 7;
	if (!tau && nq > 1)
		return 8;
	if (!C && m && n)
		return 9;
	return ldc < cusolver_max1(m) ? 10 : 0;
}

static char side_letter(cublasSideMode_t s) { return s == CUBLAS_SIDE_LEFT ? 'L' : 'R'; }

#define TRD_DEFS(P, p, T, R, L, CPLX, TRD, OTR, MTR)                                             \
	static int p##TRD##_need(char u, int n, int lda)                                        \
	{                                                                                       \
		L q = 0, a = 0, t = 0;                                                          \
		R d = 0, e = 0;                                                                 \
		lapack_int lw = -1, info = 0;                                                   \
		LAPACK_##p##TRD(&u, &n, &a, &lda, &d, &e, &t, &q, &lw, &info);                  \
		return cusolver_lwork(q);                                                       \
	}                                                                                       \
	static int p##OTR##_need(char u, int n, int lda)                                        \
	{                                                                                       \
		L q = 0, a = 0, t = 0;                                                          \
		lapack_int lw = -1, info = 0;                                                   \
		LAPACK_##p##OTR(&u, &n, &a, &lda, &t, &q, &lw, &info);                          \
		return cusolver_lwork(q);                                                       \
	}                                                                                       \
	static int p##MTR##_need(char s, char u, char t, int m, int n, int lda, int ldc)        \
	{                                                                                       \
		L q = 0, a = 0, tau = 0, c = 0;                                                 \
		lapack_int lw = -1, info = 0;                                                   \
		LAPACK_##p##MTR(&s, &u, &t, &m, &n, &a, &lda, &tau, &c, &ldc, &q, &lw, &info);  \
		return cusolver_lwork(q);                                                       \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##TRD##_bufferSize(cusolverDnHandle_t handle,             \
							 cublasFillMode_t uplo, int n,          \
							 const T *A, int lda, const R *d,       \
							 const R *e, const T *tau, int *lwork)  \
	{                                                                                       \
		CUSOLVER_QUERY(handle, lwork, trd_bad(uplo, n, (void *)1, lda));                \
		(void)A, (void)d, (void)e, (void)tau;                                           \
		*lwork = p##TRD##_need(cusolver_uplo(uplo), n, lda);                            \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##TRD(cusolverDnHandle_t handle, cublasFillMode_t uplo,   \
					    int n, T *A, int lda, R *d, R *e, T *tau, T *work,  \
					    int lwork, int *info)                               \
	{                                                                                       \
		lapack_int linfo = 0;                                                           \
		void *own;                                                                      \
		char u = cusolver_uplo(uplo);                                                   \
		CUSOLVER_START(handle, info, sytrd_bad(uplo, n, A, lda, d, e, tau));            \
		int need = p##TRD##_need(u, n, lda);                                            \
		L *w = cusolver_workspace(work, lwork, need, sizeof(L), &own);                  \
		if (!w)                                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		LAPACK_##p##TRD(&u, &n, (L *)A, &lda, d, e, (L *)tau, w, &need, &linfo);        \
		free(own);                                                                      \
		*info = linfo;                                                                  \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##OTR##_bufferSize(cusolverDnHandle_t handle,             \
							 cublasFillMode_t uplo, int n,          \
							 const T *A, int lda, const T *tau,     \
							 int *lwork)                            \
	{                                                                                       \
		CUSOLVER_QUERY(handle, lwork, trd_bad(uplo, n, (void *)1, lda));                \
		(void)A, (void)tau;                                                             \
		*lwork = p##OTR##_need(cusolver_uplo(uplo), n, lda);                            \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##OTR(cusolverDnHandle_t handle, cublasFillMode_t uplo,   \
					    int n, T *A, int lda, const T *tau, T *work,        \
					    int lwork, int *info)                               \
	{                                                                                       \
		lapack_int linfo = 0;                                                           \
		void *own;                                                                      \
		char u = cusolver_uplo(uplo);                                                   \
		int bad = trd_bad(uplo, n, A, lda);                                             \
		CUSOLVER_START(handle, info, bad ? bad : !tau && n > 1 ? 5 : 0);                \
		int need = p##OTR##_need(u, n, lda);                                            \
		L *w = cusolver_workspace(work, lwork, need, sizeof(L), &own);                  \
		if (!w)                                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		LAPACK_##p##OTR(&u, &n, (L *)A, &lda, (const L *)tau, w, &need, &linfo);        \
		free(own);                                                                      \
		*info = linfo;                                                                  \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##MTR##_bufferSize(                                       \
		cusolverDnHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,        \
		cublasOperation_t trans, int m, int n, const T *A, int lda, const T *tau,       \
		const T *C, int ldc, int *lwork)                                                \
	{                                                                                       \
		CUSOLVER_QUERY(handle, lwork,                                                   \
			       ormtr_bad(side, uplo, trans, CPLX, m, n, (void *)1, lda,         \
					 (void *)1, (void *)1, ldc));                           \
		(void)A, (void)tau, (void)C;                                                    \
		*lwork = p##MTR##_need(side_letter(side), cusolver_uplo(uplo),                  \
				       cusolver_trans(trans, CPLX), m, n, lda, ldc);            \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##MTR(cusolverDnHandle_t handle, cublasSideMode_t side,   \
					    cublasFillMode_t uplo, cublasOperation_t trans,     \
					    int m, int n, T *A, int lda, T *tau, T *C, int ldc, \
					    T *work, int lwork, int *info)                      \
	{                                                                                       \
		lapack_int linfo = 0;                                                           \
		void *own;                                                                      \
		char s = side_letter(side), u = cusolver_uplo(uplo), t = cusolver_trans(trans, CPLX); \
		CUSOLVER_START(handle, info,                                                    \
			       ormtr_bad(side, uplo, trans, CPLX, m, n, A, lda, tau, C, ldc));  \
		int need = p##MTR##_need(s, u, t, m, n, lda, ldc);                              \
		L *w = cusolver_workspace(work, lwork, need, sizeof(L), &own);                  \
		if (!w)                                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		LAPACK_##p##MTR(&s, &u, &t, &m, &n, (const L *)A, &lda, (const L *)tau, (L *)C, \
				&ldc, w, &need, &linfo);                                        \
		free(own);                                                                      \
		*info = linfo;                                                                  \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}

TRD_DEFS(S, s, float, float, float, 0, sytrd, orgtr, ormtr)
TRD_DEFS(D, d, double, double, double, 0, sytrd, orgtr, ormtr)
TRD_DEFS(C, c, cuComplex, float, cusolver_c, 1, hetrd, ungtr, unmtr)
TRD_DEFS(Z, z, cuDoubleComplex, double, cusolver_z, 1, hetrd, ungtr, unmtr)
