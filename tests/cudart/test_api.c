// SPDX-License-Identifier: MIT
/*
 * test_api.c - the CUDA runtime API of lib/cudart: results and error
 * paths (CUDA's codes, sticky and not), launches through <<<>>> (the
 * launch ABI) and cudaLaunchKernel, streams (order, legacy default-stream
 * synchronisation, non-blocking streams), events, async copies, symbols,
 * function attributes, device properties against independent sources.
 * Built as C, as C++, and (host and kernels) by nvcc -arch=sm_90 -c.
 */
#ifndef __cplusplus
#define _GNU_SOURCE
#endif
#include <float.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kernels.h"
#include "quiesce.h"
#include "tap.h"

#ifndef __CUDACC__
#include <idxgen.h>
#endif

/* A dim3 in C and C++ (C has no constructors). */
static dim3 d3(unsigned int x, unsigned int y, unsigned int z)
{
	dim3 d;

	d.x = x, d.y = y, d.z = z;
	return d;
}

/* ---- host functions that gate a stream and log the order of events ---- */
struct gate {
	int started, released;
	long tid;	/* the thread running the gate */
	int quiet;	/* release_later: the runtime stopped before the release */
	char log[64];
	int nlog;
};

static void log_append(struct gate *g, char c)
{
	int i = __atomic_fetch_add(&g->nlog, 1, __ATOMIC_SEQ_CST);

	if (i < (int)sizeof(g->log) - 1)
		__atomic_store_n(&g->log[i], c, __ATOMIC_SEQ_CST);
}

static int logged(struct gate *g, char c)
{
	for (int i = 0; i < (int)sizeof(g->log) - 1; i++)
		if (__atomic_load_n(&g->log[i], __ATOMIC_SEQ_CST) == c)
			return 1;
	return 0;
}

/* Runs in a stream: marks the start, waits for the release, logs 'A'. */
static void CUDART_CB_gate(void *arg)
{
	struct gate *g = (struct gate *)arg;

	__atomic_store_n(&g->tid, quiesce_gettid(), __ATOMIC_SEQ_CST);
	__atomic_store_n(&g->started, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&g->released, __ATOMIC_SEQ_CST))
		usleep(100);
	log_append(g, 'A');
}

static void CUDART_CB_log_b(void *arg)
{
	log_append((struct gate *)arg, 'B');
}

static void CUDART_CB_log_d(void *arg)
{
	log_append((struct gate *)arg, 'D');
}

static void wait_started(struct gate *g)
{
	while (!__atomic_load_n(&g->started, __ATOMIC_SEQ_CST))
		usleep(100);
}

/*
 * Releases the gate once every other thread of the runtime has stopped
 * (quiesce.h): a wrong implementation has then already run what must wait
 * for the gate, at any speed.  (It was a 50 ms pause, which a wrong
 * implementation slower than that passed.)  The hang guard's expiry is
 * reported by check_quiet() as a failure.
 */
static void *release_later(void *arg)
{
	struct gate *g = (struct gate *)arg;

	wait_started(g);
	g->quiet = quiesce_wait(__atomic_load_n(&g->tid, __ATOMIC_SEQ_CST));
	__atomic_store_n(&g->released, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static void check_quiet(const struct gate *g, const char *what)
{
	tap_ok(g->quiet, "%s: the runtime's threads all waited before the gate opened%s", what,
	       g->quiet ? "" : " (hang guard ran out: one kept running or slept with a timeout)");
}

/*
 * Releases the gate once 'D' was logged, however long that takes under
 * load; the bound (60 s) only keeps a wrong implementation, where 'D' waits
 * for the gate, from hanging: then "AD" fails the test.
 */
static void *release_after_d(void *arg)
{
	struct gate *g = (struct gate *)arg;

	for (int i = 0; i < 600000 && !logged(g, 'D'); i++)
		usleep(100);
	__atomic_store_n(&g->released, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static void test_device(void)
{
	int n = -1, d = -1, v = 0;
	struct cudaDeviceProp p;
	size_t fr = 0, tot = 0;

	TAP_ERR(cudaGetDeviceCount(&n), cudaSuccess);
	tap_ok(n == 1, "one device");
	TAP_ERR(cudaGetDevice(&d), cudaSuccess);
	tap_ok(d == 0, "device 0 is current");
	TAP_ERR(cudaSetDevice(0), cudaSuccess);
	TAP_ERR(cudaSetDevice(1), cudaErrorInvalidDevice);
	TAP_ERR(cudaGetLastError(), cudaErrorInvalidDevice);
	TAP_ERR(cudaGetLastError(), cudaSuccess);	/* not sticky: cleared */
	TAP_ERR(cudaGetDeviceProperties(&p, 1), cudaErrorInvalidDevice);
	TAP_ERR(cudaPeekAtLastError(), cudaErrorInvalidDevice);
	TAP_ERR(cudaPeekAtLastError(), cudaErrorInvalidDevice);	/* peek keeps it */
	(void)cudaGetLastError();
	TAP_ERR(cudaGetDeviceProperties(&p, 0), cudaSuccess);
	tap_ok(p.name[0] != 0, "%s", p.name);
	tap_ok(p.major >= 1 && p.warpSize > 0 && p.maxThreadsPerBlock >= p.warpSize,
	       "compute capability, warp size, block limit are set");
#ifndef __CUDACC__
	{
		/* references: libidxgen's device information, sysconf */
		struct idxgen_device *dev;
		struct idxgen_info info;
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);
		size_t mem = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
		int ok = !idxgen_open(0, 0, &dev) && !idxgen_get_info(dev, &info);

		tap_ok(ok && p.warpSize == (int)info.lanes, "warpSize = the idxgen device's lanes");
		tap_ok(ok &&
			   p.maxThreadsPerBlock ==
			       (int)(info.max_threads < 1024 ? info.max_threads : 1024) &&
			   p.maxThreadsDim[0] ==
			       (int)(info.max_dim[0] < 1024 ? info.max_dim[0] : 1024) &&
			   p.maxThreadsDim[2] == (int)(info.max_dim[2] < 64 ? info.max_dim[2] : 64),
		       "block limits = the device's max_threads, max_dim, capped at CUDA's");
		if (ok)
			idxgen_close(dev);
		tap_ok(getenv("IDXGEN_NUM_THREADS") || p.multiProcessorCount == cpus,
		       "multiProcessorCount = online CPUs (the workers)");
		tap_ok(p.totalGlobalMem == mem, "totalGlobalMem = physical memory");
	}
#endif
	tap_ok(p.integrated == 1 && p.unifiedAddressing == 1 && p.managedMemory == 1,
	       "integrated, unified addressing, managed memory: one address space");
	TAP_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0), cudaSuccess);
	tap_ok(v == p.warpSize, "cudaDevAttrWarpSize = prop.warpSize");
	TAP_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0), cudaSuccess);
	tap_ok(v == p.multiProcessorCount, "cudaDevAttrMultiProcessorCount = prop");
	TAP_ERR(cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)12345, 0), cudaErrorInvalidValue);
	/* every attribute of CUDA's enum answers (were cudaErrorInvalidValue: a helper stopped there) */
	{
		int ok = 1;

		for (int a = 1; a < (int)cudaDevAttrMax; a++)
			ok &= cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)a, 0) == cudaSuccess;
		tap_ok(ok, "cudaDeviceGetAttribute answers every attribute of 1 .. cudaDevAttrMax - 1");
	}
	TAP_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrMax, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrPageableMemoryAccess, 0), cudaSuccess);
	tap_ok(v == 1, "cudaDevAttrPageableMemoryAccess: 1 (one address space)");
	TAP_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrMaxTexture2DWidth, 0), cudaSuccess);
	tap_ok(v >= 65536, "cudaDevAttrMaxTexture2DWidth: %d", v);
	TAP_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrClusterLaunch, 0), cudaSuccess);
	tap_ok(v == 0, "cudaDevAttrClusterLaunch: 0 (no clusters)");
	TAP_ERR(cudaMemGetInfo(&fr, &tot), cudaSuccess);
	tap_ok(tot == p.totalGlobalMem && fr <= tot,
	       "cudaMemGetInfo: free <= total = totalGlobalMem");
	TAP_ERR(cudaRuntimeGetVersion(&v), cudaSuccess);
	tap_ok(v == CUDART_VERSION, "runtime version = CUDART_VERSION");
	(void)cudaGetLastError();
}

