// SPDX-License-Identifier: MIT
/*
 * test_cusparse.c - lib/cusparse against references that do not go
 * through the library: every sparse matrix starts as a dense one (random,
 * about a third of it nonzero) that this file stores itself as CSR, CSC or
 * COO (32- or 64-bit indices, base 0 or 1); products, triangular solves and
 * conversions are then checked against naive dense loops over that dense
 * form.  S, D, C and Z; every operation (N, T, C) and dense order (column,
 * row, leading dimensions above the minimum, whose padding must stay
 * untouched).  Then the statuses of bad input (no handle, sizes that do not
 * agree, indices outside the matrix: nothing written), the status names and
 * stream order.  A value agrees when |got - ref| <= tol * (1 + |ref|),
 * tol 1e-4 (single) and 1e-11 (double); the matrices are small and the
 * triangular ones diagonally dominant.
 *
 * Tests register themselves (TAP_TEST): -l lists them, -t NAME runs one.
 */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "blas_prec.h"
#include "xorshift.h"
#include "tap.h"

static const double tols[] = { 1e-4, 1e-11, 1e-4, 1e-11 };
static const cudaDataType dtype[] = { CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F };
static const char *const opname = "NTC";
static cusparseHandle_t H;

static dc rnd(enum prec p) { return cplx(p) ? urand() + I * urand() : urand(); }

/* a dense rows x cols matrix (row-major), about a third nonzero, rounded to p */
static dc *sparse_dense(enum prec p, int rows, int cols)
{
	dc *D = calloc((size_t)rows * cols, sizeof(dc));
	char one[16];

	for (int k = 0; k < rows * cols; k++)
		if (urand() < -0.33) {
			put(p, one, 0, rnd(p));
			D[k] = get(p, one, 0);
		}
	return D;
}

static int close_to(enum prec p, dc got, dc ref)
{
	return cabs(got - ref) <= tols[p] * (1 + cabs(ref));
}

static void putidx(int i64, void *b, long k, int64_t v)
{
	if (i64)
		((int64_t *)b)[k] = v;
	else
		((int32_t *)b)[k] = (int32_t)v;
}

/* The arrays of a sparse matrix this file stored itself. */
struct smat {
	cusparseSpMatDescr_t d;
	void *off, *ind, *val;
	int nnz;
};

static void smat_free(struct smat *s)
{
	cusparseDestroySpMat(s->d);
	free(s->off);
	free(s->ind);
	free(s->val);
}

/*
 * D (rows x cols, row-major) as fmt: CSR row by row, CSC column by column,
 * COO row by row; indices 64-bit when i64, from base.
 */
static struct smat store(enum prec p, const dc *D, int rows, int cols, cusparseFormat_t fmt,
			 int i64, int base)
{
	struct smat s = { 0 };
	int csc = fmt == CUSPARSE_FORMAT_CSC, outer = csc ? cols : rows, inner = csc ? rows : cols;
	size_t isz = i64 ? 8 : 4;
	cusparseIndexType_t it = i64 ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;

	for (int k = 0; k < rows * cols; k++)
		s.nnz += D[k] != 0;
	s.off = malloc(((fmt == CUSPARSE_FORMAT_COO ? s.nnz : outer) + 1) * isz);
	s.ind = malloc((s.nnz + 1) * isz);
	s.val = malloc((s.nnz + 1) * esz[p]);
	int k = 0;

	for (int o = 0; o < outer; o++) {
		if (fmt != CUSPARSE_FORMAT_COO)
			putidx(i64, s.off, o, k + base);
		for (int in = 0; in < inner; in++) {
			int i = csc ? in : o, j = csc ? o : in;

			if (D[i * cols + j] == 0)
				continue;
			if (fmt == CUSPARSE_FORMAT_COO)
				putidx(i64, s.off, k, i + base);
			putidx(i64, s.ind, k, (csc ? i : j) + base);
			put(p, s.val, k, D[i * cols + j]);
			k++;
		}
	}
	if (fmt != CUSPARSE_FORMAT_COO)
		putidx(i64, s.off, outer, k + base);
	cusparseIndexBase_t b = base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO;
	if (fmt == CUSPARSE_FORMAT_CSR)
		cusparseCreateCsr(&s.d, rows, cols, s.nnz, s.off, s.ind, s.val, it, it, b, dtype[p]);
	else if (csc)
		cusparseCreateCsc(&s.d, rows, cols, s.nnz, s.off, s.ind, s.val, it, it, b, dtype[p]);
	else
		cusparseCreateCoo(&s.d, rows, cols, s.nnz, s.off, s.ind, s.val, it, b, dtype[p]);
	return s;
}

/* op(D)(i, j) of a row-major rows x cols D */
static dc op_at(char op, const dc *D, int cols, int rows, int i, int j)
{
	(void)rows;
	if (op == 'N')
		return D[i * cols + j];
	return op == 'C' ? conj(D[j * cols + i]) : D[j * cols + i];
}

static const cusparseFormat_t fmts[] = { CUSPARSE_FORMAT_CSR, CUSPARSE_FORMAT_CSC, CUSPARSE_FORMAT_COO };
static const char *const fmtname[] = { "", "CSR", "CSC", "COO" };

/* ---- SpMV ---- */

