/* SPDX-License-Identifier: MIT */
/*
 * cuda_pipeline_primitives.h - the per-thread asynchronous-copy primitives
 * (__pipeline_memcpy_async, __pipeline_commit, __pipeline_wait_prior,
 * __pipeline_arrive_on): the copy is made at once (no copy engine to
 * overlap with here), so a commit has nothing to batch and a wait nothing
 * to wait for; the bytes are in place before any wait CUDA requires.
 * zfill bytes of the size are zeroed instead of copied, as CUDA's.
 */
#ifndef IDXGEN_CUDA_PIPELINE_PRIMITIVES_H
#define IDXGEN_CUDA_PIPELINE_PRIMITIVES_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define _CUDA_PIPELINE_PRIMITIVES_H_
#ifndef __cplusplus
#error "cuda_pipeline_primitives.h is C++ (as CUDA's is): include it from a .cu or C++ file"
#endif

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif

static inline __host__ __device__ void __pipeline_memcpy_async(void *__dst, const void *__src,
							       size_t __size_and_align, size_t __zfill = 0)
{
	size_t __copy = __zfill < __size_and_align ? __size_and_align - __zfill : 0;

	memcpy(__dst, __src, __copy);
	memset((char *)__dst + __copy, 0, __size_and_align - __copy);
}
static inline __host__ __device__ void __pipeline_commit(void)
{
}
static inline __host__ __device__ void __pipeline_wait_prior(size_t __prior)
{
	(void)__prior;
}
static inline __host__ __device__ void __pipeline_arrive_on(uint64_t *__bar)
{
	(void)__bar;
}

#endif
