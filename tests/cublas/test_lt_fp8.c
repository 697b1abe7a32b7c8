// SPDX-License-Identifier: MIT
/*
 * test_lt_fp8.c - cublasLtMatmul with FP8 operands (lib/cublas/lt_matmul.c)
 * against references computed here, never against the library:
 *   - every one of the 256 E4M3 and E5M2 codes as A (times 1.0) read back in
 *     a float D, against the values the OFP8 definition gives (E5M2 also
 *     against binary16, whose top byte it is: _Float16 of code << 8);
 *   - D in E4M3 and E5M2 from thousands of bfloat16 C values (alpha 0,
 *     beta 1), midpoints between FP8 neighbours among them, against the
 *     nearest of the 256 decoded codes found by a scan (ties to the even
 *     code, past the largest finite: the largest finite);
 *   - the per-tensor scales and amax: D = scale_D (alpha scale_A scale_B AB +
 *     beta scale_C C) with amax = max |value before scale_D|, A^T B as
 *     HeCBench blas-fp8gemm-cuda calls it, values exact in float;
 *   - the combinations cuBLASLt refuses, and the attributes read back.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cublasLt.h>
#include <cuda_runtime.h>
#include "tap.h"

/* the value of an FP8 code from the OFP8 definition (E4M3: bias 7, S.1111.111 NaN; E5M2: bias 15) */
static double fp8_ref(unsigned c, int e4)
{
	unsigned mag = c & 0x7f;
	int ebits = e4 ? 4 : 5, mbits = 7 - ebits, bias = e4 ? 7 : 15;
	unsigned ef = mag >> mbits, mf = mag & ((1u << mbits) - 1);
	double frac = (double)mf / (double)(1u << mbits), v;

	if (e4 && mag == 0x7f)
		return NAN;
	if (!e4 && ef == 31)
		return mf ? NAN : (c & 0x80 ? -INFINITY : INFINITY);
	v = ef ? pow(2, (int)ef - bias) * (1 + frac) : pow(2, 1 - bias) * frac;
	return c & 0x80 ? -v : v;
}

/* the code nearest v among the finite codes (ties: even code); beyond the largest: the largest */
static unsigned nearest_code(double v, int e4)
{
	unsigned best = 0;
	double best_d = INFINITY;

	for (unsigned c = 0; c < 256; c++) {
		double x = fp8_ref(c, e4), d = fabs(x - v);

		if (isnan(x) || isinf(x) || (x == 0 && (c & 0x80)))
			continue;
		if (d < best_d || (d == best_d && !(c & 1))) {
			best = c;
			best_d = d;
		}
	}
	if (signbit(v) && fp8_ref(best, e4) == 0)
		best = 0x80;
	return best;
}

