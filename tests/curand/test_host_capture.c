// SPDX-License-Identifier: MIT
/*
 * test_host_capture.c - curandGenerate* on a stream being captured into a
 * graph (lib/curand/capture.c).  The reference is a second generator with
 * the same settings called directly (its numbers are checked against
 * NVIDIA's recorded values in test_host.c): a graph holding one generate
 * call, launched twice, must give the direct generator's first n numbers,
 * then its next n, as CUDA's recorded kernel advances the generator's
 * offset at each launch; nothing is written while capturing; calls with
 * bad arguments fail at capture with their status and leave the capture
 * valid; outside capture the generator runs at once, after the launches,
 * and a direct call comes after the work queued on its stream before it
 * (a host function that overwrites the array, a graph launch).
 */
#include <string.h>
#include <time.h>
#include <curand.h>
#include <cuda_runtime.h>
#include "tap.h"

enum { N = 1000 };

/* A graph of one call, captured on s; NULL when the capture failed. */
static cudaGraphExec_t capture_one(cudaStream_t s, curandStatus_t (*call)(void *), void *arg,
				   curandStatus_t *st)
{
	cudaGraph_t graph = NULL;
	cudaGraphExec_t exec = NULL;

	if (cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) != cudaSuccess)
		return NULL;
	*st = call(arg);
	if (cudaStreamEndCapture(s, &graph) != cudaSuccess || !graph)
		return NULL;
	if (cudaGraphInstantiate(&exec, graph, 0) != cudaSuccess)
		exec = NULL;
	cudaGraphDestroy(graph);
	return exec;
}

struct uniform_call {
	curandGenerator_t g;
	float *out;
	size_t n;
};

static curandStatus_t uniform(void *arg)
{
	struct uniform_call *c = arg;

	return curandGenerateUniform(c->g, c->out, c->n);
}

static int same_floats(const float *a, const float *b, size_t n)
{
	return memcmp(a, b, n * sizeof(*a)) == 0;
}

static curandGenerator_t generator(curandRngType_t type, unsigned long long seed, cudaStream_t s)
{
	curandGenerator_t g = NULL;

	if (curandCreateGenerator(&g, type) != CURAND_STATUS_SUCCESS ||
	    curandSetPseudoRandomGeneratorSeed(g, seed) != CURAND_STATUS_SUCCESS ||
	    curandSetStream(g, s) != CURAND_STATUS_SUCCESS)
		return NULL;
	return g;
}

TAP_TEST(uniform_graph_launched_twice)
{
	cudaStream_t s;
	curandGenerator_t g, ref;
	static float want[3 * N], got[3 * N];
	float *d;
	curandStatus_t st = CURAND_STATUS_INTERNAL_ERROR;
	int untouched = 1;

	cudaStreamCreate(&s);
	g = generator(CURAND_RNG_PSEUDO_XORWOW, 1234ULL, s);
	ref = generator(CURAND_RNG_PSEUDO_XORWOW, 1234ULL, NULL);
	tap_ok(g && ref && cudaMalloc((void **)&d, N * sizeof(float)) == cudaSuccess,
	       "generators, array");
	for (int i = 0; i < N; i++)
		d[i] = -1.0f;
	for (int k = 0; k < 3; k++)
		curandGenerateUniform(ref, want + k * N, N);

	struct uniform_call c = {g, d, N};
	cudaGraphExec_t exec = capture_one(s, uniform, &c, &st);

	for (int i = 0; i < N; i++)
		untouched &= d[i] == -1.0f;
	tap_ok(exec && st == CURAND_STATUS_SUCCESS,
	       "curandGenerateUniform while capturing: SUCCESS (%d), graph made", (int)st);
	tap_ok(untouched, "nothing written while capturing");
	for (int k = 0; k < 2; k++) {
		tap_ok(cudaGraphLaunch(exec, s) == cudaSuccess &&
			   cudaStreamSynchronize(s) == cudaSuccess &&
			   cudaMemcpy(got + k * N, d, N * sizeof(float), cudaMemcpyDeviceToHost) ==
			       cudaSuccess,
		       "launch %d", k + 1);
		tap_ok(same_floats(got + k * N, want + k * N, N),
		       "launch %d: the direct generator's numbers %d..%d", k + 1, k * N,
		       (k + 1) * N - 1);
	}
	tap_ok(curandGenerateUniform(g, d, N) == CURAND_STATUS_SUCCESS &&
		   same_floats(d, want + 2 * N, N),
	       "outside capture: at once, the numbers after the two launches");
	cudaGraphExecDestroy(exec);
	curandDestroyGenerator(g);
	curandDestroyGenerator(ref);
	cudaFree(d);
	cudaStreamDestroy(s);
}

/* every other generate call, Philox and MRG32k3a, recorded in one graph: the direct calls' numbers
 */
