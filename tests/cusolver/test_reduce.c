// SPDX-License-Identifier: MIT
/*
 * test_reduce.c - lib/cusolver's potri, lauum, gebrd + orgbr/ungbr,
 * sytrd/hetrd + orgtr/ungtr + ormtr/unmtr and laswp, in S, D, C, Z,
 * against references computed here by naive loops: A A^-1 = I from potrf +
 * potri; U U^H and L^H L of a random triangle; A = Q B P^H with B the
 * bidiagonal of d and e and Q, P^H orthonormal; A = Q T Q^H with T the
 * tridiagonal of d and e; ormtr's Q^H C and C Q equal to the products with
 * orgtr's Q; laswp's rows equal to the swaps done one by one.  Then the
 * statuses: no handle, no devInfo, bad arguments with devInfo naming
 * cuSOLVER's argument, a singular factor, pivots out of range.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include "blas_rand.h"
#include "tap.h"

static const double tols[] = { 2e-4, 1e-11, 2e-4, 1e-11 };
static cusolverDnHandle_t H;

/* one call in the precision p (pointer arguments are void *, so one list fits all four) */
#define CALL(p, name, ...)                                                                  \
	((p) == PS ? cusolverDnS##name(__VA_ARGS__) : (p) == PD ? cusolverDnD##name(__VA_ARGS__) \
		: (p) == PC ? cusolverDnC##name(__VA_ARGS__) : cusolverDnZ##name(__VA_ARGS__))
#define CALL2(p, rname, cname, ...)                                                          \
	((p) == PS ? cusolverDnS##rname(__VA_ARGS__) : (p) == PD ? cusolverDnD##rname(__VA_ARGS__) \
		: (p) == PC ? cusolverDnC##cname(__VA_ARGS__) : cusolverDnZ##cname(__VA_ARGS__))

static size_t rsz(enum prec p) { return p == PS || p == PC ? 4 : 8; }
static double getr(enum prec p, const void *b, long i)
{
	return rsz(p) == 4 ? ((const float *)b)[i] : ((const double *)b)[i];
}

/* max |X - Y| over an m x n part, X and Y double complex column-major with leading dimension m */
static double maxdiff(const dc *X, const dc *Y, int m, int n)
{
	double d = 0;

	for (long i = 0; i < (long)m * n; i++)
		d = fmax(d, cabs(X[i] - Y[i]));
	return d;
}

/* C (m x n) = op(A) (m x k) B (k x n), op conjugate transposes when ca; all double complex, ld = rows */
static void mul(dc *C, const dc *A, int ca, const dc *B, int m, int n, int k)
{
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			dc s = 0;
			for (int l = 0; l < k; l++)
				s += (ca ? conj(A[l + (long)i * k]) : A[i + (long)l * m]) * B[l + (long)j * k];
			C[i + (long)j * m] = s;
		}
}

/* the m x n part of a (leading dimension ld) of precision p, as double complex */
static dc *widen(enum prec p, const void *a, int m, int n, int ld)
{
	dc *w = malloc(sizeof(dc) * (size_t)(m > 0 && n > 0 ? m * n : 1));

	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			w[i + (long)j * m] = get(p, a, i + (long)j * ld);
	return w;
}

static int qh_q_is_identity(enum prec p, const dc *Q, int m, int n)
{
	dc *G = malloc(sizeof(dc) * (size_t)n * n), *I_ = calloc((size_t)n * n, sizeof(dc));
	int ok;

	for (int i = 0; i < n; i++)
		I_[i + (long)i * n] = 1;
	mul(G, Q, 1, Q, n, n, m);
	ok = maxdiff(G, I_, n, n) <= tols[p] * 10 * m;
	free(G), free(I_);
	return ok;
}

/* ---- potri, lauum ---- */

enum { N = 9, LDA = 11 };

/* a Hermitian positive definite n x n (leading dimension LDA): B B^H + n I */
static void *spd(enum prec p, int n)
{
	void *B = rand_mat(p, n, n, n, 0), *A = calloc((size_t)LDA * n, esz[p]);

	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			dc s = i == j ? n : 0;
			for (int k = 0; k < n; k++)
				s += get(p, B, i + (long)k * n) * conj(get(p, B, j + (long)k * n));
			put(p, A, i + (long)j * LDA, i == j ? creal(s) : s);
		}
	free(B);
	return A;
}

