// SPDX-License-Identifier: MIT
/*
 * rt.c - the SPMD CPU runtime (include/idxgen_rt.h): a pool of worker
 * threads runs the blocks of kernel launches; thread indices and the
 * block issue order come from the idxgen device through libidxgen's
 * public submit path.
 *
 * A launch:
 *  1. checks its arguments (nothing allocated before that);
 *  2. gets the block's index stream (one configuration for the block
 *     shape) and the grid's issue order (the grid as a box, in chunks
 *     within the device's limits) from the device: in the kernel's
 *     dedicated region for this shape once the kernel is hot (its next
 *     launches hit the history), else in the device's shared region
 *     (serialised by shared_lock, since other launches reuse it);
 *     unpacks both into host arrays read by every block;
 *  3. is queued; the pool workers and the waiting thread claim blocks in
 *     issue order with an atomic counter and run the block function with
 *     their own reused shared/private scratch.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "idxgen.h"
#include "idxgen_hw.h"
#include "idxgen_lock.h"
#include "idxgen_rt.h"
#include "rt_internal.h"

#define RT_MAX_SHARED_DEFAULT	(1u << 20)
#define RT_REGION_MIN		(64u << 10)
#define RT_MAX_PRIV_TOTAL	(1ull << 30)	/* private bytes per block */
#define RT_MAX_SHAPES		4		/* dedicated regions kept per kernel */
#define RT_GRID_MAX_X		0x7fffffffu
#define RT_GRID_MAX_YZ		65535u
#define RT_HOT_AFTER		2		/* launches before a kernel gets a region */
#define RT_STREAM_ALIGN		64u

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t round_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

/* ------------------------------------------------------------------ */
/* Structures                                                          */
/* ------------------------------------------------------------------ */

/* A dedicated region holding one (block, grid, schedule) shape's streams. */
struct rt_shape {
	uint32_t block[3], grid[3];
	uint32_t org[3], ext[3], gorder;	/* the part of the grid (rt_launch_parts) */
	struct idxgen_rt_schedule sched;
	struct idxgen_region *reg;
	unsigned int users;		/* launches reading it now, under rt->lock */
	bool doomed;			/* evicted: free when the last user is done */
	/*
	 * Cached launch state: the streams as unpacked by a launch whose
	 * configurations all hit the device's history (the region's words
	 * were already there and nothing else writes a dedicated region), so
	 * the next launches of the shape read them without a device job.
	 * Immutable once set (under rt->lock); NULL until then.
	 */
	uint16_t *txyz;			/* block stream, 3 * nthreads */
	uint32_t *gxyz;			/* grid order, 3 * nblocks */
	uint32_t warp, stream_order;
	struct rt_shape *next;
};

struct rt_kentry {
	const struct idxgen_rt_kernel *k;
	uint64_t launches, jobs, hits;
	struct rt_shape *shapes;	/* most recently used first */
	struct rt_kentry *next;
};

struct idxgen_rt_worker {
	unsigned int id;
	void *shared;			/* shared scratch */
	size_t shared_cap;
	void *priv;			/* private scratch */
	size_t priv_cap;
	char *pbuf;			/* printf buffer of the running block */
	size_t plen, pcap;
	bool poverflow;
	jmp_buf jb;
	struct idxgen_rt_launch *l;	/* launch being run */
	struct idxgen_rt_worker *free_next;
	struct idxgen_rt_worker *all_next;
};

/* A block stream kept for samples: (block shape, thread order) -> tid arrays. */
#define RT_SCACHE_MAX	64
struct rt_scache {
	uint32_t block[3];
	struct idxgen_rt_schedule sched;
	uint16_t *txyz;			/* 3 * nthreads */
	struct rt_scache *next;		/* most recent first */
};

/* One segment of a launch. */
struct rt_lseg {
	struct idxgen_rt_schedule sched;
	uint32_t org[3], ext[3], gorder;
	uint64_t first;			/* issue position of its first block */
	uint16_t *tx, *ty, *tz;		/* its block stream */
	uint32_t stream_order;		/* IDXGEN_RT_STREAM_* of that stream */
};

struct idxgen_rt_launch {
	struct idxgen_rt *rt;
	const struct idxgen_rt_kernel *k;
	uint32_t grid[3], block[3];
	/*
	 * The blocks run: segments, each a box of the grid with its own
	 * thread order and grid order, issued one after the other (normally
	 * one: the whole grid, rows, opts.schedule; autotune.c's samples run
	 * one per candidate in a single launch).
	 */
	struct rt_lseg *seg;
	unsigned int nseg;
	struct rt_lseg seg1;		/* seg when there is one */
	bool on_heap;			/* an async launch (a synchronous one is on the caller's stack) */
	bool sample;			/* a profiling sample of autotune.c */
	uint32_t nthreads;
	size_t shared_total, dyn_off, priv_bytes;
	struct idxgen_rt_launch_opts opts;
	void *const *args;
	void **arg_ptrs;		/* async copy of the arguments */
	void *arg_store;
	/* streams */
	uint16_t *tx, *ty, *tz;
	uint32_t *gx, *gy, *gz;
	struct rt_shape *shape;		/* streams borrowed from its cache (a user of it) */
	uint64_t nblocks;
	uint32_t warp;
	/* execution */
	uint64_t max_chunk;		/* most blocks one claim takes */
	/*
	 * The claim counter alone on its cache line: every claim writes it,
	 * and the fields around it are read by every block (streams) or
	 * written under rt->lock.
	 */
	_Alignas(64) atomic_uint_fast64_t next;	/* next issue position to claim */
	char next_pad_[64 - sizeof(atomic_uint_fast64_t)];
	atomic_int trapped;
	int err;			/* a runtime error (-ENOMEM) instead of a trap */
	unsigned int active;		/* threads running blocks, under rt->lock */
	uint64_t blocks_run;		/* under rt->lock */
	uint64_t busy_ns, first_ns, last_ns;	/* under rt->lock */
	bool queued, finished;
	bool is_async;
	struct idxgen_rt_launch *qnext;	/* run queue */
	struct idxgen_rt_launch *anext, *aprev;	/* all live async launches */
	struct idxgen_rt_launch_info info;
};

