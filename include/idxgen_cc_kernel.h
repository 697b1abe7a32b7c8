/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cc_kernel.h - included by the C that idxgen-cc emits: the runtime's
 * kernel ABI (idxgen_rt.h), CUDA's types, qualifiers, atomics and math
 * helpers in C11 (GNU C: __typeof__, statement expressions, __atomic
 * builtins).
 */
#ifndef IDXGEN_CC_KERNEL_H
#define IDXGEN_CC_KERNEL_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <idxgen_rt.h>
#include <idxgen_cc_warp.h>
#include <idxgen_cc_shift.h>

/* CUDA's dim3/uint3 (threadIdx & co. are locals of this type). */
typedef struct {
	unsigned int x, y, z;
} dim3;
typedef dim3 uint3;
/* dim3 by a name no kernel uses: a kernel's variable named dim3 hides the type (lib/cc/emit.c dim3_type) */
typedef dim3 __idxgen_dim3;
/* Texture and surface object handles: kernels may pass them on (reads need C++). */
typedef unsigned long long cudaTextureObject_t, cudaSurfaceObject_t;

#define __global__
#define __device__ static inline
#define __host__
#define __shared__
#define __forceinline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict

/*
 * In front of the innermost thread loop: the iterations of a barrier-free
 * region may run in any order (threads of a block synchronise only at
 * barriers), so the compiler may vectorize across threads without proving
 * independence -- what POCL's work-item loops tell LLVM too.
 */
#if defined(__clang__)
/* a hint, not a demand: no warning when a loop stays scalar */
#pragma clang diagnostic ignored "-Wpass-failed"
#define IDXGEN_CC_INDEPENDENT _Pragma("clang loop vectorize(assume_safety) interleave_count(1)")
#define IDXGEN_CC_SHORT_LOOP _Pragma("clang loop interleave_count(1)")
/* in front of a thread loop's inner loop of constant count: unrolled, the thread loop becomes
   innermost and vectorises (lib/cc/unroll.c); GCC: nothing */
#define IDXGEN_CC_UNROLL_FULL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define IDXGEN_CC_INDEPENDENT _Pragma("GCC ivdep")
#define IDXGEN_CC_SHORT_LOOP
#define IDXGEN_CC_UNROLL_FULL
#else
#define IDXGEN_CC_INDEPENDENT
#define IDXGEN_CC_SHORT_LOOP
#define IDXGEN_CC_UNROLL_FULL
#endif

/*
 * Is the block's index stream in x-fastest order (thread t = (x, y, z) with
 * t = (z * dy + y) * dx + x)?  Then the translated thread loops compute the
 * indices instead of loading them.  The runtime classified the stream when
 * it unpacked it, once per launch (blk->stream_order, kernel ABI 2: emitted
 * code declares IDXGEN_RT_ABI_VERSION, so a runtime that does not fill the
 * field refuses the kernel): no per-block scan of the stream.
 */
static inline int idxgen_cc_linear(const struct idxgen_rt_block *b)
{
	return b->stream_order == IDXGEN_RT_STREAM_LINEAR;
}

/* Blocks run concurrently on OS threads: every atomic is a real one. */
#define idxgen_cc_atomic_rmw(op, p, v) __atomic_fetch_##op((p), (v), __ATOMIC_RELAXED)
static inline float idxgen_cc_atomic_add_f(float *p, float v)
{
	uint32_t *w = (uint32_t *)p, old = __atomic_load_n(w, __ATOMIC_RELAXED), nv;
	float f;

	do {
		memcpy(&f, &old, sizeof(f));
		f += v;
		memcpy(&nv, &f, sizeof(nv));
	} while (!__atomic_compare_exchange_n(w, &old, nv, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
	memcpy(&f, &old, sizeof(f));
	return f;
}
/*
 * The statement expressions' locals have reserved names: the arguments are
 * the kernel's text, where a promoted variable `o` is `o_[__t]`.
 */
#define idxgen_cc_atomic_minmax(p, v, cmp) __extension__({			\
	__typeof__(*(p)) *__idxgen_p = (p), __idxgen_v = (v),			\
		__idxgen_o = __atomic_load_n(__idxgen_p, __ATOMIC_RELAXED);	\
	while ((__idxgen_v cmp __idxgen_o) &&					\
	       !__atomic_compare_exchange_n(__idxgen_p, &__idxgen_o, __idxgen_v, 1, __ATOMIC_RELAXED, \
					    __ATOMIC_RELAXED))			\
		;								\
	__idxgen_o; })
