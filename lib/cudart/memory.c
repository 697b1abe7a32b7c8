// SPDX-License-Identifier: MIT
/*
 * memory.c - device, managed and pinned host memory, copies and sets.
 *
 * One address space: every allocation is host memory (256-byte aligned,
 * as cudaMalloc's), valid on both sides.  A table of the ranges the API
 * handed out (a tsearch tree ordered by address) lets it answer what CUDA
 * answers: cudaFree of a pointer it did not allocate is an error, a copy
 * or set that runs past the end of an allocation is refused with
 * cudaErrorInvalidValue instead of overrunning it, cudaPointerGetAttributes
 * tells the kind.  Pointers the API does not know (stack, malloc) are
 * accepted by copies and sets: on one address space they are valid.
 */
#define _GNU_SOURCE
#include <search.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cudart.h"

#define CUDART_ALIGN 256
/* x86-64's transparent huge page.  Allocations of one or more start on
 * one and ask the kernel for huge pages (MADV_HUGEPAGE, a hint: THP in
 * "madvise" mode, the Debian default, gives them only to such ranges): a
 * program's buffers are filled by cudaMemcpy right after cudaMalloc, and
 * with 4 KiB pages a quarter of a whole program's time went to faulting
 * them in (issue 40; lib/cudart/README.md "Memory"). */
#define CUDART_HUGE (2u << 20)

/* Ranges compare equal when they overlap: a lookup of [p, p + 1) finds
 * the allocation containing p. */
static int range_cmp(const void *a, const void *b)
{
	const struct cudart_alloc *x = a, *y = b;

	if (x->base + (x->size ? x->size : 1) <= y->base)
		return -1;
	if (y->base + (y->size ? y->size : 1) <= x->base)
		return 1;
	return 0;
}

static struct cudart_alloc *lookup(struct cudart_ctx *c, const void *p)
{
	struct cudart_alloc key = { .base = (uintptr_t)p, .size = 1 };
	void *node = tfind(&key, &c->allocs, range_cmp);

	return node ? *(struct cudart_alloc **)node : NULL;
}

struct cudart_alloc *cudart_alloc_find(struct cudart_ctx *c, const void *p)
{
	return lookup(c, p);
}

/*
 * The bytes an allocation owns: what the API handed out is 256-byte aligned
 * and at least its size rounded up to 256 (fresh_alloc), so no other
 * allocation starts before that end and a copy or set that runs into the
 * rounding writes only its own memory, as on a GPU, where the allocation
 * is rounded too.  Memory the program registered is its own length.
 */
static size_t owned(const struct cudart_alloc *a)
{
	if (a->registered)
		return a->size;
	return (a->size + CUDART_ALIGN - 1) / CUDART_ALIGN * CUDART_ALIGN;
}

static cudaError_t check_within(struct cudart_ctx *c, const void *p, size_t n, bool rounded)
{
	struct cudart_alloc *a = lookup(c, p);

	if (a && n > a->base + (rounded ? owned(a) : a->size) - (uintptr_t)p)
		return cudaErrorInvalidValue;
	if (!a && cudart_array_overlaps(c, p, n))
		return cudaErrorInvalidValue;	/* a cudaArray_t as a pointer */
	return cudaSuccess;
}

cudaError_t cudart_check_range(struct cudart_ctx *c, const void *p, size_t n)
{
	return check_within(c, p, n, true);
}

cudaError_t cudart_check_range_exact(struct cudart_ctx *c, const void *p, size_t n)
{
	return check_within(c, p, n, false);
}

size_t cudart_alloc_rest(struct cudart_ctx *c, const void *p)
{
	struct cudart_alloc *a = lookup(c, p);

	return a ? a->base + a->size - (uintptr_t)p : 0;
}

bool cudart_alloc_range(struct cudart_ctx *c, const void *p, uintptr_t *base, size_t *size)
{
	struct cudart_alloc *a = lookup(c, p);

	if (a) {
		*base = a->base;
		*size = a->size;
	}
	return a != NULL;
}

