/* SPDX-License-Identifier: MIT */
/*
 * cuda_runtime_api.h - the CUDA runtime API (C functions) of idxgen's CUDA
 * runtime, libidxgen_cudart (lib/cudart, on the SPMD CPU runtime of
 * include/idxgen_rt.h).  Our own header, C11 and C++11; its subset and
 * semantics are documented in lib/cudart/README.md.
 *
 * ONE ADDRESS SPACE.  Kernels run on the CPU: "device" memory is host
 * memory, every pointer is valid on both sides, cudaMemcpy of any kind is
 * a memory copy, and a __device__/__constant__ symbol is its host address.
 * The API still checks what CUDA checks (sizes, kinds, handles, pointers
 * it allocated) and returns CUDA's error codes; it never aborts.
 *
 * ===================================================================
 * THE LAUNCH ABI  (IDXGEN_CUDART_ABI_VERSION 1): what a translator emits
 * ===================================================================
 *
 * A __global__ function k becomes three things (kernel ABI of idxgen_rt.h
 * for the first two):
 *
 *  1. its block function and its descriptor, `static const struct
 *     idxgen_rt_kernel k__kernel` (with arg_sizes set: stream launches copy
 *     the argument values, as CUDA does);
 *  2. a HOST STUB with k's own name and parameter list, so that host code
 *     that names k (cudaLaunchKernel((const void *)k, ...),
 *     cudaFuncGetAttributes(&a, k), a function pointer to k) gets the
 *     stub's address, the kernel's identity:
 *
 *	void k(float *a, int n)
 *	{
 *		void *args[] = { &a, &n };
 *		__idxgenLaunchStub((const void *)k, &k__kernel, args);
 *	}
 *
 *     (a kernel without parameters passes args = NULL);
 *  3. a registration at load time, from a constructor (C: GCC's
 *     __attribute__((constructor)); C++: the same, or a static object),
 *     so that cudaLaunchKernel and cudaFuncGetAttributes find k by its
 *     host address before its first <<<>>>:
 *
 *	__attribute__((constructor)) static void k__register(void)
 *	{
 *		__idxgenRegisterFunction((const void *)k, &k__kernel);
 *		__idxgenRegisterParamAligns((const void *)k, k__arg_aligns);
 *	}
 *
 *     (the second call optional: the parameters' alignments, alignof of
 *     each, with which cudaFuncGetParamInfo places them in CUDA's
 *     parameter buffer; without it that call answers cudaErrorNotSupported).
 *
 * A launch `k<<<grid, block, shmem, stream>>>(x, y)` becomes, as with
 * nvcc, a configuration push followed by a call of the stub (the stub's
 * parameter types convert the arguments, C's rules):
 *
 *	(__idxgenPushCallConfiguration(IDXGEN_DIM3(grid), IDXGEN_DIM3(block),
 *				       shmem, stream) ? (void)0 : k(x, y))
 *
 * shmem and stream default to 0.  IDXGEN_DIM3(v) makes a dim3 of an
 * integer or of a dim3/uint3 (in C++ dim3's constructors do that and it
 * may be omitted).  The push returns 0 when it stored the configuration
 * (per host thread); __idxgenLaunchStub pops it and launches k with it,
 * exactly as cudaLaunchKernel((const void *)k, grid, block, args, shmem,
 * stream) would: same checks, same errors (also returned by
 * cudaGetLastError), same stream semantics.  A stub called without a
 * pushed configuration fails with cudaErrorMissingConfiguration.
 * A launch written in device code (dynamic parallelism) pushes with
 * __idxgenPushDeviceCallConfiguration instead: the stub then runs the
 * child grid to completion before it returns (lib/cudart/device_launch.c).
 *
 * __device__ and __constant__ variables are registered the same way with
 * their size, for cudaMemcpyToSymbol/FromSymbol/GetSymbolAddress/
 * GetSymbolSize (the translator keeps them as ordinary global objects):
 *
 *	__idxgenRegisterVar((const void *)&c_coef, sizeof(c_coef), "c_coef");
 *
 * Registrations are process-wide and survive cudaDeviceReset; registering
 * the same address again replaces the entry.  All of this is declared
 * below; translated code includes <cuda_runtime.h> (and <idxgen_rt.h> for
 * the descriptor).
 */
