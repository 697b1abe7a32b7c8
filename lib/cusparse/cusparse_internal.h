/* SPDX-License-Identifier: MIT */
/*
 * cusparse_internal.h - what the files of lib/cusparse share: the handle and
 * descriptors, the element and index readers, and the one form every
 * operation works on: a sparse matrix's entries as triplets (row, column,
 * value, 0-based, checked against the matrix's size), values widened to
 * double complex.  Each operation computes in double complex whatever the
 * value type (a real type's imaginary parts stay 0) and rounds once when it
 * stores: one code path for S/D/C/Z, at least as accurate as cuSPARSE's.
 */
#ifndef IDXGEN_CUSPARSE_INTERNAL_H
#define IDXGEN_CUSPARSE_INTERNAL_H

#include <complex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
/* The API keeps default visibility; the rest is hidden and made local in the archive (Makefile). */
#pragma GCC visibility push(default)
#include <cuda_runtime_api.h>
#include <cusparse.h>
#pragma GCC visibility pop

#define CUSPARSE_HIDDEN __attribute__((visibility("hidden")))

typedef double _Complex sp_val;

struct cusparseContext {
	cudaStream_t stream;
	cusparsePointerMode_t mode;	/* host: scalars read when a call is captured into a graph */
	struct sp_captured *captured;	/* calls recorded into graphs (capture.c) */
};

struct cusparseSpVecDescr {
	int64_t size, nnz;
	void *idx, *val;
	cusparseIndexType_t itype;
	cusparseIndexBase_t base;
	cudaDataType vtype;
};

struct cusparseDnVecDescr {
	int64_t size;
	void *val;
	cudaDataType vtype;
};

/*
 * CSR: off = row offsets (rows + 1), ind = column indices; CSC: off =
 * column offsets, ind = row indices; COO: off = row indices (nnz), ind =
 * column indices.  off_type is the offsets' (or COO's) index type.
 */
struct cusparseSpMatDescr {
	cusparseFormat_t fmt;
	int64_t rows, cols, nnz;
	void *off, *ind, *val;
	cusparseIndexType_t off_type, ind_type;
	cusparseIndexBase_t base;
	cudaDataType vtype;
	cusparseFillMode_t fill;
	cusparseDiagType_t diag;
	/* strided batch (0 or 1: one matrix); strides in elements: CSR/CSC offsets, the other two arrays */
	int batch_count;
	int64_t off_batch_stride, iv_batch_stride;
	/* Blocked-ELL: the block size and ellCols; sliced ELL: the slice size and sellValuesSize
	 * (ell.c) */
	int64_t ell_block, ell_cols;
	/* BSR (bsr_generic.c): nnz counts blocks; each block bsr_rdim x bsr_cdim values in bsr_order;
	 * a strided batch moves the values by their own stride */
	int64_t bsr_rdim, bsr_cdim;
	cusparseOrder_t bsr_order;
	int64_t val_batch_stride;
};

struct cusparseDnMatDescr {
	int64_t rows, cols, ld;
	void *val;
	cudaDataType vtype;
	cusparseOrder_t order;
	int batch_count;	/* strided batch, 0 or 1: one matrix */
	int64_t batch_stride;	/* elements */
};

/* The legacy API's matrix descriptor: what the legacy calls read of it. */
struct cusparseMatDescr {
	cusparseMatrixType_t type;
	cusparseFillMode_t fill;
	cusparseDiagType_t diag;
	cusparseIndexBase_t base;
};

/*
 * A legacy CSR/CSC offset array of m + 1 entries in base base: starts at
 * base, never decreases, ends at nnz + base.  Checked before any write.
 */
CUSPARSE_HIDDEN bool sp_offsets_ok(const int *off, int m, int nnz, cusparseIndexBase_t base);

/* A sparse matrix's entries, in storage order. */
struct sp_triplets {
	int64_t n;
	int64_t *row, *col;
	sp_val *val;
};

/* The value types lib/cusparse computes with (S, D, C, Z). */
static inline bool sp_type_ok(cudaDataType t)
{
	return t == CUDA_R_32F || t == CUDA_R_64F || t == CUDA_C_32F || t == CUDA_C_64F;
}

