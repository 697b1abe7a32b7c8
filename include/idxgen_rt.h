/* SPDX-License-Identifier: MIT */
/*
 * idxgen_rt.h - the SPMD CPU runtime of libidxgen: CUDA-style kernels
 * (grids of thread blocks, __syncthreads() barriers, block-shared memory)
 * run on the CPU, each thread's index read from the packed words the idxgen
 * device generated for the block shape, in the launch's schedule order.
 *
 * Part 1 of this header is the KERNEL ABI: the form of the C code a
 * translator (lib/cc) emits for a kernel and the runtime calls.  Part 2 is
 * the host API (launch, wait, pool, profiling).  Part 3 are the built-ins
 * emitted code calls (atomics, barrier reductions, printf, trap).
 *
 * ===================================================================
 * 1. KERNEL ABI  (IDXGEN_RT_ABI_VERSION 2)
 * ===================================================================
 *
 * A kernel is ONE C function, its "block function", of type
 *
 *	void k(struct idxgen_rt_block *blk);
 *
 * that the runtime calls once per thread block, on one OS thread (a
 * worker), with *blk describing the block.  All threads of the block are
 * executed by this one call: the body is a sequence of barrier-free
 * REGIONS; each region is one thread loop
 *
 *	IDXGEN_RT_FOR_THREADS(blk, t) { ... }
 *
 * running the region's code for every thread of the block, one after the
 * other.  A __syncthreads() is the boundary between two regions: region
 * k+1 starts after region k finished for all threads, so no per-thread
 * synchronisation exists at run time.  A barrier inside a loop or branch
 * with block-uniform control flow (CUDA requires it) becomes uniform
 * control flow around thread loops:
 *
 *	for (uint32_t s = bdx / 2; s > 0; s >>= 1) {	// uniform
 *		IDXGEN_RT_FOR_THREADS(blk, t) { ... }	// region before the barrier
 *	}
 *
 * Uniform code (not depending on the thread index: argument loads, block
 * index arithmetic, loop bounds) runs once per block outside the loops.
 * Between two barriers the threads of a block are independent (CUDA code
 * that is race-free without a barrier), so a translator may also split a
 * region into several thread loops or move a uniform loop outside the
 * thread loop (tests/rt/kernels.h: matmul_il_block), or specialise a
 * warp (blk->warp_size consecutive stream positions) whose indices form an
 * x-run into a plain, vectorisable lane loop (stencil_wr_block); atomics
 * keep their meaning either way.  Warp-synchronous code (relying on lock-step
 * execution without a barrier) is not supported.
 *
 * THREAD NUMBER t.  Inside a loop, t in [0, blk->nthreads) is the
 * thread's position in the block's INDEX STREAM: the order in which the
 * device generated the block's threads (warp by warp, blk->warp_size
 * threads per warp; which order depends on the launch's schedule).  t is
 * NOT threadIdx's linear number: the thread's index is
 *
 *	threadIdx.x = IDXGEN_RT_TID_X(blk, t), .y = IDXGEN_RT_TID_Y(blk, t),
 *	threadIdx.z = IDXGEN_RT_TID_Z(blk, t)
 *
 * read from the stream (pre-unpacked 16-bit arrays, shared read-only by
 * all blocks of a launch: every block of a launch has the same shape).
 * Every thread of the block appears exactly once; the same t denotes the
 * same thread in every region of one block call.  Emitted code must not
 * assume any particular order beyond that.
 *
 * STREAM ORDER (ABI 2).  The runtime knows which order it asked the device
 * for and says so in blk->stream_order, the same for every block of a
 * launch: IDXGEN_RT_STREAM_LINEAR when thread t is the thread with linear
 * number t (t = (z * block_dim[1] + y) * block_dim[0] + x), so a thread
 * loop may compute the indices instead of loading them;
 * IDXGEN_RT_STREAM_WARPS when the stream is a permutation of whole warps,
 * each warp (warp_size consecutive positions, the last one possibly
 * shorter) a run of consecutive linear numbers starting at a multiple of
 * warp_size; IDXGEN_RT_STREAM_GENERAL for any other order (read the
 * stream).  The runtime classifies the stream it unpacked (once per launch,
 * not per block), so the value is a fact about tid_x/y/z, never a guess.
 * Kernels built for ABI 1 do not see the field and keep working.
 *
 * VALUES LIVE ACROSS A BARRIER (defined in one region, used in a later
 * one) live in per-thread arrays in the block's PRIVATE area: blk->priv,
 * blk->nthreads * (kernel's priv_bytes) bytes, 64-byte aligned, laid out
 * structure-of-arrays.  The translator gives each such variable v a byte
 * offset off_v in [0, priv_bytes) with off_v a multiple of alignof(v)
 * (sort the variables by decreasing alignment and add up their sizes) and
 * addresses its array with
 *
 *	T *v = IDXGEN_RT_PRIV(blk, T, off_v);	// v[t] is thread t's copy
 *
 * The private area is per worker and reused: its contents are undefined
 * when the block function is entered.  Variables that do not cross a
 * barrier stay ordinary locals of the loop body.
 *
 * SHARED MEMORY (__shared__): blk->shared, 64-byte aligned, the kernel's
 * static shared_bytes (the translator lays out the static __shared__
 * variables at offsets it chooses, IDXGEN_RT_SHARED(blk, T, off)),
 * followed by the launch's dynamic bytes at blk->dyn_shared (also 64-byte
 * aligned; `extern __shared__ T a[]` is (T *)blk->dyn_shared).  Per
 * worker, reused from block to block, NOT zeroed (as on a GPU).
 *
 * BUILT-IN VARIABLES: blockIdx = blk->block_idx[0..2], blockDim =
 * blk->block_dim[0..2], gridDim = blk->grid_dim[0..2], warpSize =
 * blk->warp_size (the device's lanes; the stream's warp width).
 *
 * ARGUMENTS: blk->args[i] points to the value of argument i (as in
 * cudaLaunchKernel): `float *a = *(float *const *)blk->args[0];`.  Load
 * them once per block, in the uniform prologue.
 *
 * __syncthreads_count/and/or(p): a barrier whose value is a reduction over
 * the block; emit a uniform accumulator, IDXGEN_RT_SYNC_COUNT_INIT
 * before the region that ends at the barrier, IDXGEN_RT_SYNC_COUNT(acc,
 * p) in its thread loop, and use acc (uniform) after it; likewise _AND,
 * _OR.
 *
 * TRAP (__trap(), assert failure, a detected fault): idxgen_rt_trap(blk,
 * fmt, ...) records the message, abandons the block (longjmp out of the
 * block function: it does not return) and makes the launch fail with
 * -EFAULT and the message in idxgen_rt_launch_info.error; blocks not yet
 * started are skipped; the process goes on.  Emitted code must not hold
 * resources that need releasing across a trap (it allocates none).
 *
 * printf: idxgen_rt_printf(blk, fmt, ...) (C printf formats) appends to
 * the worker's buffer; the runtime writes a block's output to stdout in
 * one piece after the block finished, so the output of two blocks never
 * interleaves.  Within a block, lines come in thread-loop order.
 *
 * ATOMICS (global and shared memory, any thread): idxgen_rt_atomic_*
 * below, GCC/Clang __atomic built-ins (the C11 <stdatomic.h> operations on
 * plain objects), sequentially consistent, return the old value, as
 * CUDA's atomicAdd & co.  Float add/min/max are compare-exchange loops.
 *
 * A block function must be reentrant: the runtime calls it concurrently
 * for different blocks on different workers (global state only through
 * atomics).
 *
 * KERNEL DESCRIPTOR: struct idxgen_rt_kernel below, one static const
 * object per kernel, emitted next to the block function.
 *
 * EXAMPLE: block-local reversal, hand-written in the emitted form.
 *
 *	// __global__ void rev(int *d) {
 *	//	__shared__ int s[256];
 *	//	int i = blockIdx.x * blockDim.x + threadIdx.x;
 *	//	int v = d[i];
 *	//	s[threadIdx.x] = v;
 *	//	__syncthreads();
 *	//	d[i] = s[blockDim.x - 1 - threadIdx.x] + v;	// v lives across
 *	// }
 *	static void rev_block(struct idxgen_rt_block *blk)
 *	{
 *		int *d = *(int *const *)blk->args[0];		// uniform prologue
 *		uint32_t bdx = blk->block_dim[0];
 *		uint32_t base = blk->block_idx[0] * bdx;
 *		int *s = IDXGEN_RT_SHARED(blk, int, 0);
 *		int *v = IDXGEN_RT_PRIV(blk, int, 0);		// v[t]
 *
 *		IDXGEN_RT_FOR_THREADS(blk, t) {			// region 1
 *			uint32_t tx = IDXGEN_RT_TID_X(blk, t);
 *			v[t] = d[base + tx];
 *			s[tx] = v[t];
 *		}
 *		IDXGEN_RT_FOR_THREADS(blk, t) {			// region 2
 *			uint32_t tx = IDXGEN_RT_TID_X(blk, t);
 *			d[base + tx] = s[bdx - 1 - tx] + v[t];
 *		}
 *	}
 *	static const struct idxgen_rt_kernel rev_kernel = {
 *		.abi_version = IDXGEN_RT_ABI_VERSION, .name = "rev",
 *		.block = rev_block, .shared_bytes = 256 * sizeof(int),
 *		.priv_bytes = sizeof(int), .nargs = 1,
 *		.arg_sizes = (const size_t[]){ sizeof(int *) },
 *	};
 *
 *	// host: rev<<<n / 256, 256>>>(d)
 *	void *args[] = { &d };
 *	err = idxgen_rt_launch(rt, &rev_kernel, IDXGEN_RT_DIM3(n / 256, 1, 1),
 *			       IDXGEN_RT_DIM3(256, 1, 1), 0, args);
 *
 * ===================================================================
 * 2. HOST API
 * ===================================================================
 *
 * Errors: 0 or a negative errno code (idxgen_strerror() names it):
 * -EINVAL  NULL kernel/runtime/args, a zero dimension, abi_version not in
 *          1 .. IDXGEN_RT_ABI_VERSION,
 *          nargs > 0 with args NULL;
 * -E2BIG   a block dimension or dx*dy*dz above the device's limits
 *          (idxgen_info.max_dim / max_threads), a grid dimension above
 *          2^31 - 1 (x) or 65535 (y, z), or shared memory (static +
 *          dynamic) above idxgen_rt_options.max_shared (default 1 MiB);
 * -ENOMEM  out of memory;  -EFAULT  the kernel trapped (see info.error);
 * others   from the device path (idxgen_run).
 * A failed launch leaves nothing behind (no memory, no queued work).
 *
 * Thread indices come from the device through the normal submit path:
 * per launch one configuration for the block shape, targeted at a
 * dedicated region kept for the kernel (a kernel launched more than once,
 * or flagged IDXGEN_RT_KERNEL_HOT, keeps one per block shape: its next
 * launches hit the device's history) or at the device's shared region
 * (rare kernels); and the grid as a box of "threads" (chunks of at most
 * max_dim per axis and max_threads in all) whose indices give the order
 * in which blocks are issued to the workers.  With no device the
 * emulation backend serves; the runtime then prints one line on stderr,
 * once per process (the only output of the library).
 */
