// SPDX-License-Identifier: MIT
/*
 * rf.c - cuSOLVER's refactorization API (cusolverRf.h): the handle and its
 * settings, the setup from a first factorization P A Q^T = L U (host and
 * device forms: one address space), new values of A (ResetValues), the
 * refactorization and solves (rf_numeric.c), the factors taken out; each
 * for one matrix or a batch of one pattern.  Internally the factors are
 * Doolittle's (L unit); a program's L and U in the other forms of
 * cusolverRfUnitDiagonal_t are converted on the way in and out.
 */
#include <stdlib.h>
#include <string.h>
#include "rf_internal.h"

cusolverStatus_t cusolverRfCreate(cusolverRfHandle_t *handle)
{
	struct cusolverRfCommon *h;

	if (!handle)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (!(h = calloc(1, sizeof(*h))))
		return CUSOLVER_STATUS_ALLOC_FAILED;
	h->format = CUSOLVERRF_MATRIX_FORMAT_CSR;
	h->unit = CUSOLVERRF_UNIT_DIAGONAL_STORED_L;
	h->fact_alg = CUSOLVERRF_FACTORIZATION_ALG0;
	h->solve_alg = CUSOLVERRF_TRIANGULAR_SOLVE_ALG1;
	h->fast_mode = CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF;
	*handle = h;
	return CUSOLVER_STATUS_SUCCESS;
}

static void drop_values(struct cusolverRfCommon *h)
{
	for (int b = 0; b < h->batch; b++) {
		free(h->a ? h->a[b] : NULL);
		free(h->lu ? h->lu[b] : NULL);
	}
	free(h->a), free(h->lu), free(h->zero_at);
	h->a = h->lu = NULL;
	h->zero_at = NULL;
	h->batch = 0;
	rf_pattern_free(&h->pat);
	h->set_up = false;
}

cusolverStatus_t cusolverRfDestroy(cusolverRfHandle_t handle)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	drop_values(handle);
	free(handle);
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetMatrixFormat(cusolverRfHandle_t handle,
					   cusolverRfMatrixFormat_t *format,
					   cusolverRfUnitDiagonal_t *diag)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!format || !diag)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*format = handle->format, *diag = handle->unit;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSetMatrixFormat(cusolverRfHandle_t handle,
					   cusolverRfMatrixFormat_t format,
					   cusolverRfUnitDiagonal_t diag)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if ((format != CUSOLVERRF_MATRIX_FORMAT_CSR && format != CUSOLVERRF_MATRIX_FORMAT_CSC) ||
	    diag < CUSOLVERRF_UNIT_DIAGONAL_STORED_L || diag > CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_U)
		return CUSOLVER_STATUS_INVALID_VALUE;
	handle->format = format, handle->unit = diag;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSetNumericProperties(cusolverRfHandle_t handle, double zero,
						double boost)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!(zero >= 0) || !(boost >= 0))
		return CUSOLVER_STATUS_INVALID_VALUE;
	handle->zero = zero, handle->boost = boost;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetNumericProperties(cusolverRfHandle_t handle, double *zero,
						double *boost)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!zero || !boost)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*zero = handle->zero, *boost = handle->boost;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetNumericBoostReport(cusolverRfHandle_t handle,
						 cusolverRfNumericBoostReport_t *report)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!report)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*report =
	    handle->boosted ? CUSOLVERRF_NUMERIC_BOOST_USED : CUSOLVERRF_NUMERIC_BOOST_NOT_USED;
	return CUSOLVER_STATUS_SUCCESS;
}

/* The algorithms are cuSOLVER's ways of running in parallel on a GPU; one way runs here. */
cusolverStatus_t cusolverRfSetAlgs(cusolverRfHandle_t handle, cusolverRfFactorization_t factAlg,
				   cusolverRfTriangularSolve_t solveAlg)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (factAlg < CUSOLVERRF_FACTORIZATION_ALG0 || factAlg > CUSOLVERRF_FACTORIZATION_ALG2 ||
	    solveAlg < CUSOLVERRF_TRIANGULAR_SOLVE_ALG1 ||
	    solveAlg > CUSOLVERRF_TRIANGULAR_SOLVE_ALG3)
		return CUSOLVER_STATUS_INVALID_VALUE;
	handle->fact_alg = factAlg, handle->solve_alg = solveAlg;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetAlgs(cusolverRfHandle_t handle, cusolverRfFactorization_t *factAlg,
				   cusolverRfTriangularSolve_t *solveAlg)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!factAlg || !solveAlg)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*factAlg = handle->fact_alg, *solveAlg = handle->solve_alg;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetResetValuesFastMode(cusolverRfHandle_t handle,
						  cusolverRfResetValuesFastMode_t *fastMode)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!fastMode)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*fastMode = handle->fast_mode;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSetResetValuesFastMode(cusolverRfHandle_t handle,
						  cusolverRfResetValuesFastMode_t fastMode)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (fastMode != CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF &&
	    fastMode != CUSOLVERRF_RESET_VALUES_FAST_MODE_ON)
		return CUSOLVER_STATUS_INVALID_VALUE;
	handle->fast_mode = fastMode;
	return CUSOLVER_STATUS_SUCCESS;
}

