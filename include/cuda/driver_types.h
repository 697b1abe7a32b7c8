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

#include "vector_types.h" /* dim3 of cudaKernelNodeParams (as NVIDIA's does) */

/* Error codes: CUDA's values.  Those marked sticky poison the context
 * until cudaDeviceReset (every call returns them), as in CUDA. */
enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2,
	cudaErrorInitializationError = 3,
	cudaErrorCudartUnloading = 4,
	cudaErrorProfilerDisabled = 5,
	cudaErrorProfilerNotInitialized = 6,
	cudaErrorProfilerAlreadyStarted = 7,
	cudaErrorProfilerAlreadyStopped = 8,
	cudaErrorInvalidConfiguration = 9,
	cudaErrorInvalidPitchValue = 12,
	cudaErrorInvalidSymbol = 13,
	cudaErrorInvalidHostPointer = 16,
	cudaErrorInvalidDevicePointer = 17,
	cudaErrorInvalidTexture = 18,
	cudaErrorInvalidTextureBinding = 19,
	cudaErrorInvalidChannelDescriptor = 20,
	cudaErrorInvalidMemcpyDirection = 21,
	cudaErrorAddressOfConstant = 22,
	cudaErrorTextureFetchFailed = 23,
	cudaErrorTextureNotBound = 24,
	cudaErrorSynchronizationError = 25,
	cudaErrorInvalidFilterSetting = 26,
	cudaErrorInvalidNormSetting = 27,
	cudaErrorMixedDeviceExecution = 28,
	cudaErrorNotYetImplemented = 31,
	cudaErrorMemoryValueTooLarge = 32,
	cudaErrorStubLibrary = 34,
	cudaErrorInsufficientDriver = 35,
	cudaErrorCallRequiresNewerDriver = 36,
	cudaErrorInvalidSurface = 37,
	cudaErrorDuplicateVariableName = 43,
	cudaErrorDuplicateTextureName = 44,
	cudaErrorDuplicateSurfaceName = 45,
	cudaErrorDevicesUnavailable = 46,
	cudaErrorIncompatibleDriverContext = 49,
	cudaErrorMissingConfiguration = 52,
	cudaErrorPriorLaunchFailure = 53,
	cudaErrorLaunchMaxDepthExceeded = 65,
	cudaErrorLaunchFileScopedTex = 66,
	cudaErrorLaunchFileScopedSurf = 67,
	cudaErrorSyncDepthExceeded = 68,
	cudaErrorLaunchPendingCountExceeded = 69,
	cudaErrorInvalidDeviceFunction = 98,
	cudaErrorNoDevice = 100,
	cudaErrorInvalidDevice = 101,
	cudaErrorDeviceNotLicensed = 102,
	cudaErrorSoftwareValidityNotEstablished = 103,
	cudaErrorStartupFailure = 127,
	cudaErrorInvalidKernelImage = 200,
	cudaErrorDeviceUninitialized = 201,
	cudaErrorMapBufferObjectFailed = 205,
	cudaErrorUnmapBufferObjectFailed = 206,
	cudaErrorArrayIsMapped = 207,
	cudaErrorAlreadyMapped = 208,
	cudaErrorNoKernelImageForDevice = 209,
	cudaErrorAlreadyAcquired = 210,
	cudaErrorNotMapped = 211,
	cudaErrorNotMappedAsArray = 212,
	cudaErrorNotMappedAsPointer = 213,
	cudaErrorECCUncorrectable = 214,
	cudaErrorUnsupportedLimit = 215,
	cudaErrorDeviceAlreadyInUse = 216,
	cudaErrorPeerAccessUnsupported = 217,
	cudaErrorInvalidPtx = 218,
	cudaErrorInvalidGraphicsContext = 219,
	cudaErrorNvlinkUncorrectable = 220,
	cudaErrorJitCompilerNotFound = 221,
	cudaErrorUnsupportedPtxVersion = 222,
	cudaErrorJitCompilationDisabled = 223,
	cudaErrorUnsupportedExecAffinity = 224,
	cudaErrorUnsupportedDevSideSync = 225,
	cudaErrorContained = 226,
	cudaErrorInvalidSource = 300,
	cudaErrorFileNotFound = 301,
	cudaErrorSharedObjectSymbolNotFound = 302,
	cudaErrorSharedObjectInitFailed = 303,
	cudaErrorOperatingSystem = 304,
	cudaErrorInvalidResourceHandle = 400,
	cudaErrorIllegalState = 401,
	cudaErrorLossyQuery = 402,
	cudaErrorSymbolNotFound = 500,
	cudaErrorNotReady = 600,
	cudaErrorIllegalAddress = 700,	/* sticky */
	cudaErrorLaunchOutOfResources = 701,
	cudaErrorLaunchTimeout = 702,	/* sticky */
	cudaErrorLaunchIncompatibleTexturing = 703,
	cudaErrorPeerAccessAlreadyEnabled = 704,
	cudaErrorPeerAccessNotEnabled = 705,
	cudaErrorSetOnActiveProcess = 708,
	cudaErrorContextIsDestroyed = 709,
	cudaErrorAssert = 710,	/* sticky: a device-side assert failed */
	cudaErrorTooManyPeers = 711,
	cudaErrorHostMemoryAlreadyRegistered = 712,
	cudaErrorHostMemoryNotRegistered = 713,
	cudaErrorHardwareStackError = 714,
	cudaErrorIllegalInstruction = 715,
	cudaErrorMisalignedAddress = 716,
	cudaErrorInvalidAddressSpace = 717,
	cudaErrorInvalidPc = 718,
	cudaErrorLaunchFailure = 719,	/* sticky: a kernel trapped */
	cudaErrorCooperativeLaunchTooLarge = 720,	/* the grid cannot be all resident */
	cudaErrorTensorMemoryLeak = 721,
	cudaErrorNotPermitted = 800,
	cudaErrorNotSupported = 801,
	cudaErrorSystemNotReady = 802,
	cudaErrorSystemDriverMismatch = 803,
	cudaErrorCompatNotSupportedOnDevice = 804,
	cudaErrorMpsConnectionFailed = 805,
	cudaErrorMpsRpcFailure = 806,
	cudaErrorMpsServerNotReady = 807,
	cudaErrorMpsMaxClientsReached = 808,
	cudaErrorMpsMaxConnectionsReached = 809,
	cudaErrorMpsClientTerminated = 810,
	cudaErrorCdpNotSupported = 811,
	cudaErrorCdpVersionMismatch = 812,
	cudaErrorStreamCaptureUnsupported = 900,
	cudaErrorStreamCaptureInvalidated = 901,
	cudaErrorStreamCaptureMerge = 902,
	cudaErrorStreamCaptureUnmatched = 903,
	cudaErrorStreamCaptureUnjoined = 904,
	cudaErrorStreamCaptureIsolation = 905,
	cudaErrorStreamCaptureImplicit = 906,
	cudaErrorCapturedEvent = 907,
	cudaErrorStreamCaptureWrongThread = 908,
	cudaErrorTimeout = 909,
	cudaErrorGraphExecUpdateFailure = 910,
	cudaErrorExternalDevice = 911,
	cudaErrorInvalidClusterSize = 912,
	cudaErrorFunctionNotLoaded = 913,
	cudaErrorInvalidResourceType = 914,
	cudaErrorInvalidResourceConfiguration = 915,
	cudaErrorUnknown = 999,
	cudaErrorApiFailureBase = 10000	/* deprecated since CUDA 4.1: never returned */
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
	long reserved[8];		/* CUDA's size */
};

