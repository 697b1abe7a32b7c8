// SPDX-License-Identifier: MIT
/*
 * test_cublas.c - lib/cublas against naive loops written here from the BLAS
 * definitions (never against OpenBLAS or itself): every routine in S, D, C
 * and Z on random column-major inputs of odd sizes with leading dimensions
 * larger than the rows, the transposes and triangles, batched and
 * mixed-precision GEMM and dot products (DotEx), pointer modes, stream order, and the statuses of
 * bad input.  References are computed in double complex; a result agrees
 * when |got - ref| <= tol * (1 + |ref|) per element, tol 1e-4 (single,
 * sums of up to ~20 products of values in [-1, 1]) and 1e-11 (double).
 *
 * Tests register themselves (TAP_TEST): -l lists them, -t NAME runs one
 * (each between cublasCreate and cublasDestroy).
 */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cublas_v2.h>
#include <cublasLt.h>
#include <cuda_runtime.h>
#include "blas_prec.h"
#include "xorshift.h"
#include "tap.h"

static const double tols[] = { 1e-4, 1e-11, 1e-4, 1e-11 };

static dc rnd(enum prec p) { return cplx(p) ? urand() + I * urand() : urand(); }

/* n random elements (cudaMalloc'd: the runtime's memory, as programs use) */
static void *rand_buf(enum prec p, long n)
{
	void *b = NULL;

	cudaMalloc(&b, esz[p] * (size_t)(n > 0 ? n : 1));
	for (long i = 0; i < n; i++)
		put(p, b, i, rnd(p));
	return b;
}

static void *copy_buf(enum prec p, const void *src, long n)
{
	void *b = NULL;

	cudaMalloc(&b, esz[p] * (size_t)n);
	memcpy(b, src, esz[p] * (size_t)n);
	return b;
}

/* the largest error of n elements at stride 1 of got vs ref (dc), scaled */
static double err_vs(enum prec p, const void *got, const dc *ref, long n)
{
	double e = 0;

	for (long i = 0; i < n; i++) {
		double d = cabs(get(p, got, i) - ref[i]) / (1 + cabs(ref[i]));
		if (!(d <= e))
			e = d;	/* NaN wins */
	}
	return e;
}

static dc opA(enum prec p, const void *a, int lda, cublasOperation_t op, int i, int j)
{
	/* element (i, j) of op(A) */
	if (op == CUBLAS_OP_N)
		return get(p, a, i + (long)j * lda);
	dc v = get(p, a, j + (long)i * lda);
	return op == CUBLAS_OP_C ? conj(v) : v;
}

#define CALL(p, name, ...)                                                                      \
	((p) == PS ? cublasS##name(__VA_ARGS__) : (p) == PD ? cublasD##name(__VA_ARGS__) :        \
	 (p) == PC ? cublasC##name(__VA_ARGS__) : cublasZ##name(__VA_ARGS__))

static cublasHandle_t H;

/* ---- level 3 ---- */

static void test_gemm(enum prec p, cublasOperation_t ta, cublasOperation_t tb)
{
	int m = 7, n = 5, k = 9;
	int ar = ta == CUBLAS_OP_N ? m : k, ac = ta == CUBLAS_OP_N ? k : m;
	int br = tb == CUBLAS_OP_N ? k : n, bc = tb == CUBLAS_OP_N ? n : k;
	int lda = ar + 3, ldb = br + 2, ldc = m + 4;
	void *a = rand_buf(p, (long)lda * ac), *b = rand_buf(p, (long)ldb * bc), *c = rand_buf(p, (long)ldc * n);
	void *al = rand_buf(p, 1), *be = rand_buf(p, 1);
	dc ref[16 * 16], got_c = 0;
	double e = 0;

	for (int j = 0; j < n; j++)
		for (int i = 0; i < ldc; i++) {
			dc s = 0;
			for (int l = 0; l < k; l++)
				s += opA(p, a, lda, ta, i < m ? i : 0, l) * opA(p, b, ldb, tb, l, j);
			ref[i + j * ldc] = i < m ? get(p, al, 0) * s + get(p, be, 0) * get(p, c, i + (long)j * ldc)
					  : get(p, c, i + (long)j * ldc);	/* rows past m: untouched */
		}
	int st = CALL(p, gemm, H, ta, tb, m, n, k, al, a, lda, b, ldb, be, c, ldc);
	e = err_vs(p, c, ref, (long)ldc * n);
	(void)got_c;
	tap_ok(st == CUBLAS_STATUS_SUCCESS && e <= tols[p], "%cgemm op(A)=%d op(B)=%d 7x5x9, padded lds (err %.2g)",
	       pname[p], ta, tb, e);
	cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(al), cudaFree(be);
}

/* reference value of the symmetric/Hermitian matrix stored in one triangle */
static dc sym_at(enum prec p, const void *a, int lda, cublasFillMode_t uplo, int i, int j, int herm)
{
	int up = uplo == CUBLAS_FILL_MODE_UPPER;
	int stored = up ? i <= j : i >= j;
	dc v = stored ? get(p, a, i + (long)j * lda) : get(p, a, j + (long)i * lda);

	if (herm && i == j)
		return creal(v);
	return herm && !stored ? conj(v) : v;
}

static void test_symm(enum prec p, cublasSideMode_t side, cublasFillMode_t uplo)
{
	int m = 6, n = 5, ka = side == CUBLAS_SIDE_LEFT ? m : n, lda = ka + 1, ldb = m + 2, ldc = m + 3;
	void *a = rand_buf(p, (long)lda * ka), *b = rand_buf(p, (long)ldb * n), *c = rand_buf(p, (long)ldc * n);
	void *al = rand_buf(p, 1), *be = rand_buf(p, 1);
	dc ref[16 * 16];

	for (int j = 0; j < n; j++)
		for (int i = 0; i < ldc; i++) {
			dc s = 0;
			if (i >= m) {
				ref[i + j * ldc] = get(p, c, i + (long)j * ldc);
				continue;
			}
			for (int l = 0; l < ka; l++)
				s += side == CUBLAS_SIDE_LEFT ? sym_at(p, a, lda, uplo, i, l, 0) * get(p, b, l + (long)j * ldb)
							      : get(p, b, i + (long)l * ldb) * sym_at(p, a, lda, uplo, l, j, 0);
			ref[i + j * ldc] = get(p, al, 0) * s + get(p, be, 0) * get(p, c, i + (long)j * ldc);
		}
	int st = CALL(p, symm, H, side, uplo, m, n, al, a, lda, b, ldb, be, c, ldc);
	double e = err_vs(p, c, ref, (long)ldc * n);
	tap_ok(!st && e <= tols[p], "%csymm side %d fill %d (err %.2g)", pname[p], side, uplo, e);
	cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(al), cudaFree(be);
}

static void test_syrk(enum prec p, cublasFillMode_t uplo, cublasOperation_t tr)
{
	int n = 7, k = 4, ar = tr == CUBLAS_OP_N ? n : k, lda = ar + 2, ldc = n + 1;
	void *a = rand_buf(p, (long)lda * (tr == CUBLAS_OP_N ? k : n)), *c = rand_buf(p, (long)ldc * n);
	void *al = rand_buf(p, 1), *be = rand_buf(p, 1);
	dc ref[16 * 16];

	for (int j = 0; j < n; j++)
		for (int i = 0; i < ldc; i++) {
			int in = i < n && (uplo == CUBLAS_FILL_MODE_UPPER ? i <= j : i >= j);
			dc s = 0;
			for (int l = 0; in && l < k; l++)
				s += tr == CUBLAS_OP_N ? get(p, a, i + (long)l * lda) * get(p, a, j + (long)l * lda)
						       : get(p, a, l + (long)i * lda) * get(p, a, l + (long)j * lda);
			ref[i + j * ldc] = in ? get(p, al, 0) * s + get(p, be, 0) * get(p, c, i + (long)j * ldc)
					      : get(p, c, i + (long)j * ldc);
		}
	int st = CALL(p, syrk, H, uplo, tr, n, k, al, a, lda, be, c, ldc);
	double e = err_vs(p, c, ref, (long)ldc * n);
	tap_ok(!st && e <= tols[p], "%csyrk fill %d op %d, other triangle untouched (err %.2g)", pname[p], uplo, tr, e);
	cudaFree(a), cudaFree(c), cudaFree(al), cudaFree(be);
}

/* a triangular A with a strong diagonal (well conditioned), the other triangle garbage */
static void *tri_buf(enum prec p, int n, int lda)
{
	void *a = rand_buf(p, (long)lda * n);

	for (int i = 0; i < n; i++)
		put(p, a, i + (long)i * lda, get(p, a, i + (long)i * lda) + 4);
	return a;
}

static dc tri_at(enum prec p, const void *a, int lda, cublasFillMode_t uplo, cublasOperation_t op,
		 cublasDiagType_t diag, int i, int j)
{
	/* op(A)(i, j) of the triangle */
	int r = op == CUBLAS_OP_N ? i : j, c = op == CUBLAS_OP_N ? j : i;
	if (r == c && diag == CUBLAS_DIAG_UNIT)
		return 1;
	if (uplo == CUBLAS_FILL_MODE_UPPER ? r > c : r < c)
		return 0;
	return opA(p, a, lda, op, i, j);
}

static void test_trsm_trmm(enum prec p, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t op,
			   cublasDiagType_t diag)
{
	int m = 5, n = 6, ka = side == CUBLAS_SIDE_LEFT ? m : n, lda = ka + 2, ldb = m + 1, ldc = m + 3;
	void *a = tri_buf(p, ka, lda), *b = rand_buf(p, (long)ldb * n), *c = rand_buf(p, (long)ldc * n);
	void *al = rand_buf(p, 1);
	void *x = copy_buf(p, b, (long)ldb * n);
	dc ref[16 * 16], prod[16 * 16];
	double e1, e2;

	/* trmm: C = alpha op(A) B (or B op(A)); rows of C past m untouched */
	for (int j = 0; j < n; j++)
		for (int i = 0; i < ldc; i++) {
			dc s = 0;
			for (int l = 0; i < m && l < ka; l++)
				s += side == CUBLAS_SIDE_LEFT ? tri_at(p, a, lda, uplo, op, diag, i, l) * get(p, b, l + (long)j * ldb)
							      : get(p, b, i + (long)l * ldb) * tri_at(p, a, lda, uplo, op, diag, l, j);
			ref[i + j * ldc] = i < m ? get(p, al, 0) * s : get(p, c, i + (long)j * ldc);
		}
	int st = CALL(p, trmm, H, side, uplo, op, diag, m, n, al, a, lda, b, ldb, c, ldc);
	e1 = err_vs(p, c, ref, (long)ldc * n);
	tap_ok(!st && e1 <= tols[p], "%ctrmm side %d fill %d op %d diag %d, out of place (err %.2g)", pname[p], side,
	       uplo, op, diag, e1);

	/* trsm: X with op(A) X = alpha B; check by multiplying back */
	st = CALL(p, trsm, H, side, uplo, op, diag, m, n, al, a, lda, x, ldb);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			dc s = 0;
			for (int l = 0; l < ka; l++)
				s += side == CUBLAS_SIDE_LEFT ? tri_at(p, a, lda, uplo, op, diag, i, l) * get(p, x, l + (long)j * ldb)
							      : get(p, x, i + (long)l * ldb) * tri_at(p, a, lda, uplo, op, diag, l, j);
			prod[i + j * m] = s;
			ref[i + j * m] = get(p, al, 0) * get(p, b, i + (long)j * ldb);
		}
	e2 = 0;
	for (int i = 0; i < m * n; i++)
		e2 = fmax(e2, cabs(prod[i] - ref[i]) / (1 + cabs(ref[i])));
	tap_ok(!st && e2 <= 10 * tols[p], "%ctrsm side %d fill %d op %d diag %d: op(A) X = alpha B (err %.2g)",
	       pname[p], side, uplo, op, diag, e2);
	cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(al), cudaFree(x);
}

