// SPDX-License-Identifier: MIT
/*
 * test_api_rest.c - the runtime calls no other test called (issue 44's
 * "every error path of the new API"; the twenty-seventh session's audit in
 * lib/cudart/README.md found 95 of the 359 cuda* functions of lib/cudart
 * named by no test): copies to, from and between arrays on streams and
 * their range checks, 3-D copies and sets on streams (and the peer form on
 * one device), symbols read on a stream, the device's configuration calls,
 * the graph nodes' get/set calls and executable-graph updates (memset,
 * memcpy, host, event and child nodes, nodes disabled), instantiation with
 * flags and parameters, the DOT dump, and the calls CUDA answers with an
 * error here (IPC, OpenGL, EGL, pool sharing, peer access).  Every value
 * is checked against what the test wrote or computed itself.  Built as C,
 * as C++, and by nvcc -arch=sm_90 -c (check-headers.sh).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cuda_profiler_api.h>

#include "kernels.h"
#include "tap.h"

#define ROWS 4
#define COLS 8

static float grid_value(int r, int c)
{
	return (float)(r * 10 + c);
}

TAP_TEST(array_copies)
{
	float src[ROWS][COLS], out[ROWS][COLS], part[2][3], row[COLS];
	struct cudaChannelFormatDesc fd =
	    cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
	cudaArray_t a, b;
	cudaStream_t s;
	int same = 1;

	for (int r = 0; r < ROWS; r++)
		for (int c = 0; c < COLS; c++)
			src[r][c] = grid_value(r, c);
	TAP_ERR(cudaMallocArray(&a, &fd, COLS, ROWS, 0), cudaSuccess);
	TAP_ERR(cudaMallocArray(&b, &fd, COLS, ROWS, 0), cudaSuccess);
	TAP_ERR(cudaStreamCreate(&s), cudaSuccess);
	memset(out, 0, sizeof(out));
	TAP_ERR(cudaMemcpy2DToArrayAsync(a, 0, 0, src, sizeof(src[0]), sizeof(src[0]), ROWS,
					 cudaMemcpyHostToDevice, s),
		cudaSuccess);
	TAP_ERR(cudaMemcpy2DFromArrayAsync(out, sizeof(out[0]), a, 0, 0, sizeof(out[0]), ROWS,
					   cudaMemcpyDeviceToHost, s),
		cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(!memcmp(out, src, sizeof(src)), "a 4 x 8 grid to an array and back, on a stream");
	/* 3 x 2 elements from (column 2, row 1) of a to (column 4, row 2) of b, then read back */
	TAP_ERR(cudaMemcpy2DArrayToArray(b, 4 * sizeof(float), 2, a, 2 * sizeof(float), 1,
					 3 * sizeof(float), 2, cudaMemcpyDeviceToDevice),
		cudaSuccess);
	TAP_ERR(cudaMemcpy2DFromArray(part, sizeof(part[0]), b, 4 * sizeof(float), 2,
				      sizeof(part[0]), 2, cudaMemcpyDeviceToHost),
		cudaSuccess);
	for (int r = 0; r < 2; r++)
		for (int c = 0; c < 3; c++)
			same &= part[r][c] == grid_value(1 + r, 2 + c);
	tap_ok(same, "a 3 x 2 block between arrays at offsets: %g %g %g / %g %g %g", part[0][0],
	       part[0][1], part[0][2], part[1][0], part[1][1], part[1][2]);
	/* the 1-D forms CUDA 12 deprecated, within a row */
	TAP_ERR(cudaMemcpyToArray(b, 0, 3, src[1], sizeof(src[1]), cudaMemcpyHostToDevice),
		cudaSuccess);
	TAP_ERR(cudaMemcpyFromArray(row, b, 0, 3, sizeof(row), cudaMemcpyDeviceToHost),
		cudaSuccess);
	tap_ok(!memcmp(row, src[1], sizeof(row)),
	       "cudaMemcpyToArray, cudaMemcpyFromArray: row 3 holds row 1");
	TAP_ERR(cudaMemcpyArrayToArray(b, 0, 0, a, 0, 2, sizeof(row), cudaMemcpyDeviceToDevice),
		cudaSuccess);
	TAP_ERR(cudaMemcpyToArrayAsync(b, 2 * sizeof(float), 1, src[3], 2 * sizeof(float),
				       cudaMemcpyHostToDevice, s),
		cudaSuccess);
	memset(out, 0, sizeof(out));
	TAP_ERR(
	    cudaMemcpyFromArrayAsync(out[0], b, 0, 0, sizeof(out[0]), cudaMemcpyDeviceToHost, s),
	    cudaSuccess);
	TAP_ERR(
	    cudaMemcpyFromArrayAsync(out[1], b, 0, 1, sizeof(out[1]), cudaMemcpyDeviceToHost, s),
	    cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(!memcmp(out[0], src[2], sizeof(out[0])) && out[1][2] == grid_value(3, 0) &&
		   out[1][3] == grid_value(3, 1),
	       "cudaMemcpyArrayToArray (row 2 to row 0), the Async 1-D forms (row 1 at column 2: "
	       "%g %g)",
	       out[1][2], out[1][3]);
	/* past the array: CUDA's cudaErrorInvalidValue, nothing queued */
	TAP_ERR(cudaMemcpy2DToArrayAsync(a, 4, 0, src, sizeof(src[0]), sizeof(src[0]), ROWS,
					 cudaMemcpyHostToDevice, s),
		cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpyFromArrayAsync(row, a, 0, ROWS, sizeof(float), cudaMemcpyDeviceToHost, s),
		cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpy2DArrayToArray(b, 6 * sizeof(float), 0, a, 0, 0, 3 * sizeof(float), 1,
					 cudaMemcpyDeviceToDevice),
		cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpyArrayToArray(b, 0, 0, a, 0, 0, sizeof(src) + 4, cudaMemcpyDeviceToDevice),
		cudaErrorInvalidValue);
	TAP_ERR(cudaGetLastError(), cudaErrorInvalidValue);
	TAP_ERR(cudaStreamDestroy(s), cudaSuccess);
	TAP_ERR(cudaFreeArray(a), cudaSuccess);
	TAP_ERR(cudaFreeArray(b), cudaSuccess);
}

