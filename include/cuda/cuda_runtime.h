/* SPDX-License-Identifier: MIT */
/*
 * cuda_runtime.h - what `#include <cuda_runtime.h>` gives a CUDA program
 * built with idxgen-cc: the runtime API (cuda_runtime_api.h), the vector
 * types and make_* functions, the device functions (math, intrinsics,
 * atomics: idxgen_cuda_device.h; nvcc makes them visible everywhere too),
 * and in C++ the template forms of the API (cudaMalloc(&typed_ptr, n),
 * cudaMemcpyToSymbol(symbol, ...), cudaLaunchKernel(kernel, ...), the
 * occupancy calculator).  Our own header, C and C++.
 */
#ifndef IDXGEN_CUDA_RUNTIME_H
#define IDXGEN_CUDA_RUNTIME_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __CUDA_RUNTIME_H__

#include "cuda_runtime_api.h"
#include "channel_descriptor.h"
#include "vector_functions.h"
#include "idxgen_cuda_device.h"
#include "idxgen_cuda_dot.h"
#include "idxgen_cuda_sreg.h"
#include "texture_fetch_functions.h"
#include "cuda_texture_types.h"
#include "cuda_surface_types.h"

/*
 * What NVIDIA's cuda_runtime.h makes visible to host code without an
 * include, measured on nvcc 13.0's host pass (the .cpp4.ii of --keep for a
 * .cu file with no includes): <ctype.h>, <stdlib.h>, <string.h> with
 * <strings.h>, <time.h>, <math.h>, <limits.h>, and in C++ <cmath>,
 * <cstdlib> (std::llabs, std::strtol), <utility> (std::pair, std::swap,
 * <initializer_list>, <type_traits>) and <limits> (through <cmath>'s
 * special functions in C++17; here always).  Not <stdio.h>, <assert.h>
 * or <new>: nvcc includes those in its device pass only, so its host pass
 * rejects a printf without <stdio.h>; the library headers that include
 * <stdio.h> (cusparse.h, cublasLt.h, cusolverDn.h) do so here too.
 */
#include <ctype.h>
#include <stdlib.h>
#include <strings.h>
#ifdef __cplusplus
#include <cmath>
#include <cstdlib>
#include <limits>
#include <utility>
#endif

