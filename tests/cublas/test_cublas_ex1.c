// SPDX-License-Identifier: MIT
/*
 * test_cublas_ex1.c - lib/cublas's mixed-precision level-1 calls (Nrm2Ex,
 * AsumEx, AxpyEx, ScalEx, RotEx, CopyEx, SwapEx, IamaxEx, IaminEx) and the
 * complex-sine rotations cublasCrot/Zrot.
 *
 * The four BLAS types against loops written here in double complex
 * (tolerance tol * (1 + |ref|)).  Half and bfloat16 vectors hold eighths
 * of small integers, so that every product and sum of the calls is exact
 * in float and in the 16-bit type: the results must equal the loops' bit
 * for bit (nrm2 on a vector whose norm is an integer: 3, 4, 12, 84 -> 85).
 * The reference encodes half with the compiler's _Float16 and bfloat16 by
 * truncating a float (exact for these values), not with lib/cublas's code.
 */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "blas_prec.h"
#include "xorshift.h"
#include "tap.h"

static const double tols[] = {1e-5, 1e-12, 1e-5, 1e-12};
static const cudaDataType blas_type[] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F};
static const cudaDataType real_type[] = {CUDA_R_32F, CUDA_R_64F, CUDA_R_32F, CUDA_R_64F};
static cublasHandle_t H;

/* element i of a BLAS vector of n with increment inc, as the reference walks it */
static long at(int n, int inc, int i)
{
	return inc >= 0 ? (long)i * inc : (long)(n - 1 - i) * -inc;
}
static long span(int n, int inc)
{
	return 1 + (long)(n - 1) * labs(inc);
}
static double rel(dc got, dc ref)
{
	return cabs(got - ref) / (1 + cabs(ref));
}

static void *rand_vec(enum prec p, long len)
{
	void *v = malloc(esz[p] * (size_t)len);

	for (long i = 0; i < len; i++)
		put(p, v, i, cplx(p) ? urand() + I * urand() : urand());
	return v;
}

static double abs1(enum prec p, dc v)
{
	return cplx(p) ? fabs(creal(v)) + fabs(cimag(v)) : fabs(creal(v));
}

static void test_reductions(enum prec p, int n, int inc)
{
	void *x = rand_vec(p, span(n, inc));
	double nrm = 0, asum = 0, got_nrm[2] = {-1, -1}, got_asum[2] = {-1, -1};
	int imax = 0, imin = 0, got_imax = -1, got_imin = -1;

	for (int i = 0; i < n; i++) {
		dc v = get(p, x, at(n, inc, i));

		nrm += creal(v * conj(v));
		asum += abs1(p, v);
		if (abs1(p, v) > abs1(p, get(p, x, at(n, inc, imax))))
			imax = i;
		if (abs1(p, v) < abs1(p, get(p, x, at(n, inc, imin))))
			imin = i;
	}
	int st = cublasNrm2Ex(H, n, x, blas_type[p], inc, got_nrm, real_type[p], real_type[p]) |
		 cublasAsumEx(H, n, x, blas_type[p], inc, got_asum, real_type[p], real_type[p]) |
		 cublasIamaxEx(H, n, x, blas_type[p], inc, &got_imax) |
		 cublasIaminEx(H, n, x, blas_type[p], inc, &got_imin);
	if (inc <= 0) /* BLAS: a vector with a non-positive increment has no elements here */
		nrm = asum = 0, imax = imin = -1;
	double e_nrm = rel(get(real_type[p] == CUDA_R_32F ? PS : PD, got_nrm, 0), sqrt(nrm));
	double e_asum = rel(get(real_type[p] == CUDA_R_32F ? PS : PD, got_asum, 0), asum);

	tap_ok(!st && e_nrm <= tols[p] && e_asum <= tols[p] && got_imax == imax + 1 &&
		   got_imin == imin + 1,
	       "%c: Nrm2Ex, AsumEx, IamaxEx, IaminEx n %d inc %d (err %.2g, %.2g; max %d want %d, "
	       "min %d want %d)",
	       pname[p], n, inc, e_nrm, e_asum, got_imax, imax + 1, got_imin, imin + 1);
	free(x);
}

