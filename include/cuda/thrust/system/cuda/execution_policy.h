/* SPDX-License-Identifier: MIT */
/*
 * thrust/system/cuda/execution_policy.h - thrust::cuda::par for programs
 * built by idxgen-cc, in place of Thrust's CUDA system.
 *
 * Why a shim: Debian's Thrust runs its CUDA system only through nvcc (CUB
 * kernels, device passes); on the CPU the device system is OpenMP or C++
 * (thrust/detail/config/device_system.h here).  Programs still write
 * thrust::cuda::par and thrust::cuda::par.on(stream), so those name the
 * device system's parallel policy.  par.on(stream) is a policy of the device
 * system that keeps its stream (par_on_t) and waits for the work queued on
 * it each time an algorithm takes it; the algorithm then runs in the calling
 * thread and completes before it returns: stream order, as lib/cublas's
 * calls.  The wait is at the algorithm, not at .on(): a policy made once
 * and kept (`auto p = thrust::cuda::par.on(s);`) still follows the kernels
 * launched on s after it was made.
 *
 * How: every Thrust entry point and every dispatch step reaches the policy
 * through thrust::detail::derived_cast, so par_on_t's specialisations of it
 * are where the stream is waited for (an idle stream costs one check).
 * They return the policy itself, by reference: Thrust keeps references to
 * it (temporary_array's allocator), which a copy would leave dangling.
 */
#pragma once
/* the program's macros set aside up to the end (README) */
#include <idxgen_user_macros_push.h>
#include <thrust/execution_policy.h>
#include <cuda_runtime_api.h>

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#error "idxgen-cc: Thrust's CUDA system needs nvcc; leave THRUST_DEVICE_SYSTEM unset (OMP or CPP is chosen)"
#endif

namespace thrust {
namespace cuda_cub {

typedef thrust::system::__THRUST_DEVICE_SYSTEM_NAMESPACE::detail::par_t idxgen_device_par_t;

/* par.on(stream): the device system's policy with a stream to wait for */
struct par_on_t : thrust::system::__THRUST_DEVICE_SYSTEM_NAMESPACE::detail::execution_policy<par_on_t> {
	cudaStream_t stream;
	explicit par_on_t(cudaStream_t s) : stream(s) {}
};

struct par_t : idxgen_device_par_t {
	constexpr par_t() : idxgen_device_par_t() {}
	par_on_t on(cudaStream_t stream) const { return par_on_t(stream); }
};

static const par_t par;
static const par_t par_nosync;

} // namespace cuda_cub

namespace cuda_cub {
/*
 * Wait for the policy's stream.  Thrust also calls derived_cast on a null
 * "system" (thrust::reference's conversions do select_system(*(System *)0)
 * for pointers tagged with the policy's type): that one has no stream and
 * is not read.  The address goes through an empty asm so that the compiler,
 * which may assume a reference is never null, keeps the test.
 */
inline void idxgen_par_on_wait(const par_on_t *p)
{
	__asm__("" : "+r"(p));
	if (p)
		cudaStreamSynchronize(p->stream);
}
} // namespace cuda_cub

namespace detail {
/* not constexpr, unlike the template: they wait for the policy's stream */
template <>
inline cuda_cub::par_on_t &derived_cast<cuda_cub::par_on_t>(execution_policy_base<cuda_cub::par_on_t> &x)
{
	cuda_cub::par_on_t &p = static_cast<cuda_cub::par_on_t &>(x);
	cuda_cub::idxgen_par_on_wait(&p);
	return p;
}
template <>
inline const cuda_cub::par_on_t &derived_cast<cuda_cub::par_on_t>(const execution_policy_base<cuda_cub::par_on_t> &x)
{
	const cuda_cub::par_on_t &p = static_cast<const cuda_cub::par_on_t &>(x);
	cuda_cub::idxgen_par_on_wait(&p);
	return p;
}
} // namespace detail

/*
 * A namespace, not an alias of cuda_cub: Thrust's thrust/system/cuda/error.h
 * opens thrust::cuda too (thrust::cuda::errc), as Thrust's CUDA system does.
 */
namespace cuda {
using thrust::cuda_cub::par;
using thrust::cuda_cub::par_nosync;
using thrust::cuda_cub::par_t;
} // namespace cuda

namespace system {
namespace cuda {
using thrust::cuda_cub::par;
using thrust::cuda_cub::par_nosync;
} // namespace cuda
} // namespace system

} // namespace thrust

#include <idxgen_user_macros_pop.h>
