/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_drv_graph.h - graphs node by node through the driver API
 * (lib/cudart/driver_graph.c, driver_graph_exec.c): nodes of every kind the
 * runtime's graphs have, their parameters, dependencies, executable-graph
 * updates, kernel-node and stream attributes, user objects, conditional
 * handles, cuLaunchKernelEx and the capture queries.  A CUgraph is the
 * runtime's cudaGraph_t, a CUgraphNode its cudaGraphNode_t (one object);
 * the driver's parameter structures are converted to the runtime's.
 * CUDA's names, values and layouts; C has CUDA 12's signatures, the CUDA 13
 * forms with edge data are the _v2 names in C and overloads in C++ (as the
 * runtime's, cuda_runtime.h).  Included by cuda.h.
 */
#ifndef IDXGEN_CUDA_H
#include "cuda.h"
#elif !defined(IDXGEN_CUDA_DRV_GRAPH_H)
#define IDXGEN_CUDA_DRV_GRAPH_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct CUgraphNode_st *CUgraphNode;
typedef struct CUuserObject_st *CUuserObject;
typedef struct CUmemPoolHandle_st *CUmemoryPool;
typedef struct CUgraphDeviceUpdatableNode_st *CUgraphDeviceNode;
typedef cuuint64_t CUgraphConditionalHandle;

typedef enum CUgraphNodeType_enum {
	CU_GRAPH_NODE_TYPE_KERNEL = 0,
	CU_GRAPH_NODE_TYPE_MEMCPY = 1,
	CU_GRAPH_NODE_TYPE_MEMSET = 2,
	CU_GRAPH_NODE_TYPE_HOST = 3,
	CU_GRAPH_NODE_TYPE_GRAPH = 4,
	CU_GRAPH_NODE_TYPE_EMPTY = 5,
	CU_GRAPH_NODE_TYPE_WAIT_EVENT = 6,
	CU_GRAPH_NODE_TYPE_EVENT_RECORD = 7,
	CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL = 8,
	CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT = 9,
	CU_GRAPH_NODE_TYPE_MEM_ALLOC = 10,
	CU_GRAPH_NODE_TYPE_MEM_FREE = 11,
	CU_GRAPH_NODE_TYPE_BATCH_MEM_OP = 12,
	CU_GRAPH_NODE_TYPE_CONDITIONAL = 13
} CUgraphNodeType;

typedef enum CUgraphDependencyType_enum {
	CU_GRAPH_DEPENDENCY_TYPE_DEFAULT = 0,
	CU_GRAPH_DEPENDENCY_TYPE_PROGRAMMATIC = 1
} CUgraphDependencyType;

#define CU_GRAPH_KERNEL_NODE_PORT_DEFAULT 0
#define CU_GRAPH_KERNEL_NODE_PORT_PROGRAMMATIC 1
#define CU_GRAPH_KERNEL_NODE_PORT_LAUNCH_ORDER 2

typedef struct CUgraphEdgeData_st {
	unsigned char from_port;
	unsigned char to_port;
	unsigned char type;
	unsigned char reserved[5];
} CUgraphEdgeData;

typedef struct CUDA_KERNEL_NODE_PARAMS_st {
	CUfunction func;
	unsigned int gridDimX, gridDimY, gridDimZ;
	unsigned int blockDimX, blockDimY, blockDimZ;
	unsigned int sharedMemBytes;
	void **kernelParams;
	void **extra;
} CUDA_KERNEL_NODE_PARAMS_v1;

/* CUDA 12's: func, or the CUkernel when func is NULL; ctx NULL for the current one */
typedef struct CUDA_KERNEL_NODE_PARAMS_v2_st {
	CUfunction func;
	unsigned int gridDimX, gridDimY, gridDimZ;
	unsigned int blockDimX, blockDimY, blockDimZ;
	unsigned int sharedMemBytes;
	void **kernelParams;
	void **extra;
	CUkernel kern;
	CUcontext ctx;
} CUDA_KERNEL_NODE_PARAMS_v2;
typedef CUDA_KERNEL_NODE_PARAMS_v2 CUDA_KERNEL_NODE_PARAMS;

typedef struct CUDA_KERNEL_NODE_PARAMS_v3_st {
	CUfunction func;
	unsigned int gridDimX, gridDimY, gridDimZ;
	unsigned int blockDimX, blockDimY, blockDimZ;
	unsigned int sharedMemBytes;
	void **kernelParams;
	void **extra;
	CUkernel kern;
	CUcontext ctx;
} CUDA_KERNEL_NODE_PARAMS_v3;

typedef struct CUDA_MEMSET_NODE_PARAMS_st {
	CUdeviceptr dst;
	size_t pitch;
	unsigned int value;
	unsigned int elementSize;
	size_t width;
	size_t height;
} CUDA_MEMSET_NODE_PARAMS_v1;
typedef CUDA_MEMSET_NODE_PARAMS_v1 CUDA_MEMSET_NODE_PARAMS;

typedef struct CUDA_MEMSET_NODE_PARAMS_v2_st {
	CUdeviceptr dst;
	size_t pitch;
	unsigned int value;
	unsigned int elementSize;
	size_t width;
	size_t height;
	CUcontext ctx;
} CUDA_MEMSET_NODE_PARAMS_v2;

typedef struct CUDA_HOST_NODE_PARAMS_st {
	CUhostFn fn;
	void *userData;
} CUDA_HOST_NODE_PARAMS_v1;
typedef CUDA_HOST_NODE_PARAMS_v1 CUDA_HOST_NODE_PARAMS;

typedef struct CUDA_HOST_NODE_PARAMS_v2_st {
	CUhostFn fn;
	void *userData;
} CUDA_HOST_NODE_PARAMS_v2;

typedef struct CUDA_MEMCPY_NODE_PARAMS_st {
	int flags;
	int reserved;
	CUcontext copyCtx;
	CUDA_MEMCPY3D copyParams;
} CUDA_MEMCPY_NODE_PARAMS;

typedef enum CUgraphChildGraphNodeOwnership_enum {
	CU_GRAPH_CHILD_GRAPH_OWNERSHIP_CLONE = 0,
	CU_GRAPH_CHILD_GRAPH_OWNERSHIP_MOVE = 1
} CUgraphChildGraphNodeOwnership;

typedef struct CUDA_CHILD_GRAPH_NODE_PARAMS_st {
	CUgraph graph;
	CUgraphChildGraphNodeOwnership ownership;
} CUDA_CHILD_GRAPH_NODE_PARAMS;

typedef struct CUDA_EVENT_RECORD_NODE_PARAMS_st {
	CUevent event;
} CUDA_EVENT_RECORD_NODE_PARAMS;

typedef struct CUDA_EVENT_WAIT_NODE_PARAMS_st {
	CUevent event;
} CUDA_EVENT_WAIT_NODE_PARAMS;

/* memory pools' properties (the runtime's cudaMemPoolProps, field for field) */
typedef struct CUmemPoolProps_st {
	CUmemAllocationType allocType;
	CUmemAllocationHandleType handleTypes;
	CUmemLocation location;
	void *win32SecurityAttributes;
	size_t maxSize;
	unsigned short usage;
	unsigned char reserved[54];
} CUmemPoolProps_v1;
typedef CUmemPoolProps_v1 CUmemPoolProps;

typedef struct CUDA_MEM_ALLOC_NODE_PARAMS_v1_st {
	CUmemPoolProps poolProps;
	const CUmemAccessDesc *accessDescs;
	size_t accessDescCount;
	size_t bytesize;
	CUdeviceptr dptr;
} CUDA_MEM_ALLOC_NODE_PARAMS_v1;
typedef CUDA_MEM_ALLOC_NODE_PARAMS_v1 CUDA_MEM_ALLOC_NODE_PARAMS;

typedef struct CUDA_MEM_ALLOC_NODE_PARAMS_v2_st {
	CUmemPoolProps poolProps;
	const CUmemAccessDesc *accessDescs;
	size_t accessDescCount;
	size_t bytesize;
	CUdeviceptr dptr;
} CUDA_MEM_ALLOC_NODE_PARAMS_v2;

typedef struct CUDA_MEM_FREE_NODE_PARAMS_st {
	CUdeviceptr dptr;
} CUDA_MEM_FREE_NODE_PARAMS;

typedef enum CUgraphMem_attribute_enum {
	CU_GRAPH_MEM_ATTR_USED_MEM_CURRENT,
	CU_GRAPH_MEM_ATTR_USED_MEM_HIGH,
	CU_GRAPH_MEM_ATTR_RESERVED_MEM_CURRENT,
	CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH
} CUgraphMem_attribute;

/* stream memory operations (cuStreamBatchMemOp, batch nodes: idxgen_cuda_drv_misc.h) */
typedef enum CUstreamBatchMemOpType_enum {
	CU_STREAM_MEM_OP_WAIT_VALUE_32 = 1,
	CU_STREAM_MEM_OP_WRITE_VALUE_32 = 2,
	CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES = 3,
	CU_STREAM_MEM_OP_WAIT_VALUE_64 = 4,
	CU_STREAM_MEM_OP_WRITE_VALUE_64 = 5,
	CU_STREAM_MEM_OP_BARRIER = 6
} CUstreamBatchMemOpType;

typedef union CUstreamBatchMemOpParams_union {
	CUstreamBatchMemOpType operation;
	struct CUstreamMemOpWaitValueParams_st {
		CUstreamBatchMemOpType operation;
		CUdeviceptr address;
		union {
			cuuint32_t value;
			cuuint64_t value64;
		};
		unsigned int flags;
		CUdeviceptr alias;
	} waitValue;
	struct CUstreamMemOpWriteValueParams_st {
		CUstreamBatchMemOpType operation;
		CUdeviceptr address;
		union {
			cuuint32_t value;
			cuuint64_t value64;
		};
		unsigned int flags;
		CUdeviceptr alias;
	} writeValue;
	struct CUstreamMemOpFlushRemoteWritesParams_st {
		CUstreamBatchMemOpType operation;
		unsigned int flags;
	} flushRemoteWrites;
	struct CUstreamMemOpMemoryBarrierParams_st {
		CUstreamBatchMemOpType operation;
		unsigned int flags;
	} memoryBarrier;
	cuuint64_t pad[6];
} CUstreamBatchMemOpParams_v1;
typedef CUstreamBatchMemOpParams_v1 CUstreamBatchMemOpParams;

typedef struct CUDA_BATCH_MEM_OP_NODE_PARAMS_v1_st {
	CUcontext ctx;
	unsigned int count;
	CUstreamBatchMemOpParams *paramArray;
	unsigned int flags;
} CUDA_BATCH_MEM_OP_NODE_PARAMS_v1;
typedef CUDA_BATCH_MEM_OP_NODE_PARAMS_v1 CUDA_BATCH_MEM_OP_NODE_PARAMS;

typedef struct CUDA_BATCH_MEM_OP_NODE_PARAMS_v2_st {
	CUcontext ctx;
	unsigned int count;
	CUstreamBatchMemOpParams *paramArray;
	unsigned int flags;
} CUDA_BATCH_MEM_OP_NODE_PARAMS_v2;

typedef enum CUgraphConditionalNodeType_enum {
	CU_GRAPH_COND_TYPE_IF = 0,
	CU_GRAPH_COND_TYPE_WHILE = 1,
	CU_GRAPH_COND_TYPE_SWITCH = 2
} CUgraphConditionalNodeType;

#define CU_GRAPH_COND_ASSIGN_DEFAULT 0x1

typedef struct CUDA_CONDITIONAL_NODE_PARAMS {
	CUgraphConditionalHandle handle;
	CUgraphConditionalNodeType type;
	unsigned int size;
	CUgraph *phGraph_out;
	CUcontext ctx;
} CUDA_CONDITIONAL_NODE_PARAMS;

/* external-semaphore nodes: declared for the layout of CUgraphNodeParams, never made here */
typedef struct CUDA_EXT_SEM_NODE_PARAMS_idxgen_st {
	void *extSemArray;
	void *paramsArray;
	unsigned int numExtSems;
} CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2, CUDA_EXT_SEM_WAIT_NODE_PARAMS_v2;

typedef struct CUgraphNodeParams_st {
	CUgraphNodeType type;
	int reserved0[3];
	union {
		long long reserved1[29];
		CUDA_KERNEL_NODE_PARAMS_v3 kernel;
		CUDA_MEMCPY_NODE_PARAMS memcpy;
		CUDA_MEMSET_NODE_PARAMS_v2 memset;
		CUDA_HOST_NODE_PARAMS_v2 host;
		CUDA_CHILD_GRAPH_NODE_PARAMS graph;
		CUDA_EVENT_WAIT_NODE_PARAMS eventWait;
		CUDA_EVENT_RECORD_NODE_PARAMS eventRecord;
		CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2 extSemSignal;
		CUDA_EXT_SEM_WAIT_NODE_PARAMS_v2 extSemWait;
		CUDA_MEM_ALLOC_NODE_PARAMS_v2 alloc;
		CUDA_MEM_FREE_NODE_PARAMS free;
		CUDA_BATCH_MEM_OP_NODE_PARAMS_v2 memOp;
		CUDA_CONDITIONAL_NODE_PARAMS conditional;
	};
	long long reserved2;
} CUgraphNodeParams;

typedef enum CUgraphInstantiateResult_enum {
	CUDA_GRAPH_INSTANTIATE_SUCCESS = 0,
	CUDA_GRAPH_INSTANTIATE_ERROR = 1,
	CUDA_GRAPH_INSTANTIATE_INVALID_STRUCTURE = 2,
	CUDA_GRAPH_INSTANTIATE_NODE_OPERATION_NOT_SUPPORTED = 3,
	CUDA_GRAPH_INSTANTIATE_MULTIPLE_CTXS_NOT_SUPPORTED = 4,
	CUDA_GRAPH_INSTANTIATE_CONDITIONAL_HANDLE_UNUSED = 5
} CUgraphInstantiateResult;

typedef struct CUDA_GRAPH_INSTANTIATE_PARAMS_st {
	cuuint64_t flags;
	CUstream hUploadStream;
	CUgraphNode hErrNode_out;
	CUgraphInstantiateResult result_out;
} CUDA_GRAPH_INSTANTIATE_PARAMS;

typedef enum CUgraphInstantiate_flags_enum {
	CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH = 1,
	CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD = 2,
	CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH = 4,
	CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY = 8
} CUgraphInstantiate_flags;

typedef enum CUgraphExecUpdateResult_enum {
	CU_GRAPH_EXEC_UPDATE_SUCCESS = 0x0,
	CU_GRAPH_EXEC_UPDATE_ERROR = 0x1,
	CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED = 0x2,
	CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED = 0x3,
	CU_GRAPH_EXEC_UPDATE_ERROR_FUNCTION_CHANGED = 0x4,
	CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED = 0x5,
	CU_GRAPH_EXEC_UPDATE_ERROR_NOT_SUPPORTED = 0x6,
	CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE = 0x7,
	CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED = 0x8
} CUgraphExecUpdateResult;

typedef struct CUgraphExecUpdateResultInfo_st {
	CUgraphExecUpdateResult result;
	CUgraphNode errorNode;
	CUgraphNode errorFromNode;
} CUgraphExecUpdateResultInfo_v1;
typedef CUgraphExecUpdateResultInfo_v1 CUgraphExecUpdateResultInfo;

typedef enum CUgraphDebugDot_flags_enum {
	CU_GRAPH_DEBUG_DOT_FLAGS_VERBOSE = 1 << 0,
	CU_GRAPH_DEBUG_DOT_FLAGS_RUNTIME_TYPES = 1 << 1,
	CU_GRAPH_DEBUG_DOT_FLAGS_KERNEL_NODE_PARAMS = 1 << 2,
	CU_GRAPH_DEBUG_DOT_FLAGS_MEMCPY_NODE_PARAMS = 1 << 3,
	CU_GRAPH_DEBUG_DOT_FLAGS_MEMSET_NODE_PARAMS = 1 << 4,
	CU_GRAPH_DEBUG_DOT_FLAGS_HOST_NODE_PARAMS = 1 << 5,
	CU_GRAPH_DEBUG_DOT_FLAGS_EVENT_NODE_PARAMS = 1 << 6,
	CU_GRAPH_DEBUG_DOT_FLAGS_EXT_SEMAS_SIGNAL_NODE_PARAMS = 1 << 7,
	CU_GRAPH_DEBUG_DOT_FLAGS_EXT_SEMAS_WAIT_NODE_PARAMS = 1 << 8,
	CU_GRAPH_DEBUG_DOT_FLAGS_KERNEL_NODE_ATTRIBUTES = 1 << 9,
	CU_GRAPH_DEBUG_DOT_FLAGS_HANDLES = 1 << 10,
	CU_GRAPH_DEBUG_DOT_FLAGS_MEM_ALLOC_NODE_PARAMS = 1 << 11,
	CU_GRAPH_DEBUG_DOT_FLAGS_MEM_FREE_NODE_PARAMS = 1 << 12,
	CU_GRAPH_DEBUG_DOT_FLAGS_BATCH_MEM_OP_NODE_PARAMS = 1 << 13,
	CU_GRAPH_DEBUG_DOT_FLAGS_EXTRA_TOPO_INFO = 1 << 14,
	CU_GRAPH_DEBUG_DOT_FLAGS_CONDITIONAL_NODE_PARAMS = 1 << 15
} CUgraphDebugDot_flags;

typedef enum CUuserObject_flags_enum { CU_USER_OBJECT_NO_DESTRUCTOR_SYNC = 1 } CUuserObject_flags;
typedef enum CUuserObjectRetain_flags_enum { CU_GRAPH_USER_OBJECT_MOVE = 1 } CUuserObjectRetain_flags;

typedef enum CUstreamUpdateCaptureDependencies_flags_enum {
	CU_STREAM_ADD_CAPTURE_DEPENDENCIES = 0x0,
	CU_STREAM_SET_CAPTURE_DEPENDENCIES = 0x1
} CUstreamUpdateCaptureDependencies_flags;

/* launch attributes: the runtime's cudaLaunchAttribute* with the driver's types, same layout */
typedef enum CUaccessProperty_enum {
	CU_ACCESS_PROPERTY_NORMAL = 0,
	CU_ACCESS_PROPERTY_STREAMING = 1,
	CU_ACCESS_PROPERTY_PERSISTING = 2
} CUaccessProperty;

typedef struct CUaccessPolicyWindow_st {
	void *base_ptr;
	size_t num_bytes;
	float hitRatio;
	CUaccessProperty hitProp;
	CUaccessProperty missProp;
} CUaccessPolicyWindow_v1;
typedef CUaccessPolicyWindow_v1 CUaccessPolicyWindow;

typedef enum CUsynchronizationPolicy_enum {
	CU_SYNC_POLICY_AUTO = 1,
	CU_SYNC_POLICY_SPIN = 2,
	CU_SYNC_POLICY_YIELD = 3,
	CU_SYNC_POLICY_BLOCKING_SYNC = 4
} CUsynchronizationPolicy;

typedef enum CUclusterSchedulingPolicy_enum {
	CU_CLUSTER_SCHEDULING_POLICY_DEFAULT = 0,
	CU_CLUSTER_SCHEDULING_POLICY_SPREAD = 1,
	CU_CLUSTER_SCHEDULING_POLICY_LOAD_BALANCING = 2
} CUclusterSchedulingPolicy;

typedef enum CUlaunchMemSyncDomain_enum {
	CU_LAUNCH_MEM_SYNC_DOMAIN_DEFAULT = 0,
	CU_LAUNCH_MEM_SYNC_DOMAIN_REMOTE = 1
} CUlaunchMemSyncDomain;

typedef struct CUlaunchMemSyncDomainMap_st {
	unsigned char default_;
	unsigned char remote;
} CUlaunchMemSyncDomainMap;

typedef enum CUlaunchAttributeID_enum {
	CU_LAUNCH_ATTRIBUTE_IGNORE = 0,
	CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW = 1,
	CU_LAUNCH_ATTRIBUTE_COOPERATIVE = 2,
	CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY = 3,
	CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4,
	CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5,
	CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION = 6,
	CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT = 7,
	CU_LAUNCH_ATTRIBUTE_PRIORITY = 8,
	CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP = 9,
	CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN = 10,
	CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION = 11,
	CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT = 12,
	CU_LAUNCH_ATTRIBUTE_DEVICE_UPDATABLE_KERNEL_NODE = 13,
	CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 14,
	CU_LAUNCH_ATTRIBUTE_NVLINK_UTIL_CENTRIC_SCHEDULING = 16
} CUlaunchAttributeID;

typedef union CUlaunchAttributeValue_union {
	char pad[64];
	CUaccessPolicyWindow accessPolicyWindow;
	int cooperative;
	CUsynchronizationPolicy syncPolicy;
	struct {
		unsigned int x, y, z;
	} clusterDim;
	CUclusterSchedulingPolicy clusterSchedulingPolicyPreference;
	int programmaticStreamSerializationAllowed;
	struct {
		CUevent event;
		int flags;
		int triggerAtBlockStart;
	} programmaticEvent;
	struct {
		CUevent event;
		int flags;
	} launchCompletionEvent;
	int priority;
	CUlaunchMemSyncDomainMap memSyncDomainMap;
	CUlaunchMemSyncDomain memSyncDomain;
	struct {
		unsigned int x, y, z;
	} preferredClusterDim;
	struct {
		int deviceUpdatable;
		CUgraphDeviceNode devNode;
	} deviceUpdatableKernelNode;
	unsigned int sharedMemCarveout;
	unsigned int nvlinkUtilCentricScheduling;
} CUlaunchAttributeValue;

typedef struct CUlaunchAttribute_st {
	CUlaunchAttributeID id;
	char pad[8 - sizeof(CUlaunchAttributeID)];
	CUlaunchAttributeValue value;
} CUlaunchAttribute;

typedef struct CUlaunchConfig_st {
	unsigned int gridDimX, gridDimY, gridDimZ;
	unsigned int blockDimX, blockDimY, blockDimZ;
	unsigned int sharedMemBytes;
	CUstream hStream;
	CUlaunchAttribute *attrs;
	unsigned int numAttrs;
} CUlaunchConfig;

typedef CUlaunchAttributeID CUkernelNodeAttrID;
typedef CUlaunchAttributeValue CUkernelNodeAttrValue_v1;
typedef CUkernelNodeAttrValue_v1 CUkernelNodeAttrValue;
typedef CUlaunchAttributeID CUstreamAttrID;
typedef CUlaunchAttributeValue CUstreamAttrValue_v1;
typedef CUstreamAttrValue_v1 CUstreamAttrValue;
#define CU_KERNEL_NODE_ATTRIBUTE_ACCESS_POLICY_WINDOW CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW
#define CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE CU_LAUNCH_ATTRIBUTE_COOPERATIVE
#define CU_KERNEL_NODE_ATTRIBUTE_CLUSTER_DIMENSION CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
#define CU_KERNEL_NODE_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE \
	CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE
#define CU_KERNEL_NODE_ATTRIBUTE_PRIORITY CU_LAUNCH_ATTRIBUTE_PRIORITY
#define CU_KERNEL_NODE_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP
#define CU_KERNEL_NODE_ATTRIBUTE_MEM_SYNC_DOMAIN CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN
#define CU_KERNEL_NODE_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION
#define CU_KERNEL_NODE_ATTRIBUTE_DEVICE_UPDATABLE_KERNEL_NODE CU_LAUNCH_ATTRIBUTE_DEVICE_UPDATABLE_KERNEL_NODE
#define CU_KERNEL_NODE_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT \
	CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT
#define CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW
#define CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY
#define CU_STREAM_ATTRIBUTE_PRIORITY CU_LAUNCH_ATTRIBUTE_PRIORITY
#define CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP
#define CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN

/* nodes (driver_graph.c) */
CUresult cuGraphAddKernelNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
			      size_t numDependencies, const CUDA_KERNEL_NODE_PARAMS *nodeParams);
