// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: BSR matrices of the generic API (cusparseCreateBsr,
 * cusparseCreateConstBsr, cusparseBsrSetStridedBatch; issue 44).  A BSR
 * matrix is brows x bcols blocks of rowBlockSize x colBlockSize values,
 * bnnz of them stored: block row i's blocks at bsrRowOffsets[i] ..
 * bsrRowOffsets[i + 1] (less the base), block k at column bsrColInd[k] and
 * its values at bsrValues[k * rowBlockSize * colBlockSize], row by row
 * (CUSPARSE_ORDER_ROW) or column by column (CUSPARSE_ORDER_COL).  The
 * descriptor's nnz is bnnz.  Operations read it as the triplets of every
 * value of every block (sp_triplets_bsr), so SpMV and SpMM take it
 * (CUSPARSE_SPMV_BSR_ALG1, CUSPARSE_SPMM_BSR_ALG1 or any other algorithm:
 * the algorithm is not consulted), as does SparseToDense; the operations
 * that write a sparse matrix by entry number (DenseToSparse, SDDMM's C,
 * SpGEMM) refuse it as they refuse the ELL formats.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

cusparseStatus_t cusparseCreateBsr(cusparseSpMatDescr_t *spMatDescr, int64_t brows, int64_t bcols,
				   int64_t bnnz, int64_t rowBlockSize, int64_t colBlockSize,
				   void *bsrRowOffsets, void *bsrColInd, void *bsrValues,
				   cusparseIndexType_t bsrRowOffsetsType,
				   cusparseIndexType_t bsrColIndType, cusparseIndexBase_t idxBase,
				   cudaDataType valueType, cusparseOrder_t order)
{
	cusparseStatus_t st;

	if (brows < 0 || bcols < 0 || rowBlockSize < 1 || colBlockSize < 1 ||
	    (order != CUSPARSE_ORDER_ROW && order != CUSPARSE_ORDER_COL) ||
	    bsrRowOffsetsType == CUSPARSE_INDEX_16U || bsrColIndType == CUSPARSE_INDEX_16U)
		return CUSPARSE_STATUS_INVALID_VALUE;
	st = sp_mat_new(spMatDescr, CUSPARSE_FORMAT_BSR, brows * rowBlockSize, bcols * colBlockSize,
			bnnz, bsrRowOffsets, bsrColInd, bsrValues, bsrRowOffsetsType, bsrColIndType,
			idxBase, valueType);
	if (!st)
		(*spMatDescr)->bsr_rdim = rowBlockSize, (*spMatDescr)->bsr_cdim = colBlockSize,
		(*spMatDescr)->bsr_order = order;
	return st;
}

cusparseStatus_t
cusparseCreateConstBsr(cusparseConstSpMatDescr_t *spMatDescr, int64_t brows, int64_t bcols,
		       int64_t bnnz, int64_t rowBlockSize, int64_t colBlockSize,
		       const void *bsrRowOffsets, const void *bsrColInd, const void *bsrValues,
		       cusparseIndexType_t bsrRowOffsetsType, cusparseIndexType_t bsrColIndType,
		       cusparseIndexBase_t idxBase, cudaDataType valueType, cusparseOrder_t order)
{
	return cusparseCreateBsr((cusparseSpMatDescr_t *)spMatDescr, brows, bcols, bnnz,
				 rowBlockSize, colBlockSize, (void *)bsrRowOffsets,
				 (void *)bsrColInd, (void *)bsrValues, bsrRowOffsetsType,
				 bsrColIndType, idxBase, valueType, order);
}

cusparseStatus_t cusparseBsrSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
					    int64_t offsetsBatchStride, int64_t columnsBatchStride,
					    int64_t ValuesBatchStride)
{
	struct cusparseSpMatDescr *d = spMatDescr;

	if (!d || d->fmt != CUSPARSE_FORMAT_BSR || batchCount < 1 || offsetsBatchStride < 0 ||
	    columnsBatchStride < 0 || ValuesBatchStride < 0 ||
	    (batchCount > 1 && (columnsBatchStride < d->nnz ||
				ValuesBatchStride < d->nnz * d->bsr_rdim * d->bsr_cdim)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	d->batch_count = batchCount;
	d->off_batch_stride = offsetsBatchStride;
	d->iv_batch_stride = columnsBatchStride;
	d->val_batch_stride = ValuesBatchStride;
	return CUSPARSE_STATUS_SUCCESS;
}

/* block k's value (ii, jj) at its place in the values */
static int64_t value_at(const struct cusparseSpMatDescr *m, int64_t k, int64_t ii, int64_t jj)
{
	int64_t in_block =
	    m->bsr_order == CUSPARSE_ORDER_ROW ? ii * m->bsr_cdim + jj : jj * m->bsr_rdim + ii;

	return k * m->bsr_rdim * m->bsr_cdim + in_block;
}

/*
 * block row i's blocks, each value a triplet; false when the offsets or a
 * column are out of range (t has room for the bnnz blocks' values, and the
 * check of its room keeps any offsets inside it)
 */
static bool block_row(const struct cusparseSpMatDescr *m, int64_t i, bool want_val,
		      struct sp_triplets *t)
{
	int64_t lo = sp_idx(m->off_type, m->off, i) - m->base,
		hi = sp_idx(m->off_type, m->off, i + 1) - m->base;
	int64_t bcols = m->cols / m->bsr_cdim, room = m->nnz * m->bsr_rdim * m->bsr_cdim - t->n;

	if (lo < 0 || hi < lo || hi > m->nnz || (hi - lo) * m->bsr_rdim * m->bsr_cdim > room)
		return false;
	for (int64_t k = lo; k < hi; k++) {
		int64_t bc = sp_idx(m->ind_type, m->ind, k) - m->base;

		if (bc < 0 || bc >= bcols)
			return false;
		for (int64_t ii = 0; ii < m->bsr_rdim; ii++)
			for (int64_t jj = 0; jj < m->bsr_cdim; jj++) {
				t->row[t->n] = i * m->bsr_rdim + ii,
				t->col[t->n] = bc * m->bsr_cdim + jj;
				if (want_val)
					t->val[t->n] =
					    sp_load(m->vtype, m->val, value_at(m, k, ii, jj));
				t->n++;
			}
	}
	return true;
}

cusparseStatus_t sp_triplets_bsr(const struct cusparseSpMatDescr *m, bool want_val,
				 struct sp_triplets *t)
{
	int64_t brows = m->rows / m->bsr_rdim, values = m->nnz * m->bsr_rdim * m->bsr_cdim;
	size_t n = values > 0 ? (size_t)values : 1;

	if ((brows > 0 && !m->off) || (m->nnz > 0 && (!m->ind || (want_val && !m->val))))
		return CUSPARSE_STATUS_INVALID_VALUE;
	t->n = 0;
	t->row = malloc(n * sizeof(*t->row));
	t->col = malloc(n * sizeof(*t->col));
	t->val = want_val ? malloc(n * sizeof(*t->val)) : NULL;
	if (!t->row || !t->col || (want_val && !t->val)) {
		sp_triplets_free(t);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	for (int64_t i = 0; i < brows; i++)
		if (!block_row(m, i, want_val, t)) {
			sp_triplets_free(t);
			return CUSPARSE_STATUS_INVALID_VALUE;
		}
	return CUSPARSE_STATUS_SUCCESS;
}