#ifndef IDXGEN_CUDA_RUNTIME_API_H
#define IDXGEN_CUDA_RUNTIME_API_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __CUDA_RUNTIME_API_H__

#include <limits.h> /* INT_MAX & co.: nvcc's implicit cuda_runtime.h makes them visible */
#include <time.h>   /* clock() in kernels (the clock sample): nvcc's cuda_runtime.h includes it too */
#include <stddef.h>

#include "device_types.h"
#include "driver_types.h"
#include "driver_functions.h"
#include "surface_types.h"
#include "texture_types.h"
#include "vector_types.h"

/* The CUDA runtime version whose API this subset follows (12.0). */
#define CUDART_VERSION		12000
#define __CUDART_API_VERSION	CUDART_VERSION
#define IDXGEN_CUDART_ABI_VERSION 1

#ifdef __cplusplus
extern "C" {
#define IDXGEN_CUDA__DEFAULT(v) = v
#else
#define IDXGEN_CUDA__DEFAULT(v)
#endif

struct idxgen_rt_kernel;
struct idxgen_rt_block;

/* Errors */
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t err);
const char *cudaGetErrorName(cudaError_t err);

/* Device */
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceFlags(unsigned int *flags);
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaThreadSynchronize(void);	/* deprecated alias */
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config);
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *config);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit);
cudaError_t cudaDriverGetVersion(int *version);
cudaError_t cudaRuntimeGetVersion(int *version);
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes);

/* Graphics interoperability: no graphics resource can be registered here (graphics.c) */
cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource, unsigned int flags);
cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources,
				     cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources,
				       cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaGraphicsResourceGetMappedPointer(void **dev_ptr, size_t *size,
						 cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *array, cudaGraphicsResource_t resource,
						  unsigned int array_index, unsigned int mip_level);
cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *mipmapped_array,
							cudaGraphicsResource_t resource);

/* A channel format (channel_descriptor.h has the C++ template forms): compat.c */
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);

/* Removed from CUDA 12 (the classic suites call them) and one-device answers: compat.c */
cudaError_t cudaThreadExit(void);
/* doubles need no conversion here (CUDA 12 removed the calls) */
cudaError_t cudaSetDoubleForDevice(double *d);
cudaError_t cudaSetDoubleForHost(double *d);
/* one device: a cooperative launch of the one parameter set (CUDA 12 removed it) */
struct cudaLaunchParams {
	void *func;
	dim3 gridDim;
	dim3 blockDim;
	void **args;
	size_t sharedMem;
	cudaStream_t stream;
};
#ifndef cudaCooperativeLaunchMultiDeviceNoPreSync
#define cudaCooperativeLaunchMultiDeviceNoPreSync 0x01
#define cudaCooperativeLaunchMultiDeviceNoPostSync 0x02
#endif
cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *launchParamsList, unsigned int numDevices,
						   unsigned int flags IDXGEN_CUDA__DEFAULT(0));
/*
 * The execution control of CUDA 10 and before (legacy_launch.c): a
 * configuration pushed, the arguments copied into the parameter area at
 * their offsets, the launch of a kernel by its address.
 */
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem IDXGEN_CUDA__DEFAULT(0),
			      cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaSetupArgument(const void *arg, size_t size, size_t offset);
cudaError_t cudaLaunch(const void *func);
cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit);
cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache config);
cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *config);
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *config);
cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config);
cudaError_t cudaInitDevice(int device, unsigned int device_flags, unsigned int flags);
cudaError_t cudaSetValidDevices(int *devices, int len);
cudaError_t cudaDeviceGetPCIBusId(char *bus_id, int len, int device);
cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *bus_id);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *bytes, const void *func, int blocks, int block_size);
cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream IDXGEN_CUDA__DEFAULT(0),
				     unsigned int flags IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemcpyPeerAsync(void *dst, int dst_device, const void *src, int src_device, size_t count,
				cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemset2DAsync(void *ptr, size_t pitch, int value, size_t width, size_t height,
			      cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));

/* Memory (one address space: every pointer is valid on host and device) */
cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaMallocManaged(void **ptr, size_t size,
			      unsigned int flags IDXGEN_CUDA__DEFAULT(cudaMemAttachGlobal));
cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaHostGetDevicePointer(void **dptr, void *hptr, unsigned int flags);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attr, const void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
			    cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
			 size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemset(void *ptr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count,
			    cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count, int device,
				 cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemAdvise(const void *ptr, size_t count, enum cudaMemoryAdvise advice, int device);
/* CUDA 12.2's forms with a location (CUDA 13 names them without _v2: C++
 * overloads in cuda_runtime.h); flags must be 0 */
cudaError_t cudaMemPrefetchAsync_v2(const void *ptr, size_t count, struct cudaMemLocation location,
				    unsigned int flags, cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemAdvise_v2(const void *ptr, size_t count, enum cudaMemoryAdvise advice,
			     struct cudaMemLocation location);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *ptr,
				     size_t length IDXGEN_CUDA__DEFAULT(0),
				     unsigned int flags IDXGEN_CUDA__DEFAULT(cudaMemAttachSingle));
cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaStream_t stream);
cudaError_t cudaFreeAsync(void *ptr, cudaStream_t stream);
/* Memory pools: accounting and attributes; memory comes from the one address space */
cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool,
				    cudaStream_t stream);
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device);
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool);
cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList,
				 size_t count);
cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool,
				 struct cudaMemLocation *location);
/* One process: no shareable handles (cudaErrorNotSupported, README) */
cudaError_t cudaMemPoolExportToShareableHandle(void *shareableHandle, cudaMemPool_t memPool,
					       enum cudaMemAllocationHandleType handleType,
					       unsigned int flags);
cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *memPool, void *shareableHandle,
						 enum cudaMemAllocationHandleType handleType,
						 unsigned int flags);
cudaError_t cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *exportData, void *ptr);
cudaError_t cudaMemPoolImportPointer(void **ptr, cudaMemPool_t memPool,
				     struct cudaMemPoolPtrExportData *exportData);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
			      size_t width, size_t height, enum cudaMemcpyKind kind,
			      cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemset2D(void *ptr, size_t pitch, int value, size_t width, size_t height);
/* Pitched and 3-D linear memory (extent in bytes), CUDA arrays (extent in elements) */
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
			      cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p);
cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p,
				  cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemRangeGetAttribute(void *data, size_t dataSize, enum cudaMemRangeAttribute attribute,
				     const void *devPtr, size_t count);
cudaError_t cudaMemRangeGetAttributes(void **data, size_t *dataSizes,
				      enum cudaMemRangeAttribute *attributes, size_t numAttributes,
				      const void *devPtr, size_t count);
/* Other processes' memory and events: cudaErrorNotSupported (README). */
cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr);
cudaError_t cudaIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags);
cudaError_t cudaIpcCloseMemHandle(void *devPtr);
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle, cudaEvent_t event);
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event, cudaIpcEventHandle_t handle);
cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent);
cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value,
			      struct cudaExtent extent, cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
/* Texture and surface objects (texture.c; reads in texture_fetch_functions.h) */
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
				    const struct cudaResourceDesc *pResDesc,
				    const struct cudaTextureDesc *pTexDesc,
				    const struct cudaResourceViewDesc *pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
					     cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
					    cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
						 cudaTextureObject_t texObject);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
				    const struct cudaResourceDesc *pResDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
					     cudaSurfaceObject_t surfObject);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array);
/* Legacy texture references (texref.c; the texture<> template in cuda_texture_types.h) */
cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref, const void *devPtr,
			    const struct cudaChannelFormatDesc *desc, size_t size IDXGEN_CUDA__DEFAULT(UINT_MAX));
cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref, const void *devPtr,
			      const struct cudaChannelFormatDesc *desc, size_t width, size_t height,
			      size_t pitch);
cudaError_t cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array,
				   const struct cudaChannelFormatDesc *desc);
cudaError_t cudaBindTextureToMipmappedArray(const struct textureReference *texref,
					    cudaMipmappedArray_const_t mipmappedArray,
					    const struct cudaChannelFormatDesc *desc);
cudaError_t cudaUnbindTexture(const struct textureReference *texref);
cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct textureReference *texref);
cudaError_t cudaGetTextureReference(const struct textureReference **texref, const void *symbol);
/* Legacy surface references (surfref.c; the surface<> template in cuda_surface_types.h) */
cudaError_t cudaBindSurfaceToArray(const struct surfaceReference *surfref, cudaArray_const_t array,
				   const struct cudaChannelFormatDesc *desc);
