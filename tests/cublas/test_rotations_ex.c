// SPDX-License-Identifier: MIT
/*
 * test_rotations_ex.c - cublasRotgEx, RotmEx and RotmgEx
 * (lib/cublas/rotations_ex.c) against BLAS's definitions written here:
 *
 * - RotgEx: r = sign(roe) sqrt(a^2 + b^2) (roe the larger of a and b in
 *   magnitude), c = a / r, s = b / r, z = s when |a| > |b|, else 1 / c
 *   (1 when c is 0), in double; R_32F/R_64F within 1e-6/1e-15, the 16-bit
 *   types (c and s of the same type or float) within the type's rounding;
 * - RotmEx: every flag (-1, 0, 1, -2) of param on small integers and H
 *   entries that are powers of two, where every result is exact, bit for
 *   bit in all four types (param of the vectors' type or float for the
 *   16-bit ones), increments 1 and -2;
 * - RotmgEx: the matrix it returns, applied to (x1, y1) by the flag's
 *   rules, gives (x1', 0), and d1' x1'^2 = d1 x1^2 + d2 y1^2 (the weighted
 *   norm), for inputs that give flag 0 and flag 1, in all four types;
 * - the statuses (NULL handle, NULL pointers, type combinations outside
 *   the table, nothing written) and RotmEx_64.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "tap.h"

static cublasHandle_t H;
static const cudaDataType TYPES[] = {CUDA_R_32F, CUDA_R_64F, CUDA_R_16F, CUDA_R_16BF};
static const char *const TNAME[] = {"R_32F", "R_64F", "R_16F", "R_16BF"};

static size_t tsize(cudaDataType t)
{
	return t == CUDA_R_64F ? 8 : t == CUDA_R_32F ? 4 : 2;
}

/* the test's own encodings; bfloat16 rounded to nearest-even here too */
static double get(const void *p, int i, cudaDataType t)
{
	uint32_t u;
	float f;

	switch (t) {
	case CUDA_R_32F:
		return ((const float *)p)[i];
	case CUDA_R_64F:
		return ((const double *)p)[i];
	case CUDA_R_16F:
		return (double)((const _Float16 *)p)[i];
	default:
		u = (uint32_t)((const uint16_t *)p)[i] << 16;
		memcpy(&f, &u, sizeof(f));
		return f;
	}
}

static void put(void *p, int i, cudaDataType t, double v)
{
	float f = (float)v;
	uint32_t u;

	switch (t) {
	case CUDA_R_32F:
		((float *)p)[i] = f;
		break;
	case CUDA_R_64F:
		((double *)p)[i] = v;
		break;
	case CUDA_R_16F:
		((_Float16 *)p)[i] = (_Float16)v;
		break;
	default:
		memcpy(&u, &f, sizeof(u));
		u += 0x7fffu + ((u >> 16) & 1);
		((uint16_t *)p)[i] = (uint16_t)(u >> 16);
		break;
	}
}

/* the relative rounding error of a type */
static double ulp(cudaDataType t)
{
	return t == CUDA_R_64F	 ? 1e-15
	       : t == CUDA_R_32F ? 1e-6
	       : t == CUDA_R_16F ? 1.0 / 1024
				 : 1.0 / 128;
}

static int near(double got, double want, double tol)
{
	return fabs(got - want) <= tol * (1 + fabs(want));
}

TAP_TEST(rotg)
{
	static const double pairs[][2] = {{3, -4}, {-5, 2}, {0, 1.5}, {0.75, 0}, {0, 0}};

	for (int ti = 0; ti < 4; ti++)
		for (int cs32 = 0; cs32 < (ti >= 2 ? 2 : 1); cs32++) {
			cudaDataType t = TYPES[ti], cst = cs32 ? CUDA_R_32F : t;
			cudaDataType exec = ti >= 2 ? CUDA_R_32F : t;
			int bad = 0;

			for (size_t k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++) {
				double a0 = pairs[k][0], b0 = pairs[k][1],
				       roe = fabs(a0) > fabs(b0) ? a0 : b0;
				double r = copysign(hypot(a0, b0), roe), c = r == 0 ? 1 : a0 / r,
				       s = r == 0 ? 0 : b0 / r;
				double z = r == 0		 ? 0
					   : fabs(a0) > fabs(b0) ? s
					   : c != 0		 ? 1 / c
								 : 1;
				char a[8], b[8], cv[8], sv[8];

				put(a, 0, t, a0), put(b, 0, t, b0);
				if (cublasRotgEx(H, a, b, t, cv, sv, cst, exec) ||
				    !near(get(a, 0, t), r, ulp(t)) ||
				    !near(get(b, 0, t), z, ulp(t)) ||
				    !near(get(cv, 0, cst), c, ulp(cst)) ||
				    !near(get(sv, 0, cst), s, ulp(cst)))
					bad++;
			}
			tap_ok(!bad,
			       "RotgEx %s (c, s %s): r, z, c, s of 5 pairs (zeros included) as "
			       "BLAS's rotg "
			       "(%d wrong)",
			       TNAME[ti], cs32 ? "R_32F" : "the same type", bad);
		}
}

