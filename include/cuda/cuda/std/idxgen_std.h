// SPDX-License-Identifier: MIT
/*
 * cuda/std/idxgen_std.h - cuda::std as the host C++ library: libcu++'s
 * headers <cuda/std/X> give the standard's names (cuda::std::plus,
 * cuda::std::is_same, cuda::std::numeric_limits, cuda::std::atomic, ...)
 * usable in host and device code alike; with kernels compiled as C++ for
 * the CPU, the host's <X> is that, and cuda::std names its declarations by
 * a using-directive (qualified lookup in cuda::std finds ::std's names).
 */
#ifndef IDXGEN_CUDA_STD_H
#define IDXGEN_CUDA_STD_H

#ifndef __cplusplus
#error "<cuda/std/...> is C++ (as libcu++ is)"
#endif

/* CUDA 13's libcu++ includes the toolkit's narrow float types with every
 * <cuda/std/X> (its type traits know them), so code that includes only
 * <cuda/std/concepts> names __half and __nv_bfloat16 and nvcc builds it;
 * the same macros as libcu++'s turn each off. */
#ifndef CCCL_DISABLE_FP16_SUPPORT
#include "../../cuda_fp16.h"
#ifndef CCCL_DISABLE_BF16_SUPPORT
#include "../../cuda_bf16.h"
#ifndef CCCL_DISABLE_NVFP8_SUPPORT
#include "../../cuda_fp8.h"
#endif
#endif
#endif

namespace cuda
{
namespace std
{
using namespace ::std;
#if __cplusplus < 202002L
/* libcu++ has C++20's identity in every mode (thrust code passes cuda::std::identity{}) */
struct identity {
	template <class _Tp> constexpr _Tp &&operator()(_Tp &&__t) const noexcept
	{
		return static_cast<_Tp &&>(__t);
	}
	using is_transparent = void;
};
#endif
} // namespace std
} // namespace cuda

#endif
