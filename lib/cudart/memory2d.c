// SPDX-License-Identifier: MIT
/*
 * memory2d.c - pitched memory: cudaMallocPitch's companions, 2-D and 3-D
 * copies and sets of linear memory (cudaMemcpy2D/3D, cudaMemset2D/3D and
 * their Async forms, cudaMalloc3D).  Each is one stream operation (a
 * strided copy or set), so it keeps its stream's order and can be captured
 * into a graph.  The pitch cudaMallocPitch/cudaMalloc3D choose is the row
 * rounded up to 256 bytes (CUDA's texture alignment); the copies take any
 * pitch not below the row.  A CUDA array (arrays.c) is linear memory of a
 * known layout, so copies to and from arrays are the same strided copies.
 */
#include <stdint.h>

#include <string.h>

#include "cudart.h"

/* The bytes [p, p + span) a strided access touches, checked against the table. */
static cudaError_t check_span(struct cudart_ctx *c, const void *p, size_t width, size_t rows,
			      size_t pitch, size_t depth, size_t slice)
{
	size_t span;

	if (!width || !rows || !depth)
		return cudaSuccess;
	if (!p)
		return cudaErrorInvalidValue;
	span = (depth - 1) * slice + (rows - 1) * pitch + width;
	return cudart_check_range(c, p, span);
}

cudaError_t cudart_copy3d(void *dst, size_t dpitch, size_t dslice, const void *src, size_t spitch,
			  size_t sslice, size_t width, size_t height, size_t depth, int kind,
			  cudaStream_t stream)
{
	struct cudart_op op;
	cudaError_t err = cudart_copy3d_op(&op, dst, dpitch, dslice, src, spitch, sslice, width,
					   height, depth, kind);

	if (err || !width || !height || !depth)
		return err;
	return cudart_submit(stream, &op);
}

cudaError_t cudart_copy3d_op(struct cudart_op *out, void *dst, size_t dpitch, size_t dslice,
			     const void *src, size_t spitch, size_t sslice, size_t width,
			     size_t height, size_t depth, int kind)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_op op = { .kind = CUDART_OP_COPY };
	cudaError_t err;

	if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
		return cudaErrorInvalidMemcpyDirection;
	if ((height > 1 && (width > dpitch || width > spitch)) ||
	    (depth > 1 && (dslice < dpitch * height || sslice < spitch * height)))
		return cudaErrorInvalidPitchValue;
	pthread_mutex_lock(&c->lock);
	err = check_span(c, dst, width, height, dpitch, depth, dslice);
	if (!err)
		err = check_span(c, src, width, height, spitch, depth, sslice);
	pthread_mutex_unlock(&c->lock);
	op.u.copy = (struct cudart_op_copy){ .dst = dst, .src = src, .n = width, .rows = height,
					     .depth = depth, .dpitch = dpitch, .spitch = spitch,
					     .dslice = dslice, .sslice = sslice };
	*out = op;
	return err;
}

cudaError_t cudart_set3d(void *dst, size_t pitch, size_t slice, unsigned int value, unsigned int elem,
			 size_t width, size_t height, size_t depth, cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_op op = { .kind = CUDART_OP_SET };
	size_t bytes = width * (elem ? elem : 1);
	cudaError_t err;

	if ((height > 1 && bytes > pitch) || (depth > 1 && slice < pitch * height))
		return cudaErrorInvalidPitchValue;
	pthread_mutex_lock(&c->lock);
	err = check_span(c, dst, bytes, height, pitch, depth, slice);
	pthread_mutex_unlock(&c->lock);
	for (size_t z = 0; !err && bytes && height && z < depth; z++) {
		op.u.set = (struct cudart_op_set){ .dst = (char *)dst + z * slice, .value = value,
						   .elem = elem, .n = width, .rows = height,
						   .pitch = pitch };
		err = cudart_submit(stream, &op);
	}
	return err;
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
			      size_t height, enum cudaMemcpyKind kind, cudaStream_t stream)
{
	CUDART_STICKY_RETURN();
	if (width > dpitch || width > spitch)
		return cudart_set_error(cudaErrorInvalidPitchValue);
	return cudart_set_error(cudart_copy3d(dst, dpitch, 0, src, spitch, 0, width, height, 1, kind,
					      stream));
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
			 size_t height, enum cudaMemcpyKind kind)
{
	return cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, 0);
}

cudaError_t cudaMemset2DAsync(void *ptr, size_t pitch, int value, size_t width, size_t height,
			      cudaStream_t stream)
{
	CUDART_STICKY_RETURN();
	if (width > pitch)
		return cudart_set_error(cudaErrorInvalidPitchValue);
	return cudart_set_error(cudart_set3d(ptr, pitch, 0, (unsigned char)value, 1, width, height, 1,
					     stream));
}

