/* SPDX-License-Identifier: MIT */
/*
 * cub/warp/warp_reduce.cuh - cub::WarpReduce for idxgen-cc's fiber kernels
 * (cub/idxgen_collective.cuh): Sum and Reduce(op) over a logical warp of
 * LOGICAL_WARP_THREADS lanes (1..32; logical warp w is lanes w*L .. w*L+L-1
 * of the physical warp), all of them or the first valid_items; the result
 * is valid in the logical warp's lane 0, as CUB's.  One warp rendezvous:
 * at the instant the logical warp has arrived, lane 0's result is folded
 * from the lanes' inputs in lane order (lanes that returned are left out);
 * the TempStorage is not needed and may be reused at once.  Also the
 * head- and tail-segmented forms (HeadSegmentedSum, ...).
 */
#pragma once
#include "../cub.cuh"

namespace cub {

namespace detail {
template <typename _Tp, typename Op>
struct WarpReduceFn {
	struct Arg {
		const Op *op;
		int width, valid;
	};
	static void run(const WarpOperands<_Tp> &ops, uint32_t, uint32_t lane, const Arg &a, _Tp &out)
	{
		uint32_t base = lane - lane % (uint32_t)a.width;
		bool have = false;

		if (lane != base) {
			out = *ops.op[lane];
			return;
		}
		for (int i = 0; i < a.valid && base + i < 32; i++) {
			const _Tp *v = ops.op[base + i];

			if (!v)
				continue;
			out = have ? (*a.op)(out, *v) : *v;
			have = true;
		}
	}
};

/*
 * The segmented forms: each lane brings its input and flag; every lane gets
 * the fold from itself to the end of its segment, which for a segment's
 * first lane (where CUB defines the result) is the segment's reduction.
 * A segment ends before the next head flag (head form) or at a tail flag
 * (tail form), and at the end of the logical warp.
 */
template <typename _Tp>
struct FlaggedItem {
	_Tp item;
	bool flag;
};
template <typename _Tp, typename Op>
struct WarpSegReduceFn {
	struct Arg {
		const Op *op;
		int width;
		bool tails;
	};
	static void run(const WarpOperands<FlaggedItem<_Tp>> &ops, uint32_t, uint32_t lane, const Arg &a, _Tp &out)
	{
		uint32_t end = lane - lane % (uint32_t)a.width + (uint32_t)a.width;

		out = ops.op[lane]->item;
		if (a.tails && ops.op[lane]->flag)
			return;
		for (uint32_t i = lane + 1; i < end && i < 32 && ops.op[i]; i++) {
			if (!a.tails && ops.op[i]->flag)
				break;
			out = (*a.op)(out, ops.op[i]->item);
			if (a.tails && ops.op[i]->flag)
				break;
		}
	}
};
} // namespace detail

template <typename _Tp, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce
{
	static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32, "CUB: 1 to 32 lanes in a logical warp");
	typedef detail::RawStorage<_Tp, 1> _TempStorage;

	template <typename Op>
	__device__ _Tp reduce(_Tp input, Op op, int valid_items)
	{
		typedef detail::WarpReduceFn<_Tp, Op> Fn;
		unsigned int lane = detail::lane_id();
		typename Fn::Arg a = { &op, LOGICAL_WARP_THREADS, valid_items };
		_Tp out = input;

		detail::warp_rendezvous<Fn>(detail::logical_warp_mask(lane, LOGICAL_WARP_THREADS), input, a, out);
		return out;
	}

	template <typename Op>
	__device__ _Tp segmented(_Tp input, bool flag, Op op, bool tails)
	{
		typedef detail::WarpSegReduceFn<_Tp, Op> Fn;
		unsigned int lane = detail::lane_id();
		typename Fn::Arg a = { &op, LOGICAL_WARP_THREADS, tails };
		detail::FlaggedItem<_Tp> mine = { input, flag };
		_Tp out = input;

		detail::warp_rendezvous<Fn>(detail::logical_warp_mask(lane, LOGICAL_WARP_THREADS), mine, a, out);
		return out;
	}

      public:
	struct TempStorage : _TempStorage {
	};

	__device__ WarpReduce()
	{
	}
	__device__ WarpReduce(TempStorage &)
	{
	}

	__device__ _Tp Sum(_Tp input)
	{
		return reduce(input, cub::Sum(), LOGICAL_WARP_THREADS);
	}
	__device__ _Tp Sum(_Tp input, int valid_items)
	{
		return reduce(input, cub::Sum(), valid_items);
	}
	template <typename ReductionOp>
	__device__ _Tp Reduce(_Tp input, ReductionOp reduction_op)
	{
		return reduce(input, reduction_op, LOGICAL_WARP_THREADS);
	}
	template <typename ReductionOp>
	__device__ _Tp Reduce(_Tp input, ReductionOp reduction_op, int valid_items)
	{
		return reduce(input, reduction_op, valid_items);
	}
	/* segments begin at head flags (lane 0 always begins one); the result is valid in each segment's first lane */
	template <typename FlagT>
	__device__ _Tp HeadSegmentedSum(_Tp input, FlagT head_flag)
	{
		return segmented(input, (bool)head_flag, cub::Sum(), false);
	}
	template <typename FlagT, typename ReductionOp>
	__device__ _Tp HeadSegmentedReduce(_Tp input, FlagT head_flag, ReductionOp reduction_op)
	{
		return segmented(input, (bool)head_flag, reduction_op, false);
	}
	/* segments end at tail flags; the result is valid in each segment's first lane */
	template <typename FlagT>
	__device__ _Tp TailSegmentedSum(_Tp input, FlagT tail_flag)
	{
		return segmented(input, (bool)tail_flag, cub::Sum(), true);
	}
	template <typename FlagT, typename ReductionOp>
	__device__ _Tp TailSegmentedReduce(_Tp input, FlagT tail_flag, ReductionOp reduction_op)
	{
		return segmented(input, (bool)tail_flag, reduction_op, true);
	}
};

} // namespace cub
