// SPDX-License-Identifier: MIT
/*
 * test_cufft_xt.c - lib/cufft's extended API (cufftXt.h) for one device,
 * against a naive O(n^2) DFT written here: descriptors (cufftXtMalloc's
 * sizes for input, output and in-place formats, cufftXtMemcpy both ways
 * and between descriptors, cufftXtFree), cufftXtExecDescriptorC2C/Z2Z/R2C/
 * C2R and the generic cufftXtExecDescriptor, cufftXtExec, plans made by
 * cufftXtMakePlanMany from cudaDataTypes; the statuses of bad input and of
 * what stays out (LTO callbacks, half precision, 1-D factor queries), and that a
 * refused callback leaves the plan working (callbacks: test_cufft_callback.c).
 * Tolerance: max |got - ref| <= tol * max(1, max |ref|), tol 1e-5 single,
 * 1e-12 double.
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

static void rand_cplx(dc *x, long n)
{
	for (long i = 0; i < n; i++)
		x[i] = urand() - 0.5 + I * (urand() - 0.5);
}

/* 2-D C2C in place on an INPLACE descriptor, forward then inverse (N times the input) */
TAP_TEST(c2c_2d_in_place)
{
	enum { NX = 6, NY = 10, P = NX * NY };
	int n[2] = {NX, NY};
	cufftHandle plan;
	cudaLibXtDesc *d = NULL;
	int dev = 0;
	float _Complex h[P];
	dc x[P], ref[P], got[P];

	rand_cplx(x, P);
	for (int i = 0; i < P; i++)
		h[i] = (float _Complex)x[i];
	dft(2, n, 1, x, ref, -1);
	tap_ok(cufftCreate(&plan) == CUFFT_SUCCESS &&
		   cufftXtSetGPUs(plan, 1, &dev) == CUFFT_SUCCESS &&
		   cufftMakePlan2d(plan, NX, NY, CUFFT_C2C, NULL) == CUFFT_SUCCESS,
	       "cufftCreate, cufftXtSetGPUs(1 GPU), cufftMakePlan2d");
	tap_ok(cufftXtMalloc(plan, &d, CUFFT_XT_FORMAT_INPLACE) == CUFFT_SUCCESS &&
		   d->descriptor->nGPUs == 1 && d->descriptor->size[0] == sizeof(h) &&
		   d->library == LIB_FORMAT_CUFFT && d->subFormat == CUFFT_XT_FORMAT_INPLACE,
	       "cufftXtMalloc in place: one array of %zu bytes", sizeof(h));
	tap_ok(cufftXtMemcpy(plan, d, h, CUFFT_COPY_HOST_TO_DEVICE) == CUFFT_SUCCESS &&
		   cufftXtExecDescriptorC2C(plan, d, d, CUFFT_FORWARD) == CUFFT_SUCCESS &&
		   cufftXtMemcpy(plan, h, d, CUFFT_COPY_DEVICE_TO_HOST) == CUFFT_SUCCESS,
	       "host to descriptor, ExecDescriptorC2C forward, descriptor to host");
	for (int i = 0; i < P; i++)
		got[i] = h[i];
	tap_ok(close_all(got, ref, P, 1e-5), "C2C 2-D %dx%d forward equals the naive DFT", NX, NY);
	tap_ok(cufftXtExecDescriptor(plan, d, d, CUFFT_INVERSE) == CUFFT_SUCCESS &&
		   cufftXtMemcpy(plan, h, d, CUFFT_COPY_DEVICE_TO_HOST) == CUFFT_SUCCESS,
	       "cufftXtExecDescriptor inverse");
	for (int i = 0; i < P; i++)
		got[i] = h[i], ref[i] = x[i] * P;
	tap_ok(close_all(got, ref, P, 1e-5),
	       "inverse of forward is N times the input (unnormalised)");
	tap_ok(cufftXtFree(d) == CUFFT_SUCCESS && cufftDestroy(plan) == CUFFT_SUCCESS,
	       "cufftXtFree, cufftDestroy");
}

