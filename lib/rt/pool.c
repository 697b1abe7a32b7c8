// SPDX-License-Identifier: MIT
/*
 * pool.c - the runtime object and its pool: worker threads, the run queue,
 * and the claiming of a launch's blocks (chunks adapted to block cost) by
 * the workers and the waiting thread.
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
#include "idxgen_rt.h"
#include "rt_internal.h"

/* ------------------------------------------------------------------ */
/* Scratch                                                             */
/* ------------------------------------------------------------------ */

/* Grow an aligned buffer; contents are not kept. */
int rt_grow(void **p, size_t *cap, size_t need)
{
	void *n;

	if (need <= *cap)
		return 0;
	need = round_up(need, IDXGEN_RT_ALIGN);
	n = aligned_alloc(IDXGEN_RT_ALIGN, need);
	if (!n)
		return -ENOMEM;
	free(*p);
	*p = n;
	*cap = need;
	return 0;
}

struct idxgen_rt_worker *rt_worker_new(struct idxgen_rt *rt)
{
	struct idxgen_rt_worker *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->id = rt->next_worker_id++;
	w->all_next = rt->all_workers;
	rt->all_workers = w;
	return w;
}

static void worker_free(struct idxgen_rt_worker *w)
{
	free(w->shared);
	free(w->priv);
	free(w->pbuf);
	rt_fibers_free(w->fibers);
	free(w);
}

/* What a block of launch l gets on worker w from stream segment sg (blockIdx 0: the caller's). */
static struct idxgen_rt_block block_desc(const struct idxgen_rt_launch *l, struct idxgen_rt_worker *w,
					 const struct rt_lseg *sg)
{
	return (struct idxgen_rt_block){
		.block_dim = { l->block[0], l->block[1], l->block[2] },
		.grid_dim = { l->grid[0], l->grid[1], l->grid[2] },
		.nthreads = l->nthreads,
		.warp_size = l->warp,
		.tid_x = sg->tx,
		.tid_y = sg->ty,
		.tid_z = sg->tz,
		.shared = w->shared,
		.dyn_shared = (char *)w->shared + l->dyn_off,
		.priv = w->priv,
		.priv_bytes = l->priv_bytes,
		.args = l->args,
		.worker = w,
		.stream_order = sg->stream_order,
	};
}

/*
 * The launch whose block function runs on this thread, NULL outside one
 * (idxgen_rt_in_block).  Saved and restored around each call, so a trap's
 * longjmp back to the caller's setjmp leaves it right too.
 */
static _Thread_local const struct idxgen_rt_launch *rt_block_launch;

int idxgen_rt_in_block(void)
{
	return rt_block_launch != NULL;
}

bool rt_run_block(struct idxgen_rt_launch *l, struct idxgen_rt_worker *w, uint64_t seq)
{
	const struct rt_lseg *sg = l->seg;

	if (l->nseg > 1) {	/* the last segment starting at or before seq */
		unsigned int lo = 0, hi = l->nseg - 1;

		while (lo < hi) {
			unsigned int mid = (lo + hi + 1) / 2;

			if (l->seg[mid].first <= seq)
				lo = mid;
			else
				hi = mid - 1;
		}
		sg = &l->seg[lo];
	}
	struct idxgen_rt_block blk = block_desc(l, w, sg);
	volatile bool ok = true;

	blk.block_idx[0] = l->gx[seq];
	blk.block_idx[1] = l->gy[seq];
	blk.block_idx[2] = l->gz[seq];

	const struct idxgen_rt_launch *was = rt_block_launch;
	struct idxgen_rt_block *fault_was;

	rt_fault_guard_thread();
	w->l = l;
	rt_block_launch = l;
	fault_was = rt_fault_enter(NULL);
	if (setjmp(w->jb) == 0) {
		rt_fault_enter(&blk);
		l->k->block(&blk);
	} else {
		ok = false;
	}
	rt_fault_leave(fault_was);
	rt_block_launch = was;
	rt_flush_printf(l->rt, w);
	return ok;
}

/*
 * Run blocks seq .. end - 1 of a one-segment launch, without profiling:
 * one block description and one setjmp for the whole chunk (a trap
 * longjmps back here), only blockIdx changes from block to block.  Stops
 * early when another block trapped.  Returns the blocks started; *ok false
 * if one of them trapped.
 */