/* A compressed n x n matrix of nnz entries, 0-based: pointers from 0 to nnz, indices in range. */
static bool compressed_ok(int n, int nnz, const int *ptr, const int *ind, const double *val)
{
	if (nnz < 0 || !ptr || (nnz && (!ind || !val)) || ptr[0] != 0 || ptr[n] != nnz)
		return false;
	for (int i = 0; i < n; i++)
		if (ptr[i + 1] < ptr[i])
			return false;
	for (int e = 0; e < nnz; e++)
		if (ind[e] < 0 || ind[e] >= n)
			return false;
	return true;
}

/* A permutation of 0..n-1; its inverse into inv. */
static bool permutation_ok(int n, const int *p, int *inv)
{
	if (!p)
		return false;
	for (int i = 0; i < n; i++)
		inv[i] = -1;
	for (int i = 0; i < n; i++) {
		if (p[i] < 0 || p[i] >= n || inv[p[i]] >= 0)
			return false;
		inv[p[i]] = i;
	}
	return true;
}

/* Entry e of a factor given in the handle's format (CSC: ptr are column starts). */
static struct rf_entry factor_entry(const struct cusolverRfCommon *h, const int *ptr,
				    const int *ind, const double *val, int outer, int e)
{
	struct rf_entry x = {outer, ind[e], val[e]};

	(void)ptr;
	if (h->format == CUSOLVERRF_MATRIX_FORMAT_CSC)
		x.i = ind[e], x.j = outer;
	return x;
}

static bool unit_l(const struct cusolverRfCommon *h)
{
	return h->unit == CUSOLVERRF_UNIT_DIAGONAL_STORED_L ||
	       h->unit == CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L;
}

/* The given factors' values into Doolittle's form in lu (zeros elsewhere); false if one is
 * misplaced. */
static bool place_factors(const struct cusolverRfCommon *h, const int *lp, const int *li,
			  const double *lv, const int *up, const int *ui, const double *uv,
			  double *lu, double *d)
{
	const struct rf_pattern *p = &h->pat;
	int n = p->n;

	memset(lu, 0, (size_t)p->nnz * sizeof(double));
	for (int i = 0; i < n; i++)
		d[i] = 1;
	if (!unit_l(h)) /* the pivots are L's diagonal */
		for (int o = 0; o < n; o++)
			for (int e = lp[o]; e < lp[o + 1]; e++) {
				struct rf_entry x = factor_entry(h, lp, li, lv, o, e);

				if (x.i == x.j)
					d[x.i] = x.v;
			}
	for (int o = 0; o < n; o++)
		for (int e = lp[o]; e < lp[o + 1]; e++) {
			struct rf_entry x = factor_entry(h, lp, li, lv, o, e);

			if (x.j > x.i)
				return false;
			if (x.j < x.i)
				lu[rf_pattern_find(p, x.i, x.j)] = unit_l(h) ? x.v : x.v / d[x.j];
		}
	for (int o = 0; o < n; o++)
		for (int e = up[o]; e < up[o + 1]; e++) {
			struct rf_entry x = factor_entry(h, up, ui, uv, o, e);

			if (x.j < x.i)
				return false;
			if (x.j > x.i || unit_l(h))
				lu[rf_pattern_find(p, x.i, x.j)] = unit_l(h) ? x.v : x.v * d[x.i];
		}
	if (!unit_l(h))
		for (int i = 0; i < n; i++)
			lu[p->diag[i]] = d[i];
	return true;
}

/* M = P A Q^T's values in the pattern (zeros at the fill); false if an entry is outside it. */
static bool place_matrix(const struct rf_pattern *p, const int *ptr, const int *ind,
			 const double *val, const int *P, const int *qinv, double *a)
{
	memset(a, 0, (size_t)p->nnz * sizeof(double));
	for (int i = 0; i < p->n; i++)
		for (int e = ptr[P[i]]; e < ptr[P[i] + 1]; e++) {
			long at = rf_pattern_find(p, i, qinv[ind[e]]);

			if (at < 0)
				return false;
			a[at] += val[e];
		}
	return true;
}

