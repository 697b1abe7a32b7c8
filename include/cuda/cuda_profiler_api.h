/* SPDX-License-Identifier: MIT */
/*
 * cuda_profiler_api.h - cudaProfilerStart/Stop (and CUDA 11's
 * cudaProfilerInitialize): accepted, no profiler to drive (the SPMD
 * runtime's own profiling is idxgen_rt_launch_opts).
 */
#ifndef IDXGEN_CUDA_PROFILER_API_H
#define IDXGEN_CUDA_PROFILER_API_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __CUDA_PROFILER_API_H__

#include "cuda_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif
/* CUDA 11's output formats of cudaProfilerInitialize (CUDA 12 removed both) */
typedef enum cudaOutputMode { cudaKeyValuePair = 0x00, cudaCSV = 0x01 } cudaOutputMode_t;
cudaError_t cudaProfilerInitialize(const char *configFile, const char *outputFile, cudaOutputMode_t outputMode);
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_PROFILER_API_H */
