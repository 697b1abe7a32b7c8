/* SPDX-License-Identifier: MIT */
/*
 * cuda.h - a minimal CUDA driver API for programs that include it for its
 * version macro or query the device through it (cuInit, cuDeviceGet*).
 * Served by lib/cudart on the same single device as the runtime API.  Our
 * own header, C and C++.
 */
#ifndef IDXGEN_CUDA_H
#define IDXGEN_CUDA_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __cuda_cuda_h__

#include <stddef.h>
#include <stdint.h> /* NVIDIA's cuda.h includes both: programs use */
#include <stdlib.h> /* uint64_t, malloc and exit through it */

/* The driver API version this subset follows (12.0). */
#define CUDA_VERSION 12000

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cudaError_enum {
	CUDA_SUCCESS = 0,
	CUDA_ERROR_INVALID_VALUE = 1,
	CUDA_ERROR_OUT_OF_MEMORY = 2,
	CUDA_ERROR_NOT_INITIALIZED = 3,
	CUDA_ERROR_NO_DEVICE = 100,
	CUDA_ERROR_INVALID_DEVICE = 101,
	CUDA_ERROR_NOT_SUPPORTED = 801,
	CUDA_ERROR_UNKNOWN = 999
} CUresult;

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;

CUresult cuInit(unsigned int flags);
CUresult cuDriverGetVersion(int *version);
CUresult cuDeviceGetCount(int *count);
CUresult cuDeviceGet(CUdevice *dev, int ordinal);
CUresult cuDeviceGetName(char *name, int len, CUdevice dev);
CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev);
CUresult cuGetErrorName(CUresult err, const char **name);
CUresult cuGetErrorString(CUresult err, const char **str);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_H */
