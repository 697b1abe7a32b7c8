// SPDX-License-Identifier: MIT
/*
 * test_cusolver.c - lib/cusolver against references that do not go through
 * LAPACK or the library: matrices built from known factors (a determinant,
 * a Cholesky factor, singular values, eigenvalues chosen beforehand), the
 * products of the returned factors recomputed by naive loops, residuals of
 * the solves, orthogonality of Q, U, V.  Every routine in S, D, C and Z on
 * column-major inputs with leading dimensions above the rows; then the
 * statuses and devInfo of bad input, singular and indefinite matrices, a
 * workspace too small, and stream order.  A value agrees when
 * |got - ref| <= tol * (1 + |ref|), tol 2e-4 (single) and 1e-10 (double);
 * the matrices are small (7 x 7, 9 x 7) and well conditioned.
 *
 * Tests register themselves (TAP_TEST): -l lists them, -t NAME runs one.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include "blas_prec.h"
#include "xorshift.h"
#include "tap.h"

static const double tols[] = { 2e-4, 1e-10, 2e-4, 1e-10 };
static cusolverDnHandle_t H;

/* the real arrays (S of gesvd, W of syevd) of a precision */
static double getr(enum prec p, const void *b, long i)
{
	return p == PS || p == PC ? ((const float *)b)[i] : ((const double *)b)[i];
}

static dc rnd(enum prec p) { return cplx(p) ? urand() + I * urand() : urand(); }
static dc cj(enum prec p, dc v) { return cplx(p) ? conj(v) : v; }

/* a rows x cols matrix (column-major, leading dimension ld) in double complex */
static dc *mat(int ld, int cols) { return calloc((size_t)ld * cols, sizeof(dc)); }

/* the library's array (ld): M's (ldm) values rounded to the precision, the padding NaN */
static void *to_buf_ld(enum prec p, const dc *M, int ldm, int rows, int cols, int ld)
{
	void *b = malloc((size_t)ld * cols * esz[p]);

	for (long j = 0; j < cols; j++)
		for (long i = 0; i < ld; i++)
			put(p, b, i + j * ld, i < rows ? M[i + j * ldm] : NAN);
	return b;
}

static void *to_buf(enum prec p, const dc *M, int rows, int cols, int ld)
{
	return to_buf_ld(p, M, ld, rows, cols, ld);
}

static dc *from_buf(enum prec p, const void *b, int rows, int cols, int ld)
{
	dc *M = mat(ld, cols);

	for (long j = 0; j < cols; j++)
		for (long i = 0; i < rows; i++)
			M[i + j * ld] = get(p, b, i + j * ld);
	return M;
}

/* C (m x n) = op(A) (m x k) * op(B) (k x n): ops 'N', 'T', 'C' */
static void mul(char ta, char tb, int m, int n, int k, const dc *A, int lda, const dc *B, int ldb,
		dc *C, int ldc)
{
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			dc s = 0;
			for (int l = 0; l < k; l++) {
				dc a = ta == 'N' ? A[i + l * lda] : A[l + i * lda];
				dc b = tb == 'N' ? B[l + j * ldb] : B[j + l * ldb];
				s += (ta == 'C' ? conj(a) : a) * (tb == 'C' ? conj(b) : b);
			}
			C[i + j * ldc] = s;
		}
}

static int close_to(enum prec p, dc got, dc ref) { return cabs(got - ref) <= tols[p] * (1 + cabs(ref)); }

/* count of elements of the rows x cols X (ldx) that differ from R (ldr) */
static int diffs(enum prec p, const dc *X, int ldx, const dc *R, int ldr, int rows, int cols)
{
	int bad = 0;

	for (int j = 0; j < cols; j++)
		for (int i = 0; i < rows; i++)
			bad += !close_to(p, X[i + j * ldx], R[i + j * ldr]);
	return bad;
}

/* a unitary n x n matrix: the product of two Householder reflectors I - 2 v v^H / v^H v */
static dc *unitary(enum prec p, int n)
{
	dc *Q = mat(n, n), *Hh = mat(n, n), *T = mat(n, n), v[32];

	for (int i = 0; i < n; i++)
		Q[i + i * n] = 1;
	for (int r = 0; r < 2; r++) {
		double vv = 0;
		for (int i = 0; i < n; i++)
			v[i] = rnd(p), vv += creal(v[i] * conj(v[i]));
		for (int j = 0; j < n; j++)
			for (int i = 0; i < n; i++)
				Hh[i + j * n] = (i == j) - 2 * v[i] * cj(p, v[j]) / vv;
		mul('N', 'N', n, n, n, Q, n, Hh, n, T, n);
		memcpy(Q, T, sizeof(dc) * n * n);
	}
	free(Hh), free(T);
	return Q;
}

/* a random n x n matrix with n added on the diagonal (well conditioned) */
static dc *dominant(enum prec p, int n, int ld)
{
	dc *A = mat(ld, n);

	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++)
			A[i + j * ld] = rnd(p) + (i == j ? n : 0);
	return A;
}

/*
 * ---- typed calls: PICK(p, name, args) calls cusolverDn{S,D,C,Z}name; the
 * arrays are void * here, which C converts to each precision's type.
 */
