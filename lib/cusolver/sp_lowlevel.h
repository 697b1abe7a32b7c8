/* SPDX-License-Identifier: MIT */
/*
 * sp_lowlevel.h - the state the low-level sparse API's info objects share
 * (sp_lowlevel_lu.c, sp_lowlevel_cq.c): one factorization of A in double,
 * in LAPACK's band storage (LU: gbtrf, Cholesky: pbtrf over the lower
 * triangle) or dense (QR: geqrf), made in the steps the API has.
 */
#ifndef IDXGEN_CUSOLVER_SP_LOWLEVEL_H
#define IDXGEN_CUSOLVER_SP_LOWLEVEL_H

#include "cusolver_sp_internal.h"
#pragma GCC visibility push(default)
#include <cusolverSp_LOWLEVEL_PREVIEW.h>
#pragma GCC visibility pop

#define SP_BAND_MAX  ((size_t)2 << 30)	 /* bytes of a band factorization (as csrlsv's) */
#define SP_DENSE_MAX ((size_t)512 << 20) /* bytes of a dense QR */

struct sp_factor {
	int m, n, nnz;
	bool analysed, set_up, factored;
	int kl, ku; /* bands of A (analysis) */
	double *f;  /* the factors: band (leading dimension ld) or dense m x n */
	int ld;
	int *ipiv;   /* LU's pivots (LAPACK's, 1-based) */
	double *tau; /* QR's reflectors */
	int not_pd;  /* Cholesky: the column where A showed not positive definite, or -1 */
	/* LU's explicit factors, made by NnzHost (P A = L U, L strictly lower, U upper) */
	int nnz_l, nnz_u, *perm, *lp, *li, *up, *ui;
	double *lv, *uv;
};

struct csrluInfoHost {
	struct sp_factor f;
};
struct csrcholInfoHost {
	struct sp_factor f;
};
struct csrcholInfo {
	struct sp_factor f;
};
struct csrqrInfoHost {
	struct sp_factor f;
};
struct csrqrInfo {
	struct sp_factor f;
};

CUSOLVER_SP_HIDDEN void sp_factor_clear(struct sp_factor *f);
/* The bands of a CSR matrix (0-based after base). */
CUSOLVER_SP_HIDDEN void sp_bands(int n, const int *ptr, const int *ind, int base, int *kl, int *ku);
/* Element k of a value array of single (float) or double precision. */
static inline double sp_value(const void *v, bool single, long k)
{
	return single ? ((const float *)v)[k] : ((const double *)v)[k];
}

#endif
