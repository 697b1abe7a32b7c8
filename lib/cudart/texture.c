// SPDX-License-Identifier: MIT
/*
 * texture.c - texture and surface objects: cudaCreateTextureObject and
 * cudaCreateSurfaceObject check a resource (an array, linear memory or
 * pitched 2-D memory) and its description and return a handle that is the
 * address of a struct cudart_texobj; device code (one address space with
 * the host) reads through it directly (tex_fetch.c), the host calls find
 * it in the context's table first.  cudaDeviceReset destroys them all.
 */
#define _GNU_SOURCE
#include <search.h>
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

static int obj_cmp(const void *a, const void *b)
{
	return (uintptr_t)a < (uintptr_t)b ? -1 : (uintptr_t)a > (uintptr_t)b;
}

/* Bytes of one element of fmt, 0 if it is not a format textures read. */
static size_t format_bytes(const struct cudaChannelFormatDesc *fmt)
{
	int bits[4] = { fmt->x, fmt->y, fmt->z, fmt->w };
	int n = 0;

	for (int i = 0; i < 4; i++) {
		if (!bits[i])
			break;
		if (bits[i] != bits[0])
			return 0;	/* channels of one width */
		n++;
	}
	for (int i = n; i < 4; i++)
		if (bits[i])
			return 0;
	if (!n || n == 3)
		return 0;
	switch (fmt->f) {
	case cudaChannelFormatKindSigned: case cudaChannelFormatKindUnsigned:
		if (bits[0] != 8 && bits[0] != 16 && bits[0] != 32)
			return 0;
		break;
	case cudaChannelFormatKindFloat:
		if (bits[0] != 16 && bits[0] != 32)
			return 0;
		break;
	default:
		return 0;
	}
	return (size_t)n * (size_t)bits[0] / 8;
}

/* cudaDevAttrMaxTexture1DLinearWidth (device.c): CUDA's bound on a linear resource. */
#define MAX_LINEAR_ELEMS 268435456u

/* Fills o's layout from the resource; cudaErrorInvalidValue where CUDA's checks fail. */
static cudaError_t layout(struct cudart_texobj *o, const struct cudaResourceDesc *r)
{
	cudaArray_t a;

	o->size[0] = o->size[1] = o->size[2] = 1;
	switch (r->resType) {
	case cudaResourceTypeArray:
		a = r->res.array.array;
		if (!a)
			return cudaErrorInvalidResourceHandle;
		o->fmt = a->desc;
		o->base = a->data;
		o->size[0] = a->width;
		o->size[1] = a->height ? a->height : 1;
		o->size[2] = a->depth ? a->depth : 1;
		o->dims = a->depth ? 3 : a->height ? 2 : 1;
		o->layered = (a->flags & cudaArrayLayered) != 0;
		o->elem = format_bytes(&o->fmt);
		o->pitch = a->width * o->elem;
		o->slice = o->pitch * o->size[1];
		break;
	case cudaResourceTypeLinear:
		o->fmt = r->res.linear.desc;
		o->base = (const char *)r->res.linear.devPtr;
		o->elem = format_bytes(&o->fmt);
		if (!o->base || !o->elem || r->res.linear.sizeInBytes % o->elem ||
		    r->res.linear.sizeInBytes / o->elem > MAX_LINEAR_ELEMS)
			return cudaErrorInvalidValue;
		o->size[0] = r->res.linear.sizeInBytes / o->elem;
		o->dims = 1;
		o->pitch = o->slice = r->res.linear.sizeInBytes;
		break;
	case cudaResourceTypePitch2D:
		o->fmt = r->res.pitch2D.desc;
		o->base = (const char *)r->res.pitch2D.devPtr;
		o->elem = format_bytes(&o->fmt);
		o->size[0] = r->res.pitch2D.width;
		o->size[1] = r->res.pitch2D.height;
		o->dims = 2;
		o->pitch = r->res.pitch2D.pitchInBytes;
		o->slice = o->pitch * o->size[1];
		if (!o->base || !o->elem || o->pitch < o->size[0] * o->elem)
			return cudaErrorInvalidValue;
		break;
	case cudaResourceTypeMipmappedArray:
		return cudaErrorNotSupported;	/* README: mipmapped arrays */
	default:
		return cudaErrorInvalidValue;
	}
	if (!o->elem || !o->size[0] || !o->size[1] || !o->size[2])
		return cudaErrorInvalidValue;
	return cudaSuccess;
}

