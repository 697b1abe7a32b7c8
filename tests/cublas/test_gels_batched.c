// SPDX-License-Identifier: MIT
/*
 * test_gels_batched.c - lib/cublas's gelsBatched in S, D, C and Z against
 * the property that defines a least-squares solution, checked here with
 * plain loops in double complex (never LAPACK or the library): the
 * residual R = A X - C is orthogonal to A's columns, A^H R = 0, for a batch
 * of random overdetermined systems (m > n, leading dimensions above m) and
 * square ones (then A X = C).  Then a matrix without full rank (devInfo),
 * devInfoArray NULL, and the statuses and info of bad arguments.  A value
 * agrees when |got| <= tol * scale, tol 1e-4 (single), 1e-11 (double).
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "blas_prec.h"
#include "xorshift.h"
#include "tap.h"

#define BATCH 3
static const double tols[] = { 1e-4, 1e-11, 1e-4, 1e-11 };
static cublasHandle_t H;

static void *rand_matrix(enum prec p, int rows, int cols, int ld)
{
	void *a = NULL;

	cudaMalloc(&a, esz[p] * (size_t)ld * (size_t)cols);
	for (int j = 0; j < cols; j++)
		for (int i = 0; i < ld; i++)
			put(p, a, i + (long)j * ld, i < rows ? urand() + (cplx(p) ? I * urand() : 0) : NAN);
	return a;
}

static void *copy_of(enum prec p, const void *a, int ld, int cols)
{
	void *b = malloc(esz[p] * (size_t)ld * (size_t)cols);

	memcpy(b, a, esz[p] * (size_t)ld * (size_t)cols);
	return b;
}

typedef cublasStatus_t (*gels_fn)(cublasHandle_t, cublasOperation_t, int, int, int, void *const[], int,
				  void *const[], int, int *, int *, int);
static const gels_fn gels[] = { (gels_fn)cublasSgelsBatched, (gels_fn)cublasDgelsBatched,
				(gels_fn)cublasCgelsBatched, (gels_fn)cublasZgelsBatched };

/* elements of A^H (A X - C) that are not 0, X the first n rows of x; A and C the originals */
static int normal_wrong(enum prec p, int m, int n, int nrhs, const void *a, int lda, const void *c, const void *x,
			int ldc)
{
	int wrong = 0;

	for (int k = 0; k < nrhs; k++)
		for (int j = 0; j < n; j++) {
			dc s = 0;
			double scale = 1;

			for (int i = 0; i < m; i++) {
				dc r = -get(p, c, i + (long)k * ldc);
				for (int l = 0; l < n; l++)
					r += get(p, a, i + (long)l * lda) * get(p, x, l + (long)k * ldc);
				s += conj(get(p, a, i + (long)j * lda)) * r;
				scale += cabs(get(p, a, i + (long)j * lda)) * cabs(get(p, c, i + (long)k * ldc));
			}
			wrong += !(cabs(s) <= tols[p] * 10 * scale);
		}
	return wrong;
}

TAP_TEST(gels_solutions)
{
	static const int shapes[][2] = { { 9, 5 }, { 6, 6 } };

	for (enum prec p = PS; p <= PZ; p++)
		for (int s = 0; s < 2; s++) {
			int m = shapes[s][0], n = shapes[s][1], nrhs = 2, lda = m + 2, ldc = m + 1;
			void *a[BATCH], *c[BATCH], *a0[BATCH], *c0[BATCH], **da, **dc_;
			int info = 99, dinfo[BATCH] = { 7, 7, 7 }, wrong = 0;

			for (int b = 0; b < BATCH; b++) {
				a[b] = rand_matrix(p, m, n, lda), c[b] = rand_matrix(p, m, nrhs, ldc);
				a0[b] = copy_of(p, a[b], lda, n), c0[b] = copy_of(p, c[b], ldc, nrhs);
			}
			cudaMalloc((void **)&da, sizeof(a)), cudaMalloc((void **)&dc_, sizeof(c));
			memcpy(da, a, sizeof(a)), memcpy(dc_, c, sizeof(c));
			cublasStatus_t st = gels[p](H, CUBLAS_OP_N, m, n, nrhs, da, lda, dc_, ldc, &info, dinfo, BATCH);
			for (int b = 0; b < BATCH; b++) {
				wrong += normal_wrong(p, m, n, nrhs, a0[b], lda, c0[b], c[b], ldc);
				wrong += dinfo[b] != 0;
				cudaFree(a[b]), cudaFree(c[b]), free(a0[b]), free(c0[b]);
			}
			tap_ok(st == CUBLAS_STATUS_SUCCESS && info == 0 && wrong == 0,
			       "%cgelsBatched %d x %d, 2 right-hand sides, 3 systems: A^H (A X - C) = 0 (%d wrong)",
			       "SDCZ"[p], m, n, wrong);
			cudaFree(da), cudaFree(dc_);
		}
}

