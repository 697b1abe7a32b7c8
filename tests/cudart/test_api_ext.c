// SPDX-License-Identifier: MIT
/*
 * test_api_ext.c - the runtime API's outer parts (idxgen_cuda_api_ext.h,
 * lib/cudart/README.md "The API's outer parts"): memcpy nodes of symbols,
 * batched copies (linear and 3-D, arrays included) against the data they
 * must move, kernel handles launched, memory-pool locations, atomic
 * capabilities, logs; and every refusal (external memory and semaphores,
 * libraries, mipmapped arrays, NvSci, notifications) with CUDA's codes and
 * the caller's handles untouched.  Built as C, as C++, and by nvcc
 * -arch=sm_90 -c (check-headers.sh).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kernels.h"
#include "tap.h"

static dim3 d3(unsigned int x, unsigned int y, unsigned int z)
{
	dim3 d;

	d.x = x, d.y = y, d.z = z;
	return d;
}

static struct cudaMemLocation device0(void)
{
	struct cudaMemLocation l;

	l.type = cudaMemLocationTypeDevice, l.id = 0;
	return l;
}

TAP_TEST(graph_symbol_nodes)
{
	float in[4] = { 1, 2, 3, 4 }, in2[4] = { 5, 6, 7, 8 }, out[4] = { 0 }, one = 0;
	cudaGraph_t g;
	cudaGraphExec_t x;
	cudaGraphNode_t to, from, bad = NULL;

	TAP_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
	TAP_ERR(cudaGraphAddMemcpyNodeToSymbol(&to, g, NULL, 0, coef, in, sizeof(in), 0, cudaMemcpyHostToDevice),
		cudaSuccess);
	TAP_ERR(cudaGraphAddMemcpyNodeFromSymbol(&from, g, &to, 1, out, coef, sizeof(out), 0, cudaMemcpyDeviceToHost),
		cudaSuccess);
	TAP_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(x, 0), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(0), cudaSuccess);
	tap_ok(!memcmp(out, in, sizeof(in)), "symbol nodes: to the symbol, then back out: %g %g %g %g", out[0], out[1],
	       out[2], out[3]);
	/* the executable graph's copy of the node takes new parameters; the graph's own is unchanged */
	TAP_ERR(cudaGraphExecMemcpyNodeSetParamsToSymbol(x, to, coef, in2, sizeof(in2), 0, cudaMemcpyHostToDevice),
		cudaSuccess);
	TAP_ERR(cudaGraphExecMemcpyNodeSetParamsFromSymbol(x, from, out, coef, sizeof(out), 0, cudaMemcpyDefault),
		cudaSuccess);
	TAP_ERR(cudaGraphLaunch(x, 0), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(0), cudaSuccess);
	tap_ok(!memcmp(out, in2, sizeof(in2)), "cudaGraphExecMemcpyNodeSetParamsToSymbol: the new source copied");
	/* one element at an offset */
	TAP_ERR(cudaGraphMemcpyNodeSetParamsFromSymbol(from, &one, coef, sizeof(float), 2 * sizeof(float),
						       cudaMemcpyDeviceToHost),
		cudaSuccess);
	TAP_ERR(cudaGraphMemcpyNodeSetParamsToSymbol(to, coef, in, sizeof(in), 0, cudaMemcpyHostToDevice), cudaSuccess);
	TAP_ERR(cudaGraphExecDestroy(x), cudaSuccess);
	TAP_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
	TAP_ERR(cudaGraphLaunch(x, 0), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(0), cudaSuccess);
	tap_ok(one == 3, "cudaGraphMemcpyNodeSetParamsFromSymbol: element 2 at its offset (%g)", one);
	/* CUDA's errors: no such symbol, a range past its end, the wrong direction; no node made */
	TAP_ERR(cudaGraphAddMemcpyNodeToSymbol(&bad, g, NULL, 0, in, in2, sizeof(in), 0, cudaMemcpyHostToDevice),
		cudaErrorInvalidSymbol);
	TAP_ERR(cudaGraphAddMemcpyNodeToSymbol(&bad, g, NULL, 0, coef, in, sizeof(in), 4, cudaMemcpyHostToDevice),
		cudaErrorInvalidValue);
	TAP_ERR(cudaGraphAddMemcpyNodeFromSymbol(&bad, g, NULL, 0, out, coef, sizeof(out), 0, cudaMemcpyHostToDevice),
		cudaErrorInvalidMemcpyDirection);
	TAP_ERR(cudaGraphAddMemcpyNodeToSymbol(&bad, g, NULL, 0, coef, in, sizeof(in), 0, cudaMemcpyDeviceToHost),
		cudaErrorInvalidMemcpyDirection);
	tap_ok(bad == NULL, "a refused symbol node leaves the caller's handle alone");
	TAP_ERR(cudaGraphMemcpyNodeSetParamsToSymbol(from, out, in, sizeof(in), 0, cudaMemcpyHostToDevice),
		cudaErrorInvalidSymbol);
	TAP_ERR(cudaGraphExecDestroy(x), cudaSuccess);
	TAP_ERR(cudaGraphDestroy(g), cudaSuccess);
	(void)cudaGetLastError();
}

