// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the singular value decomposition (gesvd) on LAPACK.  As
 * cuSOLVER, only m >= n (a wide matrix is refused: programs transpose it);
 * jobu/jobvt are LAPACK's letters A, S, O, N.  rwork, when given, receives
 * the unconverged superdiagonal when devInfo > 0 (min(m,n)-1 reals), which
 * LAPACK leaves in work (real) or its rwork (complex).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "cusolver_internal.h"

static int job_ok(char j) { return j == 'A' || j == 'S' || j == 'O' || j == 'N'; }
static int job_has(char j) { return j == 'A' || j == 'S'; } /* U or VT written into the array given */

struct svd_args {
	char ju, jv;
	int m, n, lda, ldu, ldvt;
	const void *A, *S, *U, *VT;
};

static int gesvd_bad(const struct svd_args *a)
{
	int mn = cusolver_min(a->m, a->n);

	if (!job_ok(a->ju))
		return 1;
	if (!job_ok(a->jv) || (a->ju == 'O' && a->jv == 'O'))
		return 2;
	if (a->m < 0 || a->m < a->n)
		return 3; /* cuSOLVER's gesvd supports m >= n only */
	if (a->n < 0)
		return 4;
	if (!a->A && mn)
		return 5;
	if (a->lda < cusolver_max1(a->m))
		return 6;
	if (!a->S && mn)
		return 7;
	if (!a->U && job_has(a->ju) && a->m)
		return 8;
	if (a->ldu < 1 || (job_has(a->ju) && a->ldu < a->m))
		return 9;
	if (!a->VT && job_has(a->jv) && a->n)
		return 10;
	if (a->ldvt < 1 || (a->jv == 'A' && a->ldvt < a->n) || (a->jv == 'S' && a->ldvt < mn))
		return 11;
	return 0;
}

/* LAPACK's real gesvd: work[1..] holds the unconverged superdiagonal */
#define SVD_REAL(p, L)                                                                          \
	static lapack_int p##svd_lapack(const struct svd_args *a, L *A, L *S, L *U, L *VT, L *w, \
					int lw, L *rwork)                                       \
	{                                                                                       \
		lapack_int info = 0;                                                            \
		LAPACK_##p##gesvd(&a->ju, &a->jv, &a->m, &a->n, A, &a->lda, S, U, &a->ldu, VT,  \
				  &a->ldvt, w, &lw, &info);                                     \
		if (info > 0 && rwork && lw > 1)                                                \
			memcpy(rwork, w + 1, (size_t)(cusolver_min(a->m, a->n) - 1) * sizeof(L)); \
		return info;                                                                    \
	}

/* LAPACK's complex gesvd: its own real workspace of 5 min(m,n) */
#define SVD_CPLX(p, L, R)                                                                       \
	static lapack_int p##svd_lapack(const struct svd_args *a, L *A, R *S, L *U, L *VT, L *w, \
					int lw, R *rwork)                                       \
	{                                                                                       \
		lapack_int info = 0;                                                            \
		int mn = cusolver_min(a->m, a->n);                                              \
		R *rw = malloc((size_t)cusolver_max1(5 * mn) * sizeof(R));                      \
		if (!rw)                                                                        \
			return -1000;                                                           \
		LAPACK_##p##gesvd(&a->ju, &a->jv, &a->m, &a->n, A, &a->lda, S, U, &a->ldu, VT,  \
				  &a->ldvt, w, &lw, rw, &info);                                 \
		if (info > 0 && rwork && mn > 1)                                                \
			memcpy(rwork, rw, (size_t)(mn - 1) * sizeof(R));                        \
		free(rw);                                                                       \
		return info;                                                                    \
	}

#define SVD_DEFS(P, p, T, L, R)                                                                 \
	static int p##svd_need(int m, int n)                                                    \
	{                                                                                       \
		struct svd_args a = { 'A', 'A', m, n, cusolver_max1(m), cusolver_max1(m),       \
				      cusolver_max1(n), NULL, NULL, NULL, NULL };               \
		L q = 0, dummy = 0;                                                             \
		R s = 0;                                                                        \
		p##svd_lapack(&a, &dummy, &s, &dummy, &dummy, &q, -1, NULL);                    \
		return cusolver_lwork(q);                                                       \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##gesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 int *lwork)                            \
	{                                                                                       \
		CUSOLVER_QUERY(handle, lwork, m < 0 || n < 0);                                  \
		*lwork = p##svd_need(m, n);                                                     \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##gesvd(cusolverDnHandle_t handle, signed char jobu,      \
					      signed char jobvt, int m, int n, T *A, int lda,   \
					      R *S, T *U, int ldu, T *VT, int ldvt, T *work,    \
					      int lwork, R *rwork, int *devInfo)                \
	{                                                                                       \
		struct svd_args a = { (char)toupper(jobu), (char)toupper(jobvt), m, n, lda, ldu, \
				      ldvt, A, S, U, VT };                                      \
		L dummy = 0;                                                                    \
		void *own;                                                                      \
		CUSOLVER_START(handle, devInfo, gesvd_bad(&a));                                 \
		int need = p##svd_need(m, n);                                                   \
		L *w = cusolver_workspace(work, lwork, need, sizeof(L), &own);                  \
		if (!w)                                                                         \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		lapack_int info = p##svd_lapack(&a, (L *)A, S, U ? (L *)U : &dummy,             \
						VT ? (L *)VT : &dummy, w, need, rwork);         \
		free(own);                                                                      \
		if (info == -1000)                                                              \
			return CUSOLVER_STATUS_ALLOC_FAILED;                                    \
		*devInfo = info;                                                                \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}

SVD_REAL(s, float)
SVD_REAL(d, double)
SVD_CPLX(c, cusolver_c, float)
SVD_CPLX(z, cusolver_z, double)
SVD_DEFS(S, s, float, float, float)
SVD_DEFS(D, d, double, double, double)
SVD_DEFS(C, c, cuComplex, cusolver_c, float)
SVD_DEFS(Z, z, cuDoubleComplex, cusolver_z, double)
