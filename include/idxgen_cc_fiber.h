/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cc_fiber.h - what a kernel that idxgen-cc runs as FIBERS calls
 * (lib/cc/README.md "Two execution models"; include/idxgen_rt_fiber.h):
 * __syncthreads() and its reductions, and the warp-level functions, as
 * suspensions of the running thread.  Included by idxgen_cc_program.h.
 *
 * Such a kernel's body is compiled as written, one call per thread, and
 * reads threadIdx & co. from idxgen_cc_program.h's thread-local objects:
 * blockIdx/blockDim/gridDim are set once per block, threadIdx when a
 * thread starts and again after every suspension (another thread of the
 * block ran meanwhile on the same OS thread).  Loop fission removes
 * __syncthreads() from the kernels it plans, and lowers their warp
 * operations before this header is reached, so the definitions below are
 * only ever called on fibers (elsewhere the runtime stops the program with
 * a message: a translator bug, never a silent wrong result).
 *
 * Results where CUDA leaves them undefined are those of the loop-fission
 * path (idxgen_cc_warp.h): a shuffle from a lane that is absent (returned,
 * outside the mask, past the end of a partial warp) or outside the width
 * segment returns the caller's own value; votes, match and reduce count
 * the lanes present.  __activemask() is the lanes at the call together
 * (coalesced_threads()'s rendezvous), not every lane that has not returned.
 * Every name is reserved (__idxgen_) or CUDA's own.
 */
#ifndef IDXGEN_CC_FIBER_H
#define IDXGEN_CC_FIBER_H

#include <stdint.h>
#include <string.h>
#include <type_traits>
#include <idxgen_rt_fiber.h>

/*
 * The column of a call, for call sites (__idxgen_cc_site): clang's
 * __builtin_COLUMN(); 0 where the host compiler has none (g++ 12, with
 * -ccbin g++): two calls written on one line are then one site.
 */
#if defined(__has_builtin)
#if __has_builtin(__builtin_COLUMN)
#define __IDXGEN_CC_COLUMN() __builtin_COLUMN()
#endif
#endif
#ifndef __IDXGEN_CC_COLUMN
#define __IDXGEN_CC_COLUMN() 0u
#endif

/* threadIdx of the running fiber into the file's thread-local copy. */
#define __idxgen_cc_fiber_tid()                                         \
	do {                                                            \
		const struct __idxgen_fiber_tid *__idxgen_t = __idxgen_fiber_self(); \
		threadIdx.x = __idxgen_t->x;                            \
		threadIdx.y = __idxgen_t->y;                            \
		threadIdx.z = __idxgen_t->z;                            \
	} while (0)

static inline void __syncthreads(void)
{
	__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
	__idxgen_cc_fiber_tid();
}

static inline int __syncthreads_count(int __p)
{
	int __r = __idxgen_fiber_barrier(__IDXGEN_FIBER_COUNT, __p);

	__idxgen_cc_fiber_tid();
	return __r;
}

static inline int __syncthreads_and(int __p)
{
	int __r = __idxgen_fiber_barrier(__IDXGEN_FIBER_AND, __p != 0);

	__idxgen_cc_fiber_tid();
	return __r;
}

static inline int __syncthreads_or(int __p)
{
	int __r = __idxgen_fiber_barrier(__IDXGEN_FIBER_OR, __p != 0);

	__idxgen_cc_fiber_tid();
	return __r;
}

/* cooperative_groups::this_grid().sync(): the whole grid (a cooperative launch). */
static inline void __idxgen_cc_grid_sync(void)
{
	__idxgen_fiber_grid_sync();
	__idxgen_cc_fiber_tid();
}

/*
 * The number that names a call site within its file for
 * __idxgen_fiber_coalesced: its line and column, so that two calls written
 * on one line ("c ? __activemask() : __activemask()") are two sites.
 */
static inline unsigned int __idxgen_cc_site(unsigned int __line, unsigned int __col)
{
	return __line << 12 | (__col & 0xfffu);
}

/*
 * The running thread's path: the calls of helpers that reach
 * __activemask() or coalesced_threads() it is inside, as idxgen-cc marks
 * them (lib/cc/path_scope.c: "(__idxgen_cc_path(ID), helper(...))"), so
 * that a helper called from two branches is two call sites.  One word per
 * thread of the block running on this OS thread (its fibers run one at a
 * time), indexed by the linear thread id; an inline function's static,
 * so every file of the program shares it.  NULL outside a fiber kernel.
 */
inline unsigned int *__idxgen_cc_path_slot(void)
{
	static thread_local unsigned int __paths[1024];
	const struct __idxgen_fiber_tid *__t = __idxgen_fiber_self();

	return __t ? &__paths[__t->lin % 1024] : 0;
}

struct __idxgen_cc_path {
	unsigned int *__slot, __saved;

	explicit __idxgen_cc_path(unsigned int __id) : __slot(__idxgen_cc_path_slot()), __saved(0)
	{
		if (__slot) {
			__saved = *__slot;
			*__slot = __saved * 0x9e3779b1u + __id;
		}
	}
	~__idxgen_cc_path()
	{
		if (__slot)
			*__slot = __saved;
	}
	__idxgen_cc_path(const __idxgen_cc_path &) = delete;
	__idxgen_cc_path &operator=(const __idxgen_cc_path &) = delete;
};

/*
 * cooperative_groups::coalesced_threads(): the lanes at this call site
 * together (__site: __idxgen_cc_site, mixed with the thread's path),
 * threadIdx refreshed after.
 */
static inline unsigned int __idxgen_cc_coalesced(const char *__file, unsigned int __site)
{
	unsigned int *__path = __idxgen_cc_path_slot();
	unsigned int __m = __idxgen_fiber_coalesced(__file, __site ^ (__path ? *__path * 0x85ebca6bu : 0));

	__idxgen_cc_fiber_tid();
	return __m;
}

/*
 * A lock-step meeting (below): the same rendezvous, __depth the branches
 * and loops around the site (lib/cc/branch_depth.c); the lanes deepest in
 * branches go on first (__idxgen_fiber_meet).
 */
static inline void __idxgen_cc_meet(const char *__file, unsigned int __site, unsigned int __depth)
{
	unsigned int *__path = __idxgen_cc_path_slot();

	(void)__idxgen_fiber_meet(__file, __site ^ (__path ? *__path * 0x85ebca6bu : 0), __depth);
	__idxgen_cc_fiber_tid();
}

/*
 * A store through volatile, as idxgen-cc rewrites it in code that runs as
 * fibers ("s[t] += s[t + 16];" -> __idxgen_cc_vstore(s[t], (s[t]) + (s[t +
 * 16]))): warp-synchronous code written for lanes in lock step (the
 * unrolled last warp of the textbook reductions, without __syncwarp).  The
 * value was read before the call; the lanes at this store meet
 * (__idxgen_cc_meet, the site the statement's line; __depth how deep in
 * branches it is), so every lane has read before any writes; each writes;
 * they meet again before reading on.  Outside a fiber kernel (a __host__
 * __device__ function called on the host) a plain store.
 */
template <class __T, class __V>
static inline __T &__idxgen_cc_vstore(__T &__a, const __V &__v, unsigned int __depth = 0,
				      const char *__file = __builtin_FILE(), unsigned int __line = __builtin_LINE(),
				      unsigned int __col = __IDXGEN_CC_COLUMN())
{
	if (!__idxgen_fiber_block()) {
		__a = __v;
		return __a;
	}
	/*
	 * A value that is an lvalue (`s[t] = s[t - 1];`) binds __v to the
	 * element itself: read it before the meeting, or a lane reads what a
	 * lower lane has just stored (a shift toward higher lanes came out as
	 * the first lane's value everywhere).
	 */
	__V __c = __v;
	__idxgen_cc_meet(__file, __idxgen_cc_site(__line, __col), __depth);
	__a = __c;
	__idxgen_cc_meet(__file, __idxgen_cc_site(__line, __col), __depth);
	return __a;
}

/*
 * The same store of an array's address (`s = buf;` with `__shared__ T
 * buf[N], *s;`, the ping-pong buffers of public sorts and stencils, HeCBench's
 * quicksort): the generic form's `const __V &` would bind the array as a
 * const array, whose address cannot go into a `T *`.  The array decays here
 * as it does in the statement written.
 */
template <class __T, class __E, __SIZE_TYPE__ __N>
static inline __T &__idxgen_cc_vstore(__T &__a, __E (&__v)[__N], unsigned int __depth = 0,
				      const char *__file = __builtin_FILE(), unsigned int __line = __builtin_LINE(),
				      unsigned int __col = __IDXGEN_CC_COLUMN())
{
	__E *__p = __v;

	return __idxgen_cc_vstore(__a, __p, __depth, __file, __line, __col);
}

/*
 * The same store written before its value, `__idxgen_cc_vstore_at(a) = b`
 * (or `op= b`), where the value's text ends in a macro: the statement's
 * end is then the source's own, so a macro that ends in `;` (cuda-samples
 * dwtHaar1D: `#define INV_SQRT_2 0.70710678118654752440f;`) ends it as it
 * did, where `__idxgen_cc_vstore(a, b)` put the `;` inside the call.  The
 * value is evaluated before the operator runs, as the call's argument was.
 */
template <class __T>
struct __idxgen_cc_vstore_ref {
	__T &__a;
	unsigned int __depth;
	const char *__file;
	unsigned int __line, __col;

	template <class __V>
	__T &operator=(const __V &__v) const
	{
		return __idxgen_cc_vstore(__a, __v, __depth, __file, __line, __col);
	}
	template <class __E, __SIZE_TYPE__ __N>
	__T &operator=(__E (&__v)[__N]) const
	{
		return __idxgen_cc_vstore(__a, __v, __depth, __file, __line, __col);
	}
#define __IDXGEN_CC_VSTORE_OP(__op)                                                               \
	template <class __V>                                                                      \
	__T &operator __op##=(const __V &__v) const                                               \
	{                                                                                         \
		return __idxgen_cc_vstore(__a, __a __op __v, __depth, __file, __line, __col);     \
	}
	__IDXGEN_CC_VSTORE_OP(+)
	__IDXGEN_CC_VSTORE_OP(-)
	__IDXGEN_CC_VSTORE_OP(*)
	__IDXGEN_CC_VSTORE_OP(/)
	__IDXGEN_CC_VSTORE_OP(%)
	__IDXGEN_CC_VSTORE_OP(&)
	__IDXGEN_CC_VSTORE_OP(|)
	__IDXGEN_CC_VSTORE_OP(^)
	__IDXGEN_CC_VSTORE_OP(<<)
	__IDXGEN_CC_VSTORE_OP(>>)
#undef __IDXGEN_CC_VSTORE_OP
};

template <class __T>
static inline __idxgen_cc_vstore_ref<__T> __idxgen_cc_vstore_at(__T &__a, unsigned int __depth = 0,
								 const char *__file = __builtin_FILE(),
								 unsigned int __line = __builtin_LINE(),
								 unsigned int __col = __IDXGEN_CC_COLUMN())
{
	return __idxgen_cc_vstore_ref<__T>{ __a, __depth, __file, __line, __col };
}

/*
 * Code written for a warp in lock step: lanes store to __shared__ memory,
 * then read what other lanes stored, with no barrier between (HeCBench's
 * dct8x8).  idxgen-cc puts this call before the read (lib/cc/lockstep.c):
 * the lanes that reach it together meet, so every store before it is done
 * before any lane reads on; __depth, how deep in branches the call is, lets
 * the lanes inside a branch go on before those that skipped it
 * (__idxgen_cc_meet).  Outside a fiber kernel nothing.
 */
static inline void __idxgen_cc_lockstep(unsigned int __depth = 0, const char *__file = __builtin_FILE(),
					unsigned int __line = __builtin_LINE(),
					unsigned int __col = __IDXGEN_CC_COLUMN())
{
	if (__idxgen_fiber_block())
		__idxgen_cc_meet(__file, __idxgen_cc_site(__line, __col), __depth);
}

/*
 * The same meeting before each test of a loop's condition, `for (...;
 * __idxgen_cc_lockstep_turn() && cond; ...) stmt;` (lib/cc/lockstep.c): a
 * turn reads what the turn before stored for another lane, and the body is
 * no { } block a meeting could go into.  Always true.
 */
static inline bool __idxgen_cc_lockstep_turn(unsigned int __depth = 0, const char *__file = __builtin_FILE(),
					     unsigned int __line = __builtin_LINE(),
					     unsigned int __col = __IDXGEN_CC_COLUMN())
{
	__idxgen_cc_lockstep(__depth, __file, __line, __col);
	return true;
}

/*
 * __threadfence(), __threadfence_block(), __threadfence_system() in a whole
 * program: a fence, and in a fiber kernel first a meeting of the lanes of
 * the warp that reach a fence together (the lock-step meeting above).  On
 * a GPU a converged warp finishes every lane's stores before any lane runs
 * past the fence; public warp-cooperative code relies on it (HeCBench's
 * btree: every lane stores its word of a node, one of them the lock word
 * with the lock bit set, then `__threadfence()` and lane 1's atomicAnd
 * releases the lock).  Run lane after lane, lane 1 would clear the bit
 * before lane 30 set it again: a lock never released.  A macro, so that a
 * fence written in a macro, in a helper of another file or in a header
 * gets the meeting too; a function of the same name stays for `&` and
 * `::`.  Outside a fiber kernel (loop fission, host code) only the fence.
 */
static inline void __idxgen_cc_fence(const char *__file = __builtin_FILE(), unsigned int __line = __builtin_LINE(),
				     unsigned int __col = __IDXGEN_CC_COLUMN())
{
	if (__idxgen_fiber_block())
		(void)__idxgen_cc_coalesced(__file, __idxgen_cc_site(__line, __col));
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}
#define __threadfence() __idxgen_cc_fence()
#define __threadfence_block() __idxgen_cc_fence()
#define __threadfence_system() __idxgen_cc_fence()

/*
 * A loop that waits for memory another thread writes -- a spin lock
 * (`while (atomicCAS(&l, 0, 1) != 0);`), a volatile flag -- is written as
 * `while (__idxgen_cc_spin() && (cond))` (lib/cc/spin.c): each test of the
 * condition first lets the block's other runnable threads run, as a GPU's
 * scheduler lets every thread make progress.  Always true; outside a fiber
 * kernel (host code of a __host__ __device__ function) it does nothing.
 */
static inline bool __idxgen_cc_spin(void)
{
	if (__idxgen_fiber_block()) {
		__idxgen_fiber_barrier(__IDXGEN_FIBER_YIELD, 0);
		__idxgen_cc_fiber_tid();
	}
	return true;
}

/* cooperative_groups::this_grid().is_valid(): in a cooperative launch only. */
static inline bool __idxgen_cc_grid_valid(void)
{
	return __idxgen_fiber_grid_valid() != 0;
}

/* One warp operation: deposit v, wait for the lanes, read this lane's result. */
template <class __R, class __V, class __A>
static inline __R __idxgen_cc_fiber_warp(unsigned int __mask, const __V &__v, __idxgen_fiber_warp_fn __fn,
					 const __A &__arg)
{
	static_assert(sizeof(__V) <= __IDXGEN_FIBER_SLOT, "idxgen: a warp operation's operand is at most 16 bytes");
	static_assert(std::is_trivially_copyable<__V>::value, "idxgen: a warp operation's operand must be trivially copyable");
	__R __r;

	__idxgen_fiber_warp(__mask, &__v, sizeof(__V), __fn, &__arg, &__r);
	__idxgen_cc_fiber_tid();
	return __r;
}

/*
 * A warp operation as one lane hands it in: its mask, its operand, the
 * function that computes every lane's result from the 32 operands and its
 * argument (__idxgen_fiber_warp's), the operand and argument as bytes.
 * __R: what that function writes, __O: what the operation returns
 * (__any_sync: the vote's unsigned as an int).  One description per
 * operation (__idxgen_cc_d_<name> below) serves both forms, so they cannot
 * differ: a fiber per thread suspends on it (__idxgen_cc_fiber_do); lane
 * loops collect it from each lane and compute it for the warp between two
 * loops (__idxgen_cc_lane_put, __idxgen_cc_lane_run).
 */
template <class __O, class __R> struct __idxgen_cc_wd {
	unsigned int __mask;
	uint32_t __vsize;
	__idxgen_fiber_warp_fn __fn;
	alignas(16) unsigned char __v[__IDXGEN_FIBER_SLOT];
	alignas(16) unsigned char __arg[16];
};

template <class __O, class __R, class __V, class __A>
static inline __idxgen_cc_wd<__O, __R> __idxgen_cc_wdesc(unsigned int __m, const __V &__v, __idxgen_fiber_warp_fn __fn,
							 const __A &__a)
{
	static_assert(sizeof(__V) <= __IDXGEN_FIBER_SLOT, "idxgen: a warp operation's operand is at most 16 bytes");
	static_assert(std::is_trivially_copyable<__V>::value, "idxgen: a warp operation's operand must be trivially copyable");
	static_assert(sizeof(__A) <= 16 && std::is_trivially_copyable<__A>::value, "idxgen: a warp operation's argument");
	__idxgen_cc_wd<__O, __R> __d;

	__d.__mask = __m;
	__d.__vsize = sizeof(__V);
	__d.__fn = __fn;
	memcpy(__d.__v, &__v, sizeof(__V));
	memcpy(__d.__arg, &__a, sizeof(__A));
	return __d;
}

/* ... with its function as part of the type, so that lane loops call it directly */
template <class __O, class __R, __idxgen_fiber_warp_fn __F> struct __idxgen_cc_wdf : __idxgen_cc_wd<__O, __R> {
	__idxgen_cc_wdf(const __idxgen_cc_wd<__O, __R> &__d) : __idxgen_cc_wd<__O, __R>(__d)
	{
	}
};

template <class __O, class __R> static inline __O __idxgen_cc_fiber_do(const __idxgen_cc_wd<__O, __R> &__d)
{
	__R __r;

	__idxgen_fiber_warp(__d.__mask, __d.__v, __d.__vsize, __d.__fn, __d.__arg, &__r);
	__idxgen_cc_fiber_tid();
	return (__O)__r;
}

template <class __T> static inline __T __idxgen_cc_slot(const void *__s, uint32_t __l)
{
	__T __v;

	memcpy(&__v, (const char *)__s + __l * __IDXGEN_FIBER_SLOT, sizeof(__T));
	return __v;
}

/* Shuffles: the source lane from (kind, operand, width); absent or outside as CUDA defines it: the caller's own. */
struct __idxgen_cc_shfl {
	int __kind;	/* 0 idx, 1 up, 2 down, 3 xor */
	int __o, __width;
};

template <class __T>
static void __idxgen_cc_shfl_fn(const void *__s, uint32_t __present, uint32_t __lane, const void *__a, void *__out)
{
	const __idxgen_cc_shfl *__p = (const __idxgen_cc_shfl *)__a;
	int __w = __p->__width >= 1 && __p->__width <= 32 && !(__p->__width & (__p->__width - 1)) ? __p->__width : 32;
	int __l = (int)__lane, __base = __l & ~(__w - 1), __src;

	switch (__p->__kind) {
	case 0:
		__src = __base + (__p->__o & (__w - 1));
		break;
	case 1:
		__src = (__l & (__w - 1)) >= __p->__o ? __l - __p->__o : __l;
		break;
	case 2:
		__src = (__l & (__w - 1)) + __p->__o < __w ? __l + __p->__o : __l;
		break;
	default:
		/* CUDA: a lane may read an earlier width segment by xor, not a later one (the own value) */
		__src = (__l ^ __p->__o) & 31;
		if ((__src & ~(__w - 1)) > __base)
			__src = __l;
		break;
	}
	if (__src < 0 || __src >= 32 || !(__present >> __src & 1))
		__src = __l;
	__T __v = __idxgen_cc_slot<__T>(__s, (uint32_t)__src);
	memcpy(__out, &__v, sizeof(__T));
}

template <class __T> static inline __idxgen_cc_wdf<__T, __T, __idxgen_cc_shfl_fn<__T>> __idxgen_cc_d_shfl_sync(unsigned int __m, __T __v, int __src, int __w = 32)
{
	return __idxgen_cc_wdesc<__T, __T>(__m, __v, __idxgen_cc_shfl_fn<__T>, __idxgen_cc_shfl{ 0, __src, __w });
}
template <class __T> static inline __T __shfl_sync(unsigned int __m, __T __v, int __src, int __w = 32)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_shfl_sync(__m, __v, __src, __w));
}
template <class __T> static inline __idxgen_cc_wdf<__T, __T, __idxgen_cc_shfl_fn<__T>> __idxgen_cc_d_shfl_up_sync(unsigned int __m, __T __v, unsigned int __d, int __w = 32)
{
	return __idxgen_cc_wdesc<__T, __T>(__m, __v, __idxgen_cc_shfl_fn<__T>, __idxgen_cc_shfl{ 1, (int)__d, __w });
}
template <class __T> static inline __T __shfl_up_sync(unsigned int __m, __T __v, unsigned int __d, int __w = 32)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_shfl_up_sync(__m, __v, __d, __w));
}
template <class __T> static inline __idxgen_cc_wdf<__T, __T, __idxgen_cc_shfl_fn<__T>> __idxgen_cc_d_shfl_down_sync(unsigned int __m, __T __v, unsigned int __d, int __w = 32)
{
	return __idxgen_cc_wdesc<__T, __T>(__m, __v, __idxgen_cc_shfl_fn<__T>, __idxgen_cc_shfl{ 2, (int)__d, __w });
}
template <class __T> static inline __T __shfl_down_sync(unsigned int __m, __T __v, unsigned int __d, int __w = 32)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_shfl_down_sync(__m, __v, __d, __w));
}
template <class __T> static inline __idxgen_cc_wdf<__T, __T, __idxgen_cc_shfl_fn<__T>> __idxgen_cc_d_shfl_xor_sync(unsigned int __m, __T __v, int __x, int __w = 32)
{
	return __idxgen_cc_wdesc<__T, __T>(__m, __v, __idxgen_cc_shfl_fn<__T>, __idxgen_cc_shfl{ 3, __x, __w });
}
template <class __T> static inline __T __shfl_xor_sync(unsigned int __m, __T __v, int __x, int __w = 32)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_shfl_xor_sync(__m, __v, __x, __w));
}
template <class __T> static inline __T __shfl(__T __v, int __src, int __w = 32)
{
	return __shfl_sync(0xffffffffu, __v, __src, __w);
}
template <class __T> static inline __T __shfl_up(__T __v, unsigned int __d, int __w = 32)
{
	return __shfl_up_sync(0xffffffffu, __v, __d, __w);
}
template <class __T> static inline __T __shfl_down(__T __v, unsigned int __d, int __w = 32)
{
	return __shfl_down_sync(0xffffffffu, __v, __d, __w);
}
template <class __T> static inline __T __shfl_xor(__T __v, int __x, int __w = 32)
{
	return __shfl_xor_sync(0xffffffffu, __v, __x, __w);
}
/* ... their descriptions (lane loops, below) */
template <class __T> static inline __idxgen_cc_wdf<__T, __T, __idxgen_cc_shfl_fn<__T>> __idxgen_cc_d_shfl(__T __v, int __src, int __w = 32)
{
	return __idxgen_cc_d_shfl_sync(0xffffffffu, __v, __src, __w);
}
template <class __T> static inline __idxgen_cc_wdf<__T, __T, __idxgen_cc_shfl_fn<__T>> __idxgen_cc_d_shfl_up(__T __v, unsigned int __d, int __w = 32)
{
	return __idxgen_cc_d_shfl_up_sync(0xffffffffu, __v, __d, __w);
}
template <class __T>
static inline __idxgen_cc_wdf<__T, __T, __idxgen_cc_shfl_fn<__T>> __idxgen_cc_d_shfl_down(__T __v, unsigned int __d, int __w = 32)
{
	return __idxgen_cc_d_shfl_down_sync(0xffffffffu, __v, __d, __w);
}
template <class __T> static inline __idxgen_cc_wdf<__T, __T, __idxgen_cc_shfl_fn<__T>> __idxgen_cc_d_shfl_xor(__T __v, int __x, int __w = 32)
{
	return __idxgen_cc_d_shfl_xor_sync(0xffffffffu, __v, __x, __w);
}

