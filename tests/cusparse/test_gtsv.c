// SPDX-License-Identifier: MIT
/*
 * test_gtsv.c - lib/cusparse's tridiagonal solvers (issue 44): gtsv2,
 * gtsv2_nopivot, gtsv2StridedBatch and gtsvInterleavedBatch (algo 0, 1, 2)
 * on systems whose solution the test chose: b = A x computed here by a
 * plain loop over the three diagonals, then the solver must give x back.
 * The solvers that pivot get systems with zeros on every third diagonal
 * entry (row 0 first: elimination without pivoting would divide by 0); the
 * ones that do not get diagonally dominant systems.  dl(0) and du(m-1) hold
 * 99 (outside the matrix: to be ignored), the padding of ldb and
 * batchStride holds 77 (to stay), the diagonals must come back unchanged.
 * S, D, C, Z; m 3, 4 and 17.  Then the statuses of each call.
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

typedef cusparseStatus_t (*gtsv2_fn)(cusparseHandle_t, int, int, const void *, const void *,
				     const void *, void *, int, void *);
typedef cusparseStatus_t (*gtsv2_bs_fn)(cusparseHandle_t, int, int, const void *, const void *,
					const void *, const void *, int, size_t *);
typedef cusparseStatus_t (*strided_fn)(cusparseHandle_t, int, const void *, const void *,
				       const void *, void *, int, int, void *);
typedef cusparseStatus_t (*strided_bs_fn)(cusparseHandle_t, int, const void *, const void *,
					  const void *, const void *, int, int, size_t *);
typedef cusparseStatus_t (*inter_fn)(cusparseHandle_t, int, int, void *, void *, void *, void *,
				     int, void *);
typedef cusparseStatus_t (*inter_bs_fn)(cusparseHandle_t, int, int, const void *, const void *,
					const void *, const void *, int, size_t *);

#define FOUR(name, type)                                                                           \
	static const type name[] = {(type)cusparseS##name, (type)cusparseD##name,                  \
				    (type)cusparseC##name, (type)cusparseZ##name}
FOUR(gtsv2, gtsv2_fn);
FOUR(gtsv2_bufferSizeExt, gtsv2_bs_fn);
FOUR(gtsv2_nopivot, gtsv2_fn);
FOUR(gtsv2_nopivot_bufferSizeExt, gtsv2_bs_fn);
FOUR(gtsv2StridedBatch, strided_fn);
FOUR(gtsv2StridedBatch_bufferSizeExt, strided_bs_fn);
FOUR(gtsvInterleavedBatch, inter_fn);
FOUR(gtsvInterleavedBatch_bufferSizeExt, inter_bs_fn);

enum kind { K_GTSV2, K_NOPIVOT, K_STRIDED, K_INTER0, K_INTER1, K_INTER2, K_N };
static const char *const kname[] = {"gtsv2",
				    "gtsv2_nopivot",
				    "gtsv2StridedBatch",
				    "gtsvInterleavedBatch algo 0",
				    "gtsvInterleavedBatch algo 1",
				    "gtsvInterleavedBatch algo 2"};

enum { COUNT = 3, PAD = 2, MMAX = 17 };

/* where element i of system k is: the diagonals (gtsv2: one matrix for all columns) and b/x */
static long didx(enum kind k, int m, int sys, int i)
{
	if (k == K_GTSV2 || k == K_NOPIVOT)
		return i;
	if (k == K_STRIDED)
		return (long)sys * (m + PAD) + i;
	return (long)i * COUNT + sys;
}

static long xidx(enum kind k, int m, int sys, int i)
{
	if (k <= K_STRIDED)
		return (long)sys * (m + PAD) + i;
	return (long)i * COUNT + sys;
}

static size_t xlen(enum kind k, int m)
{
	return k <= K_STRIDED ? (size_t)COUNT * (m + PAD) : (size_t)COUNT * m;
}

static size_t dlen(enum kind k, int m)
{
	return k <= K_NOPIVOT ? (size_t)m : xlen(k, m);
}

static bool pivots(enum kind k)
{
	return k != K_NOPIVOT && k != K_INTER0;
}

struct sys {
	void *dl, *d, *du, *b;
	dc want[COUNT * MMAX];
};