/* the full Hermitian matrix whose uplo triangle a holds */
static dc *herm_full(enum prec p, const void *a, int n, int ld, int upper)
{
	dc *w = malloc(sizeof(dc) * (size_t)n * n);

	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			int mine = upper ? i <= j : i >= j;
			w[i + (long)j * n] = mine ? get(p, a, i + (long)j * ld) : conj(get(p, a, j + (long)i * ld));
		}
	return w;
}

TAP_TEST(potri)
{
	for (int p = PS; p <= PZ; p++)
		for (int up = 0; up < 2; up++) {
			cublasFillMode_t f = up ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
			void *A = spd(p, N), *F = copy_mat(p, A, (size_t)LDA * N);
			int lw = 0, lw2 = 0, info = -7, info2 = -7;
			int s1 = CALL(p, potrf_bufferSize, H, f, N, F, LDA, &lw);
			void *w = calloc((size_t)lw, esz[p]);
			int s2 = CALL(p, potrf, H, f, N, F, LDA, w, lw, &info);
			int s3 = CALL(p, potri_bufferSize, H, f, N, F, LDA, &lw2);
			int s4 = CALL(p, potri, H, f, N, F, LDA, w, lw, &info2);
			dc *a = herm_full(p, A, N, LDA, up), *x = herm_full(p, F, N, LDA, up);
			dc *ax = malloc(sizeof(dc) * N * N), *id = calloc(N * N, sizeof(dc));

			for (int i = 0; i < N; i++)
				id[i + i * N] = 1;
			mul(ax, a, 0, x, N, N, N);
			double d = maxdiff(ax, id, N, N);
			tap_ok(!s1 && !s2 && !s3 && !s4 && !info && !info2 && lw2 >= 1 && d <= tols[p] * 10 * N,
			       "%cpotri %s: A A^-1 = I (max |A X - I| %.2g)", pname[p], up ? "upper" : "lower", d);
			free(A), free(F), free(w), free(a), free(x), free(ax), free(id);
		}
}

TAP_TEST(lauum)
{
	for (int p = PS; p <= PZ; p++)
		for (int up = 0; up < 2; up++) {
			cublasFillMode_t f = up ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
			void *A = rand_mat(p, N, N, LDA, 2), *R;
			int lw = 0, info = -7;

			/* a Cholesky factor's real diagonal: LAPACK's clauum/zlauum read only its real part */
			for (int i = 0; i < N; i++)
				put(p, A, i + i * LDA, creal(get(p, A, i + i * LDA)));
			R = copy_mat(p, A, (size_t)LDA * N);
			int s1 = CALL(p, lauum_bufferSize, H, f, N, R, LDA, &lw);
			int s2 = CALL(p, lauum, H, f, N, R, LDA, NULL, 0, &info);
			double d = 0, other = 0;

			/* U U^H (upper) or L^H L (lower), from A's triangle only; the other triangle untouched */
			for (int i = 0; i < N; i++)
				for (int j = 0; j < N; j++) {
					dc s = 0;
					for (int k = 0; k < N; k++) {
						if (up && i <= k && j <= k)
							s += get(p, A, i + k * LDA) * conj(get(p, A, j + k * LDA));
						if (!up && k >= i && k >= j)
							s += conj(get(p, A, k + i * LDA)) * get(p, A, k + j * LDA);
					}
					if (up ? i <= j : i >= j)
						d = fmax(d, cabs(get(p, R, i + j * LDA) - s));
					else
						other = fmax(other, cabs(get(p, R, i + j * LDA) - get(p, A, i + j * LDA)));
				}
			tap_ok(!s1 && !s2 && !info && lw >= 1 && d <= tols[p] * 10 * N && other == 0,
			       "%clauum %s: %s (max diff %.2g), other triangle untouched", pname[p],
			       up ? "upper" : "lower", up ? "U U^H" : "L^H L", d);
			free(A), free(R);
		}
}

