/* SPDX-License-Identifier: MIT */
/*
 * cooperative_groups/reduce.h - cg::reduce(tile, value, op) for op plus,
 * less, greater: idxgen-cc rewrites each call in a kernel into a reduction
 * over the tile's lanes (lib/cc/warp.c); see ../cooperative_groups.h.
 */
#ifndef IDXGEN_COOPERATIVE_GROUPS_REDUCE_H
#define IDXGEN_COOPERATIVE_GROUPS_REDUCE_H

#include <cooperative_groups.h>

namespace cooperative_groups
{

#ifdef __IDXGEN_CC__
template <class _Group, class _Tp, class _Op> IDXGEN_CG_UNTRANSLATED _Tp reduce(const _Group &g, _Tp v, _Op op);
#else
/* On fibers: a butterfly over the tile's lanes (every lane gets the result). */
template <class _Group, class _Tp, class _Op> static inline _Tp reduce(const _Group &__g, _Tp __v, _Op __op)
{
	for (unsigned int __o = __g.size() / 2; __o > 0; __o /= 2)
		__v = __op(__v, __g.shfl_xor(__v, (int)__o));
	return __v;
}
#endif

} /* namespace cooperative_groups */

#endif
