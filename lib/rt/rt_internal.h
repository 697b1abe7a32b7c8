/* SPDX-License-Identifier: MIT */
/*
 * rt_internal.h - the SPMD CPU runtime's insides, shared by its files
 * (hidden symbols, not part of the API), split by concern after POCL's
 * lib/CL/devices/pthread/:
 *   pool.c      the runtime object, its worker threads, the run queue and
 *               the claiming of blocks (chunked, adapted to block cost)
 *   streams.c   index streams from the device: dedicated regions per hot
 *               shape, the shared region, the sample cache, the cached
 *               launch state and the stream-order classification; one
 *               entry point, rt_streams_get()
 *   launch.c    checking and preparing a launch, the launch API
 *   builtins.c  what emitted code calls: trap, printf
 *   prof.c      per-worker hardware counters (perf_event_open)
 *   fiber.c     threads as fibers (idxgen_rt_fiber.h); fiber_switch.c its context switch
 *   coop.c      resident launches (cooperative, or a kernel that waits for other blocks):
 *               every block on a thread of its own; the grid barrier
 *   autotune.c  the schedule controller, on rt_launch_parts()
 *   fault.c     a fault in kernel code ends the launch (SIGSEGV/SIGBUS) or
 *               gives the GPU's value (SIGFPE: fault_div.c), not the process's end
 */
#ifndef IDXGEN_RT_INTERNAL_H
#define IDXGEN_RT_INTERNAL_H

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "devices_parse.h"
#include "idxgen.h"
#include "idxgen_rt.h"

#define RT_MAX_SHARED_DEFAULT	(1u << 20)
#define RT_REGION_MIN		(64u << 10)
#define RT_MAX_PRIV_TOTAL	(1ull << 30)	/* private bytes per block */
#define RT_MAX_SHAPES		4		/* dedicated regions kept per kernel */
#define RT_GRID_MAX_X		0x7fffffffu
#define RT_GRID_MAX_YZ		65535u
#define RT_HOT_AFTER		2		/* launches before a kernel gets a region */
#define RT_STREAM_ALIGN		64u
/* Work one claim of blocks should buy (pool.c); also the least worth waking a worker for. */
#define RT_CLAIM_NS		20000u

static inline uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t round_up(uint64_t v, uint64_t a)
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
	uint64_t block_ns;		/* ns per block of its last cached launch (0: not known), under rt->lock */
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
	struct rt_fibers *fibers;	/* fiber.c: stacks and thread records, NULL until needed */
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
	uint64_t spread_jobs;		/* of info.device_jobs, made on another device (devices.c) */
	/* execution */
	uint64_t max_chunk;		/* most blocks one claim takes */
	uint64_t chunk0;		/* blocks of a participant's first claim */
	uint64_t est_block_ns;		/* the shape's last ns per block (cached launch state), 0: unknown */
	bool solo;			/* so little work (as last measured) that waking workers costs more */
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
	struct rt_coop *coop;		/* coop.c: the grid barrier of a cooperative launch, else NULL */
};

#define RT_MAX_DEVICES		8		/* IDXGEN_DEVICES names at most these */

/*
 * A device after the runtime's (devices.c): its context, and a region
 * prepared when the runtime opened it, kept for the process, into which
 * a launch's chunks on this device go (no region, no user queue made per
 * launch: the context's queue stays bound to this region).  lock: one
 * launch at a time uses the region; a launch that finds it taken leaves
 * its chunks to the runtime's device.
 */
struct rt_xdevice {
	struct idxgen_device *dev;
	struct idxgen_context *ctx;
	struct idxgen_region *reg;
	pthread_mutex_t lock;
};