#ifdef __cplusplus
template <class _Tp> static inline cudaError_t cudaMalloc(_Tp **ptr, size_t size)
{
	return cudaMalloc((void **)(void *)ptr, size);
}
template <class _Tp>
static inline cudaError_t cudaMallocManaged(_Tp **ptr, size_t size,
					    unsigned int flags = cudaMemAttachGlobal)
{
	return cudaMallocManaged((void **)(void *)ptr, size, flags);
}
template <class _Tp> static inline cudaError_t cudaMallocHost(_Tp **ptr, size_t size)
{
	return cudaMallocHost((void **)(void *)ptr, size);
}
template <class _Tp> static inline cudaError_t cudaHostAlloc(_Tp **ptr, size_t size, unsigned int flags)
{
	return cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class _Tp>
static inline cudaError_t cudaMallocAsync(_Tp **ptr, size_t size, cudaStream_t stream)
{
	return cudaMallocAsync((void **)(void *)ptr, size, stream);
}
template <class _Tp>
static inline cudaError_t cudaMallocFromPoolAsync(_Tp **ptr, size_t size, cudaMemPool_t memPool,
						  cudaStream_t stream)
{
	return cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}
template <class _Tp>
static inline cudaError_t cudaMallocPitch(_Tp **ptr, size_t *pitch, size_t width, size_t height)
{
	return cudaMallocPitch((void **)(void *)ptr, pitch, width, height);
}
/*
 * Symbols by reference: cudaMemcpyToSymbol(c_scale, &v, sizeof(v)).  The
 * reference gives the size, so an instance of a __device__ variable
 * template (mask<T>), which translated code cannot register, is registered
 * here (__idxgenRegisterVarRef, lib/cudart/symbols.c).
 */
/* sizeof of the symbol's type; 0 for an array of unknown bound (`extern __device__ int a[];`) */
template <class _Tp> struct __idxgen_symbol_size {
	static constexpr size_t value = sizeof(_Tp);
};
template <class _Tp> struct __idxgen_symbol_size<_Tp[]> {
	static constexpr size_t value = 0;
};
template <class _Tp>
static inline cudaError_t cudaMemcpyToSymbol(const _Tp &symbol, const void *src, size_t count,
					     size_t offset = 0,
					     enum cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
	__idxgenRegisterVarRef((const void *)&symbol, __idxgen_symbol_size<_Tp>::value);
	return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class _Tp>
static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const _Tp &symbol, size_t count,
					       size_t offset = 0,
					       enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
	__idxgenRegisterVarRef((const void *)&symbol, __idxgen_symbol_size<_Tp>::value);
	return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <class _Tp>
static inline cudaError_t cudaMemcpyToSymbolAsync(const _Tp &symbol, const void *src, size_t count,
						  size_t offset = 0,
						  enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
						  cudaStream_t stream = 0)
{
	__idxgenRegisterVarRef((const void *)&symbol, __idxgen_symbol_size<_Tp>::value);
	return cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream);
}
template <class _Tp>
static inline cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const _Tp &symbol, size_t count, size_t offset = 0,
			  enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
			  cudaStream_t stream = 0)
{
	__idxgenRegisterVarRef((const void *)&symbol, __idxgen_symbol_size<_Tp>::value);
	return cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, stream);
}
template <class _Tp> static inline cudaError_t cudaGetSymbolAddress(void **ptr, const _Tp &symbol)
{
	__idxgenRegisterVarRef((const void *)&symbol, __idxgen_symbol_size<_Tp>::value);
	return cudaGetSymbolAddress(ptr, (const void *)&symbol);
}
template <class _Tp> static inline cudaError_t cudaGetSymbolSize(size_t *size, const _Tp &symbol)
{
	__idxgenRegisterVarRef((const void *)&symbol, __idxgen_symbol_size<_Tp>::value);
	return cudaGetSymbolSize(size, (const void *)&symbol);
}
/* Kernels by their host stub: cudaLaunchKernel(k, grid, block, args). */
template <class _Tp>
static inline cudaError_t cudaLaunchKernel(_Tp *func, dim3 grid, dim3 block, void **args,
					   size_t shmem = 0, cudaStream_t stream = 0)
{
	return cudaLaunchKernel((const void *)func, grid, block, args, shmem, stream);
}
/* CUDA 10's execution control (legacy_launch.c): an argument by value, a kernel by its address */
template <class _Tp> static inline cudaError_t cudaSetupArgument(_Tp __arg, size_t __offset)
{
	return cudaSetupArgument((const void *)&__arg, sizeof(_Tp), __offset);
}
template <class _Tp> static inline cudaError_t cudaLaunch(_Tp *__func)
{
	return cudaLaunch((const void *)__func);
}
template <class _Tp>
static inline cudaError_t cudaLaunchCooperativeKernel(_Tp *func, dim3 grid, dim3 block, void **args,
						      size_t shmem = 0, cudaStream_t stream = 0)
{
	return cudaLaunchCooperativeKernel((const void *)func, grid, block, args, shmem, stream);
}
/* cudaLaunchKernelEx(&config, kernel, args...): each argument converted to the parameter's type first. */
template <class... _Params, class... _Args>
static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(_Params...),
					     _Args &&...args)
{
	return [&](_Params... __p) {
		void *__args[] = { (void *)&__p..., nullptr };

		return cudaLaunchKernelExC(config, (const void *)kernel, __args);
	}(static_cast<_Args &&>(args)...);
}
template <class _Tp>
static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, _Tp *func)
{
	return cudaFuncGetAttributes(attr, (const void *)func);
}
template <class _Tp>
static inline cudaError_t cudaFuncSetAttribute(_Tp *func, enum cudaFuncAttribute attr, int value)
{
	return cudaFuncSetAttribute((const void *)func, attr, value);
}
template <class _Tp> static inline cudaError_t cudaFuncSetCacheConfig(_Tp *func, enum cudaFuncCache c)
{
	return cudaFuncSetCacheConfig((const void *)func, c);
}
template <class _Tp>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, _Tp *func,
									int block_size,
									size_t dyn_shmem)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, (const void *)func, block_size,
							     dyn_shmem);
}
template <class _Tp>
static inline cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, _Tp *func,
							 const cudaLaunchConfig_t *config)
{
	return cudaOccupancyMaxActiveClusters(numClusters, (const void *)func, config);
}
template <class _Tp>
static inline cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, _Tp *func,
							       const cudaLaunchConfig_t *config)
{
	return cudaOccupancyMaxPotentialClusterSize(clusterSize, (const void *)func, config);
}
template <class _Tp>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *min_grid, int *block_size,
							     _Tp *func, size_t dyn_shmem = 0,
							     int block_size_limit = 0)
{
	return idxgenOccupancyMaxPotentialBlockSize(min_grid, block_size, (const void *)func,
						    dyn_shmem, block_size_limit);
}
/* flags: cudaOccupancyDefault or cudaOccupancyDisableCachingOverride, same answer here */
template <class _Tp>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int *min_grid, int *block_size,
								      _Tp *func, size_t dyn_shmem = 0,
								      int block_size_limit = 0,
								      unsigned int flags = 0)
{
	(void)flags;
	return idxgenOccupancyMaxPotentialBlockSize(min_grid, block_size, (const void *)func,
						    dyn_shmem, block_size_limit);
}
/*
 * Dynamic shared memory that depends on the block size: the largest block
 * size (a multiple of the warp size, or below it) whose bytes the kernel
 * may have; that size then answers as the fixed form does (0 and 0 when
 * none fits).
 */
