// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: csrcolor (issue 44), a coloring of the adjacency graph of a
 * square CSR matrix: rows i and j are neighbours when A(i,j) or A(j,i) is
 * stored (i != j; the pattern is made symmetric here rather than assumed),
 * and neighbours get different colors.  cuSPARSE colors approximately
 * until fractionToColor of the rows have a color and gives the rest
 * distinct new colors; here every row is colored greedily in row order
 * (first fit), which meets the same contract for any fraction in [0, 1]
 * (outside: INVALID_VALUE).  Colors are 0 .. ncolors - 1; reordering
 * (optional) lists the rows by color, then by row: the permutation that
 * groups each color.  Rows are numbers from 0.  The values are not read.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

struct cusparseColorInfo {
	cusparseColorAlg_t alg; /* accepted; first fit either way */
};

cusparseStatus_t cusparseCreateColorInfo(cusparseColorInfo_t *info)
{
	if (!info)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*info = calloc(1, sizeof(**info));
	return *info ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseDestroyColorInfo(cusparseColorInfo_t info)
{
	free(info);
	return CUSPARSE_STATUS_SUCCESS;
}

struct color_args {
	int m, nnz;
	cusparseMatDescr_t d;
	const void *val;
	const int *off, *col;
	double fraction;
	int *ncolors, *coloring, *reordering;
	const void *info;
};

static cusparseStatus_t color_check(cusparseHandle_t handle, const struct color_args *a)
{
	if (!a->ncolors || (a->m && !a->coloring) || !(a->fraction >= 0) || a->fraction > 1)
		return CUSPARSE_STATUS_INVALID_VALUE;
	return sp_legacy_csr_check(handle, a->m, a->nnz, a->d, a->val, a->off, a->col, a->info);
}

/* the transpose's pattern, so that each row sees every neighbour */
static cusparseStatus_t transpose(const struct color_args *a, int **toff, int **tcol)
{
	int b = (int)a->d->base;
	*toff = calloc((size_t)a->m + 1, sizeof(int));
	*tcol = malloc((a->nnz ? (size_t)a->nnz : 1) * sizeof(int));
	if (!*toff || !*tcol) {
		free(*toff), free(*tcol);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	for (int p = 0; p < a->nnz; p++)
		(*toff)[a->col[p] - b + 1]++;
	for (int i = 0; i < a->m; i++)
		(*toff)[i + 1] += (*toff)[i];
	int *next = *toff; /* filled in place, then shifted back */
	for (int i = 0; i < a->m; i++)
		for (int p = a->off[i] - b; p < a->off[i + 1] - b; p++)
			(*tcol)[next[a->col[p] - b]++] = i;
	for (int i = a->m; i > 0; i--)
		(*toff)[i] = (*toff)[i - 1];
	(*toff)[0] = 0;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t color(cusparseHandle_t handle, const struct color_args *a)
{
	SP_CALL(handle, color_check(handle, a));
	int *toff, *tcol, b = (int)a->d->base, n = 0;
	cusparseStatus_t st = transpose(a, &toff, &tcol);
	if (st)
		return st;
	int *used = malloc(((size_t)a->m + 1) * sizeof(int)); /* used[c] == i: c taken at row i */
	if (!used) {
		free(toff), free(tcol);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	for (int c = 0; c <= a->m; c++)
		used[c] = -1;
	for (int i = 0; i < a->m; i++) {
		for (int p = a->off[i] - b; p < a->off[i + 1] - b; p++)
			if (a->col[p] - b < i)
				used[a->coloring[a->col[p] - b]] = i;
		for (int p = toff[i]; p < toff[i + 1]; p++)
			if (tcol[p] < i)
				used[a->coloring[tcol[p]]] = i;
		int c = 0;
		while (used[c] == i)
			c++;
		a->coloring[i] = c;
		n = c + 1 > n ? c + 1 : n;
	}
	*a->ncolors = n;
	if (a->reordering) { /* counting sort by color, rows ascending within one */
		int *start = calloc((size_t)n + 1, sizeof(int));
		if (!start)
			st = CUSPARSE_STATUS_ALLOC_FAILED;
		for (int i = 0; start && i < a->m; i++)
			start[a->coloring[i] + 1]++;
		for (int c = 0; start && c < n; c++)
			start[c + 1] += start[c];
		for (int i = 0; start && i < a->m; i++)
			a->reordering[start[a->coloring[i]]++] = i;
		free(start);
	}
	free(used), free(toff), free(tcol);
	return st;
}

#define COLOR_DEFS(P, T, R)                                                                        \
	cusparseStatus_t cusparse##P##csrcolor(                                                    \
	    cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,              \
	    const T *csrSortedValA, const int *csrSortedRowPtrA, const int *csrSortedColIndA,      \
	    const R *fractionToColor, int *ncolors, int *coloring, int *reordering,                \
	    const cusparseColorInfo_t info)                                                        \
	{                                                                                          \
		struct color_args a = {m,                                                          \
				       nnz,                                                        \
				       descrA,                                                     \
				       csrSortedValA,                                              \
				       csrSortedRowPtrA,                                           \
				       csrSortedColIndA,                                           \
				       fractionToColor ? (double)*fractionToColor : -1,            \
				       ncolors,                                                    \
				       coloring,                                                   \
				       reordering,                                                 \
				       info};                                                      \
		return color(handle, &a);                                                          \
	}

COLOR_DEFS(S, float, float)
COLOR_DEFS(D, double, double)
COLOR_DEFS(C, cuComplex, float)
COLOR_DEFS(Z, cuDoubleComplex, double)
