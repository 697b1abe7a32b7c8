// SPDX-License-Identifier: MIT
/*
 * user_object.c - user objects: a pointer and its destructor, counted by
 * the program and by graphs (cudaUserObjectCreate/Retain/Release,
 * cudaGraphRetainUserObject/ReleaseUserObject).  A graph's references go
 * with its clones, so an executable graph (which holds a clone) keeps them
 * until it is destroyed, as CUDA's instantiation copies them.
 *
 * CUDA runs the destructor once nothing holds the object, after the work
 * launched from a graph that held it has finished.  Here the destructor
 * runs in the call that drops the last reference; when a graph drops it,
 * that call first waits until the device is idle (the launches of the
 * graph are then done).
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "cudart.h"

struct CUuserObject_st {
	atomic_uint refs;
	void *ptr;
	cudaHostFn_t destroy;
};

cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, void *ptr, cudaHostFn_t destroy,
				 unsigned int initialRefcount, unsigned int flags)
{
	cudaUserObject_t o;

	/* CUDA requires the flag: destructors never synchronize with CUDA work */
	if (!object_out || !destroy || !initialRefcount || flags != cudaUserObjectNoDestructorSync)
		return cudart_set_error(cudaErrorInvalidValue);
	o = malloc(sizeof(*o));
	if (!o)
		return cudart_set_error(cudaErrorMemoryAllocation);
	atomic_init(&o->refs, initialRefcount);
	o->ptr = ptr;
	o->destroy = destroy;
	*object_out = o;
	return cudaSuccess;
}

cudaError_t cudaUserObjectRetain(cudaUserObject_t object, unsigned int count)
{
	if (!object || !count)
		return cudart_set_error(cudaErrorInvalidValue);
	atomic_fetch_add(&object->refs, count);
	return cudaSuccess;
}

/* Drops count references; the last one runs the destructor (after the device's work when a graph's). */
static void release(cudaUserObject_t o, unsigned int count, bool by_graph)
{
	struct cudart_ctx *c = cudart_ctx();

	if (atomic_fetch_sub(&o->refs, count) != count)
		return;
	if (by_graph) {
		pthread_mutex_lock(&c->lock);
		cudart_wait_all(c);
		pthread_mutex_unlock(&c->lock);
	}
	o->destroy(o->ptr);
	free(o);
}

cudaError_t cudaUserObjectRelease(cudaUserObject_t object, unsigned int count)
{
	if (!object || !count || count > atomic_load(&object->refs))
		return cudart_set_error(cudaErrorInvalidValue);
	release(object, count, false);
	return cudaSuccess;
}

/* The index of o among the graph's references, or its count of them. */
static size_t find_ref(const struct cudart_user_refs *r, cudaUserObject_t o)
{
	size_t i = 0;

	while (i < r->n && r->v[i].obj != o)
		i++;
	return i;
}

static cudaError_t add_ref(struct cudart_user_refs *r, cudaUserObject_t o, unsigned int count)
{
	size_t i = find_ref(r, o);

	if (i == r->n) {
		struct cudart_user_ref *v = realloc(r->v, (r->n + 1) * sizeof(*v));

		if (!v)
			return cudaErrorMemoryAllocation;
		r->v = v;
		v[r->n++] = (struct cudart_user_ref){ .obj = o, .count = 0 };
	}
	r->v[i].count += count;
	return cudaSuccess;
}

cudaError_t cudaGraphRetainUserObject(cudaGraph_t graph, cudaUserObject_t object, unsigned int count,
				      unsigned int flags)
{
	cudaError_t err;

	if (!graph || !object || !count || (flags & ~(unsigned int)cudaGraphUserObjectMove))
		return cudart_set_error(cudaErrorInvalidValue);
	err = add_ref(&graph->users, object, count);
	if (!err && !(flags & cudaGraphUserObjectMove))
		atomic_fetch_add(&object->refs, count);	/* else the caller's move to the graph */
	return cudart_set_error(err);
}

cudaError_t cudaGraphReleaseUserObject(cudaGraph_t graph, cudaUserObject_t object, unsigned int count)
{
	struct cudart_user_refs *r;
	size_t i;

	if (!graph || !object || !count)
		return cudart_set_error(cudaErrorInvalidValue);
	r = &graph->users;
	i = find_ref(r, object);
	if (i == r->n || r->v[i].count < count)
		return cudart_set_error(cudaErrorInvalidValue);	/* more than the graph holds */
	r->v[i].count -= count;
	if (!r->v[i].count)
		r->v[i] = r->v[--r->n];
	release(object, count, true);
	return cudaSuccess;
}

cudaError_t cudart_user_refs_copy(struct cudart_user_refs *to, const struct cudart_user_refs *from)
{
	if (!from->n)
		return cudaSuccess;
	to->v = malloc(from->n * sizeof(*to->v));
	if (!to->v)
		return cudaErrorMemoryAllocation;
	for (size_t i = 0; i < from->n; i++) {
		to->v[i] = from->v[i];
		atomic_fetch_add(&from->v[i].obj->refs, from->v[i].count);
	}
	to->n = from->n;
	return cudaSuccess;
}

void cudart_user_refs_free(struct cudart_user_refs *r)
{
	for (size_t i = 0; i < r->n; i++)
		release(r->v[i].obj, r->v[i].count, true);
	free(r->v);
	r->v = NULL;
	r->n = 0;
}
