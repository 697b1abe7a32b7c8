// SPDX-License-Identifier: MIT
/*
 * graph_cond.c - conditional nodes and handles (cudaGraphConditionalHandle-
 * Create, cudaGraphAddNode of cudaGraphNodeTypeConditional).
 *
 * A handle is a value kernels set (cudaGraphSetConditional, device code:
 * include/cuda/idxgen_cuda_device.h) and the node reads when it runs: its
 * address is the handle.  The graph it was made on holds it, and so do the
 * graph's clones (executable graphs): they share the value, so two
 * launches of graphs with the same handle at the same time race on it (a
 * GPU gives each executable graph its own).
 *
 * A conditional node runs in its stream as a host function: when the work
 * before it is done, it reads the value and runs the body it selects to
 * completion, on a stream of its own, while the launching stream waits;
 * a while node reads the value again after each run of its body.
 */
#include <stdlib.h>

#include "cudart.h"

static void cond_put(struct cudart_cond *h)
{
	if (!__atomic_sub_fetch(&h->refs, 1, __ATOMIC_ACQ_REL))
		free(h);
}

cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t graph,
					     unsigned int defaultLaunchValue, unsigned int flags)
{
	struct cudart_cond *h, **v;

	if (!pHandle_out || !graph || (flags & ~(unsigned int)cudaGraphCondAssignDefault))
		return cudart_set_error(cudaErrorInvalidValue);
	h = malloc(sizeof(*h));
	v = realloc(graph->conds.v, (graph->conds.n + 1) * sizeof(*v));
	if (v)
		graph->conds.v = v;
	if (!h || !v) {
		free(h);
		return cudart_set_error(cudaErrorMemoryAllocation);
	}
	*h = (struct cudart_cond){ .value = defaultLaunchValue, .default_value = defaultLaunchValue,
				   .flags = flags, .refs = 1 };
	v[graph->conds.n++] = h;
	*pHandle_out = (cudaGraphConditionalHandle)(uintptr_t)h;
	return cudaSuccess;
}

cudaError_t cudart_conds_copy(struct cudart_conds *to, const struct cudart_conds *from)
{
	if (!from->n)
		return cudaSuccess;
	to->v = malloc(from->n * sizeof(*to->v));
	if (!to->v)
		return cudaErrorMemoryAllocation;
	for (size_t i = 0; i < from->n; i++) {
		to->v[i] = from->v[i];
		__atomic_add_fetch(&to->v[i]->refs, 1, __ATOMIC_RELAXED);
	}
	to->n = from->n;
	return cudaSuccess;
}

