// SPDX-License-Identifier: MIT
/*
 * test_graph.c - CUDA graphs, stream capture, host functions in streams
 * and graphs, pitched/3-D memory, CUDA arrays and memory pools of
 * lib/cudart: results
 * against values computed here, dependency order checked against the
 * edges the test itself declared, and CUDA's error codes on the error
 * paths.  Built as C, as C++, and (host and kernels) by nvcc -arch=sm_90 -c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "tap.h"

static dim3 d3(unsigned int x, unsigned int y, unsigned int z)
{
	dim3 d;

	d.x = x, d.y = y, d.z = z;
	return d;
}

/*
 * CUDA 13 added edge data to the dependency calls; programs pick the form
 * by CUDART_VERSION.  Our C build calls CUDA 12's C functions, our C++
 * build the CUDA 13 overloads of cuda_runtime.h, nvcc 13 its own.
 */
#if CUDART_VERSION >= 13000 || (defined(__cplusplus) && !defined(__CUDACC__))
#define ADD_DEPS(g, f, t, n) cudaGraphAddDependencies(g, f, t, NULL, n)
#define REMOVE_DEPS(g, f, t, n) cudaGraphRemoveDependencies(g, f, t, NULL, n)
#define GET_EDGES(g, f, t, n) cudaGraphGetEdges(g, f, t, NULL, n)
#define NODE_DEPS(x, d, n) cudaGraphNodeGetDependencies(x, d, NULL, n)
#define NODE_DEPENDENTS(x, d, n) cudaGraphNodeGetDependentNodes(x, d, NULL, n)
#define ADD_NODE(x, g, d, n, p) cudaGraphAddNode(x, g, d, NULL, n, p)
#else
#define ADD_DEPS(g, f, t, n) cudaGraphAddDependencies(g, f, t, n)
#define REMOVE_DEPS(g, f, t, n) cudaGraphRemoveDependencies(g, f, t, n)
#define GET_EDGES(g, f, t, n) cudaGraphGetEdges(g, f, t, n)
#define NODE_DEPS(x, d, n) cudaGraphNodeGetDependencies(x, d, n)
#define NODE_DEPENDENTS(x, d, n) cudaGraphNodeGetDependentNodes(x, d, n)
#define ADD_NODE(x, g, d, n, p) cudaGraphAddNode(x, g, d, n, p)
#endif

/* Empty kernel-node parameters (dim3 has constructors in C++: no memset). */
static struct cudaKernelNodeParams no_kernel(void)
{
	struct cudaKernelNodeParams kp;

	kp.func = NULL;
	kp.gridDim = d3(0, 0, 0);
	kp.blockDim = d3(0, 0, 0);
	kp.sharedMemBytes = 0;
	kp.kernelParams = NULL;
	kp.extra = NULL;
	return kp;
}

/* Host functions log their ids in run order. */
struct trace {
	int ids[64];
	int n;
};
struct step {
	struct trace *t;
	int id;
};

static void CUDART_CB log_step(void *arg)
{
	struct step *s = (struct step *)arg;

	s->t->ids[s->t->n++] = s->id;
}

static void CUDART_CB count_calls(void *arg)
{
	(*(int *)arg)++;
}

/* A copy of y[0..n) seen by a host node after the copy back. */
struct snapshot {
	const int *src;
	int sum, calls;
};

static void CUDART_CB sum_host(void *arg)
{
	struct snapshot *s = (struct snapshot *)arg;

	s->sum = 0;
	for (int i = 0; i < 256; i++)
		s->sum += s->src[i];
	s->calls++;
}

static void CUDART_CB stream_callback(cudaStream_t stream, cudaError_t status, void *arg)
{
	(void)stream;
	if (status == cudaSuccess)
		(*(int *)arg) += 10;
}

static int position(const struct trace *t, int id)
{
	for (int i = 0; i < t->n; i++)
		if (t->ids[i] == id)
			return i;
	return -1;
}

/* memset -> add_one -> add_one -> copy back -> host node (and an empty node). */
static void test_manual_graph(void)
{
	enum { N = 256 };
	int *d = NULL, *h = (int *)calloc(N, sizeof(int));
	struct snapshot snap = { h, 0, 0 };
	cudaGraph_t g;
	cudaGraphExec_t e;
	cudaGraphNode_t set, k1, k2, cp, host, empty, nodes[8];
	struct cudaMemsetParams mp;
	struct cudaKernelNodeParams kp;
	struct cudaHostNodeParams hp;
	enum cudaGraphNodeType type;
	cudaStream_t s;
	int n = N, ok = 1;
	void *args[2];
	size_t count = 0;

	cudaMalloc((void **)&d, N * sizeof(int));
	cudaStreamCreate(&s);
	TAP_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
	memset(&mp, 0, sizeof(mp));
	mp.dst = d, mp.value = 5, mp.elementSize = 4, mp.width = N, mp.height = 1;
	TAP_ERR(cudaGraphAddMemsetNode(&set, g, NULL, 0, &mp), cudaSuccess);
	args[0] = &d, args[1] = &n;
	kp = no_kernel();
	kp.func = (void *)add_one, kp.gridDim = d3(N / 64, 1, 1), kp.blockDim = d3(64, 1, 1);
	kp.kernelParams = args;
	TAP_ERR(cudaGraphAddKernelNode(&k1, g, &set, 1, &kp), cudaSuccess);
	TAP_ERR(cudaGraphAddKernelNode(&k2, g, &k1, 1, &kp), cudaSuccess);
	TAP_ERR(cudaGraphAddMemcpyNode1D(&cp, g, &k2, 1, h, d, N * sizeof(int), cudaMemcpyDeviceToHost),
		cudaSuccess);
	hp.fn = sum_host, hp.userData = &snap;
	TAP_ERR(cudaGraphAddHostNode(&host, g, &cp, 1, &hp), cudaSuccess);
	TAP_ERR(cudaGraphAddEmptyNode(&empty, g, &host, 1), cudaSuccess);
	TAP_ERR(cudaGraphGetNodes(g, NULL, &count), cudaSuccess);
	tap_ok(count == 6, "cudaGraphGetNodes counts 6 nodes (%zu)", count);
	count = 8;
	TAP_ERR(cudaGraphGetRootNodes(g, nodes, &count), cudaSuccess);
	tap_ok(count == 1 && nodes[0] == set && nodes[1] == NULL, "the memset node is the only root");
	TAP_ERR(cudaGraphNodeGetType(k2, &type), cudaSuccess);
	tap_ok(type == cudaGraphNodeTypeKernel, "cudaGraphNodeGetType: kernel");
	n = 0;	/* the node copied the arguments when it was made */
	tap_ok(snap.calls == 0 && h[0] == 0, "nothing runs before a launch");
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	for (int i = 0; i < N; i++)
		ok &= h[i] == 7;
	tap_ok(ok, "memset 5, two add_one, copy back: every element 7 after each launch");
	tap_ok(snap.calls == 2 && snap.sum == 7 * N, "the host node ran after the copy, once a launch");
	TAP_ERR(cudaGraphLaunch(e, 0), cudaSuccess);
	tap_ok(snap.calls == 3, "a launch on the legacy stream is complete when it returns");
	TAP_ERR(cudaGraphExecDestroy(e), cudaSuccess);
	TAP_ERR(cudaGraphDestroy(g), cudaSuccess);
	cudaStreamDestroy(s);
	cudaFree(d);
	free(h);
}

