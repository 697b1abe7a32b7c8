/* SPDX-License-Identifier: MIT */
/*
 * cuda_egl_interop.h - EGL interoperability of the runtime API, declared
 * so that programs which include it build.  idxgen has no EGL device whose
 * images or streams CUDA could share: registering an image, connecting to
 * a stream and making an event of an EGL sync answer cudaErrorNotSupported
 * with the caller's handle untouched, and since no connection or resource
 * can exist, a call on one is cudaErrorInvalidResourceHandle
 * (lib/cudart/README.md, "Graphics interoperability").  Our own header,
 * C11 and C++11; CUDA's names, values and layouts; <EGL/egl.h> and
 * <EGL/eglext.h> where installed, else the EGL types its calls name.
 */
#ifndef IDXGEN_CUDA_EGL_INTEROP_H
#define IDXGEN_CUDA_EGL_INTEROP_H
/* NVIDIA's include guard (code tests it) */
#define __CUDA_EGL_INTEROP_H__

#include <stdint.h>

#include "cuda_runtime_api.h"

#if defined(__has_include)
#if __has_include(<EGL/egl.h>) && __has_include(<EGL/eglext.h>)
#include <EGL/egl.h>
#include <EGL/eglext.h>
#define IDXGEN_CUDA_EGL_H_INCLUDED 1
#endif
#endif
#ifndef IDXGEN_CUDA_EGL_H_INCLUDED
/* the types of <EGL/egl.h> and <EGL/eglext.h> the calls name (the same: a repeated typedef is allowed) */
typedef int32_t EGLint;
typedef void *EGLImageKHR;
typedef void *EGLStreamKHR;
typedef void *EGLSyncKHR;
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define CUDA_EGL_MAX_PLANES 3

typedef enum cudaEglFrameType_enum { cudaEglFrameTypeArray = 0, cudaEglFrameTypePitch = 1 } cudaEglFrameType;

typedef enum cudaEglResourceLocationFlags_enum {
	cudaEglResourceLocationSysmem = 0x00,
	cudaEglResourceLocationVidmem = 0x01
} cudaEglResourceLocationFlags;

