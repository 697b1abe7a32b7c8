// SPDX-License-Identifier: MIT
/*
 * capture.c - stream capture: between cudaStreamBeginCapture and
 * cudaStreamEndCapture, what a program queues in the stream (kernels,
 * copies, sets, host functions) becomes nodes of a graph instead of
 * running, each depending on the stream's "tail" (the nodes queued before
 * it).  An event recorded in a capturing stream remembers that tail; a
 * stream that waits for such an event joins the capture (fork), and the
 * origin stream waiting for an event of a forked stream takes its tail
 * (join), as in CUDA.  Calls that would wait for captured work (a
 * synchronization of the stream, the legacy stream's implicit
 * synchronization with a capturing blocking stream) invalidate the
 * capture with CUDA's errors; cudaStreamEndCapture then says so.  All of
 * it is under the context's lock.
 */
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

/*
 * The capture mode of the calling thread (cudaThreadExchangeStreamCaptureMode).
 * Per thread by CUDA's definition, so thread-local rather than file-scope
 * shared state; nothing else here depends on it (the runtime enforces no
 * "unsafe call" rule beyond the errors named above).
 */
static _Thread_local enum cudaStreamCaptureMode thread_mode = cudaStreamCaptureModeGlobal;

static cudaError_t tail_copy(struct cudart_nodes *to, const struct cudart_nodes *from)
{
	to->n = 0;
	for (size_t i = 0; i < from->n; i++)
		if (cudart_nodes_add(to, from->v[i]))
			return cudaErrorMemoryAllocation;
	return cudaSuccess;
}

static cudaError_t tail_set(struct cudart_nodes *to, const cudaGraphNode_t *v, size_t n, bool add)
{
	if (!add)
		to->n = 0;
	for (size_t i = 0; i < n; i++) {
		bool have = false;

		for (size_t j = 0; j < to->n; j++)
			have |= to->v[j] == v[i];
		if (!have && cudart_nodes_add(to, v[i]))
			return cudaErrorMemoryAllocation;
	}
	return cudaSuccess;
}

static void invalidate(struct cudart_capture *cap)
{
	cap->status = cudaStreamCaptureStatusInvalidated;
}

/* Ends the capture on every stream and event it reached; frees cap. */
static void capture_end(struct cudart_ctx *c, struct cudart_capture *cap)
{
	for (struct CUstream_st *t = c->streams; t; t = t->next) {
		if (t->cap != cap)
			continue;
		t->cap = NULL;
		cudart_nodes_free(&t->cap_tail);
	}
	for (size_t i = 0; i < cap->nevents; i++) {
		struct CUevent_st *ev = cap->events[i];

		if (ev->cap == cap) {
			ev->cap = NULL;
			cudart_nodes_free(&ev->cap_tail);
		}
		cudart_event_put(c, ev);
	}
	free(cap->events);
	free(cap);
}

/* Is the forked stream t's tail joined back (a node, or the origin's tail, depends on each of its nodes)? */
static bool stream_joined(const struct cudart_capture *cap, const struct CUstream_st *t)
{
	const struct cudart_nodes *all = &cap->graph->nodes;

	for (size_t i = 0; i < t->cap_tail.n; i++) {
		bool has_dependent = false;

		for (size_t j = 0; j < all->n && !has_dependent; j++)
			for (size_t k = 0; k < all->v[j]->deps.n; k++)
				has_dependent |= all->v[j]->deps.v[k] == t->cap_tail.v[i];
		for (size_t k = 0; k < cap->origin->cap_tail.n; k++)
			has_dependent |= cap->origin->cap_tail.v[k] == t->cap_tail.v[i];
		if (!has_dependent)
			return false;
	}
	return true;
}

/* Is every forked stream's tail joined back? */
static bool joined(const struct cudart_ctx *c, const struct cudart_capture *cap)
{
	for (const struct CUstream_st *t = c->streams; t; t = t->next)
		if (t->cap == cap && t != cap->origin && !stream_joined(cap, t))
			return false;
	return true;
}