CUresult cuGraphKernelNodeGetParams(CUgraphNode hNode, CUDA_KERNEL_NODE_PARAMS *nodeParams);
CUresult cuGraphKernelNodeSetParams(CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS *nodeParams);
CUresult cuGraphAddMemcpyNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
			      size_t numDependencies, const CUDA_MEMCPY3D *copyParams, CUcontext ctx);
CUresult cuGraphMemcpyNodeGetParams(CUgraphNode hNode, CUDA_MEMCPY3D *nodeParams);
CUresult cuGraphMemcpyNodeSetParams(CUgraphNode hNode, const CUDA_MEMCPY3D *nodeParams);
CUresult cuGraphAddMemsetNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
			      size_t numDependencies, const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx);
CUresult cuGraphMemsetNodeGetParams(CUgraphNode hNode, CUDA_MEMSET_NODE_PARAMS *nodeParams);
CUresult cuGraphMemsetNodeSetParams(CUgraphNode hNode, const CUDA_MEMSET_NODE_PARAMS *nodeParams);
CUresult cuGraphAddHostNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
			    size_t numDependencies, const CUDA_HOST_NODE_PARAMS *nodeParams);
CUresult cuGraphHostNodeGetParams(CUgraphNode hNode, CUDA_HOST_NODE_PARAMS *nodeParams);
CUresult cuGraphHostNodeSetParams(CUgraphNode hNode, const CUDA_HOST_NODE_PARAMS *nodeParams);
CUresult cuGraphAddChildGraphNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
				  size_t numDependencies, CUgraph childGraph);
