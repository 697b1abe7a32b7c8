/* SPDX-License-Identifier: MIT */
/*
 * cudaEGL.h - EGL interoperability of the driver API (EGL images, streams
 * and syncs shared with CUDA), declared so that programs which include it
 * build.  idxgen has no EGL device whose images or streams CUDA could
 * share: registering an image, connecting to a stream and making an event
 * of an EGL sync answer CUDA_ERROR_NOT_SUPPORTED with the caller's handle
 * untouched, and since no connection or resource can exist, a call on one
 * is CUDA_ERROR_INVALID_HANDLE (lib/cudart/README.md, "Graphics
 * interoperability").  Our own header, C11 and C++11; CUDA's names, values
 * and layouts.  As NVIDIA's, it brings in <EGL/egl.h> and <EGL/eglext.h>
 * where installed; otherwise it declares the EGL types its calls name.
 */
#ifndef IDXGEN_CUDA_EGL_H
#define IDXGEN_CUDA_EGL_H
/* NVIDIA's include guard (code tests it) */
#define CUDAEGL_H

#include <stdint.h>

#include "cuda.h"

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

#define MAX_PLANES 3
#define CUDA_EGL_INFINITE_TIMEOUT 0xFFFFFFFF

typedef struct CUgraphicsResource_st *CUgraphicsResource;

typedef enum CUeglFrameType_enum { CU_EGL_FRAME_TYPE_ARRAY = 0, CU_EGL_FRAME_TYPE_PITCH = 1 } CUeglFrameType;

typedef enum CUeglResourceLocationFlags_enum {
	CU_EGL_RESOURCE_LOCATION_SYSMEM = 0x00,
	CU_EGL_RESOURCE_LOCATION_VIDMEM = 0x01
} CUeglResourceLocationFlags;

