// SPDX-License-Identifier: MIT
/*
 * lib/cublas: batched GEMM (arrays of pointers, strided) and the
 * mixed-precision GemmEx family.  A batch is a loop over CBLAS gemm calls,
 * each of which OpenBLAS runs on its threads.  Half and bfloat16 inputs
 * are widened to float (exact), multiplied by sgemm (float accumulation,
 * as cuBLAS's CUBLAS_COMPUTE_32F) and a half/bfloat16 C is rounded back to
 * nearest-even.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cublas_internal.h"

#define GEN_BATCHED(P, T, R)										\
	cublasStatus_t cublas##P##gemmBatched(cublasHandle_t h, cublasOperation_t transa,			\
					      cublasOperation_t transb, int m, int n, int k, const T *alpha,	\
					      const T *const a[], int lda, const T *const b[], int ldb,	\
					      const T *beta, T *const c[], int ldc, int batch_count)		\
	{												\
		CUBLAS_START(h, cublas_gemm_check(transa, transb, m, n, k, lda, ldb, ldc) || !alpha ||	\
				       !beta || batch_count < 0 || (batch_count && (!a || !b || !c)));	\
		for (int i = 0; m > 0 && n > 0 && i < batch_count; i++)				\
			CUBLAS_CB(P, gemm)(CblasColMajor, cblas_op(transa), cblas_op(transb), m, n, k,	\
					   CUBLAS_ARG(P, alpha), a[i], lda, b[i], ldb, CUBLAS_ARG(P, beta), \
					   c[i], ldc);							\
		return CUBLAS_STATUS_SUCCESS;								\
	}												\
	cublasStatus_t cublas##P##gemmStridedBatched(cublasHandle_t h, cublasOperation_t transa,		\
						     cublasOperation_t transb, int m, int n, int k,		\
						     const T *alpha, const T *a, int lda, long long stride_a,	\
						     const T *b, int ldb, long long stride_b, const T *beta,	\
						     T *c, int ldc, long long stride_c, int batch_count)	\
	{												\
		CUBLAS_START(h, cublas_gemm_check(transa, transb, m, n, k, lda, ldb, ldc) || !alpha ||	\
				       !beta || batch_count < 0);						\
		for (int i = 0; m > 0 && n > 0 && i < batch_count; i++)				\
			CUBLAS_CB(P, gemm)(CblasColMajor, cblas_op(transa), cblas_op(transb), m, n, k,	\
					   CUBLAS_ARG(P, alpha), a + i * stride_a, lda, b + i * stride_b,	\
					   ldb, CUBLAS_ARG(P, beta), c + i * stride_c, ldc);		\
		return CUBLAS_STATUS_SUCCESS;								\
	}
CUBLAS_FOR_ALL(GEN_BATCHED)

/* ---- GemmEx ---- */

static size_t type_size(cudaDataType t)
{
	switch (t) {
	case CUDA_R_8I: return 1;
	case CUDA_R_16F: case CUDA_R_16BF: return 2;
	case CUDA_R_32I: return 4;
	case CUDA_R_32F: return 4;
	case CUDA_R_64F: case CUDA_C_32F: return 8;
	case CUDA_C_64F: return 16;
	default: return 0;
	}
}

static int is_16(cudaDataType t)
{
	return t == CUDA_R_16F || t == CUDA_R_16BF;
}

