// SPDX-License-Identifier: MIT
/*
 * graph.c - CUDA graphs: nodes (kernel, copy, set, host function, empty,
 * child graph, event record and wait) and their dependencies, built by
 * the cudaGraphAdd* calls or by stream capture (capture.c).  A node keeps
 * the stream operation it becomes when launched (graph_exec.c), checked
 * when it is made, with its own copy of a kernel's argument values, as
 * CUDA copies them.  A graph is the program's to use from one thread at a
 * time, as in CUDA (its calls take no lock); capture adds nodes under the
 * context's lock.
 */
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

cudaError_t cudart_nodes_add(struct cudart_nodes *set, cudaGraphNode_t n)
{
	if (set->n == set->cap) {
		size_t cap = set->cap ? 2 * set->cap : 4;
		cudaGraphNode_t *v = realloc(set->v, cap * sizeof(*v));

		if (!v)
			return cudaErrorMemoryAllocation;
		set->v = v;
		set->cap = cap;
	}
	set->v[set->n++] = n;
	return cudaSuccess;
}

void cudart_nodes_free(struct cudart_nodes *set)
{
	free(set->v);
	*set = (struct cudart_nodes){ 0 };
}

static bool nodes_has(const struct cudart_nodes *set, cudaGraphNode_t n)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->v[i] == n)
			return true;
	return false;
}

static void nodes_remove(struct cudart_nodes *set, cudaGraphNode_t n)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->v[i] == n) {
			memmove(&set->v[i], &set->v[i + 1], (set->n - i - 1) * sizeof(*set->v));
			set->n--;
			return;
		}
}

static void node_free(cudaGraphNode_t n)
{
	free(n->op.owned);
	free(n->attrs);
	cudart_cond_bodies_free(n);
	if (n->mem)
		cudart_graph_mem_put(n->mem);
	if (n->child)
		cudart_graph_free(n->child);
	cudart_nodes_free(&n->deps);
	free(n);
}

void cudart_graph_free(cudaGraph_t g)
{
	for (size_t i = 0; i < g->nodes.n; i++)
		node_free(g->nodes.v[i]);
	cudart_nodes_free(&g->nodes);
	cudart_user_refs_free(&g->users);
	cudart_conds_free(&g->conds);
	free(g);
}

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)
{
	cudaGraph_t g;

	if (!pGraph || flags)
		return cudart_set_error(cudaErrorInvalidValue);
	g = calloc(1, sizeof(*g));
	if (!g)
		return cudart_set_error(cudaErrorMemoryAllocation);
	*pGraph = g;
	return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph)
{
	if (!graph)
		return cudart_set_error(cudaErrorInvalidValue);
	cudart_graph_free(graph);
	return cudaSuccess;
}

/* A new node of graph after deps (each a node of graph, no repeats). */
static cudaError_t node_new(cudaGraph_t graph, const cudaGraphNode_t *deps, size_t ndeps,
			    enum cudaGraphNodeType type, cudaGraphNode_t *out)
{
	cudaGraphNode_t n;

	if (!graph || (ndeps && !deps))
		return cudaErrorInvalidValue;
	for (size_t i = 0; i < ndeps; i++)
		for (size_t j = 0; j <= i; j++)
			if (!deps[i] || deps[i]->graph != graph || (j < i && deps[j] == deps[i]))
				return cudaErrorInvalidValue;
	n = calloc(1, sizeof(*n));
	if (!n)
		return cudaErrorMemoryAllocation;
	n->graph = graph;
	n->type = type;
	for (size_t i = 0; i < ndeps; i++)
		if (cudart_nodes_add(&n->deps, deps[i])) {
			node_free(n);
			return cudaErrorMemoryAllocation;
		}
	if (cudart_nodes_add(&graph->nodes, n)) {
		node_free(n);
		return cudaErrorMemoryAllocation;
	}
	*out = n;
	return cudaSuccess;
}