TAP_TEST(external_resources)
{
	struct cudaExternalMemoryHandleDesc md;
	struct cudaExternalMemoryBufferDesc bd;
	struct cudaExternalSemaphoreHandleDesc sd;
	struct cudaExternalSemaphoreSignalParams sp;
	struct cudaExternalSemaphoreSignalNodeParams snp;
	cudaExternalMemory_t mem = (cudaExternalMemory_t)(uintptr_t)0x1234;
	cudaExternalSemaphore_t sem = (cudaExternalSemaphore_t)(uintptr_t)0x5678;
	cudaGraph_t g;
	cudaGraphNode_t n = NULL;
	void *p = NULL;
	int fds[2];

	memset(&md, 0, sizeof(md));
	memset(&bd, 0, sizeof(bd));
	memset(&sd, 0, sizeof(sd));
	memset(&sp, 0, sizeof(sp));
	tap_ok(pipe(fds) == 0, "a descriptor to offer");
	md.type = cudaExternalMemoryHandleTypeOpaqueFd, md.handle.fd = fds[0], md.size = 4096;
	TAP_ERR(cudaImportExternalMemory(NULL, &md), cudaErrorInvalidValue);
	TAP_ERR(cudaImportExternalMemory(&mem, NULL), cudaErrorInvalidValue);
	TAP_ERR(cudaImportExternalMemory(&mem, &md), cudaErrorNotSupported);
	tap_ok(mem == (cudaExternalMemory_t)(uintptr_t)0x1234, "a refused import leaves the handle alone");
	md.size = 0;
	TAP_ERR(cudaImportExternalMemory(&mem, &md), cudaErrorInvalidValue);
	md.size = 4096, md.type = (enum cudaExternalMemoryHandleType)0;
	TAP_ERR(cudaImportExternalMemory(&mem, &md), cudaErrorInvalidValue);
	tap_ok(fcntl(fds[0], F_GETFD) != -1, "the caller keeps its descriptor (CUDA takes it only on success)");
	close(fds[0]);
	close(fds[1]);
	bd.size = 64;
	TAP_ERR(cudaExternalMemoryGetMappedBuffer(&p, mem, &bd), cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaExternalMemoryGetMappedBuffer(NULL, mem, &bd), cudaErrorInvalidValue);
	TAP_ERR(cudaDestroyExternalMemory(mem), cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaDestroyExternalMemory(NULL), cudaErrorInvalidValue);

	sd.type = cudaExternalSemaphoreHandleTypeOpaqueFd, sd.handle.fd = 0;
	TAP_ERR(cudaImportExternalSemaphore(&sem, &sd), cudaErrorNotSupported);
	tap_ok(sem == (cudaExternalSemaphore_t)(uintptr_t)0x5678, "a refused semaphore import leaves the handle alone");
	sd.type = (enum cudaExternalSemaphoreHandleType)11;
	TAP_ERR(cudaImportExternalSemaphore(&sem, &sd), cudaErrorInvalidValue);
	TAP_ERR(cudaSignalExternalSemaphoresAsync(&sem, &sp, 0, 0), cudaSuccess);
	TAP_ERR(cudaSignalExternalSemaphoresAsync(&sem, &sp, 1, 0), cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaWaitExternalSemaphoresAsync(NULL, NULL, 1, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaSignalExternalSemaphoresAsync(&sem, &sp, 1, (cudaStream_t)(uintptr_t)0x99),
		cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaDestroyExternalSemaphore(sem), cudaErrorInvalidResourceHandle);

	TAP_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
	snp.extSemArray = &sem, snp.paramsArray = &sp, snp.numExtSems = 1;
	TAP_ERR(cudaGraphAddExternalSemaphoresSignalNode(&n, g, NULL, 0, &snp), cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaGraphAddExternalSemaphoresSignalNode(&n, NULL, NULL, 0, &snp), cudaErrorInvalidValue);
	tap_ok(n == NULL, "no semaphore node made");
	TAP_ERR(cudaGraphAddEmptyNode(&n, g, NULL, 0), cudaSuccess);
	TAP_ERR(cudaGraphExternalSemaphoresSignalNodeGetParams(n, &snp), cudaErrorInvalidValue);
	TAP_ERR(cudaGraphDestroy(g), cudaSuccess);
	TAP_ERR(cudaDeviceGetNvSciSyncAttributes(&p, 0, cudaNvSciSyncAttrSignal), cudaErrorNotSupported);
	TAP_ERR(cudaDeviceGetNvSciSyncAttributes(&p, 0, 0), cudaErrorInvalidValue);
	(void)cudaGetLastError();
}

TAP_TEST(libraries_and_kernels)
{
	enum cudaJitOption opt[2] = { cudaJitErrorLogBuffer, cudaJitErrorLogBufferSizeBytes };
	char log[256] = "", image[16] = "not a cubin";
	void *val[2] = { log, (void *)(uintptr_t)sizeof(log) };
	cudaLibrary_t lib = NULL;
	cudaKernel_t k = NULL, kn = NULL;
	cudaFunction_t f = NULL;
	unsigned int count = 7;
	int *d, h[8], n = 8, ok = 1;
	void *args[] = { &d, &n };
	size_t off = 0, size = 0;

	TAP_ERR(cudaLibraryLoadFromFile(&lib, "/nonexistent/kernels.cubin", NULL, NULL, 0, NULL, NULL, 0),
		cudaErrorFileNotFound);
	TAP_ERR(cudaLibraryLoadData(&lib, image, opt, val, 2, NULL, NULL, 0), cudaErrorInvalidKernelImage);
	tap_ok(lib == NULL && strstr(log, "not device code") != NULL,
	       "cudaLibraryLoadData of no device code: refused, the reason in the log: %s", log);
	TAP_ERR(cudaLibraryLoadData(&lib, image, opt, NULL, 2, NULL, NULL, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaLibraryUnload(NULL), cudaErrorInvalidValue);
	TAP_ERR(cudaLibraryGetKernelCount(&count, (cudaLibrary_t)(uintptr_t)8), cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaLibraryGetKernel(&k, (cudaLibrary_t)(uintptr_t)8, "add_one"), cudaErrorInvalidResourceHandle);
	tap_ok(count == 7 && k == NULL, "no library: nothing written");

	/* a kernel of the program: its handle launches it */
	TAP_ERR(cudaGetKernel(&k, (const void *)add_one), cudaSuccess);
	TAP_ERR(cudaGetKernel(&kn, (const void *)d3), cudaErrorInvalidDeviceFunction);
	tap_ok(kn == NULL, "cudaGetKernel of a host function: no handle");
	TAP_ERR(cudaMalloc((void **)&d, sizeof(h)), cudaSuccess);
	TAP_ERR(cudaMemset(d, 0, sizeof(h)), cudaSuccess);
	TAP_ERR(cudaLaunchKernel((const void *)k, d3(1, 1, 1), d3(8, 1, 1), args, 0, 0), cudaSuccess);
	TAP_ERR(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost), cudaSuccess);
	for (int i = 0; i < n; i++)
		ok &= h[i] == 1;
	tap_ok(ok, "cudaLaunchKernel of cudaGetKernel's handle runs the kernel");
	TAP_ERR(cudaKernelSetAttributeForDevice(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024, 0), cudaSuccess);
	TAP_ERR(cudaKernelSetAttributeForDevice(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024, 1),
		cudaErrorInvalidDevice);
	TAP_ERR(cudaFuncGetParamInfo((const void *)add_one, 2, &off, &size), cudaErrorInvalidValue);
	TAP_ERR(cudaFuncGetParamInfo((const void *)add_one, 0, &off, &size), cudaErrorNotSupported);
	TAP_ERR(cudaFuncGetParamInfo((const void *)d3, 0, &off, &size), cudaErrorInvalidDeviceFunction);
	TAP_ERR(cudaGetFuncBySymbol(&f, (const void *)d3), cudaErrorInvalidDeviceFunction);
	tap_ok(f == NULL, "cudaGetFuncBySymbol: no driver function for what is not a kernel");
	TAP_ERR(cudaGetFuncBySymbol(&f, (const void *)add_one), cudaSuccess);
	tap_ok(f == (cudaFunction_t)(uintptr_t)add_one, "cudaGetFuncBySymbol: a kernel's driver handle is its stub");
	TAP_ERR(cudaFree(d), cudaSuccess);
	(void)cudaGetLastError();
}

static void log_cb(void *data, cudaLogLevel level, char *message, size_t length)
{
	(void)level, (void)message, (void)length;
	++*(int *)data;
}

TAP_TEST(logs_and_notifications)
{
	cudaLogIterator it = 9;
	cudaLogsCallbackHandle h1 = NULL, h2 = NULL;
	cudaAsyncCallbackHandle_t ah = NULL;
	char buf[16] = "x", path[] = "/tmp/idxgen-cudart-logs-XXXXXX";
	size_t size = sizeof(buf);
	int calls = 0, fd;

	TAP_ERR(cudaLogsCurrent(&it, 0), cudaSuccess);
	tap_ok(it == 0, "cudaLogsCurrent: an empty log (iterator 0)");
	TAP_ERR(cudaLogsCurrent(&it, 1), cudaErrorInvalidValue);
	TAP_ERR(cudaLogsDumpToMemory(&it, buf, &size, 0), cudaSuccess);
	tap_ok(size == 0 && buf[0] == '\0', "cudaLogsDumpToMemory: nothing written");
	fd = mkstemp(path);
	tap_ok(fd >= 0 && write(fd, "old", 3) == 3 && close(fd) == 0, "a file to dump into");
	TAP_ERR(cudaLogsDumpToFile(&it, path, 0), cudaSuccess);
	{
		FILE *f = fopen(path, "r");

		tap_ok(f && fgetc(f) == EOF, "cudaLogsDumpToFile: the file holds the empty log");
		if (f)
			fclose(f);
	}
	unlink(path);
	TAP_ERR(cudaLogsDumpToFile(&it, "/nonexistent/dir/log", 0), cudaErrorInvalidValue);
	TAP_ERR(cudaLogsRegisterCallback(log_cb, &calls, &h1), cudaSuccess);
	TAP_ERR(cudaLogsRegisterCallback(log_cb, &calls, &h2), cudaSuccess);
	tap_ok(h1 && h2 && h1 != h2, "two registrations, two handles");
	TAP_ERR(cudaLogsRegisterCallback(NULL, &calls, &h2), cudaErrorInvalidValue);
	TAP_ERR(cudaLogsUnregisterCallback(h1), cudaSuccess);
	TAP_ERR(cudaLogsUnregisterCallback(h1), cudaErrorInvalidValue);
	TAP_ERR(cudaLogsUnregisterCallback(h2), cudaSuccess);
	TAP_ERR(cudaLogsUnregisterCallback(NULL), cudaErrorInvalidValue);
	tap_ok(calls == 0, "nothing logged, no callback called");
	TAP_ERR(cudaDeviceRegisterAsyncNotification(0, NULL, NULL, &ah), cudaErrorInvalidValue);
	TAP_ERR(cudaDeviceUnregisterAsyncNotification(0, ah), cudaErrorInvalidValue);
	(void)cudaGetLastError();
}

TAP_TEST(device_capabilities)
{
	enum cudaAtomicOperation ops[3] = { cudaAtomicOperationIntegerAdd, cudaAtomicOperationFloatAdd,
					    cudaAtomicOperationCAS };
	enum cudaAtomicOperation bad_op[1] = { (enum cudaAtomicOperation)13 };
	unsigned int caps[3] = { 0 };
	size_t w = 0;
	int attr = 0;
	struct cudaChannelFormatDesc fd = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);

	TAP_ERR(cudaDeviceGetHostAtomicCapabilities(caps, ops, 3, 0), cudaSuccess);
	tap_ok((caps[0] & (cudaAtomicCapabilitySigned | cudaAtomicCapabilityUnsigned | cudaAtomicCapabilityScalar32 |
			   cudaAtomicCapabilityScalar64)) ==
		       (cudaAtomicCapabilitySigned | cudaAtomicCapabilityUnsigned | cudaAtomicCapabilityScalar32 |
			cudaAtomicCapabilityScalar64),
	       "host atomics: integer add, signed and unsigned, 32 and 64 bits (0x%x)", caps[0]);
	tap_ok((caps[1] & (cudaAtomicCapabilityScalar32 | cudaAtomicCapabilityScalar64)) &&
		       !(caps[1] & cudaAtomicCapabilityVector32x4),
	       "host atomics: float add on scalars (0x%x)", caps[1]);
	tap_ok(caps[2] & cudaAtomicCapabilityScalar64, "host atomics: 64-bit CAS (0x%x)", caps[2]);
	TAP_ERR(cudaDeviceGetHostAtomicCapabilities(caps, bad_op, 1, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaDeviceGetHostAtomicCapabilities(caps, ops, 3, 1), cudaErrorInvalidDevice);
	TAP_ERR(cudaDeviceGetP2PAtomicCapabilities(caps, ops, 3, 0, 0), cudaErrorInvalidDevice);
	TAP_ERR(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,
						   cudaFlushGPUDirectRDMAWritesToOwner),
		cudaSuccess);
	TAP_ERR(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,
						   (enum cudaFlushGPUDirectRDMAWritesScope)1),
		cudaErrorInvalidValue);
	TAP_ERR(cudaDeviceGetTexture1DLinearMaxWidth(&w, &fd, 0), cudaSuccess);
	TAP_ERR(cudaDeviceGetAttribute(&attr, cudaDevAttrMaxTexture1DLinearWidth, 0), cudaSuccess);
	tap_ok(w == (size_t)attr && w > 0, "cudaDeviceGetTexture1DLinearMaxWidth: the device's attribute (%zu)", w);
	TAP_ERR(cudaDeviceGetTexture1DLinearMaxWidth(&w, NULL, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaDeviceGetTexture1DLinearMaxWidth(&w, &fd, 3), cudaErrorInvalidDevice);
	(void)cudaGetLastError();
}