cudaError_t cudaGetSurfaceReference(const struct surfaceReference **surfref, const void *symbol);
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
			    size_t width, size_t height IDXGEN_CUDA__DEFAULT(0),
			    unsigned int flags IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
			      struct cudaExtent extent, unsigned int flags IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
			     unsigned int *flags, cudaArray_t array);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
				size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
				     const void *src, size_t spitch, size_t width, size_t height,
				     enum cudaMemcpyKind kind,
				     cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
				  size_t hOffset, size_t width, size_t height,
				  enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
				       size_t wOffset, size_t hOffset, size_t width, size_t height,
				       enum cudaMemcpyKind kind,
				       cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
				     cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
				     size_t width, size_t height,
				     enum cudaMemcpyKind kind IDXGEN_CUDA__DEFAULT(cudaMemcpyDeviceToDevice));
/* The 1-D array copies CUDA 12 deprecated and CUDA 13 removed (classic programs call them). */
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
			      size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
				   size_t count, enum cudaMemcpyKind kind,
				   cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
				size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, size_t wOffset,
				     size_t hOffset, size_t count, enum cudaMemcpyKind kind,
				     cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
				   cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
				   size_t count,
				   enum cudaMemcpyKind kind IDXGEN_CUDA__DEFAULT(cudaMemcpyDeviceToDevice));
cudaError_t cudaMemcpyPeer(void *dst, int dst_device, const void *src, int src_device,
			   size_t count);
cudaError_t cudaDeviceCanAccessPeer(int *can, int device, int peer);
cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice,
				      int dstDevice);
cudaError_t cudaCtxResetPersistingL2Cache(void);

/* Symbols (__device__/__constant__ variables registered by translated code) */
cudaError_t
cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
		   size_t offset IDXGEN_CUDA__DEFAULT(0),
		   enum cudaMemcpyKind kind IDXGEN_CUDA__DEFAULT(cudaMemcpyHostToDevice));
cudaError_t
cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
		     size_t offset IDXGEN_CUDA__DEFAULT(0),
		     enum cudaMemcpyKind kind IDXGEN_CUDA__DEFAULT(cudaMemcpyDeviceToHost));
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
				    size_t offset, enum cudaMemcpyKind kind,
				    cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
				      enum cudaMemcpyKind kind,
				      cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaGetSymbolAddress(void **ptr, const void *symbol);
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);

/* Streams: in-order queues; the legacy default stream (0) synchronises
 * with every blocking stream (created without cudaStreamNonBlocking). */
cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned int flags, int priority);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
				unsigned int flags IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags);
cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority);
cudaError_t cudaStreamGetDevice(cudaStream_t stream, int *device);
cudaError_t cudaStreamGetId(cudaStream_t stream, unsigned long long *id);
cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *user_data);
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *user_data);
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
				  void *user_data, unsigned int flags);

/* Stream capture: work queued in a capturing stream becomes graph nodes. */
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
					  const cudaGraphNode_t *dependencies,
					  const cudaGraphEdgeData *dependencyData,
					  size_t numDependencies, enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus);
/* CUDA 12's form (CUDA 13 adds edgeData_out: its form is a C++ overload in cuda_runtime.h) */
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
				     unsigned long long *id_out IDXGEN_CUDA__DEFAULT(0),
				     cudaGraph_t *graph_out IDXGEN_CUDA__DEFAULT(0),
				     const cudaGraphNode_t **dependencies_out IDXGEN_CUDA__DEFAULT(0),
				     size_t *numDependencies_out IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
						size_t numDependencies,
						unsigned int flags IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode);

/* Graphs: nodes run in dependency order when launched (lib/cudart/graph*.c) */
cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);
cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				   const cudaGraphNode_t *pDependencies, size_t numDependencies,
				   const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				   const cudaGraphNode_t *pDependencies, size_t numDependencies,
				   const struct cudaMemcpy3DParms *pCopyParams);
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				     const cudaGraphNode_t *pDependencies, size_t numDependencies,
				     void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				   const cudaGraphNode_t *pDependencies, size_t numDependencies,
				   const struct cudaMemsetParams *pMemsetParams);
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				 const cudaGraphNode_t *pDependencies, size_t numDependencies,
				 const struct cudaHostNodeParams *pNodeParams);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				  const cudaGraphNode_t *pDependencies, size_t numDependencies);
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				       const cudaGraphNode_t *pDependencies, size_t numDependencies,
				       cudaGraph_t childGraph);
cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					const cudaGraphNode_t *pDependencies, size_t numDependencies,
					cudaEvent_t event);
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				      const cudaGraphNode_t *pDependencies, size_t numDependencies,
				      cudaEvent_t event);
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				     const cudaGraphNode_t *pDependencies, size_t numDependencies,
				     struct cudaMemAllocNodeParams *nodeParams);
cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node,
					   struct cudaMemAllocNodeParams *params_out);
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				    const cudaGraphNode_t *pDependencies, size_t numDependencies,
				    void *dptr);
cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out);
cudaError_t cudaDeviceGraphMemTrim(int device);
cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr,
					   void *value);
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr,
					   void *value);
/* CUDA 12's forms (CUDA 13 adds edgeData: C++ overloads in cuda_runtime.h) */
cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
				     const cudaGraphNode_t *to, size_t numDependencies);
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
					const cudaGraphNode_t *to, size_t numDependencies);
cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
			      size_t *numEdges);
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
					 size_t *pNumDependencies);
cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
					   size_t *pNumDependentNodes);
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes);
cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes,
				  size_t *pNumRootNodes);
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType);
cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node);
cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
				     cudaGraph_t clonedGraph);
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
					 const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *pNodeParams);
cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node,
					 const struct cudaMemcpy3DParms *pNodeParams);
cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
					   size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *pNodeParams);
cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node,
					 const struct cudaMemsetParams *pNodeParams);
cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *pNodeParams);
cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node,
				       const struct cudaHostNodeParams *pNodeParams);
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph);
cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out);
cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out);
cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
				 unsigned long long flags IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
					  unsigned long long flags IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
					   cudaGraphInstantiateParams *instantiateParams);
cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags);
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
					     const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
					     const struct cudaMemcpy3DParms *pNodeParams);
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
					       void *dst, const void *src, size_t count,
					       enum cudaMemcpyKind kind);
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
					     const struct cudaMemsetParams *pNodeParams);
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
					   const struct cudaHostNodeParams *pNodeParams);
cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
						 cudaGraph_t childGraph);
cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
						 cudaEvent_t event);
cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
					       cudaEvent_t event);
cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
				    unsigned int isEnabled);
cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
				    unsigned int *isEnabled);
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
				cudaGraphExecUpdateResultInfo *resultInfo);
cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags);
/* Driver functions by name (driver.c: those of cuda.h; others are not found). */
cudaError_t cudaGetDriverEntryPoint(const char *symbol, void **funcPtr, unsigned long long flags,
				    enum cudaDriverEntryPointQueryResult *driverStatus IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **funcPtr, unsigned int cudaVersion,
					     unsigned long long flags,
					     enum cudaDriverEntryPointQueryResult *driverStatus
						     IDXGEN_CUDA__DEFAULT(0));
/* The flags a cudaHostAlloc/cudaMallocHost allocation was made with (cudaHostAllocMapped always: one address space). */
cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost);
/*
 * A node of any type by its parameters (graph_cond.c): CUDA 12.3's C form;
 * cuda_runtime.h adds CUDA 13's, with edge data, as a C++ overload, and
 * cudaGraphAddNode_v2 is that form in C.  A conditional node's bodies come
 * back in nodeParams->conditional.phGraph_out.
 */
cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
			     const cudaGraphNode_t *pDependencies, size_t numDependencies,
			     struct cudaGraphNodeParams *nodeParams);
cudaError_t cudaGraphAddNode_v2(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				const cudaGraphNode_t *pDependencies,
				const cudaGraphEdgeData *dependencyData, size_t numDependencies,
				struct cudaGraphNodeParams *nodeParams);
cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t node, struct cudaGraphNodeParams *nodeParams);
cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t graphExec, cudaGraphNode_t node,
				       struct cudaGraphNodeParams *nodeParams);
cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t graph,
					     unsigned int defaultLaunchValue IDXGEN_CUDA__DEFAULT(0),
					     unsigned int flags IDXGEN_CUDA__DEFAULT(0));
/* User objects (lib/cudart/user_object.c): flags must be cudaUserObjectNoDestructorSync. */
cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, void *ptr, cudaHostFn_t destroy,
				 unsigned int initialRefcount, unsigned int flags);
