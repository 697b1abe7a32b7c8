// SPDX-License-Identifier: MIT
/*
 * driver_more.c - more of the runtime's calls under the driver's names
 * (idxgen_cuda_drv_more.h): the device's identity, pitched allocations,
 * address ranges, pointer attributes, peer copies on one device,
 * stream-ordered allocation, stream queries, event records with flags,
 * stream capture and the graphs it makes (CUgraph is cudaGraph_t, one
 * object: what cuStreamEndCapture gives, cudaGraphLaunch & co. take).
 */
#include <stdint.h>
#include <string.h>

#include "driver_int.h"

static void *addr(CUdeviceptr p)
{
	return (void *)(uintptr_t)p;
}

/* the one device's primary context flags are the runtime's device flags */
CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active)
{
	if (!flags || !active)
		return CUDA_ERROR_INVALID_VALUE;
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	*active = 1;	/* the runtime's state exists from the first call on */
	return cudart_cu_result(cudaGetDeviceFlags(flags));
}

CUresult cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags)
{
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	if (flags & ~(unsigned int)CU_CTX_FLAGS_MASK)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaSetDeviceFlags(flags));
}

CUresult cuDevicePrimaryCtxReset(CUdevice dev)
{
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	return cudart_cu_result(cudaDeviceReset());
}

CUresult cuDeviceGetUuid(CUuuid *uuid, CUdevice dev)
{
	struct cudaDeviceProp p;
	CUresult r;

	if (!uuid)
		return CUDA_ERROR_INVALID_VALUE;
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	r = cudart_cu_result(cudaGetDeviceProperties(&p, 0));
	if (!r)
		memcpy(uuid->bytes, p.uuid.bytes, sizeof(uuid->bytes));
	return r;
}

CUresult cuDeviceGetPCIBusId(char *id, int len, CUdevice dev)
{
	if (!id || len <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	return cudart_cu_result(cudaDeviceGetPCIBusId(id, len, dev));
}

CUresult cuDeviceGetByPCIBusId(CUdevice *dev, const char *id)
{
	if (!dev || !id)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaDeviceGetByPCIBusId(dev, id));
}

/* CUDA: an element size of 4, 8 or 16 bytes; the pitch is the runtime's. */
CUresult cuMemAllocPitch(CUdeviceptr *dptr, size_t *pitch, size_t width, size_t height, unsigned int elem)
{
	void *p;
	CUresult r;

	if (!dptr || !pitch || !width || !height || (elem != 4 && elem != 8 && elem != 16))
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaMallocPitch(&p, pitch, width, height));
	if (!r)
		*dptr = (CUdeviceptr)(uintptr_t)p;
	return r;
}

CUresult cuMemGetAddressRange(CUdeviceptr *base, size_t *size, CUdeviceptr dptr)
{
	struct cudart_ctx *c = cudart_ctx();
	uintptr_t b = 0;
	size_t n = 0;
	bool found;

	pthread_mutex_lock(&c->lock);
	found = cudart_alloc_range(c, addr(dptr), &b, &n);
	pthread_mutex_unlock(&c->lock);
	if (!found)
		return CUDA_ERROR_NOT_FOUND;
	if (base)
		*base = (CUdeviceptr)b;
	if (size)
		*size = n;
	return CUDA_SUCCESS;
}

/* one device: a peer copy is a copy, each context the device's */
CUresult cuMemcpyPeer(CUdeviceptr dst, CUcontext dst_ctx, CUdeviceptr src, CUcontext src_ctx, size_t n)
{
	if (!dst_ctx || !src_ctx)
		return CUDA_ERROR_INVALID_CONTEXT;
	return cudart_cu_result(cudaMemcpyPeer(addr(dst), 0, addr(src), 0, n));
}

CUresult cuMemcpyPeerAsync(CUdeviceptr dst, CUcontext dst_ctx, CUdeviceptr src, CUcontext src_ctx, size_t n,
			   CUstream stream)
{
	if (!dst_ctx || !src_ctx)
		return CUDA_ERROR_INVALID_CONTEXT;
	return cudart_cu_result(cudaMemcpyPeerAsync(addr(dst), 0, addr(src), 0, n, stream));
}

CUresult cuMemAllocAsync(CUdeviceptr *dptr, size_t bytes, CUstream stream)
{
	void *p;
	CUresult r;

	if (!dptr)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaMallocAsync(&p, bytes, stream));
	if (!r)
		*dptr = (CUdeviceptr)(uintptr_t)p;
	return r;
}

CUresult cuMemFreeAsync(CUdeviceptr dptr, CUstream stream)
{
	return cudart_cu_result(cudaFreeAsync(addr(dptr), stream));
}

/*
 * A pointer's attributes, from the runtime's: the memory type (host for
 * page-locked and registered memory, device for device memory, managed
 * memory as CU_MEMORYTYPE_DEVICE with IS_MANAGED, as CUDA), its device and
 * host addresses (one address space: the pointer), the allocation's range;
 * a pointer the API did not allocate is CUDA_ERROR_INVALID_VALUE.  The
 * attributes a CPU device has no answer for (P2P tokens, IPC, RDMA,
 * handle types, compression) are CUDA_ERROR_NOT_SUPPORTED.
 */