TAP_TEST(batched_copies)
{
	enum { N = 64 };
	char *d, h[3][N], back[3][N];
	void *dsts[3], *back_dsts[3];
	const void *srcs[3], *back_srcs[3];
	size_t sizes[3] = { N, N / 2, N }, idx[1] = { 0 }, idx_bad[1] = { 1 };
	struct cudaMemcpyAttributes at;
	cudaStream_t s;
	int ok = 1;

	memset(&at, 0, sizeof(at));
	at.srcAccessOrder = cudaMemcpySrcAccessOrderStream;
	TAP_ERR(cudaStreamCreate(&s), cudaSuccess);
	TAP_ERR(cudaMalloc((void **)&d, 3 * N), cudaSuccess);
	TAP_ERR(cudaMemset(d, 0, 3 * N), cudaSuccess);
	for (int i = 0; i < 3; i++) {
		for (int j = 0; j < N; j++)
			h[i][j] = (char)(i * 100 + j);
		dsts[i] = d + i * N, srcs[i] = h[i];
		back_dsts[i] = back[i], back_srcs[i] = d + i * N;
	}
	memset(back, 0x55, sizeof(back));
	TAP_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, 3, &at, idx, 1, s), cudaSuccess);
	TAP_ERR(cudaMemcpyBatchAsync(back_dsts, back_srcs, sizes, 3, &at, idx, 1, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < N; j++)
			ok &= back[i][j] == (j < (int)sizes[i] ? h[i][j] : (i == 1 ? (char)0x55 : h[i][j]));
	tap_ok(ok, "cudaMemcpyBatchAsync: three copies there and back, each of its own size");

	/* refused: the legacy stream, bad indices, an invalid order; a bad copy queues none */
	TAP_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, 3, &at, idx, 1, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, 3, &at, idx_bad, 1, s), cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, 0, &at, idx, 1, s), cudaErrorInvalidValue);
	at.srcAccessOrder = cudaMemcpySrcAccessOrderInvalid;
	TAP_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, 3, &at, idx, 1, s), cudaErrorInvalidValue);
	at.srcAccessOrder = cudaMemcpySrcAccessOrderDuringApiCall;
	memset(h[0], 7, N);
	sizes[2] = 2 * N + 1;	/* past the end of the allocation's 192 bytes rounded to 256 */
	TAP_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, 3, &at, idx, 1, s), cudaErrorInvalidValue);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(d[0] == 0, "a batch with a bad copy copies nothing");
	sizes[2] = N;
	TAP_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, 3, &at, idx, 1, s), cudaSuccess);
	memset(h[0], 9, N);	/* "during the API call": the source is free once the call returns */
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(d[0] == 7 && d[N - 1] == 7, "cudaMemcpySrcAccessOrderDuringApiCall: the source as it was during the call");
	TAP_ERR(cudaFree(d), cudaSuccess);
	TAP_ERR(cudaStreamDestroy(s), cudaSuccess);
	(void)cudaGetLastError();
}

