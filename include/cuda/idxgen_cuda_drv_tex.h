/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_drv_tex.h - texture objects through the driver API
 * (cuTexObjectCreate/Destroy/Get*Desc with CUDA_RESOURCE_DESC and
 * CUDA_TEXTURE_DESC):
 * the runtime's texture objects under the driver's names and structures
 * (lib/cudart/README.md, "Driver API").  CUDA's names, values and layouts.
 * Included by cuda.h.
 */
/* Alone, through cuda.h, which includes this header after its own declarations. */
#ifndef IDXGEN_CUDA_H
#include "cuda.h"
#elif !defined(IDXGEN_CUDA_DRV_TEX_H)
#define IDXGEN_CUDA_DRV_TEX_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned long long CUtexObject_v1;
typedef CUtexObject_v1 CUtexObject;
typedef struct CUmipmappedArray_st *CUmipmappedArray;

typedef enum CUresourcetype_enum {
	CU_RESOURCE_TYPE_ARRAY = 0x00,
	CU_RESOURCE_TYPE_MIPMAPPED_ARRAY = 0x01,
	CU_RESOURCE_TYPE_LINEAR = 0x02,
	CU_RESOURCE_TYPE_PITCH2D = 0x03
} CUresourcetype;

typedef enum CUaddress_mode_enum {
	CU_TR_ADDRESS_MODE_WRAP = 0,
	CU_TR_ADDRESS_MODE_CLAMP = 1,
	CU_TR_ADDRESS_MODE_MIRROR = 2,
	CU_TR_ADDRESS_MODE_BORDER = 3
} CUaddress_mode;

typedef enum CUfilter_mode_enum { CU_TR_FILTER_MODE_POINT = 0, CU_TR_FILTER_MODE_LINEAR = 1 } CUfilter_mode;

#define CU_TRSF_READ_AS_INTEGER 0x01
#define CU_TRSF_NORMALIZED_COORDINATES 0x02
#define CU_TRSF_SRGB 0x10
#define CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION 0x20
#define CU_TRSF_SEAMLESS_CUBEMAP 0x40

typedef struct CUDA_RESOURCE_DESC_st {
	CUresourcetype resType;
	union {
		struct {
			CUarray hArray;
		} array;
		struct {
			CUmipmappedArray hMipmappedArray;
		} mipmap;
		struct {
			CUdeviceptr devPtr;
			CUarray_format format;
			unsigned int numChannels;
			size_t sizeInBytes;
		} linear;
		struct {
			CUdeviceptr devPtr;
			CUarray_format format;
			unsigned int numChannels;
			size_t width;
			size_t height;
			size_t pitchInBytes;
		} pitch2D;
		struct {
			int reserved[32];
		} reserved;
	} res;
	unsigned int flags;
} CUDA_RESOURCE_DESC_v1;
typedef CUDA_RESOURCE_DESC_v1 CUDA_RESOURCE_DESC;

typedef struct CUDA_TEXTURE_DESC_st {
	CUaddress_mode addressMode[3];
	CUfilter_mode filterMode;
	unsigned int flags;
	unsigned int maxAnisotropy;
	CUfilter_mode mipmapFilterMode;
	float mipmapLevelBias;
	float minMipmapLevelClamp;
	float maxMipmapLevelClamp;
	float borderColor[4];
	int reserved[12];
} CUDA_TEXTURE_DESC_v1;
typedef CUDA_TEXTURE_DESC_v1 CUDA_TEXTURE_DESC;

