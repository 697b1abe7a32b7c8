/* SPDX-License-Identifier: MIT */
/*
 * surface_types.h - the surface-object types of CUDA's runtime API (a CUDA
 * array read and written by coordinates).  Declarations only, values as
 * CUDA's; see lib/cudart/README.md for what the runtime implements.
 */
#ifndef IDXGEN_CUDA_SURFACE_TYPES_H
#define IDXGEN_CUDA_SURFACE_TYPES_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __SURFACE_TYPES_H__

#include "driver_types.h"

#define cudaSurfaceType1D		0x01
#define cudaSurfaceType2D		0x02
#define cudaSurfaceType3D		0x03
#define cudaSurfaceTypeCubemap		0x0C
#define cudaSurfaceType1DLayered	0xF1
#define cudaSurfaceType2DLayered	0xF2
#define cudaSurfaceTypeCubemapLayered	0xFC

/* What an access outside the surface does. */
enum cudaSurfaceBoundaryMode {
	cudaBoundaryModeZero = 0,	/* reads zero, writes nothing */
	cudaBoundaryModeClamp = 1,	/* the edge element */
	cudaBoundaryModeTrap = 2	/* an error */
};

enum cudaSurfaceFormatMode {
	cudaFormatModeForced = 0,
	cudaFormatModeAuto = 1
};

/* A surface object's handle, passed to kernels by value. */
typedef unsigned long long cudaSurfaceObject_t;

/*
 * CUDA 11's surface reference (CUDA 12 removed it; the surface<> template
 * of cuda_surface_types.h derives from it): its channel format, and here
 * the surface object that cudaBindSurfaceToArray made (0: not bound), which
 * device code's reads and writes through the reference use
 * (lib/cudart/surfref.c).
 */
struct surfaceReference {
	struct cudaChannelFormatDesc channelDesc;
	cudaSurfaceObject_t __idxgenSurface;
};

#endif