TAP_TEST(batched_3d_copies)
{
	float src[3][8], dst[3][8], back[2][4];
	struct cudaMemcpy3DBatchOp op[2];
	struct cudaChannelFormatDesc fd = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
	cudaArray_t arr;
	cudaStream_t s;
	int ok = 1;

	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 8; j++)
			src[i][j] = (float)(10 * i + j), dst[i][j] = -1;
	TAP_ERR(cudaStreamCreate(&s), cudaSuccess);
	/* pointer to pointer: 12 bytes of each of 3 rows of 32 bytes (the element of a copy without arrays: a byte) */
	memset(op, 0, sizeof(op));
	op[0].src.type = cudaMemcpyOperandTypePointer, op[0].src.op.ptr.ptr = src, op[0].src.op.ptr.rowLength = 32;
	op[0].dst.type = cudaMemcpyOperandTypePointer, op[0].dst.op.ptr.ptr = dst, op[0].dst.op.ptr.rowLength = 32;
	op[0].extent = make_cudaExtent(12, 3, 1);
	op[0].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
	TAP_ERR(cudaMemcpy3DBatchAsync(1, op, 0, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 8; j++)
			ok &= dst[i][j] == (j < 3 ? src[i][j] : -1);
	tap_ok(ok, "cudaMemcpy3DBatchAsync: 12 bytes of each of 3 rows, the rest untouched");

	/* host rows into a 4 x 2 float array at (0, 0), then its second row out from (1, 1): element offsets */
	TAP_ERR(cudaMallocArray(&arr, &fd, 4, 2, 0), cudaSuccess);
	memset(op, 0, sizeof(op));
	op[0].src.type = cudaMemcpyOperandTypePointer, op[0].src.op.ptr.ptr = src, op[0].src.op.ptr.rowLength = 8;
	op[0].dst.type = cudaMemcpyOperandTypeArray, op[0].dst.op.array.array = arr;
	op[0].extent = make_cudaExtent(4, 2, 1);
	op[0].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
	op[1].src.type = cudaMemcpyOperandTypeArray, op[1].src.op.array.array = arr;
	op[1].src.op.array.offset.x = 1, op[1].src.op.array.offset.y = 1;
	op[1].dst.type = cudaMemcpyOperandTypePointer, op[1].dst.op.ptr.ptr = back;
	op[1].extent = make_cudaExtent(3, 1, 1);
	op[1].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
	memset(back, 0, sizeof(back));
	TAP_ERR(cudaMemcpy3DBatchAsync(1, &op[0], 0, s), cudaSuccess);
	TAP_ERR(cudaMemcpy3DBatchAsync(1, &op[1], 0, s), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s), cudaSuccess);
	tap_ok(back[0][0] == 11 && back[0][1] == 12 && back[0][2] == 13 && back[0][3] == 0,
	       "array operands: offsets and extents in elements (%g %g %g %g)", back[0][0], back[0][1], back[0][2],
	       back[0][3]);
	op[1].extent = make_cudaExtent(4, 1, 1);	/* from x = 1: one past the array's width */
	TAP_ERR(cudaMemcpy3DBatchAsync(2, op, 0, s), cudaErrorInvalidValue);
	op[1].extent = make_cudaExtent(0, 1, 1);
	TAP_ERR(cudaMemcpy3DBatchAsync(2, op, 0, s), cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpy3DBatchAsync(1, op, 0, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpy3DBatchAsync(1, op, 1, s), cudaErrorInvalidValue);
	TAP_ERR(cudaFreeArray(arr), cudaSuccess);
	TAP_ERR(cudaStreamDestroy(s), cudaSuccess);
	(void)cudaGetLastError();
}

