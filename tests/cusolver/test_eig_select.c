// SPDX-License-Identifier: MIT
/*
 * test_eig_select.c - lib/cusolver's selected eigenvalues and truncated SVDs
 * (issue 44): cusolverDnXsyevdx, {S,D,C,Z}sygvdx/hegvdx and
 * {S,D,C,Z}gesvdaStridedBatched, against matrices built here with known
 * spectra: A = H diag(lambda) H^H (H a Householder reflector) for the
 * eigenvalues, A = D^1/2 H diag(lambda) H^H D^1/2 with B = D (positive
 * diagonal) for the generalized ones (so A x = lambda B x), and
 * A = Hm diag(sigma) Hn^H for the singular values.  Vectors are checked by
 * their defining equations (A v = w v, A x = w B x with x^H B x = 1,
 * A v = s u), the residual norm against sqrt(sum of the left-out sigma^2).
 * After the meig selected eigenvalues, W holds the others, ascending (as
 * NVIDIA's syevdx/sygvdx examples show W).  Then the statuses (nothing
 * written on refusal) and the stream order.
 */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include "blas_rand.h"
#include "tap.h"

enum { N = 6 };
static const double tols[] = {2e-4, 1e-10, 2e-4, 1e-10};
static const cudaDataType tags[] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F};
static const cudaDataType real_tags[] = {CUDA_R_32F, CUDA_R_64F, CUDA_R_32F, CUDA_R_64F};
static const double lambda[N] = {-3, -1, 0.5, 2, 4, 7};
static cusolverDnHandle_t H;
static cusolverDnParams_t P;

static double getr(enum prec p, const void *b, long i)
{
	return p == PS || p == PC ? ((const float *)b)[i] : ((const double *)b)[i];
}

/* A (n x n, lda) = D^1/2 Hh diag(ev) Hh^H D^1/2, Hh = I - 2 h h^H / h^H h; d NULL: D = I */
static void *known_eig_matrix(enum prec p, int n, int lda, const double *ev, const double *d)
{
	dc h[N], hh = 0;
	void *A = calloc((size_t)lda * n, esz[p]);

	for (int i = 0; i < n; i++)
		h[i] = rnd(p), hh += conj(h[i]) * h[i];
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			dc s = 0;
			for (int l = 0; l < n; l++)
				s += ((i == l) - 2 * h[i] * conj(h[l]) / hh) * ev[l] *
				     conj((j == l) - 2 * h[j] * conj(h[l]) / hh);
			if (d)
				s *= sqrt(d[i] * d[j]);
			put(p, A, i + (long)j * lda, s);
		}
	return A;
}

/* |A0 x - w b .* x| (b NULL: ones) relative to |A0| ~ 10, and |x^H diag(b) x - 1| */
static int eigvec_ok(enum prec p, int n, const void *A0, int lda, const void *X, int j, double w,
		     const double *b)
{
	double r = 0, nrm = 0;

	for (int i = 0; i < n; i++) {
		dc s = 0, x = get(p, X, i + (long)j * lda);
		for (int l = 0; l < n; l++)
			s += get(p, A0, i + (long)l * lda) * get(p, X, l + (long)j * lda);
		r += cabs(s - w * (b ? b[i] : 1) * x);
		nrm += (b ? b[i] : 1) * creal(conj(x) * x);
	}
	return r <= 10 * n * tols[p] * 10 && fabs(nrm - 1) <= 10 * tols[p];
}

/* a real value of the precision's real type, for Xsyevdx's vl and vu */
static void put_real(enum prec p, void *dst, double v)
{
	if (p == PS || p == PC)
		*(float *)dst = (float)v;
	else
		*(double *)dst = v;
}

/* W[meig .. n-1]: the eigenvalues not selected (lambda outside [first, first + count)), ascending
 */