static inline bool sp_itype_ok(cusparseIndexType_t t)
{
	return t == CUSPARSE_INDEX_16U || t == CUSPARSE_INDEX_32I || t == CUSPARSE_INDEX_64I;
}

static inline bool sp_op_ok(cusparseOperation_t op)
{
	return op == CUSPARSE_OPERATION_NON_TRANSPOSE || op == CUSPARSE_OPERATION_TRANSPOSE ||
	       op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}

static inline sp_val sp_load(cudaDataType t, const void *p, int64_t i)
{
	switch (t) {
	case CUDA_R_32F: return ((const float *)p)[i];
	case CUDA_R_64F: return ((const double *)p)[i];
	case CUDA_C_32F: return ((const float _Complex *)p)[i];
	default: return ((const double _Complex *)p)[i];
	}
}

static inline void sp_store(cudaDataType t, void *p, int64_t i, sp_val v)
{
	switch (t) {
	case CUDA_R_32F: ((float *)p)[i] = (float)creal(v); break;
	case CUDA_R_64F: ((double *)p)[i] = creal(v); break;
	case CUDA_C_32F: ((float _Complex *)p)[i] = (float _Complex)v; break;
	default: ((double _Complex *)p)[i] = v; break;
	}
}

static inline int64_t sp_idx(cusparseIndexType_t t, const void *p, int64_t i)
{
	switch (t) {
	case CUSPARSE_INDEX_16U: return ((const uint16_t *)p)[i];
	case CUSPARSE_INDEX_32I: return ((const int32_t *)p)[i];
	default: return ((const int64_t *)p)[i];
	}
}

static inline void sp_put_idx(cusparseIndexType_t t, void *p, int64_t i, int64_t v)
{
	switch (t) {
	case CUSPARSE_INDEX_16U: ((uint16_t *)p)[i] = (uint16_t)v; break;
	case CUSPARSE_INDEX_32I: ((int32_t *)p)[i] = (int32_t)v; break;
	default: ((int64_t *)p)[i] = v; break;
	}
}

/* The element (i, j) of a dense matrix, by its order. */
static inline int64_t sp_dn_at(const struct cusparseDnMatDescr *m, int64_t i, int64_t j)
{
	return m->order == CUSPARSE_ORDER_COL ? i + j * m->ld : i * m->ld + j;
}

static inline sp_val sp_opval(cusparseOperation_t op, sp_val v)
{
	return op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE ? conj(v) : v;
}

/*
 * Stream order, as lib/cublas: the work queued on the handle's stream before
 * the call completes first; the call then runs here and has finished when it
 * returns.
 */
CUSPARSE_HIDDEN cusparseStatus_t sp_begin(cusparseHandle_t h);

/*
 * A computing call's prologue, after its argument checks (a bad argument
 * with a handle is CUSPARSE_STATUS_INVALID_VALUE): no handle is
 * NOT_INITIALIZED; the stream is waited for, then check (a status) is
 * evaluated, and the call returns when either fails.
 */
/*
 * On a stream being captured into a graph, cusparseSpMV becomes a node of
 * it (capture.c); any other call is CUSPARSE_STATUS_NOT_SUPPORTED (sp_begin).
 */
CUSPARSE_HIDDEN bool sp_capturing(cusparseHandle_t h);
CUSPARSE_HIDDEN cusparseStatus_t sp_capture_spmv(cusparseHandle_t h, cusparseOperation_t opA, const void *alpha,
						 const struct cusparseSpMatDescr *matA,
						 const struct cusparseDnVecDescr *vecX, const void *beta,
						 struct cusparseDnVecDescr *vecY, cudaDataType computeType);
CUSPARSE_HIDDEN void sp_captured_free(cusparseHandle_t h);
/* SpMV's product itself, arguments checked (spmm.c) */
CUSPARSE_HIDDEN cusparseStatus_t sp_spmv_run(cusparseOperation_t opA, const struct cusparseSpMatDescr *matA,
					     const struct cusparseDnVecDescr *vecX,
					     struct cusparseDnVecDescr *vecY, cudaDataType computeType,
					     const void *alpha, const void *beta);

