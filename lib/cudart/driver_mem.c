// SPDX-License-Identifier: MIT
/*
 * driver_mem.c - the driver API's linear memory: the runtime's calls under
 * the driver's names (a CUdeviceptr is the address, one address space).
 */
#include <stdint.h>

#include "driver_int.h"

static void *addr(CUdeviceptr p)
{
	return (void *)(uintptr_t)p;
}

CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytes)
{
	void *p;
	CUresult r;

	if (!dptr || !bytes)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaMalloc(&p, bytes));
	if (!r)
		*dptr = (CUdeviceptr)(uintptr_t)p;
	return r;
}

CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytes, unsigned int flags)
{
	void *p;
	CUresult r;

	if (!dptr || !bytes)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaMallocManaged(&p, bytes, flags));
	if (!r)
		*dptr = (CUdeviceptr)(uintptr_t)p;
	return r;
}

CUresult cuMemFree(CUdeviceptr dptr)
{
	return cudart_cu_result(cudaFree(addr(dptr)));
}

CUresult cuMemAllocHost(void **pp, size_t bytes)
{
	if (!pp)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaMallocHost(pp, bytes));
}

CUresult cuMemFreeHost(void *p)
{
	return cudart_cu_result(cudaFreeHost(p));
}

CUresult cuMemGetInfo(size_t *free_bytes, size_t *total_bytes)
{
	return cudart_cu_result(cudaMemGetInfo(free_bytes, total_bytes));
}

CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t bytes)
{
	return cudart_cu_result(cudaMemcpy(addr(dst), addr(src), bytes, cudaMemcpyDefault));
}

CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes)
{
	return cudart_cu_result(cudaMemcpy(addr(dst), src, bytes, cudaMemcpyHostToDevice));
}

CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes)
{
	return cudart_cu_result(cudaMemcpy(dst, addr(src), bytes, cudaMemcpyDeviceToHost));
}

CUresult cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t bytes)
{
	return cudart_cu_result(cudaMemcpy(addr(dst), addr(src), bytes, cudaMemcpyDeviceToDevice));
}

CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t bytes, CUstream stream)
{
	return cudart_cu_result(
		cudaMemcpyAsync(addr(dst), src, bytes, cudaMemcpyHostToDevice, stream));
}

CUresult cuMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t bytes, CUstream stream)
{
	return cudart_cu_result(
		cudaMemcpyAsync(dst, addr(src), bytes, cudaMemcpyDeviceToHost, stream));
}

CUresult cuMemsetD8(CUdeviceptr dst, unsigned char value, size_t count)
{
	return cudart_cu_result(cudaMemset(addr(dst), value, count));
}

CUresult cudart_cu_memset_words(CUdeviceptr dst, unsigned int value, unsigned int width, size_t count)
{
	CUresult r;

	if (dst % width)
		return CUDA_ERROR_INVALID_VALUE;	/* CUDA wants dst aligned to the word */
	if (!count)
		return CUDA_SUCCESS;
	r = cudart_cu_result(cudaMemset(addr(dst), 0, count * width));	/* validates the range */
	if (r)
		return r;
	r = cudart_cu_result(cudaDeviceSynchronize());
	for (size_t i = 0; !r && i < count; i++) {
		if (width == 2)
			((unsigned short *)addr(dst))[i] = (unsigned short)value;
		else
			((unsigned int *)addr(dst))[i] = value;
	}
	return r;
}

/* count 32-bit words */
CUresult cuMemsetD32(CUdeviceptr dst, unsigned int value, size_t count)
{
	return cudart_cu_memset_words(dst, value, 4, count);
}
