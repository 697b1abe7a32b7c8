/* SPDX-License-Identifier: MIT */
/*
 * idxgen_rt_fiber.h - the runtime's second execution model: every thread of
 * a block a fiber (lib/rt/fiber.c, issue 38).
 *
 * Loop fission (idxgen_rt.h part 1) runs a block as thread loops between
 * barriers; it needs the barriers at block level in uniform control flow.
 * A kernel it cannot express is run as FIBERS instead: the block function
 * calls __idxgen_fiber_run(blk, entry, name), which runs entry(blk) once
 * per thread of the block, each on its own small stack, in the order of
 * the block's index stream (position t reads its indices from the stream,
 * as in a thread loop: the device's schedule order is kept).  Inside,
 * __idxgen_fiber_self() names the running thread; the thread suspends
 * only in the calls below:
 *
 *  - __idxgen_fiber_barrier(op, pred): __syncthreads() (op
 *    __IDXGEN_FIBER_SYNC) and __syncthreads_count/and/or: waits until
 *    every LIVE thread of the block (one that has not returned) arrived,
 *    then returns the reduction of pred over them;
 *  - __idxgen_fiber_warp(mask, val, size, fn, arg, out): a warp operation.
 *    A warp is the 32 consecutive LINEAR thread ids 32w .. 32w+31 of the
 *    block (lane = lin % 32) under every schedule order.  The lane deposits
 *    val (at most __IDXGEN_FIBER_SLOT bytes) and waits until every live lane
 *    of (mask | its own bit) has arrived at a warp operation; then, for each
 *    of those lanes l, fn(slots, present, l, arg_l, out_l) computes l's
 *    result from the 32 slots (slot i at slots + i * __IDXGEN_FIBER_SLOT)
 *    and the mask of lanes present; lanes outside `present` are absent
 *    (exited, outside the mask, or past the end of a partial warp).  A
 *    mask that leaves out live lanes completes only once no other lane of
 *    the warp can still come to the operation (each suspended, returned
 *    or in a spin loop's turn), and lanes outside the mask that call the
 *    same operation with the same mask take part, as in a converged warp
 *    (CUDA leaves such a call undefined; public code relies on it).
 *
 * Returned threads no longer count, as on CUDA.  A block where no thread
 * can go on (a barrier some live thread never reaches while others wait
 * at a warp operation, or the reverse) traps: the launch fails with
 * -EFAULT and "deadlock" in its error.  A thread that overflows its stack
 * (IDXGEN_FIBER_STACK bytes, default 64 KiB, read per launch, or the least
 * idxgen_rt_set_fiber_stack asks for) hits a guard page: the launch fails
 * with -EFAULT and a message naming the kernel, the block and the thread
 * and how to raise the stack, never a silent corruption.
 *
 * The names are reserved identifiers (__idxgen_): translated programs
 * include this header, and a user's macro must not reach it.
 */
#ifndef IDXGEN_RT_FIBER_H
#define IDXGEN_RT_FIBER_H

#include <stddef.h>
#include <stdint.h>

#include <idxgen_rt.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The running thread: its threadIdx and its linear id in the block. */
struct __idxgen_fiber_tid {
	uint32_t x, y, z;
	uint32_t lin;	/* x + y * blockDim.x + z * blockDim.x * blockDim.y */
};

typedef void (*__idxgen_fiber_entry_fn)(struct idxgen_rt_block *__blk);

/* Run entry once per thread of the block, each a fiber (traps on failure). */
IDXGEN_EXPORT void __idxgen_fiber_run(struct idxgen_rt_block *__blk, __idxgen_fiber_entry_fn __entry);

/*
 * Lane loops (lib/cc/lane_plan.c): run entry(blk) once per WARP of the
 * block (32 consecutive linear thread ids), each a fiber whose code runs
 * the warp's lanes as a loop between barriers.  __idxgen_fiber_self()
 * gives the warp's lane 0 (its threadIdx; lin is the warp's place among
 * the block's warps in the order they start: that of their lane 0 in the
 * index stream); __idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0) waits for
 * every warp of the block that has not returned.  No warp operation may
 * be called in such a block (idxgen-cc plans none there).
 */
IDXGEN_EXPORT void __idxgen_fiber_run_warps(struct idxgen_rt_block *__blk, __idxgen_fiber_entry_fn __entry);