struct idxgen_rt {
	struct idxgen_device *dev;
	bool own_dev;
	struct idxgen_context *ctx;
	struct idxgen_info dinfo;
	size_t max_shared;
	uint64_t region_bytes;

	pthread_mutex_t lock;		/* queue, kernels, scratch lists, launch accounting */
	pthread_cond_t work;		/* a launch was queued / stop */
	pthread_cond_t done;		/* a launch finished */
	struct idxgen_rt_launch *qhead, *qtail;
	struct idxgen_rt_launch *async_list;
	bool stop;

	pthread_mutex_t shared_lock;	/* use of the device's shared region */
	struct idxgen_region *shared_reg;

	struct rt_kentry *kernels;
	unsigned int nthreads;		/* participants: pool workers + the waiting thread */
	unsigned int nworkers;
	pthread_t *threads;
	struct idxgen_rt_worker *all_workers;
	struct idxgen_rt_worker *free_workers;	/* scratch for waiting threads */
	unsigned int next_worker_id;
	pthread_mutex_t out_lock;	/* kernel printf */
	/*
	 * Block streams of recent profiling samples (autotune.c runs the
	 * same thread orders round after round), under shared_lock: what
	 * the device made once is not made again.
	 */
	struct rt_scache *scache;
	unsigned int scache_n;
};

static void shape_free(struct rt_shape *s);
static void launch_release(struct idxgen_rt_launch *l);
static void launch_free(struct idxgen_rt_launch *l);

/* ------------------------------------------------------------------ */
/* Scratch                                                             */
/* ------------------------------------------------------------------ */

/* Grow an aligned buffer; contents are not kept. */
static int grow(void **p, size_t *cap, size_t need)
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

static struct idxgen_rt_worker *worker_new(struct idxgen_rt *rt)
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
	free(w);
}

/* ------------------------------------------------------------------ */
/* Profiling counters                                                  */
/* ------------------------------------------------------------------ */

static const struct {
	uint32_t type;
	uint64_t config;
} prof_events[IDXGEN_RT_PROF_NUM_EVENTS] = {
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
};

/* Open the asked counters for the calling thread; returns those opened. */
static uint32_t prof_open(uint32_t want, int fd[IDXGEN_RT_PROF_NUM_EVENTS])
{
	uint32_t ok = 0;

	for (int i = 0; i < IDXGEN_RT_PROF_NUM_EVENTS; i++) {
		struct perf_event_attr a;

		fd[i] = -1;
		if (!(want & (1u << i)))
			continue;
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = prof_events[i].type;
		a.config = prof_events[i].config;
		a.exclude_kernel = 1;
		a.exclude_hv = 1;
		fd[i] = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
		if (fd[i] >= 0)
			ok |= 1u << i;
	}
	return ok;
}

static void prof_read(const int fd[IDXGEN_RT_PROF_NUM_EVENTS], uint64_t v[IDXGEN_RT_PROF_NUM_EVENTS])
{
	for (int i = 0; i < IDXGEN_RT_PROF_NUM_EVENTS; i++)
		if (fd[i] < 0 || read(fd[i], &v[i], sizeof(v[i])) != (ssize_t)sizeof(v[i]))
			v[i] = UINT64_MAX;
}

static void prof_close(int fd[IDXGEN_RT_PROF_NUM_EVENTS])
{
	for (int i = 0; i < IDXGEN_RT_PROF_NUM_EVENTS; i++)
		if (fd[i] >= 0)
			close(fd[i]);
}

/* ------------------------------------------------------------------ */
/* Running blocks                                                      */
/* ------------------------------------------------------------------ */

static void flush_printf(struct idxgen_rt *rt, struct idxgen_rt_worker *w)
{
	if (!w->plen)
		return;
	pthread_mutex_lock(&rt->out_lock);
	fwrite(w->pbuf, 1, w->plen, stdout);
	if (w->poverflow)
		fputs("[idxgen-rt: kernel printf output of this block truncated]\n", stdout);
	fflush(stdout);
	pthread_mutex_unlock(&rt->out_lock);
	w->plen = 0;
	w->poverflow = false;
}

/* Run one block; false if it trapped. */
static bool run_block(struct idxgen_rt_launch *l, struct idxgen_rt_worker *w, uint64_t seq)
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
	struct idxgen_rt_block blk = {
		.block_idx = { l->gx[seq], l->gy[seq], l->gz[seq] },
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
	volatile bool ok = true;

	w->l = l;
	if (setjmp(w->jb) == 0)
		l->k->block(&blk);
	else
		ok = false;
	flush_printf(l->rt, w);
	return ok;
}

