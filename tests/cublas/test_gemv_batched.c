// SPDX-License-Identifier: MIT
/*
 * test_gemv_batched.c - the batched matrix-vector products of
 * lib/cublas/gemv_batched.c against a loop written here from BLAS's
 * definition, y_i = alpha op(A_i) x_i + beta y_i, in double complex:
 *
 * - S/D/C/Z gemvBatched and gemvStridedBatched, operations N, T and C, a
 *   5 x 3 A with lda 7, increments 1 and -2 for x and 2 and -1 for y (the
 *   elements between y's stay as they were, compared exactly), strides
 *   with a gap between the products; 1e-5 (single) and 1e-13 (double) of
 *   1 + |ref|;
 * - the mixed forms HSH, HSS, TST, TSS on small integers, alpha 0.5 and
 *   beta -0.25, where every result is exact in each type: compared bit for
 *   bit with the loop's result stored by the test's own encodings; a beta
 *   of 0 over a NaN y (not read, as BLAS);
 * - the statuses: NULL handle, each bad argument INVALID_VALUE with y
 *   untouched, an empty batch with NULL arrays a success;
 * - the _64 forms equal to the int calls bit for bit, a size outside int's
 *   range NOT_SUPPORTED.
 */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "xorshift.h"
#include "tap.h"

typedef double _Complex dc;

enum { M = 5, N = 3, LDA = 7, BATCH = 3, YPAD = 4 };
static cublasHandle_t H;

/* the element types of the products under test */
enum kind { KS, KD, KC, KZ, KH, KT }; /* KH/KT: half/bfloat16 A and x */
static const char *const kind_name[] = {"S", "D", "C", "Z", "H", "T"};

static size_t ksize(enum kind k)
{
	static const size_t s[] = {4, 8, 8, 16, 2, 2};

	return s[k];
}

/* the test's own 16-bit encodings (exact values only: the inputs and results here are) */
static uint16_t bf16_bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return (uint16_t)(u >> 16);
}

