// SPDX-License-Identifier: MIT
/*
 * test_sp.c - lib/cusolver's sparse API (cusolverSp.h) against references
 * computed here: solutions of A x = b compared with the x the test chose
 * (b = A x formed by the test's own loop over the CSR entries), for a 2-D
 * Laplacian (symmetric positive definite, 0-based) and a nonsymmetric
 * diagonally dominant matrix (1-based), by LU, Cholesky and QR, with and
 * without reordering, in double and single precision; the singular index
 * of a matrix with a zero pivot and of one that is not positive definite;
 * QR of a matrix whose dense form exceeds 512 MiB (solved in its band);
 * the structural-symmetry test; the reverse Cuthill-McKee ordering (a
 * permutation, and the band of a scrambled Laplacian narrowed to at most
 * twice the grid's width); B = A(p, q) checked entry by entry through the
 * map; the statuses of bad arguments.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusolverSp.h>
#include <cusparse.h>
#include "tap.h"

#define TAP_ST(call, want)                                                                         \
	do {                                                                                       \
		cusolverStatus_t s_ = (call);                                                      \
		tap_ok(s_ == (want), "%s -> %d", #call, (int)s_);                                  \
	} while (0)

struct mat {
	int n, nnz, base;
	int *ptr, *ind;
	double *val;
};

/* The k x k grid's 5-point Laplacian (4 on the diagonal, -1 to each neighbour), 0-based. */
static struct mat laplacian(int k)
{
	struct mat a = { k * k, 0, 0, NULL, NULL, NULL };

	a.ptr = malloc(((size_t)a.n + 1) * sizeof(int));
	a.ind = malloc((size_t)a.n * 5 * sizeof(int));
	a.val = malloc((size_t)a.n * 5 * sizeof(double));
	for (int i = 0; i < a.n; i++) {
		int r = i / k, c = i % k, nb[5] = { i - k, i - 1, i, i + 1, i + k };
		int ok[5] = { r > 0, c > 0, 1, c < k - 1, r < k - 1 };

		a.ptr[i] = a.nnz;
		for (int t = 0; t < 5; t++)
			if (ok[t])
				a.ind[a.nnz] = nb[t], a.val[a.nnz++] = t == 2 ? 4.0 : -1.0;
	}
	a.ptr[a.n] = a.nnz;
	return a;
}

/* A nonsymmetric, diagonally dominant n x n matrix with a few entries a row, 1-based. */
static struct mat nonsymmetric(int n, unsigned int seed)
{
	struct mat a = { n, 0, 1, NULL, NULL, NULL };

	a.ptr = malloc(((size_t)n + 1) * sizeof(int));
	a.ind = malloc((size_t)n * 4 * sizeof(int));
	a.val = malloc((size_t)n * 4 * sizeof(double));
	for (int i = 0; i < n; i++) {
		int cols[4] = { (int)((i * 7u + seed) % (unsigned)n), i, (int)((i * 13u + 3 * seed + 1) % (unsigned)n),
				(int)((i * 29u + seed + 5) % (unsigned)n) };

		a.ptr[i] = a.nnz + 1;
		for (int t = 0; t < 4; t++) {
			int dup = 0;

			for (int u = 0; u < t; u++)
				dup |= cols[u] == cols[t];
			if (dup)
				continue;
			a.ind[a.nnz] = cols[t] + 1;
			a.val[a.nnz++] = cols[t] == i ? 10.0 + i % 3 : 1.0 + 0.25 * ((i + t) % 5) - 0.5;
		}
	}
	a.ptr[n] = a.nnz + 1;
	return a;
}

/* A nonsymmetric n x n band matrix, lower bandwidth kl and upper ku (kl != ku), 0-based: QR in the band. */
static struct mat band(int n, int kl, int ku)
{
	struct mat a = { n, 0, 0, NULL, NULL, NULL };

