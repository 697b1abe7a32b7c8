// SPDX-License-Identifier: MIT
/*
 * sp_lowlevel_cq.c - the low-level sparse Cholesky and QR of cuSOLVER
 * (csrchol*, csrqr*; the host and device forms are the same calls, one
 * address space).  Cholesky: A's lower triangle in LAPACK's band storage,
 * pbtrf/pbtrs; a matrix that is not positive definite reports its zero
 * pivot where that shows.  QR: A - mu I dense (geqrf; LAPACK has no sparse
 * or banded QR; above 512 MiB CUSOLVER_STATUS_ALLOC_FAILED), the least
 * squares solution of (A - mu I) x = b for m >= n (ormqr, trtrs).  Single
 * precision runs in double.  The complex forms: CUSOLVER_STATUS_NOT_SUPPORTED.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sp_lowlevel.h"

static cusolverStatus_t create(struct sp_factor **f, size_t bytes)
{
	void *p;

	if (!f)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (!(p = calloc(1, bytes)))
		return CUSOLVER_STATUS_ALLOC_FAILED;
	*f = p; /* each info type is one struct sp_factor */
	(*f)->not_pd = -1;
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t destroy(struct sp_factor *f)
{
	if (!f)
		return CUSOLVER_STATUS_INVALID_VALUE;
	sp_factor_clear(f);
	free(f);
	return CUSOLVER_STATUS_SUCCESS;
}

#define INFO_LIFE(NAME, T)                                                                         \
	cusolverStatus_t cusolverSpCreate##NAME(T##_t *info)                                       \
	{                                                                                          \
		return create((struct sp_factor **)info, sizeof(struct T));                        \
	}                                                                                          \
	cusolverStatus_t cusolverSpDestroy##NAME(T##_t info)                                       \
	{                                                                                          \
		return destroy(info ? &info->f : NULL);                                            \
	}
INFO_LIFE(CsrcholInfoHost, csrcholInfoHost)
INFO_LIFE(CsrcholInfo, csrcholInfo)
INFO_LIFE(CsrqrInfoHost, csrqrInfoHost)
INFO_LIFE(CsrqrInfo, csrqrInfo)

