// SPDX-License-Identifier: MIT
/*
 * test_lu_batched.c - lib/cublas's batched LU family (getrfBatched,
 * getrsBatched, getriBatched, matinvBatched) in S, D, C and Z against
 * products computed here with plain loops in double complex, never against
 * LAPACK or the library: P*A = L*U from the returned factors and pivots,
 * A*X = B for the solves, A*C = I for the inverses; the singular case's
 * info; the statuses and info of bad arguments.  A result agrees when
 * |got - ref| <= tol * (1 + |ref|) per element, tol 1e-4 (single) and 1e-11
 * (double): the matrices are small (n <= 9) and well conditioned.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "blas_prec.h"
#include "xorshift.h"
#include "tap.h"

#define BATCH 3
static const double tols[] = { 1e-4, 1e-11, 1e-4, 1e-11 };

/*
 * n x n random matrix (lda) with `shift` added to the diagonal: shift 0
 * gives matrices that need row exchanges, n + 1 diagonally dominant ones.
 */
static void *rand_matrix(enum prec p, int n, int lda, double shift)
{
	void *a = NULL;

	cudaMalloc(&a, esz[p] * (size_t)lda * (size_t)n);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < lda; i++) {
			dc v = urand() + (cplx(p) ? I * urand() : 0);
			put(p, a, i + (long)j * lda, v + (i == j ? shift : 0));
		}
	return a;
}

static void *copy_of(enum prec p, const void *a, int lda, int n)
{
	void *b = NULL;

	cudaMalloc(&b, esz[p] * (size_t)lda * (size_t)n);
	memcpy(b, a, esz[p] * (size_t)lda * (size_t)n);
	return b;
}

static int close_to(enum prec p, dc got, dc ref)
{
	return cabs(got - ref) <= tols[p] * (1 + cabs(ref));
}

/* The row order LAPACK's 1-based pivots make: row perm[i] of A is row i of P*A. */
static int pivots_to_perm(const int *piv, int n, int *perm)
{
	for (int i = 0; i < n; i++)
		perm[i] = i;
	for (int k = 0; k < n; k++) {
		int q = piv[k] - 1, t;

		if (q < k || q >= n)
			return 0;
		t = perm[k];
		perm[k] = perm[q];
		perm[q] = t;
	}
	return 1;
}

/* P*A == L*U, L unit lower and U upper from lu; piv NULL: P is the identity. */
static int lu_matches(enum prec p, const void *a, const void *lu, int lda, int n, const int *piv)
{
	int perm[16];

	if (piv && !pivots_to_perm(piv, n, perm))
		return 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			dc s = 0;

			for (int k = 0; k <= (i < j ? i : j); k++) {
				dc l = k == i ? 1 : get(p, lu, i + (long)k * lda);

				s += l * get(p, lu, k + (long)j * lda);
			}
			if (!close_to(p, s, get(p, a, (piv ? perm[i] : i) + (long)j * lda)))
				return 0;
		}
	return 1;
}

/* A * C == I (n x n, lda, ldc) */
static int is_inverse(enum prec p, const void *a, int lda, const void *c, int ldc, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			dc s = 0;

			for (int k = 0; k < n; k++)
				s += get(p, a, i + (long)k * lda) * get(p, c, k + (long)j * ldc);
			if (!close_to(p, s, i == j ? 1 : 0))
				return 0;
		}
	return 1;
}

typedef cublasStatus_t (*getrf_fn)(cublasHandle_t, int, void *const[], int, int *, int *, int);
typedef cublasStatus_t (*getrs_fn)(cublasHandle_t, cublasOperation_t, int, int, const void *const[], int,
				   const int *, void *const[], int, int *, int);
typedef cublasStatus_t (*getri_fn)(cublasHandle_t, int, const void *const[], int, const int *, void *const[],
				   int, int *, int);
