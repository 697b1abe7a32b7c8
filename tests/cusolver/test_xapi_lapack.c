// SPDX-License-Identifier: MIT
/*
 * test_xapi_lapack.c - the 64-bit calls lib/cusolver runs on LAPACK
 * directly (Xgeev, Xgesvdp, Xgesvdr, XsyevBatched, sytrf + Xsytrs, sytrf + sytri, Xtrtri), against references
 * computed here by naive loops: eigenvalues of A = H T H (H a Householder
 * reflector, T quasi-triangular with known eigenvalues, 2x2 blocks giving
 * conjugate pairs) and A v = w v, u^H A = w u^H for the vectors; A = U S V^H
 * with orthonormal U and V, wide and tall, full and economy; A X = B after
 * the symmetric indefinite factorisation (2x2 pivots forced by a zero
 * diagonal); T T^-1 = I for both triangles and a unit diagonal that is not
 * read.  Each in S, D, C, Z.  Then the statuses: no handle, type tags that
 * do not go together, sizes above INT_MAX, bad arguments with devInfo
 * naming the X call's argument, bad pivots, singular inputs.
 */
#include <complex.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include "blas_rand.h"
#include "tap.h"

static const double tols[] = { 2e-4, 1e-10, 2e-4, 1e-10 };
static const cudaDataType tags[] = { CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F };
static const cudaDataType real_tags[] = { CUDA_R_32F, CUDA_R_64F, CUDA_R_32F, CUDA_R_64F };
static const cudaDataType cplx_tags[] = { CUDA_C_32F, CUDA_C_64F, CUDA_C_32F, CUDA_C_64F };
static cusolverDnHandle_t H;
static cusolverDnParams_t P;

static int close_to(enum prec p, dc got, dc ref, double scale)
{
	return cabs(got - ref) <= tols[p] * (scale + cabs(ref));
}

static double getr(enum prec p, const void *b, long i)
{
	return p == PS || p == PC ? ((const float *)b)[i] : ((const double *)b)[i];
}

/* ---- geev ---- */

enum { GN = 7 };

/*
 * A = H T H with H = I - 2 v v^H / (v^H v) (unitary, its own inverse) and T
 * upper triangular but for two 2x2 blocks [[a, b], [-b, a]] (real
 * precisions; eigenvalues a +- i b) at rows 1-2 and 4-5.  ev[] gets T's
 * eigenvalues.
 */
static void geev_matrix(enum prec p, void *A, int lda, dc ev[GN])
{
	dc T[GN][GN] = { { 0 } }, v[GN], Hm[GN][GN], HT[GN][GN];
	double vv = 0;

	for (int i = 0; i < GN; i++) {
		for (int j = i; j < GN; j++)
			T[i][j] = rnd(p);
		T[i][i] = (i + 1) * 0.75 + (cplx(p) ? I * 0.5 * (i % 3) : 0);
		ev[i] = T[i][i];
	}
	if (!cplx(p))
		for (int b = 1; b <= 4; b += 3) {
			T[b][b] = T[b + 1][b + 1] = b;
			T[b][b + 1] = 2, T[b + 1][b] = -2;
			ev[b] = b + 2 * I, ev[b + 1] = b - 2 * I;
		}
	for (int i = 0; i < GN; i++)
		v[i] = rnd(p), vv += creal(v[i] * conj(v[i]));
	for (int i = 0; i < GN; i++)
		for (int j = 0; j < GN; j++)
			Hm[i][j] = (i == j) - 2 * v[i] * conj(v[j]) / vv;
	for (int i = 0; i < GN; i++)
		for (int j = 0; j < GN; j++) {
			HT[i][j] = 0;
			for (int k = 0; k < GN; k++)
				HT[i][j] += Hm[i][k] * T[k][j];
		}
	for (int i = 0; i < GN; i++)
		for (int j = 0; j < GN; j++) {
			dc s = 0;
			for (int k = 0; k < GN; k++)
				s += HT[i][k] * Hm[k][j];
			put(p, A, i + (long)j * lda, s);
		}
}

/* eigenvalue j of the X call's W (real A: real W of 2n, or complex W) */
static dc geev_w(enum prec p, const void *W, int wc, int j)
{
	if (cplx(p) || wc)
		return p == PS || p == PC ? ((const float _Complex *)W)[j] : ((const double _Complex *)W)[j];
	return getr(p, W, j) + I * getr(p, W, j + GN);
}

/* column j of the eigenvectors: LAPACK's real layout for a pair (wi > 0: j, j+1 = re, im; wi < 0: j-1, j) */
static void geev_vec(enum prec p, const void *V, int ld, const dc *w, int j, dc out[GN])
{
	for (int i = 0; i < GN; i++) {
		if (cplx(p) || cimag(w[j]) == 0)
			out[i] = get(p, V, i + (long)j * ld);
		else if (cimag(w[j]) > 0)
			out[i] = get(p, V, i + (long)j * ld) + I * get(p, V, i + (long)(j + 1) * ld);
		else
			out[i] = get(p, V, i + (long)(j - 1) * ld) - I * get(p, V, i + (long)j * ld);
	}
}