/*
 * Memory the API hands out reads zero until written, as a GPU's fresh device
 * memory does (the driver clears the pages it gives a process).  Programs
 * count on it without knowing: an accumulator cudaMalloc'd and never
 * cleared before a kernel's atomicAdd (stef1927/cuda_exercises' reduction)
 * is right on a GPU, and here read what the C heap's recycled chunk held --
 * the host's own strings and pointers, which device memory never holds.
 * Below a huge page: a heap chunk, cleared (at most 2 MiB written).  From a
 * huge page up: a mapping of its own, whose pages the kernel gives zeroed
 * and only when touched (a 20 GB cudaMalloc commits nothing), aligned to
 * the huge page; fresh_free must be told the size it was asked for.
 */
static size_t page_round(size_t size)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	return (size + pg - 1) / pg * pg;
}

static void *fresh_alloc(size_t size)
{
	size_t len = (size + CUDART_ALIGN - 1) / CUDART_ALIGN * CUDART_ALIGN, map, head;
	char *raw, *p;

	if (size < CUDART_HUGE) {
		void *q;

		if (posix_memalign(&q, CUDART_ALIGN, len))
			return NULL;
		return memset(q, 0, len);
	}
	len = page_round(size);
	map = len + CUDART_HUGE;
	raw = mmap(NULL, map, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (raw == MAP_FAILED)
		return NULL;
	p = (char *)(((uintptr_t)raw + CUDART_HUGE - 1) / CUDART_HUGE * CUDART_HUGE);
	head = (size_t)(p - raw);
	if (head)
		munmap(raw, head);
	munmap(p + len, map - head - len);
	return p;
}

static void fresh_free(void *p, size_t size)
{
	if (size < CUDART_HUGE)
		free(p);
	else
		munmap(p, page_round(size));
}

static void free_node(void *node)
{
	struct cudart_alloc *a = node;

	if (!a->registered)
		fresh_free((void *)a->base, a->size);
	free(a->advice);
	free(a);
}

void cudart_free_all(struct cudart_ctx *c)
{
	tdestroy(c->allocs, free_node);
	c->allocs = NULL;
	c->graph_mem_used = 0;
	for (cudaMemPool_t p = c->pools; p; p = p->next)
		p->used = 0;
}

static cudaError_t track(void *p, size_t size, enum cudaMemoryType type, bool registered,
			 cudaMemPool_t pool)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_alloc *a = malloc(sizeof(*a));
	cudaError_t err = cudaSuccess;
	void **node = NULL;

	if (!a)
		return cudaErrorMemoryAllocation;
	*a = (struct cudart_alloc){ .base = (uintptr_t)p, .size = size, .type = type,
				    .registered = registered, .pool = pool };
	pthread_mutex_lock(&c->lock);
	if (pool)
		err = cudart_pool_take(pool, size);
	if (!err)
		node = tsearch(a, &c->allocs, range_cmp);
	if (!err && (!node || *node != a)) {
		/* no memory for the tree, or overlapping a known range */
		err = node ? cudaErrorHostMemoryAlreadyRegistered : cudaErrorMemoryAllocation;
		if (pool)
			cudart_pool_give(c, pool, size);
	}
	pthread_mutex_unlock(&c->lock);
	if (err)
		free(a);
	return err;
}

static cudaError_t alloc_in(void **ptr, size_t size, enum cudaMemoryType type, cudaMemPool_t pool)
{
	void *p;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!ptr)
		return cudart_set_error(cudaErrorInvalidValue);
	if (size == 0) {
		*ptr = NULL;
		return cudaSuccess;
	}
	if (size > SIZE_MAX - 2 * CUDART_HUGE || !(p = fresh_alloc(size)))
		return cudart_set_error(cudaErrorMemoryAllocation);
	if (size >= CUDART_HUGE)	/* whole huge pages inside the allocation only */
		(void)madvise(p, size / CUDART_HUGE * CUDART_HUGE, MADV_HUGEPAGE);
	err = track(p, size, type, false, pool);
	if (err) {
		fresh_free(p, size);
		return cudart_set_error(err);
	}
	*ptr = p;
	return cudaSuccess;
}