/* Votes: op 0 ballot, 1 any, 2 all (over the lanes present). */
static inline void __idxgen_cc_vote_fn(const void *__s, uint32_t __present, uint32_t __lane, const void *__a,
				       void *__out)
{
	uint32_t __b = 0, __r;

	(void)__lane;
	for (uint32_t __l = 0; __l < 32; __l++)
		if (__present >> __l & 1)
			__b |= (uint32_t)(__idxgen_cc_slot<int>(__s, __l) != 0) << __l;
	switch (*(const int *)__a) {
	case 0:
		__r = __b;
		break;
	case 1:
		__r = __b != 0;
		break;
	case 2:
		__r = __b == __present;
		break;
	default:	/* __uni_sync: every lane present has the same predicate */
		__r = __b == __present || __b == 0;
		break;
	}
	memcpy(__out, &__r, sizeof(__r));
}

static inline __idxgen_cc_wdf<unsigned int, unsigned int, __idxgen_cc_vote_fn> __idxgen_cc_d_ballot_sync(unsigned int __m, int __p)
{
	return __idxgen_cc_wdesc<unsigned int, unsigned int>(__m, (int)(__p != 0), __idxgen_cc_vote_fn, 0);
}
static inline unsigned int __ballot_sync(unsigned int __m, int __p)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_ballot_sync(__m, __p));
}
static inline __idxgen_cc_wdf<int, unsigned int, __idxgen_cc_vote_fn> __idxgen_cc_d_any_sync(unsigned int __m, int __p)
{
	return __idxgen_cc_wdesc<int, unsigned int>(__m, (int)(__p != 0), __idxgen_cc_vote_fn, 1);
}
static inline int __any_sync(unsigned int __m, int __p)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_any_sync(__m, __p));
}
static inline __idxgen_cc_wdf<int, unsigned int, __idxgen_cc_vote_fn> __idxgen_cc_d_all_sync(unsigned int __m, int __p)
{
	return __idxgen_cc_wdesc<int, unsigned int>(__m, (int)(__p != 0), __idxgen_cc_vote_fn, 2);
}
static inline int __all_sync(unsigned int __m, int __p)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_all_sync(__m, __p));
}
static inline __idxgen_cc_wdf<int, unsigned int, __idxgen_cc_vote_fn> __idxgen_cc_d_uni_sync(unsigned int __m, int __p)
{
	return __idxgen_cc_wdesc<int, unsigned int>(__m, (int)(__p != 0), __idxgen_cc_vote_fn, 3);
}
static inline int __uni_sync(unsigned int __m, int __p)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_uni_sync(__m, __p));
}
static inline unsigned int __ballot(int __p)
{
	return __ballot_sync(0xffffffffu, __p);
}
static inline int __any(int __p)
{
	return __any_sync(0xffffffffu, __p);
}
static inline int __all(int __p)
{
	return __all_sync(0xffffffffu, __p);
}
static inline __idxgen_cc_wdf<unsigned int, unsigned int, __idxgen_cc_vote_fn> __idxgen_cc_d_ballot(int __p)
{
	return __idxgen_cc_d_ballot_sync(0xffffffffu, __p);
}
static inline __idxgen_cc_wdf<int, unsigned int, __idxgen_cc_vote_fn> __idxgen_cc_d_any(int __p)
{
	return __idxgen_cc_d_any_sync(0xffffffffu, __p);
}
static inline __idxgen_cc_wdf<int, unsigned int, __idxgen_cc_vote_fn> __idxgen_cc_d_all(int __p)
{
	return __idxgen_cc_d_all_sync(0xffffffffu, __p);
}

