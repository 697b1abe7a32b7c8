/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_exchange.cuh - cub::BlockExchange for idxgen-cc's fiber
 * kernels: StripedToBlocked, BlockedToStriped, WarpStripedToBlocked,
 * BlockedToWarpStriped, ScatterToBlocked, ScatterToStriped (+Guarded,
 * +Flagged), in place or from input to output.  Every thread writes its
 * items into the TempStorage at their tile index in the source arrangement
 * (or their rank), a barrier, every thread reads its items of the target
 * arrangement.  Reusing the TempStorage needs a __syncthreads() first.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
	  int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockExchange
{
	enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, __idxgen_tile = BLOCK_THREADS * ITEMS_PER_THREAD };
	typedef detail::RawStorage<InputT, __idxgen_tile> _TempStorage;
	typedef InputT Items[ITEMS_PER_THREAD];
	enum Arrangement { BLOCKED, STRIPED, WARP_STRIPED };

      public:
	struct TempStorage : _TempStorage {
	};

      private:
	InputT *s;
	int tid;

	__device__ int index(Arrangement a, int j)
	{
		return a == BLOCKED ? detail::blocked_index(tid, ITEMS_PER_THREAD, j)
		       : a == STRIPED ? detail::striped_index(tid, BLOCK_THREADS, j)
				      : detail::warp_striped_index(tid, ITEMS_PER_THREAD, j);
	}

	template <typename OutputT>
	__device__ void exchange(const InputT (&in)[ITEMS_PER_THREAD], Arrangement from,
				 OutputT (&out)[ITEMS_PER_THREAD], Arrangement to)
	{
		for (int j = 0; j < ITEMS_PER_THREAD; j++)
			s[index(from, j)] = in[j];
		__syncthreads();
		for (int j = 0; j < ITEMS_PER_THREAD; j++)
			out[j] = s[index(to, j)];
	}

	/* Items to their ranks (those with keep false stay out), then a striped read. */
	template <typename OutputT, typename OffsetT, typename Keep>
	__device__ void scatter(const InputT (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD],
				OffsetT (&ranks)[ITEMS_PER_THREAD], Arrangement to, Keep keep)
	{
		for (int j = 0; j < ITEMS_PER_THREAD; j++)
			if (keep(j) && ranks[j] >= 0 && ranks[j] < __idxgen_tile)
				s[ranks[j]] = in[j];
		__syncthreads();
		for (int j = 0; j < ITEMS_PER_THREAD; j++)
			out[j] = s[index(to, j)];
	}

	struct All {
		__device__ bool operator()(int) const
		{
			return true;
		}
	};

      public:
	__device__ BlockExchange()
		: s(detail::private_storage<TempStorage>().at()), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}
	__device__ BlockExchange(TempStorage &temp_storage)
		: s(temp_storage.at()), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}

	template <typename OutputT>
	__device__ void StripedToBlocked(const InputT (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD])
	{
		exchange(input, STRIPED, output, BLOCKED);
	}
	template <typename OutputT>
	__device__ void BlockedToStriped(const InputT (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD])
	{
		exchange(input, BLOCKED, output, STRIPED);
	}
	template <typename OutputT>
	__device__ void WarpStripedToBlocked(const InputT (&input)[ITEMS_PER_THREAD],
					     OutputT (&output)[ITEMS_PER_THREAD])
	{
		exchange(input, WARP_STRIPED, output, BLOCKED);
	}
	template <typename OutputT>
	__device__ void BlockedToWarpStriped(const InputT (&input)[ITEMS_PER_THREAD],
					     OutputT (&output)[ITEMS_PER_THREAD])
	{
		exchange(input, BLOCKED, output, WARP_STRIPED);
	}
	__device__ void StripedToBlocked(InputT (&items)[ITEMS_PER_THREAD])
	{
		exchange(items, STRIPED, items, BLOCKED);
	}
	__device__ void BlockedToStriped(InputT (&items)[ITEMS_PER_THREAD])
	{
		exchange(items, BLOCKED, items, STRIPED);
	}
	__device__ void WarpStripedToBlocked(InputT (&items)[ITEMS_PER_THREAD])
	{
		exchange(items, WARP_STRIPED, items, BLOCKED);
	}
	__device__ void BlockedToWarpStriped(InputT (&items)[ITEMS_PER_THREAD])
	{
		exchange(items, BLOCKED, items, WARP_STRIPED);
	}

	template <typename OutputT, typename OffsetT>
	__device__ void ScatterToBlocked(const InputT (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
					 OffsetT (&ranks)[ITEMS_PER_THREAD])
	{
		scatter(input, output, ranks, BLOCKED, All());
	}
	template <typename OutputT, typename OffsetT>
	__device__ void ScatterToStriped(const InputT (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
					 OffsetT (&ranks)[ITEMS_PER_THREAD])
	{
		scatter(input, output, ranks, STRIPED, All());
	}
	template <typename OffsetT>
	__device__ void ScatterToBlocked(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD])
	{
		scatter(items, items, ranks, BLOCKED, All());
	}
	template <typename OffsetT>
	__device__ void ScatterToStriped(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD])
	{
		scatter(items, items, ranks, STRIPED, All());
	}
	/* Guarded: items of negative rank are left out; Flagged: items whose flag is false are. */
	template <typename OutputT, typename OffsetT>
	__device__ void ScatterToStripedGuarded(const InputT (&input)[ITEMS_PER_THREAD],
						OutputT (&output)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD])
	{
		scatter(input, output, ranks, STRIPED, All());
	}
	template <typename OutputT, typename OffsetT, typename ValidFlag>
	__device__ void ScatterToStripedFlagged(const InputT (&input)[ITEMS_PER_THREAD],
						OutputT (&output)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD],
						ValidFlag (&is_valid)[ITEMS_PER_THREAD])
	{
		scatter(input, output, ranks, STRIPED, [&](int j) { return (bool)is_valid[j]; });
	}
};

} // namespace cub