static void test_errors(void)
{
	/* CUDA's numeric values, as programs print them */
	tap_ok(cudaErrorInvalidValue == 1 && cudaErrorMemoryAllocation == 2 &&
	       cudaErrorInvalidConfiguration == 9 && cudaErrorInvalidSymbol == 13 &&
	       cudaErrorInvalidDevicePointer == 17 && cudaErrorInvalidMemcpyDirection == 21 &&
	       cudaErrorInvalidDeviceFunction == 98 && cudaErrorInvalidDevice == 101 &&
	       cudaErrorInvalidResourceHandle == 400 && cudaErrorNotReady == 600 &&
	       cudaErrorAssert == 710 && cudaErrorLaunchFailure == 719 && cudaErrorUnknown == 999,
	       "error codes have CUDA's values");
	tap_ok(!strcmp(cudaGetErrorName(cudaErrorInvalidConfiguration),
		       "cudaErrorInvalidConfiguration"),
	       "cudaGetErrorName(9)");
	tap_ok(!strcmp(cudaGetErrorName(cudaSuccess), "cudaSuccess"), "cudaGetErrorName(0)");
	tap_ok(!strcmp(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument"),
	       "cudaGetErrorString(1)");
	tap_ok(cudaGetErrorString((cudaError_t)4242) != NULL &&
	       cudaGetErrorName((cudaError_t)4242) != NULL, "unknown codes still get strings");
}

/* Every cudaError_t enumerator of CUDA 13.0's driver_types.h with its value
 * (written from NVIDIA's header, apart from lib/cudart/errors.c): each has
 * its own name, spelled as the enumerator, and a non-empty description. */
static void test_error_names(void)
{
#define C(code, value) { code, value, #code }
	static const struct {
		cudaError_t code;
		int value;
		const char *spelling;
	} codes[] = {
		C(cudaSuccess, 0),
		C(cudaErrorInvalidValue, 1),
		C(cudaErrorMemoryAllocation, 2),
		C(cudaErrorInitializationError, 3),
		C(cudaErrorCudartUnloading, 4),
		C(cudaErrorProfilerDisabled, 5),
		C(cudaErrorProfilerNotInitialized, 6),
		C(cudaErrorProfilerAlreadyStarted, 7),
		C(cudaErrorProfilerAlreadyStopped, 8),
		C(cudaErrorInvalidConfiguration, 9),
		C(cudaErrorInvalidPitchValue, 12),
		C(cudaErrorInvalidSymbol, 13),
		C(cudaErrorInvalidHostPointer, 16),
		C(cudaErrorInvalidDevicePointer, 17),
		C(cudaErrorInvalidTexture, 18),
		C(cudaErrorInvalidTextureBinding, 19),
		C(cudaErrorInvalidChannelDescriptor, 20),
		C(cudaErrorInvalidMemcpyDirection, 21),
		C(cudaErrorAddressOfConstant, 22),
		C(cudaErrorTextureFetchFailed, 23),
		C(cudaErrorTextureNotBound, 24),
		C(cudaErrorSynchronizationError, 25),
		C(cudaErrorInvalidFilterSetting, 26),
		C(cudaErrorInvalidNormSetting, 27),
		C(cudaErrorMixedDeviceExecution, 28),
		C(cudaErrorNotYetImplemented, 31),
		C(cudaErrorMemoryValueTooLarge, 32),
		C(cudaErrorStubLibrary, 34),
		C(cudaErrorInsufficientDriver, 35),
		C(cudaErrorCallRequiresNewerDriver, 36),
		C(cudaErrorInvalidSurface, 37),
		C(cudaErrorDuplicateVariableName, 43),
		C(cudaErrorDuplicateTextureName, 44),
		C(cudaErrorDuplicateSurfaceName, 45),
		C(cudaErrorDevicesUnavailable, 46),
		C(cudaErrorIncompatibleDriverContext, 49),
		C(cudaErrorMissingConfiguration, 52),
		C(cudaErrorPriorLaunchFailure, 53),
		C(cudaErrorLaunchMaxDepthExceeded, 65),
		C(cudaErrorLaunchFileScopedTex, 66),
		C(cudaErrorLaunchFileScopedSurf, 67),
		C(cudaErrorSyncDepthExceeded, 68),
		C(cudaErrorLaunchPendingCountExceeded, 69),
		C(cudaErrorInvalidDeviceFunction, 98),
		C(cudaErrorNoDevice, 100),
		C(cudaErrorInvalidDevice, 101),
		C(cudaErrorDeviceNotLicensed, 102),
		C(cudaErrorSoftwareValidityNotEstablished, 103),
		C(cudaErrorStartupFailure, 127),
		C(cudaErrorInvalidKernelImage, 200),
		C(cudaErrorDeviceUninitialized, 201),
		C(cudaErrorMapBufferObjectFailed, 205),
		C(cudaErrorUnmapBufferObjectFailed, 206),
		C(cudaErrorArrayIsMapped, 207),
		C(cudaErrorAlreadyMapped, 208),
		C(cudaErrorNoKernelImageForDevice, 209),
		C(cudaErrorAlreadyAcquired, 210),
		C(cudaErrorNotMapped, 211),
		C(cudaErrorNotMappedAsArray, 212),
		C(cudaErrorNotMappedAsPointer, 213),
		C(cudaErrorECCUncorrectable, 214),
		C(cudaErrorUnsupportedLimit, 215),
		C(cudaErrorDeviceAlreadyInUse, 216),
		C(cudaErrorPeerAccessUnsupported, 217),
		C(cudaErrorInvalidPtx, 218),
		C(cudaErrorInvalidGraphicsContext, 219),
		C(cudaErrorNvlinkUncorrectable, 220),
		C(cudaErrorJitCompilerNotFound, 221),
		C(cudaErrorUnsupportedPtxVersion, 222),
		C(cudaErrorJitCompilationDisabled, 223),
		C(cudaErrorUnsupportedExecAffinity, 224),
		C(cudaErrorUnsupportedDevSideSync, 225),
		C(cudaErrorContained, 226),
		C(cudaErrorInvalidSource, 300),
		C(cudaErrorFileNotFound, 301),
		C(cudaErrorSharedObjectSymbolNotFound, 302),
		C(cudaErrorSharedObjectInitFailed, 303),
		C(cudaErrorOperatingSystem, 304),
		C(cudaErrorInvalidResourceHandle, 400),
		C(cudaErrorIllegalState, 401),
		C(cudaErrorLossyQuery, 402),
		C(cudaErrorSymbolNotFound, 500),
		C(cudaErrorNotReady, 600),
		C(cudaErrorIllegalAddress, 700),
		C(cudaErrorLaunchOutOfResources, 701),
		C(cudaErrorLaunchTimeout, 702),
		C(cudaErrorLaunchIncompatibleTexturing, 703),
		C(cudaErrorPeerAccessAlreadyEnabled, 704),
		C(cudaErrorPeerAccessNotEnabled, 705),
		C(cudaErrorSetOnActiveProcess, 708),
		C(cudaErrorContextIsDestroyed, 709),
		C(cudaErrorAssert, 710),
		C(cudaErrorTooManyPeers, 711),
		C(cudaErrorHostMemoryAlreadyRegistered, 712),
		C(cudaErrorHostMemoryNotRegistered, 713),
		C(cudaErrorHardwareStackError, 714),
		C(cudaErrorIllegalInstruction, 715),
		C(cudaErrorMisalignedAddress, 716),
		C(cudaErrorInvalidAddressSpace, 717),
		C(cudaErrorInvalidPc, 718),
		C(cudaErrorLaunchFailure, 719),
		C(cudaErrorCooperativeLaunchTooLarge, 720),
		C(cudaErrorTensorMemoryLeak, 721),
		C(cudaErrorNotPermitted, 800),
		C(cudaErrorNotSupported, 801),
		C(cudaErrorSystemNotReady, 802),
		C(cudaErrorSystemDriverMismatch, 803),
		C(cudaErrorCompatNotSupportedOnDevice, 804),
		C(cudaErrorMpsConnectionFailed, 805),
		C(cudaErrorMpsRpcFailure, 806),
		C(cudaErrorMpsServerNotReady, 807),
		C(cudaErrorMpsMaxClientsReached, 808),
		C(cudaErrorMpsMaxConnectionsReached, 809),
		C(cudaErrorMpsClientTerminated, 810),
		C(cudaErrorCdpNotSupported, 811),
		C(cudaErrorCdpVersionMismatch, 812),
		C(cudaErrorStreamCaptureUnsupported, 900),
		C(cudaErrorStreamCaptureInvalidated, 901),
		C(cudaErrorStreamCaptureMerge, 902),
		C(cudaErrorStreamCaptureUnmatched, 903),
		C(cudaErrorStreamCaptureUnjoined, 904),
		C(cudaErrorStreamCaptureIsolation, 905),
		C(cudaErrorStreamCaptureImplicit, 906),
		C(cudaErrorCapturedEvent, 907),
		C(cudaErrorStreamCaptureWrongThread, 908),
		C(cudaErrorTimeout, 909),
		C(cudaErrorGraphExecUpdateFailure, 910),
		C(cudaErrorExternalDevice, 911),
		C(cudaErrorInvalidClusterSize, 912),
		C(cudaErrorFunctionNotLoaded, 913),
		C(cudaErrorInvalidResourceType, 914),
		C(cudaErrorInvalidResourceConfiguration, 915),
		C(cudaErrorUnknown, 999),
		C(cudaErrorApiFailureBase, 10000),
#undef C
	};
	const size_t n = sizeof(codes) / sizeof(codes[0]);
	int values = 1, names = 1, strings = 1, distinct = 1;

	for (size_t i = 0; i < n; i++) {
		const char *name = cudaGetErrorName(codes[i].code);
		const char *text = cudaGetErrorString(codes[i].code);

		if ((int)codes[i].code != codes[i].value) {
			values = 0;
			tap_diag("%s is %d, CUDA's is %d", codes[i].spelling, (int)codes[i].code,
				 codes[i].value);
		}
		if (!name || strcmp(name, codes[i].spelling)) {
			names = 0;
			tap_diag("cudaGetErrorName(%d) = %s", codes[i].value, name ? name : "(null)");
		}
		if (!text || !*text || (i && !strcmp(text, "unrecognized error code"))) {
			strings = 0;
			tap_diag("cudaGetErrorString(%s) empty or unrecognized", codes[i].spelling);
		}
		for (size_t j = 0; j < i; j++)
			if (codes[j].value == codes[i].value || !strcmp(cudaGetErrorName(codes[j].code), name))
				distinct = 0;
	}
	tap_ok(n == 134, "%zu error codes listed (CUDA 13.0 has 134)", n);
	tap_ok(values, "every error code has CUDA's value");
	tap_ok(names, "cudaGetErrorName gives each code its enumerator's spelling");
	tap_ok(strings, "cudaGetErrorString gives each code a description");
	tap_ok(distinct, "codes and names are distinct");
	tap_ok(!strcmp(cudaGetErrorName((cudaError_t)4242), "unrecognized error code") &&
	       !strcmp(cudaGetErrorString((cudaError_t)4242), "unrecognized error code"),
	       "an unknown code is \"unrecognized error code\" (name and string)");
}

static void test_memory(void)
{
	enum { N = 1000 };
	int *d = NULL, *h = (int *)malloc(N * sizeof(int)), *m = NULL, *ph = NULL, *dp = NULL;
	int stack_var = 0, ok = 1;
	void *big = NULL, *pitched = NULL;
	size_t pitch = 0;
	struct cudaPointerAttributes a;
	char src2d[4][10], dst2d[4][16];

	for (int i = 0; i < N; i++)
		h[i] = i * 3;
	TAP_ERR(cudaMalloc((void **)&d, N * sizeof(int)), cudaSuccess);
	tap_ok(((uintptr_t)d & 255) == 0, "cudaMalloc: 256-byte aligned");
	TAP_ERR(cudaMemcpy(d, h, N * sizeof(int), cudaMemcpyHostToDevice), cudaSuccess);
	memset(h, 0, N * sizeof(int));
	TAP_ERR(cudaMemcpy(h, d, N * sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess);
	for (int i = 0; i < N; i++)
		ok &= h[i] == i * 3;
	tap_ok(ok, "round trip host -> device -> host");
	TAP_ERR(cudaMemset(d, 0xff, N * sizeof(int)), cudaSuccess);
	TAP_ERR(cudaMemcpy(h, d, sizeof(int), cudaMemcpyDefault), cudaSuccess);
	tap_ok(h[0] == -1, "cudaMemset 0xff bytes");
	TAP_ERR(cudaMemcpy(h, d, 4, (enum cudaMemcpyKind)7), cudaErrorInvalidMemcpyDirection);
	TAP_ERR(cudaMemcpy(NULL, d, 4, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
	h[0] = 12345;
	/* the allocation owns its 4,000 bytes rounded to 256: 4,096 (progs/alloc_rounding_copies.cu) */
	TAP_ERR(cudaMemcpy(d, h, 4096 + 1, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess);
	tap_ok(h[0] == -1, "a copy past the allocation's rounded end is refused and writes nothing");
	TAP_ERR(cudaMemset(d + N - 1, 0, 4096 - (N - 1) * sizeof(int) + 1), cudaErrorInvalidValue);
	TAP_ERR(cudaMalloc(NULL, 16), cudaErrorInvalidValue);
	TAP_ERR(cudaMalloc(&big, (size_t)1 << 62), cudaErrorMemoryAllocation);
	TAP_ERR(cudaGetLastError(), cudaErrorMemoryAllocation);
	TAP_ERR(cudaFree(&stack_var), cudaErrorInvalidValue);
	TAP_ERR(cudaFree(d + 1), cudaErrorInvalidValue);
	TAP_ERR(cudaFree(NULL), cudaSuccess);
	TAP_ERR(cudaPointerGetAttributes(&a, d + 10), cudaSuccess);
	tap_ok(a.type == cudaMemoryTypeDevice && a.devicePointer == (void *)(d + 10),
	       "cudaPointerGetAttributes: device memory, one address");
	TAP_ERR(cudaPointerGetAttributes(&a, &stack_var), cudaSuccess);
	tap_ok(a.type == cudaMemoryTypeUnregistered, "a stack pointer is unregistered");
	TAP_ERR(cudaFreeHost(d), cudaErrorInvalidValue);
	TAP_ERR(cudaFree(d), cudaSuccess);
	TAP_ERR(cudaFree(d), cudaErrorInvalidValue);	/* twice */
	(void)cudaGetLastError();

	TAP_ERR(cudaMallocManaged((void **)&m, N * sizeof(int), cudaMemAttachGlobal), cudaSuccess);
	m[N - 1] = 7;	/* host access */
	TAP_ERR(cudaPointerGetAttributes(&a, m), cudaSuccess);
	tap_ok(a.type == cudaMemoryTypeManaged && m[N - 1] == 7, "managed memory, host access");
	TAP_ERR(cudaFree(m), cudaSuccess);
	TAP_ERR(cudaMallocHost((void **)&ph, 64), cudaSuccess);
	TAP_ERR(cudaHostGetDevicePointer((void **)&dp, ph, 0), cudaSuccess);
	tap_ok(dp == ph, "cudaHostGetDevicePointer: the same address");
	TAP_ERR(cudaFree(ph), cudaErrorInvalidValue);
	TAP_ERR(cudaFreeHost(ph), cudaSuccess);
	TAP_ERR(cudaHostAlloc((void **)&ph, 64, cudaHostAllocMapped), cudaSuccess);
	TAP_ERR(cudaFreeHost(ph), cudaSuccess);
	TAP_ERR(cudaHostRegister(h, N * sizeof(int), cudaHostRegisterDefault), cudaSuccess);
	TAP_ERR(cudaHostRegister(h + 4, 4, cudaHostRegisterDefault),
		cudaErrorHostMemoryAlreadyRegistered);
	TAP_ERR(cudaHostUnregister(h), cudaSuccess);
	TAP_ERR(cudaHostUnregister(h), cudaErrorHostMemoryNotRegistered);
	TAP_ERR(cudaHostRegister(h, N * sizeof(int), cudaHostRegisterReadOnly), cudaSuccess);
	TAP_ERR(cudaHostUnregister(h), cudaSuccess);
	TAP_ERR(cudaHostRegister(h, N * sizeof(int), cudaHostRegisterIoMemory), cudaErrorNotSupported);
	(void)cudaGetLastError();

	TAP_ERR(cudaMallocPitch(&pitched, &pitch, 10, 4), cudaSuccess);
	tap_ok(pitch >= 10, "cudaMallocPitch: pitch >= width");
	memset(dst2d, 0, sizeof(dst2d));
	for (int r = 0; r < 4; r++)
		for (int c = 0; c < 10; c++)
			src2d[r][c] = (char)(r * 10 + c);
	TAP_ERR(cudaMemcpy2D(pitched, pitch, src2d, 10, 10, 4, cudaMemcpyHostToDevice),
		cudaSuccess);
	TAP_ERR(cudaMemcpy2D(dst2d, 16, pitched, pitch, 10, 4, cudaMemcpyDeviceToHost),
		cudaSuccess);
	tap_ok(dst2d[3][9] == 39 && dst2d[1][0] == 10 && dst2d[2][12] == 0,
	       "cudaMemcpy2D rows and pitch");
	TAP_ERR(cudaMemcpy2D(dst2d, 8, pitched, pitch, 10, 4, cudaMemcpyDeviceToHost),
		cudaErrorInvalidPitchValue);
	TAP_ERR(cudaMemset2D(pitched, pitch, 7, 10, 4), cudaSuccess);
	TAP_ERR(cudaMemcpy2DAsync(dst2d, 16, pitched, pitch, 10, 4, cudaMemcpyDeviceToHost, 0),
		cudaSuccess);
	tap_ok(dst2d[3][9] == 7 && dst2d[0][0] == 7 && dst2d[2][12] == 0,
	       "cudaMemset2D, cudaMemcpy2DAsync");
	TAP_ERR(cudaMemset2D(pitched, pitch, 7, pitch + 1, 4), cudaErrorInvalidPitchValue);
	TAP_ERR(cudaFree(pitched), cudaSuccess);

	/* unified-memory hints, stream-ordered allocation, peers */
	TAP_ERR(cudaMallocManaged((void **)&m, 64, cudaMemAttachGlobal), cudaSuccess);
#if !defined(__CUDACC__) || CUDART_VERSION < 13000	/* CUDA 13 takes a cudaMemLocation */
	TAP_ERR(cudaMemAdvise(m, 64, cudaMemAdviseSetReadMostly, 0), cudaSuccess);
	TAP_ERR(cudaMemAdvise(m, 65, cudaMemAdviseSetReadMostly, 0), cudaErrorInvalidValue);
	TAP_ERR(cudaMemPrefetchAsync(m, 64, 0, 0), cudaSuccess);
#endif
#ifndef __CUDACC__	/* CUDA 12.2's location forms; CUDA 13 dropped the _v2 */
	{
		struct cudaMemLocation dev0 = {cudaMemLocationTypeDevice, 0};
		struct cudaMemLocation dev1 = {cudaMemLocationTypeDevice, 1};
		struct cudaMemLocation host = {cudaMemLocationTypeHost, 0};
		struct cudaMemLocation none = {cudaMemLocationTypeInvalid, 0};

		TAP_ERR(cudaMemPrefetchAsync_v2(m, 64, dev0, 0, 0), cudaSuccess);
		TAP_ERR(cudaMemPrefetchAsync_v2(m, 64, host, 0, 0), cudaSuccess);
		TAP_ERR(cudaMemPrefetchAsync_v2(m, 64, dev1, 0, 0), cudaErrorInvalidValue);
		TAP_ERR(cudaMemPrefetchAsync_v2(m, 64, dev0, 1, 0), cudaErrorInvalidValue);
		TAP_ERR(cudaMemPrefetchAsync_v2(m, 65, host, 0, 0), cudaErrorInvalidValue);
		TAP_ERR(cudaMemAdvise_v2(m, 64, cudaMemAdviseSetPreferredLocation, host), cudaSuccess);
		TAP_ERR(cudaMemAdvise_v2(m, 64, cudaMemAdviseSetAccessedBy, dev0), cudaSuccess);
		TAP_ERR(cudaMemAdvise_v2(m, 64, cudaMemAdviseSetAccessedBy, none), cudaErrorInvalidValue);
	}
#endif
#ifdef __cplusplus	/* CUDA 13's signatures, as C++ overloads beside CUDA 12's */
	{
		cudaMemLocation loc;

		loc.type = cudaMemLocationTypeHost;
		loc.id = 0;
		TAP_ERR(cudaMemPrefetchAsync(m, 64, loc, 0), cudaSuccess);
		loc.type = cudaMemLocationTypeDevice;
		TAP_ERR(cudaMemPrefetchAsync(m, 64, loc, 0, 0), cudaSuccess);
		TAP_ERR(cudaMemAdvise(m, 64, cudaMemAdviseSetReadMostly, loc), cudaSuccess);
		TAP_ERR(cudaMemAdvise(m, 65, cudaMemAdviseSetReadMostly, loc), cudaErrorInvalidValue);
		loc.id = 3;
		TAP_ERR(cudaMemPrefetchAsync(m, 64, loc, 0), cudaErrorInvalidValue);
	}
#endif
	TAP_ERR(cudaStreamAttachMemAsync(0, m, 0, cudaMemAttachGlobal), cudaSuccess);
	TAP_ERR(cudaFree(m), cudaSuccess);
	TAP_ERR(cudaMallocAsync((void **)&dp, 256, 0), cudaSuccess);
	TAP_ERR(cudaFreeAsync(dp, 0), cudaSuccess);
	{
		int can = -1;

		TAP_ERR(cudaDeviceCanAccessPeer(&can, 0, 0), cudaSuccess);
		tap_ok(can == 0, "no peer access: one device");
		TAP_ERR(cudaDeviceCanAccessPeer(&can, 0, 1), cudaErrorInvalidDevice);
		TAP_ERR(cudaMemcpyPeer(dst2d, 0, src2d, 1, 4), cudaErrorInvalidDevice);
		TAP_ERR(cudaMemcpyPeer(dst2d, 0, src2d, 0, 4), cudaSuccess);
	}
	(void)cudaGetLastError();
	free(h);
}

static void test_launch(void)
{
	enum { N = 1000 };
	float *x, *y, a = 2.5f;
	int *in, *out, ok = 1, n = N;
	void *args[4];
	struct cudaFuncAttributes fa;
	int blocks = -1, bs = 0, mg = 0;

	cudaMallocManaged((void **)&x, N * sizeof(float), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&y, N * sizeof(float), cudaMemAttachGlobal);
	for (int i = 0; i < N; i++)
		x[i] = (float)i, y[i] = 1.0f;
	LAUNCH(saxpy, (N + 255) / 256, 256, 0, 0, N, a, x, y);
	TAP_ERR(cudaGetLastError(), cudaSuccess);
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
	for (int i = 0; i < N; i++)
		ok &= y[i] == 2.5f * (float)i + 1.0f;
	tap_ok(ok, "saxpy<<<4, 256>>>: y = 2.5 x + 1 (C reference)");

	args[0] = &n, args[1] = &a, args[2] = &x, args[3] = &y;
	TAP_ERR(cudaLaunchKernel((const void *)saxpy, d3(4, 1, 1), d3(256, 1, 1), args, 0, 0),
		cudaSuccess);
	ok = 1;
	for (int i = 0; i < N; i++)
		ok &= y[i] == 5.0f * (float)i + 1.0f;
	tap_ok(ok, "cudaLaunchKernel(saxpy) by the stub's address");
	TAP_ERR(cudaLaunchKernel((const void *)test_launch, d3(1, 1, 1), d3(1, 1, 1), args, 0, 0),
		cudaErrorInvalidDeviceFunction);
	TAP_ERR(cudaGetLastError(), cudaErrorInvalidDeviceFunction);

	/* configuration errors: returned by the launch, not sticky */
	LAUNCH(saxpy, 1, 2048, 0, 0, N, a, x, y);
	TAP_ERR(cudaGetLastError(), cudaErrorInvalidConfiguration);
	TAP_ERR(cudaGetLastError(), cudaSuccess);
	TAP_ERR(cudaLaunchKernel((const void *)saxpy, d3(1, 1, 1), d3(2048, 1, 1), args, 0, 0),
		cudaErrorInvalidConfiguration);
	TAP_ERR(cudaLaunchKernel((const void *)saxpy, d3(1, 1, 1), d3(0, 1, 1), args, 0, 0),
		cudaErrorInvalidConfiguration);
	TAP_ERR(cudaLaunchKernel((const void *)saxpy, d3(1, 65536, 1), d3(32, 1, 1), args, 0, 0),
		cudaErrorInvalidConfiguration);
	TAP_ERR(cudaLaunchKernel((const void *)saxpy, d3(1, 1, 1), d3(32, 1, 1), args,
				 (size_t)2 << 20, 0),
		cudaErrorInvalidValue);
	TAP_ERR(cudaLaunchKernel((const void *)saxpy, d3(1, 1, 1), d3(32, 1, 1), NULL, 0, 0),
		cudaErrorInvalidValue);
	TAP_ERR(cudaLaunchKernel((const void *)saxpy, d3(1, 1, 1), d3(32, 1, 1), args, 0,
				 (cudaStream_t)&ok), cudaErrorInvalidResourceHandle);
	(void)cudaGetLastError();
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
#ifndef __CUDACC__
	/* a stub called without <<<>>> */
	saxpy(N, a, x, y);
	TAP_ERR(cudaGetLastError(), cudaErrorMissingConfiguration);
#endif

	/* dynamic shared memory */
	cudaMallocManaged((void **)&in, 8 * 128 * sizeof(int), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&out, 8 * sizeof(int), cudaMemAttachGlobal);
	for (int i = 0; i < 8 * 128; i++)
		in[i] = i;
	LAUNCH(block_sum, 8, 128, 128 * sizeof(int), 0, in, out);
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
	ok = 1;
	for (int b = 0; b < 8; b++)
		ok &= out[b] == 128 * (128 * b) + 127 * 128 / 2;
	tap_ok(ok, "block_sum: extern __shared__ of the launch's dynamic bytes");

	/* attributes and occupancy */
	TAP_ERR(cudaFuncGetAttributes(&fa, (const void *)scale_coef), cudaSuccess);
	tap_ok(fa.sharedSizeBytes == 16 && fa.maxThreadsPerBlock >= 1024,
	       "cudaFuncGetAttributes: static shared bytes, block limit");
	TAP_ERR(cudaFuncGetAttributes(&fa, (const void *)test_launch),
		cudaErrorInvalidDeviceFunction);
	TAP_ERR(cudaFuncSetAttribute((const void *)block_sum,
				     cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024),
		cudaSuccess);
	TAP_ERR(cudaFuncGetAttributes(&fa, (const void *)block_sum), cudaSuccess);
	tap_ok(fa.maxDynamicSharedSizeBytes == 96 * 1024,
	       "cudaFuncSetAttribute(max dynamic shared)");
	TAP_ERR(cudaFuncSetAttribute((const void *)block_sum,
				     cudaFuncAttributeMaxDynamicSharedMemorySize, 64 << 20),
		cudaErrorInvalidValue);
	/* clusters (Hopper code's habit): permitting sizes is a hint, a cluster of one is every launch */
	TAP_ERR(cudaFuncSetAttribute((const void *)block_sum,
				     cudaFuncAttributeNonPortableClusterSizeAllowed, 1),
		cudaSuccess);
	TAP_ERR(cudaFuncSetAttribute((const void *)block_sum,
				     cudaFuncAttributeClusterSchedulingPolicyPreference,
				     cudaClusterSchedulingPolicySpread),
		cudaSuccess);
	TAP_ERR(cudaFuncSetAttribute((const void *)block_sum, cudaFuncAttributeRequiredClusterWidth, 1),
		cudaSuccess);
	TAP_ERR(cudaFuncSetAttribute((const void *)block_sum, cudaFuncAttributeRequiredClusterWidth, 2),
		cudaErrorNotSupported);
	TAP_ERR(cudaFuncSetAttribute((const void *)block_sum, cudaFuncAttributeClusterDimMustBeSet, 1),
		cudaErrorInvalidValue);
	(void)cudaGetLastError();
	TAP_ERR(cudaFuncGetAttributes(&fa, (const void *)block_sum), cudaSuccess);
	{
		cudaLaunchConfig_t cc;
		cudaLaunchAttribute ca;
		int clusters = -1, per_sm = 0, sms = 0, size = 0;

		cc.gridDim = d3(64, 1, 1), cc.blockDim = d3(128, 1, 1);
		cc.dynamicSmemBytes = 0, cc.stream = 0, cc.attrs = NULL, cc.numAttrs = 0;
		TAP_ERR(cudaOccupancyMaxActiveClusters(&clusters, (const void *)saxpy, &cc), cudaSuccess);
		cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, (const void *)saxpy, 128, 0);
		cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
		tap_ok(clusters == per_sm * sms && clusters > 0,
		       "cudaOccupancyMaxActiveClusters: clusters of one block = the resident blocks (%d)",
		       clusters);
		memset(&ca, 0, sizeof(ca));
		ca.id = cudaLaunchAttributeClusterDimension;
		ca.val.clusterDim.x = 2, ca.val.clusterDim.y = 1, ca.val.clusterDim.z = 1;
		cc.attrs = &ca, cc.numAttrs = 1;
		TAP_ERR(cudaOccupancyMaxActiveClusters(&clusters, (const void *)saxpy, &cc), cudaSuccess);
		tap_ok(clusters == 0, "no cluster of two blocks fits");
		TAP_ERR(cudaOccupancyMaxPotentialClusterSize(&size, (const void *)saxpy, &cc), cudaSuccess);
		tap_ok(size == 1, "the largest cluster: one block");
		TAP_ERR(cudaOccupancyMaxActiveClusters(NULL, (const void *)saxpy, &cc), cudaErrorInvalidValue);
		(void)cudaGetLastError();
	}
	tap_ok(fa.nonPortableClusterSizeAllowed == 1 && fa.requiredClusterWidth == 1 &&
		       fa.clusterSchedulingPolicyPreference == cudaClusterSchedulingPolicySpread &&
		       fa.requiredClusterHeight == 0,
	       "cudaFuncGetAttributes reads the cluster attributes back");
	TAP_ERR(cudaFuncSetCacheConfig((const void *)block_sum, cudaFuncCachePreferShared),
		cudaSuccess);
	TAP_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)saxpy, 256, 0),
		cudaSuccess);
	tap_ok(blocks == 4, "occupancy: 4 resident blocks of 256 threads per worker (1024 threads, %d)", blocks);
#ifdef __cplusplus
	TAP_ERR(cudaOccupancyMaxPotentialBlockSize(&mg, &bs, saxpy), cudaSuccess);
#else
	TAP_ERR(idxgenOccupancyMaxPotentialBlockSize(&mg, &bs, (const void *)saxpy, 0, 0),
		cudaSuccess);
#endif
	tap_ok(bs >= 32 && bs <= 1024 && bs % 32 == 0 && mg >= 1,
	       "occupancy: a potential block size and grid");
	(void)cudaGetLastError();
	cudaFree(x);
	cudaFree(y);
	cudaFree(in);
	cudaFree(out);
}

static void test_streams(void)
{
	enum { N = 4096, REPS = 20 };
	cudaStream_t s1, s2, nb;
	int *d, *h, ok = 1, v, *cell;
	struct gate g;
	pthread_t thr;
	unsigned int flags = 99;

	TAP_ERR(cudaStreamCreate(&s1), cudaSuccess);
	TAP_ERR(cudaStreamCreateWithFlags(&s2, cudaStreamDefault), cudaSuccess);
	TAP_ERR(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking), cudaSuccess);
	TAP_ERR(cudaStreamCreateWithFlags(&s2, 0x80), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	TAP_ERR(cudaStreamGetFlags(nb, &flags), cudaSuccess);
	tap_ok(flags == cudaStreamNonBlocking, "cudaStreamGetFlags");
	cudaMalloc((void **)&d, N * sizeof(int));
	cudaMallocHost((void **)&h, N * sizeof(int));

	/* in order: set, REPS increments, copy back, all queued */
	TAP_ERR(cudaMemsetAsync(d, 0, N * sizeof(int), s1), cudaSuccess);
	for (int r = 0; r < REPS; r++)
		LAUNCH(add_one, N / 256, 256, 0, s1, d, N);
	TAP_ERR(cudaGetLastError(), cudaSuccess);
	TAP_ERR(cudaMemcpyAsync(h, d, N * sizeof(int), cudaMemcpyDeviceToHost, s1), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s1), cudaSuccess);
	for (int i = 0; i < N; i++)
		ok &= h[i] == REPS;
	tap_ok(ok, "stream: memset, 20 kernels, copy run in order");

	/* a gated stream is not ready; what follows waits for the gate */
	memset(&g, 0, sizeof(g));
	TAP_ERR(cudaLaunchHostFunc(s1, CUDART_CB_gate, &g), cudaSuccess);
	TAP_ERR(cudaLaunchHostFunc(s1, CUDART_CB_log_b, &g), cudaSuccess);
	wait_started(&g);
	TAP_ERR(cudaStreamQuery(s1), cudaErrorNotReady);
	TAP_ERR(cudaGetLastError(), cudaSuccess);	/* not ready is not an error */
	/* an idle created stream is ready, whatever a blocking stream does
	 * (regression: it reported the legacy default stream's state) */
	TAP_ERR(cudaStreamQuery(s2), cudaSuccess);
	TAP_ERR(cudaStreamQuery(nb), cudaSuccess);
	TAP_ERR(cudaStreamQuery(0), cudaErrorNotReady);
	pthread_create(&thr, NULL, release_later, &g);
	TAP_ERR(cudaStreamSynchronize(s1), cudaSuccess);
	pthread_join(thr, NULL);
	check_quiet(&g, "stream order");
	tap_ok(!strcmp(g.log, "AB"), "host functions run in stream order");
	TAP_ERR(cudaStreamQuery(s1), cudaSuccess);

	/* legacy default stream: waits for the blocking stream s2 */
	memset(&g, 0, sizeof(g));
	TAP_ERR(cudaLaunchHostFunc(s2, CUDART_CB_gate, &g), cudaSuccess);
	wait_started(&g);
	pthread_create(&thr, NULL, release_later, &g);
	TAP_ERR(cudaLaunchHostFunc(0, CUDART_CB_log_d, &g), cudaSuccess);
	pthread_join(thr, NULL);
	check_quiet(&g, "default stream");
	tap_ok(!strcmp(g.log, "AD"), "the default stream waits for a blocking stream");

	/* ... but not for a non-blocking one */
	memset(&g, 0, sizeof(g));
	TAP_ERR(cudaLaunchHostFunc(nb, CUDART_CB_gate, &g), cudaSuccess);
	wait_started(&g);
	pthread_create(&thr, NULL, release_after_d, &g);
	TAP_ERR(cudaLaunchHostFunc(0, CUDART_CB_log_d, &g), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(nb), cudaSuccess);
	pthread_join(thr, NULL);
	tap_ok(!strcmp(g.log, "DA"), "the default stream does not wait for a non-blocking stream");

	/* argument values are copied at launch */
	cudaMallocManaged((void **)&cell, sizeof(int), cudaMemAttachGlobal);
	*cell = 0;
	memset(&g, 0, sizeof(g));
	TAP_ERR(cudaLaunchHostFunc(s1, CUDART_CB_gate, &g), cudaSuccess);
	v = 41;
	LAUNCH(store, 1, 1, 0, s1, v, cell);
	v = 99;	/* after the launch, before it runs */
	__atomic_store_n(&g.released, 1, __ATOMIC_SEQ_CST);
	TAP_ERR(cudaStreamSynchronize(s1), cudaSuccess);
	tap_ok(*cell == 41, "a queued launch keeps the argument values of the launch");
	cudaFree(cell);

	TAP_ERR(cudaStreamDestroy(s1), cudaSuccess);
	TAP_ERR(cudaStreamDestroy(s1), cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaStreamSynchronize(s1), cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaStreamDestroy(s2), cudaSuccess);
	TAP_ERR(cudaStreamDestroy(nb), cudaSuccess);
	TAP_ERR(cudaStreamDestroy(0), cudaErrorInvalidResourceHandle);
	(void)cudaGetLastError();
	cudaFree(d);
	cudaFreeHost(h);
}