enum { N = 5 };

/* param of a flag: the H entries powers of two (h11, h21, h12, h22) */
static void make_param(double p[5], double flag)
{
	p[0] = flag, p[1] = 0.5, p[2] = -2, p[3] = 0.25, p[4] = -1;
}

/* the pair after H by the flag's rules */
static void apply(const double p[5], double x, double y, double *xo, double *yo)
{
	double h11 = p[1], h21 = p[2], h12 = p[3], h22 = p[4];

	if (p[0] == -2)
		h11 = 1, h21 = 0, h12 = 0, h22 = 1;
	else if (p[0] == 0)
		h11 = 1, h22 = 1;
	else if (p[0] == 1)
		h12 = 1, h21 = -1;
	*xo = h11 * x + h12 * y;
	*yo = h21 * x + h22 * y;
}

TAP_TEST(rotm)
{
	static const double flags[] = {-1, 0, 1, -2};
	static const int incs[][2] = {{1, 1}, {-2, 2}};

	for (int ti = 0; ti < 4; ti++)
		for (int p32 = 0; p32 < (ti >= 2 ? 2 : 1); p32++) {
			cudaDataType t = TYPES[ti], pt = p32 ? CUDA_R_32F : t,
				     exec = ti >= 2 ? CUDA_R_32F : t;
			int bad = 0;

			for (int f = 0; f < 4; f++)
				for (int v = 0; v < 2; v++) {
					int incx = incs[v][0], incy = incs[v][1],
					    lx = 1 + (N - 1) * abs(incx),
					    ly = 1 + (N - 1) * abs(incy);
					char x[8 * 16], y[8 * 16], x0[8 * 16], y0[8 * 16],
					    param[40];
					double p[5];

					make_param(p, flags[f]);
					for (int i = 0; i < 5; i++)
						put(param, i, pt, p[i]);
					for (int i = 0; i < lx; i++)
						put(x, i, t, (i * 7 % 9) - 4);
					for (int i = 0; i < ly; i++)
						put(y, i, t, (i * 5 % 7) - 3);
					memcpy(x0, x, sizeof(x)), memcpy(y0, y, sizeof(y));
					if (cublasRotmEx(H, N, x, t, incx, y, t, incy, param, pt,
							 exec)) {
						bad++;
						continue;
					}
					for (int i = 0; i < N; i++) {
						int xi = incx > 0 ? i * incx : (N - 1 - i) * -incx;
						int yi = incy > 0 ? i * incy : (N - 1 - i) * -incy;
						double xo, yo;
						char wx[8], wy[8];

						apply(p, get(x0, xi, t), get(y0, yi, t), &xo, &yo);
						put(wx, 0, t, xo), put(wy, 0, t, yo);
						if (memcmp(wx, x + tsize(t) * xi, tsize(t)) ||
						    memcmp(wy, y + tsize(t) * yi, tsize(t)))
							bad++;
					}
					/* the elements between those of the vectors stay */
					for (int e = 0; e < lx; e++)
						if (e % abs(incx) &&
						    memcmp(x + tsize(t) * e, x0 + tsize(t) * e,
							   tsize(t)))
							bad++;
				}
			tap_ok(!bad,
			       "RotmEx %s (param %s): flags -1, 0, 1, -2, increments 1/1 and -2/2, "
			       "bit for "
			       "bit with H applied by the flag's rules (%d wrong)",
			       TNAME[ti], p32 ? "R_32F" : "the same type", bad);
		}
}

