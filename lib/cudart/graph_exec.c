// SPDX-License-Identifier: MIT
/*
 * graph_exec.c - executable graphs: cudaGraphInstantiate clones the graph
 * and orders its nodes so that each comes after those it depends on (a
 * cycle is refused); cudaGraphLaunch queues the nodes in that order on
 * the stream, so they run in dependency order and the launch as a whole
 * keeps the stream's order (CUDA would also run independent nodes at the
 * same time; it does not promise to).  Parameters of an instantiated graph
 * change through the cudaGraphExec*SetParams calls and cudaGraphExecUpdate
 * (same topology); a launch already queued keeps the values it was given.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

/* Kahn's order, ties by creation order; false: a cycle. */
static bool topo_order(cudaGraph_t g, cudaGraphNode_t *order)
{
	size_t n = g->nodes.n, done = 0;
	bool *placed = calloc(n ? n : 1, sizeof(*placed));
	bool progress = true;

	if (!placed)
		return false;
	while (done < n && progress) {
		progress = false;
		for (size_t i = 0; i < n; i++) {
			cudaGraphNode_t v = g->nodes.v[i];
			bool ready = !placed[i];

			for (size_t d = 0; ready && d < v->deps.n; d++) {
				size_t j = 0;

				while (g->nodes.v[j] != v->deps.v[d])
					j++;
				ready = placed[j] && j != i;
			}
			if (ready) {
				placed[i] = progress = true;
				order[done++] = v;
			}
		}
	}
	free(placed);
	return done == n;
}

static cudaError_t instantiate(cudaGraphExec_t *out, cudaGraph_t graph, unsigned long long flags,
			       cudaGraphInstantiateResult *result)
{
	const unsigned long long known = cudaGraphInstantiateFlagAutoFreeOnLaunch |
					 cudaGraphInstantiateFlagUpload |
					 cudaGraphInstantiateFlagUseNodePriority;
	cudaGraphExec_t e;
	cudaError_t err;

	*result = cudaGraphInstantiateError;
	if (!out || !graph || (flags & ~known))	/* device launch: README (graphs) */
		return cudaErrorInvalidValue;
	e = calloc(1, sizeof(*e));
	if (!e)
		return cudaErrorMemoryAllocation;
	e->flags = flags;
	err = cudart_graph_clone(graph, &e->graph);
	if (!err) {
		e->order = malloc((e->graph->nodes.n + 1) * sizeof(*e->order));
		err = e->order ? cudaSuccess : cudaErrorMemoryAllocation;
	}
	if (!err && !topo_order(e->graph, e->order)) {
		*result = cudaGraphInstantiateInvalidStructure;
		err = cudaErrorInvalidValue;
	}
	if (err) {
		if (e->graph)
			cudart_graph_free(e->graph);
		free(e->order);
		free(e);
		return err;
	}
	*result = cudaGraphInstantiateSuccess;
	*out = e;
	return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
					  unsigned long long flags)
{
	cudaGraphInstantiateResult r;

	CUDART_STICKY_RETURN();
	return cudart_set_error(instantiate(pGraphExec, graph, flags, &r));
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
				 unsigned long long flags)
{
	return cudaGraphInstantiateWithFlags(pGraphExec, graph, flags);
}

cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
					   cudaGraphInstantiateParams *p)
{
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!p)
		return cudart_set_error(cudaErrorInvalidValue);
	p->errNode_out = NULL;
	err = instantiate(pGraphExec, graph, p->flags, &p->result_out);
	if (!err && (p->flags & cudaGraphInstantiateFlagUpload))
		err = cudaGraphUpload(*pGraphExec, p->uploadStream);
	return cudart_set_error(err);
}

cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags)
{
	if (!graphExec || !flags)
		return cudart_set_error(cudaErrorInvalidValue);
	*flags = graphExec->flags;
	return cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec)
{
	if (!graphExec)
		return cudart_set_error(cudaErrorInvalidValue);
	if (cudart_graph_has_cond(graphExec->graph)) {
		/* queued conditional nodes read the exec's bodies: CUDA lets them finish first */
		struct cudart_ctx *c = cudart_ctx();

		pthread_mutex_lock(&c->lock);
		cudart_wait_all(c);
		pthread_mutex_unlock(&c->lock);
	}
	cudart_graph_free(graphExec->graph);
	free(graphExec->order);
	free(graphExec);
	return cudaSuccess;
}

