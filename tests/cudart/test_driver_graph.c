// SPDX-License-Identifier: MIT
/*
 * test_driver_graph.c - graphs through the driver API (include/cuda/
 * idxgen_cuda_drv_graph.h, lib/cudart/driver_graph*.c): graphs built node
 * by node with driver calls only, run, and their results compared with
 * values computed here; parameters read back as given; executable-graph
 * updates; nodes by generic parameters; user objects; cuLaunchKernelEx;
 * stream attributes and capture queries; CUDA's codes on the error paths.
 * C and C++; nvcc -arch=sm_90 -x cu -c compiles it against NVIDIA's cuda.h.
 */
#include <cuda.h>
#include <stdint.h>
#include <string.h>

#include "kernels.h"
#include "tap.h"

#define TAP_CU(call, want)                                                                         \
	do {                                                                                       \
		CUresult r_ = (call);                                                              \
		const char *n_ = "?";                                                              \
		cuGetErrorName(r_, &n_);                                                           \
		tap_ok(r_ == (want), "%s -> %s", #call, n_);                                       \
	} while (0)

/* CUDA 13 added edge data to the dependency calls (our C: CUDA 12's; C++ and nvcc 13: the new form) */
#if CUDA_VERSION >= 13000 || defined(__cplusplus)
#define ADD_DEPS(g, f, t, n) cuGraphAddDependencies(g, f, t, NULL, n)
#define GET_EDGES(g, f, t, n) cuGraphGetEdges(g, f, t, NULL, n)
#define NODE_DEPS(x, d, n) cuGraphNodeGetDependencies(x, d, NULL, n)
#define CAPTURE_INFO(s, st, id, g, d, n) cuStreamGetCaptureInfo(s, st, id, g, d, NULL, n)
#define ADD_NODE(x, g, d, n, p) cuGraphAddNode(x, g, d, NULL, n, p)
#else
#define ADD_DEPS(g, f, t, n) cuGraphAddDependencies(g, f, t, n)
#define GET_EDGES(g, f, t, n) cuGraphGetEdges(g, f, t, n)
#define NODE_DEPS(x, d, n) cuGraphNodeGetDependencies(x, d, n)
#define CAPTURE_INFO(s, st, id, g, d, n) cuStreamGetCaptureInfo(s, st, id, g, d, n)
#define ADD_NODE(x, g, d, n, p) cuGraphAddNode(x, g, d, n, p)
#endif

#define N 100

static CUfunction function_of(const void *kernel)
{
	cudaFunction_t f = NULL;

	cudaGetFuncBySymbol(&f, kernel);
	return (CUfunction)f;
}

static CUDA_KERNEL_NODE_PARAMS add_one_params(CUfunction f, void **args, unsigned int blocks)
{
	CUDA_KERNEL_NODE_PARAMS k;

	memset(&k, 0, sizeof(k));
	k.func = f;
	k.gridDimX = blocks, k.gridDimY = 1, k.gridDimZ = 1;
	k.blockDimX = 32, k.blockDimY = 1, k.blockDimZ = 1;
	k.kernelParams = args;
	return k;
}

static CUDA_MEMSET_NODE_PARAMS memset_params(CUdeviceptr dst, unsigned int value, size_t n)
{
	CUDA_MEMSET_NODE_PARAMS m;

	memset(&m, 0, sizeof(m));
	m.dst = dst, m.value = value, m.elementSize = 4, m.width = n, m.height = 1;
	return m;
}

static CUDA_MEMCPY3D copy_dtoh(void *dst, CUdeviceptr src, size_t bytes)
{
	CUDA_MEMCPY3D c;

	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE, c.srcDevice = src;
	c.dstMemoryType = CU_MEMORYTYPE_HOST, c.dstHost = dst;
	c.WidthInBytes = bytes, c.Height = 1, c.Depth = 1;
	return c;
}

static void CUDA_CB count_calls(void *data)
{
	(*(int *)data)++;
}

/* set: memset 5 -> add_one -> add_one (n/2) -> copy to host -> host count; results from the formula */
TAP_TEST(node_by_node)
{
	CUfunction f = function_of((const void *)add_one);
	CUdeviceptr d = 0;
	int host[N], calls = 0, n = N, half = N / 2, bad = 0, *dp;
	void *args_all[] = { &dp, &n }, *args_half[] = { &dp, &half };
	CUgraph g = NULL;
	CUgraphExec e = NULL;
	CUgraphNode set, k1, k2, cp, hn, nodes[8], from[8], to[8];
	CUgraphNodeType type;
	CUDA_KERNEL_NODE_PARAMS kp, kq;
	CUDA_MEMSET_NODE_PARAMS mp, mq;
	CUDA_MEMCPY3D cpy, cq;
	CUDA_HOST_NODE_PARAMS hp, hq;
	size_t count;

	TAP_CU(cuInit(0), CUDA_SUCCESS);
	tap_ok(f != NULL, "a CUfunction of add_one");
	TAP_CU(cuMemAlloc(&d, N * sizeof(int)), CUDA_SUCCESS);
	dp = (int *)(uintptr_t)d;
	TAP_CU(cuGraphCreate(&g, 0), CUDA_SUCCESS);
	mp = memset_params(d, 5, N);
	TAP_CU(cuGraphAddMemsetNode(&set, g, NULL, 0, &mp, NULL), CUDA_SUCCESS);
	kp = add_one_params(f, args_all, (N + 31) / 32);
	TAP_CU(cuGraphAddKernelNode(&k1, g, &set, 1, &kp), CUDA_SUCCESS);
	kp = add_one_params(f, args_half, (N + 31) / 32);
	TAP_CU(cuGraphAddKernelNode(&k2, g, &k1, 1, &kp), CUDA_SUCCESS);
	cpy = copy_dtoh(host, d, sizeof(host));
	TAP_CU(cuGraphAddMemcpyNode(&cp, g, &k2, 1, &cpy, NULL), CUDA_SUCCESS);
	hp.fn = count_calls, hp.userData = &calls;
	TAP_CU(cuGraphAddHostNode(&hn, g, NULL, 0, &hp), CUDA_SUCCESS);
	TAP_CU(ADD_DEPS(g, &cp, &hn, 1), CUDA_SUCCESS);

	count = 0;
	TAP_CU(cuGraphGetNodes(g, NULL, &count), CUDA_SUCCESS);
	tap_ok(count == 5, "5 nodes (%zu)", count);
	count = 8;
	TAP_CU(cuGraphGetRootNodes(g, nodes, &count), CUDA_SUCCESS);
	tap_ok(count == 1 && nodes[0] == set, "one root: the memset");
	count = 8;
	TAP_CU(GET_EDGES(g, from, to, &count), CUDA_SUCCESS);
	tap_ok(count == 4, "4 edges (%zu)", count);
	count = 8;
	TAP_CU(NODE_DEPS(hn, nodes, &count), CUDA_SUCCESS);
	tap_ok(count == 1 && nodes[0] == cp, "the host node depends on the copy");
	TAP_CU(cuGraphNodeGetType(k1, &type), CUDA_SUCCESS);
	tap_ok(type == CU_GRAPH_NODE_TYPE_KERNEL, "kernel node type");
	TAP_CU(cuGraphNodeGetType(cp, &type), CUDA_SUCCESS);
	tap_ok(type == CU_GRAPH_NODE_TYPE_MEMCPY, "memcpy node type");

	/* parameters read back */
	TAP_CU(cuGraphKernelNodeGetParams(k2, &kq), CUDA_SUCCESS);
	tap_ok(kq.func == f && kq.gridDimX == 4 && kq.blockDimX == 32 && kq.kernelParams &&
		       *(int *)kq.kernelParams[1] == N / 2,
	       "kernel node parameters read back (function, shape, argument %d)",
	       kq.kernelParams ? *(int *)kq.kernelParams[1] : -1);
	TAP_CU(cuGraphMemsetNodeGetParams(set, &mq), CUDA_SUCCESS);
	tap_ok(mq.dst == d && mq.value == 5 && mq.elementSize == 4 && mq.width == N && mq.height == 1,
	       "memset node parameters read back");
	TAP_CU(cuGraphMemcpyNodeGetParams(cp, &cq), CUDA_SUCCESS);
	tap_ok(cq.WidthInBytes == sizeof(host) && cq.Height == 1 && cq.Depth == 1 && cq.srcDevice == d &&
		       cq.dstDevice == (CUdeviceptr)(uintptr_t)host,
	       "memcpy node parameters read back (width, source, destination)");
	TAP_CU(cuGraphHostNodeGetParams(hn, &hq), CUDA_SUCCESS);
	tap_ok(hq.fn == count_calls && hq.userData == &calls, "host node parameters read back");

	/* run twice: each run starts from the memset */
	TAP_CU(cuGraphInstantiate(&e, g, 0), CUDA_SUCCESS);
	for (int run = 0; run < 2; run++) {
		memset(host, 0, sizeof(host));
		TAP_CU(cuGraphLaunch(e, NULL), CUDA_SUCCESS);
		TAP_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
		bad = 0;
		for (int i = 0; i < N; i++)
			bad += host[i] != 5 + 1 + (i < N / 2);
		tap_ok(bad == 0 && calls == run + 1, "run %d: 5 + 1 + (i < %d) in every word (%d wrong), host node ran",
		       run, N / 2, bad);
	}

	/* executable-graph updates: another value, another count */
	mp = memset_params(d, 40, N);
	TAP_CU(cuGraphExecMemsetNodeSetParams(e, set, &mp, NULL), CUDA_SUCCESS);
	half = 10;
	kp = add_one_params(f, args_half, (N + 31) / 32);
	TAP_CU(cuGraphExecKernelNodeSetParams(e, k2, &kp), CUDA_SUCCESS);
	TAP_CU(cuGraphNodeSetEnabled(e, hn, 0), CUDA_ERROR_INVALID_VALUE);	/* kernel, memcpy, memset only */
	TAP_CU(cuGraphNodeSetEnabled(e, k1, 0), CUDA_SUCCESS);
	{
		unsigned int on = 1;

		TAP_CU(cuGraphNodeGetEnabled(e, k1, &on), CUDA_SUCCESS);
		tap_ok(on == 0, "the first kernel node disabled in the executable graph");
	}
	TAP_CU(cuGraphLaunch(e, NULL), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	bad = 0;
	for (int i = 0; i < N; i++)
		bad += host[i] != 40 + (i < 10);
	tap_ok(bad == 0 && calls == 3, "updated run: 40 + (i < 10) (%d wrong), the disabled kernel skipped", bad);

	/* error paths */
	kp = add_one_params((CUfunction)(uintptr_t)count_calls, args_all, 1);
	TAP_CU(cuGraphAddKernelNode(&k1, g, NULL, 0, &kp), CUDA_ERROR_INVALID_HANDLE);
	kp = add_one_params(f, NULL, 1);
	TAP_CU(cuGraphAddKernelNode(&k1, g, NULL, 0, &kp), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuGraphAddKernelNode(&k1, g, NULL, 0, NULL), CUDA_ERROR_INVALID_VALUE);
	mp = memset_params(d, 1, N);
	mp.elementSize = 3;
	TAP_CU(cuGraphAddMemsetNode(&set, g, NULL, 0, &mp, NULL), CUDA_ERROR_INVALID_VALUE);
	cpy.srcLOD = 1;
	TAP_CU(cuGraphAddMemcpyNode(&cp, g, NULL, 0, &cpy, NULL), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuGraphMemsetNodeGetParams(k2, &mq), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuGraphNodeGetType(k2, NULL), CUDA_ERROR_INVALID_VALUE);

	TAP_CU(cuGraphExecDestroy(e), CUDA_SUCCESS);
	TAP_CU(cuGraphDestroy(g), CUDA_SUCCESS);
	TAP_CU(cuMemFree(d), CUDA_SUCCESS);
}

/* cuGraphExecUpdate: same topology with new values succeeds, another topology is refused with the reason */
TAP_TEST(exec_update)
{
	CUfunction f = function_of((const void *)store);
	CUdeviceptr d = 0;
	int v = 1, *out, got = 0;
	void *args[] = { &v, &out };
	CUDA_KERNEL_NODE_PARAMS k;
	CUgraph g1 = NULL, g2 = NULL, g3 = NULL;
	CUgraphExec e = NULL;
	CUgraphNode n1, n2, n3, extra;
	CUgraphExecUpdateResultInfo info;

	cuMemAlloc(&d, sizeof(int));
	out = (int *)(uintptr_t)d;
	memset(&k, 0, sizeof(k));
	k.func = f, k.gridDimX = k.gridDimY = k.gridDimZ = 1, k.blockDimX = k.blockDimY = k.blockDimZ = 1;
	k.kernelParams = args;
	cuGraphCreate(&g1, 0);
	TAP_CU(cuGraphAddKernelNode(&n1, g1, NULL, 0, &k), CUDA_SUCCESS);
	v = 2;
	cuGraphCreate(&g2, 0);
	TAP_CU(cuGraphAddKernelNode(&n2, g2, NULL, 0, &k), CUDA_SUCCESS);
	cuGraphCreate(&g3, 0);
	cuGraphAddKernelNode(&n3, g3, NULL, 0, &k);
	cuGraphAddEmptyNode(&extra, g3, &n3, 1);
	TAP_CU(cuGraphInstantiate(&e, g1, 0), CUDA_SUCCESS);
	memset(&info, 0xff, sizeof(info));
	TAP_CU(cuGraphExecUpdate(e, g2, &info), CUDA_SUCCESS);
	tap_ok(info.result == CU_GRAPH_EXEC_UPDATE_SUCCESS, "update result SUCCESS (%d)", (int)info.result);
	cuGraphLaunch(e, NULL);
	cuStreamSynchronize(NULL);
	cuMemcpyDtoH(&got, d, sizeof(got));
	tap_ok(got == 2, "the updated graph stores 2 (%d)", got);
	TAP_CU(cuGraphExecUpdate(e, g3, &info), CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE);
	tap_ok(info.result == CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED, "another topology: TOPOLOGY_CHANGED (%d)",
	       (int)info.result);
	cuGraphExecDestroy(e);
	cuGraphDestroy(g1);
	cuGraphDestroy(g2);
	cuGraphDestroy(g3);
	cuMemFree(d);
}

/* cuGraphAddNode: each type by its generic parameters, read back by the typed calls */
TAP_TEST(generic_params)
{
	CUfunction f = function_of((const void *)add_one);
	CUdeviceptr d = 0, freed = 0;
	int host[4] = { 0 }, calls = 0, n = 4, *dp;
	void *args[] = { &dp, &n };
	CUgraph g = NULL;
	CUgraphExec e = NULL;
	CUgraphNode set, k, h, alloc, fr, empty;
	CUgraphNodeParams p;
	CUDA_MEM_ALLOC_NODE_PARAMS ap;
	CUgraphConditionalHandle cond = 0;

	cuMemAlloc(&d, sizeof(host));
	dp = (int *)(uintptr_t)d;
	cuGraphCreate(&g, 0);
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_MEMSET;
	p.memset.dst = d, p.memset.value = 9, p.memset.elementSize = 4, p.memset.width = 4, p.memset.height = 1;
	TAP_CU(ADD_NODE(&set, g, NULL, 0, &p), CUDA_SUCCESS);
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_KERNEL;
	p.kernel.func = f, p.kernel.gridDimX = p.kernel.gridDimY = p.kernel.gridDimZ = 1;
	p.kernel.blockDimX = 32, p.kernel.blockDimY = p.kernel.blockDimZ = 1, p.kernel.kernelParams = args;
	TAP_CU(ADD_NODE(&k, g, &set, 1, &p), CUDA_SUCCESS);
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_HOST;
	p.host.fn = count_calls, p.host.userData = &calls;
	TAP_CU(ADD_NODE(&h, g, &k, 1, &p), CUDA_SUCCESS);
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_MEM_ALLOC;
	p.alloc.poolProps.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	p.alloc.poolProps.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	p.alloc.bytesize = 4096;
	TAP_CU(ADD_NODE(&alloc, g, NULL, 0, &p), CUDA_SUCCESS);
	tap_ok(p.alloc.dptr != 0, "allocation node: its address given back");
	TAP_CU(cuGraphMemAllocNodeGetParams(alloc, &ap), CUDA_SUCCESS);
	tap_ok(ap.bytesize == 4096 && ap.dptr == p.alloc.dptr, "allocation node parameters read back");
	memset(&p.free, 0, sizeof(p.free));
	freed = ap.dptr;
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_MEM_FREE;
	p.free.dptr = freed;
	TAP_CU(ADD_NODE(&fr, g, &alloc, 1, &p), CUDA_SUCCESS);
	{
		CUdeviceptr got = 0;

		TAP_CU(cuGraphMemFreeNodeGetParams(fr, &got), CUDA_SUCCESS);
		tap_ok(got == freed, "free node's address read back");
	}
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_EMPTY;
	TAP_CU(ADD_NODE(&empty, g, &h, 1, &p), CUDA_SUCCESS);
	p.reserved0[1] = 1;
	TAP_CU(ADD_NODE(&empty, g, NULL, 0, &p), CUDA_ERROR_INVALID_VALUE);
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_HOST;
	TAP_CU(cuGraphNodeSetParams(k, &p), CUDA_ERROR_INVALID_VALUE);
	p.host.fn = count_calls, p.host.userData = &calls;
	TAP_CU(cuGraphNodeSetParams(h, &p), CUDA_SUCCESS);
	TAP_CU(cuGraphConditionalHandleCreate(&cond, g, NULL, 1, CU_GRAPH_COND_ASSIGN_DEFAULT), CUDA_SUCCESS);
	{
		CUDA_GRAPH_INSTANTIATE_PARAMS ip;
		cuuint64_t flags = 99;

		memset(&ip, 0, sizeof(ip));
		TAP_CU(cuGraphInstantiateWithParams(&e, g, &ip), CUDA_SUCCESS);
		tap_ok(ip.result_out == CUDA_GRAPH_INSTANTIATE_SUCCESS, "instantiated with parameters: SUCCESS");
		TAP_CU(cuGraphExecGetFlags(e, &flags), CUDA_SUCCESS);
		tap_ok(flags == 0, "no instantiation flags");
	}
	TAP_CU(cuGraphLaunch(e, NULL), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	cuMemcpyDtoH(host, d, sizeof(host));
	tap_ok(host[0] == 10 && host[3] == 10 && calls == 1, "memset 9, add_one: 10 in every word; host node ran");
	cuGraphExecDestroy(e);
	cuGraphDestroy(g);
	cuMemFree(d);
}

static void CUDA_CB destroyed(void *data)
{
	(*(int *)data)++;
}

TAP_TEST(user_objects)
{
	CUuserObject o = NULL;
	CUgraph g = NULL;
	int gone = 0;

	TAP_CU(cuUserObjectCreate(&o, &gone, destroyed, 1, CU_USER_OBJECT_NO_DESTRUCTOR_SYNC), CUDA_SUCCESS);
	TAP_CU(cuUserObjectRetain(o, 2), CUDA_SUCCESS);
	TAP_CU(cuUserObjectRelease(o, 2), CUDA_SUCCESS);
	cuGraphCreate(&g, 0);
	TAP_CU(cuGraphRetainUserObject(g, o, 1, CU_GRAPH_USER_OBJECT_MOVE), CUDA_SUCCESS);
	tap_ok(gone == 0, "the graph holds the moved reference");
	TAP_CU(cuGraphReleaseUserObject(g, o, 2), CUDA_ERROR_INVALID_VALUE);
	cuGraphDestroy(g);
	tap_ok(gone == 1, "destroying the graph ran the destructor once (%d)", gone);
	TAP_CU(cuUserObjectCreate(&o, &gone, destroyed, 1, 0), CUDA_ERROR_INVALID_VALUE);
}

/* cuLaunchKernelEx with attributes; stream attributes; capture queries */
TAP_TEST(launch_ex_and_streams)
{
	CUfunction f = function_of((const void *)store);
	CUdeviceptr d = 0;
	int v = 17, *out, got = 0, size = 0;
	void *args[] = { &v, &out };
	CUlaunchConfig c;
	CUlaunchAttribute a[2];
	CUstream s = NULL;
	CUstreamAttrValue sv, sw;
	CUstreamCaptureStatus st;
	CUgraph g = NULL;
	cuuint64_t id = 0;
	const CUgraphNode *deps = NULL;
	size_t nd = 0;

	cuMemAlloc(&d, sizeof(int));
	out = (int *)(uintptr_t)d;
	memset(&c, 0, sizeof(c));
	memset(a, 0, sizeof(a));
	c.gridDimX = c.gridDimY = c.gridDimZ = 1, c.blockDimX = c.blockDimY = c.blockDimZ = 1;
	a[0].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE, a[0].value.cooperative = 1;
	a[1].id = CU_LAUNCH_ATTRIBUTE_PRIORITY, a[1].value.priority = 0;
	c.attrs = a, c.numAttrs = 2;
	TAP_CU(cuLaunchKernelEx(&c, f, args, NULL), CUDA_SUCCESS);
	cuCtxSynchronize();
	cuMemcpyDtoH(&got, d, sizeof(got));
	tap_ok(got == 17, "cuLaunchKernelEx stored 17 (%d)", got);
	a[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION, a[0].value.clusterDim.x = 2;
	a[0].value.clusterDim.y = a[0].value.clusterDim.z = 1;
	c.gridDimX = 2;
	TAP_CU(cuLaunchKernelEx(&c, f, args, NULL), CUDA_ERROR_NOT_SUPPORTED);
	TAP_CU(cuOccupancyMaxPotentialClusterSize(&size, f, &c), CUDA_SUCCESS);
	tap_ok(size == 1, "clusters of one block here (%d)", size);
	TAP_CU(cuLaunchKernelEx(NULL, f, args, NULL), CUDA_ERROR_INVALID_VALUE);

	TAP_CU(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
	memset(&sv, 0, sizeof(sv));
	sv.accessPolicyWindow.base_ptr = out, sv.accessPolicyWindow.num_bytes = sizeof(int);
	sv.accessPolicyWindow.hitRatio = 0.5f, sv.accessPolicyWindow.hitProp = CU_ACCESS_PROPERTY_PERSISTING;
	sv.accessPolicyWindow.missProp = CU_ACCESS_PROPERTY_STREAMING;
	TAP_CU(cuStreamSetAttribute(s, CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW, &sv), CUDA_SUCCESS);
	memset(&sw, 0, sizeof(sw));
	TAP_CU(cuStreamGetAttribute(s, CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW, &sw), CUDA_SUCCESS);
	tap_ok(sw.accessPolicyWindow.base_ptr == out && sw.accessPolicyWindow.hitRatio == 0.5f &&
		       sw.accessPolicyWindow.hitProp == CU_ACCESS_PROPERTY_PERSISTING,
	       "the access-policy window read back");

	TAP_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL), CUDA_SUCCESS);
	TAP_CU(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, args, NULL), CUDA_SUCCESS);
	TAP_CU(CAPTURE_INFO(s, &st, &id, &g, &deps, &nd), CUDA_SUCCESS);
	tap_ok(st == CU_STREAM_CAPTURE_STATUS_ACTIVE && g != NULL && nd == 1 && deps, "capturing: one node so far");
	TAP_CU(cuStreamEndCapture(s, &g), CUDA_SUCCESS);
	nd = 0;
	cuGraphGetNodes(g, NULL, &nd);
	tap_ok(nd == 1, "the captured graph has the launch");
	TAP_CU(CAPTURE_INFO(s, &st, NULL, NULL, NULL, NULL), CUDA_SUCCESS);
	tap_ok(st == CU_STREAM_CAPTURE_STATUS_NONE, "not capturing after the end");
	cuGraphDestroy(g);

	/* the runtime's capture errors as the driver's codes of the same numbers (were CUDA_ERROR_UNKNOWN) */
	TAP_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(s), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	g = NULL;
	TAP_CU(cuStreamEndCapture(s, &g), CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
	tap_ok(g == NULL, "no graph from an invalidated capture");
	{
		const char *name = NULL, *text = NULL;

		TAP_CU(cuGetErrorName(CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, &name), CUDA_SUCCESS);
		TAP_CU(cuGetErrorString(CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE, &text), CUDA_SUCCESS);
		tap_ok(name && !strcmp(name, "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED") && text && *text,
		       "every CUresult has its name and a description (%s)", text ? text : "none");
		TAP_CU(cuGetErrorName((CUresult)12345, &name), CUDA_ERROR_INVALID_VALUE);
	}
	cuStreamDestroy(s);
	cuMemFree(d);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
