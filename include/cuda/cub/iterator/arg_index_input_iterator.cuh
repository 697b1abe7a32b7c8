/* SPDX-License-Identifier: MIT */
/*
 * cub/iterator/arg_index_input_iterator.cuh - cub::ArgIndexInputIterator:
 * at position k the pair {key = k, value = itr[k]} (KeyValuePair), k
 * counted from where the iterator was made (plus its offset); normalize()
 * makes the current position key 0.  With cub::ArgMax / cub::ArgMin as
 * the reduction operator, a reduction finds the first position of the
 * largest (smallest) value.
 */
#pragma once
#include "../cub.cuh"

namespace cub {

template <typename InputIteratorT, typename OffsetT = ptrdiff_t,
	  typename OutputValueT = typename std::iterator_traits<InputIteratorT>::value_type>
class ArgIndexInputIterator
	: public detail::InputIteratorOps<ArgIndexInputIterator<InputIteratorT, OffsetT, OutputValueT>,
					  KeyValuePair<OffsetT, OutputValueT>, OffsetT>
{
	typedef detail::InputIteratorOps<ArgIndexInputIterator, KeyValuePair<OffsetT, OutputValueT>, OffsetT> Ops;
	InputIteratorT itr;

      public:
	__host__ __device__ ArgIndexInputIterator(InputIteratorT itr, OffsetT offset = 0) : Ops(offset), itr(itr) {}
	__host__ __device__ KeyValuePair<OffsetT, OutputValueT> at(OffsetT k) const
	{
		return KeyValuePair<OffsetT, OutputValueT>(k, itr[k]);
	}
	__host__ __device__ void normalize()
	{
		itr += this->pos;
		this->pos = 0;
	}
};

} // namespace cub
