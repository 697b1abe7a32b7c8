/* SPDX-License-Identifier: MIT */
/*
 * idxgen_ref.h - the reference executor's view of CUDA: what g++ sees before
 * a .cu file (g++ -x c++ -include idxgen_ref.h k.cu) so that the kernel
 * source, untouched and independent of idxgen-cc, runs with every CUDA
 * thread a fiber of its own (ref.cc).  Obviously correct and slow: the
 * oracle the translator is compared with (tests/cc/fuzz).
 *
 * - threadIdx is the running fiber's index; blockIdx/blockDim/gridDim the
 *   launch's.  The blocks of a launch run one after another on one OS
 *   thread, so a __shared__ variable is a function-local static: one copy,
 *   used by one block at a time (like shared memory, not zeroed per block);
 * - __syncthreads() (and _count/_and/_or) is a real barrier: the fiber
 *   waits until every thread of the block that has not returned arrives;
 *   threads that arrive at different barriers are reported (divergence);
 * - fibers switch only at barriers, so an atomic is a plain read-modify-write;
 * - __device__ functions are plain functions, printf is printf.
 *
 * - warp operations (__shfl*_sync, __ballot_sync, __any/__all_sync,
 *   __syncwarp, __match_*_sync, __reduce_*_sync): the lanes of a warp (lane =
 *   linear thread number % 32) named in the mask meet there, in lock step, and
 *   exchange values (warp.cc); __activemask() is the warp's lanes that have
 *   not returned.
 *
 * Not here: extern __shared__ (dynamic shared memory), textures.
 */
#ifndef IDXGEN_REF_H
#define IDXGEN_REF_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>

struct uint3 {
	unsigned int x, y, z;
};
struct dim3 {
	unsigned int x, y, z;
};

namespace idxgen_ref
{

enum sync_kind { SYNC_PLAIN, SYNC_COUNT, SYNC_AND, SYNC_OR };

/* Where the running fiber's indices live (ref.cc keeps them current). */
struct thread_view {
	uint3 tid;
	uint3 bid;
	dim3 bdim, gdim;
};
const thread_view &self();

/* The barrier: returns the reduction of pred over the block's live threads
 * (kind SYNC_PLAIN: 0).  site names the call (its line) for the divergence check. */
int sync(enum sync_kind kind, int pred, int site);

/*
 * Warp-level operations: the lanes named in mask (lane = linear thread
 * number % 32, warp = linear thread number / 32) meet at the operation
 * (same line, same mask) and exchange their values; a lane waits there
 * until every lane of its mask has arrived.
 */
enum warp_kind {
	W_SYNC, W_SHFL, W_SHFL_UP, W_SHFL_DOWN, W_SHFL_XOR, W_BALLOT, W_ANY, W_ALL, W_MATCH_ANY, W_MATCH_ALL,
	W_RED_ADD, W_RED_MIN, W_RED_MAX, W_RED_AND, W_RED_OR, W_RED_XOR
};

struct warp_req {
	enum warp_kind kind;
	unsigned int mask;
	unsigned long long val;		/* the lane's value (size bytes, zero-extended) */
	unsigned int size;
	int is_signed;			/* reductions: compare as signed */
	int arg;			/* source lane, delta or lane mask */
	int width;			/* shuffles: segment width */
	int site;			/* the call's line */
	unsigned long long result;	/* filled when the lanes go on */
	int pred;			/* __match_all_sync's predicate */
};
void warp_op(warp_req *q);
unsigned int active_mask();

/* Order in which runnable fibers are resumed between two barriers. */
enum order { ORDER_FORWARD, ORDER_REVERSE, ORDER_SHUFFLE };

struct launch_opts {
	enum order order;
	unsigned int seed;		/* ORDER_SHUFFLE */
	size_t stack_bytes;		/* per fiber; 0: 64 KiB */
};

/*
 * What launch() returns.  LAUNCH_UNDEFINED is the one result that is the
 * kernel's business, not the executor's: the kernel read a value that CUDA
 * leaves undefined, a __shfl_sync whose source lane is not in the mask (one
 * left out of it, or one that does not exist: past the end of the block's
 * last, partial warp).  Every other failure is LAUNCH_ERROR.
 */
enum launch_result {
	LAUNCH_OK = 0,
	LAUNCH_ERROR = -1,	/* a divergent barrier or deadlock, a misused mask, out of memory */
	LAUNCH_UNDEFINED = -2,	/* a __shfl_sync read a lane outside its mask: undefined in CUDA */
};

/*
 * Run body (the kernel call) for every thread of a grid x block launch.
 * Returns LAUNCH_OK, or LAUNCH_ERROR / LAUNCH_UNDEFINED with *err set; the
 * launch stops at the first block that fails (its output is incomplete).
 */
int launch(dim3 grid, dim3 block, const std::function<void()> &body, const launch_opts &o,
	   std::string *err);

} /* namespace idxgen_ref */

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __shared__ static

