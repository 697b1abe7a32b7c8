// SPDX-License-Identifier: MIT
/*
 * test_rank_k_ex.c - cublasCsyrkEx, Csyrk3mEx, CherkEx and Cherk3mEx
 * (lib/cublas/rank_k_ex.c) against loops written here from the BLAS's
 * definitions in double complex:
 *
 *   syrk  C(i,j) = alpha sum_l op(A)(i,l) op(A)(j,l) + beta C(i,j)
 *   herk  C(i,j) = alpha sum_l op(A)(i,l) conj(op(A)(j,l)) + beta C(i,j), the diagonal real
 *
 * on the uplo triangle only, for A of CUDA_C_32F and CUDA_C_8I (char2),
 * both triangles and both operations of each, leading dimensions above the
 * minimum; the other triangle and the padding rows must stay as they were
 * (compared exactly).  Then the statuses cuBLAS documents for bad input and
 * for type pairs it does not list, with C left untouched.  Tolerance
 * 1e-5 (1 + |ref|): single precision sums of 7 products.
 */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "xorshift.h"
#include "tap.h"

typedef double _Complex dc;

enum { N = 5, K = 7, PAD = 2 };
static cublasHandle_t H;

/* the four calls under test, as one signature (alpha/beta complex; herk reads their real parts) */
enum form { SYRK, SYRK3M, HERK, HERK3M };
static const char *const form_name[] = {"CsyrkEx", "Csyrk3mEx", "CherkEx", "Cherk3mEx"};

static int herm(enum form f)
{
	return f == HERK || f == HERK3M;
}

static cublasStatus_t call(cublasHandle_t h, enum form f, cublasFillMode_t uplo,
			   cublasOperation_t trans, int n, int k, const cuComplex *alpha,
			   const void *a, cudaDataType at, int lda, const cuComplex *beta, void *c,
			   cudaDataType ct, int ldc)
{
	const float *ra = alpha ? &alpha->x : NULL, *rb = beta ? &beta->x : NULL;

	switch (f) {
	case SYRK:
		return cublasCsyrkEx(h, uplo, trans, n, k, alpha, a, at, lda, beta, c, ct, ldc);
	case SYRK3M:
		return cublasCsyrk3mEx(h, uplo, trans, n, k, alpha, a, at, lda, beta, c, ct, ldc);
	case HERK:
		return cublasCherkEx(h, uplo, trans, n, k, ra, a, at, lda, rb, c, ct, ldc);
	default:
		return cublasCherk3mEx(h, uplo, trans, n, k, ra, a, at, lda, rb, c, ct, ldc);
	}
}

/* element (i, j) of A (ld) of either type, as double complex */
static dc a_at(const void *a, cudaDataType at, int i, int j, int ld)
{
	size_t e = i + (size_t)j * ld;

	if (at == CUDA_C_8I)
		return ((const int8_t *)a)[2 * e] + I * ((const int8_t *)a)[2 * e + 1];
	return ((const float _Complex *)a)[e];
}

/* op(A)(i, l): A(i, l) for N, A(l, i) for T, conj(A(l, i)) for C */
static dc op_a(const void *a, cudaDataType at, cublasOperation_t trans, int i, int l, int ld)
{
	if (trans == CUBLAS_OP_N)
		return a_at(a, at, i, l, ld);
	dc v = a_at(a, at, l, i, ld);

	return trans == CUBLAS_OP_C ? conj(v) : v;
}

static void *make_a(cudaDataType at, int cols, int ld)
{
	size_t count = (size_t)ld * cols;
	void *a = NULL;

	cudaMalloc(&a, count * (at == CUDA_C_8I ? 2 : 8));
	for (size_t e = 0; e < count; e++)
		if (at == CUDA_C_8I) {
			((int8_t *)a)[2 * e] = (int8_t)floor(urand() * 128); /* -128 .. 127 */
			((int8_t *)a)[2 * e + 1] = (int8_t)floor(urand() * 128);
		} else {
			((float _Complex *)a)[e] = (float)urand() + I * (float)urand();
		}
	return a;
}

