// SPDX-License-Identifier: MIT
/*
 * graph_mem.c - memory nodes of graphs: cudaGraphAddMemAllocNode, and
 * cudaMallocAsync in a capturing stream, make an allocation node;
 * cudaGraphAddMemFreeNode, and cudaFreeAsync in a capture, a free node.
 *
 * CUDA fixes an allocation node's address when the node is made and maps
 * the memory while the graph runs between the allocation and the free.
 * Here the memory is made with the node, at that address, and stays until
 * the last node holding it (the node, its clones, the executable graphs
 * made from it) is destroyed: so running the nodes does nothing, and
 * memory that CUDA would have unmapped after the free node is still there
 * (reading it is the program's error on a GPU, harmless here).  cudaFree
 * and cudaFreeAsync of graph memory outside a graph, which CUDA allows,
 * leave it to its graph (memory.c).  What counts in the footprint, and
 * what a trim gives back: graph_mem_map.c.
 */
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

void cudart_graph_mem_put(struct cudart_graph_mem *m)
{
	if (--m->refs)
		return;
	cudart_graph_mem_free(m->params.dptr, m->id);
	free(m);
}

/* CUDA's checks of the parameters: pinned device-0 memory of some size. */
static cudaError_t check_params(const struct cudaMemAllocNodeParams *p)
{
	if (!p || !p->bytesize || (p->accessDescCount && !p->accessDescs))
		return cudaErrorInvalidValue;
	if (p->poolProps.allocType != cudaMemAllocationTypePinned ||
	    p->poolProps.location.type != cudaMemLocationTypeDevice)
		return cudaErrorInvalidValue;
	if (p->poolProps.location.id != 0)
		return cudaErrorInvalidDevice;
	for (size_t i = 0; i < p->accessDescCount; i++)
		if (p->accessDescs[i].location.type != cudaMemLocationTypeDevice ||
		    p->accessDescs[i].location.id != 0)
			return cudaErrorInvalidDevice;
	return cudaSuccess;
}

/* The allocation of a new node: p's size, p->dptr set. */
static cudaError_t mem_new(struct cudaMemAllocNodeParams *p, struct cudart_graph_mem **out)
{
	struct cudart_graph_mem *m = calloc(1, sizeof(*m));
	cudaError_t err;

	if (!m)
		return cudaErrorMemoryAllocation;
	err = cudart_graph_mem_alloc(&p->dptr, p->bytesize, &m->id);
	if (err) {
		free(m);
		return err;
	}
	m->refs = 1;
	m->params = *p;
	m->params.accessDescs = NULL;	/* not kept: reported as none */
	m->params.accessDescCount = 0;
	*out = m;
	return cudaSuccess;
}

cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				     const cudaGraphNode_t *pDependencies, size_t numDependencies,
				     struct cudaMemAllocNodeParams *nodeParams)
{
	struct cudart_graph_mem *m = NULL;
	cudaGraphNode_t n;
	cudaError_t err = pGraphNode ? check_params(nodeParams) : cudaErrorInvalidValue;

	if (!err)
		err = mem_new(nodeParams, &m);
	if (!err)
		err = cudart_graph_node_new(graph, pDependencies, numDependencies,
					    cudaGraphNodeTypeMemAlloc, &n);
	if (err) {
		if (m)
			cudart_graph_mem_put(m);
		return cudart_set_error(err);
	}
	n->mem = m;
	*pGraphNode = n;
	return cudaSuccess;
}

cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node,
					   struct cudaMemAllocNodeParams *params_out)
{
	if (!node || !params_out || node->type != cudaGraphNodeTypeMemAlloc)
		return cudart_set_error(cudaErrorInvalidValue);
	*params_out = node->mem->params;
	return cudaSuccess;
}

/* Is p the start of graph memory?  (What a free node may free.) */
static bool is_graph_mem(const void *p)
{
	struct cudart_ctx *c = cudart_ctx();
	bool r;

	pthread_mutex_lock(&c->lock);
	r = cudart_graph_mem_id(c, p) != 0;
	pthread_mutex_unlock(&c->lock);
	return r;
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				    const cudaGraphNode_t *pDependencies, size_t numDependencies,
				    void *dptr)
{
	cudaError_t err = pGraphNode && is_graph_mem(dptr) ? cudaSuccess : cudaErrorInvalidValue;

	if (!err)
		err = cudart_graph_node_new(graph, pDependencies, numDependencies,
					    cudaGraphNodeTypeMemFree, pGraphNode);
	if (err)
		return cudart_set_error(err);
	(*pGraphNode)->free_ptr = dptr;
	return cudaSuccess;
}

cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out)
{
	if (!node || !dptr_out || node->type != cudaGraphNodeTypeMemFree)
		return cudart_set_error(cudaErrorInvalidValue);
	memcpy(dptr_out, &node->free_ptr, sizeof(void *));
	return cudaSuccess;
}

/*
 * cudaMallocAsync / cudaFreeAsync in a capturing stream s (lock held on
 * entry and exit, dropped while the memory is made): an allocation or free
 * node after the stream's tail, which it becomes.
 */
cudaError_t cudart_capture_alloc(struct cudart_ctx *c, struct CUstream_st *s, void **ptr, size_t size)
{
	struct cudaMemAllocNodeParams p;
	struct cudart_graph_mem *m = NULL;
	cudaGraphNode_t n;
	cudaError_t err;

	memset(&p, 0, sizeof(p));
	p.poolProps.allocType = cudaMemAllocationTypePinned;
	p.poolProps.location.type = cudaMemLocationTypeDevice;
	p.bytesize = size;
	if (!ptr || !size)
		return cudaErrorInvalidValue;
	pthread_mutex_unlock(&c->lock);
	err = mem_new(&p, &m);
	pthread_mutex_lock(&c->lock);
	if (!err && (!s->cap || s->cap->status != cudaStreamCaptureStatusActive))
		err = cudaErrorStreamCaptureInvalidated;
	if (!err)
		err = cudart_graph_node_new(s->cap->graph, s->cap_tail.v, s->cap_tail.n,
					    cudaGraphNodeTypeMemAlloc, &n);
	if (!err) {
		n->mem = m;
		s->cap_tail.n = 0;
		err = cudart_nodes_add(&s->cap_tail, n);
		*ptr = p.dptr;
		return err;
	}
	if (m) {
		pthread_mutex_unlock(&c->lock);
		cudart_graph_mem_put(m);
		pthread_mutex_lock(&c->lock);
	}
	return err;
}

cudaError_t cudart_capture_free(struct cudart_ctx *c, struct CUstream_st *s, void *ptr)
{
	cudaGraphNode_t n;
	cudaError_t err;

	if (!cudart_graph_mem_id(c, ptr))
		return cudaErrorInvalidValue;	/* free nodes free graph memory only */
	if (s->cap->status != cudaStreamCaptureStatusActive)
		return cudaErrorStreamCaptureInvalidated;
	err = cudart_graph_node_new(s->cap->graph, s->cap_tail.v, s->cap_tail.n,
				    cudaGraphNodeTypeMemFree, &n);
	if (err)
		return err;
	n->free_ptr = ptr;
	s->cap_tail.n = 0;
	return cudart_nodes_add(&s->cap_tail, n);
}

cudaError_t cudaDeviceGraphMemTrim(int device)
{
	if (device)
		return cudart_set_error(cudaErrorInvalidDevice);
	cudart_graph_mem_trim(cudart_ctx());	/* graph_mem_map.c */
	return cudaSuccess;
}

cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value)
{
	struct cudart_ctx *c = cudart_ctx();
	uint64_t v;

	if (device)
		return cudart_set_error(cudaErrorInvalidDevice);
	if (!value || (unsigned int)attr > cudaGraphMemAttrReservedMemHigh)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	/* used and reserved are the same: what graphs hold and have cached (graph_mem_map.c) */
	v = attr == cudaGraphMemAttrUsedMemHigh || attr == cudaGraphMemAttrReservedMemHigh ?
		    c->graph_mem_high : c->graph_mem_used;
	pthread_mutex_unlock(&c->lock);
	memcpy(value, &v, sizeof(v));
	return cudaSuccess;
}

/* Only the high marks can be set, and only to 0 (CUDA's rule): they restart from now. */
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value)
{
	struct cudart_ctx *c = cudart_ctx();
	uint64_t v;

	if (device)
		return cudart_set_error(cudaErrorInvalidDevice);
	if (!value || (attr != cudaGraphMemAttrUsedMemHigh && attr != cudaGraphMemAttrReservedMemHigh))
		return cudart_set_error(cudaErrorInvalidValue);
	memcpy(&v, value, sizeof(v));
	if (v)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	c->graph_mem_high = c->graph_mem_used;
	pthread_mutex_unlock(&c->lock);
	return cudaSuccess;
}
