// SPDX-License-Identifier: MIT
/*
 * test_gemvi_rot.c - lib/cusparse's gemvi and cusparseRot (issue 44).
 * gemvi: y = alpha op(A) x + beta y for a random 6 x 4 column-major A
 * (lda 8), x with three entries in unsorted order, op(A) N, T and C, bases
 * 0 and 1, S/D/C/Z, against a loop over the dense x; beta 0 with NaN in y.
 * Rot: x = c x + s y, y = c y - s x at x's entries, the other entries of y
 * unchanged, 32- and 64-bit indices.  Then the statuses, y untouched.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "blas_rand.h"
#include "tap.h"

static cusparseHandle_t H;
static const double tols[] = {2e-6, 1e-14, 2e-6, 1e-14};
static const cudaDataType vt[] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F};

typedef cusparseStatus_t (*gemvi_fn)(cusparseHandle_t, cusparseOperation_t, int, int, const void *,
				     const void *, int, int, const void *, const int *,
				     const void *, void *, cusparseIndexBase_t, void *);
typedef cusparseStatus_t (*gemvi_bs_fn)(cusparseHandle_t, cusparseOperation_t, int, int, int,
					int *);
static const gemvi_fn gemvi[] = {(gemvi_fn)cusparseSgemvi, (gemvi_fn)cusparseDgemvi,
				 (gemvi_fn)cusparseCgemvi, (gemvi_fn)cusparseZgemvi};
static const gemvi_bs_fn gemvi_bs[] = {
    (gemvi_bs_fn)cusparseSgemvi_bufferSize, (gemvi_bs_fn)cusparseDgemvi_bufferSize,
    (gemvi_bs_fn)cusparseCgemvi_bufferSize, (gemvi_bs_fn)cusparseZgemvi_bufferSize};

enum { M = 6, N = 4, LDA = 8, NNZ = 3 };

static dc opv(cusparseOperation_t op, dc v)
{
	return op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE ? conj(v) : v;
}

TAP_TEST(gemvi_against_dense)
{
	static const cusparseOperation_t ops[] = {CUSPARSE_OPERATION_NON_TRANSPOSE,
						  CUSPARSE_OPERATION_TRANSPOSE,
						  CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE};
	static const int pick[NNZ] = {2, 0, 3}; /* x's entries, unsorted (all < min(M, N)) */

	for (int p = PS; p <= PZ; p++)
		for (int o = 0; o < 3; o++)
			for (int base = 0; base < 2; base++) {
				cusparseOperation_t op = ops[o];
				bool nt = op == CUSPARSE_OPERATION_NON_TRANSPOSE;
				int xlen = nt ? N : M, ylen = nt ? M : N, ind[NNZ], bs = -1;
				void *A = rand_mat(p, M, N, LDA, 0), *xv = calloc(NNZ, esz[p]);
				void *y = rand_mat(p, ylen, 1, ylen, 0), *y0 = copy_mat(p, y, ylen);
				void *al = calloc(1, esz[p]), *be = calloc(1, esz[p]);
				dc alpha = cplx(p) ? 0.5 - 1.5 * I : 0.5,
				   beta = cplx(p) ? 2 + I : 2, xd[M] = {0};

				put(p, al, 0, alpha), put(p, be, 0, beta);
				for (int k = 0; k < NNZ; k++) {
					ind[k] = pick[k] + base;
					put(p, xv, k, rnd(p));
					xd[pick[k]] = get(p, xv, k);
				}
				bool ok =
				    gemvi_bs[p](H, op, M, N, NNZ, &bs) == CUSPARSE_STATUS_SUCCESS &&
				    bs >= 0;
				void *buf = malloc(bs > 0 ? (size_t)bs : 1);
				ok = ok && gemvi[p](H, op, M, N, al, A, LDA, NNZ, xv, ind, be, y,
						    base ? CUSPARSE_INDEX_BASE_ONE
							 : CUSPARSE_INDEX_BASE_ZERO,
						    buf) == CUSPARSE_STATUS_SUCCESS;
				double err = 0;
				for (int i = 0; i < ylen; i++) {
					dc s = 0;
					for (int j = 0; j < xlen; j++)
						s += opv(op, get(p, A,
								 nt ? i + j * LDA : j + i * LDA)) *
						     xd[j];
					dc want = alpha * s + beta * get(p, y0, i);
					double e = cabs(get(p, y, i) - want) / (1 + cabs(want));
					err = e > err || isnan(e) ? e : err;
				}
				tap_ok(ok && err <= tols[p] * 10,
				       "%cgemvi op %c base %d: y = alpha op(A) x + beta y (error "
				       "%.2g)",
				       pname[p], "NTC"[o], base, err);
				free(A), free(xv), free(y), free(y0), free(al), free(be), free(buf);
			}
}