static int spmv_case(enum prec p, cusparseFormat_t fmt, int op, int i64, int base)
{
	const int rows = 9, cols = 7;
	char o = opname[op];
	int m = op ? cols : rows, n = op ? rows : cols;
	dc *D = sparse_dense(p, rows, cols), alpha = cplx(p) ? 1.5 - 0.5 * I : 1.5, beta = -0.75;
	struct smat A = store(p, D, rows, cols, fmt, i64, base);
	void *x = malloc(n * esz[p]), *y = malloc(m * esz[p]), *buf = NULL;
	dc ref[9];
	char sa[16], sb[16];
	size_t bs = 99;
	cusparseDnVecDescr_t vx, vy;
	int ok = 1;

	put(p, sa, 0, alpha);
	put(p, sb, 0, beta);
	for (int j = 0; j < n; j++)
		put(p, x, j, rnd(p));
	for (int i = 0; i < m; i++) {
		put(p, y, i, rnd(p));
		ref[i] = beta * get(p, y, i);
		for (int j = 0; j < n; j++)
			ref[i] += alpha * op_at(o, D, cols, rows, i, j) * get(p, x, j);
	}
	ok = !cusparseCreateDnVec(&vx, n, x, dtype[p]) && !cusparseCreateDnVec(&vy, m, y, dtype[p]);
	ok = ok && !cusparseSpMV_bufferSize(H, (cusparseOperation_t)op, sa, A.d, vx, sb, vy, dtype[p],
					    CUSPARSE_SPMV_ALG_DEFAULT, &bs);
	ok = ok && !cudaMalloc(&buf, bs);
	ok = ok && !cusparseSpMV(H, (cusparseOperation_t)op, sa, A.d, vx, sb, vy, dtype[p],
				 CUSPARSE_SPMV_ALG_DEFAULT, buf);
	for (int i = 0; ok && i < m; i++)
		ok = close_to(p, get(p, y, i), ref[i]);
	cusparseDestroyDnVec(vx);
	cusparseDestroyDnVec(vy);
	cudaFree(buf);
	smat_free(&A);
	free(D);
	free(x);
	free(y);
	return ok;
}

TAP_TEST(spmv)
{
	int c = 0;

	for (int p = PS; p <= PZ; p++)
		for (int f = 0; f < 3; f++)
			for (int op = 0; op < 3; op++, c++)
				tap_ok(spmv_case((enum prec)p, fmts[f], op, c % 2, c / 2 % 2),
				       "SpMV %c %s op %c (%d-bit indices, base %d) = dense reference",
				       pname[p], fmtname[fmts[f]], opname[op], c % 2 ? 64 : 32, c / 2 % 2);
}

/*
 * SpMV's direct paths (lib/cusparse/spmv_direct.c: CSR and COO, op N, real,
 * compute type the value type) in every pairing of 32- and 64-bit offsets
 * (COO: row indices) and columns, bases 0 and 1, S and D, beta 0 over NaN
 * and beta -0.5, against dense loops; rows in any column order, an empty
 * row, a column repeated (they add up); COO entries not sorted by row.
 */
TAP_TEST(spmv_direct)
{
	/* 5 x 4: row 2 empty; row 3 has column 1 twice and its columns unsorted */
	static const int off[6] = { 0, 2, 3, 3, 7, 8 }, col[8] = { 0, 3, 2, 3, 1, 0, 1, 2 };
	static const double val[8] = { 1, -2, 3, 0.5, 4, -1, 2, 6 }, xv[4] = { 1, -1, 0.25, 2 };
	int bad = 0, n = 0;

	for (int k = 0; k < 32; k++) {
		int o64 = k & 1, i64 = k >> 1 & 1, base = k >> 2 & 1, dbl = k >> 3 & 1, coo = k >> 4 & 1;
		cudaDataType t = dbl ? CUDA_R_64F : CUDA_R_32F;
		int64_t off64[8], col64[8];
		int off32[8], col32[8];
		double y[5], ref[5], dense[5][4] = { { 0 } };
		float yf[5], xf[4], vf[8];
		double beta = k % 3 ? -0.5 : 0, alpha = 1.5;
		float betaf = (float)beta, alphaf = 1.5f;

		for (int i = 0; i < 6; i++)
			off64[i] = off32[i] = off[i] + base;
		for (int i = 0; coo && i < 5; i++)	/* COO: each entry's row, the arrays in row order reversed */
			for (int e = off[i]; e < off[i + 1]; e++)
				off64[7 - e] = off32[7 - e] = i + base;
		for (int e = 0; e < 8; e++)
			col64[e] = col32[e] = col[e] + base, vf[e] = (float)val[e];
		for (int j = 0; j < 4; j++)
			xf[j] = (float)xv[j];
		for (int i = 0; i < 5; i++) {
			for (int e = off[i]; e < off[i + 1]; e++)
				dense[i][col[e]] += val[e];
			y[i] = yf[i] = beta == 0 ? NAN : (float)(i - 2);
			ref[i] = beta == 0 ? 0 : beta * (i - 2);
			for (int j = 0; j < 4; j++)
				ref[i] += alpha * dense[i][j] * xv[j];
		}
		cusparseSpMatDescr_t A;
		cusparseDnVecDescr_t X, Y;
		double vrev[8];
		float vfrev[8];
		int64_t crev64[8];
		int crev32[8];
		for (int e = 0; e < 8; e++)
			vrev[7 - e] = val[e], vfrev[7 - e] = vf[e], crev64[7 - e] = col64[e], crev32[7 - e] = col32[e];
		cusparseStatus_t st =
			coo ? cusparseCreateCoo(&A, 5, 4, 8, o64 ? (void *)off64 : (void *)off32,
						o64 ? (void *)crev64 : (void *)crev32, dbl ? (void *)vrev : (void *)vfrev,
						o64 ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I, /* COO: one index type */
						base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO, t)
			    : cusparseCreateCsr(&A, 5, 4, 8, o64 ? (void *)off64 : (void *)off32,
						i64 ? (void *)col64 : (void *)col32, dbl ? (void *)val : (void *)vf,
						o64 ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I,
						i64 ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I,
						base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO, t);
		st = st ? st : cusparseCreateDnVec(&X, 4, dbl ? (void *)xv : (void *)xf, t);
		st = st ? st : cusparseCreateDnVec(&Y, 5, dbl ? (void *)y : (void *)yf, t);
		st = st ? st : cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, dbl ? (void *)&alpha : (void *)&alphaf, A, X,
					    dbl ? (void *)&beta : (void *)&betaf, Y, t, CUSPARSE_SPMV_ALG_DEFAULT, NULL);
		for (int i = 0; i < 5; i++) {
			double got = dbl ? y[i] : yf[i];

			bad += st || !(fabs(got - ref[i]) <= (dbl ? 1e-14 : 1e-6) * (1 + fabs(ref[i])));
		}
		n++;
		cusparseDestroySpMat(A), cusparseDestroyDnVec(X), cusparseDestroyDnVec(Y);
	}
	tap_ok(n == 32 && bad == 0,
	       "SpMV CSR and COO op N, S and D, 32/64-bit offsets (rows) x 32/64-bit columns, bases 0/1, beta 0 over "
	       "NaN and -0.5: y = dense reference (%d wrong of %d)", bad, n * 5);
	/* a COO row or column index outside the matrix: INVALID_VALUE before anything is written */
	int rows_bad[2] = { 0, 2 }, cols_ok[2] = { 0, 1 }, rows_ok[2] = { 0, 1 }, cols_bad[2] = { 0, -1 };
	float v2[2] = { 1, 2 }, x2[2] = { 1, 1 }, y2[2] = { 7, 7 }, one = 1, zero = 0;
	cusparseSpMatDescr_t B1, B2;
	cusparseDnVecDescr_t X2, Y2;
	cusparseCreateCoo(&B1, 2, 2, 2, rows_bad, cols_ok, v2, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
	cusparseCreateCoo(&B2, 2, 2, 2, rows_ok, cols_bad, v2, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
	cusparseCreateDnVec(&X2, 2, x2, CUDA_R_32F);
	cusparseCreateDnVec(&Y2, 2, y2, CUDA_R_32F);
	cusparseStatus_t s1 = cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, B1, X2, &zero, Y2, CUDA_R_32F,
					   CUSPARSE_SPMV_ALG_DEFAULT, NULL);
	cusparseStatus_t s2 = cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, B2, X2, &zero, Y2, CUDA_R_32F,
					   CUSPARSE_SPMV_ALG_DEFAULT, NULL);
	tap_ok(s1 == CUSPARSE_STATUS_INVALID_VALUE && s2 == CUSPARSE_STATUS_INVALID_VALUE && y2[0] == 7 && y2[1] == 7,
	       "SpMV COO with a row or a column outside the matrix: INVALID_VALUE, y untouched");
	cusparseDestroySpMat(B1), cusparseDestroySpMat(B2), cusparseDestroyDnVec(X2), cusparseDestroyDnVec(Y2);
}

