// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: QR factorisation (geqrf) and its Q (ormqr/unmqr applies it,
 * orgqr/ungqr forms it) on LAPACK.  The workspace sizes are LAPACK's own
 * answers to lwork = -1.
 */
#include <stdlib.h>
#include "cusolver_internal.h"

static int geqrf_bad(int m, int n, const void *A, int lda, const void *tau)
{
	if (m < 0)
		return 1;
	if (n < 0)
		return 2;
	if (!A && m && n)
		return 3;
	if (lda < cusolver_max1(m))
		return 4;
	return !tau && m && n ? 5 : 0;
}

/* ormqr: the Q of k reflectors from the left or the right of the m x n C */
static int ormqr_bad(cublasSideMode_t side, cublasOperation_t trans, int cplx, int m, int n, int k,
		     const void *A, int lda, const void *tau, const void *C, int ldc)
{
	int nq = side == CUBLAS_SIDE_LEFT ? m : n;

	if (!cusolver_side_ok(side))
		return 1;
	if (!cusolver_op_ok(trans) || (cplx && trans == CUBLAS_OP_T))
		return 2; /* LAPACK's unmqr takes N or C only */
	if (m < 0)
		return 3;
	if (n < 0)
		return 4;
	if (k < 0 || k > nq)
		return 5;
	if (!A && k)
		return 6;
	if (lda < cusolver_max1(nq))
		return 7;
	if (!tau && k)
		return 8;
	if (!C && m && n)
		return 9;
	return ldc < cusolver_max1(m) ? 10 : 0;
}

/* orgqr: the first n columns of the m x m Q of k reflectors, m >= n >= k */
static int orgqr_bad(int m, int n, int k, const void *A, int lda, const void *tau)
{
	if (m < 0)
		return 1;
	if (n < 0 || n > m)
		return 2;
	if (k < 0 || k > n)
		return 3;
	if (!A && n)
		return 4;
	if (lda < cusolver_max1(m))
		return 5;
	return !tau && k ? 6 : 0;
}

