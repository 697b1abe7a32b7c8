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
template <class Group, class T, class Op> IDXGEN_CG_UNTRANSLATED T reduce(const Group &g, T v, Op op);
#else
/* On fibers: a butterfly over the tile's lanes (every lane gets the result). */
template <class Group, class T, class Op> static inline T reduce(const Group &__g, T __v, Op __op)
{
	for (unsigned int __o = __g.size() / 2; __o > 0; __o /= 2)
		__v = __op(__v, __g.shfl_xor(__v, (int)__o));
	return __v;
}
#endif

} /* namespace cooperative_groups */

#endif