static void test_events(void)
{
	cudaStream_t s1, s2, s3;
	cudaEvent_t e0, e1, en, et;
	struct gate g;
	pthread_t thr;
	float ms = -1.0f;
	int *d;

	cudaStreamCreate(&s1);
	cudaStreamCreate(&s2);
	cudaMalloc((void **)&d, 1 << 20);
	TAP_ERR(cudaEventCreate(&e0), cudaSuccess);
	TAP_ERR(cudaEventCreate(&e1), cudaSuccess);
	TAP_ERR(cudaEventCreate(&en), cudaSuccess);
	TAP_ERR(cudaEventCreateWithFlags(&et, cudaEventDisableTiming), cudaSuccess);
	TAP_ERR(cudaEventCreateWithFlags(&et, 0x40), cudaErrorInvalidValue);
	TAP_ERR(cudaEventQuery(en), cudaSuccess);	/* never recorded: complete */
	TAP_ERR(cudaEventSynchronize(en), cudaSuccess);
	TAP_ERR(cudaEventElapsedTime(&ms, e0, en), cudaErrorInvalidResourceHandle);

	TAP_ERR(cudaEventRecord(e0, s1), cudaSuccess);
	for (int r = 0; r < 5; r++)
		LAUNCH(add_one, (1 << 18) / 256, 256, 0, s1, d, 1 << 18);
	TAP_ERR(cudaEventRecord(e1, s1), cudaSuccess);
	TAP_ERR(cudaEventSynchronize(e1), cudaSuccess);
	TAP_ERR(cudaEventQuery(e1), cudaSuccess);
	TAP_ERR(cudaEventElapsedTime(&ms, e0, e1), cudaSuccess);
	/* any value the clock gives, but a number: no NaN, no infinity */
	tap_ok(ms >= 0.0f && ms <= FLT_MAX, "cudaEventElapsedTime >= 0 ms");
	TAP_ERR(cudaEventRecord(et, 0), cudaSuccess);
	TAP_ERR(cudaEventElapsedTime(&ms, e0, et), cudaErrorInvalidResourceHandle);

	/* a gated record is not complete; s2 waits for it */
	memset(&g, 0, sizeof(g));
	cudaLaunchHostFunc(s1, CUDART_CB_gate, &g);
	TAP_ERR(cudaEventRecord(e1, s1), cudaSuccess);
	TAP_ERR(cudaStreamWaitEvent(s2, e1, cudaEventWaitExternal), cudaSuccess);
	TAP_ERR(cudaStreamWaitEvent(s2, e1, 2), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	TAP_ERR(cudaStreamWaitEvent(s2, e1, 0), cudaSuccess);
	TAP_ERR(cudaLaunchHostFunc(s2, CUDART_CB_log_b, &g), cudaSuccess);
	wait_started(&g);
	TAP_ERR(cudaEventQuery(e1), cudaErrorNotReady);
	TAP_ERR(cudaEventElapsedTime(&ms, e0, e1), cudaErrorNotReady);
	pthread_create(&thr, NULL, release_later, &g);
	TAP_ERR(cudaStreamSynchronize(s2), cudaSuccess);
	pthread_join(thr, NULL);
	check_quiet(&g, "cudaStreamWaitEvent");
	tap_ok(!strcmp(g.log, "AB"), "cudaStreamWaitEvent: s2 waits for s1's record");
	TAP_ERR(cudaEventSynchronize(e1), cudaSuccess);

	/*
	 * The wait is for the record it saw: a NEWER record of the same event
	 * in another stream (a non-blocking one, done at once) must not let
	 * s2 run before s1's older, gated record (regression: the event kept
	 * only its newest completed generation, and s2 ran early).
	 */
	cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking);
	memset(&g, 0, sizeof(g));
	cudaLaunchHostFunc(s1, CUDART_CB_gate, &g);
	TAP_ERR(cudaEventRecord(e1, s1), cudaSuccess);
	TAP_ERR(cudaStreamWaitEvent(s2, e1, 0), cudaSuccess);
	TAP_ERR(cudaLaunchHostFunc(s2, CUDART_CB_log_b, &g), cudaSuccess);
	wait_started(&g);
	TAP_ERR(cudaEventRecord(e1, s3), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(s3), cudaSuccess);
	TAP_ERR(cudaEventQuery(e1), cudaSuccess);	/* the newest record ran */
	pthread_create(&thr, NULL, release_later, &g);
	TAP_ERR(cudaStreamSynchronize(s2), cudaSuccess);
	pthread_join(thr, NULL);
	check_quiet(&g, "generations");
	tap_ok(!strcmp(g.log, "AB"),
	       "cudaStreamWaitEvent waits for its generation, not a newer record's");
	cudaStreamDestroy(s3);

	/* destroyed while a queued wait still uses it: fine */
	memset(&g, 0, sizeof(g));
	cudaLaunchHostFunc(s1, CUDART_CB_gate, &g);
	cudaEventRecord(e1, s1);
	cudaStreamWaitEvent(s2, e1, 0);
	TAP_ERR(cudaEventDestroy(e1), cudaSuccess);
	__atomic_store_n(&g.released, 1, __ATOMIC_SEQ_CST);
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
	TAP_ERR(cudaEventDestroy(e1), cudaErrorInvalidResourceHandle);
	TAP_ERR(cudaEventRecord(e1, 0), cudaErrorInvalidResourceHandle);
	(void)cudaGetLastError();
	cudaEventDestroy(e0);
	cudaEventDestroy(en);
	cudaEventDestroy(et);
	cudaStreamDestroy(s1);
	cudaStreamDestroy(s2);
	cudaFree(d);
}