static void test_geam(enum prec p, cublasOperation_t ta, cublasOperation_t tb)
{
	int m = 5, n = 7, lda = (ta == CUBLAS_OP_N ? m : n) + 1, ldb = (tb == CUBLAS_OP_N ? m : n) + 2, ldc = m + 1;
	void *a = rand_buf(p, (long)lda * (ta == CUBLAS_OP_N ? n : m)), *b = rand_buf(p, (long)ldb * (tb == CUBLAS_OP_N ? n : m));
	void *c = rand_buf(p, (long)ldc * n), *al = rand_buf(p, 1), *be = rand_buf(p, 1);
	dc ref[16 * 16];

	for (int j = 0; j < n; j++)
		for (int i = 0; i < ldc; i++)
			ref[i + j * ldc] = i < m ? get(p, al, 0) * opA(p, a, lda, ta, i, j) + get(p, be, 0) * opA(p, b, ldb, tb, i, j)
					      : get(p, c, i + (long)j * ldc);
	int st = CALL(p, geam, H, ta, tb, m, n, al, a, lda, be, b, ldb, c, ldc);
	double e = err_vs(p, c, ref, (long)ldc * n);
	tap_ok(!st && e <= tols[p], "%cgeam op %d op %d (err %.2g)", pname[p], ta, tb, e);
	cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(al), cudaFree(be);
}

static void test_batched(enum prec p)
{
	enum { B = 3 };
	int m = 5, n = 3, k = 7, lda = 6, ldb = 8, ldc = 7;
	long sa = (long)lda * k + 5, sb = (long)ldb * n + 1, sc = (long)ldc * n + 2;
	void *a = rand_buf(p, sa * B), *b = rand_buf(p, sb * B), *c = rand_buf(p, sc * B), *c2;
	void *al = rand_buf(p, 1), *be = rand_buf(p, 1);
	void *pa[B], *pb[B], *pc[B];
	dc ref[B * 64];
	double e1, e2;

	c2 = copy_buf(p, c, sc * B);
	for (int t = 0; t < B * 64; t++)
		ref[t] = 0;
	for (int q = 0; q < B; q++) {
		pa[q] = (char *)a + q * sa * esz[p];
		pb[q] = (char *)b + q * sb * esz[p];
		pc[q] = (char *)c2 + q * sc * esz[p];
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++) {
				dc s = 0;
				for (int l = 0; l < k; l++)
					s += get(p, pa[q], i + (long)l * lda) * get(p, pb[q], l + (long)j * ldb);
				ref[q * 64 + i + j * m] = get(p, al, 0) * s + get(p, be, 0) * get(p, c, q * sc + i + (long)j * ldc);
			}
	}
	int st1 = CALL(p, gemmStridedBatched, H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, al, a, lda, sa, b, ldb, sb, be, c, ldc,
		       sc, B);
	int st2 = CALL(p, gemmBatched, H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, al, (void *)pa, lda,
		       (void *)pb, ldb, be, (void *)pc, ldc, B);
	e1 = e2 = 0;
	for (int q = 0; q < B; q++)
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++) {
				dc r = ref[q * 64 + i + j * m];
				e1 = fmax(e1, cabs(get(p, c, q * sc + i + (long)j * ldc) - r) / (1 + cabs(r)));
				e2 = fmax(e2, cabs(get(p, c2, q * sc + i + (long)j * ldc) - r) / (1 + cabs(r)));
			}
	tap_ok(!st1 && e1 <= tols[p], "%cgemmStridedBatched, 3 of 5x3x7 (err %.2g)", pname[p], e1);
	tap_ok(!st2 && e2 <= tols[p], "%cgemmBatched, 3 of 5x3x7 (err %.2g)", pname[p], e2);
	cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(c2), cudaFree(al), cudaFree(be);
}

/* ---- level 2 ---- */

static void test_gemv(enum prec p, cublasOperation_t op)
{
	int m = 7, n = 5, lda = 9, incx = 2, incy = 3;
	int xl = op == CUBLAS_OP_N ? n : m, yl = op == CUBLAS_OP_N ? m : n;
	void *a = rand_buf(p, (long)lda * n), *x = rand_buf(p, (long)xl * incx), *y = rand_buf(p, (long)yl * incy);
	void *al = rand_buf(p, 1), *be = rand_buf(p, 1);
	dc ref[64];

	for (int t = 0; t < yl * incy; t++)
		ref[t] = get(p, y, t);
	for (int i = 0; i < yl; i++) {
		dc s = 0;
		for (int j = 0; j < xl; j++)
			s += opA(p, a, lda, op, i, j) * get(p, x, (long)j * incx);
		ref[i * incy] = get(p, al, 0) * s + get(p, be, 0) * get(p, y, (long)i * incy);
	}
	int st = CALL(p, gemv, H, op, m, n, al, a, lda, x, incx, be, y, incy);
	double e = err_vs(p, y, ref, (long)yl * incy);
	tap_ok(!st && e <= tols[p], "%cgemv op %d, strided x and y (err %.2g)", pname[p], op, e);
	cudaFree(a), cudaFree(x), cudaFree(y), cudaFree(al), cudaFree(be);
}

