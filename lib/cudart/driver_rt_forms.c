// SPDX-License-Identifier: MIT
/*
 * driver_rt_forms.c - driver-API calls that are runtime calls under the
 * driver's names and types (idxgen_cuda_drv_rt_forms.h): the context's
 * limits and cache configuration are the device's (one device, one state),
 * streams are the runtime's, peer access has no peer (one device: CUDA's
 * answers for a device without one), a stream callback gets the driver's
 * CUresult, the word sets are queued on their stream.
 */
#include <stdint.h>
#include <stdlib.h>

#include "driver_int.h"

static void *addr(CUdeviceptr p)
{
	return (void *)(uintptr_t)p;
}

/* CUlimit's values are cudaLimit's; the CIG limits (>= CU_LIMIT_SHMEM_SIZE) are no limit here. */
CUresult cuCtxSetLimit(CUlimit limit, size_t value)
{
	if ((unsigned int)limit >= CU_LIMIT_SHMEM_SIZE)
		return CUDA_ERROR_UNSUPPORTED_LIMIT;
	return cudart_cu_result(cudaDeviceSetLimit((enum cudaLimit)limit, value));
}

CUresult cuCtxGetLimit(size_t *pvalue, CUlimit limit)
{
	if (!pvalue)
		return CUDA_ERROR_INVALID_VALUE;
	if ((unsigned int)limit >= CU_LIMIT_SHMEM_SIZE)
		return CUDA_ERROR_UNSUPPORTED_LIMIT;
	return cudart_cu_result(cudaDeviceGetLimit(pvalue, (enum cudaLimit)limit));
}

CUresult cuCtxGetCacheConfig(CUfunc_cache *pconfig)
{
	enum cudaFuncCache c;
	CUresult r;

	if (!pconfig)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaDeviceGetCacheConfig(&c));
	if (!r)
		*pconfig = (CUfunc_cache)c;
	return r;
}

CUresult cuCtxSetCacheConfig(CUfunc_cache config)
{
	return cudart_cu_result(cudaDeviceSetCacheConfig((enum cudaFuncCache)config));
}

CUresult cuCtxGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
	return cudart_cu_result(cudaDeviceGetStreamPriorityRange(leastPriority, greatestPriority));
}

/*
 * A peer is another device's context; the only device cannot be its own
 * peer (cuDeviceCanAccessPeer answers 0), so any context is
 * CUDA_ERROR_PEER_ACCESS_UNSUPPORTED to enable and never enabled to disable.
 */
CUresult cuCtxEnablePeerAccess(CUcontext peerContext, unsigned int Flags)
{
	if (!peerContext)
		return CUDA_ERROR_INVALID_CONTEXT;
	if (Flags)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_ERROR_PEER_ACCESS_UNSUPPORTED;
}

CUresult cuCtxDisablePeerAccess(CUcontext peerContext)
{
	if (!peerContext)
		return CUDA_ERROR_INVALID_CONTEXT;
	return CUDA_ERROR_PEER_ACCESS_NOT_ENABLED;
}

CUresult cuStreamCreateWithPriority(CUstream *phStream, unsigned int flags, int priority)
{
	if (!phStream || (flags & ~(unsigned int)CU_STREAM_NON_BLOCKING))
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaStreamCreateWithPriority(phStream, flags, priority));
}

CUresult cuStreamGetPriority(CUstream hStream, int *priority)
{
	return cudart_cu_result(cudaStreamGetPriority(hStream, priority));
}

CUresult cuStreamGetFlags(CUstream hStream, unsigned int *flags)
{
	return cudart_cu_result(cudaStreamGetFlags(hStream, flags));
}

/* A driver callback behind the runtime's: the stream's status as a CUresult. */
struct cu_callback {
	CUstreamCallback fn;
	void *data;
};

static void run_cu_callback(cudaStream_t stream, cudaError_t status, void *p)
{
	struct cu_callback cb = *(struct cu_callback *)p;

	free(p);
	cb.fn(stream, cudart_cu_result(status), cb.data);
}

CUresult cuStreamAddCallback(CUstream hStream, CUstreamCallback callback, void *userData, unsigned int flags)
{
	struct cu_callback *cb;
	CUresult r;

	if (!callback || flags)
		return CUDA_ERROR_INVALID_VALUE;
	cb = malloc(sizeof(*cb));
	if (!cb)
		return CUDA_ERROR_OUT_OF_MEMORY;
	cb->fn = callback, cb->data = userData;
	r = cudart_cu_result(cudaStreamAddCallback(hStream, run_cu_callback, cb, 0));
	if (r)
		free(cb);
	return r;
}

