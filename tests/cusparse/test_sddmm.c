// SPDX-License-Identifier: MIT
/*
 * test_sddmm.c - lib/cusparse's SDDMM and strided batches against plain
 * loops written here: every stored entry (i, j) of C must be alpha times
 * the dot product of row i of op(A) and column j of op(B) (computed in
 * double from the dense arrays as the test filled them) plus beta times
 * its old value; the entries are placed by a random pattern the test also
 * keeps as a dense mask.  Then strided batches of SDDMM (CSR, a broadcast
 * A) and SpMM (CSR A, dense B and C) against the same loops per matrix,
 * beta 0 not reading C (NaNs there), and the statuses of bad batches and
 * shapes.  Agreement: |got - ref| <= 1e-5 (1 + |ref|) in single, 1e-12 in
 * double (sums of at most 13 products of values in [-1, 1]).
 */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "xorshift.h"
#include "typed_vals.h"
#include "tap.h"

static cusparseHandle_t H;

/* A dense matrix as the test keeps it: its values in double complex, and how it is stored. */
struct dense {
	int rows, cols, ld;
	cusparseOrder_t order;
	cudaDataType t;
};

static long at(const struct dense *d, int i, int j)
{
	return d->order == CUSPARSE_ORDER_COL ? i + (long)j * d->ld : (long)i * d->ld + j;
}

static long dense_elems(const struct dense *d)
{
	return (long)d->ld * (d->order == CUSPARSE_ORDER_COL ? d->cols : d->rows);
}

/* batches of random values, matrix b at b * stride */
static void *dense_fill(const struct dense *d, int batches, long stride)
{
	void *p = NULL;
	long n = stride * (batches - 1) + dense_elems(d);

	cudaMalloc(&p, tv_size(d->t) * (size_t)n);
	for (long i = 0; i < n; i++)
		tv_put(d->t, p, i, urand() + (d->t == CUDA_C_32F || d->t == CUDA_C_64F ? I * urand() : 0));
	return p;
}

/* op(M)(i, j) */
static double complex op_get(cusparseOperation_t op, const struct dense *d, const void *p, int i, int j)
{
	if (op == CUSPARSE_OPERATION_NON_TRANSPOSE)
		return tv_get(d->t, p, at(d, i, j));
	double complex v = tv_get(d->t, p, at(d, j, i));
	return op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE ? conj(v) : v;
}

static double tol(cudaDataType t)
{
	return t == CUDA_R_32F || t == CUDA_C_32F ? 1e-5 : 1e-12;
}

/*
 * A random m x n pattern in CSR (offsets m + 1, columns sorted), in batches
 * at the given strides: the same pattern in every matrix, values differ.
 */
struct csr {
	int m, n, nnz;
	int *off, *col;
	void *val;
	unsigned char *mask; /* m x n: 1 where stored */
};

static void csr_make(struct csr *c, int m, int n, cudaDataType t, int batches, int off_stride, int val_stride)
{
	c->m = m, c->n = n, c->nnz = 0;
	c->mask = calloc((size_t)m * n, 1);
	for (int i = 0; i < m * n; i++)
		if (urand() > 0.3)
			c->mask[i] = 1, c->nnz++;
	cudaMalloc((void **)&c->off, sizeof(int) * (size_t)(off_stride * (batches - 1) + m + 1));
	cudaMalloc((void **)&c->col, sizeof(int) * (size_t)(val_stride * (batches - 1) + c->nnz));
	cudaMalloc(&c->val, tv_size(t) * (size_t)(val_stride * (batches - 1) + c->nnz));
	for (int b = 0; b < batches; b++) {
		int k = 0;

		for (int i = 0; i < m; i++) {
			c->off[b * off_stride + i] = k;
			for (int j = 0; j < n; j++)
				if (c->mask[i * n + j])
					c->col[b * val_stride + k++] = j;
		}
		c->off[b * off_stride + m] = k;
		for (k = 0; k < c->nnz; k++)
			tv_put(t, c->val, b * val_stride + k, urand());
	}
}

static void csr_free(struct csr *c)
{
	cudaFree(c->off), cudaFree(c->col), cudaFree(c->val), free(c->mask);
}

