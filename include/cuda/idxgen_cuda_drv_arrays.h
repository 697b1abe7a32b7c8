/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_drv_arrays.h - CUDA arrays through the driver API
 * (cuArrayCreate, cuArray3DCreate, their descriptors, cuMemcpy2D/3D and
 * the array copies of the driver): the runtime's arrays under the driver's
 * names and structures, a CUarray being a cudaArray_t (lib/cudart/README.md,
 * "Driver API").  CUDA's names, values and layouts.  Included by cuda.h.
 */
/* Alone, through cuda.h, which includes this header after its own declarations. */
#ifndef IDXGEN_CUDA_H
#include "cuda.h"
#elif !defined(IDXGEN_CUDA_DRV_ARRAYS_H)
#define IDXGEN_CUDA_DRV_ARRAYS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum CUarray_format_enum {
	CU_AD_FORMAT_UNSIGNED_INT8 = 0x01,
	CU_AD_FORMAT_UNSIGNED_INT16 = 0x02,
	CU_AD_FORMAT_UNSIGNED_INT32 = 0x03,
	CU_AD_FORMAT_SIGNED_INT8 = 0x08,
	CU_AD_FORMAT_SIGNED_INT16 = 0x09,
	CU_AD_FORMAT_SIGNED_INT32 = 0x0a,
	CU_AD_FORMAT_HALF = 0x10,
	CU_AD_FORMAT_FLOAT = 0x20,
	/* newer GPUs' formats: named, refused by cuArrayCreate (CUDA_ERROR_INVALID_VALUE) */
	CU_AD_FORMAT_UNORM_INT_101010_2 = 0x50,
	CU_AD_FORMAT_BC1_UNORM = 0x91, CU_AD_FORMAT_BC1_UNORM_SRGB = 0x92, CU_AD_FORMAT_BC2_UNORM = 0x93,
	CU_AD_FORMAT_BC2_UNORM_SRGB = 0x94, CU_AD_FORMAT_BC3_UNORM = 0x95, CU_AD_FORMAT_BC3_UNORM_SRGB = 0x96,
	CU_AD_FORMAT_BC4_UNORM = 0x97, CU_AD_FORMAT_BC4_SNORM = 0x98, CU_AD_FORMAT_BC5_UNORM = 0x99,
	CU_AD_FORMAT_BC5_SNORM = 0x9a, CU_AD_FORMAT_BC6H_UF16 = 0x9b, CU_AD_FORMAT_BC6H_SF16 = 0x9c,
	CU_AD_FORMAT_BC7_UNORM = 0x9d, CU_AD_FORMAT_BC7_UNORM_SRGB = 0x9e,
	CU_AD_FORMAT_P010 = 0x9f, CU_AD_FORMAT_P016 = 0xa1, CU_AD_FORMAT_NV16 = 0xa2, CU_AD_FORMAT_P210 = 0xa3,
	CU_AD_FORMAT_P216 = 0xa4, CU_AD_FORMAT_YUY2 = 0xa5, CU_AD_FORMAT_Y210 = 0xa6, CU_AD_FORMAT_Y216 = 0xa7,
	CU_AD_FORMAT_AYUV = 0xa8, CU_AD_FORMAT_Y410 = 0xa9, CU_AD_FORMAT_NV12 = 0xb0, CU_AD_FORMAT_Y416 = 0xb1,
	CU_AD_FORMAT_Y444_PLANAR8 = 0xb2, CU_AD_FORMAT_Y444_PLANAR10 = 0xb3,
	CU_AD_FORMAT_YUV444_8bit_SemiPlanar = 0xb4, CU_AD_FORMAT_YUV444_16bit_SemiPlanar = 0xb5,
	CU_AD_FORMAT_UNORM_INT8X1 = 0xc0, CU_AD_FORMAT_UNORM_INT8X2 = 0xc1, CU_AD_FORMAT_UNORM_INT8X4 = 0xc2,
	CU_AD_FORMAT_UNORM_INT16X1 = 0xc3, CU_AD_FORMAT_UNORM_INT16X2 = 0xc4, CU_AD_FORMAT_UNORM_INT16X4 = 0xc5,
	CU_AD_FORMAT_SNORM_INT8X1 = 0xc6, CU_AD_FORMAT_SNORM_INT8X2 = 0xc7, CU_AD_FORMAT_SNORM_INT8X4 = 0xc8,
	CU_AD_FORMAT_SNORM_INT16X1 = 0xc9, CU_AD_FORMAT_SNORM_INT16X2 = 0xca, CU_AD_FORMAT_SNORM_INT16X4 = 0xcb,
	CU_AD_FORMAT_MAX = 0x7FFFFFFF
} CUarray_format;