cudaError_t cudaUserObjectRetain(cudaUserObject_t object, unsigned int count IDXGEN_CUDA__DEFAULT(1));
cudaError_t cudaUserObjectRelease(cudaUserObject_t object, unsigned int count IDXGEN_CUDA__DEFAULT(1));
cudaError_t cudaGraphRetainUserObject(cudaGraph_t graph, cudaUserObject_t object,
				      unsigned int count IDXGEN_CUDA__DEFAULT(1),
				      unsigned int flags IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaGraphReleaseUserObject(cudaGraph_t graph, cudaUserObject_t object,
				       unsigned int count IDXGEN_CUDA__DEFAULT(1));

/* Events */
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

/* Kernels (func: the kernel's host stub, see THE LAUNCH ABI) */
cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args,
			     size_t shmem IDXGEN_CUDA__DEFAULT(0),
			     cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
/* Every block of the grid resident (grid-wide sync); at most the occupancy's blocks x multiprocessors. */
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args,
					size_t shmem IDXGEN_CUDA__DEFAULT(0),
					cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));

/*
 * cudaLaunchKernelEx's configuration, CUDA's layout.  Attributes honoured:
 * Cooperative (as cudaLaunchCooperativeKernel), ProgrammaticEvent and
 * LaunchCompletionEvent (recorded once the kernel has finished); accepted
 * as hints without effect here: Ignore, AccessPolicyWindow,
 * SynchronizationPolicy, Priority, ProgrammaticStreamSerialization
 * (launches of a stream already run in order), ClusterSchedulingPolicy-
 * Preference, MemSyncDomain(Map), PreferredClusterDimension,
 * PreferredSharedMemoryCarveout, NvlinkUtilCentricScheduling, and
 * ClusterDimension 1x1x1; a larger cluster and DeviceUpdatableKernelNode
 * are cudaErrorNotSupported.
 */
typedef enum cudaLaunchAttributeID {
	cudaLaunchAttributeIgnore = 0,
	cudaLaunchAttributeAccessPolicyWindow = 1,
	cudaLaunchAttributeCooperative = 2,
	cudaLaunchAttributeSynchronizationPolicy = 3,
	cudaLaunchAttributeClusterDimension = 4,
	cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
	cudaLaunchAttributeProgrammaticStreamSerialization = 6,
	cudaLaunchAttributeProgrammaticEvent = 7,
	cudaLaunchAttributePriority = 8,
	cudaLaunchAttributeMemSyncDomainMap = 9,
	cudaLaunchAttributeMemSyncDomain = 10,
	cudaLaunchAttributePreferredClusterDimension = 11,
	cudaLaunchAttributeLaunchCompletionEvent = 12,
	cudaLaunchAttributeDeviceUpdatableKernelNode = 13,
	cudaLaunchAttributePreferredSharedMemoryCarveout = 14,
	cudaLaunchAttributeNvlinkUtilCentricScheduling = 16
} cudaLaunchAttributeID;

/* Memory-synchronization domains (launch hints: one domain here). */
typedef enum cudaLaunchMemSyncDomain {
	cudaLaunchMemSyncDomainDefault = 0,
	cudaLaunchMemSyncDomainRemote = 1
} cudaLaunchMemSyncDomain;
typedef struct cudaLaunchMemSyncDomainMap_st {
	unsigned char default_;
	unsigned char remote;
} cudaLaunchMemSyncDomainMap;
/* A kernel node a kernel could update (device-updatable nodes: not supported). */
typedef struct CUgraphDeviceUpdatableNode_st *cudaGraphDeviceNode_t;

typedef union cudaLaunchAttributeValue {
	char pad[64];
	struct cudaAccessPolicyWindow accessPolicyWindow;
	int cooperative;
	enum cudaSynchronizationPolicy syncPolicy;
	int programmaticStreamSerializationAllowed;
	int priority;
	struct {
		unsigned int x, y, z;
	} clusterDim;
	enum cudaClusterSchedulingPolicy clusterSchedulingPolicyPreference;
	struct {
		cudaEvent_t event;
		int flags;
		int triggerAtBlockStart;
	} programmaticEvent;
	cudaLaunchMemSyncDomainMap memSyncDomainMap;
	cudaLaunchMemSyncDomain memSyncDomain;
	struct {
		unsigned int x, y, z;
	} preferredClusterDim;
	struct {
		cudaEvent_t event;
		int flags;
	} launchCompletionEvent;
	struct {
		int deviceUpdatable;
		cudaGraphDeviceNode_t devNode;
	} deviceUpdatableKernelNode;
	unsigned int sharedMemCarveout;
	unsigned int nvlinkUtilCentricScheduling;
} cudaLaunchAttributeValue;