TAP_TEST(every_call_in_one_graph)
{
	enum { M = 64 };
	cudaStream_t s;
	cudaGraph_t graph = NULL;
	cudaGraphExec_t exec = NULL;
	static unsigned int w[2][M], p[2][M];
	static double u[2][M], nd[2][M], lnd[2][M];
	static float nf[2][M], lnf[2][M];
	curandStatus_t st[7];
	int ok = 1;

	cudaStreamCreate(&s);
	curandGenerator_t g = generator(CURAND_RNG_PSEUDO_PHILOX4_32_10, 42ULL, s);
	curandGenerator_t ref = generator(CURAND_RNG_PSEUDO_PHILOX4_32_10, 42ULL, NULL);
	curandGenerator_t m = generator(CURAND_RNG_PSEUDO_MRG32K3A, 7ULL, s);
	curandGenerator_t mref = generator(CURAND_RNG_PSEUDO_MRG32K3A, 7ULL, NULL);

	curandGenerate(ref, w[1], M);
	curandGenerateUniformDouble(ref, u[1], M);
	curandGenerateNormal(ref, nf[1], M, 1.5f, 0.25f);
	curandGenerateNormalDouble(ref, nd[1], M, -2.0, 3.0);
	curandGenerateLogNormal(mref, lnf[1], M, 0.5f, 0.125f);
	curandGenerateLogNormalDouble(mref, lnd[1], M, 0.25, 0.5);
	curandGeneratePoisson(mref, p[1], M, 7.5);

	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	st[0] = curandGenerate(g, w[0], M);
	st[1] = curandGenerateUniformDouble(g, u[0], M);
	st[2] = curandGenerateNormal(g, nf[0], M, 1.5f, 0.25f);
	st[3] = curandGenerateNormalDouble(g, nd[0], M, -2.0, 3.0);
	st[4] = curandGenerateLogNormal(m, lnf[0], M, 0.5f, 0.125f);
	st[5] = curandGenerateLogNormalDouble(m, lnd[0], M, 0.25, 0.5);
	st[6] = curandGeneratePoisson(m, p[0], M, 7.5);
	cudaStreamEndCapture(s, &graph);
	for (int i = 0; i < 7; i++)
		ok &= st[i] == CURAND_STATUS_SUCCESS;
	tap_ok(ok && graph, "seven generate calls captured: SUCCESS");
	ok = 1;
	for (int i = 0; i < M; i++)
		ok &= w[0][i] == 0 && u[0][i] == 0 && nf[0][i] == 0 && p[0][i] == 0;
	tap_ok(ok, "nothing written while capturing");
	tap_ok(cudaGraphInstantiate(&exec, graph, 0) == cudaSuccess &&
		   cudaGraphLaunch(exec, s) == cudaSuccess &&
		   cudaStreamSynchronize(s) == cudaSuccess,
	       "launched");
	tap_ok(!memcmp(w[0], w[1], sizeof(w[0])) && !memcmp(u[0], u[1], sizeof(u[0])) &&
		   !memcmp(nf[0], nf[1], sizeof(nf[0])) && !memcmp(nd[0], nd[1], sizeof(nd[0])),
	       "Philox: words, uniform doubles, normals, normal doubles as the direct calls, in "
	       "order");
	tap_ok(!memcmp(lnf[0], lnf[1], sizeof(lnf[0])) && !memcmp(lnd[0], lnd[1], sizeof(lnd[0])) &&
		   !memcmp(p[0], p[1], sizeof(p[0])),
	       "MRG32k3a: log-normals (float, double), Poisson(7.5) as the direct calls, in order");
	cudaGraphExecDestroy(exec);
	cudaGraphDestroy(graph);
	curandDestroyGenerator(g);
	curandDestroyGenerator(ref);
	curandDestroyGenerator(m);
	curandDestroyGenerator(mref);
	cudaStreamDestroy(s);
}

/* the stream's first operation: a slow host function that overwrites the array */
struct overwrite {
	float *d;
	int n;
};

static void CUDART_CB slow_overwrite(void *arg)
{
	struct overwrite *o = arg;
	struct timespec t = {0, 100 * 1000 * 1000};

	/* the wait only makes the defect show (the call ran before it); a correct library passes at
	 * any speed */
	nanosleep(&t, NULL);
	for (int i = 0; i < o->n; i++)
		o->d[i] = -1.0f;
}

