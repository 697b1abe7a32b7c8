/* SPDX-License-Identifier: MIT */
/*
 * spgemm_internal.h - what SpGEMM (spgemm.c) and its reuse form
 * (spgemm_reuse.c) share: the descriptor holding the product A B and the
 * calls that check the operands and form it.
 */
#ifndef IDXGEN_CUSPARSE_SPGEMM_INTERNAL_H
#define IDXGEN_CUSPARSE_SPGEMM_INTERNAL_H

#include "cusparse_internal.h"

struct cusparseSpGEMMDescr {
	int64_t rows, cols, nnz;
	int64_t *off, *col; /* the product's CSR structure, 0-based; NULL until formed */
	sp_val *val;	    /* A B, unscaled */
	int64_t products;   /* the multiplications forming it (cusparseSpGEMM_getNumProducts) */
};

/* The product forgotten (arrays freed). */
CUSPARSE_HIDDEN void sp_gemm_clear(struct cusparseSpGEMMDescr *d);
/* A, B, C in CSR, non-transposed, of matching sizes and types; alpha, beta and descr given. */
CUSPARSE_HIDDEN cusparseStatus_t sp_gemm_check(cusparseOperation_t opA, cusparseOperation_t opB,
					       const void *alpha,
					       const struct cusparseSpMatDescr *A,
					       const struct cusparseSpMatDescr *B, const void *beta,
					       const struct cusparseSpMatDescr *C,
					       cudaDataType compute, const void *descr);
/* A B formed in d (structure, values, the count of products); d's earlier product dropped. */
CUSPARSE_HIDDEN cusparseStatus_t sp_gemm_form(const struct cusparseSpMatDescr *A,
					      const struct cusparseSpMatDescr *B,
					      struct cusparseSpGEMMDescr *d);

#endif