static inline int idxgen_cc_atomic_add_i(int *p, int v)
{
	return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
static inline unsigned int idxgen_cc_atomic_add_u(unsigned int *p, unsigned int v)
{
	return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
static inline unsigned long long idxgen_cc_atomic_add_ull(unsigned long long *p, unsigned long long v)
{
	return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
static inline double idxgen_cc_atomic_add_d(double *p, double v)
{
	uint64_t *w = (uint64_t *)p, old = __atomic_load_n(w, __ATOMIC_RELAXED), nv;
	double d;

	do {
		memcpy(&d, &old, sizeof(d));
		d += v;
		memcpy(&nv, &d, sizeof(nv));
	} while (!__atomic_compare_exchange_n(w, &old, nv, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
	memcpy(&d, &old, sizeof(d));
	return d;
}
#define atomicAdd(p, v) _Generic((p), float *: idxgen_cc_atomic_add_f, int *: idxgen_cc_atomic_add_i, \
	unsigned int *: idxgen_cc_atomic_add_u, unsigned long long *: idxgen_cc_atomic_add_ull, \
	double *: idxgen_cc_atomic_add_d)((p), (v))
#define atomicSub(p, v) idxgen_cc_atomic_rmw(sub, p, v)
#define atomicAnd(p, v) idxgen_cc_atomic_rmw(and, p, v)
#define atomicOr(p, v) idxgen_cc_atomic_rmw(or, p, v)
#define atomicXor(p, v) idxgen_cc_atomic_rmw(xor, p, v)
/* atomicExch has a float overload, which __atomic_exchange_n does not take: one function per type. */
#define idxgen_cc_atomic_exch_fn(sfx, _Tp)					\
static inline _Tp idxgen_cc_atomic_exch_##sfx(_Tp *p, _Tp v)			\
{										\
	return __atomic_exchange_n(p, v, __ATOMIC_RELAXED);			\
}
idxgen_cc_atomic_exch_fn(i, int)
idxgen_cc_atomic_exch_fn(u, unsigned int)
idxgen_cc_atomic_exch_fn(ull, unsigned long long)
static inline float idxgen_cc_atomic_exch_f(float *p, float v)
{
	uint32_t nv, old;
	float f;

	memcpy(&nv, &v, sizeof(nv));
	old = __atomic_exchange_n((uint32_t *)p, nv, __ATOMIC_RELAXED);
	memcpy(&f, &old, sizeof(f));
	return f;
}
#define atomicExch(p, v) _Generic((p), int *: idxgen_cc_atomic_exch_i, unsigned int *: idxgen_cc_atomic_exch_u, \
	unsigned long long *: idxgen_cc_atomic_exch_ull, float *: idxgen_cc_atomic_exch_f)((p), (v))
/* atomicInc/atomicDec: unsigned int only; wrap at the limit as CUDA does. */
#define atomicInc(p, lim) idxgen_rt_atomic_inc_u32((p), (lim))
#define atomicDec(p, lim) idxgen_rt_atomic_dec_u32((p), (lim))
/*
 * Atomics on the block's __shared__ memory (lib/cc/block_atomic.c): a
 * block's threads run on one CPU thread and none stops inside an
 * expression, so a read, the operation and a write are atomic there.  The
 * value is converted to the element's type first, as CUDA's overloads do.
 */
#define idxgen_cc_block_rmw(p, v, NEW) __extension__({				\
	__typeof__(&*(p)) __idxgen_p = (p);					\
	__typeof__(*__idxgen_p) __idxgen_v = (__typeof__(*__idxgen_p))(v),	\
		__idxgen_o = *__idxgen_p;	/* read after the operands, as the call would */ \
	*__idxgen_p = (NEW);							\
	__idxgen_o; })
#define idxgen_cc_block_atomicAdd(p, v) idxgen_cc_block_rmw(p, v, __idxgen_o + __idxgen_v)
#define idxgen_cc_block_atomicSub(p, v) idxgen_cc_block_rmw(p, v, __idxgen_o - __idxgen_v)
#define idxgen_cc_block_atomicExch(p, v) idxgen_cc_block_rmw(p, v, __idxgen_v)
#define idxgen_cc_block_atomicMin(p, v) idxgen_cc_block_rmw(p, v, __idxgen_v < __idxgen_o ? __idxgen_v : __idxgen_o)
#define idxgen_cc_block_atomicMax(p, v) idxgen_cc_block_rmw(p, v, __idxgen_v > __idxgen_o ? __idxgen_v : __idxgen_o)
#define idxgen_cc_block_atomicAnd(p, v) idxgen_cc_block_rmw(p, v, __idxgen_o & __idxgen_v)
#define idxgen_cc_block_atomicOr(p, v) idxgen_cc_block_rmw(p, v, __idxgen_o | __idxgen_v)
#define idxgen_cc_block_atomicXor(p, v) idxgen_cc_block_rmw(p, v, __idxgen_o ^ __idxgen_v)
#define idxgen_cc_block_atomicInc(p, v) idxgen_cc_block_rmw(p, v, __idxgen_o >= __idxgen_v ? 0 : __idxgen_o + 1)
#define idxgen_cc_block_atomicDec(p, v)						\
	idxgen_cc_block_rmw(p, v, __idxgen_o == 0 || __idxgen_o > __idxgen_v ? __idxgen_v : __idxgen_o - 1)
#define idxgen_cc_block_atomicCAS(p, c, v) __extension__({			\
	__typeof__(&*(p)) __idxgen_p = (p);					\
	__typeof__(*__idxgen_p) __idxgen_c = (__typeof__(*__idxgen_p))(c),	\
		__idxgen_v = (__typeof__(*__idxgen_p))(v), __idxgen_o = *__idxgen_p; \
	if (__idxgen_o == __idxgen_c)						\
		*__idxgen_p = __idxgen_v;					\
	__idxgen_o; })