#define PICK(p, call, ...)                                                                         \
	((p) == PS ? cusolverDnS##call(__VA_ARGS__)                                                \
	 : (p) == PD ? cusolverDnD##call(__VA_ARGS__)                                              \
	 : (p) == PC ? cusolverDnC##call(__VA_ARGS__)                                              \
		     : cusolverDnZ##call(__VA_ARGS__))
/* the routines with a real-only name (ormqr, orgqr, syevd) and their complex twins */
#define PICK_R(p, call, ...) ((p) == PS ? cusolverDnS##call(__VA_ARGS__) : cusolverDnD##call(__VA_ARGS__))
#define PICK_C(p, call, ...) ((p) == PC ? cusolverDnC##call(__VA_ARGS__) : cusolverDnZ##call(__VA_ARGS__))

/* a workspace of lw elements (at least one), as programs cudaMalloc it */
static void *work(enum prec p, int lw)
{
	void *w = NULL;

	cudaMalloc(&w, (size_t)(lw > 0 ? lw : 1) * esz[p]);
	return w;
}

static cusolverStatus_t potrf(enum prec p, cublasFillMode_t u, int n, void *A, int lda, int *info)
{
	int lw = 0;
	cusolverStatus_t st = PICK(p, potrf_bufferSize, H, u, n, A, lda, &lw);
	void *w = work(p, lw);

	if (!st)
		st = PICK(p, potrf, H, u, n, A, lda, w, lw, info);
	cudaFree(w);
	return st;
}

/* geqrf with the workspace the program asked for, or (small) none at all, which we allow */
static cusolverStatus_t geqrf(enum prec p, int m, int n, void *A, int lda, void *tau, int small,
			      int *info)
{
	int lw = 0;
	cusolverStatus_t st = PICK(p, geqrf_bufferSize, H, m, n, A, lda, &lw);
	void *w = small ? NULL : work(p, lw);

	if (!st)
		st = PICK(p, geqrf, H, m, n, A, lda, tau, w, small ? 0 : lw, info);
	cudaFree(w);
	return st;
}

/* ---- LU ---- */

/* A = P0 L0 U0 with U0's diagonal d chosen and P0 the reversal: det(A) = sign(P0) prod(d) */
static dc *known_det(enum prec p, int n, int ld, dc *det)
{
	dc *L0 = mat(n, n), *U0 = mat(n, n), *LU = mat(n, n), *A = mat(ld, n);

	*det = n / 2 % 2 ? -1 : 1; /* the reversal is n/2 swaps */
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			L0[i + j * n] = i > j ? rnd(p) / 2 : i == j;
			U0[i + j * n] = i < j ? rnd(p) : 0;
		}
	for (int i = 0; i < n; i++) {
		U0[i + i * n] = (i % 2 ? -1.0 : 1.0) * (1.5 + 0.25 * i);
		*det *= U0[i + i * n];
	}
	mul('N', 'N', n, n, n, L0, n, U0, n, LU, n);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++)
			A[i + j * ld] = LU[(n - 1 - i) + j * n];
	free(L0), free(U0), free(LU);
	return A;
}

/* L (unit) and U of a factored n x n matrix, multiplied; rows then permuted back by ipiv */
static dc *lu_product(const dc *F, int n, int ld, const int *ipiv)
{
	dc *L = mat(n, n), *U = mat(n, n), *P = mat(ld, n);

	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			L[i + j * n] = i > j ? F[i + j * ld] : i == j;
			U[i + j * n] = i <= j ? F[i + j * ld] : 0;
		}
	mul('N', 'N', n, n, n, L, n, U, n, P, ld);
	for (int i = n - 1; ipiv && i >= 0; i--) /* undo the swaps, last first */
		for (int j = 0; j < n; j++) {
			dc t = P[i + j * ld];
			P[i + j * ld] = P[ipiv[i] - 1 + j * ld];
			P[ipiv[i] - 1 + j * ld] = t;
		}
	free(L), free(U);
	return P;
}

/* op(A) X = B for three right-hand sides, checked by the residual op(A) X - B */
static int solve_ok(enum prec p, cublasOperation_t t, const dc *A0, void *F, int n, int lda,
		    int *ipiv)
{
	const int nrhs = 3, ldb = n + 1;
	char op = t == CUBLAS_OP_N ? 'N' : t == CUBLAS_OP_T ? 'T' : 'C';
	dc *B = mat(ldb, nrhs), *AX = mat(ldb, nrhs);
	int info = -99, bad;

	for (int i = 0; i < ldb * nrhs; i++)
		B[i] = rnd(p);
	void *b = to_buf(p, B, n, nrhs, ldb);
	cusolverStatus_t st = PICK(p, getrs, H, t, n, nrhs, F, lda, ipiv, b, ldb, &info);
	dc *X = from_buf(p, b, n, nrhs, ldb);
	mul(op, 'N', n, nrhs, n, A0, lda, X, ldb, AX, ldb);
	bad = diffs(p, AX, ldb, B, ldb, n, nrhs);
	free(B), free(AX), free(X), free(b);
	return st == CUSOLVER_STATUS_SUCCESS && info == 0 && bad == 0;
}