static inline void __idxgen_cc_nop_fn(const void *__s, uint32_t __present, uint32_t __lane, const void *__a, void *__out)
{
	(void)__s, (void)__present, (void)__lane, (void)__a;
	*(int *)__out = 0;
}

static inline void __syncwarp(unsigned int __m = 0xffffffffu)
{
	(void)__idxgen_cc_fiber_warp<int>(__m, 0, __idxgen_cc_nop_fn, 0);
}

/*
 * The lanes that are here together, as coalesced_threads(): those of the
 * warp at this call site once no lane of the warp can go on.  Inside
 * "if (v > 0)" that is the lanes with v > 0, not every lane that has not
 * returned (the fibers of a warp do not run in lock step: a lane that has
 * finished the kernel or waits at a barrier elsewhere is not active here).
 */
static inline unsigned int __activemask(const char *__file = __builtin_FILE(), unsigned int __line = __builtin_LINE(),
					unsigned int __col = __IDXGEN_CC_COLUMN())
{
	return __idxgen_cc_coalesced(__file, __idxgen_cc_site(__line, __col));
}

/* __match_any_sync / __match_all_sync: lanes present with an equal value. */
struct __idxgen_cc_match {
	int __all;
};
struct __idxgen_cc_match_r {
	unsigned int __mask;
	int __pred;

