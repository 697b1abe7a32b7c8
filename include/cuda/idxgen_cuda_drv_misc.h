/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_drv_misc.h - the rest of the driver API programs call
 * (lib/cudart/driver_misc.c, driver_memop.c, driver_refs.c,
 * driver_proc.c): context events and flags, device queries, surface
 * objects, stream memory operations (waits and writes of 32- and 64-bit
 * words in stream order), cuGetProcAddress, libraries, logs, CUDA 3-era
 * launches, and the calls on objects only loaded device code has (texture
 * and surface references of a module, mipmapped arrays), answered as CUDA
 * answers a handle that cannot exist.  CUDA's names, values and layouts.
 * Included by cuda.h.
 */
#ifndef IDXGEN_CUDA_H
#include "cuda.h"
#elif !defined(IDXGEN_CUDA_DRV_MISC_H)
#define IDXGEN_CUDA_DRV_MISC_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct CUtexref_st *CUtexref;
typedef struct CUsurfref_st *CUsurfref;
typedef struct CUlib_st *CUlibrary;
typedef struct CUgreenCtx_st *CUgreenCtx;
typedef struct CUasyncCallbackEntry_st *CUasyncCallbackHandle;
typedef struct CUlogsCallbackEntry_st *CUlogsCallbackHandle;
typedef unsigned long long CUsurfObject_v1;
typedef CUsurfObject_v1 CUsurfObject;
typedef unsigned int CUlogIterator;

typedef enum CUexecAffinityType_enum { CU_EXEC_AFFINITY_TYPE_SM_COUNT = 0, CU_EXEC_AFFINITY_TYPE_MAX } CUexecAffinityType;
typedef struct CUexecAffinitySmCount_st {
	unsigned int val;
} CUexecAffinitySmCount_v1;
typedef CUexecAffinitySmCount_v1 CUexecAffinitySmCount;
struct CUexecAffinityParam_st {
	CUexecAffinityType type;
	union {
		CUexecAffinitySmCount smCount;
	} param;
};
typedef CUexecAffinityParam CUexecAffinityParam_v1;

typedef struct CUdevprop_st {
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	int sharedMemPerBlock;
	int totalConstantMemory;
	int SIMDWidth;
	int memPitch;
	int regsPerBlock;
	int clockRate;
	int textureAlign;
} CUdevprop_v1;
typedef CUdevprop_v1 CUdevprop;

typedef enum CUdevice_P2PAttribute_enum {
	CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK = 0x01,
	CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED = 0x02,
	CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED = 0x03,
	CU_DEVICE_P2P_ATTRIBUTE_ACCESS_ACCESS_SUPPORTED = 0x04,
	CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED = 0x04,
	CU_DEVICE_P2P_ATTRIBUTE_ONLY_PARTIAL_NATIVE_ATOMIC_SUPPORTED = 0x05
} CUdevice_P2PAttribute;

typedef enum CUatomicOperation_enum {
	CU_ATOMIC_OPERATION_INTEGER_ADD = 0,
	CU_ATOMIC_OPERATION_INTEGER_MIN = 1,
	CU_ATOMIC_OPERATION_INTEGER_MAX = 2,
	CU_ATOMIC_OPERATION_INTEGER_INCREMENT = 3,
	CU_ATOMIC_OPERATION_INTEGER_DECREMENT = 4,
	CU_ATOMIC_OPERATION_AND = 5,
	CU_ATOMIC_OPERATION_OR = 6,
	CU_ATOMIC_OPERATION_XOR = 7,
	CU_ATOMIC_OPERATION_EXCHANGE = 8,
	CU_ATOMIC_OPERATION_CAS = 9,
	CU_ATOMIC_OPERATION_FLOAT_ADD = 10,
	CU_ATOMIC_OPERATION_FLOAT_MIN = 11,
	CU_ATOMIC_OPERATION_FLOAT_MAX = 12,
	CU_ATOMIC_OPERATION_MAX
} CUatomicOperation;

typedef enum CUatomicOperationCapability_enum {
	CU_ATOMIC_CAPABILITY_SIGNED = 1u << 0,
	CU_ATOMIC_CAPABILITY_UNSIGNED = 1u << 1,
	CU_ATOMIC_CAPABILITY_REDUCTION = 1u << 2,
	CU_ATOMIC_CAPABILITY_SCALAR_32 = 1u << 3,
	CU_ATOMIC_CAPABILITY_SCALAR_64 = 1u << 4,
	CU_ATOMIC_CAPABILITY_SCALAR_128 = 1u << 5,
	CU_ATOMIC_CAPABILITY_VECTOR_32x4 = 1u << 6
} CUatomicOperationCapability;

