// SPDX-License-Identifier: MIT
/*
 * sp.c - cuSOLVER's sparse handles and CSR utilities (cusolverSp.h):
 * the structural-symmetry test, the reverse Cuthill-McKee ordering of the
 * pattern of A + A^T (breadth first from a pseudo-peripheral vertex of
 * each component, neighbours by increasing degree, reversed: the ordering
 * that narrows the band, which the solvers of sp_lsv.c factor), and
 * B = A(p, q) in place with the map of its values.  The minimum-degree
 * and nested-dissection orderings are CUSOLVER_STATUS_NOT_SUPPORTED: no
 * library here computes them (SuiteSparse is not a dependency).
 * Descriptors are cuSPARSE's: general matrices, index base 0 or 1.
 */
#include <stdlib.h>
#include <string.h>

#include "cusolver_sp_internal.h"

/*
 * cuSPARSE's descriptor readers, weakly: a program passing a descriptor has
 * made it with cuSPARSE (linked), one using only cuSOLVER's dense API need
 * not link cuSPARSE for this library to link.
 */
#pragma weak cusparseGetMatType
#pragma weak cusparseGetMatIndexBase

cusolverStatus_t cusolverSpCreate(cusolverSpHandle_t *handle)
{
	struct cusolverSpContext *h;

	if (!handle)
		return CUSOLVER_STATUS_INVALID_VALUE;
	h = calloc(1, sizeof(*h));
	if (!h)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	*handle = h;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpDestroy(cusolverSpHandle_t handle)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	free(handle);
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpSetStream(cusolverSpHandle_t handle, cudaStream_t stream)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	handle->stream = stream;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpGetStream(cusolverSpHandle_t handle, cudaStream_t *stream)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!stream)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*stream = handle->stream;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolver_sp_descr(const cusparseMatDescr_t descr, int *base)
{
	if (!descr || !cusparseGetMatType || !cusparseGetMatIndexBase)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (cusparseGetMatType(descr) != CUSPARSE_MATRIX_TYPE_GENERAL)
		return CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
	*base = cusparseGetMatIndexBase(descr) == CUSPARSE_INDEX_BASE_ONE;
	return CUSOLVER_STATUS_SUCCESS;
}

/* Row pointers and column indices of an n-row matrix valid for nnz entries (0-based after base)? */
static bool csr_ok(int rows, int cols, int nnz, const int *ptr, const int *end, const int *ind, int base)
{
	for (int i = 0; i < rows; i++) {
		int a = ptr[i] - base, b = (end ? end[i] : ptr[i + 1]) - base;

		if (a < 0 || b < a || b > nnz)
			return false;
		for (int k = a; k < b; k++)
			if (ind[k] - base < 0 || ind[k] - base >= cols)
				return false;
	}
	return true;
}

cusolverStatus_t cusolver_sp_check_mn(cusolverSpHandle_t h, int m, int n, int nnz, const cusparseMatDescr_t descr,
				      const int *ptr, const int *ind, int *base)
{
	cusolverStatus_t st;

	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (m <= 0 || n <= 0 || nnz <= 0 || !ptr || !ind)
		return CUSOLVER_STATUS_INVALID_VALUE;
	st = cusolver_sp_descr(descr, base);
	if (st)
		return st;
	if (ptr[m] - ptr[0] != nnz || !csr_ok(m, n, nnz, ptr, NULL, ind, *base))
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (cusolver_capturing(h->stream))	/* no call is recorded into graphs */
		return CUSOLVER_STATUS_NOT_SUPPORTED;
	return cudaStreamSynchronize(h->stream) == cudaSuccess ? CUSOLVER_STATUS_SUCCESS
							       : CUSOLVER_STATUS_EXECUTION_FAILED;
}

