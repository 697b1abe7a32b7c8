// SPDX-License-Identifier: MIT
/*
 * graph_params.c - nodes by their generic parameters (CUDA 12.2's
 * cudaGraphNodeParams): cudaGraphAddNode, cudaGraphNodeSetParams,
 * cudaGraphExecNodeSetParams.  Each node type goes to the call of its own
 * (graph.c, graph_exec.c, graph_mem.c, graph_cond.c), whose checks and
 * errors it gets; external-semaphore nodes are not supported (no external
 * semaphores here).
 */
#include "cudart.h"

static struct cudaKernelNodeParams kernel_params(const struct cudaKernelNodeParamsV2 *k)
{
	struct cudaKernelNodeParams p;

	p.func = k->func;
	p.gridDim = k->gridDim;
	p.blockDim = k->blockDim;
	p.sharedMemBytes = k->sharedMemBytes;
	p.kernelParams = k->kernelParams;
	p.extra = k->extra;
	return p;
}

static struct cudaMemsetParams memset_params(const struct cudaMemsetParamsV2 *m)
{
	struct cudaMemsetParams p;

	p.dst = m->dst;
	p.pitch = m->pitch;
	p.value = m->value;
	p.elementSize = m->elementSize;
	p.width = m->width;
	p.height = m->height;
	return p;
}

static cudaError_t add_alloc(cudaGraphNode_t *out, cudaGraph_t graph, const cudaGraphNode_t *deps,
			     size_t ndeps, struct cudaMemAllocNodeParamsV2 *a)
{
	struct cudaMemAllocNodeParams p;
	cudaError_t err;

	p.poolProps = a->poolProps;
	p.accessDescs = a->accessDescs;
	p.accessDescCount = a->accessDescCount;
	p.bytesize = a->bytesize;
	p.dptr = NULL;
	err = cudaGraphAddMemAllocNode(out, graph, deps, ndeps, &p);
	if (!err)
		a->dptr = p.dptr;
	return err;
}

cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
			     const cudaGraphNode_t *pDependencies, size_t numDependencies,
			     struct cudaGraphNodeParams *p)
{
	const cudaGraphNode_t *d = pDependencies;
	size_t n = numDependencies;

	if (!p || !pGraphNode)
		return cudart_set_error(cudaErrorInvalidValue);
	switch (p->type) {
	case cudaGraphNodeTypeKernel: {
		struct cudaKernelNodeParams k = kernel_params(&p->kernel);

		return cudaGraphAddKernelNode(pGraphNode, graph, d, n, &k);
	}
	case cudaGraphNodeTypeMemcpy:
		if (p->memcpy.flags)
			return cudart_set_error(cudaErrorInvalidValue);
		return cudaGraphAddMemcpyNode(pGraphNode, graph, d, n, &p->memcpy.copyParams);
	case cudaGraphNodeTypeMemset: {
		struct cudaMemsetParams m = memset_params(&p->memset);

		return cudaGraphAddMemsetNode(pGraphNode, graph, d, n, &m);
	}
	case cudaGraphNodeTypeHost: {
		struct cudaHostNodeParams h = { p->host.fn, p->host.userData };

		return cudaGraphAddHostNode(pGraphNode, graph, d, n, &h);
	}
	case cudaGraphNodeTypeGraph:
		if (p->graph.ownership != cudaGraphChildGraphOwnershipClone &&
		    p->graph.ownership != cudaGraphChildGraphOwnershipMove)
			return cudart_set_error(cudaErrorInvalidValue);
		return cudart_graph_add_child(pGraphNode, graph, d, n, p->graph.graph,
					      p->graph.ownership == cudaGraphChildGraphOwnershipMove);
	case cudaGraphNodeTypeEmpty:
		return cudaGraphAddEmptyNode(pGraphNode, graph, d, n);
	case cudaGraphNodeTypeWaitEvent:
		return cudaGraphAddEventWaitNode(pGraphNode, graph, d, n, p->eventWait.event);
	case cudaGraphNodeTypeEventRecord:
		return cudaGraphAddEventRecordNode(pGraphNode, graph, d, n, p->eventRecord.event);
	case cudaGraphNodeTypeMemAlloc:
		return cudart_set_error(add_alloc(pGraphNode, graph, d, n, &p->alloc));
	case cudaGraphNodeTypeMemFree:
		return cudaGraphAddMemFreeNode(pGraphNode, graph, d, n, p->free.dptr);
	case cudaGraphNodeTypeConditional:
		return cudart_set_error(cudart_graph_add_conditional(pGraphNode, graph, d, n, &p->conditional));
	case cudaGraphNodeTypeExtSemaphoreSignal:
	case cudaGraphNodeTypeExtSemaphoreWait:
		return cudart_set_error(cudaErrorNotSupported);
	default:
		return cudart_set_error(cudaErrorInvalidValue);
	}
}

