// SPDX-License-Identifier: MIT
/*
 * libcu_headers.cc - every libcu++ header of include/cuda/cuda (and
 * cuda_pipeline.h) together in one C++ file, used from host code: the
 * scoped atomics, a barrier of one thread, a thread's own pipeline, the
 * copies and the primitives, cuda::std's names, the narrow float types that
 * every <cuda/std/X> brings (as CUDA 13's do).  check-headers.sh builds
 * it with g++ and clang++ as C++11 and C++17 and runs it (exit 0: right).
 */
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/atomic>
#include <cuda/std/barrier>
#include <cuda/std/functional>
#include <cuda/std/type_traits>
#include <cuda/std/limits>
#include <cuda/std/atomic>
#include <cuda/std/array>
#include <cuda/std/tuple>
#include <cuda/std/utility>
#include <cuda/std/cstdint>
#include <cuda/std/cstddef>
#include <cuda/std/climits>
#include <cuda/std/cfloat>
#include <cuda/std/complex>
#include <cuda/std/cmath>
#include <cuda/std/cstdlib>
#include <cuda/std/cstring>
#include <cuda/std/cassert>
#include <cuda/std/chrono>
#include <cuda/std/ratio>
#include <cuda/std/initializer_list>
#include <cuda/std/iterator>
#include <cuda/std/numeric>
#include <cuda/std/algorithm>
#include <cuda/std/bit>
#include <cuda/std/version>
#include <cuda/std/concepts>
#if __cplusplus >= 201703L
#include <cuda/std/optional>
#include <cuda/std/variant>
#endif
#include <cuda_pipeline.h>
int main()
{
	int x = 3;
	cuda::atomic_ref<int, cuda::thread_scope_device> r(x);
	r.fetch_add(2);
	r.fetch_max(9);
	cuda::atomic<int> a(1);
	a.fetch_max(4);
	cuda::std::plus<int> p;
	cuda::barrier<cuda::thread_scope_block> b(1);
	b.arrive_and_wait();
	float buf[4] = {1, 2, 3, 4}, dst[4];
	cuda::memcpy_async(dst, buf, cuda::aligned_size_t<4>(sizeof(buf)), b);
	auto pipe = cuda::make_pipeline();
	pipe.producer_acquire();
	cuda::memcpy_async(dst, buf, sizeof(buf), pipe);
	pipe.producer_commit();
	pipe.consumer_wait();
	pipe.consumer_release();
	__pipeline_memcpy_async(dst, buf, 16, 8);
	__pipeline_commit();
	__pipeline_wait_prior(0);
	__half h = __float2half(1.5f);
	__nv_bfloat16 bh = __float2bfloat16(-2.0f);
	if (__half2float(h) != 1.5f || __bfloat162float(bh) != -2.0f)
		return 1;
	return !(x == 9 && a.load() == 4 && p(1, 2) == 3 && cuda::std::numeric_limits<int>::max() > 0 && dst[0] == 1 && dst[2] == 0 && cuda::std::is_same<int, int>::value);
}
