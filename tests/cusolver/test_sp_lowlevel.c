// SPDX-License-Identifier: MIT
/*
 * test_sp_lowlevel.c - lib/cusolver's low-level sparse API
 * (cusolverSp_LOWLEVEL_PREVIEW.h) against references computed here:
 * LU with partial pivoting of a nonsymmetric matrix whose diagonal is too
 * small to pivot on (solution against the x the test chose; the factors
 * taken out satisfy P A Q^T = L U, checked entry by entry with the test's
 * own dense product; L strictly lower, U upper), the zero pivot of a
 * singular matrix; Cholesky of a 2-D Laplacian (host and device forms,
 * solution, L's diagonal: its product squared is det A, against the test's
 * own dense elimination), the zero pivot of an indefinite matrix; QR of an
 * overdetermined system (least squares, against the test's normal
 * equations) and of A - mu I (square); single precision; the complex
 * forms and bad arguments' statuses.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cusolverSp.h>
#include <cusolverSp_LOWLEVEL_PREVIEW.h>
#include <cusparse.h>
#include "tap.h"

static cusolverSpHandle_t H;
static cusparseMatDescr_t D; /* general, 0-based */

struct mat {
	int m, n, nnz, ptr[65], ind[512];
	double val[512];
};

/* b = A x */
static void product(const struct mat *a, const double *x, double *b)
{
	for (int i = 0; i < a->m; i++) {
		b[i] = 0;
		for (int e = a->ptr[i]; e < a->ptr[i + 1]; e++)
			b[i] += a->val[e] * x[a->ind[e]];
	}
}

static double max_diff(const double *a, const double *b, int n)
{
	double w = 0;

	for (int i = 0; i < n; i++)
		w = fmax(w, fabs(a[i] - b[i]));
	return w;
}

static void add(struct mat *a, int j, double v)
{
	a->ind[a->nnz] = j, a->val[a->nnz++] = v;
}

/* n x n, tiny diagonal, large sub- and super-diagonal entries: LU must pivot. */
static void pivoting(struct mat *a, int n, int singular_row)
{
	a->m = a->n = n, a->nnz = 0;
	for (int i = 0; i < n; i++) {
		a->ptr[i] = a->nnz;
		if (i == singular_row)
			continue;
		if (i > 0)
			add(a, i - 1, 3.0 + i % 2);
		add(a, i, 1e-3 * (i + 1));
		if (i + 1 < n)
			add(a, i + 1, -2.0 + 0.1 * i);
		if (i + 3 < n)
			add(a, i + 3, 0.5);
	}
	a->ptr[n] = a->nnz;
}

/* the k x k grid's Laplacian, plus shift on the diagonal (negative: indefinite) */
static void laplacian(struct mat *a, int k, double shift)
{
	a->m = a->n = k * k, a->nnz = 0;
	for (int i = 0; i < k * k; i++) {
		int r = i / k, c = i % k;

		a->ptr[i] = a->nnz;
		if (r > 0)
			add(a, i - k, -1);
		if (c > 0)
			add(a, i - 1, -1);
		add(a, i, 4 + shift);
		if (c < k - 1)
			add(a, i + 1, -1);
		if (r < k - 1)
			add(a, i + k, -1);
	}
	a->ptr[k * k] = a->nnz;
}

TAP_TEST(setup)
{
	tap_ok(cusolverSpCreate(&H) == CUSOLVER_STATUS_SUCCESS &&
		   cusparseCreateMatDescr(&D) == CUSPARSE_STATUS_SUCCESS,
	       "a cuSOLVER sparse handle, a cuSPARSE descriptor");
}