static cudaError_t begin(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t *deps,
			 size_t ndeps, enum cudaStreamCaptureMode mode)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_capture *cap;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if ((unsigned int)mode > cudaStreamCaptureModeRelaxed || (ndeps && !deps))
		return cudart_set_error(cudaErrorInvalidValue);
	/* the default streams have no queue to divert (README: capture) */
	if (cudart_stream_is_default(stream))
		return cudart_set_error(cudaErrorStreamCaptureUnsupported);
	cap = calloc(1, sizeof(*cap));
	if (!cap)
		return cudart_set_error(cudaErrorMemoryAllocation);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err && stream->cap)
		err = cudaErrorIllegalState;
	if (!err && !graph) {
		err = cudaGraphCreate(&graph, 0);
		cap->own_graph = true;
	}
	if (!err)
		err = tail_set(&stream->cap_tail, deps, ndeps, false);
	if (err) {
		if (cap->own_graph && graph)
			cudart_graph_free(graph);
		pthread_mutex_unlock(&c->lock);
		free(cap);
		return cudart_set_error(err);
	}
	cap->graph = graph;
	cap->origin = stream;
	cap->status = cudaStreamCaptureStatusActive;
	cap->mode = mode;
	cap->id = ++c->capture_ids;
	cap->thread = pthread_self();
	cap->streams = 1;
	stream->cap = cap;
	pthread_mutex_unlock(&c->lock);
	return cudaSuccess;
}

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode)
{
	return begin(stream, NULL, NULL, 0, mode);
}

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
					  const cudaGraphNode_t *dependencies,
					  const cudaGraphEdgeData *dependencyData,
					  size_t numDependencies, enum cudaStreamCaptureMode mode)
{
	for (size_t i = 0; dependencyData && i < numDependencies; i++)
		if (dependencyData[i].from_port || dependencyData[i].to_port || dependencyData[i].type)
			return cudart_set_error(cudaErrorInvalidValue);
	if (!graph)
		return cudart_set_error(cudaErrorInvalidValue);
	return begin(stream, graph, dependencies, numDependencies, mode);
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_capture *cap;
	cudaError_t err;
	cudaGraph_t graph;
	bool own;

	if (cudart_stream_is_default(stream))
		return cudart_set_error(cudaErrorIllegalState);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	cap = err ? NULL : stream->cap;
	if (!err && !cap)
		err = cudaErrorIllegalState;
	else if (!err && cap->origin != stream)
		err = cudaErrorStreamCaptureUnmatched;
	else if (!err && cap->mode != cudaStreamCaptureModeRelaxed &&
		 !pthread_equal(cap->thread, pthread_self()))
		err = cudaErrorStreamCaptureWrongThread;
	/* the graph of a capture into the caller's graph is the caller's: no need to ask for it */
	if (!err && !pGraph && cap->own_graph)
		err = cudaErrorInvalidValue;
	if (err) {
		pthread_mutex_unlock(&c->lock);
		return cudart_set_error(err);
	}
	if (cap->status == cudaStreamCaptureStatusInvalidated)
		err = cudaErrorStreamCaptureInvalidated;
	else if (!joined(c, cap))
		err = cudaErrorStreamCaptureUnjoined;
	graph = cap->graph;
	own = cap->own_graph;
	capture_end(c, cap);
	pthread_mutex_unlock(&c->lock);
	if (err && own)
		cudart_graph_free(graph);
	if (pGraph)
		*pGraph = err ? NULL : graph;
	return cudart_set_error(err);
}

/* The legacy stream while a blocking stream captures: CUDA's implicit-synchronization error. */
static bool blocking_capture(const struct cudart_ctx *c)
{
	for (const struct CUstream_st *t = c->streams; t; t = t->next)
		if (t->cap && !(t->flags & cudaStreamNonBlocking))
			return true;
	return false;
}

