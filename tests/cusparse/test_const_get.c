// SPDX-License-Identifier: MIT
/*
 * test_const_get.c - lib/cusparse's const-descriptor getters and the 64-bit
 * buffer sizes of csrilu02/csric02 (issue 44).  Each const descriptor is
 * made by its cusparseCreateConst* from arrays, sizes and types the test
 * chose; its cusparseConst*Get must give every one of them back (the very
 * pointers), a NULL output INVALID_VALUE, a CSR descriptor asked as COO
 * INVALID_VALUE.  csrilu02/csric02_bufferSizeExt answer what their int
 * forms answer, with the same statuses.
 */
#include <stdint.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "tap.h"

static cusparseHandle_t H;

static const int rows_[4] = {0, 1, 3, 4}, cols_[4] = {0, 2, 1, 2};
static const double vals[4] = {1, 2, 3, 4}, dense[6] = {1, 2, 3, 4, 5, 6};
static const int64_t idx64[2] = {1, 3};

TAP_TEST(const_sparse)
{
	cusparseConstSpMatDescr_t csr, csc, coo;
	int64_t r, c, n;
	const void *a, *b, *v;
	cusparseIndexType_t ta, tb;
	cusparseIndexBase_t base;
	cudaDataType vt;

	tap_ok(cusparseCreateConstCsr(&csr, 3, 4, 4, rows_, cols_, vals, CUSPARSE_INDEX_32I,
				      CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
				      CUDA_R_64F) == CUSPARSE_STATUS_SUCCESS &&
		   cusparseConstCsrGet(csr, &r, &c, &n, &a, &b, &v, &ta, &tb, &base, &vt) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   r == 3 && c == 4 && n == 4 && a == rows_ && b == cols_ && v == vals &&
		   ta == CUSPARSE_INDEX_32I && tb == CUSPARSE_INDEX_32I &&
		   base == CUSPARSE_INDEX_BASE_ZERO && vt == CUDA_R_64F,
	       "ConstCsrGet: sizes, arrays, index types, base, value type as created");
	tap_ok(cusparseCreateConstCsc(&csc, 4, 3, 4, rows_, cols_, vals, CUSPARSE_INDEX_32I,
				      CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ONE,
				      CUDA_R_64F) == CUSPARSE_STATUS_SUCCESS &&
		   cusparseConstCscGet(csc, &r, &c, &n, &a, &b, &v, &ta, &tb, &base, &vt) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   r == 4 && c == 3 && n == 4 && a == rows_ && b == cols_ && v == vals &&
		   base == CUSPARSE_INDEX_BASE_ONE,
	       "ConstCscGet: as created");
	tap_ok(cusparseCreateConstCoo(&coo, 5, 5, 4, rows_, cols_, vals, CUSPARSE_INDEX_32I,
				      CUSPARSE_INDEX_BASE_ZERO,
				      CUDA_R_64F) == CUSPARSE_STATUS_SUCCESS &&
		   cusparseConstCooGet(coo, &r, &c, &n, &a, &b, &v, &ta, &base, &vt) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   r == 5 && c == 5 && n == 4 && a == rows_ && b == cols_ && v == vals &&
		   ta == CUSPARSE_INDEX_32I,
	       "ConstCooGet: as created");
	v = NULL;
	tap_ok(cusparseConstSpMatGetValues(coo, &v) == CUSPARSE_STATUS_SUCCESS && v == vals,
	       "ConstSpMatGetValues: the values array");
	tap_ok(cusparseConstCooGet(csr, &r, &c, &n, &a, &b, &v, &ta, &base, &vt) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseConstCsrGet(csr, &r, &c, &n, &a, &b, NULL, &ta, &tb, &base, &vt) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseConstSpMatGetValues(csr, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseConstCscGet(NULL, &r, &c, &n, &a, &b, &v, &ta, &tb, &base, &vt) ==
		       CUSPARSE_STATUS_INVALID_VALUE,
	       "a CSR matrix asked as COO, a NULL output, no descriptor: INVALID_VALUE");
	cusparseDestroySpMat(csr), cusparseDestroySpMat(csc), cusparseDestroySpMat(coo);
}

TAP_TEST(const_vectors_and_dense)
{
	cusparseConstSpVecDescr_t sv;
	cusparseConstDnVecDescr_t dv;
	cusparseConstDnMatDescr_t dm;
	int64_t size, nnz, rows, cols, ld;
	const void *i, *v;
	cusparseIndexType_t it;
	cusparseIndexBase_t base;
	cudaDataType vt;
	cusparseOrder_t order;

	tap_ok(cusparseCreateConstSpVec(&sv, 6, 2, idx64, vals, CUSPARSE_INDEX_64I,
					CUSPARSE_INDEX_BASE_ONE,
					CUDA_R_32F) == CUSPARSE_STATUS_SUCCESS &&
		   cusparseConstSpVecGet(sv, &size, &nnz, &i, &v, &it, &base, &vt) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   size == 6 && nnz == 2 && i == idx64 && v == vals && it == CUSPARSE_INDEX_64I &&
		   base == CUSPARSE_INDEX_BASE_ONE && vt == CUDA_R_32F,
	       "ConstSpVecGet: as created");
	v = NULL;
	tap_ok(cusparseConstSpVecGetValues(sv, &v) == CUSPARSE_STATUS_SUCCESS && v == vals &&
		   cusparseConstSpVecGetValues(sv, NULL) == CUSPARSE_STATUS_INVALID_VALUE,
	       "ConstSpVecGetValues: the values; NULL output INVALID_VALUE");
	tap_ok(cusparseCreateConstDnVec(&dv, 6, dense, CUDA_C_32F) == CUSPARSE_STATUS_SUCCESS &&
		   cusparseConstDnVecGet(dv, &size, &v, &vt) == CUSPARSE_STATUS_SUCCESS &&
		   size == 6 && v == dense && vt == CUDA_C_32F &&
		   cusparseConstDnVecGetValues(dv, &v) == CUSPARSE_STATUS_SUCCESS && v == dense &&
		   cusparseConstDnVecGet(dv, NULL, &v, &vt) == CUSPARSE_STATUS_INVALID_VALUE,
	       "ConstDnVecGet, ConstDnVecGetValues: as created; NULL output INVALID_VALUE");
	tap_ok(cusparseCreateConstDnMat(&dm, 2, 3, 2, dense, CUDA_R_64F, CUSPARSE_ORDER_COL) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   cusparseConstDnMatGet(dm, &rows, &cols, &ld, &v, &vt, &order) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   rows == 2 && cols == 3 && ld == 2 && v == dense && vt == CUDA_R_64F &&
		   order == CUSPARSE_ORDER_COL &&
		   cusparseConstDnMatGetValues(dm, &v) == CUSPARSE_STATUS_SUCCESS && v == dense &&
		   cusparseConstDnMatGet(dm, &rows, &cols, &ld, &v, &vt, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE,
	       "ConstDnMatGet, ConstDnMatGetValues: as created; NULL output INVALID_VALUE");
	cusparseDestroySpVec(sv), cusparseDestroyDnVec(dv), cusparseDestroyDnMat(dm);
}

TAP_TEST(ilu_ic_buffer_size_ext)
{
	cusparseMatDescr_t d;
	csrilu02Info_t ilu;
	csric02Info_t ic;
	/* 2 x 2: [4 1; 1 4] */
	int off[3] = {0, 2, 4}, col[4] = {0, 1, 0, 1}, bad[4] = {0, 1, 0, 7};
	float v[4] = {4, 1, 1, 4};
	int small = -1;
	size_t big = 99, big2 = 99;

	cusparseCreateMatDescr(&d);
	cusparseCreateCsrilu02Info(&ilu);
	cusparseCreateCsric02Info(&ic);
	tap_ok(cusparseScsrilu02_bufferSize(H, 2, 4, d, v, off, col, ilu, &small) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   cusparseScsrilu02_bufferSizeExt(H, 2, 4, d, v, off, col, ilu, &big) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   cusparseDcsric02_bufferSizeExt(H, 2, 4, d, (double[]){4, 1, 1, 4}, off, col, ic,
						  &big2) == CUSPARSE_STATUS_SUCCESS &&
		   big == (size_t)small && big2 == (size_t)small,
	       "csrilu02/csric02_bufferSizeExt: the int form's size (%zu, %zu; %d)", big, big2,
	       small);
	tap_ok(cusparseScsrilu02_bufferSizeExt(NULL, 2, 4, d, v, off, col, ilu, &big) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseCcsrilu02_bufferSizeExt(H, 2, 4, d, NULL, off, col, ilu, &big) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseZcsric02_bufferSizeExt(H, 2, 4, d, NULL, off, col, ic, &big) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseScsric02_bufferSizeExt(H, 2, 4, d, v, off, bad, ic, &big) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseScsric02_bufferSizeExt(H, 2, 4, d, v, off, col, ic, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE,
	       "bufferSizeExt: no handle NOT_INITIALIZED; no values, a column past m, no size "
	       "INVALID_VALUE");
	cusparseDestroyCsrilu02Info(ilu), cusparseDestroyCsric02Info(ic);
	cusparseDestroyMatDescr(d);
}

static int make_handle(void)
{
	return tap_ok(cusparseCreate(&H) == CUSPARSE_STATUS_SUCCESS, "cusparseCreate");
}

static void free_handle(void)
{
	tap_ok(cusparseDestroy(H) == CUSPARSE_STATUS_SUCCESS, "cusparseDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
