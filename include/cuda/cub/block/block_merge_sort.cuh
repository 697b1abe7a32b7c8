/* SPDX-License-Identifier: MIT */
/*
 * cub/block/block_merge_sort.cuh - cub::BlockMergeSort for idxgen-cc's
 * fiber kernels: Sort and StableSort of a blocked arrangement of keys (and
 * values) by the program's comparison, all of the tile or its first
 * valid_items.  Every thread writes its items into the TempStorage, a
 * barrier, thread 0 sorts the tile stably (std::stable_sort: CUB's merge
 * sort is stable too, though Sort does not promise it), a barrier, every
 * thread reads its items of the result (blocked).  With valid_items, the
 * items at and past valid_items are oob_default afterwards (CUB leaves them
 * unspecified).  Reusing the TempStorage needs a __syncthreads() first, as
 * CUB says.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int BLOCK_DIM_Y = 1,
	  int BLOCK_DIM_Z = 1>
class BlockMergeSort
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

	/* thread 0: the first n items of the tile sorted in place, stably */
	template <typename CompareOp>
	__device__ void sort_tile(int n, bool with_values, CompareOp &compare_op)
	{
		KeyT *k = s->keys.at();
		ValueT *v = s->values.at();
		std::vector<int> idx(n);
		std::vector<KeyT> ks(k, k + n);

		for (int i = 0; i < n; i++)
			idx[i] = i;
		std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return (bool)compare_op(ks[a], ks[b]); });
		for (int i = 0; i < n; i++)
			k[i] = ks[idx[i]];
		if (with_values) {
			std::vector<ValueT> vs(v, v + n);

			for (int i = 0; i < n; i++)
				v[i] = vs[idx[i]];
		}
	}

	template <typename _Vp, typename CompareOp>
	__device__ void sort(KeyT (&keys)[ITEMS_PER_THREAD], _Vp *values, CompareOp &compare_op, int valid_items,
			     const KeyT *oob_default)
	{
		int n = valid_items < 0 ? 0 : valid_items > __idxgen_tile ? __idxgen_tile : valid_items;

		for (int j = 0; j < ITEMS_PER_THREAD; j++) {
			int i = detail::blocked_index(tid, ITEMS_PER_THREAD, j);

			s->keys.at()[i] = keys[j];
			if (values)
				s->values.at()[i] = values[j];
		}
		__syncthreads();
		if (tid == 0)
			sort_tile(n, values != 0, compare_op);
		__syncthreads();
		for (int j = 0; j < ITEMS_PER_THREAD; j++) {
			int i = detail::blocked_index(tid, ITEMS_PER_THREAD, j);

			if (i < n) {
				keys[j] = s->keys.at()[i];
				if (values)
					values[j] = s->values.at()[i];
			} else if (oob_default) {
				keys[j] = *oob_default;
			}
		}
	}

      public:
	__device__ BlockMergeSort()
		: s(&detail::private_storage<TempStorage>()), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}
	__device__ explicit BlockMergeSort(TempStorage &temp_storage)
		: s(&temp_storage), tid(detail::linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}

	template <typename CompareOp>
	__device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op)
	{
		sort(keys, (ValueT *)0, compare_op, __idxgen_tile, (const KeyT *)0);
	}
	template <typename CompareOp>
	__device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, int valid_items, KeyT oob_default)
	{
		sort(keys, (ValueT *)0, compare_op, valid_items, &oob_default);
	}
	template <typename CompareOp>
	__device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD], CompareOp compare_op)
	{
		sort(keys, items, compare_op, __idxgen_tile, (const KeyT *)0);
	}
	template <typename CompareOp, bool IS_LAST_TILE = true>
	__device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD], CompareOp compare_op,
			     int valid_items, KeyT oob_default)
	{
		sort(keys, items, compare_op, IS_LAST_TILE ? valid_items : __idxgen_tile, &oob_default);
	}
	template <typename CompareOp>
	__device__ void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op)
	{
		Sort(keys, compare_op);
	}
	template <typename CompareOp>
	__device__ void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, int valid_items,
				   KeyT oob_default)
	{
		Sort(keys, compare_op, valid_items, oob_default);
	}
	template <typename CompareOp>
	__device__ void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD],
				   CompareOp compare_op)
	{
		Sort(keys, items, compare_op);
	}
	template <typename CompareOp, bool IS_LAST_TILE = true>
	__device__ void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD],
				   CompareOp compare_op, int valid_items, KeyT oob_default)
	{
		Sort<CompareOp, IS_LAST_TILE>(keys, items, compare_op, valid_items, oob_default);
	}
};

} // namespace cub
