// SPDX-License-Identifier: MIT
/*
 * arrays.c - CUDA arrays (cudaMallocArray, cudaMalloc3DArray) and the
 * copies to, from and between them.  On a GPU an array is memory in an
 * opaque layout for the texture units; here it is plain memory, rows of
 * width elements without padding, layer after layer, so every copy is the
 * strided copy of memory2d.c (one stream operation).  Offsets and widths
 * of the 2-D calls are in bytes, extents of cudaMemcpy3D in elements when
 * an array takes part: CUDA's rules.
 */
#define _GNU_SOURCE
#include <search.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

static size_t dim1(size_t d)
{
	return d ? d : 1;
}

static size_t row_bytes(cudaArray_const_t a)
{
	return a->width * a->elem;
}

size_t cudart_array_elem(cudaArray_const_t arr)
{
	return arr->elem;
}

cudaError_t cudart_array_at(cudaArray_t arr, struct cudaPos pos, char **p, size_t *pitch,
			    size_t *slice)
{
	*pitch = row_bytes(arr);
	*slice = *pitch * dim1(arr->height);
	*p = arr->data + pos.z * *slice + pos.y * *pitch + pos.x * arr->elem;
	return cudaSuccess;
}

cudaError_t cudart_array_resource(cudaArray_const_t array, const struct cudaChannelFormatDesc *desc,
				  struct cudaResourceDesc *res)
{
	if (!array)
		return cudaErrorInvalidResourceHandle;
	if (!desc)
		return cudaErrorInvalidValue;
	if (desc->x + desc->y + desc->z + desc->w !=
	    array->desc.x + array->desc.y + array->desc.z + array->desc.w)
		return cudaErrorInvalidChannelDescriptor; /* elements of another size */
	memset(res, 0, sizeof(*res));
	res->resType = cudaResourceTypeArray;
	res->res.array.array = (cudaArray_t)array;
	return cudaSuccess;
}

static bool inside(cudaArray_const_t a, struct cudaPos pos, struct cudaExtent e)
{
	return pos.x <= a->width && e.width <= a->width - pos.x &&
	       pos.y <= dim1(a->height) && dim1(e.height) <= dim1(a->height) - pos.y &&
	       pos.z <= dim1(a->depth) && dim1(e.depth) <= dim1(a->depth) - pos.z;
}

cudaError_t cudart_array_check(const struct cudaMemcpy3DParms *p, size_t elem)
{
	(void)elem;
	if (p->dstArray && !inside(p->dstArray, p->dstPos, p->extent))
		return cudaErrorInvalidValue;
	if (p->srcArray && !inside(p->srcArray, p->srcPos, p->extent))
		return cudaErrorInvalidValue;
	return cudaSuccess;
}

/* The context's arrays, by address: cudaFreeArray checks, cudaDeviceReset frees them. */
static int array_cmp(const void *a, const void *b)
{
	return (uintptr_t)a < (uintptr_t)b ? -1 : (uintptr_t)a > (uintptr_t)b;
}

struct byte_range {
	uintptr_t lo, hi;	/* [lo, hi) */
};

/* A range against an array's object: equal where they overlap (the objects never do). */
static int range_cmp(const void *key, const void *node)
{
	const struct byte_range *r = key;
	uintptr_t a = (uintptr_t)node;

	return r->hi <= a ? -1 : r->lo >= a + sizeof(struct cudaArray);
}

/*
 * A cudaArray_t is the address of our struct cudaArray, host memory no
 * allocation of ours covers, so a copy given the handle as a pointer
 * (cudaMemcpy(arr, ...) for cudaMemcpyToArray) would write over the object
 * and its data pointer.  CUDA's handles are no memory a copy can reach: it
 * returns cudaErrorInvalidValue, and so do the checks that call this.
 */
bool cudart_array_overlaps(struct cudart_ctx *c, const void *p, size_t n)
{
	struct byte_range r = { (uintptr_t)p, (uintptr_t)p + n };

	if (!n)
		return false;
	if (r.hi < r.lo)
		r.hi = UINTPTR_MAX;
	return tfind(&r, &c->arrays, range_cmp) != NULL;
}

static void array_free(void *p)
{
	cudaArray_t a = p;

	free(a->data);
	free(a);
}

