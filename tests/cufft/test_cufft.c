// SPDX-License-Identifier: MIT
/*
 * test_cufft.c - lib/cufft against a naive O(n^2) DFT written here (never
 * against FFTW or itself): C2C/Z2Z both directions, R2C/D2Z, C2R/Z2D, 1-D
 * to 3-D, batched, in place and out of place, basic and advanced layouts
 * (PlanMany with inembed/istride/idist), cufftCreate + MakePlan, streams,
 * plans made and run from several threads at once, and the statuses of bad
 * input.  The layouts expected are cuFFT's documented ones (R2C output
 * n/2+1 complex in the last dimension, in-place real rows padded to
 * 2(n/2+1)).  Tolerance: max |got - ref| <= tol * max(1, max |ref|), tol
 * 1e-5 single, 1e-12 double (sizes below 100 points per transform).
 *
 * Tests register themselves (TAP_TEST): -l lists them, -t NAME runs one.
 */
#include <complex.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <cufft.h>
#include <cuda_runtime.h>
#include "tap.h"

typedef double _Complex dc;

struct fcase {
	const char *name;
	cufftType type;
	int rank, n[3], batch, in_place, dir;
	int adv, inembed[3], onembed[3], istride, idist, ostride, odist;
	int create_make;	/* cufftCreate + cufftMakePlan* instead of cufftPlan* */
};

static unsigned long long rng = 88172645463325252ull;
static double urand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / (double)(1ull << 52) - 1.0;
}

static int is_double(cufftType t) { return t == CUFFT_Z2Z || t == CUFFT_D2Z || t == CUFFT_Z2D; }
static int real_in(cufftType t) { return t == CUFFT_R2C || t == CUFFT_D2Z; }
static int real_out(cufftType t) { return t == CUFFT_C2R || t == CUFFT_Z2D; }

/* element j (row-major over dims d[0..r)) of batch b at (embed, stride, dist) */
static long at(int r, const int *d, const int *embed, int stride, int dist, int b, long j)
{
	long off = 0, mul = 1;

	for (int i = r - 1; i >= 0; i--) {
		off += (j % d[i]) * mul;
		j /= d[i];
		mul *= embed[i];
	}
	return (long)b * dist + off * stride;
}

/* naive DFT over the logical dims n (full complex) */
static void dft(int r, const int *n, const dc *x, dc *y, int sign)
{
	long N = 1;

	for (int i = 0; i < r; i++)
		N *= n[i];
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
			s += x[j] * cexp(sign * 2 * M_PI * I * ph);
		}
		y[k] = s;
	}
}

static int prod(const int *v, int r)
{
	int p = 1;

	for (int i = 0; i < r; i++)
		p *= v[i];
	return p;
}

