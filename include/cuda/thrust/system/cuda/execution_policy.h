/* SPDX-License-Identifier: MIT */
/*
 * thrust/system/cuda/execution_policy.h - thrust::cuda::par for programs
 * built by idxgen-cc, in place of Thrust's CUDA system.
 *
 * Why a shim: Debian's Thrust runs its CUDA system only through nvcc (CUB
 * kernels, device passes); on the CPU the device system is OpenMP or C++
 * (thrust/detail/config/device_system.h here).  Programs still write
 * thrust::cuda::par and thrust::cuda::par.on(stream), so those name the
 * device system's parallel policy.  .on(stream) first waits for the work
 * queued on the stream; the algorithm then runs in the calling thread and
 * completes before it returns: stream order, as lib/cublas's calls.
 */
#pragma once
#include <thrust/execution_policy.h>
#include <cuda_runtime_api.h>

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#error "idxgen-cc: Thrust's CUDA system needs nvcc; leave THRUST_DEVICE_SYSTEM unset (OMP or CPP is chosen)"
#endif

namespace thrust {
namespace cuda_cub {

typedef thrust::system::__THRUST_DEVICE_SYSTEM_NAMESPACE::detail::par_t idxgen_device_par_t;

struct par_t : idxgen_device_par_t {
	constexpr par_t() : idxgen_device_par_t() {}
	const idxgen_device_par_t &on(cudaStream_t stream) const
	{
		cudaStreamSynchronize(stream);
		return *this;
	}
};

static const par_t par;
static const par_t par_nosync;

} // namespace cuda_cub

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