TAP_TEST(xgeev)
{
	const int lda = 9, ldv = 8;

	for (int p = PS; p <= PZ; p++)
		for (int wc = 0; wc <= (cplx(p) ? 0 : 1); wc++) {
			dc ev[GN], w[GN];
			void *A0 = calloc((size_t)lda * GN, esz[p]), *A, *buf = NULL;
			void *W = calloc(2 * GN, 16), *VL = calloc((size_t)ldv * GN, esz[p]);
			void *VR = calloc((size_t)ldv * GN, esz[p]);
			cudaDataType wt = wc ? cplx_tags[p] : tags[p];
			size_t dev = 0, host = 99;
			int info = -99, bad = 0, found = 0;

			geev_matrix(p, A0, lda, ev);
			A = copy_mat(p, A0, (size_t)lda * GN);
			cusolverStatus_t st = cusolverDnXgeev_bufferSize(
				H, P, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_MODE_VECTOR, GN, tags[p], A, lda, wt, W, tags[p],
				VL, ldv, tags[p], VR, ldv, tags[p], &dev, &host);
			cudaMalloc(&buf, dev ? dev : 1);
			st = st ? st : cusolverDnXgeev(H, P, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_MODE_VECTOR, GN, tags[p],
						      A, lda, wt, W, tags[p], VL, ldv, tags[p], VR, ldv, tags[p], buf, dev,
						      NULL, 0, &info);
			for (int j = 0; j < GN; j++)
				w[j] = geev_w(p, W, wc, j);
			/* every known eigenvalue found once (within the tolerance) */
			for (int i = 0; i < GN; i++) {
				int hits = 0;
				for (int j = 0; j < GN; j++)
					hits += close_to(p, w[j], ev[i], 10);
				found += hits == 1;
			}
			/* A v = w v, u^H A = w u^H, |v| = |u| = 1 */
			for (int j = 0; j < GN; j++) {
				dc v[GN], u[GN];
				double nv = 0, nu = 0;
				geev_vec(p, VR, ldv, w, j, v);
				geev_vec(p, VL, ldv, w, j, u);
				for (int i = 0; i < GN; i++) {
					dc av = 0, ua = 0;
					for (int k = 0; k < GN; k++) {
						av += get(p, A0, i + (long)k * lda) * v[k];
						ua += conj(u[k]) * get(p, A0, k + (long)i * lda);
					}
					bad += !close_to(p, av, w[j] * v[i], 10) + !close_to(p, ua, w[j] * conj(u[i]), 10);
					nv += creal(v[i] * conj(v[i])), nu += creal(u[i] * conj(u[i]));
				}
				bad += fabs(nv - 1) > 10 * tols[p] || fabs(nu - 1) > 10 * tols[p];
			}
			tap_ok(!st && info == 0 && host == 0 && found == GN && bad == 0,
			       "Xgeev %c%s: the %d eigenvalues of H T H found (%d), A v = w v, u^H A = w u^H, unit norms "
			       "(%d wrong)",
			       pname[p], cplx(p) ? "" : wc ? " (complex W)" : " (real W: 2n)", GN, found, bad);
			/* eigenvalues only, no workspace given */
			memcpy(A, A0, (size_t)lda * GN * esz[p]);
			memset(W, 0, 2 * GN * 16);
			info = -99;
			st = cusolverDnXgeev(H, P, CUSOLVER_EIG_MODE_NOVECTOR, CUSOLVER_EIG_MODE_NOVECTOR, GN, tags[p], A,
					     lda, wt, W, tags[p], NULL, 1, tags[p], NULL, 1, tags[p], NULL, 0, NULL, 0, &info);
			found = 0;
			for (int i = 0; i < GN; i++)
				for (int j = 0; j < GN; j++)
					found += close_to(p, geev_w(p, W, wc, j), ev[i], 10);
			tap_ok(!st && info == 0 && found == GN,
			       "Xgeev %c%s eigenvalues only, no workspace: %d of %d found", pname[p],
			       wc ? " (complex W)" : "", found, GN);
			free(A0), free(A), free(W), free(VL), free(VR), cudaFree(buf);
		}
}

/* ---- gesvdp ---- */