/* 1-D Z2Z batched, out of place on INPUT and OUTPUT descriptors; a copy between descriptors */
TAP_TEST(z2z_out_of_place)
{
	enum { LEN = 15, B = 3, P = LEN * B };
	int n[1] = {LEN};
	cufftHandle plan;
	cudaLibXtDesc *in = NULL, *out = NULL, *out2 = NULL;
	dc x[P], ref[P], got[P];

	rand_cplx(x, P);
	dft(1, n, B, x, ref, +1);
	tap_ok(cufftPlan1d(&plan, LEN, CUFFT_Z2Z, B) == CUFFT_SUCCESS &&
		   cufftXtMalloc(plan, &in, CUFFT_XT_FORMAT_INPUT) == CUFFT_SUCCESS &&
		   cufftXtMalloc(plan, &out, CUFFT_XT_FORMAT_OUTPUT) == CUFFT_SUCCESS &&
		   cufftXtMalloc(plan, &out2, CUFFT_XT_FORMAT_OUTPUT) == CUFFT_SUCCESS,
	       "Z2Z plan, input and output descriptors");
	tap_ok(in->descriptor->size[0] == sizeof(x) && out->descriptor->size[0] == sizeof(x),
	       "their sizes: %zu bytes each", sizeof(x));
	tap_ok(cufftXtMemcpy(plan, in, x, CUFFT_COPY_HOST_TO_DEVICE) == CUFFT_SUCCESS &&
		   cufftXtExecDescriptorZ2Z(plan, in, out, CUFFT_INVERSE) == CUFFT_SUCCESS &&
		   cufftXtMemcpy(plan, out2, out, CUFFT_COPY_DEVICE_TO_DEVICE) == CUFFT_SUCCESS &&
		   cufftXtMemcpy(plan, got, out2, CUFFT_COPY_DEVICE_TO_HOST) == CUFFT_SUCCESS,
	       "ExecDescriptorZ2Z inverse, descriptor to descriptor, to host");
	tap_ok(close_all(got, ref, P, 1e-12), "Z2Z 1-D %d x batch %d inverse equals the naive DFT",
	       LEN, B);
	tap_ok(cufftXtMemcpy(plan, got, in, CUFFT_COPY_DEVICE_TO_HOST) == CUFFT_SUCCESS &&
		   !memcmp(got, x, sizeof(x)),
	       "out of place: the input descriptor kept its data");
	cufftXtFree(in), cufftXtFree(out), cufftXtFree(out2);
	cufftDestroy(plan);
}

/*
 * R2C from cufftXtMakePlanMany(R_32F -> C_32F, execution C_32F), on
 * descriptors; then the C2R plan of the same types back: N times the signal.
 */
TAP_TEST(r2c_c2r_make_plan_many)
{
	enum { LEN = 14, B = 2, H = LEN / 2 + 1 };
	long long n[1] = {LEN};
	int ni[1] = {LEN};
	cufftHandle r2c, c2r;
	cudaLibXtDesc *in = NULL, *out = NULL, *back = NULL;
	size_t ws = 1;
	float sig[LEN * B], again[LEN * B];
	float _Complex spec[H * B];
	dc x[LEN * B], full[LEN * B], got[H * B], ref[H * B];

	for (int i = 0; i < LEN * B; i++)
		sig[i] = (float)(urand() - 0.5), x[i] = sig[i];
	dft(1, ni, B, x, full, -1);
	for (int b = 0; b < B; b++)
		for (int k = 0; k < H; k++)
			ref[b * H + k] = full[b * LEN + k];
	tap_ok(cufftCreate(&r2c) == CUFFT_SUCCESS &&
		   cufftXtMakePlanMany(r2c, 1, n, NULL, 1, 0, CUDA_R_32F, NULL, 1, 0, CUDA_C_32F, B,
				       &ws, CUDA_C_32F) == CUFFT_SUCCESS &&
		   ws == 0,
	       "cufftXtMakePlanMany R_32F -> C_32F (work size %zu)", ws);
	tap_ok(
	    cufftXtMalloc(r2c, &in, CUFFT_XT_FORMAT_INPUT) == CUFFT_SUCCESS &&
		cufftXtMalloc(r2c, &out, CUFFT_XT_FORMAT_OUTPUT) == CUFFT_SUCCESS &&
		in->descriptor->size[0] == sizeof(sig) && out->descriptor->size[0] == sizeof(spec),
	    "R2C descriptors: %zu real bytes in, %zu complex bytes out", sizeof(sig), sizeof(spec));
	tap_ok(cufftXtMemcpy(r2c, in, sig, CUFFT_COPY_HOST_TO_DEVICE) == CUFFT_SUCCESS &&
		   cufftXtExecDescriptorR2C(r2c, in, out) == CUFFT_SUCCESS &&
		   cufftXtMemcpy(r2c, spec, out, CUFFT_COPY_DEVICE_TO_HOST) == CUFFT_SUCCESS,
	       "ExecDescriptorR2C");
	for (int i = 0; i < H * B; i++)
		got[i] = spec[i];
	tap_ok(close_all(got, ref, H * B, 1e-5), "R2C: the first n/2+1 points of the naive DFT");
	tap_ok(cufftCreate(&c2r) == CUFFT_SUCCESS &&
		   cufftXtMakePlanMany(c2r, 1, n, NULL, 1, 0, CUDA_C_32F, NULL, 1, 0, CUDA_R_32F, B,
				       NULL, CUDA_C_32F) == CUFFT_SUCCESS &&
		   cufftXtMalloc(c2r, &back, CUFFT_XT_FORMAT_OUTPUT) == CUFFT_SUCCESS &&
		   cufftXtExecDescriptorC2R(c2r, out, back) == CUFFT_SUCCESS &&
		   cufftXtMemcpy(c2r, again, back, CUFFT_COPY_DEVICE_TO_HOST) == CUFFT_SUCCESS,
	       "C2R plan from cudaDataTypes, ExecDescriptorC2R on the R2C's output");
	dc g2[LEN * B], r2[LEN * B];
	for (int i = 0; i < LEN * B; i++)
		g2[i] = again[i], r2[i] = x[i] * LEN;
	tap_ok(close_all(g2, r2, LEN * B, 1e-5), "C2R of R2C is N times the signal");
	tap_ok(cufftXtExecDescriptorC2R(r2c, out, back) == CUFFT_INVALID_VALUE,
	       "ExecDescriptorC2R on the R2C plan: INVALID_VALUE");
	cufftXtFree(in), cufftXtFree(out), cufftXtFree(back);
	cufftDestroy(r2c), cufftDestroy(c2r);
}

