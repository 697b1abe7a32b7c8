// SPDX-License-Identifier: MIT
/*
 * driver_array.c - CUDA arrays through the driver API: a CUarray is the
 * runtime's cudaArray_t, its descriptor the runtime's channel format
 * (NumChannels channels of Format), and cuMemcpy2D/3D are cudaMemcpy3D of
 * the same copy (a pointer side's offsets folded into its address, an array
 * side's turned into elements, as the runtime's array positions are).
 */
#include <stdint.h>
#include <string.h>

#include "driver_int.h"

static cudaArray_t rt_array(CUarray a)
{
	return (cudaArray_t)(void *)a;
}

/* The runtime's channel format of NumChannels (1, 2 or 4) channels of format; false for one it has not. */
bool cudart_cu_channel_desc(CUarray_format format, unsigned int channels, struct cudaChannelFormatDesc *d)
{
	int bits;
	enum cudaChannelFormatKind kind;

	switch (format) {
	case CU_AD_FORMAT_UNSIGNED_INT8: bits = 8, kind = cudaChannelFormatKindUnsigned; break;
	case CU_AD_FORMAT_UNSIGNED_INT16: bits = 16, kind = cudaChannelFormatKindUnsigned; break;
	case CU_AD_FORMAT_UNSIGNED_INT32: bits = 32, kind = cudaChannelFormatKindUnsigned; break;
	case CU_AD_FORMAT_SIGNED_INT8: bits = 8, kind = cudaChannelFormatKindSigned; break;
	case CU_AD_FORMAT_SIGNED_INT16: bits = 16, kind = cudaChannelFormatKindSigned; break;
	case CU_AD_FORMAT_SIGNED_INT32: bits = 32, kind = cudaChannelFormatKindSigned; break;
	case CU_AD_FORMAT_HALF: bits = 16, kind = cudaChannelFormatKindFloat; break;
	case CU_AD_FORMAT_FLOAT: bits = 32, kind = cudaChannelFormatKindFloat; break;
	default: return false;
	}
	if (channels != 1 && channels != 2 && channels != 4)
		return false;
	*d = cudaCreateChannelDesc(bits, channels > 1 ? bits : 0, channels > 2 ? bits : 0, channels > 2 ? bits : 0,
				   kind);
	return true;
}

/* The driver's format and channel count of a runtime channel format. */
void cudart_drv_format(const struct cudaChannelFormatDesc *d, CUarray_format *format, unsigned int *channels)
{
	static const CUarray_format u[] = { CU_AD_FORMAT_UNSIGNED_INT8, CU_AD_FORMAT_UNSIGNED_INT16, 0,
					    CU_AD_FORMAT_UNSIGNED_INT32 };
	static const CUarray_format s[] = { CU_AD_FORMAT_SIGNED_INT8, CU_AD_FORMAT_SIGNED_INT16, 0,
					    CU_AD_FORMAT_SIGNED_INT32 };
	int i = d->x / 8 - 1;

	*channels = 1 + (d->y > 0) + 2 * (d->z > 0);
	if (d->f == cudaChannelFormatKindFloat)
		*format = d->x == 16 ? CU_AD_FORMAT_HALF : CU_AD_FORMAT_FLOAT;
	else
		*format = (d->f == cudaChannelFormatKindSigned ? s : u)[i >= 0 && i < 4 ? i : 0];
}

static CUresult create(CUarray *handle, size_t w, size_t h, size_t depth, CUarray_format format,
		       unsigned int channels, unsigned int flags, bool three_d)
{
	struct cudaChannelFormatDesc d;
	cudaArray_t a;
	CUresult r;

	if (!handle || !cudart_cu_channel_desc(format, channels, &d))
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(three_d ? cudaMalloc3DArray(&a, &d, make_cudaExtent(w, h, depth), flags)
				     : cudaMallocArray(&a, &d, w, h, 0));
	if (!r)
		*handle = (CUarray)(void *)a;
	return r;
}

CUresult cuArrayCreate(CUarray *pHandle, const CUDA_ARRAY_DESCRIPTOR *p)
{
	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	return create(pHandle, p->Width, p->Height, 0, p->Format, p->NumChannels, 0, false);
}

CUresult cuArray3DCreate(CUarray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *p)
{
	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	return create(pHandle, p->Width, p->Height, p->Depth, p->Format, p->NumChannels, p->Flags, true);
}

