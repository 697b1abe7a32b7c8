// SPDX-License-Identifier: MIT
/*
 * test_ic0_sv2.c - lib/cusparse's legacy csric02 and csrsv2 families
 * against plain loops over dense copies of the matrices.  csric02: with L
 * read from the factored lower triangle, (L L^H)(i, j) = A(i, j) at every
 * (i, j) of A's lower pattern (the property that defines IC(0)) and the
 * upper triangle left as it was, for random Hermitian diagonally dominant
 * matrices in S, D, C, Z, bases 0 and 1, rows in any column order.
 * csrsv2: op(T) y = alpha x, T the triangle the descriptor names (unit
 * diagonal or not) of a matrix with entries in both triangles, multiplied
 * back densely, for every precision, triangle, diagonal type and N/T/C.
 * Then the zero pivots of both and the statuses of bad input.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "xorshift.h"
#include "typed_vals.h"
#include "tap.h"

static cusparseHandle_t H;

enum { M = 13 };

static const cudaDataType types[] = { CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F };

static double tol_of(cudaDataType t)
{
	return t == CUDA_R_32F || t == CUDA_C_32F ? 2e-5 : 1e-12;
}

/* A CSR matrix of the test and its dense copy; rows in reversed column order when unsorted. */
struct mat {
	int off[M + 1], col[M * M], nnz, base;
	double complex A[M][M];
	unsigned char mask[M][M];
	void *val;
};

/* hermitian: a Hermitian pattern and values, diagonally dominant; else entries anywhere */
static void build(struct mat *a, cudaDataType t, int base, int hermitian, int unsorted)
{
	memset(a->A, 0, sizeof(a->A));
	memset(a->mask, 0, sizeof(a->mask));
	for (int i = 0; i < M; i++)
		for (int j = 0; j <= i; j++) {
			if (i != j && urand() > -0.3)
				continue;
			double complex v = urand() + (tv_cplx(t) ? I * urand() : 0);

			if (i == j)
				v = hermitian ? M + creal(v) : 2 + v;
			a->mask[i][j] = 1, a->A[i][j] = v;
			if (i != j && (hermitian || urand() < 0.4))
				a->mask[j][i] = 1, a->A[j][i] = hermitian ? conj(v) : urand();
		}
	a->nnz = 0;
	a->base = base;
	cudaMalloc(&a->val, tv_size(t) * M * M);
	for (int i = 0; i < M; i++) {
		a->off[i] = a->nnz + base;
		for (int s = 0; s < M; s++) {
			int j = unsorted && i % 2 ? M - 1 - s : s;

			if (!a->mask[i][j])
				continue;
			tv_put(t, a->val, a->nnz, a->A[i][j]);
			a->A[i][j] = tv_get(t, a->val, a->nnz); /* as rounded to t */
			a->col[a->nnz++] = j + base;
		}
	}
	a->off[M] = a->nnz + base;
}

static cusparseMatDescr_t descr(int base)
{
	cusparseMatDescr_t d;

	cusparseCreateMatDescr(&d);
	cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
	return d;
}

typedef cusparseStatus_t (*ic_fn)(cusparseHandle_t, int, int, const cusparseMatDescr_t, void *, const int *,
				  const int *, csric02Info_t, cusparseSolvePolicy_t, void *);
typedef cusparseStatus_t (*ic_size_fn)(cusparseHandle_t, int, int, const cusparseMatDescr_t, void *, const int *,
				       const int *, csric02Info_t, int *);
static const ic_fn ic[] = { (ic_fn)cusparseScsric02, (ic_fn)cusparseDcsric02, (ic_fn)cusparseCcsric02,
			    (ic_fn)cusparseZcsric02 };
static const ic_fn ic_ana[] = { (ic_fn)cusparseScsric02_analysis, (ic_fn)cusparseDcsric02_analysis,
				(ic_fn)cusparseCcsric02_analysis, (ic_fn)cusparseZcsric02_analysis };
