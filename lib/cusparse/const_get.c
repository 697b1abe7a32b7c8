// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the getters of the const descriptors (issue 44), CUDA 12's
 * cusparseConst*Get*: the same answers as the mutable getters, through
 * const pointers.  A const descriptor is the same object (cusparse.h's
 * cusparseConst*Descr_t point to const structures), so each calls its
 * mutable twin; nothing is written through the result.
 */
#include "cusparse_internal.h"

cusparseStatus_t cusparseConstSpVecGet(cusparseConstSpVecDescr_t spVecDescr, int64_t *size,
				       int64_t *nnz, const void **indices, const void **values,
				       cusparseIndexType_t *idxType, cusparseIndexBase_t *idxBase,
				       cudaDataType *valueType)
{
	return cusparseSpVecGet((cusparseSpVecDescr_t)spVecDescr, size, nnz, (void **)indices,
				(void **)values, idxType, idxBase, valueType);
}

cusparseStatus_t cusparseConstSpVecGetValues(cusparseConstSpVecDescr_t spVecDescr,
					     const void **values)
{
	return cusparseSpVecGetValues((cusparseSpVecDescr_t)spVecDescr, (void **)values);
}

cusparseStatus_t cusparseConstSpMatGetValues(cusparseConstSpMatDescr_t spMatDescr,
					     const void **values)
{
	return cusparseSpMatGetValues((cusparseSpMatDescr_t)spMatDescr, (void **)values);
}

cusparseStatus_t cusparseConstCooGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
				     int64_t *cols, int64_t *nnz, const void **cooRowInd,
				     const void **cooColInd, const void **cooValues,
				     cusparseIndexType_t *idxType, cusparseIndexBase_t *idxBase,
				     cudaDataType *valueType)
{
	return cusparseCooGet((cusparseSpMatDescr_t)spMatDescr, rows, cols, nnz, (void **)cooRowInd,
			      (void **)cooColInd, (void **)cooValues, idxType, idxBase, valueType);
}

cusparseStatus_t cusparseConstCsrGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
				     int64_t *cols, int64_t *nnz, const void **csrRowOffsets,
				     const void **csrColInd, const void **csrValues,
				     cusparseIndexType_t *csrRowOffsetsType,
				     cusparseIndexType_t *csrColIndType,
				     cusparseIndexBase_t *idxBase, cudaDataType *valueType)
{
	return cusparseCsrGet((cusparseSpMatDescr_t)spMatDescr, rows, cols, nnz,
			      (void **)csrRowOffsets, (void **)csrColInd, (void **)csrValues,
			      csrRowOffsetsType, csrColIndType, idxBase, valueType);
}

cusparseStatus_t cusparseConstCscGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
				     int64_t *cols, int64_t *nnz, const void **cscColOffsets,
				     const void **cscRowInd, const void **cscValues,
				     cusparseIndexType_t *cscColOffsetsType,
				     cusparseIndexType_t *cscRowIndType,
				     cusparseIndexBase_t *idxBase, cudaDataType *valueType)
{
	return cusparseCscGet((cusparseSpMatDescr_t)spMatDescr, rows, cols, nnz,
			      (void **)cscColOffsets, (void **)cscRowInd, (void **)cscValues,
			      cscColOffsetsType, cscRowIndType, idxBase, valueType);
}

cusparseStatus_t cusparseConstDnVecGet(cusparseConstDnVecDescr_t dnVecDescr, int64_t *size,
				       const void **values, cudaDataType *valueType)
{
	return cusparseDnVecGet((cusparseDnVecDescr_t)dnVecDescr, size, (void **)values, valueType);
}

cusparseStatus_t cusparseConstDnVecGetValues(cusparseConstDnVecDescr_t dnVecDescr,
					     const void **values)
{
	return cusparseDnVecGetValues((cusparseDnVecDescr_t)dnVecDescr, (void **)values);
}

cusparseStatus_t cusparseConstDnMatGet(cusparseConstDnMatDescr_t dnMatDescr, int64_t *rows,
				       int64_t *cols, int64_t *ld, const void **values,
				       cudaDataType *type, cusparseOrder_t *order)
{
	return cusparseDnMatGet((cusparseDnMatDescr_t)dnMatDescr, rows, cols, ld, (void **)values,
				type, order);
}

cusparseStatus_t cusparseConstDnMatGetValues(cusparseConstDnMatDescr_t dnMatDescr,
					     const void **values)
{
	return cusparseDnMatGetValues((cusparseDnMatDescr_t)dnMatDescr, (void **)values);
}