/* Run block seq with its profiling record (l->opts.prof_block set); false if it trapped. */
static bool run_block_prof(struct idxgen_rt_launch *l, struct idxgen_rt_worker *w, uint64_t seq,
			   const int fd[IDXGEN_RT_PROF_NUM_EVENTS], uint32_t evok)
{
	struct idxgen_rt_block_prof rec;
	uint64_t c1[IDXGEN_RT_PROF_NUM_EVENTS];
	bool ok;

	memset(&rec, 0, sizeof(rec));
	rec.start_ns = now_ns();
	if (evok)
		prof_read(fd, rec.counters);
	ok = run_block(l, w, seq);
	rec.end_ns = now_ns();
	rec.block_idx[0] = l->gx[seq];
	rec.block_idx[1] = l->gy[seq];
	rec.block_idx[2] = l->gz[seq];
	rec.worker = w->id;
	rec.seq = seq;
	if (evok) {
		prof_read(fd, c1);
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
#define RT_CLAIM_NS	20000u
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
	uint64_t ran = 0, busy = 0, first = UINT64_MAX, last = 0, chunk = 1;
	bool prof = l->opts.prof_block != NULL;
	uint32_t evok = 0;

	pthread_mutex_unlock(&rt->lock);
	if (grow(&w->shared, &w->shared_cap, l->shared_total) ||
	    grow(&w->priv, &w->priv_cap, (size_t)l->nthreads * l->priv_bytes)) {
		/* out of memory for scratch: leave the blocks to others */
		pthread_mutex_lock(&rt->lock);
		l->err = -ENOMEM;
		atomic_store(&l->next, l->nblocks);
		return;
	}
	if (prof && l->opts.prof_events)
		evok = prof_open(l->opts.prof_events, fd);
	else
		for (int i = 0; i < IDXGEN_RT_PROF_NUM_EVENTS; i++)
			fd[i] = -1;
	for (;;) {
		uint64_t seq = atomic_fetch_add_explicit(&l->next, chunk, memory_order_relaxed), end, t0, t1, n;
		bool ok = true;

		if (seq >= l->nblocks)
			break;
		end = chunk < l->nblocks - seq ? seq + chunk : l->nblocks;
		t0 = now_ns();
		for (n = 0; seq + n < end && ok; n++) {
			/* a trap elsewhere: the blocks not started yet are skipped */
			if (n && atomic_load_explicit(&l->trapped, memory_order_relaxed))
				break;
			ok = prof ? run_block_prof(l, w, seq + n, fd, evok) : run_block(l, w, seq + n);
		}
		t1 = now_ns();
		ran += n;
		busy += t1 - t0;
		if (first == UINT64_MAX)
			first = t0;
		last = t1;
		if (!ok)
			atomic_store(&l->next, l->nblocks);	/* skip the rest */
		chunk = next_chunk(l, chunk, n, t1 - t0);
	}
	if (prof && l->opts.prof_events)
		prof_close(fd);
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
static void dequeue(struct idxgen_rt *rt, struct idxgen_rt_launch *l)
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
		dequeue(rt, l);
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
static void help_and_wait(struct idxgen_rt *rt, struct idxgen_rt_launch *l)
{
	if (atomic_load(&l->next) < l->nblocks) {
		struct idxgen_rt_worker *w = rt->free_workers;

		if (w)
			rt->free_workers = w->free_next;
		else
			w = worker_new(rt);
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

/* ------------------------------------------------------------------ */
/* Built-ins                                                           */
/* ------------------------------------------------------------------ */

void idxgen_rt_trap(struct idxgen_rt_block *blk, const char *fmt, ...)
{
	struct idxgen_rt_worker *w = blk->worker;
	struct idxgen_rt_launch *l = w->l;
	int z = 0;

	if (atomic_compare_exchange_strong(&l->trapped, &z, 1)) {
		char msg[120];
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(msg, sizeof(msg), fmt, ap);
		va_end(ap);
		snprintf(l->info.error, sizeof(l->info.error), "%s: trap in block (%u,%u,%u): %s",
			 l->k->name ? l->k->name : "kernel", blk->block_idx[0], blk->block_idx[1],
			 blk->block_idx[2], msg);
	}
	longjmp(w->jb, 1);
}

#define RT_PRINTF_MAX	(1u << 20)	/* per block */

int idxgen_rt_printf(struct idxgen_rt_block *blk, const char *fmt, ...)
{
	struct idxgen_rt_worker *w = blk->worker;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return n;
	if (w->plen + (size_t)n + 1 > w->pcap) {
		size_t cap = w->pcap ? w->pcap : 256;
		char *p;

		while (cap < w->plen + (size_t)n + 1)
			cap *= 2;
		if (cap > RT_PRINTF_MAX || !(p = realloc(w->pbuf, cap))) {
			w->poverflow = true;
			return -1;
		}
		w->pbuf = p;
		w->pcap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(w->pbuf + w->plen, (size_t)n + 1, fmt, ap);
	va_end(ap);
	w->plen += (size_t)n;
	return n;
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

		help_and_wait(rt, l);
		rt->async_list = l->anext;
		launch_release(l);
		launch_free(l);
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
			shape_free(s);
		}
		free(ke);
	}
	if (rt->shared_reg)
		idxgen_region_free(rt->shared_reg);
	if (rt->ctx)
		idxgen_context_destroy(rt->ctx);
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

		ret = idxgen_open(0, 0, &rt->dev);
		/* no device: the emulation, unless IDXGEN_BACKEND=drm asked for a real one */
		if ((ret == -ENODEV || ret == -ENOENT) && !(be && !strcmp(be, "drm")))
			ret = idxgen_open(0, IDXGEN_OPEN_EMU, &rt->dev);
		if (ret)
			goto fail;
		rt->own_dev = true;
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
		struct idxgen_rt_worker *w = worker_new(rt);

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

/* ------------------------------------------------------------------ */
/* Index streams from the device                                       */
/* ------------------------------------------------------------------ */

static uint32_t max_u32(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

/* Grid chunk sizes within the device's limits. */
static void grid_chunk(const struct idxgen_rt *rt, const uint32_t g[3], uint32_t c[3])
{
	const struct idxgen_info *di = &rt->dinfo;

	for (int i = 0; i < 3; i++)
		c[i] = g[i] < di->max_dim[i] ? g[i] : di->max_dim[i];
	while ((uint64_t)c[0] * c[1] * c[2] > di->max_threads) {
		if (c[2] > 1)
			c[2] = max_u32(1, (uint32_t)(di->max_threads / ((uint64_t)c[0] * c[1])));
		else if (c[1] > 1)
			c[1] = max_u32(1, di->max_threads / c[0]);
		else
			c[0] = di->max_threads;
	}
}

/* Bytes of the grid's chunk streams, each stream-aligned. */
static uint64_t grid_bytes(const uint32_t g[3], const uint32_t c[3], unsigned int word)
{
	uint64_t total = 0;

	for (uint64_t z = 0; z < g[2]; z += c[2])
		for (uint64_t y = 0; y < g[1]; y += c[1])
			for (uint64_t x = 0; x < g[0]; x += c[0]) {
				uint64_t n = (g[0] - x < c[0] ? g[0] - x : c[0]) *
					     (g[1] - y < c[1] ? g[1] - y : c[1]) *
					     (g[2] - z < c[2] ? g[2] - z : c[2]);

				total += round_up(n * word, RT_STREAM_ALIGN);
			}
	return total;
}

/* Chunk sizes of l's box (in grid coordinates; transposed for the column order). */
static void box_chunk(const struct idxgen_rt *rt, const struct rt_lseg *sg, uint32_t c[3])
{
	if (sg->gorder == IDXGEN_RT_GRID_COLS) {
		uint32_t t[3] = { sg->ext[1], sg->ext[0], sg->ext[2] }, u;

		grid_chunk(rt, t, c);
		u = c[0], c[0] = c[1], c[1] = u;
	} else {
		grid_chunk(rt, sg->ext, c);
	}
}

/* Submit cfg, wait, count it. */
static int run_cfg(struct idxgen_rt *rt, const struct idxgen_config *cfg, struct idxgen_rt_launch *l)
{
	struct idxgen_job_result res;
	int ret = idxgen_run(rt->ctx, cfg, &res);

	if (ret)
		return ret;
	l->info.device_jobs++;
	l->info.device_hits += res.hit;
	return 0;
}

static int config_for(struct idxgen_rt *rt, struct idxgen_config *cfg, uint32_t x, uint32_t y,
		      uint32_t z, struct idxgen_region *reg, uint64_t off)
{
	int ret = idxgen_config_init(cfg, rt->dev, x, y, z, 0);

	if (!ret)
		ret = idxgen_config_target(cfg, reg, off);
	return ret;
}

/* The library's schedule for the launch's (same numbering, params in order). */
static void lib_schedule(const struct idxgen_rt_schedule *rs, struct idxgen_schedule *s)
{
	memset(s, 0, sizeof(*s));
	s->order = rs->order;
	s->stride = rs->params[0];
	s->granularity = rs->params[1];
	s->tile_w = rs->params[2];
	s->tile_h = rs->params[3];
}

/*
 * Fill l's streams from reg: the block stream at offset 0, the grid's
 * chunks after it (at their own offsets when per_chunk, else all at the
 * same one).  Caller holds shared_lock for the shared region.
 */
#define FETCH_BLOCK	1u	/* the block's index stream */
#define FETCH_GRID	2u	/* the grid box's issue order */
static int fetch_streams(struct idxgen_rt *rt, struct idxgen_rt_launch *l, const struct rt_lseg *sg,
			 struct idxgen_region *reg, bool per_chunk, unsigned int what)
{
	struct idxgen_config cfg;
	const void *map;
	uint32_t c[3];
	uint64_t off, seq = sg->first;
	uint16_t *tmp = NULL;
	int ret;

	ret = idxgen_region_map(reg, &map);
	if (!ret)
		ret = config_for(rt, &cfg, l->block[0], l->block[1], l->block[2], reg, 0);
	if (!ret && sg->sched.order != IDXGEN_RT_SCHED_SEQUENTIAL) {
		/* the block's threads in the launch's schedule order */
		struct idxgen_schedule s;

		lib_schedule(&sg->sched, &s);
		ret = idxgen_config_schedule(&cfg, &s);
	}
	if (!ret && (what & FETCH_BLOCK))
		ret = run_cfg(rt, &cfg, l);
	if (!ret && (what & FETCH_BLOCK))
		ret = idxgen_config_unpack(&cfg, map, 0, l->nthreads, sg->tx, sg->ty, sg->tz);
	if (ret)
		return ret;
	l->warp = cfg.c;
	off = round_up(idxgen_config_bytes(&cfg), RT_STREAM_ALIGN);
	if (!(what & FETCH_GRID))
		return 0;

	box_chunk(rt, sg, c);
	tmp = malloc(3 * sizeof(uint16_t) * ((uint64_t)c[0] * c[1] * c[2]));
	if (!tmp)
		return -ENOMEM;
	for (uint32_t z = 0; z < sg->ext[2] && !ret; z += c[2])
		for (uint32_t y = 0; y < sg->ext[1] && !ret; y += c[1])
			for (uint32_t x = 0; x < sg->ext[0] && !ret; x += c[0]) {
				uint32_t nx = sg->ext[0] - x < c[0] ? sg->ext[0] - x : c[0];
				uint32_t ny = sg->ext[1] - y < c[1] ? sg->ext[1] - y : c[1];
				uint32_t nz = sg->ext[2] - z < c[2] ? sg->ext[2] - z : c[2];
				uint64_t n = (uint64_t)nx * ny * nz;
				bool cols = sg->gorder == IDXGEN_RT_GRID_COLS;
				/* columns: the device walks the transposed box, y fastest */
				uint16_t *ux = cols ? tmp + n : tmp, *uy = cols ? tmp : tmp + n;

				ret = config_for(rt, &cfg, cols ? ny : nx, cols ? nx : ny, nz, reg, off);
				if (!ret && sg->gorder == IDXGEN_RT_GRID_HILBERT) {
					struct idxgen_schedule hs = { .order = IDXGEN_SCHED_HILBERT };

					ret = idxgen_config_schedule(&cfg, &hs);
				}
				if (!ret)
					ret = run_cfg(rt, &cfg, l);
				if (!ret)
					ret = idxgen_config_unpack(&cfg, map, 0, n, tmp, tmp + n, tmp + 2 * n);
				if (ret)
					break;
				for (uint64_t i = 0; i < n; i++) {
					l->gx[seq + i] = sg->org[0] + x + ux[i];
					l->gy[seq + i] = sg->org[1] + y + uy[i];
					l->gz[seq + i] = sg->org[2] + z + tmp[2 * n + i];
				}
				seq += n;
				if (per_chunk)
					off += round_up(idxgen_config_bytes(&cfg), RT_STREAM_ALIGN);
			}
	free(tmp);
	return ret;
}

/*
 * The shared region is the device's, shared with other processes: hold the
 * arbiter's lock 0 while generating and unpacking, and if it was lost on
 * the way (a higher-priority requester preempted us, or the hold limit
 * ran out) the words may be someone else's: do it all again.  A lock still
 * held afterwards was held without a break (include/idxgen_lock.h).
 */
#define RT_SHARED_TRIES 64
static int fetch_shared(struct idxgen_rt *rt, struct idxgen_rt_launch *l, const struct rt_lseg *sg,
			unsigned int what)
{
	for (int tries = 0; tries < RT_SHARED_TRIES; tries++) {
		uint32_t held = 0;
		int ret = idxgen_lock(rt->ctx, IDXGEN_LOCK_SHARED, -1);

		if (ret)
			return ret;
		ret = fetch_streams(rt, l, sg, rt->shared_reg, false, what);
		if (idxgen_lock_held(rt->ctx, &held))
			held = 0;
		if (held & (1u << IDXGEN_LOCK_SHARED)) {
			idxgen_unlock(rt->ctx, IDXGEN_LOCK_SHARED);
			return ret;
		}
	}
	return -EAGAIN;
}

static bool same_sched(const struct idxgen_rt_schedule *a, const struct idxgen_rt_schedule *b)
{
	return !memcmp(a, b, sizeof(*a));
}

/* Keep sg's block stream for later samples (shared_lock held); out of memory: not kept. */
static void scache_add(struct idxgen_rt *rt, const struct idxgen_rt_launch *l, const struct rt_lseg *sg)
{
	struct rt_scache *e = calloc(1, sizeof(*e)), **pp;
	unsigned int n = 0;

	if (!e || !(e->txyz = malloc(3 * sizeof(uint16_t) * l->nthreads))) {
		free(e);
		return;
	}
	memcpy(e->block, l->block, sizeof(e->block));
	e->sched = sg->sched;
	memcpy(e->txyz, sg->tx, 3 * sizeof(uint16_t) * l->nthreads);
	e->next = rt->scache;
	rt->scache = e;
	for (pp = &rt->scache; *pp; pp = &(*pp)->next)
		if (++n > RT_SCACHE_MAX) {	/* drop the oldest */
			struct rt_scache *old = *pp;

			*pp = NULL;
			while (old) {
				struct rt_scache *nx = old->next;

				free(old->txyz);
				free(old);
				old = nx;
			}
			break;
		}
}

static void shape_free(struct rt_shape *s)
{
	idxgen_region_free(s->reg);
	free(s->txyz);
	free(s->gxyz);
	free(s);
}

/* A launch is done with its shape's cached streams (rt->lock held). */
static void shape_put(struct rt_shape *s)
{
	if (!--s->users && s->doomed)
		shape_free(s);
}

static bool shape_matches(const struct rt_shape *s, const struct idxgen_rt_launch *l, const struct rt_lseg *sg)
{
	return !memcmp(s->block, l->block, sizeof(s->block)) && !memcmp(s->grid, l->grid, sizeof(s->grid)) &&
	       !memcmp(s->org, sg->org, sizeof(s->org)) && !memcmp(s->ext, sg->ext, sizeof(s->ext)) &&
	       s->gorder == sg->gorder && same_sched(&s->sched, &sg->sched);
}

/*
 * What the stream (tx, ty, tz) of a block of shape b with warps of w
 * threads is (IDXGEN_RT_STREAM_*), checked on every position: the
 * kernels may then rely on it (idxgen_rt.h, "stream order").
 */
static uint32_t classify_stream(const uint16_t *tx, const uint16_t *ty, const uint16_t *tz, const uint32_t b[3],
				uint32_t w)
{
	const uint32_t n = b[0] * b[1] * b[2];
	bool linear = true, warps = w > 0;

	for (uint32_t t = 0; t < n && (linear || warps); t++) {
		uint32_t lin = ((uint32_t)tz[t] * b[1] + ty[t]) * b[0] + tx[t];

		linear &= lin == t;
		if (warps) {
			/* warp t / w is the run of linear numbers base .. base + its length - 1 */
			uint32_t lane = t % w, base = lin - lane;
			uint32_t len = n - (t - lane) < w ? n - (t - lane) : w;

			warps = lin >= lane && base % w == 0 && n - base >= len &&
				(n - base < w ? n - base : w) == len;
		}
	}
	return linear ? IDXGEN_RT_STREAM_LINEAR : warps ? IDXGEN_RT_STREAM_WARPS : IDXGEN_RT_STREAM_GENERAL;
}

/* The launch's own stream arrays (not a shape's cached ones). */
static int streams_alloc(struct idxgen_rt_launch *l)
{
	l->tx = malloc(3 * sizeof(uint16_t) * l->nthreads * l->nseg);
	l->gx = malloc(3 * sizeof(uint32_t) * l->nblocks);
	if (!l->tx || !l->gx)
		return -ENOMEM;
	l->ty = l->tx + l->nthreads;
	l->tz = l->ty + l->nthreads;
	l->gy = l->gx + l->nblocks;
	l->gz = l->gy + l->nblocks;
	for (unsigned int j = 0; j < l->nseg; j++) {
		struct rt_lseg *sg = &l->seg[j];

		sg->tx = l->tx + (size_t)3 * l->nthreads * j;
		sg->ty = sg->tx + l->nthreads;
		sg->tz = sg->ty + l->nthreads;
	}
	return 0;
}

/*
 * The cached launch state: a repeat launch of a hot kernel's shape whose
 * streams a launch confirmed (all history hits) borrows them, with no
 * device job and no copy.  False (nothing changed) when there is none.
 */
static bool streams_cached(struct idxgen_rt *rt, struct idxgen_rt_launch *l)
{
	struct rt_lseg *sg = &l->seg[0];
	struct rt_kentry *ke;
	struct rt_shape *s = NULL, **pp = NULL;

	if (l->sample || l->nseg != 1)
		return false;
	pthread_mutex_lock(&rt->lock);
	for (ke = rt->kernels; ke && ke->k != l->k; ke = ke->next)
		;
	if (ke)
		for (pp = &ke->shapes; *pp && !shape_matches(*pp, l, sg); pp = &(*pp)->next)
			;
	if (pp)
		s = *pp;
	if (!s || !s->txyz) {
		pthread_mutex_unlock(&rt->lock);
		return false;
	}
	ke->launches++;
	*pp = s->next;	/* to the front */
	s->next = ke->shapes;
	ke->shapes = s;
	s->users++;
	pthread_mutex_unlock(&rt->lock);
	l->shape = s;
	l->tx = s->txyz;
	l->ty = l->tx + l->nthreads;
	l->tz = l->ty + l->nthreads;
	l->gx = s->gxyz;
	l->gy = l->gx + l->nblocks;
	l->gz = l->gy + l->nblocks;
	sg->tx = l->tx, sg->ty = l->ty, sg->tz = l->tz;
	sg->stream_order = s->stream_order;
	l->warp = s->warp;
	l->info.dedicated = 1;
	return true;
}

/* Keep what l fetched into shape s as its cached launch state (a copy; out of memory: not kept). */
static void streams_keep(struct idxgen_rt *rt, struct idxgen_rt_launch *l, struct rt_shape *s)
{
	uint16_t *t = malloc(3 * sizeof(uint16_t) * l->nthreads);
	uint32_t *g = malloc(3 * sizeof(uint32_t) * l->nblocks);

	if (t && g) {
		memcpy(t, l->seg[0].tx, 3 * sizeof(uint16_t) * l->nthreads);
		memcpy(g, l->gx, 3 * sizeof(uint32_t) * l->nblocks);
		pthread_mutex_lock(&rt->lock);
		if (!s->txyz && !s->doomed) {	/* else a concurrent launch kept the same words */
			s->warp = l->warp;
			s->stream_order = l->seg[0].stream_order;
			s->gxyz = g;
			s->txyz = t;
			t = NULL;
			g = NULL;
		}
		pthread_mutex_unlock(&rt->lock);
	}
	free(t);
	free(g);
}

/* The streams of a launch: cached, dedicated region if the kernel is hot, else shared. */
static int get_streams(struct idxgen_rt *rt, struct idxgen_rt_launch *l)
{
	const struct rt_lseg *sg0 = &l->seg[0];
	struct idxgen_config bc;
	struct rt_kentry *ke;
	struct rt_shape *s = NULL, **pp;
	uint32_t c[3];
	uint64_t need, need_shared;
	bool hot;
	int ret;

	if (streams_cached(rt, l))
		return 0;
	ret = streams_alloc(l);
	if (!ret)
		ret = idxgen_config_init(&bc, rt->dev, l->block[0], l->block[1], l->block[2], 0);
	if (ret)
		return ret;
	box_chunk(rt, sg0, c);
	need = round_up((uint64_t)l->nthreads * bc.word_size, RT_STREAM_ALIGN);
	need_shared = need + round_up((uint64_t)c[0] * c[1] * c[2] * 4, RT_STREAM_ALIGN);
	need += grid_bytes(sg0->ext, c, 4);

	pthread_mutex_lock(&rt->lock);
	for (ke = rt->kernels; ke && ke->k != l->k; ke = ke->next)
		;
	if (!ke) {
		ke = calloc(1, sizeof(*ke));
		if (!ke) {
			pthread_mutex_unlock(&rt->lock);
			return -ENOMEM;
		}
		ke->k = l->k;
		ke->next = rt->kernels;
		rt->kernels = ke;
	}
	if (!l->sample)
		ke->launches++;
	hot = !l->sample && l->nseg == 1 && ((l->k->flags & IDXGEN_RT_KERNEL_HOT) || ke->launches >= RT_HOT_AFTER);
	if (hot) {
		for (pp = &ke->shapes; *pp; pp = &(*pp)->next) {
			s = *pp;
			if (shape_matches(s, l, sg0)) {
				*pp = s->next;	/* to the front */
				break;
			}
			s = NULL;
		}
		if (!s && need <= rt->dinfo.imem_size / 4) {
			s = calloc(1, sizeof(*s));
			if (s && idxgen_region_alloc(rt->dev, need > rt->region_bytes ? need : rt->region_bytes,
						     &s->reg)) {
				free(s);	/* index memory full: shared region */
				s = NULL;
			}
			if (s) {
				unsigned int n = 0;

				memcpy(s->block, l->block, sizeof(s->block));
				memcpy(s->grid, l->grid, sizeof(s->grid));
				memcpy(s->org, sg0->org, sizeof(s->org));
				memcpy(s->ext, sg0->ext, sizeof(s->ext));
				s->gorder = sg0->gorder;
				s->sched = sg0->sched;
				/* keep at most RT_MAX_SHAPES: drop the least recent */
				for (pp = &ke->shapes; *pp; pp = &(*pp)->next)
					if (++n == RT_MAX_SHAPES) {
						struct rt_shape *old = *pp;

						*pp = old->next;
						if (old->users)
							old->doomed = true;
						else
							shape_free(old);
						break;
					}
			}
		}
		if (s) {
			s->next = ke->shapes;
			ke->shapes = s;
			s->users++;
		}
	}
	pthread_mutex_unlock(&rt->lock);

	if (s) {
		/* concurrent launches of the same shape write identical words */
		ret = fetch_streams(rt, l, sg0, s->reg, true, FETCH_BLOCK | FETCH_GRID);
		l->info.dedicated = 1;
		if (!ret) {
			l->seg[0].stream_order = classify_stream(sg0->tx, sg0->ty, sg0->tz, l->block, l->warp);
			/* every word was in the history: the region holds them for good */
			if (l->info.device_jobs && l->info.device_hits == l->info.device_jobs)
				streams_keep(rt, l, s);
		}
		pthread_mutex_lock(&rt->lock);
		shape_put(s);
		pthread_mutex_unlock(&rt->lock);
	} else {
		pthread_mutex_lock(&rt->shared_lock);
		ret = 0;
		if (!rt->shared_reg)
			ret = idxgen_region_shared(rt->dev, &rt->shared_reg);
		for (unsigned int i = 0; i < l->nseg && !ret; i++) {
			const struct rt_lseg *sg = &l->seg[i];
			unsigned int what = FETCH_BLOCK | FETCH_GRID;

			/*
			 * Segments repeat thread orders and box shapes (a sample:
			 * one box shape, each thread order under each grid order):
			 * what the device made for an earlier segment is copied.
			 */
			for (unsigned int j = 0; j < i && what; j++) {
				const struct rt_lseg *e = &l->seg[j];
				uint64_t nb = (uint64_t)sg->ext[0] * sg->ext[1] * sg->ext[2];

				if ((what & FETCH_BLOCK) && same_sched(&e->sched, &sg->sched)) {
					memcpy(sg->tx, e->tx, 3 * sizeof(uint16_t) * l->nthreads);
					what &= ~FETCH_BLOCK;
				}
				if ((what & FETCH_GRID) && e->gorder == sg->gorder &&
				    !memcmp(e->ext, sg->ext, sizeof(e->ext))) {
					for (uint64_t q = 0; q < nb; q++) {
						l->gx[sg->first + q] = l->gx[e->first + q] - e->org[0] + sg->org[0];
						l->gy[sg->first + q] = l->gy[e->first + q] - e->org[1] + sg->org[1];
						l->gz[sg->first + q] = l->gz[e->first + q] - e->org[2] + sg->org[2];
					}
					what &= ~FETCH_GRID;
				}
			}
			if ((what & FETCH_BLOCK) && l->sample) {
				struct rt_scache *e;

				for (e = rt->scache; e; e = e->next)
					if (!memcmp(e->block, l->block, sizeof(e->block)) &&
					    same_sched(&e->sched, &sg->sched)) {
						memcpy(sg->tx, e->txyz, 3 * sizeof(uint16_t) * l->nthreads);
						what &= ~FETCH_BLOCK;
						break;
					}
			}
			if (!what)
				continue;

			/* the grid stream of this segment's box (the block stream is the same size) */
			box_chunk(rt, sg, c);
			need_shared = round_up((uint64_t)l->nthreads * bc.word_size, RT_STREAM_ALIGN) +
				      round_up((uint64_t)c[0] * c[1] * c[2] * 4, RT_STREAM_ALIGN);
			if (need_shared <= idxgen_region_size(rt->shared_reg)) {
				ret = fetch_shared(rt, l, sg, what);
			} else {
				/* too big for the shared region: a region for this launch only */
				struct idxgen_region *tmp;

				ret = idxgen_region_alloc(rt->dev, need_shared, &tmp);
				if (!ret) {
					ret = fetch_streams(rt, l, sg, tmp, false, what);
					idxgen_region_free(tmp);
				}
			}
			if (!ret && (what & FETCH_BLOCK) && l->sample)
				scache_add(rt, l, sg);
		}
		pthread_mutex_unlock(&rt->shared_lock);
		for (unsigned int i = 0; i < l->nseg && !ret; i++) {
			struct rt_lseg *sg = &l->seg[i];

			sg->stream_order = classify_stream(sg->tx, sg->ty, sg->tz, l->block, l->warp);
		}
	}
	pthread_mutex_lock(&rt->lock);
	ke->jobs += l->info.device_jobs;
	ke->hits += l->info.device_hits;
	pthread_mutex_unlock(&rt->lock);
	return ret;
}

/* ------------------------------------------------------------------ */
/* Launch                                                              */
/* ------------------------------------------------------------------ */

/* Give back l's borrowed streams (rt->lock held). */
static void launch_release(struct idxgen_rt_launch *l)
{
	if (l->shape) {
		shape_put(l->shape);
		l->shape = NULL;
		l->tx = NULL;
		l->gx = NULL;
	}
}

/* Free what l owns, and l if the heap holds it (after launch_release). */
static void launch_free(struct idxgen_rt_launch *l)
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

/* Check and prepare a launch: streams fetched, not queued. */
static int prepare(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
		   struct idxgen_rt_dim3 block, void *const *args, const struct idxgen_rt_launch_opts *opts,
		   const struct rt_part *parts, unsigned int nparts, bool sample, bool copy_args,
		   struct idxgen_rt_launch *store, struct idxgen_rt_launch **lp)
{
	struct rt_part whole = { .ext = { grid.x, grid.y, grid.z } };
	struct idxgen_rt_launch_opts def = { 0 };
	struct idxgen_rt_launch *l;
	uint64_t nthreads, nblocks;
	size_t priv, shared_total, dyn_off;
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
	if (!nparts)
		return -EINVAL;
	for (unsigned int i = 0; i < nparts; i++)
		if (parts[i].sched.order != IDXGEN_RT_SCHED_SEQUENTIAL) {
			struct idxgen_schedule s;
			struct idxgen_config c;

			lib_schedule(&parts[i].sched, &s);
			idxgen_config_init(&c, NULL, 1, 1, 1, 1);
			if (idxgen_config_schedule(&c, &s))
				return -EINVAL;
		}
	if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
		return -EINVAL;
	if (grid.x > RT_GRID_MAX_X || grid.y > RT_GRID_MAX_YZ || grid.z > RT_GRID_MAX_YZ)
		return -E2BIG;
	if (block.x > rt->dinfo.max_dim[0] || block.y > rt->dinfo.max_dim[1] ||
	    block.z > rt->dinfo.max_dim[2])
		return -E2BIG;
	nthreads = (uint64_t)block.x * block.y * block.z;
	if (nthreads > rt->dinfo.max_threads)
		return -E2BIG;
	nblocks = 0;
	for (unsigned int j = 0; j < nparts; j++) {
		const struct rt_part *part = &parts[j];
		const uint32_t g[3] = { grid.x, grid.y, grid.z };

		if (part->grid_order >= IDXGEN_RT_GRID_NUM)
			return -EINVAL;
		for (int i = 0; i < 3; i++)
			if (!part->ext[i] || part->org[i] >= g[i] || part->ext[i] > g[i] - part->org[i])
				return -EINVAL;
		nblocks += (uint64_t)part->ext[0] * part->ext[1] * part->ext[2];
	}
	if (k->shared_bytes > rt->max_shared || opts->dyn_shared > rt->max_shared)
		return -E2BIG;
	dyn_off = round_up(k->shared_bytes, IDXGEN_RT_ALIGN);
	shared_total = dyn_off + opts->dyn_shared;
	if (shared_total > rt->max_shared)
		return -E2BIG;
	priv = k->priv_bytes_fn ? k->priv_bytes_fn((const uint32_t[3]){ block.x, block.y, block.z }) :
				  k->priv_bytes;
	if (priv && (priv > RT_MAX_PRIV_TOTAL / nthreads))
		return -E2BIG;

	if (store) {
		l = store;
		memset(l, 0, sizeof(*l));
	} else {
		l = aligned_alloc(_Alignof(struct idxgen_rt_launch),
				  round_up(sizeof(*l), _Alignof(struct idxgen_rt_launch)));
		if (!l)
			return -ENOMEM;
		memset(l, 0, sizeof(*l));
		l->on_heap = true;
	}
	l->rt = rt;
	l->k = k;
	l->grid[0] = grid.x, l->grid[1] = grid.y, l->grid[2] = grid.z;
	l->block[0] = block.x, l->block[1] = block.y, l->block[2] = block.z;
	l->sample = sample;
	l->nseg = nparts;
	l->nthreads = (uint32_t)nthreads;
	l->nblocks = nblocks;
	l->shared_total = shared_total;
	l->dyn_off = dyn_off;
	l->priv_bytes = priv;
	l->opts = *opts;
	l->args = args;
	l->first_ns = UINT64_MAX;
	l->info.backend = rt->dinfo.backend;
	/* a claim takes at most 1/8 of a participant's share; one when profiling (per-block records) */
	l->max_chunk = opts->prof_block ? 1 : nblocks / (8 * (uint64_t)rt->nthreads);
	if (!l->max_chunk)
		l->max_chunk = 1;
	l->seg = nparts == 1 ? &l->seg1 : calloc(nparts, sizeof(*l->seg));
	if (!l->seg) {
		ret = -ENOMEM;
		goto fail;
	}
	for (unsigned int j = 0; j < nparts; j++) {
		struct rt_lseg *sg = &l->seg[j];
		uint64_t first = j ? sg[-1].first + (uint64_t)sg[-1].ext[0] * sg[-1].ext[1] * sg[-1].ext[2] : 0;

		sg->sched = parts[j].sched;
		memcpy(sg->org, parts[j].org, sizeof(sg->org));
		memcpy(sg->ext, parts[j].ext, sizeof(sg->ext));
		sg->gorder = parts[j].grid_order;
		sg->first = first;
	}
	if (copy_args && k->nargs && k->arg_sizes) {
		size_t total = 0, off = 0;

		for (unsigned int i = 0; i < k->nargs; i++)
			total += round_up(k->arg_sizes[i], 16);
		l->arg_store = malloc(total ? total : 1);
		l->arg_ptrs = calloc(k->nargs, sizeof(void *));
		if (!l->arg_store || !l->arg_ptrs) {
			ret = -ENOMEM;
			goto fail;
		}
		for (unsigned int i = 0; i < k->nargs; i++) {
			l->arg_ptrs[i] = (char *)l->arg_store + off;
			memcpy(l->arg_ptrs[i], args[i], k->arg_sizes[i]);
			off += round_up(k->arg_sizes[i], 16);
		}
		l->args = l->arg_ptrs;
	}
	ret = get_streams(rt, l);
	if (ret)
		goto fail;
	l->info.index_ns = now_ns() - t0;
	*lp = l;
	return 0;
fail:
	if (l->shape) {
		pthread_mutex_lock(&rt->lock);
		launch_release(l);
		pthread_mutex_unlock(&rt->lock);
	}
	launch_free(l);
	return ret;
}

static void enqueue(struct idxgen_rt *rt, struct idxgen_rt_launch *l)
{
	l->queued = true;
	l->qnext = NULL;
	if (rt->qtail)
		rt->qtail->qnext = l;
	else
		rt->qhead = l;
	rt->qtail = l;
	if (rt->nworkers && l->nblocks > 1)
		pthread_cond_broadcast(&rt->work);
}

static int finish(struct idxgen_rt_launch *l, struct idxgen_rt_launch_info *info)
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
	ret = prepare(rt, k, grid, block, args, opts, parts, nparts, sample, false, &store, &l);
	if (ret)
		return ret;
	pthread_mutex_lock(&rt->lock);
	enqueue(rt, l);
	help_and_wait(rt, l);
	dequeue(rt, l);
	launch_release(l);
	pthread_mutex_unlock(&rt->lock);
	ret = finish(l, info);
	launch_free(l);
	return ret;
}

bool rt_has_sched_orders(const struct idxgen_rt *rt)
{
	return rt->dinfo.features & IDXGEN_FEAT_SCHED_ORDERS;
}

int idxgen_rt_launch_ex(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
			struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block, void *const *args,
			const struct idxgen_rt_launch_opts *opts, struct idxgen_rt_launch_info *info)
{
	if (opts && opts->schedule.order == IDXGEN_RT_SCHED_AUTO) {
		/* schedule = auto: the controller (autotune.c), its defaults */
		struct idxgen_rt_tune_opts t = { .sample_permille = opts->schedule.params[0] };

		if (info)
			memset(info, 0, sizeof(*info));
		if (opts->schedule.params[0] > 1000 || opts->schedule.params[1] ||
		    opts->schedule.params[2] || opts->schedule.params[3])
			return -EINVAL;
		return idxgen_rt_launch_tuned(rt, k, grid, block, args, opts, &t, NULL, info);
	}
	return rt_launch_parts(rt, k, grid, block, args, opts, NULL, 0, false, info);
}

int idxgen_rt_launch(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
		     struct idxgen_rt_dim3 block, size_t dyn_shared, void *const *args)
{
	struct idxgen_rt_launch_opts o = { .dyn_shared = dyn_shared };

	return idxgen_rt_launch_ex(rt, k, grid, block, args, &o, NULL);
}

int idxgen_rt_launch_async(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
			   struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block, void *const *args,
			   const struct idxgen_rt_launch_opts *opts, struct idxgen_rt_launch **lp)
{
	int ret;

	if (!lp)
		return -EINVAL;
	ret = prepare(rt, k, grid, block, args, opts, NULL, 0, false, true, NULL, lp);
	if (ret)
		return ret;
	(*lp)->is_async = true;
	pthread_mutex_lock(&rt->lock);
	(*lp)->anext = rt->async_list;
	if (rt->async_list)
		rt->async_list->aprev = *lp;
	rt->async_list = *lp;
	enqueue(rt, *lp);
	if (rt->nworkers)
		pthread_cond_broadcast(&rt->work);
	pthread_mutex_unlock(&rt->lock);
	return 0;
}

int idxgen_rt_wait(struct idxgen_rt_launch *l, struct idxgen_rt_launch_info *info)
{
	struct idxgen_rt *rt;
	int ret;

	if (!l)
		return -EINVAL;
	rt = l->rt;
	pthread_mutex_lock(&rt->lock);
	help_and_wait(rt, l);
	dequeue(rt, l);
	launch_release(l);
	if (l->aprev)
		l->aprev->anext = l->anext;
	else
		rt->async_list = l->anext;
	if (l->anext)
		l->anext->aprev = l->aprev;
	pthread_mutex_unlock(&rt->lock);
	ret = finish(l, info);
	launch_free(l);
	return ret;
}

int idxgen_rt_kernel_stats(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
			   struct idxgen_rt_kernel_stats *st)
{
	struct rt_kentry *ke;

	if (!rt || !k || !st)
		return -EINVAL;
	pthread_mutex_lock(&rt->lock);
	for (ke = rt->kernels; ke && ke->k != k; ke = ke->next)
		;
	if (ke) {
		st->launches = ke->launches;
		st->device_jobs = ke->jobs;
		st->device_hits = ke->hits;
		st->dedicated = ke->shapes != NULL;
	}
	pthread_mutex_unlock(&rt->lock);
	return ke ? 0 : -ENOENT;
}
