// SPDX-License-Identifier: MIT
/*
 * driver_refs.c - the driver calls on objects that only device code loaded
 * at run time has: the texture and surface references (a module,
 * driver_module.c, has none), and mipmapped arrays (refused at creation, as
 * the runtime's).  None of these objects can exist here, so a call on one
 * is CUDA's answer for a handle that is not valid, CUDA_ERROR_INVALID_HANDLE,
 * after CUDA's checks of the other arguments.  Libraries: driver_library.c.
 */
#include <stdint.h>
#include <string.h>

#include "driver_int.h"

_Static_assert((int)CU_JIT_ERROR_LOG_BUFFER == (int)cudaJitErrorLogBuffer, "JIT options: one numbering");

CUresult cuModuleGetLoadingMode(CUmoduleLoadingMode *mode)
{
	if (!mode)
		return CUDA_ERROR_INVALID_VALUE;
	*mode = CU_MODULE_EAGER_LOADING;
	return CUDA_SUCCESS;
}

/* A module (driver_module.c) holds kernels and variables, never a reference: none of the name. */
CUresult cuModuleGetTexRef(CUtexref *ref, CUmodule mod, const char *name)
{
	if (!ref || !name)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_is_module(mod) ? CUDA_ERROR_NOT_FOUND : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuModuleGetSurfRef(CUsurfref *ref, CUmodule mod, const char *name)
{
	if (!ref || !name)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_is_module(mod) ? CUDA_ERROR_NOT_FOUND : CUDA_ERROR_INVALID_HANDLE;
}

/* mipmapped arrays: the runtime's refusal (texture reads here sample one level) */
CUresult cuMipmappedArrayCreate(CUmipmappedArray *handle, const CUDA_ARRAY3D_DESCRIPTOR *desc, unsigned int levels)
{
	if (!handle || !desc || !levels)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult cuMipmappedArrayDestroy(CUmipmappedArray m)
{
	(void)m;
	return CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuMipmappedArrayGetLevel(CUarray *level, CUmipmappedArray m, unsigned int i)
{
	(void)m, (void)i;
	return !level ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuMipmappedArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *req, CUmipmappedArray m, CUdevice dev)
{
	(void)m;
	if (!req)
		return CUDA_ERROR_INVALID_VALUE;
	return dev != 0 ? CUDA_ERROR_INVALID_DEVICE : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuMipmappedArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *props, CUmipmappedArray m)
{
	(void)m;
	return !props ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_INVALID_HANDLE;
}

/*
 * Texture references of the driver API (CUDA 3's): made by cuTexRefCreate
 * only to be bound to a module's kernel (cuParamSetTexRef), which cannot be
 * loaded here; the program's own texture<> references are the runtime's
 * (texref.c).  Creating one is refused, and no call can name one.
 */
CUresult cuTexRefCreate(CUtexref *ref)
{
	return !ref ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_SUPPORTED;
}

#define NO_TEXREF(ref) ((void)(ref), CUDA_ERROR_INVALID_HANDLE)

CUresult cuTexRefDestroy(CUtexref ref)
{
	return NO_TEXREF(ref);
}

CUresult cuTexRefSetArray(CUtexref ref, CUarray a, unsigned int flags)
{
	(void)flags;
	return !a ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefSetMipmappedArray(CUtexref ref, CUmipmappedArray m, unsigned int flags)
{
	(void)m, (void)flags;
	return NO_TEXREF(ref);
}

CUresult cuTexRefSetAddress(size_t *offset, CUtexref ref, CUdeviceptr p, size_t bytes)
{
	(void)offset, (void)p, (void)bytes;
	return NO_TEXREF(ref);
}

CUresult cuTexRefSetAddress2D(CUtexref ref, const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr p, size_t pitch)
{
	(void)p, (void)pitch;
	return !desc ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefSetFormat(CUtexref ref, CUarray_format fmt, int n)
{
	(void)fmt, (void)n;
	return NO_TEXREF(ref);
}

CUresult cuTexRefSetAddressMode(CUtexref ref, int dim, CUaddress_mode am)
{
	(void)am;
	return dim < 0 || dim > 2 ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefSetFilterMode(CUtexref ref, CUfilter_mode fm)
{
	(void)fm;
	return NO_TEXREF(ref);
}

CUresult cuTexRefSetMipmapFilterMode(CUtexref ref, CUfilter_mode fm)
{
	(void)fm;
	return NO_TEXREF(ref);
}

CUresult cuTexRefSetMipmapLevelBias(CUtexref ref, float bias)
{
	(void)bias;
	return NO_TEXREF(ref);
}

CUresult cuTexRefSetMipmapLevelClamp(CUtexref ref, float lo, float hi)
{
	(void)lo, (void)hi;
	return NO_TEXREF(ref);
}

CUresult cuTexRefSetMaxAnisotropy(CUtexref ref, unsigned int a)
{
	(void)a;
	return NO_TEXREF(ref);
}

CUresult cuTexRefSetBorderColor(CUtexref ref, float *color)
{
	return !color ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefSetFlags(CUtexref ref, unsigned int flags)
{
	(void)flags;
	return NO_TEXREF(ref);
}

CUresult cuTexRefGetAddress(CUdeviceptr *p, CUtexref ref)
{
	return !p ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefGetArray(CUarray *a, CUtexref ref)
{
	return !a ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefGetMipmappedArray(CUmipmappedArray *m, CUtexref ref)
{
	return !m ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefGetAddressMode(CUaddress_mode *am, CUtexref ref, int dim)
{
	return !am || dim < 0 || dim > 2 ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefGetFilterMode(CUfilter_mode *fm, CUtexref ref)
{
	return !fm ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefGetFormat(CUarray_format *fmt, int *n, CUtexref ref)
{
	return !fmt ? CUDA_ERROR_INVALID_VALUE : ((void)n, NO_TEXREF(ref));
}

CUresult cuTexRefGetMipmapFilterMode(CUfilter_mode *fm, CUtexref ref)
{
	return !fm ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefGetMipmapLevelBias(float *bias, CUtexref ref)
{
	return !bias ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefGetMipmapLevelClamp(float *lo, float *hi, CUtexref ref)
{
	return !lo || !hi ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefGetMaxAnisotropy(int *a, CUtexref ref)
{
	return !a ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefGetBorderColor(float *color, CUtexref ref)
{
	return !color ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuTexRefGetFlags(unsigned int *flags, CUtexref ref)
{
	return !flags ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuSurfRefSetArray(CUsurfref ref, CUarray a, unsigned int flags)
{
	(void)flags;
	return !a ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuSurfRefGetArray(CUarray *a, CUsurfref ref)
{
	return !a ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}

CUresult cuParamSetTexRef(CUfunction f, int unit, CUtexref ref)
{
	(void)f;
	return unit != CU_PARAM_TR_DEFAULT ? CUDA_ERROR_INVALID_VALUE : NO_TEXREF(ref);
}