TAP_TEST(getrf_getrs)
{
	const int n = 7, lda = 9;

	for (enum prec p = PS; p <= PZ; p++) {
		dc det, got = 1;
		dc *A0 = known_det(p, n, lda, &det);
		void *a = to_buf(p, A0, n, n, lda), *w;
		int lw = -1, info = -99, ipiv[7], swaps = 0;
		cusolverStatus_t st = PICK(p, getrf_bufferSize, H, n, n, a, lda, &lw);

		w = work(p, lw);
		st = st ? st : PICK(p, getrf, H, n, n, a, lda, w, ipiv, &info);
		dc *F = from_buf(p, a, n, n, lda), *PLU = lu_product(F, n, lda, ipiv);
		tap_ok(!st && lw >= 0 && info == 0 && diffs(p, PLU, lda, A0, lda, n, n) == 0,
		       "%cgetrf: P L U = A (7 x 7, lda 9), devInfo 0", pname[p]);
		for (int i = 0; i < n; i++) {
			got *= F[i + i * lda];
			swaps += ipiv[i] != i + 1;
		}
		got *= swaps % 2 ? -1 : 1;
		tap_ok(cabs(got - det) <= 10 * tols[p] * cabs(det),
		       "%cgetrf: the determinant from the factors (%g) is the one built in (%g)", pname[p],
		       creal(got), creal(det));
		for (cublasOperation_t t = CUBLAS_OP_N; t <= CUBLAS_OP_C; t++)
			tap_ok(solve_ok(p, t, A0, a, n, lda, ipiv), "%cgetrs op %c: op(A) X = B", pname[p],
			       "NTC"[t]);
		cudaFree(w), free(A0), free(a), free(F), free(PLU);
	}
}

TAP_TEST(getrf_no_pivoting)
{
	const int n = 7, lda = 8;

	for (enum prec p = PS; p <= PZ; p++) {
		dc *A0 = dominant(p, n, lda);
		void *a = to_buf(p, A0, n, n, lda);
		int info = -99;
		cusolverStatus_t st = PICK(p, getrf, H, n, n, a, lda, NULL, NULL, &info);
		dc *F = from_buf(p, a, n, n, lda), *LU = lu_product(F, n, lda, NULL);

		tap_ok(!st && info == 0 && diffs(p, LU, lda, A0, lda, n, n) == 0,
		       "%cgetrf devIpiv NULL: L U = A without row exchanges", pname[p]);
		tap_ok(solve_ok(p, CUBLAS_OP_N, A0, a, n, lda, NULL), "%cgetrs devIpiv NULL: A X = B",
		       pname[p]);
		free(A0), free(a), free(F), free(LU);
	}
}

/* ---- Cholesky ---- */

TAP_TEST(potrf_potrs)
{
	const int n = 7, lda = 9;

	for (enum prec p = PS; p <= PZ; p++) {
		dc *M = mat(n, n), *A0 = mat(lda, n), det = 1;

		for (int j = 0; j < n; j++)
			for (int i = 0; i < n; i++)
				M[i + j * n] = i > j ? rnd(p) : i == j ? 2 + 0.25 * i : 0;
		mul('N', 'C', n, n, n, M, n, M, n, A0, lda);
		for (int i = 0; i < n; i++)
			det *= M[i + i * n] * M[i + i * n];
		for (cublasFillMode_t u = CUBLAS_FILL_MODE_LOWER; u <= CUBLAS_FILL_MODE_UPPER; u++) {
			int lower = u == CUBLAS_FILL_MODE_LOWER, info = -99, bad = 0;
			void *a = to_buf(p, A0, n, n, lda);

			for (int j = 0; j < n; j++) /* the triangle not named must not be read */
				for (int i = 0; i < n; i++)
					if (lower ? i < j : i > j)
						put(p, a, i + j * lda, NAN);
			cusolverStatus_t st = potrf(p, u, n, a, lda, &info);
			dc *F = from_buf(p, a, n, n, lda), got = 1;
			for (int j = 0; j < n; j++)
				for (int i = 0; i < n; i++)
					if (lower ? i >= j : i <= j)
						bad += !close_to(p, F[i + j * lda],
								 lower ? M[i + j * n] : conj(M[j + i * n]));
			for (int i = 0; i < n; i++)
				got *= F[i + i * lda] * F[i + i * lda];
			tap_ok(!st && info == 0 && bad == 0,
			       "%cpotrf %s: the factor is the triangular M of A = M M^H", pname[p],
			       lower ? "lower" : "upper");
			tap_ok(cabs(got - det) <= 10 * tols[p] * cabs(det),
			       "%cpotrf %s: det(A) = prod(diag)^2 = %g (built in %g)", pname[p],
			       lower ? "lower" : "upper", creal(got), creal(det));

			const int nrhs = 2, ldb = 8;
			dc *B = mat(ldb, nrhs), *AX = mat(ldb, nrhs);
			for (int i = 0; i < ldb * nrhs; i++)
				B[i] = rnd(p);
			void *b = to_buf(p, B, n, nrhs, ldb);
			info = -99;
			st = PICK(p, potrs, H, u, n, nrhs, a, lda, b, ldb, &info);
			dc *X = from_buf(p, b, n, nrhs, ldb);
			mul('N', 'N', n, nrhs, n, A0, lda, X, ldb, AX, ldb);
			tap_ok(!st && info == 0 && diffs(p, AX, ldb, B, ldb, n, nrhs) == 0,
			       "%cpotrs %s: A X = B", pname[p], lower ? "lower" : "upper");
			free(a), free(F), free(B), free(AX), free(b), free(X);
		}
		free(M), free(A0);
	}
}

/* ---- QR ---- */

