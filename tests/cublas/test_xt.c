// SPDX-License-Identifier: MIT
/*
 * test_xt.c - cublasXt (cublasXt.h) and the v2 rank-2k routines it needs
 * (syr2k, syrkx, her2k, herkx), S/D/C/Z, against products computed here
 * with plain loops in double complex from the routines' definitions, never
 * against BLAS or the library: gemm, syrk, syr2k, syrkx, herk, her2k, herkx
 * (only the uplo triangle written, the other one left as it was), symm,
 * hemm (only the uplo triangle of A read: the other holds other values),
 * spmm (A packed), trsm (op(A) X = alpha B checked by multiplying back),
 * trmm; the handle's settings; the statuses of bad arguments (nothing
 * written on a refused call).  An element agrees when |got - ref| <= tol
 * (1 + |ref|), tol 1e-4 (single), 1e-11 (double): sizes below 10.
 */
#include <complex.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <cublasXt.h>
#include <cuda_runtime.h>
#include "blas_prec.h"
#include "xorshift.h"
#include "tap.h"

static const double tols[] = {1e-4, 1e-11, 1e-4, 1e-11};
static cublasXtHandle_t xt;

enum { M = 7, N = 5, K = 4, PAD = 2 };

/* A rows x cols matrix (ld = rows + PAD) of random values, complex ones for C/Z. */
static void *rand_mat(enum prec p, int rows, int cols)
{
	int ld = rows + PAD;
	void *a = malloc(esz[p] * (size_t)ld * (size_t)cols);

	for (long i = 0; i < (long)ld * cols; i++)
		put(p, a, i, urand() - 0.5 + (cplx(p) ? I * (urand() - 0.5) : 0));
	return a;
}

static void *dup_mat(enum prec p, const void *a, int rows, int cols)
{
	size_t bytes = esz[p] * (size_t)(rows + PAD) * (size_t)cols;

	return memcpy(malloc(bytes), a, bytes);
}

/* A scalar of precision p (real: the real part), in a buffer of the largest element. */
struct scalar {
	double _Complex store[1];
};
static struct scalar scal(enum prec p, dc v)
{
	struct scalar s;

	put(p, s.store, 0, v);
	return s;
}
/* herk's alpha, herk's/her2k's/herkx's beta: the real type of p */
static struct scalar rscal(enum prec p, double v)
{
	return scal(p == PC ? PS : PD, v);
}

/* Element (i, l) of op(X), X with leading dimension ld. */
static dc op_at(enum prec p, const void *x, int ld, cublasOperation_t op, int i, int l)
{
	if (op == CUBLAS_OP_N)
		return get(p, x, i + (long)l * ld);
	dc v = get(p, x, l + (long)i * ld);

	return op == CUBLAS_OP_C ? conj(v) : v;
}

static int close_to(enum prec p, dc got, dc ref)
{
	return cabs(got - ref) <= tols[p] * (1 + cabs(ref));
}

/* C (rows x cols, ld rows+PAD) equals ref where `in(i, j)` says it was written, and c0 elsewhere.
 */
static int matches(enum prec p, const void *c, const dc *ref, const void *c0, int rows, int cols,
		   int tri, cublasFillMode_t uplo)
{
	for (int j = 0; j < cols; j++)
		for (int i = 0; i < rows; i++) {
			long at = i + (long)j * (rows + PAD);
			int in = !tri || (uplo == CUBLAS_FILL_MODE_UPPER ? i <= j : i >= j);

			if (in ? !close_to(p, get(p, c, at), ref[i + j * rows])
			       : get(p, c, at) != get(p, c0, at))
				return 0;
		}
	return 1;
}

typedef cublasStatus_t (*gemm_fn)(cublasXtHandle_t, cublasOperation_t, cublasOperation_t, size_t,
				  size_t, size_t, const void *, const void *, size_t, const void *,
				  size_t, const void *, void *, size_t);
static const gemm_fn gemm[] = {(gemm_fn)cublasXtSgemm, (gemm_fn)cublasXtDgemm,
			       (gemm_fn)cublasXtCgemm, (gemm_fn)cublasXtZgemm};