static void test_trsv_symv(enum prec p, cublasFillMode_t uplo, cublasOperation_t op)
{
	int n = 7, lda = 9;
	void *a = tri_buf(p, n, lda), *x = rand_buf(p, n), *b = copy_buf(p, x, n), *y = rand_buf(p, n);
	void *al = rand_buf(p, 1), *be = rand_buf(p, 1);
	dc ref[16], bx[16];
	double e = 0;

	int st = CALL(p, trsv, H, uplo, op, CUBLAS_DIAG_NON_UNIT, n, a, lda, x, 1);
	for (int i = 0; i < n; i++) {
		dc s = 0;
		for (int j = 0; j < n; j++)
			s += tri_at(p, a, lda, uplo, op, CUBLAS_DIAG_NON_UNIT, i, j) * get(p, x, j);
		e = fmax(e, cabs(s - get(p, b, i)) / (1 + cabs(get(p, b, i))));
	}
	tap_ok(!st && e <= 10 * tols[p], "%ctrsv fill %d op %d: op(A) x = b (err %.2g)", pname[p], uplo, op, e);
	if (op != CUBLAS_OP_N)
		goto out;
	for (int i = 0; i < n; i++) {
		dc s = 0;
		for (int j = 0; j < n; j++)
			s += sym_at(p, a, lda, uplo, i, j, 0) * get(p, b, j);
		ref[i] = get(p, al, 0) * s + get(p, be, 0) * get(p, y, i);
		bx[i] = 0;
	}
	st = CALL(p, symv, H, uplo, n, al, a, lda, b, 1, be, y, 1);
	e = err_vs(p, y, ref, n);
	tap_ok(!st && e <= tols[p], "%csymv fill %d (err %.2g)", pname[p], uplo, e);
	(void)bx;
out:
	cudaFree(a), cudaFree(x), cudaFree(b), cudaFree(y), cudaFree(al), cudaFree(be);
}

static void test_ger(enum prec p, int conj_y)
{
	int m = 6, n = 5, lda = 8;
	void *a = rand_buf(p, (long)lda * n), *x = rand_buf(p, m), *y = rand_buf(p, 2L * n), *al = rand_buf(p, 1);
	dc ref[64];
	int st;

	for (int j = 0; j < n; j++)
		for (int i = 0; i < lda; i++) {
			dc yv = get(p, y, 2L * j);
			ref[i + j * lda] = get(p, a, i + (long)j * lda) +
					   (i < m ? get(p, al, 0) * get(p, x, i) * (conj_y ? conj(yv) : yv) : 0);
		}
	if (p == PS)
		st = cublasSger(H, m, n, al, x, 1, y, 2, a, lda);
	else if (p == PD)
		st = cublasDger(H, m, n, al, x, 1, y, 2, a, lda);
	else if (p == PC)
		st = conj_y ? cublasCgerc(H, m, n, al, x, 1, y, 2, a, lda) : cublasCgeru(H, m, n, al, x, 1, y, 2, a, lda);
	else
		st = conj_y ? cublasZgerc(H, m, n, al, x, 1, y, 2, a, lda) : cublasZgeru(H, m, n, al, x, 1, y, 2, a, lda);
	double e = err_vs(p, a, ref, (long)lda * n);
	tap_ok(!st && e <= tols[p], "%cger%s (err %.2g)", pname[p], cplx(p) ? (conj_y ? "c" : "u") : "", e);
	cudaFree(a), cudaFree(x), cudaFree(y), cudaFree(al);
}

/* ---- level 1 ---- */

static void test_level1(enum prec p)
{
	int n = 13, incx = 2, incy = 3;
	void *x = rand_buf(p, (long)n * incx), *y = rand_buf(p, (long)n * incy), *al = rand_buf(p, 1);
	void *x0 = copy_buf(p, x, (long)n * incx), *y0 = copy_buf(p, y, (long)n * incy);
	dc ref[64], dotu = 0, dotc = 0, res[2] = { 0, 0 };
	double nrm = 0, asum = 0, rres = 0, big = -1, small = 1e300, c = 0.6, s = 0.8, cs[2] = { 0.6, 0.8 };
	int imax = 0, imin = 0, ires = -1, st;

	for (int i = 0; i < n; i++) {
		dc xv = get(p, x, (long)i * incx), yv = get(p, y, (long)i * incy);
		double mag = fabs(creal(xv)) + fabs(cimag(xv));	/* BLAS's |re| + |im| */
		dotu += xv * yv;
		dotc += conj(xv) * yv;
		nrm += creal(xv * conj(xv));
		asum += mag;
		if (mag > big)
			big = mag, imax = i + 1;
		if (mag < small)
			small = mag, imin = i + 1;
	}
	nrm = sqrt(nrm);

	/* axpy */
	for (int t = 0; t < n * incy; t++)
		ref[t] = get(p, y, t);
	for (int i = 0; i < n; i++)
		ref[i * incy] += get(p, al, 0) * get(p, x, (long)i * incx);
	st = CALL(p, axpy, H, n, al, x, incx, y, incy);
	tap_ok(!st && err_vs(p, y, ref, (long)n * incy) <= tols[p], "%caxpy, strides 2 and 3", pname[p]);
	memcpy(y, y0, esz[p] * (size_t)n * incy);

	/* dot */
	if (p == PS || p == PD) {
		if (p == PS) {
			float r;
			st = cublasSdot(H, n, x, incx, y, incy, &r);
			res[0] = r;
		} else {
			double r;
			st = cublasDdot(H, n, x, incx, y, incy, &r);
			res[0] = r;
		}
		tap_ok(!st && cabs(res[0] - dotu) <= tols[p] * (1 + cabs(dotu)), "%cdot", pname[p]);
	} else {
		char ru[16] __attribute__((aligned(16))), rc[16] __attribute__((aligned(16)));
		int s1 = p == PC ? cublasCdotu(H, n, x, incx, y, incy, (void *)ru) : cublasZdotu(H, n, x, incx, y, incy, (void *)ru);
		int s2 = p == PC ? cublasCdotc(H, n, x, incx, y, incy, (void *)rc) : cublasZdotc(H, n, x, incx, y, incy, (void *)rc);
		tap_ok(!s1 && cabs(get(p, ru, 0) - dotu) <= tols[p] * (1 + cabs(dotu)), "%cdotu", pname[p]);
		tap_ok(!s2 && cabs(get(p, rc, 0) - dotc) <= tols[p] * (1 + cabs(dotc)), "%cdotc (x conjugated)", pname[p]);
	}

	/* nrm2, asum (real results) */
	for (int which = 0; which < 2; which++) {
		float rf = -1;
		double want = which ? asum : nrm;
		switch (p) {
		case PS: st = which ? cublasSasum(H, n, x, incx, &rf) : cublasSnrm2(H, n, x, incx, &rf); rres = rf; break;
		case PD: st = which ? cublasDasum(H, n, x, incx, &rres) : cublasDnrm2(H, n, x, incx, &rres); break;
		case PC: st = which ? cublasScasum(H, n, x, incx, &rf) : cublasScnrm2(H, n, x, incx, &rf); rres = rf; break;
		default: st = which ? cublasDzasum(H, n, x, incx, &rres) : cublasDznrm2(H, n, x, incx, &rres); break;
		}
		tap_ok(!st && fabs(rres - want) <= tols[p] * (1 + want), "%c%s", pname[p],
		       which ? (cplx(p) ? "asum (sum of |re| + |im|)" : "asum") : "nrm2");
	}

	/* iamax / iamin: 1-based */
	st = p == PS ? cublasIsamax(H, n, x, incx, &ires) : p == PD ? cublasIdamax(H, n, x, incx, &ires) :
	     p == PC ? cublasIcamax(H, n, x, incx, &ires) : cublasIzamax(H, n, x, incx, &ires);
	tap_ok(!st && ires == imax, "I%camax is 1-based (%d, want %d)", pname[p] + 32, ires, imax);
	st = p == PS ? cublasIsamin(H, n, x, incx, &ires) : p == PD ? cublasIdamin(H, n, x, incx, &ires) :
	     p == PC ? cublasIcamin(H, n, x, incx, &ires) : cublasIzamin(H, n, x, incx, &ires);
	tap_ok(!st && ires == imin, "I%camin is 1-based (%d, want %d)", pname[p] + 32, ires, imin);

	/* scal */
	for (int t = 0; t < n * incx; t++)
		ref[t] = get(p, x, t) * ((t % incx) ? 1 : get(p, al, 0));
	st = CALL(p, scal, H, n, al, x, incx);
	tap_ok(!st && err_vs(p, x, ref, (long)n * incx) <= tols[p], "%cscal", pname[p]);
	memcpy(x, x0, esz[p] * (size_t)n * incx);
	if (p == PC || p == PZ) {
		/* Csscal, Zdscal: a complex vector times a real scalar (al's real part) */
		double ar = creal(get(p, al, 0));

		for (int t = 0; t < n * incx; t++)
			ref[t] = get(p, x, t) * ((t % incx) ? 1 : ar);
		st = p == PC ? cublasCsscal(H, n, (const float *)al, x, incx)
			     : cublasZdscal(H, n, (const double *)al, x, incx);
		tap_ok(!st && err_vs(p, x, ref, (long)n * incx) <= tols[p], "%s",
		       p == PC ? "Csscal" : "Zdscal");
		memcpy(x, x0, esz[p] * (size_t)n * incx);
	}

	/* copy, swap */
	for (int t = 0; t < n * incy; t++)
		ref[t] = t % incy ? get(p, y, t) : get(p, x, (long)t / incy * incx);
	st = CALL(p, copy, H, n, x, incx, y, incy);
	tap_ok(!st && err_vs(p, y, ref, (long)n * incy) == 0, "%ccopy", pname[p]);
	memcpy(y, y0, esz[p] * (size_t)n * incy);
	st = CALL(p, swap, H, n, x, incx, y, incy);
	for (int t = 0; t < n * incy; t++)
		ref[t] = t % incy ? get(p, y0, t) : get(p, x0, (long)t / incy * incx);
	int ok = !st && err_vs(p, y, ref, (long)n * incy) == 0;
	for (int t = 0; t < n * incx; t++)
		ref[t] = t % incx ? get(p, x0, t) : get(p, y0, (long)t / incx * incy);
	tap_ok(ok && err_vs(p, x, ref, (long)n * incx) == 0, "%cswap", pname[p]);
	memcpy(x, x0, esz[p] * (size_t)n * incx);
	memcpy(y, y0, esz[p] * (size_t)n * incy);

	/* rot with real c, s: x' = c x + s y, y' = c y - s x */
	for (int i = 0; i < n; i++)
		ref[i] = c * get(p, x, (long)i * incx) + s * get(p, y, (long)i * incy);
	switch (p) {
	case PS: { float fc = 0.6f, fs = 0.8f; st = cublasSrot(H, n, x, incx, y, incy, &fc, &fs); break; }
	case PD: st = cublasDrot(H, n, x, incx, y, incy, &cs[0], &cs[1]); break;
	case PC: { float fc = 0.6f, fs = 0.8f; st = cublasCsrot(H, n, x, incx, y, incy, &fc, &fs); break; }
	default: st = cublasZdrot(H, n, x, incx, y, incy, &cs[0], &cs[1]); break;
	}
	double e = 0;
	for (int i = 0; i < n; i++) {
		dc yr = c * get(p, y0, (long)i * incy) - s * get(p, x0, (long)i * incx);
		e = fmax(e, cabs(get(p, x, (long)i * incx) - ref[i]) / (1 + cabs(ref[i])));
		e = fmax(e, cabs(get(p, y, (long)i * incy) - yr) / (1 + cabs(yr)));
	}
	tap_ok(!st && e <= tols[p], "%s rotation (err %.2g)", p == PS ? "Srot" : p == PD ? "Drot" : p == PC ? "Csrot" : "Zdrot", e);
	cudaFree(x), cudaFree(y), cudaFree(al), cudaFree(x0), cudaFree(y0);
}

