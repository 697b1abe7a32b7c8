/* SPDX-License-Identifier: MIT */
/*
 * cooperative_groups.h - idxgen's cooperative groups for idxgen-cc's whole
 * programs (issue 23).  Only the types and declarations: idxgen-cc rewrites
 * every method call in a kernel (lib/cc/warp.c) into the thread-index
 * expressions and warp operations it stands for, so a call that reaches
 * the C++ compiler is one idxgen-cc did not translate (an error, never
 * silently wrong code).  The thread block: sync, thread_rank, size,
 * num_threads, group_index, thread_index, dim_threads; tiles
 * tiled_partition<_Np>(block) for _Np in 1, 2, 4, 8, 16, 32: sync, thread_rank,
 * size, num_threads, meta_group_rank, meta_group_size, shfl, shfl_up,
 * shfl_down, shfl_xor, ballot, any, all; cg::reduce with plus, less,
 * greater; cg::sync(block).  Tiles of 64 to 1024 threads (several warps;
 * CUDA's block_tile_memory, accepted and not needed here): sync, thread_rank,
 * size, num_threads, meta_group_rank, meta_group_size, and (as fibers, up to
 * 1024 threads) shfl, any, all, cg::reduce and the scans, as on CUDA.
 */
#ifndef IDXGEN_COOPERATIVE_GROUPS_H
#define IDXGEN_COOPERATIVE_GROUPS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define _COOPERATIVE_GROUPS_H_

#ifndef __cplusplus
#error "cooperative_groups.h is C++ (as CUDA's is): include it from a .cu or C++ file"
#endif

#include <cuda_runtime.h>

#ifdef __IDXGEN_CC__
/*
 * What idxgen-cc's translation sees (the parse of lib/cc): declarations, its
 * warp.c rewrites every call of a kernel that loop fission runs.
 */
#define IDXGEN_CG_UNTRANSLATED                                                                      \
	__attribute__((error("a cooperative-groups call idxgen-cc did not translate (kernels only)")))

