// SPDX-License-Identifier: MIT
/*
 * test_driver.c - the driver API of include/cuda/cuda.h (lib/cudart's
 * driver*.c): device attributes against the runtime's cudaDeviceProp,
 * contexts and their per-thread stack, linear memory with patterns checked
 * byte by byte, virtual memory management (a reservation, two physical
 * allocations mapped side by side and one mapped twice, which must alias:
 * the same pages under two addresses), events and page-locked host memory,
 * modules, the JIT linker and NVRTC (loading or compiling device code at run
 * time is refused, the reason in the error log), graphics interoperability
 * (no OpenGL here: registration refused), and every refusal with
 * CUDA's code.
 * C and C++; nvcc -arch=sm_90 -x cu compiles it against NVIDIA's cuda.h.
 */
#include <builtin_types.h>
#include <cuda.h>
#include <cudaEGL.h>
#include <cudaProfiler.h>
#include <cuda_egl_interop.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>
#include <device_atomic_functions.h>
#include <nvrtc.h>
#include <sm_61_intrinsics.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"

/* cuDeviceComputeCapability is deprecated in NVIDIA's header; programs still call it */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/* A driver call's result against the expected CUresult. */
#define TAP_CU(call, want)                                                                         \
	do {                                                                                       \
		CUresult r_ = (call);                                                              \
		const char *n_ = "?";                                                              \
		cuGetErrorName(r_, &n_);                                                           \
		tap_ok(r_ == (want), "%s -> %s", #call, n_);                                       \
	} while (0)

#ifdef __cplusplus
#define STATIC_ASSERT static_assert
#else
#define STATIC_ASSERT _Static_assert
#endif

/* The numbers CUDA gives its enumerators (programs store and compare them). */
STATIC_ASSERT(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK == 1, "attribute numbers");
STATIC_ASSERT(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR == 75, "attribute numbers");
STATIC_ASSERT((int)CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT == (int)cudaDevAttrMultiProcessorCount,
	       "driver and runtime attributes share numbers");
STATIC_ASSERT((int)CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN ==
		       (int)cudaDevAttrMaxSharedMemoryPerBlockOptin,
	       "driver and runtime attributes share numbers");
STATIC_ASSERT(CU_COMPUTEMODE_PROHIBITED == 2 && CU_MEMORYTYPE_UNIFIED == 4, "enumerators");
STATIC_ASSERT(CUDA_ERROR_INVALID_CONTEXT == 201 && CUDA_ERROR_LAUNCH_FAILED == 719, "CUresult");
STATIC_ASSERT(CU_JIT_ERROR_LOG_BUFFER == 5 && CU_JIT_INPUT_PTX == 1, "JIT enumerators");
STATIC_ASSERT(CU_FUNC_ATTRIBUTE_NUM_REGS == 4 && CU_FUNC_CACHE_PREFER_L1 == 2, "function enumerators");
STATIC_ASSERT(CU_MEMHOSTALLOC_DEVICEMAP == 2 && CU_MEMHOSTREGISTER_READ_ONLY == 8, "host flags");
STATIC_ASSERT(NVRTC_ERROR_COMPILATION == 6 && NVRTC_ERROR_INVALID_PROGRAM == 4, "nvrtcResult");

static void test_attributes(void)
{
	struct cudaDeviceProp p;
	CUdevice dev = -1;
	int v = -1, major = -1, minor = -1, n = -1;

	TAP_CU(cuInit(0), CUDA_SUCCESS);
	TAP_CU(cuInit(1), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuDeviceGetCount(&n), CUDA_SUCCESS);
	TAP_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	tap_ok(n == 1 && dev == 0, "one device, ordinal 0");
	cudaGetDeviceProperties(&p, 0);
	TAP_CU(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, dev), CUDA_SUCCESS);
	tap_ok(v == p.maxThreadsPerBlock, "MAX_THREADS_PER_BLOCK %d = maxThreadsPerBlock", v);
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev);
	tap_ok(v == 32, "WARP_SIZE 32");
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
	tap_ok(v == p.multiProcessorCount, "MULTIPROCESSOR_COUNT %d = multiProcessorCount", v);
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, dev);
	tap_ok(v == p.maxGridSize[1], "MAX_GRID_DIM_Y = maxGridSize[1]");
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_SHARED_MEMORY_PER_BLOCK, dev);
	tap_ok(v == (int)p.sharedMemPerBlock, "SHARED_MEMORY_PER_BLOCK (an alias) = sharedMemPerBlock");
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, dev);
	tap_ok(v == CU_COMPUTEMODE_DEFAULT, "COMPUTE_MODE is CU_COMPUTEMODE_DEFAULT");
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, dev);
	tap_ok(v == 1, "VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED");
	/* served (was 0: memMapIPCDrv skipped the device): fd export, 64-bit memory operations, NOR waits */
	v = 0;
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED, dev);
	tap_ok(v == 1, "HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED");
	v = 0;
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS, dev);
	tap_ok(v == 1, "CAN_USE_64_BIT_STREAM_MEM_OPS");
	v = 0;
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR, dev);
	tap_ok(v == 1, "CAN_USE_STREAM_WAIT_VALUE_NOR");
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED, dev);
	tap_ok(v == 0, "GENERIC_COMPRESSION_SUPPORTED 0");
	TAP_CU(cuDeviceComputeCapability(&major, &minor, dev), CUDA_SUCCESS);
	tap_ok(major == p.major && minor == p.minor, "cuDeviceComputeCapability %d.%d", major, minor);
	TAP_CU(cuDeviceGetAttribute(NULL, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 1), CUDA_ERROR_INVALID_DEVICE);
	TAP_CU(cuDeviceGetAttribute(&v, (CUdevice_attribute)0, dev), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX, dev), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuDeviceCanAccessPeer(&v, 0, 0), CUDA_SUCCESS);
	tap_ok(v == 0, "no peer access on one device");
}

/* CUDA 12's three-argument form in C, CUDA 13's (params first) in C++ and nvcc. */
#ifdef __cplusplus
#define CTX_CREATE(c, f, d) cuCtxCreate(c, NULL, f, d)
#else
#define CTX_CREATE(c, f, d) cuCtxCreate(c, f, d)
#endif

static void test_contexts(void)
{
	CUcontext primary = NULL, c = NULL, cur = NULL, popped = NULL;
	CUdevice dev = -1;

	TAP_CU(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
	TAP_CU(cuDevicePrimaryCtxRetain(&primary, 0), CUDA_SUCCESS);
	tap_ok(cur && cur == primary, "the primary context is current on a fresh thread");
	TAP_CU(cuCtxGetDevice(&dev), CUDA_SUCCESS);
	tap_ok(dev == 0, "cuCtxGetDevice: 0");
	TAP_CU(cuCtxPopCurrent(&popped), CUDA_ERROR_INVALID_CONTEXT);
	TAP_CU(CTX_CREATE(&c, CU_CTX_SCHED_AUTO, 0), CUDA_SUCCESS);
	cuCtxGetCurrent(&cur);
	tap_ok(c && c != primary && cur == c, "cuCtxCreate makes a new context current");
	TAP_CU(cuCtxPushCurrent(primary), CUDA_SUCCESS);
	cuCtxGetCurrent(&cur);
	tap_ok(cur == primary, "pushed context current");
	TAP_CU(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
	cuCtxGetCurrent(&cur);
	tap_ok(popped == primary && cur == c, "pop gives the pushed one back, the created is current");
	TAP_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TAP_CU(cuCtxDestroy(c), CUDA_SUCCESS);
	cuCtxGetCurrent(&cur);
	tap_ok(cur == primary, "destroying the current context leaves the primary one");
	/* CUDA 4's usage counts: attached once more, the second detach destroys it */
	{
		CUcontext a = NULL, e = NULL;

		TAP_CU(CTX_CREATE(&e, 0, 0), CUDA_SUCCESS);
		TAP_CU(cuCtxAttach(&a, 0), CUDA_SUCCESS);
		tap_ok(a == e, "cuCtxAttach: the current context");
		TAP_CU(cuCtxAttach(&a, 1), CUDA_ERROR_INVALID_VALUE);
		TAP_CU(cuCtxDetach(primary), CUDA_ERROR_INVALID_CONTEXT);	/* not current */
		TAP_CU(cuCtxDetach(e), CUDA_SUCCESS);
		cuCtxGetCurrent(&cur);
		tap_ok(cur == e, "one detach of two: the context lives");
		TAP_CU(cuCtxDetach(e), CUDA_SUCCESS);
		cuCtxGetCurrent(&cur);
		tap_ok(cur == primary, "the last detach destroys it");
	}
	TAP_CU(cuCtxDestroy(primary), CUDA_ERROR_INVALID_CONTEXT);
	TAP_CU(CTX_CREATE(&c, 0x100, 0), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(CTX_CREATE(&c, 0, 1), CUDA_ERROR_INVALID_DEVICE);
	{
		CUctxCreateParams none;
		CUcontext d = NULL;

		memset(&none, 0, sizeof(none));
		TAP_CU(cuCtxCreate_v4(&d, &none, 0, 0), CUDA_SUCCESS);
		TAP_CU(cuCtxDestroy(d), CUDA_SUCCESS);
		none.numExecAffinityParams = 1;
		TAP_CU(cuCtxCreate_v4(&d, &none, 0, 0), CUDA_ERROR_NOT_SUPPORTED);
	}
	TAP_CU(cuCtxSetCurrent(primary), CUDA_SUCCESS);
	TAP_CU(cuCtxSetCurrent(NULL), CUDA_SUCCESS);
	cuCtxGetCurrent(&cur);
	tap_ok(cur == primary, "cuCtxSetCurrent(NULL): back to the primary context");
}

static void test_linear_memory(void)
{
	enum { WORDS = 1000 };
	static unsigned int host[WORDS], back[WORDS];
	CUdeviceptr a = 0, b = 0;
	int same = 1;

	TAP_CU(cuMemAlloc(&a, sizeof(host)), CUDA_SUCCESS);
	TAP_CU(cuMemAlloc(&b, sizeof(host)), CUDA_SUCCESS);
	TAP_CU(cuMemsetD32(a, 0xdeadbeefu, WORDS), CUDA_SUCCESS);
	TAP_CU(cuMemcpyDtoH(back, a, sizeof(back)), CUDA_SUCCESS);
	for (int i = 0; i < WORDS; i++)
		same &= back[i] == 0xdeadbeefu;
	tap_ok(same, "cuMemsetD32 wrote every word");
	for (int i = 0; i < WORDS; i++)
		host[i] = (unsigned int)i * 2654435761u;
	TAP_CU(cuMemcpyHtoD(a, host, sizeof(host)), CUDA_SUCCESS);
	TAP_CU(cuMemcpyDtoD(b, a, sizeof(host)), CUDA_SUCCESS);
	TAP_CU(cuMemsetD8(b + 4, 0x5a, 4), CUDA_SUCCESS);
	TAP_CU(cuMemcpyDtoH(back, b, sizeof(back)), CUDA_SUCCESS);
	same = back[0] == host[0] && back[1] == 0x5a5a5a5au;
	for (int i = 2; i < WORDS; i++)
		same &= back[i] == host[i];
	tap_ok(same, "HtoD, DtoD, cuMemsetD8 of one word: the pattern came back");
	TAP_CU(cuMemsetD32(a + 2, 0, 4), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemAlloc(&a, 0), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemFree(a), CUDA_SUCCESS);
	TAP_CU(cuMemFree(b), CUDA_SUCCESS);
}

/* Fills n bytes at p with bytes of seed's sequence; whether they read back. */
static void fill(unsigned char *p, size_t n, unsigned int seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)((i * 131u + seed) >> 3);
}

static int holds(const unsigned char *p, size_t n, unsigned int seed)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)((i * 131u + seed) >> 3))
			return 0;
	return 1;
}