static const ic_size_fn ic_size[] = { (ic_size_fn)cusparseScsric02_bufferSize, (ic_size_fn)cusparseDcsric02_bufferSize,
				      (ic_size_fn)cusparseCcsric02_bufferSize, (ic_size_fn)cusparseZcsric02_bufferSize };

/* entries of (L L^H) that differ from A on A's lower pattern, plus upper entries that changed */
static int ic_wrong(const struct mat *a, cudaDataType t)
{
	double complex L[M][M] = { { 0 } };
	int wrong = 0;

	for (int i = 0; i < M; i++)
		for (int e = a->off[i] - a->base; e < a->off[i + 1] - a->base; e++) {
			int j = a->col[e] - a->base;

			if (j <= i)
				L[i][j] = tv_get(t, a->val, e);
			else
				wrong += tv_get(t, a->val, e) != a->A[i][j];
		}
	for (int i = 0; i < M; i++)
		for (int j = 0; j <= i; j++) {
			double complex s = 0;

			if (!a->mask[i][j])
				continue;
			for (int k = 0; k <= j; k++)
				s += L[i][k] * conj(L[j][k]);
			wrong += !(cabs(s - a->A[i][j]) <= tol_of(t) * (1 + cabs(a->A[i][j])));
		}
	return wrong;
}

