// SPDX-License-Identifier: MIT
/*
 * test_ilu0.c - lib/cusparse's csrilu02 family against the property that
 * defines ILU(0), checked here with plain loops: with L (unit diagonal) and
 * U read from the factored values, (L U)(i, j) = A(i, j) at every (i, j) of
 * A's pattern, for random patterns (full diagonal, diagonally dominant) in
 * S, D, C, Z and index bases 0 and 1.  Then the zero pivots: a row without
 * a diagonal entry (found by the analysis), a pivot that becomes 0 (found
 * by the factorisation), none; and the statuses of bad input.
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

enum { M = 14 };

typedef cusparseStatus_t (*ilu_fn)(cusparseHandle_t, int, int, const cusparseMatDescr_t, void *, const int *,
				   const int *, csrilu02Info_t, cusparseSolvePolicy_t, void *);
typedef cusparseStatus_t (*ana_fn)(cusparseHandle_t, int, int, const cusparseMatDescr_t, const void *, const int *,
				   const int *, csrilu02Info_t, cusparseSolvePolicy_t, void *);
typedef cusparseStatus_t (*size_fn)(cusparseHandle_t, int, int, const cusparseMatDescr_t, void *, const int *,
				    const int *, csrilu02Info_t, int *);

static const ilu_fn ilu[] = { (ilu_fn)cusparseScsrilu02, (ilu_fn)cusparseDcsrilu02, (ilu_fn)cusparseCcsrilu02,
			      (ilu_fn)cusparseZcsrilu02 };
static const ana_fn ana[] = { (ana_fn)cusparseScsrilu02_analysis, (ana_fn)cusparseDcsrilu02_analysis,
			      (ana_fn)cusparseCcsrilu02_analysis, (ana_fn)cusparseZcsrilu02_analysis };
static const size_fn bsize[] = { (size_fn)cusparseScsrilu02_bufferSize, (size_fn)cusparseDcsrilu02_bufferSize,
				 (size_fn)cusparseCcsrilu02_bufferSize, (size_fn)cusparseZcsrilu02_bufferSize };
static const cudaDataType types[] = { CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F };

/* A CSR matrix the test builds: mask[i][j] says where entries are. */
struct mat {
	int off[M + 1], col[M * M], nnz, base;
	unsigned char mask[M][M];
	void *val;
};

static void build(struct mat *a, cudaDataType t, int base, int with_diag, double fill)
{
	a->nnz = 0;
	a->base = base;
	cudaMalloc(&a->val, tv_size(t) * M * M);
	for (int i = 0; i < M; i++) {
		a->off[i] = a->nnz + base;
		for (int j = 0; j < M; j++) {
			a->mask[i][j] = (i == j && with_diag) || (i != j && urand() < fill);
			if (!a->mask[i][j])
				continue;
			double complex v = urand() + (t == CUDA_C_32F || t == CUDA_C_64F ? I * urand() : 0);
			tv_put(t, a->val, a->nnz, i == j ? v + M : v);
			a->col[a->nnz++] = j + base;
		}
	}
	a->off[M] = a->nnz + base;
}

/* (L U)(i, j) == A(i, j) on A's pattern; L and U from lu (same pattern) */
static int ilu_wrong(const struct mat *a, cudaDataType t, const void *orig, const void *lu)
{
	double complex L[M][M] = { { 0 } }, U[M][M] = { { 0 } }, A[M][M] = { { 0 } };
	double tol = t == CUDA_R_32F || t == CUDA_C_32F ? 1e-5 : 1e-12;
	int wrong = 0;

	for (int i = 0; i < M; i++) {
		L[i][i] = 1;
		for (int e = a->off[i] - a->base; e < a->off[i + 1] - a->base; e++) { /* any order in the row */
			int j = a->col[e] - a->base;

			A[i][j] = tv_get(t, orig, e);
			if (j < i)
				L[i][j] = tv_get(t, lu, e);
			else
				U[i][j] = tv_get(t, lu, e);
		}
	}
	for (int i = 0; i < M; i++)
		for (int j = 0; j < M; j++) {
			if (!a->mask[i][j])
				continue;
			double complex s = 0;

			for (int k = 0; k < M; k++)
				s += L[i][k] * U[k][j];
			wrong += !(cabs(s - A[i][j]) <= tol * (1 + cabs(A[i][j])));
		}
	return wrong;
}