cudaError_t cudart_capture_implicit(struct cudart_ctx *c)
{
	if (!blocking_capture(c))
		return cudaSuccess;
	for (struct CUstream_st *t = c->streams; t; t = t->next)
		if (t->cap && !(t->flags & cudaStreamNonBlocking))
			invalidate(t->cap);
	return cudaErrorStreamCaptureImplicit;
}

cudaError_t cudart_capture_forbid(struct CUstream_st *s)
{
	invalidate(s->cap);
	return cudaErrorStreamCaptureUnsupported;
}

void cudart_capture_stream_gone(struct cudart_ctx *c, struct CUstream_st *s)
{
	struct cudart_capture *cap = s->cap;

	if (!cap)
		return;
	/*
	 * A forked stream whose work is joined back may go (CUDA's
	 * graphMemoryNodes sample destroys its second stream before the end);
	 * one with work nobody waits for, or the origin, invalidates the capture.
	 */
	if (cap->origin == s || !stream_joined(cap, s))
		invalidate(cap);
	if (cap->origin == s) {		/* nobody can end it now */
		cudaGraph_t graph = cap->graph;
		bool own = cap->own_graph;

		capture_end(c, cap);
		if (own)
			cudart_graph_free(graph);
		return;
	}
	s->cap = NULL;
	cap->streams--;
	cudart_nodes_free(&s->cap_tail);
}

/* cudaDeviceReset: every capture ends, its own graph freed (lock held). */
void cudart_capture_reset(struct cudart_ctx *c)
{
	for (struct CUstream_st *t = c->streams; t; t = t->next)
		if (t->cap)
			cudart_capture_stream_gone(c, t);
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus)
{
	return cudaStreamGetCaptureInfo(stream, pCaptureStatus, NULL, NULL, NULL, NULL);
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
				     unsigned long long *id_out, cudaGraph_t *graph_out,
				     const cudaGraphNode_t **dependencies_out, size_t *numDependencies_out)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_capture *cap = NULL;
	cudaError_t err;

	if (!captureStatus_out)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err && (stream == NULL || stream == cudaStreamLegacy) && blocking_capture(c))
		err = cudaErrorStreamCaptureImplicit;
	if (!err && !cudart_stream_is_default(stream))
		cap = stream->cap;
	if (!err) {
		*captureStatus_out = cap ? cap->status : cudaStreamCaptureStatusNone;
		if (cap && cap->status == cudaStreamCaptureStatusActive) {
			if (id_out)
				*id_out = cap->id;
			if (graph_out)
				*graph_out = cap->graph;
			if (dependencies_out)
				*dependencies_out = stream->cap_tail.v;
			if (numDependencies_out)
				*numDependencies_out = stream->cap_tail.n;
		}
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
						size_t numDependencies, unsigned int flags)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	if (flags > cudaStreamSetCaptureDependencies || (numDependencies && !dependencies))
		return cudart_set_error(cudaErrorInvalidValue);
	if (cudart_stream_is_default(stream))
		return cudart_set_error(cudaErrorIllegalState);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err && (!stream->cap || stream->cap->status != cudaStreamCaptureStatusActive))
		err = cudaErrorIllegalState;
	for (size_t i = 0; !err && i < numDependencies; i++)
		if (!dependencies[i] || dependencies[i]->graph != stream->cap->graph)
			err = cudaErrorInvalidValue;
	if (!err)
		err = tail_set(&stream->cap_tail, dependencies, numDependencies,
			       flags == cudaStreamAddCaptureDependencies);
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode)
{
	enum cudaStreamCaptureMode old;

	if (!mode || (unsigned int)*mode > cudaStreamCaptureModeRelaxed)
		return cudart_set_error(cudaErrorInvalidValue);
	old = thread_mode;
	thread_mode = *mode;
	*mode = old;
	return cudaSuccess;
}

static enum cudaGraphNodeType node_type(const struct cudart_op *op)
{
	switch (op->kind) {
	case CUDART_OP_KERNEL:
		return cudaGraphNodeTypeKernel;
	case CUDART_OP_COPY:
		return cudaGraphNodeTypeMemcpy;
	case CUDART_OP_SET:
		return cudaGraphNodeTypeMemset;
	default:
		return cudaGraphNodeTypeHost;
	}
}

