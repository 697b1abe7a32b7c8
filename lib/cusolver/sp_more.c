// SPDX-License-Identifier: MIT
/*
 * sp_more.c - the rest of cuSOLVER's sparse API (cusolverSp.h), real forms:
 * least squares by QR with column pivoting (csrlsqvqrHost: LAPACK's geqp3,
 * the rank from R's diagonal against tol, the basic solution), the
 * eigenvalue nearest a shift by the shift-inverse power method (csreigvsi
 * and Host: A - mu0 I factored once in band storage, Rayleigh quotients),
 * the number of eigenvalues in a box of the complex plane (csreigsHost:
 * all eigenvalues of A dense, LAPACK's geev, counted; cuSOLVER integrates
 * over the box's contour, which counts the same), a zero-free diagonal
 * (csrzfdHost, every precision: a maximum matching of rows to columns over
 * the nonzero entries, augmenting paths), and batched QR (csrqrsvBatched:
 * each system's least squares, dense).  Dense matrices above 512 MiB are
 * CUSOLVER_STATUS_ALLOC_FAILED.  Single precision runs in double.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sp_lowlevel.h"

/* A (m x n, values of precision `single`) dense in column-major doubles; NULL when too large or no
 * memory. */
static double *dense(int m, int n, const void *val, bool single, const int *ptr, const int *ind,
		     int base)
{
	double *d;

	if ((size_t)m * (size_t)n * sizeof(double) > SP_DENSE_MAX)
		return NULL;
	if (!(d = calloc((size_t)m * (size_t)n, sizeof(double))))
		return NULL;
	for (int i = 0; i < m; i++)
		for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++)
			d[(size_t)(ind[e] - base) * m + i] += sp_value(val, single, e);
	return d;
}

static void put(void *x, bool single, int i, double v)
{
	if (single)
		((float *)x)[i] = (float)v;
	else
		((double *)x)[i] = v;
}

/* Q^T y (y of m), Q from geqrf/geqp3's reflectors in d (m x k). */
static int apply_qt(int m, int k, double *d, double *tau, double *y)
{
	int info = 0, one = 1, lwork = -1;
	char side = 'L', tr = 'T';
	double q, *work;

	LAPACK_dormqr(&side, &tr, &m, &one, &k, d, &m, tau, y, &m, &q, &lwork, &info);
	lwork = (int)q > 1 ? (int)q : 1;
	if (!(work = malloc((size_t)lwork * sizeof(double))))
		return -1;
	LAPACK_dormqr(&side, &tr, &m, &one, &k, d, &m, tau, y, &m, work, &lwork, &info);
	free(work);
	return 0;
}

static cusolverStatus_t lsqvqr(cusolverSpHandle_t h, int m, int n, int nnz,
			       const cusparseMatDescr_t descr, const void *val, bool single,
			       const int *ptr, const int *ind, const void *b, double tol, int *rank,
			       void *x, int *p, double *min_norm)
{
	int base, info = 0, lwork = -1, k = m < n ? m : n, r = 0, *jpvt = NULL;
	double *d = NULL, *tau = NULL, *y = NULL, *work = NULL, q, res = 0;
	char up = 'U', no = 'N';
	cusolverStatus_t st = cusolver_sp_check_mn(h, m, n, nnz, descr, ptr, ind, &base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!val || !b || !rank || !x || !p || !min_norm || !(tol >= 0))
		return CUSOLVER_STATUS_INVALID_VALUE;
	st = CUSOLVER_STATUS_ALLOC_FAILED;
	d = dense(m, n, val, single, ptr, ind, base);
	jpvt = calloc((size_t)n, sizeof(int));
	tau = malloc((size_t)(k ? k : 1) * sizeof(double));
	y = malloc((size_t)(m > n ? m : n) * sizeof(double));
	if (!d || !jpvt || !tau || !y)
		goto out;
	LAPACK_dgeqp3(&m, &n, d, &m, jpvt, tau, &q, &lwork, &info);
	lwork = (int)q > 1 ? (int)q : 1;
	if (!(work = malloc((size_t)lwork * sizeof(double))))
		goto out;
	LAPACK_dgeqp3(&m, &n, d, &m, jpvt, tau, work, &lwork, &info);
	while (r < k && fabs(d[(size_t)r * m + r]) > tol)
		r++;
	for (int i = 0; i < m; i++)
		y[i] = sp_value(b, single, i);
	if (apply_qt(m, k, d, tau, y))
		goto out;
	if (r > 0) {
		int one = 1;

		LAPACK_dtrtrs(&up, &no, &no, &r, &one, d, &m, y, &m, &info);
	}
	for (int j = 0; j < n; j++) {
		p[j] = jpvt[j] - 1;
		put(x, single, j, 0);
	}
	for (int j = 0; j < r; j++)
		put(x, single, jpvt[j] - 1, y[j]);
	for (int i = 0; i < m; i++) { /* |A x - b| with the x returned */
		double s = -sp_value(b, single, i);

		for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++)
			s += sp_value(val, single, e) * sp_value(x, single, ind[e] - base);
		res += s * s;
	}
	*rank = r;
	*min_norm = sqrt(res);
	st = CUSOLVER_STATUS_SUCCESS;
