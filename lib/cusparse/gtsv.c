// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the tridiagonal solvers (issue 44).  A system is
 * dl(i) x(i-1) + d(i) x(i) + du(i) x(i+1) = b(i); dl(0) and du(m-1) lie
 * outside the matrix and are ignored, as cuSPARSE documents them as 0.
 *
 *   gtsv2                  n right-hand sides, column-major B (ldb), pivoting
 *   gtsv2_nopivot          the same without pivoting (the Thomas algorithm)
 *   gtsv2StridedBatch      batchCount systems one after another, batchStride apart
 *   gtsvInterleavedBatch   batchCount systems interleaved (element i of system j
 *                          at i * batchCount + j); algo 0 Thomas, 1 and 2
 *                          pivoting (cuSPARSE's 2 is QR: both are stable and
 *                          give the same solution up to rounding)
 *
 * The pivoting solve is LAPACK's gtsv algorithm (Gaussian elimination with
 * partial pivoting between neighbouring rows, one superdiagonal of fill),
 * written here rather than called: lib/cusparse links no LAPACK (README,
 * "Why kernels of our own"), and this way every value type computes in
 * double complex and rounds once, as the rest of the library.  The
 * diagonals are read, never changed; x (B) gets the solution.  A singular
 * system divides by zero, as the GPU's would (no status).
 */
#include <stdbool.h>
#include <stdlib.h>
#include "cusparse_internal.h"

/* one system: the three diagonals, its right-hand side, where they are */
struct gtsv_sys {
	cudaDataType t;
	int m;
	const void *dl, *d, *du;
	int64_t first, step; /* element i of the diagonals at first + i * step */
	void *x;
	int64_t xfirst, xstep; /* element i of b and x */
};

struct gtsv_work {
	sp_val *dl, *d, *du, *du2, *b;
};

static void gtsv_load(const struct gtsv_sys *s, struct gtsv_work *w)
{
	for (int i = 0; i < s->m; i++) {
		int64_t at = s->first + i * s->step;

		w->dl[i] = i > 0 ? sp_load(s->t, s->dl, at) : 0;
		w->d[i] = sp_load(s->t, s->d, at);
		w->du[i] = i + 1 < s->m ? sp_load(s->t, s->du, at) : 0;
		w->du2[i] = 0;
		w->b[i] = sp_load(s->t, s->x, s->xfirst + i * s->xstep);
	}
}

/* elimination of row i+1's subdiagonal, rows i and i+1 swapped first when
 * pivoting finds the subdiagonal larger: row i then holds three entries */
static void gtsv_eliminate(int m, struct gtsv_work *w, bool pivot)
{
	for (int i = 0; i + 1 < m; i++) {
		sp_val l = w->dl[i + 1];

		if (!pivot || cabs(w->d[i]) >= cabs(l)) {
			sp_val f = l / w->d[i];

			w->d[i + 1] -= f * w->du[i];
			w->b[i + 1] -= f * w->b[i];
			continue;
		}
		sp_val f = w->d[i] / l, d1 = w->d[i + 1], bi = w->b[i];

		w->d[i] = l;
		w->d[i + 1] = w->du[i] - f * d1;
		w->du[i] = d1;
		if (i + 2 < m) {
			w->du2[i] = w->du[i + 1];
			w->du[i + 1] = -f * w->du2[i];
		}
		w->b[i] = w->b[i + 1];
		w->b[i + 1] = bi - f * w->b[i];
	}
}

static void gtsv_back(int m, struct gtsv_work *w)
{
	for (int i = m - 1; i >= 0; i--) {
		sp_val s = w->b[i];

		if (i + 1 < m)
			s -= w->du[i] * w->b[i + 1];
		if (i + 2 < m)
			s -= w->du2[i] * w->b[i + 2];
		w->b[i] = s / w->d[i];
	}
}

static void gtsv_one(const struct gtsv_sys *s, struct gtsv_work *w, bool pivot)
{
	gtsv_load(s, w);
	gtsv_eliminate(s->m, w, pivot);
	gtsv_back(s->m, w);
	for (int i = 0; i < s->m; i++)
		sp_store(s->t, s->x, s->xfirst + i * s->xstep, w->b[i]);
}

/* count systems like s, the k-th with its diagonals at k * dstride and b at k * xstride */
static cusparseStatus_t gtsv_run(struct gtsv_sys s, int count, int64_t dstride, int64_t xstride,
				 bool pivot)
{
	struct gtsv_work w;
	size_t n = (size_t)s.m ? (size_t)s.m : 1;
	sp_val *all = malloc(5 * n * sizeof(sp_val));

	if (!all)
		return CUSPARSE_STATUS_ALLOC_FAILED;
	w = (struct gtsv_work){all, all + n, all + 2 * n, all + 3 * n, all + 4 * n};
	int64_t first = s.first, xfirst = s.xfirst;
	for (int k = 0; k < count; k++) {
		s.first = first + k * dstride;
		s.xfirst = xfirst + k * xstride;
		gtsv_one(&s, &w, pivot);
	}
	free(all);
	return CUSPARSE_STATUS_SUCCESS;
}

