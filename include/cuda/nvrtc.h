/* SPDX-License-Identifier: MIT */
/*
 * nvrtc.h - NVRTC, CUDA's run-time compiler, as idxgen serves it: a
 * compile runs idxgen-cc on the program's source and headers (the kernels
 * run on the CPU), its "PTX" and "cubin" are the module cuModuleLoadData
 * loads, its messages the program's log.  Lowered names are not computed.
 * Our own header,
 * C11 and C++11; names and values are CUDA 12's.  The calls live in
 * libidxgen_cudart.a (idxgen-cc drops -lnvrtc); lib/cudart/README.md.
 */
#ifndef IDXGEN_CUDA_NVRTC_H
#define IDXGEN_CUDA_NVRTC_H
/* NVIDIA's include guard (code tests it) */
#define __NVRTC_H__

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
	NVRTC_SUCCESS = 0,
	NVRTC_ERROR_OUT_OF_MEMORY = 1,
	NVRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
	NVRTC_ERROR_INVALID_INPUT = 3,
	NVRTC_ERROR_INVALID_PROGRAM = 4,
	NVRTC_ERROR_INVALID_OPTION = 5,
	NVRTC_ERROR_COMPILATION = 6,
	NVRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
	NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
	NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
	NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
	NVRTC_ERROR_INTERNAL_ERROR = 11,
	NVRTC_ERROR_TIME_FILE_WRITE_FAILED = 12,
	NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED = 13,
	NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED = 14,
	NVRTC_ERROR_PCH_CREATE = 15,
	NVRTC_ERROR_CANCELLED = 16,
	NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED = 17
} nvrtcResult;

typedef struct _nvrtcProgram *nvrtcProgram;

const char *nvrtcGetErrorString(nvrtcResult result);
nvrtcResult nvrtcVersion(int *major, int *minor);
nvrtcResult nvrtcGetNumSupportedArchs(int *count);
nvrtcResult nvrtcGetSupportedArchs(int *archs);
nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name,
			       int num_headers, const char *const *headers,
			       const char *const *include_names);
nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog);
nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int num_options, const char *const *options);
nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx);
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin);
nvrtcResult nvrtcGetLTOIRSize(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcGetLTOIR(nvrtcProgram prog, char *ltoir);
nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log);
nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char *const name_expression);
nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char *const name_expression,
				const char **lowered_name);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_NVRTC_H */
