// SPDX-License-Identifier: MIT
/*
 * cuda/idxgen_sync.h - what <cuda/barrier> and <cuda/pipeline> share: the
 * thread scopes, cuda::aligned_size_t, the copy that memcpy_async makes at
 * once (there is no copy engine to overlap with here: the bytes are in
 * place when the call returns, before any barrier or pipeline stage that
 * CUDA would make them visible at), and the wait of a thread of a block
 * for a condition other threads of the block make true.
 *
 * A kernel that names these headers' declarations runs as fibers
 * (lib/cc/README.md, "Two execution models"; fiber_plan.c matches the
 * files): a block's threads take turns on one worker thread, and a thread
 * that waits suspends until every other thread of its block is suspended
 * or returned (__idxgen_fiber_coalesced: the runtime's "nobody else can
 * run"), then looks again, its threadIdx restored as after __syncthreads()
 * (a translated program includes idxgen_cc_program.h first).  A wait that sees no arrival anywhere in the
 * block for two such rounds can never end (every other thread waits too,
 * at a barrier, a warp operation or the same kind of wait): the launch
 * traps with a message, where a GPU would hang.  C++11.
 */
#ifndef IDXGEN_CUDA_SYNC_H
#define IDXGEN_CUDA_SYNC_H

#ifndef __cplusplus
#error "<cuda/barrier> and <cuda/pipeline> are C++ (as libcu++ is)"
#endif

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <utility>

#include <idxgen_rt_fiber.h>

#include "idxgen_scope.h"

#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif

namespace cuda
{

namespace __idxgen
{

template <class _Size> static inline size_t __bytes(const _Size &__s)
{
	return (size_t)__s;
}

/* one thread's copy, made now */
static inline void __copy(void *__dst, const void *__src, size_t __n)
{
	if (__n)
		memmove(__dst, __src, __n);
}

/* a group's copy: ranks take consecutive equal parts */
template <class _Group>
static inline void __copy_part(const _Group &__g, void *__dst, const void *__src, size_t __n)
{
	size_t __size = __g.size(), __r = __g.thread_rank(), __part = (__n + __size - 1) / __size;
	size_t __lo = __r * __part < __n ? __r * __part : __n, __hi = __lo + __part < __n ? __lo + __part : __n;

	if (__hi > __lo)
		memmove((char *)__dst + __lo, (const char *)__src + __lo, __hi - __lo);
}

/*
 * Arrivals (barrier arrivals, pipeline commits and releases) of the blocks
 * run on this worker thread: a wait that sees the count unchanged over two
 * rounds of the block knows that nothing can change.  One counter per
 * worker thread (a block's fibers all run on it); inline, so every file of
 * the program shares it.
 */
inline unsigned long &__progress()
{
	static thread_local unsigned long __n;
	return __n;
}

/* Suspend until __ready() holds; trap when it never can. */
template <class _Pred> static inline void __wait_until(_Pred __ready, const char *__what)
{
	unsigned long __seen = __progress();
	int __still = 0;

	while (!__ready()) {
		__idxgen_fiber_coalesced(__what, 0);
#ifdef __idxgen_cc_fiber_tid
		/* another thread ran: this one's threadIdx back (idxgen_cc_fiber.h) */
		__idxgen_cc_fiber_tid();
#endif
		if (__progress() != __seen) {
			__seen = __progress();
			__still = 0;
		} else if (++__still == 2) {
			idxgen_rt_trap(__idxgen_fiber_block(),
				       "deadlock: %s can never complete (no thread of the block can arrive)", __what);
		}
	}
}

} // namespace __idxgen
} // namespace cuda

#endif /* IDXGEN_CUDA_SYNC_H */