/* the n x n identity's difference count against X^H X (X rows x n, ld) */
static int not_orthonormal(enum prec p, const dc *X, int rows, int n, int ld)
{
	dc *G = mat(n, n), *Id = mat(n, n);
	int bad;

	mul('C', 'N', n, n, rows, X, ld, X, ld, G, n);
	for (int i = 0; i < n; i++)
		Id[i + i * n] = 1;
	bad = diffs(p, G, n, Id, n, n, n);
	free(G), free(Id);
	return bad;
}

/* Q (m x n) from orgqr/ungqr on a copy of the factored a */
static dc *thin_q(enum prec p, const void *a, const void *tau, int m, int n, int lda, int *ok)
{
	void *q = malloc((size_t)lda * n * esz[p]), *w;
	int lw = -1, info = -99;

	memcpy(q, a, (size_t)lda * n * esz[p]);
	cusolverStatus_t st = p == PS || p == PD ? PICK_R(p, orgqr_bufferSize, H, m, n, n, q, lda, tau, &lw)
						 : PICK_C(p, ungqr_bufferSize, H, m, n, n, q, lda, tau, &lw);
	w = work(p, lw);
	if (!st)
		st = p == PS || p == PD ? PICK_R(p, orgqr, H, m, n, n, q, lda, tau, w, lw, &info)
					: PICK_C(p, ungqr, H, m, n, n, q, lda, tau, w, lw, &info);
	*ok = !st && lw >= 1 && info == 0;
	dc *Q = from_buf(p, q, m, n, lda);
	cudaFree(w), free(q);
	return Q;
}

/* ormqr/unmqr on C (rows x cols, ldc) in place */
static int apply_q(enum prec p, cublasSideMode_t side, cublasOperation_t t, int rows, int cols, int k,
		   const void *a, int lda, const void *tau, void *c, int ldc)
{
	int lw = -1, info = -99;
	cusolverStatus_t st;
	void *w;

	if (p == PS || p == PD)
		st = PICK_R(p, ormqr_bufferSize, H, side, t, rows, cols, k, a, lda, tau, c, ldc, &lw);
	else
		st = PICK_C(p, unmqr_bufferSize, H, side, t, rows, cols, k, a, lda, tau, c, ldc, &lw);
	w = work(p, lw);
	if (!st && (p == PS || p == PD))
		st = PICK_R(p, ormqr, H, side, t, rows, cols, k, a, lda, tau, c, ldc, w, lw, &info);
	else if (!st)
		st = PICK_C(p, unmqr, H, side, t, rows, cols, k, a, lda, tau, c, ldc, w, lw, &info);
	cudaFree(w);
	return !st && info == 0;
}

TAP_TEST(geqrf_ormqr_orgqr)
{
	const int m = 9, n = 7, lda = 11, ldc = 10, rows = 5;

	for (enum prec p = PS; p <= PZ; p++) {
		cublasOperation_t adj = cplx(p) ? CUBLAS_OP_C : CUBLAS_OP_T;
		dc *A0 = mat(lda, n), *R = mat(n, n), *QR = mat(lda, n);
		int info = -99, ok;

		for (int i = 0; i < lda * n; i++)
			A0[i] = rnd(p);
		void *a = to_buf(p, A0, m, n, lda), *tau = malloc(n * esz[p]);
		cusolverStatus_t st = geqrf(p, m, n, a, lda, tau, 0, &info);
		dc *F = from_buf(p, a, m, n, lda);
		for (int j = 0; j < n; j++)
			for (int i = 0; i <= j; i++)
				R[i + j * n] = F[i + j * lda];
		dc *Q = thin_q(p, a, tau, m, n, lda, &ok);
		mul('N', 'N', m, n, n, Q, lda, R, n, QR, lda);
		tap_ok(!st && info == 0 && ok && not_orthonormal(p, Q, m, n, lda) == 0 &&
			       diffs(p, QR, lda, A0, lda, m, n) == 0,
		       "%cgeqrf + %s: Q^H Q = I and Q R = A (9 x 7)", pname[p], cplx(p) ? "ungqr" : "orgqr");

		/* Q^H A = [R; 0] */
		void *c = to_buf_ld(p, A0, lda, m, n, ldc);
		ok = apply_q(p, CUBLAS_SIDE_LEFT, adj, m, n, n, a, lda, tau, c, ldc);
		dc *QhA = from_buf(p, c, m, n, ldc), *R0 = mat(ldc, n);
		for (int j = 0; j < n; j++)
			for (int i = 0; i <= j; i++)
				R0[i + j * ldc] = R[i + j * n];
		tap_ok(ok && diffs(p, QhA, ldc, R0, ldc, m, n) == 0, "%c%s left, %c: Q^H A = [R; 0]",
		       pname[p], cplx(p) ? "unmqr" : "ormqr", "NTC"[adj]);

		/* C Q from the right against C times Q applied to the identity from the left */
		dc *Id = mat(m, m), *C0 = mat(ldc, m), *CQ = mat(ldc, m);
		for (int i = 0; i < m; i++)
			Id[i + i * m] = 1;
		void *qf = to_buf(p, Id, m, m, m);
		ok = apply_q(p, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, m, m, n, a, lda, tau, qf, m);
		dc *Qfull = from_buf(p, qf, m, m, m);
		for (int i = 0; i < ldc * m; i++)
			C0[i] = rnd(p);
		void *c2 = to_buf(p, C0, rows, m, ldc);
		ok = ok && apply_q(p, CUBLAS_SIDE_RIGHT, CUBLAS_OP_N, rows, m, n, a, lda, tau, c2, ldc);
		dc *got = from_buf(p, c2, rows, m, ldc);
		mul('N', 'N', rows, m, m, C0, ldc, Qfull, m, CQ, ldc);
		tap_ok(ok && not_orthonormal(p, Qfull, m, m, m) == 0 && diffs(p, Qfull, m, Q, lda, m, n) == 0 &&
			       diffs(p, got, ldc, CQ, ldc, rows, m) == 0,
		       "%c%s right, N: C Q = C times the unitary Q (whose first columns are orgqr's)",
		       pname[p], cplx(p) ? "unmqr" : "ormqr");

		/* no workspace at all: ours, and the same factors bit for bit */
		void *a2 = to_buf(p, A0, m, n, lda), *tau2 = malloc(n * esz[p]);
		info = -99;
		st = geqrf(p, m, n, a2, lda, tau2, 1, &info);
		tap_ok(!st && info == 0 && !memcmp(a2, a, (size_t)lda * n * esz[p]) &&
			       !memcmp(tau2, tau, n * esz[p]),
		       "%cgeqrf with Lwork 0 and no workspace: the same factors", pname[p]);
		free(A0), free(R), free(QR), free(a), free(tau), free(F), free(Q), free(c), free(QhA);
		free(R0), free(Id), free(C0), free(CQ), free(qf), free(Qfull), free(c2), free(got);
		free(a2), free(tau2);
	}
}

