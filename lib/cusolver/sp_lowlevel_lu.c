// SPDX-License-Identifier: MIT
/*
 * sp_lowlevel_lu.c - the low-level sparse LU of cuSOLVER (csrlu*Host):
 * analysis (A's bands), factorization with partial pivoting in LAPACK's
 * band storage (gbtrf: its pivoting is the threshold 1 of cuSOLVER's
 * pivot_threshold, which any threshold allows), zero pivot, solve
 * (gbtrs), and the factors taken out as cusolverRf wants them: P A Q^T =
 * L U with Q the identity (no column ordering here: reorder first, as the
 * sample cuSolverRf does), L strictly lower (its unit diagonal implicit),
 * U upper.  gbtrf leaves each column of L as it was when computed; later
 * row interchanges are applied to it here (each entry's final row).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sp_lowlevel.h"

void sp_factor_clear(struct sp_factor *f)
{
	free(f->f), free(f->ipiv), free(f->tau), free(f->perm);
	free(f->lp), free(f->li), free(f->lv), free(f->up), free(f->ui), free(f->uv);
	memset(f, 0, sizeof(*f));
	f->not_pd = -1;
}

void sp_bands(int n, const int *ptr, const int *ind, int base, int *kl, int *ku)
{
	*kl = *ku = 0;
	for (int i = 0; i < n; i++)
		for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++) {
			int j = ind[e] - base;

			if (i - j > *kl)
				*kl = i - j;
			if (j - i > *ku)
				*ku = j - i;
		}
}

cusolverStatus_t cusolverSpCreateCsrluInfoHost(csrluInfoHost_t *info)
{
	if (!info)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (!(*info = calloc(1, sizeof(**info))))
		return CUSOLVER_STATUS_ALLOC_FAILED;
	(*info)->f.not_pd = -1;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpDestroyCsrluInfoHost(csrluInfoHost_t info)
{
	if (!info)
		return CUSOLVER_STATUS_INVALID_VALUE;
	sp_factor_clear(&info->f);
	free(info);
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrluAnalysisHost(cusolverSpHandle_t handle, int n, int nnzA,
					      const cusparseMatDescr_t descrA,
					      const int *csrRowPtrA, const int *csrColIndA,
					      csrluInfoHost_t info)
{
	int base;
	cusolverStatus_t st =
	    cusolver_sp_check(handle, n, nnzA, descrA, csrRowPtrA, csrColIndA, &base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!info)
		return CUSOLVER_STATUS_INVALID_VALUE;
	sp_factor_clear(&info->f);
	info->f.m = info->f.n = n, info->f.nnz = nnzA;
	sp_bands(n, csrRowPtrA, csrColIndA, base, &info->f.kl, &info->f.ku);
	info->f.ld = 2 * info->f.kl + info->f.ku + 1;
	info->f.analysed = true;
	return CUSOLVER_STATUS_SUCCESS;
}

/* The checks of a call after the analysis: the same sizes, the handle, the info analysed. */
static cusolverStatus_t after_analysis(cusolverSpHandle_t h, int n, int nnz,
				       const struct sp_factor *f)
{
	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!f || !f->analysed || n != f->n || nnz != f->nnz)
		return CUSOLVER_STATUS_INVALID_VALUE;
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t buffer_info(cusolverSpHandle_t h, int n, int nnz,
				    const cusparseMatDescr_t descr, const void *val, const int *ptr,
				    const int *ind, csrluInfoHost_t info, size_t *internal,
				    size_t *work)
{
	int base;
	cusolverStatus_t st = cusolver_sp_check(h, n, nnz, descr, ptr, ind, &base);

	if (st == CUSOLVER_STATUS_SUCCESS)
		st = after_analysis(h, n, nnz, info ? &info->f : NULL);
	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!val || !internal || !work)
		return CUSOLVER_STATUS_INVALID_VALUE;
	/* the band and pivots are ours; the program's buffer is asked for but not used */
	*internal = (size_t)info->f.ld * (size_t)n * sizeof(double) + (size_t)n * sizeof(int);
	*work = (size_t)n * sizeof(double);
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t factor(cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t descr,
			       const void *val, bool single, const int *ptr, const int *ind,
			       csrluInfoHost_t info, double threshold)
{
	int base, info_lapack = 0;
	struct sp_factor *f;
	cusolverStatus_t st = cusolver_sp_check(h, n, nnz, descr, ptr, ind, &base);

	if (st == CUSOLVER_STATUS_SUCCESS)
		st = after_analysis(h, n, nnz, info ? &info->f : NULL);
	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!val || !(threshold >= 0 && threshold <= 1))
		return CUSOLVER_STATUS_INVALID_VALUE;
	f = &info->f;
	if ((size_t)f->ld * (size_t)n * sizeof(double) > SP_BAND_MAX)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	free(f->f), free(f->ipiv);
	f->f = calloc((size_t)f->ld * (size_t)n, sizeof(double));
	f->ipiv = malloc((size_t)n * sizeof(int));
	f->factored = false;
	if (!f->f || !f->ipiv)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	for (int i = 0; i < n; i++) /* A(i, j) at AB(kl + ku + i - j, j) */
		for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++) {
			int j = ind[e] - base;

			f->f[(size_t)j * f->ld + f->kl + f->ku + i - j] += sp_value(val, single, e);
		}
	LAPACK_dgbtrf(&n, &n, &f->kl, &f->ku, f->f, &f->ld, f->ipiv, &info_lapack);
	f->factored = true;
	return CUSOLVER_STATUS_SUCCESS;
}