static uint64_t run_chunk(struct idxgen_rt_launch *l, struct idxgen_rt_worker *w, uint64_t seq, uint64_t end,
			  bool *ok)
{
	struct idxgen_rt_block blk = block_desc(l, w, l->seg);
	volatile uint64_t s = seq;	/* the block running (read after a longjmp) */
	uint64_t i;
	const struct idxgen_rt_launch *was = rt_block_launch;
	struct idxgen_rt_block *fault_was;

	rt_fault_guard_thread();
	w->l = l;
	*ok = true;
	rt_block_launch = l;
	fault_was = rt_fault_enter(NULL);
	if (setjmp(w->jb)) {	/* block s trapped */
		rt_fault_leave(fault_was);
		rt_block_launch = was;
		rt_flush_printf(l->rt, w);
		*ok = false;
		return s - seq + 1;
	}
	/*
	 * A fault in the blocks is the kernel's (fault.c).  The mark stays set
	 * from block to block: between two, only this loop's test and loads
	 * of the launch's own arrays run (setting it per block was two calls,
	 * 14 of the 250 instructions a block of vector add costs, issue 40);
	 * the printf flush, the runtime's own work, runs without it.
	 */
	rt_fault_enter(&blk);
	for (i = seq; i < end; i++) {
		/* a trap elsewhere: the blocks not started yet are skipped */
		if (i > seq && atomic_load_explicit(&l->trapped, memory_order_relaxed))
			break;
		s = i;	/* one store a block: the loop itself counts in a register */
		blk.block_idx[0] = l->gx[i];
		blk.block_idx[1] = l->gy[i];
		blk.block_idx[2] = l->gz[i];
		l->k->block(&blk);
		if (w->plen) {
			rt_fault_enter(NULL);
			rt_flush_printf(l->rt, w);
			rt_fault_enter(&blk);
		}
	}
	rt_fault_leave(fault_was);
	rt_block_launch = was;
	return i - seq;
}

/*
 * CPU time of the calling thread (0 if the clock is missing): what a block
 * cost its worker, without the time other processes took the core away.
 */
static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Run block seq with its profiling record (l->opts.prof_block set); false if it trapped. */
static bool run_block_prof(struct idxgen_rt_launch *l, struct idxgen_rt_worker *w, uint64_t seq,
			   const int fd[IDXGEN_RT_PROF_NUM_EVENTS], uint32_t evok)
{
	struct idxgen_rt_block_prof rec;
	uint64_t c1[IDXGEN_RT_PROF_NUM_EVENTS], cpu0, cpu1;
	bool ok;

	memset(&rec, 0, sizeof(rec));
	cpu0 = thread_cpu_ns();
	rec.start_ns = now_ns();
	if (evok)
		rt_prof_read(fd, rec.counters);
	ok = rt_run_block(l, w, seq);
	rec.end_ns = now_ns();
	cpu1 = thread_cpu_ns();
	rec.cpu_ns = cpu0 && cpu1 > cpu0 ? cpu1 - cpu0 : 0;
	rec.block_idx[0] = l->gx[seq];
	rec.block_idx[1] = l->gy[seq];
	rec.block_idx[2] = l->gz[seq];
	rec.worker = w->id;
	rec.seq = seq;
	if (evok) {
		rt_prof_read(fd, c1);
		for (int i = 0; i < IDXGEN_RT_PROF_NUM_EVENTS; i++)
			rec.counters[i] = (c1[i] == UINT64_MAX || rec.counters[i] == UINT64_MAX) ?
					  UINT64_MAX : c1[i] - rec.counters[i];
	} else {
		for (int i = 0; i < IDXGEN_RT_PROF_NUM_EVENTS; i++)
			rec.counters[i] = UINT64_MAX;
	}
	l->opts.prof_block(l->opts.prof_arg, &rec);
	return ok;
}

/*
 * Blocks per claim, adapted to the cost of the blocks: a claim (one atomic
 * on a line all workers write) should buy about RT_CLAIM_NS of work, so
 * that tiny blocks go several per claim (coarsening) while long ones keep
 * the balance of one per claim; never more than l->max_chunk (a fraction
 * of the grid per participant, so the tail stays balanced).
 */
