// SPDX-License-Identifier: MIT
/*
 * egl.c - EGL interoperability (cudaEGL.h of the driver API,
 * cuda_egl_interop.h of the runtime).  There is no EGL device here whose
 * images, streams or syncs CUDA could share: registering an image,
 * connecting to a stream as consumer or producer, and making an event of
 * an EGL sync are refused as not supported with the caller's handle
 * untouched; no connection or resource can exist, so a call on one is the
 * answer for a handle CUDA did not give (README.md, "Graphics
 * interoperability").
 */
#pragma GCC visibility push(default)
#include "cudaEGL.h"
#include "cuda_egl_interop.h"
#pragma GCC visibility pop

#include "driver_int.h"

/* ---- the driver API ---- */

CUresult cuGraphicsEGLRegisterImage(CUgraphicsResource *pCudaResource, EGLImageKHR image, unsigned int flags)
{
	(void)flags;
	return pCudaResource && image ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_INVALID_VALUE;
}

static CUresult stream_connect(CUeglStreamConnection *conn, EGLStreamKHR stream)
{
	return conn && stream ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuEGLStreamConsumerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream)
{
	return stream_connect(conn, stream);
}

CUresult cuEGLStreamConsumerConnectWithFlags(CUeglStreamConnection *conn, EGLStreamKHR stream, unsigned int flags)
{
	if (flags > CU_EGL_RESOURCE_LOCATION_VIDMEM)
		return CUDA_ERROR_INVALID_VALUE;
	return stream_connect(conn, stream);
}

CUresult cuEGLStreamProducerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream, EGLint width, EGLint height)
{
	if (width <= 0 || height <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	return stream_connect(conn, stream);
}

/* A call on a connection: none exists. */
static CUresult no_connection(const CUeglStreamConnection *conn)
{
	return conn && *conn ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuEGLStreamConsumerDisconnect(CUeglStreamConnection *conn)
{
	return no_connection(conn);
}

CUresult cuEGLStreamConsumerAcquireFrame(CUeglStreamConnection *conn, CUgraphicsResource *pCudaResource,
					 CUstream *pStream, unsigned int timeout)
{
	(void)pStream, (void)timeout;
	return pCudaResource ? no_connection(conn) : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuEGLStreamConsumerReleaseFrame(CUeglStreamConnection *conn, CUgraphicsResource pCudaResource,
					 CUstream *pStream)
{
	(void)pCudaResource, (void)pStream;
	return no_connection(conn);
}

CUresult cuEGLStreamProducerDisconnect(CUeglStreamConnection *conn)
{
	return no_connection(conn);
}

CUresult cuEGLStreamProducerPresentFrame(CUeglStreamConnection *conn, CUeglFrame eglframe, CUstream *pStream)
{
	(void)eglframe, (void)pStream;
	return no_connection(conn);
}

CUresult cuEGLStreamProducerReturnFrame(CUeglStreamConnection *conn, CUeglFrame *eglframe, CUstream *pStream)
{
	(void)pStream;
	return eglframe ? no_connection(conn) : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGraphicsResourceGetMappedEglFrame(CUeglFrame *eglFrame, CUgraphicsResource resource, unsigned int index,
					     unsigned int mipLevel)
{
	(void)index, (void)mipLevel;
	if (!eglFrame || !resource)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuEventCreateFromEGLSync(CUevent *phEvent, EGLSyncKHR eglSync, unsigned int flags)
{
	(void)flags;
	return phEvent && eglSync ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_INVALID_VALUE;
}

/* ---- the runtime API: the driver's answers as the runtime's codes ---- */

static cudaError_t rt(CUresult r)
{
	CUDART_STICKY_RETURN();
	switch (r) {
	case CUDA_ERROR_NOT_SUPPORTED:
		return cudart_set_error(cudaErrorNotSupported);
	case CUDA_ERROR_INVALID_HANDLE:
		return cudart_set_error(cudaErrorInvalidResourceHandle);
	default:
		return cudart_set_error(cudaErrorInvalidValue);
	}
}

cudaError_t cudaGraphicsEGLRegisterImage(struct cudaGraphicsResource **pCudaResource, EGLImageKHR image,
					 unsigned int flags)
{
	return rt(cuGraphicsEGLRegisterImage((CUgraphicsResource *)(void *)pCudaResource, image, flags));
}

cudaError_t cudaEGLStreamConsumerConnect(cudaEglStreamConnection *conn, EGLStreamKHR eglStream)
{
	return rt(cuEGLStreamConsumerConnect(conn, eglStream));
}

cudaError_t cudaEGLStreamConsumerConnectWithFlags(cudaEglStreamConnection *conn, EGLStreamKHR eglStream,
						  unsigned int flags)
{
	return rt(cuEGLStreamConsumerConnectWithFlags(conn, eglStream, flags));
}

cudaError_t cudaEGLStreamConsumerDisconnect(cudaEglStreamConnection *conn)
{
	return rt(cuEGLStreamConsumerDisconnect(conn));
}

cudaError_t cudaEGLStreamConsumerAcquireFrame(cudaEglStreamConnection *conn, cudaGraphicsResource_t *pCudaResource,
					      cudaStream_t *pStream, unsigned int timeout)
{
	(void)pStream, (void)timeout;
	return rt(pCudaResource ? no_connection(conn) : CUDA_ERROR_INVALID_VALUE);
}

cudaError_t cudaEGLStreamConsumerReleaseFrame(cudaEglStreamConnection *conn, cudaGraphicsResource_t pCudaResource,
					      cudaStream_t *pStream)
{
	(void)pCudaResource, (void)pStream;
	return rt(no_connection(conn));
}

cudaError_t cudaEGLStreamProducerConnect(cudaEglStreamConnection *conn, EGLStreamKHR eglStream, EGLint width,
					 EGLint height)
{
	return rt(cuEGLStreamProducerConnect(conn, eglStream, width, height));
}

cudaError_t cudaEGLStreamProducerDisconnect(cudaEglStreamConnection *conn)
{
	return rt(no_connection(conn));
}

cudaError_t cudaEGLStreamProducerPresentFrame(cudaEglStreamConnection *conn, cudaEglFrame eglframe,
					      cudaStream_t *pStream)
{
	(void)eglframe, (void)pStream;
	return rt(no_connection(conn));
}

cudaError_t cudaEGLStreamProducerReturnFrame(cudaEglStreamConnection *conn, cudaEglFrame *eglframe,
					     cudaStream_t *pStream)
{
	(void)pStream;
	return rt(eglframe ? no_connection(conn) : CUDA_ERROR_INVALID_VALUE);
}

cudaError_t cudaGraphicsResourceGetMappedEglFrame(cudaEglFrame *eglFrame, cudaGraphicsResource_t resource,
						  unsigned int index, unsigned int mipLevel)
{
	(void)index, (void)mipLevel;
	return rt(eglFrame && resource ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_INVALID_VALUE);
}

cudaError_t cudaEventCreateFromEGLSync(cudaEvent_t *phEvent, EGLSyncKHR eglSync, unsigned int flags)
{
	return rt(cuEventCreateFromEGLSync((CUevent *)(void *)phEvent, eglSync, flags));
}
