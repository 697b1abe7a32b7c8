// SPDX-License-Identifier: MIT
/*
 * driver_graph.c - graph nodes through the driver API
 * (idxgen_cuda_drv_graph.h): a CUgraph is the runtime's cudaGraph_t and a
 * CUgraphNode its node, so every call is the runtime's after the driver's
 * parameter structures are turned into the runtime's (a kernel node's
 * CUfunction or CUkernel is the kernel's host stub; `extra` becomes
 * argument pointers as cuLaunchKernel's do; a 3-D copy's offsets are folded
 * into its pointers).  The runtime checks what the stream call would and
 * keeps the node's own copy of the arguments.
 */
#include <stdint.h>
#include <string.h>

#include "driver_int.h"

_Static_assert(sizeof(CUmemPoolProps) == sizeof(struct cudaMemPoolProps), "pool properties: CUDA's one layout");
_Static_assert(sizeof(CUmemAccessDesc) == sizeof(struct cudaMemAccessDesc), "access descriptors: one layout");
_Static_assert(sizeof(CUgraphExecUpdateResultInfo) == sizeof(cudaGraphExecUpdateResultInfo), "update info");
_Static_assert(sizeof(CUlaunchAttributeValue) == sizeof(cudaLaunchAttributeValue), "attribute values");

static CUresult ok(cudaError_t e)
{
	return cudart_cu_result(e);
}

/* a driver kernel node as the runtime's (args: CUDART_CU_MAX_PARAMS for an `extra` buffer) */
static CUresult rt_kernel(const CUDA_KERNEL_NODE_PARAMS *k, void **args, struct cudaKernelNodeParams *p)
{
	CUfunction f;
	void **params;
	CUresult r;

	if (!k)
		return CUDA_ERROR_INVALID_VALUE;
	f = k->func ? k->func : (CUfunction)k->kern;
	r = cudart_cu_kernel_args(f, k->kernelParams, k->extra, args, &params);
	if (r)
		return r;
	memset(p, 0, sizeof(*p));
	p->func = (void *)f;
	p->gridDim = (dim3){ k->gridDimX, k->gridDimY, k->gridDimZ };
	p->blockDim = (dim3){ k->blockDimX, k->blockDimY, k->blockDimZ };
	p->sharedMemBytes = k->sharedMemBytes;
	p->kernelParams = params;
	return CUDA_SUCCESS;
}

static CUresult rt_memset(const CUDA_MEMSET_NODE_PARAMS *m, struct cudaMemsetParams *p)
{
	if (!m)
		return CUDA_ERROR_INVALID_VALUE;
	*p = (struct cudaMemsetParams){ (void *)(uintptr_t)m->dst, m->pitch, m->value, m->elementSize, m->width,
					m->height };
	return CUDA_SUCCESS;
}

CUresult cuGraphAddKernelNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n,
			      const CUDA_KERNEL_NODE_PARAMS *params)
{
	void *args[CUDART_CU_MAX_PARAMS];
	struct cudaKernelNodeParams p;
	CUresult r = rt_kernel(params, args, &p);

	return r ? r : ok(cudaGraphAddKernelNode(node, graph, deps, n, &p));
}

CUresult cuGraphKernelNodeSetParams(CUgraphNode node, const CUDA_KERNEL_NODE_PARAMS *params)
{
	void *args[CUDART_CU_MAX_PARAMS];
	struct cudaKernelNodeParams p;
	CUresult r = rt_kernel(params, args, &p);

	return r ? r : ok(cudaGraphKernelNodeSetParams(node, &p));
}

/* the node's own argument copies as kernelParams; the function, not a CUkernel; the current context */
CUresult cuGraphKernelNodeGetParams(CUgraphNode node, CUDA_KERNEL_NODE_PARAMS *out)
{
	struct cudaKernelNodeParams p;
	CUcontext ctx = NULL;
	CUresult r;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaGraphKernelNodeGetParams(node, &p));
	if (r)
		return r;
	cuCtxGetCurrent(&ctx);
	memset(out, 0, sizeof(*out));
	out->func = (CUfunction)p.func;
	out->gridDimX = p.gridDim.x, out->gridDimY = p.gridDim.y, out->gridDimZ = p.gridDim.z;
	out->blockDimX = p.blockDim.x, out->blockDimY = p.blockDim.y, out->blockDimZ = p.blockDim.z;
	out->sharedMemBytes = p.sharedMemBytes;
	out->kernelParams = p.kernelParams;
	out->ctx = ctx;
	return CUDA_SUCCESS;
}

CUresult cuGraphAddMemcpyNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n,
			      const CUDA_MEMCPY3D *copy, CUcontext ctx)
{
	struct cudaMemcpy3DParms p;
	CUresult r;

	(void)ctx;	/* every context is the one device's */
	r = cudart_cu_memcpy3d(copy, &p);
	return r ? r : ok(cudaGraphAddMemcpyNode(node, graph, deps, n, &p));
}