out:
	free(d), free(jpvt), free(tau), free(y), free(work);
	return st;
}

/* (A - mu I) in band storage, LU-factored; false without memory or beyond the band limit. */
static bool shifted_lu(int n, const void *val, bool single, const int *ptr, const int *ind,
		       int base, double mu, int kl, int ku, double *ab, int ldab, int *ipiv)
{
	int info = 0;

	memset(ab, 0, (size_t)ldab * (size_t)n * sizeof(double));
	for (int i = 0; i < n; i++) {
		for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++) {
			int j = ind[e] - base;

			ab[(size_t)j * ldab + kl + ku + i - j] += sp_value(val, single, e);
		}
		ab[(size_t)i * ldab + kl + ku] -= mu;
	}
	LAPACK_dgbtrf(&n, &n, &kl, &ku, ab, &ldab, ipiv, &info);
	return info == 0;
}

static cusolverStatus_t eigvsi(cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t descr,
			       const void *val, bool single, const int *ptr, const int *ind,
			       double mu0, const void *x0, int maxite, double tol, void *mu,
			       void *x)
{
	int base, kl, ku, ldab, one = 1, info = 0, *ipiv;
	double *ab, *v, *av, lambda = mu0, shift = mu0;
	char no = 'N';
	cusolverStatus_t st = cusolver_sp_check(h, n, nnz, descr, ptr, ind, &base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!val || !x0 || !mu || !x || maxite < 1 || !(tol >= 0))
		return CUSOLVER_STATUS_INVALID_VALUE;
	sp_bands(n, ptr, ind, base, &kl, &ku);
	ldab = 2 * kl + ku + 1;
	if ((size_t)ldab * (size_t)n * sizeof(double) > SP_BAND_MAX)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	ab = malloc((size_t)ldab * (size_t)n * sizeof(double));
	ipiv = malloc((size_t)n * sizeof(int));
	v = malloc((size_t)n * sizeof(double));
	av = malloc((size_t)n * sizeof(double));
	st = CUSOLVER_STATUS_ALLOC_FAILED;
	if (!ab || !ipiv || !v || !av)
		goto out;
	/* mu0 an eigenvalue exactly: A - mu0 I is singular; a shift a hair away converges at once
	 */
	for (int t = 0;
	     !shifted_lu(n, val, single, ptr, ind, base, shift, kl, ku, ab, ldab, ipiv) && t < 8;
	     t++)
		shift = mu0 + (fabs(mu0) > 1 ? fabs(mu0) : 1) * 1e-12 * (1 << (2 * t));
	for (int i = 0; i < n; i++)
		v[i] = sp_value(x0, single, i);
	for (int it = 0; it < maxite; it++) {
		double norm = 0, rq = 0, prev = lambda;

		LAPACK_dgbtrs(&no, &n, &kl, &ku, &one, ab, &ldab, ipiv, v, &n, &info);
		for (int i = 0; i < n; i++)
			norm += v[i] * v[i];
		norm = sqrt(norm);
		if (!(norm > 0))
			break;
		for (int i = 0; i < n; i++)
			v[i] /= norm;
		for (int i = 0; i < n; i++) { /* the Rayleigh quotient v^T A v, |v| = 1 */
			av[i] = 0;
			for (int e = ptr[i] - base; e < ptr[i + 1] - base; e++)
				av[i] += sp_value(val, single, e) * v[ind[e] - base];
			rq += v[i] * av[i];
		}
		lambda = rq;
		if (fabs(lambda - prev) <= tol * fabs(lambda))
			break;
	}
	put(mu, single, 0, lambda);
	for (int i = 0; i < n; i++)
		put(x, single, i, v[i]);
	st = CUSOLVER_STATUS_SUCCESS;
out:
	free(ab), free(ipiv), free(v), free(av);
	return st;
}

