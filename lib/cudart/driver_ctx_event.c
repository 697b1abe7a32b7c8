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
 * Not covered: streams created after the wait, and cudaStreamPerThread
 * (it runs in the caller without that synchronisation).  A stream in
 * capture: CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, as CUDA.
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
	free(all);
	return ok(err);
}