TAP_TEST(gemm)
{
	static const cublasOperation_t ops[][2] = {{CUBLAS_OP_N, CUBLAS_OP_N},
						   {CUBLAS_OP_T, CUBLAS_OP_N},
						   {CUBLAS_OP_N, CUBLAS_OP_C},
						   {CUBLAS_OP_C, CUBLAS_OP_T}};

	for (enum prec p = PS; p <= PZ; p++)
		for (int o = 0; o < 4; o++) {
			cublasOperation_t ta = ops[o][0], tb = ops[o][1];
			int ar = ta == CUBLAS_OP_N ? M : K, br = tb == CUBLAS_OP_N ? K : N;
			void *a = rand_mat(p, ar, ta == CUBLAS_OP_N ? K : M),
			     *b = rand_mat(p, br, tb == CUBLAS_OP_N ? N : K);
			void *c = rand_mat(p, M, N), *c0 = dup_mat(p, c, M, N);
			dc al = 0.75 - (cplx(p) ? 0.5 * I : 0), be = -1.25;
			struct scalar sa = scal(p, al), sb = scal(p, be);
			dc ref[M * N];

			for (int j = 0; j < N; j++)
				for (int i = 0; i < M; i++) {
					dc s = 0;

					for (int l = 0; l < K; l++)
						s += op_at(p, a, ar + PAD, ta, i, l) *
						     op_at(p, b, br + PAD, tb, l, j);
					ref[i + j * M] =
					    al * s + be * get(p, c0, i + (long)j * (M + PAD));
				}
			cublasStatus_t st = gemm[p](xt, ta, tb, M, N, K, &sa, a, ar + PAD, b,
						    br + PAD, &sb, c, M + PAD);
			tap_ok(
			    st == CUBLAS_STATUS_SUCCESS && matches(p, c, ref, c0, M, N, 0, 0),
			    "cublasXt%cgemm op %d,%d: C = alpha op(A) op(B) + beta C (status %d)",
			    pname[p], ta, tb, st);
			free(a), free(b), free(c), free(c0);
		}
}

/* The rank-k family: which routine, and its reference for element (i, j). */
enum rank_kind { SYRK, SYR2K, SYRKX, HERK, HER2K, HERKX };
static const char *const rank_names[] = {"syrk", "syr2k", "syrkx", "herk", "her2k", "herkx"};

static dc rank_ref(enum rank_kind kind, enum prec p, const void *a, const void *b, int ld,
		   cublasOperation_t t, int i, int j, dc al)
{
	dc s = 0;

	for (int l = 0; l < K; l++) {
		dc ai = op_at(p, a, ld, t, i, l), aj = op_at(p, a, ld, t, j, l);
		dc bi = op_at(p, b, ld, t, i, l), bj = op_at(p, b, ld, t, j, l);

		switch (kind) {
		case SYRK:
			s += al * ai * aj;
			break;
		case SYR2K:
			s += al * (ai * bj + bi * aj);
			break;
		case SYRKX:
			s += al * ai * bj;
			break;
		case HERK:
			s += al * ai * conj(aj);
			break;
		case HER2K:
			s += al * ai * conj(bj) + conj(al) * bi * conj(aj);
			break;
		case HERKX:
			s += al * ai * conj(bj);
			break;
		}
	}
	return s;
}

typedef cublasStatus_t (*rank_fn)(cublasXtHandle_t, cublasFillMode_t, cublasOperation_t, size_t,
				  size_t, const void *, const void *, size_t, const void *, size_t,
				  const void *, void *, size_t);
typedef cublasStatus_t (*rank1_fn)(cublasXtHandle_t, cublasFillMode_t, cublasOperation_t, size_t,
				   size_t, const void *, const void *, size_t, const void *, void *,
				   size_t);

