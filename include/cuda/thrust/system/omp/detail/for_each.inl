/* SPDX-License-Identifier: MIT */
/*
 * thrust/system/omp/detail/for_each.inl - the OpenMP system's for_each and
 * for_each_n, ours in place of Debian's: the same `omp parallel for` over the
 * range, each element run in the virtual grid of
 * thrust/detail/idxgen_virtual_grid.h (why: the TBB system's for_each.inl).
 */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/detail/function.h>
#include <thrust/detail/idxgen_virtual_grid.h>
#include <thrust/detail/static_assert.h>
#include <thrust/distance.h>
#include <thrust/for_each.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/omp/detail/pragma_omp.h>

THRUST_NAMESPACE_BEGIN
namespace system
{
namespace omp
{
namespace detail
{

template <typename DerivedPolicy, typename RandomAccessIterator, typename Size, typename UnaryFunction>
RandomAccessIterator for_each_n(execution_policy<DerivedPolicy> &, RandomAccessIterator first, Size n,
				UnaryFunction f)
{
	/* Thrust's check: the OpenMP system needs the compiler's OpenMP (-Xcompiler -fopenmp) */
	THRUST_STATIC_ASSERT_MSG((thrust::detail::depend_on_instantiation<
					 RandomAccessIterator, (THRUST_DEVICE_COMPILER_IS_OMP_CAPABLE == THRUST_TRUE)>::value),
				 "OpenMP compiler support is not enabled");
	typedef typename thrust::iterator_difference<RandomAccessIterator>::type _Diff;
	_Diff __n = n;

	if (n <= 0)
		return first;
	THRUST_PRAGMA_OMP(parallel)
	{
		__idxgen_virtual_grid __grid((unsigned long long)__n);

		THRUST_PRAGMA_OMP(for)
		for (_Diff __k = 0; __k < __n; ++__k) {
			/* a thread's own copy of the functor */
			thrust::detail::wrapped_function<UnaryFunction, void> __g(f);

			__grid.__element((unsigned long long)__k);
			RandomAccessIterator __at = first + __k;
			__g(*__at);
		}
	}
	return first + n;
}

template <typename DerivedPolicy, typename RandomAccessIterator, typename UnaryFunction>
RandomAccessIterator for_each(execution_policy<DerivedPolicy> &s, RandomAccessIterator first,
			      RandomAccessIterator last, UnaryFunction f)
{
	return omp::detail::for_each_n(s, first, thrust::distance(first, last), f);
}

} // namespace detail
} // namespace omp
} // namespace system
THRUST_NAMESPACE_END