cudaError_t cudart_graph_node_new(cudaGraph_t graph, const cudaGraphNode_t *deps, size_t ndeps,
				  enum cudaGraphNodeType type, cudaGraphNode_t *out)
{
	return node_new(graph, deps, ndeps, type, out);
}

cudaError_t cudart_graph_add_op(cudaGraph_t graph, const struct cudart_nodes *deps,
				enum cudaGraphNodeType type, const struct cudart_op *op,
				cudaGraphNode_t *out)
{
	cudaError_t err = node_new(graph, deps->v, deps->n, type, out);

	if (!err)
		(*out)->op = *op;
	return err;
}

/* The operation a kernel node's parameters make (a copy of the argument values). */
static cudaError_t kernel_op(const struct cudaKernelNodeParams *p, struct cudart_op *op)
{
	struct cudart_ctx *c = cudart_ctx();
	const struct idxgen_rt_kernel *k;
	struct idxgen_rt *rt;
	cudaError_t err;

	if (!p)
		return cudaErrorInvalidValue;
	k = cudart_kernel_of(p->func);
	if (!k)
		return cudaErrorInvalidDeviceFunction;
	if (p->extra)		/* the driver API's packed form: README (graphs) */
		return cudaErrorNotSupported;
	if (k->nargs && !k->arg_sizes)
		return cudaErrorNotSupported;
	pthread_mutex_lock(&c->lock);
	err = cudart_get_rt(&rt);
	if (!err)
		err = cudart_check_launch(c, k, p->gridDim, p->blockDim, p->sharedMemBytes,
					  p->kernelParams);
	if (!err)
		cudart_func_pin(c, p->func);	/* the node keeps k: its module stays mapped */
	pthread_mutex_unlock(&c->lock);
	if (err)
		return err;
	*op = (struct cudart_op){ .kind = CUDART_OP_KERNEL, .u.kern.run = cudart_kernel_op };
	op->u.kern.k = k;
	op->u.kern.func = p->func;
	op->u.kern.grid = IDXGEN_RT_DIM3(p->gridDim.x, p->gridDim.y, p->gridDim.z);
	op->u.kern.block = IDXGEN_RT_DIM3(p->blockDim.x, p->blockDim.y, p->blockDim.z);
	op->u.kern.shmem = p->sharedMemBytes;
	if (k->nargs) {
		op->u.kern.args = cudart_copy_args(k, p->kernelParams);
		if (!op->u.kern.args)
			return cudaErrorMemoryAllocation;
		op->owned = op->u.kern.args;
	}
	return cudaSuccess;
}

static cudaError_t memset_op(const struct cudaMemsetParams *p, struct cudart_op *op)
{
	struct cudart_ctx *c = cudart_ctx();
	size_t rows, span;
	cudaError_t err;

	if (!p || !p->dst || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4))
		return cudaErrorInvalidValue;
	rows = p->height ? p->height : 1;
	if (rows > 1 && p->width * p->elementSize > p->pitch)
		return cudaErrorInvalidValue;
	span = (rows - 1) * p->pitch + p->width * p->elementSize;
	pthread_mutex_lock(&c->lock);
	err = cudart_check_range(c, p->dst, span);
	pthread_mutex_unlock(&c->lock);
	if (err)
		return err;
	*op = (struct cudart_op){ .kind = CUDART_OP_SET };
	op->u.set = (struct cudart_op_set){ .dst = p->dst, .value = p->value,
					    .elem = p->elementSize, .n = p->width, .rows = rows,
					    .pitch = p->pitch };
	return cudaSuccess;
}

static cudaError_t host_op(const struct cudaHostNodeParams *p, struct cudart_op *op)
{
	if (!p || !p->fn)
		return cudaErrorInvalidValue;
	*op = (struct cudart_op){ .kind = CUDART_OP_HOSTFN };
	op->u.host.fn = p->fn;
	op->u.host.arg = p->userData;
	return cudaSuccess;
}

