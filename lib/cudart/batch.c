// SPDX-License-Identifier: MIT
/*
 * batch.c - batched copies, prefetches and discards (cudaMemcpyBatchAsync,
 * cudaMemcpy3DBatchAsync, cudaMem{Prefetch,Discard,DiscardAndPrefetch}BatchAsync)
 * and the location forms of the memory-pool calls (cudaMemGetDefaultMemPool
 * & co.).  A batch is its copies queued in order on the stream, all of them
 * checked before the first is queued, so a bad one queues none.  CUDA lets
 * a batch's copies run in any order; in order is one of them.
 */
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

/* CUDA: a batch "must not be" on the legacy default stream. */
static bool legacy_null(cudaStream_t s)
{
	return s == NULL || s == cudaStreamLegacy;
}

/* attrsIdxs/prefetchLocIdxs: n >= 1 entries, the first 0, increasing, below count (n <= count then). */
static bool idxs_ok(const size_t *idxs, size_t n, size_t count)
{
	if (!idxs || n == 0 || n > count || idxs[0] != 0)
		return false;
	for (size_t k = 1; k < n; k++)
		if (idxs[k] <= idxs[k - 1] || idxs[k] >= count)
			return false;
	return true;
}

static bool order_ok(enum cudaMemcpySrcAccessOrder o)
{
	return o >= cudaMemcpySrcAccessOrderStream && o <= cudaMemcpySrcAccessOrderAny;
}

/* Every copy's ranges and the stream, under the lock, before any is queued. */
static cudaError_t check_copies(void *const *dsts, const void *const *srcs, const size_t *sizes, size_t count,
				cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	for (size_t i = 0; i < count && !err; i++) {
		if (!dsts[i] || !srcs[i] || !sizes[i])
			err = cudaErrorInvalidValue;
		else if (!(err = cudart_check_range(c, dsts[i], sizes[i])))
			err = cudart_check_range(c, srcs[i], sizes[i]);
	}
	pthread_mutex_unlock(&c->lock);
	return err;
}

cudaError_t cudaMemcpyBatchAsync(void *const *dsts, const void *const *srcs, const size_t *sizes, size_t count,
				 struct cudaMemcpyAttributes *attrs, size_t *attrsIdxs, size_t numAttrs,
				 cudaStream_t stream)
{
	bool during_call = false;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!dsts || !srcs || !sizes || !count || !attrs || !idxs_ok(attrsIdxs, numAttrs, count) ||
	    legacy_null(stream))
		return cudart_set_error(cudaErrorInvalidValue);
	for (size_t k = 0; k < numAttrs; k++) {
		if (!order_ok(attrs[k].srcAccessOrder) || (attrs[k].flags & ~(unsigned int)cudaMemcpyFlagPreferOverlapWithCompute))
			return cudart_set_error(cudaErrorInvalidValue);
		during_call |= attrs[k].srcAccessOrder == cudaMemcpySrcAccessOrderDuringApiCall;
	}
	err = check_copies(dsts, srcs, sizes, count, stream);
	for (size_t i = 0; i < count && !err; i++)
		err = cudaMemcpyAsync(dsts[i], srcs[i], sizes[i], cudaMemcpyDefault, stream);
	/* a source read "during the API call" may be gone once it returns */
	if (!err && during_call)
		err = cudaStreamSynchronize(stream);
	return cudart_set_error(err);
}

/* One operand of a 3-D batch copy into the parameters of cudaMemcpy3D (elem: bytes of an element). */
static bool operand(const struct cudaMemcpy3DOperand *o, struct cudaExtent e, size_t elem, struct cudaPitchedPtr *ptr,
		    cudaArray_t *arr, struct cudaPos *pos)
{
	if (o->type == cudaMemcpyOperandTypePointer) {
		size_t row = o->op.ptr.rowLength ? o->op.ptr.rowLength : e.width;
		size_t rows = o->op.ptr.layerHeight ? o->op.ptr.layerHeight : e.height;

		if (!o->op.ptr.ptr || row < e.width || rows < e.height)
			return false;
		*ptr = make_cudaPitchedPtr(o->op.ptr.ptr, row * elem, e.width * elem, rows);
		return true;
	}
	if (o->type != cudaMemcpyOperandTypeArray || !o->op.array.array)
		return false;
	*arr = o->op.array.array;
	*pos = make_cudaPos(o->op.array.offset.x, o->op.array.offset.y, o->op.array.offset.z);
	return true;
}

