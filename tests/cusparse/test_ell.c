// SPDX-License-Identifier: MIT
/*
 * test_ell.c - lib/cusparse's Blocked-ELL and sliced-ELL (SELL) matrices
 * (issue 44) against their dense form, built here from the layouts
 * cuSPARSE documents: Blocked-ELL (block column indices per block row, -1
 * an empty block; values rows x ellCols row-major) in SpMM and
 * SparseToDense; SELL (slices of sliceSize rows, column-major inside a
 * slice, -1 padding, a partial last slice) in SpMV and SparseToDense; each
 * in S, D, C, Z and base 0 and 1, compared with plain loops over the dense
 * form.  Then BlockedEllGet, and the statuses: bad shapes at creation, an
 * index outside the matrix or bad slice offsets at the operation (nothing
 * written), DenseToSparse into a Blocked-ELL pattern, and the calls
 * that write a sparse matrix by entry (SDDMM, DenseToSparse into SELL)
 * refusing them.
 */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "blas_rand.h"
#include "tap.h"

static cusparseHandle_t H;
static const cudaDataType tags[] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F};
static const double tols[] = {1e-5, 1e-12, 1e-5, 1e-12};

enum { R = 8, C = 8, BS = 2, EC = 4, NB = EC / BS, K = 3 };

/* A Blocked-ELL matrix R x C (blocks BS, EC value columns) and its dense form (row-major, double
 * complex). */
struct bell {
	int colind[R / BS][NB];
	void *val;
	dc dense[R][C];
};

static void bell_build(enum prec p, int base, struct bell *m)
{
	static const int pattern[R / BS][NB] = {{0, 2}, {3, -1}, {1, 3}, {-1, -1}};

	memset(m->dense, 0, sizeof(m->dense));
	m->val = calloc((size_t)R * EC, esz[p]);
	for (int bi = 0; bi < R / BS; bi++)
		for (int k = 0; k < NB; k++)
			m->colind[bi][k] = pattern[bi][k] < 0 ? -1 : pattern[bi][k] + base;
	for (int r = 0; r < R; r++)
		for (int c = 0; c < EC; c++) {
			int bc = pattern[r / BS][c / BS];
			dc v = rnd(p);
			put(p, m->val, (long)r * EC + c,
			    v); /* padding holds values too: they must be ignored */
			if (bc >= 0)
				m->dense[r][bc * BS + c % BS] = get(p, m->val, (long)r * EC + c);
		}
}

/* a scalar of the precision's type (alpha, beta) in buf */
static void scalar(enum prec p, dc v, double buf[2])
{
	put(p, buf, 0, v);
}

static int close_to(enum prec p, dc got, dc ref)
{
	return cabs(got - ref) <= tols[p] * (1 + cabs(ref));
}

