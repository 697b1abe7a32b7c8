// SPDX-License-Identifier: MIT
/*
 * driver_graph_exec.c - more graphs through the driver API
 * (idxgen_cuda_drv_graph.h): nodes by their generic parameters (each type
 * handed to its own driver call, so it gets that call's conversion and
 * checks), executable graphs (instantiation with parameters, node updates,
 * whole-graph updates, enabling), user objects, cuLaunchKernelEx, stream
 * attributes and the capture calls with dependencies.  All on the
 * runtime's objects: CUgraphExec is cudaGraphExec_t, CUuserObject
 * cudaUserObject_t, a launch attribute's value the runtime's (one layout).
 */
#include <stdint.h>
#include <string.h>

#include "driver_int.h"

static CUresult ok(cudaError_t e)
{
	return cudart_cu_result(e);
}

static CUresult add_child(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n,
			  const CUDA_CHILD_GRAPH_NODE_PARAMS *c)
{
	cudaGraphNodeParams p;

	if (c->ownership == CU_GRAPH_CHILD_GRAPH_OWNERSHIP_CLONE)
		return cuGraphAddChildGraphNode(node, graph, deps, n, c->graph);
	memset(&p, 0, sizeof(p));
	p.type = cudaGraphNodeTypeGraph;
	p.graph.graph = c->graph;
	p.graph.ownership = (enum cudaGraphChildGraphNodeOwnership)c->ownership;
	return ok(cudaGraphAddNode(node, graph, deps, n, &p));
}

static CUresult add_conditional(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n,
				CUDA_CONDITIONAL_NODE_PARAMS *c)
{
	cudaGraphNodeParams p;

	memset(&p, 0, sizeof(p));
	p.type = cudaGraphNodeTypeConditional;
	p.conditional.handle = c->handle;
	p.conditional.type = (enum cudaGraphConditionalNodeType)c->type;
	p.conditional.size = c->size;
	p.conditional.phGraph_out = c->phGraph_out;
	return ok(cudaGraphAddNode(node, graph, deps, n, &p));
}