static int rest_ok(enum prec p, const void *W, int first, int count)
{
	int out = count;

	for (int i = 0; i < N; i++) {
		if (i >= first && i < first + count)
			continue;
		if (!(fabs(getr(p, W, out++) - lambda[i]) <= 10 * tols[p]))
			return 0;
	}
	return 1;
}

/* ---- Xsyevdx ---- */

static const struct {
	cusolverEigRange_t range;
	double vl, vu;
	int il, iu, first, count; /* the eigenvalues expected: lambda[first .. first + count) */
} ranges[] = {
    {CUSOLVER_EIG_RANGE_ALL, 0, 0, 0, 0, 0, N},
    {CUSOLVER_EIG_RANGE_I, 0, 0, 2, 4, 1, 3},
    {CUSOLVER_EIG_RANGE_V, 0, 4.5, 0, 0, 2, 3},
};

TAP_TEST(xsyevdx_known_spectrum)
{
	for (int p = PS; p <= PZ; p++)
		for (int c = 0; c < 3; c++)
			for (int u = 0; u < 2; u++) {
				int lda = N + 1, info = -99, ok;
				void *A0 = known_eig_matrix(p, N, lda, lambda, NULL),
				     *A = copy_mat(p, A0, (size_t)lda * N);
				double W[N] = {0}, vl = 0, vu = 0;
				int64_t meig = -1, hmeig = 0;
				size_t dev = 0, host = 9;
				cublasFillMode_t fill =
				    u ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;

				put_real(p, &vl, ranges[c].vl), put_real(p, &vu, ranges[c].vu);
				cusolverStatus_t st = cusolverDnXsyevdx_bufferSize(
				    H, P, CUSOLVER_EIG_MODE_VECTOR, ranges[c].range, fill, N,
				    tags[p], A, lda, &vl, &vu, ranges[c].il, ranges[c].iu, &hmeig,
				    real_tags[p], W, tags[p], &dev, &host);
				void *buf = calloc(dev ? dev : 1, 1);
				st = st ? st
					: cusolverDnXsyevdx(H, P, CUSOLVER_EIG_MODE_VECTOR,
							    ranges[c].range, fill, N, tags[p], A,
							    lda, &vl, &vu, ranges[c].il,
							    ranges[c].iu, &meig, real_tags[p], W,
							    tags[p], buf, dev, NULL, host, &info);
				ok = st == CUSOLVER_STATUS_SUCCESS && info == 0 && host == 0 &&
				     meig == ranges[c].count;
				for (int j = 0; ok && j < meig; j++) {
					double w = getr(p, W, j);
					ok =
					    fabs(w - lambda[ranges[c].first + j]) <= 10 * tols[p] &&
					    eigvec_ok(p, N, A0, lda, A, j, w, NULL);
				}
				ok = ok && rest_ok(p, W, ranges[c].first, ranges[c].count);
				tap_ok(ok,
				       "%cXsyevdx range %d %s: meig %lld, eigenvalues and vectors, "
				       "the rest after",
				       pname[p], c, u ? "upper" : "lower", (long long)meig);
				free(A0), free(A), free(buf);
			}
}