/* the count of C's entries (batch b) that differ from alpha op(A) op(B) + beta old */
static int sddmm_wrong(const struct csr *c, cudaDataType t, const void *val, const void *old, int vstride, int b,
		       cusparseOperation_t opA, const struct dense *da, const void *A, cusparseOperation_t opB,
		       const struct dense *db, const void *B, int k, double complex alpha, double complex beta)
{
	int wrong = 0, e = 0;

	for (int i = 0; i < c->m; i++)
		for (int j = 0; j < c->n; j++) {
			if (!c->mask[i * c->n + j])
				continue;
			double complex s = 0;

			for (int l = 0; l < k; l++)
				s += op_get(opA, da, A, i, l) * op_get(opB, db, B, l, j);
			double complex want = alpha * s + (beta == 0 ? 0 : beta * tv_get(t, old, (long)b * vstride + e));
			double complex got = tv_get(t, val, (long)b * vstride + e);

			wrong += !(cabs(got - want) <= tol(t) * (1 + cabs(want)));
			e++;
		}
	return wrong;
}

static void *copy_of(const void *p, size_t bytes)
{
	void *q = malloc(bytes);

	memcpy(q, p, bytes);
	return q;
}

/* one SDDMM on an m x n CSR C from op(A) m x k and op(B) k x n */
static void sddmm_case(const char *what, cudaDataType t, cusparseOperation_t opA, cusparseOrder_t orderA,
		       cusparseOperation_t opB, cusparseOrder_t orderB, double beta_re)
{
	int m = 9, n = 7, k = 13;
	struct dense da = { opA == CUSPARSE_OPERATION_NON_TRANSPOSE ? m : k, opA == CUSPARSE_OPERATION_NON_TRANSPOSE ? k : m,
			    0, orderA, t };
	struct dense db = { opB == CUSPARSE_OPERATION_NON_TRANSPOSE ? k : n, opB == CUSPARSE_OPERATION_NON_TRANSPOSE ? n : k,
			    0, orderB, t };
	struct csr c;
	cusparseDnMatDescr_t a, b;
	cusparseSpMatDescr_t sc;
	size_t size = 99;
	double complex alpha = 0.75 - 0.25 * I, beta = beta_re;
	int cplx = t == CUDA_C_32F || t == CUDA_C_64F;

	if (!cplx)
		alpha = 0.75;
	da.ld = (orderA == CUSPARSE_ORDER_COL ? da.rows : da.cols) + 2;
	db.ld = (orderB == CUSPARSE_ORDER_COL ? db.rows : db.cols) + 1;
	void *A = dense_fill(&da, 1, 0), *B = dense_fill(&db, 1, 0);
	csr_make(&c, m, n, t, 1, 0, 0);
	void *old = copy_of(c.val, tv_size(t) * (size_t)c.nnz);
	/* scalars of the compute type (the value type here) */
	unsigned char al[16], be[16];
	tv_put(t, al, 0, alpha), tv_put(t, be, 0, beta);
	if (beta == 0) /* not to be read */
		for (int e = 0; e < c.nnz; e++)
			tv_put(t, c.val, e, NAN);

	cusparseStatus_t st = cusparseCreateDnMat(&a, da.rows, da.cols, da.ld, A, t, orderA);
	st = st ? st : cusparseCreateDnMat(&b, db.rows, db.cols, db.ld, B, t, orderB);
	st = st ? st : cusparseCreateCsr(&sc, m, n, c.nnz, c.off, c.col, c.val, CUSPARSE_INDEX_32I,
					 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, t);
	st = st ? st : cusparseSDDMM_bufferSize(H, opA, opB, al, a, b, be, sc, t, CUSPARSE_SDDMM_ALG_DEFAULT, &size);
	st = st ? st : cusparseSDDMM_preprocess(H, opA, opB, al, a, b, be, sc, t, CUSPARSE_SDDMM_ALG_DEFAULT, NULL);
	st = st ? st : cusparseSDDMM(H, opA, opB, al, a, b, be, sc, t, CUSPARSE_SDDMM_ALG_DEFAULT, NULL);
	int wrong = sddmm_wrong(&c, t, c.val, old, 0, 0, opA, &da, A, opB, &db, B, k, alpha, beta);
	tap_ok(!st && size == 0 && wrong == 0, "SDDMM %s: %d of %d entries wrong", what, wrong, c.nnz);
	cusparseDestroyDnMat(a), cusparseDestroyDnMat(b), cusparseDestroySpMat(sc);
	cudaFree(A), cudaFree(B), free(old), csr_free(&c);
}

