/* SPDX-License-Identifier: MIT */
/*
 * cooperative_groups/scan.h - cg::inclusive_scan / cg::exclusive_scan over
 * the lanes of a group (a static tile or a coalesced/partitioned group),
 * with an operator (cg::plus by default).  A kernel using them runs as
 * fibers (lib/cc/README.md "Two execution models"); the result of rank 0 of
 * an exclusive scan is a value-initialised _Tp (0 for arithmetic types).
 */
#ifndef IDXGEN_COOPERATIVE_GROUPS_SCAN_H
#define IDXGEN_COOPERATIVE_GROUPS_SCAN_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define _COOPERATIVE_GROUPS_SCAN_H

#include <cooperative_groups.h>

namespace cooperative_groups
{

#ifdef __IDXGEN_CC__
/* defined, as cg::reduce (reduce.h): a lambda as the operator */
template <class _Group, class _Tp, class _Op> IDXGEN_CG_UNTRANSLATED _Tp inclusive_scan(const _Group &, _Tp v, _Op)
{
	return v;
}
template <class _Group, class _Tp> IDXGEN_CG_UNTRANSLATED _Tp inclusive_scan(const _Group &g, _Tp v);
template <class _Group, class _Tp, class _Op> IDXGEN_CG_UNTRANSLATED _Tp exclusive_scan(const _Group &, _Tp v, _Op)
{
	return v;
}
template <class _Group, class _Tp> IDXGEN_CG_UNTRANSLATED _Tp exclusive_scan(const _Group &g, _Tp v);
#else
/* A static tile of one warp: Hillis-Steele over its lanes (log2 N shuffles). */
template <unsigned int _Np, class _Tp, class _Op>
static inline _Tp __idxgen_cg_inclusive(const thread_block_tile<_Np> &__g, _Tp __v, _Op __op, __idxgen_cg_wide_t<false>)
{
	unsigned int __r = __g.thread_rank();

	for (unsigned int __d = 1; __d < _Np; __d *= 2) {
		_Tp __o = __g.shfl_up(__v, __d);

		if (__r >= __d)
			__v = __op(__o, __v);
	}
	return __v;
}

/* A tile of several warps (cooperative_groups.h). */
template <unsigned int _Np, class _Tp, class _Op>
static inline _Tp __idxgen_cg_inclusive(const thread_block_tile<_Np> &, _Tp __v, _Op __op, __idxgen_cg_wide_t<true>)
{
	return __idxgen_cg_wide_collective(_Np, __v, __op, 1);
}

template <unsigned int _Np, class _Tp, class _Op>
static inline _Tp inclusive_scan(const thread_block_tile<_Np> &__g, _Tp __v, _Op __op)
{
	return __idxgen_cg_inclusive(__g, __v, __op, __idxgen_cg_wide_t<(_Np > 32)>());
}

/* Any other group of lanes: each lane folds the values of the ranks before it, in rank order. */
template <class _Tp, class _Op> static inline _Tp inclusive_scan(const coalesced_group &__g, _Tp __v, _Op __op)
{
	unsigned int __me = __g.thread_rank();
	_Tp __acc = __g.shfl(__v, 0);

	for (unsigned int __r = 1; __r < __g.size(); __r++) {
		_Tp __o = __g.shfl(__v, (int)__r);

		if (__r <= __me)
			__acc = __op(__acc, __o);
	}
	return __acc;
}

template <class _Group, class _Tp> static inline _Tp inclusive_scan(const _Group &__g, _Tp __v)
{
	return inclusive_scan(__g, __v, plus<_Tp>());
}

/* A tile of several warps (cooperative_groups.h); rank 0 gets _Tp(). */
template <unsigned int _Np, class _Tp, class _Op>
static inline _Tp __idxgen_cg_exclusive(const thread_block_tile<_Np> &, _Tp __v, _Op __op, bool *__done)
{
	*__done = _Np > 32;
	return _Np > 32 ? __idxgen_cg_wide_collective(_Np, __v, __op, 2) : __v;
}
template <class _Tp, class _Op> static inline _Tp __idxgen_cg_exclusive(const coalesced_group &, _Tp __v, _Op, bool *__done)
{
	*__done = false;
	return __v;
}

/* The inclusive scan shifted up one rank; rank 0 gets _Tp(). */
template <class _Group, class _Tp, class _Op> static inline _Tp exclusive_scan(const _Group &__g, _Tp __v, _Op __op)
{
	bool __wide;
	_Tp __w = __idxgen_cg_exclusive(__g, __v, __op, &__wide);

	if (__wide)
		return __w;

	_Tp __in = inclusive_scan(__g, __v, __op), __ex;
	unsigned int __me = __g.thread_rank();

	if (__g.size() > 1) {
		unsigned int __m = __idxgen_cg_lanes(__g), __src = 0, __r = 0;
		int __lane = (int)(__idxgen_cg_self()->lin % 32);

		/* the lane of rank me - 1 (every lane asks: one exchange) */
		for (unsigned int __l = 0; __l < 32; __l++)
			if (__m >> __l & 1) {
				if (__r + 1 == __me)
					__src = __l;
				__r++;
			}
		__ex = __shfl_sync(__m, __in, __me ? (int)__src : __lane);
	} else {
		__ex = __in;
	}
	return __me ? __ex : _Tp();
}

template <class _Group, class _Tp> static inline _Tp exclusive_scan(const _Group &__g, _Tp __v)
{
	return exclusive_scan(__g, __v, plus<_Tp>());
}
#endif

} /* namespace cooperative_groups */

#endif
