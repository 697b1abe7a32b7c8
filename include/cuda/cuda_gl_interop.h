/* SPDX-License-Identifier: MIT */
/*
 * cuda_gl_interop.h - OpenGL interoperability, declared so that programs
 * which include it (the graphics samples, with their compute paths) build.
 * idxgen has no OpenGL device to share buffers or textures with: every
 * registration answers cudaErrorNotSupported, so a program learns at run
 * time, with CUDA's error, that interop is not there (lib/cudart/README.md,
 * "Graphics interoperability").  Our own header, C11 and C++11; names and
 * values are CUDA 12's.  As NVIDIA's, it brings in <GL/gl.h> where it is
 * installed; otherwise it declares the two GL types its calls name.
 */
#ifndef IDXGEN_CUDA_GL_INTEROP_H
#define IDXGEN_CUDA_GL_INTEROP_H
/* NVIDIA's include guard (code tests it) */
#define __CUDA_GL_INTEROP_H__

#include "cuda_runtime_api.h"

#if defined(__has_include)
#if __has_include(<GL/gl.h>)
#include <GL/gl.h>
#define IDXGEN_CUDA_GL_H_INCLUDED 1
#endif
#endif
#ifndef IDXGEN_CUDA_GL_H_INCLUDED
/* the types of <GL/gl.h>, the same (a repeated identical typedef is allowed) */
typedef unsigned int GLuint;
typedef unsigned int GLenum;
#endif

#ifdef __cplusplus
extern "C" {
#endif

enum cudaGLDeviceList {
	cudaGLDeviceListAll = 1,
	cudaGLDeviceListCurrentFrame = 2,
	cudaGLDeviceListNextFrame = 3
};

/* deprecated in CUDA (the buffer-object calls below) */
enum cudaGLMapFlags {
	cudaGLMapFlagsNone = 0,
	cudaGLMapFlagsReadOnly = 1,
	cudaGLMapFlagsWriteDiscard = 2
};

cudaError_t cudaGLGetDevices(unsigned int *cuda_device_count, int *cuda_devices,
			     unsigned int cuda_device_slots, enum cudaGLDeviceList device_list);
cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource, GLuint image,
					GLenum target, unsigned int flags);
cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource, GLuint buffer,
					 unsigned int flags);

cudaError_t cudaGLSetGLDevice(int device);
cudaError_t cudaGLRegisterBufferObject(GLuint buffer);
cudaError_t cudaGLMapBufferObject(void **dev_ptr, GLuint buffer);
cudaError_t cudaGLUnmapBufferObject(GLuint buffer);
cudaError_t cudaGLUnregisterBufferObject(GLuint buffer);
cudaError_t cudaGLSetBufferObjectMapFlags(GLuint buffer, unsigned int flags);
cudaError_t cudaGLMapBufferObjectAsync(void **dev_ptr, GLuint buffer, cudaStream_t stream);
cudaError_t cudaGLUnmapBufferObjectAsync(GLuint buffer, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_GL_INTEROP_H */