TAP_TEST(xsyevdx_statuses)
{
	double A[4] = {2, 1, 1, 2}, W[2] = {-5, -5}, vl = 1, vu = 0;
	int64_t meig = -3;
	int info = 77;

	tap_ok(cusolverDnXsyevdx(NULL, P, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_ALL,
				 CUBLAS_FILL_MODE_LOWER, 2, CUDA_R_64F, A, 2, NULL, NULL, 0, 0,
				 &meig, CUDA_R_64F, W, CUDA_R_64F, NULL, 0, NULL, 0,
				 &info) == CUSOLVER_STATUS_NOT_INITIALIZED &&
		   cusolverDnXsyevdx(H, P, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_ALL,
				     CUBLAS_FILL_MODE_LOWER, 2, CUDA_R_64F, A, 2, NULL, NULL, 0, 0,
				     &meig, CUDA_R_32F, W, CUDA_R_64F, NULL, 0, NULL, 0,
				     &info) == CUSOLVER_STATUS_NOT_SUPPORTED &&
		   info == 77,
	       "Xsyevdx: no handle NOT_INITIALIZED, W's tag not A's real type NOT_SUPPORTED, info "
	       "untouched");
	struct {
		cusolverEigRange_t range;
		void *vl, *vu;
		int64_t il, iu, lda;
		int want;
	} bad[] = {
	    {CUSOLVER_EIG_RANGE_V, NULL, &vu, 0, 0, 2, -9},
	    {CUSOLVER_EIG_RANGE_V, &vu, NULL, 0, 0, 2, -10},
	    {CUSOLVER_EIG_RANGE_V, &vl, &vu, 0, 0, 2, -10},
	    {CUSOLVER_EIG_RANGE_I, NULL, NULL, 0, 1, 2, -11},
	    {CUSOLVER_EIG_RANGE_I, NULL, NULL, 2, 1, 2, -12},
	    {CUSOLVER_EIG_RANGE_ALL, NULL, NULL, 0, 0, 1, -8},
	};
	for (unsigned b = 0; b < sizeof(bad) / sizeof(bad[0]); b++) {
		cusolverStatus_t st = cusolverDnXsyevdx(
		    H, P, CUSOLVER_EIG_MODE_VECTOR, bad[b].range, CUBLAS_FILL_MODE_LOWER, 2,
		    CUDA_R_64F, A, bad[b].lda, bad[b].vl, bad[b].vu, bad[b].il, bad[b].iu, &meig,
		    CUDA_R_64F, W, CUDA_R_64F, NULL, 0, NULL, 0, &info);
		tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == bad[b].want && meig == -3 &&
			   A[0] == 2 && A[1] == 1 && W[0] == -5,
		       "Xsyevdx bad argument %u: INVALID_VALUE, devInfo %d (want %d), A, W, meig "
		       "unwritten",
		       b, info, bad[b].want);
	}
	tap_ok(cusolverDnXsyevdx(H, P, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_ALL,
				 CUBLAS_FILL_MODE_LOWER, 2, CUDA_R_64F, A, 2, NULL, NULL, 0, 0,
				 NULL, CUDA_R_64F, W, CUDA_R_64F, NULL, 0, NULL, 0,
				 &info) == CUSOLVER_STATUS_INVALID_VALUE &&
		   info == -13,
	       "Xsyevdx: a NULL meig64 is INVALID_VALUE, devInfo -13 (%d)", info);
}

/* ---- sygvdx / hegvdx ---- */

typedef cusolverStatus_t (*gvdx_fn)(cusolverDnHandle_t, cusolverEigType_t, cusolverEigMode_t,
				    cusolverEigRange_t, cublasFillMode_t, int, void *, int, void *,
				    int, double, double, int, int, int *, void *, void *, int,
				    int *);
typedef cusolverStatus_t (*gvdxf_fn)(cusolverDnHandle_t, cusolverEigType_t, cusolverEigMode_t,
				     cusolverEigRange_t, cublasFillMode_t, int, void *, int, void *,
				     int, float, float, int, int, int *, void *, void *, int,
				     int *);

/* one call of the precision p's sygvdx/hegvdx (vl, vu of its real type) */
static cusolverStatus_t gvdx(enum prec p, cusolverEigRange_t range, cublasFillMode_t fill, int n,
			     void *A, int lda, void *B, int ldb, double vl, double vu, int il,
			     int iu, int *meig, void *W, int *info)
{
	static const gvdxf_fn f[] = {(gvdxf_fn)cusolverDnSsygvdx, NULL, (gvdxf_fn)cusolverDnChegvdx,
				     NULL};
	static const gvdx_fn d[] = {NULL, (gvdx_fn)cusolverDnDsygvdx, NULL,
				    (gvdx_fn)cusolverDnZhegvdx};
	cusolverEigType_t t = CUSOLVER_EIG_TYPE_1;
	cusolverEigMode_t v = CUSOLVER_EIG_MODE_VECTOR;

	if (p == PS || p == PC)
		return f[p](H, t, v, range, fill, n, A, lda, B, ldb, (float)vl, (float)vu, il, iu,
			    meig, W, NULL, 0, info);
	return d[p](H, t, v, range, fill, n, A, lda, B, ldb, vl, vu, il, iu, meig, W, NULL, 0,
		    info);
}