/* reverse the entries (columns and values) of every other row: rows in any column order */
static void unsort_rows(struct mat *a, cudaDataType t)
{
	size_t es = tv_size(t);
	unsigned char tmp[16];

	for (int i = 0; i < M; i += 2)
		for (int lo = a->off[i] - a->base, hi = a->off[i + 1] - a->base - 1; lo < hi; lo++, hi--) {
			int c = a->col[lo];

			a->col[lo] = a->col[hi], a->col[hi] = c;
			memcpy(tmp, (char *)a->val + lo * es, es);
			memcpy((char *)a->val + lo * es, (char *)a->val + hi * es, es);
			memcpy((char *)a->val + hi * es, tmp, es);
		}
}

TAP_TEST(ilu0_factors)
{
	for (int p = 0; p < 4; p++)
		for (int variant = 0; variant <= 2; variant++) {
			struct mat a;
			int unsorted = variant == 2, base = variant & 1;
			cusparseMatDescr_t d;
			csrilu02Info_t info;
			int size = 0, pos = 99;
			cudaDataType t = types[p];

			build(&a, t, base, 1, 0.3);
			if (unsorted)
				unsort_rows(&a, t);
			void *orig = malloc(tv_size(t) * (size_t)a.nnz), *buf;
			memcpy(orig, a.val, tv_size(t) * (size_t)a.nnz);
			cusparseCreateMatDescr(&d);
			cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
			cusparseStatus_t st = cusparseCreateCsrilu02Info(&info);
			st = st ? st : bsize[p](H, M, a.nnz, d, a.val, a.off, a.col, info, &size);
			cudaMalloc(&buf, (size_t)size);
			st = st ? st : ana[p](H, M, a.nnz, d, a.val, a.off, a.col, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
			st = st ? st : ilu[p](H, M, a.nnz, d, a.val, a.off, a.col, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
			cusparseStatus_t zp = cusparseXcsrilu02_zeroPivot(H, info, &pos);
			int wrong = ilu_wrong(&a, t, orig, a.val);
			tap_ok(!st && size > 0 && zp == CUSPARSE_STATUS_SUCCESS && pos == -1 && wrong == 0,
			       "%ccsrilu02, base %d, %d entries%s: (LU)(i,j) = A(i,j) on the pattern (%d wrong), "
			       "no zero pivot", "SDCZ"[p], base, a.nnz, unsorted ? ", every other row reversed" : "", wrong);
			cudaFree(buf), free(orig), cudaFree(a.val);
			cusparseDestroyCsrilu02Info(info), cusparseDestroyMatDescr(d);
		}
}

TAP_TEST(ilu0_zero_pivots)
{
	for (int base = 0; base <= 1; base++) {
		struct mat a;
		cusparseMatDescr_t d;
		csrilu02Info_t info;
		int pos = 99;

		/* row 5 without its diagonal entry: structural, found by the analysis */
		build(&a, CUDA_R_64F, base, 1, 0.2);
		int p5 = -1;
		for (int p = a.off[5] - base; p < a.off[6] - base; p++)
			if (a.col[p] - base == 5)
				p5 = p;
		memmove(&a.col[p5], &a.col[p5 + 1], sizeof(int) * (size_t)(a.nnz - p5 - 1));
		memmove((double *)a.val + p5, (double *)a.val + p5 + 1, sizeof(double) * (size_t)(a.nnz - p5 - 1));
		for (int i = 6; i <= M; i++)
			a.off[i]--;
		a.nnz--;
		cusparseCreateMatDescr(&d);
		cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
		cusparseCreateCsrilu02Info(&info);
		cusparseStatus_t st = cusparseDcsrilu02_analysis(H, M, a.nnz, d, a.val, a.off, a.col, info,
								 CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
		cusparseStatus_t zp = cusparseXcsrilu02_zeroPivot(H, info, &pos);
		tap_ok(!st && zp == CUSPARSE_STATUS_ZERO_PIVOT && pos == 5 + base,
		       "analysis: row 5 without a diagonal entry is a structural zero pivot at %d (base %d)", pos, base);
		cudaFree(a.val);
		cusparseDestroyCsrilu02Info(info);

		/* [[2, 4, 0], [1, 2, 1], [0, 1, 3]]: U(1,1) = 2 - 0.5 * 4 = 0, a numerical zero at row 1 */
		int off[4] = { 0, 2, 5, 7 }, col[7] = { 0, 1, 0, 1, 2, 1, 2 };
		double v[7] = { 2, 4, 1, 2, 1, 1, 3 };
		for (int i = 0; i < 4; i++)
			off[i] += base;
		for (int i = 0; i < 7; i++)
			col[i] += base;
		cusparseCreateCsrilu02Info(&info);
		st = cusparseDcsrilu02_analysis(H, 3, 7, d, v, off, col, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
		st = st ? st : cusparseDcsrilu02(H, 3, 7, d, v, off, col, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
		zp = cusparseXcsrilu02_zeroPivot(H, info, &pos);
		tap_ok(!st && zp == CUSPARSE_STATUS_ZERO_PIVOT && pos == 1 + base && v[2] == 0.5 && v[3] == 0,
		       "csrilu02: a pivot that becomes 0 is a numerical zero pivot at %d (base %d)", pos, base);
		cusparseDestroyCsrilu02Info(info), cusparseDestroyMatDescr(d);
	}
}

TAP_TEST(ilu0_statuses)
{
	int off[3] = { 0, 2, 4 }, col[4] = { 1, 1, 0, 1 }, good_col[4] = { 0, 1, 0, 1 }, size = 0;
	double v[4] = { 4, 1, 1, 4 }, keep[4] = { 4, 1, 1, 4 };
	cusparseMatDescr_t d;
	csrilu02Info_t info;

	cusparseCreateMatDescr(&d);
	cusparseCreateCsrilu02Info(&info);
	tap_ok(cusparseDcsrilu02(NULL, 2, 4, d, v, off, good_col, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED,
	       "csrilu02: no handle is NOT_INITIALIZED");
	tap_ok(cusparseDcsrilu02(H, 2, 4, d, v, off, col, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) ==
			       CUSPARSE_STATUS_INVALID_VALUE &&
		       !memcmp(v, keep, sizeof(v)),
	       "csrilu02: a column twice in a row is INVALID_VALUE, nothing written");
	tap_ok(cusparseDcsrilu02_bufferSize(H, 2, 4, d, v, off, good_col, NULL, &size) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseDcsrilu02_bufferSize(H, 2, 4, d, v, off, good_col, info, NULL) ==
			       CUSPARSE_STATUS_INVALID_VALUE,
	       "csrilu02_bufferSize: no info or no size is INVALID_VALUE");
	cusparseSetMatType(d, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	tap_ok(cusparseDcsrilu02(H, 2, 4, d, v, off, good_col, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) ==
		       CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED,
	       "csrilu02: a SYMMETRIC descriptor is MATRIX_TYPE_NOT_SUPPORTED");
	tap_ok(cusparseXcsrilu02_zeroPivot(H, NULL, &size) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseCreateCsrilu02Info(NULL) == CUSPARSE_STATUS_INVALID_VALUE,
	       "zeroPivot without info, CreateCsrilu02Info(NULL): INVALID_VALUE");
	cusparseDestroyCsrilu02Info(info), cusparseDestroyMatDescr(d);
}

static int make_handle(void)
{
	xorshift_seed(0x9e3779b97f4a7c15ull);
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
