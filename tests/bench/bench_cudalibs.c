// SPDX-License-Identifier: MIT
/*
 * bench_cudalibs.c - lib/cublas and lib/cufft against calling OpenBLAS and
 * FFTW directly, side by side in one run (not pass/fail): sgemm and dgemm
 * of 512^3, sgemmStridedBatched of 64 products 64^3 (against a loop of
 * cblas_sgemm), 1-D C2C FFTs of 2^16 points (single, and double Z2Z), a
 * 2-D C2C FFT of 512x512, a batched R2C (PlanMany, 256 rows of 4096)
 * against fftwf_plan_many_dft_r2c, sgetrfBatched of 1000 matrices 48x48
 * (HeCBench ludb's shape) against a loop of LAPACK's sgetrf, cublasXtSgemm 512^3 against
 * cblas_sgemm, cufftXtExecDescriptorC2C of 2^16 points against FFTW.  Each figure is the median of 7 timed
 * repetitions after a warm-up call, ours and direct alternating within
 * each repetition so that a change of the machine's load hits both; the
 * ratio is ours / direct.  The FFTW plans of the direct calls use
 * FFTW_ESTIMATE; lib/cufft plans with FFTW_MEASURE within a time limit
 * (lib/cufft/exec.c), so a ratio below 1 is what measuring gains; the 2-D
 * C2C is also timed against a direct FFTW_MEASURE plan (ratio near 1: the
 * library's overhead).  The warm-up call makes lib/cufft's plan, so
 * planning is not in the figures.
 */
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cblas.h>
#include <lapack.h>
#include <fftw3.h>
#include <cublas_v2.h>
#include <cublasXt.h>
#include <cufft.h>
#include <cufftXt.h>

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

#define REPS 7
/* median seconds of REPS runs each of OURS and DIRECT, alternating, after one warm-up of each */
#define TIME2(t_ours, t_direct, OURS, DIRECT)				\
	do {								\
		double o_[REPS], d_[REPS], t0_;				\
		OURS;							\
		DIRECT;							\
		for (int r_ = 0; r_ < REPS; r_++) {			\
			t0_ = now();					\
			OURS;						\
			o_[r_] = now() - t0_;				\
			t0_ = now();					\
			DIRECT;						\
			d_[r_] = now() - t0_;				\
		}							\
		qsort(o_, REPS, sizeof(double), cmp);			\
		qsort(d_, REPS, sizeof(double), cmp);			\
		t_ours = o_[REPS / 2];					\
		t_direct = d_[REPS / 2];				\
	} while (0)

static void report(const char *what, double ours, double direct, double flop)
{
	printf("%-36s ours %9.3f ms  direct %9.3f ms  ratio %.3f  (%.1f GFLOP/s ours)\n", what, ours * 1e3,
	       direct * 1e3, ours / direct, flop / ours * 1e-9);
}

