/* SPDX-License-Identifier: MIT */
/*
 * driver_types.h - the types of idxgen's CUDA runtime API (lib/cudart):
 * error codes, copy kinds, stream/event handles, device properties,
 * function attributes, flags.  Our own header; the enumerators carry
 * CUDA's names and numeric values (programs print and compare them), the
 * structures carry the fields programs read, not NVIDIA's layout.
 */
#ifndef IDXGEN_CUDA_DRIVER_TYPES_H
#define IDXGEN_CUDA_DRIVER_TYPES_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __DRIVER_TYPES_H__

#include <stddef.h>

/* Error codes: CUDA's values.  Those marked sticky poison the context
 * until cudaDeviceReset (every call returns them), as in CUDA. */
enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2,
	cudaErrorInitializationError = 3,
	cudaErrorCudartUnloading = 4,
	cudaErrorInvalidConfiguration = 9,
	cudaErrorInvalidPitchValue = 12,
	cudaErrorInvalidSymbol = 13,
	cudaErrorInvalidHostPointer = 16,
	cudaErrorInvalidDevicePointer = 17,
	cudaErrorInvalidMemcpyDirection = 21,
	cudaErrorInsufficientDriver = 35,
	cudaErrorMissingConfiguration = 52,
	cudaErrorInvalidDeviceFunction = 98,
	cudaErrorNoDevice = 100,
	cudaErrorInvalidDevice = 101,
	cudaErrorStartupFailure = 127,
	cudaErrorInvalidKernelImage = 200,
	cudaErrorInvalidResourceHandle = 400,
	cudaErrorIllegalState = 401,
	cudaErrorSymbolNotFound = 500,
	cudaErrorNotReady = 600,
	cudaErrorIllegalAddress = 700,		/* sticky */
	cudaErrorLaunchOutOfResources = 701,
	cudaErrorLaunchTimeout = 702,		/* sticky */
	cudaErrorAssert = 710,			/* sticky: a device-side assert failed */
	cudaErrorHostMemoryAlreadyRegistered = 712,
	cudaErrorHostMemoryNotRegistered = 713,
	cudaErrorLaunchFailure = 719,		/* sticky: a kernel trapped */
	cudaErrorCooperativeLaunchTooLarge = 720,	/* the grid cannot be all resident */
	cudaErrorNotPermitted = 800,
	cudaErrorNotSupported = 801,
	cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
	cudaMemcpyHostToHost = 0,
	cudaMemcpyHostToDevice = 1,
	cudaMemcpyDeviceToHost = 2,
	cudaMemcpyDeviceToDevice = 3,
	cudaMemcpyDefault = 4		/* inferred (one address space: all kinds are one) */
};

enum cudaMemoryType {
	cudaMemoryTypeUnregistered = 0,
	cudaMemoryTypeHost = 1,
	cudaMemoryTypeDevice = 2,
	cudaMemoryTypeManaged = 3
};

enum cudaMemoryAdvise {
	cudaMemAdviseSetReadMostly = 1,
	cudaMemAdviseUnsetReadMostly = 2,
	cudaMemAdviseSetPreferredLocation = 3,
	cudaMemAdviseUnsetPreferredLocation = 4,
	cudaMemAdviseSetAccessedBy = 5,
	cudaMemAdviseUnsetAccessedBy = 6
};

struct cudaPointerAttributes {
	enum cudaMemoryType type;
	int device;
	void *devicePointer;
	void *hostPointer;
};

/* Opaque handles (lib/cudart's streams and events). */
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;

/* Special streams: the legacy default stream (also 0) and the per-thread one. */
#define cudaStreamLegacy	((cudaStream_t)0x1)
#define cudaStreamPerThread	((cudaStream_t)0x2)

#define cudaStreamDefault	0x00u
#define cudaStreamNonBlocking	0x01u	/* does not synchronise with the default stream */

#define cudaEventDefault	0x00u
#define cudaEventBlockingSync	0x01u
#define cudaEventRecordDefault	0x00u
#define cudaEventRecordExternal	0x01u
#define cudaEventDisableTiming	0x02u
#define cudaEventInterprocess	0x04u

#define cudaHostAllocDefault	0x00u
#define cudaHostAllocPortable	0x01u
#define cudaHostAllocMapped	0x02u
#define cudaHostAllocWriteCombined 0x04u
#define cudaHostRegisterDefault	0x00u
#define cudaHostRegisterPortable 0x01u
#define cudaHostRegisterMapped	0x02u

#define cudaMemAttachGlobal	0x01u
#define cudaMemAttachHost	0x02u
#define cudaMemAttachSingle	0x04u

