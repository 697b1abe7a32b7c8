// SPDX-License-Identifier: MIT
/*
 * bench_spmv_curand.c - lib/cusparse's SpMV and lib/curand's host
 * generation against their direct CPU counterparts, side by side in one run
 * (not pass/fail):
 *
 * - cusparseSpMV (CSR, 32-bit indices, y = A x) against the plain CSR loop a
 *   CPU program writes (one thread, as the library), on the 5-point
 *   Laplacian of a 512 x 512 grid in double (262,144 rows, 1.3 M entries)
 *   and a random 100,000 x 100,000 matrix of 16 entries a row in float;
 * - curandGenerateUniform (XORWOW, the default generator; Philox4_32_10)
 *   and curandGenerateNormal (XORWOW) of 2^24 values against the published
 *   algorithms written as one sequential stream here (Marsaglia's xorwow,
 *   Salmon et al.'s Philox4x32-10, Box-Muller on the xorwow stream).  The
 *   library also lays the values out as NVIDIA's (4096 or 65536 interleaved
 *   subsequences), which the direct loop does not.
 *
 * Each figure is the median of 7 timed repetitions after a warm-up call,
 * ours and direct alternating within each repetition so that a change of the
 * machine's load hits both; the ratio is ours / direct, in wall time and in
 * the process's CPU time (both sides run in the calling thread; on a loaded
 * machine the wall ratio also counts waits for a core, the CPU ratio not).  The outputs of the
 * two sides are summed after timing so that neither loop is optimised away.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <cuda_runtime.h>
#include <curand.h>
#include <cusparse.h>

static double clock_s(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(double), cmp);
	return v[n / 2];
}

#define REPS 7
/*
 * Median seconds of REPS runs each of OURS and DIRECT, alternating, after one
 * warm-up of each: wall time (w[0] ours, w[1] direct) and the process's CPU
 * time (c[]), which a loaded machine's waits for a core do not inflate.
 */
#define TIME2(w, c, OURS, DIRECT)                                                     \
	do {                                                                          \
		double ow_[REPS], dw_[REPS], oc_[REPS], dc_[REPS], t_, u_;            \
		OURS;                                                                 \
		DIRECT;                                                               \
		for (int r_ = 0; r_ < REPS; r_++) {                                   \
			t_ = clock_s(CLOCK_MONOTONIC), u_ = clock_s(CLOCK_PROCESS_CPUTIME_ID); \
			OURS;                                                         \
			ow_[r_] = clock_s(CLOCK_MONOTONIC) - t_;                      \
			oc_[r_] = clock_s(CLOCK_PROCESS_CPUTIME_ID) - u_;             \
			t_ = clock_s(CLOCK_MONOTONIC), u_ = clock_s(CLOCK_PROCESS_CPUTIME_ID); \
			DIRECT;                                                       \
			dw_[r_] = clock_s(CLOCK_MONOTONIC) - t_;                      \
			dc_[r_] = clock_s(CLOCK_PROCESS_CPUTIME_ID) - u_;             \
		}                                                                     \
		w[0] = median(ow_, REPS), w[1] = median(dw_, REPS);                   \
		c[0] = median(oc_, REPS), c[1] = median(dc_, REPS);                   \
	} while (0)

static void report(const char *what, const double w[2], const double c[2], double items, const char *unit)
{
	printf("%-38s wall: ours %8.2f ms direct %8.2f ms ratio %6.2f | cpu: ours %8.2f ms direct %8.2f ms "
	       "ratio %6.2f (%.1f M%s/s)\n",
	       what, w[0] * 1e3, w[1] * 1e3, w[0] / w[1], c[0] * 1e3, c[1] * 1e3, c[0] / c[1], items / c[0] * 1e-6,
	       unit);
}

/* ---- SpMV ---- */

struct csr {
	int n, nnz, *off, *col;
	void *val;
};

