// SPDX-License-Identifier: MIT
/*
 * test_bsrilu_bsm2.c - lib/cusparse's legacy bsrilu02 (block ILU(0)),
 * bsrsm2 (block-sparse triangular solve, several right-hand sides) and
 * the numeric boost of csrilu02/bsrilu02, against plain loops over dense
 * copies: for bsrilu02 an IKJ incomplete LU of the dense matrix restricted
 * to the stored blocks' entries (the definition of ILU(0) on that
 * pattern); for bsrsm2 op(T) op(X) = alpha op(B) multiplied back, T the
 * triangle of the whole matrix the descriptor names.  Every precision,
 * blocks row- and column-major, bases 0 and 1.  Then the zero pivots
 * (block rows, as cuSPARSE documents), the boost replacing a zero pivot,
 * and the statuses of bad input.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "blas_rand.h"
#include "tap.h"

static cusparseHandle_t H;
static const double tols[] = {2e-5, 1e-12, 2e-5, 1e-12};

static cusparseMatDescr_t descr(int lower, int unit, int base)
{
	cusparseMatDescr_t d;

	cusparseCreateMatDescr(&d);
	cusparseSetMatFillMode(d, lower ? CUSPARSE_FILL_MODE_LOWER : CUSPARSE_FILL_MODE_UPPER);
	cusparseSetMatDiagType(d, unit ? CUSPARSE_DIAG_TYPE_UNIT : CUSPARSE_DIAG_TYPE_NON_UNIT);
	cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
	return d;
}

enum { MB = 4, MAXBD = 3, N = MB * MAXBD };

/*
 * A BSR matrix of MB x MB blocks of bd x bd: block tridiagonal plus blocks
 * (0, 3), (2, 3) and (3, 0), stored out of column order in each block row; random
 * values, its diagonal made dominant.  D is the dense copy (row-major n x n),
 * P whether an entry belongs to a stored block.
 */
struct bsr {
	int bd, n, nnzb, off[MB + 1], col[3 * MB];
	void *val;
	dc D[N * N];
	int P[N * N];
};

static void make_bsr(struct bsr *b, enum prec p, int bd, int row_major, int base)
{
	/* each block row's block columns, in the order stored */
	static const int cols[MB][3] = {{3, 1, 0}, {2, 0, 1}, {3, 1, 2}, {0, 3, 2}};
	int k = 0;

	b->bd = bd, b->n = MB * bd;
	memset(b->D, 0, sizeof(b->D));
	memset(b->P, 0, sizeof(b->P));
	b->val = calloc((size_t)(3 * MB) * bd * bd, esz[p]);
	for (int bi = 0; bi < MB; bi++) {
		b->off[bi] = k + base;
		for (int c = 0; c < 3; c++, k++) {
			b->col[k] = cols[bi][c] + base;
			for (int r = 0; r < bd; r++)
				for (int s = 0; s < bd; s++) {
					int i = bi * bd + r, j = cols[bi][c] * bd + s;
					dc v = rnd(p) - (cplx(p) ? 0.5 + 0.5 * I : 0.5) +
					       (i == j ? 3 * bd : 0);

					put(p, b->val,
					    (long)k * bd * bd +
						(row_major ? r * bd + s : s * bd + r),
					    v);
					b->D[i * N + j] = v;
					b->P[i * N + j] = 1;
				}
		}
	}
	b->off[MB] = k + base;
	b->nnzb = k;
}

/* the dense copy's entry (i, j) as the BSR arrays hold it now */
static dc bsr_at(enum prec p, const struct bsr *b, int row_major, int base, int i, int j)
{
	int bi = i / b->bd, bj = j / b->bd, r = i % b->bd, s = j % b->bd;

	for (int k = b->off[bi] - base; k < b->off[bi + 1] - base; k++)
		if (b->col[k] - base == bj)
			return get(p, b->val,
				   (long)k * b->bd * b->bd +
				       (row_major ? r * b->bd + s : s * b->bd + r));
	return 0;
}