TAP_TEST(xgesvdp)
{
	static const int shapes[][2] = { { 9, 5 }, { 4, 7 } };

	for (int p = PS; p <= PZ; p++)
		for (int sh = 0; sh < 2; sh++)
			for (int econ = 0; econ <= 1; econ++) {
				int m = shapes[sh][0], n = shapes[sh][1], mn = m < n ? m : n, lda = m + 2;
				int ucols = econ ? mn : m, vcols = econ ? mn : n, ldu = m + 1, ldv = n + 3, bad = 0;
				void *A0 = rand_mat(p, m, n, lda, 0), *A = copy_mat(p, A0, (size_t)lda * n), *buf = NULL;
				void *S = calloc((size_t)mn, 8), *U = calloc((size_t)ldu * ucols, esz[p]);
				void *V = calloc((size_t)ldv * vcols, esz[p]);
				size_t dev = 0, host = 99;
				int info = -99;
				double err = -1;

				cusolverStatus_t st = cusolverDnXgesvdp_bufferSize(
					H, P, CUSOLVER_EIG_MODE_VECTOR, econ, m, n, tags[p], A, lda, real_tags[p], S,
					tags[p], U, ldu, tags[p], V, ldv, tags[p], &dev, &host);
				cudaMalloc(&buf, dev ? dev : 1);
				st = st ? st : cusolverDnXgesvdp(H, P, CUSOLVER_EIG_MODE_VECTOR, econ, m, n, tags[p], A,
								 lda, real_tags[p], S, tags[p], U, ldu, tags[p], V, ldv,
								 tags[p], buf, dev, NULL, 0, &info, &err);
				/* A = U(:, 0:mn) S V(:, 0:mn)^H */
				for (int i = 0; i < m; i++)
					for (int j = 0; j < n; j++) {
						dc s = 0;
						for (int k = 0; k < mn; k++)
							s += get(p, U, i + (long)k * ldu) * getr(p, S, k) *
							     conj(get(p, V, j + (long)k * ldv));
						bad += !close_to(p, s, get(p, A0, i + (long)j * lda), 10);
					}
				/* U^H U = I, V^H V = I over all the columns asked for; S descending, >= 0 */
				for (int a = 0; a < ucols; a++)
					for (int b = 0; b < ucols; b++) {
						dc s = 0;
						for (int i = 0; i < m; i++)
							s += conj(get(p, U, i + (long)a * ldu)) * get(p, U, i + (long)b * ldu);
						bad += !close_to(p, s, a == b, 10);
					}
				for (int a = 0; a < vcols; a++)
					for (int b = 0; b < vcols; b++) {
						dc s = 0;
						for (int i = 0; i < n; i++)
							s += conj(get(p, V, i + (long)a * ldv)) * get(p, V, i + (long)b * ldv);
						bad += !close_to(p, s, a == b, 10);
					}
				for (int k = 0; k < mn; k++)
					bad += getr(p, S, k) < 0 || (k && getr(p, S, k) > getr(p, S, k - 1));
				tap_ok(!st && info == 0 && host == 0 && err == 0 && bad == 0,
				       "Xgesvdp %c %dx%d %s: A = U S V^H, U^H U = I, V^H V = I, S descending (%d wrong)",
				       pname[p], m, n, econ ? "econ" : "full", bad);
				free(A0), free(A), free(S), free(U), free(V), cudaFree(buf);
			}
	/* singular values only: those of the vectors' run */
	double A[12], A0[12], S1[3], S2[3], U[16], V[9], err = -1;
	int info = -1;
	for (int i = 0; i < 12; i++)
		A[i] = A0[i] = urand();
	cusolverStatus_t st = cusolverDnXgesvdp(H, NULL, CUSOLVER_EIG_MODE_NOVECTOR, 0, 4, 3, CUDA_R_64F, A, 4,
						CUDA_R_64F, S1, CUDA_R_64F, NULL, 1, CUDA_R_64F, NULL, 1, CUDA_R_64F,
						NULL, 0, NULL, 0, &info, &err);
	memcpy(A, A0, sizeof(A));
	st = st ? st : cusolverDnXgesvdp(H, NULL, CUSOLVER_EIG_MODE_VECTOR, 0, 4, 3, CUDA_R_64F, A, 4, CUDA_R_64F, S2,
					 CUDA_R_64F, U, 4, CUDA_R_64F, V, 3, CUDA_R_64F, NULL, 0, NULL, 0, &info, NULL);
	/* sum of S^2 = |A|_F^2 */
	double f = 0, s2 = 0;
	for (int i = 0; i < 12; i++)
		f += A0[i] * A0[i];
	for (int k = 0; k < 3; k++)
		s2 += S1[k] * S1[k];
	tap_ok(!st && info == 0 && fabs(S1[0] - S2[0]) < 1e-12 && fabs(S1[2] - S2[2]) < 1e-12 && fabs(s2 - f) < 1e-12 * f,
	       "Xgesvdp NOVECTOR (params NULL, no workspace): the same S, sum S^2 = |A|_F^2");
}

/* ---- sytrf + Xsytrs ---- */

typedef cusolverStatus_t (*sytrf_fn)(cusolverDnHandle_t, cublasFillMode_t, int, void *, int, int *, void *, int,
				     int *);
typedef cusolverStatus_t (*sytrf_bs_fn)(cusolverDnHandle_t, int, void *, int, int *);
static const sytrf_fn sytrf[] = { (sytrf_fn)cusolverDnSsytrf, (sytrf_fn)cusolverDnDsytrf, (sytrf_fn)cusolverDnCsytrf,
				   (sytrf_fn)cusolverDnZsytrf };
static const sytrf_bs_fn sytrf_bs[] = { (sytrf_bs_fn)cusolverDnSsytrf_bufferSize,
					(sytrf_bs_fn)cusolverDnDsytrf_bufferSize,
					(sytrf_bs_fn)cusolverDnCsytrf_bufferSize,
					(sytrf_bs_fn)cusolverDnZsytrf_bufferSize };