static void test_symbols(void)
{
	const float c[4] = { 1.0f, 2.0f, 3.0f, 4.0f };
	float back[4] = { 0 }, *y;
	void *addr = NULL;
	size_t size = 0;
	int ok = 1, notsym[4];

	TAP_ERR(cudaMemcpyToSymbol(coef, c, sizeof(c), 0, cudaMemcpyHostToDevice), cudaSuccess);
	cudaMallocManaged((void **)&y, 64 * sizeof(float), cudaMemAttachGlobal);
	for (int i = 0; i < 64; i++)
		y[i] = (float)i;
	LAUNCH(scale_coef, 2, 32, 0, 0, y, 64);
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
	for (int i = 0; i < 64; i++)
		ok &= y[i] == (float)i * c[i % 4];
	tap_ok(ok, "a kernel reads the __constant__ array written by cudaMemcpyToSymbol");
	TAP_ERR(cudaMemcpyFromSymbol(back, coef, 2 * sizeof(float), 2 * sizeof(float),
				     cudaMemcpyDeviceToHost), cudaSuccess);
	tap_ok(back[0] == 3.0f && back[1] == 4.0f, "cudaMemcpyFromSymbol with an offset");
	TAP_ERR(cudaGetSymbolAddress(&addr, coef), cudaSuccess);
	TAP_ERR(cudaGetSymbolSize(&size, coef), cudaSuccess);
	tap_ok(size == sizeof(float[4]), "cudaGetSymbolSize");
#ifndef __CUDACC__
	tap_ok(addr == (void *)coef, "one address space: the symbol's address is its host address");
#endif
	TAP_ERR(cudaMemcpyToSymbol(coef, c, sizeof(c), 4, cudaMemcpyHostToDevice),
		cudaErrorInvalidValue);
	TAP_ERR(cudaMemcpyToSymbol(coef, c, 4, 0, cudaMemcpyDeviceToHost),
		cudaErrorInvalidMemcpyDirection);
	TAP_ERR(cudaMemcpyToSymbol(notsym, c, 4, 0, cudaMemcpyHostToDevice),
		cudaErrorInvalidSymbol);
	TAP_ERR(cudaMemcpyToSymbolAsync(coef, c, sizeof(c), 0, cudaMemcpyHostToDevice, 0),
		cudaSuccess);
	(void)cudaGetLastError();
	cudaFree(y);
}

