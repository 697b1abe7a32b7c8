// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the mixed-precision level-1 calls (cublasNrm2Ex, AsumEx,
 * AxpyEx, ScalEx, RotEx, CopyEx, SwapEx, IamaxEx, IaminEx) and the complex
 * rotations with a complex sine (cublasCrot, cublasZrot).
 *
 * The four BLAS types forward to the typed calls (cublasSnrm2 ...), so an
 * Ex call gives the typed call's result bit for bit and is captured into a
 * graph as it is.  Half and bfloat16 vectors take the 32F execution type
 * that cuBLAS documents for them: each element widened (exact), the
 * arithmetic in float (sums in double, as cublasDotEx, for the same
 * reason), one rounding back per stored element.  Any other combination of
 * types is CUBLAS_STATUS_NOT_SUPPORTED with nothing written.
 */
#include "cublas_internal.h"

#include <complex.h>
#include <math.h>
#include <string.h>

static int is_half(cudaDataType t)
{
	return t == CUDA_R_16F || t == CUDA_R_16BF;
}

static float half_at(const void *v, int n, int inc, int i, cudaDataType t)
{
	return cublas_load16(v, (size_t)cublas_vec_index(n, inc, i), t);
}

static void half_set(void *v, int n, int inc, int i, cudaDataType t, float f)
{
	cublas_store16(v, (size_t)cublas_vec_index(n, inc, i), t, f);
}

/* sum of |x_i| (asum) or of x_i^2 (nrm2) of a half vector, in double */
static double half_sum(const void *x, int n, int inc, cudaDataType t, int squares)
{
	double acc = 0;

	for (int i = 0; i < n; i++) {
		double v = half_at(x, n, inc, i, t);

		acc += squares ? v * v : fabs(v);
	}
	return acc;
}

static cublasStatus_t reduce_ex(cublasHandle_t h, int n, const void *x, cudaDataType xt, int incx,
				void *result, cudaDataType rt, cudaDataType et, int squares,
				const char *api)
{
	if (xt == CUDA_R_32F && rt == xt && et == xt)
		return squares ? cublasSnrm2(h, n, x, incx, result)
			       : cublasSasum(h, n, x, incx, result);
	if (xt == CUDA_R_64F && rt == xt && et == xt)
		return squares ? cublasDnrm2(h, n, x, incx, result)
			       : cublasDasum(h, n, x, incx, result);
	if (xt == CUDA_C_32F && rt == CUDA_R_32F && et == CUDA_R_32F)
		return squares ? cublasScnrm2(h, n, x, incx, result)
			       : cublasScasum(h, n, x, incx, result);
	if (xt == CUDA_C_64F && rt == CUDA_R_64F && et == CUDA_R_64F)
		return squares ? cublasDznrm2(h, n, x, incx, result)
			       : cublasDzasum(h, n, x, incx, result);
	CUBLAS_START_AS(h, api, !result || (n > 0 && !x));
	if (!is_half(xt) || rt != xt || et != CUDA_R_32F)
		return CUBLAS_STATUS_NOT_SUPPORTED;
	double acc = n > 0 && incx > 0 ? half_sum(x, n, incx, xt, squares) : 0;

	cublas_store16(result, 0, rt, (float)(squares ? sqrt(acc) : acc));
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasNrm2Ex(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
			    void *result, cudaDataType resultType, cudaDataType executionType)
{
	return reduce_ex(h, n, x, xType, incx, result, resultType, executionType, 1, __func__);
}

cublasStatus_t cublasAsumEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
			    void *result, cudaDataType resultType, cudaDataType executiontype)
{
	return reduce_ex(h, n, x, xType, incx, result, resultType, executiontype, 0, __func__);
}

