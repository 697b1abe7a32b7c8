// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the descriptors of sparse and dense vectors and matrices.
 * They only record what the program gives (no copy): the arrays are read
 * when an operation runs, as cuSPARSE's are.
 */
#include <stdlib.h>
#include <string.h>
#include "cusparse_internal.h"

#define SP_NEW(out, obj)                                        \
	do {                                                    \
		void *p_ = malloc(sizeof(obj));                 \
		if (!p_)                                        \
			return CUSPARSE_STATUS_ALLOC_FAILED;    \
		memcpy(p_, &(obj), sizeof(obj));                \
		*(out) = p_;                                    \
	} while (0)

static bool sp_base_ok(cusparseIndexBase_t b)
{
	return b == CUSPARSE_INDEX_BASE_ZERO || b == CUSPARSE_INDEX_BASE_ONE;
}

cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *spVecDescr, int64_t size, int64_t nnz,
				     void *indices, void *values, cusparseIndexType_t idxType,
				     cusparseIndexBase_t idxBase, cudaDataType valueType)
{
	struct cusparseSpVecDescr v = { size, nnz, indices, values, idxType, idxBase, valueType };

	if (!spVecDescr || size < 0 || nnz < 0 || nnz > size || !sp_itype_ok(idxType) ||
	    !sp_base_ok(idxBase))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (!sp_type_ok(valueType))
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	SP_NEW(spVecDescr, v);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstSpVec(cusparseConstSpVecDescr_t *spVecDescr, int64_t size,
					  int64_t nnz, const void *indices, const void *values,
					  cusparseIndexType_t idxType, cusparseIndexBase_t idxBase,
					  cudaDataType valueType)
{
	return cusparseCreateSpVec((cusparseSpVecDescr_t *)spVecDescr, size, nnz, (void *)indices,
				   (void *)values, idxType, idxBase, valueType);
}

cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t spVecDescr)
{
	free((void *)spVecDescr);	/* cuSPARSE accepts NULL */
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpVecGet(cusparseSpVecDescr_t d, int64_t *size, int64_t *nnz,
				  void **indices, void **values, cusparseIndexType_t *idxType,
				  cusparseIndexBase_t *idxBase, cudaDataType *valueType)
{
	if (!d || !size || !nnz || !indices || !values || !idxType || !idxBase || !valueType)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*size = d->size;
	*nnz = d->nnz;
	*indices = d->idx;
	*values = d->val;
	*idxType = d->itype;
	*idxBase = d->base;
	*valueType = d->vtype;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpVecGetIndexBase(cusparseConstSpVecDescr_t d, cusparseIndexBase_t *idxBase)
{
	if (!d || !idxBase)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*idxBase = d->base;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpVecGetValues(cusparseSpVecDescr_t d, void **values)
{
	if (!d || !values)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*values = d->val;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpVecSetValues(cusparseSpVecDescr_t d, void *values)
{
	if (!d)
		return CUSPARSE_STATUS_INVALID_VALUE;
	d->val = values;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *dnVecDescr, int64_t size, void *values,
				     cudaDataType valueType)
{
	struct cusparseDnVecDescr v = { size, values, valueType };

	if (!dnVecDescr || size < 0)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (!sp_type_ok(valueType))
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	SP_NEW(dnVecDescr, v);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t *dnVecDescr, int64_t size,
					  const void *values, cudaDataType valueType)
{
	return cusparseCreateDnVec((cusparseDnVecDescr_t *)dnVecDescr, size, (void *)values, valueType);
}

cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t dnVecDescr)
{
	free((void *)dnVecDescr);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecGet(cusparseDnVecDescr_t d, int64_t *size, void **values,
				  cudaDataType *valueType)
{
	if (!d || !size || !values || !valueType)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*size = d->size;
	*values = d->val;
	*valueType = d->vtype;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t d, void **values)
{
	if (!d || !values)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*values = d->val;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t d, void *values)
{
	if (!d)
		return CUSPARSE_STATUS_INVALID_VALUE;
	d->val = values;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t sp_mat_new(cusparseSpMatDescr_t *out, cusparseFormat_t fmt, int64_t rows,
			    int64_t cols, int64_t nnz, void *off, void *ind, void *val,
			    cusparseIndexType_t off_type, cusparseIndexType_t ind_type,
			    cusparseIndexBase_t base, cudaDataType vtype)
{
	struct cusparseSpMatDescr m = {fmt,
				       rows,
				       cols,
				       nnz,
				       off,
				       ind,
				       val,
				       off_type,
				       ind_type,
				       base,
				       vtype,
				       CUSPARSE_FILL_MODE_LOWER,
				       CUSPARSE_DIAG_TYPE_NON_UNIT,
				       1,
				       0,
				       0,
				       0,
				       0,
				       0,
				       0,
				       CUSPARSE_ORDER_ROW,
				       0};

	if (!out || rows < 0 || cols < 0 || nnz < 0 || !sp_itype_ok(off_type) ||
	    !sp_itype_ok(ind_type) || !sp_base_ok(base))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (!sp_type_ok(vtype))
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	SP_NEW(out, m);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
				   int64_t nnz, void *csrRowOffsets, void *csrColInd, void *csrValues,
				   cusparseIndexType_t csrRowOffsetsType,
				   cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
				   cudaDataType valueType)
{
	return sp_mat_new(spMatDescr, CUSPARSE_FORMAT_CSR, rows, cols, nnz, csrRowOffsets,
			  csrColInd, csrValues, csrRowOffsetsType, csrColIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
					int64_t cols, int64_t nnz, const void *csrRowOffsets,
					const void *csrColInd, const void *csrValues,
					cusparseIndexType_t csrRowOffsetsType,
					cusparseIndexType_t csrColIndType,
					cusparseIndexBase_t idxBase, cudaDataType valueType)
{
	return sp_mat_new((cusparseSpMatDescr_t *)spMatDescr, CUSPARSE_FORMAT_CSR, rows, cols, nnz,
			  (void *)csrRowOffsets, (void *)csrColInd, (void *)csrValues,
			  csrRowOffsetsType, csrColIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
				   int64_t nnz, void *cscColOffsets, void *cscRowInd, void *cscValues,
				   cusparseIndexType_t cscColOffsetsType,
				   cusparseIndexType_t cscRowIndType, cusparseIndexBase_t idxBase,
				   cudaDataType valueType)
{
	return sp_mat_new(spMatDescr, CUSPARSE_FORMAT_CSC, rows, cols, nnz, cscColOffsets,
			  cscRowInd, cscValues, cscColOffsetsType, cscRowIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateConstCsc(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
					int64_t cols, int64_t nnz, const void *cscColOffsets,
					const void *cscRowInd, const void *cscValues,
					cusparseIndexType_t cscColOffsetsType,
					cusparseIndexType_t cscRowIndType,
					cusparseIndexBase_t idxBase, cudaDataType valueType)
{
	return sp_mat_new((cusparseSpMatDescr_t *)spMatDescr, CUSPARSE_FORMAT_CSC, rows, cols, nnz,
			  (void *)cscColOffsets, (void *)cscRowInd, (void *)cscValues,
			  cscColOffsetsType, cscRowIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
				   int64_t nnz, void *cooRowInd, void *cooColInd, void *cooValues,
				   cusparseIndexType_t cooIdxType, cusparseIndexBase_t idxBase,
				   cudaDataType valueType)
{
	return sp_mat_new(spMatDescr, CUSPARSE_FORMAT_COO, rows, cols, nnz, cooRowInd, cooColInd,
			  cooValues, cooIdxType, cooIdxType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateConstCoo(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
					int64_t cols, int64_t nnz, const void *cooRowInd,
					const void *cooColInd, const void *cooValues,
					cusparseIndexType_t cooIdxType, cusparseIndexBase_t idxBase,
					cudaDataType valueType)
{
	return sp_mat_new((cusparseSpMatDescr_t *)spMatDescr, CUSPARSE_FORMAT_COO, rows, cols, nnz,
			  (void *)cooRowInd, (void *)cooColInd, (void *)cooValues, cooIdxType,
			  cooIdxType, idxBase, valueType);
}

cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr)
{
	free((void *)spMatDescr);
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t sp_mat_get(cusparseSpMatDescr_t d, cusparseFormat_t fmt, int64_t *rows,
				   int64_t *cols, int64_t *nnz, void **off, void **ind, void **val,
				   cusparseIndexType_t *off_type, cusparseIndexType_t *ind_type,
				   cusparseIndexBase_t *base, cudaDataType *vtype)
{
	if (!d || !rows || !cols || !nnz || !off || !ind || !val || !off_type || !base || !vtype)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (d->fmt != fmt)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*rows = d->rows;
	*cols = d->cols;
	*nnz = d->nnz;
	*off = d->off;
	*ind = d->ind;
	*val = d->val;
	*off_type = d->off_type;
	if (ind_type)
		*ind_type = d->ind_type;
	*base = d->base;
	*vtype = d->vtype;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t d, int64_t *rows, int64_t *cols, int64_t *nnz,
				void **csrRowOffsets, void **csrColInd, void **csrValues,
				cusparseIndexType_t *csrRowOffsetsType,
				cusparseIndexType_t *csrColIndType, cusparseIndexBase_t *idxBase,
				cudaDataType *valueType)
{
	if (!csrColIndType)
		return CUSPARSE_STATUS_INVALID_VALUE;
	return sp_mat_get(d, CUSPARSE_FORMAT_CSR, rows, cols, nnz, csrRowOffsets, csrColInd,
			  csrValues, csrRowOffsetsType, csrColIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCscGet(cusparseSpMatDescr_t d, int64_t *rows, int64_t *cols, int64_t *nnz,
				void **cscColOffsets, void **cscRowInd, void **cscValues,
				cusparseIndexType_t *cscColOffsetsType,
				cusparseIndexType_t *cscRowIndType, cusparseIndexBase_t *idxBase,
				cudaDataType *valueType)
{
	if (!cscRowIndType)
		return CUSPARSE_STATUS_INVALID_VALUE;
	return sp_mat_get(d, CUSPARSE_FORMAT_CSC, rows, cols, nnz, cscColOffsets, cscRowInd,
			  cscValues, cscColOffsetsType, cscRowIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCooGet(cusparseSpMatDescr_t d, int64_t *rows, int64_t *cols, int64_t *nnz,
				void **cooRowInd, void **cooColInd, void **cooValues,
				cusparseIndexType_t *idxType, cusparseIndexBase_t *idxBase,
				cudaDataType *valueType)
{
	return sp_mat_get(d, CUSPARSE_FORMAT_COO, rows, cols, nnz, cooRowInd, cooColInd, cooValues,
			  idxType, NULL, idxBase, valueType);
}

static cusparseStatus_t sp_mat_set(cusparseSpMatDescr_t d, cusparseFormat_t fmt, void *off,
				   void *ind, void *val)
{
	if (!d || d->fmt != fmt)
		return CUSPARSE_STATUS_INVALID_VALUE;
	d->off = off;
	d->ind = ind;
	d->val = val;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t d, void *csrRowOffsets,
					void *csrColInd, void *csrValues)
{
	return sp_mat_set(d, CUSPARSE_FORMAT_CSR, csrRowOffsets, csrColInd, csrValues);
}

cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t d, void *cscColOffsets,
					void *cscRowInd, void *cscValues)
{
	return sp_mat_set(d, CUSPARSE_FORMAT_CSC, cscColOffsets, cscRowInd, cscValues);
}

cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t d, void *cooRows, void *cooColumns,
					void *cooValues)
{
	return sp_mat_set(d, CUSPARSE_FORMAT_COO, cooRows, cooColumns, cooValues);
}

cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t d, int64_t *rows, int64_t *cols,
				      int64_t *nnz)
{
	if (!d || !rows || !cols || !nnz)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*rows = d->rows;
	*cols = d->cols;
	*nnz = d->nnz;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t d, cusparseFormat_t *format)
{
	if (!d || !format)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*format = d->fmt;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t d, cusparseIndexBase_t *idxBase)
{
	if (!d || !idxBase)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*idxBase = d->base;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t d, void **values)
{
	if (!d || !values)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*values = d->val;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t d, void *values)
{
	if (!d)
		return CUSPARSE_STATUS_INVALID_VALUE;
	d->val = values;
	return CUSPARSE_STATUS_SUCCESS;
}

/* The two attributes are enums of int's size, as cuSPARSE checks dataSize. */
cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t d,
					   cusparseSpMatAttribute_t attribute, void *data,
					   size_t dataSize)
{
	int v;

	if (!d || !data || dataSize != sizeof(int))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (attribute == CUSPARSE_SPMAT_FILL_MODE)
		v = d->fill;
	else if (attribute == CUSPARSE_SPMAT_DIAG_TYPE)
		v = d->diag;
	else
		return CUSPARSE_STATUS_INVALID_VALUE;
	memcpy(data, &v, sizeof(v));
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t d,
					   cusparseSpMatAttribute_t attribute, void *data,
					   size_t dataSize)
{
	int v;

	if (!d || !data || dataSize != sizeof(int))
		return CUSPARSE_STATUS_INVALID_VALUE;
	memcpy(&v, data, sizeof(v));
	if (attribute == CUSPARSE_SPMAT_FILL_MODE &&
	    (v == CUSPARSE_FILL_MODE_LOWER || v == CUSPARSE_FILL_MODE_UPPER))
		d->fill = (cusparseFillMode_t)v;
	else if (attribute == CUSPARSE_SPMAT_DIAG_TYPE &&
		 (v == CUSPARSE_DIAG_TYPE_NON_UNIT || v == CUSPARSE_DIAG_TYPE_UNIT))
		d->diag = (cusparseDiagType_t)v;
	else
		return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *dnMatDescr, int64_t rows, int64_t cols,
				     int64_t ld, void *values, cudaDataType valueType,
				     cusparseOrder_t order)
{
	struct cusparseDnMatDescr m = { rows, cols, ld, values, valueType, order, 1, 0 };

	if (!dnMatDescr || rows < 0 || cols < 0 ||
	    (order != CUSPARSE_ORDER_COL && order != CUSPARSE_ORDER_ROW) || !sp_dnmat_ld_ok(&m))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (!sp_type_ok(valueType))
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	SP_NEW(dnMatDescr, m);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t *dnMatDescr, int64_t rows,
					  int64_t cols, int64_t ld, const void *values,
					  cudaDataType valueType, cusparseOrder_t order)
{
	return cusparseCreateDnMat((cusparseDnMatDescr_t *)dnMatDescr, rows, cols, ld,
				   (void *)values, valueType, order);
}

cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t dnMatDescr)
{
	free((void *)dnMatDescr);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t d, int64_t *rows, int64_t *cols,
				  int64_t *ld, void **values, cudaDataType *type,
				  cusparseOrder_t *order)
{
	if (!d || !rows || !cols || !ld || !values || !type || !order)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*rows = d->rows;
	*cols = d->cols;
	*ld = d->ld;
	*values = d->val;
	*type = d->vtype;
	*order = d->order;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t d, void **values)
{
	if (!d || !values)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*values = d->val;
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t d, void *values)
{
	if (!d)
		return CUSPARSE_STATUS_INVALID_VALUE;
	d->val = values;
	return CUSPARSE_STATUS_SUCCESS;
}
