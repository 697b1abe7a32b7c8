// SPDX-License-Identifier: MIT
/*
 * test_legacy.c - lib/cusparse's legacy calls against references this file
 * builds itself: nnz counts against the pattern each dense matrix was
 * filled from (padding below lda filled with nonzeros that must not
 * count, -0.0 not a nonzero, NaN one); gathers against direct indexing;
 * CSR <-> COO against the row lists the test wrote; the index sorts
 * against matrices whose sorted form the test built first and then
 * shuffled, checking the order, stability among equal keys and that P
 * maps every sorted place back to the entry it came from.  Then statuses:
 * no handle, bad sizes, bad offsets (nothing written), unsupported types.
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
#include "tap.h"

static cusparseHandle_t H;

static unsigned long long rng_state = 0x2545f4914f6cdd1dull;
static unsigned rnd(unsigned n) /* [0, n), xorshift64 */
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned)((rng_state >> 20) % n);
}

static void shuffle(int *a, int *b, int n) /* Fisher-Yates, b (may be NULL) alongside */
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rnd((unsigned)i + 1), t = a[i];

		a[i] = a[j];
		a[j] = t;
		if (b) {
			t = b[i];
			b[i] = b[j];
			b[j] = t;
		}
	}
}

TAP_TEST(mat_descr)
{
	cusparseMatDescr_t d, c;
	int ok = cusparseCreateMatDescr(&d) == CUSPARSE_STATUS_SUCCESS;

	ok = ok && cusparseGetMatType(d) == CUSPARSE_MATRIX_TYPE_GENERAL &&
	     cusparseGetMatFillMode(d) == CUSPARSE_FILL_MODE_LOWER &&
	     cusparseGetMatDiagType(d) == CUSPARSE_DIAG_TYPE_NON_UNIT &&
	     cusparseGetMatIndexBase(d) == CUSPARSE_INDEX_BASE_ZERO;
	tap_ok(ok, "cusparseCreateMatDescr: GENERAL, LOWER, NON_UNIT, base 0");
	ok = !cusparseSetMatType(d, CUSPARSE_MATRIX_TYPE_TRIANGULAR) &&
	     !cusparseSetMatFillMode(d, CUSPARSE_FILL_MODE_UPPER) &&
	     !cusparseSetMatDiagType(d, CUSPARSE_DIAG_TYPE_UNIT) &&
	     !cusparseSetMatIndexBase(d, CUSPARSE_INDEX_BASE_ONE) && !cusparseCreateMatDescr(&c) &&
	     !cusparseCopyMatDescr(c, d);
	ok = ok && cusparseGetMatType(c) == CUSPARSE_MATRIX_TYPE_TRIANGULAR &&
	     cusparseGetMatFillMode(c) == CUSPARSE_FILL_MODE_UPPER &&
	     cusparseGetMatDiagType(c) == CUSPARSE_DIAG_TYPE_UNIT &&
	     cusparseGetMatIndexBase(c) == CUSPARSE_INDEX_BASE_ONE;
	tap_ok(ok, "Set* then Get* (through cusparseCopyMatDescr) give what was set");
	ok = cusparseSetMatType(d, (cusparseMatrixType_t)4) == CUSPARSE_STATUS_INVALID_VALUE &&
	     cusparseSetMatFillMode(d, (cusparseFillMode_t)2) == CUSPARSE_STATUS_INVALID_VALUE &&
	     cusparseSetMatDiagType(d, (cusparseDiagType_t)-1) == CUSPARSE_STATUS_INVALID_VALUE &&
	     cusparseSetMatIndexBase(d, (cusparseIndexBase_t)2) == CUSPARSE_STATUS_INVALID_VALUE &&
	     cusparseSetMatType(NULL, CUSPARSE_MATRIX_TYPE_GENERAL) == CUSPARSE_STATUS_INVALID_VALUE &&
	     cusparseCreateMatDescr(NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
	     cusparseGetMatType(d) == CUSPARSE_MATRIX_TYPE_TRIANGULAR;
	tap_ok(ok, "values outside the enums and NULL descriptors: INVALID_VALUE, nothing changed");
	tap_ok(!cusparseDestroyMatDescr(d) && !cusparseDestroyMatDescr(c) && !cusparseDestroyMatDescr(NULL),
	       "cusparseDestroyMatDescr");
}

/* element k of a column-major array of type p (0 S, 1 D, 2 C, 3 Z) set to v */
static void put(int p, void *a, int64_t k, double re, double im)
{
	switch (p) {
	case 0: ((float *)a)[k] = (float)re; break;
	case 1: ((double *)a)[k] = re; break;
	case 2: ((float *)a)[2 * k] = (float)re; ((float *)a)[2 * k + 1] = (float)im; break;
	default: ((double *)a)[2 * k] = re; ((double *)a)[2 * k + 1] = im; break;
	}
}

static cusparseStatus_t nnz_call(int p, cusparseDirection_t dir, int m, int n, cusparseMatDescr_t d,
				 const void *a, int lda, int *per, int *total)
{
	switch (p) {
	case 0: return cusparseSnnz(H, dir, m, n, d, a, lda, per, total);
	case 1: return cusparseDnnz(H, dir, m, n, d, a, lda, per, total);
	case 2: return cusparseCnnz(H, dir, m, n, d, a, lda, per, total);
	default: return cusparseZnnz(H, dir, m, n, d, a, lda, per, total);
	}
}

TAP_TEST(nnz_counts)
{
	static const size_t esz[] = { 4, 8, 8, 16 };
	const int m = 13, n = 7, lda = 16;
	cusparseMatDescr_t d;

	cusparseCreateMatDescr(&d);
	for (int p = 0; p < 4; p++) {
		void *a = malloc(esz[p] * lda * n);
		int ref_row[13] = { 0 }, ref_col[7] = { 0 }, ref_total = 0, per_row[13], per_col[8], total = -1;
		int ok;

		for (int j = 0; j < n; j++)
			for (int i = 0; i < lda; i++) {
				int nz = i >= m || rnd(3) == 0; /* the padding is nonzero */
				int kind = rnd(4);

				if (!nz)	/* zeros: +0.0 and -0.0 */
					put(p, a, i + (int64_t)j * lda, kind & 1 ? -0.0 : 0.0, kind & 2 ? -0.0 : 0.0);
				else if (p >= 2 && kind == 0)	/* complex: only the imaginary part */
					put(p, a, i + (int64_t)j * lda, 0.0, 1.5);
				else if (p < 2 && kind == 0 && i < m)
					put(p, a, i + (int64_t)j * lda, NAN, 0);
				else
					put(p, a, i + (int64_t)j * lda, 1e-30 * (1 + kind), 0);
				if (nz && i < m) {
					ref_row[i]++;
					ref_col[j]++;
					ref_total++;
				}
			}
		per_col[7] = 12345;
		ok = nnz_call(p, CUSPARSE_DIRECTION_ROW, m, n, d, a, lda, per_row, &total) == 0 &&
		     total == ref_total && !memcmp(per_row, ref_row, sizeof(ref_row));
		tap_ok(ok, "cusparse%cnnz by row: %d nonzeros (-0.0 zero, NaN and tiny values nonzero, padding ignored)",
		       "SDCZ"[p], total);
		total = -1;
		ok = nnz_call(p, CUSPARSE_DIRECTION_COLUMN, m, n, d, a, lda, per_col, &total) == 0 &&
		     total == ref_total && !memcmp(per_col, ref_col, sizeof(ref_col)) && per_col[7] == 12345;
		tap_ok(ok, "cusparse%cnnz by column: n counts written, no more", "SDCZ"[p]);
		free(a);
	}
	{
		float a[4] = { 1, 0, 2, 3 };
		int per[2] = { -7, -7 }, total = -7, ok;

		ok = cusparseSnnz(NULL, CUSPARSE_DIRECTION_ROW, 2, 2, d, a, 2, per, &total) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		     cusparseSnnz(H, CUSPARSE_DIRECTION_ROW, 2, 2, d, a, 1, per, &total) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseSnnz(H, CUSPARSE_DIRECTION_ROW, -1, 2, d, a, 2, per, &total) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseSnnz(H, (cusparseDirection_t)2, 2, 2, d, a, 2, per, &total) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseSnnz(H, CUSPARSE_DIRECTION_ROW, 2, 2, NULL, a, 2, per, &total) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseSnnz(H, CUSPARSE_DIRECTION_ROW, 2, 2, d, a, 2, per, NULL) == CUSPARSE_STATUS_INVALID_VALUE;
		cusparseSetMatType(d, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
		ok = ok && cusparseSnnz(H, CUSPARSE_DIRECTION_ROW, 2, 2, d, a, 2, per, &total) ==
				   CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
		tap_ok(ok && per[0] == -7 && per[1] == -7 && total == -7,
		       "nnz: no handle, lda < m, m < 0, a bad direction, no descriptor or total, a non-GENERAL matrix: statuses, nothing written");
		cusparseSetMatType(d, CUSPARSE_MATRIX_TYPE_GENERAL);
		ok = cusparseSnnz(H, CUSPARSE_DIRECTION_ROW, 0, 0, d, NULL, 1, NULL, &total) == 0 && total == 0;
		tap_ok(ok, "nnz of a 0 x 0 matrix is 0");
	}
	cusparseDestroyMatDescr(d);
}

TAP_TEST(gathers)
{
	const int ny = 40, nnz = 9;
	double y[80];
	int ind[9];
	int ok = 1;

	for (int i = 0; i < 2 * ny; i++)
		y[i] = 100 + i;
	for (int b = 0; b < 2; b++) {
		double xd[9];
		float yf[40], xf[9];
		cuDoubleComplex xz[9];
		cuComplex yc[40], xc[9];

		for (int k = 0; k < nnz; k++)
			ind[k] = (k * 17 + 3) % ny + b;
		for (int i = 0; i < ny; i++) {
			yf[i] = (float)y[i];
			yc[i] = make_cuComplex((float)y[i], (float)-y[i]);
		}
		ok = ok && !cusparseDgthr(H, nnz, y, xd, ind, (cusparseIndexBase_t)b) &&
		     !cusparseSgthr(H, nnz, yf, xf, ind, (cusparseIndexBase_t)b) &&
		     !cusparseCgthr(H, nnz, yc, xc, ind, (cusparseIndexBase_t)b) &&
		     !cusparseZgthr(H, nnz, (const cuDoubleComplex *)y, xz, ind, (cusparseIndexBase_t)b);
		for (int k = 0; k < nnz; k++) {
			int at = ind[k] - b;

			ok = ok && xd[k] == y[at] && xf[k] == (float)y[at] && xc[k].x == (float)y[at] &&
			     xc[k].y == (float)-y[at] && xz[k].x == y[2 * at] && xz[k].y == y[2 * at + 1];
		}
	}
	tap_ok(ok, "cusparse[SDCZ]gthr, base 0 and 1: x[k] = y[ind[k] - base]");
	{
		double x[2] = { -1, -1 };
		int bad[2] = { 3, 0 };

		ok = cusparseDgthr(H, 2, y, x, bad, CUSPARSE_INDEX_BASE_ONE) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseDgthr(H, -1, y, x, bad, CUSPARSE_INDEX_BASE_ZERO) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseDgthr(NULL, 2, y, x, bad, CUSPARSE_INDEX_BASE_ZERO) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		     x[0] == -1 && x[1] == -1;
		tap_ok(ok, "gthr: an index below the base, nnz < 0, no handle: statuses, nothing written");
	}
}

/* A random m-row pattern, sorted columns in [0, n): offsets and columns (base 0). */
static int random_csr(int m, int n, int *off, int *col)
{
	int nnz = 0;

	off[0] = 0;
	for (int i = 0; i < m; i++) {
		for (int j = 0; j < n; j++)
			if (rnd(3) == 0)
				col[nnz++] = j;
		off[i + 1] = nnz;
	}
	return nnz;
}

TAP_TEST(csr_coo)
{
	enum { M = 23, N = 11 };
	int off[M + 1], col[M * N], coo[M * N], back[M + 1];

	for (int b = 0; b < 2; b++) {
		int nnz = random_csr(M, N, off, col), ok;

		for (int i = 0; i <= M; i++)
			off[i] += b;
		ok = !cusparseXcsr2coo(H, off, nnz, M, coo, (cusparseIndexBase_t)b);
		for (int i = 0; i < M; i++)
			for (int k = off[i] - b; k < off[i + 1] - b; k++)
				ok = ok && coo[k] == i + b;
		tap_ok(ok, "cusparseXcsr2coo, base %d: every entry gets its row", b);
		memset(back, 0x55, sizeof(back));
		ok = !cusparseXcoo2csr(H, coo, nnz, M, back, (cusparseIndexBase_t)b) && !memcmp(back, off, sizeof(off));
		tap_ok(ok, "cusparseXcoo2csr, base %d: the offsets again", b);
	}
	{
		int bad_off[3] = { 0, 3, 2 }, rows[3] = { 0, 5, 1 }, out[4] = { 9, 9, 9, 9 }, ok;

		ok = cusparseXcsr2coo(H, bad_off, 2, 2, out, CUSPARSE_INDEX_BASE_ZERO) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseXcoo2csr(H, rows, 3, 2, out, CUSPARSE_INDEX_BASE_ZERO) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseXcoo2csr(H, rows, 3, 2, out, (cusparseIndexBase_t)3) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseXcsr2coo(NULL, bad_off, 2, 2, out, CUSPARSE_INDEX_BASE_ZERO) == CUSPARSE_STATUS_NOT_INITIALIZED;
		tap_ok(ok && out[0] == 9 && out[3] == 9,
		       "decreasing offsets, a row outside the matrix, a bad base, no handle: statuses, nothing written");
	}
}

/*
 * The segments of off (nseg of them, base b) hold sorted indices `sorted`;
 * shuffle each, sort with the call, and check order, stability and P.
 */
static int check_segment_sort(int csc, int m, int n, int nseg, int b, int nnz, const int *off, const int *sorted)
{
	int *ind = malloc(sizeof(int) * (nnz + 1)), *shuf = malloc(sizeof(int) * (nnz + 1));
	int *P = malloc(sizeof(int) * (nnz + 1));
	size_t size = 1;
	cusparseMatDescr_t d;
	int ok;

	cusparseCreateMatDescr(&d);
	cusparseSetMatIndexBase(d, (cusparseIndexBase_t)b);
	for (int k = 0; k < nnz; k++)
		ind[k] = sorted[k] + b;
	for (int s = 0; s < nseg; s++)
		shuffle(ind + off[s] - b, NULL, off[s + 1] - off[s]);
	memcpy(shuf, ind, sizeof(int) * nnz);
	ok = !cusparseCreateIdentityPermutation(H, nnz, P);
	if (csc)
		ok = ok && !cusparseXcscsort_bufferSizeExt(H, m, n, nnz, off, ind, &size) &&
		     !cusparseXcscsort(H, m, n, nnz, d, off, ind, P, NULL);
	else
		ok = ok && !cusparseXcsrsort_bufferSizeExt(H, m, n, nnz, off, ind, &size) &&
		     !cusparseXcsrsort(H, m, n, nnz, d, off, ind, P, NULL);
	ok = ok && size == 0;
	for (int s = 0; s < nseg; s++)
		for (int k = off[s] - b; k < off[s + 1] - b; k++) {
			/* sorted, P points at the same index in the segment, equal keys keep their order */
			ok = ok && ind[k] == sorted[k] + b && P[k] >= off[s] - b && P[k] < off[s + 1] - b &&
			     shuf[P[k]] == ind[k];
			if (k > off[s] - b && ind[k] == ind[k - 1])
				ok = ok && P[k] > P[k - 1];
		}
	free(ind);
	free(shuf);
	free(P);
	cusparseDestroyMatDescr(d);
	return ok;
}

TAP_TEST(csr_csc_sort)
{
	enum { M = 31, N = 9 };
	int off[M + 1], col[M * N * 2];

	for (int b = 0; b < 2; b++) {
		int nnz = random_csr(M, N, off, col);

		for (int i = 0; i <= M; i++)
			off[i] += b;
		tap_ok(check_segment_sort(0, M, N, M, b, nnz, off, col),
		       "cusparseXcsrsort, %d x %d, base %d, %d entries: columns sorted in each row, P follows", M, N, b, nnz);
		/* the same arrays read as a CSC matrix of N rows and M columns */
		tap_ok(check_segment_sort(1, N, M, M, b, nnz, off, col),
		       "cusparseXcscsort, %d x %d, base %d: rows sorted in each column (m and n not swapped)", N, M, b);
	}
	{	/* repeated indices: the sort must be stable */
		int off2[3] = { 0, 6, 10 }, dup[10] = { 1, 1, 1, 4, 4, 7, 0, 0, 2, 2 };

		tap_ok(check_segment_sort(0, 2, 8, 2, 0, 10, off2, dup), "cusparseXcsrsort keeps equal columns in their order (stable)");
	}
	{
		int off3[3] = { 0, 2, 1 }, ind[2] = { 1, 0 }, P[2] = { 7, 7 }, ok;
		cusparseMatDescr_t d;

		cusparseCreateMatDescr(&d);
		ok = cusparseXcsrsort(H, 2, 2, 2, d, off3, ind, P, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseXcsrsort(H, 2, 2, 2, NULL, off3, ind, P, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseXcsrsort(NULL, 2, 2, 2, d, off3, ind, P, NULL) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		     cusparseCreateIdentityPermutation(H, -1, P) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseXcsrsort_bufferSizeExt(H, 2, 2, 2, off3, ind, NULL) == CUSPARSE_STATUS_INVALID_VALUE;
		tap_ok(ok && ind[0] == 1 && P[0] == 7,
		       "csrsort: decreasing offsets, no descriptor, no handle; IdentityPermutation n < 0: statuses, nothing written");
		cusparseDestroyMatDescr(d);
	}
}

TAP_TEST(coo_sort)
{
	enum { M = 19, N = 14, NNZ = 120 };
	int rows[NNZ], cols[NNZ], r0[NNZ], c0[NNZ], P[NNZ];

	for (int by_col = 0; by_col < 2; by_col++) {
		int ok;

		for (int k = 0; k < NNZ; k++) {	/* repeats on purpose: (row, col) pairs may come twice */
			r0[k] = rows[k] = (int)rnd(M);
			c0[k] = cols[k] = (int)rnd(N);
		}
		ok = !cusparseCreateIdentityPermutation(H, NNZ, P);
		ok = ok && !(by_col ? cusparseXcoosortByColumn(H, M, N, NNZ, rows, cols, P, NULL) :
				      cusparseXcoosortByRow(H, M, N, NNZ, rows, cols, P, NULL));
		for (int k = 0; k < NNZ; k++) {
			int *k1 = by_col ? cols : rows, *k2 = by_col ? rows : cols;

			ok = ok && P[k] >= 0 && P[k] < NNZ && r0[P[k]] == rows[k] && c0[P[k]] == cols[k];
			if (k)
				ok = ok && (k1[k - 1] < k1[k] || (k1[k - 1] == k1[k] && (k2[k - 1] < k2[k] ||
									 (k2[k - 1] == k2[k] && P[k - 1] < P[k]))));
		}
		tap_ok(ok, "cusparseXcoosortBy%s, %d entries: ordered by (%s), stable, P maps back to each entry",
		       by_col ? "Column" : "Row", NNZ, by_col ? "column, row" : "row, column");
	}
	{
		int r[2] = { 1, 0 }, c[2] = { 0, 0 }, ok;

		ok = !cusparseXcoosortByRow(H, 2, 1, 2, r, c, NULL, NULL) && r[0] == 0 && r[1] == 1;
		tap_ok(ok, "cusparseXcoosortByRow without P");
		ok = cusparseXcoosortByRow(H, 2, 1, -1, r, c, NULL, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseXcoosortByColumn(H, 2, 1, 2, NULL, c, NULL, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		     cusparseXcoosortByRow(NULL, 2, 1, 2, r, c, NULL, NULL) == CUSPARSE_STATUS_NOT_INITIALIZED;
		tap_ok(ok, "coosort: nnz < 0, no index array, no handle: statuses");
	}
}

int main(int argc, char **argv)
{
	int rc;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	if (!tap_ok(cusparseCreate(&H) == CUSPARSE_STATUS_SUCCESS, "cusparseCreate"))
		return tap_done();
	rc = tap_run(argc, argv);
	if (rc >= 0)
		return rc;
	tap_ok(cusparseDestroy(H) == CUSPARSE_STATUS_SUCCESS, "cusparseDestroy");
	return tap_done();
}