TAP_TEST(sddmm_single)
{
	const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE, T = CUSPARSE_OPERATION_TRANSPOSE,
				  C = CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
	const cusparseOrder_t R = CUSPARSE_ORDER_ROW, L = CUSPARSE_ORDER_COL;

	sddmm_case("R32F, A B row-major, beta 0 (C not read)", CUDA_R_32F, N, R, N, R, 0);
	sddmm_case("R32F, A^T col-major, B row-major, beta -0.5", CUDA_R_32F, T, L, N, R, -0.5);
	sddmm_case("R64F, A col-major, B^T col-major, beta 1", CUDA_R_64F, N, L, T, L, 1);
	sddmm_case("C64F, A^H row-major, B^T col-major, complex alpha", CUDA_C_64F, C, R, T, L, 0.5);
	sddmm_case("C32F, A col-major, B^H row-major", CUDA_C_32F, N, L, C, R, 2);
}

TAP_TEST(sddmm_coo_csc)
{
	/* the same products with C as COO and as CSC built from one pattern */
	int m = 6, n = 5, k = 4, nnz = 0, rows[30], cols[30], csc_off[6], csc_row[30], wrong = 0;
	float A[24], B[20], coo_val[30], csc_val[30], one = 1, zero = 0;
	unsigned char mask[30];
	cusparseDnMatDescr_t a, b;
	cusparseSpMatDescr_t coo, csc;

	for (int i = 0; i < 24; i++)
		A[i] = (float)urand();
	for (int i = 0; i < 20; i++)
		B[i] = (float)urand();
	for (int i = 0; i < m * n; i++)
		mask[i] = urand() > 0;
	for (int i = 0; i < m; i++) /* COO in row order */
		for (int j = 0; j < n; j++)
			if (mask[i * n + j])
				rows[nnz] = i, cols[nnz] = j, nnz++;
	for (int j = 0, e = 0; j < n; j++) { /* CSC in column order */
		csc_off[j] = e;
		for (int i = 0; i < m; i++)
			if (mask[i * n + j])
				csc_row[e++] = i;
		csc_off[j + 1] = e;
	}
	cusparseStatus_t st = cusparseCreateDnMat(&a, m, k, k, A, CUDA_R_32F, CUSPARSE_ORDER_ROW);
	st = st ? st : cusparseCreateDnMat(&b, k, n, n, B, CUDA_R_32F, CUSPARSE_ORDER_ROW);
	st = st ? st : cusparseCreateCoo(&coo, m, n, nnz, rows, cols, coo_val, CUSPARSE_INDEX_32I,
					 CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
	st = st ? st : cusparseCreateCsc(&csc, m, n, nnz, csc_off, csc_row, csc_val, CUSPARSE_INDEX_32I,
					 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
	st = st ? st : cusparseSDDMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, b,
				     &zero, coo, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, NULL);
	st = st ? st : cusparseSDDMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, b,
				     &zero, csc, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, NULL);
	for (int e = 0; e < nnz; e++) {
		double s = 0;

		for (int l = 0; l < k; l++)
			s += (double)A[rows[e] * k + l] * B[l * n + cols[e]];
		wrong += fabs(coo_val[e] - s) > 1e-5 * (1 + fabs(s));
	}
	for (int j = 0; j < n; j++)
		for (int e = csc_off[j]; e < csc_off[j + 1]; e++) {
			double s = 0;

			for (int l = 0; l < k; l++)
				s += (double)A[csc_row[e] * k + l] * B[l * n + j];
			wrong += fabs(csc_val[e] - s) > 1e-5 * (1 + fabs(s));
		}
	tap_ok(!st && wrong == 0, "SDDMM into COO and CSC C (%d entries each): %d wrong", nnz, wrong);
	cusparseDestroyDnMat(a), cusparseDestroyDnMat(b), cusparseDestroySpMat(coo), cusparseDestroySpMat(csc);
}

