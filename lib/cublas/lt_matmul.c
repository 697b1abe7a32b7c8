// SPDX-License-Identifier: MIT
/*
 * lib/cublas: cublasLtMatmul, D = epilogue(alpha op(A) op(B) + beta C), on
 * OpenBLAS.  Each batch's op(A) and op(B) are gathered (any order, leading
 * dimension, element type) into column-major float or double arrays,
 * multiplied by cblas_sgemm/dgemm, then beta C, the bias (one value per row
 * of D), ReLU or GELU are applied element by element and D is stored in its
 * type (16-bit types rounded to nearest-even).  Double when A is double,
 * float otherwise (cuBLASLt's 16-bit matmuls accumulate in float).
 *
 * FP8 (A and B E4M3 or E5M2, not both E5M2): the documented per-tensor
 * scaling, D = scale_D (alpha scale_A scale_B op(A) op(B) + beta scale_C C),
 * each scale a float behind its device pointer (NULL: 1).  D's amax, when
 * asked for, is the largest |value| before scale_D (what FP8 recipes read
 * to choose the next scale_D); an FP8 D is rounded to nearest-even and
 * saturated to the largest finite value, as cuBLASLt's outputs are.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "lt_internal.h"

static int lt_is_fp8(uint32_t t)
{
	return t == CUDA_R_8F_E4M3 || t == CUDA_R_8F_E5M2;
}

static int lt_type_ok(uint32_t t)
{
	return t == CUDA_R_32F || t == CUDA_R_64F || t == CUDA_R_16F || t == CUDA_R_16BF || lt_is_fp8(t) ||
	       t == CUDA_R_8I || t == CUDA_R_32I;
}

/* The value of an E4M3 (bias 7, no infinity, S.1111.111 NaN) or E5M2 (binary16's top byte) code: exact. */
static double lt_fp8_value(uint8_t c, uint32_t t)
{
	int e4 = t == CUDA_R_8F_E4M3, mbits = e4 ? 3 : 2, bias = e4 ? 7 : 15;
	int exp = (c & 0x7f) >> mbits, man = c & ((1 << mbits) - 1);
	double v;

	if (e4 && (c & 0x7f) == 0x7f)
		return NAN;
	if (!e4 && exp == 31)
		v = man ? NAN : INFINITY;
	else if (exp == 0)
		v = ldexp(man, 1 - bias - mbits);
	else
		v = ldexp(man + (1 << mbits), exp - bias - mbits);
	return c & 0x80 ? -v : v;
}

/*
 * v to E4M3 or E5M2, nearest-even, saturated to the largest finite value
 * (0x7e: 448, 0x7b: 57344); a NaN becomes 0x7f.  With v = n 2^(E - mbits)
 * rounded in the binade of E (E no less than the smallest normal exponent,
 * so that subnormals share its quantum), the code is ((E + bias) << mbits)
 * + n - 2^mbits: a rounding up to the next power of two carries into the
 * exponent and a subnormal's exponent field comes out 0.
 */
static uint8_t lt_fp8_code(double v, uint32_t t)
{
	int e4 = t == CUDA_R_8F_E4M3, mbits = e4 ? 3 : 2, bias = e4 ? 7 : 15, top = e4 ? 0x7e : 0x7b;
	uint8_t sign = signbit(v) ? 0x80 : 0;
	double a = fabs(v);
	int E, code;

	if (isnan(v))
		return 0x7f;
	if (a == 0)
		return sign;
	if (a >= lt_fp8_value((uint8_t)top, t))
		return sign | (uint8_t)top;
	frexp(a, &E);
	E = E - 1 < 1 - bias ? 1 - bias : E - 1;
	code = ((E + bias) << mbits) + (int)nearbyint(ldexp(a, mbits - E)) - (1 << mbits);
	return sign | (uint8_t)(code > top ? top : code);
}

static double lt_load(const void *p, size_t i, uint32_t t)
{
	switch (t) {
	case CUDA_R_32F: return ((const float *)p)[i];
	case CUDA_R_64F: return ((const double *)p)[i];
	case CUDA_R_8F_E4M3: case CUDA_R_8F_E5M2: return lt_fp8_value(((const uint8_t *)p)[i], t);
	case CUDA_R_8I: return ((const int8_t *)p)[i];
	case CUDA_R_32I: return ((const int32_t *)p)[i];
	default: return cublas_load16(p, i, (cudaDataType)t);
	}
}

static void lt_store(void *p, size_t i, uint32_t t, double v)
{
	switch (t) {
	case CUDA_R_32F: ((float *)p)[i] = (float)v; break;
	case CUDA_R_64F: ((double *)p)[i] = v; break;
	case CUDA_R_8F_E4M3: case CUDA_R_8F_E5M2: ((uint8_t *)p)[i] = lt_fp8_code(v, t); break;
	default: cublas_store16(p, i, (cudaDataType)t, (float)v); break;
	}
}