static cublasStatus_t run_rank(enum rank_kind kind, enum prec p, cublasFillMode_t uplo,
			       cublasOperation_t t, const void *al, const void *a, int ld,
			       const void *b, const void *be, void *c)
{
	static const rank1_fn syrk[] = {(rank1_fn)cublasXtSsyrk, (rank1_fn)cublasXtDsyrk,
					(rank1_fn)cublasXtCsyrk, (rank1_fn)cublasXtZsyrk};
	static const rank1_fn herk[] = {NULL, NULL, (rank1_fn)cublasXtCherk,
					(rank1_fn)cublasXtZherk};
	static const rank_fn two[][4] = {
	    {(rank_fn)cublasXtSsyr2k, (rank_fn)cublasXtDsyr2k, (rank_fn)cublasXtCsyr2k,
	     (rank_fn)cublasXtZsyr2k},
	    {(rank_fn)cublasXtSsyrkx, (rank_fn)cublasXtDsyrkx, (rank_fn)cublasXtCsyrkx,
	     (rank_fn)cublasXtZsyrkx},
	    {NULL, NULL, (rank_fn)cublasXtCher2k, (rank_fn)cublasXtZher2k},
	    {NULL, NULL, (rank_fn)cublasXtCherkx, (rank_fn)cublasXtZherkx},
	};

	switch (kind) {
	case SYRK:
		return syrk[p](xt, uplo, t, N, K, al, a, ld, be, c, N + PAD);
	case HERK:
		return herk[p](xt, uplo, t, N, K, al, a, ld, be, c, N + PAD);
	case SYR2K:
		return two[0][p](xt, uplo, t, N, K, al, a, ld, b, ld, be, c, N + PAD);
	case SYRKX:
		return two[1][p](xt, uplo, t, N, K, al, a, ld, b, ld, be, c, N + PAD);
	case HER2K:
		return two[2][p](xt, uplo, t, N, K, al, a, ld, b, ld, be, c, N + PAD);
	default:
		return two[3][p](xt, uplo, t, N, K, al, a, ld, b, ld, be, c, N + PAD);
	}
}

/*
 * herkx is for products known to be Hermitian: B = A D (D real diagonal
 * over the k index) makes op(A) op(B)^H = op(A) D op(A)^H so.
 */
static void *hermitian_partner(enum prec p, const void *a, int rows, int cols, cublasOperation_t t)
{
	void *b = dup_mat(p, a, rows, cols);

	for (int j = 0; j < cols; j++)
		for (int i = 0; i < rows; i++) {
			int l = t == CUBLAS_OP_N ? j : i;
			long at = i + (long)j * (rows + PAD);

			put(p, b, at, get(p, a, at) * (0.5 + l));
		}
	return b;
}

TAP_TEST(rank_k)
{
	for (enum rank_kind kind = SYRK; kind <= HERKX; kind++)
		for (enum prec p = kind >= HERK ? PC : PS; p <= PZ; p++)
			for (int u = 0; u < 2; u++)
				for (int tr = 0; tr < 2; tr++) {
					cublasFillMode_t uplo =
					    u ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
					cublasOperation_t t = !tr	     ? CUBLAS_OP_N
							      : kind >= HERK ? CUBLAS_OP_C
									     : CUBLAS_OP_T;
					int rows = t == CUBLAS_OP_N ? N : K,
					    cols = t == CUBLAS_OP_N ? K : N;
					void *a = rand_mat(p, rows, cols);
					void *b = kind == HERKX
						      ? hermitian_partner(p, a, rows, cols, t)
						      : rand_mat(p, rows, cols);
					void *c = rand_mat(p, N, N), *c0 = dup_mat(p, c, N, N);
					/* herkx's alpha real too: alpha op(A) D op(A)^H is
					 * Hermitian then */
					int real_alpha = kind == HERK, real_beta = kind >= HERK;
					dc al = kind == HERK || kind == HERKX || !cplx(p)
						    ? 0.75
						    : 0.75 - 0.5 * I;
					dc be = -1.25;
					struct scalar sa =
					    real_alpha ? rscal(p, creal(al)) : scal(p, al);
					struct scalar sb = real_beta ? rscal(p, be) : scal(p, be);
					dc ref[N * N];

					for (int j = 0; j < N; j++)
						for (int i = 0; i < N; i++) {
							dc c_ij =
							    get(p, c0, i + (long)j * (N + PAD));

							if (real_beta &&
							    i == j) /* a Hermitian C's diagonal is
								       real */
								c_ij = creal(c_ij);
							ref[i + j * N] =
							    rank_ref(kind, p, a, b, rows + PAD, t,
								     i, j, al) +
							    be * c_ij;
						}
					cublasStatus_t st = run_rank(kind, p, uplo, t, &sa, a,
								     rows + PAD, b, &sb, c);
					tap_ok(st == CUBLAS_STATUS_SUCCESS &&
						   matches(p, c, ref, c0, N, N, 1, uplo),
					       "cublasXt%c%s %s op %d: the triangle as defined, "
					       "the other untouched "
					       "(status %d)",
					       pname[p], rank_names[kind], u ? "upper" : "lower", t,
					       st);
					free(a), free(b), free(c), free(c0);
				}
}

