// SPDX-License-Identifier: MIT
/*
 * test_spsv_update.c - lib/cusparse's SpSV_updateMatrix and
 * SpSM_updateMatrix (issue 44).  A lower-triangular 5 x 5 CSR matrix (row 3
 * without a stored diagonal) is analysed; then its values array is filled
 * with NaN, so that a solve that still read it would fail:
 *   GENERAL   new values for every stored entry: the solve must equal a
 *             dense forward substitution of the matrix with those values;
 *   DIAGONAL  five diagonal values on top (row 3's included): the same
 *             with the diagonal replaced;
 *   a new analysis drops both (A's own values again).
 * SpSV op(A) N and SpSM op(A) T with two right-hand sides, S/D/C/Z; then
 * the statuses.
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
static const double tols[] = {2e-4, 1e-12, 2e-4, 1e-12};
static const cudaDataType vt[] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F};

enum { N = 5, NNZ = 11, NRHS = 2 };
/* lower triangle; row 3 has no diagonal entry */
static const int off[N + 1] = {0, 1, 3, 6, 8, 11}, col[NNZ] = {0, 0, 1, 0, 1, 2, 0, 2, 1, 3, 4};

/* dense L from values (and a diagonal that replaces L's when diag) */
static void dense_of(enum prec p, const void *val, const void *diag, dc L[N][N])
{
	memset(L, 0, sizeof(dc) * N * N);
	for (int i = 0; i < N; i++)
		for (int k = off[i]; k < off[i + 1]; k++)
			L[i][col[k]] = get(p, val, k);
	if (diag)
		for (int i = 0; i < N; i++)
			L[i][i] = get(p, diag, i);
}

/* x such that op(L) x = b: forward (N) or backward (T) substitution, dense */
static void dense_solve(dc L[N][N], bool t, const dc *b, dc *x)
{
	for (int s = 0; s < N; s++) {
		int i = t ? N - 1 - s : s;
		dc sum = b[i];
		for (int j = 0; j < N; j++)
			if (j != i && (t ? j > i : j < i))
				sum -= (t ? L[j][i] : L[i][j]) * x[j];
		x[i] = sum / L[i][i];
	}
}

static double max_err(enum prec p, const void *got, const dc *want, int n)
{
	double e = 0;
	for (int i = 0; i < n; i++) {
		double d = cabs(get(p, got, i) - want[i]) / (1 + cabs(want[i]));
		e = d > e || isnan(d) ? d : e;
	}
	return e;
}

static void *values(enum prec p, double diag_shift)
{
	void *v = calloc(NNZ, esz[p]);
	for (int i = 0; i < N; i++)
		for (int k = off[i]; k < off[i + 1]; k++)
			put(p, v, k, rnd(p) + (col[k] == i ? diag_shift : 0));
	return v;
}

static void *diagonal(enum prec p)
{
	void *d = calloc(N, esz[p]);
	for (int i = 0; i < N; i++)
		put(p, d, i, rnd(p) + 3);
	return d;
}

static void fill_nan(enum prec p, void *v, int n)
{
	for (int i = 0; i < n; i++)
		put(p, v, i, NAN);
}

