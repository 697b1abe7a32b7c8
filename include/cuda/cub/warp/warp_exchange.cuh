/* SPDX-License-Identifier: MIT */
/*
 * cub/warp/warp_exchange.cuh - cub::WarpExchange for idxgen-cc's fiber
 * kernels: BlockedToStriped, StripedToBlocked and ScatterToStriped over a
 * logical warp of LOGICAL_WARP_THREADS lanes holding ITEMS_PER_THREAD items
 * each (blocked: lane l holds tile items l*N .. l*N+N-1; striped: item j of
 * lane l is tile item l + j*LOGICAL_WARP_THREADS).  One warp rendezvous
 * (cub/idxgen_collective.cuh): when the logical warp has arrived, each lane
 * reads its outputs from the other lanes' inputs in place, so the output
 * may alias the input and the TempStorage is never used.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

enum WarpExchangeAlgorithm {
	WARP_EXCHANGE_SMEM,
	WARP_EXCHANGE_SHUFFLE,
};

namespace detail {
/* what a lane brings: its items and, for a scatter, their ranks (tile positions) */
template <typename _Tp, typename OffsetT>
struct WarpExchangeOperand {
	const _Tp *items;
	const OffsetT *ranks;
};
template <typename _Tp, typename OffsetT, typename OutputT, int _Np, int LANES>
struct WarpExchangeFn {
	enum Kind { TO_STRIPED, TO_BLOCKED, SCATTER_TO_STRIPED };
	static void run(const WarpOperands<WarpExchangeOperand<_Tp, OffsetT>> &ops, uint32_t, uint32_t lane,
			const Kind &kind, OutputT (&out)[_Np])
	{
		uint32_t base = lane - lane % LANES, me = lane % LANES;

		for (int j = 0; j < _Np; j++) {
			/* the tile position this output item comes from, and who holds it */
			int want = kind == TO_BLOCKED ? blocked_index((int)me, _Np, j) : striped_index((int)me, LANES, j);
			int src_lane = -1, src_item = 0;

			if (kind == SCATTER_TO_STRIPED) {
				for (int l = 0; l < LANES && src_lane < 0; l++)
					for (int k = 0; k < _Np && ops.op[base + l]; k++)
						if ((int)ops.op[base + l]->ranks[k] == want) {
							src_lane = l, src_item = k;
							break;
						}
			} else if (kind == TO_STRIPED) {	/* input blocked */
				src_lane = want / _Np, src_item = want % _Np;
			} else {				/* input striped */
				src_lane = want % LANES, src_item = want / LANES;
			}
			if (src_lane >= 0 && ops.op[base + src_lane])
				out[j] = (OutputT)ops.op[base + src_lane]->items[src_item];
		}
	}
};
} // namespace detail

template <typename InputT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = 32,
	  WarpExchangeAlgorithm WARP_EXCHANGE_ALGORITHM = WARP_EXCHANGE_SMEM>
class WarpExchange
{
	static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32, "CUB: 1 to 32 lanes in a logical warp");

	template <typename OutputT, typename OffsetT>
	__device__ void exchange(const InputT (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD],
				 const OffsetT *ranks, int kind)
	{
		typedef detail::WarpExchangeFn<InputT, OffsetT, OutputT, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS> Fn;
		typename Fn::Kind k = (typename Fn::Kind)kind;
		detail::WarpExchangeOperand<InputT, OffsetT> mine = { in, ranks };
		OutputT result[ITEMS_PER_THREAD];
		unsigned int lane = detail::lane_id();

		for (int j = 0; j < ITEMS_PER_THREAD; j++)
			result[j] = (OutputT)in[j];
		detail::warp_rendezvous<Fn>(detail::logical_warp_mask(lane, LOGICAL_WARP_THREADS), mine, k, result);
		for (int j = 0; j < ITEMS_PER_THREAD; j++)	/* after every lane has read: out may alias in */
			out[j] = result[j];
	}

      public:
	struct TempStorage : detail::RawStorage<InputT, 1> {
	};

	__device__ explicit WarpExchange(TempStorage &) {}

	template <typename OutputT>
	__device__ void BlockedToStriped(const InputT (&input_items)[ITEMS_PER_THREAD],
					 OutputT (&output_items)[ITEMS_PER_THREAD])
	{
		exchange(input_items, output_items, (const int *)0, 0);
	}
	template <typename OutputT>
	__device__ void StripedToBlocked(const InputT (&input_items)[ITEMS_PER_THREAD],
					 OutputT (&output_items)[ITEMS_PER_THREAD])
	{
		exchange(input_items, output_items, (const int *)0, 1);
	}
	/* item j goes to tile position ranks[j]; each lane then holds its striped items */
	template <typename OffsetT>
	__device__ void ScatterToStriped(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD])
	{
		exchange(items, items, (const OffsetT *)ranks, 2);
	}
	template <typename OutputT, typename OffsetT>
	__device__ void ScatterToStriped(const InputT (&input_items)[ITEMS_PER_THREAD],
					 OutputT (&output_items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD])
	{
		exchange(input_items, output_items, (const OffsetT *)ranks, 2);
	}
};

} // namespace cub
