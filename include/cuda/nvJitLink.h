/* SPDX-License-Identifier: MIT */
/*
 * nvJitLink.h - CUDA's JIT linker library as idxgen serves it
 * (lib/cudart/nvjitlink.c; the calls live in libidxgen_cudart.a): the
 * modules idxgen-cc writes (-fatbin, -cubin, -ptx; -rdc=true for device
 * functions called across files) are linked into one image that
 * cuModuleLoadData loads, as cuLink* does.  NVIDIA's device code (PTX,
 * LTO-IR, cubins and fatbins for NVIDIA GPUs) cannot be compiled or run
 * here: each is refused with the error code of the step that would need
 * it, the reason in the error log.  Our own header, C11 and C++11; CUDA's
 * names, values and signatures (the calls as plain functions, not CUDA
 * 13's inline wrappers of versioned symbols).  lib/cudart/README.md.
 */
#ifndef IDXGEN_CUDA_NVJITLINK_H
#define IDXGEN_CUDA_NVJITLINK_H
/* NVIDIA's include guard */
#define nvJitLink_INCLUDED

#include <stdint.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
	NVJITLINK_SUCCESS = 0,
	NVJITLINK_ERROR_UNRECOGNIZED_OPTION,
	NVJITLINK_ERROR_MISSING_ARCH,
	NVJITLINK_ERROR_INVALID_INPUT,
	NVJITLINK_ERROR_PTX_COMPILE,
	NVJITLINK_ERROR_NVVM_COMPILE,
	NVJITLINK_ERROR_INTERNAL,
	NVJITLINK_ERROR_THREADPOOL,
	NVJITLINK_ERROR_UNRECOGNIZED_INPUT,
	NVJITLINK_ERROR_FINALIZE,
	NVJITLINK_ERROR_NULL_INPUT,
	NVJITLINK_ERROR_INCOMPATIBLE_OPTIONS,
	NVJITLINK_ERROR_INCORRECT_INPUT_TYPE,
	NVJITLINK_ERROR_ARCH_MISMATCH,
	NVJITLINK_ERROR_OUTDATED_LIBRARY,
	NVJITLINK_ERROR_MISSING_FATBIN,
	NVJITLINK_ERROR_UNRECOGNIZED_ARCH,
	NVJITLINK_ERROR_UNSUPPORTED_ARCH,
	NVJITLINK_ERROR_LTO_NOT_ENABLED
} nvJitLinkResult;

typedef enum {
	NVJITLINK_INPUT_NONE = 0,
	NVJITLINK_INPUT_CUBIN = 1,
	NVJITLINK_INPUT_PTX,
	NVJITLINK_INPUT_LTOIR,
	NVJITLINK_INPUT_FATBIN,
	NVJITLINK_INPUT_OBJECT,
	NVJITLINK_INPUT_LIBRARY,
	NVJITLINK_INPUT_INDEX,
	NVJITLINK_INPUT_ANY = 10
} nvJitLinkInputType;

typedef struct nvJitLink *nvJitLinkHandle;

nvJitLinkResult nvJitLinkCreate(nvJitLinkHandle *handle, uint32_t numOptions, const char **options);
nvJitLinkResult nvJitLinkDestroy(nvJitLinkHandle *handle);
nvJitLinkResult nvJitLinkAddData(nvJitLinkHandle handle, nvJitLinkInputType inputType, const void *data,
				 size_t size, const char *name);
nvJitLinkResult nvJitLinkAddFile(nvJitLinkHandle handle, nvJitLinkInputType inputType, const char *fileName);
nvJitLinkResult nvJitLinkComplete(nvJitLinkHandle handle);
nvJitLinkResult nvJitLinkGetLinkedCubinSize(nvJitLinkHandle handle, size_t *size);
nvJitLinkResult nvJitLinkGetLinkedCubin(nvJitLinkHandle handle, void *cubin);
nvJitLinkResult nvJitLinkGetLinkedPtxSize(nvJitLinkHandle handle, size_t *size);
nvJitLinkResult nvJitLinkGetLinkedPtx(nvJitLinkHandle handle, char *ptx);
nvJitLinkResult nvJitLinkGetErrorLogSize(nvJitLinkHandle handle, size_t *size);
nvJitLinkResult nvJitLinkGetErrorLog(nvJitLinkHandle handle, char *log);
nvJitLinkResult nvJitLinkGetInfoLogSize(nvJitLinkHandle handle, size_t *size);
nvJitLinkResult nvJitLinkGetInfoLog(nvJitLinkHandle handle, char *log);
nvJitLinkResult nvJitLinkVersion(unsigned int *major, unsigned int *minor);

#ifdef __cplusplus
}
#endif

#endif