TAP_TEST(sddmm_batched)
{
	const int batches = 3, m = 8, n = 6, k = 5, off_stride = m + 3, val_stride = 60;
	for (int broadcast = 0; broadcast <= 1; broadcast++) {
		struct dense da = { m, k, k, CUSPARSE_ORDER_ROW, CUDA_R_32F }, db = { k, n, n, CUSPARSE_ORDER_ROW, CUDA_R_32F };
		long sa = broadcast ? 0 : m * k + 3, sb = k * n + 1;
		void *A = dense_fill(&da, broadcast ? 1 : batches, sa), *B = dense_fill(&db, batches, sb);
		struct csr c;
		cusparseDnMatDescr_t a, b;
		cusparseSpMatDescr_t sc;
		float alpha = 1.5f, beta = -1;
		int wrong = 0, count = 0;
		int64_t stride = 0;

		csr_make(&c, m, n, CUDA_R_32F, batches, off_stride, val_stride);
		void *old = copy_of(c.val, 4 * (size_t)(val_stride * (batches - 1) + c.nnz));
		cusparseStatus_t st = cusparseCreateDnMat(&a, m, k, k, A, CUDA_R_32F, CUSPARSE_ORDER_ROW);
		st = st ? st : cusparseCreateDnMat(&b, k, n, n, B, CUDA_R_32F, CUSPARSE_ORDER_ROW);
		if (!broadcast)
			st = st ? st : cusparseDnMatSetStridedBatch(a, batches, sa);
		st = st ? st : cusparseDnMatSetStridedBatch(b, batches, sb);
		st = st ? st : cusparseCreateCsr(&sc, m, n, c.nnz, c.off, c.col, c.val, CUSPARSE_INDEX_32I,
						 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
		st = st ? st : cusparseCsrSetStridedBatch(sc, batches, off_stride, val_stride);
		st = st ? st : cusparseSDDMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
					     a, b, &beta, sc, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, NULL);
		for (int bt = 0; bt < batches; bt++)
			wrong += sddmm_wrong(&c, CUDA_R_32F, c.val, old, val_stride, bt, CUSPARSE_OPERATION_NON_TRANSPOSE,
					     &da, (char *)A + 4 * sa * bt, CUSPARSE_OPERATION_NON_TRANSPOSE, &db,
					     (char *)B + 4 * sb * bt, k, alpha, beta);
		st = st ? st : cusparseDnMatGetStridedBatch(b, &count, &stride);
		tap_ok(!st && wrong == 0 && count == batches && stride == sb,
		       "SDDMM, 3 strided CSR batches (offset stride m + 3, value stride 60)%s: %d wrong",
		       broadcast ? ", A of one matrix for all" : "", wrong);
		cusparseDestroyDnMat(a), cusparseDestroyDnMat(b), cusparseDestroySpMat(sc);
		cudaFree(A), cudaFree(B), free(old), csr_free(&c);
	}
}

