/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_api_ext.h - the parts of CUDA 13's runtime API around the
 * core (issue 44's parity): external memory and semaphores (graphics
 * interop), libraries and kernel handles, error logs, batched copies and
 * prefetches, mipmapped and sparse arrays, atomic capabilities, the
 * location forms of the memory-pool calls.  CUDA's names, values and
 * layouts; what each call does here (many are refused: nothing here exports
 * memory or loads device code) is in lib/cudart/README.md, "The API's
 * outer parts".  Included by cuda_runtime_api.h.
 */
#ifndef IDXGEN_CUDA_API_EXT_H
#define IDXGEN_CUDA_API_EXT_H

#include <stddef.h>

#include "driver_types.h"

#ifndef IDXGEN_CUDA__DEFAULT	/* a default argument in C++ (cuda_runtime_api.h defines it too) */
#ifdef __cplusplus
#define IDXGEN_CUDA__DEFAULT(v) = v
#else
#define IDXGEN_CUDA__DEFAULT(v)
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The guard-undef markers of NVIDIA's headers (nvcc's internal-header bookkeeping; nothing to undo here). */
#define __UNDEF_CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS_CUDA_RUNTIME_API_H__
#define __UNDEF_CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS_DRIVER_TYPES_H__
#define __UNDEF_CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS_VECTOR_TYPES_H__
/* What NVIDIA's header marks its device-callable and non-NVRTC declarations with. */
#ifndef CUDART_DEVICE
#define CUDART_DEVICE
#endif
#ifndef EXCLUDE_FROM_RTC
#define EXCLUDE_FROM_RTC
#endif

#define cudaInitDeviceFlagsAreValid 0x01
#define cudaArraySparsePropertiesSingleMipTail 0x1
#define cudaMemPoolCreateUsageHwDecompress 0x2
#define cudaExternalMemoryDedicated 0x1
#define cudaExternalSemaphoreSignalSkipNvSciBufMemSync 0x01
#define cudaExternalSemaphoreWaitSkipNvSciBufMemSync 0x02
#define cudaNvSciSyncAttrSignal 0x1
#define cudaNvSciSyncAttrWait 0x2
#define cudaGraphKernelNodePortDefault 0
#define cudaGraphKernelNodePortProgrammatic 1
#define cudaGraphKernelNodePortLaunchCompletion 2