static double run_case(const struct fcase *c)
{
	int r = c->rank, N = prod(c->n, r), B = c->batch, last = c->n[r - 1];
	int hn[3], ie[3], oe[3], is, id, os, od;
	int cd[3];	/* logical dims of the complex side of an R2C/C2R */
	size_t isz = is_double(c->type) ? 8 : 4;	/* per real number */
	int ic = !real_in(c->type), oc = !real_out(c->type);	/* complex in / out */

	memcpy(hn, c->n, sizeof(hn));
	memcpy(cd, c->n, sizeof(cd));
	if (real_in(c->type) || real_out(c->type))
		cd[r - 1] = last / 2 + 1;
	const int *in_dims = real_in(c->type) ? c->n : cd, *out_dims = real_out(c->type) ? c->n : cd;
	if (c->adv) {
		memcpy(ie, c->inembed, sizeof(ie));
		memcpy(oe, c->onembed, sizeof(oe));
		is = c->istride, id = c->idist, os = c->ostride, od = c->odist;
	} else {
		memcpy(ie, in_dims, sizeof(ie));
		memcpy(oe, out_dims, sizeof(oe));
		if (c->in_place && real_in(c->type))
			ie[r - 1] = 2 * (last / 2 + 1);
		if (c->in_place && real_out(c->type))
			oe[r - 1] = 2 * (last / 2 + 1);
		is = os = 1;
		id = prod(ie, r);
		od = prod(oe, r);
	}
	long in_len = (long)(B - 1) * id + (long)(prod(ie, r) - 1) * is + 1;
	long out_len = (long)(B - 1) * od + (long)(prod(oe, r) - 1) * os + 1;
	size_t in_bytes = (size_t)in_len * isz * (ic ? 2 : 1), out_bytes = (size_t)out_len * isz * (oc ? 2 : 1);
	size_t bytes = in_bytes > out_bytes ? in_bytes : out_bytes;
	char *in, *out;
	dc *x = calloc((size_t)N * B, sizeof(dc)), *full = calloc((size_t)N, sizeof(dc)), *ref = calloc((size_t)N * B, sizeof(dc));
	double e = 0, mag = 1;

	cudaMalloc((void **)&in, bytes);
	if (c->in_place)
		out = in;
	else
		cudaMalloc((void **)&out, bytes);
	memset(in, 0, bytes);
	/* logical input per batch, and the reference */
	for (int b = 0; b < B; b++) {
		dc *xb = x + (long)b * N;
		if (real_out(c->type)) {
			/* a Hermitian half spectrum: the naive DFT of real data; expect N times that data */
			dc *t = calloc((size_t)N, sizeof(dc));
			for (long j = 0; j < N; j++)
				t[j] = urand();
			dft(r, c->n, t, full, -1);
			for (long j = 0; j < N; j++)
				ref[(long)b * N + j] = N * t[j];
			/* keep the first last/2+1 of the last dimension */
			for (long j = 0, q = 0; j < N; j++)
				if (j % last < last / 2 + 1)
					xb[q++] = full[j];
			free(t);
		} else {
			for (long j = 0; j < N; j++)
				xb[j] = real_in(c->type) ? urand() : urand() + I * urand();
			dft(r, c->n, xb, full, c->dir);
			for (long j = 0, q = 0; j < N; j++)
				if (!real_in(c->type) || j % last < last / 2 + 1)
					ref[(long)b * N + q++] = full[j];
		}
		int in_n = prod(in_dims, r);
		for (long j = 0; j < in_n; j++) {
			long o = at(r, in_dims, ie, is, id, b, j);
			if (isz == 8 && ic)
				((double _Complex *)in)[o] = xb[j];
			else if (isz == 8)
				((double *)in)[o] = creal(xb[j]);
			else if (ic)
				((float _Complex *)in)[o] = (float _Complex)xb[j];
			else
				((float *)in)[o] = (float)creal(xb[j]);
		}
	}
	/* plan and run */
	cufftHandle plan;
	cufftResult st;
	int *emb_i = c->adv ? ie : NULL, *emb_o = c->adv ? oe : NULL;
	if (c->create_make) {
		size_t ws = 1;
		st = cufftCreate(&plan);
		if (!st)
			st = r == 1 && !c->adv ? cufftMakePlan1d(plan, c->n[0], c->type, B, &ws)
					       : cufftMakePlanMany(plan, r, (int *)c->n, emb_i, is, id, emb_o, os, od, c->type, B, &ws);
		if (!st && ws != 0)
			st = CUFFT_INTERNAL_ERROR;
	} else if (!c->adv && B == 1 && r == 2) {
		st = cufftPlan2d(&plan, c->n[0], c->n[1], c->type);
	} else if (!c->adv && B == 1 && r == 3) {
		st = cufftPlan3d(&plan, c->n[0], c->n[1], c->n[2], c->type);
	} else if (!c->adv && r == 1) {
		st = cufftPlan1d(&plan, c->n[0], c->type, B);
	} else {
		st = cufftPlanMany(&plan, r, (int *)c->n, emb_i, is, id, emb_o, os, od, c->type, B);
	}
	if (!st) {
		switch (c->type) {
		case CUFFT_C2C: st = cufftExecC2C(plan, (void *)in, (void *)out, c->dir); break;
		case CUFFT_Z2Z: st = cufftExecZ2Z(plan, (void *)in, (void *)out, c->dir); break;
		case CUFFT_R2C: st = cufftExecR2C(plan, (void *)in, (void *)out); break;
		case CUFFT_D2Z: st = cufftExecD2Z(plan, (void *)in, (void *)out); break;
		case CUFFT_C2R: st = cufftExecC2R(plan, (void *)in, (void *)out); break;
		case CUFFT_Z2D: st = cufftExecZ2D(plan, (void *)in, (void *)out); break;
		}
		cufftDestroy(plan);
	}
	/* compare */
	int out_n = prod(out_dims, r);
	for (int b = 0; b < B; b++)
		for (long j = 0; j < out_n; j++)
			mag = fmax(mag, cabs(ref[(long)b * N + j]));
	for (int b = 0; b < B; b++)
		for (long j = 0; j < out_n; j++) {
			long o = at(r, out_dims, oe, os, od, b, j);
			dc g = isz == 8 ? (oc ? ((double _Complex *)out)[o] : ((double *)out)[o])
					: (oc ? ((float _Complex *)out)[o] : ((float *)out)[o]);
			double d = cabs(g - ref[(long)b * N + j]) / mag;
			if (!(d <= e))
				e = d;
		}
	cudaFree(in);
	if (!c->in_place)
		cudaFree(out);
	free(x), free(full), free(ref);
	return st ? -(double)st : e;
}