static void test_vmm(void)
{
	CUmemAllocationProp prop;
	CUmemAccessDesc rw;
	CUmemGenericAllocationHandle h1 = 0, h2 = 0, h3 = 0, bad = 0;
	CUdeviceptr va = 0, alias = 0, shared = 0;
	int fd = -1;
	unsigned char before;
	size_t g = 0, rec = 0;
	unsigned char *copy;

	memset(&prop, 0, sizeof(prop));
	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	prop.location.id = 0;
	memset(&rw, 0, sizeof(rw));
	rw.location = prop.location;
	rw.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
	TAP_CU(cuMemGetAllocationGranularity(&g, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM), CUDA_SUCCESS);
	TAP_CU(cuMemGetAllocationGranularity(&rec, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED),
	       CUDA_SUCCESS);
	tap_ok(g > 0 && rec >= g && rec % g == 0, "granularity %zu, recommended %zu", g, rec);

	TAP_CU(cuMemAddressReserve(&va, 4 * g, 0, 0, 0), CUDA_SUCCESS);
	TAP_CU(cuMemCreate(&h1, 2 * g, &prop, 0), CUDA_SUCCESS);
	TAP_CU(cuMemCreate(&h2, 2 * g, &prop, 0), CUDA_SUCCESS);
	TAP_CU(cuMemMap(va, 2 * g, 0, h1, 0), CUDA_SUCCESS);
	TAP_CU(cuMemMap(va + 2 * g, 2 * g, 0, h2, 0), CUDA_SUCCESS);
	TAP_CU(cuMemMap(va + g, g, 0, h2, 0), CUDA_ERROR_ALREADY_MAPPED);
	TAP_CU(cuMemSetAccess(va, 4 * g, &rw, 1), CUDA_SUCCESS);
	fill((unsigned char *)(uintptr_t)va, 4 * g, 7);
	tap_ok(holds((unsigned char *)(uintptr_t)va, 4 * g, 7),
	       "two allocations mapped side by side read back as one range");
	copy = (unsigned char *)malloc(4 * g);
	tap_ok(copy && cudaMemcpy(copy, (void *)(uintptr_t)va, 4 * g, cudaMemcpyDeviceToHost) ==
				cudaSuccess && holds(copy, 4 * g, 7),
	       "cudaMemcpy reads the mapped range");
	free(copy);

	/* the same allocation under a second address: the same pages */
	TAP_CU(cuMemAddressReserve(&alias, 2 * g, 0, 0, 0), CUDA_SUCCESS);
	TAP_CU(cuMemMap(alias, 2 * g, 0, h1, 0), CUDA_SUCCESS);
	TAP_CU(cuMemSetAccess(alias, 2 * g, &rw, 1), CUDA_SUCCESS);
	TAP_CU(cuMemRelease(h1), CUDA_SUCCESS);
	fill((unsigned char *)(uintptr_t)alias, 2 * g, 99);
	tap_ok(holds((unsigned char *)(uintptr_t)va, 2 * g, 99),
	       "a second mapping of an allocation aliases the first (after cuMemRelease too)");
	tap_ok(holds((unsigned char *)(uintptr_t)va + 2 * g, 2 * g, 7 + 2 * (unsigned int)g * 131u),
	       "the other allocation untouched");

	/* the access set, and the allocation behind an address: a new handle, though h1 was released */
	{
		unsigned long long acc = 99;
		CUmemLocation dev0;
		CUmemGenericAllocationHandle h4 = 0;
		CUmemAllocationProp got;
		CUdeviceptr third = 0;

		dev0.type = CU_MEM_LOCATION_TYPE_DEVICE, dev0.id = 0;
		TAP_CU(cuMemGetAccess(&acc, &dev0, alias + 5), CUDA_SUCCESS);
		tap_ok(acc == CU_MEM_ACCESS_FLAGS_PROT_READWRITE, "cuMemGetAccess: read-write as set (%llu)", acc);
		TAP_CU(cuMemRetainAllocationHandle(&h4, (void *)(uintptr_t)(va + g)), CUDA_SUCCESS);
		TAP_CU(cuMemGetAllocationPropertiesFromHandle(&got, h4), CUDA_SUCCESS);
		TAP_CU(cuMemAddressReserve(&third, 2 * g, 0, 0, 0), CUDA_SUCCESS);
		TAP_CU(cuMemMap(third, 2 * g, 0, h4, 0), CUDA_SUCCESS);
		TAP_CU(cuMemGetAccess(&acc, &dev0, third), CUDA_SUCCESS);
		tap_ok(acc == CU_MEM_ACCESS_FLAGS_PROT_NONE, "a new mapping has no access until set (%llu)", acc);
		TAP_CU(cuMemSetAccess(third, 2 * g, &rw, 1), CUDA_SUCCESS);
		tap_ok(holds((unsigned char *)(uintptr_t)third, 2 * g, 99), "the retained handle maps the same pages");
		TAP_CU(cuMemUnmap(third, 2 * g), CUDA_SUCCESS);
		TAP_CU(cuMemAddressFree(third, 2 * g), CUDA_SUCCESS);
		TAP_CU(cuMemRelease(h4), CUDA_SUCCESS);
		TAP_CU(cuMemRetainAllocationHandle(&h4, &acc), CUDA_ERROR_INVALID_VALUE);
		TAP_CU(cuMemGetAccess(&acc, &dev0, (CUdeviceptr)(uintptr_t)&acc), CUDA_ERROR_INVALID_VALUE);
		dev0.id = 1;
		TAP_CU(cuMemGetAccess(&acc, &dev0, alias), CUDA_ERROR_INVALID_DEVICE);
	}

	/* exported as a file descriptor and imported again: the same pages */
	TAP_CU(cuMemExportToShareableHandle(&fd, h2, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0),
	       CUDA_SUCCESS);
	TAP_CU(cuMemImportFromShareableHandle(&h3, (void *)(intptr_t)fd,
					      CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR),
	       CUDA_SUCCESS);
	TAP_CU(cuMemAddressReserve(&shared, 2 * g, 0, 0, 0), CUDA_SUCCESS);
	TAP_CU(cuMemMap(shared, 2 * g, 0, h3, 0), CUDA_SUCCESS);
	TAP_CU(cuMemSetAccess(shared, 2 * g, &rw, 1), CUDA_SUCCESS);
	tap_ok(holds((unsigned char *)(uintptr_t)shared, 2 * g, 7 + 2 * (unsigned int)g * 131u),
	       "the imported handle maps the exported allocation's bytes");
	before = ((unsigned char *)(uintptr_t)va)[2 * g + 5];
	((unsigned char *)(uintptr_t)shared)[5] ^= 0xff;
	tap_ok(((unsigned char *)(uintptr_t)va)[2 * g + 5] == (unsigned char)(before ^ 0xff),
	       "a store through the imported mapping shows in the original one");
	((unsigned char *)(uintptr_t)shared)[5] ^= 0xff;
	TAP_CU(cuMemUnmap(shared, 2 * g), CUDA_SUCCESS);
	TAP_CU(cuMemAddressFree(shared, 2 * g), CUDA_SUCCESS);
	TAP_CU(cuMemRelease(h3), CUDA_SUCCESS);
	close(fd);
	TAP_CU(cuMemExportToShareableHandle(&fd, h2, CU_MEM_HANDLE_TYPE_FABRIC, 0),
	       CUDA_ERROR_NOT_SUPPORTED);
	TAP_CU(cuMemExportToShareableHandle(&fd, bad, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0),
	       CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemImportFromShareableHandle(&h3, (void *)(intptr_t)0,
					      CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR),
	       CUDA_ERROR_INVALID_VALUE);

	/* refusals */
	TAP_CU(cuMemRelease(h1), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemMap(va, g, 0, h1, 0), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemRelease(bad), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemRelease((CUmemGenericAllocationHandle)1), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemCreate(&bad, g + 1, &prop, 0), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemCreate(&bad, g, &prop, 1), CUDA_ERROR_INVALID_VALUE);
	prop.location.id = 1;
	TAP_CU(cuMemCreate(&bad, g, &prop, 0), CUDA_ERROR_INVALID_DEVICE);
	prop.location.id = 0;
	prop.type = CU_MEM_ALLOCATION_TYPE_MANAGED;
	TAP_CU(cuMemCreate(&bad, g, &prop, 0), CUDA_ERROR_INVALID_VALUE);
	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	TAP_CU(cuMemMap(va + 3 * g, 2 * g, 0, h2, 0), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemMap(va, 4 * g, 0, h2, 0), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemAddressFree(va, 4 * g), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemUnmap(va, g), CUDA_ERROR_INVALID_VALUE);

	/* unmapping gives the pages back to the reservation: mappable again */
	TAP_CU(cuMemUnmap(va, 4 * g), CUDA_SUCCESS);
	TAP_CU(cuMemSetAccess(va, g, &rw, 1), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemMap(va + g, 2 * g, 0, h2, 0), CUDA_SUCCESS);
	TAP_CU(cuMemSetAccess(va + g, 2 * g, &rw, 1), CUDA_SUCCESS);
	tap_ok(holds((unsigned char *)(uintptr_t)va + g, 2 * g, 7 + 2 * (unsigned int)g * 131u),
	       "remapped elsewhere in the range, the allocation kept its bytes");
	TAP_CU(cuMemUnmap(va + g, 2 * g), CUDA_SUCCESS);
	TAP_CU(cuMemRelease(h2), CUDA_SUCCESS);
	TAP_CU(cuMemUnmap(alias, 2 * g), CUDA_SUCCESS);
	TAP_CU(cuMemAddressFree(alias, 2 * g), CUDA_SUCCESS);
	TAP_CU(cuMemAddressFree(va, 4 * g), CUDA_SUCCESS);
	TAP_CU(cuMemAddressFree(va, 4 * g), CUDA_ERROR_INVALID_VALUE);
}