TAP_TEST(sytrf_xsytrs)
{
	const int n = 8, lda = 10, nrhs = 3, ldb = 9;

	for (int p = PS; p <= PZ; p++)
		for (int up = 0; up <= 1; up++) {
			cublasFillMode_t uplo = up ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
			void *A0 = calloc((size_t)lda * n, esz[p]), *A, *B0 = rand_mat(p, n, nrhs, ldb, 0), *B, *work;
			int ipiv[8], lwork = 0, info = -99, info2 = -99, neg = 0, bad = 0;
			int64_t ipiv64[8];
			size_t dev = 0, host = 99;

			/* symmetric (not Hermitian), indefinite, zero diagonal: 2x2 pivots */
			for (int j = 0; j < n; j++)
				for (int i = j + 1; i < n; i++) {
					dc v = rnd(p);
					put(p, A0, i + (long)j * lda, v), put(p, A0, j + (long)i * lda, v);
				}
			A = copy_mat(p, A0, (size_t)lda * n), B = copy_mat(p, B0, (size_t)ldb * nrhs);
			/* the triangle not named holds garbage: it must not be read */
			for (int j = 0; j < n; j++)
				for (int i = 0; i < n; i++)
					if (up ? i > j : i < j)
						put(p, A, i + (long)j * lda, 1e3);
			cusolverStatus_t st = sytrf_bs[p](H, n, A, lda, &lwork);
			work = calloc((size_t)(lwork > 0 ? lwork : 1), esz[p]);
			st = st ? st : sytrf[p](H, uplo, n, A, lda, ipiv, work, lwork, &info);
			for (int i = 0; i < n; i++)
				ipiv64[i] = ipiv[i], neg += ipiv[i] < 0;
			st = st ? st : cusolverDnXsytrs_bufferSize(H, uplo, n, nrhs, tags[p], A, lda, ipiv64, tags[p], B, ldb,
								  &dev, &host);
			st = st ? st : cusolverDnXsytrs(H, uplo, n, nrhs, tags[p], A, lda, ipiv64, tags[p], B, ldb, NULL, 0,
						       NULL, 0, &info2);
			for (int j = 0; j < nrhs; j++)
				for (int i = 0; i < n; i++) {
					dc s = 0;
					for (int k = 0; k < n; k++)
						s += get(p, A0, i + (long)k * lda) * get(p, B, k + (long)j * ldb);
					bad += !close_to(p, s, get(p, B0, i + (long)j * ldb), 100);
				}
			tap_ok(!st && info == 0 && info2 == 0 && neg > 0 && host == 0 && bad == 0,
			       "sytrf + Xsytrs %c %s: A X = B with 2x2 pivots (%d negative), the other triangle not read "
			       "(%d wrong)",
			       pname[p], up ? "upper" : "lower", neg, bad);
			free(A0), free(A), free(B0), free(B), free(work);
		}
	/* a singular D: devInfo > 0, SUCCESS */
	double S[9] = { 1, 2, 3, 2, 4, 6, 3, 6, 9 };
	int ipiv[3], info = -1;
	cusolverStatus_t st = cusolverDnDsytrf(H, CUBLAS_FILL_MODE_LOWER, 3, S, 3, ipiv, NULL, 0, &info);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && info > 0,
	       "Dsytrf of a rank-1 matrix (no workspace given): SUCCESS, devInfo %d > 0", info);
}

/* ---- Xgesvdr ---- */

/* A (m x n, lda) = Hm[:, :mn] diag(sv) Hn[:, :mn]^H, Hx = I - 2 v v^H / v^H v: singular values sv exactly */
static void *known_svd_matrix(enum prec p, int m, int n, int lda, const double *sv)
{
	int mn = m < n ? m : n;
	dc u[16], v[16], un = 0, vn = 0;
	void *A = calloc((size_t)lda * n, esz[p]);

	for (int i = 0; i < m; i++)
		u[i] = rnd(p), un += conj(u[i]) * u[i];
	for (int i = 0; i < n; i++)
		v[i] = rnd(p), vn += conj(v[i]) * v[i];
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			dc s = 0;
			for (int l = 0; l < mn; l++) {
				dc hu = (i == l) - 2 * u[i] * conj(u[l]) / un, hv = (j == l) - 2 * v[j] * conj(v[l]) / vn;
				s += hu * sv[l] * conj(hv);
			}
			put(p, A, i + (long)j * lda, s);
		}
	return A;
}

TAP_TEST(xgesvdr)
{
	static const struct {
		int m, n, k, p, niters;
		signed char jobu, jobv;
	} cases[] = { { 9, 6, 3, 2, 2, 'S', 'S' }, { 5, 8, 2, 1, 0, 'S', 'S' }, { 7, 7, 4, 3, 1, 'N', 'S' } };
	static const double sv[] = { 9, 7, 5, 3, 2, 1.5, 1 };

	for (int p = PS; p <= PZ; p++)
		for (int c = 0; c < 3; c++) {
			int m = cases[c].m, n = cases[c].n, k = cases[c].k, lda = m + 1, ldu = m + 2, ldv = n + 1;
			void *A0 = known_svd_matrix(p, m, n, lda, sv), *A = copy_mat(p, A0, (size_t)lda * n), *buf;
			void *S = calloc((size_t)k, 8), *U = calloc((size_t)ldu * k, esz[p]), *V = calloc((size_t)ldv * k, esz[p]);
			size_t dev = 0, host = 99;
			int info = -99, bad = 0;

			cusolverStatus_t st = cusolverDnXgesvdr_bufferSize(
				H, P, cases[c].jobu, cases[c].jobv, m, n, k, cases[c].p, cases[c].niters, tags[p], A, lda,
				real_tags[p], S, tags[p], U, ldu, tags[p], V, ldv, tags[p], &dev, &host);
			buf = calloc(dev ? dev : 1, 1);
			st = st ? st
				: cusolverDnXgesvdr(H, P, cases[c].jobu, cases[c].jobv, m, n, k, cases[c].p, cases[c].niters,
						    tags[p], A, lda, real_tags[p], S, tags[p], U, ldu, tags[p], V, ldv, tags[p],
						    buf, dev, NULL, host, &info);
			for (int j = 0; j < k; j++) {
				bad += !close_to(p, getr(p, S, j), sv[j], 10);
				/* A v_j = s_j u_j (u_j only when asked; else |A v_j| = s_j) and V^H V = I */
				dc nrm = 0;
				for (int i = 0; i < m; i++) {
					dc av = 0;
					for (int l = 0; l < n; l++)
						av += get(p, A0, i + (long)l * lda) * get(p, V, l + (long)j * ldv);
					nrm += conj(av) * av;
					if (cases[c].jobu == 'S')
						bad += !close_to(p, av, sv[j] * get(p, U, i + (long)j * ldu), 10);
				}
				bad += !close_to(p, csqrt(nrm), sv[j], 10);
				for (int j2 = 0; j2 < k; j2++) {
					dc vv = 0;
					for (int l = 0; l < n; l++)
						vv += conj(get(p, V, l + (long)j2 * ldv)) * get(p, V, l + (long)j * ldv);
					bad += !close_to(p, vv, j == j2, 10);
				}
			}
			tap_ok(!st && info == 0 && host == 0 && bad == 0,
			       "Xgesvdr %c %dx%d k %d jobu %c: the %d largest singular values, A V = U S, V^H V = I (%d wrong)",
			       pname[p], m, n, k, cases[c].jobu, k, bad);
			free(A0), free(A), free(S), free(U), free(V), free(buf);
		}
	double A[12] = { 1 }, S[3], U[12], V[12];
	int info = 0;
	tap_ok(cusolverDnXgesvdr(H, P, 'S', 'S', 4, 3, 2, 2, 1, CUDA_R_64F, A, 4, CUDA_R_64F, S, CUDA_R_64F, U, 4,
				 CUDA_R_64F, V, 3, CUDA_R_64F, NULL, 0, NULL, 0, &info) == CUSOLVER_STATUS_INVALID_VALUE &&
		       info == -7,
	       "Xgesvdr k + p = 4 > min(m, n) = 3: INVALID_VALUE, info -7 (p)");
	tap_ok(cusolverDnXgesvdr(H, P, 'A', 'S', 4, 3, 2, 0, 1, CUDA_R_64F, A, 4, CUDA_R_64F, S, CUDA_R_64F, U, 4,
				 CUDA_R_64F, V, 3, CUDA_R_64F, NULL, 0, NULL, 0, &info) == CUSOLVER_STATUS_INVALID_VALUE &&
		       info == -2 &&
		       cusolverDnXgesvdr(H, P, 'S', 'S', 4, 3, 2, 0, 1, CUDA_R_64F, A, 4, CUDA_R_32F, S, CUDA_R_64F, U, 4,
					 CUDA_R_64F, V, 3, CUDA_R_64F, NULL, 0, NULL, 0, &info) == CUSOLVER_STATUS_NOT_SUPPORTED,
	       "Xgesvdr jobu 'A': INVALID_VALUE, info -2; S of another precision: NOT_SUPPORTED");
}