static float bf16_value(uint16_t b)
{
	uint32_t u = (uint32_t)b << 16;
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

static dc load(const void *p, size_t i, enum kind k)
{
	switch (k) {
	case KS:
		return ((const float *)p)[i];
	case KD:
		return ((const double *)p)[i];
	case KC:
		return ((const float _Complex *)p)[i];
	case KZ:
		return ((const double _Complex *)p)[i];
	case KH:
		return (double)((const _Float16 *)p)[i];
	default:
		return bf16_value(((const uint16_t *)p)[i]);
	}
}

static void store(void *p, size_t i, enum kind k, dc v)
{
	switch (k) {
	case KS:
		((float *)p)[i] = (float)creal(v);
		break;
	case KD:
		((double *)p)[i] = creal(v);
		break;
	case KC:
		((float _Complex *)p)[i] = (float _Complex)v;
		break;
	case KZ:
		((double _Complex *)p)[i] = v;
		break;
	case KH:
		((_Float16 *)p)[i] = (_Float16)creal(v);
		break;
	default:
		((uint16_t *)p)[i] = bf16_bits((float)creal(v));
		break;
	}
}

/* a value of the kind: uniform for S/D/C/Z, an integer in -2..2 for the 16-bit kinds */
static dc draw(enum kind k)
{
	if (k == KH || k == KT)
		return (double)(int)floor(urand() * 2.5 + 0.5);
	return k == KC || k == KZ ? urand() + I * urand() : urand();
}

/* count values drawn as for kind d, stored as kind k */
static void *fill(enum kind k, enum kind d, size_t count)
{
	void *p = NULL;

	cudaMalloc(&p, ksize(k) * count);
	for (size_t i = 0; i < count; i++)
		store(p, i, k, draw(d));
	return p;
}

static size_t vec_len(int len, int inc)
{
	return 1 + (size_t)(len - 1) * (size_t)abs(inc);
}

/* element j of a vector of len elements (BLAS: a negative increment starts at the end) */
static size_t vec_at(int len, int inc, int j)
{
	return inc > 0 ? (size_t)j * inc : (size_t)(len - 1 - j) * (size_t)-inc;
}

/* the reference of one product, y0 the y before the call; ref[i] for i < ylen */
static void reference(cublasOperation_t t, const void *a, const void *x, const void *y0,
		      enum kind k, enum kind yk, int incx, int incy, dc alpha, dc beta, dc *ref)
{
	int ylen = t == CUBLAS_OP_N ? M : N, xlen = t == CUBLAS_OP_N ? N : M;

	for (int i = 0; i < ylen; i++) {
		dc s = 0;

		for (int j = 0; j < xlen; j++) {
			dc aij = t == CUBLAS_OP_N ? load(a, i + (size_t)j * LDA, k)
						  : load(a, j + (size_t)i * LDA, k);

			if (t == CUBLAS_OP_C)
				aij = conj(aij);
			s += aij * load(x, vec_at(xlen, incx, j), k);
		}
		ref[i] = alpha * s + (beta != 0 ? beta * load(y0, vec_at(ylen, incy, i), yk) : 0);
	}
}

/* one batch: the matrices, vectors and a copy of every y, at strides (in elements) */
struct batch {
	enum kind k, yk;
	cublasOperation_t t;
	int incx, incy;
	long long sa, sx, sy;
	void *a, *x, *y, *y0;
	const void *ap[BATCH], *xp[BATCH];
	void *yp[BATCH];
};

static void make_batch(struct batch *b, enum kind k, enum kind yk, cublasOperation_t t, int incx,
		       int incy)
{
	int xlen = t == CUBLAS_OP_N ? N : M, ylen = t == CUBLAS_OP_N ? M : N;

	b->k = k, b->yk = yk, b->t = t, b->incx = incx, b->incy = incy;
	b->sa = LDA * N + 3, b->sx = (long long)vec_len(xlen, incx) + 1;
	b->sy = (long long)vec_len(ylen, incy) + YPAD;
	/* a float y of a mixed form holds integers too, so that its results stay exact */
	b->a = fill(k, k, b->sa * BATCH), b->x = fill(k, k, b->sx * BATCH),
	b->y = fill(yk, k, b->sy * BATCH);
	b->y0 = malloc(ksize(yk) * b->sy * BATCH);
	memcpy(b->y0, b->y, ksize(yk) * b->sy * BATCH);
	for (int i = 0; i < BATCH; i++) {
		b->ap[i] = (const char *)b->a + ksize(k) * b->sa * i;
		b->xp[i] = (const char *)b->x + ksize(k) * b->sx * i;
		b->yp[i] = (char *)b->y + ksize(yk) * b->sy * i;
	}
}

static void free_batch(struct batch *b)
{
	cudaFree(b->a), cudaFree(b->x), cudaFree(b->y), free(b->y0);
}

/*
 * The largest error of the batch against the loop (relative to 1 + |ref|),
 * -1 when an element of y outside the vectors changed; exact: 1 unless every
 * element's bits are those of the loop's result stored by store().
 */
static double check_batch(const struct batch *b, dc alpha, dc beta, int exact)
{
	int ylen = b->t == CUBLAS_OP_N ? M : N;
	size_t ys = ksize(b->yk);
	double err = 0;

	for (int n = 0; n < BATCH; n++) {
		const char *y = (const char *)b->y + ys * b->sy * n,
			   *y0 = (const char *)b->y0 + ys * b->sy * n;
		dc ref[M];
		char want[16];

		reference(b->t, b->ap[n], b->xp[n], y0, b->k, b->yk, b->incx, b->incy, alpha, beta,
			  ref);
		for (long long e = 0; e < b->sy; e++) {
			int in = 0;

			for (int i = 0; i < ylen; i++)
				if (vec_at(ylen, b->incy, i) == (size_t)e) {
					in = 1;
					if (exact) {
						store(want, 0, b->yk, ref[i]);
						if (memcmp(want, y + ys * e, ys))
							err = 1;
					} else {
						err = fmax(err, cabs(load(y, e, b->yk) - ref[i]) /
								    (1 + cabs(ref[i])));
					}
				}
			if (!in && memcmp(y + ys * e, y0 + ys * e, ys))
				return -1;
		}
	}
	return err;
}

/* the typed calls, one signature: strided or from the pointer arrays */
static cublasStatus_t call_typed(const struct batch *b, int strided, const void *alpha,
				 const void *beta)
{
	cublasOperation_t t = b->t;

#define CALL_TYPED(P, T)                                                                           \
	return strided ? cublas##P##gemvStridedBatched(H, t, M, N, alpha, b->a, LDA, b->sa, b->x,  \
						       b->incx, b->sx, beta, b->y, b->incy, b->sy, \
						       BATCH)                                      \
		       : cublas##P##gemvBatched(H, t, M, N, alpha, (const T *const *)b->ap, LDA,   \
						(const T *const *)b->xp, b->incx, beta,            \
						(T *const *)b->yp, b->incy, BATCH)
	switch (b->k) {
	case KS:
		CALL_TYPED(S, float);
	case KD:
		CALL_TYPED(D, double);
	case KC:
		CALL_TYPED(C, cuComplex);
	default:
		CALL_TYPED(Z, cuDoubleComplex);
	}