/* ---- gebrd, orgbr/ungbr ---- */

enum { BM = 8, BN = 5, BLD = 10 };

TAP_TEST(gebrd)
{
	for (int p = PS; p <= PZ; p++) {
		void *A = rand_mat(p, BM, BN, BLD, 0), *F = copy_mat(p, A, (size_t)BLD * BN);
		void *D = calloc(BN, rsz(p)), *E = calloc(BN, rsz(p));
		void *tq = calloc(BN, esz[p]), *tp = calloc(BN, esz[p]);
		int lw = 0, lq = 0, lp = 0, info = -7, iq = -7, ip = -7;
		int s1 = CALL(p, gebrd_bufferSize, H, BM, BN, &lw);
		void *w = calloc((size_t)lw, esz[p]);
		int s2 = CALL(p, gebrd, H, BM, BN, F, BLD, D, E, tq, tp, w, lw, &info);
		/* Q: m x n from the column reflectors; P^H: n x n from the row reflectors (k = m) */
		void *Q = copy_mat(p, F, (size_t)BLD * BN), *PH = copy_mat(p, F, (size_t)BLD * BN);
		int s3 = CALL2(p, orgbr_bufferSize, ungbr_bufferSize, H, CUBLAS_SIDE_LEFT, BM, BN, BN, Q, BLD, tq, &lq);
		int s4 = CALL2(p, orgbr_bufferSize, ungbr_bufferSize, H, CUBLAS_SIDE_RIGHT, BN, BN, BM, PH, BLD, tp,
			       &lp);
		void *wq = calloc((size_t)lq, esz[p]);
		int s5 = CALL2(p, orgbr, ungbr, H, CUBLAS_SIDE_LEFT, BM, BN, BN, Q, BLD, tq, wq, lq, &iq);
		int s6 = CALL2(p, orgbr, ungbr, H, CUBLAS_SIDE_RIGHT, BN, BN, BM, PH, BLD, tp, NULL, 0, &ip);
		dc *a = widen(p, A, BM, BN, BLD), *q = widen(p, Q, BM, BN, BLD), *ph = widen(p, PH, BN, BN, BLD);
		dc *b = calloc(BN * BN, sizeof(dc)), *qb = malloc(sizeof(dc) * BM * BN), *r = malloc(sizeof(dc) * BM * BN);

		for (int i = 0; i < BN; i++) {
			b[i + i * BN] = getr(p, D, i);
			if (i + 1 < BN)
				b[i + (i + 1) * BN] = getr(p, E, i);
		}
		mul(qb, q, 0, b, BM, BN, BN);
		mul(r, qb, 0, ph, BM, BN, BN);
		double d = maxdiff(r, a, BM, BN);
		int orth = qh_q_is_identity(p, q, BM, BN) && qh_q_is_identity(p, ph, BN, BN);
		tap_ok(!s1 && !s2 && !s3 && !s4 && !s5 && !s6 && !info && !iq && !ip && d <= tols[p] * 10 * BM && orth,
		       "%cgebrd + %s: A = Q B P^H (max diff %.2g), Q and P^H orthonormal", pname[p],
		       cplx(p) ? "ungbr" : "orgbr", d);
		free(A), free(F), free(D), free(E), free(tq), free(tp), free(w), free(Q), free(PH), free(wq);
		free(a), free(q), free(ph), free(b), free(qb), free(r);
	}
}