	explicit operator unsigned int() const	/* __match_any_sync's result */
	{
		return __mask;
	}
};

template <class __T>
static void __idxgen_cc_match_fn(const void *__s, uint32_t __present, uint32_t __lane, const void *__a, void *__out)
{
	__T __mine = __idxgen_cc_slot<__T>(__s, __lane);
	__idxgen_cc_match_r __r = { 0, 0 };

	for (uint32_t __l = 0; __l < 32; __l++)
		if (__present >> __l & 1 && __idxgen_cc_slot<__T>(__s, __l) == __mine)
			__r.__mask |= 1u << __l;
	if (((const __idxgen_cc_match *)__a)->__all) {
		__r.__pred = __r.__mask == __present;
		__r.__mask = __r.__pred ? __present : 0;
	}
	memcpy(__out, &__r, sizeof(__r));
}

template <class __T> static inline __idxgen_cc_wdf<unsigned int, __idxgen_cc_match_r, __idxgen_cc_match_fn<__T>> __idxgen_cc_d_match_any_sync(unsigned int __m, __T __v)
{
	return __idxgen_cc_wdesc<unsigned int, __idxgen_cc_match_r>(__m, __v, __idxgen_cc_match_fn<__T>, __idxgen_cc_match{ 0 });
}
template <class __T> static inline unsigned int __match_any_sync(unsigned int __m, __T __v)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_match_any_sync(__m, __v));
}
template <class __T> static inline unsigned int __match_all_sync(unsigned int __m, __T __v, int *__pred)
{
	__idxgen_cc_match_r __r =
		__idxgen_cc_fiber_warp<__idxgen_cc_match_r>(__m, __v, __idxgen_cc_match_fn<__T>, __idxgen_cc_match{ 1 });

	*__pred = __r.__pred;
	return __r.__mask;
}