int main(void)
{
	enum { N = 512, F1 = 1 << 16, F2 = 512, B = 64, NB = 64, RL = 4096, RB = 256 };
	cublasHandle_t h;
	float *a = malloc(sizeof(float) * N * N), *b = malloc(sizeof(float) * N * N), *c = malloc(sizeof(float) * N * N);
	double *da = malloc(sizeof(double) * N * N), *db = malloc(sizeof(double) * N * N),
	       *dc = malloc(sizeof(double) * N * N);
	float fa = 1, fb = 0;
	double one = 1, zero = 0, t_ours, t_direct;

	for (int i = 0; i < N * N; i++)
		a[i] = b[i] = (float)(i % 17) / 17, da[i] = db[i] = (double)(i % 13) / 13;
	cublasCreate(&h);
	TIME2(t_ours, t_direct, cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &fa, a, N, b, N, &fb, c, N),
	      cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1, a, N, b, N, 0, c, N));
	report("sgemm 512x512x512", t_ours, t_direct, 2.0 * N * N * N);
	TIME2(t_ours, t_direct, cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &one, da, N, db, N, &zero, dc, N),
	      cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1, da, N, db, N, 0, dc, N));
	report("dgemm 512x512x512", t_ours, t_direct, 2.0 * N * N * N);
	{	/* cublasXt on host arrays: the v2 call behind a size check */
		cublasXtHandle_t xt;

		cublasXtCreate(&xt);
		TIME2(t_ours, t_direct,
		      cublasXtSgemm(xt, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &fa, a, N, b, N, &fb, c, N),
		      cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1, a, N, b, N, 0, c, N));
		report("cublasXtSgemm 512x512x512", t_ours, t_direct, 2.0 * N * N * N);
		cublasXtDestroy(xt);
	}
	/* 64 products of 64^3 in one call, against the loop a CPU program would write */
	TIME2(t_ours, t_direct,
	      cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, B, B, B, &fa, a, B, B * B, b, B, B * B, &fb, c, B,
					B * B, NB),
	      for (int k_ = 0; k_ < NB; k_++) cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, B, B, B, 1,
							 a + k_ * B * B, B, b + k_ * B * B, B, 0, c + k_ * B * B, B));
	report("sgemmStridedBatched 64 x 64^3", t_ours, t_direct, 2.0 * B * B * B * NB);
	{	/* LU of LB diagonally dominant 48x48 matrices; each repetition factors fresh copies */
		enum { LN = 48, LB = 1000 };
		float *src = malloc(sizeof(float) * LN * LN * LB), *lu = malloc(sizeof(float) * LN * LN * LB);
		float *ptr[LB];
		int *piv = malloc(sizeof(int) * LN * LB), info[LB], n = LN, inf;

		for (int i = 0; i < LN * LN * LB; i++)
			src[i] = (float)(i % 23) / 23 + ((i % (LN * LN)) % (LN + 1) == 0 ? LN : 0);
		for (int k = 0; k < LB; k++)
			ptr[k] = lu + k * LN * LN;
		TIME2(t_ours, t_direct,
		      (memcpy(lu, src, sizeof(float) * LN * LN * LB), cublasSgetrfBatched(h, LN, ptr, LN, piv, info, LB)),
		      memcpy(lu, src, sizeof(float) * LN * LN * LB);
		      for (int k_ = 0; k_ < LB; k_++) LAPACK_sgetrf(&n, &n, ptr[k_], &n, piv + k_ * LN, &inf));
		report("sgetrfBatched 1000 x 48^2", t_ours, t_direct, 2.0 / 3 * LN * LN * LN * LB);
		free(src), free(lu), free(piv);
	}
	cublasDestroy(h);

	fftwf_complex *x = fftwf_malloc(sizeof(fftwf_complex) * F2 * F2), *y = fftwf_malloc(sizeof(fftwf_complex) * F2 * F2);
	cufftHandle p1, p2;
	fftwf_plan q1, q2;

	for (int i = 0; i < F2 * F2; i++)
		x[i] = (float)(i % 7) + I * (float)(i % 5);
	cufftPlan1d(&p1, F1, CUFFT_C2C, 1);
	q1 = fftwf_plan_dft_1d(F1, x, y, FFTW_FORWARD, FFTW_ESTIMATE);
	TIME2(t_ours, t_direct, cufftExecC2C(p1, (cufftComplex *)x, (cufftComplex *)y, CUFFT_FORWARD), fftwf_execute(q1));
	report("C2C 1-D 65536 (single)", t_ours, t_direct, 5.0 * F1 * 16);
	{	/* the same transform on cufftXt descriptors (one array each, as cufftXtMalloc makes them) */
		cudaLibXtDesc *dx, *dy;

		cufftXtMalloc(p1, &dx, CUFFT_XT_FORMAT_INPUT);
		cufftXtMalloc(p1, &dy, CUFFT_XT_FORMAT_OUTPUT);
		cufftXtMemcpy(p1, dx, x, CUFFT_COPY_HOST_TO_DEVICE);
		TIME2(t_ours, t_direct, cufftXtExecDescriptorC2C(p1, dx, dy, CUFFT_FORWARD), fftwf_execute(q1));
		report("cufftXtExecDescriptorC2C 1-D 65536", t_ours, t_direct, 5.0 * F1 * 16);
		cufftXtFree(dx), cufftXtFree(dy);
	}
	cufftPlan2d(&p2, F2, F2, CUFFT_C2C);
	q2 = fftwf_plan_dft_2d(F2, F2, x, y, FFTW_FORWARD, FFTW_ESTIMATE);
	TIME2(t_ours, t_direct, cufftExecC2C(p2, (cufftComplex *)x, (cufftComplex *)y, CUFFT_FORWARD), fftwf_execute(q2));
	report("C2C 2-D 512x512 (single)", t_ours, t_direct, 5.0 * F2 * F2 * 18);
	{	/* against FFTW's own MEASURE plan (made on scratch arrays: MEASURE overwrites them) */
		fftwf_complex *s = fftwf_malloc(sizeof(fftwf_complex) * F2 * F2);
		fftwf_plan q2m = fftwf_plan_dft_2d(F2, F2, s, y, FFTW_FORWARD, FFTW_MEASURE);

		TIME2(t_ours, t_direct, cufftExecC2C(p2, (cufftComplex *)x, (cufftComplex *)y, CUFFT_FORWARD),
		      fftwf_execute_dft(q2m, x, y));
		report("C2C 2-D 512x512 vs FFTW_MEASURE", t_ours, t_direct, 5.0 * F2 * F2 * 18);
		fftwf_destroy_plan(q2m);
		fftwf_free(s);
	}

	/* batched R2C: RB rows of RL reals, packed (the layout of cufftPlanMany with NULL embeds) */
	float *r = fftwf_malloc(sizeof(float) * RL * RB);
	fftwf_complex *ry = fftwf_malloc(sizeof(fftwf_complex) * (RL / 2 + 1) * RB);
	cufftHandle p3;
	int rl = RL;
	fftwf_plan q3;

	for (int i = 0; i < RL * RB; i++)
		r[i] = (float)(i % 11) - 5;
	cufftPlanMany(&p3, 1, &rl, NULL, 1, RL, NULL, 1, RL / 2 + 1, CUFFT_R2C, RB);
	q3 = fftwf_plan_many_dft_r2c(1, &rl, RB, r, NULL, 1, RL, ry, NULL, 1, RL / 2 + 1, FFTW_ESTIMATE);
	TIME2(t_ours, t_direct, cufftExecR2C(p3, r, (cufftComplex *)ry), fftwf_execute(q3));
	report("R2C PlanMany 256 x 4096 (single)", t_ours, t_direct, 2.5 * RL * 12 * RB);
	cufftDestroy(p3);
	fftwf_destroy_plan(q3);
	fftwf_free(r);
	fftwf_free(ry);

	/* double precision Z2Z 1-D */
	fftw_complex *zx = fftw_malloc(sizeof(fftw_complex) * F1), *zy = fftw_malloc(sizeof(fftw_complex) * F1);
	cufftHandle p4;
	fftw_plan q4;

	for (int i = 0; i < F1; i++)
		zx[i] = (double)(i % 7) + I * (double)(i % 5);
	cufftPlan1d(&p4, F1, CUFFT_Z2Z, 1);
	q4 = fftw_plan_dft_1d(F1, zx, zy, FFTW_FORWARD, FFTW_ESTIMATE);
	TIME2(t_ours, t_direct, cufftExecZ2Z(p4, (cufftDoubleComplex *)zx, (cufftDoubleComplex *)zy, CUFFT_FORWARD),
	      fftw_execute(q4));
	report("Z2Z 1-D 65536 (double)", t_ours, t_direct, 5.0 * F1 * 16);
	cufftDestroy(p4);
	fftw_destroy_plan(q4);
	fftw_free(zx);
	fftw_free(zy);
	cufftDestroy(p1);
	cufftDestroy(p2);
	fftwf_destroy_plan(q1);
	fftwf_destroy_plan(q2);
	fftwf_free(x);
	fftwf_free(y);
	free(a), free(b), free(c), free(da), free(db), free(dc);
	return 0;
}