/* cufftXtExec on plain arrays: the plan's type decides; a D2Z runs forward whatever the direction
 */
TAP_TEST(xt_exec)
{
	enum { LEN = 9, H = LEN / 2 + 1 };
	int n[1] = {LEN};
	cufftHandle plan;
	double sig[LEN];
	dc x[LEN], full[LEN], out[H], ref[H];

	for (int i = 0; i < LEN; i++)
		sig[i] = urand(), x[i] = sig[i];
	dft(1, n, 1, x, full, -1);
	memcpy(ref, full, sizeof(ref));
	tap_ok(cufftPlan1d(&plan, LEN, CUFFT_D2Z, 1) == CUFFT_SUCCESS &&
		   cufftXtExec(plan, sig, out, CUFFT_INVERSE) == CUFFT_SUCCESS,
	       "cufftXtExec on a D2Z plan");
	tap_ok(close_all(out, ref, H, 1e-12), "D2Z by cufftXtExec equals the naive DFT (forward)");
	cufftDestroy(plan);
}

TAP_TEST(statuses)
{
	cufftHandle plan, unmade;
	cudaLibXtDesc *d = NULL, *small = NULL;
	int dev = 0, bad_dev = -1, count = 0, many[2] = {0, 0};
	long long n[1] = {8};
	size_t ws = 0;
	void *fn = (void *)&dev;
	cufftXt1dFactors f;
	float _Complex h[8] = {1}, out[8];

	cudaGetDeviceCount(&count);
	cufftPlan1d(&plan, 8, CUFFT_C2C, 1);
	cufftCreate(&unmade);
	tap_ok(cufftXtSetGPUs(plan, 0, &dev) == CUFFT_INVALID_VALUE &&
		   cufftXtSetGPUs(plan, 1, NULL) == CUFFT_INVALID_VALUE &&
		   cufftXtSetGPUs(plan, 1, &bad_dev) == CUFFT_INVALID_DEVICE &&
		   (count > 1 || cufftXtSetGPUs(plan, 2, many) == CUFFT_INVALID_DEVICE) &&
		   cufftXtSetGPUs(12345, 1, &dev) == CUFFT_INVALID_PLAN,
	       "SetGPUs: 0 GPUs, NULL list: INVALID_VALUE; device -1, more GPUs than the %d: "
	       "INVALID_DEVICE; "
	       "bad plan: INVALID_PLAN",
	       count);
	tap_ok(cufftXtMalloc(unmade, &d, CUFFT_XT_FORMAT_INPUT) == CUFFT_INVALID_PLAN &&
		   cufftXtMalloc(plan, NULL, CUFFT_XT_FORMAT_INPUT) == CUFFT_INVALID_VALUE &&
		   cufftXtMalloc(plan, &d, CUFFT_FORMAT_UNDEFINED) == CUFFT_INVALID_VALUE && !d,
	       "Malloc: plan not made: INVALID_PLAN; NULL result, format UNDEFINED: INVALID_VALUE");
	cufftXtMalloc(plan, &d, CUFFT_XT_FORMAT_INPLACE);
	{
		cufftHandle p4;

		cufftPlan1d(&p4, 4, CUFFT_C2C, 1);
		cufftXtMalloc(p4, &small, CUFFT_XT_FORMAT_INPUT);
		cufftDestroy(p4);
	}
	tap_ok(cufftXtMemcpy(plan, d, h, CUFFT_COPY_UNDEFINED) == CUFFT_INVALID_VALUE &&
		   cufftXtMemcpy(plan, d, NULL, CUFFT_COPY_HOST_TO_DEVICE) == CUFFT_INVALID_VALUE &&
		   cufftXtMemcpy(plan, small, d, CUFFT_COPY_DEVICE_TO_DEVICE) ==
		       CUFFT_INVALID_VALUE,
	       "Memcpy: type UNDEFINED, NULL source, descriptors of other sizes: INVALID_VALUE");
	tap_ok(cufftXtExecDescriptorC2C(plan, d, NULL, CUFFT_FORWARD) == CUFFT_INVALID_VALUE &&
		   cufftXtExecDescriptorZ2Z(plan, d, d, CUFFT_FORWARD) == CUFFT_INVALID_VALUE &&
		   cufftXtExecDescriptorC2C(plan, d, d, 0) == CUFFT_INVALID_VALUE &&
		   cufftXtExecDescriptor(unmade, d, d, CUFFT_FORWARD) == CUFFT_INVALID_PLAN,
	       "ExecDescriptor: NULL output, Z2Z on a C2C plan, direction 0: INVALID_VALUE; plan "
	       "not made: "
	       "INVALID_PLAN");
	tap_ok(cufftXtSetCallback(plan, &fn, CUFFT_CB_UNDEFINED, NULL) == CUFFT_INVALID_VALUE &&
		   cufftXtSetJITCallback(plan, "cb", fn, 4, CUFFT_CB_LD_COMPLEX, NULL) ==
		       CUFFT_NOT_SUPPORTED &&
		   cufftXtClearCallback(plan, CUFFT_CB_LD_COMPLEX) == CUFFT_SUCCESS &&
		   cufftXtSetCallback(12345, &fn, CUFFT_CB_LD_COMPLEX, NULL) == CUFFT_INVALID_PLAN,
	       "callbacks: type UNDEFINED: INVALID_VALUE; LTO (JIT) callback: NOT_SUPPORTED; bad "
	       "plan: INVALID_PLAN; clearing none: SUCCESS (the rest: test_cufft_callback.c)");
	tap_ok(cufftExecC2C(plan, (cufftComplex *)h, (cufftComplex *)out, CUFFT_FORWARD) ==
		       CUFFT_SUCCESS &&
		   crealf(out[3]) == 1.0f && cimagf(out[3]) == 0.0f,
	       "the plan still runs after the refused callbacks (an impulse's DFT is all ones)");
	tap_ok(cufftXtMakePlanMany(unmade, 1, n, NULL, 1, 0, CUDA_R_16F, NULL, 1, 0, CUDA_C_16F, 1,
				   &ws, CUDA_C_16F) == CUFFT_NOT_SUPPORTED &&
		   cufftXtMakePlanMany(unmade, 1, n, NULL, 1, 0, CUDA_C_32F, NULL, 1, 0, CUDA_C_64F,
				       1, &ws, CUDA_C_32F) == CUFFT_INVALID_TYPE &&
		   cufftXtGetSizeMany(unmade, 1, n, NULL, 1, 0, CUDA_C_64F, NULL, 1, 0, CUDA_C_64F,
				      1, &ws, CUDA_C_64F) == CUFFT_SUCCESS &&
		   ws == 0,
	       "XtMakePlanMany: half NOT_SUPPORTED, C_32F -> C_64F INVALID_TYPE; XtGetSizeMany: 0 "
	       "bytes");
	tap_ok(
	    cufftXtQueryPlan(plan, &f, CUFFT_QUERY_1D_FACTORS) == CUFFT_NOT_SUPPORTED &&
		cufftXtQueryPlan(plan, &f, CUFFT_QUERY_UNDEFINED) == CUFFT_INVALID_VALUE &&
		cufftXtSetWorkAreaPolicy(plan, CUFFT_WORKAREA_MINIMAL, &ws) == CUFFT_SUCCESS &&
		cufftXtSetWorkAreaPolicy(plan, (cufftXtWorkAreaPolicy)9, &ws) ==
		    CUFFT_INVALID_VALUE,
	    "QueryPlan 1-D factors: NOT_SUPPORTED (one device); work-area policy 9: INVALID_VALUE");
	tap_ok(cufftXtFree(NULL) == CUFFT_INVALID_VALUE && cufftXtFree(d) == CUFFT_SUCCESS &&
		   cufftXtFree(small) == CUFFT_SUCCESS,
	       "Free(NULL): INVALID_VALUE; descriptors freed");
	cufftDestroy(plan);
	cufftDestroy(unmade);
}

int main(int argc, char **argv)
{
	xorshift_seed(0xff7039);
	return tap_main(argc, argv);
}