/* A(i, j) of a symmetric (herm: Hermitian) matrix held in its uplo triangle. */
static dc sym_at(enum prec p, const void *a, int ld, cublasFillMode_t uplo, int herm, int i, int j)
{
	int stored = uplo == CUBLAS_FILL_MODE_UPPER ? i <= j : i >= j;
	dc v = stored ? get(p, a, i + (long)j * ld) : get(p, a, j + (long)i * ld);

	if (herm && i == j)
		return creal(v);
	return herm && !stored ? conj(v) : v;
}

typedef cublasStatus_t (*symm_fn)(cublasXtHandle_t, cublasSideMode_t, cublasFillMode_t, size_t,
				  size_t, const void *, const void *, size_t, const void *, size_t,
				  const void *, void *, size_t);
typedef cublasStatus_t (*spmm_fn)(cublasXtHandle_t, cublasSideMode_t, cublasFillMode_t, size_t,
				  size_t, const void *, const void *, const void *, size_t,
				  const void *, void *, size_t);

/* symm, hemm (which 0, 1) and spmm (2): C = alpha A B + beta C (side left) or alpha B A + beta C */
TAP_TEST(symm_hemm_spmm)
{
	static const symm_fn symm[] = {(symm_fn)cublasXtSsymm, (symm_fn)cublasXtDsymm,
				       (symm_fn)cublasXtCsymm, (symm_fn)cublasXtZsymm};
	static const symm_fn hemm[] = {NULL, NULL, (symm_fn)cublasXtChemm, (symm_fn)cublasXtZhemm};
	static const spmm_fn spmm[] = {(spmm_fn)cublasXtSspmm, (spmm_fn)cublasXtDspmm,
				       (spmm_fn)cublasXtCspmm, (spmm_fn)cublasXtZspmm};
	static const char *const names[] = {"symm", "hemm", "spmm"};

	for (int which = 0; which < 3; which++)
		for (enum prec p = which == 1 ? PC : PS; p <= PZ; p++)
			for (int s = 0; s < 2; s++)
				for (int u = 0; u < 2; u++) {
					cublasSideMode_t side =
					    s ? CUBLAS_SIDE_RIGHT : CUBLAS_SIDE_LEFT;
					cublasFillMode_t uplo =
					    u ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
					int dim = s ? N : M, herm = which == 1;
					void *a = rand_mat(p, dim, dim), *b = rand_mat(p, M, N);
					void *c = rand_mat(p, M, N), *c0 = dup_mat(p, c, M, N);
					void *ap = malloc(esz[p] * (size_t)(dim * (dim + 1) / 2));
					dc al = cplx(p) ? 0.5 + 0.25 * I : 0.5, be = 2.0,
					   ref[M * N];
					struct scalar sa = scal(p, al), sb = scal(p, be);
					cublasStatus_t st;
					long q = 0;

					for (int j = 0; j < dim;
					     j++) /* packed: column by column, the uplo part */
						for (int i = u ? 0 : j; i <= (u ? j : dim - 1); i++)
							put(p, ap, q++,
							    get(p, a, i + (long)j * (dim + PAD)));
					for (int j = 0; j < N; j++)
						for (int i = 0; i < M; i++) {
							dc v = 0;

							for (int l = 0; l < dim; l++)
								v +=
								    s ? get(p, b,
									    i + (long)l *
										    (M + PAD)) *
									    sym_at(p, a, dim + PAD,
										   uplo, herm, l, j)
								      : sym_at(p, a, dim + PAD,
									       uplo, herm, i, l) *
									    get(p, b,
										l + (long)j *
											(M + PAD));
							ref[i + j * M] =
							    al * v +
							    be *
								get(p, c0, i + (long)j * (M + PAD));
						}
					if (which == 2)
						st = spmm[p](xt, side, uplo, M, N, &sa, ap, b,
							     M + PAD, &sb, c, M + PAD);
					else
						st = (herm ? hemm : symm)[p](
						    xt, side, uplo, M, N, &sa, a, dim + PAD, b,
						    M + PAD, &sb, c, M + PAD);
					tap_ok(st == CUBLAS_STATUS_SUCCESS &&
						   matches(p, c, ref, c0, M, N, 0, 0),
					       "cublasXt%c%s %s %s: from the %s triangle only "
					       "(status %d)",
					       pname[p], names[which], s ? "right" : "left",
					       u ? "upper" : "lower", u ? "upper" : "lower", st);
					free(a), free(b), free(c), free(c0), free(ap);
				}
}

