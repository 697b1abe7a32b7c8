/* SPDX-License-Identifier: MIT */
/*
 * nvtx3/nvToolsExtCudaRt.h - NVTX names for runtime-API objects (devices,
 * streams, events); without a profiler they are accepted and do nothing
 * (see nvToolsExt.h beside this one).
 */
#ifndef NVTOOLSEXT_CUDART_V3
#define NVTOOLSEXT_CUDART_V3

#include "nvToolsExt.h"
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

NVTX_INLINE_STATIC void nvtxNameCudaDeviceA(int __dev, const char *__name)
{
	(void)__dev, (void)__name;
}
NVTX_INLINE_STATIC void nvtxNameCudaDeviceW(int __dev, const wchar_t *__name)
{
	(void)__dev, (void)__name;
}
NVTX_INLINE_STATIC void nvtxNameCudaStreamA(cudaStream_t __s, const char *__name)
{
	(void)__s, (void)__name;
}
NVTX_INLINE_STATIC void nvtxNameCudaStreamW(cudaStream_t __s, const wchar_t *__name)
{
	(void)__s, (void)__name;
}
NVTX_INLINE_STATIC void nvtxNameCudaEventA(cudaEvent_t __e, const char *__name)
{
	(void)__e, (void)__name;
}
NVTX_INLINE_STATIC void nvtxNameCudaEventW(cudaEvent_t __e, const wchar_t *__name)
{
	(void)__e, (void)__name;
}

#ifdef UNICODE
#define nvtxNameCudaDevice nvtxNameCudaDeviceW
#define nvtxNameCudaStream nvtxNameCudaStreamW
#define nvtxNameCudaEvent nvtxNameCudaEventW
#else
#define nvtxNameCudaDevice nvtxNameCudaDeviceA
#define nvtxNameCudaStream nvtxNameCudaStreamA
#define nvtxNameCudaEvent nvtxNameCudaEventA
#endif

#ifdef __cplusplus
}
#endif
#endif /* NVTOOLSEXT_CUDART_V3 */