/* ---- XsyevBatched ---- */

TAP_TEST(xsyev_batched)
{
	enum { N = 5, LDA = 7, BATCH = 3 };

	for (int p = PS; p <= PZ; p++)
		for (int up = 0; up <= 1; up++) {
			cublasFillMode_t uplo = up ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
			void *A0 = calloc((size_t)LDA * N * BATCH, esz[p]), *A, *buf;
			double W[N * BATCH];
			float Wf[N * BATCH];
			int info[BATCH] = { -9, -9, -9 }, bad = 0;
			size_t dev = 0, host = 99;

			for (int b = 0; b < BATCH; b++) /* symmetric / Hermitian */
				for (int j = 0; j < N; j++)
					for (int i = j; i < N; i++) {
						dc v = i == j ? creal(rnd(p)) + b : rnd(p);
						put(p, A0, i + (long)j * LDA + (long)b * LDA * N, v);
						put(p, A0, j + (long)i * LDA + (long)b * LDA * N, conj(v));
					}
			A = copy_mat(p, A0, (size_t)LDA * N * BATCH);
			void *w = p == PS || p == PC ? (void *)Wf : (void *)W;
			cusolverStatus_t st = cusolverDnXsyevBatched_bufferSize(H, P, CUSOLVER_EIG_MODE_VECTOR, uplo, N,
										 tags[p], A, LDA, real_tags[p], w, tags[p],
										 &dev, &host, BATCH);
			buf = calloc(dev ? dev : 1, 1);
			st = st ? st
				: cusolverDnXsyevBatched(H, P, CUSOLVER_EIG_MODE_VECTOR, uplo, N, tags[p], A, LDA,
							 real_tags[p], w, tags[p], buf, dev, NULL, host, info, BATCH);
			for (int b = 0; b < BATCH; b++)
				for (int j = 0; j < N; j++) {
					double lam = getr(p, w, b * N + j);
					const long off = (long)b * LDA * N;
					if (j > 0)
						bad += lam < getr(p, w, b * N + j - 1);
					for (int i = 0; i < N; i++) { /* A0 v = lambda v */
						dc av = 0;
						for (int l = 0; l < N; l++)
							av += get(p, A0, off + i + (long)l * LDA) * get(p, A, off + l + (long)j * LDA);
						bad += !close_to(p, av, lam * get(p, A, off + i + (long)j * LDA), 10);
					}
				}
			tap_ok(!st && info[0] == 0 && info[1] == 0 && info[2] == 0 && bad == 0,
			       "XsyevBatched %c %s, %d matrices: A v = lambda v, ascending, info 0 each (%d wrong)", pname[p],
			       up ? "upper" : "lower", BATCH, bad);
			free(A0), free(A), free(buf);
		}
	double A[8] = { 0 }, W[4];
	int info[2] = { 0, 0 };
	size_t dev, host;
	tap_ok(cusolverDnXsyevBatched(H, P, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, 2, CUDA_R_64F, A, 1,
				      CUDA_R_64F, W, CUDA_R_64F, NULL, 0, NULL, 0, info, 2) == CUSOLVER_STATUS_INVALID_VALUE &&
		       info[0] == -7 &&
		       cusolverDnXsyevBatched(H, P, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, 2, CUDA_R_64F, A, 2,
					      CUDA_R_64F, W, CUDA_R_64F, NULL, 0, NULL, 0, info, -1) ==
			       CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnXsyevBatched_bufferSize(H, P, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, 2,
							 CUDA_R_64F, A, 2, CUDA_R_64F, W, CUDA_R_64F, &dev, &host, -1) ==
			       CUSOLVER_STATUS_INVALID_VALUE,
	       "XsyevBatched lda 1 < n 2: INVALID_VALUE, info[0] -7; batch -1: INVALID_VALUE (call and query)");
}

