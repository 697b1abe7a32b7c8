// SPDX-License-Identifier: MIT
/*
 * driver_ctx.c - the driver API's contexts and streams on the runtime's
 * single device.  A context here is a handle on that device: the runtime
 * API's one state serves every context, so work and memory are shared
 * among them (as among CUDA contexts of one process they are not; no
 * program can tell on one device with one address space).  The primary
 * context stands for the runtime's, current on a thread whose stack is
 * empty (the runtime initializes itself on first use here, so it always
 * exists); cuCtxCreate makes new ones, pushed on the calling thread's stack.
 */
#include <stdint.h>
#include <stdlib.h>

#include "driver_int.h"

struct CUctx_st {
	CUdevice dev;
	unsigned int flags;
	unsigned int usage;	/* CUDA 4's usage count (cuCtxAttach/Detach): 1 at creation */
};

/* Never written: its address is the primary context's handle. */
static struct CUctx_st primary_ctx = { 0, 0, 1 };

/*
 * The calling thread's context stack (CUDA's: per thread, as the current
 * context is).  Thread-local state is unavoidable here: the API names no
 * thread.  The depth is bounded; programs push one or two.
 */
#define CTX_STACK_MAX 64
static _Thread_local CUcontext ctx_stack[CTX_STACK_MAX];
static _Thread_local int ctx_depth;

