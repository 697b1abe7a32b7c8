// SPDX-License-Identifier: MIT
/*
 * test_cufft_callback.c - cuFFT's load and store callbacks in lib/cufft
 * (cufftXtSetCallback), against a naive O(n^2) DFT written here: each
 * callback type of the six plan types' inputs and outputs, in place and
 * out of place, 1-D and 2-D, an advanced layout; every point's callback
 * called exactly once with its offset, callerInfo passed, the shared
 * scratch of cufftXtSetCallbackSharedSize's size (zeroed), a store
 * callback that writes elsewhere than the point (a transpose), clearing;
 * the statuses.  Tolerance: max |got - ref| <= tol * max(1, max |ref|),
 * tol 1e-5 single, 1e-12 double.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cufftXt.h>
#include <cuda_runtime.h>
#include "xorshift.h"
#include "tap.h"

typedef double _Complex dc;

/* naive DFT of `batch` row-major transforms of dims n[0..r), each of N points */
static void dft(int r, const int *n, int batch, const dc *x, dc *y, int sign)
{
	long N = 1;

	for (int i = 0; i < r; i++)
		N *= n[i];
	for (int b = 0; b < batch; b++)
		for (long k = 0; k < N; k++) {
			dc s = 0;

			for (long j = 0; j < N; j++) {
				double ph = 0;
				long kk = k, jj = j;

				for (int i = r - 1; i >= 0; i--) {
					ph += (double)((kk % n[i]) * (jj % n[i]) % n[i]) / n[i];
					kk /= n[i];
					jj /= n[i];
				}
				s += x[b * N + j] * cexp(sign * 2 * M_PI * I * ph);
			}
			y[b * N + k] = s;
		}
}

static int close_all(const dc *got, const dc *ref, long n, double tol)
{
	double worst = 0, scale = 1;

	for (long i = 0; i < n; i++) {
		worst = fmax(worst, cabs(got[i] - ref[i]));
		scale = fmax(scale, cabs(ref[i]));
	}
	if (worst > tol * scale)
		tap_diag("max |got - ref| %.3g > %.3g", worst, tol * scale);
	return worst <= tol * scale;
}

/* What the callbacks get as callerInfo: weights, a scale, and how often each offset was called. */
struct info {
	const float *w;
	double scale;
	int loads[64], stores[64];
	int bad_offsets, shared_null, shared_dirty;
	size_t shared_bytes;
};

/* each offset in [0, limit) called once, none outside, in the counts of calls */
static int each_once(const int *calls, int limit, const int *expect)
{
	for (int o = 0; o < 64; o++)
		if (calls[o] != (o < limit && (!expect || expect[o]))) {
			tap_diag("offset %d called %d times", o, calls[o]);
			return 0;
		}
	return 1;
}

static void check_shared(struct info *s, void *shared)
{
	if (!s->shared_bytes)
		s->shared_null += shared != NULL;
	else if (!shared)
		s->shared_null++;
	else
		for (size_t i = 0; i < s->shared_bytes; i++)
			s->shared_dirty += ((unsigned char *)shared)[i] != 0;
}

static cufftComplex load_weighted(void *in, size_t o, void *info, void *shared)
{
	struct info *s = info;
	cufftComplex v = ((cufftComplex *)in)[o];

	check_shared(s, shared);
	if (o < 64)
		s->loads[o]++;
	else
		s->bad_offsets++;
	v.x *= s->w[o], v.y *= s->w[o];
	return v;
}

static void store_scaled(void *out, size_t o, cufftComplex v, void *info, void *shared)
{
	struct info *s = info;

	check_shared(s, shared);
	if (o < 64)
		s->stores[o]++;
	else
		s->bad_offsets++;
	v.x *= (float)s->scale, v.y *= (float)s->scale;
	((cufftComplex *)out)[o] = v;
}

static void rand_cplx(dc *x, long n)
{
	for (long i = 0; i < n; i++)
		x[i] = urand() - 0.5 + I * (urand() - 0.5);
}

