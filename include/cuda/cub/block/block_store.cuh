/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_store.cuh - cub::BlockStore and the direct stores
 * (StoreDirectBlocked, StoreDirectStriped, StoreDirectWarpStriped) for
 * idxgen-cc's fiber kernels: the mirror of block_load.cuh.  The items come
 * in CUB's arrangement for the algorithm (striped for STRIPED, blocked for
 * the others) and each thread writes its own to memory, where CUB's
 * transposes would put them; items past valid_items are not written.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

enum BlockStoreAlgorithm {
	BLOCK_STORE_DIRECT,
	BLOCK_STORE_STRIPED,
	BLOCK_STORE_VECTORIZE,
	BLOCK_STORE_TRANSPOSE,
	BLOCK_STORE_WARP_TRANSPOSE,
	BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED,
};

template <typename _Tp, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ inline void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr, _Tp (&items)[ITEMS_PER_THREAD])
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++)
		block_itr[detail::blocked_index(linear_tid, ITEMS_PER_THREAD, j)] = items[j];
}
template <typename _Tp, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ inline void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr, _Tp (&items)[ITEMS_PER_THREAD],
					  int valid_items)
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++) {
		int i = detail::blocked_index(linear_tid, ITEMS_PER_THREAD, j);

		if (i < valid_items)
			block_itr[i] = items[j];
	}
}
template <typename _Tp, int ITEMS_PER_THREAD>
__device__ inline void StoreDirectBlockedVectorized(int linear_tid, _Tp *block_ptr, _Tp (&items)[ITEMS_PER_THREAD])
{
	StoreDirectBlocked(linear_tid, block_ptr, items);
}
template <int BLOCK_THREADS, typename _Tp, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ inline void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr, _Tp (&items)[ITEMS_PER_THREAD])
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++)
		block_itr[detail::striped_index(linear_tid, BLOCK_THREADS, j)] = items[j];
}
template <int BLOCK_THREADS, typename _Tp, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ inline void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr, _Tp (&items)[ITEMS_PER_THREAD],
					  int valid_items)
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++) {
		int i = detail::striped_index(linear_tid, BLOCK_THREADS, j);

		if (i < valid_items)
			block_itr[i] = items[j];
	}
}
template <typename _Tp, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ inline void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr,
					      _Tp (&items)[ITEMS_PER_THREAD])
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++)
		block_itr[detail::warp_striped_index(linear_tid, ITEMS_PER_THREAD, j)] = items[j];
}
template <typename _Tp, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ inline void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr,
					      _Tp (&items)[ITEMS_PER_THREAD], int valid_items)
{
	for (int j = 0; j < ITEMS_PER_THREAD; j++) {
		int i = detail::warp_striped_index(linear_tid, ITEMS_PER_THREAD, j);

		if (i < valid_items)
			block_itr[i] = items[j];
	}
}

template <typename _Tp, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
	  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore
{
	enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
	/* CUB before 1.9 took the iterator type (BlockStore<double *, 128, 4>): its value type then */
	typedef typename detail::item_type<_Tp>::type Item;
	typedef detail::RawStorage<Item, 1> _TempStorage;
	int tid;

      public:
	struct TempStorage : _TempStorage {
	};

	__device__ BlockStore() : tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}
	__device__ BlockStore(TempStorage &) : tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}

	template <typename OutputIteratorT>
	__device__ void Store(OutputIteratorT block_itr, Item (&items)[ITEMS_PER_THREAD])
	{
		if (ALGORITHM == BLOCK_STORE_STRIPED)
			StoreDirectStriped<BLOCK_THREADS>(tid, block_itr, items);
		else
			StoreDirectBlocked(tid, block_itr, items);
	}
	template <typename OutputIteratorT>
	__device__ void Store(OutputIteratorT block_itr, Item (&items)[ITEMS_PER_THREAD], int valid_items)
	{
		if (ALGORITHM == BLOCK_STORE_STRIPED)
			StoreDirectStriped<BLOCK_THREADS>(tid, block_itr, items, valid_items);
		else
			StoreDirectBlocked(tid, block_itr, items, valid_items);
	}
};

} // namespace cub
