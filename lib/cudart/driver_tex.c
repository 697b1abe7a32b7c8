// SPDX-License-Identifier: MIT
/*
 * driver_tex.c - texture objects through the driver API: cuTexObjectCreate
 * is cudaCreateTextureObject of the same resource and sampling (the
 * address and filter modes have the runtime's numbers; CU_TRSF_* flags
 * become the descriptor's fields: integer data reads as normalized floats
 * unless CU_TRSF_READ_AS_INTEGER), so device code fetches it as any
 * texture object; cuTexObjectGet*Desc describe it back in the driver's
 * terms.  Mipmapped resources (none exist) and resource views are not
 * made: CUDA_ERROR_NOT_SUPPORTED.
 */
#include <stdint.h>
#include <string.h>

#include "driver_int.h"

static bool is_float(CUarray_format f)
{
	return f == CU_AD_FORMAT_HALF || f == CU_AD_FORMAT_FLOAT;
}

/* The runtime's resource of the driver's; *integer: the data are integers. */
static CUresult resource(const CUDA_RESOURCE_DESC *r, struct cudaResourceDesc *rd, bool *integer)
{
	memset(rd, 0, sizeof(*rd));
	switch (r->resType) {
	case CU_RESOURCE_TYPE_ARRAY: {
		struct cudaChannelFormatDesc d;

		if (!r->res.array.hArray ||
		    cudaArrayGetInfo(&d, NULL, NULL, (cudaArray_t)(void *)r->res.array.hArray) != cudaSuccess)
			return CUDA_ERROR_INVALID_VALUE;
		rd->resType = cudaResourceTypeArray;
		rd->res.array.array = (cudaArray_t)(void *)r->res.array.hArray;
		*integer = d.f != cudaChannelFormatKindFloat;
		return CUDA_SUCCESS;
	}
	case CU_RESOURCE_TYPE_LINEAR:
		rd->resType = cudaResourceTypeLinear;
		rd->res.linear.devPtr = (void *)(uintptr_t)r->res.linear.devPtr;
		rd->res.linear.sizeInBytes = r->res.linear.sizeInBytes;
		*integer = !is_float(r->res.linear.format);
		return cudart_cu_channel_desc(r->res.linear.format, r->res.linear.numChannels, &rd->res.linear.desc)
			       ? CUDA_SUCCESS
			       : CUDA_ERROR_INVALID_VALUE;
	case CU_RESOURCE_TYPE_PITCH2D:
		rd->resType = cudaResourceTypePitch2D;
		rd->res.pitch2D.devPtr = (void *)(uintptr_t)r->res.pitch2D.devPtr;
		rd->res.pitch2D.width = r->res.pitch2D.width;
		rd->res.pitch2D.height = r->res.pitch2D.height;
		rd->res.pitch2D.pitchInBytes = r->res.pitch2D.pitchInBytes;
		*integer = !is_float(r->res.pitch2D.format);
		return cudart_cu_channel_desc(r->res.pitch2D.format, r->res.pitch2D.numChannels,
					      &rd->res.pitch2D.desc)
			       ? CUDA_SUCCESS
			       : CUDA_ERROR_INVALID_VALUE;
	case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
		return CUDA_ERROR_NOT_SUPPORTED;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

CUresult cuTexObjectCreate(CUtexObject *pTexObject, const CUDA_RESOURCE_DESC *pResDesc,
			   const CUDA_TEXTURE_DESC *pTexDesc, const CUDA_RESOURCE_VIEW_DESC *pResViewDesc)
{
	struct cudaResourceDesc rd;
	struct cudaTextureDesc td;
	cudaTextureObject_t obj;
	bool integer = false;
	CUresult r;

	if (!pTexObject || !pResDesc || !pTexDesc || pResDesc->flags)
		return CUDA_ERROR_INVALID_VALUE;
	if (pResViewDesc)
		return CUDA_ERROR_NOT_SUPPORTED;
	r = resource(pResDesc, &rd, &integer);
	if (r)
		return r;
	memset(&td, 0, sizeof(td));
	for (int i = 0; i < 3; i++)
		td.addressMode[i] = (enum cudaTextureAddressMode)pTexDesc->addressMode[i];
	td.filterMode = (enum cudaTextureFilterMode)pTexDesc->filterMode;
	td.readMode = integer && !(pTexDesc->flags & CU_TRSF_READ_AS_INTEGER) ? cudaReadModeNormalizedFloat
										: cudaReadModeElementType;
	td.normalizedCoords = !!(pTexDesc->flags & CU_TRSF_NORMALIZED_COORDINATES);
	td.sRGB = !!(pTexDesc->flags & CU_TRSF_SRGB);
	td.disableTrilinearOptimization = !!(pTexDesc->flags & CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION);
	td.seamlessCubemap = !!(pTexDesc->flags & CU_TRSF_SEAMLESS_CUBEMAP);
	memcpy(td.borderColor, pTexDesc->borderColor, sizeof(td.borderColor));
	td.maxAnisotropy = pTexDesc->maxAnisotropy;
	td.mipmapFilterMode = (enum cudaTextureFilterMode)pTexDesc->mipmapFilterMode;
	td.mipmapLevelBias = pTexDesc->mipmapLevelBias;
	td.minMipmapLevelClamp = pTexDesc->minMipmapLevelClamp;
	td.maxMipmapLevelClamp = pTexDesc->maxMipmapLevelClamp;
	r = cudart_cu_result(cudaCreateTextureObject(&obj, &rd, &td, NULL));
	if (!r)
		*pTexObject = obj;
	return r;
}

CUresult cuTexObjectDestroy(CUtexObject texObject)
{
	return cudart_cu_result(cudaDestroyTextureObject((cudaTextureObject_t)texObject));
}

/* The driver's description of the runtime's resource (the inverse of resource()). */
CUresult cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUtexObject texObject)
{
	struct cudaResourceDesc rd;
	CUresult r;

	if (!pResDesc)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaGetTextureObjectResourceDesc(&rd, (cudaTextureObject_t)texObject));
	if (r)
		return r;
	memset(pResDesc, 0, sizeof(*pResDesc));
	switch (rd.resType) {
	case cudaResourceTypeArray:
		pResDesc->resType = CU_RESOURCE_TYPE_ARRAY;
		pResDesc->res.array.hArray = (CUarray)(void *)rd.res.array.array;
		break;
	case cudaResourceTypeLinear:
		pResDesc->resType = CU_RESOURCE_TYPE_LINEAR;
		pResDesc->res.linear.devPtr = (CUdeviceptr)(uintptr_t)rd.res.linear.devPtr;
		pResDesc->res.linear.sizeInBytes = rd.res.linear.sizeInBytes;
		cudart_drv_format(&rd.res.linear.desc, &pResDesc->res.linear.format, &pResDesc->res.linear.numChannels);
		break;
	default:	/* pitched: the only other kind an object is made of */
		pResDesc->resType = CU_RESOURCE_TYPE_PITCH2D;
		pResDesc->res.pitch2D.devPtr = (CUdeviceptr)(uintptr_t)rd.res.pitch2D.devPtr;
		pResDesc->res.pitch2D.width = rd.res.pitch2D.width;
		pResDesc->res.pitch2D.height = rd.res.pitch2D.height;
		pResDesc->res.pitch2D.pitchInBytes = rd.res.pitch2D.pitchInBytes;
		cudart_drv_format(&rd.res.pitch2D.desc, &pResDesc->res.pitch2D.format,
				  &pResDesc->res.pitch2D.numChannels);
		break;
	}
	return CUDA_SUCCESS;
}

