/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_run_length_decode.cuh - cub::BlockRunLengthDecode for
 * idxgen-cc's fiber kernels.  The block brings RUNS_PER_THREAD runs per
 * thread (blocked: thread t holds runs t*R .. t*R+R-1), as lengths or as
 * offsets into the decoded sequence; RunLengthDecode then gives each thread
 * DECODED_ITEMS_PER_THREAD decoded items (blocked) of the window that starts
 * at from_decoded_offset, with each item's offset in its run.  Decoded
 * position d belongs to the last run whose offset is <= d (so trailing runs
 * of length 0 are skipped, and positions past the end repeat the last run,
 * which CUB leaves unspecified).  Construction: every thread writes its runs
 * into the TempStorage, a barrier, thread 0 turns lengths into offsets and
 * the total, a barrier; decoding only reads the TempStorage, so windows
 * need no barrier between them, as in CUB.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

template <typename ItemT, int BLOCK_DIM_X, int RUNS_PER_THREAD, int DECODED_ITEMS_PER_THREAD,
	  typename DecodedOffsetT = uint32_t, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRunLengthDecode
{
	enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, BLOCK_RUNS = BLOCK_THREADS * RUNS_PER_THREAD };
	struct _TempStorage {
		detail::RawStorage<ItemT, BLOCK_RUNS> values;
		DecodedOffsetT offsets[BLOCK_RUNS];
		DecodedOffsetT total;
	};

      public:
	struct TempStorage : _TempStorage {
	};

      private:
	_TempStorage *s;
	int tid;

	/* each thread's runs into the TempStorage: offsets, or lengths that thread 0 turns into offsets */
	template <typename _Np>
	__device__ void init(ItemT (&run_values)[RUNS_PER_THREAD], _Np (&runs)[RUNS_PER_THREAD], bool lengths)
	{
		for (int j = 0; j < RUNS_PER_THREAD; j++) {
			int i = detail::blocked_index(tid, RUNS_PER_THREAD, j);

			s->values.at()[i] = run_values[j];
			s->offsets[i] = (DecodedOffsetT)runs[j];
		}
		__syncthreads();
		if (tid == 0 && lengths) {
			DecodedOffsetT sum = 0;

			for (int i = 0; i < BLOCK_RUNS; i++) {
				DecodedOffsetT len = s->offsets[i];

				s->offsets[i] = sum;
				sum += len;
			}
			s->total = sum;
		}
		__syncthreads();
	}

      public:
	template <typename RunLengthT, typename TotalDecodedSizeT>
	__device__ BlockRunLengthDecode(TempStorage &temp_storage, ItemT (&run_values)[RUNS_PER_THREAD],
					RunLengthT (&run_lengths)[RUNS_PER_THREAD], TotalDecodedSizeT &total_decoded_size)
		: s(&temp_storage), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
		init(run_values, run_lengths, true);
		total_decoded_size = (TotalDecodedSizeT)s->total;
	}
	template <typename UserRunOffsetT>
	__device__ BlockRunLengthDecode(TempStorage &temp_storage, ItemT (&run_values)[RUNS_PER_THREAD],
					UserRunOffsetT (&run_offsets)[RUNS_PER_THREAD])
		: s(&temp_storage), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
		init(run_values, run_offsets, false);
	}
	template <typename RunLengthT, typename TotalDecodedSizeT>
	__device__ BlockRunLengthDecode(ItemT (&run_values)[RUNS_PER_THREAD], RunLengthT (&run_lengths)[RUNS_PER_THREAD],
					TotalDecodedSizeT &total_decoded_size)
		: BlockRunLengthDecode(detail::private_storage<TempStorage>(), run_values, run_lengths,
				       total_decoded_size)
	{
	}
	template <typename UserRunOffsetT>
	__device__ BlockRunLengthDecode(ItemT (&run_values)[RUNS_PER_THREAD],
					UserRunOffsetT (&run_offsets)[RUNS_PER_THREAD])
		: BlockRunLengthDecode(detail::private_storage<TempStorage>(), run_values, run_offsets)
	{
	}

	template <typename RelativeOffsetT>
	__device__ void RunLengthDecode(ItemT (&decoded_items)[DECODED_ITEMS_PER_THREAD],
					RelativeOffsetT (&item_offsets)[DECODED_ITEMS_PER_THREAD],
					DecodedOffsetT from_decoded_offset = 0)
	{
		const DecodedOffsetT *off = s->offsets;

		for (int j = 0; j < DECODED_ITEMS_PER_THREAD; j++) {
			DecodedOffsetT d = from_decoded_offset + (DecodedOffsetT)detail::blocked_index(tid, DECODED_ITEMS_PER_THREAD, j);
			int r = (int)(std::upper_bound(off, off + BLOCK_RUNS, d) - off) - 1;

			if (r < 0)
				r = 0;
			decoded_items[j] = s->values.at()[r];
			item_offsets[j] = (RelativeOffsetT)(d - off[r]);
		}
	}
	__device__ void RunLengthDecode(ItemT (&decoded_items)[DECODED_ITEMS_PER_THREAD],
					DecodedOffsetT from_decoded_offset = 0)
	{
		DecodedOffsetT item_offsets[DECODED_ITEMS_PER_THREAD];

		RunLengthDecode(decoded_items, item_offsets, from_decoded_offset);
	}
};

} // namespace cub