/* Six host nodes with edges declared here: the run order respects each. */
static void test_dependency_order(void)
{
	static const int edges[][2] = { { 0, 2 }, { 1, 2 }, { 2, 3 }, { 2, 4 }, { 3, 5 }, { 4, 5 },
					{ 1, 5 } };
	const int nedges = (int)(sizeof(edges) / sizeof(edges[0]));
	struct trace t;
	struct step steps[6];
	cudaGraphNode_t node[6], from[16], to[16], deps[4];
	struct cudaHostNodeParams hp;
	cudaGraph_t g;
	cudaGraphExec_t e;
	size_t count;
	int ok = 1;

	memset(&t, 0, sizeof(t));
	cudaGraphCreate(&g, 0);
	/* made in reverse so creation order is not a valid order by itself */
	for (int i = 5; i >= 0; i--) {
		steps[i].t = &t, steps[i].id = i;
		hp.fn = log_step, hp.userData = &steps[i];
		cudaGraphAddHostNode(&node[i], g, NULL, 0, &hp);
	}
	for (int i = 0; i < nedges; i++)
		from[i] = node[edges[i][0]], to[i] = node[edges[i][1]];
	TAP_ERR(ADD_DEPS(g, from, to, (size_t)nedges), cudaSuccess);
	TAP_ERR(ADD_DEPS(g, from, to, 1), cudaErrorInvalidValue);	/* exists */
	(void)cudaGetLastError();
	count = 0;
	TAP_ERR(GET_EDGES(g, NULL, NULL, &count), cudaSuccess);
	tap_ok(count == (size_t)nedges, "cudaGraphGetEdges counts %d edges (%zu)", nedges, count);
	count = 4;
	TAP_ERR(NODE_DEPS(node[5], deps, &count), cudaSuccess);
	tap_ok(count == 3, "node 5 depends on 3 nodes (%zu)", count);
	count = 0;
	TAP_ERR(NODE_DEPENDENTS(node[2], NULL, &count), cudaSuccess);
	tap_ok(count == 2, "node 2 has 2 dependents (%zu)", count);
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(e, 0), cudaSuccess);
	tap_ok(t.n == 6, "every node ran once (%d)", t.n);
	for (int i = 0; i < nedges; i++)
		ok &= position(&t, edges[i][0]) < position(&t, edges[i][1]);
	tap_ok(ok, "each node ran after every node it depends on");
	cudaGraphExecDestroy(e);

	/* remove 1 -> 5, add 5 -> 0: a cycle, refused at instantiation */
	TAP_ERR(REMOVE_DEPS(g, &node[1], &node[5], 1), cudaSuccess);
	TAP_ERR(REMOVE_DEPS(g, &node[1], &node[5], 1), cudaErrorInvalidValue);
	TAP_ERR(ADD_DEPS(g, &node[5], &node[0], 1), cudaSuccess);
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	cudaGraphDestroy(g);
}

/* saxpy's a changed in the executable graph, then a whole-graph update. */
static void test_exec_update(void)
{
	enum { N = 512 };
	float *x, *y, a = 2.0f;
	int n = N, ok = 1;
	void *args[4];
	struct cudaKernelNodeParams kp;
	cudaGraph_t g, g2, g3;
	cudaGraphNode_t k, k2, extra;
	cudaGraphExec_t e;
	cudaGraphExecUpdateResultInfo info;

	cudaMallocManaged((void **)&x, N * sizeof(float), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&y, N * sizeof(float), cudaMemAttachGlobal);
	for (int i = 0; i < N; i++)
		x[i] = (float)i, y[i] = 1.0f;
	args[0] = &n, args[1] = &a, args[2] = &x, args[3] = &y;
	kp = no_kernel();
	kp.func = (void *)saxpy, kp.gridDim = d3(N / 128, 1, 1), kp.blockDim = d3(128, 1, 1);
	kp.kernelParams = args;
	cudaGraphCreate(&g, 0);
	TAP_ERR(cudaGraphAddKernelNode(&k, g, NULL, 0, &kp), cudaSuccess);
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	a = 3.0f;
	TAP_ERR(cudaGraphExecKernelNodeSetParams(e, k, &kp), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(e, 0), cudaSuccess);
	for (int i = 0; i < N; i++)
		ok &= y[i] == 3.0f * (float)i + 1.0f;
	tap_ok(ok, "cudaGraphExecKernelNodeSetParams: the launch used a = 3");
	kp = no_kernel();
	TAP_ERR(cudaGraphKernelNodeGetParams(k, &kp), cudaSuccess);
	tap_ok(kp.func == (void *)saxpy && kp.blockDim.x == 128 && *(float *)kp.kernelParams[1] == 2.0f,
	       "the graph's own node keeps a = 2 (the exec has its copy)");

	/* same topology, a = 0.5: updated in place */
	cudaGraphCreate(&g2, 0);
	a = 0.5f;
	kp.kernelParams = args;
	cudaGraphAddKernelNode(&k2, g2, NULL, 0, &kp);
	TAP_ERR(cudaGraphExecUpdate(e, g2, &info), cudaSuccess);
	tap_ok(info.result == cudaGraphExecUpdateSuccess, "cudaGraphExecUpdate: success");
	for (int i = 0; i < N; i++)
		y[i] = 0.0f;
	cudaGraphLaunch(e, 0);
	ok = 1;
	for (int i = 0; i < N; i++)
		ok &= y[i] == 0.5f * (float)i;
	tap_ok(ok, "the updated exec ran with a = 0.5");

	/* another node: the topology changed */
	cudaGraphCreate(&g3, 0);
	cudaGraphAddKernelNode(&k2, g3, NULL, 0, &kp);
	cudaGraphAddEmptyNode(&extra, g3, &k2, 1);
	TAP_ERR(cudaGraphExecUpdate(e, g3, &info), cudaErrorGraphExecUpdateFailure);
	tap_ok(info.result == cudaGraphExecUpdateErrorTopologyChanged,
	       "cudaGraphExecUpdate: cudaGraphExecUpdateErrorTopologyChanged");
	(void)cudaGetLastError();
	TAP_ERR(cudaGraphExecKernelNodeSetParams(e, extra, &kp), cudaErrorInvalidValue);
	(void)cudaGetLastError();
#ifdef __cplusplus
	{
		/* CUDA 11's four-argument form, kept by cuda_runtime.h for C++ */
		cudaGraphNode_t bad = extra;
		enum cudaGraphExecUpdateResult res = cudaGraphExecUpdateSuccess;

		TAP_ERR(cudaGraphExecUpdate(e, g3, &bad, &res), cudaErrorGraphExecUpdateFailure);
		tap_ok(res == cudaGraphExecUpdateErrorTopologyChanged,
		       "cudaGraphExecUpdate(exec, graph, &node, &result): TopologyChanged");
		(void)cudaGetLastError();
		TAP_ERR(cudaGraphExecUpdate(e, g2, NULL, &res), cudaSuccess);
		tap_ok(res == cudaGraphExecUpdateSuccess,
		       "cudaGraphExecUpdate(exec, graph, NULL, &result): Success");
	}
#endif
	cudaGraphExecDestroy(e);
	cudaGraphDestroy(g);
	cudaGraphDestroy(g2);
	cudaGraphDestroy(g3);
	cudaFree(x);
	cudaFree(y);
}

/* <<<>>> launches, async copies and host functions captured from a stream. */
static void test_capture(void)
{
	enum { N = 1024 };
	int *d, *h, calls = 0, ok = 1;
	cudaStream_t s;
	cudaGraph_t g = NULL;
	cudaGraphExec_t e;
	enum cudaStreamCaptureStatus st = cudaStreamCaptureStatusInvalidated;
	unsigned long long id = 0;
	size_t count = 0;

	cudaMalloc((void **)&d, N * sizeof(int));
	cudaMallocHost((void **)&h, N * sizeof(int));
	memset(h, 0, N * sizeof(int));
	cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
	TAP_ERR(cudaStreamIsCapturing(s, &st), cudaSuccess);
	tap_ok(st == cudaStreamCaptureStatusNone, "a new stream is not capturing");
	TAP_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
	TAP_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaErrorIllegalState);
	(void)cudaGetLastError();
	TAP_ERR(cudaStreamGetCaptureInfo(s, &st, &id, NULL, NULL, NULL), cudaSuccess);
	tap_ok(st == cudaStreamCaptureStatusActive && id != 0, "cudaStreamGetCaptureInfo: active, id %llu",
	       id);
	TAP_ERR(cudaMemsetAsync(d, 0, N * sizeof(int), s), cudaSuccess);
	for (int r = 0; r < 3; r++)
		LAUNCH(add_one, N / 256, 256, 0, s, d, N);
	TAP_ERR(cudaGetLastError(), cudaSuccess);
	TAP_ERR(cudaMemcpyAsync(h, d, N * sizeof(int), cudaMemcpyDeviceToHost, s), cudaSuccess);
	TAP_ERR(cudaLaunchHostFunc(s, count_calls, &calls), cudaSuccess);
	TAP_ERR(cudaStreamEndCapture(s, &g), cudaSuccess);
	tap_ok(g != NULL && calls == 0 && h[0] == 0, "captured work did not run");
	TAP_ERR(cudaGraphGetNodes(g, NULL, &count), cudaSuccess);
	tap_ok(count == 6, "the capture made 6 nodes (%zu)", count);
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	for (int r = 0; r < 2; r++)
		TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	for (int i = 0; i < N; i++)
		ok &= h[i] == 3;
	tap_ok(ok && calls == 2, "two launches: memset, 3 kernels, copy, host function, in order");
	cudaGraphExecDestroy(e);
	cudaGraphDestroy(g);
	cudaStreamDestroy(s);
	cudaFree(d);
	cudaFreeHost(h);
}