/* ---- sytrf + sytri (the 32-bit API) ---- */

typedef cusolverStatus_t (*sytri_fn)(cusolverDnHandle_t, cublasFillMode_t, int, void *, int, const int *, void *,
				     int, int *);
typedef cusolverStatus_t (*sytri_bs_fn)(cusolverDnHandle_t, cublasFillMode_t, int, void *, int, const int *, int *);
static const sytri_fn sytri[] = { (sytri_fn)cusolverDnSsytri, (sytri_fn)cusolverDnDsytri, (sytri_fn)cusolverDnCsytri,
				   (sytri_fn)cusolverDnZsytri };
static const sytri_bs_fn sytri_bs[] = { (sytri_bs_fn)cusolverDnSsytri_bufferSize,
					(sytri_bs_fn)cusolverDnDsytri_bufferSize,
					(sytri_bs_fn)cusolverDnCsytri_bufferSize,
					(sytri_bs_fn)cusolverDnZsytri_bufferSize };

/* A0 (symmetric, full) times the inverse held in the uplo triangle of A is I; the other triangle untouched */
TAP_TEST(sytrf_sytri)
{
	const int n = 7, lda = 9;

	for (int p = PS; p <= PZ; p++)
		for (int up = 0; up <= 1; up++) {
			cublasFillMode_t uplo = up ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
			void *A0 = calloc((size_t)lda * n, esz[p]), *A, *work;
			int ipiv[7], lwork = 0, info = -99, info2 = -99, bad = 0, kept = 1;

			/* symmetric indefinite, zero diagonal: 2x2 pivots */
			for (int j = 0; j < n; j++)
				for (int i = j + 1; i < n; i++) {
					dc v = rnd(p);
					put(p, A0, i + (long)j * lda, v), put(p, A0, j + (long)i * lda, v);
				}
			A = copy_mat(p, A0, (size_t)lda * n);
			for (int j = 0; j < n; j++) /* the triangle not named: not read, not written */
				for (int i = 0; i < n; i++)
					if (up ? i > j : i < j)
						put(p, A, i + (long)j * lda, 1e3);
			cusolverStatus_t st = sytrf[p](H, uplo, n, A, lda, ipiv, NULL, 0, &info);
			st = st ? st : sytri_bs[p](H, uplo, n, A, lda, ipiv, &lwork);
			work = calloc((size_t)(lwork > 0 ? lwork : 1), esz[p]);
			st = st ? st : sytri[p](H, uplo, n, A, lda, ipiv, work, lwork, &info2);
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++) {
					dc s = 0;
					if (up ? i > j : i < j)
						kept = kept && get(p, A, i + (long)j * lda) == 1e3;
					for (int k = 0; k < n; k++) {
						int stored = up ? k <= j : k >= j;
						dc inv = stored ? get(p, A, k + (long)j * lda) : get(p, A, j + (long)k * lda);
						s += get(p, A0, i + (long)k * lda) * inv;
					}
					bad += !close_to(p, s, i == j, 100);
				}
			tap_ok(!st && info == 0 && info2 == 0 && lwork >= n && bad == 0 && kept,
			       "sytrf + sytri %c %s: A A^-1 = I from the uplo triangle, the other untouched (%d wrong)",
			       pname[p], up ? "upper" : "lower", bad);
			free(A0), free(A), free(work);
		}
	double A[4] = { 0, 1, 1, 0 }, A1[4];
	int piv[2] = { 3, 1 }, info = 0;
	memcpy(A1, A, sizeof(A));
	tap_ok(cusolverDnDsytri(H, CUBLAS_FILL_MODE_LOWER, 2, A, 2, piv, NULL, 0, &info) == CUSOLVER_STATUS_INVALID_VALUE &&
		       info == -5 && !memcmp(A, A1, sizeof(A)),
	       "Dsytri with pivot 3 > n 2: INVALID_VALUE, info -5, A untouched");
	tap_ok(cusolverDnDsytri(H, (cublasFillMode_t)7, 2, A, 2, piv, NULL, 0, &info) == CUSOLVER_STATUS_INVALID_VALUE &&
		       info == -1 && cusolverDnDsytri(NULL, CUBLAS_FILL_MODE_LOWER, 2, A, 2, piv, NULL, 0, &info) ==
					     CUSOLVER_STATUS_NOT_INITIALIZED,
	       "Dsytri fill mode 7: INVALID_VALUE, info -1; NULL handle: NOT_INITIALIZED");
}

/* ---- trtri ---- */