CUresult cuGraphMemcpyNodeSetParams(CUgraphNode node, const CUDA_MEMCPY3D *copy)
{
	struct cudaMemcpy3DParms p;
	CUresult r = cudart_cu_memcpy3d(copy, &p);

	return r ? r : ok(cudaGraphMemcpyNodeSetParams(node, &p));
}

/* bytes of an element of a runtime array (1 without one: a pointer side's extent is in bytes) */
static size_t array_elem(cudaArray_t a)
{
	struct cudaChannelFormatDesc d;

	if (!a || cudaArrayGetInfo(&d, NULL, NULL, a) != cudaSuccess)
		return 1;
	return (size_t)(d.x + d.y + d.z + d.w) / 8;
}

/*
 * A copy node's parameters in the driver's terms: an array side as the
 * array with its byte offset, a pointer side as unified memory at the
 * address the copy starts from (offsets given at creation are in it).
 */
CUresult cuGraphMemcpyNodeGetParams(CUgraphNode node, CUDA_MEMCPY3D *out)
{
	struct cudaMemcpy3DParms p;
	size_t elem;
	CUresult r;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaGraphMemcpyNodeGetParams(node, &p));
	if (r)
		return r;
	elem = array_elem(p.srcArray ? p.srcArray : p.dstArray);
	memset(out, 0, sizeof(*out));
	if (p.srcArray) {
		out->srcMemoryType = CU_MEMORYTYPE_ARRAY, out->srcArray = (CUarray)p.srcArray;
		out->srcXInBytes = p.srcPos.x * elem, out->srcY = p.srcPos.y, out->srcZ = p.srcPos.z;
	} else {
		out->srcMemoryType = CU_MEMORYTYPE_UNIFIED;
		out->srcDevice = (CUdeviceptr)(uintptr_t)p.srcPtr.ptr + p.srcPos.x;
		out->srcY = p.srcPos.y, out->srcZ = p.srcPos.z;
		out->srcPitch = p.srcPtr.pitch, out->srcHeight = p.srcPtr.ysize;
	}
	if (p.dstArray) {
		out->dstMemoryType = CU_MEMORYTYPE_ARRAY, out->dstArray = (CUarray)p.dstArray;
		out->dstXInBytes = p.dstPos.x * elem, out->dstY = p.dstPos.y, out->dstZ = p.dstPos.z;
	} else {
		out->dstMemoryType = CU_MEMORYTYPE_UNIFIED;
		out->dstDevice = (CUdeviceptr)(uintptr_t)p.dstPtr.ptr + p.dstPos.x;
		out->dstY = p.dstPos.y, out->dstZ = p.dstPos.z;
		out->dstPitch = p.dstPtr.pitch, out->dstHeight = p.dstPtr.ysize;
	}
	out->WidthInBytes = p.extent.width * (p.srcArray || p.dstArray ? elem : 1);
	out->Height = p.extent.height;
	out->Depth = p.extent.depth;
	return CUDA_SUCCESS;
}

CUresult cuGraphAddMemsetNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n,
			      const CUDA_MEMSET_NODE_PARAMS *params, CUcontext ctx)
{
	struct cudaMemsetParams p;
	CUresult r = rt_memset(params, &p);

	(void)ctx;
	return r ? r : ok(cudaGraphAddMemsetNode(node, graph, deps, n, &p));
}

CUresult cuGraphMemsetNodeSetParams(CUgraphNode node, const CUDA_MEMSET_NODE_PARAMS *params)
{
	struct cudaMemsetParams p;
	CUresult r = rt_memset(params, &p);

	return r ? r : ok(cudaGraphMemsetNodeSetParams(node, &p));
}

CUresult cuGraphMemsetNodeGetParams(CUgraphNode node, CUDA_MEMSET_NODE_PARAMS *out)
{
	struct cudaMemsetParams p;
	CUresult r;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaGraphMemsetNodeGetParams(node, &p));
	if (!r)
		*out = (CUDA_MEMSET_NODE_PARAMS){ (CUdeviceptr)(uintptr_t)p.dst, p.pitch, p.value, p.elementSize,
						  p.width, p.height };
	return r;
}

CUresult cuGraphAddHostNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n,
			    const CUDA_HOST_NODE_PARAMS *params)
{
	struct cudaHostNodeParams p;

	if (!params)
		return CUDA_ERROR_INVALID_VALUE;
	p.fn = params->fn, p.userData = params->userData;
	return ok(cudaGraphAddHostNode(node, graph, deps, n, &p));
}

