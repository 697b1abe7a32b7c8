/* SPDX-License-Identifier: MIT */
/* cub/iterator/constant_input_iterator.cuh - cub::ConstantInputIterator: val at every position */
#pragma once
#include "../cub.cuh"

namespace cub {

template <typename ValueType, typename OffsetT = ptrdiff_t>
class ConstantInputIterator
	: public detail::InputIteratorOps<ConstantInputIterator<ValueType, OffsetT>, ValueType, OffsetT>
{
	ValueType val;

      public:
	__host__ __device__ ConstantInputIterator(const ValueType &val, OffsetT offset = 0)
		: detail::InputIteratorOps<ConstantInputIterator, ValueType, OffsetT>(offset), val(val)
	{
	}
	__host__ __device__ ValueType at(OffsetT) const { return val; }
};

} // namespace cub