/* the reference value of C(i, j) in the triangle */
static dc reference(enum form f, const void *a, cudaDataType at, cublasOperation_t trans, int i,
		    int j, int lda, dc alpha, dc beta, dc c0)
{
	dc sum = 0;

	for (int l = 0; l < K; l++) {
		dc x = op_a(a, at, trans, i, l, lda), y = op_a(a, at, trans, j, l, lda);

		sum += x * (herm(f) ? conj(y) : y);
	}
	if (!herm(f))
		return alpha * sum + beta * c0;
	dc r = creal(alpha) * sum + creal(beta) * c0;

	return i == j ? creal(r) : r;
}

static void test_update(enum form f, cudaDataType at, cublasFillMode_t uplo,
			cublasOperation_t trans)
{
	int rows = trans == CUBLAS_OP_N ? N : K, cols = trans == CUBLAS_OP_N ? K : N;
	int lda = rows + PAD, ldc = N + PAD;
	void *a = make_a(at, cols, lda);
	float _Complex *c = NULL, c0[(N + PAD) * N];
	cuComplex alpha = {0.75f, herm(f) ? 0 : -0.5f}, beta = {-1.25f, herm(f) ? 0 : 0.25f};
	double err = 0;
	int untouched = 1;

	cudaMalloc((void **)&c, sizeof(c0));
	for (int e = 0; e < ldc * N; e++)
		c[e] = c0[e] = (float)urand() + I * (float)urand();
	int st = call(H, f, uplo, trans, N, K, &alpha, a, at, lda, &beta, c, CUDA_C_32F, ldc);

	for (int j = 0; j < N; j++)
		for (int i = 0; i < ldc; i++) {
			int in = i < N && (uplo == CUBLAS_FILL_MODE_UPPER ? i <= j : i >= j);
			size_t e = i + (size_t)j * ldc;

			if (!in) {
				untouched &= !memcmp(&c[e], &c0[e], sizeof(c[e]));
				continue;
			}
			dc ref = reference(f, a, at, trans, i, j, lda, alpha.x + I * alpha.y,
					   beta.x + I * beta.y, c0[e]);
			err = fmax(err, cabs(c[e] - ref) / (1 + cabs(ref)));
		}
	tap_ok(!st && err <= 1e-5 && untouched,
	       "%s A %s, %s, trans %c: against the loop (err %.2g), rest untouched", form_name[f],
	       at == CUDA_C_8I ? "C_8I" : "C_32F",
	       uplo == CUBLAS_FILL_MODE_UPPER ? "upper" : "lower", "NTC"[trans], err);
	cudaFree(a);
	cudaFree(c);
}