static cudaError_t capture_as(struct cudart_ctx *c, struct CUstream_st *s, enum cudaGraphNodeType type,
			      struct cudart_op *op);

cudaError_t cudart_capture_op(struct cudart_ctx *c, struct CUstream_st *s, struct cudart_op *op)
{
	return capture_as(c, s, node_type(op), op);
}

cudaError_t cudart_capture_node(cudaStream_t stream, enum cudaGraphNodeType type, struct cudart_op *op)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err && (cudart_stream_is_default(stream) || !stream->cap))
		err = cudaErrorStreamCaptureInvalidated;	/* its capture ended meanwhile */
	if (!err)
		err = capture_as(c, stream, type, op);
	else
		cudart_op_release(c, op);
	pthread_mutex_unlock(&c->lock);
	return err;
}

static cudaError_t capture_as(struct cudart_ctx *c, struct CUstream_st *s, enum cudaGraphNodeType type,
			      struct cudart_op *op)
{
	struct cudart_capture *cap = s->cap;
	cudaGraphNode_t node;
	cudaError_t err;

	if (cap->status != cudaStreamCaptureStatusActive) {
		err = cudaErrorStreamCaptureInvalidated;
	} else if (op->kind == CUDART_OP_HOSTFN && op->u.host.cb) {
		invalidate(cap);	/* cudaStreamAddCallback: not capturable in CUDA */
		err = cudaErrorStreamCaptureUnsupported;
	} else {
		if (op->kind == CUDART_OP_KERNEL && !op->owned)
			op->u.kern.args = NULL;	/* no arguments (else a copy is owned) */
		err = cudart_graph_add_op(cap->graph, &s->cap_tail, type, op, &node);
		if (!err) {
			s->cap_tail.n = 0;
			err = cudart_nodes_add(&s->cap_tail, node);
			return err;	/* the node owns op's memory now */
		}
		invalidate(cap);
	}
	cudart_op_release(c, op);
	return err;
}

cudaError_t cudart_capture_record(struct cudart_ctx *c, struct CUevent_st *ev, struct CUstream_st *s)
{
	struct cudart_capture *cap = s->cap;
	struct CUevent_st **evs;
	bool listed = false;

	(void)c;
	if (cap->status != cudaStreamCaptureStatusActive)
		return cudaErrorStreamCaptureInvalidated;
	for (size_t i = 0; i < cap->nevents; i++)
		listed |= cap->events[i] == ev;
	if (!listed) {
		evs = realloc(cap->events, (cap->nevents + 1) * sizeof(*evs));
		if (!evs)
			return cudaErrorMemoryAllocation;
		cap->events = evs;
		evs[cap->nevents++] = ev;
		ev->refs++;
	}
	ev->cap = cap;
	return tail_copy(&ev->cap_tail, &s->cap_tail);
}

cudaError_t cudart_capture_wait(struct cudart_ctx *c, struct CUstream_st *s, struct CUevent_st *ev)
{
	struct cudart_capture *cap = ev->cap;

	(void)c;
	if (!cap) {			/* a capturing stream waits for outside work */
		invalidate(s->cap);
		return cudaErrorStreamCaptureIsolation;
	}
	if (cap->status != cudaStreamCaptureStatusActive)
		return cudaErrorStreamCaptureInvalidated;
	if (s->cap && s->cap != cap) {
		invalidate(s->cap);
		invalidate(cap);
		return cudaErrorStreamCaptureMerge;
	}
	if (!s->cap) {			/* fork: s joins the capture */
		s->cap = cap;
		cap->streams++;
		return tail_copy(&s->cap_tail, &ev->cap_tail);
	}
	return tail_set(&s->cap_tail, ev->cap_tail.v, ev->cap_tail.n, true);	/* join */
}