static void test_precision(enum prec p)
{
	static const cublasOperation_t ops[] = { CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C };
	int nops = cplx(p) ? 3 : 2;

	for (int i = 0; i < nops; i++)
		for (int j = 0; j < nops; j++)
			test_gemm(p, ops[i], ops[j]);
	for (int s = 0; s < 2; s++)
		for (int u = 0; u < 2; u++)
			test_symm(p, (cublasSideMode_t)s, (cublasFillMode_t)u);
	for (int u = 0; u < 2; u++)
		for (int t = 0; t < 2; t++)
			test_syrk(p, (cublasFillMode_t)u, ops[t]);
	for (int s = 0; s < 2; s++)
		for (int u = 0; u < 2; u++)
			for (int t = 0; t < nops; t++)
				test_trsm_trmm(p, (cublasSideMode_t)s, (cublasFillMode_t)u, ops[t],
					       (cublasDiagType_t)(t == 1));
	test_geam(p, CUBLAS_OP_N, CUBLAS_OP_N);
	test_geam(p, CUBLAS_OP_T, ops[nops - 1]);
	test_batched(p);
	for (int t = 0; t < nops; t++)
		test_gemv(p, ops[t]);
	for (int u = 0; u < 2; u++)
		for (int t = 0; t < 2; t++)
			test_trsv_symv(p, (cublasFillMode_t)u, ops[t]);
	test_ger(p, 0);
	if (cplx(p))
		test_ger(p, 1);
	test_level1(p);
}


/* ---- mixed precision, modes, streams, transfers, statuses ---- */

static float bf16_to_float(uint16_t b)
{
	uint32_t u = (uint32_t)b << 16;
	float f;

	memcpy(&f, &u, 4);
	return f;
}

/* GemmEx with 16-bit inputs: the reference multiplies the 16-bit values in double. */
static void test_gemm_ex16(cudaDataType t, cudaDataType ct)
{
	int m = 5, n = 6, k = 9, lda = 7, ldb = 10, ldc = 6;
	uint16_t a[7 * 9], b[10 * 6], c16[6 * 6];
	float c32[6 * 6], al = 0.75f, be = -0.5f;
	double ref[6 * 6], e = 0;
	void *cv = ct == CUDA_R_32F ? (void *)c32 : (void *)c16;

	for (int i = 0; i < 7 * 9; i++) {
		float v = (float)urand();
		if (t == CUDA_R_16F) {
			_Float16 h = (_Float16)v;
			memcpy(&a[i], &h, 2);
		} else {
			uint32_t u;
			memcpy(&u, &v, 4);
			a[i] = (uint16_t)(u >> 16);	/* truncation: any bfloat16 will do */
		}
	}
	for (int i = 0; i < 10 * 6; i++)
		b[i] = a[(i * 7) % 63];
	for (int i = 0; i < 36; i++) {
		c32[i] = (float)urand();
		c16[i] = a[i];
	}
	for (int j = 0; j < n; j++)
		for (int i = 0; i < ldc; i++) {
			double s = 0, cold;
			for (int l = 0; l < k; l++) {
				double x, y;
				if (t == CUDA_R_16F) {
					_Float16 hx, hy;
					memcpy(&hx, &a[i % m + l * lda], 2);
					memcpy(&hy, &b[l + j * ldb], 2);
					x = hx, y = hy;
				} else {
					x = bf16_to_float(a[i % m + l * lda]), y = bf16_to_float(b[l + j * ldb]);
				}
				s += x * y;
			}
			if (ct == CUDA_R_32F)
				cold = c32[i + j * ldc];
			else if (ct == CUDA_R_16F) {
				_Float16 h;
				memcpy(&h, &c16[i + j * ldc], 2);
				cold = h;
			} else
				cold = bf16_to_float(c16[i + j * ldc]);
			ref[i + j * ldc] = i < m ? al * s + be * cold : cold;
		}
	int st = cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &al, a, t, lda, b, t, ldb, &be, cv, ct, ldc,
			      CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
	/* a 16-bit C is rounded: half has 11 significant bits, bfloat16 8 */
	double tol = ct == CUDA_R_32F ? 1e-5 : ct == CUDA_R_16F ? 1.0 / 1024 : 1.0 / 128;
	for (int i = 0; i < ldc * n; i++) {
		double got;
		if (ct == CUDA_R_32F)
			got = c32[i];
		else if (ct == CUDA_R_16F) {
			_Float16 h;
			memcpy(&h, &c16[i], 2);
			got = h;
		} else
			got = bf16_to_float(c16[i]);
		e = fmax(e, fabs(got - ref[i]) / (1 + fabs(ref[i])));
	}
	tap_ok(!st && e <= tol, "GemmEx %s inputs, %s C, compute 32F (err %.2g)", t == CUDA_R_16F ? "16F" : "16BF",
	       ct == CUDA_R_32F ? "32F" : ct == CUDA_R_16F ? "16F" : "16BF", e);
}

/* DotEx: 16-bit vectors (the second walked backwards, incy < 0) against a double loop; the BLAS types against the typed calls */
static void test_dot_ex(cudaDataType t)
{
	enum { N = 37 };
	uint16_t x[N], y[2 * N], r16;
	double ref = 0, mag = 0, got;

	for (int i = 0; i < N; i++) {
		float v = (float)urand(), w = (float)urand();
		if (t == CUDA_R_16F) {
			_Float16 hv = (_Float16)v, hw = (_Float16)w;
			memcpy(&x[i], &hv, 2), memcpy(&y[2 * i], &hw, 2);
		} else {
			uint32_t u, uw;
			memcpy(&u, &v, 4), memcpy(&uw, &w, 4);
			x[i] = (uint16_t)(u >> 16), y[2 * i] = (uint16_t)(uw >> 16);
		}
		y[2 * i + 1] = 0x7e00;	/* a NaN between the used elements: incy = -2 must skip it */
	}
	for (int i = 0; i < N; i++) {	/* incy = -2: element i of y is y[(N - 1 - i) * 2] */
		double a, b;
		if (t == CUDA_R_16F) {
			_Float16 ha, hb;
			memcpy(&ha, &x[i], 2), memcpy(&hb, &y[(N - 1 - i) * 2], 2);
			a = ha, b = hb;
		} else {
			a = bf16_to_float(x[i]), b = bf16_to_float(y[(N - 1 - i) * 2]);
		}
		ref += a * b, mag += fabs(a * b);
	}
	int st = cublasDotEx(H, N, x, t, 1, y, t, -2, &r16, t, CUDA_R_32F);
	if (t == CUDA_R_16F) {
		_Float16 h;
		memcpy(&h, &r16, 2);
		got = h;
	} else {
		got = bf16_to_float(r16);
	}
	double tol = mag * (t == CUDA_R_16F ? 1.0 / 1024 : 1.0 / 128) + 1e-6;
	tap_ok(!st && fabs(got - ref) <= tol, "DotEx %s, incy -2, execution 32F: %g (want %g)",
	       t == CUDA_R_16F ? "16F" : "16BF", got, ref);
}