/* Opaque handles (lib/cudart's streams and events). */
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;

/* Special streams: the legacy default stream (also 0) and the per-thread one. */
#define cudaStreamLegacy	((cudaStream_t)0x1)
#define cudaStreamPerThread	((cudaStream_t)0x2)
/* Device code's named streams (dynamic parallelism, lib/cudart/device_launch.c). */
#define cudaStreamTailLaunch	((cudaStream_t)0x3)
#define cudaStreamFireAndForget	((cudaStream_t)0x4)

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
#define cudaDeviceBlockingSync		0x04u	/* the old name of ScheduleBlockingSync */
#define cudaDeviceScheduleMask		0x07u
#define cudaDeviceSyncMemops		0x80u
#define cudaDeviceMask			0xffu
/* Flags of other calls: cudaHostRegister, peer access, event waits, occupancy, IPC. */
#define cudaHostRegisterIoMemory	0x04u	/* cudaErrorNotSupported: no I/O space here */
#define cudaHostRegisterReadOnly	0x08u
#define cudaPeerAccessDefault		0x00u
#define cudaEventWaitDefault		0x00u
#define cudaEventWaitExternal		0x01u
#define cudaOccupancyDefault		0x00u
#define cudaOccupancyDisableCachingOverride 0x01u
#define cudaIpcMemLazyEnablePeerAccess	0x01u

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
	cudaFuncAttributePreferredSharedMemoryCarveout = 9,
	cudaFuncAttributeClusterDimMustBeSet = 10,
	cudaFuncAttributeRequiredClusterWidth = 11,
	cudaFuncAttributeRequiredClusterHeight = 12,
	cudaFuncAttributeRequiredClusterDepth = 13,
	cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
	cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
	cudaFuncAttributeMax
};

enum cudaLimit {
	cudaLimitStackSize = 0,
	cudaLimitPrintfFifoSize = 1,
	cudaLimitMallocHeapSize = 2,
	cudaLimitDevRuntimeSyncDepth = 0x03,
	cudaLimitDevRuntimePendingLaunchCount = 0x04,
	cudaLimitMaxL2FetchGranularity = 0x05,
	cudaLimitPersistingL2CacheSize = 0x06
};

/* Shared memory carveout hints (cudaFuncAttributePreferredSharedMemoryCarveout): accepted, no meaning here. */
enum cudaSharedCarveout {
	cudaSharedmemCarveoutDefault = -1,
	cudaSharedmemCarveoutMaxShared = 100,
	cudaSharedmemCarveoutMaxL1 = 0
};

/* cudaMemRangeGetAttribute(s): what a managed range is asked. */
enum cudaMemRangeAttribute {
	cudaMemRangeAttributeReadMostly = 1,
	cudaMemRangeAttributePreferredLocation = 2,
	cudaMemRangeAttributeAccessedBy = 3,
	cudaMemRangeAttributeLastPrefetchLocation = 4,
	cudaMemRangeAttributePreferredLocationType = 5,
	cudaMemRangeAttributePreferredLocationId = 6,
	cudaMemRangeAttributeLastPrefetchLocationType = 7,
	cudaMemRangeAttributeLastPrefetchLocationId = 8
};

