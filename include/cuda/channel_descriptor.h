/* SPDX-License-Identifier: MIT */
/*
 * channel_descriptor.h - cudaCreateChannelDesc<T>(): the channel format of
 * an element type (bits per channel and their kind), for CUDA arrays and
 * textures; C++ (the C form, cudaCreateChannelDesc(x, y, z, w, kind), is in
 * cuda_runtime_api.h).  Half floats have no C++ type of their own here:
 * cudaCreateChannelDescHalf*() name them.
 */
#ifndef IDXGEN_CUDA_CHANNEL_DESCRIPTOR_H
#define IDXGEN_CUDA_CHANNEL_DESCRIPTOR_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __CHANNEL_DESCRIPTOR_H__

#include "cuda_runtime_api.h"

#ifdef __cplusplus

/* A type without a channel format of its own: no channels. */
template <class _Tp> static inline cudaChannelFormatDesc cudaCreateChannelDesc(void)
{
	return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}

/* A scalar type and its vector types of 1, 2 and 4 components (3 have no channel format). */
#define IDXGEN_CUDA__CHANNELS(_Sc, _Kind, _V1, _V2, _V4)                                                        \
	template <> inline cudaChannelFormatDesc cudaCreateChannelDesc<_Sc>(void)                         \
	{                                                                                               \
		int __b = (int)sizeof(_Sc) * 8;                                                         \
		return cudaCreateChannelDesc(__b, 0, 0, 0, _Kind);            \
	}                                                                                               \
	template <> inline cudaChannelFormatDesc cudaCreateChannelDesc<_V1>(void)                         \
	{                                                                                               \
		return cudaCreateChannelDesc<_Sc>();                                                    \
	}                                                                                               \
	template <> inline cudaChannelFormatDesc cudaCreateChannelDesc<_V2>(void)                         \
	{                                                                                               \
		int __b = (int)sizeof(_Sc) * 8;                                                         \
		return cudaCreateChannelDesc(__b, __b, 0, 0, _Kind);          \
	}                                                                                               \
	template <> inline cudaChannelFormatDesc cudaCreateChannelDesc<_V4>(void)                         \
	{                                                                                               \
		int __b = (int)sizeof(_Sc) * 8;                                                         \
		return cudaCreateChannelDesc(__b, __b, __b, __b, _Kind);      \
	}

IDXGEN_CUDA__CHANNELS(signed char, cudaChannelFormatKindSigned, char1, char2, char4)
IDXGEN_CUDA__CHANNELS(unsigned char, cudaChannelFormatKindUnsigned, uchar1, uchar2, uchar4)
IDXGEN_CUDA__CHANNELS(short, cudaChannelFormatKindSigned, short1, short2, short4)
IDXGEN_CUDA__CHANNELS(unsigned short, cudaChannelFormatKindUnsigned, ushort1, ushort2, ushort4)
IDXGEN_CUDA__CHANNELS(int, cudaChannelFormatKindSigned, int1, int2, int4)
IDXGEN_CUDA__CHANNELS(unsigned int, cudaChannelFormatKindUnsigned, uint1, uint2, uint4)
IDXGEN_CUDA__CHANNELS(float, cudaChannelFormatKindFloat, float1, float2, float4)

/* Plain char: signed or not as the compiler's char is. */
template <> inline cudaChannelFormatDesc cudaCreateChannelDesc<char>(void)
{
	return cudaCreateChannelDesc(8, 0, 0, 0, (char)-1 < 0 ? cudaChannelFormatKindSigned : cudaChannelFormatKindUnsigned);
}

static inline cudaChannelFormatDesc cudaCreateChannelDescHalf(void)
{
	return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}

static inline cudaChannelFormatDesc cudaCreateChannelDescHalf1(void)
{
	return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}

static inline cudaChannelFormatDesc cudaCreateChannelDescHalf2(void)
{
	return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}

static inline cudaChannelFormatDesc cudaCreateChannelDescHalf4(void)
{
	return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}

/* NV12 (two planes of 8-bit luma and chroma): its own kind, 8-bit channels. */
static inline cudaChannelFormatDesc cudaCreateChannelDescNV12(void)
{
	return cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindNV12);
}

#endif /* __cplusplus */

#endif