CUresult cuArrayDestroy(CUarray hArray)
{
	if (!hArray)
		return CUDA_ERROR_INVALID_HANDLE;
	return cudart_cu_result(cudaFreeArray(rt_array(hArray)));
}

CUresult cuArray3DGetDescriptor(CUDA_ARRAY3D_DESCRIPTOR *p, CUarray hArray)
{
	struct cudaChannelFormatDesc d;
	struct cudaExtent e;
	unsigned int flags;
	CUresult r;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	if (!hArray)
		return CUDA_ERROR_INVALID_HANDLE;
	r = cudart_cu_result(cudaArrayGetInfo(&d, &e, &flags, rt_array(hArray)));
	if (r)
		return r;
	p->Width = e.width, p->Height = e.height, p->Depth = e.depth, p->Flags = flags;
	cudart_drv_format(&d, &p->Format, &p->NumChannels);
	return CUDA_SUCCESS;
}

CUresult cuArrayGetDescriptor(CUDA_ARRAY_DESCRIPTOR *p, CUarray hArray)
{
	CUDA_ARRAY3D_DESCRIPTOR d3;
	CUresult r;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	r = cuArray3DGetDescriptor(&d3, hArray);
	if (r)
		return r;
	p->Width = d3.Width, p->Height = d3.Height, p->Format = d3.Format, p->NumChannels = d3.NumChannels;
	return CUDA_SUCCESS;
}

/* One side of a driver copy. */
struct side {
	CUmemorytype type;
	const void *host;
	CUdeviceptr device;
	CUarray array;
	size_t x, y, z, pitch, height;
};

/* A side as the runtime's pointer or array and position (elem: bytes of the copy's element). */
static CUresult rt_side(const struct side *s, size_t width, size_t height, size_t elem, struct cudaPitchedPtr *ptr,
			cudaArray_t *arr, struct cudaPos *pos)
{
	const char *base;
	size_t pitch = s->pitch ? s->pitch : width, rows = s->height ? s->height : height;

	switch (s->type) {
	case CU_MEMORYTYPE_ARRAY:
		if (!s->array)
			return CUDA_ERROR_INVALID_VALUE;
		if (s->x % elem)
			return CUDA_ERROR_INVALID_VALUE;
		*arr = rt_array(s->array);
		*pos = make_cudaPos(s->x / elem, s->y, s->z);
		return CUDA_SUCCESS;
	case CU_MEMORYTYPE_HOST:
		base = s->host;
		break;
	case CU_MEMORYTYPE_DEVICE:
	case CU_MEMORYTYPE_UNIFIED:
		base = (const char *)(uintptr_t)s->device;
		break;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
	if (!base || pitch < width || rows < height)
		return CUDA_ERROR_INVALID_VALUE;
	*ptr = make_cudaPitchedPtr((void *)(base + (s->z * rows + s->y) * pitch + s->x), pitch, width, rows);
	return CUDA_SUCCESS;
}

/* Bytes of an element of the side's array, or 0 for a pointer side. */
static size_t side_elem(const struct side *s)
{
	struct cudaChannelFormatDesc d;

	if (s->type != CU_MEMORYTYPE_ARRAY || !s->array ||
	    cudaArrayGetInfo(&d, NULL, NULL, rt_array(s->array)) != cudaSuccess)
		return 0;
	return (size_t)(d.x + d.y + d.z + d.w) / 8;
}

static CUresult params_of(const struct side *src, const struct side *dst, size_t width, size_t height, size_t depth,
			  struct cudaMemcpy3DParms *p)
{
	size_t es = side_elem(src), ed = side_elem(dst), elem = es ? es : ed ? ed : 1;
	CUresult r;

	if ((es && ed && es != ed) || width % elem)
		return CUDA_ERROR_INVALID_VALUE;
	memset(p, 0, sizeof(*p));
	r = rt_side(src, width, height, elem, &p->srcPtr, &p->srcArray, &p->srcPos);
	if (!r)
		r = rt_side(dst, width, height, elem, &p->dstPtr, &p->dstArray, &p->dstPos);
	if (r)
		return r;
	/* with an array in the copy, extents count its elements; without one, bytes */
	p->extent = make_cudaExtent(es || ed ? width / elem : width, height, depth);
	p->kind = cudaMemcpyDefault;
	return CUDA_SUCCESS;
}

static CUresult copy(const struct side *src, const struct side *dst, size_t width, size_t height, size_t depth,
		     CUstream stream)
{
	struct cudaMemcpy3DParms p;
	CUresult r = params_of(src, dst, width, height, depth, &p);

	return r ? r : cudart_cu_result(cudaMemcpy3DAsync(&p, (cudaStream_t)stream));
}

CUresult cudart_cu_memcpy3d(const CUDA_MEMCPY3D *c, struct cudaMemcpy3DParms *p)
{
	struct side s, d;

	if (!c || c->srcLOD || c->dstLOD)
		return CUDA_ERROR_INVALID_VALUE;
	s = (struct side){ c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
			   c->srcXInBytes, c->srcY, c->srcZ, c->srcPitch, c->srcHeight };
	d = (struct side){ c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray,
			   c->dstXInBytes, c->dstY, c->dstZ, c->dstPitch, c->dstHeight };
	return params_of(&s, &d, c->WidthInBytes, c->Height, c->Depth, p);
}

static CUresult copy3d(const CUDA_MEMCPY3D *c, CUstream stream)
{
	struct cudaMemcpy3DParms p;
	CUresult r = cudart_cu_memcpy3d(c, &p);

	return r ? r : cudart_cu_result(cudaMemcpy3DAsync(&p, (cudaStream_t)stream));
}

static CUresult copy2d(const CUDA_MEMCPY2D *c, CUstream stream)
{
	struct side s, d;

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	s = (struct side){ c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
			   c->srcXInBytes, c->srcY, 0, c->srcPitch, 0 };
	d = (struct side){ c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray,
			   c->dstXInBytes, c->dstY, 0, c->dstPitch, 0 };
	return copy(&s, &d, c->WidthInBytes, c->Height, 1, stream);
}

CUresult cuMemcpy2D(const CUDA_MEMCPY2D *pCopy)
{
	return copy2d(pCopy, NULL);
}

CUresult cuMemcpy2DUnaligned(const CUDA_MEMCPY2D *pCopy)
{
	return copy2d(pCopy, NULL);
}

CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D *pCopy, CUstream hStream)
{
	return copy2d(pCopy, hStream);
}