typedef cublasStatus_t (*matinv_fn)(cublasHandle_t, int, const void *const[], int, void *const[], int, int *,
				    int);

static const getrf_fn getrf[] = { (getrf_fn)cublasSgetrfBatched, (getrf_fn)cublasDgetrfBatched,
				  (getrf_fn)cublasCgetrfBatched, (getrf_fn)cublasZgetrfBatched };
static const getrs_fn getrs[] = { (getrs_fn)cublasSgetrsBatched, (getrs_fn)cublasDgetrsBatched,
				  (getrs_fn)cublasCgetrsBatched, (getrs_fn)cublasZgetrsBatched };
static const getri_fn getri[] = { (getri_fn)cublasSgetriBatched, (getri_fn)cublasDgetriBatched,
				  (getri_fn)cublasCgetriBatched, (getri_fn)cublasZgetriBatched };
static const matinv_fn matinv[] = { (matinv_fn)cublasSmatinvBatched, (matinv_fn)cublasDmatinvBatched,
				    (matinv_fn)cublasCmatinvBatched, (matinv_fn)cublasZmatinvBatched };

static cublasHandle_t H;

/* A batch of matrices (n, lda, shift), their copies factored in place; pivots when piv. */
struct batch {
	void *a[BATCH], *lu[BATCH];
	int piv[BATCH * 16], info[BATCH];
};

static cublasStatus_t factor(enum prec p, struct batch *b, int n, int lda, double shift, int with_piv)
{
	for (int i = 0; i < BATCH; i++) {
		b->a[i] = rand_matrix(p, n, lda, shift);
		b->lu[i] = copy_of(p, b->a[i], lda, n);
		b->info[i] = -99;
	}
	return getrf[p](H, n, b->lu, lda, with_piv ? b->piv : NULL, b->info, BATCH);
}

static void release(struct batch *b)
{
	for (int i = 0; i < BATCH; i++) {
		cudaFree(b->a[i]);
		cudaFree(b->lu[i]);
	}
}

TAP_TEST(getrf_pivoted)
{
	for (enum prec p = PS; p <= PZ; p++) {
		struct batch b;
		int n = 7, lda = 9, good = 1;
		cublasStatus_t st = factor(p, &b, n, lda, 0, 1);

		for (int i = 0; i < BATCH; i++)
			good &= b.info[i] == 0 && lu_matches(p, b.a[i], b.lu[i], lda, n, b.piv + i * n);
		tap_ok(st == CUBLAS_STATUS_SUCCESS && good, "%cgetrfBatched: P*A = L*U, n 7, lda 9, batch 3",
		       pname[p]);
		release(&b);
	}
}

TAP_TEST(getrf_no_pivoting)
{
	for (enum prec p = PS; p <= PZ; p++) {
		struct batch b;
		int n = 6, lda = 6, good = 1;
		cublasStatus_t st = factor(p, &b, n, lda, n + 1, 0);

		for (int i = 0; i < BATCH; i++)
			good &= b.info[i] == 0 && lu_matches(p, b.a[i], b.lu[i], lda, n, NULL);
		tap_ok(st == CUBLAS_STATUS_SUCCESS && good, "%cgetrfBatched, PivotArray NULL: A = L*U", pname[p]);
		release(&b);
	}
}

TAP_TEST(getrf_singular)
{
	for (enum prec p = PS; p <= PZ; p++) {
		for (int with_piv = 0; with_piv <= 1; with_piv++) {
			void *a = rand_matrix(p, 5, 5, 6), *arr[1] = { a };
			int piv[5], info = -99;

			for (int i = 0; i < 5; i++) /* column 2 zero: U(3,3) = 0 in either factorisation */
				put(p, a, i + 2 * 5, 0);
			cublasStatus_t st = getrf[p](H, 5, arr, 5, with_piv ? piv : NULL, &info, 1);

			tap_ok(st == CUBLAS_STATUS_SUCCESS && info == 3, "%cgetrfBatched%s: zero column 3 gives info 3 (%d)",
			       pname[p], with_piv ? "" : " unpivoted", info);
			cudaFree(a);
		}
	}
}