cublasStatus_t cublasAxpyEx(cublasHandle_t h, int n, const void *alpha, cudaDataType alphaType,
			    const void *x, cudaDataType xType, int incx, void *y,
			    cudaDataType yType, int incy, cudaDataType executiontype)
{
	int same = xType == yType && alphaType == executiontype;

	if (same && xType == CUDA_R_32F && alphaType == CUDA_R_32F)
		return cublasSaxpy(h, n, alpha, x, incx, y, incy);
	if (same && xType == CUDA_R_64F && alphaType == CUDA_R_64F)
		return cublasDaxpy(h, n, alpha, x, incx, y, incy);
	if (same && xType == CUDA_C_32F && alphaType == CUDA_C_32F)
		return cublasCaxpy(h, n, alpha, x, incx, y, incy);
	if (same && xType == CUDA_C_64F && alphaType == CUDA_C_64F)
		return cublasZaxpy(h, n, alpha, x, incx, y, incy);
	CUBLAS_START(h, !alpha || (n > 0 && (!x || !y)));
	if (!same || !is_half(xType) || alphaType != CUDA_R_32F)
		return CUBLAS_STATUS_NOT_SUPPORTED;
	float a = *(const float *)alpha;

	for (int i = 0; i < n; i++)
		half_set(y, n, incy, i, yType,
			 fmaf(a, half_at(x, n, incx, i, xType), half_at(y, n, incy, i, yType)));
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasScalEx(cublasHandle_t h, int n, const void *alpha, cudaDataType alphaType,
			    void *x, cudaDataType xType, int incx, cudaDataType executionType)
{
	int same = alphaType == executionType;

	if (same && xType == CUDA_R_32F && alphaType == CUDA_R_32F)
		return cublasSscal(h, n, alpha, x, incx);
	if (same && xType == CUDA_R_64F && alphaType == CUDA_R_64F)
		return cublasDscal(h, n, alpha, x, incx);
	if (same && xType == CUDA_C_32F && alphaType == CUDA_C_32F)
		return cublasCscal(h, n, alpha, x, incx);
	if (same && xType == CUDA_C_32F && alphaType == CUDA_R_32F)
		return cublasCsscal(h, n, alpha, x, incx);
	if (same && xType == CUDA_C_64F && alphaType == CUDA_C_64F)
		return cublasZscal(h, n, alpha, x, incx);
	if (same && xType == CUDA_C_64F && alphaType == CUDA_R_64F)
		return cublasZdscal(h, n, alpha, x, incx);
	CUBLAS_START(h, !alpha || (n > 0 && !x));
	if (!same || !is_half(xType) || alphaType != CUDA_R_32F)
		return CUBLAS_STATUS_NOT_SUPPORTED;
	float a = *(const float *)alpha;

	for (int i = 0; incx > 0 && i < n; i++)
		half_set(x, n, incx, i, xType, a * half_at(x, n, incx, i, xType));
	return CUBLAS_STATUS_SUCCESS;
}

/* (x, y) <- (c x + s y, c y - s x) for half vectors, c and s float */
static void half_rot(int n, void *x, int incx, void *y, int incy, cudaDataType t, float c, float s)
{
	for (int i = 0; i < n; i++) {
		float xv = half_at(x, n, incx, i, t), yv = half_at(y, n, incy, i, t);

		half_set(x, n, incx, i, t, c * xv + s * yv);
		half_set(y, n, incy, i, t, c * yv - s * xv);
	}
}

/* c or s of a half rotation: float, or the vectors' own half type */
static int half_cs(cudaDataType cs, cudaDataType xt)
{
	return cs == CUDA_R_32F || cs == xt;
}

static float cs_value(const void *v, cudaDataType cs)
{
	return cs == CUDA_R_32F ? *(const float *)v : cublas_load16(v, 0, cs);
}

/*
 * A complex csType: c's real part (the first of its two numbers) and a
 * complex s, LAPACK CROT's rotation (cublasCrot/Zrot); a real csType:
 * cublasCsrot/Zdrot.
 */
static cublasStatus_t rot_complex(cublasHandle_t h, int n, void *x, cudaDataType xt, int incx,
				  void *y, int incy, const void *c, const void *s, cudaDataType cs)
{
	if (xt == CUDA_C_32F && cs == CUDA_R_32F)
		return cublasCsrot(h, n, x, incx, y, incy, c, s);
	if (xt == CUDA_C_64F && cs == CUDA_R_64F)
		return cublasZdrot(h, n, x, incx, y, incy, c, s);
	if (xt == CUDA_C_32F && cs == CUDA_C_32F)
		return cublasCrot(h, n, x, incx, y, incy, c, s);
	return cublasZrot(h, n, x, incx, y, incy, c, s);
}

cublasStatus_t cublasRotEx(cublasHandle_t h, int n, void *x, cudaDataType xType, int incx, void *y,
			   cudaDataType yType, int incy, const void *c, const void *s,
			   cudaDataType csType, cudaDataType executiontype)
{
	int same = xType == yType;

	if (same && xType == CUDA_R_32F && csType == CUDA_R_32F && executiontype == CUDA_R_32F)
		return cublasSrot(h, n, x, incx, y, incy, c, s);
	if (same && xType == CUDA_R_64F && csType == CUDA_R_64F && executiontype == CUDA_R_64F)
		return cublasDrot(h, n, x, incx, y, incy, c, s);
	if (same && (xType == CUDA_C_32F || xType == CUDA_C_64F) && executiontype == xType &&
	    (csType == xType || csType == (xType == CUDA_C_32F ? CUDA_R_32F : CUDA_R_64F)))
		return rot_complex(h, n, x, xType, incx, y, incy, c, s, csType);
	CUBLAS_START(h, !c || !s || (n > 0 && (!x || !y)));
	if (!same || !is_half(xType) || !half_cs(csType, xType) || executiontype != CUDA_R_32F)
		return CUBLAS_STATUS_NOT_SUPPORTED;
	if (n > 0)
		half_rot(n, x, incx, y, incy, xType, cs_value(c, csType), cs_value(s, csType));
	return CUBLAS_STATUS_SUCCESS;
}

/* copy (swap = 0) or exchange (swap = 1) two half vectors element by element */
static void half_move(int n, void *x, int incx, void *y, int incy, int swap)
{
	for (int i = 0; i < n; i++) {
		char *xp = (char *)x + 2 * cublas_vec_index(n, incx, i);
		char *yp = (char *)y + 2 * cublas_vec_index(n, incy, i);
		char tmp[2];

		memcpy(tmp, yp, 2);
		memcpy(yp, xp, 2);
		if (swap)
			memcpy(xp, tmp, 2);
	}
}

static cublasStatus_t move_ex(cublasHandle_t h, int n, void *x, cudaDataType xt, int incx, void *y,
			      cudaDataType yt, int incy, int swap, const char *api)
{
	if (xt == yt && xt == CUDA_R_32F)
		return swap ? cublasSswap(h, n, x, incx, y, incy)
			    : cublasScopy(h, n, x, incx, y, incy);
	if (xt == yt && xt == CUDA_R_64F)
		return swap ? cublasDswap(h, n, x, incx, y, incy)
			    : cublasDcopy(h, n, x, incx, y, incy);
	if (xt == yt && xt == CUDA_C_32F)
		return swap ? cublasCswap(h, n, x, incx, y, incy)
			    : cublasCcopy(h, n, x, incx, y, incy);
	if (xt == yt && xt == CUDA_C_64F)
		return swap ? cublasZswap(h, n, x, incx, y, incy)
			    : cublasZcopy(h, n, x, incx, y, incy);
	CUBLAS_START_AS(h, api, n > 0 && (!x || !y));
	if (xt != yt || !is_half(xt))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	if (n > 0)
		half_move(n, x, incx, y, incy, swap);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasCopyEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
			    void *y, cudaDataType yType, int incy)
{
	return move_ex(h, n, (void *)x, xType, incx, y, yType, incy, 0, __func__);
}

cublasStatus_t cublasSwapEx(cublasHandle_t h, int n, void *x, cudaDataType xType, int incx, void *y,
			    cudaDataType yType, int incy)
{
	return move_ex(h, n, x, xType, incx, y, yType, incy, 1, __func__);
}

/* the 1-based index of the first largest (max = 1) or smallest |x_i| of a half vector */
static int half_extreme(const void *x, int n, int inc, cudaDataType t, int max)
{
	int best = 0;
	float best_abs = fabsf(cublas_load16(x, 0, t));

	for (int i = 1; i < n; i++) {
		float a = fabsf(cublas_load16(x, (size_t)i * inc, t));

		if (max ? a > best_abs : a < best_abs) {
			best = i;
			best_abs = a;
		}
	}
	return best + 1;
}

static cublasStatus_t extreme_ex(cublasHandle_t h, int n, const void *x, cudaDataType xt, int incx,
				 int *result, int max, const char *api)
{
	if (xt == CUDA_R_32F)
		return max ? cublasIsamax(h, n, x, incx, result)
			   : cublasIsamin(h, n, x, incx, result);
	if (xt == CUDA_R_64F)
		return max ? cublasIdamax(h, n, x, incx, result)
			   : cublasIdamin(h, n, x, incx, result);
	if (xt == CUDA_C_32F)
		return max ? cublasIcamax(h, n, x, incx, result)
			   : cublasIcamin(h, n, x, incx, result);
	if (xt == CUDA_C_64F)
		return max ? cublasIzamax(h, n, x, incx, result)
			   : cublasIzamin(h, n, x, incx, result);
	CUBLAS_START_AS(h, api, !result || (n > 0 && !x));
	if (!is_half(xt))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	*result = n > 0 && incx > 0 ? half_extreme(x, n, incx, xt, max) : 0;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasIamaxEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
			     int *result)
{
	return extreme_ex(h, n, x, xType, incx, result, 1, __func__);
}

cublasStatus_t cublasIaminEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
			     int *result)
{
	return extreme_ex(h, n, x, xType, incx, result, 0, __func__);
}