/* ---- sytrd/hetrd, orgtr/ungtr, ormtr/unmtr ---- */

enum { CN = 4 };

TAP_TEST(sytrd)
{
	for (int p = PS; p <= PZ; p++)
		for (int up = 0; up < 2; up++) {
			cublasFillMode_t f = up ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
			void *A = spd(p, N), *F = copy_mat(p, A, (size_t)LDA * N);
			void *d = calloc(N, rsz(p)), *e = calloc(N, rsz(p)), *tau = calloc(N, esz[p]);
			int lw = 0, lq = 0, info = -7, iq = -7;
			int s1 = CALL2(p, sytrd_bufferSize, hetrd_bufferSize, H, f, N, F, LDA, d, e, tau, &lw);
			void *w = calloc((size_t)lw, esz[p]);
			int s2 = CALL2(p, sytrd, hetrd, H, f, N, F, LDA, d, e, tau, w, lw, &info);
			void *Q = copy_mat(p, F, (size_t)LDA * N);
			int s3 = CALL2(p, orgtr_bufferSize, ungtr_bufferSize, H, f, N, Q, LDA, tau, &lq);
			int s4 = CALL2(p, orgtr, ungtr, H, f, N, Q, LDA, tau, NULL, 0, &iq);
			dc *a = herm_full(p, A, N, LDA, up), *q = widen(p, Q, N, N, LDA);
			dc *t = calloc(N * N, sizeof(dc)), *qt = malloc(sizeof(dc) * N * N), *r = malloc(sizeof(dc) * N * N);

			for (int i = 0; i < N; i++) {
				t[i + i * N] = getr(p, d, i);
				if (i + 1 < N)
					t[i + (i + 1) * N] = t[i + 1 + i * N] = getr(p, e, i);
			}
			mul(qt, q, 0, t, N, N, N);
			/* r = (Q T) Q^H: Q^H's (l, j) is conj(Q(j, l)) */
			for (int i = 0; i < N; i++)
				for (int j = 0; j < N; j++) {
					dc s = 0;
					for (int l = 0; l < N; l++)
						s += qt[i + l * N] * conj(q[j + l * N]);
					r[i + j * N] = s;
				}
			double dd = maxdiff(r, a, N, N);
			tap_ok(!s1 && !s2 && !s3 && !s4 && !info && !iq && lq >= 1 && dd <= tols[p] * 20 * N * N &&
				       qh_q_is_identity(p, q, N, N),
			       "%c%s + %s %s: A = Q T Q^H (max diff %.2g), Q unitary", pname[p],
			       cplx(p) ? "hetrd" : "sytrd", cplx(p) ? "ungtr" : "orgtr", up ? "upper" : "lower", dd);

			/* ormtr: Q^H C (left) and C Q (right) against the products with the Q just formed */
			cublasOperation_t ct = cplx(p) ? CUBLAS_OP_C : CUBLAS_OP_T;
			void *C1 = rand_mat(p, N, CN, LDA, 0), *C2 = rand_mat(p, CN, N, LDA, 0);
			dc *c1 = widen(p, C1, N, CN, LDA), *c2 = widen(p, C2, CN, N, LDA);
			int l1 = 0, l2 = 0, i1 = -7, i2 = -7;
			int s5 = CALL2(p, ormtr_bufferSize, unmtr_bufferSize, H, CUBLAS_SIDE_LEFT, f, ct, N, CN, F, LDA,
				       tau, C1, LDA, &l1);
			int s6 = CALL2(p, ormtr_bufferSize, unmtr_bufferSize, H, CUBLAS_SIDE_RIGHT, f, CUBLAS_OP_N, CN, N,
				       F, LDA, tau, C2, LDA, &l2);
			void *w1 = calloc((size_t)l1, esz[p]);
			int s7 = CALL2(p, ormtr, unmtr, H, CUBLAS_SIDE_LEFT, f, ct, N, CN, F, LDA, tau, C1, LDA, w1, l1,
				       &i1);
			int s8 = CALL2(p, ormtr, unmtr, H, CUBLAS_SIDE_RIGHT, f, CUBLAS_OP_N, CN, N, F, LDA, tau, C2,
				       LDA, NULL, 0, &i2);
			dc *g1 = widen(p, C1, N, CN, LDA), *g2 = widen(p, C2, CN, N, LDA);
			dc *r1 = malloc(sizeof(dc) * N * CN), *r2 = malloc(sizeof(dc) * N * CN);
			mul(r1, q, 1, c1, N, CN, N);
			mul(r2, c2, 0, q, CN, N, N);
			double m1 = maxdiff(g1, r1, N, CN), m2 = maxdiff(g2, r2, CN, N);
			tap_ok(!s5 && !s6 && !s7 && !s8 && !i1 && !i2 && m1 <= tols[p] * 10 * N &&
				       m2 <= tols[p] * 10 * N,
			       "%c%s %s: Q^H C and C Q equal the products with %s's Q (max diff %.2g, %.2g)", pname[p],
			       cplx(p) ? "unmtr" : "ormtr", up ? "upper" : "lower", cplx(p) ? "ungtr" : "orgtr", m1, m2);
			free(A), free(F), free(d), free(e), free(tau), free(w), free(Q), free(a), free(q), free(t);
			free(qt), free(r), free(C1), free(C2), free(c1), free(c2), free(w1), free(g1), free(g2);
			free(r1), free(r2);
		}
}

