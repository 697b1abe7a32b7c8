// SPDX-License-Identifier: MIT
/*
 * launch.c - checking, preparing and running a launch: the whole grid or
 * parts of it (the schedule controller's), on the caller's stack or the
 * heap.  The public entry points that choose among these are api.c's.
 *
 * A launch:
 *  1. checks its arguments (nothing allocated before that);
 *  2. gets its streams in one step (rt_streams_get, streams.c);
 *  3. is queued; the pool workers and the waiting thread claim blocks in
 *     issue order (pool.c) and run the block function with their own
 *     reused shared/private scratch.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "idxgen.h"
#include "idxgen_hw.h"
#include "idxgen_rt.h"
#include "rt_internal.h"

/* ------------------------------------------------------------------ */
/* Launch                                                              */
/* ------------------------------------------------------------------ */

/*
 * The first claim of each participant: one block when nothing is known
 * about the blocks' cost; from the shape's last launch, as many as buy
 * RT_CLAIM_NS of work (at most max_chunk); and when the whole grid costs
 * less than that, one claim for all and no worker woken (the wake-up and
 * the second core's cache misses would cost more than the work).
 */
static void plan_claims(struct idxgen_rt_launch *l)
{
	uint64_t est = l->est_block_ns;

	l->chunk0 = 1;
	if (!est || l->opts.prof_block)
		return;
	if (est * l->nblocks < RT_CLAIM_NS) {
		l->solo = true;
		l->max_chunk = l->nblocks;
		l->chunk0 = l->nblocks;
		return;
	}
	l->chunk0 = RT_CLAIM_NS / est;
	if (l->chunk0 > l->max_chunk)
		l->chunk0 = l->max_chunk;
	if (!l->chunk0)
		l->chunk0 = 1;
}

/* Give back l's borrowed streams (rt->lock held); the shape learns its blocks' cost. */
void rt_launch_release(struct idxgen_rt_launch *l)
{
	if (l->shape) {
		if (l->blocks_run && !l->err && !atomic_load(&l->trapped))
			l->shape->block_ns = l->busy_ns / l->blocks_run ? l->busy_ns / l->blocks_run : 1;
		rt_shape_put(l->shape);
		l->shape = NULL;
		l->tx = NULL;
		l->gx = NULL;
	}
}

/* Free what l owns, and l if the heap holds it (after rt_launch_release). */
void rt_launch_free(struct idxgen_rt_launch *l)
{
	if (!l)
		return;
	free(l->tx);
	free(l->gx);
	if (l->seg != &l->seg1)
		free(l->seg);
	free(l->arg_ptrs);
	free(l->arg_store);
	if (l->on_heap)
		free(l);
}

/* What a launch's shape asks for, worked out before anything is allocated. */
struct launch_dims {
	uint64_t nthreads, nblocks;
	size_t priv, shared_total, dyn_off;
};

/* Is every part's thread order one the device can make?  (Sequential needs no check.) */
static bool parts_scheds_ok(const struct rt_part *parts, unsigned int nparts)
{
	for (unsigned int i = 0; i < nparts; i++)
		if (parts[i].sched.order != IDXGEN_RT_SCHED_SEQUENTIAL) {
			struct idxgen_schedule s;
			struct idxgen_config c;

			rt_lib_schedule(&parts[i].sched, &s);
			idxgen_config_init(&c, NULL, 1, 1, 1, 1);
			if (idxgen_config_schedule(&c, &s))
				return false;
		}
	return true;
}

/* The blocks of all parts in *nblocks; false when a part is empty or not inside the grid. */
static bool parts_blocks(const struct rt_part *parts, unsigned int nparts,
			 struct idxgen_rt_dim3 grid, uint64_t *nblocks)
{
	const uint32_t g[3] = { grid.x, grid.y, grid.z };

	*nblocks = 0;
	for (unsigned int j = 0; j < nparts; j++) {
		const struct rt_part *part = &parts[j];

		if (part->grid_order >= IDXGEN_RT_GRID_NUM)
			return false;
		for (int i = 0; i < 3; i++)
			if (!part->ext[i] || part->org[i] >= g[i] ||
			    part->ext[i] > g[i] - part->org[i])
				return false;
		*nblocks += (uint64_t)part->ext[0] * part->ext[1] * part->ext[2];
	}
	return true;
}