TAP_TEST(sygvdx_known_spectrum)
{
	static const double b[N] = {1, 2, 0.5, 4, 1.5, 3};

	for (int p = PS; p <= PZ; p++)
		for (int c = 0; c < 3; c++) {
			int lda = N + 2, ldb = N + 1, info = -99, meig = -1, lw = 0, ok;
			void *A0 = known_eig_matrix(p, N, lda, lambda, b),
			     *A = copy_mat(p, A0, (size_t)lda * N);
			void *B = calloc((size_t)ldb * N, esz[p]);
			double W[N] = {0};

			for (int i = 0; i < N; i++)
				put(p, B, i + (long)i * ldb, b[i]);
			cusolverStatus_t st =
			    p == PD ? cusolverDnDsygvdx_bufferSize(
					  H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR,
					  ranges[c].range, CUBLAS_FILL_MODE_UPPER, N, A, lda, B,
					  ldb, ranges[c].vl, ranges[c].vu, ranges[c].il,
					  ranges[c].iu, &meig, W, &lw)
				    : CUSOLVER_STATUS_SUCCESS;
			st = st ? st
				: gvdx(p, ranges[c].range, CUBLAS_FILL_MODE_UPPER, N, A, lda, B,
				       ldb, ranges[c].vl, ranges[c].vu, ranges[c].il, ranges[c].iu,
				       &meig, W, &info);
			ok = st == CUSOLVER_STATUS_SUCCESS && info == 0 &&
			     meig == ranges[c].count && (p != PD || lw >= 1);
			for (int j = 0; ok && j < meig; j++) {
				double w = getr(p, W, j);
				ok = fabs(w - lambda[ranges[c].first + j]) <= 10 * tols[p] &&
				     eigvec_ok(p, N, A0, lda, A, j, w, b);
			}
			ok = ok && rest_ok(p, W, ranges[c].first, ranges[c].count);
			tap_ok(ok,
			       "%c%s range %d: meig %d, A x = w B x, x^H B x = 1, the rest after",
			       pname[p], cplx(p) ? "hegvdx" : "sygvdx", c, meig);
			free(A0), free(A), free(B);
		}
}