CUresult cuGraphAddNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n, CUgraphNodeParams *p)
{
	CUDA_KERNEL_NODE_PARAMS k;
	CUDA_MEMSET_NODE_PARAMS m;
	CUDA_MEM_ALLOC_NODE_PARAMS a;
	CUDA_BATCH_MEM_OP_NODE_PARAMS b;
	CUresult r;

	if (!p || p->reserved0[0] || p->reserved0[1] || p->reserved0[2] || p->reserved2)
		return CUDA_ERROR_INVALID_VALUE;
	switch (p->type) {
	case CU_GRAPH_NODE_TYPE_KERNEL:
		memcpy(&k, &p->kernel, sizeof(k));	/* v3 is v2's layout */
		return cuGraphAddKernelNode(node, graph, deps, n, &k);
	case CU_GRAPH_NODE_TYPE_MEMCPY:
		return cuGraphAddMemcpyNode(node, graph, deps, n, &p->memcpy.copyParams, p->memcpy.copyCtx);
	case CU_GRAPH_NODE_TYPE_MEMSET:
		memcpy(&m, &p->memset, sizeof(m));
		return cuGraphAddMemsetNode(node, graph, deps, n, &m, p->memset.ctx);
	case CU_GRAPH_NODE_TYPE_HOST:
		return cuGraphAddHostNode(node, graph, deps, n, (const CUDA_HOST_NODE_PARAMS *)&p->host);
	case CU_GRAPH_NODE_TYPE_GRAPH:
		return add_child(node, graph, deps, n, &p->graph);
	case CU_GRAPH_NODE_TYPE_EMPTY:
		return cuGraphAddEmptyNode(node, graph, deps, n);
	case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
		return cuGraphAddEventWaitNode(node, graph, deps, n, p->eventWait.event);
	case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
		return cuGraphAddEventRecordNode(node, graph, deps, n, p->eventRecord.event);
	case CU_GRAPH_NODE_TYPE_MEM_ALLOC:
		memcpy(&a, &p->alloc, sizeof(a));
		r = cuGraphAddMemAllocNode(node, graph, deps, n, &a);
		p->alloc.dptr = a.dptr;
		return r;
	case CU_GRAPH_NODE_TYPE_MEM_FREE:
		return cuGraphAddMemFreeNode(node, graph, deps, n, p->free.dptr);
	case CU_GRAPH_NODE_TYPE_CONDITIONAL:
		return add_conditional(node, graph, deps, n, &p->conditional);
	case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP:
		memcpy(&b, &p->memOp, sizeof(b));	/* v2 is v1's layout */
		return cuGraphAddBatchMemOpNode(node, graph, deps, n, &b);
	case CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL:
	case CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT:
		return CUDA_ERROR_NOT_SUPPORTED;	/* no external semaphores */
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

CUresult cuGraphAddNode_v2(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, const CUgraphEdgeData *edges,
			   size_t n, CUgraphNodeParams *p)
{
	for (size_t i = 0; edges && i < n; i++)
		if (edges[i].from_port || edges[i].to_port || edges[i].type)
			return CUDA_ERROR_INVALID_VALUE;	/* every edge here is a full dependency */
	return cuGraphAddNode(node, graph, deps, n, p);
}

/* the node's type must be the parameters' (CUDA_ERROR_INVALID_VALUE) */
static CUresult same_type(CUgraphNode node, CUgraphNodeType want)
{
	CUgraphNodeType t;
	CUresult r = cuGraphNodeGetType(node, &t);

	return r ? r : t == want ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGraphNodeSetParams(CUgraphNode node, CUgraphNodeParams *p)
{
	CUDA_KERNEL_NODE_PARAMS k;
	CUDA_MEMSET_NODE_PARAMS m;
	CUresult r;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	r = same_type(node, p->type);
	if (r)
		return r;
	switch (p->type) {
	case CU_GRAPH_NODE_TYPE_KERNEL:
		memcpy(&k, &p->kernel, sizeof(k));
		return cuGraphKernelNodeSetParams(node, &k);
	case CU_GRAPH_NODE_TYPE_MEMCPY:
		return cuGraphMemcpyNodeSetParams(node, &p->memcpy.copyParams);
	case CU_GRAPH_NODE_TYPE_MEMSET:
		memcpy(&m, &p->memset, sizeof(m));
		return cuGraphMemsetNodeSetParams(node, &m);
	case CU_GRAPH_NODE_TYPE_HOST:
		return cuGraphHostNodeSetParams(node, (const CUDA_HOST_NODE_PARAMS *)&p->host);
	case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
		return cuGraphEventWaitNodeSetEvent(node, p->eventWait.event);
	case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
		return cuGraphEventRecordNodeSetEvent(node, p->eventRecord.event);
	case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP:
		return cuGraphBatchMemOpNodeSetParams(node, (const CUDA_BATCH_MEM_OP_NODE_PARAMS *)&p->memOp);
	default:
		return CUDA_ERROR_NOT_SUPPORTED;	/* as the runtime's cudaGraphNodeSetParams */
	}
}

CUresult cuGraphExecNodeSetParams(CUgraphExec exec, CUgraphNode node, CUgraphNodeParams *p)
{
	CUDA_KERNEL_NODE_PARAMS k;
	CUDA_MEMSET_NODE_PARAMS m;
	CUresult r;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	r = same_type(node, p->type);
	if (r)
		return r;
	switch (p->type) {
	case CU_GRAPH_NODE_TYPE_KERNEL:
		memcpy(&k, &p->kernel, sizeof(k));
		return cuGraphExecKernelNodeSetParams(exec, node, &k);
	case CU_GRAPH_NODE_TYPE_MEMCPY:
		return cuGraphExecMemcpyNodeSetParams(exec, node, &p->memcpy.copyParams, p->memcpy.copyCtx);
	case CU_GRAPH_NODE_TYPE_MEMSET:
		memcpy(&m, &p->memset, sizeof(m));
		return cuGraphExecMemsetNodeSetParams(exec, node, &m, p->memset.ctx);
	case CU_GRAPH_NODE_TYPE_HOST:
		return cuGraphExecHostNodeSetParams(exec, node, (const CUDA_HOST_NODE_PARAMS *)&p->host);
	case CU_GRAPH_NODE_TYPE_GRAPH:
		return cuGraphExecChildGraphNodeSetParams(exec, node, p->graph.graph);
	case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
		return cuGraphExecEventWaitNodeSetEvent(exec, node, p->eventWait.event);
	case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
		return cuGraphExecEventRecordNodeSetEvent(exec, node, p->eventRecord.event);
	case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP:
		return cuGraphExecBatchMemOpNodeSetParams(exec, node, (const CUDA_BATCH_MEM_OP_NODE_PARAMS *)&p->memOp);
	default:
		return CUDA_ERROR_NOT_SUPPORTED;
	}
}

CUresult cuGraphInstantiateWithParams(CUgraphExec *exec, CUgraph graph, CUDA_GRAPH_INSTANTIATE_PARAMS *params)
{
	cudaGraphInstantiateParams p;
	CUresult r;

	if (!params)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&p, 0, sizeof(p));
	p.flags = params->flags;
	p.uploadStream = params->hUploadStream;
	r = ok(cudaGraphInstantiateWithParams(exec, graph, &p));
	params->hErrNode_out = p.errNode_out;
	params->result_out = (CUgraphInstantiateResult)p.result_out;
	return r;
}

CUresult cuGraphExecGetFlags(CUgraphExec exec, cuuint64_t *flags)
{
	unsigned long long f;
	CUresult r;

	if (!flags)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaGraphExecGetFlags(exec, &f));
	if (!r)
		*flags = f;
	return r;
}

CUresult cuGraphExecUpdate(CUgraphExec exec, CUgraph graph, CUgraphExecUpdateResultInfo *info)
{
	return ok(cudaGraphExecUpdate(exec, graph, (cudaGraphExecUpdateResultInfo *)info));
}

CUresult cuGraphExecKernelNodeSetParams(CUgraphExec exec, CUgraphNode node, const CUDA_KERNEL_NODE_PARAMS *k)
{
	void *args[CUDART_CU_MAX_PARAMS];
	struct cudaKernelNodeParams p;
	void **params;
	CUfunction f;
	CUresult r;

	if (!k)
		return CUDA_ERROR_INVALID_VALUE;
	f = k->func ? k->func : (CUfunction)k->kern;
	r = cudart_cu_kernel_args(f, k->kernelParams, k->extra, args, &params);
	if (r)
		return r;
	memset(&p, 0, sizeof(p));
	p.func = (void *)f;
	p.gridDim = (dim3){ k->gridDimX, k->gridDimY, k->gridDimZ };
	p.blockDim = (dim3){ k->blockDimX, k->blockDimY, k->blockDimZ };
	p.sharedMemBytes = k->sharedMemBytes;
	p.kernelParams = params;
	return ok(cudaGraphExecKernelNodeSetParams(exec, node, &p));
}

CUresult cuGraphExecMemcpyNodeSetParams(CUgraphExec exec, CUgraphNode node, const CUDA_MEMCPY3D *copy,
					CUcontext ctx)
{
	struct cudaMemcpy3DParms p;
	CUresult r;

	(void)ctx;
	r = cudart_cu_memcpy3d(copy, &p);
	return r ? r : ok(cudaGraphExecMemcpyNodeSetParams(exec, node, &p));
}

CUresult cuGraphExecMemsetNodeSetParams(CUgraphExec exec, CUgraphNode node, const CUDA_MEMSET_NODE_PARAMS *m,
					CUcontext ctx)
{
	struct cudaMemsetParams p;

	(void)ctx;
	if (!m)
		return CUDA_ERROR_INVALID_VALUE;
	p = (struct cudaMemsetParams){ (void *)(uintptr_t)m->dst, m->pitch, m->value, m->elementSize, m->width,
				       m->height };
	return ok(cudaGraphExecMemsetNodeSetParams(exec, node, &p));
}

CUresult cuGraphExecHostNodeSetParams(CUgraphExec exec, CUgraphNode node, const CUDA_HOST_NODE_PARAMS *h)
{
	struct cudaHostNodeParams p;

	if (!h)
		return CUDA_ERROR_INVALID_VALUE;
	p.fn = h->fn, p.userData = h->userData;
	return ok(cudaGraphExecHostNodeSetParams(exec, node, &p));
}

CUresult cuGraphExecChildGraphNodeSetParams(CUgraphExec exec, CUgraphNode node, CUgraph child)
{
	return ok(cudaGraphExecChildGraphNodeSetParams(exec, node, child));
}

CUresult cuGraphExecEventRecordNodeSetEvent(CUgraphExec exec, CUgraphNode node, CUevent event)
{
	return ok(cudaGraphExecEventRecordNodeSetEvent(exec, node, event));
}

CUresult cuGraphExecEventWaitNodeSetEvent(CUgraphExec exec, CUgraphNode node, CUevent event)
{
	return ok(cudaGraphExecEventWaitNodeSetEvent(exec, node, event));
}

CUresult cuGraphNodeSetEnabled(CUgraphExec exec, CUgraphNode node, unsigned int enabled)
{
	return ok(cudaGraphNodeSetEnabled(exec, node, enabled));
}

CUresult cuGraphNodeGetEnabled(CUgraphExec exec, CUgraphNode node, unsigned int *enabled)
{
	return ok(cudaGraphNodeGetEnabled(exec, node, enabled));
}

CUresult cuUserObjectCreate(CUuserObject *object, void *ptr, CUhostFn destroy, unsigned int refs, unsigned int flags)
{
	return ok(cudaUserObjectCreate(object, ptr, destroy, refs, flags));
}

CUresult cuUserObjectRetain(CUuserObject object, unsigned int count)
{
	return ok(cudaUserObjectRetain(object, count));
}

CUresult cuUserObjectRelease(CUuserObject object, unsigned int count)
{
	return ok(cudaUserObjectRelease(object, count));
}

CUresult cuGraphRetainUserObject(CUgraph graph, CUuserObject object, unsigned int count, unsigned int flags)
{
	return ok(cudaGraphRetainUserObject(graph, object, count, flags));
}

CUresult cuGraphReleaseUserObject(CUgraph graph, CUuserObject object, unsigned int count)
{
	return ok(cudaGraphReleaseUserObject(graph, object, count));
}

/* the runtime's launch configuration of a driver one (attributes: one layout) */
static cudaLaunchConfig_t rt_config(const CUlaunchConfig *c)
{
	cudaLaunchConfig_t rc;

	memset(&rc, 0, sizeof(rc));
	rc.gridDim = (dim3){ c->gridDimX, c->gridDimY, c->gridDimZ };
	rc.blockDim = (dim3){ c->blockDimX, c->blockDimY, c->blockDimZ };
	rc.dynamicSmemBytes = c->sharedMemBytes;
	rc.stream = c->hStream;
	rc.attrs = (cudaLaunchAttribute *)c->attrs;
	rc.numAttrs = c->numAttrs;
	return rc;
}

_Static_assert(sizeof(CUlaunchAttribute) == sizeof(cudaLaunchAttribute), "launch attributes: one layout");

CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f, void **params, void **extra)
{
	void *args[CUDART_CU_MAX_PARAMS];
	cudaLaunchConfig_t rc;
	CUresult r;

	if (!config || (config->numAttrs && !config->attrs))
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_kernel_args(f, params, extra, args, &params);
	if (r)
		return r;
	rc = rt_config(config);
	return ok(cudaLaunchKernelExC(&rc, (const void *)f, params));
}