/* ---- external memory and semaphores (Vulkan, Direct3D, NvSci) ---- */
enum cudaExternalMemoryHandleType {
	cudaExternalMemoryHandleTypeOpaqueFd = 1,
	cudaExternalMemoryHandleTypeOpaqueWin32 = 2,
	cudaExternalMemoryHandleTypeOpaqueWin32Kmt = 3,
	cudaExternalMemoryHandleTypeD3D12Heap = 4,
	cudaExternalMemoryHandleTypeD3D12Resource = 5,
	cudaExternalMemoryHandleTypeD3D11Resource = 6,
	cudaExternalMemoryHandleTypeD3D11ResourceKmt = 7,
	cudaExternalMemoryHandleTypeNvSciBuf = 8
};
struct cudaExternalMemoryHandleDesc {
	enum cudaExternalMemoryHandleType type;
	union {
		int fd;
		struct {
			void *handle;
			const void *name;
		} win32;
		const void *nvSciBufObject;
	} handle;
	unsigned long long size;
	unsigned int flags;
	unsigned int reserved[16];
};
struct cudaExternalMemoryBufferDesc {
	unsigned long long offset;
	unsigned long long size;
	unsigned int flags;
	unsigned int reserved[16];
};
struct cudaExternalMemoryMipmappedArrayDesc {
	unsigned long long offset;
	struct cudaChannelFormatDesc formatDesc;
	struct cudaExtent extent;
	unsigned int flags;
	unsigned int numLevels;
	unsigned int reserved[16];
};
enum cudaExternalSemaphoreHandleType {
	cudaExternalSemaphoreHandleTypeOpaqueFd = 1,
	cudaExternalSemaphoreHandleTypeOpaqueWin32 = 2,
	cudaExternalSemaphoreHandleTypeOpaqueWin32Kmt = 3,
	cudaExternalSemaphoreHandleTypeD3D12Fence = 4,
	cudaExternalSemaphoreHandleTypeD3D11Fence = 5,
	cudaExternalSemaphoreHandleTypeNvSciSync = 6,
	cudaExternalSemaphoreHandleTypeKeyedMutex = 7,
	cudaExternalSemaphoreHandleTypeKeyedMutexKmt = 8,
	cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd = 9,
	cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32 = 10
};
struct cudaExternalSemaphoreHandleDesc {
	enum cudaExternalSemaphoreHandleType type;
	union {
		int fd;
		struct {
			void *handle;
			const void *name;
		} win32;
		const void *nvSciSyncObj;
	} handle;
	unsigned int flags;
	unsigned int reserved[16];
};
struct cudaExternalSemaphoreSignalParams {
	struct {
		struct {
			unsigned long long value;
		} fence;
		union {
			void *fence;
			unsigned long long reserved;
		} nvSciSync;
		struct {
			unsigned long long key;
		} keyedMutex;
		unsigned int reserved[12];
	} params;
	unsigned int flags;
	unsigned int reserved[16];
};
struct cudaExternalSemaphoreWaitParams {
	struct {
		struct {
			unsigned long long value;
		} fence;
		union {
			void *fence;
			unsigned long long reserved;
		} nvSciSync;
		struct {
			unsigned long long key;
			unsigned int timeoutMs;
		} keyedMutex;
		unsigned int reserved[10];
	} params;
	unsigned int flags;
	unsigned int reserved[16];
};
typedef struct CUexternalMemory_st *cudaExternalMemory_t;
typedef struct CUexternalSemaphore_st *cudaExternalSemaphore_t;
struct cudaExternalSemaphoreSignalNodeParams {
	cudaExternalSemaphore_t *extSemArray;
	const struct cudaExternalSemaphoreSignalParams *paramsArray;
	unsigned int numExtSems;
};
struct cudaExternalSemaphoreSignalNodeParamsV2 {
	cudaExternalSemaphore_t *extSemArray;
	const struct cudaExternalSemaphoreSignalParams *paramsArray;
	unsigned int numExtSems;
};
struct cudaExternalSemaphoreWaitNodeParams {
	cudaExternalSemaphore_t *extSemArray;
	const struct cudaExternalSemaphoreWaitParams *paramsArray;
	unsigned int numExtSems;
};
struct cudaExternalSemaphoreWaitNodeParamsV2 {
	cudaExternalSemaphore_t *extSemArray;
	const struct cudaExternalSemaphoreWaitParams *paramsArray;
	unsigned int numExtSems;
};

/* ---- libraries, kernels and functions as handles; JIT options ---- */
typedef struct CUfunc_st *cudaFunction_t;
typedef struct CUkern_st *cudaKernel_t;
typedef struct CUlib_st *cudaLibrary_t;
enum cudaJitOption {
	cudaJitMaxRegisters = 0,
	cudaJitThreadsPerBlock = 1,
	cudaJitWallTime = 2,
	cudaJitInfoLogBuffer = 3,
	cudaJitInfoLogBufferSizeBytes = 4,
	cudaJitErrorLogBuffer = 5,
	cudaJitErrorLogBufferSizeBytes = 6,
	cudaJitOptimizationLevel = 7,
	cudaJitFallbackStrategy = 10,
	cudaJitGenerateDebugInfo = 11,
	cudaJitLogVerbose = 12,
	cudaJitGenerateLineInfo = 13,
	cudaJitCacheMode = 14,
	cudaJitPositionIndependentCode = 30,
	cudaJitMinCtaPerSm = 31,
	cudaJitMaxThreadsPerBlock = 32,
	cudaJitOverrideDirectiveValues = 33
};
enum cudaJit_CacheMode { cudaJitCacheOptionNone = 0, cudaJitCacheOptionCG = 1, cudaJitCacheOptionCA = 2 };
enum cudaJit_Fallback { cudaPreferPtx = 0, cudaPreferBinary = 1 };
enum cudaLibraryOption { cudaLibraryHostUniversalFunctionAndDataTable = 0, cudaLibraryBinaryIsPreserved = 1 };
struct cudalibraryHostUniversalFunctionAndDataTable {
	void *functionTable;
	size_t functionWindowSize;
	void *dataTable;
	size_t dataWindowSize;
};