/* each refused call leaves C as it was */
static void test_statuses(enum form f)
{
	cublasOperation_t wrong = herm(f) ? CUBLAS_OP_T : CUBLAS_OP_C,
			  ok = herm(f) ? CUBLAS_OP_C : CUBLAS_OP_T;
	void *a = make_a(CUDA_C_32F, K, K);
	float _Complex *c = NULL, c0[N * N];
	cuComplex one = {1, 0};
	cublasFillMode_t lo = CUBLAS_FILL_MODE_LOWER;
	int good = 1;

	cudaMalloc((void **)&c, sizeof(c0));
	for (int e = 0; e < N * N; e++)
		c[e] = c0[e] = e;
	good &= call(NULL, f, lo, ok, N, K, &one, a, CUDA_C_32F, K, &one, c, CUDA_C_32F, N) ==
		CUBLAS_STATUS_NOT_INITIALIZED;
	good &= call(H, f, (cublasFillMode_t)7, ok, N, K, &one, a, CUDA_C_32F, K, &one, c,
		     CUDA_C_32F, N) == CUBLAS_STATUS_INVALID_VALUE;
	good &= call(H, f, lo, wrong, N, K, &one, a, CUDA_C_32F, K, &one, c, CUDA_C_32F, N) ==
		CUBLAS_STATUS_INVALID_VALUE;
	good &= call(H, f, lo, ok, -1, K, &one, a, CUDA_C_32F, K, &one, c, CUDA_C_32F, N) ==
		CUBLAS_STATUS_INVALID_VALUE;
	good &= call(H, f, lo, ok, N, -1, &one, a, CUDA_C_32F, K, &one, c, CUDA_C_32F, N) ==
		CUBLAS_STATUS_INVALID_VALUE;
	good &= call(H, f, lo, ok, N, K, &one, a, CUDA_C_32F, K - 1, &one, c, CUDA_C_32F, N) ==
		CUBLAS_STATUS_INVALID_VALUE;
	good &= call(H, f, lo, CUBLAS_OP_N, N, K, &one, a, CUDA_C_32F, N - 1, &one, c, CUDA_C_32F,
		     N) == CUBLAS_STATUS_INVALID_VALUE;
	good &= call(H, f, lo, ok, N, K, &one, a, CUDA_C_32F, K, &one, c, CUDA_C_32F, N - 1) ==
		CUBLAS_STATUS_INVALID_VALUE;
	good &= call(H, f, lo, ok, N, K, NULL, a, CUDA_C_32F, K, &one, c, CUDA_C_32F, N) ==
		CUBLAS_STATUS_INVALID_VALUE;
	good &= call(H, f, lo, ok, N, K, &one, a, CUDA_C_32F, K, NULL, c, CUDA_C_32F, N) ==
		CUBLAS_STATUS_INVALID_VALUE;
	tap_ok(good && !memcmp(c, c0, sizeof(c0)),
	       "%s: NULL handle, bad uplo/trans/n/k/lda/ldc/scalars refused, C untouched",
	       form_name[f]);
	good = 1;
	good &= call(H, f, lo, ok, N, K, &one, a, CUDA_C_64F, K, &one, c, CUDA_C_32F, N) ==
		CUBLAS_STATUS_NOT_SUPPORTED;
	good &= call(H, f, lo, ok, N, K, &one, a, CUDA_C_16F, K, &one, c, CUDA_C_32F, N) ==
		CUBLAS_STATUS_NOT_SUPPORTED;
	good &= call(H, f, lo, ok, N, K, &one, a, CUDA_C_32F, K, &one, c, CUDA_C_8I, N) ==
		CUBLAS_STATUS_NOT_SUPPORTED;
	good &= call(H, f, lo, ok, N, K, &one, a, CUDA_R_32F, K, &one, c, CUDA_R_32F, N) ==
		CUBLAS_STATUS_NOT_SUPPORTED;
	tap_ok(good && !memcmp(c, c0, sizeof(c0)),
	       "%s: type pairs cuBLAS does not list are NOT_SUPPORTED, C untouched", form_name[f]);
	good = call(H, f, lo, ok, 0, K, &one, a, CUDA_C_32F, K, &one, c, CUDA_C_32F, 1) ==
	       CUBLAS_STATUS_SUCCESS;
	tap_ok(good && !memcmp(c, c0, sizeof(c0)), "%s: n = 0 is a no-op", form_name[f]);
	cudaFree(a);
	cudaFree(c);
}

int main(void)
{
	static const cudaDataType types[] = {CUDA_C_32F, CUDA_C_8I};
	static const cublasFillMode_t fills[] = {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER};

	xorshift_seed(0x4ec5);
	if (cublasCreate(&H) != CUBLAS_STATUS_SUCCESS) {
		tap_ok(0, "cublasCreate");
		return tap_done();
	}
	for (int f = SYRK; f <= HERK3M; f++) {
		cublasOperation_t ops[] = {CUBLAS_OP_N, herm(f) ? CUBLAS_OP_C : CUBLAS_OP_T};

		for (int t = 0; t < 2; t++)
			for (int u = 0; u < 2; u++)
				for (int o = 0; o < 2; o++)
					test_update(f, types[t], fills[u], ops[o]);
		test_statuses(f);
	}
	cublasDestroy(H);
	return tap_done();
}