/*
 * A block of a fiber kernel whose threads can never suspend (idxgen-cc
 * proved that no barrier, warp operation, cooperative group, meeting or
 * spin loop is reachable: lib/cc/fiber_plain.c) runs its threads one after
 * another in the block function's own loop, on the worker's stack -- no
 * fiber, no switch.  Between __idxgen_fiber_plain_begin(blk) and
 * __idxgen_fiber_plain_end(), __idxgen_fiber_block() is blk (the dynamic
 * shared memory is found through it) and __idxgen_fiber_self() NULL; a
 * call that would suspend traps the launch with -EFAULT and a message
 * (a planning slip of idxgen-cc: never a hang or a wrong result).
 */
IDXGEN_EXPORT void __idxgen_fiber_plain_begin(struct idxgen_rt_block *__blk);
IDXGEN_EXPORT void __idxgen_fiber_plain_end(void);

/* The running fiber's thread, and its block (NULL outside a fiber kernel). */
IDXGEN_EXPORT const struct __idxgen_fiber_tid *__idxgen_fiber_self(void);
IDXGEN_EXPORT struct idxgen_rt_block *__idxgen_fiber_block(void);

#define __IDXGEN_FIBER_SYNC	0	/* __syncthreads(); returns 0 */
#define __IDXGEN_FIBER_COUNT	1	/* __syncthreads_count(pred) */
#define __IDXGEN_FIBER_AND	2	/* __syncthreads_and(pred) */
#define __IDXGEN_FIBER_OR	3	/* __syncthreads_or(pred) */
/*
 * Not a barrier: the running thread stays runnable and lets every other
 * runnable thread of the block run first (round robin), then returns 0.
 * idxgen-cc calls it in a loop that waits for memory another thread
 * writes (a spin lock, a flag): without it the spinning fiber would never
 * let the writer run (lib/cc/spin.c).  An op of this call rather than a
 * function of its own: no new symbol for one more case of a switch.
 */
#define __IDXGEN_FIBER_YIELD	4
IDXGEN_EXPORT int __idxgen_fiber_barrier(int __op, int __pred);

#define __IDXGEN_FIBER_SLOT	16	/* bytes per lane of a warp operation */
typedef void (*__idxgen_fiber_warp_fn)(const void *__slots, uint32_t __present, uint32_t __lane,
				       const void *__arg, void *__out);
IDXGEN_EXPORT void __idxgen_fiber_warp(uint32_t __mask, const void *__val, size_t __size,
				       __idxgen_fiber_warp_fn __fn, const void *__arg, void *__out);
/* The live lanes of the running thread's warp (CUDA's __activemask()). */
IDXGEN_EXPORT uint32_t __idxgen_fiber_activemask(void);
/*
 * cooperative_groups::coalesced_threads() and __activemask(): the lanes of
 * the running thread's warp that reach this call site together (file, and a
 * number naming the place in it: idxgen_cc_fiber.h passes the call's line
 * and column as __builtin_LINE()/__builtin_COLUMN() give them; the runtime
 * only compares the two).  The thread waits
 * until no lane of its warp can run (each is suspended, returned, or in a
 * spin loop's turn); then the lanes of its warp waiting at the same site
 * form its group -- those that took a different branch are elsewhere.
 * Other warps are not waited for: one spinning on a lock this warp holds
 * must not keep it here.
 */
IDXGEN_EXPORT uint32_t __idxgen_fiber_coalesced(const char *__file, uint32_t __site);

/*
 * The same rendezvous for the lanes of a warp that meet as in lock step
 * (idxgen-cc's __idxgen_cc_lockstep()): __depth counts the branches and
 * loops of its function the site is inside.  When no lane of the warp can
 * run, only the lanes at the deepest sites go on (those at
 * coalesced_threads() count as deepest); the others wait, as a GPU's warp
 * runs the lanes inside a branch before those that skipped it.
 */
IDXGEN_EXPORT uint32_t __idxgen_fiber_meet(const char *__file, uint32_t __site, uint32_t __depth);

/*
 * cooperative_groups::this_grid().sync(): waits until every live thread of
 * the block arrived here, then until every block of the grid that has not
 * finished did (idxgen_rt_launch_coop).  In a launch that is not
 * cooperative it traps (the launch fails with -EFAULT), as the grid could
 * never be all resident.
 */
IDXGEN_EXPORT void __idxgen_fiber_grid_sync(void);
/*
 * cooperative_groups::this_grid().is_valid(): 1 in a cooperative launch
 * (where the grid barrier above works), 0 in any other, as on CUDA.
 */
IDXGEN_EXPORT int __idxgen_fiber_grid_valid(void);

#ifdef __cplusplus
}
#endif

#endif
