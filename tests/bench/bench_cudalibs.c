// SPDX-License-Identifier: MIT
/*
 * bench_cudalibs.c - lib/cublas and lib/cufft against calling OpenBLAS and
 * FFTW directly (not pass/fail): sgemm and dgemm of 512^3, a 1-D C2C FFT
 * of 2^16 points and a 2-D C2C FFT of 512x512, each the median of 5 timed
 * repetitions after a warm-up call, and the ratio ours / direct.  The FFTW
 * plans of the direct calls use the same flags as lib/cufft
 * (FFTW_ESTIMATE), so the ratio is the library's overhead, not planning.
 */
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cblas.h>
#include <fftw3.h>
#include <cublas_v2.h>
#include <cufft.h>

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

#define REPS 5
/* median seconds of REPS runs of STMT after one warm-up */
#define TIME(out, STMT)						\
	do {							\
		double t_[REPS];				\
		STMT;						\
		for (int r_ = 0; r_ < REPS; r_++) {		\
			double t0_ = now();			\
			STMT;					\
			t_[r_] = now() - t0_;			\
		}						\
		qsort(t_, REPS, sizeof(double), cmp);		\
		out = t_[REPS / 2];				\
	} while (0)

static void report(const char *what, double ours, double direct, double flop)
{
	printf("%-34s ours %9.3f ms  direct %9.3f ms  ratio %.3f  (%.1f GFLOP/s ours)\n", what, ours * 1e3,
	       direct * 1e3, ours / direct, flop / ours * 1e-9);
}

int main(void)
{
	enum { N = 512, F1 = 1 << 16, F2 = 512 };
	cublasHandle_t h;
	float *a = malloc(sizeof(float) * N * N), *b = malloc(sizeof(float) * N * N), *c = malloc(sizeof(float) * N * N);
	double *da = malloc(sizeof(double) * N * N), *db = malloc(sizeof(double) * N * N),
	       *dc = malloc(sizeof(double) * N * N);
	float fa = 1, fb = 0;
	double one = 1, zero = 0, t_ours, t_direct;

	for (int i = 0; i < N * N; i++)
		a[i] = b[i] = (float)(i % 17) / 17, da[i] = db[i] = (double)(i % 13) / 13;
	cublasCreate(&h);
	TIME(t_ours, cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &fa, a, N, b, N, &fb, c, N));
	TIME(t_direct, cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1, a, N, b, N, 0, c, N));
	report("sgemm 512x512x512", t_ours, t_direct, 2.0 * N * N * N);
	TIME(t_ours, cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &one, da, N, db, N, &zero, dc, N));
	TIME(t_direct, cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1, da, N, db, N, 0, dc, N));
	report("dgemm 512x512x512", t_ours, t_direct, 2.0 * N * N * N);
	cublasDestroy(h);

	fftwf_complex *x = fftwf_malloc(sizeof(fftwf_complex) * F2 * F2), *y = fftwf_malloc(sizeof(fftwf_complex) * F2 * F2);
	cufftHandle p1, p2;
	fftwf_plan q1, q2;

	for (int i = 0; i < F2 * F2; i++)
		x[i] = (float)(i % 7) + I * (float)(i % 5);
	cufftPlan1d(&p1, F1, CUFFT_C2C, 1);
	q1 = fftwf_plan_dft_1d(F1, x, y, FFTW_FORWARD, FFTW_ESTIMATE);
	TIME(t_ours, cufftExecC2C(p1, (cufftComplex *)x, (cufftComplex *)y, CUFFT_FORWARD));
	TIME(t_direct, fftwf_execute(q1));
	report("C2C 1-D 65536 (single)", t_ours, t_direct, 5.0 * F1 * 16);
	cufftPlan2d(&p2, F2, F2, CUFFT_C2C);
	q2 = fftwf_plan_dft_2d(F2, F2, x, y, FFTW_FORWARD, FFTW_ESTIMATE);
	TIME(t_ours, cufftExecC2C(p2, (cufftComplex *)x, (cufftComplex *)y, CUFFT_FORWARD));
	TIME(t_direct, fftwf_execute(q2));
	report("C2C 2-D 512x512 (single)", t_ours, t_direct, 5.0 * F2 * F2 * 18);
	cufftDestroy(p1);
	cufftDestroy(p2);
	fftwf_destroy_plan(q1);
	fftwf_destroy_plan(q2);
	fftwf_free(x);
	fftwf_free(y);
	free(a), free(b), free(c), free(da), free(db), free(dc);
	return 0;
}