TAP_TEST(xtrtri)
{
	const int n = 9, lda = 11;

	for (int p = PS; p <= PZ; p++)
		for (int c = 0; c < 4; c++) {
			int up = c & 1, unit = c >> 1, bad = 0, info = -99;
			cublasFillMode_t uplo = up ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
			void *A0 = rand_mat(p, n, n, lda, 3), *A = copy_mat(p, A0, (size_t)lda * n), *buf = NULL;
			size_t dev = 0, host = 99;

			if (unit) /* a unit diagonal is not read */
				for (int i = 0; i < n; i++)
					put(p, A, i + (long)i * lda, 77);
			cusolverStatus_t st = cusolverDnXtrtri_bufferSize(H, uplo, unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT,
									  n, tags[p], A, lda, &dev, &host);
			cudaMalloc(&buf, dev ? dev : 1);
			st = st ? st : cusolverDnXtrtri(H, uplo, unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT, n, tags[p], A,
						       lda, buf, dev, NULL, 0, &info);
			/* T Tinv = I over the triangle; the other triangle untouched */
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++) {
					int in_tri = up ? i <= j : i >= j;
					if (!in_tri) {
						bad += get(p, A, i + (long)j * lda) != get(p, A0, i + (long)j * lda);
						continue;
					}
					dc s = 0;
					for (int k = 0; k < n; k++) {
						int ik = up ? i <= k : i >= k, kj = up ? k <= j : k >= j;
						if (!ik || !kj)
							continue;
						dc t = unit && i == k ? 1 : get(p, A0, i + (long)k * lda);
						dc ti = unit && k == j ? 1 : get(p, A, k + (long)j * lda);
						s += t * ti;
					}
					bad += !close_to(p, s, i == j, 10);
				}
			tap_ok(!st && info == 0 && host == 0 && dev > 0 && bad == 0,
			       "Xtrtri %c %s %s: T T^-1 = I, the other triangle untouched (%d wrong)", pname[p],
			       up ? "upper" : "lower", unit ? "unit" : "non-unit", bad);
			free(A0), free(A), cudaFree(buf);
		}
	double Z[9] = { 1, 0, 0, 5, 2, 0, 6, 7, 0 };
	int info = -1;
	cusolverStatus_t st = cusolverDnXtrtri(H, CUBLAS_FILL_MODE_UPPER, CUBLAS_DIAG_NON_UNIT, 3, CUDA_R_64F, Z, 3, NULL,
					       0, NULL, 0, &info);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && info == 3,
	       "Xtrtri with T(3,3) = 0: SUCCESS, devInfo %d (3)", info);
}

/* ---- statuses ---- */

