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
template <class _Group, class _Tp, class _Op> IDXGEN_CG_UNTRANSLATED _Tp reduce(const _Group &g, _Tp v, _Op op);
#else
/* On fibers, a static tile of a warp or less: a butterfly over its lanes (every lane gets the result). */
template <unsigned int _Np, class _Tp, class _Op>
static inline typename ::std::enable_if<(_Np <= 32), _Tp>::type reduce(const thread_block_tile<_Np> &__g, _Tp __v,
									_Op __op)
{
	for (unsigned int __o = _Np / 2; __o > 0; __o /= 2)
		__v = __op(__v, __g.shfl_xor(__v, (int)__o));
	return __v;
}

/*
 * A tile of several warps (CUDA 12's multi-warp tiles, whose reduce works
 * through the block_tile_memory scratch): each warp's butterfly, then every
 * thread folds its tile's warp results in warp order from a scratch of the
 * block (its threads run on one OS thread, its blocks one after another),
 * between two barriers of the tile so that the next reduce may reuse it.
 */
template <unsigned int _Np, class _Tp, class _Op>
static inline typename ::std::enable_if<(_Np > 32), _Tp>::type reduce(const thread_block_tile<_Np> &__g, _Tp __v,
								       _Op __op)
{
	alignas(_Tp) static thread_local unsigned char __scratch[32 * sizeof(_Tp)];
	unsigned int __warp = __idxgen_cg_self()->lin / 32, __first = __warp / (_Np / 32) * (_Np / 32);
	_Tp __acc;

	for (unsigned int __o = 16; __o > 0; __o /= 2)
		__v = __op(__v, __shfl_xor_sync(0xffffffffu, __v, (int)__o));
	if (__idxgen_cg_self()->lin % 32 == 0)
		memcpy(__scratch + __warp * sizeof(_Tp), &__v, sizeof(_Tp));
	__g.sync();
	memcpy(&__acc, __scratch + __first * sizeof(_Tp), sizeof(_Tp));
	for (unsigned int __w = 1; __w < _Np / 32; __w++) {
		_Tp __other;

		memcpy(&__other, __scratch + (__first + __w) * sizeof(_Tp), sizeof(_Tp));
		__acc = __op(__acc, __other);
	}
	__g.sync();
	return __acc;
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