CUresult cuGraphChildGraphNodeGetGraph(CUgraphNode hNode, CUgraph *phGraph);
CUresult cuGraphAddEmptyNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
			     size_t numDependencies);
CUresult cuGraphAddEventRecordNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
				   size_t numDependencies, CUevent event);
CUresult cuGraphEventRecordNodeGetEvent(CUgraphNode hNode, CUevent *event_out);
CUresult cuGraphEventRecordNodeSetEvent(CUgraphNode hNode, CUevent event);
CUresult cuGraphAddEventWaitNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
				 size_t numDependencies, CUevent event);
CUresult cuGraphEventWaitNodeGetEvent(CUgraphNode hNode, CUevent *event_out);
CUresult cuGraphEventWaitNodeSetEvent(CUgraphNode hNode, CUevent event);
CUresult cuGraphAddMemAllocNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
				size_t numDependencies, CUDA_MEM_ALLOC_NODE_PARAMS *nodeParams);
CUresult cuGraphMemAllocNodeGetParams(CUgraphNode hNode, CUDA_MEM_ALLOC_NODE_PARAMS *params_out);
CUresult cuGraphAddMemFreeNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
			       size_t numDependencies, CUdeviceptr dptr);
CUresult cuGraphMemFreeNodeGetParams(CUgraphNode hNode, CUdeviceptr *dptr_out);
CUresult cuGraphAddBatchMemOpNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
				  size_t numDependencies, const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams);
