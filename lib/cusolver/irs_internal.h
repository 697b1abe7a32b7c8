/* SPDX-License-Identifier: MIT */
/*
 * irs_internal.h - the mixed-precision solvers' engine (irs.c), shared by
 * the typed calls (<t1><t2>gesv/gels, irs_typed.c) and the IRS objects'
 * calls (cusolverDnIRSXgesv/Xgels, irs_params.c).
 *
 * The engine is LAPACK's classical iterative refinement (as dsgesv):
 * factor A once in the lower precision, solve, then repeat r = B - A X in
 * the main precision and X += the low-precision solve of r until each
 * column's residual meets the tolerance; on no convergence, fall back to a
 * main-precision solve.  LAPACK has no half, bfloat16 or TF32 arithmetic:
 * those lowest precisions factor in single precision (at least as
 * accurate as asked).  Low precisions run in LAPACK's complex routines
 * (cgetrf, zgeqrf, ...): a real matrix there factors exactly as in the
 * real routine (pivots by |re| + |im| = |re|).
 */
#ifndef IDXGEN_CUSOLVER_IRS_INTERNAL_H
#define IDXGEN_CUSOLVER_IRS_INTERNAL_H

#include "cusolver_internal.h"

struct irs_call {
	int kind;          /* main (input/output) precision: 0 S, 1 D, 2 C, 3 Z */
	int low_double;    /* the factorization in double (t2 D or Z), else single */
	int refine;        /* 0: solve once (t1 = t2, or CUSOLVER_IRS_REFINE_NONE); 1: refine */
	int gels;          /* least squares (m >= n, QR) instead of a square solve (LU) */
	int maxiters;      /* refinement steps allowed */
	int fallback;      /* on no convergence, solve in the main precision */
	double tol;        /* 0: LAPACK's, sqrt(n) ||A||_inf eps of the main precision */
	int m, n, nrhs;
	const void *A, *B;
	void *X;
	int lda, ldb, ldx;
	int *ipiv;         /* gesv: the pivots of the factorization that gave X (may be NULL) */
	double *history;   /* NULL, or maxiters + 1 residual norms (the largest column's) */
};

/* The checks of the typed and the X calls: the first bad argument in the typed call's
 * numbering (gesv: n 1, nrhs 2, A 3, lda 4, B 6, ldb 7, X 8, ldx 9; gels: m 1, n 2, nrhs 3,
 * A 4, lda 5, B 6, ldb 7, X 8, ldx 9), 0 when none */
CUSOLVER_HIDDEN int irs_bad(const struct irs_call *c);
/* the workspace bytes the call answers (the engine allocates its own) */
CUSOLVER_HIDDEN size_t irs_bytes(int gels, int m, int n, int nrhs);
/* run it: X, *niters (> 0 refinement steps, 0 solved once or converged at once, < 0 fell back:
 * -2 an entry overflows the low precision, -3 the low factorization failed, -maxiters no
 * convergence) and *info (> 0: U(i,i) or R(i,i) exactly zero in the main precision) */
CUSOLVER_HIDDEN cusolverStatus_t irs_run(const struct irs_call *c, int *niters, int *info);

#endif
