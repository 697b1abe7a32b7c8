// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: gpsvInterleavedBatch, batchCount pentadiagonal systems
 * ds x(i-2) + dl x(i-1) + d x(i) + du x(i+1) + dw x(i+2) = b(i), stored
 * interleaved (element i of system j at i * batchCount + j); x holds b and
 * gets the solution.  cuSPARSE's algo 0 factors by Givens QR; here each
 * system is solved by Gaussian elimination with partial pivoting over the
 * band (up to two more superdiagonals of fill), in double complex, rounded
 * once: as stable for these systems, and a plain loop because lib/cusparse
 * links no LAPACK (README, "Why kernels of our own").  The diagonals are
 * read, not changed.  The entries outside the matrix (ds[0..1], dl[0],
 * du[m-1], dw[m-2..m-1]) are ignored, as cuSPARSE documents them as 0.  A
 * singular system divides by zero, as the GPU's would (no status).
 */
#include <stdlib.h>
#include "cusparse_internal.h"

enum { GPSV_W = 7 }; /* a row of the band: columns i-2 .. i+4 (the last two: fill) */

struct gpsv_arrays {
	cudaDataType t;
	int m, batch;
	const void *ds, *dl, *d, *du, *dw;
	void *x;
};

static sp_val gpsv_in(const struct gpsv_arrays *a, const void *diag, int i, int j)
{
	return sp_load(a->t, diag, (int64_t)i * a->batch + j);
}

/* system j into the band rows U (m x GPSV_W, column j - i + 2 of row i) and b */
static void gpsv_load(const struct gpsv_arrays *a, int j, sp_val (*U)[GPSV_W], sp_val *b)
{
	for (int i = 0; i < a->m; i++) {
		U[i][0] = i >= 2 ? gpsv_in(a, a->ds, i, j) : 0;
		U[i][1] = i >= 1 ? gpsv_in(a, a->dl, i, j) : 0;
		U[i][2] = gpsv_in(a, a->d, i, j);
		U[i][3] = i + 1 < a->m ? gpsv_in(a, a->du, i, j) : 0;
		U[i][4] = i + 2 < a->m ? gpsv_in(a, a->dw, i, j) : 0;
		U[i][5] = U[i][6] = 0;
		b[i] = gpsv_in(a, a->x, i, j);
	}
}

static double gpsv_abs(sp_val v)
{
	return cabs(v);
}

/* rows c and p (p > c) swapped over columns c .. last */
static void gpsv_swap(sp_val (*U)[GPSV_W], sp_val *b, int c, int p, int last)
{
	for (int col = c; col <= last; col++) {
		sp_val t = U[c][col - c + 2];
		U[c][col - c + 2] = U[p][col - p + 2];
		U[p][col - p + 2] = t;
	}
	sp_val t = b[c];
	b[c] = b[p], b[p] = t;
}

/* U x = b by elimination with partial pivoting, x into b */
static void gpsv_solve(int m, sp_val (*U)[GPSV_W], sp_val *b)
{
	for (int c = 0; c < m; c++) {
		int p = c, last = c + 4 < m ? c + 4 : m - 1, below = c + 2 < m ? c + 2 : m - 1;
		for (int r = c + 1; r <= below; r++)
			if (gpsv_abs(U[r][c - r + 2]) > gpsv_abs(U[p][c - p + 2]))
				p = r;
		if (p != c)
			gpsv_swap(U, b, c, p, last);
		for (int r = c + 1; r <= below; r++) {
			sp_val f = U[r][c - r + 2] / U[c][2];
			for (int col = c; col <= last; col++)
				U[r][col - r + 2] -= f * U[c][col - c + 2];
			b[r] -= f * b[c];
		}
	}
	for (int i = m - 1; i >= 0; i--) {
		sp_val s = b[i];
		for (int col = i + 1; col <= i + 4 && col < m; col++)
			s -= U[i][col - i + 2] * b[col];
		b[i] = s / U[i][2];
	}
}

static bool gpsv_args_ok(const struct gpsv_arrays *a, int algo)
{
	bool work = a->m > 0 && a->batch > 0;

	return algo == 0 && a->m >= 0 && a->batch >= 0 &&
	       (!work || (a->ds && a->dl && a->d && a->du && a->dw && a->x));
}

static cusparseStatus_t gpsv(cusparseHandle_t handle, int algo, const struct gpsv_arrays *a)
{
	if (handle && !gpsv_args_ok(a, algo))
		return CUSPARSE_STATUS_INVALID_VALUE;
	SP_CALL(handle, CUSPARSE_STATUS_SUCCESS);
	if (!a->m || !a->batch)
		return CUSPARSE_STATUS_SUCCESS;
	sp_val(*U)[GPSV_W] = malloc(sizeof(*U) * (size_t)a->m);
	sp_val *b = malloc(sizeof(*b) * (size_t)a->m);
	if (!U || !b) {
		free(U), free(b);
		return CUSPARSE_STATUS_ALLOC_FAILED;
	}
	for (int j = 0; j < a->batch; j++) {
		gpsv_load(a, j, U, b);
		gpsv_solve(a->m, U, b);
		for (int i = 0; i < a->m; i++)
			sp_store(a->t, a->x, (int64_t)i * a->batch + j, b[i]);
	}
	free(U), free(b);
	return CUSPARSE_STATUS_SUCCESS;
}

#define GPSV_DEFS(P, T, TAG)                                                                       \
	cusparseStatus_t cusparse##P##gpsvInterleavedBatch_bufferSizeExt(                          \
	    cusparseHandle_t handle, int algo, int m, const T *ds, const T *dl, const T *d,        \
	    const T *du, const T *dw, const T *x, int batchCount, size_t *pBufferSizeInBytes)      \
	{                                                                                          \
		struct gpsv_arrays a = {TAG, m, batchCount, ds, dl, d, du, dw, (void *)x};         \
		if (!handle)                                                                       \
			return CUSPARSE_STATUS_NOT_INITIALIZED;                                    \
		if (!gpsv_args_ok(&a, algo))                                                       \
			return CUSPARSE_STATUS_INVALID_VALUE;                                      \
		return sp_no_buffer(pBufferSizeInBytes);                                           \
	}                                                                                          \
	cusparseStatus_t cusparse##P##gpsvInterleavedBatch(                                        \
	    cusparseHandle_t handle, int algo, int m, T *ds, T *dl, T *d, T *du, T *dw, T *x,      \
	    int batchCount, void *pBuffer)                                                         \
	{                                                                                          \
		struct gpsv_arrays a = {TAG, m, batchCount, ds, dl, d, du, dw, x};                 \
		(void)pBuffer;                                                                     \
		return gpsv(handle, algo, &a);                                                     \
	}

GPSV_DEFS(S, float, CUDA_R_32F)
GPSV_DEFS(D, double, CUDA_R_64F)
GPSV_DEFS(C, cuComplex, CUDA_C_32F)
GPSV_DEFS(Z, cuDoubleComplex, CUDA_C_64F)