/* B (n x nrhs, ldb) == op(A) * X */
static int solves(enum prec p, cublasOperation_t op, const void *a, int lda, const void *x, const void *b,
		  int ldb, int n, int nrhs)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < nrhs; j++) {
			dc s = 0;

			for (int k = 0; k < n; k++) {
				dc e = op == CUBLAS_OP_N ? get(p, a, i + (long)k * lda) : get(p, a, k + (long)i * lda);

				s += (op == CUBLAS_OP_C ? conj(e) : e) * get(p, x, k + (long)j * ldb);
			}
			if (!close_to(p, s, get(p, b, i + (long)j * ldb)))
				return 0;
		}
	return 1;
}

TAP_TEST(getrs)
{
	static const cublasOperation_t ops[] = { CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C };

	for (enum prec p = PS; p <= PZ; p++)
		for (int with_piv = 0; with_piv <= 1; with_piv++) {
			struct batch b;
			int n = 7, lda = 8, nrhs = 3, ldb = 9, good = 1, info = -99;
			cublasStatus_t st = factor(p, &b, n, lda, with_piv ? 0 : n + 1, with_piv);

			for (int o = 0; o < 3; o++) {
				void *rhs[BATCH], *x[BATCH];

				for (int i = 0; i < BATCH; i++) {
					rhs[i] = rand_matrix(p, nrhs, ldb, 0);
					x[i] = copy_of(p, rhs[i], ldb, nrhs);
				}
				st |= getrs[p](H, ops[o], n, nrhs, (const void *const *)b.lu, lda,
					       with_piv ? b.piv : NULL, x, ldb, &info, BATCH);
				for (int i = 0; i < BATCH; i++) {
					good &= info == 0 && solves(p, ops[o], b.a[i], lda, x[i], rhs[i], ldb, n, nrhs);
					cudaFree(rhs[i]);
					cudaFree(x[i]);
				}
			}
			tap_ok(st == CUBLAS_STATUS_SUCCESS && good, "%cgetrsBatched%s: op(A) X = B, N/T/C, 3 rhs",
			       pname[p], with_piv ? "" : " unpivoted");
			release(&b);
		}
}

TAP_TEST(getri)
{
	for (enum prec p = PS; p <= PZ; p++)
		for (int with_piv = 0; with_piv <= 1; with_piv++) {
			struct batch b;
			int n = 8, lda = 8, ldc = 11, good = 1, info[BATCH];
			void *c[BATCH];
			cublasStatus_t st = factor(p, &b, n, lda, with_piv ? 1 : n + 1, with_piv);

			for (int i = 0; i < BATCH; i++) {
				cudaMalloc(&c[i], esz[p] * (size_t)ldc * (size_t)n);
				info[i] = -99;
			}
			st |= getri[p](H, n, (const void *const *)b.lu, lda, with_piv ? b.piv : NULL, c, ldc, info,
				       BATCH);
			for (int i = 0; i < BATCH; i++) {
				good &= info[i] == 0 && is_inverse(p, b.a[i], lda, c[i], ldc, n);
				cudaFree(c[i]);
			}
			tap_ok(st == CUBLAS_STATUS_SUCCESS && good, "%cgetriBatched%s: A * C = I, ldc 11", pname[p],
			       with_piv ? "" : " unpivoted");
			release(&b);
		}
}