	a.ptr = malloc(((size_t)n + 1) * sizeof(int));
	a.ind = malloc((size_t)n * (kl + ku + 1) * sizeof(int));
	a.val = malloc((size_t)n * (kl + ku + 1) * sizeof(double));
	for (int i = 0; i < n; i++) {
		a.ptr[i] = a.nnz;
		for (int j = i - kl; j <= i + ku; j++)
			if (j >= 0 && j < n)
				a.ind[a.nnz] = j, a.val[a.nnz++] = j == i ? 0.5 + i % 4 : 1.0 / (2 + (i * 3 + j * 5) % 7);
	}
	a.ptr[n] = a.nnz;
	return a;
}

static void mul(const struct mat *a, const double *x, double *b)
{
	for (int i = 0; i < a->n; i++) {
		b[i] = 0;
		for (int e = a->ptr[i] - a->base; e < a->ptr[i + 1] - a->base; e++)
			b[i] += a->val[e] * x[a->ind[e] - a->base];
	}
}

static double max_err(const double *x, const double *ref, int n)
{
	double e = 0;

	for (int i = 0; i < n; i++)
		e = fmax(e, fabs(x[i] - ref[i]));
	return e;
}

static void free_mat(struct mat *a)
{
	free(a->ptr), free(a->ind), free(a->val);
}

static cusolverSpHandle_t H;
static cusparseMatDescr_t D0, D1;

static int setup(void)
{
	int made = !cusolverSpCreate(&H) && !cusparseCreateMatDescr(&D0) && !cusparseCreateMatDescr(&D1) &&
		   !cusparseSetMatIndexBase(D1, CUSPARSE_INDEX_BASE_ONE);

	return tap_ok(made, "a cuSOLVER sparse handle and two cuSPARSE descriptors (0- and 1-based)");
}

static void teardown(void)
{
	cusparseDestroyMatDescr(D0);
	cusparseDestroyMatDescr(D1);
	cusolverSpDestroy(H);
}

typedef cusolverStatus_t (*dsolver)(cusolverSpHandle_t, int, int, const cusparseMatDescr_t, const double *,
				    const int *, const int *, const double *, double, int, double *, int *);

static void solves(const char *what, struct mat *a, cusparseMatDescr_t d, int with_chol)
{
	static const char *names[] = { "lu", "chol", "qr", "chol (device form)", "qr (device form)" };
	dsolver f[] = { cusolverSpDcsrlsvluHost, cusolverSpDcsrlsvcholHost, cusolverSpDcsrlsvqrHost,
			cusolverSpDcsrlsvchol, cusolverSpDcsrlsvqr };
	double *ref = malloc((size_t)a->n * sizeof(double)), *b = malloc((size_t)a->n * sizeof(double)),
	       *x = malloc((size_t)a->n * sizeof(double));

	for (int i = 0; i < a->n; i++)
		ref[i] = sin(0.37 * i) + 0.01 * i;
	mul(a, ref, b);
	for (int s = 0; s < 5; s++) {
		if (!with_chol && (s == 1 || s == 3))
			continue;
		for (int reorder = 0; reorder <= 1; reorder++) {
			int sing = 99;
			cusolverStatus_t st;

			memset(x, 0, (size_t)a->n * sizeof(double));
			st = f[s](H, a->n, a->nnz, d, a->val, a->ptr, a->ind, b, 1e-12, reorder, x, &sing);
			tap_ok(st == CUSOLVER_STATUS_SUCCESS && sing == -1 && max_err(x, ref, a->n) < 1e-10,
			       "%s, %s, reorder %d: status %d, singularity %d, max error %.2e", what, names[s], reorder,
			       (int)st, sing, max_err(x, ref, a->n));
		}
	}
	free(ref), free(b), free(x);
}

TAP_TEST(solves_double)
{
	struct mat lap = laplacian(20), ns = nonsymmetric(60, 3), bd = band(300, 2, 5);

	solves("2-D Laplacian n=400", &lap, D0, 1);
	solves("nonsymmetric n=60, 1-based", &ns, D1, 0);
	solves("band kl=2 ku=5 n=300", &bd, D0, 0);
	free_mat(&lap), free_mat(&ns), free_mat(&bd);
}