TAP_TEST(copies_3d_async)
{
	struct cudaExtent e = make_cudaExtent(5 * sizeof(int), 3, 2);
	struct cudaPitchedPtr p;
	struct cudaMemcpy3DParms c;
	struct cudaMemcpy3DPeerParms q;
	int host[2][3][5], back[2][3][5], ok = 1;
	float in[4] = {0.5f, 1.5f, 2.5f, 3.5f}, got[4] = {0, 0, 0, 0};
	cudaStream_t s;

	TAP_ERR(cudaStreamCreate(&s), cudaSuccess);
	TAP_ERR(cudaMalloc3D(&p, e), cudaSuccess);
	TAP_ERR(cudaMemset3DAsync(p, 0x11, e, s), cudaSuccess);
	memset(host, 0, sizeof(host));
	memset(&c, 0, sizeof(c));
	c.srcPtr = p;
	c.dstPtr = make_cudaPitchedPtr(host, 5 * sizeof(int), 5, 3);
	c.extent = e;
	c.kind = cudaMemcpyDeviceToHost;
	TAP_ERR(cudaMemcpy3DAsync(&c, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	for (int z = 0; z < 2; z++)
		for (int y = 0; y < 3; y++)
			for (int x = 0; x < 5; x++)
				ok &= host[z][y][x] == 0x11111111;
	tap_ok(ok,
	       "cudaMemset3DAsync, then cudaMemcpy3DAsync out: every int 0x11111111 (first %#x)",
	       (unsigned)host[0][0][0]);
	for (int z = 0; z < 2; z++)
		for (int y = 0; y < 3; y++)
			for (int x = 0; x < 5; x++)
				host[z][y][x] = 100 * z + 10 * y + x;
	memset(&q, 0, sizeof(q));
	q.srcPtr = make_cudaPitchedPtr(host, 5 * sizeof(int), 5, 3);
	q.dstPtr = p;
	q.extent = e;
	TAP_ERR(cudaMemcpy3DPeerAsync(&q, s), cudaSuccess);
	c.dstPtr = make_cudaPitchedPtr(back, 5 * sizeof(int), 5, 3);
	TAP_ERR(cudaMemcpy3DAsync(&c, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(!memcmp(back, host, sizeof(host)),
	       "cudaMemcpy3DPeerAsync device 0 to 0, read back on the stream");
	q.dstDevice = 1;
	TAP_ERR(cudaMemcpy3DPeerAsync(&q, s), cudaErrorInvalidDevice);
	c.dstPtr = make_cudaPitchedPtr(back, 5 * sizeof(int), 5, 3);
	c.extent = make_cudaExtent(6 * sizeof(int), 3, 2);
	TAP_ERR(cudaMemcpy3DAsync(&c, s),
		cudaErrorInvalidPitchValue); /* a row wider than the host's pitch */
	TAP_ERR(cudaMemcpy3DAsync(NULL, s), cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpyToSymbol(coef, in, sizeof(in), 0, cudaMemcpyHostToDevice), cudaSuccess);
	TAP_ERR(cudaMemcpyFromSymbolAsync(got, coef, 2 * sizeof(float), 2 * sizeof(float),
					  cudaMemcpyDeviceToHost, s),
		cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(got[0] == 2.5f && got[1] == 3.5f, "cudaMemcpyFromSymbolAsync at offset 8: %g %g",
	       got[0], got[1]);
	TAP_ERR(cudaMemcpyFromSymbolAsync(got, coef, 2 * sizeof(float), 3 * sizeof(float),
					  cudaMemcpyDeviceToHost, s),
		cudaErrorInvalidValue);
	TAP_ERR(cudaGetLastError(), cudaErrorInvalidValue);
	TAP_ERR(cudaFree(p.ptr), cudaSuccess);
	TAP_ERR(cudaStreamDestroy(s), cudaSuccess);
}

TAP_TEST(device_configuration)
{
	struct cudaDeviceProp prop;
	enum cudaFuncCache cache = cudaFuncCachePreferNone;
	enum cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
	unsigned int flags = 99;
	int dev = -1, least = 7, greatest = 7, a = 0, b = 0;

	memset(&prop, 0, sizeof(prop));
	prop.major = 9;
	TAP_ERR(cudaChooseDevice(&dev, &prop), cudaSuccess);
	tap_ok(dev == 0, "cudaChooseDevice: device %d", dev);
	TAP_ERR(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared), cudaSuccess);
	TAP_ERR(cudaDeviceGetCacheConfig(&cache), cudaSuccess);
	tap_ok(cache == cudaFuncCachePreferShared, "the cache configuration set is read back (%d)",
	       (int)cache);
	TAP_ERR(cudaDeviceSetCacheConfig((enum cudaFuncCache)9), cudaErrorInvalidValue);
	TAP_ERR(cudaDeviceSetCacheConfig(cudaFuncCachePreferNone), cudaSuccess);
	TAP_ERR(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeFourByte), cudaSuccess);
	TAP_ERR(cudaDeviceSetSharedMemConfig((enum cudaSharedMemConfig)7), cudaErrorInvalidValue);
	TAP_ERR(cudaGetDeviceFlags(&flags), cudaSuccess);
	tap_ok(!(flags & ~(0x1fu | cudaDeviceSyncMemops)),
	       "cudaGetDeviceFlags: %#x, known flags only", flags);
	TAP_ERR(cudaGetDeviceFlags(NULL), cudaErrorInvalidValue);
	TAP_ERR(cudaDeviceGetStreamPriorityRange(&least, &greatest), cudaSuccess);
	tap_ok(least == 0 && greatest == 0, "stream priorities: the range (%d, %d), one priority",
	       least, greatest);
#ifndef __CUDACC__ /* CUDA 12 removed it: our headers keep it */
	TAP_ERR(cudaThreadSynchronize(), cudaSuccess);
#endif
	TAP_ERR(cudaDeviceEnablePeerAccess(0, 0), cudaErrorInvalidDevice);
	TAP_ERR(cudaDeviceEnablePeerAccess(0, 1), cudaErrorInvalidValue);
	TAP_ERR(cudaProfilerStart(), cudaSuccess);
	TAP_ERR(cudaProfilerStop(), cudaSuccess);
	TAP_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&a, (const void *)saxpy, 128, 0),
		cudaSuccess);
	TAP_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
		    &b, (const void *)saxpy, 128, 0, cudaOccupancyDisableCachingOverride),
		cudaSuccess);
	tap_ok(a > 0 && a == b, "occupancy with flags as without: %d and %d blocks", a, b);
	TAP_ERR(cudaThreadExchangeStreamCaptureMode(&mode), cudaSuccess);
	tap_ok(mode == cudaStreamCaptureModeGlobal, "the thread's capture mode was global (%d)",
	       (int)mode);
	TAP_ERR(cudaThreadExchangeStreamCaptureMode(&mode), cudaSuccess);
	tap_ok(mode == cudaStreamCaptureModeRelaxed, "exchanged back: relaxed was set (%d)",
	       (int)mode);
	mode = (enum cudaStreamCaptureMode)9;
	TAP_ERR(cudaThreadExchangeStreamCaptureMode(&mode), cudaErrorInvalidValue);
	TAP_ERR(cudaGetLastError(), cudaErrorInvalidValue);
}