/* ---- SpMM ---- */

/* a dense matrix descriptor over fresh memory: rows x cols, ld = inner + 2, padding NaN */
struct dmat {
	cusparseDnMatDescr_t d;
	void *val;
	int rows, cols, ld, row_major;
};

static struct dmat dn_new(enum prec p, int rows, int cols, int row_major)
{
	struct dmat m = { NULL, NULL, rows, cols, (row_major ? cols : rows) + 2, row_major };
	int outer = row_major ? rows : cols;

	m.val = malloc((size_t)m.ld * outer * esz[p]);
	for (int k = 0; k < m.ld * outer; k++)
		put(p, m.val, k, NAN);
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			put(p, m.val, row_major ? i * m.ld + j : i + j * m.ld, rnd(p));
	cusparseCreateDnMat(&m.d, rows, cols, m.ld, m.val, dtype[p],
			    row_major ? CUSPARSE_ORDER_ROW : CUSPARSE_ORDER_COL);
	return m;
}

static long dn_at(const struct dmat *m, int i, int j)
{
	return m->row_major ? (long)i * m->ld + j : i + (long)j * m->ld;
}

static dc dn_get(enum prec p, const struct dmat *m, int i, int j) { return get(p, m->val, dn_at(m, i, j)); }

/* every element of the padding is still NaN */
static int padding_kept(enum prec p, const struct dmat *m)
{
	int outer = m->row_major ? m->rows : m->cols, inner = m->row_major ? m->cols : m->rows;

	for (int o = 0; o < outer; o++)
		for (int k = inner; k < m->ld; k++)
			if (!isnan(creal(get(p, m->val, (long)o * m->ld + k))))
				return 0;
	return 1;
}

static void dn_free(struct dmat *m)
{
	cusparseDestroyDnMat(m->d);
	free(m->val);
}

static int spmm_case(enum prec p, cusparseFormat_t fmt, int opa, int opb, int row_major)
{
	const int rows = 8, cols = 6, n = 5;
	int m = opa ? cols : rows, k = opa ? rows : cols;
	dc *D = sparse_dense(p, rows, cols), alpha = cplx(p) ? 0.5 + I : 2.0, beta = 0.25;
	struct smat A = store(p, D, rows, cols, fmt, opa % 2, 0);
	struct dmat B = opb ? dn_new(p, n, k, row_major) : dn_new(p, k, n, row_major);
	struct dmat C = dn_new(p, m, n, !row_major);
	dc *ref = calloc((size_t)m * n, sizeof(dc));
	char sa[16], sb[16];
	size_t bs = 99;
	int ok;

	put(p, sa, 0, alpha);
	put(p, sb, 0, beta);
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			dc s = 0;

			for (int q = 0; q < k; q++) {
				dc b = opb ? dn_get(p, &B, j, q) : dn_get(p, &B, q, j);

				s += op_at(opname[opa], D, cols, rows, i, q) * (opb == 2 ? conj(b) : b);
			}
			ref[i * n + j] = alpha * s + beta * dn_get(p, &C, i, j);
		}
	ok = !cusparseSpMM_bufferSize(H, (cusparseOperation_t)opa, (cusparseOperation_t)opb, sa, A.d,
				      B.d, sb, C.d, dtype[p], CUSPARSE_SPMM_ALG_DEFAULT, &bs) &&
	     bs == 0 &&
	     !cusparseSpMM(H, (cusparseOperation_t)opa, (cusparseOperation_t)opb, sa, A.d, B.d, sb, C.d,
			   dtype[p], CUSPARSE_SPMM_ALG_DEFAULT, NULL);
	for (int i = 0; ok && i < m; i++)
		for (int j = 0; ok && j < n; j++)
			ok = close_to(p, dn_get(p, &C, i, j), ref[i * n + j]);
	ok = ok && padding_kept(p, &C);
	dn_free(&B);
	dn_free(&C);
	smat_free(&A);
	free(D);
	free(ref);
	return ok;
}

