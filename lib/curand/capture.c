/* SPDX-License-Identifier: MIT */
/*
 * cuRAND host API: curandGenerate* on a stream that is being captured into
 * a graph (cudaStreamBeginCapture).  A call normally runs at once; under
 * capture that would write the numbers once, at capture time, where CUDA
 * writes fresh ones at each launch of the graph.  So the call becomes a
 * host-function node of the graph (cudaLaunchHostFunc on the captured
 * stream) holding the generator and the call's arguments: each launch
 * draws n numbers from the generator's offset at that time and advances
 * it, as each launch of CUDA's recorded kernel does (two launches give
 * the same numbers as two direct calls).  The records are the generator's
 * until curandDestroyGenerator: a generator must outlive its graphs.
 */
#include <stdlib.h>

#include "curand_internal.h"

/*
 * Weak references to the runtime: lib/curand's own tests, and C programs
 * that only draw numbers, link this archive without libidxgen_cudart.a;
 * such a program has no stream to capture, and the references are NULL.
 * Programs built by idxgen-cc always link the runtime (one object, pulled
 * in by the program's own calls), and then these resolve to it.
 */
#pragma weak cudaStreamIsCapturing
#pragma weak cudaLaunchHostFunc
#pragma weak cudaStreamSynchronize

struct idxgen_curand_captured {
	struct idxgen_curand_captured *next; /* the generator's list */
	curandGenerator_t g;
	struct idxgen_curand_call call;
};

/* A graph's run of a recorded call (on the graph's thread); its arguments were checked at capture.
 */
static void CUDART_CB run_captured(void *arg)
{
	struct idxgen_curand_captured *c = arg;

	(void)idxgen_curand_run(c->g, &c->call);
}

enum idxgen_curand_stream idxgen_curand_capturing(curandGenerator_t g)
{
	enum cudaStreamCaptureStatus s = cudaStreamCaptureStatusNone;

	if (!cudaStreamIsCapturing)
		return CURAND_STREAM_RUNS; /* no runtime linked */
	if (cudaStreamIsCapturing(g->stream, &s) != cudaSuccess)
		return CURAND_STREAM_REFUSED;
	return s == cudaStreamCaptureStatusNone ? CURAND_STREAM_RUNS : CURAND_STREAM_CAPTURING;
}

/*
 * A call that runs at once first waits for the work queued on its stream
 * (kernels, copies, launches of graphs holding this generator's calls: a
 * created stream runs them on its own thread), so that it comes after them
 * in stream order, as cuFFT's and cuBLAS's calls do here.
 */
curandStatus_t idxgen_curand_wait(curandGenerator_t g)
{
	if (!cudaStreamSynchronize)
		return CURAND_STATUS_SUCCESS; /* no runtime linked: no stream work */
	return cudaStreamSynchronize(g->stream) == cudaSuccess ? CURAND_STATUS_SUCCESS
							       : CURAND_STATUS_LAUNCH_FAILURE;
}

curandStatus_t idxgen_curand_capture(curandGenerator_t g, const struct idxgen_curand_call *call)
{
	struct idxgen_curand_captured *c = malloc(sizeof(*c));

	if (!c)
		return CURAND_STATUS_ALLOCATION_FAILED;
	*c = (struct idxgen_curand_captured){g->captured, g, *call};
	if (!cudaLaunchHostFunc || cudaLaunchHostFunc(g->stream, run_captured, c) != cudaSuccess) {
		free(c); /* an invalidated capture: nothing recorded, nothing written */
		return CURAND_STATUS_LAUNCH_FAILURE;
	}
	g->captured = c;
	return CURAND_STATUS_SUCCESS;
}

void idxgen_curand_captured_free(curandGenerator_t g)
{
	while (g->captured) {
		struct idxgen_curand_captured *c = g->captured;

		g->captured = c->next;
		free(c);
	}
}