CUresult cuGraphBatchMemOpNodeGetParams(CUgraphNode hNode, CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams_out);
CUresult cuGraphBatchMemOpNodeSetParams(CUgraphNode hNode, const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams);
CUresult cuGraphExecBatchMemOpNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
					    const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams);
CUresult cuGraphAddNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
			size_t numDependencies, CUgraphNodeParams *nodeParams);
CUresult cuGraphAddNode_v2(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
			   const CUgraphEdgeData *dependencyData, size_t numDependencies,
			   CUgraphNodeParams *nodeParams);
CUresult cuGraphNodeSetParams(CUgraphNode hNode, CUgraphNodeParams *nodeParams);
CUresult cuGraphConditionalHandleCreate(CUgraphConditionalHandle *pHandle_out, CUgraph hGraph, CUcontext ctx,
					unsigned int defaultLaunchValue, unsigned int flags);

/* structure and queries (driver_graph.c) */
CUresult cuGraphNodeGetType(CUgraphNode hNode, CUgraphNodeType *type);
CUresult cuGraphDestroyNode(CUgraphNode hNode);
CUresult cuGraphGetNodes(CUgraph hGraph, CUgraphNode *nodes, size_t *numNodes);
CUresult cuGraphGetRootNodes(CUgraph hGraph, CUgraphNode *rootNodes, size_t *numRootNodes);
CUresult cuGraphAddDependencies(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
				size_t numDependencies);