/* a direct call after queued work on its stream comes after it (stream order) */
TAP_TEST(direct_calls_in_stream_order)
{
	cudaStream_t s;
	static float want[3 * N];
	float *d;
	curandStatus_t st = CURAND_STATUS_INTERNAL_ERROR;

	cudaStreamCreate(&s);
	curandGenerator_t g = generator(CURAND_RNG_PSEUDO_XORWOW, 99ULL, s);
	curandGenerator_t ref = generator(CURAND_RNG_PSEUDO_XORWOW, 99ULL, NULL);

	cudaMalloc((void **)&d, N * sizeof(float));
	for (int k = 0; k < 3; k++)
		curandGenerateUniform(ref, want + k * N, N);
	struct overwrite o = {d, N};

	cudaLaunchHostFunc(s, slow_overwrite, &o);
	tap_ok(curandGenerateUniform(g, d, N) == CURAND_STATUS_SUCCESS &&
		   cudaStreamSynchronize(s) == cudaSuccess && same_floats(d, want, N),
	       "a call after a host function on its stream: its numbers, not the function's -1s");

	struct uniform_call c = {g, d, N};
	cudaGraphExec_t exec = capture_one(s, uniform, &c, &st);
	static float next[N];

	tap_ok(exec && st == CURAND_STATUS_SUCCESS && cudaGraphLaunch(exec, s) == cudaSuccess &&
		   curandGenerateUniform(g, next, N) == CURAND_STATUS_SUCCESS &&
		   same_floats(d, want + N, N) && same_floats(next, want + 2 * N, N),
	       "a graph launched, then a direct call without a sync: the launch draws the second "
	       "n, the call the "
	       "third");
	cudaGraphExecDestroy(exec);
	curandDestroyGenerator(g);
	curandDestroyGenerator(ref);
	cudaFree(d);
	cudaStreamDestroy(s);
}

/* bad arguments: their status at capture, nothing recorded, the capture still valid */
TAP_TEST(bad_calls_while_capturing)
{
	cudaStream_t s;
	cudaGraph_t graph = NULL;
	enum cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
	size_t nodes = 99;
	static float f[8];
	static unsigned int p[8];
	curandGenerator_t g;

	cudaStreamCreate(&s);
	g = generator(CURAND_RNG_PSEUDO_XORWOW, 5ULL, s);
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	tap_ok(curandGenerateNormal(g, f, 7, 0, 1) == CURAND_STATUS_LENGTH_NOT_MULTIPLE,
	       "odd normal count: LENGTH_NOT_MULTIPLE");
	tap_ok(curandGeneratePoisson(g, p, 8, -1.0) == CURAND_STATUS_OUT_OF_RANGE,
	       "lambda -1: OUT_OF_RANGE");
	tap_ok(curandGenerateUniform(g, NULL, 8) == CURAND_STATUS_LAUNCH_FAILURE,
	       "NULL output: LAUNCH_FAILURE");
	tap_ok(cudaStreamIsCapturing(s, &cs) == cudaSuccess && cs == cudaStreamCaptureStatusActive,
	       "the capture is still active");
	int ended = cudaStreamEndCapture(s, &graph) == cudaSuccess && graph &&
		    cudaGraphGetNodes(graph, NULL, &nodes) == cudaSuccess;

	tap_ok(ended && nodes == 0, "ended: an empty graph (%zu nodes)", nodes);
	cudaGraphDestroy(graph);
	curandDestroyGenerator(g);
	cudaStreamDestroy(s);
}

/* calls the capture refuses: LAUNCH_FAILURE, nothing written, nothing recorded */
TAP_TEST(calls_the_capture_refuses)
{
	cudaStream_t s;
	cudaGraph_t graph = NULL;
	static float f[8];
	int untouched = 1;

	cudaStreamCreate(&s);
	curandGenerator_t g = generator(CURAND_RNG_PSEUDO_XORWOW, 5ULL, s);
	curandGenerator_t legacy = generator(CURAND_RNG_PSEUDO_XORWOW, 5ULL, NULL);

	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	tap_ok(curandGenerateUniform(legacy, f, 8) == CURAND_STATUS_LAUNCH_FAILURE,
	       "the legacy stream while another stream is captured (global mode): LAUNCH_FAILURE");
	cudaStreamSynchronize(s); /* not allowed while capturing: the capture is invalidated */
	tap_ok(curandGenerateUniform(g, f, 8) == CURAND_STATUS_LAUNCH_FAILURE,
	       "an invalidated capture: LAUNCH_FAILURE");
	for (int i = 0; i < 8; i++)
		untouched &= f[i] == 0;
	tap_ok(untouched && cudaStreamEndCapture(s, &graph) == cudaErrorStreamCaptureInvalidated &&
		   !graph,
	       "nothing written; the capture ends invalidated");
	cudaGetLastError();
	tap_ok(curandGenerateUniform(g, f, 8) == CURAND_STATUS_SUCCESS && f[0] != 0,
	       "after the capture the generator runs again");
	curandDestroyGenerator(g);
	curandDestroyGenerator(legacy);
	cudaStreamDestroy(s);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