/* Every entry of M and of the given factors, for the pattern. */
static struct rf_entry *entries(const struct cusolverRfCommon *h, int n, int nnzA, const int *ptrA,
				const int *indA, const int *P, const int *qinv, int nnzL,
				const int *lp, const int *li, int nnzU, const int *up,
				const int *ui, long *count)
{
	struct rf_entry *e = malloc(((size_t)nnzA + (size_t)nnzL + (size_t)nnzU + 1) * sizeof(*e));
	long c = 0;

	if (!e)
		return NULL;
	for (int i = 0; i < n; i++)
		for (int k = ptrA[P[i]]; k < ptrA[P[i] + 1]; k++)
			e[c++] = (struct rf_entry){i, qinv[indA[k]], 0};
	for (int o = 0; o < n; o++) {
		for (int k = lp[o]; k < lp[o + 1]; k++)
			e[c++] = h->format == CUSOLVERRF_MATRIX_FORMAT_CSC
				     ? (struct rf_entry){li[k], o, 0}
				     : (struct rf_entry){o, li[k], 0};
		for (int k = up[o]; k < up[o + 1]; k++)
			e[c++] = h->format == CUSOLVERRF_MATRIX_FORMAT_CSC
				     ? (struct rf_entry){ui[k], o, 0}
				     : (struct rf_entry){o, ui[k], 0};
	}
	*count = c;
	return e;
}

/* Setup of `batch` matrices A (values valA[b]) with the factors of the first factorization. */
static cusolverStatus_t setup(int batch, int n, int nnzA, int *ptrA, int *indA, double **valA,
			      int nnzL, int *lp, int *li, double *lv, int nnzU, int *up, int *ui,
			      double *uv, int *P, int *Q, cusolverRfHandle_t h)
{
	cusolverStatus_t st = CUSOLVER_STATUS_ALLOC_FAILED;
	struct rf_entry *e = NULL;
	int *qinv = NULL, *pinv = NULL;
	double *d = NULL;
	long count = 0;

	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (n < 1 || batch < 1 || !valA)
		return CUSOLVER_STATUS_INVALID_VALUE;
	for (int b = 0; b < batch; b++)
		if (!compressed_ok(n, nnzA, ptrA, indA, valA[b]))
			return CUSOLVER_STATUS_INVALID_VALUE;
	if (!compressed_ok(n, nnzL, lp, li, lv) || !compressed_ok(n, nnzU, up, ui, uv))
		return CUSOLVER_STATUS_INVALID_VALUE;
	drop_values(h);
	qinv = malloc((size_t)n * sizeof(int));
	pinv = malloc((size_t)n * sizeof(int));
	d = malloc((size_t)n * sizeof(double));
	if (!qinv || !pinv || !d)
		goto out;
	st = CUSOLVER_STATUS_INVALID_VALUE;
	if (!permutation_ok(n, P, pinv) || !permutation_ok(n, Q, qinv))
		goto out;
	st = CUSOLVER_STATUS_ALLOC_FAILED;
	if (!(e = entries(h, n, nnzA, ptrA, indA, P, qinv, nnzL, lp, li, nnzU, up, ui, &count)) ||
	    rf_pattern_build(&h->pat, n, e, count))
		goto out;
	h->a = calloc((size_t)batch, sizeof(double *));
	h->lu = calloc((size_t)batch, sizeof(double *));
	h->zero_at = malloc((size_t)batch * sizeof(int));
	if (!h->a || !h->lu || !h->zero_at)
		goto out;
	h->batch = batch;
	for (int b = 0; b < batch; b++) {
		h->a[b] = malloc((size_t)h->pat.nnz * sizeof(double));
		h->lu[b] = malloc((size_t)h->pat.nnz * sizeof(double));
		if (!h->a[b] || !h->lu[b])
			goto out;
		h->zero_at[b] = -1;
		place_matrix(&h->pat, ptrA, indA, valA[b], P, qinv, h->a[b]);
		st = CUSOLVER_STATUS_INVALID_VALUE;
		if (!place_factors(h, lp, li, lv, up, ui, uv, h->lu[b], d))
			goto out;
		st = CUSOLVER_STATUS_ALLOC_FAILED;
	}
	h->set_up = true;
	st = CUSOLVER_STATUS_SUCCESS;
out:
	if (st != CUSOLVER_STATUS_SUCCESS)
		drop_values(h);
	free(e), free(qinv), free(pinv), free(d);
	return st;
}

