// SPDX-License-Identifier: MIT
/*
 * test_driver_misc.c - the rest of the driver API (include/cuda/
 * idxgen_cuda_drv_misc.h): stream memory operations ordering work across
 * streams (results read back, each order forced by a wait, none by time),
 * cuGetProcAddress (the functions it hands out called through the
 * signature of the CUDA version asked for), context events and flags,
 * device properties against the runtime's, surface objects, and CUDA's
 * codes for the objects only loaded device code has (libraries, texture
 * references, mipmapped arrays); nvJitLink's and libNVVM's refusals of
 * what they would compile, with their logs (nvJitLink linking idxgen-cc's
 * modules: tests/cc/whole/module/jitlink_drv.cu).
 * C and C++; nvcc -arch=sm_90 -x cu -c compiles it against NVIDIA's cuda.h.
 */
#include <cuda.h>
#include <cuda_runtime.h>
#include <nvJitLink.h>
#include <nvvm.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"

/* the deprecated calls (texture references, cuDeviceGetProperties) are what is tested */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#define TAP_CU(call, want)                                                                         \
	do {                                                                                       \
		CUresult r_ = (call);                                                              \
		const char *n_ = "?";                                                              \
		cuGetErrorName(r_, &n_);                                                           \
		tap_ok(r_ == (want), "%s -> %s", #call, n_);                                       \
	} while (0)

TAP_TEST(stream_memory_operations)
{
	CUstream s1 = NULL, s2 = NULL;
	CUdeviceptr words = 0, buf = 0;
	unsigned int host[64] = { 0 }, bad = 0;
	cuuint32_t *w;
	CUstreamBatchMemOpParams ops[3];

	TAP_CU(cuInit(0), CUDA_SUCCESS);
	cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING);
	cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING);
	cuMemAlloc(&words, 64);
	cuMemAlloc(&buf, sizeof(host));
	cuMemsetD8(words, 0, 64);
	w = (cuuint32_t *)(uintptr_t)words;

	/* s2's copy waits for s1's set through the flag s1 writes after it */
	TAP_CU(cuMemsetD32Async(buf, 9, 64, s1), CUDA_SUCCESS);
	TAP_CU(cuStreamWriteValue32(s1, words, 1, CU_STREAM_WRITE_VALUE_DEFAULT), CUDA_SUCCESS);
	TAP_CU(cuStreamWaitValue32(s2, words, 1, CU_STREAM_WAIT_VALUE_EQ), CUDA_SUCCESS);
	TAP_CU(cuMemcpyDtoHAsync(host, buf, sizeof(host), s2), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(s2), CUDA_SUCCESS);
	for (int i = 0; i < 64; i++)
		bad += host[i] != 9;
	tap_ok(bad == 0, "the copy after the wait sees the set before the write (%u wrong)", bad);

	/* a wait queued first, released by the other stream; GEQ compares cyclically */
	TAP_CU(cuStreamWaitValue32(s1, words + 4, 0xfffffffeu, CU_STREAM_WAIT_VALUE_GEQ), CUDA_SUCCESS);
	TAP_CU(cuStreamWriteValue64(s1, words + 8, 0x0123456789abcdefull, 0), CUDA_SUCCESS);
	TAP_CU(cuStreamWriteValue32(s2, words + 4, 1, 0), CUDA_SUCCESS);	/* 1 - 0xfffffffe = 3 >= 0 */
	TAP_CU(cuStreamSynchronize(s1), CUDA_SUCCESS);
	tap_ok(w[2] == 0x89abcdefu && w[3] == 0x01234567u, "the 64-bit write after the released wait");
	TAP_CU(cuStreamWaitValue32(NULL, words + 4, 3, CU_STREAM_WAIT_VALUE_AND), CUDA_SUCCESS);
	TAP_CU(cuStreamWaitValue32(NULL, words + 4, 0xfffffff0u, CU_STREAM_WAIT_VALUE_NOR), CUDA_SUCCESS);
	TAP_CU(cuStreamWaitValue64(NULL, words + 8, 0x0123456789abcdefull, CU_STREAM_WAIT_VALUE_EQ), CUDA_SUCCESS);

	memset(ops, 0, sizeof(ops));
	ops[0].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
	ops[0].writeValue.address = words + 16, ops[0].writeValue.value = 77;
	ops[1].memoryBarrier.operation = CU_STREAM_MEM_OP_BARRIER;
	ops[2].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_64;
	ops[2].writeValue.address = words + 24, ops[2].writeValue.value64 = 5;
	TAP_CU(cuStreamBatchMemOp(s1, 3, ops, 0), CUDA_SUCCESS);
	cuStreamSynchronize(s1);
	tap_ok(w[4] == 77 && w[6] == 5 && w[7] == 0, "a batch of two writes and a barrier");

	TAP_CU(cuStreamWriteValue32(s1, words + 2, 1, 0), CUDA_ERROR_INVALID_VALUE);	/* misaligned */
	TAP_CU(cuStreamWriteValue64(s1, words + 4, 1, 0), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuStreamWaitValue32(s1, words, 1, 7), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuStreamBatchMemOp(s1, 0, ops, 0), CUDA_ERROR_INVALID_VALUE);
	ops[1].operation = (CUstreamBatchMemOpType)99;
	TAP_CU(cuStreamBatchMemOp(s1, 3, ops, 0), CUDA_ERROR_INVALID_VALUE);
	tap_ok(w[4] == 77, "a bad batch queues none of its operations");
	{
		/* captured: one batch node per call (before: CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED) */
		CUgraph g = NULL;
		CUgraphExec ge = NULL;
		CUgraphNode nodes[4];
		size_t n = 4;
		CUgraphNodeType t = CU_GRAPH_NODE_TYPE_EMPTY;
		CUDA_BATCH_MEM_OP_NODE_PARAMS bp;

		ops[1].operation = CU_STREAM_MEM_OP_BARRIER;
		ops[0].writeValue.value = 78;
		cuStreamBeginCapture(s1, CU_STREAM_CAPTURE_MODE_RELAXED);
		TAP_CU(cuStreamWriteValue32(s1, words, 2, 0), CUDA_SUCCESS);
		TAP_CU(cuStreamBatchMemOp(s1, 3, ops, 0), CUDA_SUCCESS);
		TAP_CU(cuStreamWriteValue32(s1, words + 2, 1, 0), CUDA_ERROR_INVALID_VALUE);	/* still checked */
		TAP_CU(cuStreamEndCapture(s1, &g), CUDA_SUCCESS);
		tap_ok(w[0] == 1 && w[4] == 77, "nothing captured ran");
		TAP_CU(cuGraphGetNodes(g, nodes, &n), CUDA_SUCCESS);
		tap_ok(n == 2, "two captured calls, two nodes (%zu)", n);
		TAP_CU(cuGraphNodeGetType(nodes[1], &t), CUDA_SUCCESS);
		tap_ok(t == CU_GRAPH_NODE_TYPE_BATCH_MEM_OP, "of CUDA's type for them (%d)", (int)t);
		TAP_CU(cuGraphBatchMemOpNodeGetParams(nodes[1], &bp), CUDA_SUCCESS);
		tap_ok(bp.count == 3 && bp.paramArray && bp.paramArray != ops && bp.paramArray[0].writeValue.value == 78,
		       "the batch's three operations, the node's own copy");
		TAP_CU(cuGraphInstantiate(&ge, g, 0), CUDA_SUCCESS);
		TAP_CU(cuGraphLaunch(ge, s2), CUDA_SUCCESS);
		TAP_CU(cuStreamSynchronize(s2), CUDA_SUCCESS);
		tap_ok(w[0] == 2 && w[4] == 78, "the graph's launch writes (%u, %u)", w[0], w[4]);
		cuGraphExecDestroy(ge);
		cuGraphDestroy(g);
	}
	cuMemFree(words);
	cuMemFree(buf);
	cuStreamDestroy(s1);
	cuStreamDestroy(s2);
}

