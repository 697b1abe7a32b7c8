// SPDX-License-Identifier: MIT
/*
 * test_spmmop.c - lib/cusparse's SpMMOp (issue 44), which cannot run the
 * program's NVVM operators and says so: createPlan with every argument
 * right answers NOT_SUPPORTED (and leaves the plan as it was), a missing
 * argument INVALID_VALUE, no handle NOT_INITIALIZED; SpMMOp without a plan
 * INVALID_VALUE; destroyPlan of none SUCCESS.  And NVIDIA's deprecation
 * markers, which our header defines empty: a declaration that uses them
 * compiles, CUSPARSE_CPP_VERSION is 0 in C.
 */
#include <stdlib.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "tap.h"

static cusparseHandle_t H;

CUSPARSE_DEPRECATED int marked(void);
CUSPARSE_DEPRECATED_REPLACE_WITH(cusparseSpMM) int marked_too(void);

TAP_TEST(spmmop_not_supported)
{
	float a[4] = {1, 2, 3, 4}, b[4] = {1, 1, 1, 1}, c[4] = {0};
	int off[3] = {0, 2, 4}, col[4] = {0, 1, 0, 1};
	unsigned char nvvm[16] = {0x42, 0x43};
	cusparseSpMatDescr_t A;
	cusparseDnMatDescr_t B, C;
	cusparseSpMMOpPlan_t plan = (cusparseSpMMOpPlan_t)&H; /* a sentinel: must stay */
	size_t ws = 7;

	cusparseCreateCsr(&A, 2, 2, 4, off, col, a, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
	cusparseCreateDnMat(&B, 2, 2, 2, b, CUDA_R_32F, CUSPARSE_ORDER_COL);
	cusparseCreateDnMat(&C, 2, 2, 2, c, CUDA_R_32F, CUSPARSE_ORDER_COL);
	tap_ok(cusparseSpMMOp_createPlan(
		   H, &plan, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, A,
		   B, C, CUDA_R_32F, CUSPARSE_SPMM_OP_ALG_DEFAULT, nvvm, sizeof(nvvm), nvvm,
		   sizeof(nvvm), nvvm, sizeof(nvvm), &ws) == CUSPARSE_STATUS_NOT_SUPPORTED &&
		   plan == (cusparseSpMMOpPlan_t)&H && ws == 7 && c[0] == 0,
	       "SpMMOp_createPlan with NVVM operators: NOT_SUPPORTED, plan and C untouched");
	tap_ok(cusparseSpMMOp_createPlan(
		   H, NULL, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, A,
		   B, C, CUDA_R_32F, CUSPARSE_SPMM_OP_ALG_DEFAULT, nvvm, sizeof(nvvm), nvvm,
		   sizeof(nvvm), nvvm, sizeof(nvvm), &ws) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpMMOp_createPlan(
		       H, &plan, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
		       A, B, C, CUDA_R_32F, CUSPARSE_SPMM_OP_ALG_DEFAULT, NULL, 0, nvvm,
		       sizeof(nvvm), nvvm, sizeof(nvvm), &ws) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpMMOp_createPlan(NULL, &plan, CUSPARSE_OPERATION_NON_TRANSPOSE,
					     CUSPARSE_OPERATION_NON_TRANSPOSE, A, B, C, CUDA_R_32F,
					     CUSPARSE_SPMM_OP_ALG_DEFAULT, nvvm, sizeof(nvvm), nvvm,
					     sizeof(nvvm), nvvm, sizeof(nvvm),
					     &ws) == CUSPARSE_STATUS_NOT_INITIALIZED,
	       "createPlan: no plan pointer, no add operator INVALID_VALUE; no handle "
	       "NOT_INITIALIZED");
	tap_ok(cusparseSpMMOp(NULL, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpMMOp_destroyPlan(NULL) == CUSPARSE_STATUS_SUCCESS,
	       "SpMMOp without a plan INVALID_VALUE; destroyPlan of none SUCCESS");
	tap_ok(CUSPARSE_CPP_VERSION == 0, "CUSPARSE_CPP_VERSION is 0 in C; the deprecation "
					  "markers compile on declarations");
	cusparseDestroySpMat(A), cusparseDestroyDnMat(B), cusparseDestroyDnMat(C);
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