#define QR_DEFS(P, p, T, L, CPLX, ORM, ORG)                                              \
	static int p##geqrf_need(int m, int n, L *A, int lda)                                   \
	{                                                                                       \
		L q = 0, tau = 0;                                                               \
		lapack_int lw = -1, info = 0;                                                   \
		LAPACK_##p##geqrf(&m, &n, A, &lda, &tau, &q, &lw, &info);                       \
		return cusolver_lwork(q);                                                       \
	}                                                                                       \
	static int p##ormqr_need(char s, char t, int m, int n, int k, const L *A, int lda,      \
				 const L *tau, L *C, int ldc)                                   \
	{                                                                                       \
		L q = 0;                                                                        \
		lapack_int lw = -1, info = 0;                                                   \
		LAPACK_##p##ORM(&s, &t, &m, &n, &k, A, &lda, tau, C, &ldc, &q, &lw, &info);     \
		return cusolver_lwork(q);                                                       \
	}                                                                                       \
	static int p##orgqr_need(int m, int n, int k, L *A, int lda, const L *tau)              \
	{                                                                                       \
		L q = 0;                                                                        \
		lapack_int lw = -1, info = 0;                                                   \
		LAPACK_##p##ORG(&m, &n, &k, A, &lda, tau, &q, &lw, &info);                      \
		return cusolver_lwork(q);                                                       \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##geqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 T *A, int lda, int *lwork)             \
	{                                                                                       \
		CUSOLVER_QUERY(handle, lwork, geqrf_bad(m, n, (void *)1, lda, (void *)1));      \
		*lwork = p##geqrf_need(m, n, (L *)A, lda);                                      \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t handle, int m, int n, T *A,    \
					      int lda, T *TAU, T *Workspace, int Lwork,         \
					      int *devInfo)                                     \
	{                                                                                       \
		lapack_int info = 0;                                                            \
		void *own;                                                                      \
		CUSOLVER_START(handle, devInfo, geqrf_bad(m, n, A, lda, TAU));                  \
		int need = p##geqrf_need(m, n, (L *)A, lda);                                    \
		L *w = cusolver_workspace(Workspace, Lwork, need, sizeof(L), &own);             \
		if (!w)                                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		LAPACK_##p##geqrf(&m, &n, (L *)A, &lda, (L *)TAU, w, &need, &info);             \
		free(own);                                                                      \
		*devInfo = info;                                                                \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##ORM##_bufferSize(                                       \
		cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m, \
		int n, int k, const T *A, int lda, const T *tau, const T *C, int ldc, int *lwork) \
	{                                                                                       \
		CUSOLVER_QUERY(handle, lwork,                                                   \
			       ormqr_bad(side, trans, CPLX, m, n, k, (void *)1, lda, (void *)1, \
					 (void *)1, ldc));                                      \
		*lwork = p##ormqr_need(side == CUBLAS_SIDE_LEFT ? 'L' : 'R',                    \
				       cusolver_trans(trans, CPLX), m, n, k, (const L *)A, lda, \
				       (const L *)tau, (L *)C, ldc);                            \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##ORM(cusolverDnHandle_t handle, cublasSideMode_t side,   \
					    cublasOperation_t trans, int m, int n, int k,       \
					    const T *A, int lda, const T *tau, T *C, int ldc,   \
					    T *work, int lwork, int *devInfo)                   \
	{                                                                                       \
		lapack_int info = 0;                                                            \
		void *own;                                                                      \
		char s = side == CUBLAS_SIDE_LEFT ? 'L' : 'R', t = cusolver_trans(trans, CPLX); \
		CUSOLVER_START(handle, devInfo,                                                 \
			       ormqr_bad(side, trans, CPLX, m, n, k, A, lda, tau, C, ldc));     \
		int need = p##ormqr_need(s, t, m, n, k, (const L *)A, lda, (const L *)tau,      \
					 (L *)C, ldc);                                          \
		L *w = cusolver_workspace(work, lwork, need, sizeof(L), &own);                  \
		if (!w)                                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		LAPACK_##p##ORM(&s, &t, &m, &n, &k, (const L *)A, &lda, (const L *)tau, (L *)C, \
				&ldc, w, &need, &info);                                         \
		free(own);                                                                      \
		*devInfo = info;                                                                \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##ORG##_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 int k, const T *A, int lda,            \
							 const T *tau, int *lwork)              \
	{                                                                                       \
		CUSOLVER_QUERY(handle, lwork, orgqr_bad(m, n, k, (void *)1, lda, (void *)1));   \
		*lwork = p##orgqr_need(m, n, k, (L *)A, lda, (const L *)tau);                   \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##ORG(cusolverDnHandle_t handle, int m, int n, int k, T *A, \
					    int lda, const T *tau, T *work, int lwork,          \
					    int *devInfo)                                       \
	{                                                                                       \
		lapack_int info = 0;                                                            \
		void *own;                                                                      \
		CUSOLVER_START(handle, devInfo, orgqr_bad(m, n, k, A, lda, tau));               \
		int need = p##orgqr_need(m, n, k, (L *)A, lda, (const L *)tau);                 \
		L *w = cusolver_workspace(work, lwork, need, sizeof(L), &own);                  \
		if (!w)                                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		LAPACK_##p##ORG(&m, &n, &k, (L *)A, &lda, (const L *)tau, w, &need, &info);     \
		free(own);                                                                      \
		*devInfo = info;                                                                \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}

QR_DEFS(S, s, float, float, 0, ormqr, orgqr)
QR_DEFS(D, d, double, double, 0, ormqr, orgqr)
QR_DEFS(C, c, cuComplex, cusolver_c, 1, unmqr, ungqr)
QR_DEFS(Z, z, cuDoubleComplex, cusolver_z, 1, unmqr, ungqr)
