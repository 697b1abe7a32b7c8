/* SPDX-License-Identifier: MIT */
/*
 * cub/iterator/cache_modified_output_iterator.cuh -
 * cub::CacheModifiedOutputIterator<MODIFIER, T>: writes ptr[k].  The cache
 * modifier (STORE_CG, STORE_WT, ...) picks a PTX store instruction on a
 * GPU; on the CPU's one coherent memory every store is a plain store
 * (cub/thread/thread_load.cuh), so the iterator is a pointer with a
 * random-access iterator's operations.  CUB's is write-only; reading
 * through this one also works (the reference is T&).
 */
#pragma once
#include <cstddef>
#include <iterator>
#include "../thread/thread_load.cuh"

namespace cub {

template <CacheStoreModifier MODIFIER, typename ValueType, typename OffsetT = ptrdiff_t>
class CacheModifiedOutputIterator
{
	ValueType *ptr;

      public:
	typedef CacheModifiedOutputIterator self_type;
	typedef OffsetT difference_type;
	typedef ValueType value_type;
	typedef ValueType *pointer;
	typedef ValueType &reference;
	typedef std::random_access_iterator_tag iterator_category;

	template <typename QualifiedValueType>
	__host__ __device__ CacheModifiedOutputIterator(QualifiedValueType *p) : ptr(const_cast<ValueType *>(p))
	{
	}
	__host__ __device__ reference operator*() const { return *ptr; }
	__host__ __device__ reference operator[](OffsetT n) const { return ptr[n]; }
	__host__ __device__ self_type operator+(OffsetT n) const { return self_type(ptr + n); }
	__host__ __device__ self_type operator-(OffsetT n) const { return self_type(ptr - n); }
	__host__ __device__ difference_type operator-(const self_type &o) const { return ptr - o.ptr; }
	__host__ __device__ self_type &operator+=(OffsetT n)
	{
		ptr += n;
		return *this;
	}
	__host__ __device__ self_type &operator-=(OffsetT n)
	{
		ptr -= n;
		return *this;
	}
	__host__ __device__ self_type &operator++() { return *this += 1; }
	__host__ __device__ self_type &operator--() { return *this -= 1; }
	__host__ __device__ self_type operator++(int)
	{
		self_type r = *this;
		ptr++;
		return r;
	}
	__host__ __device__ self_type operator--(int)
	{
		self_type r = *this;
		ptr--;
		return r;
	}
	__host__ __device__ bool operator==(const self_type &o) const { return ptr == o.ptr; }
	__host__ __device__ bool operator!=(const self_type &o) const { return ptr != o.ptr; }
	__host__ __device__ bool operator<(const self_type &o) const { return ptr < o.ptr; }
};

} // namespace cub
