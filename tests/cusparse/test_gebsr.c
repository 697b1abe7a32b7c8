// SPDX-License-Identifier: MIT
/*
 * test_gebsr.c - lib/cusparse's general-BSR conversions (issue 44):
 * Xcsr2gebsrNnz + csr2gebsr, gebsr2csr and Xgebsr2csr, Xgebsr2gebsrNnz +
 * gebsr2gebsr, gebsr2gebsc, each with its buffer sizes.  A random 7 x 10
 * matrix (an empty row, a stored 0) in CSR goes into 2 x 3 blocks
 * (row- and column-major, bases 0 -> 1 and 1 -> 0, S/D/C/Z); every result
 * is compared with the dense matrix the test started from, unpacked here:
 * the blocks that must exist (those an entry falls in; for gebsr2gebsr,
 * into 3 x 2 blocks, those that meet a stored block of A), ascending,
 * the values (0 outside A); gebsr2csr back to the padded matrix;
 * gebsr2gebsc as the blocks by column, each block unchanged; SYMBOLIC
 * writes no value.  Then the statuses.
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

enum { M = 7, N = 10, RB = 2, CB = 3, MB = 4, NB = 4, RB2 = 3, CB2 = 2, MB2 = 3, NB2 = 6 };

typedef cusparseStatus_t (*csr2gebsr_fn)(cusparseHandle_t, cusparseDirection_t, int, int,
					 cusparseMatDescr_t, const void *, const int *, const int *,
					 cusparseMatDescr_t, void *, int *, int *, int, int,
					 void *);
typedef cusparseStatus_t (*csr2gebsr_bs_fn)(cusparseHandle_t, cusparseDirection_t, int, int,
					    cusparseMatDescr_t, const void *, const int *,
					    const int *, int, int, int *);
typedef cusparseStatus_t (*gebsr2csr_fn)(cusparseHandle_t, cusparseDirection_t, int, int,
					 cusparseMatDescr_t, const void *, const int *, const int *,
					 int, int, cusparseMatDescr_t, void *, int *, int *);
typedef cusparseStatus_t (*g2g_fn)(cusparseHandle_t, cusparseDirection_t, int, int, int,
				   cusparseMatDescr_t, const void *, const int *, const int *, int,
				   int, cusparseMatDescr_t, void *, int *, int *, int, int, void *);
typedef cusparseStatus_t (*g2g_bs_fn)(cusparseHandle_t, cusparseDirection_t, int, int, int,
				      cusparseMatDescr_t, const void *, const int *, const int *,
				      int, int, int, int, int *);
typedef cusparseStatus_t (*gebsc_fn)(cusparseHandle_t, int, int, int, const void *, const int *,
				     const int *, int, int, void *, int *, int *, cusparseAction_t,
				     cusparseIndexBase_t, void *);
typedef cusparseStatus_t (*gebsc_bs_fn)(cusparseHandle_t, int, int, int, const void *, const int *,
					const int *, int, int, int *);

#define FOUR(name, type)                                                                           \
	static const type name[] = {(type)cusparseS##name, (type)cusparseD##name,                  \
				    (type)cusparseC##name, (type)cusparseZ##name}
FOUR(csr2gebsr, csr2gebsr_fn);
FOUR(csr2gebsr_bufferSize, csr2gebsr_bs_fn);
FOUR(gebsr2csr, gebsr2csr_fn);
FOUR(gebsr2gebsr, g2g_fn);
FOUR(gebsr2gebsr_bufferSize, g2g_bs_fn);
FOUR(gebsr2gebsc, gebsc_fn);
FOUR(gebsr2gebsc_bufferSize, gebsc_bs_fn);

static dc Dv[M][N];
static bool Dp[M][N];

static dc padded(int i, int j)
{
	return i < M && j < N ? Dv[i][j] : 0;
}

static void make_dense(enum prec p)
{
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			Dp[i][j] = i != 3 && urand() > 0.3; /* row 3 empty */
			Dv[i][j] = Dp[i][j] ? rnd(p) : 0;
			if (p == PS || p == PC)
				Dv[i][j] = (float)creal(Dv[i][j]) + I * (float)cimag(Dv[i][j]);
		}
	Dp[6][9] = true, Dv[6][9] = 0; /* a stored 0 in the last, partial block */
}

struct csr {
	int off[M + 1], col[M * N];
	void *val;
};