/* Linear filtering gives floats: element reads of integers cannot be filtered (CUDA's rule). */
static cudaError_t check_sampling(const struct cudart_texobj *o)
{
	const struct cudaTextureDesc *t = &o->tex;

	for (int i = 0; i < 3; i++)
		if ((unsigned int)t->addressMode[i] > cudaAddressModeBorder)
			return cudaErrorInvalidValue;
	if ((unsigned int)t->filterMode > cudaFilterModeLinear ||
	    (unsigned int)t->readMode > cudaReadModeNormalizedFloat)
		return cudaErrorInvalidValue;
	if (o->fmt.f != cudaChannelFormatKindFloat && o->fmt.x == 32 &&
	    t->readMode == cudaReadModeNormalizedFloat)
		return cudaErrorInvalidValue;	/* 8- and 16-bit integers only */
	if (o->fmt.f != cudaChannelFormatKindFloat && t->readMode == cudaReadModeElementType &&
	    t->filterMode == cudaFilterModeLinear && o->res.resType != cudaResourceTypeLinear)
		return cudaErrorInvalidValue;
	return cudaSuccess;
}

/*
 * Bytes of o's memory that lie in its allocation; lock held.  CUDA binds
 * linear and pitched memory by the size the program gives and leaves reads
 * past its allocation to the program (a GPU reads whatever lies there, or
 * faults); here they read zeros instead of the host's neighbouring memory.
 */
static size_t readable_bytes(struct cudart_ctx *c, const struct cudart_texobj *o)
{
	size_t rest;

	if (o->res.resType == cudaResourceTypeArray)
		return SIZE_MAX;
	rest = cudart_alloc_rest(c, o->base);
	return rest ? rest : SIZE_MAX;
}

/*
 * Destroyed objects are kept (marked dead, on the context's list) and made
 * live again by a later create, so that a kernel reading a destroyed
 * handle reads memory that is still an object: zeros and an error
 * (tex_fetch.c), never a crash of the host.  The memory kept is the most
 * objects ever live at once.  fresh, filled, is copied into a dead object
 * (which stays dead until the caller publishes it) or returned as it is;
 * lock held.
 */
static struct cudart_texobj *recycle(struct cudart_ctx *c, struct cudart_texobj *fresh)
{
	struct cudart_texobj *o = c->dead_texobjs;

	fresh->dead = true;
	if (!o)
		return fresh;
	c->dead_texobjs = o->next_dead;
	*o = *fresh;
	o->next_dead = NULL;
	free(fresh);
	return o;
}

static cudaError_t create(struct cudart_texobj **out, const struct cudaResourceDesc *r,
			  const struct cudaTextureDesc *t, const struct cudaResourceViewDesc *v,
			  bool surface)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_texobj *o;
	cudaError_t err;

	if (!r || (!surface && !t) || r->flags)
		return cudaErrorInvalidValue;
	if (v && v->format != cudaResViewFormatNone)
		return cudaErrorNotSupported;	/* README: resource views */
	o = calloc(1, sizeof(*o));
	if (!o)
		return cudaErrorMemoryAllocation;
	o->res = *r;
	o->surface = surface;
	if (t)
		o->tex = *t;
	if (v)
		o->view = *v;
	err = layout(o, r);
	if (!err && surface && r->resType != cudaResourceTypeArray)
		err = cudaErrorInvalidValue;	/* surfaces are arrays in CUDA */
	if (!err && !surface)
		err = check_sampling(o);
	pthread_mutex_lock(&c->lock);
	o->readable = readable_bytes(c, o);
	if (!err)
		o = recycle(c, o);
	if (!err && !tsearch(o, &c->texobjs, obj_cmp))
		err = cudaErrorMemoryAllocation;
	if (!err)
		__atomic_store_n(&o->dead, false, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&c->lock);
	if (err) {
		free(o);
		return err;
	}
	*out = o;
	return cudaSuccess;
}

