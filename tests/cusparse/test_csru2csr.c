// SPDX-License-Identifier: MIT
/*
 * test_csru2csr.c - lib/cusparse's csru2csr and csr2csru (issue 44).  A
 * random 6 x 9 CSR matrix with every row shuffled (and row 1 holding a
 * column twice), S/D/C/Z, bases 0 and 1: csru2csr must give each row sorted
 * by column with its values moved along, as a stable insertion sort here
 * does; csr2csru must give back the unsorted arrays bit for bit.  Then the
 * statuses: csr2csru with an info no csru2csr filled, or of another size,
 * a column past n, no handle; arrays untouched.
 */
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "blas_rand.h"
#include "tap.h"

static cusparseHandle_t H;

enum { M = 6, N = 9, MAXNZ = M * N + 1 };

typedef cusparseStatus_t (*csru_fn)(cusparseHandle_t, int, int, int, cusparseMatDescr_t, void *,
				    const int *, int *, csru2csrInfo_t, void *);
typedef cusparseStatus_t (*csru_bs_fn)(cusparseHandle_t, int, int, int, void *, const int *, int *,
				       csru2csrInfo_t, size_t *);
static const csru_fn to_sorted[] = {(csru_fn)cusparseScsru2csr, (csru_fn)cusparseDcsru2csr,
				    (csru_fn)cusparseCcsru2csr, (csru_fn)cusparseZcsru2csr};
static const csru_fn to_unsorted[] = {(csru_fn)cusparseScsr2csru, (csru_fn)cusparseDcsr2csru,
				      (csru_fn)cusparseCcsr2csru, (csru_fn)cusparseZcsr2csru};
static const csru_bs_fn size_of[] = {
    (csru_bs_fn)cusparseScsru2csr_bufferSizeExt, (csru_bs_fn)cusparseDcsru2csr_bufferSizeExt,
    (csru_bs_fn)cusparseCcsru2csr_bufferSizeExt, (csru_bs_fn)cusparseZcsru2csr_bufferSizeExt};

TAP_TEST(csru2csr_round_trip)
{
	for (int p = PS; p <= PZ; p++)
		for (int base = 0; base < 2; base++) {
			int off[M + 1], col[MAXNZ], nnz = 0, wcol[MAXNZ];
			void *val = calloc(MAXNZ, esz[p]), *wval = calloc(MAXNZ, esz[p]);
			cusparseMatDescr_t d;
			csru2csrInfo_t info;
			size_t bytes = 0;

			cusparseCreateMatDescr(&d);
			cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE
							: CUSPARSE_INDEX_BASE_ZERO);
			for (int i = 0; i < M; i++) {
				int first = nnz;
				off[i] = nnz + base;
				for (int j = 0; j < N; j++)
					if (urand() > 0.4 || (i == 1 && j == 4)) {
						col[nnz] = j + base;
						put(p, val, nnz++, rnd(p));
					}
				if (i == 1) { /* column 4 again */
					col[nnz] = 4 + base;
					put(p, val, nnz++, rnd(p));
				}
				for (int k = nnz - 1; k > first; k--) { /* shuffle the row */
					int r =
					    first + (int)((urand() + 1) / 2 *
							  (k - first + 1)); /* urand in [-1, 1) */
					int tc = col[k];
					dc tv = get(p, val, k);
					col[k] = col[r], put(p, val, k, get(p, val, r));
					col[r] = tc, put(p, val, r, tv);
				}
			}
			off[M] = nnz + base;
			/* the reference: a stable insertion sort of each row */
			memcpy(wcol, col, sizeof(int) * nnz);
			memcpy(wval, val, esz[p] * nnz);
			for (int i = 0; i < M; i++)
				for (int k = off[i] - base + 1; k < off[i + 1] - base; k++)
					for (int q = k; q > off[i] - base && wcol[q - 1] > wcol[q];
					     q--) {
						int tc = wcol[q];
						dc tv = get(p, wval, q);
						wcol[q] = wcol[q - 1],
						put(p, wval, q, get(p, wval, q - 1));
						wcol[q - 1] = tc, put(p, wval, q - 1, tv);
					}
			int *ucol = malloc(sizeof(int) * nnz);
			void *uval = copy_mat(p, val, nnz);
			memcpy(ucol, col, sizeof(int) * nnz);
			cusparseCreateCsru2csrInfo(&info);
			bool ok = size_of[p](H, M, N, nnz, val, off, col, info, &bytes) ==
				      CUSPARSE_STATUS_SUCCESS &&
				  to_sorted[p](H, M, N, nnz, d, val, off, col, info, NULL) ==
				      CUSPARSE_STATUS_SUCCESS &&
				  !memcmp(col, wcol, sizeof(int) * nnz) &&
				  !memcmp(val, wval, esz[p] * nnz);
			tap_ok(ok,
			       "%ccsru2csr base %d: %d entries sorted by column in each row, "
			       "values along, stable for the repeated column",
			       pname[p], base, nnz);
			ok = to_unsorted[p](H, M, N, nnz, d, val, off, col, info, NULL) ==
				 CUSPARSE_STATUS_SUCCESS &&
			     !memcmp(col, ucol, sizeof(int) * nnz) &&
			     !memcmp(val, uval, esz[p] * nnz);
			tap_ok(ok, "%ccsr2csru base %d: the unsorted arrays back, bit for bit",
			       pname[p], base);
			cusparseDestroyCsru2csrInfo(info);
			cusparseDestroyMatDescr(d);
			free(val), free(wval), free(ucol), free(uval);
		}
}

TAP_TEST(csru2csr_statuses)
{
	cusparseMatDescr_t d;
	csru2csrInfo_t fresh, used;
	int off[3] = {0, 2, 3}, col[3] = {1, 0, 1}, bad[3] = {1, 0, 5}, off2[3] = {0, 1, 2},
	    col2[2] = {0, 1};
	double v[3] = {1, 2, 3};

	cusparseCreateMatDescr(&d);
	cusparseCreateCsru2csrInfo(&fresh);
	cusparseCreateCsru2csrInfo(&used);
	bool ok = cusparseDcsr2csru(H, 2, 2, 3, d, v, off, col, fresh, NULL) ==
		  CUSPARSE_STATUS_INVALID_VALUE;
	ok = ok &&
	     cusparseDcsru2csr(H, 2, 2, 3, d, v, off, col, used, NULL) == CUSPARSE_STATUS_SUCCESS &&
	     cusparseDcsr2csru(H, 2, 2, 2, d, v, off2, col2, used, NULL) ==
		 CUSPARSE_STATUS_INVALID_VALUE;
	tap_ok(ok && col2[0] == 0 && col2[1] == 1,
	       "csr2csru with an info no csru2csr filled, or filled for another nnz: "
	       "INVALID_VALUE, arrays untouched");
	tap_ok(cusparseDcsru2csr(H, 2, 2, 3, d, v, off, bad, used, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   bad[0] == 1 && bad[2] == 5 &&
		   cusparseDcsru2csr(NULL, 2, 2, 3, d, v, off, col, used, NULL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDcsru2csr(H, 2, 2, 3, d, v, off, col, NULL, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseCreateCsru2csrInfo(NULL) == CUSPARSE_STATUS_INVALID_VALUE,
	       "csru2csr: a column past n, no info INVALID_VALUE (arrays untouched); no handle "
	       "NOT_INITIALIZED");
	cusparseDestroyCsru2csrInfo(fresh), cusparseDestroyCsru2csrInfo(used);
	cusparseDestroyMatDescr(d);
}

static int make_handle(void)
{
	xorshift_seed(0x510e527fade682d1ull);
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