/* The headers programs include out of habit, and the profiler calls. */
static void test_events(void)
{
	CUevent start = NULL, end = NULL;
	CUstream s = NULL;
	float ms = -1.0f;

	TAP_CU(cuEventCreate(&start, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	TAP_CU(cuEventCreate(&end, CU_EVENT_BLOCKING_SYNC), CUDA_SUCCESS);
	TAP_CU(cuEventCreate(NULL, 0), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuStreamCreate(&s, 0), CUDA_SUCCESS);
	TAP_CU(cuEventRecord(start, s), CUDA_SUCCESS);
	TAP_CU(cuEventRecord(end, s), CUDA_SUCCESS);
	TAP_CU(cuStreamWaitEvent(NULL, end, 0), CUDA_SUCCESS);
	TAP_CU(cuEventSynchronize(end), CUDA_SUCCESS);
	TAP_CU(cuEventQuery(end), CUDA_SUCCESS);
	TAP_CU(cuEventElapsedTime(&ms, start, end), CUDA_SUCCESS);
	tap_ok(ms >= 0.0f, "cuEventElapsedTime: %g ms, not negative", ms);
	TAP_CU(cuEventElapsedTime(NULL, start, end), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuEventDestroy(start), CUDA_SUCCESS);
	TAP_CU(cuEventDestroy(end), CUDA_SUCCESS);
	TAP_CU(cuStreamDestroy(s), CUDA_SUCCESS);
}

static void test_host_memory(void)
{
	enum { HALVES = 999 };
	static unsigned short reg[HALVES + 1];
	unsigned short *h = NULL;
	unsigned char *bytes;
	CUdeviceptr d = 0, r = 0;
	unsigned int flags = 0;
	int same = 1;

	TAP_CU(cuMemHostAlloc((void **)&h, HALVES * 2, CU_MEMHOSTALLOC_DEVICEMAP), CUDA_SUCCESS);
	TAP_CU(cuMemHostGetFlags(&flags, h), CUDA_SUCCESS);
	tap_ok(flags & CU_MEMHOSTALLOC_DEVICEMAP, "cuMemHostGetFlags: %#x has DEVICEMAP", flags);
	TAP_CU(cuMemHostGetDevicePointer(&d, h, 0), CUDA_SUCCESS);
	TAP_CU(cuMemsetD16(d, 0xbeef, HALVES), CUDA_SUCCESS);
	for (int i = 0; i < HALVES; i++)
		same &= h[i] == 0xbeef;
	tap_ok(same, "cuMemsetD16 through the mapped pointer: the host sees every half-word");
	TAP_CU(cuMemsetD16(d + 1, 0, 2), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemHostGetDevicePointer(&d, h, 1), CUDA_ERROR_INVALID_VALUE);

	TAP_CU(cuMemHostRegister(reg, sizeof(reg), CU_MEMHOSTREGISTER_DEVICEMAP), CUDA_SUCCESS);
	TAP_CU(cuMemHostGetDevicePointer(&r, reg, 0), CUDA_SUCCESS);
	TAP_CU(cuMemcpyDtoDAsync(r, d, HALVES * 2, NULL), CUDA_SUCCESS);
	TAP_CU(cuMemsetD8Async(r + 2, 0x11, 2, NULL), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	bytes = (unsigned char *)reg;
	same = reg[0] == 0xbeef && bytes[2] == 0x11 && bytes[3] == 0x11 && reg[HALVES] == 0;
	for (int i = 2; i < HALVES; i++)
		same &= reg[i] == 0xbeef;
	tap_ok(same, "cuMemcpyDtoDAsync, cuMemsetD8Async into registered memory: the pattern");
	TAP_CU(cuMemHostUnregister(reg), CUDA_SUCCESS);
	TAP_CU(cuMemHostUnregister(reg), CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
	TAP_CU(cuMemFreeHost(h), CUDA_SUCCESS);
}

#if defined(__x86_64__)
#define HOST_ELF_MACHINE 62	/* EM_X86_64 */
#else
#define HOST_ELF_MACHINE 183	/* EM_AARCH64 */
#endif

/*
 * Loading device code at run time: a module is what idxgen-cc -fatbin writes
 * (tests/cc/whole/module loads one); NVIDIA's device code (PTX, fatbin,
 * cubin) CUDA_ERROR_NO_BINARY_FOR_GPU, anything else CUDA_ERROR_INVALID_IMAGE,
 * the reason in the log; never a crash.  Before the module loader these
 * were CUDA_ERROR_NOT_SUPPORTED.
 */
static void test_modules(void)
{
	static const char ptx[] = "//\n// Generated by NVIDIA NVVM Compiler\n.version 8.0\n.target sm_90\n"
				  ".address_size 64\n";
	static const unsigned char fatbin[16] = { 0x50, 0xed, 0x55, 0xba, 1, 0, 0x10, 0 };
	static const char text[] = "not device code at all";
	unsigned char cubin[64] = { 0x7f, 'E', 'L', 'F', 2, 1, 1 };
	unsigned char obj[64] = { 0x7f, 'E', 'L', 'F', 2, 1, 1 };
	char log[512] = "", empty[] = "/tmp/idxgen-test-empty-XXXXXX";
	CUjit_option opts[2] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
	void *vals[2] = { log, (void *)(uintptr_t)sizeof(log) };
	CUmodule mod = NULL;
	CUfunction fn = NULL;
	CUlinkState link = NULL;
	CUtexref tr;
	CUdeviceptr g = 0;
	size_t bytes = 0;
	int v = 0, fd;
	uint16_t machine = 190, type = 2;	/* EM_CUDA; ET_EXEC */

	memcpy(cubin + 18, &machine, sizeof(machine));
	memcpy(cubin + 16, &type, sizeof(type));
	machine = HOST_ELF_MACHINE;
	type = 1;				/* ET_REL: an object file */
	memcpy(obj + 18, &machine, sizeof(machine));
	memcpy(obj + 16, &type, sizeof(type));
	TAP_CU(cuModuleLoad(&mod, "/nonexistent/kernels.cubin"), CUDA_ERROR_FILE_NOT_FOUND);
	TAP_CU(cuModuleLoad(NULL, "k.ptx"), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuModuleLoad(&mod, "/proc/self/exe"), CUDA_ERROR_INVALID_IMAGE);	/* ELF, no module tag */
	TAP_CU(cuModuleLoad(&mod, "/tmp"), CUDA_ERROR_INVALID_IMAGE);
	fd = mkstemp(empty);
	if (fd >= 0)
		close(fd);
	TAP_CU(cuModuleLoad(&mod, empty), CUDA_ERROR_INVALID_IMAGE);
	unlink(empty);
	TAP_CU(cuModuleLoadData(&mod, ptx), CUDA_ERROR_NO_BINARY_FOR_GPU);
	TAP_CU(cuModuleLoadData(&mod, NULL), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuModuleLoadData(&mod, fatbin), CUDA_ERROR_NO_BINARY_FOR_GPU);
	TAP_CU(cuModuleLoadData(&mod, cubin), CUDA_ERROR_NO_BINARY_FOR_GPU);
	TAP_CU(cuModuleLoadData(&mod, obj), CUDA_ERROR_INVALID_IMAGE);
	TAP_CU(cuModuleLoadData(&mod, text), CUDA_ERROR_INVALID_IMAGE);
	TAP_CU(cuModuleLoadFatBinary(&mod, fatbin), CUDA_ERROR_NO_BINARY_FOR_GPU);
	/* idxgen-cc -ptx's text form: the head line, then base64 of no module */
	TAP_CU(cuModuleLoadData(&mod, "// idxgen module 1 (base64)\n"), CUDA_ERROR_INVALID_IMAGE);
	TAP_CU(cuModuleLoadData(&mod, "// idxgen module 1 (base64)\n// a comment\nbm90IGFuIEVMRiBmaWxl\n"),
	       CUDA_ERROR_INVALID_IMAGE);
	TAP_CU(cuModuleLoadDataEx(&mod, ptx, 2, opts, vals), CUDA_ERROR_NO_BINARY_FOR_GPU);
	tap_ok(strstr(log, "PTX") && strstr(log, "idxgen-cc -ptx"), "cuModuleLoadDataEx's error log says why: %s",
	       log);
	TAP_CU(cuModuleLoadDataEx(&mod, text, 2, opts, vals), CUDA_ERROR_INVALID_IMAGE);
	tap_ok(strstr(log, "not device code") != NULL, "... and for what is no device code: %s", log);
	TAP_CU(cuModuleLoadDataEx(&mod, cubin, 2, opts, vals), CUDA_ERROR_NO_BINARY_FOR_GPU);
	tap_ok(strstr(log, "cubin") != NULL, "... and for a cubin: %s", log);
	TAP_CU(cuModuleGetTexRef(&tr, mod, "tex"), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuModuleGetFunctionCount((unsigned int *)&v, mod), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuModuleGetFunction(&fn, mod, "vecAdd"), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuModuleGetFunction(&fn, mod, NULL), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuModuleGetGlobal(&g, &bytes, mod, "table"), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuModuleUnload(mod), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuLinkCreate(2, opts, vals, &link), CUDA_SUCCESS);
	TAP_CU(cuLinkCreate(0, NULL, NULL, NULL), CUDA_ERROR_INVALID_VALUE);
	/* NVIDIA's device code links into nothing this device runs (whole/module/library_drv.cu: ours) */
	TAP_CU(cuLinkAddData(link, CU_JIT_INPUT_PTX, (void *)ptx, sizeof(ptx), "k.ptx", 0, NULL,
			     NULL),
	       CUDA_ERROR_NO_BINARY_FOR_GPU);
	tap_ok(strstr(log, "k.ptx") && strstr(log, "PTX"), "cuLinkAddData's reason in cuLinkCreate's log: %s", log);
	TAP_CU(cuLinkAddData(link, CU_JIT_INPUT_FATBINARY, (void *)fatbin, sizeof(fatbin), "k.fatbin", 0,
			     NULL, NULL),
	       CUDA_ERROR_NO_BINARY_FOR_GPU);
	TAP_CU(cuLinkAddData(link, CU_JIT_INPUT_PTX, (void *)text, sizeof(text), "t.ptx", 0, NULL, NULL),
	       CUDA_ERROR_INVALID_PTX);
	TAP_CU(cuLinkAddData(link, CU_JIT_INPUT_OBJECT, (void *)obj, sizeof(obj), "k.o", 0, NULL, NULL),
	       CUDA_ERROR_INVALID_IMAGE);
	TAP_CU(cuLinkAddData(link, CU_JIT_INPUT_PTX, NULL, 4, "k.ptx", 0, NULL, NULL), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuLinkAddFile(link, CU_JIT_INPUT_CUBIN, "/nonexistent/k.cubin", 0, NULL, NULL),
	       CUDA_ERROR_FILE_NOT_FOUND);
	TAP_CU(cuLinkAddFile(link, CU_JIT_INPUT_CUBIN, "/tmp", 0, NULL, NULL), CUDA_ERROR_INVALID_IMAGE);
	TAP_CU(cuLinkComplete(link, NULL, &bytes), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuLinkComplete(link, (void **)&g, &bytes), CUDA_ERROR_INVALID_IMAGE);	/* nothing added */
	TAP_CU(cuLinkDestroy(link), CUDA_SUCCESS);
	TAP_CU(cuLinkDestroy(link), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuLinkComplete((CUlinkState)(uintptr_t)8, (void **)&g, &bytes), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, NULL), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_NUM_REGS, fn), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX, fn), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuOccupancyMaxActiveBlocksPerMultiprocessor(&v, fn, 128, 0), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuOccupancyMaxPotentialBlockSize(&v, &v, fn, NULL, 0, 0), CUDA_ERROR_INVALID_HANDLE);
}

/*
 * NVRTC: programs come and go; the options are checked before idxgen-cc
 * runs (an unknown one, -dlto: NVRTC_ERROR_INVALID_OPTION, the log says
 * which); a compiler that cannot be started is a failed compile with the
 * reason in the log.  A compile that succeeds is whole/progs/nvrtc_compile_load.cu's.
 */
static void test_nvrtc(void)
{
	static const char src[] = "extern \"C\" __global__ void k(float *x) { x[0] = 1; }\n";
	const char *opts[] = { "--gpu-architecture=compute_90" };
	const char *unknown[] = { "-arch=sm_90", "--no-such-option" };
	const char *dlto[] = { "-dlto" };
	const char *hdr[] = { "int h;" }, *hdr_name[] = { NULL };
	const char *lowered = NULL;
	nvrtcProgram prog = NULL;
	size_t size = 0;
	char log[512] = "";
	int major = 0, minor = 0, count = 0, archs[64] = { 0 };

	tap_ok(nvrtcVersion(&major, &minor) == NVRTC_SUCCESS && major == 12, "nvrtcVersion: %d.%d",
	       major, minor);
	tap_ok(nvrtcGetNumSupportedArchs(&count) == NVRTC_SUCCESS && count > 0 && count <= 64 &&
		       nvrtcGetSupportedArchs(archs) == NVRTC_SUCCESS && archs[count - 1] == 90,
	       "nvrtcGetSupportedArchs: NVRTC 12.0's, up to sm_90");
	tap_ok(!strcmp(nvrtcGetErrorString(NVRTC_ERROR_COMPILATION), "NVRTC_ERROR_COMPILATION"),
	       "nvrtcGetErrorString names NVRTC_ERROR_COMPILATION");
	tap_ok(nvrtcCreateProgram(&prog, src, "k.cu", 1, hdr, hdr_name) == NVRTC_ERROR_INVALID_INPUT,
	       "nvrtcCreateProgram with a header without a name: NVRTC_ERROR_INVALID_INPUT");
	tap_ok(nvrtcCreateProgram(&prog, src, "k.cu", 0, NULL, NULL) == NVRTC_SUCCESS && prog,
	       "nvrtcCreateProgram");
	tap_ok(nvrtcCreateProgram(&prog, NULL, "k.cu", 0, NULL, NULL) == NVRTC_ERROR_INVALID_INPUT,
	       "nvrtcCreateProgram without source: NVRTC_ERROR_INVALID_INPUT");
	tap_ok(nvrtcGetProgramLogSize(prog, &size) == NVRTC_SUCCESS && size == 1,
	       "the log before a compile is empty");
	tap_ok(nvrtcAddNameExpression(prog, "k") == NVRTC_SUCCESS, "nvrtcAddNameExpression");
	tap_ok(nvrtcGetLoweredName(prog, "k", &lowered) ==
		       NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION,
	       "nvrtcGetLoweredName before a compile: no lowered names");
	tap_ok(nvrtcCompileProgram(prog, 2, unknown) == NVRTC_ERROR_INVALID_OPTION,
	       "an unknown option: NVRTC_ERROR_INVALID_OPTION");
	tap_ok(nvrtcGetProgramLog(prog, log) == NVRTC_SUCCESS && strstr(log, "--no-such-option"),
	       "the log names it: %s", log);
	tap_ok(nvrtcCompileProgram(prog, 1, dlto) == NVRTC_ERROR_INVALID_OPTION,
	       "-dlto (LTO IR is never made): NVRTC_ERROR_INVALID_OPTION");
	setenv("IDXGEN_CC", "/nonexistent/idxgen-cc", 1);
	tap_ok(nvrtcCompileProgram(prog, 1, opts) == NVRTC_ERROR_COMPILATION,
	       "no compiler to run: NVRTC_ERROR_COMPILATION");
	unsetenv("IDXGEN_CC");
	tap_ok(nvrtcGetProgramLogSize(prog, &size) == NVRTC_SUCCESS && size > 1 && size <= sizeof(log),
	       "nvrtcGetProgramLogSize: %zu", size);
	tap_ok(nvrtcGetProgramLog(prog, log) == NVRTC_SUCCESS && strlen(log) + 1 == size &&
		       strstr(log, "/nonexistent/idxgen-cc"),
	       "the log says why: %s", log);
	tap_ok(nvrtcGetPTXSize(prog, &size) == NVRTC_ERROR_INVALID_PROGRAM,
	       "nvrtcGetPTXSize after the failed compile: NVRTC_ERROR_INVALID_PROGRAM");
	tap_ok(nvrtcGetCUBINSize(prog, &size) == NVRTC_ERROR_INVALID_PROGRAM,
	       "nvrtcGetCUBINSize: NVRTC_ERROR_INVALID_PROGRAM");
	tap_ok(nvrtcAddNameExpression(prog, "k") == NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION,
	       "nvrtcAddNameExpression after a compile: NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION");
	tap_ok(nvrtcDestroyProgram(&prog) == NVRTC_SUCCESS && prog == NULL,
	       "nvrtcDestroyProgram clears the handle");
	tap_ok(nvrtcDestroyProgram(&prog) == NVRTC_ERROR_INVALID_PROGRAM,
	       "nvrtcDestroyProgram of NULL: NVRTC_ERROR_INVALID_PROGRAM");
}

/* OpenGL interop: nothing to register; no handle is ever valid. */
static void test_graphics(void)
{
	struct cudaGraphicsResource *res = NULL;
	cudaGraphicsResource_t fake = (cudaGraphicsResource_t)&res;
	unsigned int count = 7;
	int devs[2] = { -1, -1 };
	void *p = NULL;
	size_t size = 0;
	cudaArray_t arr = NULL;

	tap_ok(cudaGraphicsGLRegisterBuffer(&res, 1, cudaGraphicsRegisterFlagsWriteDiscard) ==
			       cudaErrorNotSupported &&
		       res == NULL,
	       "cudaGraphicsGLRegisterBuffer: cudaErrorNotSupported, the handle untouched");
	tap_ok(cudaGetLastError() == cudaErrorNotSupported && cudaGetLastError() == cudaSuccess,
	       "the refusal is the last error, not a sticky one");
	tap_ok(cudaGraphicsGLRegisterImage(&res, 1, 0x0DE1 /* GL_TEXTURE_2D */,
					   cudaGraphicsRegisterFlagsSurfaceLoadStore) ==
		       cudaErrorNotSupported,
	       "cudaGraphicsGLRegisterImage: cudaErrorNotSupported");
	tap_ok(cudaGraphicsGLRegisterBuffer(NULL, 1, 0) == cudaErrorInvalidValue,
	       "cudaGraphicsGLRegisterBuffer(NULL): cudaErrorInvalidValue");
	tap_ok(cudaGLGetDevices(&count, devs, 2, cudaGLDeviceListAll) == cudaErrorNotSupported &&
		       count == 0,
	       "cudaGLGetDevices: no device of an OpenGL context (count %u)", count);
	tap_ok(cudaGraphicsMapResources(1, &fake, 0) == cudaErrorInvalidResourceHandle,
	       "cudaGraphicsMapResources of a handle never given: cudaErrorInvalidResourceHandle");
	tap_ok(cudaGraphicsMapResources(0, &fake, 0) == cudaErrorInvalidValue,
	       "cudaGraphicsMapResources of none: cudaErrorInvalidValue");
	tap_ok(cudaGraphicsResourceGetMappedPointer(&p, &size, fake) == cudaErrorInvalidResourceHandle,
	       "cudaGraphicsResourceGetMappedPointer: cudaErrorInvalidResourceHandle");
	tap_ok(cudaGraphicsSubResourceGetMappedArray(&arr, fake, 0, 0) ==
		       cudaErrorInvalidResourceHandle,
	       "cudaGraphicsSubResourceGetMappedArray: cudaErrorInvalidResourceHandle");
	tap_ok(cudaGraphicsUnmapResources(1, &fake, 0) == cudaErrorInvalidResourceHandle,
	       "cudaGraphicsUnmapResources: cudaErrorInvalidResourceHandle");
	tap_ok(cudaGraphicsUnregisterResource(fake) == cudaErrorInvalidResourceHandle,
	       "cudaGraphicsUnregisterResource: cudaErrorInvalidResourceHandle");
	tap_ok(cudaGLMapBufferObject(&p, 1) == cudaErrorNotSupported,
	       "cudaGLMapBufferObject (deprecated): cudaErrorNotSupported");
	cudaGetLastError();
	tap_ok(cudaGraphicsCubeFaceNegativeZ == 5 && cudaGLMapFlagsWriteDiscard == 2 &&
		       cudaGraphicsRegisterFlagsTextureGather == 8,
	       "the interop enumerators have CUDA's values");
}

static void test_habits(void)
{
	enum cudaRoundMode m = cudaRoundMinInf;

	tap_ok(m == 3 && cudaRoundNearest == 0, "device_types.h: cudaRoundMode");
	TAP_CU(cuProfilerStart(), CUDA_SUCCESS);
	TAP_CU(cuProfilerStop(), CUDA_SUCCESS);
}

static void test_error_names(void)
{
	const char *name = NULL, *text = NULL;

	TAP_CU(cuGetErrorName(CUDA_ERROR_INVALID_CONTEXT, &name), CUDA_SUCCESS);
	tap_ok(name && !strcmp(name, "CUDA_ERROR_INVALID_CONTEXT"), "cuGetErrorName: %s", name);
	TAP_CU(cuGetErrorString(CUDA_ERROR_ALREADY_MAPPED, &text), CUDA_SUCCESS);
	tap_ok(text && *text, "cuGetErrorString: %s", text);
	TAP_CU(cuGetErrorName((CUresult)12345, &name), CUDA_ERROR_INVALID_VALUE);
}

/*
 * The runtime's calls under the driver's names: limits and cache
 * configuration read back, stream priorities within the range, peer access
 * to the only device refused as CUDA refuses it, a stream callback that
 * gets a CUresult and runs after the queued copy, word sets in stream
 * order checked word by word.
 */
static int callback_saw;

static void CUDA_CB on_stream(CUstream s, CUresult status, void *data)
{
	(void)s;
	callback_saw = status == CUDA_SUCCESS && ((const unsigned int *)data)[3] == 0xdeadbeefu ? 1 : -1;
}

static void CUDA_CB count_host_fn(void *data)
{
	++*(int *)data;
}

static void test_rt_forms(void)
{
	CUcontext primary = NULL;
	size_t v = 0;
	CUfunc_cache cfg = CU_FUNC_CACHE_PREFER_NONE;
	int least = 99, greatest = 99, prio = 99, calls = 0;
	unsigned int flags = 99, api = 0;
	CUstream s = NULL;
	CUdeviceptr d16, d32, dcopy;
	unsigned int host[64];
	unsigned short words[10];
	unsigned int dwords[10];
	int bad = 0;

	TAP_CU(cuDevicePrimaryCtxRetain(&primary, 0), CUDA_SUCCESS);
	TAP_CU(cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, 16u << 20), CUDA_SUCCESS);
	TAP_CU(cuCtxGetLimit(&v, CU_LIMIT_MALLOC_HEAP_SIZE), CUDA_SUCCESS);
	tap_ok(v >= (16u << 20), "cuCtxGetLimit: the heap size set (%zu)", v);
	TAP_CU(cuCtxGetLimit(NULL, CU_LIMIT_STACK_SIZE), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuCtxGetLimit(&v, CU_LIMIT_CIG_ENABLED), CUDA_ERROR_UNSUPPORTED_LIMIT);
	TAP_CU(cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_L1), CUDA_SUCCESS);
	TAP_CU(cuCtxGetCacheConfig(&cfg), CUDA_SUCCESS);
	TAP_CU(cuCtxGetStreamPriorityRange(&least, &greatest), CUDA_SUCCESS);
	tap_ok(greatest <= least, "priority range: greatest %d <= least %d", greatest, least);
	TAP_CU(cuCtxGetFlags(&flags), CUDA_SUCCESS);
	TAP_CU(cuCtxGetApiVersion(NULL, &api), CUDA_SUCCESS);
	tap_ok(flags == 0 && api == 3020, "the primary context: flags 0, API version 3020");
	TAP_CU(cuCtxEnablePeerAccess(primary, 0), CUDA_ERROR_PEER_ACCESS_UNSUPPORTED);
	TAP_CU(cuCtxEnablePeerAccess(primary, 1), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuCtxEnablePeerAccess(NULL, 0), CUDA_ERROR_INVALID_CONTEXT);
	TAP_CU(cuCtxDisablePeerAccess(primary), CUDA_ERROR_PEER_ACCESS_NOT_ENABLED);

	TAP_CU(cuStreamCreateWithPriority(&s, CU_STREAM_NON_BLOCKING, greatest), CUDA_SUCCESS);
	TAP_CU(cuStreamGetPriority(s, &prio), CUDA_SUCCESS);
	TAP_CU(cuStreamGetFlags(s, &flags), CUDA_SUCCESS);
	tap_ok(prio == greatest && flags == CU_STREAM_NON_BLOCKING, "the stream's priority %d and flags %u", prio,
	       flags);
	TAP_CU(cuStreamCreateWithPriority(&s, 0x10, 0), CUDA_ERROR_INVALID_VALUE);

	for (int i = 0; i < 64; i++)
		host[i] = 0;
	TAP_CU(cuMemAlloc(&dcopy, sizeof(host)), CUDA_SUCCESS);
	TAP_CU(cuMemsetD32(dcopy, 0xdeadbeefu, 64), CUDA_SUCCESS);
	TAP_CU(cuMemcpyAsync((CUdeviceptr)(uintptr_t)host, dcopy, sizeof(host), s), CUDA_SUCCESS);
	TAP_CU(cuStreamAddCallback(s, on_stream, host, 0), CUDA_SUCCESS);
	TAP_CU(cuLaunchHostFunc(s, count_host_fn, &calls), CUDA_SUCCESS);
	TAP_CU(cuStreamAddCallback(s, on_stream, host, 1), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuLaunchHostFunc(s, NULL, NULL), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	tap_ok(callback_saw == 1 && calls == 1, "the callback ran after the copy with CUDA_SUCCESS; the host function once");

	TAP_CU(cuMemAlloc(&d16, sizeof(words)), CUDA_SUCCESS);
	TAP_CU(cuMemAlloc(&d32, sizeof(dwords)), CUDA_SUCCESS);
	TAP_CU(cuMemsetD16Async(d16, 0xa55a, 10, s), CUDA_SUCCESS);
	TAP_CU(cuMemsetD32Async(d32 + 4, 0x01020304u, 8, s), CUDA_SUCCESS);
	TAP_CU(cuMemsetD32Async(d32 + 2, 1, 1, s), CUDA_ERROR_INVALID_VALUE);	/* not word-aligned */
	TAP_CU(cuMemcpyAsync((CUdeviceptr)(uintptr_t)words, d16, sizeof(words), s), CUDA_SUCCESS);
	TAP_CU(cuMemcpyAsync((CUdeviceptr)(uintptr_t)dwords, d32, sizeof(dwords), s), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	for (int i = 0; i < 10; i++)
		bad += words[i] != 0xa55a;
	for (int i = 1; i < 9; i++)
		bad += dwords[i] != 0x01020304u;
	tap_ok(!bad, "cuMemsetD16Async/D32Async in stream order, word by word");
	TAP_CU(cuMemFree(d16), CUDA_SUCCESS);
	TAP_CU(cuMemFree(d32), CUDA_SUCCESS);
	TAP_CU(cuMemFree(dcopy), CUDA_SUCCESS);
	TAP_CU(cuStreamDestroy(s), CUDA_SUCCESS);
}

TAP_TEST(rt_forms)
{
	test_rt_forms();
}

TAP_TEST(attributes)
{
	test_attributes();
}

TAP_TEST(contexts)
{
	test_contexts();
}

TAP_TEST(linear_memory)
{
	test_linear_memory();
}

TAP_TEST(vmm)
{
	test_vmm();
}

TAP_TEST(habits)
{
	test_habits();
}

TAP_TEST(error_names)
{
	test_error_names();
}

TAP_TEST(events)
{
	test_events();
}

TAP_TEST(host_memory)
{
	test_host_memory();
}

TAP_TEST(modules)
{
	test_modules();
}

/*
 * Texture objects of the driver: what the runtime's object holds (its
 * descriptors read back through the runtime), integers read as normalized
 * floats unless CU_TRSF_READ_AS_INTEGER; refusals.
 */
static void test_tex_objects(CUarray float_arr)
{
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUtexObject t = 0, none = 0;
	struct cudaTextureDesc got;
	struct cudaResourceDesc gotr;
	CUDA_RESOURCE_DESC back;
	CUDA_TEXTURE_DESC backt;
	CUDA_RESOURCE_VIEW_DESC view;
	CUdeviceptr lin;

	memset(&rd, 0, sizeof(rd));
	memset(&td, 0, sizeof(td));
	rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = float_arr;
	td.addressMode[0] = CU_TR_ADDRESS_MODE_WRAP, td.addressMode[1] = CU_TR_ADDRESS_MODE_MIRROR;
	td.filterMode = CU_TR_FILTER_MODE_LINEAR, td.flags = CU_TRSF_NORMALIZED_COORDINATES;
	TAP_CU(cuTexObjectCreate(&t, &rd, &td, NULL), CUDA_SUCCESS);
	tap_ok(cudaGetTextureObjectTextureDesc(&got, (cudaTextureObject_t)t) == cudaSuccess &&
		       got.addressMode[0] == cudaAddressModeWrap && got.addressMode[1] == cudaAddressModeMirror &&
		       got.filterMode == cudaFilterModeLinear && got.normalizedCoords == 1 &&
		       got.readMode == cudaReadModeElementType,
	       "cuTexObjectCreate over a float array: the runtime's object, modes and flags as given");
	tap_ok(cudaGetTextureObjectResourceDesc(&gotr, (cudaTextureObject_t)t) == cudaSuccess &&
		       gotr.resType == cudaResourceTypeArray && (void *)gotr.res.array.array == (void *)float_arr,
	       "its resource: the array");
	memset(&back, 0xff, sizeof(back));
	memset(&backt, 0xff, sizeof(backt));
	TAP_CU(cuTexObjectGetResourceDesc(&back, t), CUDA_SUCCESS);
	TAP_CU(cuTexObjectGetTextureDesc(&backt, t), CUDA_SUCCESS);
	tap_ok(back.resType == CU_RESOURCE_TYPE_ARRAY && back.res.array.hArray == float_arr && back.flags == 0 &&
		       backt.addressMode[0] == CU_TR_ADDRESS_MODE_WRAP && backt.addressMode[1] == CU_TR_ADDRESS_MODE_MIRROR &&
		       backt.filterMode == CU_TR_FILTER_MODE_LINEAR && backt.flags == CU_TRSF_NORMALIZED_COORDINATES,
	       "cuTexObjectGetResourceDesc/GetTextureDesc: the array, modes and flags given (float data: no READ_AS_INTEGER)");
	TAP_CU(cuTexObjectGetResourceViewDesc(&view, t), CUDA_ERROR_INVALID_VALUE);	/* no view was given */
	TAP_CU(cuTexObjectGetResourceDesc(NULL, t), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuTexObjectGetTextureDesc(NULL, t), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuTexObjectDestroy(t), CUDA_SUCCESS);
	TAP_CU(cuTexObjectGetResourceDesc(&back, t), CUDA_ERROR_INVALID_VALUE);	/* destroyed */
	TAP_CU(cuTexObjectGetTextureDesc(&backt, t), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemAlloc(&lin, 256), CUDA_SUCCESS);
	rd.resType = CU_RESOURCE_TYPE_LINEAR, rd.res.linear.devPtr = lin;
	rd.res.linear.format = CU_AD_FORMAT_UNSIGNED_INT8, rd.res.linear.numChannels = 4, rd.res.linear.sizeInBytes = 256;
	td.flags = 0, td.filterMode = CU_TR_FILTER_MODE_POINT;
	TAP_CU(cuTexObjectCreate(&t, &rd, &td, NULL), CUDA_SUCCESS);
	tap_ok(cudaGetTextureObjectTextureDesc(&got, (cudaTextureObject_t)t) == cudaSuccess &&
		       got.readMode == cudaReadModeNormalizedFloat,
	       "8-bit integers without CU_TRSF_READ_AS_INTEGER: read as normalized floats");
	TAP_CU(cuTexObjectDestroy(t), CUDA_SUCCESS);
	td.flags = CU_TRSF_READ_AS_INTEGER;
	TAP_CU(cuTexObjectCreate(&t, &rd, &td, NULL), CUDA_SUCCESS);
	tap_ok(cudaGetTextureObjectTextureDesc(&got, (cudaTextureObject_t)t) == cudaSuccess &&
		       got.readMode == cudaReadModeElementType,
	       "CU_TRSF_READ_AS_INTEGER: the elements as stored");
	TAP_CU(cuTexObjectGetResourceDesc(&back, t), CUDA_SUCCESS);
	TAP_CU(cuTexObjectGetTextureDesc(&backt, t), CUDA_SUCCESS);
	tap_ok(back.resType == CU_RESOURCE_TYPE_LINEAR && back.res.linear.devPtr == lin &&
		       back.res.linear.format == CU_AD_FORMAT_UNSIGNED_INT8 && back.res.linear.numChannels == 4 &&
		       back.res.linear.sizeInBytes == 256 && backt.flags == CU_TRSF_READ_AS_INTEGER,
	       "described back: the linear memory, its format and channels, CU_TRSF_READ_AS_INTEGER");
	TAP_CU(cuTexObjectDestroy(t), CUDA_SUCCESS);
	TAP_CU(cuTexObjectCreate(&none, &rd, &td, (const CUDA_RESOURCE_VIEW_DESC *)&rd), CUDA_ERROR_NOT_SUPPORTED);
	rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
	TAP_CU(cuTexObjectCreate(&none, &rd, &td, NULL), CUDA_ERROR_NOT_SUPPORTED);
	rd.resType = CU_RESOURCE_TYPE_LINEAR, rd.res.linear.numChannels = 3;
	TAP_CU(cuTexObjectCreate(&none, &rd, &td, NULL), CUDA_ERROR_INVALID_VALUE);
	rd.res.linear.numChannels = 4, rd.flags = 1;
	TAP_CU(cuTexObjectCreate(&none, &rd, &td, NULL), CUDA_ERROR_INVALID_VALUE);
	tap_ok(none == 0, "refused texture objects: no handle");
	TAP_CU(cuMemFree(lin), CUDA_SUCCESS);
}

/*
 * Arrays: a 2-D array of float2 filled through cuMemcpy2D from a pitched
 * host image at an offset, read back whole with cuMemcpy3D into a packed
 * buffer, and one row out through the 1-D call; the descriptors read back.
 */
static void test_arrays(void)
{
	enum { W = 6, H = 4, PITCH = 64 };
	CUDA_ARRAY_DESCRIPTOR ad, got;
	CUDA_ARRAY3D_DESCRIPTOR ad3, got3;
	CUDA_MEMCPY2D c2;
	CUDA_MEMCPY3D c3;
	CUarray arr = NULL, arr3 = NULL, none = NULL;
	static unsigned char img[H + 1][PITCH];
	float back[H][W][2], row[W][2], *f;
	int same = 1;

	memset(&ad, 0, sizeof(ad));
	ad.Width = W, ad.Height = H, ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 2;
	TAP_CU(cuArrayCreate(&arr, &ad), CUDA_SUCCESS);
	TAP_CU(cuArrayGetDescriptor(&got, arr), CUDA_SUCCESS);
	tap_ok(got.Width == W && got.Height == H && got.Format == CU_AD_FORMAT_FLOAT && got.NumChannels == 2,
	       "cuArrayGetDescriptor: %zu x %zu, format 0x%x, %u channels", got.Width, got.Height, (unsigned)got.Format,
	       got.NumChannels);
	/* the image's rows from row 1, column 8 bytes in: element (x, y) = (10 y + x, -x) */
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			f = (float *)(void *)&img[y + 1][8 + 8 * x];
			f[0] = (float)(10 * y + x), f[1] = (float)-x;
		}
	memset(&c2, 0, sizeof(c2));
	c2.srcMemoryType = CU_MEMORYTYPE_HOST, c2.srcHost = img, c2.srcPitch = PITCH, c2.srcXInBytes = 8, c2.srcY = 1;
	c2.dstMemoryType = CU_MEMORYTYPE_ARRAY, c2.dstArray = arr;
	c2.WidthInBytes = W * 8, c2.Height = H;
	TAP_CU(cuMemcpy2D(&c2), CUDA_SUCCESS);
	memset(&c3, 0, sizeof(c3));
	c3.srcMemoryType = CU_MEMORYTYPE_ARRAY, c3.srcArray = arr;
	c3.dstMemoryType = CU_MEMORYTYPE_HOST, c3.dstHost = back, c3.dstPitch = W * 8;
	c3.WidthInBytes = W * 8, c3.Height = H, c3.Depth = 1;
	TAP_CU(cuMemcpy3D(&c3), CUDA_SUCCESS);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			same &= back[y][x][0] == (float)(10 * y + x) && back[y][x][1] == (float)-x;
	tap_ok(same, "cuMemcpy2D into the array at the source's offset, cuMemcpy3D out: every element");
	TAP_CU(cuMemcpyAtoH(row, arr, 0, sizeof(row)), CUDA_SUCCESS);
	tap_ok(row[5][0] == 5 && row[5][1] == -5, "cuMemcpyAtoH: the first row (%g, %g)", row[5][0], row[5][1]);
	/* refusals: an offset inside an element, a width past the array, an unknown format, no handle */
	c2.dstXInBytes = 4;
	TAP_CU(cuMemcpy2D(&c2), CUDA_ERROR_INVALID_VALUE);
	c2.dstXInBytes = 8;
	TAP_CU(cuMemcpy2D(&c2), CUDA_ERROR_INVALID_VALUE);
	c3.srcLOD = 1;
	TAP_CU(cuMemcpy3D(&c3), CUDA_ERROR_INVALID_VALUE);
	ad.Format = (CUarray_format)0x77;
	TAP_CU(cuArrayCreate(&none, &ad), CUDA_ERROR_INVALID_VALUE);
	ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 3;
	TAP_CU(cuArrayCreate(&none, &ad), CUDA_ERROR_INVALID_VALUE);
	tap_ok(none == NULL, "refused arrays: no handle");
	TAP_CU(cuArrayGetDescriptor(&got, NULL), CUDA_ERROR_INVALID_HANDLE);

	memset(&ad3, 0, sizeof(ad3));
	ad3.Width = 4, ad3.Height = 4, ad3.Depth = 3, ad3.Format = CU_AD_FORMAT_UNSIGNED_INT8, ad3.NumChannels = 4;
	ad3.Flags = CUDA_ARRAY3D_LAYERED;
	TAP_CU(cuArray3DCreate(&arr3, &ad3), CUDA_SUCCESS);
	TAP_CU(cuArray3DGetDescriptor(&got3, arr3), CUDA_SUCCESS);
	tap_ok(got3.Depth == 3 && got3.Flags == CUDA_ARRAY3D_LAYERED && got3.Format == CU_AD_FORMAT_UNSIGNED_INT8 &&
		       got3.NumChannels == 4,
	       "cuArray3DGetDescriptor: a layered uchar4 array");
	TAP_CU(cuArrayDestroy(arr3), CUDA_SUCCESS);
	test_tex_objects(arr);
	TAP_CU(cuArrayDestroy(arr), CUDA_SUCCESS);
	TAP_CU(cuArrayDestroy(NULL), CUDA_ERROR_INVALID_HANDLE);
	(void)cudaGetLastError();
}

