// SPDX-License-Identifier: MIT
/*
 * test_driver_mem.c - memory through the driver API (include/cuda/
 * idxgen_cuda_drv_mem.h, lib/cudart/driver_pool.c, driver_mem_more.c):
 * memory pools and stream-ordered allocation from them (contents written
 * and read back, the pool's accounting), unified-memory advice and range
 * attributes, pointer attributes in bulk (CUDA's answers for an address no
 * API allocated), batched, peer and array copies compared byte by byte
 * with what the test wrote, and CUDA's codes on the error paths.
 * C and C++; nvcc -arch=sm_90 -x cu -c compiles it against NVIDIA's cuda.h.
 */
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tap.h"

#define TAP_CU(call, want)                                                                         \
	do {                                                                                       \
		CUresult r_ = (call);                                                              \
		const char *n_ = "?";                                                              \
		cuGetErrorName(r_, &n_);                                                           \
		tap_ok(r_ == (want), "%s -> %s", #call, n_);                                       \
	} while (0)

/* CUDA 13 names the location forms without _v2 (our C: CUDA 12's device ordinal forms) */
#if CUDA_VERSION >= 13000 || defined(__cplusplus)
#define ADVISE_DEV(p, n, a, loc) cuMemAdvise(p, n, a, loc)
#define PREFETCH(p, n, loc, s) cuMemPrefetchAsync(p, n, loc, 0, s)
#else
#define ADVISE_DEV(p, n, a, loc) cuMemAdvise_v2(p, n, a, loc)
#define PREFETCH(p, n, loc, s) cuMemPrefetchAsync_v2(p, n, loc, 0, s)
#endif

static CUmemLocation device0(void)
{
	CUmemLocation l;

	l.type = CU_MEM_LOCATION_TYPE_DEVICE, l.id = 0;
	return l;
}

static int words_equal(const unsigned int *p, unsigned int v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != v)
			return 0;
	return 1;
}

TAP_TEST(pools)
{
	CUmemPoolProps props;
	CUmemoryPool pool = NULL, def = NULL, cur = NULL;
	CUstream s = NULL;
	CUdeviceptr d = 0;
	unsigned int host[256];
	cuuint64_t threshold = 1 << 20, got = 0, used = 0;
	CUmemAccess_flags flags = CU_MEM_ACCESS_FLAGS_PROT_NONE;
	CUmemLocation loc = device0();
	CUmemPoolPtrExportData data;
	int handle = -1;

	TAP_CU(cuInit(0), CUDA_SUCCESS);
	memset(&props, 0, sizeof(props));
	props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	props.location = device0();
	TAP_CU(cuMemPoolCreate(&pool, &props), CUDA_SUCCESS);
	TAP_CU(cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &threshold), CUDA_SUCCESS);
	TAP_CU(cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &got), CUDA_SUCCESS);
	tap_ok(got == threshold, "release threshold read back (%llu)", (unsigned long long)got);
	TAP_CU(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
	TAP_CU(cuMemAllocFromPoolAsync(&d, sizeof(host), pool, s), CUDA_SUCCESS);
	TAP_CU(cuMemsetD32Async(d, 0xdeadbeefu, 256, s), CUDA_SUCCESS);
	TAP_CU(cuMemcpyDtoHAsync(host, d, sizeof(host), s), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	tap_ok(words_equal(host, 0xdeadbeefu, 256), "pool memory written and read back in stream order");
	TAP_CU(cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &used), CUDA_SUCCESS);
	tap_ok(used >= sizeof(host), "the pool counts the allocation (%llu bytes in use)", (unsigned long long)used);
	TAP_CU(cuMemFreeAsync(d, s), CUDA_SUCCESS);
	TAP_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &used);
	tap_ok(used == 0, "freed: none in use (%llu)", (unsigned long long)used);
	TAP_CU(cuMemPoolTrimTo(pool, 0), CUDA_SUCCESS);
	TAP_CU(cuMemPoolGetAccess(&flags, pool, &loc), CUDA_SUCCESS);
	tap_ok(flags == CU_MEM_ACCESS_FLAGS_PROT_READWRITE, "the owning device reads and writes the pool");

	TAP_CU(cuDeviceGetDefaultMemPool(&def, 0), CUDA_SUCCESS);
	TAP_CU(cuDeviceGetMemPool(&cur, 0), CUDA_SUCCESS);
	tap_ok(def && cur == def, "the device's current pool is its default one");
	TAP_CU(cuDeviceSetMemPool(0, pool), CUDA_SUCCESS);
	cuDeviceGetMemPool(&cur, 0);
	tap_ok(cur == pool, "the created pool made current");
	TAP_CU(cuMemAllocAsync(&d, 64, s), CUDA_SUCCESS);
	cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &used);
	tap_ok(used >= 64, "cuMemAllocAsync allocates from the current pool");
	cuMemFreeAsync(d, s);
	cuStreamSynchronize(s);
	TAP_CU(cuDeviceSetMemPool(0, def), CUDA_SUCCESS);
	cur = NULL;
	TAP_CU(cuMemGetMemPool(&cur, &loc, CU_MEM_ALLOCATION_TYPE_PINNED), CUDA_SUCCESS);
	tap_ok(cur == def, "the device location's pool is the device's");

	TAP_CU(cuMemPoolExportToShareableHandle(&handle, pool, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0),
	       CUDA_ERROR_NOT_SUPPORTED);
	cuMemAllocFromPoolAsync(&d, 64, pool, s);
	TAP_CU(cuMemPoolExportPointer(&data, d), CUDA_ERROR_NOT_SUPPORTED);
	cuMemFreeAsync(d, s);
	cuStreamSynchronize(s);
	TAP_CU(cuMemAllocFromPoolAsync(NULL, 64, pool, s), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemPoolCreate(&pool, NULL), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuMemPoolDestroy(pool), CUDA_SUCCESS);
	TAP_CU(cuDeviceGetDefaultMemPool(&def, 1), CUDA_ERROR_INVALID_DEVICE);

	TAP_CU(cuDeviceGetGraphMemAttribute(0, CU_GRAPH_MEM_ATTR_USED_MEM_CURRENT, &used), CUDA_SUCCESS);
	TAP_CU(cuDeviceGraphMemTrim(0), CUDA_SUCCESS);
	cuStreamDestroy(s);
}