/* a host node's record of what it saw */
static void CUDA_CB look(void *p)
{
	cuuint32_t *w = (cuuint32_t *)p;

	w[8] = __atomic_load_n(&w[1], __ATOMIC_ACQUIRE);	/* the batch's write, seen after it */
}

static void CUDA_CB release(void *p)
{
	__atomic_store_n((cuuint32_t *)p, 1u, __ATOMIC_RELEASE);
}

/*
 * Batch memory-operation nodes (cuGraphAddBatchMemOpNode & co.): a host
 * node releases the batch's wait, the batch writes, a host node after it
 * sees the write; parameters read back (the node's own copy), set on the
 * node and on an executable graph (addresses and values; not the count or
 * kinds, CUDA's rule), the graph's copy outliving the graph; CUDA's checks.
 * Before: the four calls did not exist (link error) and cuGraphAddNode of
 * the type was CUDA_ERROR_NOT_SUPPORTED.
 */
TAP_TEST(batch_mem_op_nodes)
{
	CUgraph g = NULL;
	CUgraphExec ge = NULL;
	CUgraphNode rel = NULL, batch = NULL, after = NULL, other = NULL;
	CUstream s = NULL;
	CUdeviceptr words = 0;
	cuuint32_t *w;
	CUstreamBatchMemOpParams ops[2];
	CUDA_BATCH_MEM_OP_NODE_PARAMS bp, got;
	CUDA_HOST_NODE_PARAMS hp;
	CUgraphNodeParams np;
	CUgraphNodeType t;

	cuInit(0);
	cuStreamCreate(&s, CU_STREAM_NON_BLOCKING);
	cuMemAlloc(&words, 64);
	cuMemsetD8(words, 0, 64);
	w = (cuuint32_t *)(uintptr_t)words;
	memset(ops, 0, sizeof(ops));
	ops[0].waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_32;
	ops[0].waitValue.address = words, ops[0].waitValue.value = 1;
	ops[0].waitValue.flags = CU_STREAM_WAIT_VALUE_GEQ;
	ops[1].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
	ops[1].writeValue.address = words + 4, ops[1].writeValue.value = 7;
	memset(&bp, 0, sizeof(bp));
	bp.count = 2, bp.paramArray = ops;

	cuGraphCreate(&g, 0);
	hp.fn = release, hp.userData = w;
	TAP_CU(cuGraphAddHostNode(&rel, g, NULL, 0, &hp), CUDA_SUCCESS);
	TAP_CU(cuGraphAddBatchMemOpNode(&batch, g, &rel, 1, &bp), CUDA_SUCCESS);
	hp.fn = look;
	TAP_CU(cuGraphAddHostNode(&after, g, &batch, 1, &hp), CUDA_SUCCESS);
	TAP_CU(cuGraphNodeGetType(batch, &t), CUDA_SUCCESS);
	tap_ok(t == CU_GRAPH_NODE_TYPE_BATCH_MEM_OP, "cuGraphNodeGetType: CU_GRAPH_NODE_TYPE_BATCH_MEM_OP");
	ops[1].writeValue.value = 99;	/* the node copied them */
	TAP_CU(cuGraphBatchMemOpNodeGetParams(batch, &got), CUDA_SUCCESS);
	tap_ok(got.count == 2 && got.paramArray != ops && got.paramArray[1].writeValue.value == 7 &&
		       got.paramArray[0].waitValue.flags == CU_STREAM_WAIT_VALUE_GEQ,
	       "cuGraphBatchMemOpNodeGetParams: the node's own copy");
	TAP_CU(cuGraphInstantiate(&ge, g, 0), CUDA_SUCCESS);
	TAP_CU(cuGraphLaunch(ge, s), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	tap_ok(w[1] == 7 && w[8] == 7, "the batch waited for the release, wrote, the node after saw it (%u, %u)",
	       w[1], w[8]);

	ops[1].writeValue.value = 9;
	TAP_CU(cuGraphBatchMemOpNodeSetParams(batch, &bp), CUDA_SUCCESS);
	TAP_CU(cuGraphLaunch(ge, s), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	tap_ok(w[1] == 7, "the node's new parameters leave the executable graph's (%u)", w[1]);
	ops[1].writeValue.value = 11;
	ops[1].writeValue.address = words + 12;
	TAP_CU(cuGraphExecBatchMemOpNodeSetParams(ge, batch, &bp), CUDA_SUCCESS);
	bp.count = 1;
	TAP_CU(cuGraphExecBatchMemOpNodeSetParams(ge, batch, &bp), CUDA_ERROR_INVALID_VALUE);	/* count */
	bp.count = 2;
	ops[0].operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
	TAP_CU(cuGraphExecBatchMemOpNodeSetParams(ge, batch, &bp), CUDA_ERROR_INVALID_VALUE);	/* kind */
	ops[0].operation = CU_STREAM_MEM_OP_WAIT_VALUE_32;
	ops[0].waitValue.flags = CU_STREAM_WAIT_VALUE_GEQ | CU_STREAM_WAIT_VALUE_FLUSH;
	TAP_CU(cuGraphExecBatchMemOpNodeSetParams(ge, batch, &bp), CUDA_ERROR_INVALID_VALUE);	/* FLUSH bit */
	ops[0].waitValue.flags = CU_STREAM_WAIT_VALUE_GEQ;
	TAP_CU(cuGraphExecBatchMemOpNodeSetParams(ge, rel, &bp), CUDA_ERROR_INVALID_VALUE);	/* a host node */
	TAP_CU(cuGraphDestroy(g), CUDA_SUCCESS);	/* the executable graph has its own copy */
	TAP_CU(cuGraphLaunch(ge, s), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	tap_ok(w[3] == 11, "cuGraphExecBatchMemOpNodeSetParams: a new address and value (%u)", w[3]);
	cuGraphExecDestroy(ge);

	cuGraphCreate(&g, 0);
	memset(&np, 0, sizeof(np));
	np.type = CU_GRAPH_NODE_TYPE_BATCH_MEM_OP;
	np.memOp.count = 1, np.memOp.paramArray = &ops[1];
	TAP_CU(cuGraphAddNode_v2(&other, g, NULL, NULL, 0, &np), CUDA_SUCCESS);	/* one form for CUDA 12 and 13 */
	ops[1].writeValue.value = 12;
	TAP_CU(cuGraphNodeSetParams(other, &np), CUDA_SUCCESS);
	TAP_CU(cuGraphBatchMemOpNodeGetParams(other, &got), CUDA_SUCCESS);
	tap_ok(got.count == 1 && got.paramArray[0].writeValue.value == 12, "cuGraphAddNode / cuGraphNodeSetParams");
	TAP_CU(cuGraphBatchMemOpNodeGetParams(NULL, &got), CUDA_ERROR_INVALID_VALUE);
	bp.count = 0;
	TAP_CU(cuGraphAddBatchMemOpNode(&batch, g, NULL, 0, &bp), CUDA_ERROR_INVALID_VALUE);
	bp.count = 2, bp.flags = 1;
	TAP_CU(cuGraphAddBatchMemOpNode(&batch, g, NULL, 0, &bp), CUDA_ERROR_INVALID_VALUE);
	bp.flags = 0;
	ops[1].writeValue.address = words + 2;	/* misaligned */
	TAP_CU(cuGraphAddBatchMemOpNode(&batch, g, NULL, 0, &bp), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuGraphAddBatchMemOpNode(&batch, g, NULL, 0, NULL), CUDA_ERROR_INVALID_VALUE);
	hp.fn = release, hp.userData = w;
	TAP_CU(cuGraphAddHostNode(&rel, g, NULL, 0, &hp), CUDA_SUCCESS);
	TAP_CU(cuGraphBatchMemOpNodeGetParams(rel, &got), CUDA_ERROR_INVALID_VALUE);	/* not a batch node */
	cuGraphDestroy(g);
	cuMemFree(words);
	cuStreamDestroy(s);
}

typedef CUresult (*advise_12000)(CUdeviceptr, size_t, CUmem_advise, CUdevice);
typedef CUresult (*advise_12020)(CUdeviceptr, size_t, CUmem_advise, CUmemLocation);
typedef CUresult (*alloc_fn)(CUdeviceptr *, size_t);

TAP_TEST(proc_address)
{
	void *fn = NULL;
	CUdriverProcAddressQueryResult st = CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
	CUdeviceptr m = 0, d = 0;
	CUmemLocation loc;
	enum cudaDriverEntryPointQueryResult rst;

	TAP_CU(cuGetProcAddress("cuMemAlloc", &fn, 12000, CU_GET_PROC_ADDRESS_DEFAULT, &st), CUDA_SUCCESS);
	tap_ok(fn && st == CU_GET_PROC_ADDRESS_SUCCESS, "cuMemAlloc found");
	if (fn) {
		TAP_CU(((alloc_fn)fn)(&d, 256), CUDA_SUCCESS);
		cuMemFree(d);
	}
	cuMemAllocManaged(&m, 4096, CU_MEM_ATTACH_GLOBAL);
	fn = NULL;
	TAP_CU(cuGetProcAddress("cuMemAdvise", &fn, 12000, 0, &st), CUDA_SUCCESS);
	if (fn)
		TAP_CU(((advise_12000)fn)(m, 4096, CU_MEM_ADVISE_SET_READ_MOSTLY, 0), CUDA_SUCCESS);
	fn = NULL;
	TAP_CU(cuGetProcAddress("cuMemAdvise", &fn, 13000, 0, &st), CUDA_SUCCESS);
	loc.type = CU_MEM_LOCATION_TYPE_DEVICE, loc.id = 0;
	if (fn)
		TAP_CU(((advise_12020)fn)(m, 4096, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, loc), CUDA_SUCCESS);
	/* another device's location: the runtime's answer for a location (the device form would read 1, the type) */
	loc.type = CU_MEM_LOCATION_TYPE_DEVICE, loc.id = 5;
	if (fn)
		TAP_CU(((advise_12020)fn)(m, 4096, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, loc), CUDA_ERROR_INVALID_VALUE);
	cuMemFree(m);
	fn = (void *)&st;
	TAP_CU(cuGetProcAddress("cuNoSuchFunction", &fn, 12000, 0, &st), CUDA_ERROR_NOT_FOUND);
	tap_ok(fn == NULL && st == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, "an unknown name: NULL, SYMBOL_NOT_FOUND");
	TAP_CU(cuGetProcAddress("cuMemAlloc", &fn, 12000, 4, &st), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuGetProcAddress(NULL, &fn, 12000, 0, &st), CUDA_ERROR_INVALID_VALUE);
	/* the runtime's entry points are the same table: graph calls were not found before */
	fn = NULL;
	tap_ok(cudaGetDriverEntryPoint("cuGraphAddKernelNode", &fn, cudaEnableDefault, &rst) == cudaSuccess && fn &&
		       rst == cudaDriverEntryPointSuccess,
	       "cudaGetDriverEntryPoint finds cuGraphAddKernelNode");
}

TAP_TEST(contexts_and_devices)
{
	CUcontext ctx = NULL, sctx = NULL;
	CUevent e = NULL;
	unsigned int flags = 0, saved = 0;
	CUdevprop prop;
	struct cudaDeviceProp p;
	int support = -1, value = -1;
	CUexecAffinityParam aff;

	cuDevicePrimaryCtxRetain(&ctx, 0);
	cuCtxPushCurrent(ctx);
	TAP_CU(cuStreamGetCtx(NULL, &sctx), CUDA_SUCCESS);
	tap_ok(sctx == ctx, "the default stream's context is the current one");
	sctx = NULL;
	{
		CUgreenCtx green = (CUgreenCtx)(uintptr_t)1;

		TAP_CU(cuStreamGetCtx_v2(NULL, &sctx, &green), CUDA_SUCCESS);
		tap_ok(sctx == ctx && green == NULL, "no green context");
	}
	cuEventCreate(&e, CU_EVENT_DEFAULT);
	TAP_CU(cuCtxRecordEvent(ctx, e), CUDA_SUCCESS);
	TAP_CU(cuEventSynchronize(e), CUDA_SUCCESS);
	TAP_CU(cuCtxWaitEvent(ctx, e), CUDA_SUCCESS);
	TAP_CU(cuCtxRecordEvent(ctx, NULL), CUDA_ERROR_INVALID_HANDLE);
	cuEventDestroy(e);

	TAP_CU(cuCtxGetFlags(&saved), CUDA_SUCCESS);
	TAP_CU(cuCtxSetFlags(CU_CTX_SCHED_YIELD), CUDA_SUCCESS);
	TAP_CU(cuCtxGetFlags(&flags), CUDA_SUCCESS);
	tap_ok((flags & CU_CTX_SCHED_MASK) == CU_CTX_SCHED_YIELD, "scheduling flag read back (%#x)", flags);
	TAP_CU(cuCtxSetFlags(CU_CTX_MAP_HOST), CUDA_ERROR_INVALID_VALUE);
	cuCtxSetFlags(saved & (CU_CTX_SCHED_MASK | CU_CTX_SYNC_MEMOPS));

	TAP_CU(cuDeviceGetExecAffinitySupport(&support, CU_EXEC_AFFINITY_TYPE_SM_COUNT, 0), CUDA_SUCCESS);
	tap_ok(support == 0, "no execution affinity");
	TAP_CU(cuCtxGetExecAffinity(&aff, CU_EXEC_AFFINITY_TYPE_SM_COUNT), CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY);

	TAP_CU(cuDeviceGetProperties(&prop, 0), CUDA_SUCCESS);
	cudaGetDeviceProperties(&p, 0);
	tap_ok(prop.maxThreadsPerBlock == p.maxThreadsPerBlock && prop.maxGridSize[1] == p.maxGridSize[1] &&
		       prop.SIMDWidth == 32 && prop.sharedMemPerBlock == (int)p.sharedMemPerBlock &&
		       prop.regsPerBlock == p.regsPerBlock,
	       "device properties as the runtime's");
	TAP_CU(cuDeviceGetProperties(&prop, 1), CUDA_ERROR_INVALID_DEVICE);
	TAP_CU(cuDeviceGetP2PAttribute(&value, CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, 0, 0),
	       CUDA_ERROR_INVALID_DEVICE);
	{
		size_t width = 0;

		TAP_CU(cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_FLOAT, 4, 0), CUDA_SUCCESS);
		tap_ok(width > 0, "1-D linear texture width %zu", width);
		TAP_CU(cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_FLOAT, 3, 0), CUDA_ERROR_INVALID_VALUE);
	}
	TAP_CU(cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
					  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER),
	       CUDA_SUCCESS);
	{
		CUlogIterator it = 99;

		TAP_CU(cuLogsCurrent(&it, 0), CUDA_SUCCESS);
	}
	cuCtxPopCurrent(&ctx);
}