#undef CALL_TYPED
}

static const cublasOperation_t OPS[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
static const int INCX[] = {1, -2}, INCY[] = {2, -1};

TAP_TEST(typed)
{
	for (enum kind k = KS; k <= KZ; k++)
		for (int strided = 0; strided < 2; strided++) {
			double err = 0, tol = k == KS || k == KC ? 1e-5 : 1e-13;
			int cases = 0;

			for (int o = 0; o < 3; o++)
				for (int v = 0; v < 2; v++) {
					struct batch b;
					/* the scalars of each precision, complex ones with an
					 * imaginary part */
					double sc[2][2] = {{0.75, 0.5}, {-0.5, 0.25}};
					double complex_ = k == KC || k == KZ;
					double _Complex za = sc[0][0] + I * sc[0][1] * complex_;
					double _Complex zb = sc[1][0] + I * sc[1][1] * complex_;
					char alpha[16], beta[16];

					make_batch(&b, k, k, OPS[o], INCX[v], INCY[v]);
					store(alpha, 0, k, za), store(beta, 0, k, zb);
					cublasStatus_t st = call_typed(&b, strided, alpha, beta);
					double e = st ? -2 : check_batch(&b, za, zb, 0);

					err = e < 0 || err < 0 ? fmin(err, e) : fmax(err, e);
					cases++;
					free_batch(&b);
				}
			tap_ok(err >= 0 && err < tol,
			       "%sgemv%sBatched: %d cases (N/T/C, increments 1/-2 and 2/-1) "
			       "against the loop, error %.2g (< %g), nothing else written",
			       kind_name[k], strided ? "Strided" : "", cases, err, tol);
		}
}

/* the mixed forms: A and x of kind k (KH/KT), y of kind yk (k or KS) */
static cublasStatus_t call_mixed(const struct batch *b, int strided, const float *alpha,
				 const float *beta)
{
	cublasOperation_t t = b->t;

#define CALL_MIXED(P, TA, TY)                                                                      \
	return strided ? cublas##P##gemvStridedBatched(H, t, M, N, alpha, b->a, LDA, b->sa, b->x,  \
						       b->incx, b->sx, beta, b->y, b->incy, b->sy, \
						       BATCH)                                      \
		       : cublas##P##gemvBatched(H, t, M, N, alpha, (const TA *const *)b->ap, LDA,  \
						(const TA *const *)b->xp, b->incx, beta,           \
						(TY *const *)b->yp, b->incy, BATCH)
	if (b->k == KH)
		if (b->yk == KH)
			CALL_MIXED(HSH, __idxgen_cublas_half, __idxgen_cublas_half);
		else
			CALL_MIXED(HSS, __idxgen_cublas_half, float);
	else if (b->yk == KT)
		CALL_MIXED(TST, __idxgen_cublas_bf16, __idxgen_cublas_bf16);
	else
		CALL_MIXED(TSS, __idxgen_cublas_bf16, float);
#undef CALL_MIXED
}