/*
 * Stream attributes are launch attributes (CUDA's names for them):
 * cudaStreamGetAttribute/SetAttribute keep a stream's access-policy window
 * and synchronization policy (hints without effect here); its priority is
 * cudaStreamGetPriority's.
 */
#define cudaStreamAttrID cudaLaunchAttributeID
#define cudaStreamAttrValue cudaLaunchAttributeValue
#define cudaStreamAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaStreamAttributeSynchronizationPolicy cudaLaunchAttributeSynchronizationPolicy
#define cudaStreamAttributePriority cudaLaunchAttributePriority
#define cudaStreamAttributeMemSyncDomainMap cudaLaunchAttributeMemSyncDomainMap
#define cudaStreamAttributeMemSyncDomain cudaLaunchAttributeMemSyncDomain
#define cudaKernelNodeAttrID cudaLaunchAttributeID
#define cudaKernelNodeAttrValue cudaLaunchAttributeValue
#define cudaKernelNodeAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaKernelNodeAttributeCooperative cudaLaunchAttributeCooperative
#define cudaKernelNodeAttributePriority cudaLaunchAttributePriority
#define cudaKernelNodeAttributeClusterDimension cudaLaunchAttributeClusterDimension
#define cudaKernelNodeAttributeClusterSchedulingPolicyPreference cudaLaunchAttributeClusterSchedulingPolicyPreference
#define cudaKernelNodeAttributeMemSyncDomainMap cudaLaunchAttributeMemSyncDomainMap
#define cudaKernelNodeAttributeMemSyncDomain cudaLaunchAttributeMemSyncDomain
#define cudaKernelNodeAttributePreferredSharedMemoryCarveout cudaLaunchAttributePreferredSharedMemoryCarveout
#define cudaKernelNodeAttributeDeviceUpdatableKernelNode cudaLaunchAttributeDeviceUpdatableKernelNode
#define cudaKernelNodeAttributeNvlinkUtilCentricScheduling cudaLaunchAttributeNvlinkUtilCentricScheduling
cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaLaunchAttributeID attr,
				   cudaLaunchAttributeValue *value_out);
cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaLaunchAttributeID attr,
				   const cudaLaunchAttributeValue *value);
cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src);
/*
 * Kernel node attributes (lib/cudart/graph_node_attr.c): Cooperative runs
 * the node as cudaLaunchCooperativeKernel; the others are kept and
 * answered (hints here); a cluster of more than one block and
 * device-updatable nodes are cudaErrorNotSupported.
 */
cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t hNode, cudaLaunchAttributeID attr,
					    cudaLaunchAttributeValue *value_out);
cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t hNode, cudaLaunchAttributeID attr,
					    const cudaLaunchAttributeValue *value);
cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t hDst, cudaGraphNode_t hSrc);
typedef struct cudaLaunchAttribute_st {
	cudaLaunchAttributeID id;
	char pad[8 - sizeof(cudaLaunchAttributeID)];
	cudaLaunchAttributeValue val;
} cudaLaunchAttribute;

typedef struct cudaLaunchConfig_st {
	dim3 gridDim;
	dim3 blockDim;
	size_t dynamicSmemBytes;
	cudaStream_t stream;
	cudaLaunchAttribute *attrs;
	unsigned int numAttrs;
} cudaLaunchConfig_t;

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args);
/* Clusters of one block (launch.c): the active blocks, and 1 as the largest cluster. */
cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, const void *func,
					   const cudaLaunchConfig_t *launchConfig);
cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func,
						 const cudaLaunchConfig_t *launchConfig);
cudaError_t cudaFuncGetName(const char **name, const void *func);
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache config);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *func,
							  int block_size, size_t dyn_shmem);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks, const void *func,
								   int block_size, size_t dyn_shmem,
								   unsigned int flags);
