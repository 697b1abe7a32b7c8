// SPDX-License-Identifier: MIT
/*
 * arrays_ext.c - mipmapped arrays, planes of multi-planar arrays, sparse
 * and deferred-mapping properties (README.md, "The API's outer parts").
 * Texture fetches here read one level (tex_fetch.c has no level of detail
 * to choose from), so mipmapped arrays are not made: cudaErrorNotSupported,
 * and since none can exist, a call on one is cudaErrorInvalidResourceHandle.
 * The arrays that are made (arrays.c) are single-planar, neither sparse
 * nor of deferred mapping (those flags are refused when one is made), so a
 * plane, sparse properties or memory requirements of one are what CUDA
 * answers such an array: cudaErrorInvalidValue.
 */
#include "cudart.h"

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray, const struct cudaChannelFormatDesc *desc,
				     struct cudaExtent extent, unsigned int numLevels, unsigned int flags)
{
	(void)flags;
	CUDART_STICKY_RETURN();
	if (!mipmappedArray || !desc || !extent.width || !numLevels)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(cudaErrorNotSupported);
}

static cudaError_t no_mipmap(const void *mipmap, bool args_ok)
{
	CUDART_STICKY_RETURN();
	if (!args_ok)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(mipmap ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
}

cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray,
				       unsigned int level)
{
	(void)level;
	return no_mipmap(mipmappedArray, levelArray != NULL);
}

cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray)
{
	return no_mipmap(mipmappedArray, true);
}

cudaError_t cudaMipmappedArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *memoryRequirements,
						    cudaMipmappedArray_t mipmap, int device)
{
	(void)device;
	return no_mipmap(mipmap, memoryRequirements != NULL);
}

cudaError_t cudaMipmappedArrayGetSparseProperties(struct cudaArraySparseProperties *sparseProperties,
						  cudaMipmappedArray_t mipmap)
{
	return no_mipmap(mipmap, sparseProperties != NULL);
}

/* The array's flags, checked as cudaArrayGetInfo checks the handle. */
static cudaError_t array_flags(cudaArray_t array, unsigned int *flags)
{
	CUDART_STICKY_RETURN();
	return cudaArrayGetInfo(NULL, NULL, flags, array);
}

cudaError_t cudaArrayGetPlane(cudaArray_t *pPlaneArray, cudaArray_t hArray, unsigned int planeIdx)
{
	unsigned int flags;
	cudaError_t err;

	(void)planeIdx;
	if (!pPlaneArray)
		return cudart_set_error(cudaErrorInvalidValue);
	err = array_flags(hArray, &flags);
	return err ? err : cudart_set_error(cudaErrorInvalidValue);
}

cudaError_t cudaArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *memoryRequirements, cudaArray_t array,
					   int device)
{
	unsigned int flags;
	cudaError_t err;

	if (!memoryRequirements)
		return cudart_set_error(cudaErrorInvalidValue);
	if (device != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	err = array_flags(array, &flags);
	return err ? err : cudart_set_error(cudaErrorInvalidValue);
}

cudaError_t cudaArrayGetSparseProperties(struct cudaArraySparseProperties *sparseProperties, cudaArray_t array)
{
	unsigned int flags;
	cudaError_t err;

	if (!sparseProperties)
		return cudart_set_error(cudaErrorInvalidValue);
	err = array_flags(array, &flags);
	return err ? err : cudart_set_error(cudaErrorInvalidValue);
}