static void laplacian(struct csr *a, int g)
{
	a->n = g * g;
	a->off = malloc(sizeof(int) * (a->n + 1));
	a->col = malloc(sizeof(int) * 5 * a->n);
	double *v = malloc(sizeof(double) * 5 * a->n);
	int k = 0;

	for (int i = 0; i < g; i++)
		for (int j = 0; j < g; j++) {
			int r = i * g + j, nb[5] = { r - g, r - 1, r, r + 1, r + g };
			int in[5] = { i > 0, j > 0, 1, j < g - 1, i < g - 1 };

			a->off[r] = k;
			for (int e = 0; e < 5; e++)
				if (in[e])
					a->col[k] = nb[e], v[k++] = e == 2 ? 4 : -1;
		}
	a->off[a->n] = a->nnz = k;
	a->val = v;
}

static void random_rows(struct csr *a, int n, int per_row)
{
	unsigned s = 12345;
	float *v = malloc(sizeof(float) * (size_t)n * per_row);

	a->n = n, a->nnz = n * per_row;
	a->off = malloc(sizeof(int) * (n + 1));
	a->col = malloc(sizeof(int) * (size_t)n * per_row);
	for (int r = 0; r < n; r++) {
		a->off[r] = r * per_row;
		for (int e = 0; e < per_row; e++) {
			s = s * 1664525u + 1013904223u;
			/* columns spread over the matrix, in no order (a repeat adds up, as in cuSPARSE) */
			a->col[r * per_row + e] = (int)(((long)r + (long)e * (n / per_row) + (s >> 24)) % n);
			v[r * per_row + e] = (float)(s >> 8) / (1 << 24);
		}
	}
	a->off[n] = a->nnz;
	a->val = v;
}

static void spmv_d(const struct csr *a, const double *x, double *y)
{
	const double *v = a->val;

	for (int r = 0; r < a->n; r++) {
		double s = 0;
		for (int k = a->off[r]; k < a->off[r + 1]; k++)
			s += v[k] * x[a->col[k]];
		y[r] = s;
	}
}

static void spmv_f(const struct csr *a, const float *x, float *y)
{
	const float *v = a->val;

	for (int r = 0; r < a->n; r++) {
		float s = 0;
		for (int k = a->off[r]; k < a->off[r + 1]; k++)
			s += v[k] * x[a->col[k]];
		y[r] = s;
	}
}

static void bench_spmv(cusparseHandle_t h, const char *what, struct csr *a, cudaDataType t)
{
	size_t es = t == CUDA_R_64F ? 8 : 4, bytes = 0;
	void *x = malloc(es * a->n), *y = malloc(es * a->n), *y2 = malloc(es * a->n), *buf;
	double one = 1, zero = 0, w[2], c[2], sum = 0;
	float onef = 1, zerof = 0;
	const void *alpha = t == CUDA_R_64F ? (const void *)&one : (const void *)&onef;
	const void *beta = t == CUDA_R_64F ? (const void *)&zero : (const void *)&zerof;
	cusparseSpMatDescr_t A;
	cusparseDnVecDescr_t X, Y;

	for (int i = 0; i < a->n; i++)
		if (t == CUDA_R_64F)
			((double *)x)[i] = 1.0 / (1 + i % 11);
		else
			((float *)x)[i] = 1.0f / (1 + i % 11);
	cusparseCreateCsr(&A, a->n, a->n, a->nnz, a->off, a->col, a->val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, t);
	cusparseCreateDnVec(&X, a->n, x, t);
	cusparseCreateDnVec(&Y, a->n, y, t);
	cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, A, X, beta, Y, t, CUSPARSE_SPMV_ALG_DEFAULT,
				&bytes);
	cudaMalloc(&buf, bytes ? bytes : 1);
	TIME2(w, c,
	      cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, A, X, beta, Y, t, CUSPARSE_SPMV_ALG_DEFAULT, buf),
	      t == CUDA_R_64F ? spmv_d(a, x, y2) : spmv_f(a, x, y2));
	for (int i = 0; i < a->n; i++)
		sum += t == CUDA_R_64F ? ((double *)y)[i] - ((double *)y2)[i] : ((float *)y)[i] - ((float *)y2)[i];
	report(what, w, c, a->nnz, "entries");
	printf("%-38s (sum of ours - direct: %.3g)\n", "", sum);
	cusparseDestroySpMat(A), cusparseDestroyDnVec(X), cusparseDestroyDnVec(Y);
	cudaFree(buf), free(x), free(y), free(y2);
}

/* ---- the generators, written from their publications as one stream ---- */

struct xorwow {
	uint32_t x, y, z, w, v, d;
};