TAP_TEST(prefetch_batches_and_pools)
{
	char *d;
	void *ptrs[2];
	size_t sizes[2] = { 100, 200 }, idx[1] = { 0 };
	struct cudaMemLocation loc = device0(), host;
	cudaMemPool_t p = NULL, q = NULL, mine;
	struct cudaMemPoolProps props;
	cudaStream_t s;

	host.type = cudaMemLocationTypeHost, host.id = 0;
	TAP_ERR(cudaStreamCreate(&s), cudaSuccess);
	TAP_ERR(cudaMallocManaged((void **)&d, 300, cudaMemAttachGlobal), cudaSuccess);
	ptrs[0] = d, ptrs[1] = d + 100;
	TAP_ERR(cudaMemPrefetchBatchAsync(ptrs, sizes, 2, &loc, idx, 1, 0, s), cudaSuccess);
	TAP_ERR(cudaMemPrefetchBatchAsync(ptrs, sizes, 2, &host, idx, 1, 0, s), cudaSuccess);
	TAP_ERR(cudaMemDiscardBatchAsync(ptrs, sizes, 2, 0, s), cudaSuccess);
	TAP_ERR(cudaMemDiscardAndPrefetchBatchAsync(ptrs, sizes, 2, &loc, idx, 1, 0, s), cudaSuccess);
	TAP_ERR(cudaMemPrefetchBatchAsync(ptrs, sizes, 2, &loc, idx, 1, 1, s), cudaErrorInvalidValue);
	TAP_ERR(cudaMemDiscardBatchAsync(ptrs, sizes, 2, 0, 0), cudaErrorInvalidValue);
	sizes[1] = 201;
	TAP_ERR(cudaMemDiscardBatchAsync(ptrs, sizes, 2, 0, s), cudaErrorInvalidValue);
	loc.id = 1;
	sizes[1] = 200;
	TAP_ERR(cudaMemPrefetchBatchAsync(ptrs, sizes, 2, &loc, idx, 1, 0, s), cudaErrorInvalidValue);
	loc.id = 0;

	TAP_ERR(cudaMemGetDefaultMemPool(&p, &loc, cudaMemAllocationTypePinned), cudaSuccess);
	TAP_ERR(cudaDeviceGetDefaultMemPool(&q, 0), cudaSuccess);
	tap_ok(p && p == q, "cudaMemGetDefaultMemPool of device 0: cudaDeviceGetDefaultMemPool's");
	memset(&props, 0, sizeof(props));
	props.allocType = cudaMemAllocationTypePinned, props.location = loc;
	TAP_ERR(cudaMemPoolCreate(&mine, &props), cudaSuccess);
	TAP_ERR(cudaMemSetMemPool(&loc, cudaMemAllocationTypePinned, mine), cudaSuccess);
	TAP_ERR(cudaMemGetMemPool(&q, &loc, cudaMemAllocationTypePinned), cudaSuccess);
	tap_ok(q == mine, "cudaMemSetMemPool, then cudaMemGetMemPool: the pool set");
	TAP_ERR(cudaMemSetMemPool(&loc, cudaMemAllocationTypePinned, p), cudaSuccess);
	TAP_ERR(cudaMemPoolDestroy(mine), cudaSuccess);
	TAP_ERR(cudaMemGetDefaultMemPool(&q, &host, cudaMemAllocationTypePinned), cudaErrorNotSupported);
	loc.id = 1;
	TAP_ERR(cudaMemGetMemPool(&q, &loc, cudaMemAllocationTypePinned), cudaErrorInvalidDevice);
	loc.id = 0;
	TAP_ERR(cudaMemGetMemPool(&q, &loc, cudaMemAllocationTypeInvalid), cudaErrorInvalidValue);
	TAP_ERR(cudaMemGetMemPool(&q, NULL, cudaMemAllocationTypePinned), cudaErrorInvalidValue);
	TAP_ERR(cudaFree(d), cudaSuccess);
	TAP_ERR(cudaStreamDestroy(s), cudaSuccess);
	(void)cudaGetLastError();
}