static void test_axpy_scal(enum prec p, int n, int incx, int incy)
{
	void *x = rand_vec(p, span(n, incx)), *y = rand_vec(p, span(n, incy)),
	     *y0 = rand_vec(p, span(n, incy));
	void *alpha = rand_vec(p, 1);
	dc a = get(p, alpha, 0);
	double e = 0;

	memcpy(y0, y, esz[p] * (size_t)span(n, incy));
	int st = cublasAxpyEx(H, n, alpha, blas_type[p], x, blas_type[p], incx, y, blas_type[p],
			      incy, blas_type[p]);
	for (int i = 0; i < n; i++)
		e = fmax(e, rel(get(p, y, at(n, incy, i)),
				a * get(p, x, at(n, incx, i)) + get(p, y0, at(n, incy, i))));
	tap_ok(!st && e <= tols[p], "%c: AxpyEx n %d incx %d incy %d (err %.2g)", pname[p], n, incx,
	       incy, e);

	memcpy(y0, y, esz[p] * (size_t)span(n, incy));
	st = cublasScalEx(H, n, alpha, blas_type[p], y, blas_type[p], incy, blas_type[p]);
	e = 0;
	for (int i = 0; incy > 0 && i < n; i++)
		e = fmax(e, rel(get(p, y, at(n, incy, i)), a * get(p, y0, at(n, incy, i))));
	tap_ok(!st && e <= tols[p], "%c: ScalEx n %d inc %d (err %.2g)", pname[p], n, incy, e);
	free(x), free(y), free(y0), free(alpha);
}

/* RotEx with a real c and s (S, D, Cs, Zd); copy and swap */
static void test_rot_move(enum prec p, int n, int incx, int incy)
{
	void *x = rand_vec(p, span(n, incx)), *y = rand_vec(p, span(n, incy));
	void *x0 = malloc(esz[p] * (size_t)span(n, incx)),
	     *y0 = malloc(esz[p] * (size_t)span(n, incy));
	double c = 0.6, s = -0.8, e = 0;
	float cf = (float)c, sf = (float)s;
	const void *cp = real_type[p] == CUDA_R_32F ? (const void *)&cf : &c;
	const void *sp = real_type[p] == CUDA_R_32F ? (const void *)&sf : &s;

	memcpy(x0, x, esz[p] * (size_t)span(n, incx));
	memcpy(y0, y, esz[p] * (size_t)span(n, incy));
	int st = cublasRotEx(H, n, x, blas_type[p], incx, y, blas_type[p], incy, cp, sp,
			     real_type[p], blas_type[p]);
	for (int i = 0; i < n; i++) {
		dc xv = get(p, x0, at(n, incx, i)), yv = get(p, y0, at(n, incy, i));

		e = fmax(e, rel(get(p, x, at(n, incx, i)), c * xv + s * yv));
		e = fmax(e, rel(get(p, y, at(n, incy, i)), c * yv - s * xv));
	}
	tap_ok(!st && e <= tols[p], "%c: RotEx, real c and s, n %d incx %d incy %d (err %.2g)",
	       pname[p], n, incx, incy, e);

	memcpy(x0, x, esz[p] * (size_t)span(n, incx));
	memcpy(y0, y, esz[p] * (size_t)span(n, incy));
	st = cublasSwapEx(H, n, x, blas_type[p], incx, y, blas_type[p], incy);
	int same = 1;

	for (int i = 0; i < n; i++)
		same &= get(p, x, at(n, incx, i)) == get(p, y0, at(n, incy, i)) &&
			get(p, y, at(n, incy, i)) == get(p, x0, at(n, incx, i));
	st |= cublasCopyEx(H, n, x, blas_type[p], incx, y, blas_type[p], incy);
	for (int i = 0; i < n; i++)
		same &= get(p, y, at(n, incy, i)) == get(p, x, at(n, incx, i));
	tap_ok(!st && same, "%c: SwapEx then CopyEx n %d incx %d incy %d", pname[p], n, incx, incy);
	free(x), free(y), free(x0), free(y0);
}

/* LAPACK CROT: x <- c x + s y, y <- c y - conj(s) x; through cublasC/Zrot and RotEx with a complex
 * c */
static void test_crot(enum prec p, int n, int incx, int incy, int through_ex)
{
	void *x = rand_vec(p, span(n, incx)), *y = rand_vec(p, span(n, incy));
	void *x0 = malloc(esz[p] * (size_t)span(n, incx)),
	     *y0 = malloc(esz[p] * (size_t)span(n, incy));
	void *sv = rand_vec(p, 1), *cv = rand_vec(p, 1);
	dc s = get(p, sv, 0);
	double c = creal(get(p, cv, 0)), e = 0;
	int st;

	memcpy(x0, x, esz[p] * (size_t)span(n, incx));
	memcpy(y0, y, esz[p] * (size_t)span(n, incy));
	if (through_ex) /* c's imaginary part is random: it must be ignored */
		st = cublasRotEx(H, n, x, blas_type[p], incx, y, blas_type[p], incy, cv, sv,
				 blas_type[p], blas_type[p]);
	else if (p == PC)
		st = cublasCrot(H, n, x, incx, y, incy, cv, sv);
	else
		st = cublasZrot_v2(H, n, x, incx, y, incy, cv, sv);
	for (int i = 0; i < n; i++) {
		dc xv = get(p, x0, at(n, incx, i)), yv = get(p, y0, at(n, incy, i));

		e = fmax(e, rel(get(p, x, at(n, incx, i)), c * xv + s * yv));
		e = fmax(e, rel(get(p, y, at(n, incy, i)), c * yv - conj(s) * xv));
	}
	tap_ok(!st && e <= tols[p], "%c: %s, complex s, n %d incx %d incy %d (err %.2g)", pname[p],
	       through_ex ? "RotEx" : "rot", n, incx, incy, e);
	free(x), free(y), free(x0), free(y0), free(sv), free(cv);
}

