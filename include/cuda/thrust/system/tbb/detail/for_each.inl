/* SPDX-License-Identifier: MIT */
/*
 * thrust/system/tbb/detail/for_each.inl - the TBB system's for_each and
 * for_each_n, ours in place of Debian's: the same tbb::parallel_for over
 * blocks of the range, each element run in the virtual grid of
 * thrust/detail/idxgen_virtual_grid.h.
 *
 * Why: for_each is where Thrust's generate, transform, tabulate, fill and
 * for_each call the program's functor; TBB is idxgen-cc's device system
 * (README), so a __host__ __device__ functor must take its __CUDA_ARCH__
 * branch and see the indices of a thread here.  A program's explicit
 * thrust::tbb::par is the same type as the device policy's base (our
 * thrust::cuda::par derives from it), so it runs so too (README).
 */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/detail/function.h>
#include <thrust/detail/idxgen_virtual_grid.h>
#include <thrust/distance.h>
#include <thrust/iterator/iterator_traits.h>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

THRUST_NAMESPACE_BEGIN
namespace system
{
namespace tbb
{
namespace detail
{
namespace for_each_detail
{

template <typename _Iter, typename _Size, typename _Fn> struct body {
	_Iter __first;
	_Size __n;
	_Fn __f;

	void operator()(const ::tbb::blocked_range<_Size> &__r) const
	{
		__idxgen_virtual_grid __grid((unsigned long long)__n);

		for (_Size __k = __r.begin(); __k != __r.end(); ++__k) {
			/* a thread's own copy of the functor */
			thrust::detail::wrapped_function<_Fn, void> __g(__f);

			__grid.__element((unsigned long long)__k);
			_Iter __at = __first + __k;
			__g(*__at);
		}
	}
};

} // namespace for_each_detail

template <typename DerivedPolicy, typename RandomAccessIterator, typename Size, typename UnaryFunction>
RandomAccessIterator for_each_n(execution_policy<DerivedPolicy> &, RandomAccessIterator first, Size n,
				UnaryFunction f)
{
	if (n <= 0)
		return first;
	for_each_detail::body<RandomAccessIterator, Size, UnaryFunction> __b = { first, n, f };
	::tbb::parallel_for(::tbb::blocked_range<Size>(0, n), __b);
	return first + n;
}

template <typename DerivedPolicy, typename RandomAccessIterator, typename UnaryFunction>
RandomAccessIterator for_each(execution_policy<DerivedPolicy> &s, RandomAccessIterator first,
			      RandomAccessIterator last, UnaryFunction f)
{
	return tbb::detail::for_each_n(s, first, thrust::distance(first, last), f);
}

} // namespace detail
} // namespace tbb
} // namespace system
THRUST_NAMESPACE_END
