/* SPDX-License-Identifier: MIT */
/*
 * cooperative_groups.h - idxgen's cooperative groups for idxgen-cc's whole
 * programs (issue 23).  Only the types and declarations: idxgen-cc rewrites
 * every method call in a kernel (lib/cc/warp.c) into the thread-index
 * expressions and warp operations it stands for, so a call that reaches
 * the C++ compiler is one idxgen-cc did not translate (an error, never
 * silently wrong code).  The thread block: sync, thread_rank, size,
 * num_threads, group_index, thread_index, dim_threads; tiles
 * tiled_partition<N>(block) for N in 1, 2, 4, 8, 16, 32: sync, thread_rank,
 * size, num_threads, meta_group_rank, meta_group_size, shfl, shfl_up,
 * shfl_down, shfl_xor, ballot, any, all; cg::reduce with plus, less,
 * greater; cg::sync(block).
 */
#ifndef IDXGEN_COOPERATIVE_GROUPS_H
#define IDXGEN_COOPERATIVE_GROUPS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define _COOPERATIVE_GROUPS_H_

#ifndef __cplusplus
#error "cooperative_groups.h is C++ (as CUDA's is): include it from a .cu or C++ file"
#endif

#include <cuda_runtime.h>

#define IDXGEN_CG_UNTRANSLATED                                                                      \
	__attribute__((error("a cooperative-groups call idxgen-cc did not translate (kernels only)")))

namespace cooperative_groups
{

struct thread_block {
	IDXGEN_CG_UNTRANSLATED void sync() const;
	IDXGEN_CG_UNTRANSLATED unsigned int thread_rank() const;
	IDXGEN_CG_UNTRANSLATED unsigned int size() const;
	IDXGEN_CG_UNTRANSLATED unsigned int num_threads() const;
	IDXGEN_CG_UNTRANSLATED dim3 group_index() const;
	IDXGEN_CG_UNTRANSLATED dim3 thread_index() const;
	IDXGEN_CG_UNTRANSLATED dim3 dim_threads() const;
};

template <unsigned int _Np> struct thread_block_tile {
	static_assert(_Np >= 1 && _Np <= 32 && (_Np & (_Np - 1)) == 0, "tile sizes are powers of two up to 32");
	IDXGEN_CG_UNTRANSLATED void sync() const;
	IDXGEN_CG_UNTRANSLATED unsigned int thread_rank() const;
	IDXGEN_CG_UNTRANSLATED unsigned int size() const;
	IDXGEN_CG_UNTRANSLATED unsigned int num_threads() const;
	IDXGEN_CG_UNTRANSLATED unsigned int meta_group_rank() const;
	IDXGEN_CG_UNTRANSLATED unsigned int meta_group_size() const;
	template <class _Tp> IDXGEN_CG_UNTRANSLATED _Tp shfl(_Tp v, int src) const;
	template <class _Tp> IDXGEN_CG_UNTRANSLATED _Tp shfl_up(_Tp v, unsigned int d) const;
	template <class _Tp> IDXGEN_CG_UNTRANSLATED _Tp shfl_down(_Tp v, unsigned int d) const;
	template <class _Tp> IDXGEN_CG_UNTRANSLATED _Tp shfl_xor(_Tp v, int m) const;
	IDXGEN_CG_UNTRANSLATED unsigned int ballot(int p) const;
	IDXGEN_CG_UNTRANSLATED int any(int p) const;
	IDXGEN_CG_UNTRANSLATED int all(int p) const;
};

/* Declared so that idxgen-cc can name it in its diagnostic (not supported). */
struct grid_group {
	IDXGEN_CG_UNTRANSLATED void sync() const;
};
IDXGEN_CG_UNTRANSLATED grid_group this_grid();

static inline thread_block this_thread_block()
{
	return thread_block();
}

template <unsigned int _Np, class _Parent> static inline thread_block_tile<_Np> tiled_partition(const _Parent &)
{
	return thread_block_tile<_Np>();
}

IDXGEN_CG_UNTRANSLATED void sync(const thread_block &);

template <class _Tp> struct plus {
	_Tp operator()(_Tp a, _Tp b) const
	{
		return a + b;
	}
};
template <class _Tp> struct less {
	_Tp operator()(_Tp a, _Tp b) const
	{
		return b < a ? b : a;
	}
};
template <class _Tp> struct greater {
	_Tp operator()(_Tp a, _Tp b) const
	{
		return b > a ? b : a;
	}
};

} /* namespace cooperative_groups */

#endif