/*
 * crot/zrot with a complex sine, as LAPACK's CROT (BLAS has none):
 * x <- c x + s y, y <- c y - conj(s) x.
 */
cublasStatus_t cublasCrot(cublasHandle_t h, int n, cuComplex *x, int incx, cuComplex *y, int incy,
			  const float *c, const cuComplex *s)
{
	CUBLAS_START(h, !c || !s || (n > 0 && (!x || !y)));
	cublas_c *xv = (cublas_c *)x, *yv = (cublas_c *)y, sv = *(const cublas_c *)s;

	for (int i = 0; i < n; i++) {
		cublas_c *xp = &CUBLAS_VEC_AT(xv, i, n, incx), *yp = &CUBLAS_VEC_AT(yv, i, n, incy);
		cublas_c xi = *xp;

		*xp = *c * xi + sv * *yp;
		*yp = *c * *yp - conjf(sv) * xi;
	}
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasZrot(cublasHandle_t h, int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y,
			  int incy, const double *c, const cuDoubleComplex *s)
{
	CUBLAS_START(h, !c || !s || (n > 0 && (!x || !y)));
	cublas_z *xv = (cublas_z *)x, *yv = (cublas_z *)y, sv = *(const cublas_z *)s;

	for (int i = 0; i < n; i++) {
		cublas_z *xp = &CUBLAS_VEC_AT(xv, i, n, incx), *yp = &CUBLAS_VEC_AT(yv, i, n, incy);
		cublas_z xi = *xp;

		*xp = *c * xi + sv * *yp;
		*yp = *c * *yp - conj(sv) * xi;
	}
	return CUBLAS_STATUS_SUCCESS;
}