TAP_TEST(solves_float)
{
	struct mat lap = laplacian(12);
	float *v = malloc((size_t)lap.nnz * sizeof(float)), b[144] = { 0 }, x[144] = { 0 };
	double ref[144] = { 0 }, bd[144] = { 0 }, err = 0;
	int sing = 99;

	for (int e = 0; e < lap.nnz; e++)
		v[e] = (float)lap.val[e];
	for (int i = 0; i < lap.n; i++)
		ref[i] = 1.0 + (i % 7) * 0.5;
	mul(&lap, ref, bd);
	for (int i = 0; i < lap.n; i++)
		b[i] = (float)bd[i];
	TAP_ST(cusolverSpScsrlsvcholHost(H, lap.n, lap.nnz, D0, v, lap.ptr, lap.ind, b, 1e-6f, 1, x, &sing),
	       CUSOLVER_STATUS_SUCCESS);
	for (int i = 0; i < lap.n; i++)
		err = fmax(err, fabs(x[i] - ref[i]));
	tap_ok(sing == -1 && err < 1e-4, "single precision Cholesky: max error %.2e", err);
	TAP_ST(cusolverSpScsrlsvluHost(H, lap.n, lap.nnz, D0, v, lap.ptr, lap.ind, b, 1e-6f, 0, x, &sing),
	       CUSOLVER_STATUS_SUCCESS);
	free(v), free_mat(&lap);
}

/*
 * QR of a sparse matrix whose dense form exceeds 512 MiB: cuSolverSp_LinearSolver's
 * default (-R=qr, a 10000 x 10000 Laplacian) stopped here with ALLOC_FAILED, the QR
 * being dense.  A 91 x 91 grid (n = 8281, 549 MB dense, band 91) is solved in the band.
 */
TAP_TEST(qr_beyond_dense)
{
	struct mat lap = laplacian(91);
	double *ref = malloc((size_t)lap.n * sizeof(double)), *b = malloc((size_t)lap.n * sizeof(double)),
	       *x = malloc((size_t)lap.n * sizeof(double));

	for (int i = 0; i < lap.n; i++)
		ref[i] = cos(0.11 * i) + 0.001 * i;
	mul(&lap, ref, b);
	for (int reorder = 0; reorder <= 1; reorder++) {
		int sing = 99;
		cusolverStatus_t st;

		memset(x, 0, (size_t)lap.n * sizeof(double));
		st = cusolverSpDcsrlsvqrHost(H, lap.n, lap.nnz, D0, lap.val, lap.ptr, lap.ind, b, 1e-12, reorder, x,
					     &sing);
		tap_ok(st == CUSOLVER_STATUS_SUCCESS && sing == -1 && max_err(x, ref, lap.n) < 1e-9,
		       "QR of the n=8281 Laplacian (dense 549 MB), reorder %d: status %d, singularity %d, max error %.2e",
		       reorder, (int)st, sing, max_err(x, ref, lap.n));
	}
	free(ref), free(b), free(x), free_mat(&lap);
}