TAP_TEST(lu)
{
	enum { N = 10 };
	struct mat a;
	csrluInfoHost_t info;
	size_t internal = 0, work = 0;
	double x[N], b[N], got[N], lv[N * N], uv[N * N], l[N][N] = {{0}}, u[N][N] = {{0}},
							 worst = 0;
	int pos = 7, nl = 0, nu = 0, p[N], q[N], lp[N + 1], li[N * N], up[N + 1], ui[N * N],
	    lower = 1, upper = 1;
	cusolverStatus_t st;

	pivoting(&a, N, -1);
	for (int i = 0; i < N; i++)
		x[i] = 1 + 0.5 * i;
	product(&a, x, b);
	st = cusolverSpCreateCsrluInfoHost(&info);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpXcsrluAnalysisHost(H, N, a.nnz, D, a.ptr, a.ind, info);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrluBufferInfoHost(H, N, a.nnz, D, a.val, a.ptr, a.ind, info,
						    &internal, &work);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && internal > 0 && work > 0,
	       "LU: info, analysis, buffer sizes (%zu internal, %zu workspace bytes)", internal,
	       work);
	st = cusolverSpDcsrluFactorHost(H, N, a.nnz, D, a.val, a.ptr, a.ind, info, 1.0, NULL);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrluZeroPivotHost(H, info, 1e-12, &pos);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && pos == -1,
	       "factor (pivot threshold 1), no zero pivot (%d)", pos);
	st = cusolverSpDcsrluSolveHost(H, N, b, got, info, NULL);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && max_diff(got, x, N) < 1e-12,
	       "solve: the x chosen (error %.2g)", max_diff(got, x, N));
	st = cusolverSpXcsrluNnzHost(H, &nl, &nu, info);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && nl > 0 && nu >= N, "NnzHost: %d in L, %d in U", nl,
	       nu);
	st = cusolverSpDcsrluExtractHost(H, p, q, D, lv, lp, li, D, uv, up, ui, info, NULL);
	for (int i = 0; i < N; i++) {
		for (int e = lp[i]; e < lp[i + 1]; e++)
			l[i][li[e]] = lv[e], lower &= li[e] < i;
		for (int e = up[i]; e < up[i + 1]; e++)
			u[i][ui[e]] = uv[e], upper &= ui[e] >= i;
		l[i][i] = 1; /* implicit */
	}
	for (int i = 0; i < N; i++) /* (P A Q^T)(i, j) = A(p[i], q[j]) against (L U)(i, j) */
		for (int j = 0; j < N; j++) {
			double lu = 0, pa = 0;

			for (int k = 0; k < N; k++)
				lu += l[i][k] * u[k][j];
			for (int e = a.ptr[p[i]]; e < a.ptr[p[i] + 1]; e++)
				pa += a.ind[e] == q[j] ? a.val[e] : 0;
			worst = fmax(worst, fabs(lu - pa));
		}
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && lower && upper && worst < 1e-12 && p[0] != 0,
	       "ExtractHost: L strictly lower, U upper, P A Q^T = L U entry by entry (%.2g; P "
	       "moved row 0)",
	       worst);
	pivoting(&a, N, 4); /* row 4 empty: singular */
	cusolverSpXcsrluAnalysisHost(H, N, a.nnz, D, a.ptr, a.ind, info);
	st = cusolverSpDcsrluFactorHost(H, N, a.nnz, D, a.val, a.ptr, a.ind, info, 0.5, NULL);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrluZeroPivotHost(H, info, 1e-12, &pos);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && pos >= 0,
	       "a singular matrix: factor SUCCESS, zero pivot at %d", pos);
	tap_ok(cusolverSpDestroyCsrluInfoHost(info) == CUSOLVER_STATUS_SUCCESS,
	       "DestroyCsrluInfoHost");
}

/* det of a dense copy by the test's own elimination with partial pivoting */
static double det(const struct mat *a)
{
	static double d[64][64];
	double r = 1;
	int n = a->n;

	memset(d, 0, sizeof(d));
	for (int i = 0; i < n; i++)
		for (int e = a->ptr[i]; e < a->ptr[i + 1]; e++)
			d[i][a->ind[e]] = a->val[e];
	for (int k = 0; k < n; k++) {
		int p = k;

		for (int i = k + 1; i < n; i++)
			if (fabs(d[i][k]) > fabs(d[p][k]))
				p = i;
		if (p != k) {
			r = -r;
			for (int j = 0; j < n; j++) {
				double t = d[k][j];

				d[k][j] = d[p][j], d[p][j] = t;
			}
		}
		r *= d[k][k];
		for (int i = k + 1; i < n; i++)
			for (int j = k + 1; j < n; j++)
				d[i][j] -= d[i][k] / d[k][k] * d[k][j];
	}
	return r;
}