TAP_TEST(sygvdx_statuses)
{
	double A[4] = {2, 1, 1, 2}, B[4] = {1, 0, 0, -1}, W[2] = {-5, -5};
	int meig = -3, info = 77, lw = 0;

	tap_ok(cusolverDnDsygvdx(NULL, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR,
				 CUSOLVER_EIG_RANGE_ALL, CUBLAS_FILL_MODE_LOWER, 2, A, 2, B, 2, 0,
				 0, 0, 0, &meig, W, NULL, 0,
				 &info) == CUSOLVER_STATUS_NOT_INITIALIZED &&
		   cusolverDnSsygvdx_bufferSize(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR,
						CUSOLVER_EIG_RANGE_ALL, CUBLAS_FILL_MODE_LOWER, 2,
						NULL, 2, NULL, 2, 0, 0, 0, 0, NULL, NULL,
						NULL) == CUSOLVER_STATUS_INVALID_VALUE,
	       "Dsygvdx: no handle NOT_INITIALIZED; Ssygvdx_bufferSize: no lwork INVALID_VALUE");
	struct {
		int itype, range, n, ldb, il, iu;
		double vl, vu;
		int want;
	} bad[] = {
	    {4, CUSOLVER_EIG_RANGE_ALL, 2, 2, 0, 0, 0, 0, -1},
	    {1, 99, 2, 2, 0, 0, 0, 0, -3},
	    {1, CUSOLVER_EIG_RANGE_ALL, -1, 2, 0, 0, 0, 0, -5},
	    {1, CUSOLVER_EIG_RANGE_ALL, 2, 1, 0, 0, 0, 0, -9},
	    {1, CUSOLVER_EIG_RANGE_V, 2, 2, 0, 0, 1, 1, -11},
	    {1, CUSOLVER_EIG_RANGE_I, 2, 2, 3, 3, 0, 0, -12},
	    {1, CUSOLVER_EIG_RANGE_I, 2, 2, 2, 1, 0, 0, -13},
	};
	for (unsigned k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		cusolverStatus_t st = cusolverDnDsygvdx(
		    H, bad[k].itype, CUSOLVER_EIG_MODE_VECTOR, bad[k].range, CUBLAS_FILL_MODE_LOWER,
		    bad[k].n, A, 2, B, bad[k].ldb, bad[k].vl, bad[k].vu, bad[k].il, bad[k].iu,
		    &meig, W, NULL, 0, &info);
		tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == bad[k].want && meig == -3 &&
			   A[0] == 2 && B[3] == -1 && W[0] == -5,
		       "Dsygvdx bad argument %u: INVALID_VALUE, devInfo %d (want %d), A, B, W, "
		       "meig unwritten",
		       k, info, bad[k].want);
	}
	cusolverStatus_t st = cusolverDnDsygvdx(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR,
						CUSOLVER_EIG_RANGE_ALL, CUBLAS_FILL_MODE_LOWER, 2,
						A, 2, B, 2, 0, 0, 0, 0, &meig, W, NULL, lw, &info);
	tap_ok(
	    st == CUSOLVER_STATUS_SUCCESS && info == 2 + 2 && meig == 0,
	    "Dsygvdx with B not positive definite (minor 2): SUCCESS, devInfo n + 2 = %d, meig %d",
	    info, meig);
}

/* ---- gesvdaStridedBatched ---- */

/* A (m x n, lda) = Hm[:, :n] diag(sv) Hn^H: singular values sv exactly */
static void known_svd_matrix(enum prec p, int m, int n, int lda, const double *sv, void *A)
{
	dc u[16], v[16], un = 0, vn = 0;

	for (int i = 0; i < m; i++)
		u[i] = rnd(p), un += conj(u[i]) * u[i];
	for (int i = 0; i < n; i++)
		v[i] = rnd(p), vn += conj(v[i]) * v[i];
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			dc s = 0;
			for (int l = 0; l < n; l++)
				s += ((i == l) - 2 * u[i] * conj(u[l]) / un) * sv[l] *
				     conj((j == l) - 2 * v[j] * conj(v[l]) / vn);
			put(p, A, i + (long)j * lda, s);
		}
}

typedef cusolverStatus_t (*gesvda_fn)(cusolverDnHandle_t, cusolverEigMode_t, int, int, int,
				      const void *, int, long long, void *, long long, void *, int,
				      long long, void *, int, long long, void *, int, int *,
				      double *, int);
typedef cusolverStatus_t (*gesvda_bs_fn)(cusolverDnHandle_t, cusolverEigMode_t, int, int, int,
					 const void *, int, long long, const void *, long long,
					 const void *, int, long long, const void *, int, long long,
					 int *, int);
static const gesvda_fn gesvda[] = {
    (gesvda_fn)cusolverDnSgesvdaStridedBatched, (gesvda_fn)cusolverDnDgesvdaStridedBatched,
    (gesvda_fn)cusolverDnCgesvdaStridedBatched, (gesvda_fn)cusolverDnZgesvdaStridedBatched};
