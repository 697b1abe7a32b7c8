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
template <typename Op, typename T>
__device__ auto apply_flag_op(Op &op, const T &a, const T &b, int b_index, int) -> decltype(op(a, b, b_index))
{
	return op(a, b, b_index);
}
template <typename Op, typename T>
__device__ auto apply_flag_op(Op &op, const T &a, const T &b, int, long) -> decltype(op(a, b))
{
	return op(a, b);
}

} // namespace detail

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockDiscontinuity
	: public detail::BlockNeighbours<BlockDiscontinuity<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z, LEGACY_PTX_ARCH>, T,
					 BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>
{
	typedef detail::BlockNeighbours<BlockDiscontinuity, T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> Base;
	using Base::BLOCK_THREADS;
	using Base::s;
	using Base::tid;
	using Base::share;

      public:
	using typename Base::TempStorage;

      private:
	/* head flags; pred: the item before the tile (thread 0), or NULL for a head there */
	template <int N, typename FlagT, typename Op>
	__device__ void heads(FlagT (&flags)[N], T (&input)[N], Op &op, const T *pred)
	{
		if (tid > 0)
			flags[0] = detail::apply_flag_op(op, s.last.at()[tid - 1], input[0], tid * N, 0);
		else
			flags[0] = pred ? detail::apply_flag_op(op, *pred, input[0], 0, 0) : 1;
		for (int j = 1; j < N; j++)
			flags[j] = detail::apply_flag_op(op, input[j - 1], input[j], tid * N + j, 0);
	}
	/* tail flags; succ: the item after the tile (last thread), or NULL for a tail there */
	template <int N, typename FlagT, typename Op>
	__device__ void tails(FlagT (&flags)[N], T (&input)[N], Op &op, const T *succ)
	{
		for (int j = 0; j < N - 1; j++)
			flags[j] = detail::apply_flag_op(op, input[j], input[j + 1], tid * N + j + 1, 0);
		if (tid < BLOCK_THREADS - 1)
			flags[N - 1] = detail::apply_flag_op(op, input[N - 1], s.first.at()[tid + 1], tid * N + N, 0);
		else
			flags[N - 1] = succ ? detail::apply_flag_op(op, input[N - 1], *succ, tid * N + N, 0) : 1;
	}

      public:
	__device__ BlockDiscontinuity()
	{
	}
	__device__ BlockDiscontinuity(TempStorage &temp_storage) : Base(temp_storage)
	{
	}

	template <int N, typename FlagT, typename FlagOp>
	__device__ void FlagHeads(FlagT (&head_flags)[N], T (&input)[N], FlagOp flag_op)
	{
		share(input);
		heads(head_flags, input, flag_op, nullptr);
	}
	template <int N, typename FlagT, typename FlagOp>
	__device__ void FlagHeads(FlagT (&head_flags)[N], T (&input)[N], FlagOp flag_op, T tile_predecessor_item)
	{
		share(input);
		heads(head_flags, input, flag_op, &tile_predecessor_item);
	}
	template <int N, typename FlagT, typename FlagOp>
	__device__ void FlagTails(FlagT (&tail_flags)[N], T (&input)[N], FlagOp flag_op)
	{
		share(input);
		tails(tail_flags, input, flag_op, nullptr);
	}
	template <int N, typename FlagT, typename FlagOp>
	__device__ void FlagTails(FlagT (&tail_flags)[N], T (&input)[N], FlagOp flag_op, T tile_successor_item)
	{
		share(input);
		tails(tail_flags, input, flag_op, &tile_successor_item);
	}
	template <int N, typename FlagT, typename FlagOp>
	__device__ void FlagHeadsAndTails(FlagT (&head_flags)[N], FlagT (&tail_flags)[N], T (&input)[N], FlagOp flag_op)
	{
		share(input);
		heads(head_flags, input, flag_op, nullptr);
		tails(tail_flags, input, flag_op, nullptr);
	}
	template <int N, typename FlagT, typename FlagOp>
	__device__ void FlagHeadsAndTails(FlagT (&head_flags)[N], FlagT (&tail_flags)[N], T tile_successor_item,
					  T (&input)[N], FlagOp flag_op)
	{
		share(input);
		heads(head_flags, input, flag_op, nullptr);
		tails(tail_flags, input, flag_op, &tile_successor_item);
	}
	template <int N, typename FlagT, typename FlagOp>
	__device__ void FlagHeadsAndTails(FlagT (&head_flags)[N], T tile_predecessor_item, FlagT (&tail_flags)[N],
					  T (&input)[N], FlagOp flag_op)
	{
		share(input);
		heads(head_flags, input, flag_op, &tile_predecessor_item);
		tails(tail_flags, input, flag_op, nullptr);
	}
	template <int N, typename FlagT, typename FlagOp>
	__device__ void FlagHeadsAndTails(FlagT (&head_flags)[N], T tile_predecessor_item, FlagT (&tail_flags)[N],
					  T tile_successor_item, T (&input)[N], FlagOp flag_op)
	{
		share(input);
		heads(head_flags, input, flag_op, &tile_predecessor_item);
		tails(tail_flags, input, flag_op, &tile_successor_item);
	}
};

} // namespace cub