CUresult cuOccupancyMaxActiveClusters(int *clusters, CUfunction f, const CUlaunchConfig *config)
{
	cudaLaunchConfig_t rc;

	if (!config)
		return CUDA_ERROR_INVALID_VALUE;
	rc = rt_config(config);
	return ok(cudaOccupancyMaxActiveClusters(clusters, (const void *)f, &rc));
}

CUresult cuOccupancyMaxPotentialClusterSize(int *size, CUfunction f, const CUlaunchConfig *config)
{
	cudaLaunchConfig_t rc;

	if (!config)
		return CUDA_ERROR_INVALID_VALUE;
	rc = rt_config(config);
	return ok(cudaOccupancyMaxPotentialClusterSize(size, (const void *)f, &rc));
}

CUresult cuStreamGetAttribute(CUstream stream, CUstreamAttrID attr, CUstreamAttrValue *value)
{
	return ok(cudaStreamGetAttribute(stream, (cudaLaunchAttributeID)attr, (cudaLaunchAttributeValue *)value));
}

CUresult cuStreamSetAttribute(CUstream stream, CUstreamAttrID attr, const CUstreamAttrValue *value)
{
	return ok(cudaStreamSetAttribute(stream, (cudaLaunchAttributeID)attr, (const cudaLaunchAttributeValue *)value));
}