TAP_TEST(spmm)
{
	int c = 0;

	for (int p = PS; p <= PZ; p++)
		for (int f = 0; f < 3; f++, c++) {
			int opa = c % 3, opb = (c / 3 + p) % 3, rm = c % 2;

			tap_ok(spmm_case((enum prec)p, fmts[f], opa, opb, rm),
			       "SpMM %c %s op(A) %c op(B) %c, B %s-major, C the other = dense reference, "
			       "padding untouched",
			       pname[p], fmtname[fmts[f]], opname[opa], opname[opb], rm ? "row" : "column");
		}
}

/* ---- SpSV, SpSM ---- */

/*
 * A triangular n x n matrix (fill lower or upper) with a dominant diagonal,
 * and noise in the other triangle that the solve must ignore; tri gets the
 * triangle alone (the diagonal 1 when unit).
 */
static dc *triangular(enum prec p, int n, int lower, int unit, dc *tri)
{
	dc *D = sparse_dense(p, n, n);

	for (int i = 0; i < n; i++) {
		D[i * n + i] = unit ? 77 : 4 + rnd(p) / 2; /* unit: a diagonal that must not be read */
		for (int j = 0; j < n; j++) {
			int in = i == j || (j < i) == lower;

			tri[i * n + j] = in ? D[i * n + j] : 0;
		}
		if (unit)
			tri[i * n + i] = 1;
	}
	return D;
}

static int spsm_case(enum prec p, cusparseFormat_t fmt, int opa, int opb, int lower, int unit,
		     int nrhs, int as_vector)
{
	const int n = 9;
	dc *T = calloc((size_t)n * n, sizeof(dc)), *D = triangular(p, n, lower, unit, T);
	dc alpha = cplx(p) ? 2.0 - I : -2.0;
	struct smat A = store(p, D, n, n, fmt, lower, unit);
	struct dmat B = opb ? dn_new(p, nrhs, n, 0) : dn_new(p, n, nrhs, !as_vector);
	struct dmat C = dn_new(p, n, nrhs, 0);
	cusparseFillMode_t fill = lower ? CUSPARSE_FILL_MODE_LOWER : CUSPARSE_FILL_MODE_UPPER;
	cusparseDiagType_t diag = unit ? CUSPARSE_DIAG_TYPE_UNIT : CUSPARSE_DIAG_TYPE_NON_UNIT;
	char sa[16];
	size_t bs = 99;
	int ok;

	put(p, sa, 0, alpha);
	ok = !cusparseSpMatSetAttribute(A.d, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)) &&
	     !cusparseSpMatSetAttribute(A.d, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof(diag));
	if (as_vector) {
		cusparseSpSVDescr_t sv;
		cusparseDnVecDescr_t vx, vy;

		ok = ok && !cusparseSpSV_createDescr(&sv) &&
		     !cusparseCreateDnVec(&vx, n, B.val, dtype[p]) &&
		     !cusparseCreateDnVec(&vy, n, C.val, dtype[p]);
		ok = ok && !cusparseSpSV_bufferSize(H, (cusparseOperation_t)opa, sa, A.d, vx, vy, dtype[p],
						    CUSPARSE_SPSV_ALG_DEFAULT, sv, &bs);
		ok = ok && !cusparseSpSV_analysis(H, (cusparseOperation_t)opa, sa, A.d, vx, vy, dtype[p],
						  CUSPARSE_SPSV_ALG_DEFAULT, sv, NULL);
		ok = ok && !cusparseSpSV_solve(H, (cusparseOperation_t)opa, sa, A.d, vx, vy, dtype[p],
					       CUSPARSE_SPSV_ALG_DEFAULT, sv);
		cusparseDestroyDnVec(vx);
		cusparseDestroyDnVec(vy);
		cusparseSpSV_destroyDescr(sv);
	} else {
		cusparseSpSMDescr_t sm;

		ok = ok && !cusparseSpSM_createDescr(&sm);
		ok = ok && !cusparseSpSM_bufferSize(H, (cusparseOperation_t)opa, (cusparseOperation_t)opb,
						    sa, A.d, B.d, C.d, dtype[p], CUSPARSE_SPSM_ALG_DEFAULT,
						    sm, &bs);
		ok = ok && !cusparseSpSM_analysis(H, (cusparseOperation_t)opa, (cusparseOperation_t)opb,
						  sa, A.d, B.d, C.d, dtype[p], CUSPARSE_SPSM_ALG_DEFAULT,
						  sm, NULL);
		ok = ok && !cusparseSpSM_solve(H, (cusparseOperation_t)opa, (cusparseOperation_t)opb, sa,
					       A.d, B.d, C.d, dtype[p], CUSPARSE_SPSM_ALG_DEFAULT, sm);
		cusparseSpSM_destroyDescr(sm);
	}
	/* residual: op(T) C = alpha op(B), column by column */
	for (int j = 0; ok && j < nrhs; j++)
		for (int i = 0; ok && i < n; i++) {
			dc lhs = 0, b = opb ? dn_get(p, &B, j, i) : dn_get(p, &B, i, j);

			for (int q = 0; q < n; q++)
				lhs += op_at(opname[opa], T, n, n, i, q) * dn_get(p, &C, q, j);
			ok = close_to(p, lhs, alpha * (opb == 2 ? conj(b) : b));
		}
	dn_free(&B);
	dn_free(&C);
	smat_free(&A);
	free(D);
	free(T);
	return ok;
}