TAP_TEST(spmm_batched)
{
	const int batches = 4, m = 7, k = 6, n = 3, off_stride = m + 1, val_stride = 50;
	struct csr a;
	struct dense db = { k, n, k, CUSPARSE_ORDER_COL, CUDA_R_64F }, dc = { m, n, m + 2, CUSPARSE_ORDER_COL, CUDA_R_64F };
	long sb = k * n, sc = (m + 2) * n + 5;
	void *B = dense_fill(&db, batches, sb), *C = dense_fill(&dc, batches, sc);
	void *old = copy_of(C, 8 * (size_t)(sc * (batches - 1) + dense_elems(&dc)));
	double alpha = 2, beta = 0.5;
	cusparseSpMatDescr_t sa;
	cusparseDnMatDescr_t b, c;
	int wrong = 0, count = 0;

	csr_make(&a, m, k, CUDA_R_64F, batches, off_stride, val_stride);
	cusparseStatus_t st = cusparseCreateCsr(&sa, m, k, a.nnz, a.off, a.col, a.val, CUSPARSE_INDEX_32I,
						CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
	st = st ? st : cusparseCsrSetStridedBatch(sa, batches, off_stride, val_stride);
	st = st ? st : cusparseCreateDnMat(&b, k, n, k, B, CUDA_R_64F, CUSPARSE_ORDER_COL);
	st = st ? st : cusparseDnMatSetStridedBatch(b, batches, sb);
	st = st ? st : cusparseCreateDnMat(&c, m, n, m + 2, C, CUDA_R_64F, CUSPARSE_ORDER_COL);
	st = st ? st : cusparseDnMatSetStridedBatch(c, batches, sc);
	st = st ? st : cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, sa, b,
				    &beta, c, CUDA_R_64F, CUSPARSE_SPMM_ALG_DEFAULT, NULL);
	for (int bt = 0; bt < batches; bt++)
		for (int i = 0; i < m; i++)
			for (int j = 0; j < n; j++) {
				double s = 0;

				for (int l = 0, e = 0; l < m * k; l++) { /* entry e of the pattern, row-major order */
					if (!a.mask[l])
						continue;
					if (l / k == i)
						s += ((double *)a.val)[bt * val_stride + e] *
						     ((double *)B)[bt * sb + at(&db, l % k, j)];
					e++;
				}
				long p = bt * sc + at(&dc, i, j);
				double want = alpha * s + beta * ((double *)old)[p];
				wrong += fabs(((double *)C)[p] - want) > 1e-12 * (1 + fabs(want));
			}
	st = st ? st : cusparseSpMatGetStridedBatch(sa, &count);
	tap_ok(!st && wrong == 0 && count == batches, "SpMM, 4 strided batches of CSR A, B and C: %d wrong", wrong);
	cusparseDestroySpMat(sa), cusparseDestroyDnMat(b), cusparseDestroyDnMat(c);
	cudaFree(B), cudaFree(C), free(old), csr_free(&a);
}

TAP_TEST(statuses)
{
	float A[64] = { 0 }, vals[8] = { 0 }, one = 1;
	int off[9] = { 0 }, col[8] = { 0 };
	cusparseDnMatDescr_t a, b;
	cusparseSpMatDescr_t c;
	size_t size;

	cusparseCreateDnMat(&a, 4, 3, 3, A, CUDA_R_32F, CUSPARSE_ORDER_ROW);
	cusparseCreateDnMat(&b, 3, 5, 5, A, CUDA_R_32F, CUSPARSE_ORDER_ROW);
	cusparseCreateCsr(&c, 4, 5, 0, off, col, vals, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
	const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE, T = CUSPARSE_OPERATION_TRANSPOSE;

	tap_ok(cusparseSDDMM(NULL, N, N, &one, a, b, &one, c, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, NULL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED,
	       "SDDMM: no handle is NOT_INITIALIZED");
	tap_ok(cusparseSDDMM_bufferSize(H, T, N, &one, a, b, &one, c, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, &size) ==
		       CUSPARSE_STATUS_INVALID_VALUE,
	       "SDDMM: op(A) of the wrong shape is INVALID_VALUE");
	tap_ok(cusparseSDDMM(H, N, N, NULL, a, b, &one, c, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE,
	       "SDDMM: alpha NULL is INVALID_VALUE");
	tap_ok(cusparseDnMatSetStridedBatch(a, 0, 12) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseDnMatSetStridedBatch(a, 2, 11) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseCsrSetStridedBatch(c, -1, 5, 0) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseCooSetStridedBatch(c, 2, 0) == CUSPARSE_STATUS_INVALID_VALUE,
	       "SetStridedBatch: count < 1, a stride inside one matrix, the wrong format are INVALID_VALUE");
	cusparseDnMatSetStridedBatch(a, 2, 12);
	cusparseCsrSetStridedBatch(c, 3, 5, 0);
	tap_ok(cusparseSDDMM(H, N, N, &one, a, b, &one, c, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE,
	       "SDDMM: A in 2 batches, C in 3 is INVALID_VALUE");
	cusparseDestroyDnMat(a), cusparseDestroyDnMat(b), cusparseDestroySpMat(c);
}

static int make_handle(void)
{
	xorshift_seed(0x853c49e6748fea9bull);
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
