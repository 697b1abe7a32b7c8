// SPDX-License-Identifier: MIT
/*
 * mem_advice.c - what unified-memory advice and prefetches said about a
 * range, kept per page of the allocation so that cudaMemRangeGetAttribute
 * reads back what cudaMemAdvise and cudaMemPrefetchAsync set, as CUDA's
 * does: an attribute of a range is the pages' common value (read-mostly
 * when every page is, a preferred or last-prefetch location when every page
 * has the same one, a device in the accessed-by list when every page has
 * it), else CUDA's answer for "not all the same".  One memory serves host
 * and device here, so nothing moves: the advice is kept, not acted on.
 * Pages are CUDA's 4 KiB host pages, from the allocation's start; a range
 * covers every page it touches.  Memory the API did not allocate (system memory) keeps nothing
 * and reads as never advised.  Called under the context's lock.
 */
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

#define PAGE_SHIFT 12
#define NOWHERE cudaInvalidDeviceId	/* no location set */
#define BY_DEVICE 1u			/* accessed_by bits */
#define BY_CPU 2u

struct cudart_page_advice {
	signed char preferred;		/* 0, cudaCpuDeviceId or NOWHERE */
	signed char prefetched;		/* the last prefetch's location, or NOWHERE */
	unsigned char read_mostly;
	unsigned char accessed_by;	/* BY_DEVICE | BY_CPU */
};

/* Pages count from the allocation's start (CUDA's managed memory starts on a page). */
static size_t first_page(const struct cudart_alloc *a, uintptr_t p)
{
	return (p - a->base) >> PAGE_SHIFT;
}

/* The pages of [p, p + n) in a's table (made on first use), or NULL. */
static struct cudart_page_advice *pages_of(struct cudart_alloc *a, const void *p, size_t n,
					   size_t *count, bool make)
{
	size_t total = first_page(a, a->base + a->size - 1) + 1;

	if (!a->advice && make) {
		a->advice = malloc(total * sizeof(*a->advice));
		for (size_t i = 0; a->advice && i < total; i++)
			a->advice[i] = (struct cudart_page_advice){ NOWHERE, NOWHERE, 0, 0 };
	}
	if (!a->advice || !n)
		return NULL;
	*count = first_page(a, (uintptr_t)p + n - 1) - first_page(a, (uintptr_t)p) + 1;
	return a->advice + first_page(a, (uintptr_t)p);
}

static unsigned int by_bit(int device)
{
	return device == cudaCpuDeviceId ? BY_CPU : BY_DEVICE;
}

cudaError_t cudart_advice_set(struct cudart_ctx *c, const void *p, size_t n, enum cudaMemoryAdvise advice,
			      int device)
{
	struct cudart_alloc *a = cudart_alloc_find(c, p);
	struct cudart_page_advice *pg;
	size_t count = 0;

	if (!a || !n)
		return cudaSuccess;	/* system memory: accepted, nothing kept */
	pg = pages_of(a, p, n, &count, true);
	if (!pg)
		return cudaErrorMemoryAllocation;
	for (size_t i = 0; i < count; i++) {
		switch (advice) {
		case cudaMemAdviseSetReadMostly: pg[i].read_mostly = 1; break;
		case cudaMemAdviseUnsetReadMostly: pg[i].read_mostly = 0; break;
		case cudaMemAdviseSetPreferredLocation: pg[i].preferred = (signed char)device; break;
		case cudaMemAdviseUnsetPreferredLocation: pg[i].preferred = NOWHERE; break;
		case cudaMemAdviseSetAccessedBy: pg[i].accessed_by |= by_bit(device); break;
		case cudaMemAdviseUnsetAccessedBy: pg[i].accessed_by &= ~by_bit(device); break;
		}
	}
	return cudaSuccess;
}

void cudart_advice_prefetch(struct cudart_ctx *c, const void *p, size_t n, int device)
{
	struct cudart_alloc *a = cudart_alloc_find(c, p);
	struct cudart_page_advice *pg;
	size_t count = 0;

	pg = a ? pages_of(a, p, n, &count, true) : NULL;
	for (size_t i = 0; pg && i < count; i++)
		pg[i].prefetched = (signed char)device;
}

/* The pages' common location (preferred or prefetched), else NOWHERE. */
static int common_location(const struct cudart_page_advice *pg, size_t count, bool prefetched)
{
	int at = prefetched ? pg[0].prefetched : pg[0].preferred;

	for (size_t i = 1; i < count; i++)
		if ((prefetched ? pg[i].prefetched : pg[i].preferred) != at)
			return NOWHERE;
	return at;
}

static int location_type(int at)
{
	return at == NOWHERE ? cudaMemLocationTypeInvalid :
	       at == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
}

/* The accessed-by list: each of device 0 and the CPU that every page has. */
static void accessed_by(const struct cudart_page_advice *pg, size_t count, int *out, size_t n)
{
	unsigned int all = BY_DEVICE | BY_CPU;
	size_t k = 0;

	for (size_t i = 0; i < count; i++)
		all &= pg[i].accessed_by;
	for (size_t i = 0; i < n; i++)
		out[i] = NOWHERE;
	if ((all & BY_DEVICE) && k < n)
		out[k++] = 0;
	if ((all & BY_CPU) && k < n)
		out[k++] = cudaCpuDeviceId;
}

cudaError_t cudart_advice_get(struct cudart_ctx *c, const void *p, size_t n, enum cudaMemRangeAttribute attr,
			      int *out, size_t nout)
{
	static const struct cudart_page_advice never = { NOWHERE, NOWHERE, 0, 0 };
	struct cudart_alloc *a = cudart_alloc_find(c, p);
	const struct cudart_page_advice *pg = NULL;
	size_t count = 1;

	if (a)
		pg = pages_of(a, p, n, &count, false);
	if (!pg) {
		pg = &never;
		count = 1;
	}
	switch (attr) {
	case cudaMemRangeAttributeReadMostly:
		out[0] = 1;
		for (size_t i = 0; i < count; i++)
			out[0] &= pg[i].read_mostly;
		return cudaSuccess;
	case cudaMemRangeAttributePreferredLocation:
	case cudaMemRangeAttributeLastPrefetchLocation:
		out[0] = common_location(pg, count, attr == cudaMemRangeAttributeLastPrefetchLocation);
		return cudaSuccess;
	case cudaMemRangeAttributePreferredLocationType:
	case cudaMemRangeAttributeLastPrefetchLocationType:
		out[0] = location_type(
			common_location(pg, count, attr == cudaMemRangeAttributeLastPrefetchLocationType));
		return cudaSuccess;
	case cudaMemRangeAttributePreferredLocationId:
	case cudaMemRangeAttributeLastPrefetchLocationId:
		/* a device's ordinal; for the host or no location CUDA says to ignore it: 0 */
		out[0] = 0;
		return cudaSuccess;
	case cudaMemRangeAttributeAccessedBy:
		accessed_by(pg, count, out, nout);
		return cudaSuccess;
	}
	return cudaErrorInvalidValue;
}