/* C2C 1-D x batch 2 out of place: load weights the input, store scales the output. */
TAP_TEST(c2c_out_of_place)
{
	enum { LEN = 12, B = 2, P = LEN * B };
	int n[1] = {LEN};
	float w[P];
	struct info s = {w, 0.5, {0}, {0}, 0, 0, 0, 0};
	void *info = &s;
	cufftCallbackLoadC ld = load_weighted;
	cufftCallbackStoreC st = store_scaled;
	cufftHandle plan;
	cufftComplex *in, *out, h[P];
	dc x[P], xw[P], ref[P], got[P];

	rand_cplx(x, P);
	for (int i = 0; i < P; i++) {
		w[i] = (float)(1 + i % 5);
		h[i].x = (float)creal(x[i]), h[i].y = (float)cimag(x[i]);
		xw[i] = (h[i].x + I * h[i].y) * w[i];
	}
	dft(1, n, B, xw, ref, -1);
	for (int i = 0; i < P; i++)
		ref[i] *= 0.5;
	cudaMalloc((void **)&in, sizeof(h));
	cudaMalloc((void **)&out, sizeof(h));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	tap_ok(cufftPlan1d(&plan, LEN, CUFFT_C2C, B) == CUFFT_SUCCESS &&
		   cufftXtSetCallback(plan, (void **)&ld, CUFFT_CB_LD_COMPLEX, &info) ==
		       CUFFT_SUCCESS &&
		   cufftXtSetCallback(plan, (void **)&st, CUFFT_CB_ST_COMPLEX, &info) ==
		       CUFFT_SUCCESS,
	       "C2C plan, load and store callbacks set");
	tap_ok(cufftExecC2C(plan, in, out, CUFFT_FORWARD) == CUFFT_SUCCESS,
	       "cufftExecC2C with callbacks");
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < P; i++)
		got[i] = h[i].x + I * h[i].y;
	tap_ok(close_all(got, ref, P, 1e-5), "result: 0.5 DFT(w x), the callbacks' own arithmetic");
	tap_ok(each_once(s.loads, P, NULL) && each_once(s.stores, P, NULL) && !s.bad_offsets,
	       "each of the %d input and output offsets called once", P);
	tap_ok(!s.shared_null, "no shared size set: sharedPointer NULL");
	cudaMemcpy(h, in, sizeof(h), cudaMemcpyDeviceToHost);
	tap_ok(h[5].x == (float)creal(x[5]) && h[5].y == (float)cimag(x[5]),
	       "out of place: the input array is unchanged");
	cufftDestroy(plan);
	cudaFree(in), cudaFree(out);
}

/* C2C 2-D in place, load only, with 64 bytes of shared scratch; then cleared: the plain transform.
 */
TAP_TEST(c2c_in_place_shared_clear)
{
	enum { NX = 4, NY = 5, P = NX * NY };
	int n[2] = {NX, NY};
	float w[P];
	struct info s = {w, 1, {0}, {0}, 0, 0, 0, 64};
	void *info = &s;
	cufftCallbackLoadC ld = load_weighted;
	cufftHandle plan;
	cufftComplex *d, h[P];
	dc x[P], xw[P], ref[P], got[P];

	rand_cplx(x, P);
	for (int i = 0; i < P; i++) {
		w[i] = (float)(i % 3) - 1;
		h[i].x = (float)creal(x[i]), h[i].y = (float)cimag(x[i]);
		x[i] = h[i].x + I * h[i].y;
		xw[i] = x[i] * w[i];
	}
	dft(2, n, 1, xw, ref, 1);
	cudaMalloc((void **)&d, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	tap_ok(cufftPlan2d(&plan, NX, NY, CUFFT_C2C) == CUFFT_SUCCESS &&
		   cufftXtSetCallback(plan, (void **)&ld, CUFFT_CB_LD_COMPLEX, &info) ==
		       CUFFT_SUCCESS &&
		   cufftXtSetCallbackSharedSize(plan, CUFFT_CB_LD_COMPLEX, 64) == CUFFT_SUCCESS &&
		   cufftExecC2C(plan, d, d, CUFFT_INVERSE) == CUFFT_SUCCESS,
	       "C2C 2-D, load callback with 64 shared bytes, in place, inverse");
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < P; i++)
		got[i] = h[i].x + I * h[i].y;
	tap_ok(close_all(got, ref, P, 1e-5), "in place: DFT(w x)");
	tap_ok(each_once(s.loads, P, NULL) && !s.shared_null && !s.shared_dirty,
	       "each offset loaded once; sharedPointer a zeroed scratch of 64 bytes");
	memset(s.loads, 0, sizeof(s.loads));
	for (int i = 0; i < P; i++)
		h[i].x = (float)creal(x[i]), h[i].y = (float)cimag(x[i]);
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	dft(2, n, 1, x, ref, 1);
	tap_ok(cufftXtClearCallback(plan, CUFFT_CB_LD_COMPLEX) == CUFFT_SUCCESS &&
		   cufftExecC2C(plan, d, d, CUFFT_INVERSE) == CUFFT_SUCCESS,
	       "cleared, executed again");
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < P; i++)
		got[i] = h[i].x + I * h[i].y;
	tap_ok(close_all(got, ref, P, 1e-5) && each_once(s.loads, 0, NULL),
	       "cleared: the plain DFT, the callback not called");
	cufftDestroy(plan);
	cudaFree(d);
}

