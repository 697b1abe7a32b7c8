// SPDX-License-Identifier: MIT
/*
 * driver_misc.c - the driver API's remaining context, device, surface
 * and log calls (idxgen_cuda_drv_misc.h), on the runtime's one device and
 * its calls (context-wide events: driver_ctx_event.c).  Execution affinity is not offered (CUDA's answer for a
 * device without it), asynchronous notifications neither (no memory budget
 * to exceed).
 */
#include <stdint.h>
#include <string.h>

#include "driver_int.h"

_Static_assert((int)CU_ATOMIC_OPERATION_FLOAT_MAX == (int)cudaAtomicOperationFloatMax, "atomic operations");

static CUresult ok(cudaError_t e)
{
	return cudart_cu_result(e);
}

CUresult cuDeviceGetExecAffinitySupport(int *pi, CUexecAffinityType type, CUdevice dev)
{
	if (!pi || (unsigned int)type >= CU_EXEC_AFFINITY_TYPE_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	*pi = 0;
	return CUDA_SUCCESS;
}

CUresult cuCtxGetExecAffinity(CUexecAffinityParam *param, CUexecAffinityType type)
{
	if (!param || (unsigned int)type >= CU_EXEC_AFFINITY_TYPE_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY;
}

/* CUDA 5's device properties, from the runtime's */
CUresult cuDeviceGetProperties(CUdevprop *prop, CUdevice dev)
{
	struct cudaDeviceProp p;
	CUresult r;

	if (!prop)
		return CUDA_ERROR_INVALID_VALUE;
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	r = ok(cudaGetDeviceProperties(&p, 0));
	if (r)
		return r;
	prop->maxThreadsPerBlock = p.maxThreadsPerBlock;
	for (int i = 0; i < 3; i++)
		prop->maxThreadsDim[i] = p.maxThreadsDim[i], prop->maxGridSize[i] = p.maxGridSize[i];
	prop->sharedMemPerBlock = (int)p.sharedMemPerBlock;
	prop->totalConstantMemory = (int)p.totalConstMem;
	prop->SIMDWidth = p.warpSize;
	prop->memPitch = p.memPitch > INT32_MAX ? INT32_MAX : (int)p.memPitch;
	prop->regsPerBlock = p.regsPerBlock;
	cudaDeviceGetAttribute(&prop->clockRate, cudaDevAttrClockRate, 0);
	prop->textureAlign = (int)p.textureAlignment;
	return CUDA_SUCCESS;
}

CUresult cuDeviceGetP2PAttribute(int *value, CUdevice_P2PAttribute attr, CUdevice src, CUdevice dst)
{
	return ok(cudaDeviceGetP2PAttribute(value, (enum cudaDeviceP2PAttr)attr, src, dst));
}

CUresult cuDeviceGetHostAtomicCapabilities(unsigned int *caps, const CUatomicOperation *ops, unsigned int n,
					   CUdevice dev)
{
	return ok(cudaDeviceGetHostAtomicCapabilities(caps, (const enum cudaAtomicOperation *)ops, n, dev));
}

CUresult cuDeviceGetP2PAtomicCapabilities(unsigned int *caps, const CUatomicOperation *ops, unsigned int n,
					  CUdevice src, CUdevice dst)
{
	return ok(cudaDeviceGetP2PAtomicCapabilities(caps, (const enum cudaAtomicOperation *)ops, n, src, dst));
}

CUresult cuDeviceGetTexture1DLinearMaxWidth(size_t *width, CUarray_format format, unsigned channels, CUdevice dev)
{
	struct cudaChannelFormatDesc d;

	if (!cudart_cu_channel_desc(format, channels, &d))
		return CUDA_ERROR_INVALID_VALUE;
	return ok(cudaDeviceGetTexture1DLinearMaxWidth(width, &d, dev));
}

CUresult cuDeviceRegisterAsyncNotification(CUdevice dev, CUasyncCallback fn, void *data, CUasyncCallbackHandle *handle)
{
	(void)data;
	if (!fn || !handle)
		return CUDA_ERROR_INVALID_VALUE;
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	return CUDA_ERROR_NOT_SUPPORTED;	/* the device's memory has no budget of its own to exceed */
}

CUresult cuDeviceUnregisterAsyncNotification(CUdevice dev, CUasyncCallbackHandle handle)
{
	(void)handle;
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	return CUDA_ERROR_INVALID_VALUE;	/* no registration can exist */
}

CUresult cuFlushGPUDirectRDMAWrites(CUflushGPUDirectRDMAWritesTarget target, CUflushGPUDirectRDMAWritesScope scope)
{
	return ok(cudaDeviceFlushGPUDirectRDMAWrites((enum cudaFlushGPUDirectRDMAWritesTarget)target,
						     (enum cudaFlushGPUDirectRDMAWritesScope)scope));
}

/* a stream's context: the one device's (the current context; the primary one for the default streams) */
CUresult cuStreamGetCtx(CUstream stream, CUcontext *ctx)
{
	unsigned int flags;
	CUresult r;

	if (!ctx)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaStreamGetFlags(stream, &flags));	/* the stream must exist */
	if (r)
		return r;
	r = cuCtxGetCurrent(ctx);
	if (!r && !*ctx)
		r = cuDevicePrimaryCtxRetain(ctx, 0);
	return r;
}

CUresult cuStreamGetCtx_v2(CUstream stream, CUcontext *ctx, CUgreenCtx *green)
{
	if (!ctx || !green)
		return CUDA_ERROR_INVALID_VALUE;
	*green = NULL;	/* no green contexts here */
	return cuStreamGetCtx(stream, ctx);
}

/* surface objects: of an array, as CUDA requires */
CUresult cuSurfObjectCreate(CUsurfObject *surf, const CUDA_RESOURCE_DESC *desc)
{
	struct cudaResourceDesc rd;
	cudaSurfaceObject_t s = 0;
	CUresult r;

	if (!surf || !desc || desc->resType != CU_RESOURCE_TYPE_ARRAY || desc->flags)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = (cudaArray_t)(void *)desc->res.array.hArray;
	r = ok(cudaCreateSurfaceObject(&s, &rd));
	if (!r)
		*surf = s;
	return r;
}

CUresult cuSurfObjectDestroy(CUsurfObject surf)
{
	return ok(cudaDestroySurfaceObject(surf));
}

CUresult cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *desc, CUsurfObject surf)
{
	struct cudaResourceDesc rd;
	CUresult r;

	if (!desc)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaGetSurfaceObjectResourceDesc(&rd, surf));
	if (r)
		return r;
	memset(desc, 0, sizeof(*desc));
	desc->resType = CU_RESOURCE_TYPE_ARRAY;
	desc->res.array.hArray = (CUarray)(void *)rd.res.array.array;
	return CUDA_SUCCESS;
}