cusolverStatus_t cusolver_sp_check(cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t descr,
				   const int *ptr, const int *ind, int *base)
{
	return cusolver_sp_check_mn(h, n, n, nnz, descr, ptr, ind, base);
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* Is column j in row i's sorted copy? */
static bool has(const int *ptr, const int *cols, int i, int j)
{
	return bsearch(&j, cols + ptr[i], (size_t)(ptr[i + 1] - ptr[i]), sizeof(int), cmp_int) != NULL;
}

cusolverStatus_t cusolverSpXcsrissymHost(cusolverSpHandle_t h, int m, int nnz, const cusparseMatDescr_t descr,
					 const int *ptr, const int *end, const int *ind, int *issym)
{
	int base, *sp, *sc, k = 0;
	cusolverStatus_t st;

	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (m <= 0 || nnz < 0 || !ptr || !end || !ind || !issym)
		return CUSOLVER_STATUS_INVALID_VALUE;
	st = cusolver_sp_descr(descr, &base);
	if (st)
		return st;
	if (!csr_ok(m, m, nnz, ptr, end, ind, base))
		return CUSOLVER_STATUS_INVALID_VALUE;
	sp = malloc((size_t)(m + 1) * sizeof(int));
	sc = malloc((size_t)(nnz ? nnz : 1) * sizeof(int));
	if (!sp || !sc) {
		free(sp), free(sc);
		return CUSOLVER_STATUS_ALLOC_FAILED;
	}
	for (int i = 0; i < m; i++) {	/* a sorted copy, 0-based */
		sp[i] = k;
		for (int e = ptr[i] - base; e < end[i] - base; e++)
			sc[k++] = ind[e] - base;
		qsort(sc + sp[i], (size_t)(k - sp[i]), sizeof(int), cmp_int);
	}
	sp[m] = k;
	*issym = 1;
	for (int i = 0; i < m && *issym; i++)
		for (int e = sp[i]; e < sp[i + 1]; e++)
			if (!has(sp, sc, sc[e], i)) {
				*issym = 0;
				break;
			}
	free(sp), free(sc);
	return CUSOLVER_STATUS_SUCCESS;
}

/* The pattern of A + A^T without the diagonal, as adjacency lists (0-based). */
static bool symmetric_pattern(int n, const int *ptr, const int *ind, int base, int **adj_ptr, int **adj)
{
	int nnz = ptr[n] - ptr[0], *deg = calloc((size_t)n + 1, sizeof(int)), *a = NULL, *fill = NULL;

	if (!deg)
		return false;
	for (int i = 0; i < n; i++)
		for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++)
			if (ind[e] - base != i)
				deg[i]++, deg[ind[e] - base]++;
	for (int i = 0, s = 0; i <= n; i++) {
		int d = i < n ? deg[i] : 0;

		deg[i] = s;
		s += d;
	}
	a = malloc((size_t)(2 * nnz + 1) * sizeof(int));
	fill = malloc((size_t)n * sizeof(int));
	if (!a || !fill) {
		free(deg), free(a), free(fill);
		return false;
	}
	memcpy(fill, deg, (size_t)n * sizeof(int));
	for (int i = 0; i < n; i++)
		for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++) {
			int j = ind[e] - base;

			if (j != i)
				a[fill[i]++] = j, a[fill[j]++] = i;
		}
	free(fill);
	*adj_ptr = deg, *adj = a;
	return true;
}

/* Breadth first from s over the unvisited vertices: the visit order into q, the last level's first vertex. */
static int bfs(int s, const int *ap, const int *a, int *level, int *q, int *count, bool order_by_degree)
{
	int head = *count, last = s;

	q[(*count)++] = s;
	level[s] = 0;
	while (head < *count) {
		int v = q[head++], first = *count;

		for (int e = ap[v]; e < ap[v + 1]; e++)
			if (level[a[e]] < 0)
				level[a[e]] = level[v] + 1, q[(*count)++] = a[e];
		if (order_by_degree)	/* neighbours by increasing degree (insertion sort: short lists) */
			for (int i = first + 1; i < *count; i++)
				for (int j = i; j > first && ap[q[j] + 1] - ap[q[j]] < ap[q[j - 1] + 1] - ap[q[j - 1]]; j--) {
					int t = q[j];

					q[j] = q[j - 1], q[j - 1] = t;
				}
		if (*count > first)
			last = q[*count - 1];
	}
	return last;
}