/* Host work a test holds until it opens the gate (a 60 s valve against a hang); the order it ran in. */
struct gate {
	int open, seq, held_ran, later_ran;
};

static void CUDA_CB held(void *p)
{
	struct gate *g = (struct gate *)p;

	for (int i = 0; i < 60000 && !__atomic_load_n(&g->open, __ATOMIC_ACQUIRE); i++)
		usleep(1000);
	__atomic_store_n(&g->held_ran, __atomic_add_fetch(&g->seq, 1, __ATOMIC_ACQ_REL), __ATOMIC_RELEASE);
}

static void CUDA_CB later(void *p)
{
	struct gate *g = (struct gate *)p;

	__atomic_store_n(&g->later_ran, __atomic_add_fetch(&g->seq, 1, __ATOMIC_ACQ_REL), __ATOMIC_RELEASE);
}

/*
 * cuCtxRecordEvent and cuCtxWaitEvent return at once, as CUDA's: the
 * stream work they order stays held while the host checks.  Before
 * (driver_misc.c) both waited on the host: the record synchronised the
 * device (here: until the 60 s valve, then the event read as done, failing
 * the NOT_READY checks) and the wait synchronised the event.
 */
TAP_TEST(context_events_do_not_block)
{
	CUcontext ctx = NULL;
	CUstream s1 = NULL, s2 = NULL;
	CUevent e = NULL, e2 = NULL;
	struct gate g = { 0, 0, 0, 0 }, h = { 0, 0, 0, 0 };

	cuDevicePrimaryCtxRetain(&ctx, 0);
	cuCtxPushCurrent(ctx);
	cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING);
	cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING);
	cuEventCreate(&e, CU_EVENT_DISABLE_TIMING);
	cuEventCreate(&e2, CU_EVENT_DISABLE_TIMING);

	TAP_CU(cuLaunchHostFunc(s1, held, &g), CUDA_SUCCESS);
	TAP_CU(cuCtxRecordEvent(ctx, e), CUDA_SUCCESS);
	TAP_CU(cuEventQuery(e), CUDA_ERROR_NOT_READY);
	__atomic_store_n(&g.open, 1, __ATOMIC_RELEASE);
	TAP_CU(cuEventSynchronize(e), CUDA_SUCCESS);
	tap_ok(__atomic_load_n(&g.held_ran, __ATOMIC_ACQUIRE) == 1, "the context event completed after the held work");

	TAP_CU(cuLaunchHostFunc(s1, held, &h), CUDA_SUCCESS);
	TAP_CU(cuEventRecord(e2, s1), CUDA_SUCCESS);
	TAP_CU(cuCtxWaitEvent(ctx, e2), CUDA_SUCCESS);
	TAP_CU(cuLaunchHostFunc(s2, later, &h), CUDA_SUCCESS);
	TAP_CU(cuStreamQuery(s2), CUDA_ERROR_NOT_READY);
	tap_ok(__atomic_load_n(&h.later_ran, __ATOMIC_ACQUIRE) == 0, "another stream's later work waits");
	__atomic_store_n(&h.open, 1, __ATOMIC_RELEASE);
	TAP_CU(cuStreamSynchronize(s2), CUDA_SUCCESS);
	tap_ok(h.held_ran == 1 && h.later_ran == 2, "... and runs after the event's work (%d, %d)", h.held_ran,
	       h.later_ran);
	TAP_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	cuEventDestroy(e);
	cuEventDestroy(e2);
	cuStreamDestroy(s1);
	cuStreamDestroy(s2);
	cuCtxPopCurrent(&ctx);
	cuDevicePrimaryCtxRelease(0);
}

