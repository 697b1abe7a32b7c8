// SPDX-License-Identifier: MIT
/*
 * test_cublas_packed.c - lib/cublas's banded, packed, symmetric/Hermitian
 * level 2 routines and rank updates (gbmv, tbmv, tbsv, tpmv, tpsv, sbmv,
 * spmv, spr, spr2, syr, syr2, hbmv, hpmv, her, her2, hpr, hpr2) against a
 * dense matrix built here first and then stored in the routine's format
 * (the storage rules of the BLAS reference, written here): products against
 * naive loops over the dense matrix, solves by their residual, updates by
 * the stored triangle (and, for full storage, the other one untouched).
 * References in double complex; tolerance as test_cublas.c: tol * (1 + |ref|)
 * per element, 1e-4 single, 1e-11 double.
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

#define N  6
#define LD 9 /* leading dimension of every stored matrix: more than its rows */

static const double tols[] = {1e-4, 1e-11, 1e-4, 1e-11};
static cublasHandle_t H;

static dc rnd(enum prec p)
{
	return cplx(p) ? urand() + I * urand() : urand();
}

static void *buf(enum prec p, long n)
{
	void *b = NULL;

	cudaMalloc(&b, esz[p] * (size_t)n);
	memset(b, 0, esz[p] * (size_t)n);
	return b;
}

static void *rand_vec(enum prec p, long n, dc *copy)
{
	void *b = buf(p, n);

	for (long i = 0; i < n; i++) {
		put(p, b, i, rnd(p));
		copy[i] = get(p, b, i); /* the value as stored (rounded to the precision) */
	}
	return b;
}

static double rel(dc got, dc ref)
{
	return cabs(got - ref) / (1 + cabs(ref));
}

/*
 * A dense n x n matrix of the kind named: 'g' general, 's' symmetric, 'h'
 * Hermitian (real diagonal), 't' triangular of triangle up with a strong
 * diagonal (a solve stays well conditioned); entries outside kl sub- and ku
 * super-diagonals are zero (the band).  Rounded to precision p.
 */
static void dense(enum prec p, char kind, int up, int kl, int ku, dc a[N][N])
{
	void *tmp = buf(p, 1);

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			dc v = rnd(p);

			if (i - j > kl || j - i > ku || (kind == 't' && (up ? i > j : i < j)) ||
			    (kind != 'g' && kind != 't' && i > j)) {
				a[i][j] = 0;
				continue;
			}
			if (kind == 't' && i == j)
				v += 4;
			if (kind == 'h' && i == j)
				v = creal(v);
			put(p, tmp, 0, v);
			a[i][j] = get(p, tmp, 0);
		}
	for (int i = 0; i < N; i++) /* the lower half of s and h from the upper */
		for (int j = 0; j < i; j++)
			if (kind == 's' || kind == 'h')
				a[i][j] = kind == 'h' ? conj(a[j][i]) : a[j][i];
	cudaFree(tmp);
}

/* band storage: A(i, j) at row ku + i - j of column j (ku: super-diagonals kept) */
static void *to_band(enum prec p, dc a[N][N], int kl, int ku)
{
	void *b = buf(p, (long)LD * N);

	for (int j = 0; j < N; j++)
		for (int i = j - ku < 0 ? 0 : j - ku; i <= j + kl && i < N; i++)
			put(p, b, ku + i - j + (long)j * LD, a[i][j]);
	return b;
}

/* packed storage of the triangle up (1: upper) column by column */
static long pk(int up, int i, int j)
{
	return up ? i + (long)j * (j + 1) / 2 : i + (long)(2 * N - j - 1) * j / 2;
}

static void *to_packed(enum prec p, dc a[N][N], int up)
{
	void *b = buf(p, (long)N * (N + 1) / 2);

	for (int j = 0; j < N; j++)
		for (int i = up ? 0 : j; up ? i <= j : i < N; i++)
			put(p, b, pk(up, i, j), a[i][j]);
	return b;
}

static void *to_full(enum prec p, dc a[N][N])
{
	void *b = buf(p, (long)LD * N);

	for (int j = 0; j < N; j++)
		for (int i = 0; i < N; i++)
			put(p, b, i + (long)j * LD, a[i][j]);
	return b;
}