/* Fork into a second stream by an event, join back: both branches in the graph. */
static void test_capture_fork_join(void)
{
	int *a, *b;
	cudaStream_t s1, s2;
	cudaEvent_t fork, join;
	cudaGraph_t g = NULL;
	cudaGraphExec_t e;
	size_t count = 0;

	cudaMallocManaged((void **)&a, sizeof(int), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&b, sizeof(int), cudaMemAttachGlobal);
	*a = *b = 0;
	cudaStreamCreate(&s1);
	cudaStreamCreate(&s2);
	cudaEventCreateWithFlags(&fork, cudaEventDisableTiming);
	cudaEventCreateWithFlags(&join, cudaEventDisableTiming);
	TAP_ERR(cudaStreamBeginCapture(s1, cudaStreamCaptureModeThreadLocal), cudaSuccess);
	TAP_ERR(cudaEventRecord(fork, s1), cudaSuccess);
	TAP_ERR(cudaStreamWaitEvent(s2, fork, 0), cudaSuccess);
	LAUNCH(store, 1, 1, 0, s1, 11, a);
	LAUNCH(store, 1, 1, 0, s2, 22, b);
	TAP_ERR(cudaEventRecord(join, s2), cudaSuccess);
	TAP_ERR(cudaEventQuery(join), cudaErrorCapturedEvent);
	(void)cudaGetLastError();
	TAP_ERR(cudaStreamWaitEvent(s1, join, 0), cudaSuccess);
	TAP_ERR(cudaStreamEndCapture(s1, &g), cudaSuccess);
	cudaGraphGetNodes(g, NULL, &count);
	tap_ok(count == 2 && *a == 0 && *b == 0, "fork/join capture: 2 nodes, nothing ran (%zu)", count);
	cudaGraphInstantiate(&e, g, 0);
	TAP_ERR(cudaGraphLaunch(e, s1), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s1), cudaSuccess);
	tap_ok(*a == 11 && *b == 22, "both branches ran (%d, %d)", *a, *b);
	cudaGraphExecDestroy(e);
	cudaGraphDestroy(g);

	/* fork without the join: cudaErrorStreamCaptureUnjoined */
	cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal);
	cudaEventRecord(fork, s1);
	cudaStreamWaitEvent(s2, fork, 0);
	LAUNCH(store, 1, 1, 0, s2, 33, b);
	TAP_ERR(cudaStreamEndCapture(s1, &g), cudaErrorStreamCaptureUnjoined);
	tap_ok(g == NULL, "an unjoined capture gives no graph");
	(void)cudaGetLastError();
	TAP_ERR(cudaStreamIsCapturing(s2, NULL), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	/*
	 * Regression (NVIDIA's graphMemoryNodes sample): a stream made during
	 * the capture, forked, joined back, then destroyed before the end; the
	 * capture stays valid (was cudaErrorStreamCaptureInvalidated).  One
	 * destroyed with work nobody joined invalidates it.
	 */
	{
		cudaStream_t s3;

		*a = *b = 0;
		TAP_ERR(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal), cudaSuccess);
		TAP_ERR(cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking), cudaSuccess);
		cudaEventRecord(fork, s1);
		cudaStreamWaitEvent(s3, fork, 0);
		LAUNCH(store, 1, 1, 0, s3, 44, b);
		cudaEventRecord(join, s3);
		cudaStreamWaitEvent(s1, join, 0);
		TAP_ERR(cudaStreamDestroy(s3), cudaSuccess);
		LAUNCH(store, 1, 1, 0, s1, 55, a);
		g = NULL;
		TAP_ERR(cudaStreamEndCapture(s1, &g), cudaSuccess);
		TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
		TAP_ERR(cudaGraphLaunch(e, s1), cudaSuccess);
		TAP_ERR(cudaStreamSynchronize(s1), cudaSuccess);
		tap_ok(*a == 55 && *b == 44, "a joined forked stream destroyed during capture: both nodes ran (%d, %d)", *a,
		       *b);
		cudaGraphExecDestroy(e);
		cudaGraphDestroy(g);

		TAP_ERR(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal), cudaSuccess);
		TAP_ERR(cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking), cudaSuccess);
		cudaEventRecord(fork, s1);
		cudaStreamWaitEvent(s3, fork, 0);
		LAUNCH(store, 1, 1, 0, s3, 66, b);
		TAP_ERR(cudaStreamDestroy(s3), cudaSuccess);
		g = NULL;
		TAP_ERR(cudaStreamEndCapture(s1, &g), cudaErrorStreamCaptureInvalidated);
		tap_ok(g == NULL, "an unjoined forked stream destroyed: the capture is invalidated, no graph");
		(void)cudaGetLastError();
	}
	cudaEventDestroy(fork);
	cudaEventDestroy(join);
	cudaStreamDestroy(s1);
	cudaStreamDestroy(s2);
	cudaFree(a);
	cudaFree(b);
}