float cublas_load16(const void *p, size_t i, cudaDataType t)
{
	if (t == CUDA_R_16F)
		return (float)((const _Float16 *)p)[i];
	uint32_t u = (uint32_t)((const uint16_t *)p)[i] << 16;	/* bfloat16: float's top half */
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

void cublas_store16(void *p, size_t i, cudaDataType t, float f)
{
	if (t == CUDA_R_16F) {
		((_Float16 *)p)[i] = (_Float16)f;	/* round to nearest even */
		return;
	}
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	if ((u & 0x7fffffffu) > 0x7f800000u)
		u |= 0x00400000u;	/* NaN stays a (quiet) NaN */
	else
		u += 0x7fffu + ((u >> 16) & 1);	/* nearest, ties to even */
	((uint16_t *)p)[i] = (uint16_t)(u >> 16);
}

/* rows x cols of a 16-bit matrix (ld) into a dense float one (ld = rows); NULL when out of memory */
static float *widen(const void *src, cudaDataType t, int rows, int cols, int ld)
{
	float *f = malloc(sizeof(float) * (size_t)(rows > 0 ? rows : 1) * (size_t)(cols > 0 ? cols : 1));

	for (int j = 0; f && j < cols; j++)
		for (int i = 0; i < rows; i++)
			f[i + (size_t)j * rows] = cublas_load16(src, i + (size_t)j * ld, t);
	return f;
}

struct gemm_ex {
	cublasOperation_t ta, tb;
	int m, n, k, lda, ldb, ldc;
	const void *alpha, *beta;
	cudaDataType at, bt, ct;
	cublasComputeType_t compute;
};

static int compute_32f(cublasComputeType_t c)
{
	return c == CUBLAS_COMPUTE_32F || c == CUBLAS_COMPUTE_32F_PEDANTIC || c == CUBLAS_COMPUTE_32F_FAST_16F ||
	       c == CUBLAS_COMPUTE_32F_FAST_16BF || c == CUBLAS_COMPUTE_32F_FAST_TF32;
}

static int compute_64f(cublasComputeType_t c)
{
	return c == CUBLAS_COMPUTE_64F || c == CUBLAS_COMPUTE_64F_PEDANTIC;
}

/* The type combinations cuBLAS documents for GemmEx that this library runs. */
static cublasStatus_t ex_check(const struct gemm_ex *g)
{
	cublasStatus_t st = cublas_gemm_check(g->ta, g->tb, g->m, g->n, g->k, g->lda, g->ldb, g->ldc);

	if (st || !g->alpha || !g->beta)
		return CUBLAS_STATUS_INVALID_VALUE;
	if (g->at != g->bt)
		return CUBLAS_STATUS_NOT_SUPPORTED;
	if (compute_32f(g->compute) && (g->at == CUDA_R_32F || g->at == CUDA_C_32F) && g->ct == g->at)
		return CUBLAS_STATUS_SUCCESS;
	if (compute_64f(g->compute) && (g->at == CUDA_R_64F || g->at == CUDA_C_64F) && g->ct == g->at)
		return CUBLAS_STATUS_SUCCESS;
	/* CUDA 13's emulated FP32/FP64 of the same data: computed in float/double here, the accuracy
	 * the emulation aims at */
	if (g->compute == CUBLAS_COMPUTE_32F_EMULATED_16BFX9 && (g->at == CUDA_R_32F || g->at == CUDA_C_32F) &&
	    g->ct == g->at)
		return CUBLAS_STATUS_SUCCESS;
	if (g->compute == CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT && (g->at == CUDA_R_64F || g->at == CUDA_C_64F) &&
	    g->ct == g->at)
		return CUBLAS_STATUS_SUCCESS;
	if (compute_32f(g->compute) && is_16(g->at) && (g->ct == g->at || g->ct == CUDA_R_32F))
		return CUBLAS_STATUS_SUCCESS;
	if ((g->compute == CUBLAS_COMPUTE_32I || g->compute == CUBLAS_COMPUTE_32I_PEDANTIC) && g->at == CUDA_R_8I &&
	    g->ct == CUDA_R_32I)
		return CUBLAS_STATUS_SUCCESS;
	if (compute_32f(g->compute) && g->at == CUDA_R_8I && g->ct == CUDA_R_32F)
		return CUBLAS_STATUS_SUCCESS;
	if ((g->compute == CUBLAS_COMPUTE_16F || g->compute == CUBLAS_COMPUTE_16F_PEDANTIC) &&
	    g->at == CUDA_R_16F && g->ct == CUDA_R_16F)
		return CUBLAS_STATUS_SUCCESS;
	return CUBLAS_STATUS_NOT_SUPPORTED;
}

/* 16-bit A and B: widened, sgemm, C widened and rounded back when it is 16-bit too. */
static cublasStatus_t ex_run16(const struct gemm_ex *g, const void *a, const void *b, void *c)
{
	int ar = g->ta == CUBLAS_OP_N ? g->m : g->k, ac = g->ta == CUBLAS_OP_N ? g->k : g->m;
	int br = g->tb == CUBLAS_OP_N ? g->k : g->n, bc = g->tb == CUBLAS_OP_N ? g->n : g->k;
	int half_scalars = g->compute == CUBLAS_COMPUTE_16F || g->compute == CUBLAS_COMPUTE_16F_PEDANTIC;
	float alpha = half_scalars ? cublas_load16(g->alpha, 0, CUDA_R_16F) : *(const float *)g->alpha;
	float beta = half_scalars ? cublas_load16(g->beta, 0, CUDA_R_16F) : *(const float *)g->beta;
	float *fa = widen(a, g->at, ar, ac, g->lda), *fb = widen(b, g->bt, br, bc, g->ldb), *fc = NULL;
	cublasStatus_t st = CUBLAS_STATUS_ALLOC_FAILED;

	if (g->ct != CUDA_R_32F)
		fc = widen(c, g->ct, g->m, g->n, g->ldc);
	if (fa && fb && (g->ct == CUDA_R_32F || fc)) {
		cblas_sgemm(CblasColMajor, cblas_op(g->ta), cblas_op(g->tb), g->m, g->n, g->k, alpha, fa,
			    cublas_max1(ar), fb, cublas_max1(br), beta, fc ? fc : c, fc ? g->m : g->ldc);
		for (int j = 0; fc && j < g->n; j++)
			for (int i = 0; i < g->m; i++)
				cublas_store16(c, i + (size_t)j * g->ldc, g->ct, fc[i + (size_t)j * g->m]);
		st = CUBLAS_STATUS_SUCCESS;
	}
	free(fa);
	free(fb);
	free(fc);
	return st;
}

/*
 * 8-bit integer A and B (no BLAS has them): exact products summed in 64
 * bits.  C int32 (compute 32I, int32 scalars): alpha sum + beta C wrapped
 * to 32 bits as the GPU's integer arithmetic; C float (compute 32F, float
 * scalars): the exact sum scaled in float.
 */
static cublasStatus_t ex_run_i8(const struct gemm_ex *g, const void *a, const void *b, void *c)
{
	const int8_t *A = a, *B = b;

	for (int j = 0; j < g->n; j++)
		for (int i = 0; i < g->m; i++) {
			int64_t sum = 0;

			for (int l = 0; l < g->k; l++) {
				int8_t x = g->ta == CUBLAS_OP_N ? A[i + (size_t)l * g->lda] : A[l + (size_t)i * g->lda];
				int8_t y = g->tb == CUBLAS_OP_N ? B[l + (size_t)j * g->ldb] : B[j + (size_t)l * g->ldb];

				sum += (int64_t)x * y;
			}
			size_t at = i + (size_t)j * g->ldc;
			if (g->ct == CUDA_R_32I) {
				int32_t *C = c, al = *(const int32_t *)g->alpha, be = *(const int32_t *)g->beta;
				uint64_t r = (uint64_t)al * (uint64_t)sum + (be ? (uint64_t)be * (uint64_t)(int64_t)C[at] : 0);

				C[at] = (int32_t)(uint32_t)r;
			} else {
				float *C = c, al = *(const float *)g->alpha, be = *(const float *)g->beta;

				C[at] = al * (float)sum + (be != 0 ? be * C[at] : 0);
			}
		}
	return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t ex_run(const struct gemm_ex *g, const void *a, const void *b, void *c)
{
	enum CBLAS_TRANSPOSE ta = cblas_op(g->ta), tb = cblas_op(g->tb);

	if (g->m == 0 || g->n == 0)
		return CUBLAS_STATUS_SUCCESS;
	switch (g->at) {
	case CUDA_R_32F:
		cblas_sgemm(CblasColMajor, ta, tb, g->m, g->n, g->k, *(const float *)g->alpha, a, g->lda, b, g->ldb,
			    *(const float *)g->beta, c, g->ldc);
		return CUBLAS_STATUS_SUCCESS;
	case CUDA_R_64F:
		cblas_dgemm(CblasColMajor, ta, tb, g->m, g->n, g->k, *(const double *)g->alpha, a, g->lda, b,
			    g->ldb, *(const double *)g->beta, c, g->ldc);
		return CUBLAS_STATUS_SUCCESS;
	case CUDA_C_32F:
		cblas_cgemm(CblasColMajor, ta, tb, g->m, g->n, g->k, g->alpha, a, g->lda, b, g->ldb, g->beta, c,
			    g->ldc);
		return CUBLAS_STATUS_SUCCESS;
	case CUDA_C_64F:
		cblas_zgemm(CblasColMajor, ta, tb, g->m, g->n, g->k, g->alpha, a, g->lda, b, g->ldb, g->beta, c,
			    g->ldc);
		return CUBLAS_STATUS_SUCCESS;
	case CUDA_R_8I:
		return ex_run_i8(g, a, b, c);
	default:
		return ex_run16(g, a, b, c);
	}
}

#define GEMM_EX_INIT(g)									\
	struct gemm_ex g = { transa, transb, m, n, k, lda, ldb, ldc, alpha, beta,	\
			     a_type, b_type, c_type, compute_type }

cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
			    int k, const void *alpha, const void *a, cudaDataType a_type, int lda, const void *b,
			    cudaDataType b_type, int ldb, const void *beta, void *c, cudaDataType c_type, int ldc,
			    cublasComputeType_t compute_type, cublasGemmAlgo_t algo)
{
	GEMM_EX_INIT(g);

	(void)algo;	/* one algorithm: OpenBLAS's */
	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	cublasStatus_t st = ex_check(&g);

	if (st || (st = cublas_begin(h)))
		return st;
	return ex_run(&g, a, b, c);
}

cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
					  int m, int n, int k, const void *alpha, const void *a,
					  cudaDataType a_type, int lda, long long stride_a, const void *b,
					  cudaDataType b_type, int ldb, long long stride_b, const void *beta,
					  void *c, cudaDataType c_type, int ldc, long long stride_c,
					  int batch_count, cublasComputeType_t compute_type,
					  cublasGemmAlgo_t algo)
{
	GEMM_EX_INIT(g);
	size_t ea = type_size(a_type), eb = type_size(b_type), ec = type_size(c_type);

	(void)algo;
	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	cublasStatus_t st = ex_check(&g);

	if (!st && batch_count < 0)
		st = CUBLAS_STATUS_INVALID_VALUE;
	if (st || (st = cublas_begin(h)))
		return st;
	for (int i = 0; !st && i < batch_count; i++)
		st = ex_run(&g, (const char *)a + i * stride_a * (long long)ea,
			    (const char *)b + i * stride_b * (long long)eb, (char *)c + i * stride_c * (long long)ec);
	return st;
}