static dc op_at(dc a[N][N], cublasOperation_t op, int i, int j)
{
	return op == CUBLAS_OP_N ? a[i][j] : op == CUBLAS_OP_T ? a[j][i] : conj(a[j][i]);
}

/* y = alpha A x + beta y for the dense A: the largest error of got */
static double mv_err(enum prec p, dc a[N][N], cublasOperation_t op, dc al, const dc *x, dc be,
		     const dc *y0, const void *got)
{
	double e = 0;

	for (int i = 0; i < N; i++) {
		dc s = 0;

		for (int j = 0; j < N; j++)
			s += op_at(a, op, i, j) * x[j];
		e = fmax(e, rel(get(p, got, i), al * s + be * y0[i]));
	}
	return e;
}

static const cublasFillMode_t fills[] = {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER};
static const cublasOperation_t ops[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};

#define CALL4(p, name, ...)                                                                        \
	((p) == PS   ? cublasS##name(__VA_ARGS__)                                                  \
	 : (p) == PD ? cublasD##name(__VA_ARGS__)                                                  \
	 : (p) == PC ? cublasC##name(__VA_ARGS__)                                                  \
		     : cublasZ##name(__VA_ARGS__))
#define CALL_REAL(p, name, ...)                                                                    \
	((p) == PS ? cublasS##name(__VA_ARGS__) : cublasD##name(__VA_ARGS__))
#define CALL_CPLX(p, name, ...)                                                                    \
	((p) == PC ? cublasC##name(__VA_ARGS__) : cublasZ##name(__VA_ARGS__))

static void test_gbmv(enum prec p, cublasOperation_t op)
{
	dc a[N][N], x[N], y[N], al, be;
	int kl = 2, ku = 1;

	dense(p, 'g', 0, kl, ku, a);
	void *ab = to_band(p, a, kl, ku), *dx = rand_vec(p, N, x), *dy = rand_vec(p, N, y);
	void *dal = rand_vec(p, 1, &al), *dbe = rand_vec(p, 1, &be);
	int st = CALL4(p, gbmv, H, op, N, N, kl, ku, dal, ab, LD, dx, 1, dbe, dy, 1);
	double e = mv_err(p, a, op, al, x, be, y, dy);

	tap_ok(!st && e <= tols[p], "%cgbmv op %d, 2 sub- and 1 super-diagonal (err %.2g)",
	       pname[p], op, e);
	cudaFree(ab), cudaFree(dx), cudaFree(dy), cudaFree(dal), cudaFree(dbe);
}

/* tbmv/tpmv: x = op(T) x; tbsv/tpsv: op(T) x = b checked by its residual */
static void test_tri(enum prec p, int up, cublasOperation_t op, int packed)
{
	dc a[N][N], x[N], b[N], r;
	int k = 2;
	cublasFillMode_t f = fills[up];

	dense(p, 't', up, packed ? N : k, packed ? N : k, a);
	void *at = packed ? to_packed(p, a, up) : to_band(p, a, up ? 0 : k, up ? k : 0);
	/* band storage of a triangle: row k (upper) or 0 (lower) holds the diagonal */
	void *dx = rand_vec(p, N, x), *db = rand_vec(p, N, b);
	int st = packed ? CALL4(p, tpmv, H, f, op, CUBLAS_DIAG_NON_UNIT, N, at, dx, 1)
			: CALL4(p, tbmv, H, f, op, CUBLAS_DIAG_NON_UNIT, N, k, at, LD, dx, 1);
	double e = mv_err(p, a, op, 1, x, 0, x, dx);

	tap_ok(!st && e <= tols[p], "%ct%cmv %s op %d (err %.2g)", pname[p], packed ? 'p' : 'b',
	       up ? "upper" : "lower", op, e);
	st = packed ? CALL4(p, tpsv, H, f, op, CUBLAS_DIAG_NON_UNIT, N, at, db, 1)
		    : CALL4(p, tbsv, H, f, op, CUBLAS_DIAG_NON_UNIT, N, k, at, LD, db, 1);
	e = 0;
	for (int i = 0; i < N; i++) {
		r = 0;
		for (int j = 0; j < N; j++)
			r += op_at(a, op, i, j) * get(p, db, j);
		e = fmax(e, rel(r, b[i]));
	}
	tap_ok(!st && e <= 10 * tols[p], "%ct%csv %s op %d: op(T) x = b (err %.2g)", pname[p],
	       packed ? 'p' : 'b', up ? "upper" : "lower", op, e);
	cudaFree(at), cudaFree(dx), cudaFree(db);
}

/* sbmv/spmv (real) and hbmv/hpmv (complex): y = alpha A x + beta y, A stored by one triangle */
static void test_sym_mv(enum prec p, int up, int packed)
{
	dc a[N][N], x[N], y[N], al, be;
	int k = 2, herm = cplx(p);
	cublasFillMode_t f = fills[up];

	dense(p, herm ? 'h' : 's', up, packed ? N : k, packed ? N : k, a);
	void *as = packed ? to_packed(p, a, up) : to_band(p, a, up ? 0 : k, up ? k : 0);
	void *dx = rand_vec(p, N, x), *dy = rand_vec(p, N, y);
	void *dal = rand_vec(p, 1, &al), *dbe = rand_vec(p, 1, &be);
	int st;

	if (herm)
		st = packed ? CALL_CPLX(p, hpmv, H, f, N, dal, as, dx, 1, dbe, dy, 1)
			    : CALL_CPLX(p, hbmv, H, f, N, k, dal, as, LD, dx, 1, dbe, dy, 1);
	else
		st = packed ? CALL_REAL(p, spmv, H, f, N, dal, as, dx, 1, dbe, dy, 1)
			    : CALL_REAL(p, sbmv, H, f, N, k, dal, as, LD, dx, 1, dbe, dy, 1);
	double e = mv_err(p, a, CUBLAS_OP_N, al, x, be, y, dy);

	tap_ok(!st && e <= tols[p], "%c%s%cmv %s (err %.2g)", pname[p], herm ? "h" : "s",
	       packed ? 'p' : 'b', up ? "upper" : "lower", e);
	cudaFree(as), cudaFree(dx), cudaFree(dy), cudaFree(dal), cudaFree(dbe);
}

/*
 * Rank updates of a symmetric (syr, syr2, spr, spr2) or Hermitian (her,
 * her2, hpr, hpr2) matrix: A += alpha x y' (+ y x' for rank 2), ' the
 * transpose or the conjugate transpose; the real alpha of her/hpr.
 */
static void test_rank(enum prec p, int up, int two, int herm, int packed)
{
	dc a[N][N], x[N], y[N], al, ref;
	cublasFillMode_t f = fills[up];
	double e = 0, untouched = 1;

	dense(p, herm ? 'h' : 's', up, N, N, a);
	void *as = packed ? to_packed(p, a, up) : to_full(p, a);
	void *dx = rand_vec(p, N, x), *dy = rand_vec(p, N, y), *dal = rand_vec(p, 1, &al);
	void *ral = buf(p == PC ? PS : PD, 1); /* her/hpr: a real alpha */
	int st;

	put(p == PC ? PS : PD, ral, 0, creal(al));
	if (herm && !two)
		al = creal(al);
	if (herm && !two)
		st = packed ? CALL_CPLX(p, hpr, H, f, N, ral, dx, 1, as)
			    : CALL_CPLX(p, her, H, f, N, ral, dx, 1, as, LD);
	else if (herm)
		st = packed ? CALL_CPLX(p, hpr2, H, f, N, dal, dx, 1, dy, 1, as)
			    : CALL_CPLX(p, her2, H, f, N, dal, dx, 1, dy, 1, as, LD);
	else if (packed)
		st = two ? CALL_REAL(p, spr2, H, f, N, dal, dx, 1, dy, 1, as)
			 : CALL_REAL(p, spr, H, f, N, dal, dx, 1, as);
	else
		st = two ? CALL4(p, syr2, H, f, N, dal, dx, 1, dy, 1, as, LD)
			 : CALL4(p, syr, H, f, N, dal, dx, 1, as, LD);
	for (int j = 0; j < N; j++)
		for (int i = 0; i < N; i++) {
			int stored = up ? i <= j : i >= j;
			dc yj = two ? y[j] : x[j], yi = two ? y[i] : x[i];

			if (!stored) {
				if (!packed && get(p, as, i + (long)j * LD) != a[i][j])
					untouched = 0;
				continue;
			}
			if (herm)
				ref = a[i][j] + al * x[i] * conj(yj) +
				      (two ? conj(al) * yi * conj(x[j]) : 0);
			else
				ref = a[i][j] + al * x[i] * yj + (two ? al * yi * x[j] : 0);
			e = fmax(e, rel(get(p, as, packed ? pk(up, i, j) : i + (long)j * LD), ref));
		}
	tap_ok(!st && e <= tols[p] && untouched, "%c%s%s %s: the stored triangle (err %.2g)%s",
	       pname[p], herm ? (packed ? "hpr" : "her") : (packed ? "spr" : "syr"), two ? "2" : "",
	       up ? "upper" : "lower", e, packed ? "" : ", the other untouched");
	cudaFree(as), cudaFree(dx), cudaFree(dy), cudaFree(dal), cudaFree(ral);
}

TAP_TEST(banded_triangular)
{
	for (int p = PS; p <= PZ; p++)
		for (int o = 0; o < 3; o++) {
			test_gbmv(p, ops[o]);
			for (int up = 0; up < 2; up++) {
				test_tri(p, up, ops[o], 0);
				test_tri(p, up, ops[o], 1);
			}
		}
}

TAP_TEST(symmetric_hermitian)
{
	for (int p = PS; p <= PZ; p++)
		for (int up = 0; up < 2; up++) {
			test_sym_mv(p, up, 0);
			test_sym_mv(p, up, 1);
			for (int two = 0; two < 2; two++) {
				test_rank(p, up, two, 0, 0);	   /* syr, syr2: every precision */
				test_rank(p, up, two, cplx(p), 1); /* spr (real), hpr (complex) */
				if (cplx(p))
					test_rank(p, up, two, 1, 0); /* her, her2 */
			}
		}
}

TAP_TEST(statuses)
{
	double a[LD * N] = {0}, x[N] = {0}, one = 1;

	tap_ok(cublasDgbmv(H, CUBLAS_OP_N, N, N, 2, 1, &one, a, 3, x, 1, &one, x, 1) ==
		   CUBLAS_STATUS_INVALID_VALUE,
	       "gbmv: lda < kl + ku + 1 is INVALID_VALUE");
	tap_ok(cublasDtbsv(H, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, N, -1, a,
			   LD, x, 1) == CUBLAS_STATUS_INVALID_VALUE,
	       "tbsv: k < 0 is INVALID_VALUE");
	tap_ok(cublasDspr(H, CUBLAS_FILL_MODE_UPPER, N, &one, x, 0, a) ==
		   CUBLAS_STATUS_INVALID_VALUE,
	       "spr: incx 0 is INVALID_VALUE");
	tap_ok(cublasDsyr(H, CUBLAS_FILL_MODE_UPPER, N, &one, x, 1, a, N - 1) ==
		   CUBLAS_STATUS_INVALID_VALUE,
	       "syr: lda < n is INVALID_VALUE");
	tap_ok(cublasZher(NULL, CUBLAS_FILL_MODE_UPPER, N, &one, (cuDoubleComplex *)x, 1,
			  (cuDoubleComplex *)a, LD) == CUBLAS_STATUS_NOT_INITIALIZED,
	       "her: no handle is NOT_INITIALIZED");
	tap_ok(cublasDtpmv(H, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, 0, a, x,
			   1) == 0,
	       "tpmv: n = 0 does nothing and succeeds");
}

int main(int argc, char **argv)
{
	int rc;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	xorshift_seed(0x2545f4914f6cdd1dull);
	if (!tap_ok(cublasCreate(&H) == CUBLAS_STATUS_SUCCESS, "cublasCreate"))
		return tap_done();
	rc = tap_run(argc, argv);
	if (rc >= 0)
		return rc;
	tap_ok(cublasDestroy(H) == CUBLAS_STATUS_SUCCESS, "cublasDestroy");
	return tap_done();
}