/* ---- SVD ---- */

TAP_TEST(gesvd)
{
	const int m = 9, n = 7, lda = 10, ldu = 10, ldvt = 8;
	static const char jobs[][2] = { { 'A', 'A' }, { 'S', 'S' }, { 'N', 'N' } };

	for (enum prec p = PS; p <= PZ; p++) {
		dc *U0 = unitary(p, m), *V0 = unitary(p, n), *US = mat(m, n), *A0 = mat(lda, n);
		double s0[7];

		for (int i = 0; i < n; i++)
			s0[i] = 7.5 - i; /* distinct, descending */
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++)
				US[i + j * m] = U0[i + j * m] * s0[j];
		mul('N', 'C', m, n, n, US, m, V0, n, A0, lda);
		for (int k = 0; k < 3; k++) {
			char ju = jobs[k][0], jv = jobs[k][1];
			int ucols = ju == 'A' ? m : n, lw = -1, info = -99, bad = 0;
			void *a = to_buf(p, A0, m, n, lda), *s = malloc(n * 8), *w;
			void *u = calloc((size_t)ldu * m, esz[p]), *vt = calloc((size_t)ldvt * n, esz[p]);
			cusolverStatus_t st = PICK(p, gesvd_bufferSize, H, m, n, &lw);

			w = work(p, lw);
			if (!st)
				st = PICK(p, gesvd, H, ju, jv, m, n, a, lda, s, ju == 'N' ? NULL : u, ldu,
					  jv == 'N' ? NULL : vt, ldvt, w, lw, NULL, &info);
			for (int i = 0; i < n; i++)
				bad += !close_to(p, getr(p, s, i), s0[i]);
			tap_ok(!st && info == 0 && bad == 0,
			       "%cgesvd jobu %c jobvt %c: S = the singular values built in", pname[p], ju, jv);
			if (ju != 'N') {
				dc *U = from_buf(p, u, m, ucols, ldu), *VT = from_buf(p, vt, n, n, ldvt);
				dc *USV = mat(lda, n);
				for (int j = 0; j < n; j++)
					for (int i = 0; i < m; i++)
						U[i + j * ldu] *= getr(p, s, j);
				mul('N', 'N', m, n, n, U, ldu, VT, ldvt, USV, lda);
				dc *U2 = from_buf(p, u, m, ucols, ldu);
				tap_ok(not_orthonormal(p, U2, m, ucols, ldu) == 0 &&
					       not_orthonormal(p, VT, n, n, ldvt) == 0 &&
					       diffs(p, USV, lda, A0, lda, m, n) == 0,
				       "%cgesvd jobu %c: U and V unitary, U S V^H = A", pname[p], ju);
				free(U), free(VT), free(USV), free(U2);
			}
			cudaFree(w), free(a), free(s), free(u), free(vt);
		}
		free(U0), free(V0), free(US), free(A0);
	}
}

/* ---- eigenvalues ---- */