static void make_csr(enum prec p, int base, struct csr *a)
{
	int k = 0;

	a->val = calloc(M * N, esz[p]);
	for (int i = 0; i < M; i++) {
		a->off[i] = k + base;
		for (int j = N - 1; j >= 0; j--)
			if (Dp[i][j]) {
				a->col[k] = j + base;
				put(p, a->val, k++, Dv[i][j]);
			}
	}
	a->off[M] = k + base;
}

struct gebsr {
	int mb, nb, rb, cb, base, nnzb;
	cusparseDirection_t dir;
	int *off, *col;
	void *val;
};

static dc entry(enum prec p, const struct gebsr *g, int k, int r, int s)
{
	return get(p, g->val,
		   (long)k * g->rb * g->cb +
		       (g->dir == CUSPARSE_DIRECTION_ROW ? r * g->cb + s : s * g->rb + r));
}

/* g holds exactly the blocks want() names, ascending, with padded D's values */
static bool gebsr_is(enum prec p, const struct gebsr *g, bool (*want)(int, int))
{
	int k = 0;

	for (int bi = 0; bi < g->mb; bi++) {
		if (g->off[bi] != k + g->base)
			return false;
		for (int bj = 0; bj < g->nb; bj++) {
			if (!want(bi, bj))
				continue;
			if (g->col[k] != bj + g->base)
				return false;
			for (int r = 0; r < g->rb; r++)
				for (int s = 0; s < g->cb; s++)
					if (entry(p, g, k, r, s) !=
					    padded(bi * g->rb + r, bj * g->cb + s))
						return false;
			k++;
		}
	}
	return g->off[g->mb] == k + g->base && k == g->nnzb;
}

static bool want_a(int bi, int bj)
{
	for (int i = bi * RB; i < bi * RB + RB && i < M; i++)
		for (int j = bj * CB; j < bj * CB + CB && j < N; j++)
			if (Dp[i][j])
				return true;
	return false;
}

/* a block of 3 x 2 that meets a stored 2 x 3 block of A */
static bool want_c(int bi, int bj)
{
	for (int ai = 0; ai < MB; ai++)
		for (int aj = 0; aj < NB; aj++)
			if (want_a(ai, aj) && ai * RB < bi * RB2 + RB2 && bi * RB2 < ai * RB + RB &&
			    aj * CB < bj * CB2 + CB2 && bj * CB2 < aj * CB + CB)
				return true;
	return false;
}

static cusparseMatDescr_t descr(int base)
{
	cusparseMatDescr_t d;

	cusparseCreateMatDescr(&d);
	cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
	return d;
}