/* 2^20 products of v*v (sum 65504 in double): a sequential float sum drifts (half: past 65504, inf) */
static void test_dot_ex_long(void)
{
	enum { N = 1 << 20 };
	uint16_t *h = malloc(N * 2);
	float *f = malloc(N * 4), fr = 0;
	_Float16 v = (_Float16)sqrt(65504.0 / N), r16;
	double ref = (double)N * (double)v * (double)v;

	for (int i = 0; i < N; i++)
		memcpy(&h[i], &v, 2), f[i] = (float)v;
	int st = cublasDotEx(H, N, h, CUDA_R_16F, 1, h, CUDA_R_16F, 1, &r16, CUDA_R_16F, CUDA_R_32F);
	int st2 = cublasDotEx(H, N, f, CUDA_R_32F, 1, f, CUDA_R_32F, 1, &fr, CUDA_R_32F, CUDA_R_32F);
	tap_ok(!st && !st2 && fabs((double)r16 - ref) <= ref / 1024 && fabs(fr - ref) <= ref * 1e-6,
	       "DotEx of 2^20 equal products: 16F %g, 32F %g (want %g, finite)", (double)r16, fr, ref);
	/* cublasSdot too: cuBLAS's tree sum stays within float's rounding of the exact sum */
	float sr = 0;
	int st3 = cublasSdot(H, N, f, 1, f, 1, &sr);
	tap_ok(!st3 && fabs(sr - ref) <= ref * 1e-6, "Sdot of 2^20 equal products: %g (want %g)", sr, ref);
	free(h), free(f);
}

static void test_dot_ex_blas(void)
{
	float fx[9], fy[9], fr = -1, fr2 = -2;
	double dx[9], dy[9], dr = -1, dr2 = -2;
	cuComplex cx[9], cy[9], cr, cr2;

	for (int i = 0; i < 9; i++) {
		fx[i] = (float)urand(), fy[i] = (float)urand(), dx[i] = urand(), dy[i] = urand();
		cx[i].x = (float)urand(), cx[i].y = (float)urand(), cy[i].x = (float)urand(), cy[i].y = (float)urand();
	}
	double fref = 0;
	for (int i = 0; i < 9; i++)
		fref += (double)fx[i] * fy[i];
	int ok = !cublasDotEx(H, 9, fx, CUDA_R_32F, 1, fy, CUDA_R_32F, 1, &fr, CUDA_R_32F, CUDA_R_32F) &&
		 fabs(fr - fref) <= 1e-6 * (1 + fabs(fref));
	(void)fr2;
	ok &= !cublasDotEx(H, 4, dx, CUDA_R_64F, 2, dy, CUDA_R_64F, -2, &dr, CUDA_R_64F, CUDA_R_64F) &&
	      !cublasDdot(H, 4, dx, 2, dy, -2, &dr2) && dr == dr2;
	ok &= !cublasDotcEx(H, 9, cx, CUDA_C_32F, 1, cy, CUDA_C_32F, 1, &cr, CUDA_C_32F, CUDA_C_32F) &&
	      !cublasCdotc(H, 9, cx, 1, cy, 1, &cr2) && cr.x == cr2.x && cr.y == cr2.y;
	ok &= !cublasDotEx(H, 9, cx, CUDA_C_32F, 1, cy, CUDA_C_32F, 1, &cr, CUDA_C_32F, CUDA_C_32F) &&
	      !cublasCdotu(H, 9, cx, 1, cy, 1, &cr2) && cr.x == cr2.x && cr.y == cr2.y;
	tap_ok(ok, "DotEx/DotcEx 32F (= a double loop), 64F (negative increment), C_32F = Ddot, Cdotc, Cdotu");
	int st = cublasDotEx(H, 9, fx, CUDA_R_32F, 1, dy, CUDA_R_64F, 1, &fr, CUDA_R_32F, CUDA_R_32F);
	int st2 = cublasDotEx(H, 9, fx, CUDA_R_16F, 1, fy, CUDA_R_16F, 1, &fr, CUDA_R_16F, CUDA_R_16F);
	int st3 = cublasDotEx(H, 9, fx, CUDA_R_32F, 1, fy, CUDA_R_32F, 1, NULL, CUDA_R_32F, CUDA_R_32F);
	tap_ok(st == CUBLAS_STATUS_NOT_SUPPORTED && st2 == CUBLAS_STATUS_NOT_SUPPORTED &&
		       st3 == CUBLAS_STATUS_INVALID_VALUE,
	       "DotEx: mixed types, 16F execution: NOT_SUPPORTED (%d, %d); no result: INVALID_VALUE (%d)", st, st2, st3);
}

/*
 * GemmEx with 8-bit integer A and B, every op(A), op(B): C int32 (compute
 * 32I, int32 scalars, products summed exactly and the result wrapped to 32
 * bits as integer GPU arithmetic) and C float (compute 32F) against a
 * plain loop; C int8 is NOT_SUPPORTED, as cuBLAS.
 */