/*
 * Check a launch's shape, parts and memory against rt's limits, in this
 * order (the error of the first failing check is the one returned):
 * -EINVAL for what no launch may ask, -E2BIG for what exceeds this device.
 */
static int launch_check(const struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
			struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block,
			const struct idxgen_rt_launch_opts *opts, const struct rt_part *parts,
			unsigned int nparts, struct launch_dims *d)
{
	if (!nparts || !parts_scheds_ok(parts, nparts))
		return -EINVAL;
	if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
		return -EINVAL;
	if (grid.x > RT_GRID_MAX_X || grid.y > RT_GRID_MAX_YZ || grid.z > RT_GRID_MAX_YZ)
		return -E2BIG;
	if (block.x > rt->dinfo.max_dim[0] || block.y > rt->dinfo.max_dim[1] ||
	    block.z > rt->dinfo.max_dim[2])
		return -E2BIG;
	d->nthreads = (uint64_t)block.x * block.y * block.z;
	if (d->nthreads > rt->dinfo.max_threads)
		return -E2BIG;
	if (!parts_blocks(parts, nparts, grid, &d->nblocks))
		return -EINVAL;
	if (k->shared_bytes > rt->max_shared || opts->dyn_shared > rt->max_shared)
		return -E2BIG;
	d->dyn_off = round_up(k->shared_bytes, IDXGEN_RT_ALIGN);
	d->shared_total = d->dyn_off + opts->dyn_shared;
	if (d->shared_total > rt->max_shared)
		return -E2BIG;
	d->priv = k->priv_bytes_fn ? k->priv_bytes_fn((const uint32_t[3]){ block.x, block.y, block.z })
				   : k->priv_bytes;
	if (d->priv && (d->priv > RT_MAX_PRIV_TOTAL / d->nthreads))
		return -E2BIG;
	return 0;
}

/* The launch record, zeroed: store (the caller's stack) or one on the heap (NULL: no memory). */
static struct idxgen_rt_launch *launch_alloc(struct idxgen_rt_launch *store)
{
	struct idxgen_rt_launch *l = store;

	if (!l) {
		l = aligned_alloc(_Alignof(struct idxgen_rt_launch),
				  round_up(sizeof(*l), _Alignof(struct idxgen_rt_launch)));
		if (!l)
			return NULL;
	}
	memset(l, 0, sizeof(*l));
	l->on_heap = !store;
	return l;
}

/* The parts as l's segments, numbered in issue order; -ENOMEM. */
static int launch_segments(struct idxgen_rt_launch *l, const struct rt_part *parts,
			   unsigned int nparts)
{
	l->nseg = nparts;
	l->seg = nparts == 1 ? &l->seg1 : calloc(nparts, sizeof(*l->seg));
	if (!l->seg)
		return -ENOMEM;
	for (unsigned int j = 0; j < nparts; j++) {
		struct rt_lseg *sg = &l->seg[j];
		uint64_t first = j ? sg[-1].first + (uint64_t)sg[-1].ext[0] * sg[-1].ext[1] * sg[-1].ext[2] : 0;

		sg->sched = parts[j].sched;
		memcpy(sg->org, parts[j].org, sizeof(sg->org));
		memcpy(sg->ext, parts[j].ext, sizeof(sg->ext));
		sg->gorder = parts[j].grid_order;
		sg->first = first;
	}
	return 0;
}

/*
 * A copy of the argument values for l's args to point at (an asynchronous
 * launch's caller may reuse its own); -ENOMEM.
 */
static int launch_copy_args(struct idxgen_rt_launch *l, void *const *args)
{
	const struct idxgen_rt_kernel *k = l->k;
	size_t total = 0, off = 0;

	for (unsigned int i = 0; i < k->nargs; i++)
		total += round_up(k->arg_sizes[i], 16);
	l->arg_store = malloc(total ? total : 1);
	l->arg_ptrs = calloc(k->nargs, sizeof(void *));
	if (!l->arg_store || !l->arg_ptrs)
		return -ENOMEM;
	for (unsigned int i = 0; i < k->nargs; i++) {
		l->arg_ptrs[i] = (char *)l->arg_store + off;
		memcpy(l->arg_ptrs[i], args[i], k->arg_sizes[i]);
		off += round_up(k->arg_sizes[i], 16);
	}
	l->args = l->arg_ptrs;
	return 0;
}