static cudaError_t add_with_op(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
			       const cudaGraphNode_t *deps, size_t ndeps,
			       enum cudaGraphNodeType type, cudaError_t made, struct cudart_op *op)
{
	cudaGraphNode_t n;
	cudaError_t err = made;

	if (!err && !pGraphNode)
		err = cudaErrorInvalidValue;
	if (!err)
		err = node_new(graph, deps, ndeps, type, &n);
	if (err) {
		if (!made)
			free(op->owned);
		return cudart_set_error(err);
	}
	n->op = *op;
	*pGraphNode = n;
	return cudaSuccess;
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				   const cudaGraphNode_t *pDependencies, size_t numDependencies,
				   const struct cudaKernelNodeParams *pNodeParams)
{
	struct cudart_op op = { 0 };

	return add_with_op(pGraphNode, graph, pDependencies, numDependencies,
			   cudaGraphNodeTypeKernel, kernel_op(pNodeParams, &op), &op);
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				   const cudaGraphNode_t *pDependencies, size_t numDependencies,
				   const struct cudaMemcpy3DParms *pCopyParams)
{
	struct cudart_op op = { 0 };

	return add_with_op(pGraphNode, graph, pDependencies, numDependencies,
			   cudaGraphNodeTypeMemcpy,
			   pCopyParams ? cudart_copy3d_parms_op(&op, pCopyParams) : cudaErrorInvalidValue,
			   &op);
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				     const cudaGraphNode_t *pDependencies, size_t numDependencies,
				     void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
	struct cudart_op op = { 0 };

	return add_with_op(pGraphNode, graph, pDependencies, numDependencies,
			   cudaGraphNodeTypeMemcpy,
			   cudart_copy3d_op(&op, dst, count, count, src, count, count, count, 1, 1, kind),
			   &op);
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				   const cudaGraphNode_t *pDependencies, size_t numDependencies,
				   const struct cudaMemsetParams *pMemsetParams)
{
	struct cudart_op op = { 0 };

	return add_with_op(pGraphNode, graph, pDependencies, numDependencies,
			   cudaGraphNodeTypeMemset, memset_op(pMemsetParams, &op), &op);
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				 const cudaGraphNode_t *pDependencies, size_t numDependencies,
				 const struct cudaHostNodeParams *pNodeParams)
{
	struct cudart_op op = { 0 };

	return add_with_op(pGraphNode, graph, pDependencies, numDependencies,
			   cudaGraphNodeTypeHost, host_op(pNodeParams, &op), &op);
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				  const cudaGraphNode_t *pDependencies, size_t numDependencies)
{
	struct cudart_op op = { 0 };

	return add_with_op(pGraphNode, graph, pDependencies, numDependencies,
			   cudaGraphNodeTypeEmpty, cudaSuccess, &op);
}

/* A child-graph node of child: a clone of it, or (move) child itself, then owned by the node. */
cudaError_t cudart_graph_add_child(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				   const cudaGraphNode_t *pDependencies, size_t numDependencies,
				   cudaGraph_t childGraph, bool move)
{
	struct cudart_op op = { 0 };
	cudaGraph_t clone = NULL;
	cudaError_t err = cudaSuccess;

	if (!childGraph || childGraph == graph)
		return cudart_set_error(cudaErrorInvalidValue);
	if (!move)
		err = cudart_graph_clone(childGraph, &clone);
	if (!err)
		err = add_with_op(pGraphNode, graph, pDependencies, numDependencies,
				  cudaGraphNodeTypeGraph, cudaSuccess, &op);
	if (err) {
		if (clone)
			cudart_graph_free(clone);
		return cudart_set_error(err);
	}
	(*pGraphNode)->child = move ? childGraph : clone;
	return cudaSuccess;
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				       const cudaGraphNode_t *pDependencies, size_t numDependencies,
				       cudaGraph_t childGraph)
{
	return cudart_graph_add_child(pGraphNode, graph, pDependencies, numDependencies, childGraph,
				      false);
}

static cudaError_t add_event_node(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				  const cudaGraphNode_t *deps, size_t ndeps, cudaEvent_t event,
				  enum cudaGraphNodeType type)
{
	struct cudart_op op = { 0 };
	cudaError_t err;