static void test_gemm_ex_i8(void)
{
	enum { m = 5, n = 7, k = 300, lda = k + 3, ldb = k + 1, ldc = m + 2 };
	static int8_t a[lda * k], b[ldb * k];
	int32_t c[ldc * n], c0[ldc * n], al = 3, be = -2;
	float fc[ldc * n], fc0[ldc * n], fal = 0.5f, fbe = 2.0f;
	int bad = 0, fbad = 0, runs = 0, fails = 0;

	for (int i = 0; i < lda * k; i++)
		a[i] = (int8_t)(int)(urand() * 128);
	for (int i = 0; i < ldb * k; i++)
		b[i] = (int8_t)(int)(urand() * 128);
	/* one entry near INT32_MAX so that alpha sum + beta C wraps */
	for (int i = 0; i < ldc * n; i++)
		c0[i] = i == 3 ? -2000000000 : (int32_t)(urand() * 1000), fc0[i] = (float)urand();
	for (int ta = 0; ta <= 1; ta++)
		for (int tb = 0; tb <= 1; tb++) {
			cublasOperation_t oa = ta ? CUBLAS_OP_T : CUBLAS_OP_N, ob = tb ? CUBLAS_OP_T : CUBLAS_OP_N;
			memcpy(c, c0, sizeof(c)), memcpy(fc, fc0, sizeof(fc));
			int st = cublasGemmEx(H, oa, ob, m, n, k, &al, a, CUDA_R_8I, lda, b, CUDA_R_8I, ldb, &be, c,
					      CUDA_R_32I, ldc, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
			int st2 = cublasGemmEx(H, oa, ob, m, n, k, &fal, a, CUDA_R_8I, lda, b, CUDA_R_8I, ldb, &fbe, fc,
					       CUDA_R_32F, ldc, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
			fails += st != 0 || st2 != 0;
			runs++;
			for (int j = 0; j < n; j++)
				for (int i = 0; i < m; i++) {
					long long s = 0;
					for (int l = 0; l < k; l++)
						s += (long long)(ta ? a[l + i * lda] : a[i + l * lda]) *
						     (tb ? b[j + l * ldb] : b[l + j * ldb]);
					long long r = al * s + be * (long long)c0[i + j * ldc];
					bad += c[i + j * ldc] != (int32_t)(uint32_t)(unsigned long long)r;
					double fr = fal * (double)s + fbe * (double)fc0[i + j * ldc];
					fbad += fabs(fc[i + j * ldc] - fr) > 1e-6 * (1 + fabs(fr));
				}
		}
	tap_ok(fails == 0 && bad == 0 && fbad == 0,
	       "GemmEx 8I x 8I, op N/T x N/T (%d runs): C 32I exact with 32-bit wrap (%d wrong), C 32F (%d wrong)", runs,
	       bad, fbad);
	int st = cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &al, a, CUDA_R_8I, lda, b, CUDA_R_8I, ldb, &be, c,
			      CUDA_R_8I, ldc, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
	int st2 = cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &al, a, CUDA_R_8I, lda, b, CUDA_R_8I, ldb, &be, c,
			       CUDA_R_32I, ldc, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
	tap_ok(st == CUBLAS_STATUS_NOT_SUPPORTED && st2 == CUBLAS_STATUS_NOT_SUPPORTED,
	       "GemmEx 8I with C 8I, or C 32I under compute 32F: NOT_SUPPORTED (%d, %d)", st, st2);
}

static void test_gemm_ex(void)
{
	int m = 4, n = 3, k = 5;
	void *a = rand_buf(PD, 20), *b = rand_buf(PD, 15), *c = rand_buf(PD, 12), *c2 = copy_buf(PD, c, 12);
	double al = 1.5, be = 0.25;
	float fa[20], fb[15], fc[12], fc2[12], fal = 1.5f, fbe = 0.25f;

	int st = cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &al, a, CUDA_R_64F, m, b, CUDA_R_64F, k, &be, c,
			      CUDA_R_64F, m, CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT);
	int st2 = cublasDgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &al, a, m, b, k, &be, c2, m);
	tap_ok(!st && !st2 && !memcmp(c, c2, 12 * 8), "GemmEx 64F is Dgemm");
	for (int i = 0; i < 20; i++)
		fa[i] = (float)urand(), fb[i % 15] = (float)urand(), fc[i % 12] = fc2[i % 12] = (float)urand();
	st = cublasGemmEx(H, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &fal, fa, CUDA_R_32F, k, fb, CUDA_R_32F, k, &fbe, fc,
			  CUDA_R_32F, m, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
	st2 = cublasSgemm(H, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &fal, fa, k, fb, k, &fbe, fc2, m);
	tap_ok(!st && !st2 && !memcmp(fc, fc2, sizeof(fc)), "GemmEx 32F (TF32 compute, tensor-op algo) is Sgemm");
	st = cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &fal, fa, CUDA_R_32F, m, fb, CUDA_R_64F, k, &fbe, fc,
			  CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
	tap_ok(st == CUBLAS_STATUS_NOT_SUPPORTED, "GemmEx with A 32F and B 64F: NOT_SUPPORTED (%d)", st);
	test_gemm_ex_i8();
	test_gemm_ex16(CUDA_R_16F, CUDA_R_32F);
	test_gemm_ex16(CUDA_R_16F, CUDA_R_16F);
	test_gemm_ex16(CUDA_R_16BF, CUDA_R_32F);
	test_gemm_ex16(CUDA_R_16BF, CUDA_R_16BF);
	test_dot_ex(CUDA_R_16F);
	test_dot_ex(CUDA_R_16BF);
	test_dot_ex_blas();
	test_dot_ex_long();
	cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(c2);
}

static void fill_ones(void *p)
{
	for (int i = 0; i < 64; i++)
		((float *)p)[i] = 1.0f;
}

static void test_modes_streams(void)
{
	cublasPointerMode_t pm;
	cudaStream_t s, got;
	float *x, *res, *a, *c, one = 1, zero = 0;
	int ok;

	/* device pointer mode: result written through a cudaMalloc'd pointer */
	cudaMalloc((void **)&x, 64 * 4);
	cudaMalloc((void **)&res, 4);
	for (int i = 0; i < 64; i++)
		x[i] = (float)(i % 5);
	ok = !cublasSetPointerMode(H, CUBLAS_POINTER_MODE_DEVICE) && !cublasGetPointerMode(H, &pm) &&
	     pm == CUBLAS_POINTER_MODE_DEVICE && !cublasSasum(H, 64, x, 1, res);
	float got_sum;
	cudaMemcpy(&got_sum, res, 4, cudaMemcpyDeviceToHost);
	tap_ok(ok && got_sum == 126.0f, "pointer mode device: Sasum writes the device result (%g, want 126)", got_sum);
	cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST);

	/* stream order: a host function queued before the call fills A; the call sees it */
	cudaStreamCreate(&s);
	cudaMalloc((void **)&a, 64 * 4);
	cudaMalloc((void **)&c, 64 * 4);
	memset(a, 0, 64 * 4);
	ok = !cublasSetStream(H, s) && !cublasGetStream(H, &got) && got == s;
	cudaLaunchHostFunc(s, fill_ones, a);
	ok = ok && !cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, a, 8, a, 8, &zero, c, 8);
	cudaStreamSynchronize(s);
	int all8 = 1;
	for (int i = 0; i < 64; i++)
		all8 &= c[i] == 8.0f;
	tap_ok(ok && all8, "Sgemm on a stream runs after the stream's earlier work (C = ones * ones = 8)");
	cublasSetStream(H, 0);
	cudaStreamDestroy(s);
	cudaFree(x), cudaFree(res), cudaFree(a), cudaFree(c);
}

static void test_transfers(void)
{
	double host[5 * 4], back[6 * 4], *dev;
	int ok = 1;

	for (int i = 0; i < 20; i++)
		host[i] = i + 0.5;
	memset(back, 0, sizeof(back));
	cudaMalloc((void **)&dev, 9 * 4 * 8);
	ok &= !cublasSetMatrix(3, 4, 8, host, 5, dev, 9);
	ok &= !cublasGetMatrix(3, 4, 8, dev, 9, back, 6);
	for (int j = 0; j < 4; j++)
		for (int i = 0; i < 6; i++)
			ok &= back[i + j * 6] == (i < 3 ? host[i + j * 5] : 0);
	tap_ok(ok, "SetMatrix/GetMatrix: 3x4 through lds 5, 9, 6");
	ok = !cublasSetVector(4, 8, host, 3, dev, 2) && !cublasGetVectorAsync(4, 8, dev, 2, back, 1, 0);
	for (int i = 0; i < 4; i++)
		ok &= back[i] == host[3 * i];
	tap_ok(ok, "SetVector/GetVectorAsync with strides");
	tap_ok(cublasSetMatrix(3, 4, 8, host, 2, dev, 9) == CUBLAS_STATUS_INVALID_VALUE,
	       "SetMatrix with lda < rows: INVALID_VALUE");
	tap_ok(cublasSetVector(4, 8, host, 0, dev, 1) == CUBLAS_STATUS_INVALID_VALUE,
	       "SetVector with incx 0: INVALID_VALUE");
	cudaFree(dev);
}

static void test_statuses(void)
{
	float a[64] = { 0 }, one = 1, r;
	cublasHandle_t h2;
	int v = 0;

	tap_ok(cublasSgemm(NULL, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, a, 2, a, 2, &one, a, 2) ==
		       CUBLAS_STATUS_NOT_INITIALIZED, "a NULL handle: NOT_INITIALIZED");
	tap_ok(cublasSnrm2(NULL, 2, a, 1, &r) == CUBLAS_STATUS_NOT_INITIALIZED, "Snrm2, NULL handle: NOT_INITIALIZED");
	tap_ok(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 4, 2, 2, &one, a, 3, a, 2, &one, a, 4) ==
		       CUBLAS_STATUS_INVALID_VALUE, "Sgemm with lda < m: INVALID_VALUE");
	tap_ok(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, -1, 2, 2, &one, a, 2, a, 2, &one, a, 2) ==
		       CUBLAS_STATUS_INVALID_VALUE, "Sgemm with m < 0: INVALID_VALUE");
	tap_ok(cublasSgemm(H, (cublasOperation_t)7, CUBLAS_OP_N, 2, 2, 2, &one, a, 2, a, 2, &one, a, 2) ==
		       CUBLAS_STATUS_INVALID_VALUE, "Sgemm with a bad operation: INVALID_VALUE");
	tap_ok(cublasSgemm(H, CUBLAS_OP_T, CUBLAS_OP_N, 4, 2, 3, &one, a, 2, a, 3, &one, a, 4) ==
		       CUBLAS_STATUS_INVALID_VALUE, "Sgemm op(A)=T with lda < k: INVALID_VALUE");
	tap_ok(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, NULL, a, 2, a, 2, &one, a, 2) ==
		       CUBLAS_STATUS_INVALID_VALUE, "Sgemm with alpha NULL: INVALID_VALUE");
	tap_ok(cublasSgemv(H, CUBLAS_OP_N, 2, 2, &one, a, 2, a, 0, &one, a, 1) == CUBLAS_STATUS_INVALID_VALUE,
	       "Sgemv with incx 0: INVALID_VALUE");
	tap_ok(cublasStrsm(H, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_FULL, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 2, 2, &one, a,
			   2, a, 2) == CUBLAS_STATUS_INVALID_VALUE, "Strsm with FILL_MODE_FULL: INVALID_VALUE");
	tap_ok(cublasSsyrk(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, 3, 2, &one, a, 2, &one, a, 3) ==
		       CUBLAS_STATUS_INVALID_VALUE, "Ssyrk with lda < n: INVALID_VALUE");
	tap_ok(cublasSgemmStridedBatched(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, a, 2, 4, a, 2, 4, &one, a, 2, 4,
					 -1) == CUBLAS_STATUS_INVALID_VALUE,
	       "SgemmStridedBatched with batchCount < 0: INVALID_VALUE");
	uint16_t hb[16] = { 0 }, hone = 0x3c00;	/* binary16 bits (C has no __half) */
	tap_ok(cublasHgemm(NULL, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &hone, hb, 2, hb, 2, &hone, hb, 2) ==
		       CUBLAS_STATUS_NOT_INITIALIZED, "Hgemm, NULL handle: NOT_INITIALIZED");
	tap_ok(cublasHgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 4, 2, 2, &hone, hb, 3, hb, 2, &hone, hb, 4) ==
		       CUBLAS_STATUS_INVALID_VALUE, "Hgemm with lda < m: INVALID_VALUE");
	tap_ok(cublasHgemmStridedBatched(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &hone, hb, 2, 4, hb, 2, 4, &hone, hb,
					 2, 4, -1) == CUBLAS_STATUS_INVALID_VALUE,
	       "HgemmStridedBatched with batchCount < 0: INVALID_VALUE");
	tap_ok(cublasSetPointerMode(H, (cublasPointerMode_t)5) == CUBLAS_STATUS_INVALID_VALUE,
	       "SetPointerMode with a bad mode: INVALID_VALUE");
	tap_ok(cublasCreate(NULL) == CUBLAS_STATUS_INVALID_VALUE, "cublasCreate(NULL): INVALID_VALUE");
	tap_ok(cublasDestroy(NULL) == CUBLAS_STATUS_NOT_INITIALIZED, "cublasDestroy(NULL): NOT_INITIALIZED");
	int ok = !cublasCreate(&h2) && !cublasGetVersion(h2, &v) && v == CUBLAS_VERSION && !cublasDestroy(h2);
	tap_ok(ok, "a second handle, its version (%d)", v);
	tap_ok(!strcmp(cublasGetStatusName(CUBLAS_STATUS_INVALID_VALUE), "CUBLAS_STATUS_INVALID_VALUE") &&
		       *cublasGetStatusString(CUBLAS_STATUS_NOT_SUPPORTED),
	       "status names and strings");
	r = 5;
	tap_ok(!cublasSnrm2(H, 0, a, 1, &r) && r == 0, "Snrm2 of n = 0: 0, success");
	int idx = 7;
	tap_ok(!cublasIsamax(H, 3, a, -1, &idx) && idx == 0, "Isamax with incx < 0: 0, success");
}