/* ---- error logs ---- */
typedef enum CUDAlogLevel_enum { cudaLogLevelError = 0, cudaLogLevelWarning = 1 } cudaLogLevel;
typedef unsigned int cudaLogIterator;
typedef struct CUlogsCallbackEntry_st *cudaLogsCallbackHandle;
typedef void (*cudaLogsCallback_t)(void *data, cudaLogLevel logLevel, char *message, size_t length);

/* ---- asynchronous notifications ---- */
typedef enum cudaAsyncNotificationType_enum { cudaAsyncNotificationTypeOverBudget = 0x1 } cudaAsyncNotificationType;
typedef struct cudaAsyncNotificationInfo {
	cudaAsyncNotificationType type;
	union {
		struct {
			unsigned long long bytesOverBudget;
		} overBudget;
	} info;
} cudaAsyncNotificationInfo_t;
typedef struct cudaAsyncCallbackEntry *cudaAsyncCallbackHandle_t;
typedef void (*cudaAsyncCallback)(cudaAsyncNotificationInfo_t *, void *, cudaAsyncCallbackHandle_t);

/* ---- devices: atomics, RDMA, NUMA, cooperative scopes ---- */
enum cudaAtomicOperation {
	cudaAtomicOperationIntegerAdd = 0,
	cudaAtomicOperationIntegerMin = 1,
	cudaAtomicOperationIntegerMax = 2,
	cudaAtomicOperationIntegerIncrement = 3,
	cudaAtomicOperationIntegerDecrement = 4,
	cudaAtomicOperationAnd = 5,
	cudaAtomicOperationOr = 6,
	cudaAtomicOperationXOR = 7,
	cudaAtomicOperationExchange = 8,
	cudaAtomicOperationCAS = 9,
	cudaAtomicOperationFloatAdd = 10,
	cudaAtomicOperationFloatMin = 11,
	cudaAtomicOperationFloatMax = 12
};
enum cudaAtomicOperationCapability {
	cudaAtomicCapabilitySigned = 1u << 0,
	cudaAtomicCapabilityUnsigned = 1u << 1,
	cudaAtomicCapabilityReduction = 1u << 2,
	cudaAtomicCapabilityScalar32 = 1u << 3,
	cudaAtomicCapabilityScalar64 = 1u << 4,
	cudaAtomicCapabilityScalar128 = 1u << 5,
	cudaAtomicCapabilityVector32x4 = 1u << 6
};
enum cudaFlushGPUDirectRDMAWritesOptions {
	cudaFlushGPUDirectRDMAWritesOptionHost = 1 << 0,
	cudaFlushGPUDirectRDMAWritesOptionMemOps = 1 << 1
};
enum cudaGPUDirectRDMAWritesOrdering {
	cudaGPUDirectRDMAWritesOrderingNone = 0,
	cudaGPUDirectRDMAWritesOrderingOwner = 100,
	cudaGPUDirectRDMAWritesOrderingAllDevices = 200
};
enum cudaFlushGPUDirectRDMAWritesScope {
	cudaFlushGPUDirectRDMAWritesToOwner = 100,
	cudaFlushGPUDirectRDMAWritesToAllDevices = 200
};
enum cudaFlushGPUDirectRDMAWritesTarget { cudaFlushGPUDirectRDMAWritesTargetCurrentDevice = 0 };
enum cudaDeviceNumaConfig { cudaDeviceNumaConfigNone = 0, cudaDeviceNumaConfigNumaNode = 1 };
enum cudaCGScope { cudaCGScopeInvalid = 0, cudaCGScopeGrid = 1, cudaCGScopeReserved = 2 };
typedef struct cudaMemFabricHandle_st {
	char reserved[CUDA_IPC_HANDLE_SIZE];
} cudaMemFabricHandle_t;