static void check_case(const struct fcase *c)
{
	double e = run_case(c), tol = is_double(c->type) ? 1e-12 : 1e-5;

	tap_ok(e >= 0 && e <= tol, "%s (%s)", c->name, e < 0 ? "a cuFFT call failed" : "");
	if (e < 0)
		tap_diag("status %d", (int)-e);
	else if (e > tol)
		tap_diag("error %.3g > %.3g", e, tol);
}

static const struct fcase cases[] = {
	{ "C2C 1-D n=13 forward, batch 3", CUFFT_C2C, 1, { 13 }, 3, 0, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "C2C 1-D n=13 inverse, unnormalised", CUFFT_C2C, 1, { 13 }, 2, 0, CUFFT_INVERSE, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "C2C 1-D n=64 forward in place", CUFFT_C2C, 1, { 64 }, 1, 1, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "Z2Z 1-D n=30 forward, batch 2", CUFFT_Z2Z, 1, { 30 }, 2, 0, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "Z2Z 1-D n=17 inverse in place", CUFFT_Z2Z, 1, { 17 }, 1, 1, CUFFT_INVERSE, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "R2C 1-D n=15 (8 outputs), batch 2", CUFFT_R2C, 1, { 15 }, 2, 0, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "R2C 1-D n=16 in place (padded rows)", CUFFT_R2C, 1, { 16 }, 3, 1, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "D2Z 1-D n=21, batch 2", CUFFT_D2Z, 1, { 21 }, 2, 0, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "C2R 1-D n=15, batch 2 (N times the signal)", CUFFT_C2R, 1, { 15 }, 2, 0, CUFFT_INVERSE, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "Z2D 1-D n=12 in place", CUFFT_Z2D, 1, { 12 }, 2, 1, CUFFT_INVERSE, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "C2C 2-D 5x7 (Plan2d)", CUFFT_C2C, 2, { 5, 7 }, 1, 0, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "Z2Z 2-D 6x4 inverse (Plan2d)", CUFFT_Z2Z, 2, { 6, 4 }, 1, 0, CUFFT_INVERSE, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "R2C 2-D 6x5 (6x3 out, Plan2d)", CUFFT_R2C, 2, { 6, 5 }, 1, 0, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "D2Z 2-D 4x6 in place", CUFFT_D2Z, 2, { 4, 6 }, 1, 1, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "C2R 2-D 5x6", CUFFT_C2R, 2, { 5, 6 }, 1, 0, CUFFT_INVERSE, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "C2C 3-D 3x4x5 (Plan3d)", CUFFT_C2C, 3, { 3, 4, 5 }, 1, 0, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "D2Z 3-D 3x2x5 (Plan3d)", CUFFT_D2Z, 3, { 3, 2, 5 }, 1, 0, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "Z2D 3-D 2x3x4", CUFFT_Z2D, 3, { 2, 3, 4 }, 1, 0, CUFFT_INVERSE, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	{ "C2C 2-D 4x6 batch 3 (PlanMany, basic)", CUFFT_C2C, 2, { 4, 6 }, 3, 0, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 0 },
	/* advanced: 4 interleaved signals of 9 (istride 4, idist 1) into padded rows (ostride 1, odist 10) */
	{ "C2C PlanMany advanced: istride 4 idist 1 -> odist 10", CUFFT_C2C, 1, { 9 }, 4, 0, CUFFT_FORWARD, 1, { 9 }, { 10 }, 4, 1, 1, 10, 0 },
	/* advanced 2-D: a 5x7 transform inside 6x9 input rows and 5x8 output rows, batch 2 */
	{ "Z2Z PlanMany advanced 2-D 5x7 in 6x9 / 5x8 embeds", CUFFT_Z2Z, 2, { 5, 7 }, 2, 0, CUFFT_FORWARD, 1, { 6, 9 }, { 5, 8 }, 1, 60, 1, 41, 0 },
	{ "R2C PlanMany advanced: istride 2, idist 31, out odist 9", CUFFT_R2C, 1, { 14 }, 3, 0, CUFFT_FORWARD, 1, { 15 }, { 9 }, 2, 31, 1, 9, 0 },
	{ "C2R PlanMany advanced: istride 3 idist 1, ostride 1 odist 12", CUFFT_C2R, 1, { 10 }, 3, 0, CUFFT_INVERSE, 1, { 6 }, { 12 }, 3, 1, 1, 12, 0 },
	{ "C2C cufftCreate + MakePlan1d n=11 batch 2", CUFFT_C2C, 1, { 11 }, 2, 0, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 1 },
	{ "D2Z cufftCreate + MakePlanMany 2-D 3x8", CUFFT_D2Z, 2, { 3, 8 }, 2, 0, CUFFT_FORWARD, 0, {0}, {0}, 0, 0, 0, 0, 1 },
};

TAP_TEST(plans)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_case(&cases[i]);
}

