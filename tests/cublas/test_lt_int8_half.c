// SPDX-License-Identifier: MIT
/*
 * test_lt_int8_half.c - cublasLtMatmul's integer row (A and B int8, C and
 * D int32, compute and scale 32I: D = alpha op(A) B + beta C summed
 * exactly and wrapped to 32 bits) and its all-half row (compute 16F with
 * half alpha and beta), against loops written here: int64 sums wrapped
 * through uint32; for half, operands chosen so that every product and sum
 * is exact, so D must equal the exact value rounded to binary16 (the
 * compiler's _Float16 conversion).  HeCBench blas-gemmEx2-cuda stopped on
 * both with NOT_SUPPORTED (status 15) before they were served.  Then the
 * neighbouring combinations that stay refused.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cublasLt.h>
#include <cuda_runtime.h>
#include "xorshift.h"
#include "tap.h"

struct lt {
	cublasLtHandle_t h;
	cublasLtMatmulDesc_t desc;
	cublasLtMatrixLayout_t a, b, c, d;
};

/* D (m x n) = op(A) B, column-major, A of rows x cols as op asks, leading dimensions = rows */
static cublasStatus_t lt_setup(struct lt *l, cublasComputeType_t compute, cudaDataType scale,
			       cudaDataType tab, cudaDataType tcd, cublasOperation_t opa, int m,
			       int n, int k)
{
	cublasOperation_t opb = CUBLAS_OP_N;
	cublasStatus_t st = cublasLtCreate(&l->h);

	st = st ? st : cublasLtMatmulDescCreate(&l->desc, compute, scale);
	st = st ? st
		: cublasLtMatmulDescSetAttribute(l->desc, CUBLASLT_MATMUL_DESC_TRANSA, &opa,
						 sizeof(opa));
	st = st ? st
		: cublasLtMatmulDescSetAttribute(l->desc, CUBLASLT_MATMUL_DESC_TRANSB, &opb,
						 sizeof(opb));
	st =
	    st ? st
	       : cublasLtMatrixLayoutCreate(&l->a, tab, opa == CUBLAS_OP_N ? m : k,
					    opa == CUBLAS_OP_N ? k : m, opa == CUBLAS_OP_N ? m : k);
	st = st ? st : cublasLtMatrixLayoutCreate(&l->b, tab, k, n, k);
	st = st ? st : cublasLtMatrixLayoutCreate(&l->c, tcd, m, n, m);
	st = st ? st : cublasLtMatrixLayoutCreate(&l->d, tcd, m, n, m);
	return st;
}

static void lt_teardown(struct lt *l)
{
	cublasLtMatrixLayoutDestroy(l->a), cublasLtMatrixLayoutDestroy(l->b);
	cublasLtMatrixLayoutDestroy(l->c), cublasLtMatrixLayoutDestroy(l->d);
	cublasLtMatmulDescDestroy(l->desc), cublasLtDestroy(l->h);
}

/* op(A)(i, l) of a column-major A whose op is N (m x k, lda m) or T (k x m, lda k) */
static long op_a(const int8_t *A, cublasOperation_t opa, int m, int k, int i, int l)
{
	return opa == CUBLAS_OP_N ? A[i + (long)l * m] : A[l + (long)i * k];
}

TAP_TEST(int8_rows)
{
	enum { M = 5, N = 4, K = 300 };
	static const int32_t alphas[] = {3, 1 << 20}, betas[] = {-2, 7};

	for (int t = 0; t < 2; t++)
		for (int s = 0; s < 2; s++) {
			cublasOperation_t opa = t ? CUBLAS_OP_T : CUBLAS_OP_N;
			int8_t A[M * K], B[K * N];
			int32_t C[M * N], D[M * N], alpha = alphas[s], beta = betas[s];
			struct lt l;
			int bad = 0, wrapped = 0;

			for (int i = 0; i < M * K; i++)
				A[i] = (int8_t)(urand() * 256 - 128);
			for (int i = 0; i < K * N; i++)
				B[i] = (int8_t)(urand() * 256 - 128);
			for (int i = 0; i < M * N; i++)
				C[i] = (int32_t)(urand() * 2e9 - 1e9);
			cublasStatus_t st = lt_setup(&l, CUBLAS_COMPUTE_32I, CUDA_R_32I, CUDA_R_8I,
						     CUDA_R_32I, opa, M, N, K);
			st = st ? st
				: cublasLtMatmul(l.h, l.desc, &alpha, A, l.a, B, l.b, &beta, C, l.c,
						 D, l.d, NULL, NULL, 0, 0);
			for (int j = 0; j < N; j++)
				for (int i = 0; i < M; i++) {
					int64_t sum = 0, v;

					for (int q = 0; q < K; q++)
						sum +=
						    op_a(A, opa, M, K, i, q) * B[q + (long)j * K];
					v = (int64_t)alpha * sum + (int64_t)beta * C[i + j * M];
					wrapped += v != (int32_t)v;
					bad += D[i + j * M] != (int32_t)(uint32_t)(uint64_t)v;
				}
			tap_ok(!st && !bad,
			       "int8 A (op %s), B; int32 C, D; alpha %d, beta %d, k %d: exact, %d "
			       "of %d wrapped "
			       "to 32 bits (status %d, %d wrong)",
			       t ? "T" : "N", alpha, beta, K, wrapped, M * N, st, bad);
			lt_teardown(&l);
		}
}