/* ---- graphs: dependency types, device-side kernel-node updates ---- */
typedef enum cudaGraphDependencyType_enum {
	cudaGraphDependencyTypeDefault = 0,
	cudaGraphDependencyTypeProgrammatic = 1
} cudaGraphDependencyType;
enum cudaGraphKernelNodeField {
	cudaGraphKernelNodeFieldInvalid = 0,
	cudaGraphKernelNodeFieldGridDim = 1,
	cudaGraphKernelNodeFieldParam = 2,
	cudaGraphKernelNodeFieldEnabled = 3
};
typedef struct CUgraphDeviceUpdatableNode_st *cudaGraphDeviceNode_t;
struct cudaGraphKernelNodeUpdate {
	cudaGraphDeviceNode_t node;
	enum cudaGraphKernelNodeField field;
	union {
		dim3 gridDim;
		struct {
			const void *pValue;
			size_t offset;
			size_t size;
		} param;
		unsigned int isEnabled;
	} updateData;
};

/* ---- arrays: memory requirements, sparse properties ---- */
struct cudaArrayMemoryRequirements {
	size_t size;
	size_t alignment;
	unsigned int reserved[4];
};
struct cudaArraySparseProperties {
	struct {
		unsigned int width;
		unsigned int height;
		unsigned int depth;
	} tileExtent;
	unsigned int miptailFirstLevel;
	unsigned long long miptailSize;
	unsigned int flags;
	unsigned int reserved[4];
};

/* ---- batched copies ---- */
enum cudaMemcpyFlags { cudaMemcpyFlagDefault = 0x0, cudaMemcpyFlagPreferOverlapWithCompute = 0x1 };
enum cudaMemcpySrcAccessOrder {
	cudaMemcpySrcAccessOrderInvalid = 0x0,
	cudaMemcpySrcAccessOrderStream = 0x1,
	cudaMemcpySrcAccessOrderDuringApiCall = 0x2,
	cudaMemcpySrcAccessOrderAny = 0x3,
	cudaMemcpySrcAccessOrderMax = 0x7FFFFFFF
};
struct cudaMemcpyAttributes {
	enum cudaMemcpySrcAccessOrder srcAccessOrder;
	struct cudaMemLocation srcLocHint;
	struct cudaMemLocation dstLocHint;
	unsigned int flags;
};
enum cudaMemcpy3DOperandType {
	cudaMemcpyOperandTypePointer = 0x1,
	cudaMemcpyOperandTypeArray = 0x2,
	cudaMemcpyOperandTypeMax = 0x7FFFFFFF
};
struct cudaOffset3D {
	size_t x;
	size_t y;
	size_t z;
};
struct cudaMemcpy3DOperand {
	enum cudaMemcpy3DOperandType type;
	union {
		struct {
			void *ptr;
			size_t rowLength;	/* elements; 0: the copy's width */
			size_t layerHeight;	/* rows; 0: the copy's height */
			struct cudaMemLocation locHint;
		} ptr;
		struct {
			cudaArray_t array;
			struct cudaOffset3D offset;	/* elements */
		} array;
	} op;
};
struct cudaMemcpy3DBatchOp {
	struct cudaMemcpy3DOperand src;
	struct cudaMemcpy3DOperand dst;
	struct cudaExtent extent;
	enum cudaMemcpySrcAccessOrder srcAccessOrder;
	unsigned int flags;
};

/* ---- the calls ---- */
cudaError_t cudaImportExternalMemory(cudaExternalMemory_t *extMem_out,
				     const struct cudaExternalMemoryHandleDesc *memHandleDesc);
cudaError_t cudaExternalMemoryGetMappedBuffer(void **devPtr, cudaExternalMemory_t extMem,
					      const struct cudaExternalMemoryBufferDesc *bufferDesc);
cudaError_t cudaExternalMemoryGetMappedMipmappedArray(cudaMipmappedArray_t *mipmap, cudaExternalMemory_t extMem,
						      const struct cudaExternalMemoryMipmappedArrayDesc *mipmapDesc);
cudaError_t cudaDestroyExternalMemory(cudaExternalMemory_t extMem);
cudaError_t cudaImportExternalSemaphore(cudaExternalSemaphore_t *extSem_out,
					const struct cudaExternalSemaphoreHandleDesc *semHandleDesc);
