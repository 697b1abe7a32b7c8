/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_adjacent_difference.cuh - cub::BlockAdjacentDifference
 * (CUB 1.14's interface) for idxgen-cc's fiber kernels
 * (cub/idxgen_collective.cuh): SubtractLeft (output[i] = op(input[i],
 * input[i-1])) and SubtractRight (op(input[i], input[i+1])) over a blocked
 * arrangement, with the item before (after) the tile or without it (the
 * tile's first (last) item is then copied), and their PartialTile forms
 * (items at and past valid_items copied; SubtractRight also copies the last
 * valid one).  Each thread writes its first and last items into the
 * TempStorage, a barrier, each thread reads its neighbours'.  output may
 * alias input.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

template <typename _Tp, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockAdjacentDifference
	: public detail::BlockNeighbours<BlockAdjacentDifference<_Tp, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z, LEGACY_PTX_ARCH>, _Tp,
					 BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>
{
	typedef detail::BlockNeighbours<BlockAdjacentDifference, _Tp, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> Base;
	using Base::BLOCK_THREADS;
	using Base::s;
	using Base::tid;
	using Base::share;

      public:
	using typename Base::TempStorage;

      private:
	/*
	 * Left differences of the items whose tile index is below `valid`
	 * (the others copied); pred: the item before the tile, or NULL to
	 * copy the tile's first item.  From the last item down, so that an
	 * output aliasing the input still reads each input before it is
	 * overwritten.
	 */
	template <int _Np, typename OutT, typename Op>
	__device__ void left(_Tp (&input)[_Np], OutT (&output)[_Np], Op &op, int valid, const _Tp *pred)
	{
		_Tp before = tid > 0 ? s.last.at()[tid - 1] : (pred ? *pred : input[0]);

		for (int j = _Np - 1; j >= 0; j--) {
			if (tid * _Np + j >= valid)
				output[j] = input[j];
			else if (j > 0)
				output[j] = op(input[j], input[j - 1]);
			else if (tid > 0 || pred)
				output[0] = op(input[0], before);
			else
				output[0] = input[0];
		}
	}
	/*
	 * Right differences of the items whose tile index is below `end`
	 * (the others copied): valid - 1, or the whole tile when succ, the
	 * item after it, is given.  Upwards, for an aliased output.
	 */
	template <int _Np, typename OutT, typename Op>
	__device__ void right(_Tp (&input)[_Np], OutT (&output)[_Np], Op &op, int valid, const _Tp *succ)
	{
		int end = succ ? valid : valid - 1;
		_Tp after = tid < BLOCK_THREADS - 1 ? s.first.at()[tid + 1] : (succ ? *succ : input[_Np - 1]);

		for (int j = 0; j < _Np; j++) {
			if (tid * _Np + j < end)
				output[j] = op(input[j], j < _Np - 1 ? input[j + 1] : after);
			else
				output[j] = input[j];
		}
	}

      public:
	__device__ BlockAdjacentDifference()
	{
	}
	__device__ BlockAdjacentDifference(TempStorage &temp_storage) : Base(temp_storage)
	{
	}

	template <int _Np, typename OutputType, typename DifferenceOpT>
	__device__ void SubtractLeft(_Tp (&input)[_Np], OutputType (&output)[_Np], DifferenceOpT difference_op)
	{
		share(input);
		left(input, output, difference_op, BLOCK_THREADS * _Np, nullptr);
	}
	template <int _Np, typename OutputType, typename DifferenceOpT>
	__device__ void SubtractLeft(_Tp (&input)[_Np], OutputType (&output)[_Np], DifferenceOpT difference_op,
				     _Tp tile_predecessor_item)
	{
		share(input);
		left(input, output, difference_op, BLOCK_THREADS * _Np, &tile_predecessor_item);
	}
	template <int _Np, typename OutputType, typename DifferenceOpT>
	__device__ void SubtractLeftPartialTile(_Tp (&input)[_Np], OutputType (&output)[_Np], DifferenceOpT difference_op,
						int valid_items)
	{
		share(input);
		left(input, output, difference_op, valid_items, nullptr);
	}
	template <int _Np, typename OutputType, typename DifferenceOpT>
	__device__ void SubtractLeftPartialTile(_Tp (&input)[_Np], OutputType (&output)[_Np], DifferenceOpT difference_op,
						int valid_items, _Tp tile_predecessor_item)
	{
		share(input);
		left(input, output, difference_op, valid_items, &tile_predecessor_item);
	}
	template <int _Np, typename OutputType, typename DifferenceOpT>
	__device__ void SubtractRight(_Tp (&input)[_Np], OutputType (&output)[_Np], DifferenceOpT difference_op)
	{
		share(input);
		right(input, output, difference_op, BLOCK_THREADS * _Np, nullptr);
	}
	template <int _Np, typename OutputType, typename DifferenceOpT>
	__device__ void SubtractRight(_Tp (&input)[_Np], OutputType (&output)[_Np], DifferenceOpT difference_op,
				      _Tp tile_successor_item)
	{
		share(input);
		right(input, output, difference_op, BLOCK_THREADS * _Np, &tile_successor_item);
	}
	template <int _Np, typename OutputType, typename DifferenceOpT>
	__device__ void SubtractRightPartialTile(_Tp (&input)[_Np], OutputType (&output)[_Np], DifferenceOpT difference_op,
						 int valid_items)
	{
		share(input);
		right(input, output, difference_op, valid_items, nullptr);
	}
};

} // namespace cub