/* the offset of element (r, c) of batch b of a layout */
static size_t lt_at(const struct idxgen_lt_layout *l, uint64_t r, uint64_t c, int b)
{
	size_t in = l->order == CUBLASLT_ORDER_ROW ? r * (size_t)l->ld + c : r + c * (size_t)l->ld;

	return in + (size_t)b * (size_t)l->batch_stride;
}

struct lt_problem {
	uint64_t m, n, k;
	int batches;
	int dbl;	/* compute in double */
	int integer;	/* int8 A and B, int32 C and D: exact sums, alpha and beta applied in int64, D wrapped to 32 bits */
	int64_t ialpha, ibeta;
};

/*
 * cuBLASLt's FP8 combinations: A and B 8-bit (not both E5M2), float scale
 * and compute; D 8-bit with C half or bfloat16, or C and D of one type among
 * half, bfloat16 and float.
 */
static int lt_fp8_types_ok(const struct idxgen_lt_matmul_desc *d, uint32_t a, uint32_t b, uint32_t c, uint32_t dt)
{
	if (!lt_is_fp8(a) || !lt_is_fp8(b) || (a == CUDA_R_8F_E5M2 && b == CUDA_R_8F_E5M2) ||
	    d->scale_type != CUDA_R_32F)
		return 0;
	if (lt_is_fp8(dt))
		return c == CUDA_R_16F || c == CUDA_R_16BF;
	return c == dt && (dt == CUDA_R_16F || dt == CUDA_R_16BF || dt == CUDA_R_32F);
}

/* The shapes agree, the types are ones we run, the orders and leading dimensions are usable. */
static cublasStatus_t lt_check(const struct idxgen_lt_matmul_desc *d, const struct idxgen_lt_layout *a,
			       const struct idxgen_lt_layout *b, const struct idxgen_lt_layout *c,
			       const struct idxgen_lt_layout *dl, struct lt_problem *p)
{
	const struct idxgen_lt_layout *all[] = { a, b, c, dl };
	uint64_t ak = d->transa == CUBLAS_OP_N ? a->cols : a->rows, am = d->transa == CUBLAS_OP_N ? a->rows : a->cols;
	uint64_t bk = d->transb == CUBLAS_OP_N ? b->rows : b->cols, bn = d->transb == CUBLAS_OP_N ? b->cols : b->rows;
	int e = d->epilogue;

	if (!cublas_op_ok(d->transa) || !cublas_op_ok(d->transb) || ak != bk || am != dl->rows || bn != dl->cols ||
	    c->rows != dl->rows || c->cols != dl->cols)
		return CUBLAS_STATUS_INVALID_VALUE;
	for (int i = 0; i < 4; i++) {
		const struct idxgen_lt_layout *l = all[i];
		if (l->order != CUBLASLT_ORDER_COL && l->order != CUBLASLT_ORDER_ROW)
			return CUBLAS_STATUS_NOT_SUPPORTED;
		if (l->ld < (int64_t)(l->order == CUBLASLT_ORDER_ROW ? l->cols : l->rows) || l->ld < 1 ||
		    l->batch_count < 1 || (l->batch_count != dl->batch_count && l->batch_count != 1))
			return CUBLAS_STATUS_INVALID_VALUE;
		if (!lt_type_ok(l->type))
			return CUBLAS_STATUS_NOT_SUPPORTED;
	}
	p->integer = a->type == CUDA_R_8I;
	if (p->integer || b->type == CUDA_R_8I || c->type == CUDA_R_32I || dl->type == CUDA_R_32I ||
	    d->scale_type == CUDA_R_32I) {
		/* cuBLASLt's integer row: A, B int8; C, D int32; compute and scale 32I; no epilogue */
		if (!p->integer || b->type != CUDA_R_8I || c->type != CUDA_R_32I || dl->type != CUDA_R_32I ||
		    d->scale_type != CUDA_R_32I || e != CUBLASLT_EPILOGUE_DEFAULT)
			return CUBLAS_STATUS_NOT_SUPPORTED;
	} else if (d->scale_type == CUDA_R_16F) {
		/* half scalars: all four half (compute 16F) */
		if (a->type != CUDA_R_16F || b->type != CUDA_R_16F || c->type != CUDA_R_16F || dl->type != CUDA_R_16F)
			return CUBLAS_STATUS_NOT_SUPPORTED;
	} else if (lt_is_fp8(a->type) || lt_is_fp8(b->type)) {
		if (!lt_fp8_types_ok(d, a->type, b->type, c->type, dl->type))
			return CUBLAS_STATUS_NOT_SUPPORTED;
	} else if (a->type != b->type || c->type != dl->type || (a->type != dl->type && dl->type != CUDA_R_32F)) {
		return CUBLAS_STATUS_NOT_SUPPORTED;
	}
	if ((e & ~(CUBLASLT_EPILOGUE_DEFAULT | CUBLASLT_EPILOGUE_RELU | CUBLASLT_EPILOGUE_BIAS | CUBLASLT_EPILOGUE_GELU)) ||
	    ((e & CUBLASLT_EPILOGUE_RELU) && (e & CUBLASLT_EPILOGUE_GELU)))
		return CUBLAS_STATUS_NOT_SUPPORTED;	/* the AUX and gradient epilogues among them */
	if ((e & CUBLASLT_EPILOGUE_BIAS) && !d->bias)
		return CUBLAS_STATUS_INVALID_VALUE;
	p->m = dl->rows;
	p->n = dl->cols;
	p->k = ak;
	p->batches = dl->batch_count;
	p->dbl = a->type == CUDA_R_64F || p->integer;	/* int8 products summed in double: exact below 2^53 */
	return CUBLAS_STATUS_SUCCESS;
}