static cudaError_t alloc(void **ptr, size_t size, enum cudaMemoryType type)
{
	return alloc_in(ptr, size, type, NULL);
}

cudaError_t cudart_alloc_pool(void **ptr, size_t size, cudaMemPool_t pool)
{
	return alloc_in(ptr, size, cudaMemoryTypeDevice, pool);
}

cudaError_t cudaMalloc(void **ptr, size_t size)
{
	return alloc(ptr, size, cudaMemoryTypeDevice);
}

cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned int flags)
{
	if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
		return cudart_set_error(cudaErrorInvalidValue);
	return alloc(ptr, size, cudaMemoryTypeManaged);
}

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
	return alloc(ptr, size, cudaMemoryTypeHost);
}

cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_alloc *a;
	cudaError_t err;

	if (flags & ~(cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined))
		return cudart_set_error(cudaErrorInvalidValue);
	err = alloc(ptr, size, cudaMemoryTypeHost);
	if (err || !*ptr)
		return err;
	pthread_mutex_lock(&c->lock);
	a = lookup(c, *ptr);
	if (a)
		a->host_flags = flags;
	pthread_mutex_unlock(&c->lock);
	return cudaSuccess;
}

/* Mapped is always set: every host allocation is the device's memory too (CUDA says the same of UVA). */
cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_alloc *a;
	cudaError_t err = cudaSuccess;

	CUDART_STICKY_RETURN();
	if (!pFlags || !pHost)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	a = lookup(c, pHost);
	if (!a || a->type != cudaMemoryTypeHost || a->registered)
		err = cudaErrorInvalidValue;	/* not cudaHostAlloc/cudaMallocHost memory */
	else
		*pFlags = a->host_flags | cudaHostAllocMapped;
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

/* Rows padded to the allocation alignment. */
cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height)
{
	size_t p = (width + CUDART_ALIGN - 1) / CUDART_ALIGN * CUDART_ALIGN;
	cudaError_t err;

	if (!pitch || width > SIZE_MAX - CUDART_ALIGN || (height && p > SIZE_MAX / height))
		return cudart_set_error(cudaErrorInvalidValue);
	err = alloc(ptr, p * height, cudaMemoryTypeDevice);
	if (!err)
		*pitch = p;
	return err;
}

/* Frees what alloc() gave with one of the types; waits for the device,
 * as cudaFree does (queued work may still use the memory). */
static cudaError_t release(void *ptr, enum cudaMemoryType t1, enum cudaMemoryType t2)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_alloc *a;
	cudaError_t err = cudaSuccess;

	CUDART_STICKY_RETURN();
	if (!ptr)
		return cudaSuccess;
	pthread_mutex_lock(&c->lock);
	/*
	 * Device code (CUDA's device runtime) frees at once: the host's wait
	 * for the device would wait for the calling grid, which never ends.
	 */
	if (!idxgen_rt_in_block())
		cudart_wait_all(c);
	a = lookup(c, ptr);
	if (!a || a->base != (uintptr_t)ptr || a->registered || (a->type != t1 && a->type != t2)) {
		err = cudaErrorInvalidValue;
	} else if (a->graph_mem) {
		/* graph memory: its graph frees it (graph_mem.c); cached until a trim */
		cudart_graph_mem_freed(a);
	} else {
		if (a->pool)
			cudart_pool_give(c, a->pool, a->size);
		tdelete(a, &c->allocs, range_cmp);
		free_node(a);
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudart_graph_mem_alloc(void **ptr, size_t size, uint64_t *id)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err = alloc_in(ptr, size, cudaMemoryTypeDevice, NULL);
	struct cudart_alloc *a;

	if (err)
		return err;
	pthread_mutex_lock(&c->lock);
	a = lookup(c, *ptr);
	a->graph_mem = *id = ++c->graph_mem_ids;
	a->graph_state = CUDART_GRAPH_UNMAPPED;	/* counted from the first launch (graph_mem_map.c) */
	pthread_mutex_unlock(&c->lock);
	return cudaSuccess;
}