static const gesvda_bs_fn gesvda_bs[] = {(gesvda_bs_fn)cusolverDnSgesvdaStridedBatched_bufferSize,
					 (gesvda_bs_fn)cusolverDnDgesvdaStridedBatched_bufferSize,
					 (gesvda_bs_fn)cusolverDnCgesvdaStridedBatched_bufferSize,
					 (gesvda_bs_fn)cusolverDnZgesvdaStridedBatched_bufferSize};

/* A v_j = s_j u_j for the rank triples of matrix b, and u_j^H u_j = 1 */
static int svd_triples_ok(enum prec p, int m, int n, int rank, const void *A, int lda,
			  const void *S, const void *U, int ldu, const void *V, int ldv)
{
	for (int j = 0; j < rank; j++) {
		double r = 0, nu = 0, s = getr(p, S, j);
		for (int i = 0; i < m; i++) {
			dc av = 0, uij = get(p, U, i + (long)j * ldu);
			for (int l = 0; l < n; l++)
				av += get(p, A, i + (long)l * lda) * get(p, V, l + (long)j * ldv);
			r += cabs(av - s * uij), nu += creal(conj(uij) * uij);
		}
		if (r > 10 * m * tols[p] * 10 || fabs(nu - 1) > 10 * tols[p])
			return 0;
	}
	return 1;
}

TAP_TEST(gesvda_known_singular_values)
{
	enum { M = 9, NN = 5, R = 3, BATCH = 3 };
	static const double sv[BATCH][NN] = {
	    {9, 7, 5, 3, 1}, {4, 3, 2, 1, 0.5}, {10, 1, 0.1, 0.01, 0.001}};
	const int lda = M + 1, ldu = M + 2, ldv = NN + 1;
	const long long sa = (long long)lda * NN + 3, ss = R + 1, su = (long long)ldu * R,
			sv_ = (long long)ldv * R;

	for (int p = PS; p <= PZ; p++)
		for (int vec = 0; vec < 2; vec++) {
			void *A = calloc((size_t)sa * BATCH, esz[p]), *A0,
			     *S = calloc((size_t)ss * BATCH, 8);
			void *U = calloc((size_t)su * BATCH, esz[p]),
			     *V = calloc((size_t)sv_ * BATCH, esz[p]);
			int info[BATCH] = {-9, -9, -9}, lw = 0, ok;
			double nrm[BATCH] = {-1, -1, -1};
			cusolverEigMode_t jobz =
			    vec ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;

			for (int b = 0; b < BATCH; b++)
				known_svd_matrix(p, M, NN, lda, sv[b],
						 (char *)A + (size_t)b * sa * esz[p]);
			A0 = copy_mat(p, A, (size_t)sa * BATCH);
			cusolverStatus_t st = gesvda_bs[p](H, jobz, R, M, NN, A, lda, sa, S, ss, U,
							   ldu, su, V, ldv, sv_, &lw, BATCH);
			st = st ? st
				: gesvda[p](H, jobz, R, M, NN, A, lda, sa, S, ss, U, ldu, su, V,
					    ldv, sv_, NULL, lw, info, nrm, BATCH);
			ok = st == CUSOLVER_STATUS_SUCCESS && lw >= 1 &&
			     !memcmp(A, A0, (size_t)sa * BATCH * esz[p]);
			for (int b = 0; ok && b < BATCH; b++) {
				double left = 0;
				for (int j = R; j < NN; j++)
					left += sv[b][j] * sv[b][j];
				ok = info[b] == 0 &&
				     fabs(nrm[b] - sqrt(left)) <= 10 * tols[p] * (1 + sqrt(left));
				for (int j = 0; ok && j < R; j++)
					ok = fabs(getr(p, S, b * ss + j) - sv[b][j]) <=
					     10 * tols[p] * sv[b][0];
				ok = ok && getr(p, S, b * ss + R) == 0; /* past rank: untouched */
				if (ok && vec)
					ok = svd_triples_ok(
					    p, M, NN, R, (char *)A + (size_t)b * sa * esz[p], lda,
					    (char *)S +
						(size_t)b * ss * (p == PS || p == PC ? 4 : 8),
					    (char *)U + (size_t)b * su * esz[p], ldu,
					    (char *)V + (size_t)b * sv_ * esz[p], ldv);
			}
			tap_ok(ok,
			       "%cgesvdaStridedBatched %s: %d matrices, the %d largest, residual "
			       "norms, A unchanged",
			       pname[p], vec ? "with vectors" : "values only", BATCH, R);
			free(A), free(A0), free(S), free(U), free(V);
		}
}