namespace cooperative_groups
{

/*
 * Groups only fibers run (lib/cc/README.md "Two execution models"): a
 * kernel using them runs as fibers.  A block or tile converts to one, as on
 * CUDA, so helpers written for any group (reduce_sum(thread_group g, ...))
 * take them.
 */
struct thread_group {
	IDXGEN_CG_UNTRANSLATED void sync() const;
	IDXGEN_CG_UNTRANSLATED unsigned int thread_rank() const;
	IDXGEN_CG_UNTRANSLATED unsigned int size() const;
	IDXGEN_CG_UNTRANSLATED unsigned int num_threads() const;
	IDXGEN_CG_UNTRANSLATED unsigned int meta_group_rank() const;
	IDXGEN_CG_UNTRANSLATED unsigned int meta_group_size() const;
};
struct coalesced_group;

struct thread_block {
	IDXGEN_CG_UNTRANSLATED void sync() const;
	IDXGEN_CG_UNTRANSLATED unsigned int thread_rank() const;
	IDXGEN_CG_UNTRANSLATED unsigned int size() const;
	IDXGEN_CG_UNTRANSLATED unsigned int num_threads() const;
	IDXGEN_CG_UNTRANSLATED dim3 group_index() const;
	IDXGEN_CG_UNTRANSLATED dim3 thread_index() const;
	IDXGEN_CG_UNTRANSLATED dim3 dim_threads() const;
	IDXGEN_CG_UNTRANSLATED dim3 group_dim() const;
	IDXGEN_CG_UNTRANSLATED operator thread_group() const;
};

/* CUDA's scratch for tiles of more than 32 threads; the groups here need none. */
template <unsigned int _MaxBlockSize = 1024> struct block_tile_memory {
	static_assert(_MaxBlockSize >= 1 && _MaxBlockSize <= 1024, "a block has at most 1024 threads");
};

template <unsigned int _Np> struct thread_block_tile {
	static_assert(_Np >= 1 && _Np <= 1024 && (_Np & (_Np - 1)) == 0, "tile sizes are powers of two up to 1024");
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
	template <class _Tp> IDXGEN_CG_UNTRANSLATED unsigned int match_any(_Tp v) const;
	template <class _Tp> IDXGEN_CG_UNTRANSLATED unsigned int match_all(_Tp v, int &pred) const;
	IDXGEN_CG_UNTRANSLATED operator thread_group() const;
	IDXGEN_CG_UNTRANSLATED operator coalesced_group() const;
};

/* The grid: a kernel using it runs as fibers; sync() needs cudaLaunchCooperativeKernel. */
struct grid_group {
	IDXGEN_CG_UNTRANSLATED void sync() const;
	IDXGEN_CG_UNTRANSLATED bool is_valid() const;
	IDXGEN_CG_UNTRANSLATED unsigned long long thread_rank() const;
	IDXGEN_CG_UNTRANSLATED unsigned long long size() const;
	IDXGEN_CG_UNTRANSLATED unsigned long long num_threads() const;
	IDXGEN_CG_UNTRANSLATED unsigned long long block_rank() const;
	IDXGEN_CG_UNTRANSLATED unsigned long long num_blocks() const;
	IDXGEN_CG_UNTRANSLATED dim3 group_dim() const;
	IDXGEN_CG_UNTRANSLATED dim3 dim_blocks() const;
	IDXGEN_CG_UNTRANSLATED dim3 block_index() const;
};
IDXGEN_CG_UNTRANSLATED grid_group this_grid();
IDXGEN_CG_UNTRANSLATED void sync(const grid_group &);

struct coalesced_group : thread_group {
	IDXGEN_CG_UNTRANSLATED unsigned int meta_group_rank() const;
	IDXGEN_CG_UNTRANSLATED unsigned int meta_group_size() const;
	template <class _Tp> IDXGEN_CG_UNTRANSLATED _Tp shfl(_Tp, unsigned int) const;
	template <class _Tp> IDXGEN_CG_UNTRANSLATED _Tp shfl_up(_Tp, unsigned int) const;
	template <class _Tp> IDXGEN_CG_UNTRANSLATED _Tp shfl_down(_Tp, unsigned int) const;
	template <class _Tp> IDXGEN_CG_UNTRANSLATED _Tp shfl_xor(_Tp, int) const;
	template <class _Tp> IDXGEN_CG_UNTRANSLATED unsigned int match_any(_Tp) const;
	template <class _Tp> IDXGEN_CG_UNTRANSLATED unsigned int match_all(_Tp, int &) const;
	IDXGEN_CG_UNTRANSLATED unsigned int ballot(int) const;
	IDXGEN_CG_UNTRANSLATED int any(int) const;
	IDXGEN_CG_UNTRANSLATED int all(int) const;
};
IDXGEN_CG_UNTRANSLATED coalesced_group coalesced_threads();
template <class _Parent> IDXGEN_CG_UNTRANSLATED thread_group tiled_partition(const _Parent &, unsigned int);
template <class _Parent> IDXGEN_CG_UNTRANSLATED coalesced_group labeled_partition(const _Parent &, int);
template <class _Parent> IDXGEN_CG_UNTRANSLATED coalesced_group binary_partition(const _Parent &, bool);

static inline thread_block this_thread_block()
{
	return thread_block();
}

template <unsigned int _MaxBlockSize> static inline thread_block this_thread_block(block_tile_memory<_MaxBlockSize> &)
{
	return thread_block();
}

template <unsigned int _Np, class _Parent> static inline thread_block_tile<_Np> tiled_partition(const _Parent &)
{
	return thread_block_tile<_Np>();
}

IDXGEN_CG_UNTRANSLATED void sync(const thread_block &);
IDXGEN_CG_UNTRANSLATED void sync(const thread_group &);
template <unsigned int _Np> IDXGEN_CG_UNTRANSLATED void sync(const thread_block_tile<_Np> &);
/* the outer API (cg::thread_rank(g), cg::group_size(g)) and CUDA 12's invoke_one */
template <class _Group> IDXGEN_CG_UNTRANSLATED auto thread_rank(const _Group &__g) -> decltype(__g.thread_rank());
template <class _Group> IDXGEN_CG_UNTRANSLATED auto group_size(const _Group &__g) -> decltype(__g.num_threads());
/*
 * Defined (never run: the kernels that call them run as fibers), so that a
 * lambda (a type without linkage) is no "used but not defined" error
 */
template <class _Group, class _Fn, class... _Args>
IDXGEN_CG_UNTRANSLATED void invoke_one(const _Group &, _Fn &&__fn, _Args &&...__a)
{
	static_cast<_Fn &&>(__fn)(static_cast<_Args &&>(__a)...);
}
template <class _Group, class _Fn, class... _Args>
IDXGEN_CG_UNTRANSLATED auto invoke_one_broadcast(const _Group &, _Fn &&__fn, _Args &&...__a)
	-> decltype(static_cast<_Fn &&>(__fn)(static_cast<_Args &&>(__a)...))
{
	return static_cast<_Fn &&>(__fn)(static_cast<_Args &&>(__a)...);
}

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
template <class _Tp> struct bit_and {
	_Tp operator()(_Tp a, _Tp b) const
	{
		return a & b;
	}
};
template <class _Tp> struct bit_or {
	_Tp operator()(_Tp a, _Tp b) const
	{
		return a | b;
	}
};
template <class _Tp> struct bit_xor {
	_Tp operator()(_Tp a, _Tp b) const
	{
		return a ^ b;
	}
};

#else
/*
 * What the compiled program sees: the groups on fibers, in lock step through
 * the warp operations of idxgen_cc_fiber.h.  A kernel loop fission runs
 * has no call left here (warp.c rewrote them); a call outside a fiber
 * kernel stops the program with a message (__idxgen_fiber_self() is NULL).
 */
#include <idxgen_cc_program.h>
#include <stdio.h>
#include <stdlib.h>
#include <type_traits>
/*
 * Every function below is inlined where it is called.  threadIdx is each
 * translation unit's own (static thread_local, idxgen_cc_program.h) and the
 * fiber functions that suspend a thread restore the caller's unit's copy;
 * a member function (external linkage) left out of line is one copy for
 * the whole program, the linker's pick, so a kernel of one .cu file calling
 * cg::sync would restore another file's threadIdx and read a stale one
 * (NVIDIA's mergeSort sample crashed so; tests/cc/whole/multi/cg_two_units).
 */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((always_inline)), apply_to = function)