TAP_TEST(syevd_heevd)
{
	const int n = 7, lda = 9;
	static const double w0[] = { -3, -1.5, -0.5, 0.25, 1, 2.5, 4 };

	for (enum prec p = PS; p <= PZ; p++) {
		const char *name = cplx(p) ? "heevd" : "syevd";
		dc *Q0 = unitary(p, n), *QW = mat(n, n), *A0 = mat(lda, n);

		for (int j = 0; j < n; j++)
			for (int i = 0; i < n; i++)
				QW[i + j * n] = Q0[i + j * n] * w0[j];
		mul('N', 'C', n, n, n, QW, n, Q0, n, A0, lda);
		for (int vec = 1; vec >= 0; vec--) {
			cusolverEigMode_t jz = vec ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
			cublasFillMode_t u = vec ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
			void *a = to_buf(p, A0, n, n, lda), *W = malloc(n * 8), *w;
			int lw = -1, info = -99, bad = 0;
			cusolverStatus_t st = cplx(p) ? PICK_C(p, heevd_bufferSize, H, jz, u, n, a, lda, W, &lw)
						      : PICK_R(p, syevd_bufferSize, H, jz, u, n, a, lda, W, &lw);

			w = work(p, lw);
			if (!st)
				st = cplx(p) ? PICK_C(p, heevd, H, jz, u, n, a, lda, W, w, lw, &info)
					     : PICK_R(p, syevd, H, jz, u, n, a, lda, W, w, lw, &info);
			for (int i = 0; i < n; i++)
				bad += !close_to(p, getr(p, W, i), w0[i]);
			tap_ok(!st && info == 0 && bad == 0, "%c%s %s: W = the eigenvalues built in, ascending",
			       pname[p], name, vec ? "vectors, lower" : "values only, upper");
			if (vec) {
				dc *V = from_buf(p, a, n, n, lda), *AV = mat(n, n), *VW = mat(n, n);
				mul('N', 'N', n, n, n, A0, lda, V, lda, AV, n);
				for (int j = 0; j < n; j++)
					for (int i = 0; i < n; i++)
						VW[i + j * n] = V[i + j * lda] * getr(p, W, j);
				tap_ok(not_orthonormal(p, V, n, n, lda) == 0 && diffs(p, AV, n, VW, n, n, n) == 0,
				       "%c%s: V unitary and A V = V diag(W)", pname[p], name);
				free(V), free(AV), free(VW);
			}
			cudaFree(w), free(a), free(W);
		}
		free(Q0), free(QW), free(A0);
	}
}

/* ---- statuses, devInfo, streams ---- */

TAP_TEST(statuses)
{
	cusolverStatus_t st;
	double a[16] = { 0 }, b[4] = { 0 }, w[64], s[4];
	cuDoubleComplex z[16] = { { 0, 0 } };
	int info, lw, ipiv[4];

	tap_ok(cusolverDnDgetrf(NULL, 4, 4, a, 4, w, ipiv, &info) == CUSOLVER_STATUS_NOT_INITIALIZED &&
		       cusolverDnDpotrf_bufferSize(NULL, CUBLAS_FILL_MODE_LOWER, 4, a, 4, &lw) ==
			       CUSOLVER_STATUS_NOT_INITIALIZED &&
		       cusolverDnDestroy(NULL) == CUSOLVER_STATUS_NOT_INITIALIZED,
	       "a NULL handle: CUSOLVER_STATUS_NOT_INITIALIZED");
	info = 0;
	st = cusolverDnDgetrf(H, 4, 4, a, 3, w, ipiv, &info);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -4,
	       "getrf lda < m: INVALID_VALUE, devInfo -4 (%d)", info);
	info = 0;
	st = cusolverDnSgetrf(H, -1, 4, (float *)a, 4, (float *)w, ipiv, &info);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -1,
	       "getrf m < 0: INVALID_VALUE, devInfo -1 (%d)", info);
	info = 0;
	st = cusolverDnDpotrf(H, CUBLAS_FILL_MODE_FULL, 4, a, 4, w, 64, &info);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -1,
	       "potrf uplo FULL: INVALID_VALUE, devInfo -1 (%d)", info);
	info = 0;
	st = cusolverDnDgetrs(H, (cublasOperation_t)7, 4, 1, a, 4, ipiv, b, 4, &info);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -1,
	       "getrs bad trans: INVALID_VALUE, devInfo -1 (%d)", info);
	info = 0;
	st = cusolverDnDpotrs(H, CUBLAS_FILL_MODE_LOWER, 4, 1, a, 4, b, 2, &info);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -7,
	       "potrs ldb < n: INVALID_VALUE, devInfo -7 (%d)", info);
	info = 0;
	st = cusolverDnDgesvd(H, 'A', 'A', 3, 4, a, 4, s, w, 4, w, 4, w, 64, NULL, &info);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -3,
	       "gesvd m < n (cuSOLVER supports m >= n): INVALID_VALUE, devInfo -3 (%d)", info);
	info = 0;
	st = cusolverDnDgesvd(H, 'O', 'O', 4, 4, a, 4, s, w, 4, w, 4, w, 64, NULL, &info);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -2,
	       "gesvd jobu and jobvt both O: INVALID_VALUE, devInfo -2 (%d)", info);
	info = 0;
	st = cusolverDnDsyevd(H, (cusolverEigMode_t)5, CUBLAS_FILL_MODE_LOWER, 4, a, 4, s, w, 64, &info);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -1,
	       "syevd bad jobz: INVALID_VALUE, devInfo -1 (%d)", info);
	info = 0;
	st = cusolverDnZunmqr(H, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, 4, 4, 2, z, 4, z, z, 4, z, 16, &info);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -2,
	       "unmqr with OP_T (complex: N or C): INVALID_VALUE, devInfo -2 (%d)", info);
	info = 0;
	st = cusolverDnDormqr(H, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, 4, 4, 5, a, 4, b, a, 4, w, 64, &info);
	tap_ok(st == CUSOLVER_STATUS_INVALID_VALUE && info == -5,
	       "ormqr k > m: INVALID_VALUE, devInfo -5 (%d)", info);
	tap_ok(cusolverDnDgetrf(H, 4, 4, a, 4, w, ipiv, NULL) == CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnDgeqrf_bufferSize(H, 4, 4, a, 4, NULL) == CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnDgetrf(H, 4, 4, NULL, 4, w, ipiv, &info) == CUSOLVER_STATUS_INVALID_VALUE,
	       "NULL devInfo, NULL lwork, NULL matrix: INVALID_VALUE, no crash");
}

