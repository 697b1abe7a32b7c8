// SPDX-License-Identifier: MIT
/*
 * extern_res.c - external memory and semaphores (cudaImportExternalMemory,
 * cudaImportExternalSemaphore & co.: what Vulkan, Direct3D and NvSci
 * programs share with CUDA).  No graphics or NvSci device here exports
 * memory or semaphores to import, so importing is cudaErrorNotSupported
 * with the caller's handle untouched (after CUDA's argument checks), no
 * external object ever exists, and every call on one is
 * cudaErrorInvalidResourceHandle; a graph node waiting for or signalling
 * one cannot exist either (README.md, "The API's outer parts").
 */
#include "cudart.h"

cudaError_t cudaImportExternalMemory(cudaExternalMemory_t *extMem_out,
				     const struct cudaExternalMemoryHandleDesc *memHandleDesc)
{
	CUDART_STICKY_RETURN();
	if (!extMem_out || !memHandleDesc || memHandleDesc->size == 0 ||
	    memHandleDesc->type < cudaExternalMemoryHandleTypeOpaqueFd ||
	    memHandleDesc->type > cudaExternalMemoryHandleTypeNvSciBuf ||
	    (memHandleDesc->flags & ~(unsigned int)cudaExternalMemoryDedicated))
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(cudaErrorNotSupported);
}

/* A handle we never gave: there is no external object. */
static cudaError_t no_object(const void *handle)
{
	CUDART_STICKY_RETURN();
	return cudart_set_error(handle ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
}

cudaError_t cudaExternalMemoryGetMappedBuffer(void **devPtr, cudaExternalMemory_t extMem,
					      const struct cudaExternalMemoryBufferDesc *bufferDesc)
{
	if (!devPtr || !bufferDesc)
		return cudart_set_error(cudaErrorInvalidValue);
	return no_object(extMem);
}

cudaError_t cudaExternalMemoryGetMappedMipmappedArray(cudaMipmappedArray_t *mipmap, cudaExternalMemory_t extMem,
						      const struct cudaExternalMemoryMipmappedArrayDesc *mipmapDesc)
{
	if (!mipmap || !mipmapDesc)
		return cudart_set_error(cudaErrorInvalidValue);
	return no_object(extMem);
}

cudaError_t cudaDestroyExternalMemory(cudaExternalMemory_t extMem)
{
	return no_object(extMem);
}

cudaError_t cudaImportExternalSemaphore(cudaExternalSemaphore_t *extSem_out,
					const struct cudaExternalSemaphoreHandleDesc *semHandleDesc)
{
	CUDART_STICKY_RETURN();
	if (!extSem_out || !semHandleDesc || semHandleDesc->type < cudaExternalSemaphoreHandleTypeOpaqueFd ||
	    semHandleDesc->type > cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(cudaErrorNotSupported);
}

/* Signal or wait on n semaphores: none can exist, so n > 0 names one we never gave. */
static cudaError_t sems(const cudaExternalSemaphore_t *sem, const void *params, unsigned int n, cudaStream_t stream)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	CUDART_STICKY_RETURN();
	pthread_mutex_lock(&c->lock);
	err = cudart_stream_check(c, stream);
	pthread_mutex_unlock(&c->lock);
	if (err)
		return cudart_set_error(err);
	if (n == 0)
		return cudaSuccess;
	if (!sem || !params)
		return cudart_set_error(cudaErrorInvalidValue);
	return no_object(sem[0]);
}

cudaError_t cudaSignalExternalSemaphoresAsync(const cudaExternalSemaphore_t *extSemArray,
					      const struct cudaExternalSemaphoreSignalParams *paramsArray,
					      unsigned int numExtSems, cudaStream_t stream)
{
	return sems(extSemArray, paramsArray, numExtSems, stream);
}

cudaError_t cudaWaitExternalSemaphoresAsync(const cudaExternalSemaphore_t *extSemArray,
					    const struct cudaExternalSemaphoreWaitParams *paramsArray,
					    unsigned int numExtSems, cudaStream_t stream)
{
	return sems(extSemArray, paramsArray, numExtSems, stream);
}

cudaError_t cudaDestroyExternalSemaphore(cudaExternalSemaphore_t extSem)
{
	return no_object(extSem);
}

/* NvSciSync is Tegra's and DRIVE's synchronisation library: not here. */
cudaError_t cudaDeviceGetNvSciSyncAttributes(void *nvSciSyncAttrList, int device, int flags)
{
	CUDART_STICKY_RETURN();
	if (!nvSciSyncAttrList || !flags || (flags & ~(cudaNvSciSyncAttrSignal | cudaNvSciSyncAttrWait)))
		return cudart_set_error(cudaErrorInvalidValue);
	if (device != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	return cudart_set_error(cudaErrorNotSupported);
}

/* A node on semaphores: its parameters name semaphores, none of which can exist. */
static cudaError_t sem_node(cudaGraphNode_t *node, cudaGraph_t graph, cudaExternalSemaphore_t *sem, unsigned int n)
{
	CUDART_STICKY_RETURN();
	if (!node || !graph || n == 0 || !sem)
		return cudart_set_error(cudaErrorInvalidValue);
	return no_object(sem[0]);
}

cudaError_t cudaGraphAddExternalSemaphoresSignalNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
						     const cudaGraphNode_t *pDependencies, size_t numDependencies,
						     const struct cudaExternalSemaphoreSignalNodeParams *nodeParams)
{
	(void)pDependencies, (void)numDependencies;
	if (!nodeParams)
		return cudart_set_error(cudaErrorInvalidValue);
	return sem_node(pGraphNode, graph, nodeParams->extSemArray, nodeParams->numExtSems);
}

cudaError_t cudaGraphAddExternalSemaphoresWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
						   const cudaGraphNode_t *pDependencies, size_t numDependencies,
						   const struct cudaExternalSemaphoreWaitNodeParams *nodeParams)
{
	(void)pDependencies, (void)numDependencies;
	if (!nodeParams)
		return cudart_set_error(cudaErrorInvalidValue);
	return sem_node(pGraphNode, graph, nodeParams->extSemArray, nodeParams->numExtSems);
}