#define IDXGEN_CG_ALWAYS_INLINE_PUSHED 1
#endif
namespace cooperative_groups
{

static inline const struct __idxgen_fiber_tid *__idxgen_cg_self()
{
	const struct __idxgen_fiber_tid *__t = __idxgen_fiber_self();

	if (!__t) {
		fputs("idxgen: a cooperative-groups call outside a fiber kernel (an idxgen-cc bug)\n", stderr);
		abort();
	}
	return __t;
}

static inline unsigned int __idxgen_cg_nthreads()
{
	return __idxgen_fiber_block()->nthreads;
}

/* Lanes of the caller's tile of n lanes (n a power of two up to 32) within its warp. */
static inline unsigned int __idxgen_cg_tile_mask(unsigned int __n)
{
	unsigned int __lane = __idxgen_cg_self()->lin % 32;

	return __n >= 32 ? 0xffffffffu : ((1u << __n) - 1) << (__lane & ~(__n - 1));
}

/*
 * The barrier of the caller's tile of n > 32 threads (several warps): a
 * block's fibers run on one worker thread, one block at a time, so a count
 * and a generation per tile in thread-local storage are the block's own
 * (as its __shared__ arrays are).  The last thread of the tile to arrive
 * starts the next generation; the others let the block's threads run until
 * it has.  A tile at the end of a block that does not fill it counts the
 * threads it has.
 */
static inline void __idxgen_cg_tile_barrier(unsigned int __n)
{
	/* one set per tile size (64 to 1024), as CUDA's: tiles of two sizes may wait at once */
	static thread_local unsigned int __count[5][16], __gen[5][16];	/* 1024 / 64 tiles */
	unsigned int __z = (unsigned int)__builtin_ctz(__n / 64) % 5;
	unsigned int __t = __idxgen_cg_self()->lin / __n, __g = __gen[__z][__t];
	unsigned int __left = __idxgen_cg_nthreads() - __t * __n, __size = __left < __n ? __left : __n;

	if (++__count[__z][__t] == __size) {
		__count[__z][__t] = 0;
		__gen[__z][__t] = __g + 1;
		return;
	}
	while (__idxgen_cc_spin() && __gen[__z][__t] == __g)
		;
}

/*
 * The collectives CUDA gives a tile of several warps (shfl, any, all,
 * cg::reduce, cg::inclusive_scan, cg::exclusive_scan; values of at most 8
 * bytes, as CUDA's block_tile_memory holds), through the block's
 * thread-local memory as CUDA's go through that scratch: every thread of
 * the tile stores its value, the first lane of each warp folds its warp's,
 * each thread folds the warp totals it needs.  The barrier before the
 * stores keeps a collective from overwriting values the last one still
 * reads.  Kind 0 reduces, 1 scans inclusively, 2 exclusively (rank 0 gets
 * _Tp()).  Folds go in rank order.
 */
template <class _Tp, class _Op>
static inline _Tp __idxgen_cg_wide_collective(unsigned int __n, _Tp __v, _Op __op, int __kind)
{
	static_assert(sizeof(_Tp) <= 8, "collectives of tiles of more than 32 threads take values of at most 8 bytes (as on CUDA)");
	alignas(8) static thread_local unsigned char __vals[1024][8], __tot[32][8];
	unsigned int __lin = __idxgen_cg_self()->lin, __first = __lin - __lin % __n;
	unsigned int __end = __first + __n < __idxgen_cg_nthreads() ? __first + __n : __idxgen_cg_nthreads();
	_Tp __acc, __x;

	__idxgen_cg_tile_barrier(__n);
	__builtin_memcpy(__vals[__lin], &__v, sizeof(_Tp));
	__idxgen_cg_tile_barrier(__n);
	if (__lin % 32 == 0) {
		__builtin_memcpy(&__acc, __vals[__lin], sizeof(_Tp));
		for (unsigned int __i = __lin + 1; __i < __lin + 32 && __i < __end; __i++) {
			__builtin_memcpy(&__x, __vals[__i], sizeof(_Tp));
			__acc = __op(__acc, __x);
		}
		__builtin_memcpy(__tot[__lin / 32], &__acc, sizeof(_Tp));
	}
	__idxgen_cg_tile_barrier(__n);
	if (__kind == 2 && __lin == __first)
		return _Tp();
	/* the whole warps before the caller's (all of the tile's to reduce), then its own lanes before it */
	unsigned int __wend = __kind == 0 ? (__end + 31) / 32 : __lin / 32;
	unsigned int __lbeg = __kind == 0 ? __lin : __lin - __lin % 32, __lend = __kind == 1 ? __lin + 1 : __lin;
	bool __have = false;

	for (unsigned int __w = __first / 32; __w < __wend; __w++, __have = true) {
		__builtin_memcpy(&__x, __tot[__w], sizeof(_Tp));
		__acc = __have ? __op(__acc, __x) : __x;
	}
	for (unsigned int __i = __lbeg; __i < __lend; __i++, __have = true) {
		__builtin_memcpy(&__x, __vals[__i], sizeof(_Tp));
		__acc = __have ? __op(__acc, __x) : __x;
	}
	return __acc;
}

/* shfl of a tile of several warps: the source's value through the block's thread-local memory. */
template <class _Tp> static inline _Tp __idxgen_cg_wide_shfl(unsigned int __n, _Tp __v, unsigned int __src)
{
	static_assert(sizeof(_Tp) <= 8, "collectives of tiles of more than 32 threads take values of at most 8 bytes (as on CUDA)");
	alignas(8) static thread_local unsigned char __slot[16][8];	/* one per tile */
	unsigned int __lin = __idxgen_cg_self()->lin, __t = __lin / __n;
	_Tp __r;

	__idxgen_cg_tile_barrier(__n);
	if (__lin % __n == __src % __n)
		__builtin_memcpy(__slot[__t], &__v, sizeof(_Tp));
	__idxgen_cg_tile_barrier(__n);
	__builtin_memcpy(&__r, __slot[__t], sizeof(_Tp));
	return __r;
}

/* which of two forms a tile's collectives take: of one warp (false) or several (true) */
template <bool> struct __idxgen_cg_wide_t {
};

struct __idxgen_cg_or {
	int operator()(int __a, int __b) const
	{
		return __a || __b;
	}
};
struct __idxgen_cg_and {
	int operator()(int __a, int __b) const
	{
		return __a && __b;
	}
};

/* CUDA's scratch for tiles of more than 32 threads; the groups here need none. */
template <unsigned int _MaxBlockSize = 1024> struct block_tile_memory {
	static_assert(_MaxBlockSize >= 1 && _MaxBlockSize <= 1024, "a block has at most 1024 threads");
};

/*
 * thread_block and thread_block_tile<_Np> are empty, as in the declarations
 * idxgen-cc's parse sees: loop fission lays out a group that lives across
 * a barrier from that parse, so the sizes must agree.  The groups whose
 * shape is known only at run time (a dynamic tile, the coalesced lanes)
 * carry it: kind 1 a tile of n lanes, kind 2 the lanes of mask; kernels
 * using them always run as fibers.
 */
class thread_group
{
      public:
	unsigned int __kind, __n, __mask;