typedef enum CUflushGPUDirectRDMAWritesScope_enum {
	CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER = 100,
	CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES = 200
} CUflushGPUDirectRDMAWritesScope;
typedef enum CUflushGPUDirectRDMAWritesTarget_enum {
	CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX = 0
} CUflushGPUDirectRDMAWritesTarget;

typedef enum CUasyncNotificationType_enum { CU_ASYNC_NOTIFICATION_TYPE_OVER_BUDGET = 0x1 } CUasyncNotificationType;
typedef struct CUasyncNotificationInfo_st {
	CUasyncNotificationType type;
	union {
		struct {
			unsigned long long bytesOverBudget;
		} overBudget;
	} info;
} CUasyncNotificationInfo;
typedef void (*CUasyncCallback)(CUasyncNotificationInfo *info, void *userData, CUasyncCallbackHandle callback);

typedef enum CUlogLevel_enum { CU_LOG_LEVEL_ERROR = 0, CU_LOG_LEVEL_WARNING = 1 } CUlogLevel;
typedef void(CUDA_CB *CUlogsCallback)(void *data, CUlogLevel logLevel, char *message, size_t length);

typedef enum CUmoduleLoadingMode_enum {
	CU_MODULE_EAGER_LOADING = 0x1,
	CU_MODULE_LAZY_LOADING = 0x2
} CUmoduleLoadingMode;

typedef enum CUlibraryOption_enum {
	CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE = 0,
	CU_LIBRARY_BINARY_IS_PRESERVED = 1,
	CU_LIBRARY_NUM_OPTIONS
} CUlibraryOption;

typedef struct CUlibraryHostUniversalFunctionAndDataTable_st {
	void *functionTable;
	size_t functionWindowSize;
	void *dataTable;
	size_t dataWindowSize;
} CUlibraryHostUniversalFunctionAndDataTable;

typedef enum CUdriverProcAddress_flags_enum {
	CU_GET_PROC_ADDRESS_DEFAULT = 0,
	CU_GET_PROC_ADDRESS_LEGACY_STREAM = 1 << 0,
	CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM = 1 << 1
} CUdriverProcAddress_flags;

typedef enum CUdriverProcAddressQueryResult_enum {
	CU_GET_PROC_ADDRESS_SUCCESS = 0,
	CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND = 1,
	CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT = 2
} CUdriverProcAddressQueryResult;

typedef enum CUstreamWaitValue_flags_enum {
	CU_STREAM_WAIT_VALUE_GEQ = 0x0,
	CU_STREAM_WAIT_VALUE_EQ = 0x1,
	CU_STREAM_WAIT_VALUE_AND = 0x2,
	CU_STREAM_WAIT_VALUE_NOR = 0x3,
	CU_STREAM_WAIT_VALUE_FLUSH = 1 << 30
} CUstreamWaitValue_flags;

typedef enum CUstreamWriteValue_flags_enum {
	CU_STREAM_WRITE_VALUE_DEFAULT = 0x0,
	CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER = 0x1
} CUstreamWriteValue_flags;

typedef enum CUstreamMemoryBarrier_flags_enum {
	CU_STREAM_MEMORY_BARRIER_TYPE_SYS = 0x0,
	CU_STREAM_MEMORY_BARRIER_TYPE_GPU = 0x1
} CUstreamMemoryBarrier_flags;

typedef struct CUDA_LAUNCH_PARAMS_st {
	CUfunction function;
	unsigned int gridDimX, gridDimY, gridDimZ;
	unsigned int blockDimX, blockDimY, blockDimZ;
	unsigned int sharedMemBytes;
	CUstream hStream;
	void **kernelParams;
} CUDA_LAUNCH_PARAMS_v1;
typedef CUDA_LAUNCH_PARAMS_v1 CUDA_LAUNCH_PARAMS;

#define CU_TRSA_OVERRIDE_FORMAT 0x01
#define CU_PARAM_TR_DEFAULT -1

/* contexts and devices (driver_misc.c) */
CUresult cuCtxRecordEvent(CUcontext hCtx, CUevent hEvent);
CUresult cuCtxWaitEvent(CUcontext hCtx, CUevent hEvent);
CUresult cuCtxSetFlags(unsigned int flags);
CUresult cuCtxGetExecAffinity(CUexecAffinityParam *pExecAffinity, CUexecAffinityType type);
CUresult cuDeviceGetExecAffinitySupport(int *pi, CUexecAffinityType type, CUdevice dev);
CUresult cuDeviceGetProperties(CUdevprop *prop, CUdevice dev);
CUresult cuDeviceGetP2PAttribute(int *value, CUdevice_P2PAttribute attrib, CUdevice srcDevice, CUdevice dstDevice);
CUresult cuDeviceGetHostAtomicCapabilities(unsigned int *capabilities, const CUatomicOperation *operations,
					   unsigned int count, CUdevice dev);
