// SPDX-License-Identifier: MIT
/*
 * test_sm2_bsv2.c - lib/cusparse's legacy csrsm2 (several right-hand
 * sides) and bsrsv2 (block-sparse) triangular solves against plain loops
 * over dense copies: op(T) op(X) = alpha op(B) multiplied back, T the
 * triangle the descriptor names (unit diagonal or not) of a matrix with
 * entries in both triangles; for bsrsv2 the triangle of the whole matrix
 * expanded from its blocks (half of each diagonal block), blocks stored
 * row- and column-major.  Every precision, triangle, diagonal type, op(A)
 * N/T/C, op(B) N/T, bases 0 and 1.  Then the zero pivots (a missing
 * diagonal entry or block from _analysis, a zero diagonal from _solve)
 * and the statuses of bad input, with B left as it was.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "blas_rand.h"
#include "tap.h"

static cusparseHandle_t H;
static const double tols[] = { 2e-5, 1e-12, 2e-5, 1e-12 };
static const cusparseOperation_t ops[] = { CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE,
					   CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE };

/* op(T)(i, j) of a dense n x n matrix D (row-major), T its lower or upper triangle, unit diagonal or not */
static dc tri_op(const dc *D, int n, int i, int j, int op, int lower, int unit)
{
	int r = op ? j : i, c = op ? i : j;
	dc v;

	if (r == c)
		v = unit ? 1 : D[r * n + c];
	else
		v = (c < r) == lower ? D[r * n + c] : 0;
	return op == 2 ? conj(v) : v;
}

static cusparseMatDescr_t descr(int lower, int unit, int base)
{
	cusparseMatDescr_t d;

	cusparseCreateMatDescr(&d);
	cusparseSetMatFillMode(d, lower ? CUSPARSE_FILL_MODE_LOWER : CUSPARSE_FILL_MODE_UPPER);
	cusparseSetMatDiagType(d, unit ? CUSPARSE_DIAG_TYPE_UNIT : CUSPARSE_DIAG_TYPE_NON_UNIT);
	cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
	return d;
}

/* ---- csrsm2 ---- */

enum { M = 11, NRHS = 3 };

/* a random M x M CSR matrix (about half full, diagonal present and dominant) and its dense copy D */
struct csr {
	int off[M + 1], col[M * M], nnz;
	void *val;
	dc D[M * M];
};

static void make_csr(enum prec p, int base, struct csr *a)
{
	a->val = calloc(M * M, esz[p]);
	a->nnz = 0;
	memset(a->D, 0, sizeof(a->D));
	for (int i = 0; i < M; i++) {
		a->off[i] = a->nnz + base;
		for (int j = 0; j < M; j++) {
			if (i == j || urand() < 0) {
				a->col[a->nnz] = j + base;
				put(p, a->val, a->nnz++, rnd(p) + (i == j ? 4 : 0));
			}
		}
	}
	a->off[M] = a->nnz + base;
	/* the dense copy holds the stored (rounded) values */
	for (int i = 0; i < M; i++)
		for (int k = a->off[i] - base; k < a->off[i + 1] - base; k++)
			a->D[i * M + a->col[k] - base] = get(p, a->val, k);
}

typedef cusparseStatus_t (*sm2_fn)(cusparseHandle_t, int, cusparseOperation_t, cusparseOperation_t, int, int, int,
				   const void *, const cusparseMatDescr_t, const void *, const int *, const int *,
				   void *, int, csrsm2Info_t, cusparseSolvePolicy_t, void *);
typedef cusparseStatus_t (*sm2_bs_fn)(cusparseHandle_t, int, cusparseOperation_t, cusparseOperation_t, int, int,
				      int, const void *, const cusparseMatDescr_t, const void *, const int *,
				      const int *, const void *, int, csrsm2Info_t, cusparseSolvePolicy_t, size_t *);
static const sm2_fn sm2_analysis[] = { (sm2_fn)cusparseScsrsm2_analysis, (sm2_fn)cusparseDcsrsm2_analysis,
				       (sm2_fn)cusparseCcsrsm2_analysis, (sm2_fn)cusparseZcsrsm2_analysis };
static const sm2_fn sm2_solve[] = { (sm2_fn)cusparseScsrsm2_solve, (sm2_fn)cusparseDcsrsm2_solve,
				    (sm2_fn)cusparseCcsrsm2_solve, (sm2_fn)cusparseZcsrsm2_solve };
