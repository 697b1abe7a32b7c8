// SPDX-License-Identifier: MIT
/*
 * test_csrcolor.c - lib/cusparse's csrcolor (issue 44).  Two matrices: the
 * 5-point Laplacian of a 5 x 4 grid (symmetric pattern, base 1) and a random
 * 12 x 12 one whose pattern is not symmetric (base 0).  For each, S/D/C/Z
 * and fractions 1 and 0.5: every stored A(i,j), i != j, joins rows of
 * different colors (in either direction), the colors are exactly
 * 0 .. ncolors - 1, and reordering lists the rows by color, then row; the
 * grid, colored first fit in row order, needs 2 colors.  Then the statuses.
 */
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "blas_rand.h"
#include "tap.h"

static cusparseHandle_t H;

enum { GX = 5, GY = 4, GM = GX * GY, RM = 12, MAXNZ = 5 * GM + RM * RM };

struct mat {
	int m, nnz, base, off[GM + RM + 1], col[MAXNZ];
};

static void grid(struct mat *a)
{
	a->m = GM, a->nnz = 0, a->base = 1;
	for (int y = 0; y < GY; y++)
		for (int x = 0; x < GX; x++) {
			int i = y * GX + x;
			a->off[i] = a->nnz + 1;
			if (y > 0)
				a->col[a->nnz++] = i - GX + 1;
			if (x > 0)
				a->col[a->nnz++] = i - 1 + 1;
			a->col[a->nnz++] = i + 1;
			if (x + 1 < GX)
				a->col[a->nnz++] = i + 1 + 1;
			if (y + 1 < GY)
				a->col[a->nnz++] = i + GX + 1;
		}
	a->off[GM] = a->nnz + 1;
}

static void random_pattern(struct mat *a)
{
	a->m = RM, a->nnz = 0, a->base = 0;
	for (int i = 0; i < RM; i++) {
		a->off[i] = a->nnz;
		for (int j = 0; j < RM; j++)
			if (j == i || urand() > 0.6)
				a->col[a->nnz++] = j;
	}
	a->off[RM] = a->nnz;
}

static bool coloring_ok(const struct mat *a, int ncolors, const int *color, const int *reorder)
{
	bool seen[GM + RM] = {false};

	for (int i = 0; i < a->m; i++) {
		if (color[i] < 0 || color[i] >= ncolors)
			return false;
		seen[color[i]] = true;
		for (int p = a->off[i] - a->base; p < a->off[i + 1] - a->base; p++) {
			int j = a->col[p] - a->base;
			if (j != i && color[i] == color[j])
				return false;
		}
	}
	for (int c = 0; c < ncolors; c++)
		if (!seen[c])
			return false;
	for (int k = 0; k < a->m; k++) { /* a permutation by (color, row) */
		if (reorder[k] < 0 || reorder[k] >= a->m)
			return false;
		if (k &&
		    (color[reorder[k - 1]] > color[reorder[k]] ||
		     (color[reorder[k - 1]] == color[reorder[k]] && reorder[k - 1] >= reorder[k])))
			return false;
	}
	return true;
}

typedef cusparseStatus_t (*color_fn)(cusparseHandle_t, int, int, cusparseMatDescr_t, const void *,
				     const int *, const int *, const void *, int *, int *, int *,
				     cusparseColorInfo_t);
static const color_fn csrcolor[] = {(color_fn)cusparseScsrcolor, (color_fn)cusparseDcsrcolor,
				    (color_fn)cusparseCcsrcolor, (color_fn)cusparseZcsrcolor};

TAP_TEST(csrcolor_proper)
{
	struct mat g, r;

	grid(&g);
	random_pattern(&r);
	for (int w = 0; w < 2; w++) {
		struct mat *a = w ? &r : &g;
		for (int p = PS; p <= PZ; p++)
			for (int f = 0; f < 2; f++) {
				cusparseMatDescr_t d;
				cusparseColorInfo_t info;
				void *val = calloc(MAXNZ, esz[p]);
				double fr = f ? 0.5 : 1.0;
				float frf = (float)fr;
				int ncolors = -1, color[GM + RM], reorder[GM + RM];
				bool real64 = p == PD || p == PZ;

				cusparseCreateMatDescr(&d);
				cusparseSetMatIndexBase(d, a->base ? CUSPARSE_INDEX_BASE_ONE
								   : CUSPARSE_INDEX_BASE_ZERO);
				cusparseCreateColorInfo(&info);
				bool ok =
				    csrcolor[p](H, a->m, a->nnz, d, val, a->off, a->col,
						real64 ? (const void *)&fr : (const void *)&frf,
						&ncolors, color, reorder,
						info) == CUSPARSE_STATUS_SUCCESS &&
				    coloring_ok(a, ncolors, color, reorder) && (w || ncolors == 2);
				tap_ok(ok,
				       "%ccsrcolor %s, fraction %.1f: neighbours differ, colors "
				       "0..%d, "
				       "reordering by color",
				       pname[p],
				       w ? "random unsymmetric 12 x 12" : "5 x 4 grid (2 colors)",
				       fr, ncolors - 1);
				cusparseDestroyColorInfo(info);
				cusparseDestroyMatDescr(d);
				free(val);
			}
	}
}

TAP_TEST(csrcolor_statuses)
{
	cusparseMatDescr_t d, sym;
	cusparseColorInfo_t info;
	int off[3] = {0, 2, 3}, col[3] = {0, 1, 1}, bad[3] = {0, 2, 1}, n = -1, c[2] = {9, 9};
	double v[3] = {1, 1, 1}, one = 1, big = 1.5;

	cusparseCreateMatDescr(&d), cusparseCreateMatDescr(&sym);
	cusparseSetMatType(sym, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	cusparseCreateColorInfo(&info);
	tap_ok(cusparseDcsrcolor(H, 2, 3, d, v, off, col, &big, &n, c, NULL, info) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDcsrcolor(H, 2, 3, d, v, off, col, &one, &n, c, NULL, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDcsrcolor(H, 2, 3, d, v, off, bad, &one, &n, c, NULL, info) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDcsrcolor(H, 2, 3, d, v, off, col, NULL, &n, c, NULL, info) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDcsrcolor(H, 2, 3, sym, v, off, col, &one, &n, c, NULL, info) ==
		       CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED &&
		   cusparseDcsrcolor(NULL, 2, 3, d, v, off, col, &one, &n, c, NULL, info) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   n == -1 && c[0] == 9,
	       "csrcolor: fraction 1.5, no info, a column past m, no fraction: INVALID_VALUE; "
	       "SYMMETRIC MATRIX_TYPE_NOT_SUPPORTED; no handle NOT_INITIALIZED; nothing written");
	tap_ok(cusparseDcsrcolor(H, 2, 3, d, v, off, col, &one, &n, c, NULL, info) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   n == 2 && c[0] == 0 && c[1] == 1,
	       "no reordering asked: the colors alone (0, 1)");
	cusparseDestroyColorInfo(info);
	cusparseDestroyMatDescr(d), cusparseDestroyMatDescr(sym);
}

static int make_handle(void)
{
	xorshift_seed(0x1f83d9abfb41bd6bull);
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