TAP_TEST(cholesky)
{
	enum { K = 5, N = K * K };
	struct mat a;
	csrcholInfoHost_t hinfo;
	csrcholInfo_t dinfo;
	size_t internal, work;
	double x[N], b[N], got[N], diag[N], prod = 1, ref;
	int pos = 7;
	cusolverStatus_t st;

	laplacian(&a, K, 0);
	for (int i = 0; i < N; i++)
		x[i] = sin(i + 1.0);
	product(&a, x, b);
	st = cusolverSpCreateCsrcholInfoHost(&hinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpXcsrcholAnalysisHost(H, N, a.nnz, D, a.ptr, a.ind, hinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrcholBufferInfoHost(H, N, a.nnz, D, a.val, a.ptr, a.ind, hinfo,
						      &internal, &work);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrcholFactorHost(H, N, a.nnz, D, a.val, a.ptr, a.ind, hinfo, NULL);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrcholZeroPivotHost(H, hinfo, 1e-12, &pos);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrcholSolveHost(H, N, b, got, hinfo, NULL);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && pos == -1 && max_diff(got, x, N) < 1e-12,
	       "host Cholesky of the %dx%d Laplacian: no zero pivot, the x chosen (error %.2g)", K,
	       K, max_diff(got, x, N));
	st = cusolverSpCreateCsrcholInfo(&dinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpXcsrcholAnalysis(H, N, a.nnz, D, a.ptr, a.ind, dinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrcholBufferInfo(H, N, a.nnz, D, a.val, a.ptr, a.ind, dinfo,
						  &internal, &work);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrcholFactor(H, N, a.nnz, D, a.val, a.ptr, a.ind, dinfo, NULL);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrcholSolve(H, N, b, got, dinfo, NULL);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrcholDiag(H, dinfo, diag);
	for (int i = 0; i < N; i++)
		prod *= diag[i] * diag[i];
	ref = det(&a);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && max_diff(got, x, N) < 1e-12 &&
		   fabs(prod - ref) < 1e-9 * ref,
	       "device form: the x chosen; L's diagonal squared multiplies to det A (%.6g, test's "
	       "own %.6g)",
	       prod, ref);
	laplacian(&a, K, -1.5); /* eigenvalues of the Laplacian start near 0.54: now indefinite */
	cusolverSpXcsrcholAnalysisHost(H, N, a.nnz, D, a.ptr, a.ind, hinfo);
	st = cusolverSpDcsrcholFactorHost(H, N, a.nnz, D, a.val, a.ptr, a.ind, hinfo, NULL);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrcholZeroPivotHost(H, hinfo, 0, &pos);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && pos >= 0, "an indefinite matrix: zero pivot at %d",
	       pos);
	tap_ok(cusolverSpDestroyCsrcholInfoHost(hinfo) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverSpDestroyCsrcholInfo(dinfo) == CUSOLVER_STATUS_SUCCESS,
	       "DestroyCsrcholInfo(Host)");
}

/* the normal equations A^T A x = A^T b solved by the test's own Gaussian elimination */
static void least_squares(const struct mat *a, const double *b, double *x)
{
	double g[8][9] = {{0}};
	int n = a->n;

	for (int i = 0; i < a->m; i++)
		for (int e = a->ptr[i]; e < a->ptr[i + 1]; e++) {
			for (int f = a->ptr[i]; f < a->ptr[i + 1]; f++)
				g[a->ind[e]][a->ind[f]] += a->val[e] * a->val[f];
			g[a->ind[e]][n] += a->val[e] * b[i];
		}
	for (int k = 0; k < n; k++)
		for (int i = k + 1; i < n; i++)
			for (int j = n; j >= k; j--)
				g[i][j] -= g[i][k] / g[k][k] * g[k][j];
	for (int i = n - 1; i >= 0; i--) {
		x[i] = g[i][n];
		for (int j = i + 1; j < n; j++)
			x[i] -= g[i][j] * x[j];
		x[i] /= g[i][i];
	}
}

TAP_TEST(qr)
{
	enum { M = 8, N = 5 };
	struct mat a = {M, N, 0, {0}, {0}, {0}};
	csrqrInfoHost_t hinfo;
	csrqrInfo_t dinfo;
	size_t internal, work;
	double b[M], x[N], ref[N], xs[M], bs[M];
	float bf[M], xf[N];
	int pos = 7, okf = 1;
	cusolverStatus_t st;

	for (int i = 0; i < M; i++) {
		a.ptr[i] = a.nnz;
		add(&a, i % N, 2.0 + i);
		if ((i + 2) % N != i % N)
			add(&a, (i + 2) % N, 1.0 / (1 + i));
		b[i] = cos(i);
	}
	a.ptr[M] = a.nnz;
	least_squares(&a, b, ref);
	st = cusolverSpCreateCsrqrInfoHost(&hinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpXcsrqrAnalysisHost(H, M, N, a.nnz, D, a.ptr, a.ind, hinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrqrBufferInfoHost(H, M, N, a.nnz, D, a.val, a.ptr, a.ind, hinfo,
						    &internal, &work);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrqrSetupHost(H, M, N, a.nnz, D, a.val, a.ptr, a.ind, 0.0, hinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrqrFactorHost(H, M, N, a.nnz, NULL, NULL, hinfo, NULL);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrqrZeroPivotHost(H, hinfo, 1e-12, &pos);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrqrSolveHost(H, M, N, b, x, hinfo, NULL);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && pos == -1 && max_diff(x, ref, N) < 1e-12,
	       "host QR of an %dx%d system: least squares as the normal equations (error %.2g)", M,
	       N, max_diff(x, ref, N));
	/* device form, A - mu I on a square matrix, solving within Factor (b and x given) */
	struct mat s;

	laplacian(&s, 2, 0);
	for (int i = 0; i < 4; i++)
		xs[i] = i - 1.5;
	product(&s, xs, bs);
	for (int i = 0; i < 4; i++)
		bs[i] -= 0.75 * xs[i]; /* (A - 0.75 I) xs */
	double got[4];

	st = cusolverSpCreateCsrqrInfo(&dinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpXcsrqrAnalysis(H, 4, 4, s.nnz, D, s.ptr, s.ind, dinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrqrBufferInfo(H, 4, 4, s.nnz, D, s.val, s.ptr, s.ind, dinfo,
						&internal, &work);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrqrSetup(H, 4, 4, s.nnz, D, s.val, s.ptr, s.ind, 0.75, dinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpDcsrqrFactor(H, 4, 4, s.nnz, bs, got, dinfo, NULL);
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && max_diff(got, xs, 4) < 1e-12,
	       "device form: (A - mu I) x = b with mu 0.75, solved by Factor with b and x (error "
	       "%.2g)",
	       max_diff(got, xs, 4));
	/* single precision, host */
	float vf[512];

	for (int e = 0; e < a.nnz; e++)
		vf[e] = (float)a.val[e];
	for (int i = 0; i < M; i++)
		bf[i] = (float)b[i];
	st = cusolverSpXcsrqrAnalysisHost(H, M, N, a.nnz, D, a.ptr, a.ind, hinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpScsrqrSetupHost(H, M, N, a.nnz, D, vf, a.ptr, a.ind, 0.0f, hinfo);
	if (st == CUSOLVER_STATUS_SUCCESS)
		st = cusolverSpScsrqrFactorHost(H, M, N, a.nnz, bf, xf, hinfo, NULL);
	for (int i = 0; i < N; i++)
		okf &= fabs(xf[i] - ref[i]) < 1e-5;
	tap_ok(st == CUSOLVER_STATUS_SUCCESS && okf,
	       "single precision: the same least squares within 1e-5");
	tap_ok(cusolverSpDcsrqrSolveHost(H, N, M, b, x, hinfo, NULL) ==
		       CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverSpDcsrqrFactor(H, 4, 4, s.nnz, NULL, NULL, dinfo, NULL) ==
		       CUSOLVER_STATUS_INVALID_VALUE,
	       "solve with m and n swapped, factor again without a setup: INVALID_VALUE");
	tap_ok(cusolverSpDestroyCsrqrInfoHost(hinfo) == CUSOLVER_STATUS_SUCCESS &&
		   cusolverSpDestroyCsrqrInfo(dinfo) == CUSOLVER_STATUS_SUCCESS,
	       "DestroyCsrqrInfo(Host)");
}

TAP_TEST(statuses)
{
	struct mat a;
	csrluInfoHost_t info;
	csrcholInfo_t cinfo;
	size_t i1, i2;
	int pos;
	cuDoubleComplex zv[64] = {{0, 0}};

	pivoting(&a, 6, -1);
	cusolverSpCreateCsrluInfoHost(&info);
	cusolverSpCreateCsrcholInfo(&cinfo);
	tap_ok(cusolverSpXcsrluAnalysisHost(NULL, 6, a.nnz, D, a.ptr, a.ind, info) ==
		       CUSOLVER_STATUS_NOT_INITIALIZED &&
		   cusolverSpXcsrluAnalysisHost(H, 6, a.nnz + 1, D, a.ptr, a.ind, info) ==
		       CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverSpDcsrluFactorHost(H, 6, a.nnz, D, a.val, a.ptr, a.ind, info, 1.0,
					      NULL) == CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverSpDcsrluZeroPivotHost(H, info, 0, &pos) == CUSOLVER_STATUS_INVALID_VALUE,
	       "no handle: NOT_INITIALIZED; nnz wrong, factor or zero pivot before analysis: "
	       "INVALID_VALUE");
	cusolverSpXcsrluAnalysisHost(H, 6, a.nnz, D, a.ptr, a.ind, info);
	tap_ok(cusolverSpDcsrluFactorHost(H, 6, a.nnz, D, a.val, a.ptr, a.ind, info, 1.5, NULL) ==
		       CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverSpDcsrluFactorHost(H, 5, a.nnz, D, a.val, a.ptr, a.ind, info, 1.0,
					      NULL) == CUSOLVER_STATUS_INVALID_VALUE,
	       "pivot threshold 1.5, n other than the analysis': INVALID_VALUE");
	tap_ok(cusolverSpZcsrluBufferInfoHost(H, 6, a.nnz, D, zv, a.ptr, a.ind, info, &i1, &i2) ==
		       CUSOLVER_STATUS_NOT_SUPPORTED &&
		   cusolverSpZcsrcholDiag(H, cinfo, (double *)zv) ==
		       CUSOLVER_STATUS_NOT_SUPPORTED &&
		   cusolverSpCcsrqrZeroPivotHost(NULL, NULL, 0, &pos) ==
		       CUSOLVER_STATUS_NOT_INITIALIZED,
	       "complex forms: NOT_SUPPORTED (no handle: NOT_INITIALIZED)");
	tap_ok(cusolverSpDestroyCsrluInfoHost(NULL) == CUSOLVER_STATUS_INVALID_VALUE &&
		   cusolverSpCreateCsrqrInfoHost(NULL) == CUSOLVER_STATUS_INVALID_VALUE,
	       "NULL info: INVALID_VALUE");
	cusolverSpDestroyCsrluInfoHost(info);
	cusolverSpDestroyCsrcholInfo(cinfo);
	cusparseDestroyMatDescr(D);
	cusolverSpDestroy(H);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
