// SPDX-License-Identifier: MIT
/*
 * fiber.c - threads as fibers (include/idxgen_rt_fiber.h, issue 38): a
 * block's threads each run the kernel body on a stack of their own; a
 * barrier or warp operation suspends the running thread and switches to
 * the next one that can run (fiber_switch.c: a few instructions).
 *
 * Per worker (struct rt_fibers, w->fibers): the thread records, the warps'
 * exchange slots and ONE mapping of stacks, each with guard pages below it,
 * reused from block to block and launch to launch (grown when a block has
 * more threads or a launch asks for bigger stacks).  Scheduling is
 * round-robin in stream order: a thread that suspends switches straight to
 * the next runnable thread after it (no trip through a scheduler), so a
 * barrier costs each thread one switch; the last thread to arrive at a
 * barrier or a warp operation releases the others and goes on.
 *
 * Stack overflow: fault.c's SIGSEGV handler, on an alternate signal stack
 * (per OS thread), asks rt_fiber_overflow whether the fault address is in a
 * guard page of the running pool; if so it leaves the signal handler by
 * switching to the block's main context, and the block traps with a
 * message naming the kernel, block and thread.  Any other fault is
 * fault.c's.
 */
#define _GNU_SOURCE
#include "rt_internal.h"
#include "fiber_switch.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <idxgen_rt_fiber.h>

/*
 * AddressSanitizer: a stack is reused by the next block's threads while the
 * shadow still holds the redzones of frames that never returned (a thread
 * that overflowed, a block that trapped or deadlocked): cleared when a
 * thread starts on it.
 */
#if defined(__SANITIZE_ADDRESS__)
#define RT_FIBER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RT_FIBER_ASAN 1
#endif
#endif
/*
 * Valgrind takes a jump of the stack pointer by less than 2 MB for a frame,
 * not a switch: each stack is registered with it (a no-op outside valgrind;
 * optional at build time).
 */
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define RT_FIBER_VALGRIND 1
#endif
#endif
#ifndef RT_FIBER_VALGRIND
#define VALGRIND_STACK_REGISTER(lo, hi) ((void)(lo), (void)(hi), 0u)
#define VALGRIND_STACK_DEREGISTER(id) ((void)(id))
#endif

#ifdef RT_FIBER_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define rt_fiber_unpoison(p, n) __asan_unpoison_memory_region((p), (n))
#else
#define rt_fiber_unpoison(p, n) ((void)(p), (void)(n))
#endif

#define F_NEW	0	/* not started */
#define F_RUN	1	/* runnable */
#define F_BAR	2	/* waiting at a barrier */
#define F_WARP	3	/* waiting at a warp operation */
#define F_DONE	4	/* returned */
#define F_GRID	5	/* waiting at a grid-wide barrier (coop.c) */
#define F_COAL	6	/* at coalesced_threads(): waits until no lane of its warp can run */

#define RT_FIBER_GUARD		(16u << 10)	/* guard bytes below each stack */
#define RT_FIBER_STACK_MIN	(16u << 10)
#define RT_FIBER_STACK_DEF	(64u << 10)

struct rt_fiber {
	void *sp;			/* saved stack pointer while not running */
	struct __idxgen_fiber_tid tid;
	uint8_t state;
	bool spinning;			/* runnable, but suspended in a spin loop's turn (__IDXGEN_FIBER_YIELD) */
	/* at a warp operation */
	uint32_t wmask;
	__idxgen_fiber_warp_fn wfn;
	const void *warg;
	void *wout;
	uint32_t cline;			/* at coalesced_threads(): the call site in its file (the file in warg) */
	uint32_t cdepth;		/* how deep in branches that site is (__idxgen_fiber_meet; UINT32_MAX: first) */
};

struct rt_fibers {
	struct rt_fiber *f;		/* by stream position */
	uint32_t *by_lin;		/* linear id -> stream position */
	unsigned char *slots;		/* per warp: 32 * __IDXGEN_FIBER_SLOT bytes */
	uint32_t *live, *waiting;	/* per warp: lanes not returned, lanes at a warp operation */
	uint32_t *defer;		/* per warp: lanes whose partial-mask operation waits for the warp to settle */
	uint32_t cap;			/* threads the arrays hold */
	char *map;			/* the stacks: nstacks * (guard + stack) */
	unsigned *vg_id;		/* valgrind's stack ids, one per stack */
	size_t map_len, stack;		/* stack: usable bytes of one */
	uint32_t nstacks;
	/* the block running */
	struct idxgen_rt_block *blk;
	__idxgen_fiber_entry_fn entry;
	void *main_sp;
	uint32_t n, cur, nlive, arrived;
	uint32_t grid_arrived;		/* threads at a grid-wide barrier */
	uint32_t ncoal;			/* threads at coalesced_threads() (F_COAL) */
	uint32_t bar_acc, bar_result;
	bool plain;			/* a block that never suspends (__idxgen_fiber_plain_begin) */
	/*
	 * Where the next switch resumes the round: after the last stream
	 * position an operation just released (has_after), else after the
	 * thread that stops.
	 */
	uint32_t after;
	bool has_after;
	int failed;			/* 0, or why the block stops: F_FAIL_* */
	uint32_t fail_thread;
	/*
	 * AddressSanitizer's view of the stacks (__sanitizer_*_switch_fiber):
	 * the block's own stack, learnt when a switch leaves it.
	 */
	const void *main_lo;
	size_t main_size;
	bool from_main;
	/*
	 * Where a context that never runs again saves its stack pointer: not a
	 * local of it, which AddressSanitizer's detect_stack_use_after_return
	 * puts on the fake stack that a dying switch frees first.
	 */
	void *dead_sp;
};

