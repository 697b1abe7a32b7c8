// SPDX-License-Identifier: MIT
/*
 * rf_pattern.c - the pattern of cusolverRf's factors: the symbolic LU
 * (no pivoting) of the union of M = P A Q^T's entries and the given
 * factors'.  Row by row, as the numeric refactorization runs (rf_numeric.c):
 * row i of L U has row i's entries, and for each k < i in it, taken in
 * increasing order (a min-heap, since the fill adds new k), the entries of
 * U's row k right of its diagonal.  Keeping the given factors' entries
 * means the program's L and U always fit; keeping the fill means a
 * refactorization never drops a value, whatever pattern the program's
 * first factorization chose.
 */
#include <stdlib.h>
#include <string.h>
#include "rf_internal.h"

/* a growing array of ints */
struct ints {
	int *v;
	long len, cap;
};

static int push(struct ints *a, int x)
{
	if (a->len == a->cap) {
		long cap = a->cap ? 2 * a->cap : 64;
		int *v = realloc(a->v, (size_t)cap * sizeof(int));

		if (!v)
			return -1;
		a->v = v, a->cap = cap;
	}
	a->v[a->len++] = x;
	return 0;
}

/* the min-heap of a row's lower columns still to eliminate */
static int heap_push(struct ints *h, int x)
{
	long c;

	if (push(h, x))
		return -1;
	for (c = h->len - 1; c > 0 && h->v[(c - 1) / 2] > h->v[c]; c = (c - 1) / 2) {
		int t = h->v[c];

		h->v[c] = h->v[(c - 1) / 2], h->v[(c - 1) / 2] = t;
	}
	return 0;
}

static int heap_pop(struct ints *h)
{
	int top = h->v[0];
	long c = 0;

	h->v[0] = h->v[--h->len];
	for (;;) {
		long l = 2 * c + 1, r = l + 1, m = c;

		if (l < h->len && h->v[l] < h->v[m])
			m = l;
		if (r < h->len && h->v[r] < h->v[m])
			m = r;
		if (m == c)
			return top;
		int t = h->v[c];

		h->v[c] = h->v[m], h->v[m] = t, c = m;
	}
}

static int by_int(const void *a, const void *b)
{
	return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

void rf_pattern_free(struct rf_pattern *p)
{
	free(p->ptr), free(p->ind), free(p->diag);
	memset(p, 0, sizeof(*p));
}

/* The entries of each row (columns, repeats kept) from the list: start[i]..start[i+1]. */
static int rows_of(int n, const struct rf_entry *e, long count, long **start, int **cols)
{
	long *s = calloc((size_t)n + 1, sizeof(long));
	int *c = malloc((size_t)(count ? count : 1) * sizeof(int));
	long *at = malloc(((size_t)n + 1) * sizeof(long));

	if (!s || !c || !at) {
		free(s), free(c), free(at);
		return -1;
	}
	for (long k = 0; k < count; k++)
		s[e[k].i + 1]++;
	for (int i = 0; i < n; i++)
		s[i + 1] += s[i];
	memcpy(at, s, ((size_t)n + 1) * sizeof(long));
	for (long k = 0; k < count; k++)
		c[at[e[k].i]++] = e[k].j;
	free(at);
	*start = s, *cols = c;
	return 0;
}

int rf_pattern_build(struct rf_pattern *p, int n, const struct rf_entry *e, long count)
{
	struct ints ind = {0}, heap = {0}, upper = {0};
	long *start = NULL;
	int *cols = NULL, *mark = malloc((size_t)n * sizeof(int));
	int rc = -1;

	memset(p, 0, sizeof(*p));
	p->n = n;
	p->ptr = malloc(((size_t)n + 1) * sizeof(int));
	p->diag = malloc((size_t)n * sizeof(int));
	if (!mark || !p->ptr || !p->diag || rows_of(n, e, count, &start, &cols))
		goto out;
	for (int j = 0; j < n; j++)
		mark[j] = -1;
	for (int i = 0; i < n; i++) {
		p->ptr[i] = (int)ind.len;
		heap.len = upper.len = 0;
		mark[i] = i;
		for (long k = start[i]; k < start[i + 1]; k++) {
			int j = cols[k];

			if (mark[j] == i)
				continue;
			mark[j] = i;
			if ((j < i ? heap_push(&heap, j) : push(&upper, j)))
				goto out;
		}
		while (heap.len) {
			int k = heap_pop(&heap);

			if (push(&ind, k))
				goto out;
			/* U's row k right of its diagonal: fill of row i */
			for (int q = p->diag[k] + 1; q < p->ptr[k + 1]; q++) {
				int j = ind.v[q];

				if (mark[j] == i)
					continue;
				mark[j] = i;
				if ((j < i ? heap_push(&heap, j) : push(&upper, j)))
					goto out;
			}
		}
		p->diag[i] = (int)ind.len;
		if (push(&ind, i))
			goto out;
		qsort(upper.v, (size_t)upper.len, sizeof(int), by_int);
		for (long k = 0; k < upper.len; k++)
			if (push(&ind, upper.v[k]))
				goto out;
		if (ind.len > 0x7fffffff)
			goto out;
		p->ptr[i + 1] = (int)ind.len;
	}
	p->nnz = (int)ind.len;
	p->ind = ind.v;
	ind.v = NULL;
	rc = 0;
out:
	free(ind.v), free(heap.v), free(upper.v), free(start), free(cols), free(mark);
	if (rc)
		rf_pattern_free(p);
	return rc;
}

long rf_pattern_find(const struct rf_pattern *p, int i, int j)
{
	int lo = p->ptr[i], hi = p->ptr[i + 1] - 1;

	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;

		if (p->ind[mid] == j)
			return mid;
		if (p->ind[mid] < j)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}