static const sm2_bs_fn sm2_bs[] = { (sm2_bs_fn)cusparseScsrsm2_bufferSizeExt, (sm2_bs_fn)cusparseDcsrsm2_bufferSizeExt,
				    (sm2_bs_fn)cusparseCcsrsm2_bufferSizeExt, (sm2_bs_fn)cusparseZcsrsm2_bufferSizeExt };

TAP_TEST(csrsm2)
{
	for (int p = PS; p <= PZ; p++)
		for (int tb = 0; tb <= 1; tb++) {
			int bad = 0, runs = 0, fails = 0;
			for (int c = 0; c < 12; c++) {
				int lower = c & 1, unit = (c >> 1) & 1, op = c >> 2, base = (c + tb) & 1;
				int ldb = tb ? NRHS + 2 : M + 1, brows = tb ? NRHS : M, bcols = tb ? M : NRHS;
				struct csr a;
				make_csr(p, base, &a);
				void *B0 = rand_mat(p, brows, bcols, ldb, 0), *B = copy_mat(p, B0, (size_t)ldb * bcols);
				dc alpha = cplx(p) ? 0.5 - 0.25 * I : 1.5;
				char al[16];
				put(p, al, 0, alpha);
				cusparseMatDescr_t d = descr(lower, unit, base);
				csrsm2Info_t info;
				size_t bs = 0;
				int pos = 7;
				cusparseCreateCsrsm2Info(&info);
				cusparseStatus_t st = sm2_bs[p](H, c % 2, ops[op], ops[tb], M, NRHS, a.nnz, al, d, a.val, a.off,
								a.col, B, ldb, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, &bs);
				void *buf = NULL;
				cudaMalloc(&buf, bs);
				st = st ? st : sm2_analysis[p](H, c % 2, ops[op], ops[tb], M, NRHS, a.nnz, al, d, a.val, a.off,
							       a.col, B, ldb, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
				st = st ? st : sm2_solve[p](H, c % 2, ops[op], ops[tb], M, NRHS, a.nnz, al, d, a.val, a.off,
							    a.col, B, ldb, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
				st = st ? st : cusparseXcsrsm2_zeroPivot(H, info, &pos);
				/* op(T) op(X) = alpha op(B0), op(B)(i, r) = B(i, r) or B(r, i) */
				for (int i = 0; i < M; i++)
					for (int r = 0; r < NRHS; r++) {
						dc s = 0;
						for (int k = 0; k < M; k++)
							s += tri_op(a.D, M, i, k, op, lower, unit) *
							     get(p, B, tb ? r + (long)k * ldb : k + (long)r * ldb);
						dc ref = alpha * get(p, B0, tb ? r + (long)i * ldb : i + (long)r * ldb);
						bad += cabs(s - ref) > 100 * tols[p] * (1 + cabs(ref));
					}
				fails += st != CUSPARSE_STATUS_SUCCESS || pos != -1 || bs < 1;
				runs++;
				cusparseDestroyCsrsm2Info(info), cusparseDestroyMatDescr(d);
				free(a.val), free(B0), free(B), cudaFree(buf);
			}
			tap_ok(fails == 0 && bad == 0,
			       "csrsm2 %c, op(B) %s: op(T) op(X) = alpha op(B) for %d combinations of triangle, diagonal, "
			       "op(A) N/T/C and base (%d failed calls, %d wrong)",
			       pname[p], tb ? "T" : "N", runs, fails, bad);
		}
}

/* ---- bsrsv2 ---- */

enum { MB = 5, BD = 3, N = MB * BD };

struct bsr {
	int off[MB + 1], col[MB * MB], nnzb;
	void *val;
	dc D[N * N];
};

/* random blocks (diagonal blocks present), stored row- or column-major; D the expanded matrix */
static void make_bsr(enum prec p, int base, int colmajor, struct bsr *a)
{
	a->val = calloc(MB * MB * BD * BD, esz[p]);
	a->nnzb = 0;
	memset(a->D, 0, sizeof(a->D));
	for (int bi = 0; bi < MB; bi++) {
		a->off[bi] = a->nnzb + base;
		for (int bj = 0; bj < MB; bj++) {
			if (bi != bj && urand() < 0.2)
				continue;
			for (int r = 0; r < BD; r++)
				for (int s = 0; s < BD; s++) {
					dc v = rnd(p) * 0.3 + (bi == bj && r == s ? 3 : 0);
					long at = (long)a->nnzb * BD * BD + (colmajor ? s * BD + r : r * BD + s);
					put(p, a->val, at, v);
					a->D[(bi * BD + r) * N + bj * BD + s] = get(p, a->val, at);
				}
			a->col[a->nnzb++] = bj + base;
		}
	}
	a->off[MB] = a->nnzb + base;
}

typedef cusparseStatus_t (*bsv2_an_fn)(cusparseHandle_t, cusparseDirection_t, cusparseOperation_t, int, int,
				       const cusparseMatDescr_t, const void *, const int *, const int *, int,
				       bsrsv2Info_t, cusparseSolvePolicy_t, void *);
typedef cusparseStatus_t (*bsv2_so_fn)(cusparseHandle_t, cusparseDirection_t, cusparseOperation_t, int, int,
				       const void *, const cusparseMatDescr_t, const void *, const int *, const int *,
				       int, bsrsv2Info_t, const void *, void *, cusparseSolvePolicy_t, void *);
typedef cusparseStatus_t (*bsv2_bs_fn)(cusparseHandle_t, cusparseDirection_t, cusparseOperation_t, int, int,
				       const cusparseMatDescr_t, void *, const int *, const int *, int, bsrsv2Info_t,
				       int *);
static const bsv2_an_fn bsv2_analysis[] = { (bsv2_an_fn)cusparseSbsrsv2_analysis, (bsv2_an_fn)cusparseDbsrsv2_analysis,
					    (bsv2_an_fn)cusparseCbsrsv2_analysis, (bsv2_an_fn)cusparseZbsrsv2_analysis };
static const bsv2_so_fn bsv2_solve[] = { (bsv2_so_fn)cusparseSbsrsv2_solve, (bsv2_so_fn)cusparseDbsrsv2_solve,
					 (bsv2_so_fn)cusparseCbsrsv2_solve, (bsv2_so_fn)cusparseZbsrsv2_solve };
static const bsv2_bs_fn bsv2_bs[] = { (bsv2_bs_fn)cusparseSbsrsv2_bufferSize, (bsv2_bs_fn)cusparseDbsrsv2_bufferSize,
				      (bsv2_bs_fn)cusparseCbsrsv2_bufferSize, (bsv2_bs_fn)cusparseZbsrsv2_bufferSize };

TAP_TEST(bsrsv2)
{
	for (int p = PS; p <= PZ; p++)
		for (int colmajor = 0; colmajor <= 1; colmajor++) {
			int bad = 0, runs = 0, fails = 0;
			cusparseDirection_t dir = colmajor ? CUSPARSE_DIRECTION_COLUMN : CUSPARSE_DIRECTION_ROW;
			for (int c = 0; c < 12; c++) {
				int lower = c & 1, unit = (c >> 1) & 1, op = c >> 2, base = (c + colmajor) & 1;
				struct bsr a;
				make_bsr(p, base, colmajor, &a);
				void *x = rand_mat(p, N, 1, N, 0), *y = calloc(N, esz[p]);
				dc alpha = cplx(p) ? -1 + 0.5 * I : 2;
				char al[16];
				put(p, al, 0, alpha);
				cusparseMatDescr_t d = descr(lower, unit, base);
				bsrsv2Info_t info;
				int bs = 0, pos = 7;
				cusparseCreateBsrsv2Info(&info);
				cusparseStatus_t st = bsv2_bs[p](H, dir, ops[op], MB, a.nnzb, d, a.val, a.off, a.col, BD, info,
								 &bs);
				void *buf = NULL;
				cudaMalloc(&buf, (size_t)bs);
				st = st ? st : bsv2_analysis[p](H, dir, ops[op], MB, a.nnzb, d, a.val, a.off, a.col, BD, info,
								CUSPARSE_SOLVE_POLICY_NO_LEVEL, buf);
				st = st ? st : bsv2_solve[p](H, dir, ops[op], MB, a.nnzb, al, d, a.val, a.off, a.col, BD, info,
							     x, y, CUSPARSE_SOLVE_POLICY_NO_LEVEL, buf);
				st = st ? st : cusparseXbsrsv2_zeroPivot(H, info, &pos);
				for (int i = 0; i < N; i++) {
					dc s = 0;
					for (int k = 0; k < N; k++)
						s += tri_op(a.D, N, i, k, op, lower, unit) * get(p, y, k);
					dc ref = alpha * get(p, x, i);
					bad += cabs(s - ref) > 100 * tols[p] * (1 + cabs(ref));
				}
				fails += st != CUSPARSE_STATUS_SUCCESS || pos != -1 || bs < 1;
				runs++;
				cusparseDestroyBsrsv2Info(info), cusparseDestroyMatDescr(d);
				free(a.val), free(x), free(y), cudaFree(buf);
			}
			tap_ok(fails == 0 && bad == 0,
			       "bsrsv2 %c, blocks %s-major: op(T) y = alpha x for %d combinations of triangle, diagonal, "
			       "op(A) N/T/C and base (%d failed calls, %d wrong)",
			       pname[p], colmajor ? "column" : "row", runs, fails, bad);
		}
}

/* ---- zero pivots and statuses ---- */

TAP_TEST(zero_pivots)
{
	/* csrsm2: row 2 has no diagonal entry (base 1: position 3); then a zero diagonal at row 1 */
	int off[4] = { 1, 2, 3, 5 }, col[4] = { 1, 1, 1, 3 };
	double val[4] = { 2, 3, 1, 4 }, B[3] = { 1, 1, 1 }, one = 1;
	cusparseMatDescr_t d = descr(1, 0, 1);
	csrsm2Info_t si;
	int pos = -5;
	cusparseCreateCsrsm2Info(&si);
	cusparseStatus_t st = cusparseDcsrsm2_analysis(H, 0, CUSPARSE_OPERATION_NON_TRANSPOSE,
						       CUSPARSE_OPERATION_NON_TRANSPOSE, 3, 1, 4, &one, d, val, off, col, B,
						       3, si, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
	cusparseStatus_t z = cusparseXcsrsm2_zeroPivot(H, si, &pos);
	tap_ok(st == CUSPARSE_STATUS_SUCCESS && z == CUSPARSE_STATUS_ZERO_PIVOT && pos == 2,
	       "csrsm2_analysis: row 1 without its diagonal entry is the structural zero pivot (position %d, base 1)",
	       pos);
	int off2[4] = { 1, 2, 3, 5 }, col2[4] = { 1, 2, 1, 3 };
	double val2[4] = { 2, 0, 1, 4 };
	cusparseCreateCsrsm2Info(&si);
	st = cusparseDcsrsm2_analysis(H, 1, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, 3, 1, 4,
				      &one, d, val2, off2, col2, B, 3, si, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
	cusparseStatus_t z1 = cusparseXcsrsm2_zeroPivot(H, si, &pos);
	st = st ? st : cusparseDcsrsm2_solve(H, 1, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, 3,
					     1, 4, &one, d, val2, off2, col2, B, 3, si, CUSPARSE_SOLVE_POLICY_NO_LEVEL,
					     NULL);
	int pos2 = -5;
	cusparseStatus_t z2 = cusparseXcsrsm2_zeroPivot(H, si, &pos2);
	tap_ok(st == CUSPARSE_STATUS_SUCCESS && z1 == CUSPARSE_STATUS_SUCCESS && z2 == CUSPARSE_STATUS_ZERO_PIVOT &&
		       pos2 == 2,
	       "csrsm2_solve: a diagonal that is 0 is the numerical zero pivot (position %d), found by the solve", pos2);
	cusparseDestroyCsrsm2Info(si);
	cusparseDestroyMatDescr(d);
	/* bsrsv2: 3 block rows of 2x2, block row 1 without its diagonal block: position 1 (base 0), a block row
	 * as cuSPARSE documents (position 2, its first scalar row, before this was fixed) */
	int boff[4] = { 0, 1, 2, 4 }, bcol[4] = { 0, 0, 0, 2 };
	double bval[16] = { 1, 0, 0, 1, 5, 5, 5, 5, 1, 1, 1, 1, 2, 0, 0, 2 }, x[6] = { 1, 1, 1, 1, 1, 1 }, y[6];
	cusparseMatDescr_t d0 = descr(1, 0, 0);
	bsrsv2Info_t bi;
	cusparseCreateBsrsv2Info(&bi);
	st = cusparseDbsrsv2_analysis(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 3, 4, d0, bval, boff,
				      bcol, 2, bi, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
	pos = -5;
	z = cusparseXbsrsv2_zeroPivot(H, bi, &pos);
	tap_ok(st == CUSPARSE_STATUS_SUCCESS && z == CUSPARSE_STATUS_ZERO_PIVOT && pos == 1,
	       "bsrsv2_analysis: a block row without its diagonal block: structural zero pivot at that block row (%d)",
	       pos);
	/* every diagonal block present, A(3,3) = 0: numerical, found by the solve */
	int boff2[4] = { 0, 1, 3, 4 }, bcol2[4] = { 0, 0, 1, 2 };
	double bval2[16] = { 1, 0, 0, 1, 5, 5, 5, 5, 1, 0, 0, 0, 2, 0, 0, 2 };
	cusparseCreateBsrsv2Info(&bi);
	st = cusparseDbsrsv2_analysis(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 3, 4, d0, bval2,
				      boff2, bcol2, 2, bi, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
	z1 = cusparseXbsrsv2_zeroPivot(H, bi, &pos);
	st = st ? st : cusparseDbsrsv2_solve(H, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 3, 4, &one, d0,
					     bval2, boff2, bcol2, 2, bi, x, y, CUSPARSE_SOLVE_POLICY_NO_LEVEL, NULL);
	pos2 = -5;
	z2 = cusparseXbsrsv2_zeroPivot(H, bi, &pos2);
	tap_ok(st == CUSPARSE_STATUS_SUCCESS && z1 == CUSPARSE_STATUS_SUCCESS && z2 == CUSPARSE_STATUS_ZERO_PIVOT &&
		       pos2 == 1,
	       "bsrsv2_solve: A(3,3) = 0 inside diagonal block 1 is the numerical zero pivot: block row %d", pos2);
	cusparseDestroyBsrsv2Info(bi);
	cusparseDestroyMatDescr(d0);
}

TAP_TEST(statuses)
{
	int off[3] = { 0, 1, 2 }, col[2] = { 0, 1 };
	double val[2] = { 2, 4 }, B[4] = { 1, 2, 3, 4 }, one = 1;
	size_t bs = 0;
	int ibs = 0;
	cusparseMatDescr_t d = descr(1, 0, 0), g;
	csrsm2Info_t si;
	bsrsv2Info_t bi;
	cusparseCreateCsrsm2Info(&si);
	cusparseCreateBsrsv2Info(&bi);
	const cusparseOperation_t N_ = CUSPARSE_OPERATION_NON_TRANSPOSE, T_ = CUSPARSE_OPERATION_TRANSPOSE,
				  C_ = CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
	const cusparseSolvePolicy_t P_ = CUSPARSE_SOLVE_POLICY_NO_LEVEL;

	tap_ok(cusparseDcsrsm2_solve(NULL, 0, N_, N_, 2, 2, 2, &one, d, val, off, col, B, 2, si, P_, NULL) ==
			       CUSPARSE_STATUS_NOT_INITIALIZED &&
		       cusparseDbsrsv2_solve(NULL, CUSPARSE_DIRECTION_ROW, N_, 2, 2, &one, d, val, off, col, 1, bi, B, B,
					     P_, NULL) == CUSPARSE_STATUS_NOT_INITIALIZED,
	       "no handle: NOT_INITIALIZED");
	cusparseStatus_t s1 = cusparseDcsrsm2_solve(H, 0, N_, C_, 2, 2, 2, &one, d, val, off, col, B, 2, si, P_, NULL);
	cusparseStatus_t s2 = cusparseDcsrsm2_solve(H, 0, N_, N_, 2, 2, 2, &one, d, val, off, col, B, 1, si, P_, NULL);
	cusparseStatus_t s3 = cusparseDcsrsm2_solve(H, 0, N_, T_, 2, 3, 2, &one, d, val, off, col, B, 2, si, P_, NULL);
	cusparseStatus_t s4 = cusparseDcsrsm2_solve(H, 2, N_, N_, 2, 2, 2, &one, d, val, off, col, B, 2, si, P_, NULL);
	cusparseStatus_t s5 = cusparseDcsrsm2_solve(H, 0, N_, N_, 2, 2, 2, NULL, d, val, off, col, B, 2, si, P_, NULL);
	cusparseStatus_t s6 = cusparseDcsrsm2_solve(H, 0, N_, N_, 2, 2, 2, &one, d, val, off, col, B, 2, NULL, P_, NULL);
	cusparseStatus_t s7 = cusparseDcsrsm2_bufferSizeExt(H, 0, N_, N_, 2, 2, 2, &one, d, val, off, col, B, 2, si, P_,
							    NULL);
	tap_ok(s1 == CUSPARSE_STATUS_NOT_SUPPORTED && s2 == CUSPARSE_STATUS_INVALID_VALUE &&
		       s3 == CUSPARSE_STATUS_INVALID_VALUE && s4 == CUSPARSE_STATUS_INVALID_VALUE &&
		       s5 == CUSPARSE_STATUS_INVALID_VALUE && s6 == CUSPARSE_STATUS_INVALID_VALUE &&
		       s7 == CUSPARSE_STATUS_INVALID_VALUE && B[0] == 1 && B[3] == 4,
	       "csrsm2: op(B) C NOT_SUPPORTED; ldb < m (N), ldb < nrhs (T), algo 2, no alpha, no info, no size: "
	       "INVALID_VALUE; B untouched");
	cusparseCreateMatDescr(&g);
	cusparseSetMatType(g, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	cusparseStatus_t b1 = cusparseDbsrsv2_solve(H, (cusparseDirection_t)7, N_, 2, 2, &one, d, val, off, col, 1, bi,
						    B, B + 2, P_, NULL);
	cusparseStatus_t b2 = cusparseDbsrsv2_solve(H, CUSPARSE_DIRECTION_ROW, N_, 2, 2, &one, d, val, off, col, 0, bi,
						    B, B + 2, P_, NULL);
	cusparseStatus_t b3 = cusparseDbsrsv2_solve(H, CUSPARSE_DIRECTION_ROW, N_, 2, 2, &one, g, val, off, col, 1, bi,
						    B, B + 2, P_, NULL);
	cusparseStatus_t b4 = cusparseDbsrsv2_bufferSize(H, CUSPARSE_DIRECTION_ROW, N_, 2, 2, d, val, off, col, 1, bi,
							 NULL);
	int badcol[2] = { 0, 2 };
	cusparseStatus_t b5 = cusparseDbsrsv2_analysis(H, CUSPARSE_DIRECTION_ROW, N_, 2, 2, d, val, off, badcol, 1, bi,
						       P_, NULL);
	cusparseStatus_t b6 = cusparseDbsrsv2_bufferSizeExt(H, CUSPARSE_DIRECTION_ROW, N_, 2, 2, d, val, off, col, 1,
							    bi, &bs);
	cusparseStatus_t b7 = cusparseDbsrsv2_bufferSize(H, CUSPARSE_DIRECTION_COLUMN, T_, 2, 2, d, val, off, col, 1, bi,
							 &ibs);
	tap_ok(b1 == CUSPARSE_STATUS_INVALID_VALUE && b2 == CUSPARSE_STATUS_INVALID_VALUE &&
		       b3 == CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED && b4 == CUSPARSE_STATUS_INVALID_VALUE &&
		       b5 == CUSPARSE_STATUS_INVALID_VALUE && B[2] == 3 && b6 == CUSPARSE_STATUS_SUCCESS && bs == 1 &&
		       b7 == CUSPARSE_STATUS_SUCCESS && ibs == 1,
	       "bsrsv2: a bad direction, blockDim 0, no size: INVALID_VALUE; SYMMETRIC: MATRIX_TYPE_NOT_SUPPORTED; a "
	       "block column outside: INVALID_VALUE; y untouched; buffer sizes 1 byte");
	tap_ok(cusparseCreateCsrsm2Info(NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseCreateBsrsv2Info(NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseXcsrsm2_zeroPivot(H, NULL, &ibs) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseXbsrsv2_zeroPivot(H, bi, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		       cusparseDestroyCsrsm2Info(si) == CUSPARSE_STATUS_SUCCESS &&
		       cusparseDestroyBsrsv2Info(bi) == CUSPARSE_STATUS_SUCCESS,
	       "info objects: create without a pointer, zeroPivot without info or position: INVALID_VALUE; destroy");
	cusparseDestroyMatDescr(d);
	cusparseDestroyMatDescr(g);
}

static int make_handle(void)
{
	xorshift_seed(0xd1b54a32d192ed03ull);
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