#define F_FAIL_DEADLOCK	1
#define F_FAIL_OVERFLOW	2
#define F_FAIL_TRAP	3

/*
 * The pool of the block running on this OS thread.  Thread-local state is
 * unavoidable here: __syncthreads() and the warp operations are called by
 * kernel code that has no handle of its block, at any call depth.
 */
static _Thread_local struct rt_fibers *rt_fiber_cur __attribute__((tls_model("initial-exec")));

/* ---- stacks and the overflow handler ---------------------------------------- */

static void do_switch(struct rt_fibers *p, void **save, void *to_sp, const char *to_lo, bool dying);
static void warp_settle(struct rt_fibers *p, uint32_t wi);

/* Is a in the guard pages of a stack of p?  *stack: that stack (the guard is below it). */
static bool in_guard(const struct rt_fibers *p, uintptr_t a, uint32_t *stack)
{
	uintptr_t base = (uintptr_t)p->map, slot = RT_FIBER_GUARD + p->stack;

	if (!p->map || a < base || a >= base + p->map_len)
		return false;
	*stack = (uint32_t)((a - base) / slot);
	return (a - base) % slot < RT_FIBER_GUARD;
}

/*
 * From fault.c's SIGSEGV handler: a fault in a guard page of the running
 * pool leaves the handler for the block's main context, where the block
 * traps (SA_NODEFER: SIGSEGV stays unblocked).  Else returns.
 */
void rt_fiber_overflow(uintptr_t addr)
{
	struct rt_fibers *p = rt_fiber_cur;
	uint32_t s;

	if (p && p->blk && in_guard(p, addr, &s)) {
		p->failed = F_FAIL_OVERFLOW;
		p->fail_thread = s;
		do_switch(p, &p->dead_sp, p->main_sp, NULL, true);
	}
}

/*
 * IDXGEN_FIBER_STACK: bytes (suffix k/K or m/M), at least 16 KiB; least:
 * what the launch's runtime asks for at the least (idxgen_rt_set_fiber_stack,
 * CUDA's cudaLimitStackSize), at most 1 GiB; rounded up to pages.
 */
static size_t stack_size(size_t least)
{
	const char *e = getenv("IDXGEN_FIBER_STACK");
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), n = RT_FIBER_STACK_DEF;
	char *end;

	if (e && *e) {
		unsigned long long v = strtoull(e, &end, 0);

		if (*end == 'k' || *end == 'K')
			v <<= 10;
		else if (*end == 'm' || *end == 'M')
			v <<= 20;
		if (v >= RT_FIBER_STACK_MIN && v <= (1ull << 30))
			n = (size_t)v;
	}
	if (least > n)
		n = least < ((size_t)1 << 30) ? least : (size_t)1 << 30;
	return (n + pg - 1) / pg * pg;
}

size_t idxgen_rt_fiber_stack_size(size_t least)
{
	return stack_size(least);
}

static void unmap_stacks(struct rt_fibers *p)
{
	for (uint32_t i = 0; p->vg_id && i < p->nstacks; i++)
		VALGRIND_STACK_DEREGISTER(p->vg_id[i]);
	free(p->vg_id);
	p->vg_id = NULL;
	/*
	 * AddressSanitizer: the redzones that frames left in the stacks' shadow
	 * outlive munmap(); a later mapping at the same addresses (a region, a
	 * buffer) would read as poisoned.  Cleared before the memory goes back.
	 */
	if (p->map) {
		rt_fiber_unpoison(p->map, p->map_len);
		munmap(p->map, p->map_len);
	}
	p->map = NULL;
}