TAP_TEST(unified_and_pointers)
{
	CUdeviceptr m = 0, d = 0, start = 0, dp = 0;
	int read_mostly = 0, preferred = -5, ordinal = 7, local = 0;
	unsigned int type = 99, sync = 1;
	size_t size = 0;
	CUpointer_attribute attrs[4] = { CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_DEVICE_POINTER,
					 CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, CU_POINTER_ATTRIBUTE_RANGE_SIZE };
	void *data[4] = { &type, &dp, &start, &size };
	CUpointer_attribute ord = CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL;
	void *ord_data[1] = { &ordinal };

	TAP_CU(cuMemAllocManaged(&m, 4096, CU_MEM_ATTACH_GLOBAL), CUDA_SUCCESS);
	/* a range never advised: CUDA's answers (advice read back: advice_read_back) */
	TAP_CU(cuMemRangeGetAttribute(&read_mostly, sizeof(read_mostly), CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, 4096),
	       CUDA_SUCCESS);
	tap_ok(read_mostly == 0, "never advised: not read-mostly (%d)", read_mostly);
	TAP_CU(cuMemRangeGetAttribute(&preferred, sizeof(preferred), CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, m,
				      4096),
	       CUDA_SUCCESS);
	tap_ok(preferred == CU_DEVICE_INVALID, "never advised: no preferred location (%d)", preferred);
	TAP_CU(cuMemRangeGetAttribute(&preferred, 2, CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, m, 4096),
	       CUDA_ERROR_INVALID_VALUE);
	TAP_CU(ADVISE_DEV(m, 4096, CU_MEM_ADVISE_SET_READ_MOSTLY, device0()), CUDA_SUCCESS);
	TAP_CU(ADVISE_DEV(m, 4096, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, device0()), CUDA_SUCCESS);
	TAP_CU(ADVISE_DEV(m, 4096, CU_MEM_ADVISE_SET_ACCESSED_BY, device0()), CUDA_SUCCESS);
	TAP_CU(PREFETCH(m, 4096, device0(), NULL), CUDA_SUCCESS);
	TAP_CU(cuCtxSynchronize(), CUDA_SUCCESS);

	TAP_CU(cuMemAlloc(&d, 1000), CUDA_SUCCESS);
	TAP_CU(cuPointerGetAttributes(4, attrs, data, d + 10), CUDA_SUCCESS);
	tap_ok(type == CU_MEMORYTYPE_DEVICE && dp == d + 10 && start == d && size == 1000,
	       "device memory: type, address, range start and size (%zu)", size);
	TAP_CU(cuPointerGetAttributes(1, &ord, ord_data, (CUdeviceptr)(uintptr_t)&local), CUDA_SUCCESS);
	tap_ok(ordinal == -2, "an address no API allocated: CUDA's \"no device\" (%d)", ordinal);
	TAP_CU(cuPointerGetAttribute(&ordinal, ord, (CUdeviceptr)(uintptr_t)&local), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuPointerSetAttribute(&sync, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, d), CUDA_SUCCESS);
	TAP_CU(cuPointerSetAttribute(&sync, CU_POINTER_ATTRIBUTE_IS_MANAGED, d), CUDA_ERROR_INVALID_VALUE);
	TAP_CU(cuPointerGetAttributes(4, attrs, NULL, d), CUDA_ERROR_INVALID_VALUE);
	cuMemFree(d);
	cuMemFree(m);
}