/* one device: a list of one launch, cooperative */
CUresult cuLaunchCooperativeKernelMultiDevice(CUDA_LAUNCH_PARAMS *list, unsigned int n, unsigned int flags)
{
	CUDA_LAUNCH_PARAMS *p = list;

	if (!list || !n || (flags & ~3u))
		return CUDA_ERROR_INVALID_VALUE;
	if (n > 1)
		return CUDA_ERROR_INVALID_DEVICE;	/* one device */
	return cuLaunchCooperativeKernel(p->function, p->gridDimX, p->gridDimY, p->gridDimZ, p->blockDimX,
					 p->blockDimY, p->blockDimZ, p->sharedMemBytes, p->hStream, p->kernelParams);
}

CUresult cuLogsCurrent(CUlogIterator *it, unsigned int flags)
{
	return ok(cudaLogsCurrent(it, flags));
}

CUresult cuLogsDumpToFile(CUlogIterator *it, const char *path, unsigned int flags)
{
	return ok(cudaLogsDumpToFile(it, path, flags));
}

CUresult cuLogsDumpToMemory(CUlogIterator *it, char *buffer, size_t *size, unsigned int flags)
{
	return ok(cudaLogsDumpToMemory(it, buffer, size, flags));
}

CUresult cuLogsRegisterCallback(CUlogsCallback fn, void *data, CUlogsCallbackHandle *handle)
{
	/* never called (the log stays empty), so the driver's and runtime's callback types may differ in name only */
	return ok(cudaLogsRegisterCallback((cudaLogsCallback_t)(void (*)(void))fn, data, handle));
}

CUresult cuLogsUnregisterCallback(CUlogsCallbackHandle handle)
{
	return ok(cudaLogsUnregisterCallback(handle));
}
