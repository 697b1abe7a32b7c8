// SPDX-License-Identifier: MIT
/*
 * streams.c - CUDA streams: in-order queues of operations (kernels,
 * copies, sets, event records and waits, host functions).
 *
 * Each created stream has an executor thread that runs its operations one
 * after the other (a kernel through the SPMD runtime's synchronous launch:
 * the executor helps the worker pool run the blocks), so two streams run
 * concurrently and the host goes on while they work.  The legacy default
 * stream (0, cudaStreamLegacy) has no queue: its operations run in the
 * calling thread, after every BLOCKING stream (created without
 * cudaStreamNonBlocking) has drained, and blocking streams do not start an
 * operation while one runs: CUDA's legacy default-stream semantics, with
 * "asynchronous" default-stream work completing before the call returns
 * (allowed: CUDA promises no overlap).  cudaStreamPerThread runs in the
 * calling thread too, without that synchronisation.
 */
#define _GNU_SOURCE	/* pthread_setname_np */
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

/*
 * Waiting: a stream's executor with nothing queued sleeps on the stream's
 * own condition (woken by an enqueue or the stream's destruction); every
 * other wait (a synchronisation, an executor held back by the default
 * stream or an event) is on the context's condition, which is broadcast
 * at a change only when someone waits on it, so the common path (default
 * stream, no waiter) wakes nobody.
 */
void cudart_wait(struct cudart_ctx *c)
{
	c->waiters++;
	pthread_cond_wait(&c->cond, &c->lock);
	c->waiters--;
}

void cudart_wake(struct cudart_ctx *c)
{
	if (c->waiters)
		pthread_cond_broadcast(&c->cond);
}

static bool blocking(const struct CUstream_st *s)
{
	return !(s->flags & cudaStreamNonBlocking);
}

static bool idle(const struct CUstream_st *s)
{
	return s->completed == s->enqueued;
}

bool cudart_stream_is_default(cudaStream_t s)
{
	return s == NULL || s == cudaStreamLegacy || s == cudaStreamPerThread;
}

cudaError_t cudart_stream_check(struct cudart_ctx *c, cudaStream_t s)
{
	if (cudart_stream_is_default(s))
		return cudaSuccess;
	for (struct CUstream_st *t = c->streams; t; t = t->next)
		if (t == s)
			return t->stop ? cudaErrorInvalidResourceHandle : cudaSuccess;
	return cudaErrorInvalidResourceHandle;
}

cudaStream_t *cudart_streams_now(struct cudart_ctx *c, size_t *n, bool *capturing)
{
	cudaStream_t *all;
	size_t k = 0;

	pthread_mutex_lock(&c->lock);
	*capturing = false;
	for (struct CUstream_st *t = c->streams; t; t = t->next)
		k++;
	all = malloc((k ? k : 1) * sizeof(*all));
	k = 0;
	for (struct CUstream_st *t = c->streams; all && t; t = t->next) {
		if (t->stop)
			continue;
		*capturing |= t->cap != NULL;
		all[k++] = t;
	}
	pthread_mutex_unlock(&c->lock);
	*n = k;
	return all;
}

/* After a sticky error nothing runs, but records and waits still pass so
 * that no queue waits forever for an event that would never come. */
static bool op_ready(struct cudart_ctx *c, const struct CUstream_st *s, const struct cudart_op *op)
{
	if (c->sticky)
		return true;
	if (blocking(s) && c->default_running)
		return false;
	return op->kind != CUDART_OP_WAIT || cudart_event_ran(op->u.event.ev, op->u.event.gen);
}

/* A copy of rows x depth rows of n bytes (a 1-D copy: one row). */
static void copy_strided(const struct cudart_op_copy *cp)
{
	size_t rows = cp->rows ? cp->rows : 1, depth = cp->depth ? cp->depth : 1;

	for (size_t z = 0; z < depth; z++)
		for (size_t y = 0; y < rows; y++)
			memmove((char *)cp->dst + z * cp->dslice + y * cp->dpitch,
				(const char *)cp->src + z * cp->sslice + y * cp->spitch, cp->n);
}

/* rows of n elements of 1, 2 or 4 bytes set to value (cudaMemsetParams). */
static void set_strided(const struct cudart_op_set *st)
{
	size_t rows = st->rows ? st->rows : 1;

	for (size_t y = 0; y < rows; y++) {
		char *row = (char *)st->dst + y * st->pitch;

		if (st->elem <= 1) {
			memset(row, (int)st->value, st->n);
		} else if (st->elem == 2) {
			uint16_t v = (uint16_t)st->value;

			for (size_t i = 0; i < st->n; i++)
				memcpy(row + 2 * i, &v, 2);
		} else {
			uint32_t v = st->value;

			for (size_t i = 0; i < st->n; i++)
				memcpy(row + 4 * i, &v, 4);
		}
	}
}

