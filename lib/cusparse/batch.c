// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: strided batches.  A descriptor keeps the batch count and
 * the strides; an operation runs once per matrix of C's batch on copies of
 * the descriptors whose arrays point at that matrix (sp_spmat_batch,
 * sp_dnmat_batch), so the single-matrix code serves every product.
 */
#include "cusparse_internal.h"

static size_t index_size(cusparseIndexType_t t)
{
	return t == CUSPARSE_INDEX_16U ? 2 : t == CUSPARSE_INDEX_32I ? 4 : 8;
}

static size_t value_size(cudaDataType t)
{
	return t == CUDA_R_32F ? 4 : t == CUDA_R_64F || t == CUDA_C_32F ? 8 : 16;
}

/* p moved by n elements of size sz (NULL stays NULL: a matrix without that array) */
static void *moved(void *p, int64_t n, size_t sz)
{
	return p ? (char *)p + (size_t)n * sz : NULL;
}

struct cusparseSpMatDescr sp_spmat_batch(const struct cusparseSpMatDescr *m, int b)
{
	struct cusparseSpMatDescr v = *m;
	int64_t at = sp_batches(m->batch_count) > 1 ? b : 0;

	/* COO's row indices move with the columns and values; CSR/CSC offsets by their own stride */
	v.off = moved(m->off, at * (m->fmt == CUSPARSE_FORMAT_COO ? m->iv_batch_stride : m->off_batch_stride),
		      index_size(m->off_type));
	v.ind = moved(m->ind, at * m->iv_batch_stride, index_size(m->ind_type));
	v.val = moved(m->val, at * (m->fmt == CUSPARSE_FORMAT_BSR ? m->val_batch_stride : m->iv_batch_stride),
		      value_size(m->vtype));
	v.batch_count = 1;
	return v;
}

struct cusparseDnMatDescr sp_dnmat_batch(const struct cusparseDnMatDescr *m, int b)
{
	struct cusparseDnMatDescr v = *m;

	v.val = moved(m->val, sp_batches(m->batch_count) > 1 ? b * m->batch_stride : 0, value_size(m->vtype));
	v.batch_count = 1;
	return v;
}

cusparseStatus_t cusparseDnMatSetStridedBatch(cusparseDnMatDescr_t d, int batchCount, int64_t batchStride)
{
	if (!d || batchCount < 1 || batchStride < 0 ||
	    (batchCount > 1 && batchStride < d->ld * (d->order == CUSPARSE_ORDER_COL ? d->cols : d->rows)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	d->batch_count = batchCount;
	d->batch_stride = batchStride;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGetStridedBatch(cusparseConstDnMatDescr_t d, int *batchCount, int64_t *batchStride)
{
	if (!d || !batchCount || !batchStride)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*batchCount = sp_batches(d->batch_count);
	*batchStride = d->batch_stride;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t sp_set_batch(cusparseSpMatDescr_t d, cusparseFormat_t fmt, int count, int64_t off_stride,
				     int64_t iv_stride)
{
	if (!d || d->fmt != fmt || count < 1 || off_stride < 0 || iv_stride < 0 ||
	    (count > 1 && iv_stride < d->nnz))
		return CUSPARSE_STATUS_INVALID_VALUE;
	d->batch_count = count;
	d->off_batch_stride = off_stride;
	d->iv_batch_stride = iv_stride;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrSetStridedBatch(cusparseSpMatDescr_t d, int batchCount, int64_t offsetsBatchStride,
					    int64_t columnsValuesBatchStride)
{
	return sp_set_batch(d, CUSPARSE_FORMAT_CSR, batchCount, offsetsBatchStride, columnsValuesBatchStride);
}

cusparseStatus_t cusparseCscSetStridedBatch(cusparseSpMatDescr_t d, int batchCount, int64_t offsetsBatchStride,
					    int64_t rowsValuesBatchStride)
{
	return sp_set_batch(d, CUSPARSE_FORMAT_CSC, batchCount, offsetsBatchStride, rowsValuesBatchStride);
}

cusparseStatus_t cusparseCooSetStridedBatch(cusparseSpMatDescr_t d, int batchCount, int64_t batchStride)
{
	return sp_set_batch(d, CUSPARSE_FORMAT_COO, batchCount, 0, batchStride);
}

cusparseStatus_t cusparseSpMatGetStridedBatch(cusparseConstSpMatDescr_t d, int *batchCount)
{
	if (!d || !batchCount)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*batchCount = sp_batches(d->batch_count);
	return CUSPARSE_STATUS_SUCCESS;
}