/* cuArray3DCreate's flags: the runtime's cudaArray* flags, the same values */
#define CUDA_ARRAY3D_LAYERED 0x01
#define CUDA_ARRAY3D_2DARRAY 0x01
#define CUDA_ARRAY3D_SURFACE_LDST 0x02
#define CUDA_ARRAY3D_CUBEMAP 0x04
#define CUDA_ARRAY3D_TEXTURE_GATHER 0x08

typedef struct CUDA_ARRAY_DESCRIPTOR_st {
	size_t Width;
	size_t Height;
	CUarray_format Format;
	unsigned int NumChannels;
} CUDA_ARRAY_DESCRIPTOR_v2;
typedef CUDA_ARRAY_DESCRIPTOR_v2 CUDA_ARRAY_DESCRIPTOR;

typedef struct CUDA_ARRAY3D_DESCRIPTOR_st {
	size_t Width;
	size_t Height;
	size_t Depth;
	CUarray_format Format;
	unsigned int NumChannels;
	unsigned int Flags;
} CUDA_ARRAY3D_DESCRIPTOR_v2;
typedef CUDA_ARRAY3D_DESCRIPTOR_v2 CUDA_ARRAY3D_DESCRIPTOR;

typedef struct CUDA_MEMCPY2D_st {
	size_t srcXInBytes;
	size_t srcY;
	CUmemorytype srcMemoryType;
	const void *srcHost;
	CUdeviceptr srcDevice;
	CUarray srcArray;
	size_t srcPitch;
	size_t dstXInBytes;
	size_t dstY;
	CUmemorytype dstMemoryType;
	void *dstHost;
	CUdeviceptr dstDevice;
	CUarray dstArray;
	size_t dstPitch;
	size_t WidthInBytes;
	size_t Height;
} CUDA_MEMCPY2D_v2;
typedef CUDA_MEMCPY2D_v2 CUDA_MEMCPY2D;

typedef struct CUDA_MEMCPY3D_st {
	size_t srcXInBytes;
	size_t srcY;
	size_t srcZ;
	size_t srcLOD;
	CUmemorytype srcMemoryType;
	const void *srcHost;
	CUdeviceptr srcDevice;
	CUarray srcArray;
	void *reserved0;
	size_t srcPitch;
	size_t srcHeight;
	size_t dstXInBytes;
	size_t dstY;
	size_t dstZ;
	size_t dstLOD;
	CUmemorytype dstMemoryType;
	void *dstHost;
	CUdeviceptr dstDevice;
	CUarray dstArray;
	void *reserved1;
	size_t dstPitch;
	size_t dstHeight;
	size_t WidthInBytes;
	size_t Height;
	size_t Depth;
} CUDA_MEMCPY3D_v2;
typedef CUDA_MEMCPY3D_v2 CUDA_MEMCPY3D;

CUresult cuArrayCreate(CUarray *pHandle, const CUDA_ARRAY_DESCRIPTOR *pAllocateArray);
CUresult cuArray3DCreate(CUarray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray);
CUresult cuArrayDestroy(CUarray hArray);
CUresult cuArrayGetDescriptor(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor, CUarray hArray);
CUresult cuArray3DGetDescriptor(CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray);
CUresult cuMemcpy2D(const CUDA_MEMCPY2D *pCopy);
CUresult cuMemcpy2DUnaligned(const CUDA_MEMCPY2D *pCopy);
CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D *pCopy, CUstream hStream);
CUresult cuMemcpy3D(const CUDA_MEMCPY3D *pCopy);
CUresult cuMemcpy3DAsync(const CUDA_MEMCPY3D *pCopy, CUstream hStream);
CUresult cuMemcpyHtoA(CUarray dstArray, size_t dstOffset, const void *srcHost, size_t ByteCount);
CUresult cuMemcpyAtoH(void *dstHost, CUarray srcArray, size_t srcOffset, size_t ByteCount);
CUresult cuMemcpyDtoA(CUarray dstArray, size_t dstOffset, CUdeviceptr srcDevice, size_t ByteCount);
CUresult cuMemcpyAtoD(CUdeviceptr dstDevice, CUarray srcArray, size_t srcOffset, size_t ByteCount);
CUresult cuMemcpyAtoA(CUarray dstArray, size_t dstOffset, CUarray srcArray, size_t srcOffset, size_t ByteCount);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_DRV_ARRAYS_H */
