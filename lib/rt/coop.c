// SPDX-License-Identifier: MIT
/*
 * coop.c - cooperative launches (idxgen_rt_launch_coop, CUDA's
 * cudaLaunchCooperativeKernel): every block of the grid resident at once,
 * so that a grid-wide barrier (this_grid().sync(), fiber.c) can wait for
 * all of them; and launches of kernels that wait for other blocks.
 *
 * Why a thread of its own per block, not the pool: the pool's workers
 * claim blocks in chunks and may be busy with other launches, so nothing
 * would keep two blocks of the grid from running one after the other on
 * one worker -- the first would wait at the grid barrier for the second
 * forever.  And the fiber form keeps a block's __shared__ variables in
 * thread-local storage (one block per OS thread at a time), so two
 * resident blocks cannot share an OS thread.  The grid is capped at the
 * runtime's participant count times idxgen_rt_resident_blocks() (what one
 * "multiprocessor" holds: its threads per block over the block's, as a
 * GPU's threads per multiprocessor), which is also what the CUDA layer's
 * occupancy reports: threads started per launch.
 *
 * A kernel whose threads wait in spin loops (IDXGEN_RT_KERNEL_WAITS) runs
 * so too when its grid fits, without the grid barrier: persistent-threads
 * programs size their grid from those attributes (ECL-GC: multiprocessors
 * x threads per multiprocessor / block size) and let blocks wait for each
 * other, which a worker running one block at a time would never end.
 *
 * The grid barrier counts blocks: a block arrives when all of its live
 * threads did (fiber.c calls rt_coop_wait from the last of them); a block
 * that returned or trapped leaves the count, so the others are never held
 * by a block that will not come.
 */
#define _GNU_SOURCE
#include "rt_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct rt_coop {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	uint64_t expected;	/* blocks not finished */
	uint64_t arrived;	/* of which at the barrier */
	uint64_t gen;		/* barrier rounds completed */
	bool go, abort;		/* start gate: all threads made, or not */
};

/* One block's thread. */
struct coop_block {
	struct rt_coop *g;
	struct idxgen_rt_launch *l;
	struct idxgen_rt_worker *w;
	uint64_t seq;
	uint64_t start_ns, end_ns;
	bool ran;
	pthread_t th;
};

static void coop_release(struct rt_coop *g)
{
	g->arrived = 0;
	g->gen++;
	pthread_cond_broadcast(&g->cv);
}

void rt_coop_wait(struct rt_coop *g)
{
	pthread_mutex_lock(&g->mu);
	if (++g->arrived == g->expected) {
		coop_release(g);
	} else {
		uint64_t gen = g->gen;

		while (g->gen == gen)
			pthread_cond_wait(&g->cv, &g->mu);
	}
	pthread_mutex_unlock(&g->mu);
}

/* A block finished (returned or trapped): the barrier no longer waits for it. */
static void coop_leave(struct rt_coop *g)
{
	pthread_mutex_lock(&g->mu);
	g->expected--;
	if (g->arrived && g->arrived == g->expected)
		coop_release(g);
	pthread_mutex_unlock(&g->mu);
}

static void *coop_block_run(void *arg)
{
	struct coop_block *b = arg;
	struct rt_coop *g = b->g;
	struct idxgen_rt_launch *l = b->l;
	struct idxgen_rt_worker *w = b->w;
	bool run;

	pthread_mutex_lock(&g->mu);
	while (!g->go && !g->abort)
		pthread_cond_wait(&g->cv, &g->mu);
	run = !g->abort;
	pthread_mutex_unlock(&g->mu);
	if (!run)
		return NULL;
	if (rt_grow(&w->shared, &w->shared_cap, l->shared_total) ||
	    rt_grow(&w->priv, &w->priv_cap, (size_t)l->nthreads * l->priv_bytes)) {
		pthread_mutex_lock(&g->mu);
		l->err = -ENOMEM;
		pthread_mutex_unlock(&g->mu);
	} else {
		b->start_ns = now_ns();
		rt_run_block(l, w, b->seq);
		b->end_ns = now_ns();
		b->ran = true;
	}
	coop_leave(g);
	return NULL;
}

/* Worker records for the blocks (from the free list, or new); false when out of memory. */
static bool coop_workers(struct idxgen_rt *rt, struct coop_block *b, uint64_t n)
{
	bool ok = true;

	pthread_mutex_lock(&rt->lock);
	for (uint64_t i = 0; i < n; i++) {
		struct idxgen_rt_worker *w = rt->free_workers;

		if (w)
			rt->free_workers = w->free_next;
		else
			w = rt_worker_new(rt);
		b[i].w = w;
		ok = ok && w;
	}
	pthread_mutex_unlock(&rt->lock);
	return ok;
}

