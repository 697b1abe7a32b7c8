/* SPDX-License-Identifier: MIT */
/* cub/iterator/counting_input_iterator.cuh - cub::CountingInputIterator: val, val + 1, ... */
#pragma once
#include "../cub.cuh"

namespace cub {

template <typename ValueType, typename OffsetT = ptrdiff_t>
class CountingInputIterator
	: public detail::InputIteratorOps<CountingInputIterator<ValueType, OffsetT>, ValueType, OffsetT>
{
	ValueType val;

      public:
	__host__ __device__ CountingInputIterator(const ValueType &val)
		: detail::InputIteratorOps<CountingInputIterator, ValueType, OffsetT>(0), val(val)
	{
	}
	__host__ __device__ ValueType at(OffsetT k) const { return val + (ValueType)k; }
};

} // namespace cub