/* ---- laswp ---- */

TAP_TEST(laswp)
{
	for (int p = PS; p <= PZ; p++)
		for (int inc = -1; inc <= 1; inc += 2) {
			enum { RN = 4, K1 = 2, K2 = 6 };
			int ipiv[LDA];
			void *A = rand_mat(p, LDA, RN, LDA, 0), *R = copy_mat(p, A, (size_t)LDA * RN);

			for (int i = 0; i < LDA; i++)
				ipiv[i] = 1 + (int)((i * 7 + 3) % LDA);
			int s = CALL(p, laswp, H, RN, A, LDA, K1, K2, ipiv, inc);
			/* the reference: rows k and ipiv[k - 1] swapped for k = K1..K2 (K2..K1 when incx < 0) */
			for (int t = 0; t <= K2 - K1; t++) {
				int k = inc > 0 ? K1 + t : K2 - t, q = ipiv[k - 1];
				for (int j = 0; j < RN; j++) {
					dc x = get(p, R, k - 1 + j * LDA);
					put(p, R, k - 1 + j * LDA, get(p, R, q - 1 + j * LDA));
					put(p, R, q - 1 + j * LDA, x);
				}
			}
			tap_ok(!s && !memcmp(A, R, esz[p] * LDA * RN), "%claswp incx %d: the rows of the swaps one by one",
			       pname[p], inc);
			free(A), free(R);
		}
}

/* ---- Xlarft ---- */

/*
 * Random reflectors w_i (w_i's own entry 1, zero before it forward, after it
 * backward) and scalars tau_i; the reference is the product H(1) ... H(k)
 * (forward) or H(k) ... H(1) (backward), H(i) = I - tau_i w_i w_i^H, formed
 * one factor at a time; larft's T must give the same I - W T W^H.  By
 * columns W is V; by rows LAPACK's V holds the reflectors as rows, W = V^H.
 */
enum { RN = 7, RK = 3, RLD = 8 };