uint64_t cudart_graph_mem_id(struct cudart_ctx *c, const void *p)
{
	struct cudart_alloc *a = p ? lookup(c, p) : NULL;

	return a && a->base == (uintptr_t)p ? a->graph_mem : 0;
}

/* Frees graph memory unless a cudaDeviceReset did (its id then no longer matches). */
void cudart_graph_mem_free(void *ptr, uint64_t id)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_alloc *a;

	pthread_mutex_lock(&c->lock);
	cudart_wait_all(c);
	a = lookup(c, ptr);
	if (a && a->base == (uintptr_t)ptr && a->graph_mem == id) {
		cudart_graph_mem_forget(c, a);
		tdelete(a, &c->allocs, range_cmp);
		free_node(a);
	}
	pthread_mutex_unlock(&c->lock);
}

cudaError_t cudaFree(void *ptr)
{
	return release(ptr, cudaMemoryTypeDevice, cudaMemoryTypeManaged);
}

cudaError_t cudaFreeHost(void *ptr)
{
	return release(ptr, cudaMemoryTypeHost, cudaMemoryTypeHost);
}

cudaError_t cudaHostGetDevicePointer(void **dptr, void *hptr, unsigned int flags)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_alloc *a;

	CUDART_STICKY_RETURN();
	if (!dptr || !hptr || flags)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	a = lookup(c, hptr);
	pthread_mutex_unlock(&c->lock);
	if (!a || a->type != cudaMemoryTypeHost)
		return cudart_set_error(cudaErrorInvalidValue);
	*dptr = hptr;	/* one address space */
	return cudaSuccess;
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
	CUDART_STICKY_RETURN();
	if (!ptr || !size ||
	    (flags & ~(cudaHostRegisterPortable | cudaHostRegisterMapped | cudaHostRegisterIoMemory |
		       cudaHostRegisterReadOnly)))
		return cudart_set_error(cudaErrorInvalidValue);
	if (flags & cudaHostRegisterIoMemory)
		return cudart_set_error(cudaErrorNotSupported);	/* no device I/O space to map */
	return cudart_set_error(track(ptr, size, cudaMemoryTypeHost, true, NULL));
}

cudaError_t cudaHostUnregister(void *ptr)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_alloc *a;
	cudaError_t err = cudaSuccess;

	CUDART_STICKY_RETURN();
	pthread_mutex_lock(&c->lock);
	a = ptr ? lookup(c, ptr) : NULL;
	if (!a || a->base != (uintptr_t)ptr || !a->registered) {
		err = cudaErrorHostMemoryNotRegistered;
	} else {
		tdelete(a, &c->allocs, range_cmp);
		free_node(a);
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attr, const void *ptr)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_alloc *a;

	CUDART_STICKY_RETURN();
	if (!attr)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	a = ptr ? lookup(c, ptr) : NULL;
	pthread_mutex_unlock(&c->lock);
	memset(attr, 0, sizeof(*attr));
	attr->type = a ? a->type : cudaMemoryTypeUnregistered;
	attr->devicePointer = a ? (void *)ptr : NULL;
	attr->hostPointer = a ? (void *)ptr : NULL;
	return cudaSuccess;
}

static cudaError_t check_copy(const void *dst, const void *src, size_t n, int kind)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
		return cudaErrorInvalidMemcpyDirection;
	if (n && (!dst || !src))
		return cudaErrorInvalidValue;
	pthread_mutex_lock(&c->lock);
	err = cudart_check_range(c, dst, n);
	if (!err)
		err = cudart_check_range(c, src, n);
	pthread_mutex_unlock(&c->lock);
	return err;
}

static cudaError_t copy_op(void *dst, const void *src, size_t n, cudaStream_t stream)
{
	struct cudart_op op = { .kind = CUDART_OP_COPY };

	if (!n)
		return cudaSuccess;
	op.u.copy.dst = dst;
	op.u.copy.src = src;
	op.u.copy.n = n;
	return cudart_submit(stream, &op);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
			    cudaStream_t stream)
{
	cudaError_t err;

	CUDART_STICKY_RETURN();
	err = check_copy(dst, src, count, kind);
	if (!err)
		err = copy_op(dst, src, count, stream);
	return cudart_set_error(err);
}

