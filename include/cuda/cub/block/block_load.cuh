/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_load.cuh - cub::BlockLoad and the direct loads
 * (LoadDirectBlocked, LoadDirectStriped, LoadDirectWarpStriped) for
 * idxgen-cc's fiber kernels.  Every algorithm gives CUB's arrangement:
 * blocked (thread i holds items i*N .. i*N+N-1 of the tile) for DIRECT,
 * VECTORIZE, TRANSPOSE, WARP_TRANSPOSE(_TIMESLICED), striped (item j of
 * thread i is i + j*BLOCK_THREADS) for STRIPED.  On one address space a
 * thread reads its own items straight from memory, which gives the
 * arrangement CUB's shared-memory transposes build, so no algorithm needs
 * the TempStorage (it exists, as in CUB, for the unions public code
 * declares).  Items past valid_items are left alone, or set to oob_default.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

enum BlockLoadAlgorithm {
	BLOCK_LOAD_DIRECT,
	BLOCK_LOAD_STRIPED,
	BLOCK_LOAD_VECTORIZE,
	BLOCK_LOAD_TRANSPOSE,
	BLOCK_LOAD_WARP_TRANSPOSE,
	BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,
};

template <typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ inline void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD])
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++)
		items[j] = block_itr[detail::blocked_index(linear_tid, ITEMS_PER_THREAD, j)];
}
template <typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ inline void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD],
					 int valid_items)
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++) {
		int i = detail::blocked_index(linear_tid, ITEMS_PER_THREAD, j);

		if (i < valid_items)
			items[j] = block_itr[i];
	}
}
template <typename InputT, typename DefaultT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ inline void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD],
					 int valid_items, DefaultT oob_default)
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++)
		items[j] = oob_default;
	LoadDirectBlocked(linear_tid, block_itr, items, valid_items);
}
template <typename _Tp, int ITEMS_PER_THREAD>
__device__ inline void LoadDirectBlockedVectorized(int linear_tid, _Tp *block_ptr, _Tp (&items)[ITEMS_PER_THREAD])
{
	LoadDirectBlocked(linear_tid, block_ptr, items);
}

template <int BLOCK_THREADS, typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ inline void LoadDirectStriped(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD])
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++)
		items[j] = block_itr[detail::striped_index(linear_tid, BLOCK_THREADS, j)];
}
template <int BLOCK_THREADS, typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ inline void LoadDirectStriped(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD],
					 int valid_items)
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++) {
		int i = detail::striped_index(linear_tid, BLOCK_THREADS, j);

		if (i < valid_items)
			items[j] = block_itr[i];
	}
}
template <int BLOCK_THREADS, typename InputT, typename DefaultT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ inline void LoadDirectStriped(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD],
					 int valid_items, DefaultT oob_default)
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++)
		items[j] = oob_default;
	LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_itr, items, valid_items);
}

template <typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ inline void LoadDirectWarpStriped(int linear_tid, InputIteratorT block_itr,
					     InputT (&items)[ITEMS_PER_THREAD])
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++)
		items[j] = block_itr[detail::warp_striped_index(linear_tid, ITEMS_PER_THREAD, j)];
}
template <typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ inline void LoadDirectWarpStriped(int linear_tid, InputIteratorT block_itr,
					     InputT (&items)[ITEMS_PER_THREAD], int valid_items)
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++) {
		int i = detail::warp_striped_index(linear_tid, ITEMS_PER_THREAD, j);

		if (i < valid_items)
			items[j] = block_itr[i];
	}
}

template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
	  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad
{
	enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
	/* CUB before 1.9 took the iterator type (BlockLoad<double *, 128, 4>): its value type then */
	typedef typename detail::item_type<InputT>::type Item;
	typedef detail::RawStorage<Item, 1> _TempStorage;
	int tid;

      public:
	struct TempStorage : _TempStorage {
	};

	__device__ BlockLoad() : tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}
	__device__ BlockLoad(TempStorage &) : tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}

	template <typename InputIteratorT>
	__device__ void Load(InputIteratorT block_itr, Item (&items)[ITEMS_PER_THREAD])
	{
		if (ALGORITHM == BLOCK_LOAD_STRIPED)
			LoadDirectStriped<BLOCK_THREADS>(tid, block_itr, items);
		else
			LoadDirectBlocked(tid, block_itr, items);
	}
	template <typename InputIteratorT>
	__device__ void Load(InputIteratorT block_itr, Item (&items)[ITEMS_PER_THREAD], int valid_items)
	{
		if (ALGORITHM == BLOCK_LOAD_STRIPED)
			LoadDirectStriped<BLOCK_THREADS>(tid, block_itr, items, valid_items);
		else
			LoadDirectBlocked(tid, block_itr, items, valid_items);
	}
	template <typename InputIteratorT, typename DefaultT>
	__device__ void Load(InputIteratorT block_itr, Item (&items)[ITEMS_PER_THREAD], int valid_items,
			     DefaultT oob_default)
	{
		if (ALGORITHM == BLOCK_LOAD_STRIPED)
			LoadDirectStriped<BLOCK_THREADS>(tid, block_itr, items, valid_items, oob_default);
		else
			LoadDirectBlocked(tid, block_itr, items, valid_items, oob_default);
	}
};

} // namespace cub