static CUmemLocation host_location(void)
{
	CUmemLocation l;

	l.type = CU_MEM_LOCATION_TYPE_HOST, l.id = 0;
	return l;
}

static int range_attr(CUdeviceptr p, size_t n, CUmem_range_attribute attr)
{
	int v = 99;

	if (cuMemRangeGetAttribute(&v, sizeof(v), attr, p, n) != CUDA_SUCCESS)
		return 98;
	return v;
}

/*
 * Advice and prefetches read back (mem_advice.c): per page, a range's
 * attribute the pages' common value.  Before, cudaMemAdvise's advice was
 * accepted and forgotten: every read said "never advised" (read-mostly 0,
 * no preferred location, nobody in the accessed-by list), failing 10 of these.
 */
TAP_TEST(advice_read_back)
{
	enum { PAGE = 4096 };
	CUdeviceptr m = 0;
	int by[4] = { 7, 7, 7, 7 }, rm = 0, pref = 0;
	void *data[2] = { &rm, &pref };
	size_t sizes[2] = { sizeof(rm), sizeof(pref) };
	CUmem_range_attribute attrs[2] = { CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY,
					   CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION };

	TAP_CU(cuMemAllocManaged(&m, 3 * PAGE, CU_MEM_ATTACH_GLOBAL), CUDA_SUCCESS);
	TAP_CU(ADVISE_DEV(m, 2 * PAGE, CU_MEM_ADVISE_SET_READ_MOSTLY, device0()), CUDA_SUCCESS);
	tap_ok(range_attr(m, 2 * PAGE, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY) == 1, "read-mostly: the advised pages");
	tap_ok(range_attr(m + PAGE + 10, 100, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY) == 1,
	       "read-mostly: a part of an advised page");
	tap_ok(range_attr(m, 3 * PAGE, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY) == 0,
	       "read-mostly: not every page of the whole");
	TAP_CU(ADVISE_DEV(m + PAGE, 1, CU_MEM_ADVISE_UNSET_READ_MOSTLY, device0()), CUDA_SUCCESS);
	tap_ok(range_attr(m, PAGE, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY) == 1 &&
		       range_attr(m, 2 * PAGE, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY) == 0,
	       "read-mostly unset on the page a byte of it touches");

	TAP_CU(ADVISE_DEV(m, 3 * PAGE, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, host_location()), CUDA_SUCCESS);
	tap_ok(range_attr(m, 3 * PAGE, CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION) == CU_DEVICE_CPU,
	       "preferred location: the CPU");
	tap_ok(range_attr(m, 3 * PAGE, CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE) == CU_MEM_LOCATION_TYPE_HOST,
	       "preferred location type: host");
	TAP_CU(ADVISE_DEV(m + 2 * PAGE, PAGE, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, device0()), CUDA_SUCCESS);
	tap_ok(range_attr(m + 2 * PAGE, PAGE, CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION) == 0 &&
		       range_attr(m + 2 * PAGE, PAGE, CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE) ==
			       CU_MEM_LOCATION_TYPE_DEVICE,
	       "preferred location: device 0 on the last page");
	tap_ok(range_attr(m, 3 * PAGE, CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION) == CU_DEVICE_INVALID &&
		       range_attr(m, 3 * PAGE, CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE) ==
			       CU_MEM_LOCATION_TYPE_INVALID,
	       "preferred location: pages that differ read as none");

	TAP_CU(ADVISE_DEV(m, 3 * PAGE, CU_MEM_ADVISE_SET_ACCESSED_BY, device0()), CUDA_SUCCESS);
	TAP_CU(ADVISE_DEV(m, 3 * PAGE, CU_MEM_ADVISE_SET_ACCESSED_BY, host_location()), CUDA_SUCCESS);
	TAP_CU(cuMemRangeGetAttribute(by, sizeof(by), CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, m, 3 * PAGE), CUDA_SUCCESS);
	tap_ok(by[0] == 0 && by[1] == CU_DEVICE_CPU && by[2] == CU_DEVICE_INVALID && by[3] == CU_DEVICE_INVALID,
	       "accessed by: device 0, the CPU, then none (%d %d %d %d)", by[0], by[1], by[2], by[3]);
	TAP_CU(ADVISE_DEV(m + PAGE, PAGE, CU_MEM_ADVISE_UNSET_ACCESSED_BY, device0()), CUDA_SUCCESS);
	TAP_CU(cuMemRangeGetAttribute(by, sizeof(by), CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, m, 3 * PAGE), CUDA_SUCCESS);
	tap_ok(by[0] == CU_DEVICE_CPU && by[1] == CU_DEVICE_INVALID,
	       "accessed by: device 0 gone from one page, so from the range (%d %d)", by[0], by[1]);

	tap_ok(range_attr(m, 3 * PAGE, CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION) == CU_DEVICE_INVALID,
	       "never prefetched: no location");
	TAP_CU(PREFETCH(m, 3 * PAGE, device0(), NULL), CUDA_SUCCESS);
	TAP_CU(PREFETCH(m, PAGE, host_location(), NULL), CUDA_SUCCESS);
	TAP_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	tap_ok(range_attr(m, PAGE, CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION) == CU_DEVICE_CPU &&
		       range_attr(m + PAGE, 2 * PAGE, CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION) == 0 &&
		       range_attr(m, 3 * PAGE, CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION) == CU_DEVICE_INVALID,
	       "last prefetch location per page: the CPU, device 0, mixed");
	TAP_CU(cuMemRangeGetAttributes(data, sizes, attrs, 2, m, PAGE), CUDA_SUCCESS);
	tap_ok(rm == 1 && pref == CU_DEVICE_CPU, "cuMemRangeGetAttributes: both at once (%d %d)", rm, pref);
	TAP_CU(cuMemFree(m), CUDA_SUCCESS);
}

