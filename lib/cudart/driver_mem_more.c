// SPDX-License-Identifier: MIT
/*
 * driver_mem_more.c - more memory calls through the driver API
 * (idxgen_cuda_drv_mem.h), each the runtime's: unified-memory advice and
 * prefetches (hints: one address space), range attributes, pointer
 * attributes in bulk (an address the API did not allocate gets CUDA's
 * "no such pointer" answers, zero, instead of an error, as CUDA documents
 * for cuPointerGetAttributes), the one settable pointer attribute,
 * batched copies and prefetches, 3-D peer copies (one device: a 3-D copy),
 * asynchronous 1-D array copies, array planes and sparse properties.
 */
#include <stdint.h>
#include <string.h>

#include "driver_int.h"

_Static_assert(sizeof(CUmemcpyAttributes) == sizeof(struct cudaMemcpyAttributes), "copy attributes: one layout");
_Static_assert(sizeof(CUDA_MEMCPY3D_BATCH_OP) == sizeof(struct cudaMemcpy3DBatchOp), "3-D batch operations");
_Static_assert(sizeof(CUDA_ARRAY_SPARSE_PROPERTIES) == sizeof(struct cudaArraySparseProperties), "sparse");
_Static_assert(sizeof(CUDA_ARRAY_MEMORY_REQUIREMENTS) == sizeof(struct cudaArrayMemoryRequirements), "requirements");

static CUresult ok(cudaError_t e)
{
	return cudart_cu_result(e);
}

static void *addr(CUdeviceptr p)
{
	return (void *)(uintptr_t)p;
}

static struct cudaMemLocation rt_location(CUmemLocation l)
{
	struct cudaMemLocation r;

	r.type = (enum cudaMemLocationType)l.type;
	r.id = l.id;
	return r;
}

CUresult cuMemAdvise(CUdeviceptr p, size_t count, CUmem_advise advice, CUdevice dev)
{
	return ok(cudaMemAdvise(addr(p), count, (enum cudaMemoryAdvise)advice, dev));
}

CUresult cuMemAdvise_v2(CUdeviceptr p, size_t count, CUmem_advise advice, CUmemLocation location)
{
	return ok(cudaMemAdvise_v2(addr(p), count, (enum cudaMemoryAdvise)advice, rt_location(location)));
}

CUresult cuMemPrefetchAsync(CUdeviceptr p, size_t count, CUdevice dev, CUstream stream)
{
	return ok(cudaMemPrefetchAsync(addr(p), count, dev, stream));
}

CUresult cuMemPrefetchAsync_v2(CUdeviceptr p, size_t count, CUmemLocation location, unsigned int flags,
			       CUstream stream)
{
	return ok(cudaMemPrefetchAsync_v2(addr(p), count, rt_location(location), flags, stream));
}

CUresult cuMemRangeGetAttribute(void *data, size_t size, CUmem_range_attribute attr, CUdeviceptr p, size_t count)
{
	return ok(cudaMemRangeGetAttribute(data, size, (enum cudaMemRangeAttribute)attr, addr(p), count));
}

CUresult cuMemRangeGetAttributes(void **data, size_t *sizes, CUmem_range_attribute *attrs, size_t n, CUdeviceptr p,
				 size_t count)
{
	return ok(cudaMemRangeGetAttributes(data, sizes, (enum cudaMemRangeAttribute *)attrs, n, addr(p), count));
}