#ifndef IDXGEN_RT_H
#define IDXGEN_RT_H

#include <stddef.h>
#include <stdint.h>

#include <idxgen.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Version of the kernel ABI (struct idxgen_rt_block/kernel, macros).  The
 * runtime runs kernels of every version from 1 up to this one: 2 added
 * blk->stream_order at the end of struct idxgen_rt_block (a kernel built for
 * 1 never reads it; a kernel built for 2 is refused by a runtime of 1).
 */
#define IDXGEN_RT_ABI_VERSION	2

/* blk->stream_order (ABI 2): what the block's index stream is. */
#define IDXGEN_RT_STREAM_GENERAL	0	/* any order: read tid_x/y/z */
#define IDXGEN_RT_STREAM_LINEAR		1	/* x-fastest: position t is linear thread t */
#define IDXGEN_RT_STREAM_WARPS		2	/* whole x-fastest warps, permuted */

/* Alignment of blk->shared, blk->dyn_shared and blk->priv. */
#define IDXGEN_RT_ALIGN		64

/* ------------------------------------------------------------------ */
/* 1. Kernel ABI                                                       */
/* ------------------------------------------------------------------ */

struct idxgen_rt_worker;	/* opaque: the runtime's per-worker state */

/*
 * What a block function gets.  Read-only for emitted code except the
 * memory blk->shared/dyn_shared/priv point to.
 */
