// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: LU with partial pivoting (getrf, getrs) on LAPACK.  cuSOLVER
 * also factors without pivoting when devIpiv is NULL, which LAPACK cannot:
 * that is a loop of our own (lu_nopiv), and getrs with a NULL devIpiv solves
 * with LAPACK's getrs on the identity permutation.
 */
#include <stdlib.h>
#include "cusolver_internal.h"

static int getrf_bad(int m, int n, const void *A, int lda)
{
	if (m < 0)
		return 1;
	if (n < 0)
		return 2;
	if (!A && m && n)
		return 3;
	return lda < cusolver_max1(m) ? 4 : 0;
}

/* devIpiv (argument 6) may be NULL: the identity permutation */
static int getrs_bad(cublasOperation_t trans, int n, int nrhs, const void *A, int lda, const void *B,
		     int ldb)
{
	return cusolver_solve_bad(cusolver_op_ok(trans), n, nrhs, A, 4, lda, B, 7, ldb);
}

/*
 * Right-looking LU without row exchanges: L (unit diagonal) below, U on and
 * above.  A zero pivot leaves its column unscaled and sets info to its
 * 1-based index (the first one), as LAPACK's getrf reports a singular U.
 */
#define LU_NOPIV(p, L)                                                                  \
	static int p##lu_nopiv(int m, int n, L *A, int lda)                             \
	{                                                                               \
		int info = 0;                                                           \
		for (int j = 0; j < cusolver_min(m, n); j++) {                          \
			L piv = A[j + (size_t)j * lda];                                 \
			if (piv == 0) {                                                 \
				info = info ? info : j + 1;                             \
				continue;                                               \
			}                                                               \
			for (int i = j + 1; i < m; i++)                                 \
				A[i + (size_t)j * lda] /= piv;                          \
			for (int c = j + 1; c < n; c++) {                               \
				L u = A[j + (size_t)c * lda];                           \
				for (int i = j + 1; i < m; i++)                         \
					A[i + (size_t)c * lda] -= A[i + (size_t)j * lda] * u; \
			}                                                               \
		}                                                                       \
		return info;                                                            \
	}

#define LU_DEFS(P, p, T, L, CPLX)                                                               \
	LU_NOPIV(p, L)                                                                          \
	cusolverStatus_t cusolverDn##P##getrf_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 T *A, int lda, int *Lwork)        \
	{                                                                                       \
		(void)A;                                                                        \
		CUSOLVER_QUERY(handle, Lwork, getrf_bad(m, n, (void *)1, lda));                 \
		*Lwork = 1; /* LAPACK's getrf needs no workspace */                             \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t handle, int m, int n, T *A,    \
					      int lda, T *Workspace, int *devIpiv, int *devInfo) \
	{                                                                                       \
		lapack_int info = 0;                                                            \
		(void)Workspace;                                                                \
		CUSOLVER_START(handle, devInfo, getrf_bad(m, n, A, lda));                       \
		if (devIpiv)                                                                    \
			LAPACK_##p##getrf(&m, &n, (L *)A, &lda, devIpiv, &info);                \
		else                                                                            \
			info = p##lu_nopiv(m, n, (L *)A, lda);                                  \
		*devInfo = info;                                                                \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##getrs(cusolverDnHandle_t handle, cublasOperation_t trans, \
					      int n, int nrhs, const T *A, int lda,             \
					      const int *devIpiv, T *B, int ldb, int *devInfo)  \
	{                                                                                       \
		lapack_int info = 0;                                                            \
		int *ident = NULL;                                                              \
		char t = cusolver_trans(trans, CPLX);                                           \
		CUSOLVER_START(handle, devInfo, getrs_bad(trans, n, nrhs, A, lda, B, ldb));     \
		if (!devIpiv) {                                                                 \
			ident = malloc((size_t)cusolver_max1(n) * sizeof(int));                 \
			if (!ident)                                                             \
				return CUSOLVER_STATUS_ALLOC_FAILED;                            \
			for (int i = 0; i < n; i++)                                             \
				ident[i] = i + 1;                                               \
		}                                                                               \
		LAPACK_##p##getrs(&t, &n, &nrhs, (const L *)A, &lda, devIpiv ? devIpiv : ident, \
				  (L *)B, &ldb, &info);                                         \
		free(ident);                                                                    \
		*devInfo = info;                                                                \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}

LU_DEFS(S, s, float, float, 0)
LU_DEFS(D, d, double, double, 0)
LU_DEFS(C, c, cuComplex, cusolver_c, 1)
LU_DEFS(Z, z, cuDoubleComplex, cusolver_z, 1)