static cufftReal load_doubled(void *in, size_t o, void *info, void *shared)
{
	struct info *s = info;

	(void)shared;
	if (o < 64)
		s->loads[o]++;
	else
		s->bad_offsets++;
	return 2 * ((cufftReal *)in)[o];
}

static void store_counted(void *out, size_t o, cufftComplex v, void *info, void *shared)
{
	struct info *s = info;

	(void)shared;
	if (o < 64)
		s->stores[o]++;
	else
		s->bad_offsets++;
	((cufftComplex *)out)[o] = v;
}

/* R2C 2-D in place: real rows padded to 2(n/2+1); loads only at the real points, stores at n/2+1.
 */
TAP_TEST(r2c_in_place_padded)
{
	enum { NX = 3, NY = 6, H = NY / 2 + 1, PAD = 2 * H };
	int n[2] = {NX, NY};
	struct info s = {NULL, 1, {0}, {0}, 0, 0, 0, 0};
	void *info = &s;
	cufftCallbackLoadR ld = load_doubled;
	cufftCallbackStoreC st = store_counted;
	cufftHandle plan;
	float *d, h[NX * PAD];
	int real_pts[64] = {0};
	dc x[NX * NY], full[NX * NY], ref[NX * H], got[NX * H];

	for (int r = 0; r < NX; r++)
		for (int c = 0; c < PAD; c++) {
			h[r * PAD + c] =
			    c < NY ? (float)(urand() - 0.5) : 99.0f; /* padding: never loaded */
			if (c < NY)
				x[r * NY + c] = 2.0 * h[r * PAD + c], real_pts[r * PAD + c] = 1;
		}
	dft(2, n, 1, x, full, -1);
	for (int r = 0; r < NX; r++)
		for (int k = 0; k < H; k++)
			ref[r * H + k] = full[r * NY + k];
	cudaMalloc((void **)&d, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	tap_ok(cufftPlan2d(&plan, NX, NY, CUFFT_R2C) == CUFFT_SUCCESS &&
		   cufftXtSetCallback(plan, (void **)&ld, CUFFT_CB_LD_REAL, &info) ==
		       CUFFT_SUCCESS &&
		   cufftXtSetCallback(plan, (void **)&st, CUFFT_CB_ST_COMPLEX, &info) ==
		       CUFFT_SUCCESS &&
		   cufftExecR2C(plan, d, (cufftComplex *)d) == CUFFT_SUCCESS,
	       "R2C 2-D %dx%d in place with load (real) and store (complex) callbacks", NX, NY);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < NX * H; i++)
		got[i] = h[2 * i] + I * h[2 * i + 1];
	tap_ok(close_all(got, ref, NX * H, 1e-5), "the first n/2+1 columns of DFT(2 x)");
	tap_ok(
	    each_once(s.loads, NX * PAD, real_pts) && each_once(s.stores, NX * H, NULL) &&
		!s.bad_offsets,
	    "loads at the %d real points of the padded rows only, stores at the %d complex points",
	    NX * NY, NX * H);
	cufftDestroy(plan);
	cudaFree(d);
}

enum { ZLEN = 5, ZB = 3 };

/* a store callback that writes point (b, k) at k * ZB + b: the output transposed */
static void store_transposed(void *out, size_t o, cufftDoubleComplex v, void *info, void *shared)
{
	struct info *s = info;

	(void)shared;
	if (o < 64)
		s->stores[o]++;
	((cufftDoubleComplex *)out)[(o % ZLEN) * ZB + o / ZLEN] = v;
}

