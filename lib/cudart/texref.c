// SPDX-License-Identifier: MIT
/*
 * texref.c - legacy texture references (CUDA 11 and before; CUDA 12
 * removed them): a bind makes a texture object of the reference's
 * attributes as they are at the bind (CUDA's runtime applies them then)
 * and keeps its handle in the reference's reserved words, where the reads
 * of device code (cuda_texture_types.h) find it; an unbind destroys it.
 * The read mode is the texture<> template's, which its constructor
 * records in the reference (a reference the program filled in by hand
 * reads elements as stored).  Addresses bind as they are: the offset a
 * bind returns is always 0.
 */
#include <limits.h>
#include <string.h>

#include "cudart.h"

static cudaTextureObject_t handle_of(const struct textureReference *r)
{
	cudaTextureObject_t o;

	memcpy(&o, &r->__cudaReserved[__IDXGEN_TEXREF_HANDLE], sizeof(o));
	return o;
}

/*
 * The program's reference: CUDA's API takes it const, and keeps the
 * binding in the driver; ours keeps it in the reference's reserved words.
 */
static void set_handle(const struct textureReference *r, cudaTextureObject_t o)
{
	memcpy(&((struct textureReference *)r)->__cudaReserved[__IDXGEN_TEXREF_HANDLE], &o, sizeof(o));
}

/* Replaces r's binding by an object of res and r's attributes. */
static cudaError_t bind(const struct textureReference *r, const struct cudaResourceDesc *res)
{
	struct cudaTextureDesc td;
	cudaTextureObject_t o;
	cudaError_t err;

	memset(&td, 0, sizeof(td));
	memcpy(td.addressMode, r->addressMode, sizeof(td.addressMode));
	td.filterMode = r->filterMode;
	td.readMode = r->__cudaReserved[__IDXGEN_TEXREF_READ_MODE] == cudaReadModeNormalizedFloat + 1 ?
			      cudaReadModeNormalizedFloat : cudaReadModeElementType;
	td.sRGB = r->sRGB;
	td.normalizedCoords = r->normalized;
	td.maxAnisotropy = r->maxAnisotropy;
	td.mipmapFilterMode = r->mipmapFilterMode;
	if (handle_of(r)) {
		cudaDestroyTextureObject(handle_of(r));
		set_handle(r, 0);
	}
	err = cudaCreateTextureObject(&o, res, &td, NULL);
	if (!err)
		set_handle(r, o);
	return err;
}

cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref, const void *devPtr,
			    const struct cudaChannelFormatDesc *desc, size_t size)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudaResourceDesc res;
	size_t rest, elem;

	CUDART_STICKY_RETURN();
	if (!texref)
		return cudart_set_error(cudaErrorInvalidTexture);
	if (!devPtr || !desc)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	rest = cudart_alloc_rest(c, devPtr);
	pthread_mutex_unlock(&c->lock);
	if (size == UINT_MAX) {	/* the default: the rest of the allocation, whole elements */
		elem = (size_t)(desc->x + desc->y + desc->z + desc->w) / 8;
		if (!rest || !elem)
			return cudart_set_error(cudaErrorInvalidValue);
		size = rest / elem * elem;
	}	/* README: a size past the allocation binds, as in CUDA; reads past it see zeros */
	memset(&res, 0, sizeof(res));
	res.resType = cudaResourceTypeLinear;
	res.res.linear.devPtr = (void *)devPtr;
	res.res.linear.desc = *desc;
	res.res.linear.sizeInBytes = size;
	if (offset)
		*offset = 0;
	return cudart_set_error(bind(texref, &res));
}

cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref, const void *devPtr,
			      const struct cudaChannelFormatDesc *desc, size_t width, size_t height,
			      size_t pitch)
{
	struct cudaResourceDesc res;

	CUDART_STICKY_RETURN();
	if (!texref)
		return cudart_set_error(cudaErrorInvalidTexture);
	if (!devPtr || !desc)
		return cudart_set_error(cudaErrorInvalidValue);
	memset(&res, 0, sizeof(res));
	res.resType = cudaResourceTypePitch2D;
	res.res.pitch2D.devPtr = (void *)devPtr;
	res.res.pitch2D.desc = *desc;
	res.res.pitch2D.width = width;
	res.res.pitch2D.height = height;
	res.res.pitch2D.pitchInBytes = pitch;
	if (offset)
		*offset = 0;
	return cudart_set_error(bind(texref, &res));
}

cudaError_t cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array,
				   const struct cudaChannelFormatDesc *desc)
{
	struct cudaResourceDesc res;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!texref)
		return cudart_set_error(cudaErrorInvalidTexture);
	err = cudart_array_resource(array, desc, &res);
	if (err)
		return cudart_set_error(err);
	return cudart_set_error(bind(texref, &res));
}

/* README: mipmapped arrays are refused; the reference stays as it was. */
cudaError_t cudaBindTextureToMipmappedArray(const struct textureReference *texref,
					    cudaMipmappedArray_const_t mipmappedArray,
					    const struct cudaChannelFormatDesc *desc)
{
	CUDART_STICKY_RETURN();
	if (!texref)
		return cudart_set_error(cudaErrorInvalidTexture);
	if (!mipmappedArray || !desc)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(cudaErrorNotSupported);
}

cudaError_t cudaUnbindTexture(const struct textureReference *texref)
{
	CUDART_STICKY_RETURN();
	if (!texref)
		return cudart_set_error(cudaErrorInvalidTexture);
	if (handle_of(texref)) {
		cudaDestroyTextureObject(handle_of(texref));
		set_handle(texref, 0);
	}
	return cudart_set_error(cudaSuccess);
}

cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct textureReference *texref)
{
	CUDART_STICKY_RETURN();
	if (!texref)
		return cudart_set_error(cudaErrorInvalidTexture);
	if (!offset)
		return cudart_set_error(cudaErrorInvalidValue);
	if (!handle_of(texref))
		return cudart_set_error(cudaErrorInvalidTextureBinding);
	*offset = 0;
	return cudart_set_error(cudaSuccess);
}

/* A reference is the program's own variable (one address space): the symbol is the reference. */
cudaError_t cudaGetTextureReference(const struct textureReference **texref, const void *symbol)
{
	CUDART_STICKY_RETURN();
	if (!texref || !symbol)
		return cudart_set_error(cudaErrorInvalidValue);
	*texref = (const struct textureReference *)symbol;
	return cudart_set_error(cudaSuccess);
}
