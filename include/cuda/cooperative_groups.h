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

template <unsigned int N> struct thread_block_tile {
	static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0, "tile sizes are powers of two up to 32");
	IDXGEN_CG_UNTRANSLATED void sync() const;
	IDXGEN_CG_UNTRANSLATED unsigned int thread_rank() const;
	IDXGEN_CG_UNTRANSLATED unsigned int size() const;
	IDXGEN_CG_UNTRANSLATED unsigned int num_threads() const;
	IDXGEN_CG_UNTRANSLATED unsigned int meta_group_rank() const;
	IDXGEN_CG_UNTRANSLATED unsigned int meta_group_size() const;
	template <class T> IDXGEN_CG_UNTRANSLATED T shfl(T v, int src) const;
	template <class T> IDXGEN_CG_UNTRANSLATED T shfl_up(T v, unsigned int d) const;
	template <class T> IDXGEN_CG_UNTRANSLATED T shfl_down(T v, unsigned int d) const;
	template <class T> IDXGEN_CG_UNTRANSLATED T shfl_xor(T v, int m) const;
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

template <unsigned int N, class Parent> static inline thread_block_tile<N> tiled_partition(const Parent &)
{
	return thread_block_tile<N>();
}

IDXGEN_CG_UNTRANSLATED void sync(const thread_block &);

template <class T> struct plus {
	T operator()(T a, T b) const
	{
		return a + b;
	}
};
template <class T> struct less {
	T operator()(T a, T b) const
	{
		return b < a ? b : a;
	}
};
template <class T> struct greater {
	T operator()(T a, T b) const
	{
		return b > a ? b : a;
	}
};

} /* namespace cooperative_groups */

#endif