static uint64_t next_chunk(const struct idxgen_rt_launch *l, uint64_t chunk, uint64_t ran, uint64_t ns)
{
	if (ran < chunk)	/* the grid's end: nothing to learn */
		return chunk;
	if (ns < RT_CLAIM_NS / 2 && chunk < l->max_chunk)
		chunk = chunk * 2 < l->max_chunk ? chunk * 2 : l->max_chunk;
	else if (ns > RT_CLAIM_NS * 2 && chunk > 1)
		chunk /= 2;
	return chunk;
}

/*
 * Claim and run blocks of l until none is left.  Called with rt->lock
 * held and l->active already counted; returns with it held.
 */
static void participate(struct idxgen_rt *rt, struct idxgen_rt_launch *l, struct idxgen_rt_worker *w)
{
	int fd[IDXGEN_RT_PROF_NUM_EVENTS];
	uint64_t ran = 0, busy = 0, first = UINT64_MAX, last = 0, chunk = l->chunk0, t0;
	bool prof = l->opts.prof_block != NULL;
	uint32_t evok = 0;

	pthread_mutex_unlock(&rt->lock);
	if (rt_grow(&w->shared, &w->shared_cap, l->shared_total) ||
	    rt_grow(&w->priv, &w->priv_cap, (size_t)l->nthreads * l->priv_bytes)) {
		/* out of memory for scratch: leave the blocks to others */
		pthread_mutex_lock(&rt->lock);
		l->err = -ENOMEM;
		atomic_store(&l->next, l->nblocks);
		return;
	}
	if (prof && l->opts.prof_events)
		evok = rt_prof_open(l->opts.prof_events, fd);
	else
		for (int i = 0; i < IDXGEN_RT_PROF_NUM_EVENTS; i++)
			fd[i] = -1;
	for (;;) {
		uint64_t seq = atomic_fetch_add_explicit(&l->next, chunk, memory_order_relaxed), end, t1, n;
		bool ok = true;

		if (seq >= l->nblocks)
			break;
		end = chunk < l->nblocks - seq ? seq + chunk : l->nblocks;
		if (first == UINT64_MAX)
			first = now_ns();
		t0 = last ? last : first;	/* one clock read per claim: a chunk starts where the last ended */
		if (!prof && l->nseg == 1) {
			n = run_chunk(l, w, seq, end, &ok);
		} else {
			for (n = 0; seq + n < end && ok; n++) {
				/* a trap elsewhere: the blocks not started yet are skipped */
				if (n && atomic_load_explicit(&l->trapped, memory_order_relaxed))
					break;
				ok = prof ? run_block_prof(l, w, seq + n, fd, evok) : rt_run_block(l, w, seq + n);
			}
		}
		t1 = now_ns();
		ran += n;
		busy += t1 - t0;
		last = t1;
		if (!ok)
			atomic_store(&l->next, l->nblocks);	/* skip the rest */
		chunk = next_chunk(l, chunk, n, t1 - t0);
	}
	if (prof && l->opts.prof_events)
		rt_prof_close(fd);
	pthread_mutex_lock(&rt->lock);
	l->info.prof_events_ok |= evok;
	l->blocks_run += ran;
	l->busy_ns += busy;
	if (ran && first < l->first_ns)
		l->first_ns = first;
	if (last > l->last_ns)
		l->last_ns = last;
}

/* Unlink l from the run queue (rt->lock held). */
void rt_dequeue(struct idxgen_rt *rt, struct idxgen_rt_launch *l)
{
	struct idxgen_rt_launch **pp;

	if (!l->queued)
		return;
	for (pp = &rt->qhead; *pp; pp = &(*pp)->qnext)
		if (*pp == l) {
			*pp = l->qnext;
			break;
		}
	rt->qtail = NULL;
	for (struct idxgen_rt_launch *q = rt->qhead; q; q = q->qnext)
		rt->qtail = q;
	l->queued = false;
}

/* After a participant left (rt->lock held). */
static void leave(struct idxgen_rt *rt, struct idxgen_rt_launch *l)
{
	l->active--;
	if (atomic_load(&l->next) >= l->nblocks)
		rt_dequeue(rt, l);
	if (!l->active && atomic_load(&l->next) >= l->nblocks && !l->finished) {
		l->finished = true;
		pthread_cond_broadcast(&rt->done);
	}
}