TAP_TEST(blas_types)
{
	static const int incs[][2] = {{1, 1}, {2, -1}, {-3, 2}};

	for (int p = PS; p <= PZ; p++)
		for (int k = 0; k < 3; k++) {
			test_reductions(p, 37, incs[k][0]);
			test_axpy_scal(p, 29, incs[k][0], incs[k][1]);
			test_rot_move(p, 23, incs[k][0], incs[k][1]);
		}
	for (int p = PC; p <= PZ; p++)
		for (int k = 0; k < 3; k++) {
			test_crot(p, 19, incs[k][0], incs[k][1], 0);
			test_crot(p, 19, incs[k][0], incs[k][1], 1);
		}
}

/* the 16-bit encodings, written here: half by _Float16, bfloat16 by truncation */
static uint16_t enc16(double v, cudaDataType t)
{
	uint16_t b;

	if (t == CUDA_R_16F) {
		_Float16 h = (_Float16)v;

		memcpy(&b, &h, 2);
	} else {
		float f = (float)v;
		uint32_t u;

		memcpy(&u, &f, 4);
		b = (uint16_t)(u >> 16);
	}
	return b;
}

static double dec16(uint16_t b, cudaDataType t)
{
	if (t == CUDA_R_16F) {
		_Float16 h;

		memcpy(&h, &b, 2);
		return h;
	}
	uint32_t u = (uint32_t)b << 16;
	float f;

	memcpy(&f, &u, 4);
	return f;
}

/* eighths of integers in [-32, 32]: exact in both 16-bit types, and so are the calls' results below
 */
static void fill16(uint16_t *v, int len, cudaDataType t)
{
	for (int i = 0; i < len; i++)
		v[i] = enc16((double)lround(urand() * 32) / 8, t);
}

static int same16(const uint16_t *got, const double *want, int n, cudaDataType t)
{
	for (int i = 0; i < n; i++)
		if (got[i] != enc16(want[i], t))
			return 0;
	return 1;
}

static void test_half_arith(cudaDataType t, const char *tn, int incx, int incy)
{
	enum { N = 21 };
	uint16_t x[N * 3], y[N * 3], x0[N * 3], y0[N * 3];
	double want_x[N * 3], want_y[N * 3];
	float alpha = -2.0f, c = 2.0f, s = -1.0f; /* results stay within 8 significant bits */
	int lx = (int)span(N, incx), ly = (int)span(N, incy);

	fill16(x, lx, t), fill16(y, ly, t);
	memcpy(x0, x, sizeof(x)), memcpy(y0, y, sizeof(y));
	for (int i = 0; i < ly; i++)
		want_y[i] = dec16(y0[i], t);
	for (int i = 0; i < N; i++)
		want_y[at(N, incy, i)] += alpha * dec16(x0[at(N, incx, i)], t);
	int st = cublasAxpyEx(H, N, &alpha, CUDA_R_32F, x, t, incx, y, t, incy, CUDA_R_32F);

	tap_ok(!st && same16(y, want_y, ly, t), "%s: AxpyEx incx %d incy %d, bit for bit", tn, incx,
	       incy);

	fill16(x, lx, t), fill16(y, ly, t);
	memcpy(x0, x, sizeof(x)), memcpy(y0, y, sizeof(y));
	for (int i = 0; i < lx; i++)
		want_x[i] = dec16(x0[i], t);
	for (int i = 0; i < ly; i++)
		want_y[i] = dec16(y0[i], t);
	for (int i = 0; i < N; i++) {
		double xv = dec16(x0[at(N, incx, i)], t), yv = dec16(y0[at(N, incy, i)], t);

		want_x[at(N, incx, i)] = c * xv + s * yv;
		want_y[at(N, incy, i)] = c * yv - s * xv;
	}
	st = cublasRotEx(H, N, x, t, incx, y, t, incy, &c, &s, CUDA_R_32F, CUDA_R_32F);
	tap_ok(!st && same16(x, want_x, lx, t) && same16(y, want_y, ly, t),
	       "%s: RotEx incx %d incy %d, bit for bit", tn, incx, incy);

	uint16_t c16 = enc16(c, t), s16 = enc16(s, t);

	memcpy(x, x0, sizeof(x)), memcpy(y, y0, sizeof(y));
	st = cublasRotEx(H, N, x, t, incx, y, t, incy, &c16, &s16, t, CUDA_R_32F);
	tap_ok(!st && same16(x, want_x, lx, t) && same16(y, want_y, ly, t),
	       "%s: RotEx with %s c and s", tn, tn);

	if (incx > 0) {
		for (int i = 0; i < lx; i++)
			want_x[i] = dec16(x[i], t);
		for (int i = 0; i < N; i++)
			want_x[at(N, incx, i)] *= alpha;
		st = cublasScalEx(H, N, &alpha, CUDA_R_32F, x, t, incx, CUDA_R_32F);
		tap_ok(!st && same16(x, want_x, lx, t), "%s: ScalEx inc %d, bit for bit", tn, incx);
	}
}