/* Analysis: the sizes and, for Cholesky, the lower band. */
static cusolverStatus_t analysis(cusolverSpHandle_t h, int m, int n, int nnz,
				 const cusparseMatDescr_t descr, const int *ptr, const int *ind,
				 struct sp_factor *f, bool chol)
{
	int base, ku;
	cusolverStatus_t st = cusolver_sp_check_mn(h, m, n, nnz, descr, ptr, ind, &base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!f || (chol && m != n))
		return CUSOLVER_STATUS_INVALID_VALUE;
	sp_factor_clear(f);
	f->m = m, f->n = n, f->nnz = nnz;
	if (chol) {
		sp_bands(n, ptr, ind, base, &f->kl, &ku);
		f->ld = f->kl + 1;
	} else {
		f->ld = m;
	}
	f->analysed = true;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrcholAnalysisHost(cusolverSpHandle_t handle, int n, int nnzA,
						const cusparseMatDescr_t descrA,
						const int *csrRowPtrA, const int *csrColIndA,
						csrcholInfoHost_t info)
{
	return analysis(handle, n, n, nnzA, descrA, csrRowPtrA, csrColIndA, info ? &info->f : NULL,
			true);
}

cusolverStatus_t cusolverSpXcsrcholAnalysis(cusolverSpHandle_t handle, int n, int nnzA,
					    const cusparseMatDescr_t descrA, const int *csrRowPtrA,
					    const int *csrColIndA, csrcholInfo_t info)
{
	return analysis(handle, n, n, nnzA, descrA, csrRowPtrA, csrColIndA, info ? &info->f : NULL,
			true);
}

cusolverStatus_t cusolverSpXcsrqrAnalysisHost(cusolverSpHandle_t handle, int m, int n, int nnzA,
					      const cusparseMatDescr_t descrA,
					      const int *csrRowPtrA, const int *csrColIndA,
					      csrqrInfoHost_t info)
{
	return analysis(handle, m, n, nnzA, descrA, csrRowPtrA, csrColIndA, info ? &info->f : NULL,
			false);
}

cusolverStatus_t cusolverSpXcsrqrAnalysis(cusolverSpHandle_t handle, int m, int n, int nnzA,
					  const cusparseMatDescr_t descrA, const int *csrRowPtrA,
					  const int *csrColIndA, csrqrInfo_t info)
{
	return analysis(handle, m, n, nnzA, descrA, csrRowPtrA, csrColIndA, info ? &info->f : NULL,
			false);
}

/* A call with A again: A's checks, the same sizes as the analysis. */
static cusolverStatus_t with_a(cusolverSpHandle_t h, int m, int n, int nnz,
			       const cusparseMatDescr_t descr, const void *val, const int *ptr,
			       const int *ind, const struct sp_factor *f, int *base)
{
	cusolverStatus_t st = cusolver_sp_check_mn(h, m, n, nnz, descr, ptr, ind, base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!f || !f->analysed || m != f->m || n != f->n || nnz != f->nnz || !val)
		return CUSOLVER_STATUS_INVALID_VALUE;
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t buffer_info(cusolverSpHandle_t h, int m, int n, int nnz,
				    const cusparseMatDescr_t descr, const void *val, const int *ptr,
				    const int *ind, struct sp_factor *f, size_t *internal,
				    size_t *work)
{
	int base;
	cusolverStatus_t st = with_a(h, m, n, nnz, descr, val, ptr, ind, f, &base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!internal || !work)
		return CUSOLVER_STATUS_INVALID_VALUE;
	/* the factors are ours; the program's buffer is asked for but not used */
	*internal = (size_t)f->ld * (size_t)n * sizeof(double) + (size_t)n * sizeof(double);
	*work = (size_t)(m > n ? m : n) * sizeof(double);
	return CUSOLVER_STATUS_SUCCESS;
}

/* Cholesky's factorization: A's lower triangle into the band, pbtrf. */
static cusolverStatus_t chol_factor(cusolverSpHandle_t h, int n, int nnz,
				    const cusparseMatDescr_t descr, const void *val, bool single,
				    const int *ptr, const int *ind, struct sp_factor *f)
{
	int base, info = 0;
	char lo = 'L';
	cusolverStatus_t st = with_a(h, n, n, nnz, descr, val, ptr, ind, f, &base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if ((size_t)f->ld * (size_t)n * sizeof(double) > SP_BAND_MAX)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	free(f->f);
	f->factored = false;
	if (!(f->f = calloc((size_t)f->ld * (size_t)n, sizeof(double))))
		return CUSOLVER_STATUS_ALLOC_FAILED;
	for (int i = 0; i < n; i++) /* A(i, j), j <= i, at AB(i - j, j) */
		for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++) {
			int j = ind[e] - base;

			if (j <= i)
				f->f[(size_t)j * f->ld + i - j] += sp_value(val, single, e);
		}
	LAPACK_dpbtrf(&lo, &n, &f->kl, f->f, &f->ld, &info);
	f->not_pd = info > 0 ? info - 1 : -1;
	f->factored = true;
	return CUSOLVER_STATUS_SUCCESS;
}

/* QR's setup: A - mu I, dense. */
static cusolverStatus_t qr_setup(cusolverSpHandle_t h, int m, int n, int nnz,
				 const cusparseMatDescr_t descr, const void *val, bool single,
				 const int *ptr, const int *ind, double mu, struct sp_factor *f)
{
	int base;
	cusolverStatus_t st = with_a(h, m, n, nnz, descr, val, ptr, ind, f, &base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if ((size_t)m * (size_t)n * sizeof(double) > SP_DENSE_MAX)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	free(f->f), free(f->tau);
	f->factored = f->set_up = false;
	f->f = calloc((size_t)m * (size_t)n, sizeof(double));
	f->tau = malloc((size_t)n * sizeof(double));
	if (!f->f || !f->tau)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	for (int i = 0; i < m; i++)
		for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++)
			f->f[(size_t)(ind[e] - base) * m + i] += sp_value(val, single, e);
	for (int i = 0; i < m && i < n; i++)
		f->f[(size_t)i * m + i] -= mu;
	f->set_up = true;
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t qr_solve(cusolverSpHandle_t h, int m, int n, const void *b, void *x,
				 bool single, struct sp_factor *f);

/* QR's factorization (geqrf), and the solve when b and x are given. */
static cusolverStatus_t qr_factor(cusolverSpHandle_t h, int m, int n, int nnz, void *b, void *x,
				  bool single, struct sp_factor *f)
{
	int info = 0, lwork = -1;
	double q, *work;

	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!f || !f->set_up || m != f->m || n != f->n || nnz != f->nnz || m < n || (!b) != (!x))
		return CUSOLVER_STATUS_INVALID_VALUE;
	LAPACK_dgeqrf(&m, &n, f->f, &m, f->tau, &q, &lwork, &info);
	lwork = (int)q > n ? (int)q : n;
	if (!(work = malloc((size_t)lwork * sizeof(double))))
		return CUSOLVER_STATUS_ALLOC_FAILED;
	LAPACK_dgeqrf(&m, &n, f->f, &m, f->tau, work, &lwork, &info);
	free(work);
	f->set_up = false; /* the setup's matrix is now the factors */
	f->factored = true;
	return b ? qr_solve(h, m, n, b, x, single, f) : CUSOLVER_STATUS_SUCCESS;
}

/* x = R^{-1} (Q^T b)(0..n-1): the least squares solution; b is left as it was. */
static cusolverStatus_t qr_solve(cusolverSpHandle_t h, int m, int n, const void *b, void *x,
				 bool single, struct sp_factor *f)
{
	int info = 0, one = 1, lwork = -1;
	char side = 'L', tr = 'T', up = 'U', no = 'N';
	double q, *y, *work;

	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!f || !f->factored || m != f->m || n != f->n || !b || !x)
		return CUSOLVER_STATUS_INVALID_VALUE;
	LAPACK_dormqr(&side, &tr, &m, &one, &n, f->f, &m, f->tau, &q, &m, &q, &lwork, &info);
	lwork = (int)q > 1 ? (int)q : 1;
	y = malloc((size_t)m * sizeof(double));
	work = malloc((size_t)lwork * sizeof(double));
	if (!y || !work) {
		free(y), free(work);
		return CUSOLVER_STATUS_ALLOC_FAILED;
	}
	for (int i = 0; i < m; i++)
		y[i] = sp_value(b, single, i);
	LAPACK_dormqr(&side, &tr, &m, &one, &n, f->f, &m, f->tau, y, &m, work, &lwork, &info);
	LAPACK_dtrtrs(&up, &no, &no, &n, &one, f->f, &m, y, &m, &info);
	for (int i = 0; i < n; i++)
		if (single)
			((float *)x)[i] = (float)y[i];
		else
			((double *)x)[i] = y[i];
	free(y), free(work);
	return CUSOLVER_STATUS_SUCCESS;
}

/* The first diagonal entry of the factor (L or R) not above tol in magnitude, or -1. */
static cusolverStatus_t zero_pivot(cusolverSpHandle_t h, const struct sp_factor *f, bool chol,
				   double tol, int *position)
{
	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!f || !f->factored || !position)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*position = chol ? f->not_pd : -1;
	for (int j = 0; *position < 0 && j < f->n; j++) {
		double d = chol ? f->f[(size_t)j * f->ld] : f->f[(size_t)j * f->m + j];

		if (!(fabs(d) > tol))
			*position = j;
	}
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t chol_solve(cusolverSpHandle_t h, int n, const void *b, void *x, bool single,
				   struct sp_factor *f)
{
	int info = 0, one = 1;
	char lo = 'L';
	double *y;

	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!f || !f->factored || n != f->n || !b || !x)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (!(y = malloc((size_t)n * sizeof(double))))
		return CUSOLVER_STATUS_ALLOC_FAILED;
	for (int i = 0; i < n; i++)
		y[i] = sp_value(b, single, i);
	LAPACK_dpbtrs(&lo, &n, &f->kl, &one, f->f, &f->ld, y, &n, &info);
	for (int i = 0; i < n; i++)
		if (single)
			((float *)x)[i] = (float)y[i];
		else
			((double *)x)[i] = y[i];
	free(y);
	return CUSOLVER_STATUS_SUCCESS;
}