TAP_TEST(gesvda_statuses)
{
	double A[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, S[2] = {-5, -5}, U[8], V[4];
	int info = 77, lw = 0;

	tap_ok(cusolverDnDgesvdaStridedBatched(NULL, CUSOLVER_EIG_MODE_VECTOR, 1, 4, 2, A, 4, 8, S,
					       1, U, 4, 4, V, 2, 2, NULL, 0, &info, NULL,
					       1) == CUSOLVER_STATUS_NOT_INITIALIZED &&
		   cusolverDnDgesvdaStridedBatched_bufferSize(H, CUSOLVER_EIG_MODE_VECTOR, 1, 4, 2,
							      A, 4, 8, S, 1, U, 4, 4, V, 2, 2, NULL,
							      1) == CUSOLVER_STATUS_INVALID_VALUE,
	       "DgesvdaStridedBatched: no handle NOT_INITIALIZED; bufferSize without lwork "
	       "INVALID_VALUE");
	struct {
		int rank, m, n, lda;
		long long sa, ss;
		int ldv, batch, want;
	} bad[] = {
	    {0, 4, 2, 4, 8, 1, 2, 1, -2},  {3, 4, 2, 4, 8, 3, 2, 1, -2},
	    {1, 1, 2, 4, 8, 1, 2, 1, -3},  {1, 4, 2, 3, 8, 1, 2, 1, -6},
	    {1, 4, 2, 4, 7, 1, 2, 1, -7},  {2, 4, 2, 4, 8, 1, 2, 1, -9},
	    {1, 4, 2, 4, 8, 1, 1, 1, -14}, {1, 4, 2, 4, 8, 1, 2, -1, -20},
	};
	for (unsigned k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		cusolverStatus_t st = cusolverDnDgesvdaStridedBatched(
		    H, CUSOLVER_EIG_MODE_VECTOR, bad[k].rank, bad[k].m, bad[k].n, A, bad[k].lda,
		    bad[k].sa, S, bad[k].ss, U, 4, 8, V, bad[k].ldv, 4, NULL, 0, &info, NULL,
		    bad[k].batch);
		tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == bad[k].want && S[0] == -5,
		       "DgesvdaStridedBatched bad argument %u: INVALID_VALUE, devInfo %d (want "
		       "%d), S unwritten",
		       k, info, bad[k].want);
	}
	(void)lw;
}

/* ---- the stream's work comes first ---- */

struct mat_fill {
	double *dst;
	const double *src;
	size_t n;
};

static void CUDART_CB fill_matrix(void *arg)
{
	struct mat_fill *f = arg;

	memcpy(f->dst, f->src, sizeof(double) * f->n);
}

/*
 * As NVIDIA's examples do: A copied by work queued on the handle's stream
 * (cudaMemcpyAsync there, a host function here), the call made at once.
 * Each call reads the A the stream wrote: diag(1, 2, 3)'s eigenvalues.
 */