/* U(j, j) */
static double pivot(const struct sp_factor *f, int j)
{
	return f->f[(size_t)j * f->ld + f->kl + f->ku];
}

static cusolverStatus_t zero_pivot(cusolverSpHandle_t h, csrluInfoHost_t info, double tol,
				   int *position)
{
	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!info || !info->f.factored || !position)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*position = -1;
	for (int j = 0; j < info->f.n; j++)
		if (!(fabs(pivot(&info->f, j)) > tol)) {
			*position = j;
			break;
		}
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t solve(cusolverSpHandle_t h, int n, const void *b, void *x, bool single,
			      csrluInfoHost_t info)
{
	struct sp_factor *f;
	int one = 1, info_lapack = 0;
	char no = 'N';
	double *y;

	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!info || !info->f.factored || n != info->f.n || !b || !x)
		return CUSOLVER_STATUS_INVALID_VALUE;
	f = &info->f;
	if (!(y = malloc((size_t)n * sizeof(double))))
		return CUSOLVER_STATUS_ALLOC_FAILED;
	for (int i = 0; i < n; i++)
		y[i] = sp_value(b, single, i);
	LAPACK_dgbtrs(&no, &n, &f->kl, &f->ku, &one, f->f, &f->ld, f->ipiv, y, &n, &info_lapack);
	for (int i = 0; i < n; i++)
		if (single)
			((float *)x)[i] = (float)y[i];
		else
			((double *)x)[i] = y[i];
	free(y);
	return CUSOLVER_STATUS_SUCCESS;
}

/* one entry of L or U on the way to CSR */
struct triple {
	int i, j;
	double v;
};

static int by_row_col(const void *a, const void *b)
{
	const struct triple *x = a, *y = b;

	if (x->i != y->i)
		return (x->i > y->i) - (x->i < y->i);
	return (x->j > y->j) - (x->j < y->j);
}

/* Sorted triples to 0-based CSR arrays (malloc'd). */
static int to_csr(int n, struct triple *t, int count, int **ptr, int **ind, double **val)
{
	qsort(t, (size_t)count, sizeof(*t), by_row_col);
	*ptr = calloc((size_t)n + 1, sizeof(int));
	*ind = malloc(((size_t)count + 1) * sizeof(int));
	*val = malloc(((size_t)count + 1) * sizeof(double));
	if (!*ptr || !*ind || !*val)
		return -1;
	for (int k = 0; k < count; k++) {
		(*ptr)[t[k].i + 1]++;
		(*ind)[k] = t[k].j, (*val)[k] = t[k].v;
	}
	for (int i = 0; i < n; i++)
		(*ptr)[i + 1] += (*ptr)[i];
	return 0;
}

/*
 * P, L and U from gbtrf's band: the row order P is the interchanges in
 * turn; the multipliers of column k sit in the rows they had at step k,
 * and the interchanges of steps k+1.. move them: row r ends in row
 * fin[r], where fin composes those interchanges (kept while k goes down).
 * Exact zeros off the diagonal are left out.
 */
static cusolverStatus_t explicit_factors(struct sp_factor *f)
{
	int n = f->n, kl = f->kl, ku = f->ku, cl = 0, cu = 0, *fin;
	size_t cap = (size_t)n * (size_t)(kl + 1) + 1, capu = (size_t)n * (size_t)(kl + ku + 1) + 1;
	struct triple *tl = malloc(cap * sizeof(*tl)), *tu = malloc(capu * sizeof(*tu));
	cusolverStatus_t st = CUSOLVER_STATUS_ALLOC_FAILED;

	fin = malloc((size_t)n * sizeof(int));
	f->perm = malloc((size_t)n * sizeof(int));
	if (!tl || !tu || !fin || !f->perm)
		goto out;
	for (int r = 0; r < n; r++)
		fin[r] = r, f->perm[r] = r;
	for (int k = 0; k < n; k++) {
		int p = f->ipiv[k] - 1, t = f->perm[k];

		f->perm[k] = f->perm[p], f->perm[p] = t;
	}
	for (int k = n - 1; k >= 0; k--) {
		if (k + 1 < n) {
			int p = f->ipiv[k + 1] - 1, t = fin[k + 1];

			fin[k + 1] = fin[p], fin[p] = t;
		}
		for (int r = 1; r <= kl && k + r < n; r++) {
			double v = f->f[(size_t)k * f->ld + kl + ku + r];

			if (v != 0)
				tl[cl++] = (struct triple){fin[k + r], k, v};
		}
		for (int j = k; j < n && j <= k + kl + ku; j++) {
			double v = f->f[(size_t)j * f->ld + kl + ku + k - j];

			if (v != 0 || j == k)
				tu[cu++] = (struct triple){k, j, v};
		}
	}
	if (to_csr(n, tl, cl, &f->lp, &f->li, &f->lv) || to_csr(n, tu, cu, &f->up, &f->ui, &f->uv))
		goto out;
	f->nnz_l = cl, f->nnz_u = cu;
	st = CUSOLVER_STATUS_SUCCESS;
out:
	free(tl), free(tu), free(fin);
	return st;
}