static cusolverStatus_t eigs(cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t descr,
			     const void *val, bool single, const int *ptr, const int *ind,
			     double lx, double ly, double rx, double ry, int *count)
{
	int base, info = 0, lwork = -1, one = 1;
	double *d, *wr = NULL, *wi = NULL, *work = NULL, q, dummy;
	char no = 'N';
	cusolverStatus_t st = cusolver_sp_check(h, n, nnz, descr, ptr, ind, &base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!val || !count)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (!(d = dense(n, n, val, single, ptr, ind, base)))
		return CUSOLVER_STATUS_ALLOC_FAILED;
	st = CUSOLVER_STATUS_ALLOC_FAILED;
	wr = malloc((size_t)n * sizeof(double));
	wi = malloc((size_t)n * sizeof(double));
	if (!wr || !wi)
		goto out;
	LAPACK_dgeev(&no, &no, &n, d, &n, wr, wi, &dummy, &one, &dummy, &one, &q, &lwork, &info);
	lwork = (int)q > 1 ? (int)q : 1;
	if (!(work = malloc((size_t)lwork * sizeof(double))))
		goto out;
	LAPACK_dgeev(&no, &no, &n, d, &n, wr, wi, &dummy, &one, &dummy, &one, work, &lwork, &info);
	if (info != 0) {
		st = CUSOLVER_STATUS_EXECUTION_FAILED; /* QR iterations did not converge */
		goto out;
	}
	*count = 0;
	for (int i = 0; i < n; i++)
		*count += wr[i] >= lx && wr[i] <= rx && wi[i] >= ly && wi[i] <= ry;
	st = CUSOLVER_STATUS_SUCCESS;
out:
	free(d), free(wr), free(wi), free(work);
	return st;
}

/* Batched QR's analysis keeps the sizes in the (device form's) info. */
cusolverStatus_t cusolverSpXcsrqrAnalysisBatched(cusolverSpHandle_t handle, int m, int n, int nnzA,
						 const cusparseMatDescr_t descrA,
						 const int *csrRowPtrA, const int *csrColIndA,
						 csrqrInfo_t info)
{
	return cusolverSpXcsrqrAnalysis(handle, m, n, nnzA, descrA, csrRowPtrA, csrColIndA, info);
}

