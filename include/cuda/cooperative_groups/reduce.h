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

template <class _Group, class _Tp, class _Op> IDXGEN_CG_UNTRANSLATED _Tp reduce(const _Group &g, _Tp v, _Op op);

} /* namespace cooperative_groups */

#endif
