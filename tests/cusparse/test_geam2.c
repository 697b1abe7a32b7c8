// SPDX-License-Identifier: MIT
/*
 * test_geam2.c - lib/cusparse's Xcsrgeam2Nnz and csrgeam2 (issue 44):
 * C = alpha A + beta B for random 5 x 7 CSR matrices, A in base 0 with its
 * rows in descending column order, B in base 1 with a column given twice
 * in a row (the two add up), C in either base; S/D/C/Z.  C must hold the
 * union of the patterns, columns ascending, the values of a dense
 * alpha DA + beta DB computed here (an entry that cancels stays, as a 0).
 * beta 0 does not read B's values (NaN there).  Statuses, C untouched.
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
static const double tols[] = {1e-6, 1e-15, 1e-6, 1e-15};

enum { M = 5, N = 7, MAXNZ = M * N + 1 };

typedef cusparseStatus_t (*geam_fn)(cusparseHandle_t, int, int, const void *, cusparseMatDescr_t,
				    int, const void *, const int *, const int *, const void *,
				    cusparseMatDescr_t, int, const void *, const int *, const int *,
				    cusparseMatDescr_t, void *, int *, int *, void *);
typedef cusparseStatus_t (*geam_bs_fn)(cusparseHandle_t, int, int, const void *, cusparseMatDescr_t,
				       int, const void *, const int *, const int *, const void *,
				       cusparseMatDescr_t, int, const void *, const int *,
				       const int *, cusparseMatDescr_t, const void *, const int *,
				       const int *, size_t *);
static const geam_fn geam[] = {(geam_fn)cusparseScsrgeam2, (geam_fn)cusparseDcsrgeam2,
			       (geam_fn)cusparseCcsrgeam2, (geam_fn)cusparseZcsrgeam2};
static const geam_bs_fn geam_bs[] = {
    (geam_bs_fn)cusparseScsrgeam2_bufferSizeExt, (geam_bs_fn)cusparseDcsrgeam2_bufferSizeExt,
    (geam_bs_fn)cusparseCcsrgeam2_bufferSizeExt, (geam_bs_fn)cusparseZcsrgeam2_bufferSizeExt};

struct csr {
	int off[M + 1], col[MAXNZ], nnz, base;
	void *val;
	dc dense[M][N];
	bool pat[M][N];
};

static void make(enum prec p, struct csr *a, int base, bool descending, bool dup)
{
	a->val = calloc(MAXNZ, esz[p]);
	a->nnz = 0, a->base = base;
	memset(a->dense, 0, sizeof(a->dense));
	memset(a->pat, 0, sizeof(a->pat));
	for (int i = 0; i < M; i++) {
		a->off[i] = a->nnz + base;
		for (int jj = 0; jj < N; jj++) {
			int j = descending ? N - 1 - jj : jj;
			if (urand() < 0.3)
				continue;
			dc v = rnd(p);
			a->col[a->nnz] = j + base;
			put(p, a->val, a->nnz++, v);
			a->dense[i][j] += get(p, a->val, a->nnz - 1);
			a->pat[i][j] = true;
		}
		if (dup && i == 2 && a->nnz > a->off[i] - base) { /* its first column again */
			a->col[a->nnz] = a->col[a->off[i] - base];
			put(p, a->val, a->nnz++, 0.5);
			a->dense[i][a->col[a->nnz - 1] - base] += 0.5;
		}
	}
	a->off[M] = a->nnz + base;
}

static cusparseMatDescr_t descr(int base)
{
	cusparseMatDescr_t d;

	cusparseCreateMatDescr(&d);
	cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
	return d;
}