/* CUDA 12.3's form with edge data: every edge here is a full dependency (all zero). */
cudaError_t cudaGraphAddNode_v2(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				const cudaGraphNode_t *pDependencies,
				const cudaGraphEdgeData *dependencyData, size_t numDependencies,
				struct cudaGraphNodeParams *nodeParams)
{
	for (size_t i = 0; dependencyData && i < numDependencies; i++)
		if (dependencyData[i].from_port || dependencyData[i].to_port || dependencyData[i].type)
			return cudart_set_error(cudaErrorInvalidValue);
	return cudaGraphAddNode(pGraphNode, graph, pDependencies, numDependencies, nodeParams);
}

static bool same_type(cudaGraphNode_t node, const struct cudaGraphNodeParams *p)
{
	return node && p && node->type == p->type;
}

cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t node, struct cudaGraphNodeParams *p)
{
	if (!same_type(node, p))
		return cudart_set_error(cudaErrorInvalidValue);
	switch (p->type) {
	case cudaGraphNodeTypeKernel: {
		struct cudaKernelNodeParams k = kernel_params(&p->kernel);

		return cudaGraphKernelNodeSetParams(node, &k);
	}
	case cudaGraphNodeTypeMemcpy:
		return p->memcpy.flags ? cudart_set_error(cudaErrorInvalidValue)
				       : cudaGraphMemcpyNodeSetParams(node, &p->memcpy.copyParams);
	case cudaGraphNodeTypeMemset: {
		struct cudaMemsetParams m = memset_params(&p->memset);

		return cudaGraphMemsetNodeSetParams(node, &m);
	}
	case cudaGraphNodeTypeHost: {
		struct cudaHostNodeParams h = { p->host.fn, p->host.userData };

		return cudaGraphHostNodeSetParams(node, &h);
	}
	case cudaGraphNodeTypeWaitEvent:
		return cudaGraphEventWaitNodeSetEvent(node, p->eventWait.event);
	case cudaGraphNodeTypeEventRecord:
		return cudaGraphEventRecordNodeSetEvent(node, p->eventRecord.event);
	case cudaGraphNodeTypeEmpty:
		return cudaSuccess;
	default:	/* child graphs, memory and conditional nodes: fixed once made */
		return cudart_set_error(cudaErrorNotSupported);
	}
}

cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t graphExec, cudaGraphNode_t node,
				       struct cudaGraphNodeParams *p)
{
	if (!graphExec || !same_type(node, p))
		return cudart_set_error(cudaErrorInvalidValue);
	switch (p->type) {
	case cudaGraphNodeTypeKernel: {
		struct cudaKernelNodeParams k = kernel_params(&p->kernel);

		return cudaGraphExecKernelNodeSetParams(graphExec, node, &k);
	}
	case cudaGraphNodeTypeMemcpy:
		return p->memcpy.flags ? cudart_set_error(cudaErrorInvalidValue)
				       : cudaGraphExecMemcpyNodeSetParams(graphExec, node,
									  &p->memcpy.copyParams);
	case cudaGraphNodeTypeMemset: {
		struct cudaMemsetParams m = memset_params(&p->memset);

		return cudaGraphExecMemsetNodeSetParams(graphExec, node, &m);
	}
	case cudaGraphNodeTypeHost: {
		struct cudaHostNodeParams h = { p->host.fn, p->host.userData };

		return cudaGraphExecHostNodeSetParams(graphExec, node, &h);
	}
	case cudaGraphNodeTypeGraph:
		return cudaGraphExecChildGraphNodeSetParams(graphExec, node, p->graph.graph);
	case cudaGraphNodeTypeWaitEvent:
		return cudaGraphExecEventWaitNodeSetEvent(graphExec, node, p->eventWait.event);
	case cudaGraphNodeTypeEventRecord:
		return cudaGraphExecEventRecordNodeSetEvent(graphExec, node, p->eventRecord.event);
	case cudaGraphNodeTypeEmpty:
		return cudaSuccess;
	default:
		return cudart_set_error(cudaErrorNotSupported);
	}
}
