/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_shuffle.cuh - cub::BlockShuffle for idxgen-cc's fiber
 * kernels (cub/idxgen_collective.cuh): Offset and Rotate of one item per
 * thread, Up and Down of a blocked arrangement by one item (with the block's
 * last or first item for every thread).  Each thread writes its item into
 * the TempStorage, a barrier, each thread reads its neighbour's; outputs
 * CUB leaves unwritten (past the block's ends) are left alone, and an
 * output may alias its input, as in CUB.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

template <typename _Tp, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockShuffle
{
	enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };

      public:
	struct TempStorage : detail::RawStorage<_Tp, BLOCK_THREADS> {
	};

      private:
	_Tp *shared;
	int tid;

	__device__ void publish(const _Tp &item)
	{
		shared[tid] = item;
		__syncthreads();
	}

      public:
	__device__ BlockShuffle()
		: shared(detail::private_storage<TempStorage>().at()), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}
	__device__ BlockShuffle(TempStorage &temp_storage)
		: shared(temp_storage.at()), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}

	/* thread i gets the input of thread i + distance, when that thread exists */
	__device__ void Offset(_Tp input, _Tp &output, int distance = 1)
	{
		publish(input);
		int from = tid + distance;
		if (from >= 0 && from < BLOCK_THREADS)
			output = shared[from];
	}
	/* thread i gets the input of thread (i + distance) mod BLOCK_THREADS */
	__device__ void Rotate(_Tp input, _Tp &output, unsigned int distance = 1)
	{
		publish(input);
		output = shared[(tid + distance) % BLOCK_THREADS];
	}
	/* prev[j] = the item before item j in the blocked tile; thread 0's prev[0] is left alone */
	template <int ITEMS_PER_THREAD>
	__device__ void Up(_Tp (&input)[ITEMS_PER_THREAD], _Tp (&prev)[ITEMS_PER_THREAD])
	{
		publish(input[ITEMS_PER_THREAD - 1]);
		for (int j = ITEMS_PER_THREAD - 1; j > 0; j--)
			prev[j] = input[j - 1];
		if (tid > 0)
			prev[0] = shared[tid - 1];
	}
	template <int ITEMS_PER_THREAD>
	__device__ void Up(_Tp (&input)[ITEMS_PER_THREAD], _Tp (&prev)[ITEMS_PER_THREAD], _Tp &block_suffix)
	{
		Up(input, prev);
		block_suffix = shared[BLOCK_THREADS - 1];
	}
	/* next[j] = the item after item j; the last thread's last item is left alone */
	template <int ITEMS_PER_THREAD>
	__device__ void Down(_Tp (&input)[ITEMS_PER_THREAD], _Tp (&next)[ITEMS_PER_THREAD])
	{
		publish(input[0]);
		for (int j = 0; j < ITEMS_PER_THREAD - 1; j++)
			next[j] = input[j + 1];
		if (tid < BLOCK_THREADS - 1)
			next[ITEMS_PER_THREAD - 1] = shared[tid + 1];
	}
	template <int ITEMS_PER_THREAD>
	__device__ void Down(_Tp (&input)[ITEMS_PER_THREAD], _Tp (&next)[ITEMS_PER_THREAD], _Tp &block_prefix)
	{
		Down(input, next);
		block_prefix = shared[0];
	}
};

} // namespace cub