/* op(tri(A))(i, l): the uplo triangle of A, unit diagonal if asked */
static dc tri_op_at(enum prec p, const void *a, int ld, cublasFillMode_t uplo, cublasOperation_t t,
		    cublasDiagType_t diag, int i, int l)
{
	int r = t == CUBLAS_OP_N ? i : l, c = t == CUBLAS_OP_N ? l : i; /* the element of A read */

	if (r == c && diag == CUBLAS_DIAG_UNIT)
		return 1;
	if (uplo == CUBLAS_FILL_MODE_UPPER ? r > c : r < c)
		return 0;
	return op_at(p, a, ld, t, i, l);
}

typedef cublasStatus_t (*trsm_fn)(cublasXtHandle_t, cublasSideMode_t, cublasFillMode_t,
				  cublasOperation_t, cublasDiagType_t, size_t, size_t, const void *,
				  const void *, size_t, void *, size_t);
typedef cublasStatus_t (*trmm_fn)(cublasXtHandle_t, cublasSideMode_t, cublasFillMode_t,
				  cublasOperation_t, cublasDiagType_t, size_t, size_t, const void *,
				  const void *, size_t, const void *, size_t, void *, size_t);

/* trsm (X with op(A) X = alpha B, multiplied back) and trmm (C = alpha op(A) B), each
 * side/uplo/op/diag */
