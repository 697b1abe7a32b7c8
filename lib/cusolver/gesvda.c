// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: gesvdaStridedBatched, the rank-r SVD A ~ U_r diag(S_r) V_r^H
 * of batchSize tall (m >= n) matrices at a constant stride: the r largest
 * singular values, descending, with (jobz VECTOR) their left (m x r) and
 * right (n x r, not transposed) vectors.  cuSOLVER approximates it through
 * the Gram matrix A^H A; here it is the truncated SVD itself, from each
 * matrix's economy SVD (Xgesvdp: LAPACK's gesvd on a copy, A is input only),
 * so the answer is what the approximation aims at, to machine precision.
 * h_R_nrmF[i] (a host array, NULL: not wanted) is |A_i - U_r S_r V_r^H|_F,
 * measured from the triples written.  info[i] is gesvd's for matrix i;
 * a refused call writes only info[0] (-i, the handle not counted).  The
 * workspace is ours (the query answers 1 element).
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "xapi_internal.h"

struct gesvda_args {
	cusolverEigMode_t jobz;
	int rank, m, n, lda, ldu, ldv, batch;
	long long sa, ss, su, sv;
};

static int gesvda_bad(const struct gesvda_args *a, const void *A, const void *S, const void *U,
		      const void *V)
{
	int vec = a->jobz == CUSOLVER_EIG_MODE_VECTOR;

	if (!vec && a->jobz != CUSOLVER_EIG_MODE_NOVECTOR)
		return 1;
	if (a->n < 0 || a->rank < 1 || a->rank > a->n)
		return a->n < 0 ? 4 : 2;
	if (a->m < a->n)
		return 3;
	if (!A)
		return 5;
	if (a->lda < cusolver_max1(a->m))
		return 6;
	if (a->sa < (long long)a->lda * a->n)
		return 7;
	if (!S)
		return 8;
	if (a->ss < a->rank)
		return 9;
	if (vec && !U)
		return 10;
	if (a->ldu < 1 || (vec && a->ldu < a->m))
		return 11;
	if (vec && a->su < (long long)a->ldu * a->rank)
		return 12;
	if (vec && !V)
		return 13;
	if (a->ldv < 1 || (vec && a->ldv < a->n))
		return 14;
	if (vec && a->sv < (long long)a->ldv * a->rank)
		return 15;
	return a->batch < 0 ? 20 : 0;
}

/* element i of an array of kind k as a double complex */
static double _Complex gesvda_get(int k, const void *p, size_t i)
{
	switch (k) {
	case 0:
		return ((const float *)p)[i];
	case 1:
		return ((const double *)p)[i];
	case 2:
		return ((const float _Complex *)p)[i];
	default:
		return ((const double _Complex *)p)[i];
	}
}

/* |A - U diag(S) V^H|_F over the first r triples; U m x r (ld m), V n x r (ld n), A (lda) */
static double gesvda_residual(int k, const struct gesvda_args *a, const void *A, const void *S,
			      const void *U, const void *V)
{
	double sum = 0;

	for (int j = 0; j < a->n; j++)
		for (int i = 0; i < a->m; i++) {
			double _Complex d = gesvda_get(k, A, (size_t)i + (size_t)j * a->lda);
			for (int l = 0; l < a->rank; l++)
				d -= gesvda_get(k, U, (size_t)i + (size_t)l * a->m) *
				     creal(gesvda_get(k & 1, S, l)) *
				     conj(gesvda_get(k, V, (size_t)j + (size_t)l * a->n));
			sum += creal(d) * creal(d) + cimag(d) * cimag(d);
		}
	return sqrt(sum);
}

/* the first cols columns (rows long) of src (ld_src) into dst (ld_dst), elements of e bytes */
static void gesvda_copy(const void *src, int ld_src, void *dst, int ld_dst, int rows, int cols,
			size_t e)
{
	for (int j = 0; j < cols; j++)
		memcpy((char *)dst + (size_t)j * ld_dst * e,
		       (const char *)src + (size_t)j * ld_src * e, rows * e);
}