TAP_TEST(stream_order)
{
	static const double A0[9] = {1, 0, 0, 0, 2, 0, 0, 0, 3},
			    B0[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
	double *A, *B, *W, *S, *U, *V, l = 0, u = 0, nrm = -1;
	int *info, meig = 0;
	int64_t meig64 = 0;
	cudaStream_t s;
	struct mat_fill fa = {NULL, A0, 9}, fb = {NULL, B0, 9};

	cudaStreamCreate(&s);
	cusolverDnSetStream(H, s);
	cudaMalloc((void **)&A, sizeof(A0)), cudaMalloc((void **)&B, sizeof(B0));
	cudaMalloc((void **)&W, 3 * sizeof(double)), cudaMalloc((void **)&S, 3 * sizeof(double));
	cudaMalloc((void **)&U, sizeof(A0)), cudaMalloc((void **)&V, sizeof(A0));
	cudaMalloc((void **)&info, sizeof(int));
	fa.dst = A, fb.dst = B;

	memset(A, 0, sizeof(A0));
	cudaLaunchHostFunc(s, fill_matrix, &fa);
	cusolverStatus_t st =
	    cusolverDnXsyevdx(H, P, CUSOLVER_EIG_MODE_NOVECTOR, CUSOLVER_EIG_RANGE_ALL,
			      CUBLAS_FILL_MODE_LOWER, 3, CUDA_R_64F, A, 3, &l, &u, 0, 0, &meig64,
			      CUDA_R_64F, W, CUDA_R_64F, NULL, 0, NULL, 0, info);
	cudaStreamSynchronize(s);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && !*info && meig64 == 3 && W[0] == 1 && W[2] == 3,
	       "Xsyevdx on a stream reads the A the stream wrote (W %g %g %g)", W[0], W[1], W[2]);

	memset(A, 0, sizeof(A0)), memset(B, 0, sizeof(B0));
	cudaLaunchHostFunc(s, fill_matrix, &fa);
	cudaLaunchHostFunc(s, fill_matrix, &fb);
	st = cusolverDnDsygvdx(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_NOVECTOR,
			       CUSOLVER_EIG_RANGE_ALL, CUBLAS_FILL_MODE_LOWER, 3, A, 3, B, 3, 0, 0,
			       0, 0, &meig, W, NULL, 0, info);
	cudaStreamSynchronize(s);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && !*info && meig == 3 && fabs(W[2] - 3) < 1e-12,
	       "Dsygvdx on a stream reads the A and B the stream wrote (info %d, W[2] %g)", *info,
	       W[2]);

	memset(A, 0, sizeof(A0));
	cudaLaunchHostFunc(s, fill_matrix, &fa);
	st = cusolverDnDgesvdaStridedBatched(H, CUSOLVER_EIG_MODE_VECTOR, 2, 3, 3, A, 3, 9, S, 2, U,
					     3, 6, V, 3, 6, NULL, 0, info, &nrm, 1);
	cudaStreamSynchronize(s);
	tap_ok(
	    st == CUSOLVER_STATUS_SUCCESS && !*info && fabs(S[0] - 3) < 1e-12 &&
		fabs(nrm - 1) < 1e-12,
	    "DgesvdaStridedBatched on a stream reads the A the stream wrote (S[0] %g, residual %g)",
	    S[0], nrm);
	cusolverDnSetStream(H, NULL);
	cudaStreamDestroy(s);
	cudaFree(A), cudaFree(B), cudaFree(W), cudaFree(S), cudaFree(U), cudaFree(V),
	    cudaFree(info);
}

static int make_handle(void)
{
	xorshift_seed(0x2545f4914f6cdd1dull);
	return tap_ok(cusolverDnCreate(&H) == CUSOLVER_STATUS_SUCCESS &&
			  cusolverDnCreateParams(&P) == CUSOLVER_STATUS_SUCCESS,
		      "cusolverDnCreate, cusolverDnCreateParams");
}

static void free_handle(void)
{
	tap_ok(cusolverDnDestroyParams(P) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverDnDestroy(H) == CUSOLVER_STATUS_SUCCESS,
	       "cusolverDnDestroyParams, cusolverDnDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