static uint32_t xorwow_next(struct xorwow *s)
{
	uint32_t t = s->x ^ (s->x >> 2);

	s->x = s->y, s->y = s->z, s->z = s->w, s->w = s->v;
	s->v = (s->v ^ (s->v << 4)) ^ (t ^ (t << 1));
	s->d += 362437;
	return s->v + s->d;
}

static float to_unit(uint32_t u) /* (0, 1], as cuRAND's uniform */
{
	return u * 2.3283064e-10f + 2.3283064e-10f / 2;
}

static void direct_xorwow_uniform(float *out, size_t n)
{
	struct xorwow s = { 123456789, 362436069, 521288629, 88675123, 5783321, 6615241 };

	for (size_t i = 0; i < n; i++)
		out[i] = to_unit(xorwow_next(&s));
}

static void direct_xorwow_normal(float *out, size_t n)
{
	struct xorwow s = { 123456789, 362436069, 521288629, 88675123, 5783321, 6615241 };

	for (size_t i = 0; i + 1 < n; i += 2) {
		float u = to_unit(xorwow_next(&s)), v = to_unit(xorwow_next(&s)) * 6.2831853f;
		float r = sqrtf(-2.0f * logf(u));

		out[i] = r * sinf(v), out[i + 1] = r * cosf(v);
	}
}

static void philox_block(uint32_t c[4], uint32_t k0, uint32_t k1)
{
	for (int r = 0; r < 10; r++) {
		uint64_t p0 = (uint64_t)0xD2511F53u * c[0], p1 = (uint64_t)0xCD9E8D57u * c[2];
		uint32_t n0 = (uint32_t)(p1 >> 32) ^ c[1] ^ k0, n2 = (uint32_t)(p0 >> 32) ^ c[3] ^ k1;

		c[0] = n0, c[1] = (uint32_t)p1, c[2] = n2, c[3] = (uint32_t)p0;
		k0 += 0x9E3779B9u, k1 += 0xBB67AE85u;
	}
}

static void direct_philox_uniform(float *out, size_t n)
{
	for (size_t i = 0; i + 3 < n; i += 4) {
		uint32_t c[4] = { (uint32_t)(i / 4), (uint32_t)(i / 4 >> 32), 0, 0 };

		philox_block(c, 1234, 0);
		for (int j = 0; j < 4; j++)
			out[i + j] = to_unit(c[j]);
	}
}

static void bench_curand(curandRngType_t type, const char *what, int normal,
			 void (*direct)(float *, size_t))
{
	const size_t n = (size_t)1 << 24;
	float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
	curandGenerator_t g;
	double w[2], c[2], sa = 0, sb = 0;

	curandCreateGenerator(&g, type);
	curandSetPseudoRandomGeneratorSeed(g, 1234);
	TIME2(w, c, normal ? curandGenerateNormal(g, a, n, 0, 1) : curandGenerateUniform(g, a, n),
	      direct(b, n));
	for (size_t i = 0; i < n; i++)
		sa += a[i], sb += b[i];
	report(what, w, c, (double)n, "values");
	printf("%-38s (means: ours %.4f, direct %.4f)\n", "", sa / n, sb / n);
	curandDestroyGenerator(g);
	free(a), free(b);
}

int main(void)
{
	cusparseHandle_t h;
	struct csr lap, rnd;

	cusparseCreate(&h);
	laplacian(&lap, 512);
	bench_spmv(h, "SpMV CSR double, Laplacian 512^2", &lap, CUDA_R_64F);
	random_rows(&rnd, 100000, 16);
	bench_spmv(h, "SpMV CSR float, 100000^2 x 16 a row", &rnd, CUDA_R_32F);
	cusparseDestroy(h);
	bench_curand(CURAND_RNG_PSEUDO_XORWOW, "curandGenerateUniform XORWOW 2^24", 0, direct_xorwow_uniform);
	bench_curand(CURAND_RNG_PSEUDO_PHILOX4_32_10, "curandGenerateUniform Philox 2^24", 0, direct_philox_uniform);
	bench_curand(CURAND_RNG_PSEUDO_XORWOW, "curandGenerateNormal XORWOW 2^24", 1, direct_xorwow_normal);
	return 0;
}