/*
 * The default stream runs copies in the caller, after the blocking
 * streams: a plain memory copy once they are idle (no queue, no
 * allocation).
 */
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
	return cudaMemcpyAsync(dst, src, count, kind, 0);
}

cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count, cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_op op = { .kind = CUDART_OP_SET };
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!count)
		return cudaSuccess;
	if (!ptr)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_check_range(c, ptr, count);
	pthread_mutex_unlock(&c->lock);
	if (err)
		return cudart_set_error(err);
	op.u.set.dst = ptr;
	op.u.set.value = value;
	op.u.set.n = count;
	return cudart_set_error(cudart_submit(stream, &op));
}

cudaError_t cudaMemset(void *ptr, int value, size_t count)
{
	return cudaMemsetAsync(ptr, value, count, 0);
}

/* One memory: nothing to move; where it went last is kept (mem_advice.c). */
cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count, int device, cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!ptr || (device != 0 && device != cudaCpuDeviceId))
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_check_range_exact(c, ptr, count);
	if (!err)
		err = cudart_stream_check(c, stream);
	if (!err)
		cudart_advice_prefetch(c, ptr, count, device);
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

/* Advice about one memory: kept after CUDA's checks, for cudaMemRangeGetAttribute (mem_advice.c). */
cudaError_t cudaMemAdvise(const void *ptr, size_t count, enum cudaMemoryAdvise advice, int device)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!ptr || advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy ||
	    (device != 0 && device != cudaCpuDeviceId))
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_check_range_exact(c, ptr, count);
	if (!err)
		err = cudart_advice_set(c, ptr, count, advice, device);
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

/*
 * A cudaMemLocation as the device number of the older calls: device 0, or
 * the host (one NUMA node, 0); cudaInvalidDeviceId for anything else.
 */
static int location_device(struct cudaMemLocation loc)
{
	switch (loc.type) {
	case cudaMemLocationTypeDevice:
		return loc.id == 0 ? 0 : cudaInvalidDeviceId;
	case cudaMemLocationTypeHost:
	case cudaMemLocationTypeHostNumaCurrent:
		return cudaCpuDeviceId;
	case cudaMemLocationTypeHostNuma:
		return loc.id == 0 ? cudaCpuDeviceId : cudaInvalidDeviceId;
	default:
		return cudaInvalidDeviceId;
	}
}

cudaError_t cudaMemPrefetchAsync_v2(const void *ptr, size_t count, struct cudaMemLocation location,
				    unsigned int flags, cudaStream_t stream)
{
	CUDART_STICKY_RETURN();
	if (flags != 0)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudaMemPrefetchAsync(ptr, count, location_device(location), stream);
}

cudaError_t cudaMemAdvise_v2(const void *ptr, size_t count, enum cudaMemoryAdvise advice,
			     struct cudaMemLocation location)
{
	return cudaMemAdvise(ptr, count, advice, location_device(location));
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *ptr, size_t length,
				     unsigned int flags)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost &&
	    flags != cudaMemAttachSingle)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err && ptr)
		err = cudart_check_range_exact(c, ptr, length);
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

/* Stream-ordered allocation from the device's current pool: the memory
 * is usable at once (a stronger order); the free waits for the stream's
 * work before it. */
cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaStream_t stream)
{
	return cudaMallocFromPoolAsync(ptr, size, NULL, stream);
}

cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t pool, cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	bool current = !pool;
	cudaError_t err;

	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err && !cudart_stream_is_default(stream) && stream->cap) {
		/* captured: an allocation node (graph_mem.c) */
		err = cudart_capture_alloc(c, stream, ptr, size);
		pthread_mutex_unlock(&c->lock);
		return cudart_set_error(err);
	}
	if (current)
		pool = cudart_current_pool(c);
	if (!err && (!pool || pool->destroyed))
		err = cudaErrorInvalidValue;
	pthread_mutex_unlock(&c->lock);
	return err ? cudart_set_error(err) : cudart_alloc_pool(ptr, size, pool);
}