TAP_TEST(gebsr_conversions)
{
	for (int p = PS; p <= PZ; p++)
		for (int v = 0; v < 2; v++) {
			int ba = v, bc = 1 - v, bs = -1;
			cusparseDirection_t dir =
			    v ? CUSPARSE_DIRECTION_COLUMN : CUSPARSE_DIRECTION_ROW;
			cusparseMatDescr_t da = descr(ba), dcd = descr(bc);
			struct csr a;
			struct gebsr g = {MB, NB, RB, CB, bc, 0, dir, NULL, NULL, NULL};
			const char *what =
			    v ? "column-major, base 1 -> 0" : "row-major, base 0 -> 1";

			make_dense(p);
			make_csr(p, ba, &a);
			g.off = malloc(sizeof(int) * (MB + 1));
			bool ok =
			    csr2gebsr_bufferSize[p](H, dir, M, N, da, a.val, a.off, a.col, RB, CB,
						    &bs) == CUSPARSE_STATUS_SUCCESS &&
			    bs > 0 &&
			    cusparseXcsr2gebsrNnz(H, dir, M, N, da, a.off, a.col, dcd, g.off, RB,
						  CB, &g.nnzb, NULL) == CUSPARSE_STATUS_SUCCESS;
			g.col = malloc(sizeof(int) * (size_t)(g.nnzb + 1));
			g.val = malloc(esz[p] * (size_t)(g.nnzb + 1) * RB * CB);
			ok = ok &&
			     csr2gebsr[p](H, dir, M, N, da, a.val, a.off, a.col, dcd, g.val, g.off,
					  g.col, RB, CB, NULL) == CUSPARSE_STATUS_SUCCESS;
			tap_ok(ok && gebsr_is(p, &g, want_a),
			       "%ccsr2gebsr 2x3 %s: the %d blocks an entry falls in, D's values",
			       pname[p], what, g.nnzb);

			/* back to CSR: every block entry, the padded matrix */
			int m = MB * RB, n = NB * CB, nnz = g.nnzb * RB * CB;
			int *coff = malloc(sizeof(int) * (m + 1)),
			    *ccol = malloc(sizeof(int) * nnz);
			int *xoff = malloc(sizeof(int) * (m + 1)),
			    *xcol = malloc(sizeof(int) * nnz);
			void *cval = malloc(esz[p] * nnz);
			ok = gebsr2csr[p](H, dir, MB, NB, dcd, g.val, g.off, g.col, RB, CB, da,
					  cval, coff, ccol) == CUSPARSE_STATUS_SUCCESS &&
			     cusparseXgebsr2csr(H, dir, MB, NB, dcd, g.off, g.col, RB, CB, da, xoff,
						xcol) == CUSPARSE_STATUS_SUCCESS &&
			     !memcmp(coff, xoff, sizeof(int) * (m + 1)) &&
			     !memcmp(ccol, xcol, sizeof(int) * nnz) && coff[m] - ba == nnz;
			for (int i = 0; ok && i < m; i++)
				for (int q = coff[i] - ba; ok && q < coff[i + 1] - ba; q++)
					ok = ccol[q] - ba < n &&
					     get(p, cval, q) == padded(i, ccol[q] - ba);
			tap_ok(ok,
			       "%cgebsr2csr %s back: every block entry, padded D; Xgebsr2csr the "
			       "same structure",
			       pname[p], what);

			/* into 3 x 2 blocks */
			struct gebsr c = {MB2, NB2, RB2, CB2, ba, 0, dir, NULL, NULL, NULL};
			c.off = malloc(sizeof(int) * (MB2 + 1));
			ok = gebsr2gebsr_bufferSize[p](H, dir, MB, NB, g.nnzb, dcd, g.val, g.off,
						       g.col, RB, CB, RB2, CB2,
						       &bs) == CUSPARSE_STATUS_SUCCESS &&
			     cusparseXgebsr2gebsrNnz(H, dir, MB, NB, g.nnzb, dcd, g.off, g.col, RB,
						     CB, da, c.off, RB2, CB2, &c.nnzb,
						     NULL) == CUSPARSE_STATUS_SUCCESS;
			c.col = malloc(sizeof(int) * (size_t)(c.nnzb + 1));
			c.val = malloc(esz[p] * (size_t)(c.nnzb + 1) * RB2 * CB2);
			ok = ok && gebsr2gebsr[p](H, dir, MB, NB, g.nnzb, dcd, g.val, g.off, g.col,
						  RB, CB, da, c.val, c.off, c.col, RB2, CB2,
						  NULL) == CUSPARSE_STATUS_SUCCESS;
			tap_ok(
			    ok && gebsr_is(p, &c, want_c),
			    "%cgebsr2gebsr 2x3 -> 3x2 %s: the %d blocks that meet A's, D's values",
			    pname[p], what, c.nnzb);

			/* by block column, blocks unchanged */
			int *rind = malloc(sizeof(int) * (size_t)(g.nnzb + 1)),
			    *cptr = malloc(sizeof(int) * (NB + 1));
			void *bval = malloc(esz[p] * (size_t)(g.nnzb + 1) * RB * CB);
			ok = gebsr2gebsc_bufferSize[p](H, MB, NB, g.nnzb, g.val, g.off, g.col, RB,
						       CB, &bs) == CUSPARSE_STATUS_SUCCESS &&
			     gebsr2gebsc[p](H, MB, NB, g.nnzb, g.val, g.off, g.col, RB, CB, bval,
					    rind, cptr, CUSPARSE_ACTION_NUMERIC,
					    g.base ? CUSPARSE_INDEX_BASE_ONE
						   : CUSPARSE_INDEX_BASE_ZERO,
					    NULL) == CUSPARSE_STATUS_SUCCESS;
			int q = 0;
			for (int bj = 0; ok && bj < NB; bj++) {
				ok = cptr[bj] == q + g.base;
				for (int bi = 0; ok && bi < MB; bi++) {
					if (!want_a(bi, bj))
						continue;
					int k = -1;
					for (int t = g.off[bi] - g.base; t < g.off[bi + 1] - g.base;
					     t++)
						if (g.col[t] - g.base == bj)
							k = t;
					ok = rind[q] == bi + g.base &&
					     !memcmp((char *)bval + (size_t)q * RB * CB * esz[p],
						     (char *)g.val + (size_t)k * RB * CB * esz[p],
						     RB * CB * esz[p]);
					q++;
				}
			}
			ok = ok && cptr[NB] == q + g.base && q == g.nnzb;
			memset(bval, 0x55, esz[p] * RB * CB);
			ok = ok &&
			     gebsr2gebsc[p](H, MB, NB, g.nnzb, g.val, g.off, g.col, RB, CB, bval,
					    rind, cptr, CUSPARSE_ACTION_SYMBOLIC,
					    g.base ? CUSPARSE_INDEX_BASE_ONE
						   : CUSPARSE_INDEX_BASE_ZERO,
					    NULL) == CUSPARSE_STATUS_SUCCESS &&
			     ((unsigned char *)bval)[0] == 0x55;
			tap_ok(ok,
			       "%cgebsr2gebsc %s: blocks by column, ascending rows, each block "
			       "unchanged; SYMBOLIC writes no value",
			       pname[p], what);
			free(a.val), free(g.off), free(g.col), free(g.val), free(coff), free(ccol);
			free(xoff), free(xcol), free(cval), free(c.off), free(c.col), free(c.val);
			free(rind), free(cptr), free(bval);
			cusparseDestroyMatDescr(da), cusparseDestroyMatDescr(dcd);
		}
}