TAP_TEST(mipmaps_and_array_properties)
{
	struct cudaChannelFormatDesc fd = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindUnsigned);
	cudaMipmappedArray_t mm = NULL;
	cudaArray_t arr, plane = NULL, level = NULL;
	struct cudaArrayMemoryRequirements req;
	struct cudaArraySparseProperties sp;

	TAP_ERR(cudaMallocMipmappedArray(&mm, &fd, make_cudaExtent(16, 16, 0), 4, 0), cudaErrorNotSupported);
	tap_ok(mm == NULL, "no mipmapped array made");
	TAP_ERR(cudaMallocMipmappedArray(&mm, &fd, make_cudaExtent(16, 16, 0), 0, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaGetMipmappedArrayLevel(&level, (cudaMipmappedArray_const_t)(uintptr_t)16, 0),
		cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaFreeMipmappedArray(NULL), cudaErrorInvalidValue);
	TAP_ERR(cudaMallocArray(&arr, &fd, 16, 16, 0), cudaSuccess);
	TAP_ERR(cudaArrayGetPlane(&plane, arr, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaArrayGetMemoryRequirements(&req, arr, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaArrayGetSparseProperties(&sp, arr), cudaErrorInvalidValue);
	TAP_ERR(cudaArrayGetSparseProperties(&sp, NULL), cudaErrorInvalidResourceHandle);
	tap_ok(plane == NULL && level == NULL, "no plane or level handed out");
	TAP_ERR(cudaFreeArray(arr), cudaSuccess);
	(void)cudaGetLastError();
}

#ifndef __NVCC__ /* CUDA 12 removed texture references: NVIDIA's headers no longer declare them */
/*
 * A texture reference filled in by hand (C: no texture<> template): a bind
 * makes an object of the reference's attributes as they are at the bind,
 * read back through the object's descriptions; its read mode is the
 * element type's.  Error codes of the reference calls.
 */
TAP_TEST(texture_references_c)
{
	struct textureReference r;
	struct cudaTextureDesc td;
	struct cudaResourceDesc rd;
	struct cudaChannelFormatDesc f = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
	cudaTextureObject_t o;
	size_t off = 5;
	float *d;

	memset(&r, 0, sizeof(r));
	r.normalized = 1;
	r.filterMode = cudaFilterModeLinear;
	r.addressMode[0] = cudaAddressModeMirror;
	TAP_ERR(cudaMalloc((void **)&d, 64 * sizeof(float)), cudaSuccess);
	TAP_ERR(cudaGetTextureAlignmentOffset(&off, &r), cudaErrorInvalidTextureBinding);
	TAP_ERR(cudaBindTexture(&off, &r, d, &f, 64 * sizeof(float)), cudaSuccess);
	tap_ok(off == 0, "cudaBindTexture's offset: 0 (%zu)", off);
	memcpy(&o, &r.__cudaReserved[__IDXGEN_TEXREF_HANDLE], sizeof(o));
	r.filterMode = cudaFilterModePoint;	/* after the bind: not the binding's */
	TAP_ERR(cudaGetTextureObjectTextureDesc(&td, o), cudaSuccess);
	tap_ok(td.normalizedCoords == 1 && td.filterMode == cudaFilterModeLinear &&
		       td.addressMode[0] == cudaAddressModeMirror && td.readMode == cudaReadModeElementType,
	       "the binding has the reference's attributes at the bind");
	TAP_ERR(cudaGetTextureObjectResourceDesc(&rd, o), cudaSuccess);
	tap_ok(rd.resType == cudaResourceTypeLinear && rd.res.linear.devPtr == d &&
		       rd.res.linear.sizeInBytes == 64 * sizeof(float),
	       "bound to the linear memory given");
	TAP_ERR(cudaBindTexture(NULL, &r, d, &f, UINT_MAX), cudaSuccess);	/* the default size: the allocation */
	memcpy(&o, &r.__cudaReserved[__IDXGEN_TEXREF_HANDLE], sizeof(o));
	TAP_ERR(cudaGetTextureObjectResourceDesc(&rd, o), cudaSuccess);
	tap_ok(rd.res.linear.sizeInBytes == 64 * sizeof(float), "size UINT_MAX: the rest of the allocation (%zu)",
	       rd.res.linear.sizeInBytes);
	TAP_ERR(cudaBindTexture(NULL, NULL, d, &f, 4), cudaErrorInvalidTexture);
	TAP_ERR(cudaBindTexture(NULL, &r, NULL, &f, 4), cudaErrorInvalidValue);
	TAP_ERR(cudaBindTexture(NULL, &r, d, NULL, 4), cudaErrorInvalidValue);
	TAP_ERR(cudaBindTexture(NULL, &r, d, &f, (268435456 + 1) * sizeof(float)), cudaErrorInvalidValue);
	TAP_ERR(cudaBindTexture2D(NULL, &r, d, &f, 8, 8, 16), cudaErrorInvalidValue);	/* pitch < row */
	TAP_ERR(cudaBindTextureToArray(&r, NULL, &f), cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaBindTextureToMipmappedArray(&r, (cudaMipmappedArray_const_t)d, &f), cudaErrorNotSupported);
	TAP_ERR(cudaGetTextureAlignmentOffset(NULL, &r), cudaErrorInvalidValue);
	TAP_ERR(cudaUnbindTexture(&r), cudaSuccess);
	TAP_ERR(cudaGetTextureAlignmentOffset(&off, &r), cudaErrorInvalidTextureBinding);
	TAP_ERR(cudaUnbindTexture(NULL), cudaErrorInvalidTexture);
	TAP_ERR(cudaGetLastError(), cudaErrorInvalidTexture);
	TAP_ERR(cudaFree(d), cudaSuccess);
}

/* The element x of a 1-D linear binding, as tex1Dfetch reads it: channel 0 as a float. */
static float fetch1d(cudaTextureObject_t o, int x)
{
	struct __idxgenTexel t;

	__idxgenTex1Dfetch(o, x, &t);
	return t.__f[0];
}

/*
 * A bind larger than its allocation (SHOC MD binds an int4 reference with
 * n * sizeof(double4) bytes on n float4s and reads it only in double
 * precision): CUDA accepts it, bounded only by maxTexture1DLinear; reads
 * inside the allocation see it, reads past it zeros (a GPU reads whatever
 * lies there), past the bound size zeros (CUDA's rule).  Texture objects of
 * linear and pitched memory alike.  Before: cudaErrorInvalidValue.
 */
TAP_TEST(texture_bind_past_allocation)
{
	struct textureReference r;
	struct cudaResourceDesc rd;
	struct cudaTextureDesc td;
	struct cudaChannelFormatDesc f = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
	cudaTextureObject_t o;
	struct __idxgenTexel t;
	float h[64], *d;

	for (int i = 0; i < 64; i++)
		h[i] = (float)(i + 1);
	memset(&r, 0, sizeof(r));
	TAP_ERR(cudaMalloc((void **)&d, sizeof(h)), cudaSuccess);
	TAP_ERR(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice), cudaSuccess);
	TAP_ERR(cudaBindTexture(NULL, &r, d, &f, 128 * sizeof(float)), cudaSuccess);
	memcpy(&o, &r.__cudaReserved[__IDXGEN_TEXREF_HANDLE], sizeof(o));
	TAP_ERR(cudaGetTextureObjectResourceDesc(&rd, o), cudaSuccess);
	tap_ok(rd.res.linear.sizeInBytes == 128 * sizeof(float), "bound with the size given (%zu)",
	       rd.res.linear.sizeInBytes);
	tap_ok(fetch1d(o, 0) == 1.0f && fetch1d(o, 63) == 64.0f, "reads inside the allocation (%g %g)",
	       fetch1d(o, 0), fetch1d(o, 63));
	tap_ok(fetch1d(o, 64) == 0.0f && fetch1d(o, 127) == 0.0f, "reads past the allocation: 0 (%g %g)",
	       fetch1d(o, 64), fetch1d(o, 127));
	tap_ok(fetch1d(o, 128) == 0.0f && fetch1d(o, -1) == 0.0f, "reads past the bound size: 0");
	TAP_ERR(cudaBindTexture(NULL, &r, d + 60, &f, 8 * sizeof(float)), cudaSuccess);	/* 4 inside */
	memcpy(&o, &r.__cudaReserved[__IDXGEN_TEXREF_HANDLE], sizeof(o));
	tap_ok(fetch1d(o, 3) == 64.0f && fetch1d(o, 4) == 0.0f, "from inside: the allocation's rest (%g %g)",
	       fetch1d(o, 3), fetch1d(o, 4));
	TAP_ERR(cudaUnbindTexture(&r), cudaSuccess);

	memset(&rd, 0, sizeof(rd));
	memset(&td, 0, sizeof(td));
	rd.resType = cudaResourceTypeLinear;
	rd.res.linear.devPtr = d;
	rd.res.linear.desc = f;
	rd.res.linear.sizeInBytes = 1000 * sizeof(float);
	TAP_ERR(cudaCreateTextureObject(&o, &rd, &td, NULL), cudaSuccess);
	tap_ok(fetch1d(o, 63) == 64.0f && fetch1d(o, 64) == 0.0f && fetch1d(o, 999) == 0.0f,
	       "texture object past its allocation: zeros beyond it");
	TAP_ERR(cudaDestroyTextureObject(o), cudaSuccess);
	rd.res.linear.sizeInBytes = (268435456ull + 1) * sizeof(float);
	TAP_ERR(cudaCreateTextureObject(&o, &rd, &td, NULL), cudaErrorInvalidValue);	/* > maxTexture1DLinear */

	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypePitch2D;
	rd.res.pitch2D.devPtr = d;
	rd.res.pitch2D.desc = f;
	rd.res.pitch2D.width = 16;
	rd.res.pitch2D.height = 8;	/* rows 4-7 past the allocation */
	rd.res.pitch2D.pitchInBytes = 16 * sizeof(float);
	TAP_ERR(cudaCreateTextureObject(&o, &rd, &td, NULL), cudaSuccess);
	__idxgenTexFetch(o, 2, 15.5f, 3.5f, 0.0f, -1, &t);
	tap_ok(t.__f[0] == 64.0f, "pitched: the last element of the allocation (%g)", t.__f[0]);
	__idxgenTexFetch(o, 2, 0.5f, 4.5f, 0.0f, -1, &t);
	tap_ok(t.__f[0] == 0.0f, "pitched: a row past the allocation reads 0 (%g)", t.__f[0]);
	TAP_ERR(cudaDestroyTextureObject(o), cudaSuccess);
	TAP_ERR(cudaFree(d), cudaSuccess);
}
#endif

/*
 * A cudaArray_t passed to cudaMemcpy/cudaMemcpy2D/cudaMemset as a pointer
 * (Packt's image_histogram copies into its array with cudaMemcpy): the
 * handle is the address of our array object, host memory no allocation
 * covers, so the copy wrote over the object (its data pointer first) and a
 * later copy from the array crashed.  CUDA returns cudaErrorInvalidValue.
 */
TAP_TEST(array_handle_as_pointer)
{
	struct cudaChannelFormatDesc fd = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
	cudaArray_t arr;
	float h[16], back[16];
	bool same = true;

	for (int i = 0; i < 16; i++)
		h[i] = (float)(i * 3 + 1);
	TAP_ERR(cudaMallocArray(&arr, &fd, 16, 0, 0), cudaSuccess);
	TAP_ERR(cudaMemcpy2DToArray(arr, 0, 0, h, sizeof(h), sizeof(h), 1, cudaMemcpyHostToDevice),
		cudaSuccess);
	TAP_ERR(cudaMemcpy((void *)arr, back, sizeof(back), cudaMemcpyHostToDevice), cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpy((char *)arr + 8, back, 4, cudaMemcpyDefault), cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpy(back, (const void *)arr, sizeof(back), cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpy2D((void *)arr, sizeof(h), h, sizeof(h), sizeof(h), 1, cudaMemcpyHostToDevice),
		cudaErrorInvalidValue);
	TAP_ERR(cudaMemset((void *)arr, 0, 16), cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpy((void *)arr, back, 0, cudaMemcpyHostToDevice), cudaSuccess);	/* no bytes */
	(void)cudaGetLastError();
	memset(back, 0, sizeof(back));
	TAP_ERR(cudaMemcpy2DFromArray(back, sizeof(back), arr, 0, 0, sizeof(back), 1, cudaMemcpyDeviceToHost),
		cudaSuccess);
	for (int i = 0; i < 16; i++)
		same &= back[i] == h[i];
	tap_ok(same, "the array keeps its data and object (%g %g)", back[0], back[15]);
	TAP_ERR(cudaFreeArray(arr), cudaSuccess);
}

#ifndef __NVCC__
/*
 * Texture object 0, or one destroyed, read by device code (CUDA leaves it
 * undefined): zeros and the sticky cudaErrorIllegalAddress
 * (lib/cudart/tex_fetch.c says why), never a crash of the host (object 0
 * crashed, a destroyed one read freed memory).  A surface of handle 0 goes
 * nowhere.  A new object may take a destroyed one's place and reads right.
 * Last in this file: the sticky error needs cudaDeviceReset.
 */
TAP_TEST(texture_object_zero_or_destroyed)
{
	struct cudaResourceDesc rd;
	struct cudaTextureDesc td;
	struct cudaChannelFormatDesc f = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
	cudaTextureObject_t o, o2;
	struct __idxgenTexel t;
	float h[16], *d;

	for (int i = 0; i < 16; i++)
		h[i] = (float)(i + 1);
	TAP_ERR(cudaMalloc((void **)&d, sizeof(h)), cudaSuccess);
	TAP_ERR(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice), cudaSuccess);
	memset(&rd, 0, sizeof(rd));
	memset(&td, 0, sizeof(td));
	rd.resType = cudaResourceTypeLinear;
	rd.res.linear.devPtr = d;
	rd.res.linear.desc = f;
	rd.res.linear.sizeInBytes = sizeof(h);
	TAP_ERR(cudaCreateTextureObject(&o, &rd, &td, NULL), cudaSuccess);
	tap_ok(fetch1d(o, 3) == 4.0f, "a live object reads (%g)", fetch1d(o, 3));
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
	TAP_ERR(cudaDestroyTextureObject(o), cudaSuccess);
	tap_ok(fetch1d(o, 3) == 0.0f, "a destroyed object reads 0 (%g)", fetch1d(o, 3));
	TAP_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
	tap_ok(fetch1d(0, 3) == 0.0f, "object 0: tex1Dfetch reads 0");
	__idxgenTexFetch(0, 2, 1.5f, 0.5f, 0.0f, -1, &t);
	tap_ok(t.__f[0] == 0.0f && t.__i[0] == 0, "object 0: tex2D reads 0");
	__idxgenTexGather(0, 1.5f, 0.5f, 0, &t);
	tap_ok(t.__f[0] == 0.0f, "object 0: tex2Dgather reads 0");
	__idxgenTexFetchCubemap(0, 1.0f, 0.0f, 0.0f, -1, &t);
	tap_ok(t.__f[0] == 0.0f, "object 0: texCubemap reads 0");
	tap_ok(__idxgenSurfAt(0, 0, 0, 0, -1, 4, cudaBoundaryModeZero) == NULL, "surface 0: no element");
	TAP_ERR(cudaDeviceReset(), cudaSuccess);
	TAP_ERR(cudaMalloc((void **)&d, sizeof(h)), cudaSuccess);
	TAP_ERR(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice), cudaSuccess);
	rd.res.linear.devPtr = d;
	TAP_ERR(cudaCreateTextureObject(&o, &rd, &td, NULL), cudaSuccess);
	TAP_ERR(cudaDestroyTextureObject(o), cudaSuccess);
	TAP_ERR(cudaCreateTextureObject(&o2, &rd, &td, NULL), cudaSuccess);	/* may be o again */
	tap_ok(fetch1d(o2, 15) == 16.0f, "an object made after a destroy reads (%g)", fetch1d(o2, 15));
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
	TAP_ERR(cudaDestroyTextureObject(o2), cudaSuccess);
	TAP_ERR(cudaFree(d), cudaSuccess);
}
#endif

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
