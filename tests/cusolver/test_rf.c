// SPDX-License-Identifier: MIT
/*
 * test_rf.c - lib/cusolver's refactorization (cusolverRf.h) against
 * references computed here: a nonsymmetric sparse matrix A with row and
 * column permutations P, Q; M = P A Q^T (M(i, j) = A(P[i], Q[j])) factored
 * densely by the test's own Doolittle loop (no pivoting; M is diagonally
 * dominant); its L and U handed to cusolverRfSetupHost in each unit-diagonal
 * form and in CSR and CSC; then A2 of the same pattern and other values
 * (ResetValues, Refactor): the factors taken out equal the test's dense
 * LU of P A2 Q^T entry by entry, and Solve gives the x the test chose
 * (b = A2 x formed from the CSR entries); a batch of three; a zero pivot
 * (reported, and replaced by the boost value); the statuses.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cusolverRf.h>
#include "tap.h"

enum { N = 12 };

struct mat {
	int nnz, ptr[N + 1], ind[6 * N];
	double val[6 * N];
};

/* A nonsymmetric pattern with fill (each row: diagonal, two neighbours, one far column); values
 * from a seed. */
static void make(struct mat *a, double seed)
{
	a->nnz = 0;
	for (int i = 0; i < N; i++) {
		int cols[4] = {i, (i + 1) % N, (i + 5) % N, (i * 7 + 3) % N};

		a->ptr[i] = a->nnz;
		for (int t = 0; t < 4; t++) {
			int dup = 0;

			for (int u = 0; u < t; u++)
				dup |= cols[u] == cols[t];
			if (dup)
				continue;
			a->ind[a->nnz] = cols[t];
			a->val[a->nnz++] =
			    cols[t] == i ? 8.0 + seed + i % 3 : sin(seed * (i + 1) + t) - 0.25;
		}
	}
	a->ptr[N] = a->nnz;
}

static const int P[N] = {3, 0, 7, 1, 11, 4, 9, 2, 5, 10, 6, 8};
static const int Q[N] = {3, 0, 7, 1,  11, 4,
			 9, 2, 5, 10, 6,  8}; /* symmetric permutation: M keeps A's diagonal */

/* dense M = P A Q^T and its Doolittle LU in place (L unit below, U on and above the diagonal) */
static void dense_lu(const struct mat *a, double m[N][N])
{
	int qinv[N];

	memset(m, 0, sizeof(double) * N * N);
	for (int j = 0; j < N; j++)
		qinv[Q[j]] = j;
	for (int i = 0; i < N; i++)
		for (int e = a->ptr[P[i]]; e < a->ptr[P[i] + 1]; e++)
			m[i][qinv[a->ind[e]]] += a->val[e];
	for (int k = 0; k < N; k++)
		for (int i = k + 1; i < N; i++) {
			m[i][k] /= m[k][k];
			for (int j = k + 1; j < N; j++)
				m[i][j] -= m[i][k] * m[k][j];
		}
}

/* the factors in compressed form: lower or upper part of lu; form as cusolverRfUnitDiagonal_t; csc:
 * by column */
struct factors {
	int lp[N + 1], li[N * N], up[N + 1], ui[N * N];
	double lv[N * N], uv[N * N];
	int nl, nu;
};

static void compress(double lu[N][N], cusolverRfUnitDiagonal_t form, int csc, struct factors *f)
{
	int unit_l =
	    form == CUSOLVERRF_UNIT_DIAGONAL_STORED_L || form == CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L;
	int stored =
	    form == CUSOLVERRF_UNIT_DIAGONAL_STORED_L || form == CUSOLVERRF_UNIT_DIAGONAL_STORED_U;

	f->nl = f->nu = 0;
	for (int o = 0; o < N; o++) {
		f->lp[o] = f->nl, f->up[o] = f->nu;
		for (int x = 0; x < N; x++) {
			int i = csc ? x : o, j = csc ? o : x;
			double d_i = lu[i][i], d_j = lu[j][j];

			if (j < i &&
			    lu[i][j] != 0) /* L: Doolittle's, or Crout's (times U's pivots) */
				f->li[f->nl] = x,
				f->lv[f->nl++] = unit_l ? lu[i][j] : lu[i][j] * d_j;
			if (j > i && lu[i][j] != 0)
				f->ui[f->nu] = x,
				f->uv[f->nu++] = unit_l ? lu[i][j] : lu[i][j] / d_i;
			if (i == j && unit_l) {
				f->ui[f->nu] = x, f->uv[f->nu++] = lu[i][i];
				if (stored)
					f->li[f->nl] = x, f->lv[f->nl++] = 1.0;
			}
			if (i == j && !unit_l) {
				f->li[f->nl] = x, f->lv[f->nl++] = lu[i][i];
				if (stored)
					f->ui[f->nu] = x, f->uv[f->nu++] = 1.0;
			}
		}
	}
	f->lp[N] = f->nl, f->up[N] = f->nu;
}