/* bytes of a pointer attribute's value (0: not one of CUDA's) */
static size_t attribute_size(CUpointer_attribute a)
{
	switch (a) {
	case CU_POINTER_ATTRIBUTE_CONTEXT:
		return sizeof(CUcontext);
	case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
	case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
	case CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR:
		return sizeof(CUdeviceptr);
	case CU_POINTER_ATTRIBUTE_HOST_POINTER:
	case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
		return sizeof(void *);
	case CU_POINTER_ATTRIBUTE_P2P_TOKENS:
		return sizeof(CUDA_POINTER_ATTRIBUTE_P2P_TOKENS);
	case CU_POINTER_ATTRIBUTE_BUFFER_ID:
	case CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID:
		return sizeof(unsigned long long);
	case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
	case CU_POINTER_ATTRIBUTE_MAPPING_SIZE:
		return sizeof(size_t);
	case CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
		return sizeof(unsigned long long);
	case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
	case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
	case CU_POINTER_ATTRIBUTE_IS_MANAGED:
	case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
	case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
	case CU_POINTER_ATTRIBUTE_MAPPED:
	case CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
	case CU_POINTER_ATTRIBUTE_ACCESS_FLAGS:
	case CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE:
		return sizeof(unsigned int);
	default:
		return 0;
	}
}

/* Is p an address the API handed out (cuPointerGetAttribute answers only for those)? */
static bool known(CUdeviceptr p)
{
	struct cudaPointerAttributes a;

	return cudaPointerGetAttributes(&a, addr(p)) == cudaSuccess && a.type != cudaMemoryTypeUnregistered;
}

CUresult cuPointerGetAttributes(unsigned int n, CUpointer_attribute *attrs, void **data, CUdeviceptr p)
{
	bool ours = known(p);
	CUresult r;

	if (!n || !attrs || !data)
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; i < n; i++)
		if (!attribute_size(attrs[i]) || !data[i])
			return CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; i < n; i++) {
		if (!ours) {
			memset(data[i], 0, attribute_size(attrs[i]));
			if (attrs[i] == CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL)
				*(int *)data[i] = -2;	/* CUDA: no device */
			continue;
		}
		r = cuPointerGetAttribute(data[i], attrs[i], p);
		if (r == CUDA_ERROR_NOT_SUPPORTED)
			memset(data[i], 0, attribute_size(attrs[i]));	/* no tokens, handle types or pool here */
		else if (r)
			return r;
	}
	return CUDA_SUCCESS;
}

/* SYNC_MEMOPS is the one settable attribute: every memory operation here is synchronous already */
CUresult cuPointerSetAttribute(const void *value, CUpointer_attribute attr, CUdeviceptr p)
{
	if (!value || attr != CU_POINTER_ATTRIBUTE_SYNC_MEMOPS || !known(p))
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

CUresult cuMemPrefetchBatchAsync(CUdeviceptr *dptrs, size_t *sizes, size_t count, CUmemLocation *locs,
				 size_t *loc_idxs, size_t nlocs, unsigned long long flags, CUstream stream)
{
	return ok(cudaMemPrefetchBatchAsync((void **)dptrs, sizes, count, (struct cudaMemLocation *)locs, loc_idxs,
					    nlocs, flags, stream));
}

CUresult cuMemDiscardBatchAsync(CUdeviceptr *dptrs, size_t *sizes, size_t count, unsigned long long flags,
				CUstream stream)
{
	return ok(cudaMemDiscardBatchAsync((void **)dptrs, sizes, count, flags, stream));
}

CUresult cuMemDiscardAndPrefetchBatchAsync(CUdeviceptr *dptrs, size_t *sizes, size_t count, CUmemLocation *locs,
					   size_t *loc_idxs, size_t nlocs, unsigned long long flags, CUstream stream)
{
	return ok(cudaMemDiscardAndPrefetchBatchAsync((void **)dptrs, sizes, count, (struct cudaMemLocation *)locs,
						      loc_idxs, nlocs, flags, stream));
}

_Static_assert(sizeof(CUdeviceptr) == sizeof(void *), "a device pointer is an address here");

CUresult cuMemcpyBatchAsync(CUdeviceptr *dsts, CUdeviceptr *srcs, size_t *sizes, size_t count,
			    CUmemcpyAttributes *attrs, size_t *attr_idxs, size_t nattrs, CUstream stream)
{
	return ok(cudaMemcpyBatchAsync((void *const *)dsts, (const void *const *)srcs, sizes, count,
				       (struct cudaMemcpyAttributes *)attrs, attr_idxs, nattrs, stream));
}

CUresult cuMemcpy3DBatchAsync(size_t n, CUDA_MEMCPY3D_BATCH_OP *ops, unsigned long long flags, CUstream stream)
{
	return ok(cudaMemcpy3DBatchAsync(n, (struct cudaMemcpy3DBatchOp *)ops, flags, stream));
}

/* one device: a peer copy is the 3-D copy of its sides (each context, when given, is the device's) */
static CUresult peer3d(const CUDA_MEMCPY3D_PEER *c, bool async, CUstream stream)
{
	CUDA_MEMCPY3D m;

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&m, 0, sizeof(m));
	m.srcXInBytes = c->srcXInBytes, m.srcY = c->srcY, m.srcZ = c->srcZ, m.srcLOD = c->srcLOD;
	m.srcMemoryType = c->srcMemoryType, m.srcHost = c->srcHost, m.srcDevice = c->srcDevice;
	m.srcArray = c->srcArray, m.srcPitch = c->srcPitch, m.srcHeight = c->srcHeight;
	m.dstXInBytes = c->dstXInBytes, m.dstY = c->dstY, m.dstZ = c->dstZ, m.dstLOD = c->dstLOD;
	m.dstMemoryType = c->dstMemoryType, m.dstHost = c->dstHost, m.dstDevice = c->dstDevice;
	m.dstArray = c->dstArray, m.dstPitch = c->dstPitch, m.dstHeight = c->dstHeight;
	m.WidthInBytes = c->WidthInBytes, m.Height = c->Height, m.Depth = c->Depth;
	return async ? cuMemcpy3DAsync(&m, stream) : cuMemcpy3D(&m);
}