/* Z2Z advanced layout (input stride 2, distance 11), out of place, store only: the callback decides
 * where. */
TAP_TEST(z2z_advanced_store_transposed)
{
	enum { IS = 2, ID = 11, P = ZLEN * ZB };
	int n[1] = {ZLEN}, emb[1] = {ZLEN * IS};
	struct info s = {NULL, 1, {0}, {0}, 0, 0, 0, 0};
	void *info = &s;
	cufftCallbackStoreZ st = store_transposed;
	cufftHandle plan;
	cufftDoubleComplex *in, *out, h[ID * ZB], o[P];
	dc x[P], ref[P];
	int ok = 1;

	rand_cplx(x, P);
	for (int i = 0; i < ID * ZB; i++)
		h[i].x = h[i].y = 1e9; /* gaps: never read */
	for (int b = 0; b < ZB; b++)
		for (int j = 0; j < ZLEN; j++)
			h[b * ID + j * IS].x = creal(x[b * ZLEN + j]),
				       h[b * ID + j * IS].y = cimag(x[b * ZLEN + j]);
	dft(1, n, ZB, x, ref, -1);
	cudaMalloc((void **)&in, sizeof(h));
	cudaMalloc((void **)&out, sizeof(o));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	tap_ok(cufftPlanMany(&plan, 1, n, emb, IS, ID, emb, 1, ZLEN, CUFFT_Z2Z, ZB) ==
		       CUFFT_SUCCESS &&
		   cufftXtSetCallback(plan, (void **)&st, CUFFT_CB_ST_COMPLEX_DOUBLE, &info) ==
		       CUFFT_SUCCESS &&
		   cufftExecZ2Z(plan, in, out, CUFFT_FORWARD) == CUFFT_SUCCESS,
	       "Z2Z PlanMany (stride 2, distance 11) with a store callback");
	cudaMemcpy(o, out, sizeof(o), cudaMemcpyDeviceToHost);
	for (int b = 0; b < ZB; b++)
		for (int k = 0; k < ZLEN; k++)
			ok &= cabs(o[k * ZB + b].x + I * o[k * ZB + b].y - ref[b * ZLEN + k]) <
			      1e-12 * ZLEN;
	tap_ok(ok,
	       "each point where the store callback put it (transposed), equal to the naive DFT");
	tap_ok(each_once(s.stores, P, NULL), "stores: each of the %d output offsets once", P);
	cufftDestroy(plan);
	cudaFree(in), cudaFree(out);
}

static cufftDoubleComplex load_identity_z(void *in, size_t o, void *info, void *shared)
{
	struct info *s = info;

	(void)shared;
	if (o < 64)
		s->loads[o]++;
	return ((cufftDoubleComplex *)in)[o];
}

static void store_divided_d(void *out, size_t o, cufftDoubleReal v, void *info, void *shared)
{
	struct info *s = info;

	(void)shared;
	if (o < 64)
		s->stores[o]++;
	((cufftDoubleReal *)out)[o] = v / s->scale;
}