TAP_TEST(copies)
{
	enum { W = 24, H = 5 };
	CUdeviceptr src = 0, dst = 0, pd = 0;
	unsigned char a[3][64], b[3][64], host[H][W], back[H][W];
	CUdeviceptr dsts[3], srcs[3];
	size_t sizes[3] = { 64, 32, 1 }, idx = 0, pitch = 0;
	CUmemcpyAttributes at;
	CUstream s = NULL;
	CUcontext ctx = NULL;
	CUDA_MEMCPY3D_PEER p;
	CUarray arr = NULL;
	CUDA_ARRAY_DESCRIPTOR ad;
	float f[16], g[16];
	int bad = 0;

	cuStreamCreate(&s, CU_STREAM_NON_BLOCKING);
	cuMemAlloc(&src, 3 * 64);
	cuMemAlloc(&dst, 3 * 64);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 64; j++)
			a[i][j] = (unsigned char)(i * 64 + j * 7 + 1);
	cuMemcpyHtoD(src, a, sizeof(a));
	cuMemsetD8(dst, 0, sizeof(b));
	for (int i = 0; i < 3; i++)
		srcs[i] = src + i * 64, dsts[i] = dst + i * 64;
	memset(&at, 0, sizeof(at));
	at.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
	TAP_CU(cuMemcpyBatchAsync(dsts, srcs, sizes, 3, &at, &idx, 1, s), CUDA_SUCCESS);
	cuStreamSynchronize(s);
	cuMemcpyDtoH(b, dst, sizeof(b));
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 64; j++)
			bad += b[i][j] != ((size_t)j < sizes[i] ? a[i][j] : 0);
	tap_ok(bad == 0, "batched copies: each its size, nothing beyond (%d wrong bytes)", bad);
	at.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_INVALID;
	TAP_CU(cuMemcpyBatchAsync(dsts, srcs, sizes, 3, &at, &idx, 1, s), CUDA_ERROR_INVALID_VALUE);

	/* a 2-D peer copy from host rows into pitched memory and back */
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			host[y][x] = (unsigned char)(y * 31 + x);
	TAP_CU(cuMemAllocPitch(&pd, &pitch, W, H, 4), CUDA_SUCCESS);
	cuCtxGetCurrent(&ctx);
	if (!ctx)
		cuDevicePrimaryCtxRetain(&ctx, 0);
	memset(&p, 0, sizeof(p));
	p.srcMemoryType = CU_MEMORYTYPE_HOST, p.srcHost = host, p.srcPitch = W, p.srcContext = ctx;
	p.dstMemoryType = CU_MEMORYTYPE_DEVICE, p.dstDevice = pd, p.dstPitch = pitch, p.dstContext = ctx;
	p.WidthInBytes = W, p.Height = H, p.Depth = 1;
	TAP_CU(cuMemcpy3DPeer(&p), CUDA_SUCCESS);
	memset(&p, 0, sizeof(p));
	p.srcMemoryType = CU_MEMORYTYPE_DEVICE, p.srcDevice = pd, p.srcPitch = pitch, p.srcContext = ctx;
	p.dstMemoryType = CU_MEMORYTYPE_HOST, p.dstHost = back, p.dstPitch = W, p.dstContext = ctx;
	p.WidthInBytes = W, p.Height = H, p.Depth = 1;
	memset(back, 0, sizeof(back));
	TAP_CU(cuMemcpy3DPeerAsync(&p, s), CUDA_SUCCESS);
	cuStreamSynchronize(s);
	tap_ok(!memcmp(host, back, sizeof(host)), "2-D peer copies there and back (pitch %zu)", pitch);
	p.srcLOD = 1;
	TAP_CU(cuMemcpy3DPeer(&p), CUDA_ERROR_INVALID_VALUE);

	/* asynchronous 1-D array copies */
	memset(&ad, 0, sizeof(ad));
	ad.Width = 16, ad.Height = 0, ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 1;
	TAP_CU(cuArrayCreate(&arr, &ad), CUDA_SUCCESS);
	for (int i = 0; i < 16; i++)
		f[i] = (float)i * 0.25f - 1.0f, g[i] = 0;
	TAP_CU(cuMemcpyHtoAAsync(arr, 0, f, sizeof(f), s), CUDA_SUCCESS);
	TAP_CU(cuMemcpyAtoHAsync(g + 4, arr, 4 * sizeof(float), 8 * sizeof(float), s), CUDA_SUCCESS);
	cuStreamSynchronize(s);
	bad = 0;
	for (int i = 0; i < 16; i++)
		bad += g[i] != (i >= 4 && i < 12 ? f[i] : 0.0f);
	tap_ok(bad == 0, "array round trip at a byte offset (%d wrong)", bad);
	{
		CUarray plane = NULL;
		CUDA_ARRAY_SPARSE_PROPERTIES sp;

		TAP_CU(cuArrayGetPlane(&plane, arr, 0), CUDA_ERROR_INVALID_VALUE);
		TAP_CU(cuArrayGetSparseProperties(&sp, arr), CUDA_ERROR_INVALID_VALUE);
	}
	{
		CUarrayMapInfo mi;

		memset(&mi, 0, sizeof(mi));
		mi.resourceType = CU_RESOURCE_TYPE_ARRAY, mi.resource.array = arr;
		mi.memOperationType = CU_MEM_OPERATION_TYPE_MAP, mi.memHandleType = CU_MEM_HANDLE_TYPE_GENERIC;
		TAP_CU(cuMemMapArrayAsync(&mi, 1, s), CUDA_ERROR_INVALID_VALUE);	/* not a sparse array */
		TAP_CU(cuMemMapArrayAsync(NULL, 1, s), CUDA_ERROR_INVALID_VALUE);
	}
	cuArrayDestroy(arr);
	cuMemFree(pd);
	cuMemFree(src);
	cuMemFree(dst);
	cuStreamDestroy(s);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
