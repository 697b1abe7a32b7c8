// SPDX-License-Identifier: MIT
/*
 * sp_lsv_complex.c - the complex forms (C, Z) of cuSOLVER's sparse direct
 * solvers cusolverSp<t>csrlsv{lu,chol,qr}[Host]: A x = b solved as its
 * real form of twice the order by sp_lsv.c's solvers.  Each entry
 * a = ar + i ai of A becomes the 2 x 2 block [ar -ai; ai ar], each unknown
 * and each entry of b the pair (Re, Im) side by side, so the form keeps A's
 * pattern and, twice as wide, its band.
 *
 * What the form preserves: a Hermitian positive definite A gives a
 * symmetric positive definite form, and over the reals the span of the
 * columns before column j of A and of i times each of them is their
 * complex span, so the form's QR has |R(j, j)| of A's complex QR at 2j and
 * 2j + 1, and its Cholesky factor L(j, j) there: singularity j and tol
 * mean what they mean for a complex QR or Cholesky.  LU's partial pivoting
 * may pick other rows in the form than in a complex LU; its first small
 * pivot's index is halved all the same.  Reordering permutes A (reverse
 * Cuthill-McKee of its pattern) before the form is made, so the index is of
 * the reordered A, as for the real forms.  Cholesky reads the lower
 * triangle with the diagonal's imaginary parts taken as zero (LAPACK's
 * zpotrf does the same).  The cost is twice the memory of a complex
 * factorization of the same method.
 */
#include <limits.h>
#include <stdlib.h>

#include "cusolver_sp_internal.h"

/* A's real form (0-based or 1-based as A), b's and x's pairs; sizes 2n and 4 nnz. */
struct real_form {
	int *ptr, *ind;
	double *val, *b, *x;
	int *perm; /* row i of the reordered A is row perm[i] of A; NULL: natural */
	int *inv;
};

static void form_free(struct real_form *f)
{
	free(f->ptr), free(f->ind), free(f->val), free(f->b), free(f->x), free(f->perm),
	    free(f->inv);
}

static bool form_alloc(struct real_form *f, int n, int nnz)
{
	size_t n2 = 2 * (size_t)n, nnz4 = 4 * (size_t)nnz;

	f->ptr = malloc((n2 + 1) * sizeof(int));
	f->ind = malloc(nnz4 * sizeof(int));
	f->val = malloc(nnz4 * sizeof(double));
	f->b = malloc(n2 * sizeof(double));
	f->x = malloc(n2 * sizeof(double));
	return f->ptr && f->ind && f->val && f->b && f->x;
}

/* reverse Cuthill-McKee of A's pattern, the permutation and its inverse */
static bool form_order(struct real_form *f, cusolverSpHandle_t h, int n, int nnz,
		       const cusparseMatDescr_t descr, const int *ptr, const int *ind)
{
	f->perm = malloc((size_t)n * sizeof(int));
	f->inv = malloc((size_t)n * sizeof(int));
	if (!f->perm || !f->inv || cusolverSpXcsrsymrcmHost(h, n, nnz, descr, ptr, ind, f->perm))
		return false;
	for (int i = 0; i < n; i++)
		f->inv[f->perm[i]] = i;
	return true;
}

/*
 * Row 2i (part 0) or 2i + 1 (part 1) of the form from row r of A (the
 * reordered A's row i), written
 * at f->ind/f->val + *k; val holds A's (Re, Im) pairs.
 */
static void form_row(struct real_form *f, int part, int r, const double *val, const int *ptr,
		     const int *ind, int base, bool hermitian, int *k)
{
	for (int e = ptr[r] - base; e < ptr[r + 1] - base; e++) {
		int j = ind[e] - base, c = f->inv ? f->inv[j] : j;
		double re = val[2 * (size_t)e],
		       im = hermitian && j == r ? 0 : val[2 * (size_t)e + 1];

		f->ind[*k] = 2 * c + base, f->val[(*k)++] = part ? im : re;
		f->ind[*k] = 2 * c + 1 + base, f->val[(*k)++] = part ? re : -im;
	}
}

static void form_build(struct real_form *f, int n, int base, const double *val, const int *ptr,
		       const int *ind, const double *b, bool hermitian)
{
	int k = 0;

	for (int i = 0; i < n; i++) {
		int r = f->perm ? f->perm[i] : i;

		for (int part = 0; part < 2; part++) {
			f->ptr[2 * i + part] = k + base;
			form_row(f, part, r, val, ptr, ind, base, hermitian, &k);
		}
		f->b[2 * i] = b[2 * (size_t)r], f->b[2 * i + 1] = b[2 * (size_t)r + 1];
	}
	f->ptr[2 * n] = k + base;
}

