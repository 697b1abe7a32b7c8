/* SPDX-License-Identifier: MIT */
/*
 * nvtx3/nvToolsExtCuda.h - NVTX names for driver-API objects (devices,
 * contexts, streams, events); without a profiler they are accepted and do
 * nothing (see nvToolsExt.h beside this one).
 */
#ifndef NVTOOLSEXT_CUDA_V3
#define NVTOOLSEXT_CUDA_V3

#include "nvToolsExt.h"
#include <cuda.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IDXGEN_NVTX__NAME(fn, _Obj)						\
	NVTX_INLINE_STATIC void fn##A(_Obj __o, const char *__name)		\
	{									\
		(void)__o, (void)__name;					\
	}									\
	NVTX_INLINE_STATIC void fn##W(_Obj __o, const wchar_t *__name)		\
	{									\
		(void)__o, (void)__name;					\
	}
IDXGEN_NVTX__NAME(nvtxNameCuDevice, CUdevice)
IDXGEN_NVTX__NAME(nvtxNameCuContext, CUcontext)
IDXGEN_NVTX__NAME(nvtxNameCuStream, CUstream)
IDXGEN_NVTX__NAME(nvtxNameCuEvent, CUevent)
#undef IDXGEN_NVTX__NAME

#ifdef UNICODE
#define nvtxNameCuDevice nvtxNameCuDeviceW
#define nvtxNameCuContext nvtxNameCuContextW
#define nvtxNameCuStream nvtxNameCuStreamW
#define nvtxNameCuEvent nvtxNameCuEventW
#else
#define nvtxNameCuDevice nvtxNameCuDeviceA
#define nvtxNameCuContext nvtxNameCuContextA
#define nvtxNameCuStream nvtxNameCuStreamA
#define nvtxNameCuEvent nvtxNameCuEventA
#endif

#ifdef __cplusplus
}
#endif
#endif /* NVTOOLSEXT_CUDA_V3 */
