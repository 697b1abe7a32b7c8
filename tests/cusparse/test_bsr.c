// SPDX-License-Identifier: MIT
/*
 * test_bsr.c - lib/cusparse's legacy BSR conversions and products (issue 44):
 * Xcsr2bsrNnz, csr2bsr, bsr2csr, bsrmv, bsrxmv, bsrmm.  A random 7 x 10
 * matrix (an empty row, an explicitly stored 0) in CSR is converted with
 * blocks of 1 and 3 (the last block row and column reach past the matrix),
 * row- and column-major, bases 0 -> 1 and 1 -> 0, S/D/C/Z; each result is
 * compared with the dense matrix the test started from: the blocks that
 * must exist (those an entry of the pattern falls in), ascending block
 * columns, the values of every block unpacked here; bsr2csr back to the
 * padded dense matrix; the products against loops over that dense matrix
 * (bsrxmv on two masked block rows, each cut to its first block, the other
 * rows of y untouched; bsrmm with B N and T and padded leading dimensions).
 * Then the statuses, outputs untouched when refused.
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
static const double tols[] = {2e-5, 1e-13, 2e-5, 1e-13};

enum { M = 7, N = 10, NRHS = 2, PADL = 3 };

typedef cusparseStatus_t (*csr2bsr_fn)(cusparseHandle_t, cusparseDirection_t, int, int,
				       cusparseMatDescr_t, const void *, const int *, const int *,
				       int, cusparseMatDescr_t, void *, int *, int *);
typedef cusparseStatus_t (*bsrmv_fn)(cusparseHandle_t, cusparseDirection_t, cusparseOperation_t,
				     int, int, int, const void *, cusparseMatDescr_t, const void *,
				     const int *, const int *, int, const void *, const void *,
				     void *);
typedef cusparseStatus_t (*bsrxmv_fn)(cusparseHandle_t, cusparseDirection_t, cusparseOperation_t,
				      int, int, int, int, const void *, cusparseMatDescr_t,
				      const void *, const int *, const int *, const int *,
				      const int *, int, const void *, const void *, void *);
typedef cusparseStatus_t (*bsrmm_fn)(cusparseHandle_t, cusparseDirection_t, cusparseOperation_t,
				     cusparseOperation_t, int, int, int, int, const void *,
				     cusparseMatDescr_t, const void *, const int *, const int *,
				     int, const void *, int, const void *, void *, int);

#define FOUR(name, type)                                                                           \
	static const type name[] = {(type)cusparseS##name, (type)cusparseD##name,                  \
				    (type)cusparseC##name, (type)cusparseZ##name}
FOUR(csr2bsr, csr2bsr_fn);
FOUR(bsr2csr, csr2bsr_fn);
FOUR(bsrmv, bsrmv_fn);
FOUR(bsrxmv, bsrxmv_fn);
FOUR(bsrmm, bsrmm_fn);

/* the dense matrix and its pattern (an entry may be a stored 0) */
static dc Dv[M][N];
static bool Dp[M][N];

static void make_dense(void)
{
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			Dp[i][j] = i != 4 && urand() > 0.2; /* row 4 empty */
			Dv[i][j] = 0;
		}
	Dp[6][9] = true; /* reaches the last, partial block */
	Dp[0][0] = true;
}

static void fill_values(enum prec p)
{
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++)
			Dv[i][j] = Dp[i][j] ? rnd(p) : 0;
	Dv[0][0] = 0;		/* a stored 0: its block still exists */
	if (p == PS || p == PC) /* what the arrays of the precision hold */
		for (int i = 0; i < M; i++)
			for (int j = 0; j < N; j++)
				Dv[i][j] = (float)creal(Dv[i][j]) + I * (float)cimag(Dv[i][j]);
}

struct csr {
	int off[M + 1], col[M * N], nnz;
	void *val;
};