TAP_TEST(singular_and_indefinite)
{
	cusolverStatus_t st;
	/* column 3 of A is zero: U(3,3) = 0 with or without pivoting */
	double a[16], p0[16] = { 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3 };
	double ind[16] = { 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, -1, 0, 0, 0, 0, 4 };
	int info = -99, ipiv[4];

	for (int i = 0; i < 16; i++)
		a[i] = i / 4 == 2 ? 0 : 1 + i % 4 + (i / 4 == i % 4 ? 5 : 0);
	st = cusolverDnDgetrf(H, 4, 4, a, 4, NULL, ipiv, &info);
	tap_ok(!st && info == 3,
	       "getrf of a matrix whose third column is zero: SUCCESS, devInfo 3 (%d)", info);
	/* a zero in the corner: singular without row exchanges only */
	memcpy(a, p0, sizeof(a));
	info = -99;
	st = cusolverDnDgetrf(H, 4, 4, a, 4, NULL, ipiv, &info);
	tap_ok(!st && info == 0 && ipiv[0] == 2,
	       "getrf pivots past a zero corner (devInfo %d, ipiv[0] %d)", info, ipiv[0]);
	memcpy(a, p0, sizeof(a));
	info = -99;
	st = cusolverDnDgetrf(H, 4, 4, a, 4, NULL, NULL, &info);
	tap_ok(!st && info == 1,
	       "getrf without pivoting stops at the zero corner: devInfo 1 (%d)", info);
	info = -99;
	st = cusolverDnDpotrf(H, CUBLAS_FILL_MODE_LOWER, 4, ind, 4, NULL, 0, &info);
	tap_ok(!st && info == 3,
	       "potrf of diag(1, 2, -1, 4): SUCCESS, devInfo 3 (not positive definite) (%d)", info);
}

static void CUDART_CB fill_spd(void *p)
{
	double *a = p;

	for (int i = 0; i < 9; i++)
		a[i] = i % 4 == 0 ? 4 : 0; /* 4 I (3 x 3) */
}

TAP_TEST(streams_versions)
{
	cusolverStatus_t st;
	cudaStream_t s, got = NULL;
	double *a;
	int info = -99, v = 0, major = -1;

	cudaStreamCreate(&s);
	cudaMalloc((void **)&a, 9 * sizeof(double));
	memset(a, 0, 9 * sizeof(double));
	int ok = !cusolverDnSetStream(H, s) && !cusolverDnGetStream(H, &got) && got == s;
	cudaLaunchHostFunc(s, fill_spd, a);
	ok = ok && !cusolverDnDpotrf(H, CUBLAS_FILL_MODE_LOWER, 3, a, 3, NULL, 0, &info);
	tap_ok(ok && info == 0 && a[0] == 2 && a[4] == 2 && a[8] == 2,
	       "potrf on a stream runs after the stream's earlier work (chol(4 I) = 2 I, devInfo %d)", info);
	/* on a stream being captured into a graph nothing may wait for it: refused, the capture valid */
	cudaGraph_t g = NULL;
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	st = cusolverDnDpotrf(H, CUBLAS_FILL_MODE_LOWER, 3, a, 3, NULL, 0, &info);
	cudaError_t e = cudaStreamEndCapture(s, &g);

	tap_ok(st == CUSOLVER_STATUS_NOT_SUPPORTED && e == cudaSuccess && g,
	       "potrf on a captured stream: NOT_SUPPORTED (%d), the capture still ends with a graph", (int)st);
	cudaGraphDestroy(g);
	cusolverDnSetStream(H, 0);
	cudaStreamDestroy(s);
	cudaFree(a);
	st = cusolverGetVersion(&v);
	tap_ok(!st && v == CUSOLVER_VERSION &&
		       !cusolverGetProperty(MAJOR_VERSION, &major) && major == CUSOLVER_VER_MAJOR &&
		       cusolverGetProperty((libraryPropertyType)9, &major) == CUSOLVER_STATUS_INVALID_VALUE,
	       "cusolverGetVersion %d, cusolverGetProperty", v);
}

static void log_line(int level, const char *function, const char *message)
{
	(void)level, (void)function, (void)message;
}