/* The driver's description of the sampling: integer data read as integers is CU_TRSF_READ_AS_INTEGER. */
CUresult cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *pTexDesc, CUtexObject texObject)
{
	struct cudaTextureDesc td;
	struct cudaResourceDesc rd;
	struct cudaChannelFormatDesc fmt;
	bool integer;
	CUresult r;

	if (!pTexDesc)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaGetTextureObjectTextureDesc(&td, (cudaTextureObject_t)texObject));
	if (!r)
		r = cudart_cu_result(cudaGetTextureObjectResourceDesc(&rd, (cudaTextureObject_t)texObject));
	if (r)
		return r;
	if (rd.resType == cudaResourceTypeArray)
		cudaArrayGetInfo(&fmt, NULL, NULL, rd.res.array.array);
	else
		fmt = rd.resType == cudaResourceTypeLinear ? rd.res.linear.desc : rd.res.pitch2D.desc;
	integer = fmt.f != cudaChannelFormatKindFloat;
	memset(pTexDesc, 0, sizeof(*pTexDesc));
	for (int i = 0; i < 3; i++)
		pTexDesc->addressMode[i] = (CUaddress_mode)td.addressMode[i];
	pTexDesc->filterMode = (CUfilter_mode)td.filterMode;
	pTexDesc->flags = (integer && td.readMode == cudaReadModeElementType ? CU_TRSF_READ_AS_INTEGER : 0) |
			  (td.normalizedCoords ? CU_TRSF_NORMALIZED_COORDINATES : 0) | (td.sRGB ? CU_TRSF_SRGB : 0) |
			  (td.disableTrilinearOptimization ? CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION : 0) |
			  (td.seamlessCubemap ? CU_TRSF_SEAMLESS_CUBEMAP : 0);
	pTexDesc->maxAnisotropy = td.maxAnisotropy;
	pTexDesc->mipmapFilterMode = (CUfilter_mode)td.mipmapFilterMode;
	pTexDesc->mipmapLevelBias = td.mipmapLevelBias;
	pTexDesc->minMipmapLevelClamp = td.minMipmapLevelClamp;
	pTexDesc->maxMipmapLevelClamp = td.maxMipmapLevelClamp;
	memcpy(pTexDesc->borderColor, td.borderColor, sizeof(td.borderColor));
	return CUDA_SUCCESS;
}

/* No object has a view (cuTexObjectCreate refuses them): CUDA's answer for an object without one. */
CUresult cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *pResViewDesc, CUtexObject texObject)
{
	struct cudaResourceDesc rd;
	CUresult r;

	if (!pResViewDesc)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaGetTextureObjectResourceDesc(&rd, (cudaTextureObject_t)texObject));
	return r ? r : CUDA_ERROR_INVALID_VALUE;
}