TAP_TEST(mixed)
{
	static const char *const names[2][2] = {{"HSH", "HSS"}, {"TST", "TSS"}};

	for (int t16 = 0; t16 < 2; t16++)
		for (int yf = 0; yf < 2; yf++)
			for (int strided = 0; strided < 2; strided++) {
				enum kind k = t16 ? KT : KH, yk = yf ? KS : k;
				double err = 0;

				for (int o = 0; o < 3; o++)
					for (int v = 0; v < 2; v++) {
						struct batch b;
						float alpha = 0.5f, beta = -0.25f;

						make_batch(&b, k, yk, OPS[o], INCX[v], INCY[v]);
						cublasStatus_t st =
						    call_mixed(&b, strided, &alpha, &beta);
						double e =
						    st ? -2 : check_batch(&b, alpha, beta, 1);

						err =
						    e < 0 || err < 0 ? fmin(err, e) : fmax(err, e);
						free_batch(&b);
					}
				tap_ok(
				    err == 0,
				    "%sgemv%sBatched: N/T/C, two increment pairs, bit for bit with "
				    "the loop's exact results (%s)",
				    names[t16][yf], strided ? "Strided" : "",
				    err < 0 ? "something else written or refused"
				    : err   ? "differs"
					    : "equal");
			}
}

TAP_TEST(mixed_beta_zero)
{
	struct batch b;
	float alpha = 1, beta = 0;
	int ok;

	make_batch(&b, KH, KH, CUBLAS_OP_N, 1, 1);
	for (int i = 0; i < BATCH; i++)
		for (int e = 0; e < M; e++)
			((uint16_t *)b.yp[i])[e] = 0x7e00; /* a half NaN */
	memcpy(b.y0, b.y, 2 * b.sy * BATCH);
	ok = cublasHSHgemvBatched(
		 H, CUBLAS_OP_N, M, N, &alpha, (const __idxgen_cublas_half *const *)b.ap, LDA,
		 (const __idxgen_cublas_half *const *)b.xp, 1, &beta,
		 (__idxgen_cublas_half *const *)b.yp, 1, BATCH) == CUBLAS_STATUS_SUCCESS &&
	     check_batch(&b, alpha, beta, 1) == 0;
	tap_ok(ok, "HSHgemvBatched: beta 0 does not read y (a NaN there is overwritten by A x)");
	free_batch(&b);
}

TAP_TEST(statuses)
{
	struct batch b;
	float one = 1;
	const float *const *ap, *const *xp;
	float *const *yp;
	int bad = 0;

	make_batch(&b, KS, KS, CUBLAS_OP_N, 1, 1);
	ap = (const float *const *)b.ap, xp = (const float *const *)b.xp, yp = (float *const *)b.yp;
	tap_ok(cublasSgemvBatched(NULL, CUBLAS_OP_N, M, N, &one, ap, LDA, xp, 1, &one, yp, 1,
				  BATCH) == CUBLAS_STATUS_NOT_INITIALIZED &&
		   cublasHSSgemvStridedBatched(NULL, CUBLAS_OP_N, M, N, &one, NULL, LDA, 0, NULL, 1,
					       0, &one, NULL, 1, 0,
					       BATCH) == CUBLAS_STATUS_NOT_INITIALIZED,
	       "gemvBatched: a NULL handle is NOT_INITIALIZED");
	struct {
		cublasOperation_t t;
		int m, n, lda, incx, incy, batch, null_alpha, null_array;
	} cases[] = {
	    {(cublasOperation_t)7, M, N, LDA, 1, 1, BATCH, 0, 0},
	    {CUBLAS_OP_N, -1, N, LDA, 1, 1, BATCH, 0, 0},
	    {CUBLAS_OP_N, M, -1, LDA, 1, 1, BATCH, 0, 0},
	    {CUBLAS_OP_N, M, N, M - 1, 1, 1, BATCH, 0, 0},
	    {CUBLAS_OP_N, M, N, LDA, 0, 1, BATCH, 0, 0},
	    {CUBLAS_OP_N, M, N, LDA, 1, 0, BATCH, 0, 0},
	    {CUBLAS_OP_N, M, N, LDA, 1, 1, -1, 0, 0},
	    {CUBLAS_OP_N, M, N, LDA, 1, 1, BATCH, 1, 0},
	    {CUBLAS_OP_N, M, N, LDA, 1, 1, BATCH, 0, 1},
	};
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		const float *al = cases[c].null_alpha ? NULL : &one;
		cublasStatus_t s1 = cublasSgemvBatched(
		    H, cases[c].t, cases[c].m, cases[c].n, al, cases[c].null_array ? NULL : ap,
		    cases[c].lda, xp, cases[c].incx, &one, yp, cases[c].incy, cases[c].batch);
		cublasStatus_t s2 = cases[c].null_array
					? CUBLAS_STATUS_INVALID_VALUE
					: cublasTSSgemvStridedBatched(
					      H, cases[c].t, cases[c].m, cases[c].n, al, b.a,
					      cases[c].lda, b.sa, b.x, cases[c].incx, b.sx, &one,
					      b.y, cases[c].incy, b.sy, cases[c].batch);

		if (s1 != CUBLAS_STATUS_INVALID_VALUE || s2 != CUBLAS_STATUS_INVALID_VALUE)
			bad++;
	}
	tap_ok(
	    !bad && !memcmp(b.y, b.y0, 4 * b.sy * BATCH),
	    "gemvBatched: a bad operation, size, lda, increment, batch count, scalar or array is "
	    "INVALID_VALUE, nothing written (%d wrong)",
	    bad);
	tap_ok(cublasSgemvBatched(H, CUBLAS_OP_N, M, N, &one, NULL, LDA, NULL, 1, &one, NULL, 1,
				  0) == CUBLAS_STATUS_SUCCESS &&
		   cublasHSHgemvBatched(H, CUBLAS_OP_N, M, N, &one, NULL, LDA, NULL, 1, &one, NULL,
					1, 0) == CUBLAS_STATUS_SUCCESS,
	       "gemvBatched: an empty batch reads no array");
	free_batch(&b);
}