TAP_TEST(geam2_against_dense)
{
	for (int p = PS; p <= PZ; p++)
		for (int cbase = 0; cbase < 2; cbase++) {
			struct csr a, b;
			cusparseMatDescr_t da = descr(0), db = descr(1), dc_ = descr(cbase);
			void *al = calloc(1, esz[p]), *be = calloc(1, esz[p]);
			dc alpha = cplx(p) ? 1.5 - 0.5 * I : 1.5, beta = -2;
			int coff[M + 1], nnzc = -1, ccol[2 * MAXNZ];
			size_t bytes = 0;

			make(p, &a, 0, true, false);
			make(p, &b, 1, false, true);
			/* one entry that cancels: B(0, j) = -alpha/beta A(0, j) */
			for (int q = b.off[0] - 1; q < b.off[1] - 1; q++) {
				int j = b.col[q] - 1;
				if (a.pat[0][j]) {
					put(p, b.val, q, -alpha / beta * a.dense[0][j]);
					b.dense[0][j] = get(p, b.val, q);
					break;
				}
			}
			put(p, al, 0, alpha), put(p, be, 0, beta);
			void *cval = calloc(2 * MAXNZ, esz[p]);
			bool ok = geam_bs[p](H, M, N, al, da, a.nnz, a.val, a.off, a.col, be, db,
					     b.nnz, b.val, b.off, b.col, dc_, NULL, NULL, NULL,
					     &bytes) == CUSPARSE_STATUS_SUCCESS &&
				  cusparseXcsrgeam2Nnz(H, M, N, da, a.nnz, a.off, a.col, db, b.nnz,
						       b.off, b.col, dc_, coff, &nnzc,
						       NULL) == CUSPARSE_STATUS_SUCCESS &&
				  geam[p](H, M, N, al, da, a.nnz, a.val, a.off, a.col, be, db,
					  b.nnz, b.val, b.off, b.col, dc_, cval, coff, ccol,
					  NULL) == CUSPARSE_STATUS_SUCCESS;
			double err = 0;
			int k = 0;
			for (int i = 0; ok && i < M; i++) {
				ok = coff[i] == k + cbase;
				for (int j = 0; ok && j < N; j++) {
					if (!a.pat[i][j] && !b.pat[i][j])
						continue;
					dc want = alpha * a.dense[i][j] + beta * b.dense[i][j];
					ok = ccol[k] == j + cbase;
					err = fmax(err,
						   cabs(get(p, cval, k) - want) / (1 + cabs(want)));
					k++;
				}
			}
			ok = ok && coff[M] == k + cbase && nnzc == k;
			tap_ok(
			    ok && err <= tols[p],
			    "%ccsrgeam2 A base 0 (rows descending) + B base 1 (a column twice) -> "
			    "C base %d: the union of %d entries, ascending, alpha A + beta B "
			    "(error %.2g)",
			    pname[p], cbase, k, err);
			free(a.val), free(b.val), free(al), free(be), free(cval);
			cusparseDestroyMatDescr(da), cusparseDestroyMatDescr(db);
			cusparseDestroyMatDescr(dc_);
		}
}

TAP_TEST(geam2_beta_zero_and_statuses)
{
	cusparseMatDescr_t d = descr(0), sym = descr(0);
	int aoff[3] = {0, 1, 2}, acol[2] = {0, 1}, boff[3] = {0, 1, 1}, bcol[1] = {1};
	double av[2] = {1, 2}, bv[1] = {NAN}, one = 1, zero = 0, cv[3] = {9, 9, 9};
	int coff[3], ccol[3] = {9, 9, 9}, nnz = -1, bad[3] = {0, 1, 3};

	cusparseSetMatType(sym, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	bool ok = cusparseXcsrgeam2Nnz(H, 2, 2, d, 2, aoff, acol, d, 1, boff, bcol, d, coff, &nnz,
				       NULL) == CUSPARSE_STATUS_SUCCESS &&
		  nnz == 3 &&
		  cusparseDcsrgeam2(H, 2, 2, &one, d, 2, av, aoff, acol, &zero, d, 1, bv, boff,
				    bcol, d, cv, coff, ccol, NULL) == CUSPARSE_STATUS_SUCCESS;
	tap_ok(ok && cv[0] == 1 && cv[1] == 0 && cv[2] == 2 && ccol[1] == 1,
	       "beta 0: B's values not read (NaN there), its pattern kept: (1, 0, 2)");
	cv[0] = 9, ccol[0] = 9;
	tap_ok(
	    cusparseDcsrgeam2(H, 2, 2, &one, d, 2, av, aoff, acol, &zero, d, 1, bv, boff, bcol, d,
			      cv, bad, ccol, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDcsrgeam2(H, 2, 1, &one, d, 2, av, aoff, acol, &zero, d, 1, bv, boff, bcol,
				  d, cv, coff, ccol, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDcsrgeam2(H, 2, 2, NULL, d, 2, av, aoff, acol, &zero, d, 1, bv, boff, bcol,
				  d, cv, coff, ccol, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseXcsrgeam2Nnz(H, 2, 2, d, 3, aoff, acol, d, 1, boff, bcol, d, coff, &nnz,
				     NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDcsrgeam2(H, 2, 2, &one, sym, 2, av, aoff, acol, &zero, d, 1, bv, boff,
				  bcol, d, cv, coff, ccol,
				  NULL) == CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED &&
		cusparseDcsrgeam2(NULL, 2, 2, &one, d, 2, av, aoff, acol, &zero, d, 1, bv, boff,
				  bcol, d, cv, coff, ccol,
				  NULL) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		cv[0] == 9 && ccol[0] == 9,
	    "C's offsets not Xcsrgeam2Nnz's, a column past n, no alpha, nnzA not the "
	    "offsets': INVALID_VALUE; SYMMETRIC MATRIX_TYPE_NOT_SUPPORTED; no handle "
	    "NOT_INITIALIZED; C untouched");
	cusparseDestroyMatDescr(d), cusparseDestroyMatDescr(sym);
}

static int make_handle(void)
{
	xorshift_seed(0xa54ff53a5f1d36f1ull);
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