TAP_TEST(ic0_factors)
{
	for (int p = 0; p < 4; p++)
		for (int variant = 0; variant <= 2; variant++) {
			struct mat a;
			int unsorted = variant == 2, base = variant & 1, size = 0, pos = 99;
			cusparseMatDescr_t d = descr(base);
			csric02Info_t info;
			void *buf;

			build(&a, types[p], base, 1, unsorted);
			cusparseStatus_t st = cusparseCreateCsric02Info(&info);
			st = st ? st : ic_size[p](H, M, a.nnz, d, a.val, a.off, a.col, info, &size);
			cudaMalloc(&buf, (size_t)size);
			st = st ? st : ic_ana[p](H, M, a.nnz, d, a.val, a.off, a.col, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
			st = st ? st : ic[p](H, M, a.nnz, d, a.val, a.off, a.col, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
			cusparseStatus_t zp = cusparseXcsric02_zeroPivot(H, info, &pos);
			int wrong = ic_wrong(&a, types[p]);
			tap_ok(!st && size > 0 && zp == CUSPARSE_STATUS_SUCCESS && pos == -1 && wrong == 0,
			       "%ccsric02, base %d, %d entries%s: (L L^H)(i,j) = A(i,j) on the lower pattern, upper "
			       "triangle untouched (%d wrong), no zero pivot", "SDCZ"[p], base, a.nnz,
			       unsorted ? ", odd rows reversed" : "", wrong);
			cudaFree(buf), cudaFree(a.val);
			cusparseDestroyCsric02Info(info), cusparseDestroyMatDescr(d);
		}
}

TAP_TEST(ic0_zero_pivots)
{
	for (int base = 0; base <= 1; base++) {
		cusparseMatDescr_t d = descr(base);
		csric02Info_t info;
		int pos = 99;
		/* rows 0 and 2 full; row 1 has no diagonal entry: structural, found by the analysis */
		int off[4] = { 0, 2, 3, 5 }, col[5] = { 0, 2, 0, 0, 2 };
		double v[5] = { 4, 1, 1, 1, 4 };

		for (int i = 0; i < 4; i++)
			off[i] += base;
		for (int i = 0; i < 5; i++)
			col[i] += base;
		cusparseCreateCsric02Info(&info);
		cusparseStatus_t st = cusparseDcsric02_analysis(H, 3, 5, d, v, off, col, info,
								CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
		cusparseStatus_t zp = cusparseXcsric02_zeroPivot(H, info, &pos);
		tap_ok(!st && zp == CUSPARSE_STATUS_ZERO_PIVOT && pos == 1 + base,
		       "csric02_analysis: row 1 without a diagonal entry is a structural zero pivot at %d (base %d)",
		       pos, base);
		cusparseDestroyCsric02Info(info);

		/* [[4, 2], [2, 1]]: L(1,1) = sqrt(1 - 1) = 0, a numerical zero pivot at row 1 */
		int off2[3] = { base, 2 + base, 4 + base }, col2[4] = { base, 1 + base, base, 1 + base };
		double v2[4] = { 4, 2, 2, 1 };
		cusparseCreateCsric02Info(&info);
		st = cusparseDcsric02_analysis(H, 2, 4, d, v2, off2, col2, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
		st = st ? st : cusparseDcsric02(H, 2, 4, d, v2, off2, col2, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
		zp = cusparseXcsric02_zeroPivot(H, info, &pos);
		tap_ok(!st && zp == CUSPARSE_STATUS_ZERO_PIVOT && pos == 1 + base && v2[0] == 2 && v2[2] == 1 &&
			       v2[3] == 0 && v2[1] == 2,
		       "csric02: a pivot that becomes 0 is a numerical zero pivot at %d (base %d), L = [2; 1 0], "
		       "the upper entry kept", pos, base);
		cusparseDestroyCsric02Info(info), cusparseDestroyMatDescr(d);
	}
}

TAP_TEST(ic0_statuses)
{
	int off[3] = { 0, 2, 4 }, col[4] = { 0, 0, 0, 1 }, good_col[4] = { 0, 1, 0, 1 }, size = 0;
	double v[4] = { 4, 1, 1, 4 }, keep[4] = { 4, 1, 1, 4 };
	cusparseMatDescr_t d = descr(0);
	csric02Info_t info;

	cusparseCreateCsric02Info(&info);
	tap_ok(cusparseDcsric02(NULL, 2, 4, d, v, off, good_col, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED,
	       "csric02: no handle is NOT_INITIALIZED");
	tap_ok(cusparseDcsric02(H, 2, 4, d, v, off, col, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) ==
			       CUSPARSE_STATUS_INVALID_VALUE && !memcmp(v, keep, sizeof(v)),
	       "csric02: a column twice in a row is INVALID_VALUE, nothing written");
	good_col[3] = 2;
	tap_ok(cusparseDcsric02(H, 2, 4, d, v, off, good_col, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) ==
			       CUSPARSE_STATUS_INVALID_VALUE && !memcmp(v, keep, sizeof(v)),
	       "csric02: a column outside the matrix is INVALID_VALUE, nothing written");
	good_col[3] = 1;
	tap_ok(cusparseDcsric02_bufferSize(H, 2, 4, d, v, off, good_col, NULL, &size) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseDcsric02_bufferSize(H, 2, 4, d, v, off, good_col, info, NULL) ==
			       CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseDcsric02_bufferSize(H, -1, 4, d, v, off, good_col, info, &size) ==
			       CUSPARSE_STATUS_INVALID_VALUE,
	       "csric02_bufferSize: no info, no size or m < 0 is INVALID_VALUE");
	cusparseSetMatType(d, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	tap_ok(cusparseDcsric02(H, 2, 4, d, v, off, good_col, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) ==
		       CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED,
	       "csric02: a SYMMETRIC descriptor is MATRIX_TYPE_NOT_SUPPORTED");
	tap_ok(cusparseXcsric02_zeroPivot(H, NULL, &size) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseCreateCsric02Info(NULL) == CUSPARSE_STATUS_INVALID_VALUE,
	       "csric02 zeroPivot without info, CreateCsric02Info(NULL): INVALID_VALUE");
	cusparseDestroyCsric02Info(info), cusparseDestroyMatDescr(d);
}

typedef cusparseStatus_t (*sv_ana_fn)(cusparseHandle_t, cusparseOperation_t, int, int, const cusparseMatDescr_t,
				      const void *, const int *, const int *, csrsv2Info_t, cusparseSolvePolicy_t,
				      void *);
typedef cusparseStatus_t (*sv_fn)(cusparseHandle_t, cusparseOperation_t, int, int, const void *,
				  const cusparseMatDescr_t, const void *, const int *, const int *, csrsv2Info_t,
				  const void *, void *, cusparseSolvePolicy_t, void *);
typedef cusparseStatus_t (*sv_size_fn)(cusparseHandle_t, cusparseOperation_t, int, int, const cusparseMatDescr_t,
				       void *, const int *, const int *, csrsv2Info_t, int *);
static const sv_ana_fn sv_ana[] = { (sv_ana_fn)cusparseScsrsv2_analysis, (sv_ana_fn)cusparseDcsrsv2_analysis,
				    (sv_ana_fn)cusparseCcsrsv2_analysis, (sv_ana_fn)cusparseZcsrsv2_analysis };
static const sv_fn sv[] = { (sv_fn)cusparseScsrsv2_solve, (sv_fn)cusparseDcsrsv2_solve,
			    (sv_fn)cusparseCcsrsv2_solve, (sv_fn)cusparseZcsrsv2_solve };
static const sv_size_fn sv_size[] = { (sv_size_fn)cusparseScsrsv2_bufferSize, (sv_size_fn)cusparseDcsrsv2_bufferSize,
				      (sv_size_fn)cusparseCcsrsv2_bufferSize, (sv_size_fn)cusparseZcsrsv2_bufferSize };

/* |op(T) y - alpha x| too large, T: the named triangle of A (1 on the diagonal when unit), dense loops */
static int sv_wrong(const struct mat *a, cudaDataType t, int lower, int unit, cusparseOperation_t op,
		    double complex alpha, const void *x, const void *y)
{
	double complex T[M][M] = { { 0 } };
	int wrong = 0;

	for (int i = 0; i < M; i++)
		for (int j = 0; j < M; j++)
			if (i == j)
				T[i][j] = unit ? 1 : a->A[i][j];
			else if ((j < i) == lower)
				T[i][j] = a->A[i][j];
	for (int i = 0; i < M; i++) {
		double complex s = 0, b = alpha * tv_get(t, x, i);

		for (int j = 0; j < M; j++) {
			double complex e = op == CUSPARSE_OPERATION_NON_TRANSPOSE ? T[i][j] : T[j][i];

			s += (op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE ? conj(e) : e) * tv_get(t, y, j);
		}
		wrong += !(cabs(s - b) <= 50 * tol_of(t) * (1 + cabs(b)));
	}
	return wrong;
}

TAP_TEST(sv2_solves)
{
	static const cusparseOperation_t ops[] = { CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE,
						   CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE };
	int n = 0, bad = 0, wrong = 0;

	for (int p = 0; p < 4; p++)
		for (int k = 0; k < 12; k++) {
			struct mat a;
			int lower = k & 1, unit = k >> 1 & 1, base = (k + p) & 1, size = 0, pos = 99;
			cusparseOperation_t op = ops[k / 4];
			cudaDataType t = types[p];
			cusparseMatDescr_t d = descr(base);
			csrsv2Info_t info;
			double complex alpha = tv_cplx(t) ? 0.5 - 0.25 * I : 1.5;
			unsigned char al[16];
			void *x, *y, *buf;

			build(&a, t, base, 0, k % 3 == 0);
			cusparseSetMatFillMode(d, lower ? CUSPARSE_FILL_MODE_LOWER : CUSPARSE_FILL_MODE_UPPER);
			cusparseSetMatDiagType(d, unit ? CUSPARSE_DIAG_TYPE_UNIT : CUSPARSE_DIAG_TYPE_NON_UNIT);
			tv_put(t, al, 0, alpha);
			alpha = tv_get(t, al, 0);
			cudaMalloc(&x, tv_size(t) * M);
			cudaMalloc(&y, tv_size(t) * M);
			for (int i = 0; i < M; i++)
				tv_put(t, x, i, urand() + (tv_cplx(t) ? I * urand() : 0));
			cusparseCreateCsrsv2Info(&info);
			cusparseStatus_t st = sv_size[p](H, op, M, a.nnz, d, a.val, a.off, a.col, info, &size);
			cudaMalloc(&buf, (size_t)size);
			st = st ? st : sv_ana[p](H, op, M, a.nnz, d, a.val, a.off, a.col, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
			st = st ? st : sv[p](H, op, M, a.nnz, al, d, a.val, a.off, a.col, info, x, y,
					     CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
			cusparseStatus_t zp = cusparseXcsrsv2_zeroPivot(H, info, &pos);
			int w = sv_wrong(&a, t, lower, unit, op, alpha, x, y);
			n++;
			bad += st || size <= 0 || zp != CUSPARSE_STATUS_SUCCESS || pos != -1;
			wrong += w;
			if (st || w)
				tap_diag("%ccsrsv2 %s %s op %d base %d: status %d, %d wrong", "SDCZ"[p],
					 lower ? "lower" : "upper", unit ? "unit" : "non-unit", (int)op, base, (int)st, w);
			cudaFree(x), cudaFree(y), cudaFree(buf), cudaFree(a.val);
			cusparseDestroyCsrsv2Info(info), cusparseDestroyMatDescr(d);
		}
	tap_ok(n == 48 && !bad && !wrong,
	       "csrsv2 in S/D/C/Z, lower/upper, unit/non-unit, N/T/C, bases 0/1: op(T) y = alpha x over %d "
	       "solves (%d bad statuses, %d wrong elements)", n, bad, wrong);
}

TAP_TEST(sv2_zero_pivots)
{
	for (int base = 0; base <= 1; base++) {
		cusparseMatDescr_t d = descr(base);
		csrsv2Info_t info;
		int pos = 99;
		/* lower triangular [[2, 0, 0], [1, 0, 0], [1, 1, 3]]: row 1 has no diagonal entry */
		int off[4] = { 0, 1, 2, 5 }, col[5] = { 0, 0, 0, 1, 2 };
		double v[5] = { 2, 1, 1, 1, 3 }, x[3] = { 2, 1, 1 }, y[3] = { 0, 0, 0 }, one = 1;

		for (int i = 0; i < 4; i++)
			off[i] += base;
		for (int i = 0; i < 5; i++)
			col[i] += base;
		cusparseCreateCsrsv2Info(&info);
		cusparseStatus_t st = cusparseDcsrsv2_analysis(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 3, 5, d, v, off, col,
							       info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
		cusparseStatus_t zp = cusparseXcsrsv2_zeroPivot(H, info, &pos);
		tap_ok(!st && zp == CUSPARSE_STATUS_ZERO_PIVOT && pos == 1 + base,
		       "csrsv2_analysis: row 1 without a diagonal entry is a structural zero pivot at %d (base %d)", pos,
		       base);

		/* the same with a unit diagonal: no pivot is read, none is zero; y = [2, -1, 0] */
		cusparseSetMatDiagType(d, CUSPARSE_DIAG_TYPE_UNIT);
		st = cusparseDcsrsv2_analysis(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 3, 5, d, v, off, col, info,
					      CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
		st = st ? st : cusparseDcsrsv2_solve(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 3, 5, &one, d, v, off, col,
						     info, x, y, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
		zp = cusparseXcsrsv2_zeroPivot(H, info, &pos);
		tap_ok(!st && zp == CUSPARSE_STATUS_SUCCESS && pos == -1 && y[0] == 2 && y[1] == -1 && y[2] == 0,
		       "csrsv2 with a unit diagonal: no zero pivot, y = [%g, %g, %g] (base %d)", y[0], y[1], y[2], base);

		/* a stored diagonal entry that is 0 at row 1: numerical, found by the solve */
		int off2[4] = { base, 1 + base, 3 + base, 6 + base }, col2[6] = { base, base, 1 + base, base, 1 + base,
										  2 + base };
		double v2[6] = { 2, 1, 0, 1, 1, 3 };
		cusparseSetMatDiagType(d, CUSPARSE_DIAG_TYPE_NON_UNIT);
		st = cusparseDcsrsv2_analysis(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 3, 6, d, v2, off2, col2, info,
					      CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
		cusparseStatus_t zp_ana = cusparseXcsrsv2_zeroPivot(H, info, &pos);
		st = st ? st : cusparseDcsrsv2_solve(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 3, 6, &one, d, v2, off2, col2,
						     info, x, y, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
		zp = cusparseXcsrsv2_zeroPivot(H, info, &pos);
		tap_ok(!st && zp_ana == CUSPARSE_STATUS_SUCCESS && zp == CUSPARSE_STATUS_ZERO_PIVOT && pos == 1 + base,
		       "csrsv2_solve: a diagonal entry 0 is a numerical zero pivot at %d, not seen by the analysis "
		       "(base %d)", pos, base);
		cusparseDestroyCsrsv2Info(info), cusparseDestroyMatDescr(d);
	}
}

TAP_TEST(sv2_statuses)
{
	int off[3] = { 0, 1, 3 }, col[3] = { 0, 0, 1 }, size = 0;
	double v[3] = { 2, 1, 4 }, x[2] = { 1, 1 }, y[2] = { 7, 7 }, one = 1;
	cusparseMatDescr_t d = descr(0);
	csrsv2Info_t info;
	const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE;

	cusparseCreateCsrsv2Info(&info);
	tap_ok(cusparseDcsrsv2_solve(NULL, N, 2, 3, &one, d, v, off, col, info, x, y, CUSPARSE_SOLVE_POLICY_NO_LEVEL,
				     NULL) == CUSPARSE_STATUS_NOT_INITIALIZED,
	       "csrsv2_solve: no handle is NOT_INITIALIZED");
	tap_ok(cusparseDcsrsv2_solve(H, (cusparseOperation_t)7, 2, 3, &one, d, v, off, col, info, x, y,
				     CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseDcsrsv2_solve(H, N, 2, 3, NULL, d, v, off, col, info, x, y,
					     CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseDcsrsv2_solve(H, N, 2, 3, &one, d, v, off, col, info, x, NULL,
					     CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseDcsrsv2_solve(H, N, 2, 3, &one, d, v, off, col, NULL, x, y,
					     CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		       y[0] == 7 && y[1] == 7,
	       "csrsv2_solve: a bad operation, no alpha, no y, no info: INVALID_VALUE, y unchanged");
	off[2] = 4;
	tap_ok(cusparseDcsrsv2_analysis(H, N, 2, 3, d, v, off, col, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE,
	       "csrsv2_analysis: offsets that do not end at nnz are INVALID_VALUE");
	off[2] = 3;
	size_t ext = 0;
	cusparseStatus_t no_size = cusparseDcsrsv2_bufferSize(H, N, 2, 3, d, v, off, col, info, NULL);
	cusparseStatus_t st_ext = cusparseDcsrsv2_bufferSizeExt(H, N, 2, 3, d, v, off, col, info, &ext);
	cusparseStatus_t st = cusparseDcsrsv2_bufferSize(H, N, 2, 3, d, v, off, col, info, &size);
	tap_ok(no_size == CUSPARSE_STATUS_INVALID_VALUE && !st_ext && ext > 0 && !st && size > 0,
	       "csrsv2_bufferSize: no size is INVALID_VALUE; the sizes are not 0 (%d, %zu)", size, ext);
	cusparseSetMatType(d, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	tap_ok(cusparseDcsrsv2_solve(H, N, 2, 3, &one, d, v, off, col, info, x, y, CUSPARSE_SOLVE_POLICY_NO_LEVEL,
				     NULL) == CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED,
	       "csrsv2_solve: a SYMMETRIC descriptor is MATRIX_TYPE_NOT_SUPPORTED");
	tap_ok(cusparseXcsrsv2_zeroPivot(H, NULL, &size) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseXcsrsv2_zeroPivot(H, info, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseCreateCsrsv2Info(NULL) == CUSPARSE_STATUS_INVALID_VALUE,
	       "csrsv2 zeroPivot without info or position, CreateCsrsv2Info(NULL): INVALID_VALUE");
	cusparseDestroyCsrsv2Info(info), cusparseDestroyMatDescr(d);
}

static int make_handle(void)
{
	xorshift_seed(0x2545f4914f6cdd1dull);
	return tap_ok(cusparseCreate(&H) == CUSPARSE_STATUS_SUCCESS, "cusparseCreate");
}

static void free_handle(void)
{
	tap_ok(cusparseDestroy(H) == CUSPARSE_STATUS_SUCCESS, "cusparseDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
