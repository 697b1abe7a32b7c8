// SPDX-License-Identifier: MIT
/*
 * mempool.c - stream-ordered memory pools (cudaMemPool*, the pool side of
 * cudaMallocAsync and cudaMallocFromPoolAsync).  Memory is the one
 * address space's (memory.c allocates it and records its pool); a pool
 * keeps CUDA's attributes and counts what its allocations hold, against
 * its maxSize.  It caches nothing, so "reserved" is what is in use and
 * cudaMemPoolTrimTo has nothing to give back.  Device 0's default pool
 * lives in the context; pools live until destroyed, a destroyed pool with
 * allocations left until the last is freed (as CUDA defers it).  All of it
 * under the context's lock.
 */
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

static void pool_init(cudaMemPool_t p)
{
	memset(p, 0, sizeof(*p));
	p->props.allocType = cudaMemAllocationTypePinned;
	p->props.location.type = cudaMemLocationTypeDevice;
	p->reuse[0] = p->reuse[1] = p->reuse[2] = 1;
}

/* The default pool, listed on first use. */
static cudaMemPool_t default_pool(struct cudart_ctx *c)
{
	cudaMemPool_t p = &c->default_pool;

	for (cudaMemPool_t q = c->pools; q; q = q->next)
		if (q == p)
			return p;
	pool_init(p);
	p->next = c->pools;
	c->pools = p;
	return p;
}

cudaMemPool_t cudart_current_pool(struct cudart_ctx *c)
{
	return c->current_pool ? c->current_pool : default_pool(c);
}

static bool live(struct cudart_ctx *c, cudaMemPool_t pool)
{
	for (cudaMemPool_t q = c->pools; q; q = q->next)
		if (q == pool)
			return !q->destroyed;
	return false;
}

cudaError_t cudart_pool_take(cudaMemPool_t pool, size_t size)
{
	if (pool->props.maxSize && size > pool->props.maxSize - pool->used)
		return cudaErrorMemoryAllocation;
	pool->used += size;
	if (pool->used > pool->used_high)
		pool->used_high = pool->used;
	return cudaSuccess;
}

static void unlink_pool(struct cudart_ctx *c, cudaMemPool_t pool)
{
	cudaMemPool_t *pp = &c->pools;

	while (*pp != pool)
		pp = &(*pp)->next;
	*pp = pool->next;
	if (pool != &c->default_pool)
		free(pool);
}

void cudart_pool_give(struct cudart_ctx *c, cudaMemPool_t pool, size_t size)
{
	pool->used -= size < pool->used ? size : pool->used;
	if (pool->destroyed && !pool->used)
		unlink_pool(c, pool);
}

static bool device_location(const struct cudaMemLocation *loc)
{
	return loc->type == cudaMemLocationTypeDevice && loc->id == 0;
}