template <class _Fn, class _Tp>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
	int *min_grid, int *block_size, _Tp *func, _Fn block_size_to_smem, int block_size_limit = 0,
	unsigned int flags = 0)
{
	struct cudaFuncAttributes __attr;
	cudaError_t __err;
	int __bs;

	(void)flags;
	if (!min_grid || !block_size || block_size_limit < 0)
		return cudaErrorInvalidValue;
	__err = cudaFuncGetAttributes(&__attr, (const void *)func);
	if (__err)
		return __err;
	__bs = __attr.maxThreadsPerBlock;
	if (block_size_limit && block_size_limit < __bs)
		__bs = block_size_limit;
	if (__bs > 32)
		__bs -= __bs % 32;
	while (__bs > 0 && (size_t)block_size_to_smem(__bs) > (size_t)__attr.maxDynamicSharedSizeBytes)
		__bs = __bs > 32 ? __bs - 32 : __bs - 1;
	if (!__bs) { /* no block size fits its shared memory: none, as CUDA answers */
		*min_grid = 0, *block_size = 0;
		return cudaSuccess;
	}
	return idxgenOccupancyMaxPotentialBlockSize(min_grid, block_size, (const void *)func,
						    (size_t)block_size_to_smem(__bs), __bs);
}
template <class _Fn, class _Tp>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *min_grid, int *block_size,
									 _Tp *func, _Fn block_size_to_smem,
									 int block_size_limit = 0)
{
	return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(min_grid, block_size, func,
								       block_size_to_smem,
								       block_size_limit, 0);
}
template <class _Tp>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks, _Tp *func,
										 int block_size,
										 size_t dyn_shmem,
										 unsigned int flags)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, (const void *)func,
								      block_size, dyn_shmem, flags);
}
template <class _Tp>
static inline cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *bytes, _Tp *func, int blocks,
								    int block_size)
{
	return cudaOccupancyAvailableDynamicSMemPerBlock(bytes, (const void *)func, blocks, block_size);
}
template <class _Tp> static inline cudaError_t cudaFuncGetName(const char **name, _Tp *func)
{
	return cudaFuncGetName(name, (const void *)func);
}
static inline cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags)
{
	return cudaEventCreateWithFlags(event, flags);
}
template <class _Tp>
static inline cudaError_t cudaHostGetDevicePointer(_Tp **dptr, void *hptr, unsigned int flags)
{
	return cudaHostGetDevicePointer((void **)(void *)dptr, hptr, flags);
}
/*
 * CUDA 13's prefetch and advice name their target by a cudaMemLocation;
 * CUDA 12 programs pass a device number (cuda_runtime_api.h).  Both are
 * here, told apart by the third/fourth argument's type.
 */
static inline cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count,
					       struct cudaMemLocation location, unsigned int flags,
					       cudaStream_t stream = 0)
{
	return cudaMemPrefetchAsync_v2(ptr, count, location, flags, stream);
}
static inline cudaError_t cudaMemAdvise(const void *ptr, size_t count, enum cudaMemoryAdvise advice,
					struct cudaMemLocation location)
{
	return cudaMemAdvise_v2(ptr, count, advice, location);
}
static inline cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaMemPool_t memPool,
					  cudaStream_t stream)
{
	return cudaMallocFromPoolAsync(ptr, size, memPool, stream);
}
template <class _Tp>
static inline cudaError_t cudaMallocAsync(_Tp **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream)
{
	return cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}
/* a user object that owns a C++ object: the last release deletes it */
template <class _Tp>
static inline cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, _Tp *objectToWrap,
					       unsigned int initialRefcount, unsigned int flags)
{
	return cudaUserObjectCreate(object_out, (void *)objectToWrap,
				    [](void *__p) { delete static_cast<_Tp *>(__p); }, initialRefcount, flags);
}
template <class _Tp>
static inline cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, _Tp *objectToWrap,
					       unsigned int initialRefcount, enum cudaUserObjectFlags flags)
{
	return cudaUserObjectCreate(object_out, objectToWrap, initialRefcount, (unsigned int)flags);
}
/* CUDA 11's five-argument cudaGraphInstantiate (CUDA 12 keeps it in C++). */
static inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
					       cudaGraphNode_t *pErrorNode, char *pLogBuffer,
					       size_t bufferSize)
{
	cudaError_t __err = cudaGraphInstantiate(pGraphExec, graph, 0ull);

	if (pErrorNode)
		*pErrorNode = 0;
	if (pLogBuffer && bufferSize)
		pLogBuffer[0] = 0;
	return __err;
}
/* CUDA 11's four-argument cudaGraphExecUpdate (CUDA 12 and 13 keep it in C++). */
static inline cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
					      cudaGraphNode_t *hErrorNode_out,
					      enum cudaGraphExecUpdateResult *updateResult_out)
{
	cudaGraphExecUpdateResultInfo __info = cudaGraphExecUpdateResultInfo();
	cudaError_t __err = cudaGraphExecUpdate(hGraphExec, hGraph, &__info);