/* ILU(0) on the pattern P, in place on D (IKJ): L unit below, U on and above */
static void ilu0_ref(dc *D, const int *P, int n, int boost, double tol, dc boost_val)
{
	for (int i = 0; i < n; i++) {
		for (int k = 0; k < i; k++) {
			if (!P[i * N + k])
				continue;
			D[i * N + k] /= D[k * N + k];
			for (int j = k + 1; j < n; j++)
				if (P[i * N + j])
					D[i * N + j] -= D[i * N + k] * D[k * N + j];
		}
		if (boost && cabs(D[i * N + i]) <= tol)
			D[i * N + i] = boost_val;
	}
}

typedef cusparseStatus_t (*bilu_fn)(cusparseHandle_t, cusparseDirection_t, int, int,
				    const cusparseMatDescr_t, void *, const int *, const int *, int,
				    bsrilu02Info_t, cusparseSolvePolicy_t, void *);
static const bilu_fn bilu_an[] = {
    (bilu_fn)cusparseSbsrilu02_analysis, (bilu_fn)cusparseDbsrilu02_analysis,
    (bilu_fn)cusparseCbsrilu02_analysis, (bilu_fn)cusparseZbsrilu02_analysis};
static const bilu_fn bilu[] = {(bilu_fn)cusparseSbsrilu02, (bilu_fn)cusparseDbsrilu02,
			       (bilu_fn)cusparseCbsrilu02, (bilu_fn)cusparseZbsrilu02};

TAP_TEST(bsrilu02)
{
	for (enum prec p = PS; p <= PZ; p++)
		for (int v = 0; v < 4; v++) {
			int bd = v & 1 ? 3 : 2, rm = !(v & 2), base = v == 1 || v == 2, bad = 0,
			    pos = -5;
			struct bsr b;
			cusparseMatDescr_t d = descr(1, 0, base);
			bsrilu02Info_t info;
			cusparseDirection_t dir =
			    rm ? CUSPARSE_DIRECTION_ROW : CUSPARSE_DIRECTION_COLUMN;

			make_bsr(&b, p, bd, rm, base);
			cusparseCreateBsrilu02Info(&info);
			cusparseStatus_t st =
			    bilu_an[p](H, dir, MB, b.nnzb, d, b.val, b.off, b.col, bd, info,
				       CUSPARSE_SOLVE_POLICY_USE_LEVEL, NULL);
			st = st ? st
				: bilu[p](H, dir, MB, b.nnzb, d, b.val, b.off, b.col, bd, info,
					  CUSPARSE_SOLVE_POLICY_USE_LEVEL, NULL);
			cusparseStatus_t z = cusparseXbsrilu02_zeroPivot(H, info, &pos);
			ilu0_ref(b.D, b.P, b.n, 0, 0, 0);
			for (int i = 0; i < b.n; i++)
				for (int j = 0; j < b.n; j++)
					bad += !(
					    cabs(bsr_at(p, &b, rm, base, i, j) - b.D[i * N + j]) <=
					    tols[p] * (1 + cabs(b.D[i * N + j])));
			tap_ok(!st && z == CUSPARSE_STATUS_SUCCESS && pos == -1 && bad == 0,
			       "bsrilu02 %c %dx%d blocks %s-major, base %d: ILU(0) on the block "
			       "pattern (%d wrong)",
			       pname[p], bd, bd, rm ? "row" : "column", base, bad);
			cusparseDestroyBsrilu02Info(info);
			cusparseDestroyMatDescr(d);
			free(b.val);
		}
}

/* op(T)(i, j) of the dense D, T its lower or upper triangle, unit diagonal or not */
static dc tri_op(const dc *D, int i, int j, int op, int lower, int unit)
{
	int r = op ? j : i, c = op ? i : j;
	dc v;

	if (r == c)
		v = unit ? 1 : D[r * N + c];
	else
		v = (c < r) == lower ? D[r * N + c] : 0;
	return op == 2 ? conj(v) : v;
}

typedef cusparseStatus_t (*bsm2_an_fn)(cusparseHandle_t, cusparseDirection_t, cusparseOperation_t,
				       cusparseOperation_t, int, int, int, const cusparseMatDescr_t,
				       const void *, const int *, const int *, int, bsrsm2Info_t,
				       cusparseSolvePolicy_t, void *);