cudaError_t cudaMemset2D(void *ptr, size_t pitch, int value, size_t width, size_t height)
{
	return cudaMemset2DAsync(ptr, pitch, value, width, height, 0);
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitched, struct cudaExtent extent)
{
	size_t pitch = (extent.width + 255) / 256 * 256;
	cudaError_t err;
	void *p = NULL;

	CUDART_STICKY_RETURN();
	if (!pitched)
		return cudart_set_error(cudaErrorInvalidValue);
	if (extent.height && extent.depth && pitch > SIZE_MAX / extent.height / extent.depth)
		return cudart_set_error(cudaErrorMemoryAllocation);
	err = cudaMalloc(&p, pitch * extent.height * extent.depth);
	if (err)
		return err;
	pitched->ptr = p;
	pitched->pitch = pitch;
	pitched->xsize = extent.width;
	pitched->ysize = extent.height;
	return cudaSuccess;
}

/* One side of a cudaMemcpy3DParms: its first byte, row pitch and slice pitch. */
static cudaError_t side(cudaArray_t arr, struct cudaPos pos, struct cudaPitchedPtr ptr, bool need_slices,
			char **p, size_t *pitch, size_t *slice)
{
	if (arr)
		return cudart_array_at(arr, pos, p, pitch, slice);
	if (!ptr.ptr || (need_slices && !ptr.ysize))
		return cudaErrorInvalidValue;
	*pitch = ptr.pitch;
	*slice = ptr.pitch * ptr.ysize;
	*p = (char *)ptr.ptr + pos.z * *slice + pos.y * ptr.pitch + pos.x;
	return cudaSuccess;
}

/* The strided copy a cudaMemcpy3DParms asks for: extent in bytes between
 * linear memories, in elements when an array takes part (CUDA's rule). */
cudaError_t cudart_copy3d_parms_op(struct cudart_op *op, const struct cudaMemcpy3DParms *p)
{
	const struct cudaExtent *e = &p->extent;
	bool slices = e->depth > 1 || p->dstPos.z || p->srcPos.z;
	size_t elem = 1, dpitch, dslice, spitch, sslice;
	char *dst, *src;
	cudaError_t err;

	if ((p->srcArray && (p->srcPtr.ptr)) || (p->dstArray && p->dstPtr.ptr))
		return cudaErrorInvalidValue;
	if (p->srcArray || p->dstArray)
		elem = cudart_array_elem(p->dstArray ? p->dstArray : p->srcArray);
	err = side(p->dstArray, p->dstPos, p->dstPtr, slices, &dst, &dpitch, &dslice);
	if (!err)
		err = side(p->srcArray, p->srcPos, p->srcPtr, slices, &src, &spitch, &sslice);
	if (!err && (p->srcArray && p->dstArray) &&
	    cudart_array_elem(p->srcArray) != cudart_array_elem(p->dstArray))
		err = cudaErrorInvalidValue;
	if (!err && (p->srcArray || p->dstArray))
		err = cudart_array_check(p, elem);
	if (err)
		return err;
	return cudart_copy3d_op(op, dst, dpitch, dslice, src, spitch, sslice, e->width * elem,
				e->height, e->depth, p->kind);
}

cudaError_t cudart_copy3d_parms(const struct cudaMemcpy3DParms *p, cudaStream_t stream)
{
	struct cudart_op op;
	cudaError_t err = cudart_copy3d_parms_op(&op, p);

	if (err || !p->extent.width || !p->extent.height || !p->extent.depth)
		return err;
	return cudart_submit(stream, &op);
}

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream)
{
	CUDART_STICKY_RETURN();
	if (!p)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(cudart_copy3d_parms(p, stream));
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p)
{
	return cudaMemcpy3DAsync(p, 0);
}

cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitched, int value, struct cudaExtent extent,
			      cudaStream_t stream)
{
	CUDART_STICKY_RETURN();
	if (extent.width > pitched.pitch)
		return cudart_set_error(cudaErrorInvalidPitchValue);
	return cudart_set_error(cudart_set3d(pitched.ptr, pitched.pitch,
					     pitched.pitch * pitched.ysize, (unsigned char)value, 1,
					     extent.width, extent.height, extent.depth, stream));
}

cudaError_t cudaMemset3D(struct cudaPitchedPtr pitched, int value, struct cudaExtent extent)
{
	return cudaMemset3DAsync(pitched, value, extent, 0);
}

/* One device: a peer copy is a copy between device 0 and itself. */
static cudaError_t peer_parms(const struct cudaMemcpy3DPeerParms *p, struct cudaMemcpy3DParms *q)
{
	if (!p)
		return cudaErrorInvalidValue;
	if (p->srcDevice != 0 || p->dstDevice != 0)
		return cudaErrorInvalidDevice;
	memset(q, 0, sizeof(*q));
	q->srcArray = p->srcArray;
	q->srcPos = p->srcPos;
	q->srcPtr = p->srcPtr;
	q->dstArray = p->dstArray;
	q->dstPos = p->dstPos;
	q->dstPtr = p->dstPtr;
	q->extent = p->extent;
	q->kind = cudaMemcpyDefault;
	return cudaSuccess;
}

cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p, cudaStream_t stream)
{
	struct cudaMemcpy3DParms q;
	cudaError_t err = peer_parms(p, &q);

	return err ? cudart_set_error(err) : cudaMemcpy3DAsync(&q, stream);
}

cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p)
{
	struct cudaMemcpy3DParms q;
	cudaError_t err = peer_parms(p, &q);

	return err ? cudart_set_error(err) : cudaMemcpy3D(&q);
}
