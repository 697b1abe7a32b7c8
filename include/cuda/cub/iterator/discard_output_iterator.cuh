/* SPDX-License-Identifier: MIT */
/* cub/iterator/discard_output_iterator.cuh - cub::DiscardOutputIterator: writes go nowhere */
#pragma once
#include "../cub.cuh"

namespace cub {

template <typename OffsetT = ptrdiff_t>
class DiscardOutputIterator
{
	OffsetT pos;

      public:
	struct sink {
		template <typename _Tp>
		__host__ __device__ const sink &operator=(const _Tp &) const
		{
			return *this;
		}
	};
	typedef DiscardOutputIterator self_type;
	typedef OffsetT difference_type;
	typedef void value_type;
	typedef void pointer;
	typedef sink reference;
	typedef std::random_access_iterator_tag iterator_category;

	__host__ __device__ DiscardOutputIterator(OffsetT offset = 0) : pos(offset) {}
	__host__ __device__ sink operator*() const { return sink(); }
	__host__ __device__ sink operator[](OffsetT) const { return sink(); }
	__host__ __device__ self_type operator+(OffsetT n) const { return self_type(pos + n); }
	__host__ __device__ self_type &operator+=(OffsetT n)
	{
		pos += n;
		return *this;
	}
	__host__ __device__ self_type &operator++()
	{
		pos++;
		return *this;
	}
	__host__ __device__ self_type operator++(int)
	{
		self_type r = *this;
		pos++;
		return r;
	}
	__host__ __device__ difference_type operator-(const self_type &o) const { return pos - o.pos; }
	__host__ __device__ bool operator==(const self_type &o) const { return pos == o.pos; }
	__host__ __device__ bool operator!=(const self_type &o) const { return pos != o.pos; }
};

} // namespace cub
