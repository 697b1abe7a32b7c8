/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_drv_mem.h - memory through the driver API on the runtime's
 * (lib/cudart/driver_pool.c, driver_mem_more.c): memory pools (a
 * CUmemoryPool is the runtime's cudaMemPool_t), stream-ordered allocation
 * from a pool, graph memory attributes, unified-memory advice, prefetches
 * and range attributes, pointer attributes in bulk, batched copies, peer
 * 3-D copies, asynchronous array copies, array planes and sparse
 * properties.  CUDA's names, values and layouts; C has CUDA 12's
 * cuMemAdvise/cuMemPrefetchAsync (a device ordinal) and CUDA 12.2's
 * location forms as _v2, C++ both as overloads.  Included by cuda.h.
 */
#ifndef IDXGEN_CUDA_H
#include "cuda.h"
#elif !defined(IDXGEN_CUDA_DRV_MEM_H)
#define IDXGEN_CUDA_DRV_MEM_H

#ifdef __cplusplus
extern "C" {
#endif

#define CU_DEVICE_CPU ((CUdevice)-1)
#define CU_DEVICE_INVALID ((CUdevice)-2)

typedef enum CUmemPool_attribute_enum {
	CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES = 1,
	CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC,
	CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES,
	CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
	CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT,
	CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH,
	CU_MEMPOOL_ATTR_USED_MEM_CURRENT,
	CU_MEMPOOL_ATTR_USED_MEM_HIGH
} CUmemPool_attribute;

typedef struct CUmemPoolPtrExportData_st {
	unsigned char reserved[64];
} CUmemPoolPtrExportData_v1;
typedef CUmemPoolPtrExportData_v1 CUmemPoolPtrExportData;

typedef enum CUmem_advise_enum {
	CU_MEM_ADVISE_SET_READ_MOSTLY = 1,
	CU_MEM_ADVISE_UNSET_READ_MOSTLY = 2,
	CU_MEM_ADVISE_SET_PREFERRED_LOCATION = 3,
	CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION = 4,
	CU_MEM_ADVISE_SET_ACCESSED_BY = 5,
	CU_MEM_ADVISE_UNSET_ACCESSED_BY = 6
} CUmem_advise;

typedef enum CUmem_range_attribute_enum {
	CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY = 1,
	CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION = 2,
	CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY = 3,
	CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION = 4,
	CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE = 5,
	CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID = 6,
	CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE = 7,
	CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID = 8
} CUmem_range_attribute;

typedef struct CUDA_POINTER_ATTRIBUTE_P2P_TOKENS_st {
	unsigned long long p2pToken;
	unsigned int vaSpaceToken;
} CUDA_POINTER_ATTRIBUTE_P2P_TOKENS_v1;
typedef CUDA_POINTER_ATTRIBUTE_P2P_TOKENS_v1 CUDA_POINTER_ATTRIBUTE_P2P_TOKENS;

/* batched copies (the runtime's cudaMemcpyAttributes & co., field for field) */
typedef enum CUmemcpySrcAccessOrder_enum {
	CU_MEMCPY_SRC_ACCESS_ORDER_INVALID = 0x0,
	CU_MEMCPY_SRC_ACCESS_ORDER_STREAM = 0x1,
	CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL = 0x2,
	CU_MEMCPY_SRC_ACCESS_ORDER_ANY = 0x3,
	CU_MEMCPY_SRC_ACCESS_ORDER_MAX = 0x7FFFFFFF
} CUmemcpySrcAccessOrder;

typedef enum CUmemcpyFlags_enum {
	CU_MEMCPY_FLAG_DEFAULT = 0x0,
	CU_MEMCPY_FLAG_PREFER_OVERLAP_WITH_COMPUTE = 0x1
} CUmemcpyFlags;

typedef struct CUmemcpyAttributes_st {
	CUmemcpySrcAccessOrder srcAccessOrder;
	CUmemLocation srcLocHint;
	CUmemLocation dstLocHint;
	unsigned int flags;
} CUmemcpyAttributes_v1;
typedef CUmemcpyAttributes_v1 CUmemcpyAttributes;

typedef enum CUmemcpy3DOperandType_enum {
	CU_MEMCPY_OPERAND_TYPE_POINTER = 0x1,
	CU_MEMCPY_OPERAND_TYPE_ARRAY = 0x2,
	CU_MEMCPY_OPERAND_TYPE_MAX = 0x7FFFFFFF
} CUmemcpy3DOperandType;

typedef struct CUoffset3D_st {
	size_t x, y, z;
} CUoffset3D_v1;
typedef CUoffset3D_v1 CUoffset3D;

typedef struct CUextent3D_st {
	size_t width, height, depth;
} CUextent3D_v1;
typedef CUextent3D_v1 CUextent3D;

typedef struct CUmemcpy3DOperand_st {
	CUmemcpy3DOperandType type;
	union {
		struct {
			CUdeviceptr ptr;
			size_t rowLength;
			size_t layerHeight;
			CUmemLocation locHint;
		} ptr;
		struct {
			CUarray array;
			CUoffset3D offset;
		} array;
	} op;
} CUmemcpy3DOperand_v1;
typedef CUmemcpy3DOperand_v1 CUmemcpy3DOperand;

typedef struct CUDA_MEMCPY3D_BATCH_OP_st {
	CUmemcpy3DOperand src;
	CUmemcpy3DOperand dst;
	CUextent3D extent;
	CUmemcpySrcAccessOrder srcAccessOrder;
	unsigned int flags;
} CUDA_MEMCPY3D_BATCH_OP_v1;
typedef CUDA_MEMCPY3D_BATCH_OP_v1 CUDA_MEMCPY3D_BATCH_OP;

typedef struct CUDA_MEMCPY3D_PEER_st {
	size_t srcXInBytes, srcY, srcZ, srcLOD;
	CUmemorytype srcMemoryType;
	const void *srcHost;
	CUdeviceptr srcDevice;
	CUarray srcArray;
	CUcontext srcContext;
	size_t srcPitch, srcHeight;
	size_t dstXInBytes, dstY, dstZ, dstLOD;
	CUmemorytype dstMemoryType;
	void *dstHost;
	CUdeviceptr dstDevice;
	CUarray dstArray;
	CUcontext dstContext;
	size_t dstPitch, dstHeight;
	size_t WidthInBytes, Height, Depth;
} CUDA_MEMCPY3D_PEER_v1;
typedef CUDA_MEMCPY3D_PEER_v1 CUDA_MEMCPY3D_PEER;

/* arrays' planes, sparse properties and memory requirements */
typedef struct CUDA_ARRAY_SPARSE_PROPERTIES_st {
	struct {
		unsigned int width, height, depth;
	} tileExtent;
	unsigned int miptailFirstLevel;
	unsigned long long miptailSize;
	unsigned int flags;
	unsigned int reserved[4];
} CUDA_ARRAY_SPARSE_PROPERTIES_v1;
typedef CUDA_ARRAY_SPARSE_PROPERTIES_v1 CUDA_ARRAY_SPARSE_PROPERTIES;

typedef struct CUDA_ARRAY_MEMORY_REQUIREMENTS_st {
	size_t size;
	size_t alignment;
	unsigned int reserved[4];
} CUDA_ARRAY_MEMORY_REQUIREMENTS_v1;
typedef CUDA_ARRAY_MEMORY_REQUIREMENTS_v1 CUDA_ARRAY_MEMORY_REQUIREMENTS;

/* sparse arrays' mappings (cuMemMapArrayAsync; no sparse array is made here) */
typedef enum CUarraySparseSubresourceType_enum {
	CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL = 0,
	CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL = 1
} CUarraySparseSubresourceType;

typedef enum CUmemOperationType_enum { CU_MEM_OPERATION_TYPE_MAP = 1, CU_MEM_OPERATION_TYPE_UNMAP = 2 } CUmemOperationType;
typedef enum CUmemHandleType_enum { CU_MEM_HANDLE_TYPE_GENERIC = 0 } CUmemHandleType;

typedef struct CUarrayMapInfo_st {
	CUresourcetype resourceType;
	union {
		CUmipmappedArray mipmap;
		CUarray array;
	} resource;
	CUarraySparseSubresourceType subresourceType;
	union {
		struct {
			unsigned int level, layer;
			unsigned int offsetX, offsetY, offsetZ;
			unsigned int extentWidth, extentHeight, extentDepth;
		} sparseLevel;
		struct {
			unsigned int layer;
			unsigned long long offset;
			unsigned long long size;
		} miptail;
	} subresource;
	CUmemOperationType memOperationType;
	CUmemHandleType memHandleType;
	union {
		CUmemGenericAllocationHandle memHandle;
	} memHandle;
	unsigned long long offset;
	unsigned int deviceBitMask;
	unsigned int flags;
	unsigned int reserved[2];
} CUarrayMapInfo_v1;
typedef CUarrayMapInfo_v1 CUarrayMapInfo;

/* memory pools (driver_pool.c) */
CUresult cuMemPoolCreate(CUmemoryPool *pool, const CUmemPoolProps *poolProps);
CUresult cuMemPoolDestroy(CUmemoryPool pool);
CUresult cuMemPoolTrimTo(CUmemoryPool pool, size_t minBytesToKeep);
CUresult cuMemPoolSetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value);
CUresult cuMemPoolGetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value);
CUresult cuMemPoolSetAccess(CUmemoryPool pool, const CUmemAccessDesc *map, size_t count);
CUresult cuMemPoolGetAccess(CUmemAccess_flags *flags, CUmemoryPool memPool, CUmemLocation *location);
CUresult cuMemPoolExportToShareableHandle(void *handle_out, CUmemoryPool pool, CUmemAllocationHandleType handleType,
					  unsigned long long flags);