/* Nothing to move to a device: the stream is checked, as CUDA does. */
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!graphExec)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

static cudaError_t submit_node(cudaGraphNode_t n, cudaStream_t stream)
{
	struct cudart_op op = n->op;
	const struct idxgen_rt_dim3 *g = &op.u.kern.grid, *b = &op.u.kern.block;

	op.owned = NULL;
	if (n->type == CUDART_NODE_BATCH_MEM_OP) {	/* the driver's: its operations in a host function */
		op.u.host.stream = stream;
		return cudart_submit(stream, &op);
	}
	switch (n->type) {
	case cudaGraphNodeTypeKernel:
		return cudart_launch(op.u.kern.func, op.u.kern.k, (dim3){ g->x, g->y, g->z },
				     (dim3){ b->x, b->y, b->z }, op.u.kern.args, op.u.kern.shmem,
				     stream, op.u.kern.coop);
	case cudaGraphNodeTypeMemcpy:
	case cudaGraphNodeTypeMemset:
		return cudart_submit(stream, &op);
	case cudaGraphNodeTypeHost:
		op.u.host.stream = stream;
		return cudart_submit(stream, &op);
	case cudaGraphNodeTypeGraph:
		return cudart_graph_submit_all(n->child, stream);
	case cudaGraphNodeTypeConditional:
		op.kind = CUDART_OP_HOSTFN;
		op.u.host.cb = NULL;
		op.u.host.fn = cudart_cond_run;
		op.u.host.arg = n;
		op.u.host.stream = stream;
		return cudart_submit(stream, &op);
	case cudaGraphNodeTypeMemAlloc:	/* the memory is there: counted from now on */
		cudart_graph_mem_launched(cudart_ctx(), n->mem->params.dptr, true);
		return cudaSuccess;
	case cudaGraphNodeTypeMemFree:
		cudart_graph_mem_launched(cudart_ctx(), n->free_ptr, false);
		return cudaSuccess;
	case cudaGraphNodeTypeEventRecord:
		return cudaEventRecord(n->event, stream);
	case cudaGraphNodeTypeWaitEvent:
		return cudaStreamWaitEvent(stream, n->event, 0);
	default:
		return cudaSuccess;	/* empty */
	}
}

cudaError_t cudart_graph_submit_all(cudaGraph_t g, cudaStream_t stream)
{
	cudaGraphNode_t *order = malloc((g->nodes.n + 1) * sizeof(*order));
	cudaError_t err = order ? cudaSuccess : cudaErrorMemoryAllocation;

	if (!err && !topo_order(g, order))
		err = cudaErrorInvalidValue;
	if (!err)
		err = cudart_graph_submit(order, g->nodes.n, stream);
	free(order);
	return err;
}

cudaError_t cudart_graph_submit(cudaGraphNode_t *order, size_t n, cudaStream_t stream)
{
	cudaError_t err = cudaSuccess;

	for (size_t i = 0; !err && i < n; i++)
		if (!order[i]->disabled)
			err = submit_node(order[i], stream);
	return err;
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!graphExec)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	pthread_mutex_unlock(&c->lock);
	if (!err && cudart_conds_need_defaults(graphExec->graph)) {
		struct cudart_op op = { .kind = CUDART_OP_HOSTFN };

		op.u.host.fn = cudart_conds_assign_defaults;	/* in stream order, before its nodes */
		op.u.host.arg = graphExec->graph;
		op.u.host.stream = stream;
		err = cudart_submit(stream, &op);
	}
	if (!err)
		err = cudart_graph_submit(graphExec->order, graphExec->graph->nodes.n, stream);
	return cudart_set_error(err);
}

/* The exec's copy of node (a node of the graph it was instantiated from). */
static cudaGraphNode_t exec_node(cudaGraphExec_t e, cudaGraphNode_t node)
{
	if (!e || !node)
		return NULL;
	for (size_t i = 0; i < e->graph->nodes.n; i++)
		if (e->graph->nodes.v[i]->origin == node)
			return e->graph->nodes.v[i];
	return NULL;
}