static cusolverStatus_t batched_checks(cusolverSpHandle_t h, int m, int n, int nnz,
				       const cusparseMatDescr_t descr, const int *ptr,
				       const int *ind, int batch, csrqrInfo_t info, int *base)
{
	cusolverStatus_t st = cusolver_sp_check_mn(h, m, n, nnz, descr, ptr, ind, base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!info || !info->f.analysed || info->f.m != m || info->f.n != n || info->f.nnz != nnz ||
	    batch < 1 || m < n)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if ((size_t)m * (size_t)n * sizeof(double) > SP_DENSE_MAX)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t qr_buffer_batched(cusolverSpHandle_t h, int m, int n, int nnz,
					  const cusparseMatDescr_t descr, const void *val,
					  const int *ptr, const int *ind, int batch,
					  csrqrInfo_t info, size_t *internal, size_t *work)
{
	int base;
	cusolverStatus_t st = batched_checks(h, m, n, nnz, descr, ptr, ind, batch, info, &base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!val || !internal || !work)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*internal = (size_t)m * (size_t)n * sizeof(double); /* one system at a time: ours */
	*work = (size_t)(m + n) * sizeof(double);
	return CUSOLVER_STATUS_SUCCESS;
}

/* Each system j: A_j (values at j nnz) x_j = b_j (at j m) in the least squares sense, x_j at j n.
 */
static cusolverStatus_t qrsv_batched(cusolverSpHandle_t h, int m, int n, int nnz,
				     const cusparseMatDescr_t descr, const void *val, bool single,
				     const int *ptr, const int *ind, const void *b, void *x,
				     int batch, csrqrInfo_t info)
{
	int base, one = 1, lwork = -1, linfo = 0;
	size_t es = single ? sizeof(float) : sizeof(double);
	char up = 'U', no = 'N';
	double *tau, *y, *work = NULL, q;
	cusolverStatus_t st = batched_checks(h, m, n, nnz, descr, ptr, ind, batch, info, &base);

	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	if (!val || !b || !x)
		return CUSOLVER_STATUS_INVALID_VALUE;
	tau = malloc((size_t)n * sizeof(double));
	y = malloc((size_t)m * sizeof(double));
	st = CUSOLVER_STATUS_ALLOC_FAILED;
	if (!tau || !y)
		goto out;
	for (int j = 0; j < batch; j++) {
		double *d = dense(m, n, (const char *)val + (size_t)j * (size_t)nnz * es, single,
				  ptr, ind, base);

		if (!d)
			goto out;
		if (!work) {
			LAPACK_dgeqrf(&m, &n, d, &m, tau, &q, &lwork, &linfo);
			lwork = (int)q > n ? (int)q : n;
			if (!(work = malloc((size_t)lwork * sizeof(double)))) {
				free(d);
				goto out;
			}
		}
		LAPACK_dgeqrf(&m, &n, d, &m, tau, work, &lwork, &linfo);
		for (int i = 0; i < m; i++)
			y[i] = sp_value((const char *)b + (size_t)j * (size_t)m * es, single, i);
		if (apply_qt(m, n, d, tau, y)) {
			free(d);
			goto out;
		}
		LAPACK_dtrtrs(&up, &no, &no, &n, &one, d, &m, y, &m, &linfo);
		for (int i = 0; i < n; i++)
			put((char *)x + (size_t)j * (size_t)n * es, single, i, y[i]);
		free(d);
	}
	st = CUSOLVER_STATUS_SUCCESS;
out:
	free(tau), free(y), free(work);
	return st;
}

#define MORE_CALLS(PR, T, SINGLE, C)                                                               \
	cusolverStatus_t cusolverSp##PR##csrlsqvqrHost(                                            \
	    cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,     \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, const T *b, T tol,     \
	    int *rankA, T *x, int *p, T *min_norm)                                                 \
	{                                                                                          \
		double norm = 0;                                                                   \
		cusolverStatus_t st =                                                              \
		    lsqvqr(handle, m, n, nnz, descrA, csrValA, SINGLE, csrRowPtrA, csrColIndA, b,  \
			   tol, rankA, x, p, min_norm ? &norm : NULL);                             \
		if (st == CUSOLVER_STATUS_SUCCESS)                                                 \
			*min_norm = (T)norm;                                                       \
		return st;                                                                         \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csreigvsiHost(                                            \
	    cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,            \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, T mu0, const T *x0,    \
	    int maxite, T tol, T *mu, T *x)                                                        \
	{                                                                                          \
		return eigvsi(handle, m, nnz, descrA, csrValA, SINGLE, csrRowPtrA, csrColIndA,     \
			      mu0, x0, maxite, tol, mu, x);                                        \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csreigvsi(                                                \
	    cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,            \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, T mu0, const T *x0,    \
	    int maxite, T eps, T *mu, T *x)                                                        \
	{                                                                                          \
		return eigvsi(handle, m, nnz, descrA, csrValA, SINGLE, csrRowPtrA, csrColIndA,     \
			      mu0, x0, maxite, eps, mu, x);                                        \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csreigsHost(                                              \
	    cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,            \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, C left_bottom_corner,  \
	    C right_upper_corner, int *num_eigs)                                                   \
	{                                                                                          \
		return eigs(handle, m, nnz, descrA, csrValA, SINGLE, csrRowPtrA, csrColIndA,       \
			    left_bottom_corner.x, left_bottom_corner.y, right_upper_corner.x,      \
			    right_upper_corner.y, num_eigs);                                       \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrBufferInfoBatched(                                   \
	    cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,     \
	    const T *csrVal, const int *csrRowPtr, const int *csrColInd, int batchSize,            \
	    csrqrInfo_t info, size_t *internalDataInBytes, size_t *workspaceInBytes)               \
	{                                                                                          \
		return qr_buffer_batched(handle, m, n, nnz, descrA, csrVal, csrRowPtr, csrColInd,  \
					 batchSize, info, internalDataInBytes, workspaceInBytes);  \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrsvBatched(                                           \
	    cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,     \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, const T *b, T *x,      \
	    int batchSize, csrqrInfo_t info, void *pBuffer)                                        \
	{                                                                                          \
		(void)pBuffer;                                                                     \
		return qrsv_batched(handle, m, n, nnz, descrA, csrValA, SINGLE, csrRowPtrA,        \
				    csrColIndA, b, x, batchSize, info);                            \
	}
MORE_CALLS(S, float, true, cuComplex)
MORE_CALLS(D, double, false, cuDoubleComplex)