static void coop_workers_put(struct idxgen_rt *rt, struct coop_block *b, uint64_t n)
{
	pthread_mutex_lock(&rt->lock);
	for (uint64_t i = 0; i < n; i++)
		if (b[i].w) {
			b[i].w->free_next = rt->free_workers;
			rt->free_workers = b[i].w;
		}
	pthread_mutex_unlock(&rt->lock);
}

/* Start a thread per block (the caller runs block 0), open the gate, wait for all. */
static int coop_run(struct idxgen_rt_launch *l, struct rt_coop *g, struct coop_block *b)
{
	uint64_t n = l->nblocks, made = 1;
	int ret = 0;

	for (uint64_t i = 0; i < n; i++)
		b[i] = (struct coop_block){ .g = g, .l = l, .w = b[i].w, .seq = i };
	for (; made < n; made++)
		if (pthread_create(&b[made].th, NULL, coop_block_run, &b[made]))
			break;
	pthread_mutex_lock(&g->mu);
	if (made < n) {
		g->abort = true;	/* nothing ran: the launch fails as a whole */
		ret = -EAGAIN;
	} else {
		g->go = true;
	}
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
	if (!ret)
		coop_block_run(&b[0]);
	for (uint64_t i = 1; i < made; i++)
		pthread_join(b[i].th, NULL);
	for (uint64_t i = 0; i < n && !ret; i++) {
		if (!b[i].ran)
			continue;
		l->blocks_run++;
		l->busy_ns += b[i].end_ns - b[i].start_ns;
		if (b[i].start_ns < l->first_ns)
			l->first_ns = b[i].start_ns;
		if (b[i].end_ns > l->last_ns)
			l->last_ns = b[i].end_ns;
	}
	return ret;
}

/*
 * Every block of the grid resident, each on an OS thread of its own: a
 * cooperative launch (coop: its grid barrier in l->coop), or a launch of a
 * kernel whose threads wait for other blocks' (IDXGEN_RT_KERNEL_WAITS, from
 * idxgen_rt_launch_ex: no grid barrier, this_grid() is not valid there).
 */
int rt_launch_resident(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
		       struct idxgen_rt_dim3 block, void *const *args, const struct idxgen_rt_launch_opts *opts,
		       struct idxgen_rt_launch_info *info, bool coop)
{
	struct idxgen_rt_launch_opts o = { 0 };
	struct idxgen_rt_launch store, *l;
	struct rt_coop g = { .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER };
	struct coop_block *b;
	int ret;

	if (info)
		memset(info, 0, sizeof(*info));
	if (!rt)
		return -EINVAL;
	if (opts)
		o = *opts;
	if (o.schedule.order == IDXGEN_RT_SCHED_AUTO)
		memset(&o.schedule, 0, sizeof(o.schedule));
	o.prof_block = NULL;	/* no per-block records: blocks overlap by design */
	if (!rt_grid_resident(rt, grid, block))
		return -ENOSPC;
	ret = rt_launch_prepare(rt, k, grid, block, args, &o, NULL, 0, false, false, &store, &l);
	if (ret)
		return ret;
	g.expected = l->nblocks;
	l->coop = coop ? &g : NULL;
	b = calloc(l->nblocks, sizeof(*b));
	if (!b || !coop_workers(rt, b, l->nblocks))
		ret = -ENOMEM;
	else
		ret = coop_run(l, &g, b);
	if (b)
		coop_workers_put(rt, b, l->nblocks);
	free(b);
	pthread_mutex_lock(&rt->lock);
	rt_launch_release(l);
	pthread_mutex_unlock(&rt->lock);
	if (!ret)
		ret = rt_launch_finish(l, info);
	else if (info)
		*info = l->info;
	rt_launch_free(l);
	return ret;
}

/*
 * Can every block of the grid be resident (idxgen_rt_resident_blocks per
 * participant)?  A zero dimension passes: rt_launch_prepare refuses it.
 */
bool rt_grid_resident(const struct idxgen_rt *rt, struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block)
{
	uint64_t threads = (uint64_t)block.x * block.y * block.z;
	uint64_t blocks = (uint64_t)grid.x * grid.y * grid.z;

	return !blocks || !threads ||
	       blocks <= (uint64_t)rt->nthreads * idxgen_rt_resident_blocks(rt->dinfo.max_threads, threads);
}

int idxgen_rt_launch_coop(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
			  struct idxgen_rt_dim3 block, void *const *args, const struct idxgen_rt_launch_opts *opts,
			  struct idxgen_rt_launch_info *info)
{
	return rt_launch_resident(rt, k, grid, block, args, opts, info, true);
}
