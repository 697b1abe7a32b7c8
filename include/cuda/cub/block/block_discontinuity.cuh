/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_discontinuity.cuh - cub::BlockDiscontinuity for
 * idxgen-cc's fiber kernels (cub/idxgen_collective.cuh): FlagHeads,
 * FlagTails and FlagHeadsAndTails of a blocked arrangement, with or without
 * the items before and after the tile.  flag_op(a, b) (or flag_op(a, b,
 * b_index), b's index in the tile, as CUB calls it when the operator takes
 * three) says whether b starts a new run after a.  Each thread writes its
 * first and last items into the TempStorage, a barrier, each thread reads
 * its neighbours'.  The first item of the tile is a head, the last a tail,
 * unless the tile's predecessor (successor) item is given.
 */
#pragma once
#include "../cub.cuh"

namespace cub {
namespace detail {

/* flag_op(a, b, b_index) where the operator takes an index, else flag_op(a, b) */
template <typename Op, typename _Tp>
__device__ auto apply_flag_op(Op &op, const _Tp &a, const _Tp &b, int b_index, int) -> decltype(op(a, b, b_index))
{
	return op(a, b, b_index);
}
template <typename Op, typename _Tp>
__device__ auto apply_flag_op(Op &op, const _Tp &a, const _Tp &b, int, long) -> decltype(op(a, b))
{
	return op(a, b);
}

} // namespace detail

template <typename _Tp, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockDiscontinuity
	: public detail::BlockNeighbours<BlockDiscontinuity<_Tp, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z, LEGACY_PTX_ARCH>, _Tp,
					 BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>
{
	typedef detail::BlockNeighbours<BlockDiscontinuity, _Tp, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> Base;
	using Base::BLOCK_THREADS;
	using Base::s;
	using Base::tid;
	using Base::share;

      public:
	using typename Base::TempStorage;

      private:
	/* head flags; pred: the item before the tile (thread 0), or NULL for a head there */
	template <int _Np, typename FlagT, typename Op>
	__device__ void heads(FlagT (&flags)[_Np], _Tp (&input)[_Np], Op &op, const _Tp *pred)
	{
		if (tid > 0)
			flags[0] = detail::apply_flag_op(op, s.last.at()[tid - 1], input[0], tid * _Np, 0);
		else
			flags[0] = pred ? detail::apply_flag_op(op, *pred, input[0], 0, 0) : 1;
		for (int j = 1; j < _Np; j++)
			flags[j] = detail::apply_flag_op(op, input[j - 1], input[j], tid * _Np + j, 0);
	}
	/* tail flags; succ: the item after the tile (last thread), or NULL for a tail there */
	template <int _Np, typename FlagT, typename Op>
	__device__ void tails(FlagT (&flags)[_Np], _Tp (&input)[_Np], Op &op, const _Tp *succ)
	{
		for (int j = 0; j < _Np - 1; j++)
			flags[j] = detail::apply_flag_op(op, input[j], input[j + 1], tid * _Np + j + 1, 0);
		if (tid < BLOCK_THREADS - 1)
			flags[_Np - 1] = detail::apply_flag_op(op, input[_Np - 1], s.first.at()[tid + 1], tid * _Np + _Np, 0);
		else
			flags[_Np - 1] = succ ? detail::apply_flag_op(op, input[_Np - 1], *succ, tid * _Np + _Np, 0) : 1;
	}

      public:
	__device__ BlockDiscontinuity()
	{
	}
	__device__ BlockDiscontinuity(TempStorage &temp_storage) : Base(temp_storage)
	{
	}

	template <int _Np, typename FlagT, typename FlagOp>
	__device__ void FlagHeads(FlagT (&head_flags)[_Np], _Tp (&input)[_Np], FlagOp flag_op)
	{
		share(input);
		heads(head_flags, input, flag_op, nullptr);
	}
	template <int _Np, typename FlagT, typename FlagOp>
	__device__ void FlagHeads(FlagT (&head_flags)[_Np], _Tp (&input)[_Np], FlagOp flag_op, _Tp tile_predecessor_item)
	{
		share(input);
		heads(head_flags, input, flag_op, &tile_predecessor_item);
	}
	template <int _Np, typename FlagT, typename FlagOp>
	__device__ void FlagTails(FlagT (&tail_flags)[_Np], _Tp (&input)[_Np], FlagOp flag_op)
	{
		share(input);
		tails(tail_flags, input, flag_op, nullptr);
	}
	template <int _Np, typename FlagT, typename FlagOp>
	__device__ void FlagTails(FlagT (&tail_flags)[_Np], _Tp (&input)[_Np], FlagOp flag_op, _Tp tile_successor_item)
	{
		share(input);
		tails(tail_flags, input, flag_op, &tile_successor_item);
	}
	template <int _Np, typename FlagT, typename FlagOp>
	__device__ void FlagHeadsAndTails(FlagT (&head_flags)[_Np], FlagT (&tail_flags)[_Np], _Tp (&input)[_Np], FlagOp flag_op)
	{
		share(input);
		heads(head_flags, input, flag_op, nullptr);
		tails(tail_flags, input, flag_op, nullptr);
	}
	template <int _Np, typename FlagT, typename FlagOp>
	__device__ void FlagHeadsAndTails(FlagT (&head_flags)[_Np], FlagT (&tail_flags)[_Np], _Tp tile_successor_item,
					  _Tp (&input)[_Np], FlagOp flag_op)
	{
		share(input);
		heads(head_flags, input, flag_op, nullptr);
		tails(tail_flags, input, flag_op, &tile_successor_item);
	}
	template <int _Np, typename FlagT, typename FlagOp>
	__device__ void FlagHeadsAndTails(FlagT (&head_flags)[_Np], _Tp tile_predecessor_item, FlagT (&tail_flags)[_Np],
					  _Tp (&input)[_Np], FlagOp flag_op)
	{
		share(input);
		heads(head_flags, input, flag_op, &tile_predecessor_item);
		tails(tail_flags, input, flag_op, nullptr);
	}
	template <int _Np, typename FlagT, typename FlagOp>
	__device__ void FlagHeadsAndTails(FlagT (&head_flags)[_Np], _Tp tile_predecessor_item, FlagT (&tail_flags)[_Np],
					  _Tp tile_successor_item, _Tp (&input)[_Np], FlagOp flag_op)
	{
		share(input);
		heads(head_flags, input, flag_op, &tile_predecessor_item);
		tails(tail_flags, input, flag_op, &tile_successor_item);
	}
};

} // namespace cub