typedef cusparseStatus_t (*bsm2_so_fn)(cusparseHandle_t, cusparseDirection_t, cusparseOperation_t,
				       cusparseOperation_t, int, int, int, const void *,
				       const cusparseMatDescr_t, const void *, const int *,
				       const int *, int, bsrsm2Info_t, const void *, int, void *,
				       int, cusparseSolvePolicy_t, void *);
static const bsm2_an_fn bsm2_an[] = {
    (bsm2_an_fn)cusparseSbsrsm2_analysis, (bsm2_an_fn)cusparseDbsrsm2_analysis,
    (bsm2_an_fn)cusparseCbsrsm2_analysis, (bsm2_an_fn)cusparseZbsrsm2_analysis};
static const bsm2_so_fn bsm2_so[] = {
    (bsm2_so_fn)cusparseSbsrsm2_solve, (bsm2_so_fn)cusparseDbsrsm2_solve,
    (bsm2_so_fn)cusparseCbsrsm2_solve, (bsm2_so_fn)cusparseZbsrsm2_solve};

TAP_TEST(bsrsm2)
{
	enum { NRHS = 3 };
	static const cusparseOperation_t ops[] = {CUSPARSE_OPERATION_NON_TRANSPOSE,
						  CUSPARSE_OPERATION_TRANSPOSE,
						  CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE};

	for (enum prec p = PS; p <= PZ; p++)
		for (int rm = 0; rm <= 1; rm++) {
			int bad = 0, combos = 0, base = rm, bd = 2 + rm;
			struct bsr b;

			make_bsr(&b, p, bd, rm, base);
			for (int v = 0; v < 24; v++) {
				int opa = v % 3, tx = (v / 3) & 1, lower = (v / 6) & 1,
				    unit = v / 12;
				int n = b.n, rows = tx ? NRHS : n, cols = tx ? n : NRHS,
				    ld = rows + 2, pos = -5;
				void *B = calloc((size_t)ld * cols, esz[p]),
				     *X = calloc((size_t)ld * cols, esz[p]);
				cusparseMatDescr_t d = descr(lower, unit, base);
				bsrsm2Info_t info;
				dc al = cplx(p) ? 0.5 - 0.25 * I : 0.5;
				double _Complex alpha[1];
				cusparseDirection_t dir =
				    rm ? CUSPARSE_DIRECTION_ROW : CUSPARSE_DIRECTION_COLUMN;

				put(p, alpha, 0, al);
				for (int j = 0; j < cols; j++)
					for (int i = 0; i < rows; i++)
						put(p, B, i + (long)j * ld, rnd(p));
				cusparseCreateBsrsm2Info(&info);
				cusparseStatus_t st =
				    bsm2_an[p](H, dir, ops[opa], tx ? ops[1] : ops[0], MB, NRHS,
					       b.nnzb, d, b.val, b.off, b.col, bd, info,
					       CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
				st = st ? st
					: bsm2_so[p](H, dir, ops[opa], tx ? ops[1] : ops[0], MB,
						     NRHS, b.nnzb, alpha, d, b.val, b.off, b.col,
						     bd, info, B, ld, X, ld,
						     CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
				cusparseStatus_t z = cusparseXbsrsm2_zeroPivot(H, info, &pos);
				/* op(T) op(X) = alpha op(B): column c of op(X) is X's column (N) or
				 * row (T) c */
				for (int c = 0; c < NRHS; c++)
					for (int i = 0; i < n; i++) {
						dc s = 0, bx;

						for (int k = 0; k < n; k++) {
							dc x = tx ? get(p, X, c + (long)k * ld)
								  : get(p, X, k + (long)c * ld);
							s +=
							    tri_op(b.D, i, k, opa, lower, unit) * x;
						}
						bx = tx ? get(p, B, c + (long)i * ld)
							: get(p, B, i + (long)c * ld);
						bad += !(cabs(s - al * bx) <=
							 50 * tols[p] * (1 + cabs(bx)));
					}
				bad += st != CUSPARSE_STATUS_SUCCESS ||
				       z != CUSPARSE_STATUS_SUCCESS || pos != -1;
				combos++;
				cusparseDestroyBsrsm2Info(info);
				cusparseDestroyMatDescr(d);
				free(B), free(X);
			}
			tap_ok(bad == 0,
			       "bsrsm2 %c, %dx%d blocks %s-major, base %d: op(T) op(X) = alpha "
			       "op(B) for %d combinations of "
			       "op(A), op(X), triangle, diagonal (%d wrong)",
			       pname[p], bd, bd, rm ? "row" : "column", base, combos, bad);
			free(b.val);
		}
}

TAP_TEST(numeric_boost)
{
	/* A = [0 1; 1 2]: a zero first pivot.  Boosted to 5: L(1,0) = 1/5, U(1,1) = 2 - 1/5 */
	int off[3] = {0, 2, 4}, col[4] = {0, 1, 0, 1}, pos = -5;
	double val[4] = {0, 1, 1, 2}, tol = 1e-3, boost = 5;
	cusparseMatDescr_t d = descr(1, 0, 0);
	csrilu02Info_t ci;

	cusparseCreateCsrilu02Info(&ci);
	cusparseStatus_t st =
	    cusparseDcsrilu02(H, 2, 4, d, val, off, col, ci, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
	cusparseStatus_t z = cusparseXcsrilu02_zeroPivot(H, ci, &pos);
	tap_ok(!st && z == CUSPARSE_STATUS_ZERO_PIVOT && pos == 0,
	       "csrilu02 without boost: zero pivot at row %d", pos);
	double val2[4] = {0, 1, 1, 2};
	st = cusparseDcsrilu02_numericBoost(H, ci, 1, &tol, &boost);
	st = st ? st
		: cusparseDcsrilu02(H, 2, 4, d, val2, off, col, ci, CUSPARSE_SOLVE_POLICY_NO_LEVEL,
				    NULL);
	pos = -5;
	z = cusparseXcsrilu02_zeroPivot(H, ci, &pos);
	tap_ok(!st && z == CUSPARSE_STATUS_SUCCESS && pos == -1 && val2[0] == 5 &&
		   fabs(val2[2] - 0.2) < 1e-15 && fabs(val2[3] - 1.8) < 1e-15,
	       "csrilu02 with numericBoost(tol 1e-3, 5): pivot 5, L 0.2, U 1.8, no zero pivot");
	cusparseDestroyCsrilu02Info(ci);

	/* bsrilu02, one 2x2 block [0 1; 1 0] (singular without pivoting), then a block row with no
	 * diagonal block */
	int boff[2] = {0, 1}, bcol[1] = {0};
	float bval[4] = {0, 1, 1, 0}, fboost = 4;
	bsrilu02Info_t bi;

	cusparseCreateBsrilu02Info(&bi);
	st = cusparseSbsrilu02(H, CUSPARSE_DIRECTION_ROW, 1, 1, d, bval, boff, bcol, 2, bi,
			       CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
	pos = -5;
	z = cusparseXbsrilu02_zeroPivot(H, bi, &pos);
	tap_ok(!st && z == CUSPARSE_STATUS_ZERO_PIVOT && pos == 0,
	       "bsrilu02 of a diagonal block singular without pivoting: zero pivot at block row %d",
	       pos);
	float bval2[4] = {0, 1, 1, 0};
	st = cusparseSbsrilu02_numericBoost(H, bi, 1, &tol, &fboost);
	st = st ? st
		: cusparseSbsrilu02(H, CUSPARSE_DIRECTION_ROW, 1, 1, d, bval2, boff, bcol, 2, bi,
				    CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
	pos = -5;
	z = cusparseXbsrilu02_zeroPivot(H, bi, &pos);
	tap_ok(!st && z == CUSPARSE_STATUS_SUCCESS && bval2[0] == 4 && bval2[2] == 0.25f &&
		   bval2[3] == -0.25f,
	       "bsrilu02 with numericBoost(tol 1e-3, 4): pivot 4, L 0.25, U -0.25, no zero pivot");
	cusparseDestroyBsrilu02Info(bi);
	/* 2 block rows of 1x1... of 2x2: block row 1 has only block (1, 0): structural zero at
	 * block row 1, base 1 */
	int soff[3] = {1, 2, 3}, scol[2] = {1, 1};
	float sval[8] = {1, 0, 0, 1, 1, 1, 1, 1};
	cusparseMatDescr_t d1 = descr(1, 0, 1);
	cusparseCreateBsrilu02Info(&bi);
	st = cusparseSbsrilu02_analysis(H, CUSPARSE_DIRECTION_ROW, 2, 2, d1, sval, soff, scol, 2,
					bi, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
	pos = -5;
	z = cusparseXbsrilu02_zeroPivot(H, bi, &pos);
	tap_ok(!st && z == CUSPARSE_STATUS_ZERO_PIVOT && pos == 2,
	       "bsrilu02_analysis: block row 1 without its diagonal block, base 1: position %d",
	       pos);
	cusparseDestroyBsrilu02Info(bi);
	cusparseDestroyMatDescr(d1);
	cusparseDestroyMatDescr(d);
}

TAP_TEST(statuses)
{
	int off[3] = {0, 1, 2}, col[2] = {0, 1}, ibs = 0;
	double val[8] = {2, 0, 0, 2, 2, 0, 0, 2}, B[8] = {1, 2, 3, 4, 5, 6, 7, 8}, X[8], X0[8],
	       one = 1, tol = 0;
	cusparseMatDescr_t d = descr(1, 0, 0);
	bsrsm2Info_t si;
	bsrilu02Info_t bi;
	const cusparseOperation_t N_ = CUSPARSE_OPERATION_NON_TRANSPOSE,
				  C_ = CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
	const cusparseSolvePolicy_t P_ = CUSPARSE_SOLVE_POLICY_NO_LEVEL;
	const cusparseDirection_t R_ = CUSPARSE_DIRECTION_ROW;

	for (int i = 0; i < 8; i++)
		X[i] = X0[i] = -1;
	cusparseCreateBsrsm2Info(&si);
	cusparseCreateBsrilu02Info(&bi);
	tap_ok(cusparseDbsrsm2_solve(NULL, R_, N_, N_, 2, 2, 2, &one, d, val, off, col, 2, si, B, 4,
				     X, 4, P_, NULL) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDbsrilu02(NULL, R_, 2, 2, d, val, off, col, 2, bi, P_, NULL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED,
	       "no handle: NOT_INITIALIZED");
	tap_ok(cusparseDbsrsm2_solve(H, R_, N_, C_, 2, 2, 2, &one, d, val, off, col, 2, si, B, 4, X,
				     4, P_, NULL) == CUSPARSE_STATUS_NOT_SUPPORTED,
	       "bsrsm2 with a conjugate op(X): NOT_SUPPORTED");
	tap_ok(cusparseDbsrsm2_solve(H, R_, N_, N_, 2, 2, 2, &one, d, val, off, col, 2, si, B, 3, X,
				     4, P_, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsrsm2_solve(H, R_, N_, N_, 2, 2, 2, &one, d, val, off, col, 0, si, B,
					 4, X, 4, P_, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsrsm2_solve(H, (cusparseDirection_t)7, N_, N_, 2, 2, 2, &one, d, val,
					 off, col, 2, si, B, 4, X, 4, P_,
					 NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   !memcmp(X, X0, sizeof(X)),
	       "bsrsm2 ldb 3 < m 4, block size 0, direction 7: INVALID_VALUE, X untouched");
	tap_ok(cusparseDbsrsm2_bufferSize(H, R_, N_, N_, 2, 2, 2, d, val, off, col, 2, si, &ibs) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   ibs > 0 &&
		   cusparseDbsrilu02_bufferSize(H, R_, 2, 2, d, val, off, col, 2, bi, &ibs) == 0 &&
		   ibs > 0,
	       "buffer sizes: SUCCESS, %d byte(s)", ibs);
	tap_ok(cusparseDbsrilu02_numericBoost(H, bi, 1, NULL, &one) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsrilu02_numericBoost(H, NULL, 1, &tol, &one) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsrilu02_numericBoost(H, bi, 0, NULL, NULL) == CUSPARSE_STATUS_SUCCESS,
	       "numericBoost: enabled without tol, no info: INVALID_VALUE; disabled without "
	       "values: SUCCESS");
	cusparseDestroyBsrsm2Info(si);
	cusparseDestroyBsrilu02Info(bi);
	cusparseDestroyMatDescr(d);
}

static int make_handle(void)
{
	xorshift_seed(0xb5121);
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