/* No node is a semaphore node: CUDA's answer for a node of another type. */
static cudaError_t not_sem_node(void)
{
	CUDART_STICKY_RETURN();
	return cudart_set_error(cudaErrorInvalidValue);
}

cudaError_t cudaGraphExternalSemaphoresSignalNodeGetParams(cudaGraphNode_t hNode,
							   struct cudaExternalSemaphoreSignalNodeParams *params_out)
{
	(void)hNode, (void)params_out;
	return not_sem_node();
}

cudaError_t cudaGraphExternalSemaphoresSignalNodeSetParams(cudaGraphNode_t hNode,
							   const struct cudaExternalSemaphoreSignalNodeParams *nodeParams)
{
	(void)hNode, (void)nodeParams;
	return not_sem_node();
}

cudaError_t cudaGraphExternalSemaphoresWaitNodeGetParams(cudaGraphNode_t hNode,
							 struct cudaExternalSemaphoreWaitNodeParams *params_out)
{
	(void)hNode, (void)params_out;
	return not_sem_node();
}

cudaError_t cudaGraphExternalSemaphoresWaitNodeSetParams(cudaGraphNode_t hNode,
							 const struct cudaExternalSemaphoreWaitNodeParams *nodeParams)
{
	(void)hNode, (void)nodeParams;
	return not_sem_node();
}

cudaError_t cudaGraphExecExternalSemaphoresSignalNodeSetParams(
	cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, const struct cudaExternalSemaphoreSignalNodeParams *nodeParams)
{
	(void)hGraphExec, (void)hNode, (void)nodeParams;
	return not_sem_node();
}

cudaError_t cudaGraphExecExternalSemaphoresWaitNodeSetParams(
	cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, const struct cudaExternalSemaphoreWaitNodeParams *nodeParams)
{
	(void)hGraphExec, (void)hNode, (void)nodeParams;
	return not_sem_node();
}