	if (!event)
		return cudart_set_error(cudaErrorInvalidValue);
	err = add_with_op(pGraphNode, graph, deps, ndeps, type, cudaSuccess, &op);
	if (!err)
		(*pGraphNode)->event = event;
	return err;
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					const cudaGraphNode_t *pDependencies, size_t numDependencies,
					cudaEvent_t event)
{
	return add_event_node(pGraphNode, graph, pDependencies, numDependencies, event,
			      cudaGraphNodeTypeEventRecord);
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				      const cudaGraphNode_t *pDependencies, size_t numDependencies,
				      cudaEvent_t event)
{
	return add_event_node(pGraphNode, graph, pDependencies, numDependencies, event,
			      cudaGraphNodeTypeWaitEvent);
}

/* Edges from[i] -> to[i]: every one checked before any is changed. */
static cudaError_t check_edges(cudaGraph_t graph, const cudaGraphNode_t *from,
			       const cudaGraphNode_t *to, size_t n, bool present)
{
	if (!graph || (n && (!from || !to)))
		return cudaErrorInvalidValue;
	for (size_t i = 0; i < n; i++) {
		if (!from[i] || !to[i] || from[i]->graph != graph || to[i]->graph != graph ||
		    from[i] == to[i] || nodes_has(&to[i]->deps, from[i]) != present)
			return cudaErrorInvalidValue;
		for (size_t j = 0; j < i; j++)
			if (from[j] == from[i] && to[j] == to[i])
				return cudaErrorInvalidValue;
	}
	return cudaSuccess;
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
				     const cudaGraphNode_t *to, size_t numDependencies)
{
	cudaError_t err = check_edges(graph, from, to, numDependencies, false);

	for (size_t i = 0; !err && i < numDependencies; i++)
		err = cudart_nodes_add(&to[i]->deps, from[i]);
	return cudart_set_error(err);
}

cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
					const cudaGraphNode_t *to, size_t numDependencies)
{
	cudaError_t err = check_edges(graph, from, to, numDependencies, true);

	for (size_t i = 0; !err && i < numDependencies; i++)
		nodes_remove(&to[i]->deps, from[i]);
	return cudart_set_error(err);
}

/* CUDA's convention for lists: NULL asks the count; else up to *n are
 * written, the rest of the caller's room NULL, and *n says how many. */
static void put(cudaGraphNode_t *out, size_t room, size_t *written, cudaGraphNode_t n)
{
	if (*written < room)
		out[*written] = n;
	(*written)++;
}

static void finish_list(cudaGraphNode_t *out, size_t room, size_t *count)
{
	for (size_t i = *count; i < room; i++)
		out[i] = NULL;
	if (*count > room)
		*count = room;
}

cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
			      size_t *numEdges)
{
	size_t room, k = 0, k2 = 0;

	if (!graph || !numEdges || (!from != !to))
		return cudart_set_error(cudaErrorInvalidValue);
	room = from ? *numEdges : 0;
	for (size_t i = 0; i < graph->nodes.n; i++) {
		cudaGraphNode_t n = graph->nodes.v[i];

		for (size_t d = 0; d < n->deps.n; d++) {
			if (from) {
				put(from, room, &k, n->deps.v[d]);
				put(to, room, &k2, n);
			} else {
				k++;
			}
		}
	}
	if (from) {
		finish_list(from, room, &k);
		finish_list(to, room, &k2);
	}
	*numEdges = k;
	return cudaSuccess;
}

static cudaError_t list(cudaGraph_t graph, cudaGraphNode_t *out, size_t *count,
			bool (*want)(cudaGraphNode_t n, cudaGraphNode_t ref), cudaGraphNode_t ref)
{
	size_t room, k = 0;

	if (!graph || !count)
		return cudart_set_error(cudaErrorInvalidValue);
	room = out ? *count : 0;
	for (size_t i = 0; i < graph->nodes.n; i++)
		if (want(graph->nodes.v[i], ref))
			put(out, room, &k, graph->nodes.v[i]);
	if (out)
		finish_list(out, room, &k);
	*count = k;
	return cudaSuccess;
}

