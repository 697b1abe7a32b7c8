/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_radix_sort.cuh - cub::BlockRadixSort for idxgen-cc's
 * fiber kernels: Sort, SortDescending, SortBlockedToStriped,
 * SortDescendingBlockedToStriped, keys only or key-value pairs, over the
 * bits [begin_bit, end_bit) of the keys.  The order is CUB's: a stable sort
 * of the keys' radix images (cub.cuh's detail::radix_bits: signed and
 * floating-point keys ordered as numbers, -0.0 before +0.0).  Every thread
 * writes its items (a blocked arrangement) into the TempStorage, a barrier,
 * thread 0 sorts the tile, a barrier, every thread reads its items of the
 * result (blocked, or striped for the BlockedToStriped forms).
 */
#pragma once
#include "../cub.cuh"

namespace cub {

template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int RADIX_BITS = 4,
	  bool MEMOIZE_OUTER_SCAN = true, int INNER_SCAN_ALGORITHM = 0, int SMEM_CONFIG = 0, int BLOCK_DIM_Y = 1,
	  int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockRadixSort
{
	enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, __idxgen_tile = BLOCK_THREADS * ITEMS_PER_THREAD };
	struct _TempStorage {
		detail::RawStorage<KeyT, __idxgen_tile> keys;
		detail::RawStorage<ValueT, __idxgen_tile> values;
	};

      public:
	struct TempStorage : _TempStorage {
	};

      private:
	_TempStorage *s;
	int tid;

	/* thread 0: the tile sorted in place, stably, by the keys' bits */
	__device__ void sort_tile(bool with_values, int begin_bit, int end_bit, bool descending)
	{
		KeyT *k = s->keys.at();
		ValueT *v = s->values.at();
		std::vector<int> idx(__idxgen_tile);
		std::vector<KeyT> ks(k, k + __idxgen_tile);

		for (int i = 0; i < __idxgen_tile; i++)
			idx[i] = i;
		std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
			auto ka = detail::radix_bits(ks[a], begin_bit, end_bit);
			auto kb = detail::radix_bits(ks[b], begin_bit, end_bit);
			return descending ? kb < ka : ka < kb;
		});
		for (int i = 0; i < __idxgen_tile; i++)
			k[i] = ks[idx[i]];
		if (with_values) {
			std::vector<ValueT> vs(v, v + __idxgen_tile);

			for (int i = 0; i < __idxgen_tile; i++)
				v[i] = vs[idx[i]];
		}
	}

	template <typename _Vp>
	__device__ void sort(KeyT (&keys)[ITEMS_PER_THREAD], _Vp *values, int begin_bit, int end_bit, bool descending,
			     bool striped_out)
	{
		for (int j = 0; j < ITEMS_PER_THREAD; j++) {
			int i = detail::blocked_index(tid, ITEMS_PER_THREAD, j);

			s->keys.at()[i] = keys[j];
			if (values)
				s->values.at()[i] = values[j];
		}
		__syncthreads();
		if (tid == 0)
			sort_tile(values != 0, begin_bit, end_bit, descending);
		__syncthreads();
		for (int j = 0; j < ITEMS_PER_THREAD; j++) {
			int i = striped_out ? detail::striped_index(tid, BLOCK_THREADS, j)
					    : detail::blocked_index(tid, ITEMS_PER_THREAD, j);

			keys[j] = s->keys.at()[i];
			if (values)
				values[j] = s->values.at()[i];
		}
	}

      public:
	__device__ BlockRadixSort()
		: s(&detail::private_storage<TempStorage>()), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}
	__device__ BlockRadixSort(TempStorage &temp_storage)
		: s(&temp_storage), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}

	__device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
	{
		sort(keys, (ValueT *)0, begin_bit, end_bit, false, false);
	}
	__device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
			     int end_bit = sizeof(KeyT) * 8)
	{
		sort(keys, values, begin_bit, end_bit, false, false);
	}
	__device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
	{
		sort(keys, (ValueT *)0, begin_bit, end_bit, true, false);
	}
	__device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
				       int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
	{
		sort(keys, values, begin_bit, end_bit, true, false);
	}
	__device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
					     int end_bit = sizeof(KeyT) * 8)
	{
		sort(keys, (ValueT *)0, begin_bit, end_bit, false, true);
	}
	__device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
					     int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
	{
		sort(keys, values, begin_bit, end_bit, false, true);
	}
	__device__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
						       int end_bit = sizeof(KeyT) * 8)
	{
		sort(keys, (ValueT *)0, begin_bit, end_bit, true, true);
	}
	__device__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
						       int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
	{
		sort(keys, values, begin_bit, end_bit, true, true);
	}
};

} // namespace cub