cudaError_t cudaFreeAsync(void *ptr, cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	if (!err && !cudart_stream_is_default(stream) && stream->cap) {
		/* captured: a free node (graph_mem.c) */
		err = cudart_capture_free(c, stream, ptr);
		pthread_mutex_unlock(&c->lock);
		return cudart_set_error(err);
	}
	pthread_mutex_unlock(&c->lock);
	err = cudaStreamSynchronize(stream);

	return err ? err : cudaFree(ptr);
}

cudaError_t cudaMemcpyPeer(void *dst, int dst_device, const void *src, int src_device, size_t count)
{
	if (dst_device != 0 || src_device != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	return cudaMemcpy(dst, src, count, cudaMemcpyDefault);
}

/*
 * What a managed range was advised and where it was prefetched last, as
 * cudaMemAdvise and cudaMemPrefetchAsync left it (mem_advice.c): the
 * pages' common value, else CUDA's answer for pages that differ or were
 * never advised (not read-mostly, cudaInvalidDeviceId, location type
 * invalid); the accessed-by list filled up with cudaInvalidDeviceId.
 */
cudaError_t cudaMemRangeGetAttribute(void *data, size_t dataSize, enum cudaMemRangeAttribute attribute,
				     const void *devPtr, size_t count)
{
	struct cudart_ctx *c = cudart_ctx();
	int v[2] = { cudaInvalidDeviceId, cudaInvalidDeviceId }, none = cudaInvalidDeviceId;
	size_t n = dataSize / 4;
	cudaError_t err;

	if (!data || !count || (attribute != cudaMemRangeAttributeAccessedBy && dataSize != 4) ||
	    (attribute == cudaMemRangeAttributeAccessedBy && (!dataSize || dataSize % 4)) ||
	    attribute < cudaMemRangeAttributeReadMostly ||
	    attribute > cudaMemRangeAttributeLastPrefetchLocationId)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	err = cudart_check_range_exact(c, devPtr, count);
	if (!err)
		err = cudart_advice_get(c, devPtr, count, attribute, v, n < 2 ? n : 2);
	pthread_mutex_unlock(&c->lock);
	if (err)
		return cudart_set_error(cudaErrorInvalidValue);
	for (size_t i = 0; i < n; i++)
		memcpy((char *)data + 4 * i, i < 2 ? &v[i] : &none, 4);
	return cudaSuccess;
}

cudaError_t cudaMemRangeGetAttributes(void **data, size_t *dataSizes,
				      enum cudaMemRangeAttribute *attributes, size_t numAttributes,
				      const void *devPtr, size_t count)
{
	cudaError_t err = cudaSuccess;

	if (!data || !dataSizes || !attributes || !numAttributes)
		return cudart_set_error(cudaErrorInvalidValue);
	for (size_t i = 0; !err && i < numAttributes; i++)
		err = cudaMemRangeGetAttribute(data[i], dataSizes[i], attributes[i], devPtr, count);
	return err;
}

/* Other processes' memory and events: one process is this device's whole world. */
cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr)
{
	(void)handle, (void)devPtr;
	return cudart_set_error(cudaErrorNotSupported);
}

cudaError_t cudaIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags)
{
	(void)devPtr, (void)handle, (void)flags;
	return cudart_set_error(cudaErrorNotSupported);
}

cudaError_t cudaIpcCloseMemHandle(void *devPtr)
{
	(void)devPtr;
	return cudart_set_error(cudaErrorNotSupported);
}

cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle, cudaEvent_t event)
{
	(void)handle, (void)event;
	return cudart_set_error(cudaErrorNotSupported);
}

cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event, cudaIpcEventHandle_t handle)
{
	(void)event, (void)handle;
	return cudart_set_error(cudaErrorNotSupported);
}