cudaError_t cudart_execute(struct cudart_ctx *c, struct cudart_op *op)
{
	cudaError_t sticky = cudart_sticky();

	if (op->kind == CUDART_OP_RECORD) {
		cudart_event_done(c, op->u.event.ev, op->u.event.gen);
		return sticky;
	}
	if (sticky)
		return sticky;
	switch (op->kind) {
	case CUDART_OP_KERNEL:
		return op->u.kern.run(c, op);
	case CUDART_OP_COPY:
		copy_strided(&op->u.copy);
		break;
	case CUDART_OP_SET:
		set_strided(&op->u.set);
		break;
	case CUDART_OP_HOSTFN:
		if (op->u.host.cb)
			op->u.host.cb(op->u.host.stream, cudaSuccess, op->u.host.arg);
		else
			op->u.host.fn(op->u.host.arg);
		break;
	default:
		break;
	}
	return cudaSuccess;
}

void cudart_op_release(struct cudart_ctx *c, struct cudart_op *op)
{
	/* a record that never ran (refused on submission) waits for nobody */
	if (op->kind == CUDART_OP_RECORD)
		cudart_event_forget(op->u.event.ev, op->u.event.gen);
	if (op->kind == CUDART_OP_RECORD || op->kind == CUDART_OP_WAIT)
		cudart_event_put(c, op->u.event.ev);
	free(op->owned);
}

static void unlink_stream(struct cudart_ctx *c, struct CUstream_st *s)
{
	struct CUstream_st **pp = &c->streams;

	while (*pp != s)
		pp = &(*pp)->next;
	*pp = s->next;
}

static void *executor(void *arg)
{
	struct CUstream_st *s = arg;
	struct cudart_ctx *c = cudart_ctx();

	/* a name for debuggers and top, and for tests/cudart/quiesce.h, which
	 * waits for these threads to stop */
	pthread_setname_np(pthread_self(), "cudart-stream");
	pthread_mutex_lock(&c->lock);
	for (;;) {
		struct cudart_op *op = s->head;
		cudaError_t err;

		if (!op && s->stop)
			break;
		if (!op) {
			pthread_cond_wait(&s->wake, &c->lock);	/* idle: only its own news */
			continue;
		}
		if (!op_ready(c, s, op)) {
			cudart_wait(c);
			continue;
		}
		pthread_mutex_unlock(&c->lock);
		err = cudart_execute(c, op);
		pthread_mutex_lock(&c->lock);
		if (err && !c->sticky && !c->async_error)
			c->async_error = err;
		s->head = op->next;
		if (!s->head)
			s->tail = NULL;
		s->completed = op->seq;
		cudart_op_release(c, op);
		free(op);
		cudart_wake(c);
	}
	unlink_stream(c, s);
	pthread_cond_destroy(&s->wake);
	free(s);
	cudart_wake(c);
	pthread_mutex_unlock(&c->lock);
	return NULL;
}

void cudart_enqueue(struct CUstream_st *s, struct cudart_op *op)
{
	op->next = NULL;
	op->seq = ++s->enqueued;
	if (s->tail)
		s->tail->next = op;
	else
		s->head = op;
	s->tail = op;
	pthread_cond_signal(&s->wake);
}

static bool blocking_idle(const struct cudart_ctx *c)
{
	for (const struct CUstream_st *t = c->streams; t; t = t->next)
		if (blocking(t) && !idle(t))
			return false;
	return true;
}

cudaError_t cudart_run_default(struct cudart_ctx *c, cudaStream_t s, struct cudart_op *op)
{
	cudaError_t err;

	if (s == cudaStreamPerThread) {
		/* after what cuCtxWaitEvent told the context to wait for (driver_ctx_event.c) */
		while (c->ctx_wait && !cudart_event_ran(c->ctx_wait, c->ctx_wait_gen) && !c->sticky)
			cudart_wait(c);
		pthread_mutex_unlock(&c->lock);
		err = cudart_execute(c, op);
		pthread_mutex_lock(&c->lock);
		return err;
	}
	while (!blocking_idle(c))
		cudart_wait(c);
	c->default_running++;
	pthread_mutex_unlock(&c->lock);
	err = cudart_execute(c, op);
	pthread_mutex_lock(&c->lock);
	c->default_running--;
	cudart_wake(c);
	return err;
}

static bool all_idle(const struct cudart_ctx *c)
{
	for (const struct CUstream_st *t = c->streams; t; t = t->next)
		if (!idle(t))
			return false;
	return !c->default_running;
}