static void test_capture_errors(void)
{
	cudaStream_t s, nb;
	cudaGraph_t g = NULL;
	enum cudaStreamCaptureStatus st;
	int cb = 0;

	cudaStreamCreate(&s);
	cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking);
	TAP_ERR(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal), cudaErrorStreamCaptureUnsupported);
	TAP_ERR(cudaStreamEndCapture(s, &g), cudaErrorIllegalState);
	(void)cudaGetLastError();

	/* a synchronization inside the capture invalidates it */
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	TAP_ERR(cudaStreamSynchronize(s), cudaErrorStreamCaptureUnsupported);
	TAP_ERR(cudaStreamIsCapturing(s, &st), cudaSuccess);
	tap_ok(st == cudaStreamCaptureStatusInvalidated, "the capture is invalidated");
	TAP_ERR(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
	tap_ok(g == NULL, "an invalidated capture gives no graph");

	/* a capture's own graph must be taken; it goes on after a NULL */
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	TAP_ERR(cudaStreamEndCapture(s, NULL), cudaErrorInvalidValue);
	TAP_ERR(cudaStreamEndCapture(s, &g), cudaSuccess);
	cudaGraphDestroy(g);
	g = NULL;

	/* the legacy stream waits for blocking streams: not while one captures */
	cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed);
	TAP_ERR(cudaMemset(&cb, 0, sizeof(cb)), cudaErrorStreamCaptureImplicit);
	TAP_ERR(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
	(void)cudaGetLastError();

	/* a non-blocking stream's capture does not stop the legacy stream */
	cudaStreamBeginCapture(nb, cudaStreamCaptureModeRelaxed);
	TAP_ERR(cudaMemset(&cb, 0, sizeof(cb)), cudaSuccess);
	TAP_ERR(cudaStreamEndCapture(nb, &g), cudaSuccess);
	tap_ok(g != NULL, "an empty capture gives an empty graph");
	cudaGraphDestroy(g);

	/* stream callbacks still run outside captures, in order */
	TAP_ERR(cudaStreamAddCallback(s, stream_callback, &cb, 0), cudaSuccess);
	TAP_ERR(cudaLaunchHostFunc(s, count_calls, &cb), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(cb == 11, "cudaStreamAddCallback then cudaLaunchHostFunc ran in order (%d)", cb);
	TAP_ERR(cudaStreamAddCallback(s, stream_callback, &cb, 1), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	cudaStreamDestroy(s);
	cudaStreamDestroy(nb);
}

static void test_graph_errors(void)
{
	cudaGraph_t g, other;
	cudaGraphNode_t n, foreign;
	struct cudaKernelNodeParams kp;
	struct cudaMemsetParams mp;
	int *d;

	cudaMalloc((void **)&d, 64);
	cudaGraphCreate(&g, 0);
	cudaGraphCreate(&other, 0);
	cudaGraphAddEmptyNode(&foreign, other, NULL, 0);
	TAP_ERR(cudaGraphCreate(&g, 1), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphAddEmptyNode(&n, g, &foreign, 1), cudaErrorInvalidValue);
	kp = no_kernel();
	kp.func = (void *)test_graph_errors, kp.gridDim = d3(1, 1, 1), kp.blockDim = d3(1, 1, 1);
	TAP_ERR(cudaGraphAddKernelNode(&n, g, NULL, 0, &kp), cudaErrorInvalidDeviceFunction);
	kp.func = (void *)add_one, kp.blockDim = d3(2048, 1, 1);
	TAP_ERR(cudaGraphAddKernelNode(&n, g, NULL, 0, &kp), cudaErrorInvalidConfiguration);
	memset(&mp, 0, sizeof(mp));
	mp.dst = d, mp.elementSize = 3, mp.width = 4, mp.height = 1;
	TAP_ERR(cudaGraphAddMemsetNode(&n, g, NULL, 0, &mp), cudaErrorInvalidValue);
	mp.elementSize = 4, mp.width = 65;	/* past the 64-byte allocation's 256-byte rounding */
	TAP_ERR(cudaGraphAddMemsetNode(&n, g, NULL, 0, &mp), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphAddHostNode(&n, g, NULL, 0, NULL), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphLaunch(NULL, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphInstantiate(NULL, g, 0), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	cudaGraphDestroy(g);
	cudaGraphDestroy(other);
	cudaFree(d);
}

/* 2-D and 3-D pitched copies and sets, CUDA arrays, against plain loops. */
static void test_pitched(void)
{
	enum { W = 37, H = 11, D = 5 };
	struct cudaChannelFormatDesc desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
	float host[H][W], back[H][W + 3];
	unsigned char cube[D][H][W], cube_back[D][H][W];
	struct cudaPitchedPtr pp;
	struct cudaMemcpy3DParms p;
	struct cudaExtent ext;
	cudaArray_t arr;
	int ok = 1, ok2 = 1;

	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			host[y][x] = (float)(y * 100 + x);
	memset(back, 0, sizeof(back));
	TAP_ERR(cudaMallocArray(&arr, &desc, W, H, 0), cudaSuccess);
	TAP_ERR(cudaMemcpy2DToArray(arr, 0, 0, host, sizeof(host[0]), W * sizeof(float), H,
				    cudaMemcpyHostToDevice), cudaSuccess);
	/* rows 2..H-1, columns 3..W-1 back into a wider buffer */
	TAP_ERR(cudaMemcpy2DFromArray(back, sizeof(back[0]), arr, 3 * sizeof(float), 2,
				      (W - 3) * sizeof(float), H - 2, cudaMemcpyDeviceToHost), cudaSuccess);
	for (int y = 0; y < H - 2; y++)
		for (int x = 0; x < W - 3; x++)
			ok &= back[y][x] == (float)((y + 2) * 100 + x + 3);
	tap_ok(ok, "cudaMemcpy2DToArray, then a sub-rectangle by cudaMemcpy2DFromArray");
	TAP_ERR(cudaMemcpy2DFromArray(back, sizeof(back[0]), arr, 0, 1, W * sizeof(float), H,
				      cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	ext.width = ext.height = ext.depth = 99;
	TAP_ERR(cudaArrayGetInfo(NULL, &ext, NULL, arr), cudaSuccess);
	tap_ok(ext.width == W && ext.height == H && ext.depth == 0, "cudaArrayGetInfo: W x H x 0");
	TAP_ERR(cudaFreeArray(arr), cudaSuccess);

	/* 3-D: host cube -> pitched device -> host, set a slab in between */
	for (int z = 0; z < D; z++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				cube[z][y][x] = (unsigned char)(z * 31 + y * 7 + x);
	ext = make_cudaExtent(W, H, D);
	TAP_ERR(cudaMalloc3D(&pp, ext), cudaSuccess);
	tap_ok(pp.pitch >= W && pp.pitch % 256 == 0 && pp.xsize == W && pp.ysize == H,
	       "cudaMalloc3D: pitch %zu", pp.pitch);
	memset(&p, 0, sizeof(p));
	p.srcPtr = make_cudaPitchedPtr(cube, W, W, H);
	p.dstPtr = pp;
	p.extent = ext;
	p.kind = cudaMemcpyHostToDevice;
	TAP_ERR(cudaMemcpy3D(&p), cudaSuccess);
	ext = make_cudaExtent(4, 2, 3);		/* bytes x rows x slices at (1, 1, 1) */
	pp.ptr = (char *)pp.ptr + pp.pitch * H + pp.pitch + 1;
	TAP_ERR(cudaMemset3D(pp, 0xee, ext), cudaSuccess);
	pp.ptr = (char *)pp.ptr - pp.pitch * H - pp.pitch - 1;
	memset(&p, 0, sizeof(p));
	p.srcPtr = pp;
	p.dstPtr = make_cudaPitchedPtr(cube_back, W, W, H);
	p.extent = make_cudaExtent(W, H, D);
	p.kind = cudaMemcpyDeviceToHost;
	TAP_ERR(cudaMemcpy3D(&p), cudaSuccess);
	for (int z = 0; z < D; z++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++) {
				int slab = z >= 1 && z < 4 && y >= 1 && y < 3 && x >= 1 && x < 5;

				ok2 &= cube_back[z][y][x] ==
				       (slab ? 0xee : (unsigned char)(z * 31 + y * 7 + x));
			}
	tap_ok(ok2, "cudaMemcpy3D there and back, cudaMemset3D of a slab in between");
	p.extent.depth = D + 1;
	TAP_ERR(cudaMemcpy3D(&p), cudaErrorInvalidValue);	/* past the allocation */
	(void)cudaGetLastError();
	cudaFree(pp.ptr);
}

static unsigned long long pool_attr(cudaMemPool_t pool, enum cudaMemPoolAttr attr)
{
	unsigned long long v = 12345;

	cudaMemPoolGetAttribute(pool, attr, &v);
	return v;
}

/* cudaMallocAsync's pools: accounting, attributes, limits, the current pool. */
static void test_pools(void)
{
	cudaMemPool_t def, cur, pool;
	struct cudaMemPoolProps props;
	struct cudaMemAccessDesc access;
	struct cudaMemLocation loc;
	enum cudaMemAccessFlags flags;
	unsigned long long v = 0;
	int *p = NULL, *q = NULL, *r = NULL, n = 1000, reuse = 0;
	cudaStream_t s;

	cudaStreamCreate(&s);
	TAP_ERR(cudaDeviceGetDefaultMemPool(&def, 0), cudaSuccess);
	TAP_ERR(cudaDeviceGetMemPool(&cur, 0), cudaSuccess);
	tap_ok(def == cur, "the current pool is the default one");
	TAP_ERR(cudaDeviceGetDefaultMemPool(&def, 1), cudaErrorInvalidDevice);
	(void)cudaGetLastError();
	TAP_ERR(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &v), cudaSuccess);
	TAP_ERR(cudaMallocAsync((void **)&p, n * sizeof(int), s), cudaSuccess);
	tap_ok(pool_attr(def, cudaMemPoolAttrUsedMemCurrent) == n * sizeof(int) &&
	       pool_attr(def, cudaMemPoolAttrReservedMemCurrent) == n * sizeof(int),
	       "used and reserved: the 4000 bytes allocated");
	TAP_ERR(cudaMemsetAsync(p, 0, n * sizeof(int), s), cudaSuccess);
	LAUNCH(add_one, (n + 127) / 128, 128, 0, s, p, n);
	TAP_ERR(cudaFreeAsync(p, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(pool_attr(def, cudaMemPoolAttrUsedMemCurrent) == 0 &&
	       pool_attr(def, cudaMemPoolAttrUsedMemHigh) == n * sizeof(int),
	       "freed: nothing used, the high mark stays");
	v = 0;
	TAP_ERR(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &v), cudaSuccess);
	tap_ok(pool_attr(def, cudaMemPoolAttrUsedMemHigh) == 0, "the high mark reset to 0");
	v = 5;
	TAP_ERR(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &v), cudaErrorInvalidValue);
	TAP_ERR(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemCurrent, &v), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	v = ~0ull;
	TAP_ERR(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &v), cudaSuccess);
	tap_ok(pool_attr(def, cudaMemPoolAttrReleaseThreshold) == ~0ull, "release threshold kept");
	TAP_ERR(cudaMemPoolGetAttribute(def, cudaMemPoolReuseAllowOpportunistic, &reuse), cudaSuccess);
	tap_ok(reuse == 1, "reuse flags default to 1");
	TAP_ERR(cudaMemPoolTrimTo(def, 0), cudaSuccess);

	memset(&props, 0, sizeof(props));
	props.allocType = cudaMemAllocationTypePinned;
	props.location.type = cudaMemLocationTypeDevice;
	props.location.id = 0;
	props.maxSize = 4096;
	TAP_ERR(cudaMemPoolCreate(&pool, &props), cudaSuccess);
	TAP_ERR(cudaMallocFromPoolAsync((void **)&q, 3000, pool, s), cudaSuccess);
	TAP_ERR(cudaMallocFromPoolAsync((void **)&r, 2000, pool, s), cudaErrorMemoryAllocation);
	(void)cudaGetLastError();
	TAP_ERR(cudaDeviceSetMemPool(0, pool), cudaSuccess);
	TAP_ERR(cudaMallocAsync((void **)&r, 1000, s), cudaSuccess);
	tap_ok(pool_attr(pool, cudaMemPoolAttrUsedMemCurrent) == 4000 &&
	       pool_attr(def, cudaMemPoolAttrUsedMemCurrent) == 0,
	       "cudaMallocAsync takes from the current pool");
	access.location = props.location;
	access.flags = cudaMemAccessFlagsProtReadWrite;
	TAP_ERR(cudaMemPoolSetAccess(pool, &access, 1), cudaSuccess);
	loc = props.location;
	TAP_ERR(cudaMemPoolGetAccess(&flags, pool, &loc), cudaSuccess);
	tap_ok(flags == cudaMemAccessFlagsProtReadWrite, "the device reads and writes the pool");
	TAP_ERR(cudaMemPoolDestroy(pool), cudaSuccess);	/* deferred: allocations left */
	TAP_ERR(cudaDeviceGetMemPool(&cur, 0), cudaSuccess);
	tap_ok(cur == def, "destroying the current pool makes the default current again");
	TAP_ERR(cudaFreeAsync(q, s), cudaSuccess);
	TAP_ERR(cudaFreeAsync(r, s), cudaSuccess);
	TAP_ERR(cudaMemPoolDestroy(def), cudaErrorInvalidValue);
	props.handleTypes = cudaMemHandleTypePosixFileDescriptor;
	TAP_ERR(cudaMemPoolCreate(&pool, &props), cudaErrorNotSupported);
	props.handleTypes = cudaMemHandleTypeNone;
	props.allocType = cudaMemAllocationTypeInvalid;
	TAP_ERR(cudaMemPoolCreate(&pool, &props), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	cudaStreamDestroy(s);
}

/* Graph memory: allocation and free nodes, made by hand and by capturing cudaMallocAsync/cudaFreeAsync. */
static uint64_t graph_mem_used(void)
{
	uint64_t v = 0;

	cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &v);
	return v;
}

static struct cudaMemAllocNodeParams alloc_params(size_t bytes)
{
	struct cudaMemAllocNodeParams p;

	memset(&p, 0, sizeof(p));
	p.poolProps.allocType = cudaMemAllocationTypePinned;
	p.poolProps.location.type = cudaMemLocationTypeDevice;
	p.poolProps.location.id = 0;
	p.bytesize = bytes;
	return p;
}

static void test_graph_memory(void)
{
	enum { N = 512 };
	struct cudaMemAllocNodeParams p = alloc_params(N * sizeof(int)), back;
	struct cudaMemsetParams ms;
	cudaGraphNode_t alloc, set, copy, fr, nodes[8];
	enum cudaGraphNodeType types[8];
	cudaGraph_t g = NULL, cg = NULL;
	cudaGraphExec_t e, ce;
	cudaStream_t s;
	uint64_t base = graph_mem_used(), high = 0;
	int *h, *plain = NULL, *gp = NULL, ok = 1;
	void *freed = NULL;
	size_t count = 8;

	cudaMallocHost((void **)&h, N * sizeof(int));
	cudaMalloc((void **)&plain, 16);
	cudaStreamCreate(&s);
	cudaGraphCreate(&g, 0);
	TAP_ERR(cudaGraphAddMemAllocNode(&alloc, g, NULL, 0, &p), cudaSuccess);
	tap_diag("the allocation node's memory: %p", p.dptr);
	tap_ok(p.dptr != NULL && graph_mem_used() == base,
	       "an allocation node has its address when made, counted from its first launch");
	memset(&ms, 0, sizeof(ms));
	ms.dst = p.dptr;
	ms.value = 7;
	ms.elementSize = 4;
	ms.width = N;
	ms.height = 1;
	TAP_ERR(cudaGraphAddMemsetNode(&set, g, &alloc, 1, &ms), cudaSuccess);
	TAP_ERR(cudaGraphAddMemcpyNode1D(&copy, g, &set, 1, h, p.dptr, N * sizeof(int),
					 cudaMemcpyDeviceToHost), cudaSuccess);
	TAP_ERR(cudaGraphAddMemFreeNode(&fr, g, &copy, 1, p.dptr), cudaSuccess);
	TAP_ERR(cudaGraphMemAllocNodeGetParams(alloc, &back), cudaSuccess);
	TAP_ERR(cudaGraphMemFreeNodeGetParams(fr, &freed), cudaSuccess);
	tap_ok(back.dptr == p.dptr && back.bytesize == N * sizeof(int) && freed == p.dptr,
	       "the nodes report their allocation");
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	TAP_ERR(cudaGraphDestroy(g), cudaSuccess);
	for (int r = 0; r < 2; r++) {
		memset(h, 0, N * sizeof(int));
		TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
		TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
		for (int i = 0; i < N; i++)
			ok &= h[i] == 7;
	}
	tap_ok(ok, "alloc -> memset -> copy -> free, launched twice");
	tap_ok(graph_mem_used() == base + N * sizeof(int), "launched: the freed memory stays cached for the graph");
	TAP_ERR(cudaDeviceGraphMemTrim(0), cudaSuccess);
	tap_ok(graph_mem_used() == base, "a trim gives it back");
	memset(h, 0, N * sizeof(int));
	TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	ok = 1;
	for (int i = 0; i < N; i++)
		ok &= h[i] == 7;
	tap_ok(ok && graph_mem_used() == base + N * sizeof(int), "launched again after the trim: same address, counted");
	TAP_ERR(cudaGraphExecDestroy(e), cudaSuccess);
	tap_ok(graph_mem_used() == base, "and frees it when the last holder goes");

	/* errors */
	TAP_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
	TAP_ERR(cudaGraphAddMemAllocNode(&alloc, g, NULL, 0, NULL), cudaErrorInvalidValue);
	p = alloc_params(0);
	TAP_ERR(cudaGraphAddMemAllocNode(&alloc, g, NULL, 0, &p), cudaErrorInvalidValue);
	p = alloc_params(64);
	p.poolProps.allocType = cudaMemAllocationTypeManaged;
	TAP_ERR(cudaGraphAddMemAllocNode(&alloc, g, NULL, 0, &p), cudaErrorInvalidValue);
	p = alloc_params(64);
	p.poolProps.location.id = 1;
	TAP_ERR(cudaGraphAddMemAllocNode(&alloc, g, NULL, 0, &p), cudaErrorInvalidDevice);
	TAP_ERR(cudaGraphAddMemFreeNode(&fr, g, NULL, 0, plain), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphAddEmptyNode(&set, g, NULL, 0), cudaSuccess);
	TAP_ERR(cudaGraphMemAllocNodeGetParams(set, &back), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphMemFreeNodeGetParams(set, &freed), cudaErrorInvalidValue);
	TAP_ERR(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &high),
		cudaErrorInvalidValue);
	TAP_ERR(cudaDeviceGetGraphMemAttribute(1, cudaGraphMemAttrUsedMemHigh, &high), cudaErrorInvalidDevice);
	TAP_ERR(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &high), cudaSuccess);
	TAP_ERR(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &high), cudaSuccess);
	tap_ok(high == base, "the high mark reset to 0 restarts from what is in use (%llu)",
	       (unsigned long long)high);
	TAP_ERR(cudaDeviceGraphMemTrim(0), cudaSuccess);
	(void)cudaGetLastError();
	cudaGraphDestroy(g);

	/* captured: cudaMallocAsync and cudaFreeAsync become the nodes */
	TAP_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
	TAP_ERR(cudaMallocAsync((void **)&gp, N * sizeof(int), s), cudaSuccess);
	TAP_ERR(cudaMemsetAsync(gp, 0, N * sizeof(int), s), cudaSuccess);
	LAUNCH(add_one, N / 128, 128, 0, s, gp, N);
	TAP_ERR(cudaMemcpyAsync(h, gp, N * sizeof(int), cudaMemcpyDeviceToHost, s), cudaSuccess);
	TAP_ERR(cudaFreeAsync(plain, s), cudaErrorInvalidValue);
	TAP_ERR(cudaFreeAsync(gp, s), cudaSuccess);
	TAP_ERR(cudaStreamEndCapture(s, &cg), cudaSuccess);
	TAP_ERR(cudaGraphGetNodes(cg, nodes, &count), cudaSuccess);
	for (size_t i = 0; i < count; i++)
		cudaGraphNodeGetType(nodes[i], &types[i]);
	tap_ok(count == 5 && types[0] == cudaGraphNodeTypeMemAlloc && types[1] == cudaGraphNodeTypeMemset &&
		       types[2] == cudaGraphNodeTypeKernel && types[3] == cudaGraphNodeTypeMemcpy &&
		       types[4] == cudaGraphNodeTypeMemFree,
	       "the capture made alloc, memset, kernel, copy, free nodes (%zu)", count);
	TAP_ERR(cudaGraphInstantiate(&ce, cg, 0), cudaSuccess);
	/* CUDA allows freeing graph memory outside the graph: it stays the graph's here */
	TAP_ERR(cudaFree(gp), cudaSuccess);
	ok = 1;
	for (int r = 0; r < 2; r++) {
		memset(h, 0, N * sizeof(int));
		TAP_ERR(cudaGraphLaunch(ce, s), cudaSuccess);
		TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
		for (int i = 0; i < N; i++)
			ok &= h[i] == 1;
	}
	tap_ok(ok, "the captured graph runs twice");
	cudaGraphExecDestroy(ce);
	cudaGraphDestroy(cg);
	tap_ok(graph_mem_used() == base, "no graph memory left");
	cudaStreamDestroy(s);
	cudaFree(plain);
	cudaFreeHost(h);
}

/*
 * Regression: cudaDeviceReset while a capture was active (a forked stream
 * and captured nodes) stopped the streams but kept the capture's graph:
 * LeakSanitizer of the ASan build reported it.  Runs last (reset ends all).
 */
static void test_reset_during_capture(void)
{
	cudaStream_t s, fork;
	cudaEvent_t e;
	cudaGraph_t g = NULL;
	enum cudaStreamCaptureStatus st;
	int *d = NULL;

	cudaMalloc((void **)&d, 64 * sizeof(int));
	cudaStreamCreate(&s);
	cudaStreamCreate(&fork);
	cudaEventCreate(&e);
	TAP_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
	cudaMemsetAsync(d, 0, 64 * sizeof(int), s);
	cudaEventRecord(e, s);
	cudaStreamWaitEvent(fork, e, 0);
	cudaMemsetAsync(d + 32, 1, 32 * sizeof(int), fork);
	TAP_ERR(cudaDeviceReset(), cudaSuccess);

	/* a fresh context: streams capture again from scratch */
	cudaStreamCreate(&s);
	TAP_ERR(cudaStreamIsCapturing(s, &st), cudaSuccess);
	tap_ok(st == cudaStreamCaptureStatusNone, "after the reset a new stream is not capturing");
	TAP_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
	TAP_ERR(cudaStreamEndCapture(s, &g), cudaSuccess);
	tap_ok(g != NULL, "and a capture after the reset gives a graph");
	cudaGraphDestroy(g);
	cudaStreamDestroy(s);
}

/* The programming guide's user-object pattern: an object whose destructor the last holder runs. */
struct owned_buffer {
	int *dev;
	int destroyed;
};

static void CUDART_CB destroy_buffer(void *arg)
{
	struct owned_buffer *b = (struct owned_buffer *)arg;

	cudaFree(b->dev);	/* the guide forbids CUDA calls here; freeing memory is ours to do */
	b->dev = NULL;
	b->destroyed++;
}

static void test_user_objects(void)
{
	enum { N = 512 };
	struct owned_buffer buf = { NULL, 0 };
	struct cudaKernelNodeParams kp;
	cudaUserObject_t obj, other;
	cudaGraph_t g, clone;
	cudaGraphExec_t e;
	cudaGraphNode_t k;
	cudaStream_t s;
	int n = N, *h = (int *)calloc(N, sizeof(int)), ok = 1, calls = 0;
	void *args[2];

	cudaStreamCreate(&s);
	cudaMalloc((void **)&buf.dev, N * sizeof(int));
	cudaMemset(buf.dev, 0, N * sizeof(int));
	cudaGraphCreate(&g, 0);
	args[0] = &buf.dev, args[1] = &n;
	kp = no_kernel();
	kp.func = (void *)add_one, kp.gridDim = d3(N / 128, 1, 1), kp.blockDim = d3(128, 1, 1);
	kp.kernelParams = args;
	cudaGraphAddKernelNode(&k, g, NULL, 0, &kp);
	TAP_ERR(cudaUserObjectCreate(&obj, &buf, destroy_buffer, 1, cudaUserObjectNoDestructorSync),
		cudaSuccess);
	TAP_ERR(cudaGraphRetainUserObject(g, obj, 1, cudaGraphUserObjectMove), cudaSuccess);
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	TAP_ERR(cudaGraphClone(&clone, g), cudaSuccess);
	TAP_ERR(cudaGraphDestroy(g), cudaSuccess);
	tap_ok(buf.destroyed == 0, "the graph's reference moved in; its clone and the exec still hold it");
	TAP_ERR(cudaGraphDestroy(clone), cudaSuccess);
	tap_ok(buf.destroyed == 0, "the executable graph still holds it");
	TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
	cudaMemcpyAsync(h, buf.dev, N * sizeof(int), cudaMemcpyDeviceToHost, s);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	for (int i = 0; i < N; i++)
		ok &= h[i] == 2;
	tap_ok(ok, "two launches of the exec: every element 2");
	TAP_ERR(cudaGraphExecDestroy(e), cudaSuccess);
	tap_ok(buf.destroyed == 1 && buf.dev == NULL, "the destructor ran once, when the exec went");

	/* counts held by the program */
	TAP_ERR(cudaUserObjectCreate(&other, &calls, count_calls, 2, cudaUserObjectNoDestructorSync),
		cudaSuccess);
	TAP_ERR(cudaUserObjectRetain(other, 3), cudaSuccess);
	TAP_ERR(cudaUserObjectRelease(other, 4), cudaSuccess);
	tap_ok(calls == 0, "2 + 3 - 4 references: alive");
	cudaGraphCreate(&g, 0);
	TAP_ERR(cudaGraphRetainUserObject(g, other, 2, 0), cudaSuccess);
	TAP_ERR(cudaGraphReleaseUserObject(g, other, 3), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphReleaseUserObject(g, other, 1), cudaSuccess);
	TAP_ERR(cudaUserObjectRelease(other, 1), cudaSuccess);
	tap_ok(calls == 0, "the graph's last reference keeps it");
	TAP_ERR(cudaGraphDestroy(g), cudaSuccess);
	tap_ok(calls == 1, "destroying the graph ran the destructor");
	TAP_ERR(cudaUserObjectCreate(&other, &calls, count_calls, 1, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaUserObjectCreate(&other, &calls, NULL, 1, cudaUserObjectNoDestructorSync),
		cudaErrorInvalidValue);
	TAP_ERR(cudaUserObjectCreate(&other, &calls, count_calls, 0, cudaUserObjectNoDestructorSync),
		cudaErrorInvalidValue);
	(void)cudaGetLastError();
	cudaStreamDestroy(s);
	free(h);
}

/* Kernel node attributes: kept, read back, copied and cloned; Cooperative runs cooperatively. */
static void test_kernel_node_attributes(void)
{
	enum { N = 256 };
	struct cudaKernelNodeParams kp;
	cudaLaunchAttributeValue v, out;
	cudaGraphNode_t k1, k2, host, in_clone;
	struct cudaHostNodeParams hp;
	cudaGraph_t g, clone;
	cudaGraphExec_t e;
	int *d = NULL, *h = (int *)calloc(N, sizeof(int)), n = N, ok = 1, calls = 0;
	void *args[2];

	cudaMalloc((void **)&d, N * sizeof(int));
	cudaMemset(d, 0, N * sizeof(int));
	cudaGraphCreate(&g, 0);
	args[0] = &d, args[1] = &n;
	kp = no_kernel();
	kp.func = (void *)add_one, kp.gridDim = d3(1, 1, 1), kp.blockDim = d3(N, 1, 1);
	kp.kernelParams = args;
	cudaGraphAddKernelNode(&k1, g, NULL, 0, &kp);
	cudaGraphAddKernelNode(&k2, g, &k1, 1, &kp);
	hp.fn = count_calls, hp.userData = &calls;
	cudaGraphAddHostNode(&host, g, &k2, 1, &hp);
	memset(&v, 0, sizeof(v));
	v.priority = 3;
	TAP_ERR(cudaGraphKernelNodeSetAttribute(k1, cudaKernelNodeAttributePriority, &v), cudaSuccess);
	memset(&v, 0, sizeof(v));
	v.accessPolicyWindow.base_ptr = d;
	v.accessPolicyWindow.num_bytes = N * sizeof(int);
	v.accessPolicyWindow.hitRatio = 1.0f;
	v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
	TAP_ERR(cudaGraphKernelNodeSetAttribute(k1, cudaKernelNodeAttributeAccessPolicyWindow, &v),
		cudaSuccess);
	memset(&v, 0, sizeof(v));
	v.cooperative = 1;
	TAP_ERR(cudaGraphKernelNodeSetAttribute(k1, cudaKernelNodeAttributeCooperative, &v), cudaSuccess);
	memset(&out, 0, sizeof(out));
	TAP_ERR(cudaGraphKernelNodeGetAttribute(k1, cudaKernelNodeAttributePriority, &out), cudaSuccess);
	tap_ok(out.priority == 3, "a kernel node's priority reads back (%d)", out.priority);
	TAP_ERR(cudaGraphKernelNodeGetAttribute(k2, cudaKernelNodeAttributePriority, &out), cudaSuccess);
	tap_ok(out.priority == 0, "another node's is the default, 0");
	TAP_ERR(cudaGraphKernelNodeCopyAttributes(k2, k1), cudaSuccess);
	TAP_ERR(cudaGraphKernelNodeGetAttribute(k2, cudaKernelNodeAttributeAccessPolicyWindow, &out),
		cudaSuccess);
	tap_ok(out.accessPolicyWindow.base_ptr == (void *)d && out.accessPolicyWindow.hitRatio == 1.0f,
	       "cudaGraphKernelNodeCopyAttributes copies the access-policy window");
	TAP_ERR(cudaGraphClone(&clone, g), cudaSuccess);
	TAP_ERR(cudaGraphNodeFindInClone(&in_clone, k1, clone), cudaSuccess);
	TAP_ERR(cudaGraphKernelNodeGetAttribute(in_clone, cudaKernelNodeAttributeCooperative, &out),
		cudaSuccess);
	tap_ok(out.cooperative == 1, "a clone keeps the attributes");
	TAP_ERR(cudaGraphKernelNodeSetParams(k1, &kp), cudaSuccess);
	TAP_ERR(cudaGraphKernelNodeGetAttribute(k1, cudaKernelNodeAttributeCooperative, &out),
		cudaSuccess);
	tap_ok(out.cooperative == 1, "new parameters keep the attributes");
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(e, 0), cudaSuccess);
	cudaMemcpy(h, d, N * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		ok &= h[i] == 2;
	tap_ok(ok && calls == 1, "the two cooperative nodes and the host node ran once each, in order");

	/* errors */
	memset(&v, 0, sizeof(v));
	v.clusterDim.x = 2, v.clusterDim.y = 1, v.clusterDim.z = 1;
	TAP_ERR(cudaGraphKernelNodeSetAttribute(k1, cudaKernelNodeAttributeClusterDimension, &v),
		cudaErrorNotSupported);
	v.clusterDim.x = 1;
	TAP_ERR(cudaGraphKernelNodeSetAttribute(k1, cudaKernelNodeAttributeClusterDimension, &v),
		cudaSuccess);
	TAP_ERR(cudaGraphKernelNodeSetAttribute(host, cudaKernelNodeAttributePriority, &v),
		cudaErrorInvalidValue);
	TAP_ERR(cudaGraphKernelNodeSetAttribute(k1, cudaLaunchAttributeSynchronizationPolicy, &v),
		cudaErrorInvalidValue);
	TAP_ERR(cudaGraphKernelNodeGetAttribute(k1, cudaKernelNodeAttributePriority, NULL),
		cudaErrorInvalidValue);
	TAP_ERR(cudaGraphKernelNodeCopyAttributes(host, k1), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	cudaGraphExecDestroy(e);
	cudaGraphDestroy(clone);
	cudaGraphDestroy(g);
	cudaFree(d);
	free(h);
}

/* A memset node of d[0..n) = v in g after dep (or none), by cudaGraphAddNode. */
static cudaGraphNode_t add_fill(cudaGraph_t g, cudaGraphNode_t dep, int *d, int n, int v)
{
	struct cudaGraphNodeParams p = {};	/* C++: its union has no default constructor */
	p.type = cudaGraphNodeTypeMemset;
	cudaGraphNode_t node = NULL;

	p.memset.dst = d;
	p.memset.value = (unsigned int)v;
	p.memset.elementSize = 4;
	p.memset.width = (size_t)n;
	p.memset.height = 1;
	if (ADD_NODE(&node, g, dep ? &dep : NULL, dep ? 1 : 0, &p) != cudaSuccess)
		return NULL;
	return node;
}

/* A one-thread kernel node of k(h, arg) by cudaGraphAddNode. */
static cudaGraphNode_t add_setter(cudaGraph_t g, cudaGraphNode_t dep, const void *k,
				  cudaGraphConditionalHandle *h, int **arg)
{
	struct cudaGraphNodeParams p = {};	/* C++: its union has no default constructor */
	p.type = cudaGraphNodeTypeKernel;
	cudaGraphNode_t node = NULL;
	void *args[2];

	args[0] = h, args[1] = arg;
	p.kernel.func = (void *)k;
	p.kernel.gridDim = d3(1, 1, 1);
	p.kernel.blockDim = d3(1, 1, 1);
	p.kernel.kernelParams = args;
	if (ADD_NODE(&node, g, dep ? &dep : NULL, dep ? 1 : 0, &p) != cudaSuccess)
		return NULL;
	return node;
}

static int all_equal(const int *d, int n, int v)
{
	int *h = (int *)malloc(n * sizeof(int)), ok = 1;

	cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		ok &= h[i] == v;
	free(h);
	return ok;
}

/*
 * Conditional nodes as CUDA's conditional-node sample builds them: a
 * kernel sets the handle's value, the node runs the body it selects
 * (if/else, while with a body captured by cudaStreamBeginCaptureToGraph,
 * switch); each result against what the program says should run.
 */
static void test_conditional_nodes(void)
{
	enum { N = 256 };
	struct cudaGraphNodeParams cp = {};	/* C++: its union has no default constructor */
	cp.type = cudaGraphNodeTypeConditional;
	cudaGraphConditionalHandle h, w, other;
	cudaGraphNode_t setter, node, extra;
	cudaGraph_t g, g2, body;
	cudaGraphExec_t e;
	cudaStream_t s, cs;
	int *d = NULL, *flag = NULL, *left = NULL, n = N, v, ok;

	cudaStreamCreate(&s);
	cudaStreamCreate(&cs);
	cudaMalloc((void **)&d, N * sizeof(int));
	cudaMalloc((void **)&flag, sizeof(int));
	cudaMalloc((void **)&left, sizeof(int));

	/* if/else: flag 1 runs body 0 (d = 1), flag 0 body 1 (d = 2) */
	cudaGraphCreate(&g, 0);
	TAP_ERR(cudaGraphConditionalHandleCreate(&h, g, 0, 0), cudaSuccess);
	setter = add_setter(g, NULL, (const void *)cond_set, &h, &flag);
	tap_ok(setter != NULL, "cudaGraphAddNode: a kernel node (cudaKernelNodeParamsV2)");
	cp.conditional.handle = h;
	cp.conditional.type = cudaGraphCondTypeIf;
	cp.conditional.size = 2;
	TAP_ERR(ADD_NODE(&node, g, &setter, 1, &cp), cudaSuccess);
	tap_ok(add_fill(cp.conditional.phGraph_out[0], NULL, d, N, 1) &&
		       add_fill(cp.conditional.phGraph_out[1], NULL, d, N, 2),
	       "a memset node in each body (phGraph_out)");
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	v = 1;
	cudaMemcpy(flag, &v, sizeof(int), cudaMemcpyHostToDevice);
	TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(all_equal(d, N, 1), "if: a kernel set 1, the if body ran");
	v = 0;
	cudaMemcpy(flag, &v, sizeof(int), cudaMemcpyHostToDevice);
	TAP_ERR(cudaGraphLaunch(e, 0), cudaSuccess);
	tap_ok(all_equal(d, N, 2), "else: a kernel set 0, the else body ran (legacy stream)");
	cudaGraphExecDestroy(e);

	/* errors: the handle of another graph, sizes CUDA refuses, flags */
	cudaGraphCreate(&g2, 0);
	cudaGraphConditionalHandleCreate(&other, g2, 0, 0);
	cp.conditional.handle = other;
	TAP_ERR(ADD_NODE(&extra, g, NULL, 0, &cp), cudaErrorInvalidValue);
	cp.conditional.handle = h;
	cp.conditional.type = cudaGraphCondTypeWhile;
	TAP_ERR(ADD_NODE(&extra, g, NULL, 0, &cp), cudaErrorInvalidValue);
	cp.conditional.type = cudaGraphCondTypeSwitch;
	cp.conditional.size = 0;
	TAP_ERR(ADD_NODE(&extra, g, NULL, 0, &cp), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphConditionalHandleCreate(&other, g2, 0, 2), cudaErrorInvalidValue);
	cp.type = cudaGraphNodeTypeExtSemaphoreSignal;
	TAP_ERR(ADD_NODE(&extra, g, NULL, 0, &cp), cudaErrorNotSupported);
	(void)cudaGetLastError();
	cudaGraphDestroy(g2);
	cudaGraphDestroy(g);

	/* while: the body (captured) adds one and counts down; the default 1 applies at each launch */
	cudaGraphCreate(&g, 0);
	TAP_ERR(cudaGraphConditionalHandleCreate(&w, g, 1, cudaGraphCondAssignDefault), cudaSuccess);
	cp.type = cudaGraphNodeTypeConditional;
	cp.conditional.handle = w;
	cp.conditional.type = cudaGraphCondTypeWhile;
	cp.conditional.size = 1;
	TAP_ERR(ADD_NODE(&node, g, NULL, 0, &cp), cudaSuccess);
	body = cp.conditional.phGraph_out[0];
#if CUDART_VERSION >= 12030 || !defined(__CUDACC__)
	TAP_ERR(cudaStreamBeginCaptureToGraph(cs, body, NULL, NULL, 0, cudaStreamCaptureModeGlobal),
		cudaSuccess);
#else
	tap_ok(0, "nvcc older than CUDA 12.3 has no cudaStreamBeginCaptureToGraph");
#endif
	LAUNCH(add_one, d3(N / 64, 1, 1), d3(64, 1, 1), 0, cs, d, n);
	LAUNCH(cond_countdown, d3(1, 1, 1), d3(1, 1, 1), 0, cs, w, left);
	/* the conditional-node samples pass NULL: the body graph is theirs (failed before) */
	TAP_ERR(cudaStreamEndCapture(cs, NULL), cudaSuccess);
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	cudaMemset(d, 0, N * sizeof(int));
	v = 5;
	cudaMemcpy(left, &v, sizeof(int), cudaMemcpyHostToDevice);
	TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(all_equal(d, N, 5) && all_equal(left, 1, 0), "while: the body ran 5 times");
	v = 3;
	cudaMemcpy(left, &v, sizeof(int), cudaMemcpyHostToDevice);
	TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(all_equal(d, N, 8), "relaunched: the default value 1 again, 3 more runs");
	cudaGraphExecDestroy(e);
	cudaGraphDestroy(g);

	/* switch: value 2 runs body 2 of 3; 7 runs none */
	cudaGraphCreate(&g, 0);
	cudaGraphConditionalHandleCreate(&h, g, 0, 0);
	setter = add_setter(g, NULL, (const void *)cond_set, &h, &flag);
	cp.conditional.handle = h;
	cp.conditional.type = cudaGraphCondTypeSwitch;
	cp.conditional.size = 3;
	TAP_ERR(ADD_NODE(&node, g, &setter, 1, &cp), cudaSuccess);
	ok = 1;
	for (int i = 0; i < 3; i++)
		ok &= add_fill(cp.conditional.phGraph_out[i], NULL, d, N, 10 + i) != NULL;
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	v = 2;
	cudaMemcpy(flag, &v, sizeof(int), cudaMemcpyHostToDevice);
	cudaGraphLaunch(e, s);
	cudaStreamSynchronize(s);
	tap_ok(ok && all_equal(d, N, 12), "switch: value 2 ran body 2 only");
	v = 7;
	cudaMemcpy(flag, &v, sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(d, 0, N * sizeof(int));
	cudaGraphLaunch(e, s);
	cudaStreamSynchronize(s);
	tap_ok(all_equal(d, N, 0), "switch: value 7 of 3 bodies ran none");
	cudaGraphExecDestroy(e);
	cudaGraphDestroy(g);

	cudaFree(left);
	cudaFree(flag);
	cudaFree(d);
	cudaStreamDestroy(cs);
	cudaStreamDestroy(s);
}

/* A cooperative launch in a capturing stream becomes a cooperative kernel node (CUDA captures it). */
static void test_capture_cooperative(void)
{
	enum { N = 256 };
	cudaLaunchAttributeValue v;
	enum cudaStreamCaptureStatus st;
	cudaGraphNode_t nodes[2];
	cudaGraphExec_t e;
	cudaStream_t s;
	cudaGraph_t g = NULL;
	int *d = NULL, n = N;
	size_t count = 2;
	void *args[2];

	cudaStreamCreate(&s);
	cudaMalloc((void **)&d, N * sizeof(int));
	cudaMemset(d, 0, N * sizeof(int));
	args[0] = &d, args[1] = &n;
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	TAP_ERR(cudaLaunchCooperativeKernel((const void *)add_one, d3(1, 1, 1), d3(N, 1, 1), args, 0, s),
		cudaSuccess);
	TAP_ERR(cudaStreamIsCapturing(s, &st), cudaSuccess);
	tap_ok(st == cudaStreamCaptureStatusActive, "the capture goes on (invalidated before)");
	TAP_ERR(cudaStreamEndCapture(s, &g), cudaSuccess);
	if (!g) {
		tap_ok(0, "no graph");
		return;
	}
	TAP_ERR(cudaGraphGetNodes(g, nodes, &count), cudaSuccess);
	memset(&v, 0, sizeof(v));
	TAP_ERR(cudaGraphKernelNodeGetAttribute(nodes[0], cudaKernelNodeAttributeCooperative, &v),
		cudaSuccess);
	tap_ok(count == 1 && v.cooperative == 1, "one kernel node, cooperative");
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(e, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(all_equal(d, N, 2), "launched twice: every element 2");
	cudaGraphExecDestroy(e);
	cudaGraphDestroy(g);
	cudaFree(d);
	cudaStreamDestroy(s);
}

/* cudaGraphAddNode of the other types, a moved child graph, the generic set-params calls. */
static void test_generic_nodes(void)
{
	enum { N = 128 };
	struct cudaGraphNodeParams p = {};	/* C++: its union has no default constructor */
	p.type = cudaGraphNodeTypeGraph;
	cudaGraphNode_t child_node, fill;
	cudaGraph_t g, child;
	cudaGraphExec_t e;
	int *d = NULL;

	cudaMalloc((void **)&d, N * sizeof(int));
	cudaGraphCreate(&g, 0);
	cudaGraphCreate(&child, 0);
	fill = add_fill(child, NULL, d, N, 4);
	p.graph.graph = child;
	p.graph.ownership = cudaGraphChildGraphOwnershipMove;
	TAP_ERR(ADD_NODE(&child_node, g, NULL, 0, &p), cudaSuccess);
	tap_ok(p.graph.graph == child, "a moved child graph keeps its handle");
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(e, 0), cudaSuccess);
	tap_ok(all_equal(d, N, 4), "the moved child graph's memset ran");
	p.type = cudaGraphNodeTypeMemset;
	p.memset.dst = d;
	p.memset.value = 9;
	p.memset.elementSize = 4;
	p.memset.width = N;
	p.memset.height = 1;
	p.memset.pitch = 0;
	TAP_ERR(cudaGraphNodeSetParams(fill, &p), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(e, 0), cudaSuccess);
	tap_ok(all_equal(d, N, 4), "cudaGraphNodeSetParams changes the graph, not the exec made before");
	TAP_ERR(cudaGraphNodeSetParams(child_node, &p), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	cudaGraphExecDestroy(e);
	/* the graph itself changed: an exec made now sets 9 */
	TAP_ERR(cudaGraphInstantiate(&e, g, 0), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(e, 0), cudaSuccess);
	tap_ok(all_equal(d, N, 9), "an exec made after cudaGraphNodeSetParams runs the new memset");
	cudaGraphExecDestroy(e);
	/* cudaGraphExecNodeSetParams: the exec changes, its graph does not */
	{
		cudaGraph_t g2;
		cudaGraphExec_t e2;
		cudaGraphNode_t top;

		cudaGraphCreate(&g2, 0);
		top = add_fill(g2, NULL, d, N, 1);
		TAP_ERR(cudaGraphInstantiate(&e2, g2, 0), cudaSuccess);
		p.memset.value = 6;
		TAP_ERR(cudaGraphExecNodeSetParams(e2, top, &p), cudaSuccess);
		TAP_ERR(cudaGraphLaunch(e2, 0), cudaSuccess);
		tap_ok(all_equal(d, N, 6), "cudaGraphExecNodeSetParams: the exec runs the new memset");
		cudaGraphExecDestroy(e2);
		TAP_ERR(cudaGraphInstantiate(&e2, g2, 0), cudaSuccess);
		TAP_ERR(cudaGraphLaunch(e2, 0), cudaSuccess);
		tap_ok(all_equal(d, N, 1), "cudaGraphExecNodeSetParams left the graph as it was");
		p.type = cudaGraphNodeTypeHost;
		TAP_ERR(cudaGraphExecNodeSetParams(e2, top, &p), cudaErrorInvalidValue);
		(void)cudaGetLastError();
		cudaGraphExecDestroy(e2);
		cudaGraphDestroy(g2);
	}
	TAP_ERR(cudaGraphDestroy(g), cudaSuccess);	/* the moved child with it */
	cudaFree(d);
}

TAP_TEST(manual_graph)
{
	test_manual_graph();
}

TAP_TEST(dependency_order)
{
	test_dependency_order();
}

TAP_TEST(exec_update)
{
	test_exec_update();
}

TAP_TEST(capture)
{
	test_capture();
}

TAP_TEST(capture_fork_join)
{
	test_capture_fork_join();
}

TAP_TEST(capture_errors)
{
	test_capture_errors();
}

TAP_TEST(graph_errors)
{
	test_graph_errors();
}

TAP_TEST(pitched)
{
	test_pitched();
}

TAP_TEST(pools)
{
	test_pools();
}

TAP_TEST(graph_memory)
{
	test_graph_memory();
}

TAP_TEST(user_objects)
{
	test_user_objects();
}

TAP_TEST(conditional_nodes)
{
	test_conditional_nodes();
}

TAP_TEST(generic_nodes)
{
	test_generic_nodes();
}

TAP_TEST(kernel_node_attributes)
{
	test_kernel_node_attributes();
}

TAP_TEST(capture_cooperative)
{
	test_capture_cooperative();
}

TAP_TEST(reset_during_capture)
{
	test_reset_during_capture();
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