TAP_TEST(rotmg)
{
	/* d1, d2, x1, y1: the first gives flag 0 (|d1 x1^2| > |d2 y1^2|), the second flag 1 */
	static const double in[][4] = {{2, 1, 1, 0.5}, {1, 2, 0.5, 1}};

	for (int ti = 0; ti < 4; ti++) {
		cudaDataType t = TYPES[ti], exec = ti >= 2 ? CUDA_R_32F : t;
		double tol = 4 * ulp(t);
		int bad = 0;

		for (int k = 0; k < 2; k++) {
			char d1[8], d2[8], x1[8], y1[8], param[40];
			double p[5], xo, yo;

			put(d1, 0, t, in[k][0]), put(d2, 0, t, in[k][1]), put(x1, 0, t, in[k][2]);
			put(y1, 0, t, in[k][3]);
			for (int i = 0; i < 5; i++)
				put(param, i, t, 0);
			if (cublasRotmgEx(H, d1, t, d2, t, x1, t, y1, t, param, t, exec)) {
				bad++;
				continue;
			}
			for (int i = 0; i < 5; i++)
				p[i] = get(param, i, t);
			apply(p, in[k][2], in[k][3], &xo, &yo);
			double norm0 =
			    in[k][0] * in[k][2] * in[k][2] + in[k][1] * in[k][3] * in[k][3];
			double norm1 = get(d1, 0, t) * get(x1, 0, t) * get(x1, 0, t);

			if (p[0] != (k ? 1 : 0) || !near(xo, get(x1, 0, t), tol) ||
			    !near(yo, 0, tol) || !near(norm1, norm0, tol))
				bad++;
		}
		tap_ok(!bad,
		       "RotmgEx %s: H (x1, y1) = (x1', 0) and the weighted norm kept, flags 0 and "
		       "1 (%d wrong)",
		       TNAME[ti], bad);
	}
}

