// SPDX-License-Identifier: MIT
/*
 * graph_mem_map.c - what graph memory counts: the footprint that
 * cudaDeviceGetGraphMemAttribute reports and cudaDeviceGraphMemTrim gives
 * back.
 *
 * CUDA fixes an allocation node's address when the node is made, backs it
 * with physical memory when a launch reaches the node ("uses memory cached
 * by stream to back the allocations", cudaGraphUpload), keeps that memory
 * cached for graphs after the free node or a cudaFree, and gives it back to
 * the system at cudaDeviceGraphMemTrim: "blocks which are not in use by a
 * graph that is either currently executing or scheduled to execute".  So a
 * graph made and not launched counts nothing, and a trim after every
 * allocation was freed leaves nothing counted (cuda-samples
 * graphMemoryFootprint prints exactly those).
 *
 * Here the address range is made with the node (graph_mem.c); each range is
 * unmapped (never launched or trimmed: counts nothing), live (its allocation
 * node launched: counted) or cached (its free node launched, or cudaFree:
 * still counted).  A trim waits for the queued work, so no launched graph is
 * still using a cached range, and hands its pages back (MADV_DONTNEED: the
 * address stays, the next launch gets zeroed pages, as graph memory is
 * undefined when allocated).  Before, the memory counted from the node's
 * making to the last holder's end and a trim did nothing.
 */
#define _GNU_SOURCE /* twalk_r */
#include <search.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cudart.h"

static void count(struct cudart_ctx *c, struct cudart_alloc *a, enum cudart_graph_state to)
{
	if (a->graph_state == CUDART_GRAPH_UNMAPPED && to != CUDART_GRAPH_UNMAPPED) {
		c->graph_mem_used += a->size;
		if (c->graph_mem_used > c->graph_mem_high)
			c->graph_mem_high = c->graph_mem_used;
	} else if (a->graph_state != CUDART_GRAPH_UNMAPPED && to == CUDART_GRAPH_UNMAPPED) {
		c->graph_mem_used -= a->size;
	}
	a->graph_state = to;
}

/* The graph allocation that starts at p, or NULL (lock held). */
static struct cudart_alloc *graph_alloc(struct cudart_ctx *c, const void *p)
{
	struct cudart_alloc *a = p ? cudart_alloc_find(c, p) : NULL;

	return a && a->base == (uintptr_t)p && a->graph_mem ? a : NULL;
}

void cudart_graph_mem_launched(struct cudart_ctx *c, const void *p, bool alloc)
{
	struct cudart_alloc *a;

	pthread_mutex_lock(&c->lock);
	a = graph_alloc(c, p);
	if (a)
		count(c, a, alloc ? CUDART_GRAPH_LIVE : CUDART_GRAPH_CACHED);
	pthread_mutex_unlock(&c->lock);
}

void cudart_graph_mem_freed(struct cudart_alloc *a)
{
	if (a->graph_state == CUDART_GRAPH_LIVE)
		a->graph_state = CUDART_GRAPH_CACHED;
}

void cudart_graph_mem_forget(struct cudart_ctx *c, struct cudart_alloc *a)
{
	count(c, a, CUDART_GRAPH_UNMAPPED);
}

/* The whole pages of a range back to the system; its address stays. */
static void give_back(const struct cudart_alloc *a)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t lo = (a->base + pg - 1) / pg * pg, hi = (a->base + a->size) / pg * pg;

	if (hi > lo)
		(void)madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

static void trim_one(const void *node, VISIT v, void *ctx)
{
	struct cudart_alloc *a = *(struct cudart_alloc *const *)node;

	if ((v == postorder || v == leaf) && a->graph_mem &&
	    a->graph_state == CUDART_GRAPH_CACHED) {
		give_back(a);
		count(ctx, a, CUDART_GRAPH_UNMAPPED);
	}
}

void cudart_graph_mem_trim(struct cudart_ctx *c)
{
	pthread_mutex_lock(&c->lock);
	cudart_wait_all(c);
	twalk_r(c->allocs, trim_one, c);
	pthread_mutex_unlock(&c->lock);
}
