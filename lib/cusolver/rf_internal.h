/* SPDX-License-Identifier: MIT */
/*
 * rf_internal.h - what the files of cusolverRf (rf.c, rf_pattern.c,
 * rf_numeric.c) share: the handle and the pattern of the factors.
 */
#ifndef IDXGEN_CUSOLVER_RF_INTERNAL_H
#define IDXGEN_CUSOLVER_RF_INTERNAL_H

#include <stdbool.h>
#pragma GCC visibility push(default)
#include <cusolverRf.h>
#pragma GCC visibility pop

#define RF_HIDDEN __attribute__((visibility("hidden")))

/*
 * The factors of M = P A Q^T (M(i, j) = A(P[i], Q[j])) in one CSR pattern,
 * rows sorted: the strictly lower part is L (unit diagonal, not stored),
 * the rest U (Doolittle's form, whatever form the program gives and takes:
 * rf.c converts).  The pattern is the symbolic fill of M's and the given
 * factors' entries (rf_pattern.c), so refactoring never drops a value.
 */
struct rf_pattern {
	int n, nnz;
	int *ptr, *ind; /* n + 1 row starts, nnz columns */
	int *diag;	/* the diagonal's position in each row */
};

struct cusolverRfCommon {
	cusolverRfMatrixFormat_t format;
	cusolverRfUnitDiagonal_t unit;
	cusolverRfFactorization_t fact_alg;
	cusolverRfTriangularSolve_t solve_alg;
	cusolverRfResetValuesFastMode_t fast_mode;
	double zero, boost;
	bool boosted; /* the last refactorization replaced a pivot */
	bool set_up;
	struct rf_pattern pat;
	int batch;
	double **a;   /* per matrix: M's values in the pattern (zeros at fill) */
	double **lu;  /* per matrix: the factors' values in the pattern */
	int *zero_at; /* per matrix: the first zero pivot of the last refactorization, or -1 */
};

/* One entry of a CSR or CSC matrix read as (row, column, value). */
struct rf_entry {
	int i, j;
	double v;
};

/*
 * The pattern of the fill of a matrix whose entries are given (any order,
 * repeats allowed, the diagonal implied): 0, or -1 without memory.
 */
RF_HIDDEN int rf_pattern_build(struct rf_pattern *p, int n, const struct rf_entry *e, long count);
RF_HIDDEN void rf_pattern_free(struct rf_pattern *p);
/* The position of (i, j) in the pattern, or -1. */
RF_HIDDEN long rf_pattern_find(const struct rf_pattern *p, int i, int j);

/* LU of a (values in the pattern) into lu, without pivoting; the first zero pivot or -1. */
RF_HIDDEN int rf_refactor(const struct rf_pattern *p, const double *a, double *lu, double zero,
			  double boost, bool *boosted);
/* x := M^{-1} x by the factors (forward with L's unit diagonal, backward with U). */
RF_HIDDEN void rf_lu_solve(const struct rf_pattern *p, const double *lu, double *x);

#endif