static void larft_case(enum prec p, int backward, int rows)
{
	static const cudaDataType tag[] = { CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F };
	dc W[RN][RK] = { { 0 } }, tau[RK], Hp[RN][RN], Tm[RK][RK];
	void *V = calloc(RLD * RN, esz[p]), *tv = calloc(RK, esz[p]), *T = calloc(RLD * RK, esz[p]);

	for (int i = 0; i < RK; i++) {
		int one = backward ? RN - RK + i : i;
		for (int r = 0; r < RN; r++)
			W[r][i] = r == one ? 1 : (backward ? r < one : r > one) ? rnd(p) : 0;
		tau[i] = 0.5 * rnd(p);
		put(p, tv, i, tau[i]);
		for (int r = 0; r < RN; r++) /* by rows, row i holds w_i^H's entries: V(i, r) = conj(w_i(r)) */
			put(p, V, rows ? i + r * RLD : r + i * RLD, rows ? conj(W[r][i]) : W[r][i]);
	}
	for (int i = 0; i < RN; i++)
		for (int j = 0; j < RN; j++)
			Hp[i][j] = i == j;
	for (int t = 0; t < RK; t++) { /* Hp = Hp H(i), i in application order */
		int i = backward ? RK - 1 - t : t;
		dc Hw[RN];
		for (int r = 0; r < RN; r++) {
			Hw[r] = 0;
			for (int c = 0; c < RN; c++)
				Hw[r] += Hp[r][c] * W[c][i];
		}
		for (int r = 0; r < RN; r++)
			for (int c = 0; c < RN; c++)
				Hp[r][c] -= tau[i] * Hw[r] * conj(W[c][i]);
	}
	size_t dev = 9, host = 9;
	cusolverDirectMode_t dir = backward ? CUBLAS_DIRECT_BACKWARD : CUBLAS_DIRECT_FORWARD;
	cusolverStorevMode_t sv = rows ? CUBLAS_STOREV_ROWWISE : CUBLAS_STOREV_COLUMNWISE;
	int ldv = rows ? RK : RLD;
	if (rows) /* V is RK x RN with leading dimension RK: repack */
		for (int r = 0; r < RN; r++)
			for (int i = 0; i < RK; i++)
				put(p, V, i + r * RK, conj(W[r][i]));
	int s1 = cusolverDnXlarft_bufferSize(H, NULL, dir, sv, RN, RK, tag[p], V, ldv, tag[p], tv, tag[p], T, RLD,
					     tag[p], &dev, &host);
	int s2 = cusolverDnXlarft(H, NULL, dir, sv, RN, RK, tag[p], V, ldv, tag[p], tv, tag[p], T, RLD, tag[p], NULL,
				  0, NULL, 0);
	for (int i = 0; i < RK; i++)
		for (int j = 0; j < RK; j++) /* only T's triangle is defined: upper forward, lower backward */
			Tm[i][j] = (backward ? i >= j : i <= j) ? get(p, T, i + j * RLD) : 0;
	double d = 0;
	for (int r = 0; r < RN; r++)
		for (int c = 0; c < RN; c++) {
			dc s = r == c;
			for (int i = 0; i < RK; i++)
				for (int j = 0; j < RK; j++)
					s -= W[r][i] * Tm[i][j] * conj(W[c][j]);
			d = fmax(d, cabs(s - Hp[r][c]));
		}
	tap_ok(!s1 && !s2 && dev == 0 && host == 0 && d <= tols[p] * 10 * RN,
	       "%c Xlarft %s %s: I - W T W^H is the product of the reflectors (max diff %.2g)", pname[p],
	       backward ? "backward" : "forward", rows ? "rowwise" : "columnwise", d);
	free(V), free(tv), free(T);
}