struct idxgen_rt {
	struct idxgen_device *dev;
	bool own_dev;
	/* devices.c: the other devices (every one, or IDXGEN_DEVICES's), grid streams only */
	unsigned int nxdev;
	/*
	 * IDXGEN_DEVICES named the devices: every launch of two blocks or more
	 * is split over them.  Unset (the default): only a grid that takes
	 * several device jobs anyway is (more than 65,535 blocks in a row,
	 * or more than a job's max_threads: streams.c grid_chunk); a smaller
	 * one goes to the devices in turn (next_dev).
	 */
	bool split_small;
	struct rt_xdevice xd[RT_MAX_DEVICES];
	/* the turn of grids of fewer chunks than devices (devices.c), counted atomically */
	atomic_uint next_dev;
	/* idxgen_rt_set_fiber_stack: the least fiber stack in bytes, 0: none (fiber.c) */
	atomic_size_t fiber_stack;
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

/* A part of a launch: the blocks org .. org + ext - 1 of the grid, in these orders. */
struct rt_part {
	uint32_t org[3], ext[3];
	uint32_t grid_order;		/* IDXGEN_RT_GRID_* */
	struct idxgen_rt_schedule sched;	/* thread order (a device order, not AUTO) */
};

/*
 * Run the parts of kernel<<<grid, block>>> (blockIdx and gridDim as in the
 * whole launch) as ONE synchronous launch: the parts' blocks are issued
 * one part after the other (workers claim them in that order, so two
 * parts may overlap at their boundary).  parts NULL: the whole grid in row
 * order under opts->schedule.  sample: a profiling sample, not counted as
 * a launch of the kernel and never given a dedicated region (dozens of
 * one-off shapes would evict the kernel's real ones).  The profiling
 * records' seq is the issue position across all parts.  Errors as
 * idxgen_rt_launch_ex, -EINVAL for a box outside the grid or an unknown
 * grid order.
 */
int rt_launch_parts(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
		    struct idxgen_rt_dim3 block, void *const *args,
		    const struct idxgen_rt_launch_opts *opts, const struct rt_part *parts,
		    unsigned int nparts, bool sample, struct idxgen_rt_launch_info *info);

/* devices.c: a launch's grid chunks spread over the devices (IDXGEN_DEVICES: devices_parse.h) */
struct rt_chunk {
	uint32_t org[3], n[3];		/* its blocks, relative to the segment's box */
	uint64_t seq;			/* issue position of its first block */
	uint64_t off, bytes;		/* on the runtime's device: where, how much */
	int dev;			/* -1: the runtime's device, else rt->xd[dev] */
	idxgen_job_t job;		/* on xd[dev] */
	struct idxgen_config cfg;	/* on xd[dev] */
};
struct rt_spread;
void rt_devices_open(struct idxgen_rt *rt, const unsigned int *idx, unsigned int n);
void rt_devices_close(struct idxgen_rt *rt);
int rt_chunk_config(struct idxgen_device *d, const struct rt_lseg *sg, const struct rt_chunk *ch,
		    struct idxgen_region *reg, uint64_t off, struct idxgen_config *cfg);
/*
 * Submits the chunks of the other devices (chunk i to device i mod
 * ndevices; in_turn: starting at the next device of the runtime's turn, so
 * that grids of fewer chunks than devices go to each device in turn);
 * NULL: every chunk on the runtime's device (dev -1).
 */
struct rt_spread *rt_spread_submit(struct idxgen_rt *rt, const struct rt_lseg *sg,
				   struct rt_chunk *ch, unsigned int nch, bool in_turn);
int rt_spread_collect(struct rt_spread *sp, const struct rt_chunk *ch, uint16_t *tmp);
void rt_spread_free(struct rt_spread *sp);

/* Whether rt's device has schedule orders (IDXGEN_FEAT_SCHED_ORDERS). */
bool rt_has_sched_orders(const struct idxgen_rt *rt);

/* ---- pool.c ---- */
/* Grow an aligned buffer; contents are not kept. */
int rt_grow(void **p, size_t *cap, size_t need);
/* A new worker record (scratch), linked into rt->all_workers (rt->lock held). */
struct idxgen_rt_worker *rt_worker_new(struct idxgen_rt *rt);
/* Run block seq of l on w (its scratch already grown); false if it trapped. */
bool rt_run_block(struct idxgen_rt_launch *l, struct idxgen_rt_worker *w, uint64_t seq);
/* Queue l (rt->lock held); wakes the workers when it has more than one block. */
void rt_enqueue(struct idxgen_rt *rt, struct idxgen_rt_launch *l);
/* Unlink l from the run queue (rt->lock held). */
void rt_dequeue(struct idxgen_rt *rt, struct idxgen_rt_launch *l);
/* The calling thread runs blocks of l, then waits for the rest (rt->lock held). */
void rt_help_and_wait(struct idxgen_rt *rt, struct idxgen_rt_launch *l);

/* ---- streams.c ---- */
/*
 * The streams of l (its segments' block streams, the grid's issue order,
 * warp and stream order): borrowed from a shape's cached launch state, or
 * fetched from the device (dedicated region of a hot shape, else the
 * shared region).  The one step between a prepared launch and its blocks.
 */
int rt_streams_get(struct idxgen_rt *rt, struct idxgen_rt_launch *l);
/* A launch is done with its shape's cached streams (rt->lock held). */
void rt_shape_put(struct rt_shape *s);
void rt_shape_free(struct rt_shape *s);
/* The library's schedule for a runtime one. */
void rt_lib_schedule(const struct idxgen_rt_schedule *rs, struct idxgen_schedule *s);

/* ---- launch.c ---- */
/*
 * Check and prepare a launch (its streams fetched), in *store or on the
 * heap; *lp the launch.  Errors as idxgen_rt_launch_ex.
 */
int rt_launch_prepare(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
		      struct idxgen_rt_dim3 block, void *const *args, const struct idxgen_rt_launch_opts *opts,
		      const struct rt_part *parts, unsigned int nparts, bool sample, bool copy_args,
		      struct idxgen_rt_launch *store, struct idxgen_rt_launch **lp);
/* The launch's result and report (after it ran). */
int rt_launch_finish(struct idxgen_rt_launch *l, struct idxgen_rt_launch_info *info);
/* Give back l's borrowed streams (rt->lock held). */
void rt_launch_release(struct idxgen_rt_launch *l);
/* Free what l owns, and l if the heap holds it (after rt_launch_release). */
void rt_launch_free(struct idxgen_rt_launch *l);

/* ---- builtins.c ---- */
/* Write the worker's printf buffer of the block it ran, in one piece. */
void rt_flush_printf(struct idxgen_rt *rt, struct idxgen_rt_worker *w);

/* ---- prof.c ---- */
/* Open the asked counters for the calling thread; returns those opened. */
uint32_t rt_prof_open(uint32_t want, int fd[IDXGEN_RT_PROF_NUM_EVENTS]);
void rt_prof_read(const int fd[IDXGEN_RT_PROF_NUM_EVENTS], uint64_t v[IDXGEN_RT_PROF_NUM_EVENTS]);
void rt_prof_close(int fd[IDXGEN_RT_PROF_NUM_EVENTS]);


/* ---- coop.c ---- */
struct rt_coop;
/* Wait at the grid barrier of l's cooperative launch until every block not finished arrived. */
void rt_coop_wait(struct rt_coop *g);
/* Every block resident on a thread of its own; coop: with the grid barrier (idxgen_rt_launch_coop). */
int rt_launch_resident(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
		       struct idxgen_rt_dim3 block, void *const *args, const struct idxgen_rt_launch_opts *opts,
		       struct idxgen_rt_launch_info *info, bool coop);
/* Can every block of the grid be resident (idxgen_rt_resident_blocks per participant)? */
bool rt_grid_resident(const struct idxgen_rt *rt, struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block);

/* fiber.c */
struct rt_fibers;
void rt_fibers_free(struct rt_fibers *p);
/* In a fiber of w's block: switch to the block's own stack (which then traps); else return. */
void rt_fiber_trap(struct idxgen_rt_worker *w);
/* SIGSEGV at addr in a guard page of the running fibers: their block traps; else returns. */
void rt_fiber_overflow(uintptr_t addr);

/* fault.c */
/* The fault handler installed; this OS thread's alternate signal stack (before it runs blocks). */
void rt_fault_guard_thread(void);
/* Kernel code of blk runs on this thread from now (NULL: none); returns the mark it replaces. */
struct idxgen_rt_block *rt_fault_enter(struct idxgen_rt_block *blk);
/* Put back the mark rt_fault_enter returned. */
void rt_fault_leave(struct idxgen_rt_block *was);
/* fault_div.c: a SIGFPE of an integer division given the GPU's result (true) or not ours (false).
 */
bool rt_fault_divide(const siginfo_t *si, void *uc);
/* builtins.c: leave the block after its trap message was recorded. */
__attribute__((noreturn)) void rt_trap_resume(struct idxgen_rt_block *blk);
/*
 * clock.c, idxgen_rt_clock64: the reading that follows `last` when the
 * counter reads `raw` (a lower or equal raw value: a CPU whose counter lags
 * the one read before): strictly above last.  Here so the tests reach it.
 */
static inline long long rt_clock_after(long long last, long long raw)
{
	return raw > last ? raw : last + 1;
}
/* clock.c: the counter's kHz from CPUID leaf 0x15 (ratio eax:ebx of an ecx Hz crystal); 0: not stated. */
static inline int rt_clock_khz_cpuid15(unsigned int den, unsigned int num, unsigned int crystal_hz)
{
	return den && num && crystal_hz ? (int)((uint64_t)crystal_hz * num / den / 1000) : 0;
}
/* clock.c: the kHz of a counter that advanced `ticks` in `ns` nanoseconds (rounded). */
static inline int rt_clock_khz_measured(long long ticks, long long ns)
{
	return ns > 0 && ticks > 0 ? (int)(((__int128)ticks * 1000000 + ns / 2) / ns) : 0;
}

#endif