static bool any(cudaGraphNode_t n, cudaGraphNode_t ref)
{
	(void)n, (void)ref;
	return true;
}

static bool root(cudaGraphNode_t n, cudaGraphNode_t ref)
{
	(void)ref;
	return n->deps.n == 0;
}

static bool dependent_of(cudaGraphNode_t n, cudaGraphNode_t ref)
{
	return nodes_has(&n->deps, ref);
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes)
{
	return list(graph, nodes, numNodes, any, NULL);
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes, size_t *pNumRootNodes)
{
	return list(graph, pRootNodes, pNumRootNodes, root, NULL);
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
					   size_t *pNumDependentNodes)
{
	if (!node)
		return cudart_set_error(cudaErrorInvalidValue);
	return list(node->graph, pDependentNodes, pNumDependentNodes, dependent_of, node);
}

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
					 size_t *pNumDependencies)
{
	size_t room, k = 0;

	if (!node || !pNumDependencies)
		return cudart_set_error(cudaErrorInvalidValue);
	room = pDependencies ? *pNumDependencies : 0;
	for (size_t i = 0; i < node->deps.n; i++)
		if (pDependencies)
			put(pDependencies, room, &k, node->deps.v[i]);
		else
			k++;
	if (pDependencies)
		finish_list(pDependencies, room, &k);
	*pNumDependencies = k;
	return cudaSuccess;
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType)
{
	if (!node || !pType)
		return cudart_set_error(cudaErrorInvalidValue);
	*pType = node->type;
	return cudaSuccess;
}

cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node)
{
	cudaGraph_t g;

	if (!node)
		return cudart_set_error(cudaErrorInvalidValue);
	g = node->graph;
	for (size_t i = 0; i < g->nodes.n; i++)
		nodes_remove(&g->nodes.v[i]->deps, node);
	nodes_remove(&g->nodes, node);
	node_free(node);
	return cudaSuccess;
}

/* A copy of n's parameters for a node of another graph. */
static cudaError_t node_copy(cudaGraphNode_t to, cudaGraphNode_t n)
{
	to->op = n->op;
	to->op.owned = NULL;
	to->event = n->event;
	to->disabled = n->disabled;
	to->mem = n->mem;
	if (to->mem)
		to->mem->refs++;
	to->free_ptr = n->free_ptr;
	if (cudart_node_attrs_copy(to, n))
		return cudaErrorMemoryAllocation;
	if (n->type == cudaGraphNodeTypeConditional)
		return cudart_cond_bodies_copy(to, n);
	if (n->type == CUDART_NODE_BATCH_MEM_OP)
		return cudart_batch_copy(&to->op, &n->op);
	if (n->type == cudaGraphNodeTypeKernel && n->op.owned) {
		to->op.u.kern.args = cudart_copy_args(n->op.u.kern.k, n->op.u.kern.args);
		if (!to->op.u.kern.args)
			return cudaErrorMemoryAllocation;
		to->op.owned = to->op.u.kern.args;
	}
	if (n->child)
		return cudart_graph_clone(n->child, &to->child);
	return cudaSuccess;
}

static size_t index_of(cudaGraph_t g, cudaGraphNode_t n)
{
	size_t i = 0;

	while (g->nodes.v[i] != n)
		i++;
	return i;
}

