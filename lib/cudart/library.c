// SPDX-License-Identifier: MIT
/*
 * library.c - libraries and kernel handles of the runtime (cudaLibrary*,
 * cudaGetKernel, cudaKernelSetAttributeForDevice, cudaGetFuncBySymbol).
 * A library is device code loaded at run time: the driver's library
 * (driver_library.c: a module of idxgen-cc -fatbin/-cubin/-ptx; NVIDIA's
 * device code cudaErrorNoKernelImageForDevice, other bytes
 * cudaErrorInvalidKernelImage, the reason in the caller's error-log
 * buffer), the same handle for both APIs, as in CUDA.  A kernel of the
 * program itself or of a library has a handle: its host stub's address, so
 * cudaLaunchKernel((const void *)kernel, ...) launches it, as CUDA allows.
 * Its driver-API handle (cudaGetFuncBySymbol) is the same address.
 */
#include <stdint.h>

#include "driver_int.h"

/* The driver's codes the library calls give are the runtime's numbers (CUDA 10 on). */
_Static_assert((int)CUDA_ERROR_NO_BINARY_FOR_GPU == (int)cudaErrorNoKernelImageForDevice, "one numbering");
_Static_assert((int)CUDA_ERROR_INVALID_IMAGE == (int)cudaErrorInvalidKernelImage, "one numbering");
_Static_assert((int)CUDA_ERROR_INVALID_HANDLE == (int)cudaErrorInvalidResourceHandle, "one numbering");
_Static_assert((int)CUDA_ERROR_NOT_FOUND == (int)cudaErrorSymbolNotFound, "one numbering");
_Static_assert((int)CUDA_ERROR_FILE_NOT_FOUND == (int)cudaErrorFileNotFound, "one numbering");
_Static_assert((int)CUDA_ERROR_OUT_OF_MEMORY == (int)cudaErrorMemoryAllocation, "one numbering");
_Static_assert((int)CUDA_ERROR_INVALID_VALUE == (int)cudaErrorInvalidValue, "one numbering");

static cudaError_t rt(CUresult r)
{
	return cudart_set_error((cudaError_t)r);
}

cudaError_t cudaLibraryLoadData(cudaLibrary_t *library, const void *code, enum cudaJitOption *jitOptions,
				void **jitOptionsValues, unsigned int numJitOptions,
				enum cudaLibraryOption *libraryOptions, void **libraryOptionValues,
				unsigned int numLibraryOptions)
{
	CUDART_STICKY_RETURN();
	return rt(cuLibraryLoadData((CUlibrary *)library, code, (CUjit_option *)jitOptions, jitOptionsValues,
				    numJitOptions, (CUlibraryOption *)libraryOptions, libraryOptionValues,
				    numLibraryOptions));
}

cudaError_t cudaLibraryLoadFromFile(cudaLibrary_t *library, const char *fileName, enum cudaJitOption *jitOptions,
				    void **jitOptionsValues, unsigned int numJitOptions,
				    enum cudaLibraryOption *libraryOptions, void **libraryOptionValues,
				    unsigned int numLibraryOptions)
{
	CUDART_STICKY_RETURN();
	return rt(cuLibraryLoadFromFile((CUlibrary *)library, fileName, (CUjit_option *)jitOptions,
					jitOptionsValues, numJitOptions, (CUlibraryOption *)libraryOptions,
					libraryOptionValues, numLibraryOptions));
}

cudaError_t cudaLibraryUnload(cudaLibrary_t library)
{
	CUDART_STICKY_RETURN();
	if (!library)
		return cudart_set_error(cudaErrorInvalidValue);
	return rt(cuLibraryUnload((CUlibrary)library));
}

cudaError_t cudaLibraryGetKernel(cudaKernel_t *pKernel, cudaLibrary_t library, const char *name)
{
	CUDART_STICKY_RETURN();
	return rt(cuLibraryGetKernel((CUkernel *)pKernel, (CUlibrary)library, name));
}

cudaError_t cudaLibraryGetGlobal(void **dptr, size_t *bytes, cudaLibrary_t library, const char *name)
{
	CUdeviceptr at = 0;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	err = rt(cuLibraryGetGlobal(dptr ? &at : NULL, bytes, (CUlibrary)library, name));
	if (!err && dptr)
		*dptr = (void *)(uintptr_t)at;
	return err;
}

cudaError_t cudaLibraryGetManaged(void **dptr, size_t *bytes, cudaLibrary_t library, const char *name)
{
	return cudaLibraryGetGlobal(dptr, bytes, library, name);	/* driver_library.c: any variable */
}

cudaError_t cudaLibraryGetUnifiedFunction(void **fptr, cudaLibrary_t library, const char *symbol)
{
	CUDART_STICKY_RETURN();
	return rt(cuLibraryGetUnifiedFunction(fptr, (CUlibrary)library, symbol));
}

cudaError_t cudaLibraryGetKernelCount(unsigned int *count, cudaLibrary_t lib)
{
	CUDART_STICKY_RETURN();
	return rt(cuLibraryGetKernelCount(count, (CUlibrary)lib));
}

cudaError_t cudaLibraryEnumerateKernels(cudaKernel_t *kernels, unsigned int numKernels, cudaLibrary_t lib)
{
	CUDART_STICKY_RETURN();
	return rt(cuLibraryEnumerateKernels((CUkernel *)kernels, numKernels, (CUlibrary)lib));
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
