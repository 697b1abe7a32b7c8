// SPDX-License-Identifier: MIT
/*
 * test_compress.c - lib/cusparse's nnz_compress and csr2csr_compress
 * (issue 44).  A random 6 x 8 CSR matrix (S/D/C/Z, bases 0 and 1) holds
 * stored zeros, entries of magnitude exactly tol (dropped: only > tol
 * stays) and just above it (kept); the counts per row and in all, and C's
 * entries in A's order, are compared with a loop over the test's own list
 * of A's entries.  Then the statuses: counts that are not A's, a negative
 * tol, no handle, a SYMMETRIC descriptor; C untouched.
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

enum { M = 6, N = 8, MAXNZ = M * N };

/* the calls take tol by value, of each type: one small wrapper per type */
static cusparseStatus_t nnz_c(enum prec p, cusparseMatDescr_t d, const void *v, const int *off,
			      int *per, int *tot, double tol)
{
	switch (p) {
	case PS:
		return cusparseSnnz_compress(H, M, d, v, off, per, tot, (float)tol);
	case PD:
		return cusparseDnnz_compress(H, M, d, v, off, per, tot, tol);
	case PC:
		return cusparseCnnz_compress(H, M, d, v, off, per, tot, (cuComplex){(float)tol, 0});
	default:
		return cusparseZnnz_compress(H, M, d, v, off, per, tot, (cuDoubleComplex){tol, 0});
	}
}

static cusparseStatus_t compress(enum prec p, cusparseMatDescr_t d, const void *v, const int *col,
				 const int *off, int nnz, const int *per, void *cv, int *cc,
				 int *co, double tol)
{
	switch (p) {
	case PS:
		return cusparseScsr2csr_compress(H, M, N, d, v, col, off, nnz, per, cv, cc, co,
						 (float)tol);
	case PD:
		return cusparseDcsr2csr_compress(H, M, N, d, v, col, off, nnz, per, cv, cc, co,
						 tol);
	case PC:
		return cusparseCcsr2csr_compress(H, M, N, d, v, col, off, nnz, per, cv, cc, co,
						 (cuComplex){(float)tol, 0});
	default:
		return cusparseZcsr2csr_compress(H, M, N, d, v, col, off, nnz, per, cv, cc, co,
						 (cuDoubleComplex){tol, 0});
	}
}

TAP_TEST(compress_against_list)
{
	const double tol = 0.25;

	for (int p = PS; p <= PZ; p++)
		for (int base = 0; base < 2; base++) {
			int off[M + 1], col[MAXNZ], nnz = 0, per[M], tot = -1, want_per[M] = {0},
						    want_tot = 0;
			void *val = calloc(MAXNZ, esz[p]);
			cusparseMatDescr_t d;

			cusparseCreateMatDescr(&d);
			cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE
							: CUSPARSE_INDEX_BASE_ZERO);
			for (int i = 0; i < M; i++) {
				off[i] = nnz + base;
				for (int j = 0; j < N; j++) {
					if (urand() < 0.4)
						continue;
					dc v;
					switch ((i + j) % 4) {
					case 0:
						v = 0; /* a stored zero */
						break;
					case 1: /* exactly tol: dropped */
						v = cplx(p) ? tol * I : -tol;
						break;
					case 2: /* just above: kept */
						v = cplx(p) ? 0.2 + 0.2 * I : 0.2500001;
						break;
					default:
						v = rnd(p) + 2;
					}
					col[nnz] = j + base;
					put(p, val, nnz++, v);
				}
			}
			off[M] = nnz + base;
			for (int i = 0; i < M; i++)
				for (int q = off[i] - base; q < off[i + 1] - base; q++)
					if (cabs(get(p, val, q)) > tol)
						want_per[i]++, want_tot++;
			bool ok =
			    nnz_c(p, d, val, off, per, &tot, tol) == CUSPARSE_STATUS_SUCCESS &&
			    tot == want_tot && !memcmp(per, want_per, sizeof(per));
			void *cv = calloc(MAXNZ, esz[p]);
			int cc[MAXNZ], co[M + 1];
			ok = ok && compress(p, d, val, col, off, nnz, per, cv, cc, co, tol) ==
				       CUSPARSE_STATUS_SUCCESS;
			int k = 0;
			for (int i = 0; ok && i < M; i++) {
				ok = co[i] == k + base;
				for (int q = off[i] - base; ok && q < off[i + 1] - base; q++)
					if (cabs(get(p, val, q)) > tol) {
						ok = cc[k] == col[q] &&
						     get(p, cv, k) == get(p, val, q);
						k++;
					}
			}
			ok = ok && co[M] == k + base;
			tap_ok(ok,
			       "%cnnz_compress + csr2csr_compress base %d: %d of %d entries kept "
			       "(> tol, in order), counts per row",
			       pname[p], base, want_tot, nnz);
			free(val), free(cv);
			cusparseDestroyMatDescr(d);
		}
}

TAP_TEST(compress_statuses)
{
	cusparseMatDescr_t d, sym;
	int off[3] = {0, 2, 3}, col[3] = {0, 1, 1}, per[2] = {2, 1}, bad_per[2] = {1, 1}, tot = -1;
	int co[3] = {9, 9, 9}, cc[3] = {9, 9, 9};
	double v[3] = {1, 2, 3}, cv[3] = {9, 9, 9};

	cusparseCreateMatDescr(&d);
	cusparseCreateMatDescr(&sym);
	cusparseSetMatType(sym, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	tap_ok(cusparseDcsr2csr_compress(H, 2, 2, d, v, col, off, 3, bad_per, cv, cc, co, 0.5) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDcsr2csr_compress(H, 2, 2, d, v, col, off, 3, per, cv, cc, co, -1.0) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDcsr2csr_compress(H, 2, 1, d, v, col, off, 3, per, cv, cc, co, 0.5) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDnnz_compress(H, 2, d, v, off, per, &tot, -0.5) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDnnz_compress(H, 2, d, v, off, per, NULL, 0.5) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   co[0] == 9 && cc[0] == 9 && cv[0] == 9 && tot == -1,
	       "counts that are not A's, a negative tol, a column past n, no total: "
	       "INVALID_VALUE; C untouched");
	tap_ok(cusparseDnnz_compress(NULL, 2, d, v, off, per, &tot, 0.5) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDnnz_compress(H, 2, sym, v, off, per, &tot, 0.5) ==
		       CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED,
	       "no handle NOT_INITIALIZED, SYMMETRIC MATRIX_TYPE_NOT_SUPPORTED");
	cusparseDestroyMatDescr(d), cusparseDestroyMatDescr(sym);
}

static int make_handle(void)
{
	xorshift_seed(0x3c6ef372fe94f82bull);
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
