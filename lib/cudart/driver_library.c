// SPDX-License-Identifier: MIT
/*
 * driver_library.c - libraries of the driver API (cuLibrary*, CUDA 12):
 * device code loaded once for every context, its kernels as CUkernel
 * handles.  With one context and one address space a library is a module
 * (driver_module.c: the same images, the same names) that only
 * cuLibraryUnload unloads: the CUlibrary handle is its module, which
 * cuLibraryGetModule gives (cuModuleUnload of it: CUDA_ERROR_NOT_PERMITTED,
 * as CUDA answers).  A CUkernel is its kernel's host stub, as a CUfunction
 * is (cuKernelGetFunction gives it back).  The runtime's cudaLibrary* calls
 * (library.c) are these.  Variables: cuLibraryGetManaged finds the
 * library's __managed__ variables (idxgen-cc registers them as such), as
 * CUDA does; a unified function is any function it defines (one address
 * space: every function is reachable from the host).
 */
#include <stdint.h>

#include "driver_int.h"

static CUmodule module_of(CUlibrary lib)
{
	return (CUmodule)lib;
}

/* CUDA's checks of the options: arrays where a count says so, known library options. */
static CUresult check_options(unsigned int n, CUjit_option *opts, void **vals, unsigned int ln,
			      CUlibraryOption *lopts, void **lvals)
{
	if ((n && (!opts || !vals)) || (ln && (!lopts || !lvals)))
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; i < ln; i++)
		if ((unsigned int)lopts[i] >= CU_LIBRARY_NUM_OPTIONS)
			return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

static CUresult load(CUlibrary *lib, const void *code, size_t known, unsigned int n, CUjit_option *opts,
		     void **vals)
{
	CUmodule m = NULL;
	CUresult r = cudart_module_load(&m, code, known, n, opts, vals);

	if (r)
		return r;
	cudart_module_set_library(m);
	*lib = (CUlibrary)m;
	return CUDA_SUCCESS;
}

CUresult cuLibraryLoadData(CUlibrary *lib, const void *code, CUjit_option *opts, void **vals, unsigned int n,
			   CUlibraryOption *lopts, void **lvals, unsigned int ln)
{
	CUresult r;

	if (!lib || !code)
		return CUDA_ERROR_INVALID_VALUE;
	r = check_options(n, opts, vals, ln, lopts, lvals);
	return r ? r : load(lib, code, 0, n, opts, vals);
}

CUresult cuLibraryLoadFromFile(CUlibrary *lib, const char *file, CUjit_option *opts, void **vals, unsigned int n,
			       CUlibraryOption *lopts, void **lvals, unsigned int ln)
{
	void *image = NULL;
	size_t size = 0;
	CUresult r;

	if (!lib || !file)
		return CUDA_ERROR_INVALID_VALUE;
	r = check_options(n, opts, vals, ln, lopts, lvals);
	if (!r)
		r = cudart_module_file(file, &image, &size);
	if (!r)
		r = load(lib, image, size, n, opts, vals);
	free(image);
	return r;
}

CUresult cuLibraryUnload(CUlibrary lib)
{
	return cudart_module_unload(module_of(lib), true);
}

#define LIBRARY_OR_INVALID(lib)                                      \
	do {                                                         \
		if (!cudart_is_library(module_of(lib)))              \
			return CUDA_ERROR_INVALID_HANDLE;            \
	} while (0)

CUresult cuLibraryGetKernel(CUkernel *kernel, CUlibrary lib, const char *name)
{
	CUfunction f;
	CUresult r;

	if (!kernel || !name)
		return CUDA_ERROR_INVALID_VALUE;
	LIBRARY_OR_INVALID(lib);
	r = cuModuleGetFunction(&f, module_of(lib), name);
	if (!r)
		*kernel = (CUkernel)f;
	return r;
}

CUresult cuLibraryGetKernelCount(unsigned int *count, CUlibrary lib)
{
	if (!count)
		return CUDA_ERROR_INVALID_VALUE;
	LIBRARY_OR_INVALID(lib);
	return cuModuleGetFunctionCount(count, module_of(lib));
}

CUresult cuLibraryEnumerateKernels(CUkernel *kernels, unsigned int n, CUlibrary lib)
{
	if (!kernels || !n)
		return CUDA_ERROR_INVALID_VALUE;
	LIBRARY_OR_INVALID(lib);
	return cuModuleEnumerateFunctions((CUfunction *)kernels, n, module_of(lib));
}

CUresult cuLibraryGetModule(CUmodule *mod, CUlibrary lib)
{
	if (!mod)
		return CUDA_ERROR_INVALID_VALUE;
	LIBRARY_OR_INVALID(lib);
	*mod = module_of(lib);
	return CUDA_SUCCESS;
}

CUresult cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUlibrary lib, const char *name)
{
	if (!name || (!dptr && !bytes))
		return CUDA_ERROR_INVALID_VALUE;
	LIBRARY_OR_INVALID(lib);
	return cuModuleGetGlobal(dptr, bytes, module_of(lib), name);
}

/* Only a __managed__ variable, as in CUDA (a __device__ one: CUDA_ERROR_NOT_FOUND). */
CUresult cuLibraryGetManaged(CUdeviceptr *dptr, size_t *bytes, CUlibrary lib, const char *name)
{
	CUdeviceptr at;
	size_t size;
	CUresult r;

	if (!name || (!dptr && !bytes))
		return CUDA_ERROR_INVALID_VALUE;
	LIBRARY_OR_INVALID(lib);
	r = cuModuleGetGlobal(&at, &size, module_of(lib), name);
	if (r)
		return r;
	if (!cudart_var_is_managed((const void *)(uintptr_t)at))
		return CUDA_ERROR_NOT_FOUND;
	if (dptr)
		*dptr = at;
	if (bytes)
		*bytes = size;
	return CUDA_SUCCESS;
}

CUresult cuLibraryGetUnifiedFunction(void **fptr, CUlibrary lib, const char *symbol)
{
	void *at;

	if (!fptr || !symbol)
		return CUDA_ERROR_INVALID_VALUE;
	LIBRARY_OR_INVALID(lib);
	at = cudart_module_symbol(module_of(lib), symbol);
	if (!at)
		return CUDA_ERROR_NOT_FOUND;
	*fptr = at;
	return CUDA_SUCCESS;
}

/* The library of a library's kernel; the program's own kernels and a module's have none. */
CUresult cuKernelGetLibrary(CUlibrary *lib, CUkernel kernel)
{
	CUmodule m;
	CUfunction f;
	CUresult r;

	if (!lib)
		return CUDA_ERROR_INVALID_VALUE;
	r = cuKernelGetFunction(&f, kernel);	/* CUDA_ERROR_INVALID_HANDLE for what is no kernel */
	if (r)
		return r;
	m = cudart_module_of((const void *)f);
	if (!m || !cudart_is_library(m))
		return CUDA_ERROR_NOT_FOUND;
	*lib = (CUlibrary)m;
	return CUDA_SUCCESS;
}