struct idxgen_rt_block {
	uint32_t block_idx[3];		/* blockIdx.x, .y, .z */
	uint32_t block_dim[3];		/* blockDim */
	uint32_t grid_dim[3];		/* gridDim */
	uint32_t nthreads;		/* block_dim[0] * [1] * [2] */
	uint32_t warp_size;		/* device lanes: threads per generated warp */
	/* the index stream: thread t is (tid_x[t], tid_y[t], tid_z[t]) */
	const uint16_t *tid_x, *tid_y, *tid_z;
	void *shared;			/* static __shared__, kernel's shared_bytes */
	void *dyn_shared;		/* extern __shared__, the launch's dyn_shared bytes */
	void *priv;			/* nthreads * priv_bytes, structure-of-arrays */
	size_t priv_bytes;		/* per thread, as resolved for this launch */
	void *const *args;		/* args[i] points to argument i's value */
	struct idxgen_rt_worker *worker;	/* for the built-ins */
	/* ABI 2 (new fields only ever at the end: the runtime allocates this) */
	uint32_t stream_order;		/* IDXGEN_RT_STREAM_* */
};

/* Thread loop of one region: t = 0 .. nthreads-1 (uint32_t, loop-local). */
#define IDXGEN_RT_FOR_THREADS(blk, t) \
	for (uint32_t t = 0, t##_end_ = (blk)->nthreads; t < t##_end_; t++)

/* threadIdx of the thread at stream position t. */
#define IDXGEN_RT_TID_X(blk, t)	((uint32_t)(blk)->tid_x[(t)])
#define IDXGEN_RT_TID_Y(blk, t)	((uint32_t)(blk)->tid_y[(t)])
#define IDXGEN_RT_TID_Z(blk, t)	((uint32_t)(blk)->tid_z[(t)])

/* Per-thread array of a variable at private offset off (see above). */
#define IDXGEN_RT_PRIV(blk, type, off) \
	((type *)(void *)((char *)(blk)->priv + (size_t)(off) * (blk)->nthreads))

/* A static __shared__ variable at offset off of the kernel's shared area. */
#define IDXGEN_RT_SHARED(blk, type, off) \
	((type *)(void *)((char *)(blk)->shared + (size_t)(off)))

/* __syncthreads_count / _and / _or: uniform accumulator over a region. */
#define IDXGEN_RT_SYNC_COUNT_INIT	0u
#define IDXGEN_RT_SYNC_COUNT(acc, p)	((acc) += ((p) != 0))
#define IDXGEN_RT_SYNC_AND_INIT		1
#define IDXGEN_RT_SYNC_AND(acc, p)	((acc) = (acc) && (p))
#define IDXGEN_RT_SYNC_OR_INIT		0
#define IDXGEN_RT_SYNC_OR(acc, p)	((acc) = (acc) || (p))

typedef void (*idxgen_rt_block_fn)(struct idxgen_rt_block *blk);

/* Kernel flags. */
#define IDXGEN_RT_KERNEL_HOT	(1u << 0)	/* dedicated region from the first launch */
/*
 * Its threads wait in loops for memory other threads write (idxgen-cc's spin
 * loops, lib/cc/spin.c), perhaps threads of other blocks: a persistent-threads
 * grid sized from the device's attributes (multiprocessors x resident blocks)
 * waits for blocks that a worker running one block at a time would never
 * start.  idxgen_rt_launch_ex keeps every block of such a launch resident
 * when the grid fits (idxgen_rt_resident_blocks() per participant).
 */
#define IDXGEN_RT_KERNEL_WAITS	(1u << 1)

/* The most blocks one participant keeps resident (CUDA's maxBlocksPerMultiProcessor of sm_60). */
#define IDXGEN_RT_MAX_RESIDENT_BLOCKS	32u

/*
 * Blocks of block_threads threads one participant keeps resident at once in
 * a cooperative launch or a launch of an IDXGEN_RT_KERNEL_WAITS kernel (each
 * on an OS thread of its own): as many as its max_threads (the device's
 * threads per block, also its threads per multiprocessor) hold, at most
 * IDXGEN_RT_MAX_RESIDENT_BLOCKS; 0 for a block larger than max_threads.
 * The CUDA layer's occupancy reports it.
 */
static inline uint32_t idxgen_rt_resident_blocks(uint32_t max_threads, uint64_t block_threads)
{
	uint64_t n = block_threads ? max_threads / block_threads : 0;

	return n < IDXGEN_RT_MAX_RESIDENT_BLOCKS ? (uint32_t)n : IDXGEN_RT_MAX_RESIDENT_BLOCKS;
}

/* One per kernel, emitted by the translator as a static const object. */
struct idxgen_rt_kernel {
	uint32_t abi_version;		/* IDXGEN_RT_ABI_VERSION */
	uint32_t flags;			/* IDXGEN_RT_KERNEL_* */
	const char *name;		/* for messages and statistics */
	idxgen_rt_block_fn block;	/* the block function */
	size_t shared_bytes;		/* static __shared__ bytes */
	size_t priv_bytes;		/* private bytes per thread */
	/*
	 * Optional: private bytes per thread for a block shape (when the
	 * live set depends on it, e.g. per-thread arrays sized by blockDim);
	 * overrides priv_bytes when not NULL.
	 */
	size_t (*priv_bytes_fn)(const uint32_t block_dim[3]);
	unsigned int nargs;		/* number of arguments */
	/* sizes of the arguments (NULL: unknown; the async launch then
	 * cannot copy them and args must stay valid until the wait) */
	const size_t *arg_sizes;
};

/* ------------------------------------------------------------------ */
/* 2. Host API                                                         */
/* ------------------------------------------------------------------ */

struct idxgen_rt;		/* a runtime: a device, a worker pool */
struct idxgen_rt_launch;	/* an asynchronous launch */

struct idxgen_rt_dim3 {
	uint32_t x, y, z;
};
#define IDXGEN_RT_DIM3(x_, y_, z_) ((struct idxgen_rt_dim3){ (x_), (y_), (z_) })

/* Options of idxgen_rt_create (zero-filled = defaults). */
struct idxgen_rt_options {
	unsigned int num_threads;	/* workers; 0: IDXGEN_NUM_THREADS or online CPUs */
	struct idxgen_device *device;	/* use this device (not closed by the runtime);
					 * NULL: every device, or those IDXGEN_DEVICES
					 * names ("0", "1,0"), the emulation if there
					 * is no device (unless IDXGEN_BACKEND=drm) */
	size_t max_shared;		/* per block; 0: 1 MiB */
	uint64_t region_bytes;		/* dedicated region per kernel shape; 0: 64 KiB
					 * rounded up to the stream's size */
};

/*
 * Schedule of a launch: the order in which the device generates a block's
 * threads (docs/design.md#schedule-orders; include/idxgen.h "Schedule orders").  order is an
 * IDXGEN_SCHED_* value and params[] its parameters, passed to
 * idxgen_config_schedule() as { stride, granularity, tile_w, tile_h }
 * (those the order does not use must be 0).  A schedule the library rejects
 * fails the launch with -EINVAL; a device without schedule orders fails it
 * with -E2BIG.  The grid's blocks are issued in sequential order.
 * order = IDXGEN_RT_SCHED_AUTO (below) chooses both the thread order and
 * the grid order from a measured sample of the launch.
 */
#define IDXGEN_RT_SCHED_SEQUENTIAL	0
struct idxgen_rt_schedule {
	uint32_t order;			/* IDXGEN_SCHED_* (idxgen_config_schedule's) */
	uint32_t params[4];		/* stride, granularity, tile_w, tile_h */
};

/*
 * Profiling (the schedule auto-selection builds on this): after each block
 * the worker that ran it calls prof_block(prof_arg, rec) with the block's
 * times; counters[] holds the hardware counters asked for in prof_events
 * (perf_event_open, per worker thread, user space only; a counter that
 * the kernel refuses reads as UINT64_MAX, and info.prof_events_ok says
 * which opened).  The callback must be thread-safe and cheap.
 */
#define IDXGEN_RT_PROF_CYCLES		(1u << 0)
#define IDXGEN_RT_PROF_INSTRUCTIONS	(1u << 1)
#define IDXGEN_RT_PROF_CACHE_MISSES	(1u << 2)
#define IDXGEN_RT_PROF_BRANCH_MISSES	(1u << 3)
#define IDXGEN_RT_PROF_NUM_EVENTS	4

struct idxgen_rt_block_prof {
	uint32_t block_idx[3];
	uint32_t worker;		/* 0 .. num_threads (the launching thread helps) */
	uint64_t seq;			/* issue position of the block in the grid order */
	uint64_t start_ns, end_ns;	/* CLOCK_MONOTONIC */
	uint64_t counters[IDXGEN_RT_PROF_NUM_EVENTS];	/* by bit number of prof_events */
	/* ABI 2 (the runtime allocates the record: new fields only at the end) */
	uint64_t cpu_ns;		/* CLOCK_THREAD_CPUTIME_ID time of the block; 0: unknown */
};
typedef void (*idxgen_rt_prof_fn)(void *arg, const struct idxgen_rt_block_prof *rec);

/* Options of one launch (NULL or zero-filled = defaults). */
struct idxgen_rt_launch_opts {
	size_t dyn_shared;		/* dynamic shared bytes per block */
	struct idxgen_rt_schedule schedule;
	uint32_t prof_events;		/* IDXGEN_RT_PROF_* */
	idxgen_rt_prof_fn prof_block;	/* NULL: no per-block records */
	void *prof_arg;
};

/* What a launch did (filled by the launch / the wait, also on errors). */
struct idxgen_rt_launch_info {
	uint64_t blocks;		/* blocks run */
	uint64_t threads;		/* blocks * threads per block */
	uint32_t device_jobs;		/* configurations submitted */
	uint32_t device_hits;		/* of which history hits */
	int dedicated;			/* the block stream came from a dedicated region */
	int backend;			/* enum idxgen_backend */
	uint32_t prof_events_ok;	/* IDXGEN_RT_PROF_* that could be opened */
	uint64_t index_ns;		/* device path: submit, wait, unpack */
	uint64_t run_ns;		/* first block start to last block end */
	uint64_t busy_ns;		/* sum of block times over all workers */
	char error[160];		/* trap message, "" if none */
};

IDXGEN_EXPORT int idxgen_rt_create(const struct idxgen_rt_options *opt, struct idxgen_rt **rtp);
/* Waits for every launch in flight, then frees everything. */
IDXGEN_EXPORT void idxgen_rt_destroy(struct idxgen_rt *rt);
IDXGEN_EXPORT unsigned int idxgen_rt_num_threads(const struct idxgen_rt *rt);
IDXGEN_EXPORT struct idxgen_device *idxgen_rt_device(const struct idxgen_rt *rt);

/*
 * Launch and wait: kernel<<<grid, block, dyn_shared>>>(args).  Safe from
 * any number of host threads at once; the calling thread runs blocks too
 * (the pool has num_threads - 1 workers, the waiting thread is the last).
 */
IDXGEN_EXPORT int idxgen_rt_launch(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
				   struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block,
				   size_t dyn_shared, void *const *args);
/* Same with options and a report (either may be NULL). */
IDXGEN_EXPORT int idxgen_rt_launch_ex(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
				      struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block,
				      void *const *args, const struct idxgen_rt_launch_opts *opts,
				      struct idxgen_rt_launch_info *info);
/*
 * Asynchronous: checks the launch (the errors above, nothing queued on
 * error), queues it and returns; the workers run it (with num_threads 1
 * there are none: it runs in idxgen_rt_wait).  The argument values
 * are copied when k->arg_sizes is set.  Every queued launch must be
 * waited for exactly once; the wait returns its result and frees *lp.
 */
IDXGEN_EXPORT int idxgen_rt_launch_async(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
					 struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block,
					 void *const *args, const struct idxgen_rt_launch_opts *opts,
					 struct idxgen_rt_launch **lp);
IDXGEN_EXPORT int idxgen_rt_wait(struct idxgen_rt_launch *l, struct idxgen_rt_launch_info *info);

/*
 * Cooperative launch (CUDA's cudaLaunchCooperativeKernel): as
 * idxgen_rt_launch_ex, but every block of the grid is resident at once,
 * each on an OS thread of its own, so that a grid-wide barrier
 * (__idxgen_fiber_grid_sync, idxgen_rt_fiber.h) can wait for all of
 * them.  The grid may have at most idxgen_rt_num_threads(rt) x
 * idxgen_rt_resident_blocks(max_threads, block threads) blocks (what the
 * occupancy the CUDA layer reports says); a larger one fails with -ENOSPC
 * before anything runs.
 * Schedule order AUTO runs as SEQUENTIAL (no profiling samples here).
 */
IDXGEN_EXPORT int idxgen_rt_launch_coop(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
					struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block,
					void *const *args, const struct idxgen_rt_launch_opts *opts,
					struct idxgen_rt_launch_info *info);

/*
 * Nonzero when the calling thread runs a block function now (a worker, the
 * waiting thread while it helps, a cooperative block's thread): the code
 * it runs is device code.  The CUDA layer gives device code the device
 * runtime's semantics with it (lib/cudart: cudaFree without a wait for
 * the device, cudaDeviceSynchronize of the caller's children only).
 */
IDXGEN_EXPORT int idxgen_rt_in_block(void);

/*
 * The least stack, in bytes, of each thread that runs as a fiber
 * (idxgen_rt_fiber.h) in the launches that start after the call: CUDA's
 * cudaLimitStackSize, which programs with deep recursion raise.  A fiber's
 * stack is the larger of this and IDXGEN_FIBER_STACK (default 64 KiB), at
 * most 1 GiB, rounded up to pages; 0 (the default) sets no least.
 */
IDXGEN_EXPORT void idxgen_rt_set_fiber_stack(struct idxgen_rt *rt, size_t bytes);

/*
 * The stack, in bytes, that each thread running as a fiber gets in a launch
 * whose least is `least` (idxgen_rt_set_fiber_stack; 0: none), by the rule
 * above and the IDXGEN_FIBER_STACK of the moment: what CUDA's
 * cudaDeviceGetLimit(cudaLimitStackSize) reads.
 */
IDXGEN_EXPORT size_t idxgen_rt_fiber_stack_size(size_t least);

/* Per-kernel statistics (kernels known to this runtime). */
struct idxgen_rt_kernel_stats {
	uint64_t launches;
	uint64_t device_jobs, device_hits;	/* block-stream configurations */
	int dedicated;				/* has a dedicated region now */
};
/* -ENOENT if k was never launched on rt. */
IDXGEN_EXPORT int idxgen_rt_kernel_stats(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
					 struct idxgen_rt_kernel_stats *st);

/*
 * Automatic schedule selection (docs/design.md#performance-control;
 * lib/rt/autotune.c).  A launch with schedule.order = IDXGEN_RT_SCHED_AUTO
 * (idxgen_rt_launch_ex, synchronous launches only: the async launch
 * returns -EINVAL for it) runs a small SAMPLE of its blocks under each
 * candidate configuration in turn, measures the time per block, and runs
 * the rest of the grid under the fastest.  A configuration is a thread
 * order (the block's index stream, struct idxgen_rt_schedule) and a GRID
 * ORDER (the order in which blocks are issued).  schedule.params[0] is the
 * sample size in blocks per mille of the grid (0: $IDXGEN_TUNE_SAMPLE, a
 * percentage, else 100 = 10 %); the other params must be 0.
 *
 * The decision is kept per process, keyed by (kernel, grid, block shape):
 * the next launch of the same shape runs the whole grid with it, no
 * sample.  idxgen_rt_tune_reset() forgets it.  Launches without a schedule
 * stay sequential: a sample costs time (slow candidates run on it) and
 * only pays off over repeat launches or large grids, which the caller
 * knows and the runtime does not.
 */
#define IDXGEN_RT_SCHED_AUTO	0x100u	/* schedule.order: choose (never sent to the device) */

/* Grid (block issue) orders; the device generates them (the grid as a box). */
#define IDXGEN_RT_GRID_ROWS	0	/* blockIdx.x fastest (the default) */
#define IDXGEN_RT_GRID_COLS	1	/* blockIdx.y fastest (the box generated transposed) */
#define IDXGEN_RT_GRID_HILBERT	2	/* Hilbert curve over the blocks of each z-slice */
#define IDXGEN_RT_GRID_NUM	3

/* One configuration: thread order and grid order. */
struct idxgen_rt_tune_cand {
	struct idxgen_rt_schedule thread;
	uint32_t grid_order;		/* IDXGEN_RT_GRID_* */
};

/* What one candidate did on the sample. */
struct idxgen_rt_tune_result {
	struct idxgen_rt_tune_cand cand;
	uint64_t blocks;		/* sample blocks it ran */
	uint64_t metric_ns;		/* median time per block (or the cost hook's) */
};

/*
 * Cost hook (tests, simulations): replaces the measured time of a sample
 * block by cost(arg, cand, rec) (rec: the block as idxgen_rt_prof_fn gets
 * it).  Called from the worker that ran the block: thread-safe.
 */
typedef uint64_t (*idxgen_rt_tune_cost_fn)(void *arg, const struct idxgen_rt_tune_cand *cand,
					   const struct idxgen_rt_block_prof *rec);

#define IDXGEN_RT_TUNE_NOCACHE	(1u << 0)	/* neither reuse nor store a decision */

/* Options of idxgen_rt_launch_tuned (NULL or zero-filled = defaults). */
struct idxgen_rt_tune_opts {
	uint32_t sample_permille;	/* 1..1000; 0: $IDXGEN_TUNE_SAMPLE (%) or 100 */
	uint32_t flags;			/* IDXGEN_RT_TUNE_* */
	/* candidates, in exploration order; NULL: idxgen_rt_tune_candidates(all grid orders but
	 * Hilbert) */
	const struct idxgen_rt_tune_cand *cands;
	unsigned int ncands;
	idxgen_rt_tune_cost_fn cost;	/* NULL: CLOCK_MONOTONIC time of each block */
	void *cost_arg;
	struct idxgen_rt_tune_result *results;	/* out: per explored candidate (may be NULL) */
	unsigned int max_results;
};

/* What a tuned launch did. */
struct idxgen_rt_tune_report {
	int cached;			/* the decision came from the cache: no sample */
	unsigned int explored;		/* candidates run on the sample */
	uint64_t sample_blocks;		/* blocks run under candidates */
	uint64_t blocks;		/* all blocks of the grid */
	struct idxgen_rt_tune_cand winner;
	unsigned int winner_index;	/* in the candidate list */
	uint64_t sample_ns, rest_ns;	/* wall time of the sample phase and of the rest */
};

/*
 * The default candidates for a block shape: the device's schedule table
 * (idxgen_schedule_table), each parameterised style (strided with each
 * granularity of the table, square tiles) expanded over the geometric
 * series 2, 4, 8 ... within the block (1 is the sequential order, already
 * in), duplicates removed; times the grid orders in grid_mask (bit
 * 1 << IDXGEN_RT_GRID_*; 0: rows and columns).  Fills up to max entries,
 * returns how many there are, or a negative errno.  A device without
 * schedule orders gives sequential only.
 */
IDXGEN_EXPORT int idxgen_rt_tune_candidates(struct idxgen_rt *rt, struct idxgen_rt_dim3 block,
					    uint32_t grid_mask, struct idxgen_rt_tune_cand *out,
					    unsigned int max);
/*
 * A launch with automatic selection among tune->cands (see above); opts as
 * for idxgen_rt_launch_ex (its schedule is ignored).  The sample is laid
 * out as boxes of blocks, one per candidate, in the first rows of the grid
 * (at most sample_permille of the blocks; with fewer sample blocks than
 * candidates only the first ones are explored, rep->explored says how
 * many); one candidate: no sample.  Ties go to the earlier candidate.
 * rep and info may be NULL; info sums the parts.
 */
IDXGEN_EXPORT int idxgen_rt_launch_tuned(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
					 struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block,
					 void *const *args, const struct idxgen_rt_launch_opts *opts,
					 const struct idxgen_rt_tune_opts *tune,
					 struct idxgen_rt_tune_report *rep,
					 struct idxgen_rt_launch_info *info);
/* The cached decision for (k, grid, block): 0 and *c, or -ENOENT. */
IDXGEN_EXPORT int idxgen_rt_tune_lookup(const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
					struct idxgen_rt_dim3 block, struct idxgen_rt_tune_cand *c);
/* Forget the decisions for k (NULL: all kernels). */
IDXGEN_EXPORT void idxgen_rt_tune_reset(const struct idxgen_rt_kernel *k);

/* ------------------------------------------------------------------ */
/* 3. Built-ins for emitted code                                        */
/* ------------------------------------------------------------------ */

/* Abandon the block, fail the launch with -EFAULT and this message. */
IDXGEN_EXPORT void idxgen_rt_trap(struct idxgen_rt_block *blk, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));
/* printf from a kernel, buffered per block; returns the characters written. */
IDXGEN_EXPORT int idxgen_rt_printf(struct idxgen_rt_block *blk, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * The device clock (clock64()): the CPU's cycle counter, each reading
 * strictly above the previous one on the calling thread, so a block's
 * readings never go back when the OS moves its thread between CPUs whose
 * counters differ (an SM's counter never does either).
 */
IDXGEN_EXPORT long long idxgen_rt_clock64(void);
/*
 * The rate of that clock in kHz (cudaDevAttrClockRate): the counter's own,
 * stated by the CPU (arm64's CNTFRQ_EL0, x86's CPUID 0x15 or a hypervisor's
 * leaf) or measured once against CLOCK_MONOTONIC_RAW (10 ms, first call).
 */
IDXGEN_EXPORT int idxgen_rt_clock_khz(void);

/* Integer atomics: old value returned; T in i32, u32, i64, u64. */
#define IDXGEN_RT__ATOMIC_INT(sfx, _Tp)							\
static inline _Tp idxgen_rt_atomic_add_##sfx(_Tp *p, _Tp v)					\
{ return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }					\
static inline _Tp idxgen_rt_atomic_sub_##sfx(_Tp *p, _Tp v)					\
{ return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST); }					\
static inline _Tp idxgen_rt_atomic_and_##sfx(_Tp *p, _Tp v)					\
{ return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); }					\
static inline _Tp idxgen_rt_atomic_or_##sfx(_Tp *p, _Tp v)					\
{ return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }					\
static inline _Tp idxgen_rt_atomic_xor_##sfx(_Tp *p, _Tp v)					\
{ return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); }					\
static inline _Tp idxgen_rt_atomic_exch_##sfx(_Tp *p, _Tp v)					\
{ return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); }					\
/* compare-and-swap: stores v if *p == cmp; returns the old *p */			\
static inline _Tp idxgen_rt_atomic_cas_##sfx(_Tp *p, _Tp cmp, _Tp v)				\
{											\
	__atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);	\
	return cmp;									\
}											\
static inline _Tp idxgen_rt_atomic_min_##sfx(_Tp *p, _Tp v)					\
{											\
	_Tp old = __atomic_load_n(p, __ATOMIC_SEQ_CST);					\
	while (v < old && !__atomic_compare_exchange_n(p, &old, v, 1, __ATOMIC_SEQ_CST,	\
						       __ATOMIC_SEQ_CST))		\
		;									\
	return old;									\
}											\
static inline _Tp idxgen_rt_atomic_max_##sfx(_Tp *p, _Tp v)					\
{											\
	_Tp old = __atomic_load_n(p, __ATOMIC_SEQ_CST);					\
	while (v > old && !__atomic_compare_exchange_n(p, &old, v, 1, __ATOMIC_SEQ_CST,	\
						       __ATOMIC_SEQ_CST))		\
		;									\
	return old;									\
}

