// SPDX-License-Identifier: MIT
/*
 * test_cublas_ext.c - lib/cublas's rotations' constructors (rotg, rotm,
 * rotmg), dgmm, tpttr/trttp, gemm3m and trsmBatched against what their
 * definitions require, written here: a rotation built by rotg zeroes b and
 * keeps the norm; rotm applies the 2x2 matrix its flag names; rotmg's
 * matrix zeroes the scaled second component and keeps the weighted norm;
 * dgmm, tpttr, trttp and gemm3m against loops; trsmBatched by the residual
 * of each system.  Tolerance tol * (1 + |ref|), 1e-4 single, 1e-11 double.
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

static const double tols[] = { 1e-4, 1e-11, 1e-4, 1e-11 };
static cublasHandle_t H;

static dc rnd(enum prec p) { return cplx(p) ? urand() + I * urand() : urand(); }

static void *buf(enum prec p, long n)
{
	void *b = NULL;

	cudaMalloc(&b, esz[p] * (size_t)(n > 0 ? n : 1));
	memset(b, 0, esz[p] * (size_t)(n > 0 ? n : 1));
	return b;
}

static void *rand_buf(enum prec p, long n)
{
	void *b = buf(p, n);

	for (long i = 0; i < n; i++)
		put(p, b, i, rnd(p));
	return b;
}

static double rel(dc got, dc ref) { return cabs(got - ref) / (1 + cabs(ref)); }

#define CALL4(p, name, ...)                                                                        \
	((p) == PS ? cublasS##name(__VA_ARGS__) : (p) == PD ? cublasD##name(__VA_ARGS__) :          \
	 (p) == PC ? cublasC##name(__VA_ARGS__) : cublasZ##name(__VA_ARGS__))

/* rotg: c a + s b = r and -conj(s) a + c b = 0, c^2 + |s|^2 = 1, r left in a */
static void test_rotg(enum prec p)
{
	void *a = rand_buf(p, 1), *b = rand_buf(p, 1), *s = buf(p, 1);
	void *c = buf(cplx(p) ? (p == PC ? PS : PD) : p, 1);
	dc a0 = get(p, a, 0), b0 = get(p, b, 0);
	int st = CALL4(p, rotg, H, a, b, c, s);
	double cv = creal(get(cplx(p) ? (p == PC ? PS : PD) : p, c, 0));
	dc sv = get(p, s, 0), r = get(p, a, 0);
	double e = fmax(rel(cv * a0 + sv * b0, r), rel(-conj(sv) * a0 + cv * b0, 0));

	e = fmax(e, fabs(cv * cv + creal(sv * conj(sv)) - 1));
	tap_ok(!st && e <= tols[p], "%crotg: the rotation zeroes b, keeps the norm, r in a (err %.2g)",
	       pname[p], e);
	cudaFree(a), cudaFree(b), cudaFree(s), cudaFree(c);
}

/* rotm with each flag: H = [h11 h12; h21 h22] as the flag says, applied to (x_i, y_i) */
static void test_rotm(enum prec p, double flag)
{
	int n = 5;
	void *x = rand_buf(p, n), *y = rand_buf(p, n), *param = rand_buf(p, 5);
	dc x0[5], y0[5];
	double h11, h12, h21, h22, e = 0;

	put(p, param, 0, flag);
	for (int i = 0; i < n; i++)
		x0[i] = get(p, x, i), y0[i] = get(p, y, i);
	h11 = creal(get(p, param, 1)), h21 = creal(get(p, param, 2));
	h12 = creal(get(p, param, 3)), h22 = creal(get(p, param, 4));
	if (flag == 0)
		h11 = h22 = 1;
	if (flag == 1)
		h12 = 1, h21 = -1;
	if (flag == -2)
		h11 = h22 = 1, h12 = h21 = 0;
	int st = p == PS ? cublasSrotm(H, n, x, 1, y, 1, param) : cublasDrotm(H, n, x, 1, y, 1, param);
	for (int i = 0; i < n; i++) {
		e = fmax(e, rel(get(p, x, i), h11 * x0[i] + h12 * y0[i]));
		e = fmax(e, rel(get(p, y, i), h21 * x0[i] + h22 * y0[i]));
	}
	tap_ok(!st && e <= tols[p], "%crotm flag %g (err %.2g)", pname[p], flag, e);
	cudaFree(x), cudaFree(y), cudaFree(param);
}

