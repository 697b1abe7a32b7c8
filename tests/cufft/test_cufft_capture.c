// SPDX-License-Identifier: MIT
/*
 * test_cufft_capture.c - cuFFT executions on a stream being captured into
 * a graph (lib/cufft/capture.c), against a naive O(n^2) DFT written here:
 * a host function that fills the input, cufftExecC2C and a copy of the
 * result captured into one graph; nothing runs while capturing; each
 * launch of the graph transforms the input of that launch (two different
 * signals); an R2C with a load callback captured likewise; a plan's
 * executions outside capture still run at once.  Tolerance: max |got -
 * ref| <= 1e-5 * max(1, max |ref|).
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cufftXt.h>
#include <cuda_runtime.h>
#include "tap.h"

enum { LEN = 16, B = 2, P = LEN * B };

typedef double _Complex dc;

static void dft(const dc *x, dc *y, int n, int batch)
{
	for (int b = 0; b < batch; b++)
		for (int k = 0; k < n; k++) {
			dc s = 0;

			for (int j = 0; j < n; j++)
				s += x[b * n + j] * cexp(-2 * M_PI * I * (double)(j * k % n) / n);
			y[b * n + k] = s;
		}
}

static int close_to(const float _Complex *got, const dc *ref, int n)
{
	double worst = 0, scale = 1;

	for (int i = 0; i < n; i++) {
		worst = fmax(worst, cabs(got[i] - ref[i]));
		scale = fmax(scale, cabs(ref[i]));
	}
	if (worst > 1e-5 * scale)
		tap_diag("max |got - ref| %.3g", worst);
	return worst <= 1e-5 * scale;
}

/* the graph's first node: the input of this launch into the device array */
struct fill {
	const float _Complex *src;
	float _Complex *dst;
	size_t bytes;
};

static void CUDART_CB fill_input(void *arg)
{
	struct fill *f = arg;

	memcpy(f->dst, f->src, f->bytes);
}

TAP_TEST(c2c_in_a_graph)
{
	cufftHandle plan;
	cudaStream_t s;
	cudaGraph_t graph = NULL;
	cudaGraphExec_t exec = NULL;
	float _Complex *in, *out, x1[P], x2[P], res[P];
	dc r1[P], r2[P], tmp[P];
	struct fill f;
	size_t nodes = 0;
	int untouched = 1;

	for (int i = 0; i < P; i++) {
		x1[i] = (float)sin(i) + I * (float)cos(3 * i);
		x2[i] = (float)(i % 5) - 2.0f + I * 0.5f;
	}
	for (int i = 0; i < P; i++)
		tmp[i] = x1[i];
	dft(tmp, r1, LEN, B);
	for (int i = 0; i < P; i++)
		tmp[i] = x2[i];
	dft(tmp, r2, LEN, B);
	cudaStreamCreate(&s);
	cudaMalloc((void **)&in, sizeof(x1));
	cudaMalloc((void **)&out, sizeof(x1));
	cudaMemset(out, 0, sizeof(x1));
	memset(res, 0, sizeof(res));
	f = (struct fill){x1, in, sizeof(x1)};
	tap_ok(cufftPlan1d(&plan, LEN, CUFFT_C2C, B) == CUFFT_SUCCESS &&
		   cufftSetStream(plan, s) == CUFFT_SUCCESS,
	       "C2C plan on a stream");
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cudaLaunchHostFunc(s, fill_input, &f);
	cufftResult r = cufftExecC2C(plan, (cufftComplex *)in, (cufftComplex *)out, CUFFT_FORWARD);
	cudaMemcpyAsync(res, out, sizeof(res), cudaMemcpyDeviceToHost, s);
	cudaError_t e = cudaStreamEndCapture(s, &graph);

	tap_ok(r == CUFFT_SUCCESS && e == cudaSuccess && graph,
	       "cufftExecC2C while capturing: SUCCESS (%d), graph made", (int)r);
	for (int i = 0; i < P; i++)
		untouched &= res[i] == 0;
	e = cudaGraphGetNodes(graph, NULL, &nodes);
	tap_ok(untouched && e == cudaSuccess && nodes == 3,
	       "nothing ran while capturing; the graph has its 3 nodes (%zu)", nodes);
	tap_ok(cudaGraphInstantiate(&exec, graph, 0) == cudaSuccess &&
		   cudaGraphLaunch(exec, s) == cudaSuccess &&
		   cudaStreamSynchronize(s) == cudaSuccess,
	       "instantiated, launched");
	tap_ok(close_to(res, r1, P), "first launch: the DFT of the first signal");
	f.src = x2;
	tap_ok(cudaGraphLaunch(exec, s) == cudaSuccess && cudaStreamSynchronize(s) == cudaSuccess &&
		   close_to(res, r2, P),
	       "second launch, another signal: its DFT (the transform runs at each launch)");
	memcpy(in, x1, sizeof(x1));
	tap_ok(cufftExecC2C(plan, (cufftComplex *)in, (cufftComplex *)out, CUFFT_FORWARD) ==
		       CUFFT_SUCCESS &&
		   cudaMemcpy(res, out, sizeof(res), cudaMemcpyDeviceToHost) == cudaSuccess &&
		   close_to(res, r1, P),
	       "outside capture the plan runs at once, as before");
	cudaGraphExecDestroy(exec);
	cudaGraphDestroy(graph);
	cufftDestroy(plan);
	cudaFree(in), cudaFree(out);
	cudaStreamDestroy(s);
}

static cufftReal load_doubled(void *in, size_t o, void *info, void *shared)
{
	(void)info, (void)shared;
	return 2 * ((cufftReal *)in)[o];
}

TAP_TEST(r2c_callback_in_a_graph)
{
	enum { H = LEN / 2 + 1 };
	cufftHandle plan;
	cudaStream_t s;
	cudaGraph_t graph = NULL;
	cudaGraphExec_t exec = NULL;
	cufftCallbackLoadR ld = load_doubled;
	float *in;
	float _Complex *out, res[H];
	dc x[LEN], full[LEN];
	float h[LEN];

	for (int i = 0; i < LEN; i++)
		h[i] = (float)(i % 3) - 1.0f, x[i] = 2.0 * h[i];
	dft(x, full, LEN, 1);
	cudaStreamCreate(&s);
	cudaMalloc((void **)&in, sizeof(h));
	cudaMalloc((void **)&out, sizeof(res));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	cufftPlan1d(&plan, LEN, CUFFT_R2C, 1);
	cufftSetStream(plan, s);
	tap_ok(cufftXtSetCallback(plan, (void **)&ld, CUFFT_CB_LD_REAL, NULL) == CUFFT_SUCCESS,
	       "R2C plan with a load callback");
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cufftResult r = cufftExecR2C(plan, in, (cufftComplex *)out);
	cudaMemcpyAsync(res, out, sizeof(res), cudaMemcpyDeviceToHost, s);
	cudaStreamEndCapture(s, &graph);
	tap_ok(r == CUFFT_SUCCESS && cudaGraphInstantiate(&exec, graph, 0) == cudaSuccess &&
		   cudaGraphLaunch(exec, s) == cudaSuccess &&
		   cudaStreamSynchronize(s) == cudaSuccess && close_to(res, full, H),
	       "captured, launched: the first n/2+1 points of DFT(2 x), the callback applied at "
	       "the launch");
	cudaGraphExecDestroy(exec);
	cudaGraphDestroy(graph);
	cufftDestroy(plan);
	cudaFree(in), cudaFree(out);
	cudaStreamDestroy(s);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
