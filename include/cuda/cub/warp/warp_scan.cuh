/* SPDX-License-Identifier: MIT */
/*
 * cub/warp/warp_scan.cuh - cub::WarpScan for idxgen-cc's fiber kernels
 * (cub/idxgen_collective.cuh): InclusiveSum/ExclusiveSum,
 * InclusiveScan/ExclusiveScan (with or without an initial value), Scan
 * (both at once), with the warp aggregate, and Broadcast, over a logical
 * warp of LOGICAL_WARP_THREADS lanes (1..32).  One warp rendezvous: at the
 * instant the logical warp has arrived, each lane's prefixes are folded
 * from the lanes' inputs in lane order (lanes that returned are left out);
 * the TempStorage is not needed and may be reused at once.  Without an
 * initial value lane 0's exclusive output is left as it was (CUB: undefined).
 */
#pragma once
#include "../cub.cuh"

namespace cub {

namespace detail {
template <typename _Tp, typename Op>
struct WarpScanFn {
	struct Arg {
		const Op *op;
		int width;
		const _Tp *init;
		int src;	/* Broadcast: the logical lane to read; -1 a scan */
	};
	struct Out {
		_Tp inclusive, exclusive, aggregate;
		bool has_exclusive;
	};
	static void run(const WarpOperands<_Tp> &ops, uint32_t, uint32_t lane, const Arg &a, Out &o)
	{
		uint32_t base = lane - lane % (uint32_t)a.width;
		bool have = a.init != nullptr;
		_Tp run = have ? *a.init : *ops.op[lane];

		if (a.src >= 0) {
			const _Tp *v = base + a.src < 32 ? ops.op[base + a.src] : nullptr;

			o.inclusive = v ? *v : *ops.op[lane];
			return;
		}
		o.has_exclusive = false;
		for (int i = 0; i < a.width && base + i < 32; i++) {
			const _Tp *v = ops.op[base + i];

			if (!v)
				continue;
			if (base + i == lane) {
				o.has_exclusive = have;
				if (have)
					o.exclusive = run;
			}
			run = have ? (*a.op)(run, *v) : *v;
			have = true;
			if (base + i == lane)
				o.inclusive = run;
		}
		o.aggregate = run;
		if (a.init) {	/* the aggregate leaves the initial value out */
			have = false;
			for (int i = 0; i < a.width && base + i < 32; i++) {
				const _Tp *v = ops.op[base + i];

				if (!v)
					continue;
				o.aggregate = have ? (*a.op)(o.aggregate, *v) : *v;
				have = true;
			}
		}
	}
};
} // namespace detail

template <typename _Tp, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpScan
{
	static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32, "CUB: 1 to 32 lanes in a logical warp");
	typedef detail::RawStorage<_Tp, 1> _TempStorage;

	template <typename Op>
	__device__ typename detail::WarpScanFn<_Tp, Op>::Out scan(_Tp input, Op op, const _Tp *init, int src = -1)
	{
		typedef detail::WarpScanFn<_Tp, Op> Fn;
		unsigned int lane = detail::lane_id();
		typename Fn::Arg a = { &op, LOGICAL_WARP_THREADS, init, src };
		typename Fn::Out o;

		o.inclusive = o.exclusive = o.aggregate = input;
		o.has_exclusive = false;
		detail::warp_rendezvous<Fn>(detail::logical_warp_mask(lane, LOGICAL_WARP_THREADS), input, a, o);
		return o;
	}

      public:
	struct TempStorage : _TempStorage {
	};

	__device__ WarpScan()
	{
	}
	__device__ WarpScan(TempStorage &)
	{
	}

	__device__ void InclusiveSum(_Tp input, _Tp &inclusive_output)
	{
		inclusive_output = scan(input, cub::Sum(), (const _Tp *)0).inclusive;
	}
	__device__ void InclusiveSum(_Tp input, _Tp &inclusive_output, _Tp &warp_aggregate)
	{
		auto o = scan(input, cub::Sum(), (const _Tp *)0);
		inclusive_output = o.inclusive;
		warp_aggregate = o.aggregate;
	}
	__device__ void ExclusiveSum(_Tp input, _Tp &exclusive_output)
	{
		_Tp zero = _Tp();
		exclusive_output = scan(input, cub::Sum(), &zero).exclusive;
	}
	__device__ void ExclusiveSum(_Tp input, _Tp &exclusive_output, _Tp &warp_aggregate)
	{
		_Tp zero = _Tp();
		auto o = scan(input, cub::Sum(), &zero);
		exclusive_output = o.exclusive;
		warp_aggregate = o.aggregate;
	}
	template <typename ScanOp>
	__device__ void InclusiveScan(_Tp input, _Tp &inclusive_output, ScanOp scan_op)
	{
		inclusive_output = scan(input, scan_op, (const _Tp *)0).inclusive;
	}
	template <typename ScanOp>
	__device__ void InclusiveScan(_Tp input, _Tp &inclusive_output, ScanOp scan_op, _Tp &warp_aggregate)
	{
		auto o = scan(input, scan_op, (const _Tp *)0);
		inclusive_output = o.inclusive;
		warp_aggregate = o.aggregate;
	}
	template <typename ScanOp>
	__device__ void ExclusiveScan(_Tp input, _Tp &exclusive_output, ScanOp scan_op)
	{
		auto o = scan(input, scan_op, (const _Tp *)0);
		if (o.has_exclusive)
			exclusive_output = o.exclusive;
	}
	template <typename ScanOp>
	__device__ void ExclusiveScan(_Tp input, _Tp &exclusive_output, ScanOp scan_op, _Tp &warp_aggregate)
	{
		auto o = scan(input, scan_op, (const _Tp *)0);
		if (o.has_exclusive)
			exclusive_output = o.exclusive;
		warp_aggregate = o.aggregate;
	}
	template <typename ScanOp>
	__device__ void ExclusiveScan(_Tp input, _Tp &exclusive_output, _Tp initial_value, ScanOp scan_op)
	{
		exclusive_output = scan(input, scan_op, &initial_value).exclusive;
	}
	template <typename ScanOp>
	__device__ void ExclusiveScan(_Tp input, _Tp &exclusive_output, _Tp initial_value, ScanOp scan_op, _Tp &warp_aggregate)
	{
		auto o = scan(input, scan_op, &initial_value);
		exclusive_output = o.exclusive;
		warp_aggregate = o.aggregate;
	}
	template <typename ScanOp>
	__device__ void Scan(_Tp input, _Tp &inclusive_output, _Tp &exclusive_output, ScanOp scan_op)
	{
		auto o = scan(input, scan_op, (const _Tp *)0);
		inclusive_output = o.inclusive;
		if (o.has_exclusive)
			exclusive_output = o.exclusive;
	}
	template <typename ScanOp>
	__device__ void Scan(_Tp input, _Tp &inclusive_output, _Tp &exclusive_output, _Tp initial_value, ScanOp scan_op)
	{
		auto o = scan(input, scan_op, &initial_value);
		inclusive_output = o.inclusive;
		exclusive_output = o.exclusive;
	}
	/* the input of logical lane src_lane, in every lane */
	__device__ _Tp Broadcast(_Tp input, unsigned int src_lane)
	{
		return scan(input, cub::Sum(), (const _Tp *)0, (int)src_lane).inclusive;
	}
};

} // namespace cub