static void test_half_reduce(cudaDataType t, const char *tn, int inc)
{
	static const double v[] = {3, -4, 12, -84, 0}; /* norm 85 */
	uint16_t x[5 * 3], got = 0;
	int n = 5, imax = -1, imin = -1, want_imax = 0, want_imin = 0;
	double asum = 0, nrm = inc > 0 ? 85 : 0;

	for (int i = 0; i < (int)span(n, inc); i++)
		x[i] = enc16(1000, t); /* between the elements: must not be read */
	for (int i = 0; i < n; i++) {
		x[at(n, inc, i)] = enc16(v[i], t);
		asum += inc > 0 ? fabs(v[i]) : 0;
		if (fabs(v[i]) > fabs(v[want_imax]))
			want_imax = i;
		if (fabs(v[i]) < fabs(v[want_imin]))
			want_imin = i;
	}
	if (inc <= 0) /* BLAS: no elements, index 0 */
		want_imax = want_imin = -1;
	int st = cublasNrm2Ex(H, n, x, t, inc, &got, t, CUDA_R_32F);

	tap_ok(!st && got == enc16(nrm, t), "%s: Nrm2Ex inc %d = %g (got %g)", tn, inc, nrm,
	       dec16(got, t));
	st = cublasAsumEx(H, n, x, t, inc, &got, t, CUDA_R_32F);
	tap_ok(!st && got == enc16(asum, t), "%s: AsumEx inc %d = %g (got %g)", tn, inc, asum,
	       dec16(got, t));
	st = cublasIamaxEx(H, n, x, t, inc, &imax) | cublasIaminEx(H, n, x, t, inc, &imin);
	tap_ok(!st && imax == want_imax + 1 && imin == want_imin + 1,
	       "%s: IamaxEx %d, IaminEx %d inc %d (want %d, %d)", tn, imax, imin, inc,
	       want_imax + 1, want_imin + 1);
}

static void test_half_move(cudaDataType t, const char *tn, int incx, int incy)
{
	enum { N = 13 };
	uint16_t x[N * 3], y[N * 3], x0[N * 3], y0[N * 3];
	int ok = 1;

	fill16(x, N * 3, t), fill16(y, N * 3, t);
	memcpy(x0, x, sizeof(x)), memcpy(y0, y, sizeof(y));
	int st = cublasSwapEx(H, N, x, t, incx, y, t, incy);

	for (int i = 0; i < N; i++)
		ok &= x[at(N, incx, i)] == y0[at(N, incy, i)] &&
		      y[at(N, incy, i)] == x0[at(N, incx, i)];
	st |= cublasCopyEx(H, N, x0, t, incx, y, t, incy);
	for (int i = 0; i < N; i++)
		ok &= y[at(N, incy, i)] == x0[at(N, incx, i)];
	tap_ok(!st && ok, "%s: SwapEx, CopyEx incx %d incy %d, every bit", tn, incx, incy);
}

/* ties: the first index, as BLAS's i?amax */
static void test_half_ties(cudaDataType t, const char *tn)
{
	static const double v[] = {1, -2, 2, -1, 2};
	uint16_t x[5];
	int imax = 0, imin = 0;

	for (int i = 0; i < 5; i++)
		x[i] = enc16(v[i], t);
	int st = cublasIamaxEx(H, 5, x, t, 1, &imax) | cublasIaminEx(H, 5, x, t, 1, &imin);

	tap_ok(!st && imax == 2 && imin == 1,
	       "%s: ties give the first index (max %d want 2, min %d want 1)", tn, imax, imin);
}