/* b = A x */
static void product(const struct mat *a, const double *x, double *b)
{
	for (int i = 0; i < N; i++) {
		b[i] = 0;
		for (int e = a->ptr[i]; e < a->ptr[i + 1]; e++)
			b[i] += a->val[e] * x[a->ind[e]];
	}
}

static double max_diff(const double *a, const double *b, int n)
{
	double w = 0;

	for (int i = 0; i < n; i++)
		w = fmax(w, fabs(a[i] - b[i]));
	return w;
}

/* A CSR matrix (0-based) against a dense one: every entry, absent ones zero. */
static double csr_vs_dense(const int *ptr, const int *ind, const double *val, double d[N][N])
{
	double full[N][N] = {{0}}, w = 0;

	for (int i = 0; i < N; i++)
		for (int e = ptr[i]; e < ptr[i + 1]; e++)
			full[i][ind[e]] += val[e];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			w = fmax(w, fabs(full[i][j] - d[i][j]));
	return w;
}

static int *dup_int(const int *v)
{
	int *c = malloc(N * sizeof(int));

	memcpy(c, v, N * sizeof(int));
	return c;
}

/* Setup from A1's factors in one form, refactor on A2; factors and solution against the dense
 * reference. */
static void one_form(cusolverRfUnitDiagonal_t form, int csc, const char *name)
{
	struct mat a1, a2;
	static struct factors f;
	double lu1[N][N], lu2[N][N], x[N], b[N], t[N], want_l[N][N] = {{0}}, want_u[N][N] = {{0}};
	int unit_l = form <= CUSOLVERRF_UNIT_DIAGONAL_STORED_U
			 ? form == CUSOLVERRF_UNIT_DIAGONAL_STORED_L
			 : form == CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L;
	int stored =
	    form == CUSOLVERRF_UNIT_DIAGONAL_STORED_L || form == CUSOLVERRF_UNIT_DIAGONAL_STORED_U;
	int *p = dup_int(P), *q = dup_int(Q), nl, nu, *lp, *li, *up, *ui;
	double *lv, *uv;
	cusolverRfHandle_t h;
	cusolverStatus_t st;

	make(&a1, 1.0), make(&a2, 2.5);
	dense_lu(&a1, lu1), dense_lu(&a2, lu2);
	compress(lu1, form, csc, &f);
	tap_ok(cusolverRfCreate(&h) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfSetMatrixFormat(
		       h, csc ? CUSOLVERRF_MATRIX_FORMAT_CSC : CUSOLVERRF_MATRIX_FORMAT_CSR,
		       form) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfSetupHost(N, a1.nnz, a1.ptr, a1.ind, a1.val, f.nl, f.lp, f.li, f.lv,
				       f.nu, f.up, f.ui, f.uv, p, q,
				       h) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfAnalyze(h) == CUSOLVER_STATUS_SUCCESS,
	       "%s: SetupHost from the first factors, Analyze", name);
	for (int i = 0; i < N; i++)
		x[i] = 1.0 + 0.1 * i;
	product(&a1, x, b);
	st = cusolverRfSolve(h, p, q, 1, t, N, b, N);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && max_diff(b, x, N) < 1e-12,
	       "%s: Solve with the given factors gives A1's x (error %.2g)", name,
	       max_diff(b, x, N));
	tap_ok(cusolverRfResetValues(N, a2.nnz, a2.ptr, a2.ind, a2.val, p, q, h) ==
		       CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfRefactor(h) == CUSOLVER_STATUS_SUCCESS,
	       "%s: ResetValues to A2, Refactor", name);
	product(&a2, x, b);
	st = cusolverRfSolve(h, p, q, 1, t, N, b, N);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && max_diff(b, x, N) < 1e-12,
	       "%s: Solve gives A2's x (error %.2g)", name, max_diff(b, x, N));
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			double v = lu2[i][j];

			if (j < i)
				want_l[i][j] = unit_l ? v : v * lu2[j][j];
			else if (j > i)
				want_u[i][j] = unit_l ? v : v / lu2[i][i];
			else if (unit_l)
				want_u[i][i] = v, want_l[i][i] = stored;
			else
				want_l[i][i] = v, want_u[i][i] = stored;
		}
	tap_ok(cusolverRfExtractSplitFactorsHost(h, &nl, &lp, &li, &lv, &nu, &up, &ui, &uv) ==
		       CUSOLVER_STATUS_SUCCESS &&
		   csr_vs_dense(lp, li, lv, want_l) < 1e-12 &&
		   csr_vs_dense(up, ui, uv, want_u) < 1e-12,
	       "%s: ExtractSplitFactorsHost: L and U of P A2 Q^T as the dense LU, in this form",
	       name);
	free(lp), free(li), free(lv), free(up), free(ui), free(uv);
	cusolverRfDestroy(h);
	free(p), free(q);
}