/* rotmg: H (x1, y1) has second component 0, and d1' x1'^2 = d1 x1^2 + d2 y1^2 */
static void test_rotmg(enum prec p)
{
	void *d1 = buf(p, 1), *d2 = buf(p, 1), *x1 = buf(p, 1), *y1 = buf(p, 1), *param = buf(p, 5);
	double D1 = 2, D2 = 3, X1 = 0.75, Y1 = -0.5, h11, h12, h21, h22, fl, e;

	put(p, d1, 0, D1), put(p, d2, 0, D2), put(p, x1, 0, X1), put(p, y1, 0, Y1);
	int st = p == PS ? cublasSrotmg(H, d1, d2, x1, y1, param) : cublasDrotmg(H, d1, d2, x1, y1, param);
	fl = creal(get(p, param, 0));
	h11 = creal(get(p, param, 1)), h21 = creal(get(p, param, 2));
	h12 = creal(get(p, param, 3)), h22 = creal(get(p, param, 4));
	if (fl == 0)
		h11 = h22 = 1;
	if (fl == 1)
		h12 = 1, h21 = -1;
	e = fmax(rel(h21 * X1 + h22 * Y1, 0), rel(h11 * X1 + h12 * Y1, get(p, x1, 0)));
	e = fmax(e, rel(creal(get(p, d1, 0)) * pow(creal(get(p, x1, 0)), 2), D1 * X1 * X1 + D2 * Y1 * Y1));
	tap_ok(!st && e <= tols[p], "%crotmg: H zeroes y1, the weighted norm kept (flag %g, err %.2g)",
	       pname[p], fl, e);
	cudaFree(d1), cudaFree(d2), cudaFree(x1), cudaFree(y1), cudaFree(param);
}

static void test_dgmm(enum prec p, cublasSideMode_t side, int incx)
{
	int m = 5, n = 4, lda = 7, ldc = 6, len = side == CUBLAS_SIDE_LEFT ? m : n;
	void *a = rand_buf(p, (long)lda * n), *x = rand_buf(p, (long)len * abs(incx)), *c = buf(p, (long)ldc * n);
	double e = 0;

	int st = CALL4(p, dgmm, H, side, m, n, a, lda, x, incx, c, ldc);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			int k = side == CUBLAS_SIDE_LEFT ? i : j;
			long xi = incx > 0 ? (long)k * incx : (long)(len - 1 - k) * -incx;

			e = fmax(e, rel(get(p, c, i + (long)j * ldc), get(p, a, i + (long)j * lda) * get(p, x, xi)));
		}
	tap_ok(!st && e <= tols[p], "%cdgmm %s, incx %d (err %.2g)", pname[p],
	       side == CUBLAS_SIDE_LEFT ? "diag(x) A" : "A diag(x)", incx, e);
	cudaFree(a), cudaFree(x), cudaFree(c);
}

/* tpttr then trttp: the triangle in place in A (the rest untouched), and back */
static void test_packed_full(enum prec p, cublasFillMode_t uplo)
{
	int n = 5, lda = 7, ok = 1;
	long np = (long)n * (n + 1) / 2;
	void *ap = rand_buf(p, np), *a = buf(p, (long)lda * n), *back = buf(p, np);
	long k = 0;

	int st = CALL4(p, tpttr, H, uplo, n, ap, a, lda);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < lda; i++) {
			int in = i < n && (uplo == CUBLAS_FILL_MODE_UPPER ? i <= j : i >= j);

			ok &= in ? get(p, a, i + (long)j * lda) == get(p, ap, k++) : get(p, a, i + (long)j * lda) == 0;
		}
	if (!st)
		st = CALL4(p, trttp, H, uplo, n, a, lda, back);
	ok &= !memcmp(back, ap, esz[p] * (size_t)np);
	tap_ok(!st && ok, "%ctpttr/trttp %s: columns of the triangle in order, the rest untouched, round trip",
	       pname[p], uplo == CUBLAS_FILL_MODE_UPPER ? "upper" : "lower");
	cudaFree(ap), cudaFree(a), cudaFree(back);
}

static void test_gemm3m(enum prec p)
{
	int m = 5, n = 4, k = 6, lda = 7, ldb = 8, ldc = 6;
	void *a = rand_buf(p, (long)lda * k), *b = rand_buf(p, (long)ldb * n), *c = rand_buf(p, (long)ldc * n);
	void *al = rand_buf(p, 1), *be = rand_buf(p, 1);
	dc ref[6 * 4];
	double e = 0;

	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			dc s = 0;

			for (int l = 0; l < k; l++)
				s += get(p, a, i + (long)l * lda) * get(p, b, l + (long)j * ldb);
			ref[i + j * m] = get(p, al, 0) * s + get(p, be, 0) * get(p, c, i + (long)j * ldc);
		}
	int st = p == PC ? cublasCgemm3m(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, al, a, lda, b, ldb, be, c, ldc)
			 : cublasZgemm3m(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, al, a, lda, b, ldb, be, c, ldc);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			e = fmax(e, rel(get(p, c, i + (long)j * ldc), ref[i + j * m]));
	tap_ok(!st && e <= tols[p], "%cgemm3m (err %.2g)", pname[p], e);
	cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(al), cudaFree(be);
}

