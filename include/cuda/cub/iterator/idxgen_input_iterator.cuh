/* SPDX-License-Identifier: MIT */
/*
 * cub/iterator/idxgen_input_iterator.cuh - what CUB's input iterators
 * (CountingInputIterator, ConstantInputIterator, TransformInputIterator,
 * CacheModifiedInputIterator, ArgIndexInputIterator) share here: a position
 * and random-access arithmetic on it.  Each iterator says what the value at
 * a position is (`at(k)`, by value: these iterators make their values).
 * Usable on the host (the device-wide calls of cub.cuh, std:: and Thrust
 * algorithms: std::random_access_iterator_tag) and in kernels.
 */
#pragma once
#include <cstddef>
#include <iterator>

namespace cub {
namespace detail {

template <typename Derived, typename ValueType, typename OffsetT>
class InputIteratorOps
{
      public:
	typedef Derived self_type;
	typedef OffsetT difference_type;
	typedef ValueType value_type;
	typedef ValueType *pointer;
	typedef ValueType reference;
	typedef std::random_access_iterator_tag iterator_category;

      protected:
	OffsetT pos;

	__host__ __device__ explicit InputIteratorOps(OffsetT p) : pos(p) {}
	__host__ __device__ const Derived &self() const { return *static_cast<const Derived *>(this); }
	__host__ __device__ Derived moved(OffsetT n) const
	{
		Derived r = self();
		r.pos += n;
		return r;
	}

      public:
	__host__ __device__ reference operator*() const { return self().at(pos); }
	__host__ __device__ reference operator[](OffsetT n) const { return self().at(pos + n); }
	__host__ __device__ Derived operator+(OffsetT n) const { return moved(n); }
	__host__ __device__ Derived operator-(OffsetT n) const { return moved(-n); }
	__host__ __device__ difference_type operator-(const Derived &o) const { return pos - o.pos; }
	__host__ __device__ Derived &operator+=(OffsetT n)
	{
		pos += n;
		return *static_cast<Derived *>(this);
	}
	__host__ __device__ Derived &operator-=(OffsetT n)
	{
		pos -= n;
		return *static_cast<Derived *>(this);
	}
	__host__ __device__ Derived &operator++() { return *this += 1; }
	__host__ __device__ Derived &operator--() { return *this -= 1; }
	__host__ __device__ Derived operator++(int)
	{
		Derived r = self();
		pos++;
		return r;
	}
	__host__ __device__ Derived operator--(int)
	{
		Derived r = self();
		pos--;
		return r;
	}
	/* positions of the same sequence (CUB compares the wrapped state too; ranges never mix them) */
	__host__ __device__ bool operator==(const Derived &o) const { return pos == o.pos; }
	__host__ __device__ bool operator!=(const Derived &o) const { return pos != o.pos; }
	__host__ __device__ bool operator<(const Derived &o) const { return pos < o.pos; }
	__host__ __device__ bool operator>(const Derived &o) const { return pos > o.pos; }
	__host__ __device__ bool operator<=(const Derived &o) const { return pos <= o.pos; }
	__host__ __device__ bool operator>=(const Derived &o) const { return pos >= o.pos; }
};

} // namespace detail
} // namespace cub