#define cudaDeviceScheduleAuto		0x00u
#define cudaDeviceScheduleSpin		0x01u
#define cudaDeviceScheduleYield		0x02u
#define cudaDeviceScheduleBlockingSync	0x04u
#define cudaDeviceMapHost		0x08u
#define cudaDeviceLmemResizeToMax	0x10u

#define cudaCpuDeviceId		(-1)
#define cudaInvalidDeviceId	(-2)

enum cudaFuncCache {
	cudaFuncCachePreferNone = 0,
	cudaFuncCachePreferShared = 1,
	cudaFuncCachePreferL1 = 2,
	cudaFuncCachePreferEqual = 3
};

enum cudaSharedMemConfig {
	cudaSharedMemBankSizeDefault = 0,
	cudaSharedMemBankSizeFourByte = 1,
	cudaSharedMemBankSizeEightByte = 2
};

enum cudaFuncAttribute {
	cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
	cudaFuncAttributePreferredSharedMemoryCarveout = 9
};

enum cudaLimit {
	cudaLimitStackSize = 0,
	cudaLimitPrintfFifoSize = 1,
	cudaLimitMallocHeapSize = 2
};

/* What cudaFuncGetAttributes reports for a kernel. */
struct cudaFuncAttributes {
	size_t sharedSizeBytes;		/* static __shared__ bytes */
	size_t constSizeBytes;
	size_t localSizeBytes;		/* private bytes per thread (values across barriers) */
	int maxThreadsPerBlock;
	int numRegs;
	int ptxVersion;
	int binaryVersion;
	int cacheModeCA;
	int maxDynamicSharedSizeBytes;
	int preferredShmemCarveout;
};

/* Device attributes (cudaDeviceGetAttribute): CUDA's values. */
enum cudaDeviceAttr {
	cudaDevAttrMaxThreadsPerBlock = 1,
	cudaDevAttrMaxBlockDimX = 2,
	cudaDevAttrMaxBlockDimY = 3,
	cudaDevAttrMaxBlockDimZ = 4,
	cudaDevAttrMaxGridDimX = 5,
	cudaDevAttrMaxGridDimY = 6,
	cudaDevAttrMaxGridDimZ = 7,
	cudaDevAttrMaxSharedMemoryPerBlock = 8,
	cudaDevAttrTotalConstantMemory = 9,
	cudaDevAttrWarpSize = 10,
	cudaDevAttrMaxPitch = 11,
	cudaDevAttrMaxRegistersPerBlock = 12,
	cudaDevAttrClockRate = 13,
	cudaDevAttrTextureAlignment = 14,
	cudaDevAttrGpuOverlap = 15,
	cudaDevAttrMultiProcessorCount = 16,
	cudaDevAttrKernelExecTimeout = 17,
	cudaDevAttrIntegrated = 18,
	cudaDevAttrCanMapHostMemory = 19,
	cudaDevAttrComputeMode = 20,
	cudaDevAttrConcurrentKernels = 31,
	cudaDevAttrEccEnabled = 32,
	cudaDevAttrPciBusId = 33,
	cudaDevAttrPciDeviceId = 34,
	cudaDevAttrMemoryClockRate = 36,
	cudaDevAttrGlobalMemoryBusWidth = 37,
	cudaDevAttrL2CacheSize = 38,
	cudaDevAttrMaxThreadsPerMultiProcessor = 39,
	cudaDevAttrAsyncEngineCount = 40,
	cudaDevAttrUnifiedAddressing = 41,
	cudaDevAttrPciDomainId = 50,
	cudaDevAttrComputeCapabilityMajor = 75,
	cudaDevAttrComputeCapabilityMinor = 76,
	cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
	cudaDevAttrMaxRegistersPerMultiprocessor = 82,
	cudaDevAttrManagedMemory = 83,
	cudaDevAttrConcurrentManagedAccess = 89,
	cudaDevAttrCooperativeLaunch = 95,
	cudaDevAttrCooperativeMultiDeviceLaunch = 96,
	cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
	cudaDevAttrMaxBlocksPerMultiprocessor = 106
};

/*
 * Device properties (cudaGetDeviceProperties).  lib/cudart/README.md says
 * where each value comes from: the CPU (cores, caches, memory, clock) or
 * the idxgen device (warp size, block limits); fields without a meaning
 * on a CPU read 0 unless a program would divide by them.
 */
/*
 * The element format of a CUDA array or texture: the kind of its channels
 * and their widths in bits (channel_descriptor.h makes them).  Values are
 * CUDA's, in order; the normalized and block-compressed kinds after NV12.
 */