TAP_TEST(larft)
{
	for (int p = PS; p <= PZ; p++)
		for (int c = 0; c < 4; c++)
			larft_case(p, c & 1, c >> 1);
	double V[4] = { 1, 0.5, 0, 1 }, tau[2] = { 1, 1 }, T[4];
	int s1 = cusolverDnXlarft(H, NULL, CUBLAS_DIRECT_FORWARD, CUBLAS_STOREV_COLUMNWISE, 2, 2, CUDA_R_64F, V, 1,
				  CUDA_R_64F, tau, CUDA_R_64F, T, 2, CUDA_R_64F, NULL, 0, NULL, 0);
	int s2 = cusolverDnXlarft(H, NULL, CUBLAS_DIRECT_FORWARD, CUBLAS_STOREV_COLUMNWISE, 2, 0, CUDA_R_64F, V, 2,
				  CUDA_R_64F, tau, CUDA_R_64F, T, 2, CUDA_R_64F, NULL, 0, NULL, 0);
	int s3 = cusolverDnXlarft(H, NULL, CUBLAS_DIRECT_FORWARD, CUBLAS_STOREV_COLUMNWISE, 2, 2, CUDA_R_64F, V, 2,
				  CUDA_R_32F, tau, CUDA_R_64F, T, 2, CUDA_R_64F, NULL, 0, NULL, 0);
	int s4 = cusolverDnXlarft(NULL, NULL, CUBLAS_DIRECT_FORWARD, CUBLAS_STOREV_COLUMNWISE, 2, 2, CUDA_R_64F, V, 2,
				  CUDA_R_64F, tau, CUDA_R_64F, T, 2, CUDA_R_64F, NULL, 0, NULL, 0);
	tap_ok(s1 == CUSOLVER_STATUS_INVALID_VALUE && s2 == CUSOLVER_STATUS_INVALID_VALUE &&
		       s3 == CUSOLVER_STATUS_NOT_SUPPORTED && s4 == CUSOLVER_STATUS_NOT_INITIALIZED,
	       "Xlarft: ldv < n, k 0: INVALID_VALUE; tau's type not V's: NOT_SUPPORTED; no handle: NOT_INITIALIZED");
}

/* ---- statuses ---- */