cusolverStatus_t cusolverSpXcsrluNnzHost(cusolverSpHandle_t handle, int *nnzLRef, int *nnzURef,
					 csrluInfoHost_t info)
{
	cusolverStatus_t st;

	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!info || !info->f.factored || !nnzLRef || !nnzURef)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (!info->f.lp && (st = explicit_factors(&info->f)) != CUSOLVER_STATUS_SUCCESS)
		return st;
	*nnzLRef = info->f.nnz_l, *nnzURef = info->f.nnz_u;
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t extract(cusolverSpHandle_t h, int *P, int *Q, const cusparseMatDescr_t dl,
				void *lv, int *lp, int *li, const cusparseMatDescr_t du, void *uv,
				int *up, int *ui, bool single, csrluInfoHost_t info)
{
	int bl, bu, nz;
	struct sp_factor *f;
	cusolverStatus_t st;

	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if ((st = cusolver_sp_descr(dl, &bl)) != CUSOLVER_STATUS_SUCCESS ||
	    (st = cusolver_sp_descr(du, &bu)) != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!P || !Q || !lv || !lp || !li || !uv || !up || !ui)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if ((st = cusolverSpXcsrluNnzHost(h, &nz, &nz, info)) != CUSOLVER_STATUS_SUCCESS)
		return st;
	f = &info->f;
	for (int i = 0; i < f->n; i++)
		P[i] = f->perm[i], Q[i] = i;
	for (int i = 0; i <= f->n; i++)
		lp[i] = f->lp[i] + bl, up[i] = f->up[i] + bu;
	for (int k = 0; k < f->nnz_l; k++) {
		li[k] = f->li[k] + bl;
		if (single)
			((float *)lv)[k] = (float)f->lv[k];
		else
			((double *)lv)[k] = f->lv[k];
	}
	for (int k = 0; k < f->nnz_u; k++) {
		ui[k] = f->ui[k] + bu;
		if (single)
			((float *)uv)[k] = (float)f->uv[k];
		else
			((double *)uv)[k] = f->uv[k];
	}
	return CUSOLVER_STATUS_SUCCESS;
}

#define LU_CALLS(PR, T, R, SINGLE)                                                                 \
	cusolverStatus_t cusolverSp##PR##csrluBufferInfoHost(                                      \
	    cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,           \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, csrluInfoHost_t info,  \
	    size_t *internalDataInBytes, size_t *workspaceInBytes)                                 \
	{                                                                                          \
		return buffer_info(handle, n, nnzA, descrA, csrValA, csrRowPtrA, csrColIndA, info, \
				   internalDataInBytes, workspaceInBytes);                         \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrluFactorHost(                                          \
	    cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,           \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, csrluInfoHost_t info,  \
	    R pivot_threshold, void *pBuffer)                                                      \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return factor(handle, n, nnzA, descrA, csrValA, SINGLE, csrRowPtrA, csrColIndA,    \
			      info, pivot_threshold);                                              \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrluZeroPivotHost(                                       \
	    cusolverSpHandle_t handle, csrluInfoHost_t info, R tol, int *position)                 \
	{                                                                                          \
		return zero_pivot(handle, info, tol, position);                                    \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrluSolveHost(cusolverSpHandle_t handle, int n,          \
							const T *b, T *x, csrluInfoHost_t info,    \
							void *pBuffer)                             \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return solve(handle, n, b, x, SINGLE, info);                                       \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrluExtractHost(                                         \
	    cusolverSpHandle_t handle, int *P, int *Q, const cusparseMatDescr_t descrL,            \
	    T *csrValL, int *csrRowPtrL, int *csrColIndL, const cusparseMatDescr_t descrU,         \
	    T *csrValU, int *csrRowPtrU, int *csrColIndU, csrluInfoHost_t info, void *pBuffer)     \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return extract(handle, P, Q, descrL, csrValL, csrRowPtrL, csrColIndL, descrU,      \
			       csrValU, csrRowPtrU, csrColIndU, SINGLE, info);                     \
	}
LU_CALLS(S, float, float, true)
LU_CALLS(D, double, double, false)
