// SPDX-License-Identifier: MIT
/*
 * test_bsric02.c - lib/cusparse's bsric02 (issue 44): block incomplete
 * Cholesky of a Hermitian, diagonally dominant block-tridiagonal BSR matrix
 * (4 block rows of 2 x 2 and 3 x 3 blocks, row- and column-major, bases 0 and
 * 1, S/D/C/Z).  The factor L written over the lower triangle must satisfy
 * (L L^H)(i,j) = A(i,j) at every lower entry of the block pattern (for a
 * block-tridiagonal matrix IC(0) is the exact Cholesky factor), computed
 * here by dense loops over the unpacked blocks; the upper triangle must be
 * A's, untouched.  Zero pivots: a missing diagonal block (from _analysis),
 * a diagonal block with a 0 first pivot (from bsric02), as block rows in
 * the descriptor's base.  Statuses.
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
static const double tols[] = {1e-5, 1e-13, 1e-5, 1e-13};

typedef cusparseStatus_t (*bic_fn)(cusparseHandle_t, cusparseDirection_t, int, int,
				   cusparseMatDescr_t, void *, const int *, const int *, int,
				   bsric02Info_t, cusparseSolvePolicy_t, void *);
typedef cusparseStatus_t (*bic_bs_fn)(cusparseHandle_t, cusparseDirection_t, int, int,
				      cusparseMatDescr_t, void *, const int *, const int *, int,
				      bsric02Info_t, int *);
static const bic_fn bic[] = {(bic_fn)cusparseSbsric02, (bic_fn)cusparseDbsric02,
			     (bic_fn)cusparseCbsric02, (bic_fn)cusparseZbsric02};
static const bic_fn bic_an[] = {
    (bic_fn)cusparseSbsric02_analysis, (bic_fn)cusparseDbsric02_analysis,
    (bic_fn)cusparseCbsric02_analysis, (bic_fn)cusparseZbsric02_analysis};
static const bic_bs_fn bic_bs[] = {
    (bic_bs_fn)cusparseSbsric02_bufferSize, (bic_bs_fn)cusparseDbsric02_bufferSize,
    (bic_bs_fn)cusparseCbsric02_bufferSize, (bic_bs_fn)cusparseZbsric02_bufferSize};

enum { MB = 4, BDMAX = 3, NMAX = MB * BDMAX };

struct bsr {
	int bd, nnzb, base;
	cusparseDirection_t dir;
	int off[MB + 1], col[3 * MB];
	void *val;
};

static int at(const struct bsr *b, int k, int r, int s)
{
	return k * b->bd * b->bd +
	       (b->dir == CUSPARSE_DIRECTION_ROW ? r * b->bd + s : s * b->bd + r);
}

/* block-tridiagonal pattern; A Hermitian with a dominant real diagonal */
static void make(enum prec p, struct bsr *b, dc A[NMAX][NMAX])
{
	int n = MB * b->bd, k = 0;

	memset(A, 0, sizeof(dc) * NMAX * NMAX);
	for (int i = 0; i < n; i++)
		for (int j = 0; j <= i; j++)
			if (abs(i / b->bd - j / b->bd) <= 1) {
				dc v = i == j ? 4.0 * b->bd : rnd(p);
				if (p == PS || p == PC)
					v = (float)creal(v) + I * (float)cimag(v);
				A[i][j] = v, A[j][i] = conj(v);
			}
	b->val = calloc((size_t)3 * MB * b->bd * b->bd, esz[p]);
	for (int bi = 0; bi < MB; bi++) {
		b->off[bi] = k + b->base;
		for (int bj = bi - 1; bj <= bi + 1; bj++) {
			if (bj < 0 || bj >= MB)
				continue;
			b->col[k] = bj + b->base;
			for (int r = 0; r < b->bd; r++)
				for (int s = 0; s < b->bd; s++)
					put(p, b->val, at(b, k, r, s),
					    A[bi * b->bd + r][bj * b->bd + s]);
			k++;
		}
	}
	b->off[MB] = k + b->base;
	b->nnzb = k;
}

/* the matrix as the BSR arrays hold it now */
static void unpack(enum prec p, const struct bsr *b, dc X[NMAX][NMAX])
{
	memset(X, 0, sizeof(dc) * NMAX * NMAX);
	for (int bi = 0; bi < MB; bi++)
		for (int k = b->off[bi] - b->base; k < b->off[bi + 1] - b->base; k++)
			for (int r = 0; r < b->bd; r++)
				for (int s = 0; s < b->bd; s++)
					X[bi * b->bd + r][(b->col[k] - b->base) * b->bd + s] =
					    get(p, b->val, at(b, k, r, s));
}

static cusparseMatDescr_t descr(int base)
{
	cusparseMatDescr_t d;

	cusparseCreateMatDescr(&d);
	cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
	return d;
}