typedef enum CUeglColorFormat_enum {
	CU_EGL_COLOR_FORMAT_YUV420_PLANAR = 0,
	CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR = 1,
	CU_EGL_COLOR_FORMAT_YUV422_PLANAR = 2,
	CU_EGL_COLOR_FORMAT_YUV422_SEMIPLANAR = 3,
	CU_EGL_COLOR_FORMAT_RGB = 4,
	CU_EGL_COLOR_FORMAT_BGR = 5,
	CU_EGL_COLOR_FORMAT_ARGB = 6,
	CU_EGL_COLOR_FORMAT_RGBA = 7,
	CU_EGL_COLOR_FORMAT_L = 8,
	CU_EGL_COLOR_FORMAT_R = 9,
	CU_EGL_COLOR_FORMAT_YUV444_PLANAR = 10,
	CU_EGL_COLOR_FORMAT_YUV444_SEMIPLANAR = 11,
	CU_EGL_COLOR_FORMAT_YUYV_422 = 12,
	CU_EGL_COLOR_FORMAT_UYVY_422 = 13,
	CU_EGL_COLOR_FORMAT_ABGR = 14,
	CU_EGL_COLOR_FORMAT_BGRA = 15,
	CU_EGL_COLOR_FORMAT_A = 16,
	CU_EGL_COLOR_FORMAT_RG = 17,
	CU_EGL_COLOR_FORMAT_AYUV = 18,
	CU_EGL_COLOR_FORMAT_YVU444_SEMIPLANAR = 19,
	CU_EGL_COLOR_FORMAT_YVU422_SEMIPLANAR = 20,
	CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR = 21,
	CU_EGL_COLOR_FORMAT_Y10V10U10_444_SEMIPLANAR = 22,
	CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR = 23,
	CU_EGL_COLOR_FORMAT_Y12V12U12_444_SEMIPLANAR = 24,
	CU_EGL_COLOR_FORMAT_Y12V12U12_420_SEMIPLANAR = 25,
	CU_EGL_COLOR_FORMAT_VYUY_ER = 26,
	CU_EGL_COLOR_FORMAT_UYVY_ER = 27,
	CU_EGL_COLOR_FORMAT_YUYV_ER = 28,
	CU_EGL_COLOR_FORMAT_YVYU_ER = 29,
	CU_EGL_COLOR_FORMAT_YUV_ER = 30,
	CU_EGL_COLOR_FORMAT_YUVA_ER = 31,
	CU_EGL_COLOR_FORMAT_AYUV_ER = 32,
	CU_EGL_COLOR_FORMAT_YUV444_PLANAR_ER = 33,
	CU_EGL_COLOR_FORMAT_YUV422_PLANAR_ER = 34,
	CU_EGL_COLOR_FORMAT_YUV420_PLANAR_ER = 35,
	CU_EGL_COLOR_FORMAT_YUV444_SEMIPLANAR_ER = 36,
	CU_EGL_COLOR_FORMAT_YUV422_SEMIPLANAR_ER = 37,
	CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR_ER = 38,
	CU_EGL_COLOR_FORMAT_YVU444_PLANAR_ER = 39,
	CU_EGL_COLOR_FORMAT_YVU422_PLANAR_ER = 40,
	CU_EGL_COLOR_FORMAT_YVU420_PLANAR_ER = 41,
	CU_EGL_COLOR_FORMAT_YVU444_SEMIPLANAR_ER = 42,
	CU_EGL_COLOR_FORMAT_YVU422_SEMIPLANAR_ER = 43,
	CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR_ER = 44,
	CU_EGL_COLOR_FORMAT_BAYER_RGGB = 45,
	CU_EGL_COLOR_FORMAT_BAYER_BGGR = 46,
	CU_EGL_COLOR_FORMAT_BAYER_GRBG = 47,
	CU_EGL_COLOR_FORMAT_BAYER_GBRG = 48,
	CU_EGL_COLOR_FORMAT_BAYER10_RGGB = 49,
	CU_EGL_COLOR_FORMAT_BAYER10_BGGR = 50,
	CU_EGL_COLOR_FORMAT_BAYER10_GRBG = 51,
	CU_EGL_COLOR_FORMAT_BAYER10_GBRG = 52,
	CU_EGL_COLOR_FORMAT_BAYER12_RGGB = 53,
	CU_EGL_COLOR_FORMAT_BAYER12_BGGR = 54,
	CU_EGL_COLOR_FORMAT_BAYER12_GRBG = 55,
	CU_EGL_COLOR_FORMAT_BAYER12_GBRG = 56,
	CU_EGL_COLOR_FORMAT_BAYER14_RGGB = 57,
	CU_EGL_COLOR_FORMAT_BAYER14_BGGR = 58,
	CU_EGL_COLOR_FORMAT_BAYER14_GRBG = 59,
	CU_EGL_COLOR_FORMAT_BAYER14_GBRG = 60,
	CU_EGL_COLOR_FORMAT_BAYER20_RGGB = 61,
	CU_EGL_COLOR_FORMAT_BAYER20_BGGR = 62,
	CU_EGL_COLOR_FORMAT_BAYER20_GRBG = 63,
	CU_EGL_COLOR_FORMAT_BAYER20_GBRG = 64,
	CU_EGL_COLOR_FORMAT_YVU444_PLANAR = 65,
	CU_EGL_COLOR_FORMAT_YVU422_PLANAR = 66,
	CU_EGL_COLOR_FORMAT_YVU420_PLANAR = 67,
	CU_EGL_COLOR_FORMAT_BAYER_ISP_RGGB = 68,
	CU_EGL_COLOR_FORMAT_BAYER_ISP_BGGR = 69,
	CU_EGL_COLOR_FORMAT_BAYER_ISP_GRBG = 70,
	CU_EGL_COLOR_FORMAT_BAYER_ISP_GBRG = 71,
	CU_EGL_COLOR_FORMAT_BAYER_BCCR = 72,
	CU_EGL_COLOR_FORMAT_BAYER_RCCB = 73,
	CU_EGL_COLOR_FORMAT_BAYER_CRBC = 74,
	CU_EGL_COLOR_FORMAT_BAYER_CBRC = 75,
	CU_EGL_COLOR_FORMAT_BAYER10_CCCC = 76,
	CU_EGL_COLOR_FORMAT_BAYER12_BCCR = 77,
	CU_EGL_COLOR_FORMAT_BAYER12_RCCB = 78,
	CU_EGL_COLOR_FORMAT_BAYER12_CRBC = 79,
	CU_EGL_COLOR_FORMAT_BAYER12_CBRC = 80,
	CU_EGL_COLOR_FORMAT_BAYER12_CCCC = 81,
	CU_EGL_COLOR_FORMAT_Y = 82,
	CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR_2020 = 83,
	CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR_2020 = 84,
	CU_EGL_COLOR_FORMAT_YUV420_PLANAR_2020 = 85,
	CU_EGL_COLOR_FORMAT_YVU420_PLANAR_2020 = 86,
	CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR_709 = 87,
	CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR_709 = 88,
	CU_EGL_COLOR_FORMAT_YUV420_PLANAR_709 = 89,
	CU_EGL_COLOR_FORMAT_YVU420_PLANAR_709 = 90,
	CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR_709 = 91,
	CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR_2020 = 92,
	CU_EGL_COLOR_FORMAT_Y10V10U10_422_SEMIPLANAR_2020 = 93,
	CU_EGL_COLOR_FORMAT_Y10V10U10_422_SEMIPLANAR = 94,
	CU_EGL_COLOR_FORMAT_Y10V10U10_422_SEMIPLANAR_709 = 95,
	CU_EGL_COLOR_FORMAT_Y_ER = 96,
	CU_EGL_COLOR_FORMAT_Y_709_ER = 97,
	CU_EGL_COLOR_FORMAT_Y10_ER = 98,
	CU_EGL_COLOR_FORMAT_Y10_709_ER = 99,
	CU_EGL_COLOR_FORMAT_Y12_ER = 100,
	CU_EGL_COLOR_FORMAT_Y12_709_ER = 101,
	CU_EGL_COLOR_FORMAT_YUVA = 102,
	CU_EGL_COLOR_FORMAT_YUV = 103,
	CU_EGL_COLOR_FORMAT_YVYU = 104,
	CU_EGL_COLOR_FORMAT_VYUY = 105,
	CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR_ER = 106,
	CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR_709_ER = 107,
	CU_EGL_COLOR_FORMAT_Y10V10U10_444_SEMIPLANAR_ER = 108,
	CU_EGL_COLOR_FORMAT_Y10V10U10_444_SEMIPLANAR_709_ER = 109,
	CU_EGL_COLOR_FORMAT_Y12V12U12_420_SEMIPLANAR_ER = 110,
	CU_EGL_COLOR_FORMAT_Y12V12U12_420_SEMIPLANAR_709_ER = 111,
	CU_EGL_COLOR_FORMAT_Y12V12U12_444_SEMIPLANAR_ER = 112,
	CU_EGL_COLOR_FORMAT_Y12V12U12_444_SEMIPLANAR_709_ER = 113,
	CU_EGL_COLOR_FORMAT_UYVY_709 = 114,
	CU_EGL_COLOR_FORMAT_UYVY_709_ER = 115,
	CU_EGL_COLOR_FORMAT_UYVY_2020 = 116,
	CU_EGL_COLOR_FORMAT_MAX = 117
} CUeglColorFormat;