static void *worker_main(void *arg)
{
	struct idxgen_rt_worker *w = arg;
	struct idxgen_rt *rt;

	rt = (struct idxgen_rt *)w->l;	/* set by idxgen_rt_create */
	w->l = NULL;
	pthread_mutex_lock(&rt->lock);
	for (;;) {
		struct idxgen_rt_launch *l;

		for (l = rt->qhead; l && atomic_load(&l->next) >= l->nblocks; l = l->qnext)
			;
		if (!l) {
			if (rt->stop)
				break;
			pthread_cond_wait(&rt->work, &rt->lock);
			continue;
		}
		l->active++;
		participate(rt, l, w);
		leave(rt, l);
	}
	pthread_mutex_unlock(&rt->lock);
	return NULL;
}

/* The waiting thread helps with l, then waits for it (rt->lock held). */
void rt_help_and_wait(struct idxgen_rt *rt, struct idxgen_rt_launch *l)
{
	if (atomic_load(&l->next) < l->nblocks) {
		struct idxgen_rt_worker *w = rt->free_workers;

		if (w)
			rt->free_workers = w->free_next;
		else
			w = rt_worker_new(rt);
		if (w) {
			l->active++;
			participate(rt, l, w);
			w->free_next = rt->free_workers;
			rt->free_workers = w;
			leave(rt, l);
		} else {
			l->err = -ENOMEM;
			atomic_store(&l->next, l->nblocks);
			l->active++;
			leave(rt, l);
		}
	}
	while (!l->finished)
		pthread_cond_wait(&rt->done, &rt->lock);
}

void rt_enqueue(struct idxgen_rt *rt, struct idxgen_rt_launch *l)
{
	l->queued = true;
	l->qnext = NULL;
	if (rt->qtail)
		rt->qtail->qnext = l;
	else
		rt->qhead = l;
	rt->qtail = l;
	if (rt->nworkers && l->nblocks > 1 && !l->solo)
		pthread_cond_broadcast(&rt->work);
}


/* ------------------------------------------------------------------ */
/* Runtime                                                             */
/* ------------------------------------------------------------------ */

static atomic_int emu_announced;

static void announce_emu(void)
{
	int z = 0;

	if (atomic_compare_exchange_strong(&emu_announced, &z, 1))
		fprintf(stderr, "idxgen-rt: thread indices from the emulation backend "
				"(no idxgen device in use)\n");
}

static unsigned int default_threads(void)
{
	const char *e = getenv("IDXGEN_NUM_THREADS");
	long n;

	if (e && *e) {
		char *end;

		n = strtol(e, &end, 10);
		if (!*end && n > 0 && n <= 4096)
			return (unsigned int)n;
	}
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned int)n : 1;
}

void idxgen_rt_destroy(struct idxgen_rt *rt)
{
	if (!rt)
		return;
	pthread_mutex_lock(&rt->lock);
	/* launches not waited for: run them to the end, then free them */
	while (rt->async_list) {
		struct idxgen_rt_launch *l = rt->async_list;

		rt_help_and_wait(rt, l);
		rt->async_list = l->anext;
		rt_launch_release(l);
		rt_launch_free(l);
	}
	rt->stop = true;
	pthread_cond_broadcast(&rt->work);
	pthread_mutex_unlock(&rt->lock);
	for (unsigned int i = 0; i < rt->nworkers; i++)
		pthread_join(rt->threads[i], NULL);
	free(rt->threads);
	while (rt->all_workers) {
		struct idxgen_rt_worker *w = rt->all_workers;

		rt->all_workers = w->all_next;
		worker_free(w);
	}
	while (rt->kernels) {
		struct rt_kentry *ke = rt->kernels;

		rt->kernels = ke->next;
		while (ke->shapes) {
			struct rt_shape *s = ke->shapes;

			ke->shapes = s->next;
			rt_shape_free(s);
		}
		free(ke);
	}
	if (rt->shared_reg)
		idxgen_region_free(rt->shared_reg);
	if (rt->ctx)
		idxgen_context_destroy(rt->ctx);
	rt_devices_close(rt);
	if (rt->own_dev)
		idxgen_close(rt->dev);
	pthread_mutex_destroy(&rt->lock);
	pthread_mutex_destroy(&rt->shared_lock);
	pthread_mutex_destroy(&rt->out_lock);
	while (rt->scache) {
		struct rt_scache *e = rt->scache;

		rt->scache = e->next;
		free(e->txyz);
		free(e);
	}
	pthread_cond_destroy(&rt->work);
	pthread_cond_destroy(&rt->done);
	free(rt);
}