TAP_TEST(spsv)
{
	int c = 0;

	for (int p = PS; p <= PZ; p++)
		for (int lower = 0; lower < 2; lower++)
			for (int op = 0; op < 3; op++, c++)
				tap_ok(spsm_case((enum prec)p, fmts[c % 3], op, 0, lower, c % 4 == 1, 1, 1),
				       "SpSV %c %s %s op %c%s: op(A) y = alpha x (other triangle ignored)",
				       pname[p], fmtname[fmts[c % 3]], lower ? "lower" : "upper",
				       opname[op], c % 4 == 1 ? " unit diagonal" : "");
}

TAP_TEST(spsm)
{
	int c = 0;

	for (int p = PS; p <= PZ; p++)
		for (int lower = 0; lower < 2; lower++, c++) {
			int opa = c % 3, opb = c % 2;

			tap_ok(spsm_case((enum prec)p, fmts[c % 3], opa, opb, lower, c % 3 == 2, 4, 0),
			       "SpSM %c %s %s op(A) %c op(B) %c%s, 4 right-hand sides", pname[p],
			       fmtname[fmts[c % 3]], lower ? "lower" : "upper", opname[opa], opname[opb],
			       c % 3 == 2 ? " unit diagonal" : "");
		}
}

/* ---- conversions ---- */

TAP_TEST(sparse_to_dense)
{
	for (int p = PS; p <= PZ; p++)
		for (int f = 0; f < 3; f++) {
			const int rows = 7, cols = 10;
			dc *D = sparse_dense((enum prec)p, rows, cols);
			struct smat A = store((enum prec)p, D, rows, cols, fmts[f], f == 1, p % 2);
			struct dmat B = dn_new((enum prec)p, rows, cols, (p + f) % 2);
			size_t bs = 99;
			int ok = !cusparseSparseToDense_bufferSize(H, A.d, B.d,
								   CUSPARSE_SPARSETODENSE_ALG_DEFAULT, &bs) &&
				 !cusparseSparseToDense(H, A.d, B.d, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, NULL);

			for (int i = 0; ok && i < rows; i++)
				for (int j = 0; ok && j < cols; j++)
					ok = dn_get((enum prec)p, &B, i, j) == D[i * cols + j];
			tap_ok(ok && padding_kept((enum prec)p, &B), "SparseToDense %c %s: every element",
			       pname[p], fmtname[fmts[f]]);
			dn_free(&B);
			smat_free(&A);
			free(D);
		}
}

/* DenseToSparse as spd2s-style programs call it: analysis, GetSize, allocate, SetPointers, convert */
static int d2s_case(enum prec p, cusparseFormat_t fmt, int i64, int base)
{
	const int rows = 6, cols = 11;
	struct dmat A = dn_new(p, rows, cols, fmt == CUSPARSE_FORMAT_CSR);
	dc *D = calloc((size_t)rows * cols, sizeof(dc));
	size_t isz = i64 ? 8 : 4;
	cusparseIndexType_t it = i64 ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;
	cusparseIndexBase_t b = base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO;
	int csc = fmt == CUSPARSE_FORMAT_CSC, outer = csc ? cols : rows;
	void *off = fmt == CUSPARSE_FORMAT_COO ? NULL : malloc((outer + 1) * isz), *ind, *val;
	cusparseSpMatDescr_t S;
	int64_t r, c, nnz = -1;
	size_t bs = 99;
	int ok;

	/* zero about half of A; D is what remains */
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			if (urand() < 0)
				put(p, A.val, dn_at(&A, i, j), 0);
			D[i * cols + j] = dn_get(p, &A, i, j);
		}
	if (fmt == CUSPARSE_FORMAT_CSR)
		ok = !cusparseCreateCsr(&S, rows, cols, 0, off, NULL, NULL, it, it, b, dtype[p]);
	else if (csc)
		ok = !cusparseCreateCsc(&S, rows, cols, 0, off, NULL, NULL, it, it, b, dtype[p]);
	else
		ok = !cusparseCreateCoo(&S, rows, cols, 0, NULL, NULL, NULL, it, b, dtype[p]);
	ok = ok && !cusparseDenseToSparse_bufferSize(H, A.d, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, &bs);
	ok = ok && !cusparseDenseToSparse_analysis(H, A.d, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, NULL);
	ok = ok && !cusparseSpMatGetSize(S, &r, &c, &nnz) && r == rows && c == cols;
	if (fmt == CUSPARSE_FORMAT_COO)
		off = malloc((nnz + 1) * isz);
	ind = malloc((nnz + 1) * isz);
	val = malloc((nnz + 1) * esz[p]);
	if (fmt == CUSPARSE_FORMAT_CSR)
		ok = ok && !cusparseCsrSetPointers(S, off, ind, val);
	else if (csc)
		ok = ok && !cusparseCscSetPointers(S, off, ind, val);
	else
		ok = ok && !cusparseCooSetPointers(S, off, ind, val);
	ok = ok && !cusparseDenseToSparse_convert(H, A.d, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, NULL);
	/* the reference: this file's own storing of D, compared array by array */
	struct smat R = store(p, D, rows, cols, fmt, i64, base);
	int noff = fmt == CUSPARSE_FORMAT_COO ? R.nnz : outer + 1;

	ok = ok && nnz == R.nnz && !memcmp(off, R.off, noff * isz) && !memcmp(ind, R.ind, nnz * isz) &&
	     !memcmp(val, R.val, nnz * esz[p]);
	smat_free(&R);
	cusparseDestroySpMat(S);
	dn_free(&A);
	free(D);
	free(off);
	free(ind);
	free(val);
	return ok;
}

TAP_TEST(dense_to_sparse)
{
	for (int p = PS; p <= PZ; p++)
		for (int f = 0; f < 3; f++)
			tap_ok(d2s_case((enum prec)p, fmts[f], (p + f) % 2, p / 2),
			       "DenseToSparse %c %s: nnz, offsets, indices and values as stored by hand",
			       pname[p], fmtname[fmts[f]]);
}