cusolverStatus_t cusolverRfSetupHost(int n, int nnzA, int *h_csrRowPtrA, int *h_csrColIndA,
				     double *h_csrValA, int nnzL, int *h_csrRowPtrL,
				     int *h_csrColIndL, double *h_csrValL, int nnzU,
				     int *h_csrRowPtrU, int *h_csrColIndU, double *h_csrValU,
				     int *h_P, int *h_Q, cusolverRfHandle_t handle)
{
	return setup(1, n, nnzA, h_csrRowPtrA, h_csrColIndA, &h_csrValA, nnzL, h_csrRowPtrL,
		     h_csrColIndL, h_csrValL, nnzU, h_csrRowPtrU, h_csrColIndU, h_csrValU, h_P, h_Q,
		     handle);
}

/* one address space: device memory is host memory */
cusolverStatus_t cusolverRfSetupDevice(int n, int nnzA, int *csrRowPtrA, int *csrColIndA,
				       double *csrValA, int nnzL, int *csrRowPtrL, int *csrColIndL,
				       double *csrValL, int nnzU, int *csrRowPtrU, int *csrColIndU,
				       double *csrValU, int *P, int *Q, cusolverRfHandle_t handle)
{
	return cusolverRfSetupHost(n, nnzA, csrRowPtrA, csrColIndA, csrValA, nnzL, csrRowPtrL,
				   csrColIndL, csrValL, nnzU, csrRowPtrU, csrColIndU, csrValU, P, Q,
				   handle);
}

cusolverStatus_t cusolverRfBatchSetupHost(int batchSize, int n, int nnzA, int *h_csrRowPtrA,
					  int *h_csrColIndA, double *h_csrValA_array[], int nnzL,
					  int *h_csrRowPtrL, int *h_csrColIndL, double *h_csrValL,
					  int nnzU, int *h_csrRowPtrU, int *h_csrColIndU,
					  double *h_csrValU, int *h_P, int *h_Q,
					  cusolverRfHandle_t handle)
{
	return setup(batchSize, n, nnzA, h_csrRowPtrA, h_csrColIndA, h_csrValA_array, nnzL,
		     h_csrRowPtrL, h_csrColIndL, h_csrValL, nnzU, h_csrRowPtrU, h_csrColIndU,
		     h_csrValU, h_P, h_Q, handle);
}

/* New values of the batch's matrices, same pattern, same P and Q. */
static cusolverStatus_t reset(int batch, int n, int nnzA, int *ptr, int *ind, double **val, int *P,
			      int *Q, cusolverRfHandle_t h)
{
	int *qinv, *pinv;
	cusolverStatus_t st = CUSOLVER_STATUS_INVALID_VALUE;

	if (!h || !h->set_up)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (n != h->pat.n || batch != h->batch || !val)
		return CUSOLVER_STATUS_INVALID_VALUE;
	for (int b = 0; b < batch; b++)
		if (!compressed_ok(n, nnzA, ptr, ind, val[b]))
			return CUSOLVER_STATUS_INVALID_VALUE;
	qinv = malloc((size_t)n * sizeof(int));
	pinv = malloc((size_t)n * sizeof(int));
	if (!qinv || !pinv) {
		free(qinv), free(pinv);
		return CUSOLVER_STATUS_ALLOC_FAILED;
	}
	if (permutation_ok(n, P, pinv) && permutation_ok(n, Q, qinv)) {
		st = CUSOLVER_STATUS_SUCCESS;
		for (int b = 0; b < batch && st == CUSOLVER_STATUS_SUCCESS; b++)
			if (!place_matrix(&h->pat, ptr, ind, val[b], P, qinv, h->a[b]))
				st = CUSOLVER_STATUS_INVALID_VALUE; /* an entry the pattern never
								       had */
	}
	free(qinv), free(pinv);
	return st;
}

cusolverStatus_t cusolverRfResetValues(int n, int nnzA, int *csrRowPtrA, int *csrColIndA,
				       double *csrValA, int *P, int *Q, cusolverRfHandle_t handle)
{
	return reset(1, n, nnzA, csrRowPtrA, csrColIndA, &csrValA, P, Q, handle);
}

cusolverStatus_t cusolverRfBatchResetValues(int batchSize, int n, int nnzA, int *csrRowPtrA,
					    int *csrColIndA, double *csrValA_array[], int *P,
					    int *Q, cusolverRfHandle_t handle)
{
	return reset(batchSize, n, nnzA, csrRowPtrA, csrColIndA, csrValA_array, P, Q, handle);
}