/* Check and prepare a launch: streams fetched, not queued. */
int rt_launch_prepare(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
		   struct idxgen_rt_dim3 block, void *const *args, const struct idxgen_rt_launch_opts *opts,
		   const struct rt_part *parts, unsigned int nparts, bool sample, bool copy_args,
		   struct idxgen_rt_launch *store, struct idxgen_rt_launch **lp)
{
	struct rt_part whole = { .ext = { grid.x, grid.y, grid.z } };
	struct idxgen_rt_launch_opts def = { 0 };
	struct idxgen_rt_launch *l;
	struct launch_dims d;
	uint64_t t0 = now_ns();
	int ret;

	*lp = NULL;
	if (!rt || !k || !k->block || k->abi_version < 1 || k->abi_version > IDXGEN_RT_ABI_VERSION ||
	    (k->nargs && !args))
		return -EINVAL;
	if (!opts)
		opts = &def;
	if (!parts) {	/* the whole grid, rows, the launch's schedule */
		whole.sched = opts->schedule;
		parts = &whole;
		nparts = 1;
	}
	ret = launch_check(rt, k, grid, block, opts, parts, nparts, &d);
	if (ret)
		return ret;
	l = launch_alloc(store);
	if (!l)
		return -ENOMEM;
	l->rt = rt;
	l->k = k;
	l->grid[0] = grid.x, l->grid[1] = grid.y, l->grid[2] = grid.z;
	l->block[0] = block.x, l->block[1] = block.y, l->block[2] = block.z;
	l->sample = sample;
	l->nthreads = (uint32_t)d.nthreads;
	l->nblocks = d.nblocks;
	l->shared_total = d.shared_total;
	l->dyn_off = d.dyn_off;
	l->priv_bytes = d.priv;
	l->opts = *opts;
	l->args = args;
	l->first_ns = UINT64_MAX;
	l->info.backend = rt->dinfo.backend;
	/* a claim takes at most 1/8 of a participant's share; one when profiling (per-block records) */
	l->max_chunk = opts->prof_block ? 1 : d.nblocks / (8 * (uint64_t)rt->nthreads);
	if (!l->max_chunk)
		l->max_chunk = 1;
	ret = launch_segments(l, parts, nparts);
	if (!ret && copy_args && k->nargs && k->arg_sizes)
		ret = launch_copy_args(l, args);
	if (!ret)
		ret = rt_streams_get(rt, l);
	if (ret)
		goto fail;
	plan_claims(l);
	l->info.index_ns = now_ns() - t0;
	*lp = l;
	return 0;
fail:
	if (l->shape) {
		pthread_mutex_lock(&rt->lock);
		rt_launch_release(l);
		pthread_mutex_unlock(&rt->lock);
	}
	rt_launch_free(l);
	return ret;
}

int rt_launch_finish(struct idxgen_rt_launch *l, struct idxgen_rt_launch_info *info)
{
	int ret = l->err ? l->err : atomic_load(&l->trapped) ? -EFAULT : 0;

	l->info.blocks = l->blocks_run;
	l->info.threads = l->blocks_run * l->nthreads;
	l->info.busy_ns = l->busy_ns;
	l->info.run_ns = l->blocks_run ? l->last_ns - l->first_ns : 0;
	if (info)
		*info = l->info;
	return ret;
}

int rt_launch_parts(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
		    struct idxgen_rt_dim3 block, void *const *args,
		    const struct idxgen_rt_launch_opts *opts, const struct rt_part *parts,
		    unsigned int nparts, bool sample, struct idxgen_rt_launch_info *info)
{
	struct idxgen_rt_launch store, *l;
	int ret;

	if (info)
		memset(info, 0, sizeof(*info));
	ret = rt_launch_prepare(rt, k, grid, block, args, opts, parts, nparts, sample, false, &store, &l);
	if (ret)
		return ret;
	pthread_mutex_lock(&rt->lock);
	rt_enqueue(rt, l);
	rt_help_and_wait(rt, l);
	rt_dequeue(rt, l);
	rt_launch_release(l);
	pthread_mutex_unlock(&rt->lock);
	ret = rt_launch_finish(l, info);
	rt_launch_free(l);
	return ret;
}

bool rt_has_sched_orders(const struct idxgen_rt *rt)
{
	return rt->dinfo.features & IDXGEN_FEAT_SCHED_ORDERS;
}