TAP_TEST(csr2csc)
{
	for (int base = 0; base < 2; base++)
		for (int p = PS; p <= PZ; p += 3) {
			const int rows = 8, cols = 5;
			dc *D = sparse_dense((enum prec)p, rows, cols);
			struct smat A = store((enum prec)p, D, rows, cols, CUSPARSE_FORMAT_CSR, 0, base);
			struct smat R = store((enum prec)p, D, rows, cols, CUSPARSE_FORMAT_CSC, 0, base);
			int *cp = malloc((cols + 1) * sizeof(int)), *ri = malloc((A.nnz + 1) * sizeof(int));
			void *cv = malloc((A.nnz + 1) * esz[p]);
			size_t bs = 99;
			cusparseIndexBase_t b = base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO;
			int ok = !cusparseCsr2cscEx2_bufferSize(H, rows, cols, A.nnz, A.val, A.off, A.ind, cv,
								cp, ri, dtype[p], CUSPARSE_ACTION_NUMERIC, b,
								CUSPARSE_CSR2CSC_ALG1, &bs) &&
				 !cusparseCsr2cscEx2(H, rows, cols, A.nnz, A.val, A.off, A.ind, cv, cp, ri,
						     dtype[p], CUSPARSE_ACTION_NUMERIC, b,
						     CUSPARSE_CSR2CSC_ALG1, NULL);

			ok = ok && !memcmp(cp, R.off, (cols + 1) * sizeof(int)) &&
			     !memcmp(ri, R.ind, A.nnz * sizeof(int)) && !memcmp(cv, R.val, A.nnz * esz[p]);
			tap_ok(ok, "Csr2cscEx2 %c base %d = the CSC stored by hand", pname[p], base);
			free(cp);
			free(ri);
			free(cv);
			smat_free(&A);
			smat_free(&R);
			free(D);
		}
}

/* ---- SpGEMM ---- */

static int spgemm_case(enum prec p, int i64, int beta_nonzero)
{
	const int m = 7, k = 9, n = 6;
	dc *DA = sparse_dense(p, m, k), *DB = sparse_dense(p, k, n), alpha = cplx(p) ? 1 - 2 * I : 3;
	dc beta = beta_nonzero ? 0.5 : 0;
	struct smat A = store(p, DA, m, k, CUSPARSE_FORMAT_CSR, i64, 0);
	struct smat B = store(p, DB, k, n, CUSPARSE_FORMAT_CSR, i64, 0);
	cusparseIndexType_t it = i64 ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;
	size_t isz = i64 ? 8 : 4, b1 = 99, b2 = 99;
	void *coff = malloc((m + 1) * isz), *cind, *cval;
	cusparseSpMatDescr_t C;
	cusparseSpGEMMDescr_t g;
	cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE;
	char sa[16], sb[16];
	int64_t r, c, nnz = -1, want = 0;
	int ok;

	put(p, sa, 0, alpha);
	put(p, sb, 0, beta);
	/* the reference's structure: (i, j) where some A(i, q) and B(q, j) are both stored */
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++)
			for (int q = 0; q < k; q++)
				if (DA[i * k + q] != 0 && DB[q * n + j] != 0) {
					want++;
					break;
				}
	ok = !cusparseCreateCsr(&C, m, n, 0, NULL, NULL, NULL, it, it, CUSPARSE_INDEX_BASE_ZERO, dtype[p]) &&
	     !cusparseSpGEMM_createDescr(&g);
	ok = ok && !cusparseSpGEMM_workEstimation(H, N, N, sa, A.d, B.d, sb, C, dtype[p],
						  CUSPARSE_SPGEMM_DEFAULT, g, &b1, NULL);
	ok = ok && !cusparseSpGEMM_workEstimation(H, N, N, sa, A.d, B.d, sb, C, dtype[p],
						  CUSPARSE_SPGEMM_DEFAULT, g, &b1, NULL);
	ok = ok && !cusparseSpGEMM_compute(H, N, N, sa, A.d, B.d, sb, C, dtype[p],
					   CUSPARSE_SPGEMM_DEFAULT, g, &b2, NULL);
	ok = ok && !cusparseSpGEMM_compute(H, N, N, sa, A.d, B.d, sb, C, dtype[p],
					   CUSPARSE_SPGEMM_DEFAULT, g, &b2, NULL);
	ok = ok && !cusparseSpMatGetSize(C, &r, &c, &nnz) && r == m && c == n && nnz == want;
	cind = malloc((nnz + 1) * isz);
	cval = malloc((nnz + 1) * esz[p]);
	for (int64_t e = 0; e < nnz; e++)
		put(p, cval, e, 1.0); /* the values beta scales */
	ok = ok && !cusparseCsrSetPointers(C, coff, cind, cval);
	ok = ok && !cusparseSpGEMM_copy(H, N, N, sa, A.d, B.d, sb, C, dtype[p], CUSPARSE_SPGEMM_DEFAULT, g);
	/* C row by row: columns rising, values = alpha (A B)(i, j) + beta 1 */
	for (int i = 0; ok && i < m; i++) {
		int64_t lo = i64 ? ((int64_t *)coff)[i] : ((int32_t *)coff)[i];
		int64_t hi = i64 ? ((int64_t *)coff)[i + 1] : ((int32_t *)coff)[i + 1];

		for (int64_t e = lo; ok && e < hi; e++) {
			int64_t j = i64 ? ((int64_t *)cind)[e] : ((int32_t *)cind)[e];
			int64_t prev = e > lo ? (i64 ? ((int64_t *)cind)[e - 1] : ((int32_t *)cind)[e - 1]) : -1;
			dc s = 0;

			for (int q = 0; q < k; q++)
				s += DA[i * k + q] * DB[q * n + j];
			ok = j > prev && j < n && close_to(p, get(p, cval, e), alpha * s + beta);
		}
	}
	cusparseSpGEMM_destroyDescr(g);
	cusparseDestroySpMat(C);
	smat_free(&A);
	smat_free(&B);
	free(DA);
	free(DB);
	free(coff);
	free(cind);
	free(cval);
	return ok;
}