void cudart_set_async_error(cudaError_t err)
{
	struct cudart_ctx *c = cudart_ctx();

	pthread_mutex_lock(&c->lock);
	if (err && !c->sticky && !c->async_error)
		c->async_error = err;
	pthread_mutex_unlock(&c->lock);
}

void cudart_wait_all(struct cudart_ctx *c)
{
	while (!all_idle(c))
		cudart_wait(c);
}

void cudart_streams_stop(struct cudart_ctx *c)
{
	for (struct CUstream_st *t = c->streams; t; t = t->next) {
		t->stop = true;
		pthread_cond_signal(&t->wake);
	}
	while (c->streams)
		cudart_wait(c);
}

cudaError_t cudart_sync_result(struct cudart_ctx *c)
{
	cudaError_t err = cudart_sticky();

	if (!err) {
		err = c->async_error;
		c->async_error = cudaSuccess;
	}
	return err;
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned int flags, int priority)
{
	struct cudart_ctx *c = cudart_ctx();
	struct CUstream_st *s;
	pthread_attr_t attr;
	pthread_t thr;
	int err;

	CUDART_STICKY_RETURN();
	if (!stream || (flags & ~cudaStreamNonBlocking))
		return cudart_set_error(cudaErrorInvalidValue);
	s = calloc(1, sizeof(*s));
	if (!s)
		return cudart_set_error(cudaErrorMemoryAllocation);
	s->flags = flags;
	s->priority = priority;
	pthread_cond_init(&s->wake, NULL);
	pthread_mutex_lock(&c->lock);
	s->next = c->streams;
	c->streams = s;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&thr, &attr, executor, s);
	pthread_attr_destroy(&attr);
	if (err) {
		unlink_stream(c, s);
		pthread_cond_destroy(&s->wake);
		free(s);
	} else if (c->ctx_wait && c->ctx_wait_gen) {
		cudart_enqueue_wait(s, c->ctx_wait, c->ctx_wait_gen);	/* cuCtxWaitEvent: later streams too */
	}
	pthread_mutex_unlock(&c->lock);
	if (err)
		return cudart_set_error(cudaErrorMemoryAllocation);
	*stream = s;
	return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags)
{
	return cudaStreamCreateWithPriority(stream, flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *stream)
{
	return cudaStreamCreateWithPriority(stream, cudaStreamDefault, 0);
}

/* Returns at once; the executor finishes the queued work, then frees it. */
cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	if (cudart_stream_is_default(stream))
		return cudart_set_error(cudaErrorInvalidResourceHandle);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err) {
		cudart_capture_stream_gone(c, stream);
		stream->stop = true;
		pthread_cond_signal(&stream->wake);
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err && stream == cudaStreamPerThread)
		err = cudart_sync_result(c);
	else if (!err && cudart_stream_is_default(stream) && !(err = cudart_capture_implicit(c))) {
		while (!blocking_idle(c) || c->default_running)
			cudart_wait(c);
		err = cudart_sync_result(c);
	} else if (!err && stream->cap) {
		err = cudart_capture_forbid(stream);
	} else if (!err) {
		while (!idle(stream))
			cudart_wait(c);
		err = cudart_sync_result(c);
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	CUDART_STICKY_RETURN();
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err && !cudart_stream_is_default(stream) && stream->cap)
		err = cudart_capture_forbid(stream);
	/* a created stream: its own queue; the legacy default stream: the
	 * blocking streams too (as its synchronize waits for them) */
	if (!err && !cudart_stream_is_default(stream) && !idle(stream))
		err = cudaErrorNotReady;
	else if (!err && cudart_stream_is_default(stream) && stream != cudaStreamPerThread &&
		 (!blocking_idle(c) || c->default_running))
		err = cudaErrorNotReady;
	pthread_mutex_unlock(&c->lock);
	/* cudaErrorNotReady is an answer, not an error: not the last error */
	return err == cudaErrorNotReady ? err : cudart_set_error(err);
}

cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	if (!flags)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err)
		*flags = cudart_stream_is_default(stream) ? cudaStreamDefault : stream->flags;
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

/* Clamped to cudaDeviceGetStreamPriorityRange's range, as CUDA does: 0. */
cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	if (!priority)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err)
		*priority = 0;
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaStreamGetDevice(cudaStream_t stream, int *device)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	if (!device)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err)
		*device = 0;
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

/* Unique while the stream lives: its address (the default streams: 0 legacy, 1 per-thread). */
cudaError_t cudaStreamGetId(cudaStream_t stream, unsigned long long *id)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	if (!id)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err)
		*id = cudart_stream_is_default(stream) ? (stream == cudaStreamPerThread ? 1u : 0u) :
							 (unsigned long long)(uintptr_t)stream;
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