/* cudaDeviceGetP2PAttribute (one device: device 0 with itself). */
enum cudaDeviceP2PAttr {
	cudaDevP2PAttrPerformanceRank = 1,
	cudaDevP2PAttrAccessSupported = 2,
	cudaDevP2PAttrNativeAtomicSupported = 3,
	cudaDevP2PAttrCudaArrayAccessSupported = 4,
	cudaDevP2PAttrOnlyPartialNativeAtomicSupported = 5
};

/* L2 access-policy hints (cudaAccessPolicyWindow): accepted, no meaning here. */
enum cudaAccessProperty {
	cudaAccessPropertyNormal = 0,
	cudaAccessPropertyStreaming = 1,
	cudaAccessPropertyPersisting = 2
};

/* How a stream synchronization waits (launch and stream attribute). */
enum cudaSynchronizationPolicy {
	cudaSyncPolicyAuto = 1,
	cudaSyncPolicySpin = 2,
	cudaSyncPolicyYield = 3,
	cudaSyncPolicyBlockingSync = 4
};

/* Thread-block cluster scheduling hints. */
enum cudaClusterSchedulingPolicy {
	cudaClusterSchedulingPolicyDefault = 0,
	cudaClusterSchedulingPolicySpread = 1,
	cudaClusterSchedulingPolicyLoadBalancing = 2
};
/* An L2 persistence window (stream and launch attribute): accepted, no meaning here. */
struct cudaAccessPolicyWindow {
	void *base_ptr;
	size_t num_bytes;
	float hitRatio;
	enum cudaAccessProperty hitProp;
	enum cudaAccessProperty missProp;
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
	int clusterDimMustBeSet;	/* clusters: none here, all 0 */
	int requiredClusterWidth;
	int requiredClusterHeight;
	int requiredClusterDepth;
	int clusterSchedulingPolicyPreference;
	int nonPortableClusterSizeAllowed;
	int reserved[16];		/* CUDA's size */
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
	cudaDevAttrMaxBlocksPerMultiprocessor = 106,
	/* the rest of CUDA's attributes (lib/cudart/device.c answers each) */
	cudaDevAttrMaxTexture1DWidth = 21,
	cudaDevAttrMaxTexture2DWidth = 22,
	cudaDevAttrMaxTexture2DHeight = 23,
	cudaDevAttrMaxTexture3DWidth = 24,
	cudaDevAttrMaxTexture3DHeight = 25,
	cudaDevAttrMaxTexture3DDepth = 26,
	cudaDevAttrMaxTexture2DLayeredWidth = 27,
	cudaDevAttrMaxTexture2DLayeredHeight = 28,
	cudaDevAttrMaxTexture2DLayeredLayers = 29,
	cudaDevAttrSurfaceAlignment = 30,
	cudaDevAttrTccDriver = 35,
	cudaDevAttrMaxTexture1DLayeredWidth = 42,
	cudaDevAttrMaxTexture1DLayeredLayers = 43,
	cudaDevAttrMaxTexture2DGatherWidth = 45,
	cudaDevAttrMaxTexture2DGatherHeight = 46,
	cudaDevAttrMaxTexture3DWidthAlt = 47,
	cudaDevAttrMaxTexture3DHeightAlt = 48,
	cudaDevAttrMaxTexture3DDepthAlt = 49,
	cudaDevAttrTexturePitchAlignment = 51,
	cudaDevAttrMaxTextureCubemapWidth = 52,
	cudaDevAttrMaxTextureCubemapLayeredWidth = 53,
	cudaDevAttrMaxTextureCubemapLayeredLayers = 54,
	cudaDevAttrMaxSurface1DWidth = 55,
	cudaDevAttrMaxSurface2DWidth = 56,
	cudaDevAttrMaxSurface2DHeight = 57,
	cudaDevAttrMaxSurface3DWidth = 58,
	cudaDevAttrMaxSurface3DHeight = 59,
	cudaDevAttrMaxSurface3DDepth = 60,
	cudaDevAttrMaxSurface1DLayeredWidth = 61,
	cudaDevAttrMaxSurface1DLayeredLayers = 62,
	cudaDevAttrMaxSurface2DLayeredWidth = 63,
	cudaDevAttrMaxSurface2DLayeredHeight = 64,
	cudaDevAttrMaxSurface2DLayeredLayers = 65,
	cudaDevAttrMaxSurfaceCubemapWidth = 66,
	cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67,
	cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68,
	cudaDevAttrMaxTexture1DLinearWidth = 69,
	cudaDevAttrMaxTexture2DLinearWidth = 70,
	cudaDevAttrMaxTexture2DLinearHeight = 71,
	cudaDevAttrMaxTexture2DLinearPitch = 72,
	cudaDevAttrMaxTexture2DMipmappedWidth = 73,
	cudaDevAttrMaxTexture2DMipmappedHeight = 74,
	cudaDevAttrMaxTexture1DMipmappedWidth = 77,
	cudaDevAttrStreamPrioritiesSupported = 78,
	cudaDevAttrGlobalL1CacheSupported = 79,
	cudaDevAttrLocalL1CacheSupported = 80,
	cudaDevAttrIsMultiGpuBoard = 84,
	cudaDevAttrMultiGpuBoardGroupID = 85,
	cudaDevAttrHostNativeAtomicSupported = 86,
	cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
	cudaDevAttrPageableMemoryAccess = 88,
	cudaDevAttrComputePreemptionSupported = 90,
	cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
	cudaDevAttrReserved92 = 92,
	cudaDevAttrReserved93 = 93,
	cudaDevAttrReserved94 = 94,
	cudaDevAttrReserved96 = 96,
	cudaDevAttrCanFlushRemoteWrites = 98,
	cudaDevAttrHostRegisterSupported = 99,
	cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
	cudaDevAttrDirectManagedMemAccessFromHost = 101,
	cudaDevAttrMaxPersistingL2CacheSize = 108,
	cudaDevAttrMaxAccessPolicyWindowSize = 109,
	cudaDevAttrReservedSharedMemoryPerBlock = 111,
	cudaDevAttrSparseCudaArraySupported = 112,
	cudaDevAttrHostRegisterReadOnlySupported = 113,
	cudaDevAttrTimelineSemaphoreInteropSupported = 114,
	cudaDevAttrMemoryPoolsSupported = 115,
	cudaDevAttrGPUDirectRDMASupported = 116,
	cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117,
	cudaDevAttrGPUDirectRDMAWritesOrdering = 118,
	cudaDevAttrMemoryPoolSupportedHandleTypes = 119,
	cudaDevAttrClusterLaunch = 120,
	cudaDevAttrDeferredMappingCudaArraySupported = 121,
	cudaDevAttrReserved122 = 122,
	cudaDevAttrReserved123 = 123,
	cudaDevAttrReserved124 = 124,
	cudaDevAttrIpcEventSupport = 125,
	cudaDevAttrMemSyncDomainCount = 126,
	cudaDevAttrReserved127 = 127,
	cudaDevAttrReserved128 = 128,
	cudaDevAttrReserved129 = 129,
	cudaDevAttrNumaConfig = 130,
	cudaDevAttrNumaId = 131,
	cudaDevAttrReserved132 = 132,
	cudaDevAttrMpsEnabled = 133,
	cudaDevAttrHostNumaId = 134,
	cudaDevAttrD3D12CigSupported = 135,
	cudaDevAttrVulkanCigSupported = 138,
	cudaDevAttrGpuPciDeviceId = 139,
	cudaDevAttrGpuPciSubsystemId = 140,
	cudaDevAttrReserved141 = 141,
	cudaDevAttrHostNumaMemoryPoolsSupported = 142,
	cudaDevAttrHostNumaMultinodeIpcSupported = 143,
	cudaDevAttrHostMemoryPoolsSupported = 144,
	cudaDevAttrReserved145 = 145,
	cudaDevAttrOnlyPartialHostNativeAtomicSupported = 147,
	cudaDevAttrMax
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

/* A device's UUID (cudaDeviceProp.uuid.bytes); the driver API's name too. */
#ifndef CU_UUID_HAS_BEEN_DEFINED
#define CU_UUID_HAS_BEEN_DEFINED
struct CUuuid_st {
	char bytes[16];
};
typedef struct CUuuid_st CUuuid;
#endif
typedef struct CUuuid_st cudaUUID_t;

/* Handles for other processes (cudaIpc*: not supported, README says why). */
#define CUDA_IPC_HANDLE_SIZE 64
typedef struct cudaIpcEventHandle_st {
	char reserved[CUDA_IPC_HANDLE_SIZE];
} cudaIpcEventHandle_t;
typedef struct cudaIpcMemHandle_st {
	char reserved[CUDA_IPC_HANDLE_SIZE];
} cudaIpcMemHandle_t;

/*
 * Field for field CUDA 13's layout (tests/cudart/parity.py compares every
 * offset with NVIDIA's header), so code that sizes or copies it agrees.
 * The fields CUDA 13 removed, which older programs still print
 * (clockRate, memoryClockRate, computeMode, ...), live at the start of
 * CUDA 13's reserved tail.
 */
struct cudaDeviceProp {
	char name[256];
	cudaUUID_t uuid;
	char luid[8];			/* Windows only: zero */
	unsigned int luidDeviceNodeMask;
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int regsPerBlock;
	int warpSize;
	size_t memPitch;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	size_t totalConstMem;
	int major, minor;
	size_t textureAlignment;
	size_t texturePitchAlignment;
	int multiProcessorCount;
	int integrated;
	int canMapHostMemory;
	int maxTexture1D;
	int maxTexture1DMipmap;
	int maxTexture2D[2];
	int maxTexture2DMipmap[2];
	int maxTexture2DLinear[3];
	int maxTexture2DGather[2];
	int maxTexture3D[3];
	int maxTexture3DAlt[3];
	int maxTextureCubemap;
	int maxTexture1DLayered[2];
	int maxTexture2DLayered[3];
	int maxTextureCubemapLayered[2];
	int maxSurface1D;
	int maxSurface2D[2];
	int maxSurface3D[3];
	int maxSurface1DLayered[2];
	int maxSurface2DLayered[3];
	int maxSurfaceCubemap;
	int maxSurfaceCubemapLayered[2];
	size_t surfaceAlignment;
	int concurrentKernels;
	int ECCEnabled;
	int pciBusID, pciDeviceID, pciDomainID;
	int tccDriver;
	int asyncEngineCount;
	int unifiedAddressing;
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
	int hostNativeAtomicSupported;
	int pageableMemoryAccess;
	int concurrentManagedAccess;
	int computePreemptionSupported;
	int canUseHostPointerForRegisteredMem;
	int cooperativeLaunch;
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
	unsigned int gpuDirectRDMAFlushWritesOptions;
	int gpuDirectRDMAWritesOrdering;
	unsigned int memoryPoolSupportedHandleTypes;
	int deferredMappingCudaArraySupported;
	int ipcEventSupported;
	int clusterLaunch;
	int unifiedFunctionPointers;
	int deviceNumaConfig;
	int deviceNumaId;
	int mpsEnabled;
	int hostNumaId;
	unsigned int gpuPciDeviceID;
	unsigned int gpuPciSubsystemID;
	int hostNumaMultinodeIpcSupported;
	/* removed by CUDA 13, kept for the programs written before it */
	int clockRate;			/* kHz */
	int memoryClockRate;		/* kHz */
	int deviceOverlap;
	int kernelExecTimeoutEnabled;
	int computeMode;
	int cooperativeMultiDeviceLaunch;
	int maxTexture1DLinear;
	int reserved[49];
};

/* The calling convention of host callbacks (empty off Windows). */
#define CUDART_CB

/* Host functions queued in a stream or a graph (cudaLaunchHostFunc, host nodes). */
typedef void (*cudaHostFn_t)(void *user_data);

/* Pitched memory and 3-D copies (cudaMalloc3D, cudaMemcpy3D, memcpy nodes). */
typedef struct cudaArray *cudaArray_t;
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaArrayColorAttachment 0x20
#define cudaArraySparse 0x40
#define cudaArrayDeferredMapping 0x80
typedef const struct cudaArray *cudaArray_const_t;
struct cudaPitchedPtr {
	void *ptr;
	size_t pitch;
	size_t xsize;
	size_t ysize;
};
struct cudaExtent {
	size_t width;		/* bytes for linear memory, elements for an array */
	size_t height;
	size_t depth;
};
struct cudaPos {
	size_t x;
	size_t y;
	size_t z;
};
struct cudaMemcpy3DParms {
	cudaArray_t srcArray;
	struct cudaPos srcPos;
	struct cudaPitchedPtr srcPtr;
	cudaArray_t dstArray;
	struct cudaPos dstPos;
	struct cudaPitchedPtr dstPtr;
	struct cudaExtent extent;
	enum cudaMemcpyKind kind;
};

/*
 * What a texture or surface object reads (cudaCreateTextureObject): an
 * array, linear memory, or pitched 2-D memory.  Values and layout are
 * CUDA's; mipmapped arrays are declared only (lib/cudart/README.md).
 */
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;

/*
 * Graphics interoperability (OpenGL, EGL, Direct3D, Vulkan buffers and
 * images): declared so that programs which include the interop headers
 * build; no graphics API's resource can be registered here, so
 * registration answers cudaErrorNotSupported (lib/cudart/README.md).
 */
struct cudaGraphicsResource;
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
enum cudaGraphicsRegisterFlags {
	cudaGraphicsRegisterFlagsNone = 0,
	cudaGraphicsRegisterFlagsReadOnly = 1,
	cudaGraphicsRegisterFlagsWriteDiscard = 2,
	cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
	cudaGraphicsRegisterFlagsTextureGather = 8
};
enum cudaGraphicsMapFlags {
	cudaGraphicsMapFlagsNone = 0,
	cudaGraphicsMapFlagsReadOnly = 1,
	cudaGraphicsMapFlagsWriteDiscard = 2
};
enum cudaGraphicsCubeFace {
	cudaGraphicsCubeFacePositiveX = 0x00,
	cudaGraphicsCubeFaceNegativeX = 0x01,
	cudaGraphicsCubeFacePositiveY = 0x02,
	cudaGraphicsCubeFaceNegativeY = 0x03,
	cudaGraphicsCubeFacePositiveZ = 0x04,
	cudaGraphicsCubeFaceNegativeZ = 0x05
};
enum cudaResourceType {
	cudaResourceTypeArray = 0x00,
	cudaResourceTypeMipmappedArray = 0x01,
	cudaResourceTypeLinear = 0x02,
	cudaResourceTypePitch2D = 0x03
};
struct cudaResourceDesc {
	enum cudaResourceType resType;
	union {
		struct {
			cudaArray_t array;
		} array;
		struct {
			cudaMipmappedArray_t mipmap;
		} mipmap;
		struct {
			void *devPtr;
			struct cudaChannelFormatDesc desc;
			size_t sizeInBytes;
		} linear;
		struct {
			void *devPtr;
			struct cudaChannelFormatDesc desc;
			size_t width, height;		/* elements */
			size_t pitchInBytes;
		} pitch2D;
		struct {
			int reserved[32];
		} reserved;
	} res;
	unsigned int flags;	/* 0 */
};
/* A resource seen in another format (declared; views are not supported). */
enum cudaResourceViewFormat {
	cudaResViewFormatNone = 0x00,
	cudaResViewFormatUnsignedChar1 = 0x01,
	cudaResViewFormatUnsignedChar2 = 0x02,
	cudaResViewFormatUnsignedChar4 = 0x03,
	cudaResViewFormatSignedChar1 = 0x04,
	cudaResViewFormatSignedChar2 = 0x05,
	cudaResViewFormatSignedChar4 = 0x06,
	cudaResViewFormatUnsignedShort1 = 0x07,
	cudaResViewFormatUnsignedShort2 = 0x08,
	cudaResViewFormatUnsignedShort4 = 0x09,
	cudaResViewFormatSignedShort1 = 0x0a,
	cudaResViewFormatSignedShort2 = 0x0b,
	cudaResViewFormatSignedShort4 = 0x0c,
	cudaResViewFormatUnsignedInt1 = 0x0d,
	cudaResViewFormatUnsignedInt2 = 0x0e,
	cudaResViewFormatUnsignedInt4 = 0x0f,
	cudaResViewFormatSignedInt1 = 0x10,
	cudaResViewFormatSignedInt2 = 0x11,
	cudaResViewFormatSignedInt4 = 0x12,
	cudaResViewFormatHalf1 = 0x13,
	cudaResViewFormatHalf2 = 0x14,
	cudaResViewFormatHalf4 = 0x15,
	cudaResViewFormatFloat1 = 0x16,
	cudaResViewFormatFloat2 = 0x17,
	cudaResViewFormatFloat4 = 0x18,
	cudaResViewFormatUnsignedBlockCompressed1 = 0x19,
	cudaResViewFormatUnsignedBlockCompressed2 = 0x1a,
	cudaResViewFormatUnsignedBlockCompressed3 = 0x1b,
	cudaResViewFormatUnsignedBlockCompressed4 = 0x1c,
	cudaResViewFormatSignedBlockCompressed4 = 0x1d,
	cudaResViewFormatUnsignedBlockCompressed5 = 0x1e,
	cudaResViewFormatSignedBlockCompressed5 = 0x1f,
	cudaResViewFormatUnsignedBlockCompressed6H = 0x20,
	cudaResViewFormatSignedBlockCompressed6H = 0x21,
	cudaResViewFormatUnsignedBlockCompressed7 = 0x22
};
struct cudaResourceViewDesc {
	enum cudaResourceViewFormat format;
	size_t width, height, depth;
	unsigned int firstMipmapLevel, lastMipmapLevel;
	unsigned int firstLayer, lastLayer;
	unsigned int reserved[16];
};

/* cudaMemcpy3DPeer: a 3-D copy naming its devices (device 0 only here). */
struct cudaMemcpy3DPeerParms {
	cudaArray_t srcArray;
	struct cudaPos srcPos;
	struct cudaPitchedPtr srcPtr;
	int srcDevice;
	cudaArray_t dstArray;
	struct cudaPos dstPos;
	struct cudaPitchedPtr dstPtr;
	int dstDevice;
	struct cudaExtent extent;
};

/* Stream capture (CUDA's values). */
enum cudaStreamCaptureStatus {
	cudaStreamCaptureStatusNone = 0,
	cudaStreamCaptureStatusActive = 1,
	cudaStreamCaptureStatusInvalidated = 2
};
enum cudaStreamCaptureMode {
	cudaStreamCaptureModeGlobal = 0,
	cudaStreamCaptureModeThreadLocal = 1,
	cudaStreamCaptureModeRelaxed = 2
};
enum cudaStreamUpdateCaptureDependenciesFlags {
	cudaStreamAddCaptureDependencies = 0,
	cudaStreamSetCaptureDependencies = 1
};

/* Graphs: handles, node kinds and parameters (CUDA's values and fields). */
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
enum cudaGraphNodeType {
	cudaGraphNodeTypeKernel = 0,
	cudaGraphNodeTypeMemcpy = 1,
	cudaGraphNodeTypeMemset = 2,
	cudaGraphNodeTypeHost = 3,
	cudaGraphNodeTypeGraph = 4,
	cudaGraphNodeTypeEmpty = 5,
	cudaGraphNodeTypeWaitEvent = 6,
	cudaGraphNodeTypeEventRecord = 7,
	cudaGraphNodeTypeExtSemaphoreSignal = 8,
	cudaGraphNodeTypeExtSemaphoreWait = 9,
	cudaGraphNodeTypeMemAlloc = 10,
	cudaGraphNodeTypeMemFree = 11,
	cudaGraphNodeTypeConditional = 13,
	cudaGraphNodeTypeCount
};
struct cudaKernelNodeParams {
	void *func;			/* the kernel's host stub */
	dim3 gridDim;
	dim3 blockDim;
	unsigned int sharedMemBytes;
	void **kernelParams;		/* one pointer per argument, as cudaLaunchKernel's */
	void **extra;			/* must be NULL here */
};
struct cudaMemsetParams {
	void *dst;
	size_t pitch;
	unsigned int value;
	unsigned int elementSize;	/* 1, 2 or 4 */
	size_t width;			/* in elements */
	size_t height;
};
struct cudaHostNodeParams {
	cudaHostFn_t fn;
	void *userData;
};
enum cudaGraphExecUpdateResult {
	cudaGraphExecUpdateSuccess = 0,
	cudaGraphExecUpdateError = 1,
	cudaGraphExecUpdateErrorTopologyChanged = 2,
	cudaGraphExecUpdateErrorNodeTypeChanged = 3,
	cudaGraphExecUpdateErrorFunctionChanged = 4,
	cudaGraphExecUpdateErrorParametersChanged = 5,
	cudaGraphExecUpdateErrorNotSupported = 6,
	cudaGraphExecUpdateErrorUnsupportedFunctionChange = 7,
	cudaGraphExecUpdateErrorAttributesChanged = 8
};
typedef struct cudaGraphExecUpdateResultInfo_st {
	enum cudaGraphExecUpdateResult result;
	cudaGraphNode_t errorNode;
	cudaGraphNode_t errorFromNode;
} cudaGraphExecUpdateResultInfo;
enum cudaGraphInstantiateFlags {
	cudaGraphInstantiateFlagAutoFreeOnLaunch = 1,
	cudaGraphInstantiateFlagUpload = 2,
	cudaGraphInstantiateFlagDeviceLaunch = 4,
	cudaGraphInstantiateFlagUseNodePriority = 8
};
typedef enum cudaGraphInstantiateResult {
	cudaGraphInstantiateSuccess = 0,
	cudaGraphInstantiateError = 1,
	cudaGraphInstantiateInvalidStructure = 2,
	cudaGraphInstantiateNodeOperationNotSupported = 3,
	cudaGraphInstantiateMultipleDevicesNotSupported = 4,
	cudaGraphInstantiateConditionalHandleUnused = 5
} cudaGraphInstantiateResult;
typedef struct cudaGraphInstantiateParams_st {
	unsigned long long flags;
	cudaStream_t uploadStream;
	cudaGraphNode_t errNode_out;
	cudaGraphInstantiateResult result_out;
} cudaGraphInstantiateParams;
/* CUDA 12.3's edge data (ports); every edge here is a full dependency (all zero). */
typedef struct cudaGraphEdgeData_st {
	unsigned char from_port;
	unsigned char to_port;
	unsigned char type;
	unsigned char reserved[5];
} cudaGraphEdgeData;
/* cudaGetDriverEntryPoint's answers and flags (lib/cudart/driver.c). */
enum cudaDriverEntryPointQueryResult {
	cudaDriverEntryPointSuccess = 0,
	cudaDriverEntryPointSymbolNotFound = 1,
	cudaDriverEntryPointVersionNotSufficent = 2
};
enum cudaGetDriverEntryPointFlags {
	cudaEnableDefault = 0x0,
	cudaEnableLegacyStream = 0x1,
	cudaEnablePerThreadDefaultStream = 0x2
};

/* User objects: a pointer and its destructor, counted by the program and graphs. */
typedef struct CUuserObject_st *cudaUserObject_t;
enum cudaUserObjectFlags {
	cudaUserObjectNoDestructorSync = 0x1
};
enum cudaUserObjectRetainFlags {
	cudaGraphUserObjectMove = 0x1
};
enum cudaGraphDebugDotFlags {
	cudaGraphDebugDotFlagsVerbose = 1 << 0,
	cudaGraphDebugDotFlagsKernelNodeParams = 1 << 2,
	cudaGraphDebugDotFlagsMemcpyNodeParams = 1 << 3,
	cudaGraphDebugDotFlagsMemsetNodeParams = 1 << 4,
	cudaGraphDebugDotFlagsHostNodeParams = 1 << 5,
	cudaGraphDebugDotFlagsEventNodeParams = 1 << 6,
	cudaGraphDebugDotFlagsExtSemasSignalNodeParams = 1 << 7,
	cudaGraphDebugDotFlagsExtSemasWaitNodeParams = 1 << 8,
	cudaGraphDebugDotFlagsKernelNodeAttributes = 1 << 9,
	cudaGraphDebugDotFlagsHandles = 1 << 10,
	cudaGraphDebugDotFlagsConditionalNodeParams = 1 << 15
};

/* Stream-ordered memory pools (cudaMallocAsync, cudaMemPool*): CUDA's values. */
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
enum cudaMemPoolAttr {
	cudaMemPoolReuseFollowEventDependencies = 1,
	cudaMemPoolReuseAllowOpportunistic = 2,
	cudaMemPoolReuseAllowInternalDependencies = 3,
	cudaMemPoolAttrReleaseThreshold = 4,
	cudaMemPoolAttrReservedMemCurrent = 5,
	cudaMemPoolAttrReservedMemHigh = 6,
	cudaMemPoolAttrUsedMemCurrent = 7,
	cudaMemPoolAttrUsedMemHigh = 8
};
enum cudaMemLocationType {
	cudaMemLocationTypeInvalid = 0,
	cudaMemLocationTypeNone = 0,
	cudaMemLocationTypeDevice = 1,
	cudaMemLocationTypeHost = 2,
	cudaMemLocationTypeHostNuma = 3,
	cudaMemLocationTypeHostNumaCurrent = 4
};
struct cudaMemLocation {
	enum cudaMemLocationType type;
	int id;
};
enum cudaMemAccessFlags {
	cudaMemAccessFlagsProtNone = 0,
	cudaMemAccessFlagsProtRead = 1,
	cudaMemAccessFlagsProtReadWrite = 3
};
struct cudaMemAccessDesc {
	struct cudaMemLocation location;
	enum cudaMemAccessFlags flags;
};
enum cudaMemAllocationType {
	cudaMemAllocationTypeInvalid = 0,
	cudaMemAllocationTypePinned = 1,
	cudaMemAllocationTypeManaged = 2,
	cudaMemAllocationTypeMax = 0x7fffffff
};
enum cudaMemAllocationHandleType {
	cudaMemHandleTypeNone = 0,
	cudaMemHandleTypePosixFileDescriptor = 1,
	cudaMemHandleTypeWin32 = 2,
	cudaMemHandleTypeWin32Kmt = 4,
	cudaMemHandleTypeFabric = 8
};
struct cudaMemPoolProps {
	enum cudaMemAllocationType allocType;
	enum cudaMemAllocationHandleType handleTypes;
	struct cudaMemLocation location;
	void *win32SecurityAttributes;
	size_t maxSize;			/* 0: no limit of the pool's own */
	unsigned short usage;
	unsigned char reserved[54];
};
struct cudaMemPoolPtrExportData {
	unsigned char reserved[64];
};

/* Graph memory: allocation and free nodes (cudaGraphAddMemAllocNode & co.). */
struct cudaMemAllocNodeParams {
	struct cudaMemPoolProps poolProps;	/* pinned, on device 0 */
	const struct cudaMemAccessDesc *accessDescs;
	size_t accessDescCount;
	size_t bytesize;
	void *dptr;				/* out: the allocation */
};
struct cudaMemFreeNodeParams {
	void *dptr;
};
/*
 * Conditional nodes (lib/cudart/graph_cond.c): a kernel sets the value of
 * a handle with cudaGraphSetConditional; the node runs a body graph by it
 * (if/else, while, switch).  The handle is the address of that value.
 */
typedef unsigned long long cudaGraphConditionalHandle;
enum cudaGraphConditionalHandleFlags {
	cudaGraphCondAssignDefault = 1
};
enum cudaGraphConditionalNodeType {
	cudaGraphCondTypeIf = 0,
	cudaGraphCondTypeWhile = 1,
	cudaGraphCondTypeSwitch = 2
};
struct cudaConditionalNodeParams {
	cudaGraphConditionalHandle handle;
	enum cudaGraphConditionalNodeType type;
	unsigned int size;		/* bodies: 1 (while), 1 or 2 (if/else), n (switch) */
	cudaGraph_t *phGraph_out;	/* out: the node's bodies, valid while it lives */
};
enum cudaGraphChildGraphNodeOwnership {
	cudaGraphChildGraphOwnershipClone = 0,
	cudaGraphChildGraphOwnershipMove = 1
};

/* cudaGraphAddNode's parameters of every node type: CUDA 12.2's layout. */
struct cudaKernelNodeParamsV2 {
	void *func;
	dim3 gridDim;
	dim3 blockDim;
	unsigned int sharedMemBytes;
	void **kernelParams;
	void **extra;
};
struct cudaMemcpyNodeParams {
	int flags;			/* 0 */
	int reserved[3];
	struct cudaMemcpy3DParms copyParams;
};
struct cudaMemsetParamsV2 {
	void *dst;
	size_t pitch;
	unsigned int value;
	unsigned int elementSize;
	size_t width;
	size_t height;
};
struct cudaHostNodeParamsV2 {
	cudaHostFn_t fn;
	void *userData;
};
struct cudaChildGraphNodeParams {
	cudaGraph_t graph;
	enum cudaGraphChildGraphNodeOwnership ownership;
};
struct cudaEventRecordNodeParams {
	cudaEvent_t event;
};
struct cudaEventWaitNodeParams {
	cudaEvent_t event;
};
struct cudaMemAllocNodeParamsV2 {
	struct cudaMemPoolProps poolProps;
	const struct cudaMemAccessDesc *accessDescs;
	size_t accessDescCount;
	size_t bytesize;
	void *dptr;			/* out */
};
/* External-semaphore nodes are not supported: their parameters only take the union's room. */
typedef struct cudaGraphNodeParams {
	enum cudaGraphNodeType type;
	int reserved0[3];
	union {
		long long reserved1[29];
		struct cudaKernelNodeParamsV2 kernel;
		struct cudaMemcpyNodeParams memcpy;
		struct cudaMemsetParamsV2 memset;
		struct cudaHostNodeParamsV2 host;
		struct cudaChildGraphNodeParams graph;
		struct cudaEventWaitNodeParams eventWait;
		struct cudaEventRecordNodeParams eventRecord;
		struct cudaMemAllocNodeParamsV2 alloc;
		struct cudaMemFreeNodeParams free;
		struct cudaConditionalNodeParams conditional;
	};
	long long reserved2;
} cudaGraphNodeParams;
enum cudaGraphMemAttributeType {
	cudaGraphMemAttrUsedMemCurrent = 0x0,
	cudaGraphMemAttrUsedMemHigh = 0x1,
	cudaGraphMemAttrReservedMemCurrent = 0x2,
	cudaGraphMemAttrReservedMemHigh = 0x3
};

#endif /* IDXGEN_CUDA_DRIVER_TYPES_H */