/* cudaMemcpy3DBatchOp as cudaMemcpy3DParms: extents in elements, of the arrays' size (bytes if none). */
static cudaError_t batch_parms(const struct cudaMemcpy3DBatchOp *op, struct cudaMemcpy3DParms *p)
{
	const struct cudaMemcpy3DOperand *s = &op->src, *d = &op->dst;
	size_t elem = 1;

	if (!op->extent.width || !op->extent.height || !op->extent.depth || !order_ok(op->srcAccessOrder) ||
	    (op->flags & ~(unsigned int)cudaMemcpyFlagPreferOverlapWithCompute))
		return cudaErrorInvalidValue;
	if (s->type == cudaMemcpyOperandTypeArray && s->op.array.array)
		elem = cudart_array_elem(s->op.array.array);
	if (d->type == cudaMemcpyOperandTypeArray && d->op.array.array) {
		if (s->type == cudaMemcpyOperandTypeArray && elem != cudart_array_elem(d->op.array.array))
			return cudaErrorInvalidValue;
		elem = cudart_array_elem(d->op.array.array);
	}
	memset(p, 0, sizeof(*p));
	if (!operand(s, op->extent, elem, &p->srcPtr, &p->srcArray, &p->srcPos) ||
	    !operand(d, op->extent, elem, &p->dstPtr, &p->dstArray, &p->dstPos))
		return cudaErrorInvalidValue;
	p->extent = op->extent;
	p->kind = cudaMemcpyDefault;
	return cudaSuccess;
}

cudaError_t cudaMemcpy3DBatchAsync(size_t numOps, struct cudaMemcpy3DBatchOp *opList, unsigned long long flags,
				   cudaStream_t stream)
{
	struct cudart_op *ops;
	bool during_call = false;
	cudaError_t err = cudaSuccess;

	CUDART_STICKY_RETURN();
	if (!numOps || !opList || flags || legacy_null(stream))
		return cudart_set_error(cudaErrorInvalidValue);
	ops = calloc(numOps, sizeof(*ops));
	if (!ops)
		return cudart_set_error(cudaErrorMemoryAllocation);
	for (size_t i = 0; i < numOps && !err; i++) {
		struct cudaMemcpy3DParms p;

		err = batch_parms(&opList[i], &p);
		if (!err)
			err = cudart_copy3d_parms_op(&ops[i], &p);
		during_call |= opList[i].srcAccessOrder == cudaMemcpySrcAccessOrderDuringApiCall;
	}
	for (size_t i = 0; i < numOps && !err; i++)
		err = cudart_submit(stream, &ops[i]);
	free(ops);
	if (!err && during_call)
		err = cudaStreamSynchronize(stream);
	return cudart_set_error(err);
}

/* The ranges of a prefetch or discard batch and its stream (flags: none defined). */
static cudaError_t check_ranges(void **dptrs, size_t *sizes, size_t count, unsigned long long flags,
				cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	if (!dptrs || !sizes || !count || flags || legacy_null(stream))
		return cudaErrorInvalidValue;
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	for (size_t i = 0; i < count && !err; i++)
		err = dptrs[i] && sizes[i] ? cudart_check_range_exact(c, dptrs[i], sizes[i]) : cudaErrorInvalidValue;
	pthread_mutex_unlock(&c->lock);
	return err;
}