/* trsmBatched, left, lower, op N: A_k X_k = alpha B_k for three systems */
static void test_trsm_batched(enum prec p)
{
	enum { B = 3, M = 4, NR = 3 };
	void *a[B], *b[B], *b0[B], *al = rand_buf(p, 1);
	void **da = NULL, **db = NULL;
	double e = 0;

	cudaMalloc((void **)&da, sizeof(void *) * B);
	cudaMalloc((void **)&db, sizeof(void *) * B);
	for (int q = 0; q < B; q++) {
		a[q] = rand_buf(p, M * M), b[q] = rand_buf(p, M * NR), b0[q] = buf(p, M * NR);
		for (int i = 0; i < M; i++)
			put(p, a[q], i + i * M, get(p, a[q], i + i * M) + 4);
		memcpy(b0[q], b[q], esz[p] * M * NR);
		da[q] = a[q], db[q] = b[q];
	}
	int st = CALL4(p, trsmBatched, H, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT,
		       M, NR, al, (void *)da, M, (void *)db, M, B);
	for (int q = 0; q < B; q++)
		for (int j = 0; j < NR; j++)
			for (int i = 0; i < M; i++) {
				dc s = 0;

				for (int l = 0; l <= i; l++)
					s += get(p, a[q], i + l * M) * get(p, b[q], l + j * M);
				e = fmax(e, rel(s, get(p, al, 0) * get(p, b0[q], i + j * M)));
			}
	tap_ok(!st && e <= 10 * tols[p], "%ctrsmBatched of %d: A X = alpha B each (err %.2g)", pname[p], B, e);
	for (int q = 0; q < B; q++)
		cudaFree(a[q]), cudaFree(b[q]), cudaFree(b0[q]);
	cudaFree(da), cudaFree(db), cudaFree(al);
}

TAP_TEST(rotations)
{
	for (int p = PS; p <= PZ; p++)
		test_rotg(p);
	for (int p = PS; p <= PD; p++) {
		test_rotm(p, -1), test_rotm(p, 0), test_rotm(p, 1), test_rotm(p, -2);
		test_rotmg(p);
	}
}

TAP_TEST(extensions)
{
	for (int p = PS; p <= PZ; p++) {
		test_dgmm(p, CUBLAS_SIDE_LEFT, 1), test_dgmm(p, CUBLAS_SIDE_RIGHT, 2);
		test_dgmm(p, CUBLAS_SIDE_RIGHT, -1);
		test_packed_full(p, CUBLAS_FILL_MODE_LOWER), test_packed_full(p, CUBLAS_FILL_MODE_UPPER);
		test_trsm_batched(p);
	}
	test_gemm3m(PC), test_gemm3m(PZ);
}

TAP_TEST(statuses)
{
	double a[16] = { 0 }, one = 1;

	tap_ok(cublasDdgmm(H, (cublasSideMode_t)7, 2, 2, a, 2, a, 1, a, 2) == CUBLAS_STATUS_INVALID_VALUE,
	       "dgmm: a bad side is INVALID_VALUE");
	tap_ok(cublasDtpttr(H, CUBLAS_FILL_MODE_LOWER, 4, a, a, 3) == CUBLAS_STATUS_INVALID_VALUE,
	       "tpttr: lda < n is INVALID_VALUE");
	tap_ok(cublasDrotg(NULL, a, a, a, a) == CUBLAS_STATUS_NOT_INITIALIZED, "rotg: no handle is NOT_INITIALIZED");
	tap_ok(cublasDtrsmBatched(H, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, 2, 2,
				  &one, NULL, 2, NULL, 2, -1) == CUBLAS_STATUS_INVALID_VALUE,
	       "trsmBatched: a negative batch is INVALID_VALUE");
}

int main(int argc, char **argv)
{
	int rc;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	xorshift_seed(0x6a09e667f3bcc909ull);
	if (!tap_ok(cublasCreate(&H) == CUBLAS_STATUS_SUCCESS, "cublasCreate"))
		return tap_done();
	rc = tap_run(argc, argv);
	if (rc >= 0)
		return rc;
	tap_ok(cublasDestroy(H) == CUBLAS_STATUS_SUCCESS, "cublasDestroy");
	return tap_done();
}
