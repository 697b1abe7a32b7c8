// SPDX-License-Identifier: MIT
/*
 * lib/cufft: executions on a stream that is being captured into a graph
 * (cudaStreamBeginCapture).  An execution normally waits for its stream
 * and runs at once; while the stream is captured nothing may wait for it,
 * and the transform must run each time the graph does.  So the execution
 * becomes a host-function node of the graph (cudaLaunchHostFunc on the
 * captured stream): its arrays and direction are kept in a record the plan
 * owns until cufftDestroy, and each run of the graph transforms the arrays
 * as they are then (with the plan's callbacks, if any), in stream order
 * with the graph's other nodes.  As with cuFFT, a plan must outlive the
 * graphs that use it.
 */
#include <stdlib.h>
#include "cufft_internal.h"

struct cufft_captured {
	struct cufft_captured *next; /* the plan's list */
	struct cufft_plan *plan;
	void *in, *out;
	int sign;
};

/* A graph's run of a captured execution (on the graph's thread). */
static void CUDART_CB run_captured(void *arg)
{
	struct cufft_captured *c = arg;

	if (c->plan->cb.load || c->plan->cb.store)
		cufft_run_callbacks(c->plan, c->in, c->out, c->sign);
	else
		cufft_run(c->plan, c->in, c->out, c->sign);
}

bool cufft_capturing(const struct cufft_plan *p)
{
	enum cudaStreamCaptureStatus s = cudaStreamCaptureStatusNone;

	return p->stream && cudaStreamIsCapturing(p->stream, &s) == cudaSuccess &&
	       s != cudaStreamCaptureStatusNone;
}

cufftResult cufft_capture(struct cufft_plan *p, void *in, void *out, int sign)
{
	struct cufft_captured *c = malloc(sizeof(*c));

	if (!c)
		return CUFFT_ALLOC_FAILED;
	*c = (struct cufft_captured){p->captured, p, in, out, sign};
	if (cudaLaunchHostFunc(p->stream, run_captured, c) != cudaSuccess) {
		free(c); /* a capture invalidated, or of another mode */
		return CUFFT_EXEC_FAILED;
	}
	p->captured = c;
	return CUFFT_SUCCESS;
}

void cufft_captured_free(struct cufft_plan *p)
{
	while (p->captured) {
		struct cufft_captured *c = p->captured;

		p->captured = c->next;
		free(c);
	}
}