/* Prefetches are hints (the memory is the CPU's already): each location checked, none moved. */
static cudaError_t check_locations(void **dptrs, size_t *sizes, size_t count, struct cudaMemLocation *locs,
				   size_t *idxs, size_t n, cudaStream_t stream)
{
	if (!locs || !idxs_ok(idxs, n, count))
		return cudaErrorInvalidValue;
	for (size_t k = 0; k < n; k++) {
		size_t end = k + 1 < n ? idxs[k + 1] : count;

		for (size_t i = idxs[k]; i < end; i++) {
			cudaError_t err = cudaMemPrefetchAsync_v2(dptrs[i], sizes[i], locs[k], 0, stream);

			if (err)
				return err;
		}
	}
	return cudaSuccess;
}

cudaError_t cudaMemPrefetchBatchAsync(void **dptrs, size_t *sizes, size_t count, struct cudaMemLocation *prefetchLocs,
				      size_t *prefetchLocIdxs, size_t numPrefetchLocs, unsigned long long flags,
				      cudaStream_t stream)
{
	cudaError_t err;

	CUDART_STICKY_RETURN();
	err = check_ranges(dptrs, sizes, count, flags, stream);
	if (!err)
		err = check_locations(dptrs, sizes, count, prefetchLocs, prefetchLocIdxs, numPrefetchLocs, stream);
	return cudart_set_error(err);
}

/* Discarded contents are undefined afterwards: keeping them is one of the values they may have. */
cudaError_t cudaMemDiscardBatchAsync(void **dptrs, size_t *sizes, size_t count, unsigned long long flags,
				     cudaStream_t stream)
{
	CUDART_STICKY_RETURN();
	return cudart_set_error(check_ranges(dptrs, sizes, count, flags, stream));
}

cudaError_t cudaMemDiscardAndPrefetchBatchAsync(void **dptrs, size_t *sizes, size_t count,
						struct cudaMemLocation *prefetchLocs, size_t *prefetchLocIdxs,
						size_t numPrefetchLocs, unsigned long long flags, cudaStream_t stream)
{
	return cudaMemPrefetchBatchAsync(dptrs, sizes, count, prefetchLocs, prefetchLocIdxs, numPrefetchLocs, flags,
					 stream);
}

/*
 * The pools of a location: device 0's are cudaDeviceGetDefaultMemPool's and
 * cudaDeviceGetMemPool's; pools of host locations (CUDA 12.6's) are not
 * made here: cudaErrorNotSupported.
 */
static cudaError_t pool_location(const struct cudaMemLocation *loc, enum cudaMemAllocationType type)
{
	if (!loc || type != cudaMemAllocationTypePinned)
		return cudaErrorInvalidValue;
	if (loc->type == cudaMemLocationTypeDevice)
		return loc->id == 0 ? cudaSuccess : cudaErrorInvalidDevice;
	if (loc->type == cudaMemLocationTypeHost || loc->type == cudaMemLocationTypeHostNuma ||
	    loc->type == cudaMemLocationTypeHostNumaCurrent)
		return cudaErrorNotSupported;
	return cudaErrorInvalidValue;
}

cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location,
				     enum cudaMemAllocationType type)
{
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!memPool)
		return cudart_set_error(cudaErrorInvalidValue);
	err = pool_location(location, type);
	return err ? cudart_set_error(err) : cudaDeviceGetDefaultMemPool(memPool, 0);
}

cudaError_t cudaMemGetMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location, enum cudaMemAllocationType type)
{
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!memPool)
		return cudart_set_error(cudaErrorInvalidValue);
	err = pool_location(location, type);
	return err ? cudart_set_error(err) : cudaDeviceGetMemPool(memPool, 0);
}

cudaError_t cudaMemSetMemPool(struct cudaMemLocation *location, enum cudaMemAllocationType type, cudaMemPool_t memPool)
{
	cudaError_t err;

	CUDART_STICKY_RETURN();
	err = pool_location(location, type);
	return err ? cudart_set_error(err) : cudaDeviceSetMemPool(0, memPool);
}