CUresult cuGraphAddDependencies_v2(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
				   const CUgraphEdgeData *edgeData, size_t numDependencies);
CUresult cuGraphRemoveDependencies(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
				   size_t numDependencies);
CUresult cuGraphRemoveDependencies_v2(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
				      const CUgraphEdgeData *edgeData, size_t numDependencies);
CUresult cuGraphGetEdges(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to, size_t *numEdges);
CUresult cuGraphGetEdges_v2(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to, CUgraphEdgeData *edgeData,
			    size_t *numEdges);
CUresult cuGraphNodeGetDependencies(CUgraphNode hNode, CUgraphNode *dependencies, size_t *numDependencies);
CUresult cuGraphNodeGetDependencies_v2(CUgraphNode hNode, CUgraphNode *dependencies, CUgraphEdgeData *edgeData,
				       size_t *numDependencies);
CUresult cuGraphNodeGetDependentNodes(CUgraphNode hNode, CUgraphNode *dependentNodes, size_t *numDependentNodes);
CUresult cuGraphNodeGetDependentNodes_v2(CUgraphNode hNode, CUgraphNode *dependentNodes,
					 CUgraphEdgeData *edgeData, size_t *numDependentNodes);
CUresult cuGraphNodeFindInClone(CUgraphNode *phNode, CUgraphNode hOriginalNode, CUgraph hClonedGraph);
CUresult cuGraphDebugDotPrint(CUgraph hGraph, const char *path, unsigned int flags);
CUresult cuGraphKernelNodeGetAttribute(CUgraphNode hNode, CUkernelNodeAttrID attr, CUkernelNodeAttrValue *value_out);
CUresult cuGraphKernelNodeSetAttribute(CUgraphNode hNode, CUkernelNodeAttrID attr,
				       const CUkernelNodeAttrValue *value);
