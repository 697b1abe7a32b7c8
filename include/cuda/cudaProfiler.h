/* SPDX-License-Identifier: MIT */
/*
 * cudaProfiler.h - the driver API's profiler control (cuProfilerStart,
 * cuProfilerStop, cuProfilerInitialize): accepted, nothing recorded, as
 * with no profiler attached (the runtime's cuda_profiler_api.h does the
 * same).  Served by lib/cudart; our own header, C and C++.
 */
#ifndef IDXGEN_CUDA_CUDAPROFILER_H
#define IDXGEN_CUDA_CUDAPROFILER_H
/* the guard name of NVIDIA's header, which helper headers test */
#define cuda_profiler_H

#include "cuda.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum CUoutput_mode_enum {
	CU_OUT_KEY_VALUE_PAIR = 0x00,
	CU_OUT_CSV = 0x01
} CUoutput_mode;

CUresult cuProfilerInitialize(const char *, const char *, CUoutput_mode);
CUresult cuProfilerStart(void);
CUresult cuProfilerStop(void);

#ifdef __cplusplus
}
#endif

#endif