/* A refused call's status, logged as an error when the logger is on (logger.c); returns st. */
CUSPARSE_HIDDEN cusparseStatus_t sp_log_status(const char *function, cusparseStatus_t st);

#define SP_CALL(h, check)                                                               \
	do {                                                                            \
		if (!(h))                                                               \
			return sp_log_status(__func__, CUSPARSE_STATUS_NOT_INITIALIZED); \
		cusparseStatus_t st_ = sp_begin(h);                                     \
		if (!st_)                                                               \
			st_ = (check);                                                  \
		if (st_)                                                                \
			return sp_log_status(__func__, st_);                            \
	} while (0)

static inline bool sp_is_complex(cudaDataType t)
{
	return t == CUDA_C_32F || t == CUDA_C_64F;
}

/* A compute type for values of type v: one of ours, complex when they are. */
static inline bool sp_compute_ok(cudaDataType compute, cudaDataType v)
{
	return sp_type_ok(compute) && (sp_is_complex(compute) || !sp_is_complex(v));
}

/*
 * The entries of a (validated) sparse matrix as triplets.  An offset array
 * that decreases or leaves [0, nnz], an index outside the matrix:
 * CUSPARSE_STATUS_INVALID_VALUE, nothing read out of bounds.  Values are
 * read only when want_val.
 */
CUSPARSE_HIDDEN cusparseStatus_t sp_triplets_get(const struct cusparseSpMatDescr *m, bool want_val,
						 struct sp_triplets *t);
CUSPARSE_HIDDEN void sp_triplets_free(struct sp_triplets *t);
/* the triplets of a Blocked-ELL or sliced-ELL matrix, padding left out (ell.c) */
CUSPARSE_HIDDEN cusparseStatus_t sp_triplets_ell(const struct cusparseSpMatDescr *m, bool want_val,
						 struct sp_triplets *t);
/* the triplets of a BSR matrix, every value of every block (bsr_generic.c) */
CUSPARSE_HIDDEN cusparseStatus_t sp_triplets_bsr(const struct cusparseSpMatDescr *m, bool want_val,
						 struct sp_triplets *t);
/* DenseToSparse into a Blocked-ELL matrix: its values from A over the blocks its indices name
 * (ell.c) */
CUSPARSE_HIDDEN cusparseStatus_t sp_blocked_ell_from_dense(const struct cusparseDnMatDescr *A,
							   struct cusparseSpMatDescr *B);
/* a new sparse matrix descriptor, checked (descr.c) */
CUSPARSE_HIDDEN cusparseStatus_t sp_mat_new(cusparseSpMatDescr_t *out, cusparseFormat_t fmt,
					    int64_t rows, int64_t cols, int64_t nnz, void *off,
					    void *ind, void *val, cusparseIndexType_t off_type,
					    cusparseIndexType_t ind_type, cusparseIndexBase_t base,
					    cudaDataType vtype);

/* a format whose k-th entry is the k-th value (CSR, CSC, COO): the ones a call may write by entry
 */
static inline bool sp_fmt_indexed(const struct cusparseSpMatDescr *m)
{
	return m->fmt == CUSPARSE_FORMAT_CSR || m->fmt == CUSPARSE_FORMAT_CSC ||
	       m->fmt == CUSPARSE_FORMAT_COO;
}

/* A scalar argument (alpha, beta) of the compute type. */
CUSPARSE_HIDDEN sp_val sp_scalar(cudaDataType compute, const void *p);

/* A dense matrix's leading dimension covers its rows (COL) or columns (ROW). */
CUSPARSE_HIDDEN bool sp_dnmat_ld_ok(const struct cusparseDnMatDescr *m);
/* ... and it has its values, when it has elements. */
CUSPARSE_HIDDEN bool sp_dnmat_ok(const struct cusparseDnMatDescr *m);

/* A dense vector of n elements with its values. */
static inline bool sp_dnvec_ok(const struct cusparseDnVecDescr *v, int64_t n)
{
	return v->size == n && (v->val || !n);
}

/*
 * Matrix b of a strided batch: a copy of the descriptor with its arrays
 * moved to matrix b (matrix 0 when the batch count is 0 or 1: broadcast).
 */