/* The analysis plans cuSOLVER's parallel schedule; the pattern here is made at setup. */
cusolverStatus_t cusolverRfAnalyze(cusolverRfHandle_t handle)
{
	if (!handle || !handle->set_up)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfBatchAnalyze(cusolverRfHandle_t handle)
{
	return cusolverRfAnalyze(handle);
}

/* Every matrix of the batch refactored; SUCCESS, or ALLOC_FAILED. */
static cusolverStatus_t refactor_all(cusolverRfHandle_t h)
{
	h->boosted = false;
	for (int b = 0; b < h->batch; b++) {
		int z = rf_refactor(&h->pat, h->a[b], h->lu[b], h->zero, h->boost, &h->boosted);

		if (z == -2)
			return CUSOLVER_STATUS_ALLOC_FAILED;
		h->zero_at[b] = z;
	}
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfRefactor(cusolverRfHandle_t handle)
{
	cusolverStatus_t st;

	if (!handle || !handle->set_up)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	st = refactor_all(handle);
	if (st == CUSOLVER_STATUS_SUCCESS && handle->zero_at[0] >= 0)
		return CUSOLVER_STATUS_ZERO_PIVOT;
	return st;
}

/* A batch's zero pivots are read with cusolverRfBatchZeroPivot. */
cusolverStatus_t cusolverRfBatchRefactor(cusolverRfHandle_t handle)
{
	if (!handle || !handle->set_up)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	return refactor_all(handle);
}

cusolverStatus_t cusolverRfBatchZeroPivot(cusolverRfHandle_t handle, int *position)
{
	bool any = false;

	if (!handle || !handle->set_up)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!position)
		return CUSOLVER_STATUS_INVALID_VALUE;
	for (int b = 0; b < handle->batch; b++) {
		position[b] = handle->zero_at[b];
		any |= position[b] >= 0;
	}
	return any ? CUSOLVER_STATUS_ZERO_PIVOT : CUSOLVER_STATUS_SUCCESS;
}

/* x := A^{-1} x: t = x(P), L U t' = t, x(Q) = t'. */
static cusolverStatus_t solve_one(cusolverRfHandle_t h, const double *lu, const int *P,
				  const int *Q, double *t, double *x)
{
	int n = h->pat.n;

	for (int i = 0; i < n; i++)
		t[i] = x[P[i]];
	rf_lu_solve(&h->pat, lu, t);
	for (int j = 0; j < n; j++)
		x[Q[j]] = t[j];
	return CUSOLVER_STATUS_SUCCESS;
}

/* cuSOLVER solves one right-hand side; P and Q must be permutations (those of the setup). */
static cusolverStatus_t solve_checks(cusolverRfHandle_t h, const int *P, const int *Q, int nrhs,
				     const double *t, int ldt, int ldxf)
{
	int *inv;
	bool ok;

	if (!h || !h->set_up)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (nrhs != 1)
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	if (!t || ldt < h->pat.n || ldxf < h->pat.n)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (!(inv = malloc((size_t)h->pat.n * sizeof(int))))
		return CUSOLVER_STATUS_ALLOC_FAILED;
	ok = permutation_ok(h->pat.n, P, inv) && permutation_ok(h->pat.n, Q, inv);
	free(inv);
	return ok ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_INVALID_VALUE;
}

cusolverStatus_t cusolverRfSolve(cusolverRfHandle_t handle, int *P, int *Q, int nrhs, double *Temp,
				 int ldt, double *XF, int ldxf)
{
	cusolverStatus_t st = solve_checks(handle, P, Q, nrhs, Temp, ldt, ldxf);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!XF)
		return CUSOLVER_STATUS_INVALID_VALUE;
	return solve_one(handle, handle->lu[0], P, Q, Temp, XF);
}

cusolverStatus_t cusolverRfBatchSolve(cusolverRfHandle_t handle, int *P, int *Q, int nrhs,
				      double *Temp, int ldt, double *XF_array[], int ldxf)
{
	cusolverStatus_t st = solve_checks(handle, P, Q, nrhs, Temp, ldt, ldxf);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!XF_array)
		return CUSOLVER_STATUS_INVALID_VALUE;
	for (int b = 0; b < handle->batch; b++)
		if (!XF_array[b])
			return CUSOLVER_STATUS_INVALID_VALUE;
	for (int b = 0; b < handle->batch; b++)
		solve_one(handle, handle->lu[b], P, Q, Temp, XF_array[b]);
	return CUSOLVER_STATUS_SUCCESS;
}
