/* SPDX-License-Identifier: MIT */
/*
 * cuda_surface_types.h - legacy surface references, as CUDA 11 had them
 * (CUDA 12 removed them; nvcc 13 no longer builds the programs that use
 * them): the surface<T, dim> template (surface<void, dim> the usual one),
 * the C++ forms of cudaBindSurfaceToArray, and the reads and writes of
 * device code through a reference (surf2Dwrite(v, ref, x, y),
 * surf1Dread(&v, ref, x), v = surf2Dread<T>(ref, x, y), ...; x in bytes,
 * as with objects).  A bind makes a surface object of the array
 * (lib/cudart/surfref.c); an access goes through it
 * (texture_fetch_functions.h).  An access through a reference never bound
 * reads zeros and writes nothing.  C++ only; cuda_runtime.h includes it.
 */
#ifndef IDXGEN_CUDA_CUDA_SURFACE_TYPES_H
#define IDXGEN_CUDA_CUDA_SURFACE_TYPES_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __CUDA_SURFACE_TYPES_H__

#ifdef __cplusplus
#include "channel_descriptor.h"
#include "texture_fetch_functions.h"

template <class _Tp, int __dim = cudaSurfaceType1D> struct surface : public surfaceReference {
	surface(void)
	{
		channelDesc = cudaCreateChannelDesc<_Tp>();
		__idxgenSurface = 0;
	}
	surface(struct cudaChannelFormatDesc __desc)
	{
		channelDesc = __desc;
		__idxgenSurface = 0;
	}
};

template <int __dim> struct surface<void, __dim> : public surfaceReference {
	surface(void)
	{
		channelDesc = cudaCreateChannelDesc<void>();
		__idxgenSurface = 0;
	}
};

template <class _Tp, int __dim>
static inline cudaError_t cudaBindSurfaceToArray(const struct surface<_Tp, __dim> &__s, cudaArray_const_t __a,
						 const struct cudaChannelFormatDesc &__desc)
{
	return cudaBindSurfaceToArray(&__s, __a, &__desc);
}
template <class _Tp, int __dim>
static inline cudaError_t cudaBindSurfaceToArray(const struct surface<_Tp, __dim> &__s, cudaArray_const_t __a)
{
	struct cudaChannelFormatDesc __desc;
	cudaError_t __err = cudaGetChannelDesc(&__desc, __a);

	return __err != cudaSuccess ? __err : cudaBindSurfaceToArray(&__s, __a, &__desc);
}

/* Reads and writes through a reference: the object form with the bound object. */
#define IDXGEN_CUDA__SURFREF(_Name, _Dim, _Params, _Args)						\
	template <class _Tp>										\
	static inline _Tp _Name##read(surface<void, _Dim> __s IDXGEN_CUDA__UNPAREN _Params,		\
				      enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap)		\
	{												\
		return __s.__idxgenSurface ? _Name##read<_Tp>(__s.__idxgenSurface IDXGEN_CUDA__UNPAREN _Args, __m) \
					   : _Tp();						\
	}												\
	template <class _Tp>										\
	static inline void _Name##read(_Tp *__r, surface<void, _Dim> __s IDXGEN_CUDA__UNPAREN _Params,	\
				       enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap)		\
	{												\
		if (__s.__idxgenSurface)								\
			_Name##read(__r, __s.__idxgenSurface IDXGEN_CUDA__UNPAREN _Args, __m);		\
		else											\
			*__r = _Tp();									\
	}												\
	template <class _Tp>										\
	static inline void _Name##write(_Tp __v, surface<void, _Dim> __s IDXGEN_CUDA__UNPAREN _Params,	\
					enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap)	\
	{												\
		if (__s.__idxgenSurface)								\
			_Name##write(__v, __s.__idxgenSurface IDXGEN_CUDA__UNPAREN _Args, __m);	\
	}
#define IDXGEN_CUDA__UNPAREN(...) , __VA_ARGS__
IDXGEN_CUDA__SURFREF(surf1D, cudaSurfaceType1D, (int __x), (__x))
IDXGEN_CUDA__SURFREF(surf2D, cudaSurfaceType2D, (int __x, int __y), (__x, __y))
IDXGEN_CUDA__SURFREF(surf3D, cudaSurfaceType3D, (int __x, int __y, int __z), (__x, __y, __z))
IDXGEN_CUDA__SURFREF(surf1DLayered, cudaSurfaceType1DLayered, (int __x, int __l), (__x, __l))
IDXGEN_CUDA__SURFREF(surf2DLayered, cudaSurfaceType2DLayered, (int __x, int __y, int __l), (__x, __y, __l))
IDXGEN_CUDA__SURFREF(surfCubemap, cudaSurfaceTypeCubemap, (int __x, int __y, int __f), (__x, __y, __f))
IDXGEN_CUDA__SURFREF(surfCubemapLayered, cudaSurfaceTypeCubemapLayered, (int __x, int __y, int __lf),
		     (__x, __y, __lf))
#undef IDXGEN_CUDA__SURFREF
#undef IDXGEN_CUDA__UNPAREN

#endif /* __cplusplus */
#endif
