// SPDX-License-Identifier: MIT
/*
 * test_spgemm_reuse.c - cuSPARSE's SpGEMM reuse form (cusparseSpGEMMreuse_*)
 * and SpGEMM's product count and memory estimate (lib/cusparse/
 * spgemm_reuse.c), in the order NVIDIA's reuse sample calls them: work
 * estimation, nnz, C's arrays, copy, compute; then A's values changed and
 * compute again.  C is compared, as a dense matrix, with the product the
 * test forms by three plain loops over dense copies of A and B; the count of
 * products with the test's own sum over A's entries of B's row lengths.
 * Also: beta accumulating into C, a 1-based C, steps out of order, a
 * pattern that changed, NULL arguments.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "tap.h"

#define TAP_ST(call, want)                                                                         \
	do {                                                                                       \
		cusparseStatus_t s_ = (call);                                                      \
		tap_ok(s_ == (want), "%s -> %d", #call, (int)s_);                                  \
	} while (0)

enum { M = 5, K = 4, N = 6 };

static cusparseHandle_t H;

/* A (M x K) and B (K x N) in CSR, 0-based, and dense copies the test multiplies */
static int a_off[M + 1] = {0, 2, 3, 5, 5, 7}, a_col[7] = {0, 2, 1, 0, 3, 1, 2};
static int b_off[K + 1] = {0, 2, 4, 5, 8}, b_col[8] = {1, 4, 0, 5, 2, 0, 3, 5};

static void dense(int rows, int cols, const int *off, const int *col, const double *val, double *d)
{
	memset(d, 0, (size_t)rows * (size_t)cols * sizeof(*d));
	for (int r = 0; r < rows; r++)
		for (int k = off[r]; k < off[r + 1]; k++)
			d[r * cols + col[k]] += val[k];
}

/* the largest |C - want| with C's CSR (base) spread over a dense M x N */
static double error(const int *off, const int *col, const double *val, int base, const double *want)
{
	double c[M * N], e = 0;
	int off0[M + 1], col0[64];

	for (int r = 0; r <= M; r++)
		off0[r] = off[r] - base;
	for (int k = 0; k < off0[M]; k++)
		col0[k] = col[k] - base;
	dense(M, N, off0, col0, val, c);
	for (int i = 0; i < M * N; i++)
		e = fmax(e, fabs(c[i] - want[i]));
	return e;
}

/* want = alpha A B + beta old, by loops over dense copies */
static void reference(const double *av, const double *bv, double alpha, double beta,
		      const double *old, double *want)
{
	double a[M * K], b[K * N];

	dense(M, K, a_off, a_col, av, a);
	dense(K, N, b_off, b_col, bv, b);
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			double s = 0;

			for (int q = 0; q < K; q++)
				s += a[i * K + q] * b[q * N + j];
			want[i * N + j] = alpha * s + (beta != 0 ? beta * old[i * N + j] : 0);
		}
}

struct run {
	cusparseSpMatDescr_t A, B, C;
	cusparseSpGEMMDescr_t d;
	int c_off[M + 1], c_col[64];
	double c_val[64];
	int64_t c_nnz;
};