/* L's diagonal (the device form's csrcholDiag): det(A) is the square of its product. */
static cusolverStatus_t chol_diag(cusolverSpHandle_t h, const struct sp_factor *f, void *diag,
				  bool single)
{
	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!f || !f->factored || !diag)
		return CUSOLVER_STATUS_INVALID_VALUE;
	for (int j = 0; j < f->n; j++)
		if (single)
			((float *)diag)[j] = (float)f->f[(size_t)j * f->ld];
		else
			((double *)diag)[j] = f->f[(size_t)j * f->ld];
	return CUSOLVER_STATUS_SUCCESS;
}

#define CHOL_CALLS(PR, T, R, SINGLE, S, I)                                                         \
	cusolverStatus_t cusolverSp##PR##csrcholBufferInfo##S(                                     \
	    cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,           \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, I info,                \
	    size_t *internalDataInBytes, size_t *workspaceInBytes)                                 \
	{                                                                                          \
		return buffer_info(handle, n, n, nnzA, descrA, csrValA, csrRowPtrA, csrColIndA,    \
				   info ? &info->f : NULL, internalDataInBytes, workspaceInBytes); \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrcholFactor##S(                                         \
	    cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,           \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, I info, void *pBuffer) \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return chol_factor(handle, n, nnzA, descrA, csrValA, SINGLE, csrRowPtrA,           \
				   csrColIndA, info ? &info->f : NULL);                            \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrcholZeroPivot##S(cusolverSpHandle_t handle, I info,    \
							     R tol, int *position)                 \
	{                                                                                          \
		return zero_pivot(handle, info ? &info->f : NULL, true, tol, position);            \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrcholSolve##S(cusolverSpHandle_t handle, int n,         \
							 const T *b, T *x, I info, void *pBuffer)  \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return chol_solve(handle, n, b, x, SINGLE, info ? &info->f : NULL);                \
	}