CUresult cuStreamCopyAttributes(CUstream dst, CUstream src)
{
	return ok(cudaStreamCopyAttributes(dst, src));
}

CUresult cuStreamGetCaptureInfo(CUstream stream, CUstreamCaptureStatus *status, cuuint64_t *id, CUgraph *graph,
				const CUgraphNode **deps, size_t *n)
{
	enum cudaStreamCaptureStatus s;
	unsigned long long i = 0;
	CUresult r;

	if (!status)
		return CUDA_ERROR_INVALID_VALUE;
	r = ok(cudaStreamGetCaptureInfo(stream, &s, &i, graph, deps, n));
	if (r)
		return r;
	*status = (CUstreamCaptureStatus)s;
	if (id)
		*id = i;
	return CUDA_SUCCESS;
}

CUresult cuStreamGetCaptureInfo_v3(CUstream stream, CUstreamCaptureStatus *status, cuuint64_t *id, CUgraph *graph,
				   const CUgraphNode **deps, const CUgraphEdgeData **edges, size_t *n)
{
	if (edges)
		*edges = NULL;	/* CUDA: NULL when every edge is a full dependency */
	return cuStreamGetCaptureInfo(stream, status, id, graph, deps, n);
}

CUresult cuStreamUpdateCaptureDependencies(CUstream stream, CUgraphNode *deps, size_t n, unsigned int flags)
{
	return ok(cudaStreamUpdateCaptureDependencies(stream, deps, n, flags));
}

CUresult cuStreamUpdateCaptureDependencies_v2(CUstream stream, CUgraphNode *deps, const CUgraphEdgeData *edges,
					      size_t n, unsigned int flags)
{
	for (size_t i = 0; edges && i < n; i++)
		if (edges[i].from_port || edges[i].to_port || edges[i].type)
			return CUDA_ERROR_INVALID_VALUE;
	return cuStreamUpdateCaptureDependencies(stream, deps, n, flags);
}

CUresult cuStreamBeginCaptureToGraph(CUstream stream, CUgraph graph, const CUgraphNode *deps,
				     const CUgraphEdgeData *edges, size_t n, CUstreamCaptureMode mode)
{
	if ((unsigned int)mode > CU_STREAM_CAPTURE_MODE_RELAXED)
		return CUDA_ERROR_INVALID_VALUE;
	return ok(cudaStreamBeginCaptureToGraph(stream, graph, deps, (const cudaGraphEdgeData *)edges, n,
						(enum cudaStreamCaptureMode)mode));
}