CUresult cuPointerGetAttribute(void *data, CUpointer_attribute attr, CUdeviceptr ptr)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudaPointerAttributes a;
	uintptr_t base = 0;
	size_t size = 0;
	CUresult r;

	if (!data)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaPointerGetAttributes(&a, addr(ptr)));
	if (r)
		return r;
	if (a.type == cudaMemoryTypeUnregistered)
		return CUDA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&c->lock);
	cudart_alloc_range(c, addr(ptr), &base, &size);
	pthread_mutex_unlock(&c->lock);
	switch (attr) {
	case CU_POINTER_ATTRIBUTE_CONTEXT:
		return cuDevicePrimaryCtxRetain((CUcontext *)data, 0);
	case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
		*(unsigned int *)data = a.type == cudaMemoryTypeHost ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
		*(CUdeviceptr *)data = ptr;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_HOST_POINTER:
		*(void **)data = addr(ptr);
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
	case CU_POINTER_ATTRIBUTE_MAPPED:
		*(int *)data = 1;	/* every operation on it is synchronous with the host's view */
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_BUFFER_ID:
	case CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID:
		*(unsigned long long *)data = (unsigned long long)base;	/* unique while it lives */
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_IS_MANAGED:
		*(int *)data = a.type == cudaMemoryTypeManaged;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
		*(int *)data = 0;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
	case CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR:
		*(CUdeviceptr *)data = (CUdeviceptr)base;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
	case CU_POINTER_ATTRIBUTE_MAPPING_SIZE:
		*(size_t *)data = size;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_ACCESS_FLAGS:
		*(unsigned int *)data = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
	case CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
	case CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE:
		*(int *)data = 0;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_P2P_TOKENS:
	case CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
	case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
		return CUDA_ERROR_NOT_SUPPORTED;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

CUresult cuStreamGetId(CUstream stream, unsigned long long *id)
{
	if (!id)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaStreamGetId(stream, id));
}

CUresult cuStreamGetDevice(CUstream stream, CUdevice *dev)
{
	if (!dev)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaStreamGetDevice(stream, dev));
}

CUresult cuStreamAttachMemAsync(CUstream stream, CUdeviceptr dptr, size_t length, unsigned int flags)
{
	return cudart_cu_result(cudaStreamAttachMemAsync(stream, addr(dptr), length, flags));
}

CUresult cuEventRecordWithFlags(CUevent event, CUstream stream, unsigned int flags)
{
	if (flags & ~(unsigned int)CU_EVENT_RECORD_EXTERNAL)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaEventRecordWithFlags(event, stream, flags));
}

CUresult cuStreamBeginCapture(CUstream stream, CUstreamCaptureMode mode)
{
	if ((unsigned int)mode > CU_STREAM_CAPTURE_MODE_RELAXED)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaStreamBeginCapture(stream, (enum cudaStreamCaptureMode)mode));
}

CUresult cuStreamEndCapture(CUstream stream, CUgraph *graph)
{
	if (!graph)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaStreamEndCapture(stream, graph));
}

CUresult cuStreamIsCapturing(CUstream stream, CUstreamCaptureStatus *status)
{
	enum cudaStreamCaptureStatus s;
	CUresult r;

	if (!status)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaStreamIsCapturing(stream, &s));
	if (!r)
		*status = (CUstreamCaptureStatus)s;	/* the same numbers */
	return r;
}

CUresult cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *mode)
{
	if (!mode || (unsigned int)*mode > CU_STREAM_CAPTURE_MODE_RELAXED)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaThreadExchangeStreamCaptureMode((enum cudaStreamCaptureMode *)mode));
}

CUresult cuGraphCreate(CUgraph *graph, unsigned int flags)
{
	if (!graph || flags)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaGraphCreate(graph, flags));
}

CUresult cuGraphDestroy(CUgraph graph)
{
	return cudart_cu_result(cudaGraphDestroy(graph));
}

CUresult cuGraphClone(CUgraph *clone, CUgraph graph)
{
	if (!clone)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaGraphClone(clone, graph));
}

CUresult cuGraphInstantiateWithFlags(CUgraphExec *exec, CUgraph graph, unsigned long long flags)
{
	if (!exec)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaGraphInstantiateWithFlags(exec, graph, flags));
}

CUresult cuGraphInstantiate(CUgraphExec *exec, CUgraph graph, unsigned long long flags)
{
	return cuGraphInstantiateWithFlags(exec, graph, flags);
}

CUresult cuGraphLaunch(CUgraphExec exec, CUstream stream)
{
	return cudart_cu_result(cudaGraphLaunch(exec, stream));
}

CUresult cuGraphUpload(CUgraphExec exec, CUstream stream)
{
	return cudart_cu_result(cudaGraphUpload(exec, stream));
}

CUresult cuGraphExecDestroy(CUgraphExec exec)
{
	return cudart_cu_result(cudaGraphExecDestroy(exec));
}

CUresult cuCtxResetPersistingL2Cache(void)
{
	return cudart_cu_result(cudaCtxResetPersistingL2Cache());
}

/* CUDA 12 deprecated bank configuration: one bank width here, any accepted and the default read */
CUresult cuCtxGetSharedMemConfig(CUsharedconfig *config)
{
	if (!config)
		return CUDA_ERROR_INVALID_VALUE;
	*config = CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE;
	return CUDA_SUCCESS;
}

CUresult cuCtxSetSharedMemConfig(CUsharedconfig config)
{
	return (unsigned int)config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE ? CUDA_ERROR_INVALID_VALUE
										  : CUDA_SUCCESS;
}