TAP_TEST(trsm_trmm)
{
	static const trsm_fn trsm[] = {(trsm_fn)cublasXtStrsm, (trsm_fn)cublasXtDtrsm,
				       (trsm_fn)cublasXtCtrsm, (trsm_fn)cublasXtZtrsm};
	static const trmm_fn trmm[] = {(trmm_fn)cublasXtStrmm, (trmm_fn)cublasXtDtrmm,
				       (trmm_fn)cublasXtCtrmm, (trmm_fn)cublasXtZtrmm};

	for (enum prec p = PS; p <= PZ; p++)
		for (int v = 0; v < 8; v++) {
			cublasSideMode_t side = v & 1 ? CUBLAS_SIDE_RIGHT : CUBLAS_SIDE_LEFT;
			cublasFillMode_t uplo =
			    v & 2 ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
			cublasOperation_t t =
			    v & 4 ? (cplx(p) ? CUBLAS_OP_C : CUBLAS_OP_T) : CUBLAS_OP_N;
			cublasDiagType_t diag = v == 5 ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
			int dim = side == CUBLAS_SIDE_LEFT ? M : N, lda = dim + PAD;
			void *a = rand_mat(p, dim, dim), *b = rand_mat(p, M, N),
			     *x = dup_mat(p, b, M, N);
			void *c = rand_mat(p, M, N), *c0 = dup_mat(p, c, M, N);
			dc al = cplx(p) ? 1.5 - 0.5 * I : 1.5, ref[M * N], back[M * N];
			struct scalar sa = scal(p, al);

			for (int i = 0; i < dim; i++) /* well conditioned */
				put(p, a, i + (long)i * lda, get(p, a, i + (long)i * lda) + dim);
			for (int j = 0; j < N; j++)
				for (int i = 0; i < M; i++) {
					dc s = 0;

					for (int l = 0; l < dim; l++)
						s += side == CUBLAS_SIDE_LEFT
							 ? tri_op_at(p, a, lda, uplo, t, diag, i,
								     l) *
							       get(p, b, l + (long)j * (M + PAD))
							 : get(p, b, i + (long)l * (M + PAD)) *
							       tri_op_at(p, a, lda, uplo, t, diag,
									 l, j);
					ref[i + j * M] = al * s;
				}
			cublasStatus_t st = trmm[p](xt, side, uplo, t, diag, M, N, &sa, a, lda, b,
						    M + PAD, c, M + PAD);
			tap_ok(st == CUBLAS_STATUS_SUCCESS && matches(p, c, ref, c0, M, N, 0, 0),
			       "cublasXt%ctrmm side %d uplo %d op %d diag %d: C = alpha op(A) B "
			       "(status %d)",
			       pname[p], side, uplo, t, diag, st);
			st = trsm[p](xt, side, uplo, t, diag, M, N, &sa, a, lda, x, M + PAD);
			for (int j = 0; j < N; j++) /* op(A) X (or X op(A)) should be alpha B */
				for (int i = 0; i < M; i++) {
					dc s = 0;

					for (int l = 0; l < dim; l++)
						s += side == CUBLAS_SIDE_LEFT
							 ? tri_op_at(p, a, lda, uplo, t, diag, i,
								     l) *
							       get(p, x, l + (long)j * (M + PAD))
							 : get(p, x, i + (long)l * (M + PAD)) *
							       tri_op_at(p, a, lda, uplo, t, diag,
									 l, j);
					back[i + j * M] = s;
					ref[i + j * M] = al * get(p, b, i + (long)j * (M + PAD));
				}
			int ok = st == CUBLAS_STATUS_SUCCESS;

			for (int i = 0; i < M * N && ok; i++)
				ok = close_to(p, back[i], ref[i]);
			tap_ok(ok,
			       "cublasXt%ctrsm side %d uplo %d op %d diag %d: op(A) X = alpha B "
			       "(status %d)",
			       pname[p], side, uplo, t, diag, st);
			free(a), free(b), free(x), free(c), free(c0);
		}
}

TAP_TEST(settings)
{
	int dev = 0, bd = 0, boards = 0, max = 0, count = 0;
	cublasXtPinnedMemMode_t pin = CUBLASXT_PINNING_ENABLED;

	cudaGetDeviceCount(&count);
	tap_ok(cublasXtDeviceSelect(xt, 1, &dev) == CUBLAS_STATUS_SUCCESS,
	       "DeviceSelect of device 0");
	tap_ok(cublasXtSetBlockDim(xt, 64) == CUBLAS_STATUS_SUCCESS &&
		   cublasXtGetBlockDim(xt, &bd) == CUBLAS_STATUS_SUCCESS && bd == 64,
	       "SetBlockDim 64 reads back (%d)", bd);
	tap_ok(cublasXtGetPinningMemMode(xt, &pin) == CUBLAS_STATUS_SUCCESS &&
		   pin == CUBLASXT_PINNING_DISABLED &&
		   cublasXtSetPinningMemMode(xt, CUBLASXT_PINNING_ENABLED) ==
		       CUBLAS_STATUS_SUCCESS &&
		   cublasXtGetPinningMemMode(xt, &pin) == CUBLAS_STATUS_SUCCESS &&
		   pin == CUBLASXT_PINNING_ENABLED,
	       "pinning mode: disabled at first, then as set");
	tap_ok(cublasXtMaxBoards(&max) == CUBLAS_STATUS_SUCCESS && max == count &&
		   cublasXtGetNumBoards(1, &dev, &boards) == CUBLAS_STATUS_SUCCESS && boards == 1,
	       "MaxBoards %d = the runtime's device count %d, one board per device", max, count);
	tap_ok(cublasXtSetCpuRatio(xt, CUBLASXT_GEMM, CUBLASXT_DOUBLE, 0.25f) ==
		       CUBLAS_STATUS_SUCCESS &&
		   cublasXtSetCpuRoutine(xt, CUBLASXT_TRSM, CUBLASXT_COMPLEX, NULL) ==
		       CUBLAS_STATUS_SUCCESS,
	       "CPU ratio and CPU routine accepted (everything runs on the CPU)");
}