CUresult cuMemcpy3D(const CUDA_MEMCPY3D *pCopy)
{
	return copy3d(pCopy, NULL);
}

CUresult cuMemcpy3DAsync(const CUDA_MEMCPY3D *pCopy, CUstream hStream)
{
	return copy3d(pCopy, hStream);
}

/* 1-D copies: offsets in bytes along the array's first row. */
CUresult cuMemcpyHtoA(CUarray dstArray, size_t dstOffset, const void *srcHost, size_t ByteCount)
{
	return cudart_cu_result(cudaMemcpyToArray(rt_array(dstArray), dstOffset, 0, srcHost, ByteCount,
						  cudaMemcpyHostToDevice));
}

CUresult cuMemcpyAtoH(void *dstHost, CUarray srcArray, size_t srcOffset, size_t ByteCount)
{
	return cudart_cu_result(cudaMemcpyFromArray(dstHost, rt_array(srcArray), srcOffset, 0, ByteCount,
						    cudaMemcpyDeviceToHost));
}

CUresult cuMemcpyDtoA(CUarray dstArray, size_t dstOffset, CUdeviceptr srcDevice, size_t ByteCount)
{
	return cudart_cu_result(cudaMemcpyToArray(rt_array(dstArray), dstOffset, 0,
						  (const void *)(uintptr_t)srcDevice, ByteCount,
						  cudaMemcpyDeviceToDevice));
}

CUresult cuMemcpyAtoD(CUdeviceptr dstDevice, CUarray srcArray, size_t srcOffset, size_t ByteCount)
{
	return cudart_cu_result(cudaMemcpyFromArray((void *)(uintptr_t)dstDevice, rt_array(srcArray), srcOffset, 0,
						    ByteCount, cudaMemcpyDeviceToDevice));
}

CUresult cuMemcpyAtoA(CUarray dstArray, size_t dstOffset, CUarray srcArray, size_t srcOffset, size_t ByteCount)
{
	return cudart_cu_result(cudaMemcpyArrayToArray(rt_array(dstArray), dstOffset, 0, rt_array(srcArray),
						       srcOffset, 0, ByteCount, cudaMemcpyDeviceToDevice));
}
