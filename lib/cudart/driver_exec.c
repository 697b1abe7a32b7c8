// SPDX-License-Identifier: MIT
/*
 * driver_exec.c - the driver API's events, page-locked host memory and the
 * memsets and copies driver_mem.c has not: the runtime's calls under the
 * driver's names (a CUevent is a cudaEvent_t, a CUstream a cudaStream_t,
 * a CUdeviceptr the address: one address space).
 */
#include <stdint.h>

#include "driver_int.h"

static void *addr(CUdeviceptr p)
{
	return (void *)(uintptr_t)p;
}

CUresult cuEventCreate(CUevent *ev, unsigned int flags)
{
	if (!ev)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaEventCreateWithFlags(ev, flags));
}

CUresult cuEventRecord(CUevent ev, CUstream stream)
{
	return cudart_cu_result(cudaEventRecord(ev, stream));
}

CUresult cuEventQuery(CUevent ev)
{
	return cudart_cu_result(cudaEventQuery(ev));
}

CUresult cuEventSynchronize(CUevent ev)
{
	return cudart_cu_result(cudaEventSynchronize(ev));
}

CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent end)
{
	return cudart_cu_result(cudaEventElapsedTime(ms, start, end));
}

CUresult cuEventDestroy(CUevent ev)
{
	return cudart_cu_result(cudaEventDestroy(ev));
}

CUresult cuStreamWaitEvent(CUstream stream, CUevent ev, unsigned int flags)
{
	return cudart_cu_result(cudaStreamWaitEvent(stream, ev, flags));
}

/* The driver's CU_MEMHOSTALLOC_* flags are the runtime's cudaHostAlloc* values. */
CUresult cuMemHostAlloc(void **pp, size_t bytes, unsigned int flags)
{
	if (!pp)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaHostAlloc(pp, bytes, flags));
}

CUresult cuMemHostGetDevicePointer(CUdeviceptr *dptr, void *p, unsigned int flags)
{
	void *d;
	CUresult r;

	if (!dptr)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaHostGetDevicePointer(&d, p, flags));
	if (!r)
		*dptr = (CUdeviceptr)(uintptr_t)d;
	return r;
}

CUresult cuMemHostGetFlags(unsigned int *flags, void *p)
{
	return cudart_cu_result(cudaHostGetFlags(flags, p));
}

CUresult cuMemHostRegister(void *p, size_t bytes, unsigned int flags)
{
	return cudart_cu_result(cudaHostRegister(p, bytes, flags));
}

CUresult cuMemHostUnregister(void *p)
{
	return cudart_cu_result(cudaHostUnregister(p));
}

CUresult cuMemcpyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream)
{
	return cudart_cu_result(
		cudaMemcpyAsync(addr(dst), addr(src), bytes, cudaMemcpyDeviceToDevice, stream));
}

CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t count, CUstream stream)
{
	return cudart_cu_result(cudaMemsetAsync(addr(dst), value, count, stream));
}

/* count 16-bit words (driver_mem.c: as cuMemsetD32) */
CUresult cuMemsetD16(CUdeviceptr dst, unsigned short value, size_t count)
{
	return cudart_cu_memset_words(dst, value, 2, count);
}
