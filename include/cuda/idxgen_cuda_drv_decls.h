/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_drv_decls.h - the names of NVIDIA's cuda.h that programs
 * write without any call of ours behind them: CUDAAPI (the calling
 * convention of the function-pointer types of programs that load the
 * driver themselves), the versioned type names (CUdevice_v1, ...), the
 * JIT's option values (targets, fallback, cache modes), event, occupancy,
 * carveout and cubemap values, the IPC handle types, the array formats and
 * 3-D array flags of newer GPUs, and the enumerations of the calls
 * tests/cudart/driver-parity-exceptions.txt lists (interoperability, tensor
 * maps, checkpoints, core dumps, green contexts, decompression): code that
 * names a value compiles, and its calls still get CUDA's error or are not
 * declared.  CUDA 13.0's names and values.  Included by cuda.h.
 */
#ifndef IDXGEN_CUDA_H
#include "cuda.h"
#elif !defined(IDXGEN_CUDA_DRV_DECLS_H)
#define IDXGEN_CUDA_DRV_DECLS_H

#ifdef __cplusplus
extern "C" {
#endif

/* the driver's calling convention: Windows' __stdcall there, nothing on Linux */
#ifndef CUDAAPI
#define CUDAAPI
#endif

/* versioned names of the types (CUDA 11.3 on): each the type of today's name */
typedef CUdevice CUdevice_v1;
typedef CUdeviceptr CUdeviceptr_v2;
typedef CUmemGenericAllocationHandle CUmemGenericAllocationHandle_v1;
typedef CUmemLocation CUmemLocation_v1;
typedef CUmemAllocationProp CUmemAllocationProp_v1;
typedef CUmemAccessDesc CUmemAccessDesc_v1;

/* IPC and fabric handles: opaque bytes (no handle is ever made here: the calls are excepted) */
#define CU_IPC_HANDLE_SIZE 64
typedef struct CUipcEventHandle_st { char reserved[CU_IPC_HANDLE_SIZE]; } CUipcEventHandle_v1, CUipcEventHandle;
typedef struct CUipcMemHandle_st { char reserved[CU_IPC_HANDLE_SIZE]; } CUipcMemHandle_v1, CUipcMemHandle;
typedef struct CUmemFabricHandle_st {
	unsigned char data[CU_IPC_HANDLE_SIZE];
} CUmemFabricHandle_v1, CUmemFabricHandle;
typedef enum CUipcMem_flags_enum { CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS = 0x1 } CUipcMem_flags;

/* handles of the excepted interoperability calls */
typedef struct CUgraphicsResource_st *CUgraphicsResource;
typedef struct CUextMemory_st *CUexternalMemory;
typedef struct CUextSemaphore_st *CUexternalSemaphore;

/* event, occupancy and shared-memory carveout values */
typedef enum CUevent_sched_flags_enum {
	CU_EVENT_SCHED_AUTO = 0x00, CU_EVENT_SCHED_SPIN = 0x01, CU_EVENT_SCHED_YIELD = 0x02,
	CU_EVENT_SCHED_BLOCKING_SYNC = 0x04
} CUevent_sched_flags;
typedef enum cl_event_flags_enum {
	NVCL_EVENT_SCHED_AUTO = 0x00, NVCL_EVENT_SCHED_SPIN = 0x01, NVCL_EVENT_SCHED_YIELD = 0x02,
	NVCL_EVENT_SCHED_BLOCKING_SYNC = 0x04
} cl_event_flags;
typedef enum cl_context_flags_enum {
	NVCL_CTX_SCHED_AUTO = 0x00, NVCL_CTX_SCHED_SPIN = 0x01, NVCL_CTX_SCHED_YIELD = 0x02,
	NVCL_CTX_SCHED_BLOCKING_SYNC = 0x04
} cl_context_flags;
typedef enum CUevent_record_flags_enum {
	CU_EVENT_RECORD_DEFAULT = 0x0, CU_EVENT_RECORD_EXTERNAL = 0x1
} CUevent_record_flags;
typedef enum CUevent_wait_flags_enum { CU_EVENT_WAIT_DEFAULT = 0x0, CU_EVENT_WAIT_EXTERNAL = 0x1 } CUevent_wait_flags;
typedef enum CUoccupancy_flags_enum {
	CU_OCCUPANCY_DEFAULT = 0x0, CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE = 0x1
} CUoccupancy_flags;
/* CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT's named values (a percentage otherwise) */
typedef enum CUshared_carveout_enum {
	CU_SHAREDMEM_CARVEOUT_DEFAULT = -1, CU_SHAREDMEM_CARVEOUT_MAX_SHARED = 100, CU_SHAREDMEM_CARVEOUT_MAX_L1 = 0
} CUshared_carveout;

/* the JIT's option values (CU_JIT_TARGET, CU_JIT_FALLBACK_STRATEGY, CU_JIT_CACHE_MODE) */
#define CU_COMPUTE_ACCELERATED_TARGET_BASE 0x10000
#define CU_COMPUTE_FAMILY_TARGET_BASE 0x20000
typedef enum CUjit_target_enum {
	CU_TARGET_COMPUTE_30 = 30, CU_TARGET_COMPUTE_32 = 32, CU_TARGET_COMPUTE_35 = 35, CU_TARGET_COMPUTE_37 = 37,
	CU_TARGET_COMPUTE_50 = 50, CU_TARGET_COMPUTE_52 = 52, CU_TARGET_COMPUTE_53 = 53, CU_TARGET_COMPUTE_60 = 60,
	CU_TARGET_COMPUTE_61 = 61, CU_TARGET_COMPUTE_62 = 62, CU_TARGET_COMPUTE_70 = 70, CU_TARGET_COMPUTE_72 = 72,
	CU_TARGET_COMPUTE_75 = 75, CU_TARGET_COMPUTE_80 = 80, CU_TARGET_COMPUTE_86 = 86, CU_TARGET_COMPUTE_87 = 87,
	CU_TARGET_COMPUTE_89 = 89, CU_TARGET_COMPUTE_90 = 90, CU_TARGET_COMPUTE_100 = 100,
	CU_TARGET_COMPUTE_103 = 103, CU_TARGET_COMPUTE_110 = 110, CU_TARGET_COMPUTE_120 = 120,
	CU_TARGET_COMPUTE_121 = 121,
	/* the architecture-specific ("a") and family ("f") targets */
	CU_TARGET_COMPUTE_90A = CU_COMPUTE_ACCELERATED_TARGET_BASE + 90,
	CU_TARGET_COMPUTE_100A = CU_COMPUTE_ACCELERATED_TARGET_BASE + 100,
	CU_TARGET_COMPUTE_103A = CU_COMPUTE_ACCELERATED_TARGET_BASE + 103,
	CU_TARGET_COMPUTE_110A = CU_COMPUTE_ACCELERATED_TARGET_BASE + 110,
	CU_TARGET_COMPUTE_120A = CU_COMPUTE_ACCELERATED_TARGET_BASE + 120,
	CU_TARGET_COMPUTE_121A = CU_COMPUTE_ACCELERATED_TARGET_BASE + 121,
	CU_TARGET_COMPUTE_100F = CU_COMPUTE_FAMILY_TARGET_BASE + 100,
	CU_TARGET_COMPUTE_103F = CU_COMPUTE_FAMILY_TARGET_BASE + 103,
	CU_TARGET_COMPUTE_110F = CU_COMPUTE_FAMILY_TARGET_BASE + 110,
	CU_TARGET_COMPUTE_120F = CU_COMPUTE_FAMILY_TARGET_BASE + 120,
	CU_TARGET_COMPUTE_121F = CU_COMPUTE_FAMILY_TARGET_BASE + 121
} CUjit_target;
typedef enum CUjit_fallback_enum { CU_PREFER_PTX = 0, CU_PREFER_BINARY = 1 } CUjit_fallback;
typedef enum CUjit_cacheMode_enum {
	CU_JIT_CACHE_OPTION_NONE = 0, CU_JIT_CACHE_OPTION_CG = 1, CU_JIT_CACHE_OPTION_CA = 2
} CUjit_cacheMode;

/* arrays: cubemap faces (layers of a cubemap array), 3-D array flags, sparse properties */
typedef enum CUarray_cubemap_face_enum {
	CU_CUBEMAP_FACE_POSITIVE_X = 0x00, CU_CUBEMAP_FACE_NEGATIVE_X = 0x01, CU_CUBEMAP_FACE_POSITIVE_Y = 0x02,
	CU_CUBEMAP_FACE_NEGATIVE_Y = 0x03, CU_CUBEMAP_FACE_POSITIVE_Z = 0x04, CU_CUBEMAP_FACE_NEGATIVE_Z = 0x05
} CUarray_cubemap_face;
#define CUDA_ARRAY3D_DEPTH_TEXTURE 0x10
#define CUDA_ARRAY3D_COLOR_ATTACHMENT 0x20
#define CUDA_ARRAY3D_SPARSE 0x40
#define CUDA_ARRAY3D_DEFERRED_MAPPING 0x80
#define CUDA_ARRAY3D_VIDEO_ENCODE_DECODE 0x100
#define CU_ARRAY_SPARSE_PROPERTIES_SINGLE_MIPTAIL 0x1

/* launches and allocations */
#define CU_LAUNCH_KERNEL_REQUIRED_BLOCK_DIM 1
#define CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_PRE_LAUNCH_SYNC 0x01
#define CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_POST_LAUNCH_SYNC 0x02
#define CU_MEM_CREATE_USAGE_HW_DECOMPRESS 0x2
#define CU_MEM_POOL_CREATE_USAGE_HW_DECOMPRESS 0x2
typedef enum CUDA_POINTER_ATTRIBUTE_ACCESS_FLAGS_enum {
	CU_POINTER_ATTRIBUTE_ACCESS_FLAG_NONE = 0x0, CU_POINTER_ATTRIBUTE_ACCESS_FLAG_READ = 0x1,
	CU_POINTER_ATTRIBUTE_ACCESS_FLAG_READWRITE = 0x3
} CUDA_POINTER_ATTRIBUTE_ACCESS_FLAGS;
typedef enum CUmemRangeHandleType_enum {
	CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD = 0x1, CU_MEM_RANGE_HANDLE_TYPE_MAX = 0x7FFFFFFF
} CUmemRangeHandleType;
typedef enum CUmemRangeFlags_enum { CU_MEM_RANGE_FLAG_DMA_BUF_MAPPING_TYPE_PCIE = 0x1 } CUmemRangeFlags;
typedef enum CUflushGPUDirectRDMAWritesOptions_enum {
	CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_HOST = 1 << 0, CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_MEMOPS = 1 << 1
} CUflushGPUDirectRDMAWritesOptions;
typedef enum CUGPUDirectRDMAWritesOrdering_enum {
	CU_GPU_DIRECT_RDMA_WRITES_ORDERING_NONE = 0, CU_GPU_DIRECT_RDMA_WRITES_ORDERING_OWNER = 100,
	CU_GPU_DIRECT_RDMA_WRITES_ORDERING_ALL_DEVICES = 200
} CUGPUDirectRDMAWritesOrdering;
typedef enum CUdeviceNumaConfig_enum {
	CU_DEVICE_NUMA_CONFIG_NONE = 0, CU_DEVICE_NUMA_CONFIG_NUMA_NODE = 1
} CUdeviceNumaConfig;

/* values of the excepted calls' parameters (driver-parity-exceptions.txt says why each is not here) */
typedef enum CUgraphicsRegisterFlags_enum {
	CU_GRAPHICS_REGISTER_FLAGS_NONE = 0x00, CU_GRAPHICS_REGISTER_FLAGS_READ_ONLY = 0x01,
	CU_GRAPHICS_REGISTER_FLAGS_WRITE_DISCARD = 0x02, CU_GRAPHICS_REGISTER_FLAGS_SURFACE_LDST = 0x04,
	CU_GRAPHICS_REGISTER_FLAGS_TEXTURE_GATHER = 0x08
} CUgraphicsRegisterFlags;
typedef enum CUgraphicsMapResourceFlags_enum {
	CU_GRAPHICS_MAP_RESOURCE_FLAGS_NONE = 0x00, CU_GRAPHICS_MAP_RESOURCE_FLAGS_READ_ONLY = 0x01,
	CU_GRAPHICS_MAP_RESOURCE_FLAGS_WRITE_DISCARD = 0x02
} CUgraphicsMapResourceFlags;
typedef enum CUexternalMemoryHandleType_enum {
	CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD = 1, CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32 = 2,
	CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32_KMT = 3, CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_HEAP = 4,
	CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_RESOURCE = 5, CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE = 6,
	CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE_KMT = 7, CU_EXTERNAL_MEMORY_HANDLE_TYPE_NVSCIBUF = 8,
	CU_EXTERNAL_MEMORY_HANDLE_TYPE_DMABUF_FD = 9
} CUexternalMemoryHandleType;
typedef enum CUexternalSemaphoreHandleType_enum {
	CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD = 1, CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32 = 2,
	CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32_KMT = 3, CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D12_FENCE = 4,
	CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_FENCE = 5, CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_NVSCISYNC = 6,
	CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX = 7,
	CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX_KMT = 8,
	CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD = 9,
	CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_WIN32 = 10
} CUexternalSemaphoreHandleType;
#define CUDA_EXTERNAL_MEMORY_DEDICATED 0x1
#define CUDA_EXTERNAL_SEMAPHORE_SIGNAL_SKIP_NVSCIBUF_MEMSYNC 0x01
#define CUDA_EXTERNAL_SEMAPHORE_WAIT_SKIP_NVSCIBUF_MEMSYNC 0x02
#define CUDA_NVSCISYNC_ATTR_SIGNAL 0x1
#define CUDA_NVSCISYNC_ATTR_WAIT 0x2
typedef enum CUcigDataType_enum { CIG_DATA_TYPE_D3D12_COMMAND_QUEUE = 0x1, CIG_DATA_TYPE_NV_BLOB = 0x2 } CUcigDataType;
typedef enum CUmulticastGranularity_flags_enum {
	CU_MULTICAST_GRANULARITY_MINIMUM = 0x0, CU_MULTICAST_GRANULARITY_RECOMMENDED = 0x1
} CUmulticastGranularity_flags;
#define CU_TENSOR_MAP_NUM_QWORDS 16
typedef enum CUtensorMapDataType_enum {
	CU_TENSOR_MAP_DATA_TYPE_UINT8 = 0, CU_TENSOR_MAP_DATA_TYPE_UINT16, CU_TENSOR_MAP_DATA_TYPE_UINT32,
	CU_TENSOR_MAP_DATA_TYPE_INT32, CU_TENSOR_MAP_DATA_TYPE_UINT64, CU_TENSOR_MAP_DATA_TYPE_INT64,
	CU_TENSOR_MAP_DATA_TYPE_FLOAT16, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
	CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ, CU_TENSOR_MAP_DATA_TYPE_TFLOAT32,
	CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ, CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B,
	CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B, CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B
} CUtensorMapDataType;
typedef enum CUtensorMapInterleave_enum {
	CU_TENSOR_MAP_INTERLEAVE_NONE = 0, CU_TENSOR_MAP_INTERLEAVE_16B, CU_TENSOR_MAP_INTERLEAVE_32B
} CUtensorMapInterleave;
typedef enum CUtensorMapSwizzle_enum {
	CU_TENSOR_MAP_SWIZZLE_NONE = 0, CU_TENSOR_MAP_SWIZZLE_32B, CU_TENSOR_MAP_SWIZZLE_64B,
	CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B, CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B_FLIP_8B,
	CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B
} CUtensorMapSwizzle;
typedef enum CUtensorMapL2promotion_enum {
	CU_TENSOR_MAP_L2_PROMOTION_NONE = 0, CU_TENSOR_MAP_L2_PROMOTION_L2_64B, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
	CU_TENSOR_MAP_L2_PROMOTION_L2_256B
} CUtensorMapL2promotion;
typedef enum CUtensorMapFloatOOBfill_enum {
	CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0, CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
} CUtensorMapFloatOOBfill;
typedef enum CUtensorMapIm2ColWideMode_enum {
	CU_TENSOR_MAP_IM2COL_WIDE_MODE_W = 0, CU_TENSOR_MAP_IM2COL_WIDE_MODE_W128
} CUtensorMapIm2ColWideMode;
typedef enum CUprocessState_enum {
	CU_PROCESS_STATE_RUNNING = 0, CU_PROCESS_STATE_LOCKED, CU_PROCESS_STATE_CHECKPOINTED, CU_PROCESS_STATE_FAILED
} CUprocessState;
typedef enum CUcoredumpSettings_enum {
	CU_COREDUMP_ENABLE_ON_EXCEPTION = 1, CU_COREDUMP_TRIGGER_HOST, CU_COREDUMP_LIGHTWEIGHT,
	CU_COREDUMP_ENABLE_USER_TRIGGER, CU_COREDUMP_FILE, CU_COREDUMP_PIPE, CU_COREDUMP_GENERATION_FLAGS,
	CU_COREDUMP_MAX
} CUcoredumpSettings;
typedef enum CUCoredumpGenerationFlags {
	CU_COREDUMP_DEFAULT_FLAGS = 0, CU_COREDUMP_SKIP_NONRELOCATED_ELF_IMAGES = 1 << 0,
	CU_COREDUMP_SKIP_GLOBAL_MEMORY = 1 << 1, CU_COREDUMP_SKIP_SHARED_MEMORY = 1 << 2,
	CU_COREDUMP_SKIP_LOCAL_MEMORY = 1 << 3, CU_COREDUMP_SKIP_ABORT = 1 << 4,
	CU_COREDUMP_SKIP_CONSTBANK_MEMORY = 1 << 5,
	CU_COREDUMP_LIGHTWEIGHT_FLAGS = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 3) | (1 << 5)
} CUCoredumpGenerationFlags;
typedef enum CUmemDecompressAlgorithm_enum {
	CU_MEM_DECOMPRESS_UNSUPPORTED = 0, CU_MEM_DECOMPRESS_ALGORITHM_DEFLATE = 1 << 0,
	CU_MEM_DECOMPRESS_ALGORITHM_SNAPPY = 1 << 1, CU_MEM_DECOMPRESS_ALGORITHM_LZ4 = 1 << 2
} CUmemDecompressAlgorithm;
typedef enum { CU_GREEN_CTX_DEFAULT_STREAM = 0x1 } CUgreenCtxCreate_flags;
typedef enum {
	CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING = 0x1, CU_DEV_SM_RESOURCE_SPLIT_MAX_POTENTIAL_CLUSTER_SIZE = 0x2
} CUdevSmResourceSplit_flags;
typedef enum { CU_DEV_RESOURCE_TYPE_INVALID = 0, CU_DEV_RESOURCE_TYPE_SM = 1 } CUdevResourceType;
typedef struct CUdevResourceDesc_st *CUdevResourceDesc;

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_DRV_DECLS_H */