/* __reduce_add/min/max_sync over the lanes present (unsigned and int, as CUDA); and/or/xor (unsigned only). */
template <class __T>
static void __idxgen_cc_reduce_fn(const void *__s, uint32_t __present, uint32_t __lane, const void *__a, void *__out)
{
	int __op = *(const int *)__a;
	__T __r = __idxgen_cc_slot<__T>(__s, __lane);

	for (uint32_t __l = 0; __l < 32; __l++) {
		__T __v;

		if (!(__present >> __l & 1) || __l == __lane)
			continue;
		__v = __idxgen_cc_slot<__T>(__s, __l);
		__r = __op == 0 ? (__T)(__r + __v) : __op == 1 ? (__v < __r ? __v : __r) :
		      __op == 2 ? (__v > __r ? __v : __r) : __op == 3 ? (__T)(__r & __v) :
		      __op == 4 ? (__T)(__r | __v) : (__T)(__r ^ __v);
	}
	memcpy(__out, &__r, sizeof(__r));
}

static inline __idxgen_cc_wdf<unsigned int, unsigned int, __idxgen_cc_reduce_fn<unsigned int>> __idxgen_cc_d_reduce_add_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_wdesc<unsigned int, unsigned int>(__m, __v, __idxgen_cc_reduce_fn<unsigned int>, 0);
}
static inline unsigned int __reduce_add_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_reduce_add_sync(__m, __v));
}
static inline __idxgen_cc_wdf<int, int, __idxgen_cc_reduce_fn<int>> __idxgen_cc_d_reduce_add_sync(unsigned int __m, int __v)
{
	return __idxgen_cc_wdesc<int, int>(__m, __v, __idxgen_cc_reduce_fn<int>, 0);
}
static inline int __reduce_add_sync(unsigned int __m, int __v)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_reduce_add_sync(__m, __v));
}
static inline __idxgen_cc_wdf<unsigned int, unsigned int, __idxgen_cc_reduce_fn<unsigned int>> __idxgen_cc_d_reduce_min_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_wdesc<unsigned int, unsigned int>(__m, __v, __idxgen_cc_reduce_fn<unsigned int>, 1);
}
static inline unsigned int __reduce_min_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_reduce_min_sync(__m, __v));
}
static inline __idxgen_cc_wdf<int, int, __idxgen_cc_reduce_fn<int>> __idxgen_cc_d_reduce_min_sync(unsigned int __m, int __v)
{
	return __idxgen_cc_wdesc<int, int>(__m, __v, __idxgen_cc_reduce_fn<int>, 1);
}
static inline int __reduce_min_sync(unsigned int __m, int __v)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_reduce_min_sync(__m, __v));
}
static inline __idxgen_cc_wdf<unsigned int, unsigned int, __idxgen_cc_reduce_fn<unsigned int>> __idxgen_cc_d_reduce_max_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_wdesc<unsigned int, unsigned int>(__m, __v, __idxgen_cc_reduce_fn<unsigned int>, 2);
}
static inline unsigned int __reduce_max_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_reduce_max_sync(__m, __v));
}
static inline __idxgen_cc_wdf<int, int, __idxgen_cc_reduce_fn<int>> __idxgen_cc_d_reduce_max_sync(unsigned int __m, int __v)
{
	return __idxgen_cc_wdesc<int, int>(__m, __v, __idxgen_cc_reduce_fn<int>, 2);
}
static inline int __reduce_max_sync(unsigned int __m, int __v)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_reduce_max_sync(__m, __v));
}
static inline __idxgen_cc_wdf<unsigned int, unsigned int, __idxgen_cc_reduce_fn<unsigned int>> __idxgen_cc_d_reduce_and_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_wdesc<unsigned int, unsigned int>(__m, __v, __idxgen_cc_reduce_fn<unsigned int>, 3);
}
static inline unsigned int __reduce_and_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_reduce_and_sync(__m, __v));
}
static inline __idxgen_cc_wdf<unsigned int, unsigned int, __idxgen_cc_reduce_fn<unsigned int>> __idxgen_cc_d_reduce_or_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_wdesc<unsigned int, unsigned int>(__m, __v, __idxgen_cc_reduce_fn<unsigned int>, 4);
}
static inline unsigned int __reduce_or_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_reduce_or_sync(__m, __v));
}
static inline __idxgen_cc_wdf<unsigned int, unsigned int, __idxgen_cc_reduce_fn<unsigned int>> __idxgen_cc_d_reduce_xor_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_wdesc<unsigned int, unsigned int>(__m, __v, __idxgen_cc_reduce_fn<unsigned int>, 5);
}
static inline unsigned int __reduce_xor_sync(unsigned int __m, unsigned int __v)
{
	return __idxgen_cc_fiber_do(__idxgen_cc_d_reduce_xor_sync(__m, __v));
}