/* EGL: no EGL device to share images, streams or syncs with; refused, handles untouched. */
static void test_egl(void)
{
	CUgraphicsResource res = NULL;
	CUeglStreamConnection conn = NULL, bogus = (CUeglStreamConnection)(uintptr_t)0x40;
	CUevent ev = NULL;
	CUeglFrame frame;
	struct cudaGraphicsResource *rres = NULL;
	cudaEglStreamConnection rconn = NULL;
	cudaEvent_t rev = NULL;
	int dummy = 0;

	STATIC_ASSERT(CU_EGL_COLOR_FORMAT_ARGB == 6 && CU_EGL_FRAME_TYPE_PITCH == 1 && MAX_PLANES == 3, "EGL enums");
	STATIC_ASSERT(cudaEglColorFormatARGB == 6 && cudaEglFrameTypePitch == 1 && CUDA_EGL_MAX_PLANES == 3,
		      "EGL enums");
	memset(&frame, 0, sizeof(frame));
	TAP_CU(cuGraphicsEGLRegisterImage(&res, (EGLImageKHR)&dummy, 0), CUDA_ERROR_NOT_SUPPORTED);
	TAP_CU(cuGraphicsEGLRegisterImage(NULL, (EGLImageKHR)&dummy, 0), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuEGLStreamConsumerConnect(&conn, (EGLStreamKHR)&dummy), CUDA_ERROR_NOT_SUPPORTED);
	TAP_CU(cuEGLStreamProducerConnect(&conn, (EGLStreamKHR)&dummy, 640, 480), CUDA_ERROR_NOT_SUPPORTED);
	TAP_CU(cuEGLStreamProducerConnect(&conn, (EGLStreamKHR)&dummy, 0, 480), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuEventCreateFromEGLSync(&ev, (EGLSyncKHR)&dummy, 0), CUDA_ERROR_NOT_SUPPORTED);
	tap_ok(!res && !conn && !ev, "refused EGL calls leave the handles alone");
	TAP_CU(cuEGLStreamConsumerDisconnect(&bogus), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuEGLStreamProducerPresentFrame(&bogus, frame, NULL), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuEGLStreamConsumerDisconnect(NULL), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuGraphicsResourceGetMappedEglFrame(&frame, (CUgraphicsResource)(uintptr_t)0x40, 0, 0),
	       CUDA_ERROR_INVALID_HANDLE);
	tap_ok(cudaGraphicsEGLRegisterImage(&rres, (EGLImageKHR)&dummy, 0) == cudaErrorNotSupported && !rres,
	       "cudaGraphicsEGLRegisterImage: cudaErrorNotSupported, no resource");
	tap_ok(cudaEGLStreamConsumerConnect(&rconn, (EGLStreamKHR)&dummy) == cudaErrorNotSupported && !rconn,
	       "cudaEGLStreamConsumerConnect: cudaErrorNotSupported, no connection");
	tap_ok(cudaEventCreateFromEGLSync(&rev, (EGLSyncKHR)&dummy, 0) == cudaErrorNotSupported && !rev,
	       "cudaEventCreateFromEGLSync: cudaErrorNotSupported, no event");
	tap_ok(cudaEGLStreamConsumerDisconnect(&bogus) == cudaErrorInvalidResourceHandle,
	       "cudaEGLStreamConsumerDisconnect of a connection never made: cudaErrorInvalidResourceHandle");
	(void)cudaGetLastError();
}