TAP_TEST(half_types)
{
	static const cudaDataType types[] = {CUDA_R_16F, CUDA_R_16BF};
	static const char *const names[] = {"16F", "16BF"};
	static const int incs[][2] = {{1, 1}, {2, -1}, {-1, 3}};

	for (int k = 0; k < 2; k++)
		test_half_ties(types[k], names[k]);
	for (int k = 0; k < 2; k++)
		for (int j = 0; j < 3; j++) {
			test_half_arith(types[k], names[k], incs[j][0], incs[j][1]);
			test_half_reduce(types[k], names[k], incs[j][0]);
			test_half_move(types[k], names[k], incs[j][0], incs[j][1]);
		}
}

TAP_TEST(statuses)
{
	uint16_t x[4] = {1, 2, 3, 4}, y[4] = {5, 6, 7, 8}, r = 0x7777;
	float a = 2, f4[4] = {1, 2, 3, 4};
	double d4[4] = {1, 2, 3, 4};

	tap_ok(cublasNrm2Ex(H, 4, x, CUDA_R_16F, 1, &r, CUDA_R_16F, CUDA_R_16F) ==
		       CUBLAS_STATUS_NOT_SUPPORTED &&
		   r == 0x7777,
	       "Nrm2Ex: a 16F execution type is NOT_SUPPORTED, nothing written");
	tap_ok(cublasAxpyEx(H, 4, &a, CUDA_R_32F, x, CUDA_R_16F, 1, y, CUDA_R_16BF, 1,
			    CUDA_R_32F) == CUBLAS_STATUS_NOT_SUPPORTED &&
		   y[0] == 5 && y[3] == 8,
	       "AxpyEx: x 16F, y 16BF is NOT_SUPPORTED, y untouched");
	tap_ok(cublasScalEx(H, 4, &a, CUDA_R_32F, d4, CUDA_R_64F, 1, CUDA_R_64F) ==
		       CUBLAS_STATUS_NOT_SUPPORTED &&
		   d4[1] == 2,
	       "ScalEx: a 32F alpha on 64F with a 64F execution type is NOT_SUPPORTED");
	tap_ok(cublasRotEx(H, 4, f4, CUDA_R_32F, 1, d4, CUDA_R_64F, 1, &a, &a, CUDA_R_32F,
			   CUDA_R_32F) == CUBLAS_STATUS_NOT_SUPPORTED &&
		   f4[0] == 1 && d4[0] == 1,
	       "RotEx: x 32F, y 64F is NOT_SUPPORTED, nothing written");
	tap_ok(cublasCopyEx(H, 4, x, CUDA_R_8I, 1, y, CUDA_R_8I, 1) ==
		       CUBLAS_STATUS_NOT_SUPPORTED &&
		   y[0] == 5,
	       "CopyEx: 8I is NOT_SUPPORTED");
	tap_ok(cublasNrm2Ex(H, 4, x, CUDA_R_16F, 1, NULL, CUDA_R_16F, CUDA_R_32F) ==
		   CUBLAS_STATUS_INVALID_VALUE,
	       "Nrm2Ex: no result is INVALID_VALUE");
	tap_ok(cublasAxpyEx(NULL, 4, &a, CUDA_R_32F, x, CUDA_R_16F, 1, y, CUDA_R_16F, 1,
			    CUDA_R_32F) == CUBLAS_STATUS_NOT_INITIALIZED,
	       "AxpyEx: no handle is NOT_INITIALIZED");
	tap_ok(cublasCrot(H, 4, NULL, 1, NULL, 1, &a, NULL) == CUBLAS_STATUS_INVALID_VALUE,
	       "Crot: no s is INVALID_VALUE");
	int idx = 9;

	tap_ok(cublasIamaxEx(H, 0, x, CUDA_R_16BF, 1, &idx) == CUBLAS_STATUS_SUCCESS && idx == 0,
	       "IamaxEx: n 0 gives 0");
}

int main(int argc, char **argv)
{
	int rc;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	xorshift_seed(0xbb67ae8584caa73bull);
	if (!tap_ok(cublasCreate(&H) == CUBLAS_STATUS_SUCCESS, "cublasCreate"))
		return tap_done();
	rc = tap_run(argc, argv);
	if (rc >= 0)
		return rc;
	tap_ok(cublasDestroy(H) == CUBLAS_STATUS_SUCCESS, "cublasDestroy");
	return tap_done();
}