void cudart_conds_free(struct cudart_conds *r)
{
	for (size_t i = 0; i < r->n; i++)
		cond_put(r->v[i]);
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

/* Each run of g starts from the defaults of its handles made with cudaGraphCondAssignDefault. */
void cudart_conds_assign_defaults(void *graph)
{
	const struct cudart_conds *r = &((cudaGraph_t)graph)->conds;

	for (size_t i = 0; i < r->n; i++)
		if (r->v[i]->flags & cudaGraphCondAssignDefault)
			__atomic_store_n(&r->v[i]->value, r->v[i]->default_value, __ATOMIC_RELAXED);
}

bool cudart_conds_need_defaults(cudaGraph_t g)
{
	for (size_t i = 0; i < g->conds.n; i++)
		if (g->conds.v[i]->flags & cudaGraphCondAssignDefault)
			return true;
	return false;
}

/* A handle of graph's? (A node's handle is one made on its graph, as CUDA requires.) */
static struct cudart_cond *graph_cond(cudaGraph_t graph, cudaGraphConditionalHandle handle)
{
	for (size_t i = 0; i < graph->conds.n; i++)
		if ((cudaGraphConditionalHandle)(uintptr_t)graph->conds.v[i] == handle)
			return graph->conds.v[i];
	return NULL;
}

/* A conditional node's handle, type and body count: CUDA's rules. */
static cudaError_t check_conditional(cudaGraph_t graph, const struct cudaConditionalNodeParams *p)
{
	if (!graph_cond(graph, p->handle))
		return cudaErrorInvalidValue;
	switch (p->type) {
	case cudaGraphCondTypeIf:
		return p->size == 1 || p->size == 2 ? cudaSuccess : cudaErrorInvalidValue;
	case cudaGraphCondTypeWhile:
		return p->size == 1 ? cudaSuccess : cudaErrorInvalidValue;
	case cudaGraphCondTypeSwitch:
		return p->size ? cudaSuccess : cudaErrorInvalidValue;
	default:
		return cudaErrorInvalidValue;
	}
}

cudaError_t cudart_graph_add_conditional(cudaGraphNode_t *out, cudaGraph_t graph, const cudaGraphNode_t *deps,
					 size_t ndeps, struct cudaConditionalNodeParams *p)
{
	cudaGraph_t *bodies;
	cudaError_t err = check_conditional(graph, p);
	unsigned int made = 0;

	if (err)
		return err;
	bodies = calloc(p->size, sizeof(*bodies));
	if (!bodies)
		return cudaErrorMemoryAllocation;
	while (!err && made < p->size)
		err = cudaGraphCreate(&bodies[made++], 0);
	if (!err)
		err = cudart_graph_node_new(graph, deps, ndeps, cudaGraphNodeTypeConditional, out);
	if (err) {
		for (unsigned int i = 0; i < made; i++)
			if (bodies[i])
				cudart_graph_free(bodies[i]);
		free(bodies);
		return err;
	}
	(*out)->cond = graph_cond(graph, p->handle);
	(*out)->cond_type = p->type;
	(*out)->nbodies = p->size;
	(*out)->bodies = bodies;
	p->phGraph_out = bodies;
	return cudaSuccess;
}

cudaError_t cudart_cond_bodies_copy(cudaGraphNode_t to, cudaGraphNode_t from)
{
	cudaError_t err = cudaSuccess;

	to->cond = from->cond;
	to->cond_type = from->cond_type;
	if (!from->nbodies)
		return cudaSuccess;
	to->bodies = calloc(from->nbodies, sizeof(*to->bodies));
	if (!to->bodies)
		return cudaErrorMemoryAllocation;
	to->nbodies = from->nbodies;
	for (unsigned int i = 0; !err && i < from->nbodies; i++)
		err = cudart_graph_clone(from->bodies[i], &to->bodies[i]);
	return err;
}

void cudart_cond_bodies_free(cudaGraphNode_t n)
{
	for (unsigned int i = 0; i < n->nbodies; i++)
		if (n->bodies[i])
			cudart_graph_free(n->bodies[i]);
	free(n->bodies);
}

/* The body to run now, the iter'th time the node looks at its value; NULL: done. */
static cudaGraph_t pick_body(cudaGraphNode_t n, unsigned int iter)
{
	unsigned int v = __atomic_load_n(&n->cond->value, __ATOMIC_RELAXED);

	switch (n->cond_type) {
	case cudaGraphCondTypeIf:
		if (iter)
			return NULL;
		return v ? n->bodies[0] : n->nbodies == 2 ? n->bodies[1] : NULL;
	case cudaGraphCondTypeWhile:
		return v ? n->bodies[0] : NULL;
	default:	/* switch */
		return !iter && v < n->nbodies ? n->bodies[v] : NULL;
	}
}

/* The node, run as a host function of its stream (the work before it is done). */
void cudart_cond_run(void *node)
{
	cudaGraphNode_t n = (cudaGraphNode_t)node;
	cudaError_t err;
	cudaGraph_t body;
	cudaStream_t s;

	/* non-blocking: it must not wait for the legacy stream, which may be running this */
	err = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
	if (err) {
		cudart_set_async_error(err);
		return;
	}
	for (unsigned int iter = 0; !err && (body = pick_body(n, iter)); iter++) {
		cudart_conds_assign_defaults(body);
		err = cudart_graph_submit_all(body, s);
		if (!err)
			err = cudaStreamSynchronize(s);
	}
	cudaStreamDestroy(s);
	if (err)
		cudart_set_async_error(err);	/* returned by the launching stream's next synchronisation */
}

/* Does g hold a conditional node (at any depth)? */
bool cudart_graph_has_cond(cudaGraph_t g)
{
	for (size_t i = 0; i < g->nodes.n; i++) {
		cudaGraphNode_t n = g->nodes.v[i];

		if (n->type == cudaGraphNodeTypeConditional || (n->child && cudart_graph_has_cond(n->child)))
			return true;
	}
	return false;
}