TAP_TEST(blocked_ell_spmm)
{
	for (int p = PS; p <= PZ; p++)
		for (int base = 0; base < 2; base++) {
			struct bell m;
			cusparseSpMatDescr_t A;
			cusparseDnMatDescr_t B, Cm;
			void *b = rand_mat(p, C, K, C, 0), *c = rand_mat(p, R, K, R, 0),
			     *c0 = copy_mat(p, c, R * K);
			double alpha[2], beta[2];
			size_t bytes = 1;
			int ok;

			bell_build(p, base, &m);
			scalar(p, cplx(p) ? 0.5 + 0.5 * I : 0.5, alpha), scalar(p, 2, beta);
			ok = cusparseCreateBlockedEll(
				 &A, R, C, BS, EC, m.colind, m.val, CUSPARSE_INDEX_32I,
				 base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO,
				 tags[p]) == CUSPARSE_STATUS_SUCCESS &&
			     cusparseCreateDnMat(&B, C, K, C, b, tags[p], CUSPARSE_ORDER_COL) ==
				 CUSPARSE_STATUS_SUCCESS &&
			     cusparseCreateDnMat(&Cm, R, K, R, c, tags[p], CUSPARSE_ORDER_COL) ==
				 CUSPARSE_STATUS_SUCCESS &&
			     cusparseSpMM_bufferSize(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
						     CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, A, B,
						     beta, Cm, tags[p],
						     CUSPARSE_SPMM_BLOCKED_ELL_ALG1,
						     &bytes) == CUSPARSE_STATUS_SUCCESS &&
			     cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
					  CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, A, B, beta, Cm,
					  tags[p], CUSPARSE_SPMM_BLOCKED_ELL_ALG1,
					  NULL) == CUSPARSE_STATUS_SUCCESS;
			dc a = cplx(p) ? 0.5 + 0.5 * I : 0.5;
			for (int i = 0; ok && i < R; i++)
				for (int j = 0; ok && j < K; j++) {
					dc s = 0;
					for (int l = 0; l < C; l++)
						s += m.dense[i][l] * get(p, b, l + (long)j * C);
					ok = close_to(p, get(p, c, i + (long)j * R),
						      a * s + 2.0 * get(p, c0, i + (long)j * R));
				}
			/* SparseToDense: the dense form itself */
			void *d = calloc((size_t)R * C, esz[p]);
			cusparseDnMatDescr_t D;
			ok = ok &&
			     cusparseCreateDnMat(&D, R, C, C, d, tags[p], CUSPARSE_ORDER_ROW) ==
				 CUSPARSE_STATUS_SUCCESS &&
			     cusparseSparseToDense(H, A, D, CUSPARSE_SPARSETODENSE_ALG_DEFAULT,
						   NULL) == CUSPARSE_STATUS_SUCCESS;
			for (int i = 0; ok && i < R; i++)
				for (int j = 0; ok && j < C; j++)
					ok = get(p, d, (long)i * C + j) == m.dense[i][j];
			tap_ok(ok,
			       "%c Blocked-ELL base %d: SpMM C = alpha A B + beta C, SparseToDense",
			       pname[p], base);
			cusparseDestroySpMat(A), cusparseDestroyDnMat(B), cusparseDestroyDnMat(Cm),
			    cusparseDestroyDnMat(D);
			free(m.val), free(b), free(c), free(c0), free(d);
		}
}

/* ---- SELL ---- */

enum { SR = 7, SC = 6, SS = 3, SLICES = (SR + SS - 1) / SS, SMAX = SLICES * SS * SC };

/* A SELL matrix built from a random sparse dense form: slice widths = the longest row of the slice.
 */
struct sell {
	int off[SLICES + 1], colind[SMAX], nnz, size;
	void *val;
	dc dense[SR][SC];
};

static void sell_build(enum prec p, int base, struct sell *m)
{
	int at = 0;

	memset(m->dense, 0, sizeof(m->dense));
	m->val = calloc(SMAX, esz[p]);
	m->nnz = 0;
	for (int i = 0; i < SR; i++)
		for (int j = 0; j < SC; j++)
			if ((i * 7 + j * 3) % 4 == 0 || i == j)
				m->dense[i][j] = rnd(p), m->nnz++;
	for (int s = 0; s < SLICES; s++) {
		int width = 0;
		m->off[s] = at + base;
		for (int r = s * SS; r < s * SS + SS && r < SR; r++) {
			int n = 0;
			for (int j = 0; j < SC; j++)
				n += m->dense[r][j] != 0;
			width = n > width ? n : width;
		}
		for (int c = 0; c < width; c++)
			for (int rr = 0; rr < SS; rr++) {
				int r = s * SS + rr, seen = 0, col = -1;
				for (int j = 0; r < SR && j < SC; j++)
					if (m->dense[r][j] != 0 && seen++ == c)
						col = j;
				m->colind[at] = col < 0 ? -1 : col + base;
				put(p, m->val, at,
				    col < 0
					? 99.0
					: m->dense[r][col]); /* padding values must be ignored */
				if (col >= 0)
					m->dense[r][col] = get(p, m->val, at);
				at++;
			}
	}
	m->off[SLICES] = at + base;
	m->size = at;
}