/* $IDXGEN_SCHEDULE: the order in which a block's threads run (the index
 * stream's), sequential unless it names another. */
static void test_schedule(void)
{
	enum { W = 16, H = 16 };
	const char *sched = getenv("IDXGEN_SCHEDULE");
	int *ticket, *out, identity = 1, perm = 1, seen[W * H] = { 0 };
	char m[128];

	cudaMallocManaged((void **)&ticket, sizeof(int), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&out, W * H * sizeof(int), cudaMemAttachGlobal);
	*ticket = 0;
	LAUNCH(order_probe, 1, d3(W, H, 1), 0, 0, ticket, out);
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
	for (int k = 0; k < W * H; k++) {
		identity &= out[k] == k;
		perm &= out[k] >= 0 && out[k] < W * H && !seen[out[k]]++;
	}
	tap_ok(perm, "every thread of the block ran once");
#ifndef __CUDACC__
	if (!sched || !*sched || !strcmp(sched, "sequential")) {
		tap_ok(identity, "no IDXGEN_SCHEDULE: threads run in sequential (x-fastest) order");
	} else if (!strcmp(sched, "hilbert") || !strcmp(sched, "zigzag")) {
		snprintf(m, sizeof(m), "IDXGEN_SCHEDULE=%s: the threads run in that order, not x-fastest",
			 sched);
		tap_ok(!identity, "%s", m);
	}
#else
	(void)sched, (void)m, (void)identity;
#endif
	cudaFree(ticket);
	cudaFree(out);
}

/* A resource description of linear memory, pitched 2-D memory or an array. */
static struct cudaResourceDesc linear_res(void *p, size_t bytes, struct cudaChannelFormatDesc f)
{
	struct cudaResourceDesc r;

	memset(&r, 0, sizeof(r));
	r.resType = cudaResourceTypeLinear;
	r.res.linear.devPtr = p;
	r.res.linear.desc = f;
	r.res.linear.sizeInBytes = bytes;
	return r;
}

static struct cudaResourceDesc array_res(cudaArray_t a)
{
	struct cudaResourceDesc r;

	memset(&r, 0, sizeof(r));
	r.resType = cudaResourceTypeArray;
	r.res.array.array = a;
	return r;
}

/*
 * Texture and surface objects: the host calls and their error paths
 * (sampling is checked by tests/cuda/progs/textures.cu against a
 * reference); the objects left alive here are freed by test_sticky's
 * reset (the ASan build's leak check).
 */
static void test_texture_objects(void)
{
	struct cudaChannelFormatDesc f1 = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
	struct cudaChannelFormatDesc i1 = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindSigned);
	struct cudaChannelFormatDesc u3 = cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
	struct cudaChannelFormatDesc got;
	struct cudaTextureDesc td, td_back;
	struct cudaResourceDesc r, r_back;
	struct cudaResourceViewDesc view;
	cudaTextureObject_t t = 0, kept = 0;
	cudaSurfaceObject_t surf = 0;
	cudaArray_t arr = NULL;
	float *buf = NULL;

	tap_ok(sizeof(struct cudaResourceDesc) == 144 && sizeof(struct cudaResourceViewDesc) == 112 &&
		       cudaResourceTypePitch2D == 3 && cudaResViewFormatUnsignedBlockCompressed7 == 0x22,
	       "resource types: CUDA's values and layout");
	cudaMalloc((void **)&buf, 64 * sizeof(float));
	cudaMallocArray(&arr, &f1, 8, 4, cudaArraySurfaceLoadStore);
	memset(&td, 0, sizeof(td));
	td.addressMode[0] = cudaAddressModeBorder;
	td.normalizedCoords = 1;
	td.borderColor[0] = 2.5f;

	r = linear_res(buf, 64 * sizeof(float), f1);
	TAP_ERR(cudaCreateTextureObject(NULL, &r, &td, NULL), cudaErrorInvalidValue);
	TAP_ERR(cudaCreateTextureObject(&t, NULL, &td, NULL), cudaErrorInvalidValue);
	TAP_ERR(cudaCreateTextureObject(&t, &r, NULL, NULL), cudaErrorInvalidValue);
	r.res.linear.sizeInBytes = 6;
	TAP_ERR(cudaCreateTextureObject(&t, &r, &td, NULL), cudaErrorInvalidValue);
	r = linear_res(buf, 60, u3);
	TAP_ERR(cudaCreateTextureObject(&t, &r, &td, NULL), cudaErrorInvalidValue);
	r = linear_res(buf, 64, i1);
	td.readMode = cudaReadModeNormalizedFloat;
	TAP_ERR(cudaCreateTextureObject(&t, &r, &td, NULL), cudaErrorInvalidValue);
	td.readMode = cudaReadModeElementType;
	memset(&view, 0, sizeof(view));
	view.format = cudaResViewFormatFloat1;
	r = linear_res(buf, 64, f1);
	TAP_ERR(cudaCreateTextureObject(&t, &r, &td, &view), cudaErrorNotSupported);
	r.resType = cudaResourceTypeMipmappedArray;
	TAP_ERR(cudaCreateTextureObject(&t, &r, &td, NULL), cudaErrorNotSupported);
	r = array_res(NULL);
	TAP_ERR(cudaCreateTextureObject(&t, &r, &td, NULL), cudaErrorInvalidResourceHandle);
	(void)cudaGetLastError();

	/* an integer array cannot be filtered when its integers are read */
	{
		cudaArray_t ia = NULL;

		cudaMallocArray(&ia, &i1, 4, 0, 0);
		r = array_res(ia);
		td.filterMode = cudaFilterModeLinear;
		TAP_ERR(cudaCreateTextureObject(&t, &r, &td, NULL), cudaErrorInvalidValue);
		td.filterMode = cudaFilterModePoint;
		cudaFreeArray(ia);
	}

	r = linear_res(buf, 64 * sizeof(float), f1);
	TAP_ERR(cudaCreateTextureObject(&t, &r, &td, NULL), cudaSuccess);
	tap_ok(t != 0, "a texture object is a non-zero handle");
	TAP_ERR(cudaGetTextureObjectResourceDesc(&r_back, t), cudaSuccess);
	TAP_ERR(cudaGetTextureObjectTextureDesc(&td_back, t), cudaSuccess);
	TAP_ERR(cudaGetTextureObjectResourceViewDesc(&view, t), cudaSuccess);
	tap_ok(r_back.resType == cudaResourceTypeLinear && r_back.res.linear.devPtr == buf &&
		       r_back.res.linear.sizeInBytes == 64 * sizeof(float) &&
		       td_back.addressMode[0] == cudaAddressModeBorder && td_back.borderColor[0] == 2.5f &&
		       view.format == cudaResViewFormatNone,
	       "the descriptions read back are the ones given");
	TAP_ERR(cudaGetTextureObjectTextureDesc(NULL, t), cudaErrorInvalidValue);
	TAP_ERR(cudaDestroySurfaceObject(t), cudaErrorInvalidValue);
	TAP_ERR(cudaDestroyTextureObject(t), cudaSuccess);
	TAP_ERR(cudaDestroyTextureObject(t), cudaErrorInvalidValue);
	TAP_ERR(cudaGetTextureObjectResourceDesc(&r_back, t), cudaErrorInvalidValue);
	TAP_ERR(cudaDestroyTextureObject(0), cudaErrorInvalidValue);
	(void)cudaGetLastError();

	/* surfaces are arrays */
	r = linear_res(buf, 64 * sizeof(float), f1);
	TAP_ERR(cudaCreateSurfaceObject(&surf, &r), cudaErrorInvalidValue);
	r = array_res(arr);
	TAP_ERR(cudaCreateSurfaceObject(NULL, &r), cudaErrorInvalidValue);
	TAP_ERR(cudaCreateSurfaceObject(&surf, &r), cudaSuccess);
	TAP_ERR(cudaGetSurfaceObjectResourceDesc(&r_back, surf), cudaSuccess);
	tap_ok(r_back.resType == cudaResourceTypeArray && r_back.res.array.array == arr,
	       "cudaGetSurfaceObjectResourceDesc: the array given");
	TAP_ERR(cudaDestroyTextureObject(surf), cudaErrorInvalidValue);
	TAP_ERR(cudaDestroySurfaceObject(surf), cudaSuccess);
	TAP_ERR(cudaGetChannelDesc(&got, arr), cudaSuccess);
	tap_ok(got.x == 32 && got.y == 0 && got.f == cudaChannelFormatKindFloat,
	       "cudaGetChannelDesc: the array's format");
	TAP_ERR(cudaGetChannelDesc(NULL, arr), cudaErrorInvalidValue);
	TAP_ERR(cudaGetChannelDesc(&got, NULL), cudaErrorInvalidResourceHandle);
	(void)cudaGetLastError();

#ifndef __CUDACC__
	/* what device code's reads see at the edges (the ABI texture_fetch_functions.h calls) */
	{
		struct __idxgenTexel tx;
		float h[32];
		const float *at;

		for (int i = 0; i < 32; i++)
			h[i] = (float)i;
		cudaMemcpy2DToArray(arr, 0, 0, h, 8 * sizeof(float), 8 * sizeof(float), 4,
				    cudaMemcpyHostToDevice);
		r = array_res(arr);
		TAP_ERR(cudaCreateTextureObject(&kept, &r, &td, NULL), cudaSuccess);
		__idxgenTexFetch(kept, 1, -0.01f, 0.0f, 0.0f, -1, &tx);
		tap_ok(tx.__f[0] == 2.5f, "border: a read left of the texture is the border colour (%g)",
		       tx.__f[0]);
		__idxgenTexFetch(kept, 1, 0.99f, 0.0f, 0.0f, -1, &tx);
		tap_ok(tx.__f[0] == 7.0f, "normalized 0.99 of 8 elements reads element 7 (%g)", tx.__f[0]);
		TAP_ERR(cudaCreateSurfaceObject(&surf, &r), cudaSuccess);
		at = (const float *)__idxgenSurfAt(surf, 28, 3, 0, -1, 4, cudaBoundaryModeZero);
		tap_ok(at && *at == 31.0f, "surface: byte 28 of row 3 is the last element of the row");
		tap_ok(!__idxgenSurfAt(surf, 29, 3, 0, -1, 4, cudaBoundaryModeZero),
		       "surface, zero mode: an element past the row is nothing");
		at = (const float *)__idxgenSurfAt(surf, 40, 9, 0, -1, 4, cudaBoundaryModeClamp);
		tap_ok(at && *at == 31.0f, "surface, clamp mode: the last element of the last row");
		/* kept and surf stay alive: cudaDeviceReset (test_sticky) frees them */
	}
