/* SPDX-License-Identifier: MIT */
/*
 * driver_functions.h - the make_* helpers of the pitched-memory types
 * (cudaPitchedPtr, cudaPos, cudaExtent) that cudaMalloc3D and cudaMemcpy3D
 * callers build their arguments with.  Our own header, C and C++.
 */
#ifndef IDXGEN_CUDA_DRIVER_FUNCTIONS_H
#define IDXGEN_CUDA_DRIVER_FUNCTIONS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __DRIVER_FUNCTIONS_H__

#include "driver_types.h"

static inline struct cudaPitchedPtr make_cudaPitchedPtr(void *__d, size_t __p, size_t __xsz,
							size_t __ysz)
{
	struct cudaPitchedPtr __s;

	__s.ptr = __d;
	__s.pitch = __p;
	__s.xsize = __xsz;
	__s.ysize = __ysz;
	return __s;
}

static inline struct cudaPos make_cudaPos(size_t __x, size_t __y, size_t __z)
{
	struct cudaPos __s;

	__s.x = __x;
	__s.y = __y;
	__s.z = __z;
	return __s;
}

static inline struct cudaExtent make_cudaExtent(size_t __w, size_t __h, size_t __d)
{
	struct cudaExtent __s;

	__s.width = __w;
	__s.height = __h;
	__s.depth = __d;
	return __s;
}

#endif /* IDXGEN_CUDA_DRIVER_FUNCTIONS_H */