TAP_TEST(half_rows)
{
	enum { M = 6, N = 3, K = 16 };
	_Float16 A[M * K], B[K * N], C[M * N], D[M * N], alpha = (_Float16)0.5f,
							 beta = (_Float16)2.0f;
	struct lt l;
	int bad = 0;

	/* quarters in [-2, 2]: every product and partial sum exact in float and double */
	for (int i = 0; i < M * K; i++)
		A[i] = (_Float16)((int)(urand() * 17) / 4.0 - 2);
	for (int i = 0; i < K * N; i++)
		B[i] = (_Float16)((int)(urand() * 17) / 4.0 - 2);
	for (int i = 0; i < M * N; i++)
		C[i] = (_Float16)((int)(urand() * 64) / 8.0 - 4);
	cublasStatus_t st = lt_setup(&l, CUBLAS_COMPUTE_16F, CUDA_R_16F, CUDA_R_16F, CUDA_R_16F,
				     CUBLAS_OP_N, M, N, K);
	st = st ? st
		: cublasLtMatmul(l.h, l.desc, &alpha, A, l.a, B, l.b, &beta, C, l.c, D, l.d, NULL,
				 NULL, 0, 0);
	for (int j = 0; j < N; j++)
		for (int i = 0; i < M; i++) {
			double s = 0;

			for (int q = 0; q < K; q++)
				s += (double)A[i + q * M] * (double)B[q + j * K];
			bad += D[i + j * M] != (_Float16)(0.5 * s + 2.0 * (double)C[i + j * M]);
		}
	tap_ok(!st && !bad,
	       "half A, B, C, D with half alpha 0.5 and beta 2 (compute 16F): the exact value "
	       "rounded to "
	       "binary16 (status %d, %d wrong)",
	       st, bad);
	lt_teardown(&l);
}

/* what stays out around the two rows: NOT_SUPPORTED, nothing written */
TAP_TEST(refused_neighbours)
{
	int8_t A[4] = {1, 2, 3, 4}, B[4] = {1, 1, 1, 1};
	int32_t D[4] = {9, 9, 9, 9}, one = 1;
	float Df[4], onef = 1;
	_Float16 H[4] = {1, 1, 1, 1}, one_h = 1;
	cublasLtEpilogue_t relu = CUBLASLT_EPILOGUE_RELU;
	struct lt l;

	cublasStatus_t st = lt_setup(&l, CUBLAS_COMPUTE_32I, CUDA_R_32I, CUDA_R_8I, CUDA_R_32I,
				     CUBLAS_OP_N, 2, 2, 2);
	st = st ? st
		: cublasLtMatmulDescSetAttribute(l.desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &relu,
						 sizeof(relu));
	tap_ok(!st &&
		   cublasLtMatmul(l.h, l.desc, &one, A, l.a, B, l.b, &one, D, l.c, D, l.d, NULL,
				  NULL, 0, 0) == CUBLAS_STATUS_NOT_SUPPORTED &&
		   D[0] == 9,
	       "int8 with a RELU epilogue: NOT_SUPPORTED, D untouched");
	lt_teardown(&l);
	st = lt_setup(&l, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_8I, CUDA_R_32F, CUBLAS_OP_N, 2, 2,
		      2);
	tap_ok(!st && cublasLtMatmul(l.h, l.desc, &onef, A, l.a, B, l.b, &onef, Df, l.c, Df, l.d,
				     NULL, NULL, 0, 0) == CUBLAS_STATUS_NOT_SUPPORTED,
	       "int8 A and B with float C, D and scale: NOT_SUPPORTED");
	lt_teardown(&l);
	st = lt_setup(&l, CUBLAS_COMPUTE_16F, CUDA_R_16F, CUDA_R_16F, CUDA_R_32F, CUBLAS_OP_N, 2, 2,
		      2);
	tap_ok(!st && cublasLtMatmul(l.h, l.desc, &one_h, H, l.a, H, l.b, &one_h, Df, l.c, Df, l.d,
				     NULL, NULL, 0, 0) == CUBLAS_STATUS_NOT_SUPPORTED,
	       "half scalars with float C and D: NOT_SUPPORTED");
	lt_teardown(&l);
}

int main(int argc, char **argv)
{
	xorshift_seed(0x1739);
	return tap_main(argc, argv);
}