/* cuSPARSE: m >= 3, n >= 0, ldb >= max(1, m); arrays needed when there is work */
static cusparseStatus_t gtsv2_check(int m, int n, const void *dl, const void *d, const void *du,
				    const void *b, int ldb)
{
	if (m < 3 || n < 0 || ldb < m)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (n && (!dl || !d || !du || !b))
		return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

/* cuSPARSE: m >= 3, batchCount >= 0, batchStride >= m */
static cusparseStatus_t strided_check(int m, const void *dl, const void *d, const void *du,
				      const void *x, int count, int stride)
{
	if (m < 3 || count < 0 || stride < m)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (count && (!dl || !d || !du || !x))
		return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

/* algo 0, 1 or 2; m >= 3 as the other solvers; batchCount >= 0 */
static cusparseStatus_t interleaved_check(int algo, int m, const void *dl, const void *d,
					  const void *du, const void *x, int count)
{
	if (algo < 0 || algo > 2 || m < 3 || count < 0)
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (count && (!dl || !d || !du || !x))
		return CUSPARSE_STATUS_INVALID_VALUE;
	return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t gtsv2(cusparseHandle_t handle, cudaDataType t, int m, int n, const void *dl,
			      const void *d, const void *du, void *b, int ldb, bool pivot)
{
	SP_CALL(handle, gtsv2_check(m, n, dl, d, du, b, ldb));
	struct gtsv_sys s = {t, m, dl, d, du, 0, 1, b, 0, 1};
	return gtsv_run(s, n, 0, ldb, pivot);
}

static cusparseStatus_t strided(cusparseHandle_t handle, cudaDataType t, int m, const void *dl,
				const void *d, const void *du, void *x, int count, int stride)
{
	SP_CALL(handle, strided_check(m, dl, d, du, x, count, stride));
	struct gtsv_sys s = {t, m, dl, d, du, 0, 1, x, 0, 1};
	return gtsv_run(s, count, stride, stride, true);
}

static cusparseStatus_t interleaved(cusparseHandle_t handle, cudaDataType t, int algo, int m,
				    const void *dl, const void *d, const void *du, void *x,
				    int count)
{
	SP_CALL(handle, interleaved_check(algo, m, dl, d, du, x, count));
	struct gtsv_sys s = {t, m, dl, d, du, 0, count, x, 0, count};
	return gtsv_run(s, count, 1, 1, algo != 0);
}

/* the buffer sizes: the same checks as the solves, then 0 bytes (no buffer used) */
static cusparseStatus_t gtsv_size(cusparseHandle_t handle, cusparseStatus_t st, size_t *size)
{
	if (!handle)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	return st ? st : sp_no_buffer(size);
}

#define GTSV_DEFS(P, T, TAG)                                                                       \
	cusparseStatus_t cusparse##P##gtsv2_bufferSizeExt(cusparseHandle_t handle, int m, int n,   \
							  const T *dl, const T *d, const T *du,    \
							  const T *B, int ldb, size_t *size)       \
	{                                                                                          \
		return gtsv_size(handle, gtsv2_check(m, n, dl, d, du, B, ldb), size);              \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gtsv2(cusparseHandle_t handle, int m, int n, const T *dl,    \
					    const T *d, const T *du, T *B, int ldb, void *pBuffer) \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return gtsv2(handle, TAG, m, n, dl, d, du, B, ldb, true);                          \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gtsv2_nopivot_bufferSizeExt(                                 \
	    cusparseHandle_t handle, int m, int n, const T *dl, const T *d, const T *du,           \
	    const T *B, int ldb, size_t *size)                                                     \
	{                                                                                          \
		return gtsv_size(handle, gtsv2_check(m, n, dl, d, du, B, ldb), size);              \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gtsv2_nopivot(cusparseHandle_t handle, int m, int n,         \
						    const T *dl, const T *d, const T *du, T *B,    \
						    int ldb, void *pBuffer)                        \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return gtsv2(handle, TAG, m, n, dl, d, du, B, ldb, false);                         \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gtsv2StridedBatch_bufferSizeExt(                             \
	    cusparseHandle_t handle, int m, const T *dl, const T *d, const T *du, const T *x,      \
	    int batchCount, int batchStride, size_t *size)                                         \
	{                                                                                          \
		return gtsv_size(handle, strided_check(m, dl, d, du, x, batchCount, batchStride),  \
				 size);                                                            \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gtsv2StridedBatch(                                           \
	    cusparseHandle_t handle, int m, const T *dl, const T *d, const T *du, T *x,            \
	    int batchCount, int batchStride, void *pBuffer)                                        \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return strided(handle, TAG, m, dl, d, du, x, batchCount, batchStride);             \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gtsvInterleavedBatch_bufferSizeExt(                          \
	    cusparseHandle_t handle, int algo, int m, const T *dl, const T *d, const T *du,        \
	    const T *x, int batchCount, size_t *size)                                              \
	{                                                                                          \
		return gtsv_size(handle, interleaved_check(algo, m, dl, d, du, x, batchCount),     \
				 size);                                                            \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gtsvInterleavedBatch(cusparseHandle_t handle, int algo,      \
							   int m, T *dl, T *d, T *du, T *x,        \
							   int batchCount, void *pBuffer)          \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return interleaved(handle, TAG, algo, m, dl, d, du, x, batchCount);                \
	}

GTSV_DEFS(S, float, CUDA_R_32F)
GTSV_DEFS(D, double, CUDA_R_64F)
GTSV_DEFS(C, cuComplex, CUDA_C_32F)
GTSV_DEFS(Z, cuDoubleComplex, CUDA_C_64F)
