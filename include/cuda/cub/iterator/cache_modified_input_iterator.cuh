/* SPDX-License-Identifier: MIT */
/*
 * cub/iterator/cache_modified_input_iterator.cuh -
 * cub::CacheModifiedInputIterator<MODIFIER, T>: reads ptr[k].  The cache
 * modifier (LOAD_LDG, LOAD_CG, ...) chooses a PTX load instruction on a
 * GPU; on the CPU every load is a plain load (cub/thread/thread_load.cuh).
 */
#pragma once
#include "../thread/thread_load.cuh"
#include "../cub.cuh"

namespace cub {

template <CacheLoadModifier MODIFIER, typename ValueType, typename OffsetT = ptrdiff_t>
class CacheModifiedInputIterator
	: public detail::InputIteratorOps<CacheModifiedInputIterator<MODIFIER, ValueType, OffsetT>, ValueType, OffsetT>
{
	const ValueType *ptr;

      public:
	template <typename QualifiedValueType>
	__host__ __device__ CacheModifiedInputIterator(QualifiedValueType *ptr)
		: detail::InputIteratorOps<CacheModifiedInputIterator, ValueType, OffsetT>(0),
		  ptr(const_cast<const ValueType *>(ptr))
	{
	}
	__host__ __device__ ValueType at(OffsetT k) const { return ptr[k]; }
};

} // namespace cub
