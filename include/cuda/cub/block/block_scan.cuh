/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_scan.cuh - cub::BlockScan for idxgen-cc's fiber kernels
 * (cub/idxgen_collective.cuh): InclusiveSum/ExclusiveSum,
 * InclusiveScan/ExclusiveScan (with or without an initial value), over one
 * item or an array of items per thread, with the block aggregate or a
 * block prefix callback (called by the threads of the first warp with the
 * aggregate; lane 0's return is the prefix, as CUB).  Every thread writes
 * its total into the TempStorage, a barrier, thread 0 turns them into
 * exclusive prefixes in thread order, a barrier, every thread reads its own.
 * Reusing the TempStorage needs a __syncthreads() first, as in CUB.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

enum BlockScanAlgorithm {
	BLOCK_SCAN_RAKING,
	BLOCK_SCAN_RAKING_MEMOIZE,
	BLOCK_SCAN_WARP_SCANS,
};

template <typename _Tp, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
	  int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan
{
	enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
	/* slots 0..n-1 the threads' totals, then their exclusive prefixes; n the aggregate; n+1 the prefix */
	typedef detail::RawStorage<_Tp, BLOCK_THREADS + 2> _TempStorage;

      public:
	struct TempStorage : _TempStorage {
	};

      private:
	_Tp *s;
	int tid;

	/* No callback: nothing extra to do in the first warp. */
	struct NoPrefix {
	};

	/*
	 * The block's scan of the threads' totals: this thread's exclusive
	 * prefix (has_prefix false for thread 0 without an initial value or a
	 * prefix), the aggregate.
	 */
	template <typename ScanOp, typename PrefixOp>
	__device__ void scan(_Tp total, ScanOp op, const _Tp *init, PrefixOp *prefix_op, _Tp &exclusive, bool &has_prefix,
			     _Tp &aggregate)
	{
		s[tid] = total;
		__syncthreads();
		if (tid == 0) {
			_Tp run = s[0];

			for (int i = 1; i < BLOCK_THREADS; i++) {
				_Tp next = op(run, s[i]);

				s[i] = run;
				run = next;
			}
			s[BLOCK_THREADS] = run;
		}
		__syncthreads();
		aggregate = s[BLOCK_THREADS];
		call_prefix(prefix_op, aggregate);
		has_prefix = tid > 0;
		if (tid > 0)
			exclusive = s[tid];
		if (init || prefix_op) {
			_Tp base = init ? *init : s[BLOCK_THREADS + 1];

			exclusive = tid > 0 ? op(base, exclusive) : base;
			has_prefix = true;
		}
	}

	__device__ void call_prefix(NoPrefix *, const _Tp &)
	{
	}
	template <typename PrefixOp>
	__device__ void call_prefix(PrefixOp *prefix_op, const _Tp &aggregate)
	{
		if (!prefix_op)
			return;
		if (tid < 32) {
			_Tp p = (*prefix_op)(aggregate);

			if (tid == 0)
				s[BLOCK_THREADS + 1] = p;
		}
		__syncthreads();
	}

	/* Scan of an array: the thread's inclusive partials on top of its exclusive prefix. */
	template <int _Np, typename ScanOp, typename PrefixOp>
	__device__ void scan_items(const _Tp (&in)[_Np], _Tp (&out)[_Np], ScanOp op, const _Tp *init, PrefixOp *prefix_op,
				   bool inclusive, _Tp &aggregate)
	{
		_Tp local[_Np], total = in[0], exclusive = in[0];
		bool has_prefix;

		for (int i = 0; i < _Np; i++)
			local[i] = in[i];
		for (int i = 1; i < _Np; i++)
			total = op(total, local[i]);
		scan(total, op, init, prefix_op, exclusive, has_prefix, aggregate);
		_Tp run = exclusive;
		for (int i = 0; i < _Np; i++) {
			bool have = has_prefix || i > 0;
			_Tp inc = have ? op(run, local[i]) : local[i];

			if (inclusive)
				out[i] = inc;
			else if (have)
				out[i] = run;
			run = inc;
		}
	}

	template <typename ScanOp, typename PrefixOp>
	__device__ void scan_one(_Tp input, _Tp &output, ScanOp op, const _Tp *init, PrefixOp *prefix_op, bool inclusive,
				 _Tp &aggregate)
	{
		_Tp in[1] = { input }, out[1] = { output };

		scan_items(in, out, op, init, prefix_op, inclusive, aggregate);
		output = out[0];
	}

      public:
	__device__ BlockScan()
		: s(detail::private_storage<TempStorage>().at()), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}
	__device__ BlockScan(TempStorage &temp_storage)
		: s(temp_storage.at()), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}

	/* one item per thread */
	__device__ void ExclusiveSum(_Tp input, _Tp &output)
	{
		_Tp agg, zero = _Tp();
		scan_one(input, output, cub::Sum(), &zero, (NoPrefix *)0, false, agg);
	}
	__device__ void ExclusiveSum(_Tp input, _Tp &output, _Tp &block_aggregate)
	{
		_Tp zero = _Tp();
		scan_one(input, output, cub::Sum(), &zero, (NoPrefix *)0, false, block_aggregate);
	}
	template <typename BlockPrefixCallbackOp>
	__device__ void ExclusiveSum(_Tp input, _Tp &output, BlockPrefixCallbackOp &block_prefix_callback_op)
	{
		_Tp agg;
		scan_one(input, output, cub::Sum(), (const _Tp *)0, &block_prefix_callback_op, false, agg);
	}
	template <typename ScanOp>
	__device__ void ExclusiveScan(_Tp input, _Tp &output, _Tp initial_value, ScanOp scan_op)
	{
		_Tp agg;
		scan_one(input, output, scan_op, &initial_value, (NoPrefix *)0, false, agg);
	}
	template <typename ScanOp>
	__device__ void ExclusiveScan(_Tp input, _Tp &output, _Tp initial_value, ScanOp scan_op, _Tp &block_aggregate)
	{
		scan_one(input, output, scan_op, &initial_value, (NoPrefix *)0, false, block_aggregate);
	}
	template <typename ScanOp>
	__device__ void ExclusiveScan(_Tp input, _Tp &output, ScanOp scan_op)
	{
		_Tp agg;
		scan_one(input, output, scan_op, (const _Tp *)0, (NoPrefix *)0, false, agg);
	}
	template <typename ScanOp>
	__device__ void ExclusiveScan(_Tp input, _Tp &output, ScanOp scan_op, _Tp &block_aggregate)
	{
		scan_one(input, output, scan_op, (const _Tp *)0, (NoPrefix *)0, false, block_aggregate);
	}
	template <typename ScanOp, typename BlockPrefixCallbackOp>
	__device__ void ExclusiveScan(_Tp input, _Tp &output, ScanOp scan_op, BlockPrefixCallbackOp &block_prefix_callback_op)
	{
		_Tp agg;
		scan_one(input, output, scan_op, (const _Tp *)0, &block_prefix_callback_op, false, agg);
	}
	__device__ void InclusiveSum(_Tp input, _Tp &output)
	{
		_Tp agg;
		scan_one(input, output, cub::Sum(), (const _Tp *)0, (NoPrefix *)0, true, agg);
	}
	__device__ void InclusiveSum(_Tp input, _Tp &output, _Tp &block_aggregate)
	{
		scan_one(input, output, cub::Sum(), (const _Tp *)0, (NoPrefix *)0, true, block_aggregate);
	}
	template <typename BlockPrefixCallbackOp>
	__device__ void InclusiveSum(_Tp input, _Tp &output, BlockPrefixCallbackOp &block_prefix_callback_op)
	{
		_Tp agg;
		scan_one(input, output, cub::Sum(), (const _Tp *)0, &block_prefix_callback_op, true, agg);
	}
	template <typename ScanOp>
	__device__ void InclusiveScan(_Tp input, _Tp &output, ScanOp scan_op)
	{
		_Tp agg;
		scan_one(input, output, scan_op, (const _Tp *)0, (NoPrefix *)0, true, agg);
	}
	template <typename ScanOp>
	__device__ void InclusiveScan(_Tp input, _Tp &output, ScanOp scan_op, _Tp &block_aggregate)
	{
		scan_one(input, output, scan_op, (const _Tp *)0, (NoPrefix *)0, true, block_aggregate);
	}
	template <typename ScanOp, typename BlockPrefixCallbackOp>
	__device__ void InclusiveScan(_Tp input, _Tp &output, ScanOp scan_op, BlockPrefixCallbackOp &block_prefix_callback_op)
	{
		_Tp agg;
		scan_one(input, output, scan_op, (const _Tp *)0, &block_prefix_callback_op, true, agg);
	}

	/* ITEMS_PER_THREAD items per thread (a blocked arrangement) */
	template <int _Np>
	__device__ void ExclusiveSum(_Tp (&input)[_Np], _Tp (&output)[_Np])
	{
		_Tp agg, zero = _Tp();
		scan_items(input, output, cub::Sum(), &zero, (NoPrefix *)0, false, agg);
	}
	template <int _Np>
	__device__ void ExclusiveSum(_Tp (&input)[_Np], _Tp (&output)[_Np], _Tp &block_aggregate)
	{
		_Tp zero = _Tp();
		scan_items(input, output, cub::Sum(), &zero, (NoPrefix *)0, false, block_aggregate);
	}
	template <int _Np, typename BlockPrefixCallbackOp>
	__device__ void ExclusiveSum(_Tp (&input)[_Np], _Tp (&output)[_Np], BlockPrefixCallbackOp &block_prefix_callback_op)
	{
		_Tp agg;
		scan_items(input, output, cub::Sum(), (const _Tp *)0, &block_prefix_callback_op, false, agg);
	}
	template <int _Np, typename ScanOp>
	__device__ void ExclusiveScan(_Tp (&input)[_Np], _Tp (&output)[_Np], _Tp initial_value, ScanOp scan_op)
	{
		_Tp agg;
		scan_items(input, output, scan_op, &initial_value, (NoPrefix *)0, false, agg);
	}
	template <int _Np, typename ScanOp>
	__device__ void ExclusiveScan(_Tp (&input)[_Np], _Tp (&output)[_Np], _Tp initial_value, ScanOp scan_op,
				      _Tp &block_aggregate)
	{
		scan_items(input, output, scan_op, &initial_value, (NoPrefix *)0, false, block_aggregate);
	}
	template <int _Np, typename ScanOp, typename BlockPrefixCallbackOp>
	__device__ void ExclusiveScan(_Tp (&input)[_Np], _Tp (&output)[_Np], ScanOp scan_op,
				      BlockPrefixCallbackOp &block_prefix_callback_op)
	{
		_Tp agg;
		scan_items(input, output, scan_op, (const _Tp *)0, &block_prefix_callback_op, false, agg);
	}
	template <int _Np>
	__device__ void InclusiveSum(_Tp (&input)[_Np], _Tp (&output)[_Np])
	{
		_Tp agg;
		scan_items(input, output, cub::Sum(), (const _Tp *)0, (NoPrefix *)0, true, agg);
	}
	template <int _Np>
	__device__ void InclusiveSum(_Tp (&input)[_Np], _Tp (&output)[_Np], _Tp &block_aggregate)
	{
		scan_items(input, output, cub::Sum(), (const _Tp *)0, (NoPrefix *)0, true, block_aggregate);
	}
	template <int _Np, typename BlockPrefixCallbackOp>
	__device__ void InclusiveSum(_Tp (&input)[_Np], _Tp (&output)[_Np], BlockPrefixCallbackOp &block_prefix_callback_op)
	{
		_Tp agg;
		scan_items(input, output, cub::Sum(), (const _Tp *)0, &block_prefix_callback_op, true, agg);
	}
	template <int _Np, typename ScanOp>
	__device__ void InclusiveScan(_Tp (&input)[_Np], _Tp (&output)[_Np], ScanOp scan_op)
	{
		_Tp agg;
		scan_items(input, output, scan_op, (const _Tp *)0, (NoPrefix *)0, true, agg);
	}
	template <int _Np, typename ScanOp>
	__device__ void InclusiveScan(_Tp (&input)[_Np], _Tp (&output)[_Np], ScanOp scan_op, _Tp &block_aggregate)
	{
		scan_items(input, output, scan_op, (const _Tp *)0, (NoPrefix *)0, true, block_aggregate);
	}
	template <int _Np, typename ScanOp, typename BlockPrefixCallbackOp>
	__device__ void InclusiveScan(_Tp (&input)[_Np], _Tp (&output)[_Np], ScanOp scan_op,
				      BlockPrefixCallbackOp &block_prefix_callback_op)
	{
		_Tp agg;
		scan_items(input, output, scan_op, (const _Tp *)0, &block_prefix_callback_op, true, agg);
	}
};

} // namespace cub