/* ---- streams, threads, statuses ---- */

static void fill_impulse(void *p)
{
	float _Complex *x = p;

	for (int i = 0; i < 8; i++)
		x[i] = i == 1;
}

TAP_TEST(stream)
{
	cudaStream_t s;
	float _Complex *x, *y;
	cufftHandle plan;
	int ok;

	cudaStreamCreate(&s);
	cudaMalloc((void **)&x, 8 * sizeof(*x));
	cudaMalloc((void **)&y, 8 * sizeof(*y));
	memset(x, 0, 8 * sizeof(*x));
	ok = !cufftPlan1d(&plan, 8, CUFFT_C2C, 1) && !cufftSetStream(plan, s);
	cudaLaunchHostFunc(s, fill_impulse, x);	/* queued before the transform */
	ok = ok && !cufftExecC2C(plan, (void *)x, (void *)y, CUFFT_FORWARD);
	cudaStreamSynchronize(s);
	double e = 0;
	for (int k = 0; k < 8; k++)	/* DFT of the impulse at 1: exp(-2 pi i k / 8) */
		e = fmax(e, cabs(y[k] - cexp(-2 * M_PI * I * k / 8)));
	tap_ok(ok && e < 1e-6, "ExecC2C on a stream runs after the stream's earlier work (err %.2g)", e);
	cufftDestroy(plan);
	cudaStreamDestroy(s);
	cudaFree(x), cudaFree(y);
}

static void *thread_plans(void *arg)
{
	long bad = 0, n = 8 + (long)arg;

	for (int it = 0; it < 20; it++) {
		double _Complex x[40], y[40];
		cufftHandle p;
		for (int i = 0; i < n; i++)
			x[i] = i == 0 ? 1 : 0;
		if (cufftPlan1d(&p, (int)n, CUFFT_Z2Z, 1) || cufftExecZ2Z(p, (void *)x, (void *)y, CUFFT_FORWARD) ||
		    cufftDestroy(p))
			bad++;
		for (int i = 0; i < n; i++)
			bad += cabs(y[i] - 1) > 1e-12;	/* DFT of an impulse at 0: all ones */
	}
	return (void *)bad;
}

