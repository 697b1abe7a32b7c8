// SPDX-License-Identifier: MIT
/*
 * test_gpsv.c - lib/cusparse's gpsvInterleavedBatch (issue 44): batches of
 * pentadiagonal systems whose solution the test chose: b = A x computed
 * here by a plain loop over the five diagonals, then the solver must give
 * x back.  The systems are not diagonally dominant and one has zeros on its
 * diagonal (pivoting needed); S, D, C, Z; sizes 1, 2, 3 and 10; the
 * diagonals must come back unchanged.  Then the statuses: no handle, an
 * algorithm other than 0, negative sizes, missing arrays (x unwritten).
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
static const double tols[] = {2e-4, 1e-11, 2e-4, 1e-11};

typedef cusparseStatus_t (*gpsv_fn)(cusparseHandle_t, int, int, void *, void *, void *, void *,
				    void *, void *, int, void *);
typedef cusparseStatus_t (*gpsv_bs_fn)(cusparseHandle_t, int, int, const void *, const void *,
				       const void *, const void *, const void *, const void *, int,
				       size_t *);
static const gpsv_fn gpsv[] = {
    (gpsv_fn)cusparseSgpsvInterleavedBatch, (gpsv_fn)cusparseDgpsvInterleavedBatch,
    (gpsv_fn)cusparseCgpsvInterleavedBatch, (gpsv_fn)cusparseZgpsvInterleavedBatch};
static const gpsv_bs_fn gpsv_bs[] = {(gpsv_bs_fn)cusparseSgpsvInterleavedBatch_bufferSizeExt,
				     (gpsv_bs_fn)cusparseDgpsvInterleavedBatch_bufferSizeExt,
				     (gpsv_bs_fn)cusparseCgpsvInterleavedBatch_bufferSizeExt,
				     (gpsv_bs_fn)cusparseZgpsvInterleavedBatch_bufferSizeExt};

enum { B = 3 };

/* the five diagonals (offset -2 .. 2) at diag[o + 2], each m x B interleaved; zero where outside */
static void make_system(enum prec p, int m, void *diag[5], void *x, void *b, dc *want)
{
	for (int o = -2; o <= 2; o++)
		diag[o + 2] = calloc((size_t)m * B, esz[p]);
	for (int j = 0; j < B; j++)
		for (int i = 0; i < m; i++) {
			for (int o = -2; o <= 2; o++)
				if (i + o >= 0 && i + o < m)
					put(p, diag[o + 2], (long)i * B + j, rnd(p));
			if (j == 1 && m > 1) /* zeros on the diagonal of system 1: row 0 needs a
						pivot from below */
				put(p, diag[2], (long)i * B + j, i % 2 ? rnd(p) : 0);
			put(p, x, (long)i * B + j, rnd(p));
			want[i * B + j] = get(p, x, (long)i * B + j);
		}
	for (int j = 0; j < B; j++)
		for (int i = 0; i < m; i++) {
			dc s = 0;
			for (int o = -2; o <= 2; o++)
				if (i + o >= 0 && i + o < m)
					s += get(p, diag[o + 2], (long)i * B + j) *
					     want[(i + o) * B + j];
			put(p, b, (long)i * B + j, s);
		}
}

TAP_TEST(gpsv_known_solutions)
{
	static const int sizes[] = {1, 2, 3, 10};

	for (int p = PS; p <= PZ; p++)
		for (int s = 0; s < 4; s++) {
			int m = sizes[s], ok;
			void *diag[5], *x = calloc((size_t)m * B, esz[p]),
				       *b = calloc((size_t)m * B, esz[p]);
			dc want[10 * B];
			size_t bytes = 1;

			make_system(p, m, diag, x, b, want);
			void *keep = copy_mat(p, diag[2], (size_t)m * B);
			ok = gpsv_bs[p](H, 0, m, diag[0], diag[1], diag[2], diag[3], diag[4], b, B,
					&bytes) == CUSPARSE_STATUS_SUCCESS &&
			     gpsv[p](H, 0, m, diag[0], diag[1], diag[2], diag[3], diag[4], b, B,
				     NULL) == CUSPARSE_STATUS_SUCCESS &&
			     !memcmp(keep, diag[2], (size_t)m * B * esz[p]);
			double err = 0;
			for (int k = 0; k < m * B; k++) {
				double e = cabs(get(p, b, k) - want[k]) / (1 + cabs(want[k]));
				err = isnan(err) || e <= err ? err : e; /* a NaN stays */
			}
			/* the random systems are well enough conditioned for 1e3 eps of headroom */
			tap_ok(ok && err <= tols[p] * 10,
			       "%cgpsvInterleavedBatch m %d, %d systems: x back (error %.2g)",
			       pname[p], m, B, err);
			for (int o = 0; o < 5; o++)
				free(diag[o]);
			free(x), free(b), free(keep);
		}
}

TAP_TEST(gpsv_statuses)
{
	double ds[3] = {0, 0, 1}, dl[3] = {0, 1, 1}, d[3] = {4, 4, 4}, du[3] = {1, 1, 0},
	       dw[3] = {1, 0, 0};
	double x[3] = {7, 7, 7};
	size_t bytes = 9;

	tap_ok(cusparseDgpsvInterleavedBatch(NULL, 0, 3, ds, dl, d, du, dw, x, 1, NULL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDgpsvInterleavedBatch_bufferSizeExt(NULL, 0, 3, ds, dl, d, du, dw, x, 1,
							       &bytes) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDgpsvInterleavedBatch(H, 1, 3, ds, dl, d, du, dw, x, 1, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgpsvInterleavedBatch(H, 0, -1, ds, dl, d, du, dw, x, 1, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgpsvInterleavedBatch(H, 0, 3, ds, dl, d, du, dw, x, -1, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgpsvInterleavedBatch(H, 0, 3, ds, NULL, d, du, dw, x, 1, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgpsvInterleavedBatch_bufferSizeExt(
		       H, 0, 3, ds, dl, d, du, dw, x, 1, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   x[0] == 7 && x[1] == 7 && x[2] == 7,
	       "gpsvInterleavedBatch: no handle NOT_INITIALIZED; algo 1, m -1, batch -1, no dl, no "
	       "size: "
	       "INVALID_VALUE; x unwritten");
	tap_ok(cusparseDgpsvInterleavedBatch(H, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, 1,
					     NULL) == CUSPARSE_STATUS_SUCCESS &&
		   cusparseDgpsvInterleavedBatch(H, 0, 3, NULL, NULL, NULL, NULL, NULL, NULL, 0,
						 NULL) == CUSPARSE_STATUS_SUCCESS,
	       "gpsvInterleavedBatch of order 0 or of no systems: SUCCESS, nothing read");
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