/*
 * sm_20's bool forms of the barrier reductions (sm_20_intrinsics.h:
 * syncthreads_count/and/or(bool)): the int forms above.
 */
static inline int syncthreads_count(bool __p)
{
	return __syncthreads_count((int)__p);
}
static inline bool syncthreads_and(bool __p)
{
	return __syncthreads_and((int)__p) != 0;
}
static inline bool syncthreads_or(bool __p)
{
	return __syncthreads_or((int)__p) != 0;
}

/*
 * Named barriers (PTX bar.sync a{, b}; sm_30_intrinsics.h).
 * __barrier_sync(id): every thread of the block, as __syncthreads() (a
 * program that keeps every thread at one barrier id at a time, as a GPU
 * requires, cannot tell the ids apart).  __barrier_sync_count(id, n): the
 * barrier id (0-15) completes once n threads have arrived at it, the
 * others of the block going on meanwhile (warp-specialised producers and
 * consumers); n a multiple of the warp size, as PTX requires.  Arrivals
 * are counted per thread, and a warp counts 32 as on a GPU, whose barriers
 * count warps: the partial last warp of a block of m threads adds the 32 - m
 * it lacks with the arrival of its last thread (it counted m before, so a
 * block of 48 threads never completed a count of 64 and trapped).  The
 * state of the 16 barriers belongs to the block
 * (its threads run on one OS thread, its blocks one after another); a
 * waiting thread lets the others run (__IDXGEN_FIBER_YIELD), and a wait
 * that sees no arrival anywhere in the block over two such rounds can
 * never end: the launch traps, where a GPU would hang.
 */
struct __idxgen_cc_named_bars {
	const struct idxgen_rt_block *__blk;
	void *const *__args;
	uint32_t __bidx[3];
	unsigned int __arrived[16], __phase[16], __partial[16];	/* __partial: arrivals of the partial last warp */
	unsigned long __arrivals;
};