static CUcontext current(void)
{
	return ctx_depth ? ctx_stack[ctx_depth - 1] : &primary_ctx;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice dev)
{
	if (!ctx)
		return CUDA_ERROR_INVALID_VALUE;
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	*ctx = &primary_ctx;
	return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease(CUdevice dev)
{
	return dev != 0 ? CUDA_ERROR_INVALID_DEVICE : CUDA_SUCCESS;
}

CUresult cuCtxCreate(CUcontext *ctx, unsigned int flags, CUdevice dev)
{
	CUcontext c;

	if (!ctx || (flags & ~(unsigned int)CU_CTX_FLAGS_MASK))
		return CUDA_ERROR_INVALID_VALUE;
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	if (ctx_depth == CTX_STACK_MAX)
		return CUDA_ERROR_OUT_OF_MEMORY;
	c = malloc(sizeof(*c));
	if (!c)
		return CUDA_ERROR_OUT_OF_MEMORY;
	c->dev = dev;
	c->flags = flags;
	c->usage = 1;
	ctx_stack[ctx_depth++] = c;
	*ctx = c;
	return CUDA_SUCCESS;
}

/* CUDA 13's form: no execution affinity or CIG here. */
CUresult cuCtxCreate_v4(CUcontext *ctx, CUctxCreateParams *params, unsigned int flags, CUdevice dev)
{
	if (params && (params->execAffinityParams || params->numExecAffinityParams ||
		       params->cigParams))
		return CUDA_ERROR_NOT_SUPPORTED;
	return cuCtxCreate(ctx, flags, dev);
}

/* Destroys ctx, taking it off this thread's stack wherever it is. */
CUresult cuCtxDestroy(CUcontext ctx)
{
	int i, j;

	if (!ctx || ctx == &primary_ctx)
		return CUDA_ERROR_INVALID_CONTEXT;
	for (i = j = 0; i < ctx_depth; i++)
		if (ctx_stack[i] != ctx)
			ctx_stack[j++] = ctx_stack[i];
	ctx_depth = j;
	cudaDeviceSynchronize();
	free(ctx);
	return CUDA_SUCCESS;
}

/* CUDA 4's usage counts: the current context, counted once more (flags must be 0) */
CUresult cuCtxAttach(CUcontext *ctx, unsigned int flags)
{
	CUcontext c = current();

	if (!ctx || flags)
		return CUDA_ERROR_INVALID_VALUE;
	if (c != &primary_ctx)
		__atomic_add_fetch(&c->usage, 1, __ATOMIC_RELAXED);
	*ctx = c;
	return CUDA_SUCCESS;
}

/* ... and once less: the last count of a created context destroys it (it must be current); the primary stays */
CUresult cuCtxDetach(CUcontext ctx)
{
	if (!ctx || ctx != current())
		return CUDA_ERROR_INVALID_CONTEXT;
	if (ctx == &primary_ctx)
		return CUDA_SUCCESS;
	if (__atomic_sub_fetch(&ctx->usage, 1, __ATOMIC_ACQ_REL) == 0)
		return cuCtxDestroy(ctx);
	return CUDA_SUCCESS;
}

CUresult cuCtxGetCurrent(CUcontext *ctx)
{
	if (!ctx)
		return CUDA_ERROR_INVALID_VALUE;
	*ctx = current();
	return CUDA_SUCCESS;
}

/* Replaces the top of the stack; NULL empties it (back to the primary context). */
CUresult cuCtxSetCurrent(CUcontext ctx)
{
	if (!ctx) {
		ctx_depth = 0;
		return CUDA_SUCCESS;
	}
	if (ctx_depth)
		ctx_stack[ctx_depth - 1] = ctx;
	else
		ctx_stack[ctx_depth++] = ctx;
	return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent(CUcontext ctx)
{
	if (!ctx)
		return CUDA_ERROR_INVALID_CONTEXT;
	if (ctx_depth == CTX_STACK_MAX)
		return CUDA_ERROR_OUT_OF_MEMORY;
	ctx_stack[ctx_depth++] = ctx;
	return CUDA_SUCCESS;
}

CUresult cuCtxPopCurrent(CUcontext *ctx)
{
	if (!ctx_depth)
		return CUDA_ERROR_INVALID_CONTEXT;
	ctx_depth--;
	if (ctx)
		*ctx = ctx_stack[ctx_depth];
	return CUDA_SUCCESS;
}

CUresult cuCtxGetDevice(CUdevice *dev)
{
	if (!dev)
		return CUDA_ERROR_INVALID_VALUE;
	*dev = current()->dev;
	return CUDA_SUCCESS;
}

/* the primary context's flags are the runtime's device flags (cuDevicePrimaryCtxSetFlags) */
CUresult cuCtxGetFlags(unsigned int *flags)
{
	if (!flags)
		return CUDA_ERROR_INVALID_VALUE;
	if (current() == &primary_ctx)
		return cudart_cu_result(cudaGetDeviceFlags(flags));
	*flags = current()->flags;
	return CUDA_SUCCESS;
}

/* CUDA: the scheduling flags and CU_CTX_SYNC_MEMOPS of the current context, replaced */
CUresult cuCtxSetFlags(unsigned int flags)
{
	if (flags & ~(unsigned int)(CU_CTX_SCHED_MASK | CU_CTX_SYNC_MEMOPS))
		return CUDA_ERROR_INVALID_VALUE;
	if (current() == &primary_ctx)
		return cudart_cu_result(cudaSetDeviceFlags(flags));
	current()->flags = flags;
	return CUDA_SUCCESS;
}

/* CUDA's answer for a context of today's API: 3020; NULL is the current one. */
CUresult cuCtxGetApiVersion(CUcontext ctx, unsigned int *version)
{
	(void)ctx;
	if (!version)
		return CUDA_ERROR_INVALID_VALUE;
	*version = 3020;
	return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize(void)
{
	return cudart_cu_result(cudaDeviceSynchronize());
}

CUresult cuStreamCreate(CUstream *stream, unsigned int flags)
{
	if (!stream || (flags & ~(unsigned int)CU_STREAM_NON_BLOCKING))
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaStreamCreateWithFlags(stream, flags));
}

CUresult cuStreamDestroy(CUstream stream)
{
	return cudart_cu_result(cudaStreamDestroy(stream));
}

CUresult cuStreamSynchronize(CUstream stream)
{
	return cudart_cu_result(cudaStreamSynchronize(stream));
}

CUresult cuStreamQuery(CUstream stream)
{
	return cudart_cu_result(cudaStreamQuery(stream));
}

/* CUDA 12.x's forms that name the context (NULL: the current one). */
static bool known_ctx(CUcontext ctx)
{
	if (ctx == &primary_ctx)
		return true;
	for (int i = 0; i < ctx_depth; i++)
		if (ctx_stack[i] == ctx)
			return true;
	return false;	/* a context of another thread's stack is not known here: CUDA's invalid one */
}

CUresult cuCtxGetDevice_v2(CUdevice *dev, CUcontext ctx)
{
	if (!dev)
		return CUDA_ERROR_INVALID_VALUE;
	if (ctx && !known_ctx(ctx))
		return CUDA_ERROR_INVALID_CONTEXT;
	*dev = (ctx ? ctx : current())->dev;
	return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize_v2(CUcontext ctx)
{
	if (ctx && !known_ctx(ctx))
		return CUDA_ERROR_INVALID_CONTEXT;
	return cudart_cu_result(cudaDeviceSynchronize());
}

/* A context's id: unique among the contexts alive (its address). */
CUresult cuCtxGetId(CUcontext ctx, unsigned long long *id)
{
	if (!id)
		return CUDA_ERROR_INVALID_VALUE;
	if (ctx && !known_ctx(ctx))
		return CUDA_ERROR_INVALID_CONTEXT;
	*id = (unsigned long long)(uintptr_t)(ctx ? ctx : current());
	return CUDA_SUCCESS;
}
