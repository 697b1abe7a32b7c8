// SPDX-License-Identifier: MIT
/*
 * driver_ctx_event.c - context-wide events (cuCtxRecordEvent,
 * cuCtxWaitEvent) without the host waiting, as CUDA's return at once.  A
 * context is the whole device here: its work is the created streams' (the
 * default streams run in the caller, so what they were given is done).
 *
 * Recording: the event completes once every stream's work queued before
 * the call has: a helper stream waits on a mark recorded in each stream,
 * then records the event, and goes away when drained.  Waiting: each
 * created stream waits on the event before its later work, and a blocking
 * helper stream that waits on it holds back the legacy default stream
 * (whose operations start only when every blocking stream has drained).
 * What comes later waits too: a mark event of the context completes with
 * the event (and with the previous wait's mark); a stream created later
 * waits for the mark before its first work (streams.c), and
 * cudaStreamPerThread's work, run in the caller, waits for it there.  A
 * stream in capture: CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, as CUDA.
 */
#include <stdlib.h>

#include "driver_int.h"

static CUresult ok(cudaError_t e)
{
	return cudart_cu_result(e);
}

/* the one device's contexts: NULL is the current one, any context is the device */
static CUresult context(CUcontext ctx)
{
	CUcontext cur = NULL;

	if (ctx)
		return CUDA_SUCCESS;
	return cuCtxGetCurrent(&cur) || !cur ? CUDA_ERROR_INVALID_CONTEXT : CUDA_SUCCESS;
}

/* helper waits for the work queued in s now; a stream destroyed meanwhile is drained already */
static cudaError_t join(cudaStream_t helper, cudaStream_t s)
{
	cudaEvent_t mark;
	cudaError_t err = cudaEventCreateWithFlags(&mark, cudaEventDisableTiming);

	if (err)
		return err;
	if (cudaEventRecord(mark, s) == cudaSuccess)
		err = cudaStreamWaitEvent(helper, mark, 0);
	(void)cudaGetLastError();	/* s destroyed by another thread: nothing to wait for */
	cudaEventDestroy(mark);		/* freed once the wait has run */
	return err;
}

/* ctx and event checked, then the context's streams now (*all, freed by the caller) */
static CUresult streams_of(CUcontext ctx, CUevent event, cudaStream_t **all, size_t *n, bool *capturing)
{
	CUresult r = context(ctx);

	if (r)
		return r;
	if (!event)
		return CUDA_ERROR_INVALID_HANDLE;
	*all = cudart_streams_now(cudart_ctx(), n, capturing);
	return *all ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuCtxRecordEvent(CUcontext ctx, CUevent event)
{
	cudaStream_t *all, helper;
	bool capturing;
	size_t n;
	cudaError_t err;
	CUresult r = streams_of(ctx, event, &all, &n, &capturing);

	if (r)
		return r;
	err = capturing ? cudaErrorStreamCaptureUnsupported :
	      n ? cudaStreamCreateWithFlags(&helper, cudaStreamNonBlocking) : cudaSuccess;
	if (err || !n) {
		free(all);
		return err ? ok(err) : ok(cudaEventRecord(event, cudaStreamLegacy));
	}
	for (size_t i = 0; i < n && !err; i++)
		err = join(helper, all[i]);
	if (!err)
		err = cudaEventRecord(event, helper);
	cudaStreamDestroy(helper);	/* returns at once: drained, then freed */
	free(all);
	return ok(err);
}

/*
 * The context's mark becomes one that completes with event: a helper
 * stream, created after the old mark so waiting for it first (streams.c),
 * waits for event, then records the new mark.  The old mark goes once the
 * new one is in place (its pending waits keep it until they have run).
 */
static cudaError_t wait_later(cudaEvent_t event)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaEvent_t mark, old;
	cudaStream_t helper;
	cudaError_t err = cudaEventCreateWithFlags(&mark, cudaEventDisableTiming);

	if (err)
		return err;
	err = cudaStreamCreateWithFlags(&helper, cudaStreamNonBlocking);
	if (!err) {
		err = cudaStreamWaitEvent(helper, event, 0);
		if (!err)
			err = cudaEventRecord(mark, helper);
		cudaStreamDestroy(helper);	/* drained, then freed */
	}
	if (err) {
		cudaEventDestroy(mark);
		return err;
	}
	pthread_mutex_lock(&c->lock);
	old = c->ctx_wait;
	c->ctx_wait = mark;
	c->ctx_wait_gen = mark->gen_recorded;
	pthread_mutex_unlock(&c->lock);
	if (old)
		cudaEventDestroy(old);
	return cudaSuccess;
}

CUresult cuCtxWaitEvent(CUcontext ctx, CUevent event)
{
	cudaStream_t *all, holder;
	bool capturing;
	size_t n;
	cudaError_t err;
	CUresult r = streams_of(ctx, event, &all, &n, &capturing);

	if (r)
		return r;
	err = capturing ? cudaErrorStreamCaptureUnsupported : cudaStreamCreate(&holder);
	for (size_t i = 0; i < n && !err; i++) {
		if (cudaStreamWaitEvent(all[i], event, 0) == cudaErrorInvalidResourceHandle)
			(void)cudaGetLastError();	/* destroyed meanwhile: no later work */
	}
	if (!capturing && !err) {
		err = cudaStreamWaitEvent(holder, event, 0);
		cudaStreamDestroy(holder);
	}
	if (!capturing && !err)
		err = wait_later(event);
	free(all);
	return ok(err);
}