CUSPARSE_HIDDEN struct cusparseSpMatDescr sp_spmat_batch(const struct cusparseSpMatDescr *m, int b);
CUSPARSE_HIDDEN struct cusparseDnMatDescr sp_dnmat_batch(const struct cusparseDnMatDescr *m, int b);
static inline int sp_batches(int count)
{
	return count > 1 ? count : 1;
}
/* Operands' batch counts agree with C's count n: each is n or 1 (0: never set). */
static inline bool sp_batch_ok(int count, int n)
{
	return sp_batches(count) == n || sp_batches(count) == 1;
}

/* The bufferSize answer of every operation: 0, none is used (cudaMalloc of 0 bytes succeeds). */
static inline cusparseStatus_t sp_no_buffer(size_t *size)
{
	if (!size)
		return CUSPARSE_STATUS_INVALID_VALUE;
	*size = 0;
	return CUSPARSE_STATUS_SUCCESS;
}

/*
 * The legacy incomplete factorisations and triangular solve (ilu0.c, ic0.c,
 * csrsv2.c) share these.  A square m x m CSR matrix of 32-bit indices in
 * d's base, its columns inside the matrix: NOT_INITIALIZED without handle,
 * INVALID_VALUE for a bad argument (info included), MATRIX_TYPE_NOT_SUPPORTED
 * for a matrix type other than GENERAL, checked before anything is written.
 */
CUSPARSE_HIDDEN cusparseStatus_t sp_legacy_csr_check(cusparseHandle_t handle, int m, int nnz,
						     const cusparseMatDescr_t d, const void *val, const int *off,
						     const int *col, const void *info);
/*
 * The legacy _bufferSize calls' answer after their argument check st: st
 * when it failed, INVALID_VALUE without size, else 1 byte in *size (the
 * work needs no buffer, but programs cudaMalloc it and 0 would fail there).
 */
CUSPARSE_HIDDEN cusparseStatus_t sp_legacy_buffer_size(cusparseStatus_t st, int *size);
/* The same for the _bufferSizeExt calls, whose size is a size_t. */
CUSPARSE_HIDDEN cusparseStatus_t sp_legacy_buffer_size_ext(cusparseStatus_t st, size_t *size);
/* Where row i's diagonal entry is (0-based into the arrays), -1 when it has none. */
CUSPARSE_HIDDEN int sp_diag_of(const int *off, const int *col, int base, int i);
/*
 * Each row's entries in column order: scol[p] (A's columns, base included)
 * and at[p], where entry p came from; false when a row has a column twice.
 * e is scratch space of nnz entries.
 */
struct sp_entry {
	int col, at;
};
CUSPARSE_HIDDEN bool sp_sort_rows(int m, const int *off, const int *col, int base, int *scol, int *at,
				  struct sp_entry *e);

/*
 * The first zero pivots a legacy info object keeps (0-based rows, -1: none)
 * and the base to report them in; sp_zero_pivot answers Xcsr*_zeroPivot:
 * the lower of the two in A's base and ZERO_PIVOT, or -1 and SUCCESS.
 */
struct sp_pivots {
	int structural;	/* no diagonal entry: found by _analysis */
	int numerical;	/* a pivot that is 0: found by the factorisation or solve */
	int base;
};
CUSPARSE_HIDDEN cusparseStatus_t sp_zero_pivot(cusparseHandle_t handle, const struct sp_pivots *info,
					       int *position);

/*
 * csrilu02/bsrilu02's numeric boost (cusparse?csrilu02_numericBoost): when
 * on, a pivot of magnitude at most tol is replaced by val before it is
 * used; a replaced pivot is no zero pivot.
 */
struct sp_boost {
	bool on;
	double tol;
	sp_val val;
};

/* The legacy info objects (legacy_info.c makes them zeroed and frees them): the zero pivots their calls found. */
struct csrilu02Info {
	struct sp_pivots piv;
	struct sp_boost boost;
};
struct bsrilu02Info {
	struct sp_pivots piv;
	struct sp_boost boost;
};
struct bsrsm2Info {
	struct sp_pivots piv;
};
struct csric02Info {
	struct sp_pivots piv;
};
struct bsric02Info {
	struct sp_pivots piv;
};
struct csrsv2Info {
	struct sp_pivots piv;
};
struct csrsm2Info {
	struct sp_pivots piv;
};
struct bsrsv2Info {
	struct sp_pivots piv;
};