cusolverStatus_t cusolverSpXcsrsymrcmHost(cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t descr,
					  const int *ptr, const int *ind, int *p)
{
	int base, *ap = NULL, *a = NULL, *level, *q, count = 0;
	cusolverStatus_t st = cusolver_sp_check(h, n, nnz, descr, ptr, ind, &base);

	if (st)
		return st;
	if (!p)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (!symmetric_pattern(n, ptr, ind, base, &ap, &a))
		return CUSOLVER_STATUS_ALLOC_FAILED;
	level = malloc((size_t)n * sizeof(int));
	q = malloc((size_t)n * sizeof(int));
	if (!level || !q) {
		free(ap), free(a), free(level), free(q);
		return CUSOLVER_STATUS_ALLOC_FAILED;
	}
	for (int i = 0; i < n; i++)
		level[i] = -1;
	for (int s = 0; s < n; s++) {
		int start = s, mark = count, far;

		if (level[s] >= 0)
			continue;
		/* a pseudo-peripheral start: the far end of a search from s, twice */
		for (int round = 0; round < 2; round++) {
			far = bfs(start, ap, a, level, q, &count, false);
			for (int i = mark; i < count; i++)
				level[q[i]] = -1;
			count = mark;
			start = far;
		}
		bfs(start, ap, a, level, q, &count, true);
	}
	for (int i = 0; i < n; i++)	/* reversed */
		p[i] = q[n - 1 - i];
	free(ap), free(a), free(level), free(q);
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t no_ordering(cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t descr,
				    const int *ptr, const int *ind, const int *p)
{
	int base;
	cusolverStatus_t st = cusolver_sp_check(h, n, nnz, descr, ptr, ind, &base);

	if (st)
		return st;
	return p ? CUSOLVER_STATUS_NOT_SUPPORTED : CUSOLVER_STATUS_INVALID_VALUE;
}

cusolverStatus_t cusolverSpXcsrsymamdHost(cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t descr,
					  const int *ptr, const int *ind, int *p)
{
	return no_ordering(h, n, nnz, descr, ptr, ind, p);
}

cusolverStatus_t cusolverSpXcsrsymmdqHost(cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t descr,
					  const int *ptr, const int *ind, int *p)
{
	return no_ordering(h, n, nnz, descr, ptr, ind, p);
}

cusolverStatus_t cusolverSpXcsrmetisndHost(cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t descr,
					   const int *ptr, const int *ind, const int64_t *options, int *p)
{
	(void)options;
	return no_ordering(h, n, nnz, descr, ptr, ind, p);
}

static bool is_permutation(const int *p, int n, int *inv)
{
	for (int i = 0; i < n; i++)
		inv[i] = -1;
	for (int i = 0; i < n; i++) {
		if (p[i] < 0 || p[i] >= n || inv[p[i]] >= 0)
			return false;
		inv[p[i]] = i;
	}
	return true;
}

cusolverStatus_t cusolverSpXcsrperm_bufferSizeHost(cusolverSpHandle_t h, int m, int n, int nnz,
						   const cusparseMatDescr_t descr, const int *ptr, const int *ind,
						   const int *p, const int *q, size_t *size)
{
	int base;
	cusolverStatus_t st;

	(void)p, (void)q;
	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (m <= 0 || n <= 0 || nnz < 0 || !ptr || !ind || !size)
		return CUSOLVER_STATUS_INVALID_VALUE;
	st = cusolver_sp_descr(descr, &base);
	if (st)
		return st;
	/* the copies of the row pointers, columns and map, and the inverse of q */
	*size = ((size_t)m + 1 + 2 * (size_t)nnz + (size_t)n) * sizeof(int);
	return CUSOLVER_STATUS_SUCCESS;
}

/* B = A(p, q): row i of B is row p[i] of A, column j of A is column qinv[j] of B; rows sorted by column */
cusolverStatus_t cusolverSpXcsrpermHost(cusolverSpHandle_t h, int m, int n, int nnz, const cusparseMatDescr_t descr,
					int *ptr, int *ind, const int *p, const int *q, int *map, void *buffer)
{
	int base, *optr, *oind, *omap, *qinv, k = 0;
	cusolverStatus_t st;

	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (m <= 0 || n <= 0 || nnz < 0 || !ptr || !ind || !p || !q || !map || !buffer)
		return CUSOLVER_STATUS_INVALID_VALUE;
	st = cusolver_sp_descr(descr, &base);
	if (st)
		return st;
	optr = buffer, oind = optr + m + 1, omap = oind + nnz, qinv = omap + nnz;
	if (ptr[m] - ptr[0] != nnz || !csr_ok(m, n, nnz, ptr, NULL, ind, base) || !is_permutation(q, n, qinv) ||
	    !is_permutation(p, m, optr))
		return CUSOLVER_STATUS_INVALID_VALUE;
	memcpy(optr, ptr, ((size_t)m + 1) * sizeof(int));
	memcpy(oind, ind, (size_t)nnz * sizeof(int));
	memcpy(omap, map, (size_t)nnz * sizeof(int));
	for (int i = 0; i < m; i++) {
		int r = p[i], first = k;

		ptr[i] = k + base;
		for (int e = optr[r] - base; e < optr[r + 1] - base; e++, k++) {
			int c = qinv[oind[e] - base], v = omap[e], j = k;

			for (; j > first && ind[j - 1] - base > c; j--)	/* insertion: rows are short */
				ind[j] = ind[j - 1], map[j] = map[j - 1];
			ind[j] = c + base, map[j] = v;
		}
	}
	ptr[m] = k + base;
	return CUSOLVER_STATUS_SUCCESS;
}
