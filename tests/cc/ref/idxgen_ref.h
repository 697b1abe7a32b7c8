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
 * Not here: extern __shared__ (dynamic shared memory), textures, warp
 * intrinsics (issue 23: a per-warp rendezvous like the barrier's).
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

/* Order in which runnable fibers are resumed between two barriers. */
enum order { ORDER_FORWARD, ORDER_REVERSE, ORDER_SHUFFLE };

struct launch_opts {
	enum order order;
	unsigned int seed;		/* ORDER_SHUFFLE */
	size_t stack_bytes;		/* per fiber; 0: 64 KiB */
};

/*
 * Run body (the kernel call) for every thread of a grid x block launch.
 * Returns 0, or -1 with *err set: a divergent barrier (threads waiting at
 * different barriers), out of memory.
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