/* One priority: streams run as the OS schedules their executors. */
cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest)
{
	if (least)
		*least = 0;
	if (greatest)
		*greatest = 0;
	return cudaSuccess;
}

cudaError_t cudart_submit(cudaStream_t stream, const struct cudart_op *op)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_op *q = NULL, now = *op;
	cudaError_t err;

	if (!cudart_stream_is_default(stream)) {
		q = malloc(sizeof(*q));
		if (!q) {
			pthread_mutex_lock(&c->lock);
			cudart_op_release(c, &now);
			pthread_mutex_unlock(&c->lock);
			return cudaErrorMemoryAllocation;
		}
		*q = *op;
	}
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err && q && stream->cap) {
		if (now.kind == CUDART_OP_KERNEL)
			cudart_func_pin(c, now.u.kern.func);	/* the node keeps k */
		err = cudart_capture_op(c, stream, &now);	/* a node now owns what op held */
		free(q);
		pthread_mutex_unlock(&c->lock);
		return err;
	}
	if (!err && !q && stream != cudaStreamPerThread)
		err = cudart_capture_implicit(c);
	if (!err && !q) {
		err = cudart_run_default(c, stream, &now);
		cudart_op_release(c, &now);
	} else if (!err) {
		cudart_enqueue(stream, q);
	} else {
		cudart_op_release(c, &now);
		free(q);
	}
	pthread_mutex_unlock(&c->lock);
	return err;
}

static cudaError_t host_op(cudaStream_t stream, cudaStreamCallback_t cb, cudaHostFn_t fn, void *arg)
{
	struct cudart_op op = { .kind = CUDART_OP_HOSTFN };

	CUDART_STICKY_RETURN();
	if (!cb && !fn)
		return cudart_set_error(cudaErrorInvalidValue);
	op.u.host.cb = cb;
	op.u.host.fn = fn;
	op.u.host.arg = arg;
	op.u.host.stream = stream;
	return cudart_set_error(cudart_submit(stream, &op));
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *user_data)
{
	return host_op(stream, NULL, fn, user_data);
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
				  void *user_data, unsigned int flags)
{
	if (flags)
		return cudart_set_error(cudaErrorInvalidValue);
	return host_op(stream, callback, NULL, user_data);
}

/*
 * Stream attributes (launch attributes by CUDA's names): the access-policy
 * window and synchronization policy are kept as given (hints, no effect
 * here), the priority is the stream's; the default streams keep nothing
 * and read CUDA's defaults.  Other attributes are not stream attributes.
 */
static bool stream_attribute(cudaLaunchAttributeID attr)
{
	return attr == cudaLaunchAttributeAccessPolicyWindow ||
	       attr == cudaLaunchAttributeSynchronizationPolicy || attr == cudaLaunchAttributePriority;
}

cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaLaunchAttributeID attr,
				   cudaLaunchAttributeValue *value_out)
{
	struct cudart_ctx *c = cudart_ctx();
	bool dflt = cudart_stream_is_default(hStream);
	cudaError_t err;

	if (!value_out || !stream_attribute(attr))
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, hStream);
	if (!err) {
		memset(value_out, 0, sizeof(*value_out));
		if (attr == cudaLaunchAttributeAccessPolicyWindow && !dflt)
			value_out->accessPolicyWindow = hStream->window;
		else if (attr == cudaLaunchAttributeSynchronizationPolicy)
			value_out->syncPolicy = dflt || !hStream->sync_policy ? cudaSyncPolicyAuto :
										hStream->sync_policy;
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaLaunchAttributeID attr,
				   const cudaLaunchAttributeValue *value)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	if (!value || !stream_attribute(attr) ||
	    (attr == cudaLaunchAttributeSynchronizationPolicy &&
	     ((unsigned int)value->syncPolicy < cudaSyncPolicyAuto ||
	      (unsigned int)value->syncPolicy > cudaSyncPolicyBlockingSync)))
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, hStream);
	if (!err && !cudart_stream_is_default(hStream)) {
		if (attr == cudaLaunchAttributeAccessPolicyWindow)
			hStream->window = value->accessPolicyWindow;
		else if (attr == cudaLaunchAttributeSynchronizationPolicy)
			hStream->sync_policy = value->syncPolicy;
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, dst);
	if (!err)
		err = cudart_stream_check(c, src);
	if (!err && !cudart_stream_is_default(dst)) {
		dst->window = cudart_stream_is_default(src) ? (struct cudaAccessPolicyWindow){ 0 } :
							       src->window;
		dst->sync_policy = cudart_stream_is_default(src) ? 0 : src->sync_policy;
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}