/* diag(1..n) with a zero at 7; and one with -1 at 3 (not positive definite) */
TAP_TEST(singular)
{
	int n = 12, ptr[13], ind[12], sing = 99;
	double val[12], b[12], x[12];

	for (int i = 0; i < n; i++)
		ptr[i] = i, ind[i] = i, val[i] = i == 7 ? 0.0 : 1.0 + i, b[i] = 1;
	ptr[n] = n;
	TAP_ST(cusolverSpDcsrlsvluHost(H, n, n, D0, val, ptr, ind, b, 1e-12, 0, x, &sing), CUSOLVER_STATUS_SUCCESS);
	tap_ok(sing == 7, "LU: singular at 7 (%d)", sing);
	sing = 99;
	cusolverSpDcsrlsvqrHost(H, n, n, D0, val, ptr, ind, b, 1e-12, 0, x, &sing);
	tap_ok(sing == 7, "QR: singular at 7 (%d)", sing);
	sing = 99;
	cusolverSpDcsrlsvcholHost(H, n, n, D0, val, ptr, ind, b, 1e-12, 0, x, &sing);
	tap_ok(sing == 7, "Cholesky: singular at 7 (%d)", sing);
	val[7] = 8, val[3] = -1;
	sing = 99;
	cusolverSpDcsrlsvcholHost(H, n, n, D0, val, ptr, ind, b, 1e-12, 0, x, &sing);
	tap_ok(sing == 3, "Cholesky: not positive definite at 3 (%d)", sing);
	val[3] = 1e-14;
	sing = 99;
	cusolverSpDcsrlsvluHost(H, n, n, D0, val, ptr, ind, b, 1e-10, 0, x, &sing);
	tap_ok(sing == 3, "LU: a pivot under tol is singular (%d)", sing);
}

static int bandwidth(int n, const int *ptr, const int *ind, const int *inv)
{
	int bw = 0;

	for (int i = 0; i < n; i++)
		for (int e = ptr[i]; e < ptr[i + 1]; e++)
			bw = abs(inv[i] - inv[ind[e]]) > bw ? abs(inv[i] - inv[ind[e]]) : bw;
	return bw;
}

TAP_TEST(orderings_and_permutations)
{
	int k = 15;
	struct mat lap = laplacian(k), ns = nonsymmetric(30, 1);
	int n = lap.n, *scr = malloc((size_t)n * sizeof(int)), *sinv = malloc((size_t)n * sizeof(int));
	int *p = malloc((size_t)n * sizeof(int)), *inv = malloc((size_t)n * sizeof(int)), *seen = calloc((size_t)n, sizeof(int));
	int *bptr = malloc(((size_t)n + 1) * sizeof(int)), *bind = malloc((size_t)lap.nnz * sizeof(int));
	int *map = malloc((size_t)lap.nnz * sizeof(int)), issym = -1, perm_ok = 1, bad = 0;
	size_t size = 0;
	void *buf;
	struct mat s = lap;

	TAP_ST(cusolverSpXcsrissymHost(H, n, lap.nnz, D0, lap.ptr, lap.ptr + 1, lap.ind, &issym),
	       CUSOLVER_STATUS_SUCCESS);
	tap_ok(issym == 1, "the Laplacian is structurally symmetric");
	TAP_ST(cusolverSpXcsrissymHost(H, ns.n, ns.nnz, D1, ns.ptr, ns.ptr + 1, ns.ind, &issym), CUSOLVER_STATUS_SUCCESS);
	tap_ok(issym == 0, "the nonsymmetric matrix is not");

	/* scramble the Laplacian by a fixed permutation (i -> i * 37 mod n), then order it */
	for (int i = 0; i < n; i++)
		scr[i] = (i * 37) % n, sinv[scr[i]] = i;
	memcpy(bptr, lap.ptr, ((size_t)n + 1) * sizeof(int));
	memcpy(bind, lap.ind, (size_t)lap.nnz * sizeof(int));
	for (int e = 0; e < lap.nnz; e++)
		map[e] = e;
	TAP_ST(cusolverSpXcsrperm_bufferSizeHost(H, n, n, lap.nnz, D0, bptr, bind, scr, scr, &size),
	       CUSOLVER_STATUS_SUCCESS);
	buf = malloc(size);
	TAP_ST(cusolverSpXcsrpermHost(H, n, n, lap.nnz, D0, bptr, bind, scr, scr, map, buf), CUSOLVER_STATUS_SUCCESS);
	for (int i = 0; i < n; i++)	/* B(i, j) = A(scr[i], scr[j]), rows sorted */
		for (int e = bptr[i]; e < bptr[i + 1]; e++) {
			int j = bind[e], found = 0;

			if (e > bptr[i] && bind[e - 1] >= j)
				bad++;
			for (int f = lap.ptr[scr[i]]; f < lap.ptr[scr[i] + 1]; f++)
				found |= lap.ind[f] == scr[j] && f == map[e];
			bad += !found;
		}
	tap_ok(bad == 0 && bptr[n] == lap.nnz, "B = A(p, q) entry by entry through the map, rows sorted (%d bad)", bad);
	s.ptr = bptr, s.ind = bind;
	TAP_ST(cusolverSpXcsrsymrcmHost(H, n, s.nnz, D0, s.ptr, s.ind, p), CUSOLVER_STATUS_SUCCESS);
	for (int i = 0; i < n; i++) {
		if (p[i] < 0 || p[i] >= n || seen[p[i]]++)
			perm_ok = 0;
		else
			inv[p[i]] = i;
	}
	tap_ok(perm_ok, "RCM gives a permutation");
	if (perm_ok) {
		int before, after;

		for (int i = 0; i < n; i++)
			sinv[i] = i;
		before = bandwidth(n, s.ptr, s.ind, sinv);
		after = bandwidth(n, s.ptr, s.ind, inv);
		tap_ok(after <= 2 * k && after < before, "RCM narrows the band: %d -> %d (grid width %d)", before, after,
		       k);
	}
	TAP_ST(cusolverSpXcsrsymamdHost(H, n, s.nnz, D0, s.ptr, s.ind, p), CUSOLVER_STATUS_NOT_SUPPORTED);
	free(buf), free(scr), free(sinv), free(p), free(inv), free(seen), free(bptr), free(bind), free(map);
	free_mat(&lap), free_mat(&ns);
}