cudaError_t cudaSignalExternalSemaphoresAsync(const cudaExternalSemaphore_t *extSemArray,
					      const struct cudaExternalSemaphoreSignalParams *paramsArray,
					      unsigned int numExtSems, cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaWaitExternalSemaphoresAsync(const cudaExternalSemaphore_t *extSemArray,
					    const struct cudaExternalSemaphoreWaitParams *paramsArray,
					    unsigned int numExtSems, cudaStream_t stream IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaDestroyExternalSemaphore(cudaExternalSemaphore_t extSem);
cudaError_t cudaDeviceGetNvSciSyncAttributes(void *nvSciSyncAttrList, int device, int flags);

cudaError_t cudaGraphAddExternalSemaphoresSignalNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
						     const cudaGraphNode_t *pDependencies, size_t numDependencies,
						     const struct cudaExternalSemaphoreSignalNodeParams *nodeParams);
cudaError_t cudaGraphAddExternalSemaphoresWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
						   const cudaGraphNode_t *pDependencies, size_t numDependencies,
						   const struct cudaExternalSemaphoreWaitNodeParams *nodeParams);
cudaError_t cudaGraphExternalSemaphoresSignalNodeGetParams(cudaGraphNode_t hNode,
							   struct cudaExternalSemaphoreSignalNodeParams *params_out);
cudaError_t cudaGraphExternalSemaphoresSignalNodeSetParams(cudaGraphNode_t hNode,
							   const struct cudaExternalSemaphoreSignalNodeParams *nodeParams);
cudaError_t cudaGraphExternalSemaphoresWaitNodeGetParams(cudaGraphNode_t hNode,
							 struct cudaExternalSemaphoreWaitNodeParams *params_out);
cudaError_t cudaGraphExternalSemaphoresWaitNodeSetParams(cudaGraphNode_t hNode,
							 const struct cudaExternalSemaphoreWaitNodeParams *nodeParams);
cudaError_t cudaGraphExecExternalSemaphoresSignalNodeSetParams(
	cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, const struct cudaExternalSemaphoreSignalNodeParams *nodeParams);
cudaError_t cudaGraphExecExternalSemaphoresWaitNodeSetParams(
	cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, const struct cudaExternalSemaphoreWaitNodeParams *nodeParams);

cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					   const cudaGraphNode_t *pDependencies, size_t numDependencies,
					   const void *symbol, const void *src, size_t count, size_t offset,
					   enum cudaMemcpyKind kind);
cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					     const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
					     const void *symbol, size_t count, size_t offset, enum cudaMemcpyKind kind);
cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node, const void *symbol, const void *src,
						 size_t count, size_t offset, enum cudaMemcpyKind kind);
cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst, const void *symbol,
						   size_t count, size_t offset, enum cudaMemcpyKind kind);
cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
						     const void *symbol, const void *src, size_t count, size_t offset,
						     enum cudaMemcpyKind kind);
cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
						       const void *symbol, size_t count, size_t offset,
						       enum cudaMemcpyKind kind);

cudaError_t cudaLibraryLoadData(cudaLibrary_t *library, const void *code, enum cudaJitOption *jitOptions,
				void **jitOptionsValues, unsigned int numJitOptions,
				enum cudaLibraryOption *libraryOptions, void **libraryOptionValues,
				unsigned int numLibraryOptions);
cudaError_t cudaLibraryLoadFromFile(cudaLibrary_t *library, const char *fileName, enum cudaJitOption *jitOptions,
				    void **jitOptionsValues, unsigned int numJitOptions,
				    enum cudaLibraryOption *libraryOptions, void **libraryOptionValues,
				    unsigned int numLibraryOptions);
cudaError_t cudaLibraryUnload(cudaLibrary_t library);
cudaError_t cudaLibraryGetKernel(cudaKernel_t *pKernel, cudaLibrary_t library, const char *name);
cudaError_t cudaLibraryGetGlobal(void **dptr, size_t *bytes, cudaLibrary_t library, const char *name);
cudaError_t cudaLibraryGetManaged(void **dptr, size_t *bytes, cudaLibrary_t library, const char *name);
cudaError_t cudaLibraryGetUnifiedFunction(void **fptr, cudaLibrary_t library, const char *symbol);
cudaError_t cudaLibraryGetKernelCount(unsigned int *count, cudaLibrary_t lib);
cudaError_t cudaLibraryEnumerateKernels(cudaKernel_t *kernels, unsigned int numKernels, cudaLibrary_t lib);
cudaError_t cudaGetKernel(cudaKernel_t *kernelPtr, const void *entryFuncAddr);
cudaError_t cudaKernelSetAttributeForDevice(cudaKernel_t kernel, enum cudaFuncAttribute attr, int value, int device);
cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr, const void *symbolPtr);
cudaError_t cudaFuncGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset, size_t *paramSize);