/* the logger: arguments checked, a file named is created; no message at any level (logger.c) */
TAP_TEST(logger)
{
	char path[] = "/tmp/idxgen-cusolver-log-XXXXXX";
	int fd = mkstemp(path), info = 0;
	FILE *f;
	long size = -1;
	double a[4] = {4, 0, 0, 4};

	if (fd >= 0)
		close(fd);
	unlink(path);
	tap_ok(cusolverDnLoggerSetLevel(5) == CUSOLVER_STATUS_SUCCESS &&
		       cusolverDnLoggerSetLevel(0) == CUSOLVER_STATUS_SUCCESS &&
		       cusolverDnLoggerSetLevel(6) == CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnLoggerSetLevel(-1) == CUSOLVER_STATUS_INVALID_VALUE,
	       "cusolverDnLoggerSetLevel: 0..5, others INVALID_VALUE");
	tap_ok(cusolverDnLoggerSetMask(31) == CUSOLVER_STATUS_SUCCESS &&
		       cusolverDnLoggerSetMask(32) == CUSOLVER_STATUS_INVALID_VALUE,
	       "cusolverDnLoggerSetMask: the five levels' bits");
	tap_ok(cusolverDnLoggerOpenFile(path) == CUSOLVER_STATUS_SUCCESS &&
		       cusolverDnLoggerOpenFile(NULL) == CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnLoggerOpenFile("/nonexistent-dir/x.log") == CUSOLVER_STATUS_INTERNAL_ERROR,
	       "cusolverDnLoggerOpenFile: the file made, NULL and an unopenable name refused");
	tap_ok(cusolverDnLoggerSetCallback(log_line) == CUSOLVER_STATUS_SUCCESS &&
		       cusolverDnLoggerSetCallback(NULL) == CUSOLVER_STATUS_SUCCESS &&
		       cusolverDnLoggerSetFile(stderr) == CUSOLVER_STATUS_SUCCESS &&
		       cusolverDnLoggerForceDisable() == CUSOLVER_STATUS_SUCCESS,
	       "cusolverDnLoggerSetCallback, SetFile, ForceDisable: SUCCESS");
	cusolverDnDpotrf(H, CUBLAS_FILL_MODE_LOWER, 2, a, 2, NULL, 0, &info);
	f = fopen(path, "r");
	if (f) {
		fseek(f, 0, SEEK_END);
		size = ftell(f);
		fclose(f);
	}
	unlink(path);
	tap_ok(size == 0 && info == 0, "the log file exists and stays empty after a call (%ld bytes)", size);
}

/* math mode, deterministic mode, emulation strategy: cuSOLVER's defaults, stored per handle, bad values refused */
TAP_TEST(handle_modes)
{
	cusolverDnHandle_t h2 = NULL;
	cusolverMathMode_t mm = 0, mm2 = 0;
	cusolverDeterministicMode_t dm = 0;
	cudaEmulationStrategy_t es = 7;
	int ok = !cusolverDnCreate(&h2) && !cusolverDnGetMathMode(h2, &mm) && mm == CUSOLVER_DEFAULT_MATH &&
		 !cusolverDnGetDeterministicMode(h2, &dm) && dm == CUSOLVER_DETERMINISTIC_RESULTS &&
		 !cusolverDnGetEmulationStrategy(h2, &es) && es == CUDA_EMULATION_STRATEGY_DEFAULT;

	tap_ok(ok, "a new handle: DEFAULT_MATH, DETERMINISTIC_RESULTS, EMULATION_STRATEGY_DEFAULT");
	ok = !cusolverDnSetMathMode(h2, CUSOLVER_FP32_EMULATED_BF16X9_MATH) &&
	     !cusolverDnSetDeterministicMode(h2, CUSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS) &&
	     !cusolverDnSetEmulationStrategy(h2, CUDA_EMULATION_STRATEGY_EAGER) && !cusolverDnGetMathMode(h2, &mm) &&
	     !cusolverDnGetDeterministicMode(h2, &dm) && !cusolverDnGetEmulationStrategy(h2, &es) &&
	     !cusolverDnGetMathMode(H, &mm2);
	tap_ok(ok && mm == CUSOLVER_FP32_EMULATED_BF16X9_MATH && dm == CUSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS &&
		       es == CUDA_EMULATION_STRATEGY_EAGER && mm2 == CUSOLVER_DEFAULT_MATH,
	       "set, then get: the values set, on that handle only");
	ok = cusolverDnSetMathMode(h2, (cusolverMathMode_t)9) == CUSOLVER_STATUS_INVALID_VALUE &&
	     cusolverDnSetDeterministicMode(h2, (cusolverDeterministicMode_t)0) == CUSOLVER_STATUS_INVALID_VALUE &&
	     cusolverDnSetEmulationStrategy(h2, (cudaEmulationStrategy_t)3) == CUSOLVER_STATUS_INVALID_VALUE &&
	     !cusolverDnGetMathMode(h2, &mm) && mm == CUSOLVER_FP32_EMULATED_BF16X9_MATH &&
	     cusolverDnGetMathMode(h2, NULL) == CUSOLVER_STATUS_INVALID_VALUE &&
	     cusolverDnSetMathMode(NULL, CUSOLVER_DEFAULT_MATH) == CUSOLVER_STATUS_NOT_INITIALIZED &&
	     cusolverDnGetEmulationStrategy(NULL, &es) == CUSOLVER_STATUS_NOT_INITIALIZED;
	tap_ok(ok, "a value outside the enum: INVALID_VALUE, setting kept; NULL out: INVALID_VALUE; no handle");
	/* the mode changes no result: potrf of 4 I is 2 I under the emulated math mode */
	double a[4] = { 4, 0, 0, 4 };
	int info = -1;
	tap_ok(!cusolverDnDpotrf(h2, CUBLAS_FILL_MODE_LOWER, 2, a, 2, NULL, 0, &info) && !info && a[0] == 2 &&
		       a[3] == 2,
	       "potrf under FP32_EMULATED_BF16X9_MATH: chol(4 I) = 2 I exactly");
	cusolverDnDestroy(h2);
}

int main(int argc, char **argv)
{
	int rc;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	xorshift_seed(0x2545f4914f6cdd1dull);
	if (!tap_ok(cusolverDnCreate(&H) == CUSOLVER_STATUS_SUCCESS, "cusolverDnCreate"))
		return tap_done();
	rc = tap_run(argc, argv);
	if (rc >= 0)
		return rc;
	tap_ok(cusolverDnDestroy(H) == CUSOLVER_STATUS_SUCCESS, "cusolverDnDestroy");
	return tap_done();
}