cublasStatus_t cublasGemmBatchedEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m,
				   int n, int k, const void *alpha, const void *const a[], cudaDataType a_type,
				   int lda, const void *const b[], cudaDataType b_type, int ldb,
				   const void *beta, void *const c[], cudaDataType c_type, int ldc,
				   int batch_count, cublasComputeType_t compute_type, cublasGemmAlgo_t algo)
{
	GEMM_EX_INIT(g);

	(void)algo;
	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	cublasStatus_t st = ex_check(&g);

	if (!st && (batch_count < 0 || (batch_count && (!a || !b || !c))))
		st = CUBLAS_STATUS_INVALID_VALUE;
	if (st || (st = cublas_begin(h)))
		return st;
	for (int i = 0; !st && i < batch_count; i++)
		st = ex_run(&g, a[i], b[i], c[i]);
	return st;
}

/* SgemmEx: float scalars and compute, A/B/C of the types above. */
cublasStatus_t cublasSgemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
			     int k, const float *alpha, const void *a, cudaDataType a_type, int lda,
			     const void *b, cudaDataType b_type, int ldb, const float *beta, void *c,
			     cudaDataType c_type, int ldc)
{
	if (a_type == CUDA_R_64F || a_type == CUDA_C_32F || a_type == CUDA_C_64F)
		return h ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_NOT_INITIALIZED;
	return cublasGemmEx(h, transa, transb, m, n, k, alpha, a, a_type, lda, b, b_type, ldb, beta, c, c_type, ldc,
			    CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