typedef struct CUeglFrame_st {
	union {
		CUarray pArray[MAX_PLANES];
		void *pPitch[MAX_PLANES];
	} frame;
	unsigned int width;
	unsigned int height;
	unsigned int depth;
	unsigned int pitch;
	unsigned int planeCount;
	unsigned int numChannels;
	CUeglFrameType frameType;
	CUeglColorFormat eglColorFormat;
	CUarray_format cuFormat;
} CUeglFrame_v1;
typedef CUeglFrame_v1 CUeglFrame;

typedef struct CUeglStreamConnection_st *CUeglStreamConnection;

CUresult cuGraphicsEGLRegisterImage(CUgraphicsResource *pCudaResource, EGLImageKHR image, unsigned int flags);
CUresult cuEGLStreamConsumerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream);
CUresult cuEGLStreamConsumerConnectWithFlags(CUeglStreamConnection *conn, EGLStreamKHR stream, unsigned int flags);
CUresult cuEGLStreamConsumerDisconnect(CUeglStreamConnection *conn);
CUresult cuEGLStreamConsumerAcquireFrame(CUeglStreamConnection *conn, CUgraphicsResource *pCudaResource,
					 CUstream *pStream, unsigned int timeout);
CUresult cuEGLStreamConsumerReleaseFrame(CUeglStreamConnection *conn, CUgraphicsResource pCudaResource,
					 CUstream *pStream);
CUresult cuEGLStreamProducerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream, EGLint width, EGLint height);
CUresult cuEGLStreamProducerDisconnect(CUeglStreamConnection *conn);
CUresult cuEGLStreamProducerPresentFrame(CUeglStreamConnection *conn, CUeglFrame eglframe, CUstream *pStream);
CUresult cuEGLStreamProducerReturnFrame(CUeglStreamConnection *conn, CUeglFrame *eglframe, CUstream *pStream);
CUresult cuGraphicsResourceGetMappedEglFrame(CUeglFrame *eglFrame, CUgraphicsResource resource, unsigned int index,
					     unsigned int mipLevel);
CUresult cuEventCreateFromEGLSync(CUevent *phEvent, EGLSyncKHR eglSync, unsigned int flags);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_EGL_H */