TAP_TEST(statuses)
{
	char a[8] = {0}, b[8] = {0}, c[8] = {0}, s[8] = {0}, x[8 * N] = {0}, y[8 * N] = {0},
	     param[40] = {0};
	char zero[8 * N] = {0};
	int bad = 0;

	bad += cublasRotgEx(NULL, a, b, CUDA_R_16F, c, s, CUDA_R_16F, CUDA_R_32F) !=
	       CUBLAS_STATUS_NOT_INITIALIZED;
	bad += cublasRotgEx(NULL, a, b, CUDA_R_32F, c, s, CUDA_R_32F, CUDA_R_32F) !=
	       CUBLAS_STATUS_NOT_INITIALIZED;
	bad += cublasRotmEx(NULL, N, x, CUDA_R_16BF, 1, y, CUDA_R_16BF, 1, param, CUDA_R_32F,
			    CUDA_R_32F) != CUBLAS_STATUS_NOT_INITIALIZED;
	bad += cublasRotmgEx(NULL, a, CUDA_R_16F, b, CUDA_R_16F, c, CUDA_R_16F, s, CUDA_R_16F,
			     param, CUDA_R_16F, CUDA_R_32F) != CUBLAS_STATUS_NOT_INITIALIZED;
	tap_ok(!bad, "RotgEx, RotmEx, RotmgEx: a NULL handle is NOT_INITIALIZED (%d wrong)", bad);
	bad = 0;
	bad += cublasRotgEx(H, NULL, b, CUDA_R_16F, c, s, CUDA_R_16F, CUDA_R_32F) !=
	       CUBLAS_STATUS_INVALID_VALUE;
	bad += cublasRotgEx(H, a, b, CUDA_R_16F, c, NULL, CUDA_R_16F, CUDA_R_32F) !=
	       CUBLAS_STATUS_INVALID_VALUE;
	bad += cublasRotmEx(H, N, x, CUDA_R_16F, 1, y, CUDA_R_16F, 1, NULL, CUDA_R_16F,
			    CUDA_R_32F) != CUBLAS_STATUS_INVALID_VALUE;
	bad += cublasRotmEx(H, N, NULL, CUDA_R_16F, 1, y, CUDA_R_16F, 1, param, CUDA_R_16F,
			    CUDA_R_32F) != CUBLAS_STATUS_INVALID_VALUE;
	bad += cublasRotmgEx(H, a, CUDA_R_16BF, b, CUDA_R_16BF, c, CUDA_R_16BF, NULL, CUDA_R_16BF,
			     param, CUDA_R_16BF, CUDA_R_32F) != CUBLAS_STATUS_INVALID_VALUE;
	tap_ok(
	    !bad,
	    "RotgEx, RotmEx, RotmgEx: a NULL scalar, vector or param is INVALID_VALUE (%d wrong)",
	    bad);
	bad = 0;
	param[0] = 0; /* a float flag of 0 would rotate: nothing may be written */
	for (int i = 0; i < N; i++)
		put(x, i, CUDA_R_32F, 1), put(y, i, CUDA_R_32F, 1);
	memcpy(zero, x, sizeof(zero));
	bad += cublasRotgEx(H, a, b, CUDA_C_32F, c, s, CUDA_R_32F, CUDA_C_32F) !=
	       CUBLAS_STATUS_NOT_SUPPORTED;
	bad += cublasRotgEx(H, a, b, CUDA_R_16F, c, s, CUDA_R_64F, CUDA_R_32F) !=
	       CUBLAS_STATUS_NOT_SUPPORTED;
	bad += cublasRotgEx(H, a, b, CUDA_R_16F, c, s, CUDA_R_16F, CUDA_R_16F) !=
	       CUBLAS_STATUS_NOT_SUPPORTED;
	bad += cublasRotgEx(H, a, b, CUDA_R_32F, c, s, CUDA_R_32F, CUDA_R_64F) !=
	       CUBLAS_STATUS_NOT_SUPPORTED;
	bad += cublasRotmEx(H, N, x, CUDA_R_32F, 1, y, CUDA_R_32F, 1, param, CUDA_R_64F,
			    CUDA_R_32F) != CUBLAS_STATUS_NOT_SUPPORTED;
	bad += cublasRotmEx(H, N, x, CUDA_R_16F, 1, y, CUDA_R_16BF, 1, param, CUDA_R_32F,
			    CUDA_R_32F) != CUBLAS_STATUS_NOT_SUPPORTED;
	bad += cublasRotmgEx(H, a, CUDA_R_16F, b, CUDA_R_16F, c, CUDA_R_32F, s, CUDA_R_16F, param,
			     CUDA_R_16F, CUDA_R_32F) != CUBLAS_STATUS_NOT_SUPPORTED;
	tap_ok(!bad && !memcmp(x, zero, sizeof(x)),
	       "RotgEx, RotmEx, RotmgEx: combinations outside the table are NOT_SUPPORTED, nothing "
	       "written "
	       "(%d wrong)",
	       bad);
}

TAP_TEST(rotm_64)
{
	float x[N], y[N], x2[N], y2[N], param[5] = {-1, 0.5f, -2, 0.25f, -1};

	for (int i = 0; i < N; i++)
		x[i] = x2[i] = (float)i - 2, y[i] = y2[i] = 1.5f * i;
	cublasStatus_t s1 =
	    cublasRotmEx(H, N, x, CUDA_R_32F, 1, y, CUDA_R_32F, 1, param, CUDA_R_32F, CUDA_R_32F);
	cublasStatus_t s2 = cublasRotmEx_64(H, N, x2, CUDA_R_32F, 1, y2, CUDA_R_32F, 1, param,
					    CUDA_R_32F, CUDA_R_32F);
	tap_ok(!s1 && !s2 && !memcmp(x, x2, sizeof(x)) && !memcmp(y, y2, sizeof(y)),
	       "RotmEx_64 equals the int call bit for bit");
	tap_ok(cublasRotmEx_64(H, (int64_t)1 << 31, x2, CUDA_R_32F, 1, y2, CUDA_R_32F, 1, param,
			       CUDA_R_32F, CUDA_R_32F) == CUBLAS_STATUS_NOT_SUPPORTED &&
		   !memcmp(x, x2, sizeof(x)),
	       "RotmEx_64: n of 2^31 is NOT_SUPPORTED, nothing written");
}

static int setup(void)
{
	return tap_ok(cublasCreate(&H) == CUBLAS_STATUS_SUCCESS, "cublasCreate");
}

static void teardown(void)
{
	tap_ok(cublasDestroy(H) == CUBLAS_STATUS_SUCCESS, "cublasDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, setup, teardown);
}