inline __idxgen_cc_named_bars &__idxgen_cc_named_bars_of(const struct idxgen_rt_block *__k)
{
	static thread_local __idxgen_cc_named_bars __b;

	if (__b.__blk != __k || __b.__args != __k->args || memcmp(__b.__bidx, __k->block_idx, sizeof(__b.__bidx))) {
		memset(&__b, 0, sizeof(__b));
		__b.__blk = __k;
		__b.__args = __k->args;
		memcpy(__b.__bidx, __k->block_idx, sizeof(__b.__bidx));
	}
	return __b;
}

static inline void __barrier_sync(unsigned int __id)
{
	(void)__id;
	__syncthreads();
}

static inline void __barrier_sync_count(unsigned int __id, unsigned int __n)
{
	struct idxgen_rt_block *__k = __idxgen_fiber_block();

	if (!__k || !__idxgen_fiber_self()) {
		__syncthreads();	/* not a fiber: the runtime's message */
		return;
	}
	if (__id > 15 || !__n || __n % 32)
		idxgen_rt_trap(__k, "__barrier_sync_count(%u, %u): the barrier is 0-15 and the count a nonzero multiple of 32",
			       __id, __n);
	__idxgen_cc_named_bars &__b = __idxgen_cc_named_bars_of(__k);
	unsigned int __phase = __b.__phase[__id];

	unsigned int __lin = __idxgen_fiber_self()->lin, __m = __k->nthreads % 32;

	__b.__arrivals++;
	__b.__arrived[__id]++;
	if (__m && __lin >= __k->nthreads - __m && ++__b.__partial[__id] == __m) {
		__b.__arrived[__id] += 32 - __m;	/* the warp arrived: 32, as a GPU counts it */
		__b.__partial[__id] = 0;
	}
	if (__b.__arrived[__id] >= __n) {
		__b.__arrived[__id] = 0;
		__b.__phase[__id]++;
		return;
	}
	for (unsigned long __seen = __b.__arrivals, __still = 0; __b.__phase[__id] == __phase;) {
		__idxgen_fiber_barrier(__IDXGEN_FIBER_YIELD, 0);
		if (__b.__arrivals != __seen) {
			__seen = __b.__arrivals;
			__still = 0;
		} else if (++__still == 2) {
			idxgen_rt_trap(__k, "deadlock: named barrier %u waits for %u threads, %u arrived, no other can arrive",
				       __id, __n, __b.__arrived[__id]);
		}
	}
	__idxgen_cc_fiber_tid();
}

/*
 * Thread-block clusters (sm_90, crt/sm_90_rt.h): a launch here is clusters
 * of one block (cudaDevAttrClusterLaunch 0; a larger cluster is refused at
 * launch), so the cluster index is the block index, the grid in clusters
 * the grid, and the cluster barrier the block's: __cluster_barrier_wait()
 * returns once every live thread of the block is there (after its arrive,
 * idxgen_cuda_sm90.h: a thread that waits has arrived).  Read from the
 * running block, which only fibers have: idxgen-cc runs a kernel that
 * calls these as fibers (lib/cc/fiber_plan.c).
 */
static inline const struct idxgen_rt_block *__idxgen_cc_cluster_block(void)
{
	const struct idxgen_rt_block *__k = __idxgen_fiber_block();

	if (!__k)
		__trap();	/* not planned as fibers: a translator slip, never a wrong answer */
	return __k;
}
static inline dim3 __clusterIdx(void)
{
	const struct idxgen_rt_block *__k = __idxgen_cc_cluster_block();

	return dim3(__k->block_idx[0], __k->block_idx[1], __k->block_idx[2]);
}
static inline dim3 __clusterGridDimInClusters(void)
{
	const struct idxgen_rt_block *__k = __idxgen_cc_cluster_block();

	return dim3(__k->grid_dim[0], __k->grid_dim[1], __k->grid_dim[2]);
}
static inline void __cluster_barrier_wait(void)
{
	__syncthreads();
}

/*
 * Lane loops (lib/cc/lane_plan.c, __idxgen_fiber_run_warps): a kernel whose
 * barriers all sit in control flow uniform across the block runs one fiber
 * per warp, and the code between two barriers as a loop over the warp's
 * lanes, in linear order from the warp's lane 0:
 *
 *     const struct __idxgen_cc_lanes __idxgen_ln = __idxgen_cc_lanes_here();
 *     __IDXGEN_CC_LANES(__idxgen_ln) { __IDXGEN_CC_LANE_TID(); ... }
 *     __idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
 *     __IDXGEN_CC_LANES(__idxgen_ln) { ... }
 *
 * Inside a lane loop threadIdx is a local (the thread loops' form: stores
 * cannot alias it), and, where the kernel calls functions of the program
 * (__IDXGEN_CC_LANE_TID_TLS), the file's thread-local copy too.
 */
struct __idxgen_cc_lanes {
	uint32_t n;		/* lanes of this warp (fewer in a block's last, partial warp) */
	uint32_t x0, y0, z0;	/* threadIdx of lane 0 */
	uint32_t bdx, bdy;
};
static inline struct __idxgen_cc_lanes __idxgen_cc_lanes_here(void)
{
	const struct __idxgen_fiber_tid *__t = __idxgen_fiber_self();
	const struct idxgen_rt_block *__k = __idxgen_fiber_block();
	struct __idxgen_cc_lanes __l;
	uint32_t __lin;

	__l.bdx = __k->block_dim[0];
	__l.bdy = __k->block_dim[1];
	__l.x0 = __t->x;
	__l.y0 = __t->y;
	__l.z0 = __t->z;
	__lin = __t->x + __t->y * __l.bdx + __t->z * __l.bdx * __l.bdy;
	__l.n = __k->nthreads - __lin < 32 ? __k->nthreads - __lin : 32;
	return __l;
}
/* (x, y, z) := the thread after it in linear order */
static inline void __idxgen_cc_lane_next(const struct __idxgen_cc_lanes &__l, uint32_t &__x, uint32_t &__y,
					 uint32_t &__z)
{
	if (++__x == __l.bdx) {
		__x = 0;
		if (++__y == __l.bdy) {
			__y = 0;
			++__z;
		}
	}
}
static inline uint3 __idxgen_cc_lane_set(uint32_t __x, uint32_t __y, uint32_t __z)
{
	threadIdx.x = __x;
	threadIdx.y = __y;
	threadIdx.z = __z;
	return threadIdx;
}
#define __IDXGEN_CC_LANES(ln)                                                                                      \
	for (uint32_t __idxgen_l = 0, __idxgen_x = (ln).x0, __idxgen_y = (ln).y0, __idxgen_z = (ln).z0;           \
	     __idxgen_l < (ln).n; __idxgen_l++, __idxgen_cc_lane_next((ln), __idxgen_x, __idxgen_y, __idxgen_z))