/* A x = b in double; val, b and x are (Re, Im) pairs; x written only for singularity -1. */
static cusolverStatus_t solve_pairs(cusolverSpHandle_t h, enum cusolver_sp_method m, int n, int nnz,
				    const cusparseMatDescr_t descr, const double *val,
				    const int *ptr, const int *ind, const double *b, double tol,
				    int reorder, double *x, int *singularity)
{
	struct real_form f = {0};
	int base, s;
	cusolverStatus_t st = cusolver_sp_check(h, n, nnz, descr, ptr, ind, &base);

	if (st)
		return st;
	if (!val || !b || !x || !singularity || reorder < 0 || reorder > 3)
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (n > INT_MAX / 2 - 1 || nnz > INT_MAX / 4 - 1) /* the form's sizes are ints */
		return CUSOLVER_STATUS_ALLOC_FAILED;
	if (!form_alloc(&f, n, nnz) || (reorder && !form_order(&f, h, n, nnz, descr, ptr, ind))) {
		form_free(&f);
		return CUSOLVER_STATUS_ALLOC_FAILED;
	}
	form_build(&f, n, base, val, ptr, ind, b, m == CUSOLVER_SP_CHOL);
	st =
	    cusolver_sp_lsv(h, m, 2 * n, 4 * nnz, descr, f.val, f.ptr, f.ind, f.b, tol, 0, f.x, &s);
	if (!st) {
		*singularity = s < 0 ? -1 : s / 2;
		for (int i = 0; s < 0 && i < n; i++) {
			int r = f.perm ? f.perm[i] : i;

			x[2 * (size_t)r] = f.x[2 * i], x[2 * (size_t)r + 1] = f.x[2 * i + 1];
		}
	}
	form_free(&f);
	return st;
}

static cusolverStatus_t solve_z(cusolverSpHandle_t h, enum cusolver_sp_method m, int n, int nnz,
				const cusparseMatDescr_t descr, const cuDoubleComplex *val,
				const int *ptr, const int *ind, const cuDoubleComplex *b,
				double tol, int reorder, cuDoubleComplex *x, int *singularity)
{
	/* cuDoubleComplex is double2: its arrays are (Re, Im) pairs */
	return solve_pairs(h, m, n, nnz, descr, (const double *)val, ptr, ind, (const double *)b,
			   tol, reorder, (double *)x, singularity);
}

/* single precision: solved in double, the solution rounded */
static cusolverStatus_t solve_c(cusolverSpHandle_t h, enum cusolver_sp_method m, int n, int nnz,
				const cusparseMatDescr_t descr, const cuComplex *val,
				const int *ptr, const int *ind, const cuComplex *b, float tol,
				int reorder, cuComplex *x, int *singularity)
{
	double *dv, *db, *dx;
	int base;
	cusolverStatus_t st = cusolver_sp_check(h, n, nnz, descr, ptr, ind, &base);

	if (st)
		return st;
	if (!val || !b || !x || !singularity)
		return CUSOLVER_STATUS_INVALID_VALUE;
	/* A's entries are val[ptr[0] - base ...]; the pairs keep the same offsets */
	dv = malloc(2 * ((size_t)(ptr[0] - base) + (size_t)nnz) * sizeof(double));
	db = malloc(2 * (size_t)n * sizeof(double));
	dx = malloc(2 * (size_t)n * sizeof(double));
	if (!dv || !db || !dx) {
		free(dv), free(db), free(dx);
		return CUSOLVER_STATUS_ALLOC_FAILED;
	}
	for (size_t k = (size_t)(ptr[0] - base); k < (size_t)(ptr[0] - base) + (size_t)nnz; k++)
		dv[2 * k] = val[k].x, dv[2 * k + 1] = val[k].y;
	for (int i = 0; i < n; i++)
		db[2 * i] = b[i].x, db[2 * i + 1] = b[i].y;
	st = solve_pairs(h, m, n, nnz, descr, dv, ptr, ind, db, tol, reorder, dx, singularity);
	if (!st && *singularity == -1)
		for (int i = 0; i < n; i++)
			x[i].x = (float)dx[2 * i], x[i].y = (float)dx[2 * i + 1];
	free(dv), free(db), free(dx);
	return st;
}

/* the Host and device forms alike: device memory is host memory here */
#define LSV(P, T, R, SOLVE, NAME, METHOD)                                                          \
	cusolverStatus_t cusolverSp##P##csrlsv##NAME(cusolverSpHandle_t h, int n, int nnz,         \
						     const cusparseMatDescr_t descr, const T *val, \
						     const int *ptr, const int *ind, const T *b,   \
						     R tol, int reorder, T *x, int *singularity)   \
	{                                                                                          \
		return SOLVE(h, METHOD, n, nnz, descr, val, ptr, ind, b, tol, reorder, x,          \
			     singularity);                                                         \
	}

#define LSV_ALL(P, T, R, SOLVE)                                                                    \
	LSV(P, T, R, SOLVE, luHost, CUSOLVER_SP_LU)                                                \
	LSV(P, T, R, SOLVE, cholHost, CUSOLVER_SP_CHOL)                                            \
	LSV(P, T, R, SOLVE, qrHost, CUSOLVER_SP_QR)                                                \
	LSV(P, T, R, SOLVE, chol, CUSOLVER_SP_CHOL)                                                \
	LSV(P, T, R, SOLVE, qr, CUSOLVER_SP_QR)

LSV_ALL(C, cuComplex, float, solve_c)
LSV_ALL(Z, cuDoubleComplex, double, solve_z)
