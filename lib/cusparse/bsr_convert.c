// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy conversions between CSR and BSR, square blocks
 * (bd x bd) and general ones (gebsr: rowBlockDim x colBlockDim), issue 44.
 *
 *   X/csr2(ge)bsrNnz  the block-row offsets of C and its number of blocks: a
 *                     block is stored when at least one entry of A falls in it
 *   csr2(ge)bsr       C's block columns (ascending in each block row) and
 *                     values, every block entry that A does not have 0; C's
 *                     offsets are the Nnz call's and are checked against A
 *                     before anything is written; a column given twice in a
 *                     row of A adds up
 *   (ge)bsr2csr       every stored block entry becomes a CSR entry (zeros
 *                     kept), each row in the order of its blocks, then of the
 *                     columns inside a block; Xgebsr2csr the structure only
 *   gebsr2gebsr(Nnz)  other block sizes: A's block entries (zeros kept) as a
 *                     CSR matrix, then csr2gebsr of it; C has
 *                     ceil(mb rbdA / rbdC) block rows and ceil(nb cbdA / cbdC)
 *                     block columns
 *
 * A is m x n, C has ceil(m / rbd) x ceil(n / cbd) blocks: the last block row
 * and column may reach outside the matrix, those entries stay 0.  Blocks are
 * row-major for CUSPARSE_DIRECTION_ROW, column-major for COLUMN; the bases
 * are the descriptors'.  Both descriptors must be GENERAL (else
 * MATRIX_TYPE_NOT_SUPPORTED, as cuSPARSE).  Buffers: 1 byte, never used.
 */
#include <stdint.h>
#include <stdlib.h>
#include "cusparse_internal.h"

static bool dir_ok(cusparseDirection_t dir)
{
	return dir == CUSPARSE_DIRECTION_ROW || dir == CUSPARSE_DIRECTION_COLUMN;
}

static cusparseStatus_t descr_ok(cusparseMatDescr_t a, cusparseMatDescr_t c)
{
	if (!a || !c)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (a->type != CUSPARSE_MATRIX_TYPE_GENERAL || c->type != CUSPARSE_MATRIX_TYPE_GENERAL)
		return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
	return CUSPARSE_STATUS_SUCCESS;
}

static int blocks(int m, int bd)
{
	return (int)(((int64_t)m + bd - 1) / bd);
}

/* the entry (r, s) of block k */
static int64_t block_at(cusparseDirection_t dir, int rbd, int cbd, int64_t k, int r, int s)
{
	return k * rbd * cbd + (dir == CUSPARSE_DIRECTION_ROW ? r * cbd + s : s * rbd + r);
}

/* A: m x n CSR (offsets, columns in [0, n)); C's block sizes; the descriptors */
struct csr_in {
	cusparseDirection_t dir;
	int m, n, rbd, cbd;
	cusparseMatDescr_t da, dc;
	const void *val;
	const int *off, *col;
};

static cusparseStatus_t csr_in_ok(const struct csr_in *a)
{
	if (!dir_ok(a->dir) || a->m < 0 || a->n < 0 || a->rbd < 1 || a->cbd < 1 || !a->off)
		return CUSPARSE_STATUS_INVALID_VALUE;
	cusparseStatus_t st = descr_ok(a->da, a->dc);
	if (st)
		return st;
	int b = (int)a->da->base, nnz = a->off[a->m] - b;
	if (!sp_offsets_ok(a->off, a->m, nnz, a->da->base) || (nnz && !a->col))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int p = 0; p < nnz; p++)
		if (a->col[p] - b < 0 || a->col[p] - b >= a->n)
			return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

static int int_cmp(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;

	return (a > b) - (a < b);
}

/* the block columns of block row bi, marked in seen[] with bi + 1, written
 * ascending to out (when not NULL); their number */