TAP_TEST(statuses)
{
	double A[16] = { 4, 1, 1, 1, 1, 4, 1, 1, 1, 1, 4, 1, 1, 1, 1, 4 }, d[4], e[4], t[4], w[64];
	cuDoubleComplex z[16] = { { 0, 0 } }, zt[4];
	int info = 0, lw = 0, piv[4] = { 1, 2, 5, 4 };

	tap_ok(cusolverDnDpotri(NULL, CUBLAS_FILL_MODE_LOWER, 4, A, 4, w, 64, &info) ==
			       CUSOLVER_STATUS_NOT_INITIALIZED &&
		       cusolverDnDlaswp(NULL, 4, A, 4, 1, 2, piv, 1) == CUSOLVER_STATUS_NOT_INITIALIZED &&
		       cusolverDnDgebrd_bufferSize(NULL, 4, 4, &lw) == CUSOLVER_STATUS_NOT_INITIALIZED,
	       "no handle: NOT_INITIALIZED");
	tap_ok(cusolverDnDlauum(H, CUBLAS_FILL_MODE_LOWER, 4, A, 4, w, 64, NULL) == CUSOLVER_STATUS_INVALID_VALUE &&
		       cusolverDnDsytrd_bufferSize(H, CUBLAS_FILL_MODE_LOWER, 4, A, 4, d, e, t, NULL) ==
			       CUSOLVER_STATUS_INVALID_VALUE,
	       "no devInfo or lwork: INVALID_VALUE");
	int i1 = 0, i2 = 0, i3 = 0, i4 = 0, i5 = 0, i6 = 0;
	int s1 = cusolverDnDpotri(H, CUBLAS_FILL_MODE_LOWER, 4, A, 3, w, 64, &i1);
	int s2 = cusolverDnDgebrd(H, 3, 4, A, 4, d, e, t, t, w, 64, &i2);
	int s3 = cusolverDnZunmtr(H, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, 4, 1, z, 4, zt, z, 4,
				  NULL, 0, &i3);
	int s4 = cusolverDnDorgbr(H, CUBLAS_SIDE_LEFT, 3, 4, 4, A, 4, t, w, 64, &i4);
	int s5 = cusolverDnDsytrd(H, (cublasFillMode_t)9, 4, A, 4, d, e, t, w, 64, &i5);
	int s6 = cusolverDnDormtr(H, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, 2, 4, A, 3, t, w, 2,
				  NULL, 0, &i6);
	tap_ok(s1 == CUSOLVER_STATUS_INVALID_VALUE && i1 == -4 && s2 == CUSOLVER_STATUS_INVALID_VALUE && i2 == -2 &&
		       s3 == CUSOLVER_STATUS_INVALID_VALUE && i3 == -3 && s4 == CUSOLVER_STATUS_INVALID_VALUE &&
		       i4 == -3 && s5 == CUSOLVER_STATUS_INVALID_VALUE && i5 == -1 &&
		       s6 == CUSOLVER_STATUS_INVALID_VALUE && i6 == -7,
	       "devInfo names cuSOLVER's argument: potri lda -%d, gebrd m < n -%d, unmtr OP_T -%d, orgbr n > m -%d, "
	       "sytrd uplo -%d, ormtr right lda < n -%d",
	       -i1, -i2, -i3, -i4, -i5, -i6);
	/* a factor with a zero on the diagonal: SUCCESS, devInfo its position (LAPACK's potri) */
	double S[4] = { 2, 1, 0, 0 };
	int si = 0, ss = cusolverDnDpotri(H, CUBLAS_FILL_MODE_LOWER, 2, S, 2, NULL, 0, &si);
	tap_ok(ss == CUSOLVER_STATUS_SUCCESS && si == 2,
	       "potri of a singular factor: SUCCESS, devInfo %d (2)", si);
	double B[16];
	memcpy(B, A, sizeof(B));
	int s7 = cusolverDnDlaswp(H, 4, A, 4, 1, 3, piv, 1), s8 = cusolverDnDlaswp(H, 4, A, 4, 2, 1, piv, 1);
	int s9 = cusolverDnDlaswp(H, 4, A, 4, 1, 2, piv, 0);
	tap_ok(s7 == CUSOLVER_STATUS_INVALID_VALUE && s8 == CUSOLVER_STATUS_INVALID_VALUE &&
		       s9 == CUSOLVER_STATUS_INVALID_VALUE && !memcmp(A, B, sizeof(B)),
	       "laswp with a pivot 5 > lda, k2 < k1, incx 0: INVALID_VALUE, A untouched");
	int i7 = 5;
	tap_ok(cusolverDnDgebrd(H, 0, 0, NULL, 1, NULL, NULL, NULL, NULL, NULL, 0, &i7) == CUSOLVER_STATUS_SUCCESS &&
		       i7 == 0,
	       "gebrd of 0 x 0: SUCCESS, devInfo 0");
	/* order 1: e and tau (sytrd), E (gebrd) hold n - 1 = 0 elements and may be NULL */
	double a1[2] = { 3, 4 }, d1 = 0, dq = 0, dp = 0;
	int i8 = 5, i9 = 5;
	int s10 = cusolverDnDsytrd(H, CUBLAS_FILL_MODE_LOWER, 1, a1, 1, &d1, NULL, NULL, w, 64, &i8);
	double d2 = 0;
	int s11 = cusolverDnDgebrd(H, 2, 1, a1, 2, &d2, NULL, &dq, &dp, w, 64, &i9);
	tap_ok(!s10 && !i8 && d1 == 3 && !s11 && !i9 && fabs(fabs(d2) - 5) < 1e-12,
	       "order 1: sytrd and gebrd with NULL e / E: SUCCESS, d = 3, |D| = 5");
}

static int make_handle(void)
{
	xorshift_seed(0x2545f4914f6cdd1dull);
	return tap_ok(cusolverDnCreate(&H) == CUSOLVER_STATUS_SUCCESS, "cusolverDnCreate");
}

static void free_handle(void)
{
	tap_ok(cusolverDnDestroy(H) == CUSOLVER_STATUS_SUCCESS, "cusolverDnDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