TAP_TEST(spgemm)
{
	for (int p = PS; p <= PZ; p++)
		tap_ok(spgemm_case((enum prec)p, p % 2, p >= PC),
		       "SpGEMM %c (%d-bit indices, beta %s): structure of A B, sorted columns, values",
		       pname[p], p % 2 ? 64 : 32, p >= PC ? "0.5" : "0");
}

/* ---- sparse vectors ---- */

TAP_TEST(sparse_vectors)
{
	for (int p = PS; p <= PZ; p++) {
		const int n = 12, nnz = 5;
		int64_t idx[5] = { 1, 3, 4, 8, 11 };
		void *xv = malloc(nnz * esz[p]), *y = malloc(n * esz[p]), *y0 = malloc(n * esz[p]);
		dc alpha = cplx(p) ? 2 + I : 2, beta = -1, ref[12], dot = 0, cdot = 0;
		char sa[16], sb[16], res[16];
		cusparseSpVecDescr_t X;
		cusparseDnVecDescr_t Y;
		int ok;

		put((enum prec)p, sa, 0, alpha);
		put((enum prec)p, sb, 0, beta);
		for (int k = 0; k < nnz; k++)
			put((enum prec)p, xv, k, rnd((enum prec)p));
		for (int i = 0; i < n; i++)
			put((enum prec)p, y, i, rnd((enum prec)p));
		memcpy(y0, y, n * esz[p]);
		for (int i = 0; i < n; i++)
			ref[i] = beta * get((enum prec)p, y, i);
		for (int k = 0; k < nnz; k++) {
			dc xk = get((enum prec)p, xv, k), yk = get((enum prec)p, y, idx[k]);

			ref[idx[k]] += alpha * xk;
			dot += xk * yk;
			cdot += conj(xk) * yk;
		}
		ok = !cusparseCreateSpVec(&X, n, nnz, idx, xv, CUSPARSE_INDEX_64I, CUSPARSE_INDEX_BASE_ZERO,
					  dtype[p]) &&
		     !cusparseCreateDnVec(&Y, n, y, dtype[p]);
		size_t bs = 99;
		ok = ok && !cusparseSpVV_bufferSize(H, CUSPARSE_OPERATION_NON_TRANSPOSE, X, Y, res, dtype[p], &bs) &&
		     !cusparseSpVV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, X, Y, res, dtype[p], NULL) &&
		     close_to((enum prec)p, get((enum prec)p, res, 0), dot);
		ok = ok && !cusparseSpVV(H, CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE, X, Y, res, dtype[p], NULL) &&
		     close_to((enum prec)p, get((enum prec)p, res, 0), cdot);
		tap_ok(ok, "SpVV %c x.y and conj(x).y", pname[p]);
		ok = !cusparseAxpby(H, sa, X, sb, Y);
		for (int i = 0; ok && i < n; i++)
			ok = close_to((enum prec)p, get((enum prec)p, y, i), ref[i]);
		tap_ok(ok, "Axpby %c y = alpha x + beta y", pname[p]);
		memcpy(y, y0, n * esz[p]);
		memset(xv, 0, nnz * esz[p]);
		ok = !cusparseGather(H, Y, X);
		for (int k = 0; ok && k < nnz; k++)
			ok = get((enum prec)p, xv, k) == get((enum prec)p, y0, idx[k]);
		memset(y, 0, n * esz[p]);
		ok = ok && !cusparseScatter(H, X, Y);
		for (int i = 0, k = 0; ok && i < n; i++) {
			int at = k < nnz && idx[k] == i;

			ok = get((enum prec)p, y, i) == (at ? get((enum prec)p, y0, i) : 0);
			k += at;
		}
		tap_ok(ok, "Gather then Scatter %c", pname[p]);
		cusparseDestroySpVec(X);
		cusparseDestroyDnVec(Y);
		free(xv);
		free(y);
		free(y0);
	}
}

/* ---- statuses, descriptors, streams ---- */