void cudart_arrays_free(struct cudart_ctx *c)
{
	tdestroy(c->arrays, array_free);
	c->arrays = NULL;
}

static cudaError_t make_array(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
			      struct cudaExtent e, unsigned int flags)
{
	const unsigned int known = cudaArrayLayered | cudaArraySurfaceLoadStore | cudaArrayCubemap |
				   cudaArrayTextureGather;
	int bits;
	size_t elem, bytes;
	struct cudart_ctx *c = cudart_ctx();
	cudaArray_t a;

	CUDART_STICKY_RETURN();
	if (!array || !desc || (flags & ~known) || !e.width || (e.depth && !e.height))
		return cudart_set_error(cudaErrorInvalidValue);
	/* a cubemap: square faces, six of them (six per layer when layered) */
	if ((flags & cudaArrayCubemap) &&
	    (e.width != e.height || !e.depth || e.depth % 6 || (!(flags & cudaArrayLayered) && e.depth != 6)))
		return cudart_set_error(cudaErrorInvalidValue);
	bits = desc->x + desc->y + desc->z + desc->w;
	if (desc->x < 0 || desc->y < 0 || desc->z < 0 || desc->w < 0 || !bits || bits % 8 ||
	    desc->f == cudaChannelFormatKindNone)
		return cudart_set_error(cudaErrorInvalidChannelDescriptor);
	elem = (size_t)bits / 8;
	if (e.width > SIZE_MAX / elem / dim1(e.height) / dim1(e.depth))
		return cudart_set_error(cudaErrorMemoryAllocation);
	bytes = e.width * elem * dim1(e.height) * dim1(e.depth);
	a = calloc(1, sizeof(*a));
	if (a)
		a->data = calloc(1, bytes);
	if (!a || !a->data) {
		free(a);
		return cudart_set_error(cudaErrorMemoryAllocation);
	}
	a->desc = *desc;
	a->width = e.width;
	a->height = e.height;
	a->depth = e.depth;
	a->elem = elem;
	a->flags = flags;
	pthread_mutex_lock(&c->lock);
	if (!tsearch(a, &c->arrays, array_cmp)) {
		pthread_mutex_unlock(&c->lock);
		array_free(a);
		return cudart_set_error(cudaErrorMemoryAllocation);
	}
	pthread_mutex_unlock(&c->lock);
	*array = a;
	return cudaSuccess;
}

cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
			    size_t width, size_t height, unsigned int flags)
{
	struct cudaExtent e = { width, height, 0 };

	return make_array(array, desc, e, flags);
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
			      struct cudaExtent extent, unsigned int flags)
{
	return make_array(array, desc, extent, flags);
}

/* Waits for the device first, as cudaFree does (queued copies may use it). */
cudaError_t cudaFreeArray(cudaArray_t array)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;
	bool found;

	if (!array)
		return cudaSuccess;
	err = cudaDeviceSynchronize();
	if (err)
		return err;
	pthread_mutex_lock(&c->lock);
	found = tfind(array, &c->arrays, array_cmp) != NULL;
	if (found)
		tdelete(array, &c->arrays, array_cmp);
	pthread_mutex_unlock(&c->lock);
	if (!found)
		return cudart_set_error(cudaErrorInvalidValue);	/* freed, or never an array */
	array_free(array);
	return cudaSuccess;
}

cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
			     unsigned int *flags, cudaArray_t array)
{
	if (!array)
		return cudart_set_error(cudaErrorInvalidResourceHandle);
	if (desc)
		*desc = array->desc;
	if (extent) {
		extent->width = array->width;
		extent->height = array->height;
		extent->depth = array->depth;
	}
	if (flags)
		*flags = array->flags;
	return cudaSuccess;
}