static void make_csr(enum prec p, int base, struct csr *a)
{
	a->val = calloc(M * N, esz[p]);
	a->nnz = 0;
	for (int i = 0; i < M; i++) {
		a->off[i] = a->nnz + base;
		for (int j = N - 1; j >= 0; j--) /* columns descending: csr2bsr must sort */
			if (Dp[i][j]) {
				a->col[a->nnz] = j + base;
				put(p, a->val, a->nnz++, Dv[i][j]);
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

static bool block_wanted(int bd, int bi, int bj)
{
	for (int i = bi * bd; i < (bi + 1) * bd && i < M; i++)
		for (int j = bj * bd; j < (bj + 1) * bd && j < N; j++)
			if (Dp[i][j])
				return true;
	return false;
}

static dc padded(int i, int j)
{
	return i < M && j < N ? Dv[i][j] : 0;
}

struct bsr {
	int mb, nb, bd, nnzb, base;
	cusparseDirection_t dir;
	int *off, *col;
	void *val;
};

static dc bsr_entry(enum prec p, const struct bsr *b, int k, int r, int s)
{
	int at =
	    k * b->bd * b->bd + (b->dir == CUSPARSE_DIRECTION_ROW ? r * b->bd + s : s * b->bd + r);
	return get(p, b->val, at);
}

/* the BSR matrix has exactly the wanted blocks, ascending, with D's values (0 outside) */
static bool bsr_is_dense(enum prec p, const struct bsr *b)
{
	int k = 0;

	for (int bi = 0; bi < b->mb; bi++) {
		if (b->off[bi] != k + b->base)
			return false;
		for (int bj = 0; bj < b->nb; bj++) {
			if (!block_wanted(b->bd, bi, bj))
				continue;
			if (b->col[k] != bj + b->base)
				return false;
			for (int r = 0; r < b->bd; r++)
				for (int s = 0; s < b->bd; s++)
					if (bsr_entry(p, b, k, r, s) !=
					    padded(bi * b->bd + r, bj * b->bd + s))
						return false;
			k++;
		}
	}
	return b->off[b->mb] == k + b->base && k == b->nnzb;
}

/* bsr2csr's result: every block entry, rows in block order, dense equal to padded D */
static bool csr_is_dense(enum prec p, const struct bsr *b, const int *off, const int *col,
			 const void *val, int base)
{
	int m = b->mb * b->bd, n = b->nb * b->bd;
	dc *dense = calloc((size_t)m * n, sizeof(dc));
	bool ok = off[0] == base && off[m] - base == b->nnzb * b->bd * b->bd;

	for (int i = 0; ok && i < m; i++) {
		int bi = i / b->bd;
		ok = off[i + 1] - off[i] == (b->off[bi + 1] - b->off[bi]) * b->bd;
		for (int q = off[i] - base; ok && q < off[i + 1] - base; q++) {
			int j = col[q] - base;
			ok = j >= 0 && j < n && (q == off[i] - base || col[q] > col[q - 1]);
			if (ok)
				dense[(size_t)i * n + j] = get(p, val, q);
		}
	}
	for (int i = 0; ok && i < m; i++)
		for (int j = 0; j < n; j++)
			ok = ok && dense[(size_t)i * n + j] == padded(i, j);
	free(dense);
	return ok;
}

static double rel_err(dc got, dc want)
{
	return cabs(got - want) / (1 + cabs(want));
}

static void check_products(enum prec p, const struct bsr *b, cusparseMatDescr_t d, const char *what)
{
	int m = b->mb * b->bd, n = b->nb * b->bd;
	dc alpha = cplx(p) ? 1.5 + 0.5 * I : 1.5, beta = -0.5;
	void *al = calloc(1, esz[p]), *be = calloc(1, esz[p]);
	void *x = rand_mat(p, n, 1, n, 0), *y = rand_mat(p, m, 1, m, 0);
	void *y0 = copy_mat(p, y, m);
	double err = 0;

	put(p, al, 0, alpha), put(p, be, 0, beta);
	bool ok = bsrmv[p](H, b->dir, CUSPARSE_OPERATION_NON_TRANSPOSE, b->mb, b->nb, b->nnzb, al,
			   d, b->val, b->off, b->col, b->bd, x, be, y) == CUSPARSE_STATUS_SUCCESS;
	for (int i = 0; i < m; i++) {
		dc s = 0;
		for (int j = 0; j < n; j++)
			s += padded(i, j) * get(p, x, j);
		double e = rel_err(get(p, y, i), alpha * s + beta * get(p, y0, i));
		err = e > err || isnan(e) ? e : err;
	}
	tap_ok(ok && err <= tols[p], "%cbsrmv %s: y = alpha A x + beta y (error %.2g)", pname[p],
	       what, err);

	/* bsrxmv: block rows 2 and 0 (in that order), each cut to its first block */
	int mask[2] = {2 + b->base, 0 + b->base}, *end = malloc(sizeof(int) * (size_t)b->mb);
	for (int bi = 0; bi < b->mb; bi++)
		end[bi] = b->off[bi] + (b->off[bi + 1] > b->off[bi]);
	memcpy(y, y0, (size_t)m * esz[p]);
	ok = bsrxmv[p](H, b->dir, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, b->mb, b->nb, b->nnzb, al, d,
		       b->val, mask, b->off, end, b->col, b->bd, x, be,
		       y) == CUSPARSE_STATUS_SUCCESS;
	err = 0;
	for (int i = 0; i < m; i++) {
		int bi = i / b->bd;
		if (bi != 0 && bi != 2) {
			ok = ok && !memcmp((char *)y + (size_t)i * esz[p],
					   (char *)y0 + (size_t)i * esz[p], esz[p]);
			continue;
		}
		dc s = 0;
		if (end[bi] > b->off[bi]) {
			int k = b->off[bi] - b->base, bj = b->col[k] - b->base;
			for (int c = 0; c < b->bd; c++)
				s += padded(i, bj * b->bd + c) * get(p, x, bj * b->bd + c);
		}
		double e = rel_err(get(p, y, i), alpha * s + beta * get(p, y0, i));
		err = e > err || isnan(e) ? e : err;
	}
	tap_ok(ok && err <= tols[p],
	       "%cbsrxmv %s: masked block rows 2, 0 from their first block, the rest untouched "
	       "(error %.2g)",
	       pname[p], what, err);

	for (int t = 0; t < 2; t++) {
		int ldb = (t ? NRHS : n) + PADL, ldc = m + PADL;
		void *B = rand_mat(p, ldb, t ? n : NRHS, ldb, 0),
		     *C = rand_mat(p, ldc, NRHS, ldc, 0);
		void *C0 = copy_mat(p, C, (size_t)ldc * NRHS);
		ok = bsrmm[p](H, b->dir, CUSPARSE_OPERATION_NON_TRANSPOSE,
			      t ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE,
			      b->mb, NRHS, b->nb, b->nnzb, al, d, b->val, b->off, b->col, b->bd, B,
			      ldb, be, C, ldc) == CUSPARSE_STATUS_SUCCESS;
		err = 0;
		for (int j = 0; j < NRHS; j++) {
			for (int i = 0; i < m; i++) {
				dc s = 0;
				for (int l = 0; l < n; l++)
					s += padded(i, l) *
					     get(p, B, t ? j + (long)l * ldb : l + (long)j * ldb);
				double e =
				    rel_err(get(p, C, i + (long)j * ldc),
					    alpha * s + beta * get(p, C0, i + (long)j * ldc));
				err = e > err || isnan(e) ? e : err;
			}
			for (int i = m; i < ldc; i++) /* the padding rows */
				ok = ok &&
				     get(p, C, i + (long)j * ldc) == get(p, C0, i + (long)j * ldc);
		}
		tap_ok(ok && err <= tols[p],
		       "%cbsrmm %s, op(B) %c: C = alpha A op(B) + beta C (error %.2g)", pname[p],
		       what, t ? 'T' : 'N', err);
		free(B), free(C), free(C0);
	}
	free(al), free(be), free(x), free(y), free(y0), free(end);
}

TAP_TEST(bsr_conversions_and_products)
{
	make_dense();
	for (int p = PS; p <= PZ; p++)
		for (int bdi = 0; bdi < 2; bdi++)
			for (int dr = 0; dr < 2; dr++) {
				int bd = bdi ? 3 : 1, ba = dr, bc = 1 - dr;
				cusparseDirection_t dir =
				    dr ? CUSPARSE_DIRECTION_COLUMN : CUSPARSE_DIRECTION_ROW;
				char what[64];
				struct csr a;
				struct bsr b = {(M + bd - 1) / bd,
						(N + bd - 1) / bd,
						bd,
						-1,
						bc,
						dir,
						NULL,
						NULL,
						NULL};
				cusparseMatDescr_t da = descr(ba), dc_ = descr(bc);

				snprintf(what, sizeof(what), "%dx%d blocks %s-major, base %d -> %d",
					 bd, bd, dr ? "column" : "row", ba, bc);
				fill_values(p);
				make_csr(p, ba, &a);
				b.off = malloc(sizeof(int) * (size_t)(b.mb + 1));
				bool ok =
				    cusparseXcsr2bsrNnz(H, dir, M, N, da, a.off, a.col, bd, dc_,
							b.off, &b.nnzb) == CUSPARSE_STATUS_SUCCESS;
				b.col = malloc(sizeof(int) * (size_t)(b.nnzb > 0 ? b.nnzb : 1));
				b.val =
				    malloc(esz[p] * (size_t)(b.nnzb > 0 ? b.nnzb : 1) * bd * bd);
				memset(b.val, 0x7f,
				       esz[p] * (size_t)(b.nnzb > 0 ? b.nnzb : 1) * bd * bd);
				ok = ok &&
				     csr2bsr[p](H, dir, M, N, da, a.val, a.off, a.col, bd, dc_,
						b.val, b.off, b.col) == CUSPARSE_STATUS_SUCCESS;
				tap_ok(ok && bsr_is_dense(p, &b),
				       "%ccsr2bsr %s: the %d blocks an entry falls in, ascending, "
				       "D's values",
				       pname[p], what, b.nnzb);

				int m = b.mb * bd, nn = b.nnzb * bd * bd;
				int *coff = malloc(sizeof(int) * (size_t)(m + 1)),
				    *ccol = malloc(sizeof(int) * (size_t)nn);
				void *cval = malloc(esz[p] * (size_t)nn);
				ok = bsr2csr[p](H, dir, b.mb, b.nb, dc_, b.val, b.off, b.col, bd,
						da, cval, coff, ccol) == CUSPARSE_STATUS_SUCCESS;
				tap_ok(ok && csr_is_dense(p, &b, coff, ccol, cval, ba),
				       "%cbsr2csr %s back: every block entry, padded D", pname[p],
				       what);
				check_products(p, &b, dc_, what);
				free(coff), free(ccol), free(cval), free(a.val);
				free(b.off), free(b.col), free(b.val);
				cusparseDestroyMatDescr(da), cusparseDestroyMatDescr(dc_);
			}
}

TAP_TEST(bsr_statuses)
{
	cusparseMatDescr_t d = descr(0), sym = descr(0);
	/* 4 x 4 in 2 x 2 blocks: blocks (0,0) and (1,1) */
	int off[3] = {0, 1, 2}, col[2] = {0, 1}, bad_col[2] = {0, 2}, nnzb = -1,
	    roff[3] = {9, 9, 9};
	double val[8] = {1, 2, 3, 4, 5, 6, 7, 8}, x[4] = {1, 1, 1, 1}, y[4] = {7, 7, 7, 7};
	double one = 1, zero = 0, B[8] = {1, 1, 1, 1, 1, 1, 1, 1}, C[8];
	int coff[5] = {0, 1, 2, 3, 4}, ccol[4] = {0, 1, 2, 3}, cnnz;
	double cv[4] = {1, 1, 1, 1};

	for (int i = 0; i < 8; i++)
		C[i] = 7;
	cusparseSetMatType(sym, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	tap_ok(cusparseDbsrmv(NULL, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2,
			      2, &one, d, val, off, col, 2, x, &zero,
			      y) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseXcsr2bsrNnz(NULL, CUSPARSE_DIRECTION_ROW, 4, 4, d, coff, ccol, 2, d,
				       roff, &nnzb) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDbsrmm(NULL, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE,
				  CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, 2, 2, &one, d, val, off,
				  col, 2, B, 4, &zero, C, 4) == CUSPARSE_STATUS_NOT_INITIALIZED,
	       "no handle: NOT_INITIALIZED");
	tap_ok(
	    cusparseDbsrmv(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_TRANSPOSE, 2, 2, 2, &one,
			   d, val, off, col, 2, x, &zero, y) == CUSPARSE_STATUS_NOT_SUPPORTED &&
		cusparseDbsrxmv(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE,
				2, 2, 2, 2, &one, d, val, off, off, off + 1, col, 2, x, &zero,
				y) == CUSPARSE_STATUS_NOT_SUPPORTED &&
		cusparseDbsrmm(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_TRANSPOSE,
			       CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, 2, 2, &one, d, val, off, col,
			       2, B, 4, &zero, C, 4) == CUSPARSE_STATUS_NOT_SUPPORTED &&
		cusparseDbsrmm(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE,
			       CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE, 2, 2, 2, 2, &one, d, val,
			       off, col, 2, B, 4, &zero, C, 4) == CUSPARSE_STATUS_NOT_SUPPORTED,
	    "op(A) T or C, op(B) C: NOT_SUPPORTED, as cuSPARSE");
	tap_ok(cusparseDbsrmv(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, 2,
			      &one, sym, val, off, col, 2, x, &zero,
			      y) == CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED &&
		   cusparseDcsr2bsr(H, CUSPARSE_DIRECTION_ROW, 4, 4, sym, cv, coff, ccol, 2, d, val,
				    off, col) == CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED &&
		   cusparseDbsr2csr(H, CUSPARSE_DIRECTION_ROW, 2, 2, d, val, off, col, 2, sym, cv,
				    coff, ccol) == CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED,
	       "a SYMMETRIC descriptor: MATRIX_TYPE_NOT_SUPPORTED");
	tap_ok(cusparseDbsrmv(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, 2,
			      &one, d, val, off, col, 0, x, &zero,
			      y) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsrmv(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2,
				  2, &one, d, val, off, bad_col, 2, x, &zero,
				  y) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsrmv(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2,
				  3, &one, d, val, off, col, 2, x, &zero,
				  y) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsrmv(H, (cusparseDirection_t)5, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2,
				  2, &one, d, val, off, col, 2, x, &zero,
				  y) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsrmv(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2,
				  2, NULL, d, val, off, col, 2, x, &zero,
				  y) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsrxmv(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 3,
				   2, 2, 2, &one, d, val, off, off, off + 1, col, 2, x, &zero,
				   y) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsrxmv(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 1,
				   2, 2, 2, &one, d, val, roff, off, off + 1, col, 2, x, &zero,
				   y) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDbsrxmv(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 2,
				   2, 2, 1, &one, d, val, off, off, off + 1, col, 2, x, &zero,
				   y) == CUSPARSE_STATUS_INVALID_VALUE &&
		   y[0] == 7 && y[1] == 7 && y[2] == 7 && y[3] == 7,
	       "bsrmv/bsrxmv: block 0, a block column past nb, nnzb not the offsets', a bad "
	       "direction, no alpha, a mask of 3 of 2 rows, a mask row past mb, an end past nnzb: "
	       "INVALID_VALUE, y untouched");
	tap_ok(
	    cusparseDbsrmm(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE,
			   CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, 2, 2, &one, d, val, off, col, 2,
			   B, 3, &zero, C, 4) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDbsrmm(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE,
			       CUSPARSE_OPERATION_TRANSPOSE, 2, 2, 2, 2, &one, d, val, off, col, 2,
			       B, 1, &zero, C, 4) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDbsrmm(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE,
			       CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, 2, 2, &one, d, val, off, col,
			       2, B, 4, &zero, C, 3) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDbsrmm(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE,
			       CUSPARSE_OPERATION_NON_TRANSPOSE, 2, -1, 2, 2, &one, d, val, off,
			       col, 2, B, 4, &zero, C, 4) == CUSPARSE_STATUS_INVALID_VALUE &&
		C[0] == 7 && C[7] == 7,
	    "bsrmm: ldb < kb bd (N), ldb < n (T), ldc < mb bd, n -1: INVALID_VALUE, C untouched");
	int roff2[3] = {0, 2, 2}, rcol[2] = {5, 5};
	tap_ok(cusparseXcsr2bsrNnz(H, CUSPARSE_DIRECTION_ROW, 4, 4, d, coff, ccol, 0, d, roff,
				   &cnnz) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseXcsr2bsrNnz(H, CUSPARSE_DIRECTION_ROW, -1, 4, d, coff, ccol, 2, d, roff,
				       &cnnz) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseXcsr2bsrNnz(H, CUSPARSE_DIRECTION_ROW, 4, 3, d, coff, ccol, 2, d, roff,
				       &cnnz) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDcsr2bsr(H, CUSPARSE_DIRECTION_ROW, 4, 4, d, cv, coff, ccol, 2, d, val,
				    roff2, rcol) == CUSPARSE_STATUS_INVALID_VALUE &&
		   roff[0] == 9 && rcol[0] == 5 && val[0] == 1,
	       "csr2bsr: block 0, m -1, a column past n, C's offsets not Xcsr2bsrNnz's: "
	       "INVALID_VALUE, C untouched");
	y[0] = y[1] = y[2] = y[3] = NAN;
	tap_ok(cusparseDbsrmv(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, 2,
			      &one, d, val, off, col, 2, x, &zero, y) == CUSPARSE_STATUS_SUCCESS &&
		   y[0] == 3 && y[1] == 7 && y[2] == 11 && y[3] == 15,
	       "bsrmv with beta 0 does not read y (NaN there): A x = (3, 7, 11, 15)");
	cusparseDestroyMatDescr(d), cusparseDestroyMatDescr(sym);
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