CUresult cuGraphHostNodeSetParams(CUgraphNode node, const CUDA_HOST_NODE_PARAMS *params)
{
	struct cudaHostNodeParams p;

	if (!params)
		return CUDA_ERROR_INVALID_VALUE;
	p.fn = params->fn, p.userData = params->userData;
	return ok(cudaGraphHostNodeSetParams(node, &p));
}

CUresult cuGraphHostNodeGetParams(CUgraphNode node, CUDA_HOST_NODE_PARAMS *out)
{
	struct cudaHostNodeParams p;
	CUresult r;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaGraphHostNodeGetParams(node, &p));
	if (!r)
		out->fn = p.fn, out->userData = p.userData;
	return r;
}

CUresult cuGraphAddChildGraphNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n, CUgraph child)
{
	return ok(cudaGraphAddChildGraphNode(node, graph, deps, n, child));
}

CUresult cuGraphChildGraphNodeGetGraph(CUgraphNode node, CUgraph *graph)
{
	return ok(cudaGraphChildGraphNodeGetGraph(node, graph));
}

CUresult cuGraphAddEmptyNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n)
{
	return ok(cudaGraphAddEmptyNode(node, graph, deps, n));
}

CUresult cuGraphAddEventRecordNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n, CUevent event)
{
	return ok(cudaGraphAddEventRecordNode(node, graph, deps, n, event));
}

CUresult cuGraphEventRecordNodeGetEvent(CUgraphNode node, CUevent *event)
{
	return ok(cudaGraphEventRecordNodeGetEvent(node, event));
}

CUresult cuGraphEventRecordNodeSetEvent(CUgraphNode node, CUevent event)
{
	return ok(cudaGraphEventRecordNodeSetEvent(node, event));
}

CUresult cuGraphAddEventWaitNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n, CUevent event)
{
	return ok(cudaGraphAddEventWaitNode(node, graph, deps, n, event));
}

CUresult cuGraphEventWaitNodeGetEvent(CUgraphNode node, CUevent *event)
{
	return ok(cudaGraphEventWaitNodeGetEvent(node, event));
}

CUresult cuGraphEventWaitNodeSetEvent(CUgraphNode node, CUevent event)
{
	return ok(cudaGraphEventWaitNodeSetEvent(node, event));
}

/* the address is the node's output (dptr), as CUDA's */
CUresult cuGraphAddMemAllocNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n,
				CUDA_MEM_ALLOC_NODE_PARAMS *params)
{
	struct cudaMemAllocNodeParams p;
	CUresult r;

	if (!params)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&p, 0, sizeof(p));
	memcpy(&p.poolProps, &params->poolProps, sizeof(p.poolProps));
	p.accessDescs = (const struct cudaMemAccessDesc *)params->accessDescs;
	p.accessDescCount = params->accessDescCount;
	p.bytesize = params->bytesize;
	r = ok(cudaGraphAddMemAllocNode(node, graph, deps, n, &p));
	if (!r)
		params->dptr = (CUdeviceptr)(uintptr_t)p.dptr;
	return r;
}

CUresult cuGraphMemAllocNodeGetParams(CUgraphNode node, CUDA_MEM_ALLOC_NODE_PARAMS *out)
{
	struct cudaMemAllocNodeParams p;
	CUresult r;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaGraphMemAllocNodeGetParams(node, &p));
	if (r)
		return r;
	memcpy(&out->poolProps, &p.poolProps, sizeof(out->poolProps));
	out->accessDescs = (const CUmemAccessDesc *)p.accessDescs;
	out->accessDescCount = p.accessDescCount;
	out->bytesize = p.bytesize;
	out->dptr = (CUdeviceptr)(uintptr_t)p.dptr;
	return CUDA_SUCCESS;
}

CUresult cuGraphAddMemFreeNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n, CUdeviceptr dptr)
{
	return ok(cudaGraphAddMemFreeNode(node, graph, deps, n, (void *)(uintptr_t)dptr));
}

CUresult cuGraphMemFreeNodeGetParams(CUgraphNode node, CUdeviceptr *dptr)
{
	void *p;
	CUresult r;

	if (!dptr)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaGraphMemFreeNodeGetParams(node, &p));
	if (!r)
		*dptr = (CUdeviceptr)(uintptr_t)p;
	return r;
}

CUresult cuGraphConditionalHandleCreate(CUgraphConditionalHandle *handle, CUgraph graph, CUcontext ctx,
					unsigned int value, unsigned int flags)
{
	cudaGraphConditionalHandle h;
	CUresult r;

	(void)ctx;
	if (!handle)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaGraphConditionalHandleCreate(&h, graph, value, flags));
	if (!r)
		*handle = h;
	return r;
}

CUresult cuGraphNodeGetType(CUgraphNode node, CUgraphNodeType *type)
{
	enum cudaGraphNodeType t;
	CUresult r;

	if (!type)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaGraphNodeGetType(node, &t));
	if (!r)
		*type = (CUgraphNodeType)t;	/* the same numbers */
	return r;
}

