/* SPDX-License-Identifier: MIT */
/*
 * texture_types.h - the texture-object types of CUDA's runtime API: how a
 * texture is addressed, filtered and read (struct cudaTextureDesc), and
 * its handle.  Declarations only (values and layouts as CUDA's); what of
 * textures the runtime implements is in lib/cudart/README.md.
 */
#ifndef IDXGEN_CUDA_TEXTURE_TYPES_H
#define IDXGEN_CUDA_TEXTURE_TYPES_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __TEXTURE_TYPES_H__

#include "driver_types.h"

/* The shapes a texture may have (cudaResourceDesc, cudaExtent.depth & co.). */
#define cudaTextureType1D		0x01
#define cudaTextureType2D		0x02
#define cudaTextureType3D		0x03
#define cudaTextureTypeCubemap		0x0C
#define cudaTextureType1DLayered	0xF1
#define cudaTextureType2DLayered	0xF2
#define cudaTextureTypeCubemapLayered	0xFC

/* What a coordinate outside [0, size) reads. */
enum cudaTextureAddressMode {
	cudaAddressModeWrap = 0,	/* repeats (normalized coordinates only) */
	cudaAddressModeClamp = 1,	/* the edge element */
	cudaAddressModeMirror = 2,	/* reflected (normalized coordinates only) */
	cudaAddressModeBorder = 3	/* zero (the border colour) */
};

enum cudaTextureFilterMode {
	cudaFilterModePoint = 0,	/* the nearest element */
	cudaFilterModeLinear = 1	/* weighted neighbours (floating-point results) */
};

enum cudaTextureReadMode {
	cudaReadModeElementType = 0,	/* the element as stored */
	cudaReadModeNormalizedFloat = 1	/* 8- and 16-bit integers as floats in [0, 1] or [-1, 1] */
};

struct cudaTextureDesc {
	enum cudaTextureAddressMode addressMode[3];	/* per dimension */
	enum cudaTextureFilterMode filterMode;
	enum cudaTextureReadMode readMode;
	int sRGB;
	float borderColor[4];
	int normalizedCoords;		/* coordinates in [0, 1) instead of [0, size) */
	unsigned int maxAnisotropy;
	enum cudaTextureFilterMode mipmapFilterMode;
	float mipmapLevelBias;
	float minMipmapLevelClamp;
	float maxMipmapLevelClamp;
	int disableTrilinearOptimization;
	int seamlessCubemap;
};

/* A texture object's handle, passed to kernels by value. */
typedef unsigned long long cudaTextureObject_t;

/*
 * A legacy texture reference (CUDA 11's layout; CUDA 12 removed them):
 * the attributes a bind applies.  Ours keeps in __cudaReserved what the
 * texture<> template and the bind record: cuda_texture_types.h.
 */
struct textureReference {
	int normalized;
	enum cudaTextureFilterMode filterMode;
	enum cudaTextureAddressMode addressMode[3];
	struct cudaChannelFormatDesc channelDesc;
	int sRGB;
	unsigned int maxAnisotropy;
	enum cudaTextureFilterMode mipmapFilterMode;
	float mipmapLevelBias;
	float minMipmapLevelClamp;
	float maxMipmapLevelClamp;
	int disableTrilinearOptimization;
	int __cudaReserved[14];
};
/* Ours in __cudaReserved: the bound object's handle (two words), the read mode + 1 */
#define __IDXGEN_TEXREF_HANDLE 0
#define __IDXGEN_TEXREF_READ_MODE 2

#endif