	/* the warp lanes of the group */
	unsigned int __lanes() const
	{
		return __kind == 1 ? __idxgen_cg_tile_mask(__n) : __mask;
	}
	void sync() const
	{
		if (__kind == 0)
			__syncthreads();
		else if (__kind == 1 && __n > 32)
			__idxgen_cg_tile_barrier(__n);
		else
			__syncwarp(__lanes());
	}
	unsigned int thread_rank() const
	{
		unsigned int __lin = __idxgen_cg_self()->lin;

		if (__kind == 0)
			return __lin;
		if (__kind == 1)
			return __lin % __n;
		return (unsigned int)__builtin_popcount(__mask & ((1u << (__lin % 32)) - 1));
	}
	unsigned int size() const
	{
		return __kind == 0 ? __idxgen_cg_nthreads() : __kind == 1 ? __n : (unsigned int)__builtin_popcount(__mask);
	}
	unsigned int num_threads() const
	{
		return size();
	}
	unsigned int meta_group_rank() const
	{
		return __kind == 1 ? __idxgen_cg_self()->lin / __n : 0;
	}
	unsigned int meta_group_size() const
	{
		return __kind == 1 ? (__idxgen_cg_nthreads() + __n - 1) / __n : 1;
	}
	static thread_group __make(unsigned int __k, unsigned int __nn, unsigned int __m)
	{
		thread_group __g;

		__g.__kind = __k, __g.__n = __nn, __g.__mask = __m;
		return __g;
	}
};

class thread_block
{
      public:
	void sync() const
	{
		__syncthreads();
	}
	unsigned int thread_rank() const
	{
		return __idxgen_cg_self()->lin;
	}
	unsigned int size() const
	{
		return __idxgen_cg_nthreads();
	}
	unsigned int num_threads() const
	{
		return __idxgen_cg_nthreads();
	}
	dim3 group_index() const
	{
		return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
	}
	dim3 thread_index() const
	{
		const struct __idxgen_fiber_tid *__t = __idxgen_cg_self();

		return dim3(__t->x, __t->y, __t->z);
	}
	dim3 dim_threads() const
	{
		return blockDim;
	}
	dim3 group_dim() const
	{
		return blockDim;
	}
	operator thread_group() const
	{
		return thread_group::__make(0, 0, 0);
	}
};

static inline thread_block this_thread_block()
{
	return thread_block();
}

template <unsigned int _MaxBlockSize> static inline thread_block this_thread_block(block_tile_memory<_MaxBlockSize> &)
{
	return thread_block();
}

/* The warp operations of a group of lanes (a tile of width w, or the coalesced lanes). */
class coalesced_group : public thread_group
{
      public:
	int __width() const
	{
		return __kind == 1 ? (int)__n : 32;
	}
	int __lane_of(unsigned int __r) const
	{
		unsigned int __m = __lanes();

		for (unsigned int __l = 0; __l < 32; __l++)
			if (__m >> __l & 1 && __r-- == 0)
				return (int)__l;
		return (int)(__idxgen_cg_self()->lin % 32);
	}
	template <class _Tp> _Tp shfl(_Tp __v, int __src) const
	{
		if (__kind == 1)
			return __shfl_sync(__lanes(), __v, __src, (int)__n);
		return __shfl_sync(__lanes(), __v, __lane_of((unsigned int)__src));
	}
	/*
	 * The member of rank r (the caller's own value when r is out of the
	 * group).  A coalesced group's shfl_up/down/xor count ranks, not warp
	 * lanes (CUDA): with lanes {1, 2, 4, 5, ...} rank 2's shfl_up(v, 1) is
	 * lane 2's value; it read lane 3, outside the group, and a scan inside
	 * `if` summed wrong (session 12, tests/cuda/progs/cg_coalesced_rank_scan.cu).
	 */
	template <class _Tp> _Tp __by_rank_shfl(_Tp __v, unsigned int __r) const
	{
		return __shfl_sync(__lanes(), __v, __r < size() ? __lane_of(__r) : (int)(__idxgen_cg_self()->lin % 32));
	}
	template <class _Tp> _Tp shfl_up(_Tp __v, unsigned int __d) const
	{
		if (__kind != 1)
			return __by_rank_shfl(__v, thread_rank() >= __d ? thread_rank() - __d : size());
		return __shfl_up_sync(__lanes(), __v, __d, __width());
	}
	template <class _Tp> _Tp shfl_down(_Tp __v, unsigned int __d) const
	{
		if (__kind != 1)
			return __by_rank_shfl(__v, thread_rank() + __d);
		return __shfl_down_sync(__lanes(), __v, __d, __width());
	}
	template <class _Tp> _Tp shfl_xor(_Tp __v, int __m) const
	{
		if (__kind != 1)
			return __by_rank_shfl(__v, thread_rank() ^ (unsigned int)__m);
		return __shfl_xor_sync(__lanes(), __v, __m, __width());
	}
	/* a mask of the warp's lanes as CUDA's group collectives answer it: bits by rank in the group */
	unsigned int __by_rank(unsigned int __b) const
	{
		unsigned int __m = __lanes(), __r = 0, __i = 0;

		for (unsigned int __l = 0; __l < 32; __l++)
			if (__m >> __l & 1)
				__r |= (__b >> __l & 1) << __i++;
		return __r;
	}
	unsigned int ballot(int __p) const
	{
		return __by_rank(__ballot_sync(__lanes(), __p));
	}
	int any(int __p) const
	{
		return __any_sync(__lanes(), __p);
	}
	int all(int __p) const
	{
		return __all_sync(__lanes(), __p);
	}
	/*
	 * By rank, as ballot (CUDA: a tile's lanes counted from its first, a
	 * coalesced group's packed); the warp's lane bits came back before, so a
	 * tile of 16 in the upper half of a warp answered bits 16 to 31
	 */
	template <class _Tp> unsigned int match_any(_Tp __v) const
	{
		return __by_rank(__match_any_sync(__lanes(), __v));
	}
	template <class _Tp> unsigned int match_all(_Tp __v, int &__pred) const
	{
		return __by_rank(__match_all_sync(__lanes(), __v, &__pred));
	}
	static coalesced_group __make(unsigned int __k, unsigned int __nn, unsigned int __m)
	{
		coalesced_group __g;

		__g.__kind = __k, __g.__n = __nn, __g.__mask = __m;
		return __g;
	}
};

/*
 * A static tile: its shape is its type.  One of more than 32 threads spans
 * warps: its barrier is __idxgen_cg_tile_barrier, and it has no warp
 * collectives (CUDA's neither).
 */
template <unsigned int _Np> class thread_block_tile
{
	static_assert(_Np >= 1 && _Np <= 1024 && (_Np & (_Np - 1)) == 0, "tile sizes are powers of two up to 1024");

	coalesced_group __g() const
	{
		return coalesced_group::__make(1, _Np, 0);
	}
	template <class _Tp> _Tp __shfl(_Tp __v, int __src, __idxgen_cg_wide_t<false>) const
	{
		return __g().shfl(__v, __src);
	}
	template <class _Tp> _Tp __shfl(_Tp __v, int __src, __idxgen_cg_wide_t<true>) const
	{
		return __idxgen_cg_wide_shfl(_Np, __v, (unsigned int)__src);
	}
	/* the warp collectives CUDA's tiles of several warps do not have */
	coalesced_group __warp_g() const
	{
		static_assert(_Np <= 32, "a tile of more than 32 threads has no shfl_up, shfl_down, shfl_xor, ballot, match_any or match_all (as on CUDA)");
		return __g();
	}

      public:
	void sync() const
	{
		if (_Np > 32)
			__idxgen_cg_tile_barrier(_Np);
		else
			__syncwarp(__idxgen_cg_tile_mask(_Np));
	}
	unsigned int thread_rank() const
	{
		return __idxgen_cg_self()->lin % _Np;
	}
	static constexpr unsigned int size()
	{
		return _Np;
	}
	static constexpr unsigned int num_threads()
	{
		return _Np;
	}
	unsigned int meta_group_rank() const
	{
		return __idxgen_cg_self()->lin / _Np;
	}
	unsigned int meta_group_size() const
	{
		return (__idxgen_cg_nthreads() + _Np - 1) / _Np;
	}
	template <class _Tp> _Tp shfl(_Tp __v, int __src) const
	{
		return __shfl(__v, __src, __idxgen_cg_wide_t<(_Np > 32)>());
	}
	template <class _Tp> _Tp shfl_up(_Tp __v, unsigned int __d) const
	{
		return __warp_g().shfl_up(__v, __d);
	}
	template <class _Tp> _Tp shfl_down(_Tp __v, unsigned int __d) const
	{
		return __warp_g().shfl_down(__v, __d);
	}
	template <class _Tp> _Tp shfl_xor(_Tp __v, int __m) const
	{
		return __warp_g().shfl_xor(__v, __m);
	}
	unsigned int ballot(int __p) const
	{
		return __warp_g().ballot(__p);
	}
	int any(int __p) const
	{
		return _Np > 32 ? __idxgen_cg_wide_collective(_Np, __p != 0, __idxgen_cg_or(), 0) : __g().any(__p);
	}
	int all(int __p) const
	{
		return _Np > 32 ? __idxgen_cg_wide_collective(_Np, __p != 0, __idxgen_cg_and(), 0) : __g().all(__p);
	}
	template <class _Tp> unsigned int match_any(_Tp __v) const
	{
		return __warp_g().match_any(__v);
	}
	template <class _Tp> unsigned int match_all(_Tp __v, int &__pred) const
	{
		return __warp_g().match_all(__v, __pred);
	}
	operator thread_group() const
	{
		return thread_group::__make(1, _Np, 0);
	}
	operator coalesced_group() const
	{
		return __g();
	}
};

/*
 * The lanes that reached this call together (__idxgen_fiber_coalesced: those
 * at the same call site once no thread can go on), as a GPU's converged
 * lanes: inside "if (v > 0)" the lanes with v > 0, not every live lane.
 * The site is the caller's file, line and column (default arguments are
 * evaluated where the call is written).
 */
static inline coalesced_group coalesced_threads(const char *__file = __builtin_FILE(),
						unsigned int __line = __builtin_LINE(),
						unsigned int __col = __IDXGEN_CC_COLUMN())
{
	return coalesced_group::__make(2, 0, __idxgen_cc_coalesced(__file, __idxgen_cc_site(__line, __col)));
}

template <unsigned int _Np, class _Parent> static inline thread_block_tile<_Np> tiled_partition(const _Parent &)
{
	return thread_block_tile<_Np>();
}

/* The warp lanes of a group that lives within a warp (the parent of a partition). */
template <unsigned int _Np> static inline unsigned int __idxgen_cg_lanes(const thread_block_tile<_Np> &)
{
	return __idxgen_cg_tile_mask(_Np);
}
static inline unsigned int __idxgen_cg_lanes(const coalesced_group &__g)
{
	return __g.__lanes();
}

/* The lanes of the parent with the caller's label (CUDA: tiles of at most 32 lanes, coalesced groups). */
template <class _Parent> static inline coalesced_group labeled_partition(const _Parent &__g, int __label)
{
	return coalesced_group::__make(2, 0, __match_any_sync(__idxgen_cg_lanes(__g), __label));
}

/* The lanes of the parent whose predicate equals the caller's. */
template <class _Parent> static inline coalesced_group binary_partition(const _Parent &__g, bool __pred)
{
	unsigned int __m = __idxgen_cg_lanes(__g), __b = __ballot_sync(__m, __pred);

	return coalesced_group::__make(2, 0, __pred ? __b : __m & ~__b);
}

/* The dynamic form: a tile of n lanes (a power of two up to 32). */
template <class _Parent> static inline coalesced_group tiled_partition(const _Parent &, unsigned int __n)
{
	if (__n < 1 || __n > 32 || (__n & (__n - 1))) {
		fprintf(stderr, "idxgen: tiled_partition(g, %u): sizes are powers of two up to 32\n", __n);
		abort();
	}
	return coalesced_group::__make(1, __n, 0);
}

static inline void sync(const thread_group &__g)
{
	__g.sync();
}

/* cg::sync(tile32), as sample code writes a tile's barrier */
template <unsigned int _Np> static inline void sync(const thread_block_tile<_Np> &__g)
{
	__g.sync();
}

/* The outer API: cg::thread_rank(g), cg::group_size(g) (g's own, as CUDA's). */
template <class _Group> static inline auto thread_rank(const _Group &__g) -> decltype(__g.thread_rank())
{
	return __g.thread_rank();
}
template <class _Group> static inline auto group_size(const _Group &__g) -> decltype(__g.num_threads())
{
	return __g.num_threads();
}

/*
 * CUDA 12's invoke_one(group, fn, args...): one thread of the group calls
 * fn (CUDA elects an arbitrary one; here rank 0, the one elect.sync picks
 * on a tile); invoke_one_broadcast also gives every thread its result,
 * through the group's shfl.  No barrier, as on CUDA.
 */
template <class _Group, class _Fn, class... _Args>
static inline void invoke_one(const _Group &__g, _Fn &&__fn, _Args &&...__a)
{
	if (__g.thread_rank() == 0)
		static_cast<_Fn &&>(__fn)(static_cast<_Args &&>(__a)...);
}
template <class _Group, class _Fn, class... _Args>
static inline auto invoke_one_broadcast(const _Group &__g, _Fn &&__fn, _Args &&...__a) ->
	typename std::remove_cv<typename std::remove_reference<decltype(static_cast<_Fn &&>(__fn)(
		static_cast<_Args &&>(__a)...))>::type>::type
{
	typename std::remove_cv<typename std::remove_reference<decltype(static_cast<_Fn &&>(__fn)(
		static_cast<_Args &&>(__a)...))>::type>::type __r{};

	if (__g.thread_rank() == 0)
		__r = static_cast<_Fn &&>(__fn)(static_cast<_Args &&>(__a)...);
	return __g.shfl(__r, 0);
}

/*
 * The grid.  sync() waits for every thread of the grid: the runtime keeps
 * every block resident under cudaLaunchCooperativeKernel
 * (idxgen_rt_launch_coop); in any other launch it traps, as the blocks run
 * one after another; is_valid() tells the two apart.
 */
class grid_group
{
      public:
	/* true only under cudaLaunchCooperativeKernel, as on CUDA */
	bool is_valid() const
	{
		return __idxgen_cc_grid_valid();
	}
	unsigned long long block_rank() const
	{
		return blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
	}
	unsigned long long num_blocks() const
	{
		return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
	}
	unsigned long long thread_rank() const
	{
		return block_rank() * __idxgen_cg_nthreads() + __idxgen_cg_self()->lin;
	}
	unsigned long long size() const
	{
		return num_blocks() * __idxgen_cg_nthreads();
	}
	unsigned long long num_threads() const
	{
		return size();
	}
	dim3 group_dim() const
	{
		return dim3(gridDim.x, gridDim.y, gridDim.z);
	}
	dim3 dim_blocks() const
	{
		return group_dim();
	}
	dim3 block_index() const
	{
		return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
	}
	void sync() const
	{
		__idxgen_cc_grid_sync();
	}
};

static inline grid_group this_grid()
{
	return grid_group();
}

static inline void sync(const grid_group &__g)
{
	__g.sync();
}

template <class _Tp> struct plus {
	_Tp operator()(_Tp __a, _Tp __b) const
	{
		return __a + __b;
	}
};
template <class _Tp> struct less {
	_Tp operator()(_Tp __a, _Tp __b) const
	{
		return __b < __a ? __b : __a;
	}
};
template <class _Tp> struct greater {
	_Tp operator()(_Tp __a, _Tp __b) const
	{
		return __b > __a ? __b : __a;
	}
};
template <class _Tp> struct bit_and {
	_Tp operator()(_Tp __a, _Tp __b) const
	{
		return __a & __b;
	}
};
template <class _Tp> struct bit_or {
	_Tp operator()(_Tp __a, _Tp __b) const
	{
		return __a | __b;
	}
};
template <class _Tp> struct bit_xor {
	_Tp operator()(_Tp __a, _Tp __b) const
	{
		return __a ^ __b;
	}
};
#if defined(IDXGEN_CG_ALWAYS_INLINE_PUSHED)
#pragma clang attribute pop
#undef IDXGEN_CG_ALWAYS_INLINE_PUSHED
#endif
#endif
} /* namespace cooperative_groups */

#endif