static int map_stacks(struct rt_fibers *p, uint32_t n, size_t stack)
{
	size_t slot = RT_FIBER_GUARD + stack, len = slot * n;
	unsigned *ids = calloc(n, sizeof(*ids));
	char *m;
	uint32_t i;

	if (!ids)
		return -ENOMEM;

	/* reserved, not committed: a stack costs the pages its thread touches */
	m = mmap(NULL, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED) {
		free(ids);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		if (mprotect(m + (size_t)i * slot + RT_FIBER_GUARD, stack, PROT_READ | PROT_WRITE)) {
			munmap(m, len);
			free(ids);
			return -ENOMEM;
		}
	unmap_stacks(p);
	for (i = 0; i < n; i++)
		ids[i] = VALGRIND_STACK_REGISTER(m + (size_t)i * slot + RT_FIBER_GUARD, m + (size_t)(i + 1) * slot);
	p->vg_id = ids;
	p->map = m;
	p->map_len = len;
	p->stack = stack;
	p->nstacks = n;
	return 0;
}

static int pool_fit(struct rt_fibers *p, uint32_t n, size_t least)
{
	uint32_t nw = (n + 31) / 32;

	if (n > p->cap) {
		struct rt_fiber *f = realloc(p->f, n * sizeof(*f));
		uint32_t *bl, *lv, *wt, *df;
		unsigned char *sl;

		if (f)
			p->f = f;
		bl = realloc(p->by_lin, n * sizeof(*bl));
		if (bl)
			p->by_lin = bl;
		lv = realloc(p->live, nw * sizeof(*lv));
		if (lv)
			p->live = lv;
		wt = realloc(p->waiting, nw * sizeof(*wt));
		if (wt)
			p->waiting = wt;
		df = realloc(p->defer, nw * sizeof(*df));
		if (df)
			p->defer = df;
		sl = realloc(p->slots, (size_t)nw * 32 * __IDXGEN_FIBER_SLOT);
		if (sl)
			p->slots = sl;
		if (!f || !bl || !lv || !wt || !df || !sl)
			return -ENOMEM;
		p->cap = n;
	}
	/* the stack size: read per block (a getenv is cheap beside a block of fibers) */
	size_t st = stack_size(least);

	if (n > p->nstacks || st != p->stack)
		return map_stacks(p, n > p->nstacks ? n : p->nstacks, st);
	return 0;
}

void rt_fibers_free(struct rt_fibers *p)
{
	if (!p)
		return;
	unmap_stacks(p);
	free(p->f);
	free(p->by_lin);
	free(p->live);
	free(p->waiting);
	free(p->defer);
	free(p->slots);
	free(p);
}

/* ---- scheduling --------------------------------------------------------------- */

static void fiber_main(void *arg);

/*
 * The top of thread t's stack.  The stacks are a whole number of pages
 * apart, so their tops would all fall into the same set of the L1 cache
 * (indexed by address bits 6-11): a barrier round over 256 threads then
 * misses on every switch.  Each top is moved down by (t % 64) cache lines.
 */
static void *stack_top(const struct rt_fibers *p, uint32_t t)
{
	return p->map + (size_t)(t + 1) * (RT_FIBER_GUARD + p->stack) - (t % 64) * 64;
}

/* The lowest address and size of thread t's stack. */
static char *stack_lo(const struct rt_fibers *p, uint32_t t)
{
	return p->map + (size_t)t * (RT_FIBER_GUARD + p->stack) + RT_FIBER_GUARD;
}

/*
 * Every switch goes through here: with AddressSanitizer, it is told which
 * stack runs next (__sanitizer_start_switch_fiber) and, once this context
 * runs again, that the switch back is complete (finish), so that its
 * stack-use checks and fake stacks follow the fibers.  A context that
 * will never run again (a returned thread, a trap) passes dying.  to NULL:
 * the block's own stack.
 */
static void do_switch(struct rt_fibers *p, void **save, void *to_sp, const char *to_lo, bool dying)
{
#ifdef RT_FIBER_ASAN
	void *fake = NULL;
	const void *old_lo;
	size_t old_size;

	p->from_main = save == &p->main_sp;
	__sanitizer_start_switch_fiber(dying ? NULL : &fake, to_lo ? to_lo : p->main_lo,
				       to_lo ? p->stack : p->main_size);
	rt_fiber_switch(save, to_sp);
	__sanitizer_finish_switch_fiber(fake, &old_lo, &old_size);
	if (p->from_main) {
		p->main_lo = old_lo;
		p->main_size = old_size;
	}
#else
	(void)p, (void)to_lo, (void)dying;
	rt_fiber_switch(save, to_sp);
#endif
}

/* A new thread's first instructions: the other half of do_switch. */
static void started(struct rt_fibers *p)
{
#ifdef RT_FIBER_ASAN
	const void *old_lo;
	size_t old_size;

	__sanitizer_finish_switch_fiber(NULL, &old_lo, &old_size);
	if (p->from_main) {
		p->main_lo = old_lo;
		p->main_size = old_size;
	}
#else
	(void)p;
#endif
}

/*
 * Thread t (a stream position) was released from an operation: the round
 * goes on after the last one released, so that the others run first and
 * then the released lanes, one after another in stream order.  A converged
 * warp runs each stretch between two operations for all its lanes before
 * any lane goes further; if the lane that completed an operation ran on at
 * once, another warp could store to a node between its load and the other
 * lanes' loads of it (HeCBench's btree read a node half old, half new, went
 * to the wrong child and lost a key).
 */
static void released(struct rt_fibers *p, uint32_t t)
{
	if (!p->has_after || t > p->after)
		p->after = t;
	p->has_after = true;
}

/*
 * No lane of warp wi can run (each is suspended or returned): each lane at
 * coalesced_threads() gets the lanes of its warp waiting at the same call
 * site (wmask) -- the lanes that took the same path to it, as a GPU's
 * converged lanes: those that went elsewhere are at a barrier, another warp
 * operation or returned, and can go no further without these.  Only the
 * warp's own lanes are waited for: another warp that never stops (a spin on
 * a lock this warp holds) must not keep it from going on.
 *
 * Only the lanes at the deepest sites go on (cdepth, the largest among the
 * waiting lanes); the others wait for them.  A GPU's warp that diverged
 * runs the lanes inside a branch while the others wait where it ends:
 * lanes that skipped a branch and ran on to a meeting after it (the next
 * turn of a loop, HeCBench's fpdc) must not store over what the lanes
 * still in the branch are about to read.
 */
static void coalesce_warp(struct rt_fibers *p, uint32_t wi)
{
	uint32_t l, k, top = 0, n = p->n - wi * 32 < 32 ? p->n - wi * 32 : 32;
	struct rt_fiber *lane[32];

	for (l = 0; l < n; l++) {
		lane[l] = &p->f[p->by_lin[wi * 32 + l]];
		if ((lane[l]->state == F_RUN && !lane[l]->spinning) || lane[l]->state == F_NEW)
			return;	/* a lane may still come to a site (one in a spin loop waits for others) */
		if (lane[l]->state == F_COAL && lane[l]->cdepth > top)
			top = lane[l]->cdepth;
	}
	for (l = 0; l < n; l++) {
		uint32_t m = 0;

		if (lane[l]->state != F_COAL || lane[l]->cdepth != top)
			continue;
		for (k = 0; k < n; k++)
			if (lane[k]->state == F_COAL && lane[k]->cdepth == top &&
			    lane[k]->warg == lane[l]->warg && lane[k]->cline == lane[l]->cline)
				m |= 1u << k;
		lane[l]->wmask = m;
	}
	for (l = 0; l < n; l++)
		if (lane[l]->state == F_COAL && lane[l]->cdepth == top) {
			lane[l]->state = F_RUN;
			p->ncoal--;
		}
}

/* Does a warp of the block hold an operation until it settles? */
static bool any_defer(const struct rt_fibers *p)
{
	for (uint32_t i = 0; i < (p->n + 31) / 32; i++)
		if (p->defer[i])
			return true;
	return false;
}

/*
 * Switch from the running thread t (its state already set; t = n - 1 and
 * save = &main_sp when the block starts) to the next runnable one, or back
 * to the block's main context when none can run.
 */
static void switch_next(struct rt_fibers *p, void **save, bool from_main)
{
	uint32_t i, t = p->cur;

	uint32_t start;

	/* the thread that stopped may have been the last runnable lane of its warp */
	if (!from_main && p->defer[p->f[t].tid.lin / 32])
		warp_settle(p, p->f[t].tid.lin / 32);
	if (p->ncoal && !from_main)
		coalesce_warp(p, p->f[t].tid.lin / 32);
	start = p->has_after && !from_main ? p->after : t;
	p->has_after = false;
	for (i = 1; i <= p->n; i++) {
		uint32_t j = start + i < p->n ? start + i : start + i - p->n;
		struct rt_fiber *f = &p->f[j];

		if (f->state == F_NEW) {
			rt_fiber_unpoison(stack_lo(p, j), p->stack);
			f->state = F_RUN;
			f->sp = rt_fiber_init(stack_top(p, j), fiber_main, p);
		} else if (f->state != F_RUN) {
			continue;
		}
		if (j == t && !from_main)
			return;	/* the running thread itself was released */
		p->cur = j;
		do_switch(p, save, f->sp, stack_lo(p, j), p->f[t].state == F_DONE && !from_main);
		return;
	}
	/*
	 * Nobody can run.  Each warp's group forms when its last runnable lane
	 * stops (above), so threads left at coalesced_threads() would be a
	 * bookkeeping slip: formed here rather than reported as a deadlock.
	 */
	if ((p->ncoal || any_defer(p)) && !p->failed) {
		uint32_t before = p->ncoal, settled = 0;

		for (i = 0; i < (p->n + 31) / 32; i++) {
			uint32_t w = p->waiting[i];

			if (p->defer[i])
				warp_settle(p, i);
			settled += w != p->waiting[i];
			coalesce_warp(p, i);
		}
		if (p->ncoal != before || settled) {
			switch_next(p, save, from_main);
			return;
		}
	}
	/* all returned, or a deadlock */
	if (p->nlive && !p->failed) {
		p->failed = F_FAIL_DEADLOCK;
		p->fail_thread = t;
	}
	do_switch(p, save, p->main_sp, NULL, !from_main && p->f[t].state == F_DONE);
}

static void suspend(struct rt_fibers *p)
{
	switch_next(p, &p->f[p->cur].sp, false);
}

static void barrier_release(struct rt_fibers *p)
{
	uint32_t i;

	for (i = 0; i < p->n; i++)
		if (p->f[i].state == F_BAR)
			p->f[i].state = F_RUN;
	p->bar_result = p->bar_acc;
	p->arrived = 0;
}

/* Complete the warp operation of lanes `need` of warp wi (all of them waiting). */
static void warp_complete(struct rt_fibers *p, uint32_t wi, uint32_t need)
{
	const unsigned char *slots = p->slots + (size_t)wi * 32 * __IDXGEN_FIBER_SLOT;
	uint32_t m;

	for (m = need; m; m &= m - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(m);
		struct rt_fiber *f = &p->f[p->by_lin[wi * 32 + l]];

		f->wfn(slots, need, l, f->warg, f->wout);
		f->state = F_RUN;
		released(p, p->by_lin[wi * 32 + l]);
	}
	p->waiting[wi] &= ~need;
	p->defer[wi] &= ~need;
}

/* Lane l of warp wi. */
static struct rt_fiber *lane_of(const struct rt_fibers *p, uint32_t wi, uint32_t l)
{
	return &p->f[p->by_lin[wi * 32 + l]];
}

/* The live lanes that lane l's operation names (itself included). */
static uint32_t warp_need(const struct rt_fibers *p, uint32_t wi, uint32_t l)
{
	return (lane_of(p, wi, l)->wmask | (1u << l)) & p->live[wi];
}

/*
 * Can a lane of warp wi among `lanes` still come to a warp operation: not
 * started, or runnable and not in a spin loop's turn (one there waits for
 * other threads, as a lane at an operation does)?
 */
static bool warp_busy(const struct rt_fibers *p, uint32_t wi, uint32_t lanes)
{
	for (uint32_t m = lanes & p->live[wi]; m; m &= m - 1) {
		const struct rt_fiber *f = lane_of(p, wi, (uint32_t)__builtin_ctz(m));

		if (f->state == F_NEW || (f->state == F_RUN && !f->spinning))
			return true;
	}
	return false;
}

/*
 * The lanes outside lane k's mask that wait at the same operation (same
 * function, same mask) though their own bit is not in it.  CUDA leaves
 * such a call undefined, but a converged warp runs it with every lane that
 * executes it: btree's `__shfl_up_sync(0x0000FFFF, v, 16)`, called by all
 * 32 lanes, hands lanes 16-31 the values of lanes 0-15.
 */
static uint32_t warp_joiners(const struct rt_fibers *p, uint32_t wi, uint32_t k, uint32_t need)
{
	const struct rt_fiber *fk = lane_of(p, wi, k);
	uint32_t j = 0;

	for (uint32_t m = p->waiting[wi] & ~need; m; m &= m - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(m);
		const struct rt_fiber *f = lane_of(p, wi, l);

		if (f->wfn == fk->wfn && f->wmask == fk->wmask && !(f->wmask >> l & 1))
			j |= 1u << l;
	}
	return j;
}

/*
 * Can lane l's operation complete?  Then complete it.  Every lane it names
 * must wait, and wait naming the same lanes: CUDA has the lanes of a mask
 * run one operation with that mask.  A lane of the mask that waits with
 * another mask is at an earlier operation of its own group (lanes 3-15 at
 * a sum over lanes 3-31 while lanes 0-2 wait at a sum over 0-15): that one
 * completes first, else the two would read each other's values.
 *
 * A mask that leaves out live lanes of the warp: on a GPU the lanes that
 * reach the operation together run it, and a converged warp's other lanes
 * are there too, their own bit missing from the mask or not (undefined in
 * CUDA's words, relied on by public code: btree).  So such an operation
 * completes only once no other lane of the warp can still come to it
 * (each is suspended, returned or in a spin loop's turn: the warp has
 * settled, as coalesced_threads() waits), with the lanes outside the mask
 * that wait at the same operation (warp_joiners); until then lane l is
 * marked in defer and tried again when its warp settles (switch_next).
 */
static bool warp_try(struct rt_fibers *p, uint32_t wi, uint32_t l)
{
	const struct rt_fiber *f = lane_of(p, wi, l);
	uint32_t need = warp_need(p, wi, l), inside = f->wmask & p->live[wi], m, join;
	bool alone = false;

	if (!(f->wmask >> l & 1) && inside) {
		/* l is outside its own mask: it joins the operation of the mask's lanes */
		uint32_t k = (uint32_t)__builtin_ctz(inside);
		const struct rt_fiber *fk = lane_of(p, wi, k);

		if (p->waiting[wi] >> k & 1 && fk->wfn == f->wfn && fk->wmask == f->wmask && fk->wmask >> k & 1)
			return warp_try(p, wi, k);
		if (warp_busy(p, wi, ~(1u << l))) {
			p->defer[wi] |= 1u << l;
			return false;
		}
		/* settled, and the mask's lanes are elsewhere: l and others like it run it alone */
		need = 1u << l;
		alone = true;
	}
	if (need & ~p->waiting[wi])
		return false;
	for (m = need; m && !alone; m &= m - 1)
		if (warp_need(p, wi, (uint32_t)__builtin_ctz(m)) != need)
			return false;
	if (need != p->live[wi]) {
		join = warp_joiners(p, wi, l, need);
		if (warp_busy(p, wi, ~(need | join))) {
			p->defer[wi] |= 1u << l;
			return false;
		}
		need |= join;
	}
	warp_complete(p, wi, need);
	return true;
}

/* Warp wi's last runnable lane stopped: try its deferred operations again. */
static void warp_settle(struct rt_fibers *p, uint32_t wi)
{
	uint32_t m = p->defer[wi];

	p->defer[wi] = 0;
	for (; m; m &= m - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(m);

		if (p->waiting[wi] >> l & 1)
			warp_try(p, wi, l);
	}
}

/*
 * Every live thread of the block is at the grid barrier: wait for the other
 * blocks (an OS-level wait: they run on threads of their own, coop.c),
 * then release the block's threads.
 */
static void grid_release(struct rt_fibers *p)
{
	rt_coop_wait(p->blk->worker->l->coop);
	for (uint32_t i = 0; i < p->n; i++)
		if (p->f[i].state == F_GRID)
			p->f[i].state = F_RUN;
	p->grid_arrived = 0;
	p->ncoal = 0;
}

/* A thread returned: it no longer holds up a barrier or its warp. */
static void thread_exit(struct rt_fibers *p, struct rt_fiber *f)
{
	uint32_t wi = f->tid.lin / 32, m;

	f->state = F_DONE;
	p->nlive--;
	p->live[wi] &= ~(1u << (f->tid.lin % 32));
	for (m = p->waiting[wi]; m; m &= m - 1)
		if (p->waiting[wi] & (m & -m))
			warp_try(p, wi, (uint32_t)__builtin_ctz(m));
	if (p->arrived && p->arrived == p->nlive)
		barrier_release(p);
	if (p->grid_arrived && p->grid_arrived == p->nlive)
		grid_release(p);
}

static void fiber_main(void *arg)
{
	struct rt_fibers *p = arg;

	started(p);
	p->entry(p->blk);
	thread_exit(p, &p->f[p->cur]);
	switch_next(p, &p->dead_sp, false);	/* never comes back */
	__builtin_unreachable();
}

/* ---- the API --------------------------------------------------------------------- */

static void fail(struct rt_fibers *p, struct idxgen_rt_block *blk)
{
	const struct __idxgen_fiber_tid *t = &p->f[p->fail_thread < p->n ? p->fail_thread : 0].tid;
	int why = p->failed;

	rt_fiber_cur = NULL;
	p->blk = NULL;
	if (why == F_FAIL_OVERFLOW)
		/* how to raise it, in the message: a launch fails with one line on stderr */
		idxgen_rt_trap(blk,
			       "thread (%u,%u,%u) overflowed its fiber stack of %zu KiB (set IDXGEN_FIBER_STACK=%zuk "
			       "or cudaLimitStackSize)",
			       t->x, t->y, t->z, p->stack >> 10, 2 * (p->stack >> 10));
	if (why == F_FAIL_DEADLOCK)
		idxgen_rt_trap(blk,
			       "deadlock: thread (%u,%u,%u) waits at a barrier or warp operation that the block's other live threads never reach",
			       t->x, t->y, t->z);
	rt_trap_resume(blk);	/* F_FAIL_TRAP: the message is recorded */
}

/*
 * Run the block's n fibers (threads, or warps for lane loops) whose records
 * are set: from the first, until every one has returned; a failure traps.
 */
static void run_block(struct rt_fibers *p, struct idxgen_rt_block *blk, __idxgen_fiber_entry_fn entry, uint32_t n)
{
	p->blk = blk;
	p->entry = entry;
	p->n = n;
	p->nlive = n;
	p->arrived = 0;
	p->grid_arrived = 0;
	p->ncoal = 0;
	p->failed = 0;
	p->plain = false;
	p->has_after = false;
	p->cur = n - 1;	/* switch_next starts at fiber 0 */
	rt_fiber_cur = p;
	switch_next(p, &p->main_sp, true);
	if (p->failed)
		fail(p, blk);
	rt_fiber_cur = NULL;
	p->blk = NULL;
}

/* The least stack the block's launch asks for (idxgen_rt_set_fiber_stack). */
static size_t least_stack(const struct idxgen_rt_block *blk)
{
	const struct idxgen_rt_launch *l = blk->worker->l;

	return l && l->rt ? atomic_load_explicit(&l->rt->fiber_stack, memory_order_relaxed) : 0;
}

void __idxgen_fiber_run(struct idxgen_rt_block *blk, __idxgen_fiber_entry_fn entry)
{
	struct idxgen_rt_worker *w = blk->worker;
	struct rt_fibers *p = w->fibers;
	uint32_t n = blk->nthreads, bx = blk->block_dim[0], bxy = bx * blk->block_dim[1], t, nw = (n + 31) / 32;

	if (!p && !(p = w->fibers = calloc(1, sizeof(*p))))
		idxgen_rt_trap(blk, "out of memory for the fibers of %u threads", n);
	if (pool_fit(p, n, least_stack(blk)))
		idxgen_rt_trap(blk, "out of memory for the fibers of %u threads", n);
	rt_fault_guard_thread();
	for (t = 0; t < n; t++) {
		struct rt_fiber *f = &p->f[t];

		f->tid.x = blk->tid_x[t];
		f->tid.y = blk->tid_y[t];
		f->tid.z = blk->tid_z[t];
		f->tid.lin = f->tid.x + f->tid.y * bx + f->tid.z * bxy;
		f->state = F_NEW;
		f->spinning = false;
		p->by_lin[f->tid.lin] = t;
	}
	for (t = 0; t < nw; t++) {
		p->live[t] = t + 1 < nw || n % 32 == 0 ? ~0u : (1u << (n % 32)) - 1;
		p->waiting[t] = 0;
		p->defer[t] = 0;
	}
	run_block(p, blk, entry, n);
}

/*
 * Lane loops (lib/cc/lane_plan.c): one fiber per WARP, whose code runs the
 * warp's 32 lanes as a loop between barriers.  Record w of the pool is warp
 * w's fiber: its tid is lane 0's threadIdx (the kernel counts its lanes
 * from there in linear order) and tid.lin the warp's index, which only this
 * file reads (no warp operation runs on such a block).  The warps start in
 * the order of their lane 0 in the block's index stream (the schedule
 * order); a barrier waits for every warp that has not returned.
 */
void __idxgen_fiber_run_warps(struct idxgen_rt_block *blk, __idxgen_fiber_entry_fn entry)
{
	struct idxgen_rt_worker *w = blk->worker;
	struct rt_fibers *p = w->fibers;
	uint32_t n = blk->nthreads, bx = blk->block_dim[0], bxy = bx * blk->block_dim[1], t, k = 0;
	uint32_t nw = (n + 31) / 32;

	if (!p && !(p = w->fibers = calloc(1, sizeof(*p))))
		idxgen_rt_trap(blk, "out of memory for the fibers of %u warps", nw);
	if (pool_fit(p, nw, least_stack(blk)))
		idxgen_rt_trap(blk, "out of memory for the fibers of %u warps", nw);
	rt_fault_guard_thread();
	for (t = 0; t < n && k < nw; t++) {
		uint32_t x = blk->tid_x[t], y = blk->tid_y[t], z = blk->tid_z[t], lin = x + y * bx + z * bxy;
		struct rt_fiber *f = &p->f[k];

		if (lin % 32)
			continue;
		f->tid.x = x;
		f->tid.y = y;
		f->tid.z = z;
		f->tid.lin = k++;
		f->state = F_NEW;
		f->spinning = false;
	}
	for (t = 0; t < (nw + 31) / 32; t++) {
		p->live[t] = ~0u;
		p->waiting[t] = 0;
		p->defer[t] = 0;
	}
	run_block(p, blk, entry, nw);
}

void __idxgen_fiber_plain_begin(struct idxgen_rt_block *blk)
{
	struct idxgen_rt_worker *w = blk->worker;
	struct rt_fibers *p = w->fibers;

	if (!p && !(p = w->fibers = calloc(1, sizeof(*p))))
		idxgen_rt_trap(blk, "out of memory for the fibers of %u threads", blk->nthreads);
	p->blk = blk;
	p->plain = true;
	rt_fiber_cur = p;
}

void __idxgen_fiber_plain_end(void)
{
	struct rt_fibers *p = rt_fiber_cur;

	if (p) {
		p->plain = false;
		p->blk = NULL;
	}
	rt_fiber_cur = NULL;
}

const struct __idxgen_fiber_tid *__idxgen_fiber_self(void)
{
	struct rt_fibers *p = rt_fiber_cur;

	return p && !p->plain ? &p->f[p->cur].tid : NULL;
}

struct idxgen_rt_block *__idxgen_fiber_block(void)
{
	struct rt_fibers *p = rt_fiber_cur;

	return p ? p->blk : NULL;
}

/* Called from kernel code outside a fiber kernel: a translator bug, never silent. */
static struct rt_fibers *need_fiber(const char *what)
{
	struct rt_fibers *p = rt_fiber_cur;

	if (!p) {
		fprintf(stderr, "idxgen: %s called outside a fiber kernel (an idxgen-cc bug)\n", what);
		abort();
	}
	if (p->plain)
		idxgen_rt_trap(p->blk, "%s in a kernel planned to run without fibers (an idxgen-cc bug)", what);
	return p;
}

int __idxgen_fiber_barrier(int op, int pred)
{
	struct rt_fibers *p = need_fiber("__syncthreads");
	struct rt_fiber *f = &p->f[p->cur];

	if (op == __IDXGEN_FIBER_YIELD) {
		/* a spin loop's turn: the threads after this one run first, it stays runnable */
		f->spinning = true;
		suspend(p);
		f->spinning = false;
		return 0;
	}
	if (p->arrived == 0)
		p->bar_acc = op == __IDXGEN_FIBER_AND ? 1 : 0;
	if (op == __IDXGEN_FIBER_COUNT)
		p->bar_acc += pred != 0;
	else if (op == __IDXGEN_FIBER_AND)
		p->bar_acc = p->bar_acc && pred;
	else if (op == __IDXGEN_FIBER_OR)
		p->bar_acc = p->bar_acc || pred;
	f->state = F_BAR;
	if (++p->arrived == p->nlive)
		barrier_release(p);	/* this thread runs on last: the round goes on after it */
	suspend(p);
	return (int)p->bar_result;
}

void __idxgen_fiber_warp(uint32_t mask, const void *val, size_t size, __idxgen_fiber_warp_fn fn, const void *arg,
			 void *out)
{
	struct rt_fibers *p = need_fiber("a warp-level function");
	struct rt_fiber *f = &p->f[p->cur];
	uint32_t wi = f->tid.lin / 32, l = f->tid.lin % 32;

	memcpy(p->slots + ((size_t)wi * 32 + l) * __IDXGEN_FIBER_SLOT, val,
	       size < __IDXGEN_FIBER_SLOT ? size : __IDXGEN_FIBER_SLOT);
	f->wmask = mask;
	f->wfn = fn;
	f->warg = arg;
	f->wout = out;
	f->state = F_WARP;
	p->waiting[wi] |= 1u << l;
	warp_try(p, wi, l);
	suspend(p);	/* also when this lane completed it: the lanes it released run first (released()) */
}

void __idxgen_fiber_grid_sync(void)
{
	struct rt_fibers *p = need_fiber("this_grid().sync()");
	struct rt_fiber *f = &p->f[p->cur];

	if (!p->blk->worker->l->coop)
		idxgen_rt_trap(p->blk,
			       "grid-wide sync in a launch that is not cooperative (launch with cudaLaunchCooperativeKernel)");
	f->state = F_GRID;
	if (++p->grid_arrived == p->nlive)
		grid_release(p);
	else
		suspend(p);
}

uint32_t __idxgen_fiber_meet(const char *file, uint32_t site, uint32_t depth)
{
	struct rt_fibers *p = need_fiber("coalesced_threads()");
	struct rt_fiber *f = &p->f[p->cur];

	f->state = F_COAL;
	f->warg = file;
	f->cline = site;
	f->cdepth = depth;
	p->ncoal++;
	suspend(p);
	return f->wmask;
}

uint32_t __idxgen_fiber_coalesced(const char *file, uint32_t site)
{
	return __idxgen_fiber_meet(file, site, UINT32_MAX);
}

int __idxgen_fiber_grid_valid(void)
{
	struct rt_fibers *p = need_fiber("this_grid().is_valid()");

	return p->blk->worker->l->coop != NULL;
}

uint32_t __idxgen_fiber_activemask(void)
{
	struct rt_fibers *p = need_fiber("__activemask");

	return p->live[p->f[p->cur].tid.lin / 32];
}

/* idxgen_rt_trap from kernel code on a fiber: back to the block's own stack first. */
void rt_fiber_trap(struct idxgen_rt_worker *w)
{
	struct rt_fibers *p = w->fibers;

	if (!p || rt_fiber_cur != p || !p->blk)
		return;
	if (p->plain) {
		/* on the worker's own stack: the trap's longjmp leaves the block's loop */
		__idxgen_fiber_plain_end();
		return;
	}
	p->failed = F_FAIL_TRAP;
	p->fail_thread = p->cur;
	do_switch(p, &p->dead_sp, p->main_sp, NULL, true);
}