CUresult cuGraphDestroyNode(CUgraphNode node)
{
	return ok(cudaGraphDestroyNode(node));
}

CUresult cuGraphGetNodes(CUgraph graph, CUgraphNode *nodes, size_t *n)
{
	return ok(cudaGraphGetNodes(graph, nodes, n));
}

CUresult cuGraphGetRootNodes(CUgraph graph, CUgraphNode *nodes, size_t *n)
{
	return ok(cudaGraphGetRootNodes(graph, nodes, n));
}

CUresult cuGraphNodeFindInClone(CUgraphNode *node, CUgraphNode original, CUgraph clone)
{
	return ok(cudaGraphNodeFindInClone(node, original, clone));
}

CUresult cuGraphDebugDotPrint(CUgraph graph, const char *path, unsigned int flags)
{
	return ok(cudaGraphDebugDotPrint(graph, path, flags));
}

/* every edge here is a full dependency: edge data given must say so, edge data asked for is zero */
static bool plain_edges(const CUgraphEdgeData *e, size_t n)
{
	for (size_t i = 0; e && i < n; i++)
		if (e[i].from_port || e[i].to_port || e[i].type)
			return false;
	return true;
}

static void zero_edges(CUgraphEdgeData *e, size_t n)
{
	if (e)
		memset(e, 0, n * sizeof(*e));
}

CUresult cuGraphAddDependencies(CUgraph graph, const CUgraphNode *from, const CUgraphNode *to, size_t n)
{
	return ok(cudaGraphAddDependencies(graph, from, to, n));
}

CUresult cuGraphAddDependencies_v2(CUgraph graph, const CUgraphNode *from, const CUgraphNode *to,
				   const CUgraphEdgeData *edges, size_t n)
{
	return plain_edges(edges, n) ? cuGraphAddDependencies(graph, from, to, n) : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGraphRemoveDependencies(CUgraph graph, const CUgraphNode *from, const CUgraphNode *to, size_t n)
{
	return ok(cudaGraphRemoveDependencies(graph, from, to, n));
}

CUresult cuGraphRemoveDependencies_v2(CUgraph graph, const CUgraphNode *from, const CUgraphNode *to,
				      const CUgraphEdgeData *edges, size_t n)
{
	return plain_edges(edges, n) ? cuGraphRemoveDependencies(graph, from, to, n) : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGraphGetEdges(CUgraph graph, CUgraphNode *from, CUgraphNode *to, size_t *n)
{
	return ok(cudaGraphGetEdges(graph, from, to, n));
}

CUresult cuGraphGetEdges_v2(CUgraph graph, CUgraphNode *from, CUgraphNode *to, CUgraphEdgeData *edges, size_t *n)
{
	CUresult r = cuGraphGetEdges(graph, from, to, n);

	if (!r && from)
		zero_edges(edges, *n);
	return r;
}

CUresult cuGraphNodeGetDependencies(CUgraphNode node, CUgraphNode *deps, size_t *n)
{
	return ok(cudaGraphNodeGetDependencies(node, deps, n));
}

CUresult cuGraphNodeGetDependencies_v2(CUgraphNode node, CUgraphNode *deps, CUgraphEdgeData *edges, size_t *n)
{
	CUresult r = cuGraphNodeGetDependencies(node, deps, n);

	if (!r && deps)
		zero_edges(edges, *n);
	return r;
}

CUresult cuGraphNodeGetDependentNodes(CUgraphNode node, CUgraphNode *nodes, size_t *n)
{
	return ok(cudaGraphNodeGetDependentNodes(node, nodes, n));
}

CUresult cuGraphNodeGetDependentNodes_v2(CUgraphNode node, CUgraphNode *nodes, CUgraphEdgeData *edges, size_t *n)
{
	CUresult r = cuGraphNodeGetDependentNodes(node, nodes, n);

	if (!r && nodes)
		zero_edges(edges, *n);
	return r;
}

CUresult cuGraphKernelNodeGetAttribute(CUgraphNode node, CUkernelNodeAttrID attr, CUkernelNodeAttrValue *value)
{
	return ok(cudaGraphKernelNodeGetAttribute(node, (cudaLaunchAttributeID)attr, (cudaLaunchAttributeValue *)value));
}

CUresult cuGraphKernelNodeSetAttribute(CUgraphNode node, CUkernelNodeAttrID attr, const CUkernelNodeAttrValue *value)
{
	return ok(cudaGraphKernelNodeSetAttribute(node, (cudaLaunchAttributeID)attr,
						  (const cudaLaunchAttributeValue *)value));
}

CUresult cuGraphKernelNodeCopyAttributes(CUgraphNode dst, CUgraphNode src)
{
	return ok(cudaGraphKernelNodeCopyAttributes(dst, src));
}