TAP_TEST(forms)
{
	one_form(CUSOLVERRF_UNIT_DIAGONAL_STORED_L, 0, "CSR, unit L stored");
	one_form(CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L, 0, "CSR, unit L assumed");
	one_form(CUSOLVERRF_UNIT_DIAGONAL_STORED_U, 0, "CSR, unit U stored");
	one_form(CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_U, 1, "CSC, unit U assumed");
}

/* The bundled M: L's strictly lower part and U, as the dense LU. */
TAP_TEST(bundled)
{
	struct mat a;
	static struct factors f;
	double lu[N][N];
	int *p = dup_int(P), *q = dup_int(Q), nnz, *mp, *mi, dnnz, *dp, *di;
	double *mx, *dx;
	cusolverRfHandle_t h;

	make(&a, 0.5);
	dense_lu(&a, lu);
	compress(lu, CUSOLVERRF_UNIT_DIAGONAL_STORED_L, 0, &f);
	cusolverRfCreate(&h);
	tap_ok(cusolverRfSetupDevice(N, a.nnz, a.ptr, a.ind, a.val, f.nl, f.lp, f.li, f.lv, f.nu,
				     f.up, f.ui, f.uv, p, q, h) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfRefactor(h) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfExtractBundledFactorsHost(h, &nnz, &mp, &mi, &mx) ==
		       CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfAccessBundledFactorsDevice(h, &dnnz, &dp, &di, &dx) ==
		       CUSOLVER_STATUS_SUCCESS,
	       "SetupDevice, Refactor, ExtractBundledFactorsHost, AccessBundledFactorsDevice");
	tap_ok(csr_vs_dense(mp, mi, mx, lu) < 1e-12 && csr_vs_dense(dp, di, dx, lu) < 1e-12 &&
		   nnz == dnnz,
	       "M = L - I + U, both ways, as the dense LU (%d entries with the fill)", nnz);
	free(mp), free(mi), free(mx);
	cusolverRfDestroy(h);
	free(p), free(q);
}

TAP_TEST(batch)
{
	enum { B = 3 };
	struct mat a[B];
	static struct factors f;
	double lu[N][N], x[N], bv[B][N], t[2 * B * N], *vals[B], *xs[B];
	int *p = dup_int(P), *q = dup_int(Q), pos[B] = {7, 7, 7}, ok = 1;
	cusolverRfHandle_t h;

	for (int k = 0; k < B; k++) {
		make(&a[k], 1.0 + k);
		vals[k] = a[k].val, xs[k] = bv[k];
	}
	dense_lu(&a[0], lu);
	compress(lu, CUSOLVERRF_UNIT_DIAGONAL_STORED_L, 0, &f);
	cusolverRfCreate(&h);
	tap_ok(cusolverRfBatchSetupHost(B, N, a[0].nnz, a[0].ptr, a[0].ind, vals, f.nl, f.lp, f.li,
					f.lv, f.nu, f.up, f.ui, f.uv, p, q,
					h) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfBatchAnalyze(h) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfBatchResetValues(B, N, a[0].nnz, a[0].ptr, a[0].ind, vals, p, q, h) ==
		       CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfBatchRefactor(h) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfBatchZeroPivot(h, pos) == CUSOLVER_STATUS_SUCCESS,
	       "BatchSetupHost, Analyze, ResetValues, Refactor, ZeroPivot of %d matrices", B);
	tap_ok(pos[0] == -1 && pos[1] == -1 && pos[2] == -1, "no zero pivot: positions -1");
	for (int i = 0; i < N; i++)
		x[i] = cos(i);
	for (int k = 0; k < B; k++)
		product(&a[k], x, bv[k]);
	tap_ok(cusolverRfBatchSolve(h, p, q, 1, t, N, xs, N) == CUSOLVER_STATUS_SUCCESS,
	       "BatchSolve");
	for (int k = 0; k < B; k++)
		ok &= max_diff(bv[k], x, N) < 1e-12;
	tap_ok(ok, "each matrix's own x");
	cusolverRfDestroy(h);
	free(p), free(q);
}