CUresult cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void *userData)
{
	if (!fn)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaLaunchHostFunc(hStream, fn, userData));
}

/* Unified addressing: either side may be host or device memory. */
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount, CUstream hStream)
{
	return cudart_cu_result(cudaMemcpyAsync(addr(dst), addr(src), ByteCount, cudaMemcpyDefault, hStream));
}

/* A word set in stream order: the range checked and zeroed by the runtime's set, then the pattern. */
struct word_set {
	CUdeviceptr dst;
	unsigned int value, width;
	size_t count;
};

static void fill_words(void *p)
{
	struct word_set w = *(struct word_set *)p;

	free(p);
	for (size_t i = 0; i < w.count; i++) {
		if (w.width == 2)
			((unsigned short *)addr(w.dst))[i] = (unsigned short)w.value;
		else
			((unsigned int *)addr(w.dst))[i] = w.value;
	}
}

static CUresult set_words_async(CUdeviceptr dst, unsigned int value, unsigned int width, size_t count,
				CUstream stream)
{
	struct word_set *w;
	CUresult r;

	if (dst % width)
		return CUDA_ERROR_INVALID_VALUE;	/* CUDA wants dst aligned to the word */
	if (!count)
		return CUDA_SUCCESS;
	r = cudart_cu_result(cudaMemsetAsync(addr(dst), 0, count * width, stream));
	if (r)
		return r;
	w = malloc(sizeof(*w));
	if (!w)
		return CUDA_ERROR_OUT_OF_MEMORY;
	*w = (struct word_set){ dst, value, width, count };
	r = cudart_cu_result(cudaLaunchHostFunc(stream, fill_words, w));
	if (r)
		free(w);
	return r;
}

CUresult cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N, CUstream hStream)
{
	return set_words_async(dstDevice, us, 2, N, hStream);
}

CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream)
{
	return set_words_async(dstDevice, ui, 4, N, hStream);
}

/* 2-D sets: Width elements of each of Height rows dstPitch bytes apart (CUDA: the pitch at least a row). */
static CUresult set_2d(CUdeviceptr dst, size_t pitch, unsigned int value, unsigned int width, size_t w, size_t h,
		       CUstream stream, bool async)
{
	CUresult r = CUDA_SUCCESS;

	if (h > 1 && pitch < w * width)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t y = 0; !r && y < h; y++) {
		CUdeviceptr row = dst + y * pitch;

		if (width == 1)
			r = cudart_cu_result(async ? cudaMemsetAsync(addr(row), (int)value, w, stream)
						   : cudaMemset(addr(row), (int)value, w));
		else
			r = async ? set_words_async(row, value, width, w, stream)
				  : cudart_cu_memset_words(row, value, width, w);
	}
	return r;
}

CUresult cuMemsetD2D8(CUdeviceptr dst, size_t pitch, unsigned char uc, size_t w, size_t h)
{
	return set_2d(dst, pitch, uc, 1, w, h, NULL, false);
}

CUresult cuMemsetD2D16(CUdeviceptr dst, size_t pitch, unsigned short us, size_t w, size_t h)
{
	return set_2d(dst, pitch, us, 2, w, h, NULL, false);
}

CUresult cuMemsetD2D32(CUdeviceptr dst, size_t pitch, unsigned int ui, size_t w, size_t h)
{
	return set_2d(dst, pitch, ui, 4, w, h, NULL, false);
}

CUresult cuMemsetD2D8Async(CUdeviceptr dst, size_t pitch, unsigned char uc, size_t w, size_t h, CUstream stream)
{
	return set_2d(dst, pitch, uc, 1, w, h, stream, true);
}

CUresult cuMemsetD2D16Async(CUdeviceptr dst, size_t pitch, unsigned short us, size_t w, size_t h, CUstream stream)
{
	return set_2d(dst, pitch, us, 2, w, h, stream, true);
}

CUresult cuMemsetD2D32Async(CUdeviceptr dst, size_t pitch, unsigned int ui, size_t w, size_t h, CUstream stream)
{
	return set_2d(dst, pitch, ui, 4, w, h, stream, true);
}
