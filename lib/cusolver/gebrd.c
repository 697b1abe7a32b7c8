// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the reduction of an m x n A (m >= n, cuSOLVER's limit) to
 * upper bidiagonal form, Q^H A P = B (gebrd), and the forming of Q or P^H
 * from its reflectors (orgbr/ungbr), on LAPACK.  The workspace sizes are
 * LAPACK's answers to lwork = -1.
 */
#include <stdlib.h>
#include "cusolver_internal.h"

/* m 1, n 2, A 3, lda 4, D 5, E 6, TAUQ 7, TAUP 8 (cuSOLVER's numbering, handle not counted) */
static int gebrd_bad(int m, int n, const void *A, int lda, const void *D, const void *E,
		     const void *tauq, const void *taup)
{
	if (m < 0)
		return 1;
	if (n < 0 || n > m)
		return 2; /* cuSOLVER's gebrd takes m >= n only */
	if (!A && n)
		return 3;
	if (lda < cusolver_max1(m))
		return 4;
	if (!n)
		return 0;
	return !D ? 5 : n > 1 && !E ? 6 : !tauq ? 7 : !taup ? 8 : 0; /* E holds n - 1 */
}

/*
 * orgbr: side LEFT forms the m x n Q of gebrd on a matrix with k columns
 * (m >= n >= min(m, k)); RIGHT the m x n P^H of one with k rows
 * (n >= m >= min(n, k)); LAPACK's checks and numbering (side 1, m 2, n 3,
 * k 4, A 5, lda 6, tau 7).
 */
static int orgbr_bad(cublasSideMode_t side, int m, int n, int k, const void *A, int lda, const void *tau)
{
	if (!cusolver_side_ok(side))
		return 1;
	if (m < 0)
		return 2;
	if (n < 0)
		return 3;
	if (k < 0)
		return 4;
	if (side == CUBLAS_SIDE_LEFT && (n > m || n < cusolver_min(m, k)))
		return 3;
	if (side == CUBLAS_SIDE_RIGHT && (m > n || m < cusolver_min(n, k)))
		return 2;
	if (!A && m && n)
		return 5;
	if (lda < cusolver_max1(m))
		return 6;
	return !tau && m && n && k ? 7 : 0;
}

static char brd_vect(cublasSideMode_t side) { return side == CUBLAS_SIDE_LEFT ? 'Q' : 'P'; }

#define BRD_DEFS(P, p, T, R, L, RL, OBR)                                                         \
	static int p##gebrd_need(int m, int n)                                                  \
	{                                                                                       \
		L q = 0, a = 0, t = 0;                                                          \
		RL d = 0, e = 0;                                                                \
		lapack_int lw = -1, info = 0, lda = cusolver_max1(m);                           \
		LAPACK_##p##gebrd(&m, &n, &a, &lda, &d, &e, &t, &t, &q, &lw, &info);            \
		return cusolver_lwork(q);                                                       \
	}                                                                                       \
	static int p##orgbr_need(char v, int m, int n, int k, int lda)                          \
	{                                                                                       \
		L q = 0, a = 0, t = 0;                                                          \
		lapack_int lw = -1, info = 0;                                                   \
		LAPACK_##p##OBR(&v, &m, &n, &k, &a, &lda, &t, &q, &lw, &info);                  \
		return cusolver_lwork(q);                                                       \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##gebrd_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 int *Lwork)                            \
	{                                                                                       \
		CUSOLVER_QUERY(handle, Lwork,                                                   \
			       gebrd_bad(m, n, (void *)1, cusolver_max1(m), (void *)1, (void *)1, \
					 (void *)1, (void *)1));                                \
		*Lwork = p##gebrd_need(m, n);                                                   \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##gebrd(cusolverDnHandle_t handle, int m, int n, T *A,    \
					      int lda, R *D, R *E, T *TAUQ, T *TAUP, T *Work,   \
					      int Lwork, int *devInfo)                          \
	{                                                                                       \
		lapack_int info = 0;                                                            \
		void *own;                                                                      \
		CUSOLVER_START(handle, devInfo, gebrd_bad(m, n, A, lda, D, E, TAUQ, TAUP));     \
		int need = p##gebrd_need(m, n);                                                 \
		L *w = cusolver_workspace(Work, Lwork, need, sizeof(L), &own);                  \
		if (!w)                                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		LAPACK_##p##gebrd(&m, &n, (L *)A, &lda, D, E, (L *)TAUQ, (L *)TAUP, w, &need,   \
				  &info);                                                       \
		free(own);                                                                      \
		*devInfo = info;                                                                \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##OBR##_bufferSize(cusolverDnHandle_t handle,             \
							 cublasSideMode_t side, int m, int n,   \
							 int k, const T *A, int lda,            \
							 const T *tau, int *lwork)              \
	{                                                                                       \
		CUSOLVER_QUERY(handle, lwork, orgbr_bad(side, m, n, k, (void *)1, lda, (void *)1)); \
		(void)A, (void)tau;                                                             \
		*lwork = p##orgbr_need(brd_vect(side), m, n, k, lda);                           \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##OBR(cusolverDnHandle_t handle, cublasSideMode_t side,   \
					    int m, int n, int k, T *A, int lda, const T *tau,   \
					    T *work, int lwork, int *info)                      \
	{                                                                                       \
		lapack_int linfo = 0;                                                           \
		void *own;                                                                      \
		char v = brd_vect(side);                                                        \
		CUSOLVER_START(handle, info, orgbr_bad(side, m, n, k, A, lda, tau));            \
		int need = p##orgbr_need(v, m, n, k, lda);                                      \
		L *w = cusolver_workspace(work, lwork, need, sizeof(L), &own);                  \
		if (!w)                                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		LAPACK_##p##OBR(&v, &m, &n, &k, (L *)A, &lda, (const L *)tau, w, &need, &linfo); \
		free(own);                                                                      \
		*info = linfo;                                                                  \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}

BRD_DEFS(S, s, float, float, float, float, orgbr)
BRD_DEFS(D, d, double, double, double, double, orgbr)
BRD_DEFS(C, c, cuComplex, float, cusolver_c, float, ungbr)
BRD_DEFS(Z, z, cuDoubleComplex, double, cusolver_z, double, ungbr)