static int block_cols(const struct csr_in *a, int bi, int *seen, int *out)
{
	int lo = bi * a->rbd, hi = lo + a->rbd < a->m ? lo + a->rbd : a->m, count = 0;
	int base = (int)a->da->base;

	for (int i = lo; i < hi; i++)
		for (int p = a->off[i] - base; p < a->off[i + 1] - base; p++) {
			int bj = (a->col[p] - base) / a->cbd;
			if (seen[bj] != bi + 1) {
				seen[bj] = bi + 1;
				if (out)
					out[count] = bj;
				count++;
			}
		}
	if (out)
		qsort(out, (size_t)count, sizeof(int), int_cmp);
	return count;
}

/* C's block-row offsets (checked A) */
static cusparseStatus_t nnz_run(const struct csr_in *a, int *coff, int *total)
{
	int mb = blocks(a->m, a->rbd), nb = blocks(a->n, a->cbd), t = 0;
	int *seen = calloc(nb ? (size_t)nb : 1, sizeof(int));

	if (!seen)
		return CUSPARSE_STATUS_ALLOC_FAILED;
	for (int bi = 0; bi < mb; bi++) {
		coff[bi] = t + (int)a->dc->base;
		t += block_cols(a, bi, seen, NULL);
	}
	coff[mb] = t + (int)a->dc->base;
	*total = t;
	free(seen);
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t csr2gebsr_nnz(cusparseHandle_t handle, const struct csr_in *a, int *coff,
				      int *total)
{
	SP_CALL(handle, csr_in_ok(a));
	if (!coff || !total)
		return CUSPARSE_STATUS_INVALID_VALUE;
	return nnz_run(a, coff, total);
}

/* C's arrays: offsets from the Nnz call, then its columns and values */
struct bsr_out {
	cudaDataType t;
	void *val;
	const int *off;
	int *col;
};

/* C's offsets as the Nnz call gives them for A, its arrays there when it has blocks */
static cusparseStatus_t csr2gebsr_check(const struct csr_in *a, const struct bsr_out *c, int *seen)
{
	int mb = blocks(a->m, a->rbd), cb = (int)a->dc->base;

	if (!c->off || !sp_offsets_ok(c->off, mb, c->off[mb] - cb, a->dc->base))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (c->off[mb] > cb && (!c->val || !c->col || (a->off[a->m] > (int)a->da->base && !a->val)))
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int bi = 0; bi < mb; bi++)
		if (block_cols(a, bi, seen, NULL) != c->off[bi + 1] - c->off[bi])
			return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

static void csr2gebsr_fill(const struct csr_in *a, const struct bsr_out *c, int *seen, int *where)
{
	int mb = blocks(a->m, a->rbd), nb = blocks(a->n, a->cbd), bb = a->rbd * a->cbd;
	int ab = (int)a->da->base, cb = (int)a->dc->base;

	for (int bj = 0; bj < nb; bj++)
		seen[bj] = 0;
	for (int bi = 0; bi < mb; bi++) {
		int first = c->off[bi] - cb, count = block_cols(a, bi, seen, c->col + first);
		for (int k = 0; k < count; k++) {
			where[c->col[first + k]] = first + k;
			for (int e = 0; e < bb; e++)
				sp_store(c->t, c->val, (int64_t)(first + k) * bb + e, 0);
			c->col[first + k] += cb;
		}
		for (int i = bi * a->rbd; i < bi * a->rbd + a->rbd && i < a->m; i++)
			for (int p = a->off[i] - ab; p < a->off[i + 1] - ab; p++) {
				int col = a->col[p] - ab;
				int64_t at = block_at(a->dir, a->rbd, a->cbd, where[col / a->cbd],
						      i - bi * a->rbd, col % a->cbd);
				sp_store(c->t, c->val, at,
					 sp_load(c->t, c->val, at) + sp_load(c->t, a->val, p));
			}
	}
}

/* csr2gebsr on a checked A */
static cusparseStatus_t csr2gebsr_run(const struct csr_in *a, const struct bsr_out *c)
{
	int nb = blocks(a->n, a->cbd);
	int *seen = calloc(nb ? (size_t)nb : 1, sizeof(int)),
	    *where = calloc(nb ? (size_t)nb : 1, sizeof(int));
	cusparseStatus_t st =
	    seen && where ? csr2gebsr_check(a, c, seen) : CUSPARSE_STATUS_ALLOC_FAILED;

	if (!st)
		csr2gebsr_fill(a, c, seen, where);
	free(seen), free(where);
	return st;
}

static cusparseStatus_t csr2gebsr(cusparseHandle_t handle, const struct csr_in *a,
				  const struct bsr_out *c)
{
	SP_CALL(handle, csr_in_ok(a));
	return csr2gebsr_run(a, c);
}

/* a (ge)BSR matrix A read as CSR: mb x nb blocks of rbd x cbd */
struct bsr_in {
	cudaDataType t;
	cusparseDirection_t dir;
	int mb, nb, rbd, cbd;
	cusparseMatDescr_t da, dc;
	const void *val; /* NULL: the structure only */
	const int *off, *col;
};

static cusparseStatus_t bsr_in_ok(const struct bsr_in *a)
{
	if (!dir_ok(a->dir) || a->mb < 0 || a->nb < 0 || a->rbd < 1 || a->cbd < 1 || !a->off)
		return CUSPARSE_STATUS_INVALID_VALUE;
	cusparseStatus_t st = descr_ok(a->da, a->dc);
	if (st)
		return st;
	int b = (int)a->da->base, nnzb = a->off[a->mb] - b;
	if (!sp_offsets_ok(a->off, a->mb, nnzb, a->da->base))
		return CUSPARSE_STATUS_INVALID_VALUE;
	/* the CSR form's indices are 32-bit */
	if ((int64_t)a->mb * a->rbd > INT32_MAX || (int64_t)a->nb * a->cbd > INT32_MAX ||
	    (int64_t)nnzb * a->rbd * a->cbd > INT32_MAX)
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	if (nnzb && !a->col)
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (int k = 0; k < nnzb; k++)
		if (a->col[k] - b < 0 || a->col[k] - b >= a->nb)
			return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

/* every block entry as a CSR entry in base cb; values when a->val and cval */
static void bsr2csr_run(const struct bsr_in *a, void *cval, int *coff, int *ccol, int cb)
{
	int ab = (int)a->da->base, p = 0;

	for (int bi = 0; bi < a->mb; bi++)
		for (int r = 0; r < a->rbd; r++) {
			coff[bi * a->rbd + r] = p + cb;
			for (int k = a->off[bi] - ab; k < a->off[bi + 1] - ab; k++)
				for (int s = 0; s < a->cbd; s++) {
					ccol[p] = (a->col[k] - ab) * a->cbd + s + cb;
					if (cval)
						sp_store(a->t, cval, p,
							 sp_load(a->t, a->val,
								 block_at(a->dir, a->rbd, a->cbd, k,
									  r, s)));
					p++;
				}
		}
	coff[a->mb * a->rbd] = p + cb;
}

/* values false: Xgebsr2csr, the structure only */
static cusparseStatus_t gebsr2csr(cusparseHandle_t handle, const struct bsr_in *a, bool values,
				  void *cval, int *coff, int *ccol)
{
	SP_CALL(handle, bsr_in_ok(a));
	int nnz = (a->off[a->mb] - (int)a->da->base) * a->rbd * a->cbd;
	if (!coff || (nnz && (!ccol || (values && (!a->val || !cval)))))
		return CUSPARSE_STATUS_INVALID_VALUE;
	bsr2csr_run(a, values ? cval : NULL, coff, ccol, (int)a->dc->base);
	return CUSPARSE_STATUS_SUCCESS;
}

/* gebsr2gebsr: A's block entries as a temporary CSR matrix (base 0), then C from it */
struct csr_tmp {
	int *off, *col;
	void *val;
};

static cusparseStatus_t to_csr(const struct bsr_in *a, bool values, int rbd, int cbd,
			       struct csr_tmp *t, struct csr_in *as_csr,
			       cusparseMatDescr_t zero_base)
{
	int m = a->mb * a->rbd, nnz = (a->off[a->mb] - (int)a->da->base) * a->rbd * a->cbd;
	size_t es =
	    sp_is_complex(a->t) ? (a->t == CUDA_C_64F ? 16 : 8) : (a->t == CUDA_R_64F ? 8 : 4);

	t->off = malloc(((size_t)m + 1) * sizeof(int));
	t->col = malloc((nnz ? (size_t)nnz : 1) * sizeof(int));
	t->val = values ? malloc((nnz ? (size_t)nnz : 1) * es) : NULL;
	if (!t->off || !t->col || (values && !t->val)) {
		free(t->off), free(t->col), free(t->val);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	bsr2csr_run(a, t->val, t->off, t->col, 0);
	*as_csr = (struct csr_in){a->dir,    m,	    a->nb * a->cbd, rbd,    cbd,
				  zero_base, a->dc, t->val,	    t->off, t->col};
	return CUSPARSE_STATUS_SUCCESS;
}

struct gebsr2gebsr_args {
	struct bsr_in a;
	int nnzb, rbdC, cbdC;
};

static cusparseStatus_t g2g_check(const struct gebsr2gebsr_args *g)
{
	cusparseStatus_t st = bsr_in_ok(&g->a);

	if (st)
		return st;
	if (g->nnzb != g->a.off[g->a.mb] - (int)g->a.da->base || g->rbdC < 1 || g->cbdC < 1)
		return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

/* C's offsets and block count (coff and total given: Xgebsr2gebsrNnz), or its arrays */
static cusparseStatus_t gebsr2gebsr(cusparseHandle_t handle, const struct gebsr2gebsr_args *g,
				    const struct bsr_out *c, int *coff, int *total)
{
	SP_CALL(handle, g2g_check(g));
	if (total ? !coff : (!g->a.val && g->nnzb))
		return CUSPARSE_STATUS_INVALID_VALUE;
	struct cusparseMatDescr zero = *g->a.da;
	struct csr_tmp t;
	struct csr_in as;

	zero.base = CUSPARSE_INDEX_BASE_ZERO;
	cusparseStatus_t st = to_csr(&g->a, !total, g->rbdC, g->cbdC, &t, &as, &zero);
	if (st)
		return st;
	st = total ? nnz_run(&as, coff, total) : csr2gebsr_run(&as, c);
	free(t.off), free(t.col), free(t.val);
	return st;
}

cusparseStatus_t cusparseXcsr2bsrNnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m,
				     int n, const cusparseMatDescr_t descrA,
				     const int *csrSortedRowPtrA, const int *csrSortedColIndA,
				     int blockDim, const cusparseMatDescr_t descrC,
				     int *bsrSortedRowPtrC, int *nnzTotalDevHostPtr)
{
	struct csr_in a = {dirA,   m,	   n,	 blockDim,	   blockDim,
			   descrA, descrC, NULL, csrSortedRowPtrA, csrSortedColIndA};
	return csr2gebsr_nnz(handle, &a, bsrSortedRowPtrC, nnzTotalDevHostPtr);
}

cusparseStatus_t cusparseXcsr2gebsrNnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m,
				       int n, const cusparseMatDescr_t descrA,
				       const int *csrSortedRowPtrA, const int *csrSortedColIndA,
				       const cusparseMatDescr_t descrC, int *bsrSortedRowPtrC,
				       int rowBlockDim, int colBlockDim, int *nnzTotalDevHostPtr,
				       void *pBuffer)
{
	struct csr_in a = {dirA,   m,	   n,	 rowBlockDim,	   colBlockDim,
			   descrA, descrC, NULL, csrSortedRowPtrA, csrSortedColIndA};
	(void)pBuffer;
	return csr2gebsr_nnz(handle, &a, bsrSortedRowPtrC, nnzTotalDevHostPtr);
}

cusparseStatus_t cusparseXgebsr2csr(cusparseHandle_t handle, cusparseDirection_t dirA, int mb,
				    int nb, const cusparseMatDescr_t descrA,
				    const int *bsrSortedRowPtrA, const int *bsrSortedColIndA,
				    int rowBlockDim, int colBlockDim,
				    const cusparseMatDescr_t descrC, int *csrSortedRowPtrC,
				    int *csrSortedColIndC)
{
	struct bsr_in a = {CUDA_R_32F,	    dirA,   mb,	    nb,	  rowBlockDim,
			   colBlockDim,	    descrA, descrC, NULL, bsrSortedRowPtrA,
			   bsrSortedColIndA};
	return gebsr2csr(handle, &a, false, NULL, csrSortedRowPtrC, csrSortedColIndC);
}

cusparseStatus_t cusparseXgebsr2gebsrNnz(cusparseHandle_t handle, cusparseDirection_t dirA, int mb,
					 int nb, int nnzb, const cusparseMatDescr_t descrA,
					 const int *bsrSortedRowPtrA, const int *bsrSortedColIndA,
					 int rowBlockDimA, int colBlockDimA,
					 const cusparseMatDescr_t descrC, int *bsrSortedRowPtrC,
					 int rowBlockDimC, int colBlockDimC,
					 int *nnzTotalDevHostPtr, void *pBuffer)
{
	struct gebsr2gebsr_args g = {{CUDA_R_32F, dirA, mb, nb, rowBlockDimA, colBlockDimA, descrA,
				      descrC, NULL, bsrSortedRowPtrA, bsrSortedColIndA},
				     nnzb,
				     rowBlockDimC,
				     colBlockDimC};
	(void)pBuffer;
	if (handle && !nnzTotalDevHostPtr)
		return CUSPARSE_STATUS_INVALID_VALUE;
	return gebsr2gebsr(handle, &g, NULL, bsrSortedRowPtrC, nnzTotalDevHostPtr);
}

/* the buffer sizes: the checks of the call, then 1 byte */
static cusparseStatus_t size_of(cusparseHandle_t handle, cusparseStatus_t st, int *isize,
				size_t *ssize)
{
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	return isize ? sp_legacy_buffer_size(st, isize) : sp_legacy_buffer_size_ext(st, ssize);
}

/* csr2gebsr_bufferSize has no descrC: A's stands for it in the check */
static cusparseStatus_t csr2gebsr_size(cusparseHandle_t handle, cusparseDirection_t dir, int m,
				       int n, cusparseMatDescr_t da, const int *off, const int *col,
				       int rbd, int cbd, int *isize, size_t *ssize)
{
	struct csr_in a = {dir, m, n, rbd, cbd, da, da, NULL, off, col};
	return size_of(handle, handle ? csr_in_ok(&a) : CUSPARSE_STATUS_SUCCESS, isize, ssize);
}

static cusparseStatus_t g2g_size(cusparseHandle_t handle, const struct gebsr2gebsr_args *g,
				 int *isize, size_t *ssize)
{
	return size_of(handle, handle ? g2g_check(g) : CUSPARSE_STATUS_SUCCESS, isize, ssize);
}

#define BSR_CONVERT_DEFS(P, T, TAG)                                                                \
	cusparseStatus_t cusparse##P##csr2bsr(                                                     \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,                       \
	    const cusparseMatDescr_t descrA, const T *csrSortedValA, const int *csrSortedRowPtrA,  \
	    const int *csrSortedColIndA, int blockDim, const cusparseMatDescr_t descrC,            \
	    T *bsrSortedValC, int *bsrSortedRowPtrC, int *bsrSortedColIndC)                        \
	{                                                                                          \
		struct csr_in a = {dirA,                                                           \
				   m,                                                              \
				   n,                                                              \
				   blockDim,                                                       \
				   blockDim,                                                       \
				   descrA,                                                         \
				   descrC,                                                         \
				   csrSortedValA,                                                  \
				   csrSortedRowPtrA,                                               \
				   csrSortedColIndA};                                              \
		struct bsr_out c = {TAG, bsrSortedValC, bsrSortedRowPtrC, bsrSortedColIndC};       \
		return csr2gebsr(handle, &a, &c);                                                  \
	}                                                                                          \
	cusparseStatus_t cusparse##P##csr2gebsr(                                                   \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,                       \
	    const cusparseMatDescr_t descrA, const T *csrSortedValA, const int *csrSortedRowPtrA,  \
	    const int *csrSortedColIndA, const cusparseMatDescr_t descrC, T *bsrSortedValC,        \
	    int *bsrSortedRowPtrC, int *bsrSortedColIndC, int rowBlockDim, int colBlockDim,        \
	    void *pBuffer)                                                                         \
	{                                                                                          \
		struct csr_in a = {dirA,                                                           \
				   m,                                                              \
				   n,                                                              \
				   rowBlockDim,                                                    \
				   colBlockDim,                                                    \
				   descrA,                                                         \
				   descrC,                                                         \
				   csrSortedValA,                                                  \
				   csrSortedRowPtrA,                                               \
				   csrSortedColIndA};                                              \
		struct bsr_out c = {TAG, bsrSortedValC, bsrSortedRowPtrC, bsrSortedColIndC};       \
		(void)pBuffer;                                                                     \
		return csr2gebsr(handle, &a, &c);                                                  \
	}                                                                                          \
	cusparseStatus_t cusparse##P##csr2gebsr_bufferSize(                                        \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,                       \
	    const cusparseMatDescr_t descrA, const T *csrSortedValA, const int *csrSortedRowPtrA,  \
	    const int *csrSortedColIndA, int rowBlockDim, int colBlockDim,                         \
	    int *pBufferSizeInBytes)                                                               \
	{                                                                                          \
		(void)csrSortedValA;                                                               \
		return csr2gebsr_size(handle, dirA, m, n, descrA, csrSortedRowPtrA,                \
				      csrSortedColIndA, rowBlockDim, colBlockDim,                  \
				      pBufferSizeInBytes, NULL);                                   \
	}                                                                                          \
	cusparseStatus_t cusparse##P##csr2gebsr_bufferSizeExt(                                     \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,                       \
	    const cusparseMatDescr_t descrA, const T *csrSortedValA, const int *csrSortedRowPtrA,  \
	    const int *csrSortedColIndA, int rowBlockDim, int colBlockDim, size_t *pBufferSize)    \
	{                                                                                          \
		(void)csrSortedValA;                                                               \
		return csr2gebsr_size(handle, dirA, m, n, descrA, csrSortedRowPtrA,                \
				      csrSortedColIndA, rowBlockDim, colBlockDim, NULL,            \
				      pBufferSize);                                                \
	}                                                                                          \
	cusparseStatus_t cusparse##P##bsr2csr(                                                     \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nb,                     \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, int blockDim, const cusparseMatDescr_t descrC,            \
	    T *csrSortedValC, int *csrSortedRowPtrC, int *csrSortedColIndC)                        \
	{                                                                                          \
		struct bsr_in a = {TAG,                                                            \
				   dirA,                                                           \
				   mb,                                                             \
				   nb,                                                             \
				   blockDim,                                                       \
				   blockDim,                                                       \
				   descrA,                                                         \
				   descrC,                                                         \
				   bsrSortedValA,                                                  \
				   bsrSortedRowPtrA,                                               \
				   bsrSortedColIndA};                                              \
		return gebsr2csr(handle, &a, true, csrSortedValC, csrSortedRowPtrC,                \
				 csrSortedColIndC);                                                \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gebsr2csr(                                                   \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nb,                     \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, int rowBlockDim, int colBlockDim,                         \
	    const cusparseMatDescr_t descrC, T *csrSortedValC, int *csrSortedRowPtrC,              \
	    int *csrSortedColIndC)                                                                 \
	{                                                                                          \
		struct bsr_in a = {TAG,                                                            \
				   dirA,                                                           \
				   mb,                                                             \
				   nb,                                                             \
				   rowBlockDim,                                                    \
				   colBlockDim,                                                    \
				   descrA,                                                         \
				   descrC,                                                         \
				   bsrSortedValA,                                                  \
				   bsrSortedRowPtrA,                                               \
				   bsrSortedColIndA};                                              \
		return gebsr2csr(handle, &a, true, csrSortedValC, csrSortedRowPtrC,                \
				 csrSortedColIndC);                                                \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gebsr2gebsr(                                                 \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nb, int nnzb,           \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, int rowBlockDimA, int colBlockDimA,                       \
	    const cusparseMatDescr_t descrC, T *bsrSortedValC, int *bsrSortedRowPtrC,              \
	    int *bsrSortedColIndC, int rowBlockDimC, int colBlockDimC, void *pBuffer)              \
	{                                                                                          \
		struct gebsr2gebsr_args g = {{TAG, dirA, mb, nb, rowBlockDimA, colBlockDimA,       \
					      descrA, descrC, bsrSortedValA, bsrSortedRowPtrA,     \
					      bsrSortedColIndA},                                   \
					     nnzb,                                                 \
					     rowBlockDimC,                                         \
					     colBlockDimC};                                        \
		struct bsr_out c = {TAG, bsrSortedValC, bsrSortedRowPtrC, bsrSortedColIndC};       \
		(void)pBuffer;                                                                     \
		return gebsr2gebsr(handle, &g, &c, NULL, NULL);                                    \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gebsr2gebsr_bufferSize(                                      \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nb, int nnzb,           \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, int rowBlockDimA, int colBlockDimA, int rowBlockDimC,     \
	    int colBlockDimC, int *pBufferSizeInBytes)                                             \
	{                                                                                          \
		struct gebsr2gebsr_args g = {{TAG, dirA, mb, nb, rowBlockDimA, colBlockDimA,       \
					      descrA, descrA, bsrSortedValA, bsrSortedRowPtrA,     \
					      bsrSortedColIndA},                                   \
					     nnzb,                                                 \
					     rowBlockDimC,                                         \
					     colBlockDimC};                                        \
		return g2g_size(handle, &g, pBufferSizeInBytes, NULL);                             \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gebsr2gebsr_bufferSizeExt(                                   \
	    cusparseHandle_t handle, cusparseDirection_t dirA, int mb, int nb, int nnzb,           \
	    const cusparseMatDescr_t descrA, const T *bsrSortedValA, const int *bsrSortedRowPtrA,  \
	    const int *bsrSortedColIndA, int rowBlockDimA, int colBlockDimA, int rowBlockDimC,     \
	    int colBlockDimC, size_t *pBufferSize)                                                 \
	{                                                                                          \
		struct gebsr2gebsr_args g = {{TAG, dirA, mb, nb, rowBlockDimA, colBlockDimA,       \
					      descrA, descrA, bsrSortedValA, bsrSortedRowPtrA,     \
					      bsrSortedColIndA},                                   \
					     nnzb,                                                 \
					     rowBlockDimC,                                         \
					     colBlockDimC};                                        \
		return g2g_size(handle, &g, NULL, pBufferSize);                                    \
	}

BSR_CONVERT_DEFS(S, float, CUDA_R_32F)
BSR_CONVERT_DEFS(D, double, CUDA_R_64F)
BSR_CONVERT_DEFS(C, cuComplex, CUDA_C_32F)
BSR_CONVERT_DEFS(Z, cuDoubleComplex, CUDA_C_64F)