#endif
	(void)kept;
	/* arr stays allocated: cudaDeviceReset (test_sticky) frees it */
	{
		cudaArray_t gone = NULL;

		cudaMallocArray(&gone, &f1, 4, 0, 0);
		TAP_ERR(cudaFreeArray(gone), cudaSuccess);
		TAP_ERR(cudaFreeArray(gone), cudaErrorInvalidValue);	/* freed twice: an error, not a crash */
		(void)cudaGetLastError();
	}
	cudaFree(buf);
}

/* Stream attributes, limits of L2 and the device runtime, peer calls on one device. */
static void test_attributes(void)
{
	cudaLaunchAttributeValue in, out;
	cudaStream_t s, t;
	size_t v = 1;
	int p2p = 0;

	cudaStreamCreate(&s);
	cudaStreamCreate(&t);
	memset(&in, 0, sizeof(in));
	in.accessPolicyWindow.num_bytes = 4096;
	in.accessPolicyWindow.hitRatio = 0.6f;
	in.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
	in.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
	TAP_ERR(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &in), cudaSuccess);
	TAP_ERR(cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &out), cudaSuccess);
	tap_ok(out.accessPolicyWindow.num_bytes == 4096 && out.accessPolicyWindow.hitRatio == 0.6f &&
		       out.accessPolicyWindow.hitProp == cudaAccessPropertyPersisting,
	       "a stream's access-policy window reads back as set");
	TAP_ERR(cudaStreamCopyAttributes(t, s), cudaSuccess);
	TAP_ERR(cudaStreamGetAttribute(t, cudaStreamAttributeAccessPolicyWindow, &out), cudaSuccess);
	tap_ok(out.accessPolicyWindow.num_bytes == 4096, "cudaStreamCopyAttributes copies it");
	TAP_ERR(cudaStreamGetAttribute(0, cudaStreamAttributeSynchronizationPolicy, &out), cudaSuccess);
	tap_ok(out.syncPolicy == cudaSyncPolicyAuto, "the legacy stream's synchronization policy: auto");
	in.syncPolicy = cudaSyncPolicyBlockingSync;
	TAP_ERR(cudaStreamSetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &in), cudaSuccess);
	TAP_ERR(cudaStreamGetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &out), cudaSuccess);
	tap_ok(out.syncPolicy == cudaSyncPolicyBlockingSync, "and a stream's as set");
	TAP_ERR(cudaStreamGetAttribute(s, cudaStreamAttributePriority, &out), cudaSuccess);
	TAP_ERR(cudaStreamGetAttribute(s, cudaLaunchAttributeCooperative, &out), cudaErrorInvalidValue);
	in.syncPolicy = (enum cudaSynchronizationPolicy)9;
	TAP_ERR(cudaStreamSetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &in),
		cudaErrorInvalidValue);
	TAP_ERR(cudaStreamGetAttribute(s, cudaStreamAttributePriority, NULL), cudaErrorInvalidValue);

	TAP_ERR(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 1u << 20), cudaSuccess);
	TAP_ERR(cudaDeviceGetLimit(&v, cudaLimitPersistingL2CacheSize), cudaSuccess);
	tap_ok(v == 0, "no L2 to set aside: cudaLimitPersistingL2CacheSize reads 0");
	TAP_ERR(cudaDeviceGetLimit(&v, cudaLimitDevRuntimeSyncDepth), cudaSuccess);
	TAP_ERR(cudaDeviceGetLimit(&v, (enum cudaLimit)7), cudaErrorInvalidValue);
	TAP_ERR(cudaCtxResetPersistingL2Cache(), cudaSuccess);
	TAP_ERR(cudaDeviceGetP2PAttribute(&p2p, cudaDevP2PAttrAccessSupported, 0, 0), cudaErrorInvalidDevice);
	TAP_ERR(cudaDeviceDisablePeerAccess(0), cudaErrorInvalidDevice);
	(void)cudaGetLastError();

	/* cudaLaunchKernelEx: hints accepted, the completion event recorded after the kernel */
	{
		enum { N = 4096 };
		cudaLaunchAttribute la[5];
		cudaLaunchConfig_t cfg;
		cudaEvent_t done;
		int *d = NULL, *h = (int *)malloc(N * sizeof(int)), n = N, ok = 1;
		void *args[2];

		cudaMalloc((void **)&d, N * sizeof(int));
		cudaMemset(d, 0, N * sizeof(int));
		cudaEventCreateWithFlags(&done, cudaEventDisableTiming);
		memset(la, 0, sizeof(la));
		la[0].id = cudaLaunchAttributeMemSyncDomain;
		la[0].val.memSyncDomain = cudaLaunchMemSyncDomainRemote;
		la[1].id = cudaLaunchAttributePreferredSharedMemoryCarveout;
		la[1].val.sharedMemCarveout = 50;
		la[2].id = cudaLaunchAttributePreferredClusterDimension;
		la[2].val.preferredClusterDim.x = 2;
		la[2].val.preferredClusterDim.y = la[2].val.preferredClusterDim.z = 1;
		la[3].id = cudaLaunchAttributeClusterSchedulingPolicyPreference;
		la[3].val.clusterSchedulingPolicyPreference = cudaClusterSchedulingPolicySpread;
		la[4].id = cudaLaunchAttributeLaunchCompletionEvent;
		la[4].val.launchCompletionEvent.event = done;
		cfg.dynamicSmemBytes = 0;
		cfg.gridDim = d3(N / 256, 1, 1);
		cfg.blockDim = d3(256, 1, 1);
		cfg.stream = s;
		cfg.attrs = la;
		cfg.numAttrs = 5;
		args[0] = &d, args[1] = &n;
		TAP_ERR(cudaLaunchKernelExC(&cfg, (const void *)add_one, args), cudaSuccess);
		TAP_ERR(cudaEventSynchronize(done), cudaSuccess);
		cudaMemcpy(h, d, N * sizeof(int), cudaMemcpyDeviceToHost);
		for (int i = 0; i < N; i++)
			ok &= h[i] == 1;
		tap_ok(ok, "cudaLaunchKernelEx with 5 hint/event attributes ran the kernel once");
		la[0].id = cudaLaunchAttributeDeviceUpdatableKernelNode;
		la[0].val.deviceUpdatableKernelNode.deviceUpdatable = 1;
		TAP_ERR(cudaLaunchKernelExC(&cfg, (const void *)add_one, args), cudaErrorNotSupported);
		(void)cudaGetLastError();
		cudaEventDestroy(done);
		cudaFree(d);
		free(h);
	}
	cudaStreamDestroy(s);
	cudaStreamDestroy(t);

	/* driver calls by name (Hopper code's cuTensorMapEncodeTiled habit), host-allocation flags */
	{
		enum cudaDriverEntryPointQueryResult q = cudaDriverEntryPointVersionNotSufficent;
		void *fn = (void *)&v, *host = NULL;
		unsigned int flags = 0;
		int drv = 0, rt = 0;

		TAP_ERR(cudaGetDriverEntryPoint("cuDriverGetVersion", &fn, cudaEnableDefault, &q), cudaSuccess);
		tap_ok(q == cudaDriverEntryPointSuccess && fn, "cuDriverGetVersion found");
		if (fn)
			((int (*)(int *))fn)(&drv);
		cudaDriverGetVersion(&rt);
		tap_ok(drv == rt && drv > 0, "calling it answers cudaDriverGetVersion's %d (%d)", rt, drv);
#ifdef IDXGEN_CUDART_ABI_VERSION	/* ours: the driver serves CUDA 13.0's API under a 12.0 runtime */
		{
			int runtime = 0;

			cudaRuntimeGetVersion(&runtime);
			tap_ok(rt == 13000 && runtime == CUDART_VERSION && rt >= runtime,
			       "driver version 13000 (CUDA 13.0's API, parity.py), runtime %d", runtime);
		}
#endif
		TAP_ERR(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000,
							 cudaEnableDefault, &q),
			cudaSuccess);
		tap_ok(q == cudaDriverEntryPointSymbolNotFound && fn == NULL,
		       "a driver call not here: symbol not found, a NULL pointer");
		TAP_ERR(cudaGetDriverEntryPointByVersion(NULL, &fn, 12000, cudaEnableDefault, &q),
			cudaErrorInvalidValue);
		(void)cudaGetLastError();
		TAP_ERR(cudaHostAlloc(&host, 64, cudaHostAllocWriteCombined), cudaSuccess);
		TAP_ERR(cudaHostGetFlags(&flags, host), cudaSuccess);
		tap_ok((flags & cudaHostAllocWriteCombined) && (flags & cudaHostAllocMapped),
		       "cudaHostGetFlags: the allocation's flags, mapped (0x%x)", flags);
		{
			/* an address inside the allocation answers the allocation's flags
			 * (the value is reset: a call that writes nothing must not pass) */
			unsigned int whole = flags;
			flags = 0;
			TAP_ERR(cudaHostGetFlags(&flags, (char *)host + 8), cudaSuccess);
			tap_ok(flags == whole, "cudaHostGetFlags inside the allocation: its flags (0x%x)", whole);
		}
		cudaFreeHost(host);
		TAP_ERR(cudaHostGetFlags(&flags, host), cudaErrorInvalidValue);
		(void)cudaGetLastError();
	}

	/* kernel names, managed-range attributes, 3-D peer copies, IPC, the device's UUID */
	{
		const char *name = NULL;
		struct cudaDeviceProp prop;
		struct cudaMemcpy3DPeerParms pp;
		cudaIpcMemHandle_t ipc;
		int *m = NULL, *d = NULL, attr = 7, by[3] = { 1, 1, 1 };
		int *host = (int *)calloc(16, sizeof(int));

		TAP_ERR(cudaFuncGetName(&name, (const void *)add_one), cudaSuccess);
		tap_ok(name && strstr(name, "add_one"), "cudaFuncGetName: %s", name ? name : "(null)");
		TAP_ERR(cudaFuncGetName(&name, (const void *)host), cudaErrorInvalidDeviceFunction);
		cudaMallocManaged((void **)&m, 64, cudaMemAttachGlobal);
		TAP_ERR(cudaMemRangeGetAttribute(&attr, 4, cudaMemRangeAttributeReadMostly, m, 64), cudaSuccess);
		tap_ok(attr == 0, "a range never advised is not read-mostly");
		TAP_ERR(cudaMemRangeGetAttribute(by, sizeof(by), cudaMemRangeAttributeAccessedBy, m, 64),
			cudaSuccess);
		tap_ok(by[0] == cudaInvalidDeviceId && by[2] == cudaInvalidDeviceId,
		       "and accessed by no device in particular");
		TAP_ERR(cudaMemRangeGetAttribute(&attr, 4, cudaMemRangeAttributeReadMostly, m, 4096),
			cudaErrorInvalidValue);
		TAP_ERR(cudaIpcGetMemHandle(&ipc, m), cudaErrorNotSupported);
		(void)cudaGetLastError();

		cudaMalloc((void **)&d, 16 * sizeof(int));
		cudaMemset(d, 0, 16 * sizeof(int));
		for (int i = 0; i < 16; i++)
			host[i] = i * 3;
		memset(&pp, 0, sizeof(pp));
		pp.srcPtr = make_cudaPitchedPtr(host, 4 * sizeof(int), 4, 4);
		pp.dstPtr = make_cudaPitchedPtr(d, 4 * sizeof(int), 4, 4);
		pp.extent = make_cudaExtent(4 * sizeof(int), 4, 1);
		TAP_ERR(cudaMemcpy3DPeer(&pp), cudaSuccess);
		memset(host, 0, 16 * sizeof(int));
		cudaMemcpy(host, d, 16 * sizeof(int), cudaMemcpyDeviceToHost);
		tap_ok(host[5] == 15 && host[15] == 45, "cudaMemcpy3DPeer on device 0 copies");
		pp.dstDevice = 1;
		TAP_ERR(cudaMemcpy3DPeer(&pp), cudaErrorInvalidDevice);
		(void)cudaGetLastError();
		TAP_ERR(cudaGetDeviceProperties(&prop, 0), cudaSuccess);
		tap_ok(sizeof(prop.uuid.bytes) == 16, "cudaDeviceProp.uuid is a cudaUUID_t");
		/* deviceQuery's texture lines: compute capability 9.0's figures (H100's deviceQuery) */
		tap_ok(prop.maxTexture1D == 131072 && prop.maxTexture2D[0] == 131072 &&
			       prop.maxTexture2D[1] == 65536 && prop.maxTexture3D[0] == 16384 &&
			       prop.maxTexture3D[2] == 16384 && prop.maxTexture1DLayered[0] == 32768 &&
			       prop.maxTexture1DLayered[1] == 2048 && prop.maxTexture2DLayered[0] == 32768 &&
			       prop.maxTexture2DLayered[1] == 32768 && prop.maxTexture2DLayered[2] == 2048,
		       "cudaDeviceProp's maxTexture1D/2D/3D/1DLayered/2DLayered: compute capability 9.0's");
		cudaDeviceGetAttribute(&attr, cudaDevAttrMaxSurfaceCubemapLayeredLayers, 0);
		tap_ok(attr == prop.maxSurfaceCubemapLayered[1] && attr == 2046,
		       "cudaDevAttrMaxSurfaceCubemapLayeredLayers = maxSurfaceCubemapLayered[1] = 2046");
		cudaDeviceGetAttribute(&attr, cudaDevAttrMaxTexture2DLinearPitch, 0);
		tap_ok(attr == prop.maxTexture2DLinear[2] && attr == 2097120,
		       "cudaDevAttrMaxTexture2DLinearPitch = maxTexture2DLinear[2] = 2097120");
#ifndef __CUDACC__	/* nvcc 13's header has removed them; ours keeps them for older programs */
		tap_ok(prop.clockRate > 0 && prop.memoryPoolsSupported == 1 &&
			       prop.computeMode == cudaComputeModeDefault,
		       "the fields CUDA 13 removed (clockRate, computeMode) are still answered");
#endif
		cudaFree(d);
		cudaFree(m);
		free(host);
	}
}