CUresult cuGraphKernelNodeCopyAttributes(CUgraphNode dst, CUgraphNode src);

/* executable graphs (driver_graph_exec.c) */
CUresult cuGraphInstantiateWithParams(CUgraphExec *phGraphExec, CUgraph hGraph,
				      CUDA_GRAPH_INSTANTIATE_PARAMS *instantiateParams);
CUresult cuGraphExecGetFlags(CUgraphExec hGraphExec, cuuint64_t *flags);
CUresult cuGraphExecUpdate(CUgraphExec hGraphExec, CUgraph hGraph, CUgraphExecUpdateResultInfo *resultInfo);
CUresult cuGraphExecKernelNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
					const CUDA_KERNEL_NODE_PARAMS *nodeParams);
CUresult cuGraphExecMemcpyNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode, const CUDA_MEMCPY3D *copyParams,
					CUcontext ctx);
CUresult cuGraphExecMemsetNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
					const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx);
CUresult cuGraphExecHostNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
				      const CUDA_HOST_NODE_PARAMS *nodeParams);
CUresult cuGraphExecChildGraphNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode, CUgraph childGraph);
CUresult cuGraphExecEventRecordNodeSetEvent(CUgraphExec hGraphExec, CUgraphNode hNode, CUevent event);
CUresult cuGraphExecEventWaitNodeSetEvent(CUgraphExec hGraphExec, CUgraphNode hNode, CUevent event);
CUresult cuGraphExecNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode, CUgraphNodeParams *nodeParams);
CUresult cuGraphNodeSetEnabled(CUgraphExec hGraphExec, CUgraphNode hNode, unsigned int isEnabled);
CUresult cuGraphNodeGetEnabled(CUgraphExec hGraphExec, CUgraphNode hNode, unsigned int *isEnabled);