/* Z2D out of place with both callbacks: the store divides by N, so the signal comes back. */
TAP_TEST(z2d_round_trip)
{
	enum { LEN = 10, H = LEN / 2 + 1 };
	int n[1] = {LEN};
	struct info s = {NULL, LEN, {0}, {0}, 0, 0, 0, 0};
	void *info = &s;
	cufftCallbackLoadZ ld = load_identity_z;
	cufftCallbackStoreD st = store_divided_d;
	cufftHandle plan;
	cufftDoubleComplex *in, spec[H];
	double *out, back[LEN];
	dc x[LEN], full[LEN], got[LEN];

	for (int i = 0; i < LEN; i++)
		x[i] = urand() - 0.5;
	dft(1, n, 1, x, full, -1);
	for (int k = 0; k < H; k++)
		spec[k].x = creal(full[k]), spec[k].y = cimag(full[k]);
	cudaMalloc((void **)&in, sizeof(spec));
	cudaMalloc((void **)&out, sizeof(back));
	cudaMemcpy(in, spec, sizeof(spec), cudaMemcpyHostToDevice);
	tap_ok(cufftPlan1d(&plan, LEN, CUFFT_Z2D, 1) == CUFFT_SUCCESS &&
		   cufftXtSetCallback(plan, (void **)&ld, CUFFT_CB_LD_COMPLEX_DOUBLE, &info) ==
		       CUFFT_SUCCESS &&
		   cufftXtSetCallback(plan, (void **)&st, CUFFT_CB_ST_REAL_DOUBLE, &info) ==
		       CUFFT_SUCCESS &&
		   cufftExecZ2D(plan, in, out) == CUFFT_SUCCESS,
	       "Z2D with load (complex) and store (real) callbacks");
	cudaMemcpy(back, out, sizeof(back), cudaMemcpyDeviceToHost);
	for (int i = 0; i < LEN; i++)
		got[i] = back[i];
	tap_ok(close_all(got, x, LEN, 1e-12), "the store's 1/N: the signal whose DFT was given");
	tap_ok(each_once(s.loads, H, NULL) && each_once(s.stores, LEN, NULL),
	       "loads at the %d complex points, stores at the %d real ones", H, LEN);
	cufftDestroy(plan);
	cudaFree(in), cudaFree(out);
}

TAP_TEST(statuses)
{
	cufftHandle c2c, z2z, unmade;
	cufftCallbackLoadC ld = load_weighted;
	void *none = NULL;

	cufftPlan1d(&c2c, 8, CUFFT_C2C, 1);
	cufftPlan1d(&z2z, 8, CUFFT_Z2Z, 1);
	cufftCreate(&unmade);
	tap_ok(cufftXtSetCallback(c2c, (void **)&ld, CUFFT_CB_ST_REAL, NULL) ==
		       CUFFT_INVALID_TYPE &&
		   cufftXtSetCallback(c2c, (void **)&ld, CUFFT_CB_LD_COMPLEX_DOUBLE, NULL) ==
		       CUFFT_INVALID_TYPE &&
		   cufftXtSetCallback(z2z, (void **)&ld, CUFFT_CB_LD_REAL, NULL) ==
		       CUFFT_INVALID_TYPE &&
		   cufftXtSetCallbackSharedSize(z2z, CUFFT_CB_ST_REAL, 16) == CUFFT_INVALID_TYPE,
	       "a callback type of another plan type (store real on C2C, load double on C2C, load "
	       "real on Z2Z): INVALID_TYPE");
	tap_ok(cufftXtSetCallback(unmade, (void **)&ld, CUFFT_CB_LD_COMPLEX, NULL) ==
		       CUFFT_INVALID_PLAN &&
		   cufftXtSetCallback(12345, (void **)&ld, CUFFT_CB_LD_COMPLEX, NULL) ==
		       CUFFT_INVALID_PLAN &&
		   cufftXtClearCallback(12345, CUFFT_CB_LD_COMPLEX) == CUFFT_INVALID_PLAN,
	       "a plan not made, a handle never made: INVALID_PLAN");
	tap_ok(cufftXtSetCallback(c2c, NULL, CUFFT_CB_LD_COMPLEX, NULL) == CUFFT_INVALID_VALUE &&
		   cufftXtSetCallback(c2c, &none, CUFFT_CB_LD_COMPLEX, NULL) ==
		       CUFFT_INVALID_VALUE &&
		   cufftXtSetCallback(c2c, (void **)&ld, CUFFT_CB_UNDEFINED, NULL) ==
		       CUFFT_INVALID_VALUE &&
		   cufftXtSetCallbackSharedSize(c2c, CUFFT_CB_LD_COMPLEX, 16385) ==
		       CUFFT_INVALID_VALUE &&
		   cufftXtSetCallbackSharedSize(c2c, CUFFT_CB_LD_COMPLEX, 16384) == CUFFT_SUCCESS &&
		   cufftXtClearCallback(c2c, CUFFT_CB_UNDEFINED) == CUFFT_INVALID_VALUE,
	       "NULL routine, type UNDEFINED, shared size above 16 KiB: INVALID_VALUE; 16 KiB: "
	       "SUCCESS");
	cufftDestroy(c2c), cufftDestroy(z2z), cufftDestroy(unmade);
}

int main(int argc, char **argv)
{
	xorshift_seed(0xcb1);
	return tap_main(argc, argv);
}
