// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the plane rotation's constructor, the modified rotation and
 * its constructor in mixed precision (cublasRotgEx, RotmEx, RotmgEx).
 * Real types only, every value of one type: CUDA_R_32F and CUDA_R_64F with
 * their own execution type forward to the typed calls (the same result bit
 * for bit); CUDA_R_16F and CUDA_R_16BF take the 32F execution type, with
 * c, s or param of the same 16-bit type or CUDA_R_32F: every value widened
 * exactly to float, CBLAS's srotg/srotmg or rotm's definition computed in
 * float, each value stored rounded once to nearest-even.  Other
 * combinations are CUBLAS_STATUS_NOT_SUPPORTED, after the argument checks,
 * with nothing written.
 */
#include "cublas_internal.h"

static int is16(cudaDataType t)
{
	return t == CUDA_R_16F || t == CUDA_R_16BF;
}

/* value i of a scalar array of type t (16-bit or CUDA_R_32F), and back */
static float get(const void *p, int i, cudaDataType t)
{
	return t == CUDA_R_32F ? ((const float *)p)[i] : cublas_load16(p, (size_t)i, t);
}

static void put(void *p, int i, cudaDataType t, float v)
{
	if (t == CUDA_R_32F)
		((float *)p)[i] = v;
	else
		cublas_store16(p, (size_t)i, t, v);
}

/* the 16-bit path's types: v of a 16-bit type, aux (c/s, param) of it or float, execution 32F */
static int narrow_ok(cudaDataType v, cudaDataType aux, cudaDataType exec)
{
	return is16(v) && (aux == v || aux == CUDA_R_32F) && exec == CUDA_R_32F;
}

cublasStatus_t cublasRotgEx(cublasHandle_t h, void *a, void *b, cudaDataType abType, void *c,
			    void *s, cudaDataType csType, cudaDataType executiontype)
{
	if (abType == CUDA_R_32F && csType == abType && executiontype == abType)
		return cublasSrotg(h, a, b, c, s);
	if (abType == CUDA_R_64F && csType == abType && executiontype == abType)
		return cublasDrotg(h, a, b, c, s);
	CUBLAS_START(h, !a || !b || !c || !s);
	if (!narrow_ok(abType, csType, executiontype))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	float fa = get(a, 0, abType), fb = get(b, 0, abType), fc, fs;

	cblas_srotg(&fa, &fb, &fc, &fs); /* a becomes r, b the reconstruction value z */
	put(a, 0, abType, fa);
	put(b, 0, abType, fb);
	put(c, 0, csType, fc);
	put(s, 0, csType, fs);
	return CUBLAS_STATUS_SUCCESS;
}

/*
 * (x, y) <- H (x, y) for each pair, H from param = {flag, h11, h21, h12, h22}
 * as BLAS's rotm reads it: flag -1 all four, 0 unit diagonal, 1 h12 = 1 and
 * h21 = -1, -2 the identity (nothing to do).
 */
static void rotm16(int n, void *x, int incx, void *y, int incy, cudaDataType t, const float p[5])
{
	float h11 = p[1], h21 = p[2], h12 = p[3], h22 = p[4];

	if (p[0] == -2)
		return;
	if (p[0] == 0)
		h11 = h22 = 1;
	else if (p[0] == 1)
		h12 = 1, h21 = -1;
	for (int i = 0; i < n; i++) {
		size_t xi = (size_t)cublas_vec_index(n, incx, i),
		       yi = (size_t)cublas_vec_index(n, incy, i);
		float xv = cublas_load16(x, xi, t), yv = cublas_load16(y, yi, t);

		cublas_store16(x, xi, t, h11 * xv + h12 * yv);
		cublas_store16(y, yi, t, h21 * xv + h22 * yv);
	}
}

cublasStatus_t cublasRotmEx(cublasHandle_t h, int n, void *x, cudaDataType xType, int incx, void *y,
			    cudaDataType yType, int incy, const void *param, cudaDataType paramType,
			    cudaDataType executiontype)
{
	int same = xType == yType && paramType == xType && executiontype == xType;

	if (same && xType == CUDA_R_32F)
		return cublasSrotm(h, n, x, incx, y, incy, param);
	if (same && xType == CUDA_R_64F)
		return cublasDrotm(h, n, x, incx, y, incy, param);
	CUBLAS_START(h, !param || (n > 0 && (!x || !y)));
	if (xType != yType || !narrow_ok(xType, paramType, executiontype))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	float p[5];

	for (int i = 0; i < 5; i++)
		p[i] = get(param, i, paramType);
	if (n > 0)
		rotm16(n, x, incx, y, incy, xType, p);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasRotmgEx(cublasHandle_t h, void *d1, cudaDataType d1Type, void *d2,
			     cudaDataType d2Type, void *x1, cudaDataType x1Type, const void *y1,
			     cudaDataType y1Type, void *param, cudaDataType paramType,
			     cudaDataType executiontype)
{
	int same = d2Type == d1Type && x1Type == d1Type && y1Type == d1Type;

	if (same && d1Type == CUDA_R_32F && paramType == d1Type && executiontype == d1Type)
		return cublasSrotmg(h, d1, d2, x1, y1, param);
	if (same && d1Type == CUDA_R_64F && paramType == d1Type && executiontype == d1Type)
		return cublasDrotmg(h, d1, d2, x1, y1, param);
	CUBLAS_START(h, !d1 || !d2 || !x1 || !y1 || !param);
	if (!same || !narrow_ok(d1Type, paramType, executiontype))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	float fd1 = get(d1, 0, d1Type), fd2 = get(d2, 0, d1Type), fx1 = get(x1, 0, d1Type), p[5];

	/* BLAS leaves the entries its flag does not use as they were: start from them, so that
	 * writing all five back (exact, they came from that type) changes only the used ones */
	for (int i = 0; i < 5; i++)
		p[i] = get(param, i, paramType);
	cblas_srotmg(&fd1, &fd2, &fx1, get(y1, 0, d1Type), p);
	put(d1, 0, d1Type, fd1);
	put(d2, 0, d1Type, fd2);
	put(x1, 0, d1Type, fx1);
	for (int i = 0; i < 5; i++)
		put(param, i, paramType, p[i]);
	return CUBLAS_STATUS_SUCCESS;
}
