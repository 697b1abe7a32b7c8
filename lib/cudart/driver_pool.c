// SPDX-License-Identifier: MIT
/*
 * driver_pool.c - memory pools through the driver API
 * (idxgen_cuda_drv_mem.h): a CUmemoryPool is the runtime's cudaMemPool_t,
 * the driver's pool properties, access descriptors and locations have the
 * runtime's layouts and numbers, so each call is the runtime's (mempool.c,
 * batch.c, graph_mem.c), with its checks and answers: shareable handles
 * and pointer export refused as the runtime refuses them (one process).
 */
#include <stdint.h>
#include <string.h>

#include "driver_int.h"

_Static_assert(sizeof(CUmemLocation) == sizeof(struct cudaMemLocation), "locations: one layout");
_Static_assert(sizeof(CUmemPoolPtrExportData) == sizeof(struct cudaMemPoolPtrExportData), "export data");
_Static_assert((int)CU_MEMPOOL_ATTR_USED_MEM_HIGH == (int)cudaMemPoolAttrUsedMemHigh, "pool attributes: one numbering");
_Static_assert((int)CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH == (int)cudaGraphMemAttrReservedMemHigh, "graph memory");

static CUresult ok(cudaError_t e)
{
	return cudart_cu_result(e);
}

CUresult cuMemPoolCreate(CUmemoryPool *pool, const CUmemPoolProps *props)
{
	return ok(cudaMemPoolCreate(pool, (const struct cudaMemPoolProps *)props));
}

CUresult cuMemPoolDestroy(CUmemoryPool pool)
{
	return ok(cudaMemPoolDestroy(pool));
}

CUresult cuMemPoolTrimTo(CUmemoryPool pool, size_t keep)
{
	return ok(cudaMemPoolTrimTo(pool, keep));
}

CUresult cuMemPoolSetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value)
{
	return ok(cudaMemPoolSetAttribute(pool, (enum cudaMemPoolAttr)attr, value));
}

CUresult cuMemPoolGetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value)
{
	return ok(cudaMemPoolGetAttribute(pool, (enum cudaMemPoolAttr)attr, value));
}

CUresult cuMemPoolSetAccess(CUmemoryPool pool, const CUmemAccessDesc *map, size_t count)
{
	return ok(cudaMemPoolSetAccess(pool, (const struct cudaMemAccessDesc *)map, count));
}

CUresult cuMemPoolGetAccess(CUmemAccess_flags *flags, CUmemoryPool pool, CUmemLocation *location)
{
	enum cudaMemAccessFlags f;
	CUresult r;

	if (!flags)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaMemPoolGetAccess(&f, pool, (struct cudaMemLocation *)location));
	if (!r)
		*flags = (CUmemAccess_flags)f;
	return r;
}

CUresult cuMemPoolExportToShareableHandle(void *handle, CUmemoryPool pool, CUmemAllocationHandleType type,
					  unsigned long long flags)
{
	if (flags > 0xffffffffu)
		return CUDA_ERROR_INVALID_VALUE;
	return ok(cudaMemPoolExportToShareableHandle(handle, pool, (enum cudaMemAllocationHandleType)type,
						     (unsigned int)flags));
}

CUresult cuMemPoolImportFromShareableHandle(CUmemoryPool *pool, void *handle, CUmemAllocationHandleType type,
					    unsigned long long flags)
{
	if (flags > 0xffffffffu)
		return CUDA_ERROR_INVALID_VALUE;
	return ok(cudaMemPoolImportFromShareableHandle(pool, handle, (enum cudaMemAllocationHandleType)type,
						       (unsigned int)flags));
}

CUresult cuMemPoolExportPointer(CUmemPoolPtrExportData *data, CUdeviceptr ptr)
{
	return ok(cudaMemPoolExportPointer((struct cudaMemPoolPtrExportData *)data, (void *)(uintptr_t)ptr));
}

CUresult cuMemPoolImportPointer(CUdeviceptr *ptr, CUmemoryPool pool, CUmemPoolPtrExportData *data)
{
	void *p = NULL;
	CUresult r;

	if (!ptr)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaMemPoolImportPointer(&p, pool, (struct cudaMemPoolPtrExportData *)data));
	if (!r)
		*ptr = (CUdeviceptr)(uintptr_t)p;
	return r;
}

CUresult cuMemAllocFromPoolAsync(CUdeviceptr *dptr, size_t bytes, CUmemoryPool pool, CUstream stream)
{
	void *p = NULL;
	CUresult r;

	if (!dptr)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaMallocFromPoolAsync(&p, bytes, pool, stream));
	if (!r)
		*dptr = (CUdeviceptr)(uintptr_t)p;
	return r;
}

CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *pool, CUdevice dev)
{
	return ok(cudaDeviceGetDefaultMemPool(pool, dev));
}

CUresult cuDeviceGetMemPool(CUmemoryPool *pool, CUdevice dev)
{
	return ok(cudaDeviceGetMemPool(pool, dev));
}

CUresult cuDeviceSetMemPool(CUdevice dev, CUmemoryPool pool)
{
	return ok(cudaDeviceSetMemPool(dev, pool));
}

CUresult cuMemGetDefaultMemPool(CUmemoryPool *pool, CUmemLocation *location, CUmemAllocationType type)
{
	return ok(cudaMemGetDefaultMemPool(pool, (struct cudaMemLocation *)location, (enum cudaMemAllocationType)type));
}

CUresult cuMemGetMemPool(CUmemoryPool *pool, CUmemLocation *location, CUmemAllocationType type)
{
	return ok(cudaMemGetMemPool(pool, (struct cudaMemLocation *)location, (enum cudaMemAllocationType)type));
}

CUresult cuMemSetMemPool(CUmemLocation *location, CUmemAllocationType type, CUmemoryPool pool)
{
	return ok(cudaMemSetMemPool((struct cudaMemLocation *)location, (enum cudaMemAllocationType)type, pool));
}

CUresult cuDeviceGetGraphMemAttribute(CUdevice dev, CUgraphMem_attribute attr, void *value)
{
	return ok(cudaDeviceGetGraphMemAttribute(dev, (enum cudaGraphMemAttributeType)attr, value));
}

CUresult cuDeviceSetGraphMemAttribute(CUdevice dev, CUgraphMem_attribute attr, void *value)
{
	return ok(cudaDeviceSetGraphMemAttribute(dev, (enum cudaGraphMemAttributeType)attr, value));
}

CUresult cuDeviceGraphMemTrim(CUdevice dev)
{
	return ok(cudaDeviceGraphMemTrim(dev));
}