/* The first row (0-based) of a CSR matrix with no diagonal entry (structural) or one that is 0 (numerical), or -1 (csrsv2.c). */
CUSPARSE_HIDDEN int sp_first_zero_diag(cudaDataType t, int m, const void *val, const int *off, const int *col,
				       int base, bool numerical);

/*
 * ILU(0) in place on the values of a square CSR matrix (ilu0.c): m rows,
 * columns sorted or not (a column twice in a row: INVALID_VALUE), base;
 * boost may be NULL.  *zero: the first row whose pivot stayed 0, or -1.
 */
CUSPARSE_HIDDEN cusparseStatus_t sp_ilu0(cudaDataType t, int m, int nnz, int base, void *val, const int *off,
					 const int *col, const struct sp_boost *boost, int *zero);
/* IC(0) in place of a checked CSR matrix (ic0.c); *zero: the first row whose pivot is 0, or -1. */
CUSPARSE_HIDDEN cusparseStatus_t sp_ic0(cudaDataType t, int m, int nnz, int base, void *val, const int *off,
					const int *col, int *zero);
/* numericBoost's arguments into b (enable_boost, tol, boost_val of type t) */
CUSPARSE_HIDDEN cusparseStatus_t sp_set_boost(cusparseHandle_t handle, cudaDataType t, struct sp_boost *b,
					      int enable, const double *tol, const void *boost_val);

/* A legacy BSR matrix (bsr_legacy.c): mb x mb blocks of bd x bd, blocks row- or column-major (dir). */
struct sp_bsr {
	cusparseDirection_t dir;
	int mb, nnzb, bd;
	cusparseMatDescr_t d;
	const void *val;
	const int *off, *col;
};
/* Its expansion: CSR with 0-based 32-bit indices and values of its type; src[p]: the BSR value index of p. */
struct sp_bsr_csr {
	int *off, *col, *src;
	void *val;
};
/* sp_legacy_csr_check on the block structure, then dir, bd > 0, and sizes whose expansion fits int. */
CUSPARSE_HIDDEN cusparseStatus_t sp_legacy_bsr_check(cusparseHandle_t handle, const struct sp_bsr *a,
						     const void *info);
CUSPARSE_HIDDEN cusparseStatus_t sp_bsr_expand(cudaDataType t, const struct sp_bsr *a, struct sp_bsr_csr *c,
					       bool want_src);
CUSPARSE_HIDDEN void sp_bsr_csr_free(struct sp_bsr_csr *c);
/* The first block row whose diagonal block is missing, or (numerical) has a 0 on its diagonal; -1 when none. */
CUSPARSE_HIDDEN int sp_bsr_zero_block(cudaDataType t, const struct sp_bsr *a, const struct sp_bsr_csr *c,
				      bool numerical);

/* SpSV (spsv.c) as csrsv2_solve calls it: A's value type is the compute type. */
CUSPARSE_HIDDEN cusparseStatus_t sp_spsv(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
					 const struct cusparseSpMatDescr *A, const struct cusparseDnVecDescr *x,
					 struct cusparseDnVecDescr *y);
/* SpSM (spsv.c) as csrsm2_solve calls it: C = op(A)^-1 alpha op(B), A's value type computes. */
CUSPARSE_HIDDEN cusparseStatus_t sp_spsm(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
					 const void *alpha, const struct cusparseSpMatDescr *A,
					 const struct cusparseDnMatDescr *B, struct cusparseDnMatDescr *C);

/*
 * SpMV's direct paths (spmv_direct.c): CSR or COO, op N, a real value type that is the
 * compute type; -1 when the call is not that case (spmm.c's loop runs),
 * else its status.
 */
CUSPARSE_HIDDEN int sp_spmv_direct(cusparseOperation_t opA, const struct cusparseSpMatDescr *A,
				const struct cusparseDnVecDescr *x, struct cusparseDnVecDescr *y, cudaDataType compute, const void *alpha,
				const void *beta);

#endif