/*
 * The runtime's calls under more driver names (driver_more.c, driver_ctx.c,
 * driver_rt_forms.c): results where the runtime has them, and every error
 * path with CUDA's code.  The launch of a program's kernel through a
 * CUfunction is tests/cc/whole/progs/driver_api_kernels.cu (a kernel needs
 * idxgen-cc).
 */
static void test_driver_more(void)
{
	CUdeviceptr p = 0, base = 0, img = 0;
	size_t size = 0, pitch = 0;
	unsigned int flags = 7, type = 0;
	int active = 0, dev = -1, stack_int = 0;
	unsigned long long id = 0, id2 = 0;
	char bus[32], buf[64];
	CUuuid uuid;
	struct cudaDeviceProp prop;
	CUcontext ctx = NULL, ptr_ctx = NULL;
	CUstream s = NULL;
	CUstreamCaptureStatus st = CU_STREAM_CAPTURE_STATUS_ACTIVE;
	CUstreamCaptureMode mode = CU_STREAM_CAPTURE_MODE_RELAXED;
	const char *name = NULL;
	bool ok = true;

	TAP_CU(cuInit(0), CUDA_SUCCESS);
	TAP_CU(cuDevicePrimaryCtxGetState(0, &flags, &active), CUDA_SUCCESS);
	tap_ok(active == 1, "cuDevicePrimaryCtxGetState: active");
	TAP_CU(cuDevicePrimaryCtxGetState(1, &flags, &active), CUDA_ERROR_INVALID_DEVICE);
	TAP_CU(cuDevicePrimaryCtxGetState(0, NULL, &active), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuDevicePrimaryCtxSetFlags(0, CU_CTX_SCHED_BLOCKING_SYNC), CUDA_SUCCESS);
	TAP_CU(cuDevicePrimaryCtxGetState(0, &flags, &active), CUDA_SUCCESS);
	tap_ok((flags & CU_CTX_SCHED_MASK) == CU_CTX_SCHED_BLOCKING_SYNC, "cuDevicePrimaryCtxSetFlags: read back");
	TAP_CU(cuDevicePrimaryCtxSetFlags(0, 0x10000), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuDeviceGetUuid(&uuid, 0), CUDA_SUCCESS);
	tap_ok(cudaGetDeviceProperties(&prop, 0) == cudaSuccess, "cudaGetDeviceProperties");
	tap_ok(!memcmp(uuid.bytes, prop.uuid.bytes, 16), "cuDeviceGetUuid: the runtime's uuid");
	TAP_CU(cuDeviceGetUuid(NULL, 0), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuDeviceGetPCIBusId(bus, sizeof(bus), 0), CUDA_SUCCESS);
	tap_ok(cudaDeviceGetPCIBusId(buf, sizeof(buf), 0) == cudaSuccess, "cudaDeviceGetPCIBusId");
	tap_ok(!strcmp(bus, buf), "cuDeviceGetPCIBusId: the runtime's id");
	TAP_CU(cuDeviceGetByPCIBusId(&dev, bus), CUDA_SUCCESS);
	tap_ok(dev == 0, "cuDeviceGetByPCIBusId: device 0");
	TAP_CU(cuDeviceGetPCIBusId(bus, sizeof(bus), 3), CUDA_ERROR_INVALID_DEVICE);

	TAP_CU(cuCtxCreate_v4(&ctx, NULL, 0, 0), CUDA_SUCCESS);
	TAP_CU(cuCtxGetDevice_v2(&dev, ctx), CUDA_SUCCESS);
	TAP_CU(cuCtxGetDevice_v2(&dev, (CUcontext)&stack_int), CUDA_ERROR_INVALID_CONTEXT);
	TAP_CU(cuCtxSynchronize_v2(NULL), CUDA_SUCCESS);
	TAP_CU(cuCtxSynchronize_v2(ctx), CUDA_SUCCESS);
	TAP_CU(cuCtxGetId(ctx, &id), CUDA_SUCCESS);
	TAP_CU(cuCtxGetId(NULL, &id2), CUDA_SUCCESS);
	tap_ok(id && id == id2, "cuCtxGetId: the current context's id is the created one's");
	TAP_CU(cuCtxGetId(ctx, NULL), CUDA_ERROR_INVALID_VALUE);

	TAP_CU(cuMemAllocPitch(&img, &pitch, 100, 5, 4), CUDA_SUCCESS);
	tap_ok(pitch >= 100, "cuMemAllocPitch: pitch at least the row");
	TAP_CU(cuMemAllocPitch(&p, &pitch, 100, 5, 3), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemsetD2D16(img, pitch, 0xbeef, 50, 5), CUDA_SUCCESS);
	TAP_CU(cuMemsetD2D8Async(img, pitch, 0x11, 3, 5, NULL), CUDA_SUCCESS);
	TAP_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	for (size_t y = 0; y < 5; y++)
		for (size_t x = 0; x < 100; x++) {
			unsigned char b = ((unsigned char *)(uintptr_t)img)[y * pitch + x];
			ok &= b == (x < 3 ? 0x11 : x % 2 ? 0xbe : 0xef);
		}
	tap_ok(ok, "cuMemsetD2D16 then cuMemsetD2D8Async: each row's named bytes");
	TAP_CU(cuMemsetD2D32(img, 8, 1, 4, 2), CUDA_ERROR_INVALID_VALUE);	/* pitch below a row */
	TAP_CU(cuMemsetD2D16(img + 1, pitch, 1, 4, 2), CUDA_ERROR_INVALID_VALUE);	/* misaligned */
	TAP_CU(cuMemGetAddressRange(&base, &size, img + pitch + 7), CUDA_SUCCESS);
	tap_ok(base == img && size >= pitch * 5, "cuMemGetAddressRange: the allocation");
	TAP_CU(cuMemGetAddressRange(&base, &size, (CUdeviceptr)(uintptr_t)&stack_int), CUDA_ERROR_NOT_FOUND);

	TAP_CU(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, img), CUDA_SUCCESS);
	tap_ok(type == CU_MEMORYTYPE_DEVICE, "CU_POINTER_ATTRIBUTE_MEMORY_TYPE: device");
	TAP_CU(cuPointerGetAttribute(&ptr_ctx, CU_POINTER_ATTRIBUTE_CONTEXT, img), CUDA_SUCCESS);
	tap_ok(ptr_ctx != NULL, "CU_POINTER_ATTRIBUTE_CONTEXT: a context");
	TAP_CU(cuPointerGetAttribute(&size, CU_POINTER_ATTRIBUTE_RANGE_SIZE, img + 1), CUDA_SUCCESS);
	tap_ok(size >= pitch * 5, "CU_POINTER_ATTRIBUTE_RANGE_SIZE");
	TAP_CU(cuPointerGetAttribute(buf, CU_POINTER_ATTRIBUTE_P2P_TOKENS, img), CUDA_ERROR_NOT_SUPPORTED);
	TAP_CU(cuPointerGetAttribute(NULL, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, img), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)(uintptr_t)&stack_int),
	       CUDA_ERROR_INVALID_VALUE);

	TAP_CU(cuMemAlloc(&p, 64), CUDA_SUCCESS);
	TAP_CU(cuMemcpyPeer(p, ctx, img, ctx, 64), CUDA_SUCCESS);
	tap_ok(!memcmp((void *)(uintptr_t)p, (void *)(uintptr_t)img, 64), "cuMemcpyPeer: a copy on one device");
	TAP_CU(cuMemcpyPeer(p, NULL, img, ctx, 64), CUDA_ERROR_INVALID_CONTEXT);

	TAP_CU(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
	TAP_CU(cuStreamGetId(s, &id), CUDA_SUCCESS);
	TAP_CU(cuStreamGetDevice(s, &dev), CUDA_SUCCESS);
	tap_ok(dev == 0, "cuStreamGetDevice: device 0");
	TAP_CU(cuStreamIsCapturing(s, &st), CUDA_SUCCESS);
	tap_ok(st == CU_STREAM_CAPTURE_STATUS_NONE, "cuStreamIsCapturing: not capturing");
	TAP_CU(cuStreamBeginCapture(s, (CUstreamCaptureMode)7), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuThreadExchangeStreamCaptureMode(&mode), CUDA_SUCCESS);
	TAP_CU(cuThreadExchangeStreamCaptureMode(&mode), CUDA_SUCCESS);
	tap_ok(mode == CU_STREAM_CAPTURE_MODE_RELAXED, "cuThreadExchangeStreamCaptureMode: exchanged back");
	TAP_CU(cuMemAllocAsync(&base, 256, s), CUDA_SUCCESS);
	TAP_CU(cuMemFreeAsync(base, s), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TAP_CU(cuStreamDestroy(s), CUDA_SUCCESS);

	TAP_CU(cuFuncGetName(&name, NULL), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuFuncGetName(&name, (CUfunction)&stack_int), CUDA_ERROR_INVALID_HANDLE);
	TAP_CU(cuFuncSetAttribute((CUfunction)&stack_int, CU_FUNC_ATTRIBUTE_NUM_REGS, 1), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuKernelGetAttribute(&active, CU_FUNC_ATTRIBUTE_NUM_REGS, NULL, 1), CUDA_ERROR_INVALID_DEVICE);
	TAP_CU(cuMemFree(p), CUDA_SUCCESS);
	TAP_CU(cuMemFree(img), CUDA_SUCCESS);
	TAP_CU(cuCtxDestroy(ctx), CUDA_SUCCESS);
	TAP_CU(cuDevicePrimaryCtxSetFlags(0, 0), CUDA_SUCCESS);
	(void)cudaGetLastError();
}

TAP_TEST(driver_more)
{
	test_driver_more();
}

TAP_TEST(egl)
{
	test_egl();
}

TAP_TEST(arrays)
{
	test_arrays();
}

TAP_TEST(nvrtc)
{
	test_nvrtc();
}

TAP_TEST(graphics)
{
	test_graphics();
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