enum cudaChannelFormatKind {
	cudaChannelFormatKindSigned = 0,
	cudaChannelFormatKindUnsigned = 1,
	cudaChannelFormatKindFloat = 2,
	cudaChannelFormatKindNone = 3,
	cudaChannelFormatKindNV12 = 4,
	cudaChannelFormatKindUnsignedNormalized8X1 = 5,
	cudaChannelFormatKindUnsignedNormalized8X2 = 6,
	cudaChannelFormatKindUnsignedNormalized8X4 = 7,
	cudaChannelFormatKindUnsignedNormalized16X1 = 8,
	cudaChannelFormatKindUnsignedNormalized16X2 = 9,
	cudaChannelFormatKindUnsignedNormalized16X4 = 10,
	cudaChannelFormatKindSignedNormalized8X1 = 11,
	cudaChannelFormatKindSignedNormalized8X2 = 12,
	cudaChannelFormatKindSignedNormalized8X4 = 13,
	cudaChannelFormatKindSignedNormalized16X1 = 14,
	cudaChannelFormatKindSignedNormalized16X2 = 15,
	cudaChannelFormatKindSignedNormalized16X4 = 16,
	cudaChannelFormatKindUnsignedBlockCompressed1 = 17,
	cudaChannelFormatKindUnsignedBlockCompressed1SRGB = 18,
	cudaChannelFormatKindUnsignedBlockCompressed2 = 19,
	cudaChannelFormatKindUnsignedBlockCompressed2SRGB = 20,
	cudaChannelFormatKindUnsignedBlockCompressed3 = 21,
	cudaChannelFormatKindUnsignedBlockCompressed3SRGB = 22,
	cudaChannelFormatKindUnsignedBlockCompressed4 = 23,
	cudaChannelFormatKindSignedBlockCompressed4 = 24,
	cudaChannelFormatKindUnsignedBlockCompressed5 = 25,
	cudaChannelFormatKindSignedBlockCompressed5 = 26,
	cudaChannelFormatKindUnsignedBlockCompressed6H = 27,
	cudaChannelFormatKindSignedBlockCompressed6H = 28,
	cudaChannelFormatKindUnsignedBlockCompressed7 = 29,
	cudaChannelFormatKindUnsignedBlockCompressed7SRGB = 30,
	cudaChannelFormatKindUnsignedNormalized1010102 = 31
};

struct cudaChannelFormatDesc {
	int x, y, z, w;	/* bits of each channel, 0 where absent */
	enum cudaChannelFormatKind f;
};

/* What cudaDevAttrComputeMode and cudaDeviceProp.computeMode answer (always the default here). */
enum cudaComputeMode {
	cudaComputeModeDefault = 0,
	cudaComputeModeExclusive = 1,
	cudaComputeModeProhibited = 2,
	cudaComputeModeExclusiveProcess = 3
};

struct cudaDeviceProp {
	char name[256];
	unsigned char uuid[16];
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int regsPerBlock;
	int warpSize;
	size_t memPitch;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	int clockRate;			/* kHz */
	size_t totalConstMem;
	int major, minor;
	size_t textureAlignment;
	size_t texturePitchAlignment;
	int deviceOverlap;
	int multiProcessorCount;
	int kernelExecTimeoutEnabled;
	int integrated;
	int canMapHostMemory;
	int computeMode;
	int concurrentKernels;
	int ECCEnabled;
	int pciBusID, pciDeviceID, pciDomainID;
	int tccDriver;
	int asyncEngineCount;
	int unifiedAddressing;
	int memoryClockRate;		/* kHz */
	int memoryBusWidth;		/* bits */
	int l2CacheSize;		/* bytes */
	int persistingL2CacheMaxSize;
	int maxThreadsPerMultiProcessor;
	int streamPrioritiesSupported;
	int globalL1CacheSupported;
	int localL1CacheSupported;
	size_t sharedMemPerMultiprocessor;
	int regsPerMultiprocessor;
	int managedMemory;
	int isMultiGpuBoard;
	int multiGpuBoardGroupID;
	int pageableMemoryAccess;
	int concurrentManagedAccess;
	int computePreemptionSupported;
	int canUseHostPointerForRegisteredMem;
	int cooperativeLaunch;
	int cooperativeMultiDeviceLaunch;
	size_t sharedMemPerBlockOptin;
	int pageableMemoryAccessUsesHostPageTables;
	int directManagedMemAccessFromHost;
	int maxBlocksPerMultiProcessor;
	int accessPolicyMaxWindowSize;
	size_t reservedSharedMemPerBlock;
	int hostRegisterSupported;
	int sparseCudaArraySupported;
	int hostRegisterReadOnlySupported;
	int timelineSemaphoreInteropSupported;
	int memoryPoolsSupported;
	int gpuDirectRDMASupported;
	int clusterLaunch;
	int unifiedFunctionPointers;
};

#endif /* IDXGEN_CUDA_DRIVER_TYPES_H */