/* The bytes of a at (wOffset bytes, hOffset rows) for width x height, checked. */
static cudaError_t region(cudaArray_const_t a, size_t w_off, size_t h_off, size_t width,
			  size_t height, char **p)
{
	if (!a)
		return cudaErrorInvalidResourceHandle;
	if (w_off > row_bytes(a) || width > row_bytes(a) - w_off || h_off > dim1(a->height) ||
	    height > dim1(a->height) - h_off)
		return cudaErrorInvalidValue;
	*p = a->data + h_off * row_bytes(a) + w_off;
	return cudaSuccess;
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
				     const void *src, size_t spitch, size_t width, size_t height,
				     enum cudaMemcpyKind kind, cudaStream_t stream)
{
	char *d;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	err = region(dst, wOffset, hOffset, width, height, &d);
	if (!err && height > 1 && width > spitch)
		err = cudaErrorInvalidPitchValue;
	if (!err)
		err = cudart_copy3d(d, row_bytes(dst), 0, src, spitch, 0, width, height, 1, kind,
				    stream);
	return cudart_set_error(err);
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
				size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind)
{
	return cudaMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width, height, kind, 0);
}

cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
				       size_t wOffset, size_t hOffset, size_t width, size_t height,
				       enum cudaMemcpyKind kind, cudaStream_t stream)
{
	char *s;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	err = region(src, wOffset, hOffset, width, height, &s);
	if (!err && height > 1 && width > dpitch)
		err = cudaErrorInvalidPitchValue;
	if (!err)
		err = cudart_copy3d(dst, dpitch, 0, s, row_bytes(src), 0, width, height, 1, kind,
				    stream);
	return cudart_set_error(err);
}

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
				  size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind)
{
	return cudaMemcpy2DFromArrayAsync(dst, dpitch, src, wOffset, hOffset, width, height, kind, 0);
}

cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
				     cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
				     size_t width, size_t height, enum cudaMemcpyKind kind)
{
	char *d, *s;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	err = region(dst, wOffsetDst, hOffsetDst, width, height, &d);
	if (!err)
		err = region(src, wOffsetSrc, hOffsetSrc, width, height, &s);
	if (!err)
		err = cudart_copy3d(d, row_bytes(dst), 0, s, row_bytes(src), 0, width, height, 1,
				    kind, 0);
	return cudart_set_error(err);
}

/*
 * The 1-D forms CUDA 12 deprecated (CUDA 13 removed them; classic programs
 * call them): count bytes from (wOffset, hOffset) on, row after row.
 */
static cudaError_t linear(cudaArray_const_t a, size_t w_off, size_t h_off, size_t count, char **p)
{
	size_t total;

	if (!a)
		return cudaErrorInvalidResourceHandle;
	total = row_bytes(a) * dim1(a->height) * dim1(a->depth);
	if (w_off > row_bytes(a) || h_off > dim1(a->height) ||
	    h_off * row_bytes(a) + w_off > total || count > total - h_off * row_bytes(a) - w_off)
		return cudaErrorInvalidValue;
	*p = a->data + h_off * row_bytes(a) + w_off;
	return cudaSuccess;
}

cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
				   size_t count, enum cudaMemcpyKind kind, cudaStream_t stream)
{
	char *d;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	err = linear(dst, wOffset, hOffset, count, &d);
	if (!err)
		err = cudart_copy3d(d, count, 0, src, count, 0, count, 1, 1, kind, stream);
	return cudart_set_error(err);
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
			      size_t count, enum cudaMemcpyKind kind)
{
	return cudaMemcpyToArrayAsync(dst, wOffset, hOffset, src, count, kind, 0);
}

cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, size_t wOffset,
				     size_t hOffset, size_t count, enum cudaMemcpyKind kind,
				     cudaStream_t stream)
{
	char *s;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	err = linear(src, wOffset, hOffset, count, &s);
	if (!err)
		err = cudart_copy3d(dst, count, 0, s, count, 0, count, 1, 1, kind, stream);
	return cudart_set_error(err);
}

cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
				size_t count, enum cudaMemcpyKind kind)
{
	return cudaMemcpyFromArrayAsync(dst, src, wOffset, hOffset, count, kind, 0);
}

cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
				   cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
				   size_t count, enum cudaMemcpyKind kind)
{
	char *d, *s;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	err = linear(dst, wOffsetDst, hOffsetDst, count, &d);
	if (!err)
		err = linear(src, wOffsetSrc, hOffsetSrc, count, &s);
	if (!err)
		err = cudart_copy3d(d, count, 0, s, count, 0, count, 1, 1, kind, 0);
	return cudart_set_error(err);
}