/* user objects (driver_graph_exec.c) */
CUresult cuUserObjectCreate(CUuserObject *object_out, void *ptr, CUhostFn destroy, unsigned int initialRefcount,
			    unsigned int flags);
CUresult cuUserObjectRetain(CUuserObject object, unsigned int count);
CUresult cuUserObjectRelease(CUuserObject object, unsigned int count);
CUresult cuGraphRetainUserObject(CUgraph graph, CUuserObject object, unsigned int count, unsigned int flags);
CUresult cuGraphReleaseUserObject(CUgraph graph, CUuserObject object, unsigned int count);

/* launches with attributes, stream attributes, capture (driver_graph_exec.c) */
CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f, void **kernelParams, void **extra);
CUresult cuOccupancyMaxActiveClusters(int *numClusters, CUfunction func, const CUlaunchConfig *config);
CUresult cuOccupancyMaxPotentialClusterSize(int *clusterSize, CUfunction func, const CUlaunchConfig *config);
CUresult cuStreamGetAttribute(CUstream hStream, CUstreamAttrID attr, CUstreamAttrValue *value_out);
CUresult cuStreamSetAttribute(CUstream hStream, CUstreamAttrID attr, const CUstreamAttrValue *value);
CUresult cuStreamCopyAttributes(CUstream dst, CUstream src);
CUresult cuStreamGetCaptureInfo(CUstream hStream, CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
				CUgraph *graph_out, const CUgraphNode **dependencies_out,
				size_t *numDependencies_out);