TAP_TEST(precisions)
{
	for (int p = PS; p <= PZ; p++)
		test_precision((enum prec)p);
}

TAP_TEST(gemm_ex)
{
	test_gemm_ex();
}

TAP_TEST(modes_streams)
{
	test_modes_streams();
}

TAP_TEST(transfers)
{
	test_transfers();
}

TAP_TEST(statuses)
{
	test_statuses();
}

/* ---- cuBLASLt: D = epilogue(alpha op(A) op(B) + beta C) against a loop over the definition ---- */

struct lt_mat {
	cudaDataType t;
	int rows, cols, ld, row_major;
	long long stride; /* between batches, elements */
};

static double lt_get(const struct lt_mat *m, const void *p, int r, int c, int b)
{
	long i = (m->row_major ? (long)r * m->ld + c : r + (long)c * m->ld) + b * m->stride;

	switch (m->t) {
	case CUDA_R_32F: return ((const float *)p)[i];
	case CUDA_R_64F: return ((const double *)p)[i];
	case CUDA_R_16BF: return bf16_to_float(((const uint16_t *)p)[i]);
	default: {
		_Float16 h;
		memcpy(&h, (const uint16_t *)p + i, 2);
		return h;
	}
	}
}

static void lt_put(const struct lt_mat *m, void *p, long i, double v)
{
	switch (m->t) {
	case CUDA_R_32F: ((float *)p)[i] = (float)v; break;
	case CUDA_R_64F: ((double *)p)[i] = v; break;
	case CUDA_R_16BF: {
		float f = (float)v;
		uint32_t u;
		memcpy(&u, &f, 4);
		((uint16_t *)p)[i] = (uint16_t)(u >> 16); /* any bfloat16 will do as input */
		break;
	}
	default: {
		_Float16 h = (_Float16)v;
		memcpy((uint16_t *)p + i, &h, 2);
	}
	}
}

static void *lt_alloc(const struct lt_mat *m, int batches)
{
	size_t elems = (size_t)(m->row_major ? m->rows : m->cols) * m->ld + (size_t)(batches - 1) * m->stride;
	size_t es = m->t == CUDA_R_64F ? 8 : m->t == CUDA_R_32F ? 4 : 2;
	void *p = malloc(elems * es);

	for (size_t i = 0; i < elems; i++)
		lt_put(m, p, (long)i, urand());
	return p;
}

static cublasLtMatrixLayout_t lt_layout(const struct lt_mat *m, int batches)
{
	cublasLtMatrixLayout_t l;
	int32_t order = m->row_major ? CUBLASLT_ORDER_ROW : CUBLASLT_ORDER_COL;

	cublasLtMatrixLayoutCreate(&l, m->t, (uint64_t)m->rows, (uint64_t)m->cols, m->ld);
	cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof(order));
	cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batches, sizeof(batches));
	cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &m->stride, sizeof(m->stride));
	return l;
}

/*
 * One cublasLtMatmul checked element by element: op(A) m x k, op(B) k x n;
 * tol is relative to the sum of |terms| (D's rounding for 16-bit D).
 */
static void lt_case(const char *what, struct lt_mat a, struct lt_mat b, struct lt_mat c, struct lt_mat d,
		    cublasOperation_t ta, cublasOperation_t tb, int batches, int32_t epi, double tol)
{
	cublasLtHandle_t lt;
	cublasLtMatmulDesc_t desc;
	cublasLtMatmulPreference_t pref;
	cublasLtMatmulHeuristicResult_t heur;
	int nres = 0, m = d.rows, n = d.cols, k = ta == CUBLAS_OP_N ? a.cols : a.rows, bad = 0;
	int dbl = a.t == CUDA_R_64F;
	double alpha = 0.75, beta = -0.5;
	float alpha_f = 0.75f, beta_f = -0.5f;
	struct lt_mat bias_m = { d.t, m, 1, m, 0, 0 };
	void *A = lt_alloc(&a, batches), *B = lt_alloc(&b, batches), *C = lt_alloc(&c, batches);
	void *D = lt_alloc(&d, batches), *bias = lt_alloc(&bias_m, 1);

	cublasLtCreate(&lt);
	cublasLtMatmulDescCreate(&desc, dbl ? CUBLAS_COMPUTE_64F : CUBLAS_COMPUTE_32F, dbl ? CUDA_R_64F : CUDA_R_32F);
	cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof(ta));
	cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof(tb));
	cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
	cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
	cublasLtMatrixLayout_t la = lt_layout(&a, batches), lb = lt_layout(&b, batches), lc = lt_layout(&c, batches),
			       ld = lt_layout(&d, batches);
	cublasLtMatmulPreferenceCreate(&pref);
	cublasStatus_t st = cublasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, ld, pref, 1, &heur, &nres);
	if (!st)
		st = cublasLtMatmul(lt, desc, dbl ? (void *)&alpha : (void *)&alpha_f, A, la, B, lb,
				    dbl ? (void *)&beta : (void *)&beta_f, C, lc, D, ld, &heur.algo, NULL, 0, 0);
	for (int bt = 0; bt < batches; bt++)
		for (int i = 0; i < m; i++)
			for (int j = 0; j < n; j++) {
				double s = 0, mag = 0;
				for (int l = 0; l < k; l++) {
					double x = ta == CUBLAS_OP_N ? lt_get(&a, A, i, l, bt) : lt_get(&a, A, l, i, bt);
					double y = tb == CUBLAS_OP_N ? lt_get(&b, B, l, j, bt) : lt_get(&b, B, j, l, bt);
					s += x * y, mag += fabs(x * y);
				}
				double v = alpha * s + beta * lt_get(&c, C, i, j, bt);
				if (epi & CUBLASLT_EPILOGUE_BIAS)
					v += lt_get(&bias_m, bias, i, 0, 0);
				if (epi & CUBLASLT_EPILOGUE_RELU)
					v = v > 0 ? v : 0;
				if (epi & CUBLASLT_EPILOGUE_GELU) /* the tanh form, as cuBLASLt's */
					v = 0.5 * v * (1 + tanh(sqrt(2 / M_PI) * (v + 0.044715 * v * v * v)));
				bad += fabs(lt_get(&d, D, i, j, bt) - v) > tol * (2 + mag);
			}
	tap_ok(!st && nres == 1 && heur.state == CUBLAS_STATUS_SUCCESS && bad == 0, "cublasLtMatmul %s: %d wrong",
	       what, bad);
	cublasLtMatrixLayoutDestroy(la), cublasLtMatrixLayoutDestroy(lb), cublasLtMatrixLayoutDestroy(lc);
	cublasLtMatrixLayoutDestroy(ld), cublasLtMatmulPreferenceDestroy(pref), cublasLtMatmulDescDestroy(desc);
	cublasLtDestroy(lt);
	free(A), free(B), free(C), free(D), free(bias);
}

