/* SPDX-License-Identifier: MIT */
/*
 * cuda_texture_types.h - legacy texture references, as CUDA 11 had them
 * (CUDA 12 removed them; nvcc 13 no longer builds the programs that use
 * them): the texture<T, dim, mode> template, the C++ forms of the binds
 * (cudaBindTexture(&offset, tex, ptr), cudaBindTextureToArray(tex, array),
 * cudaUnbindTexture(tex), ...) and the reads of device code through a
 * reference (tex1Dfetch(tex, i), tex2D(tex, x, y), ...).  A bind makes a
 * texture object of the reference's attributes (lib/cudart/texref.c); a
 * read goes through that object (texture_fetch_functions.h), with the read
 * mode the template names.  C++ only; cuda_runtime.h includes it.
 */
#ifndef IDXGEN_CUDA_CUDA_TEXTURE_TYPES_H
#define IDXGEN_CUDA_CUDA_TEXTURE_TYPES_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __CUDA_TEXTURE_TYPES_H__

#ifdef __cplusplus
#include "channel_descriptor.h"
#include "texture_fetch_functions.h"

template <class _Tp, int __dim = cudaTextureType1D, enum cudaTextureReadMode __mode = cudaReadModeElementType>
struct texture : public textureReference {
	texture(int __norm = 0, enum cudaTextureFilterMode __f = cudaFilterModePoint,
		enum cudaTextureAddressMode __a = cudaAddressModeClamp)
	{
		__idxgenInit(__norm, __f, __a, cudaCreateChannelDesc<_Tp>());
	}
	texture(int __norm, enum cudaTextureFilterMode __f, enum cudaTextureAddressMode __a,
		struct cudaChannelFormatDesc __desc)
	{
		__idxgenInit(__norm, __f, __a, __desc);
	}

private:
	void __idxgenInit(int __norm, enum cudaTextureFilterMode __f, enum cudaTextureAddressMode __a,
			  struct cudaChannelFormatDesc __desc)
	{
		__builtin_memset((void *)static_cast<textureReference *>(this), 0, sizeof(textureReference));
		normalized = __norm;
		filterMode = __f;
		addressMode[0] = addressMode[1] = addressMode[2] = __a;
		channelDesc = __desc;
		mipmapFilterMode = cudaFilterModePoint;
		__cudaReserved[__IDXGEN_TEXREF_READ_MODE] = (int)__mode + 1;
	}
};

/* The C++ forms of the binds: the reference's own channel format where none is given. */
template <class _Tp, int __dim, enum cudaTextureReadMode __mode>
static inline cudaError_t cudaBindTexture(size_t *__offset, const struct texture<_Tp, __dim, __mode> &__t,
					  const void *__p, const struct cudaChannelFormatDesc &__desc,
					  size_t __size = UINT_MAX)
{
	return cudaBindTexture(__offset, &__t, __p, &__desc, __size);
}
template <class _Tp, int __dim, enum cudaTextureReadMode __mode>
static inline cudaError_t cudaBindTexture(size_t *__offset, const struct texture<_Tp, __dim, __mode> &__t,
					  const void *__p, size_t __size = UINT_MAX)
{
	return cudaBindTexture(__offset, &__t, __p, &__t.channelDesc, __size);
}
template <class _Tp, int __dim, enum cudaTextureReadMode __mode>
static inline cudaError_t cudaBindTexture2D(size_t *__offset, const struct texture<_Tp, __dim, __mode> &__t,
					    const void *__p, const struct cudaChannelFormatDesc &__desc,
					    size_t __w, size_t __h, size_t __pitch)
{
	return cudaBindTexture2D(__offset, &__t, __p, &__desc, __w, __h, __pitch);
}
template <class _Tp, int __dim, enum cudaTextureReadMode __mode>
static inline cudaError_t cudaBindTexture2D(size_t *__offset, const struct texture<_Tp, __dim, __mode> &__t,
					    const void *__p, size_t __w, size_t __h, size_t __pitch)
{
	return cudaBindTexture2D(__offset, &__t, __p, &__t.channelDesc, __w, __h, __pitch);
}
template <class _Tp, int __dim, enum cudaTextureReadMode __mode>
static inline cudaError_t cudaBindTextureToArray(const struct texture<_Tp, __dim, __mode> &__t,
						 cudaArray_const_t __a, const struct cudaChannelFormatDesc &__desc)
{
	return cudaBindTextureToArray(&__t, __a, &__desc);
}
template <class _Tp, int __dim, enum cudaTextureReadMode __mode>
static inline cudaError_t cudaBindTextureToArray(const struct texture<_Tp, __dim, __mode> &__t,
						 cudaArray_const_t __a)
{
	struct cudaChannelFormatDesc __desc;
	cudaError_t __err = cudaGetChannelDesc(&__desc, __a);

	return __err != cudaSuccess ? __err : cudaBindTextureToArray(&__t, __a, &__desc);
}
template <class _Tp, int __dim, enum cudaTextureReadMode __mode>
static inline cudaError_t cudaUnbindTexture(const struct texture<_Tp, __dim, __mode> &__t)
{
	return cudaUnbindTexture(&__t);
}
template <class _Tp, int __dim, enum cudaTextureReadMode __mode>
static inline cudaError_t cudaGetTextureAlignmentOffset(size_t *__offset,
							const struct texture<_Tp, __dim, __mode> &__t)
{
	return cudaGetTextureAlignmentOffset(__offset, &__t);
}