/* Work queued after a context wait: what of the held work it saw when it ran. */
struct witness {
	struct gate *g;
	CUcontext ctx;
	int saw;	/* the gate's held_ran when this ran: 1 once the held work has */
	int done;
};

static void CUDA_CB witness_runs(void *p)
{
	struct witness *w = (struct witness *)p;

	w->saw = __atomic_load_n(&w->g->held_ran, __ATOMIC_ACQUIRE);
}

/* the per-thread default stream runs its work in the calling thread: a thread of its own */
static void *per_thread_work(void *p)
{
	struct witness *w = (struct witness *)p;

	cuCtxSetCurrent(w->ctx);
	if (cuLaunchHostFunc(CU_STREAM_PER_THREAD, witness_runs, w) == CUDA_SUCCESS)
		cuStreamSynchronize(CU_STREAM_PER_THREAD);
	__atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/*
 * cuCtxWaitEvent holds back all later work of the context: a stream created
 * after the call and cudaStreamPerThread's work run after the event's work
 * (each records what it saw of the held work: an order, not a time).  The
 * host opens the gate once the per-thread work has run or 300 ms have
 * passed: only how soon a wrong order shows depends on that.  Before: both
 * ran at once (driver_ctx_event.c's "not covered"), seeing 0.
 */
TAP_TEST(context_wait_reaches_later_streams)
{
	CUcontext ctx = NULL;
	CUstream s1 = NULL, s3 = NULL;
	CUevent e = NULL;
	struct gate g = { 0, 0, 0, 0 };
	struct witness created = { &g, NULL, 0, 0 }, per_thread = { &g, NULL, 0, 0 };
	pthread_t thr;

	cuDevicePrimaryCtxRetain(&ctx, 0);
	cuCtxPushCurrent(ctx);
	per_thread.ctx = ctx;
	cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING);
	cuEventCreate(&e, CU_EVENT_DISABLE_TIMING);
	TAP_CU(cuLaunchHostFunc(s1, held, &g), CUDA_SUCCESS);
	TAP_CU(cuEventRecord(e, s1), CUDA_SUCCESS);
	TAP_CU(cuCtxWaitEvent(ctx, e), CUDA_SUCCESS);
	TAP_CU(cuStreamCreate(&s3, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
	TAP_CU(cuLaunchHostFunc(s3, witness_runs, &created), CUDA_SUCCESS);
	TAP_CU(cuStreamQuery(s3), CUDA_ERROR_NOT_READY);
	tap_ok(pthread_create(&thr, NULL, per_thread_work, &per_thread) == 0, "a thread for cudaStreamPerThread");
	for (int i = 0; i < 300 && !__atomic_load_n(&per_thread.done, __ATOMIC_ACQUIRE); i++)
		usleep(1000);
	__atomic_store_n(&g.open, 1, __ATOMIC_RELEASE);
	pthread_join(thr, NULL);
	TAP_CU(cuStreamSynchronize(s3), CUDA_SUCCESS);
	tap_ok(created.saw == 1, "a stream created after the wait ran after the event's work (saw %d)", created.saw);
	tap_ok(per_thread.saw == 1, "cudaStreamPerThread's work ran after the event's work (saw %d)", per_thread.saw);
	TAP_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	cuEventDestroy(e);
	cuStreamDestroy(s1);
	cuStreamDestroy(s3);
	cuCtxPopCurrent(&ctx);
	cuDevicePrimaryCtxRelease(0);
}

TAP_TEST(surfaces_and_refusals)
{
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUarray arr = NULL;
	CUDA_RESOURCE_DESC rd, back;
	CUsurfObject s = 0;
	CUtexref ref = NULL;
	CUlibrary lib = NULL;
	CUmoduleLoadingMode mode = CU_MODULE_LAZY_LOADING;
	CUjit_option opt[2] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
	char log[256] = "";
	void *vals[2] = { log, (void *)(uintptr_t)sizeof(log) };
	unsigned int count = 0;
	CUmipmappedArray mm = NULL;

	memset(&ad, 0, sizeof(ad));
	ad.Width = 8, ad.Height = 8, ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 1;
	ad.Flags = CUDA_ARRAY3D_SURFACE_LDST;
	TAP_CU(cuArray3DCreate(&arr, &ad), CUDA_SUCCESS);
	memset(&rd, 0, sizeof(rd));
	rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = arr;
	TAP_CU(cuSurfObjectCreate(&s, &rd), CUDA_SUCCESS);
	TAP_CU(cuSurfObjectGetResourceDesc(&back, s), CUDA_SUCCESS);
	tap_ok(back.resType == CU_RESOURCE_TYPE_ARRAY && back.res.array.hArray == arr, "surface's array read back");
	TAP_CU(cuSurfObjectDestroy(s), CUDA_SUCCESS);
	rd.resType = CU_RESOURCE_TYPE_LINEAR;
	TAP_CU(cuSurfObjectCreate(&s, &rd), CUDA_ERROR_INVALID_VALUE);
	cuArrayDestroy(arr);

	TAP_CU(cuTexRefCreate(&ref), CUDA_ERROR_NOT_SUPPORTED);
	TAP_CU(cuTexRefSetFilterMode(ref, CU_TR_FILTER_MODE_LINEAR), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuModuleGetLoadingMode(&mode), CUDA_SUCCESS);
	tap_ok(mode == CU_MODULE_EAGER_LOADING, "the program's kernels are loaded with it");
	TAP_CU(cuLibraryLoadData(&lib, "not a cubin", opt, vals, 2, NULL, NULL, 0), CUDA_ERROR_INVALID_IMAGE);
	tap_ok(log[0] != 0, "the refusal's reason in the error log: %s", log);
	TAP_CU(cuLibraryGetKernelCount(&count, lib), CUDA_ERROR_INVALID_HANDLE);
	memset(&ad, 0, sizeof(ad));
	ad.Width = 8, ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 1;
	TAP_CU(cuMipmappedArrayCreate(&mm, &ad, 3), CUDA_ERROR_NOT_SUPPORTED);
}

/* CUDA 3's execution control: a handle that is no kernel, bad shapes and offsets (runs: whole/progs/driver_api_graphs.cu) */
TAP_TEST(cuda3_launch_errors)
{
	int not_a_kernel = 0, v = 1;
	CUfunction f = (CUfunction)(void *)&not_a_kernel;

	TAP_CU(cuFuncSetBlockShape(f, 32, 1, 1), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuFuncSetBlockShape(f, 0, 1, 1), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuFuncSetSharedSize(NULL, 0), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuParamSetv(f, 4094, &v, sizeof(v)), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuParamSeti(f, 0, 1), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuParamSetSize(f, 8192), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuLaunchGrid(f, 1, 1), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuLaunchGrid(f, 0, 1), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuLaunch(NULL), CUDA_ERROR_INVALID_HANDLE);
}

/* a log read as programs read it: size, then the text */
static const char *jit_log(nvJitLinkHandle h, char *buf, size_t cap)
{
	size_t n = 0;

	buf[0] = 0;
	if (nvJitLinkGetErrorLogSize(h, &n) == NVJITLINK_SUCCESS && n > 0 && n <= cap)
		nvJitLinkGetErrorLog(h, buf);
	return buf;
}

/* CUDA 13's four-argument cuCtxCreate, in C too (C has no overloads: counted by cuda.h's macro) */
TAP_TEST(ctx_create_cuda13_form)
{
	CUdevice dev = 0;
	CUcontext a = NULL, b = NULL, cur = NULL;
	CUctxCreateParams params;

	memset(&params, 0, sizeof(params));
	tap_ok(cuInit(0) == CUDA_SUCCESS && cuDeviceGet(&dev, 0) == CUDA_SUCCESS &&
		   cuCtxCreate(&a, NULL, 0, dev) == CUDA_SUCCESS && cuCtxCreate(&b, &params, 0, dev) == CUDA_SUCCESS &&
		   a && b && a != b && cuCtxGetCurrent(&cur) == CUDA_SUCCESS && cur == b,
	       "cuCtxCreate(&ctx, params or NULL, flags, dev): two contexts, the last current");
	tap_ok(cuCtxDestroy(b) == CUDA_SUCCESS && cuCtxDestroy(a) == CUDA_SUCCESS, "both destroyed");
}

TAP_TEST(nvjitlink_refusals)
{
	static const char ptx[] = "//\n// Generated by NVIDIA NVVM Compiler\n.version 8.0\n.target sm_90\n"
				  ".address_size 64\n";
	static const unsigned char fatbin[16] = {0x50, 0xed, 0x55, 0xba, 1, 0, 0x10, 0};
	static const char text[] = "not device code at all";
	const char *none[] = {"-O3"}, *bad[] = {"-arch=sm_90", "-fancy"}, *badarch[] = {"-arch=gpu9"};
	const char *good[] = {"-arch=sm_90", "-lto", "-O3", "-maxrregcount=64"};
	nvJitLinkHandle h = NULL;
	unsigned int major = 0, minor = 0;
	size_t size = 7;
	char log[600];

	nvJitLinkResult r = nvJitLinkVersion(&major, &minor);

	tap_ok(r == NVJITLINK_SUCCESS && major == 12 && minor == 0, "nvJitLinkVersion %u.%u", major, minor);
	tap_ok(nvJitLinkCreate(&h, 1, none) == NVJITLINK_ERROR_MISSING_ARCH && h &&
		   strstr(jit_log(h, log, sizeof(log)), "-arch"),
	       "no -arch: MISSING_ARCH, the handle made, its log: %s", log);
	nvJitLinkDestroy(&h);
	tap_ok(nvJitLinkCreate(&h, 2, bad) == NVJITLINK_ERROR_UNRECOGNIZED_OPTION &&
		   strstr(jit_log(h, log, sizeof(log)), "-fancy"),
	       "an unknown option: UNRECOGNIZED_OPTION (%s)", log);
	nvJitLinkDestroy(&h);
	tap_ok(nvJitLinkCreate(&h, 1, badarch) == NVJITLINK_ERROR_UNRECOGNIZED_ARCH, "-arch=gpu9: UNRECOGNIZED_ARCH");
	nvJitLinkDestroy(&h);
	tap_ok(nvJitLinkCreate(&h, 4, good) == NVJITLINK_SUCCESS && nvJitLinkGetErrorLogSize(h, &size) ==
										 NVJITLINK_SUCCESS &&
		   size == 0,
	       "-arch=sm_90 -lto -O3 -maxrregcount=64: a handle, an empty error log");
	tap_ok(nvJitLinkAddData(h, NVJITLINK_INPUT_PTX, ptx, sizeof(ptx), "k.ptx") == NVJITLINK_ERROR_PTX_COMPILE &&
		   strstr(jit_log(h, log, sizeof(log)), "k.ptx"),
	       "PTX: PTX_COMPILE (%s)", log);
	tap_ok(nvJitLinkAddData(h, NVJITLINK_INPUT_LTOIR, text, sizeof(text), "k.ltoir") ==
		       NVJITLINK_ERROR_NVVM_COMPILE,
	       "LTO-IR: NVVM_COMPILE");
	tap_ok(nvJitLinkAddData(h, NVJITLINK_INPUT_FATBIN, fatbin, sizeof(fatbin), "k.fatbin") ==
		       NVJITLINK_ERROR_ARCH_MISMATCH,
	       "NVIDIA's fatbin: ARCH_MISMATCH (no code for this device)");
	tap_ok(nvJitLinkAddData(h, NVJITLINK_INPUT_CUBIN, text, sizeof(text), "k.cubin") ==
		       NVJITLINK_ERROR_UNRECOGNIZED_INPUT &&
		   nvJitLinkAddData(h, NVJITLINK_INPUT_NONE, text, sizeof(text), "k") == NVJITLINK_ERROR_INVALID_INPUT &&
		   nvJitLinkAddData(h, NVJITLINK_INPUT_ANY, NULL, 4, "k") == NVJITLINK_ERROR_NULL_INPUT &&
		   nvJitLinkAddFile(h, NVJITLINK_INPUT_ANY, "/nonexistent/k.fatbin") == NVJITLINK_ERROR_INVALID_INPUT,
	       "other bytes: UNRECOGNIZED_INPUT; input type NONE, a file not there: INVALID_INPUT; NULL: NULL_INPUT");
	tap_ok(nvJitLinkComplete(h) == NVJITLINK_ERROR_INVALID_INPUT &&
		   strstr(jit_log(h, log, sizeof(log)), "nothing to link") &&
		   nvJitLinkGetLinkedCubinSize(h, &size) == NVJITLINK_ERROR_INVALID_INPUT &&
		   nvJitLinkGetLinkedPtxSize(h, &size) == NVJITLINK_ERROR_INVALID_INPUT,
	       "Complete with nothing added, the image or PTX asked for: INVALID_INPUT (%s)", log);
	tap_ok(nvJitLinkDestroy(&h) == NVJITLINK_SUCCESS && !h && nvJitLinkDestroy(&h) == NVJITLINK_ERROR_NULL_INPUT &&
		   nvJitLinkComplete(NULL) == NVJITLINK_ERROR_NULL_INPUT,
	       "Destroy clears the handle; a NULL one: NULL_INPUT");
}

TAP_TEST(nvvm_refusals)
{
	static const char ir[] = "target triple = \"nvptx64-nvidia-cuda\"\ndefine void @k() {\n  ret void\n}\n";
	const char *opts[] = {"-arch=compute_90", "-opt=3"}, *bad[] = {"-fast-and-loose"};
	int a = 0, b = 0, c = 0, d = 0;
	nvvmProgram p = NULL;
	size_t size = 0;
	char log[400] = "";

	tap_ok(nvvmVersion(&a, &b) == NVVM_SUCCESS && a == 2 && nvvmIRVersion(&a, &b, &c, &d) == NVVM_SUCCESS &&
		   a == 2 && c == 3,
	       "nvvmVersion, nvvmIRVersion: those of CUDA 12.0's libNVVM");
	tap_ok(nvvmCreateProgram(&p) == NVVM_SUCCESS && nvvmVerifyProgram(p, 0, NULL) == NVVM_ERROR_NO_MODULE_IN_PROGRAM,
	       "a program; verified with no module: NO_MODULE_IN_PROGRAM");
	tap_ok(nvvmAddModuleToProgram(p, ir, sizeof(ir) - 1, "k.ll") == NVVM_SUCCESS &&
		   nvvmLazyAddModuleToProgram(p, ir, sizeof(ir) - 1, "lib.ll") == NVVM_SUCCESS &&
		   nvvmAddModuleToProgram(p, NULL, 4, "x") == NVVM_ERROR_INVALID_INPUT,
	       "modules added (NULL buffer: INVALID_INPUT)");
	tap_ok(nvvmCompileProgram(p, 1, bad) == NVVM_ERROR_INVALID_OPTION, "an unknown option: INVALID_OPTION");
	tap_ok(nvvmVerifyProgram(p, 2, opts) == NVVM_ERROR_COMPILATION &&
		   nvvmCompileProgram(p, 2, opts) == NVVM_ERROR_COMPILATION &&
		   nvvmGetProgramLogSize(p, &size) == NVVM_SUCCESS && size > 1 && size <= sizeof(log) &&
		   nvvmGetProgramLog(p, log) == NVVM_SUCCESS && strstr(log, "idxgen-cc"),
	       "verify, compile: COMPILATION, the reason in the log: %s", log);
	tap_ok(nvvmGetCompiledResultSize(p, &size) == NVVM_ERROR_INVALID_PROGRAM &&
		   !strcmp(nvvmGetErrorString(NVVM_ERROR_COMPILATION), "NVVM_ERROR_COMPILATION"),
	       "no compiled result: INVALID_PROGRAM; nvvmGetErrorString");
	tap_ok(nvvmDestroyProgram(&p) == NVVM_SUCCESS && !p && nvvmDestroyProgram(&p) == NVVM_ERROR_INVALID_PROGRAM,
	       "destroyed; again: INVALID_PROGRAM");
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
