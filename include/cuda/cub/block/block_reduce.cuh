/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_reduce.cuh - cub::BlockReduce for idxgen-cc's fiber
 * kernels (cub/idxgen_collective.cuh): Reduce(op) and Sum over one item or
 * an array of items per thread, and over the first num_valid threads; the
 * result is valid in thread 0, as CUB's.  Every thread writes its partial
 * into the TempStorage, a barrier, thread 0 folds them in thread order.
 * Reusing the TempStorage needs a __syncthreads() first, as in CUB.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

enum BlockReduceAlgorithm {
	BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
	BLOCK_REDUCE_RAKING,
	BLOCK_REDUCE_WARP_REDUCTIONS,
};

template <typename _Tp, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
	  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce
{
	enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
	typedef detail::RawStorage<_Tp, BLOCK_THREADS> _TempStorage;

      public:
	struct TempStorage : _TempStorage {
	};

      private:
	_Tp *partial;
	int tid;

	template <typename Op>
	__device__ _Tp fold(_Tp input, Op op, int num_valid)
	{
		_Tp r = input;

		partial[tid] = input;
		__syncthreads();
		if (tid == 0)
			for (int i = 1; i < num_valid; i++)
				r = op(r, partial[i]);
		return r;
	}

      public:
	__device__ BlockReduce()
		: partial(detail::private_storage<TempStorage>().at()), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}
	__device__ BlockReduce(TempStorage &temp_storage)
		: partial(temp_storage.at()), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}

	template <typename ReductionOp>
	__device__ _Tp Reduce(_Tp input, ReductionOp reduction_op)
	{
		return fold(input, reduction_op, BLOCK_THREADS);
	}
	template <int ITEMS_PER_THREAD, typename ReductionOp>
	__device__ _Tp Reduce(_Tp (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op)
	{
		_Tp r = inputs[0];

		for (int i = 1; i < ITEMS_PER_THREAD; i++)
			r = reduction_op(r, inputs[i]);
		return fold(r, reduction_op, BLOCK_THREADS);
	}
	template <typename ReductionOp>
	__device__ _Tp Reduce(_Tp input, ReductionOp reduction_op, int num_valid)
	{
		return fold(input, reduction_op, num_valid < BLOCK_THREADS ? num_valid : BLOCK_THREADS);
	}
	__device__ _Tp Sum(_Tp input)
	{
		return Reduce(input, cub::Sum());
	}
	template <int ITEMS_PER_THREAD>
	__device__ _Tp Sum(_Tp (&inputs)[ITEMS_PER_THREAD])
	{
		return Reduce(inputs, cub::Sum());
	}
	__device__ _Tp Sum(_Tp input, int num_valid)
	{
		return Reduce(input, cub::Sum(), num_valid);
	}
};

} // namespace cub
