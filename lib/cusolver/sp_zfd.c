// SPDX-License-Identifier: MIT
/*
 * sp_zfd.c - cuSOLVER's zero-free diagonal (cusolverSp<t>csrzfdHost, every
 * precision): a row permutation P such that B = A(P, :) (row j of B is row
 * P[j] of A, 0-based) has as many nonzero diagonal entries as any row
 * permutation can give, numnz of them (n: A is structurally nonsingular).
 * A maximum matching of columns to rows over A's nonzero values
 * (explicit zeros do not count), by augmenting paths (Kuhn's method, the
 * depth-first search kept on a stack of our own); columns left unmatched
 * take the rows left over, in increasing order.
 */
#include <stdlib.h>
#include "sp_lowlevel.h"

/* element size in doubles or floats: 1 real, 2 complex; single or double */
struct values {
	const void *v;
	bool single, complex_;
};

static bool nonzero(const struct values *a, int e)
{
	int k = a->complex_ ? 2 : 1;

	for (int c = 0; c < k; c++)
		if (sp_value(a->v, a->single, (long)e * k + c) != 0)
			return true;
	return false;
}

/* The columns of row r's nonzero entries, 0-based, into cols (CSR by rows, transposed: by column
 * here). */
struct graph {
	int n, *start,
	    *row; /* for each column j, the rows with a nonzero in it: row[start[j]..start[j+1]) */
};

static int by_columns(int n, const int *ptr, const int *ind, int base, const struct values *a,
		      struct graph *g)
{
	int nnz = ptr[n] - ptr[0], *at;

	g->n = n;
	g->start = calloc((size_t)n + 1, sizeof(int));
	g->row = malloc((size_t)(nnz ? nnz : 1) * sizeof(int));
	at = malloc(((size_t)n + 1) * sizeof(int));
	if (!g->start || !g->row || !at) {
		free(at);
		return -1;
	}
	for (int i = 0; i < n; i++)
		for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++)
			if (nonzero(a, e))
				g->start[ind[e] - base + 1]++;
	for (int j = 0; j < n; j++)
		g->start[j + 1] += g->start[j];
	for (int j = 0; j <= n; j++)
		at[j] = g->start[j];
	for (int i = 0; i < n; i++)
		for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++)
			if (nonzero(a, e))
				g->row[at[ind[e] - base]++] = i;
	free(at);
	return 0;
}

/*
 * An augmenting path from free column c0: depth-first over (column, next
 * candidate row); a free row ends it, and the path is flipped.  seen[r] ==
 * c0 + 1 marks the rows this search visited.  Returns whether c0 got a row.
 */
static bool augment(const struct graph *g, int c0, int *row_of, int *col_of, int *seen,
		    int *stack_col, int *stack_k)
{
	int top = 0;

	stack_col[0] = c0, stack_k[0] = g->start[c0];
	while (top >= 0) {
		int c = stack_col[top], k = stack_k[top]++;

		if (k == g->start[c + 1]) {
			top--;
			continue;
		}
		int r = g->row[k];

		if (seen[r] == c0 + 1)
			continue;
		seen[r] = c0 + 1;
		if (col_of[r] < 0) { /* free row: flip the path */
			for (int t = top; t >= 0; t--) {
				int cc = stack_col[t], rr = g->row[stack_k[t] - 1];

				row_of[cc] = rr, col_of[rr] = cc;
			}
			return true;
		}
		top++;
		stack_col[top] = col_of[r], stack_k[top] = g->start[col_of[r]];
	}
	return false;
}

static cusolverStatus_t zfd(cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t descr,
			    const struct values *a, const int *ptr, const int *ind, int *P,
			    int *numnz)
{
	int base, *row_of, *col_of, *seen, *sc, *sk, matched = 0, next = 0;
	struct graph g = {0, NULL, NULL};
	cusolverStatus_t st = cusolver_sp_check(h, n, nnz, descr, ptr, ind, &base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!a->v || !P || !numnz)
		return CUSOLVER_STATUS_INVALID_VALUE;
	row_of = malloc((size_t)n * sizeof(int));
	col_of = malloc((size_t)n * sizeof(int));
	seen = calloc((size_t)n, sizeof(int));
	sc = malloc((size_t)(n + 1) * sizeof(int));
	sk = malloc((size_t)(n + 1) * sizeof(int));
	st = CUSOLVER_STATUS_ALLOC_FAILED;
	if (!row_of || !col_of || !seen || !sc || !sk || by_columns(n, ptr, ind, base, a, &g))
		goto out;
	for (int i = 0; i < n; i++)
		row_of[i] = col_of[i] = -1;
	for (int c = 0; c < n; c++)
		matched += augment(&g, c, row_of, col_of, seen, sc, sk);
	for (int c = 0; c < n; c++) { /* unmatched columns: the rows left over, in order */
		if (row_of[c] >= 0)
			continue;
		while (col_of[next] >= 0)
			next++;
		row_of[c] = next, col_of[next] = c;
	}
	for (int c = 0; c < n; c++)
		P[c] = row_of[c];
	*numnz = matched;
	st = CUSOLVER_STATUS_SUCCESS;
out:
	free(row_of), free(col_of), free(seen), free(sc), free(sk), free(g.start), free(g.row);
	return st;
}

#define ZFD(PR, T, SINGLE, COMPLEX)                                                                \
	cusolverStatus_t cusolverSp##PR##csrzfdHost(                                               \
	    cusolverSpHandle_t handle, int n, int nnz, const cusparseMatDescr_t descrA,            \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, int *P, int *numnz)    \
	{                                                                                          \
		struct values a = {csrValA, SINGLE, COMPLEX};                                      \
		return zfd(handle, n, nnz, descrA, &a, csrRowPtrA, csrColIndA, P, numnz);          \
	}
ZFD(S, float, true, false)
ZFD(D, double, false, false)
ZFD(C, cuComplex, true, true)
ZFD(Z, cuDoubleComplex, false, true)
