// SPDX-License-Identifier: MIT
/*
 * test_gemm_c_ex.c - cublasCgemmEx, Cgemm3mEx, Cgemm3mBatched and
 * Cgemm3mStridedBatched (lib/cublas/gemm_c_ex.c) against a loop written
 * here from the definition, C = alpha op(A) op(B) + beta C, in double
 * complex:
 *
 * - the Ex calls with A and B of CUDA_C_32F (uniform values) and CUDA_C_8I
 *   (char2, integers in -100..100), every pair of operations N/T/C, a 4 x 3
 *   C from k = 5, leading dimensions above the minimum (the padding rows
 *   compared exactly: untouched); 1e-5 of 1 + |ref|;
 * - the 3m batched forms on a batch of 3 (pointer arrays, and strides with
 *   a gap);
 * - the statuses: NULL handle, bad arguments INVALID_VALUE, type
 *   combinations cuBLAS does not list NOT_SUPPORTED, C untouched;
 * - the _64 forms equal to the int calls bit for bit, a size outside int's
 *   range NOT_SUPPORTED.
 */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "xorshift.h"
#include "tap.h"

typedef double _Complex dc;

enum { M = 4, N = 3, K = 5, PAD = 2, BATCH = 3 };
static cublasHandle_t H;
static const cublasOperation_t OPS[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
static const char OPC[] = "NTC";

/* element e of a CUDA_C_32F or CUDA_C_8I array */
static dc at(const void *p, cudaDataType t, size_t e)
{
	if (t == CUDA_C_8I)
		return ((const int8_t *)p)[2 * e] + I * ((const int8_t *)p)[2 * e + 1];
	return ((const float _Complex *)p)[e];
}

static void *make(cudaDataType t, size_t count)
{
	void *p = NULL;

	cudaMalloc(&p, (t == CUDA_C_8I ? 2 : 8) * count);
	for (size_t e = 0; e < count; e++)
		if (t == CUDA_C_8I) {
			((int8_t *)p)[2 * e] = (int8_t)lround(urand() * 100);
			((int8_t *)p)[2 * e + 1] = (int8_t)lround(urand() * 100);
		} else {
			((float _Complex *)p)[e] = (float)urand() + I * (float)urand();
		}
	return p;
}

/* op(X)(i, l) of a stored matrix with leading dimension ld */
static dc op_at(const void *p, cudaDataType t, cublasOperation_t op, int i, int l, int ld)
{
	if (op == CUBLAS_OP_N)
		return at(p, t, i + (size_t)l * ld);
	dc v = at(p, t, l + (size_t)i * ld);

	return op == CUBLAS_OP_C ? conj(v) : v;
}

/* the largest error of C against the loop over c0 (C before the call); -1 when padding changed */
static double check(const void *a, const void *b, cudaDataType t, cublasOperation_t ta,
		    cublasOperation_t tb, int lda, int ldb, dc alpha, dc beta,
		    const float _Complex *c, const float _Complex *c0, int ldc)
{
	double err = 0;

	for (int j = 0; j < N; j++)
		for (int i = 0; i < ldc; i++) {
			size_t e = i + (size_t)j * ldc;

			if (i >= M) {
				if (memcmp(&c[e], &c0[e], sizeof(c[e])))
					return -1;
				continue;
			}
			dc s = 0;

			for (int l = 0; l < K; l++)
				s += op_at(a, t, ta, i, l, lda) * op_at(b, t, tb, l, j, ldb);
			dc ref = alpha * s + beta * c0[e];

			err = fmax(err, cabs(c[e] - ref) / (1 + cabs(ref)));
		}
	return err;
}

struct product {
	cublasOperation_t ta, tb;
	int lda, ldb, ldc;
	void *a, *b;
	float _Complex *c, *c0;
};

static void make_product(struct product *p, cudaDataType t, cublasOperation_t ta,
			 cublasOperation_t tb)
{
	p->ta = ta, p->tb = tb;
	p->lda = (ta == CUBLAS_OP_N ? M : K) + PAD, p->ldb = (tb == CUBLAS_OP_N ? K : N) + 1,
	p->ldc = M + PAD;
	p->a = make(t, (size_t)p->lda * (ta == CUBLAS_OP_N ? K : M));
	p->b = make(t, (size_t)p->ldb * (tb == CUBLAS_OP_N ? N : K));
	p->c = make(CUDA_C_32F, (size_t)p->ldc * N);
	p->c0 = malloc(sizeof(*p->c0) * p->ldc * N);
	memcpy(p->c0, p->c, sizeof(*p->c0) * p->ldc * N);
}

static void free_product(struct product *p)
{
	cudaFree(p->a), cudaFree(p->b), cudaFree(p->c), free(p->c0);
}

static const cuComplex ALPHA = {0.75f, -0.5f}, BETA = {-0.25f, 0.5f};
#define DC(z) ((z).x + I * (z).y)

TAP_TEST(ex)
{
	static const cudaDataType types[] = {CUDA_C_32F, CUDA_C_8I};

	for (int three_m = 0; three_m < 2; three_m++)
		for (int ti = 0; ti < 2; ti++) {
			cudaDataType t = types[ti];
			double err = 0;
			char bad[64] = "";

			for (int oa = 0; oa < 3; oa++)
				for (int ob = 0; ob < 3; ob++) {
					struct product p;
					cublasStatus_t st;

					make_product(&p, t, OPS[oa], OPS[ob]);
					st = (three_m ? cublasCgemm3mEx : cublasCgemmEx)(
					    H, p.ta, p.tb, M, N, K, &ALPHA, p.a, t, p.lda, p.b, t,
					    p.ldb, &BETA, p.c, CUDA_C_32F, p.ldc);
					double e =
					    st ? -2
					       : check(p.a, p.b, t, p.ta, p.tb, p.lda, p.ldb,
						       DC(ALPHA), DC(BETA), p.c, p.c0, p.ldc);

					if (e < 0 || e > 1e-5)
						snprintf(bad + strlen(bad),
							 sizeof(bad) - strlen(bad), " %c%c",
							 OPC[oa], OPC[ob]);
					err = fmax(err, e);
					free_product(&p);
				}
			tap_ok(!bad[0],
			       "%s, A and B %s: the 9 pairs of operations against the loop, error "
			       "%.2g, "
			       "padding untouched%s%s",
			       three_m ? "Cgemm3mEx" : "CgemmEx",
			       t == CUDA_C_8I ? "CUDA_C_8I" : "CUDA_C_32F", err,
			       bad[0] ? "; wrong:" : "", bad);
		}
}

TAP_TEST(batched_3m)
{
	for (int strided = 0; strided < 2; strided++) {
		struct product p[BATCH];
		const cuComplex *ap[BATCH], *bp[BATCH];
		cuComplex *cp[BATCH];
		double err = 0;
		/* strided: one allocation each, products at a stride with a gap after every matrix
		 */
		long long sa = 0, sb = 0, sc = 0;
		cuComplex *a = NULL, *b = NULL, *c = NULL;

		for (int i = 0; i < BATCH; i++)
			make_product(&p[i], CUDA_C_32F, CUBLAS_OP_T, CUBLAS_OP_C);
		sa = (long long)p[0].lda * M + 3, sb = (long long)p[0].ldb * K + 1,
		sc = (long long)p[0].ldc * N + 2;
		cudaMalloc((void **)&a, sizeof(*a) * sa * BATCH),
		    cudaMalloc((void **)&b, sizeof(*b) * sb * BATCH);
		cudaMalloc((void **)&c, sizeof(*c) * sc * BATCH);
		for (int i = 0; i < BATCH; i++) {
			ap[i] = strided ? a + i * sa : p[i].a,
			bp[i] = strided ? b + i * sb : p[i].b;
			cp[i] = strided ? c + i * sc : (cuComplex *)p[i].c;
			if (strided) {
				memcpy(a + i * sa, p[i].a, sizeof(*a) * p[i].lda * M);
				memcpy(b + i * sb, p[i].b, sizeof(*b) * p[i].ldb * K);
				memcpy(c + i * sc, p[i].c, sizeof(*c) * p[i].ldc * N);
			}
		}
		cublasStatus_t st =
		    strided
			? cublasCgemm3mStridedBatched(H, CUBLAS_OP_T, CUBLAS_OP_C, M, N, K, &ALPHA,
						      a, p[0].lda, sa, b, p[0].ldb, sb, &BETA, c,
						      p[0].ldc, sc, BATCH)
			: cublasCgemm3mBatched(H, CUBLAS_OP_T, CUBLAS_OP_C, M, N, K, &ALPHA, ap,
					       p[0].lda, bp, p[0].ldb, &BETA, cp, p[0].ldc, BATCH);
		for (int i = 0; i < BATCH; i++) {
			double e = st ? -2
				      : check(p[i].a, p[i].b, CUDA_C_32F, CUBLAS_OP_T, CUBLAS_OP_C,
					      p[i].lda, p[i].ldb, DC(ALPHA), DC(BETA),
					      (const float _Complex *)cp[i], p[i].c0, p[i].ldc);

			err = e < 0 || err < 0 ? fmin(e, err) : fmax(e, err);
			free_product(&p[i]);
		}
		tap_ok(err >= 0 && err < 1e-5,
		       "Cgemm3m%sBatched: 3 products (T, C) against the loop, error %.2g",
		       strided ? "Strided" : "", err);
		cudaFree(a), cudaFree(b), cudaFree(c);
	}
}

TAP_TEST(statuses)
{
	struct product p;
	int bad = 0;

	make_product(&p, CUDA_C_32F, CUBLAS_OP_N, CUBLAS_OP_N);
	tap_ok(cublasCgemmEx(NULL, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &ALPHA, p.a, CUDA_C_32F,
			     p.lda, p.b, CUDA_C_32F, p.ldb, &BETA, p.c, CUDA_C_32F,
			     p.ldc) == CUBLAS_STATUS_NOT_INITIALIZED &&
		   cublasCgemm3mEx(NULL, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &ALPHA, p.a, CUDA_C_32F,
				   p.lda, p.b, CUDA_C_32F, p.ldb, &BETA, p.c, CUDA_C_32F,
				   p.ldc) == CUBLAS_STATUS_NOT_INITIALIZED,
	       "CgemmEx, Cgemm3mEx: a NULL handle is NOT_INITIALIZED");
	struct {
		cublasOperation_t ta;
		int m, k, lda, ldc, null_alpha;
	} inval[] = {
	    {(cublasOperation_t)9, M, K, p.lda, p.ldc, 0}, {CUBLAS_OP_N, -1, K, p.lda, p.ldc, 0},
	    {CUBLAS_OP_N, M, -1, p.lda, p.ldc, 0},	   {CUBLAS_OP_N, M, K, M - 1, p.ldc, 0},
	    {CUBLAS_OP_N, M, K, p.lda, M - 1, 0},	   {CUBLAS_OP_N, M, K, p.lda, p.ldc, 1},
	};
	for (size_t i = 0; i < sizeof(inval) / sizeof(inval[0]); i++)
		for (int three_m = 0; three_m < 2; three_m++)
			if ((three_m ? cublasCgemm3mEx : cublasCgemmEx)(
				H, inval[i].ta, CUBLAS_OP_N, inval[i].m, N, inval[i].k,
				inval[i].null_alpha ? NULL : &ALPHA, p.a, CUDA_C_8I, inval[i].lda,
				p.b, CUDA_C_8I, p.ldb, &BETA, p.c, CUDA_C_32F,
				inval[i].ldc) != CUBLAS_STATUS_INVALID_VALUE)
				bad++;
	tap_ok(!bad,
	       "CgemmEx, Cgemm3mEx: a bad operation, size, leading dimension or scalar is "
	       "INVALID_VALUE (%d wrong)",
	       bad);
	bad = 0;
	static const cudaDataType unlisted[][3] = {
	    {CUDA_C_8I, CUDA_C_32F, CUDA_C_32F},  {CUDA_C_32F, CUDA_C_8I, CUDA_C_32F},
	    {CUDA_C_32F, CUDA_C_32F, CUDA_C_64F}, {CUDA_C_64F, CUDA_C_64F, CUDA_C_64F},
	    {CUDA_R_32F, CUDA_R_32F, CUDA_R_32F}, {CUDA_C_16F, CUDA_C_16F, CUDA_C_32F},
	    {CUDA_C_8I, CUDA_C_8I, CUDA_C_32I},
	};
	for (size_t i = 0; i < sizeof(unlisted) / sizeof(unlisted[0]); i++)
		for (int three_m = 0; three_m < 2; three_m++)
			if ((three_m ? cublasCgemm3mEx : cublasCgemmEx)(
				H, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &ALPHA, p.a, unlisted[i][0],
				p.lda, p.b, unlisted[i][1], p.ldb, &BETA, p.c, unlisted[i][2],
				p.ldc) != CUBLAS_STATUS_NOT_SUPPORTED)
				bad++;
	tap_ok(!bad,
	       "CgemmEx, Cgemm3mEx: type combinations cuBLAS does not list are NOT_SUPPORTED (%d "
	       "wrong)",
	       bad);
	tap_ok(!memcmp(p.c, p.c0, sizeof(*p.c) * p.ldc * N),
	       "CgemmEx, Cgemm3mEx: nothing written on a refused call");
	free_product(&p);
}

TAP_TEST(sixty_four)
{
	struct product p, q;

	make_product(&p, CUDA_C_8I, CUBLAS_OP_C, CUBLAS_OP_T);
	make_product(&q, CUDA_C_8I, CUBLAS_OP_C, CUBLAS_OP_T);
	memcpy(q.a, p.a, 2 * p.lda * M), memcpy(q.b, p.b, 2 * p.ldb * K),
	    memcpy(q.c, p.c, 8 * p.ldc * N);
	cublasStatus_t s1 =
	    cublasCgemmEx(H, CUBLAS_OP_C, CUBLAS_OP_T, M, N, K, &ALPHA, p.a, CUDA_C_8I, p.lda, p.b,
			  CUDA_C_8I, p.ldb, &BETA, p.c, CUDA_C_32F, p.ldc);
	cublasStatus_t s2 =
	    cublasCgemmEx_64(H, CUBLAS_OP_C, CUBLAS_OP_T, M, N, K, &ALPHA, q.a, CUDA_C_8I, q.lda,
			     q.b, CUDA_C_8I, q.ldb, &BETA, q.c, CUDA_C_32F, q.ldc);
	tap_ok(!s1 && !s2 && !memcmp(p.c, q.c, 8 * p.ldc * N),
	       "CgemmEx_64 equals the int call bit for bit");
	memcpy(q.c0, q.c, 8 * q.ldc * N);
	tap_ok(cublasCgemm3mEx_64(H, CUBLAS_OP_N, CUBLAS_OP_N, M, N, (int64_t)1 << 32, &ALPHA, q.a,
				  CUDA_C_8I, q.lda, q.b, CUDA_C_8I, q.ldb, &BETA, q.c, CUDA_C_32F,
				  q.ldc) == CUBLAS_STATUS_NOT_SUPPORTED &&
		   !memcmp(q.c, q.c0, 8 * q.ldc * N),
	       "Cgemm3mEx_64: k of 2^32 is NOT_SUPPORTED, nothing written");
	free_product(&p), free_product(&q);
}

static int setup(void)
{
	xorshift_seed(0x3c5a9e17);
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