/* Last: a kernel fault poisons the context until cudaDeviceReset. */
static void test_sticky(void)
{
	int *out, *d = NULL;
	cudaStream_t s;
	cudaArray_t arr = NULL;
	struct cudaChannelFormatDesc f = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);

	cudaMallocArray(&arr, &f, 16, 0, 0);
	cudaMallocManaged((void **)&out, 4 * 64 * sizeof(int), cudaMemAttachGlobal);
	LAUNCH(faulty, 4, 64, 0, 0, 1, out);
	TAP_ERR(cudaDeviceSynchronize(), cudaErrorAssert);
	TAP_ERR(cudaGetLastError(), cudaErrorAssert);
	TAP_ERR(cudaGetLastError(), cudaErrorAssert);	/* sticky: not cleared */
	TAP_ERR(cudaMalloc((void **)&d, 16), cudaErrorAssert);
	LAUNCH(add_one, 1, 1, 0, 0, out, 1);
	TAP_ERR(cudaGetLastError(), cudaErrorAssert);
	TAP_ERR(cudaDeviceReset(), cudaSuccess);
	TAP_ERR(cudaGetLastError(), cudaSuccess);
	/* regression: the reset frees arrays too (it kept them: leaked) */
	TAP_ERR(cudaFreeArray(arr), cudaErrorInvalidValue);
	(void)cudaGetLastError();
	TAP_ERR(cudaMallocManaged((void **)&out, 4 * 64 * sizeof(int), cudaMemAttachGlobal),
		cudaSuccess);
	out[0] = 0;
	LAUNCH(add_one, 1, 1, 0, 0, out, 1);
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
	tap_ok(out[0] == 1, "after cudaDeviceReset kernels run again");

	/* __trap() on a stream: the synchronisation reports it */
	TAP_ERR(cudaStreamCreate(&s), cudaSuccess);
	LAUNCH(faulty, 4, 64, 0, s, 0, out);
	TAP_ERR(cudaStreamSynchronize(s), cudaErrorLaunchFailure);
	TAP_ERR(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
	TAP_ERR(cudaDeviceReset(), cudaSuccess);
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);

	/* regression (issue 44, simpleAssert_nvrtc): the kernel's fault is not its launch's
	 * status, on the default stream either (the launch returned cudaErrorAssert) */
	{
		int mode = 1;
		void *fargs[] = { &mode, &out };
		cudaError_t launch_err, sync_err;

		TAP_ERR(cudaMallocManaged((void **)&out, 4 * 64 * sizeof(int), cudaMemAttachGlobal),
			cudaSuccess);
		launch_err =
		    cudaLaunchKernel((const void *)faulty, d3(4, 1, 1), d3(64, 1, 1), fargs, 0, 0);
		sync_err = cudaDeviceSynchronize();
		tap_ok(launch_err == cudaSuccess && sync_err == cudaErrorAssert,
		       "a failed device assert: cudaLaunchKernel -> %s, the synchronization -> %s",
		       cudaGetErrorName(launch_err), cudaGetErrorName(sync_err));
		TAP_ERR(cudaDeviceReset(), cudaSuccess);
	}
}

/* Channel formats (channel_descriptor.h, cudaCreateChannelDesc) and the texture types' values. */
static void test_channels(void)
{
	struct cudaChannelFormatDesc d = cudaCreateChannelDesc(8, 16, 0, 32, cudaChannelFormatKindSigned);

	tap_ok(d.x == 8 && d.y == 16 && d.z == 0 && d.w == 32 && d.f == cudaChannelFormatKindSigned,
	       "cudaCreateChannelDesc(x, y, z, w, kind)");
	tap_ok(cudaChannelFormatKindFloat == 2 && cudaChannelFormatKindNV12 == 4 && cudaAddressModeBorder == 3 &&
		       cudaFilterModeLinear == 1 && cudaReadModeNormalizedFloat == 1 && cudaBoundaryModeTrap == 2 &&
		       cudaTextureType2DLayered == 0xF2 && sizeof(cudaTextureObject_t) == 8 &&
		       sizeof(struct cudaTextureDesc) == 72,
	       "texture and surface types: CUDA's values and layout");
#ifdef __cplusplus
	cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>(), u1 = cudaCreateChannelDesc<unsigned char>();
	cudaChannelFormatDesc s2 = cudaCreateChannelDesc<short2>(), h2 = cudaCreateChannelDescHalf2();

	tap_ok(f4.x == 32 && f4.y == 32 && f4.z == 32 && f4.w == 32 && f4.f == cudaChannelFormatKindFloat,
	       "cudaCreateChannelDesc<float4>()");
	tap_ok(u1.x == 8 && u1.y == 0 && u1.f == cudaChannelFormatKindUnsigned, "cudaCreateChannelDesc<unsigned char>()");
	tap_ok(s2.x == 16 && s2.y == 16 && s2.z == 0 && s2.f == cudaChannelFormatKindSigned,
	       "cudaCreateChannelDesc<short2>()");
	tap_ok(h2.x == 16 && h2.y == 16 && h2.f == cudaChannelFormatKindFloat, "cudaCreateChannelDescHalf2()");
#endif
}

/* compat.c: the calls CUDA 12 removed and the one-device answers, with their error paths. */
/*
 * cudaOccupancyAvailableDynamicSMemPerBlock(&d, k, n, bs) as programs use it:
 * n blocks of bs threads asking for d bytes each are resident together
 * (cudaOccupancyMaxActiveBlocksPerMultiprocessor answers at least n) and d + 1
 * bytes would not fit them; n beyond the multiprocessor's block limit leaves
 * no bytes at all (the answer ignored n).
 */
static void test_available_dyn_smem(void)
{
	struct cudaDeviceProp p;
	struct cudaFuncAttributes a;
	size_t dyn = 1;
	int active = -1;

	TAP_ERR(cudaGetDeviceProperties(&p, 0), cudaSuccess);
	TAP_ERR(cudaFuncGetAttributes(&a, (const void *)add_one), cudaSuccess);
	TAP_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&dyn, (const void *)add_one, 1, 128), cudaSuccess);
	tap_ok(dyn > 0 && dyn == p.sharedMemPerMultiprocessor - a.sharedSizeBytes,
	       "cudaOccupancyAvailableDynamicSMemPerBlock, 1 block: the multiprocessor's shared memory "
	       "less the static share");
	TAP_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, (const void *)add_one, 128, dyn),
		cudaSuccess);
	tap_ok(active >= 1, "1 block asking for the bytes answered is resident");
	TAP_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, (const void *)add_one, 128, dyn + 1),
		cudaSuccess);
	tap_ok(active == 0, "1 block asking for one byte more is not");
	tap_ok(p.maxBlocksPerMultiProcessor == 32 && p.maxThreadsPerMultiProcessor == p.maxThreadsPerBlock,
	       "32 blocks, as many threads as one block per multiprocessor (what a resident launch keeps)");
	TAP_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, (const void *)add_one, 32, 0), cudaSuccess);
	tap_ok(active == 32, "32 blocks of 32 threads resident (the block limit, %d)", active);
	TAP_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, (const void *)add_one, 384, 0), cudaSuccess);
	tap_ok(active == p.maxThreadsPerMultiProcessor / 384, "blocks of 384 threads: the thread limit (%d)", active);
	TAP_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, (const void *)add_one, 128,
							      p.sharedMemPerMultiprocessor / 3 - a.sharedSizeBytes),
		cudaSuccess);
	tap_ok(active == 3, "blocks asking for a third of the shared memory: 3 (%d)", active);
	dyn = 1;
	TAP_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&dyn, (const void *)add_one,
							  p.maxBlocksPerMultiProcessor + 1, 128),
		cudaSuccess);
	tap_ok(dyn == 0, "cudaOccupancyAvailableDynamicSMemPerBlock, one block more than fit: 0 bytes");
	dyn = 1;
	TAP_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&dyn, (const void *)add_one, 1,
							  a.maxThreadsPerBlock + 1),
		cudaSuccess);
	tap_ok(dyn == 0, "cudaOccupancyAvailableDynamicSMemPerBlock, a block too large to launch: 0 bytes");
	TAP_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&dyn, (const void *)add_one, 0, 128),
		cudaErrorInvalidValue);
	TAP_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&dyn, (const void *)add_one, 1, 0),
		cudaErrorInvalidValue);
}