TAP_TEST(statuses)
{
	float one = 1, a[16] = {0}, b[16] = {0}, c[16], c0[16];
	int bad = 1 << 20, dev = 0;

	for (int i = 0; i < 16; i++)
		c[i] = c0[i] = (float)i;
	tap_ok(cublasXtCreate(NULL) == CUBLAS_STATUS_INVALID_VALUE, "Create(NULL): INVALID_VALUE");
	tap_ok(cublasXtDestroy(NULL) == CUBLAS_STATUS_NOT_INITIALIZED,
	       "Destroy(NULL): NOT_INITIALIZED");
	tap_ok(cublasXtSgemm(NULL, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, a, 2, b, 2, &one, c,
			     2) == CUBLAS_STATUS_NOT_INITIALIZED,
	       "Sgemm on a NULL handle: NOT_INITIALIZED");
	tap_ok(cublasXtSgemm(xt, CUBLAS_OP_N, CUBLAS_OP_N, 4, 2, 2, &one, a, 3, b, 2, &one, c, 4) ==
		   CUBLAS_STATUS_INVALID_VALUE,
	       "Sgemm lda 3 < m 4: INVALID_VALUE");
	tap_ok(cublasXtSgemm(xt, (cublasOperation_t)9, CUBLAS_OP_N, 2, 2, 2, &one, a, 2, b, 2, &one,
			     c, 2) == CUBLAS_STATUS_INVALID_VALUE,
	       "Sgemm with op 9: INVALID_VALUE");
	tap_ok(cublasXtSgemm(xt, CUBLAS_OP_N, CUBLAS_OP_N, (size_t)INT_MAX + 1, 2, 2, &one, a,
			     (size_t)INT_MAX + 1, b, 2, &one, c,
			     (size_t)INT_MAX + 1) == CUBLAS_STATUS_NOT_SUPPORTED,
	       "Sgemm with m = 2^31: NOT_SUPPORTED (OpenBLAS's int)");
	tap_ok(cublasXtSsyrkx(xt, (cublasFillMode_t)5, CUBLAS_OP_N, 2, 2, &one, a, 2, b, 2, &one, c,
			      2) == CUBLAS_STATUS_INVALID_VALUE,
	       "Ssyrkx with fill mode 5: INVALID_VALUE");
	tap_ok(cublasXtCsyr2k(xt, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, 2, 2, (cuComplex *)a,
			      (cuComplex *)a, 2, (cuComplex *)b, 2, (cuComplex *)b, (cuComplex *)c,
			      2) == CUBLAS_STATUS_INVALID_VALUE,
	       "Csyr2k with op C: INVALID_VALUE (N or T)");
	tap_ok(cublasXtCherkx(xt, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, 2, 2, (cuComplex *)a,
			      (cuComplex *)a, 2, (cuComplex *)b, 2, &one, (cuComplex *)c,
			      2) == CUBLAS_STATUS_INVALID_VALUE,
	       "Cherkx with op T: INVALID_VALUE (N or C)");
	tap_ok(cublasXtSspmm(xt, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, 2, 2, &one, NULL, b, 2,
			     &one, c, 2) == CUBLAS_STATUS_INVALID_VALUE,
	       "Sspmm with AP NULL: INVALID_VALUE");
	tap_ok(cublasXtStrsm(xt, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N,
			     (cublasDiagType_t)4, 2, 2, &one, a, 2, c,
			     2) == CUBLAS_STATUS_INVALID_VALUE,
	       "Strsm with diag 4: INVALID_VALUE");
	tap_ok(cublasXtSsymm(xt, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, 2, 2, NULL, a, 2, b, 2,
			     &one, c, 2) == CUBLAS_STATUS_INVALID_VALUE,
	       "Ssymm with alpha NULL: INVALID_VALUE");
	tap_ok(!memcmp(c, c0, sizeof(c)), "the refused calls wrote nothing");
	tap_ok(cublasXtDeviceSelect(xt, 1, &bad) == CUBLAS_STATUS_INVALID_VALUE &&
		   cublasXtDeviceSelect(xt, 0, &dev) == CUBLAS_STATUS_INVALID_VALUE &&
		   cublasXtDeviceSelect(xt, 1, NULL) == CUBLAS_STATUS_INVALID_VALUE &&
		   cublasXtDeviceSelect(NULL, 1, &dev) == CUBLAS_STATUS_NOT_INITIALIZED,
	       "DeviceSelect: device 2^20, no device, NULL list: INVALID_VALUE; NULL handle: "
	       "NOT_INITIALIZED");
	tap_ok(cublasXtSetBlockDim(xt, 0) == CUBLAS_STATUS_INVALID_VALUE &&
		   cublasXtGetBlockDim(xt, NULL) == CUBLAS_STATUS_INVALID_VALUE &&
		   cublasXtSetPinningMemMode(xt, (cublasXtPinnedMemMode_t)7) ==
		       CUBLAS_STATUS_INVALID_VALUE,
	       "block size 0, NULL result, pinning mode 7: INVALID_VALUE");
	tap_ok(cublasXtSetCpuRatio(xt, CUBLASXT_GEMM, CUBLASXT_FLOAT, 1.5f) ==
		       CUBLAS_STATUS_INVALID_VALUE &&
		   cublasXtSetCpuRatio(xt, CUBLASXT_ROUTINE_MAX, CUBLASXT_FLOAT, 0.5f) ==
		       CUBLAS_STATUS_INVALID_VALUE &&
		   cublasXtSetCpuRoutine(xt, CUBLASXT_GEMM, (cublasXtOpType_t)4, NULL) ==
		       CUBLAS_STATUS_INVALID_VALUE,
	       "CPU ratio 1.5, routine ROUTINE_MAX, type 4: INVALID_VALUE");
}