#define __IDXGEN_CC_LANE_TID() const uint3 threadIdx __attribute__((unused)) = { __idxgen_x, __idxgen_y, __idxgen_z }
#define __IDXGEN_CC_LANE_TID_TLS() \
	const uint3 threadIdx __attribute__((unused)) = __idxgen_cc_lane_set(__idxgen_x, __idxgen_y, __idxgen_z)

/* The warp's lanes that have not returned (gone: the lanes that did, lane_plan.c's exit mask). */
static inline uint32_t __idxgen_cc_lanes_live(const struct __idxgen_cc_lanes &__l, uint32_t __gone)
{
	return (__l.n >= 32 ? ~0u : (1u << __l.n) - 1u) & ~__gone;
}

/*
 * A warp operation as a statement of lane loops (lib/cc/lane_plan.c):
 * `v += __shfl_down_sync(m, v, o);` becomes, in the lane loop,
 *
 *     __idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(v), __idxgen_cc_as_add(),
 *                          __idxgen_cc_d_shfl_down_sync(m, v, o));
 *
 * (each lane hands in its description and where its result goes), and
 * after the loop __idxgen_cc_lane_run(__idxgen_wo, live) computes every
 * live lane's result with the operation's own function -- the one the
 * runtime calls for a fiber per thread (lib/rt/fiber.c warp_complete) --
 * and makes the statement's assignment.  The lanes present are the warp's
 * live ones: the statement is in control flow uniform across the warp, so
 * every live lane comes to it with the same (uniform) mask, and the
 * runtime's operation then has them all (lanes outside a mask that leaves
 * some out join it: warp_try).  One object serves every operation of the
 * kernel: each is computed before the next is handed in.
 */
struct __idxgen_cc_lane_op {
	alignas(16) unsigned char __slots[32 * __IDXGEN_FIBER_SLOT];
	alignas(16) unsigned char __args[32][16];
	void *__dst[32];
	void (*__run)(__idxgen_cc_lane_op &__o, uint32_t __live);
};

/* The statement's assignment of a lane's result r (its operator: =, +=, ...). */
#define __IDXGEN_CC_AS(name, op)                                                \
	struct __idxgen_cc_as_##name {                                          \
		template <class __X, class __Y> static void __do(__X &__x, const __Y &__y) \
		{                                                               \
			__x op __y;                                             \
		}                                                               \
	};
__IDXGEN_CC_AS(set, =)
__IDXGEN_CC_AS(add, +=)
__IDXGEN_CC_AS(sub, -=)
__IDXGEN_CC_AS(mul, *=)
__IDXGEN_CC_AS(and, &=)
__IDXGEN_CC_AS(or, |=)
__IDXGEN_CC_AS(xor, ^=)
__IDXGEN_CC_AS(shl, <<=)
__IDXGEN_CC_AS(shr, >>=)
#undef __IDXGEN_CC_AS

/* Every live lane's result by the operation's function __F, assigned to where the lane said. */
template <class __X, class __As, class __O, class __R, __idxgen_fiber_warp_fn __F>
static void __idxgen_cc_lane_run_as(__idxgen_cc_lane_op &__o, uint32_t __live)
{
	for (uint32_t __m = __live; __m; __m &= __m - 1) {
		uint32_t __l = (uint32_t)__builtin_ctz(__m);
		alignas(16) unsigned char __r[16];
		__R __v;

		__F(__o.__slots, __live, __l, __o.__args[__l], __r);
		memcpy(&__v, __r, sizeof(__R));
		__As::__do(*(__X *)__o.__dst[__l], (__O)__v);
	}
}

/* A result nobody reads: the functions compute, they change nothing. */
static inline void __idxgen_cc_lane_run_none(__idxgen_cc_lane_op &__o, uint32_t __live)
{
	(void)__o, (void)__live;
}

template <class __O, class __R, __idxgen_fiber_warp_fn __F>
static inline void __idxgen_cc_lane_put(__idxgen_cc_lane_op &__o, uint32_t __l, const __idxgen_cc_wdf<__O, __R, __F> &__d)
{
	(void)__l, (void)__d;
	__o.__run = __idxgen_cc_lane_run_none;
}

template <class __X, class __As, class __O, class __R, __idxgen_fiber_warp_fn __F>
static inline void __idxgen_cc_lane_put(__idxgen_cc_lane_op &__o, uint32_t __l, __X *__dst, __As,
					const __idxgen_cc_wdf<__O, __R, __F> &__d)
{
	static_assert(sizeof(__R) <= 16, "idxgen: a warp operation's result is at most 16 bytes");
	memcpy(__o.__slots + __l * __IDXGEN_FIBER_SLOT, __d.__v, __IDXGEN_FIBER_SLOT);
	memcpy(__o.__args[__l], __d.__arg, sizeof(__d.__arg));
	__o.__dst[__l] = __dst;
	__o.__run = __idxgen_cc_lane_run_as<__X, __As, __O, __R, __F>;
}

static inline void __idxgen_cc_lane_run(__idxgen_cc_lane_op &__o, uint32_t __live)
{
	__o.__run(__o, __live);
}

/*
 * A kernel argument CUDA copies bitwise (lib/cc/kernel_param_class.c): the
 * thread's own copy of the launch's bytes, neither copy-constructed nor
 * destroyed.  A temporary of the fiber entry's call, so it lives as long as
 * the thread's kernel call, on the thread's own stack.
 */
template <class __T> struct __idxgen_cc_bitwise_arg {
	alignas(__T) unsigned char __bytes[sizeof(__T)];

	explicit __idxgen_cc_bitwise_arg(const void *__p) { memcpy(__bytes, __p, sizeof(__T)); }
	__T &__get() { return *reinterpret_cast<__T *>(__bytes); }
};

/* A fiber kernel's thread starts: its threadIdx, an empty path (a trapped block may have left one). */
static inline void __idxgen_cc_fiber_enter(void)
{
	__idxgen_cc_fiber_tid();
	*__idxgen_cc_path_slot() = 0;
}

#endif
