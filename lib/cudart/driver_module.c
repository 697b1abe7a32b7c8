// SPDX-License-Identifier: MIT
/*
 * driver_module.c - modules and the JIT linker of the driver API (the
 * function handles of the program's own kernels: driver_launch.c).
 * Kernels here are compiled ahead of time by idxgen-cc into the program;
 * there is no PTX or cubin to load, so loading device code answers
 * CUDA_ERROR_NOT_SUPPORTED (a missing file first CUDA_ERROR_FILE_NOT_FOUND,
 * as CUDA), and since no module can exist, every module and link state is
 * an invalid one.  Where the caller passed an error-log buffer (CU_JIT_ERROR_LOG_BUFFER), the reason
 * is written there, as the JIT writes its errors.
 */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "driver_int.h"

static const char no_jit[] =
	"idxgen: device code cannot be loaded at run time (PTX, cubin, fatbin): "
	"kernels are compiled ahead of time by idxgen-cc";

/* The reason into the caller's CU_JIT_ERROR_LOG_BUFFER, if it gave one. */
static void log_reason(unsigned int n, const CUjit_option *opts, void **vals)
{
	char *buf = NULL;
	size_t size = 0;

	if (!opts || !vals)
		return;
	for (unsigned int i = 0; i < n; i++) {
		if (opts[i] == CU_JIT_ERROR_LOG_BUFFER)
			buf = vals[i];
		else if (opts[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
			size = (size_t)(uintptr_t)vals[i];
	}
	if (buf && size)
		snprintf(buf, size, "%s", no_jit);
}

CUresult cuModuleLoad(CUmodule *mod, const char *fname)
{
	if (!mod || !fname)
		return CUDA_ERROR_INVALID_VALUE;
	if (access(fname, R_OK) != 0)
		return CUDA_ERROR_FILE_NOT_FOUND;
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult cuModuleLoadDataEx(CUmodule *mod, const void *image, unsigned int n, CUjit_option *opts,
			    void **vals)
{
	if (!mod || !image || (n && (!opts || !vals)))
		return CUDA_ERROR_INVALID_VALUE;
	log_reason(n, opts, vals);
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult cuModuleLoadData(CUmodule *mod, const void *image)
{
	return cuModuleLoadDataEx(mod, image, 0, NULL, NULL);
}

CUresult cuModuleLoadFatBinary(CUmodule *mod, const void *fatbin)
{
	return cuModuleLoadDataEx(mod, fatbin, 0, NULL, NULL);
}

CUresult cuModuleUnload(CUmodule mod)
{
	(void)mod;
	return CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuModuleGetFunction(CUfunction *fn, CUmodule mod, const char *name)
{
	if (!fn || !name)
		return CUDA_ERROR_INVALID_VALUE;
	(void)mod;
	return CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuModuleGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUmodule mod, const char *name)
{
	if (!name || (!dptr && !bytes))
		return CUDA_ERROR_INVALID_VALUE;
	(void)mod;
	return CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuLinkCreate(unsigned int n, CUjit_option *opts, void **vals, CUlinkState *state)
{
	if (!state || (n && (!opts || !vals)))
		return CUDA_ERROR_INVALID_VALUE;
	log_reason(n, opts, vals);
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult cuLinkAddData(CUlinkState state, CUjitInputType type, void *data, size_t size,
		       const char *name, unsigned int n, CUjit_option *opts, void **vals)
{
	(void)state, (void)type, (void)data, (void)size, (void)name, (void)n, (void)opts;
	(void)vals;
	return CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuLinkAddFile(CUlinkState state, CUjitInputType type, const char *path, unsigned int n,
		       CUjit_option *opts, void **vals)
{
	(void)state, (void)type, (void)path, (void)n, (void)opts, (void)vals;
	return CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuLinkComplete(CUlinkState state, void **cubin, size_t *size)
{
	if (!cubin || !size)
		return CUDA_ERROR_INVALID_VALUE;
	(void)state;
	return CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuLinkDestroy(CUlinkState state)
{
	(void)state;
	return CUDA_ERROR_INVALID_HANDLE;
}