/* op(X) (rows x cols) of batch b into a column-major array of doubles or floats */
static void lt_gather(const void *x, const struct idxgen_lt_layout *l, int op, int b, uint64_t rows, uint64_t cols,
		      void *out, int dbl)
{
	int bb = l->batch_count == 1 ? 0 : b;

	for (uint64_t j = 0; j < cols; j++)
		for (uint64_t i = 0; i < rows; i++) {
			double v = op == CUBLAS_OP_N ? lt_load(x, lt_at(l, i, j, bb), l->type)
						     : lt_load(x, lt_at(l, j, i, bb), l->type);
			if (dbl)
				((double *)out)[i + j * rows] = v;
			else
				((float *)out)[i + j * rows] = (float)v;
		}
}

/* GELU as cuBLASLt computes it: the tanh approximation */
static double lt_gelu(double x)
{
	return 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
}

/* a scale factor of FP8's, 1 when not given */
static double lt_scale(const float *s)
{
	return s ? *s : 1.0;
}

static double lt_scalar(const void *s, int32_t scale_type)
{
	switch (scale_type) {
	case CUDA_R_64F: return *(const double *)s;
	case CUDA_R_32I: return *(const int32_t *)s;
	case CUDA_R_16F: return cublas_load16(s, 0, CUDA_R_16F);
	default: return *(const float *)s;
	}
}

/* D of batch b of the integer row: alpha sum + beta C in int64, wrapped to 32 bits as the GPU's integers */
static void lt_finish_int(const struct lt_problem *p, const double *sums, const void *C,
			  const struct idxgen_lt_layout *cl, void *D, const struct idxgen_lt_layout *dl, int b)
{
	int cb = cl->batch_count == 1 ? 0 : b;

	for (uint64_t j = 0; j < p->n; j++)
		for (uint64_t i = 0; i < p->m; i++) {
			uint64_t v = (uint64_t)p->ialpha * (uint64_t)(int64_t)sums[i + j * p->m];

			if (p->ibeta)
				v += (uint64_t)p->ibeta * (uint64_t)(int64_t)((const int32_t *)C)[lt_at(cl, i, j, cb)];
			((int32_t *)D)[lt_at(dl, i, j, b)] = (int32_t)(uint32_t)v;
		}
}

/* D of batch b from the product P (column-major m x n) */
static void lt_finish(const struct idxgen_lt_matmul_desc *d, const struct lt_problem *p, const void *prod, double beta,
		      const void *C, const struct idxgen_lt_layout *cl, void *D, const struct idxgen_lt_layout *dl, int b,
		      double *amax)
{
	int cb = cl->batch_count == 1 ? 0 : b;
	double d_scale = lt_is_fp8(dl->type) ? lt_scale(d->d_scale) : 1;
	uint32_t bias_type = d->bias_type < 0 ? dl->type : (uint32_t)d->bias_type;

	for (uint64_t j = 0; j < p->n; j++)
		for (uint64_t i = 0; i < p->m; i++) {
			size_t at = i + j * p->m;
			double v = p->dbl ? ((const double *)prod)[at] : ((const float *)prod)[at];
			if (beta != 0)
				v += beta * lt_load(C, lt_at(cl, i, j, cb), cl->type);
			if (d->epilogue & CUBLASLT_EPILOGUE_BIAS)
				v += lt_load(d->bias, (size_t)i + (size_t)b * (size_t)d->bias_batch_stride, bias_type);
			if (d->epilogue & CUBLASLT_EPILOGUE_RELU)
				v = v > 0 ? v : 0;
			if (d->epilogue & CUBLASLT_EPILOGUE_GELU)
				v = lt_gelu(v);
			*amax = fmax(*amax, fabs(v));
			lt_store(D, lt_at(dl, i, j, b), dl->type, v * d_scale);
		}
}