CUresult cuDeviceGetP2PAtomicCapabilities(unsigned int *capabilities, const CUatomicOperation *operations,
					  unsigned int count, CUdevice srcDevice, CUdevice dstDevice);
CUresult cuDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements, CUarray_format format, unsigned numChannels,
					    CUdevice dev);
CUresult cuDeviceRegisterAsyncNotification(CUdevice device, CUasyncCallback callbackFunc, void *userData,
					   CUasyncCallbackHandle *callback);
CUresult cuDeviceUnregisterAsyncNotification(CUdevice device, CUasyncCallbackHandle callback);
CUresult cuFlushGPUDirectRDMAWrites(CUflushGPUDirectRDMAWritesTarget target, CUflushGPUDirectRDMAWritesScope scope);
CUresult cuStreamGetCtx_v2(CUstream hStream, CUcontext *pCtx, CUgreenCtx *pGreenCtx);
CUresult cuSurfObjectCreate(CUsurfObject *pSurfObject, const CUDA_RESOURCE_DESC *pResDesc);
CUresult cuSurfObjectDestroy(CUsurfObject surfObject);
CUresult cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUsurfObject surfObject);
CUresult cuLaunchCooperativeKernelMultiDevice(CUDA_LAUNCH_PARAMS *launchParamsList, unsigned int numDevices,
					      unsigned int flags);
CUresult cuLogsCurrent(CUlogIterator *iterator_out, unsigned int flags);
CUresult cuLogsDumpToFile(CUlogIterator *iterator, const char *pathToFile, unsigned int flags);
CUresult cuLogsDumpToMemory(CUlogIterator *iterator, char *buffer, size_t *size, unsigned int flags);
CUresult cuLogsRegisterCallback(CUlogsCallback callbackFunc, void *userData, CUlogsCallbackHandle *callback_out);
CUresult cuLogsUnregisterCallback(CUlogsCallbackHandle callback);

/* stream memory operations (driver_memop.c) */
CUresult cuStreamWaitValue32(CUstream stream, CUdeviceptr addr, cuuint32_t value, unsigned int flags);
CUresult cuStreamWaitValue64(CUstream stream, CUdeviceptr addr, cuuint64_t value, unsigned int flags);
CUresult cuStreamWriteValue32(CUstream stream, CUdeviceptr addr, cuuint32_t value, unsigned int flags);
CUresult cuStreamWriteValue64(CUstream stream, CUdeviceptr addr, cuuint64_t value, unsigned int flags);
CUresult cuStreamBatchMemOp(CUstream stream, unsigned int count, CUstreamBatchMemOpParams *paramArray,
			    unsigned int flags);

/* driver entry points by name (driver_proc.c) */
CUresult cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags,
			  CUdriverProcAddressQueryResult *symbolStatus);

/* libraries, modules' references, mipmapped arrays, CUDA 3-era launches (driver_refs.c) */
CUresult cuLibraryLoadData(CUlibrary *library, const void *code, CUjit_option *jitOptions, void **jitOptionsValues,
			   unsigned int numJitOptions, CUlibraryOption *libraryOptions, void **libraryOptionValues,
			   unsigned int numLibraryOptions);
CUresult cuLibraryLoadFromFile(CUlibrary *library, const char *fileName, CUjit_option *jitOptions,
			       void **jitOptionsValues, unsigned int numJitOptions, CUlibraryOption *libraryOptions,
			       void **libraryOptionValues, unsigned int numLibraryOptions);
CUresult cuLibraryUnload(CUlibrary library);
CUresult cuLibraryGetKernel(CUkernel *pKernel, CUlibrary library, const char *name);
CUresult cuLibraryGetKernelCount(unsigned int *count, CUlibrary lib);
CUresult cuLibraryEnumerateKernels(CUkernel *kernels, unsigned int numKernels, CUlibrary lib);
CUresult cuLibraryGetModule(CUmodule *pMod, CUlibrary library);
CUresult cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUlibrary library, const char *name);
CUresult cuLibraryGetManaged(CUdeviceptr *dptr, size_t *bytes, CUlibrary library, const char *name);
CUresult cuLibraryGetUnifiedFunction(void **fptr, CUlibrary library, const char *symbol);
CUresult cuKernelGetLibrary(CUlibrary *pLib, CUkernel kernel);
CUresult cuModuleGetLoadingMode(CUmoduleLoadingMode *mode);
CUresult cuModuleGetFunctionCount(unsigned int *count, CUmodule mod);
CUresult cuModuleEnumerateFunctions(CUfunction *functions, unsigned int numFunctions, CUmodule mod);
CUresult cuModuleGetTexRef(CUtexref *pTexRef, CUmodule hmod, const char *name);
CUresult cuModuleGetSurfRef(CUsurfref *pSurfRef, CUmodule hmod, const char *name);
CUresult cuMipmappedArrayCreate(CUmipmappedArray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
				unsigned int numMipmapLevels);