/*
 * What a read through texture<_Tp, dim, mode> returns: _Tp, or for
 * cudaReadModeNormalizedFloat the float type of _Tp's shape (8- and 16-bit
 * integers read as floats in [0, 1] or [-1, 1]).
 */
template <class _Tp, enum cudaTextureReadMode __mode> struct __idxgenTexRefRead {
	typedef _Tp type;
};
#define IDXGEN_CUDA__NORM(_Tp, _Res)								\
	template <> struct __idxgenTexRefRead<_Tp, cudaReadModeNormalizedFloat> {		\
		typedef _Res type;								\
	};
#define IDXGEN_CUDA__NORM_ALL(_S, _V)								\
	IDXGEN_CUDA__NORM(_S, float) IDXGEN_CUDA__NORM(_V##1, float1)				\
	IDXGEN_CUDA__NORM(_V##2, float2) IDXGEN_CUDA__NORM(_V##4, float4)
IDXGEN_CUDA__NORM(char, float)
IDXGEN_CUDA__NORM_ALL(signed char, char)
IDXGEN_CUDA__NORM_ALL(unsigned char, uchar)
IDXGEN_CUDA__NORM_ALL(short, short)
IDXGEN_CUDA__NORM_ALL(unsigned short, ushort)
#undef IDXGEN_CUDA__NORM_ALL
#undef IDXGEN_CUDA__NORM

/* The object a bind made (0: not bound; a read then gives zeros). */
static inline cudaTextureObject_t __idxgenTexRefObject(const struct textureReference &__r)
{
	cudaTextureObject_t __o;

	__builtin_memcpy(&__o, &__r.__cudaReserved[__IDXGEN_TEXREF_HANDLE], sizeof(__o));
	return __o;
}

#define IDXGEN_CUDA__TEXREF(_Name, _Dim, _Params, _Args)						\
	template <class _Tp, enum cudaTextureReadMode __mode>						\
	static inline typename __idxgenTexRefRead<_Tp, __mode>::type					\
	_Name(const texture<_Tp, _Dim, __mode> &__t IDXGEN_CUDA__UNPAREN _Params)			\
	{												\
		typedef typename __idxgenTexRefRead<_Tp, __mode>::type __R;				\
		cudaTextureObject_t __o = __idxgenTexRefObject(__t);					\
													\
		return __o ? _Name<__R>(__o IDXGEN_CUDA__UNPAREN _Args) : __R();			\
	}
#define IDXGEN_CUDA__UNPAREN(...) , __VA_ARGS__
IDXGEN_CUDA__TEXREF(tex1Dfetch, cudaTextureType1D, (int __x), (__x))
IDXGEN_CUDA__TEXREF(tex1D, cudaTextureType1D, (float __x), (__x))
IDXGEN_CUDA__TEXREF(tex2D, cudaTextureType2D, (float __x, float __y), (__x, __y))
IDXGEN_CUDA__TEXREF(tex3D, cudaTextureType3D, (float __x, float __y, float __z), (__x, __y, __z))
IDXGEN_CUDA__TEXREF(tex1DLayered, cudaTextureType1DLayered, (float __x, int __l), (__x, __l))
IDXGEN_CUDA__TEXREF(tex2DLayered, cudaTextureType2DLayered, (float __x, float __y, int __l), (__x, __y, __l))
IDXGEN_CUDA__TEXREF(tex1DLod, cudaTextureType1D, (float __x, float __lv), (__x, __lv))
IDXGEN_CUDA__TEXREF(tex2DLod, cudaTextureType2D, (float __x, float __y, float __lv), (__x, __y, __lv))
IDXGEN_CUDA__TEXREF(tex3DLod, cudaTextureType3D, (float __x, float __y, float __z, float __lv),
		    (__x, __y, __z, __lv))
IDXGEN_CUDA__TEXREF(texCubemap, cudaTextureTypeCubemap, (float __x, float __y, float __z), (__x, __y, __z))
IDXGEN_CUDA__TEXREF(texCubemapLayered, cudaTextureTypeCubemapLayered, (float __x, float __y, float __z, int __l),
		    (__x, __y, __z, __l))
#undef IDXGEN_CUDA__TEXREF
#undef IDXGEN_CUDA__UNPAREN

#endif /* __cplusplus */
#endif