#define threadIdx (::idxgen_ref::self().tid)
#define blockIdx (::idxgen_ref::self().bid)
#define blockDim (::idxgen_ref::self().bdim)
#define gridDim (::idxgen_ref::self().gdim)

#define __syncthreads() ((void)::idxgen_ref::sync(::idxgen_ref::SYNC_PLAIN, 0, __LINE__))
#define __syncthreads_count(p) ::idxgen_ref::sync(::idxgen_ref::SYNC_COUNT, (p) != 0, __LINE__)
#define __syncthreads_and(p) ::idxgen_ref::sync(::idxgen_ref::SYNC_AND, (p) != 0, __LINE__)
#define __syncthreads_or(p) ::idxgen_ref::sync(::idxgen_ref::SYNC_OR, (p) != 0, __LINE__)
#define warpSize 32

template <class T>
static inline T idxgen_ref_warp(enum ::idxgen_ref::warp_kind kind, unsigned int mask, T v, int arg, int width,
				int site, int *pred = nullptr)
{
	static_assert(sizeof(T) <= 8, "warp operations on values of at most 8 bytes");
	::idxgen_ref::warp_req q = {};
	T r;

	q.kind = kind;
	q.mask = mask;
	__builtin_memcpy(&q.val, &v, sizeof(T));
	q.size = sizeof(T);
	q.is_signed = (T)-1 < (T)0;
	q.arg = arg;
	q.width = width;
	q.site = site;
	::idxgen_ref::warp_op(&q);
	if (pred)
		*pred = q.pred;
	__builtin_memcpy(&r, &q.result, sizeof(T));
	return r;
}

template <class T>
static inline T __shfl_sync(unsigned int mask, T v, int src, int width = 32, int site = __builtin_LINE())
{
	return idxgen_ref_warp(::idxgen_ref::W_SHFL, mask, v, src, width, site);
}
template <class T>
static inline T __shfl_up_sync(unsigned int mask, T v, unsigned int d, int width = 32, int site = __builtin_LINE())
{
	return idxgen_ref_warp(::idxgen_ref::W_SHFL_UP, mask, v, (int)d, width, site);
}
template <class T>
static inline T __shfl_down_sync(unsigned int mask, T v, unsigned int d, int width = 32, int site = __builtin_LINE())
{
	return idxgen_ref_warp(::idxgen_ref::W_SHFL_DOWN, mask, v, (int)d, width, site);
}
template <class T>
static inline T __shfl_xor_sync(unsigned int mask, T v, int lm, int width = 32, int site = __builtin_LINE())
{
	return idxgen_ref_warp(::idxgen_ref::W_SHFL_XOR, mask, v, lm, width, site);
}
/* The bit intrinsics warp-aggregated atomics use with a ballot (the fuzzer's, gen.py). */
static inline int __popc(unsigned int x)
{
	return __builtin_popcount(x);
}

static inline int __ffs(int x)
{
	return __builtin_ffs(x);
}

static inline unsigned int __ballot_sync(unsigned int mask, int p, int site = __builtin_LINE())
{
	return idxgen_ref_warp(::idxgen_ref::W_BALLOT, mask, (unsigned int)(p != 0), 0, 32, site);
}
static inline int __any_sync(unsigned int mask, int p, int site = __builtin_LINE())
{
	return (int)idxgen_ref_warp(::idxgen_ref::W_ANY, mask, (unsigned int)(p != 0), 0, 32, site);
}
static inline int __all_sync(unsigned int mask, int p, int site = __builtin_LINE())
{
	return (int)idxgen_ref_warp(::idxgen_ref::W_ALL, mask, (unsigned int)(p != 0), 0, 32, site);
}
static inline void __syncwarp(unsigned int mask = 0xffffffffu, int site = __builtin_LINE())
{
	idxgen_ref_warp(::idxgen_ref::W_SYNC, mask, 0u, 0, 32, site);
}
/* The lanes of the caller's warp that have not returned (no convergence model). */
static inline unsigned int __activemask(void)
{
	return ::idxgen_ref::active_mask();
}
template <class T>
static inline unsigned int __match_any_sync(unsigned int mask, T v, int site = __builtin_LINE())
{
	return (unsigned int)idxgen_ref_warp(::idxgen_ref::W_MATCH_ANY, mask, (unsigned long long)v, 0, 32, site);
}
template <class T>
static inline unsigned int __match_all_sync(unsigned int mask, T v, int *pred, int site = __builtin_LINE())
{
	return (unsigned int)idxgen_ref_warp(::idxgen_ref::W_MATCH_ALL, mask, (unsigned long long)v, 0, 32, site,
					     pred);
}
#define IDXGEN_REF_REDUCE(name, kind, T)						\
	static inline T name(unsigned int mask, T v, int site = __builtin_LINE())		\
	{ return idxgen_ref_warp(::idxgen_ref::kind, mask, v, 0, 32, site); }