static cublasStatus_t lt_run(const struct idxgen_lt_matmul_desc *d, const struct lt_problem *p, double alpha,
			     double beta, const void *A, const struct idxgen_lt_layout *al, const void *B,
			     const struct idxgen_lt_layout *bl, const void *C, const struct idxgen_lt_layout *cl,
			     void *D, const struct idxgen_lt_layout *dl)
{
	size_t es = p->dbl ? sizeof(double) : sizeof(float);
	void *ta = malloc(es * (p->m * p->k + 1)), *tb = malloc(es * (p->k * p->n + 1)), *tp = malloc(es * (p->m * p->n + 1));
	int m = (int)p->m, n = (int)p->n, k = (int)p->k;
	double amax = 0;

	if (!ta || !tb || !tp) {
		free(ta), free(tb), free(tp);
		return CUBLAS_STATUS_ALLOC_FAILED;
	}
	for (int b = 0; b < p->batches; b++) {
		lt_gather(A, al, d->transa, b, p->m, p->k, ta, p->dbl);
		lt_gather(B, bl, d->transb, b, p->k, p->n, tb, p->dbl);
		if (p->dbl)
			cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, alpha, ta, cublas_max1(m), tb,
				    cublas_max1(k), 0.0, tp, cublas_max1(m));
		else
			cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, (float)alpha, ta,
				    cublas_max1(m), tb, cublas_max1(k), 0.0f, tp, cublas_max1(m));
		if (p->integer)
			lt_finish_int(p, tp, C, cl, D, dl, b);
		else
			lt_finish(d, p, tp, beta, C, cl, D, dl, b, &amax);
	}
	if (d->amax_d)
		*d->amax_d = (float)amax;
	free(ta), free(tb), free(tp);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmul(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t computeDesc, const void *alpha,
			      const void *A, cublasLtMatrixLayout_t Adesc, const void *B,
			      cublasLtMatrixLayout_t Bdesc, const void *beta, const void *C,
			      cublasLtMatrixLayout_t Cdesc, void *D, cublasLtMatrixLayout_t Ddesc,
			      const cublasLtMatmulAlgo_t *algo, void *workspace, size_t workspaceSizeInBytes,
			      cudaStream_t stream)
{
	struct lt_problem p;
	cublasStatus_t st;

	(void)algo, (void)workspace, (void)workspaceSizeInBytes;
	if (!lightHandle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!computeDesc || !Adesc || !Bdesc || !Cdesc || !Ddesc || !alpha || !beta || !D)
		return CUBLAS_STATUS_INVALID_VALUE;
	if (computeDesc->scale_type != CUDA_R_32F && computeDesc->scale_type != CUDA_R_64F &&
	    computeDesc->scale_type != CUDA_R_16F && computeDesc->scale_type != CUDA_R_32I)
		return CUBLAS_STATUS_NOT_SUPPORTED;
	st = lt_check(computeDesc, Adesc, Bdesc, Cdesc, Ddesc, &p);
	if (st)
		return st;
	double a = lt_scalar(alpha, computeDesc->scale_type), b = lt_scalar(beta, computeDesc->scale_type);
	if ((!A || !B) && p.k && p.m && p.n)
		return CUBLAS_STATUS_INVALID_VALUE;
	if (!C && b != 0)
		return CUBLAS_STATUS_INVALID_VALUE;
	/* stream order, as the other calls: the stream's earlier work first */
	if (cudaStreamSynchronize(stream) != cudaSuccess)
		return CUBLAS_STATUS_EXECUTION_FAILED;
	if (!p.m || !p.n)
		return CUBLAS_STATUS_SUCCESS;
	if (p.integer) {	/* the sums alone from dgemm; the scalars in integers */
		p.ialpha = *(const int32_t *)alpha;
		p.ibeta = *(const int32_t *)beta;
		return lt_run(computeDesc, &p, 1.0, 0.0, A, Adesc, B, Bdesc, C, Cdesc, D, Ddesc);
	}
	a *= lt_scale(computeDesc->a_scale) * lt_scale(computeDesc->b_scale);
	b *= lt_scale(computeDesc->c_scale);
	return lt_run(computeDesc, &p, a, b, A, Adesc, B, Bdesc, C, Cdesc, D, Ddesc);
}