TAP_TEST(sliced_ell_spmv)
{
	for (int p = PS; p <= PZ; p++)
		for (int base = 0; base < 2; base++) {
			struct sell m;
			cusparseSpMatDescr_t A;
			cusparseDnVecDescr_t X, Y;
			void *x = rand_mat(p, SC, 1, SC, 0), *y = rand_mat(p, SR, 1, SR, 0),
			     *y0 = copy_mat(p, y, SR);
			double alpha[2], beta[2];
			size_t bytes = 1;
			int ok;

			sell_build(p, base, &m);
			scalar(p, 1.5, alpha), scalar(p, -1, beta);
			ok = cusparseCreateSlicedEll(&A, SR, SC, m.nnz, m.size, SS, m.off, m.colind,
						     m.val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
						     base ? CUSPARSE_INDEX_BASE_ONE
							  : CUSPARSE_INDEX_BASE_ZERO,
						     tags[p]) == CUSPARSE_STATUS_SUCCESS &&
			     cusparseCreateDnVec(&X, SC, x, tags[p]) == CUSPARSE_STATUS_SUCCESS &&
			     cusparseCreateDnVec(&Y, SR, y, tags[p]) == CUSPARSE_STATUS_SUCCESS &&
			     cusparseSpMV_bufferSize(H, CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, A,
						     X, beta, Y, tags[p], CUSPARSE_SPMV_SELL_ALG1,
						     &bytes) == CUSPARSE_STATUS_SUCCESS &&
			     cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, A, X, beta, Y,
					  tags[p], CUSPARSE_SPMV_SELL_ALG1,
					  NULL) == CUSPARSE_STATUS_SUCCESS;
			for (int i = 0; ok && i < SR; i++) {
				dc s = 0;
				for (int j = 0; j < SC; j++)
					s += m.dense[i][j] * get(p, x, j);
				ok = close_to(p, get(p, y, i), 1.5 * s - get(p, y0, i));
			}
			void *d = calloc((size_t)SR * SC, esz[p]);
			cusparseDnMatDescr_t D;
			ok = ok &&
			     cusparseCreateDnMat(&D, SR, SC, SR, d, tags[p], CUSPARSE_ORDER_COL) ==
				 CUSPARSE_STATUS_SUCCESS &&
			     cusparseSparseToDense(H, A, D, CUSPARSE_SPARSETODENSE_ALG_DEFAULT,
						   NULL) == CUSPARSE_STATUS_SUCCESS;
			for (int i = 0; ok && i < SR; i++)
				for (int j = 0; ok && j < SC; j++)
					ok = get(p, d, i + (long)j * SR) == m.dense[i][j];
			tap_ok(ok,
			       "%c SELL base %d (%d nonzeros in %d stored, slices of %d): SpMV, "
			       "SparseToDense",
			       pname[p], base, m.nnz, m.size, SS);
			cusparseDestroySpMat(A), cusparseDestroyDnVec(X), cusparseDestroyDnVec(Y),
			    cusparseDestroyDnMat(D);
			free(m.val), free(x), free(y), free(y0), free(d);
		}
}

/* DenseToSparse into Blocked-ELL: the program's pattern, values from the dense matrix (row-major
 * here) */
