// SPDX-License-Identifier: MIT
/*
 * test_cublas_64.c - cuBLAS 12's 64-bit-size calls (include/cuda/
 * idxgen_cublas_64.h, forwarders made by lib/cublas/gen-64.py): with sizes
 * inside int's range each gives the int call's result bit for bit (gemm,
 * gemv, axpy, dot, nrm2, I?amax with its int64_t result, a batched and a
 * strided-batched gemm, a transfer); a size, leading dimension, increment
 * or batch count outside it is CUBLAS_STATUS_NOT_SUPPORTED with nothing
 * written; the _v2_64 spellings name the same calls.  It also compiles
 * against NVIDIA's headers (gcc -fsyntax-only -I/usr/local/cuda/include):
 * the calls take the arguments cuBLAS's take.
 */
#include <stdint.h>
#include <string.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "xorshift.h"
#include "tap.h"

static cublasHandle_t H;

static void fill(float *v, int n)
{
	for (int i = 0; i < n; i++)
		v[i] = (float)urand();
}

TAP_TEST(same_as_int_calls)
{
	enum { M = 7, N = 5, K = 9 };
	float a[M * K], b[K * N], c1[M * N], c2[M * N], x[K], y1[M], y2[M], one = 1, beta = 0.5f;
	float r1 = 0, r2 = 0;

	fill(a, M * K), fill(b, K * N), fill(c1, M * N), fill(x, K), fill(y1, M);
	memcpy(c2, c1, sizeof(c1)), memcpy(y2, y1, sizeof(y1));
	int st = cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &one, a, M, b, K, &beta, c1, M);
	int st64 = cublasSgemm_64(H, CUBLAS_OP_N, CUBLAS_OP_N, (int64_t)M, (int64_t)N, (int64_t)K, &one, a,
				  (int64_t)M, b, (int64_t)K, &beta, c2, (int64_t)M);
	tap_ok(!st && !st64 && !memcmp(c1, c2, sizeof(c1)), "Sgemm_64 = Sgemm, bit for bit");

	st = cublasSgemv(H, CUBLAS_OP_N, M, K, &one, a, M, x, 1, &beta, y1, 1);
	st64 = cublasSgemv_v2_64(H, CUBLAS_OP_N, M, K, &one, a, M, x, 1, &beta, y2, 1);
	tap_ok(!st && !st64 && !memcmp(y1, y2, sizeof(y1)), "Sgemv_v2_64 = Sgemv");

	st = cublasSaxpy(H, M, &beta, x, 1, y1, 1) | cublasSdot(H, M, x, 1, y1, 1, &r1);
	st64 = cublasSaxpy_64(H, M, &beta, x, 1, y2, 1) | cublasSdot_v2_64(H, M, x, 1, y2, 1, &r2);
	tap_ok(!st && !st64 && !memcmp(y1, y2, sizeof(y1)) && r1 == r2, "Saxpy_64, Sdot_v2_64 = the int calls");

	int i32 = 0;
	int64_t i64 = -7;
	float nrm1 = 0, nrm2 = 0;

	st = cublasIsamax(H, K, x, 1, &i32) | cublasSnrm2(H, K, x, 1, &nrm1);
	st64 = cublasIsamax_64(H, K, x, 1, &i64) | cublasSnrm2_64(H, K, x, 1, &nrm2);
	tap_ok(!st && !st64 && i64 == i32 && nrm1 == nrm2, "Isamax_64's int64_t result %lld = %d, Snrm2_64", (long long)i64,
	       i32);

	float c3[2][M * N], c4[2][M * N];
	const float *ap[2] = { a, a }, *bp[2] = { b, b };
	float *cp[2] = { c3[0], c3[1] };

	fill(c3[0], 2 * M * N);
	memcpy(c4, c3, sizeof(c3));
	st = cublasSgemmBatched(H, CUBLAS_OP_T, CUBLAS_OP_N, M, N, K, &one, ap, K, bp, K, &beta, cp, M, 2);
	st64 = cublasSgemmStridedBatched_64(H, CUBLAS_OP_T, CUBLAS_OP_N, M, N, K, &one, a, K, 0, b, K, 0, &beta,
					    c4[0], M, M * N, 2);
	tap_ok(!st && !st64 && !memcmp(c3, c4, sizeof(c3)), "SgemmStridedBatched_64 = SgemmBatched");

	float src[6] = { 1, 2, 3, 4, 5, 6 }, dst[6] = { 0 };

	st64 = cublasSetVector_64(6, (int64_t)sizeof(float), src, 1, dst, 1);
	tap_ok(!st64 && !memcmp(src, dst, sizeof(src)), "SetVector_64 copies");
}

TAP_TEST(outside_int)
{
	float a[4] = { 1, 2, 3, 4 }, y[4] = { 5, 6, 7, 8 }, one = 1;
	int64_t big = (int64_t)1 << 31, idx = 99;

	tap_ok(cublasSaxpy_64(H, big, &one, a, 1, y, 1) == CUBLAS_STATUS_NOT_SUPPORTED && y[0] == 5,
	       "Saxpy_64: n = 2^31 is NOT_SUPPORTED, y untouched");
	tap_ok(cublasSgemm_64(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, a, big, a, 2, &one, y, 2) ==
			       CUBLAS_STATUS_NOT_SUPPORTED &&
		       y[0] == 5,
	       "Sgemm_64: lda = 2^31 is NOT_SUPPORTED, C untouched");
	tap_ok(cublasIsamax_64(H, 4, a, -big - 1, &idx) == CUBLAS_STATUS_NOT_SUPPORTED && idx == 99,
	       "Isamax_64: incx = -2^31 - 1 is NOT_SUPPORTED, the result untouched");
	tap_ok(cublasSaxpy_64(H, -3, &one, a, 1, y, 1) == CUBLAS_STATUS_SUCCESS && y[0] == 5,
	       "Saxpy_64: a negative n inside int's range is the int call's (nothing to do)");
	tap_ok(cublasSnrm2_64(NULL, 4, a, 1, a) == CUBLAS_STATUS_NOT_INITIALIZED,
	       "Snrm2_64: no handle is the int call's NOT_INITIALIZED");
}

int main(int argc, char **argv)
{
	int rc;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	xorshift_seed(0x3c6ef372fe94f82bull);
	if (!tap_ok(cublasCreate(&H) == CUBLAS_STATUS_SUCCESS, "cublasCreate"))
		return tap_done();
	rc = tap_run(argc, argv);
	if (rc >= 0)
		return rc;
	tap_ok(cublasDestroy(H) == CUBLAS_STATUS_SUCCESS, "cublasDestroy");
	return tap_done();
}