/* The C form of cudaOccupancyMaxPotentialBlockSize (templates in cuda_runtime.h). */
cudaError_t idxgenOccupancyMaxPotentialBlockSize(int *min_grid, int *block_size, const void *func,
						 size_t dyn_shmem, int block_size_limit);

/* The launch ABI (above) */
void __idxgenRegisterFunction(const void *host_fn, const struct idxgen_rt_kernel *k);
void __idxgenRegisterParamAligns(const void *host_fn, const size_t *aligns);
void __idxgenRegisterVar(const void *host_var, size_t size, const char *name);
/* A __managed__ variable (as __idxgenRegisterVar; cuLibraryGetManaged finds only these) */
void __idxgenRegisterManagedVar(const void *host_var, size_t size, const char *name);
/* A symbol named by reference (cuda_runtime.h's templates): registered if not yet and of static storage */
void __idxgenRegisterVarRef(const void *host_var, size_t size);
unsigned int __idxgenPushCallConfiguration(dim3 grid, dim3 block,
					   size_t shmem IDXGEN_CUDA__DEFAULT(0),
					   cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
/* the same for a launch written in device code (dynamic parallelism, lib/cudart/device_launch.c) */
unsigned int __idxgenPushDeviceCallConfiguration(dim3 grid, dim3 block,
						 size_t shmem IDXGEN_CUDA__DEFAULT(0),
						 cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t __idxgenPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem,
					 cudaStream_t *stream);
cudaError_t __idxgenLaunchStub(const void *host_fn, const struct idxgen_rt_kernel *k, void **args);
/* __trap() and a failed assert() in device code (idxgen_cc_program.h; blk NULL: host code) */
void __idxgenDeviceTrap(struct idxgen_rt_block *blk, unsigned int tx, unsigned int ty, unsigned int tz)
	__attribute__((noreturn));
void __idxgenDeviceAssert(struct idxgen_rt_block *blk, unsigned int tx, unsigned int ty, unsigned int tz,
			  const char *assertion, const char *file, unsigned int line, const char *function)
	__attribute__((noreturn));
/*
 * Texture and surface reads of device code (texture_fetch_functions.h,
 * surface_functions.h): one texel, every channel both as float (filtered,
 * normalized or converted) and as the integer stored.
 */
struct __idxgenTexel {
	float __f[4];
	int __i[4];
};
void __idxgenTexFetch(cudaTextureObject_t, int, float, float, float, int, struct __idxgenTexel *);
void __idxgenTex1Dfetch(cudaTextureObject_t, int, struct __idxgenTexel *);
/* A cubemap read: direction (x, y, z), cubemap layer (0 for a plain cubemap). */
void __idxgenTexFetchCubemap(cudaTextureObject_t, float, float, float, int, struct __idxgenTexel *);
/* tex2Dgather: channel comp of the four texels a bilinear read at (x, y) weighs, one per "channel" */
void __idxgenTexGather(cudaTextureObject_t, float, float, int, struct __idxgenTexel *);
/* The element of a surface at byte column x, row y, slice z (layer < 0: none); NULL: nothing. */
void *__idxgenSurfAt(cudaSurfaceObject_t, int, int, int, int, size_t, int);

#ifdef __cplusplus
}
/* C++: dim3's constructors convert integers and uint3. */
#define IDXGEN_DIM3(v) (dim3(v))
#else
/* C: a dim3 of an integer or of a dim3/uint3. */
static inline dim3 idxgen_dim3_of_uint(unsigned long long x)
{
	dim3 d;

	d.x = (unsigned int)x, d.y = 1, d.z = 1;
	return d;
}
static inline dim3 idxgen_dim3_of_dim3(dim3 d)
{
	return d;
}
static inline dim3 idxgen_dim3_of_uint3(uint3 v)
{
	dim3 d;

	d.x = v.x, d.y = v.y, d.z = v.z;
	return d;
}
#define IDXGEN_DIM3(v) _Generic((v), dim3: idxgen_dim3_of_dim3, uint3: idxgen_dim3_of_uint3, \
				default: idxgen_dim3_of_uint)(v)
#endif

/* external memory and semaphores, libraries, logs, batched copies, mipmapped arrays, ... */
#include "idxgen_cuda_api_ext.h"

#endif /* IDXGEN_CUDA_RUNTIME_API_H */