typedef enum cudaEglColorFormat_enum {
	cudaEglColorFormatYUV420Planar = 0,
	cudaEglColorFormatYUV420SemiPlanar = 1,
	cudaEglColorFormatYUV422Planar = 2,
	cudaEglColorFormatYUV422SemiPlanar = 3,
	cudaEglColorFormatARGB = 6,
	cudaEglColorFormatRGBA = 7,
	cudaEglColorFormatL = 8,
	cudaEglColorFormatR = 9,
	cudaEglColorFormatYUV444Planar = 10,
	cudaEglColorFormatYUV444SemiPlanar = 11,
	cudaEglColorFormatYUYV422 = 12,
	cudaEglColorFormatUYVY422 = 13,
	cudaEglColorFormatABGR = 14,
	cudaEglColorFormatBGRA = 15,
	cudaEglColorFormatA = 16,
	cudaEglColorFormatRG = 17,
	cudaEglColorFormatAYUV = 18,
	cudaEglColorFormatYVU444SemiPlanar = 19,
	cudaEglColorFormatYVU422SemiPlanar = 20,
	cudaEglColorFormatYVU420SemiPlanar = 21,
	cudaEglColorFormatY10V10U10_444SemiPlanar = 22,
	cudaEglColorFormatY10V10U10_420SemiPlanar = 23,
	cudaEglColorFormatY12V12U12_444SemiPlanar = 24,
	cudaEglColorFormatY12V12U12_420SemiPlanar = 25,
	cudaEglColorFormatVYUY_ER = 26,
	cudaEglColorFormatUYVY_ER = 27,
	cudaEglColorFormatYUYV_ER = 28,
	cudaEglColorFormatYVYU_ER = 29,
	cudaEglColorFormatYUVA_ER = 31,
	cudaEglColorFormatAYUV_ER = 32,
	cudaEglColorFormatYUV444Planar_ER = 33,
	cudaEglColorFormatYUV422Planar_ER = 34,
	cudaEglColorFormatYUV420Planar_ER = 35,
	cudaEglColorFormatYUV444SemiPlanar_ER = 36,
	cudaEglColorFormatYUV422SemiPlanar_ER = 37,
	cudaEglColorFormatYUV420SemiPlanar_ER = 38,
	cudaEglColorFormatYVU444Planar_ER = 39,
	cudaEglColorFormatYVU422Planar_ER = 40,
	cudaEglColorFormatYVU420Planar_ER = 41,
	cudaEglColorFormatYVU444SemiPlanar_ER = 42,
	cudaEglColorFormatYVU422SemiPlanar_ER = 43,
	cudaEglColorFormatYVU420SemiPlanar_ER = 44,
	cudaEglColorFormatBayerRGGB = 45,
	cudaEglColorFormatBayerBGGR = 46,
	cudaEglColorFormatBayerGRBG = 47,
	cudaEglColorFormatBayerGBRG = 48,
	cudaEglColorFormatBayer10RGGB = 49,
	cudaEglColorFormatBayer10BGGR = 50,
	cudaEglColorFormatBayer10GRBG = 51,
	cudaEglColorFormatBayer10GBRG = 52,
	cudaEglColorFormatBayer12RGGB = 53,
	cudaEglColorFormatBayer12BGGR = 54,
	cudaEglColorFormatBayer12GRBG = 55,
	cudaEglColorFormatBayer12GBRG = 56,
	cudaEglColorFormatBayer14RGGB = 57,
	cudaEglColorFormatBayer14BGGR = 58,
	cudaEglColorFormatBayer14GRBG = 59,
	cudaEglColorFormatBayer14GBRG = 60,
	cudaEglColorFormatBayer20RGGB = 61,
	cudaEglColorFormatBayer20BGGR = 62,
	cudaEglColorFormatBayer20GRBG = 63,
	cudaEglColorFormatBayer20GBRG = 64,
	cudaEglColorFormatYVU444Planar = 65,
	cudaEglColorFormatYVU422Planar = 66,
	cudaEglColorFormatYVU420Planar = 67,
	cudaEglColorFormatBayerIspRGGB = 68,
	cudaEglColorFormatBayerIspBGGR = 69,
	cudaEglColorFormatBayerIspGRBG = 70,
	cudaEglColorFormatBayerIspGBRG = 71,
	cudaEglColorFormatBayerBCCR = 72,
	cudaEglColorFormatBayerRCCB = 73,
	cudaEglColorFormatBayerCRBC = 74,
	cudaEglColorFormatBayerCBRC = 75,
	cudaEglColorFormatBayer10CCCC = 76,
	cudaEglColorFormatBayer12BCCR = 77,
	cudaEglColorFormatBayer12RCCB = 78,
	cudaEglColorFormatBayer12CRBC = 79,
	cudaEglColorFormatBayer12CBRC = 80,
	cudaEglColorFormatBayer12CCCC = 81,
	cudaEglColorFormatY = 82,
	cudaEglColorFormatYUV420SemiPlanar_2020 = 83,
	cudaEglColorFormatYVU420SemiPlanar_2020 = 84,
	cudaEglColorFormatYUV420Planar_2020 = 85,
	cudaEglColorFormatYVU420Planar_2020 = 86,
	cudaEglColorFormatYUV420SemiPlanar_709 = 87,
	cudaEglColorFormatYVU420SemiPlanar_709 = 88,
	cudaEglColorFormatYUV420Planar_709 = 89,
	cudaEglColorFormatYVU420Planar_709 = 90,
	cudaEglColorFormatY10V10U10_420SemiPlanar_709 = 91,
	cudaEglColorFormatY10V10U10_420SemiPlanar_2020 = 92,
	cudaEglColorFormatY10V10U10_422SemiPlanar_2020 = 93,
	cudaEglColorFormatY10V10U10_422SemiPlanar = 94,
	cudaEglColorFormatY10V10U10_422SemiPlanar_709 = 95,
	cudaEglColorFormatY_ER = 96,
	cudaEglColorFormatY_709_ER = 97,
	cudaEglColorFormatY10_ER = 98,
	cudaEglColorFormatY10_709_ER = 99,
	cudaEglColorFormatY12_ER = 100,
	cudaEglColorFormatY12_709_ER = 101,
	cudaEglColorFormatYUVA = 102,
	cudaEglColorFormatYVYU = 104,
	cudaEglColorFormatVYUY = 105,
	cudaEglColorFormatY10V10U10_420SemiPlanar_ER = 106,
	cudaEglColorFormatY10V10U10_420SemiPlanar_709_ER = 107,
	cudaEglColorFormatY10V10U10_444SemiPlanar_ER = 108,
	cudaEglColorFormatY10V10U10_444SemiPlanar_709_ER = 109,
	cudaEglColorFormatY12V12U12_420SemiPlanar_ER = 110,
	cudaEglColorFormatY12V12U12_420SemiPlanar_709_ER = 111,
	cudaEglColorFormatY12V12U12_444SemiPlanar_ER = 112,
	cudaEglColorFormatY12V12U12_444SemiPlanar_709_ER = 113,
	cudaEglColorFormatUYVY709 = 114,
	cudaEglColorFormatUYVY709_ER = 115,
	cudaEglColorFormatUYVY2020 = 116
} cudaEglColorFormat;