static void make(enum prec p, enum kind k, int m, struct sys *s)
{
	size_t nd = dlen(k, m), nx = xlen(k, m);

	s->dl = calloc(nd, esz[p]), s->d = calloc(nd, esz[p]), s->du = calloc(nd, esz[p]);
	s->b = calloc(nx, esz[p]);
	for (size_t q = 0; q < nx; q++)
		put(p, s->b, (long)q, 77);
	for (int c = 0; c < COUNT; c++)
		for (int i = 0; i < m; i++) {
			long at = didx(k, m, c, i);
			/* the gtsv2 forms share one matrix: fill it once */
			if (c == 0 || !(k == K_GTSV2 || k == K_NOPIVOT)) {
				put(p, s->dl, at, i ? rnd(p) : 99);
				put(p, s->du, at, i + 1 < m ? rnd(p) : 99);
				put(p, s->d, at, pivots(k) ? (i % 3 ? rnd(p) : 0) : rnd(p) + 4);
			}
			s->want[c * m + i] = rnd(p);
		}
	for (int c = 0; c < COUNT; c++)
		for (int i = 0; i < m; i++) {
			dc v = get(p, s->d, didx(k, m, c, i)) * s->want[c * m + i];
			if (i > 0)
				v += get(p, s->dl, didx(k, m, c, i)) * s->want[c * m + i - 1];
			if (i + 1 < m)
				v += get(p, s->du, didx(k, m, c, i)) * s->want[c * m + i + 1];
			put(p, s->b, xidx(k, m, c, i), v);
		}
}

static cusparseStatus_t solve(enum prec p, enum kind k, int m, struct sys *s)
{
	size_t bytes = 9;
	cusparseStatus_t st;
	int ld = m + PAD;

	switch (k) {
	case K_GTSV2:
		st = gtsv2_bufferSizeExt[p](H, m, COUNT, s->dl, s->d, s->du, s->b, ld, &bytes);
		return st ? st : gtsv2[p](H, m, COUNT, s->dl, s->d, s->du, s->b, ld, NULL);
	case K_NOPIVOT:
		st = gtsv2_nopivot_bufferSizeExt[p](H, m, COUNT, s->dl, s->d, s->du, s->b, ld,
						    &bytes);
		return st ? st : gtsv2_nopivot[p](H, m, COUNT, s->dl, s->d, s->du, s->b, ld, NULL);
	case K_STRIDED:
		st = gtsv2StridedBatch_bufferSizeExt[p](H, m, s->dl, s->d, s->du, s->b, COUNT, ld,
							&bytes);
		return st ? st
			  : gtsv2StridedBatch[p](H, m, s->dl, s->d, s->du, s->b, COUNT, ld, NULL);
	default:
		st = gtsvInterleavedBatch_bufferSizeExt[p](H, k - K_INTER0, m, s->dl, s->d, s->du,
							   s->b, COUNT, &bytes);
		return st ? st
			  : gtsvInterleavedBatch[p](H, k - K_INTER0, m, s->dl, s->d, s->du, s->b,
						    COUNT, NULL);
	}
}

TAP_TEST(gtsv_known_solutions)
{
	static const int sizes[] = {3, 4, MMAX};

	for (int k = 0; k < K_N; k++)
		for (int p = PS; p <= PZ; p++)
			for (int z = 0; z < 3; z++) {
				int m = sizes[z];
				struct sys s;

				make(p, k, m, &s);
				size_t nd = dlen(k, m);
				void *kl = copy_mat(p, s.dl, nd), *kd = copy_mat(p, s.d, nd),
				     *ku = copy_mat(p, s.du, nd);
				bool ok = solve(p, k, m, &s) == CUSPARSE_STATUS_SUCCESS &&
					  !memcmp(kl, s.dl, nd * esz[p]) &&
					  !memcmp(kd, s.d, nd * esz[p]) &&
					  !memcmp(ku, s.du, nd * esz[p]);
				double err = 0;
				for (int c = 0; c < COUNT; c++)
					for (int i = 0; i < m; i++) {
						dc w = s.want[c * m + i];
						double e = cabs(get(p, s.b, xidx(k, m, c, i)) - w) /
							   (1 + cabs(w));
						err = isnan(err) || e <= err ? err : e;
					}
				if (k <= K_STRIDED) /* the padding rows of every column */
					for (int c = 0; c < COUNT; c++)
						for (int i = m; i < m + PAD; i++)
							ok = ok &&
							     get(p, s.b, xidx(k, m, c, i)) == 77;
				tap_ok(ok && err <= tols[p] * 10,
				       "%c%s m %d, %d systems: x back, padding and diagonals "
				       "untouched (error %.2g)",
				       pname[p], kname[k], m, COUNT, err);
				free(s.dl), free(s.d), free(s.du), free(s.b);
				free(kl), free(kd), free(ku);
			}
}