/* the v2 rank-2k calls on a v2 handle (the Xt ones above go through them): handle and argument
 * statuses */
TAP_TEST(v2_rank2k_statuses)
{
	cublasHandle_t h;
	double one = 1, a[4] = {0}, c[4] = {0};

	tap_ok(cublasDsyr2k(NULL, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, 2, 2, &one, a, 2, a, 2, &one,
			    c, 2) == CUBLAS_STATUS_NOT_INITIALIZED,
	       "cublasDsyr2k on a NULL handle: NOT_INITIALIZED");
	if (!tap_ok(cublasCreate(&h) == CUBLAS_STATUS_SUCCESS, "cublasCreate"))
		return;
	tap_ok(cublasDsyrkx(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, 2, 2, &one, a, 2, a, 1, &one, c,
			    2) == CUBLAS_STATUS_INVALID_VALUE,
	       "cublasDsyrkx ldb 1 < n 2: INVALID_VALUE");
	tap_ok(cublasZher2k(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, -1, 2, (cuDoubleComplex *)a,
			    (cuDoubleComplex *)a, 2, (cuDoubleComplex *)a, 2, &one,
			    (cuDoubleComplex *)c, 2) == CUBLAS_STATUS_INVALID_VALUE,
	       "cublasZher2k n -1: INVALID_VALUE");
	cublasDestroy(h);
}

static int make_handle(void)
{
	xorshift_seed(0x5eed0039);
	return tap_ok(cublasXtCreate(&xt) == CUBLAS_STATUS_SUCCESS, "cublasXtCreate");
}

static void free_handle(void)
{
	tap_ok(cublasXtDestroy(xt) == CUBLAS_STATUS_SUCCESS, "cublasXtDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
