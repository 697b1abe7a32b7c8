// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the Blocked-ELL and sliced-ELL (SELL) descriptors and their
 * entries as triplets, so that every operation reading a sparse matrix
 * (SpMM, SpMV, SpSV, SparseToDense...) takes them as it takes CSR.
 *
 * Blocked-ELL: block row i (rows / b of them, b = ellBlockSize) holds
 * ellCols / b blocks of b x b; ellColInd[i * (ellCols / b) + k] is the block
 * column of its k-th block (idxBase applies; -1: an empty block), and the
 * values form a rows x ellCols row-major array, block k of row r at columns
 * k b .. k b + b - 1.  nnz is rows * ellCols (padding included).
 *
 * SELL: slice s (rows s S .. s S + S - 1, S = sliceSize) holds its entries
 * at sellSliceOffsets[s] .. sellSliceOffsets[s + 1] (relative to idxBase),
 * column-major within the slice: slot c of its row r at offset + c S + r;
 * a column index -1 is padding.  sellValuesSize counts the stored entries
 * (padding included), nnz the matrix's nonzeros.
 *
 * The descriptors only record what the program gives; the arrays are read
 * and checked when an operation runs (an index outside the matrix is
 * INVALID_VALUE then), as for the other formats.  DenseToSparse fills a
 * Blocked-ELL matrix's values over the blocks its indices name (the
 * program gives the pattern, as cuSPARSE's); SDDMM and DenseToSparse into
 * SELL are NOT_SUPPORTED (sp_fmt_indexed).
 */
#include <stdlib.h>
#include <string.h>
#include "cusparse_internal.h"

cusparseStatus_t cusparseCreateBlockedEll(cusparseSpMatDescr_t *spMatDescr, int64_t rows,
					  int64_t cols, int64_t ellBlockSize, int64_t ellCols,
					  void *ellColInd, void *ellValue,
					  cusparseIndexType_t ellIdxType,
					  cusparseIndexBase_t idxBase, cudaDataType valueType)
{
	if (ellBlockSize < 1 || ellCols < 0 || rows % ellBlockSize || cols % ellBlockSize ||
	    ellCols % ellBlockSize || ellCols > cols || ellIdxType == CUSPARSE_INDEX_16U)
		return CUSPARSE_STATUS_INVALID_VALUE;
	cusparseStatus_t st =
	    sp_mat_new(spMatDescr, CUSPARSE_FORMAT_BLOCKED_ELL, rows, cols, rows * ellCols, NULL,
		       ellColInd, ellValue, ellIdxType, ellIdxType, idxBase, valueType);
	if (!st)
		(*spMatDescr)->ell_block = ellBlockSize, (*spMatDescr)->ell_cols = ellCols;
	return st;
}

cusparseStatus_t cusparseCreateConstBlockedEll(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
					       int64_t cols, int64_t ellBlockSize, int64_t ellCols,
					       const void *ellColInd, const void *ellValue,
					       cusparseIndexType_t ellIdxType,
					       cusparseIndexBase_t idxBase, cudaDataType valueType)
{
	return cusparseCreateBlockedEll((cusparseSpMatDescr_t *)spMatDescr, rows, cols,
					ellBlockSize, ellCols, (void *)ellColInd, (void *)ellValue,
					ellIdxType, idxBase, valueType);
}