TAP_TEST(sixty_four)
{
	struct batch b, c;
	double alpha = 0.5, beta = 2;

	make_batch(&b, KD, KD, CUBLAS_OP_T, -2, 2);
	make_batch(&c, KD, KD, CUBLAS_OP_T, -2, 2);
	memcpy(c.a, b.a, 8 * b.sa * BATCH), memcpy(c.x, b.x, 8 * b.sx * BATCH),
	    memcpy(c.y, b.y, 8 * b.sy * BATCH);
	cublasStatus_t s1 = cublasDgemvStridedBatched(H, CUBLAS_OP_T, M, N, &alpha, b.a, LDA, b.sa,
						      b.x, -2, b.sx, &beta, b.y, 2, b.sy, BATCH);
	cublasStatus_t s2 =
	    cublasDgemvStridedBatched_64(H, CUBLAS_OP_T, M, N, &alpha, c.a, LDA, c.sa, c.x, -2,
					 c.sx, &beta, c.y, 2, c.sy, BATCH);
	tap_ok(!s1 && !s2 && !memcmp(b.y, c.y, 8 * b.sy * BATCH),
	       "DgemvStridedBatched_64 equals the int call bit for bit");
	memcpy(c.y0, c.y, 8 * c.sy * BATCH);
	tap_ok(cublasDgemvBatched_64(H, CUBLAS_OP_T, (int64_t)1 << 31, N, &alpha,
				     (const double *const *)c.ap, (int64_t)1 << 31,
				     (const double *const *)c.xp, 1, &beta, (double *const *)c.yp,
				     1, BATCH) == CUBLAS_STATUS_NOT_SUPPORTED &&
		   !memcmp(c.y, c.y0, 8 * c.sy * BATCH),
	       "DgemvBatched_64: m of 2^31 is NOT_SUPPORTED, nothing written");
	free_batch(&b), free_batch(&c);
}

static int setup(void)
{
	xorshift_seed(0x6e3b1d5a);
	return tap_ok(cublasCreate(&H) == CUBLAS_STATUS_SUCCESS, "cublasCreate");
}

static void teardown(void)
{
	tap_ok(cublasDestroy(H) == CUBLAS_STATUS_SUCCESS, "cublasDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, setup, teardown);
}