/* The live object of handle h of the right kind, or NULL; lock held. */
static struct cudart_texobj *find(struct cudart_ctx *c, unsigned long long h, bool surface)
{
	struct cudart_texobj *o = (struct cudart_texobj *)(uintptr_t)h;
	void *node = o ? tfind(o, &c->texobjs, obj_cmp) : NULL;

	if (!node || o->surface != surface)
		return NULL;
	return o;
}

static cudaError_t destroy(unsigned long long h, bool surface)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_texobj *o;

	pthread_mutex_lock(&c->lock);
	o = find(c, h, surface);
	if (o) {
		tdelete(o, &c->texobjs, obj_cmp);
		__atomic_store_n(&o->dead, true, __ATOMIC_RELEASE);
		o->next_dead = c->dead_texobjs;
		c->dead_texobjs = o;
	}
	pthread_mutex_unlock(&c->lock);
	return o ? cudaSuccess : cudaErrorInvalidValue;
}

/* Copies a part of the object of h into dst (n bytes from field at); lock taken here. */
static cudaError_t get(void *dst, unsigned long long h, bool surface, size_t at, size_t n)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_texobj *o;

	if (!dst)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	o = find(c, h, surface);
	if (o)
		memcpy(dst, (const char *)o + at, n);
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(o ? cudaSuccess : cudaErrorInvalidValue);
}

void cudart_texobjs_free(struct cudart_ctx *c)
{
	tdestroy(c->texobjs, free);
	c->texobjs = NULL;
	while (c->dead_texobjs) {
		struct cudart_texobj *o = c->dead_texobjs;

		c->dead_texobjs = o->next_dead;
		free(o);
	}
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
				    const struct cudaResourceDesc *pResDesc,
				    const struct cudaTextureDesc *pTexDesc,
				    const struct cudaResourceViewDesc *pResViewDesc)
{
	struct cudart_texobj *o;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!pTexObject)
		return cudart_set_error(cudaErrorInvalidValue);
	err = create(&o, pResDesc, pTexDesc, pResViewDesc, false);
	if (!err)
		*pTexObject = (uintptr_t)o;
	return cudart_set_error(err);
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject)
{
	return cudart_set_error(destroy(texObject, false));
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
					     cudaTextureObject_t texObject)
{
	return get(pResDesc, texObject, false, offsetof(struct cudart_texobj, res), sizeof(*pResDesc));
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
					    cudaTextureObject_t texObject)
{
	return get(pTexDesc, texObject, false, offsetof(struct cudart_texobj, tex), sizeof(*pTexDesc));
}

cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
						 cudaTextureObject_t texObject)
{
	return get(pResViewDesc, texObject, false, offsetof(struct cudart_texobj, view),
		   sizeof(*pResViewDesc));
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
				    const struct cudaResourceDesc *pResDesc)
{
	struct cudart_texobj *o;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!pSurfObject)
		return cudart_set_error(cudaErrorInvalidValue);
	err = create(&o, pResDesc, NULL, NULL, true);
	if (!err)
		*pSurfObject = (uintptr_t)o;
	return cudart_set_error(err);
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject)
{
	return cudart_set_error(destroy(surfObject, true));
}

cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
					     cudaSurfaceObject_t surfObject)
{
	return get(pResDesc, surfObject, true, offsetof(struct cudart_texobj, res), sizeof(*pResDesc));
}

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array)
{
	if (!desc)
		return cudart_set_error(cudaErrorInvalidValue);
	if (!array)
		return cudart_set_error(cudaErrorInvalidResourceHandle);
	*desc = array->desc;
	return cudaSuccess;
}