/* One device, one memory: device 0 and the host are the same place. */
static bool known_location(const struct cudaMemLocation *loc)
{
	return device_location(loc) || loc->type == cudaMemLocationTypeHost ||
	       loc->type == cudaMemLocationTypeHostNuma ||
	       loc->type == cudaMemLocationTypeHostNumaCurrent;
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *props)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaMemPool_t p;

	CUDART_STICKY_RETURN();
	if (!memPool || !props || props->allocType != cudaMemAllocationTypePinned ||
	    !known_location(&props->location))
		return cudart_set_error(cudaErrorInvalidValue);
	if (props->handleTypes != cudaMemHandleTypeNone)	/* one process: README */
		return cudart_set_error(cudaErrorNotSupported);
	p = malloc(sizeof(*p));
	if (!p)
		return cudart_set_error(cudaErrorMemoryAllocation);
	pool_init(p);
	p->props = *props;
	pthread_mutex_lock(&c->lock);
	p->next = c->pools;
	c->pools = p;
	pthread_mutex_unlock(&c->lock);
	*memPool = p;
	return cudaSuccess;
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err = cudaSuccess;

	pthread_mutex_lock(&c->lock);
	if (!memPool || memPool == &c->default_pool || !live(c, memPool)) {
		err = cudaErrorInvalidValue;
	} else {
		if (c->current_pool == memPool)
			c->current_pool = NULL;
		memPool->destroyed = true;
		if (!memPool->used)
			unlink_pool(c, memPool);
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)
{
	struct cudart_ctx *c = cudart_ctx();

	if (!memPool)
		return cudart_set_error(cudaErrorInvalidValue);
	if (device != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	pthread_mutex_lock(&c->lock);
	*memPool = default_pool(c);
	pthread_mutex_unlock(&c->lock);
	return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device)
{
	struct cudart_ctx *c = cudart_ctx();

	if (!memPool)
		return cudart_set_error(cudaErrorInvalidValue);
	if (device != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	pthread_mutex_lock(&c->lock);
	*memPool = cudart_current_pool(c);
	pthread_mutex_unlock(&c->lock);
	return cudaSuccess;
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err = cudaSuccess;

	if (device != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	pthread_mutex_lock(&c->lock);
	if (!memPool || (memPool != &c->default_pool && !live(c, memPool)) ||
	    !device_location(&memPool->props.location))
		err = cudaErrorInvalidValue;
	else
		c->current_pool = memPool == &c->default_pool ? NULL : memPool;
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

/* Nothing is cached: nothing to give back. */
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	(void)minBytesToKeep;
	pthread_mutex_lock(&c->lock);
	err = memPool && (memPool == &c->default_pool || live(c, memPool)) ? cudaSuccess
									    : cudaErrorInvalidValue;
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

/* int for the reuse flags, unsigned long long (cuuint64_t) for the sizes. */
static cudaError_t attribute(cudaMemPool_t p, enum cudaMemPoolAttr attr, void *value, bool set)
{
	unsigned long long *u = (unsigned long long *)value;
	int *flag = (int *)value;

	switch (attr) {
	case cudaMemPoolReuseFollowEventDependencies:
	case cudaMemPoolReuseAllowOpportunistic:
	case cudaMemPoolReuseAllowInternalDependencies:
		if (set)
			p->reuse[attr - 1] = *flag != 0;
		else
			*flag = p->reuse[attr - 1];
		return cudaSuccess;
	case cudaMemPoolAttrReleaseThreshold:
		if (set)
			p->release_threshold = *u;
		else
			*u = p->release_threshold;
		return cudaSuccess;
	case cudaMemPoolAttrReservedMemCurrent:
	case cudaMemPoolAttrUsedMemCurrent:
		if (set)
			return cudaErrorInvalidValue;	/* read-only */
		*u = p->used;
		return cudaSuccess;
	case cudaMemPoolAttrReservedMemHigh:
	case cudaMemPoolAttrUsedMemHigh:
		if (set && *u)
			return cudaErrorInvalidValue;	/* may only be reset, to 0 */
		if (set)
			p->used_high = p->used;
		else
			*u = p->used_high;
		return cudaSuccess;
	default:
		return cudaErrorInvalidValue;
	}
}

static cudaError_t pool_attribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value,
				  bool set)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	if (!value)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	if (!memPool || (memPool != &c->default_pool && !live(c, memPool)))
		err = cudaErrorInvalidValue;
	else
		err = attribute(memPool == &c->default_pool ? default_pool(c) : memPool, attr, value,
				set);
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
	return pool_attribute(memPool, attr, value, true);
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
	return pool_attribute(memPool, attr, value, false);
}

/* The one device reads and writes every pool; nothing else can be named. */
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList,
				 size_t count)
{
	if (!memPool || (count && !descList))
		return cudart_set_error(cudaErrorInvalidValue);
	for (size_t i = 0; i < count; i++)
		if (!device_location(&descList[i].location))
			return cudart_set_error(cudaErrorInvalidDevice);
		else if (descList[i].flags != cudaMemAccessFlagsProtReadWrite)
			return cudart_set_error(cudaErrorInvalidValue);
	return cudaSuccess;
}

cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool,
				 struct cudaMemLocation *location)
{
	if (!flags || !memPool || !location)
		return cudart_set_error(cudaErrorInvalidValue);
	if (!device_location(location))
		return cudart_set_error(cudaErrorInvalidDevice);
	*flags = cudaMemAccessFlagsProtReadWrite;
	return cudaSuccess;
}

/* Shareable handles are for other processes: one process here (README). */
cudaError_t cudaMemPoolExportToShareableHandle(void *shareableHandle, cudaMemPool_t memPool,
					       enum cudaMemAllocationHandleType handleType,
					       unsigned int flags)
{
	(void)shareableHandle, (void)memPool, (void)handleType, (void)flags;
	return cudart_set_error(cudaErrorNotSupported);
}

cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *memPool, void *shareableHandle,
						 enum cudaMemAllocationHandleType handleType,
						 unsigned int flags)
{
	(void)memPool, (void)shareableHandle, (void)handleType, (void)flags;
	return cudart_set_error(cudaErrorNotSupported);
}

cudaError_t cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *exportData, void *ptr)
{
	(void)exportData, (void)ptr;
	return cudart_set_error(cudaErrorNotSupported);
}

cudaError_t cudaMemPoolImportPointer(void **ptr, cudaMemPool_t memPool,
				     struct cudaMemPoolPtrExportData *exportData)
{
	(void)ptr, (void)memPool, (void)exportData;
	return cudart_set_error(cudaErrorNotSupported);
}