TAP_TEST(spsv_update)
{
	for (int p = PS; p <= PZ; p++) {
		void *a = values(p, 3), *a_keep = copy_mat(p, a, NNZ), *v2 = values(p, 4),
		     *d2 = diagonal(p), *b = calloc(N, esz[p]), *y = calloc(N, esz[p]);
		void *one = calloc(1, esz[p]);
		dc L[N][N], bb[N], want[N];
		cusparseSpMatDescr_t A;
		cusparseDnVecDescr_t vb, vy;
		cusparseSpSVDescr_t sv;
		size_t bytes;
		bool ok = true;

		put(p, one, 0, 1);
		for (int i = 0; i < N; i++)
			put(p, b, i, rnd(p)), bb[i] = get(p, b, i);
		cusparseCreateCsr(&A, N, N, NNZ, (void *)off, (void *)col, a, CUSPARSE_INDEX_32I,
				  CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, vt[p]);
		cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_FILL_MODE,
					  &(cusparseFillMode_t){CUSPARSE_FILL_MODE_LOWER},
					  sizeof(cusparseFillMode_t));
		cusparseCreateDnVec(&vb, N, b, vt[p]);
		cusparseCreateDnVec(&vy, N, y, vt[p]);
		cusparseSpSV_createDescr(&sv);
		ok = cusparseSpSV_bufferSize(H, CUSPARSE_OPERATION_NON_TRANSPOSE, one, A, vb, vy,
					     vt[p], CUSPARSE_SPSV_ALG_DEFAULT, sv,
					     &bytes) == CUSPARSE_STATUS_SUCCESS &&
		     cusparseSpSV_analysis(H, CUSPARSE_OPERATION_NON_TRANSPOSE, one, A, vb, vy,
					   vt[p], CUSPARSE_SPSV_ALG_DEFAULT, sv,
					   NULL) == CUSPARSE_STATUS_SUCCESS;
		memcpy(a_keep, a, NNZ * esz[p]);
		fill_nan(p, a, NNZ);
		ok = ok &&
		     cusparseSpSV_updateMatrix(H, sv, v2, CUSPARSE_SPSV_UPDATE_GENERAL) ==
			 CUSPARSE_STATUS_SUCCESS &&
		     cusparseSpSV_solve(H, CUSPARSE_OPERATION_NON_TRANSPOSE, one, A, vb, vy, vt[p],
					CUSPARSE_SPSV_ALG_DEFAULT, sv) == CUSPARSE_STATUS_SUCCESS;
		/* row 3 has no stored diagonal: singular without the DIAGONAL update, so rows
		 * 0-2 only (they do not depend on row 3) */
		dense_of(p, v2, NULL, L);
		L[3][3] = 1; /* unused by rows 0-2 */
		dense_solve(L, false, bb, want);
		double e1 = max_err(p, y, want, 3);
		tap_ok(ok && e1 <= tols[p],
		       "%cSpSV_updateMatrix GENERAL: the solve reads the new values, not A's "
		       "(NaN now; rows before the missing diagonal, error %.2g)",
		       pname[p], e1);

		ok = cusparseSpSV_updateMatrix(H, sv, d2, CUSPARSE_SPSV_UPDATE_DIAGONAL) ==
			 CUSPARSE_STATUS_SUCCESS &&
		     cusparseSpSV_solve(H, CUSPARSE_OPERATION_NON_TRANSPOSE, one, A, vb, vy, vt[p],
					CUSPARSE_SPSV_ALG_DEFAULT, sv) == CUSPARSE_STATUS_SUCCESS;
		dense_of(p, v2, d2, L);
		dense_solve(L, false, bb, want);
		double e2 = max_err(p, y, want, N);
		tap_ok(ok && e2 <= tols[p],
		       "%cSpSV_updateMatrix DIAGONAL on top: the new values with the new diagonal, "
		       "the missing one included (error %.2g)",
		       pname[p], e2);

		memcpy(a, a_keep, NNZ * esz[p]);
		ok = cusparseSpSV_analysis(H, CUSPARSE_OPERATION_NON_TRANSPOSE, one, A, vb, vy,
					   vt[p], CUSPARSE_SPSV_ALG_DEFAULT, sv,
					   NULL) == CUSPARSE_STATUS_SUCCESS &&
		     cusparseSpSV_solve(H, CUSPARSE_OPERATION_NON_TRANSPOSE, one, A, vb, vy, vt[p],
					CUSPARSE_SPSV_ALG_DEFAULT, sv) == CUSPARSE_STATUS_SUCCESS;
		dense_of(p, a, NULL, L);
		L[3][3] = 1;
		dense_solve(L, false, bb, want);
		double e3 = max_err(p, y, want, 3);
		tap_ok(ok && e3 <= tols[p],
		       "%cSpSV: a new analysis drops the updates, A's values again (error %.2g)",
		       pname[p], e3);
		cusparseSpSV_destroyDescr(sv);
		cusparseDestroySpMat(A), cusparseDestroyDnVec(vb), cusparseDestroyDnVec(vy);
		free(a), free(a_keep), free(v2), free(d2), free(b), free(y), free(one);
	}
}

