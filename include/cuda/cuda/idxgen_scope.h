// SPDX-License-Identifier: MIT
/*
 * cuda/idxgen_scope.h - libcu++'s cuda::thread_scope and
 * cuda::aligned_size_t, for <cuda/atomic>, <cuda/barrier>, <cuda/pipeline>.
 * C++11.
 */
#ifndef IDXGEN_CUDA_SCOPE_H
#define IDXGEN_CUDA_SCOPE_H

#include <stddef.h>

#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif

namespace cuda
{

enum thread_scope {
	thread_scope_system = 0,
	thread_scope_device = 1,
	thread_scope_block = 2,
	thread_scope_thread = 3
};

/* a size that the caller promises is a multiple of _Align (and so are the pointers) */
template <size_t _Align> struct aligned_size_t {
	static constexpr size_t align = _Align;
	size_t value;
	__host__ __device__ explicit constexpr aligned_size_t(size_t __size) : value(__size)
	{
	}
	__host__ __device__ constexpr operator size_t() const
	{
		return value;
	}
};

} // namespace cuda

#endif /* IDXGEN_CUDA_SCOPE_H */
