// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: a sparse matrix's entries as checked triplets, the form
 * every operation reads (cusparse_internal.h says why).
 */
#include <stdlib.h>
#include "cusparse_internal.h"

void sp_triplets_free(struct sp_triplets *t)
{
	free(t->row);
	free(t->col);
	free(t->val);
	t->row = t->col = NULL;
	t->val = NULL;
}

/* Row (CSR) or column (CSC) k's first and last + 1 entries; false when the offsets are bad. */
static bool sp_span(const struct cusparseSpMatDescr *m, int64_t k, int64_t *lo, int64_t *hi)
{
	*lo = sp_idx(m->off_type, m->off, k) - m->base;
	*hi = sp_idx(m->off_type, m->off, k + 1) - m->base;
	return *lo >= 0 && *lo <= *hi && *hi <= m->nnz;
}

static cusparseStatus_t sp_fill(const struct cusparseSpMatDescr *m, struct sp_triplets *t)
{
	int64_t outer = m->fmt == CUSPARSE_FORMAT_CSC ? m->cols : m->rows;

	if (m->fmt == CUSPARSE_FORMAT_COO) {
		for (int64_t k = 0; k < m->nnz; k++) {
			t->row[k] = sp_idx(m->off_type, m->off, k) - m->base;
			t->col[k] = sp_idx(m->ind_type, m->ind, k) - m->base;
		}
		return CUSPARSE_STATUS_SUCCESS;
	}
	for (int64_t o = 0; o < outer; o++) {
		int64_t lo, hi;

		if (!sp_span(m, o, &lo, &hi))
			return CUSPARSE_STATUS_INVALID_VALUE;
		for (int64_t k = lo; k < hi; k++) {
			int64_t in = sp_idx(m->ind_type, m->ind, k) - m->base;

			t->row[k] = m->fmt == CUSPARSE_FORMAT_CSR ? o : in;
			t->col[k] = m->fmt == CUSPARSE_FORMAT_CSR ? in : o;
		}
	}
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t sp_triplets_get(const struct cusparseSpMatDescr *m, bool want_val,
				 struct sp_triplets *t)
{
	cusparseStatus_t st;
	size_t n = m->nnz > 0 ? (size_t)m->nnz : 1;
	int64_t outer = m->fmt == CUSPARSE_FORMAT_CSC ? m->cols : m->rows;

	if (m->fmt == CUSPARSE_FORMAT_BSR)
		return sp_triplets_bsr(m, want_val, t);
	if (!sp_fmt_indexed(m))
		return sp_triplets_ell(m, want_val, t);
	if (m->nnz > 0 && (!m->off || !m->ind || (want_val && !m->val)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (m->fmt != CUSPARSE_FORMAT_COO && outer > 0 && !m->off)
		return CUSPARSE_STATUS_INVALID_VALUE;
	t->n = m->nnz;
	t->row = malloc(n * sizeof(*t->row));
	t->col = malloc(n * sizeof(*t->col));
	t->val = want_val ? malloc(n * sizeof(*t->val)) : NULL;
	if (!t->row || !t->col || (want_val && !t->val)) {
		sp_triplets_free(t);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	/* -1 marks an entry no span covers (CSR/CSC offsets that skip some) */
	for (int64_t k = 0; k < m->nnz; k++)
		t->row[k] = -1;
	st = sp_fill(m, t);
	for (int64_t k = 0; !st && k < m->nnz; k++) {
		if (t->row[k] < 0 || t->row[k] >= m->rows || t->col[k] < 0 || t->col[k] >= m->cols)
			st = CUSPARSE_STATUS_INVALID_VALUE;
		else if (want_val)
			t->val[k] = sp_load(m->vtype, m->val, k);
	}
	if (st)
		sp_triplets_free(t);
	return st;
}