TAP_TEST(spsm_update)
{
	for (int p = PS; p <= PZ; p++) {
		void *a = values(p, 3), *v2 = values(p, 4), *d2 = diagonal(p);
		void *B = calloc(N * NRHS, esz[p]), *C = calloc(N * NRHS, esz[p]),
		     *one = calloc(1, esz[p]);
		dc L[N][N], want[N * NRHS];
		cusparseSpMatDescr_t A;
		cusparseDnMatDescr_t mb, mc;
		cusparseSpSMDescr_t sm;
		size_t bytes;

		put(p, one, 0, 1);
		for (int i = 0; i < N * NRHS; i++)
			put(p, B, i, rnd(p));
		cusparseCreateCsr(&A, N, N, NNZ, (void *)off, (void *)col, a, CUSPARSE_INDEX_32I,
				  CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, vt[p]);
		cusparseCreateDnMat(&mb, N, NRHS, N, B, vt[p], CUSPARSE_ORDER_COL);
		cusparseCreateDnMat(&mc, N, NRHS, N, C, vt[p], CUSPARSE_ORDER_COL);
		cusparseSpSM_createDescr(&sm);
		bool ok = cusparseSpSM_bufferSize(H, CUSPARSE_OPERATION_TRANSPOSE,
						  CUSPARSE_OPERATION_NON_TRANSPOSE, one, A, mb, mc,
						  vt[p], CUSPARSE_SPSM_ALG_DEFAULT, sm,
						  &bytes) == CUSPARSE_STATUS_SUCCESS &&
			  cusparseSpSM_analysis(H, CUSPARSE_OPERATION_TRANSPOSE,
						CUSPARSE_OPERATION_NON_TRANSPOSE, one, A, mb, mc,
						vt[p], CUSPARSE_SPSM_ALG_DEFAULT, sm,
						NULL) == CUSPARSE_STATUS_SUCCESS;
		fill_nan(p, a, NNZ);
		ok = ok &&
		     cusparseSpSM_updateMatrix(H, sm, v2, CUSPARSE_SPSM_UPDATE_GENERAL) ==
			 CUSPARSE_STATUS_SUCCESS &&
		     cusparseSpSM_updateMatrix(H, sm, d2, CUSPARSE_SPSM_UPDATE_DIAGONAL) ==
			 CUSPARSE_STATUS_SUCCESS &&
		     cusparseSpSM_solve(H, CUSPARSE_OPERATION_TRANSPOSE,
					CUSPARSE_OPERATION_NON_TRANSPOSE, one, A, mb, mc, vt[p],
					CUSPARSE_SPSM_ALG_DEFAULT, sm) == CUSPARSE_STATUS_SUCCESS;
		dense_of(p, v2, d2, L);
		for (int j = 0; j < NRHS; j++) {
			dc bj[N];
			for (int i = 0; i < N; i++)
				bj[i] = get(p, B, i + j * N);
			dense_solve(L, true, bj, want + j * N);
		}
		double e = max_err(p, C, want, N * NRHS);
		tap_ok(ok && e <= tols[p],
		       "%cSpSM_updateMatrix GENERAL then DIAGONAL, op(A) T, 2 right-hand sides: "
		       "L^T X = B with the new values and diagonal (error %.2g)",
		       pname[p], e);
		cusparseSpSM_destroyDescr(sm);
		cusparseDestroySpMat(A), cusparseDestroyDnMat(mb), cusparseDestroyDnMat(mc);
		free(a), free(v2), free(d2), free(B), free(C), free(one);
	}
}

TAP_TEST(update_statuses)
{
	cusparseSpSVDescr_t sv;
	cusparseSpSMDescr_t sm;
	double v[NNZ] = {0};

	cusparseSpSV_createDescr(&sv);
	cusparseSpSM_createDescr(&sm);
	tap_ok(cusparseSpSV_updateMatrix(NULL, sv, v, CUSPARSE_SPSV_UPDATE_GENERAL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseSpSM_updateMatrix(NULL, sm, v, CUSPARSE_SPSM_UPDATE_GENERAL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED,
	       "updateMatrix without a handle: NOT_INITIALIZED");
	tap_ok(cusparseSpSV_updateMatrix(H, NULL, v, CUSPARSE_SPSV_UPDATE_GENERAL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpSV_updateMatrix(H, sv, NULL, CUSPARSE_SPSV_UPDATE_DIAGONAL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpSV_updateMatrix(H, sv, v, (cusparseSpSVUpdate_t)2) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpSM_updateMatrix(H, NULL, v, CUSPARSE_SPSM_UPDATE_GENERAL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpSM_updateMatrix(H, sm, v, (cusparseSpSMUpdate_t)-1) ==
		       CUSPARSE_STATUS_INVALID_VALUE,
	       "no descriptor, no values, an unknown part: INVALID_VALUE");
	cusparseSpSV_destroyDescr(sv);
	cusparseSpSM_destroyDescr(sm);
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