TAP_TEST(gels_rank_deficient)
{
	/* column 1 zero: R(2,2) is exactly zero; the second system is fine */
	double a0[8] = { 1, 2, 3, 4, 0, 0, 0, 0 }, c0[4] = { 1, 1, 1, 1 };
	double a1[8] = { 1, 0, 0, 1, 0, 1, 1, 0 }, c1[4] = { 1, 2, 3, 4 };
	double *a[2] = { a0, a1 }, *c[2] = { c0, c1 };
	int info = 99, dinfo[2] = { 7, 7 };

	cublasStatus_t st = cublasDgelsBatched(H, CUBLAS_OP_N, 4, 2, 1, a, 4, c, 4, &info, dinfo, 2);
	/* the second: x = (A^T A)^-1 A^T c with A^T A = 2 I, A^T c = (5, 5) */
	tap_ok(st == CUBLAS_STATUS_SUCCESS && info == 0 && dinfo[0] == 2 && dinfo[1] == 0 &&
		       fabs(c1[0] - 2.5) < 1e-12 && fabs(c1[1] - 2.5) < 1e-12,
	       "DgelsBatched: a matrix without full rank gives devInfo %d, the next system x = (%g, %g)", dinfo[0],
	       c1[0], c1[1]);
	double b0[4] = { 2, 0, 0, 4 }, d0[2] = { 2, 2 }, *b[1] = { b0 }, *d[1] = { d0 };
	st = cublasDgelsBatched(H, CUBLAS_OP_N, 2, 2, 1, b, 2, d, 2, &info, NULL, 1);
	tap_ok(st == CUBLAS_STATUS_SUCCESS && info == 0 && d0[0] == 1 && d0[1] == 0.5,
	       "DgelsBatched with devInfoArray NULL solves: x = (%g, %g)", d0[0], d0[1]);
}

TAP_TEST(gels_statuses)
{
	float m[64] = { 1, 0, 0, 1 }, cv[16] = { 1, 1 }, *arr[1] = { m }, *carr[1] = { cv };
	int info = 7, dinfo[1] = { 7 };

	tap_ok(cublasSgelsBatched(NULL, CUBLAS_OP_N, 2, 2, 1, arr, 2, carr, 2, &info, dinfo, 1) ==
		       CUBLAS_STATUS_NOT_INITIALIZED,
	       "no handle: NOT_INITIALIZED");
	tap_ok(cublasSgelsBatched(H, CUBLAS_OP_N, 2, 2, 1, arr, 2, carr, 2, NULL, dinfo, 1) ==
		       CUBLAS_STATUS_INVALID_VALUE,
	       "no info: INVALID_VALUE");
	cublasStatus_t st = cublasSgelsBatched(H, CUBLAS_OP_N, 2, 2, 1, arr, 1, carr, 2, &info, dinfo, 1);
	tap_ok(st == CUBLAS_STATUS_INVALID_VALUE && info == -6 && dinfo[0] == 7 && cv[0] == 1,
	       "lda < m: INVALID_VALUE, info %d, nothing written", info);
	st = cublasSgelsBatched(H, CUBLAS_OP_N, 2, 2, 1, arr, 2, carr, 1, &info, dinfo, 1);
	cublasStatus_t st2 = cublasSgelsBatched(H, CUBLAS_OP_N, 2, 2, -1, arr, 2, carr, 2, &info, dinfo, 1);
	int info2 = info;
	cublasStatus_t st3 = cublasSgelsBatched(H, CUBLAS_OP_N, 2, 2, 1, arr, 2, carr, 2, &info, dinfo, -1);
	tap_ok(st == CUBLAS_STATUS_INVALID_VALUE && st2 == CUBLAS_STATUS_INVALID_VALUE && info2 == -4 &&
		       st3 == CUBLAS_STATUS_INVALID_VALUE && info == -11,
	       "ldc < m, nrhs < 0 (info %d), batchSize < 0 (info %d): INVALID_VALUE", info2, info);
	st = cublasSgelsBatched(H, CUBLAS_OP_T, 2, 2, 1, arr, 2, carr, 2, &info, dinfo, 1);
	st2 = cublasSgelsBatched(H, CUBLAS_OP_N, 2, 3, 1, arr, 2, carr, 3, &info, dinfo, 1);
	tap_ok(st == CUBLAS_STATUS_NOT_SUPPORTED && st2 == CUBLAS_STATUS_NOT_SUPPORTED && dinfo[0] == 7 && cv[0] == 1,
	       "op T, m < n: NOT_SUPPORTED, as cuBLAS, nothing written");
	info = 7;
	tap_ok(cublasSgelsBatched(H, CUBLAS_OP_N, 2, 2, 1, arr, 2, carr, 2, &info, dinfo, 0) == CUBLAS_STATUS_SUCCESS &&
		       info == 0 && dinfo[0] == 7,
	       "an empty batch: SUCCESS, info 0, nothing written");
}

static int make_handle(void)
{
	xorshift_seed(0x9e3779b97f4a7c15ull);
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