static float bf16_value(uint16_t b)
{
	uint32_t u = (uint32_t)b << 16;
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

struct lt {
	cublasLtHandle_t h;
	cublasLtMatmulDesc_t desc;
	cublasLtMatrixLayout_t a, b, c, d;
};

/* D (m x n) = op(A) B with A's rows x cols as given, column-major, leading dimensions = rows */
static cublasStatus_t lt_setup(struct lt *l, cudaDataType ta, cudaDataType tb, cudaDataType tc, cudaDataType td,
			       cublasOperation_t opa, int m, int n, int k)
{
	cublasOperation_t opb = CUBLAS_OP_N;
	cublasStatus_t st = cublasLtCreate(&l->h);

	st = st ? st : cublasLtMatmulDescCreate(&l->desc, CUBLAS_COMPUTE_32F, CUDA_R_32F);
	st = st ? st : cublasLtMatmulDescSetAttribute(l->desc, CUBLASLT_MATMUL_DESC_TRANSA, &opa, sizeof(opa));
	st = st ? st : cublasLtMatmulDescSetAttribute(l->desc, CUBLASLT_MATMUL_DESC_TRANSB, &opb, sizeof(opb));
	st = st ? st : cublasLtMatrixLayoutCreate(&l->a, ta, opa == CUBLAS_OP_N ? m : k, opa == CUBLAS_OP_N ? k : m,
						  opa == CUBLAS_OP_N ? m : k);
	st = st ? st : cublasLtMatrixLayoutCreate(&l->b, tb, k, n, k);
	st = st ? st : cublasLtMatrixLayoutCreate(&l->c, tc, m, n, m);
	st = st ? st : cublasLtMatrixLayoutCreate(&l->d, td, m, n, m);
	return st;
}

static cublasStatus_t lt_mm(struct lt *l, float alpha, const void *A, const void *B, float beta, const void *C,
			    void *D)
{
	return cublasLtMatmul(l->h, l->desc, &alpha, A, l->a, B, l->b, &beta, C, l->c, D, l->d, NULL, NULL, 0, 0);
}

static void lt_teardown(struct lt *l)
{
	cublasLtMatrixLayoutDestroy(l->a), cublasLtMatrixLayoutDestroy(l->b);
	cublasLtMatrixLayoutDestroy(l->c), cublasLtMatrixLayoutDestroy(l->d);
	cublasLtMatmulDescDestroy(l->desc), cublasLtDestroy(l->h);
}

TAP_TEST(fp8_inputs_read)
{
	for (int e4 = 1; e4 >= 0; e4--) {
		struct lt l;
		uint8_t a[256], one = 0x38; /* B: 1.0 in E4M3 (2^(7-7) x 1.000); E5M2 A and B would be refused */
		float d[256];
		int bad = 0, half_bad = 0;
		cudaDataType t = e4 ? CUDA_R_8F_E4M3 : CUDA_R_8F_E5M2;
		cublasStatus_t st = lt_setup(&l, t, CUDA_R_8F_E4M3, CUDA_R_32F, CUDA_R_32F, CUBLAS_OP_N, 256, 1, 1);

		for (int i = 0; i < 256; i++)
			a[i] = (uint8_t)i;
		st = st ? st : lt_mm(&l, 1, a, &one, 0, NULL, d);
		for (int i = 0; i < 256; i++) {
			double r = fp8_ref((unsigned)i, e4);

			bad += isnan(r) ? !isnan(d[i]) : d[i] != r;
			if (!e4) {
				uint16_t bits = (uint16_t)(i << 8);
				_Float16 h;

				memcpy(&h, &bits, 2);
				half_bad += isnan((float)h) ? !isnan(d[i]) : d[i] != (float)h;
			}
		}
		tap_ok(!st && !bad && !half_bad, "%s A: all 256 codes read as OFP8 defines them%s (%d, %d wrong)",
		       e4 ? "E4M3" : "E5M2", e4 ? "" : " and as binary16's top byte", bad, half_bad);
		lt_teardown(&l);
	}
}

TAP_TEST(fp8_outputs_rounded)
{
	enum { N = 2 * (0x4780 - 0x3800) };
	static uint16_t c[N];
	static uint8_t d[N];

	for (int i = 0; i < N / 2; i++) { /* bfloat16 2^-15 .. 65536, both signs: past both formats' ranges */
		c[2 * i] = (uint16_t)(0x3800 + i);
		c[2 * i + 1] = (uint16_t)(0xb800 + i);
	}
	for (int e4 = 1; e4 >= 0; e4--) {
		struct lt l;
		uint8_t a = 0x38, b = 0x38;
		int bad = 0, ties = 0;
		cublasStatus_t st = lt_setup(&l, CUDA_R_8F_E4M3, CUDA_R_8F_E4M3, CUDA_R_16BF,
					     e4 ? CUDA_R_8F_E4M3 : CUDA_R_8F_E5M2, CUBLAS_OP_N, N, 1, 1);
		uint8_t *A = malloc(N);

		memset(A, a, N);
		st = st ? st : lt_mm(&l, 0, A, &b, 1, c, d);
		for (int i = 0; i < N; i++) {
			double v = bf16_value(c[i]);
			unsigned want = nearest_code(v, e4);

			bad += d[i] != want;
			ties += fabs(fp8_ref(want, e4) - v) == fabs(fp8_ref(want ^ 1, e4) - v) && v != fp8_ref(want, e4);
		}
		tap_ok(!st && !bad && ties > 0, "%s D from %d bfloat16 C values: nearest code, ties to even (%d ties), "
		       "saturated (%d wrong)", e4 ? "E4M3" : "E5M2", N, ties, bad);
		lt_teardown(&l);
		free(A);
	}
}

TAP_TEST(fp8_scales_and_amax)
{
	enum { M = 7, NN = 5, K = 9 };
	struct lt l;
	uint8_t A[K * M], B[K * NN], D[M * NN];
	uint16_t C[M * NN];
	float *scales, *amax;
	int bad = 0;
	double ref_amax = 0;
	cublasStatus_t st;

	cudaMalloc((void **)&scales, 4 * sizeof(float));
	cudaMalloc((void **)&amax, sizeof(float));
	scales[0] = 0.5f, scales[1] = 2.0f, scales[2] = 0.25f, scales[3] = 0.37f; /* A, B, C, D */
	*amax = -1;
	/* codes of few mantissa bits and moderate exponents: every product and sum exact in float */
	for (int i = 0; i < K * M; i++)
		A[i] = (uint8_t)(((i * 5) % 7) << 3 | (i % 2) | ((i % 3) ? 0x80 : 0)) + 0x18;
	for (int i = 0; i < K * NN; i++)
		B[i] = (uint8_t)(0x28 + ((i * 3) % 4) * 8 + (i % 2));
	for (int i = 0; i < M * NN; i++)
		C[i] = (uint16_t)(0x4100 + i * 9); /* bfloat16 8 .. ~40 */
	st = lt_setup(&l, CUDA_R_8F_E4M3, CUDA_R_8F_E4M3, CUDA_R_16BF, CUDA_R_8F_E4M3, CUBLAS_OP_T, M, NN, K);
	const float *sa = scales, *sb = scales + 1, *sc = scales + 2, *sd = scales + 3;
	st = st ? st : cublasLtMatmulDescSetAttribute(l.desc, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &sa, sizeof(sa));
	st = st ? st : cublasLtMatmulDescSetAttribute(l.desc, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &sb, sizeof(sb));
	st = st ? st : cublasLtMatmulDescSetAttribute(l.desc, CUBLASLT_MATMUL_DESC_C_SCALE_POINTER, &sc, sizeof(sc));
	st = st ? st : cublasLtMatmulDescSetAttribute(l.desc, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, &sd, sizeof(sd));
	st = st ? st : cublasLtMatmulDescSetAttribute(l.desc, CUBLASLT_MATMUL_DESC_AMAX_D_POINTER, &amax, sizeof(amax));
	st = st ? st : lt_mm(&l, 1.5f, A, B, -1.0f, C, D);
	for (int i = 0; i < M; i++)
		for (int j = 0; j < NN; j++) {
			double s = 0;

			for (int k = 0; k < K; k++) /* A is K x M (op T), column-major */
				s += fp8_ref(A[k + i * K], 1) * fp8_ref(B[k + j * K], 1);
			double v = 1.5 * 0.5 * 2.0 * s - 1.0 * 0.25 * bf16_value(C[i + j * M]);
			ref_amax = fmax(ref_amax, fabs(v));
			bad += D[i + j * M] != nearest_code(v * (double)0.37f, 1);
		}
	tap_ok(!st && !bad, "E4M3 A^T B, bfloat16 C, E4M3 D: D = scale_D (alpha sA sB AB + beta sC C) (%d wrong)", bad);
	tap_ok(!st && *amax == (float)ref_amax, "AMAX_D_POINTER: max |D before scale_D| = %g (want %g)", *amax,
	       ref_amax);
	lt_teardown(&l);
	cudaFree(scales);
	cudaFree(amax);
}

TAP_TEST(fp8_refused_and_attributes)
{
	struct lt l;
	uint8_t x[4] = { 0 };
	float f[4] = { 0 }, *p = f, *back = NULL;
	size_t written = 0;

	tap_ok(lt_setup(&l, CUDA_R_8F_E5M2, CUDA_R_8F_E5M2, CUDA_R_16F, CUDA_R_16F, CUBLAS_OP_T, 2, 2, 1) == 0 &&
		       lt_mm(&l, 1, x, x, 0, x, x) == CUBLAS_STATUS_NOT_SUPPORTED,
	       "E5M2 A and E5M2 B: NOT_SUPPORTED");
	lt_teardown(&l);
	tap_ok(lt_setup(&l, CUDA_R_8F_E4M3, CUDA_R_8F_E4M3, CUDA_R_32F, CUDA_R_8F_E4M3, CUBLAS_OP_T, 2, 2, 1) == 0 &&
		       lt_mm(&l, 1, x, x, 0, f, x) == CUBLAS_STATUS_NOT_SUPPORTED,
	       "E4M3 D with a float C: NOT_SUPPORTED");
	lt_teardown(&l);
	tap_ok(lt_setup(&l, CUDA_R_8F_E4M3, CUDA_R_16F, CUDA_R_16F, CUDA_R_16F, CUBLAS_OP_T, 2, 2, 1) == 0 &&
		       lt_mm(&l, 1, x, x, 0, x, x) == CUBLAS_STATUS_NOT_SUPPORTED,
	       "E4M3 A with a half B: NOT_SUPPORTED");
	tap_ok(cublasLtMatmulDescSetAttribute(l.desc, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, &p, sizeof(p)) == 0 &&
		       cublasLtMatmulDescGetAttribute(l.desc, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, &back, sizeof(back),
						      &written) == 0 &&
		       back == p && written == sizeof(p),
	       "D_SCALE_POINTER reads back");
	tap_ok(cublasLtMatmulDescSetAttribute(l.desc, CUBLASLT_MATMUL_DESC_AMAX_D_POINTER, &p, 4) ==
		       CUBLAS_STATUS_INVALID_VALUE,
	       "AMAX_D_POINTER of the wrong size: INVALID_VALUE");
	lt_teardown(&l);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
