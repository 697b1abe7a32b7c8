/* SPDX-License-Identifier: MIT */
/*
 * cub/warp/warp_load.cuh - cub::WarpLoad and cub::WarpStore for idxgen-cc's
 * fiber kernels: a logical warp of LOGICAL_WARP_THREADS lanes loads (stores)
 * a tile of ITEMS_PER_THREAD items per lane that starts at the iterator,
 * in CUB's arrangement: striped (item j of lane l is l + j*LOGICAL_WARP_THREADS)
 * for the STRIPED algorithms, blocked (lane l holds l*N .. l*N+N-1) for the
 * others; items past valid_items are not read (left alone, or set to
 * oob_default) and not written.  As BlockLoad/BlockStore here, each lane
 * reads and writes its own items straight from memory (one address space:
 * the arrangement CUB's shared-memory transposes build), so the TempStorage
 * is never used.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

enum WarpLoadAlgorithm {
	WARP_LOAD_DIRECT,
	WARP_LOAD_STRIPED,
	WARP_LOAD_VECTORIZE,
	WARP_LOAD_TRANSPOSE,
};

enum WarpStoreAlgorithm {
	WARP_STORE_DIRECT,
	WARP_STORE_STRIPED,
	WARP_STORE_VECTORIZE,
	WARP_STORE_TRANSPOSE,
};

namespace detail {
/* the tile index of item j of lane l: striped or blocked */
template <int LANES, int ITEMS>
__device__ inline int warp_tile_index(bool striped, int lane, int j)
{
	return striped ? striped_index(lane, LANES, j) : blocked_index(lane, ITEMS, j);
}
} // namespace detail

template <typename InputT, int ITEMS_PER_THREAD, WarpLoadAlgorithm ALGORITHM = WARP_LOAD_DIRECT,
	  int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpLoad
{
	static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32, "CUB: 1 to 32 lanes in a logical warp");
	int lane;

	template <typename InputIteratorT>
	__device__ void load(InputIteratorT itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items)
	{
		for (int j = 0; j < ITEMS_PER_THREAD; j++) {
			int i = detail::warp_tile_index<LOGICAL_WARP_THREADS, ITEMS_PER_THREAD>(
				ALGORITHM == WARP_LOAD_STRIPED, lane, j);

			if (i < valid_items)
				items[j] = itr[i];
		}
	}

      public:
	struct TempStorage : detail::RawStorage<InputT, 1> {
	};

	__device__ WarpLoad() : lane((int)(detail::lane_id() % LOGICAL_WARP_THREADS)) {}
	__device__ WarpLoad(TempStorage &) : lane((int)(detail::lane_id() % LOGICAL_WARP_THREADS)) {}

	template <typename InputIteratorT>
	__device__ void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD])
	{
		load(block_itr, items, LOGICAL_WARP_THREADS * ITEMS_PER_THREAD);
	}
	template <typename InputIteratorT>
	__device__ void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items)
	{
		load(block_itr, items, valid_items);
	}
	template <typename InputIteratorT, typename DefaultT>
	__device__ void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items,
			     DefaultT oob_default)
	{
		for (int j = 0; j < ITEMS_PER_THREAD; j++)
			items[j] = oob_default;
		load(block_itr, items, valid_items);
	}
};

template <typename _Tp, int ITEMS_PER_THREAD, WarpStoreAlgorithm ALGORITHM = WARP_STORE_DIRECT,
	  int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpStore
{
	static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32, "CUB: 1 to 32 lanes in a logical warp");
	int lane;

	template <typename OutputIteratorT>
	__device__ void store(OutputIteratorT itr, _Tp (&items)[ITEMS_PER_THREAD], int valid_items)
	{
		for (int j = 0; j < ITEMS_PER_THREAD; j++) {
			int i = detail::warp_tile_index<LOGICAL_WARP_THREADS, ITEMS_PER_THREAD>(
				ALGORITHM == WARP_STORE_STRIPED, lane, j);

			if (i < valid_items)
				itr[i] = items[j];
		}
	}

      public:
	struct TempStorage : detail::RawStorage<_Tp, 1> {
	};

	__device__ WarpStore() : lane((int)(detail::lane_id() % LOGICAL_WARP_THREADS)) {}
	__device__ WarpStore(TempStorage &) : lane((int)(detail::lane_id() % LOGICAL_WARP_THREADS)) {}

	template <typename OutputIteratorT>
	__device__ void Store(OutputIteratorT block_itr, _Tp (&items)[ITEMS_PER_THREAD])
	{
		store(block_itr, items, LOGICAL_WARP_THREADS * ITEMS_PER_THREAD);
	}
	template <typename OutputIteratorT>
	__device__ void Store(OutputIteratorT block_itr, _Tp (&items)[ITEMS_PER_THREAD], int valid_items)
	{
		store(block_itr, items, valid_items);
	}
};

} // namespace cub