#define QR_CALLS(PR, T, R, SINGLE, S, I)                                                           \
	cusolverStatus_t cusolverSp##PR##csrqrBufferInfo##S(                                       \
	    cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,    \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, I info,                \
	    size_t *internalDataInBytes, size_t *workspaceInBytes)                                 \
	{                                                                                          \
		return buffer_info(handle, m, n, nnzA, descrA, csrValA, csrRowPtrA, csrColIndA,    \
				   info ? &info->f : NULL, internalDataInBytes, workspaceInBytes); \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrSetup##S(                                            \
	    cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,    \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, T mu, I info)          \
	{                                                                                          \
		return qr_setup(handle, m, n, nnzA, descrA, csrValA, SINGLE, csrRowPtrA,           \
				csrColIndA, mu, info ? &info->f : NULL);                           \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrFactor##S(                                           \
	    cusolverSpHandle_t handle, int m, int n, int nnzA, T *b, T *x, I info, void *pBuffer)  \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return qr_factor(handle, m, n, nnzA, b, x, SINGLE, info ? &info->f : NULL);        \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrZeroPivot##S(cusolverSpHandle_t handle, I info,      \
							   R tol, int *position)                   \
	{                                                                                          \
		return zero_pivot(handle, info ? &info->f : NULL, false, tol, position);           \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrSolve##S(cusolverSpHandle_t handle, int m, int n,    \
						       T *b, T *x, I info, void *pBuffer)          \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return qr_solve(handle, m, n, b, x, SINGLE, info ? &info->f : NULL);               \
	}

#define REAL_CALLS(PR, T, SINGLE)                                                                  \
	CHOL_CALLS(PR, T, T, SINGLE, Host, csrcholInfoHost_t)                                      \
	CHOL_CALLS(PR, T, T, SINGLE, , csrcholInfo_t)                                              \
	QR_CALLS(PR, T, T, SINGLE, Host, csrqrInfoHost_t)                                          \
	QR_CALLS(PR, T, T, SINGLE, , csrqrInfo_t)                                                  \
	cusolverStatus_t cusolverSp##PR##csrcholDiag(cusolverSpHandle_t handle,                    \
						     csrcholInfo_t info, T *diag)                  \
	{                                                                                          \
		return chol_diag(handle, info ? &info->f : NULL, diag, SINGLE);                    \
	}
REAL_CALLS(S, float, true)
REAL_CALLS(D, double, false)