/* A2 whose M has a zero pivot at row 0 (M(0,0) = A(P[0], Q[0]) = A(3, 3) set to 0). */
TAP_TEST(zero_pivot_and_boost)
{
	struct mat a1, a2;
	static struct factors f;
	double lu[N][N], *vals[1];
	int *p = dup_int(P), *q = dup_int(Q), pos = 9;
	cusolverRfNumericBoostReport_t rep = CUSOLVERRF_NUMERIC_BOOST_USED;
	cusolverRfHandle_t h;
	cusolverStatus_t st, st2;

	make(&a1, 1.0), make(&a2, 1.0);
	for (int e = a2.ptr[3]; e < a2.ptr[4]; e++)
		if (a2.ind[e] == 3)
			a2.val[e] = 0;
	dense_lu(&a1, lu);
	compress(lu, CUSOLVERRF_UNIT_DIAGONAL_STORED_L, 0, &f);
	cusolverRfCreate(&h);
	cusolverRfSetupHost(N, a1.nnz, a1.ptr, a1.ind, a1.val, f.nl, f.lp, f.li, f.lv, f.nu, f.up,
			    f.ui, f.uv, p, q, h);
	cusolverRfResetValues(N, a2.nnz, a2.ptr, a2.ind, a2.val, p, q, h);
	tap_ok(cusolverRfRefactor(h) == CUSOLVER_STATUS_ZERO_PIVOT &&
		   cusolverRfGetNumericBoostReport(h, &rep) == CUSOLVER_STATUS_SUCCESS &&
		   rep == CUSOLVERRF_NUMERIC_BOOST_NOT_USED,
	       "a zero pivot: Refactor ZERO_PIVOT, boost not used");
	tap_ok(cusolverRfSetNumericProperties(h, 1e-14, 1e-3) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfRefactor(h) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfGetNumericBoostReport(h, &rep) == CUSOLVER_STATUS_SUCCESS &&
		   rep == CUSOLVERRF_NUMERIC_BOOST_USED,
	       "with zero 1e-14, boost 1e-3: Refactor SUCCESS, boost used");
	cusolverRfDestroy(h);
	vals[0] = a2.val;
	cusolverRfCreate(&h);
	cusolverRfBatchSetupHost(1, N, a2.nnz, a2.ptr, a2.ind, vals, f.nl, f.lp, f.li, f.lv, f.nu,
				 f.up, f.ui, f.uv, p, q, h);
	st = cusolverRfBatchRefactor(h);
	st2 = cusolverRfBatchZeroPivot(h, &pos);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && st2 == CUSOLVER_STATUS_ZERO_PIVOT && pos == 0,
	       "batch: Refactor SUCCESS, BatchZeroPivot ZERO_PIVOT at position %d", pos);
	cusolverRfDestroy(h);
	free(p), free(q);
}