cudaError_t cudart_graph_clone(cudaGraph_t g, cudaGraph_t *out)
{
	cudaGraph_t c;
	cudaError_t err;

	err = cudaGraphCreate(&c, 0);
	if (!err)
		err = cudart_user_refs_copy(&c->users, &g->users);
	if (!err)
		err = cudart_conds_copy(&c->conds, &g->conds);
	for (size_t i = 0; !err && i < g->nodes.n; i++) {
		cudaGraphNode_t n = g->nodes.v[i], m;

		err = node_new(c, NULL, 0, n->type, &m);
		if (!err) {
			m->origin = n;
			err = node_copy(m, n);
		}
	}
	for (size_t i = 0; !err && i < g->nodes.n; i++)
		for (size_t d = 0; !err && d < g->nodes.v[i]->deps.n; d++)
			err = cudart_nodes_add(&c->nodes.v[i]->deps,
					       c->nodes.v[index_of(g, g->nodes.v[i]->deps.v[d])]);
	if (err) {
		if (c)
			cudart_graph_free(c);
		return err;
	}
	*out = c;
	return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph)
{
	if (!pGraphClone || !originalGraph)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(cudart_graph_clone(originalGraph, pGraphClone));
}

cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
				     cudaGraph_t clonedGraph)
{
	if (!pNode || !originalNode || !clonedGraph)
		return cudart_set_error(cudaErrorInvalidValue);
	for (size_t i = 0; i < clonedGraph->nodes.n; i++)
		if (clonedGraph->nodes.v[i]->origin == originalNode) {
			*pNode = clonedGraph->nodes.v[i];
			return cudaSuccess;
		}
	return cudart_set_error(cudaErrorInvalidValue);
}

/* Replace n's operation by op (made and checked by the caller). */
static cudaError_t set_op(cudaGraphNode_t n, enum cudaGraphNodeType type, cudaError_t made,
			  struct cudart_op *op)
{
	if (!made && (!n || n->type != type)) {
		free(op->owned);
		made = cudaErrorInvalidValue;
	}
	if (made)
		return cudart_set_error(made);
	free(n->op.owned);
	n->op = *op;
	return cudaSuccess;
}

cudaError_t cudart_node_set_op(cudaGraphNode_t n, enum cudaGraphNodeType type, struct cudart_op *op)
{
	return set_op(n, type, cudaSuccess, op);
}

cudaError_t cudart_node_set_kernel(cudaGraphNode_t n, const struct cudaKernelNodeParams *p)
{
	struct cudart_op op = { 0 };
	cudaError_t err = kernel_op(p, &op);

	if (!err && n)
		op.u.kern.coop = n->op.u.kern.coop;	/* an attribute: new parameters keep it */
	return set_op(n, cudaGraphNodeTypeKernel, err, &op);
}

cudaError_t cudart_node_set_memcpy(cudaGraphNode_t n, const struct cudaMemcpy3DParms *p)
{
	struct cudart_op op = { 0 };

	return set_op(n, cudaGraphNodeTypeMemcpy,
		      p ? cudart_copy3d_parms_op(&op, p) : cudaErrorInvalidValue, &op);
}

cudaError_t cudart_node_set_memcpy1d(cudaGraphNode_t n, void *dst, const void *src, size_t count,
				     enum cudaMemcpyKind kind)
{
	struct cudart_op op = { 0 };

	return set_op(n, cudaGraphNodeTypeMemcpy,
		      cudart_copy3d_op(&op, dst, count, count, src, count, count, count, 1, 1, kind),
		      &op);
}

cudaError_t cudart_node_set_memset(cudaGraphNode_t n, const struct cudaMemsetParams *p)
{
	struct cudart_op op = { 0 };

	return set_op(n, cudaGraphNodeTypeMemset, memset_op(p, &op), &op);
}

cudaError_t cudart_node_set_host(cudaGraphNode_t n, const struct cudaHostNodeParams *p)
{
	struct cudart_op op = { 0 };

	return set_op(n, cudaGraphNodeTypeHost, host_op(p, &op), &op);
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const struct cudaKernelNodeParams *p)
{
	return cudart_node_set_kernel(node, p);
}

cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *p)
{
	return cudart_node_set_memcpy(node, p);
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
					   size_t count, enum cudaMemcpyKind kind)
{
	return cudart_node_set_memcpy1d(node, dst, src, count, kind);
}

cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *p)
{
	return cudart_node_set_memset(node, p);
}

cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *p)
{
	return cudart_node_set_host(node, p);
}

static bool is(cudaGraphNode_t n, enum cudaGraphNodeType type, const void *out)
{
	return n && out && n->type == type;
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *p)
{
	const struct idxgen_rt_dim3 *g, *b;

	if (!is(node, cudaGraphNodeTypeKernel, p))
		return cudart_set_error(cudaErrorInvalidValue);
	g = &node->op.u.kern.grid;
	b = &node->op.u.kern.block;
	memset(p, 0, sizeof(*p));
	p->func = (void *)node->op.u.kern.func;
	p->gridDim.x = g->x, p->gridDim.y = g->y, p->gridDim.z = g->z;
	p->blockDim.x = b->x, p->blockDim.y = b->y, p->blockDim.z = b->z;
	p->sharedMemBytes = (unsigned int)node->op.u.kern.shmem;
	p->kernelParams = node->op.u.kern.args;	/* the node's own copy, as CUDA's */
	return cudaSuccess;
}

/* As linear memory: a node made from arrays reports the bytes it copies. */
cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *p)
{
	const struct cudart_op_copy *cp;

	if (!is(node, cudaGraphNodeTypeMemcpy, p))
		return cudart_set_error(cudaErrorInvalidValue);
	cp = &node->op.u.copy;
	memset(p, 0, sizeof(*p));
	p->srcPtr.ptr = (void *)cp->src;
	p->srcPtr.pitch = cp->spitch;
	p->srcPtr.xsize = cp->n;
	p->srcPtr.ysize = cp->spitch ? cp->sslice / cp->spitch : 0;
	p->dstPtr.ptr = cp->dst;
	p->dstPtr.pitch = cp->dpitch;
	p->dstPtr.xsize = cp->n;
	p->dstPtr.ysize = cp->dpitch ? cp->dslice / cp->dpitch : 0;
	p->extent.width = cp->n;
	p->extent.height = cp->rows ? cp->rows : 1;
	p->extent.depth = cp->depth ? cp->depth : 1;
	p->kind = cudaMemcpyDefault;
	return cudaSuccess;
}

cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *p)
{
	const struct cudart_op_set *st;

	if (!is(node, cudaGraphNodeTypeMemset, p))
		return cudart_set_error(cudaErrorInvalidValue);
	st = &node->op.u.set;
	p->dst = st->dst;
	p->pitch = st->pitch;
	p->value = st->value;
	p->elementSize = st->elem ? st->elem : 1;
	p->width = st->n;
	p->height = st->rows ? st->rows : 1;
	return cudaSuccess;
}

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *p)
{
	if (!is(node, cudaGraphNodeTypeHost, p))
		return cudart_set_error(cudaErrorInvalidValue);
	p->fn = node->op.u.host.fn;
	p->userData = node->op.u.host.arg;
	return cudaSuccess;
}

cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph)
{
	if (!is(node, cudaGraphNodeTypeGraph, pGraph))
		return cudart_set_error(cudaErrorInvalidValue);
	*pGraph = node->child;
	return cudaSuccess;
}

static cudaError_t event_of(cudaGraphNode_t node, enum cudaGraphNodeType type, cudaEvent_t *out)
{
	if (!is(node, type, out))
		return cudart_set_error(cudaErrorInvalidValue);
	*out = node->event;
	return cudaSuccess;
}

static cudaError_t set_event(cudaGraphNode_t node, enum cudaGraphNodeType type, cudaEvent_t ev)
{
	if (!is(node, type, ev))
		return cudart_set_error(cudaErrorInvalidValue);
	node->event = ev;
	return cudaSuccess;
}

cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
	return event_of(node, cudaGraphNodeTypeEventRecord, event_out);
}

cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
	return set_event(node, cudaGraphNodeTypeEventRecord, event);
}

cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
	return event_of(node, cudaGraphNodeTypeWaitEvent, event_out);
}

cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
	return set_event(node, cudaGraphNodeTypeWaitEvent, event);
}