/* a row that needs its neighbour as pivot: without pivoting 0 divides, with it the answer */
TAP_TEST(gtsv_pivot_needed)
{
	double dl[3] = {0, 1, 1}, d[3] = {0, 2, 3}, du[3] = {1, 1, 0};
	double b[3] = {2, 1 + 2 * 2 + 3, 2 + 3 * 3}; /* x = (1, 2, 3) */
	double c[3];

	memcpy(c, b, sizeof(b));
	tap_ok(cusparseDgtsv2(H, 3, 1, dl, d, du, b, 3, NULL) == CUSPARSE_STATUS_SUCCESS &&
		   fabs(b[0] - 1) < 1e-14 && fabs(b[1] - 2) < 1e-14 && fabs(b[2] - 3) < 1e-14 &&
		   cusparseDgtsv2_nopivot(H, 3, 1, dl, d, du, c, 3, NULL) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   !isfinite(c[0]),
	       "Dgtsv2 with d(0) = 0: x = (1, 2, 3) by pivoting; gtsv2_nopivot divides by 0 "
	       "(%g %g %g; %g)",
	       b[0], b[1], b[2], c[0]);
}

TAP_TEST(gtsv_statuses)
{
	double dl[4] = {0, 1, 1, 1}, d[4] = {4, 4, 4, 4}, du[4] = {1, 1, 1, 0};
	double x[4] = {7, 7, 7, 7};
	size_t bytes = 9;
	bool untouched;

	tap_ok(cusparseDgtsv2(NULL, 3, 1, dl, d, du, x, 3, NULL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDgtsv2_bufferSizeExt(NULL, 3, 1, dl, d, du, x, 3, &bytes) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDgtsv2_nopivot(NULL, 3, 1, dl, d, du, x, 3, NULL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDgtsv2StridedBatch(NULL, 3, dl, d, du, x, 1, 3, NULL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDgtsvInterleavedBatch(NULL, 0, 3, dl, d, du, x, 1, NULL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED,
	       "gtsv: no handle NOT_INITIALIZED");
	tap_ok(
	    cusparseDgtsv2(H, 2, 1, dl, d, du, x, 3, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgtsv2(H, 3, -1, dl, d, du, x, 3, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgtsv2(H, 4, 1, dl, d, du, x, 3, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgtsv2(H, 3, 1, dl, NULL, du, x, 3, NULL) ==
		    CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgtsv2_nopivot(H, 2, 1, dl, d, du, x, 3, NULL) ==
		    CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgtsv2_bufferSizeExt(H, 3, 1, dl, d, du, x, 3, NULL) ==
		    CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgtsv2_nopivot_bufferSizeExt(H, 3, 1, dl, d, du, x, 2, &bytes) ==
		    CUSPARSE_STATUS_INVALID_VALUE,
	    "gtsv2, gtsv2_nopivot: m 2, n -1, ldb < m, no d, no size: INVALID_VALUE");
	tap_ok(cusparseDgtsv2StridedBatch(H, 2, dl, d, du, x, 1, 3, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgtsv2StridedBatch(H, 3, dl, d, du, x, -1, 3, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgtsv2StridedBatch(H, 3, dl, d, du, x, 1, 2, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgtsv2StridedBatch(H, 3, dl, d, du, NULL, 1, 3, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgtsv2StridedBatch_bufferSizeExt(H, 3, dl, d, du, x, 1, 3, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE,
	       "gtsv2StridedBatch: m 2, batchCount -1, batchStride < m, no x, no size: "
	       "INVALID_VALUE");
	tap_ok(cusparseDgtsvInterleavedBatch(H, 3, 3, dl, d, du, x, 1, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgtsvInterleavedBatch(H, -1, 3, dl, d, du, x, 1, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgtsvInterleavedBatch(H, 1, 2, dl, d, du, x, 1, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgtsvInterleavedBatch(H, 1, 3, dl, d, du, x, -1, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgtsvInterleavedBatch(H, 2, 3, NULL, d, du, x, 1, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseDgtsvInterleavedBatch_bufferSizeExt(H, 0, 3, dl, d, du, x, 1, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE,
	       "gtsvInterleavedBatch: algo 3 and -1, m 2, batchCount -1, no dl, no size: "
	       "INVALID_VALUE");
	untouched = x[0] == 7 && x[1] == 7 && x[2] == 7 && x[3] == 7;
	tap_ok(untouched, "x unwritten by every refused call");
	tap_ok(cusparseDgtsv2(H, 3, 0, NULL, NULL, NULL, NULL, 3, NULL) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   cusparseDgtsv2StridedBatch(H, 3, NULL, NULL, NULL, NULL, 0, 3, NULL) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   cusparseDgtsvInterleavedBatch(H, 0, 3, NULL, NULL, NULL, NULL, 0, NULL) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   cusparseDgtsv2_bufferSizeExt(H, 3, 1, dl, d, du, x, 3, &bytes) ==
		       CUSPARSE_STATUS_SUCCESS &&
		   bytes == 0,
	       "no right-hand side or no system: SUCCESS, nothing read; buffer size 0");
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