cudaGraphNode_t cudart_exec_node(cudaGraphExec_t e, cudaGraphNode_t node)
{
	return exec_node(e, node);
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
					     const struct cudaKernelNodeParams *pNodeParams)
{
	return cudart_node_set_kernel(exec_node(hGraphExec, node), pNodeParams);
}

cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
					     const struct cudaMemcpy3DParms *pNodeParams)
{
	return cudart_node_set_memcpy(exec_node(hGraphExec, node), pNodeParams);
}

cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
					       void *dst, const void *src, size_t count,
					       enum cudaMemcpyKind kind)
{
	return cudart_node_set_memcpy1d(exec_node(hGraphExec, node), dst, src, count, kind);
}

cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
					     const struct cudaMemsetParams *pNodeParams)
{
	return cudart_node_set_memset(exec_node(hGraphExec, node), pNodeParams);
}

cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
					   const struct cudaHostNodeParams *pNodeParams)
{
	return cudart_node_set_host(exec_node(hGraphExec, node), pNodeParams);
}

cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
						 cudaGraph_t childGraph)
{
	cudaGraphNode_t n = exec_node(hGraphExec, node);
	cudaGraph_t clone;
	cudaError_t err;

	if (!n || n->type != cudaGraphNodeTypeGraph || !childGraph)
		return cudart_set_error(cudaErrorInvalidValue);
	if (childGraph->nodes.n != n->child->nodes.n) {	/* CUDA: same topology */
		return cudart_set_error(cudaErrorInvalidValue);
	}
	err = cudart_graph_clone(childGraph, &clone);
	if (err)
		return cudart_set_error(err);
	cudart_graph_free(n->child);
	n->child = clone;
	return cudaSuccess;
}

static cudaError_t exec_event(cudaGraphExec_t e, cudaGraphNode_t node, enum cudaGraphNodeType type,
			      cudaEvent_t ev)
{
	cudaGraphNode_t n = exec_node(e, node);

	if (!n || n->type != type || !ev)
		return cudart_set_error(cudaErrorInvalidValue);
	n->event = ev;
	return cudaSuccess;
}

cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
						 cudaEvent_t event)
{
	return exec_event(hGraphExec, hNode, cudaGraphNodeTypeEventRecord, event);
}

cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
					       cudaEvent_t event)
{
	return exec_event(hGraphExec, hNode, cudaGraphNodeTypeWaitEvent, event);
}

/* CUDA allows it for kernel, copy and set nodes. */
static cudaGraphNode_t switchable(cudaGraphExec_t e, cudaGraphNode_t node)
{
	cudaGraphNode_t n = exec_node(e, node);

	if (n && n->type != cudaGraphNodeTypeKernel && n->type != cudaGraphNodeTypeMemcpy &&
	    n->type != cudaGraphNodeTypeMemset)
		return NULL;
	return n;
}

cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
				    unsigned int isEnabled)
{
	cudaGraphNode_t n = switchable(hGraphExec, hNode);

	if (!n)
		return cudart_set_error(cudaErrorInvalidValue);
	n->disabled = !isEnabled;
	return cudaSuccess;
}

cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
				    unsigned int *isEnabled)
{
	cudaGraphNode_t n = switchable(hGraphExec, hNode);

	if (!n || !isEnabled)
		return cudart_set_error(cudaErrorInvalidValue);
	*isEnabled = !n->disabled;
	return cudaSuccess;
}

