// SPDX-License-Identifier: MIT
/*
 * test_geqrf_batched.c - lib/cublas's geqrfBatched in S, D, C, Z against
 * plain loops: Q = H_1 ... H_k rebuilt from the Householder vectors below
 * R's diagonal and the scalars in TauArray (H_j = I - tau_j v_j v_j^H,
 * v_j(j) = 1), then Q R = A and Q^H Q = I for batches of tall (9 x 5),
 * wide (4 x 7) and square matrices with a leading dimension above m.
 * Then the statuses: no handle, no info, the info of each bad argument
 * (m is 1) with nothing written, an empty batch.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include "blas_rand.h"
#include "tap.h"

static cublasHandle_t H;
static const double tols[] = { 2e-5, 1e-12, 2e-5, 1e-12 };

typedef cublasStatus_t (*geqrf_fn)(cublasHandle_t, int, int, void *const[], int, void *const[], int *, int);
static const geqrf_fn geqrf[] = { (geqrf_fn)cublasSgeqrfBatched, (geqrf_fn)cublasDgeqrfBatched,
				   (geqrf_fn)cublasCgeqrfBatched, (geqrf_fn)cublasZgeqrfBatched };

enum { BATCH = 5, MAXD = 9 };

/* the number of entries of Q R - A (m x n) and Q^H Q - I (m x m) beyond the tolerance */
static int qr_wrong(enum prec p, int m, int n, const void *A0, const void *F, int lda, const void *tau)
{
	dc Q[MAXD][MAXD], v[MAXD];
	int k = m < n ? m : n, bad = 0;

	for (int i = 0; i < m; i++)
		for (int j = 0; j < m; j++)
			Q[i][j] = i == j;
	for (int j = 0; j < k; j++) { /* Q = Q H_j */
		dc t = get(p, tau, j);
		for (int i = 0; i < m; i++)
			v[i] = i < j ? 0 : i == j ? 1 : get(p, F, i + (long)j * lda);
		for (int r = 0; r < m; r++) {
			dc qv = 0;
			for (int i = 0; i < m; i++)
				qv += Q[r][i] * v[i];
			for (int i = 0; i < m; i++)
				Q[r][i] -= t * qv * conj(v[i]);
		}
	}
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			dc s = 0;
			for (int l = 0; l <= j && l < m; l++)
				s += Q[i][l] * get(p, F, l + (long)j * lda);
			dc ref = get(p, A0, i + (long)j * lda);
			bad += cabs(s - ref) > 10 * tols[p] * (1 + cabs(ref));
		}
	for (int i = 0; i < m; i++)
		for (int j = 0; j < m; j++) {
			dc s = 0;
			for (int l = 0; l < m; l++)
				s += conj(Q[l][i]) * Q[l][j];
			bad += cabs(s - (i == j)) > 10 * tols[p];
		}
	return bad;
}

TAP_TEST(geqrf_batched)
{
	static const int shapes[][2] = { { 9, 5 }, { 4, 7 }, { 6, 6 } };

	for (int p = PS; p <= PZ; p++)
		for (int s = 0; s < 3; s++) {
			int m = shapes[s][0], n = shapes[s][1], lda = m + 2, k = m < n ? m : n, info = 99, bad = 0;
			void *A0[BATCH], *A[BATCH], *tau[BATCH];
			for (int b = 0; b < BATCH; b++) {
				A0[b] = rand_mat(p, m, n, lda, 0);
				A[b] = copy_mat(p, A0[b], (size_t)lda * n);
				tau[b] = calloc((size_t)k, esz[p]);
			}
			void **dA, **dT;
			cudaMalloc((void **)&dA, sizeof(void *) * BATCH);
			cudaMalloc((void **)&dT, sizeof(void *) * BATCH);
			memcpy(dA, A, sizeof(A));
			memcpy(dT, tau, sizeof(tau));
			cublasStatus_t st = geqrf[p](H, m, n, dA, lda, dT, &info, BATCH);
			for (int b = 0; b < BATCH; b++) {
				bad += qr_wrong(p, m, n, A0[b], A[b], lda, tau[b]);
				free(A0[b]), free(A[b]), free(tau[b]);
			}
			tap_ok(!st && info == 0 && bad == 0,
			       "%cgeqrfBatched %d x %d (lda %d), %d matrices: Q R = A, Q^H Q = I (%d wrong)", pname[p], m,
			       n, lda, BATCH, bad);
			cudaFree(dA), cudaFree(dT);
		}
}

TAP_TEST(geqrf_batched_statuses)
{
	double a[4] = { 1, 2, 3, 4 }, t[2] = { 7, 7 };
	double *arr[1] = { a }, *tarr[1] = { t };
	int i1 = 0, i2 = 0, i3 = 0, i4 = 0, i5 = 0;

	tap_ok(cublasDgeqrfBatched(NULL, 2, 2, arr, 2, tarr, &i1, 1) == CUBLAS_STATUS_NOT_INITIALIZED &&
		       cublasDgeqrfBatched(H, 2, 2, arr, 2, tarr, NULL, 1) == CUBLAS_STATUS_INVALID_VALUE,
	       "no handle: NOT_INITIALIZED; no info: INVALID_VALUE");
	cublasStatus_t s1 = cublasDgeqrfBatched(H, -1, 2, arr, 2, tarr, &i1, 1);
	cublasStatus_t s2 = cublasDgeqrfBatched(H, 2, -1, arr, 2, tarr, &i2, 1);
	cublasStatus_t s3 = cublasDgeqrfBatched(H, 2, 2, arr, 1, tarr, &i3, 1);
	cublasStatus_t s4 = cublasDgeqrfBatched(H, 2, 2, arr, 2, NULL, &i4, 1);
	cublasStatus_t s5 = cublasDgeqrfBatched(H, 2, 2, arr, 2, tarr, &i5, -1);
	tap_ok(s1 == CUBLAS_STATUS_INVALID_VALUE && i1 == -1 && s2 == CUBLAS_STATUS_INVALID_VALUE && i2 == -2 &&
		       s3 == CUBLAS_STATUS_INVALID_VALUE && i3 == -4 && s4 == CUBLAS_STATUS_INVALID_VALUE && i4 == -5 &&
		       s5 == CUBLAS_STATUS_INVALID_VALUE && i5 == -7 && a[0] == 1 && a[3] == 4 && t[0] == 7,
	       "m < 0, n < 0, lda < m, no TauArray, batchSize < 0: INVALID_VALUE, info -1, -2, -4, -5, -7; nothing written");
	i1 = 5;
	tap_ok(cublasDgeqrfBatched(H, 2, 2, NULL, 2, NULL, &i1, 0) == CUBLAS_STATUS_SUCCESS && i1 == 0 &&
		       cublasDgeqrfBatched(H, 0, 2, arr, 1, tarr, &i2, 1) == CUBLAS_STATUS_SUCCESS && i2 == 0 && t[0] == 7,
	       "an empty batch with NULL arrays, m 0: SUCCESS, info 0, nothing written");
}

static int make_handle(void)
{
	xorshift_seed(0x853c49e6748fea9bull);
	return tap_ok(cublasCreate(&H) == CUBLAS_STATUS_SUCCESS, "cublasCreate");
}

static void free_handle(void)
{
	tap_ok(cublasDestroy(H) == CUBLAS_STATUS_SUCCESS, "cublasDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