cudaError_t cudaLogsCurrent(cudaLogIterator *iterator_out, unsigned int flags);
cudaError_t cudaLogsDumpToFile(cudaLogIterator *iterator, const char *pathToFile, unsigned int flags);
cudaError_t cudaLogsDumpToMemory(cudaLogIterator *iterator, char *buffer, size_t *size, unsigned int flags);
cudaError_t cudaLogsRegisterCallback(cudaLogsCallback_t callbackFunc, void *userData,
				     cudaLogsCallbackHandle *callback_out);
cudaError_t cudaLogsUnregisterCallback(cudaLogsCallbackHandle callback);

cudaError_t cudaDeviceRegisterAsyncNotification(int device, cudaAsyncCallback callbackFunc, void *userData,
						cudaAsyncCallbackHandle_t *callback);
cudaError_t cudaDeviceUnregisterAsyncNotification(int device, cudaAsyncCallbackHandle_t callback);
cudaError_t cudaDeviceGetHostAtomicCapabilities(unsigned int *capabilities, const enum cudaAtomicOperation *operations,
						unsigned int count, int device);
cudaError_t cudaDeviceGetP2PAtomicCapabilities(unsigned int *capabilities, const enum cudaAtomicOperation *operations,
					       unsigned int count, int srcDevice, int dstDevice);
cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(enum cudaFlushGPUDirectRDMAWritesTarget target,
					       enum cudaFlushGPUDirectRDMAWritesScope scope);
cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements, const struct cudaChannelFormatDesc *fmtDesc,
						 int device);

cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location,
				     enum cudaMemAllocationType type);
cudaError_t cudaMemGetMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location, enum cudaMemAllocationType type);
cudaError_t cudaMemSetMemPool(struct cudaMemLocation *location, enum cudaMemAllocationType type, cudaMemPool_t memPool);

cudaError_t cudaMemcpyBatchAsync(void *const *dsts, const void *const *srcs, const size_t *sizes, size_t count,
				 struct cudaMemcpyAttributes *attrs, size_t *attrsIdxs, size_t numAttrs,
				 cudaStream_t stream);
cudaError_t cudaMemcpy3DBatchAsync(size_t numOps, struct cudaMemcpy3DBatchOp *opList, unsigned long long flags,
				   cudaStream_t stream);
cudaError_t cudaMemPrefetchBatchAsync(void **dptrs, size_t *sizes, size_t count, struct cudaMemLocation *prefetchLocs,
				      size_t *prefetchLocIdxs, size_t numPrefetchLocs, unsigned long long flags,
				      cudaStream_t stream);
cudaError_t cudaMemDiscardBatchAsync(void **dptrs, size_t *sizes, size_t count, unsigned long long flags,
				     cudaStream_t stream);
cudaError_t cudaMemDiscardAndPrefetchBatchAsync(void **dptrs, size_t *sizes, size_t count,
						struct cudaMemLocation *prefetchLocs, size_t *prefetchLocIdxs,
						size_t numPrefetchLocs, unsigned long long flags, cudaStream_t stream);

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray, const struct cudaChannelFormatDesc *desc,
				     struct cudaExtent extent, unsigned int numLevels,
				     unsigned int flags IDXGEN_CUDA__DEFAULT(0));
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray,
				       unsigned int level);
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray);
cudaError_t cudaArrayGetPlane(cudaArray_t *pPlaneArray, cudaArray_t hArray, unsigned int planeIdx);
cudaError_t cudaArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *memoryRequirements, cudaArray_t array,
					   int device);
cudaError_t cudaMipmappedArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *memoryRequirements,
						    cudaMipmappedArray_t mipmap, int device);
cudaError_t cudaArrayGetSparseProperties(struct cudaArraySparseProperties *sparseProperties, cudaArray_t array);
cudaError_t cudaMipmappedArrayGetSparseProperties(struct cudaArraySparseProperties *sparseProperties,
						  cudaMipmappedArray_t mipmap);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_API_EXT_H */