CUresult cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *c)
{
	return peer3d(c, false, NULL);
}

CUresult cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *c, CUstream stream)
{
	return peer3d(c, true, stream);
}

CUresult cuMemcpyHtoAAsync(CUarray dst, size_t offset, const void *src, size_t n, CUstream stream)
{
	return ok(cudaMemcpyToArrayAsync((cudaArray_t)dst, offset, 0, src, n, cudaMemcpyHostToDevice, stream));
}

CUresult cuMemcpyAtoHAsync(void *dst, CUarray src, size_t offset, size_t n, CUstream stream)
{
	return ok(cudaMemcpyFromArrayAsync(dst, (cudaArray_const_t)src, offset, 0, n, cudaMemcpyDeviceToHost, stream));
}

CUresult cuArrayGetPlane(CUarray *plane, CUarray array, unsigned int idx)
{
	return ok(cudaArrayGetPlane((cudaArray_t *)plane, (cudaArray_t)array, idx));
}

CUresult cuArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *props, CUarray array)
{
	return ok(cudaArrayGetSparseProperties((struct cudaArraySparseProperties *)props, (cudaArray_t)array));
}

CUresult cuArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *req, CUarray array, CUdevice dev)
{
	return ok(cudaArrayGetMemoryRequirements((struct cudaArrayMemoryRequirements *)req, (cudaArray_t)array, dev));
}

/*
 * Mapping memory into a sparse array's tiles: the arrays made here are
 * neither sparse nor mipmapped (their creation refuses those flags), so an
 * array entry is CUDA's answer for a non-sparse array, CUDA_ERROR_INVALID_VALUE,
 * and a mipmapped one a handle that cannot exist.
 */
CUresult cuMemMapArrayAsync(CUarrayMapInfo *list, unsigned int count, CUstream stream)
{
	unsigned int flags;

	if (!list || !count)
		return CUDA_ERROR_INVALID_VALUE;
	if (cudaStreamGetFlags(stream, &flags) != cudaSuccess)
		return CUDA_ERROR_INVALID_HANDLE;
	for (unsigned int i = 0; i < count; i++)
		if (list[i].resourceType == CU_RESOURCE_TYPE_MIPMAPPED_ARRAY)
			return CUDA_ERROR_INVALID_HANDLE;
	return CUDA_ERROR_INVALID_VALUE;
}