typedef struct cudaEglPlaneDesc_st {
	unsigned int width;
	unsigned int height;
	unsigned int depth;
	unsigned int pitch;
	unsigned int numChannels;
	struct cudaChannelFormatDesc channelDesc;
	unsigned int reserved[4];
} cudaEglPlaneDesc;

typedef struct cudaEglFrame_st {
	union {
		cudaArray_t pArray[CUDA_EGL_MAX_PLANES];
		struct cudaPitchedPtr pPitch[CUDA_EGL_MAX_PLANES];
	} frame;
	cudaEglPlaneDesc planeDesc[CUDA_EGL_MAX_PLANES];
	unsigned int planeCount;
	cudaEglFrameType frameType;
	cudaEglColorFormat eglColorFormat;
} cudaEglFrame;

typedef struct CUeglStreamConnection_st *cudaEglStreamConnection;

cudaError_t cudaGraphicsEGLRegisterImage(struct cudaGraphicsResource **pCudaResource, EGLImageKHR image,
					 unsigned int flags);
cudaError_t cudaEGLStreamConsumerConnect(cudaEglStreamConnection *conn, EGLStreamKHR eglStream);
cudaError_t cudaEGLStreamConsumerConnectWithFlags(cudaEglStreamConnection *conn, EGLStreamKHR eglStream,
						  unsigned int flags);
cudaError_t cudaEGLStreamConsumerDisconnect(cudaEglStreamConnection *conn);
cudaError_t cudaEGLStreamConsumerAcquireFrame(cudaEglStreamConnection *conn, cudaGraphicsResource_t *pCudaResource,
					      cudaStream_t *pStream, unsigned int timeout);
cudaError_t cudaEGLStreamConsumerReleaseFrame(cudaEglStreamConnection *conn, cudaGraphicsResource_t pCudaResource,
					      cudaStream_t *pStream);
cudaError_t cudaEGLStreamProducerConnect(cudaEglStreamConnection *conn, EGLStreamKHR eglStream, EGLint width,
					 EGLint height);
cudaError_t cudaEGLStreamProducerDisconnect(cudaEglStreamConnection *conn);
cudaError_t cudaEGLStreamProducerPresentFrame(cudaEglStreamConnection *conn, cudaEglFrame eglframe,
					      cudaStream_t *pStream);
cudaError_t cudaEGLStreamProducerReturnFrame(cudaEglStreamConnection *conn, cudaEglFrame *eglframe,
					     cudaStream_t *pStream);
cudaError_t cudaGraphicsResourceGetMappedEglFrame(cudaEglFrame *eglFrame, cudaGraphicsResource_t resource,
						  unsigned int index, unsigned int mipLevel);
cudaError_t cudaEventCreateFromEGLSync(cudaEvent_t *phEvent, EGLSyncKHR eglSync, unsigned int flags);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_EGL_INTEROP_H */
