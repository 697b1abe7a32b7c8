/* SPDX-License-Identifier: MIT */
/*
 * cooperative_groups/memcpy_async.h - cg::memcpy_async(group, dst, src,
 * bytes) (and the element-count form) with cg::wait / cg::wait_prior<N>.
 * There is no copy engine to overlap with here, so the copy is made at
 * once, split among the group's threads by rank, and wait(group) is the
 * group's barrier that makes every part visible to every member (CUDA's
 * contract: the data is there after the wait).  A kernel using them runs
 * as fibers.
 */
#ifndef IDXGEN_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define IDXGEN_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define _COOPERATIVE_GROUPS_MEMCPY_ASYNC

#include <stddef.h>
#include <string.h>
#include <cooperative_groups.h>

namespace cooperative_groups
{

#ifdef __IDXGEN_CC__
template <class _Group, class _Size>
IDXGEN_CG_UNTRANSLATED void memcpy_async(const _Group &g, void *dst, const void *src, _Size bytes);
template <class _Group, class _Tp>
IDXGEN_CG_UNTRANSLATED void memcpy_async(const _Group &g, _Tp *dst, size_t dst_count, const _Tp *src, size_t src_count);
template <class _Group> IDXGEN_CG_UNTRANSLATED void wait(const _Group &g);
template <unsigned int _Np, class _Group> IDXGEN_CG_UNTRANSLATED void wait_prior(const _Group &g);
#else
/* This thread's share of n bytes: ranks take consecutive equal parts. */
template <class _Group> static inline void __idxgen_cg_copy_part(const _Group &__g, char *__d, const char *__s, size_t __n)
{
	size_t __size = __g.size(), __r = __g.thread_rank(), __part = (__n + __size - 1) / __size;
	size_t __lo = __r * __part < __n ? __r * __part : __n, __hi = __lo + __part < __n ? __lo + __part : __n;

	if (__hi > __lo)
		memcpy(__d + __lo, __s + __lo, __hi - __lo);
}

template <class _Group, class _Size>
static inline void memcpy_async(const _Group &__g, void *__dst, const void *__src, _Size __bytes)
{
	__idxgen_cg_copy_part(__g, (char *)__dst, (const char *)__src, (size_t)__bytes);
}

template <class _Group, class _Tp>
static inline void memcpy_async(const _Group &__g, _Tp *__dst, size_t __dst_count, const _Tp *__src, size_t __src_count)
{
	size_t __n = __dst_count < __src_count ? __dst_count : __src_count;

	__idxgen_cg_copy_part(__g, (char *)__dst, (const char *)__src, __n * sizeof(_Tp));
}

/* Every copy the group started is complete and visible to all of it. */
template <class _Group> static inline void wait(const _Group &__g)
{
	__g.sync();
}

/* All but the last N copies complete: here every copy already is, so the same barrier. */
template <unsigned int _Np, class _Group> static inline void wait_prior(const _Group &__g)
{
	__g.sync();
}
#endif

} /* namespace cooperative_groups */

#endif
