/* SPDX-License-Identifier: MIT */
/*
 * driver_int.h - what the driver-API files of lib/cudart (driver*.c) share:
 * cuda.h with its calls exported, and the runtime's error as a CUresult.
 */
#ifndef IDXGEN_CUDART_DRIVER_INT_H
#define IDXGEN_CUDART_DRIVER_INT_H

#include "cudart.h"
#pragma GCC visibility push(default)
#include "cuda.h"
#include "cudaProfiler.h"
#pragma GCC visibility pop

/* The driver's code for a runtime error (CUDA_ERROR_UNKNOWN for one it has not). */
CUresult cudart_cu_result(cudaError_t err);
/*
 * cuMemsetD16/D32 (and their Async forms' synchronous part): count words of
 * width bytes (2 or 4) at dst set to value; dst must be width-aligned.
 */
CUresult cudart_cu_memset_words(CUdeviceptr dst, unsigned int value, unsigned int width, size_t count);

/* The runtime's channel format of channels (1, 2 or 4) of format; false for one it has not (driver_array.c). */
bool cudart_cu_channel_desc(CUarray_format format, unsigned int channels, struct cudaChannelFormatDesc *d);
/* driver_array.c: the driver's format and channel count of a runtime channel format */
void cudart_drv_format(const struct cudaChannelFormatDesc *d, CUarray_format *format, unsigned int *channels);


/* CUDA's 32 KiB of kernel parameters, one byte each at most */
#define CUDART_CU_MAX_PARAMS 1024
/* driver_launch.c: a launch's kernelParams or extra as the runtime's argument pointers (args: CUDART_CU_MAX_PARAMS) */
CUresult cudart_cu_kernel_args(CUfunction f, void **params, void **extra, void **args, void ***out);
/* driver_array.c: a driver 3-D copy as the runtime's (offsets folded into pointers, array X in elements) */
CUresult cudart_cu_memcpy3d(const CUDA_MEMCPY3D *c, struct cudaMemcpy3DParms *p);
/* driver_proc.c: the driver function of a name as CUDA `version` means it; NULL: none */
void (*cudart_driver_entry(const char *name, int version))(void);
/* driver_module.c: the loaded module whose kernel stub is, or NULL (a program's own kernel) */
CUmodule cudart_module_of(const void *stub);
/* driver_module.c: is m a loaded module? */
bool cudart_is_module(CUmodule m);
/* driver_module.c: an image (known: its length, or 0) into a new module, the JIT logs of opts filled */
CUresult cudart_module_load(CUmodule *mod, const void *image, size_t known, unsigned int n,
			    CUjit_option *opts, void **vals);
/* driver_module.c: the file fname read into *image (malloc'd, *size bytes); CUDA's code for a bad file */
CUresult cudart_module_file(const char *fname, void **image, size_t *size);
/* driver_module.c: bytes written to a new temporary file: its path, malloc'd; NULL on failure */
char *cudart_temp_file(const void *bytes, size_t size);
/* driver_exports.c: before a module (image, size bytes) is opened, the runtime's symbols it needs
 * that the program does not export, as absolute symbols of an object opened RTLD_GLOBAL */
void cudart_provide_runtime(const void *image, size_t size);
/* driver_module.c: name's definition in module m itself, or NULL */
void *cudart_module_symbol(CUmodule m, const char *name);
/* driver_kernel_names.c: the name CUDA gives a kernel of symbol sym (internal linkage, anonymous namespace) */
char *cudart_kernel_cuda_name(const char *sym);
/* driver_kernel_names.c: a name a program asks for, its anonymous namespaces spelled as the kernels' */
char *cudart_kernel_name_key(const char *name);
/* driver_kernel_names.c: the name CUDA gives a variable of internal linkage of symbol sym */
char *cudart_var_cuda_name(const char *sym);
/* driver_module.c: the module of a library (driver_library.c) is the library's to unload */
void cudart_module_set_library(CUmodule m);
bool cudart_is_library(CUmodule m);
/* driver_module.c: unloads m (a library's module only when library) */
CUresult cudart_module_unload(CUmodule m, bool library);
/* driver_module.c: error and info text into the JIT log buffers of opts (if given) and their sizes */
void cudart_jit_logs(unsigned int n, const CUjit_option *opts, void *const *vals, const char *error,
		     const char *info);

/* driver_memop.c: a batch node's operation of count operations, checked as cuStreamBatchMemOp checks them */
CUresult cudart_batch_op(unsigned int count, const CUstreamBatchMemOpParams *params, unsigned int flags,
			 struct cudart_op *out);
/* driver_memop.c: the parameters of a batch node's operation (paramArray the node's); false: not one */
bool cudart_batch_params(const struct cudart_op *op, CUDA_BATCH_MEM_OP_NODE_PARAMS *out);

#endif