TAP_TEST(bsric02_factor)
{
	for (int p = PS; p <= PZ; p++)
		for (int v = 0; v < 4; v++) {
			struct bsr b = {.bd = v < 2 ? 2 : 3,
					.base = v % 2,
					.dir = v % 2 ? CUSPARSE_DIRECTION_COLUMN
						     : CUSPARSE_DIRECTION_ROW};
			static dc A[NMAX][NMAX], X[NMAX][NMAX];
			cusparseMatDescr_t d = descr(b.base);
			bsric02Info_t info;
			int n = MB * b.bd, bs = 0, pos = -7;

			make(p, &b, A);
			cusparseCreateBsric02Info(&info);
			bool ok = bic_bs[p](H, b.dir, MB, b.nnzb, d, b.val, b.off, b.col, b.bd,
					    info, &bs) == CUSPARSE_STATUS_SUCCESS &&
				  bs > 0;
			void *buf = malloc((size_t)bs);
			ok = ok &&
			     bic_an[p](H, b.dir, MB, b.nnzb, d, b.val, b.off, b.col, b.bd, info,
				       CUSPARSE_SOLVE_POLICY_USE_LEVEL,
				       buf) == CUSPARSE_STATUS_SUCCESS &&
			     cusparseXbsric02_zeroPivot(H, info, &pos) == CUSPARSE_STATUS_SUCCESS &&
			     pos == -1 &&
			     bic[p](H, b.dir, MB, b.nnzb, d, b.val, b.off, b.col, b.bd, info,
				    CUSPARSE_SOLVE_POLICY_USE_LEVEL,
				    buf) == CUSPARSE_STATUS_SUCCESS &&
			     cusparseXbsric02_zeroPivot(H, info, &pos) == CUSPARSE_STATUS_SUCCESS &&
			     pos == -1;
			unpack(p, &b, X);
			double err = 0;
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++) {
					if (abs(i / b.bd - j / b.bd) > 1)
						continue;
					if (j > i) { /* upper: A's */
						ok = ok && X[i][j] == A[i][j];
						continue;
					}
					dc s = 0;
					for (int k = 0; k <= j; k++)
						s += X[i][k] * conj(X[j][k]);
					err = fmax(err, cabs(s - A[i][j]) / (1 + cabs(A[i][j])));
				}
			tap_ok(ok && err <= tols[p],
			       "%cbsric02 %dx%d blocks %s-major base %d: L L^H = A on the lower "
			       "pattern, upper triangle untouched (error %.2g)",
			       pname[p], b.bd, b.bd, v % 2 ? "column" : "row", b.base, err);
			free(buf), free(b.val);
			cusparseDestroyBsric02Info(info);
			cusparseDestroyMatDescr(d);
		}
}

TAP_TEST(bsric02_zero_pivots_and_statuses)
{
	/* 2 block rows of 2 x 2: block row 1 lacks its diagonal block */
	int off[3] = {1, 2, 3}, col[2] = {1, 1}, off2[3] = {0, 1, 2}, col2[2] = {0, 1};
	double val[8] = {4, 1, 1, 4, 4, 1, 1, 4}, zval[8] = {4, 1, 1, 4, 0, 1, 1, 4};
	cusparseMatDescr_t d1 = descr(1), d0 = descr(0), sym = descr(0);
	bsric02Info_t info;
	int pos = -7, bs;

	cusparseSetMatType(sym, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	cusparseCreateBsric02Info(&info);
	tap_ok(cusparseDbsric02_analysis(H, CUSPARSE_DIRECTION_ROW, 2, 2, d1, val, off, col, 2,
					 info, CUSPARSE_SOLVE_POLICY_NO_LEVEL,
					 NULL) == CUSPARSE_STATUS_SUCCESS &&
		   cusparseXbsric02_zeroPivot(H, info, &pos) == CUSPARSE_STATUS_ZERO_PIVOT &&
		   pos == 2,
	       "a missing diagonal block: ZERO_PIVOT at block row 2 (base 1) from _analysis (%d)",
	       pos);
	tap_ok(
	    cusparseDbsric02_analysis(H, CUSPARSE_DIRECTION_ROW, 2, 2, d0, zval, off2, col2, 2,
				      info, CUSPARSE_SOLVE_POLICY_NO_LEVEL,
				      NULL) == CUSPARSE_STATUS_SUCCESS &&
		cusparseDbsric02(H, CUSPARSE_DIRECTION_ROW, 2, 2, d0, zval, off2, col2, 2, info,
				 CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL) == CUSPARSE_STATUS_SUCCESS &&
		cusparseXbsric02_zeroPivot(H, info, &pos) == CUSPARSE_STATUS_ZERO_PIVOT && pos == 1,
	    "a diagonal block with a 0 first pivot: ZERO_PIVOT at block row 1 from bsric02 "
	    "(%d)",
	    pos);
	tap_ok(cusparseDbsric02(NULL, CUSPARSE_DIRECTION_ROW, 2, 2, d0, val, off2, col2, 2, info,
				CUSPARSE_SOLVE_POLICY_NO_LEVEL,
				NULL) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDbsric02(H, CUSPARSE_DIRECTION_ROW, 2, 2, d0, val, off2, col2, 0, info,
				    CUSPARSE_SOLVE_POLICY_NO_LEVEL,
				    NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsric02(H, CUSPARSE_DIRECTION_ROW, 2, 2, d0, val, off2, col2, 2, NULL,
				    CUSPARSE_SOLVE_POLICY_NO_LEVEL,
				    NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsric02(H, CUSPARSE_DIRECTION_ROW, 2, 2, sym, val, off2, col2, 2, info,
				    CUSPARSE_SOLVE_POLICY_NO_LEVEL,
				    NULL) == CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED &&
		   cusparseDbsric02_bufferSize(H, CUSPARSE_DIRECTION_ROW, 2, 2, d0, val, off2, col2,
					       2, info, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsric02_bufferSize(H, CUSPARSE_DIRECTION_ROW, 2, 2, d0, val, off2, col2,
					       2, info, &bs) == CUSPARSE_STATUS_SUCCESS &&
		   val[0] == 4 && val[4] == 4,
	       "bsric02: no handle NOT_INITIALIZED; block 0, no info, no size INVALID_VALUE; "
	       "SYMMETRIC MATRIX_TYPE_NOT_SUPPORTED; values untouched");
	cusparseDestroyBsric02Info(info);
	cusparseDestroyMatDescr(d0), cusparseDestroyMatDescr(d1), cusparseDestroyMatDescr(sym);
}

static int make_handle(void)
{
	xorshift_seed(0x6a09e667f3bcc908ull);
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
