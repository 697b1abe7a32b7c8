/* SPDX-License-Identifier: MIT */
/*
 * cooperative_groups/reduce.h - cg::reduce(tile, value, op) for op plus,
 * less, greater: idxgen-cc rewrites each call in a kernel into a reduction
 * over the tile's lanes (lib/cc/warp.c); see ../cooperative_groups.h.
 */
#ifndef IDXGEN_COOPERATIVE_GROUPS_REDUCE_H
#define IDXGEN_COOPERATIVE_GROUPS_REDUCE_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define _COOPERATIVE_GROUPS_REDUCE_H

#include <cooperative_groups.h>
#include <string.h>
#include <type_traits>

namespace cooperative_groups
{

#ifdef __IDXGEN_CC__
/*
 * Defined (its body never runs: the kernels that call it are rewritten or
 * run as fibers), so that an operator without linkage (a lambda) is no
 * "used but not defined" error of the parse
 */
template <class _Group, class _Tp, class _Op> IDXGEN_CG_UNTRANSLATED _Tp reduce(const _Group &, _Tp v, _Op)
{
	return v;
}
#else
/*
 * On fibers, a static tile of one warp: a butterfly over its lanes (every
 * lane gets the result).  The last tile of a block whose size is not a
 * multiple of _Np is partial: a butterfly step whose partner lane does not
 * exist reads the caller's own value, which counted it twice (a 63-thread
 * block's second warp summed 1600 where its 31 lanes hold 1550); there every
 * lane folds the lanes that exist in rank order, as loop fission does.
 */
template <unsigned int _Np, class _Tp, class _Op>
static inline _Tp __idxgen_cg_reduce(const thread_block_tile<_Np> &__g, _Tp __v, _Op __op, __idxgen_cg_wide_t<false>)
{
	unsigned int __lin = __idxgen_cg_self()->lin, __first = __lin - __lin % _Np;
	unsigned int __live = __idxgen_cg_nthreads() - __first;

	if (__live < _Np) {
		_Tp __acc = __g.shfl(__v, 0);

		for (unsigned int __r = 1; __r < __live; __r++)
			__acc = __op(__acc, __g.shfl(__v, (int)__r));
		return __acc;
	}
	for (unsigned int __o = _Np / 2; __o > 0; __o /= 2)
		__v = __op(__v, __g.shfl_xor(__v, (int)__o));
	return __v;
}

/* A tile of several warps (cooperative_groups.h). */
template <unsigned int _Np, class _Tp, class _Op>
static inline _Tp __idxgen_cg_reduce(const thread_block_tile<_Np> &, _Tp __v, _Op __op, __idxgen_cg_wide_t<true>)
{
	return __idxgen_cg_wide_collective(_Np, __v, __op, 0);
}

template <unsigned int _Np, class _Tp, class _Op>
static inline _Tp reduce(const thread_block_tile<_Np> &__g, _Tp __v, _Op __op)
{
	return __idxgen_cg_reduce(__g, __v, __op, __idxgen_cg_wide_t<(_Np > 32)>());
}

/*
 * Any other group of lanes (a coalesced or partitioned group: its size
 * need not be a power of two, nor its lanes contiguous): every lane reads
 * each member's value by rank and folds them in rank order.
 */
template <class _Tp, class _Op> static inline _Tp reduce(const coalesced_group &__g, _Tp __v, _Op __op)
{
	_Tp __acc = __g.shfl(__v, 0);

	for (unsigned int __r = 1; __r < __g.size(); __r++)
		__acc = __op(__acc, __g.shfl(__v, (int)__r));
	return __acc;
}
#endif

} /* namespace cooperative_groups */

#endif