TAP_TEST(matinv)
{
	for (enum prec p = PS; p <= PZ; p++) {
		void *a[BATCH], *inv[BATCH];
		int n = 9, lda = 10, ldi = 12, info[BATCH], good = 1;

		for (int i = 0; i < BATCH; i++) {
			a[i] = rand_matrix(p, n, lda, 1);
			cudaMalloc(&inv[i], esz[p] * (size_t)ldi * (size_t)n);
			info[i] = -99;
		}
		cublasStatus_t st = matinv[p](H, n, (const void *const *)a, lda, inv, ldi, info, BATCH);

		for (int i = 0; i < BATCH; i++) {
			good &= info[i] == 0 && is_inverse(p, a[i], lda, inv[i], ldi, n);
			cudaFree(a[i]);
			cudaFree(inv[i]);
		}
		tap_ok(st == CUBLAS_STATUS_SUCCESS && good, "%cmatinvBatched: A * Ainv = I, n 9", pname[p]);
	}
}

TAP_TEST(statuses)
{
	float m[64] = { 1 }, *arr[1] = { m };
	int piv[8], info = 7, infos[1] = { 7 };

	tap_ok(cublasSgetrfBatched(NULL, 4, arr, 4, piv, infos, 1) == CUBLAS_STATUS_NOT_INITIALIZED,
	       "getrfBatched: NULL handle is NOT_INITIALIZED");
	tap_ok(cublasSgetrfBatched(H, -1, arr, 4, piv, infos, 1) == CUBLAS_STATUS_INVALID_VALUE &&
		       cublasSgetrfBatched(H, 4, arr, 3, piv, infos, 1) == CUBLAS_STATUS_INVALID_VALUE &&
		       cublasSgetrfBatched(H, 4, arr, 4, piv, infos, -1) == CUBLAS_STATUS_INVALID_VALUE &&
		       infos[0] == 7,
	       "getrfBatched: n < 0, lda < n, batch < 0 are INVALID_VALUE, nothing written");
	tap_ok(cublasSgetrsBatched(H, CUBLAS_OP_N, 4, 1, (const float *const *)arr, 3, piv, arr, 4, &info, 1) ==
			       CUBLAS_STATUS_INVALID_VALUE &&
		       info == -5,
	       "getrsBatched: lda < n is INVALID_VALUE, info -5");
	tap_ok(cublasSgetrsBatched(H, (cublasOperation_t)9, 4, 1, (const float *const *)arr, 4, piv, arr, 4, &info,
				   1) == CUBLAS_STATUS_INVALID_VALUE &&
		       info == -1,
	       "getrsBatched: a bad trans is INVALID_VALUE, info -1");
	tap_ok(cublasSgetrsBatched(H, CUBLAS_OP_N, 4, 1, (const float *const *)arr, 4, piv, arr, 4, NULL, 1) ==
		       CUBLAS_STATUS_INVALID_VALUE,
	       "getrsBatched: info NULL is INVALID_VALUE");
	tap_ok(cublasSmatinvBatched(H, 33, (const float *const *)arr, 33, arr, 33, infos, 1) ==
		       CUBLAS_STATUS_INVALID_VALUE,
	       "matinvBatched: n 33 (> 32) is INVALID_VALUE");
	tap_ok(cublasSgetriBatched(H, 4, (const float *const *)arr, 4, piv, arr, 3, infos, 1) ==
		       CUBLAS_STATUS_INVALID_VALUE,
	       "getriBatched: ldc < n is INVALID_VALUE");
	tap_ok(cublasSgetrfBatched(H, 0, arr, 1, piv, infos, 1) == CUBLAS_STATUS_SUCCESS && infos[0] == 0 &&
		       cublasSgetrfBatched(H, 4, NULL, 4, NULL, NULL, 0) == CUBLAS_STATUS_SUCCESS,
	       "getrfBatched: n 0 gives info 0; batch 0 with NULL arrays succeeds");
}

static int make_handle(void)
{
	xorshift_seed(0x2545f4914f6cdd1dull);
	return tap_ok(cublasCreate(&H) == CUBLAS_STATUS_SUCCESS, "cublasCreate");
}

static void free_handle(void)
{
	tap_ok(cublasDestroy(H) == CUBLAS_STATUS_SUCCESS, "cublasDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
