/* SPDX-License-Identifier: MIT */
/*
 * cub/iterator/transform_input_iterator.cuh - cub::TransformInputIterator:
 * conversion_op(input_itr[k]) at position k, computed when read.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

template <typename ValueType, typename ConversionOp, typename InputIteratorT, typename OffsetT = ptrdiff_t>
class TransformInputIterator : public detail::InputIteratorOps<
				       TransformInputIterator<ValueType, ConversionOp, InputIteratorT, OffsetT>, ValueType, OffsetT>
{
	InputIteratorT input_itr;
	mutable ConversionOp conversion_op;	/* CUB calls it non-const */

      public:
	__host__ __device__ TransformInputIterator(InputIteratorT input_itr, ConversionOp conversion_op)
		: detail::InputIteratorOps<TransformInputIterator, ValueType, OffsetT>(0), input_itr(input_itr),
		  conversion_op(conversion_op)
	{
	}
	__host__ __device__ ValueType at(OffsetT k) const { return conversion_op(input_itr[k]); }
};

} // namespace cub