TAP_TEST(statuses)
{
	float v[4] = { 1, 2, 3, 4 }, x[3] = { 1, 1, 1 }, y[3] = { 7, 7, 7 }, one = 1, zero = 0;
	int off[3] = { 0, 2, 4 }, bad_col[4] = { 0, 1, 0, 3 }, good_col[4] = { 0, 2, 1, 2 };
	cusparseSpMatDescr_t A, Abad;
	cusparseDnVecDescr_t X, Y, Yshort;
	size_t bs;

	cusparseCreateCsr(&A, 2, 3, 4, off, good_col, v, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
	cusparseCreateCsr(&Abad, 2, 3, 4, off, bad_col, v, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
	cusparseCreateDnVec(&X, 3, x, CUDA_R_32F);
	cusparseCreateDnVec(&Y, 2, y, CUDA_R_32F);
	cusparseCreateDnVec(&Yshort, 1, y, CUDA_R_32F);
	tap_ok(cusparseSpMV(NULL, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_32F,
			    CUSPARSE_SPMV_ALG_DEFAULT, NULL) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		       cusparseDestroy(NULL) == CUSPARSE_STATUS_NOT_INITIALIZED,
	       "no handle: CUSPARSE_STATUS_NOT_INITIALIZED");
	tap_ok(cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Yshort, CUDA_R_32F,
			    CUSPARSE_SPMV_ALG_DEFAULT, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseSpMV(H, CUSPARSE_OPERATION_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_32F,
				    CUSPARSE_SPMV_ALG_DEFAULT, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseSpMV_bufferSize(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y,
					       CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, NULL) ==
			       CUSPARSE_STATUS_INVALID_VALUE &&
		       y[0] == 7 && y[1] == 7,
	       "sizes that do not agree, no bufferSize: CUSPARSE_STATUS_INVALID_VALUE, y untouched");
	tap_ok(cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, Abad, X, &zero, Y, CUDA_R_32F,
			    CUSPARSE_SPMV_ALG_DEFAULT, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		       y[0] == 7 && y[1] == 7,
	       "a column index outside the matrix: CUSPARSE_STATUS_INVALID_VALUE, y untouched");
	off[2] = 5;
	tap_ok(cusparseSparseToDense_bufferSize(H, A, NULL, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, &bs) ==
			       CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_32F,
				    CUSPARSE_SPMV_ALG_DEFAULT, NULL) == CUSPARSE_STATUS_INVALID_VALUE,
	       "row offsets past nnz: CUSPARSE_STATUS_INVALID_VALUE");
	off[2] = 4;
	y[0] = y[1] = NAN;
	tap_ok(!cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_32F,
			     CUSPARSE_SPMV_ALG_DEFAULT, NULL) &&
		       y[0] == 3 && y[1] == 7,
	       "then the good matrix, beta 0 over NaN: y = A ones = (3, 7) (y not read)");

	cusparseDnVecDescr_t h16;
	cusparseSpMatDescr_t Sneg;
	tap_ok(cusparseCreateDnVec(&h16, 3, x, CUDA_R_16F) == CUSPARSE_STATUS_NOT_SUPPORTED &&
		       cusparseCreateCsr(&Sneg, -1, 3, 0, off, NULL, NULL, CUSPARSE_INDEX_32I,
					 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F) ==
			       CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseCreateCsr(&Sneg, 2, 3, 0, off, NULL, NULL, (cusparseIndexType_t)9,
					 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F) ==
			       CUSPARSE_STATUS_INVALID_VALUE,
	       "half values: NOT_SUPPORTED; negative rows, an unknown index type: INVALID_VALUE");

	int fill = 7;
	cusparseFormat_t f;
	cusparseIndexBase_t b;
	int64_t r, c, nz;
	tap_ok(cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)) ==
			       CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &fill, 2) ==
			       CUSPARSE_STATUS_INVALID_VALUE &&
		       !cusparseSpMatGetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)) &&
		       fill == CUSPARSE_FILL_MODE_LOWER && !cusparseSpMatGetFormat(A, &f) &&
		       f == CUSPARSE_FORMAT_CSR && !cusparseSpMatGetIndexBase(A, &b) &&
		       b == CUSPARSE_INDEX_BASE_ZERO && !cusparseSpMatGetSize(A, &r, &c, &nz) && r == 2 &&
		       c == 3 && nz == 4,
	       "attributes, format, base and size of a descriptor");
	tap_ok(!strcmp(cusparseGetErrorName(CUSPARSE_STATUS_INVALID_VALUE), "CUSPARSE_STATUS_INVALID_VALUE") &&
		       cusparseGetErrorString(CUSPARSE_STATUS_NOT_SUPPORTED) &&
		       cusparseGetErrorString((cusparseStatus_t)99) &&
		       !strcmp(cusparseGetErrorName((cusparseStatus_t)99), "<unrecognized>"),
	       "status names and strings, an unknown status too");
	cusparseDestroySpMat(A);
	cusparseDestroySpMat(Abad);
	cusparseDestroyDnVec(X);
	cusparseDestroyDnVec(Y);
	cusparseDestroyDnVec(Yshort);
}

static void CUDART_CB fill_x(void *p)
{
	double *x = p;

	x[0] = 2;
	x[1] = 3;
}

TAP_TEST(streams_versions)
{
	cudaStream_t s, got = NULL;
	double v[2] = { 1, 1 }, *x, y[1] = { 0 }, one = 1, zero = 0;
	int off[2] = { 0, 2 }, col[2] = { 0, 1 }, ver = 0, major = -1;
	cusparseSpMatDescr_t A;
	cusparseDnVecDescr_t X, Y;
	cusparsePointerMode_t mode;

	cudaStreamCreate(&s);
	cudaMalloc((void **)&x, 2 * sizeof(double));
	x[0] = x[1] = 0;
	cusparseCreateCsr(&A, 1, 2, 2, off, col, v, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
	cusparseCreateDnVec(&X, 2, x, CUDA_R_64F);
	cusparseCreateDnVec(&Y, 1, y, CUDA_R_64F);
	int ok = !cusparseSetStream(H, s) && !cusparseGetStream(H, &got) && got == s;
	cudaLaunchHostFunc(s, fill_x, x);
	ok = ok && !cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_64F,
				 CUSPARSE_SPMV_ALG_DEFAULT, NULL);
	tap_ok(ok && y[0] == 5, "SpMV on a stream runs after the stream's earlier work (y %g)", y[0]);
	cusparseSetStream(H, 0);
	cudaStreamDestroy(s);
	cusparseDestroySpMat(A);
	cusparseDestroyDnVec(X);
	cusparseDestroyDnVec(Y);
	cudaFree(x);
	tap_ok(!cusparseGetVersion(H, &ver) && ver == CUSPARSE_VERSION &&
		       !cusparseGetProperty(MAJOR_VERSION, &major) && major == CUSPARSE_VER_MAJOR &&
		       !cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_DEVICE) &&
		       !cusparseGetPointerMode(H, &mode) && mode == CUSPARSE_POINTER_MODE_DEVICE &&
		       !cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_HOST),
	       "cusparseGetVersion %d, GetProperty, pointer modes", ver);
}

int main(int argc, char **argv)
{
	int rc;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	xorshift_seed(0x9e3779b97f4a7c15ull);
	if (!tap_ok(cusparseCreate(&H) == CUSPARSE_STATUS_SUCCESS, "cusparseCreate"))
		return tap_done();
	rc = tap_run(argc, argv);
	if (rc >= 0)
		return rc;
	tap_ok(cusparseDestroy(H) == CUSPARSE_STATUS_SUCCESS, "cusparseDestroy");
	return tap_done();
}