TAP_TEST(threads)
{
	pthread_t t[4];
	long bad = 0;

	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, thread_plans, (void *)i);
	for (int i = 0; i < 4; i++) {
		void *r;
		pthread_join(t[i], &r);
		bad += (long)r;
	}
	tap_ok(bad == 0, "4 threads plan, run and destroy 20 plans each at once (planner serialised; %ld bad)", bad);
}

TAP_TEST(statuses)
{
	cufftHandle p, q;
	float _Complex buf[16];
	int n[2] = { 4, 0 }, v = 0;
	size_t ws = 7;

	tap_ok(cufftPlan1d(&p, 0, CUFFT_C2C, 1) == CUFFT_INVALID_SIZE, "Plan1d with nx 0: INVALID_SIZE");
	tap_ok(cufftPlan1d(&p, 8, CUFFT_C2C, 0) == CUFFT_INVALID_SIZE, "Plan1d with batch 0: INVALID_SIZE");
	tap_ok(cufftPlan1d(&p, 8, (cufftType)0x33, 1) == CUFFT_INVALID_TYPE, "Plan1d with a bad type: INVALID_TYPE");
	tap_ok(cufftPlanMany(&p, 2, n, NULL, 1, 0, NULL, 1, 0, CUFFT_C2C, 1) == CUFFT_INVALID_SIZE,
	       "PlanMany with a zero dimension: INVALID_SIZE");
	tap_ok(cufftPlanMany(&p, 4, n, NULL, 1, 0, NULL, 1, 0, CUFFT_C2C, 1) == CUFFT_INVALID_SIZE,
	       "PlanMany of rank 4: INVALID_SIZE");
	tap_ok(cufftPlan1d(NULL, 8, CUFFT_C2C, 1) == CUFFT_INVALID_VALUE, "Plan1d(NULL): INVALID_VALUE");
	cufftPlan1d(&p, 8, CUFFT_R2C, 1);
	tap_ok(cufftExecC2C(p, (void *)buf, (void *)buf, CUFFT_FORWARD) == CUFFT_INVALID_VALUE,
	       "ExecC2C on an R2C plan: INVALID_VALUE");
	cufftDestroy(p);
	cufftPlan1d(&p, 8, CUFFT_C2C, 1);
	tap_ok(cufftExecC2C(p, (void *)buf, (void *)buf, 0) == CUFFT_INVALID_VALUE, "ExecC2C direction 0: INVALID_VALUE");
	tap_ok(cufftExecC2C(p, NULL, (void *)buf, CUFFT_FORWARD) == CUFFT_INVALID_VALUE, "ExecC2C of NULL: INVALID_VALUE");
	tap_ok(!cufftGetSize(p, &ws) && ws == 0, "GetSize: no work area needed (0)");
	tap_ok(cufftDestroy(p) == CUFFT_SUCCESS && cufftDestroy(p) == CUFFT_INVALID_PLAN, "Destroy twice: INVALID_PLAN");
	tap_ok(cufftExecC2C(p, (void *)buf, (void *)buf, CUFFT_FORWARD) == CUFFT_INVALID_PLAN,
	       "Exec on a destroyed plan: INVALID_PLAN");
	tap_ok(cufftExecC2C(12345, (void *)buf, (void *)buf, CUFFT_FORWARD) == CUFFT_INVALID_PLAN,
	       "Exec on a handle never made: INVALID_PLAN");
	cufftCreate(&q);
	tap_ok(cufftExecC2C(q, (void *)buf, (void *)buf, CUFFT_FORWARD) == CUFFT_INVALID_PLAN,
	       "Exec on a created but unmade plan: INVALID_PLAN");
	tap_ok(cufftSetStream(q, 0) == CUFFT_SUCCESS && cufftSetStream(-3, 0) == CUFFT_INVALID_PLAN,
	       "SetStream: a made handle yes, a bad one INVALID_PLAN");
	cufftDestroy(q);
	tap_ok(!cufftGetVersion(&v) && v == CUFFT_VERSION, "GetVersion (%d)", CUFFT_VERSION);
}