/* The scoped forms: blocks share one coherent memory, so every scope is the device's. */
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicSub_block atomicSub
#define atomicSub_system atomicSub
#define atomicExch_block atomicExch
#define atomicExch_system atomicExch
#define atomicMin_block atomicMin
#define atomicMin_system atomicMin
#define atomicMax_block atomicMax
#define atomicMax_system atomicMax
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
#define atomicAnd_block atomicAnd
#define atomicAnd_system atomicAnd
#define atomicOr_block atomicOr
#define atomicOr_system atomicOr
#define atomicXor_block atomicXor
#define atomicXor_system atomicXor
#define atomicInc_block atomicInc
#define atomicInc_system atomicInc
#define atomicDec_block atomicDec
#define atomicDec_system atomicDec
#define atomicMin(p, v) idxgen_cc_atomic_minmax(p, v, <)
#define atomicMax(p, v) idxgen_cc_atomic_minmax(p, v, >)
#define atomicCAS(p, c, v) __extension__({					\
	__typeof__(*(p)) *__idxgen_p = (p), __idxgen_c = (c), __idxgen_v = (v);	\
	__atomic_compare_exchange_n(__idxgen_p, &__idxgen_c, __idxgen_v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
	__idxgen_c; })

#define min(a, b) __extension__({ __typeof__(a) __idxgen_a = (a); __typeof__(b) __idxgen_b = (b);	\
	__idxgen_a < __idxgen_b ? __idxgen_a : __idxgen_b; })
#define max(a, b) __extension__({ __typeof__(a) __idxgen_a = (a); __typeof__(b) __idxgen_b = (b);	\
	__idxgen_a > __idxgen_b ? __idxgen_a : __idxgen_b; })
#define umin(a, b) min((unsigned int)(a), (unsigned int)(b))
#define umax(a, b) max((unsigned int)(a), (unsigned int)(b))
#define rsqrtf(x) (1.0f / sqrtf(x))
#define rsqrt(x) (1.0 / sqrt(x))
#define __expf expf
#define __logf logf
#define __sinf sinf
#define __cosf cosf
#define __powf powf
#define __fdividef(a, b) ((a) / (b))
#define __saturatef(x) fminf(fmaxf((x), 0.0f), 1.0f)
#define __mul24(a, b) ((int)(a) * (int)(b))
#define __umul24(a, b) ((unsigned int)(a) * (unsigned int)(b))

#endif