/* work estimation, nnz, C's arrays, copy: C's structure (base 0 or 1) */
static int structure(struct run *r, double *av, double *bv, cusparseIndexBase_t base)
{
	size_t s1 = 9, s2 = 9, s3 = 9, s4 = 9, s5 = 9;
	int64_t rows, cols;
	int ok = 1;

	cusparseCreateCsr(&r->A, M, K, 7, a_off, a_col, av, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
	cusparseCreateCsr(&r->B, K, N, 8, b_off, b_col, bv, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
	cusparseCreateCsr(&r->C, M, N, 0, r->c_off, NULL, NULL, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_32I, base, CUDA_R_64F);
	cusparseSpGEMM_createDescr(&r->d);
	ok &= cusparseSpGEMMreuse_workEstimation(
		  H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, r->A, r->B,
		  r->C, CUSPARSE_SPGEMM_DEFAULT, r->d, &s1, NULL) == CUSPARSE_STATUS_SUCCESS;
	ok &= cusparseSpGEMMreuse_nnz(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
				      CUSPARSE_OPERATION_NON_TRANSPOSE, r->A, r->B, r->C,
				      CUSPARSE_SPGEMM_DEFAULT, r->d, &s2, NULL, &s3, NULL, &s4,
				      NULL) == CUSPARSE_STATUS_SUCCESS;
	ok &= cusparseSpMatGetSize(r->C, &rows, &cols, &r->c_nnz) == CUSPARSE_STATUS_SUCCESS;
	ok &= cusparseCsrSetPointers(r->C, r->c_off, r->c_col, r->c_val) == CUSPARSE_STATUS_SUCCESS;
	ok &= cusparseSpGEMMreuse_copy(
		  H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, r->A, r->B,
		  r->C, CUSPARSE_SPGEMM_DEFAULT, r->d, &s5, NULL) == CUSPARSE_STATUS_SUCCESS;
	return ok && rows == M && cols == N && !(s1 | s2 | s3 | s4 | s5);
}

static cusparseStatus_t compute(struct run *r, double alpha, double beta)
{
	return cusparseSpGEMMreuse_compute(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
					   CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, r->A, r->B,
					   &beta, r->C, CUDA_R_64F, CUSPARSE_SPGEMM_DEFAULT, r->d);
}

static void finish(struct run *r)
{
	cusparseDestroySpMat(r->A);
	cusparseDestroySpMat(r->B);
	cusparseDestroySpMat(r->C);
	cusparseSpGEMM_destroyDescr(r->d);
}

/* B's row lengths summed over A's entries: the multiplications of a row-by-row product */
static int64_t products(void)
{
	int64_t n = 0;

	for (int k = 0; k < a_off[M]; k++)
		n += b_off[a_col[k] + 1] - b_off[a_col[k]];
	return n;
}

TAP_TEST(reuse_flow)
{
	double av[7] = {1, 2, 3, 4, 5, 6, 7}, bv[8] = {1, -1, 2, 0.5, 3, -2, 4, 1}, want[M * N],
	       zero[M * N] = {0};
	struct run r;
	int64_t np = -1;

	int made = structure(&r, av, bv, CUSPARSE_INDEX_BASE_ZERO);

	tap_ok(made, "work estimation, nnz (%lld entries), copy: SUCCESS, buffers of 0 bytes",
	       (long long)r.c_nnz);
	TAP_ST(compute(&r, 1, 0), CUSPARSE_STATUS_SUCCESS);
	reference(av, bv, 1, 0, zero, want);
	tap_ok(error(r.c_off, r.c_col, r.c_val, 0, want) == 0,
	       "C = A B, as the test's loops: |C - AB| %g",
	       error(r.c_off, r.c_col, r.c_val, 0, want));
	TAP_ST(cusparseSpGEMM_getNumProducts(r.d, &np), CUSPARSE_STATUS_SUCCESS);
	tap_ok(np == products(), "cusparseSpGEMM_getNumProducts: %lld (the test's count %lld)",
	       (long long)np, (long long)products());
	/* new values of A, the same pattern: compute again, alpha 2 */
	for (int k = 0; k < 7; k++)
		av[k] = 0.5 * (k + 1) - 2;
	TAP_ST(compute(&r, 2, 0), CUSPARSE_STATUS_SUCCESS);
	reference(av, bv, 2, 0, zero, want);
	tap_ok(error(r.c_off, r.c_col, r.c_val, 0, want) == 0,
	       "A's values changed: C = 2 A B (|error| %g)",
	       error(r.c_off, r.c_col, r.c_val, 0, want));
	/* beta accumulates: C = A B + 0.5 C */
	{
		double old[M * N];

		memcpy(old, want, sizeof(old));
		TAP_ST(compute(&r, 1, 0.5), CUSPARSE_STATUS_SUCCESS);
		reference(av, bv, 1, 0.5, old, want);
		tap_ok(error(r.c_off, r.c_col, r.c_val, 0, want) < 1e-15,
		       "C = A B + 0.5 C (|error| %g)", error(r.c_off, r.c_col, r.c_val, 0, want));
	}
	/* A's pattern changed (an entry moved to another column): INVALID_VALUE, C untouched */
	{
		double before[64];

		memcpy(before, r.c_val, sizeof(before));
		a_col[1] = 3;
		TAP_ST(compute(&r, 1, 0), CUSPARSE_STATUS_INVALID_VALUE);
		a_col[1] = 2;
		tap_ok(!memcmp(before, r.c_val, sizeof(before)),
		       "the pattern changed: C's values untouched");
	}
	finish(&r);
}

TAP_TEST(one_based_c)
{
	double av[7] = {1, 1, 1, 1, 1, 1, 1}, bv[8] = {1, 2, 3, 4, 5, 6, 7, 8}, want[M * N],
	       zero[M * N] = {0};
	struct run r;

	tap_ok(structure(&r, av, bv, CUSPARSE_INDEX_BASE_ONE), "a 1-based C: the steps succeed");
	TAP_ST(compute(&r, 1, 0), CUSPARSE_STATUS_SUCCESS);
	reference(av, bv, 1, 0, zero, want);
	tap_ok(r.c_off[0] == 1 && error(r.c_off, r.c_col, r.c_val, 1, want) == 0,
	       "C's offsets and columns 1-based, C = A B (|error| %g)",
	       error(r.c_off, r.c_col, r.c_val, 1, want));
	finish(&r);
}

TAP_TEST(statuses)
{
	double av[7] = {1, 2, 3, 4, 5, 6, 7}, bv[8] = {1, 2, 3, 4, 5, 6, 7, 8}, one = 1;
	cusparseSpMatDescr_t A, B, C;
	cusparseSpGEMMDescr_t d;
	int c_off[M + 1];
	size_t s = 0, s2 = 0;
	int64_t np;

	cusparseCreateCsr(&A, M, K, 7, a_off, a_col, av, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
	cusparseCreateCsr(&B, K, N, 8, b_off, b_col, bv, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
	cusparseCreateCsr(&C, M, N, 0, c_off, NULL, NULL, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
	cusparseSpGEMM_createDescr(&d);
	TAP_ST(cusparseSpGEMMreuse_workEstimation(NULL, CUSPARSE_OPERATION_NON_TRANSPOSE,
						  CUSPARSE_OPERATION_NON_TRANSPOSE, A, B, C,
						  CUSPARSE_SPGEMM_DEFAULT, d, &s, NULL),
	       CUSPARSE_STATUS_NOT_INITIALIZED);
	TAP_ST(cusparseSpGEMMreuse_workEstimation(H, CUSPARSE_OPERATION_TRANSPOSE,
						  CUSPARSE_OPERATION_NON_TRANSPOSE, A, B, C,
						  CUSPARSE_SPGEMM_DEFAULT, d, &s, NULL),
	       CUSPARSE_STATUS_NOT_SUPPORTED);
	TAP_ST(cusparseSpGEMMreuse_workEstimation(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
						  CUSPARSE_OPERATION_NON_TRANSPOSE, A, B, C,
						  CUSPARSE_SPGEMM_DEFAULT, d, NULL, NULL),
	       CUSPARSE_STATUS_INVALID_VALUE);
	/* copy before nnz: no structure yet */
	TAP_ST(cusparseSpGEMMreuse_copy(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
					CUSPARSE_OPERATION_NON_TRANSPOSE, A, B, C,
					CUSPARSE_SPGEMM_DEFAULT, d, &s, NULL),
	       CUSPARSE_STATUS_INVALID_VALUE);
	TAP_ST(cusparseSpGEMMreuse_nnz(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
				       CUSPARSE_OPERATION_NON_TRANSPOSE, A, B, C,
				       CUSPARSE_SPGEMM_DEFAULT, d, &s, NULL, NULL, NULL, &s, NULL),
	       CUSPARSE_STATUS_INVALID_VALUE);
	/* compute before C has its arrays */
	TAP_ST(cusparseSpGEMMreuse_compute(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
					   CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, B, &one, C,
					   CUDA_R_64F, CUSPARSE_SPGEMM_DEFAULT, d),
	       CUSPARSE_STATUS_INVALID_VALUE);
	TAP_ST(cusparseSpGEMM_getNumProducts(d, NULL), CUSPARSE_STATUS_INVALID_VALUE);
	TAP_ST(cusparseSpGEMM_getNumProducts(NULL, &np), CUSPARSE_STATUS_INVALID_VALUE);
	TAP_ST(cusparseSpGEMM_estimateMemory(
		   H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A,
		   B, &one, C, CUDA_R_64F, CUSPARSE_SPGEMM_ALG3, d, 0.2f, &s, NULL, &s2),
	       CUSPARSE_STATUS_SUCCESS);
	tap_ok(s == 0 && s2 == 0, "cusparseSpGEMM_estimateMemory: 0 and 0 bytes");
	TAP_ST(cusparseSpGEMM_estimateMemory(
		   H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A,
		   B, &one, C, CUDA_R_64F, CUSPARSE_SPGEMM_ALG3, d, 1.5f, &s, NULL, &s2),
	       CUSPARSE_STATUS_INVALID_VALUE);
	cusparseDestroySpMat(A);
	cusparseDestroySpMat(B);
	cusparseDestroySpMat(C);
	cusparseSpGEMM_destroyDescr(d);
}

static int make_handle(void)
{
	return tap_ok(cusparseCreate(&H) == CUSPARSE_STATUS_SUCCESS, "cusparseCreate");
}

static void free_handle(void)
{
	tap_ok(cusparseDestroy(H) == CUSPARSE_STATUS_SUCCESS, "cusparseDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