CUresult cuMipmappedArrayDestroy(CUmipmappedArray hMipmappedArray);
CUresult cuMipmappedArrayGetLevel(CUarray *pLevelArray, CUmipmappedArray hMipmappedArray, unsigned int level);
CUresult cuMipmappedArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements,
					       CUmipmappedArray mipmap, CUdevice device);
CUresult cuMipmappedArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUmipmappedArray mipmap);
CUresult cuTexRefCreate(CUtexref *pTexRef);
CUresult cuTexRefDestroy(CUtexref hTexRef);
CUresult cuTexRefSetArray(CUtexref hTexRef, CUarray hArray, unsigned int Flags);
CUresult cuTexRefSetMipmappedArray(CUtexref hTexRef, CUmipmappedArray hMipmappedArray, unsigned int Flags);
CUresult cuTexRefSetAddress(size_t *ByteOffset, CUtexref hTexRef, CUdeviceptr dptr, size_t bytes);
CUresult cuTexRefSetAddress2D(CUtexref hTexRef, const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr dptr, size_t Pitch);
CUresult cuTexRefSetFormat(CUtexref hTexRef, CUarray_format fmt, int NumPackedComponents);
CUresult cuTexRefSetAddressMode(CUtexref hTexRef, int dim, CUaddress_mode am);
CUresult cuTexRefSetFilterMode(CUtexref hTexRef, CUfilter_mode fm);
CUresult cuTexRefSetMipmapFilterMode(CUtexref hTexRef, CUfilter_mode fm);
CUresult cuTexRefSetMipmapLevelBias(CUtexref hTexRef, float bias);
CUresult cuTexRefSetMipmapLevelClamp(CUtexref hTexRef, float minMipmapLevelClamp, float maxMipmapLevelClamp);
CUresult cuTexRefSetMaxAnisotropy(CUtexref hTexRef, unsigned int maxAniso);
CUresult cuTexRefSetBorderColor(CUtexref hTexRef, float *pBorderColor);
CUresult cuTexRefSetFlags(CUtexref hTexRef, unsigned int Flags);
CUresult cuTexRefGetAddress(CUdeviceptr *pdptr, CUtexref hTexRef);
CUresult cuTexRefGetArray(CUarray *phArray, CUtexref hTexRef);
CUresult cuTexRefGetMipmappedArray(CUmipmappedArray *phMipmappedArray, CUtexref hTexRef);
CUresult cuTexRefGetAddressMode(CUaddress_mode *pam, CUtexref hTexRef, int dim);
CUresult cuTexRefGetFilterMode(CUfilter_mode *pfm, CUtexref hTexRef);
CUresult cuTexRefGetFormat(CUarray_format *pFormat, int *pNumChannels, CUtexref hTexRef);
CUresult cuTexRefGetMipmapFilterMode(CUfilter_mode *pfm, CUtexref hTexRef);
CUresult cuTexRefGetMipmapLevelBias(float *pbias, CUtexref hTexRef);
CUresult cuTexRefGetMipmapLevelClamp(float *pminMipmapLevelClamp, float *pmaxMipmapLevelClamp, CUtexref hTexRef);
CUresult cuTexRefGetMaxAnisotropy(int *pmaxAniso, CUtexref hTexRef);
CUresult cuTexRefGetBorderColor(float *pBorderColor, CUtexref hTexRef);
CUresult cuTexRefGetFlags(unsigned int *pFlags, CUtexref hTexRef);
CUresult cuSurfRefSetArray(CUsurfref hSurfRef, CUarray hArray, unsigned int Flags);
CUresult cuSurfRefGetArray(CUarray *phArray, CUsurfref hSurfRef);
CUresult cuParamSetTexRef(CUfunction hfunc, int texunit, CUtexref hTexRef);

/* CUDA 3's execution control on the program's kernels (driver_legacy.c) */
CUresult cuFuncSetBlockShape(CUfunction hfunc, int x, int y, int z);
CUresult cuFuncSetSharedSize(CUfunction hfunc, unsigned int bytes);
CUresult cuParamSetSize(CUfunction hfunc, unsigned int numbytes);
CUresult cuParamSeti(CUfunction hfunc, int offset, unsigned int value);
CUresult cuParamSetf(CUfunction hfunc, int offset, float value);
CUresult cuParamSetv(CUfunction hfunc, int offset, void *ptr, unsigned int numbytes);
CUresult cuLaunch(CUfunction f);
CUresult cuLaunchGrid(CUfunction f, int grid_width, int grid_height);
CUresult cuLaunchGridAsync(CUfunction f, int grid_width, int grid_height, CUstream hStream);

#ifdef __cplusplus
}
#endif
#endif /* IDXGEN_CUDA_DRV_MISC_H */