TAP_TEST(settings_and_statuses)
{
	cusolverRfHandle_t h;
	cusolverRfMatrixFormat_t fmt;
	cusolverRfUnitDiagonal_t diag;
	cusolverRfFactorization_t fa;
	cusolverRfTriangularSolve_t sa;
	cusolverRfResetValuesFastMode_t fm;
	double zero = 1, boost = 1, t[N], x[N] = {0};
	struct mat a;
	static struct factors f;
	double lu[N][N];
	int *p = dup_int(P), *q = dup_int(Q), bad[N];

	cusolverRfCreate(&h);
	tap_ok(cusolverRfGetMatrixFormat(h, &fmt, &diag) == CUSOLVER_STATUS_SUCCESS &&
		   fmt == CUSOLVERRF_MATRIX_FORMAT_CSR &&
		   diag == CUSOLVERRF_UNIT_DIAGONAL_STORED_L &&
		   cusolverRfGetNumericProperties(h, &zero, &boost) == CUSOLVER_STATUS_SUCCESS &&
		   zero == 0 && boost == 0 &&
		   cusolverRfGetAlgs(h, &fa, &sa) == CUSOLVER_STATUS_SUCCESS &&
		   fa == CUSOLVERRF_FACTORIZATION_ALG0 && sa == CUSOLVERRF_TRIANGULAR_SOLVE_ALG1 &&
		   cusolverRfGetResetValuesFastMode(h, &fm) == CUSOLVER_STATUS_SUCCESS &&
		   fm == CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF,
	       "defaults: CSR, unit L stored, zero 0, boost 0, ALG0/ALG1, fast mode off");
	tap_ok(cusolverRfSetAlgs(h, CUSOLVERRF_FACTORIZATION_ALG2,
				 CUSOLVERRF_TRIANGULAR_SOLVE_ALG3) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfGetAlgs(h, &fa, &sa) == CUSOLVER_STATUS_SUCCESS &&
		   fa == CUSOLVERRF_FACTORIZATION_ALG2 &&
		   cusolverRfSetResetValuesFastMode(h, CUSOLVERRF_RESET_VALUES_FAST_MODE_ON) ==
		       CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfSetAlgs(h, (cusolverRfFactorization_t)5,
				     CUSOLVERRF_TRIANGULAR_SOLVE_ALG1) ==
		       CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverRfSetMatrixFormat(h, (cusolverRfMatrixFormat_t)2,
					     CUSOLVERRF_UNIT_DIAGONAL_STORED_L) ==
		       CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverRfSetNumericProperties(h, -1, 0) == CUSOLVER_STATUS_INVALID_VALUE,
	       "settings kept; an unknown algorithm or format, a negative zero: INVALID_VALUE");
	tap_ok(cusolverRfRefactor(h) == CUSOLVER_STATUS_NOT_INITIALIZED &&
		   cusolverRfSolve(h, p, q, 1, t, N, x, N) == CUSOLVER_STATUS_NOT_INITIALIZED &&
		   cusolverRfRefactor(NULL) == CUSOLVER_STATUS_NOT_INITIALIZED &&
		   cusolverRfDestroy(NULL) == CUSOLVER_STATUS_NOT_INITIALIZED,
	       "before a setup, or no handle: NOT_INITIALIZED");
	make(&a, 1.0);
	dense_lu(&a, lu);
	compress(lu, CUSOLVERRF_UNIT_DIAGONAL_STORED_L, 0, &f);
	cusolverRfSetResetValuesFastMode(h, CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF);
	for (int i = 0; i < N; i++)
		bad[i] = i / 2; /* not a permutation */
	tap_ok(cusolverRfSetupHost(N, a.nnz, a.ptr, a.ind, a.val, f.nl, f.lp, f.li, f.lv, f.nu,
				   f.up, f.ui, f.uv, bad, q, h) == CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverRfSetupHost(0, a.nnz, a.ptr, a.ind, a.val, f.nl, f.lp, f.li, f.lv, f.nu,
				       f.up, f.ui, f.uv, p, q,
				       h) == CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverRfSetupHost(N, a.nnz, a.ptr, a.ind, a.val, f.nu, f.up, f.ui, f.uv, f.nl,
				       f.lp, f.li, f.lv, p, q, h) == CUSOLVER_STATUS_INVALID_VALUE,
	       "setup: P not a permutation, n 0, L and U swapped: INVALID_VALUE");
	tap_ok(cusolverRfSetupHost(N, a.nnz, a.ptr, a.ind, a.val, f.nl, f.lp, f.li, f.lv, f.nu,
				   f.up, f.ui, f.uv, p, q, h) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverRfSolve(h, p, q, 2, t, N, x, N) == CUSOLVER_STATUS_NOT_SUPPORTED &&
		   cusolverRfSolve(h, p, q, 1, t, N - 1, x, N) == CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverRfResetValues(N - 1, a.nnz, a.ptr, a.ind, a.val, p, q, h) ==
		       CUSOLVER_STATUS_INVALID_VALUE,
	       "solve: 2 right-hand sides NOT_SUPPORTED (cuSOLVER's limit), ldt below n "
	       "INVALID_VALUE; reset of "
	       "another size INVALID_VALUE");
	/* an entry the pattern (M's, with the fill) never had: row 0 of A is row 1 of M (P[1] = 0)
	 */
	int nnz, *mp, *mi, col = -1;
	double *mx;

	cusolverRfAccessBundledFactorsDevice(h, &nnz, &mp, &mi, &mx);
	for (int c = 0; c < N && col < 0; c++) {
		int in = 0, qc = 0;

		for (int j = 0; j < N; j++)
			if (Q[j] == c)
				qc = j;
		for (int e = mp[1]; e < mp[2]; e++)
			in |= mi[e] == qc;
		if (!in)
			col = c;
	}
	a.ind[0] = col;
	tap_ok(col >= 0 && cusolverRfResetValues(N, a.nnz, a.ptr, a.ind, a.val, p, q, h) ==
			       CUSOLVER_STATUS_INVALID_VALUE,
	       "reset with an entry outside the pattern (row 0, column %d): INVALID_VALUE", col);
	cusolverRfDestroy(h);
	free(p), free(q);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
