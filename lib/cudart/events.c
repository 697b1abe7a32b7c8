// SPDX-License-Identifier: MIT
/*
 * events.c - CUDA events: markers recorded into a stream's order.  Each
 * cudaEventRecord starts a new generation; the event is complete when the
 * record operation of its newest generation has run (in its stream's
 * order), and remembers when (CLOCK_MONOTONIC) for cudaEventElapsedTime.
 * Events are reference-counted: queued records and waits keep a destroyed
 * event alive until they ran, as CUDA allows destroying it early.
 */
#define _GNU_SOURCE
#include <search.h>
#include <stdlib.h>

#include "cudart.h"

static int ev_cmp(const void *a, const void *b)
{
	return (uintptr_t)a < (uintptr_t)b ? -1 : (uintptr_t)a > (uintptr_t)b;
}

/* Is ev a live event of this context?  (lock held) */
static cudaError_t ev_check(struct cudart_ctx *c, cudaEvent_t ev)
{
	if (!ev || !tfind(ev, &c->events, ev_cmp))
		return cudaErrorInvalidResourceHandle;
	return cudaSuccess;
}

void cudart_event_put(struct cudart_ctx *c, struct CUevent_st *ev)
{
	(void)c;
	if (--ev->refs == 0) {
		cudart_nodes_free(&ev->cap_tail);
		free(ev->pending);
		free(ev);
	}
}

/* Has the record of generation gen run?  (lock held) */
bool cudart_event_ran(const struct CUevent_st *ev, uint64_t gen)
{
	unsigned int i;

	for (i = 0; i < ev->npending; i++)
		if (ev->pending[i] == gen)
			return false;
	return true;
}

/* Generation gen recorded: not run until cudart_event_done.  (lock held) */
static cudaError_t pending_add(struct CUevent_st *ev, uint64_t gen)
{
	if (ev->npending == ev->pending_cap) {
		unsigned int cap = ev->pending_cap ? 2 * ev->pending_cap : 4;
		uint64_t *p = realloc(ev->pending, cap * sizeof(*p));

		if (!p)
			return cudaErrorMemoryAllocation;
		ev->pending = p;
		ev->pending_cap = cap;
	}
	ev->pending[ev->npending++] = gen;
	return cudaSuccess;
}

/* Generation gen will not run (or ran): nobody waits for it.  (lock held) */
void cudart_event_forget(struct CUevent_st *ev, uint64_t gen)
{
	unsigned int i;

	for (i = 0; i < ev->npending; i++) {
		if (ev->pending[i] == gen) {
			ev->pending[i] = ev->pending[--ev->npending];
			return;
		}
	}
}

void cudart_event_done(struct cudart_ctx *c, struct CUevent_st *ev, uint64_t gen)
{
	uint64_t t = cudart_now_ns();

	pthread_mutex_lock(&c->lock);
	cudart_event_forget(ev, gen);
	if (gen > ev->gen_done) {
		ev->gen_done = gen;
		ev->time_ns = t;
	}
	cudart_wake(c);
	pthread_mutex_unlock(&c->lock);
}

static void drop_handle(void *node)
{
	struct CUevent_st *ev = node;

	ev->destroyed = true;
	cudart_event_put(cudart_ctx(), ev);
}