CUresult cuMemPoolImportFromShareableHandle(CUmemoryPool *pool_out, void *handle, CUmemAllocationHandleType handleType,
					    unsigned long long flags);
CUresult cuMemPoolExportPointer(CUmemPoolPtrExportData *shareData_out, CUdeviceptr ptr);
CUresult cuMemPoolImportPointer(CUdeviceptr *ptr_out, CUmemoryPool pool, CUmemPoolPtrExportData *shareData);
CUresult cuMemAllocFromPoolAsync(CUdeviceptr *dptr, size_t bytesize, CUmemoryPool pool, CUstream hStream);
CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *pool_out, CUdevice dev);
CUresult cuDeviceGetMemPool(CUmemoryPool *pool, CUdevice dev);
CUresult cuDeviceSetMemPool(CUdevice dev, CUmemoryPool pool);
CUresult cuMemGetDefaultMemPool(CUmemoryPool *pool_out, CUmemLocation *location, CUmemAllocationType type);
CUresult cuMemGetMemPool(CUmemoryPool *pool, CUmemLocation *location, CUmemAllocationType type);
CUresult cuMemSetMemPool(CUmemLocation *location, CUmemAllocationType type, CUmemoryPool pool);
CUresult cuDeviceGetGraphMemAttribute(CUdevice device, CUgraphMem_attribute attr, void *value);
CUresult cuDeviceSetGraphMemAttribute(CUdevice device, CUgraphMem_attribute attr, void *value);
CUresult cuDeviceGraphMemTrim(CUdevice device);