TAP_TEST(blocked_ell_from_dense)
{
	for (int p = PS; p <= PZ; p++) {
		struct bell m;
		cusparseSpMatDescr_t B;
		cusparseDnMatDescr_t A;
		void *dense = calloc((size_t)R * C, esz[p]), *val;
		size_t bytes = 1;
		int ok;

		bell_build(p, 0, &m); /* the pattern and the dense form; m.val gets overwritten */
		val = m.val;
		for (int i = 0; i < R; i++)
			for (int j = 0; j < C; j++)
				put(p, dense, (long)i * C + j, m.dense[i][j]);
		ok = cusparseCreateDnMat(&A, R, C, C, dense, tags[p], CUSPARSE_ORDER_ROW) ==
			 CUSPARSE_STATUS_SUCCESS &&
		     cusparseCreateBlockedEll(&B, R, C, BS, EC, m.colind, val, CUSPARSE_INDEX_32I,
					      CUSPARSE_INDEX_BASE_ZERO,
					      tags[p]) == CUSPARSE_STATUS_SUCCESS &&
		     cusparseDenseToSparse_bufferSize(H, A, B, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT,
						      &bytes) == CUSPARSE_STATUS_SUCCESS &&
		     cusparseDenseToSparse_analysis(H, A, B, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT,
						    NULL) == CUSPARSE_STATUS_SUCCESS &&
		     cusparseDenseToSparse_convert(H, A, B, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT,
						   NULL) == CUSPARSE_STATUS_SUCCESS;
		for (int r = 0; ok && r < R; r++)
			for (int c = 0; ok && c < EC; c++) {
				int bc = m.colind[r / BS][c / BS];
				ok = get(p, val, (long)r * EC + c) ==
				     (bc < 0 ? 0 : m.dense[r][bc * BS + c % BS]);
			}
		m.colind[0][1] = C / BS; /* a block column outside: refused, nothing written */
		put(p, val, 0, 42);
		ok = ok &&
		     cusparseDenseToSparse_convert(H, A, B, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT,
						   NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		     get(p, val, 0) == 42;
		tap_ok(ok,
		       "%c DenseToSparse into Blocked-ELL: values over the given blocks, 0 in "
		       "empty ones; "
		       "a block column outside INVALID_VALUE",
		       pname[p]);
		cusparseDestroySpMat(B), cusparseDestroyDnMat(A);
		free(val), free(dense);
	}
}

TAP_TEST(blocked_ell_get)
{
	int ind[2] = {0, 1};
	double val[8] = {0};
	cusparseSpMatDescr_t A, csr;
	int64_t rows = 0, cols = 0, bs = 0, ec = 0, r2 = 0, c2 = 0, nnz = -1;
	void *gi, *gv;
	cusparseIndexType_t it;
	cusparseIndexBase_t ib;
	cudaDataType vt;
	int off[3] = {0, 0, 0};

	int ok = cusparseCreateBlockedEll(&A, 4, 4, 2, 2, ind, val, CUSPARSE_INDEX_32I,
					  CUSPARSE_INDEX_BASE_ZERO,
					  CUDA_R_64F) == CUSPARSE_STATUS_SUCCESS &&
		 cusparseBlockedEllGet(A, &rows, &cols, &bs, &ec, &gi, &gv, &it, &ib, &vt) ==
		     CUSPARSE_STATUS_SUCCESS &&
		 rows == 4 && cols == 4 && bs == 2 && ec == 2 && gi == ind && gv == val &&
		 it == CUSPARSE_INDEX_32I && ib == CUSPARSE_INDEX_BASE_ZERO && vt == CUDA_R_64F &&
		 cusparseSpMatGetSize(A, &r2, &c2, &nnz) == CUSPARSE_STATUS_SUCCESS && nnz == 8;
	tap_ok(ok, "BlockedEllGet gives back the fields; SpMatGetSize: nnz = rows * ellCols (%lld)",
	       (long long)nnz);
	cusparseCreateCsr(&csr, 2, 2, 0, off, NULL, NULL, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
	tap_ok(cusparseBlockedEllGet(csr, &rows, &cols, &bs, &ec, &gi, &gv, &it, &ib, &vt) ==
		   CUSPARSE_STATUS_INVALID_VALUE,
	       "BlockedEllGet of a CSR descriptor: INVALID_VALUE");
	cusparseDestroySpMat(A), cusparseDestroySpMat(csr);
}

TAP_TEST(ell_statuses)
{
	int ind[4] = {0, 2, 1, 0}, off[3] = {0, 4, 6}, sind[6] = {0, 1, 0, 1, 2, -1};
	double val[16] = {0}, b[8] = {1, 1, 1, 1, 1, 1, 1, 1}, c[8] = {7, 7, 7, 7, 7, 7, 7, 7},
	       one = 1, zero = 0;
	double x[4] = {1, 1, 1, 1}, y[4] = {5, 5, 5, 5};
	cusparseSpMatDescr_t A;
	cusparseDnMatDescr_t B, Cm;
	cusparseDnVecDescr_t X, Y;

	tap_ok(cusparseCreateBlockedEll(&A, 4, 4, 0, 2, ind, val, CUSPARSE_INDEX_32I,
					CUSPARSE_INDEX_BASE_ZERO,
					CUDA_R_64F) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseCreateBlockedEll(&A, 5, 4, 2, 2, ind, val, CUSPARSE_INDEX_32I,
					    CUSPARSE_INDEX_BASE_ZERO,
					    CUDA_R_64F) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseCreateBlockedEll(&A, 4, 4, 2, 6, ind, val, CUSPARSE_INDEX_32I,
					    CUSPARSE_INDEX_BASE_ZERO,
					    CUDA_R_64F) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseCreateSlicedEll(&A, 4, 4, 7, 6, 2, off, sind, val, CUSPARSE_INDEX_32I,
					   CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
					   CUDA_R_64F) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseCreateSlicedEll(&A, 4, 4, 5, 6, 0, off, sind, val, CUSPARSE_INDEX_32I,
					   CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
					   CUDA_R_64F) == CUSPARSE_STATUS_INVALID_VALUE,
	       "Create: block size 0, rows not a multiple of it, ellCols above cols, nnz above "
	       "sellValuesSize, "
	       "slice size 0: INVALID_VALUE");

	/* block column 2 of a 4 x 4 matrix with blocks of 2: outside */
	cusparseCreateBlockedEll(&A, 4, 4, 2, 2, ind, val, CUSPARSE_INDEX_32I,
				 CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
	cusparseCreateDnMat(&B, 4, 2, 4, b, CUDA_R_64F, CUSPARSE_ORDER_COL);
	cusparseCreateDnMat(&Cm, 4, 2, 4, c, CUDA_R_64F, CUSPARSE_ORDER_COL);
	tap_ok(
	    cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
			 &one, A, B, &zero, Cm, CUDA_R_64F, CUSPARSE_SPMM_ALG_DEFAULT,
			 NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		c[0] == 7 && c[7] == 7,
	    "Blocked-ELL SpMM with a block column outside the matrix: INVALID_VALUE, C unwritten");
	tap_ok(cusparseSDDMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE,
			     &one, B, Cm, &zero, A, CUDA_R_64F, CUSPARSE_SDDMM_ALG_DEFAULT,
			     NULL) == CUSPARSE_STATUS_NOT_SUPPORTED,
	       "SDDMM into a Blocked-ELL C: NOT_SUPPORTED");
	cusparseDestroySpMat(A);

	/* slice 1 spans 4..5: one entry, not a multiple of the slice size 2 */
	off[2] = 5;
	cusparseCreateSlicedEll(&A, 4, 4, 5, 6, 2, off, sind, val, CUSPARSE_INDEX_32I,
				CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
	cusparseCreateDnVec(&X, 4, x, CUDA_R_64F);
	cusparseCreateDnVec(&Y, 4, y, CUDA_R_64F);
	tap_ok(cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_64F,
			    CUSPARSE_SPMV_SELL_ALG1, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   y[0] == 5 && y[3] == 5,
	       "SELL SpMV with a slice's span not a multiple of the slice size: INVALID_VALUE, y "
	       "unwritten");
	size_t bytes = 0;
	cusparseDnMatDescr_t D;
	cusparseCreateDnMat(&D, 4, 4, 4, val, CUDA_R_64F, CUSPARSE_ORDER_COL);
	tap_ok(cusparseDenseToSparse_bufferSize(H, D, A, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT,
						&bytes) == CUSPARSE_STATUS_NOT_SUPPORTED,
	       "DenseToSparse into a SELL matrix: NOT_SUPPORTED");
	cusparseDestroySpMat(A), cusparseDestroyDnMat(B), cusparseDestroyDnMat(Cm),
	    cusparseDestroyDnMat(D);
	cusparseDestroyDnVec(X), cusparseDestroyDnVec(Y);
}

static int make_handle(void)
{
	xorshift_seed(0x9e3779b97f4a7c15ull);
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
