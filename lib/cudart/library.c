// SPDX-License-Identifier: MIT
/*
 * library.c - libraries and kernel handles of the runtime (cudaLibrary*,
 * cudaGetKernel, cudaKernelSetAttributeForDevice, cudaGetFuncBySymbol).
 * A library is device code loaded at run time (cubin, PTX, fatbin): kernels
 * here are compiled ahead of time by idxgen-cc into the program, so loading
 * one is cudaErrorNotSupported (a file that is not there first
 * cudaErrorFileNotFound) with the reason in the caller's error-log buffer,
 * no library can exist, and a call on one is cudaErrorInvalidResourceHandle.
 * A kernel of the program itself has a handle: its host stub's address, so
 * cudaLaunchKernel((const void *)kernel, ...) launches it, as CUDA allows.
 * Its driver-API handle (cudaGetFuncBySymbol) is the same address.
 */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "cudart.h"

static const char no_library[] =
	"idxgen: device code cannot be loaded at run time (cubin, PTX, fatbin): "
	"kernels are compiled ahead of time by idxgen-cc";

/* The JIT options' checks and the reason into cudaJitErrorLogBuffer, if the caller gave one. */
static cudaError_t refuse_load(enum cudaJitOption *opts, void **vals, unsigned int n, enum cudaLibraryOption *lopts,
			       void **lvals, unsigned int nl)
{
	char *buf = NULL;
	size_t size = 0;

	if ((n && (!opts || !vals)) || (nl && (!lopts || !lvals)))
		return cudaErrorInvalidValue;
	for (unsigned int i = 0; i < n; i++) {
		if (opts[i] == cudaJitErrorLogBuffer)
			buf = vals[i];
		else if (opts[i] == cudaJitErrorLogBufferSizeBytes)
			size = (size_t)(uintptr_t)vals[i];
	}
	if (buf && size)
		snprintf(buf, size, "%s", no_library);
	return cudaErrorNotSupported;
}

cudaError_t cudaLibraryLoadData(cudaLibrary_t *library, const void *code, enum cudaJitOption *jitOptions,
				void **jitOptionsValues, unsigned int numJitOptions,
				enum cudaLibraryOption *libraryOptions, void **libraryOptionValues,
				unsigned int numLibraryOptions)
{
	CUDART_STICKY_RETURN();
	if (!library || !code)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(refuse_load(jitOptions, jitOptionsValues, numJitOptions, libraryOptions,
					    libraryOptionValues, numLibraryOptions));
}

cudaError_t cudaLibraryLoadFromFile(cudaLibrary_t *library, const char *fileName, enum cudaJitOption *jitOptions,
				    void **jitOptionsValues, unsigned int numJitOptions,
				    enum cudaLibraryOption *libraryOptions, void **libraryOptionValues,
				    unsigned int numLibraryOptions)
{
	CUDART_STICKY_RETURN();
	if (!library || !fileName)
		return cudart_set_error(cudaErrorInvalidValue);
	if (access(fileName, R_OK) != 0)
		return cudart_set_error(cudaErrorFileNotFound);
	return cudart_set_error(refuse_load(jitOptions, jitOptionsValues, numJitOptions, libraryOptions,
					    libraryOptionValues, numLibraryOptions));
}

/* A library handle we never gave (none can exist). */
static cudaError_t no_library_handle(const void *lib, bool args_ok)
{
	CUDART_STICKY_RETURN();
	if (!args_ok || !lib)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaLibraryUnload(cudaLibrary_t library)
{
	return no_library_handle(library, true);
}

cudaError_t cudaLibraryGetKernel(cudaKernel_t *pKernel, cudaLibrary_t library, const char *name)
{
	return no_library_handle(library, pKernel && name);
}

cudaError_t cudaLibraryGetGlobal(void **dptr, size_t *bytes, cudaLibrary_t library, const char *name)
{
	return no_library_handle(library, (dptr || bytes) && name);
}

cudaError_t cudaLibraryGetManaged(void **dptr, size_t *bytes, cudaLibrary_t library, const char *name)
{
	return no_library_handle(library, (dptr || bytes) && name);
}

cudaError_t cudaLibraryGetUnifiedFunction(void **fptr, cudaLibrary_t library, const char *symbol)
{
	return no_library_handle(library, fptr && symbol);
}

cudaError_t cudaLibraryGetKernelCount(unsigned int *count, cudaLibrary_t lib)
{
	return no_library_handle(lib, count != NULL);
}

cudaError_t cudaLibraryEnumerateKernels(cudaKernel_t *kernels, unsigned int numKernels, cudaLibrary_t lib)
{
	return no_library_handle(lib, kernels && numKernels);
}

/* The program's kernel at entryFuncAddr: its handle is its address. */
cudaError_t cudaGetKernel(cudaKernel_t *kernelPtr, const void *entryFuncAddr)
{
	const char *name;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!kernelPtr || !entryFuncAddr)
		return cudart_set_error(cudaErrorInvalidValue);
	err = cudaFuncGetName(&name, entryFuncAddr);
	if (!err)
		*kernelPtr = (cudaKernel_t)(uintptr_t)entryFuncAddr;
	return err;
}

cudaError_t cudaKernelSetAttributeForDevice(cudaKernel_t kernel, enum cudaFuncAttribute attr, int value, int device)
{
	CUDART_STICKY_RETURN();
	if (device != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	return cudaFuncSetAttribute((const void *)kernel, attr, value);
}

/*
 * A driver-API function handle of a kernel of the program: its host stub,
 * as its cudaKernel_t is, so that the driver's calls on functions
 * (cuLaunchKernel, cuFuncGetAttribute: driver_launch.c) reach it.
 */
cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr, const void *symbolPtr)
{
	const char *name;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!functionPtr || !symbolPtr)
		return cudart_set_error(cudaErrorInvalidValue);
	err = cudaFuncGetName(&name, symbolPtr);
	if (!err)
		*functionPtr = (cudaFunction_t)(uintptr_t)symbolPtr;
	return err;
}