/* matrix i: its economy SVD in C (copy of A), S, U, V (ours), then its first rank triples out */
static cusolverStatus_t gesvda_one(cusolverDnHandle_t h, int k, const struct gesvda_args *a, int i,
				   const void *A, void *S, void *U, void *V, void *C, void *Sw,
				   void *Uw, void *Vw, int *info, double *nrm)
{
	static const cudaDataType tag[] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F};
	size_t e = x_size(k), re = x_size(k & 1);
	const char *Ai = (const char *)A + (size_t)i * a->sa * e;

	gesvda_copy(Ai, a->lda, C, a->m, a->m, a->n, e);
	cusolverStatus_t st = cusolverDnXgesvdp(
	    h, NULL, CUSOLVER_EIG_MODE_VECTOR, 1, a->m, a->n, tag[k], C, a->m, x_real(k), Sw,
	    tag[k], Uw, a->m, tag[k], Vw, a->n, tag[k], NULL, 0, NULL, 0, info + i, NULL);
	if (st)
		return st;
	memcpy((char *)S + (size_t)i * a->ss * re, Sw, (size_t)a->rank * re);
	if (a->jobz == CUSOLVER_EIG_MODE_VECTOR) {
		gesvda_copy(Uw, a->m, (char *)U + (size_t)i * a->su * e, a->ldu, a->m, a->rank, e);
		gesvda_copy(Vw, a->n, (char *)V + (size_t)i * a->sv * e, a->ldv, a->n, a->rank, e);
	}
	if (nrm)
		nrm[i] = gesvda_residual(k, a, Ai, Sw, Uw, Vw);
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t gesvda(cusolverDnHandle_t h, int k, const struct gesvda_args *a,
			       const void *A, void *S, void *U, void *V, int *info, double *nrm)
{
	CUSOLVER_START(h, info, gesvda_bad(a, A, S, U, V));
	if (a->batch)
		info[0] = 0;
	if (!a->batch || !a->n)
		return CUSOLVER_STATUS_SUCCESS;
	size_t e = x_size(k), mn = (size_t)a->m * a->n;
	void *C = malloc(mn * e), *Sw = malloc((size_t)a->n * x_size(k & 1)), *Uw = malloc(mn * e),
	     *Vw = malloc((size_t)a->n * a->n * e);
	cusolverStatus_t st =
	    C && Sw && Uw && Vw ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;

	for (int i = 0; !st && i < a->batch; i++)
		st = gesvda_one(h, k, a, i, A, S, U, V, C, Sw, Uw, Vw, info, nrm);
	free(C), free(Sw), free(Uw), free(Vw);
	return st;
}

#define GESVDA_DEFS(P, k, T, R)                                                                    \
	cusolverStatus_t cusolverDn##P##gesvdaStridedBatched_bufferSize(                           \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, int rank, int m, int n,             \
	    const T *d_A, int lda, long long int strideA, const R *d_S, long long int strideS,     \
	    const T *d_U, int ldu, long long int strideU, const T *d_V, int ldv,                   \
	    long long int strideV, int *lwork, int batchSize)                                      \
	{                                                                                          \
		struct gesvda_args a = {jobz, rank,	 m,	  n,	   lda,	    ldu,           \
					ldv,  batchSize, strideA, strideS, strideU, strideV};      \
		(void)d_A, (void)d_S, (void)d_U, (void)d_V;                                        \
		CUSOLVER_QUERY(handle, lwork,                                                      \
			       gesvda_bad(&a, (void *)1, (void *)1, (void *)1, (void *)1));        \
		*lwork = 1; /* the SVD's workspace is ours */                                      \
		return CUSOLVER_STATUS_SUCCESS;                                                    \
	}                                                                                          \
	cusolverStatus_t cusolverDn##P##gesvdaStridedBatched(                                      \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, int rank, int m, int n,             \
	    const T *d_A, int lda, long long int strideA, R *d_S, long long int strideS, T *d_U,   \
	    int ldu, long long int strideU, T *d_V, int ldv, long long int strideV, T *d_work,     \
	    int lwork, int *d_info, double *h_R_nrmF, int batchSize)                               \
	{                                                                                          \
		struct gesvda_args a = {jobz, rank,	 m,	  n,	   lda,	    ldu,           \
					ldv,  batchSize, strideA, strideS, strideU, strideV};      \
		(void)d_work, (void)lwork;                                                         \
		return gesvda(handle, k, &a, d_A, d_S, d_U, d_V, d_info, h_R_nrmF);                \
	}

GESVDA_DEFS(S, 0, float, float)
GESVDA_DEFS(D, 1, double, double)
GESVDA_DEFS(C, 2, cuComplex, float)
GESVDA_DEFS(Z, 3, cuDoubleComplex, double)
