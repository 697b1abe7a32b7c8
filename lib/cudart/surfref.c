// SPDX-License-Identifier: MIT
/*
 * surfref.c - legacy surface references (CUDA 11 and before; CUDA 12
 * removed them, as it did texture references: texref.c): a bind makes a
 * surface object of the array and keeps its handle in the reference
 * (surface_types.h), where device code's surf1Dread(ref, x) & co.
 * (cuda_surface_types.h) find it; binding again replaces it.
 */

#include "cudart.h"

cudaError_t cudaBindSurfaceToArray(const struct surfaceReference *surfref, cudaArray_const_t array,
				   const struct cudaChannelFormatDesc *desc)
{
	struct surfaceReference *r = (struct surfaceReference *)surfref;	/* the program's variable */
	struct cudaResourceDesc res;
	cudaSurfaceObject_t o;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!surfref)
		return cudart_set_error(cudaErrorInvalidSurface);
	err = cudart_array_resource(array, desc, &res);
	if (err)
		return cudart_set_error(err);
	err = cudaCreateSurfaceObject(&o, &res);	/* an array without cudaArraySurfaceLoadStore: its error */
	if (err)
		return err;
	if (r->__idxgenSurface)
		cudaDestroySurfaceObject(r->__idxgenSurface);
	r->__idxgenSurface = o;
	r->channelDesc = *desc;
	return cudart_set_error(cudaSuccess);
}

/* A reference is the program's own variable (one address space): the symbol is the reference. */
cudaError_t cudaGetSurfaceReference(const struct surfaceReference **surfref, const void *symbol)
{
	CUDART_STICKY_RETURN();
	if (!surfref || !symbol)
		return cudart_set_error(cudaErrorInvalidValue);
	*surfref = (const struct surfaceReference *)symbol;
	return cudart_set_error(cudaSuccess);
}