TAP_TEST(statuses)
{
	int ptr[3] = { 0, 1, 2 }, ind[2] = { 0, 1 }, sing = 0;
	double val[2] = { 1, 2 }, b[2] = { 1, 1 }, x[2];
	cusparseMatDescr_t sym;
	cudaStream_t st = (cudaStream_t)1;

	TAP_ST(cusolverSpDcsrlsvluHost(NULL, 2, 2, D0, val, ptr, ind, b, 0, 0, x, &sing), CUSOLVER_STATUS_NOT_INITIALIZED);
	TAP_ST(cusolverSpDcsrlsvluHost(H, 0, 2, D0, val, ptr, ind, b, 0, 0, x, &sing), CUSOLVER_STATUS_INVALID_VALUE);
	TAP_ST(cusolverSpDcsrlsvluHost(H, 2, 2, D0, val, ptr, ind, b, 0, 4, x, &sing), CUSOLVER_STATUS_INVALID_VALUE);
	TAP_ST(cusolverSpDcsrlsvluHost(H, 2, 2, NULL, val, ptr, ind, b, 0, 0, x, &sing), CUSOLVER_STATUS_INVALID_VALUE);
	ind[1] = 2;
	TAP_ST(cusolverSpDcsrlsvluHost(H, 2, 2, D0, val, ptr, ind, b, 0, 0, x, &sing), CUSOLVER_STATUS_INVALID_VALUE);
	ind[1] = 1;
	cusparseCreateMatDescr(&sym);
	cusparseSetMatType(sym, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	TAP_ST(cusolverSpDcsrlsvluHost(H, 2, 2, sym, val, ptr, ind, b, 0, 0, x, &sing),
	       CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
	cusparseDestroyMatDescr(sym);
	TAP_ST(cusolverSpSetStream(H, 0), CUSOLVER_STATUS_SUCCESS);
	TAP_ST(cusolverSpGetStream(H, &st), CUSOLVER_STATUS_SUCCESS);
	tap_ok(st == 0, "the stream read back");
	TAP_ST(cusolverSpDestroy(NULL), CUSOLVER_STATUS_NOT_INITIALIZED);
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, setup, teardown);
}
