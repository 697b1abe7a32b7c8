// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the typed mixed-precision solvers, cusolverDn<t1><t2>gesv
 * and <t1><t2>gels (+ _bufferSize): t1 the precision of A, B and X, t2 the
 * factorization's (D, S, H half, B bfloat16, X TF32 for real; Z, C, K, E, Y
 * their complex kin).  t1 = t2 is one direct solve in that precision
 * (iter 0); otherwise the engine's refinement (irs.c) with cuSOLVER's
 * defaults: 50 iterations, LAPACK's tolerance, fallback to t1 enabled.
 * A and B are read only; dWorkspace is not used (the engine allocates its
 * own), the query answers what a GPU run would hold.
 */
#include "irs_internal.h"

/* IRS_TYPED(P, Q, T, kind of P, whether Q factors in double) */
#define IRS_TYPED(P, Q, T, KIND, LOWD)                                                           \
	cusolverStatus_t cusolverDn##P##Q##gesv_bufferSize(                                      \
		cusolverDnHandle_t handle, cusolver_int_t n, cusolver_int_t nrhs, T *dA,         \
		cusolver_int_t ldda, cusolver_int_t *dipiv, T *dB, cusolver_int_t lddb, T *dX,   \
		cusolver_int_t lddx, void *dWorkspace, size_t *lwork_bytes)                     \
	{                                                                                       \
		struct irs_call c = { .kind = KIND, .m = n, .n = n, .nrhs = nrhs, .A = (void *)1, \
				      .B = (void *)1, .X = (void *)1, .lda = ldda, .ldb = lddb, \
				      .ldx = lddx };                                            \
		(void)dA, (void)dipiv, (void)dB, (void)dX, (void)dWorkspace;                    \
		CUSOLVER_QUERY(handle, lwork_bytes, irs_bad(&c));                               \
		*lwork_bytes = irs_bytes(0, n, n, nrhs);                                        \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##Q##gesv(                                                 \
		cusolverDnHandle_t handle, cusolver_int_t n, cusolver_int_t nrhs, T *dA,         \
		cusolver_int_t ldda, cusolver_int_t *dipiv, T *dB, cusolver_int_t lddb, T *dX,   \
		cusolver_int_t lddx, void *dWorkspace, size_t lwork_bytes, cusolver_int_t *iter, \
		cusolver_int_t *d_info)                                                         \
	{                                                                                       \
		struct irs_call c = { .kind = KIND, .low_double = LOWD, .refine = #P[0] != #Q[0], \
				      .maxiters = 50, .fallback = 1, .m = n,    \
				      .n = n, .nrhs = nrhs, .A = dA, .B = dB, .X = dX, .lda = ldda, \
				      .ldb = lddb, .ldx = lddx, .ipiv = dipiv };                \
		(void)dWorkspace, (void)lwork_bytes;                                            \
		if (handle && !iter)                                                            \
			return CUSOLVER_STATUS_INVALID_VALUE;                                   \
		CUSOLVER_START(handle, d_info, irs_bad(&c));                                    \
		return irs_run(&c, iter, d_info);                                               \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##Q##gels_bufferSize(                                      \
		cusolverDnHandle_t handle, cusolver_int_t m, cusolver_int_t n, cusolver_int_t nrhs, \
		T *dA, cusolver_int_t ldda, T *dB, cusolver_int_t lddb, T *dX, cusolver_int_t lddx, \
		void *dWorkspace, size_t *lwork_bytes)                                          \
	{                                                                                       \
		struct irs_call c = { .kind = KIND, .gels = 1, .m = m, .n = n, .nrhs = nrhs,    \
				      .A = (void *)1, .B = (void *)1, .X = (void *)1, .lda = ldda, \
				      .ldb = lddb, .ldx = lddx };                               \
		(void)dA, (void)dB, (void)dX, (void)dWorkspace;                                 \
		CUSOLVER_QUERY(handle, lwork_bytes, irs_bad(&c));                               \
		*lwork_bytes = irs_bytes(1, m, n, nrhs);                                        \
		return CUSOLVER_STATUS_SUCCESS;                                                 \
	}                                                                                       \
	cusolverStatus_t cusolverDn##P##Q##gels(                                                 \
		cusolverDnHandle_t handle, cusolver_int_t m, cusolver_int_t n, cusolver_int_t nrhs, \
		T *dA, cusolver_int_t ldda, T *dB, cusolver_int_t lddb, T *dX, cusolver_int_t lddx, \
		void *dWorkspace, size_t lwork_bytes, cusolver_int_t *iter, cusolver_int_t *d_info) \
	{                                                                                       \
		struct irs_call c = { .kind = KIND, .low_double = LOWD, .refine = #P[0] != #Q[0], \
				      .gels = 1, .maxiters = 50, .fallback = 1, .m = m, .n = n, \
				      .nrhs = nrhs, .A = dA, .B = dB, .X = dX, .lda = ldda,     \
				      .ldb = lddb, .ldx = lddx };                               \
		(void)dWorkspace, (void)lwork_bytes;                                            \
		if (handle && !iter)                                                            \
			return CUSOLVER_STATUS_INVALID_VALUE;                                   \
		CUSOLVER_START(handle, d_info, irs_bad(&c));                                    \
		return irs_run(&c, iter, d_info);                                               \
	}

IRS_TYPED(D, D, double, 1, 1)
IRS_TYPED(D, S, double, 1, 0)
IRS_TYPED(D, H, double, 1, 0)
IRS_TYPED(D, B, double, 1, 0)
IRS_TYPED(D, X, double, 1, 0)
IRS_TYPED(S, S, float, 0, 0)
IRS_TYPED(S, H, float, 0, 0)
IRS_TYPED(S, B, float, 0, 0)
IRS_TYPED(S, X, float, 0, 0)
IRS_TYPED(Z, Z, cuDoubleComplex, 3, 1)
IRS_TYPED(Z, C, cuDoubleComplex, 3, 0)
IRS_TYPED(Z, K, cuDoubleComplex, 3, 0)
IRS_TYPED(Z, E, cuDoubleComplex, 3, 0)
IRS_TYPED(Z, Y, cuDoubleComplex, 3, 0)
IRS_TYPED(C, C, cuComplex, 2, 0)
IRS_TYPED(C, K, cuComplex, 2, 0)
IRS_TYPED(C, E, cuComplex, 2, 0)
IRS_TYPED(C, Y, cuComplex, 2, 0)