int idxgen_rt_create(const struct idxgen_rt_options *opt, struct idxgen_rt **rtp)
{
	struct idxgen_rt_options def = { 0 };
	struct idxgen_rt *rt;
	int ret;

	if (!rtp)
		return -EINVAL;
	*rtp = NULL;
	if (!opt)
		opt = &def;
	rt = calloc(1, sizeof(*rt));
	if (!rt)
		return -ENOMEM;
	pthread_mutex_init(&rt->lock, NULL);
	pthread_mutex_init(&rt->shared_lock, NULL);
	pthread_mutex_init(&rt->out_lock, NULL);
	pthread_cond_init(&rt->work, NULL);
	pthread_cond_init(&rt->done, NULL);
	rt->max_shared = opt->max_shared ? opt->max_shared : RT_MAX_SHARED_DEFAULT;
	rt->region_bytes = opt->region_bytes ? opt->region_bytes : RT_REGION_MIN;
	rt->nthreads = opt->num_threads ? opt->num_threads : default_threads();

	if (opt->device) {
		rt->dev = opt->device;
	} else {
		const char *be = getenv("IDXGEN_BACKEND");
		unsigned int idx[RT_MAX_DEVICES], n;
		int ndev = idxgen_list(NULL, 0);

		const char *devs = getenv("IDXGEN_DEVICES");

		/* IDXGEN_DEVICES: which devices serve the launches (devices.c) */
		ret = rt_devices_parse(devs, ndev > 0 ? (unsigned int)ndev : 1, RT_MAX_DEVICES, idx, &n);
		if (ret)
			goto fail;
		rt->split_small = devs && *devs;
		ret = idxgen_open(idx[0], 0, &rt->dev);
		/* no device: the emulation, unless IDXGEN_BACKEND=drm asked for a real one */
		if ((ret == -ENODEV || ret == -ENOENT) && !(be && !strcmp(be, "drm")))
			ret = idxgen_open(0, IDXGEN_OPEN_EMU, &rt->dev);
		if (ret)
			goto fail;
		rt->own_dev = true;
		if (idxgen_backend_of(rt->dev) == IDXGEN_BACKEND_DRM)
			rt_devices_open(rt, idx, n);
	}
	ret = idxgen_get_info(rt->dev, &rt->dinfo);
	if (ret)
		goto fail;
	if (rt->dinfo.backend == IDXGEN_BACKEND_EMU)
		announce_emu();
	ret = idxgen_context_create(rt->dev, IDXGEN_PRIORITY_NORMAL, &rt->ctx);
	if (ret)
		goto fail;

	rt->nworkers = rt->nthreads - 1;	/* the waiting thread is the last one */
	if (rt->nworkers) {
		rt->threads = calloc(rt->nworkers, sizeof(*rt->threads));
		if (!rt->threads) {
			ret = -ENOMEM;
			goto fail;
		}
	}
	for (unsigned int i = 0; i < rt->nworkers; i++) {
		struct idxgen_rt_worker *w = rt_worker_new(rt);

		if (!w) {
			ret = -ENOMEM;
		} else {
			w->l = (struct idxgen_rt_launch *)(void *)rt;	/* handed to worker_main */
			ret = -pthread_create(&rt->threads[i], NULL, worker_main, w);
		}
		if (ret) {
			rt->nworkers = i;
			goto fail;
		}
	}
	*rtp = rt;
	return 0;
fail:
	idxgen_rt_destroy(rt);
	return ret;
}

unsigned int idxgen_rt_num_threads(const struct idxgen_rt *rt)
{
	return rt ? rt->nthreads : 0;
}

struct idxgen_device *idxgen_rt_device(const struct idxgen_rt *rt)
{
	return rt ? rt->dev : NULL;
}

void idxgen_rt_set_fiber_stack(struct idxgen_rt *rt, size_t bytes)
{
	if (rt)
		atomic_store_explicit(&rt->fiber_stack, bytes, memory_order_relaxed);
}