	if (hErrorNode_out)
		*hErrorNode_out = __info.errorNode;
	if (updateResult_out)
		*updateResult_out = __info.result;
	return __err;
}
/*
 * CUDA 12.3/13's forms with edge data.  Every edge here is a full
 * dependency: edge data in must be all zero (else cudaErrorInvalidValue,
 * as CUDA answers a port the node type lacks), edge data out is all zero.
 */
static inline bool __idxgen_edges_plain(const cudaGraphEdgeData *__e, size_t __n)
{
	for (size_t __i = 0; __e && __i < __n; __i++)
		if (__e[__i].from_port || __e[__i].to_port || __e[__i].type)
			return false;
	return true;
}
static inline void __idxgen_edges_zero(cudaGraphEdgeData *__e, size_t __n)
{
	for (size_t __i = 0; __e && __i < __n; __i++)
		__e[__i] = cudaGraphEdgeData();
}
static inline cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
						   const cudaGraphNode_t *to,
						   const cudaGraphEdgeData *edgeData,
						   size_t numDependencies)
{
	if (!__idxgen_edges_plain(edgeData, numDependencies))
		return cudaErrorInvalidValue;
	return cudaGraphAddDependencies(graph, from, to, numDependencies);
}
static inline cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					   const cudaGraphNode_t *pDependencies,
					   const cudaGraphEdgeData *dependencyData, size_t numDependencies,
					   struct cudaGraphNodeParams *nodeParams)
{
	return cudaGraphAddNode_v2(pGraphNode, graph, pDependencies, dependencyData, numDependencies,
				   nodeParams);
}
static inline cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
						      const cudaGraphNode_t *to,
						      const cudaGraphEdgeData *edgeData,
						      size_t numDependencies)
{
	if (!__idxgen_edges_plain(edgeData, numDependencies))
		return cudaErrorInvalidValue;
	return cudaGraphRemoveDependencies(graph, from, to, numDependencies);
}
static inline cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from,
					    cudaGraphNode_t *to, cudaGraphEdgeData *edgeData,
					    size_t *numEdges)
{
	cudaError_t __err = cudaGraphGetEdges(graph, from, to, numEdges);

	if (!__err && from)
		__idxgen_edges_zero(edgeData, *numEdges);
	return __err;
}
static inline cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node,
						       cudaGraphNode_t *pDependencies,
						       cudaGraphEdgeData *edgeData,
						       size_t *pNumDependencies)
{
	cudaError_t __err = cudaGraphNodeGetDependencies(node, pDependencies, pNumDependencies);

	if (!__err && pDependencies)
		__idxgen_edges_zero(edgeData, *pNumDependencies);
	return __err;
}
static inline cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node,
							 cudaGraphNode_t *pDependentNodes,
							 cudaGraphEdgeData *edgeData,
							 size_t *pNumDependentNodes)
{
	cudaError_t __err = cudaGraphNodeGetDependentNodes(node, pDependentNodes, pNumDependentNodes);

	if (!__err && pDependentNodes)
		__idxgen_edges_zero(edgeData, *pNumDependentNodes);
	return __err;
}
static inline cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream,
						   enum cudaStreamCaptureStatus *captureStatus_out,
						   unsigned long long *id_out, cudaGraph_t *graph_out,
						   const cudaGraphNode_t **dependencies_out,
						   const cudaGraphEdgeData **edgeData_out,
						   size_t *numDependencies_out)
{
	if (edgeData_out)
		*edgeData_out = 0;	/* CUDA: NULL when every edge is a full dependency */
	return cudaStreamGetCaptureInfo(stream, captureStatus_out, id_out, graph_out,
					dependencies_out, numDependencies_out);
}
static inline cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream,
							      cudaGraphNode_t *dependencies,
							      const cudaGraphEdgeData *dependencyData,
							      size_t numDependencies,
							      unsigned int flags = 0)
{
	if (!__idxgen_edges_plain(dependencyData, numDependencies))
		return cudaErrorInvalidValue;
	return cudaStreamUpdateCaptureDependencies(stream, dependencies, numDependencies, flags);
}
#endif /* __cplusplus */

#endif /* IDXGEN_CUDA_RUNTIME_H */