TAP_TEST(gemvi_beta_zero_and_statuses)
{
	double A[4] = {1, 2, 3, 4}, xv[1] = {2}, y[2] = {NAN, NAN}, one = 1, zero = 0;
	int ind[1] = {1}, bad[1] = {2}, bs;

	tap_ok(cusparseDgemvi(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, &one, A, 2, 1, xv, ind,
			      &zero, y, CUSPARSE_INDEX_BASE_ZERO,
			      NULL) == CUSPARSE_STATUS_SUCCESS &&
		   y[0] == 6 && y[1] == 8,
	       "Dgemvi beta 0: y not read (NaN there), A x = (6, 8)");
	y[0] = y[1] = 7;
	tap_ok(cusparseDgemvi(NULL, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, &one, A, 2, 1, xv, ind,
			      &zero, y, CUSPARSE_INDEX_BASE_ZERO,
			      NULL) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseDgemvi_bufferSize(NULL, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, 1,
					     &bs) == CUSPARSE_STATUS_NOT_INITIALIZED,
	       "gemvi without a handle: NOT_INITIALIZED");
	tap_ok(
	    cusparseDgemvi(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, &one, A, 1, 1, xv, ind, &zero,
			   y, CUSPARSE_INDEX_BASE_ZERO, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgemvi(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, &one, A, 2, 1, xv, bad,
			       &zero, y, CUSPARSE_INDEX_BASE_ZERO,
			       NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgemvi(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, &one, A, 2, 1, xv, ind,
			       &zero, y, CUSPARSE_INDEX_BASE_ONE,
			       NULL) == CUSPARSE_STATUS_SUCCESS &&
		cusparseDgemvi(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, &one, A, 2, 3, xv, ind,
			       &zero, y, CUSPARSE_INDEX_BASE_ZERO,
			       NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgemvi(H, CUSPARSE_OPERATION_NON_TRANSPOSE, -1, 2, &one, A, 2, 1, xv, ind,
			       &zero, y, CUSPARSE_INDEX_BASE_ZERO,
			       NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgemvi(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, NULL, A, 2, 1, xv, ind,
			       &zero, y, CUSPARSE_INDEX_BASE_ZERO,
			       NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgemvi(H, (cusparseOperation_t)7, 2, 2, &one, A, 2, 1, xv, ind, &zero, y,
			       CUSPARSE_INDEX_BASE_ZERO, NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		cusparseDgemvi_bufferSize(H, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, 1, NULL) ==
		    CUSPARSE_STATUS_INVALID_VALUE,
	    "gemvi: lda < m, an index past n, nnz > n, m -1, no alpha, an unknown op, no size: "
	    "INVALID_VALUE (index 1 in base 1 is fine)");
	tap_ok(y[0] == 1 * 2 && y[1] == 2 * 2,
	       "the refused calls left y as the base-1 call made it");
}

TAP_TEST(rot_against_dense)
{
	for (int p = PS; p <= PZ; p++)
		for (int wide = 0; wide < 2; wide++) {
			int32_t i32[3] = {4, 1, 2};
			int64_t i64[3] = {4, 1, 2};
			void *xv = calloc(3, esz[p]), *y = rand_mat(p, 6, 1, 6, 0);
			void *x0, *y0 = copy_mat(p, y, 6), *c = calloc(1, esz[p]),
				  *s = calloc(1, esz[p]);
			cusparseSpVecDescr_t vx;
			cusparseDnVecDescr_t vy;
			dc cc = 0.6, ss = cplx(p) ? 0.8 * I : 0.8;

			put(p, c, 0, cc), put(p, s, 0, ss);
			for (int k = 0; k < 3; k++)
				put(p, xv, k, rnd(p));
			x0 = copy_mat(p, xv, 3);
			cusparseCreateSpVec(&vx, 6, 3, wide ? (void *)i64 : (void *)i32, xv,
					    wide ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I,
					    CUSPARSE_INDEX_BASE_ZERO, vt[p]);
			cusparseCreateDnVec(&vy, 6, y, vt[p]);
			bool ok = cusparseRot(H, c, s, vx, vy) == CUSPARSE_STATUS_SUCCESS;
			double err = 0;
			for (int k = 0; k < 3; k++) {
				dc x = get(p, x0, k), yy = get(p, y0, i32[k]);
				double e1 = cabs(get(p, xv, k) - (cc * x + ss * yy));
				double e2 = cabs(get(p, y, i32[k]) - (cc * yy - ss * x));
				err = fmax(err, fmax(e1, e2));
			}
			ok = ok && get(p, y, 0) == get(p, y0, 0) && get(p, y, 3) == get(p, y0, 3) &&
			     get(p, y, 5) == get(p, y0, 5);
			tap_ok(
			    ok && err <= tols[p] * 10,
			    "%cRot, %d-bit indices: x = c x + s y, y = c y - s x at x's entries, "
			    "the rest of y unchanged (error %.2g)",
			    pname[p], wide ? 64 : 32, err);
			cusparseDestroySpVec(vx), cusparseDestroyDnVec(vy);
			free(xv), free(y), free(x0), free(y0), free(c), free(s);
		}
}

TAP_TEST(rot_statuses)
{
	int ind[2] = {0, 5};
	double xv[2] = {1, 2}, y[4] = {7, 7, 7, 7}, c = 1, s = 0;
	float yf[4];
	cusparseSpVecDescr_t vx;
	cusparseDnVecDescr_t vy, vf;

	cusparseCreateSpVec(&vx, 4, 2, ind, xv, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
			    CUDA_R_64F);
	cusparseCreateDnVec(&vy, 4, y, CUDA_R_64F);
	cusparseCreateDnVec(&vf, 4, yf, CUDA_R_32F);
	tap_ok(cusparseRot(NULL, &c, &s, vx, vy) == CUSPARSE_STATUS_NOT_INITIALIZED &&
		   cusparseRot(H, &c, &s, vx, vy) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseRot(H, NULL, &s, vx, vy) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseRot(H, &c, &s, vx, vf) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseRot(H, &c, &s, NULL, vy) == CUSPARSE_STATUS_INVALID_VALUE && y[0] == 7 &&
		   xv[0] == 1,
	       "Rot: no handle NOT_INITIALIZED; an index past the size, no c, value types that "
	       "differ, no x: INVALID_VALUE; x and y untouched");
	cusparseDestroySpVec(vx), cusparseDestroyDnVec(vy), cusparseDestroyDnVec(vf);
}

static int make_handle(void)
{
	xorshift_seed(0xda942042e4dd58b5ull);
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