static void test_compat(void)
{
	enum { N = 256 };
	size_t v = 0;
	enum cudaFuncCache cc = cudaFuncCachePreferNone;
	enum cudaSharedMemConfig smc = cudaSharedMemBankSizeDefault;
	char bus[32] = "", want[16];
	int dev = -1, bad = 3, zero = 0, prio = 7, sdev = 7, *d, *h, ok = 1, n = N, sms = 0, coop = 0;
	void *args[] = { &d, &n };
	unsigned long long id1 = 0, id2 = 0;
	cudaStream_t s1, s2;
	cudaEvent_t ev;

#ifdef IDXGEN_CUDART_ABI_VERSION	/* removed from CUDA 12's headers: ours only */
	TAP_ERR(cudaThreadSetLimit(cudaLimitMallocHeapSize, 1u << 20), cudaSuccess);
	TAP_ERR(cudaThreadGetLimit(&v, cudaLimitMallocHeapSize), cudaSuccess);
	tap_ok(v == 1u << 20, "cudaThreadGetLimit reads what cudaThreadSetLimit set");
	TAP_ERR(cudaThreadSetLimit((enum cudaLimit)99, 1), cudaErrorInvalidValue);
	TAP_ERR(cudaThreadSetCacheConfig(cudaFuncCachePreferL1), cudaSuccess);
	TAP_ERR(cudaThreadGetCacheConfig(&cc), cudaSuccess);
	tap_ok(cc == cudaFuncCachePreferL1, "cudaThreadGetCacheConfig");
	TAP_ERR(cudaThreadSetCacheConfig(cudaFuncCachePreferNone), cudaSuccess);
#else
	(void)v, (void)cc;
#endif
	TAP_ERR(cudaDeviceGetSharedMemConfig(NULL), cudaErrorInvalidValue);
	TAP_ERR(cudaDeviceGetSharedMemConfig(&smc), cudaSuccess);
	tap_ok(smc == cudaSharedMemBankSizeFourByte, "cudaDeviceGetSharedMemConfig: four-byte banks");
	TAP_ERR(cudaFuncSetSharedMemConfig((const void *)add_one, cudaSharedMemBankSizeEightByte), cudaSuccess);
	TAP_ERR(cudaFuncSetSharedMemConfig((const void *)test_compat, cudaSharedMemBankSizeEightByte),
		cudaErrorInvalidDeviceFunction);
	TAP_ERR(cudaInitDevice(0, 0, 0), cudaSuccess);
	TAP_ERR(cudaInitDevice(5, 0, 0), cudaErrorInvalidDevice);
	TAP_ERR(cudaInitDevice(0, 0, 1), cudaErrorInvalidValue);
	TAP_ERR(cudaSetValidDevices(&zero, 1), cudaSuccess);
	TAP_ERR(cudaSetValidDevices(&bad, 1), cudaErrorInvalidDevice);
	TAP_ERR(cudaSetValidDevices(NULL, 1), cudaErrorInvalidValue);
	TAP_ERR(cudaDeviceGetPCIBusId(bus, (int)sizeof(bus), 0), cudaSuccess);
	tap_ok(strlen(bus) == 12 && bus[4] == ':' && bus[7] == ':' && bus[10] == '.',
	       "cudaDeviceGetPCIBusId: domain:bus:device.function (%s)", bus);
	TAP_ERR(cudaDeviceGetPCIBusId(bus, (int)sizeof(bus), 1), cudaErrorInvalidDevice);
	TAP_ERR(cudaDeviceGetByPCIBusId(&dev, bus), cudaSuccess);
	tap_ok(dev == 0, "cudaDeviceGetByPCIBusId finds the device by its own id");
	snprintf(want, sizeof(want), "%.10s", bus);
	dev = -1;
	TAP_ERR(cudaDeviceGetByPCIBusId(&dev, want), cudaSuccess);
	tap_ok(dev == 0, "cudaDeviceGetByPCIBusId without the function number");
	TAP_ERR(cudaDeviceGetByPCIBusId(&dev, strcmp(bus, "0fff:ee:1d.0") ? "0fff:ee:1d.0" : "0ffe:ee:1d.0"),
		cudaErrorInvalidDevice);
	test_available_dyn_smem();

	TAP_ERR(cudaStreamCreate(&s1), cudaSuccess);
	TAP_ERR(cudaStreamCreateWithPriority(&s2, cudaStreamNonBlocking, -1), cudaSuccess);
	TAP_ERR(cudaStreamGetPriority(s2, &prio), cudaSuccess);
	tap_ok(prio == 0, "cudaStreamGetPriority: clamped to the range (0, 0)");
	TAP_ERR(cudaStreamGetDevice(s1, &sdev), cudaSuccess);
	tap_ok(sdev == 0, "cudaStreamGetDevice");
	TAP_ERR(cudaStreamGetPriority(s1, NULL), cudaErrorInvalidValue);
	TAP_ERR(cudaStreamGetId(s1, &id1), cudaSuccess);
	TAP_ERR(cudaStreamGetId(s2, &id2), cudaSuccess);
	tap_ok(id1 != id2, "cudaStreamGetId: two streams, two ids");
	TAP_ERR(cudaEventCreate(&ev), cudaSuccess);
	TAP_ERR(cudaEventRecordWithFlags(ev, s1, 0x10), cudaErrorInvalidValue);
	TAP_ERR(cudaEventRecordWithFlags(ev, s1, cudaEventRecordDefault), cudaSuccess);

	cudaMalloc((void **)&d, N * sizeof(int));
	cudaMallocHost((void **)&h, N * sizeof(int));
	TAP_ERR(cudaMemset2DAsync(d, 16 * sizeof(int), 0, 16 * sizeof(int), N / 16, s1), cudaSuccess);
	/* every block resident: at most multiProcessorCount x 16 blocks of 64 threads; a larger grid runs nothing */
	TAP_ERR(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), cudaSuccess);
	TAP_ERR(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0), cudaSuccess);
	tap_ok(coop == 1, "cudaDevAttrCooperativeLaunch: 1");
	TAP_ERR(cudaLaunchCooperativeKernel((const void *)add_one, d3((unsigned int)sms * 16 + 1, 1, 1), d3(64, 1, 1),
					    args, 0, s1),
		cudaErrorCooperativeLaunchTooLarge);
	TAP_ERR(cudaGetLastError(), cudaErrorCooperativeLaunchTooLarge);
	TAP_ERR(cudaLaunchCooperativeKernel((const void *)add_one, d3(1, 1, 1), d3(N, 1, 1), args, 0, s1),
		cudaSuccess);
	TAP_ERR(cudaMemcpyPeerAsync(h, 0, d, 0, N * sizeof(int), s1), cudaSuccess);
	TAP_ERR(cudaMemcpyPeerAsync(h, 1, d, 0, N * sizeof(int), s1), cudaErrorInvalidDevice);
	TAP_ERR(cudaStreamSynchronize(s1), cudaSuccess);
	for (int i = 0; i < N; i++)
		ok &= h[i] == 1;
	tap_ok(ok, "cudaMemset2DAsync, cudaLaunchCooperativeKernel, cudaMemcpyPeerAsync in stream order");
	cudaFree(d);
	cudaFreeHost(h);
	cudaEventDestroy(ev);
	cudaStreamDestroy(s1);
	cudaStreamDestroy(s2);
	(void)cudaGetLastError();
#ifdef IDXGEN_CUDART_ABI_VERSION
	TAP_ERR(cudaThreadExit(), cudaSuccess);
	TAP_ERR(cudaGetLastError(), cudaSuccess);
#endif
}

#ifdef __cplusplus
/* The C++ forms: typed pointers, symbols by reference. */
#ifdef __CUDACC__
__device__ int dev_scalar;
#else
int dev_scalar;
__attribute__((constructor)) static void dev_scalar__register(void)
{
	__idxgenRegisterVar((const void *)&dev_scalar, sizeof(dev_scalar), "dev_scalar");
}
#endif
/* counts its destructions: a user object made by the C++ form deletes it */
struct Counted {
	int *deaths;
	~Counted()
	{
		++*deaths;
	}
};

/* dynamic shared memory by block size, as the occupancy templates take it
 * (a functor both sides may call, as CUDA's template is __host__ __device__) */
struct SmemPerWarp {
	size_t per_warp;
	__host__ __device__ size_t operator()(int n) const
	{
		return (size_t)(n + 31) / 32 * per_warp;
	}
};

/* The other overloads of cuda_runtime.h (CUDA 13's list). */
static void test_cxx_overloads(void)
{
	cudaEvent_t e0, e1;
	float ms = 0, *dp = nullptr, *hp = nullptr, *ap = nullptr;
	cudaMemPool_t pool;
	cudaUserObject_t obj;
	cudaFuncAttributes fa;
	int deaths = 0, mg = -1, bs = -1;
	const char *name = nullptr;
	size_t avail = 0;

	TAP_ERR(cudaEventCreate(&e0, cudaEventDisableTiming), cudaSuccess);
	TAP_ERR(cudaEventCreate(&e1, 0), cudaSuccess);
	cudaEventRecord(e0, 0);
	cudaEventRecord(e1, 0);
	cudaEventSynchronize(e1);
	TAP_ERR(cudaEventElapsedTime(&ms, e0, e1), cudaErrorInvalidResourceHandle);
	(void)cudaGetLastError();
	tap_ok(cudaEventElapsedTime(&ms, e1, e1) == cudaSuccess && ms == 0.0f,
	       "cudaEventCreate(&e, flags): the flags are the event's (no timing on e0 only)");
	cudaEventDestroy(e0);
	cudaEventDestroy(e1);

	TAP_ERR(cudaHostAlloc(&hp, 64 * sizeof(float), cudaHostAllocMapped), cudaSuccess);
	TAP_ERR(cudaHostGetDevicePointer(&dp, hp, 0), cudaSuccess);
	tap_ok(dp == hp, "cudaHostGetDevicePointer(float **, ...): the one address space");
	cudaFreeHost(hp);

	TAP_ERR(cudaDeviceGetDefaultMemPool(&pool, 0), cudaSuccess);
	TAP_ERR(cudaMallocAsync(&ap, 256 * sizeof(float), pool, (cudaStream_t)0), cudaSuccess);
	{
		/* the pool's memory is usable in stream order: set, copied back */
		unsigned char back[256 * sizeof(float)];
		bool set = ap != nullptr && cudaMemsetAsync(ap, 0x5a, sizeof(back), 0) == cudaSuccess &&
			   cudaMemcpyAsync(back, ap, sizeof(back), cudaMemcpyDeviceToHost, 0) == cudaSuccess &&
			   cudaStreamSynchronize(0) == cudaSuccess;
		for (size_t i = 0; set && i < sizeof(back); i++)
			set = back[i] == 0x5a;
		tap_ok(set, "cudaMallocAsync(T **, size, pool, stream): memory a stream sets and reads back");
	}
	TAP_ERR(cudaFreeAsync(ap, 0), cudaSuccess);
	TAP_ERR(cudaStreamSynchronize(0), cudaSuccess);

	TAP_ERR(cudaUserObjectCreate(&obj, new Counted{&deaths}, 2, cudaUserObjectNoDestructorSync),
		cudaSuccess);
	cudaUserObjectRelease(obj, 1);
	tap_ok(deaths == 0, "cudaUserObjectCreate(&o, new T, 2, ...): alive with one reference left");
	cudaUserObjectRelease(obj, 1);
	cudaDeviceSynchronize();
	tap_ok(deaths == 1, "the last release deletes the C++ object (once)");

	TAP_ERR(cudaFuncGetName(&name, saxpy), cudaSuccess);
	tap_ok(name && strstr(name, "saxpy"), "cudaFuncGetName(&name, kernel): %s", name ? name : "(null)");
	TAP_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, saxpy, 1, 128), cudaSuccess);
	{
		/* the template form answers as the C call on the kernel's address */
		size_t c_form = 0;
		cudaOccupancyAvailableDynamicSMemPerBlock(&c_form, (const void *)saxpy, 1, 128);
		tap_ok(avail > 0 && avail == c_form,
		       "cudaOccupancyAvailableDynamicSMemPerBlock(&n, kernel, ...): the C call's answer");
	}
	TAP_ERR(cudaFuncGetAttributes(&fa, saxpy), cudaSuccess);
	TAP_ERR(cudaOccupancyMaxPotentialBlockSizeWithFlags(&mg, &bs, saxpy, 0, 0, cudaOccupancyDefault),
		cudaSuccess);
	tap_ok(bs >= 32 && bs <= fa.maxThreadsPerBlock && mg >= 1,
	       "cudaOccupancyMaxPotentialBlockSizeWithFlags: block %d, grid %d", bs, mg);
	/* a fifth of the kernel's dynamic shared memory (and a byte) per 32
	 * threads: four warps fit, five do not */
	const size_t per_warp = (size_t)fa.maxDynamicSharedSizeBytes / 5 + 1;
	TAP_ERR(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&mg, &bs, saxpy, SmemPerWarp{per_warp}),
		cudaSuccess);
	tap_ok(bs == 128 && mg >= 1,
	       "VariableSMem: the largest warp multiple whose shared memory fits: block %d (128)", bs);
	TAP_ERR(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&mg, &bs, saxpy, SmemPerWarp{(size_t)1 << 40}),
		cudaSuccess);
	tap_ok(bs == 0 && mg == 0, "VariableSMem: nothing fits: block 0, grid 0, as CUDA answers");
}

static void test_cxx(void)
{
	float *p = nullptr;
	int v = 17, back = 0;

	TAP_ERR(cudaMalloc(&p, 16 * sizeof(float)), cudaSuccess);
	TAP_ERR(cudaFree(p), cudaSuccess);
	TAP_ERR(cudaMemcpyToSymbol(dev_scalar, &v, sizeof(v)), cudaSuccess);
	TAP_ERR(cudaMemcpyFromSymbol(&back, dev_scalar, sizeof(back)), cudaSuccess);
	tap_ok(back == 17, "C++: cudaMemcpyToSymbol/FromSymbol of a scalar by reference");
	dim3 b(256);
	tap_ok(b.x == 256 && b.y == 1 && b.z == 1, "C++: dim3 defaults");
	test_cxx_overloads();
}
#endif

TAP_TEST(errors)
{
	test_errors();
}

TAP_TEST(error_names)
{
	test_error_names();
}

TAP_TEST(device)
{
	test_device();
}

TAP_TEST(memory)
{
	test_memory();
}

TAP_TEST(launch)
{
	test_launch();
}

TAP_TEST(streams)
{
	test_streams();
}

TAP_TEST(events)
{
	test_events();
}

TAP_TEST(symbols)
{
	test_symbols();
}

TAP_TEST(schedule)
{
	test_schedule();
}

TAP_TEST(compat)
{
	test_compat();
}

TAP_TEST(channels)
{
	test_channels();
}

TAP_TEST(texture_objects)
{
	test_texture_objects();
}

TAP_TEST(attributes)
{
	test_attributes();
}

#ifdef __cplusplus
TAP_TEST(cxx)
{
	test_cxx();
}
#endif

TAP_TEST(sticky)
{
	test_sticky();
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