TAP_TEST(lt_matmul)
{
	/* op(A) 5 x 9, op(B) 9 x 6 */
	lt_case("32F, A^T, lda > rows, alpha/beta", (struct lt_mat){ CUDA_R_32F, 9, 5, 11, 0, 0 },
		(struct lt_mat){ CUDA_R_32F, 9, 6, 10, 0, 0 }, (struct lt_mat){ CUDA_R_32F, 5, 6, 7, 0, 0 },
		(struct lt_mat){ CUDA_R_32F, 5, 6, 8, 0, 0 }, CUBLAS_OP_T, CUBLAS_OP_N, 1, CUBLASLT_EPILOGUE_DEFAULT, 1e-6);
	lt_case("32F, GELU_BIAS (llm.c's QKV form)", (struct lt_mat){ CUDA_R_32F, 9, 5, 9, 0, 0 },
		(struct lt_mat){ CUDA_R_32F, 9, 6, 9, 0, 0 }, (struct lt_mat){ CUDA_R_32F, 5, 6, 5, 0, 0 },
		(struct lt_mat){ CUDA_R_32F, 5, 6, 5, 0, 0 }, CUBLAS_OP_T, CUBLAS_OP_N, 1, CUBLASLT_EPILOGUE_GELU_BIAS, 1e-6);
	lt_case("64F, row order, B^T, 3 strided batches, RELU_BIAS", (struct lt_mat){ CUDA_R_64F, 5, 9, 12, 1, 70 },
		(struct lt_mat){ CUDA_R_64F, 6, 9, 9, 1, 60 }, (struct lt_mat){ CUDA_R_64F, 5, 6, 6, 1, 31 },
		(struct lt_mat){ CUDA_R_64F, 5, 6, 7, 0, 40 }, CUBLAS_OP_N, CUBLAS_OP_T, 3, CUBLASLT_EPILOGUE_RELU_BIAS, 1e-13);
	lt_case("16F inputs and D, BIAS", (struct lt_mat){ CUDA_R_16F, 5, 9, 5, 0, 0 },
		(struct lt_mat){ CUDA_R_16F, 9, 6, 9, 0, 0 }, (struct lt_mat){ CUDA_R_16F, 5, 6, 5, 0, 0 },
		(struct lt_mat){ CUDA_R_16F, 5, 6, 5, 0, 0 }, CUBLAS_OP_N, CUBLAS_OP_N, 1, CUBLASLT_EPILOGUE_BIAS, 1.0 / 1024);
	lt_case("16BF inputs, 32F C and D, A^T B^T", (struct lt_mat){ CUDA_R_16BF, 9, 5, 9, 0, 0 },
		(struct lt_mat){ CUDA_R_16BF, 6, 9, 6, 0, 0 }, (struct lt_mat){ CUDA_R_32F, 5, 6, 5, 0, 0 },
		(struct lt_mat){ CUDA_R_32F, 5, 6, 5, 0, 0 }, CUBLAS_OP_T, CUBLAS_OP_T, 1, CUBLASLT_EPILOGUE_DEFAULT, 1e-6);
}

/*
 * The Init calls (descriptors held by value, as HeCBench mlp-cuda and
 * NVIDIA's LtSgemm sample do): D = relu(A B + bias), A 4 x 3, B 3 x 2,
 * column-major, against plain loops; a size below the descriptor's and a
 * NULL descriptor are INVALID_VALUE.
 */
TAP_TEST(lt_init_by_value)
{
	float a[12], b[6], bias[4] = { 0.5f, -20, 0, 1 }, d[8], one = 1, zero = 0;
	cublasLtHandle_t lt;
	cublasLtMatmulDescOpaque_t op = {};
	cublasLtMatrixLayoutOpaque_t la = {}, lb = {}, lc = {};
	cublasLtMatmulPreferenceOpaque_t pref = {};
	cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_RELU_BIAS;
	const float *biasp = bias;
	int wrong = 0;

	for (int i = 0; i < 12; i++)
		a[i] = (float)(i % 5) - 2;
	for (int i = 0; i < 6; i++)
		b[i] = (float)i * 0.5f - 1;
	cublasLtCreate(&lt);
	cublasStatus_t st = cublasLtMatmulDescInit(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
	st = st ? st : cublasLtMatmulDescSetAttribute(&op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
	st = st ? st : cublasLtMatmulDescSetAttribute(&op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &biasp, sizeof(biasp));
	st = st ? st : cublasLtMatrixLayoutInit(&la, CUDA_R_32F, 4, 3, 4);
	st = st ? st : cublasLtMatrixLayoutInit(&lb, CUDA_R_32F, 3, 2, 3);
	st = st ? st : cublasLtMatrixLayoutInit(&lc, CUDA_R_32F, 4, 2, 4);
	st = st ? st : cublasLtMatmulPreferenceInit(&pref);
	st = st ? st : cublasLtMatmul(lt, &op, &one, a, &la, b, &lb, &zero, d, &lc, d, &lc, NULL, NULL, 0, 0);
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 2; j++) {
			float s = bias[i];
			for (int k = 0; k < 3; k++)
				s += a[i + 4 * k] * b[k + 3 * j];
			wrong += d[i + 4 * j] != (s > 0 ? s : 0);
		}
	tap_ok(!st && wrong == 0, "cublasLt Init calls on descriptors held by value: D = relu(A B + bias) (%d wrong)",
	       wrong);
	tap_ok(cublasLtMatmulDescInit_internal(&op, sizeof(op) - 1, CUBLAS_COMPUTE_32F, CUDA_R_32F) ==
			       CUBLAS_STATUS_INVALID_VALUE &&
		       cublasLtMatrixLayoutInit_internal(&la, 8, CUDA_R_32F, 4, 3, 4) == CUBLAS_STATUS_INVALID_VALUE &&
		       cublasLtMatmulPreferenceInit_internal(NULL, sizeof(pref)) == CUBLAS_STATUS_INVALID_VALUE,
	       "cublasLt Init: a size below the descriptor's or no descriptor is INVALID_VALUE");
	cublasLtDestroy(lt);
}

TAP_TEST(lt_statuses)
{
	cublasLtHandle_t lt;
	cublasLtMatmulDesc_t desc;
	cublasLtMatrixLayout_t l53, l35, l55, lc;
	float x[64] = { 0 }, one = 1, zero = 0;
	int32_t epi = CUBLASLT_EPILOGUE_GELU_AUX, got = 0;
	size_t written = 0;

	cublasLtCreate(&lt);
	cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F);
	cublasLtMatrixLayoutCreate(&l53, CUDA_R_32F, 5, 3, 5);
	cublasLtMatrixLayoutCreate(&l35, CUDA_R_32F, 3, 5, 3);
	cublasLtMatrixLayoutCreate(&l55, CUDA_R_32F, 5, 5, 5);
	cublasLtMatrixLayoutCreate(&lc, CUDA_C_32F, 5, 5, 5);
	tap_ok(cublasLtMatmul(NULL, desc, &one, x, l53, x, l35, &zero, x, l53, x, l53, NULL, NULL, 0, 0) ==
		       CUBLAS_STATUS_NOT_INITIALIZED,
	       "cublasLtMatmul: a NULL handle is NOT_INITIALIZED");
	tap_ok(cublasLtMatmul(lt, desc, &one, x, l53, x, l53, &zero, x, l53, x, l53, NULL, NULL, 0, 0) ==
		       CUBLAS_STATUS_INVALID_VALUE,
	       "cublasLtMatmul: inner dimensions that differ are INVALID_VALUE");
	tap_ok(cublasLtMatmul(lt, desc, &one, x, lc, x, lc, &zero, x, lc, x, lc, NULL, NULL, 0, 0) ==
		       CUBLAS_STATUS_NOT_SUPPORTED,
	       "cublasLtMatmul: complex types are NOT_SUPPORTED");
	cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
	tap_ok(cublasLtMatmul(lt, desc, &one, x, l53, x, l35, &zero, x, l55, x, l55, NULL, NULL, 0, 0) ==
		       CUBLAS_STATUS_NOT_SUPPORTED,
	       "cublasLtMatmul: the AUX epilogues are NOT_SUPPORTED");
	tap_ok(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, 2) ==
			       CUBLAS_STATUS_INVALID_VALUE &&
		       cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, NULL, 0, &written) == 0 &&
		       written == 4 &&
		       cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &got, 4, NULL) == 0 &&
		       got == CUBLASLT_EPILOGUE_GELU_AUX,
	       "attributes: a wrong size is INVALID_VALUE, the size query answers 4, the value reads back");
	cublasLtMatrixLayoutDestroy(l53), cublasLtMatrixLayoutDestroy(l35), cublasLtMatrixLayoutDestroy(lc);
	cublasLtMatrixLayoutDestroy(l55);
	cublasLtMatmulDescDestroy(desc);
	tap_ok(cublasLtDestroy(lt) == 0 && cublasLtDestroy(NULL) == CUBLAS_STATUS_NOT_INITIALIZED, "cublasLtDestroy");
}

int main(int argc, char **argv)
{
	int rc;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	xorshift_seed(0x9e3779b97f4a7c15ull);
	if (!tap_ok(cublasCreate(&H) == CUBLAS_STATUS_SUCCESS, "cublasCreate"))
		return tap_done();
	rc = tap_run(argc, argv);
	if (rc >= 0)
		return rc;
	tap_ok(cublasDestroy(H) == CUBLAS_STATUS_SUCCESS, "cublasDestroy");
	return tap_done();
}