/* Same nodes (by creation order), same types, same edges? */
static enum cudaGraphExecUpdateResult compare(cudaGraph_t old, cudaGraph_t new_graph, size_t *bad)
{
	if (old->nodes.n != new_graph->nodes.n) {
		*bad = SIZE_MAX;
		return cudaGraphExecUpdateErrorTopologyChanged;
	}
	for (size_t i = 0; i < old->nodes.n; i++) {
		cudaGraphNode_t a = old->nodes.v[i], b = new_graph->nodes.v[i];

		*bad = i;
		if (a->type != b->type)
			return cudaGraphExecUpdateErrorNodeTypeChanged;
		if (a->deps.n != b->deps.n)
			return cudaGraphExecUpdateErrorTopologyChanged;
		for (size_t d = 0; d < a->deps.n; d++) {
			size_t ia = 0, ib = 0;

			while (old->nodes.v[ia] != a->deps.v[d])
				ia++;
			while (new_graph->nodes.v[ib] != b->deps.v[d])
				ib++;
			if (ia != ib)
				return cudaGraphExecUpdateErrorTopologyChanged;
		}
		if (a->type == cudaGraphNodeTypeGraph && a->child->nodes.n != b->child->nodes.n)
			return cudaGraphExecUpdateErrorParametersChanged;
	}
	return cudaGraphExecUpdateSuccess;
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
				cudaGraphExecUpdateResultInfo *resultInfo)
{
	cudaGraphExec_t fresh;
	cudaGraphInstantiateResult r;
	enum cudaGraphExecUpdateResult res;
	size_t bad = 0;
	cudaError_t err;

	if (!hGraphExec || !hGraph || !resultInfo)
		return cudart_set_error(cudaErrorInvalidValue);
	memset(resultInfo, 0, sizeof(*resultInfo));
	res = compare(hGraphExec->graph, hGraph, &bad);
	resultInfo->result = res;
	if (res != cudaGraphExecUpdateSuccess) {
		resultInfo->errorNode = bad < hGraph->nodes.n ? hGraph->nodes.v[bad] : NULL;
		return cudart_set_error(cudaErrorGraphExecUpdateFailure);
	}
	/* the new parameters, in a new clone: the old one stays on failure */
	err = instantiate(&fresh, hGraph, hGraphExec->flags, &r);
	if (err) {
		resultInfo->result = cudaGraphExecUpdateError;
		return cudart_set_error(err == cudaErrorInvalidValue ? cudaErrorGraphExecUpdateFailure
								      : err);
	}
	for (size_t i = 0; i < fresh->graph->nodes.n; i++) {
		cudaGraphNode_t was = hGraphExec->graph->nodes.v[i], now = fresh->graph->nodes.v[i];

		now->origin = was->origin;	/* still the nodes of the first graph */
		now->disabled = was->disabled;
	}
	cudart_graph_free(hGraphExec->graph);
	free(hGraphExec->order);
	hGraphExec->graph = fresh->graph;
	hGraphExec->order = fresh->order;
	free(fresh);
	return cudaSuccess;
}

static const char *type_name(enum cudaGraphNodeType t)
{
	static const char *const names[] = { "kernel", "memcpy", "memset", "host", "graph", "empty",
					     "wait_event", "event_record", "ext_sema_signal", "ext_sema_wait",
					     "mem_alloc", "mem_free", "batch_mem_op", "conditional" };

	return (unsigned int)t < sizeof(names) / sizeof(names[0]) ? names[t] : "node";
}

/* Graphviz text of the nodes and edges (our own format of CUDA's call). */
cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags)
{
	FILE *f;
	int bad;

	(void)flags;
	if (!graph || !path)
		return cudart_set_error(cudaErrorInvalidValue);
	f = fopen(path, "w");
	if (!f)
		return cudart_set_error(cudaErrorOperatingSystem);
	fprintf(f, "digraph cuda_graph {\n");
	for (size_t i = 0; i < graph->nodes.n; i++) {
		cudaGraphNode_t n = graph->nodes.v[i];

		fprintf(f, "\tn%zu [label=\"%zu: %s%s%s\"];\n", i, i, type_name(n->type),
			n->type == cudaGraphNodeTypeKernel ? " " : "",
			n->type == cudaGraphNodeTypeKernel && n->op.u.kern.k->name
				? n->op.u.kern.k->name : "");
		for (size_t d = 0; d < n->deps.n; d++) {
			size_t j = 0;

			while (graph->nodes.v[j] != n->deps.v[d])
				j++;
			fprintf(f, "\tn%zu -> n%zu;\n", j, i);
		}
	}
	fprintf(f, "}\n");
	bad = ferror(f);
	bad |= fclose(f);
	return bad ? cudart_set_error(cudaErrorOperatingSystem) : cudaSuccess;
}