IDXGEN_REF_REDUCE(__reduce_add_sync, W_RED_ADD, int)
IDXGEN_REF_REDUCE(__reduce_add_sync, W_RED_ADD, unsigned int)
IDXGEN_REF_REDUCE(__reduce_min_sync, W_RED_MIN, int)
IDXGEN_REF_REDUCE(__reduce_min_sync, W_RED_MIN, unsigned int)
IDXGEN_REF_REDUCE(__reduce_max_sync, W_RED_MAX, int)
IDXGEN_REF_REDUCE(__reduce_max_sync, W_RED_MAX, unsigned int)
IDXGEN_REF_REDUCE(__reduce_and_sync, W_RED_AND, unsigned int)
IDXGEN_REF_REDUCE(__reduce_or_sync, W_RED_OR, unsigned int)
IDXGEN_REF_REDUCE(__reduce_xor_sync, W_RED_XOR, unsigned int)
#undef IDXGEN_REF_REDUCE

/* Memory is coherent between fibers of one OS thread. */
static inline void __threadfence(void) {}
static inline void __threadfence_block(void) {}

/* Atomics: fibers never switch inside one, so plain code is atomic. */
#define IDXGEN_REF_ATOMICS(T)								\
	static inline T atomicAdd(T *p, T v) { T o = *p; *p = (T)(o + v); return o; }	\
	static inline T atomicSub(T *p, T v) { T o = *p; *p = (T)(o - v); return o; }	\
	static inline T atomicExch(T *p, T v) { T o = *p; *p = v; return o; }		\
	static inline T atomicMin(T *p, T v) { T o = *p; *p = v < o ? v : o; return o; }	\
	static inline T atomicMax(T *p, T v) { T o = *p; *p = v > o ? v : o; return o; }	\
	static inline T atomicAnd(T *p, T v) { T o = *p; *p = o & v; return o; }	\
	static inline T atomicOr(T *p, T v) { T o = *p; *p = o | v; return o; }		\
	static inline T atomicXor(T *p, T v) { T o = *p; *p = o ^ v; return o; }	\
	static inline T atomicCAS(T *p, T cmp, T v) { T o = *p; if (o == cmp) *p = v; return o; }
IDXGEN_REF_ATOMICS(int)
IDXGEN_REF_ATOMICS(unsigned int)
IDXGEN_REF_ATOMICS(unsigned long long)
#undef IDXGEN_REF_ATOMICS
static inline float atomicAdd(float *p, float v) { float o = *p; *p = o + v; return o; }
static inline double atomicAdd(double *p, double v) { double o = *p; *p = o + v; return o; }

/* CUDA's overloaded min/max and the math built-ins the subset has. */
#define IDXGEN_REF_MINMAX(T)								\
	static inline T min(T a, T b) { return a < b ? a : b; }				\
	static inline T max(T a, T b) { return a > b ? a : b; }
IDXGEN_REF_MINMAX(int)
IDXGEN_REF_MINMAX(unsigned int)
IDXGEN_REF_MINMAX(long)
IDXGEN_REF_MINMAX(unsigned long)
IDXGEN_REF_MINMAX(long long)
IDXGEN_REF_MINMAX(unsigned long long)
IDXGEN_REF_MINMAX(float)
IDXGEN_REF_MINMAX(double)
#undef IDXGEN_REF_MINMAX
static inline unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
static inline unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
/* __expf, __logf, __sinf, __cosf, __powf: glibc's (<cmath>) */
static inline float __fdividef(float x, float y) { return x / y; }
static inline float __saturatef(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }
static inline int __mul24(int a, int b)	/* low 32 bits of the 24-bit signed product */
{
	long long x = ((a & 0xffffff) ^ 0x800000) - 0x800000, y = ((b & 0xffffff) ^ 0x800000) - 0x800000;

	return (int)(unsigned int)(unsigned long long)(x * y);
}
static inline unsigned int __umul24(unsigned int a, unsigned int b) { return (a & 0xffffffu) * (b & 0xffffffu); }

#endif /* IDXGEN_REF_H */
