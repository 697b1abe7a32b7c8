// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: what the legacy BSR calls (bsrsv2.c, bsrsm2.c, bsrilu02.c)
 * share: the check of a square BSR matrix (mb x mb blocks of bd x bd, each
 * block row-major, CUSPARSE_DIRECTION_ROW, or column-major; 32-bit block
 * indices), its expansion into a CSR copy that keeps every stored block
 * entry (zeros included: the block pattern is the scalar pattern), and the
 * first block row whose diagonal block is missing or has a zero on its
 * diagonal.  Zero pivots of the BSR calls are block rows, as cuSPARSE's
 * ("A(j,j) ... the block is not invertible": position j).
 */
#include <stdint.h>
#include <stdlib.h>
#include "cusparse_internal.h"

cusparseStatus_t sp_legacy_bsr_check(cusparseHandle_t handle, const struct sp_bsr *a,
				     const void *info)
{
	cusparseStatus_t st =
	    sp_legacy_csr_check(handle, a->mb, a->nnzb, a->d, a->val, a->off, a->col, info);

	if (st)
		return st;
	if ((a->dir != CUSPARSE_DIRECTION_ROW && a->dir != CUSPARSE_DIRECTION_COLUMN) || a->bd <= 0)
		return CUSPARSE_STATUS_INVALID_VALUE;
	/* the expanded copy takes 32-bit indices */
	if ((int64_t)a->mb * a->bd > INT32_MAX || (int64_t)a->nnzb * a->bd * a->bd > INT32_MAX)
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	return CUSPARSE_STATUS_SUCCESS;
}

void sp_bsr_csr_free(struct sp_bsr_csr *c)
{
	free(c->off);
	free(c->col);
	free(c->val);
	free(c->src);
	c->off = c->col = c->src = NULL;
	c->val = NULL;
}

/* row bi*bd + r of the expansion: block row bi's blocks in their order, each block's row r */
cusparseStatus_t sp_bsr_expand(cudaDataType t, const struct sp_bsr *a, struct sp_bsr_csr *c,
			       bool want_src)
{
	int bd = a->bd, bb = bd * bd, n = a->mb * bd, nnz = a->nnzb * bb, base = (int)a->d->base;
	size_t es = sp_is_complex(t) ? (t == CUDA_C_64F ? 16 : 8) : (t == CUDA_R_64F ? 8 : 4);

	c->off = malloc(((size_t)n + 1) * sizeof(int));
	c->col = malloc((nnz ? (size_t)nnz : 1) * sizeof(int));
	c->val = malloc((nnz ? (size_t)nnz : 1) * es);
	c->src = want_src ? malloc((nnz ? (size_t)nnz : 1) * sizeof(int)) : NULL;
	if (!c->off || !c->col || !c->val || (want_src && !c->src)) {
		sp_bsr_csr_free(c);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	int p = 0;
	for (int bi = 0; bi < a->mb; bi++)
		for (int r = 0; r < bd; r++) {
			c->off[bi * bd + r] = p;
			for (int k = a->off[bi] - base; k < a->off[bi + 1] - base; k++)
				for (int s = 0; s < bd; s++) {
					int at = k * bb + (a->dir == CUSPARSE_DIRECTION_ROW
							       ? r * bd + s
							       : s * bd + r);

					c->col[p] = (a->col[k] - base) * bd + s;
					if (c->src)
						c->src[p] = at;
					sp_store(t, c->val, p++, sp_load(t, a->val, at));
				}
		}
	c->off[n] = p;
	return CUSPARSE_STATUS_SUCCESS;
}

int sp_bsr_zero_block(cudaDataType t, const struct sp_bsr *a, const struct sp_bsr_csr *c,
		      bool numerical)
{
	int row = sp_first_zero_diag(t, a->mb * a->bd, c->val, c->off, c->col, 0, numerical);

	return row < 0 ? -1 : row / a->bd;
}