static void bump(void *counter)
{
	++*(int *)counter;
}

static int all_equal(const int *v, int n, int want)
{
	for (int i = 0; i < n; i++)
		if (v[i] != want)
			return 0;
	return 1;
}

/* a node made by the generic call (CUDA 13 spells it cudaGraphAddNode, edge data included) and
 * destroyed */
static void add_empty_node(cudaGraph_t g)
{
#ifndef __CUDACC__
	cudaGraphNode_t spare;
#ifdef __cplusplus
	cudaGraphNodeParams np{}; /* its union's kernel member has dim3s: no default constructor */
#else
	struct cudaGraphNodeParams np;

	memset(&np, 0, sizeof(np));
#endif
	np.type = cudaGraphNodeTypeEmpty;
	TAP_ERR(cudaGraphAddNode_v2(&spare, g, NULL, NULL, 0, &np), cudaSuccess);
	TAP_ERR(cudaGraphDestroyNode(spare), cudaSuccess);
#else
	(void)g;
#endif
}

/* memset -> memcpy out -> host -> event record -> event wait -> child graph (a host node) */
TAP_TEST(graph_node_params)
{
	enum { N = 64 };
	int *d, h[N], counter = 0;
	unsigned int enabled = 9;
	unsigned long long xflags = 1;
	cudaGraph_t g, child, inner = NULL;
	cudaGraphNode_t ms, cp, host, rec, wait, ch, kid;
	cudaGraphExec_t x, x2;
	cudaEvent_t ev, ev2, got_ev = NULL;
	struct cudaMemsetParams mp, mget;
	struct cudaMemcpy3DParms cpp, cget;
	struct cudaHostNodeParams hp, hget;
	cudaGraphInstantiateParams ip;
	char path[] = "/tmp/idxgen-dot-XXXXXX", head[8] = {0};
	FILE *f;
	int fd;

	TAP_ERR(cudaMalloc((void **)&d, N * sizeof(int)), cudaSuccess);
	TAP_ERR(cudaEventCreate(&ev), cudaSuccess);
	TAP_ERR(cudaEventCreate(&ev2), cudaSuccess);
	TAP_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
	memset(&mp, 0, sizeof(mp));
	mp.dst = d, mp.value = 7, mp.elementSize = 4, mp.width = N, mp.height = 1;
	TAP_ERR(cudaGraphAddMemsetNode(&ms, g, NULL, 0, &mp), cudaSuccess);
	mp.value = 9;
	TAP_ERR(cudaGraphMemsetNodeSetParams(ms, &mp), cudaSuccess);
	TAP_ERR(cudaGraphMemsetNodeGetParams(ms, &mget), cudaSuccess);
	tap_ok(mget.value == 9 && mget.width == N && mget.dst == d,
	       "memset node: the parameters set are read back");
	memset(&cpp, 0, sizeof(cpp));
	cpp.srcPtr = make_cudaPitchedPtr(d, N * sizeof(int), N, 1);
	cpp.dstPtr = make_cudaPitchedPtr(h, N * sizeof(int), N, 1);
	cpp.extent = make_cudaExtent(N * sizeof(int), 1, 1);
	cpp.kind = cudaMemcpyDeviceToHost;
	TAP_ERR(cudaGraphAddMemcpyNode(&cp, g, &ms, 1, &cpp), cudaSuccess);
	TAP_ERR(cudaGraphMemcpyNodeSetParams(cp, &cpp), cudaSuccess);
	TAP_ERR(cudaGraphMemcpyNodeGetParams(cp, &cget), cudaSuccess);
	tap_ok(cget.extent.width == N * sizeof(int) && cget.dstPtr.ptr == h,
	       "memcpy node: its 3-D parameters");
	TAP_ERR(cudaGraphMemcpyNodeSetParams1D(cp, h, d, N * sizeof(int), cudaMemcpyDeviceToHost),
		cudaSuccess);
	hp.fn = bump, hp.userData = &counter;
	TAP_ERR(cudaGraphAddHostNode(&host, g, &cp, 1, &hp), cudaSuccess);
	TAP_ERR(cudaGraphHostNodeSetParams(host, &hp), cudaSuccess);
	TAP_ERR(cudaGraphHostNodeGetParams(host, &hget), cudaSuccess);
	tap_ok(hget.fn == bump && hget.userData == &counter, "host node: its function and data");
	TAP_ERR(cudaGraphAddEventRecordNode(&rec, g, &host, 1, ev), cudaSuccess);
	TAP_ERR(cudaGraphEventRecordNodeSetEvent(rec, ev2), cudaSuccess);
	TAP_ERR(cudaGraphEventRecordNodeGetEvent(rec, &got_ev), cudaSuccess);
	tap_ok(got_ev == ev2, "event record node: the event set");
	TAP_ERR(cudaGraphAddEventWaitNode(&wait, g, &rec, 1, ev), cudaSuccess);
	TAP_ERR(cudaGraphEventWaitNodeSetEvent(wait, ev2), cudaSuccess);
	TAP_ERR(cudaGraphEventWaitNodeGetEvent(wait, &got_ev), cudaSuccess);
	tap_ok(got_ev == ev2, "event wait node: the event set");
	TAP_ERR(cudaGraphCreate(&child, 0), cudaSuccess);
	TAP_ERR(cudaGraphAddHostNode(&kid, child, NULL, 0, &hp), cudaSuccess);
	TAP_ERR(cudaGraphAddChildGraphNode(&ch, g, &wait, 1, child), cudaSuccess);
	TAP_ERR(cudaGraphChildGraphNodeGetGraph(ch, &inner), cudaSuccess);
	tap_ok(inner != NULL, "child graph node: its graph");
	/* wrong kinds of node: CUDA's cudaErrorInvalidValue */
	TAP_ERR(cudaGraphMemsetNodeGetParams(cp, &mget), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphHostNodeGetParams(ms, &hget), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphEventRecordNodeGetEvent(wait, &got_ev), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphChildGraphNodeGetGraph(host, &inner), cudaErrorInvalidValue);
	add_empty_node(g);

	TAP_ERR(cudaGraphInstantiateWithFlags(&x, g, 0), cudaSuccess);
	TAP_ERR(cudaGraphExecGetFlags(x, &xflags), cudaSuccess);
	tap_ok(xflags == 0, "cudaGraphExecGetFlags: %llu", xflags);
	TAP_ERR(cudaGraphUpload(x, 0), cudaSuccess);
	memset(h, 0, sizeof(h));
	TAP_ERR(cudaGraphLaunch(x, 0), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(0), cudaSuccess);
	tap_ok(all_equal(h, N, 9) && counter == 2,
	       "launch: the buffer %#x, the host nodes ran %d times", (unsigned)h[0], counter);

	/* the executable graph's nodes updated; the graph's own keep their parameters */
	mp.value = 5;
	TAP_ERR(cudaGraphExecMemsetNodeSetParams(x, ms, &mp), cudaSuccess);
	TAP_ERR(cudaGraphExecMemcpyNodeSetParams(x, cp, &cpp), cudaSuccess);
	TAP_ERR(cudaGraphExecMemcpyNodeSetParams1D(x, cp, h, d, N * sizeof(int),
						   cudaMemcpyDeviceToHost),
		cudaSuccess);
	TAP_ERR(cudaGraphExecHostNodeSetParams(x, host, &hp), cudaSuccess);
	TAP_ERR(cudaGraphExecEventRecordNodeSetEvent(x, rec, ev), cudaSuccess);
	TAP_ERR(cudaGraphExecEventWaitNodeSetEvent(x, wait, ev), cudaSuccess);
	TAP_ERR(cudaGraphExecChildGraphNodeSetParams(x, ch, child), cudaSuccess);
	/* CUDA disables kernel, memset and memcpy nodes only */
	TAP_ERR(cudaGraphNodeSetEnabled(x, host, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphNodeSetEnabled(x, ms, 0), cudaSuccess);
	TAP_ERR(cudaGraphNodeGetEnabled(x, ms, &enabled), cudaSuccess);
	tap_ok(enabled == 0, "cudaGraphNodeGetEnabled: the memset node disabled");
	memset(h, 0, sizeof(h));
	TAP_ERR(cudaGraphLaunch(x, 0), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(0), cudaSuccess);
	tap_ok(all_equal(h, N, 9) && counter == 4,
	       "memset disabled: the buffer still %d, the host nodes ran (%d)", h[0], counter);
	TAP_ERR(cudaGraphMemsetNodeGetParams(ms, &mget), cudaSuccess);
	tap_ok(mget.value == 9, "the graph's memset node keeps its value (%u)", mget.value);
	TAP_ERR(cudaGraphNodeSetEnabled(x, ms, 1), cudaSuccess);
	TAP_ERR(cudaGraphNodeGetEnabled(x, ms, &enabled), cudaSuccess);
	tap_ok(enabled == 1, "enabled again");
	TAP_ERR(cudaGraphLaunch(x, 0), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(0), cudaSuccess);
	tap_ok(all_equal(h, N, 5) && counter == 6,
	       "enabled: the updated memset's value %d, host nodes %d", h[0], counter);
	TAP_ERR(cudaGraphExecMemsetNodeSetParams(x, cp, &mp), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphExecHostNodeSetParams(x, ms, &hp), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphNodeSetEnabled(x, NULL, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphExternalSemaphoresSignalNodeSetParams(ms, NULL), cudaErrorInvalidValue);

	memset(&ip, 0, sizeof(ip));
	TAP_ERR(cudaGraphInstantiateWithParams(&x2, g, &ip), cudaSuccess);
	tap_ok(ip.result_out == cudaGraphInstantiateSuccess,
	       "cudaGraphInstantiateWithParams: result %d", (int)ip.result_out);
	TAP_ERR(cudaGraphExecDestroy(x2), cudaSuccess);

	fd = mkstemp(path);
	if (fd >= 0)
		close(fd);
	TAP_ERR(cudaGraphDebugDotPrint(g, path, 0), cudaSuccess);
	f = fopen(path, "r");
	if (f) {
		if (!fgets(head, sizeof(head), f))
			head[0] = 0;
		fclose(f);
	}
	unlink(path);
	tap_ok(!strncmp(head, "digraph", 7), "cudaGraphDebugDotPrint: a DOT graph ('%s')", head);
	TAP_ERR(cudaGraphDebugDotPrint(g, NULL, 0), cudaErrorInvalidValue);

	TAP_ERR(cudaGraphExecDestroy(x), cudaSuccess);
	TAP_ERR(cudaGraphDestroy(child), cudaSuccess);
	TAP_ERR(cudaGraphDestroy(g), cudaSuccess);
	TAP_ERR(cudaEventDestroy(ev), cudaSuccess);
	TAP_ERR(cudaEventDestroy(ev2), cudaSuccess);
	TAP_ERR(cudaFree(d), cudaSuccess);
	TAP_ERR(cudaGetLastError(), cudaErrorInvalidValue);
}

/* what one CPU device without OpenGL, EGL or other processes' memory answers: CUDA's errors, no
 * abort */
TAP_TEST(refusals)
{
	cudaIpcEventHandle_t eh;
	cudaIpcMemHandle_t mh;
	cudaEvent_t ev;
	void *p = NULL;
	cudaMemPool_t pool;
	struct cudaMemPoolPtrExportData data;
	int handle = 0;

	memset(&mh, 0, sizeof(mh));
	TAP_ERR(cudaEventCreate(&ev), cudaSuccess);
	TAP_ERR(cudaIpcGetEventHandle(&eh, ev), cudaErrorNotSupported);
	TAP_ERR(cudaIpcOpenEventHandle(&ev, eh), cudaErrorNotSupported);
	TAP_ERR(cudaIpcOpenMemHandle(&p, mh, cudaIpcMemLazyEnablePeerAccess),
		cudaErrorNotSupported);
	TAP_ERR(cudaIpcCloseMemHandle(p), cudaErrorNotSupported);
	TAP_ERR(cudaEventDestroy(ev), cudaSuccess);
	TAP_ERR(cudaDeviceGetDefaultMemPool(&pool, 0), cudaSuccess);
	TAP_ERR(cudaMemPoolExportToShareableHandle(&handle, pool,
						   cudaMemHandleTypePosixFileDescriptor, 0),
		cudaErrorNotSupported);
	TAP_ERR(cudaMemPoolImportFromShareableHandle(&pool, (void *)(intptr_t)handle,
						     cudaMemHandleTypePosixFileDescriptor, 0),
		cudaErrorNotSupported);
	TAP_ERR(cudaMemPoolExportPointer(&data, p), cudaErrorNotSupported);
	TAP_ERR(cudaMemPoolImportPointer(&p, pool, &data), cudaErrorNotSupported);
	TAP_ERR(cudaGraphicsResourceSetMapFlags((cudaGraphicsResource_t)&handle,
						cudaGraphicsMapFlagsNone),
		cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaGraphicsResourceSetMapFlags(NULL, 7), cudaErrorInvalidValue);
	TAP_ERR(cudaGetLastError(), cudaErrorInvalidValue);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
