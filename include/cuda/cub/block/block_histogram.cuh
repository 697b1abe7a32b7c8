/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_histogram.cuh - cub::BlockHistogram for idxgen-cc's
 * fiber kernels (cub/idxgen_collective.cuh): InitHistogram, Composite and
 * Histogram (Init, a barrier, Composite) of a block's items, each item a
 * bin number below BINS (items outside are not counted; CUB leaves them
 * undefined).  Composite: every thread writes its items into the
 * TempStorage, a barrier, thread 0 counts them, a barrier, and each thread
 * adds the counts of bins tid, tid + BLOCK_THREADS, ... to the histogram:
 * with atomicAdd for BLOCK_HISTO_ATOMIC (blocks may share a histogram in
 * global memory, as CUB's atomic algorithm allows), a plain add for
 * BLOCK_HISTO_SORT (CUB's sort algorithm also adds without atomics).  As
 * in CUB, a __syncthreads() comes before the histogram is read.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

enum BlockHistogramAlgorithm {
	BLOCK_HISTO_SORT,
	BLOCK_HISTO_ATOMIC,
};

template <typename _Tp, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,
	  BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
	  int LEGACY_PTX_ARCH = 0>
class BlockHistogram
{
	enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, __idxgen_tile = BLOCK_THREADS * ITEMS_PER_THREAD };
	struct _TempStorage {
		detail::RawStorage<_Tp, __idxgen_tile> items;
		unsigned int counts[BINS];
	};

      public:
	struct TempStorage : _TempStorage {
	};

      private:
	_TempStorage &s;
	int tid;

	template <typename CounterT>
	__device__ static void add(CounterT *bin, unsigned int n)
	{
		if (ALGORITHM == BLOCK_HISTO_ATOMIC)
			atomicAdd(bin, (CounterT)n);
		else
			*bin += (CounterT)n;
	}

      public:
	__device__ BlockHistogram()
		: s(detail::private_storage<TempStorage>()), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}
	__device__ BlockHistogram(TempStorage &temp_storage)
		: s(temp_storage), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}

	template <typename CounterT>
	__device__ void InitHistogram(CounterT histogram[BINS])
	{
		for (int b = tid; b < BINS; b += BLOCK_THREADS)
			histogram[b] = 0;
	}
	template <typename CounterT>
	__device__ void Composite(_Tp (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS])
	{
		for (int j = 0; j < ITEMS_PER_THREAD; j++)
			s.items.at()[tid * ITEMS_PER_THREAD + j] = items[j];
		__syncthreads();
		if (tid == 0) {
			for (int b = 0; b < BINS; b++)
				s.counts[b] = 0;
			for (int i = 0; i < __idxgen_tile; i++) {
				unsigned long long bin = (unsigned long long)s.items.at()[i];
				if (bin < (unsigned long long)BINS)
					s.counts[bin]++;
			}
		}
		__syncthreads();
		for (int b = tid; b < BINS; b += BLOCK_THREADS)
			if (s.counts[b])
				add(&histogram[b], s.counts[b]);
	}
	template <typename CounterT>
	__device__ void Histogram(_Tp (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS])
	{
		InitHistogram(histogram);
		__syncthreads();
		Composite(items, histogram);
	}
};

} // namespace cub