TAP_TEST(gebsr_statuses)
{
	cusparseMatDescr_t d = descr(0), sym = descr(0);
	int off[3] = {0, 1, 2}, col[2] = {0, 1}, bad[2] = {0, 5}, roff[3] = {9, 9, 9}, nnzb = -1;
	double v[12] = {0}, out[12];
	int oc[12], orow[12], ocol[12];

	cusparseSetMatType(sym, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	tap_ok(cusparseXcsr2gebsrNnz(NULL, CUSPARSE_DIRECTION_ROW, 2, 2, d, off, col, d, roff, 1, 1,
				     &nnzb, NULL) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseXcsr2gebsrNnz(H, CUSPARSE_DIRECTION_ROW, 2, 2, d, off, col, d, roff, 0,
					 1, &nnzb, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseXcsr2gebsrNnz(H, CUSPARSE_DIRECTION_ROW, 2, 2, d, off, bad, d, roff, 1,
					 2, &nnzb, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseXcsr2gebsrNnz(H, CUSPARSE_DIRECTION_ROW, 2, 2, sym, off, col, d, roff, 1,
					 2, &nnzb,
					 NULL) == CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED &&
		   roff[0] == 9 && nnzb == -1,
	       "Xcsr2gebsrNnz: no handle NOT_INITIALIZED; rowBlockDim 0, a column past n "
	       "INVALID_VALUE; SYMMETRIC MATRIX_TYPE_NOT_SUPPORTED; nothing written");
	tap_ok(cusparseDgebsr2csr(H, CUSPARSE_DIRECTION_ROW, 2, 2, d, v, off, col, 2, 0, d, out, oc,
				  ocol) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgebsr2csr(H, CUSPARSE_DIRECTION_ROW, 2, 1, d, v, off, col, 2, 3, d, out,
				      oc, ocol) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgebsr2csr(H, CUSPARSE_DIRECTION_ROW, 2, 2, d, NULL, off, col, 2, 3, d,
				      out, oc, ocol) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgebsr2gebsr(H, CUSPARSE_DIRECTION_ROW, 2, 2, 3, d, v, off, col, 2, 3, d,
					out, oc, ocol, 3, 2,
					NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgebsr2gebsr(H, CUSPARSE_DIRECTION_ROW, 2, 2, 2, d, v, off, col, 2, 3, d,
					out, oc, ocol, 3, 0, NULL) == CUSPARSE_STATUS_INVALID_VALUE,
	       "gebsr2csr: colBlockDim 0, a block column past nb, no values; gebsr2gebsr: nnzb "
	       "not the offsets', colBlockDimC 0: INVALID_VALUE");
	tap_ok(cusparseDgebsr2gebsc(H, 2, 2, 2, v, off, col, 2, 3, out, orow, ocol,
				    (cusparseAction_t)5, CUSPARSE_INDEX_BASE_ZERO,
				    NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgebsr2gebsc(H, 2, 2, 2, v, off, col, 2, 3, out, orow, ocol,
					CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ONE,
					NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgebsr2gebsc(H, 2, 1, 2, v, off, col, 2, 3, out, orow, ocol,
					CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO,
					NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgebsr2gebsc(NULL, 2, 2, 2, v, off, col, 2, 3, out, orow, ocol,
					CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO,
					NULL) == CUSPARSE_STATUS_NOT_INITIALIZED,
	       "gebsr2gebsc: an unknown action, offsets not in idxBase, a block column past nb: "
	       "INVALID_VALUE; no handle NOT_INITIALIZED");
	cusparseDestroyMatDescr(d), cusparseDestroyMatDescr(sym);
}

static int make_handle(void)
{
	xorshift_seed(0xbb67ae8584caa73bull);
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
