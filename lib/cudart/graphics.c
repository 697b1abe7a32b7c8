// SPDX-License-Identifier: MIT
/*
 * graphics.c - graphics interoperability (cuda_runtime_api.h's
 * cudaGraphics* calls, cuda_gl_interop.h).  There is no OpenGL (or EGL,
 * Direct3D, Vulkan) device here whose buffers and textures CUDA could
 * share: registering one answers cudaErrorNotSupported and leaves the
 * caller's handle alone, so no resource ever exists and every call on one
 * is cudaErrorInvalidResourceHandle (CUDA's answer for a handle it did not
 * give).  The deprecated buffer-object calls are refused as registration.
 */
#pragma GCC visibility push(default)
#include "cuda_gl_interop.h"
#pragma GCC visibility pop

#include "cudart.h"

static cudaError_t no_resource(const void *resource)
{
	CUDART_STICKY_RETURN();
	return cudart_set_error(resource ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
}

cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource)
{
	return no_resource(resource);
}

cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource, unsigned int flags)
{
	CUDART_STICKY_RETURN();
	if (flags > cudaGraphicsMapFlagsWriteDiscard)
		return cudart_set_error(cudaErrorInvalidValue);
	return no_resource(resource);
}

static cudaError_t map_some(int count, cudaGraphicsResource_t *resources)
{
	CUDART_STICKY_RETURN();
	if (count <= 0 || !resources)
		return cudart_set_error(cudaErrorInvalidValue);
	return no_resource(resources[0]);
}

cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream)
{
	(void)stream;
	return map_some(count, resources);
}

cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources,
				       cudaStream_t stream)
{
	(void)stream;
	return map_some(count, resources);
}

cudaError_t cudaGraphicsResourceGetMappedPointer(void **dev_ptr, size_t *size,
						 cudaGraphicsResource_t resource)
{
	CUDART_STICKY_RETURN();
	if (!dev_ptr || !size)
		return cudart_set_error(cudaErrorInvalidValue);
	return no_resource(resource);
}

cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *array, cudaGraphicsResource_t resource,
						  unsigned int array_index, unsigned int mip_level)
{
	(void)array_index, (void)mip_level;
	CUDART_STICKY_RETURN();
	if (!array)
		return cudart_set_error(cudaErrorInvalidValue);
	return no_resource(resource);
}

cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *mipmapped_array,
							cudaGraphicsResource_t resource)
{
	CUDART_STICKY_RETURN();
	if (!mipmapped_array)
		return cudart_set_error(cudaErrorInvalidValue);
	return no_resource(resource);
}

/* No CUDA device belongs to an OpenGL context here. */
cudaError_t cudaGLGetDevices(unsigned int *cuda_device_count, int *cuda_devices,
			     unsigned int cuda_device_slots, enum cudaGLDeviceList device_list)
{
	(void)cuda_devices, (void)cuda_device_slots;
	CUDART_STICKY_RETURN();
	if (!cuda_device_count || device_list < cudaGLDeviceListAll ||
	    device_list > cudaGLDeviceListNextFrame)
		return cudart_set_error(cudaErrorInvalidValue);
	*cuda_device_count = 0;
	return cudart_set_error(cudaErrorNotSupported);
}

static cudaError_t no_gl(const void *out)
{
	CUDART_STICKY_RETURN();
	if (!out)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(cudaErrorNotSupported);
}

cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource, GLuint image,
					GLenum target, unsigned int flags)
{
	(void)image, (void)target, (void)flags;
	return no_gl(resource);
}

cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource, GLuint buffer,
					 unsigned int flags)
{
	(void)buffer, (void)flags;
	return no_gl(resource);
}

cudaError_t cudaGLSetGLDevice(int device)
{
	(void)device;
	return no_gl("");
}

cudaError_t cudaGLRegisterBufferObject(GLuint buffer)
{
	(void)buffer;
	return no_gl("");
}

cudaError_t cudaGLMapBufferObject(void **dev_ptr, GLuint buffer)
{
	(void)buffer;
	return no_gl(dev_ptr);
}

cudaError_t cudaGLUnmapBufferObject(GLuint buffer)
{
	(void)buffer;
	return no_gl("");
}

cudaError_t cudaGLUnregisterBufferObject(GLuint buffer)
{
	(void)buffer;
	return no_gl("");
}

cudaError_t cudaGLSetBufferObjectMapFlags(GLuint buffer, unsigned int flags)
{
	(void)buffer, (void)flags;
	return no_gl("");
}

cudaError_t cudaGLMapBufferObjectAsync(void **dev_ptr, GLuint buffer, cudaStream_t stream)
{
	(void)buffer, (void)stream;
	return no_gl(dev_ptr);
}

cudaError_t cudaGLUnmapBufferObjectAsync(GLuint buffer, cudaStream_t stream)
{
	(void)buffer, (void)stream;
	return no_gl("");
}