/* the work-size queries beyond 1-D (all 0: FFTW keeps its own) and the plan properties, with their statuses */
TAP_TEST(sizes_and_properties)
{
	cufftHandle h;
	size_t w[6] = { 9, 9, 9, 9, 9, 9 };
	int n[3] = { 8, 6, 4 };
	long long n64[2] = { 16, 10 }, v = -1, v2 = -1;

	cufftPlan2d(&h, 8, 6, CUFFT_C2C);
	tap_ok(cufftEstimate2d(8, 6, CUFFT_C2C, &w[0]) == CUFFT_SUCCESS &&
		       cufftEstimate3d(8, 6, 4, CUFFT_Z2D, &w[1]) == CUFFT_SUCCESS &&
		       cufftEstimateMany(3, n, NULL, 1, 0, NULL, 1, 0, CUFFT_R2C, 5, &w[2]) == CUFFT_SUCCESS &&
		       cufftGetSize2d(h, 8, 6, CUFFT_C2C, &w[3]) == CUFFT_SUCCESS &&
		       cufftGetSizeMany(h, 2, n, NULL, 1, 0, NULL, 1, 0, CUFFT_D2Z, 3, &w[4]) == CUFFT_SUCCESS &&
		       cufftGetSizeMany64(h, 2, n64, NULL, 1, 0, NULL, 1, 0, CUFFT_C2R, 2, &w[5]) == CUFFT_SUCCESS &&
		       !w[0] && !w[1] && !w[2] && !w[3] && !w[4] && !w[5],
	       "Estimate2d/3d/Many, GetSize2d/Many/Many64: SUCCESS, 0 bytes");
	tap_ok(cufftEstimate2d(0, 6, CUFFT_C2C, &w[0]) == CUFFT_INVALID_SIZE &&
		       cufftEstimate3d(8, 6, 4, (cufftType)5, &w[0]) == CUFFT_INVALID_TYPE &&
		       cufftEstimateMany(4, n, NULL, 1, 0, NULL, 1, 0, CUFFT_C2C, 1, &w[0]) == CUFFT_INVALID_SIZE &&
		       cufftEstimate2d(8, 6, CUFFT_C2C, NULL) == CUFFT_INVALID_VALUE &&
		       cufftGetSize3d(-3, 8, 6, 4, CUFFT_C2C, &w[0]) == CUFFT_INVALID_PLAN,
	       "a size 0, type 5, rank 4, no result, no plan: INVALID_SIZE, INVALID_TYPE, INVALID_SIZE, INVALID_VALUE, "
	       "INVALID_PLAN");
	tap_ok(cufftGetPlanPropertyInt64(h, NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT, &v) == CUFFT_SUCCESS && v == 0 &&
		       cufftSetPlanPropertyInt64(h, NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT, 1) == CUFFT_SUCCESS &&
		       cufftSetPlanPropertyInt64(h, NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS, 4) == CUFFT_SUCCESS &&
		       cufftGetPlanPropertyInt64(h, NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT, &v) == CUFFT_SUCCESS && v == 1 &&
		       cufftGetPlanPropertyInt64(h, NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS, &v2) == CUFFT_SUCCESS &&
		       v2 == 4 && cufftResetPlanProperty(h, NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT) == CUFFT_SUCCESS &&
		       cufftGetPlanPropertyInt64(h, NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT, &v) == CUFFT_SUCCESS && v == 0,
	       "plan properties: 0 at first, read back as set (1, 4), 0 after a reset");
	tap_ok(cufftSetPlanPropertyInt64(h, NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT, 2) == CUFFT_INVALID_VALUE &&
		       cufftSetPlanPropertyInt64(h, NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS, 0) ==
			       CUFFT_INVALID_VALUE &&
		       cufftSetPlanPropertyInt64(h, (cufftProperty)3, 1) == CUFFT_INVALID_VALUE &&
		       cufftGetPlanPropertyInt64(h, NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT, NULL) == CUFFT_INVALID_VALUE &&
		       cufftResetPlanProperty(CUFFT_PLAN_NULL, NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT) == CUFFT_INVALID_PLAN,
	       "PATIENT_JIT 2, 0 host threads, property 3, no result: INVALID_VALUE; CUFFT_PLAN_NULL: INVALID_PLAN");
	cufftDestroy(h);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