CUresult cuStreamGetCaptureInfo_v3(CUstream hStream, CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
				   CUgraph *graph_out, const CUgraphNode **dependencies_out,
				   const CUgraphEdgeData **edgeData_out, size_t *numDependencies_out);
CUresult cuStreamUpdateCaptureDependencies(CUstream hStream, CUgraphNode *dependencies, size_t numDependencies,
					   unsigned int flags);
CUresult cuStreamUpdateCaptureDependencies_v2(CUstream hStream, CUgraphNode *dependencies,
					      const CUgraphEdgeData *dependencyData, size_t numDependencies,
					      unsigned int flags);
CUresult cuStreamBeginCaptureToGraph(CUstream hStream, CUgraph hGraph, const CUgraphNode *dependencies,
				     const CUgraphEdgeData *dependencyData, size_t numDependencies,
				     CUstreamCaptureMode mode);

#ifdef __cplusplus
}

/* CUDA 13's signatures with edge data (C: the _v2/_v3 names above) */
static inline CUresult cuGraphAddDependencies(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
					      const CUgraphEdgeData *edgeData, size_t numDependencies)
{
	return cuGraphAddDependencies_v2(hGraph, from, to, edgeData, numDependencies);
}
static inline CUresult cuGraphRemoveDependencies(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
						 const CUgraphEdgeData *edgeData, size_t numDependencies)
{
	return cuGraphRemoveDependencies_v2(hGraph, from, to, edgeData, numDependencies);
}
static inline CUresult cuGraphGetEdges(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to,
				       CUgraphEdgeData *edgeData, size_t *numEdges)
{
	return cuGraphGetEdges_v2(hGraph, from, to, edgeData, numEdges);
}
static inline CUresult cuGraphNodeGetDependencies(CUgraphNode hNode, CUgraphNode *dependencies,
						  CUgraphEdgeData *edgeData, size_t *numDependencies)
{
	return cuGraphNodeGetDependencies_v2(hNode, dependencies, edgeData, numDependencies);
}
static inline CUresult cuGraphNodeGetDependentNodes(CUgraphNode hNode, CUgraphNode *dependentNodes,
						    CUgraphEdgeData *edgeData, size_t *numDependentNodes)
{
	return cuGraphNodeGetDependentNodes_v2(hNode, dependentNodes, edgeData, numDependentNodes);
}
static inline CUresult cuGraphAddNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
				      const CUgraphEdgeData *dependencyData, size_t numDependencies,
				      CUgraphNodeParams *nodeParams)
{
	return cuGraphAddNode_v2(phGraphNode, hGraph, dependencies, dependencyData, numDependencies, nodeParams);
}
static inline CUresult cuStreamGetCaptureInfo(CUstream hStream, CUstreamCaptureStatus *captureStatus_out,
					      cuuint64_t *id_out, CUgraph *graph_out,
					      const CUgraphNode **dependencies_out,
					      const CUgraphEdgeData **edgeData_out, size_t *numDependencies_out)
{
	return cuStreamGetCaptureInfo_v3(hStream, captureStatus_out, id_out, graph_out, dependencies_out,
					 edgeData_out, numDependencies_out);
}
static inline CUresult cuStreamUpdateCaptureDependencies(CUstream hStream, CUgraphNode *dependencies,
							 const CUgraphEdgeData *dependencyData,
							 size_t numDependencies, unsigned int flags)
{
	return cuStreamUpdateCaptureDependencies_v2(hStream, dependencies, dependencyData, numDependencies, flags);
}
#endif
#endif /* IDXGEN_CUDA_DRV_GRAPH_H */
