/* SPDX-License-Identifier: MIT */
/*
 * texture_fetch_functions.h - texture and surface reads of device code
 * (C++, as CUDA's): tex1Dfetch<T>, tex1D/2D/3D<T>, the layered, Lod and
 * Grad forms (one level: the level and the gradients are ignored), tex2Dgather, texCubemap and
 * texCubemapLayered (the face chosen by the direction's major axis,
 * lib/cudart/tex_fetch.c) and the pointer-result forms;
 * surf1D/2D/3D(Layered)read and write, surfCubemap(Layered)read and write
 * (a face is a layer of six).  The sampling (address
 * modes, point and linear filtering, normalized reads) is
 * lib/cudart/tex_fetch.c's; here the texel becomes the type asked for:
 * float results take the filtered/normalized values, integer ones the
 * stored integers.  cuda_runtime.h includes it.
 */
#ifndef IDXGEN_CUDA_TEXTURE_FETCH_FUNCTIONS_H
#define IDXGEN_CUDA_TEXTURE_FETCH_FUNCTIONS_H
#define __TEXTURE_FETCH_FUNCTIONS_H__
#define __SURFACE_FUNCTIONS_H__

#ifdef __cplusplus
#include "cuda_runtime_api.h"
#include "vector_types.h"

/* A texel as type _Tp: one overload per scalar and 1-, 2-, 4-vector type. */
#define IDXGEN_CUDA__TEXTO(_Tp, _V, _Field)							\
	static inline void __idxgenTexTo(_Tp *__r, const struct __idxgenTexel &__t)		\
	{											\
		*__r = (_Tp)__t._Field[0];							\
	}											\
	static inline void __idxgenTexTo(_V##1 *__r, const struct __idxgenTexel &__t)		\
	{											\
		__r->x = (_Tp)__t._Field[0];							\
	}											\
	static inline void __idxgenTexTo(_V##2 *__r, const struct __idxgenTexel &__t)		\
	{											\
		__r->x = (_Tp)__t._Field[0];							\
		__r->y = (_Tp)__t._Field[1];							\
	}											\
	static inline void __idxgenTexTo(_V##4 *__r, const struct __idxgenTexel &__t)		\
	{											\
		__r->x = (_Tp)__t._Field[0];							\
		__r->y = (_Tp)__t._Field[1];							\
		__r->z = (_Tp)__t._Field[2];							\
		__r->w = (_Tp)__t._Field[3];							\
	}
IDXGEN_CUDA__TEXTO(float, float, __f)
IDXGEN_CUDA__TEXTO(int, int, __i)
IDXGEN_CUDA__TEXTO(unsigned int, uint, __i)
IDXGEN_CUDA__TEXTO(short, short, __i)
IDXGEN_CUDA__TEXTO(unsigned short, ushort, __i)
IDXGEN_CUDA__TEXTO(signed char, char, __i)
IDXGEN_CUDA__TEXTO(unsigned char, uchar, __i)
#undef IDXGEN_CUDA__TEXTO
static inline void __idxgenTexTo(char *__r, const struct __idxgenTexel &__t)
{
	*__r = (char)__t.__i[0];
}

template <class _Tp> static inline _Tp __idxgenTexAs(const struct __idxgenTexel &__t)
{
	_Tp __r;

	__idxgenTexTo(&__r, __t);
	return __r;
}

/* Coordinates: tex1Dfetch's an element index; the others' floats (texel or normalized). */
template <class _Tp> static inline _Tp tex1Dfetch(cudaTextureObject_t __o, int __x)
{
	struct __idxgenTexel __t;

	__idxgenTex1Dfetch(__o, __x, &__t);
	return __idxgenTexAs<_Tp>(__t);
}

#define IDXGEN_CUDA__TEX(_Name, _Dims, _Params, _X, _Y, _Z, _Layer)				\
	template <class _Tp> static inline _Tp _Name(cudaTextureObject_t __o IDXGEN_CUDA__UNPAREN _Params) \
	{											\
		struct __idxgenTexel __t;							\
												\
		__idxgenTexFetch(__o, _Dims, _X, _Y, _Z, _Layer, &__t);				\
		return __idxgenTexAs<_Tp>(__t);							\
	}											\
	template <class _Tp>									\
	static inline void _Name(_Tp *__r, cudaTextureObject_t __o IDXGEN_CUDA__UNPAREN _Params)	\
	{											\
		struct __idxgenTexel __t;							\
												\
		__idxgenTexFetch(__o, _Dims, _X, _Y, _Z, _Layer, &__t);				\
		__idxgenTexTo(__r, __t);							\
	}
#define IDXGEN_CUDA__UNPAREN(...) , __VA_ARGS__
IDXGEN_CUDA__TEX(tex1D, 1, (float __x), __x, 0.0f, 0.0f, -1)
IDXGEN_CUDA__TEX(tex2D, 2, (float __x, float __y), __x, __y, 0.0f, -1)
IDXGEN_CUDA__TEX(tex3D, 3, (float __x, float __y, float __z), __x, __y, __z, -1)
IDXGEN_CUDA__TEX(tex1DLayered, 1, (float __x, int __l), __x, 0.0f, 0.0f, __l)
IDXGEN_CUDA__TEX(tex2DLayered, 2, (float __x, float __y, int __l), __x, __y, 0.0f, __l)
IDXGEN_CUDA__TEX(tex1DLod, 1, (float __x, float), __x, 0.0f, 0.0f, -1)
IDXGEN_CUDA__TEX(tex2DLod, 2, (float __x, float __y, float), __x, __y, 0.0f, -1)
IDXGEN_CUDA__TEX(tex3DLod, 3, (float __x, float __y, float __z, float), __x, __y, __z, -1)
IDXGEN_CUDA__TEX(tex1DLayeredLod, 1, (float __x, int __l, float), __x, 0.0f, 0.0f, __l)
IDXGEN_CUDA__TEX(tex2DLayeredLod, 2, (float __x, float __y, int __l, float), __x, __y, 0.0f, __l)
/* the gradient forms: one level, so the gradients choose nothing */
IDXGEN_CUDA__TEX(tex1DGrad, 1, (float __x, float, float), __x, 0.0f, 0.0f, -1)
IDXGEN_CUDA__TEX(tex2DGrad, 2, (float __x, float __y, float2, float2), __x, __y, 0.0f, -1)
IDXGEN_CUDA__TEX(tex3DGrad, 3, (float __x, float __y, float __z, float4, float4), __x, __y, __z, -1)
IDXGEN_CUDA__TEX(tex1DLayeredGrad, 1, (float __x, int __l, float, float), __x, 0.0f, 0.0f, __l)
IDXGEN_CUDA__TEX(tex2DLayeredGrad, 2, (float __x, float __y, int __l, float2, float2), __x, __y, 0.0f, __l)
#undef IDXGEN_CUDA__TEX

#define IDXGEN_CUDA__CUBE(_Name, _Params, _Layer)						\
	template <class _Tp> static inline _Tp _Name(cudaTextureObject_t __o IDXGEN_CUDA__UNPAREN _Params) \
	{											\
		struct __idxgenTexel __t;							\
												\
		__idxgenTexFetchCubemap(__o, __x, __y, __z, _Layer, &__t);			\
		return __idxgenTexAs<_Tp>(__t);							\
	}											\
	template <class _Tp>									\
	static inline void _Name(_Tp *__r, cudaTextureObject_t __o IDXGEN_CUDA__UNPAREN _Params)	\
	{											\
		struct __idxgenTexel __t;							\
												\
		__idxgenTexFetchCubemap(__o, __x, __y, __z, _Layer, &__t);			\
		__idxgenTexTo(__r, __t);							\
	}
IDXGEN_CUDA__CUBE(texCubemap, (float __x, float __y, float __z), 0)
IDXGEN_CUDA__CUBE(texCubemapLayered, (float __x, float __y, float __z, int __l), __l)
IDXGEN_CUDA__CUBE(texCubemapLod, (float __x, float __y, float __z, float), 0)
IDXGEN_CUDA__CUBE(texCubemapLayeredLod, (float __x, float __y, float __z, int __l, float), __l)
IDXGEN_CUDA__CUBE(texCubemapGrad, (float __x, float __y, float __z, float4, float4), 0)
IDXGEN_CUDA__CUBE(texCubemapLayeredGrad, (float __x, float __y, float __z, int __l, float4, float4), __l)
#undef IDXGEN_CUDA__CUBE
#undef IDXGEN_CUDA__UNPAREN

template <class _Tp> static inline void tex1Dfetch(_Tp *__r, cudaTextureObject_t __o, int __x)
{
	*__r = tex1Dfetch<_Tp>(__o, __x);
}

/* A 4-vector of channel comp of the bilinear footprint's texels (tex_fetch.c: their order). */
template <class _Tp> static inline _Tp tex2Dgather(cudaTextureObject_t __o, float __x, float __y, int __comp = 0)
{
	struct __idxgenTexel __t;

	__idxgenTexGather(__o, __x, __y, __comp, &__t);
	return __idxgenTexAs<_Tp>(__t);
}
template <class _Tp>
static inline void tex2Dgather(_Tp *__r, cudaTextureObject_t __o, float __x, float __y, int __comp = 0)
{
	*__r = tex2Dgather<_Tp>(__o, __x, __y, __comp);
}

/*
 * Surfaces: x is a byte offset (CUDA's), y and z rows and slices; what an
 * access outside does is the boundary mode's (trap: the context's sticky
 * cudaErrorIllegalAddress, nothing read or written).
 */
template <class _Tp>
static inline void __idxgenSurfRead(_Tp *__r, cudaSurfaceObject_t __s, int __x, int __y, int __z,
				    int __l, enum cudaSurfaceBoundaryMode __m)
{
	void *__p = __idxgenSurfAt(__s, __x, __y, __z, __l, sizeof(_Tp), (int)__m);

	if (__p)
		__builtin_memcpy((void *)__r, __p, sizeof(_Tp));
	else
		__builtin_memset((void *)__r, 0, sizeof(_Tp));
}
template <class _Tp>
static inline void __idxgenSurfWrite(_Tp __v, cudaSurfaceObject_t __s, int __x, int __y, int __z,
				     int __l, enum cudaSurfaceBoundaryMode __m)
{
	void *__p = __idxgenSurfAt(__s, __x, __y, __z, __l, sizeof(_Tp), (int)__m);

	if (__p)
		__builtin_memcpy(__p, (const void *)&__v, sizeof(_Tp));
}

#define IDXGEN_CUDA__SURF(_Name, _Params, _X, _Y, _Z, _Layer)					\
	template <class _Tp>									\
	static inline _Tp _Name##read(cudaSurfaceObject_t __s IDXGEN_CUDA__UNPAREN _Params,	\
				      enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap)	\
	{											\
		_Tp __r;									\
												\
		__idxgenSurfRead(&__r, __s, _X, _Y, _Z, _Layer, __m);				\
		return __r;									\
	}											\
	template <class _Tp>									\
	static inline void _Name##read(_Tp *__r, cudaSurfaceObject_t __s IDXGEN_CUDA__UNPAREN _Params, \
				       enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap)	\
	{											\
		__idxgenSurfRead(__r, __s, _X, _Y, _Z, _Layer, __m);				\
	}											\
	template <class _Tp>									\
	static inline void _Name##write(_Tp __v, cudaSurfaceObject_t __s IDXGEN_CUDA__UNPAREN _Params, \
					enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) \
	{											\
		__idxgenSurfWrite(__v, __s, _X, _Y, _Z, _Layer, __m);				\
	}
#define IDXGEN_CUDA__UNPAREN(...) , __VA_ARGS__
IDXGEN_CUDA__SURF(surf1D, (int __x), __x, 0, 0, -1)
IDXGEN_CUDA__SURF(surf2D, (int __x, int __y), __x, __y, 0, -1)
IDXGEN_CUDA__SURF(surf3D, (int __x, int __y, int __z), __x, __y, __z, -1)
IDXGEN_CUDA__SURF(surf1DLayered, (int __x, int __l), __x, 0, 0, __l)
IDXGEN_CUDA__SURF(surf2DLayered, (int __x, int __y, int __l), __x, __y, 0, __l)
IDXGEN_CUDA__SURF(surfCubemap, (int __x, int __y, int __f), __x, __y, 0, __f)
IDXGEN_CUDA__SURF(surfCubemapLayered, (int __x, int __y, int __lf), __x, __y, 0, __lf)
#undef IDXGEN_CUDA__SURF
#undef IDXGEN_CUDA__UNPAREN

#endif /* __cplusplus */
#endif