void cudart_events_free(struct cudart_ctx *c)
{
	tdestroy(c->events, drop_handle);
	c->events = NULL;
	c->ctx_wait = NULL;	/* cuCtxWaitEvent's mark went with them */
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
	struct cudart_ctx *c = cudart_ctx();
	struct CUevent_st *ev;
	void *node;

	CUDART_STICKY_RETURN();
	if (!event ||
	    (flags & ~(cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess)))
		return cudart_set_error(cudaErrorInvalidValue);
	ev = calloc(1, sizeof(*ev));
	if (!ev)
		return cudart_set_error(cudaErrorMemoryAllocation);
	ev->flags = flags;
	ev->refs = 1;
	pthread_mutex_lock(&c->lock);
	node = tsearch(ev, &c->events, ev_cmp);
	pthread_mutex_unlock(&c->lock);
	if (!node) {
		free(ev);
		return cudart_set_error(cudaErrorMemoryAllocation);
	}
	*event = ev;
	return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
	return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	pthread_mutex_lock(&c->lock);
	err = ev_check(c, event);
	if (!err) {
		tdelete(event, &c->events, ev_cmp);
		drop_handle(event);
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_op op = { .kind = CUDART_OP_RECORD };
	cudaError_t err;

	CUDART_STICKY_RETURN();
	pthread_mutex_lock(&c->lock);
	err = ev_check(c, event);
	if (!err)
		err = cudart_stream_check(c, stream);
	if (!err && !cudart_stream_is_default(stream) && stream->cap) {
		err = cudart_capture_record(c, event, stream);	/* no operation: a capture mark */
		pthread_mutex_unlock(&c->lock);
		return cudart_set_error(err);
	}
	if (!err)
		err = pending_add(event, event->gen_recorded + 1);
	if (!err && event->cap) {
		event->cap = NULL;	/* recorded again outside: an ordinary event */
		cudart_nodes_free(&event->cap_tail);
	}
	if (!err) {
		op.u.event.ev = event;
		op.u.event.gen = ++event->gen_recorded;
		event->refs++;
	}
	pthread_mutex_unlock(&c->lock);
	if (err)
		return cudart_set_error(err);
	return cudart_set_error(cudart_submit(stream, &op));
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	CUDART_STICKY_RETURN();
	pthread_mutex_lock(&c->lock);
	err = ev_check(c, event);
	if (!err && event->cap)
		err = cudaErrorCapturedEvent;
	if (!err && event->gen_done < event->gen_recorded)
		err = cudaErrorNotReady;
	pthread_mutex_unlock(&c->lock);
	return err == cudaErrorNotReady ? err : cudart_set_error(err);
}

/* A never-recorded event is complete, as in CUDA. */
cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	pthread_mutex_lock(&c->lock);
	err = ev_check(c, event);
	if (!err && event->cap)
		err = cudaErrorCapturedEvent;
	if (!err) {
		uint64_t gen = event->gen_recorded;

		while (event->gen_done < gen && !c->sticky)
			cudart_wait(c);
		err = (cudaError_t)c->sticky;
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!ms)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = ev_check(c, start);
	if (!err)
		err = ev_check(c, end);
	if (!err && ((start->flags | end->flags) & cudaEventDisableTiming))
		err = cudaErrorInvalidResourceHandle;
	else if (!err && (!start->gen_recorded || !end->gen_recorded))
		err = cudaErrorInvalidResourceHandle;
	else if (!err && (start->gen_done < start->gen_recorded ||
			  end->gen_done < end->gen_recorded))
		err = cudaErrorNotReady;
	else if (!err)
		*ms = (float)((double)((int64_t)(end->time_ns - start->time_ns)) / 1e6);
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudart_enqueue_wait(struct CUstream_st *s, struct CUevent_st *event, uint64_t gen)
{
	struct cudart_op *op = calloc(1, sizeof(*op));

	if (!op)
		return cudaErrorMemoryAllocation;
	op->kind = CUDART_OP_WAIT;
	op->u.event.ev = event;
	op->u.event.gen = gen;
	event->refs++;
	cudart_enqueue(s, op);
	return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (flags & ~cudaEventWaitExternal)	/* external: as any wait outside a graph */
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = ev_check(c, event);
	if (!err)
		err = cudart_stream_check(c, stream);
	if (!err && cudart_stream_is_default(stream) && event->cap) {
		err = cudaErrorStreamCaptureImplicit;	/* a default stream cannot join a capture */
	} else if (!err && (event->cap || (!cudart_stream_is_default(stream) && stream->cap))) {
		err = cudart_capture_wait(c, stream, event);
	} else if (!err && event->gen_recorded && cudart_stream_is_default(stream)) {
		/* the default stream runs in the caller: wait here */
		uint64_t gen = event->gen_recorded;

		while (!cudart_event_ran(event, gen) && !c->sticky)
			cudart_wait(c);
	} else if (!err && event->gen_recorded) {
		err = cudart_enqueue_wait(stream, event, event->gen_recorded);
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}