/* Resource views (a format reinterpreted): not made here, the view argument must be NULL. */
typedef enum CUresourceViewFormat_enum {
	CU_RES_VIEW_FORMAT_NONE = 0x00,
	CU_RES_VIEW_FORMAT_UINT_1X8 = 0x01,
	CU_RES_VIEW_FORMAT_UINT_2X8 = 0x02,
	CU_RES_VIEW_FORMAT_UINT_4X8 = 0x03,
	CU_RES_VIEW_FORMAT_SINT_1X8 = 0x04,
	CU_RES_VIEW_FORMAT_SINT_2X8 = 0x05,
	CU_RES_VIEW_FORMAT_SINT_4X8 = 0x06,
	CU_RES_VIEW_FORMAT_UINT_1X16 = 0x07,
	CU_RES_VIEW_FORMAT_UINT_2X16 = 0x08,
	CU_RES_VIEW_FORMAT_UINT_4X16 = 0x09,
	CU_RES_VIEW_FORMAT_SINT_1X16 = 0x0a,
	CU_RES_VIEW_FORMAT_SINT_2X16 = 0x0b,
	CU_RES_VIEW_FORMAT_SINT_4X16 = 0x0c,
	CU_RES_VIEW_FORMAT_UINT_1X32 = 0x0d,
	CU_RES_VIEW_FORMAT_UINT_2X32 = 0x0e,
	CU_RES_VIEW_FORMAT_UINT_4X32 = 0x0f,
	CU_RES_VIEW_FORMAT_SINT_1X32 = 0x10,
	CU_RES_VIEW_FORMAT_SINT_2X32 = 0x11,
	CU_RES_VIEW_FORMAT_SINT_4X32 = 0x12,
	CU_RES_VIEW_FORMAT_FLOAT_1X16 = 0x13,
	CU_RES_VIEW_FORMAT_FLOAT_2X16 = 0x14,
	CU_RES_VIEW_FORMAT_FLOAT_4X16 = 0x15,
	CU_RES_VIEW_FORMAT_FLOAT_1X32 = 0x16,
	CU_RES_VIEW_FORMAT_FLOAT_2X32 = 0x17,
	CU_RES_VIEW_FORMAT_FLOAT_4X32 = 0x18,
	CU_RES_VIEW_FORMAT_UNSIGNED_BC1 = 0x19,
	CU_RES_VIEW_FORMAT_UNSIGNED_BC2 = 0x1a,
	CU_RES_VIEW_FORMAT_UNSIGNED_BC3 = 0x1b,
	CU_RES_VIEW_FORMAT_UNSIGNED_BC4 = 0x1c,
	CU_RES_VIEW_FORMAT_SIGNED_BC4 = 0x1d,
	CU_RES_VIEW_FORMAT_UNSIGNED_BC5 = 0x1e,
	CU_RES_VIEW_FORMAT_SIGNED_BC5 = 0x1f,
	CU_RES_VIEW_FORMAT_UNSIGNED_BC6H = 0x20,
	CU_RES_VIEW_FORMAT_SIGNED_BC6H = 0x21,
	CU_RES_VIEW_FORMAT_UNSIGNED_BC7 = 0x22
} CUresourceViewFormat;

typedef struct CUDA_RESOURCE_VIEW_DESC_st {
	CUresourceViewFormat format;
	size_t width;
	size_t height;
	size_t depth;
	unsigned int firstMipmapLevel;
	unsigned int lastMipmapLevel;
	unsigned int firstLayer;
	unsigned int lastLayer;
	unsigned int reserved[16];
} CUDA_RESOURCE_VIEW_DESC_v1;
typedef CUDA_RESOURCE_VIEW_DESC_v1 CUDA_RESOURCE_VIEW_DESC;

CUresult cuTexObjectCreate(CUtexObject *pTexObject, const CUDA_RESOURCE_DESC *pResDesc,
			   const CUDA_TEXTURE_DESC *pTexDesc, const CUDA_RESOURCE_VIEW_DESC *pResViewDesc);
CUresult cuTexObjectDestroy(CUtexObject texObject);
CUresult cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUtexObject texObject);
CUresult cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *pTexDesc, CUtexObject texObject);
CUresult cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *pResViewDesc, CUtexObject texObject);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_DRV_TEX_H */