IDXGEN_RT__ATOMIC_INT(i32, int32_t)
IDXGEN_RT__ATOMIC_INT(u32, uint32_t)
IDXGEN_RT__ATOMIC_INT(i64, int64_t)
IDXGEN_RT__ATOMIC_INT(u64, uint64_t)

/* CUDA atomicInc / atomicDec on unsigned 32-bit. */
static inline uint32_t idxgen_rt_atomic_inc_u32(uint32_t *p, uint32_t lim)
{
	uint32_t old = __atomic_load_n(p, __ATOMIC_SEQ_CST), nv;

	do
		nv = old >= lim ? 0 : old + 1;
	while (!__atomic_compare_exchange_n(p, &old, nv, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
	return old;
}

static inline uint32_t idxgen_rt_atomic_dec_u32(uint32_t *p, uint32_t lim)
{
	uint32_t old = __atomic_load_n(p, __ATOMIC_SEQ_CST), nv;

	do
		nv = (old == 0 || old > lim) ? lim : old - 1;
	while (!__atomic_compare_exchange_n(p, &old, nv, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
	return old;
}

/* Float atomics (compare-exchange on the bit pattern); F in f32, f64. */
#define IDXGEN_RT__ATOMIC_FLT(sfx, _Fp, _Up, OP)						\
static inline _Fp idxgen_rt_atomic_##OP##_##sfx(_Fp *p, _Fp v)				\
{											\
	_Up *q = (_Up *)(void *)p, ob = __atomic_load_n(q, __ATOMIC_SEQ_CST), nb;		\
	_Fp of, nf;									\
											\
	do {										\
		__builtin_memcpy(&of, &ob, sizeof(of));					\
		nf = IDXGEN_RT__FOP_##OP(of, v);					\
		__builtin_memcpy(&nb, &nf, sizeof(nb));					\
	} while (!__atomic_compare_exchange_n(q, &ob, nb, 1, __ATOMIC_SEQ_CST,		\
					      __ATOMIC_SEQ_CST));			\
	return of;									\
}
#define IDXGEN_RT__FOP_add(a, b)	((a) + (b))
#define IDXGEN_RT__FOP_min(a, b)	((b) < (a) ? (b) : (a))
#define IDXGEN_RT__FOP_max(a, b)	((b) > (a) ? (b) : (a))
#define IDXGEN_RT__FOP_exch(a, b)	((void)(a), (b))

IDXGEN_RT__ATOMIC_FLT(f32, float, uint32_t, add)
IDXGEN_RT__ATOMIC_FLT(f32, float, uint32_t, min)
IDXGEN_RT__ATOMIC_FLT(f32, float, uint32_t, max)
IDXGEN_RT__ATOMIC_FLT(f32, float, uint32_t, exch)
IDXGEN_RT__ATOMIC_FLT(f64, double, uint64_t, add)
IDXGEN_RT__ATOMIC_FLT(f64, double, uint64_t, min)
IDXGEN_RT__ATOMIC_FLT(f64, double, uint64_t, max)
IDXGEN_RT__ATOMIC_FLT(f64, double, uint64_t, exch)

/*
 * Floating atomicAdds of a thread loop to one address (idxgen-cc,
 * lib/cc/aggregate.c): the loop keeps the values in order in a buffer of
 * its own, and one compare-and-swap loop applies them one by one to the
 * address's current value, so the address goes through the roundings of
 * these adds in that order, one after the other (an order CUDA allows: its
 * result is always the adds applied one by one in some order).  A full
 * buffer is applied early.
 */
#define IDXGEN_RT_AGG_CAP 256
#define IDXGEN_RT__AGG_FLT(sfx, _Fp, _Up)							\
static inline void idxgen_rt_agg_flush_##sfx(_Fp *p, const _Fp *v, uint32_t n)		\
{											\
	_Up *q = (_Up *)(void *)p, ob, nb;						\
	_Fp f;										\
											\
	if (!n)										\
		return;									\
	ob = __atomic_load_n(q, __ATOMIC_SEQ_CST);					\
	do {										\
		__builtin_memcpy(&f, &ob, sizeof(f));					\
		for (uint32_t i = 0; i < n; i++)					\
			f += v[i];							\
		__builtin_memcpy(&nb, &f, sizeof(nb));					\
	} while (!__atomic_compare_exchange_n(q, &ob, nb, 1, __ATOMIC_SEQ_CST,		\
					      __ATOMIC_SEQ_CST));			\
}											\
static inline void idxgen_rt_agg_push_##sfx(_Fp *p, _Fp *v, uint32_t *n, _Fp x)		\
{											\
	if (*n == IDXGEN_RT_AGG_CAP) {							\
		idxgen_rt_agg_flush_##sfx(p, v, *n);					\
		*n = 0;									\
	}										\
	v[(*n)++] = x;									\
}
IDXGEN_RT__AGG_FLT(f32, float, uint32_t)
IDXGEN_RT__AGG_FLT(f64, double, uint64_t)

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_RT_H */