cusparseStatus_t cusparseBlockedEllGet(cusparseSpMatDescr_t d, int64_t *rows, int64_t *cols,
				       int64_t *ellBlockSize, int64_t *ellCols, void **ellColInd,
				       void **ellValue, cusparseIndexType_t *ellIdxType,
				       cusparseIndexBase_t *idxBase, cudaDataType *valueType)
{
	if (!d || d->fmt != CUSPARSE_FORMAT_BLOCKED_ELL || !rows || !cols || !ellBlockSize ||
	    !ellCols || !ellColInd || !ellValue || !ellIdxType || !idxBase || !valueType)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*rows = d->rows, *cols = d->cols, *ellBlockSize = d->ell_block, *ellCols = d->ell_cols;
	*ellColInd = d->ind, *ellValue = d->val;
	*ellIdxType = d->ind_type, *idxBase = d->base, *valueType = d->vtype;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstBlockedEllGet(cusparseConstSpMatDescr_t d, int64_t *rows,
					    int64_t *cols, int64_t *ellBlockSize, int64_t *ellCols,
					    const void **ellColInd, const void **ellValue,
					    cusparseIndexType_t *ellIdxType,
					    cusparseIndexBase_t *idxBase, cudaDataType *valueType)
{
	return cusparseBlockedEllGet((cusparseSpMatDescr_t)d, rows, cols, ellBlockSize, ellCols,
				     (void **)ellColInd, (void **)ellValue, ellIdxType, idxBase,
				     valueType);
}

cusparseStatus_t cusparseCreateSlicedEll(cusparseSpMatDescr_t *spMatDescr, int64_t rows,
					 int64_t cols, int64_t nnz, int64_t sellValuesSize,
					 int64_t sliceSize, void *sellSliceOffsets,
					 void *sellColInd, void *sellValues,
					 cusparseIndexType_t sellSliceOffsetsType,
					 cusparseIndexType_t sellColIndType,
					 cusparseIndexBase_t idxBase, cudaDataType valueType)
{
	if (sliceSize < 1 || sellValuesSize < nnz ||
	    (sellValuesSize && (!sellColInd || !sellValues)) || (rows && !sellSliceOffsets) ||
	    sellSliceOffsetsType == CUSPARSE_INDEX_16U || sellColIndType == CUSPARSE_INDEX_16U)
		return CUSPARSE_STATUS_INVALID_VALUE;
	cusparseStatus_t st = sp_mat_new(spMatDescr, CUSPARSE_FORMAT_SLICED_ELLPACK, rows, cols,
					 nnz, sellSliceOffsets, sellColInd, sellValues,
					 sellSliceOffsetsType, sellColIndType, idxBase, valueType);
	if (!st)
		(*spMatDescr)->ell_block = sliceSize, (*spMatDescr)->ell_cols = sellValuesSize;
	return st;
}

cusparseStatus_t cusparseCreateConstSlicedEll(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
					      int64_t cols, int64_t nnz, int64_t sellValuesSize,
					      int64_t sliceSize, const void *sellSliceOffsets,
					      const void *sellColInd, const void *sellValues,
					      cusparseIndexType_t sellSliceOffsetsType,
					      cusparseIndexType_t sellColIndType,
					      cusparseIndexBase_t idxBase, cudaDataType valueType)
{
	return cusparseCreateSlicedEll((cusparseSpMatDescr_t *)spMatDescr, rows, cols, nnz,
				       sellValuesSize, sliceSize, (void *)sellSliceOffsets,
				       (void *)sellColInd, (void *)sellValues, sellSliceOffsetsType,
				       sellColIndType, idxBase, valueType);
}

/* one stored entry: kept unless its column index is the padding -1; false when outside the matrix
 */
static bool ell_take(const struct cusparseSpMatDescr *m, struct sp_triplets *t, bool want_val,
		     int64_t row, int64_t raw_col, int64_t col, int64_t at)
{
	if (raw_col == -1)
		return true;
	if (row >= m->rows || col < 0 || col >= m->cols)
		return false;
	t->row[t->n] = row, t->col[t->n] = col;
	if (want_val)
		t->val[t->n] = sp_load(m->vtype, m->val, at);
	t->n++;
	return true;
}

static cusparseStatus_t blocked_ell_fill(const struct cusparseSpMatDescr *m, bool want_val,
					 struct sp_triplets *t)
{
	int64_t b = m->ell_block, per_row = m->ell_cols / b;

	for (int64_t r = 0; r < m->rows; r++)
		for (int64_t k = 0; k < per_row; k++) {
			int64_t raw = sp_idx(m->ind_type, m->ind, (r / b) * per_row + k);
			for (int64_t jj = 0; jj < b; jj++)
				if (!ell_take(m, t, want_val, r, raw, (raw - m->base) * b + jj,
					      r * m->ell_cols + k * b + jj))
					return CUSPARSE_STATUS_INVALID_VALUE;
		}
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t sliced_ell_fill(const struct cusparseSpMatDescr *m, bool want_val,
					struct sp_triplets *t)
{
	int64_t S = m->ell_block, slices = (m->rows + S - 1) / S;

	for (int64_t s = 0; s < slices; s++) {
		int64_t lo = sp_idx(m->off_type, m->off, s) - m->base,
			hi = sp_idx(m->off_type, m->off, s + 1) - m->base;
		if (lo < 0 || hi < lo || hi > m->ell_cols || (hi - lo) % S)
			return CUSPARSE_STATUS_INVALID_VALUE;
		for (int64_t at = lo; at < hi; at++) {
			int64_t raw = sp_idx(m->ind_type, m->ind, at);
			if (!ell_take(m, t, want_val, s * S + (at - lo) % S, raw, raw - m->base,
				      at))
				return CUSPARSE_STATUS_INVALID_VALUE;
		}
	}
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t sp_triplets_ell(const struct cusparseSpMatDescr *m, bool want_val,
				 struct sp_triplets *t)
{
	bool blocked = m->fmt == CUSPARSE_FORMAT_BLOCKED_ELL;
	int64_t stored = blocked ? m->rows * m->ell_cols : m->ell_cols;
	size_t n = stored > 0 ? (size_t)stored : 1;

	if (stored > 0 && (!m->ind || (want_val && !m->val)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (!blocked && m->rows > 0 && !m->off)
		return CUSPARSE_STATUS_INVALID_VALUE;
	t->n = 0;
	t->row = malloc(n * sizeof(*t->row));
	t->col = malloc(n * sizeof(*t->col));
	t->val = want_val ? malloc(n * sizeof(*t->val)) : NULL;
	if (!t->row || !t->col || (want_val && !t->val)) {
		sp_triplets_free(t);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	cusparseStatus_t st =
	    blocked ? blocked_ell_fill(m, want_val, t) : sliced_ell_fill(m, want_val, t);
	if (st)
		sp_triplets_free(t);
	return st;
}

/* the blocks' column indices all inside the matrix or -1 (empty) */
static bool blocked_ell_indices_ok(const struct cusparseSpMatDescr *B)
{
	int64_t b = B->ell_block, n = (B->rows / b) * (B->ell_cols / b);

	for (int64_t k = 0; k < n; k++) {
		int64_t raw = sp_idx(B->ind_type, B->ind, k);
		if (raw != -1 && (raw - B->base < 0 || raw - B->base >= B->cols / b))
			return false;
	}
	return true;
}

cusparseStatus_t sp_blocked_ell_from_dense(const struct cusparseDnMatDescr *A,
					   struct cusparseSpMatDescr *B)
{
	int64_t b = B->ell_block, per_row = B->ell_cols / b;

	if (B->rows * B->ell_cols > 0 && (!B->ind || !B->val || !A->val))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (!blocked_ell_indices_ok(B))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int64_t r = 0; r < B->rows; r++)
		for (int64_t k = 0; k < per_row; k++) {
			int64_t raw = sp_idx(B->ind_type, B->ind, (r / b) * per_row + k);
			for (int64_t jj = 0; jj < b; jj++) {
				sp_val v = raw == -1
					       ? 0
					       : sp_load(A->vtype, A->val,
							 sp_dn_at(A, r, (raw - B->base) * b + jj));
				sp_store(B->vtype, B->val, r * B->ell_cols + k * b + jj, v);
			}
		}
	return CUSPARSE_STATUS_SUCCESS;
}