TAP_TEST(x_lapack_statuses)
{
	double A[16] = { 0 }, W[8], V[16];
	int64_t piv[4] = { 1, 2, 3, 4 };
	size_t dev, host;
	int info = 0;
	cusolverStatus_t st;

	tap_ok(cusolverDnXtrtri(NULL, CUBLAS_FILL_MODE_LOWER, CUBLAS_DIAG_NON_UNIT, 2, CUDA_R_64F, A, 2, NULL, 0, NULL,
				0, &info) == CUSOLVER_STATUS_NOT_INITIALIZED &&
		       cusolverDnXgeev(NULL, P, 0, 0, 2, CUDA_R_64F, A, 2, CUDA_R_64F, W, CUDA_R_64F, NULL, 1, CUDA_R_64F,
				       NULL, 1, CUDA_R_64F, NULL, 0, NULL, 0, &info) == CUSOLVER_STATUS_NOT_INITIALIZED &&
		       cusolverDnXsytrs(NULL, CUBLAS_FILL_MODE_LOWER, 2, 1, CUDA_R_64F, A, 2, piv, CUDA_R_64F, W, 2, NULL,
					0, NULL, 0, &info) == CUSOLVER_STATUS_NOT_INITIALIZED &&
		       cusolverDnXgesvdp(NULL, P, 0, 0, 2, 2, CUDA_R_64F, A, 2, CUDA_R_64F, W, CUDA_R_64F, NULL, 1,
					 CUDA_R_64F, NULL, 1, CUDA_R_64F, NULL, 0, NULL, 0, &info, NULL) ==
			       CUSOLVER_STATUS_NOT_INITIALIZED,
	       "no handle: NOT_INITIALIZED (Xtrtri, Xgeev, Xsytrs, Xgesvdp)");
	tap_ok(cusolverDnXgeev(H, P, 0, 0, 2, CUDA_R_64F, A, 2, CUDA_C_32F, W, CUDA_R_64F, NULL, 1, CUDA_R_64F, NULL, 1,
			       CUDA_R_64F, NULL, 0, NULL, 0, &info) == CUSOLVER_STATUS_NOT_SUPPORTED &&
		       cusolverDnXgeev(H, P, 0, 0, 2, CUDA_C_64F, A, 2, CUDA_R_64F, W, CUDA_C_64F, NULL, 1, CUDA_C_64F,
				       NULL, 1, CUDA_C_64F, NULL, 0, NULL, 0, &info) == CUSOLVER_STATUS_NOT_SUPPORTED &&
		       cusolverDnXtrtri(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_DIAG_NON_UNIT, 2, CUDA_R_16F, A, 2, NULL, 0,
					NULL, 0, &info) == CUSOLVER_STATUS_NOT_SUPPORTED &&
		       cusolverDnXsytrs(H, CUBLAS_FILL_MODE_LOWER, 2, 1, CUDA_R_64F, A, 2, piv, CUDA_R_32F, W, 2, NULL, 0,
					NULL, 0, &info) == CUSOLVER_STATUS_NOT_SUPPORTED &&
		       cusolverDnXgesvdp(H, P, 0, 0, 2, 2, CUDA_C_64F, A, 2, CUDA_C_64F, W, CUDA_C_64F, NULL, 1,
					 CUDA_C_64F, NULL, 1, CUDA_C_64F, NULL, 0, NULL, 0, &info, NULL) ==
			       CUSOLVER_STATUS_NOT_SUPPORTED,
	       "types that do not go together (W of another precision, S complex, B of another type) or 16-bit: "
	       "NOT_SUPPORTED");
	st = cusolverDnXtrtri_bufferSize(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_DIAG_NON_UNIT, (int64_t)INT_MAX + 1,
					 CUDA_R_64F, A, (int64_t)INT_MAX + 1, &dev, &host);
	tap_ok(st == CUSOLVER_STATUS_NOT_SUPPORTED &&
		       cusolverDnXgeev_bufferSize(H, P, 0, 0, 2, CUDA_R_64F, A, 2, CUDA_R_64F, W, CUDA_R_64F, NULL, 1,
						  CUDA_R_64F, NULL, 1, CUDA_R_64F, NULL, &host) ==
			       CUSOLVER_STATUS_INVALID_VALUE,
	       "n above INT_MAX: NOT_SUPPORTED; a query without its size pointer: INVALID_VALUE");
	/* devInfo names the X call's argument */
	int i1 = 0, i2 = 0, i3 = 0, i4 = 0, i5 = 0, i6 = 0;
	int s1 = cusolverDnXtrtri(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_DIAG_NON_UNIT, 3, CUDA_R_64F, A, 2, NULL, 0, NULL, 0,
				  &i1);
	int s2 = cusolverDnXtrtri(H, CUBLAS_FILL_MODE_LOWER, (cublasDiagType_t)5, 2, CUDA_R_64F, A, 2, NULL, 0, NULL, 0,
				  &i2);
	int s3 = cusolverDnXgeev(H, P, CUSOLVER_EIG_MODE_NOVECTOR, CUSOLVER_EIG_MODE_VECTOR, 3, CUDA_R_64F, A, 3,
				 CUDA_R_64F, W, CUDA_R_64F, NULL, 1, CUDA_R_64F, V, 2, CUDA_R_64F, NULL, 0, NULL, 0, &i3);
	int s4 = cusolverDnXgesvdp(H, P, CUSOLVER_EIG_MODE_VECTOR, 0, 3, 2, CUDA_R_64F, A, 3, CUDA_R_64F, W, CUDA_R_64F,
				   V, 2, CUDA_R_64F, V, 2, CUDA_R_64F, NULL, 0, NULL, 0, &i4, NULL);
	int s5 = cusolverDnXgesvdp(H, P, CUSOLVER_EIG_MODE_NOVECTOR, 2, 3, 2, CUDA_R_64F, A, 3, CUDA_R_64F, W,
				   CUDA_R_64F, NULL, 1, CUDA_R_64F, NULL, 1, CUDA_R_64F, NULL, 0, NULL, 0, &i5, NULL);
	int s6 = cusolverDnXsytrs(H, CUBLAS_FILL_MODE_LOWER, 2, 1, CUDA_R_64F, A, 2, piv, CUDA_R_64F, W, 1, NULL, 0,
				  NULL, 0, &i6);
	tap_ok(s1 == CUSOLVER_STATUS_INVALID_VALUE && i1 == -6 && s2 == CUSOLVER_STATUS_INVALID_VALUE && i2 == -2 &&
		       s3 == CUSOLVER_STATUS_INVALID_VALUE && i3 == -15 && s4 == CUSOLVER_STATUS_INVALID_VALUE &&
		       i4 == -13 && s5 == CUSOLVER_STATUS_INVALID_VALUE && i5 == -3 && s6 == CUSOLVER_STATUS_INVALID_VALUE &&
		       i6 == -10,
	       "devInfo names the X call's argument: Xtrtri lda -%d, diag -%d; Xgeev ldvr -%d; Xgesvdp ldu -%d, "
	       "econ -%d; Xsytrs ldb -%d",
	       -i1, -i2, -i3, -i4, -i5, -i6);
	/* a pivot outside [-n, n] or 0: argument 7, B untouched */
	double B[2] = { 5, 6 }, F[4] = { 1, 0, 0, 1 };
	int64_t badp[2] = { 1, 3 }, zero[2] = { 0, 1 };
	int i7 = 0, i8 = 0;
	int s7 = cusolverDnXsytrs(H, CUBLAS_FILL_MODE_LOWER, 2, 1, CUDA_R_64F, F, 2, badp, CUDA_R_64F, B, 2, NULL, 0,
				  NULL, 0, &i7);
	int s8 = cusolverDnXsytrs(H, CUBLAS_FILL_MODE_LOWER, 2, 1, CUDA_R_64F, F, 2, zero, CUDA_R_64F, B, 2, NULL, 0,
				  NULL, 0, &i8);
	tap_ok(s7 == CUSOLVER_STATUS_INVALID_VALUE && i7 == -7 && s8 == CUSOLVER_STATUS_INVALID_VALUE && i8 == -7 &&
		       B[0] == 5 && B[1] == 6,
	       "Xsytrs with a pivot 3 > n or 0: INVALID_VALUE, devInfo -7, B untouched");
	/* no devInfo: INVALID_VALUE; n 0: SUCCESS, info 0 */
	info = 5;
	tap_ok(cusolverDnXtrtri(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_DIAG_NON_UNIT, 2, CUDA_R_64F, A, 2, NULL, 0, NULL, 0,
				NULL) == CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnXgeev(H, P, 0, 0, 0, CUDA_R_64F, NULL, 1, CUDA_R_64F, NULL, CUDA_R_64F, NULL, 1,
				       CUDA_R_64F, NULL, 1, CUDA_R_64F, NULL, 0, NULL, 0, &info) == CUSOLVER_STATUS_SUCCESS &&
		       info == 0,
	       "no devInfo: INVALID_VALUE; Xgeev of order 0: SUCCESS, devInfo 0");
}

static int make_handle(void)
{
	xorshift_seed(0x5851f42d4c957f2dull);
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