/* unified memory, pointers, copies (driver_mem_more.c) */
CUresult cuMemAdvise(CUdeviceptr devPtr, size_t count, CUmem_advise advice, CUdevice device);
CUresult cuMemAdvise_v2(CUdeviceptr devPtr, size_t count, CUmem_advise advice, CUmemLocation location);
CUresult cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count, CUdevice dstDevice, CUstream hStream);
CUresult cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count, CUmemLocation location, unsigned int flags,
			       CUstream hStream);
CUresult cuMemRangeGetAttribute(void *data, size_t dataSize, CUmem_range_attribute attribute, CUdeviceptr devPtr,
				size_t count);
CUresult cuMemRangeGetAttributes(void **data, size_t *dataSizes, CUmem_range_attribute *attributes,
				 size_t numAttributes, CUdeviceptr devPtr, size_t count);
CUresult cuPointerGetAttributes(unsigned int numAttributes, CUpointer_attribute *attributes, void **data,
				CUdeviceptr ptr);
CUresult cuPointerSetAttribute(const void *value, CUpointer_attribute attribute, CUdeviceptr ptr);
CUresult cuMemPrefetchBatchAsync(CUdeviceptr *dptrs, size_t *sizes, size_t count, CUmemLocation *prefetchLocs,
				 size_t *prefetchLocIdxs, size_t numPrefetchLocs, unsigned long long flags,
				 CUstream hStream);
CUresult cuMemDiscardBatchAsync(CUdeviceptr *dptrs, size_t *sizes, size_t count, unsigned long long flags,
				CUstream hStream);
CUresult cuMemDiscardAndPrefetchBatchAsync(CUdeviceptr *dptrs, size_t *sizes, size_t count,
					   CUmemLocation *prefetchLocs, size_t *prefetchLocIdxs,
					   size_t numPrefetchLocs, unsigned long long flags, CUstream hStream);
CUresult cuMemcpyBatchAsync(CUdeviceptr *dsts, CUdeviceptr *srcs, size_t *sizes, size_t count,
			    CUmemcpyAttributes *attrs, size_t *attrsIdxs, size_t numAttrs, CUstream hStream);
CUresult cuMemcpy3DBatchAsync(size_t numOps, CUDA_MEMCPY3D_BATCH_OP *opList, unsigned long long flags,
			      CUstream hStream);
CUresult cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *pCopy);
CUresult cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *pCopy, CUstream hStream);
CUresult cuMemcpyHtoAAsync(CUarray dstArray, size_t dstOffset, const void *srcHost, size_t ByteCount,
			   CUstream hStream);
CUresult cuMemcpyAtoHAsync(void *dstHost, CUarray srcArray, size_t srcOffset, size_t ByteCount, CUstream hStream);
CUresult cuArrayGetPlane(CUarray *pPlaneArray, CUarray hArray, unsigned int planeIdx);
CUresult cuMemMapArrayAsync(CUarrayMapInfo *mapInfoList, unsigned int count, CUstream hStream);
CUresult cuArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUarray array);
CUresult cuArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements, CUarray array,
				      CUdevice device);

#ifdef __cplusplus
}

/* CUDA 13's signatures (C: the _v2 names above) */
static inline CUresult cuMemAdvise(CUdeviceptr devPtr, size_t count, CUmem_advise advice, CUmemLocation location)
{
	return cuMemAdvise_v2(devPtr, count, advice, location);
}
static inline CUresult cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count, CUmemLocation location,
					  unsigned int flags, CUstream hStream)
{
	return cuMemPrefetchAsync_v2(devPtr, count, location, flags, hStream);
}
#endif
#endif /* IDXGEN_CUDA_DRV_MEM_H */
